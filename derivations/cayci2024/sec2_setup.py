"""Section 2: the learning problem, the Elman network (2)-(4), Definition 1, GD (5) and max-norm projected GD,
and the informal main results (Theorem 1, Corollary 1, Theorem 2 with (6), Remark 1)."""

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import paper
from ._common import (ACT, ALPHA, DELTA, WIDTH, activation_hypothesis, activation_var, alpha_hypothesis, eps_exponent,
                      identities_every_sigma, memory_growth_recheck, memory_growth_replay, tanh_instance)

sigma = sp.Function("sigma")

paper.claim("notation", kind="definition", label="Sec. 1.2 (notation)", where="Sec. 1.2",
            statement=r"""$[\textbf{X}]_{t}=[X_{0},X_{1},\ldots,X_{t-1}]$; $\|\textbf{X}\|_{p,q}=\left(\sum_{i=1}^{m}\|X^{\top}_{i}\|_{p}^{q}\right)^{\frac{1}{q}}$
where $X_{i}^{\top}$ is the $i^{th}$ row of $\textbf{X}$; $\mathscr{B}_{p,q}(\textbf{X},\rho)=\left\{\textbf{Y}:\|\textbf{Y}-\textbf{X}\|_{p,q}\leq\rho\right\}$;
$\mathsf{Rad}_{\alpha}$ denotes the uniform distribution on $\{-\alpha,\alpha\}$.""")

paper.claim("eq1", kind="definition", label="(1)", where="Sec. 2.1",
            statement=r"""$\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta)=\frac{1}{n}\sum_{j=1}^{n}\sum_{t=1}^{T}\Big(f_{t}([\mathbf{X}^{(j)}]_{t};\Theta)-Y_{t}^{(j)}\Big)^{2}$,
with $Y_{t}^{(j)}=F_{t}^{\star}([\mathbf{X}^{(j)}]_{t})$ (realizable, noiseless).""")

paper.claim("assump_support", kind="assumption", label="Sec. 2.1 (support)", where="Sec. 2.1",
            statement=r"""Throughout the paper, we assume that $P$ is compactly supported such that $\max_{0\leq t<T}\|X_{t}\|_{2}\leq 1$ almost surely.""")

paper.claim("eq2", kind="definition", label="(2)", where="Sec. 2.2",
            statement=r"""$H_{t}^{(i)}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})=\sigma\Big(W_{ii}H_{t-1}^{(i)}([\mathbf{X}]_{t-1};\mathbf{W},\mathbf{U})+U_{i}^{\top}X_{t-1}\Big)$,
$i=1,\ldots,m$, $H_0=0$, $\mathbf{W}$ diagonal.""")

fig1 = paper.claim(
    "fig1", kind="figure", label="Figure 1", where="Sec. 2.2",
    statement=r"""Unfolded representation of an Elman-type recurrent neural network in the matrix notation
$Y_{t}=c^{\top}\vec{\sigma}(\mathbf{W}H_{t-1}+\mathbf{U}X_{t-1})$.""",
    uses=["eq2", "eq3"], printed={"scale": sp.Integer(1)},
    variables={"sigma": sr.given("an activation with (4) (the check: tanh)"),
               "W": sr.real(text="the diagonal recurrent weights W_ii").family(), "U": sr.real(text="the input weights U_i (d = 1)").family(),
               "c": sr.real(text="the readout c_i in {-1, 1}").family(), "x": sr.real(-1, 1, text="the inputs X_t, |X_t| <= 1 (d = 1)").family()},
    conclusions=[("output", "the caption's Y_t = c^T sigma(W H_{t-1} + U X_{t-1}) is the network's output F_t of (3)", "identity")],
    severity="reading", severity_reason="the caption is a schematic; the network's output is (3), with the 1/sqrt(m)",
    intended="eq3_lines",
)


@fig1.hypothesis("inputs", r"$\max_{0\le t<T}\|X_t\|_2\le1$ (the standing assumption of Sec. 2.1; here $|x_0|,|x_1|\le1$, $d=1$)")
def _fig1_inputs(p):
    from fractions import Fraction
    ok = all(abs(Fraction(p[k])) <= 1 for k in ("x0", "x1") if k in p)
    return ok, f"x0 = {p.get('x0')}, x1 = {p.get('x1')}"


@fig1.hypothesis("readout", r"$c_i\in\{-1,1\}$ (Definition 1)")
def _fig1_readout(p):
    from fractions import Fraction
    return all(abs(Fraction(p[k])) == 1 for k in ("c1", "c2") if k in p), f"c = ({p.get('c1')}, {p.get('c2')})"


@fig1.check(layer="symbolic", full=True, method="SymPy identity", scope="m = 2, t = 2, d = 1, sigma = tanh (an activation with (4)), "
                                                                          "inputs in [-1, 1], c in {-1, 1}^2")
def _fig1(ctx):
    W = sp.symbols("W1 W2"); U = [[sp.Symbol("U1")], [sp.Symbol("U2")]]; c = sp.symbols("c1 c2")
    X = [[sp.Symbol("x0")], [sp.Symbol("x1")]]
    F = sr.symbolic.network_output(W, U, c, X, 2, sigma)
    H1 = [sr.symbolic.unrolled_hidden(W[i], U[i], X, 1, sigma)[1] for i in range(2)]
    caption = ctx.printed["scale"] * sum(c[i] * sigma(W[i] * H1[i] + U[i][0] * X[1][0]) for i in range(2))
    # at sigma = tanh (named in Sec. 2.2, with (4)): a difference is then a point of (W, U, c, x) alone, not of sigma's values
    ctx.identity("caption c^T sigma(W H_{t-1} + U X_{t-1}) equals F_t of (3), sigma = tanh",
                 tanh_instance(caption, sigma), tanh_instance(F, sigma),
                 domain={"x0": (-1, 1), "x1": (-1, 1), "c1": lambda rng: rng.choice([-1, 1]), "c2": lambda rng: rng.choice([-1, 1])})


