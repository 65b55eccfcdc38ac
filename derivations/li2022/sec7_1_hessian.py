"""Section 7.1 (4): Hessian (JMLR numbering).

Proposition 34 and (136)-(142): the Hessian of J_omega.

Claims, in paper order: prop34, eq136, eq137, eq138, eq139, eq140, eq141, eq142.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import (
    a, a_s, at, Delta, gaussian_moment, i, j, _J_quadrature, k, l, LOCALITY, loss_bar, loss_omega, m, m_s, mp_ctx,
    _random_m_star_point, SIZES, template_moment_quadrature, TEMPLATES, w, w_s, free_moments,
)
from .sec7_1_preliminaries import lemma27_bound
from .sec7_1_gradient import _numeric_point, _printed_numeric


prop34 = paper.claim(
    "prop34",
    kind="proposition",
    label='Proposition 34',
    where='Sec. 7.1 (4) Eigenvalues of Hessian',
    statement=r"""Proposition 34 For any $(a, w) \in \mathbb{R}^m \times \mathbb{R}^m_+$ satisfying $\hat{\rho}(t;
a, w) \equiv \bar{\rho}(t)$, denote the eigenvalues of $\nabla^2 J_{\omega}(a, w)$ by $\lambda_1(\omega) \geq
\lambda_2(\omega) \geq \cdots \geq \lambda_{2m}(\omega)$. If $m > m^*$, we have
$$\lambda_k(\omega) > 0, \quad k = 1, 2, \cdots, m', \tag{133}$$
$$\lim_{\omega \to 0^+} \lambda_k(\omega) = 0, \quad k = m' + 1, m' + 2, \cdots, 2m \tag{134}$$
for $\omega > 0$ sufficiently small, where $m' \leq 2m^* + |\mathcal{I}_0| \leq m + m^*$. In particular, if $\rho_0$
has the sub-Gaussian tails (103), the estimate
$$|\lambda_k(\omega)| \lesssim \omega^{-2} e^{-w_{\min}/\omega} \left(c_2^{w_{\min}^2} + c_3^{w_{\min}} \right)
\left(1 + ||a||_{\infty} \right) \quad k = m' + 1, m' + 2, \cdots, 2m \tag{135}$$
holds for any $\omega \in (0, \min\{1/2, 1/t_0, 2c_1/w_{min}\})$. Here $w_{min} := \min_{i \in [m]} w_i > 0$, $c_2,
c_3 > 1$ are constants only related to $c_1, t_0$, and $\lesssim$ hides universal positive constants only depending
on $\rho_0, t_0, c_0, c_1$.""",
    assumptions=[
        r"""$(a, w) \in \mathbb{R}^m \times \mathbb{R}^m_+$ with $\hat{\rho}(t; a, w) \equiv \bar{\rho}(t)$""",
        r"""$m > m^*$""",
        r"""$\omega > 0$ sufficiently small (for (133), (134))""",
        r"""(for (135)) $\rho_0$ has the sub-Gaussian tails (103); $\omega \in (0, \min\{1/2, 1/t_0,
2c_1/w_{min}\})$""",
    ],
    uses=['lemma27', 'lemma30', 'eq142'],
    notes=r"""m' is never defined in the statement (only bounded: m' \le 2m^* + |\mathcal I_0| \le m+m^*); from the
