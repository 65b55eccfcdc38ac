"""Section 4.2: approximation rates (JMLR numbering).

Theorem 10 (and its correction without the factor 1/beta) and Theorem 11 (and its correction with a
width-uniform semigroup bound).

Claims, in paper order: thm10, thm10_no_beta, thm11, thm11_uniform.
"""

from __future__ import annotations

import functools

import sympy as sp

import symrnn as sr

from . import paper
from .model import beta, m, mp_ctx, t
from .sec4_1_universal import _fit_kernels, _l1_fit


alpha_ = sp.Symbol("alpha", integer=True, positive=True)
c_scale = sp.Symbol("c", positive=True)
t_nn = sp.Symbol("t", nonnegative=True)


thm10 = paper.claim(
    "thm10",
    kind="theorem",
    label="Theorem 10",
    where="Sec. 4.2 Approximation Rates and Inverse Approximation Theorem",
    statement=r"""Theorem 10 (Approximation Rates of Linear RNNs) Assuming the conditions as in Theorem 7. Consider
the output of constant signal
$$y_i(t) = H_t(e_i), \quad i = 1, \dots, d. \tag{24}$$
Suppose there exist constants $\alpha \in \mathbb{N}_+, \beta, \gamma > 0$ such that for $i = 1, \ldots, d, y_i(t)
\in C^{(\alpha+1)}(\mathbb{R})$ and for $k = 1, \ldots, \alpha + 1$,
$$e^{\beta t} y_i^{(k)}(t) = o(1) \quad as \ t \to +\infty, \tag{25}$$
$$\sup_{t \ge 0} \frac{|e^{\beta t} y_i^{(\kappa)}(t)|}{\beta^k} \le \gamma. \tag{26}$$
Then, there exists a universal constant $C(\alpha) > 0$ only depending on $\alpha$ such that for any $m \in
\mathbb{N}_+$, there exists a sequence of width-m RNN functionals $\{\hat{H}_t : t \in \mathbb{R}\} \in
\hat{\mathcal{H}}_m$ such that
$$\sup_{t\in\mathbb{R}} \|H_t - \hat{H}_t\| \equiv \sup_{t\in\mathbb{R}}
\sup_{\|\boldsymbol{x}\|_{\boldsymbol{\mathcal{X}}} \le 1} |H_t(\boldsymbol{x}) - \hat{H}_t(\boldsymbol{x})| \le
\frac{C(\alpha)\gamma d}{\beta m^{\alpha}}. \tag{27}$$""",
    assumptions=[r"the conditions of Theorem 7: $\{H_t\}$ continuous, linear, causal, regular, time-homogeneous"],
    printed={"bound": sp.Symbol("C_alpha", positive=True) * sp.Symbol("gamma", positive=True) * sp.Symbol("d", positive=True)
             / (beta * m ** alpha_)},
    notes="(26) is printed with the index kappa in y_i^{(kappa)} and k in beta^k; read with the loop index k (ICLR (13)).",
    severity="false statement",
    severity_reason="the rate C(alpha) gamma d/(beta m^alpha) is the theorem's content and is false for every C(alpha) "
                    "(time rescaling); the proof's correction (thm10_no_beta, the rate C(alpha) gamma d/m^alpha) is a "
                    "different theorem",
    proof=["eq67"],
    variables={"kernel": sr.given("the kernel rho of {H_t} (Theorem 14: H_t(x) = int_0^oo x_{t-s} rho(s) ds) with (24)-(26); "
                                  "a witness gives it as c kernel(c t) through kernel and c"),
               "c": sr.positive(text="the time rescaling of a witness's kernel (a coordinate of H: its kernel is "
                                     "c kernel(ct) and its beta is c beta), not a separate quantifier"),
               alpha_: sr.integer(1), beta: sr.positive(), "gamma": sr.positive(text="gamma > 0 of (26)"),
               "d": sr.integer(1), m: sr.integer(1),
               "C": sr.positive(text="the universal constant C(alpha) > 0 (there is one; a counterexample defeats every C)",
                                exists=True)},
    conclusions=[("bound", "there is C(alpha) > 0, depending only on alpha, such that for every m in N_+ some "
                           "{H^_t} in H^_m has sup_t ||H_t - H^_t|| <= C(alpha) gamma d/(beta m^alpha) (27)", "inequality")],
)

# The witness kernel rho(t) = t^2 e^{-t} (d = 1, alpha = 1, beta = 1/2) and its time rescalings c rho(ct) = c^3 t^2 e^{-ct}.
# y(t) = int_0^t rho for t >= 0 and 0 before, so y in C^{alpha+1}(R) needs rho^{(j)}(0) = 0 for j = 0..alpha: the
# kernel t e^{-t} used before (rho'(0) = 1) breaks Theorem 10's own hypothesis for alpha = 1; t^2 e^{-t} meets it.
_RHO10 = t_nn ** 2 * sp.exp(-t_nn)


def _kernel(params, key="kernel"):
    """A witness kernel rho(t) from its string (t >= 0)."""
    return sr.parse_expression(params[key], name=key, symbols={"t": t_nn})


def _gamma_26(rho_expr, beta_v, alpha_v=1):
    """The smallest gamma of (26): max over k = 1..alpha+1 of sup_t |e^{beta t} y^{(k)}(t)| / beta^k (y' = rho),
    by exact calculus (critical points and the ends)."""
    best = sp.Integer(0)
    for k_ in range(1, alpha_v + 2):
        g = sp.exp(beta_v * t_nn) * sp.diff(rho_expr, t_nn, k_ - 1) / beta_v ** k_
        crit = [x for x in sp.solve(sp.diff(g, t_nn), t_nn) if x.is_real and x >= 0]
        vals = [abs(g.subs(t_nn, x)) for x in crit + [sp.Integer(0)]] + [abs(sp.limit(g, t_nn, sp.oo))]
        best = sp.Max(best, *vals)
    return sp.simplify(best)


# E_1(rho) >= E_lb for rho = t^2 e^{-t}: ||rho||_2^2 = 3/4, L[rho](w) = 2/(1+w)^3, the L^2 profile
# 3/4 - 8w/(1+w)^6 has its minimum 1249/5832 at w = 1/5; ||rho||_inf = 4/e^2, ||rho||_1 = 2, int_1^oo rho = 5/e.
_E10 = {"norm2": sp.Rational(3, 4), "profile_min": sp.Rational(1249, 5832), "wmin": sp.Rational(1, 5),
        "sup": 4 * sp.exp(-2), "l1": sp.Integer(2), "tail1": 5 * sp.exp(-1)}


def _e1_lower_bound():
    """A lower bound for E_1(t^2 e^{-t}) = inf_{a, w > 0} ||t^2 e^{-t} - a e^{-wt}||_{L^1} (derivation in time_rescaling)."""
    return sp.Min(_E10["profile_min"] / (_E10["sup"] + 10), sp.Rational(1, 10),
                  _E10["tail1"] - sp.Rational(21, 10) * sp.exp(-sp.Rational(100, 21)))