eq3 = paper.claim("eq3", kind="definition", label="(3)", where="Sec. 2.2",
                  statement=r"""$F_{t}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})=\frac{1}{\sqrt{m}}\sum_{i=1}^{m}c_{i}H_{t}^{(i)}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})
=\frac{1}{\sqrt{m}}\sum_{i=1}^{m}c_{i}\sigma\Big(W_{ii}H_{t-1}^{(i)}([\mathbf{X}]_{t-1};\mathbf{W},\mathbf{U})+U_{i}^{\top}X_{t-1}\Big)$""",
                  uses=["eq2"])

eq3_lines = paper.claim(
    "eq3_lines", kind="equation", label="(3), second line", where="Sec. 2.2",
    statement=r"""The two lines of (3) agree: $\frac{1}{\sqrt{m}}\sum_{i}c_{i}H_{t}^{(i)}=\frac{1}{\sqrt{m}}\sum_{i}c_{i}\sigma(W_{ii}H_{t-1}^{(i)}+U_{i}^{\top}X_{t-1})$,
the intended reading of Figure 1's $Y_t$ (with the factor $1/\sqrt m$).""",
    uses=["eq2", "eq3"], printed={"scale": 1 / sp.sqrt(2)},
    variables={"m": sr.integer(1), "t": sr.integer(1), "sigma": activation_var(),
               "W": sr.real(text="every diagonal entry W_ii").family(), "U": sr.real(text="every row U_i in R^d").family(),
               "c": sr.real(text="every readout c_i").family(), "x": sr.real(text="every input X_s in R^d").family()},
    conclusions=[("lines", "the first and second lines of (3) are equal", "identity")])


@eq3_lines.check(layer="symbolic", about="lines", method="SymPy identity", scope="m = 2, t = 2, d = 1, undefined sigma")
def _eq3_lines(ctx):
    W = sp.symbols("W1 W2"); U = [[sp.Symbol("U1")], [sp.Symbol("U2")]]; c = sp.symbols("c1 c2")
    X = [[sp.Symbol("x0")], [sp.Symbol("x1")]]
    F = sr.symbolic.network_output(W, U, c, X, 2, sigma)
    H1 = [sr.symbolic.unrolled_hidden(W[i], U[i], X, 1, sigma)[1] for i in range(2)]
    line2 = ctx.printed["scale"] * sum(c[i] * sigma(W[i] * H1[i] + U[i][0] * X[1][0]) for i in range(2))
    identities_every_sigma(ctx, "second line of (3) equals the first", [("t = 2", line2, F)], sigma)


paper.claim("eq4", kind="assumption", label="(4)", where="Sec. 2.2",
            statement=r"""$\sigma\in\mathscr{C}^{2}(\mathbb{R},\mathbb{R})$ with $\sup_{z\in\mathbb{R}}|\sigma(z)|\leq\sigma_{0}$,
$\sup_{z\in\mathbb{R}}|\sigma^{\prime}(z)|\leq\sigma_{1}$, and $\sup_{z\in\mathbb{R}}|\sigma^{\prime\prime}(z)|\leq\sigma_{2}$.""")

eq4_examples = paper.claim(
    "eq4_examples", kind="remark", label="Sec. 2.2 (activations with (4))", where="Sec. 2.2",
    statement=r"""Many widely-used activation functions including $\tanh$, logistic, Gaussian activations have these properties.""",
    uses=["eq4"],
    variables={},          # named activations: the statement is about these instances, not a family
    conclusions=[("tanh", "tanh satisfies (4)", "property"), ("logistic", "the logistic function satisfies (4)", "property"),
                 ("gaussian", "the Gaussian activation satisfies (4)", "property")],
    printed={"tanh": (1, 1, 4 / (3 * sp.sqrt(3))), "logistic": (1, sp.Rational(1, 4), sp.sqrt(3) / 18),
             "gaussian": (1, sp.exp(-sp.Rational(1, 2)), 1), "sin": (1, 1, 1)},
    notes="The printed statement names no constants; printed= holds the exact suprema this check certifies "
          "(they are the sigma_0, sigma_1, sigma_2 every other check uses; sin is the fourth base of the activation class "
          "a phi(b z + c) + e the regularity searches draw from, whose members' constants follow exactly from these).",
)


@eq4_examples.check(layer="symbolic", full=True, method="sympy.maximum (exact maxima)",
                    scope="tanh and logistic: max |sigma^{(k)}| over the whole range of s = sigma(z) (sigma', sigma'' are "
                          "polynomials in s); Gaussian: max over z in R; sin: sin^2 + cos^2 = 1 bounds every derivative by 1, "
                          "attained at 0 and pi/2")
def _eq4(ctx):
    Zs = sp.Symbol("z", real=True)
    ctx.identity("sin: sin(z)^2 + cos(z)^2 = 1, so |sin^{(k)}| <= 1 for every k (the derivatives cycle through +-sin, +-cos)",
                 sp.sin(Zs) ** 2 + sp.cos(Zs) ** 2, 1)
    ctx.exact("sin: (|sin(pi/2)|, |sin'(0)|, |sin''(pi/2)|), the bounds attained", tuple(
        sp.Abs(sp.diff(sp.sin(Zs), Zs, k).subs(Zs, pt)) for k, pt in ((0, sp.pi / 2), (1, 0), (2, sp.pi / 2))),
        tuple(ctx.printed["sin"]))
    s = sp.Symbol("s", real=True)
    for name in ("tanh", "logistic"):
        a = ACT[name]
        lo, hi = a.s_range
        S = sp.Symbol("s", real=True)
        got = tuple(sp.maximum(sp.Abs(f.subs(S, s)), s, sp.Interval(lo, hi)) for f in (S, a.d1_of_s, a.d2_of_s))
        ctx.exact(f"{name}: (sup|sigma|, sup|sigma'|, sup|sigma''|)", got, tuple(ctx.printed[name]))
    g = ACT["gaussian"]
    Z = sp.Symbol("z", real=True)
    got = tuple(sp.maximum(sp.Abs(sp.diff(g.expr, Z, k)), Z, sp.S.Reals) for k in range(3))
    ctx.exact("Gaussian: (sup|sigma|, sup|sigma'|, sup|sigma''|)", got, tuple(ctx.printed["gaussian"]))


