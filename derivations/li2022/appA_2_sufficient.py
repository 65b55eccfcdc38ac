"""Appendix A.2: sufficient conditions (JMLR numbering).

Definition 64, Remark 65, Theorems 66-68 and 70, Remark 69.

Claims, in paper order: def64, rem65, rem65_positive_rates, thm66, thm67, thm68, rem69, rem69_alpha_half, thm70.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import a, d_, free_moments, m, mp_ctx, stirling, t, w
from .appA_1_degeneracy import (
    _cm_best, _cm_fit, _cm_moment, _cm_norm_sq, _cm_str, _CM_TARGETS, J_general, _lift_check, Lrho,
)


def64 = paper.claim(
    "def64",
    kind="definition",
    label="Definition 64",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Definition 64 $F \in C[0,\infty] \cap C^{\infty}(0,\infty)$ is called completely monotonic, if and
only if
$$(-1)^n F^{(n)}(t) \ge 0, \quad 0 < t < \infty, \ n = 0, 1, \cdots,$$
and $F(\infty) = 0$.""",
)


rem65 = paper.claim(
    "rem65",
    kind="remark",
    label="Remark 65",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Remark 65 Several examples of completely monotonic functions:
- $\rho(t) = 1/(1+t)^{\alpha}$ for any $\alpha > 0$;
- The non-degenerate exponential sum with positive coefficients
$$\rho(t) = \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t}, \quad 0 \le w_1^* < \dots < w_{m^*}^*, \ a_j^* > 0, \ j = 1, 2,
\dots, m^*.$$""",
    uses=["def64"],
    variables={"alpha": sr.positive(), "m^*": sr.integer(1),
               "a": sr.positive(text="the coefficients a*_j > 0 (a witness names them a1, a2, ...)").family(),
               "w": sr.nonnegative(text="the rates 0 <= w*_1 < ... < w*_m* (a witness names them w1, w2, ...)").family()},
    conclusions=[("power", "1/(1+t)^alpha is completely monotonic for every alpha > 0", "property"),
                 ("expsum", "the non-degenerate exponential sum with positive coefficients and 0 <= w*_1 < ... is "
                            "completely monotonic", "property")],
)


def _rem65_replay(params, dps):
    """SymPy exact: F(oo) for F(t) = a_1^* e^{-w_1^* t} + e^{-t} (a_2^* = 1, w_2^* = 1)."""
    a0 = sp.Rational(params["a1"])
    t_ = sp.Symbol("t", positive=True)
    F = a0 * sp.exp(-sp.Rational(params["w1"]) * t_) + sp.exp(-t_)
    limit = sp.limit(F, t_, sp.oo)
    return {"violated": limit != 0, "values": {"F(oo)": limit}}


def _rem65_recheck(params, dps):
    """mpmath: F(t) at t = 10^3 and 10^6 (F is decreasing, so F(oo) = 0 needs F(10^6) < a_1^*/2)."""
    mctx = mp_ctx(dps)
    a1, w1 = sr.numeric.to_mpf(mctx, Fraction(params["a1"])), sr.numeric.to_mpf(mctx, Fraction(params["w1"]))
    F = lambda x: a1 * mctx.exp(-w1 * x) + mctx.exp(-x)  # noqa: E731
    vals = [F(mctx.mpf(10) ** 3), F(mctx.mpf(10) ** 6)]
    return {"violated": bool(vals[1] > a1 / 2), "values": {"F(10^3)": mctx.nstr(vals[0], 10), "F(10^6)": mctx.nstr(vals[1], 10)}}


@rem65.hypothesis("example_conditions", r"the printed conditions of the second example: $0 \le w_1^* < w_2^*$, "
                  r"$a_j^* > 0$ (here $m^* = 2$, $a_2^* = 1$, $w_2^* = 1$)", checks=("examples",))
def _r65_h(p):
    a1, w1 = sp.Rational(p["a1"]), sp.Rational(p["w1"])
    return bool(0 <= w1 < 1 and a1 > 0), f"a^* = ({a1}, 1), w^* = ({w1}, 1)"


@rem65.check(layer="symbolic", full=True, method="sympy", replay=_rem65_replay, recheck=_rem65_recheck,
             evaluators=("SymPy exact limit", "mpmath at t = 10^3, 10^6"),
             scope="both families: the sign pattern (-1)^n F^(n) >= 0 for n <= 12 (exact derivatives), and F(oo) = 0")
def examples(ctx):  # noqa: F811
    _power_example(ctx)
    ctx.step("A positive sum with w_1^* = 0 (allowed by 0 <= w_1^*) tends to a_1^* > 0, so F(oo) = 0 fails.")
    ctx.refute("the exponential-sum example with w_1^* = 0 is not completely monotonic by Definition 64",
               {"a1": "1", "w1": "0"}, certificate="F(t) = 1 + e^{-t} has F(oo) = 1 != 0")


rem65_positive_rates = paper.correction(
    "rem65_positive_rates",
    corrected_from="rem65",
    label="Remark 65 with positive rates",
    where="App. A.2 Sufficient Conditions",
    statement=r"""The non-degenerate exponential sum with positive coefficients $\rho(t) = \sum_{j=1}^{m^*} a_j^*