_NOT_SMOOTH = (sp.Abs, sp.Heaviside, sp.Piecewise, sp.sign, sp.floor, sp.ceiling, sp.Min, sp.Max)


@functools.lru_cache(maxsize=16)
def _e1_lower_bound_for(rho):
    """(E_lb, how): a lower bound of E_1(rho) = inf_{a real, w > 0} ||rho - a e^{-wt}||_{L^1[0, oo)} computed for the
    kernel given, by the argument of time_rescaling with the kernel's own quantities (nothing carried over from
    t^2 e^{-t}): with P = inf_w (||rho||_2^2 - 2w L[rho](w)^2) (the L^2 error at the best a), S = sup|rho|,
    N1 = ||rho||_1, T1 = |int_1^oo rho| <= int_1^oo |rho|, K = N1 + 1/10 and A >= 10 with K e^{-A/K} <= T1/2:
    |a| <= A gives ||h||_1 >= ||h||_2^2/||h||_inf >= P/(S + A); |a| > A, |a|/w >= K gives ||h||_1 >= K - N1 = 1/10;
    |a| > A, |a|/w < K gives ||h||_1 >= T1 - K e^{-A/K}. E_lb is the smallest of the three (0 when it is not
    positive: no violation can then be shown). The zero kernel has E_1 = 0 (a -> 0).
    Raises InvalidArgument where SymPy cannot compute one of the quantities exactly (a kernel that is not smooth,
    a transcendental critical-point equation, an integral left unevaluated): the replay then decides nothing."""
    t_ = t_nn
    if sp.simplify(rho) == 0:
        return sp.Integer(0), "the kernel is 0: E_1 = 0 (take a -> 0)"

    def refuse(why):
        raise sr.InvalidArgument(f"the replay cannot compute a lower bound of the best width-1 error E_1 for the "
                                 f"kernel {rho}: {why}; it decides smooth kernels whose L^2 profile and extrema SymPy "
                                 "solves exactly (such as t**2*exp(-t))")

    if rho.atoms(*_NOT_SMOOTH) or rho.free_symbols - {t_}:
        refuse("it is not a smooth function of t alone")
    w_ = sp.Symbol("w", positive=True)

    def exact(value, what):
        if value.has(sp.Integral) or value.has(sp.nan) or not value.is_number or value.is_finite is not True:
            refuse(f"{what} = {value} is not a finite exact number")
        return value

    def extrema(f, x, what):
        crit = sp.solveset(sp.diff(f, x), x, sp.Interval.open(0, sp.oo))
        if crit is not sp.S.EmptySet and not isinstance(crit, sp.FiniteSet):
            refuse(f"the critical points of {what} are not a finite set SymPy can list ({crit})")
        ends = [sp.limit(f, x, 0, "+"), sp.limit(f, x, sp.oo)]
        return [f.subs(x, c) for c in (() if crit is sp.S.EmptySet else crit)] + ends

    norm2 = exact(sp.integrate(rho ** 2, (t_, 0, sp.oo)), "||rho||_2^2")
    lap = sp.integrate(rho * sp.exp(-w_ * t_), (t_, 0, sp.oo), conds="none")
    if lap.has(sp.Integral):
        refuse(f"its Laplace transform is not found ({lap})")
    profile = sp.simplify(norm2 - 2 * w_ * lap ** 2)
    P = sp.Max(0, sp.Min(*[exact(v, "the L^2 profile") for v in extrema(profile, w_, "the L^2 profile")]))
    S = sp.Max(*[sp.Abs(exact(v, "rho")) for v in extrema(rho, t_, "rho") + [rho.subs(t_, 0)]])
    n1 = exact(sp.integrate(sp.Abs(rho), (t_, 0, sp.oo)), "||rho||_1")
    T1 = sp.Abs(exact(sp.integrate(rho, (t_, 1, sp.oo)), "int_1^oo rho"))
    K = n1 + sp.Rational(1, 10)
    A = sp.Integer(10)
    if sp.N(T1, 30) > 0 and sp.N(K * sp.exp(-A / K) - T1 / 2, 30) > 0:
        A = sp.ceiling(K * sp.log(2 * K / T1))
    lb = sp.Min(P / (S + A), K - n1, T1 - K * sp.exp(-A / K))
    lb = lb if sp.N(lb, 30) > 0 else sp.Integer(0)
    how = (f"P = {P}, S = sup|rho| = {S}, ||rho||_1 = {n1}, |int_1^oo rho| = {T1}, K = {K}, A = {A}: "
           f"E_1 >= min(P/(S + A), K - ||rho||_1, |int_1^oo rho| - K e^(-A/K))")
    return lb, how


def _thm10_rescaled(params):
    """(rho_c, beta_c, alpha) of the witness: rho_c(t) = c rho(ct), beta_c = c beta."""
    rho0, c_v = _kernel(params), sp.Rational(params["c"])
    return c_v * rho0.subs(t_nn, c_v * t_nn), c_v * sp.Rational(params["beta"]), int(params["alpha"])


def _thm10_values(params, printed):
    """The printed right side of (27) at the witness (C(alpha) = C, d = m = 1, the gamma of (26), beta_c) and E_lb."""
    rho0, c_v = _kernel(params), sp.Rational(params["c"])
    b_, al = sp.Rational(params["beta"]), int(params["alpha"])
    gamma_v = _gamma_26(rho0, b_, al)                       # (26) is invariant under the rescaling (checked)
    by_name = {"C_alpha": sp.Rational(params["C"]), "gamma": gamma_v, "d": 1, "beta": c_v * b_, "m": 1, "alpha": al}
    bound = printed["bound"]
    bound = bound.xreplace({s_: by_name[s_.name] for s_ in bound.free_symbols if s_.name in by_name})
    lb, how = _e1_lower_bound_for(rho0)                    # E_1(c rho(ct)) = E_1(rho): computed for this kernel
    return bound, lb, gamma_v, how


def _thm10_replay(params, dps, printed):
    """SymPy: the printed bound (27) at the rescaled witness against the lower bound E_lb of the error, by evalf."""
    bound, lb, gamma_v, how = _thm10_values(params, printed)
    gap = sp.N(lb - bound, dps)
    return {"violated": bool(gap > 0),
            "values": {"gamma": sp.N(gamma_v, 12), "bound (27)": sp.N(bound, 20),
                       "lower bound of the error": sp.N(lb, 20), "lower bound from": how}}


