"""Section 4.3: the curse of memory in approximation (JMLR numbering).

Equations (33)-(39): the power-law memory rho(t) ~ t^{-(1+omega)} and the width it needs.

Claims, in paper order: eq33, eq35, eq35_zero_past, eq36, eq37, eq38, eq39.
"""

from __future__ import annotations

import sympy as sp

import symrnn as sr

from . import paper
from .model import beta, C, eps, m, mp_ctx, omega, T, t
from .sec3_formulation import _conv, _sup_norm
from .sec4_2_rates import t_nn


eq33 = paper.claim(
    "eq33",
    kind="equation",
    label='(33)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""Consider the example $\rho(t) \in C^{(1)}(\mathbb{R})$ and
$$\rho(t) \sim t^{-(1+\omega)} \text{ as } t \to +\infty. \tag{33}$$""",
    assumptions=[
        r"""$d = 1$ (subscripts dropped); $y(t) = H_t(\mathbf{1}_{\{s \ge 0\}}) = \int_0^t \rho(s) ds, \ t \ge 0$
(32)""",
        r"""$\omega > 0$ (decay rate of the memory)""",
    ],
    printed={"decay": t ** (-(1 + omega))},
    notes=r"""The factor in front of t^{-(1+\omega)} is not specified; note that (35)/(36) behave as if \rho(t) \sim
\omega t^{-(1+\omega)} (see notes of eq35/eq36).""",
    variables={omega: sr.positive(text="the decay rate omega > 0 of the memory")},
    conclusions=[("example", "some rho in C^(1)(R) has rho(t) ~ t^{-(1+omega)} as t -> +oo", "asymptotic")],
)


eq35 = paper.claim(
    "eq35",
    kind="equation",
    label='(35)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""we have the truncation error estimate
$$|H_t(\boldsymbol{x}) - \tilde{H}_t(\boldsymbol{x})| \le \|\boldsymbol{x}\|_{\mathcal{X}} \left(\int_T^\infty
|\rho(s)| ds \right) \sim \|\boldsymbol{x}\|_{\mathcal{X}} T^{-\omega}. \tag{35}$$""",
    assumptions=[
        r"""$T \gg 1$; $\tilde{\rho}(t) \in C^{(1)}(\mathbb{R})$ with $\tilde{\rho}(t) \equiv \rho(t)$ for $t \leq
T$, $\tilde{\rho}(t) \equiv 0$ for $t \geq T+1$, and $\tilde{\rho}(t)$ monotonically decreasing for $T \leq t \leq
T+1$""",
        r"""$\tilde{H}_t(\boldsymbol{x}) := \int_0^t x_{t-s} \tilde{\rho}(s) ds$ (34)""",
        r"""$\rho(t) \sim t^{-(1+\omega)}$ as $t \to +\infty$ (33)""",
    ],
    uses=["eq33"],
    printed={"tail_rate": T ** (-omega)},
    notes=r"""With (33) taken literally, \int_T^\infty t^{-(1+\omega)}dt = T^{-\omega}/\omega, so '\sim T^{-\omega}'
hides a factor 1/\omega (i.e. the \sim constant depends on \omega). The first inequality also uses |\tilde\rho| \le
|\rho| on [T, T+1] (true if \rho>0 decreasing there). Both H_t (23) and \tilde H_t (34) are integrals over s from 0
to \infty resp. t (for the step/causal inputs considered).""",
    variables={omega: sr.positive(), T: sr.positive(text="T >> 1"), "t": sr.real(),
               "x": sr.given("an input x in X"), "rho": sr.given("a kernel rho in C^(1) with (33), truncated to rho~ as assumed"),
               "p": sr.integer(0, text="a kernel rho = t^p (1+t)^{-(1+p+omega)} ~ t^{-(1+omega)} (a point of rho)")},
    conclusions=[("bound", "|H_t(x) - H~_t(x)| <= ||x||_X int_T^oo |rho(s)| ds", "inequality"),
                 ("rate", "||x||_X int_T^oo |rho(s)| ds ~ ||x||_X T^{-omega}", "asymptotic")],
)



@eq33.check(layer="symbolic", full=True, method="sympy.limit",
            scope="the family rho(t) = (1+t)^{-(1+omega)} (C^1 on [0, oo)) for every omega > 0: (33), and the "
                  "text's consequence that no beta > 0 makes (25) true (y^(1) = rho)")
def power_law_family(ctx):
    rho_w = (1 + t) ** (-(1 + omega))
    ctx.exact("(33): lim rho(t) / t^{-(1+omega)} = 1 for rho = (1+t)^{-(1+omega)}",
              sp.limit(rho_w / ctx.printed["decay"], t, sp.oo), 1)
    lim = sp.limit(sp.exp(beta * t) * ctx.printed["decay"], t, sp.oo)
    ctx.exact_predicate("(25) fails for every beta > 0: lim e^{beta t} y^(1)(t) = lim e^{beta t} t^{-(1+omega)} = oo",
                        lim == sp.oo, detail=f"limit {lim}")


def _rho35(om, p, u):
    """The kernel rho_p(t) = t^p (1+t)^{-(1+p+omega)} ~ t^{-(1+omega)} (p = 2: rho(0) = rho'(0) = 0)."""
    return u ** p * (1 + u) ** (-(1 + p + om))


