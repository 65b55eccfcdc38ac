"""Section 3: linear RNNs in continuous time (ICLR 2021 numbering, camera-ready PDF).

(1)-(9), Definition 3.1 and Proposition 3.1: the continuous-time linear RNN and its functionals.

Claims, in paper order: eq1_6, eq7_9, def3_1, prop3_1.
"""

from __future__ import annotations

import symrnn as sr

from . import paper


eq1_6 = paper.claim(
    "eq1_6",
    kind="equation",
    label='(1)-(6)',
    where='Sec. 3',
    statement=r"""In the discrete-time case, one can write the data generation process
$$y_k = H_k(x_0, \ldots, x_{k-1}), \quad k = 0, 1, \ldots \tag{1}$$
where $x_k, y_k$ denote respectively the input data and output response, and $\{H_k : k = 0, 1, \ldots\}$ is a
sequence of ground truth functions of increasing input dimension accounting for temporal evolution. [...] In the
simplest case, the one-layer RNN is given by
$$h_{k+1} = \sigma(W h_k + U x_k), \quad \hat{y}_k = c^\top h_k. \tag{2}$$
[...] Concretely, we consider the input space
$$\mathcal{X} = C_0(\mathbb{R}, \mathbb{R}^d), \tag{3}$$
which is the linear space of continuous functions from $\mathbb{R}$ (time) to $\mathbb{R}^d$ that vanishes at
infinity. [...] We denote an element in $\mathcal{X}$ by $\boldsymbol{x} := \{x_t \in \mathbb{R}^d : t \in
\mathbb{R}\}$ and equip $\mathcal{X}$ with the supremum norm $\|\boldsymbol{x}\|_{\mathcal{X}} := \sup_{t \in
\mathbb{R}} \|x_t\|_\infty$. For the space of outputs we will take a scalar time series, i.e. the space of bounded
continuous functions from $\mathbb{R}$ to $\mathbb{R}$:
$$\mathcal{Y} = C_b(\mathbb{R}, \mathbb{R}). \tag{4}$$
[...] In continuous time, the target relationship (ground truth) to be learned is
$$y_t = H_t(\boldsymbol{x}), \quad t \in \mathbb{R} \tag{5}$$
where for each $t \in \mathbb{R}$, $H_t$ is a functional $H_t : \mathcal{X} \to \mathbb{R}$. Correspondingly, we
define a continuous version of (2) as a hypothesis space to model continuous-time functionals
$$\frac{d}{dt} h_t = \sigma(W h_t + U x_t), \quad \hat{y}_t = c^\top h_t, \tag{6}$$
whose Euler discretization corresponds to a discrete-time residual RNN. The dynamics then naturally defines a
sequences of functionals $\{\hat{H}_t(\boldsymbol{x}) = \hat{y}_t : t \in \mathbb{R}\}$, which can be used to
approximate the target functionals $\{H_t\}$ via adjusting $(c, W, U)$.""",
    notes=r"""JMLR counterpart: li2022.eq1-li2022.eq10. Reconstructed: hats on \hat y_k, \hat y_t, \hat H_t
(extraction 'yk = CVhk', 'yt = CT ht', '{HHt(x) = yt'); 'dtht' read as \frac{d}{dt}h_t; c^\top from 'CV'/'CT'.
Correspondence to JMLR: ICLR (1)=JMLR (1), (2)=(2), (3)=(3), the unnumbered sup-norm = JMLR (4), (4)=(5), (5)=(6)
(JMLR splits H_t:X->R as (7)), (6)=(9) (JMLR writes \hat y_t first and calls it 'continuous and residual version');
JMLR (8) continuity condition and (10) hypothesis family have no ICLR number. 'a sequences of functionals' [sic].""",
    variables={"sigma": sr.given("an activation sigma"), "W": sr.given("W in R^{m x m}"), "U": sr.given("U in R^{m x d}"),
               "c": sr.given("c in R^m"), "x": sr.given("an input x in X = C_0(R, R^d)")},
    conclusions=[("euler", "the Euler discretization of (6) is a discrete-time residual RNN", "property")],
)


@eq1_6.check(layer="numeric", full=True, method="mpmath.odefun + Euler steps",
             scope="d = 1, sigma = tanh, W = -1, U = 1, x_t = cos t, h_0 = 0 on [0, 1]: the Euler scheme of (6), "
                   "h_{k+1} = h_k + dt sigma(W h_k + U x_k), converges to the solution of (6) at order 1")