def _thm10_recheck(params, dps, printed):
    """Arb balls for the printed bound and E_lb (compile_arb of the printed formula, rho by its rational witness), and
    for reference the error E_1 by direct double-precision minimisation of the L^1 distance (SciPy)."""
    import math

    from scipy.integrate import quad as fquad
    from scipy.optimize import minimize
    bound, lb, gamma_v, _ = _thm10_values(params, printed)
    import flint
    old = flint.ctx.prec
    flint.ctx.prec = int(dps * 3.33) + 20
    try:
        f_b = sr.numeric.compile_arb(bound, [])
        f_l = sr.numeric.compile_arb(lb, [])
        gap = f_l() - f_b()
        violated = bool(gap > 0)
        shown = {"bound (27), Arb": f_b().str(12), "E_lb, Arb": f_l().str(12)}
    finally:
        flint.ctx.prec = old
    rho0 = sp.lambdify(t_nn, _kernel(params), "math")

    def l1(p):
        a_v, w_v = p[0], math.exp(p[1])
        return sum(fquad(lambda s: abs(rho0(s) - a_v * math.exp(-w_v * s)), lo, hi, limit=200)[0]
                   for lo, hi in ((0, 1), (1, 5), (5, 60)))
    best = min(minimize(l1, x0, method="Nelder-Mead", options={"xatol": 1e-6, "fatol": 1e-9, "maxiter": 400}).fun
               for x0 in ([0.5, 0.0], [1.0, -0.5], [0.3, -1.0]))
    return {"violated": violated, "values": {**shown, "E_1 by direct minimisation (double, SciPy)": f"{best:.6f}"}}


@thm10.hypothesis("thm7_conditions", r"the conditions of Theorem 7: $H_t(x) = \int_0^\infty x_{t-s}\rho(s)ds$ with "
                  r"$\rho \in L^1[0,\infty)$ (continuous, linear, causal, regular, time-homogeneous; Theorem 14)",
                  checks=("time_rescaling",))
def _thm10_h_l1(p):
    rho_c, _, _ = _thm10_rescaled(p)
    n1 = sp.integrate(sp.Abs(rho_c), (t_nn, 0, sp.oo))
    return bool(n1.is_finite), f"||rho_c||_L1 = {n1}"


@thm10.hypothesis("smoothness", r"$y(t) = H_t(e_1) \in C^{(\alpha+1)}(\mathbb{R})$: $y = \int_0^t\rho$ on $t \ge 0$ and "
                  r"$0$ before, so $\rho^{(j)}(0) = 0$ for $j = 0, \dots, \alpha$ ($\rho$ smooth on $t > 0$)",
                  checks=("time_rescaling",))
def _thm10_h_smooth(p):
    rho_c, _, al = _thm10_rescaled(p)
    vals = [sp.diff(rho_c, t_nn, j_).subs(t_nn, 0) for j_ in range(al + 1)]
    return all(sp.simplify(v) == 0 for v in vals), f"rho_c^(j)(0) = {vals}, j = 0..{al}"


@thm10.hypothesis("decay_25", r"(25): $e^{\beta t} y^{(k)}(t) = o(1)$ as $t \to \infty$, $k = 1, \dots, \alpha + 1$",
                  checks=("time_rescaling",))
def _thm10_h_25(p):
    rho_c, b_c, al = _thm10_rescaled(p)
    lims = [sp.limit(sp.exp(b_c * t_nn) * sp.diff(rho_c, t_nn, k_ - 1), t_nn, sp.oo) for k_ in range(1, al + 2)]
    return all(x == 0 for x in lims), f"limits {lims} (beta_c = {b_c})"


@thm10.hypothesis("gamma_26", r"(26) with a finite $\gamma$, the same for the kernel and its rescaling",
                  checks=("time_rescaling",))
def _thm10_h_26(p):
    rho_c, b_c, al = _thm10_rescaled(p)
    g0 = _gamma_26(_kernel(p), sp.Rational(p["beta"]), al)
    gc = _gamma_26(rho_c, b_c, al)
    return bool(g0.is_finite and sp.simplify(gc - g0) == 0), f"gamma = {g0} = {sp.N(g0, 8)} for both"


@thm10.check(layer="symbolic", method="scaling + exact lower bound", replay=_thm10_replay, recheck=_thm10_recheck,
             about="bound",
             evaluators=("SymPy evalf of the printed bound", "Arb balls (python-flint) of the printed bound"),
             scope="d = 1, alpha = 1, m = 1: the kernel t^2 e^{-t} (rho(0) = rho'(0) = 0, so y in C^2(R)) with "
                   "beta = 1/2 and its time rescalings c rho(ct) with beta_c = c beta; any proposed universal constant C")
def time_rescaling(ctx):
    t_ = t_nn
    rho_c = c_scale * _RHO10.subs(t_, c_scale * t_)
    for k_ in (1, 2):
        lhs = sp.exp(c_scale * beta * t_) * sp.diff(rho_c, t_, k_ - 1) / (c_scale * beta) ** k_
        rhs = (sp.exp(beta * t_) * sp.diff(_RHO10, t_, k_ - 1) / beta ** k_).subs(t_, c_scale * t_)
        ctx.identity(f"(26), k={k_}: the quantity for (c rho(ct), c beta) at t is that for (rho, beta) at ct",
                     lhs, rhs)
    ctx.step("So gamma is unchanged, (25) still holds, and the width-1 RNN class (a e^{-wt}, w > 0) is mapped to "
             "itself by t -> ct with the L^1 error unchanged (substitute s = ct); by Theorem 14 the left side of (27) "
             "is that L^1 error. Hence (27) for every c would give E_1(rho) <= C gamma/(c beta) -> 0.")
    gamma_v = _gamma_26(_RHO10, sp.Rational(1, 2))
    ctx.step("gamma of (26) for t^2 e^{-t}, beta = 1/2, alpha = 1 (max over k = 1, 2; exact calculus):", gamma_v)
    w_ = sp.Symbol("w", positive=True)
    a_ = sp.Symbol("a", real=True)
    norm2 = sp.integrate(_RHO10 ** 2, (t_, 0, sp.oo))
    lap = sp.integrate(_RHO10 * sp.exp(-w_ * t_), (t_, 0, sp.oo))
    l2 = sp.integrate(sp.expand((_RHO10 - a_ * sp.exp(-w_ * t_)) ** 2), (t_, 0, sp.oo), conds="none")
    profile = norm2 - 2 * w_ * lap ** 2
    ctx.exact("||rho||_2^2", norm2, _E10["norm2"])
    ctx.identity("||rho - a e^-wt||_2^2 = (a - 2w L(w))^2/(2w) + ||rho||^2 - 2w L(w)^2 (completing the square)",
                 l2, (a_ - 2 * w_ * lap) ** 2 / (2 * w_) + profile)
    crit = sp.solve(sp.diff(profile, w_), w_)
    ctx.exact("the profile's only critical point on w > 0", sp.FiniteSet(*crit), sp.FiniteSet(_E10["wmin"]))
    ctx.exact("its minimum value (ends: ||rho||^2 = 3/4 at w -> 0 and w -> oo)", profile.subs(w_, _E10["wmin"]),
              _E10["profile_min"])
    ctx.exact_predicate("the profile tends to ||rho||^2 at both ends", sp.limit(profile, w_, 0, "+") == _E10["norm2"]
                        and sp.limit(profile, w_, sp.oo) == _E10["norm2"])
    ctx.exact("||rho||_L1", sp.integrate(_RHO10, (t_, 0, sp.oo)), _E10["l1"])
    ctx.exact("int_1^oo rho", sp.integrate(_RHO10, (t_, 1, sp.oo)), _E10["tail1"])
    tmax = sp.solve(sp.diff(_RHO10, t_), t_)
    ctx.exact("sup rho = rho(2) (critical points {0, 2}; rho(0) = 0, rho -> 0)",
              sp.Max(*[_RHO10.subs(t_, x) for x in tmax]), _E10["sup"])
    lb = _e1_lower_bound()
    ctx.exact("the replay computes this lower bound from the kernel it is given (_e1_lower_bound_for)",
              _e1_lower_bound_for(_RHO10)[0], lb)
    ctx.step("L^1 lower bound: ||h||_1 >= ||h||_2^2/||h||_inf >= (1249/5832)/(4/e^2 + 10) when |a| <= 10; when |a| > 10, "
             "either |a|/w >= 21/10 and ||h||_1 >= |a|/w - ||rho||_1 >= 1/10, or w > 100/21 and "
             "||h||_1 >= int_1^oo rho - (21/10) e^{-w} >= 5/e - (21/10) e^{-100/21}. So E_1 >= ", lb)
    C_ = sp.Integer(1000)
    c_v = 2 * sp.ceiling(C_ * gamma_v / (sp.Rational(1, 2) * lb))
    ctx.refute("for every universal constant C, a rescaled kernel violates (27)",
               {"kernel": "t**2*exp(-t)", "alpha": "1", "beta": "1/2", "C": str(C_), "c": str(c_v)},
               certificate=f"with c > C gamma/(beta E_lb) the right side of (27) is below the lower bound "
                           f"E_lb = {sp.N(lb, 8)} of the error (t^2 e^{{-t}}, gamma = {sp.N(gamma_v, 8)}); the "
                           "time-rescaling argument applies to any C")


