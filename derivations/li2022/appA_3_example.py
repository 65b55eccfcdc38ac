"""Appendix A.3: a low-dimensional example (JMLR numbering).

Proposition 71 (m = m* = 2), the steps of its proof and (236)-(238).

Claims, in paper order: prop71, prop71_item2_open, prop71_a, prop71_congruence, eq236, eq237, eq238,
prop71_case_ii_chain, prop71_case_ii_chain_16.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import a, a_s, at, j, m_s, mp_ctx, params, w, w_pos, w_s
from .appA_1_degeneracy import _certified_global_min


# Setting of Appendix A.3: m = m* = 2, target rho = a*_1 e^{-w*_1 t} + a*_2 e^{-w*_2 t}, 0 < w*_1 < w*_2.
ahat, what, a1 = sp.Symbol(r"\hat{a}", real=True, nonzero=True), sp.Symbol(r"\hat{w}", positive=True), sp.Symbol("a_1", real=True)
A1s, A2s = sp.Symbol("a^*_1", real=True, nonzero=True), sp.Symbol("a^*_2", real=True, nonzero=True)
W1s, W2s = sp.Symbol("w^*_1", positive=True), sp.Symbol("w^*_2", positive=True)
c_w = sp.Symbol(r"c(\hat{w})", real=True)
x_ = sp.Symbol("x", positive=True)
v1, v2 = sp.symbols("v_1 v_2", positive=True)             # v_j := w*_j / what
cc, u1, u2, s_ = sp.symbols("c u_1 u_2 s", positive=True)  # case (ii): c := a*_2/a*_1, u_j := 1 + v_j, s := u_2/u_1


prop71 = paper.claim(
    "prop71",
    kind="proposition",
    label='Proposition 71',
    where='App. A.3 A Low-Dimensional Example',
    statement=r"""By Lemma 55, Remark 56 and Theorem 57, we know the 1-coincided critical affine space of $J_2$
exists, and it can be constructed by taking the non-degenerate global minimizer of $J_1$, say $(\hat{a}, \hat{w})$
with $\hat{a} \neq 0$ and $\hat{w} > 0$. Then $\mathcal{M}_{(\hat{a},\hat{w}),(2,1)} := \{(a_1, \hat{a} - a_1,
\hat{w}, \hat{w}) : a_1 \in \mathbb{R}\} \in \mathbb{R}^4$ is a line,${}^{28}$ and $\nabla J_2(a_1, \hat{a} - a_1,
\hat{w}, \hat{w}) = 0$ for any $a_1 \in \mathbb{R}$. Denote the Hessian of $J_2$ on the line
$\mathcal{M}_{(\hat{a},\hat{w}),(2,1)}$ by $\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$, i.e.
$\mathcal{A}_{(\hat{a},\hat{w})}(a_1) := \nabla^2 J_2(a_1, \hat{a} - a_1, \hat{w}, \hat{w})$. We investigate the
landscape of $J_2$ on the line $\mathcal{M}_{(\hat{a},\hat{w}),(2,1)}$ by analyzing the eigenvalue distribution of
$\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$.

Proposition 71 Suppose $m = m^* = 2$, and $0 < w_1^* < w_2^*$. Let $I_1 := [0, \hat{a}]$ and $I_2 := (-\infty, 0)
\cup (\hat{a}, +\infty)$.${}^{29}$ Then
1. If $a_1^*a_2^* < 0$, the minimal eigenvalue of $\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ is 0 for any $a_1 \in I_1$,
and negative for any $a_1 \in I_2$;
2. If $a_1^*a_2^* > 0$ and $w_2^*/w_1^* < 2 + \sqrt{3}$, the minimal eigenvalue of
$\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ is negative for any $a_1 \in I_1$, and 0 for any $a_1 \in I_2$.

Footnote 28. Here we omit the corresponding partition $\mathcal{P}$ since it is unique.

Footnote 29. Suppose $\hat{a} > 0$ here without loss of generality. If $\hat{a} < 0$, we let $I_1 := [\hat{a}, 0]$
and $I_2 := (-\infty, \hat{a}) \cup (0, +\infty)$ and the same results hold.""",
    assumptions=[
        r"""$\min_{(a,w)\in\mathbb{R}^2\times\mathbb{R}^2_+} J_2(a,w) = \left\|\sum_{i=1}^2 a_i e^{-w_i t} -