def _ramp(mctx, om, TT, p=0):
    """rho~ for rho_p: rho on [0, T], the cubic Hermite ramp from (rho(T), rho'(T)) to (0, 0) on [T, T+1] (C^1), 0 after."""
    rT = _rho35(om, p, TT)
    dT = rT * ((p / TT if p else 0) - (1 + p + om) / (1 + TT))

    def f(u):
        if u <= TT:
            return _rho35(om, p, u)
        if u >= TT + 1:
            return mctx.zero
        x = u - TT
        return rT * (1 - 3 * x ** 2 + 2 * x ** 3) + dT * (x - 2 * x ** 2 + x ** 3)
    return f


def _tail35(om, TT, p):
    """int_T^oo rho_p exactly (u = 1 + t: (u-1)^p u^{-(1+p+omega)} term by term); works for SymPy and mpmath numbers."""
    from math import comb
    return sum(comb(p, k_) * (-1) ** (p - k_) * (1 + TT) ** (k_ - p - om) / (p + om - k_) for k_ in range(p + 1))


def _eq35_sides(mctx, om, TT, t_, bumps, printed_upper=True, p=0):
    """|H_t(x) - H~_t(x)| with H~ as printed in (34) (int_0^t) or with int_0^oo, and ||x|| int_T^oo |rho|."""
    rho_w = lambda u: _rho35(om, p, u) if u >= 0 else mctx.zero  # noqa: E731
    ramp = _ramp(mctx, om, TT, p)
    H = _conv(lambda mc, u: [rho_w(u), mctx.zero], 0, mctx.inf, breaks=(TT, TT + 1))
    Ht = _conv(lambda mc, u: [ramp(u) if u >= 0 else mctx.zero, mctx.zero], 0,
               (lambda tt: max(tt, 0)) if printed_upper else mctx.inf, breaks=(TT, TT + 1))
    lhs = abs(H(mctx, t_, bumps) - Ht(mctx, t_, bumps))
    rhs = _sup_norm(mctx, bumps) * _tail35(om, TT, p)                 # ||x|| int_T^oo rho exactly
    return lhs, rhs


def _eq35_replay(params, dps):
    """(35) with (34) as printed at t = 0 for the unit bump x_s = (1 - (s + 1)^2)^3_+ carried by [-2, 0] (mpmath
    quadrature), kernel rho_p(t) = t^p (1+t)^{-(1+p+omega)}."""
    mctx = mp_ctx(dps)
    om, TT, t_ = (mctx.mpf(sp.Rational(params[k_]).p) / sp.Rational(params[k_]).q for k_ in ("omega", "T", "t"))
    lhs, rhs = _eq35_sides(mctx, om, TT, t_, [(0, -mctx.one, mctx.one, mctx.one)], p=int(params.get("p", 0)))
    return {"violated": bool(lhs > rhs), "values": {"|H_t(x) - H~_t(x)|": mctx.nstr(lhs, 12),
                                                    "||x|| int_T^oo |rho|": mctx.nstr(rhs, 12)}}


def _eq35_recheck(params, dps):
    """SymPy exact, at t = 0: H~_0(x) = int_0^0 = 0 by (34); H_0(x) = int_0^2 s^3 (2 - s)^3 rho_p(s) ds by the
    substitution u = 1 + s (a polynomial in u times u^{-(1+p+omega)}, integrated term by term), against
    ||x|| int_T^oo rho_p (exact)."""
    om, TT, tt = (sp.Rational(params[k_]) for k_ in ("omega", "T", "t"))
    p = int(params.get("p", 0))
    if tt != 0:
        return {"violated": False, "values": {"note": "this evaluator covers t = 0 only"}}
    u_ = sp.Symbol("u", positive=True)
    poly = sp.Poly(sp.expand(((u_ - 1) * (3 - u_)) ** 3 * (u_ - 1) ** p), u_)
    e_ = 1 + p + om
    H0 = sum(c_ * (3 ** (k_ + 1 - e_) - 1) / (k_ + 1 - e_) for (k_,), c_ in poly.terms())
    rhs = _tail35(om, TT, p)
    return {"violated": bool(sp.N(H0 - rhs, dps) > 0),
            "values": {"H_0(x) exact": sp.N(H0, 15), "H~_0(x)": 0, "int_T^oo rho exact": sp.N(rhs, 15)}}


_xr = sp.Symbol("x", nonnegative=True)


def _eq35_ramp_exact(om, TT, p=0):
    rT = _rho35(om, p, TT)
    dT = sp.simplify(sp.diff(_rho35(om, p, t_nn), t_nn).subs(t_nn, TT))
    return rT * (1 - 3 * _xr ** 2 + 2 * _xr ** 3) + dT * (_xr - 2 * _xr ** 2 + _xr ** 3), rT, dT


@eq35.hypothesis("T_large", r"$T \gg 1$, read as $T \ge 10$", checks=("truncation_as_printed",))
def _eq35_hT(p):
    return bool(sp.Rational(p["T"]) >= 10 and sp.Rational(p["omega"]) > 0), f"T = {p['T']}, omega = {p['omega']}"