paper.claim("notation_grad", kind="definition", label="Sec. 2.2 (notation)", where="Sec. 2.2",
            statement=r"""$\Theta_{i}^{\top}=[W_{ii},U_{i}^{\top}]$; $\partial_{\Theta_{i}}g(\Theta)=\left[\begin{subarray}{c}\partial_{W_{ii}}g(\Theta)\\ \partial_{U_{i}}g(\Theta)\end{subarray}\right]$.""")

paper.claim("def1", kind="definition", label="Definition 1", where="Sec. 2.3",
            statement=r"""Let $c_{i}\sim\mathsf{Rad}_{1},V_{i}\sim\mathsf{Rad}_{\alpha},U_{i}(0)\sim\mathcal{N}(0,I_{d})$ independently for all
$i\in\{1,2,\ldots,m/2\}$ and independently from each other, and $c_{i}=-c_{i-m/2},V_{i}=V_{i-m/2}$ and $U_{i}(0)=U_{i-m/2}(0)$ for
$i\in\{m/2+1,\ldots,m\}$. Then, $(\mathbf{W}(0),\mathbf{U}(0),c)$ is called a symmetric random initialization where
$\mathbf{W}(0)=\textbf{diag}(V)$ and $U_{i}^{\top}(0)$ is the $i^{th}$-row of $\mathbf{U}(0)$.""")

def1_zero = paper.claim(
    "def1_zero", kind="remark", label="Sec. 2.3 (zero output at initialisation)", where="Sec. 2.3",
    statement=r"""The symmetrization ensures that $F_{t}([\textbf{X}]_{t};\textbf{W}(0),\textbf{U}(0))=0$ for any $t\geq 0$ and input
$\mathbf{X}\in\mathbb{R}^{d\times T}$.""",
    uses=["def1", "eq2", "eq3"], printed={"mirror_sign": sp.Integer(-1)},
    variables={"t": sr.integer(0), "X": sr.given("an input X in R^{d x T}"),
               "p": sr.integer(1, text="m = 2p: every even width m"), "c": sr.real(text="the readouts c_i of the first m/2 neurons"),
               "H": sr.given("the hidden states H_t^{(i)}(X) of (2): a function of t, X and the neuron's own (W_ii, U_i)")},
    conclusions=[("zero", "F_t([X]_t; W(0), U(0)) = 0 for every t >= 0 and every input X", "identity")],
)


@def1_zero.check(layer="symbolic", full=True, method="induction on t (a written step); SymPy identity of the mirrored sum",
                 scope="every t >= 0, every even m = 2p, every input and activation: H_t^{(i)} = H_t^{(i+m/2)} by induction "
                       "(the step is the same expression for both, written out), and the mirrored sum is 0 for every p")
def _zero(ctx):
    # base: H_0^{(i)} = H_0^{(i+m/2)} = 0; step: equal parameters and equal H_{t-1} give equal H_t
    ctx.step("induction on t: H_0^{(i)} = H_0^{(i+m/2)} = 0, and the step H_t = sigma(V H_{t-1} + U X_{t-1}) with the "
             "mirrored V_i = V_{i+m/2}, U_i(0) = U_{i+m/2}(0) maps equal H_{t-1} to equal H_t (the same expression "
             "sigma(V h + U x) for both): H_t^{(i)} = H_t^{(i+m/2)} for every t >= 0")
    i, p = sp.symbols("i p", integer=True, positive=True)
    ci, Hi = sp.IndexedBase("c"), sp.IndexedBase("H")
    F = sp.Sum(ci[i] * Hi[i] + ctx.printed["mirror_sign"] * ci[i] * Hi[i], (i, 1, p))
    ctx.identity("sum of the mirrored pairs: sum_{i<=m/2} (c_i H_t^{(i)} + c_{i+m/2} H_t^{(i+m/2)}) = 0, every m = 2p",
                 F, 0)
    # in every t and X: by (2), H_t^{(i)}(X) is a function H(t, X, W_ii, U_i) of the neuron's own parameters, and the
    # mirrored neuron i + m/2 has the same (W_ii(0), U_i(0)) and the readout -c_i: each pair's contribution vanishes
    t, X = sp.Symbol("t", integer=True, nonnegative=True), sp.Symbol("X")
    c, V, U = sp.symbols("c V U")
    h = sp.Function("H")(t, X, V, U)
    ctx.identity("a mirrored pair: c_i H(t, X, V_i, U_i) + c_{i+m/2} H(t, X, V_{i+m/2}, U_{i+m/2}) = 0, every t, X",
                 sp.Add(c * h, sp.Mul(ctx.printed["mirror_sign"], c, h, evaluate=False), evaluate=False), 0)  # unevaluated: SymPy
    # would cancel the pair while building the expression


paper.claim("eq5", kind="definition", label="(5)", where="Sec. 2.3",
            statement=r"""For a step-size $\eta>0$, the gradient descent works as follows: for $s>0$,
$\Theta(s+1)=\Theta(s)-\eta\cdot\partial_{\Theta}\widehat{\mathcal{R}}_{\mathcal{S}}\left(\Theta(s)\right)$.""",
            notes="Printed 'for s > 0'; the iterates start from Theta(0) (the update is meant for s >= 0).")

paper.claim("pgd", kind="definition", label="Sec. 2.3 (projected GD)", where="Sec. 2.3",
            statement=r"""$W_{ii}(s+1)=\Pi_{\mathscr{B}_{2,\infty}(W_{ii}(0),\rho_{w}/\sqrt{m})}\left\{W_{ii}(s)-\eta\partial_{W_{ii}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\right\}$,
$\textbf{U}(s+1)=\Pi_{\mathscr{B}_{2,\infty}(\textbf{U}(0),\rho_{u}/\sqrt{m})}\left\{\textbf{U}(s)-\eta\partial_{\textbf{U}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\right\}$.""",
            uses=["notation", "eq1"])

