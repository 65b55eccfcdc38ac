"""Appendix C.3: numerical tests (ICLR 2021 numbering, camera-ready PDF).

C.3: (117)-(120), the Airy and plateau experiments and Figures 2-4.

Claims, in paper order: eq117_118, c31_s0, eq119_120, fig2, fig3, fig4, c33_landscape.
"""

from __future__ import annotations

from fractions import Fraction

import symrnn as sr

from . import JMLR, paper


eq117_118 = paper.claim(
    "eq117_118",
    kind="equation",
    label='(117)-(118)',
    where='App. C.3.1 (Motivating Tests)',
    statement=r"""The target functional is $H_T(\boldsymbol{x}) = \int_0^T \rho(t) x_{T-t}\, dt$ with white noise
$\boldsymbol{x}$, while the representation $\rho$ is selected as the exponential sum or the scaled Airy function:
1. Exponential sum: $\rho(t) = [c^*]^\top e^{W^* t} b^*$, where $c^*, b^*$ are standard normal random vectors of
$m^*$ dimensions, and $W = -I - Z^\top Z$ with $Z \in \mathbb{R}^{m^*\times m^*}$ is a Gaussian random matrix with
i.i.d. entries having variance $1/m^*$.
2. Airy function: $\rho(t) = \mathrm{Ai}(s_0[t - t_0])$, where $\mathrm{Ai}(t)$ is the Airy function of the first
kind, given by the improper integral
$$\mathrm{Ai}(t) = \frac{1}{\pi} \lim_{\xi\to\infty} \int_0^\xi \cos\left(\frac{u^3}{3} + tu\right) du. \tag{117}$$
[...] In Figure 1 we set $m^* = 8$ for exponential sums, and $t_0 = 3$, $s_0 = 2.25$ for Airy functions. [...]
To show that the plateauing behavior may be generic, we also consider a nonlinear forced dynamical system target,
the Lorenz 96 system (Lorenz, 1996):
$$\dot{y} = -y + x + \sum_{k=1}^K z_k/K, \qquad \dot{z}_k = 2[z_{k+1}(z_{k-1} - z_{k+2}) - z_k + y], \quad k = 1,
\cdots, K, \tag{118}$$
with cyclic indices $z_{k+K} = z_k$, and $x$ is an external stochastic noise. [...] In all cases, the trained RNN
model has a hidden dimension of 16 and the total length of the path is $T = 6.4$. The continuous-time RNN is
discretized using the Euler method with step size 0.1.""",
    notes=r"""JMLR counterpart: li2022.eq89-li2022.eq90. Reconstructed: (117) from 'Ai(t) ɪ lim Z cos uu— + tu) du.
π ξ→∞ 0 3'; exponential-sum kernel 'ρ(t) = [c*]>ew*tb*' read as [c^*]^\top e^{W^*t}b^*. Oddity: the kernel is
written with W^* but the matrix is then defined as 'W = -I - Z^\top Z' (no star). Difference from JMLR:
ICLR '-I - Z^\top Z' vs JMLR '-I Z^\top Z' (JMLR extraction); JMLR puts the settings (m^*=8, t_0=3, s_0=2.25, 16,
T=6.4, step 0.1) in the Figure 1 caption. (117)-(118) = JMLR (89)-(90). HTML numbering (123)-(124).""",
    variables={"t": sr.real(text="the argument t of Ai")},
    conclusions=[("airy", "(117): Ai(t) = (1/pi) lim_{xi -> oo} int_0^xi cos(u^3/3 + t u) du", "identity")],
)


@eq117_118.check(layer="numeric", full=True, method="mpmath.quadosc",
                 scope="(117) at t in {-2, 0, 3/2}: (1/pi) int_0^oo cos(u^3/3 + t u) du against mpmath.airyai, at 20 "
                       "and 40 digits")