@eq35.hypothesis("truncation", r"$\tilde\rho \in C^{(1)}$, $\tilde\rho = \rho$ on $[0, T]$, $0$ on $[T+1, \infty)$, "
                 r"decreasing on $[T, T+1]$ (the cubic Hermite ramp: $-\tilde\rho'(T + x) = (1 - x) g(x)$ with $g$ "
                 r"linear and positive at both ends, exactly)", checks=("truncation_as_printed",))
def _eq35_hramp(p):
    om, TT = sp.Rational(p["omega"]), sp.Rational(p["T"])
    ramp, rT, dT = _eq35_ramp_exact(om, TT, int(p.get("p", 0)))
    d_ramp = sp.diff(ramp, _xr)
    ends = (ramp.subs(_xr, 0) == rT, sp.simplify(d_ramp.subs(_xr, 0) - dT) == 0, ramp.subs(_xr, 1) == 0,
            d_ramp.subs(_xr, 1) == 0)
    g = sp.expand(sp.cancel(-d_ramp / (1 - _xr)))
    linear = sp.Poly(g, _xr).degree() <= 1 and sp.expand(-d_ramp - (1 - _xr) * g) == 0
    g0, g1 = g.subs(_xr, 0), g.subs(_xr, 1)
    pos = bool(g0.is_positive) and bool(g1.is_positive)
    return bool(all(ends) and linear and pos), (f"C^1 matching at both ends: {all(ends)}; g(0) = {sp.N(g0, 6)}, "
                                                 f"g(1) = {sp.N(g1, 6)}")


@eq35.hypothesis("rho_33", r"(33): $\rho(t) \sim t^{-(1+\omega)}$ for $\rho_p(t) = t^p(1+t)^{-(1+p+\omega)}$",
                 checks=("truncation_as_printed",))
def _eq35_h33(p):
    om, pp = sp.Rational(p["omega"]), int(p.get("p", 0))
    lim = sp.limit(_rho35(om, pp, t_nn) / t_nn ** (-(1 + om)), t_nn, sp.oo)
    return lim == 1, f"lim rho(t) t^(1+omega) = {lim}"


@eq35.hypothesis("smoothness", r"$\tilde\rho \in C^{(1)}(\mathbb{R})$ with $\tilde\rho = \rho$ for $t \le T$ (the "
                 r"kernel is $0$ for $t < 0$): $\rho(0) = \rho'(0) = 0$", checks=("truncation_as_printed",))
def _eq35_hsmooth(p):
    om, pp = sp.Rational(p["omega"]), int(p.get("p", 0))
    r_ = _rho35(om, pp, t_nn)
    vals = (sp.simplify(r_.subs(t_nn, 0)), sp.simplify(sp.diff(r_, t_nn).subs(t_nn, 0)))
    return vals == (0, 0), f"rho = {r_}: rho(0), rho'(0) = {vals}"


@eq35.hypothesis("input", r"$\boldsymbol{x} \in \mathcal{X}$: the bump $x_s = (1 - (s+1)^2)^3_+$ is continuous and "
                 r"bounded, $\|\boldsymbol{x}\|_{\mathcal{X}} = 1$", checks=("truncation_as_printed",))
def _eq35_hx(p):
    s_ = sp.Symbol("s", real=True)
    bump = (1 - (s_ + 1) ** 2) ** 3
    peak = bump.subs(s_, -1)
    return bool(peak == 1 and bump.subs(s_, 0) == 0 and bump.subs(s_, -2) == 0), "max 1 at s = -1, zero at s = -2, 0"


@eq35.check(layer="symbolic", about="rate", method="sympy.integrate + limit",
            scope="rho = (1+t)^{-(1+omega)}, every omega > 0: the exact tail integral and its ratio to the printed "
                  "T^{-omega} as T -> oo; the ratio table for omega in {1/10, 1/4, 1/2, 1}")
def tail(ctx):
    u_ = sp.Symbol("u", positive=True)
    integral = sp.integrate((1 + u_) ** (-(1 + omega)), (u_, T, sp.oo), conds="none")
    ctx.identity("int_T^oo (1+t)^{-(1+omega)} dt = (1+T)^{-omega}/omega", integral, (1 + T) ** (-omega) / omega)
    ratio = sp.limit((1 + T) ** (-omega) / omega / ctx.printed["tail_rate"], T, sp.oo)
    ctx.exact("lim_{T->oo} int_T^oo |rho| / T^{-omega} = 1/omega: the '~' holds with a constant 1/omega", ratio, 1 / omega)
    rows = [(str(om), *[sp.N(((1 + sp.Integer(10) ** q) / sp.Integer(10) ** q) ** (-om) / om, 6) for q in (1, 2, 4, 8)])
            for om in (sp.Rational(1, 10), sp.Rational(1, 4), sp.Rational(1, 2), sp.Integer(1))]
    ctx.table("int_T^oo |rho| / T^{-omega} = ((1+T)/T)^{-omega}/omega", ("omega", "T=10", "T=10^2", "T=10^4", "T=10^8"), rows)
    ctx.step("The constant of '~' is 1/omega: it is not uniform in omega (with rho ~ t^{-(1+omega)} as printed in "
             "(33)); the factor omega of (36) corresponds to rho ~ omega t^{-(1+omega)}.")