e^{-w_j^* t}$ with $0 < w_1^* < \dots < w_{m^*}^*$, $a_j^* > 0$, is completely monotonic by Definition 64 (and in
$L^2[0,\infty)$); so is $1/(1+t)^\alpha$, $\alpha > 0$.""",
    notes="symrnn correction of li2022.rem65: w_1^* = 0 must be excluded (F(oo) = a_1^* otherwise).",
    variables={"alpha": sr.positive(), "m^*": sr.integer(1), "a": sr.positive(text="the coefficients a*_j > 0").family(),
               "w": sr.positive(text="the rates 0 < w*_1 < ... < w*_m*").family()},
    conclusions=[("expsum", "the sum with positive coefficients and positive rates is completely monotonic and in "
                            "L^2[0, oo)", "property"),
                 ("power", "so is 1/(1+t)^alpha, alpha > 0", "property")],
)


def _power_example(ctx):
    """1/(1+t)^alpha, alpha > 0: (-1)^n F^(n) >= 0 for n <= 12 (exact signs) and F(oo) = 0."""
    t_ = sp.Symbol("t", positive=True)
    al = sp.Symbol("alpha", positive=True)
    F = (1 + t_) ** (-al)
    for n_ in range(0, 13):
        ctx.sign(f"(1+t)^-alpha: (-1)^{n_} F^({n_}) >= 0", sp.simplify((-1) ** n_ * sp.diff(F, t_, n_)), "nonnegative")
    ctx.exact_predicate("(1+t)^-alpha -> 0 as t -> oo", sp.limit(F, t_, sp.oo) == 0)


@rem65_positive_rates.check(layer="symbolic", about="power", method="sympy",
                            scope="1/(1+t)^alpha, every alpha > 0: (-1)^n F^(n) >= 0 for n <= 12 and F(oo) = 0")
def power(ctx):
    _power_example(ctx)


@rem65_positive_rates.check(layer="symbolic", about="expsum", method="sympy",
                            scope="a generic sum with m* = 3 (symbolic a_j^*, w_j^* > 0): (-1)^n F^(n) >= 0 for n <= 12, "
                                  "F(oo) = 0 and the L^2 norm finite")
def positive_rates(ctx):
    t_ = sp.Symbol("t", positive=True)
    As = sp.symbols("a1:4", positive=True)
    Ws = sp.symbols("w1:4", positive=True)
    F = sum(p * sp.exp(-q * t_) for p, q in zip(As, Ws))
    for n_ in range(0, 13):
        ctx.sign(f"(-1)^{n_} F^({n_}) >= 0", sp.expand((-1) ** n_ * sp.diff(F, t_, n_)), "nonnegative")
    ctx.exact_predicate("F(oo) = 0", sp.limit(F, t_, sp.oo) == 0)
    n2 = sr.symbolic.integrate_exp_polynomial(F ** 2, t_)
    ctx.exact_predicate("||F||^2 = sum a_i a_j/(w_i + w_j) is finite", n2.is_finite is not False and not n2.has(sp.oo),
                        detail=str(n2))


# Laplace transforms in (232)-(233): L[rho_hat^0](s), L[rho](s)
_s_lap = sp.Symbol("s", positive=True)
_LapHat = sp.Function(r"\mathcal{L}[\hat{\rho}^0]")
_LapRho = sp.Function(r"\mathcal{L}[\rho]")


thm66 = paper.claim(
    "thm66",
    kind="theorem",
    label="Theorem 66",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Theorem 66 Assume $\rho \in L^2[0,\infty)$ to be completely monotonic. Then there exists a best
approximation $\hat{\rho}^0$ to $\rho$ in $V_d(\mathbb{R}_+)$, i.e.
$$\|\hat{\rho}^{0} - \rho\|_{L^{2}[0,\infty)} = \inf_{\hat{\rho} \in V_{d}(\mathbb{R}_{+})} \|\hat{\rho} -
\rho\|_{L^{2}[0,\infty)}. \tag{230}$$
When $\rho \notin V_d(\mathbb{R}_+)$, any such best approximation admits a non-degenerate form
$$\hat{\rho}^{0}(t) = \sum_{j=1}^{d} \hat{b}_{j} e^{-\hat{v}_{j}t}, \quad 0 < \hat{v}_{1} < \dots < \hat{v}_{d},
\ \hat{b}_{j} > 0, \ j = 1, 2, \dots, d, \tag{231}$$
and satisfies the generalized Aigrain-Williams equations
$$\mathcal{L}[\hat{\rho}^0](\hat{v}_j) = \mathcal{L}[\rho](\hat{v}_j), \quad j = 1, 2, \cdots, d, \tag{232}$$
$$\frac{d}{ds}\mathcal{L}[\hat{\rho}^0](s)\Big|_{s=\hat{v}_j} = \frac{d}{ds}\mathcal{L}[\rho](s)\Big|_{s=\hat{v}_j},
\quad j=1,2,\cdots,d. \tag{233}$$""",
    assumptions=[
        r"""$\rho \in L^2[0,\infty)$ completely monotonic (Definition 64)""",
        r"""$V_d(\mathbb{R}_+)$ as in (229)""",
    ],
    uses=["def64", "rem65"],
    variables={"rho": sr.given("a completely monotonic rho in L^2[0, oo) (Definition 64)"), "d": sr.integer(1),
               "b": sr.real(text="the coefficients b_hat_j of an approximation in V_d(R_+)").family(),
               "v": sr.positive(text="its rates v_hat_j").family(),
               "L": sr.real(text="the Laplace moments L_n[rho](s) of rho, free values L[n][k] (a point of rho)").family()},
    conclusions=[("existence", "a best approximation rho_hat^0 of rho in V_d(R_+) exists, (230)", "existence"),
                 ("nondegenerate", "for rho not in V_d(R_+), every best approximation has the non-degenerate form (231): "
                                   "0 < v_1 < ... < v_d, b_j > 0", "property"),
                 ("aigrain_williams", "... and satisfies the generalised Aigrain-Williams equations (232)-(233)", "identity")],
    printed={
        "eq232": _LapHat(_s_lap) - _LapRho(_s_lap),
        "eq233": sp.Derivative(_LapHat(_s_lap), _s_lap) - sp.Derivative(_LapRho(_s_lap), _s_lap),
    },
    notes=r"""Kammler (1979), quoted without proof. Each of (232), (233) is written as lhs - rhs. Repair: 'ρ' bare
Unicode; 'i.e.' display (230) joined.""",
)


