"""Section 7.1 (3): gradient (JMLR numbering).

Proposition 33 and (129)-(131): the gradient of J_omega.

Claims, in paper order: prop33, eq129, eq130, eq131.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import (
    a, a_s, at, Delta, gaussian_moment, gaussian_template_moment, i, j, _J_closed, J_omega, _J_quadrature, k,
    free_moments, LOCALITY, m, m_s, mp_ctx, n1, params, _random_m_star_point, SIZES, template_moment, w, w_s,
)
from .sec7_1_preliminaries import lemma27_bound, _m_star_point, _omega_sequence, _point_subs


prop33 = paper.claim(
    "prop33",
    kind="proposition",
    label='Proposition 33',
    where='Sec. 7.1 (3) Gradient',
    statement=r"""Proposition 33 For any $(a, w) \in \mathbb{R}^m \times \mathbb{R}^m_+$ satisfying $\hat{\rho}(t;
a, w) \equiv \bar{\rho}(t)$, we have
$$\lim_{\omega \to 0^+} \|\nabla J_{\omega}(a, w)\|_2 = 0. \tag{127}$$
In particular, if $\rho_0$ has the sub-Gaussian tails (103), the estimate
$$\|\nabla J_{\omega}(a,w)\|_{2} \lesssim \sqrt{m}\omega^{-1}e^{-w_{min}/\omega} \left(c_{2}^{w_{min}^{2}} +
c_{3}^{w_{min}}\right) \left(1 + \|a\|_{\infty}\right) \tag{128}$$
holds for any $\omega \in (0, \min\{1/2, 1/t_0, 2c_1/w_{min}\})$. Here $w_{min} := \min_{i \in [m]} w_i > 0, c_2,
c_3 > 1$ are constants only related to $c_1, t_0$, and $\lesssim$ hides universal positive constants only depending
on $\rho_0, t_0, c_0, c_1$.""",
    assumptions=[
        r"""$(a, w) \in \mathbb{R}^m \times \mathbb{R}^m_+$ with $\hat{\rho}(t; a, w) \equiv \bar{\rho}(t)$""",
        r"""$\rho_\omega = \bar\rho + \rho_{0,\omega}$ with $\bar\rho = \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t}$
non-degenerate, $m^* < m$ (setting of Sec. 7.1); $\rho_0$ satisfies (i)-(iv)""",
        r"""(for (128)) $\rho_0$ has the sub-Gaussian tails (103)""",
        r"""(for (128)) $\omega \in (0, \min\{1/2, 1/t_0, 2c_1/w_{min}\})$""",
    ],
    uses=['lemma27', 'lemma30', 'eq129', 'eq130', 'eq131'],
    notes=r"""Repair: the extraction prints '\leq hides universal positive constants'; this is the \lesssim of (128)
(extraction artefact), restored as \lesssim. The punctuation 'w_{min} := \min_{i} w_i > 0, c_2, c_3 > 1 are
constants only related to c_1, t_0' is as printed (c_2, c_3 are those of Lemma 27: c_2=e^{1/(4c_1)}, c_3=e^{t_0}).
In the proof the final bound is stated with '\omega\in(0,1]' after (132) required
\omega\in(0,\min\{1/2,1/t_0,2c_1/\hat w_{\min}\}); the statement uses w_{min}, the proof \hat w_{\min}. The hidden
constant of (132) depends on n (n=0,1 are used), which the statement's dependency list omits.""",
    variables={"m": sr.integer(1), "m^*": sr.integer(1, text="1 <= m* <= m"),
               "a": sr.real(), "w": sr.positive(text="w in R^m_+"),
               "a^*": sr.real(nonzero=True, text="a*_j != 0 (rho_bar non-degenerate)"),
               "w^*": sr.positive(text="distinct w*_j > 0"), "omega": sr.positive(),
               "rho_0": sr.given("a template with (i)-(iv); sub-Gaussian (103) for (128)")},
    conclusions=[("limit", "lim_{omega -> 0+} ||grad J_omega(a, w)||_2 = 0 (127)", "limit"),
                 ("rate", "||grad J_omega(a, w)||_2 <~ sqrt(m) omega^{-1} e^{-w_min/omega}(c_2^{w_min^2} + c_3^{w_min})"
                          "(1 + ||a||_oo) for omega in (0, min{1/2, 1/t_0, 2c_1/w_min}) (128)", "inequality")],
)




