"""Training experiments (the paper has none): E1-E11 of the spec, each with predictions registered in the statement
before running. torch float64 on the CPU, batched over seeds (one program per experiment). Quick mode is the default test
size; full mode (`symrnn check cayci2024` without --quick) is sized for well under an hour on a 2-core CPU in total."""

import math

import sympy as sp

import symrnn as sr

from . import paper
from .activations import ACT

# the full sizes (stated in the evidence): E1 8 seeds x m in {2..512}; E2 8 seeds x m = 2^4..2^12; E4 8 seeds, m = 256, tau up to 3000;
# E6 T up to 60; E9 m = 2^4..2^14 against m_ref = 2^17; E3 400 initialisations, m up to 2^12; E5 n up to 1024; E7 m = 21850,
# tau_0 = 214 (Theorem 2's own quantities); E8 tau up to 6400; E10 tau up to 2560; E11 N up to 256 centres


# -- controls: every prediction below is a criterion on the experiment's observations, run first on a synthetic input that
# has the predicted effect (must pass) and on one without it (must fail); see symrnn.Prediction
def _slope(xs, ys):
    import numpy as np
    return float(np.polyfit(np.log(xs), np.log(ys), 1)[0])


def _power(xs, p):
    return [x ** p for x in xs]


# -- fidelity: the paper reports no experiment; each table sets the spec's set-up (ours) beside that, row by row ---------
def _fidelity(ctx, spec, tests, **ours):
    """ours: {aspect: text} for every aspect of sr.ASPECTS; the paper's column is the absence of an experiment."""
    ctx.fidelity({a: ("no experiment in the paper", ours[a], f"spec {spec}: a test of {tests}") for a in sr.ASPECTS})


_ELMAN = "diagonal Elman RNN (1) with a symmetric initialisation (Definition 1), tanh unless stated"


def _T():
    from symrnn import train as T
    T.quiet_cpu(1)
    return T, T.torch()


e1 = paper.claim(
    "e1_zero", kind="remark", label="E1 (zero output at initialisation)", where="experiments (spec E1)",
    statement=r"""Pre-registered predictions: (1) at a symmetric initialisation (Definition 1), $\max_{t,j}|F_t([\mathbf X^{(j)}]_t;\Theta(0))|\le10^{-12}$ for every seed,
even width $m$, $T$, $\alpha$ and input (float64); (2) negative control: with $U(0)$ drawn without mirroring, $\max|F_t|>10^{-3}$ for every seed.""",
    uses=["def1_zero"], printed={"tol": sp.Rational(1, 10 ** 12), "control": sp.Rational(1, 1000)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("zero", "(1) max_{t,j} |F_t(X^(j); Theta(0))| <= 10^-12 at a symmetric initialisation, every seed, width, T, alpha, input of the grid", "property"),
                 ("control", "(2) negative control: unmirrored U(0) gives max |F_t| > 10^-3 for every seed", "property")],
)


@e1.check(about=("zero", "control"), layer="empirical", requires=("torch",), method="batched torch forward passes",
          scope="quick: 4 seeds, m in {2, 8, 32}, T = 6, d = 3, tanh / logistic; full: 8 seeds, m up to 512, T = 20")
def _e1(ctx):
    _fidelity(ctx, "E1", "Definition 1 (zero output at a symmetric initialisation)", model=_ELMAN + ", tanh and logistic",
              sizes="4 seeds, m in {2, 8, 32}, T = 6 quick; 8 seeds, m up to 512, T = 20 full; d = 3, 5 inputs",
              initialisation="symmetric (mirrored) and, as the negative control, unmirrored", loss="none: forward passes",
              optimiser="none", **{"learning rate": "none"}, steps="none", stopping="none", teacher="none",
              metric="max_{t, j} |F_t| (float64)", plotted="a table of the maxima")
    T, torch = _T()
    E = T.elman
    S = 4 if ctx.quick else 8
    widths = (2, 8, 32) if ctx.quick else (2, 8, 32, 128, 512)
    Tn = 6 if ctx.quick else 20
    worst, control = 0.0, math.inf
    g = torch.Generator().manual_seed(ctx.seed)
    for act in ("tanh", "logistic"):
        for m in widths:
            X = torch.rand(5, Tn, 3, generator=g, dtype=torch.float64) * 2 - 1
            c, W0, U0 = E.symmetric_init(S, m, 3, 0.7, ctx.seed + m)
            worst = max(worst, float(E.output(W0, U0, c, X, act).abs().max()))
            c2, W2, U2 = E.symmetric_init(S, m, 3, 0.7, ctx.seed + m, mirrored=False)
            control = min(control, float(E.output(W2, U2, c2, X, act).abs().amax(dim=(1, 2)).min()))
    ctx.table("E1", ("max |F_t(Theta(0))| (mirrored)", "min over seeds of max |F_t| (control)"), [(f"{worst:.3e}", f"{control:.3e}")])
    tol, ctl = float(ctx.printed["tol"]), float(ctx.printed["control"])
    out = ctx.controlled([
        sr.Prediction("(1) max |F_t(Theta(0))| <= 1e-12 at symmetric initialisations", lambda o: o["worst"] <= tol,
                      {"worst": 1e-16}, {"worst": 1e-3}, "max |F| = 1e-16 / 1e-3"),
        sr.Prediction("(2) the unmirrored control has max |F_t| > 1e-3 for every seed", lambda o: o["control"] > ctl,
                      {"control": 0.1}, {"control": 1e-16}, "min over seeds 0.1 / 1e-16")], {"worst": worst, "control": control})
    if out is None:
        return None
    ok = all(out)
    if ok:
        return ctx.confirmed("zero output at a symmetric initialisation; the unmirrored control is not zero", predictions=2,
                             detail=f"max |F| = {worst:.2e}; control >= {control:.2e}")
    ctx.inconclusive("E1", f"a prediction failed: max |F| = {worst:.3e}, control = {control:.3e}")


e2 = paper.claim(
    "e2_linearisation", kind="remark", label="E2 (linearisation error against width)", where="experiments (spec E2)",
    statement=r"""Pre-registered predictions, for $\Theta\in\mathcal W_{r}\times\mathcal U_{r}$ with every row moved by $r/\sqrt m$ ($r=1$, random directions):
(1) $\max_{j,t}|F_t-F^{\mathsf{Lin}}_t|\le\frac{2}{\sqrt m}(\Lambda_t^2\sigma_2+\gamma_t\sigma_1)(\|\Delta\mathbf W\|_F^2+\|\Delta\mathbf U\|_F^2)$ (Proposition 4, printed constants) for every seed and width;
(2) the fitted slope of $\log$ (seed-median error) against $\log m$ is at most $-1/2+0.15$.""",
    uses=["prop4"], printed={"slope": sp.Rational(-1, 2), "tol": sp.Rational(3, 20)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("bound", "(1) max_{j,t} |F_t - F^Lin_t| <= Proposition 4's bound (printed constants) for every seed and width of the grid", "property"),
                 ("slope", "(2) the fitted slope of log(seed-median error) against log m is at most -1/2 + 0.15", "property")],
)


@e2.check(about=("bound", "slope"), layer="empirical", requires=("torch",), method="batched torch: F and F^Lin (forward-mode gradients at Theta(0))",
          scope="quick: 4 seeds, m = 2^4..2^9, T = 4, d = 2, tanh, alpha = 1/2; full: 8 seeds, m = 2^4..2^12, T = 8")
def _e2(ctx):
    _fidelity(ctx, "E2", "Proposition 4 (linearisation error)", model=_ELMAN, sizes="4 seeds, m = 2^4..2^9, T = 4 quick; "
              "8 seeds, m = 2^4..2^12, T = 8 full; d = 2, 6 inputs", initialisation="symmetric, alpha = 1/2, then every row "
              "moved by r / sqrt(m), r = 1", loss="none: F against F^Lin", optimiser="none", **{"learning rate": "none"},
              steps="none", stopping="none", teacher="none", metric="max |F_t - F^Lin_t| against Proposition 4's bound; the "
              "slope in log m", plotted="the seed-median error and the bound against m")
    import numpy as np
    T, torch = _T()
    E = T.elman
    from .model import lemma_constants_float
    S = 4 if ctx.quick else 8
    ms = [2 ** k for k in (range(4, 10) if ctx.quick else range(4, 13))]
    Tn, d, al = (4 if ctx.quick else 8), 2, 0.5
    g = torch.Generator().manual_seed(ctx.seed)
    X = torch.rand(6, Tn, d, generator=g, dtype=torch.float64) * 2 - 1
    X = X / X.norm(dim=-1, keepdim=True).clamp(min=1)
    meds, pairs, rows = [], [], []
    for m in ms:
        c, W0, U0 = E.symmetric_init(S, m, d, al, ctx.seed + m)
        dW = torch.sign(torch.randn(S, m, generator=g, dtype=torch.float64)) / math.sqrt(m)
        dU = torch.randn(S, m, d, generator=g, dtype=torch.float64)
        dU = dU / dU.norm(dim=-1, keepdim=True) / math.sqrt(m)
        W, U = W0 + dW, U0 + dU
        err = (E.output(W, U, c, X) - E.linearised(W, U, W0, U0, c, X)).abs()      # (S, n, T)
        k = lemma_constants_float({}, ACT["tanh"].constants(), alpha_v=al, am_v=al + 1 / math.sqrt(m), d_v=d, t=Tn)
        bound = 2 / math.sqrt(m) * (k["Lambda"] ** 2 * float(ACT["tanh"].sigma2) + k["gamma"]) * 2.0
        e_max = err.amax(dim=(1, 2))
        pairs.append((e_max.tolist(), bound))
        meds.append(float(e_max.median()))
        rows.append((m, f"{meds[-1]:.3e}", f"{bound:.3e}"))
    slope = float(np.polyfit(np.log(ms), np.log(meds), 1)[0])
    ctx.table("E2: max |F - F^Lin| (seed median) and the printed bound", ("m", "median error", "Prop. 4 bound"), rows)
    ctx.plot("e2_linearisation", "E2: linearisation error against width (seed median), with Proposition 4's bound",
             xlabel="m", ylabel="max |F_t - F^Lin_t|", lines=[("measured", ms, meds), ("Prop. 4 bound", ms, [float(r[2]) for r in rows])],
             logx=True, logy=True)
    top = float(ctx.printed["slope"] + ctx.printed["tol"])
    bounds = [b for _, b in pairs]
    out = ctx.controlled([
        sr.Prediction("(1) max |F - F^Lin| <= Proposition 4's bound for every seed and width",
                      lambda o: all(e <= b for es, b in o["pairs"] for e in es),
                      {"pairs": [([b / 10] * S, b) for b in bounds]}, {"pairs": [([b / 10] * S, b) for b in bounds[:-1]]
                                                                       + [([2 * bounds[-1]] * S, bounds[-1])]},
                      "errors at a tenth of the bound / twice the bound at the largest m"),
        sr.Prediction(f"(2) fitted slope of log median error against log m <= {top:.2f}",
                      lambda o: _slope(o["ms"], o["meds"]) <= top, {"ms": ms, "meds": _power(ms, -0.5)},
                      {"ms": ms, "meds": _power(ms, -0.1)}, "errors m^-1/2 / m^-0.1")], {"pairs": pairs, "ms": ms, "meds": meds})
    if out is None:
        return None
    ok1, ok2 = out
    if ok1 and ok2:
        return ctx.confirmed("Proposition 4's bound holds and the error decays at least like m^{-1/2}", predictions=2,
                             detail=f"fitted slope {slope:.3f}")
    ctx.inconclusive("E2", f"bound held: {ok1}; fitted slope {slope:.3f} (prediction <= {float(ctx.printed['slope'] + ctx.printed['tol']):.2f})")


