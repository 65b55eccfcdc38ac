"""Section 7.1 (5): local linearisation (proof of Theorem 20) (JMLR numbering).

The proof of Theorem 20 (footnote 12, the loss step) and Remark 35.

Claims, in paper order: proof20, proof20_fn12, proof20_loss, proof20_loss_half, rem35.
"""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from .model import (
    a, a_s, _flow_problem, free_moments, _gaussian_delta0, gaussian_moment, J_omega, _J_quadrature, m, mp_ctx, omega,
    TEMPLATES, w, w_s,
)


lam_ = sp.Symbol("lambda", real=True, nonzero=True)
tau_pos = sp.Symbol("tau", positive=True)


_s20 = sp.Symbol("s", positive=True)
_g20, _d20, _dd0 = sp.symbols("g delta delta_0", positive=True)      # g = ||g_0||_2 (or one component of P g_0)
_lam_neg = sp.Symbol("lambda", negative=True)
_lam_nn = sp.Symbol("lambda_2m", nonnegative=True)   # the case lambda_2m >= 0 (a case of the declared lambda)
_wmin0, _ainf, _c2, _c3 = sp.symbols(r"w_{0\,min} \|a_0\|_\infty c_2 c_3", positive=True)


proof20 = paper.claim(
    "proof20",
    kind="proof-step",
    label="Proof of Theorem 20, (145)-(153)",
    where="Sec. 7.1 (5) Local Linearization Analysis",
    statement=r"""Proof [Proof of Theorem 20] Consider the asymptotic expansion with the form
$$\theta_{\omega}(\tau) = \theta_{\omega}^{0}(\tau) + \sum_{i=1}^{\infty} \delta^{i} \theta_{\omega}^{i}(\tau) =
\theta_{\omega}^{0}(\tau) + \delta \theta_{\omega}^{1}(\tau) + \delta^{2} \theta_{\omega}^{2}(\tau) + o(\delta^{2}),
\tag{145}$$
for some $\delta \in (0, 1)$ (with $\delta \ll 1$) and $\theta_{\omega}^{i}(\tau) = \mathcal{O}(1)$ ($\tau \ge 0, i
= 0, 1, \cdots$). For consistency, we have $\theta_{\omega}^{0}(0) = \theta_{0}$ and $\theta_{\omega}^{i}(0) = 0$
for $i = 1, 2, \cdots$. By continuity, $\tau_{0} > 0$ and $\|\theta_{\omega}(\tau) - \theta_{0}\|_{2} \le \delta$
for any $\tau \in [0, \tau_{0}]$. The aim is to quantify the scale of $\tau_{0}$.

Let $g_0 := \nabla J_{\omega}(\theta_0)$ and $H_0 := \nabla^2 J_{\omega}(\theta_0)$. The local linearization on
(104) shows
$$\frac{d}{d\tau}\theta_{\omega}(\tau) = -g_0 - H_0(\theta_{\omega}(\tau) - \theta_0) + \mathcal{O}(\delta^2), \quad
\tau \in [0, \tau_0].$$
Combining with (145), we have
$$\frac{d}{d\tau}\theta^{0}_{\omega}(\tau) = -g_{0} - H_{0}(\theta^{0}_{\omega}(\tau) - \theta_{0}), \quad
\theta^{0}_{\omega}(0) = \theta_{0}, \quad \text{at } \mathcal{O}(1) \text{ scale},$$
$$\frac{d}{d\tau}\theta^{1}_{\omega}(\tau) = -H_{0}\theta^{1}_{\omega}(\tau), \quad \theta^{1}_{\omega}(0) = 0,
\quad \text{at } \mathcal{O}(\delta) \text{ scale},$$
$$\frac{d}{d\tau}\theta^{2}_{\omega}(\tau) = -H_{0}\theta^{2}_{\omega}(\tau) + \mathcal{O}(1), \quad
\theta^{2}_{\omega}(0) = 0, \quad \text{at } \mathcal{O}(\delta^{2}) \text{ scale}.$$
Therefore
$$\theta^0_{\omega}(\tau) = \theta_0 - \left(\int_0^{\tau} e^{-H_0 s} ds\right) g_0,$$
$$\theta^1_{\omega}(\tau) = e^{-H_0 \tau} \theta^1_{\omega}(0) = 0,$$
which gives
$$\theta_{\omega}(\tau) = \theta_0 - \left(\int_0^{\tau} e^{-H_0 s} ds\right) g_0 + \mathcal{O}(\delta^2), \quad
\tau \in [0, \tau_0]. \tag{146}$$
To achieve a parameter separation gap $\delta_0$, i.e. $\|\theta_{\omega}(\tau) - \theta_0\|_2 = \delta_0$ with
$\delta_0 = c\delta$, $c \in (0, 1]$, we need to take $\tau$ such that
$$\left\| \left(\int_0^\tau e^{-H_0 s} ds \right) g_0 \right\|_2 \ge \frac{\delta_0}{2}. \tag{147}$$
Let $H_0 = P^{\top} \Lambda P$ be the eigenvalue decomposition with $P$ orthogonal and $\Lambda$ diagonal consisting
of the eigenvalues of $H_0$ (i.e. $\Lambda = \text{diag}(\lambda_1, \dots, \lambda_{2m})$ with $\lambda_1 \geq \dots
\geq \lambda_{2m}$). Then
$$\left\| \left(\int_{0}^{\tau} e^{-H_{0}s} ds \right) g_{0} \right\|_{2} = \left\| P^{\top} \left(\int_{0}^{\tau}
e^{-\Lambda s} ds \right) Pg_{0} \right\|_{2} \leq \left\| \int_{0}^{\tau} e^{-\Lambda s} ds \right\|_{2}
\|g_{0}\|_{2} \leq \|g_{0}\|_{2} \cdot \max \left\{ \max_{i \in [2m], \lambda_{i} \neq 0} \frac{1}{|\lambda_{i}|}
|e^{-\lambda_{i}\tau} - 1|, \tau \right\}.$$
It is straightforward to verify that $h(\tau; \lambda) := \frac{1}{|\lambda|} |e^{-\lambda \tau} - 1|, \tau \ge 0$
monotonically decreases on $\lambda \in \mathbb{R}$ for any $\tau \ge 0$. Hence
$$\left\| \left(\int_0^\tau e^{-H_0 s} ds \right) g_0 \right\|_2 \le \|g_0\|_2 \cdot \begin{cases}
\frac{1}{-\lambda_{2m}} (e^{-\lambda_{2m}\tau} - 1), & \lambda_{2m} < 0, \\ \tau, & \lambda_{2m} \ge 0, \end{cases}
\tag{148}$$
and the right-hand side monotonically increases on $\tau \geq 0$. Combining (147), (148) gives
$$\frac{\delta_0}{2} \le \|g_0\|_2 \cdot \begin{cases} \frac{1}{-\lambda_{2m}} (e^{-\lambda_{2m}\tau} - 1), &
\lambda_{2m} < 0, \\ \tau, & \lambda_{2m} \ge 0. \end{cases} \tag{149}$$
We discuss for different cases: (i) $\|g_0\|_2 = 0$. Obviously the inequality (149) fails since (147) fails for any
$\tau \ge 0$, which gives $\tau_0 = +\infty$; (ii) $\|g_0\|_2 \neq 0$ and $\lambda_{2m} \ge 0$. By (149), we get
$\tau \ge \frac{\delta_0}{2\|g_0\|_2}$; (iii) $\|g_0\|_2 \neq 0$ and $\lambda_{2m} < 0$. By (149), we get
$$\tau \ge \frac{1}{-\lambda_{2m}} \ln \left(1 + \delta_0 \frac{-\lambda_{2m}}{2 \|g_0\|_2} \right).$$
If $-\lambda_{2m} \leq 2 \|g_0\|_2$, we have
$$\tau \geq \frac{1}{-\lambda_{2m}} \cdot \delta_0 \frac{-\lambda_{2m}}{2\|g_0\|_2} \cdot \frac{\ln\left(1 +
\delta_0 \frac{-\lambda_{2m}}{2\|g_0\|_2}\right)}{\delta_0 \frac{-\lambda_{2m}}{2\|g_0\|_2}} =
\frac{\delta_0}{2\|g_0\|_2} \left(1 + \mathcal{O}\left(\delta_0 \frac{-\lambda_{2m}}{2\|g_0\|_2}\right)\right) =
\frac{\delta_0}{2\|g_0\|_2} (1 + \mathcal{O}(\delta_0));$$
if $-\lambda_{2m} > 2 \|g_0\|_2$, we have $\tau \ge \frac{\ln(1+\delta_0)}{-\lambda_{2m}}$. Combining (i), (ii),
(iii) gives
$$\tau_0 = \tau_0(\delta; \omega, m, \theta_0) \gtrsim \min\left\{\frac{\delta}{\|g_0\|_2},
\frac{\ln(1+\delta)}{|\lambda_{2m}|}\right\}. \tag{150}$$
Let the initialization satisfy $\hat{\rho}(t; \theta_0) \equiv \bar{\rho}(t)$, and assume $m > m^*$. According to
Proposition 33 and Proposition 34, we have
$$\lim_{\omega \to 0^+} \|g_0\|_2 = 0, \quad \lim_{\omega \to 0^+} \lambda_{2m} = 0 \Rightarrow \lim_{\omega \to
0^+} \tau_0(\delta; \omega, m, \theta_0) = +\infty. \tag{151}$$
If $\rho_0$ has the sub-Gaussian tails (103), again by Proposition 33 and Proposition 34, we further have
$$\tau_0(\delta;\omega,m,\theta_0) \gtrsim \omega^2 e^{w_{0,\min}/\omega}
\min\left\{\frac{\delta}{\sqrt{m}},\ln(1+\delta)\right\} \frac{1}{\left(c_2^{w_{0,\min}^2} +
c_3^{w_{0,\min}}\right)(1+\|a_0\|_{\infty})} \tag{152}$$
for any $\omega \in (0, \min\{1/2, 1/t_0, 2c_1/w_{0,\min}\})$, where $w_{0,\min} := \min_{i \in [m]} w_{0,i} > 0,
c_2, c_3 > 1$ are constants only related to $c_1, t_0$, and $\gtrsim$ hides universal positive constants only
depending on $\rho_0, t_0, c_0, c_1$. Since the initialization is bounded as $(a_0, w_0) \in [a_l^0, a_r^0]^m \times
[w_l^0, w_r^0]^m$ with $a_l^0 < a_r^0, 0 < w_l^0 < w_r^0$, let $c_a^0 = \max\{|a_l^0|, |a_r^0|\}$, we get
$$\tau_0(\delta;\omega,m,\theta_0) \gtrsim \omega^2 e^{w_l^0/\omega}
\min\left\{\frac{\delta}{\sqrt{m}},\ln(1+\delta)\right\} \frac{1}{\left(c_2^{(w_r^0)^2} +
c_3^{w_r^0}\right)(1+c_a^0)} \gtrsim \omega^2 e^{w_l^0/\omega}
\min\left\{\frac{\delta}{\sqrt{m}},\ln(1+\delta)\right\}, \tag{153}$$
where $\gtrsim$ hides universal positive constants only related to $w_r^0$, $a_l^0$ and $a_r^0$.""",
    assumptions=[r"""the setting of Theorem 20: discrete $\pi_0$, $m > m^*$, $\hat\rho(t;\theta_0) \equiv
\bar\rho(t)$ (extended to $\approx$ by continuity)"""],
    uses=["thm20", "prop33", "prop34", "proof20_fn12"],
    variables={"omega": sr.positive(), "m": sr.integer(2, text="m > m^*"),
               "theta_0": sr.given("an initialisation in Theta_0 with rho_hat(t; theta_0) = rho_bar (Theorem 20's setting)"),
               "delta": sr.real(0, 1, open="both", text="delta in (0, 1), delta << 1"),
               "delta_0": sr.positive(text="the gap delta_0 = c delta, c in (0, 1]"), "tau": sr.nonnegative(),
               "lambda": sr.real(text="an eigenvalue lambda_i of H_0 (lambda_2m the smallest)"),
               "g": sr.nonnegative(text="||g_0||_2, or one component of P g_0 in the eigenbasis of H_0"),
               "s": sr.positive(text="the integration variable s of int_0^tau e^{-H_0 s} ds"),
               "x": sr.positive(text="x = delta_0 (-lambda_2m)/(2 ||g_0||_2) in case (iii)"),
               "v": sr.nonnegative(text="omega = 1/(1 + v) <= 1 in (152)"),
               r"w_{0\,min}": sr.positive(text="w_{0,min} = min_i w_{0,i}"), r"\|a_0\|_\infty": sr.nonnegative(),
               "c_2": sr.real(1, None, open="lo", text="c_2 > 1"), "c_3": sr.real(1, None, open="lo", text="c_3 > 1"),
               "gamma_2": sr.positive(text="c_2 = 1 + gamma_2"), "gamma_3": sr.positive(text="c_3 = 1 + gamma_3"),
               "w_l^0": sr.positive(), "w_r^0": sr.positive(text="w_r^0 > w_l^0"),
               "u": sr.nonnegative(text="w_{0,min} = w_l^0 + u")},
    conclusions=[("tau0", "by continuity tau_0 > 0 and ||theta_omega(tau) - theta_0||_2 <= delta on [0, tau_0]", "property"),
                 ("eq146", "the O(1) and O(delta) problems give theta^0 = theta_0 - (int_0^tau e^{-H_0 s} ds) g_0, "
                           "theta^1 = 0, hence (146)", "identity"),
                 ("eq147", "(147): the gap delta_0 needs ||(int_0^tau e^{-H_0 s} ds) g_0||_2 >= delta_0/2", "inequality"),
                 ("eq148", "(148) (with footnote 12), and its right-hand side increases in tau", "inequality"),
                 ("cases", "(149) and the cases (i)-(iii): tau_0 = oo; tau >= delta_0/(2||g_0||); "
                           "tau >= ln(1 + delta_0 (-lambda_2m)/(2||g_0||))/(-lambda_2m) and its two sub-cases", "inequality"),
                 ("eq150", "(150): tau_0 >~ min{delta/||g_0||_2, ln(1 + delta)/|lambda_2m|}", "inequality"),
                 ("eq151", "(151): ||g_0|| -> 0 and lambda_2m -> 0 as omega -> 0+, so tau_0 -> +oo", "limit"),
                 ("eq152", "(152) under (103), for omega in (0, min{1/2, 1/t_0, 2c_1/w_{0,min}})", "inequality"),
                 ("eq153", "(153) on the bounded initialisation", "inequality")],
    printed={
        "theta0": -sp.Integral(sp.exp(-lam_ * _s20), (_s20, 0, tau_pos)) * _g20,   # (146), one eigen-component of P g_0
        "case_neg": (sp.exp(-_lam_neg * tau_pos) - 1) / (-_lam_neg),
        "case_nonneg": tau_pos,
        "tau_iii": sp.log(1 + _dd0 * (-_lam_neg) / (2 * _g20)) / (-_lam_neg),
        "bound150": sp.Min(_d20 / _g20, sp.log(1 + _d20) / sp.Abs(lam_)),
        "bound152": omega ** 2 * sp.exp(_wmin0 / omega) * sp.Min(_d20 / sp.sqrt(m), sp.log(1 + _d20))
        / ((_c2 ** (_wmin0 ** 2) + _c3 ** _wmin0) * (1 + _ainf)),
    },
    notes=r"""Footnotes 11-12 are omitted here (footnote 12 is the claim proof20_fn12); the cases (i)-(iii), printed
as separate paragraphs, and the aligned display of sub-case -lambda_2m <= 2||g_0||_2 are written inline. The last
display of the proof (the loss step) is the claim proof20_loss. In printed, g stands for ||g_0||_2 (or, in "theta0",
one component of P g_0 in the eigenbasis of H_0, where (146) decouples). Repair: bare 'P', 'g_0' and footnote
markers outside math mode in the extraction.""",
)