thm10_no_beta = paper.correction(
    "thm10_no_beta",
    corrected_from="thm10",
    label="Theorem 10, bound (27) without 1/beta",
    where="Sec. 4.2 / Sec. 5",
    statement=r"""Under the assumptions of Theorem 10, there is $C(\alpha)$ such that for any $m$ some $\{\hat H_t\}
\in \hat{\mathcal H}_m$ satisfies $\sup_t \|H_t - \hat H_t\| \le \frac{C(\alpha)\gamma d}{m^{\alpha}}$: in (67) each
term carries a factor $\beta$ (from (26), $|\rho_i^{(j)}(t)| \le \gamma\beta^{j+1}e^{-\beta t}$), which cancels the
$1/\beta$ of the change of variables in (76).""",
    notes="symrnn correction; found by the transcription review and the time-rescaling check of li2022.thm10.",
    variables={"H": sr.given("a family {H_t} as in Theorem 10 (conditions of Theorem 7, (24)-(26))"),
               alpha_: sr.integer(1), beta: sr.positive(), "gamma": sr.positive(), m: sr.integer(1), "d": sr.integer(1)},
    conclusions=[("bound", "some C(alpha) gives, for every m, an {H^_t} in H^_m with sup_t ||H_t - H^_t|| <= "
                           "C(alpha) gamma d/m^alpha", "inequality")],
)


@thm10_no_beta.check(layer="symbolic", method="sympy", about="bound",
                     scope="the corrected step (67) for alpha = 1 and 2 (general rho satisfying (26)), its product with "
                           "the (alpha+1)/beta of (76), and invariance of the corrected bound under time rescaling")
def corrected_chain(ctx):
    _corrected_67(ctx)
    ctx.identity("(76) with the corrected (67): ((alpha+1)/beta) * C gamma beta / m^alpha = C (alpha+1) gamma / m^alpha",
                 (alpha_ + 1) / beta * sp.Symbol("C_alpha") * sp.Symbol("gamma") * beta / m ** alpha_,
                 sp.Symbol("C_alpha") * (alpha_ + 1) * sp.Symbol("gamma") / m ** alpha_)


def _corrected_67(ctx):
    """(67) with the factor beta, for alpha = 1, 2 and k = 0..alpha, for every rho satisfying (26)."""
    s_ = sp.Symbol("s", positive=True)
    u_ = sp.Symbol("u", nonnegative=True)                     # u = beta t
    rho_f = sp.Function("rho")
    gam = sp.Symbol("gamma", positive=True)
    for a_v in (1, 2):
        q = rho_f(-(a_v + 1) * sp.log(s_) / beta) / s_
        for k_ in range(0, a_v + 1):
            dq = sp.diff(q, s_, k_).subs(s_, sp.exp(-beta * t_nn / (a_v + 1))).doit()
            r_ = sp.symbols(f"r0:{k_ + 1}")                  # r_j stands for rho^{(j)}(t)
            dq = dq.xreplace({sp.Derivative(rho_f(t_nn), (t_nn, j_)) if j_ else rho_f(t_nn): r_[j_]
                              for j_ in range(k_ + 1)})
            dq = sp.expand(sp.simplify(dq))
            # (26): |rho^{(j)}(t)| = |y^{(j+1)}(t)| <= gamma beta^{j+1} e^{-beta t}
            bound = sum(sp.Abs(dq.coeff(r_[j_])) * gam * beta ** (j_ + 1) * sp.exp(-beta * t_nn) for j_ in range(k_ + 1))
            ratio = sp.simplify((bound / (gam * beta)).subs(t_nn, u_ / beta))
            sup = sp.limit(ratio, u_, sp.oo)
            ctx.exact_predicate(f"(67) corrected, alpha={a_v}, k={k_}: |q^(k)| <= gamma beta f(beta t) with f free of beta "
                                "and bounded on t >= 0",
                                beta not in ratio.free_symbols and sup.is_finite is True,
                                detail=f"f(u) = {ratio}")


