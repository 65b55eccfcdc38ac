"""Section 7.1 (2): loss (JMLR numbering).

Proposition 32: the loss J_omega on M* and its lower bound.

Claims, in paper order: prop32.
"""

from __future__ import annotations

from fractions import Fraction

import symrnn as sr

from . import paper
from .model import J_omega, mp_ctx, norm0, _prop32_constants, TEMPLATES
from .sec7_1_preliminaries import _m_star_point, _point_subs


prop32 = paper.claim(
    "prop32",
    kind="proposition",
    label="Proposition 32",
    where="Sec. 7.1 (2) Loss",
    statement=r"""Proposition 32 There exist universal constants $C(\rho_0), C'(\rho_0) > 0$ only depending on
$\rho_0$, such that for any $(a, w) \in \mathbb{R}^m \times \mathbb{R}^m_+$ satisfying $\hat{\rho}(t; a, w) \equiv
\bar{\rho}(t)$, we have
$$J_{\omega}(a,w) \ge C(\rho_0) > 0, \quad \forall \omega \in (0, C'(\rho_0)). \tag{125}$$
That is, the loss is lower bounded away from zero uniformly in sufficiently small $\omega > 0$.""",
    assumptions=[r"""$\rho_0$ satisfies (i)-(iv) of Sec. 6.2.1; $\bar\rho$ a non-degenerate exponential sum (Sec.
7.1)"""],
    uses=["eq101", "lemma30"],
    notes=r"""The proof takes $t_1$ with $\rho_0(t_1) \ne 0$, $\delta_0$ with $|\rho_0| \ge |\rho_0(t_1)|/2$ on
$[t_1 - \delta_0, t_1 + \delta_0]$, and sets $C(\rho_0) = \delta_0|\rho_0(t_1)|^2/2$, $C'(\rho_0) = 1/|t_1 -
\delta_0|$ via (126).""",
    variables={"m": sr.integer(1), "m^*": sr.integer(1, text="1 <= m* <= m"),
               "a": sr.real(), "w": sr.positive(text="w in R^m_+"),
               "a^*": sr.real(nonzero=True, text="a*_j != 0 (rho_bar non-degenerate)"),
               "w^*": sr.positive(text="distinct w*_j > 0"), "rho_0": sr.given("a template with (i)-(iv)")},
    conclusions=[("bound", "some C(rho_0), C'(rho_0) > 0 give J_omega(a, w) >= C(rho_0) > 0 for every (a, w) with "
                           "rho_hat = rho_bar and every omega in (0, C'(rho_0)) (125)", "inequality")],
)


@prop32.check(layer="symbolic", method="sympy.expand",
              scope="J_omega = ||rho_{0,omega}||^2 on every M*_P (m <= 4, m* <= 2, generic symbols and moments)")
def loss_on_m_star(ctx):
    for mm in range(1, 5):
        for ms in (1, 2):
            if ms > mm:
                continue
            pairs = []
            for blocks, rest in sr.symbolic.labelled_partitions_with_rest(mm, ms):
                coeff, rate = _m_star_point(blocks, rest, ms)
                pairs.append((f"P={blocks}|{rest}", J_omega(mm, ms).xreplace(_point_subs(coeff, rate)), norm0))
            ctx.identities(f"J_omega(a, w) = ||rho_0,omega||^2 on every M*_P, m={mm}, m*={ms}", pairs)




@prop32.check(layer="numeric", full=True, method="mpmath.quad",
              scope="the constants of the proof for the Gaussian, bump and s e^{-s^2} templates: "
                    "||rho_{0,omega}||^2 = int_{-1/omega}^oo rho_0^2 against C over omega in (0, C'), "
                    "including omega -> C' where the margin is smallest")
def margin(ctx):
    mctx = mp_ctx(30)
    rows, n = [], 0
    for name, tpl in TEMPLATES.items():
        t1, d0, C_, Cp = _prop32_constants(mctx, name)
        sq = lambda s: tpl["f"](mctx, s) ** 2  # noqa: E731
        worst = None
        for frac in (Fraction(1, 100), Fraction(1, 2), Fraction(9, 10), Fraction(999, 1000), Fraction(999999, 1000000)):
            om = Cp * mctx.mpf(frac.numerator) / frac.denominator
            breaks = [mctx.mpf(Fraction(b).numerator) / Fraction(b).denominator for b in tpl["breaks"]]
            val = sr.numeric.integrate(mctx, sq, [-1 / om] + [b for b in breaks if b > -1 / om] + [mctx.inf])[0]
            worst = val - C_ if worst is None else min(worst, val - C_)
            n += 1
            if val < C_:
                ctx.inconclusive(f"||rho_0,omega||^2 < C at omega = {mctx.nstr(om, 8)} ({name})", mctx.nstr(val, 10))
                return
        rows.append((name, mctx.nstr(t1, 6), mctx.nstr(d0, 6), mctx.nstr(C_, 6), mctx.nstr(Cp, 6), mctx.nstr(worst, 6)))
    ctx.table("proof constants of Proposition 32 and the smallest margin ||rho_0,omega||^2 - C over omega in (0, C')",
              ("template", "t_1", "delta_0", "C", "C'", "min margin"), rows)
    ctx.no_violation("||rho_{0,omega}||^2 >= C(rho_0) for omega in (0, C'(rho_0))", points=n,
                     detail="the margin is smallest as omega -> C'; ||rho_0,omega||^2 decreases in omega")