proof it is rank(\nabla^2\bar J(a,w)). \mathcal{I}_0 refers to the partition of Definition 29 / Lemma 30 associated
with (a,w), not introduced in the statement. Both w_{\min} and w_{min} spellings occur as printed. (135) has no
comma before 'k = m'+1, ...' as printed. Repair: the extraction prints '\leq hides'; restored to \lesssim. As for
Prop. 33, the proof's final line (144) carries an extra '\omega\in(0,1]'.""",
    variables={"m": sr.integer(1), "m^*": sr.integer(1, text="1 <= m* < m"),
               "a": sr.real(), "w": sr.positive(text="w in R^m_+"),
               "a^*": sr.real(nonzero=True, text="a*_j != 0 (rho_bar non-degenerate)"),
               "w^*": sr.positive(text="distinct w*_j > 0"), "omega": sr.positive(),
               "rho_0": sr.given("a template with (i)-(iv); sub-Gaussian (103) for (135)")},
    conclusions=[("positive", "lambda_k(omega) > 0 for k = 1..m' and omega small (133)", "inequality"),
                 ("vanishing", "lim_{omega -> 0+} lambda_k(omega) = 0 for k = m'+1..2m (134)", "limit"),
                 ("mprime", "m' <= 2m* + |I_0| <= m + m*", "inequality"),
                 ("rate", "|lambda_k(omega)| <~ omega^{-2} e^{-w_min/omega}(c_2^{w_min^2} + c_3^{w_min})(1 + ||a||_oo), "
                          "k > m', omega in (0, min{1/2, 1/t_0, 2c_1/w_min}) (135)", "inequality")],
)


def _hessian_on_m_star(mctx, name, point, om, Hbar):
    """(142): Hess J_omega = Hess Jbar (exact, rational) + 2 E_omega (Gaussian moments, closed form)."""
    a_, w_, _, _ = point
    mm = len(a_)
    mp = lambda x: mctx.mpf(x.numerator) / x.denominator  # noqa: E731
    H = [[sr.numeric.to_mpf(mctx, Hbar[p, q]) for q in range(2 * mm)] for p in range(2 * mm)]
    for k_ in range(mm):
        d1, d2 = gaussian_moment(mctx, 1, mp(w_[k_]), om), gaussian_moment(mctx, 2, mp(w_[k_]), om)
        H[k_][mm + k_] += 2 * d1
        H[mm + k_][k_] += 2 * d1
        H[mm + k_][mm + k_] += -2 * mp(a_[k_]) * d2
    return H


@prop34.check(layer="numeric", full=True, method="exact rank + mpmath.eigsy at adaptive precision",
              scope="random rational points of M* with m > m* (m <= 5, m* <= 2), Gaussian template; precision "
                    "30 + w_min/(omega ln 10) digits and twice that (w_min/omega <= 240); moments in closed form, "
                    "checked against the quadrature of (119): m' = rank Hess Jbar exactly, (133) the top m' "
                    "eigenvalues positive, (134)-(135) the others against the right-hand side of (135)")
