"""Section 3: Proposition 1 (gradients) with (7), Remark 2, the NTK (Proposition 2), the RKHS of transport maps (8)-(9),
the memory sums (10), Propositions 3-5 with (11)-(17), Remarks 3-4."""

import mpmath
import sympy as sp

import symrnn as sr

from . import paper
from ._common import ACT, activation_hypothesis, eps_exponent  # noqa: F401

sigma = sp.Function("sigma")
x0, x1, x2 = sp.symbols("x0 x1 x2")


def _inputs(t, d):
    return [[sp.Symbol(f"x{s}_{r}") for r in range(d)] for s in range(t)]


# ---- Proposition 1 and (7) -------------------------------------------------------------------------------------
prop1 = paper.claim(
    "prop1", kind="proposition", label="Proposition 1", where="Sec. 3.1",
    statement=r"""Let $\sigma\in\mathscr{C}^{2}(\mathbb{R},\mathbb{R})$. For any $\mathbf{X}\in\mathbb{R}^{d\times T}$, $i,j\in\{1,2,\ldots,m\}$ and $t>0$,
$\partial_{U_{i}}H_{t}^{(j)}([\mathbf{X}]_{t};\Theta)=\delta_{ij}\sum_{k=0}^{t-1}W_{ii}^{k}X_{t-k-1}I_{i,t-1}(\mathbf{X};\mathbf{W},\mathbf{U})\ldots I_{i,t-k-1}(\mathbf{X};\mathbf{W},\mathbf{U})$,
$\partial_{W_{ii}}H_{t}^{(j)}([\mathbf{X}]_{t};\Theta)=\delta_{ij}\sum_{k=0}^{t-1}W_{ii}^{k}H_{t-k-1}^{(i)}([\mathbf{X}]_{t-k-1};\mathbf{W},\mathbf{U})I_{i,t-1}(\mathbf{X};\mathbf{W},\mathbf{U})\ldots I_{i,t-k-1}(\mathbf{X};\mathbf{W},\mathbf{U})$,
where $\delta_{ij}$ is the Kronecker delta, and $I_{i,t}(\mathbf{X};\mathbf{W},\mathbf{U})=\sigma^{\prime}\big(W_{ii}H_{t}^{(i)}([\mathbf{X}]_{t};\mathbf{W},\mathbf{U})+U_{i}^{\top}X_{t}\big)$.""",
    uses=["eq2", "notation_grad"], printed={"k_start": sp.Integer(0)},
)


@prop1.check(layer="symbolic", method="sympy.diff against the printed sums",
             scope="t = 1..4, d = 2, undefined sigma (every activation), i = j; and i != j for m = 2, t <= 3")
def _prop1(ctx):
    w = sp.Symbol("w"); u = sp.symbols("u1 u2")
    pairs = []
    for t in range(1, 5):
        X = _inputs(t, 2)
        H = sr.symbolic.unrolled_hidden(w, u, X, t, sigma)[t]
        dw, du = sr.symbolic.gradient_sum_form(w, u, X, t, sigma, k0=int(ctx.printed["k_start"]))
        pairs += [(f"t={t}: d/dW", sp.diff(H, w), dw)] + [(f"t={t}: d/dU_{r+1}", sp.diff(H, u[r]), du[r]) for r in range(2)]
    ctx.identities("Proposition 1's sums equal the derivatives of (2)", pairs)
    # i != j: H^{(2)} does not depend on (W_11, U_1)
    W = sp.symbols("W1 W2"); U = [[sp.Symbol("U1")], [sp.Symbol("U2")]]
    X = _inputs(3, 1)
    H2 = sr.symbolic.unrolled_hidden(W[1], U[1], X, 3, sigma)[3]
    ctx.identities("delta_ij: d H^{(2)} / d Theta_1 = 0", [("W_11", sp.diff(H2, W[0]), 0), ("U_1", sp.diff(H2, U[0][0]), 0)])


eq7 = paper.claim(
    "eq7", kind="proof-step", label="(7)", where="Sec. 3.1 (proof of Proposition 1)",
    statement=r"""$\partial_{U_{i}}H_{t}^{(j)}=(W_{ii}\partial_{U_{i}}H_{t-1}^{(j)}+\delta_{ij}X_{t-1})I_{j,t-1}$, with $\partial_{U_{i}}H_{1}^{(j)}=\delta_{ij}X_{0}I_{j,0}$.""",
    uses=["eq2"], printed={"coef": sp.Integer(1)},
    notes="The proof of Proposition 1 is not in the text version beyond this recursion; transcribed from the spec's reading.",
)