def _teacher(torch, E, X, nu_u=1.0, nu_w=0.5, alpha=0.5, act="tanh"):
    """F*_t = F~_t(X; v_w, v_u) exactly (Gauss-Hermite quadrature; `_realizable` explains the transport pair), a member of
    F_{nu_w, nu_u}."""
    vw = lambda w: nu_w * (3 + torch.sign(w)) / 4                                   # noqa: E731
    vu = lambda u: nu_u * (1 + torch.tanh(u)) / (2 * math.sqrt(u.shape[-1]))        # noqa: E731
    return E.transport_target(X, alpha, vw, vu, act, nodes=48 if X.shape[-1] > 1 else 64)


e4 = paper.claim(
    "e4_pgd", kind="remark", label="E4 (projected GD against iterations)", where="experiments (spec E4)",
    statement=r"""Pre-registered predictions for max-norm projected GD with $\eta=\frac{1}{T\sqrt\tau}$, $\rho_w=\rho_u=1$ on a realizable target of
$\mathscr F_{\bar\nu_w,\bar\nu_u}$ ($\bar\nu_w=1/2$, $\bar\nu_u=1$): (1) $\min_{s<\tau}\widehat{\mathcal R}(\Theta(s))\le$ (18) for every seed and $\tau$;
(2) the seed-median of $\min_{s<\tau}\widehat{\mathcal R}$ decreases from the smallest to the largest $\tau$; (3) every iterate stays in the projection ball.""",
    uses=["thm1", "pgd_radius"], printed={"tau_exp": sp.Rational(-1, 2)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("bound", "(1) min_{s<tau} R(Theta(s)) <= (18) for every seed and tau of the grid", "property"),
                 ("decrease", "(2) the seed median of min_{s<tau} R decreases from the smallest to the largest tau", "property"),
                 ("ball", "(3) every iterate stays in the projection ball", "property")],
)


@e4.check(about=("bound", "decrease", "ball"), layer="empirical", requires=("torch",), method="batched torch PGD (autograd gradients of (1))",
          scope="quick: 4 seeds, m = 64, n = 8, T = 4, d = 2, tau in {10, 40, 160}; full: 8 seeds, m = 256, n = 32, tau up to 2560")