@eq35.check(layer="numeric", about="bound", method="mpmath quadrature", replay=_eq35_replay, recheck=_eq35_recheck,
            evaluators=("mpmath quadrature", "SymPy exact integral (t = 0)"),
            scope="rho = t^2 (1+t)^{-(3+omega)} (~ t^{-(1+omega)}, rho(0) = rho'(0) = 0 so that rho~ is C^1 on R) with "
                  "the cubic C^1 decreasing ramp on [T, T+1], H~ as printed in (34) (int_0^t), omega in {1/4, 1/2, 1}, "
                  "T in {10, 100, 10^4}: the first inequality of (35) at t = 0 for a unit bump input carried by [-2, 0]")
def truncation_as_printed(ctx):
    rows, witness = [], None
    for om in ("1/4", "1/2", "1"):
        for TT in ("10", "100", "10000"):
            params_ = {"omega": om, "T": TT, "t": "0", "p": "2"}
            out = _eq35_replay(params_, 30)
            rows.append((om, TT, out["values"]["|H_t(x) - H~_t(x)|"], out["values"]["||x|| int_T^oo |rho|"]))
            if out["violated"] and witness is None:
                witness = params_
    ctx.table("(35) at t = 0, x carried by [-2, 0], rho = t^2 (1+t)^{-(3+omega)}: (34)'s H~_0(x) = int_0^0 = 0 while "
              "H_0(x) = int_0^2 x_{-s} rho(s) ds", ("omega", "T", "|H_0 - H~_0|", "||x|| int_T^oo |rho|"), rows)
    if witness is not None:
        ctx.refute("(35) fails for inputs that are non-zero before time 0, with H~ as printed in (34)", witness,
                   certificate="H~_0(x) = 0 by (34), while H_0(x) = int_0^2 s^3 (2 - s)^3 rho(s) ds exceeds int_T^oo rho "
                               "for rho = t^2 (1+t)^{-(3+omega)} (rho(0) = rho'(0) = 0, so rho~ is C^1 on R)")
    else:
        ctx.no_violation("(35) at t = 0", points=len(rows), detail="no violation")


eq35_zero_past = paper.correction(
    "eq35_zero_past",
    corrected_from="eq35",
    label="(35) for inputs vanishing before time 0",
    where="Sec. 4.3 The Curse of Memory in Approximation",
    statement=r"""For $\boldsymbol{x} \in \mathcal{X}$ with $x_s = 0$ for $s \le 0$ (the setting of (32)), or for
every $\boldsymbol{x}$ when $\tilde H_t(\boldsymbol{x}) := \int_0^\infty x_{t-s}\tilde\rho(s)ds$, and $T$ large
enough that $\tilde\rho \le 2\rho$ on $[T, T+1]$: $|H_t(\boldsymbol{x}) - \tilde{H}_t(\boldsymbol{x})| \le
\|\boldsymbol{x}\|_{\mathcal{X}} \int_T^\infty |\rho(s)| ds$.""",
    notes="symrnn correction of li2022.eq35: (34) integrates over [0, t] only, which is the convolution (23) only "
          "for inputs vanishing before time 0; with int_0^oo, H~ is also time-homogeneous, as Theorem 10 needs.",
    variables={"x": sr.given("an input x in X (x_s = 0 for s <= 0 with (34)'s H~; any x with int_0^oo)"),
               "rho": sr.given("a kernel rho with (33) and its truncation rho~ as in (35)'s assumptions"),
               T: sr.positive(text="T large enough that rho~ <= 2 rho on [T, T+1]"), t: sr.real()},
    conclusions=[("bound", "|H_t(x) - H~_t(x)| <= ||x||_X int_T^oo |rho(s)| ds", "inequality")],
)


@eq35_zero_past.check(layer="numeric", full=True, method="mpmath quadrature",
                      scope="rho = (1+t)^{-(1+omega)}, cubic ramp, omega in {1/4, 1/2}, T in {10, 50}; random bump inputs "
                            "(a) carried by (0, oo) with (34)'s H~, t in (0, 3T); (b) anywhere with int_0^oo")
def truncation(ctx):
    mctx = mp_ctx(20)
    worst, n = mctx.zero, 0
    for om in (mctx.mpf(1) / 4, mctx.mpf(1) / 2):
        for TT in (mctx.mpf(10), mctx.mpf(50)):
            for _ in range(2 if ctx.quick else 5):
                t_ = mctx.mpf(ctx.rng.uniform(0.5, 3)) * TT
                past = [(0, t_ - TT * mctx.mpf(ctx.rng.uniform(0.5, 1.5)), TT / 3, mctx.mpf(ctx.rng.uniform(-1, 1)))
                        for _ in range(2)]
                future_ok = [b_ for b_ in past if b_[1] - b_[2] > 0]          # (a): carried by (0, oo)
                for bumps, printed_upper in ((future_ok, True), (past, False)):
                    if not bumps:
                        continue
                    lhs, rhs = _eq35_sides(mctx, om, TT, t_, bumps, printed_upper)
                    worst, n = max(worst, lhs / rhs), n + 1
    if worst <= 1:
        ctx.no_violation("|H_t(x) - H~_t(x)| <= ||x|| int_T^oo |rho|", points=n,
                         detail=f"largest ratio lhs/rhs {mctx.nstr(worst, 4)} at 20 digits")
    else:
        ctx.inconclusive("the corrected (35) fails at a sampled point", f"ratio {worst}")