pgd_radius = paper.claim(
    "pgd_radius", kind="remark", label="Sec. 2.3 (projection radii)", where="Sec. 2.3",
    statement=r"""As a consequence of the projection, it holds surely for all $s\geq 0$ that
$\max_{1\leq i\leq m}|W_{ii}(s)-W_{ii}(0)|\leq\frac{\rho_{w}}{\sqrt{m}}$, and $\max_{1\leq i\leq m}\|U_{i}(s)-U_{i}(0)\|_{2}\leq\frac{\rho_{u}}{\sqrt{m}}$
[...] Also note that $\|\mathbf{W}(s)-\mathbf{W}(0)\|_{F}\leq\rho_{w}$ and $\|\mathbf{U}(s)-\mathbf{U}(0)\|_{F}\leq\rho_{u}$ for all $s\geq 0$.""",
    uses=["pgd"], printed={"frob_sq": sp.Integer(1)},
    variables={"s": sr.integer(0), "m": sr.integer(1), "rho_w": sr.positive(), "rho_u": sr.positive()},
    conclusions=[("rowwise", "max_i |W_ii(s) - W_ii(0)| <= rho_w/sqrt(m) and max_i ||U_i(s) - U_i(0)||_2 <= rho_u/sqrt(m) "
                             "for all s >= 0", "inequality"),
                 ("frobenius", "||W(s) - W(0)||_F <= rho_w and ||U(s) - U(0)||_F <= rho_u for all s >= 0", "inequality")],
)


@pgd_radius.check(layer="symbolic", full=True, method="SymPy summation",
                  scope="every m: the projection's image lies in the row-wise ball; sum of m rows of squared radius rho^2/m")
def _radius(ctx):
    i, mm = sp.symbols("i m", integer=True, positive=True)
    ctx.step("each row of the projected iterate lies in its ball (the image of a projection), so max_i |Delta_i| <= rho/sqrt(m)")
    ctx.identities("||Delta||_F^2 <= sum_{i=1}^m (rho/sqrt(m))^2 = rho^2", [
        (name, sp.summation((rho / sp.sqrt(mm)) ** 2, (i, 1, mm)), ctx.printed["frob_sq"] * rho ** 2)
        for name, rho in (("W", sp.Symbol("rho_w", positive=True)), ("U", sp.Symbol("rho_u", positive=True)))])


@pgd_radius.check(layer="property", about="rowwise", requires=("torch",), method="random instances of the row-wise projection",
                  scope="the engine projection (symrnn.train.elman.project): inside the ball, idempotent, nonexpansive")
def _projection(ctx):
    from symrnn import train as T
    torch = T.torch()
    g = torch.Generator().manual_seed(ctx.seed)
    bad, N = 0, 50
    for _ in range(N):
        m, d = 6, 3
        W0, U0 = torch.randn(1, m, generator=g, dtype=torch.float64), torch.randn(1, m, d, generator=g, dtype=torch.float64)
        W, U = W0 + 3 * torch.randn(1, m, generator=g, dtype=torch.float64), U0 + 3 * torch.randn(1, m, d, generator=g, dtype=torch.float64)
        W2, U2 = W0 + torch.randn(1, m, generator=g, dtype=torch.float64), U0 + torch.randn(1, m, d, generator=g, dtype=torch.float64)
        rw, ru = 0.7, 0.4
        P = T.elman.project(W, U, W0, U0, rw, ru)
        P2 = T.elman.project(*P, W0, U0, rw, ru)
        Q = T.elman.project(W2, U2, W0, U0, rw, ru)
        inside = bool(((P[0] - W0).abs() <= rw + 1e-12).all() and ((P[1] - U0).norm(dim=-1) <= ru + 1e-12).all())
        idem = bool(torch.allclose(P[0], P2[0]) and torch.allclose(P[1], P2[1]))
        nonexp = float(((P[0] - Q[0]) ** 2).sum() + ((P[1] - Q[1]) ** 2).sum()) <= float(
            ((W - W2) ** 2).sum() + ((U - U2) ** 2).sum()) + 1e-12
        bad += not (inside and idem and nonexp)
    if bad:
        return ctx.inconclusive("projection", f"{bad} of {N} instances failed (an implementation defect)")
    ctx.no_violation("projection into the ball, idempotent, nonexpansive", points=N, detail="float64, m=6, d=3")


# ---- Sec. 2.4: informal main results ----------------------------------------------------------------------------
def _memory_refutation(claim, statement_bit):
    activation_hypothesis(claim, checks=("cutoff_equality",))
    alpha_hypothesis(claim, checks=("cutoff_equality",))

    @claim.check(layer="symbolic", name="cutoff_equality", about="dichotomy", method="SymPy summation and limit",
                 scope=f"the memory dichotomy ({statement_bit}) at the cut-off alpha_m sigma_1 = 1 exactly",
                 replay=memory_growth_replay, recheck=memory_growth_recheck,
                 evaluators=("SymPy summation + limit", "exact rational sums (fractions), T <= 400"))
    def _cut(ctx):
        params = {"act": "tanh", "alpha": "1/2", "rho_w": "1", "m": "4"}
        out = memory_growth_replay(params, ctx.dps, ctx.printed)
        ctx.step("at z = alpha_m sigma_1 = 1: mu_{0,T}(1) mu_{1,T}(1)", out["values"]["mu_T"])
        if out["violated"]:
            ctx.refute(f"{statement_bit}: exponential growth claimed at z = 1", params,
                       certificate=f"mu_T(1) = {out['values']['mu_T']} is a polynomial of degree 3: "
                                   "lim log(mu_T)/T = 0, so mu_T is not exp(Omega(T))")
        else:
            ctx.inconclusive("cut-off", f"the printed threshold does not claim exponential growth at z = 1: {out['values']}")