def euler_residual(ctx):
    import mpmath
    c_ = sr.numeric.context(20)                             # Euler errors are >= 1e-3: 20 digits suffice
    f = lambda t, h: c_.tanh(-h + c_.cos(t))                 # noqa: E731  (6) with W = -1, U = 1
    exact = c_.odefun(f, 0, 0)(1)
    errs = []
    for n in (10, 20, 40, 80):
        dt, h = c_.mpf(1) / n, c_.mpf(0)
        for q in range(n):
            h = h + dt * c_.tanh(-h + c_.cos(q * dt))        # residual RNN step with step size dt
        errs.append(abs(h - exact))
    orders = [float(mpmath.log(errs[q - 1] / errs[q], 2)) for q in range(1, len(errs))]
    ctx.table("Euler (residual RNN) against the ODE (6) at t = 1", ("steps", "error"),
              [(n, c_.nstr(e, 6)) for n, e in zip((10, 20, 40, 80), errs)])
    if not all(abs(o - 1) < 0.15 for o in orders):
        ctx.inconclusive("the residual steps do not converge at order 1", f"observed orders {orders}")
        return
    ctx.no_violation("the residual RNN update is the Euler discretisation of (6) (first-order convergence)",
                     points=len(errs), detail=f"observed orders {[round(o, 3) for o in orders]}")


eq7_9 = paper.claim(
    "eq7_9",
    kind="equation",
    label='(7)-(9)',
    where='Sec. 3 (Linear RNNs in continuous time)',
    statement=r"""The linear RNN obeys (6) with $\sigma$ being the identity map. Notice that in the theoretical
setup, the initial time of the system goes back to $-\infty$ with $\lim_{t\to-\infty} x_t = 0$, $\forall
\boldsymbol{x} \in \mathcal{X}$, thus by linearity ($H_t(\boldsymbol{0}) = 0$) we specify the initial condition of
the hidden state $h_{-\infty} = 0$ for consistency. In this case, (6) has the following solution
$$\hat{y}_t = \int_0^\infty c^\top e^{Ws} U x_{t-s}\, ds. \tag{7}$$
Since we will investigate uniform approximations over large time intervals, we will consider stable RNNs, where $W
\in \mathcal{W}_m$ with
$$\mathcal{W}_m = \{W \in \mathbb{R}^{m\times m} : \text{eigenvalues of } W \text{ have negative real parts}\}.
\tag{8}$$
Owing to the representation of solutions in (7), the linear RNN defines a family of functionals
$$\hat{\mathcal{H}} := \cup_{m \ge 1} \hat{\mathcal{H}}_m, \quad \hat{\mathcal{H}}_m := \left\{
\{\hat{H}_t(\boldsymbol{x}), t \in \mathbb{R}\} : \hat{H}_t(\boldsymbol{x}) = \int_0^\infty c^\top e^{Ws} U
x_{t-s}\, ds,\ W \in \mathcal{W}_m, U \in \mathbb{R}^{m\times d}, c \in \mathbb{R}^m \right\}. \tag{9}$$
Here, $m$ is the width of the network and controls the complexity of the hypothesis space.""",
    assumptions=[
        r"""$\sigma$ is the identity map in (6); $h_{-\infty} = 0$""",
    ],
    notes=r"""JMLR counterpart: li2022.eq18-li2022.eq20. Reconstructed: (9) from the fragments 'H := \cup_{m\ge
l}H_m' (read m \ge 1), 'x),t \in R} : Ht(x) = \int c^\top e^{Ws}Ux_{t-s}ds, W \in W_m, U \in R^{m\times d}, c \in
R^m'; the inner braces '{\{\hat H_t(x), t\in R\}}' follow the extraction order (JMLR (20) writes {\hat H_t : t \in
R} and \bigcup_{m\in N_+}). Hats restored. Otherwise same as JMLR (18)-(20).""",
    variables={"m": sr.integer(1), "W": sr.given("W in W_m (8): eigenvalues with negative real parts"),
               "U": sr.given("U in R^{m x d}"), "c": sr.given("c in R^m"),
               "x": sr.given("an input x in X with lim_{t -> -oo} x_t = 0"), "t": sr.real()},
    conclusions=[("solution", "with sigma = id and h_{-oo} = 0, (6) has the solution (7): y^_t = int_0^oo c^T e^{Ws} U "
                              "x_{t-s} ds", "identity")],
)


@eq7_9.check(layer="symbolic", full=True, method="sympy.integrate + exact comparison",
             scope="W = [[-1, 2], [0, -3]] (stable, non-normal), U = (1, 1), c = (1, -2), x_t = cos t: the "
                   "solution (8) satisfies the linear RNN (6) and the output is (9)'s kernel form")
def solution_formula(ctx):
    import sympy as sp
    t_, s_ = sp.symbols("t s", real=True)
    W = sp.Matrix([[-1, 2], [0, -3]])
    U = sp.Matrix([1, 1])
    cvec = sp.Matrix([1, -2])
    kern = (W * s_).exp() * U                               # e^{Ws} U
    h = sp.Matrix([sp.integrate(sp.expand(kern[q] * sp.cos(t_ - s_)), (s_, 0, sp.oo)) for q in range(2)])
    rhs = W * h + U * sp.cos(t_)
    ctx.identities("(8) h_t = int_0^oo e^{Ws} U x_{t-s} ds solves d/dt h_t = W h_t + U x_t (both components)",
                   [(f"component {q + 1}", h.diff(t_)[q], rhs[q]) for q in range(2)], domain={t_: (-5, 5)})
    y = (cvec.T * h)[0]
    rho = sp.simplify((cvec.T * kern)[0])
    ctx.identity("y_t = c^T h_t = int_0^oo rho(s) x_{t-s} ds with rho(s) = c^T e^{Ws} U (9)",
                 y, sp.integrate(sp.expand(rho * sp.cos(t_ - s_)), (s_, 0, sp.oo)), domain={t_: (-5, 5)})