eq36 = paper.claim(
    "eq36",
    severity="false statement",
    severity_reason="the last '=' assigns the supremum a value that tends to 0 as T grows while the supremum is at "
                    "least e^{beta t_1}|rho(t_1)| for any fixed t_1 <= T: false even up to constants, and (37)-(39) are "
                    "derived from it",
    kind="equation",
    label='(36)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""Now Theorem 10 is applicable to the truncated $\{\tilde{H}_t\}$ with $\alpha = 1$, and we have for
any $\beta > 0$, there is a linear RNN (i.e. there exists parameters $(c, W, U)$) such that the associated
functionals $\{\hat{H}_t\} \in \hat{\mathcal{H}}_m$ satisfy
$$\sup_{t\in\mathbb{R}} \|\tilde{H}_t - \hat{H}_t\| \le \frac{C\gamma}{\beta m} := \frac{C}{\beta m} \sup_{t\ge 0}
\frac{|e^{\beta t} y^{(1)}(t)|}{\beta} = \frac{C\omega}{m} \frac{e^{\beta T}}{\beta^2 T^{\omega+1}}. \tag{36}$$""",
    assumptions=[
        r"""Theorem 10 with $\alpha = 1$, $d = 1$, applied to $\{\tilde H_t\}$ (34)""",
        r"""$\beta > 0$; $y^{(1)}(t) = \tilde\rho(t)$ for the truncated functional""",
        r"""$\rho(t) \sim t^{-(1+\omega)}$ (33), $T \gg 1$""",
    ],
    uses=['eq33', 'thm10'],
    variables={"kernel": sr.given("the kernel rho of {H_t} with (33), rho(t) ~ t^-(1+omega) (y^(1) = rho~ for the "
                                  "truncated (34))"),
               omega: sr.positive(), T: sr.positive(text="the truncation time T >> 1"),
               beta: sr.positive(text="any beta > 0"), m: sr.integer(1), C: sr.positive(text="the constant C of Theorem 10")},
    conclusions=[("bound", "for any beta > 0 some {H^_t} in H^_m has sup_t ||H~_t - H^_t|| <= C gamma/(beta m)",
                  "inequality"),
                 ("sup_value", "the last '=': (C/(beta m)) sup_{t>=0} |e^{beta t} y^(1)(t)|/beta = "
                               "C omega e^{beta T}/(m beta^2 T^{omega+1})", "identity")],
    refuted_through=(),     # the value of the supremum fails on its own, whatever Theorem 10's rate
    printed={
        "sup_value": omega * sp.exp(beta * T) / T ** (omega + 1),     # what the last '=' needs the sup to be
        "rhs": C * omega / m * sp.exp(beta * T) / (beta ** 2 * T ** (omega + 1)),
    },
    notes=r"""The last '=' evaluates the sup at t = T with |y^{(1)}(T)| = |\rho(T)| taken as \omega T^{-(\omega+1)};
with (33) literally (no factor \omega) one gets C e^{\beta T}/(m\beta^2 T^{\omega+1}) without the \omega. The sup
over t\ge0 is also taken as attained at t=T, although \tilde\rho may be non-zero on (T, T+1) where e^{\beta t} is
larger (and near t=0 only \rho\in C^{(1)} is known). The definition of \gamma in Theorem 10, (26), requires the
bound for all k = 1, ..., \alpha+1 = 2 (with \beta^k); only k = 1 is used here. (26) itself is printed with an index
\kappa in y_i^{(\kappa)}.""",
)


S_sup = sp.Symbol(r"S", positive=True)   # sup_{t >= 0} |e^{beta t} y^{(1)}(t)|


@eq36.check(layer="symbolic", method="sympy.cancel",
            scope="only the algebra of the last '=': (C/(beta m)) S/beta with S = omega e^{beta T}/T^{omega+1}; "
                  "the value of the supremum S is the numeric check")
def algebra(ctx):
    lhs = C / (beta * m) * S_sup / beta
    ctx.identity("(C/(beta m)) S/beta at the printed S = printed right-hand side",
                 lhs.subs(S_sup, ctx.printed["sup_value"]), ctx.printed["rhs"])


def _eq36_at(expr, params):
    vals = {"omega": sp.Rational(params["omega"]), "T": sp.Rational(params["T"]), "beta": sp.Rational(params["beta"])}
    return expr.xreplace({s_: vals[s_.name] for s_ in expr.free_symbols if s_.name in vals})


_EQ36_KERNEL = "omega*t**2*(1+t)**(-3-omega)"     # ~ omega t^{-(1+omega)}, rho(0) = rho'(0) = 0 (y in C^2(R))


def _eq36_kernel(params):
    return sr.parse_expression(params["kernel"], name="kernel",
                               symbols={"t": t_nn, "omega": sr.parse_number(params["omega"], name="omega")})


def _eq36_lower(params):
    """A lower bound of the supremum: |e^{beta t_1} rho~(t_1)| at t_1 <= T, where rho~ = rho (exact expression)."""
    t1, bb = sp.Rational(params["t1"]), sp.Rational(params["beta"])
    return sp.exp(bb * t1) * _eq36_kernel(params).subs(t_nn, t1)


def _eq36_replay(params, dps, printed):
    """Arb balls: the lower bound e^{beta t_1} rho(t_1) of the supremum (tilde rho = rho on [0, T]) against the
    printed value that the last '=' of (36) assigns to the supremum (compile_arb of printed['sup_value'])."""
    import flint
    old = flint.ctx.prec
    flint.ctx.prec = int(dps * 3.33) + 20
    try:
        lower = sr.numeric.compile_arb(_eq36_lower(params), [])()
        required = sr.numeric.compile_arb(_eq36_at(printed["sup_value"], params), [])()
        gap = lower - required
        ratio = lower / required
        show = lambda x: x.lower().str(15, radius=False)  # noqa: E731 - lower endpoint, 15 digits
        return {"violated": bool(gap > 0),
                "values": {"sup >= e^{beta t_1} rho(t_1)": show(lower), "printed sup value": show(required),
                           "ratio lower bound": show(ratio)}}
    finally:
        flint.ctx.prec = old


def _eq36_recheck(params, dps, printed):
    """SymPy: e^{beta t_1} rho(t_1) - printed sup value, exact inputs, evalf at dps digits."""
    gap = sp.N(_eq36_lower(params) - _eq36_at(printed["sup_value"], params), dps)
    return {"violated": bool(gap > 0), "values": {"e^{beta t_1} rho(t_1) - printed sup value": sp.N(gap, 15)}}


@eq36.hypothesis("theorem10_setting", r"Theorem 10 with $\alpha = d = 1$ applied to $\tilde H_t$: $\beta > 0$, "
                 r"$\omega > 0$, $T \gg 1$ (read $T \ge 10$)", checks=("supremum",))
def _eq36_hset(p):
    om, TT, bb = (sp.Rational(p[k_]) for k_ in ("omega", "T", "beta"))
    return bool(om > 0 and bb > 0 and TT >= 10), f"omega = {om}, T = {TT}, beta = {bb}"


@eq36.hypothesis("smoothness", r"Theorem 10's $y \in C^{(2)}(\mathbb{R})$ for the truncated functional: $y = \int_0^t "
                 r"\tilde\rho$ on $t \ge 0$ and $0$ before, so $\rho(0) = \rho'(0) = 0$; $\rho \in C^{(1)}[0, \infty)$",
                 checks=("supremum",))
def _eq36_hsmooth(p):
    rho_ = _eq36_kernel(p)
    vals = (sp.simplify(rho_.subs(t_nn, 0)), sp.simplify(sp.diff(rho_, t_nn).subs(t_nn, 0)))
    return vals == (0, 0), f"rho = {rho_}: rho(0), rho'(0) = {vals}"


@eq36.hypothesis("rho_33", r"(33) with the normalisation the factor $\omega$ of (36) presupposes: "
                 r"$\rho(t) \sim \omega t^{-(1+\omega)}$", checks=("supremum",))
def _eq36_h33(p):
    om = sp.Rational(p["omega"])
    lim = sp.limit(_eq36_kernel(p) / (om * t_nn ** (-(1 + om))), t_nn, sp.oo)
    return lim == 1, f"lim rho(t) / (omega t^-(1+omega)) = {lim}"


@eq36.hypothesis("untruncated_at_t1", r"$y^{(1)}(t_1) = \tilde\rho(t_1) = \rho(t_1)$: $0 \le t_1 \le T$",
                 checks=("supremum",))
def _eq36_ht1(p):
    t1, TT = sp.Rational(p["t1"]), sp.Rational(p["T"])
    return bool(0 <= t1 <= TT), f"t_1 = {t1} in [0, {TT}]"


@eq36.check(layer="numeric", method="interval arithmetic (Arb)", replay=_eq36_replay, recheck=_eq36_recheck,
            about="sup_value",
            evaluators=("Arb balls of the printed value", "SymPy evalf of the printed value"),
            scope="kernels rho(t) = omega t^2 (1+t)^{-(3+omega)} (rho(0) = rho'(0) = 0 so that y in C^2(R) as Theorem 10 "
                  "needs; ~ omega t^{-(1+omega)} as in (35)), "
                  "omega in {1/10, 1/4, 1/2, 1}, T in {10, 10^2, 10^3, 10^4}, beta = 2/T (the value used for (37)): "
                  "the supremum over t >= 0 against the value the last '=' assigns to it")
def supremum(ctx):
    rows = []
    witness = None
    for om in (sp.Rational(1, 10), sp.Rational(1, 4), sp.Rational(1, 2), sp.Integer(1)):
        for TT in (10, 100, 1000, 10000):
            params_ = {"kernel": _EQ36_KERNEL, "t1": "2", "omega": str(om), "T": str(TT), "beta": str(sp.Rational(2, TT))}
            out = _eq36_replay(params_, ctx.dps, ctx.printed)
            rows.append((str(om), TT, out["values"]["sup >= e^{beta t_1} rho(t_1)"],
                         out["values"]["printed sup value"], out["values"]["ratio lower bound"]))
            if out["violated"] and witness is None:
                witness = params_
    ctx.table("sup_{t>=0} e^{beta t}|rho~(t)| is at least e^{2 beta} rho(2) for rho = omega t^2 (1+t)^{-(3+omega)}; the "
              "printed '=' needs omega e^{beta T}/T^{omega+1}", ("omega", "T", "lower bound of sup", "printed value",
                                                                "ratio >="), rows)
    ctx.step("For any fixed admissible kernel with rho(t_1) != 0 (here rho(0) = rho'(0) = 0, as Theorem 10's y in "
             "C^2(R) requires, and rho ~ omega t^{-(1+omega)}) the supremum over t >= 0 is at least e^{beta t_1}|rho(t_1)| "
             ">= |rho(t_1)|, while at beta = 2/T the printed value omega e^2 T^{-(1+omega)} tends to 0 as T grows; the "
             "ratio column grows like T^{1+omega}, so the '=' fails even up to a constant independent of T.")
    if witness is not None:
        ctx.refute("the supremum exceeds the value the last '=' of (36) assigns to it", witness,
                   certificate="interval arithmetic: e^{2 beta} rho(2) > omega e^{beta T}/T^{omega+1} for the admissible "
                               "kernel rho = omega t^2 (1+t)^{-(3+omega)}",
                   irrelevant=("t1",))     # t_1: the point of the lower bound of the sup, not a variable of (36)
    else:
        ctx.no_violation("the printed value bounds the supremum from above", points=len(rows), detail="grid above")


eq37 = paper.claim(
    "eq37",
    kind="equation",
    label='(37)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""It is straightforward to verify that when $\beta = 2/T$, the right-hand side of (36) achieves the
minimum, which gives
$$\sup_{t \in \mathbb{R}} \|\tilde{H}_t - \hat{H}_t\| \le \frac{C\omega}{m} T^{1-\omega}. \tag{37}$$""",
    assumptions=[
        r"""(36); $\beta = 2/T$""",
    ],
    uses=['eq36'],
    variables={T: sr.positive("the truncation time T >> 1"), omega: sr.positive("the decay exponent omega > 0"),
               m: sr.integer(1, text="the width m"), C: sr.positive("the constant C")},
    conclusions=[("minimiser", "beta = 2/T minimises the right-hand side of (36) over beta > 0"),
                 ("bound", "(37): sup_t ||H~_t - H^_t|| <= C omega T^(1-omega)/m", "inequality")],
    printed={
        "rhs36": C * omega / m * sp.exp(beta * T) / (beta ** 2 * T ** (omega + 1)),
        "beta_min": 2 / T,
        "rhs37": C * omega / m * T ** (1 - omega),
    },
    notes=r"""Minimising e^{\beta T}/\beta^2 over \beta gives \beta = 2/T with value e^2T^2/4; the factor e^2/4 is
absorbed into C (C is re-used for a different constant). The check 'minimiser' proves only this step; the bound (37)
itself rests on the refuted last '=' of (36) (check 'bound': undecided).""",
)