thm11 = paper.claim(
    "thm11",
    severity="false statement",
    severity_reason="false for non-normal recurrent matrices (bounded Jordan blocks meet every hypothesis); the "
                    "correction (thm11_uniform) adds a width-uniform semigroup bound, a hypothesis the theorem does not have",
    kind="theorem",
    label="Theorem 11",
    where="Sec. 4.2 Approximation Rates and Inverse Approximation Theorem",
    statement=r"""Theorem 11 (Inverse Approximation Theorem on Exponential Decay) Assume the conditions as in
Theorem 7 and consider the output of constant signal
$$y_i(t) = H_t(\boldsymbol{e}_i) \in C^{(\alpha+1)}(\mathbb{R}), \quad i = 1, \dots, d, \ \alpha \in \mathbb{N}_+.
\tag{28}$$
Suppose for each $m \in \mathbb{N}_+$, there exists a sequence of width-m RNN functionals $\{\hat{H}_t : t \in
\mathbb{R}\} \in \hat{\mathcal{H}}_m$ approximating $H_t$ in the following sense
$$\lim_{m \to \infty} \sup_{t \ge 0} |\hat{y}_{i,m}^{(k)}(t) - y_i^{(k)}(t)| = 0, \quad i = 1, \dots, d, \ k = 1,
\dots, \alpha + 1, \tag{29}$$
where
$$\hat{y}_{i,m}(t) = \hat{H}_t(\boldsymbol{e}_i), \quad i = 1, \dots, d. \tag{30}$$
Define $w_m = \max_{j \in [m]} \operatorname{Re}(\lambda_j)$, where $\lambda_j, j = 1, \ldots, m$ are the
eigenvalues of W in $\{\hat{H}_t : t \in \mathbb{R}\}$. Assume the parameters in RNNs are uniformly bounded and
there exists a constant $\beta > 0$ such that $\limsup_{m \to \infty} w_m < -\beta$, then we have
$$e^{\beta t} y_i^{(k)}(t) = o(1) \text{ as } t \to +\infty, \quad i = 1, \dots, d, \ k = 1, \dots, \alpha + 1.
\tag{31}$$""",
    assumptions=[(r"the conditions of Theorem 7; 'uniformly bounded parameters' read as: the entries of (c, W, U) "
                  r"and the Euclidean norms of c, u_i, W are bounded uniformly in m")],
    uses=["thm7"],
    proof=["eq84"],
    variables={"H": sr.given("a family {H_t} with the conditions of Theorem 7 and (28): y_i = H_t(e_i) in C^(alpha+1)(R)"),
               "Hhat": sr.given("for each m a width-m RNN (c, W_m, U_m) with (29)-(30), uniformly bounded parameters and "
                                "limsup w_m < -beta; a witness: W_m = -lambda I + N_m (Jordan block), c = e_1, "
                                "u_m = (n(n-1) r^(n-2))_n, with H's kernel their limit t^2 e^{-(lambda - r)t}"),
               "lambda": sr.positive(text="lambda of a witness's Hhat (W_m = -lambda I + N_m): a coordinate of Hhat "
                                          "and H, not a separate quantifier"),
               "r": sr.positive(text="r of a witness's Hhat (u_m = (n(n-1) r^(n-2))_n): a coordinate of Hhat and H"),
               "alpha": sr.integer(1), "d": sr.integer(1), beta: sr.positive()},
    conclusions=[("decay", "(31): e^{beta t} y_i^{(k)}(t) = o(1) as t -> +oo, i = 1..d, k = 1..alpha+1", "limit")],
    printed={"decay": sp.exp(beta * t)},
    notes="The proof's step (84) needs sup_{t >= 0} e^{(beta + delta) t} |c^T W^{k-1} e^{Wt} u_i| <= c_0 with c_0 "
          "independent of m; bounded entries and a spectral abscissa below -beta do not give that for non-normal W "
          "(li2022.eq84). The counterexample below uses Jordan blocks.",
)

# The counterexample: alpha = 1, d = 1, W_m = -lam I_m + N_m (N_m the upper shift), c = e_1,
# u_m = (a_0, ..., a_{m-1}) with a_n = n (n-1) r^{n-2}.  Then c^T e^{W_m t} u_m = e^{-lam t} sum_{n<m} a_n t^n / n!,
# whose limit is rho(t) = e^{-lam t} t^2 e^{rt} = t^2 e^{-(lam - r) t}: it decays at the rate lam - r < beta < lam.
_T11 = {"lambda": "3/2", "r": "1/2", "beta": "5/4"}


def _thm11_series(mctx, lam, r_, m_, t_):
    """c^T e^{W_m t} u_m by its series (the Jordan-block exponential)."""
    return mctx.exp(-lam * t_) * mctx.fsum(n * (n - 1) * r_ ** (n - 2) * t_ ** n / mctx.factorial(n) for n in range(2, m_))


def _thm11_expm(mctx, lam, r_, m_, t_):
    """c^T e^{W_m t} u_m by mpmath's matrix exponential (an independent path)."""
    W = mctx.matrix(m_, m_)
    for q in range(m_):
        W[q, q] = -lam
        if q + 1 < m_:
            W[q, q + 1] = 1
    u = mctx.matrix([n * (n - 1) * r_ ** (n - 2) if n >= 2 else 0 for n in range(m_)])
    return (mctx.expm(W * t_) * u)[0]


def _thm11_tail_bound(lam=None, r_=None):
    """B_m = sum_{n >= m} a_n lam^{-n} (exact in m), with sup_t |y^_m^(k) - y^(k)| <= 2 lam B_m for k = 1, 2."""
    m_ = sp.Symbol("m", integer=True, positive=True)
    lam = sp.Rational(_T11["lambda"]) if lam is None else lam
    r_ = sp.Rational(_T11["r"]) if r_ is None else r_
    q = sp.Symbol("q", positive=True)
    geo = q ** m_ / (1 - q)                                   # sum_{n >= m} q^n
    closed = (sp.diff(geo, q, 2) / lam ** 2).subs(q, r_ / lam)  # sum_{n>=m} n(n-1) q^{n-2} / lam^2, q = r/lam
    return sp.simplify(closed), m_


def _thm11_exact(params):
    lam, r_, b_ = (sp.Rational(params[k_]) for k_ in ("lambda", "r", "beta"))
    return lam, r_, b_, t_nn ** 2 * sp.exp(-(lam - r_) * t_nn)


def _thm11_decay(printed, b_):
    return printed["decay"].subs({beta: b_}).xreplace({t: t_nn})