def _grad_on_m_star(mctx, name, point, om):
    """(129)-(130) at a rational point of M*: the Cauchy-kernel brackets exactly (Fractions;
    they vanish there), the template moments (119) in closed form (model.template_moment, gaussian_moment)."""
    a_, w_, astar, wstar = point
    mp = lambda x: mctx.mpf(x.numerator) / x.denominator  # noqa: E731
    out = []
    for k_ in range(len(a_)):
        b1 = sum(ai / (w_[k_] + wi) for ai, wi in zip(a_, w_)) - sum(p / (w_[k_] + q) for p, q in zip(astar, wstar))
        b2 = sum(ai / (w_[k_] + wi) ** 2 for ai, wi in zip(a_, w_)) - sum(p / (w_[k_] + q) ** 2 for p, q in zip(astar, wstar))
        moment = (lambda n_, x: gaussian_moment(mctx, n_, x, om)) if name == "gaussian" else \
            (lambda n_, x: template_moment(mctx, name, n_, x, om, absolute=False))
        d0, d1 = moment(0, mp(w_[k_])), moment(1, mp(w_[k_]))
        out += [2 * mp(b1) - 2 * d0, -2 * mp(a_[k_]) * mp(b2) + 2 * mp(a_[k_]) * d1]
    return mctx.sqrt(mctx.fsum(g ** 2 for g in out))


@prop33.check(layer="numeric", full=True, method="closed-form moments + ratio trend",
              scope="random rational points of M* (m <= 5, m* <= 2, including zero-sum blocks), Gaussian and bump "
                    "templates, omega = 2^{-k} in (0, min{1/2, 1/t_0, 2c_1/w_min}): (127) the norm tends to 0; "
                    "(128) the hidden constant along omega -> 0 and across points")
def gradient_norm(ctx):
    rows, n = [], 0
    lines = []
    for name in ("gaussian", "bump"):
        for trial in range(2 if ctx.quick else 4):
            ms = ctx.rng.randint(1, 2)
            mm = ctx.rng.randint(ms + 1, 5)
            point = _random_m_star_point(ctx.rng, mm, ms)
            wmin = min(point[1])
            seq = _omega_sequence(name, wmin, ctx.quick)
            amax = max(abs(x) for x in point[0])

            def ratio(c, om):
                wm = c.mpf(wmin.numerator) / wmin.denominator
                bound = c.sqrt(mm) * lemma27_bound(c, name, 1, wm, om) * (1 + c.mpf(amax.numerator) / amax.denominator)
                return _grad_on_m_star(c, name, point, om) / bound
            trend = sr.numeric.ratio_trend(ratio, seq, dps=30, tail=3)
            norms = [_grad_on_m_star(mp_ctx(30), name, point, om) for om in (seq[0], seq[-1])]
            n += len(seq)
            rows.append((name, mm, ms, str(wmin), str(amax), trend.trend, f"{float(trend.sup):.4g}",
                         f"{float(norms[0]):.3e} -> {float(norms[-1]):.3e}"))
            if trial == 0:
                lines.append((name, [1 / x for x in seq], [float(v) for v in trend.ratios]))
            if trend.trend != "bounded" or not norms[-1] < norms[0]:
                ctx.inconclusive(f"(128) ratio not bounded or norm not decaying ({name}, point {trial})", trend.describe(),
                                 against=trend.trend == "growing")
    ctx.table("||grad J_omega|| on M* against the right-hand side of (128)",
              ("template", "m", "m*", "w_min", "||a||_inf", "trend", "sup ratio", "||grad|| first -> last omega"), rows)
    ctx.plot("ratio", "Proposition 33: ratio of ||grad J_omega|| to the right-hand side of (128) along omega -> 0",
             xlabel="1/omega", ylabel="ratio", lines=lines, logx=True)
    ctx.no_violation("(127) and (128): the gradient norm decays and the ratio stays bounded", points=n,
                     detail="the Cauchy-kernel part of the gradient is exactly 0 on M* (rational arithmetic); "
                            "numerical evidence for the limit and the constant")