@eq7.check(layer="symbolic", method="sympy.diff", scope="t = 1..4, d = 1, undefined sigma, i = j")
def _eq7(ctx):
    w, u = sp.symbols("w u")
    X = _inputs(4, 1)
    H = sr.symbolic.unrolled_hidden(w, [u], X, 4, sigma)
    pairs = []
    for t in range(1, 5):
        I = sr.symbolic._elman.activation_derivative(sigma, w * H[t - 1] + u * X[t - 1][0])
        rhs = (w * sp.diff(H[t - 1], u) + ctx.printed["coef"] * X[t - 1][0]) * I
        pairs.append((f"t={t}", sp.diff(H[t], u), rhs))
    ctx.identities("recursion (7)", pairs)


rem2 = paper.claim(
    "rem2", kind="remark", label="Remark 2", where="Sec. 3.1",
    statement=r"""For ReLU activation, the expressions in Prop. 1 with $I_{i,t}:=\mathbb{1}\{W_{ii}H_{t}^{(i)}+U_{i}^{\top}X_{t}\geq 0\}$
will not be subgradient for ReLU RNNs in general.""",
    uses=["prop1"], printed={"t": sp.Integer(2)},
    notes="Transcribed from the spec (the text extraction of Remark 2 is garbled).",
)


@rem2.check(layer="symbolic", full=True, method="exact rational witness",
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
    ctx.exact_predicate("f(Theta') < f(Theta) + g^T (Theta' - Theta): g is not a subgradient", bool(lhs < rhs),
                        detail=f"Theta = (w, u) = (1, 1), Theta' = (2, 0): {lhs} < {rhs}")


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
)