@proof20.check(layer="symbolic", method="sympy.diff + sympy.integrate",
               about=("eq146", "eq148", "cases", "eq150", "eq152", "eq153"),
               scope="(146): the printed theta^0 solves the linear O(1) problem in each eigen-component of H_0 (every real "
                     "lambda, lambda = 0 included), theta^1 = 0; (148): the norm of diag(h(tau; lambda_i)) is h(tau; "
                     "lambda_2m) by footnote 12 and equals the printed branches; their growth in tau; (149) solved in "
                     "case (iii); the sub-cases; (150) with the constant ln(2)/2; (152) from (128), (135) for omega <= 1; "
                     "(153) from the box")
def linearisation(ctx):
    P = ctx.printed
    x0 = P["theta0"]
    # (146): x(tau) = -(int_0^tau e^{-lambda s} ds) g solves x' = -g - lambda x, x(0) = 0, in each eigen-component
    ctx.identity("(146): d/dtau theta^0 = -g_0 - H_0 (theta^0 - theta_0) in an eigen-component, lambda != 0",
                 sp.diff(x0, tau_pos).doit(), (-_g20 - lam_ * x0).doit())
    ctx.identity("... and for lambda = 0", sp.diff(x0.subs(lam_, 0), tau_pos).doit(), -_g20)
    ctx.identity("... with theta^0(0) = theta_0", x0.subs(tau_pos, 0).doit(), 0)
    ctx.step("theta^1' = -H_0 theta^1, theta^1(0) = 0 has the unique solution e^{-H_0 tau} 0 = 0 (linear, constant coefficients).")
    # (148): ||int e^{-Lambda s}|| = max_i h(tau; lambda_i) = h(tau; lambda_2m), h decreasing in lambda (footnote 12)
    ctx.identity("(148), lambda_2m < 0: h(tau; lambda_2m) equals the printed branch",
                 sp.integrate(sp.exp(-_lam_neg * _s20), (_s20, 0, tau_pos)), P["case_neg"])
    ctx.sign("(148), lambda_2m >= 0: int_0^tau (1 - e^{-lambda s}) ds >= 0, i.e. h(tau; lambda_2m) <= tau "
             "(the exponent -lambda s is <= 0)", -_lam_nn * _s20, "nonpositive")
    ctx.identity("(148), lambda_2m = 0: the printed branch tau is h(tau; 0)", P["case_nonneg"],
                 sp.integrate(sp.exp(-0 * _s20), (_s20, 0, tau_pos)))
    ctx.sign("the right-hand side of (148) increases in tau (lambda_2m < 0)", sp.diff(P["case_neg"], tau_pos), "positive")
    ctx.sign("... and (lambda_2m >= 0)", sp.diff(P["case_nonneg"], tau_pos), "positive")
    # (149), case (iii): equality at the printed tau, then monotonicity
    ctx.identity("(iii): ||g_0|| x (148) at the printed tau equals delta_0 / 2, so (149) holds iff tau >= it",
                 sp.simplify(_g20 * P["case_neg"].subs(tau_pos, P["tau_iii"])), _dd0 / 2)
    xx = sp.Symbol("x", positive=True)                   # x = delta_0 (-lambda_2m) / (2 ||g_0||)
    ctx.identity("(iii), -lambda_2m <= 2||g_0||: the printed tau = delta_0/(2||g_0||) ln(1+x)/x",
                 P["tau_iii"], (_dd0 / (2 * _g20) * sp.log(1 + xx) / xx).subs(xx, _dd0 * (-_lam_neg) / (2 * _g20)))
    ctx.identity("... and ln(1+x)/x = 1 + O(x), x <= delta_0 (series)", sp.series(sp.log(1 + xx) / xx, xx, 0, 1).removeO(), 1)
    f_ = sp.log(1 + xx) - xx * sp.log(2)
    ctx.sign("... quantitatively ln(1+x) >= x ln 2 on (0, 1]: f = ln(1+x) - x ln 2 is concave", sp.diff(f_, xx, 2), "negative")
    ctx.exact_predicate("... with f(0) = f(1) = 0, so tau >= ln(2) delta_0/(2||g_0||) in this sub-case",
                        f_.subs(xx, 0) == 0 and sp.simplify(f_.subs(xx, 1)) == 0)
    ctx.sign("(iii), -lambda_2m > 2||g_0||: then x > delta_0 and ln(1 + x) > ln(1 + delta_0)", sp.diff(sp.log(1 + xx), xx),
             "positive")
    # (150): every case gives tau_0 >= (ln 2 / 2) min{delta/||g_0||, ln(1+delta)/|lambda_2m|} (delta_0 = delta)
    X, Y = _d20 / _g20, sp.log(1 + _d20) / sp.Abs(lam_)
    ctx.step("Case lower bounds against X = delta/||g_0||, Y = ln(1+delta)/|lambda_2m| (delta_0 = delta): (ii) X/2; "
             "(iii-a) ln(2) X/2; (iii-b) Y. Each is >= (ln 2 / 2) min{X, Y} since min{X, Y} <= X and <= Y.")
    ctx.identity("(150) as printed is min{X, Y}", P["bound150"], sp.Min(X, Y))
    # (152): (150) with ||g_0|| <~ sqrt(m) omega^-1 E B (1 + A), |lambda_2m| <~ omega^-2 E B (1 + A) (Props 33, 34),
    # E = e^{-w_0min/omega}, B = c_2^{w^2} + c_3^w, A = ||a_0||_inf; both terms of min{...} decrease in ||g_0||, |lambda|
    Bq = (_c2 ** (_wmin0 ** 2) + _c3 ** _wmin0) * (1 + _ainf)
    first = _d20 / (sp.sqrt(m) / omega * sp.exp(-_wmin0 / omega) * Bq)
    second = sp.log(1 + _d20) / (omega ** -2 * sp.exp(-_wmin0 / omega) * Bq)
    v_ = sp.Symbol("v", nonnegative=True)                # omega = 1/(1 + v) <= 1
    K = omega ** 2 * sp.exp(_wmin0 / omega) / Bq
    ctx.identities("(152): omega x (the gradient term) and the eigenvalue term are K delta/sqrt(m) and K ln(1+delta), "
                   "K = omega^2 e^{w_0min/omega} / ((c_2^{w^2} + c_3^w)(1 + ||a_0||_inf))",
                   [("gradient term", omega * first, K * _d20 / sp.sqrt(m)), ("eigenvalue term", second, K * sp.log(1 + _d20))])
    ctx.sign("(152): the gradient term is >= omega x itself for omega <= 1 (1 - omega >= 0)",
             (1 - omega).subs(omega, 1 / (1 + v_)), "nonnegative")
    ctx.identity("(152) as printed is K min{delta/sqrt m, ln(1+delta)}", P["bound152"],
                 K * sp.Min(_d20 / sp.sqrt(m), sp.log(1 + _d20)))
    # (153): w_0min in [w_l^0, w_r^0], ||a_0||_inf <= c_a^0; c_2, c_3 > 1
    wl, wr, u_ = sp.symbols("w_l^0 w_r^0 u", positive=True)
    ctx.sign("(153): e^{w_0min/omega} >= e^{w_l^0/omega} (exponent difference)", (_wmin0 - wl).subs(_wmin0, wl + u_) / omega,
             "nonnegative")
    c2g, c3g = sp.symbols("gamma_2 gamma_3", positive=True)       # c_2 = 1 + gamma_2 > 1, c_3 = 1 + gamma_3 > 1
    ctx.sign("(153): c_2^{w^2} + c_3^w increases in w (c_2, c_3 > 1), so it is <= its value at w_r^0",
             sp.diff((1 + c2g) ** (u_ ** 2) + (1 + c3g) ** u_, u_), "positive")


