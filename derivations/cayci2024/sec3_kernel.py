"""Section 3: Proposition 1 (gradients) with (7), Remark 2, the NTK (Proposition 2), the RKHS of transport maps (8)-(9),
the memory sums (10), Propositions 3-5 with (11)-(17), Remarks 3-4."""

from types import SimpleNamespace

import mpmath
import sympy as sp

import symrnn as sr

from . import paper
from .model import (BETA_PRINTED, GAMMA_PRINTED, LAMBDA_PRINTED, L_PRINTED, L_SQRT, M0, M1, Bsym, Lsym, am,
                    feature_quadrature)
from ._common import (ACT, ALPHA, DELTA, WIDTH, act_of, activation_var, activation_hypothesis,
                      eps_exponent, identities_every_sigma, sign_or_witness)  # noqa: F401

# the variables of (15)-(16): one neuron of a network in the ball around a symmetric initialisation
CHAIN_VARS = {"act": activation_var(), "t": sr.integer(1), "alpha": ALPHA,
              "am": sr.positive("alpha_m = alpha + rho_w/sqrt(m) >= alpha + |W_ii - W_ii(0)| (any rho_w > 0 and m)"),
              "w0": sr.real(text="W_ii(0) = +-alpha"), "u0": sr.real(text="U_i(0) in R^d").family(),
              "dw": sr.real(text="W_ii - W_ii(0)"), "du": sr.real(text="U_i - U_i(0) in R^d").family(),
              "x": sr.real(-1, 1, text="the inputs X_s, ||X_s||_2 <= 1").family()}

sigma = sp.Function("sigma")
x0, x1, x2 = sp.symbols("x0 x1 x2")


def _inputs(t, d):
    return [[sp.Symbol(f"x_{s}{r}") for r in range(d)] for s in range(t)]   # x_{sr}: entries of the input family x


# ---- Proposition 1 and (7) -------------------------------------------------------------------------------------
prop1 = paper.claim(
    "prop1", kind="proposition", label="Proposition 1", where="Sec. 3.1",
    statement=r"""Let $\sigma\in\mathscr{C}^{2}(\mathbb{R},\mathbb{R})$. For any $\mathbf{X}\in\mathbb{R}^{d\times T}$, $i,j\in\{1,2,\ldots,m\}$ and $t>0$,
$\partial_{U_{i}}H_{t}^{(j)}([\mathbf{X}]_{t};\Theta)=\delta_{ij}\sum_{k=0}^{t-1}W_{ii}^{k}X_{t-k-1}I_{i,t-1}(\mathbf{X};\mathbf{W},\mathbf{U})\ldots I_{i,t-k-1}(\mathbf{X};\mathbf{W},\mathbf{U})$,
$\partial_{W_{ii}}H_{t}^{(j)}([\mathbf{X}]_{t};\Theta)=\delta_{ij}\sum_{k=0}^{t-1}W_{ii}^{k}H_{t-k-1}^{(i)}([\mathbf{X}]_{t-k-1};\mathbf{W},\mathbf{U})I_{i,t-1}(\mathbf{X};\mathbf{W},\mathbf{U})\ldots I_{i,t-k-1}(\mathbf{X};\mathbf{W},\mathbf{U})$,
where $\delta_{ij}$ is the Kronecker delta, and $I_{i,t}(\mathbf{X};\mathbf{W},\mathbf{U})=\sigma^{\prime}\big(W_{ii}H_{t}^{(i)}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})+U_{i}^{\top}X_{t}\big)$.""",
    uses=["eq2", "notation_grad"], printed={"k_start": sp.Integer(0)},
    variables={"sigma": sr.given("an activation sigma in C^2(R, R)"), "X": sr.given("an input X in R^{d x T}"),
               "i": sr.integer(1), "j": sr.integer(1), "t": sr.integer(1), "m": sr.integer(1),
               "w": sr.real(text="W_jj of each neuron j (W is diagonal)"),
               "u": sr.real(text="U_j in R^d of each neuron j").family(),
               "x": sr.real(text="the inputs X_s in R^d (entries x_{sr})").family()},
    conclusions=[("dU", "d H_t^{(j)} / d U_i = delta_ij sum_{k=0}^{t-1} W_ii^k X_{t-k-1} I_{i,t-1} ... I_{i,t-k-1}", "identity"),
                 ("dW", "d H_t^{(j)} / d W_ii = delta_ij sum_{k=0}^{t-1} W_ii^k H_{t-k-1}^{(i)} I_{i,t-1} ... I_{i,t-k-1}", "identity")],
)


@prop1.check(about=("dU", "dW"), layer="symbolic", method="sympy.diff against the printed sums",
             scope="t = 1..4, d = 2, undefined sigma (every activation), i = j; and i != j for m = 2, t <= 3")
def _prop1(ctx):
    w = sp.Symbol("w"); u = sp.symbols("u1 u2")
    pairs = []
    for t in range(1, 5):
        X = _inputs(t, 2)
        H = sr.symbolic.unrolled_hidden(w, u, X, t, sigma)[t]
        dw, du = sr.symbolic.gradient_sum_form(w, u, X, t, sigma, k0=int(ctx.printed["k_start"]))
        pairs += [(f"t={t}: d/dW", sp.diff(H, w), dw)] + [(f"t={t}: d/dU_{r+1}", sp.diff(H, u[r]), du[r]) for r in range(2)]
    identities_every_sigma(ctx, "Proposition 1's sums equal the derivatives of (2)", pairs, sigma)
    # i != j: H^{(2)} does not depend on (W_11, U_1)
    W = sp.symbols("W1 W2"); U = [[sp.Symbol("U1")], [sp.Symbol("U2")]]
    X = _inputs(3, 1)
    H2 = sr.symbolic.unrolled_hidden(W[1], U[1], X, 3, sigma)[3]
    ctx.identities("delta_ij: d H^{(2)} / d Theta_1 = 0", [("W_11", sp.diff(H2, W[0]), 0), ("U_1", sp.diff(H2, U[0][0]), 0)])


def _neuron_step():
    """One step of (2) at neuron j for every t: H_t^{(j)} = sigma(a), a = W_jj H_{t-1}^{(j)} + U_j^T X_{t-1}, with
    H_{t-1}^{(j)} any differentiable function H(W_jj, U_j) (network (2) is diagonal) and U_j^T X = u1_j x1 + u2_j x2
    (u2_j x2 standing for the other coordinates' terms); a0 is the first step's argument (H_0 = 0)."""
    i, j, m = sp.symbols("i j m", integer=True, positive=True)
    w, u1, u2 = sp.IndexedBase("w", real=True), sp.IndexedBase("u1", real=True), sp.IndexedBase("u2", real=True)
    x1, x2 = sp.symbols("x1 x2", real=True)
    H = sp.Function("H")(w[j], u1[j], u2[j])                        # H_{t-1}^{(j)}
    a = w[j] * H + u1[j] * x1 + u2[j] * x2
    return SimpleNamespace(i=i, j=j, m=m, w=w, u1=u1, x1=x1, H=H, a=a, a0=u1[j] * x1 + u2[j] * x2,
                           I=sr.symbolic.activation_derivative(sigma, a))      # I_{j,t-1}


@prop1.check(about=("dU", "dW"), layer="symbolic", name="every_t",
             method="ctx.index_identity (the recursions, free indices i, j) and ctx.recurrence (the sums, every t)",
             scope="every t, i, j, m and activation: (a) the derivatives satisfy (7) and its analogue in W_ii, "
                   "d_t = (W_ii d_{t-1} + delta_ij V_{t-1}) I_{j,t-1} with V = X (for U_i) or H^{(j)} (for W_ii), and "
                   "their bases at t = 1 (H_0 = 0), with H_{t-1}^{(j)} any differentiable function H(W_jj, U_j) (network "
                   "(2) is diagonal) and coordinate 1 of U standing for every coordinate (u2 x2: the others' terms); "
                   "(b) Proposition 1's sums satisfy the same recursions and bases for symbolic t, with the inputs X_s, "
                   "the hidden states H_s and the I_{j,s} any sequences; (a) and (b) give the sums for every t by "
                   "induction on t")
def _prop1_every_t(ctx):
    n = _neuron_step()
    i, j, m, w, u1, x1, H, a, a0, I = n.i, n.j, n.m, n.w, n.u1, n.x1, n.H, n.a, n.a0, n.I
    delta = sp.KroneckerDelta(i, j)
    # (a) one step of (2) and the first
    for lab, theta, v in (("U_i1", u1[i], x1), ("W_ii", w[i], H)):
        ctx.index_identity(f"d/d{lab} H_t^{{(j)}} = (W_ii d/d{lab} H_{{t-1}}^{{(j)}} + delta_ij V_{{t-1}}) I_{{j,t-1}}, "
                           "every t, i, j", sp.diff(sigma(a), theta), (w[i] * sp.diff(H, theta) + delta * v) * I,
                           free={i: m, j: m}, sizes={m: [2]})
    ctx.index_identity("d/dU_i1 H_1^{(j)} = delta_ij X_0 I_{j,0}, every i, j", sp.diff(sigma(a0), u1[i]),
                       delta * x1 * sr.symbolic.activation_derivative(sigma, a0), free={i: m, j: m}, sizes={m: [2]})
    ctx.index_identity("d/dW_ii H_1^{(j)} = delta_ij H_0 I_{j,0} = 0, every i, j", sp.diff(sigma(a0), w[i]), 0,
                       free={i: m, j: m}, sizes={m: [2]})
    # (b) the printed sums, k from k_start to t - 1, with W_ii = w and the sequences X_s, H_s, I_{j,s}
    t, k, l = sp.symbols("t k l", integer=True)
    W = sp.Symbol("w", real=True)
    I_s = sp.IndexedBase("I", real=True)
    for lab, V in (("U_i", sp.IndexedBase("X", real=True)), ("W_ii", sp.IndexedBase("H", real=True))):
        closed = delta * sp.Sum(W**k * V[t - k - 1] * sp.Product(I_s[l], (l, t - k - 1, t - 1)),
                                (k, ctx.printed["k_start"], t - 1))
        ctx.recurrence(f"Proposition 1's sum for d/d{lab} H_t^{{(j)}} is the sequence of its recursion, every t",
                       closed, lambda prev, t, V=V: (W * prev + delta * V[t - 1]) * I_s[t - 1], t, start=1,
                       base=delta * V[0] * I_s[0])


eq7 = paper.claim(
    "eq7", kind="proof-step", label="(7)", where="Sec. 3.1 (proof of Proposition 1)",
    statement=r"""$\partial_{U_{i}}H_{t}^{(j)}=(W_{ii}\partial_{U_{i}}H_{t-1}^{(j)}+\delta_{ij}X_{t-1})I_{j,t-1}$, with $\partial_{U_{i}}H_{1}^{(j)}=\delta_{ij}X_{0}I_{j,0}$.""",
    uses=["eq2"], printed={"coef": sp.Integer(1)},
    notes="The proof of Proposition 1 is not in the text version beyond this recursion; transcribed from the spec's reading.",
    # t enters the recursion only through H_{t-1}^{(j)}, a function of (W_jj, U_j) that every_t leaves undefined
    variables={"sigma": sr.given("an activation sigma in C^2(R, R)"), "i": sr.integer(1), "j": sr.integer(1),
               "t": sr.integer(1, text="the time index (the recursion: through H_{t-1}^{(j)}(W_jj, U_j) only)").through("H"),
               "w": sr.real(text="W_ii"), "u": sr.real(text="U_i").family(),
               "x": sr.real(text="the inputs X_s (entries x_{sr})").family()},
    conclusions=[("recursion", "d_{U_i} H_t^{(j)} = (W_ii d_{U_i} H_{t-1}^{(j)} + delta_ij X_{t-1}) I_{j,t-1}", "identity"),
                 ("base", "d_{U_i} H_1^{(j)} = delta_ij X_0 I_{j,0}", "identity")],
)


@eq7.check(about=("recursion", "base"), layer="symbolic", method="sympy.diff", scope="t = 1..4, d = 1, undefined sigma, i = j")
def _eq7(ctx):
    w, u = sp.symbols("w u")
    X = _inputs(4, 1)
    H = sr.symbolic.unrolled_hidden(w, [u], X, 4, sigma)
    pairs = []
    for t in range(1, 5):
        I = sr.symbolic.activation_derivative(sigma, w * H[t - 1] + u * X[t - 1][0])
        rhs = (w * sp.diff(H[t - 1], u) + ctx.printed["coef"] * X[t - 1][0]) * I
        pairs.append((f"t={t}", sp.diff(H[t], u), rhs))
    identities_every_sigma(ctx, "recursion (7)", pairs, sigma)


@eq7.check(about=("recursion", "base"), layer="symbolic", name="every_t",
           method="ctx.index_identity: free indices i, j (i = j, i != j)",
           scope="the recursion for every t, i, j and activation: H_{t-1}^{(j)} is any differentiable function H(W_jj, U_j) "
                 "(network (2) is diagonal, so H^{(j)} depends on neuron j's parameters only); the base (H_0 = 0) for every "
                 "i, j; coordinate 1 of d_{U_i} with U_j^T X = u1_j x1 + u2_j x2 (u2_j x2 standing for the other "
                 "coordinates' terms)")
def _eq7_every_t(ctx):
    n = _neuron_step()
    i, j, m, w, u1, x1, H, a, a0, I = n.i, n.j, n.m, n.w, n.u1, n.x1, n.H, n.a, n.a0, n.I
    ctx.index_identity("(7): d/dU_i1 H_t^{(j)} = (W_ii d/dU_i1 H_{t-1}^{(j)} + delta_ij x_1) I_{j,t-1} for every t, i, j",
                       sp.diff(sigma(a), u1[i]),
                       (w[i] * sp.diff(H, u1[i]) + ctx.printed["coef"] * sp.KroneckerDelta(i, j) * x1) * I,
                       free={i: m, j: m}, sizes={m: [2]})
    ctx.index_identity("(7), base: d/dU_i1 H_1^{(j)} = delta_ij x_1 I_{j,0} for every i, j", sp.diff(sigma(a0), u1[i]),
                       ctx.printed["coef"] * sp.KroneckerDelta(i, j) * x1 * sr.symbolic.activation_derivative(sigma, a0),
                       free={i: m, j: m}, sizes={m: [2]})


rem2 = paper.claim(
    "rem2", kind="remark", label="Remark 2", where="Sec. 3.1",
    statement=r"""For ReLU activation, the expressions in Prop. 1 with $I_{i,t}:=\mathbb{1}\{W_{ii}H_{t}^{(i)}+U_{i}^{\top}X_{t}\geq 0\}$
will not be subgradient for ReLU RNNs in general.""",
    uses=["prop1"], printed={"t": sp.Integer(2)},
    variables={},          # an existence statement: the witness network is exhibited
    conclusions=[("not_subgradient", "there are a ReLU RNN and parameters at which Prop. 1's expression is no "
                                     "subgradient", "existence")],
    notes="Transcribed from the spec (the text extraction of Remark 2 is garbled).",
)


@rem2.check(layer="symbolic", about="not_subgradient", method="exact rational witness",
            scope="an explicit (Theta, Theta') at which the Prop.-1 quantity violates the subgradient inequality")
def _rem2(ctx):
    relu = lambda z: sp.Max(z, 0)  # noqa: E731
    t = int(ctx.printed["t"])
    X = [[sp.Integer(1)], [sp.Integer(0)], [sp.Integer(0)]][:t]

    def H(w, u):
        return sr.symbolic.unrolled_hidden(w, [u], X, t, relu)[t]

    def g(w, u):
        Hs = sr.symbolic.unrolled_hidden(w, [u], X, t, relu)
        I = [sp.Integer(1) if w * Hs[s] + u * X[s][0] >= 0 else sp.Integer(0) for s in range(t)]
        gw = sum(w ** k * Hs[t - k - 1] * sp.Mul(*[I[t - s - 1] for s in range(k + 1)]) for k in range(t))
        gu = sum(w ** k * X[t - k - 1][0] * sp.Mul(*[I[t - s - 1] for s in range(k + 1)]) for k in range(t))
        return gw, gu

    th, thp = (sp.Integer(1), sp.Integer(1)), (sp.Integer(2), sp.Integer(0))
    gw, gu = g(*th)
    lhs, rhs = H(*thp), H(*th) + gw * (thp[0] - th[0]) + gu * (thp[1] - th[1])
    ctx.step(f"t={t}, X = (1, 0): f(Theta') = {lhs}, f(Theta) + g^T(Theta' - Theta) = {rhs}")
    ctx.sign(f"f(Theta') < f(Theta) + g^T (Theta' - Theta) at Theta = (w, u) = (1, 1), Theta' = (2, 0) ({lhs} < {rhs}): "
             "g is not a subgradient", rhs - lhs, "positive")