def _kernel_integrand(w0, u0, X, Xp, t, sig, k0):
    """The integrand of kappa_t (d = 1) as printed with the double sum from k0."""
    h = sr.symbolic.unrolled_hidden(w0, [u0], X, t, sig)
    hp = sr.symbolic.unrolled_hidden(w0, [u0], Xp, t, sig)
    I = lambda hh, XX, s: sr.symbolic._elman.activation_derivative(sig, w0 * hh[s] + u0 * XX[s][0])  # noqa: E731
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
    """t = 1, d = 1, tanh, X_0 = X'_0 = x: the limit is E[sigma'(u x)^2] x^2 > 0 (mpmath quadrature over
    u ~ N(0,1)); the printed kappa_1 has the double sum over k, l = k_start..0, empty when k_start >= 1."""
    ctx = mpmath.MPContext(); ctx.dps = dps
    x = ctx.mpf(sp.Rational(params["x"]).p) / sp.Rational(params["x"]).q
    t = int(params["t"])
    if t != 1:
        raise sr.InvalidArgument("this replay evaluates t = 1 (the printed double sum is then empty)")
    limit = ctx.quad(lambda u: (1 - ctx.tanh(u * x) ** 2) ** 2 * x ** 2 * ctx.npdf(u), [-ctx.inf, 0, ctx.inf])
    printed_kappa = limit if int(printed["k_start"]) <= 0 else ctx.mpf(0)
    return {"violated": abs(limit - printed_kappa) > ctx.mpf(10) ** (-dps // 2),
            "values": {"limit": ctx.nstr(limit, 15), "printed kappa_1": ctx.nstr(printed_kappa, 15)}}


def _prop2_recheck(params, dps, printed):
    """Independent: an Arb-certified lower bound of the limit, E[sech(u x)^4] x^2 >= sech(x)^4 P(|u| <= 1) x^2 (|x| <= 1)."""
    fl = sr.numeric._arb.flint()
    x = sp.Rational(params["x"])
    with sr.numeric._arb.precision(4 * dps):
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


@prop2.check(layer="symbolic", name="finite_width", method="SymPy: Proposition 1 at a mirrored pair vs the printed integrand",
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
)


@prop2_k0.check(layer="symbolic", method="SymPy identity at a mirrored pair + the strong law of large numbers",
                scope="t = 1, 2, 3, d = 1, undefined sigma: sum_i <dF, dF'> = (2/m) sum_{i<=m/2} G(w_i, u_i) with G the "
                      "corrected integrand (c_i^2 = 1), an average of m/2 iid bounded terms (SLLN gives the a.s. limit)")
def _prop2_k0(ctx):
    for t in (1, 2, 3):
        S, (w, u, c, X, Xp) = _finite_width_sum(t, sigma)
        ctx.identity(f"t={t}", S.subs(c, 1), _kernel_integrand(w, u, X, Xp, t, sigma, int(ctx.printed["k_start"])))


mercer = paper.claim(
    "mercer", kind="remark", label="Sec. 3.1 (Mercer kernel)", where="Sec. 3.1",
    statement=r"""It is easy to verify that the neural tangent kernel $\kappa_{t}$ is a Mercer kernel for every $t\in\mathbb{N}$, therefore it has an
associated reproducing kernel Hilbert space (RKHS) $\mathscr{H}_{\kappa_{t}}$.""",
    uses=["prop2"], printed={"tol": sp.Rational(1, 10 ** 10)},
)


@mercer.check(layer="property", method="Gram matrices of a Monte Carlo kappa_t (an average of feature outer products)",
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

paper.claim("rkhs", kind="remark", label="Sec. 3.2 (RKHS of transport maps)", where="Sec. 3.2",
            statement=r"""It can be easily shown that the completion of the function class $\{[\mathbf{X}]_{t}\mapsto\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u}):\mathbb{E}|v_{w}(w_{0})|^{2}<\infty,\mathbb{E}\|v_{u}(u_{0})\|_{2}^{2}<\infty\}$
is exactly the RKHS associated with the NTK $\mathscr{H}_{\kappa_{t}}$ [...]. The inner product [...] is
$\left\langle\tilde{F}_{t}(\cdot,v_{w},v_{u}),\tilde{F}_{t}(\cdot,v^{\prime}_{w},v^{\prime}_{u})\right\rangle_{\mathscr{H}_{\kappa_{t}}}=\mathbb{E}\Big[v_{u}^{\top}(u_{0})v_{u}^{\prime}(u_{0})+v_{w}(w_{0})v_{w}^{\prime}(w_{0})\Big]$.""",
            uses=["eq8", "prop2"],
            discursive="the random-feature RKHS construction cited from Rahimi and Recht (2008) and Ji et al. (2019); "
                       "note the inner product formula holds for the minimal-norm transport pair only, not for every pair")

universal = paper.claim(
    "rkhs_universal", kind="remark", label="Sec. 3.2 (universality)", where="Sec. 3.2",
    statement=r"""Furthermore, since the kernel $\kappa_{t}$ is universal, the associated RKHS $\mathscr{H}_{\kappa_{t}}$ is dense in the space of
continuous functions on a compact set (Ji et al., 2019).""",
    assumptions=[r"$\sigma$ satisfies (4)", r"compact sets containing the data support $\{\max_t\|X_t\|_2\le1\}$"],
    uses=["prop2_k0", "eq8"], printed={"sigma_at_0": sp.Integer(0)},
    notes="printed= holds tanh(0) = 0, the fact the witness rests on.",
)


def _univ_replay(params, dps, printed):
    """At X = 0 (all X_t = 0) with tanh: h^0_t = tanh(w_0 h^0_{t-1}) = 0 for every t (tanh(0) = printed sigma_at_0 = 0),
    so every feature (and every F~_t) vanishes at X = 0 and kappa_t(0, 0) = 0 (SymPy, exact)."""
    t = int(params["t"])
    w0, u0 = sp.symbols("w0 u0")
    X = [[sp.Integer(0)] for _ in range(t)]
    sig = sp.Lambda(sp.Symbol("z"), sp.tanh(sp.Symbol("z")) + printed["sigma_at_0"])
    kap = _kernel_integrand(w0, u0, X, X, t, sig, 0)
    k00 = sp.simplify(kap)
    return {"violated": k00 == 0, "values": {"kappa_t(0,0) integrand": k00,
                                             "consequence": "f(0) = 0 for every f in H_kappa: the constant 1 is at sup-distance >= 1"}}


def _univ_recheck(params, dps, printed):
    """Independent: mpmath forward-mode derivatives of the neuron at X = 0, for w0 = +-alpha and a grid of u0."""
    ctx = mpmath.MPContext(); ctx.dps = dps
    t = int(params["t"])
    act = ACT["tanh"]
    worst = ctx.mpf(0)
    for w0 in ("1/2", "-1/2"):
        for u0 in ("-3", "-1/3", "0", "2/7", "5"):
            H, g, _ = sr.numeric.neuron_derivatives(act, w0, [u0], [["0"]] * t, t, ctx)
            worst = max(worst, abs(H) + sum(abs(v) for v in g))
    shift = ctx.mpf(sp.N(printed["sigma_at_0"], dps))
    return {"violated": worst == 0 and shift == 0, "values": {"max |H_t| + |grad H_t| at X = 0": ctx.nstr(worst, 5)}}


activation_hypothesis(universal)


@universal.hypothesis("compact", r"compact set containing the support $\{\max_t\|X_t\|_2\le1\}$, $t\ge1$")
def _univ_compact(p):
    return int(p["t"]) >= 1, "the closed unit ball contains X = 0"


@universal.check(layer="symbolic", full=True, method="exact evaluation at X = 0", replay=_univ_replay, recheck=_univ_recheck,
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


paper.claim("eq9", kind="definition", label="(9)", where="Sec. 3.2",
            statement=r"""$\mathscr{F}_{\bar{\nu}_{w},\bar{\nu}_{u}}=\Big\{[\mathbf{X}]_{t}\mapsto\tilde{F}_{t}([\mathbf{X}]_{t};v_{w},v_{u}):\sup_{w_{0}\in\mathbb{R}}|v_{w}(w_{0})|\leq\bar{\nu}_{w},\sup_{u_{0}\in\mathbb{R}^{d}}\|v_{u}(u_{0})\|_{2}\leq\bar{\nu}_{u},t=1,2,\ldots,T\Big\}$""",
            uses=["eq8"])

normbound = paper.claim(
    "rkhs_normbound", kind="remark", label="Sec. 3.2 (norm bound)", where="Sec. 3.2",
    statement=r"""It is straightforward to see that, for any $t\in\{1,2,\ldots,T\}$, we have $\|\tilde{F}_{t}\|_{\mathscr{H}_{\kappa_{t}}}\leq\sqrt{\bar{\nu}_{u}^{2}+\bar{\nu}_{w}^{2}}$.""",
    uses=["eq9", "rkhs"], printed={"coef": sp.Integer(1)},
)


@normbound.check(layer="symbolic", full=True, method="exact: a linear function of (p^2, q^2) on [0,1]^2",
                 scope="E|v_w|^2 = (v_w(alpha)^2 + v_w(-alpha)^2)/2 <= nubar_w^2 for v_w(+-alpha) = nubar_w p, nubar_w q with "
                       "p, q in [-1, 1]; E||v_u||^2 <= sup ||v_u||^2 pointwise; the norm of F~ is at most its transport norm")
def _normbound(ctx):
    P, Q = sp.symbols("P Q", nonnegative=True)
    f = ctx.printed["coef"] - (P + Q) / 2   # P = p^2, Q = q^2 in [0, 1]: linear, so its minimum is at a vertex
    vals = [f.subs({P: a, Q: b}) for a in (0, 1) for b in (0, 1)]
    ctx.exact_predicate("coef - (P + Q)/2 >= 0 at the four vertices of [0,1]^2", all(v >= 0 for v in vals),
                        detail=f"vertex values {vals}")


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
)


@mu_cutoff.check(layer="symbolic", full=True, method="SymPy sign decisions after z = 1/(1+y) and z = 1 + y",
                 scope="every T >= 1 and every z > 0")
def _mu_cutoff(ctx):
    y, T = sp.Symbol("y", positive=True), sp.Symbol("T", positive=True, integer=True)
    # 0 < z < 1 as z = 1/(1+y): (1 - z)^p mu_0 mu_1 <= 1 since z^T (T + 1 - T z) >= 0 and 1 - z^T <= 1
    z = 1 / (1 + y)
    ctx.sign("z < 1: T + 1 - T z > 0 (so mu_1 <= (1-z)^{-2})", sp.together(T + 1 - T * z), "positive")
    ctx.sign("z < 1: z^T > 0 (so mu_0 <= (1-z)^{-1})", z ** T, "positive")
    ctx.identity("(1 - z)^3 mu_0 mu_1 = (1 - z^T)(1 - (T+1) z^T + T z^{T+1})",
                 (1 - z) ** ctx.printed["power"] * sr.symbolic.mu0_closed(z, T) * sr.symbolic.mu1_closed(z, T),
                 (1 - z ** T) * (1 - (T + 1) * z ** T + T * z ** (T + 1)))
    k = sp.Symbol("k", integer=True, nonnegative=True)
    ctx.identity("z = 1: mu_T = T^2 (T+1)/2", sp.summation(1, (k, 0, T - 1)) * sp.summation(k + 1, (k, 0, T - 1)),
                 T ** 2 * (T + 1) / 2)
    ctx.exact("z = 1: lim log(mu_T)/T", sp.limit(sp.log(T ** 2 * (T + 1) / 2) / T, T, sp.oo), sp.Integer(0))
    # z > 1 as z = 1 + y: mu_0 >= z^{T-1} and mu_1 >= T z^{T-1} >= z^{T-1} (last terms of the sums)
    ctx.step("z > 1: mu_{0,T} >= z^{T-1} and mu_{1,T} >= T z^{T-1} (the last terms), so mu_T >= z^{2(T-1)} = e^{Omega(T)}")
    ctx.sign("z > 1: log z > 0", sp.log(1 + y), "positive")