def3_1 = paper.claim(
    "def3_1",
    kind="definition",
    label='Definition 3.1',
    where='Sec. 3',
    statement=r"""Let $\{H_t : t \in \mathbb{R}\}$ be a sequence of functionals.
1. $H_t$ is causal if it does not depend on future values of the input: for every pair of $\boldsymbol{x},
\boldsymbol{x}' \in \mathcal{X}$ such that $x_s = x'_s$ for all $s \le t$, we have $H_t(\boldsymbol{x}) =
H_t(\boldsymbol{x}')$.
2. $H_t$ is linear and continuous if $H_t(\lambda \boldsymbol{x} + \lambda' \boldsymbol{x}') = \lambda
H_t(\boldsymbol{x}) + \lambda' H_t(\boldsymbol{x}')$ for any $\boldsymbol{x}, \boldsymbol{x}' \in \mathcal{X}$ and
$\lambda, \lambda' \in \mathbb{R}$, and $\sup_{\boldsymbol{x} \in \mathcal{X}, \|\boldsymbol{x}\|_{\mathcal{X}} \le
1} |H_t(\boldsymbol{x})| < \infty$, in which case the induced norm can be defined as $\|H_t\| :=
\sup_{\boldsymbol{x} \in \mathcal{X}, \|\boldsymbol{x}\|_{\mathcal{X}} \le 1} |H_t(\boldsymbol{x})|$.
3. $H_t$ is regular if for any sequence $\{\boldsymbol{x}(n) \in \mathcal{X} : n \in \mathbb{N}\}$ such that $x(n)_t
\to 0$ for Lebesgue almost every $t \in \mathbb{R}$, $\lim_{n\to\infty} H_t(\boldsymbol{x}(n)) = 0$.
4. $\{H_t : t \in \mathbb{R}\}$ is time-homogeneous if $H_t(\boldsymbol{x}) = H_{t+\tau}(\boldsymbol{x}(\tau))$ for
any $t, \tau \in \mathbb{R}$, where $x(\tau)_s = x_{s-\tau}$ for all $s \in \mathbb{R}$, i.e. $\boldsymbol{x}(\tau)$
is $\boldsymbol{x}$ whose time index is shifted to the right by $\tau$.""",
    assumptions=[
        r"""$\mathcal{X} = C_0(\mathbb{R}, \mathbb{R}^d)$ with $\|\boldsymbol{x}\|_{\mathcal{X}} = \sup_t
\|x_t\|_\infty$ (3)""",
    ],
    notes=r"""JMLR counterpart: li2022.def2-li2022.def5. Difference from JMLR: ICLR item 2 requires
$\sup_{\|x\|\le 1}|H_t(x)|<\infty$ (absolute value), JMLR (13) prints $\sup H(x)<\infty$ without absolute value. In
the first sup of item 2 the extraction shows 'kxk \le 1' (the subscript \mathcal X of the norm is not visible; the
second sup shows 'kxkX'); given with \|\cdot\|_{\mathcal X} in both places. Item 3 uses n \in \mathbb{N} (JMLR:
\mathbb{N}_+). ICLR gathers JMLR Definitions 2-5 into one definition; JMLR defines linearity/regularity for a single
functional H and then for families.""",
)


prop3_1 = paper.claim(
    "prop3_1",
    kind="proposition",
    label='Proposition 3.1',
    where='Sec. 3',
    statement=r"""Let $\{\hat{H}_t : t \in \mathbb{R}\}$ be a sequence of functionals in the RNN hypothesis space
$\hat{\mathcal{H}}$ (see (9)). Then for each $t \in \mathbb{R}$, $\hat{H}_t$ is a causal, continuous, linear and
regular functional. Moreover, the sequence of functionals $\{\hat{H}_t : t \in \mathbb{R}\}$ is time-homogeneous.""",
    assumptions=[
        r"""$\{\hat H_t\} \in \hat{\mathcal H}$ as in (9)""",
    ],
    notes=r"""JMLR counterpart: li2022.prop6. Text preceding it: 'the following observation can be verified directly
and its proof is immediate and hence omitted.' Reconstructed: hats (extraction shows plain 'Ht', 'H'); 'Thenfor',
'OffUnCtionalS' are extraction artefacts. Same content as JMLR Prop. 6 (which lists the four properties as items and
refers to 'the linear RNN dynamics (9)').""",
    same_as="li2022.prop6",
)