def _aw_residuals(ctx, name, dd, dps, starts):
    """Residuals of the printed (232), (233) at the best V_d fit (distinct rates) of rho = name."""
    v_, b_, loss, _, vals = _cm_best(name, (1,) * dd, dps, starts, ctx.seed)
    hi = mp_ctx(dps)
    res = []
    for q, vq in enumerate(v_):
        lap_hat = lambda s_: hi.fsum(bb / (s_ + vv) for bb, vv in zip(b_, v_))  # L[rho_hat^0](s)
        dlap_hat = lambda s_: -hi.fsum(bb / (s_ + vv) ** 2 for bb, vv in zip(b_, v_))
        for key, val_hat, val_rho in (("eq232", lap_hat(vq), _cm_moment(hi, name, 0, vq)),
                                      ("eq233", dlap_hat(vq), -_cm_moment(hi, name, 1, vq))):
            e = ctx.printed[key]
            e = e.subs({sp.Derivative(_LapHat(_s_lap), _s_lap): sp.Symbol("DH"),
                        sp.Derivative(_LapRho(_s_lap), _s_lap): sp.Symbol("DR")})
            e = e.subs({_LapHat(_s_lap): sp.Symbol("H0"), _LapRho(_s_lap): sp.Symbol("R0")})
            env = {"H0": lap_hat(vq), "R0": _cm_moment(hi, name, 0, vq), "DH": dlap_hat(vq),
                   "DR": -_cm_moment(hi, name, 1, vq)}
            f = sp.lambdify([sp.Symbol(k_) for k_ in env], e, modules=[{"exp": hi.exp}, "mpmath"])
            res.append(abs(f(*env.values())))
    return v_, b_, loss, max(res), vals


@thm66.check(layer="symbolic", method="sympy.diff (general rho through its Laplace moments)", about="aigrain_williams",
             scope="(232)-(233) <=> grad J_d = 0 whenever every b_j != 0, d <= 3: dJ_d/db_s = 2 x (232)_s and "
                   "dJ_d/dv_s = 2 b_s x (233)_s")
def aigrain_williams_is_criticality(ctx):
    for dd in (1, 2, 3):
        b = [sp.Symbol(f"b_{q}", real=True, nonzero=True) for q in range(1, dd + 1)]
        v = [sp.Symbol(f"v_{q}", positive=True) for q in range(1, dd + 1)]
        Jd = J_general(dd).xreplace({**{a[q]: b[q - 1] for q in range(1, dd + 1)},
                                     **{w[q]: v[q - 1] for q in range(1, dd + 1)}})
        s_ = sp.Symbol("s", positive=True)
        lap_hat = sp.integrate(sum(bq * sp.exp(-(vq + s_) * t) for bq, vq in zip(b, v)), (t, 0, sp.oo), conds="none")
        pairs = []
        for q in range(dd):
            eqs = [ctx.printed[key].replace(_LapHat, sp.Lambda(_s_lap, lap_hat.subs(s_, _s_lap)))
                   .replace(_LapRho, sp.Lambda(_s_lap, Lrho(0, _s_lap))).doit().subs(_s_lap, v[q])
                   for key in ("eq232", "eq233")]
            pairs.append((f"dJ_d/db_{q + 1} = 2 (232)_{q + 1}", free_moments(sp.diff(Jd, b[q]), Lrho, "L"),
                          free_moments(2 * eqs[0], Lrho, "L")))
            pairs.append((f"dJ_d/dv_{q + 1} = 2 b_{q + 1} (233)_{q + 1}", free_moments(sp.diff(Jd, v[q]), Lrho, "L"),
                          free_moments(2 * b[q] * eqs[1], Lrho, "L")))
        ctx.identities(f"grad J_d in terms of (232)-(233), d={dd}", pairs)
    ctx.step("Since b_s != 0, grad J_d(b, v) = 0 exactly when (232) and (233) hold at every v_s.")