thm1_informal = paper.claim(
    "thm1_informal", kind="theorem", label="Theorem 1 (Informal)", where="Sec. 2.4",
    statement=r"""For sufficiently large $\rho_{w},\rho_{u}>0$, for any $\delta\in(0,1)$, $\tau\geq 1$ iterations of projected-gradient descent
with the step-size $\eta=\frac{1}{T\sqrt{\tau}}$ yields
$\min_{0\leq s<\tau}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\mathsf{poly}(\mu_{T})\mathcal{O}\left(\frac{\|\rho\|_{2}T}{\sqrt{\tau}}+\frac{\|\rho\|_{2}^{2}T\sqrt{\log(2Tn/\delta)}}{\sqrt{m}}\right)$
with probability at least $1-\delta$ over the random initialization for $\textbf{F}^{\star}\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$ with some
$\alpha\in(0,1)$, where $\mu_{T}=\mathcal{O}(1)$ if $\alpha_{m}=\alpha+\frac{\rho_{w}}{\sqrt{m}}<\frac{1}{\sigma_{1}}$ and $\mu_{T}=e^{\Omega(T)}$ if
$\alpha_{m}\geq\frac{1}{\sigma_{1}}$. In particular, to establish $\min_{0\leq s<\tau}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\epsilon$, one needs an
RNN with $m=\Omega(1/\epsilon^{2})$ neurons and $\tau=\Omega(1/\epsilon^{2})$ iterations of gradient descent.""",
    assumptions=[r"$\alpha\in(0,1)$", r"$\sigma$ satisfies (4)"],
    uses=["thm1", "eq10"], printed={"cutoff": sp.Integer(1)},
    variables={"rho_w": sr.positive("rho_w > 0 (sufficiently large)"), "rho_u": sr.positive("rho_u > 0 (sufficiently large)"),
               "delta": DELTA, "tau": sr.integer(1), "m": WIDTH, "T": sr.integer(1), "n": sr.integer(1), "alpha": ALPHA,
               "act": activation_var(), "epsilon": sr.positive()},
    conclusions=[("bound", "min_{s<tau} R(Theta(s)) <= poly(mu_T) O(||rho|| T/sqrt(tau) + ||rho||^2 T sqrt(log(2Tn/delta))/sqrt(m)) "
                           "with probability >= 1 - delta", "inequality"),
                 ("dichotomy", "mu_T = O(1) if alpha_m < 1/sigma_1 and mu_T = e^{Omega(T)} if alpha_m >= 1/sigma_1", "asymptotic"),
                 ("rates", "min risk <= eps with m = Omega(1/eps^2) neurons and tau = Omega(1/eps^2) iterations", "asymptotic")],
    notes="The check decides the memory dichotomy at the cut-off; the rates are those of Theorem 1 (checked there and in contrib).",
)
_memory_refutation(thm1_informal, r"$\mu_T=e^{\Omega(T)}$ if $\alpha_m\ge1/\sigma_1$")

cor1_informal = paper.claim(
    "cor1_informal", kind="corollary", label="Corollary 1 (Informal)", where="Sec. 2.4",
    statement=r"""For sufficiently large $\rho_{w},\rho_{u}>0$, for any $\delta\in(0,1)$, with the step-size choice $\eta=\frac{1}{T\sqrt{\tau}}$,
projected-gradient descent yields
$\widehat{\mathcal{R}}_{\mathcal{S}}\left(\frac{1}{\tau}\sum_{s<\tau}\Theta(s)\right)\leq\mathsf{poly}(\mu_{T})\mathcal{O}\left(\frac{\|\rho\|_{2}T}{\sqrt{\tau}}+\frac{\|\rho\|_{2}^{2}T\sqrt{\log(2Tn/\delta)}}{\sqrt{m}}\right)$,
with probability at least $1-\delta$ over the random initialization for $\textbf{F}^{\star}\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$.""",
    uses=["cor1"], printed={"tau_exp": sp.Rational(-1, 2), "m_exp": sp.Rational(-1, 2)},
    variables={"rho_w": sr.positive("rho_w > 0 (sufficiently large)"), "rho_u": sr.positive("rho_u > 0 (sufficiently large)"),
               "delta": DELTA, "tau": sr.integer(1), "m": WIDTH, "T": sr.integer(1), "n": sr.integer(1)},
    conclusions=[("bound", "R(average of Theta(s), s < tau) <= poly(mu_T) O(||rho|| T/sqrt(tau) + ||rho||^2 T "
                           "sqrt(log(2Tn/delta))/sqrt(m)) with probability >= 1 - delta", "asymptotic")],
)


@cor1_informal.check(layer="numeric", about="bound", method="ratio along tau and m sequences (mpmath, two precisions)",
                     scope="Corollary 1's bound against the informal rates: bound*sqrt(tau) (m = oo) and bound*sqrt(m) "
                           "(tau = oo) stay bounded, tanh, T = 5, alpha = 1/2, rho = nubar = 1, n = 100, delta = 1/20")
def _cor1_rates(ctx):
    from .model import theorem1_bound
    c = ACT["tanh"].constants()
    base = dict(alpha_v=sp.Rational(1, 2), rw_v=1, ru_v=1, nw_v=1, nu_v=1, T_v=5, n_v=100, delta_v=sp.Rational(1, 20), d_v=1)

    def tau_ratio(ctxm, tau_v):
        b = theorem1_bound(c, m_v=sp.Integer(10) ** 12, tau_v=sp.Integer(tau_v), **base)["cor1"]
        return ctxm.mpf(sp.N(b * sp.Integer(tau_v) ** (-ctx.printed["tau_exp"]), ctxm.dps))

    def m_ratio(ctxm, m_v):
        b = theorem1_bound(c, m_v=sp.Integer(m_v), tau_v=sp.Integer(10) ** 30, **base)["cor1"]
        return ctxm.mpf(sp.N(b * sp.Integer(m_v) ** (-ctx.printed["m_exp"]), ctxm.dps))

    ctx.asymptotic("bound * tau^{1/2} as tau -> oo", tau_ratio, [10 ** k for k in ((2, 3, 4, 6, 8) if ctx.quick else range(2, 9))])
    ctx.asymptotic("bound * m^{1/2} as m -> oo", m_ratio, [10 ** k for k in ((4, 5, 6, 8, 10) if ctx.quick else range(4, 11))])


