"""Section 6.1-6.2: the optimisation problem (JMLR numbering).

Equations (95)-(103), Remark 19, Theorem 20, Remarks 21-22, Theorem 23, Remark 24, Theorem 25, Remark 26:
the optimisation problem and the plateau theorems (the gradient flow (104) is in `model`).

Claims, in paper order: eq95, eq97, eq98, eq101, eq103, rem19, thm20, rem21, rem22, rem22_corrected, thm23, rem24,
rem24_qualitative, thm25, rem26.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import (
    a, a_s, at, Delta, _flow_problem, free_moments, _hitting_times, i, _J_closed, J_omega, _J_quadrature, k, LOCALITY, m, mp_ctx,
    norm0, omega, params, _prop32_constants, _random_m_star_point, rho, rho0w, rho_bar, rho_hat, SIZES, t, TEMPLATES,
    w, w_s,
)


eq95 = paper.claim(
    "eq95",
    kind="equation",
    label='(94), (95)',
    where='Sec. 6.1.2 (Simplifications)',
    statement=r"""Assume that W is a diagonal matrix with negative entries (to guarantee the stability of the
model). That is, $W = -\mathrm{diag}(w)$ with $w \in \mathbb{R}^m_+$. Then we can combine $a = b \circ c$ and
rewrite the model as
$$\hat{\rho}(t;c,W,b) := c^{\top} e^{Wt} b = \sum_{i=1}^{m} a_i e^{-w_i t} \triangleq a^{\top} e^{-wt} \triangleq
\hat{\rho}(t;a,w). \tag{94}$$
The optimization problem (93) becomes
$$\min_{(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+} J(a,w) := \int_0^\infty \left(\sum_{i=1}^m a_i e^{-w_i t} -
\rho(t)\right)^2 dt. \tag{95}$$
Here we omit the subscript $\infty$.""",
    assumptions=[
        r"""$J_{\infty}(c, W, b) := \int_0^\infty \left(c^\top e^{Wt} b - \rho(t) \right)^2 dt \quad (93)$, where b
is the sole column of U in (92) and $\rho(t)$ becomes a scalar-valued target (SISO, spatial dimension $d=1$)""",
        r"""$W = -\mathrm{diag}(w)$, $w \in \mathbb{R}^m_+$""",
        r"""$a = b \circ c$ (Hadamard product)""",
    ],
    printed={
        "integrand": (sp.Sum(a[i] * sp.exp(-w[i] * t), (i, 1, m)) - rho) ** 2,
    },
    notes=r"""Footnote 3 attached to 'omit the subscript \infty': 'The time horizon is always taken as \infty in the
whole analysis. Note that here we also omit an index m (width of the network, relating to the model capacity), since
it remains unchanged in the following content if not specified.' Repair: 'W = -diag(w)' and the subscript '∞' were
outside math mode in the extraction.""",
    variables={"m": sr.integer(1), "w": sr.positive(text="w in R^m_+ (W = -diag(w))"), "b": sr.real(), "c": sr.real(),
               "a": sr.real(text="a = b o c in R^m"), r"\rho": sr.given("a target rho in L^2[0, oo) (SISO)"),
               "a^*": sr.real(text="an exponential-sum target rho = sum_j a*_j e^{-w*_j t}: its coefficients (a point of rho)"),
               "w^*": sr.positive(text="... and its rates (a point of rho)"),
               "astar": sr.real(text="a*_j as a witness names them"), "wstar": sr.positive(text="w*_j as a witness names them")},
    conclusions=[("model", "(94): c^T e^{Wt} b = sum_i a_i e^{-w_i t} with a = b o c", "identity"),
                 ("loss", "(93) becomes (95): J_oo(c, W, b) = J(a, w) = int_0^oo (sum_i a_i e^{-w_i t} - rho(t))^2 dt",
                  "identity")],
)


def _eq95_replay(params, dps):
    """Closed form against quadrature at one point; violated if they differ beyond the error."""
    parse = lambda s: [Fraction(x) for x in s.split(",")]  # noqa: E731
    args = [parse(params[key]) for key in ("a", "w", "astar", "wstar")]
    closed = sr.numeric.loss_closed_form(*args, dps=dps)
    quad, err = sr.numeric.loss_quadrature(*args, dps=dps)
    gap = abs(closed - quad)
    return {"violated": gap > 100 * err + sp.Float(10) ** (-(dps - 10)),
            "values": {"closed form": closed, "quadrature": quad, "error estimate": err}}


@eq95.check(layer="symbolic", method="sympy (matrix exponential of -diag(w) t)", about=("model", "loss"),
            scope="m <= 4: (c^T e^{-diag(w) t} b - rho(t))^2 against the printed integrand of (95) at a_i = b_i c_i, "
                  "every target rho (an undefined function)")
def model_94(ctx):
    bb, cc = sp.IndexedBase("b", real=True), sp.IndexedBase("c", real=True)
    pairs = []
    for mm in range(1, 5):
        Wt = sp.zeros(mm, mm)
        for q in range(mm):
            Wt[q, q] = -w[q + 1] * t                      # W t with W = -diag(w)
        expo = Wt.exp()
        lhs = (sp.Matrix([cc[q] for q in range(1, mm + 1)]).T * expo * sp.Matrix([bb[q] for q in range(1, mm + 1)]))[0]
        printed = at(ctx.printed["integrand"], mm, 1).xreplace({a[q]: bb[q] * cc[q] for q in range(1, mm + 1)})
        pairs.append((f"m={mm}", (lhs - rho) ** 2, printed))
    ctx.identities("(94)-(95): (c^T e^{Wt} b - rho)^2 = (sum_i a_i e^{-w_i t} - rho)^2 at a = b o c", pairs)


@eq95.check(layer="symbolic", full=False, method="sympy.integrate",
            scope="closed form of J for exponential-sum targets rho = sum_j a*_j e^{-w*_j t}, every m, m* "
                  "(index locality: pairs of indices, sizes up to 2 x 2)")
def closed_form(ctx):
    for mm, ms in ((1, 1), (1, 2), (2, 1), (2, 2)):
        integrand = at(ctx.printed["integrand"], mm, ms).subs(rho, rho_bar(ms))
        exact = sp.integrate(sp.expand(integrand), (t, 0, sp.oo), conds="none")
        closed = sr.symbolic.expsum_loss(params(mm)[:mm], params(mm)[mm:], [a_s[q] for q in range(1, ms + 1)],
                                         [w_s[q] for q in range(1, ms + 1)])
        if (mm, ms) == (2, 2):
            ctx.step("SymPy's integral of (95) at m = m* = 2 (rates positive):", exact)
        ctx.identity(f"int_0^oo of (95) = Cauchy-kernel closed form, m={mm}, m*={ms}", exact, closed)
    ctx.step("Closed form used throughout: J = sum_{i,l} a_i a_l/(w_i+w_l) - 2 sum_{i,j} a_i a*_j/(w_i+w*_j) "
             "+ sum_{j,l} a*_j a*_l/(w*_j+w*_l).")


def _eq95_recheck(params, dps, printed):
    """SymPy exact: the printed integrand (95) at the rational point integrated exactly over [0, oo), against the
    exact Cauchy-kernel closed form."""
    parse = lambda s: [sp.Rational(x) for x in s.split(",")]  # noqa: E731
    A, W, As, Ws = (parse(params[key]) for key in ("a", "w", "astar", "wstar"))
    mm, ms = len(A), len(As)
    sub = {**{a[q + 1]: A[q] for q in range(mm)}, **{w[q + 1]: W[q] for q in range(mm)},
           **{a_s[q + 1]: As[q] for q in range(ms)}, **{w_s[q + 1]: Ws[q] for q in range(ms)}}
    integrand = at(printed["integrand"], mm, ms).subs(rho, rho_bar(ms)).xreplace(sub)
    exact = sp.integrate(sp.expand(integrand), (t, 0, sp.oo))
    closed = sr.symbolic.expsum_loss(A, W, As, Ws)
    return {"violated": sp.simplify(exact - closed) != 0, "values": {"exact integral": exact, "closed form": closed}}


@eq95.check(layer="numeric", replay=_eq95_replay, recheck=_eq95_recheck,
            evaluators=("tanh-sinh quadrature", "SymPy exact integral of the printed integrand"), method="mpmath.quad",
            scope="closed form against tanh-sinh quadrature of (95) at random admissible points, m <= 4, m* <= 3")
def quadrature(ctx):
    worst, n = 0, 0
    for _ in range(4 if ctx.quick else 12):
        mm, ms = ctx.rng.randint(1, 4), ctx.rng.randint(1, 3)
        rnd = lambda lo, hi: Fraction(ctx.rng.randint(int(lo * 64), int(hi * 64)), 64)  # noqa: E731
        pt = {"a": [rnd(-5, 5) for _ in range(mm)], "w": [rnd(Fraction(1, 16), 20) for _ in range(mm)],
              "astar": [rnd(-5, 5) for _ in range(ms)], "wstar": [rnd(Fraction(1, 16), 20) for _ in range(ms)]}
        params_s = {key: ",".join(str(x) for x in v) for key, v in pt.items()}
        out = _eq95_replay(params_s, ctx.dps)
        n += 1
        gap = abs(out["values"]["closed form"] - out["values"]["quadrature"])
        worst = max(worst, gap)
        if out["violated"]:
            ctx.refute("closed form and quadrature disagree", params_s,
                       certificate="closed form differs from quadrature beyond its error estimate")
            return
    ctx.no_violation("closed form equals quadrature within the quadrature error", points=n,
                     detail=f"max |closed - quad| = {sp.Float(worst, 3)} at dps={ctx.dps}")


eq97 = paper.claim(
    "eq97",
    kind="equation",
    label='(97)',
    where='Sec. 6.1.3 (Heuristic insights)',
    statement=r"""A straightforward computation shows that, for $k = 1, 2, \ldots, m$,
$$\frac{\partial J}{\partial a_k}(a,w) = 2 \int_0^\infty e^{-w_k t} \left(\sum_{i=1}^m a_i e^{-w_i t} - \rho(t)
\right) dt, \tag{97}$$""",
    assumptions=[
        r"""$J(a,w) := \int_0^\infty \left(\sum_{i=1}^m a_i e^{-w_i t} - \rho(t)\right)^2 dt$ as in (95),
$(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+$""",
    ],
    uses=['eq95'],
    variables={"m": sr.integer(1), "k": sr.integer(1, text="k = 1..m"), "a": sr.real(text="a in R^m"),
               "w": sr.positive(text="w in R^m_+"), r"\rho": sr.given("a target rho in L^2[0, oo)").through("L"),
               "a^*": sr.real(text="a target rho = sum_j a*_j e^{-w*_j t} + rho_{0,omega}: its coefficients (a point of rho)").through("L"),
               "w^*": sr.positive(text="... its rates (a point of rho)").through("L"),
               "Delta": sr.real(text="... and the template's moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                     "(a point of rho)").family().through("L")},
    conclusions=[("gradient", "(97): dJ/da_k(a, w) = 2 int_0^oo e^{-w_k t} (sum_i a_i e^{-w_i t} - rho(t)) dt, "
                              "k = 1..m", "identity")],
    printed={
        "J_integrand": (sp.Sum(a[i] * sp.exp(-w[i] * t), (i, 1, m)) - rho) ** 2,
        "integrand": 2 * sp.exp(-w[k] * t) * (sp.Sum(a[i] * sp.exp(-w[i] * t), (i, 1, m)) - rho),
    },
)


def _gradient_integrand_check(ctx, var):
    """Derivative of the integrand of (95) against the printed integrand, general rho."""
    for mm in (1, 2, 3):
        integrand = at(ctx.printed["J_integrand"], mm, 1).subs(sp.Function(r"\rho")(t), rho)
        for kk in range(1, mm + 1):
            printed = at(ctx.printed["integrand"], mm, 1, k=kk)
            ctx.identity(f"d/d{var}_{kk} of the integrand = printed integrand, m={mm}",
                         sp.diff(integrand, (a if var == "a" else w)[kk]), printed)
    ctx.step("Differentiation under the integral sign is justified by dominated convergence: for rho in "
             "L^2[0, oo) and w > 0 the derivative of the integrand is bounded by an integrable function, "
             "locally uniformly in (a, w).")


def _gradient_closed_check(ctx, var):
    """Same identity for rho = rho_bar + rho_{0,omega}, both sides in closed form (moments (119))."""
    for mm, ms in SIZES:
        J = J_omega(mm, ms)
        target = rho_bar(ms) + rho0w
        for kk in range(1, mm + 1):
            printed = at(ctx.printed["integrand"], mm, ms, k=kk).subs(rho, target)
            rhs = sr.symbolic.integrate_exp_polynomial(printed, t, template=rho0w, moments=Delta,
                                                       template_norm_sq=norm0)
            ctx.identity(f"dJ/d{var}_{kk} (closed form) = integral of printed form, m={mm}, m*={ms}",
                         free_moments(sp.diff(J, (a if var == "a" else w)[kk])), free_moments(rhs))


@eq97.check(layer="symbolic", about="gradient", method="sympy.diff",
            scope="every m and every target rho in L^2[0, oo): integrand identity (index locality, m <= 3) "
                  "plus differentiation under the integral")
def general_target(ctx):
    _gradient_integrand_check(ctx, "a")


@eq97.check(layer="symbolic", about="gradient", method="sympy.diff + closed forms",
            scope="rho = sum_j a*_j e^{-w*_j t} + rho_{0,omega}: exact closed forms on both sides; " + LOCALITY)
def two_part_target(ctx):
    _gradient_closed_check(ctx, "a")


eq98 = paper.claim(
    "eq98",
    kind="equation",
    label='(98)',
    where='Sec. 6.1.3 (Heuristic insights)',
    statement=r"""$$\frac{\partial J}{\partial w_k}(a,w) = 2a_k \int_0^\infty (-t)e^{-w_k t} \left(\sum_{i=1}^m a_i
e^{-w_i t} - \rho(t)\right) dt. \tag{98}$$""",
    assumptions=[
        r"""$J(a,w)$ as in (95); $k = 1, 2, \ldots, m$ (same sentence as (97))""",
    ],
    uses=['eq95'],
    variables={"m": sr.integer(1), "k": sr.integer(1, text="k = 1..m"), "a": sr.real(text="a in R^m"),
               "w": sr.positive(text="w in R^m_+"), r"\rho": sr.given("a target rho in L^2[0, oo)").through("L"),
               "a^*": sr.real(text="a target rho = sum_j a*_j e^{-w*_j t} + rho_{0,omega}: its coefficients (a point of rho)").through("L"),
               "w^*": sr.positive(text="... its rates (a point of rho)").through("L"),
               "Delta": sr.real(text="... and the template's moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                     "(a point of rho)").family().through("L")},
    conclusions=[("gradient", "(98): dJ/dw_k(a, w) = 2 a_k int_0^oo (-t) e^{-w_k t} (sum_i a_i e^{-w_i t} - rho(t)) dt, "
                              "k = 1..m", "identity")],
    printed={
        "J_integrand": (sp.Sum(a[i] * sp.exp(-w[i] * t), (i, 1, m)) - rho) ** 2,
        "integrand": 2 * a[k] * (-t) * sp.exp(-w[k] * t) * (sp.Sum(a[i] * sp.exp(-w[i] * t), (i, 1, m)) - rho),
    },
)


@eq98.check(layer="symbolic", about="gradient", method="sympy.diff",
            scope="every m and every target rho in L^2[0, oo): integrand identity (index locality, m <= 3) "
                  "plus differentiation under the integral")
def general_target(ctx):  # noqa: F811 - each decorator registers the function on its own claim
    _gradient_integrand_check(ctx, "w")


@eq98.check(layer="symbolic", about="gradient", method="sympy.diff + closed forms",
            scope="rho = sum_j a*_j e^{-w*_j t} + rho_{0,omega}: exact closed forms on both sides; " + LOCALITY)
def two_part_target(ctx):  # noqa: F811
    _gradient_closed_check(ctx, "w")


eq101 = paper.claim(
    "eq101",
    kind="equation",
    label='(101), (102)',
    where='Sec. 6.2.1 (Theoretical results)',
    statement=r"""we aim to analyze the optimization problem
$$\min_{(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+} J_{\omega}(a,w) := \|\hat{\rho}(t;a,w) -
\rho_{\omega}(t)\|_{L^2[0,\infty)}^2, \tag{101}$$
where $\hat{\rho}(t; a, w) := \sum_{i=1}^{m} a_i e^{-w_i t} \triangleq a^{\top} e^{-wt}$ is the exponential sum
model to be trained (i.e. the kernel of linear RNNs); $\rho_{\omega}(t)$ denotes the target and is set to be
two-part and memory-dependent, as defined in (99) and motivated by (100):
$$\rho_{\omega}(t) := \bar{\rho}(t) + \rho_{0,\omega}(t) = \int_{w_l}^{w_r} a^*(w) e^{-wt} d\pi_0(w) + \rho_0(t -
1/\omega). \tag{102}$$
Here we take the short-term memory part $\bar{\rho}$ to be an exponential sum, where $w_r > w_l > 0$ are two fixed
constants, $a^* : [w_l, w_r] \mapsto \mathbb{R}$ is a fixed bounded function, and $\pi_0$ is a fixed probability
distribution defined on $[w_l, w_r]$. For the long-term memory part $\rho_{0,\omega}$, $\omega > 0$ controls the
quantity of memory, and $\rho_0 : \mathbb{R} \mapsto \mathbb{R}$ is a fixed template function which satisfies the
following assumptions.""",
    assumptions=[
        r"""$w_r > w_l > 0$ fixed constants""",
        r"""$a^* : [w_l, w_r] \mapsto \mathbb{R}$ is a fixed bounded function""",
        r"""$\pi_0$ is a fixed probability distribution defined on $[w_l, w_r]$""",
        r"""$\omega > 0$""",
        r"""Assumptions on $\rho_0$. (i) $\rho_0(t) \neq 0$""",
        r"""(ii) $\rho_0 \in L^2(\mathbb{R}) \cap C^2(\mathbb{R})$""",
        r"""(iii) $\rho_0$ is bounded on $\mathbb{R}$, i.e. $\|\rho_0\|_{L^{\infty}(\mathbb{R})} < \infty$""",
        r"""(iv) $\lim_{t \to -\infty} \rho_0(t) = 0$""",
    ],
    uses=['eq95'],
    notes=r"""'Here we take the short-term memory part \bar\rho to be an exponential sum' although (102) writes
\bar\rho as a general exponential integral against \pi_0 (exponential sum only for discrete \pi_0, cf. footnote 5 /
Sec. 7.1). Assumption (i) '\rho_0(t) \neq 0' is printed without quantifier (presumably 'not identically zero'; ICLR
prints \not\equiv 0; the proof of Prop. 32 uses existence of t_1 with \rho_0(t_1)\neq 0). Repair: 'π_0', 'ρ_0' were
bare Unicode in running text.""",
    variables={"m": sr.integer(1), "a": sr.real(), "w": sr.positive(text="w in R^m_+"), "omega": sr.positive(),
               "w_l": sr.positive(text="0 < w_l < w_r fixed"), "w_r": sr.positive(),
               "a^*": sr.given("a fixed bounded function a* : [w_l, w_r] -> R"),
               "pi_0": sr.given("a fixed probability distribution on [w_l, w_r]"),
               "rho_0": sr.given("a template with (i)-(iv)"),
               "astar": sr.real(text="a discrete pi_0: the values a*(w*_j) at its atoms (a point of a*, pi_0)"),
               "wstar": sr.positive(text="... and its atoms w*_j"),
               "c": sr.positive(text="a Gaussian template c e^{-s^2/(2 sigma^2)} (a point of rho_0)"),
               "sigma": sr.positive(text="... and its width")},
)




def _eq101_values(params, dps):
    ctx = mp_ctx(dps)
    P = {key: [ctx.mpf(Fraction(x).numerator) / Fraction(x).denominator for x in v.split(",")]
         for key, v in params.items()}
    av, wv, asv, wsv = P["a"], P["w"], P["astar"], P["wstar"]
    c, sigma, mu = P["c"][0], P["sigma"][0], 1 / P["omega"][0]
    closed = _J_closed(ctx, av, wv, asv, wsv, c, sigma, mu)

    quad, err = _J_quadrature(ctx, av, wv, asv, wsv, c, sigma, mu, error=True)
    return closed, quad, err


def _eq101_replay(params, dps):
    closed, quad, err = _eq101_values(params, dps)
    return {"violated": abs(closed - quad) > 100 * err + sp.Float(10) ** (-(dps - 15)),
            "values": {"closed form": closed, "quadrature": quad}}


def _eq101_recheck(params, dps):
    """Gauss-Legendre quadrature of (101) (instead of tanh-sinh) against the closed form, at dps digits."""
    ctx = mp_ctx(dps)
    P = {key: [ctx.mpf(Fraction(x).numerator) / Fraction(x).denominator for x in v.split(",")] for key, v in params.items()}
    av, wv, asv, wsv = P["a"], P["w"], P["astar"], P["wstar"]
    c, sigma, mu = P["c"][0], P["sigma"][0], 1 / P["omega"][0]
    closed = _J_closed(ctx, av, wv, asv, wsv, c, sigma, mu)

    def residual_sq(x):
        res = ctx.fsum(p * ctx.exp(-q * x) for p, q in zip(av, wv)) \
            - ctx.fsum(p * ctx.exp(-q * x) for p, q in zip(asv, wsv)) - c * ctx.exp(-(x - mu) ** 2 / (2 * sigma ** 2))
        return res * res
    pts = sorted({ctx.mpf(0), max(mu - 12 * sigma, ctx.mpf(0)), mu, mu + 12 * sigma})
    quad, err = ctx.quad(residual_sq, pts + [ctx.inf], method="gauss-legendre", error=True)
    return {"violated": abs(closed - quad) > 100 * err + ctx.mpf(10) ** (-(dps - 15)),
            "values": {"closed form": closed, "Gauss-Legendre": quad}}


@eq101.check(layer="numeric", full=True, replay=_eq101_replay, recheck=_eq101_recheck,
             evaluators=("tanh-sinh quadrature", "Gauss-Legendre quadrature"), method="mpmath.quad",
             scope="Gaussian template rho_0 = c e^{-s^2/(2 sigma^2)}: the closed form of J_omega (Cauchy kernels, "
                   "erfc moments (119), the template norm) against quadrature of (101) at random points")
def gaussian_template(ctx):
    worst, n = 0, 0
    for _ in range(3 if ctx.quick else 10):
        rnd = lambda lo, hi: Fraction(ctx.rng.randint(int(lo * 64), int(hi * 64)), 64)  # noqa: E731
        mm, ms = ctx.rng.randint(1, 3), ctx.rng.randint(1, 2)
        params_s = {"a": [rnd(-3, 3) for _ in range(mm)], "w": [rnd(Fraction(1, 8), 5) for _ in range(mm)],
                    "astar": [rnd(-3, 3) for _ in range(ms)], "wstar": [rnd(Fraction(1, 8), 5) for _ in range(ms)],
                    "c": [rnd(Fraction(1, 8), 3)], "sigma": [rnd(Fraction(1, 4), 3)], "omega": [rnd(Fraction(1, 16), 1)]}
        params_s = {key: ",".join(str(x) for x in v) for key, v in params_s.items()}
        closed, quad, err = _eq101_values(params_s, ctx.dps)
        worst, n = max(worst, abs(closed - quad)), n + 1
        if _eq101_replay(params_s, ctx.dps)["violated"]:
            ctx.refute("closed form of J_omega differs from quadrature", params_s,
                       certificate="closed form differs from the quadrature of (101) beyond its error estimate")
            return
    ctx.no_violation("closed form of J_omega equals quadrature of (101)", points=n,
                     detail=f"max |closed - quad| = {sp.Float(worst, 3)} at dps={ctx.dps}")


# (103): the sub-Gaussian tail, in its own real variable (the notation's t is positive)
_t103 = sp.Symbol("t", real=True)
_c0, _c1 = sp.symbols("c_0 c_1", positive=True)


eq103 = paper.claim(
    "eq103",
    kind="equation",
    label='(103)',
    where='Sec. 6.2.1, Remark 19',
    statement=r"""In the following analysis, we further focus on $\rho_0$ with light tails, e.g. the sub-Gaussian
tails
$$|\rho_0(t)| \le c_0 e^{-c_1 t^2}, \quad \forall t : |t| \ge t_0 \tag{103}$$
for some fixed positive constants $c_0, c_1, t_0$.""",
    assumptions=[
        r"""$c_0, c_1, t_0$ fixed positive constants""",
        r"""$\rho_0$ satisfies assumptions (i)-(iv) of Sec. 6.2.1""",
    ],
    printed={"tail": _c0 * sp.exp(-_c1 * _t103 ** 2)},
    notes=r"""An assumption on the template, printed inside Remark 19 (declared next as rem19). Its check verifies
the constants (c_0, c_1, t_0) that the checks of Lemma 27 and Propositions 32-34 attach to the templates in
TEMPLATES (Section 7.1 (1)). Repair: 'ρ_0', 'c_0, c_1, t_0' outside math mode in the extraction.""",
    variables={"rho_0": sr.given("a template rho_0 with (i)-(iv)"), "c_0": sr.positive(), "c_1": sr.positive(),
               "t_0": sr.positive(), "t": sr.real(text="every t with |t| >= t_0")},
)


def _tail_bound(ctx, title, f, c0, c1, t0, *, tail):
    """(103) for one template f(t) (SymPy, t = _t103) with constants (c0, c1, t0), decided exactly on each
    half-line t = +-(t0 + u), u >= 0: either |f| / tail <= 1 outright (SymPy's assumptions), or the log-ratio
    g(u) = ln|f| - ln tail has g(0) <= 0 and g'(u) <= 0."""
    u = sp.Symbol("u", nonnegative=True)
    tail = tail.subs({_c0: c0, _c1: c1})                  # the printed c_0 e^{-c_1 t^2} of (103)
    for side in (1, -1):
        at_ = {_t103: side * (t0 + u)}
        fu, tu = sp.Abs(f.subs(at_)), tail.subs(at_)
        where_ = f"{title}, {'t >= t_0' if side > 0 else 't <= -t_0'}"
        if fu == 0:
            ctx.step(f"{where_}: rho_0 = 0 there (outside its support)")
            ctx.sign(f"{where_}: 0 <= c_0 e^(-c_1 t^2)", tu, "positive")
            continue
        slack = sp.simplify(1 - fu / tu)
        if slack.is_nonnegative:
            ctx.sign(f"{where_}: |rho_0| / (c_0 e^(-c_1 t^2)) <= 1", slack, "nonnegative")
            continue
        g = sp.expand_log(sp.log(fu) - sp.log(tu), force=True)
        g_end = sp.simplify(g.subs(u, 0))
        ctx.exact_predicate(f"{where_}: ln|rho_0| - ln(c_0 e^(-c_1 t^2)) <= 0 at t = +-t_0",
                            g_end.is_nonpositive is True, detail=f"value {g_end}")
        ctx.sign(f"{where_}: and it is non-increasing in |t| (derivative)", sp.diff(g, u), "nonpositive")


# The templates of TEMPLATES (Section 7.1 (1)) as SymPy expressions, with c_0 (TEMPLATES carries c_1, t_0)
_TAIL_TEMPLATES = {
    "gaussian": (sp.exp(-_t103 ** 2 / 2), 1),
    "bump": (sp.Max(1 - (_t103 - sp.Rational(1, 2)) ** 2, 0) ** 3, 1),
    "s_gauss": (_t103 * sp.exp(-_t103 ** 2), 1),
}


@eq103.check(layer="symbolic", full=True, method="sympy assumptions (signs on half-lines)",
             scope="the three templates used by the checks of Lemma 27 and Propositions 32-34 (e^{-s^2/2}, the C^2 bump "
                   "(1 - (s - 1/2)^2)^3_+ and the sign-changing s e^{-s^2}) with the constants (c_0, c_1, t_0) "
                   "they are used with; each SymPy template is first matched with TEMPLATES at a few points")
def templates(ctx):
    mctx = mp_ctx(30)
    rows = []
    for name, (f, c0) in _TAIL_TEMPLATES.items():
        tpl = TEMPLATES[name]
        pts = [sp.Rational(q, 4) for q in (-9, -5, -2, 1, 3, 6, 11)]
        gap = max(abs(mctx.mpf(sp.N(f.subs(_t103, p), 30)) - tpl["f"](mctx, mctx.mpf(p.p) / p.q)) for p in pts)
        if gap > mctx.mpf(10) ** -25:
            ctx.inconclusive(f"{name}: the SymPy template is not the one in TEMPLATES", f"gap {mctx.nstr(gap, 5)}")
            return
        c1, t0 = sp.Rational(tpl["c1"]), sp.Rational(tpl["t0"])
        _tail_bound(ctx, name, f, c0, c1, t0, tail=ctx.printed["tail"])
        rows.append((name, sp.latex(f), c0, c1, t0))
    ctx.table("templates and their constants in (103)", ("template", "rho_0(s)", "c_0", "c_1", "t_0"), rows)


rem19 = paper.claim(
    "rem19",
    kind="remark",
    label="Remark 19",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Remark 19 The above assumptions (i), (ii) and (iii) are rather natural, and (iv) only restricts
the single side tail of $\rho_0$ to be zero. In the following analysis, we further focus on $\rho_0$ with light
tails, e.g. the sub-Gaussian tails
$$|\rho_0(t)| \le c_0 e^{-c_1 t^2}, \quad \forall t : |t| \ge t_0 \tag{103}$$
for some fixed positive constants $c_0, c_1, t_0$. Obviously, the Gaussian densities and continuous functions with
compact supports possess the sub-Gaussian tails.""",
    uses=["eq103"],
    printed={"tail": _c0 * sp.exp(-_c1 * _t103 ** 2)},
    notes=r"""The first sentence is discursive. The checked content is the last sentence. Constants: a
Gaussian c e^{-s^2/(2 sigma^2)} has c_0 = |c|, c_1 = 1/(2 sigma^2) and any t_0; a Gaussian density with mean mu is
not centred and needs a smaller c_1 (here 1/(4 sigma^2), c_0 = e^{mu^2/(2 sigma^2)}/(sigma sqrt(2 pi))); a
continuous f supported in [-R, R] has any c_0, c_1 with t_0 = R, or any t_0 with c_0 = ||f||_inf e^{c_1 R^2}.
Repair: 'ρ_0', 'c_0, c_1, t_0' outside math mode in the extraction.""",
    variables={"mu": sr.real(text="a Gaussian density N(mu, sigma^2): its mean"), "sigma": sr.positive(text="... and its width"),
               "f": sr.given("a continuous function with compact support"),
               "R": sr.positive(text="the support [-R, R] of f")},
    conclusions=[("gaussian", "Gaussian densities possess the sub-Gaussian tails (103)", "property"),
                 ("compact", "continuous functions with compact supports possess the sub-Gaussian tails (103)",
                  "property")],
)


@rem19.check(layer="symbolic", full=True, method="sympy assumptions",
             scope="every Gaussian c e^{-(t - mu)^2/(2 sigma^2)} (c != 0, sigma > 0, mu real; the density is c = "
                   "1/(sigma sqrt(2 pi))) and every continuous f supported in [-R, R], with explicit constants (the "
                   "bump (1 - (s - 1/2)^2)^3_+ is an instance in bump_example)")
def constants(ctx):
    tail = ctx.printed["tail"]
    cc = sp.Symbol("c", real=True, nonzero=True)
    sg = sp.Symbol("sigma", positive=True)
    mu_ = sp.Symbol("mu", real=True)
    R_, fmax, c0s, c1s = sp.symbols("R \\|f\\|_\\infty c_0 c_1", positive=True)
    # centred Gaussian: c_0 = |c|, c_1 = 1/(2 sigma^2), every t_0
    g0 = cc * sp.exp(-_t103 ** 2 / (2 * sg ** 2))
    # every c_1 = 1/(2 sigma^2) - delta, delta >= 0, c_0 = |c|: the log-gap is delta t^2 (at delta = 0, the
    # former argument, it is identically 0, a number that decides nothing about t; an identity would claim
    # equality, and refute a perturbed tail that the inequality still allows)
    dl = sp.Symbol("delta", nonnegative=True)
    ctx.sign("centred Gaussian, c_0 = |c|, c_1 = 1/(2 sigma^2) - delta (every delta >= 0 with c_1 > 0): "
             "ln(c_0 e^(-c_1 t^2)) - ln|rho_0(t)| >= 0 for every t",
             sp.expand_log(sp.log(tail.subs({_c0: sp.Abs(cc), _c1: 1 / (2 * sg ** 2) - dl})) - sp.log(sp.Abs(g0)),
                           force=True),
             "nonnegative")
    # Gaussian density with mean mu: c_0 = e^{mu^2/(2 sigma^2)}/(sigma sqrt(2 pi)), c_1 = 1/(4 sigma^2)
    dens = sp.exp(-(_t103 - mu_) ** 2 / (2 * sg ** 2)) / (sg * sp.sqrt(2 * sp.pi))
    gap = sp.expand_log(sp.log(tail.subs({_c0: sp.exp(mu_ ** 2 / (2 * sg ** 2)) / (sg * sp.sqrt(2 * sp.pi)),
                                          _c1: 1 / (4 * sg ** 2)})) - sp.log(dens), force=True)
    ctx.step("Gaussian density N(mu, sigma^2): ln(c_0 e^(-c_1 t^2)) - ln rho_0(t) =", sp.factor(sp.expand(gap)))
    ctx.sign("Gaussian density with mean mu, c_1 = 1/(4 sigma^2): the log-gap is a square, >= 0 for every t",
             sp.factor(sp.expand(gap)), "nonnegative")
    # continuous f supported in [-R, R]: f(t) = 0 for |t| >= R (at t = +-R by continuity)
    ctx.sign("continuous f supported in [-R, R], t_0 = R: |f(t)| = 0 <= c_0 e^(-c_1 t^2) for |t| >= R (any c_0, c_1 > 0)",
             tail.subs({_c0: c0s, _c1: c1s}), "positive")
    v_ = sp.Symbol("v", nonnegative=True)             # v = R^2 - t^2 >= 0 inside the support
    ctx.sign("... or any t_0 with c_0 = ||f||_inf e^(c_1 R^2): ln(c_0 e^(-c_1 t^2)) - ln||f||_inf = c_1 (R^2 - t^2) "
             ">= 0 for |t| <= R",
             sp.expand_log(sp.log(tail.subs({_c0: fmax * sp.exp(c1s * R_ ** 2), _c1: c1s})) - sp.log(fmax), force=True)
             .subs(_t103 ** 2, R_ ** 2 - v_), "nonnegative")


@rem19.check(layer="symbolic", about="compact", method="sympy assumptions (signs on half-lines)",
             scope="an instance beside the proof: the C^2 bump (1 - (s - 1/2)^2)^3_+ of TEMPLATES with t_0 = 3/2, "
                   "c_0 = c_1 = 1")
def bump_example(ctx):
    _tail_bound(ctx, "bump (1 - (s - 1/2)^2)^3_+", _TAIL_TEMPLATES["bump"][0], 1, 1, sp.Rational(3, 2),
                tail=ctx.printed["tail"])


thm20 = paper.claim(
    "thm20",
    kind="theorem",
    label="Theorem 20",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Theorem 20 (Exponential Timescale of Plateauing) Take $d\pi_0(w)/dw = \sum_{j=1}^{m^*}
\delta(w-w_j^*)$ with $m^* < m$. For any $\omega > 0$, $m \in \mathbb{N}_+$, $\theta_0 = (a_0, w_0) \in \mathbb{R}^m
\times \mathbb{R}^m_+$ and $\delta > 0$, define the hitting time
$$\tau_0 = \tau_0(\delta; \omega, m, \theta_0) := \inf \left\{ \tau \ge 0 : \|\theta_\omega(\tau) - \theta_0\|_2 >
\delta \right\}, \tag{105}$$
$$\tau_0' = \tau_0'(\delta; \omega, m, \theta_0) := \inf \left\{ \tau \ge 0 : \left| J_\omega(\theta_\omega(\tau)) -
J_\omega(\theta_0) \right| > \delta \right\}. \tag{106}$$
Assume that the initialization satisfies $\hat{\rho}(t; \theta_0) \approx \bar{\rho}(t)$. Then there exist universal
constants $C(\rho_0), C'(\rho_0) > 0$ only depending on $\rho_0$, such that
$$J_{\omega}(\theta_0) \gtrsim C(\rho_0) > 0, \quad \forall \omega \in (0, C'(\rho_0)), \tag{107}$$
and
$$\lim_{\omega \to 0^+} \tau_0(\delta; \omega, m, \theta_0) = \lim_{\omega \to 0^+} \tau'_0(\delta; \omega, m,
\theta_0) = +\infty. \tag{108}$$
In particular, if $\rho_0$ has the sub-Gaussian tails (103), and the initialization is bounded as $(a_0, w_0) \in
[a_l^0, a_r^0]^m \times [w_l^0, w_r^0]^m$ with constants $a_l^0 < a_r^0$, $0 < w_l^0 < w_r^0$, we further have
$$\tau_0'(\delta;\omega,m,\theta_0) \ge \tau_0(\delta;\omega,m,\theta_0) \gtrsim \omega^2 e^{\frac{w_l^0}{\omega}}
\min\left\{\frac{\delta}{\sqrt{m}},\ln(1+\delta)\right\} \tag{109}$$
for any $\omega \in (0, \min\{1/2, 1/t_0, 2c_1/w_r^0\})$ sufficiently small, where $\delta \ll \min\{1,
C(\rho_0)\}$, and $\gtrsim$ hides universal positive constants only depending on $a_l^0$, $a_r^0$, $w_r^0$ and
$\rho_0$, $t_0$, $c_0$, $c_1$.""",
    uses=["eq101", "eq103", "prop32", "prop33", "prop34"],
    notes="Checked by the training/gradient-flow issue (hitting times); declared here for the dependency graph.",
    variables={"omega": sr.positive(), "m": sr.integer(1), "m^*": sr.integer(1, text="1 <= m* < m"),
               "w^*": sr.positive(text="the atoms w*_j of pi_0"),
               "a": sr.real(text="a_0 in R^m"), "w": sr.positive(text="w_0 in R^m_+ (in [w_l^0, w_r^0]^m for (109))"),
               "delta": sr.positive(), "rho_0": sr.given("a template with (i)-(iv); sub-Gaussian (103) for (109)")},
    conclusions=[("107", "J_omega(theta_0) >~ C(rho_0) > 0 for every omega in (0, C'(rho_0))", "inequality"),
                 ("108", "lim_{omega -> 0+} tau_0 = lim_{omega -> 0+} tau_0' = +oo", "limit"),
                 ("109", "tau_0' >= tau_0 >~ omega^2 e^{w_l^0/omega} min{delta/sqrt(m), ln(1 + delta)} for omega small",
                  "inequality")],
)








@thm20.check(layer="numeric", about=("108", "109"), method="stiff gradient flow (Radau and LSODA, log-time) + ratio trend",
             scope="m = 2, m* = 1 (a* = 1, w* = 1), Gaussian template e^{-s^2/2} at 1/omega, theta_0 = (0.6, 0.4, 1, 1) "
                   "in M* (w_l^0 = 1) and a perturbation of it, delta = 1/100, 1/omega = 4..14: (108) growth of tau_0, "
                   "tau_0, (109) tau_0' >= tau_0 and the hidden constant of (109) (tau_0 over its right-hand side, bounded "
                   "below), the fitted slope of ln tau_0 against 1/omega next to w_l^0")
def hitting_times(ctx):
    import math
    rows, inv = [], []
    inv_list = [4, 6, 8, 10, 12] if ctx.quick else [4, 6, 8, 10, 12, 14]
    delta = 1e-2
    starts = {"M* point": [0.6, 0.4, 1.0, 1.0], "perturbed": [0.6, 0.4 + 1e-4, 1.0 + 1e-4, 1.0]}
    results = {}
    for label, th0 in starts.items():
        seq = []
        for k_ in inv_list:
            t0, t0l, status = _hitting_times(th0, [1.0], [1.0], k_, delta)
            om = 1 / k_
            rhs = om ** 2 * math.exp(1.0 / om) * min(delta / math.sqrt(2), math.log1p(delta))
            seq.append((k_, t0, t0l, rhs))
            rows.append((label, k_, f"{t0:.4g}" if t0 else "none", f"{t0l:.4g}" if t0l else "none",
                         f"{t0 / rhs:.4g}" if t0 else "-", status))
            if t0 is None or t0l is None:
                ctx.inconclusive(f"no hitting time within tau <= 1e16 ({label}, 1/omega={k_})", status)
                return
            if t0l < t0 * (1 - 1e-8):
                ctx.inconclusive(f"tau_0' < tau_0 ({label}, 1/omega={k_})", f"{t0l} < {t0}")
                return
        results[label] = seq
        if label == "M* point":
            inv = [(k_, t0) for k_, t0, _, _ in seq]
    ctx.table("hitting times of the gradient flow (104) (delta = 1/100)",
              ("start", "1/omega", "tau_0", "tau_0'", "tau_0 / rhs of (109)", "solver"), rows)
    ks = [k_ for k_, _ in inv]
    logs = [math.log(t0) for _, t0 in inv]
    n_ = len(ks)
    slope = (n_ * sum(k_ * y for k_, y in zip(ks, logs)) - sum(ks) * sum(logs)) / (n_ * sum(k_ * k_ for k_ in ks) - sum(ks) ** 2)
    ctx.plot("tau0", "Theorem 20: ln tau_0 against 1/omega (slope next to w_l^0 = 1)", xlabel="1/omega",
             ylabel="tau_0", logy=True, lines=[(lab, [k_ for k_, *_ in seq], [t0 for _, t0, _, _ in seq])
                                                for lab, seq in results.items()])
    for label, seq in results.items():
        growing = all(b[1] > a_[1] for a_, b in zip(seq, seq[1:]))
        inv_ratio = [math.log(rhs / t0) for _, t0, _, rhs in seq]
        trend = sr.numeric.classify([inv_ratio[q] - inv_ratio[q - 1] for q in range(len(inv_ratio) - 3, len(inv_ratio))])
        if not growing or trend == "growing":
            ctx.inconclusive(f"({label}) (108) or the constant of (109) not supported",
                             f"tau_0 increasing: {growing}; rhs/tau_0 trend: {trend}")
            return
    ctx.step(f"Least-squares slope of ln tau_0 against 1/omega (M* start): {slope:.3f}; (109) implies an asymptotic "
             f"slope of at least w_l^0 = 1 (its omega^2 factor lowers the slope on a finite range).")
    ctx.no_violation("(108) tau_0 grows, tau_0' >= tau_0, and tau_0 / (omega^2 e^{w_l^0/omega} min{...}) stays bounded "
                     "below", points=sum(len(v) for v in results.values()),
                     detail=f"Radau in log-time, rtol 1e-10; fitted slope {slope:.3f}")


@thm20.check(layer="numeric", about="107", method="closed forms + exact Gaussian norm",
             scope="(107) for the Gaussian template e^{-s^2/2}: C(rho_0), C'(rho_0) of Proposition 32's proof; J_omega(theta_0) "
                   "at random rational points of M* (m <= 5, m* <= 2) equals ||rho_{0,omega}||^2 = sqrt(pi)/2 (1 + erf(1/omega)), "
                   "and at points with Jbar(theta_0) in {1e-8, 1e-6, 1e-4} (theta_0 near M*, the 'approx' of the theorem) "
                   "J_omega(theta_0) / C stays above a positive constant, for omega in (0, C') down to C'/1000")
def loss_107(ctx):
    import math

    import numpy as np

    mctx = mp_ctx(30)
    _, _, C_, Cp = _prop32_constants(mctx, "gaussian")
    C_, Cp = float(C_), float(Cp)
    fracs = (0.999, 0.9, 0.5, 0.1, 0.01, 0.001)
    rows, worst, n = [], math.inf, 0
    for trial in range(2 if ctx.quick else 5):
        ms = ctx.rng.randint(1, 2)
        mm = ctx.rng.randint(ms + 1, 5)
        a_, w_, astar, wstar = _random_m_star_point(ctx.rng, mm, ms)
        for level in (0.0, 1e-8, 1e-6, 1e-4):
            # moving a_1 by eta adds eta e^{-w_1 t}: Jbar = eta^2 / (2 w_1) exactly
            eta = math.sqrt(2 * float(w_[0]) * level)
            th0 = np.array([float(x) for x in a_] + [float(x) for x in w_])
            th0[0] += eta
            for fr in fracs:
                om = Cp * fr
                loss, _, _ = _flow_problem([float(x) for x in astar], [float(x) for x in wstar], 1 / om)
                J0 = loss(th0)
                norm_sq = math.sqrt(math.pi) / 2 * (1 + math.erf(1 / om))
                if level == 0.0 and abs(J0 - norm_sq) > 1e-9 * norm_sq:
                    ctx.inconclusive("J_omega differs from ||rho_0,omega||^2 on M*", f"{J0} vs {norm_sq} (omega={om})")
                    return
                worst, n = min(worst, J0 / C_), n + 1
            rows.append((trial, mm, ms, f"{level:g}", f"{J0:.6f}", f"{J0 / C_:.4f}"))
    ctx.table(f"(107): J_omega(theta_0) / C(rho_0) with C = {C_:.5f}, C' = {Cp:.5f} (last column at omega = C'/1000)",
              ("point", "m", "m*", "Jbar(theta_0)", "J_omega(theta_0)", "J_omega / C"), rows)
    if not worst > 1:
        ctx.inconclusive("J_omega(theta_0) fell below C(rho_0)", f"min ratio {worst:.4g}")
        return
    ctx.no_violation("(107) J_omega(theta_0) >= C(rho_0) > 0 for omega in (0, C'(rho_0)), on and near M*", points=n,
                     detail=f"min J_omega/C = {worst:.4f} (the constant of '>~' is 1 here); on M* J_omega equals the "
                            "exact template norm to 1e-9")


rem21 = paper.claim(
    "rem21",
    kind="remark",
    label="Remark 21",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Remark 21 The proof of Theorem 20 follows from $\hat{\rho}(t;\theta_0) \equiv \bar{\rho}(t)$ and
continuity. According to the linear independence of exponential functions (Lemma 28), we can obtain a further
relation between parameters of $\hat{\rho}(\cdot;\theta_0)$ and $\bar{\rho}(\cdot)$ (see Definition 29 and Lemma
30). This further implies a permutation symmetry in the parameter space, which leads to a factorial number of
equivalent initialization regions. All the details are found in Definition 29, Lemma 30, Remark 31 and Remark 36 in
Section 7.1.""",
    uses=["thm20", "def29", "lemma30", "rem31"],
    notes=r"""'Equivalent' is read as: a simultaneous permutation sigma of the neurons (a_i, w_i) leaves J_omega
invariant, so the gradient flow commutes with sigma and maps M*_P onto M*_{sigma(P)} with the same hitting times. 'A
factorial number' is read as Remark 31's count m^*! S(m, m^*) of the spaces M*_P (I_0 empty), at least m^*!.""",
    variables={"m": sr.integer(1), "m^*": sr.integer(1, text="1 <= m* <= m"), "a": sr.real(), "w": sr.positive(),
               "omega": sr.positive(), "rho_0": sr.given("a template with (i)-(iv)")},
    conclusions=[("symmetry", "a permutation symmetry in the parameter space (equivalent initialization regions)",
                  "property"),
                 ("count", "a factorial number of equivalent initialization regions", "property")],
)


@rem21.check(layer="symbolic", about="symmetry", method="sympy.expand",
             scope="J_omega (closed form with generic moments) and its gradient under the generators (1 2) and "
                   "(1 2 ... m) of S_m, (m, m*) in {(2,1), (3,1), (3,2), (4,2), (5,2)}; for every m the integrand "
                   "(sum_i a_i e^{-w_i t} - rho_omega)^2 is itself a symmetric function of the pairs (a_i, w_i)")
def permutation_invariance(ctx):
    for mm, ms in ((2, 1), (3, 1), (3, 2), (4, 2), (5, 2)):
        J = J_omega(mm, ms)
        gens = {"(1 2)": {1: 2, 2: 1}, "(1 ... m)": {q: q % mm + 1 for q in range(1, mm + 1)}}
        pairs = []
        for name, perm in gens.items():
            sub = {**{a[q]: a[perm.get(q, q)] for q in range(1, mm + 1)}, **{w[q]: w[perm.get(q, q)] for q in range(1, mm + 1)}}
            pairs.append((f"J_omega, sigma = {name}", J.xreplace(sub), J))
            if mm <= 3:   # J(sigma theta) = J(theta) gives (dJ/dx_{sigma^-1(p)})(sigma theta) = (dJ/dx_p)(theta)
                inv = {v: k_ for k_, v in perm.items()}
                for base in (a, w):
                    for p_ in range(1, mm + 1):
                        pairs.append((f"gradient equivariance, {base}_{p_}, sigma = {name}",
                                      sp.diff(J, base[inv.get(p_, p_)]).xreplace(sub), sp.diff(J, base[p_])))
        ctx.identities(f"J_omega(sigma theta) = J_omega(theta) for the generators of S_m, m={mm}, m*={ms}", pairs)


@rem21.check(layer="symbolic", about="count", method="enumeration",
             scope="I_0 empty, 1 <= m* <= m <= 7: the S_m-orbits of the spaces M*_P, their sizes m!/(n_1! ... n_m*!) "
                   "indexed by the block sizes, and their total m*! S(m, m*) >= m*!")
def equivalent_regions(ctx):
    from math import factorial, prod
    rows = []
    for mm in range(1, 8):
        for ms in range(1, min(mm, 4) + 1):
            spaces = {tuple(frozenset(b) for b in P) for P in sr.symbolic.ordered_partitions(mm, ms)}
            # sigma acts on labelled partitions blockwise; the orbit of P is fixed by its block sizes
            orbits = {}
            for P in spaces:
                orbits.setdefault(tuple(len(b) for b in P), set()).add(P)
            sizes_ok = all(len(o) == factorial(mm) // prod(factorial(x) for x in key) for key, o in orbits.items())
            closed = all(tuple(frozenset(perm[q] for q in b) for b in P) in spaces
                         for P in list(spaces)[:20] for perm in itertools.islice(itertools.permutations(range(mm)), 30))
            total = int(sp.factorial(ms) * sr.symbolic.stirling2(mm, ms))
            ctx.exact_predicate(f"m={mm}, m*={ms}: S_m permutes the {len(spaces)} spaces M*_P; orbit sizes are "
                                "multinomials", sizes_ok and closed)
            ctx.exact(f"m={mm}, m*={ms}: number of spaces = m*! S(m, m*)", len(spaces), total)
            ctx.exact_predicate(f"m={mm}, m*={ms}: at least m*! spaces (a factorial number)",
                                len(spaces) >= factorial(ms) and (mm != ms or len(spaces) == factorial(ms)))
            rows.append((mm, ms, len(spaces), len(orbits), total))
    ctx.table("equivalent regions M*_P (I_0 empty) under neuron permutations",
              ("m", "m*", "spaces M*_P", "S_m-orbits (block sizes)", "m*! S(m, m*)"), rows)


_A1, _w_l0 = sp.symbols(r"A w_l^0", positive=True)        # A := ||a_0||_1 (Remark 22)


# Remark 22 and its correction quantify over the same variables
_REM22_VARIABLES = {
    "m": sr.integer(1), "a": sr.real(text="a (a_0) in R^m").family(),
    "w": sr.real(text="w in R^m (first bullet: any real rates); w_0 >= w_l^0 in the second").family(),
    "w_l^0": sr.positive(), "beta": sr.real(1, None, text="beta >= 1 of (110)"), "omega": sr.positive(),
    "C": sr.positive(text="a candidate constant of the O(.)"),
    "astar": sr.real(text="an exponential-sum rho_bar: coefficients (a point of the target)"),
    "wstar": sr.positive(text="... and rates"),
    "c": sr.positive(text="a Gaussian template c e^{-s^2/(2 sigma^2)} (a point of rho_0)"),
    "sigma": sr.positive(text="... and its width")}


rem22 = paper.claim(
    "rem22",
    kind="remark",
    label="Remark 22",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Remark 22 Here we take the bounded initialization for convenience. There are two points that need
explanation:
- notice that the exponential sum $\hat{\rho}(t; a, w) = a^{\top} e^{-wt}$ is (square) integrable on $[0, \infty)$
if and only if $w \succ \mathbf{0}_m$, it is natural to set the non-degenerate condition $w_0 \succeq w_l^0
\mathbf{1}_m$ to ensure a finite initial loss;
- the normalization factor $m^{-\beta}$ ($\beta \geq 1$) on $a_0$ is to ensure a bounded initial loss with respect
to the network width $m \in \mathbb{N}_+$. It is due to $\|\hat{\rho}(t; a_0, w_0)\|_{L^2[0,\infty)} =
\mathcal{O}(\|a_0\|_1)$, which gives $J_{\omega}(a_0, w_0) = \mathcal{O}(\|a_0\|_1 + 1)$ (see details in the proof
of Lemma 38 and Remark 39).

The bounded initialization (110) also implies stability of the training dynamics (104). The details are found in
Lemma 40 (and Remark 41, Lemma 50), which states that there exists a universal constant $\tau_1 > 0$, such that for
any $\omega > 0$, $m \in \mathbb{N}_+$ and $\theta_0 \in \Theta_0$, each component of $w_{\omega}(\tau)$ is
uniformly bounded away from zero within the time horizon $[0, \tau_1]$.""",
    assumptions=[r"""the bounded initialization (110): $w_0 \in [w_l^0, w_r^0]^m$, $a_0 = a_0' m^{-\beta}$, $a_0'
\in [a_l^0, a_r^0]^m$, $\beta \ge 1$"""],
    uses=["eq101"],
    printed={"norm_order": _A1, "loss_order": _A1 + 1},
    notes=r"""The remark is italic up to 'explanation:'; the bullets and the paragraph after them are included as
they bear on it. In printed, A := ||a_0||_1. The hidden constants of the O(.) are read as in Lemma 38 (depending on
w_l^0, the target and rho_0, not on a_0). Repair: 'a_0' outside math mode; italics dropped.""",
    variables=_REM22_VARIABLES,
    conclusions=[("integrable", "a^T e^{-wt} is (square) integrable on [0, oo) if and only if w > 0", "property"),
                 ("norm", "||rho_hat(t; a_0, w_0)||_{L^2[0, oo)} = O(||a_0||_1)", "asymptotic"),
                 ("loss", "J_omega(a_0, w_0) = O(||a_0||_1 + 1)", "asymptotic"),
                 ("stability", "some universal tau_1 > 0 keeps every w_omega(tau) bounded away from zero on [0, tau_1], "
                               "for every omega > 0, m and theta_0 in Theta_0", "inequality")],
)


def _rem22_integrable_replay(params, dps):
    """The exponential sum with the given a, w: its exact L^2[0, oo) norm squared (SymPy) and whether w > 0."""
    av = [sp.Rational(x) for x in params["a"].split(",")]
    wv = [sp.Rational(x) for x in params["w"].split(",")]
    s_ = sp.Symbol("s", positive=True)
    rh = sum(p * sp.exp(-q * s_) for p, q in zip(av, wv))
    norm_sq = sp.integrate(sp.expand(rh ** 2), (s_, 0, sp.oo))
    return {"violated": bool(norm_sq.is_finite) and not all(x > 0 for x in wv),
            "values": {"rho_hat(t)": sp.simplify(rh), "||rho_hat||^2": norm_sq, "w > 0": all(x > 0 for x in wv)}}


def _rem22_integrable_recheck(params, dps):
    """mpmath: int_0^T rho_hat(t)^2 dt by quadrature for T = 10, 100, 1000 (bounded for an L^2 function; it grows at
    least like e^{2|w| T} otherwise), and whether w > 0."""
    mctx = mp_ctx(dps)
    av = [sr.numeric.to_mpf(mctx, Fraction(x)) for x in params["a"].split(",")]
    wv = [sr.numeric.to_mpf(mctx, Fraction(x)) for x in params["w"].split(",")]
    rh = lambda s: mctx.fsum(p * mctx.exp(-q * s) for p, q in zip(av, wv))  # noqa: E731
    vals = [mctx.quad(lambda s: rh(s) ** 2, mctx.linspace(0, T_, 11)) for T_ in (10, 100, 1000)]
    bounded = max(vals) < mctx.mpf(10) ** (-(dps // 2))
    return {"violated": bool(bounded and not all(q > 0 for q in wv)),
            "values": {"int_0^T rho_hat^2, T = 10, 100, 1000": ", ".join(mctx.nstr(v, 3) for v in vals)}}


def _rem22_loss_recheck(params, dps, printed):
    """mpmath quadrature of (101) (not the closed form) against C times the printed order, by SymPy exactly."""
    ctx = mp_ctx(dps)
    P = {key: [ctx.mpf(Fraction(x).numerator) / Fraction(x).denominator for x in v.split(",")]
         for key, v in params.items() if key != "C"}
    quad = _J_quadrature(ctx, P["a"], P["w"], P["astar"], P["wstar"], P["c"][0], P["sigma"][0], 1 / P["omega"][0])
    A = sum(abs(sp.Rational(x)) for x in params["a"].split(","))
    bound = sp.Rational(params["C"]) * printed["loss_order"].subs(_A1, A)
    return {"violated": bool(quad > ctx.mpf(str(sp.N(bound, dps)))),
            "values": {"J_omega by quadrature": ctx.nstr(quad, 15), "C (printed order)": sp.N(bound, 15)}}


@rem22.hypothesis("exponential_sum", r"first bullet: any $a \in \mathbb{R}^m$, $w \in \mathbb{R}^m$ (the bullet "
                  r"quantifies over all exponential sums $a^\top e^{-wt}$)", checks=("integrability",))
def _r22_hsum(p):
    av, wv = p["a"].split(","), p["w"].split(",")
    ok = len(av) == len(wv) and all(sp.Rational(x).is_real for x in av + wv)
    return bool(ok), f"m = {len(av)}"


@rem22.hypothesis("bounded_init", r"(110) with $m = 1$, $\beta = 1$, $[a_l^0, a_r^0] = [-|a_0|, |a_0|]$, "
                  r"$w_0 \ge w_l^0 > 0$; target $a^* e^{-w^*t}$ with $w^* > 0$, Gaussian template ($c, \sigma > 0$), "
                  r"$\omega > 0$", checks=("loss_order",))
def _r22_hinit(p):
    av = [sp.Rational(x) for x in p["a"].split(",")]
    pos = [sp.Rational(x) for k_ in ("w", "wstar", "c", "sigma", "omega") for x in p[k_].split(",")]
    return bool(len(av) == 1 and all(x > 0 for x in pos)), f"a_0 = {av}, w_0 = {p['w']} (= w_l^0)"


@rem22.check(layer="symbolic", about="integrable", method="sympy.integrate", replay=_rem22_integrable_replay, recheck=_rem22_integrable_recheck,
             evaluators=("SymPy exact integral", "mpmath quadrature on growing intervals"),
             scope="first bullet: the 'if' direction for every a and w > 0 (Gram form, m <= 3); the 'only if' "
                   "direction as printed (every a in R^m), and under non-degeneracy (nonzero coefficient on the "
                   "smallest rate, m = 2)")
def integrability(ctx):
    for mm in (1, 2, 3):
        gram = sum(a[p] * a[q] / (w[p] + w[q]) for p in range(1, mm + 1) for q in range(1, mm + 1))
        ctx.identity(f"w > 0: ||a^T e^(-wt)||^2 = sum_ij a_i a_j / (w_i + w_j) (finite), m={mm}",
                     sr.symbolic.integrate_exp_polynomial(rho_hat(mm) ** 2, t), gram)
    # non-degenerate: w_1 <= 0 is the smallest rate and carries a_1 != 0; then e^{w_1 t} rho_hat -> a_1
    w1 = sp.Symbol("w_1", nonpositive=True)
    gap_ = sp.Symbol("g", positive=True)          # w_2 - w_1 > 0
    a1, a2 = sp.Symbol("a_1", real=True, nonzero=True), sp.Symbol("a_2", real=True)
    lim_ = sp.limit(a1 + a2 * sp.exp(-gap_ * t), t, sp.oo)
    ctx.identity("non-degenerate, w_1 = min w <= 0: e^{w_1 t} rho_hat(t) -> a_1 != 0, so |rho_hat| >= |a_1|/2 "
                 "eventually and rho_hat is not in L^2", lim_, a1)
    ctx.sign("... and e^{-w_1 t} >= 1 there", -w1 * t, "nonnegative")
    ctx.refute("'only if' fails as printed: a cancelling pair with w not > 0 gives rho_hat = 0 in L^2",
               {"a": "1,-1", "w": "-1,-1"},
               certificate="a = (1, -1), w = (-1, -1): rho_hat(t) = e^t - e^t = 0, square integrable, while w is not > 0 "
                           "(the equivalence needs every distinct rate to carry a nonzero net coefficient)")


def _rem22_loss_replay(params, dps, printed):
    """J_omega at m = 1 (Gaussian template c e^{-s^2/(2 sigma^2)} at 1/omega) by its closed form, against C times the
    printed order at ||a_0||_1 (exact rational bound)."""
    closed, _, _ = _eq101_values({k_: v for k_, v in params.items() if k_ != "C"}, dps)
    A = sum(abs(Fraction(x)) for x in params["a"].split(","))
    bound = sp.Rational(params["C"]) * printed["loss_order"].subs(_A1, sp.Rational(A))
    over = closed > mp_ctx(dps).mpf(str(sp.N(bound, dps)))
    return {"violated": bool(over), "values": {"J_omega closed form": closed, "C (printed order)": bound}}


@rem22.check(layer="symbolic", about=("norm", "loss"), method="sympy.limit + exact Gram bound", replay=_rem22_loss_replay,
             recheck=_rem22_loss_recheck, evaluators=("closed form of (101) (mpmath erfc)", "mpmath quadrature of (101)"),
             scope="second bullet: ||rho_hat|| <= ||a_0||_1 / sqrt(2 w_l^0) for w_0 >= w_l^0 (every m); J_omega against "
                   "the printed O(||a_0||_1 + 1) as ||a_0||_1 -> oo (m = 1, generic target and template moments), and "
                   "against O(||a_0||_1^2 + 1); the bounded-loss conclusion on Theta_0")
def loss_order(ctx):
    # ||rho_hat||^2 = a^T G a with G_ij = 1/(w_i + w_j) <= 1/(2 w_l^0): write w_i = w_l^0 + x_i, x_i >= 0
    xi, xj = sp.symbols("x_i x_j", nonnegative=True)
    ctx.sign("G_ij = 1/(w_i + w_j) <= 1/(2 w_l^0) when w_i, w_j >= w_l^0", 1 / (2 * _w_l0) - 1 / (2 * _w_l0 + xi + xj),
             "nonnegative")
    ctx.step("hence ||rho_hat||^2 = sum_ij a_i a_j G_ij <= sum_ij |a_i||a_j| / (2 w_l^0) = ||a_0||_1^2 / (2 w_l^0)")
    ratio = sp.sqrt(_A1 ** 2 / (2 * _w_l0)) / ctx.printed["norm_order"]
    ctx.exact_predicate("||rho_hat|| / ||a_0||_1 <= 1/sqrt(2 w_l^0): bounded in ||a_0||_1, as printed",
                        sp.limit(ratio, _A1, sp.oo).is_finite is True and sp.limit(ratio, _A1, 0).is_finite is True,
                        detail=f"ratio of the bound to the printed order: {sp.simplify(ratio)}")
    # m = 1: J_omega(a, w) = a^2/(2w) - 2a (a*/(w + w*) + Delta_0(w)) + const; a = ||a_0||_1 > 0
    J1 = J_omega(1, 1).xreplace({a[1]: _A1})
    lim_printed = sp.limit(J1 / ctx.printed["loss_order"], _A1, sp.oo)
    lim_square = sp.limit(J1 / (_A1 ** 2 + 1), _A1, sp.oo)
    ctx.step("m = 1: J_omega(a_0, w_0) =", J1)
    ctx.step(f"lim J_omega / (printed order) as ||a_0||_1 -> oo = {lim_printed}; lim J_omega / (||a_0||_1^2 + 1) = "
             f"{lim_square} (finite and positive: O(||a_0||_1^2 + 1) is the sharp order)")
    ctx.exact_predicate("J_omega = O(||a_0||_1^2 + 1) and no better: the limit is 1/(2 w_1)",
                        sp.simplify(lim_square - 1 / (2 * w[1])) == 0)
    ctx.step("On Theta_0 (110), ||a_0||_1 <= max(|a_l^0|, |a_r^0|) m^{1 - beta} <= c_a^0 since beta >= 1, so J_omega(a_0, w_0) "
             "<= (c_a^0/sqrt(2 w_l^0) + ||rho_bar|| + ||rho_0||_{L^2(R)})^2 uniformly in m and omega: the remark's "
             "purpose (a bounded initial loss in m) is unaffected.")
    if lim_printed == sp.oo:
        ctx.refute("J_omega(a_0, w_0) = O(||a_0||_1 + 1) is false: J_omega grows like ||a_0||_1^2 / (2 w)",
                   {"C": "10000", "a": "1000000", "w": "1", "astar": "1", "wstar": "1", "c": "1", "sigma": "1",
                    "omega": "1/4"},
                   certificate="exact limit: J_omega / (||a_0||_1 + 1) -> oo as ||a_0||_1 -> oo (m = 1, any w_0 > 0, "
                               "target and template); the witness shows the candidate constant C = 10^4 failing at "
                               "a_0 = 10^6, w_0 = 1 (target e^{-t} + e^{-(t - 4)^2/2}): J_omega is about 5 10^11 > "
                               "C (||a_0||_1 + 1) = 10^10 + 10^4; ||rho_hat|| = O(||a_0||_1) only gives "
                               "J_omega = O(||a_0||_1^2 + 1)")
    else:
        ctx.exact_predicate("J_omega / (printed order) stays bounded as ||a_0||_1 -> oo", lim_printed.is_finite is True,
                            detail=f"limit {lim_printed}")


@rem22.check(layer="numeric", about=("norm", "loss"), method="closed forms + ratio trend",
             scope="sweep: ||a_0||_1 from 1e-3 to 1e3 (random signs, w_0 in [1/2, 2]^m, m in {1, 3, 8}), "
                   "omega in {1/2, 1/8, 1/32}, target e^{-t} + e^{-(t - 1/omega)^2/2}: sup ||rho_hat|| / ||a_0||_1 "
                   "(bounded by 1/sqrt(2 w_l^0) = 1) and sup J_omega / (||a_0||_1 + 1) (trend)")
def sweep(ctx):
    import math

    import numpy as np

    scales = [10.0 ** (q / 2) for q in range(-6, 7)]
    norm_sup, loss_sup, n = 0.0, [0.0] * len(scales), 0
    for mm in (1, 3, 8):
        for _ in range(2 if ctx.quick else 4):
            dirs = np.array([ctx.rng.uniform(-1, 1) for _ in range(mm)])
            dirs /= np.abs(dirs).sum()
            w0 = np.array([ctx.rng.uniform(0.5, 2) for _ in range(mm)])
            G = 1 / np.add.outer(w0, w0)
            for inv in (2, 8, 32):
                loss, _, _ = _flow_problem([1.0], [1.0], float(inv))
                for q, s_ in enumerate(scales):
                    a0 = s_ * dirs
                    norm_sup = max(norm_sup, math.sqrt(a0 @ G @ a0) / s_)
                    loss_sup[q] = max(loss_sup[q], loss(np.concatenate([a0, w0])) / (s_ + 1))
                    n += 1
    ctx.table("sup over directions, widths and omega, per ||a_0||_1", ("||a_0||_1", "sup J_omega / (||a_0||_1 + 1)"),
              [(f"{s_:.3g}", f"{v:.4g}") for s_, v in zip(scales, loss_sup)])
    ctx.plot("loss_ratio", "Remark 22: sup J_omega/(||a_0||_1 + 1) grows linearly in ||a_0||_1", xlabel="||a_0||_1",
             ylabel="ratio", lines=[("sup J/(||a||_1+1)", scales, loss_sup)], logx=True, logy=True)
    trend = sr.numeric.classify([math.log(loss_sup[q] / loss_sup[q - 1]) for q in range(len(scales) - 3, len(scales))])
    ctx.step(f"trend of sup J_omega/(||a_0||_1 + 1) at the large end: {trend} (the symbolic check decides the order)")
    if norm_sup > 1 + 1e-12:
        ctx.inconclusive("||rho_hat|| / ||a_0||_1 exceeded 1/sqrt(2 w_l^0)", f"{norm_sup}")
        return
    ctx.no_violation("||rho_hat(a_0, w_0)|| <= ||a_0||_1 / sqrt(2 w_l^0) (= ||a_0||_1 here)", points=n,
                     detail=f"sup ratio {norm_sup:.6f}")


@rem22.check(layer="numeric", about="stability", method="stiff ODE (156) with an event + gradient flow of (104)",
             scope="the last paragraph (Lemma 40's horizon): Theta_0 with w_l^0 = 1/2, w_r^0 = 2, a'_0 in [-1, 1]^m, beta = 1, "
                   "target e^{-t} (c^* = 1, w_l = 1) + e^{-(t - 1/omega)^2/2}; tau_1 from (156) and the flows from random "
                   "and corner points of Theta_0, m in {1, 5, 20} (quick) or up to 50, omega in {1/2, 1/8, 1/32}: "
                   "min_k w_k(tau) >= w_l^0/2 on [0, tau_1]")
def stability_horizon(ctx):
    import math

    import numpy as np
    from scipy.integrate import solve_ivp

    wl0, ca0, cstar, wl = 0.5, 1.0, 1.0, 1.0
    J0 = ca0 / math.sqrt(2 * wl0) + cstar / math.sqrt(2 * wl) + math.pi ** 0.25     # ||e^{-s^2/2}||_{L^2(R)} = pi^{1/4}

    def rhs156(_, y):                         # y = (v, int_0^tau v)
        return [0.5 * J0 * (ca0 + math.sqrt(2) * J0 * y[1]) * y[0] ** 6, y[0]]
    hit = lambda _, y: y[0] - math.sqrt(2 / wl0)  # noqa: E731
    hit.terminal, hit.direction = True, 1
    sol = solve_ivp(rhs156, (0, 10), [1.1 / math.sqrt(wl0), 0.0], events=hit, rtol=1e-12, atol=1e-14)
    if not len(sol.t_events[0]):
        ctx.inconclusive("v of (156) does not reach sqrt(2/w_l^0) by tau = 10", str(sol.y[:, -1]))
        return
    tau1 = float(sol.t_events[0][0])
    rows, n, worst = [], 0, math.inf
    for mm in ((1, 5, 20) if ctx.quick else (1, 5, 20, 50)):
        for inv in (2, 8, 32):
            local = math.inf
            _, grad, hess = _flow_problem([1.0], [1.0], float(inv))
            starts = [np.concatenate([np.full(mm, s_) / mm, np.full(mm, wl0)]) for s_ in (1.0, -1.0)]
            starts += [np.concatenate([np.array([ctx.rng.uniform(-1, 1) for _ in range(mm)]) / mm,
                                       np.array([ctx.rng.uniform(wl0, 2.0) for _ in range(mm)])])]
            for th0 in starts:
                res = sr.numeric.gradient_flow(grad, th0, tau_max=tau1, hessian=hess,
                                               events={"low": lambda t_, y: wl0 / 2 - np.min(y[mm:])})
                n += 1
                if res.hitting_times.get("low") is not None or res.status == "failed":
                    ctx.inconclusive(f"w fell below w_l^0/2 before tau_1 (m={mm}, 1/omega={inv})", str(res.hitting_times))
                    return
                local = min(local, float(np.min(res.theta_end[mm:])) / wl0)
            worst = min(worst, local)
            rows.append((mm, inv, f"{local:.4f}"))
    ctx.table(f"Lemma 40's horizon tau_1 = {tau1:.5g} from (156) (J^0 = {J0:.4f}); min_k w_k(tau_1)/w_l^0 over 3 starts",
              ("m", "1/omega", "min w / w_l^0"), rows)
    ctx.no_violation("a universal tau_1 > 0 with w_omega(tau) >= w_l^0/2 on [0, tau_1] (the remark's stability claim)",
                     points=n, detail=f"tau_1 = {tau1:.5g}; no flow crossed w_l^0/2 (event-located); min w(tau_1)/w_l^0 = "
                                      f"{worst:.4f}")


rem22_corrected = paper.claim(
    "rem22_corrected",
    kind="correction",
    label="Remark 22, corrected",
    where="Sec. 6.2.1 Theoretical Results",
    corrected_from="rem22",
    statement=r"""- If the coefficients of $a$, summed over equal rates, are nonzero, then $\hat{\rho}(t; a, w) =
a^{\top} e^{-wt}$ is square integrable on $[0, \infty)$ if and only if $w \succ \mathbf{0}_m$;
- if $w_0 \succeq w_l^0 \mathbf{1}_m$, then $\|\hat{\rho}(t; a_0, w_0)\|_{L^2[0,\infty)} \le \|a_0\|_1/\sqrt{2
w_l^0}$, hence $J_{\omega}(a_0, w_0) \le (\|a_0\|_1/\sqrt{2 w_l^0} + \|\bar\rho\|_{L^2[0,\infty)} +
\|\rho_0\|_{L^2(\mathbb{R})})^2 = \mathcal{O}(\|a_0\|_1^2 + 1)$, and this order is attained; on $\Theta_0$,
$\|a_0\|_1 \le c_a^0 m^{1-\beta} \le c_a^0$, so $J_\omega(a_0, w_0)$ is bounded uniformly in $m$ and $\omega$.""",
    uses=["eq101"],
    printed={"loss_order": _A1 ** 2 + 1},
    notes="In printed, A := ||a_0||_1.",
    variables=_REM22_VARIABLES,
    conclusions=[("integrable", "if the coefficients summed over equal rates are nonzero, a^T e^{-wt} is square "
                                "integrable on [0, oo) iff w > 0", "property"),
                 ("bound", "w_0 >= w_l^0 gives ||rho_hat|| <= ||a_0||_1/sqrt(2 w_l^0) and J_omega(a_0, w_0) <= "
                           "(||a_0||_1/sqrt(2 w_l^0) + ||rho_bar|| + ||rho_0||)^2 = O(||a_0||_1^2 + 1)", "inequality"),
                 ("attained", "this order is attained", "asymptotic"),
                 ("uniform", "on Theta_0, J_omega(a_0, w_0) is bounded uniformly in m and omega", "inequality")],
)


rem22_corrected.hypothesis("bounded_init", r"as Remark 22's witness: $m = 1$, $w_0 \ge w_l^0 > 0$, target "
                            r"$a^* e^{-w^*t}$ with $w^* > 0$, Gaussian template ($c, \sigma > 0$), $\omega > 0$",
                            checks=("orders",))(_r22_hinit)


@rem22_corrected.check(layer="symbolic", about=("integrable", "attained"), method="sympy.limit", replay=_rem22_loss_replay, recheck=_rem22_loss_recheck,
                       evaluators=("closed form of (101) (mpmath erfc)", "mpmath quadrature of (101)"),
                       scope="m = 1 closed form with generic target and template moments: J_omega / (||a_0||_1^2 + 1) has a "
                             "finite positive limit as ||a_0||_1 -> oo; the non-degenerate L^2 criterion (m = 2)")
def orders(ctx):
    J1 = J_omega(1, 1).xreplace({a[1]: _A1})
    lim_ = sp.limit(J1 / ctx.printed["loss_order"], _A1, sp.oo)
    if lim_ == sp.oo:
        # the printed order is not even an upper bound: the same witness as Remark 22's loss_order
        ctx.refute("J_omega(a_0, w_0) = O(printed order) is false: J_omega / (printed order) -> oo",
                   {"C": "10000", "a": "1000000", "w": "1", "astar": "1", "wstar": "1", "c": "1", "sigma": "1",
                    "omega": "1/4"},
                   certificate=f"exact limit of J_omega / ({ctx.printed['loss_order']}) as ||a_0||_1 -> oo (m = 1): oo; "
                               "the witness shows the candidate constant C = 10^4 failing at a_0 = 10^6, w_0 = 1")
    ctx.exact_predicate("lim J_omega / (printed order) as ||a_0||_1 -> oo is finite and positive (the order is attained)",
                        bool(lim_.is_finite) and bool(lim_.is_positive), detail=f"limit {lim_}")
    lim0 = sp.limit(J1 / ctx.printed["loss_order"], _A1, 0)
    ctx.exact_predicate("... and finite as ||a_0||_1 -> 0 (a constant of the target and template)",
                        _A1 not in lim0.free_symbols and not lim0.has(sp.oo, -sp.oo, sp.zoo, sp.nan), detail=f"limit {lim0}")
    gap_ = sp.Symbol("g", positive=True)
    a1 = sp.Symbol("a_1", real=True, nonzero=True)
    ctx.identity("non-degenerate, w_1 = min w <= 0: e^{w_1 t} rho_hat(t) -> a_1 != 0, so rho_hat is not in L^2",
                 sp.limit(a1 + sp.Symbol("a_2", real=True) * sp.exp(-gap_ * t), t, sp.oo), a1)


@rem22_corrected.check(layer="numeric", about=("bound", "uniform"), method="closed forms",
                       scope="the explicit bound J_omega <= (||a_0||_1/sqrt(2 w_l^0) + ||rho_bar|| + ||rho_0||_{L^2(R)})^2 and "
                             "the ratio J_omega/(||a_0||_1^2 + 1) over ||a_0||_1 in [1e-3, 1e3] (w_l^0 = 1/2, m in {1, 3, 8}, "
                             "omega in {1/2, 1/8, 1/32}); on Theta_0 (a'_0 in [-1, 1]^m, beta = 1) for m up to 1000")
def explicit_bound(ctx):
    import math

    import numpy as np

    K = 1 / math.sqrt(2) + math.pi ** 0.25        # ||e^{-t}|| + ||e^{-s^2/2}||_{L^2(R)}
    scales = [10.0 ** (q / 2) for q in range(-6, 7)]
    sup_ratio, margin, n = [0.0] * len(scales), math.inf, 0
    for mm in (1, 3, 8):
        for _ in range(2 if ctx.quick else 4):
            dirs = np.array([ctx.rng.uniform(-1, 1) for _ in range(mm)])
            dirs /= np.abs(dirs).sum()
            w0 = np.array([ctx.rng.uniform(0.5, 2) for _ in range(mm)])
            for inv in (2, 8, 32):
                loss, _, _ = _flow_problem([1.0], [1.0], float(inv))
                for q, s_ in enumerate(scales):
                    J = loss(np.concatenate([s_ * dirs, w0]))
                    sup_ratio[q] = max(sup_ratio[q], J / (float(ctx.printed["loss_order"].subs(_A1, s_))))
                    margin = min(margin, (s_ + K) ** 2 - J)           # 1/sqrt(2 w_l^0) = 1 here
                    n += 1
    theta_rows = []
    for mm in ((10, 100) if ctx.quick else (10, 100, 1000)):
        loss, _, _ = _flow_problem([1.0], [1.0], 8.0)
        Js = [loss(np.concatenate([np.array([ctx.rng.uniform(-1, 1) for _ in range(mm)]) / mm,
                                   np.array([ctx.rng.uniform(0.5, 2) for _ in range(mm)])])) for _ in range(3)]
        theta_rows.append((mm, f"{max(Js):.4f}", f"{(1 + K) ** 2:.4f}"))
        margin = min(margin, (1 + K) ** 2 - max(Js))
        n += 3
    ctx.table("sup J_omega / (printed order) per ||a_0||_1", ("||a_0||_1", "sup ratio"),
              [(f"{s_:.3g}", f"{v:.4g}") for s_, v in zip(scales, sup_ratio)])
    ctx.table("Theta_0 (beta = 1, 1/omega = 8): J_omega(theta_0) against (c_a^0/sqrt(2 w_l^0) + ||rho_bar|| + ||rho_0||)^2",
              ("m", "max J_omega", "bound"), theta_rows)
    trend = sr.numeric.classify([math.log(sup_ratio[q] / sup_ratio[q - 1]) for q in range(len(scales) - 3, len(scales))])
    if margin < 0 or trend != "bounded":
        ctx.inconclusive("explicit bound violated or the ratio is not bounded", f"margin {margin:.4g}, trend {trend}")
        return
    ctx.no_violation("J_omega <= (||a_0||_1/sqrt(2 w_l^0) + ||rho_bar|| + ||rho_0||)^2 and J_omega/(||a_0||_1^2 + 1) bounded",
                     points=n, detail=f"smallest margin of the explicit bound {margin:.4g}; ratio trend {trend}")


thm23 = paper.claim(
    "thm23",
    kind="theorem",
    label="Theorem 23",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Theorem 23 (Extensions on Plateauing Time) [(111)-(114) as printed] Then for any $\omega \in (0,
\min\{1/2, 1/t_0, 4c_1/w_l^0\})$ sufficiently small, $m \in \mathbb{N}_+$ appropriately large such that $\bar{\tau}
= \bar{\tau}(\omega, m) \leq \tau_1$, $\bar{\epsilon} = \bar{\epsilon}(\omega, m)$ and $\bar{\epsilon}/\bar{\tau}$
sufficiently small, and any $\theta_0 \in \Theta_0$, there exists $\tau' = \tau'(\omega, m, \theta_0) \in
[\bar{\tau}/2, \bar{\tau}]$, such that
$$\tau_{0}' - \tau' \ge \tau_{0} - \tau' \gtrsim \begin{cases} \min\left\{\frac{\delta}{\sqrt{m\bar{\epsilon}} +
\sqrt{m\omega^{-1}e^{-\frac{w_{l}^{0}}{2\omega}}}}, \frac{\ln(1+\delta)}{mC^{-m} + \sqrt{\bar{\epsilon}} +
\omega^{-2}e^{-\frac{w_{l}^{0}}{2\omega}}}\right\}, & \bar{\tau} = 0,
\\ \min\left\{\frac{\delta}{\sqrt{\bar{\epsilon}/\bar{\tau}} + \sqrt{m\omega^{-1}e^{-\frac{w_{l}^{0}}{4\omega}}}},
\frac{\ln(1+\delta)}{mC^{-m} + \sqrt{\bar{\epsilon}} + \omega^{-2}e^{-\frac{w_{l}^{0}}{2\omega}}}\right\}, &
\bar{\tau} \neq 0, \end{cases} \tag{115}$$
where $\delta \ll \min\{1, C(\rho_0)\}, C > 1$ and $\gtrsim$ hide universal positive constants only depending on
$a_l^0, a_r^0, w_l^0, w_r^0, w_l, w_r$ and $a^*, \rho_0, t_0, c_0, c_1$.""",
    uses=["eq101", "lemma38", "prop44"],
    notes="Only the conclusion (115) is transcribed in full (the hypotheses (111)-(114) are in the paper). The "
          "radical's extent in sqrt(m omega^{-1} e^{...}) is as rendered in the text file; the other reading "
          "sqrt(m) omega^{-1} e^{...} is also used by the checks of Remarks 24 and 26.",
    variables={"omega": sr.positive(text="omega in (0, min{1/2, 1/t_0, 4c_1/w_l^0}) small"), "m": sr.integer(1),
               "theta_0": sr.given("any theta_0 in Theta_0 (110)"), "delta": sr.positive(),
               "rho_0": sr.given("a template with (i)-(iv) and (103)")},
    conclusions=[("bound", "some tau' in [tau_bar/2, tau_bar] has tau_0' - tau' >= tau_0 - tau' >~ (115)", "inequality")],
)

_w0, _dl, _Cm = sp.symbols("w_l^0 delta C", positive=True)
_eps_bar, _tau_bar = sp.symbols(r"\bar{\epsilon} \bar{\tau}", positive=True)


def _bound_115(eps_b, tau_b, reading, with_mcm=True):
    """The right-hand side of (115): reading 'A' takes sqrt(m omega^-1 e^{...}), 'B' sqrt(m) omega^-1 e^{...}."""
    def rad(expo):
        return sp.sqrt(m * omega ** -1 * sp.exp(-expo)) if reading == "A" else sp.sqrt(m) * omega ** -1 * sp.exp(-expo)
    mcm = m * _Cm ** (-m) if with_mcm else 0
    if tau_b == 0:
        first = _dl / (sp.sqrt(m * eps_b) + rad(_w0 / (2 * omega)))
    else:
        first = _dl / (sp.sqrt(eps_b / tau_b) + rad(_w0 / (4 * omega)))
    second = sp.log(1 + _dl) / (mcm + sp.sqrt(eps_b) + omega ** -2 * sp.exp(-_w0 / (2 * omega)))
    return first, second


rem24 = paper.claim(
    "rem24",
    severity="reading",
    severity_reason="'recover Theorem 20' read literally as recovering its rate e^{w_l^0/omega} fails ((115) gives "
                    "e^{w_l^0/(2 omega)} or e^{w_l^0/(4 omega)}); the authors evidently mean the qualitative conclusion, an exponentially large "
                    "plateau in 1/omega, which (115) does give",
    intended="rem24_qualitative",
    kind="remark",
    label="Remark 24",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Remark 24 One can view Theorem 23 as an extension of Theorem 20. In fact, by taking
$\bar{\epsilon} = \bar{\tau} = 0$ and noticing that the term $mC^{-m}$ is eliminated due to simpler analysis,${}^7$
we can recover Theorem 20 based on Theorem 23. In addition, Theorem 23 implies that an exponentially small
$\bar{\epsilon}$ in the target memory $1/\omega$ (in particular, $\bar{\epsilon} = 0$) with an appropriately large
$m \in \mathbb{N}_+$ leads to an exponentially large lower bound for the timescale of plateauing. That is to say,
the learning to the short-term memory part of the target results in the curse of memory in optimization.""",
    uses=["thm20", "thm23"],
    variables={omega: sr.positive(text="the memory 1/omega: omega > 0 small"), "w0": sr.positive(text="w_l^0 > 0 (the symbol w_l^0; witnesses name it w0)"),
               m: sr.integer(1), _dl: sr.real(0, 1, open="both", text="the gap delta in (0, 1) of (109) and (115)")},
    conclusions=[("recover", "Theorem 23 at eps_bar = tau_bar = 0, without m C^-m, recovers Theorem 20 (its bound (109))",
                  "property"),
                 ("exponential", "an exponentially small eps_bar (in particular 0) with m large enough gives a lower "
                                 "bound of the plateau time exponentially large in the memory 1/omega", "asymptotic")],
    printed={"thm20_rate": omega ** 2 * sp.exp(_w0 / omega)},
)


def _rem24_replay(params, dps, printed=None):
    """SymPy: (115) at eps_bar = tau_bar = 0 without m C^-m, divided by the printed rate of (109) times
    min(delta/sqrt(m), ln(1 + delta)), at the witness (evalf)."""
    printed = paper.claims["rem24"].printed if printed is None else printed
    reading = params["reading"]
    first, second = _bound_115(0, 0, reading, with_mcm=False)
    recovered = sp.Min(first, second)
    target = printed["thm20_rate"] * sp.Min(_dl / sp.sqrt(m), sp.log(1 + _dl))
    vals = {omega: sp.Rational(params["omega"]), _w0: sp.Rational(params["w0"]), m: int(params["m"]),
            _dl: sp.Rational(params["delta"])}
    ratio = sp.N((recovered / target).subs(vals), dps)
    return {"violated": bool(ratio < sp.Rational(1, 10 ** 6)), "values": {"(115) at eps = tau = 0 / (109)": ratio}}


def _bound_115_mp(mctx, params):
    """mpmath, (115) coded directly at eps_bar = tau_bar = 0 without m C^-m (not through _bound_115): the two terms
    at the witness, reading A delta/sqrt(m omega^-1 e^{-w/(2 omega)}) or B delta/(sqrt(m) omega^-1 e^{-w/(2 omega)}),
    and ln(1 + delta)/(omega^-2 e^{-w/(2 omega)}).  Returns (omega, w_l^0, delta, m, first, second)."""
    om, w0, dl = (sr.numeric.to_mpf(mctx, Fraction(params[k_])) for k_ in ("omega", "w0", "delta"))
    mm = int(params["m"])
    if params["reading"] == "A":
        first = dl / mctx.sqrt(mm / om * mctx.exp(-w0 / (2 * om)))
    else:
        first = dl / (mctx.sqrt(mm) / om * mctx.exp(-w0 / (2 * om)))
    second = mctx.log(1 + dl) / (om ** -2 * mctx.exp(-w0 / (2 * om)))
    return om, w0, dl, mm, first, second


def _rem24_recheck(params, dps, printed):
    """mpmath, (115) coded directly (_bound_115_mp), against the printed rate (lambdified) of (109)."""
    mctx = mp_ctx(dps)
    om, w0, dl, mm, first, second = _bound_115_mp(mctx, params)
    rate = sp.lambdify((omega, _w0), printed["thm20_rate"], modules=mctx)(om, w0)
    ratio = min(first, second) / (rate * min(dl / mctx.sqrt(mm), mctx.log(1 + dl)))
    return {"violated": bool(ratio < mctx.mpf(10) ** -6), "values": {"ratio (mpmath)": mctx.nstr(ratio, 10)}}


@rem24.hypothesis("theorem23_regime", r"Theorem 23's regime at $\bar\epsilon = \bar\tau = 0$: $\omega$ small "
                  r"($\omega \le 1/100$), $\delta < 1$, $m \in \mathbb{N}_+$, $w_l^0 > 0$, a reading of the radical",
                  checks=("recover_theorem20",))
def _r24_h(p):
    om, w0, dl = (sp.Rational(p[k_]) for k_ in ("omega", "w0", "delta"))
    ok = 0 < om <= sp.Rational(1, 100) and 0 < dl < 1 and int(p["m"]) >= 1 and w0 > 0 and p["reading"] in ("A", "B")
    return bool(ok), f"omega = {om}, delta = {dl}, m = {p['m']}, w_l^0 = {w0}, reading {p['reading']}"


@rem24.check(layer="symbolic", method="sympy.limit", replay=_rem24_replay, recheck=_rem24_recheck,
             about=("recover", "exponential"),
             evaluators=("SymPy evalf", "mpmath, (115) coded directly"),
             scope="(115) at eps_bar = tau_bar = 0 without m C^-m, both readings of the radical, against the rate of (109) "
                   "as omega -> 0 (delta, m, w_l^0 fixed)")
def recover_theorem20(ctx):
    for reading in ("A", "B"):
        first, second = _bound_115(0, 0, reading, with_mcm=False)
        ctx.step(f"reading {reading}: (115) at eps_bar = tau_bar = 0 gives min of", sp.Tuple(sp.simplify(first), sp.simplify(second)))
        for name, term in (("first", first), ("second", second)):
            lim = sp.limit(term / (ctx.printed["thm20_rate"]), omega, 0, "+")
            ctx.step(f"reading {reading}, {name} term / (omega^2 e^(w_l^0/omega)) as omega -> 0:", lim)
    ctx.exact_predicate("the recovered bound is still exponentially large in 1/omega (qualitative part)",
                        sp.limit(_bound_115(0, 0, "A", False)[1], omega, 0, "+") == sp.oo)
    ctx.refute("Theorem 20's rate is not recovered: (115) gives e^{w_l^0/(2 omega)} (and e^{w_l^0/(4 omega)}), "
               "exponentially below the e^{w_l^0/omega} of (109)",
               {"reading": "A", "omega": "1/100", "w0": "1", "m": "4", "delta": "1/10"},
               certificate="exact limits: each term of the recovered bound divided by omega^2 e^{w_l^0/omega} tends to 0",
               irrelevant=("reading",))   # which reading of (115)'s radical: both fail (the limits above)


rem24_qualitative = paper.claim(
    "rem24_qualitative",
    kind="remark",
    label="Remark 24, the qualitative reading",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""By taking $\bar{\epsilon} = \bar{\tau} = 0$ and dropping $mC^{-m}$, (115) gives a lower bound of
the plateauing time that is exponentially large in the memory $1/\omega$, as Theorem 20 does: $\liminf_{\omega \to
0^+} \omega \ln(\text{bound}) \ge w_l^0/4 > 0$ (the exponent is $w_l^0/2$ or $w_l^0/4$ depending on the reading of
the radical, instead of (109)'s $w_l^0$).""",
    uses=["thm20", "thm23"],
    printed={"exponent": _w0 / 4},
    notes="symrnn: the intended reading of li2022.rem24 (which refutes the literal one, the rate of (109)).",
    variables={"w0": sr.positive(text="w_l^0 > 0 (the symbol w_l^0; witnesses name it w0)"), m: sr.integer(1),
               _dl: sr.real(0, 1, open="both", text="the gap delta in (0, 1) of (115)")},
    conclusions=[("exponential", "liminf_{omega -> 0+} omega ln(bound) >= w_l^0/4 > 0 for the bound of (115) at "
                                 "eps_bar = tau_bar = 0 without m C^-m, either reading of the radical", "limit")],
)


def _rem24q_replay(params, dps, printed):
    """SymPy evalf: omega ln(bound) of (115) at eps_bar = tau_bar = 0 without m C^-m (the smaller term) at the witness,
    against the printed exponent at w_l^0 (violated: the printed exponent is <= 0, or exceeds the value by 1 %)."""
    first, second = _bound_115(0, 0, params["reading"], with_mcm=False)
    vals = {omega: sp.Rational(params["omega"]), _w0: sp.Rational(params["w0"]), m: int(params["m"]),
            _dl: sp.Rational(params["delta"])}
    value = sp.N((omega * sp.log(sp.Min(first, second))).subs(vals), dps)
    expo = sp.N(printed["exponent"].subs(_w0, vals[_w0]), dps)
    return {"violated": bool(expo <= 0 or value < expo - abs(expo) / 100),
            "values": {"omega ln(bound)": value, "printed exponent": expo}}


def _rem24q_recheck(params, dps, printed):
    """mpmath, (115) coded directly (_bound_115_mp), against the printed exponent (lambdified)."""
    mctx = mp_ctx(dps)
    om, w0, _, _, first, second = _bound_115_mp(mctx, params)
    value = om * mctx.log(min(first, second))
    expo = sp.lambdify(_w0, printed["exponent"], modules=mctx)(w0)
    return {"violated": bool(expo <= 0 or value < expo - abs(expo) / 100),
            "values": {"omega ln(bound) (mpmath)": mctx.nstr(value, 10), "printed exponent": mctx.nstr(expo, 10)}}


rem24_qualitative.hypothesis("theorem23_regime", r"as Remark 24's witness: $\omega \le 1/100$, $\delta < 1$, "
                              r"$m \in \mathbb{N}_+$, $w_l^0 > 0$, a reading of the radical", checks=("exponential_growth",))(_r24_h)


@rem24_qualitative.check(layer="symbolic", method="sympy.limit", full=True, replay=_rem24q_replay,
                         recheck=_rem24q_recheck, evaluators=("SymPy evalf", "mpmath, (115) coded directly"),
                         scope="both readings of the radical, every delta in (0, 1), m, w_l^0 > 0: omega ln(term) of each "
                               "term of (115) at eps_bar = tau_bar = 0 tends to the printed exponent (or more)")
def exponential_growth(ctx):
    lims = {}
    for reading in ("A", "B"):
        first, second = _bound_115(0, 0, reading, with_mcm=False)
        for name, term in (("first", first), ("second", second)):
            lim = sp.limit(omega * sp.log(term), omega, 0, "+")
            lims[reading, name] = lim
            ctx.step(f"reading {reading}, {name} term: lim omega ln(term) =", lim)
    expo = ctx.printed["exponent"]
    below = [key for key, v in lims.items() if sp.simplify(v - expo).is_negative]
    if expo.is_nonpositive or below:
        reading = below[0][0] if below else "A"
        ctx.refute(f"the bound does not grow like e^{{c/omega}} with c >= {expo} > 0",
                   {"reading": reading, "omega": "1/1000", "w0": "1", "m": "4", "delta": "1/10"},
                   certificate=f"exact limits of omega ln(term) as omega -> 0: {lims}; printed exponent {expo}"
                               + (" is not positive" if expo.is_nonpositive else ""),
                   irrelevant=("reading", "omega"))   # the reading of the radical; omega: where the replay evaluates
        return
    # decided by the engine in the declared variables (w_l^0 under its witness name w0, m, delta): the stated exponent
    # is positive, and each limit, as an unevaluated Limit in w0, m and delta, equals its value, which is at least the
    # exponent (equal to it as an identity, the others by the sign of the difference)
    w0s = sp.Symbol("w0", positive=True)
    ctx.sign("the stated exponent is positive", expo.subs(_w0, w0s), "positive")
    for (reading, name), v in lims.items():
        term = dict(zip(("first", "second"), _bound_115(0, 0, reading, with_mcm=False)))[name]
        lim_expr = sp.Limit(omega * sp.log(term), omega, 0, "+").subs(_w0, w0s)
        d = sp.simplify(v - expo)
        if d == 0:
            ctx.identity(f"reading {reading}, {name} term: lim omega ln(term) = the stated exponent", lim_expr,
                         expo.subs(_w0, w0s))
        else:
            ctx.identity(f"reading {reading}, {name} term: lim omega ln(term) = {v}", lim_expr, v.subs(_w0, w0s))
            ctx.sign(f"reading {reading}, {name} term: lim omega ln(term) - the stated exponent >= 0", d.subs(_w0, w0s),
                     "nonnegative")


thm25 = paper.claim(
    "thm25",
    kind="theorem",
    label="Theorem 25",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Theorem 25 (Stage-I Dynamics) Set $p \in (1/3, 1)$ and assume that $m \ge 1/\tau_1^{1/p}$ with
$\tau_1$ defined above (after Remark 22). Fix any $\omega \in (0, \min\{1/2, 1/t_0, 4c_1/w_l\})$ and $m \in
\mathbb{N}_+$. For any $\delta_0 > 0$, with probability of at least $1 - \delta_0$ over the choice of $\theta_0 \in
\tilde{\Theta}_0$, we have
$$\left\| [a_{\omega}(\tau)]^{\top} e^{-w_{\omega}(\tau)t} - \bar{\rho}(t) \right\|_{L^{2}[0,\infty)}^{2} \lesssim
\frac{1}{m^{1-p}} + \ln(6/\delta_{0}) \left(\frac{1}{m^{6p-2}} + \frac{1}{m} \right) + m^{2(1-p)}
e^{-\frac{w_{l}}{2\omega}}, \quad \forall \tau \in [m^{-p}/2, m^{-p}], \tag{117}$$
where $\lesssim$ hides universal positive constants only depending on $a_l$, $a_r$, $w_l$, $w_r$ and $a^*$,
$\rho_0$, $t_0$, $c_0$, $c_1$.""",
    uses=["lemma48", "lemma49", "lemma50", "lemma51", "lemma52", "proof25"],
    notes="The check here estimates the constant of (117) on small flows (numeric); the failure rate against delta_0 "
          "over many seeds belongs to the training back end.",
    variables={"p": sr.real(sp.Rational(1, 3), 1, open="both"), "m": sr.integer(1, text="m >= 1/tau_1^{1/p}"),
               "omega": sr.positive(text="omega in (0, min{1/2, 1/t_0, 4c_1/w_l})"), "delta_0": sr.positive(),
               "theta_0": sr.given("theta_0 drawn from Theta~_0"), "rho_0": sr.given("a template with (i)-(iv), (103)")},
    conclusions=[("bound", "with probability >= 1 - delta_0: ||a_omega(tau)^T e^{-w_omega(tau) t} - rho_bar||^2 <~ (117) "
                           "for every tau in [m^{-p}/2, m^{-p}]", "inequality")],
)

_p, _d0, _wl = sp.symbols("p delta_0 w_l", positive=True)
_L6 = sp.log(6 / _d0)


rem26 = paper.claim(
    "rem26",
    kind="remark",
    label="Remark 26",
    where="Sec. 6.2.1 Theoretical Results",
    statement=r"""Remark 26 By Theorem 25, let
$$\bar{\epsilon} = \bar{\epsilon}(\omega, m) = \frac{1}{m^{1-p}} + \ln(6/\delta_0) \left(\frac{1}{m^{6p-2}} +
\frac{1}{m}\right) + m^{2(1-p)} e^{-\frac{w_l}{2\omega}},$$
$$\bar{\tau} = \bar{\tau}(\omega, m) = m^{-p}, \quad \bar{c} = \bar{c}(a_l, a_r, w_l, w_r, a^*, \rho_0, t_0, c_0,
c_1),$$
we get
$$\bar{\epsilon}(\omega,m)/\bar{\tau}(\omega,m) = \frac{1}{m^{1-2p}} + \ln(6/\delta_0) \left(\frac{1}{m^{5p-2}} +
\frac{1}{m^{1-p}}\right) + m^{2-p} e^{-\frac{w_l}{2\omega}}.$$
Further restrict $p \in (2/5, 1/2)$, we have
$$\lim_{m \to \infty} \lim_{\omega \to 0^+} \bar{\epsilon}(\omega, m) = \lim_{m \to \infty} \lim_{\omega \to 0^+}
\bar{\tau}(\omega, m) = \lim_{m \to \infty} \lim_{\omega \to 0^+} \bar{\epsilon}(\omega, m) / \bar{\tau}(\omega, m)
= 0,$$
which implies that $\bar{\epsilon}$, $\bar{\tau}$ and $\bar{c}$ satisfy all the conditions in Theorem 23 for any
$\omega > 0$ sufficiently small and $m \in \mathbb{N}_+$ sufficiently large. Applying Theorem 25 to Theorem 23 gives
that for any $\delta_0 > 0$, with the probability of at least $1 - \delta_0$ over the initialization $\theta_0 \in
\tilde{\Theta}_0$, the plateauing timescale $\tau_0(\delta; \omega, m, \theta_0), \tau'_0(\delta; \omega, m,
\theta_0)$ defined in (113), (114) can be lower bounded by
$$\min\left\{\frac{\delta}{m^{p-\frac{1}{2}} + \frac{\sqrt{\ln(6/\delta_0)}}{m^{\frac{5}{2}p-1}} +
m^{1-\frac{p}{2}}\omega^{-1}e^{-\frac{w_l}{4\omega}}}, \frac{\ln(1+\delta)}{mC^{-m} + m^{\frac{p-1}{2}} +
\frac{\sqrt{\ln(6/\delta_0)}}{m^{3p-1}} + m^{1-p}\omega^{-2}e^{-\frac{w_l}{4\omega}}}\right\}. \tag{118}$$
This lower bound goes to infinity in the iterated limit when $\omega \to 0^+$ first and then $m \to \infty$.""",
    uses=["thm23", "thm25"],
    printed={
        "eps_bar": 1 / m ** (1 - _p) + _L6 * (1 / m ** (6 * _p - 2) + 1 / m) + m ** (2 * (1 - _p)) * sp.exp(-_wl / (2 * omega)),
        "tau_bar": m ** (-_p),
        "ratio": 1 / m ** (1 - 2 * _p) + _L6 * (1 / m ** (5 * _p - 2) + 1 / m ** (1 - _p)) + m ** (2 - _p) * sp.exp(-_wl / (2 * omega)),
        "d118_1": m ** (_p - sp.Rational(1, 2)) + sp.sqrt(_L6) / m ** (sp.Rational(5, 2) * _p - 1)
        + m ** (1 - _p / 2) * omega ** -1 * sp.exp(-_wl / (4 * omega)),
        "d118_2": m * _Cm ** (-m) + m ** ((_p - 1) / 2) + sp.sqrt(_L6) / m ** (3 * _p - 1)
        + m ** (1 - _p) * omega ** -2 * sp.exp(-_wl / (4 * omega)),
    },
    variables={"p": sr.real(sp.Rational(1, 3), 1, open="both", text="p in (1/3, 1) (Theorem 25); (2/5, 1/2) for the limits"),
               "m": sr.integer(1), "omega": sr.positive(), "delta_0": sr.positive(), "w_l": sr.positive(),
               "delta": sr.positive(), "C": sr.real(1, None, open="lo", text="the constant C > 1 of m C^{-m}")},
    conclusions=[("ratio", "eps_bar/tau_bar = 1/m^{1-2p} + ln(6/delta_0)(1/m^{5p-2} + 1/m^{1-p}) + m^{2-p} e^{-w_l/(2 omega)}",
                  "identity"),
                 ("limits", "for p in (2/5, 1/2) the iterated limits of eps_bar, tau_bar, eps_bar/tau_bar are 0", "limit"),
                 ("bound118", "with probability >= 1 - delta_0, tau_0 and tau_0' are bounded below by (118)", "inequality"),
                 ("divergence", "(118) goes to infinity as omega -> 0+ and then m -> oo", "limit")],
)


@rem26.check(layer="symbolic", method="sympy.limit", full=True,
             scope="eps_bar/tau_bar for every p, m, omega; the iterated limits and the divergence of (118) at "
                   "p in {41/100, 9/20, 49/100} (inside (2/5, 1/2)) and delta_0 = 1/10; (118) against (115) (tau_bar != 0 "
                   "branch, sqrt(x+y) <= sqrt(x) + sqrt(y), w_l^0 = w_l) under both readings, as omega -> 0")
def iterated_limits(ctx):
    P = {k_: v.subs(_d0, sp.Rational(1, 10)) for k_, v in ctx.printed.items()}
    ctx.identity("eps_bar / tau_bar as printed (every delta_0)", ctx.printed["eps_bar"] / ctx.printed["tau_bar"],
                 ctx.printed["ratio"])
    for pv in (sp.Rational(41, 100), sp.Rational(9, 20), sp.Rational(49, 100)):
        sub = {_p: pv}
        inner = [sp.limit(P[k_].subs(sub), omega, 0, "+") for k_ in ("eps_bar", "tau_bar", "ratio")]
        outer = [sp.limit(x, m, sp.oo) for x in inner]
        ctx.exact_predicate(f"p = {pv}: lim_m lim_omega of eps_bar, tau_bar, eps_bar/tau_bar are 0", outer == [0, 0, 0],
                            detail=f"{outer}")
        bound = sp.Min(_dl / P["d118_1"], sp.log(1 + _dl) / P["d118_2"]).subs(sub)
        inner_b = [sp.limit((_dl / P["d118_1"]).subs(sub), omega, 0, "+"),
                   sp.limit((sp.log(1 + _dl) / P["d118_2"]).subs({**sub, _Cm: 2}), omega, 0, "+")]
        ctx.exact_predicate(f"p = {pv}: both terms of (118) tend to oo in the iterated limit (C = 2)",
                            all(sp.limit(x, m, sp.oo) == sp.oo for x in inner_b), detail=str(bound)[:80])
    # (118) from (115): each term of the (115) denominators (with eps_bar, tau_bar of Theorem 25) is at most a
    # constant times a term of (118), uniformly as omega -> 0 and m -> oo: compare the exponents of m and omega
    pv = sp.Rational(9, 20)
    for reading in ("A", "B"):
        first, _ = _bound_115(P["eps_bar"].subs(_p, pv), P["tau_bar"].subs(_p, pv), reading)
        den_115 = sp.simplify(_dl / first).subs(_w0, _wl)
        den_118 = P["d118_1"].subs(_p, pv)
        lim = sp.limit(sp.limit(den_115 / den_118, omega, 0, "+"), m, sp.oo)
        ctx.step(f"reading {reading}, p = 9/20: lim_m lim_omega (first denominator of (115)) / (that of (118)) =", lim)
        ctx.exact_predicate(f"reading {reading}: (118)'s first denominator dominates (115)'s (finite ratio)",
                            lim.is_finite is True, detail=f"ratio limit {lim}")
        # at fixed m, the memory terms alone: (115)'s radical against (118)'s m^{1-p/2} omega^{-1} e^{-w_l/(4 omega)}
        rad = (sp.sqrt(m * omega ** -1 * sp.exp(-_wl / (4 * omega))) if reading == "A"
               else sp.sqrt(m) * omega ** -1 * sp.exp(-_wl / (4 * omega)))
        fixed = sp.limit((rad / (m ** (1 - pv / 2) * omega ** -1 * sp.exp(-_wl / (4 * omega)))).subs(m, 4), omega, 0, "+")
        ctx.step(f"reading {reading}, fixed m = 4: (115)'s memory term / (118)'s as omega -> 0 tends to {fixed} "
                 + ("(so (118) follows only in the iterated limit under this reading)" if fixed == sp.oo else
                    "(consistent term by term)"))


# ---------------------------------------------------------------------------- every m (index locality)
from .model import closed_form_sums, integral_sums, J_omega_sums, m_s, SANITY  # noqa: E402 - apart from the imports above

# (97)-(98) for every m by `ctx.index_identity` (the coincidence cases of the summed indices decided in generic
# symbols). For a general target rho, J of (95) is in closed form through the Laplace moments
# L_n[rho](s) = int_0^oo t^n e^{-st} rho(t) dt (free values; d/ds L_n = -L_{n+1}, finite for rho in L^2[0, oo) and
# s > 0 by Cauchy-Schwarz) and ||rho||^2: differentiated in a_k (w_k) it is compared with the printed integral in
# the same terms, so the gradient formula holds for every m and every rho (as for (225)-(227)). The integrand
# identity and the two-part target rho_bar + rho_{0,omega} are decided for every m too (evidence beside it).

_q = sp.Symbol("q", integer=True, positive=True)     # the target sum's index (i is bound in the printed integrand)
_rho_parts = sp.Sum(a_s[_q] * sp.exp(-w_s[_q] * t), (_q, 1, m_s)) + rho0w
L_rho = sr.symbolic.template_moments("L", r"\mathcal{L}_{%(n)s}[\rho](%(s)s)")   # int t^n e^{-st} rho(t) dt
rho_norm_sq = sp.Symbol(r"\|\rho\|^2", positive=True)


def _general_every_m(ctx, var):
    x = (a if var == "a" else w)[k]
    J = closed_form_sums(target=False, template=rho, moments=L_rho, norm_sq=rho_norm_sq)
    ctx.index_identity(f"dJ/d{var}_k (closed form of (95) through the moments of rho, symbolic m) = the printed "
                       "integral in the same terms", J,
                       integral_sums(ctx.printed["integrand"], template=rho, moments=L_rho, norm_sq=rho_norm_sq),
                       wrt=(x,), free={k: m}, sizes={m: SANITY[m]})
    ctx.step("Closed form of (95) at symbolic m (L_n[rho](s) = int_0^oo t^n e^{-st} rho(t) dt):", J)


def _integrand_every_m(ctx, var):
    integrand = ctx.printed["J_integrand"].subs(sp.Function(r"\rho")(t), rho)
    ctx.index_identity(f"d/d{var}_k of the integrand of (95) = printed integrand, every m (general rho)",
                       integrand, ctx.printed["integrand"], wrt=((a if var == "a" else w)[k],), free={k: m},
                       sizes={m: SANITY[m]})


def _closed_every_m(ctx, var):
    integral = integral_sums(ctx.printed["integrand"].subs(rho, _rho_parts), template=rho0w, moments=Delta,
                             norm_sq=norm0)
    ctx.index_identity(f"dJ/d{var}_k (closed form of (101) at symbolic m, m*) = integral of the printed integrand",
                       J_omega_sums(), integral, wrt=((a if var == "a" else w)[k],), free={k: m}, sizes=SANITY)


@eq97.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
            scope="every m and every rho in L^2[0, oo): the closed form of (95) through the moments of rho")
def every_m(ctx):
    _general_every_m(ctx, "a")


@eq97.check(layer="symbolic", full=False, method="ctx.index_identity (coincidence cases, SymPy)",
            scope="every m, general rho: the integrand identity; every m, m*: rho = rho_bar + rho_{0,omega}")
def integrand_every_m(ctx):
    _integrand_every_m(ctx, "a")
    _closed_every_m(ctx, "a")


@eq98.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
            scope="every m and every rho in L^2[0, oo): the closed form of (95) through the moments of rho")
def every_m(ctx):  # noqa: F811 - each decorator registers the function on its own claim
    _general_every_m(ctx, "w")


@eq98.check(layer="symbolic", full=False, method="ctx.index_identity (coincidence cases, SymPy)",
            scope="every m, general rho: the integrand identity; every m, m*: rho = rho_bar + rho_{0,omega}")
def integrand_every_m(ctx):  # noqa: F811
    _integrand_every_m(ctx, "w")
    _closed_every_m(ctx, "w")