def _mp_gradient_hessian(mctx, th, astar, wstar, inv_omega):
    """g_0 = grad J_omega (129)-(130) and H_0 = Hess J_omega (136)-(140) at theta = (a, w) in mpmath, Gaussian
    template e^{-s^2/2} at 1/omega with its moments in closed form (gaussian_moment)."""
    mm = len(th) // 2
    mpq = lambda x: mctx.mpf(Fraction(x).numerator) / Fraction(x).denominator  # noqa: E731  (exact inputs)
    a_, w_ = [mpq(x) for x in th[:mm]], [mpq(x) for x in th[mm:]]
    As, Ws = [mpq(x) for x in astar], [mpq(x) for x in wstar]
    om = Fraction(1, inv_omega)
    D = [[gaussian_moment(mctx, n_, x, om) for n_ in range(3)] for x in w_]
    S = lambda k_, p: mctx.fsum(x / (w_[k_] + y) ** p for x, y in zip(a_, w_)) \
        - mctx.fsum(x / (w_[k_] + y) ** p for x, y in zip(As, Ws))  # noqa: E731
    g = [2 * S(k_, 1) - 2 * D[k_][0] for k_ in range(mm)] + [-2 * a_[k_] * S(k_, 2) + 2 * a_[k_] * D[k_][1] for k_ in range(mm)]
    H = mctx.matrix(2 * mm, 2 * mm)
    for k_ in range(mm):
        for j_ in range(mm):
            H[k_, j_] = 2 / (w_[k_] + w_[j_])                                                      # (136)
            H[k_, mm + j_] = H[mm + j_, k_] = -2 * a_[j_] / (w_[k_] + w_[j_]) ** 2                   # (137)
            H[mm + k_, mm + j_] = 4 * a_[k_] * a_[j_] / (w_[k_] + w_[j_]) ** 3                       # (139)
        H[k_, mm + k_] = H[mm + k_, k_] = -2 * S(k_, 2) - a_[k_] / (2 * w_[k_] ** 2) + 2 * D[k_][1]  # (138)
        H[mm + k_, mm + k_] = 4 * a_[k_] * S(k_, 3) + a_[k_] ** 2 / (2 * w_[k_] ** 3) - 2 * a_[k_] * D[k_][2]  # (140)
    return g, H


# starts of the flows of this section: a point of M* (m = 2, m* = 1, a* = w* = 1) and a perturbation of it
_STARTS20 = {"M* point": ("3/5", "2/5", "1", "1"), "perturbed": ("3/5", "4001/10000", "10001/10000", "1")}


def _flow_at_tau0(th0, inv_omega, delta):
    """Integrate (104) until tau_0 (105); return tau_0, theta(tau_0) and the double-precision loss."""
    import numpy as np

    loss, grad, hess = _flow_problem([1.0], [1.0], float(inv_omega))
    x0 = np.array([float(Fraction(x)) for x in th0])
    res = sr.numeric.gradient_flow(grad, x0, tau_max=1e16, hessian=hess, stop_at="tau0",
                                   events={"tau0": lambda t_, y: np.linalg.norm(y - x0) - delta})
    return res.hitting_times.get("tau0"), res.theta_end, loss, grad