thm2_informal = paper.claim(
    "thm2_informal", kind="theorem", label="Theorem 2 (Informal)", where="Sec. 2.4",
    statement=r"""For any $\epsilon>0$, there exist $\lambda=\frac{1}{\sqrt{\epsilon}}$, $\tau_{0}=\Omega\left(\frac{1}{\epsilon^{3}}\right)$ and
$m_{0}=\Omega(\frac{1}{\alpha^{2}\epsilon}+\frac{\mathsf{poly}(\mu_{T})T^{2}\log(2nT/\delta)}{\epsilon^{3}})$ such that for any $\tau>\tau_{0}$ and $m>m_{0}$,
gradient descent with step-size $\eta=\mathcal{O}(\epsilon^{2})$ yields
$\min_{0\leq s<\tau}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\epsilon$, (6)
with probability at least $1-\delta$ over the random initialization for $\mathbf{F}^{\star}\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$ with some
$\alpha\in(0,1)$, and $\mu_{T}=\mathcal{O}(1)$ if $\alpha<\frac{1}{\sigma_{1}}$ and $\mu_{T}=e^{\Omega(T)}$ otherwise.""",
    assumptions=[r"$\alpha\in(0,1)$", r"$\sigma$ satisfies (4)"],
    uses=["thm2", "eq10"], printed={"cutoff": sp.Integer(1), "lam": sp.Rational(-1, 2), "tau0": sp.Integer(-3),
                                    "eta": sp.Integer(2), "m0": sp.Integer(-3)},
    variables={"act": sr.given("an activation with (4)"), "alpha": sr.real(0, 1, open="both", text="alpha in (0, 1)"),
               "eps": sr.positive("the target error epsilon > 0"), "T": sr.integer(1, text="the sequence length")},
    conclusions=[("rates", "lambda = eps^{-1/2}, tau_0 = Omega(eps^{-3}), eta = O(eps^2), m_0 = Omega(eps^{-3}) (the formal "
                           "Theorem 2's exponents)"),
                 ("guarantee", "(6): min_{s < tau} R(Theta(s)) <= eps with probability >= 1 - delta", "existence"),
                 ("benign", "mu_T = O(1) if alpha < 1/sigma_1", "asymptotic"),
                 ("memory", "mu_T = e^{Omega(T)} if alpha >= 1/sigma_1", "asymptotic")],
    notes="mu_T is not defined in the informal statement: read at alpha sigma_1 (check cutoff_equality) the 'otherwise' half "
          "fails at alpha sigma_1 = 1 (a cubic); read as the formal Theorem 2 defines it, at (alpha + sqrt(2 eps)) sigma_1 (check "
          "formal_reading), the 'O(1)' half fails at alpha sigma_1 < 1 < (alpha + sqrt(2 eps)) sigma_1. The guarantee (6) is "
          "Theorem 2's (26) (cayci2024.thm2).",
)


@thm2_informal.check(layer="symbolic", about="rates", method="sympy.limit of log(q)/log(eps)",
                     scope="epsilon-exponents of lambda, tau_0, eta and m of the formal Theorem 2 (constants fixed)")
def _thm2_exponents(ctx):
    e = sp.Symbol("epsilon", positive=True)
    L, y, nu2, K = sp.symbols("L y nu2 K", positive=True)
    lam = L * nu2 / sp.sqrt(e)
    eta = e / (2 * L ** 2 * (L * sp.sqrt(2) * lam + y) ** 2)
    tau0 = nu2 / ((sp.sqrt(2) + 1) ** 2 * eta * e)
    mm = ((L * sp.sqrt(nu2) + 4 * lam ** 2 * K) ** 2 + lam ** 2) / (2 * e)
    got = tuple(eps_exponent(q, e) for q in (lam, tau0, eta, mm))
    p = ctx.printed
    ctx.exact("(lambda, tau_0, eta, m) exponents", got, (p["lam"], p["tau0"], p["eta"], p["m0"]))


# the memory dichotomy of Theorem 2 (informal) is stated for alpha itself ("if alpha < 1/sigma_1 ... otherwise")
def _alpha_growth_replay(params, dps, printed):
    return memory_growth_replay({**params, "rho_w": "0"}, dps, printed)


def _alpha_growth_recheck(params, dps, printed):
    return memory_growth_recheck({**params, "rho_w": "0"}, dps, printed)


@thm2_informal.hypothesis("activation", r"$\sigma$ satisfies (4)", checks=("cutoff_equality", "formal_reading"))
def _thm2_act(p):
    return p.get("act") in ACT, f"act={p.get('act')}"


@thm2_informal.hypothesis("alpha", r"$\alpha\in(0,1)$", checks=("cutoff_equality", "formal_reading"))
def _thm2_alpha(p):
    a = sp.Rational(p["alpha"])
    return bool(0 < a < 1), f"alpha={a}"


@thm2_informal.hypothesis("epsilon", r"$\epsilon>0$ (any target error; here $\sqrt{2\epsilon}$ rational)", checks=("formal_reading",))
def _thm2_eps(p):
    e = sp.Rational(p["eps"])
    return bool(e > 0), f"epsilon={e}"


@thm2_informal.check(layer="symbolic", name="cutoff_equality", about="memory", method="SymPy summation and limit",
                     scope="'mu_T = e^{Omega(T)} otherwise' at alpha sigma_1 = 1 exactly (mu's at alpha sigma_1)",
                     replay=_alpha_growth_replay, recheck=_alpha_growth_recheck,
                     evaluators=("SymPy summation + limit", "exact rational sums (fractions), T <= 400"))
def _thm2_cut(ctx):
    # alpha sigma_1 = 1 with alpha in (0, 1) needs sigma_1 > 1: the scaled activation 2 tanh(z) (sigma_1 = 2)
    params = {"act": "tanh2", "alpha": "1/2"}
    out = _alpha_growth_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("mu_T = e^{Omega(T)} 'otherwise' (alpha >= 1/sigma_1) at alpha sigma_1 = 1", params,
                   certificate=f"mu_T(1) = {out['values']['mu_T']}: polynomial, lim log(mu_T)/T = 0")
    else:
        ctx.inconclusive("cut-off", str(out["values"]))