def eigenvalues(ctx):
    import math
    rows, n, skipped = [], 0, []
    needed = 2 if ctx.quick else 4
    for trial in range(3 * needed):
        if len(rows) >= needed:
            break
        ms = ctx.rng.randint(1, 2)
        mm = ctx.rng.randint(ms + 1, 5)
        point = _random_m_star_point(ctx.rng, mm, ms)
        a_, w_, astar, wstar = point
        sub = {**{a[q + 1]: sp.Rational(a_[q]) for q in range(mm)}, **{w[q + 1]: sp.Rational(w_[q]) for q in range(mm)},
               **{a_s[q + 1]: sp.Rational(astar[q]) for q in range(ms)}, **{w_s[q + 1]: sp.Rational(wstar[q]) for q in range(ms)}}
        Hbar = sp.Matrix(loss_bar(mm, ms).hessian()).xreplace(sub)
        mprime = sr.symbolic.exact_rank(Hbar)
        i0 = sum(1 for x in w_ if x not in wstar)
        ctx.exact_predicate(f"m' = rank Hess Jbar <= 2m* + |I_0| <= m + m* (point {trial})",
                            mprime <= 2 * ms + i0 <= mm + ms, detail=f"m'={mprime}, m*={ms}, |I_0|={i0}, m={mm}")
        wmin = min(w_)
        amax = max(abs(x) for x in a_)
        # "omega sufficiently small" made concrete by Weyl: ||2 E_omega|| below half the smallest positive
        # eigenvalue of Hess Jbar; omega = 2^{-k} in the range of (135) with w_min/omega <= 300 (precision cost)
        top = min(Fraction(1, 2), 1 / TEMPLATES["gaussian"]["t0"], 2 * TEMPLATES["gaussian"]["c1"] / wmin)
        seq = [Fraction(1, 2 ** q) for q in range(1, 40) if Fraction(1, 2 ** q) < top and wmin * 2 ** q <= 240]
        c30 = mp_ctx(30)
        for n_ in (1, 2):
            closed = gaussian_moment(c30, n_, sr.numeric.to_mpf(c30, wmin), seq[0])
            quad = template_moment_quadrature(c30, "gaussian", n_, sr.numeric.to_mpf(c30, wmin), seq[0], absolute=False)
            if abs(closed - quad) > abs(quad) * c30.mpf(10) ** -18:
                ctx.inconclusive("closed-form Gaussian moment disagrees with the quadrature of (119)",
                                 f"n={n_}: {c30.nstr(closed, 20)} vs {c30.nstr(quad, 20)}")
                return
        hb = sr.numeric.eigvalsh([[Hbar[p, q] for q in range(2 * mm)] for p in range(2 * mm)], dps=40)
        gap = sorted(hb)[-mprime]                  # smallest of the m' nonzero eigenvalues (exact rank)
        ratios, used = [], []
        for om in seq:
            dps = 30 + math.ceil(float(wmin / om) / math.log(10))
            pert = _hessian_on_m_star(mp_ctx(dps), "gaussian", point, om, Hbar)
            mc = mp_ctx(dps)
            norm_e = max(mc.fsum(abs(mc.mpf(pert[p][q]) - sr.numeric.to_mpf(mc, Hbar[p, q]))
                                 for q in range(2 * mm)) for p in range(2 * mm))
            if not norm_e < gap / 2:
                continue
            used.append(om)
            eig = [sr.numeric.eigvalsh_enclosed(pert, dps=dps)[0]]
            d2x = 2 * dps
            eig.append(sr.numeric.eigvalsh(_hessian_on_m_star(mp_ctx(d2x), "gaussian", point, om, Hbar), dps=d2x))
            # the first spectrum comes from Arb balls when python-flint is present, the second from mpmath:
            # agreement below is between two independent eigensolvers
            lo, hi = eig
            mctx = mp_ctx(2 * dps)
            small = sorted(hi, key=abs)[: 2 * mm - mprime]
            large = sorted(hi, key=abs)[2 * mm - mprime:]
            agree = all(abs(mctx.mpf(x) - y) <= abs(y) * mctx.mpf(10) ** -8 + mctx.mpf(10) ** (-dps + 5)
                        for x, y in zip(sorted(lo, key=abs), sorted(hi, key=abs)))
            if not agree:
                ctx.inconclusive(f"eigenvalues differ between dps={dps} and {2 * dps}", f"omega={om}")
                return
            if not all(x > 0 for x in large):
                ctx.inconclusive(f"(133) a top eigenvalue is not positive (point {trial}, omega={om})",
                                 ", ".join(mctx.nstr(x, 8) for x in large))
                return
            wm = mctx.mpf(wmin.numerator) / wmin.denominator
            bound = lemma27_bound(mctx, "gaussian", 2, wm, om) * (1 + mctx.mpf(amax.numerator) / amax.denominator)
            ratios.append(max(abs(x) for x in small) / bound if small else mctx.mpf(0))
            n += 1
        if len(ratios) < 3:      # Hess Jbar nearly singular here: omega small enough is out of reach
            skipped.append(f"m={mm}, gap {float(gap):.2g}")
            continue
        incs = [float(mctx.log(ratios[q] / ratios[q - 1])) for q in range(max(1, len(ratios) - 3), len(ratios))
                if ratios[q - 1] > 0]
        trend = sr.numeric.classify(incs)
        rows.append((mm, ms, i0, mprime, 2 * mm - mprime, str(wmin), f"1/{used[0].denominator}..1/{used[-1].denominator}",
                     f"{float(max(ratios)):.4g}", trend))
        if trend != "bounded":
            ctx.inconclusive(f"(135) ratio {trend} at the end of the omega sequence (point {trial})", str(incs),
                             against=trend == "growing")
    ctx.table("Hessian on M*: m' = rank Hess Jbar; small eigenvalues against the right-hand side of (135)",
              ("m", "m*", "|I_0|", "m'", "small eigenvalues", "w_min", "omega", "sup ratio", "trend"),
              rows)
    if len(rows) < needed:
        ctx.inconclusive("vacuous: too few points reach the Weyl regime", f"skipped: {skipped}")
        return
    if skipped:
        ctx.step(f"Points skipped because omega small enough (Weyl regime) was beyond w_min/omega <= 240: {skipped}.")
    ctx.no_violation("(133)-(135) on the sampled points", points=n,
                     detail="top m' eigenvalues positive; the rest scale like the right-hand side of (135) "
                            "(bounded ratio); precision adapted to e^{-w_min/omega} and doubled for agreement")