# ---- Proposition 2 (NTK) ---------------------------------------------------------------------------------------
PROP2 = r"""For $\mathbf{X},\mathbf{X}'$, a symmetric random initialization and any $t\in\{1,2,\ldots,T\}$, almost surely
$\lim_{m\rightarrow\infty}\sum_{i=1}^{m}\left\langle\partial_{\Theta_{i}}F_{t}([\mathbf{X}]_{t};\Theta(0)),\partial_{\Theta_{i}}F_{t}([\mathbf{X}^{\prime}]_{t};\Theta(0))\right\rangle=\kappa_{t}(\mathbf{X},\mathbf{X}^{\prime})$,
$\kappa_{t}(\mathbf{X},\mathbf{X}^{\prime})=\mathbb{E}\Big[\sum_{k,\ell=%s}^{t-1}w_{0}^{k+\ell}\Big(X_{t-k-1}^{\top}{X}^{\prime}_{t-\ell-1}+h_{t-k-1}^{0}(\mathbf{X})h^{0}_{t-\ell-1}(\mathbf{X}^{\prime})\Big)\prod_{s=0}^{k}I_{t-s-1}^{0}(\mathbf{X})\prod_{s=0}^{\ell}I_{t-s-1}^{0}(\mathbf{X}^{\prime})\Big]$,
where the expectation is over $w_{0}\sim\mathsf{Rad}_{\alpha}$, $u_{0}\sim\mathcal{N}(0,I_{d})$, $I_{t}^{0}(\mathbf{X})=\sigma^{\prime}(w_{0}h_{t}^{0}(\mathbf{X})+u_{0}^{\top}X_{t})$,
$h_{t}^{0}(\mathbf{X})=\sigma(w_{0}h_{t-1}^{0}(\mathbf{X})+u_{0}^{\top}X_{t-1})$, $h_{0}^{0}(\mathbf{X})=0$."""

prop2 = paper.claim(
    "prop2", kind="proposition", label="Proposition 2", where="Sec. 3.1",
    statement=PROP2 % "1", assumptions=[r"$\sigma$ satisfies (4)", r"$t\in\{1,\ldots,T\}$"],
    uses=["prop1", "def1"], printed={"k_start": sp.Integer(1)},
    notes="As printed the double sum starts at k, l = 1 (Proposition 1's sums start at k = 0).",
    variables={"act": activation_var(), "t": sr.integer(1, text="t in {1, ..., T}"),
               "x": sr.real(text="the inputs X, X' in R^{d x T} (entries)").family()},
    conclusions=[("limit", "almost surely lim_{m -> oo} sum_i <d_{Theta_i} F_t(X; Theta(0)), d_{Theta_i} F_t(X'; Theta(0))> = "
                           "kappa_t(X, X') with kappa_t as printed", "limit")],
)


def _kernel_integrand(w0, u0, X, Xp, t, sig, k0):
    """The integrand of kappa_t (d = 1) as printed with the double sum from k0."""
    h = sr.symbolic.unrolled_hidden(w0, [u0], X, t, sig)
    hp = sr.symbolic.unrolled_hidden(w0, [u0], Xp, t, sig)
    I = lambda hh, XX, s: sr.symbolic.activation_derivative(sig, w0 * hh[s] + u0 * XX[s][0])  # noqa: E731
    tot = sp.Integer(0)
    for k in range(k0, t):
        for l in range(k0, t):
            P = sp.Mul(*[I(h, X, t - s - 1) for s in range(k + 1)]) * sp.Mul(*[I(hp, Xp, t - s - 1) for s in range(l + 1)])
            tot += w0 ** (k + l) * (X[t - k - 1][0] * Xp[t - l - 1][0] + h[t - k - 1] * hp[t - l - 1]) * P
    return tot


def _finite_width_sum(t, sig):
    """sum_i <d F_t(X), d F_t(X')> at a symmetric initialisation with m = 2 (one mirrored pair), d = 1."""
    w, u, c = sp.symbols("w u c")
    X, Xp = _inputs(t, 1), [[sp.Symbol(f"y{s}")] for s in range(t)]
    dw, du = sr.symbolic.gradient_sum_form(w, [u], X, t, sig)
    dwp, dup = sr.symbolic.gradient_sum_form(w, [u], Xp, t, sig)
    # neurons (c, w, u) and (-c, w, u): each contributes (c^2/m)(dw dw' + du du'), m = 2
    return 2 * (c ** 2 / 2) * (dw * dwp + du[0] * dup[0]), (w, u, c, X, Xp)