def airy_integral(ctx):
    rows, worst = [], 0
    for tv in ("-2", "0", "3/2"):
        vals = []
        for dps in (20, 40):                                # quadosc at 20 and 40 digits
            c_ = sr.numeric.context(dps)
            tt = sr.numeric.to_mpf(c_, Fraction(tv))
            integral = c_.quadosc(lambda u: c_.cos(u ** 3 / 3 + tt * u), [0, c_.inf],
                                  zeros=lambda n: c_.cbrt(3 * c_.pi * n)) / c_.pi
            vals.append((integral, c_.airyai(tt)))
        integral, ai = vals[-1]
        worst = max(worst, float(abs(integral - ai)))
        rows.append((tv, sr.numeric.context(20).nstr(integral, 15), sr.numeric.context(20).nstr(ai, 15)))
    ctx.table("(117) against the Airy function", ("t", "(1/pi) int cos(u^3/3 + tu) du", "Ai(t)"), rows)
    if worst > 1e-12:
        ctx.inconclusive("(117) does not reproduce Ai to 12 digits", f"max difference {worst:.3e}")
        return
    ctx.no_violation("(117) is the Airy function of the first kind", points=len(rows),
                     detail=f"max |difference| {worst:.2e}")


c31_s0 = paper.claim(
    "c31_s0",
    kind="remark",
    label='unnumbered (App. C.3.1) [c31_s0]',
    where='App. C.3.1 (Motivating Tests)',
    statement=r"""In Figure 1 (a) and (b), we plot the gradient descent dynamics on training the linear RNNs
(discretized using Euler method, hence equivalent to residual RNNs). We observe an efficient training process for
the exponential sum case, while "plateauing" behaviors in the Airy function case. This causes a severe slow down of
training. In addition, we also find that the plateauing effect gets worse as $t_0$ (or $s_0$) is increased, which
corresponds to more complex Airy functions in the sense of more memory effects. That is, the long-term memory
adversely affects the optimization process via gradient descent.""",
    assumptions=[
        r"""Airy target $\rho(t) = \mathrm{Ai}(s_0[t-t_0])$ (117); linear RNN trained by GD, Euler-discretized; loss
(17) with white noise""",
    ],
    notes=r"""Printed as an unnumbered claim. ICLR-only wording: '(or s_0)'. JMLR 6.1.1 says only 'This
effect gets worse as t_0 increases'. Empirical claim; no data for varying s_0 or t_0 is shown in the paper (Figure 1
uses t_0 = 3, s_0 = 2.25 only).""",
    variables={"t_0": sr.positive(text="the Airy target's shift t_0"), "s_0": sr.positive(text="... and its scale s_0")},
    conclusions=[("exp_sum", "GD trains the linear RNN efficiently on the exponential-sum target (Figure 1 (a))",
                  "property"),
                 ("airy", "on the Airy target GD plateaus, a severe slow-down (Figure 1 (b))", "property"),
                 ("worse", "the plateauing gets worse as t_0 (or s_0) increases", "property"),
                 ("memory", "long-term memory adversely affects the optimisation by GD", "property")],
)


@c31_s0.check(layer="empirical", requires=("torch",), timeout=3600, about=("airy", "worse"),
              method="batched GD training (symrnn.train), the pre-registered plateau criterion of Figure 1",
              scope="Figure 1(b) with s_0 in {1.5, 2.25, 3, 4} at t_0 = 3 (the t_0 sweep is li2022.fig1): linear RNN "
                    "width 16, Euler dt = 0.1, T = 6.4, GD lr 0.3 on the population loss, 10 seeds; quick 1000 epochs, "
                    "full 10000")