@proof20.check(layer="numeric", method="stiff gradient flow + mpmath eigsy", about=("eq146", "eq147", "eq150", "eq152"),
               scope="m = 2, m* = 1, Gaussian template, the two starts of Theorem 20's check, delta = 1/100, 1/omega in "
                     "4..10 (quick) or 4..14: g_0 and lambda_2m at 30 digits from (129)-(140); (150) tau_0 over the printed "
                     "min{delta/||g_0||, ln(1+delta)/|lambda_2m|} (bounded below), (147) at the integrated tau_0, the "
                     "remainder of (146) at tau_0, and tau_0 over the right-hand side of (152)")
def hitting_time_150(ctx):
    import math

    import numpy as np

    P = ctx.printed
    mctx = mp_ctx(30)
    delta = Fraction(1, 100)
    inv_list = [4, 6, 8, 10] if ctx.quick else [4, 6, 8, 10, 12, 14]
    tpl = TEMPLATES["gaussian"]
    c2v, c3v = sp.exp(1 / (4 * sp.Rational(tpl["c1"]))), sp.exp(sp.Rational(tpl["t0"]))
    rows, n, worst150, worst147 = [], 0, math.inf, math.inf
    for label, th0 in _STARTS20.items():
        inv_ratio, inv152 = [], []
        for k_ in inv_list:
            g, H = _mp_gradient_hessian(mctx, th0, ["1"], ["1"], k_)
            G = mctx.sqrt(mctx.fsum(x ** 2 for x in g))
            lam, V = mctx.eigsy(H)
            lam_min = min(lam[q] for q in range(4))
            tau0, th_end, _, grad = _flow_at_tau0(th0, k_, float(delta))
            gd = grad(np.array([float(Fraction(x)) for x in th0]))
            if tau0 is None or abs(float(G) - np.linalg.norm(gd)) > 1e-8 * float(G):
                ctx.inconclusive(f"flow or gradient mismatch ({label}, 1/omega={k_})", f"tau_0={tau0}, |g|={G} vs {gd}")
                return
            b150 = float(P["bound150"].subs({_d20: sp.Rational(delta), _g20: sp.Float(str(G), 30),
                                             lam_: sp.Float(str(lam_min), 30)}))
            # (147) at the integrated tau_0: || P^T diag(h(tau_0; lambda_i)) P g_0 ||, h = (1 - e^{-lambda tau})/lambda
            gt = [mctx.fsum(V[p, q] * g[p] for p in range(4)) for q in range(4)]
            hq = [-mctx.expm1(-lam[q] * tau0) / lam[q] for q in range(4)]
            lin = [mctx.fsum(V[p, q] * hq[q] * gt[q] for q in range(4)) for p in range(4)]
            L147 = float(mctx.sqrt(mctx.fsum(x ** 2 for x in lin)))
            rem146 = float(np.linalg.norm(th_end - np.array([float(Fraction(x)) for x in th0]) + np.array([float(x) for x in lin])))
            wmin = min(Fraction(x) for x in th0[2:])
            b152 = float(P["bound152"].subs({omega: sp.Rational(1, k_), _wmin0: sp.Rational(wmin), _d20: sp.Rational(delta),
                                             m: 2, _c2: c2v, _c3: c3v, _ainf: max(abs(sp.Rational(x)) for x in th0[:2])}))
            inv_ratio.append(math.log(b150 / tau0))
            inv152.append(math.log(b152 / tau0))
            worst150, worst147, n = min(worst150, tau0 / b150), min(worst147, L147 / float(delta)), n + 1
            rows.append((label, k_, f"{float(G):.3e}", f"{float(lam_min):.3e}", f"{tau0:.4g}", f"{tau0 / b150:.4g}",
                         f"{L147 / float(delta):.4g}", f"{rem146 / float(delta) ** 2:.3g}", f"{tau0 / b152:.4g}"))
        for name_, seq_ in (("(150)", inv_ratio), ("(152)", inv152)):
            trend = sr.numeric.classify([seq_[q] - seq_[q - 1] for q in range(len(seq_) - 2, len(seq_))])
            if trend == "growing":
                ctx.inconclusive(f"({label}) tau_0 / {name_} decays along omega -> 0", str(seq_), against=True)
                return
    ctx.table("hitting time tau_0 of (104) against (150) and (152) (delta = 1/100)",
              ("start", "1/omega", "||g_0||", "lambda_2m", "tau_0", "tau_0 / (150)", "(147): lin. displ. / delta",
               "(146) remainder / delta^2", "tau_0 / (152)"), rows)
    ctx.step("The remainder of (146) at tau_0, over delta^2, grows with 1/omega in this table: the constant of O(delta^2) "
             "(the expansion's theta^2 = O(1)) is not uniform in omega, and (146) is read at fixed omega as delta -> 0. "
             "(147) still holds at the integrated tau_0.")
    if worst147 < 0.5:
        ctx.inconclusive("(147) fails at the integrated tau_0", f"min linear displacement / delta = {worst147:.4g}")
        return
    ctx.no_violation("(150) and (152): tau_0 over each right-hand side stays bounded below; (147) at tau_0", points=n,
                     detail=f"min tau_0/(150) = {worst150:.4g} (the proof's constant ln(2)/2 = 0.3466), min linear "
                            f"displacement at tau_0 = {worst147:.4g} delta >= delta/2")


_tau_nn = sp.Symbol("tau", nonnegative=True)        # footnote 12: every tau >= 0, tau = 0 included
_lam_r = sp.Symbol("lambda", real=True)              # every lambda in R, lambda = 0 included

proof20_fn12 = paper.claim(
    "proof20_fn12",
    kind="proof-step",
    label="Proof of Theorem 20, footnote 12",
    where="Sec. 7.1 (5) Local Linearization Analysis",
    statement=r"""It is straightforward to verify that $h(\tau; \lambda) := \frac{1}{|\lambda|} |e^{-\lambda \tau} -
1|, \tau \ge 0$ monotonically decreases on $\lambda \in \mathbb{R}$ for any $\tau \ge 0.^{12}$

Footnote 12. With the convention that $h(\tau; 0) = \tau$ for any $\tau > 0$, and $h(0; \lambda) \equiv 0$ for any
$\lambda \in \mathbb{R}$.""",
    printed={"h": sp.Abs(sp.exp(-lam_ * _tau_nn) - 1) / sp.Abs(lam_), "h0": _tau_nn, "h_at_0": sp.Integer(0)},
    notes=r"""h is defined by three rules: the printed formula where lambda != 0, h(tau; 0) = tau where tau > 0 and
h(0; lambda) = 0 (footnote 12); the proof splits the declared domain into these cases (ctx.cases) and shows that h is
the integral I(lambda) = int_0^tau e^{-lambda s} ds in each, so h is continuous at lambda = 0 (established, not assumed:
h(tau; lambda) -> tau as lambda -> 0 too) and decreases in lambda because I's derivative, int_0^tau -s e^{-lambda s} ds,
has a negative integrand (strictly for tau > 0; h(0; .) is constant). The integration variable s is bound in I, no
variable of the statement.""",
    variables={"tau": sr.nonnegative(text="any tau >= 0"),
               "lambda": sr.real(text="lambda in R (h(tau; 0) = tau and h(0; lambda) = 0 by footnote 12)")},
    conclusions=[("monotone", "h(tau; lambda) = |e^{-lambda tau} - 1|/|lambda| decreases in lambda in R for every tau >= 0 "
                              "(h(tau; 0) = tau, h(0; lambda) = 0)", "property")],
)


@proof20_fn12.check(layer="symbolic", full=True, method="a case split (ctx.cases) + sympy.integrate + assumptions",
                    scope="every tau >= 0 and lambda in R: lambda != 0 by the printed formula, lambda = 0 with tau > 0 "
                          "and tau = 0 by footnote 12's conventions")