def _thm11_replay(params, dps, printed):
    """mpmath: hypotheses and conclusion of Theorem 11 on the Jordan-block sequence: the series agrees with mpmath's expm,
    the sup error of (29) is below 2 lam B_m, while the printed e^{beta t} times y'(t) = rho(t) grows at t = 20, 40, 80."""
    mctx = mp_ctx(dps)
    lam, r_, b_ = (mctx.mpf(sp.Rational(params[k_]).p) / sp.Rational(params[k_]).q for k_ in ("lambda", "r", "beta"))
    rho_ = lambda t_: t_ ** 2 * mctx.exp(-(lam - r_) * t_)  # noqa: E731
    vals, ok = {}, True
    for m_ in (8, 16):
        grid = [mctx.mpf(x) / 2 for x in range(41)]
        series = [_thm11_series(mctx, lam, r_, m_, x) for x in grid]
        expm_pts = [_thm11_expm(mctx, lam, r_, m_, grid[q]) for q in (4, 12, 30)]
        agree = max(abs(e - series[q]) for e, q in zip(expm_pts, (4, 12, 30)))
        err = max(abs(sv - rho_(x)) for sv, x in zip(series, grid))
        bound = 2 * lam * mctx.fsum(n * (n - 1) * r_ ** (n - 2) * lam ** (-n) for n in range(m_, m_ + 400))
        vals[f"m={m_}: max |y^'_m - y'| on [0, 20]"] = mctx.nstr(err, 6)
        vals[f"m={m_}: 2 lam B_m"] = mctx.nstr(bound, 6)
        vals[f"m={m_}: |series - expm|"] = mctx.nstr(agree, 3)
        ok = ok and agree < mctx.mpf(10) ** (-dps // 2) and err <= bound
    decay = sp.lambdify(t_nn, _thm11_decay(printed, sp.Rational(params["beta"])), modules=mctx)
    growth = [mctx.log(decay(T_) * rho_(T_)) for T_ in (mctx.mpf(20), mctx.mpf(40), mctx.mpf(80))]
    vals["log(printed decay(t) y'(t)) at t = 20, 40, 80"] = ", ".join(mctx.nstr(g, 6) for g in growth)
    violated = ok and growth[0] < growth[1] < growth[2] and growth[0] > 0
    return {"violated": bool(violated), "values": vals}


def _thm11_recheck(params, dps, printed):
    """SymPy exact: the limit of the printed e^{beta t} times y'(t) = t^2 e^{-(lam - r) t} as t -> oo."""
    lam, r_, b_, rho_t = _thm11_exact(params)
    lim = sp.limit(_thm11_decay(printed, b_) * rho_t, t_nn, sp.oo)
    return {"violated": bool(lim != 0), "values": {"lim_(t->oo) printed decay * y'(t)": lim}}


@thm11.hypothesis("smoothness_28", r"(28) with $\alpha = 1$: $y = \int_0^t \rho \in C^{2}(\mathbb{R})$, i.e. $\rho(0) = \rho'(0) = 0$",
                  checks=("jordan_counterexample",))
def _thm11_h28(p):
    _, _, _, rho_t = _thm11_exact(p)
    vals = (rho_t.subs(t_nn, 0), sp.diff(rho_t, t_nn).subs(t_nn, 0))
    return vals == (0, 0), f"rho(0), rho'(0) = {vals}"


@thm11.hypothesis("thm7_conditions", r"the conditions of Theorem 7: $\rho = y' \in L^1[0, \infty)$",
                  checks=("jordan_counterexample",))
def _thm11_h7(p):
    _, _, _, rho_t = _thm11_exact(p)
    n1 = sp.integrate(rho_t, (t_nn, 0, sp.oo))
    return bool(n1.is_finite), f"||rho||_L1 = {n1}"


@thm11.hypothesis("bounded_parameters", r"the parameters are uniformly bounded: $c = e_1$, $\|W_m\|_2 \le \lambda + 1$, "
                  r"$0 \le a_n \le \max_n a_n$ and $\sum_n a_n^2 < \infty$ ($a_n = n(n-1)r^{n-2}$, $0 < r < 1$)",
                  checks=("jordan_counterexample",))
def _thm11_hbounded(p):
    lam, r_, _, _ = _thm11_exact(p)
    n_ = sp.Symbol("n", integer=True, positive=True)
    a_n = n_ * (n_ - 1) * r_ ** (n_ - 2)
    ratio = sp.limit(sp.simplify((a_n.subs(n_, n_ + 1) / a_n) ** 2), n_, sp.oo)
    return bool(0 < r_ < 1 and ratio < 1), f"r = {r_}; a_(n+1)^2/a_n^2 -> {ratio} < 1 (so a_n -> 0 and sum a_n^2 < oo)"


@thm11.hypothesis("spectral_abscissa", r"$\limsup_m w_m < -\beta$: $W_m$ is triangular with diagonal $-\lambda$",
                  checks=("jordan_counterexample",))
def _thm11_hw(p):
    lam, _, b_, _ = _thm11_exact(p)
    return bool(-lam < -b_ and b_ > 0), f"w_m = {-lam} < -beta = {-b_}"


@thm11.hypothesis("convergence_29", r"(29) for $k = 1, 2$: $\sup_{t\ge0}|\hat y^{(k)}_m - y^{(k)}| \le 2\lambda B_m \to 0$",
                  checks=("jordan_counterexample",))
def _thm11_h29(p):
    lam, r_, _, _ = _thm11_exact(p)
    if not (0 < r_ < lam):
        return False, "needs 0 < r < lam"
    B, m_ = _thm11_tail_bound(lam, r_)
    lim = sp.limit(B, m_, sp.oo)
    return lim == 0, f"B_m = {B} -> {lim}"


@thm11.check(layer="symbolic", method="sympy (exact counterexample) + mpmath replay", replay=_thm11_replay, about="decay",
             recheck=_thm11_recheck, evaluators=("mpmath (series, expm, printed decay) at the witness",
                                                 "SymPy exact limit of the printed decay times y'"),
             scope="alpha = 1, d = 1: the Jordan-block sequence W_m = -(3/2) I + N_m, c = e_1, u_m = (n(n-1) 2^{2-n})_n "
                   "and the target rho(t) = t^2 e^{-t}, beta = 5/4")
def jordan_counterexample(ctx):
    lam, r_, b_ = (sp.Rational(_T11[k_]) for k_ in ("lambda", "r", "beta"))
    n_ = sp.Symbol("n", integer=True, nonnegative=True)
    a_n = n_ * (n_ - 1) * r_ ** (n_ - 2)
    rho_t = t_nn ** 2 * sp.exp(-(lam - r_) * t_nn)
    k_ = sp.Symbol("k", integer=True, nonnegative=True)
    ctx.identity("termwise, a_n t^n/n! = t^2 (rt)^k/k! with n = k + 2 (a_0 = a_1 = 0), so "
                 "e^{-lam t} sum_n a_n t^n/n! = e^{-lam t} t^2 e^{rt} = rho(t)",
                 sp.combsimp((a_n * t_nn ** n_ / sp.factorial(n_)).subs(n_, k_ + 2)),
                 t_nn ** 2 * (r_ * t_nn) ** k_ / sp.factorial(k_))
    ctx.identity("rho(t) = t^2 e^{-(lam - r) t}", sp.exp(-lam * t_nn) * t_nn ** 2 * sp.exp(r_ * t_nn), rho_t)
    # (28): y = int_0^t rho on t >= 0 and 0 before, so y in C^2(R) iff rho(0) = rho'(0) = 0
    ctx.exact_predicate("(28) with alpha = 1: rho(0) = rho'(0) = 0, so y in C^2(R)",
                        rho_t.subs(t_nn, 0) == 0 and sp.diff(rho_t, t_nn).subs(t_nn, 0) == 0)
    ratio = sp.limit(sp.simplify((a_n.subs(n_, n_ + 1) / a_n) ** 2), n_, sp.oo)
    ctx.exact_predicate("the parameters are bounded: a_n <= 3 (a_n decreases from n = 4 on; a_3 = a_4 = 3) and "
                        "sum_n a_n^2 < oo (ratio test: a_{n+1}^2/a_n^2 -> r^2 < 1), so ||u_m||_2 is bounded in m",
                        max(a_n.subs(n_, v) for v in range(2, 6)) == 3 and ratio < 1
                        and sp.simplify(a_n.subs(n_, n_ + 1) / a_n - (n_ + 1) * r_ / (n_ - 1)) == 0,
                        detail=f"a_(n+1)/a_n = (n+1) r/(n-1) <= 1 for n >= 3; ratio limit {ratio}")
    ctx.exact_predicate("W_m is triangular with diagonal -lam, so w_m = -3/2 < -beta = -5/4 for every m", -lam < -b_)
    B, m_ = _thm11_tail_bound()
    ctx.step("sup_t e^{-lam t} t^n/n! <= lam^{-n} (n! >= (n/e)^n), so sup_{t>=0} |y^_m^{(k)} - y^{(k)}| <= 2 lam B_m "
             "for k = 1, 2 with B_m = sum_{n>=m} a_n lam^{-n} =", B)
    ctx.exact_predicate("(29): B_m -> 0 as m -> oo", sp.limit(B, m_, sp.oo) == 0, detail=f"B_m = {B}")
    conclusion = ctx.printed["decay"].subs({beta: b_, t: t_nn}) * rho_t   # e^{beta t} y'(t), k = 1
    lim = sp.limit(conclusion, t_nn, sp.oo)
    ctx.step("(31) for k = 1: e^{beta t} y'(t) =", conclusion)
    if lim == 0:
        ctx.exact_predicate("(31) holds for the sequence", True)
    else:
        ctx.refute("(31) fails: e^{beta t} y'(t) = t^2 e^{t/4} -> oo although (28), (29), bounded parameters and "
                   "limsup w_m = -3/2 < -beta hold", dict(_T11),
                   certificate=f"exact: lim_(t->oo) e^(beta t) y'(t) = {lim}; B_m = {B} -> 0")
    # the paper's own construction for a power law: W = diag(-1..-m), w_m = -1, and the coefficients it needs
    import numpy as np
    f, tail = _fit_kernels()["(1+t)^-2"]
    rows = []
    for n in ((4, 8, 16) if ctx.quick else (4, 8, 16, 24, 30)):
        coef, dist = _l1_fit(f, tail, n)
        # p(u) = u sum_k coef_k T_k(2u - 1): monomial coefficients alpha_j of p = the entries of U in (61)
        mono = np.polynomial.Chebyshev(coef, domain=[0, 1]).convert(kind=np.polynomial.Polynomial).coef
        rows.append((n, "-1", f"{dist:.3e}", f"{np.max(np.abs(mono)):.3e}"))
    ctx.table("width-m L^1 fits of (1+t)^-2 by the construction (61): the error falls only while max |U_ij| grows",
              ("m", "w_m", "L^1 error", "max |U_ij|"), rows)


@thm11.check(layer="symbolic", method="sympy", scope="(80) for 2x2 triangular W, k = 1, 2, 3; (82) for any f")
def proof_identities(ctx):
    s_ = sp.Symbol("s", positive=True)
    w11, w12, w22, c1_, c2_, u1_, u2_ = sp.symbols("w11 w12 w22 c1 c2 u1 u2", real=True)
    W_ = sp.Matrix([[w11, w12], [0, w22]])
    cv, uv = sp.Matrix([c1_, c2_]), sp.Matrix([u1_, u2_])
    E = lambda x: sp.simplify((W_ * x).exp())  # noqa: E731
    integrand = (cv.T * E(s_) * uv)[0]
    y_hat = sp.integrate(integrand, (s_, 0, t_nn), conds="none")          # (79)
    pairs = [(f"k={k_}", sp.diff(y_hat, t_nn, k_), (cv.T * W_ ** (k_ - 1) * E(t_nn) * uv)[0]) for k_ in (1, 2, 3)]
    ctx.identities("(80): d^k/dt^k int_0^t c^T e^{Ws} u ds = c^T W^{k-1} e^{Wt} u (w11 != w22)", pairs,
                   domain={w11: (-3, -1), w22: (-0.9, -0.1)})
    f = sp.Function("f")
    Tf = lambda x: f(-sp.log(x) / beta) / x  # noqa: E731 - (81)
    ctx.identity("(82): f(t) = e^{-beta t} (Tf)(e^{-beta t})", sp.exp(-beta * t_nn) * Tf(sp.exp(-beta * t_nn)), f(t_nn))


thm11_uniform = paper.correction(
    "thm11_uniform",
    corrected_from="thm11",
    label="Theorem 11 with a uniform semigroup bound",
    where="Sec. 4.2 / Sec. 5",
    statement=r"""Under the assumptions of Theorem 11, suppose moreover that the transient growth is uniform in the
width: for some $\delta' > 0$, $K := \sup_m \sup_{t \ge 0} e^{(\beta + \delta')t} \max_{i, k} |c^\top W^{k-1} e^{Wt}
u_i| < \infty$ (true, e.g., for normal $W$ with $w_m \le -\beta - \delta'$ and uniformly bounded $\|c\|_2,
\|u_i\|_2, \|W\|_2$). Then (84) holds with $c_0 = 2K$ and $\delta'$ in place of $\delta$, and $e^{\beta t}
y_i^{(k)}(t) = o(1)$, $k = 1, \dots, \alpha + 1$.""",
    notes="symrnn correction of li2022.thm11: the Jordan-block counterexample has K = oo (li2022.eq84).",
    variables={"H": sr.given("a family {H_t} as in Theorem 11 (conditions of Theorem 7, (28)-(30)) with the uniform K"),
               "alpha": sr.integer(1), beta: sr.positive(), "delta'": sr.positive(),
               "Hhat": sr.given("width-m RNN functionals (c, W, U) with uniformly bounded parameters and K < oo")},
    conclusions=[("normal", "K < oo for normal W with w_m <= -beta - delta' and uniformly bounded ||c||, ||u_i||, ||W||",
                  "property"),
                 ("eq84", "(84) holds with c_0 = 2K and delta' in place of delta", "inequality"),
                 ("decay", "e^{beta t} y_i^{(k)}(t) = o(1), k = 1..alpha+1", "limit")],
)


@thm11_uniform.check(layer="numeric", method="mpmath (eigen-decomposition)", about="normal",
                     scope="the sufficient condition for normal W: |c^T W^{k-1} e^{Wt} u| <= ||c|| ||W||^{k-1} ||u|| e^{w_m t} "
                           "for random normal W (rotation blocks), m up to 12, k = 1, 2, 3, t in {0, 1, 3, 8} (the rest of "
                           "the corrected proof is the paper's (85)-(87))")
def normal_bound(ctx):
    mctx = mp_ctx(30)
    worst, n = mctx.zero, 0
    for m_ in ((4, 8) if ctx.quick else (4, 8, 12)):
        for _ in range(2 if ctx.quick else 4):
            # W = Q diag-blocks Q^T: blocks [[-a, b], [-b, -a]], Q a random orthogonal matrix (QR of a Gaussian matrix)
            Q, _ = mctx.qr(mctx.matrix([[ctx.rng.gauss(0, 1) for _ in range(m_)] for _ in range(m_)]))
            B = mctx.zeros(m_, m_)
            for q in range(0, m_, 2):
                a_, b_ = ctx.rng.uniform(0.3, 2), ctx.rng.uniform(0, 3)
                B[q, q] = B[q + 1, q + 1] = -a_
                B[q, q + 1], B[q + 1, q] = b_, -b_
            W = Q * B * Q.T
            c = mctx.matrix([ctx.rng.gauss(0, 1) for _ in range(m_)])
            u = mctx.matrix([ctx.rng.gauss(0, 1) for _ in range(m_)])
            w_m = max(B[q, q] for q in range(m_))                    # the real parts of the eigenvalues -a +- ib
            normW = max(mctx.sqrt(abs(e_)) for e_ in mctx.eig(W.T * W)[0])   # ||W||_2
            for k_ in (1, 2, 3):
                for tq in (0, 1, 3, 8):
                    E = mctx.expm(W * tq)
                    val = abs((c.T * W ** (k_ - 1) * E * u)[0])
                    bound = mctx.norm(c) * normW ** (k_ - 1) * mctx.norm(u) * mctx.exp(w_m * tq)
                    worst, n = max(worst, val / bound), n + 1
    if worst <= 1 + mctx.mpf(10) ** -20:
        ctx.no_violation("|c^T W^{k-1} e^{Wt} u| <= ||c|| ||W||^{k-1} ||u|| e^{w_m t} for normal W", points=n,
                         detail=f"largest ratio {mctx.nstr(worst, 6)}; so K <= sup ||c|| ||W||^{{k-1}} ||u|| is uniform in m")
    else:
        ctx.inconclusive("the normal-matrix bound fails at a sample", f"ratio {worst}")


# An admissible family for the corrected theorem: width-m RNNs with normal (diagonal) W_m whose eigenvalues
# -lambda_j sit on a midpoint grid of [beta + delta', Lam], c = 1 and u_j = (Lam - beta - delta')/m: then
# yhat'_m(t) = sum_j u_j e^{-lambda_j t} is a Riemann sum of y'(t) = int e^{-lambda t} d lambda, (29) holds, and
# K = sup_m sup_t e^{(beta+delta') t} max_k |c^T W^{k-1} e^{Wt} u| <= (Lam - beta - delta') Lam^alpha is uniform.
_T11U = {"beta": sp.Rational(1, 2), "delta": sp.Rational(1, 4), "Lam": sp.Integer(3), "alpha": 1}


def _t11u_model(m_):
    b_, d_, L_ = _T11U["beta"], _T11U["delta"], _T11U["Lam"]
    h = (L_ - b_ - d_) / m_
    lams = [b_ + d_ + (j + sp.Rational(1, 2)) * h for j in range(m_)]
    return lams, [h] * m_


def _t11u_derivative(m_, k_):
    """yhat^{(k)}_m(t) = c^T W^{k-1} e^{Wt} u for the family (exact exponential sum)."""
    lams, us = _t11u_model(m_)
    return sum(u_ * (-lam) ** (k_ - 1) * sp.exp(-lam * t_nn) for lam, u_ in zip(lams, us))


@thm11_uniform.check(layer="symbolic", method="sympy (exact exponential sums) + limits", about=("eq84", "decay"),
                     scope="the corrected theorem on an admissible family: diagonal (normal) W_m with eigenvalues on a "
                           "midpoint grid of [-Lam, -beta - delta'], beta = 1/2, delta' = 1/4, Lam = 3, alpha = 1, "
                           "m = 1..12 (quick 1..6): the uniform K (hypothesis), (84) with c_0 = 2K at m_1 = m, "
                           "m_2 = 2m and T_0 in {1, 4, 16}, (29) for the limit y, and the conclusion (31)")
def admissible_family(ctx):
    b_, d_, L_, a_ = _T11U["beta"], _T11U["delta"], _T11U["Lam"], _T11U["alpha"]
    K = (L_ - b_ - d_) * L_ ** a_               # sum_j |u_j| lambda_j^{k-1} <= (Lam - beta - delta') Lam^{k-1}
    ctx.step("For diagonal W with entries -lambda_j <= -(beta + delta'): e^{(beta+delta')t} |c^T W^{k-1} e^{Wt} u| <= "
             "sum_j |u_j| lambda_j^{k-1} e^{-(lambda_j - beta - delta') t} <= sum_j |u_j| lambda_j^{k-1}, so K <= ", K)
    lam_ = sp.Symbol("lambda", positive=True)
    y_limit = {k_: sp.integrate((-lam_) ** (k_ - 1) * sp.exp(-lam_ * t_nn), (lam_, b_ + d_, L_)) for k_ in (1, 2)}
    sizes = range(1, 7 if ctx.quick else 13)
    bad, checked = [], 0
    for m_ in sizes:
        for k_ in (1, a_ + 1):
            lams, us = _t11u_model(m_)
            bound = sum(abs(u_) * lam ** (k_ - 1) for lam, u_ in zip(lams, us))
            if not bound <= K:
                bad.append(f"K: m={m_}, k={k_}")
            d1, d2 = _t11u_derivative(m_, k_), _t11u_derivative(2 * m_, k_)
            for T0 in (1, 4, 16):
                # (84) with c_0 = 2K: for t >= T_0, e^{beta t}|yhat_{m1} - yhat_{m2}| <= 2K e^{-delta' t} <= 2K e^{-delta' T_0};
                # the tail sup is attained on a grid point or bounded by the exact K bound: check it at t = T_0, 2 T_0
                for tt in (T0, 2 * T0):
                    lhs = sp.exp(b_ * tt) * abs((d1 - d2).subs(t_nn, tt))
                    checked += 1
                    if not sp.N(2 * K * sp.exp(-d_ * T0) - lhs, 30) >= 0:
                        bad.append(f"(84): m={m_}, k={k_}, T0={T0}, t={tt}")
    ctx.exact_predicate("hypothesis: K <= (Lam - beta - delta') Lam^alpha for every m (uniform in the width), and (84) "
                        "with c_0 = 2K at every sampled (m, T_0, t)", not bad,
                        detail=f"{checked} comparisons of (84); failures: {bad[:3]}")
    # (29): the Riemann sums converge uniformly on t >= 0 (midpoint rule, error O(1/m^2) uniformly in t)
    errs = []
    for m_ in (4, 8, 16):
        grid = [sp.Rational(q, 4) for q in range(0, 41)]
        errs.append(max(abs(sp.N((_t11u_derivative(m_, 2) - y_limit[2]).subs(t_nn, tt), 30)) for tt in grid))
    ctx.table("(29) for k = 2: sup over t in {0, 1/4, ..., 10} of |yhat''_m - y''|", ("m", "sup error"),
              [(m_, sp.N(e_, 6)) for m_, e_ in zip((4, 8, 16), errs)])
    ctx.exact_predicate("(29): the sup error decreases as m doubles (midpoint rule)", errs[0] > errs[1] > errs[2] > 0,
                        detail=f"errors {[str(sp.N(e_, 4)) for e_ in errs]}")
    # the conclusion (31) for the limit: e^{beta t} y^{(k)}(t) -> 0, k = 1, 2 (exact limits)
    for k_ in (1, 2):
        ctx.exact(f"(31): lim_(t -> oo) e^(beta t) y^({k_})(t) for the limit y", sp.limit(sp.exp(b_ * t_nn) * y_limit[k_], t_nn,
                                                                                     sp.oo), 0)