def airy_scale_sweep(ctx):
    ctx.fidelity(JMLR.fidelity.c31_s0(ctx.quick))
    from symrnn import train as tr

    tr.quiet_cpu(1)
    res = JMLR.figures.airy_scales(full=not ctx.quick)
    budget, panels = res["epochs"], res["panels"]
    ctx.table("Airy targets Ai(s_0 (t - 3)): plateaus per s_0 (" + res["criterion"] + ")",
              ("panel", "seeds with a plateau", "median escape epoch", "median final loss", "floor (model class)",
               "diverged"), JMLR.sec6_training._panel_rows(panels, budget))
    T = JMLR.sec6_training
    esc = [T._median(T._escape_epoch(p, budget)) for p in panels]

    def worse(ps):
        e = [T._median(T._escape_epoch(p, budget)) for p in ps]
        return all(x <= y for x, y in zip(e, e[1:])) and e[-1] > e[0]

    # controls: synthetic loss curves through the same plateau criterion, escapes at growing / shrinking epochs
    synthetic = lambda fr: [T._synthetic_panel(p["label"], budget, escape=max(80, f * budget), floor=1e-4)  # noqa: E731
                            for p, f in zip(panels, fr)]
    preds = [sr.Prediction("the median escape epoch does not decrease as s_0 grows and grows from s_0 = 1.5 to 4",
                           worse, synthetic((0.1, 0.2, 0.4, 0.6)), synthetic((0.6, 0.4, 0.2, 0.1)),
                           "escapes at 0.1, 0.2, 0.4, 0.6 of the budget / at 0.6, 0.4, 0.2, 0.1")]
    ctx.step(f"Median escape epochs for s_0 = 1.5, 2.25, 3, 4: {esc} (0: no plateau; inf: not escaped in {budget} epochs).")
    T._verdict_from(ctx, "the plateau gets worse as s_0 grows", preds, panels,
                    f"device {res['device']}, {budget} epochs; choices: {res['choices']}")


eq119_120 = paper.claim(
    "eq119_120",
    kind="definition",
    label='(119)-(120)',
    where='App. C.3.2 (Long-term Memory Significantly Contributes to Plateaus)',
    statement=r"""Recall the simple example of target with memory
$$\rho(t) = a^* e^{-w^* t} + c_0 e^{-\frac{(t - 1/\omega)^2}{2\sigma^2}}, \quad w^* > 0. \tag{119}$$
We aim to learn $\rho$ with the exponential sum
$$\hat{\rho}_m(t; a, w) = \sum_{i=1}^m a_i e^{-w_i t}, \quad a \in \mathbb{R}^m, w \in \mathbb{R}^m_+. \tag{120}$$
That is, the simplified linear RNN model with a diagonal recurrent kernel (see (76) and Appendix C.1). The
optimization is performed by the gradient flow (21), i.e. a continuous-time idealization of the gradient descent
dynamics. The ODE (21) is numerically solved by the Adams-Bashforth-Moulton method.""",
    assumptions=[
        r"""$a^*, c_0, \sigma \neq 0$ (from the example after (20))""",
    ],
    notes=r"""JMLR counterpart: li2022.eq100, li2022.eq94. Reconstructed: accents; (120) extraction 'a ∈ Rm, W ∈
Rm' - the '+' on R^m_+ is not visible (w \in R^m may be what is printed). (119) restates only 'w^* > 0' (a^*, c_0,
\sigma \neq 0 are stated in Sec. 5). Notation: \rho (not \rho_\omega) although it depends on \omega. (119) = JMLR
(100) with amplitude c_0 (JMLR c); (120) = model (94)/(76). HTML numbering (125)-(126).""",
)


fig2 = paper.claim(
    "fig2",
    kind="figure",
    label='Figure 2',
    where='App. C.3.2',
    statement=r"""The results are illustrated in Figure 2. It is shown that the plateauing time increases rapidly as
the memory $1/\omega$ becomes longer.
Caption: Figure 2: The training dynamics of the target functional defined by (119) using the model (120). Here we
take the width $m = 2$ in $\hat{\rho}$. The corresponding gradient flow (21) is numerically solved by the
Adams-Bashforth-Moulton method. Observe that the plateauing time increases rapidly as the memory becomes longer
($\omega$ decreases).""",
    assumptions=[
        r"""target (119), model (120) with $m=2$, gradient flow (21) solved by Adams-Bashforth-Moulton; panels
$1/\omega = 10, \ldots, 15$ showing $J_m$ and $\|\nabla J_m\|_2$""",
    ],
    notes=r"""Printed as an unnumbered claim. JMLR counterpart: li2022.fig2. Figure claim; included so that the ICLR figure has
its own id. Panel labels (1/\omega = 10..15, legends 'J_m', '\|\nabla J_m\|_2') are visible in the extraction.
Constants a^*, w^*, c_0, \sigma and the initialization are not given.""",
    same_as="li2022.fig2",
)