def _e4(ctx):
    _fidelity(ctx, "E4", "Theorem 1's bound (18)", model=_ELMAN, sizes="4 seeds, m = 64, n = 8, T = 4 quick; 8 seeds, "
              "m = 256, n = 32, T = 6 full; d = 2", initialisation="symmetric, alpha = 1/2", loss="the empirical risk (1)",
              optimiser="max-norm projected GD, rho_w = rho_u = 1", **{"learning rate": "eta = 1/(T sqrt(tau))"},
              steps="tau in {10, 40, 160} quick, up to 2560 full", stopping="tau steps", teacher="a realizable target of "
              "F_{1/2, 1} by its transport pair (Gauss-Hermite quadrature)", metric="min_{s<tau} risk against (18)",
              plotted="the seed-median min risk against tau")
    T, torch = _T()
    E = T.elman
    from .model import theorem1_bound
    S, m, n, Tn, d = (4, 64, 8, 4, 2) if ctx.quick else (8, 256, 32, 6, 2)
    taus = (10, 40, 160) if ctx.quick else (10, 40, 160, 640, 2560)
    g = torch.Generator().manual_seed(ctx.seed)
    X = torch.rand(n, Tn, d, generator=g, dtype=torch.float64) * 2 - 1
    X = X / X.norm(dim=-1, keepdim=True).clamp(min=1)
    Y = _teacher(torch, E, X)
    c, W0, U0 = E.symmetric_init(S, m, d, 0.5, ctx.seed + 2)
    rows, meds, below, inside = [], [], [], []
    for tau in taus:
        r = E.descend(W0, U0, c, X, Y, eta=1 / (Tn * math.sqrt(tau)), steps=tau, radii=(1.0, 1.0), record_every=max(1, tau // 20))
        mins = r["risk"].amin(0)
        b = float(sp.N(theorem1_bound(ACT["tanh"].constants(), alpha_v=sp.Rational(1, 2), rw_v=1, ru_v=1, nw_v=sp.Rational(1, 2),
                                      nu_v=1, m_v=m, T_v=Tn, n_v=n, delta_v=sp.Rational(1, 20), tau_v=tau, d_v=d)["bound"]))
        below.append((mins.tolist(), b))
        inside.append(max(float(r["dev_w"].max()), float(r["dev_u"].max())))
        meds.append(float(mins.median()))
        rows.append((tau, f"{meds[-1]:.4e}", f"{b:.3e}", f"{float(r['dev_w'].max()):.3f}", f"{float(r['dev_u'].max()):.3f}"))
    ctx.table("E4: PGD", ("tau", "median min risk", "(18)", "max sqrt(m)|dW|", "max sqrt(m)||dU||"), rows)
    ctx.plot("e4_pgd", "E4: min_{s<tau} risk under PGD (seed median)", xlabel="tau", ylabel="min risk",
             lines=[("median min risk", list(taus), meds)], logx=True, logy=True)
    bs = [b for _, b in below]
    out = ctx.controlled([
        sr.Prediction("(1) min_{s<tau} R <= (18) for every seed and tau", lambda o: all(x <= b for xs, b in o["below"] for x in xs),
                      {"below": [([b / 10] * S, b) for b in bs]}, {"below": [([2 * b] * S, b) for b in bs]},
                      "risks at a tenth of (18) / at twice (18)"),
        sr.Prediction("(2) the seed median of min R decreases from the smallest to the largest tau",
                      lambda o: o["meds"][-1] < o["meds"][0], {"meds": _power(taus, -0.5)}, {"meds": [1.0] * len(taus)},
                      "median tau^-1/2 / constant"),
        sr.Prediction("(3) every iterate stays in the projection ball (sqrt(m) deviations <= 1)",
                      lambda o: all(v <= 1 + 1e-9 for v in o["inside"]), {"inside": [0.9] * len(taus)},
                      {"inside": [0.9] * (len(taus) - 1) + [1.1]}, "max deviation 0.9 / 1.1 at the largest tau")],
        {"below": below, "meds": meds, "inside": inside})
    if out is None:
        return None
    ok1, ok2, ok3 = out
    if ok1 and ok2 and ok3:
        return ctx.confirmed("PGD within (18), improving with tau, inside the ball", predictions=3,
                             detail=f"(18) exceeds the measured risk by orders of magnitude: {rows[-1][2]} vs {rows[-1][1]}")
    ctx.inconclusive("E4", f"(18) held: {ok1}; decreasing: {ok2}; in the ball: {ok3}")


def _grad_norm(torch, b, w, u, X):
    """||(dH_T/dw, dH_T/du)|| of one neuron with sigma(z) = tanh(b z), batched over rows of X (B, T) and u (B,) (d = 1)."""
    h = torch.zeros(X.shape[0], dtype=X.dtype)
    hw, hu = torch.zeros_like(h), torch.zeros_like(h)
    for t in range(X.shape[1]):
        a = w * h + u * X[:, t]
        s1 = b * (1 - torch.tanh(b * a) ** 2)
        hw, hu = s1 * (h + w * hw), s1 * (w * hu + X[:, t])
        h = torch.tanh(b * a)
    return torch.sqrt(hw ** 2 + hu ** 2)


def _pinned_inputs(b, w, u, T, delta):
    """A designed start: inputs that hold the pre-activation at delta (x_t = (delta - w h_t)/u, clipped to [-1, 1]),
    where sigma' is near its supremum sigma_1 = b."""
    x, h = [], 0.0
    for _ in range(T):
        xt = max(-1.0, min(1.0, (delta - w * h) / u))
        x.append(xt)
        h = math.tanh(b * (w * h + u * xt))
    return x


def _sup_over_inputs(torch, b, z, T, *, us, seed, iters):
    """sup over X in [-1, 1]^T of ||grad_{(w,u)} H_T|| at w = z/b for each u in `us`: Adam on the inputs from designed starts
    (pinned pre-activations) and random starts, all in one batch; the best value seen."""
    w = z / b
    g = torch.Generator().manual_seed(seed)
    starts, uu = [], []
    for u in us:
        for dlt in (0.02, 0.05, 0.1, 0.2, 0.3, -0.1):
            starts.append(_pinned_inputs(b, w, u, T, dlt))
            uu.append(u)
        for _ in range(6):
            starts.append((torch.rand(T, generator=g, dtype=torch.float64) * 2 - 1).tolist())
            uu.append(u)
    P = torch.tensor(starts, dtype=torch.float64, requires_grad=True)
    U = torch.tensor(uu, dtype=torch.float64)
    opt = torch.optim.Adam([P], lr=0.01)
    best = 0.0
    for _ in range(iters):
        v = _grad_norm(torch, b, w, U, P.clamp(-1, 1))
        best = max(best, float(v.detach().max()))
        opt.zero_grad()
        (-torch.log(v + 1e-300)).sum().backward()
        opt.step()
    return best


def _growth_fits(Ts, vals):
    """(rate of the exponential model log v = a + r T, RSS_exp, power of the model log v = a + p log T, RSS_pow)."""
    import numpy as np
    Tv, lv = np.array(Ts, dtype=float), np.log(np.array(vals))
    ce = np.polyfit(Tv, lv, 1)
    cp = np.polyfit(np.log(Tv), lv, 1)
    rss_e = float(((np.polyval(ce, Tv) - lv) ** 2).sum())
    rss_p = float(((np.polyval(cp, np.log(Tv)) - lv) ** 2).sum())
    return float(ce[0]), rss_e, float(cp[0]), rss_p


def _e6_measure(ctx, seed, Ts):
    T, torch = _T()
    us = (0.5, 1.0, 2.0) if seed == ctx.seed else (0.7, 1.5, 3.0)
    res = {z: [_sup_over_inputs(torch, 2.0, z, Tn, us=us, seed=seed, iters=60 if ctx.quick else 200) for Tn in Ts]
           for z in (0.5, 1.0, 1.5)}
    return res, {z: _growth_fits(Ts, res[z]) for z in res}


def _e6_random_median(ctx, Ts):
    """The typical gradient at initialisation (median over random inputs and neurons): kept as a measurement."""
    T, torch = _T()
    E = T.elman
    S, m = (4, 64) if ctx.quick else (8, 256)
    g = torch.Generator().manual_seed(ctx.seed)
    X = (torch.rand(8, max(Ts), 1, generator=g, dtype=torch.float64) * 2 - 1)
    out = {}
    for z in (0.5, 1.0, 1.5):
        c, W0, U0 = E.symmetric_init(S, m, 1, z / 2, ctx.seed)
        vals = []
        for Tn in Ts:
            _, Hw, Hu = E.hidden(2 * W0, 2 * U0, X[:, :Tn], "tanh")      # tanh(2 a): the chain-rule factor 2 below
            gn = torch.sqrt((2 * Hw[:, :, -1]) ** 2 + ((2 * Hu[:, :, -1]) ** 2).sum(-1))
            vals.append(float(gn.median()))
        out[z] = vals
    return out


E6_PRINTED = r"""Pre-registered predictions from Remark 5 ('exponentially growing magnitude for $\partial_\Theta\widehat{\mathcal R}$' when $\alpha_m\ge1/\sigma_1$) and Theorem 1
(Informal) ($\mu_T=e^{\Omega(T)}$ if $\alpha_m\ge1/\sigma_1$), for $g(T)=\sup_{\mathbf X:\|X_t\|\le1}\|\nabla_{\Theta_i}H^{(i)}_T\|$ of a neuron with $\sigma=\tanh(2z)$ ($\sigma_1=2$),
$W_{ii}=z/2$ and $U_i\in\{1/2,1,2\}$, $T\in\{5,\dots,30\}$ (quick) or $\{5,\dots,60\}$ (full): (1) at $z=\alpha\sigma_1=3/2$ the exponential model $\log g=a+rT$ fits better than the power model
$\log g=a+p\log T$ and $r>0.02$; (2) the same at $z=1$ (the cut-off itself); (3) at $z=1/2$, $g(T_{\max})\le1.5\,g(T_{\max}/2)$ (bounded)."""

e6 = paper.claim(
    "e6_cutoff", kind="remark", label="E6 (gradients around the cut-off)", where="experiments (spec E6)",
    statement=E6_PRINTED, uses=["rem5", "thm1_informal"], printed={"rate": sp.Rational(1, 50)},
    notes="The observable is the spec's sup over inputs (found by Adam on the inputs from pinned-pre-activation and random starts). An "
          "earlier version measured the median over random inputs at a random initialisation, where saturation keeps sigma' far "
          "below sigma_1 and nothing grows at z = 3/2 either: that was a different quantity from the spec's and is kept as a "
          "measurement (table), not as a prediction.",
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("above", "(1) at z = 3/2 the exponential model of log g fits better than the power model and r > 0.02", "property"),
                 ("at", "(2) the same at z = 1 (the cut-off itself)", "property"),
                 ("below", "(3) at z = 1/2, g(T_max) <= 1.5 g(T_max/2) (bounded)", "property")],
)


@e6.hypothesis("setting", r"$\sigma=\tanh(2z)$ satisfies (4) with $\sigma_1=2$; $|W_{ii}|=\alpha_m$ with $\alpha_m\sigma_1=z$; $\|X_t\|\le1$")
def _e6_h(p):
    return p.get("act") == "tanh_b2" and sp.Rational(p["z"]) == 1, f"z = alpha_m sigma_1 = {p['z']} (the cut-off)"


def _e6_predictions(ctx, Ts, strict=False):
    """E6's predictions on g(T) per z ({z: [g(T) for T in Ts]}), with controls: exponential growth e^{T/10} (a rate of 0.1)
    / linear growth T (a power), a bounded g = 1 - e^{-T/5} / an exponential, and (strict) sqrt(T) / an exponential."""
    import math as m_
    rate = float(ctx.printed["rate"])
    expo, lin, bounded = ([m_.exp(t / 10) for t in Ts], [float(t) for t in Ts], [1 - m_.exp(-t / 5) for t in Ts])
    sqrt = [m_.sqrt(t) for t in Ts]                    # strictly inside "at most linear" (T itself is the boundary)

    def exp_fit(z):
        def test(res):
            r, e, _, p = _growth_fits(Ts, res[z])
            return e < p and r > rate
        return test

    def power_fit(res):
        _, e, pw, p = _growth_fits(Ts, res[1.0])
        return p <= e and pw <= 1

    base = {1.5: expo, 1.0: sqrt if strict else expo, 0.5: bounded}
    two = (sr.Prediction("(2) at z = 1 the power model fits better and p <= 1", power_fit, base, {**base, 1.0: expo},
                         "g = sqrt(T) / e^{T/10} at z = 1") if strict else
           sr.Prediction("(2) at z = 1 the exponential model fits better and r > 0.02", exp_fit(1.0), base,
                         {**base, 1.0: lin}, "g = e^{T/10} / T at z = 1"))
    return [sr.Prediction("(1) at z = 3/2 the exponential model fits better and r > 0.02", exp_fit(1.5), base,
                          {**base, 1.5: lin}, "g = e^{T/10} / T at z = 3/2"),
            two,
            sr.Prediction("(3) at z = 1/2, g(T_max) <= 1.5 g(T_max / 2)",
                          lambda res: res[0.5][-1] <= 1.5 * res[0.5][len(Ts) // 2 - 1], base, {**base, 0.5: expo},
                          "g = 1 - e^{-T/5} / e^{T/10} at z = 1/2")]


def _e6_decide(ctx, fits, res, Ts):
    return tuple(p.test(res) for p in _e6_predictions(ctx, Ts))


@e6.check(about=("above", "at", "below"), layer="empirical", requires=("torch",), method="torch: adversarial inputs (Adam from designed and random starts), batched",
          timeout=1800, scope="quick: T in {5, 10, 15, 20, 30}, 60 Adam steps, 36 starts per (z, T); full: T up to 60, 200 steps; "
                              "independent re-run: other U_i values, other random starts, T shifted by 2")
def _e6(ctx):
    _fidelity(ctx, "E6", "Remark 5 and Theorem 1 (informal): exponential gradients from the cut-off alpha_m sigma_1 = 1",
              model="one neuron with sigma = tanh(2 z), W_ii = z / 2, U_i in {1/2, 1, 2}", sizes="T in {5, ..., 30} quick, "
              "up to 60 full", initialisation="none: fixed weights", loss="none: the hidden-state gradient", optimiser="Adam on "
              "the inputs (the sup over inputs)", **{"learning rate": "0.01 on the inputs"}, steps="60 quick, 200 full, "
              "36 starts per (z, T)", stopping="the steps", teacher="none", metric="g(T) = sup over inputs of "
              "||grad H_T||; exponential against power fits", plotted="g(T) per z")
    Ts = (5, 10, 15, 20, 30) if ctx.quick else (5, 10, 20, 30, 40, 50, 60)
    res, fits = _e6_measure(ctx, ctx.seed, Ts)
    typ = _e6_random_median(ctx, Ts)
    ctx.table("E6: g(T) = sup over inputs of ||grad_(w,u) H_T|| (sigma = tanh(2z))", ("T",) + tuple(f"z={z}" for z in res),
              [(Tn,) + tuple(f"{res[z][i]:.4e}" for z in res) for i, Tn in enumerate(Ts)])
    ctx.table("E6: fits (exponential rate r, RSS; power p, RSS)", ("z", "r", "RSS exp", "p", "RSS power"),
              [(z, f"{f[0]:.4f}", f"{f[1]:.3e}", f"{f[2]:.4f}", f"{f[3]:.3e}") for z, f in fits.items()])
    ctx.table("E6 (measurement, no prediction): median over random inputs and initialisations of ||d_Theta F_T(Theta(0))||",
              ("T",) + tuple(f"z={z}" for z in typ), [(Tn,) + tuple(f"{typ[z][i]:.3e}" for z in typ) for i, Tn in enumerate(Ts)])
    ctx.plot("e6_cutoff", "E6: sup over inputs of the hidden-state gradient against T", xlabel="T", ylabel="g(T)", logy=True,
             lines=[(f"z = {z}", list(Ts), res[z]) for z in res])
    out = ctx.controlled(_e6_predictions(ctx, Ts), res)
    if out is None:
        return None
    ok1, ok2, ok3 = out
    if ok1 and ok2 and ok3:
        return ctx.confirmed("exponential growth at and above the cut-off, bounded below", predictions=3, detail=str(fits))
    if ok1 and ok3 and not ok2:
        Ts2 = tuple(t + 2 for t in Ts)

        def rerun():
            res2, fits2 = _e6_measure(ctx, ctx.seed + 1, Ts2)
            a, b, c = _e6_decide(ctx, fits2, res2, Ts2)
            return (a and c and not b), (f"T = {Ts2}, U_i in (0.7, 1.5, 3.0): z = 1 fits {fits2[1.0]}, g = "
                                         f"{[round(v, 3) for v in res2[1.0]]}")
        return ctx.contradicted("at the cut-off z = alpha_m sigma_1 = 1 the gradient's sup grows polynomially, not exponentially",
                                predictions=1, rerun=rerun, witness={"act": "tanh_b2", "z": "1", "T": ",".join(map(str, Ts))},
                                detail=f"z = 1: power model p = {fits[1.0][2]:.3f} (RSS {fits[1.0][3]:.2e}) beats the exponential "
                                       f"(r = {fits[1.0][0]:.4f}, RSS {fits[1.0][1]:.2e}); z = 3/2 exponential (r = {fits[1.5][0]:.3f}); "
                                       f"z = 1/2 bounded")
    ctx.inconclusive("E6", f"predictions (1) {ok1}, (2) {ok2}, (3) {ok3}: {fits}")


e6_strict = paper.correction(
    "e6_cutoff_strict", corrected_from="e6_cutoff", label="E6 with the strict cut-off",
    statement=E6_PRINTED.replace("(2) the same at $z=1$ (the cut-off itself)",
                                 "(2) at $z=1$ the power model fits better and $p\\le1$ (at most linear growth, as $\\mu_{0,T}(1)=T$ allows)"),
    uses=["e6_cutoff", "mu_cutoff", "rem5_strict"], printed={"rate": sp.Rational(1, 50)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("above", "(1) at z = 3/2 the exponential model fits better and r > 0.02", "property"),
                 ("at", "(2) at z = 1 the power model fits better and p <= 1 (at most linear growth)", "property"),
                 ("below", "(3) at z = 1/2, g(T_max) <= 1.5 g(T_max/2) (bounded)", "property")],
)


@e6_strict.check(about=("above", "at", "below"), layer="empirical", requires=("torch",), method="as E6 (the same measurement)", timeout=1800,
                 scope="as E6")
def _e6_strict(ctx):
    _fidelity(ctx, "E6", "the strict cut-off (correction of E6)", model="as E6", sizes="as E6", initialisation="as E6",
              loss="as E6", optimiser="as E6", **{"learning rate": "as E6"}, steps="as E6", stopping="as E6", teacher="none",
              metric="as E6, with at most linear growth at z = 1", plotted="the fits")
    Ts = (5, 10, 15, 20, 30) if ctx.quick else (5, 10, 20, 30, 40, 50, 60)
    res, fits = _e6_measure(ctx, ctx.seed, Ts)
    _, e1_, pw1, p1 = fits[1.0]
    ctx.table("E6 (strict): fits", ("z", "r", "RSS exp", "p", "RSS power"),
              [(z, f"{f[0]:.4f}", f"{f[1]:.3e}", f"{f[2]:.4f}", f"{f[3]:.3e}") for z, f in fits.items()])
    out = ctx.controlled(_e6_predictions(ctx, Ts, strict=True), res)
    if out is None:
        return None
    ok1, ok2, ok3 = out
    if ok1 and ok2 and ok3:
        return ctx.confirmed("exponential above the cut-off, polynomial at it, bounded below", predictions=3,
                             detail=f"z = 3/2: r = {fits[1.5][0]:.3f}; z = 1: p = {pw1:.3f}; z = 1/2 bounded")
    ctx.inconclusive("E6 strict", f"(1) {ok1}, (2) {ok2}, (3) {ok3}: {fits}")


e9 = paper.claim(
    "e9_kernel", kind="remark", label="E9 (tangent kernel against width)", where="experiments (spec E9)",
    statement=r"""Pre-registered predictions: with $K_m=\sum_i\langle\partial_{\Theta_i}F_t(\mathbf X),\partial_{\Theta_i}F_t(\mathbf X')\rangle$ at symmetric initialisations and
$\kappa_t$ estimated at $m_{\mathrm{ref}}$: (1) $|K_m-\kappa_t|$ (seed median) decreases with fitted slope at most $-1/2+0.2$ in $\log m$ against the kernel
with $k,\ell$ from $0$; (2) against the printed $\kappa_1$ (empty double sum, $=0$) the error at $t=1$ stays above $0.05$ at the largest $m$.""",
    uses=["prop2", "prop2_k0"], printed={"slope": sp.Rational(-1, 2), "tol": sp.Rational(1, 5)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("slope", "(1) |K_m - kappa_t| (seed median) decreases with fitted slope at most -1/2 + 0.2 in log m (kernel with k, l from 0)", "property"),
                 ("printed_kappa1", "(2) against the printed kappa_1 (= 0) the error at t = 1 stays above 0.05 at the largest m", "property")],
)


@e9.check(about=("slope", "printed_kappa1"), layer="empirical", requires=("torch",), method="batched torch forward-mode gradients",
          scope="quick: 8 seeds, m = 2^4..2^10, m_ref = 2^15, t = 1..3, d = 2, tanh, alpha = 1/2; full: m up to 2^14, m_ref = 2^17")
def _e9(ctx):
    _fidelity(ctx, "E9", "Proposition 2 (the tangent kernel)", model=_ELMAN, sizes="8 seeds, m = 2^4..2^10, m_ref = 2^15 "
              "quick; m up to 2^14, m_ref = 2^17 full; t = 1..3, d = 2", initialisation="symmetric, alpha = 1/2",
              loss="none: forward-mode gradients", optimiser="none", **{"learning rate": "none"}, steps="none",
              stopping="none", teacher="none", metric="|K_m - kappa_t| (k, l from 0) and K_1 against the printed kappa_1",
              plotted="the median error against m")
    import numpy as np
    T, torch = _T()
    E = T.elman
    S = 8
    ms = [2 ** k for k in (range(4, 11) if ctx.quick else range(4, 15))]
    g = torch.Generator().manual_seed(ctx.seed)
    X = torch.rand(2, 3, 2, generator=g, dtype=torch.float64) * 2 - 1
    X = X / X.norm(dim=-1, keepdim=True).clamp(min=1)
    c, W0, U0 = E.symmetric_init(1, 2 ** 15 if ctx.quick else 2 ** 17, 2, 0.5, ctx.seed + 99)
    kref = E.tangent_kernel(W0, U0, c, X[:1], X[1:])[0, 0, 0]            # (T,)
    errs = []
    for m in ms:
        c, W0, U0 = E.symmetric_init(S, m, 2, 0.5, ctx.seed + m)
        K = E.tangent_kernel(W0, U0, c, X[:1], X[1:])[:, 0, 0]            # (S, T)
        errs.append(float((K - kref).abs().mean(-1).median()))
    slope = float(np.polyfit(np.log(ms), np.log(errs), 1)[0])
    c, W0, U0 = E.symmetric_init(S, ms[-1], 2, 0.5, ctx.seed + 7)
    K1 = float(E.tangent_kernel(W0, U0, c, X[:1], X[1:])[:, 0, 0, 0].median())
    ctx.table("E9", ("m", "median |K_m - kappa_t| (k, l from 0)"), [(m, f"{e:.3e}") for m, e in zip(ms, errs)])
    ctx.plot("e9_kernel", "E9: empirical tangent kernel against the reference (k, l from 0)", xlabel="m", ylabel="|K_m - kappa|",
             lines=[("median error", ms, errs)], logx=True, logy=True)
    top = float(ctx.printed["slope"] + ctx.printed["tol"])
    out = ctx.controlled([
        sr.Prediction(f"(1) fitted slope of log |K_m - kappa_t| against log m <= {top:.2f}",
                      lambda o: _slope(o["ms"], o["errs"]) <= top, {"ms": ms, "errs": _power(ms, -0.5)},
                      {"ms": ms, "errs": _power(ms, -0.1)}, "errors m^-1/2 / m^-0.1"),
        sr.Prediction("(2) |K_1 - printed kappa_1 (= 0)| > 0.05 at the largest m", lambda o: abs(o["K1"] - 0.0) > 0.05,
                      {"K1": 0.3}, {"K1": 0.01}, "K_1 = 0.3 / 0.01")], {"ms": ms, "errs": errs, "K1": K1})
    if out is None:
        return None
    ok1, ok2 = out
    if ok1 and ok2:
        return ctx.confirmed("K_m converges to the kernel with k, l from 0, not to the printed kappa_1 = 0", predictions=2,
                             detail=f"slope {slope:.3f}; K_1 at m = {ms[-1]}: {K1:.4f} (printed kappa_1 = 0)")
    ctx.inconclusive("E9", f"slope {slope:.3f}; K_1 = {K1:.4f}")


# ---- E3, E5, E7, E8, E10, E11: realizable targets of F_{nubar_w, nubar_u} with an explicit transport pair -------------------
NU = 0.5          # default transport sup-norms nubar_w = nubar_u (the targets below)


def _realizable(T, torch, E, *, n, Tn, d=1, alpha=0.5, nu=NU, act="tanh", seed=0):
    """Inputs X (n, Tn, d) uniform in the unit ball and the exact target F* = F~(.; v_w, v_u) with the transport pair
    v_u(u) = nu (1 + tanh(u))/(2 sqrt(d)) componentwise (sup-norm <= nu) and v_w(w) = nu (3 + sign(w))/4 (sup <= nu), by
    Gauss-Hermite quadrature (exact to float64). The pair has a nonzero even part in u: for odd sigma (tanh) the odd part of
    v_u and all of v_w integrate to zero, so a pair like (nu tanh(u), nu sign(w)) would give the zero function.
    Returns X, Y, vw, vu."""
    g = torch.Generator().manual_seed(seed)
    X = torch.rand(n, Tn, d, generator=g, dtype=torch.float64) * 2 - 1
    X = X / X.norm(dim=-1, keepdim=True).clamp(min=1)
    vw = lambda w: nu * (3 + torch.sign(w)) / 4                                 # noqa: E731
    vu = lambda u: nu * (1 + torch.tanh(u)) / (2 * math.sqrt(u.shape[-1]))      # noqa: E731
    return X, E.transport_target(X, alpha, vw, vu, act, nodes=48 if d > 1 else 64), vw, vu


def _cp(hits, N):
    from scipy.stats import beta as beta_dist
    lo = beta_dist.ppf(0.025, hits, N - hits + 1) if hits > 0 else 0.0
    hi = beta_dist.ppf(0.975, hits + 1, N - hits) if hits < N else 1.0
    return lo, hi


e3 = paper.claim(
    "e3_approximation", kind="remark", label="E3 (approximation by random RNNs against width)", where="experiments (spec E3)",
    statement=r"""Pre-registered predictions for a target $\tilde{\mathbf F}\in\mathscr F_{1/2,1/2}$ ($v_u=\frac12\tanh$, $v_w=\frac12\mathrm{sign}$, exact quadrature),
$d=1$, $\alpha=1/2$, $\tanh$, the transport point $\overline\Theta$ of (20) at symmetric initialisations: (1) for every $m$, $t$ and $\delta\in\{0.05,0.2\}$ the
frequency over initialisations of $|\tilde F_t-F^{\mathsf{Lin}}_t(\overline\Theta)|\le2\mu_{0,t}\sigma_1(\bar\nu_u+\sigma_0\bar\nu_w)\sqrt{\log(1/\delta)/m}$
(Proposition 3) is not below $1-\delta$ (the Clopper-Pearson 95\% upper bound reaches $1-\delta$); (2) likewise for the simultaneous event of
Proposition 5 over all $j\le n$, $t\le T$ for each $n$; (3) the fitted slope of $\log$ (median $|\tilde F_T-F^{\mathsf{Lin}}_T(\overline\Theta)|$) against $\log m$
lies in $[-1/2-0.15,-1/2+0.15]$.""",
    uses=["prop3", "prop5", "eq11", "eq12", "eq20"], printed={"slope": sp.Rational(-1, 2), "tol": sp.Rational(3, 20)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("prop3", "(1) for every m, t and delta in {0.05, 0.2} the frequency of Proposition 3's event is not below 1 - delta (Clopper-Pearson 95% upper bound reaches 1 - delta)", "property"),
                 ("prop5", "(2) likewise for the simultaneous event of Proposition 5 over j <= n, t <= T, for each n", "property"),
                 ("slope", "(3) the fitted slope of log(median |F~_T - F^Lin_T|) against log m lies in [-1/2 - 0.15, -1/2 + 0.15]", "property")],
)


@e3.check(about=("prop3", "prop5", "slope"), layer="empirical", requires=("torch",), method="batched torch: F^Lin and F at the transport point, over initialisations",
          timeout=1800,
          scope="quick: 60 initialisations, m = 2^4..2^9, n in {1, 8, 32}, T = 3; full: 400 initialisations, m = 2^4..2^12, "
                "n in {1, 16, 128}, T = 4 (about 2 minutes on one CPU core)")
def _e3(ctx):
    _fidelity(ctx, "E3", "Propositions 3 and 5 (approximation at the transport point)", model=_ELMAN, sizes="60 "
              "initialisations, m = 2^4..2^9, n in {1, 8, 32}, T = 3 quick; 400, m up to 2^12, n up to 128, T = 4 full",
              initialisation="symmetric, alpha = 1/2; the transport point (20)", loss="none: deviations from the target",
              optimiser="none", **{"learning rate": "none"}, steps="none", stopping="none", teacher="F~ of F_{1/2, 1/2} "
              "(Gauss-Hermite quadrature)", metric="frequencies of the printed events with Clopper-Pearson intervals; the "
              "slope in log m", plotted="the median deviation and Proposition 3's radius against m")
    import numpy as np
    T, torch = _T()
    E = T.elman
    from .model import lemma_constants_float
    S = 60 if ctx.quick else 400
    ms = [2 ** k for k in (range(4, 10) if ctx.quick else range(4, 13))]
    ns = (1, 8, 32) if ctx.quick else (1, 16, 128)
    Tn, al, nu = (3 if ctx.quick else 4), 0.5, NU
    act = ACT["tanh"]
    c0, c1, c2 = (float(v) for v in act.constants())
    X, Y, vw, vu = _realizable(T, torch, E, n=max(ns), Tn=Tn, seed=ctx.seed)
    mu0 = [sum((al * c1) ** k for k in range(t)) for t in range(1, Tn + 1)]
    B = [m0 * c1 * (nu + c0 * nu) for m0 in mu0]                       # 2 B sqrt(log(1/delta)/m) is Prop. 3's radius
    rows3, rows5, meds, cells3, cells5 = [], [], [], [], []
    chunk = 20
    for m in ms:
        dev_lin, dev_f = [], []
        for s0 in range(0, S, chunk):
            c, W0, U0 = E.symmetric_init(min(chunk, S - s0), m, 1, al, ctx.seed + 1000 * m + s0)
            Wb, Ub = E.transport_point(W0, U0, c, vw, vu)
            dev_lin.append((E.linearised(Wb, Ub, W0, U0, c, X) - Y).abs())        # (S, n, T)
            dev_f.append((E.output(Wb, Ub, c, X) - Y).abs())
        dev_lin, dev_f = torch.cat(dev_lin), torch.cat(dev_f)
        meds.append(float(dev_lin[:, 0, -1].median()))
        k = lemma_constants_float({}, act.constants(), alpha_v=al, am_v=al + nu / math.sqrt(m), d_v=1, t=Tn)
        lin_term = 2 / math.sqrt(m) * (k["Lambda"] ** 2 * c2 + k["gamma"] * c1) * (2 * nu ** 2)
        for dl in (0.05, 0.2):
            for t in range(Tn):
                r3 = 2 * B[t] * math.sqrt(math.log(1 / dl) / m)
                hits = int((dev_lin[:, 0, t] <= r3).sum())
                lo, hi = _cp(hits, S)
                cells3.append((hits, S, dl))
                if t == Tn - 1:
                    rows3.append((m, dl, t + 1, f"{hits}/{S}", f"[{lo:.3f}, {hi:.3f}]", f"{r3:.3e}"))
            for n_ in ns:
                bound = torch.tensor([2 * B[t] * math.sqrt(math.log(2 * n_ * Tn / dl)) / math.sqrt(m) + lin_term for t in range(Tn)],
                                     dtype=torch.float64)
                ev = (dev_f[:, :n_, :] <= bound).flatten(1).all(-1)
                hits = int(ev.sum())
                lo, hi = _cp(hits, S)
                cells5.append((hits, S, dl))
                rows5.append((m, dl, n_, f"{hits}/{S}", f"[{lo:.3f}, {hi:.3f}]",
                              f"{float(dev_f[:, :n_, :].amax((1, 2)).median()):.3e}", f"{float(bound.max()):.3e}"))
    slope = float(np.polyfit(np.log(ms), np.log(meds), 1)[0])
    ctx.table("E3 / Proposition 3 at t = T: frequency of |F~ - F^Lin(Theta-bar)| <= radius", ("m", "delta", "t", "hits", "95% CP", "radius"), rows3)
    ctx.table("E3 / Proposition 5: frequency of the simultaneous event over j <= n, t <= T (median of max |F~ - F(Theta-bar)|)",
              ("m", "delta", "n", "hits", "95% CP", "median max dev", "bound (max over t)"), rows5)
    ctx.plot("e3_approximation", "E3: |F~_T - F^Lin_T(Theta-bar)| (median over initialisations) against m, with Proposition 3's radius at delta = 0.05",
             xlabel="m", ylabel="deviation", logx=True, logy=True,
             lines=[("median deviation", ms, meds), ("Prop. 3 radius", ms, [2 * B[-1] * math.sqrt(math.log(20) / m) for m in ms])])
    lo_s, hi_s = float(ctx.printed["slope"] - ctx.printed["tol"]), float(ctx.printed["slope"] + ctx.printed["tol"])
    reach = lambda cells: all(_cp(h, N)[1] >= 1 - dl for h, N, dl in cells)          # noqa: E731
    full_hits = lambda cells: [(N, N, dl) for _, N, dl in cells]                        # noqa: E731
    half_hits = lambda cells: [(N // 2, N, dl) for _, N, dl in cells]                   # noqa: E731
    out = ctx.controlled([
        sr.Prediction("(1) Proposition 3's frequency reaches 1 - delta (CP upper bound) in every cell",
                      lambda o: reach(o["cells3"]), {"cells3": full_hits(cells3)}, {"cells3": half_hits(cells3)},
                      "every initialisation within the radius / half of them"),
        sr.Prediction("(2) Proposition 5's simultaneous frequency reaches 1 - delta in every cell",
                      lambda o: reach(o["cells5"]), {"cells5": full_hits(cells5)}, {"cells5": half_hits(cells5)},
                      "every initialisation / half of them"),
        sr.Prediction(f"(3) fitted slope of log median deviation against log m in [{lo_s}, {hi_s}]",
                      lambda o: lo_s <= _slope(o["ms"], o["meds"]) <= hi_s, {"ms": ms, "meds": _power(ms, -0.5)},
                      {"ms": ms, "meds": _power(ms, -0.1)}, "deviation m^-1/2 / m^-0.1")],
        {"cells3": cells3, "cells5": cells5, "ms": ms, "meds": meds})
    if out is None:
        return None
    ok1, ok2, ok3 = out
    if ok1 and ok2 and ok3:
        return ctx.confirmed("Propositions 3 and 5 hold in frequency; the deviation decays like m^{-1/2}", predictions=3,
                             detail=f"fitted slope {slope:.3f}; {S} initialisations per cell")
    ctx.inconclusive("E3", f"Prop. 3 frequencies: {ok1}; Prop. 5 frequencies: {ok2}; slope {slope:.3f} in [{lo_s}, {hi_s}]: {ok3}",
                     against=not (ok1 and ok2))


e5 = paper.claim(
    "e5_width_vs_n", kind="remark", label="E5 (width needed against the sample size)", where="experiments (spec E5)",
    statement=r"""Pre-registered predictions (Remark 1, item 1; Remark 6): for projected GD ($\rho=\bar\nu$, $\eta=\frac{1}{T\sqrt\tau}$, fixed $\tau$) on a target of
$\mathscr F_{1/2,1/2}$ with $n$ training sequences, let $m^\star(n)$ be the smallest width on the grid $\{2^3,\dots\}$ whose seed-median $\min_{s<\tau}\widehat{\mathcal R}$
is at most $\epsilon(n)=\widehat{\mathcal R}(\Theta(0))/200$ ($\tau=300$): (1) $m^\star(n)$ exists on the grid for every $n$; (2) $m^\star(n_{\max})\le2\,m^\star(n_{\min})\log n_{\max}/\log n_{\min}$
(at most logarithmic growth in $n$, one grid step of slack).""",
    uses=["rem1", "rem6", "thm1"], printed={"slack": sp.Integer(2)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("exists", "(1) m*(n) exists on the width grid for every n", "property"),
                 ("log_growth", "(2) m*(n_max) <= 2 m*(n_min) log n_max / log n_min", "property")],
)


@e5.check(about=("exists", "log_growth"), layer="empirical", requires=("torch",), method="batched torch PGD over seeds, a grid of widths per sample size", timeout=1800,
          scope="quick: 3 seeds, n in {8, 32, 128}, m in {8, ..., 128}, tau = 300, T = 3; full: 6 seeds, n in {16, 64, 256, 1024}, "
                "m in {8, ..., 512}, tau = 300")
def _e5(ctx):
    _fidelity(ctx, "E5", "Remarks 1 and 6 (the width needed against n)", model=_ELMAN, sizes="3 seeds, n in {8, 32, 128}, "
              "m in {8, ..., 128} quick; 6 seeds, n up to 1024, m up to 512 full; T = 3", initialisation="symmetric, "
              "alpha = 1/2", loss="the empirical risk (1)", optimiser="projected GD, rho = nu-bar = 1/2",
              **{"learning rate": "eta = 1/(T sqrt(tau))"}, steps="tau = 300", stopping="tau steps",
              teacher="a realizable target of F_{1/2, 1/2}", metric="m*(n): the smallest width reaching R(Theta(0))/200",
              plotted="m*(n) against n")
    T, torch = _T()
    E = T.elman
    S = 3 if ctx.quick else 6
    ns = (8, 32, 128) if ctx.quick else (16, 64, 256, 1024)
    ms = [2 ** k for k in (range(3, 8) if ctx.quick else range(3, 10))]
    Tn, tau, al = 3, 300, 0.5
    Xall, Yall, _, _ = _realizable(T, torch, E, n=max(ns), Tn=Tn, seed=ctx.seed)
    rows, mstar = [], {}
    for n_ in ns:
        X, Y = Xall[:n_], Yall[:n_]
        mstar[n_] = None
        for m in ms:
            c, W0, U0 = E.symmetric_init(S, m, 1, al, ctx.seed + m)
            r = E.descend(W0, U0, c, X, Y, eta=1 / (Tn * math.sqrt(tau)), steps=tau, radii=(NU, NU), record_every=5)
            eps_n = float(r["risk"][0].median()) / 200
            best = float(r["risk"].amin(0).median())
            rows.append((n_, m, f"{float(r['risk'][0].median()):.4e}", f"{best:.4e}", f"{eps_n:.4e}"))
            if best <= eps_n:
                mstar[n_] = m
                break
    ctx.table(f"E5: seed-median min risk of PGD (tau = {tau}) against the width, per sample size", ("n", "m", "R(Theta(0))", "min_s R", "eps(n)"), rows)
    found = [n_ for n_ in ns if mstar[n_] is not None]
    ctx.plot("e5_width_vs_n", "E5: smallest width reaching eps(n) = R(Theta(0))/200 against n", xlabel="n", ylabel="m*(n)", logx=True, logy=True,
             lines=[("m*(n)", found, [mstar[n_] for n_ in found])])
    slack = float(ctx.printed["slack"])

    def all_found(o):
        return all(o[n_] is not None for n_ in ns)

    def logarithmic(o):
        return all_found(o) and o[ns[-1]] <= slack * o[ns[0]] * math.log(ns[-1]) / math.log(ns[0])

    flat = {n_: ms[1] for n_ in ns}
    out = ctx.controlled([
        sr.Prediction("(1) m*(n) exists on the grid for every n", all_found, flat, {**flat, ns[-1]: None},
                      f"m* = {ms[1]} for every n / none at the largest n"),
        sr.Prediction("(2) m*(n_max) <= 2 m*(n_min) log n_max / log n_min", logarithmic, flat, {n_: n_ for n_ in ns},
                      f"m* = {ms[1]} for every n / m* = n")], mstar)
    if out is None:
        return None
    ok1, ok2 = out
    if ok1 and ok2:
        return ctx.confirmed("the width needed grows at most logarithmically in n", predictions=2,
                             detail=f"m*(n) = {mstar}")
    ctx.inconclusive("E5", f"m*(n) = {mstar} (grid {ms}): found for all n: {ok1}; logarithmic: {ok2}", against=ok1 and not ok2)


e7 = paper.claim(
    "e7_gd_exit", kind="remark", label="E7 (GD without projection at the printed step size)", where="experiments (spec E7)",
    statement=r"""Pre-registered predictions for gradient descent (5) with the largest step size of Theorem 2, $m\ge$ its width and $\tau_0$ iterations, on a target of
$\mathscr F_{\bar\nu,\bar\nu}$ with $\bar\nu=1/10$, $T=2$, $n=8$, $d=1$, $\alpha=1/4$, $\epsilon=1/2$, $\delta=1/20$, $\tanh$: (0) the test is not vacuous:
$\widehat{\mathcal R}(\Theta(0))>9\epsilon/4$ for some seed; (1) for every $s\le\tau_0$: $\sqrt m\max_i|W_{ii}(s)-W_{ii}(0)|\le\lambda_w$, $\sqrt m\max_i\|U_i(s)-U_i(0)\|\le\lambda_u$ (the
statement's $\lambda$) and $\max_i|W_{ii}(s)|\le\alpha_{\mathsf{target}}$; (2) $\min_{s<\tau_0}\widehat{\mathcal R}(\Theta(s))\le9\epsilon/4$ for every seed.""",
    uses=["thm2"], printed={"nu": sp.Rational(1, 10), "eps": sp.Rational(1, 2)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("not_vacuous", "(0) R(Theta(0)) > 9 eps/4 for some seed", "property"),
                 ("radii", "(1) for every s <= tau_0 the radii stay within the statement's lambda and max |W_ii(s)| <= alpha_target", "property"),
                 ("guarantee", "(2) min_{s<tau_0} R(Theta(s)) <= 9 eps/4 for every seed", "property")],
)


@e7.check(about=("not_vacuous", "radii", "guarantee"), layer="empirical", requires=("torch",), method="batched torch GD at Theorem 2's eta, m and tau_0", timeout=1800,
          scope="quick: 2 seeds; full: 8 seeds (m = 21850, tau_0 = 214 steps at the printed quantities)")
def _e7(ctx):
    _fidelity(ctx, "E7", "Theorem 2 (GD without projection at its step size)", model=_ELMAN, sizes="Theorem 2's width "
              "m and tau_0 at nu-bar = 1/10, eps = 1/2, T = 2, n = 8; 2 seeds quick, 8 full", initialisation="symmetric, "
              "alpha = 1/4", loss="the empirical risk (1)", optimiser="GD (5)", **{"learning rate": "Theorem 2's eta"},
              steps="tau_0", stopping="tau_0", teacher="a realizable target of F_{1/10, 1/10}", metric="the radii against "
              "lambda, max |W_ii| against alpha_target, min risk against 9 eps / 4", plotted="a table of the quantities")
    T, torch = _T()
    E = T.elman
    from .model import theorem2_quantities
    nu_, eps_, Tn, n_, al = ctx.printed["nu"], ctx.printed["eps"], 2, 8, sp.Rational(1, 4)
    q = theorem2_quantities(ACT["tanh"].constants(), alpha_v=al, nw_v=nu_, nu_v=nu_, T_v=Tn, n_v=n_, delta_v=sp.Rational(1, 20),
                            eps_v=eps_, d_v=1)
    lam, eta, mmin, tau0, at = (float(q[k]) for k in ("lambda", "eta", "m_min", "tau0", "alpha_target"))
    m = int(math.ceil(mmin / 2)) * 2
    steps = int(math.ceil(tau0))
    S = 2 if ctx.quick else 8
    X, Y, _, _ = _realizable(T, torch, E, n=n_, Tn=Tn, alpha=float(al), nu=float(nu_), seed=ctx.seed)
    c, W0, U0 = E.symmetric_init(S, m, 1, float(al), ctx.seed + 3)
    r = E.descend(W0, U0, c, X, Y, eta=eta, steps=steps, record_every=1)
    Wmax = float((r["W"].abs()).max())
    R0, Rmin = r["risk"][0], r["risk"].amin(0)
    g = 9 * float(eps_) / 4
    ctx.table("E7: Theorem 2's quantities and the run", ("lambda", "eta_max", "m", "tau_0", "max sqrt(m)|dW|", "max sqrt(m)||dU||",
                                                       "max|W(tau_0)|", "alpha_target", "max_seed R(Theta(0))", "9 eps/4", "max_seed min R"),
              [(f"{lam:.4f}", f"{eta:.3e}", m, steps, f"{float(r['dev_w'].max()):.3e}", f"{float(r['dev_u'].max()):.3e}", f"{Wmax:.4f}",
                f"{at:.4f}", f"{float(R0.max()):.4e}", g, f"{float(Rmin.max()):.4e}")])
    obs = {"R0": R0.tolist(), "dev": max(float(r["dev_w"].max()), float(r["dev_u"].max())), "Wmax": Wmax,
           "Rmin": Rmin.tolist()}
    paper_like = {"R0": [2 * g] * S, "dev": lam / 2, "Wmax": at / 2, "Rmin": [g / 2] * S}
    out = ctx.controlled([
        sr.Prediction("(0) not vacuous: R(Theta(0)) > 9 eps/4 for some seed", lambda o: any(v > g for v in o["R0"]),
                      paper_like, dict(paper_like, R0=[g / 2] * S), "R(Theta(0)) = 2 (9 eps/4) / half of it"),
        sr.Prediction("(1) the radii stay within lambda and max |W_ii| within alpha_target",
                      lambda o: o["dev"] <= lam and o["Wmax"] <= at, paper_like, dict(paper_like, dev=2 * lam),
                      "deviation lambda/2 / 2 lambda"),
        sr.Prediction("(2) min_{s<tau_0} R <= 9 eps/4 for every seed", lambda o: all(v <= g for v in o["Rmin"]), paper_like,
                      dict(paper_like, Rmin=[2 * g] * S), "min R = half of 9 eps/4 / twice it")], obs)
    if out is None:
        return None
    ok0, ok1, ok2 = out
    eps_nv = sp.nsimplify(float(R0.max()) * 2 / 9).limit_denominator(10 ** 8) if float(R0.max()) > 0 else sp.Rational(1, 10 ** 6)
    q_nv = theorem2_quantities(ACT["tanh"].constants(), alpha_v=al, nw_v=nu_, nu_v=nu_, T_v=Tn, n_v=n_, delta_v=sp.Rational(1, 20),
                               eps_v=eps_nv, d_v=1)
    ctx.table("E7: what Theorem 2 demands at a non-vacuous epsilon = 2 max R(Theta(0))/9", ("epsilon", "eta_max", "m", "tau_0"),
              [(f"{float(eps_nv):.3e}", f"{float(q_nv['eta']):.3e}", f"{float(q_nv['m_min']):.3e}", f"{float(q_nv['tau0']):.3e}")])
    if not ok0:
        return ctx.inconclusive("E7 is vacuous at the feasible printed sizes",
                                f"R(Theta(0)) <= 9 eps/4 already for every seed (max {float(R0.max()):.3e} <= {g}): at the only epsilon whose printed "
                                f"width (m = {m}) and tau_0 = {steps} fit this machine the guarantee holds at initialisation; the radii stayed within "
                                f"{max(float(r['dev_w'].max()), float(r['dev_u'].max())) / lam:.1e} of lambda (predictions (1)-(2): {ok1}, {ok2}). A "
                                "non-vacuous epsilon = 2 R(Theta(0))/9 needs m = "
                                f"{float(q_nv['m_min']):.2e} and tau_0 = {float(q_nv['tau0']):.2e} iterations")
    if ok1 and ok2:
        return ctx.confirmed("GD at Theorem 2's step size stays in the lambda-ball and reaches 9 eps/4", predictions=3, detail="")
    ctx.inconclusive("E7", f"radii/alpha_target: {ok1}; guarantee: {ok2}", against=True)


e8 = paper.claim(
    "e8_rates", kind="remark", label="E8 (iterations needed against the target error)", where="experiments (spec E8)",
    statement=r"""Pre-registered predictions (Remark 1, item 3; contributions): on a target of $\mathscr F_{1/2,1/2}$ ($T=3$, $n=16$, $d=1$, $\tanh$, fixed $m$), with
$\tau^\star(\epsilon)$ the number of iterations first reaching $\min_{s<\tau}\widehat{\mathcal R}\le\epsilon$ on a geometric grid of $\epsilon$ between
$\widehat{\mathcal R}(\Theta(0))/2$ and $\widehat{\mathcal R}(\Theta(0))/400$ (the levels reached, at least three): (1) projected GD ($\eta=\frac{1}{T\sqrt\tau}$, one run per $\tau$): the fitted exponent of
$\tau^\star$ in $1/\epsilon$ is at most $2$ (the printed sufficient rate); (2) GD with a fixed step: the fitted exponent is at most $3$.""",
    uses=["rem1", "contrib", "thm1", "thm2"], printed={"pgd": sp.Integer(2), "gd": sp.Integer(3)},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("pgd", "(1) projected GD: the fitted exponent of tau* in 1/eps is at most 2", "property"),
                 ("gd", "(2) GD with a fixed step: the fitted exponent is at most 3", "property")],
)


@e8.check(about=("pgd", "gd"), layer="empirical", requires=("torch",), method="batched torch GD / PGD, hitting times of risk levels", timeout=1800,
          scope="quick: 3 seeds, m = 64, PGD tau in {25, ..., 800}, GD 800 steps at eta = 0.2; full: 8 seeds, m = 256, tau up to 6400")
def _e8(ctx):
    _fidelity(ctx, "E8", "Remark 1 and the contributions (iteration counts)", model=_ELMAN, sizes="3 seeds, m = 64 quick; "
              "8 seeds, m = 256 full; T = 3, n = 16", initialisation="symmetric, alpha = 1/2", loss="the empirical risk (1)",
              optimiser="projected GD (one run per tau) and GD", **{"learning rate": "PGD 1/(T sqrt(tau)); GD 0.2"},
              steps="tau in {25, ..., 800} quick, up to 6400 full", stopping="tau steps", teacher="a realizable target of "
              "F_{1/2, 1/2}", metric="tau*(eps) and its fitted exponent in 1/eps", plotted="min risk against iterations")
    T, torch = _T()
    E = T.elman
    S, m = (3, 64) if ctx.quick else (8, 256)
    taus = [25 * 2 ** k for k in (range(0, 6) if ctx.quick else range(0, 9))]
    Tn, n_, al = 3, 16, 0.5
    X, Y, _, _ = _realizable(T, torch, E, n=n_, Tn=Tn, seed=ctx.seed)
    c, W0, U0 = E.symmetric_init(S, m, 1, al, ctx.seed + 5)
    R0 = float(E.risk(E.output(W0, U0, c, X), Y).median())
    levels = [R0 / 2 * (1 / 200) ** (k / 5) for k in range(6)]
    # PGD: one run per horizon tau with eta = 1/(T sqrt(tau))
    pgd_min = []
    for tau in taus:
        r = E.descend(W0, U0, c, X, Y, eta=1 / (Tn * math.sqrt(tau)), steps=tau, radii=(NU, NU), record_every=max(1, tau // 50))
        pgd_min.append(float(r["risk"].amin(0).median()))
    gd = E.descend(W0, U0, c, X, Y, eta=0.2, steps=taus[-1], record_every=1)
    gd_path = gd["risk"].median(1).values
    gd_best = torch.cummin(gd_path, 0).values
    rows, fits, hits = [], {}, {}
    for name, hit in (("PGD", lambda e: next((tau for tau, v in zip(taus, pgd_min) if v <= e), None)),
                      ("GD", lambda e: next((s for s in range(len(gd_best)) if float(gd_best[s]) <= e), None))):
        pts = [(e, hit(e)) for e in levels]
        for e, h in pts:
            rows.append((name, f"{e:.4e}", h if h is not None else "not reached"))
        fits[name] = _e8_exponent(pts)
        hits[name] = pts
    ctx.table(f"E8: iterations to reach min risk <= eps (R(Theta(0)) = {R0:.4e}, m = {m})", ("method", "eps", "tau*(eps)"), rows)
    ctx.plot("e8_rates", "E8: seed-median min risk against iterations (PGD: horizon tau; GD: step s)", xlabel="tau", ylabel="min risk",
             logx=True, logy=True, lines=[("PGD, eta = 1/(T sqrt tau)", taus, pgd_min),
                                          ("GD, eta = 0.2", list(range(1, len(gd_best))), [float(v) for v in gd_best[1:]])])
    a_pgd, a_gd = float(ctx.printed["pgd"]), float(ctx.printed["gd"])

    def at_rate(p):                    # synthetic hitting times tau*(eps) = (R0 / eps)^p on the same levels
        return [(e, (R0 / e) ** p) for e in levels]

    good = {"PGD": at_rate(1.0), "GD": at_rate(1.0)}
    out = ctx.controlled([
        sr.Prediction("(1) PGD: fitted exponent of tau* in 1/eps <= 2", lambda o: (lambda a: a is not None and a <= a_pgd)(
            _e8_exponent(o["PGD"])), good, dict(good, PGD=at_rate(a_pgd + 1)), "tau* ~ (1/eps)^1 / (1/eps)^3"),
        sr.Prediction("(2) GD: fitted exponent <= 3", lambda o: (lambda a: a is not None and a <= a_gd)(
            _e8_exponent(o["GD"])), good, dict(good, GD=at_rate(a_gd + 1)), "tau* ~ (1/eps)^1 / (1/eps)^4")], hits)
    if out is None:
        return None
    ok1, ok2 = out
    if ok1 and ok2:
        return ctx.confirmed("iterations needed grow no faster than the printed sufficient rates", predictions=2,
                             detail=f"fitted exponents in 1/eps: PGD {fits['PGD']:.3f} (<= 2), GD {fits['GD']:.3f} (<= 3)")
    ctx.inconclusive("E8", f"fitted exponents {fits} (PGD <= 2: {ok1}, GD <= 3: {ok2}); None: fewer than 3 levels reached")


def _e8_exponent(pts):
    """The fitted exponent of tau*(eps) in 1/eps over the levels reached (None: fewer than three)."""
    import numpy as np
    got = [(e, h) for e, h in pts if h is not None and h > 0]
    return float(np.polyfit(np.log([1 / e for e, _ in got]), np.log([h for _, h in got]), 1)[0]) if len(got) >= 3 else None


e10 = paper.claim(
    "e10_average", kind="remark", label="E10 (average iterate of projected GD)", where="experiments (spec E10)",
    statement=r"""Pre-registered predictions (Corollary 1) for projected GD ($\rho=\bar\nu=1/2$, $\eta=\frac{1}{T\sqrt\tau}$) on a target of $\mathscr F_{1/2,1/2}$
($T=3$, $n=8$, $d=1$, $\tanh$): (1) $\widehat{\mathcal R}(\frac1\tau\sum_{s<\tau}\Theta(s))$ is at most Corollary 1's right-hand side (printed constants, $\delta=1/20$)
for every seed and $\tau$; (2) its seed median decreases from the smallest to the largest $\tau$.""",
    uses=["cor1", "rem7"], printed={},
    variables={},          # pre-registered predictions at the fixed grid of the check's scope
    conclusions=[("bound", "(1) R at the average iterate is at most Corollary 1's right-hand side for every seed and tau", "property"),
                 ("decrease", "(2) its seed median decreases from the smallest to the largest tau", "property")],
)


@e10.check(about=("bound", "decrease"), layer="empirical", requires=("torch",), method="batched torch PGD; the risk at the average iterate", timeout=1800,
           scope="quick: 4 seeds, m = 64, tau in {10, 40, 160}; full: 8 seeds, m = 256, tau up to 2560; GD's average iterate reported beside")
def _e10(ctx):
    _fidelity(ctx, "E10", "Corollary 1 (the average iterate)", model=_ELMAN, sizes="4 seeds, m = 64 quick; 8 seeds, "
              "m = 256 full; T = 3, n = 8", initialisation="symmetric, alpha = 1/2", loss="the empirical risk (1)",
              optimiser="projected GD, rho = 1/2 (GD beside)", **{"learning rate": "eta = 1/(T sqrt(tau))"},
              steps="tau in {10, 40, 160} quick, up to 2560 full", stopping="tau steps", teacher="a realizable target of "
              "F_{1/2, 1/2}", metric="the risk at the average iterate against Corollary 1", plotted="that risk against tau")
    import numpy as np
    T, torch = _T()
    E = T.elman
    from .model import theorem1_bound
    S, m = (4, 64) if ctx.quick else (8, 256)
    taus = (10, 40, 160) if ctx.quick else (10, 40, 160, 640, 2560)
    Tn, n_, al = 3, 8, 0.5
    X, Y, _, _ = _realizable(T, torch, E, n=n_, Tn=Tn, seed=ctx.seed)
    c, W0, U0 = E.symmetric_init(S, m, 1, al, ctx.seed + 2)
    rows, meds, below = [], [], []
    for tau in taus:
        eta = 1 / (Tn * math.sqrt(tau))
        r = E.descend(W0, U0, c, X, Y, eta=eta, steps=tau, radii=(NU, NU), record_every=max(1, tau // 20))
        Ravg = E.risk(E.output(r["Wbar"], r["Ubar"], c, X), Y)
        g = E.descend(W0, U0, c, X, Y, eta=eta, steps=tau, record_every=max(1, tau // 20))
        Rgd = E.risk(E.output(g["Wbar"], g["Ubar"], c, X), Y)
        b = float(sp.N(theorem1_bound(ACT["tanh"].constants(), alpha_v=sp.Rational(1, 2), rw_v=sp.Rational(1, 2), ru_v=sp.Rational(1, 2),
                                      nw_v=sp.Rational(1, 2), nu_v=sp.Rational(1, 2), m_v=m, T_v=Tn, n_v=n_, delta_v=sp.Rational(1, 20),
                                      tau_v=tau, d_v=1)["cor1"]))
        below.append((Ravg.tolist(), b))
        meds.append(float(Ravg.median()))
        rows.append((tau, f"{meds[-1]:.4e}", f"{float(r['risk'].amin(0).median()):.4e}", f"{float(Rgd.median()):.4e}", f"{b:.3e}"))
    slope = float(np.polyfit(np.log(taus), np.log(meds), 1)[0])
    ctx.table("E10: risk at the average iterate (seed median)", ("tau", "PGD average iterate", "PGD min_s R", "GD average iterate", "Cor. 1 bound"), rows)
    ctx.plot("e10_average", "E10: risk at the average iterate of PGD against tau (seed median)", xlabel="tau", ylabel="risk",
             lines=[("R(average iterate)", list(taus), meds)], logx=True, logy=True)
    bs = [b for _, b in below]
    out = ctx.controlled([
        sr.Prediction("(1) R(average iterate) <= Corollary 1's bound for every seed and tau",
                      lambda o: all(x <= b for xs, b in o["below"] for x in xs), {"below": [([b / 10] * S, b) for b in bs]},
                      {"below": [([2 * b] * S, b) for b in bs]}, "risks at a tenth of the bound / at twice it"),
        sr.Prediction("(2) its seed median decreases from the smallest to the largest tau",
                      lambda o: o["meds"][-1] < o["meds"][0], {"meds": _power(taus, -0.5)}, {"meds": [1.0] * len(taus)},
                      "median tau^-1/2 / constant")], {"below": below, "meds": meds})
    if out is None:
        return None
    ok1, ok2 = out
    if ok1 and ok2:
        return ctx.confirmed("Corollary 1's bound holds at the average iterate, which improves with tau", predictions=2,
                             detail=f"fitted slope in tau {slope:.3f} (Cor. 1's tau-term decays like tau^-1/2); the bound exceeds the risk "
                                    f"by orders of magnitude ({rows[-1][4]} vs {rows[-1][1]})")
    ctx.inconclusive("E10", f"bound held: {ok1}; decreasing: {ok2}", against=not ok1)


def _kernel_regression(act_name, t, centers, probes, nodes):
    """Interpolation (tiny ridge) in the RKHS of kappa_t with k, l from 0 (the features' kernel; Gauss-Hermite measure, d = 1):
    returns (predictions at the probes, K(probe, probe) diagonal)."""
    import numpy as np
    from .model import feature_quadrature
    Phi_c, _, _, wts = feature_quadrature(ACT[act_name], centers, 0.5, nodes)
    Phi_p, _, _, _ = feature_quadrature(ACT[act_name], probes, 0.5, nodes)
    Kcc = np.einsum("aqr,bqr,q->ab", Phi_c, Phi_c, wts)
    Kpc = np.einsum("aqr,bqr,q->ab", Phi_p, Phi_c, wts)
    return Kcc, Kpc


def _e11_run(ctx, seed, nodes):
    import numpy as np
    rng = np.random.default_rng(seed)
    t = 2
    Ns = (4, 16, 64) if ctx.quick else (4, 16, 64, 256)
    targets = {"cos(x0 + x1)": lambda X: np.cos(X[:, 0, 0] + X[:, 1, 0]), "sin(x0 + 2 x1)": lambda X: np.sin(X[:, 0, 0] + 2 * X[:, 1, 0])}
    probes = np.concatenate([np.zeros((1, t, 1)), rng.uniform(-1, 1, (200, t, 1))])
    C_all = rng.uniform(-1, 1, (max(Ns), t, 1))
    # symmetric pairs +-X of K = {1/2 <= max_s |x_s| <= 1} (no X = 0), with X = (1/2, -1/2) where cos(x0 + x1) = 1
    ring = rng.uniform(-1, 1, (400, t, 1))
    ring = ring[np.abs(ring).max(axis=(1, 2)) >= 0.5][:100]
    ring = np.concatenate([np.array([[[0.5], [-0.5]]]), ring])
    ring = np.concatenate([ring, -ring])
    errs, errs_ring = {}, {}
    for act in ("tanh", "logistic"):
        Kcc_all, Kpc_all = _kernel_regression(act, t, C_all, np.concatenate([probes, ring]), nodes)
        for name, f in targets.items():
            row, row_ring = [], []
            for N in Ns:
                K = Kcc_all[:N, :N]
                lam = 1e-8 * np.trace(K) / N
                coef = np.linalg.solve(K + lam * np.eye(N), f(C_all[:N]))
                pred = Kpc_all[:, :N] @ coef
                err = np.abs(pred - f(np.concatenate([probes, ring])))
                row.append(float(err[:len(probes)].max()))
                row_ring.append(float(err[len(probes):].max()))
            errs[(act, name)] = row
            errs_ring[(act, name)] = row_ring
    return Ns, errs, errs_ring


e11 = paper.claim(
    "e11_universal", kind="remark", label="E11 (density of the NTK's RKHS)", where="experiments (spec E11)",
    statement=r"""Pre-registered predictions from the printed universality of $\kappa_t$ ('the associated RKHS is dense in the space of continuous functions
on a compact set'): for $t=2$, $d=1$, inputs in $[-1,1]^2$, kernel interpolation with $\kappa_t$ (features $\partial_{\Theta_i}H_t$, the sum from $k,\ell=0$) on
$N$ random centres, and the held-out sup-norm error over 200 random points and $\mathbf X=0$: for $\tanh$ and the logistic, and each of the targets
$\cos(x_0+x_1)$ and $\sin(x_0+2x_1)$, the error at the largest $N$ is at most half the error at the smallest $N$; and the same for the
sup-norm error over symmetric pairs $\pm\mathbf X$ of $K=\{1/2\le\max_s|x_s|\le1\}$ (which excludes $\mathbf X=0$).""",
    uses=["rkhs_universal", "rkhs_k0"], printed={"factor": sp.Rational(1, 2)},
    variables={},          # pre-registered instances (t = 2, d = 1, two activations, two targets, two probe sets)
    severity="false statement",
    severity_reason="the experiment contradicts the printed universality of kappa_t (rkhs_universal) for tanh, an activation the "
                    "paper names: the network has no bias and tanh is odd, so every function of the RKHS is odd; the even target "
                    "cos(x0 + x1) keeps a sup error >= 1 at X = 0 and on the symmetric set 1/2 <= max_s |x_s| <= 1 without 0",
)


@e11.hypothesis("setting", r"$\sigma$ satisfies (4) ($\tanh$); compact sets $[-1,1]^t$ (contains the data support) and "
                r"$\{1/2\le\max_s|x_s|\le1\}$ (symmetric, without 0); a continuous target")
def _e11_h(p):
    return p.get("act") == "tanh" and p.get("target") == "cos(x0 + x1)", f"act = {p.get('act')}, target = {p.get('target')}"


@e11.check(layer="empirical", method="numpy kernel interpolation with the quadrature NTK", timeout=1800,
           scope="quick: N in {4, 16, 64}, 40 Gauss-Hermite nodes; full: N up to 256, 80 nodes; independent re-run: other centres and "
                 "probes, another quadrature order")
def _e11(ctx):
    _fidelity(ctx, "E11", "the printed universality of kappa_t", model="kernel interpolation with the tangent kernel "
              "kappa_t (k, l from 0), t = 2, d = 1, tanh and logistic", sizes="N in {4, 16, 64} quick, up to 256 full; 200 "
              "probes and X = 0", initialisation="none", loss="interpolation with a tiny ridge", optimiser="a linear solve",
              **{"learning rate": "none"}, steps="none", stopping="none", teacher="cos(x0 + x1), sin(x0 + 2 x1)",
              metric="the held-out sup-norm error", plotted="that error against N")
    nodes = 40 if ctx.quick else 80
    Ns, errs, errs_ring = _e11_run(ctx, ctx.seed, nodes)
    ctx.table("E11: held-out sup-norm error of kernel interpolation (includes X = 0)", ("activation", "target") + tuple(f"N={N}" for N in Ns),
              [(a, tg) + tuple(f"{e:.3e}" for e in row) for (a, tg), row in errs.items()])
    ctx.table("E11: sup-norm error over symmetric pairs +-X of {1/2 <= max_s |x_s| <= 1} (no X = 0)",
              ("activation", "target") + tuple(f"N={N}" for N in Ns),
              [(a, tg) + tuple(f"{e:.3e}" for e in row) for (a, tg), row in errs_ring.items()])
    ctx.plot("e11_universal", "E11: sup-norm error of NTK interpolation against the number of centres", xlabel="N", ylabel="sup error",
             logx=True, logy=True, lines=[(f"{a}, {tg}", list(Ns), row) for (a, tg), row in errs.items()]
             + [(f"{a}, {tg}, symmetric set without 0", list(Ns), row) for (a, tg), row in errs_ring.items()])
    fac = float(ctx.printed["factor"])
    falling, flat = [1.0] + [0.1] * (len(Ns) - 1), [1.0] * len(Ns)
    observed = {(k, "probes"): row for k, row in errs.items()} | {(k, "symmetric set"): row for k, row in errs_ring.items()}
    keys = list(observed)
    out = ctx.controlled([
        sr.Prediction(f"{a}, {tg} ({where}): the error at the largest N <= half the error at the smallest",
                      lambda o, k=((a, tg), where): o[k][-1] <= fac * o[k][0], {k: falling for k in keys},
                      {k: (flat if k == ((a, tg), where) else falling) for k in keys}, "sup errors 1 then 0.1 / 1 throughout")
        for (a, tg), where in keys], observed)
    if out is None:
        return None
    res = dict(zip(keys, out))
    ok = {k: v for (k, where), v in res.items() if where == "probes"}
    ok_ring = {k: v for (k, where), v in res.items() if where == "symmetric set"}
    if all(ok.values()) and all(ok_ring.values()):
        return ctx.confirmed("the error decreases for every activation and target, on both probe sets", predictions=len(res),
                             detail=f"{ok}; symmetric set: {ok_ring}")
    failed = [k for k, v in ok.items() if not v]
    failed_ring = [k for k, v in ok_ring.items() if not v]
    if failed == [("tanh", "cos(x0 + x1)")] and failed_ring == [("tanh", "cos(x0 + x1)")]:
        def rerun():
            Ns2, errs2, ring2 = _e11_run(ctx, ctx.seed + 17, nodes + 20)
            row, rr = errs2[("tanh", "cos(x0 + x1)")], ring2[("tanh", "cos(x0 + x1)")]
            return (row[-1] > fac * row[0] and row[-1] >= 0.99 and rr[-1] > fac * rr[0] and rr[-1] >= 0.99,
                    f"other centres/probes, {nodes + 20} nodes: tanh, cos errors {row}; on the symmetric set {rr}")
        row, rr = errs[("tanh", "cos(x0 + x1)")], errs_ring[("tanh", "cos(x0 + x1)")]
        return ctx.contradicted("tanh: the even target cos(x0 + x1) is not approximated, at X = 0 nor on the symmetric set without 0 "
                                "(every function of the RKHS is odd)",
                                predictions=2, rerun=rerun, witness={"act": "tanh", "target": "cos(x0 + x1)", "t": "2"},
                                detail=f"sup errors {row} for N = {Ns} (>= |f(0)| = 1 at X = 0); over +-X of 1/2 <= max_s |x_s| <= 1: "
                                       f"{rr} (>= cos(0) = 1 at X = +-(1/2, -1/2): an odd f has max(|1 - f(X)|, |1 + f(X)|) >= 1); "
                                       f"the other three cases decrease: { {k: v for k, v in ok.items() if v} }, symmetric set "
                                       f"{ {k: v for k, v in ok_ring.items() if v} }")
    ctx.inconclusive("E11", f"predictions per case: {ok}; symmetric set: {ok_ring}")