@eq37.check(layer="symbolic", about="minimiser", method="sympy.solve + limits",
            scope="the step (36) => (37): minimising the right-hand side of (36) over beta > 0 for every "
                  "T, omega, m, C > 0; the bound (36) itself is li2022.eq36")
def minimiser(ctx):
    rhs, b_min, rhs37 = ctx.printed["rhs36"], ctx.printed["beta_min"], ctx.printed["rhs37"]
    ctx.step("Right-hand side of (36) as a function of beta > 0:", rhs)
    crit = sp.solve(sp.Eq(sp.diff(rhs, beta), 0), beta)
    ctx.step("Stationary points of beta -> rhs on beta > 0 (SymPy solve):", sp.FiniteSet(*crit))
    ctx.exact_predicate("exactly one stationary point on beta > 0", len(crit) == 1, detail=f"found {crit}")
    if len(crit) == 1:
        ctx.identity("the stationary point is the printed beta = 2/T", crit[0], b_min)
    ctx.exact_predicate("rhs -> +oo as beta -> 0+ and as beta -> +oo, so the stationary point is the global minimum",
                        sp.limit(rhs, beta, 0, "+") == sp.oo and sp.limit(rhs, beta, sp.oo) == sp.oo)
    value = sp.simplify(rhs.subs(beta, b_min))
    ratio = sp.simplify(value / rhs37)
    ctx.step("Value at beta = 2/T, and its ratio to the right-hand side of (37):", sp.Eq(sp.Symbol("ratio"), ratio))
    ctx.exact_predicate("the ratio is a constant (free of T, omega, m), absorbed into C",
                        not (ratio.free_symbols & {T, omega, m, beta}), detail=f"ratio = {ratio}")