@thm66.check(layer="numeric", method="multi-start L-BFGS-B + mpmath Newton; Laplace transforms via E_p (mpmath expint)",
             full=True,
             scope="rho = (1+t)^{-2}, (1+t)^{-3/2}, (1+t)^{-1} (L[rho](s) = e^s E_alpha(s)), d <= 4 (quick: (1+t)^{-2}, "
                   "(1+t)^{-1}, d <= 2): residuals of the printed (232)-(233) at the best fit, b > 0, 0 < v_1 < ... < v_d")
def best_fits(ctx):
    names = ("(1+t)^-2", "(1+t)^-1") if ctx.quick else ("(1+t)^-2", "(1+t)^-3/2", "(1+t)^-1")
    top, starts = (2, 2) if ctx.quick else (4, 4)
    # the closed forms everything rests on: L_n(s) = int t^n e^{-st} (1+t)^{-alpha} dt against quadrature
    qc = mp_ctx(30)
    for name in names:
        al = qc.mpf(_CM_TARGETS[name][1].numerator) / _CM_TARGETS[name][1].denominator
        for n_, s_ in itertools.product((0, 1, 2), ("0.05", "0.7", "4")):
            quad = qc.quad(lambda x, n_=n_, s_=s_, al=al: x ** n_ * qc.exp(-qc.mpf(s_) * x) * (1 + x) ** (-al), [0, 1, 10, 100, qc.inf])
            if abs(quad - _cm_moment(qc, name, n_, qc.mpf(s_))) > abs(quad) * qc.mpf(10) ** -20:
                return ctx.inconclusive(f"closed-form Laplace moment disagrees with quadrature for rho={name}",
                                        f"n={n_}, s={s_}")
        if abs(qc.quad(lambda x, al=al: (1 + x) ** (-2 * al), [0, 1, qc.inf]) - _cm_norm_sq(qc, name)) > qc.mpf(10) ** -20:
            return ctx.inconclusive(f"||rho||^2 closed form disagrees with quadrature for rho={name}", "")
    ctx.step("Laplace moments L_n(s) = e^s sum_k C(n,k)(-1)^(n-k) E_(alpha-k)(s) and ||rho||^2 = 1/(2 alpha - 1) agree "
             "with quadrature (30 digits, n <= 2, s in {0.05, 0.7, 4}); for alpha = 1, L[rho](s) = e^s E_1(s).")
    rows, n, worst = [], 0, 0
    for name in names:
        for dd in range(1, top + 1):
            v_, b_, loss, res, _ = _aw_residuals(ctx, name, dd, ctx.dps, starts)
            _, _, _, res2, _ = _aw_residuals(ctx, name, dd, 2 * ctx.dps, starts)
            pos = all(x > 0 for x in b_) and v_[0] > 0 and all(v_[q] < v_[q + 1] for q in range(dd - 1))
            rows.append((name, dd, _cm_str(loss), ", ".join(_cm_str(x, 6) for x in v_),
                         ", ".join(_cm_str(x, 6) for x in b_), _cm_str(res, 3), _cm_str(res2, 3), pos))
            n += 1
            worst = max(worst, res)
            if not (res < mp_ctx(ctx.dps).mpf(10) ** (-(ctx.dps // 2)) and res2 < mp_ctx(ctx.dps).mpf(10) ** (-ctx.dps)):
                ctx.table("best V_d fits", ("rho", "d", "J_d", "v", "b", "res dps", "res 2dps", "(231)"), rows)
                return ctx.inconclusive(f"(232)-(233) residual not negligible for rho={name}, d={dd}", f"{res}, {res2}")
            if not pos:
                ctx.table("best V_d fits", ("rho", "d", "J_d", "v", "b", "res dps", "res 2dps", "(231)"), rows)
                return ctx.inconclusive(f"the best fit found is not of the form (231) for rho={name}, d={dd}",
                                        f"v={rows[-1][3]}, b={rows[-1][4]} (a better or confluent fit may exist)")
    ctx.table(f"best fits from V_d (multi-start over distinct rates; confluent fits in Theorem 67): residuals of "
              f"(232)-(233) at dps={ctx.dps} and {2 * ctx.dps}",
              ("rho", "d", "J_d", "v (ascending)", "b", f"max res, dps={ctx.dps}", f"dps={2 * ctx.dps}", "(231) form"),
              rows)
    ctx.no_violation("the best fits have the form (231) and satisfy (232)-(233)", points=n,
                     detail=f"largest residual {_cm_str(worst, 3)} at dps={ctx.dps}, below 1e-{ctx.dps} at "
                            f"dps={2 * ctx.dps}; {starts} starts each")


thm67 = paper.claim(
    "thm67",
    kind="theorem",
    label="Theorem 67",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Theorem 67 Assume $\rho \in L^2[0,\infty)$ to be completely monotonic, and $\rho \notin
V_d(\mathbb{R}_+)$ for some $d \in \mathbb{N}_+$. Then $J_d$ has non-degenerate global minimizers $(\hat{b},
\hat{v}) \in \mathbb{R}^d \times \mathbb{R}^d_+$.""",
    assumptions=[
        r"""$\rho \in L^2[0,\infty)$ completely monotonic, $\rho \notin V_d(\mathbb{R}_+)$""",
    ],
    uses=["thm66", "def54"],
    printed={"pad_rate": 1 + sp.Symbol("w_max", positive=True)},
    notes=r"""Proof: (234)-(235) restate Theorem 66; then \inf over \mathcal V_d = \inf over \mathcal V_{d,d},
padding a k-term sum with the term (0, 1 + \max_i w_i). Repair: 'J_d' outside math mode.""",
    variables={"rho": sr.given("a completely monotonic rho in L^2[0, oo) (Definition 64)"), "d": sr.integer(1, text="some d with rho not in V_d(R_+)")},
    conclusions=[("minimisers", "J_d has non-degenerate global minimisers (b^, v^) in R^d x R^d_+", "property")],
)


def _patterns(dd):
    """Multiplicity patterns of d roots (partitions of d); (1, ..., 1) first: the non-confluent one."""
    return sorted({tuple(sorted(p, reverse=True)) for p in _compositions(dd)}, key=lambda p: (-len(p), p))


def _compositions(dd):
    if dd == 0:
        yield ()
        return
    for first in range(1, dd + 1):
        for rest in _compositions(dd - first):
            yield (first,) + rest


@thm67.check(layer="symbolic", method="sympy", scope="the padding step of the proof, k <= 3, general rho")
def padding(ctx):
    for kk in (1, 2, 3):
        wmax = sp.Symbol("w_max", positive=True)
        J_k = J_general(kk)
        J_k1 = J_general(kk + 1).xreplace({a[kk + 1]: 0, w[kk + 1]: ctx.printed["pad_rate"]})
        ctx.identity(f"J_(k+1)((a, 0), (w, 1 + max w)) = J_k(a, w), k={kk}", J_k1, J_k)
        ctx.exact_predicate(f"the padded rate is distinct from w_1..w_{kk}", bool(sp.solve(
            sp.Eq(ctx.printed["pad_rate"], wmax), wmax) == [] and (ctx.printed["pad_rate"] - wmax).is_positive))


def _pattern_minima(ctx, name, top, starts):
    """min J over each multiplicity pattern of V_d, d <= top."""
    out = {}
    for dd in range(1, top + 1):
        for pat in _patterns(dd):
            v_, c_, loss, gnorm, _ = _cm_best(name, pat, ctx.dps, starts, ctx.seed)
            out[pat] = (v_, c_, loss, gnorm)
    return out


def _thm67_rows(ctx, names, top, starts):
    rows, bad, n = [], None, 0
    for name, tmax in names:
        mins = _pattern_minima(ctx, name, min(top, tmax), starts)
        for dd in range(1, min(top, tmax) + 1):
            simple = mins[(1,) * dd]
            v_, c_, loss, _ = simple
            others = {p: mins[p][2] for p in mins if sum(p) == dd and p != (1,) * dd}
            lower = mins[(1,) * (dd - 1)][2] if dd > 1 else _cm_norm_sq(mp_ctx(ctx.dps), name)
            nondeg = all(x != 0 for x in c_) and all(v_[q] < v_[q + 1] for q in range(dd - 1)) and v_[0] > 0
            margin = min([lower] + list(others.values())) - loss
            n += 1
            rows.append((name, dd, _cm_str(loss), _cm_str(lower), "; ".join(f"{p}: {_cm_str(x, 6)}" for p, x in
                                                                             others.items()) or "-",
                         _cm_str(margin, 4), nondeg))
            if bad is None and (not nondeg or not margin > 0):
                bad = (name, dd)
    return rows, bad, n


_THM67_HEADER = ("rho", "d", "min J_d (distinct rates)", "min J_(d-1)", "confluent patterns of V_d: min",
                 "margin", "non-degenerate")


@thm67.check(layer="numeric", full=True, method="multi-start profile minimisation per multiplicity pattern of V_d",
             scope="rho = (1+t)^{-2}, (1+t)^{-1} (d <= 4), (1+t)^{-3/2} (d <= 3), e^{-t}+e^{-2t}+e^{-4t} (d <= 2 = D_0); "
                   "quick: (1+t)^{-2}, d <= 3.  The non-confluent minimum is below min J_(d-1) and below every "
                   "confluent pattern (t^p e^{-vt} terms), and its minimiser is non-degenerate")
def against_confluent(ctx):
    if ctx.quick:
        names, top, starts = [("(1+t)^-2", 3)], 3, 2
    else:
        names, top, starts = [("(1+t)^-2", 4), ("(1+t)^-1", 4), ("(1+t)^-3/2", 3), ("e^-t+e^-2t+e^-4t", 2)], 4, 3
    rows, bad, n = _thm67_rows(ctx, names, top, starts)
    ctx.table("global minimisers of J_d against the other parts of V_d", _THM67_HEADER, rows)
    if bad is not None:
        return ctx.inconclusive("the non-confluent minimum is not strictly the best or is degenerate",
                                f"rho={bad[0]}, d={bad[1]}")
    ctx.no_violation("J_d has a non-degenerate global minimiser, strictly better than confluent and shorter fits",
                     points=n, detail=f"{starts} starts per pattern, Newton at dps={ctx.dps}")


thm68 = paper.claim(
    "thm68",
    kind="theorem",
    label="Theorem 68",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Theorem 68 Assume $\rho \in L^2[0,\infty)$ to be completely monotonic, and $\rho \notin
V_1(\mathbb{R}_+)$. Let $\mathcal{D} := \{d \in \mathbb{N}_+ : \rho \notin V_d(\mathbb{R}_+)\}, D_0 := \sup
\mathcal{D}$ and write $m' := \min\{m, D_0\}.$ Then the total number of coincided critical affine spaces of $J_m$ is
at least $\sum_{d=1}^{m'} d! \begin{Bmatrix} m \\ d \end{Bmatrix}$.""",
    assumptions=[
        r"""$\rho \in L^2[0,\infty)$ completely monotonic, $\rho \notin V_1(\mathbb{R}_+)$""",
    ],
    uses=["thm57", "thm67"],
    printed={"count": sp.Sum(sp.factorial(d_) * stirling(m, d_), (d_, 1, sp.Symbol("m'", integer=True, positive=True)))},
    notes=r"""Footnote 27 (V_d \subsetneq V_{d+1} makes \mathcal D an initial segment) is part of the proof. Repair:
'\text{ and write }' split out of the display.""",
    variables={"rho": sr.given("a completely monotonic rho in L^2[0, oo) not in V_1(R_+)"), "m": sr.integer(1)},
    conclusions=[("count", "J_m has at least sum_{d=1}^{m'} d! S(m, d) coincided critical affine spaces, m' = min{m, D_0}",
                  "inequality")],
)


@thm68.check(layer="symbolic", full=True, method="enumeration",
             scope="m <= 7, D_0 in {1, 2, 3, oo}: distinct d-coincided spaces for d <= m' enumerated against the "
                   "printed sum")
def counting(ctx):  # noqa: F811
    mp_ = sp.Symbol("m'", integer=True, positive=True)
    rows = []
    for mm in range(1, 8):
        for D0 in (1, 2, 3, sp.oo):
            mprime = min(mm, D0)
            spaces = sum(len({tuple(next(s for s, b in enumerate(P) if q in b) for q in range(mm))
                              for P in sr.symbolic.ordered_partitions(mm, dd)}) for dd in range(1, mprime + 1))
            printed = int(ctx.printed["count"].subs({m: mm, mp_: mprime}).doit())
            rows.append((mm, D0, mprime, spaces, printed))
            ctx.exact(f"coincided spaces for d <= m' = {mprime}, m={mm}, D_0={D0}", spaces, printed)
    ctx.table("coincided critical affine spaces of J_m guaranteed by Theorem 68", ("m", "D_0", "m'", "enumerated",
                                                                                  "printed sum"), rows)


@thm68.check(layer="numeric", full=True, method="closed-form J_m, mpmath Newton at dps and 2 dps",
             scope="rho = (1+t)^{-1}, (1+t)^{-3/2} (D_0 = oo, so m' = m): lifted J_d minimisers, every d <= m <= 4 "
                   "(quick: (1+t)^{-1}, m <= 3)")
def lifted_minimisers(ctx):  # noqa: F811
    if ctx.quick:
        cases = [("(1+t)^-1", dd, tuple(range(dd, 4)), 2) for dd in (1, 2, 3)]
    else:
        cases = [(name, dd, tuple(range(dd, 5)), 3) for name in ("(1+t)^-1", "(1+t)^-3/2") for dd in (1, 2, 3, 4)]
    _lift_check(ctx, cases, "Theorem 68")


rem69 = paper.claim(
    "rem69",
    kind="remark",
    label="Remark 69",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Remark 69 Examples:
- Suppose the target is $\rho(t) = 1/(1+t)^{\alpha}$, $\alpha > 0$, then $\mathcal{D} = \mathbb{N}_{+}$ and $D_{0} =
\infty$. The total number of coincided critical affine spaces of the corresponding $J_{m}$ is at least
$\sum_{d=1}^{m} d! \begin{Bmatrix} m \\ d \end{Bmatrix}$.
- Suppose the target is an non-degenerate exponential sum with positive coefficients: $\rho(t) = \sum_{j=1}^{m}
a_j^* e^{-w_j^* t}$, where $a_j^* > 0$ and $w_i^* \neq w_j^*$ for any $i \neq j$, $i, j = 1, \cdots, m$. Then
$\mathcal{D} = \{1, 2, \cdots, m-1\}$ and $D_0 = m-1$. The total number of coincided critical affine spaces of the
corresponding $J_m$ is at least $\sum_{d=1}^{m-1} d! \begin{Bmatrix} m \\ d \end{Bmatrix}$, which is exactly (224).""",
    uses=["rem65", "eq224", "thm57"],
    notes="Theorem 68, which this remark applies, assumes rho in L^2[0, oo).",
    variables={"alpha": sr.positive(), "m": sr.integer(1), "a^*": sr.positive(text="a*_j > 0"),
               "w^*": sr.positive(text="pairwise distinct w*_j")},
    conclusions=[("first", "rho = 1/(1+t)^alpha: D = N_+, D_0 = oo, and J_m has at least sum_{d=1}^m d! S(m, d) coincided "
                           "critical affine spaces", "inequality"),
                 ("second", "a positive non-degenerate m-term sum: D = {1..m-1}, D_0 = m - 1, and at least (224) such "
                            "spaces", "inequality")],
)


def _rem69_replay(params, dps):
    """SymPy exact: int_0^oo rho^2 for rho = (1+t)^{-alpha}."""
    al = sp.Rational(params["alpha"])
    t_ = sp.Symbol("t", positive=True)
    integral = sp.integrate((1 + t_) ** (-2 * al), (t_, 0, sp.oo))
    return {"violated": integral == sp.oo, "values": {"int_0^oo rho^2": integral}}


def _rem69_recheck(params, dps):
    """mpmath quadrature: int_{10^10}^{10^20} (1+t)^{-2 alpha} dt (a convergent integral has a tail below 1 there)."""
    mctx = mp_ctx(dps)
    al = sr.numeric.to_mpf(mctx, Fraction(params["alpha"]))
    pts = [mctx.mpf(10) ** k_ for k_ in range(10, 21)]
    tail = mctx.quad(lambda x: (1 + x) ** (-2 * al), pts)
    return {"violated": bool(tail > 1), "values": {"int_(10^10)^(10^20) rho^2": mctx.nstr(tail, 10)}}


@rem69.hypothesis("example", r"the first example as printed: $\rho(t) = 1/(1+t)^\alpha$ with $\alpha > 0$",
                  checks=("first_example",))
def _r69_h(p):
    return bool(sp.Rational(p["alpha"]) > 0), f"alpha = {p['alpha']}"


@rem69.check(layer="symbolic", about="first", method="sympy.integrate", replay=_rem69_replay, recheck=_rem69_recheck,
             evaluators=("SymPy exact integral", "mpmath quadrature of the tail"),
             scope="the first example: rho in L^2[0, oo) (needed by Theorem 68 and by J_m being finite) for alpha > 0")
def first_example(ctx):
    t_ = sp.Symbol("t", positive=True)
    big = sp.Symbol("alpha", positive=True)
    norm = sp.integrate((1 + t_) ** (-2 * (big + sp.Rational(1, 2))), (t_, 0, sp.oo), conds="none")
    ctx.step("For alpha > 1/2 the square integral is finite:", sp.simplify(norm))
    ctx.refute("rho = (1+t)^{-1/2} is not in L^2[0, oo): J_m is infinite and Theorem 68 does not apply",
               {"alpha": "1/2"}, certificate="int_0^oo (1+t)^{-1} dt = oo; the example needs alpha > 1/2")


rem69_alpha_half = paper.correction(
    "rem69_alpha_half",
    corrected_from="rem69",
    label="Remark 69 with alpha > 1/2",
    where="App. A.2 Sufficient Conditions",
    statement=r"""For $\rho(t) = 1/(1+t)^{\alpha}$ with $\alpha > 1/2$ (so that $\rho \in L^2[0,\infty)$, as Theorem
68 assumes), $\rho$ is completely monotonic and not an exponential sum, $\mathcal{D} = \mathbb{N}_+$, $D_0 =
\infty$, and the count of Remark 69 follows from Theorem 68.""",
    notes="symrnn correction of li2022.rem69. The count is Theorem 68's conclusion (used), once its hypotheses hold; "
          "D = N_+ and D_0 = oo are D's definition for a rho in no V_d(R_+), i.e. not an exponential sum.",
    uses=["rem69", "thm68"],
    variables={"alpha": sr.real(sp.Rational(1, 2), None, open="lo", text="alpha > 1/2")},
    conclusions=[("l2", "rho = (1+t)^-alpha is in L^2[0, oo)", "property"),
                 ("cm", "rho is completely monotonic: (-1)^n rho^(n) >= 0 for every n", "property"),
                 ("not_expsum", "rho is not an exponential sum (so D = N_+, D_0 = oo, and Theorem 68 gives the count)",
                  "property")],
)


@rem69_alpha_half.check(layer="symbolic", method="sympy", about=("l2", "cm"),
                        scope="alpha = 1/2 + b, every b > 0: the L^2 norm is finite; complete monotonicity for n <= 12")
def alpha_half(ctx):
    t_ = sp.Symbol("t", positive=True)
    b_ = sp.Symbol("b", positive=True)
    norm = sp.integrate((1 + t_) ** (-2 * (b_ + sp.Rational(1, 2))), (t_, 0, sp.oo), conds="none")
    ctx.identity("int_0^oo (1+t)^{-2 alpha} dt = 1/(2 alpha - 1) for alpha = 1/2 + b", norm, 1 / (2 * b_))
    F = (1 + t_) ** (-(b_ + sp.Rational(1, 2)))
    for n_ in range(0, 13):
        ctx.sign(f"(-1)^{n_} F^({n_}) >= 0", sp.simplify((-1) ** n_ * sp.diff(F, t_, n_)), "nonnegative")


@rem69_alpha_half.check(layer="symbolic", method="sympy.limit", about="not_expsum",
                        scope="alpha = 1/2 + b, every b > 0 and every rate c > 0: (1+t)^-alpha e^{ct} -> oo, while a nonzero "
                              "sum_j b_j e^{-v_j t} with 0 < v_1 < ... times e^{ct}, c < v_1, tends to 0")
def polynomial_tail(ctx):
    t_, b_, c_ = sp.Symbol("t", positive=True), sp.Symbol("b", positive=True), sp.Symbol("c", positive=True)
    lim = sp.limit((1 + t_) ** (-(b_ + sp.Rational(1, 2))) * sp.exp(c_ * t_), t_, sp.oo)
    ctx.exact_predicate("lim_(t -> oo) (1+t)^-alpha e^{ct} = oo for every alpha > 1/2 and c > 0 (SymPy, b and c symbolic)",
                        lim == sp.oo, detail=f"limit {lim}")
    ctx.step("An exponential sum in V_d(R_+) with smallest rate v_1 > 0 times e^{ct}, 0 < c < v_1, tends to 0; so rho is "
             "in no V_d(R_+), and D = {d : rho not in V_d(R_+)} = N_+, D_0 = oo.")


thm70 = paper.claim(
    "thm70",
    kind="theorem",
    label="Theorem 70",
    where="App. A.2 Sufficient Conditions",
    statement=r"""Theorem 70 Fix any $m \in \mathbb{N}_+$ relatively large. Consider the loss $J_m$ with the ground
truth as a non-degenerate exponential sum with positive coefficients, i.e. $\rho(t) = \sum_{j=1}^{m} a_j^* e^{-w_j^*
t}$, where $a_j^* > 0$ and $w_i^* \neq w_j^*$ for any $i \neq j$, $i, j = 1, \dots, m$. Then in the landscape of
$J_m$, the number of coincided critical affine spaces is at least Poly(m) times larger than the number of global
minimizers.""",
    assumptions=[
        r"""$\rho(t) = \sum_{j=1}^{m} a_j^* e^{-w_j^* t}$, $a_j^* > 0$, $w_i^* \neq w_j^*$ (implicitly $w_j^* > 0$)""",
    ],
    uses=["thm58", "thm67", "rem65"],
    notes=r"""'Poly(m)' as in Theorem 58: (224)/m! \ge (m+1)(3m-2)/24. The proof needs \rho \notin V_k for k \le m-1
and w_j^* > 0 (L^2 and complete monotonicity, cf. Remark 65). Repair: 'J_m' outside math mode.""",
    variables={"m": sr.integer(1, text="m relatively large"), "a^*": sr.positive(text="a*_j > 0"),
               "w^*": sr.positive(text="pairwise distinct w*_j (implicitly > 0)")},
    conclusions=[("ratio", "the number of coincided critical affine spaces of J_m is at least Poly(m) times the number "
                           "of global minimisers", "inequality")],
)


@thm70.check(layer="symbolic", full=True, method="exact integers", scope="(224)/m! >= (m+1)(3m-2)/24 for m = 2..200 (Theorem 58's count)")
def polynomial_ratio(ctx):  # noqa: F811
    import math

    top = 81 if ctx.quick else 201
    ok, row = True, [1]                                # S(m, 0..m) by the recurrence, exact integers
    for mm in range(1, top):
        row = [0] + [dd * (row[dd] if dd < len(row) else 0) + row[dd - 1] for dd in range(1, mm + 1)]
        if mm >= 2:
            ratio = Fraction(sum(math.factorial(dd) * row[dd] for dd in range(1, mm)), math.factorial(mm))
            ok &= ratio >= Fraction((mm + 1) * (3 * mm - 2), 24)
    ctx.exact_predicate(f"(224)/m! >= (m+1)(3m-2)/24, m = 2..{top - 1}", ok)


@thm70.check(layer="numeric", full=True, method="multi-start profile minimisation per multiplicity pattern (as Theorem 67)",
             scope="positive sums with m = 2, 3 (full: also 4) terms: J_k, k <= m-1, has a non-degenerate minimiser "
                   "strictly better than shorter and confluent fits (m - 1 in N), and J_m = 0 at (a*, w*)")
def m_minus_one_in_N(ctx):
    names = [("e^-t+e^-2t", 1), ("e^-t+e^-2t+e^-4t", 2)] + ([] if ctx.quick else [("e^-t+2e^-3t+e^-6t+e^-10t", 3)])
    rows, bad, n = _thm67_rows(ctx, names, 3, 2 if ctx.quick else 3)
    mctx = mp_ctx(ctx.dps)
    for name, _ in names:
        _, wv = _CM_TARGETS[name][1]
        _, loss, _ = _cm_fit(mctx, name, [mctx.mpf(q) for q in wv], (1,) * len(wv))
        rows.append((name, len(wv), _cm_str(loss, 3), "-", "-", "-", "J_m(a*, w*) = 0"))
        if abs(loss) > mctx.mpf(10) ** (-(ctx.dps - 10)):
            bad = bad or (name, len(wv))
    ctx.table("positive exponential sums: minimisers of J_k, k <= m - 1, and J_m at the target", _THM67_HEADER, rows)
    if bad is not None:
        return ctx.inconclusive("a J_k (k <= m-1) minimiser is degenerate or not strictly best", f"{bad}")
    ctx.no_violation("m - 1 in N and J_m has the non-degenerate minimiser (a*, w*)", points=n,
                     detail=f"Newton at dps={ctx.dps}")