def _entry_variables(*indices: str) -> dict:
    """The variables of (129)-(142): widths, the point (a, w), rho_bar's coefficients and rates, and the template through
    its moments Delta (free values: a point of rho_0 and omega), with the entry indices `indices` in 1..m."""
    return {"m": sr.integer(1), "m^*": sr.integer(1), **{i: sr.integer(1, text=f"{i} = 1..m") for i in indices},
            "a": sr.real(), "w": sr.positive(text="w in R^m_+"), "a^*": sr.real(text="the coefficients a*_j of rho_bar"),
            "w^*": sr.positive(text="the rates w*_j of rho_bar"), "omega": sr.positive().through("Delta"),
            "rho_0": sr.given("a template with (i)-(iv)").through("Delta"),
            "Delta": sr.real(text="the template moments Delta_{n,omega}(w_k) of (119), free values Delta[n][k] "
                                  "(a point of rho_0 and omega)").family()}


eq136 = paper.claim(
    "eq136",
    kind="equation",
    label='(136)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""Proof A straightforward computation shows, for $k, j = 1, 2, \cdots, m$,
$$\frac{\partial^2 J_\omega}{\partial a_k \partial a_j}(a, w) = \frac{2}{w_k + w_j}, \tag{136}$$""",
    assumptions=[
        r"""$k, j = 1, 2, \cdots, m$ (no restriction $k\ne j$)""",
        r"""$(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+$ general""",
    ],
    uses=['eq101', 'eq119'],
    variables=_entry_variables("k", "j"),
    conclusions=[("entry", "(136): d^2 J_omega/da_k da_j (a, w) = 2/(w_k + w_j), k, j = 1..m", "identity")],
    printed={
        "entry": 2 / (w[k] + w[j]),
    },
)


def _hessian_entries(ctx, key, cond):
    printed = ctx.printed["entry"]
    for mm, ms in SIZES:
        H = sp.Matrix(loss_omega(mm, ms).hessian())
        pairs = []
        for kk in range(1, mm + 1):
            for jj in range(1, mm + 1):
                if not cond(kk, jj):
                    continue
                row, col = {"aa": (kk - 1, jj - 1), "aw": (kk - 1, mm + jj - 1), "ww": (mm + kk - 1, mm + jj - 1)}[key]
                pairs.append((f"k={kk}, j={jj}", free_moments(H[row, col]), free_moments(at(printed, mm, ms, k=kk, j=jj))))
        if pairs:
            ctx.identities(f"Hessian entry of the closed form of (101) = printed, m={mm}, m*={ms}", pairs)


@eq136.check(layer="symbolic", about="entry", method="sympy.hessian", scope="every m, m*, all k, j; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _hessian_entries(ctx, "aa", lambda kk, jj: True)


eq137 = paper.claim(
    "eq137",
    kind="equation",
    label='(137)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""$$\frac{\partial^2 J_\omega}{\partial a_k \partial w_j}(a, w) = \frac{-2a_j}{(w_k + w_j)^2}, \quad
k \neq j, \tag{137}$$""",
    assumptions=[
        r"""$k, j = 1, 2, \cdots, m$, $k \neq j$""",
    ],
    uses=['eq101', 'eq119'],
    variables=_entry_variables("k", "j"),
    conclusions=[("entry", "(137): d^2 J_omega/da_k dw_j (a, w) = -2 a_j/(w_k + w_j)^2, k != j", "identity")],
    printed={
        "entry": -2 * a[j] / (w[k] + w[j]) ** 2,
    },
)


@eq137.check(layer="symbolic", about="entry", method="sympy.hessian", scope="every m, m*, k != j; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _hessian_entries(ctx, "aw", lambda kk, jj: kk != jj)


eq138 = paper.claim(
    "eq138",
    kind="equation",
    label='(138)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""$$\frac{\partial^2 J_{\omega}}{\partial a_k \partial w_k}(a, w) = -2 \left[\sum_{i=1}^m
\frac{a_i}{(w_k + w_i)^2} - \sum_{j'=1}^{m^*} \frac{a_{j'}^*}{(w_k + w_{j'}^*)^2} \right] - \frac{a_k}{2w_k^2} +
2\Delta_{1,\omega}(w_k), \tag{138}$$""",
    assumptions=[
        r"""$k = 1, 2, \cdots, m$ (diagonal case $j=k$)""",
    ],
    uses=['eq101', 'eq119'],
    variables=_entry_variables("k"),
    conclusions=[("entry", "(138): d^2 J_omega/da_k dw_k (a, w) = -2[sum_i a_i/(w_k + w_i)^2 - sum_j' a*_j'/(w_k + w*_j')^2] - a_k/(2 w_k^2) + 2 Delta_{1,omega}(w_k)", "identity")],
    printed={
        "entry": -2 * (sp.Sum(a[i] / (w[k] + w[i]) ** 2, (i, 1, m)) - sp.Sum(a_s[l] / (w[k] + w_s[l]) ** 2, (l, 1, m_s))) - a[k] / (2 * w[k] ** 2) + 2 * Delta(1, w[k]),
    },
    notes=r"""The target-sum index is j' (to avoid a clash with the Hessian index j). Verified by hand by
differentiating (129) in w_k (the i=k term a_k/(2w_k) produces the extra -a_k/(2w_k^2)).""",
)


@eq138.check(layer="symbolic", about="entry", method="sympy.hessian", scope="every m, m*, k = j; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _hessian_entries(ctx, "aw", lambda kk, jj: kk == jj)


eq139 = paper.claim(
    "eq139",
    kind="equation",
    label='(139)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""$$\frac{\partial^2 J_{\omega}}{\partial w_k \partial w_j}(a, w) = \frac{4a_k a_j}{(w_k + w_j)^3},
\quad k \neq j, \tag{139}$$""",
    assumptions=[
        r"""$k, j = 1, 2, \cdots, m$, $k \neq j$""",
    ],
    uses=['eq101', 'eq119'],
    variables=_entry_variables("k", "j"),
    conclusions=[("entry", "(139): d^2 J_omega/dw_k dw_j (a, w) = 4 a_k a_j/(w_k + w_j)^3, k != j", "identity")],
    printed={
        "entry": 4 * a[k] * a[j] / (w[k] + w[j]) ** 3,
    },
)


@eq139.check(layer="symbolic", about="entry", method="sympy.hessian", scope="every m, m*, k != j; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _hessian_entries(ctx, "ww", lambda kk, jj: kk != jj)


eq140 = paper.claim(
    "eq140",
    kind="equation",
    label='(140)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""$$\frac{\partial^2 J_{\omega}}{\partial w_k \partial w_k}(a, w) = 4a_k \left[\sum_{i=1}^m
\frac{a_i}{(w_k + w_i)^3} - \sum_{j'=1}^{m^*} \frac{a_{j'}^*}{(w_k + w_{j'}^*)^3} \right] + \frac{a_k^2}{2w_k^3} -
2a_k \Delta_{2,\omega}(w_k). \tag{140}$$""",
    assumptions=[
        r"""$k = 1, 2, \cdots, m$ (diagonal case $j=k$)""",
    ],
    uses=['eq101', 'eq119'],
    variables=_entry_variables("k"),
    conclusions=[("entry", "(140): d^2 J_omega/dw_k dw_k (a, w) = 4 a_k[sum_i a_i/(w_k + w_i)^3 - sum_j' a*_j'/(w_k + w*_j')^3] + a_k^2/(2 w_k^3) - 2 a_k Delta_{2,omega}(w_k)", "identity")],
    printed={
        "entry": 4 * a[k] * (sp.Sum(a[i] / (w[k] + w[i]) ** 3, (i, 1, m)) - sp.Sum(a_s[l] / (w[k] + w_s[l]) ** 3, (l, 1, m_s))) + a[k] ** 2 / (2 * w[k] ** 3) - 2 * a[k] * Delta(2, w[k]),
    },
    notes=r"""Printed as \partial w_k \partial w_k (not \partial w_k^2). Verified by hand by differentiating (130)
in w_k.""",
)


@eq140.check(layer="symbolic", about="entry", method="sympy.hessian", scope="every m, m*, k = j; " + LOCALITY)
def closed_form(ctx):  # noqa: F811
    _hessian_entries(ctx, "ww", lambda kk, jj: kk == jj)


eq141 = paper.claim(
    "eq141",
    kind="definition",
    label='(141)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""Let
$$\bar{J}(a,w) := \|\hat{\rho}(t;a,w) - \bar{\rho}(t)\|_{L^{2}[0,\infty)}^{2}$$
$$= \left\|\sum_{i=1}^{m} a_{i}e^{-w_{i}t} - \sum_{j=1}^{m^{*}}
a_{j}^{*}e^{-w_{j}^{*}t}\right\|_{L^{2}[0,\infty)}^{2}, \tag{141}$$""",
    assumptions=[
        r"""$(a,w)\in\mathbb{R}^m\times\mathbb{R}^m_+$; $\bar\rho(t)=\sum_{j=1}^{m^*}a_j^*e^{-w_j^*t}$""",
    ],
    uses=['eq101'],
    notes=r"""Re-used later as (172) ('the same as (141)').""",
)


eq142 = paper.claim(
    "eq142",
    kind="equation",
    label='(142)',
    where='Sec. 7.1 (4), proof of Proposition 34',
    statement=r"""and
$$\mathcal{E}_{\omega}(a,w) := \begin{bmatrix} \mathbf{O}_{m \times m} & \operatorname{Diag}(\Delta_{1,\omega}(w))
\\ \operatorname{Diag}(\Delta_{1,\omega}(w)) & -\operatorname{Diag}(a \circ \Delta_{2,\omega}(w)) \end{bmatrix},$$
where $\Delta_{n,\omega}(\cdot)$ ($n = 1, 2$) is performed element-wisely. One can verify that
$$\nabla^2 J_{\omega}(a, w) = \nabla^2 \bar{J}(a, w) + 2\mathcal{E}_{\omega}(a, w). \tag{142}$$""",
    assumptions=[
        r"""$\bar J$ as in (141); $J_\omega$ as in (101) with $\bar\rho = \sum_{j=1}^{m^*}a_j^*e^{-w_j^*t}$""",
        r"""$\Delta_{n,\omega}$ as in (119), applied element-wise to $w\in\mathbb{R}^m_+$""",
    ],
    uses=['eq136', 'eq137', 'eq138', 'eq139', 'eq140', 'eq141'],
    variables=_entry_variables(),
    conclusions=[("decomposition", "(142): Hess J_omega(a, w) = Hess Jbar(a, w) + 2 E_omega(a, w)", "identity")],
    printed={
        "E_aw": Delta(1, w[k]),
        "E_ww": -a[k] * Delta(2, w[k]),
        "factor": sp.Integer(2),
    },
    notes=r"""Holds for general (a,w) (consistent with (136)-(140): the \Delta-terms are +2\Delta_{1,\omega}(w_k) in
(138) and -2a_k\Delta_{2,\omega}(w_k) in (140)). The symbol \mathcal{E}_\omega is re-used with a different meaning
(a vector) in (178).""",
)


def _E_matrix(printed, mm):
    E = sp.zeros(2 * mm, 2 * mm)
    for kk in range(1, mm + 1):
        E[kk - 1, mm + kk - 1] = E[mm + kk - 1, kk - 1] = at(printed["E_aw"], mm, 1, k=kk)
        E[mm + kk - 1, mm + kk - 1] = at(printed["E_ww"], mm, 1, k=kk)
    return E


@eq142.check(layer="symbolic", about="decomposition", method="sympy.hessian",
             scope="every m, m*: all entries of Hess J_omega - Hess Jbar - factor * E_omega; " + LOCALITY)
def decomposition(ctx):
    for mm, ms in SIZES:
        D = sp.Matrix(loss_omega(mm, ms).hessian()) - sp.Matrix(loss_bar(mm, ms).hessian())
        E = _E_matrix(ctx.printed, mm)
        pairs = [(f"({p},{q})", free_moments(D[p, q]), free_moments(ctx.printed["factor"] * E[p, q]))
                 for p in range(2 * mm) for q in range(2 * mm)]
        ctx.identities(f"Hess J_omega = Hess Jbar + 2 E_omega entrywise, m={mm}, m*={ms}", pairs)
    ctx.step("E_omega at m = 2:", _E_matrix(ctx.printed, 2))


def _fd_hessian(mctx, point, h_digits=8):
    P = {key: [mctx.mpf(x.numerator) / x.denominator for x in v] for key, v in point.items()}
    mm = len(P["a"])
    theta = P["a"] + P["w"]
    h = mctx.mpf(10) ** (-h_digits)

    def J(th):
        return _J_quadrature(mctx, th[:mm], th[mm:], P["astar"], P["wstar"], P["c"][0], P["sigma"][0], 1 / P["omega"][0])

    def shifted(p, sp_, q, sq):
        th = list(theta)
        th[p] += sp_ * h
        th[q] += sq * h
        return J(th)
    H = [[None] * (2 * mm) for _ in range(2 * mm)]
    for p in range(2 * mm):
        for q in range(p, 2 * mm):
            H[p][q] = H[q][p] = (shifted(p, 1, q, 1) - shifted(p, 1, q, -1) - shifted(p, -1, q, 1)
                                 + shifted(p, -1, q, -1)) / (4 * h * h)
    return H


@eq142.check(layer="numeric", method="mpmath.quad + central differences", about="decomposition",
             scope="Gaussian template, m = 2, m* = 1, two random rational points: the printed entries (136)-(140) "
                   "against second differences of J_omega computed by quadrature")
def finite_differences(ctx):  # noqa: F811
    mctx = mp_ctx(40)
    keys = {(0, 0): ("eq136", 1, 1), (0, 1): ("eq136", 1, 2), (1, 1): ("eq136", 2, 2), (0, 2): ("eq138", 1, 1),
            (0, 3): ("eq137", 1, 2), (1, 2): ("eq137", 2, 1), (1, 3): ("eq138", 2, 2), (2, 2): ("eq140", 1, 1),
            (2, 3): ("eq139", 1, 2), (3, 3): ("eq140", 2, 2)}
    worst, n = 0, 0
    for _ in range(1 if ctx.quick else 2):
        point = _numeric_point(ctx.rng, 2, 1)
        H = _fd_hessian(mctx, point)
        for (p, q), (key, kk, jj) in keys.items():
            printed = paper.claims[key].printed["entry"]
            val = _printed_numeric(printed.subs(j, jj), point, mctx, kk)
            rel = abs(H[p][q] - val) / (1 + abs(val))
            worst, n = max(worst, rel), n + 1
            if rel > mctx.mpf(10) ** (-6):
                ctx.inconclusive(f"printed {key} differs from finite differences at entry ({p},{q})",
                                 f"relative gap {sp.Float(rel, 3)} at {point}")
                return
    ctx.no_violation("printed Hessian entries equal second differences of J_omega", points=n,
                     detail=f"h = 1e-8 at dps=40, moments by quadrature; max relative gap {sp.Float(worst, 3)}")


# ---------------------------------------------------------------------------- every m, m* (index locality)
from .model import J_bar_sums, J_omega_sums, SANITY  # noqa: E402 - kept apart from the import block above (parallel edits)

# The closed forms of (101) and (141) at symbolic sizes, differentiated twice for free indices k, j (k != j where
# the printed entry says so, j = k for the diagonal entries): `ctx.index_identity` decides every coincidence case
# of the summed indices in generic symbols, so each entry holds for every m, m*; the instance checks above stay as
# independent evidence.

def _entry_every_m(ctx, first, second, *, diagonal=False, distinct=False, label=""):
    free = {k: m} if diagonal else {k: m, j: m}
    ctx.index_identity(f"{label} of the closed form of (101) at symbolic m, m* = printed entry", J_omega_sums(),
                       ctx.printed["entry"], wrt=(first[k], second[k] if diagonal else second[j]), free=free,
                       distinct=[(k, j)] if distinct else (), sizes=SANITY)


@eq136.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k, j in 1..m (k = j and k != j)")
def every_m(ctx):  # noqa: F811
    _entry_every_m(ctx, a, a, label="d^2 J_omega/da_k da_j")


@eq137.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k != j in 1..m")
def every_m(ctx):  # noqa: F811
    _entry_every_m(ctx, a, w, distinct=True, label="d^2 J_omega/da_k dw_j")


@eq138.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k in 1..m")
def every_m(ctx):  # noqa: F811
    _entry_every_m(ctx, a, w, diagonal=True, label="d^2 J_omega/da_k dw_k")


@eq139.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k != j in 1..m")
def every_m(ctx):  # noqa: F811
    _entry_every_m(ctx, w, w, distinct=True, label="d^2 J_omega/dw_k dw_j")


@eq140.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m* and k in 1..m")
def every_m(ctx):  # noqa: F811
    _entry_every_m(ctx, w, w, diagonal=True, label="d^2 J_omega/dw_k dw_k")


@eq142.check(layer="symbolic", full=True, method="ctx.index_identity (coincidence cases, SymPy)",
             scope="every m, m*: the four blocks of Hess J_omega - Hess Jbar - factor * E_omega at entries (k, l), "
                   "k = l and k != l")
def every_m(ctx):  # noqa: F811
    D = J_omega_sums() - J_bar_sums()
    p = ctx.printed
    delta = sp.KroneckerDelta(k, l)
    # E_omega = [[O, Diag(E_aw)], [Diag(E_aw), Diag(E_ww)]]: its (k, l) entry of each block
    blocks = (("a_k a_l", a, a, 0), ("a_k w_l", a, w, delta * p["E_aw"]), ("w_k a_l", w, a, delta * p["E_aw"]),
              ("w_k w_l", w, w, delta * p["E_ww"]))
    for name, first, second, e in blocks:
        ctx.index_identity(f"(Hess J_omega - Hess Jbar)[{name}] at symbolic m, m* = factor * E_omega[{name}]",
                           D, p["factor"] * e, wrt=(first[k], second[l]), free={k: m, l: m}, sizes=SANITY)