@eq37.check(layer="symbolic", about="bound", method="SymPy limit (what Theorem 10 gives at beta = 2/T)",
            scope="the bound (37) itself: its only premise, the last '=' of (36), is refuted (li2022.eq36); Theorem 10 with the "
                  "true gamma at beta = 2/T, for rho = omega t^2 (1+t)^{-(3+omega)}, against (37)'s right-hand side")
def bound(ctx):
    tt = sp.Symbol("t_1", positive=True)
    rho = omega * tt ** 2 * (1 + tt) ** (-3 - omega)
    ctx.step("gamma >= sup_{t >= 0} e^{beta t}|y'(t)|/beta >= rho(t_1)/beta for any t_1 <= T (y' = rho~ = rho on [0, T]), so "
             "Theorem 10's bound C gamma/(beta m) is at least C rho(t_1)/(beta^2 m) = C rho(t_1) T^2/(4 m) at beta = 2/T.")
    ratio = (rho.subs(tt, 2) * T ** 2 / 4) / (ctx.printed["rhs37"] / C * m)
    lim = sp.limit(ratio, T, sp.oo)
    ctx.step("Its ratio to (37)'s C omega T^{1 - omega}/m (T -> oo, rho(2) fixed):", sp.Eq(sp.Symbol("ratio"), sp.simplify(ratio)))
    ctx.exact_predicate("the ratio is unbounded in T (Theorem 10 at beta = 2/T cannot give (37))", lim == sp.oo,
                        detail=f"lim_(T -> oo) ratio = {lim}")
    ctx.inconclusive("(37) itself: sup_t ||H~_t - H^_t|| <= C omega T^{1 - omega}/m for some width-m RNN",
                     "its only premise (the last '=' of (36)) is refuted and Theorem 10 at beta = 2/T gives a bound of order "
                     "T^2/m instead; whether the best width-m approximation error obeys (37) needs a lower bound on it, "
                     "which is not computed: the bound is neither proved nor refuted")