# the formal Theorem 2 evaluates mu_{0,T}, mu_{1,T} at alpha_target sigma_1 = (alpha + sqrt(2 eps)) sigma_1 (Sec. 4.3)
def _target_z(params):
    a = ACT[params["act"]] if params.get("act") in ACT else None
    if a is None:
        raise sr.InvalidArgument(f"act={params.get('act')!r} is not one of {sorted(ACT)}")
    al, e = sp.Rational(params["alpha"]), sp.Rational(params["eps"])
    return a, al, sp.nsimplify((al + sp.sqrt(2 * e)) * a.sigma1)


def _formal_replay(params, dps, printed):
    """'mu_T = O(1) if alpha < 1/sigma_1' with mu_T = mu_{0,T}(z) mu_{1,T}(z) at z = (alpha + sqrt(2 eps)) sigma_1, as the
    formal Theorem 2 defines it: violated when alpha sigma_1 < printed cutoff (O(1) claimed) and lim log(mu_T)/T > 0
    (SymPy: closed-form sums and the limit)."""
    a, al, z = _target_z(params)
    Tsym = sp.Symbol("T", positive=True, integer=True)
    if z == 1:
        muT = Tsym ** 2 * (Tsym + 1) / 2
    else:                                               # the geometric closed forms (mu_closed proves them)
        muT = sr.symbolic.mu0_closed(z, Tsym) * sr.symbolic.mu1_closed(z, Tsym)
    rate = sp.limit(sp.log(muT) / Tsym, Tsym, sp.oo)
    claimed = bool(al * a.sigma1 < sp.nsimplify(printed["cutoff"]))
    return {"violated": claimed and bool(rate > 0),
            "values": {"alpha sigma_1": al * a.sigma1, "z = (alpha + sqrt(2 eps)) sigma_1": z, "mu_T": muT,
                       "lim log(mu_T)/T": rate}}


def _formal_recheck(params, dps, printed):
    """Independent: exact rational sums (fractions) of mu_{0,T}(z) mu_{1,T}(z) for T <= 200 at the rational z: every
    ratio mu_{T+1}/mu_T is at least z^2 > 1 (geometric growth, so mu_T >= z^{2(T-1)} is unbounded)."""
    a, al, z = _target_z(params)
    if not z.is_Rational:
        return {"violated": False, "values": {"z": z, "note": "z not rational: no exact evaluation"}}
    zf = Fraction(int(z.p), int(z.q))
    mus = [sum(zf ** k for k in range(T)) * sum((k + 1) * zf ** k for k in range(T)) for T in range(1, 202)]
    growth = min(mus[i + 1] / mus[i] for i in range(len(mus) - 1))
    claimed = bool(al * a.sigma1 < sp.nsimplify(printed["cutoff"]))
    return {"violated": claimed and zf > 1 and growth >= zf ** 2,
            "values": {"z": str(zf), "min_{T<=200} mu_{T+1}/mu_T": f"{float(growth):.6g}", "z^2": str(zf ** 2),
                       "mu_200": f"{float(mus[199]):.6g}"}}


@thm2_informal.check(layer="symbolic", name="formal_reading", about="benign", method="SymPy summation and limit",
                     scope="'mu_T = O(1) if alpha < 1/sigma_1' with mu_T at (alpha + sqrt(2 eps)) sigma_1, as the formal "
                           "Theorem 2 defines it (Sec. 4.3)",
                     replay=_formal_replay, recheck=_formal_recheck,
                     evaluators=("SymPy summation + limit", "exact rational sums (fractions), T <= 200"))
def _thm2_formal(ctx):
    # tanh (sigma_1 = 1), alpha = 9/10 < 1/sigma_1, eps = 1/50: z = 9/10 + 1/5 = 11/10 > 1
    params = {"act": "tanh", "alpha": "9/10", "eps": "1/50"}
    out = _formal_replay(params, ctx.dps, ctx.printed)
    ctx.step("Theorem 2 (Sec. 4.3) sets mu_{0,T} = mu_{0,T}(alpha_target sigma_1), alpha_target = alpha + sqrt(2 eps); at "
             "alpha sigma_1 < 1 <= alpha_target sigma_1 the informal 'mu_T = O(1) if alpha < 1/sigma_1' fails for every T-range: "
             "mu_T >= z^{2(T-1)}", out["values"]["mu_T"])
    if out["violated"]:
        ctx.refute("'mu_T = O(1) if alpha < 1/sigma_1' with mu_T at (alpha + sqrt(2 eps)) sigma_1", params,
                   certificate=f"tanh, alpha = 9/10 < 1 = 1/sigma_1, eps = 1/50: z = {out['values']['z = (alpha + sqrt(2 eps)) sigma_1']} "
                               f"> 1, lim log(mu_T)/T = {out['values']['lim log(mu_T)/T']} > 0: mu_T = e^{{Omega(T)}}, not O(1)")
    else:
        ctx.inconclusive("formal reading", str(out["values"]))