def monotone(ctx):
    s_ = sp.Symbol("s", positive=True)
    integral = sp.Integral(sp.exp(-_lam_r * s_), (s_, 0, _tau_nn))        # I(lambda), defined at every real lambda
    cases = {"lambda != 0": sp.Ne(_lam_r, 0), "lambda = 0, tau > 0": sp.And(sp.Eq(_lam_r, 0), _tau_nn > 0),
             "tau = 0": sp.Eq(_tau_nn, 0)}
    with ctx.cases("h(tau; lambda) = I(lambda) = int_0^tau e^{-lambda s} ds at every tau >= 0, lambda in R", cases) as case:
        with case("lambda != 0"):
            closed = sp.integrate(sp.exp(-lam_ * s_), (s_, 0, _tau_nn), conds="none")     # lam_ is nonzero here
            ctx.identity("h(tau; lambda) = |int_0^tau e^(-lambda s) ds| (the printed formula)", ctx.printed["h"],
                         sp.Abs(closed))
            ctx.sign("the integrand e^(-lambda s) is positive, so the integral is nonnegative and h equals it",
                     sp.exp(-lam_ * s_), "positive")
            ctx.identity("h(tau; lambda) -> tau = h(tau; 0) as lambda -> 0 (continuity at lambda = 0)",
                         sp.limit(closed, lam_, 0), ctx.printed["h0"])
        with case("lambda = 0, tau > 0"):
            ctx.identity("h(tau; 0) = tau (footnote 12) = I(0)", ctx.printed["h0"], integral)
        with case("tau = 0"):
            ctx.identity("h(0; lambda) = 0 (footnote 12) = I(lambda) at tau = 0", ctx.printed["h_at_0"], integral)
    deriv = sp.diff(integral, _lam_r)
    ctx.step("I is differentiable at every real lambda (a smooth integrand on [0, tau]); d/dlambda I =", deriv)
    ctx.sign("the integrand of the derivative, -s e^{-lambda s}, is negative for s > 0 and every real lambda: h = I "
             "strictly decreases in lambda for tau > 0 (for tau = 0 it is the constant 0)",
             -s_ * sp.exp(-_lam_r * s_), "negative")


def _fn12_h(printed, tau, lam):
    """h(tau; lambda) as the footnote defines it, at exact rationals: h(0; lambda) = 0, h(tau; 0) = tau, else the
    printed formula."""
    if tau == 0:
        return printed["h_at_0"]
    if lam == 0:
        return printed["h0"].xreplace({_tau_nn: tau})
    return printed["h"].xreplace({lam_: lam, _tau_nn: tau})