eq38 = paper.claim(
    "eq38",
    kind="equation",
    label='(38)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""Combining (35) and (37) gives
$$\sup_{t \in \mathbb{R}} \|H_t - \hat{H}_t\| \le C \left(T^{-\omega} + \frac{\omega}{m} T^{1-\omega} \right).
\tag{38}$$""",
    assumptions=[
        r"""(35), (37)""",
    ],
    uses=['eq35', 'eq37'],
    printed={
        "rhs35": T ** (-omega),
        "rhs37": omega / m * T ** (1 - omega),
        "rhs38": C * (T ** (-omega) + omega / m * T ** (1 - omega)),
    },
    notes=r"""Going from (35) (an estimate for each x, with '\sim') to an operator-norm bound with '\le C' absorbs
the \sim-constant (which may depend on \omega, see eq35) into C.""",
    variables={T: sr.positive(), omega: sr.positive(), m: sr.integer(1, text="the width m >= 1")},
    conclusions=[("bound", "sup_t ||H_t - H^_t|| <= C (T^{-omega} + (omega/m) T^{1-omega}), C from those of (35), (37)",
                  "inequality")],
)


@eq38.check(layer="symbolic", full=True, method="sympy assumptions",
            scope="(35) + (37) => (38) with C := C_35 + C_37, for every T, omega, m > 0")
def combine(ctx):
    C35, C37 = sp.symbols("C_35 C_37", positive=True)
    b35, b37, b38 = ctx.printed["rhs35"], ctx.printed["rhs37"], ctx.printed["rhs38"]
    lhs = C35 * b35 + C37 * b37
    rhs = b38.subs(C, C35 + C37)
    ctx.step("Sum of the bounds (35) and (37), against (38) with C = C_35 + C_37:", sp.Le(lhs, rhs))
    ctx.sign("(38) - [(35) + (37)] >= 0", sp.expand(rhs - lhs), "nonnegative")


eq39 = paper.claim(
    "eq39",
    kind="equation",
    label='(39)',
    where='Sec. 4.3 The Curse of Memory in Approximation',
    statement=r"""In order to achieve an error tolerance $\epsilon$, we require $T \sim
\epsilon^{-\frac{1}{\omega}}$ according to the first term above, and then according to second term, we have
$$m = \mathcal{O}\left(\frac{\omega T^{1-\omega}}{\epsilon}\right) = \mathcal{O}\left(\omega
\epsilon^{-\frac{1}{\omega}}\right). \tag{39}$$""",
    assumptions=[
        r"""(38); error tolerance $\epsilon$; $T \sim \epsilon^{-1/\omega}$""",
    ],
    uses=['eq38'],
    printed={
        "T_eps": eps ** (-1 / omega),
        "m_middle": omega * T ** (1 - omega) / eps,
        "m_final": omega * eps ** (-1 / omega),
    },
    notes=r"""Exponent check: \omega T^{1-\omega}/\epsilon with T=\epsilon^{-1/\omega} gives
\omega\epsilon^{-(1-\omega)/\omega-1} = \omega\epsilon^{-1/\omega}, consistent. Repair: 'ϵ' bare Unicode in running
text rendered as \epsilon.""",
    variables={eps: sr.positive(text="the error tolerance epsilon > 0"), omega: sr.positive()},
    conclusions=[("width", "with T ~ epsilon^{-1/omega}: m = O(omega T^{1-omega}/epsilon) = O(omega epsilon^{-1/omega})",
                  "asymptotic")],
)


@eq39.check(layer="symbolic", full=True, method="sympy.powsimp",
            scope="the exponent algebra of (39) for every epsilon, omega > 0 (the O(.) then holds with equality)")
def exponents(ctx):
    T_eps = ctx.printed["T_eps"]
    ctx.step("T from the first term of (38): T^{-omega} = epsilon gives", sp.Eq(T, T_eps))
    ctx.identity("T^{-omega} = epsilon at the printed T", T_eps ** (-omega), eps)
    middle = ctx.printed["m_middle"].subs(T, T_eps)
    ctx.step("Second term: omega T^{1-omega}/epsilon at that T:", middle)
    ctx.identity("omega T^{1-omega}/epsilon = omega epsilon^{-1/omega}", middle, ctx.printed["m_final"])