fig3 = paper.claim(
    "fig3",
    kind="figure",
    label='Figure 3',
    where='App. C.3.3 (1) The timescale estimate',
    statement=r"""We first numerically verify the timescale proved in Theorem 5.1 (or Theorem C.1). That is, the
time of plateauing (and also parameter separation $\|\theta(\tau) - \theta(0)\|_2$) is exponentially large as the
memory $1/\omega \to +\infty$. The results are shown in Figure 3, where we observe good agreement with the predicted
scaling.
Caption: Figure 3: The timescale of plateauing and parameter separation. Here the model and target are both selected
the same as Figure 2, but with a larger width $m = 10$. We see the logarithm of time of plateauing and parameter
separation is almost linear to the memory $1/\omega$.""",
    assumptions=[
        r"""target (119), model (120) with $m = 10$, gradient flow (21)""",
    ],
    notes=r"""Printed as an unnumbered claim. JMLR counterpart: li2022.fig3. Figure claim. HTML
revision drops 'first' ('We numerically verify ...').""",
    same_as="li2022.fig3",
)


fig4 = paper.claim(
    "fig4",
    kind="figure",
    label='Figure 4',
    where='App. C.3.3 (2) General cases',
    statement=r"""In Figure 4, we still take the target functional as defined in (119), but apply more general
models to learn it, including using full (non-diagonal) recurrent kernels of the RNN with no restrictions on
entries, using non-linear (tanh) activations and using the Adam optimizer. Furthermore, we do not take the Itô
isometry simplification and instead use actual input sample paths of finite time horizons, just as one would do in
training RNNs in practice. We observe that the plateauing behavior is present in all cases. Moreover, in the last
case of Adam (which can be thought of as a momentum-based optimization method), the plateauing behavior is somewhat
alleviated, although the separation of timescales is still present.
Caption: Figure 4: Numerical verifications of the plateauing behavior under general settings, with non-diagonal
recurrent kernels, the non-linear activation (tanh), and the Adam (momentum-based) optimizer. Here we use the target
functional the same as Figure 2 with the memory $1/\omega = 20$. The time horizon is chosen as $T = 32$, and 128
input samples are generated from a standard white noise. The learning rate is 1.0 for GD and 0.001 for Adam. 10
initializations are sampled and trained for each experiment. We consider two possible input distributions: a) white
noise inputs; b) inputs of the form $x_t = \sum_{j=1}^J \alpha_j \cos(\lambda_j t)$, where $\lambda_j \sim
\mathcal{U}[0, 10]$ and $\alpha_j \sim \mathcal{N}(0, 1)$. We observe that plateaus occur in all cases and the
momentum generally improves the situation but still not resolve the difficulty.""",
    assumptions=[
        r"""target (119) with $1/\omega = 20$, $T = 32$, 128 samples; learning rates 1.0 (GD), 0.001 (Adam); 10
initializations""",
    ],
    notes=r"""Printed as an unnumbered claim. JMLR counterpart: li2022.fig4. Figure claim. 'still
not resolve' [sic]. The Adam reference '(Kingma & Ba, 2015)' is added in the HTML revision. The following sentence
is entry c33_landscape.""",
    same_as="li2022.fig4",
)


c33_landscape = paper.claim(
    "c33_landscape",
    kind="remark",
    label='unnumbered (App. C.3.3) [c33_landscape]',
    where='App. C.3.3 (2) General cases',
    statement=r"""This is consistent with our supplemental analysis in Appendix E, where we show that the
momentum-based methods will speed up training based on our dynamical (Appendix C.2) and landscape analysis (Appendix
D) of plateauing.""",
    notes=r"""Printed as an unnumbered claim. ICLR-PDF-only wording: the HTML revision and JMLR say
'... based on the dynamical analysis of plateauing given in Section C.2 / Section 7.1' (no landscape analysis).
Appendix E only treats a quadratic saddle f(x) = (x_1^2 - \epsilon x_2^2)/2; no connection to App. D is made there.""",
    discursive="states consistency with Appendices C.2-E; the escape-time claims themselves are appe (refuted as printed) and the Appendix D theorems",
)