rem1 = paper.claim(
    "rem1", kind="remark", label="Remark 1", where="Sec. 2.4",
    statement=r"""Bounds on the network size. In Theorems 1-6, the number of neurons scales logarithmically in the sample size $n$ and the
(inverse) failure probability $1/\delta$. [...] Impact of long-term dependencies: exploding gradient problem. [...] The term $\mu_{T}$,
which is a multiplicative factor for both $m$ and $\tau$, has a cutoff point at $1/\sigma_{1}$ [...]. Remarkably, if $\alpha<\sigma_{1}$, then
$\mu_{T}=\mathcal{O}(1)$ for sufficiently large $m$, while $\mu_{T}=\exp(\Omega(T))$ for any $m\in\mathbb{N}$ if $\alpha\geq\sigma_{1}$. [...]
Gradient descent without projection requires $\tau=\Omega(1/\epsilon^{3})$ iterations with a neural network of $m=\Omega(1/\epsilon^{3})$
neurons to achieve a target error of $\epsilon>0$, while $\|\cdot\|_{2,\infty}$-projected gradient descent requires [...]
$\tau=\Omega(1/\epsilon^{2})$ iterations with a neural network of $m=\Omega(1/\epsilon^{2})$ neurons in the same setting.""",
    assumptions=[r"$\alpha\in(0,1)$", r"$\sigma$ satisfies (4)", r"$m$ even"],
    uses=["thm1", "thm2", "eq10"],
    printed={"threshold_power": sp.Integer(1)},
    notes="'Theorems 1-6': the paper has Theorems 1-2 (and Propositions 1-6). The cut-off sentence compares alpha with "
          "sigma_1, not with 1/sigma_1 as the sentence before it and Theorem 1 (informal) do: printed threshold sigma_1^p, p = 1.",
    variables={"n": sr.integer(1), "delta": DELTA, "alpha": ALPHA, "act": activation_var(), "m": WIDTH,
               "rho_w": sr.positive(), "T": sr.integer(1), "epsilon": sr.positive()},
    conclusions=[("log_n", "the number of neurons scales logarithmically in n and in 1/delta", "asymptotic"),
                 ("cutoff", "mu_T has a cutoff point at 1/sigma_1: mu_T = O(1) for sufficiently large m if alpha < sigma_1, "
                            "mu_T = exp(Omega(T)) for any m if alpha >= sigma_1", "asymptotic"),
                 ("gd_rates", "GD without projection needs tau = Omega(1/eps^3) and m = Omega(1/eps^3)", "asymptotic"),
                 ("pgd_rates", "projected GD needs tau = Omega(1/eps^2) and m = Omega(1/eps^2)", "asymptotic")],
)


def _rem1_replay(params, dps, printed):
    """'mu_T = exp(Omega(T)) for any m if alpha >= sigma_1^p': violated when alpha >= sigma_1^p and some m gives
    alpha_m sigma_1 < 1 (then mu_T <= (1 - z)^{-3} for every T, SymPy closed forms)."""
    a = ACT[params["act"]]
    al = sp.Rational(params["alpha"])
    z = sp.nsimplify((al + sp.Rational(params["rho_w"]) / sp.sqrt(sp.Integer(params["m"]))) * a.sigma1)
    claimed = bool(al >= a.sigma1 ** printed["threshold_power"])
    Tn = sp.Symbol("T", positive=True, integer=True)
    bounded = bool(z < 1) and sp.simplify((1 - z) ** 3 * sr.symbolic.mu0_closed(z, Tn) * sr.symbolic.mu1_closed(z, Tn)
                                          - (1 - z ** Tn) * (1 - (Tn + 1) * z ** Tn + Tn * z ** (Tn + 1))) == 0
    return {"violated": claimed and bounded, "values": {"z": z, "alpha >= sigma_1^p": claimed,
                                                        "mu_T <= (1-z)^-3 for all T": bounded}}


def _rem1_recheck(params, dps, printed):
    a = ACT[params["act"]]
    al = sp.Rational(params["alpha"])
    claimed = bool(al >= a.sigma1 ** printed["threshold_power"])
    from fractions import Fraction
    z = sp.nsimplify((al + sp.Rational(params["rho_w"]) / sp.sqrt(sp.Integer(params["m"]))) * a.sigma1)
    if not z.is_Rational:
        return {"violated": False, "values": {"z": z}}
    zf = Fraction(int(z.p), int(z.q))
    worst = max(sum(zf ** k for k in range(T)) * sum((k + 1) * zf ** k for k in range(T)) for T in range(1, 401))
    bound = 1 / (1 - zf) ** 3
    return {"violated": claimed and zf < 1 and worst <= bound,
            "values": {"max_{T<=400} mu_T": str(worst), "(1-z)^-3": str(bound)}}


activation_hypothesis(rem1, checks=("cutoff_sentence",))
alpha_hypothesis(rem1, checks=("cutoff_sentence",))


@rem1.check(layer="symbolic", name="cutoff_sentence", about="cutoff", method="closed forms of mu_0, mu_1",
            scope="'mu_T = exp(Omega(T)) for any m if alpha >= sigma_1' at a logistic witness",
            replay=_rem1_replay, recheck=_rem1_recheck,
            evaluators=("SymPy closed forms", "exact rational sums (fractions), T <= 400"))
def _rem1_cut(ctx):
    params = {"act": "logistic", "alpha": "1/2", "rho_w": "1", "m": "4"}
    out = _rem1_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("alpha >= sigma_1 but mu_T = O(1)", params,
                   certificate=f"logistic sigma_1 = 1/4 <= alpha = 1/2, yet z = alpha_m sigma_1 = {out['values']['z']} < 1 "
                               "and mu_T <= (1 - z)^{-3} for every T (closed forms)")
    else:
        ctx.inconclusive("cut-off sentence", str(out["values"]))


@rem1.check(layer="numeric", name="log_n", about="log_n", method="ratio along n (mpmath, two precisions)",
            scope="item 1: m_req from (18) divided by log n stays bounded as n -> oo (tanh, T = 5, eps = 1/10)")
def _rem1_logn(ctx):
    from .model import theorem1_bound
    c = ACT["tanh"].constants()

    def ratio(ctxm, n_v):
        b = theorem1_bound(c, alpha_v=sp.Rational(1, 2), rw_v=1, ru_v=1, nw_v=1, nu_v=1, m_v=sp.Integer(10) ** 6, T_v=5,
                           n_v=sp.Integer(n_v), delta_v=sp.Rational(1, 20), tau_v=1, d_v=1)
        m_req = (2 * 5 * b["phi"] * b["err"] / sp.Rational(1, 10)) ** 2
        return ctxm.mpf(sp.N(m_req / sp.log(sp.Integer(n_v)) ** ctx.printed["threshold_power"], ctxm.dps))

    ctx.asymptotic("m_req(n) / log n as n -> oo", ratio, [10 ** k for k in range(2, 30, 4)])