\rho(t)\right\|_{L^2[0,\infty)}^2$ with $\rho(t) = \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t}$, $a_j^* \neq 0$, $w_i^* \neq
w_j^*$ for any $i \neq j$""",
        r"""$(\hat a, \hat w)$ the non-degenerate global minimizer of $J_1$, $\hat a \neq 0$, $\hat w > 0$""",
        r"""$m = m^* = 2$, $0 < w_1^* < w_2^*$""",
        r"""$\hat a > 0$ w.l.o.g. (footnote 29)""",
        r"""item 1: $a_1^*a_2^* < 0$""",
        r"""item 2: $a_1^*a_2^* > 0$ and $w_2^*/w_1^* < 2 + \sqrt{3}$""",
    ],
    uses=['lemma55', 'rem56', 'thm57', 'prop71_a', 'prop71_congruence', 'eq236', 'eq237', 'eq238', 'prop71_case_ii_chain'],
    notes=r"""Item 2 appears false at the endpoints of the closed interval I_1 = [0,\hat a]: at a_1 = 0 (so a_2 =
\hat a) the reduced matrix is \mathcal A' = diag(0, (\hat a^2 + 16\hat w^3\hat a c(\hat w))/(4\hat w^3)), which is
positive semidefinite because the proof shows \hat a^2+16\hat w^3\hat a c(\hat w) > 0; similarly at a_1 = \hat a. So
\mathcal A has minimal eigenvalue 0 there, not a negative one. Item 2 would hold with I_1 open and I_2 closed; item
1 is consistent at the endpoints. '\mathcal{M}_{(\hat a,\hat w),(2,1)} := \{...\} \in \mathbb{R}^4' should be
'\subset'. '\mathcal A_{(\hat a,\hat w)}(a_1) := \nabla^2 J_2(...)' is the 4x4 Hessian (a_1,a_2,w_1,w_2 ordering).
The setting says (\hat a,\hat w) is 'the' minimiser of J_1 although uniqueness is not shown. Repair: 'J_2', 'J_1',
'(\hat a,\hat w)' outside math mode; list markers '- 1.' / '- 2.' rendered as '1.' / '2.'.""",
    variables={"astar": sr.real(nonzero=True, text="a*_1, a*_2 != 0").family(),
               "wstar": sr.positive(text="0 < w*_1 < w*_2").family(),
               "a1": sr.real(text="a_1 on the line M_{(ahat, what),(2,1)} (a witness may give the endpoint 'ahat')")},
    conclusions=[("line", "the 1-coincided critical affine space of J_2 is the line M_{(ahat, what),(2,1)} and grad J_2 = 0 "
                          "on it", "identity"),
                 ("item1", "if a*_1 a*_2 < 0: lambda_min(A(a_1)) = 0 on I_1 = [0, ahat] and < 0 on I_2", "property"),
                 ("item2", "if a*_1 a*_2 > 0 and w*_2/w*_1 < 2 + sqrt 3: lambda_min(A(a_1)) < 0 on I_1 and = 0 on I_2",
                  "property")],
)


def _J2_hessian_on_line(astar, wstar):
    """Hessian of J_2 (closed form, exponential-sum target) at (a_1, ahat - a_1, what, what)."""
    J = sr.symbolic.expsum_loss(params(2)[:2], params(2)[2:], astar, wstar)
    H = sp.hessian(J, params(2))
    return H.xreplace({a[1]: a1, a[2]: ahat - a1, w[1]: what, w[2]: what})


def _critical_targets():
    """Solve the two optimality conditions (237) of J_1 at (ahat, what) for (a*_1, a*_2): m* = 2."""
    eqs = [sp.Eq(2 * what * (A1s / (what + W1s) + A2s / (what + W2s)), ahat),
           sp.Eq(4 * what ** 2 * (A1s / (what + W1s) ** 2 + A2s / (what + W2s) ** 2), ahat)]
    sol = sp.solve(eqs, [A1s, A2s], dict=True)[0]
    return sol


def _J1_minimiser(astar, wstar):
    """Global minimiser (ahat, what) of J_1 for an exponential-sum target: what is a real algebraic
    number (a root of the numerator of h'(w), h(w) = ||rho||^2 - 2 w L[rho](w)^2, Lemma 55)."""
    L = sum(p / (x_ + q) for p, q in zip(astar, wstar))
    h = sr.symbolic.expsum_loss(astar, wstar, astar, wstar) - 2 * x_ * L ** 2
    crit = sp.Poly(sp.numer(sp.together(sp.diff(h, x_))), x_)
    roots = [rt for rt in crit.real_roots() if rt.is_positive]
    best = min(roots, key=lambda rt: sp.N(h.subs(x_, rt), 80))
    return 2 * x_ * L, best, h


def _hessian_in_x(astar, wstar, a1_value):
    """Hessian of J_2 on the critical line as rational functions of x = what (ahat = 2 x L(x))."""
    ahat_x = 2 * x_ * sum(p / (x_ + q) for p, q in zip(astar, wstar))
    J = sr.symbolic.expsum_loss(params(2)[:2], params(2)[2:], astar, wstar)
    a1v = ahat_x if a1_value == "ahat" else sp.Rational(a1_value)
    H = sp.hessian(J, params(2)).xreplace({a[1]: a1v, a[2]: ahat_x - a1v, w[1]: x_, w[2]: x_})
    return H.applyfunc(sp.cancel), ahat_x


def _zero_at_root(expr, root):
    """Exactly zero at the algebraic number `root`: the numerator vanishes modulo the minimal polynomial."""
    num = sp.numer(sp.together(expr))
    if num == 0:
        return True
    mp_ = sp.minimal_polynomial(root, x_)
    return sp.rem(sp.Poly(num, x_), sp.Poly(mp_, x_)).is_zero


def _prop71_replay(params_, dps):
    """Certified evaluation at an endpoint of I_1: is lambda_min(A(a_1)) exactly 0 (not negative)?

    Exact part: the two null vectors (e_{w_1} or e_{w_2}, and e_{a_1} - e_{a_2}) annihilate A at the
    algebraic point. Certified part: the compression of A to their orthogonal complement has
    Arb-enclosed positive trace and determinant. Together: A >= 0 with lambda_min = 0.
    """
    if params_.get("a1") not in ("0", "ahat"):
        raise sr.InvalidArgument("this witness evaluator certifies the endpoints of I_1: pass a1=0 or a1=ahat")
    astar = [sp.Rational(params_["astar1"]), sp.Rational(params_["astar2"])]
    wstar = [sp.Rational(params_["wstar1"]), sp.Rational(params_["wstar2"])]
    H, ahat_x = _hessian_in_x(astar, wstar, params_["a1"])
    _, root, _ = _J1_minimiser(astar, wstar)
    e = sp.eye(4)
    null_w = e[:, 2] if params_["a1"] == "0" else e[:, 3]
    other = e[:, 3] if params_["a1"] == "0" else e[:, 2]
    kernel = [null_w, e[:, 0] - e[:, 1]]
    exact_kernel = all(_zero_at_root(entry, root) for v in kernel for entry in (H * v))
    Q = sp.Matrix.hstack(e[:, 0] + e[:, 1], other)
    B = (Q.T * H * Q).applyfunc(sp.cancel)
    tr = sr.numeric.enclose_at_root(B.trace(), x_, root, digits=dps)
    det = sr.numeric.enclose_at_root(B.det(), x_, root, digits=dps)
    mctx = mp_ctx(dps)
    Hn = [[mctx.mpf(str(sp.N(H[p, q].subs(x_, root), dps + 10))) for q in range(4)] for p in range(4)]
    eig = sr.numeric.eigvalsh(Hn, dps=dps)
    return {"violated": bool(exact_kernel and tr.positive and det.positive),
            "values": {"what": sp.N(root, 30), "ahat": sp.N(ahat_x.subs(x_, root), 30),
                       "kernel of A exact": exact_kernel, "trace of compression": str(tr),
                       "det of compression": str(det),
                       "eigenvalues (mpmath)": ", ".join(mpmath_str(v) for v in eig)}}


def mpmath_str(v):
    return sr.numeric.context(20).nstr(v, 12)


def _prop71_recheck(params_, dps):
    """mpmath: the J_1 minimiser by findroot from the profile h, the Hessian of J_2 on the critical line evaluated in
    floating point at dps digits from the closed form, eigenvalues by eigsy: lambda_min is zero (|lambda| < 10^{-dps/2})
    and no eigenvalue is negative beyond that."""
    mctx = mp_ctx(dps)
    astar = [sp.Rational(params_["astar1"]), sp.Rational(params_["astar2"])]
    wstar = [sp.Rational(params_["wstar1"]), sp.Rational(params_["wstar2"])]
    H, ahat_x = _hessian_in_x(astar, wstar, params_["a1"])
    _, root, h = _J1_minimiser(astar, wstar)
    xr = mctx.findroot(sp.lambdify(x_, sp.diff(h, x_), modules=mctx), mctx.mpf(str(sp.N(root, 20))))
    entries = [sp.lambdify(x_, H[p, q], modules=mctx)(xr) for p in range(4) for q in range(4)]
    M = mctx.matrix([[mctx.mpf(entries[4 * p + q]) for q in range(4)] for p in range(4)])
    ev = sorted(mctx.eigsy(M, eigvals_only=True))
    tol = mctx.mpf(10) ** (-(dps // 2))
    return {"violated": bool(abs(ev[0]) < tol and all(e > -tol for e in ev)),
            "values": {"eigenvalues (eigsy)": ", ".join(mctx.nstr(e, 8) for e in ev)}}


def _prop71_params(p):
    return ([sp.Rational(p["astar1"]), sp.Rational(p["astar2"])], [sp.Rational(p["wstar1"]), sp.Rational(p["wstar2"])])




def _classify(mctx, Hnum):
    eig = sr.numeric.eigvalsh(Hnum, dps=mctx.dps)
    lam = eig[0]
    tol = mctx.mpf(10) ** (-(mctx.dps * 3 // 5))
    return ("zero" if abs(lam) < tol else "negative" if lam < 0 else "positive"), lam


def _grid(ahat_v):
    lo, hi = min(0, ahat_v), max(0, ahat_v)
    L = hi - lo
    inside = [("endpoint", lo), ("interior", lo + L / 1000), ("interior", lo + L / 4), ("interior", lo + L / 2),
              ("interior", hi - L / 1000), ("endpoint", hi)]
    outside = [("outside", lo - 2 * L), ("outside", lo - L / 10), ("outside", lo - L / 1000),
               ("outside", hi + L / 1000), ("outside", hi + L / 10), ("outside", hi + 2 * L)]
    return inside, outside


def _prop71_cases(rng, quick):
    """(case, a*, w*) samples: case 1 opposite signs; case 2 same signs with ratio < 2 + sqrt 3."""
    # the simplest targets first, so that a witness found there is the one reported
    out = [(1, [Fraction(1), Fraction(-1)], [Fraction(1), Fraction(2)]),
           (2, [Fraction(1), Fraction(1)], [Fraction(1), Fraction(2)])]
    ratios2 = [Fraction(101, 100), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(37, 10)]
    ratios1 = [Fraction(101, 100), Fraction(2), Fraction(5), Fraction(10)]
    for q in range(3 if quick else 6):
        w1 = Fraction(rng.randint(4, 40), 8)
        s1, s2 = Fraction(rng.randint(1, 24), 8), Fraction(rng.randint(1, 24), 8)
        sign = rng.choice([1, -1])
        out.append((1, [sign * s1, -sign * s2], [w1, w1 * ratios1[q % len(ratios1)]]))
        out.append((2, [sign * s1, sign * s2], [w1, w1 * ratios2[q % len(ratios2)]]))
    return out


@functools.lru_cache(maxsize=None)
def _J2_hessian_for(astar, wstar):
    """Hessian of J_2 for an exact target, on the line (A, AH - A, X, X); symbols A, AH, X."""
    A, AH, X = sp.symbols("A AH X", real=True)
    J = sr.symbolic.expsum_loss(params(2)[:2], params(2)[2:], [sp.Rational(x) for x in astar],
                                [sp.Rational(x) for x in wstar])
    H = sp.hessian(J, params(2)).xreplace({a[1]: A, a[2]: AH - A, w[1]: X, w[2]: X})
    return H, (A, AH, X)


def _check_item(ctx, expectation, cases_wanted, label):
    """Evaluate lambda_min(A(a_1)) on the grid for each sampled target; compare with `expectation`."""
    mctx = mp_ctx(ctx.dps)
    rows, n = [], 0
    for case, astar, wstar in _prop71_cases(ctx.rng, ctx.quick):
        if case not in cases_wanted:
            continue
        ahat_x, root, _ = _J1_minimiser([sp.Rational(x) for x in astar], [sp.Rational(x) for x in wstar])
        what_f = sp.N(root, ctx.dps + 15)
        ahat_f = sp.N(ahat_x.subs(x_, root), ctx.dps + 15)
        H, (A, AH, X) = _J2_hessian_for(tuple(astar), tuple(wstar))
        inside, outside = _grid(ahat_f)
        seen = {}
        for where, a1f in inside + outside:
            Hn = [[mctx.mpf(str(sp.N(H[p, q].xreplace({A: a1f, AH: ahat_f, X: what_f}), ctx.dps + 10)))
                   for q in range(4)] for p in range(4)]
            cls, lam = _classify(mctx, Hn)
            region = "I1" if where in ("endpoint", "interior") else "I2"
            want = expectation(case, region, where)
            seen.setdefault((region, where), set()).add(cls)
            n += 1
            if want is not None and cls != want:
                endpoint = "0" if abs(a1f) < abs(a1f - ahat_f) else "ahat"
                params_ = {"astar1": str(astar[0]), "astar2": str(astar[1]), "wstar1": str(wstar[0]),
                           "wstar2": str(wstar[1]), "a1": endpoint}
                if where == "endpoint":
                    return ctx.refute(
                        f"{label}: the minimal eigenvalue is {cls}, not {want}, at the endpoint a_1 = {endpoint} of I_1",
                        params_, certificate="A(a_1) has two exact null vectors and is positive definite on their "
                                             "orthogonal complement (certified trace and determinant), so "
                                             "lambda_min = 0 exactly")
                return ctx.inconclusive(f"{label}: lambda_min classified {cls}, expected {want}",
                                        f"a*={astar}, w*={wstar}, a_1={sp.N(a1f, 12)}, lambda_min={mpmath_str(lam)}")
        rows.append((case, ",".join(map(str, astar)), ",".join(map(str, wstar)), str(sp.N(what_f, 10)),
                     str(sp.N(ahat_f, 10)),
                     "; ".join(f"{r_} {w_}: {'/'.join(sorted(v))}" for (r_, w_), v in sorted(seen.items()))))
    ctx.table(f"{label}: sign of lambda_min(A(a_1)) on the grid (zero means |lambda| < 1e-{ctx.dps * 3 // 5})",
              ("case", "a*", "w*", "w hat", "a hat", "observed"), rows)
    return ctx.no_violation(f"{label}: lambda_min(A(a_1)) has the stated sign", points=n,
                            detail=f"mpmath eigsy at dps={ctx.dps}; grids cover both endpoints and both sides of I_1")


def _printed_expectation(case, region, where):
    if case == 1:
        return "zero" if region == "I1" else "negative"
    return "negative" if region == "I1" else "zero"


@prop71.hypothesis("setting", r"$m = m^* = 2$, $\rho = \sum_j a_j^* e^{-w_j^* t}$ with $a_j^* \neq 0$, "
                   r"$0 < w_1^* < w_2^*$", checks=("item1", "item2"))
def _p71_hset(p):
    As, Ws = _prop71_params(p)
    return bool(all(x != 0 for x in As) and 0 < Ws[0] < Ws[1]), f"a* = {As}, w* = {Ws}"


@prop71.hypothesis("item2_case", r"item 2: $a_1^*a_2^* > 0$ and $w_2^*/w_1^* < 2 + \sqrt{3}$", checks=("item2",))
def _p71_hcase(p):
    As, Ws = _prop71_params(p)
    r_ = Ws[1] / Ws[0]
    ok = As[0] * As[1] > 0 and (r_ <= 2 or (r_ - 2) ** 2 < 3)
    return bool(ok), f"a*_1 a*_2 = {As[0] * As[1]}, w*_2/w*_1 = {r_} < 2 + sqrt 3"


@prop71.hypothesis("minimiser", r"$(\hat a, \hat w)$ the non-degenerate global minimiser of $J_1$, $\hat a > 0$ "
                   r"(footnote 29; Arb enclosures at the algebraic $\hat w$)", checks=("item1", "item2"), how="certified")
def _p71_hmin(p):
    As, Ws = _prop71_params(p)
    ahat_x, root, h = _J1_minimiser(As, Ws)
    crit = sp.Poly(sp.numer(sp.together(sp.diff(h, x_))), x_)
    others = [rt for rt in crit.real_roots() if rt.is_positive and rt != root]
    ok, why = _certified_global_min(h, x_, root, others)
    ah = sr.numeric.enclose_at_root(ahat_x, x_, root, digits=40)
    return bool(ok and ah.positive and root.is_positive), f"w_hat = {sp.N(root, 12)}, a_hat in {ah}; {why}"


@prop71.hypothesis("endpoint", r"the witness $a_1$ lies in $I_1 = [0, \hat a]$ (an endpoint)", checks=("item2",))
def _p71_hend(p):
    return p["a1"] in ("0", "ahat"), f"a_1 = {p['a1']}"


@prop71.check(layer="numeric", method="mpmath.eigsy + Arb", replay=_prop71_replay, recheck=_prop71_recheck,
              evaluators=("exact kernel + Arb-certified compression", "mpmath eigsy at the numeric minimiser"),
              about="item1", scope="item 1 (a*_1 a*_2 < 0): random targets, ratios w*_2/w*_1 from 1.01 to 10, grids over I_1 "
                    "(with its endpoints) and I_2")
def item1(ctx):
    _check_item(ctx, _printed_expectation, {1}, "item 1")


@prop71.check(layer="numeric", method="mpmath.eigsy + Arb", replay=_prop71_replay, recheck=_prop71_recheck,
              evaluators=("exact kernel + Arb-certified compression", "mpmath eigsy at the numeric minimiser"),
              about="item2", scope="item 2 (a*_1 a*_2 > 0, w*_2/w*_1 < 2 + sqrt 3): random targets, ratios from 1.01 to 3.7, grids "
                    "over I_1 (with its endpoints) and I_2; endpoint values certified exactly")
def item2(ctx):
    _check_item(ctx, _printed_expectation, {2}, "item 2")


prop71_item2_open = paper.correction(
    "prop71_item2_open",
    corrected_from="prop71",
    label='Proposition 71, item 2 (corrected)',
    where='App. A.3',
    statement=r"""2$'$. If $a_1^*a_2^* > 0$ and $w_2^*/w_1^* < 2 + \sqrt{3}$, the minimal eigenvalue of
$\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ is negative for any $a_1$ strictly between $0$ and $\hat{a}$, and $0$ for any
other $a_1$, in particular at the endpoints $a_1 \in \{0, \hat{a}\}$ of $I_1$.""",
    assumptions=[
        r"""$m = m^* = 2$, $0 < w_1^* < w_2^*$, $(\hat a, \hat w)$ the non-degenerate global minimiser of $J_1$""",
    ],
    uses=['prop71'],
    notes=r"""symrnn correction, declared next to the printed Proposition 71 (which is kept and checked as printed):
at a_1 = 0 and a_1 = ahat the matrix A' = diag(0, (ahat^2 + 16 what^3 ahat c(what))/(4 what^3)) is positive
semidefinite, so item 2 fails at the endpoints of the closed I_1. Found by a hand check of the proof and by the
numeric check of li2022.prop71; the endpoint value is certified by the replay of that check.""",
    variables={"astar": sr.real(nonzero=True, text="a*_1, a*_2 != 0").family(),
               "wstar": sr.positive(text="0 < w*_1 < w*_2").family(),
               "a1": sr.real(text="a_1 on the line M_{(ahat, what),(2,1)} (a witness may give the endpoint 'ahat')")},
    conclusions=[("item2_open", "if a*_1 a*_2 > 0 and w*_2/w*_1 < 2 + sqrt 3: lambda_min(A(a_1)) < 0 for a_1 strictly "
                                "between 0 and ahat, and = 0 for every other a_1 (the endpoints included)", "property")],
)


def _corrected_expectation(case, region, where):
    if case != 2:
        return None
    if where == "endpoint":
        return "zero"
    return "negative" if region == "I1" else "zero"


@prop71_item2_open.check(layer="numeric", full=True, method="mpmath.eigsy + Arb",
                         scope="same targets and grids as prop71 item 2, with the corrected expectation at the endpoints")
def item2_open_interval(ctx):
    _check_item(ctx, _corrected_expectation, {2}, "item 2 with I_1 open")
    for astar, wstar in (([1, 1], [1, 2]), ([2, 1], [1, 3])):
        for end in ("0", "ahat"):
            out = _prop71_replay({"astar1": str(astar[0]), "astar2": str(astar[1]), "wstar1": str(wstar[0]),
                                  "wstar2": str(wstar[1]), "a1": end}, ctx.dps)
            ctx.exact_predicate(f"lambda_min = 0 exactly at a_1 = {end} (exact kernel, certified positive "
                                f"compression), a*={astar}, w*={wstar}", out["violated"],
                                detail=f"trace {out['values']['trace of compression']}, det {out['values']['det of compression']}")


prop71_a = paper.claim(
    "prop71_a",
    kind="proof-step",
    label='Proof of Proposition 71: the matrix A',
    where='App. A.3, proof of Proposition 71',
    statement=r"""Proof Write $c(w) := \sum_{j=1}^{m^*} a_j^* \left[\frac{1}{2w(w+w_j^*)^2} - \frac{1}{(w+w_j^*)^3}
\right]$, and $a_2 := \hat{a} - a_1$. A straightforward computation shows that
$$\mathcal{A}_{(\hat{a},\hat{w})}(a_1) = \begin{bmatrix} \frac{1}{\hat{w}} & \frac{1}{\hat{w}} &
\frac{-a_1}{2\hat{w}^2} & \frac{-a_2}{2\hat{w}^2} \\ \frac{1}{\hat{w}} & \frac{1}{\hat{w}} & \frac{-a_1}{2\hat{w}^2}
& \frac{-a_2}{2\hat{w}^2} \\ \frac{-a_1}{2\hat{w}^2} & \frac{-a_1}{2\hat{w}^2} & \frac{a_1^2}{2\hat{w}^3} +
4c(\hat{w})a_1 & \frac{a_1a_2}{2\hat{w}^3} \\ \frac{-a_2}{2\hat{w}^2} & \frac{-a_2}{2\hat{w}^2} &
\frac{a_1a_2}{2\hat{w}^3} & \frac{a_2^2}{2\hat{w}^3} + 4c(\hat{w})a_2 \end{bmatrix}$$""",
    assumptions=[
        r"""$m = m^* = 2$, $0 < w_1^* < w_2^*$; $(\hat a,\hat w)$ non-degenerate global minimizer of $J_1$""",
        r"""variable ordering $(a_1, a_2, w_1, w_2)$ with $w_1 = w_2 = \hat w$, $a_2 = \hat a - a_1$""",
    ],
    uses=['eq225', 'eq226', 'eq227', 'eq237'],
    variables={"a_1": sr.real(text="a_1 on the line a_1 + a_2 = ahat, w_1 = w_2 = what"), r"\hat{a}": sr.real(nonzero=True, text="ahat != 0 of the critical point (ahat, what) of J_1"),
               r"\hat{w}": sr.positive(text="what > 0"),
               "w^*": sr.positive(text="0 < w*_1 < w*_2 (the target's a*_1, a*_2 are then fixed by (237))").family()},
    conclusions=[("matrix", "A_(ahat, what)(a_1) (the Hessian of J_2 at (a_1, ahat - a_1, what, what)) is the printed "
                            "matrix, with c(w) as printed", "identity")],
    printed={
        "c_def": sp.Sum(a_s[j] * (1 / (2 * w_pos * (w_pos + w_s[j]) ** 2) - 1 / (w_pos + w_s[j]) ** 3), (j, 1, m_s)),
        "A": sp.Matrix([
        [1 / what, 1 / what, -a1 / (2 * what ** 2), -(ahat - a1) / (2 * what ** 2)],
        [1 / what, 1 / what, -a1 / (2 * what ** 2), -(ahat - a1) / (2 * what ** 2)],
        [-a1 / (2 * what ** 2), -a1 / (2 * what ** 2), a1 ** 2 / (2 * what ** 3) + 4 * c_w * a1, a1 * (ahat - a1) / (2 * what ** 3)],
        [-(ahat - a1) / (2 * what ** 2), -(ahat - a1) / (2 * what ** 2), a1 * (ahat - a1) / (2 * what ** 3),
         (ahat - a1) ** 2 / (2 * what ** 3) + 4 * c_w * (ahat - a1)]]),
    },
    notes=r"""Checked by hand from (136)-(140) with \Delta\equiv0, w_1=w_2=\hat w: the a-w diagonal entries
-a_k/(2\hat w^2) use the optimality condition \sum_j a_j^*/(\hat w+w_j^*)^2 = \hat a/(4\hat w^2) from (237), and the
w-w diagonal entries a_k^2/(2\hat w^3) + 4c(\hat w)a_k use \sum_j a_j^*/(2\hat w(\hat w+w_j^*)^2) = \hat a/(8\hat
w^3), i.e. c(\hat w) = \hat a/(8\hat w^3) - \sum_j a_j^*/(\hat w+w_j^*)^3. So the matrix is correct only on the
critical line (it uses (237)). The symbol c(w) here is unrelated to the output vector c and to c := a_2^*/a_1^* in
case (ii).""",
)


@prop71_a.check(layer="symbolic", full=True, method="sympy.hessian",
                scope="m = m* = 2: the Hessian of J_2 at (a_1, ahat - a_1, what, what), with (a*_1, a*_2) eliminated "
                      "through the optimality conditions (237), against the printed matrix with c(what) as printed")
def matrix(ctx):
    sol = _critical_targets()
    H = _J2_hessian_on_line([A1s, A2s], [W1s, W2s]).xreplace(sol)
    c_val = at(ctx.printed["c_def"], 1, 2).xreplace({sp.Symbol("w", positive=True): what, a_s[1]: A1s, a_s[2]: A2s,
                                                      w_s[1]: W1s, w_s[2]: W2s}).xreplace(sol)
    A = ctx.printed["A"].xreplace({c_w: c_val})
    ctx.step("Printed matrix (a_2 = ahat - a_1):", ctx.printed["A"])
    ctx.identities("Hessian of J_2 on the critical line = printed A, entrywise",
                   [(f"({p},{q})", H[p, q], A[p, q]) for p in range(4) for q in range(4)])


prop71_congruence = paper.claim(
    "prop71_congruence",
    kind="proof-step",
    label='Proof of Proposition 71: congruence',
    where='App. A.3, proof of Proposition 71',
    statement=r"""Considering the congruent transformation of $\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$, which does not
affect the index of inertia:
$$\mathcal{A}_{(\hat{a},\hat{w})}(a_1) = \begin{bmatrix} \frac{1}{\hat{w}} & \frac{1}{\hat{w}} &
\frac{-a_1}{2\hat{w}^2} & \frac{-a_2}{2\hat{w}^2} \\ \frac{1}{\hat{w}} & \frac{1}{\hat{w}} & \frac{-a_1}{2\hat{w}^2}
& \frac{-a_2}{2\hat{w}^2} \\ \frac{-a_1}{2\hat{w}^2} & \frac{-a_1}{2\hat{w}^2} & \frac{a_1^2}{2\hat{w}^3} +
4c(\hat{w})a_1 & \frac{a_1a_2}{2\hat{w}^3} \\ \frac{-a_2}{2\hat{w}^2} & \frac{-a_2}{2\hat{w}^2} &
\frac{a_1a_2}{2\hat{w}^3} & \frac{a_2^2}{2\hat{w}^3} + 4c(\hat{w})a_2 \end{bmatrix}$$
$$\rightarrow \begin{bmatrix} \frac{1}{\hat{w}} & 0 & 0 & 0 \\ 0 & 0 & 0 & 0 \\ 0 & 0 & \frac{a_1^2}{4\hat{w}^3} +
4c(\hat{w})a_1 & \frac{a_1a_2}{4\hat{w}^3} \\ 0 & 0 & \frac{a_1a_2}{4\hat{w}^3} & \frac{a_2^2}{4\hat{w}^3} +
4c(\hat{w})a_2 \end{bmatrix},$$
we get that $\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ has one positive eigenvalue $1/\hat{w}$ and one eigenvalue 0.
What remains are the eigenvalues of $\mathcal{A}'_{(\hat{a},\hat{w})}(a_1) := \begin{bmatrix}
\frac{a_1^2}{4\hat{w}^3} + 4c(\hat{w})a_1 & \frac{a_1a_2}{4\hat{w}^3} \\ \frac{a_1a_2}{4\hat{w}^3} &
\frac{a_2^2}{4\hat{w}^3} + 4c(\hat{w})a_2 \end{bmatrix}$.""",
    assumptions=[
        r"""$\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ and $c(w)$ as in the preceding display; $a_2 := \hat a - a_1$""",
    ],
    uses=['prop71_a'],
    variables={"a_1": sr.real(), r"\hat{a}": sr.real(nonzero=True), r"\hat{w}": sr.positive(),
               r"c(\hat{w})": sr.real(text="c(what) (the congruence holds for any real value)")},
    conclusions=[
        ("congruence", "A is congruent to the printed block matrix (so it has the same inertia)", "identity"),
        ("eigenvalues", "A has the eigenvalues 1/what and 0, and the eigenvalues of A' (a congruence keeps only the "
                        "inertia: literally true of the transformed matrix only)"),
    ],
    printed={
        "block": sp.Matrix([
        [1 / what, 0, 0, 0], [0, 0, 0, 0],
        [0, 0, a1 ** 2 / (4 * what ** 3) + 4 * c_w * a1, a1 * (ahat - a1) / (4 * what ** 3)],
        [0, 0, a1 * (ahat - a1) / (4 * what ** 3), (ahat - a1) ** 2 / (4 * what ** 3) + 4 * c_w * (ahat - a1)]]),
        "Aprime": sp.Matrix([
        [a1 ** 2 / (4 * what ** 3) + 4 * c_w * a1, a1 * (ahat - a1) / (4 * what ** 3)],
        [a1 * (ahat - a1) / (4 * what ** 3), (ahat - a1) ** 2 / (4 * what ** 3) + 4 * c_w * (ahat - a1)]]),
    },
    notes=r"""Checked by hand: subtracting row/column 1 from row/column 2, then eliminating the (1,3),(1,4) entries
with row/column 1 gives exactly the printed block (a_1^2/(2\hat w^3) - a_1^2/(4\hat w^3) = a_1^2/(4\hat w^3), etc.).
A congruence preserves only the inertia (Sylvester), not the eigenvalues: 'has one positive eigenvalue 1/\hat w' and
'what remains are the eigenvalues of \mathcal A'' are literally true only for the transformed matrix; for \mathcal A
itself only the numbers of positive/zero/negative eigenvalues are inherited.""",
)


@prop71_congruence.check(layer="symbolic", about="congruence", method="exact congruence",
                         scope="for every a_1, ahat, what, c: an explicit invertible P with P^T A P = the printed block matrix")
def congruence(ctx):
    A = paper.claims["prop71_a"].printed["A"]
    P1 = sp.eye(4)
    P1[0, 1] = -1                                   # column 2 -= column 1
    P2 = sp.eye(4)
    P2[0, 2], P2[0, 3] = _clearing_multiplier(a1, what), _clearing_multiplier(ahat - a1, what)
    P = P1 * P2
    ctx.step("P (column operations: subtract column 1 from column 2, then clear the a-w coupling with the pivot 1/what):", P)
    B = sr.symbolic.congruent(A, P)
    ctx.identities("P^T A P = printed block-diagonal form", [(f"({p},{q})", B[p, q], ctx.printed["block"][p, q])
                                                            for p in range(4) for q in range(4)])
    ctx.exact("P is invertible: det P = 1 (the determinant of the symbolic P, unevaluated until compared)",
              sp.Determinant(sp.ImmutableMatrix(P)), 1)


def _clearing_multiplier(coef, wh):
    """Multiplier clearing the (1, j) entry -coef/(2 wh^2) against the pivot 1/wh."""
    return coef / (2 * wh)


eq236 = paper.claim(
    "eq236",
    kind="equation",
    label='(236)',
    where='App. A.3, proof of Proposition 71',
    statement=r"""To determine their signs, we compute
$$\det(\mathcal{A}'_{(\hat{a},\hat{w})}(a_1)) = a_1(\hat{a} - a_1) \cdot 4c(\hat{w})
\left(\frac{\hat{a}}{4\hat{w}^3} + 4c(\hat{w})\right)$$
$$= \frac{1}{\hat{a}^2\hat{w}^3}a_1(\hat{a} - a_1) \cdot \hat{a}c(\hat{w}) \cdot \left(\hat{a}^2 +
16\hat{w}^3\hat{a}c(\hat{w})\right). \tag{236}$$""",
    assumptions=[
        r"""$\mathcal{A}'_{(\hat{a},\hat{w})}(a_1)$ as defined after the congruence; $a_2 = \hat a - a_1$; $\hat a
\neq 0$""",
    ],
    uses=['prop71_congruence'],
    variables={"a_1": sr.real(), r"\hat{a}": sr.real(nonzero=True), r"\hat{w}": sr.positive(),
               r"c(\hat{w})": sr.real(text="c(what) (the algebra holds for any real value)")},
    conclusions=[("det", "det A'(a_1) equals both printed forms of (236)", "identity")],
    printed={
        "form1": a1 * (ahat - a1) * 4 * c_w * (ahat / (4 * what ** 3) + 4 * c_w),
        "form2": 1 / (ahat ** 2 * what ** 3) * a1 * (ahat - a1) * ahat * c_w * (ahat ** 2 + 16 * what ** 3 * ahat * c_w),
    },
    notes=r"""Both equalities checked by hand (det = 4c a_1 a_2 (a_1+a_2)/(4\hat w^3) + 16c^2 a_1a_2 with
a_1+a_2=\hat a).""",
)


@eq236.check(layer="symbolic", full=True, method="sympy.cancel", scope="both equalities, every a_1, ahat != 0, what > 0, c")
def determinant(ctx):
    Ap = paper.claims["prop71_congruence"].printed["Aprime"]
    ctx.identity("det A' = first printed form", Ap.det(), ctx.printed["form1"])
    ctx.identity("first form = second printed form", ctx.printed["form1"], ctx.printed["form2"])


eq237 = paper.claim(
    "eq237",
    kind="equation",
    label='(237)',
    where='App. A.3, proof of Proposition 71 (i)',
    statement=r"""(i) $a_1^* a_2^* < 0$. By the optimality condition of $(\hat{a}, \hat{w})$ for $J_1$, we have
$$\hat{a} = 2\hat{w}\sum_{j=1}^{m^*} \frac{a_j^*}{\hat{w} + w_j^*} = 4\hat{w}^2 \sum_{j=1}^{m^*}
\frac{a_j^*}{(\hat{w} + w_j^*)^2}, \tag{237}$$""",
    assumptions=[
        r"""$(\hat a,\hat w)$ a (non-degenerate global) minimizer of $J_1$, so $\nabla J_1(\hat a,\hat w) = 0$""",
    ],
    uses=['eq97', 'eq98'],
    printed={
        "form1": 2 * w_pos * sp.Sum(a_s[j] / (w_pos + w_s[j]), (j, 1, m_s)),
        "form2": 4 * w_pos ** 2 * sp.Sum(a_s[j] / (w_pos + w_s[j]) ** 2, (j, 1, m_s)),
    },
    notes=r"""(237) is stated inside case (i) but uses only optimality, so it holds in both cases (case (ii) cites
(238), which relies on it). Displays that follow (not part of (237)): 'and therefore $c(\hat{w}) =
\frac{\hat{a}}{8\hat{w}^3} - \sum_{j=1}^{m^*} \frac{a_j^*}{(\hat{w} + w_j^*)^3}$.' and 'Write $v_j := w_j^* /
\hat{w}$, j = 1, 2, we get $0 < v_1 < v_2$, and $\hat{a} = 2\sum_{j=1}^{m^*} \frac{a_j^*}{1+v_j} = 4\sum_{j=1}^{m^*}
\frac{a_j^*}{(1+v_j)^2}, \quad \hat{w}^3 c(\hat{w}) = \frac{\hat{a}}{8} - \sum_{j=1}^{m^*}
\frac{a_j^*}{(1+v_j)^3}$.' Both equalities of (237) checked by hand from \partial_a J_1 = 0 and \partial_w J_1 = 0
with J_1 = a^2/(2w) - 2a\mathcal L[\rho](w) + \|\rho\|^2.""",
    variables={m_s: sr.integer(1), a_s: sr.real(text="every a*_j real"), w_s: sr.positive(text="every w*_j > 0"),
               ahat: sr.real(nonzero=True, text="ahat != 0"), what: sr.positive()},
)


@eq237.check(layer="symbolic", full=True, method="sympy: differentiation under the integral, symbolic-index sums",
             scope="every m* >= 1 (the sums over j = 1..m* kept symbolic): each printed form is equivalent to one "
                   "optimality condition of J_1 at (ahat, what), ahat != 0")
def optimality(ctx):
    tt = sp.Symbol("t", positive=True)
    ms = m_s
    ctx.step("J_1(a, w) = int_0^oo (a e^{-wt} - rho(t))^2 dt with rho(t) = sum_{j=1}^{m*} a*_j e^{-w*_j t}; "
             "differentiating under the integral (the integrand and its a-, w-derivatives are dominated by "
             "integrable exponentials for w > 0), and moving the factor e^{-wt} (t e^{-wt}), which does not depend "
             "on j, into the finite sum:")
    # d/da J_1 = 2 int (a e^{-wt} - rho) e^{-wt} dt
    rho_e = sp.Sum(a_s[j] * sp.exp(-(what + w_s[j]) * tt), (j, 1, ms))           # rho(t) e^{-wt}
    rho_te = sp.Sum(a_s[j] * tt * sp.exp(-(what + w_s[j]) * tt), (j, 1, ms))     # rho(t) t e^{-wt}
    dJa = 2 * ahat * sp.integrate(sp.exp(-2 * what * tt), (tt, 0, sp.oo)) - 2 * sp.Integral(rho_e, (tt, 0, sp.oo)).doit()
    dJw = -2 * ahat ** 2 * sp.integrate(tt * sp.exp(-2 * what * tt), (tt, 0, sp.oo)) \
        + 2 * ahat * sp.Integral(rho_te, (tt, 0, sp.oo)).doit()
    ctx.step("SymPy: dJ_1/da =", dJa)
    ctx.step("SymPy: dJ_1/dw =", dJw)
    f1 = ctx.printed["form1"].subs(w_pos, what)
    f2 = ctx.printed["form2"].subs(w_pos, what)
    ctx.identity("what * dJ_1/da = ahat - (first form), every m*", what * dJa, ahat - f1)
    ctx.identity("-2 what^2/ahat * dJ_1/dw = ahat - (second form), every m*", -2 * what ** 2 / ahat * dJw, ahat - f2)
    ctx.step("So dJ_1/da = 0 is ahat = first form (what > 0) and dJ_1/dw = 0 is ahat = second form (ahat != 0): both "
             "equalities of (237) are the optimality conditions, for every m*.")


eq238 = paper.claim(
    "eq238",
    kind="equation",
    label='(238)',
    where='App. A.3, proof of Proposition 71 (i)',
    statement=r"""Therefore
$$8\hat{w}^{3}\hat{a}c(\hat{w}) = \hat{a}^{2} - 8\hat{a}\sum_{j=1}^{m^{*}} \frac{a_{j}^{*}}{(1+v_{j})^{3}}$$
$$= 16\left[\sum_{j=1}^{m^{*}} \frac{a_{j}^{*}}{(1+v_{j})^{2}}\right]^{2} - 16\sum_{j=1}^{m^{*}}
\frac{a_{j}^{*}}{1+v_{j}} \cdot \sum_{j=1}^{m^{*}} \frac{a_{j}^{*}}{(1+v_{j})^{3}}$$
$$= \frac{-16a_{1}^{*}a_{2}^{*}(v_{1}-v_{2})^{2}}{(1+v_{1})^{3}(1+v_{2})^{3}}$$
$$> 0, \tag{238}$$
which gives $\hat{a}c(\hat{w}) > 0$ and $\hat{a}^2 + 16\hat{w}^3\hat{a}c(\hat{w}) > 8\hat{w}^3\hat{a}c(\hat{w}) >
0$.""",
    assumptions=[
        r"""$v_j := w_j^* / \hat{w}$, $j = 1, 2$, $0 < v_1 < v_2$""",
        r"""$\hat{a} = 2\sum_{j=1}^{m^*} \frac{a_j^*}{1+v_j} = 4\sum_{j=1}^{m^*} \frac{a_j^*}{(1+v_j)^2}$,
$\hat{w}^3 c(\hat{w}) = \frac{\hat{a}}{8} - \sum_{j=1}^{m^*} \frac{a_j^*}{(1+v_j)^3}$""",
        r"""$m^* = 2$""",
        r"""case (i): $a_1^* a_2^* < 0$ (only for the final '$> 0$')""",
    ],
    uses=['eq237'],
    variables={r"\hat{a}": sr.real(nonzero=True, text="ahat != 0 of the critical point (ahat, what) of J_1"),
               r"\hat{w}": sr.positive(text="what > 0"),
               "w^*": sr.positive(text="0 < w*_1 < w*_2 (the target's a*_1, a*_2 are then fixed by (237))").family()},
    conclusions=[("chain", "the three equalities of (238) under (237)", "identity"),
                 ("sign", "case (i), a*_1 a*_2 < 0: the last line is > 0, which gives ahat c(what) > 0 and ahat^2 + "
                          "16 what^3 ahat c(what) > 8 what^3 ahat c(what) > 0", "inequality")],
    printed={
        "L0": 8 * what ** 3 * ahat * c_w,
        "L1": ahat ** 2 - 8 * ahat * (A1s / (1 + v1) ** 3 + A2s / (1 + v2) ** 3),
        "L2": 16 * (A1s / (1 + v1) ** 2 + A2s / (1 + v2) ** 2) ** 2 - 16 * (A1s / (1 + v1) + A2s / (1 + v2)) * (A1s / (1 + v1) ** 3 + A2s / (1 + v2) ** 3),
        "L3": -16 * A1s * A2s * (v1 - v2) ** 2 / ((1 + v1) ** 3 * (1 + v2) ** 3),
    },
    notes=r"""All three equalities checked by hand (with u_j = 1+v_j: 16[(a_1^*/u_1^2+a_2^*/u_2^2)^2 -
(a_1^*/u_1+a_2^*/u_2)(a_1^*/u_1^3+a_2^*/u_2^3)] = -16a_1^*a_2^*(u_1-u_2)^2/(u_1^3u_2^3)). The last line '> 0' holds
only in case (i); the equalities are case-independent and are reused in case (ii) ('By (238), \hat a c(\hat w) <
0'). The final '> 0' also needs v_1 \ne v_2 (true since w_1^*<w_2^*).""",
)


def _v_sub():
    return {sp.Symbol("v_1", positive=True): W1s / what, sp.Symbol("v_2", positive=True): W2s / what}


@eq238.check(layer="symbolic", full=True, method="sympy.cancel",
             scope="m* = 2: each equality under the optimality conditions (237) (a*_j eliminated), and the final "
                   "sign under the case-(i) hypothesis a*_1 a*_2 < 0")
def chain(ctx):
    sol = _critical_targets()
    c_val = at(paper.claims["prop71_a"].printed["c_def"], 1, 2).xreplace(
        {sp.Symbol("w", positive=True): what, a_s[1]: A1s, a_s[2]: A2s, w_s[1]: W1s, w_s[2]: W2s})
    lines = [ctx.printed[f"L{q}"].xreplace({c_w: c_val, **_v_sub()}) for q in range(4)]
    lines = [ln.xreplace(sol) for ln in lines]
    for q in range(3):
        ctx.identity(f"line {q + 1} = line {q + 2} of (238)", lines[q], lines[q + 1])
    p, q_ = sp.symbols("p q", positive=True)
    v1, d = sp.symbols("v_1 delta", positive=True)
    last = ctx.printed["L3"].xreplace({A1s: p, A2s: -q_, sp.Symbol("v_1", positive=True): v1,
                                       sp.Symbol("v_2", positive=True): v1 + d})
    ctx.sign("case (i): the last line is > 0 when a*_1 a*_2 < 0 and v_1 < v_2", last, "positive")


prop71_case_ii_chain = paper.claim(
    "prop71_case_ii_chain",
    kind="proof-step",
    label='Proof of Proposition 71 (ii)',
    where='App. A.3, proof of Proposition 71 (ii)',
    statement=r"""(ii) $a_1^*a_2^* > 0, w_2^*/w_1^* < 2 + \sqrt{3}$. By (238), $\hat{a}c(\hat{w}) < 0$. Let $c :=
a_2^*/a_1^*, u_j := 1 + v_j > 1$ and $s := u_2/u_1 > 1$, we have
$$\hat{a}^2 + 16\hat{w}^3 \hat{a}c(\hat{w}) = 3\hat{a}^2 - 16\hat{a}\sum_{j=1}^{m^*} \frac{a_j^*}{(1+v_j)^3}$$
$$= 16\left\{3\left[\sum_{j=1}^{m^*} \frac{a_j^*}{(1+v_j)^2}\right]^2 - 2\sum_{j=1}^{m^*} \frac{a_j^*}{1+v_j} \cdot
\sum_{j=1}^{m^*} \frac{a_j^*}{(1+v_j)^3}\right\}$$
$$= \frac{a_1^{*2}}{u_1^4 u_2^4} \left[u_2^4 + c^2 u_1^4 + 6c u_1^2 u_2^2 - 2c u_1^3 u_2 - 2c u_1 u_2^3\right]$$
$$= \frac{a_1^{*2}}{u_2^4} \left(s^4 + c^2 + 6cs^2 - 2cs - 2cs^3\right)$$
$$= \frac{a_1^{*2}}{u_2^4} \left[c^2 - 2s(s^2 - 3s + 1)c + s^4\right].$$
Since $4s^2(s^2 - 3s + 1)^2 - 4s^4 = 4s^2(s - 1)^2[(s - 2)^2 - 3]$, and $1 < s = u_2/u_1 = (\hat{w} +
w_2^*)/(\hat{w} + w_1^*) < w_2^*/w_1^* < 2 + \sqrt{3}$, we get $\Delta_c < 0$. This implies $c^2 - 2s(s^2 - 3s +
1)c + s^4 > 0$ and $\hat{a}^2 + 16\hat{w}^3\hat{a}c(\hat{w}) > 0$.""",
    assumptions=[
        r"""case (ii): $a_1^*a_2^* > 0$, $w_2^*/w_1^* < 2 + \sqrt{3}$""",
        r"""$v_j := w_j^*/\hat w$, $c := a_2^*/a_1^*$, $u_j := 1 + v_j > 1$, $s := u_2/u_1 > 1$""",
        r"""$\hat{a} = 2\sum_{j} \frac{a_j^*}{1+v_j} = 4\sum_{j} \frac{a_j^*}{(1+v_j)^2}$ and (238)""",
        r"""$m^* = 2$""",
    ],
    uses=['eq238'],
    variables={"a^*": sr.real(nonzero=True, text="case (ii): a*_1 a*_2 > 0").family(),
               "w^*": sr.positive(text="0 < w*_1 < w*_2, w*_2/w*_1 < 2 + sqrt 3").family(), r"\hat{w}": sr.positive(),
               r"\hat{a}": sr.real(nonzero=True, text="ahat of the critical point (in lines 1-2)"),
               "s": sr.positive(text="s := u_2/u_1 > 1 (the discriminant identity holds for every s)")},
    conclusions=[("chain", "the five equalities of the chain (lines 1-2 under (237))", "identity"),
                 ("discriminant", "4s^2(s^2 - 3s + 1)^2 - 4s^4 = 4s^2(s - 1)^2[(s - 2)^2 - 3] and Delta_c < 0 for "
                                  "1 < s < 2 + sqrt 3", "inequality"),
                 ("sign", "c^2 - 2s(s^2 - 3s + 1)c + s^4 > 0 and ahat^2 + 16 what^3 ahat c(what) > 0", "inequality")],
    printed={
        "K0": ahat ** 2 + 16 * what ** 3 * ahat * c_w,
        "K1": 3 * ahat ** 2 - 16 * ahat * (A1s / (1 + v1) ** 3 + A2s / (1 + v2) ** 3),
        "K2": 16 * (3 * (A1s / (1 + v1) ** 2 + A2s / (1 + v2) ** 2) ** 2 - 2 * (A1s / (1 + v1) + A2s / (1 + v2)) * (A1s / (1 + v1) ** 3 + A2s / (1 + v2) ** 3)),
        "K3": A1s ** 2 / (u1 ** 4 * u2 ** 4) * (u2 ** 4 + cc ** 2 * u1 ** 4 + 6 * cc * u1 ** 2 * u2 ** 2 - 2 * cc * u1 ** 3 * u2 - 2 * cc * u1 * u2 ** 3),
        "K4": A1s ** 2 / u2 ** 4 * (s_ ** 4 + cc ** 2 + 6 * cc * s_ ** 2 - 2 * cc * s_ - 2 * cc * s_ ** 3),
        "K5": A1s ** 2 / u2 ** 4 * (cc ** 2 - 2 * s_ * (s_ ** 2 - 3 * s_ + 1) * cc + s_ ** 4),
        "disc_lhs": 4 * s_ ** 2 * (s_ ** 2 - 3 * s_ + 1) ** 2 - 4 * s_ ** 4,
        "disc_rhs": 4 * s_ ** 2 * (s_ - 1) ** 2 * ((s_ - 2) ** 2 - 3),
    },
    notes=r"""MISSING FACTOR: the second line equals 16\,a_1^{*2}/(u_1^4u_2^4)[u_2^4 + c^2u_1^4 + 6cu_1^2u_2^2 -
2cu_1^3u_2 - 2cu_1u_2^3]; the printed third line (and hence lines 4-5) drops the factor 16. Since 16>0 the sign
conclusion is unaffected. Lines 1->2 (using \hat a = 4\sum a_j^*/(1+v_j)^2 for \hat a^2 and \hat a = 2\sum
a_j^*/(1+v_j) for the cross term), 3->4 (divide bracket by u_1^4) and 4->5 are correct. The discriminant identity
4s^2(s^2-3s+1)^2 - 4s^4 = 4s^2(s-1)^2[(s-2)^2-3] is correct ((s^2-3s+1)^2 - s^2 = (s^2-4s+1)(s-1)^2). \Delta_c
(discriminant in the variable c) is not defined before use. The symbol c is overloaded: c := a_2^*/a_1^* here vs.
c(\hat w) in the same line. The quadratic is positive for every real c, so the assumption a_1^*a_2^*>0 is used only
for \hat a c(\hat w)<0, not for this positivity.""",
)


def _case_ii_lines(printed, sol):
    c_val = at(paper.claims["prop71_a"].printed["c_def"], 1, 2).xreplace(
        {sp.Symbol("w", positive=True): what, a_s[1]: A1s, a_s[2]: A2s, w_s[1]: W1s, w_s[2]: W2s})
    cc, u1, u2, s_ = sp.symbols("c u_1 u_2 s", positive=True)
    v = _v_sub()
    defs = {cc: A2s / A1s, u1: 1 + v[sp.Symbol("v_1", positive=True)], u2: 1 + v[sp.Symbol("v_2", positive=True)]}
    defs[s_] = defs[u2] / defs[u1]
    out = []
    for key in ("K0", "K1", "K2", "K3", "K4", "K5"):
        e = printed[key].xreplace({c_w: c_val, **v})
        e = e.xreplace(defs)
        out.append(e.xreplace(sol) if key in ("K0", "K1") else e)
    return out


def _p71c_vals(p):
    get = lambda s_: sp.nsimplify(p[str(s_)]) if str(s_) in p else None  # noqa: E731
    return get(A1s), get(A2s), get(W1s), get(W2s), get(what)


@prop71_case_ii_chain.hypothesis("case_ii", r"case (ii) at the witness: $a_1^*a_2^* > 0$, $0 < w_1^* < w_2^*$, "
                                 r"$w_2^*/w_1^* < 2 + \sqrt{3}$, $\hat w > 0$ (so $u_j > 1$, $s = u_2/u_1 > 1$)",
                                 checks=("chain",))
def _p71c_h(p):
    A1, A2, W1, W2, wh = _p71c_vals(p)
    if None in (A1, A2, W1, W2, wh):
        return False, f"the witness does not fix all of a*_1, a*_2, w*_1, w*_2, w_hat: {p}"
    r_ = W2 / W1
    ok = A1 * A2 > 0 and 0 < W1 < W2 and (r_ <= 2 or (r_ - 2) ** 2 < 3) and wh > 0
    return bool(ok), f"a*_1 a*_2 = {sp.N(A1 * A2, 6)}, w*_2/w*_1 = {sp.N(r_, 6)}, w_hat = {sp.N(wh, 6)}"


@prop71_case_ii_chain.check(layer="symbolic", full=True, method="sympy.cancel + numeric witness",
                            scope="m* = 2: each of the five equalities (lines 1-2 under (237)), the discriminant "
                                  "identity, and the sign of (s-2)^2 - 3 on 1 < s < 2 + sqrt 3")
def chain(ctx):  # noqa: F811
    sol = _critical_targets()
    lines = _case_ii_lines(ctx.printed, sol)
    # lines 1-2 hold under (237); express line 2 onwards in the target parameters and compare consecutively
    K1_in_targets = ctx.printed["K1"].xreplace(_v_sub())
    ctx.identity("line 1 = line 2 (under (237))", lines[0], lines[1])
    ctx.identity("line 2 = line 3 (under (237): ahat = 4 sum a*/(1+v)^2 = 2 sum a*/(1+v))",
                 K1_in_targets.xreplace(sol), lines[2].xreplace(sol))
    for q in range(2, 5):
        ctx.identity(f"line {q + 1} = line {q + 2}", lines[q], lines[q + 1],
                     domain={A1s: (sp.Rational(1, 4), 3), A2s: (sp.Rational(1, 4), 3), what: (sp.Rational(1, 4), 3),
                             W1s: (sp.Integer(1), sp.Rational(3, 2)), W2s: (sp.Integer(2), sp.Integer(3))})
    s_ = sp.Symbol("s", positive=True)
    ctx.identity("discriminant: 4s^2(s^2-3s+1)^2 - 4s^4 = 4s^2(s-1)^2[(s-2)^2-3]",
                 ctx.printed["disc_lhs"], ctx.printed["disc_rhs"])
    y = sp.Symbol("y", positive=True)
    s_of_y = 2 - sp.sqrt(3) + 2 * sp.sqrt(3) * y / (1 + y)           # sweeps (2 - sqrt 3, 2 + sqrt 3)
    ctx.sign("(s-2)^2 - 3 < 0 on (2 - sqrt 3, 2 + sqrt 3), which contains 1 < s < 2 + sqrt 3",
             sp.factor(sp.simplify(((s_ - 2) ** 2 - 3).subs(s_, s_of_y))), "negative")


prop71_case_ii_chain_16 = paper.correction(
    "prop71_case_ii_chain_16",
    corrected_from="prop71_case_ii_chain",
    label='Proof of Proposition 71 (ii), chain with the factor 16',
    where='App. A.3',
    statement=r"""$$\hat{a}^2 + 16\hat{w}^3 \hat{a}c(\hat{w}) = \dots = \frac{16\,a_1^{*2}}{u_1^4 u_2^4}
\left[u_2^4 + c^2 u_1^4 + 6c u_1^2 u_2^2 - 2c u_1^3 u_2 - 2c u_1 u_2^3\right] = \frac{16\,a_1^{*2}}{u_2^4}
\left(s^4 + c^2 + 6cs^2 - 2cs - 2cs^3\right) = \frac{16\,a_1^{*2}}{u_2^4} \left[c^2 - 2s(s^2 - 3s + 1)c +
s^4\right].$$""",
    assumptions=[
        r"""as in case (ii): $c := a_2^*/a_1^*$, $u_j := 1 + v_j$, $s := u_2/u_1$""",
    ],
    uses=['prop71_case_ii_chain'],
    variables={"a^*": sr.real(nonzero=True, text="case (ii): a*_1 a*_2 > 0").family(),
               "w^*": sr.positive(text="0 < w*_1 < w*_2").family(), r"\hat{w}": sr.positive()},
    conclusions=[("chain16", "lines 3-5 of the case (ii) chain with the factor 16", "identity")],
    printed={
        "K3": 16 * A1s ** 2 / (u1 ** 4 * u2 ** 4) * (u2 ** 4 + cc ** 2 * u1 ** 4 + 6 * cc * u1 ** 2 * u2 ** 2 - 2 * cc * u1 ** 3 * u2 - 2 * cc * u1 * u2 ** 3),
        "K4": 16 * A1s ** 2 / u2 ** 4 * (s_ ** 4 + cc ** 2 + 6 * cc * s_ ** 2 - 2 * cc * s_ - 2 * cc * s_ ** 3),
        "K5": 16 * A1s ** 2 / u2 ** 4 * (cc ** 2 - 2 * s_ * (s_ ** 2 - 3 * s_ + 1) * cc + s_ ** 4),
    },
    notes=r"""symrnn correction of the printed case-(ii) chain: the printed third line drops a factor 16; the sign
argument is unaffected because 16 > 0.""",
)


@prop71_case_ii_chain_16.check(layer="symbolic", full=True, method="sympy.cancel",
                               scope="m* = 2: the corrected third line (factor 16) against the printed second line, "
                                     "and the corrected fourth and fifth lines")
def corrected(ctx):
    sol = _critical_targets()
    printed = {**paper.claims["prop71_case_ii_chain"].printed, **ctx.printed}
    lines = _case_ii_lines(printed, sol)
    for q in range(2, 5):
        ctx.identity(f"line {q + 1} = line {q + 2} with the factor 16", lines[q], lines[q + 1])