eq129 = paper.claim(
    "eq129",
    kind="equation",
    label='(129)',
    where='Sec. 7.1 (3), proof of Proposition 33',
    statement=r"""Proof A straightforward computation shows, for $k = 1, 2, \dots, m$,
$$\frac{\partial J_{\omega}}{\partial a_k}(a,w) = 2\left[\sum_{i=1}^m \frac{a_i}{w_k + w_i} - \sum_{j=1}^{m^*}
\frac{a_j^*}{w_k + w_j^*}\right] - 2\Delta_{0,\omega}(w_k), \tag{129}$$""",
    assumptions=[
        r"""$J_\omega(a,w) = \|\sum_{i=1}^m a_i e^{-w_i t} - \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t} -
\rho_{0,\omega}(t)\|^2_{L^2[0,\infty)}$, $(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+$""",
        r"""$\Delta_{n,\omega}(w) := \int_0^\infty t^n e^{-wt} \rho_{0,\omega}(t) dt$ (119)""",
    ],
    uses=['eq101', 'eq119'],
    variables={"m": sr.integer(1), "m^*": sr.integer(1), "k": sr.integer(1, text="k = 1..m"), "a": sr.real(),
               "w": sr.positive(text="w in R^m_+"), "a^*": sr.real(text="the coefficients a*_j of rho_bar"),
               "w^*": sr.positive(text="the rates w*_j of rho_bar"), "omega": sr.positive().through("Delta"),
               "rho_0": sr.given("a template with (i)-(iv)").through("Delta"), "Delta": sr.real(text="the template moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                      "(a point of rho_0 and omega)").family(),
               "astar": sr.real(text="a*_j as a witness names them").through("a^*"), "wstar": sr.positive(text="w*_j as a witness names them").through("w^*"),
               "c": sr.positive(text="a Gaussian template c e^{-s^2/(2 sigma^2)} (a point of rho_0)").through("Delta"),
               "sigma": sr.positive(text="... and its width").through("Delta")},
    conclusions=[("gradient", "(129): dJ_omega/da_k(a, w) = 2[sum_i a_i/(w_k + w_i) - sum_j a*_j/(w_k + w*_j)] "
                              "- 2 Delta_{0,omega}(w_k), k = 1..m", "identity")],
    printed={
        "grad_a": 2 * (sp.Sum(a[i] / (w[k] + w[i]), (i, 1, m)) - sp.Sum(a_s[j] / (w[k] + w_s[j]), (j, 1, m_s))) - 2 * Delta(0, w[k]),
    },
    notes=r"""Holds for general (a,w), not only on \mathcal{M}^*. Verified by hand against (97) with \int_0^\infty
e^{-(w_k+w_i)t}dt = 1/(w_k+w_i).""",
)


def _grad_symbolic(ctx, var, key):
    printed = ctx.printed[key]
    for mm, ms in SIZES:
        J = J_omega(mm, ms)
        pairs = [(f"k={kk}", free_moments(sp.diff(J, (a if var == "a" else w)[kk])), free_moments(at(printed, mm, ms, k=kk)))
                 for kk in range(1, mm + 1)]
        ctx.identities(f"d J_omega / d {var}_k from the closed form of (101) = printed, m={mm}, m*={ms}", pairs)
    ctx.step("Closed form of (101) at m = 2, m* = 1 (moments Delta_{n,omega} of (119); "
             "d Delta_{n,omega}/dw = -Delta_{n+1,omega}):", J_omega(2, 1))


def _numeric_point(ctx_rng, mm, ms):
    rnd = lambda lo, hi: Fraction(ctx_rng.randint(int(lo * 32), int(hi * 32)), 32)  # noqa: E731
    return {"a": [rnd(-2, 2) for _ in range(mm)], "w": [rnd(Fraction(1, 4), 3) for _ in range(mm)],
            "astar": [rnd(-2, 2) for _ in range(ms)], "wstar": [rnd(Fraction(1, 4), 3) for _ in range(ms)],
            "c": [rnd(Fraction(1, 4), 2)], "sigma": [rnd(Fraction(1, 2), 2)], "omega": [rnd(Fraction(1, 4), 1)]}


def _printed_numeric(printed, point, mctx, kk):
    """A printed formula with Sum/Indexed at a numeric point (`symrnn.symbolic.evaluate_printed`), the moments
    Delta_{n,omega} of the Gaussian template by quadrature."""
    mm, ms = len(point["a"]), len(point["astar"])
    mu, sigma, c = 1 / point["omega"][0], point["sigma"][0], point["c"][0]
    values = {**{a[q + 1]: point["a"][q] for q in range(mm)}, **{w[q + 1]: point["w"][q] for q in range(mm)},
              **{a_s[q + 1]: point["astar"][q] for q in range(ms)}, **{w_s[q + 1]: point["wstar"][q] for q in range(ms)}}
    moment = lambda n, s: gaussian_template_moment(mctx, int(n), mctx.mpf(sp.Rational(s).p) / int(sp.Rational(s).q),  # noqa: E731
                                                   mu, sigma, c)
    return mctx.mpf(str(sr.symbolic.evaluate_printed(printed, sizes={m: mm, m_s: ms}, index={k: kk}, values=values,
                                                     functions={Delta: moment}, dps=mctx.dps)))


def _fd_gradient_entry(mctx, point, var, kk, h_digits=12):
    P = {key: [mctx.mpf(x.numerator) / x.denominator for x in v] for key, v in point.items()}
    h = mctx.mpf(10) ** (-h_digits)

    def J(shift):
        av, wv = list(P["a"]), list(P["w"])
        (av if var == "a" else wv)[kk - 1] += shift
        return _J_quadrature(mctx, av, wv, P["astar"], P["wstar"], P["c"][0], P["sigma"][0], 1 / P["omega"][0])
    return (J(h) - J(-h)) / (2 * h)


def _parse_point(params):
    return {key: [Fraction(x) for x in v.split(",")] for key, v in params.items() if key not in ("k", "var", "key")}


_GRAD_KEY = {"eq129": "grad_a", "eq130": "grad_w"}


def _closed_form_derivative(params, dps):
    """mpmath.diff (adaptive numerical differentiation) of the closed form of (101) (a separately built
    expression) in the witness's coordinate a_k or w_k."""
    point, kk, var = _parse_point(params), int(params["k"]), params["var"]
    mctx = mp_ctx(dps)
    P = {k_: [mctx.mpf(x.numerator) / x.denominator for x in v] for k_, v in point.items()}

    def J(x):
        av, wv = list(P["a"]), list(P["w"])
        (av if var == "a" else wv)[kk - 1] = x
        return _J_closed(mctx, av, wv, P["astar"], P["wstar"], P["c"][0], P["sigma"][0], 1 / P["omega"][0])
    return mctx.diff(J, (P["a"] if var == "a" else P["w"])[kk - 1])


def _grad_replays(key):
    """The printed gradient entry at the witness against central differences of J_omega by quadrature (replay)
    and against mpmath.diff of the closed form of (101) (recheck); both read the printed formula."""
    return sr.formula_replays(
        _GRAD_KEY[key], rel_digits=8,
        evaluate=lambda formula, params, dps: _printed_numeric(formula, _parse_point(params), mp_ctx(dps),
                                                                int(params["k"])),
        reference=lambda params, dps: _fd_gradient_entry(mp_ctx(dps), _parse_point(params), params["var"],
                                                         int(params["k"])),
        recheck_reference=_closed_form_derivative,
        labels=("finite difference", "mpmath.diff of the closed form"),
        docs=("central differences of J_omega by quadrature against the printed gradient (moments by quadrature).",
              "mpmath.diff (adaptive numerical differentiation) of the closed form of (101) (a separately built "
              "expression), against the printed gradient with moments by quadrature, at dps digits."))


_EQ129_REPLAY, _EQ129_RECHECK = _grad_replays("eq129")
_EQ130_REPLAY, _EQ130_RECHECK = _grad_replays("eq130")


def _grad_numeric(ctx, var, key):
    mctx = mp_ctx(max(ctx.dps, 40))
    worst, n = 0, 0
    for _ in range(2 if ctx.quick else 4):
        mm, ms = ctx.rng.randint(1, 2), ctx.rng.randint(1, 2)
        point = _numeric_point(ctx.rng, mm, ms)
        for kk in range(1, mm + 1):
            fd = _fd_gradient_entry(mctx, point, var, kk)
            val = _printed_numeric(ctx.printed[key], point, mctx, kk)
            rel = abs(fd - val) / (1 + abs(fd))
            worst, n = max(worst, rel), n + 1
            if rel > mctx.mpf(10) ** (-8):
                ctx.refute("printed gradient differs from finite differences of J_omega",
                           {**{kk2: ",".join(str(x) for x in v) for kk2, v in point.items()}, "k": str(kk), "var": var},
                           certificate=f"relative gap {sp.Float(rel, 3)} > 1e-8",
                           irrelevant=("var",))     # which derivative (a_k or w_k) the witness evaluates
                return
    ctx.no_violation("printed formula equals central differences of J_omega computed by quadrature", points=n,
                     detail=f"Gaussian template, moments by quadrature, h = 1e-12 at dps={mctx.dps}; max relative gap "
                            f"{sp.Float(worst, 3)}")


@eq129.check(layer="symbolic", about="gradient", method="sympy.diff", scope="every m, m*; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _grad_symbolic(ctx, "a", "grad_a")


@eq129.check(layer="numeric", method="mpmath.quad + central differences", replay=_EQ129_REPLAY, about="gradient",
             recheck=_EQ129_RECHECK,
             evaluators=("central differences of quadrature", "mpmath.diff of the closed form of (101)"),
             scope="Gaussian template rho_0, random rational points with m, m* <= 2")
def finite_differences(ctx):
    _grad_numeric(ctx, "a", "grad_a")


eq130 = paper.claim(
    "eq130",
    kind="equation",
    label='(130)',
    where='Sec. 7.1 (3), proof of Proposition 33',
    statement=r"""$$\frac{\partial J_{\omega}}{\partial w_k}(a,w) = -2a_k \left[\sum_{i=1}^m \frac{a_i}{(w_k +
w_i)^2} - \sum_{j=1}^{m^*} \frac{a_j^*}{(w_k + w_j^*)^2} \right] + 2a_k \Delta_{1,\omega}(w_k). \tag{130}$$""",
    assumptions=[
        r"""$k = 1, 2, \dots, m$; $J_\omega$ and $\Delta_{n,\omega}$ as for (129)""",
    ],
    uses=['eq101', 'eq119'],
    variables={"m": sr.integer(1), "m^*": sr.integer(1), "k": sr.integer(1, text="k = 1..m"), "a": sr.real(),
               "w": sr.positive(text="w in R^m_+"), "a^*": sr.real(text="the coefficients a*_j of rho_bar"),
               "w^*": sr.positive(text="the rates w*_j of rho_bar"), "omega": sr.positive().through("Delta"),
               "rho_0": sr.given("a template with (i)-(iv)").through("Delta"), "Delta": sr.real(text="the template moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                      "(a point of rho_0 and omega)").family(),
               "astar": sr.real(text="a*_j as a witness names them").through("a^*"), "wstar": sr.positive(text="w*_j as a witness names them").through("w^*"),
               "c": sr.positive(text="a Gaussian template c e^{-s^2/(2 sigma^2)} (a point of rho_0)").through("Delta"),
               "sigma": sr.positive(text="... and its width").through("Delta")},
    conclusions=[("gradient", "(130): dJ_omega/dw_k(a, w) = -2a_k[sum_i a_i/(w_k + w_i)^2 - sum_j a*_j/(w_k + w*_j)^2] "
                              "+ 2 a_k Delta_{1,omega}(w_k), k = 1..m", "identity")],
    printed={
        "grad_w": -2 * a[k] * (sp.Sum(a[i] / (w[k] + w[i]) ** 2, (i, 1, m)) - sp.Sum(a_s[j] / (w[k] + w_s[j]) ** 2, (j, 1, m_s))) + 2 * a[k] * Delta(1, w[k]),
    },
    notes=r"""Verified by hand against (98) with \int_0^\infty t e^{-st}dt = 1/s^2.""",
)


@eq130.check(layer="symbolic", about="gradient", method="sympy.diff", scope="every m, m*; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _grad_symbolic(ctx, "w", "grad_w")


@eq130.check(layer="numeric", method="mpmath.quad + central differences", replay=_EQ130_REPLAY, about="gradient",
             recheck=_EQ130_RECHECK,
             evaluators=("central differences of quadrature", "mpmath.diff of the closed form of (101)"),
             scope="Gaussian template rho_0, random rational points with m, m* <= 2")
def finite_differences(ctx):  # noqa: F811
    _grad_numeric(ctx, "w", "grad_w")


eq131 = paper.claim(
    "eq131",
    kind="equation",
    label='(131)',
    where='Sec. 7.1 (3), proof of Proposition 33',
    statement=r"""Therefore, for any $n \in \mathbb{N}_+$, we have
$$\sum_{i=1}^{m} \frac{\hat{a}_{i}}{(\hat{w}_{k} + \hat{w}_{i})^{n}} - \sum_{j=1}^{m^{*}}
\frac{a_{j}^{*}}{(\hat{w}_{k} + w_{j}^{*})^{n}}$$
$$= \sum_{r=1}^{i_{0}} \sum_{i \in \mathcal{I}_{0,r}} \frac{\hat{a}_{i}}{(\hat{w}_{k} + \hat{w}_{i})^{n}} +
\sum_{j=1}^{m^{*}} \sum_{i \in \mathcal{I}_{j}} \frac{\hat{a}_{i}}{(\hat{w}_{k} + \hat{w}_{i})^{n}} -
\sum_{j=1}^{m^{*}} \frac{a_{j}^{*}}{(\hat{w}_{k} + w_{j}^{*})^{n}}$$
$$= \sum_{r=1}^{i_{0}} \frac{\sum_{i \in \mathcal{I}_{0,r}} \hat{a}_{i}}{(\hat{w}_{k} + v_{r})^{n}} +
\sum_{j=1}^{m^{*}} \frac{\sum_{i \in \mathcal{I}_{j}} \hat{a}_{i}}{(\hat{w}_{k} + w_{j}^{*})^{n}} -
\sum_{j=1}^{m^{*}} \frac{a_{j}^{*}}{(\hat{w}_{k} + w_{j}^{*})^{n}} = 0. \tag{131}$$
This yields
$$\frac{\partial J_{\omega}}{\partial a_k}(\hat{a}, \hat{w}) = -2\Delta_{0,\omega}(\hat{w}_k), \qquad \frac{\partial
J_{\omega}}{\partial w_k}(\hat{a}, \hat{w}) = 2\hat{a}_k \Delta_{1,\omega}(\hat{w}_k),$$
and hence
$$\|\nabla J_{\omega}(\hat{a}, \hat{w})\|_{2}^{2} = 4 \sum_{k=1}^{m} \left[\Delta_{0,\omega}^{2}(\hat{w}_{k}) +
\hat{a}_{k}^{2} \Delta_{1,\omega}^{2}(\hat{w}_{k})\right].$$""",
    assumptions=[
        r"""$(\hat{a}, \hat{w}) \in \mathbb{R}^m \times \mathbb{R}^m_+$ satisfying $\hat{\rho}(t; \hat{a}, \hat{w})
\equiv \bar{\rho}(t)$, hence (Lemma 30) $(\hat a,\hat w)\in\mathcal{M}^*_{\mathcal P}$ for a partition $\mathcal P$:
$[m] = \bigcup_{j=0}^{m^*} \mathcal{I}_j$, $\mathcal{I}_0 = \bigcup_{r=1}^{i_0} \mathcal{I}_{0,r}$""",
        r"""$\sum_{i \in \mathcal{I}_j} \hat{a}_i = a_j^*$, $\hat{w}_i = w_j^*$ for any $i \in \mathcal{I}_j$ and $j
\in [m^*]$; $\sum_{i \in \mathcal{I}_{0,r}} \hat{a}_i = 0$, $\hat{w}_i = v_r \neq w_j^*$ for any $i \in
\mathcal{I}_{0,r}$, $r \in [i_0]$ and $j \in [m^*]$""",
        r"""$n \in \mathbb{N}_+$, $k \in [m]$""",
        r"""(129), (130) for the consequences""",
    ],
    uses=['lemma30', 'eq129', 'eq130'],
    variables={"m": sr.integer(1), "m^*": sr.integer(1), "n": sr.integer(1), "k": sr.integer(1, text="k in [m]"),
               "a^*": sr.real(text="the coefficients a*_j of rho_bar"), "w^*": sr.positive(text="the rates w*_j of rho_bar"),
               "P": sr.given("the partition of Lemma 30 with (a_hat, w_hat) in M*_P (I_0 = union of I_{0,r})"),
               "x": sr.real(text="the coordinates a_hat_i of the point of M*_P not fixed by its block sums (x_1, x_2, "
                                 "...)").family().through("a"),
               "v": sr.positive(text="the rates v_r != w*_j of the blocks I_{0,r}").family(), "omega": sr.positive().through("Delta"),
               "rho_0": sr.given("a template with (i)-(iv)").through("Delta"), "Delta": sr.real(text="the template moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                      "(a point of rho_0 and omega)").family()},
    conclusions=[("cancel", "(131): sum_i a_hat_i/(w_hat_k + w_hat_i)^n - sum_j a*_j/(w_hat_k + w*_j)^n = 0 for n in N_+",
                  "identity"),
                 ("gradient", "dJ_omega/da_k(a_hat, w_hat) = -2 Delta_{0,omega}(w_hat_k), dJ_omega/dw_k(a_hat, w_hat) = "
                              "2 a_hat_k Delta_{1,omega}(w_hat_k)", "identity"),
                 ("norm", "||grad J_omega(a_hat, w_hat)||^2 = 4 sum_k [Delta_{0,omega}^2 + a_hat_k^2 Delta_{1,omega}^2](w_hat_k)",
                  "identity")],
    printed={
        "lhs": sp.Sum(a[i] / (w[k] + w[i]) ** n1, (i, 1, m)) - sp.Sum(a_s[j] / (w[k] + w_s[j]) ** n1, (j, 1, m_s)),
        "grad_a": -2 * Delta(0, w[k]),
        "grad_w": 2 * a[k] * Delta(1, w[k]),
        "norm_sq": 4 * sp.Sum(Delta(0, w[k]) ** 2 + a[k] ** 2 * Delta(1, w[k]) ** 2, (k, 1, m)),
    },
    notes=r"""Identity (131) holds for every k\in[m]; the index k is not quantified in the printed sentence (it is
inherited from (129)-(130)).""",
)


@eq131.check(layer="symbolic", method="sympy.expand", full=True,
             scope="every partition of Definition 29 (with I_0) for m <= 5, m* <= 2; symbolic exponent n in N_+ "
                   "and generic free coefficients; the gradient and its norm for m <= 4")
def cancellation(ctx):
    n = sp.Symbol("n", integer=True, positive=True)
    for mm in range(1, 5 if ctx.quick else 6):
        for ms in (1, 2):
            if ms > mm:
                continue
            pairs = []
            grads = None
            if mm <= 4:
                J = J_omega(mm, ms)
                grads = [sp.diff(J, v) for v in params(mm)]
            for blocks, rest in sr.symbolic.labelled_partitions_with_rest(mm, ms):
                coeff, rate = _m_star_point(blocks, rest, ms)
                sub = _point_subs(coeff, rate)
                for kk in range(1, mm + 1):
                    lhs = at(ctx.printed["lhs"], mm, ms, k=kk).subs(sp.Symbol("n", integer=True, positive=True), n)
                    pairs.append((f"P={blocks}|{rest}, k={kk}", lhs.xreplace(sub), 0))
                    if grads is not None:
                        pairs.append((f"dJ/da_{kk} at P={blocks}|{rest}", free_moments(grads[kk - 1].xreplace(sub)),
                                      free_moments(at(ctx.printed["grad_a"], mm, ms, k=kk).xreplace(sub))))
                        pairs.append((f"dJ/dw_{kk} at P={blocks}|{rest}", free_moments(grads[mm + kk - 1].xreplace(sub)),
                                      free_moments(at(ctx.printed["grad_w"], mm, ms, k=kk).xreplace(sub))))
                if grads is not None:
                    norm_sq = sum(g.xreplace(sub) ** 2 for g in grads)
                    pairs.append((f"||grad||^2 at P={blocks}|{rest}", free_moments(norm_sq),
                                  free_moments(at(ctx.printed["norm_sq"], mm, ms).xreplace(sub))))
            ctx.identities(f"(131), the reduced gradient and its norm on every M*_P, m={mm}, m*={ms}", pairs)


# ---------------------------------------------------------------------------- every m, m* (index locality)
from .model import J_omega_sums, SANITY  # noqa: E402 - kept apart from the import block above (parallel edits)

# The closed form of (101) at symbolic sizes (sums over 1..m and 1..m*), differentiated in a_k, w_k for a free k,
# against the printed formula: `ctx.index_identity` splits every summed index into its coincidence cases (equal
# to k or not) and decides each case's summand identity in generic symbols, so the identity holds for every m, m*
# and k in 1..m; the sums unrolled at the sizes of SANITY are its sanity pass. The instance checks above stay as
# independent evidence (a closed form built at each size separately).

@eq129.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k in 1..m: the closed form of (101) at symbolic sizes, differentiated in a_k")
def every_m(ctx):
    ctx.index_identity("dJ_omega/da_k of the closed form of (101) at symbolic m, m* = printed (129)",
                       J_omega_sums(), ctx.printed["grad_a"], wrt=(a[k],), free={k: m}, sizes=SANITY)
    ctx.step("Closed form of (101) at symbolic sizes (the square of the residual expanded into double sums and "
             "integrated term by term; moments Delta_{n,omega} of (119)):", J_omega_sums())


@eq130.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k in 1..m: the closed form of (101) at symbolic sizes, differentiated in w_k")
def every_m(ctx):  # noqa: F811 - each decorator registers the function on its own claim
    ctx.index_identity("dJ_omega/dw_k of the closed form of (101) at symbolic m, m* = printed (130)",
                       J_omega_sums(), ctx.printed["grad_w"], wrt=(w[k],), free={k: m}, sizes=SANITY)


# (131) for every m, m*, i_0 and partition P: the first sum of (131) regrouped over the blocks of P (ctx.blockwise);
# the reduced gradient from (129), (130) (proved for every m above) with (131) at n = 1, 2; the norm by definition.
v_r = sp.IndexedBase("v", positive=True)                 # the rates v_r of the blocks I_{0,r}
i_0 = sp.Symbol("i_0", integer=True, nonnegative=True)   # the number of blocks I_{0,r}
r_ = sp.Symbol("r", integer=True, positive=True)


@eq131.check(layer="symbolic", about=("cancel", "gradient", "norm"),
             method="ctx.blockwise (the sum regrouped over the blocks of P), SymPy",
             scope="every m, m*, i_0, partition P of Definition 29 and point of M*_P, every n in N_+ and k in [m]; the "
                   "gradient from (129), (130) for every m (every_m above)")
def every_partition(ctx):
    lhs = ctx.printed["lhs"]
    # the printed left side is sum_{i=1}^m ... - sum_{j=1}^{m*} ...
    first = next(t for t in sp.Add.make_args(lhs) if isinstance(t, sp.Sum) and t.limits[0][2] == m)
    second = first - lhs                    # sum_j a*_j / (w_hat_k + w*_j)^n
    ctx.blockwise("(131): sum_i a_hat_i/(w_hat_k + w_hat_i)^n = sum_j a*_j/(w_hat_k + w*_j)^n on every M*_P",
                  first.function, second, index=first.limits[0][0], size=m, coefficient=a, rate=w,
                  blocks=[(m_s, j, w_s[j], a_s[j]), (i_0, r_, v_r[r_], 0)])
    at1, at2 = (lhs.subs(n1, q) for q in (1, 2))
    # the template moments Delta_{n,omega}(w_hat_k) as free values Delta[n, k] (any values: rho_0 and omega enter
    # only through them), kept indexed by k so that a sum over k stays one
    D = sp.IndexedBase("Delta", real=True)
    free = lambda e: e.replace(lambda x: isinstance(x, Delta), lambda x: D[x.args[0], x.args[1].indices[0]])  # noqa: E731
    ctx.identity("(129)'s dJ/da_k - 2 x (131)'s left side at n = 1 = -2 Delta_{0,omega}(w_hat_k)",
                 free(eq129.printed["grad_a"] - 2 * at1), free(ctx.printed["grad_a"]))
    ctx.identity("(130)'s dJ/dw_k + 2 a_hat_k x (131)'s left side at n = 2 = 2 a_hat_k Delta_{1,omega}(w_hat_k)",
                 free(eq130.printed["grad_w"] + 2 * a[k] * at2), free(ctx.printed["grad_w"]))
    ctx.step("So on M*_P, where (131)'s left side is 0 for every n: dJ_omega/da_k = -2 Delta_{0,omega}(w_hat_k) and "
             "dJ_omega/dw_k = 2 a_hat_k Delta_{1,omega}(w_hat_k) ((129), (130), proved for every m by every_m).")
    ctx.identity("||grad J_omega||^2 = sum_k [(dJ/da_k)^2 + (dJ/dw_k)^2] at those values = the printed norm",
                 free(sp.Sum(ctx.printed["grad_a"] ** 2 + ctx.printed["grad_w"] ** 2, (k, 1, m))),
                 free(ctx.printed["norm_sq"]))