def _fn12_pair(params, dps, printed, evaluate):
    tau, l1, l2 = (sp.Rational(params[k_]) for k_ in ("tau", "lambda_1", "lambda_2"))
    h1, h2 = (evaluate(_fn12_h(printed, tau, l_), dps) for l_ in (l1, l2))
    tol = sp.Rational(1, 10 ** (dps // 2))
    return {"violated": bool(tau >= 0 and l1 < l2 and h2 - h1 > tol),
            "values": {"h(tau; lambda_1)": h1, "h(tau; lambda_2)": h2}}


def _fn12_replay(params, dps, printed):
    """SymPy evalf of h at (tau, lambda_1) and (tau, lambda_2): violated when lambda_1 < lambda_2 and h increases."""
    return _fn12_pair(params, dps, printed, lambda e, d: sp.N(e, d))


def _fn12_recheck(params, dps, printed):
    """mpmath (lambdify of the same h, evaluated in an mpmath context at dps)."""
    mctx = mp_ctx(dps)
    return _fn12_pair(params, dps, printed, lambda e, d: sp.Rational(mctx.nstr(sp.lambdify((), e, modules=[mctx, "mpmath"])(),
                                                                                 d)))


@proof20_fn12.check(layer="numeric", method="pairs lambda_1 < lambda_2 around and away from 0 (mpmath)", replay=_fn12_replay,
                    recheck=_fn12_recheck, evaluators=("SymPy evalf of h", "mpmath (lambdify) of h"),
                    scope="tau in {0, 1/10, 1, 3}, every pair lambda_1 < lambda_2 from {-5, -1, -1/10, -1/1000, 0, 1/1000, "
                          "1/10, 1, 5}: a pair where h increases is a counterexample to the statement itself (h as the "
                          "footnote defines it, its conventions included)")
def pairs(ctx):
    grid = [sp.Rational(v) for v in ("-5", "-1", "-1/10", "-1/1000", "0", "1/1000", "1/10", "1", "5")]
    n_pts = 0
    for tau in (sp.Integer(0), sp.Rational(1, 10), sp.Integer(1), sp.Integer(3)):
        vals = [sp.N(_fn12_h(ctx.printed, tau, l_), ctx.dps) for l_ in grid]
        for i, j in ((i, j) for i in range(len(grid)) for j in range(i + 1, len(grid))):
            n_pts += 1
            if vals[j] - vals[i] > sp.Rational(1, 10 ** (ctx.dps // 2)):
                ctx.refute(f"h(tau; lambda) increases from lambda_1 = {grid[i]} to lambda_2 = {grid[j]} at tau = {tau}",
                           {"tau": str(tau), "lambda_1": str(grid[i]), "lambda_2": str(grid[j])},
                           certificate=f"h(tau; lambda_1) = {sp.N(vals[i], 15)} < h(tau; lambda_2) = {sp.N(vals[j], 15)}")
                return
    ctx.no_violation("h(tau; lambda_1) >= h(tau; lambda_2) for every pair lambda_1 < lambda_2 of the grid", points=n_pts,
                     detail="the printed formula for lambda != 0 and the footnote's values at lambda = 0 and tau = 0 "
                            f"(SymPy evalf at dps={ctx.dps})")


_gd20, _dHd20 = sp.symbols(r"g_0^{\top}(\theta_\omega(\tau)-\theta_0) (\theta_\omega(\tau)-\theta_0)^{\top}H_0(\theta_\omega(\tau)-\theta_0)",
                           real=True)
_eps20 = sp.Symbol("epsilon", positive=True)

proof20_loss = paper.claim(
    "proof20_loss",
    kind="proof-step",
    label="Proof of Theorem 20, the loss step",
    where="Sec. 7.1 (5) Local Linearization Analysis",
    statement=r"""The last task is to show the dynamics of loss is much slower than the parameter separation when
there are slow downs. The argument is trivial since for any $\tau \in [0, \tau_0]$,
$$J_{\omega}(\theta_{\omega}(\tau)) - J_{\omega}(\theta_{0}) = g_{0}^{\top}(\theta_{\omega}(\tau) - \theta_{0}) +
(\theta_{\omega}(\tau) - \theta_{0})^{\top}H_{0}(\theta_{\omega}(\tau) - \theta_{0}) + o(\delta^{2})$$
$$\geq -\|g_{0}\|_{2}\|\theta_{\omega}(\tau) - \theta_{0}\|_{2} + \lambda_{2m}\|\theta_{\omega}(\tau) -
\theta_{0}\|_{2}^{2} + o(\delta^{2})$$
$$= o(1)\mathcal{O}(\delta) + o(1)\mathcal{O}(\delta^{2}) + o(\delta^{2})$$
$$= o(\delta^{2}), \quad \omega \to 0^{+}.$$
By continuity, the proof is completed.""",
    uses=["proof20"],
    printed={"expansion": _gd20 + _dHd20},
    notes=r"""The first line is read as the second-order Taylor expansion of J_omega at theta_0 (remainder
o(delta^2) as the displacement, at most delta, tends to 0), which its form and the later use of lambda_2m suggest;
its quadratic term lacks the factor 1/2. The corrected step is proof20_loss_half. The upper side |J(theta(tau)) -
J(theta_0)| also needs J to decrease along (104), which the text leaves implicit.""",
    variables={"a": sr.real(text="a_0 of theta_0 (theta_0 on M*)"), "w": sr.positive(text="w_0 of theta_0"),
               "astar": sr.real(text="the target's a*_j"), "wstar": sr.positive(text="the target's w*_j"),
               "c": sr.positive(text="a Gaussian template c e^{-s^2/(2 sigma^2)} (a point of rho_0)"),
               "sigma": sr.positive(text="... and its width"), "omega": sr.positive(),
               "eps": sr.positive(text="the displacement theta_omega(tau) - theta_0 (size at most delta)")},
    conclusions=[("expansion", "J(theta(tau)) - J(theta_0) = g_0^T d + d^T H_0 d + o(delta^2) (the first line)", "identity"),
                 ("bound", "J(theta(tau)) - J(theta_0) >= ... = o(delta^2) as omega -> 0+", "asymptotic")],
)


def _proof20_expansion(printed, e, g1, H11):
    return printed["expansion"].xreplace({_gd20: e * g1, _dHd20: e ** 2 * H11})


def _proof20_loss_replay(params, dps, printed):
    """R(eps) = J(theta_0 + eps e_{a_1}) - J(theta_0) - (the printed expansion along a_1 with g = eps g_1, the quadratic
    term eps^2 H_11), J by quadrature of (101) (Gaussian template), g_1 from (129), H_11 = 1/w_1 from (136); at eps and
    eps/10."""
    mctx = mp_ctx(dps)
    mpq = lambda x: mctx.mpf(Fraction(x).numerator) / Fraction(x).denominator  # noqa: E731
    av, wv = [mpq(x) for x in params["a"].split(",")], [mpq(x) for x in params["w"].split(",")]
    asv, wsv = [mpq(x) for x in params["astar"].split(",")], [mpq(x) for x in params["wstar"].split(",")]
    c, sg, mu = mpq(params["c"]), mpq(params["sigma"]), 1 / mpq(params["omega"])
    J = lambda aa: _J_quadrature(mctx, aa, wv, asv, wsv, c, sg, mu)  # noqa: E731
    g1 = 2 * (mctx.fsum(p / (wv[0] + q) for p, q in zip(av, wv)) - mctx.fsum(p / (wv[0] + q) for p, q in zip(asv, wsv))) \
        - 2 * _gaussian_delta0(mctx, wv[0], mu, sg, c)
    H11 = 1 / wv[0]
    out = {}
    for eq in (sp.Rational(params["eps"]), sp.Rational(params["eps"]) / 10):
        e = mctx.mpf(eq.p) / eq.q
        quad_term = _proof20_expansion(printed, eq, sp.Float(mctx.nstr(g1, dps + 5), dps + 5),
                                       sp.Float(mctx.nstr(H11, dps + 5), dps + 5))
        R = J([av[0] + e] + av[1:]) - J(av) - mctx.mpf(str(sp.N(quad_term, dps + 5)))
        out[f"R/eps^2 at eps = {mctx.nstr(e, 5)}"] = R / e ** 2
    return {"violated": all(abs(v) >= H11 / 4 for v in out.values()), "values": {**out, "-H_11/2": -H11 / 2}}


def _proof20_loss_recheck(params, dps, printed):
    """SymPy exact: the closed form of (101) (m = 2, m* = 1, symbolic template moments) at the witness, where the
    remainder of the printed expansion along a_1 is computed exactly (the moments cancel: J is quadratic in a)."""
    av = [sp.Rational(x) for x in params["a"].split(",")]
    wv = [sp.Rational(x) for x in params["w"].split(",")]
    asv = [sp.Rational(x) for x in params["astar"].split(",")]
    wsv = [sp.Rational(x) for x in params["wstar"].split(",")]
    mm, ms = len(av), len(asv)
    J = J_omega(mm, ms)
    sub = {**{a[q + 1]: av[q] for q in range(mm)}, **{w[q + 1]: wv[q] for q in range(mm)},
           **{a_s[q + 1]: asv[q] for q in range(ms)}, **{w_s[q + 1]: wsv[q] for q in range(ms)}}
    g1 = sp.diff(J, a[1]).xreplace(sub)
    H11 = sp.diff(J, a[1], 2).xreplace(sub)
    vals, bad = {}, []
    for e in (sp.Rational(params["eps"]), sp.Rational(params["eps"]) / 10):
        shifted = J.xreplace({**sub, a[1]: av[0] + e})
        R = sp.simplify(sp.expand(shifted - J.xreplace(sub) - _proof20_expansion(printed, e, g1, H11)))
        vals[f"R/eps^2 at eps = {e}"] = R / e ** 2
        bad.append(not R.free_symbols and abs(R / e ** 2) >= H11 / 4)
    return {"violated": all(bad), "values": {**vals, "H_11": H11}}


@proof20_loss.hypothesis("setting", r"$\theta_0 = (a, w)$ with $w \succ 0$ (finite loss), target $\bar\rho$ with "
                         r"$w^* > 0$, Gaussian template ($c, \sigma > 0$), $\omega > 0$; displacement along $a_1$ of size "
                         r"$\epsilon \le \delta$", checks=("taylor",))
def _proof20_hset(p):
    pos = [sp.Rational(x) for k_ in ("w", "wstar", "c", "sigma", "omega") for x in p[k_].split(",")]
    return bool(all(x > 0 for x in pos) and sp.Rational(p["eps"]) != 0), f"positive: {all(x > 0 for x in pos)}"


@proof20_loss.check(layer="symbolic", about="expansion", method="sympy.expand", replay=_proof20_loss_replay, recheck=_proof20_loss_recheck,
                    evaluators=("mpmath quadrature of (101)", "SymPy exact closed form of (101)"),
                    scope="the first line as a Taylor expansion: along every direction in the a-coordinates J_omega is "
                          "exactly quadratic (m = 2, m* = 1, generic moments), so the remainder of the printed line is "
                          "computed exactly")
def taylor(ctx):
    J = J_omega(2, 1)
    v1, v2 = sp.symbols("v_1 v_2", real=True)
    shift = {a[1]: a[1] + _eps20 * v1, a[2]: a[2] + _eps20 * v2}
    gv = sum(sp.diff(J, a[q]) * vq for q, vq in ((1, v1), (2, v2)))
    vHv = sum(sp.diff(J, a[p], a[q]) * vp * vq for p, vp in ((1, v1), (2, v2)) for q, vq in ((1, v1), (2, v2)))
    R = sp.expand(J.xreplace(shift) - J - ctx.printed["expansion"].subs({_gd20: _eps20 * gv, _dHd20: _eps20 ** 2 * vHv}))
    ctx.identity("remainder of the printed expansion along theta_0 + eps (v, 0): exactly -(eps^2/2) v^T H_0 v",
                 R, -_eps20 ** 2 * vHv / 2)
    ctx.step("so R / eps^2 = -(1/2) v^T H_0 v for every eps: not o(eps^2) wherever v^T H_0 v != 0, e.g. v = e_{a_1}, "
             "v^T H_0 v = H_11 = 2/(w_1 + w_1) = 1/w_1 (136). The second-order term needs the factor 1/2.")
    ctx.refute("the printed second-order expansion is not a Taylor expansion: its remainder along a_1 is -eps^2/(2 w_1)",
               {"a": "3/5,2/5", "w": "1,1", "astar": "1", "wstar": "1", "c": "1", "sigma": "1", "omega": "1/4",
                "eps": "1/10"},
               certificate="exact: J_omega is quadratic in a, so J(theta_0 + eps e_1) - J(theta_0) - eps g_1 - eps^2 H_11 = "
                           "-eps^2 H_11/2 = -eps^2/(2 w_1) for every eps; the replay evaluates J by quadrature of (101) at "
                           "the M* point theta_0 = (3/5, 2/5, 1, 1) (target e^{-t} + e^{-(t-4)^2/2}) and finds R/eps^2 = "
                           "-1/2 at eps = 1/10 and 1/100. The conclusion o(delta^2) survives: see proof20_loss_half")


proof20_loss_half = paper.claim(
    "proof20_loss_half",
    kind="correction",
    label="Proof of Theorem 20, the loss step with the Taylor factor 1/2",
    where="Sec. 7.1 (5) Local Linearization Analysis",
    corrected_from="proof20_loss",
    statement=r"""For any $\tau \in [0, \tau_0]$,
$$J_{\omega}(\theta_{\omega}(\tau)) - J_{\omega}(\theta_{0}) = g_{0}^{\top}(\theta_{\omega}(\tau) - \theta_{0}) +
\frac{1}{2}(\theta_{\omega}(\tau) - \theta_{0})^{\top}H_{0}(\theta_{\omega}(\tau) - \theta_{0}) + o(\delta^{2}) \geq
-\|g_{0}\|_{2}\|\theta_{\omega}(\tau) - \theta_{0}\|_{2} + \frac{\lambda_{2m}}{2}\|\theta_{\omega}(\tau) -
\theta_{0}\|_{2}^{2} + o(\delta^{2}) = o(\delta^{2}), \quad \omega \to 0^{+},$$
and $J_\omega(\theta_\omega(\tau)) \le J_\omega(\theta_0)$ along (104), so $|J_{\omega}(\theta_{\omega}(\tau)) -
J_{\omega}(\theta_{0})| = o(\delta^2)$.""",
    uses=["proof20"],
    printed={"expansion": _gd20 + _dHd20 / 2},
    variables={"omega": sr.positive(), "m": sr.integer(2), "tau": sr.nonnegative(text="tau in [0, tau_0]"),
               "delta": sr.real(0, 1, open="both"), "a": sr.real(), "w": sr.positive(),
               "a^*": sr.real(text="the coefficients a*_j of rho_bar"), "w^*": sr.positive(text="the rates w*_j of rho_bar"),
               "Delta": sr.real(text="the template moments Delta_{n,omega}(w_k), free values Delta[n][k] (a point of rho_0)").family(),
               "v": sr.real(text="a direction v in the a-coordinates").family(), "epsilon": sr.positive(text="the step along v")},
    conclusions=[("expansion", "J_omega(theta(tau)) - J_omega(theta_0) = g_0^T(theta - theta_0) + (1/2)(theta - theta_0)^T "
                               "H_0 (theta - theta_0) + o(delta^2)", "asymptotic"),
                 ("loss", ">= -||g_0|| ||theta - theta_0|| + (lambda_2m/2)||theta - theta_0||^2 + o(delta^2) = o(delta^2) "
                          "and J decreases along (104), so |J_omega(theta(tau)) - J_omega(theta_0)| = o(delta^2)",
                  "asymptotic")],
)


@proof20_loss_half.check(layer="symbolic", method="sympy.expand", about="expansion",
                         scope="the Taylor expansion with the factor 1/2 is exact along every a-direction (m = 2, m* = 1, "
                               "generic moments)")
def taylor_half(ctx):
    J = J_omega(2, 1)
    v1, v2 = sp.symbols("v_1 v_2", real=True)
    shift = {a[1]: a[1] + _eps20 * v1, a[2]: a[2] + _eps20 * v2}
    gv = sum(sp.diff(J, a[q]) * vq for q, vq in ((1, v1), (2, v2)))
    vHv = sum(sp.diff(J, a[p], a[q]) * vp * vq for p, vp in ((1, v1), (2, v2)) for q, vq in ((1, v1), (2, v2)))
    ctx.identity("J(theta_0 + eps (v, 0)) - J(theta_0) = eps g^T v + (eps^2/2) v^T H_0 v exactly",
                 free_moments(J.xreplace(shift) - J),
                 free_moments(ctx.printed["expansion"].subs({_gd20: _eps20 * gv, _dHd20: _eps20 ** 2 * vHv})))


@proof20_loss_half.check(layer="numeric", method="mpmath closed forms + stiff gradient flow", about=("expansion", "loss"),
                         scope="(a) the remainder of the corrected expansion along a random direction in (a, w) at the M* "
                               "point (omega = 1/4) is O(eps^3), while the printed one stays at -(1/2) v^T H v eps^2; "
                               "(b) along the integrated flows of proof20 (delta = 1/100): J decreases, and "
                               "|J(theta(tau_0)) - J(theta_0)| / delta^2 tends to 0 as 1/omega grows")
def loss_along_flow(ctx):
    import math

    import numpy as np

    mctx = mp_ctx(40)
    th0 = [Fraction(x) for x in _STARTS20["M* point"]]
    g, H = _mp_gradient_hessian(mctx, th0, ["1"], ["1"], 4)
    v = [mctx.mpf(ctx.rng.uniform(-1, 1)) for _ in range(4)]
    nv = mctx.sqrt(mctx.fsum(x ** 2 for x in v))
    v = [x / nv for x in v]

    def J(th):
        c1_ = mp_ctx(40)
        av, wv = th[:2], th[2:]
        mu = c1_.mpf(4)
        inner = lambda p, q, u, r: c1_.fsum(x * y / (s1 + s2) for x, s1 in zip(p, q) for y, s2 in zip(u, r))  # noqa
        return inner(av, wv, av, wv) - 2 * inner(av, wv, [1], [1]) + inner([1], [1], [1], [1]) \
            - 2 * c1_.fsum(x * _gaussian_delta0(c1_, s, mu, 1, 1) for x, s in zip(av, wv)) \
            + 2 * _gaussian_delta0(c1_, c1_.mpf(1), mu, 1, 1) + c1_.sqrt(c1_.pi) / 2 * (1 + c1_.erf(mu))
    base = [mctx.mpf(x.numerator) / x.denominator for x in th0]
    gv = mctx.fsum(x * y for x, y in zip(g, v))
    vHv = mctx.fsum(v[p] * H[p, q] * v[q] for p in range(4) for q in range(4))
    rows, r3 = [], []
    for q in range(2, 6):
        e = mctx.mpf(10) ** -q
        dJ = J([x + e * y for x, y in zip(base, v)]) - J(base)
        val = ctx.printed["expansion"].subs({_gd20: sp.Float(str(e * gv), 40), _dHd20: sp.Float(str(e ** 2 * vHv), 40)})
        R = dJ - mctx.mpf(str(sp.N(val, 40)))
        r3.append(abs(R) / e ** 3)
        rows.append((f"1e-{q}", mctx.nstr(R / e ** 2, 8), mctx.nstr(R / e ** 3, 8)))
    ctx.table(f"remainder of the expansion along a random direction v at the M* point, omega = 1/4 "
              f"(v^T H_0 v = {mctx.nstr(vHv, 8)})", ("eps", "remainder / eps^2", "remainder / eps^3"), rows)
    if not max(r3) < 10 * min(r3) + 1:
        ctx.inconclusive("the remainder of the expansion is not O(eps^3)", ", ".join(mctx.nstr(x, 6) for x in r3))
        return
    # (b) along the flow
    frows, ratios = [], []
    for k_ in ([4, 6, 8, 10] if ctx.quick else [4, 6, 8, 10, 12, 14]):
        tau0, th_end, loss, _ = _flow_at_tau0(_STARTS20["M* point"], k_, 1e-2)
        x0 = np.array([float(x) for x in th0])
        dJ = loss(th_end) - loss(x0)
        if dJ > 1e-13:
            ctx.inconclusive(f"J increased along the flow (1/omega={k_})", f"{dJ}")
            return
        ratios.append(abs(dJ) / 1e-4)
        frows.append((k_, f"{tau0:.4g}", f"{dJ:.4e}", f"{abs(dJ) / 1e-4:.4e}"))
    ctx.table("loss change at the hitting time tau_0 (delta = 1/100)", ("1/omega", "tau_0", "J(theta(tau_0)) - J(theta_0)",
                                                                        "|.| / delta^2"), frows)
    decreasing = all(y < x for x, y in zip(ratios, ratios[1:]))
    if not decreasing:
        ctx.inconclusive("|Delta J| / delta^2 does not decrease along omega -> 0", str(ratios))
        return
    ctx.no_violation("the corrected expansion has an O(eps^3) remainder, and |J(theta(tau_0)) - J(theta_0)| / delta^2 "
                     "decreases toward 0 as omega -> 0", points=len(rows) + len(frows),
                     detail=f"|Delta J|/delta^2 from {ratios[0]:.3g} to {ratios[-1]:.3g}")


_gj35 = sp.Symbol(r"\tilde{g}_{0,j}", real=True)


rem35 = paper.claim(
    "rem35",
    kind="remark",
    label="Remark 35",
    where="Sec. 7.1 (5) Local Linearization Analysis",
    statement=r"""Remark 35 The estimate in Theorem 20 shows a lower bound on the escape time, hence it does not
appear to preclude the situation that the plateauing lasts forever. However, in the proof above, if one supposes
$\tau_0 = +\infty$ in (105), i.e. the hypothetical situation where the parameters are trapped forever, and write
$\tilde{g}_0 := Pg_0 = (\tilde{g}_{0,1}, \dots, \tilde{g}_{0,2m})$, we have
$$\left\| \left(\int_0^\tau e^{-H_0 s} ds \right) g_0 \right\|_2^2 = \tilde{g}_0^\top \left(\int_0^\tau e^{-\Lambda
s} ds \right)^2 \tilde{g}_0 = \sum_{i=1}^{2m} (\tilde{g}_{0,i})^2 (h(\tau;\lambda_i))^2 \ge (\tilde{g}_{0,j})^2
(h(\tau;\lambda_j))^2$$
for any $j$ such that $\lambda_j < 0$. If $\tilde{g}_{0,j} \neq 0$, (146) gives
$$\|\theta_{\omega}(\tau) - \theta_{0}\|_{2} \geq \left\| \left(\int_{0}^{\tau} e^{-H_{0}s} ds \right) g_{0}
\right\|_{2} + \mathcal{O}(\delta^{2}) \geq \frac{|\tilde{g}_{0,j}|}{-\lambda_{j}} (e^{-\lambda_{j}\tau} - 1) +
\mathcal{O}(\delta^{2}) \to +\infty, \quad \tau \to \infty,$$
which is a contradiction. That is to say, the parameter separation has to achieve the gap $\delta$ within a finite
time, even if it is exponentially large.""",
    uses=["proof20", "proof20_fn12"],
    printed={"sq_lower": _gj35 ** 2 * (sp.Abs(sp.exp(-_lam_neg * tau_pos) - 1) / sp.Abs(_lam_neg)) ** 2,
             "lin_lower": sp.Abs(_gj35) / (-_lam_neg) * (sp.exp(-_lam_neg * tau_pos) - 1)},
    notes=r"""h(tau; lambda) is footnote 12's |e^{-lambda tau} - 1|/|lambda|. Repair: 'P g_0' and subscripts outside
math mode in the extraction.""",
    variables={"H": sr.given("the symmetric Hessian H_0 = P^T Lambda P with an eigenvalue lambda_j < 0"),
               "g": sr.given("the gradient g_0 (g~_0 = P g_0)"), "tau": sr.nonnegative(),
               "j": sr.integer(1, text="any j with lambda_j < 0")},
    conclusions=[("identity", "||(int_0^tau e^{-H_0 s} ds) g_0||^2 = g~_0^T (int_0^tau e^{-Lambda s} ds)^2 g~_0 = "
                              "sum_i g~_{0,i}^2 h(tau; lambda_i)^2 >= g~_{0,j}^2 h(tau; lambda_j)^2 for lambda_j < 0", "inequality"),
                 ("escape", "if g~_{0,j} != 0, ||theta(tau) - theta_0|| >= |g~_{0,j}|/(-lambda_j)(e^{-lambda_j tau} - 1) "
                            "+ O(delta^2) -> oo as tau -> oo, contradicting tau_0 = oo: the gap delta is reached in finite "
                            "time", "limit")],
)


def _rem35_instance(mctx, Hrows, gvec, tau):
    """(int_0^tau e^{-H s} ds) g from the exponential of the augmented matrix [[-H, g], [0, 0]] tau (no eigenvectors),
    and the eigen-decomposition H = Q diag(lambda) Q^T (Q's columns: eigenvectors; P = Q^T)."""
    n = len(gvec)
    M = mctx.matrix(n + 1, n + 1)
    for p in range(n):
        for q in range(n):
            M[p, q] = -Hrows[p][q] * tau
        M[p, n] = gvec[p] * tau
    E = mctx.expm(M)
    lin = [E[p, n] for p in range(n)]
    lam, Q = mctx.eigsy(mctx.matrix(Hrows))
    gt = [mctx.fsum(Q[p, q] * gvec[p] for p in range(n)) for q in range(n)]
    return lin, [lam[q] for q in range(n)], gt


def _rem35_replay(params, dps, printed=None):
    printed = paper.claims["rem35"].printed if printed is None else printed
    mctx = mp_ctx(dps)
    mpq = lambda x: mctx.mpf(Fraction(x).numerator) / Fraction(x).denominator  # noqa: E731
    vals = [mpq(x) for x in params["H"].split(",")]
    n = int(round(len(vals) ** 0.5))
    Hrows = [vals[p * n:(p + 1) * n] for p in range(n)]
    gvec, tau, j_ = [mpq(x) for x in params["g"].split(",")], mpq(params["tau"]), int(params["j"])
    lin, lam, gt = _rem35_instance(mctx, Hrows, gvec, tau)
    lhs = mctx.fsum(x ** 2 for x in lin)
    rhs = mctx.mpf(str(sp.N(printed["sq_lower"].subs(
        {_gj35: sp.Float(str(gt[j_]), dps), _lam_neg: sp.Float(str(lam[j_]), dps), tau_pos: sp.Rational(params["tau"])}), dps)))
    return {"violated": bool(lam[j_] < 0 and lhs < rhs * (1 - mctx.mpf(10) ** (-dps // 2))),
            "values": {"||(int e^{-Hs}) g||^2": lhs, "printed lower bound": rhs, "lambda_j": lam[j_]}}


def _rem35_recheck(params, dps, printed):
    """The eigen-decomposition formula ||(int e^{-Hs}) g||^2 = sum_i g~_i^2 h(tau; lambda_i)^2 (mpmath eigsy, no matrix
    exponential) against the printed bound (SymPy evalf)."""
    mctx = mp_ctx(dps)
    mpq = lambda x: mctx.mpf(Fraction(x).numerator) / Fraction(x).denominator  # noqa: E731
    vals = [mpq(x) for x in params["H"].split(",")]
    n = int(round(len(vals) ** 0.5))
    lam, Q = mctx.eigsy(mctx.matrix([vals[p * n:(p + 1) * n] for p in range(n)]))
    gvec, tau, j_ = [mpq(x) for x in params["g"].split(",")], mpq(params["tau"]), int(params["j"])
    gt = [mctx.fsum(Q[p, q] * gvec[p] for p in range(n)) for q in range(n)]
    h = lambda l_: (1 - mctx.exp(-l_ * tau)) / l_ if l_ != 0 else tau  # noqa: E731
    lhs = mctx.fsum(gt[q] ** 2 * h(lam[q]) ** 2 for q in range(n))
    rhs = mctx.mpf(str(sp.N(printed["sq_lower"].subs({_gj35: sp.Float(str(gt[j_]), dps), _lam_neg: sp.Float(str(lam[j_]), dps),
                                                      tau_pos: sp.Rational(params["tau"])}), dps)))
    return {"violated": bool(lam[j_] < 0 and lhs < rhs * (1 - mctx.mpf(10) ** (-dps // 2))),
            "values": {"sum g~_i^2 h(tau; lambda_i)^2": lhs, "printed lower bound": rhs}}


@rem35.check(layer="numeric", method="mpmath expm (augmented matrix) + eigsy", replay=_rem35_replay, recheck=_rem35_recheck,
             full=True,
             evaluators=("mpmath expm of the augmented matrix", "eigen-decomposition formula (mpmath eigsy)"),
             scope="random symmetric H_0 (n in {2, 4, 6}, rational entries, at least one negative eigenvalue) and g_0, "
                   "including g_0 along a negative eigenvector (equality), tau in {1/10, 1, 10, 40}: the identity "
                   "||(int e^{-H s}) g||^2 = sum_i g~_i^2 h(tau; lambda_i)^2, the printed lower bounds for every j with "
                   "lambda_j < 0, and their growth in tau")
def random_hessians(ctx):
    mctx = mp_ctx(ctx.dps)
    n_pts, worst_id = 0, mctx.mpf(0)
    for trial in range(4 if ctx.quick else 12):
        n = (2, 4, 6)[trial % 3]
        rq = lambda: Fraction(ctx.rng.randint(-40, 40), 20)  # noqa: E731
        A = [[rq() for _ in range(n)] for _ in range(n)]
        Hq = [[(A[p][q] + A[q][p]) / 2 - (Fraction(1) if p == q else 0) for q in range(n)] for p in range(n)]
        Hrows = [[mctx.mpf(x.numerator) / x.denominator for x in row] for row in Hq]
        lam, Q = mctx.eigsy(mctx.matrix(Hrows))
        negs = [q for q in range(n) if lam[q] < 0]
        if not negs:
            continue
        gq = [rq() for _ in range(n)]
        if trial % 2:            # g_0 along an eigenvector with lambda_j < 0: equality in the first display
            gq = None
        for tau_q in (Fraction(1, 10), Fraction(1), Fraction(10), Fraction(40)):
            tau_m = mctx.mpf(tau_q.numerator) / tau_q.denominator
            gvec = [mctx.mpf(x.numerator) / x.denominator for x in gq] if gq else [Q[p, negs[0]] for p in range(n)]
            lin, lam2, gt = _rem35_instance(mctx, Hrows, gvec, tau_m)
            lhs = mctx.fsum(x ** 2 for x in lin)
            hs = [abs(mctx.expm1(-x * tau_m)) / abs(x) for x in lam2]
            ident = mctx.fsum(y ** 2 * h ** 2 for y, h in zip(gt, hs))
            worst_id = max(worst_id, abs(lhs - ident) / lhs)
            if abs(lhs - ident) > lhs * mctx.mpf(10) ** (-ctx.dps // 2):
                ctx.inconclusive("the eigen-expansion of ||(int e^{-Hs}) g||^2 differs from the matrix exponential",
                                 f"trial {trial}, tau={tau_q}")
                return
            for j_ in [q for q in range(n) if lam2[q] < 0]:
                sub = {_gj35: sp.Float(str(gt[j_]), ctx.dps), _lam_neg: sp.Float(str(lam2[j_]), ctx.dps), tau_pos: sp.Rational(tau_q)}
                sq = mctx.mpf(str(sp.N(ctx.printed["sq_lower"].subs(sub), ctx.dps)))
                ln_ = mctx.mpf(str(sp.N(ctx.printed["lin_lower"].subs(sub), ctx.dps)))
                n_pts += 1
                if lhs < sq * (1 - mctx.mpf(10) ** (-ctx.dps // 2)) or mctx.sqrt(lhs) < ln_ * (1 - mctx.mpf(10) ** (-ctx.dps // 2)):
                    rowsH = ",".join(str(x) for row in Hq for x in row)
                    gstr = ",".join(str(Fraction(str(mctx.nstr(x, ctx.dps)))) for x in gvec)
                    ctx.refute("a printed lower bound of Remark 35 fails", {"H": rowsH, "g": gstr, "tau": str(tau_q),
                                                                          "j": str(j_)},
                               certificate=f"||(int e^(-Hs)) g||^2 = {mctx.nstr(lhs, 12)} < {mctx.nstr(sq, 12)} or its root "
                                           f"< {mctx.nstr(ln_, 12)}")
                    return
    grow = []
    for tau_q in (1, 10, 40):        # the linear lower bound grows without bound (lambda_j < 0)
        grow.append(sp.N(ctx.printed["lin_lower"].subs({_gj35: 1, _lam_neg: sp.Rational(-1, 10), tau_pos: tau_q}), 15))
    ctx.step(f"|g~_j|/(-lambda_j)(e^(-lambda_j tau) - 1) at g~_j = 1, lambda_j = -1/10, tau = 1, 10, 40: {grow}")
    lim_ = sp.limit(ctx.printed["lin_lower"].subs(_gj35, 1), tau_pos, sp.oo)
    if not (grow[0] < grow[1] < grow[2] and lim_ == sp.oo):
        ctx.inconclusive("the printed linear lower bound does not tend to infinity", str(grow))
        return
    ctx.no_violation("||(int e^{-H_0 s}) g_0||^2 = sum g~_i^2 h(tau; lambda_i)^2 >= g~_j^2 h(tau; lambda_j)^2 for lambda_j < 0, "
                     "and the bound tends to infinity with tau", points=n_pts,
                     detail=f"max relative gap of the identity {mctx.nstr(worst_id, 3)} at dps={ctx.dps}; equality cases "
                            "(g_0 along a negative eigenvector) included")