def _prop2_replay(params, dps, printed):
    """t = 1, d = 1, the activation `act` (tanh in the witness), X_0 = X'_0 = x: the limit is E[sigma'(u x)^2] x^2 > 0
    (mpmath quadrature over u ~ N(0,1)); the printed kappa_1 has the double sum over k, l = k_start..0, empty when
    k_start >= 1."""
    ctx = mpmath.MPContext(); ctx.dps = dps
    x = ctx.mpf(sp.Rational(params["x"]).p) / sp.Rational(params["x"]).q
    t = int(params["t"])
    if t != 1:
        raise sr.InvalidArgument("this replay evaluates t = 1 (the printed double sum is then empty)")
    d1 = act_of(params).mp(1, ctx)                        # sigma' of the activation given, not tanh's
    limit = ctx.quad(lambda u: d1(u * x) ** 2 * x ** 2 * ctx.npdf(u), [-ctx.inf, 0, ctx.inf])
    printed_kappa = limit if int(printed["k_start"]) <= 0 else ctx.mpf(0)
    return {"violated": abs(limit - printed_kappa) > ctx.mpf(10) ** (-dps // 2),
            "values": {"limit": ctx.nstr(limit, 15), "printed kappa_1": ctx.nstr(printed_kappa, 15)}}


def _prop2_recheck(params, dps, printed):
    """Independent: an Arb-certified lower bound of the limit, E[sech(u x)^4] x^2 >= sech(x)^4 P(|u| <= 1) x^2 (|x| <= 1)."""
    fl = sr.numeric.flint_module()
    x = sp.Rational(params["x"])
    with sr.numeric.arb_precision(4 * dps):
        xa = fl.arb(x.p) / x.q
        p1 = (fl.arb(1) / fl.arb(2).sqrt()).erf()
        lower = (1 / xa.cosh()) ** 4 * p1 * xa ** 2
        positive = bool(lower > 0)
    printed_zero = int(printed["k_start"]) >= 1
    return {"violated": positive and printed_zero and abs(x) <= 1,
            "values": {"certified lower bound of the limit": lower.str(10), "printed kappa_1 is 0": printed_zero}}


@prop2.hypothesis("activation", r"$\sigma$ satisfies (4) (tanh)")
def _p2_act(p):
    return p.get("act", "tanh") == "tanh", "tanh: (1, 1, 4/(3 sqrt 3))"


@prop2.hypothesis("input", r"$\|X_t\|_2\le1$, $t\in\{1,\ldots,T\}$")
def _p2_in(p):
    return bool(abs(sp.Rational(p["x"])) <= 1 and int(p["t"]) >= 1), f"x={p['x']}, t={p['t']}"


@prop2.check(about="limit", layer="symbolic", name="finite_width", method="SymPy: Proposition 1 at a mirrored pair vs the printed integrand",
             scope="t = 1, 2, d = 1, undefined sigma: the finite-m sum equals (1/m) sum_i of the integrand (every k, l >= 0) "
                   "and differs from the printed one (k, l >= k_start)",
             replay=_prop2_replay, recheck=_prop2_recheck,
             evaluators=("mpmath quadrature over u ~ N(0,1)", "Arb-certified lower bound"))
def _prop2_sym(ctx):
    k0 = int(ctx.printed["k_start"])
    for t in (1, 2):
        S, (w, u, c, X, Xp) = _finite_width_sum(t, sigma)
        full = _kernel_integrand(w, [u][0], X, Xp, t, sigma, 0)
        ctx.identity(f"t={t}: finite-width sum = c^2 x integrand with k, l from 0", S.subs(c, 1), full)
    S, (w, u, c, X, Xp) = _finite_width_sum(1, sigma)
    printed_int = _kernel_integrand(w, u, X, Xp, 1, sigma, k0)
    ctx.step("t = 1: the printed integrand", printed_int)
    params = {"act": "tanh", "t": "1", "x": "1"}
    out = _prop2_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("t = 1: the limit of the finite-width sum is not the printed kappa_1", params,
                   certificate=f"limit = E[sech^4(u)] = {out['values']['limit']} > 0 while the printed "
                               f"double sum over k, l = {k0}..0 is empty: kappa_1 = 0")
    else:
        ctx.inconclusive("t = 1", str(out["values"]))


prop2_k0 = paper.correction(
    "prop2_k0", corrected_from="prop2", label="Proposition 2 with k, l from 0",
    statement=PROP2 % "0", uses=["prop2", "prop1", "def1"], printed={"k_start": sp.Integer(0)},
    variables={"sigma": activation_var(), "t": sr.integer(1, text="t in {1, ..., T}"),
               "x": sr.real(text="the input X (entries)").family(), "y": sr.real(text="the input X' (entries)").family(),
               "w": sr.real(text="w_0 = W_ii(0)"), "u": sr.real(text="u_0 = U_i(0)").family(), "c": sr.real(text="the readout c_i")},
    conclusions=[("limit", "almost surely lim_{m -> oo} sum_i <dF_t(X), dF_t(X')> = kappa_t(X, X') (k, l from 0)", "limit")],
)


@prop2_k0.check(about="limit", layer="symbolic", method="SymPy identity at a mirrored pair + the strong law of large numbers",
                scope="t = 1, 2, 3, d = 1, undefined sigma: sum_i <dF, dF'> = (2/m) sum_{i<=m/2} G(w_i, u_i) with G the "
                      "corrected integrand (c_i^2 = 1), an average of m/2 iid bounded terms (SLLN gives the a.s. limit)")
def _prop2_k0(ctx):
    pairs = []
    for t in (1, 2, 3):
        S, (w, u, c, X, Xp) = _finite_width_sum(t, sigma)
        pairs.append((f"t={t}", S.subs(c, 1), _kernel_integrand(w, u, X, Xp, t, sigma, int(ctx.printed["k_start"]))))
    identities_every_sigma(ctx, "finite-width sum = the integrand (c_i^2 = 1)", pairs, sigma)


mercer = paper.claim(
    "mercer", kind="remark", label="Sec. 3.1 (Mercer kernel)", where="Sec. 3.1",
    statement=r"""It is easy to verify that the neural tangent kernel $\kappa_{t}$ is a Mercer kernel for every $t\in\mathbb{N}$, therefore it has an
associated reproducing kernel Hilbert space (RKHS) $\mathscr{H}_{\kappa_{t}}$.""",
    uses=["prop2"], printed={"tol": sp.Rational(1, 10 ** 10)},
    variables={"t": sr.integer(1, text="every t in N"), "act": activation_var()},
    conclusions=[("mercer", "kappa_t is a Mercer kernel (symmetric, positive semidefinite), hence has an RKHS H_kappa_t", "property")],
)


@mercer.check(about="mercer", layer="property", method="Gram matrices of a Monte Carlo kappa_t (an average of feature outer products)",
              scope="tanh, d = 2, t = 1..4, 12 random inputs in the unit ball: symmetric with lambda_min >= -tol tr")
def _mercer(ctx):
    import numpy as np
    rng = np.random.default_rng(ctx.seed)
    bad, cases = 0, 0
    for t in range(1, 5):
        X = rng.uniform(-1, 1, (12, t, 2)) / np.sqrt(2)
        N = 4000
        w0 = rng.choice([-0.5, 0.5], N)
        u0 = rng.standard_normal((N, 2))
        # features phi(X) = (dH/dw, dH/du) at (w0, u0); kappa_t = E[phi(X) . phi(X')] (the corrected sum from k = 0)
        feats = []
        for j in range(12):
            h = np.zeros(N); hw = np.zeros(N); hu = np.zeros((N, 2))
            for s in range(t):
                a = w0 * h + u0 @ X[j, s]
                s1 = 1 - np.tanh(a) ** 2
                hw = s1 * (h + w0 * hw)
                hu = s1[:, None] * (w0[:, None] * hu + X[j, s][None, :])
                h = np.tanh(a)
            feats.append(np.concatenate([hw[:, None], hu], 1))
        Phi = np.stack(feats)  # (12, N, 3)
        K = np.einsum("anr,bnr->ab", Phi, Phi) / N
        lam = np.linalg.eigvalsh((K + K.T) / 2).min()
        cases += 1
        bad += not (np.allclose(K, K.T) and lam >= -float(ctx.printed["tol"]) * np.trace(K))
    if bad:
        return ctx.inconclusive("Gram matrices", f"{bad} of {cases} not PSD")
    ctx.no_violation("Gram matrices symmetric and PSD", points=cases, detail="Monte Carlo with 4000 neurons per Gram matrix")


paper.claim("eq8", kind="definition", label="(8)", where="Sec. 3.2",
            statement=r"""$\tilde{F}_{t}([\mathbf{X}]_{t},v_{w},v_{u})=\mathbb{E}\Big[\sum_{k=0}^{t-1}w_{0}^{k}\big(v_{u}^{\top}(u_{0})X_{t-k-1}+v_{w}(w_{0})h_{t-k-1}^{0}\big)\prod_{s=0}^{k}I_{t-s-1}^{0}\Big]$,
for transportation mappings with $\mathbb{E}[|v_{w}(w_{0})|^{2}]=\frac{1}{2}\Big(|v_{w}(\alpha)|^{2}+|v_{w}(-\alpha)|^{2}\Big)<\infty$, $\mathbb{E}[\|v_{u}(u_{0})\|_{2}^{2}]<\infty$.""",
            uses=["prop2"])

RKHS_COMPLETION = r"""It can be easily shown that the completion of the function class $\{[\mathbf{X}]_{t}\mapsto\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u}):\mathbb{E}|v_{w}(w_{0})|^{2}<\infty,\mathbb{E}\|v_{u}(u_{0})\|_{2}^{2}<\infty\}$
is exactly the RKHS associated with the NTK $\mathscr{H}_{\kappa_{t}}$ (Rahimi and Recht, 2008, Ji et al., 2019) for any $t\in\{1,2,\ldots,T\}$.%s"""

rkhs = paper.claim(
    "rkhs", kind="remark", label="Sec. 3.2 (RKHS of transport maps)", where="Sec. 3.2",
    statement=RKHS_COMPLETION % "", assumptions=[r"$\sigma$ satisfies (4)", r"$t\in\{1,\ldots,T\}$", r"$\kappa_t$ of Proposition 2 (as printed)"],
    uses=["eq8", "prop2"], printed={"k_start": sp.Integer(1)},
    notes="kappa_t as printed sums over k, l >= 1 (prop2); for t = 1 the double sum is empty, kappa_1 = 0 and H_kappa_1 = {0}.",
    variables={"act": activation_var(), "t": sr.integer(1, text="t in {1, ..., T}"),
               "v": sr.given("transport maps (v_w, v_u) with E|v_w(w_0)|^2 < oo, E||v_u(u_0)||^2 < oo")},
    conclusions=[("completion", "the completion of {X -> F~_t(X; v_w, v_u)} is exactly H_kappa_t", "property")],
)


def _rkhs_replay(params, dps, printed):
    """t = 1, d = 1, the activation `act` (tanh in the witness), v_u = 1, v_w = 0 (E|v|^2 = 1): F~_1(x) = x E[sigma'(u x)]
    (mpmath quadrature), nonzero, while the printed kappa_1 (double sum over k, l = k_start..0) vanishes when
    k_start >= 1, so H_kappa_1 = {0} cannot contain it."""
    c = mpmath.MPContext(); c.dps = dps
    x = sr.numeric.to_mpf(c, params["x"])
    if int(params["t"]) != 1:
        raise sr.InvalidArgument("this replay evaluates t = 1")
    d1 = act_of(params).mp(1, c)                          # sigma' of the activation given, not tanh's
    F = x * c.quad(lambda u: d1(u * x) * c.npdf(u), [-c.inf, 0, c.inf])
    kappa_zero = int(printed["k_start"]) >= 1
    return {"violated": bool(kappa_zero and abs(F) > c.mpf(10) ** (-dps // 2)),
            "values": {"F~_1(x)": c.nstr(F, 15), "printed kappa_1 is 0": kappa_zero}}


def _rkhs_recheck(params, dps, printed):
    """Independent: an Arb-certified lower bound F~_1(x) >= x sech^2(x) P(|u| <= 1) > 0 for 0 < x <= 1."""
    fl = sr.numeric.flint_module()
    x = sp.Rational(params["x"])
    with sr.numeric.arb_precision(4 * dps):
        xa = fl.arb(x.p) / x.q
        lower = xa * (1 / xa.cosh()) ** 2 * (fl.arb(1) / fl.arb(2).sqrt()).erf()
        return {"violated": bool(lower > 0) and int(printed["k_start"]) >= 1 and 0 < x <= 1,
                "values": {"certified lower bound of F~_1(x)": lower.str(10)}}


@rkhs.hypothesis("transport", r"$\mathbb E|v_w(w_0)|^2<\infty$, $\mathbb E\|v_u(u_0)\|_2^2<\infty$ ($v_u\equiv1$, $v_w\equiv0$); "
                 r"$\sigma=\tanh$ satisfies (4); $t=1\le T$; $0<x\le1$")
def _rkhs_h(p):
    ok = p.get("act", "tanh") == "tanh" and int(p["t"]) == 1 and 0 < sp.Rational(p["x"]) <= 1
    return bool(ok), "v_u = 1, v_w = 0: E|v|^2 = 1 < oo"


@rkhs.check(layer="numeric", full=True, name="t_equals_1", method="exact evaluation at t = 1", replay=_rkhs_replay,
            recheck=_rkhs_recheck, evaluators=("mpmath quadrature", "Arb-certified lower bound"),
            scope="t = 1: a member of the function class that is not in H_kappa_1 = {0} (kappa_1 as printed)")
def _rkhs_check(ctx):
    params = {"act": "tanh", "t": "1", "x": "1"}
    out = _rkhs_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        # x is the input at which the certificate evaluates F~_1 (not a variable of the statement)
        return ctx.refute("the class is not contained in H_kappa_1 (kappa_1 as printed is 0)", params, irrelevant=("x",),
                          certificate=f"F~_1(1) = E[sech^2(u)] = {out['values']['F~_1(x)']} != 0 for v_u = 1, v_w = 0, while "
                                      "the printed double sum over k, l >= 1 is empty at t = 1: kappa_1 = 0, H_kappa_1 = {0}")
    ctx.inconclusive("t = 1", str(out["values"]))


def _interpolant_norms(ctx, which):
    """For transport pairs v and growing input sets, the RKHS norm of the interpolant f^T K^+ f of f = F~(v) against
    E|v|^2 (inclusion with the norm bound), and against the minimal-norm representation (what the inner product formula
    computes only for that representation)."""
    import numpy as np
    rng = np.random.default_rng(ctx.seed)
    act = ACT["tanh"]
    nodes = 40 if ctx.quick else 80
    pairs = {"v_u = tanh(u), v_w = sign(w)/2": (lambda w: 0.5 * np.sign(w), lambda u: np.tanh(u)),
             "v_u = cos(u), v_w = 1": (lambda w: np.ones_like(w), lambda u: np.cos(u))}
    rows, worst, count = [], -np.inf, 0
    for t in ((1, 2) if ctx.quick else (1, 2, 3)):
        Xall = rng.uniform(-1, 1, (24, t, 1))
        Phi, W0, U0, wts = feature_quadrature(act, Xall, 0.5, nodes)
        for name, (vw, vu) in pairs.items():
            V = np.stack([vw(W0), vu(U0)], -1)                          # (Q, 2)
            vnorm = float((wts * (V ** 2).sum(-1)).sum())
            for N in (4, 8, 16, 24):
                P = Phi[:N]
                K = np.einsum("aqr,bqr,q->ab", P, P, wts)
                f = np.einsum("aqr,qr,q->a", P, V, wts)
                interp = float(f @ np.linalg.pinv(K, rcond=1e-12, hermitian=True) @ f)
                count += 1
                worst = max(worst, interp - vnorm * (1 + 1e-9))
                rows.append((t, name, N, f"{interp:.6f}", f"{vnorm:.6f}"))
    ctx.table(f"interpolant norm f^T K^+ f against E|v|^2 (tanh, d = 1, alpha = 1/2, Gauss-Hermite with {nodes} nodes; "
              "K with k, l from 0)", ("t", "transport", "inputs", "f^T K^+ f", "E|v|^2"), rows)
    return worst, count


rkhs_k0 = paper.correction(
    "rkhs_k0", corrected_from="rkhs", label="RKHS of transport maps with kappa_t summed from k, l = 0",
    statement=RKHS_COMPLETION % r" [with $\kappa_t$ of Proposition 2 summed over $k,\ell\ge0$ (prop2\_k0), the kernel of the features $\partial_{\Theta_i}H_t$.]",
    uses=["rkhs", "prop2_k0", "eq8"], printed={"k_start": sp.Integer(0)},
    notes="The random-feature theorem (Aronszajn): for kappa(x, x') = E[phi(x; theta) . phi(x'; theta)], H_kappa = {x -> E[v(theta) . "
          "phi(x; theta)] : v in L^2} with ||f|| = min ||v||_{L^2}; the class is already complete (a quotient of L^2). The check "
          "tests the inclusion with the norm bound on instances.",
    variables={"act": activation_var(), "t": sr.integer(1, text="t in {1, ..., T}"),
               "v": sr.given("transport maps (v_w, v_u) with E|v_w(w_0)|^2 < oo, E||v_u(u_0)||^2 < oo")},
    conclusions=[("completion", "the completion of {X -> F~_t(X; v_w, v_u)} is exactly H_kappa_t (kappa_t from k, l = 0)",
                  "property")],
)


@rkhs_k0.hypothesis("transport", r"$\mathbb E|v_w(w_0)|^2<\infty$, $\mathbb E\|v_u(u_0)\|_2^2<\infty$ ($v_u\equiv1$, $v_w\equiv0$); "
                    r"$\sigma=\tanh$ satisfies (4); $t=1\le T$; $0<x\le1$")
def _rkhs_k0_h(p):
    return _rkhs_h(p)


@rkhs_k0.check(about="completion", layer="numeric", method="the t = 1 kernel from printed k_start (mpmath quadrature, Arb lower bound); interpolant RKHS "
                                      "norms on growing input sets (numpy, Gauss-Hermite measure)",
               replay=_rkhs_replay, recheck=_rkhs_recheck, evaluators=("mpmath quadrature", "Arb-certified lower bound"),
               scope="t = 1: kappa_1 summed from the printed k_start is not identically 0 (else the class is not in H_kappa_1); "
                     "tanh, d = 1, t = 1, 2 (quick) / 1, 2, 3, two transport pairs, up to 24 inputs: f = F~(v) lies in the RKHS of "
                     "the feature kernel (k, l from 0) with f^T K^+ f <= E|v|^2")
def _rkhs_k0(ctx):
    params = {"act": "tanh", "t": "1", "x": "1"}
    out = _rkhs_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        return ctx.refute("the class is not contained in H_kappa_1 (kappa_1 summed from k_start is 0)", params, irrelevant=("x",),
                          certificate=f"F~_1(1) = {out['values']['F~_1(x)']} != 0 for v_u = 1, v_w = 0, while the double sum over "
                                      f"k, l >= {ctx.printed['k_start']} is empty at t = 1")
    worst, count = _interpolant_norms(ctx, "k0")
    if worst > 0:
        return ctx.inconclusive("interpolant norm", f"exceeds E|v|^2 by {worst:.3e} (quadrature or rounding; not decided)")
    ctx.no_violation("f^T K^+ f <= E|v|^2", points=count, detail=f"largest excess {worst:.3e} (relative tolerance 1e-9)")


RKHS_INNER = r"""For any $t\in\{1,2,\ldots,T\}$, the inner product of two functions in $\mathscr{H}_{\kappa_{t}}$ associated with the transportation mappings $(v_{w},v_{u})$ and $(v_{w}^{\prime},v_{u}^{\prime})$ is
$\left\langle\tilde{F}_{t}(\cdot,v_{w},v_{u}),\tilde{F}_{t}(\cdot,v^{\prime}_{w},v^{\prime}_{u})\right\rangle_{\mathscr{H}_{\kappa_{t}}}=\mathbb{E}\Big[v_{u}^{\top}(u_{0})v_{u}^{\prime}(u_{0})+v_{w}(w_{0})v_{w}^{\prime}(w_{0})\Big]$.
As such, the RKHS norm of any $f\in\mathscr{H}_{\kappa_{t}}$ is $\|f\|_{\mathscr{H}_{\kappa_{t}}}=\sqrt{\mathbb{E}\|v_{u}(u_{0})\|^{2}+\mathbb{E}|v_{w}(w_{0})|^{2}}$."""

rkhs_inner_inf = None   # declared below (the intended reading)


def _inner_replay(params, dps, printed):
    """t = 1: (8) has h^0_0 = 0, so v_w does not enter F~_1 (SymPy: the t = 1 integrand's derivative in v_w is 0); with
    v_u = 0, v_w = const the function is 0 while the printed norm is |v_w| > 0."""
    vw, vu, w0, u0, x = sp.symbols("v_w v_u w0 u0 x")
    t = int(params["t"])
    if t != 1:
        raise sr.InvalidArgument("this replay evaluates t = 1")
    H = sr.symbolic.unrolled_hidden(w0, [u0], [[x]], 1, sigma)
    dw, du = sp.diff(H[1], w0), sp.diff(H[1], u0)
    integrand = vw * dw + vu * du                      # the integrand of (8) at t = 1 (k = 0 only)
    cw = sp.Rational(params["v_w"])
    F = integrand.subs({vw: cw, vu: sp.Rational(params["v_u"])})
    norm2 = sp.Rational(params["v_u"]) ** 2 + cw ** 2   # E[v_u^2] + E[v_w^2] for constant maps, as printed
    return {"violated": bool(sp.simplify(F) == 0 and norm2 > 0),
            "values": {"F~_1 integrand": sp.simplify(F), "printed ||F~_1||^2": norm2}}


def _inner_recheck(params, dps, printed):
    """Independent: mpmath forward-mode derivatives of the neuron (tanh) at t = 1 on a grid of (w0, u0, x): the v_w-component
    dH_1/dw vanishes identically, so F~_1 = 0 for v_u = 0 while the printed norm is |v_w|."""
    c = mpmath.MPContext(); c.dps = dps
    worst = c.mpf(0)
    for w0 in ("1/2", "-1/2"):
        for u0 in ("-2", "1/3", "3"):
            for x in ("-1", "1/2", "1"):
                _, g, _ = sr.numeric.neuron_derivatives(ACT["tanh"], w0, [u0], [[x]], 1, c)
                worst = max(worst, abs(g[0]))
    vw_ = sr.numeric.to_mpf(c, params["v_w"])
    return {"violated": worst == 0 and abs(vw_) > 0 and sp.Rational(params["v_u"]) == 0,
            "values": {"max |dH_1/dw| on the grid (mpmath)": c.nstr(worst, 5)}}


rkhs_inner = paper.claim(
    "rkhs_inner", kind="remark", label="Sec. 3.2 (inner product and norm)", where="Sec. 3.2",
    statement=RKHS_INNER, assumptions=[r"$t\in\{1,\ldots,T\}$", r"$\mathbb E|v|^2<\infty$"],
    uses=["eq8", "mercer"], printed={"t": sp.Integer(1)},
    severity="reading", intended="rkhs_inner_inf",
    severity_reason="a transport pair is not determined by its function (v_w does not enter F~_1; odd v_u cancel against even "
                    "sigma'); the standard random-feature RKHS norm is the infimum of sqrt(E|v|^2) over the pairs representing f, and "
                    "the paper only uses the bound ||F~_t|| <= sqrt(E|v|^2) (rkhs_normbound)",
    variables={"t": sr.integer(1, text="t in {1, ..., T}"), "v_w": sr.given("a transport map v_w with E|v_w|^2 < oo"),
               "v_u": sr.given("a transport map v_u with E||v_u||^2 < oo")},
    conclusions=[("inner", "<F~_t(.; v), F~_t(.; v')>_H = E[v_u^T v_u'] + E[v_w v_w'], so ||F~_t||_H = sqrt(E|v_w|^2 + E||v_u||^2)",
                  "identity")],
)


@rkhs_inner.hypothesis("transport", r"$\mathbb E|v_w|^2<\infty$, $\mathbb E\|v_u\|^2<\infty$ (constant maps), $t=1$")
def _inner_h(p):
    return int(p["t"]) == 1, f"v_w = {p['v_w']}, v_u = {p['v_u']} (constants: finite second moments)"


@rkhs_inner.check(layer="symbolic", full=True, name="zero_function", method="SymPy: the integrand of (8) at t = 1",
                  replay=_inner_replay, recheck=_inner_recheck, evaluators=("SymPy differentiation of (2)", "mpmath forward mode"),
                  scope="t = 1, any sigma: the pair (v_w, v_u) = (1, 0) represents the zero function, whose norm is 0, not 1")
def _inner(ctx):
    params = {"t": "1", "v_w": "1", "v_u": "0"}
    out = _inner_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        return ctx.refute("the printed norm formula gives 1 for the zero function", params,
                          certificate="at t = 1 the integrand of (8) is v_u(u0) X_0 sigma'(u0^T X_0) (h^0_0 = 0: v_w drops out), so "
                                      "(v_w, v_u) = (1, 0) gives F~_1 = 0 while sqrt(E|v_u|^2 + E|v_w|^2) = 1")
    ctx.inconclusive("norm formula", str(out["values"]))


rkhs_inner_inf = paper.claim(
    "rkhs_inner_inf", kind="remark", label="Sec. 3.2 (norm as an infimum; intended reading)", where="Sec. 3.2",
    statement=r"""$\|f\|_{\mathscr{H}_{\kappa_{t}}}=\inf\Big\{\sqrt{\mathbb{E}\|v_{u}(u_{0})\|^{2}+\mathbb{E}|v_{w}(w_{0})|^{2}}:\tilde F_t(\cdot;v_w,v_u)=f\Big\}$; in particular
$\|\tilde{F}_{t}(\cdot;v_w,v_u)\|_{\mathscr{H}_{\kappa_{t}}}\le\sqrt{\mathbb{E}\|v_{u}(u_{0})\|^{2}+\mathbb{E}|v_{w}(w_{0})|^{2}}$, with equality for the minimal-norm pair
($\kappa_t$ summed from $k,\ell=0$).""",
    uses=["rkhs_inner", "rkhs_k0"],
    notes="Not printed: the reading the paper uses (only the upper bound enters, via rkhs_normbound).",
    variables={"t": sr.integer(1, text="t in {1, ..., T}"), "v_w": sr.given("a transport map v_w with E|v_w|^2 < oo"),
               "v_u": sr.given("a transport map v_u with E||v_u||^2 < oo")},
    conclusions=[("infimum", "||f||_H is the infimum of sqrt(E||v_u||^2 + E|v_w|^2) over the pairs with F~_t(.; v) = f", "identity"),
                 ("bound", "||F~_t(.; v_w, v_u)||_H <= sqrt(E||v_u||^2 + E|v_w|^2), with equality for the minimal-norm pair",
                  "inequality")],
)


@rkhs_inner_inf.check(about=("infimum", "bound"), layer="numeric", method="interpolant RKHS norms and the minimal-norm representation (numpy)",
                      scope="as rkhs_k0: tanh, d = 1, two transport pairs: f^T K^+ f <= E|v|^2 on growing input sets")
def _inner_inf(ctx):
    worst, count = _interpolant_norms(ctx, "inf")
    if worst > 0:
        return ctx.inconclusive("interpolant norm", f"exceeds E|v|^2 by {worst:.3e}")
    ctx.no_violation("the norm of the interpolant never exceeds E|v|^2 (the infimum reading)", points=count,
                     detail=f"largest excess {worst:.3e}")


universal = paper.claim(
    "rkhs_universal", kind="remark", label="Sec. 3.2 (universality)", where="Sec. 3.2",
    statement=r"""Furthermore, since the kernel $\kappa_{t}$ is universal, the associated RKHS $\mathscr{H}_{\kappa_{t}}$ is dense in the space of
continuous functions on a compact set (Ji et al., 2019).""",
    assumptions=[r"$\sigma$ satisfies (4)", r"$K$ compact (the printed 'a compact set'; the data support $\{\max_t\|X_t\|_2\le1\}$ is one)"],
    uses=["prop2_k0", "eq8"], printed={"sigma_at_0": sp.Integer(0)},
    variables={"act": sr.given("an activation with (4) (the witnesses: tanh, named in Sec. 2.2)"),
               "t": sr.integer(1, text="the time index of kappa_t"),
               "lo": sr.real(0, 1, text="the compact set K = {X in R^{1 x t}: lo <= max_s |X_s| <= 1} (lo = 0: the data support, d = 1)"),
               "x": sr.real(-1, 1, text="a point X = (x_0, ..., x_{t-1}) of K").family()},
    conclusions=[("dense", "H_kappa_t is dense in C(K) (sup norm) for a compact K", "property")],
    severity="false statement",
    severity_reason="tanh is one of the activations the paper names (Sec. 2.2) and the model has no bias: tanh is odd, so every "
                    "feature and every function of H_kappa_t is odd (F(-X) = -F(X), proved for every t) and the constant 1 is at "
                    "sup-distance >= 1 from H_kappa_t on every symmetric compact set (K = -K), with or without 0: the data support, "
                    "and 1/2 <= max_s |X_s| <= 1; a correction would change the model (a bias, or an activation that is not odd)",
    notes="printed= holds tanh(0) = 0, the fact both witnesses rest on (oddness of tanh; at X = 0 every function vanishes).",
)


def _univ_sigma(params, printed):
    """sigma of the witness as a SymPy Lambda: for tanh, tanh(z) + the printed value of tanh(0) (0: the fact the witness
    rests on, so that a perturbation of it reaches the replay); any other activation as it is (its own sigma(0))."""
    z_ = sp.Symbol("z")
    act = act_of(params)
    if act.name == "tanh":
        return sp.Lambda(z_, sp.tanh(z_) + printed["sigma_at_0"])
    return act.sympy_fn()


def _univ_replay(params, dps, printed):
    """At X = 0 (all X_t = 0) with the activation `act` (tanh in the witness): for tanh, h^0_t = tanh(w_0 h^0_{t-1}) = 0
    for every t (tanh(0) = printed sigma_at_0 = 0), so every feature (and every F~_t) vanishes at X = 0 and
    kappa_t(0, 0) = 0 (SymPy, exact); an activation with sigma(0) != 0 gives a nonzero kappa_t(0, 0)."""
    t = int(params["t"])
    w0, u0 = sp.symbols("w0 u0")
    X = [[sp.Integer(0)] for _ in range(t)]
    sig = _univ_sigma(params, printed)
    kap = _kernel_integrand(w0, u0, X, X, t, sig, 0)
    k00 = sp.simplify(kap)
    consequence = ("f(0) = 0 for every f in H_kappa: the constant 1 is at sup-distance >= 1" if k00 == 0 else
                   "kappa_t(0, 0) is not 0: no obstruction at X = 0")
    return {"violated": k00 == 0, "values": {"kappa_t(0,0) integrand": k00, "consequence": consequence}}


def _univ_recheck(params, dps, printed):
    """Independent: mpmath forward-mode derivatives of the neuron at X = 0, for w0 = +-alpha and a grid of u0."""
    ctx = mpmath.MPContext(); ctx.dps = dps
    t = int(params["t"])
    act = act_of(params)                                  # the activation given, not always tanh
    worst = ctx.mpf(0)
    for w0 in ("1/2", "-1/2"):
        for u0 in ("-3", "-1/3", "0", "2/7", "5"):
            H, g, _ = sr.numeric.neuron_derivatives(act, w0, [u0], [["0"]] * t, t, ctx)
            worst = max(worst, abs(H) + sum(abs(v) for v in g))
    shift = ctx.mpf(sp.N(printed["sigma_at_0"], dps))
    return {"violated": worst == 0 and shift == 0, "values": {"max |H_t| + |grad H_t| at X = 0": ctx.nstr(worst, 5)}}


activation_hypothesis(universal)


@universal.hypothesis("compact", r"$K$ the data support $\{\max_t\|X_t\|_2\le1\}$ (compact, contains $X=0$), $t\ge1$", checks=("univ",))
def _univ_compact(p):
    return int(p["t"]) >= 1, "the closed unit ball contains X = 0"


def _annulus_point(p):
    t = int(p["t"])
    xs = [sp.Rational(p[f"x{s}"]) for s in range(t)]
    return t, xs, sp.Rational(p["lo"])


@universal.hypothesis("symmetric_compact", r"$K=\{\mathbf X\in\mathbb R^{1\times t}:\ \mathrm{lo}\le\max_s|X_s|\le1\}$ with "
                      r"$0<\mathrm{lo}\le1$: compact, $K=-K$, $0\notin K$; the point $\mathbf X$ and $-\mathbf X$ lie in $K$",
                      checks=("symmetric_without_zero",))
def _univ_symmetric(p):
    t, xs, lo = _annulus_point(p)
    n = max(abs(v) for v in xs)
    return bool(t >= 1 and 0 < lo <= 1 and lo <= n <= 1), f"lo = {lo}, max_s |x_s| = {n} (the same for -X)"


@universal.check(layer="symbolic", name="univ", full=True, method="exact evaluation at X = 0", replay=_univ_replay, recheck=_univ_recheck,
                 evaluators=("SymPy exact", "mpmath forward-mode derivatives"),
                 scope="tanh (listed in Sec. 2.2), every t: kappa_t(X, 0) = 0, so H_kappa_t is not dense in C(K) for a compact K "
                       "containing 0")
def _univ(ctx):
    params = {"act": "tanh", "t": "3"}
    out = _univ_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("kappa_t is not universal on the unit ball (tanh)", params,
                   certificate="with tanh and no bias, h^0_t(0) = 0 and every feature vanishes at X = 0: kappa_t(., 0) = 0, "
                               "so every function of H_kappa_t vanishes at 0 and the constant function 1 is not approximable")
    else:
        ctx.inconclusive("universality", str(out["values"]))


def _odd_replay(params, dps, printed):
    """SymPy, exact: the kernel integrand at X and at -X against a symbolic second input Y (w0, u0 symbolic):
    kappa_t(-X, Y) + kappa_t(X, Y) = 0 for every Y, so f(-X) = -f(X) for every f in H_kappa_t; then for the constant
    target 1, max(|1 - f(X)|, |1 - f(-X)|) >= 1 (the check proves the last step for every real f(X))."""
    t, xs, _ = _annulus_point(params)
    w0, u0 = sp.symbols("w0 u0")
    X = [[v] for v in xs]
    mX = [[-v] for v in xs]
    Y = [[sp.Symbol(f"y{s}")] for s in range(t)]
    sig = _univ_sigma(params, printed)
    total = sp.expand(_kernel_integrand(w0, u0, X, Y, t, sig, 0) + _kernel_integrand(w0, u0, mX, Y, t, sig, 0))
    return {"violated": total == 0,
            "values": {"kappa_t(X, Y) + kappa_t(-X, Y) integrand": total,
                       "consequence": "every f in H_kappa_t has f(-X) = -f(X): sup_K |1 - f| >= 1" if total == 0 else
                                      "kappa_t(-X, .) != -kappa_t(X, .): no obstruction from X, -X"}}


def _odd_recheck(params, dps, printed):
    """Independent: mpmath forward-mode gradients of the neuron at X and -X for w0 = +-1/2 and a grid of u0:
    grad H_t(-X) = -grad H_t(X) (up to 10^-(dps-5)), the features whose products are kappa_t's integrand."""
    ctx = mpmath.MPContext(); ctx.dps = dps
    t, xs, _ = _annulus_point(params)
    act = act_of(params)
    shift = ctx.mpf(sp.N(printed["sigma_at_0"], dps))
    worst, size = ctx.mpf(0), ctx.mpf(0)
    for w0 in ("1/2", "-1/2"):
        for u0 in ("-3", "-1/3", "0", "2/7", "5"):
            _, g, _ = sr.numeric.neuron_derivatives(act, w0, [u0], [[str(v)] for v in xs], t, ctx)
            _, gm, _ = sr.numeric.neuron_derivatives(act, w0, [u0], [[str(-v)] for v in xs], t, ctx)
            worst = max(worst, max(abs(a + b) for a, b in zip(g, gm)))
            size = max(size, max(abs(a) for a in g))
    return {"violated": bool(worst <= ctx.mpf(10) ** (5 - dps) and size > ctx.mpf(10) ** -3 and shift == 0),
            "values": {"max |grad H_t(X) + grad H_t(-X)|": ctx.nstr(worst, 5), "max |grad H_t(X)|": ctx.nstr(size, 5)}}


@universal.check(layer="symbolic", name="symmetric_without_zero", method="SymPy identities (induction step in t) + exact inequality",
                 replay=_odd_replay, recheck=_odd_recheck,
                 evaluators=("SymPy exact kernel integrand", "mpmath forward-mode gradients"),
                 scope="tanh, every t: H_t and its gradient features are odd in X, so every function of H_kappa_t is odd; on every "
                       "symmetric compact K the constant 1 is at sup-distance >= 1; witness K = {1/2 <= max_s |X_s| <= 1} (no 0)")
def _univ_odd(ctx):
    w, u, x, h, gw, gu = sp.symbols("w u x h g_w g_u", real=True)
    sig, dsig = sp.tanh, lambda z: 1 - sp.tanh(z) ** 2           # tanh and its derivative
    a = w * h + u * x                                             # the pre-activation at X; at -X it is built from -h, -x
    am = w * (-h) + u * (-x)
    ctx.step("Induction on t (H_0 = 0 and grad H_0 = 0 are odd): if H_{t-1}(-X) = -h, grad H_{t-1}(-X) = -(g_w, g_u) "
             "and X_{t-1} = x, then at -X the pre-activation is -a, and H_t, d_w H_t = sigma'(a)(h + w g_w), "
             "d_u H_t = sigma'(a)(w g_u + x) change sign (sigma = tanh odd, sigma' even).")
    ctx.identities("every feature is odd: the induction step in t (free w, u, x, h, g_w, g_u)", [
        ("H_t(-X) = -H_t(X)", sig(am), -sig(a)),
        ("d_W H_t(-X) = -d_W H_t(X)", dsig(am) * (-h + w * (-gw)), -(dsig(a) * (h + w * gw))),
        ("d_U H_t(-X) = -d_U H_t(X)", dsig(am) * (w * (-gu) + (-x)), -(dsig(a) * (w * gu + x)))])
    ctx.step("So kappa_t(-X, Y) = E[<grad H_t(-X), grad H_t(Y)>] = -kappa_t(X, Y), and every f in H_kappa_t (a limit of "
             "sums of kappa_t(., Y_j); evaluation is continuous) is odd. For odd f and X, -X in K, with y = f(X): "
             "(sup_K |1 - f|)^2 >= max((1 - y)^2, (1 + y)^2) >= ((1 - y)^2 + (1 + y)^2)/2 = 1 + y^2 >= 1.")
    y = sp.Symbol("y", real=True)
    ctx.identity("((1 - y)^2 + (1 + y)^2)/2 = 1 + y^2 (the mean of the two squared errors at X and -X)",
                 ((1 - y) ** 2 + (1 + y) ** 2) / 2, 1 + y ** 2)
    ctx.sign("1 + y^2 - 1 = y^2 >= 0 for every real y = f(X): the sup-distance from 1 to H_kappa_t on K is >= 1", y ** 2,
             "nonnegative")
    params = {"act": "tanh", "t": "2", "lo": "1/2", "x0": "1/2", "x1": "-1"}
    out = _odd_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("H_kappa_t is not dense in C(K) on the symmetric compact K = {1/2 <= max_s |X_s| <= 1}, which excludes 0", params,
                   certificate="kappa_2(X, Y) + kappa_2(-X, Y) = 0 exactly at X = (1/2, -1) for every Y: every f in H_kappa_2 has "
                               "f(-X) = -f(X), so sup_K |1 - f| >= max(|1 - f(X)|, |1 + f(X)|) >= 1 for every f")
    else:
        ctx.inconclusive("symmetric set", str(out["values"]))


paper.claim("eq9", kind="definition", label="(9)", where="Sec. 3.2",
            statement=r"""$\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}=\Big\{[\mathbf{X}]_{t}\mapsto\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u}):\sup_{w_{0}\in\mathbb{R}}|v_{w}(w_{0})|\leq\bar{\nu}_{w},\sup_{u_{0}\in\mathbb{R}^{d}}\|v_{u}(u_{0})\|_{2}\leq\bar{\nu}_{u},t=1,2,\ldots,T\Big\}$""",
            uses=["eq8"])

normbound = paper.claim(
    "rkhs_normbound", kind="remark", label="Sec. 3.2 (norm bound)", where="Sec. 3.2",
    statement=r"""It is straightforward to see that, for any $t\in\{1,2,\ldots,T\}$, we have $\|\tilde{F}_{t}\|_{\mathscr{H}_{\kappa_{t}}}\leq\sqrt{\bar{\nu}_{u}^{2}+\bar{\nu}_{w}^{2}}$.""",
    uses=["eq9", "rkhs_inner_inf"], printed={"coef": sp.Integer(1)},
    variables={"t": sr.integer(1, text="t in {1, ..., T}"),
               "P": sr.real(0, 1, text="P = (v_w(alpha)/nubar_w)^2 in [0, 1], every transport map of the class (9)"),
               "Q": sr.real(0, 1, text="Q = (v_w(-alpha)/nubar_w)^2 in [0, 1], every transport map of the class (9)")},
    conclusions=[("bound", "||F~_t||_H <= sqrt(nubar_u^2 + nubar_w^2) for every t", "inequality")],
)


@normbound.check(layer="symbolic", full=True, method="exact: a linear function of (p^2, q^2) on [0,1]^2",
                 scope="E|v_w|^2 = (v_w(alpha)^2 + v_w(-alpha)^2)/2 <= nubar_w^2 for v_w(+-alpha) = nubar_w p, nubar_w q with "
                       "p, q in [-1, 1]; E||v_u||^2 <= sup ||v_u||^2 pointwise; the norm of F~ is at most its transport norm")
def _normbound(ctx):
    P, Q = sp.symbols("P Q", nonnegative=True)    # P = p^2, Q = q^2 in [0, 1]
    # decided over the whole box by the exact route (a counterexample at a vertex where it fails)
    ctx.inequality("(P + Q)/2 <= coef on [0,1]^2", (P + Q) / 2, ctx.printed["coef"], {P: (0, 1), Q: (0, 1)})


# ---- (10) and the memory sums -------------------------------------------------------------------------------------
paper.claim("eq10", kind="definition", label="(10)", where="Sec. 3.3",
            statement=r"""$\mu_{0,t}(z):=\sum_{k=0}^{t-1}z^{k}$, and $\mu_{1,t}(z):=\sum_{k=0}^{t-1}(k+1)z^{k}$, for any $z\in\mathbb{R}_{>0}$ and $t\in\mathbb{N}$.""")

paper.claim("sets", kind="definition", label="Sec. 3.3 (weight sets)", where="Sec. 3.3",
            statement=r"""$\mathcal{W}_{\rho}=\{\mathbf{W}=\mathbf{diag}(W_{11},\ldots,W_{mm}):\max_{1\leq i\leq m}|W_{ii}-W_{ii}(0)|\leq\rho/\sqrt{m}\}$,
$\mathcal{U}_{\rho}=\{\mathbf{U}\in\mathbb{R}^{m\times d}:\max_{1\leq i\leq m}\|U_{i}-U_{i}(0)\|\leq\rho/\sqrt{m}\}$ for any $\rho\geq 0$.""",
            notes="Printed '(W_rho, W_rho)' for the pair (W_rho, U_rho).")

mu_closed = paper.claim(
    "mu_closed", kind="equation", label="(10), closed forms (derivation aid)", where="Sec. 3.3",
    statement=r"""$\mu_{0,t}(z)=\frac{1-z^{t}}{1-z}$, $\mu_{1,t}(z)=\frac{1-(t+1)z^{t}+tz^{t+1}}{(1-z)^{2}}$ for $z\neq1$; $\mu_{0,t}(1)=t$, $\mu_{1,t}(1)=\frac{t(t+1)}{2}$.""",
    uses=["eq10"], printed={"mu0": sr.symbolic.mu0_closed(sp.Symbol("z"), sp.Symbol("t")),
                            "mu1": sr.symbolic.mu1_closed(sp.Symbol("z"), sp.Symbol("t"))},
    notes="Not printed in the paper: the closed forms every check of mu uses, proved here.",
    variables={"z": sr.positive("z in R_{>0}"), "t": sr.integer(1, text="t in N")},
    conclusions=[("z_ne_1", "mu_{0,t}(z) = (1 - z^t)/(1 - z), mu_{1,t}(z) = (1 - (t+1) z^t + t z^{t+1})/(1 - z)^2 for z != 1",
                  "identity"),
                 ("z_eq_1", "mu_{0,t}(1) = t, mu_{1,t}(1) = t(t+1)/2", "identity")],
)


def _pow_normal(e):
    # z^{t+1} = z z^t: expand the powers, then cancel the rational function in (z, z^t)
    return sp.cancel(sp.expand(sp.expand_power_exp(sp.together(e))))


@mu_closed.check(layer="symbolic", full=True, method="sympy.summation", scope="symbolic t and z (z != 1), and z = 1")
def _mu_closed(ctx):
    z, t = sp.Symbol("z", positive=True), sp.Symbol("t", positive=True, integer=True)
    k = sp.Symbol("k", integer=True, nonnegative=True)
    sub = {sp.Symbol("z"): z, sp.Symbol("t"): t}
    c0, c1 = ctx.printed["mu0"].xreplace(sub), ctx.printed["mu1"].xreplace(sub)
    # induction on t: the closed forms equal the sums at t = 1 and have the sums' increments z^t and (t+1) z^t
    ctx.identities("induction for z != 1", [
        ("mu_0 at t = 1", c0.subs(t, 1), 1), ("mu_1 at t = 1", c1.subs(t, 1), 1),
        ("mu_0 increment", _pow_normal(c0.subs(t, t + 1) - c0), z ** t),
        ("mu_1 increment", _pow_normal(c1.subs(t, t + 1) - c1), (t + 1) * z ** t)])
    ctx.identity("mu_0(1) = t", sp.summation(1, (k, 0, t - 1)), t)
    ctx.identity("mu_1(1) = t(t+1)/2", sp.summation(k + 1, (k, 0, t - 1)), t * (t + 1) / 2)


mu_cutoff = paper.claim(
    "mu_cutoff", kind="equation", label="(10), the cut-off z = 1 (derivation aid)", where="Sec. 3.3",
    statement=r"""With $\mu_T=\mu_{0,T}(z)\mu_{1,T}(z)$: for $0<z<1$, $\mu_T\le(1-z)^{-3}$ for every $T$; at $z=1$, $\mu_T=T^2(T+1)/2$
(polynomial, not $e^{\Omega(T)}$); for $z>1$, $\mu_T\ge z^{2(T-1)}=e^{\Omega(T)}$.""",
    uses=["eq10", "mu_closed"], printed={"power": sp.Integer(3)},
    notes="Not printed: the exact behaviour on both sides of, and at, the paper's cut-off alpha_m sigma_1 = 1.",
    variables={"z": sr.positive("z > 0"), "T": sr.integer(1)},
    conclusions=[("below", "for 0 < z < 1, mu_T <= (1 - z)^{-3} for every T", "inequality"),
                 ("at", "at z = 1, mu_T = T^2 (T+1)/2 (polynomial, not e^{Omega(T)})", "identity"),
                 ("above", "for z > 1, mu_T >= z^{2(T-1)} = e^{Omega(T)}", "inequality")],
)


@mu_cutoff.check(layer="symbolic", full=True, method="SymPy sign decisions after z = 1/(1+y) and z = 1 + y",
                 scope="every T >= 1 and every z > 0")
def _mu_cutoff(ctx):
    y, T = sp.Symbol("y", positive=True), sp.Symbol("T", positive=True, integer=True)
    # 0 < z < 1 as z = 1/(1+y): (1 - z)^p mu_0 mu_1 <= 1 since z^T (T + 1 - T z) >= 0 and 1 - z^T <= 1
    z = 1 / (1 + y)
    ctx.sign("z < 1: T + 1 - T z > 0 (so mu_1 <= (1-z)^{-2})", sp.together(T + 1 - T * z), "positive")
    ctx.sign("z < 1: z^T > 0 (so mu_0 <= (1-z)^{-1})", z ** T, "positive")
    # the identity holds for every z != 1: decided in z itself (the substitution is only for the signs)
    zz = sp.Symbol("z", positive=True)
    ctx.identity("(1 - z)^3 mu_0 mu_1 = (1 - z^T)(1 - (T+1) z^T + T z^{T+1}), every z > 0, z != 1",
                 (1 - zz) ** ctx.printed["power"] * sr.symbolic.mu0_closed(zz, T) * sr.symbolic.mu1_closed(zz, T),
                 (1 - zz ** T) * (1 - (T + 1) * zz ** T + T * zz ** (T + 1)))
    k = sp.Symbol("k", integer=True, nonnegative=True)
    ctx.identity("z = 1: mu_T = T^2 (T+1)/2", sp.summation(1, (k, 0, T - 1)) * sp.summation(k + 1, (k, 0, T - 1)),
                 T ** 2 * (T + 1) / 2)
    ctx.identity("z = 1: lim log(mu_T)/T = 0 (polynomial, not e^{Omega(T)})",
                 sp.Limit(sp.log(T ** 2 * (T + 1) / 2) / T, T, sp.oo), sp.Integer(0))
    # z > 1 as z = 1 + y: mu_0 >= z^{T-1} and mu_1 >= T z^{T-1} >= z^{T-1} (last terms of the sums)
    ctx.step("z > 1: mu_{0,T} >= z^{T-1} and mu_{1,T} >= T z^{T-1} (the last terms), so mu_T >= z^{2(T-1)} = e^{Omega(T)}")
    # T = 1: mu_0 = mu_1 = 1 = z^0; T = n + 2 (n >= 0): the sums less their last terms have positive terms
    nn = sp.Symbol("n", integer=True, nonnegative=True)
    ctx.sign("mu_{0,T} - z^{T-1} = sum_{k<=n} z^k >= 0 (T = n + 2)", sp.Sum(zz ** k, (k, 0, nn)), "nonnegative")
    ctx.sign("mu_{1,T} - z^{T-1} = (n+1) z^{n+1} + sum_{k<=n} (k+1) z^k >= 0 (T = n + 2)",
             (nn + 1) * zz ** (nn + 1) + sp.Sum((k + 1) * zz ** k, (k, 0, nn)), "nonnegative")
    ctx.sign("z > 1: log z > 0", sp.log(1 + y), "positive")


# ---- Proposition 3 and its proof (11)-(12) ------------------------------------------------------------------------
def _Z_numpy(act, w0, u0, X, vw, vu):
    """Z^{(i)}_t = v_u(u)^T dH_t/du + v_w(w) dH_t/dw (Proposition 1 at Theta(0)), vectorised (d = 1)."""
    import numpy as np
    B = len(w0)
    _, g = sr.numeric.neuron_derivatives_np(act, w0, u0[:, None], np.broadcast_to(X, (B,) + X.shape))
    return vu(u0) * g[:, 1] + vw(w0) * g[:, 0]


prop3 = paper.claim(
    "prop3", kind="proposition", label="Proposition 3", where="Sec. 3.3",
    statement=r"""Consider $\mathbf{\tilde{F}}(\cdot;v_{w},v_{u})\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$. Let $(\textbf{W}(0),\textbf{U}(0),c)$ be a symmetric random
initialization, and $\mathbf{X}\in\mathbb{R}^{d\times T}$ with $\max_{1\leq t\leq T}\|X_{t}\|_{2}\leq 1$. Then for any $\delta\in(0,1)$ and $t\in\{1,2,\ldots,T\}$,
$\mathbb{P}\Big(\inf_{(\mathbf{W},\mathbf{U})\in\mathcal{W}_{\bar{\nu}_{w}}\times\mathcal{U}_{\bar{\nu}_{u}}}\Big|\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u})-F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})\Big|\leq 2\mu_{0,t}\sigma_{1}(\bar{\nu}_{u}+\sigma_{0}\bar{\nu}_{w})\sqrt{\frac{\log(1/\delta)}{m}}\Big)\geq 1-\delta$,
where $\mu_{0,t}=\mu_{0,t}(\alpha\sigma_{1})$.""",
    uses=["eq9", "def1", "prop1", "eq10", "sets"], printed={"radius_coef": sp.Integer(2), "log_arg_num": sp.Integer(1)},
    variables={"delta": DELTA, "t": sr.integer(1, text="t in {1, ..., T}"), "m": WIDTH, "act": activation_var(),
               "alpha": ALPHA, "X": sr.given("an input X in R^{d x T} with max_t ||X_t||_2 <= 1"),
               "v": sr.given("a transport pair (v_w, v_u) of the class F_{nubar_w, nubar_u} (9)")},
    conclusions=[("probability", "P(inf over W_nubar_w x U_nubar_u of |F~_t - F_t^Lin| <= 2 mu_{0,t} sigma_1 (nubar_u + sigma_0 "
                                 "nubar_w) sqrt(log(1/delta)/m)) >= 1 - delta", "inequality")],
)


@prop3.check(about="probability", layer="property", method="Monte Carlo over initialisations (numpy) with a Clopper-Pearson bound",
             scope="tanh, d = 1, t = 1..3, alpha = 1/2, nubar = 1, transport v_u(u) = tanh(u), v_w(+-alpha) = (1, -1/2); "
                   "m in {4, 16, 64}, delta in {0.05, 0.2}; the event at the transport point Theta-bar (the inf is smaller)")
def _prop3_mc(ctx):
    import numpy as np
    from scipy.stats import beta as beta_dist
    act = ACT["tanh"]
    rng = np.random.default_rng(ctx.seed)
    al, nw_, nu_ = 0.5, 1.0, 1.0
    vu = lambda u: np.tanh(u)  # noqa: E731
    vw = lambda w: np.where(w > 0, 1.0, -0.5)  # noqa: E731
    gh_x, gh_w = np.polynomial.hermite_e.hermegauss(80)
    gh_w = gh_w / gh_w.sum()
    N = 300 if ctx.quick else 2000
    rows, worst = [], 1.0
    for t in (1, 2, 3):
        X = rng.uniform(-1, 1, (t, 1))
        Ft = sum(0.5 * (gh_w * _Z_numpy(act, np.full(80, s * al), gh_x, X, vw, vu)).sum() for s in (1, -1))
        B = float(sp.N(sr.symbolic.mu0(sp.Rational(1, 2), t))) * 1 * (nu_ + 1 * nw_)
        for m in (4, 16, 64):
            w0 = rng.choice([al, -al], (N, m // 2))
            u0 = rng.standard_normal((N, m // 2))
            Z = _Z_numpy(act, w0.ravel(), u0.ravel(), X, vw, vu).reshape(N, m // 2)
            dev = np.abs(Z.mean(1) - Ft)     # F^Lin(Theta-bar) = (2/m) sum_{i<=m/2} Z_i  ((11) = (12))
            for delta in (0.05, 0.2):
                r = float(ctx.printed["radius_coef"]) * B * np.sqrt(np.log(float(ctx.printed["log_arg_num"]) / delta) / m)
                k = int((dev <= r).sum())
                lo = beta_dist.ppf(0.025, k, N - k + 1) if k > 0 else 0.0
                worst = min(worst, lo - (1 - delta))
                rows.append((t, m, delta, f"{k}/{N}", f"{lo:.4f}", f"{1 - delta:.2f}"))
    ctx.table("frequency of the event at Theta-bar", ("t", "m", "delta", "hits", "CP lower 97.5%", "1 - delta"), rows)
    if worst < 0:
        return ctx.inconclusive("frequency vs 1 - delta", f"a Clopper-Pearson lower bound falls below 1 - delta by {-worst:.4f} "
                                "(evidence against at this instance; a frequency is not a refutation)")
    ctx.no_violation("frequency >= 1 - delta (Clopper-Pearson lower bound)", points=len(rows),
                     detail=f"{N} initialisations per cell; smallest margin {worst:.4f}")


prop3_proof = paper.claim(
    "prop3_proof", kind="proof-step", label="Proof of Proposition 3 (Hoeffding display)", where="Sec. 3.3",
    statement=r"""By using Hoeffding's inequality, for any $\delta\in(0,1)$, we obtain
$|F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\Theta)-\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u})|\leq 2\mu_{0,t}(\alpha_{m}\sigma_{1})\sigma_{1}(\bar{\nu}_{u}+\sigma_{0}\bar{\nu}_{w})\sqrt{\frac{2\log(2/\delta)}{m}}$,
with probability at least $1-\delta$ [which is to give the bound of Proposition 3].""",
    assumptions=[r"$\delta\in(0,1)$", r"$m\ge2$ even"],
    uses=["prop3", "eq11", "eq12"], printed={"proof_radius_sq": 2 * sp.log(2 / sp.Symbol("delta")), "stmt_radius_sq": sp.log(1 / sp.Symbol("delta"))},
    notes="The display is a valid (two-sided, weaker) Hoeffding bound; the check asks whether it gives the statement's radius.",
    variables={"delta": DELTA, "m": WIDTH, "t": sr.integer(1)},
    conclusions=[("display", "|F^Lin - F~_t| <= 2 mu_{0,t}(alpha_m sigma_1) sigma_1 (nubar_u + sigma_0 nubar_w) sqrt(2 log(2/delta)/m) "
                             "w.p. >= 1 - delta", "inequality"),
                 ("gives_prop3", "this display gives the radius of Proposition 3", "inequality")],
)


@prop3_proof.hypothesis("delta", r"$\delta\in(0,1)$")
def _p3p_delta(p):
    dlt = sp.Rational(p["delta"])
    return bool(0 < dlt < 1), f"delta={dlt}"


def _p3p_replay(params, dps, printed):
    dl = sp.Symbol("delta")
    v = {dl: sp.Rational(params["delta"])}
    a, b = printed["proof_radius_sq"].xreplace(v), printed["stmt_radius_sq"].xreplace(v)
    return {"violated": bool(sp.N(a - b, dps) > 0), "values": {"proof radius^2 * m/(2B)^2": sp.N(a, 20),
                                                               "statement radius^2 * m/(2B)^2": sp.N(b, 20)}}


def _p3p_recheck(params, dps, printed):
    fl = sr.numeric.flint_module()
    dl = sp.Symbol("delta")
    f = sr.numeric.compile_arb(printed["proof_radius_sq"] - printed["stmt_radius_sq"], [dl])
    with sr.numeric.arb_precision(4 * dps):
        val = f(sr.numeric.to_arb(sp.Rational(params["delta"])))
        return {"violated": bool(val > 0), "values": {"difference (Arb)": val.str(15)}}


@prop3_proof.check(layer="numeric", full=True, method="exact comparison of the radii", replay=_p3p_replay,
                   recheck=_p3p_recheck, evaluators=("SymPy evalf", "Arb balls"),
                   scope="the display's radius against the statement's, at delta = 1/2 (the display is larger at every delta)")
def _p3p(ctx):
    params = {"delta": "1/2"}
    out = _p3p_replay(params, ctx.dps, ctx.printed)
    ctx.step("one-sided Hoeffding for the m/2 iid terms in [-B, B] gives 2B sqrt(log(1/delta)/m) (the statement's radius) for "
             "a one-sided event; the two-sided event |.| <= r needs 2B sqrt(log(2/delta)/m)")
    if out["violated"]:
        ctx.refute("the Hoeffding display does not give Proposition 3's radius", params,
                   certificate="2 log(2/delta) > log(1/delta): the display's radius exceeds the statement's (and a two-sided "
                               "event needs log(2/delta) at least), so the proof does not establish the printed bound")
    else:
        ctx.inconclusive("radii", str(out["values"]))


prop3_hoeffding = paper.correction(
    "prop3_hoeffding", corrected_from="prop3_proof", label="Proof of Proposition 3 with the two-sided Hoeffding radius",
    statement=r"""With $B=\mu_{0,t}(\alpha\sigma_{1})\sigma_{1}(\bar{\nu}_{u}+\sigma_{0}\bar{\nu}_{w})\ge|Z_{t}^{(i)}|$ ($|W_{ii}(0)|=\alpha$) and the $m/2$ iid terms of (12),
Hoeffding's inequality gives $|F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\overline\Theta)-\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u})|\leq 2B\sqrt{\log(2/\delta)/m}$ with probability at least $1-\delta$:
Proposition 3 with $\log(2/\delta)$ in place of $\log(1/\delta)$.""",
    uses=["prop3_proof", "eq11", "eq12", "prop1"], printed={"radius": 2 * sp.Symbol("B") * sp.sqrt(sp.log(2 / sp.Symbol("delta")) / sp.Symbol("m"))},
    variables={"delta": DELTA, "m": WIDTH, "t": sr.integer(1), "alpha": ALPHA,
               "sigma_0": sr.positive(), "sigma_1": sr.positive(), "nubar_u": sr.positive(), "nubar_w": sr.positive()},
    conclusions=[("bound_Z", "|Z_t^{(i)}| <= B = mu_{0,t}(alpha sigma_1) sigma_1 (nubar_u + sigma_0 nubar_w)", "inequality"),
                 ("hoeffding", "|F^Lin(Theta-bar) - F~_t| <= 2B sqrt(log(2/delta)/m) with probability >= 1 - delta", "inequality")],
)


@prop3_hoeffding.check(about=("bound_Z", "hoeffding"), layer="symbolic", method="SymPy: Hoeffding's tail at the radius; the termwise bound on Z",
                       scope="every m, delta, t: 2 exp(-2 (m/2)^2 r^2 / ((m/2)(2B)^2)) = delta at the printed radius; |Z| <= B from "
                             "|W_ii(0)| = alpha, |sigma'| <= sigma_1, |h| <= sigma_0, ||X|| <= 1, sup|v| <= nubar")
def _prop3_hoeffding(ctx):
    B, mm, dl = sp.symbols("B m delta", positive=True)
    r = ctx.printed["radius"].xreplace({sp.Symbol("B"): B, sp.Symbol("m"): mm, sp.Symbol("delta"): dl})
    half = mm / 2
    ctx.identity("two-sided Hoeffding for m/2 terms with range 2B: 2 exp(-2 (m/2)^2 r^2/((m/2)(2B)^2)) = delta",
                 2 * sp.exp(-2 * half ** 2 * r ** 2 / (half * (2 * B) ** 2)), dl)
    a, s1_, s0_, nu_u, nu_w = sp.symbols("alpha sigma_1 sigma_0 nubar_u nubar_w", positive=True)
    k, t = sp.Symbol("k", integer=True, nonnegative=True), sp.Symbol("t", integer=True, positive=True)
    ctx.identity("sum_{k<t} alpha^k sigma_1^{k+1} (nubar_u + sigma_0 nubar_w) = mu_{0,t}(alpha sigma_1) sigma_1 (nubar_u + sigma_0 nubar_w)",
                 sp.summation(a ** k * s1_ ** (k + 1), (k, 0, t - 1)) * (nu_u + s0_ * nu_w),
                 sp.summation((a * s1_) ** k, (k, 0, t - 1)) * s1_ * (nu_u + s0_ * nu_w))


eq11 = paper.claim(
    "eq11", kind="proof-step", label="(11)", where="Sec. 3.3 (proof of Proposition 3)",
    statement=r"""$F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\Theta)=\frac{1}{m}\sum_{i=1}^{m}Z_{t}^{(i)}(\mathbf{X};\Theta(0))$ at $\overline{\Theta}$, with
$Z_{t}^{(i)}(\mathbf{X};\Theta(0))=\sum_{k=0}^{t-1}W_{ii}^{k}(0)\big(v_{u}^{\top}(U_{i}(0))X_{t-k-1}+v_{w}(W_{ii}(0))H_{t-k-1}^{(i)}(\mathbf{X};\Theta(0))\big)\prod_{s=0}^{k}I_{t-s-1}(\mathbf{X};\Theta(0))$, and
$F_{t}^{\mathsf{Lin}}-\tilde{F}_{t}=\frac{1}{m}\sum_{i=1}^{m}\left(Z_{t}^{(i)}-\mathbb{E}Z_{t}^{(i)}\right)$ (11)""",
    uses=["prop1", "def1", "eq8"], printed={"norm": sp.Integer(1)},
    variables={"sigma": sr.given("an activation sigma in C^2(R, R)"), "m": WIDTH, "t": sr.integer(1),
               "x": sr.real(text="the inputs X_s (entries x_{sr})").family(), "w": sr.real(text="W_ii(0)"), "u": sr.real(text="U_i(0)").family(),
               "c": sr.real(text="the readout c_i"), "v_w": sr.real(text="v_w(W_ii(0))"), "v_u": sr.real(text="v_u(U_i(0))").family()},
    conclusions=[("flin", "F_t^Lin(X; Theta-bar) = (1/m) sum_i Z_t^{(i)}(X; Theta(0)) with Z as printed", "identity"),
                 ("centred", "F_t^Lin - F~_t = (1/m) sum_i (Z_t^{(i)} - E Z_t^{(i)})", "identity")],
)


@eq11.check(about=("flin", "centred"), layer="symbolic", method="SymPy identity", scope="m = 2 (one mirrored pair), t = 1, 2, 3, d = 1, undefined sigma and v")
def _eq11(ctx):
    # the transport maps enter only through their values at (W_ii(0), U_i(0)): v_w = v_w(W_ii(0)), v_u = v_u(U_i(0))
    vw_, vu_ = sp.symbols("v_w v_u")
    vw, vu = (lambda _: vw_), (lambda _: vu_)
    w, u, c = sp.symbols("w u c")
    pairs = []
    for t in (1, 2, 3):
        X = _inputs(t, 1)
        dw, du = sr.symbolic.gradient_sum_form(w, [u], X, t, sigma)
        # F^Lin(Theta-bar) = sum_i (c_i/sqrt m) dH_i . (c_i/sqrt m) v_i, neurons (c, w, u), (-c, w, u), m = 2
        flin = 2 * (c / sp.sqrt(2)) * (c / sp.sqrt(2)) * (dw * vw(w) + du[0] * vu(u))
        Z = sr.symbolic.gradient_sum_form(w, [u], X, t, sigma)
        Zt = Z[0] * vw(w) + Z[1][0] * vu(u)
        pairs.append((f"t={t}", flin.subs(c, 1), ctx.printed["norm"] * sp.Rational(1, 2) * 2 * Zt))
    identities_every_sigma(ctx, "F^Lin(Theta-bar) = (1/m) sum_i Z_i (c_i^2 = 1)", pairs, sigma)


eq12 = paper.claim(
    "eq12", kind="proof-step", label="(12)", where="Sec. 3.3 (proof of Proposition 3)",
    statement=r"""$\frac{1}{m}\sum_{i=1}^{m}\left(Z_{t}^{(i)}-\mathbb{E}Z_{t}^{(i)}\right)=\frac{2}{m}\sum_{i=1}^{m/2}\left(Z_{t}^{(i)}-\mathbb{E}Z_{t}^{(i)}\right)$ (12)""",
    uses=["eq11", "def1"], printed={"coef": sp.Integer(2)},
    variables={"p": sr.integer(1, text="m = 2p: every even width m"),
               "Z": sr.given("the centred terms Z_t^{(i)} - E Z_t^{(i)} of every t, equal for i and i + m/2 (Definition 1)")},
    conclusions=[("halves", "(1/m) sum_{i<=m} (Z_i - E Z_i) = (2/m) sum_{i<=m/2} (Z_i - E Z_i)", "identity")],
)


@eq12.check(layer="symbolic", full=True, method="SymPy identity",
            scope="every even m: Z^{(i)} depends on (W_ii(0), U_i(0)) only, which the symmetric initialisation mirrors")
def _eq12(ctx):
    i, p = sp.symbols("i p", integer=True, positive=True)
    Zb = sp.IndexedBase("Z")
    lhs = (sp.Sum(Zb[i], (i, 1, p)) + sp.Sum(Zb[i], (i, 1, p))) / (2 * p)  # the second half replicates the first
    ctx.identity("(1/m) sum_{i<=m} = (2/m) sum_{i<=m/2} with m = 2p", lhs.doit(), ctx.printed["coef"] / (2 * p) * sp.Sum(Zb[i], (i, 1, p)).doit())


# ---- Proposition 4 and its proof (13)-(17) ------------------------------------------------------------------------
def _lin_constants(printed_lemmas, act, alpha_v, am_v, t, d_v=1):
    from .model import lemma_constants_float
    return lemma_constants_float(printed_lemmas, act.constants(), alpha_v=float(alpha_v), am_v=float(am_v), d_v=d_v, t=t)


def _sample_neurons(rng, B, t, d, act_name):
    """Random (alpha, w0 = +-alpha, u0, Delta w, Delta u, X) for one neuron, radii across scales."""
    import numpy as np
    al = rng.uniform(0.05, 0.95, B)
    w0 = al * rng.choice([-1, 1], B)
    u0 = rng.standard_normal((B, d)) * rng.choice([0.3, 1, 3], (B, 1))
    scale = 10.0 ** rng.uniform(-3, 0.3, B)
    dw = rng.uniform(-1, 1, B) * scale
    du = rng.standard_normal((B, d)) * scale[:, None] / np.sqrt(d)
    X = rng.uniform(-1, 1, (B, t, d))
    X /= np.maximum(1, np.linalg.norm(X, axis=-1, keepdims=True))
    return al, w0, u0, dw, du, X


prop4 = paper.claim(
    "prop4", kind="proposition", label="Proposition 4", where="Sec. 3.3",
    statement=r"""Let $(\mathbf{W}(0),\mathbf{U}(0),c)$ be a symmetric random initialization. Then, for any $\Theta$ and $t\in\{1,2,\ldots,T\}$,
$|F_{t}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})-F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})|\leq\frac{2}{\sqrt{m}}\Big(\Lambda_{t}^{2}\sigma_{2}+\gamma_{t}\sigma_{1}\Big)\big(\|\mathbf{W}-\mathbf{W}(0)\|_{F}^{2}+\|\mathbf{U}-\mathbf{U}(0)\|_{F}^{2}\big)$,
almost surely, where $\Lambda_{t}$ and $\gamma_{t}$ are defined in Lemma 2.""",
    assumptions=[r"$\sigma$ satisfies (4)", r"$\|X_t\|_2\le1$", r"$\Theta\in\mathcal W_{\rho_w}\times\mathcal U_{\rho_u}$ with $\alpha_m=\alpha+\rho_w/\sqrt m$"],
    uses=["lemma2", "def1", "eq13", "eq14", "eq15", "eq16", "eq17"],
    printed={"coef": sp.Integer(2)},
    notes="Lambda_t, gamma_t depend on rho_w through alpha_m: the check takes the smallest rho_w with Theta in W_rho_w.",
    variables={"act": activation_var(), "t": sr.integer(1, text="t in {1, ..., T}"), "m": WIDTH, "alpha": ALPHA,
               "W": sr.real(text="every W in W_rho_w (any rho_w > 0)"), "U": sr.real(text="every U in U_rho_u"),
               "X": sr.given("an input X with ||X_t||_2 <= 1")},
    conclusions=[("bound", "|F_t - F_t^Lin| <= (2/sqrt(m)) (Lambda_t^2 sigma_2 + gamma_t sigma_1)(||W - W(0)||_F^2 + "
                           "||U - U(0)||_F^2) almost surely", "inequality")],
)


@prop4.check(about="bound", layer="numeric", method="random + adversarial (Nelder-Mead) search of the ratio, float64; the maximiser "
                                    "re-evaluated in mpmath",
             scope="m = 2 (one mirrored pair; the bound is per neuron, so larger m adds nothing new), d = 1, t = 1..3, "
                   "tanh / logistic / Gaussian / tanh(2z), alpha in (0,1), radii 1e-3..2")
def _prop4(ctx):
    import numpy as np
    from scipy.optimize import minimize
    rng = np.random.default_rng(ctx.seed)
    B = 200 if ctx.quick else 4000
    coef = float(ctx.printed["coef"])
    worst, where, count = 0.0, None, 0
    for name in (("tanh", "logistic") if ctx.quick else ("tanh", "logistic", "gaussian", "tanh_b2")):
        act = ACT[name]
        for t in ((1, 3) if ctx.quick else (1, 2, 3)):
            def ratio(v):
                al, w0, u0, dw1, du1, dw2, du2 = v[0], v[1], v[2], v[3], v[4], v[5], v[6]
                X = np.clip(v[7:7 + t], -1, 1).reshape(1, t, 1)
                if not (0 < al < 1):
                    return 0.0
                w0 = al * np.sign(w0 if w0 != 0 else 1)
                H0, g0 = sr.numeric.neuron_derivatives_np(act, [w0], [[u0]], X)
                H1, _ = sr.numeric.neuron_derivatives_np(act, [w0 + dw1], [[u0 + du1]], X)
                H2, _ = sr.numeric.neuron_derivatives_np(act, [w0 + dw2], [[u0 + du2]], X)
                F = (H1[0] - H2[0]) / np.sqrt(2)
                Flin = (g0[0, 0] * (dw1 - dw2) + g0[0, 1] * (du1 - du2)) / np.sqrt(2)
                rw = np.sqrt(2) * max(abs(dw1), abs(dw2))
                k = _lin_constants({}, act, al, al + rw / np.sqrt(2), t)
                b = coef / np.sqrt(2) * (k["Lambda"] ** 2 * float(act.sigma2) + k["gamma"] * float(act.sigma1)) * (
                    dw1 ** 2 + dw2 ** 2 + du1 ** 2 + du2 ** 2)
                return abs(F - Flin) / b if b > 0 else 0.0
            al, w0, u0, dw, du, X = _sample_neurons(rng, B // 12, t, 1, name)
            starts = []
            for j in range(len(al)):
                v = np.concatenate([[al[j], w0[j], u0[j, 0], dw[j], du[j, 0], -dw[j] / 2, du[j, 0] / 3], X[j, :, 0]])
                starts.append((ratio(v), v))
                count += 1
            starts.sort(key=lambda p: -p[0])
            for r0, v in starts[:2]:
                res = minimize(lambda q: -ratio(q), v, method="Nelder-Mead", options={"maxiter": 120 if ctx.quick else 2000})
                count += res.nfev
                if -res.fun > worst:
                    worst, where = -res.fun, (name, t, res.x.round(4).tolist())
    if worst >= 1:
        return ctx.inconclusive("ratio >= 1 in float64", f"max ratio {worst} at {where}: needs an exact re-evaluation")
    ctx.no_violation("|F - F^Lin| / printed bound < 1", points=count, detail=f"largest ratio {worst:.3e} at {where}")


monotone = paper.claim(
    "monotone", kind="remark", label="Sec. 3.3 (monotone constants)", where="Sec. 3.3 (after Proposition 4)",
    statement=r"""We note that both $\Lambda_{t}$ and $\gamma_{t}$ are nondecreasing in $t$, thus $\Lambda_{t}\leq\Lambda_{T}$ and $\gamma_{t}\leq\gamma_{T}$ for all $t\leq T$
[and likewise $L_t\le L_T$, $\beta_t\le\beta_T$, as the proofs of Proposition 6 and Theorem 1 use].""",
    uses=["lemma1", "lemma2", "eq10"],
    printed={"L": L_PRINTED, "beta": BETA_PRINTED, "Lambda": LAMBDA_PRINTED, "gamma": GAMMA_PRINTED},
    variables={"t": sr.integer(1), "z": sr.positive("z = alpha_m sigma_1 > 0, the argument of the mu's")},
    conclusions=[("nondecreasing", "Lambda_t and gamma_t (and L_t, beta_t) are nondecreasing in t, so Lambda_t <= Lambda_T, "
                                   "gamma_t <= gamma_T for t <= T", "inequality")],
)


@monotone.check(layer="symbolic", full=True, method="polynomials with nonnegative coefficients in increasing mu's",
                scope="every t and z > 0: mu_{k,t+1} - mu_{k,t} > 0, and each printed constant is a polynomial in (mu_0, mu_1) "
                      "with nonnegative coefficients (after L_t, beta_t are substituted)")
def _monotone(ctx):
    z, t = sp.Symbol("z", positive=True), sp.Symbol("t", positive=True, integer=True)
    ctx.sign("mu_{0,t+1} - mu_{0,t} = z^t > 0", z ** t, "positive")
    ctx.sign("mu_{1,t+1} - mu_{1,t} = (t+1) z^t > 0", (t + 1) * z ** t, "positive")
    L, B = ctx.printed["L"], ctx.printed["beta"]
    Ls, Bs = sp.Symbol("L_t", positive=True), sp.Symbol("beta_t", positive=True)
    for name in ("L", "beta", "Lambda", "gamma"):
        e = sp.expand(sp.sympify(ctx.printed[name]).xreplace({Ls: L, Bs: B}))
        # nondecreasing in each mu (both increase with t): the partial derivatives are >= 0 for mu's > 0
        for mu in (M0, M1):
            d = sp.expand(sp.diff(e, mu))
            if d == 0:
                ctx.step(f"{name} does not depend on {mu}")
                continue
            sign_or_witness(ctx, f"{name}: d/d{mu} >= 0 (nondecreasing in {mu})", d, "nonnegative")


paper.claim("eq13", kind="definition", label="(13)", where="Sec. 3.3 (proof of Proposition 4)",
            statement=r"""$\Gamma_{t}^{(i)}(\Theta):=W_{ii}H_{t}^{(i)}([\mathbf{X}]_{t};\Theta)$, $\check{\Gamma}_{t}^{(i)}(\Theta):=W_{ii}H_{t}^{(i)}([\mathbf{X}]_{t};\Theta)+U_{i}^{\top}X_{t-1}$,
$\epsilon_{t}^{\mathsf{Lin}}(\Theta):=F_{t}([\mathbf{X}]_{t};\Theta)-F_{t}^{\mathsf{Lin}}([\mathbf{X}]_{t};\Theta)$. (13)""",
            notes="The first symbol of (13) is lost in the text extraction; Lemma 2 names it Gamma. With U_i^T X_{t-1} paired with "
                  "H_t, sigma(check Gamma_{t-1}) is H_t only if the input index is read as X_t (the intended reading, used in (14)).")

eq14 = paper.claim(
    "eq14", kind="proof-step", label="(14)", where="Sec. 3.3 (proof of Proposition 4)",
    statement=r"""$\epsilon_{t}^{\mathsf{Lin}}(\Theta)=\frac{1}{\sqrt{m}}\sum_{i=1}^{m}c_{i}\underbrace{\left(\sigma(\check{\Gamma}_{t-1}^{(i)}(\Theta))-\sigma(\check{\Gamma}_{t-1}^{(i)}(\Theta(0)))-\sigma^{\prime}(\check{\Gamma}_{t-1}^{(i)}(\Theta(0)))\left[\check{\Gamma}_{t-1}^{(i)}(\Theta)-\check{\Gamma}_{t-1}^{(i)}(\Theta(0))\right]\right)}_{A_{1,i}}
+\frac{1}{\sqrt{m}}\sum_{i=1}^{m}c_{i}\sigma^{\prime}(\check{\Gamma}_{t-1}^{(i)}(\Theta(0)))\underbrace{\left(\Gamma_{t-1}^{(i)}(\Theta)-\Gamma_{t-1}^{(i)}(\Theta(0))-\partial_{\Theta_{i}}^{\top}\Gamma_{t-1}^{(i)}(\Theta(0))(\Theta_{i}-\Theta_{i}(0))\right)}_{A_{2,i}}$ (14)""",
    uses=["eq13", "prop1"], printed={"a2_coef": sp.Integer(1)},
    # t enters (14) only through H_{t-1}^{(i)}, a function of neuron i's (W_ii, U_i) (network (2) is diagonal)
    variables={"sigma": sr.given("an activation sigma in C^2(R, R)"),
               "t": sr.integer(1, text="the time index (through H_{t-1}^{(i)}(W_ii, U_i) only)").through("H"),
               "m": sr.integer(1),
               "w0": sr.real(text="W_ii(0)"), "u0": sr.real(text="U_i(0)").family(), "dw": sr.real(text="W_ii - W_ii(0)"),
               "du": sr.real(text="U_i - U_i(0)").family(), "x": sr.real(text="the inputs X_s").family()},
    conclusions=[("decomposition", "eps_t^Lin = (1/sqrt m) sum_i c_i A_{1,i} + (1/sqrt m) sum_i c_i sigma'(check Gamma(0)) A_{2,i}",
                  "identity")],
)


@eq14.check(about="decomposition", layer="symbolic", method="SymPy identity (one neuron; the sum over i is termwise)",
            scope="t = 1, 2, 3, d = 1, undefined sigma, with check Gamma_{t-1} = W H_{t-1} + U^T X_{t-1}")
def _eq14(ctx):
    w0, u0, dw, du = sp.symbols("w0 u0 dw du")
    pairs = []
    for t in (1, 2, 3):
        X = _inputs(t, 1)
        H = lambda w, u: sr.symbolic.unrolled_hidden(w, [u], X, t, sigma)  # noqa: E731
        Ht, H0 = H(w0 + dw, u0 + du), H(w0, u0)
        gw, gu = sp.diff(H0[t], w0), sp.diff(H0[t], u0)
        lhs = Ht[t] - H0[t] - (gw * dw + gu * du)          # one neuron's share of eps^Lin (times c_i / sqrt m)
        G = lambda HH, w: w * HH[t - 1]  # noqa: E731
        Gc = lambda HH, w, u: w * HH[t - 1] + u * X[t - 1][0]  # noqa: E731
        a, a0 = Gc(Ht, w0 + dw, u0 + du), Gc(H0, w0, u0)
        sp1 = sr.symbolic.activation_derivative(sigma, a0)
        A1 = sigma(a) - sigma(a0) - sp1 * (a - a0)
        A2 = G(Ht, w0 + dw) - G(H0, w0) - (sp.diff(G(H0, w0), w0) * dw + sp.diff(G(H0, w0), u0) * du)
        pairs.append((f"t={t}", lhs, A1 + ctx.printed["a2_coef"] * sp1 * A2))
    identities_every_sigma(ctx, "one neuron's term of (14)", pairs, sigma)


@eq14.check(about="decomposition", layer="symbolic", name="every_t", method="ctx.index_identity (the sum over i = 1..m)",
            scope="every t, m, activation and c_i: H_{t-1}^{(i)} is any differentiable function H(W_ii, U_i) (network (2) "
                  "is diagonal), H_t^{(i)} = sigma(check Gamma_{t-1}^{(i)}), check Gamma = W_ii H_{t-1}^{(i)} + U_i^T X_{t-1}, "
                  "Gamma = W_ii H_{t-1}^{(i)}; U_i^T X = U_i1 x1 + U_i2 x2 (the second coordinate standing for the others)")
def _eq14_every_t(ctx):
    i, m = sp.symbols("i m", integer=True, positive=True)
    c, w0, dw = (sp.IndexedBase(n, real=True) for n in ("c", "w0", "dw"))
    u0, du = [sp.IndexedBase(f"u0{r}", real=True) for r in (1, 2)], [sp.IndexedBase(f"du{r}", real=True) for r in (1, 2)]
    x = sp.symbols("x1 x2", real=True)
    H = sp.Function("H")
    W, U = sp.Symbol("W", real=True), sp.symbols("U1 U2", real=True)   # neuron i's (W_ii, U_i) before evaluation
    at0 = {W: w0[i], **{U[r]: u0[r][i] for r in (0, 1)}}
    at1 = {W: w0[i] + dw[i], **{U[r]: u0[r][i] + du[r][i] for r in (0, 1)}}
    G = W * H(W, *U)                                                  # Gamma_{t-1}^{(i)}
    Gc = G + U[0] * x[0] + U[1] * x[1]                                # check Gamma_{t-1}^{(i)}
    Ht = sigma(Gc)                                                    # H_t^{(i)}

    def lin(f):                      # f(Theta) - f(Theta(0)) - d_Theta f(Theta(0)) (Theta - Theta(0)), neuron i
        grad = sp.diff(f, W).subs(at0) * dw[i] + sum(sp.diff(f, U[r]).subs(at0) * du[r][i] for r in (0, 1))
        return f.subs(at1) - f.subs(at0) - grad
    sp1 = sr.symbolic.activation_derivative(sigma, Gc.subs(at0))
    A1 = sigma(Gc.subs(at1)) - sigma(Gc.subs(at0)) - sp1 * (Gc.subs(at1) - Gc.subs(at0))
    A2 = lin(G)
    ctx.index_identity("(14): eps_t^Lin = (1/sqrt m) sum_i c_i A_{1,i} + (1/sqrt m) sum_i c_i sigma'(check Gamma(0)) A_{2,i}, "
                       "every t, m", sp.Sum(c[i] * lin(Ht), (i, 1, m)) / sp.sqrt(m),
                       (sp.Sum(c[i] * A1, (i, 1, m)) + sp.Sum(c[i] * sp1 * ctx.printed["a2_coef"] * A2, (i, 1, m))) / sp.sqrt(m),
                       free={}, sizes={m: [1, 2]})


def _chain_search(ctx, which):
    """(15) / (16) at random points: the displayed inequalities with the printed Lambda_t, gamma_t (float64 search);
    the worst point, rounded to rationals, is handed to ctx.refute (exact replay, mpmath recheck, hypotheses)."""
    import numpy as np
    rng = np.random.default_rng(ctx.seed)
    count, worst, where, ratio = 0, -np.inf, None, 0.0
    for name in ("tanh", "logistic", "tanh_b2"):
        act = ACT[name]
        f0, f1, _ = sr.numeric.numpy_functions(act)
        for t in (2, 3):
            al, w0, u0, dw, du, X = _sample_neurons(rng, 60 if ctx.quick else 1500, t, 1, name)
            for j in range(len(al)):
                x = X[j:j + 1]
                Hp, gp = sr.numeric.neuron_derivatives_np(act, [w0[j]], [u0[j]], x[:, :t - 1, :])
                Hq, _ = sr.numeric.neuron_derivatives_np(act, [w0[j] + dw[j]], [u0[j] + du[j]], x[:, :t - 1, :])
                dG = (w0[j] + dw[j]) * Hq[0] - w0[j] * Hp[0]
                k = _lin_constants(ctx.printed, act, al[j], al[j] + abs(dw[j]), t)
                dth2 = dw[j] ** 2 + du[j, 0] ** 2
                if which == "15":
                    a0 = w0[j] * Hp[0] + u0[j, 0] * x[0, t - 1, 0]
                    a1 = a0 + dG + du[j, 0] * x[0, t - 1, 0]
                    A1 = abs(f0(a1) - f0(a0) - f1(a0) * (a1 - a0))
                    lhs, rhs = A1, float(act.sigma2) * (k["Lambda"] ** 2 * dth2 + du[j, 0] ** 2)
                else:
                    lhs = abs(dG - (Hp[0] * dw[j] + w0[j] * (gp[0, 0] * dw[j] + gp[0, 1] * du[j, 0])))
                    rhs = k["gamma"] / 2 * dth2
                margin = lhs - rhs
                ratio = max(ratio, float(lhs / rhs)) if rhs > 0 else ratio
                count += 1
                if margin > worst:
                    worst, where = margin, (name, t, al[j], w0[j], u0[j, 0], dw[j], du[j, 0], x[0, :, 0])
    if worst > 0:
        name, t, a, w0_, u0_, dw_, du_, xs = where
        q = lambda v: str(sp.Rational(v).limit_denominator(10 ** 6))  # noqa: E731
        params = {"act": name, "t": str(t), "alpha": q(a), "w0": "", "u0": q(u0_), "dw": q(dw_), "du": q(du_)}
        params["w0"] = params["alpha"] if w0_ > 0 else "-" + params["alpha"]
        params["am"] = str(sp.Rational(params["alpha"]) + abs(sp.Rational(params["dw"])))
        params.update({f"x{s}": q(xs[s]) for s in range(t)})
        return ctx.refute(f"({which}) with the printed constants fails", params,
                          certificate=f"float64 search: lhs - rhs = {worst:.3e} at the rounded point; re-evaluated exactly")
    ctx.no_violation(f"({which}) with the printed constants", points=count,
                     detail=f"largest lhs - rhs {worst:.3e} at {where}; largest lhs/rhs {ratio:.3e}")


def _chain_exact(p, dps, printed, which, lib):
    """lhs and rhs of (15) / (16) at a witness: SymPy (lib='sympy') or mpmath forward mode (lib='mpmath')."""
    from .model import lemma_constants
    act = ACT[p["act"]]
    t = int(p["t"])
    w0, u0, dw, du = (sp.Rational(p[k]) for k in ("w0", "u0", "dw", "du"))
    xs = [sp.Rational(p[f"x{s}"]) for s in range(t)]
    k = lemma_constants(printed, act.constants(), alpha_v=sp.Rational(p["alpha"]), am_v=sp.Rational(p["am"]), d_v=1, t=t)
    dth2 = dw ** 2 + du ** 2
    if lib == "sympy":
        w, u = sp.symbols("w u")
        Hm = sr.symbolic.unrolled_hidden(w, [u], [[v] for v in xs[:t - 1]], t - 1, act.sympy_fn())[t - 1]
        G = w * Hm
        at0, at1 = {w: w0, u: u0}, {w: w0 + dw, u: u0 + du}
        dG = G.subs(at1) - G.subs(at0)
        lin = sp.diff(G, w).subs(at0) * dw + sp.diff(G, u).subs(at0) * du
        if which == "16":
            lhs = sp.Abs(dG - lin)
        else:
            f = act.sympy_fn()
            a0 = G.subs(at0) + u0 * xs[t - 1]
            a1 = G.subs(at1) + (u0 + du) * xs[t - 1]
            lhs = sp.Abs(f(a1) - f(a0) - sp.diff(act.expr, sp.Symbol("z", real=True)).subs(sp.Symbol("z", real=True), a0) * (a1 - a0))
        lhs = sp.N(lhs, dps)
    else:
        c = mpmath.MPContext(); c.dps = dps
        X = [[str(v)] for v in xs[:t - 1]]
        H0, g0, _ = sr.numeric.neuron_derivatives(act, str(w0), [str(u0)], X, t - 1, c)
        H1, _, _ = sr.numeric.neuron_derivatives(act, str(w0 + dw), [str(u0 + du)], X, t - 1, c)
        m = lambda v: sr.numeric.to_mpf(c, v)  # noqa: E731
        dG = m(w0 + dw) * H1 - m(w0) * H0
        lin = (H0 + m(w0) * g0[0]) * m(dw) + m(w0) * g0[1] * m(du)
        if which == "16":
            lhs = abs(dG - lin)
        else:
            f0, f1 = act.mp(0, c), act.mp(1, c)
            a0 = m(w0) * H0 + m(u0) * m(xs[t - 1])
            a1 = a0 + dG + m(du) * m(xs[t - 1])
            lhs = abs(f0(a1) - f0(a0) - f1(a0) * (a1 - a0))
    rhs = k["gamma"] / 2 * dth2 if which == "16" else act.sigma2 * (k["Lambda"] ** 2 * dth2 + du ** 2)
    return lhs, sp.N(rhs, dps)


def _chain_hypotheses(claim):
    @claim.hypothesis("activation", r"$\sigma$ satisfies (4)")
    def _a(p):
        return p["act"] in ACT, p["act"]

    @claim.hypothesis("ball", r"$W_{ii}(0)=\pm\alpha$, $\alpha\in(0,1)$, $|\Delta W_{ii}|\le\alpha_m-\alpha=\rho_w/\sqrt m$, $|x_s|\le1$")
    def _b(p):
        al, am_, w0 = sp.Rational(p["alpha"]), sp.Rational(p["am"]), sp.Rational(p["w0"])
        ok = 0 < al < 1 and abs(w0) == al and abs(sp.Rational(p["dw"])) <= am_ - al and all(
            abs(sp.Rational(p[f"x{s}"])) <= 1 for s in range(int(p["t"])))
        return bool(ok), f"alpha = {al}, alpha_m = {am_}"


def _replay15(p, dps, printed):
    lhs, rhs = _chain_exact(p, dps, printed, "15", "sympy")
    return {"violated": bool(lhs > rhs), "values": {"|A_1|": lhs, "rhs": rhs}}


def _recheck15(p, dps, printed):
    lhs, rhs = _chain_exact(p, dps, printed, "15", "mpmath")
    return {"violated": lhs > mpmath.mpf(str(rhs)), "values": {"|A_1| (mpmath)": mpmath.nstr(lhs, 15)}}


def _replay16(p, dps, printed):
    lhs, rhs = _chain_exact(p, dps, printed, "16", "sympy")
    return {"violated": bool(lhs > rhs), "values": {"|A_2|": lhs, "rhs": rhs}}


def _recheck16(p, dps, printed):
    lhs, rhs = _chain_exact(p, dps, printed, "16", "mpmath")
    return {"violated": lhs > mpmath.mpf(str(rhs)), "values": {"|A_2| (mpmath)": mpmath.nstr(lhs, 15)}}


eq15 = paper.claim(
    "eq15", kind="proof-step", label="(15)", where="Sec. 3.3 (proof of Proposition 4)",
    statement=r"""$|A_{1,i}|\leq\frac{\sigma_{2}}{2}\left|\check{\Gamma}_{t-1}^{(i)}(\Theta)-\check{\Gamma}_{t-1}^{(i)}(\Theta(0))\right|^{2}\leq\sigma_{2}\left(\left|\Gamma_{t-1}^{(i)}(\Theta)-\Gamma_{t-1}^{(i)}(\Theta(0))\right|^{2}+\|U_{i}-U_{i}(0)\|_{2}^{2}\right)
\leq\sigma_{2}\left(\Lambda_{t}^{2}\|\Theta_{i}-\Theta_{i}(0)\|_{2}^{2}+\|U_{i}-U_{i}(0)\|_{2}^{2}\right)$ (15)""",
    uses=["eq14", "lemma2"], printed={"Lambda": LAMBDA_PRINTED, "L": L_PRINTED},
    variables=CHAIN_VARS,
    conclusions=[("chain", "|A_{1,i}| <= sigma_2/2 |check Gamma(Theta) - check Gamma(Theta(0))|^2 <= sigma_2 (|Gamma - Gamma(0)|^2 "
                           "+ ||U_i - U_i(0)||^2) <= sigma_2 (Lambda_t^2 ||Theta_i - Theta_i(0)||^2 + ||U_i - U_i(0)||^2)", "inequality")],
)


_chain_hypotheses(eq15)


@eq15.check(about="chain", layer="numeric", method="random search, float64; a violation is re-evaluated exactly", replay=_replay15,
            recheck=_recheck15, evaluators=("SymPy evalf", "mpmath forward mode"), scope="t = 2, 3, d = 1, tanh / logistic / tanh(2z)")
def _eq15(ctx):
    _chain_search(ctx, "15")


eq16 = paper.claim(
    "eq16", kind="proof-step", label="(16)", where="Sec. 3.3 (proof of Proposition 4)",
    statement=r"""$|A_{2,i}|\leq\frac{\gamma_{t}}{2}\|\Theta_{i}-\Theta_{i}(0)\|_{2}^{2}$ (16)""",
    uses=["eq14", "lemma2"], printed={"gamma": GAMMA_PRINTED, "L": L_PRINTED},
    variables=CHAIN_VARS,
    conclusions=[("bound", "|A_{2,i}| <= gamma_t/2 ||Theta_i - Theta_i(0)||_2^2", "inequality")],
)


_chain_hypotheses(eq16)


@eq16.check(about="bound", layer="numeric", method="random search, float64; a violation is re-evaluated exactly", replay=_replay16,
            recheck=_recheck16, evaluators=("SymPy evalf", "mpmath forward mode"), scope="t = 2, 3, d = 1, tanh / logistic / tanh(2z)")
def _eq16(ctx):
    _chain_search(ctx, "16")


@eq16.check(about="bound", layer="numeric", name="pinned_witness", method="exact evaluation at a pinned witness", replay=_replay16,
            recheck=_recheck16, evaluators=("SymPy evalf", "mpmath forward mode"),
            scope="the witness the full-mode search found (logistic, t = 3, small alpha), pinned so quick mode decides it too")
def _eq16_pinned(ctx):
    # via: found by this claim's float64 search in full mode (seed 0), rounded to rationals; see the ledger
    params = {"act": "logistic", "t": "3", "alpha": "33021/492812", "w0": "-33021/492812", "u0": "-81804/894491",
              "dw": "-4132/981481", "du": "-1028/223473", "am": "34445783285/483685614572", "x0": "188715/616247",
              "x1": "686587/739063", "x2": "-369729/831551"}
    out = _replay16(params, ctx.dps, ctx.printed)
    if out["violated"]:
        return ctx.refute("(16) with the printed gamma_t fails (logistic, small alpha)", params,
                          certificate=f"|A_2| = {sp.N(out['values']['|A_2|'], 10)} > gamma_3/2 ||Delta Theta||^2 = {sp.N(out['values']['rhs'], 10)}: "
                                      "the printed gamma_t inherits Lemma 1's L_t, too small for the logistic")
    ctx.inconclusive("pinned witness", f"not violated under the printed formulas: {out['values']}")


eq16_fix = paper.correction(
    "eq16_gamma", corrected_from="eq16", label="(16) with gamma_t = 2 L_t + alpha_m beta_t (corrected L_t)",
    statement=r"""$|A_{2,i}|\leq\frac{\gamma_{t}}{2}\|\Theta_{i}-\Theta_{i}(0)\|_{2}^{2}$ with $\gamma_{t}=2L_{t}+\alpha_{m}\beta_{t}$, $L_{t}=\mu_{0,t}\sigma_{1}\sqrt{\sigma_{0}^{2}+1}$ (appa_gamma_4, lemma1_sqrt).""",
    uses=["eq16", "appa_gamma_4", "lemma1_sqrt"], printed={"gamma": 2 * Lsym + am * Bsym, "L": L_SQRT},
    variables=CHAIN_VARS,
    conclusions=[("bound", "|A_{2,i}| <= gamma_t/2 ||Theta_i - Theta_i(0)||_2^2 with gamma_t = 2 L_t + alpha_m beta_t", "inequality")],
)
_chain_hypotheses(eq16_fix)


@eq16_fix.check(about="bound", layer="numeric", method="random search, float64; a violation is re-evaluated exactly", replay=_replay16,
                recheck=_recheck16, evaluators=("SymPy evalf", "mpmath forward mode"), scope="t = 2, 3, d = 1, tanh / logistic / tanh(2z)")
def _eq16_fix(ctx):
    _chain_search(ctx, "16")


eq17 = paper.claim(
    "eq17", kind="proof-step", label="(17)", where="Sec. 3.3 (proof of Proposition 4)",
    statement=r"""$|\epsilon_{t}^{\mathsf{Lin}}(\Theta)|\leq\frac{1}{\sqrt{m}}\sum_{i=1}^{m}\left(\sigma_{2}(1+\Lambda_{t}^{2})\|U_{i}-U_{i}(0)\|_{2}^{2}+\sigma_{2}\Lambda_{t}^{2}|W_{ii}-W_{ii}(0)|^{2}+\sigma_{1}\gamma_{t}\|\Theta_{i}-\Theta_{i}(0)\|_{2}^{2}\right)$ (17)
[and hence Proposition 4]""",
    uses=["eq14", "eq15", "eq16"], printed={"prop4_coef": sp.Integer(2)},
    variables={"a": sr.nonnegative("a_i = |W_ii - W_ii(0)|^2, every Theta and neuron i"),
               "b": sr.nonnegative("b_i = ||U_i - U_i(0)||_2^2, every Theta and neuron i").family(),
               "sigma_1": sr.positive(), "sigma_2": sr.positive(), "gamma": sr.positive("gamma_t, every t"),
               "Lambda2_minus_2": sr.nonnegative("Lambda_t^2 - 2 >= 0 (Lemma 2: Lambda_t >= sqrt 2)"), "m": sr.integer(1),
               "A": sr.given("the terms A_{1,i}, A_{2,i} of (14) and sigma'(check Gamma), every Theta (the step |eps^Lin| <= "
                             "(1/sqrt m) sum_i (|A_1| + sigma_1 |A_2|) is the triangle inequality)")},
    conclusions=[("display", "(17) from (14)-(16)", "inequality"), ("prop4", "hence Proposition 4's bound", "inequality")],
)


@eq17.check(layer="symbolic", full=True, method="SymPy sign decisions (positive symbols)",
            scope="(14) + (15) + (16) + |sigma'| <= sigma_1 imply (17); (17) with Lambda_t >= sqrt(2) implies Proposition 4")
def _eq17(ctx):
    s1_, s2_, g_ = sp.symbols("sigma_1 sigma_2 gamma", positive=True)
    a, b = sp.symbols("a b", nonnegative=True)                                      # a = |Delta W_ii|^2, b = ||Delta U_i||^2
    lam2 = sp.Symbol("Lambda2_minus_2", nonnegative=True) + 2                         # Lambda_t^2 >= 2 (Lemma 2: Lambda >= sqrt 2)
    rhs17 = s2_ * (1 + lam2) * b + s2_ * lam2 * a + s1_ * g_ * (a + b)
    from_15_16 = s2_ * (lam2 * (a + b) + b) + s1_ * g_ / 2 * (a + b)
    sign_or_witness(ctx, "(17)'s term minus |A_1| + sigma_1 |A_2| bounds from (15)-(16) >= 0", sp.expand(rhs17 - from_15_16),
                    "nonnegative")
    prop4_term = ctx.printed["prop4_coef"] * (lam2 * s2_ + g_ * s1_) * (a + b)
    sign_or_witness(ctx, "Proposition 4's per-neuron term minus (17)'s >= 0", sp.expand(prop4_term - rhs17), "nonnegative")
    # the sums over the m neurons (each neuron its own a_i, b_i): termwise, so for every width m
    i_, m_ = sp.symbols("i m", integer=True, positive=True)
    ai, bi = sp.IndexedBase("a", nonnegative=True), sp.IndexedBase("b", nonnegative=True)
    for title, diff in (("(1/sqrt m) sum_i [(17)'s term - the (15)-(16) bounds] >= 0, every m", rhs17 - from_15_16),
                        ("(1/sqrt m) sum_i [Proposition 4's term - (17)'s] >= 0, every m", prop4_term - rhs17)):
        ctx.sign(title, sp.Sum(sp.expand(diff).xreplace({a: ai[i_], b: bi[i_]}), (i_, 1, m_)) / sp.sqrt(m_), "nonnegative")


rem3 = paper.claim(
    "rem3", kind="remark", label="Remark 3", where="Sec. 3.3",
    statement=r"""In the case of feedforward neural networks, $\Theta_{i}\mapsto\check{\Gamma}_{t-1}^{(i)}(\Theta)$ is a linear mapping in $\Theta_{i}$, thus
smoothness of the activation function $\sigma$ would directly yield the linearization error (Telgarsky, 2021). In contrast, in our case,
$\Theta_{i}\mapsto\check{\Gamma}_{t-1}^{(i)}(\Theta)$ is highly nonlinear due to the weight-sharing [...]""",
    uses=["eq13"], printed={"t": sp.Integer(3)},
    variables={"t": sr.integer(1), "act": activation_var()},
    conclusions=[("feedforward", "for feedforward networks Theta_i -> check Gamma_{t-1} is linear in Theta_i", "property"),
                 ("recurrent", "for the RNN it is nonlinear (weight sharing)", "property")],
)


@rem3.check(about=("feedforward", "recurrent"), layer="symbolic", method="SymPy Hessians", scope="d = 1, tanh: W = 0 (feedforward) and t = printed t (recurrent)")
def _rem3(ctx):
    u, w = sp.symbols("u w")
    t = int(ctx.printed["t"])
    X = _inputs(t, 1)
    ff = 0 * sr.symbolic.unrolled_hidden(0, [u], X, t - 1, sp.tanh)[t - 1] + u * X[t - 1][0]
    ctx.identity("W = 0: d^2/du^2 check Gamma_{t-1} = 0 (linear in u)", sp.diff(ff, u, 2), 0)
    rec = w * sr.symbolic.unrolled_hidden(w, [u], X, t - 1, sp.tanh)[t - 1] + u * X[t - 1][0]
    hess = sp.diff(rec, w, u).subs({w: sp.Rational(1, 2), u: 1, X[0][0]: 1, X[1][0]: 1, X[2][0]: 1} if t >= 3 else {w: sp.Rational(1, 2), u: 1})
    ctx.sign("recurrent (W != 0): a mixed second derivative is nonzero at (w, u, X) = (1/2, 1, 1)", sp.Abs(hess.evalf(30)), "positive")


prop5 = paper.claim(
    "prop5", kind="proposition", label="Proposition 5", where="Sec. 3.3",
    statement=r"""For any $\mathbf{\tilde{F}}\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$, $\delta\in(0,1)$, training set $\mathcal{S}$ and width $m\in\mathbb{N}$, with probability at
least $1-\delta$ over the random initialization,
$\Big|\tilde{F}_{t}([\mathbf{X}^{(j)}]_{t};v_{w},v_{u})-F_{t}([\mathbf{X}^{(j)}]_{t};\Theta)\Big|\leq 2\mu_{0,t}\sigma_{1}(\bar{\nu}_{u}+\sigma_{0}\bar{\nu}_{w})\frac{\sqrt{\log(\frac{2nT}{\delta})}}{\sqrt{m}}+\frac{2}{\sqrt{m}}\Big(\Lambda_{T}^{2}\sigma_{2}+\gamma_{T}\sigma_{1}\Big)(\bar{\nu}_{u}^{2}+\bar{\nu}_{w}^{2})$,
simultaneously for all $t\in\{1,2,\ldots,T\}$ and $j\in\{1,2,\ldots,n\}$ for some $(\mathbf{W},\mathbf{U})\in\mathcal{W}\times\mathcal{U}$.""",
    uses=["prop3", "prop4"], printed={"union": 2 * sp.Symbol("n") * sp.Symbol("T") / sp.Symbol("delta")},
    notes="The argument of mu_{0,t} and the radii of W x U are not restated (Proposition 3's alpha sigma_1 and nubar).",
    variables={"delta": DELTA, "m": sr.integer(1), "n": sr.integer(1), "T": sr.integer(1),
               "v": sr.given("a transport pair of the class F_{nubar_w, nubar_u}"),
               "S": sr.given("a training set of n sequences with ||X_t|| <= 1")},
    conclusions=[("bound", "w.p. >= 1 - delta, for some (W, U) in W x U: |F~_t - F_t| <= 2 mu_{0,t} sigma_1 (nubar_u + sigma_0 "
                           "nubar_w) sqrt(log(2nT/delta))/sqrt(m) + (2/sqrt m)(Lambda_T^2 sigma_2 + gamma_T sigma_1)(nubar_u^2 + "
                           "nubar_w^2) simultaneously for all t, j", "inequality")],
)


@prop5.check(about="bound", layer="symbolic", method="SymPy identity (union bound)",
             scope="the per-sample display at level delta/n (log(2T/delta)) gives the printed log(2nT/delta)")
def _prop5(ctx):
    n_, T_, d_ = sp.symbols("n T delta", positive=True)
    ctx.identity("2T/(delta/n) = printed argument", 2 * T_ / (d_ / n_), ctx.printed["union"].xreplace(
        {sp.Symbol("n"): n_, sp.Symbol("T"): T_, sp.Symbol("delta"): d_}))


rem4 = paper.claim(
    "rem4", kind="remark", label="Remark 4", where="Sec. 3.3",
    statement=r"""Given a dynamical system $\mathbf{\tilde{F}}\in\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}$, one can construct $(\mathbf{W},\mathbf{U})\in\mathcal{W}_{\bar{\nu}_{w}}\times\mathcal{U}_{\bar{\nu}_{u}}$
that yields the approximation bounds in Theorem 5 as follows: $W_{ii}=W_{ii}(0)+\frac{1}{\sqrt{m}}c_{i}v_{w}(W_{ii}(0))$, $U_{i}=U_{i}(0)+\frac{1}{\sqrt{m}}c_{i}v_{u}(U_{i}(0))$.""",
    uses=["eq9", "sets", "prop5"], printed={"scale": sp.Integer(1)},
    notes="'Theorem 5' refers to Proposition 5 (there is no Theorem 5).",
    variables={"m": sr.integer(1), "v": sr.real(text="the transport values v_w(W_ii(0)), v_u(U_i(0))").family(),
               "nubar": sr.positive("nubar_w, nubar_u > 0")},
    conclusions=[("construction", "(W, U) of (20) lies in W_nubar_w x U_nubar_u and yields the approximation bounds of Proposition 5",
                  "property")],
)


@rem4.check(layer="symbolic", full=True, method="SymPy identities (c_i^2 = 1)",
            scope="every m: |W_ii - W_ii(0)| = |v_w|/sqrt(m) <= nubar_w/sqrt(m), ||Theta-bar - Theta(0)||_F^2 = (1/m) sum_i (v_w^2 + ||v_u||^2)")
def _rem4(ctx):
    v, m_ = sp.Symbol("v", real=True), sp.Symbol("m", positive=True)     # every real transport value v
    for ci in (1, -1):
        ctx.identity(f"|(c_i/sqrt m) v|^2 with c_i = {ci}", ((ci / sp.sqrt(m_)) * v) ** 2 / ctx.printed["scale"], v ** 2 / m_)
    nb = sp.Symbol("nubar", positive=True)
    p = sp.Symbol("p", nonnegative=True)   # |v| = nubar - p <= nubar
    ctx.sign("nubar^2/m - (nubar - p)^2/m >= 0 for 0 <= p <= nubar", sp.factor(((nb ** 2 - (nb - p) ** 2) / m_).subs(p, nb * sp.Symbol("q", positive=True) / (1 + sp.Symbol("q", positive=True)))), "nonnegative")
