"""Appendix E: deferred proofs. E.1 auxiliary proofs (population loss, Proposition E.2, Lemmas E.3-E.7),
E.2 Lemma 7, E.3 Theorem 8, E.4 Proposition 9 (Lemmas E.10, E.12-E.15). Equation numbers as printed."""

import math
from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import model, paper
from .sec3_setup import expected_loss

S = sr.symbolic
M = sr.numeric
R = sp.Rational

# ================================================================================================ E.1.1
lemma_e1 = paper.claim(
    "lemma_e1", kind="lemma", label="Lemma E.1", where="App. E.1.1",
    statement=r"""Assume $\mathbf{x} \sim \mathcal{D}$ such that $\mathbb{E}_{\mathbf{x} \sim \mathcal{D}}[\mathbf{x}] = 0$, $\mathbb{E}_{\mathbf{x} \sim \mathcal{D}}[\mathbf{x}\mathbf{x}^\top] = \mathbf{I}_k \in \mathbb{R}^{k,k}$, where $\mathbf{I}_k$ is the identity matrix. $y$ is given by $y = \widehat{RNN}(\mathbf{x})$ where $\widehat{RNN}(\cdot)$ denotes the output of a teacher RNN, $\hat{\Theta} = (\hat{\mathbf{A}}, \hat{\mathbf{B}}, \hat{\mathbf{C}})$. Denote $w_i = \hat{\mathbf{C}}\hat{\mathbf{A}}^i\hat{\mathbf{B}}$, the loss for the student RNN satisfies:
$$\mathbb{E}_{\mathbf{x} \sim \mathcal{D}} [\ell(RNN(\mathbf{x}), y)] = \sum_{i=0}^{k-1} (\mathbf{CA}^i\mathbf{B} - w_i)^2. \quad (\text{E.1})$$""",
    assumptions=[r"$\mathbb E[\mathbf x] = 0$, $\mathbb E[\mathbf x\mathbf x^\top] = \mathbf I_k$"],
    uses=["eq3_1", "eq3_2"],
)


@lemma_e1.check(layer="symbolic", method="sympy.Poly (second moments)",
                scope="(d, d^, k) in {(2, 1, 3), (1, 2, 4), (2, 2, 2)}, general A: only E[x x^T] enters (the square is a "
                      "quadratic form in x), so the identity is exact for every whitened law")
def quadratic_form(ctx):
    ctx.identities("E[(RNN(x) - RNN^(x))^2] = (E.1)",
                   [(f"d={d}, d^={dh}, k={k}", *expected_loss(d, dh, k)) for d, dh, k in ((2, 1, 3), (1, 2, 4), (2, 2, 2))])


@lemma_e1.check(layer="property", method="Monte Carlo (float64) with a CLT band",
                scope="Rademacher and Gaussian whitened inputs, d = 3, d^ = 2, k = 4, 2*10^5 samples each")
def monte_carlo(ctx):
    import numpy as np

    rng = np.random.default_rng(ctx.seed)
    A, B, C = rng.normal(size=(3, 3)) / 2, rng.normal(size=3), rng.normal(size=3)
    Ah, Bh, Ch = rng.normal(size=(2, 2)) / 2, rng.normal(size=2), rng.normal(size=2)
    k = 4
    h = np.array([C @ np.linalg.matrix_power(A, j) @ B for j in range(k)])
    w = np.array([Ch @ np.linalg.matrix_power(Ah, j) @ Bh for j in range(k)])
    exact = float(((h - w) ** 2).sum())
    rows = []
    n = 20000 if ctx.quick else 200000
    for law in ("rademacher", "gaussian"):
        X = rng.choice([-1.0, 1.0], size=(n, k)) if law == "rademacher" else rng.normal(size=(n, k))
        out = X @ (h - w)[::-1]                     # RNN(x) - RNN^(x) = sum_j (h - w)_{k-1-j} x_j
        sq = out ** 2
        z = (sq.mean() - exact) / (sq.std() / math.sqrt(n))
        rows.append((law, n, f"{sq.mean():.6f}", f"{exact:.6f}", f"{z:.2f}"))
        if abs(z) > 5:
            ctx.inconclusive("Monte Carlo", f"{law}: z = {z:.2f}")
            return
    ctx.table("Monte Carlo of E[(RNN(x) - RNN^(x))^2] against (E.1)", ("inputs", "n", "mean", "(E.1)", "z"), rows)
    ctx.no_violation("Monte Carlo within 5 standard errors", points=2, detail="Rademacher and Gaussian inputs")


eq_e2_e8 = paper.claim(
    "eq_e2_e8", kind="proof-step", label="(E.2)-(E.8)", where="App. E.1.1, proof of Lemma E.1",
    statement=r"""$$\mathbb{E}_{\mathbf{x} \sim \mathcal{D}} [\ell(RNN(\mathbf{x}), y)] = \mathbb{E}_{\mathbf{x} \sim \mathcal{D}} \left[\left(\sum_{i=0}^{k-1} \mathbf{CA}^{k-1-i}\mathbf{B}x_i - \sum_{j=0}^{k-1} w_{k-1-j}x_j \right)^2 \right] \quad (\text{E.2})$$
$$= \mathbb{E} \left[\left(\sum_{i=0}^{k-1} \mathbf{C} \mathbf{A}^i \mathbf{B} x_{k-1-i} - \sum_{j=0}^{k-1} w_j x_{k-1-j} \right)^2 \right] \ (\text{E.3}) = \sum_{i,j=0}^{k-1} [\mathbf{C} \mathbf{A}^i \mathbf{B} \mathbf{C} \mathbf{A}^j \mathbf{B} - 2\mathbf{C} \mathbf{A}^i \mathbf{B} w_j + w_i w_j] \mathbb{E} [x_{k-1-i} x_{k-1-j}] \ (\text{E.4})$$
$$= \sum_{i,j} [\dots] \mathbf{1}_{k-1-i=k-1-j} \ (\text{E.5}) = \sum_{i,j} [\dots] \mathbf{1}_{i=j} \ (\text{E.6}) = \sum_{i=0}^{k-1} [(\mathbf{C} \mathbf{A}^i \mathbf{B})^2 - 2\mathbf{C} \mathbf{A}^i \mathbf{B} w_i + w_i^2] = \sum_{i=0}^{k-1} (\mathbf{C} \mathbf{A}^i \mathbf{B} - w_i)^2 \ (\text{E.7})$$
where the transition from the second to third rows is by our assumption that $\mathbb{E}[x_i x_j] = \mathbf{1}_{i=j}$. Therefore we have $\mathbb{E}[\ell(\text{RNN}(\mathbf{x}), y)] = \sum_{i=0}^{k-1} (\mathbf{C} \mathbf{A}^i \mathbf{B} - w_i)^2$ (E.8).""",
    assumptions=[r"$\mathbb E[x_i x_j] = \mathbf 1_{i=j}$"],
    uses=["lemma_e1"],
    notes="(E.4) as printed expands the square as CA^iB CA^jB - 2 CA^iB w_j + w_i w_j, which is not symmetric in (i, j) "
          "but sums to the same value over all (i, j); checked as a sum.",
)


@eq_e2_e8.check(layer="symbolic", method="sympy", scope="k = 1..5 with symbolic h_i = CA^iB and w_i; E[x_a x_b] -> [a = b]")
def chain(ctx):
    pairs = []
    for k in range(1, 6):
        h = sp.symbols(f"h0:{k}", real=True)
        w = sp.symbols(f"w0:{k}", real=True)
        x = sp.symbols(f"x0:{k}", real=True)
        E = lambda e: sum(c for m, c in sp.Poly(sp.expand(e), *x).terms()  # noqa: E731
                          if sum(mm == 2 for mm in m) == 1 and all(mm in (0, 2) for mm in m))
        e2 = E((sum(h[k - 1 - i] * x[i] for i in range(k)) - sum(w[k - 1 - j] * x[j] for j in range(k))) ** 2)
        e3 = E((sum(h[i] * x[k - 1 - i] for i in range(k)) - sum(w[j] * x[k - 1 - j] for j in range(k))) ** 2)
        e4 = sum((h[i] * h[j] - 2 * h[i] * w[j] + w[i] * w[j]) * (1 if i == j else 0) for i in range(k) for j in range(k))
        e7a = sum(h[i] ** 2 - 2 * h[i] * w[i] + w[i] ** 2 for i in range(k))
        e7b = sum((h[i] - w[i]) ** 2 for i in range(k))
        pairs += [(f"k={k}: (E.2)=(E.3)", e2, e3), (f"k={k}: (E.3)=(E.4)-(E.6)", e3, e4), (f"k={k}: (E.6)=(E.7)", e4, e7a),
                  (f"k={k}: (E.7) second =", e7a, e7b)]
    ctx.identities("(E.2)-(E.8)", pairs)


prop_e2 = paper.claim(
    "prop_e2", kind="proposition", label="Proposition E.2", where="App. E.1.2",
    statement=r"""[Proposition 3 in main paper] Assume $d > k$, and let $\epsilon \geq 0$ and $q \in \{k+1, k+2, \dots\}$. Then, for any teacher parameters $\hat{\Theta}$, there exist student parameters $\Theta$ with which the population loss in Equation 3.4 equals zero, and yet the student does not $\epsilon$-extrapolate with horizon $q$.""",
    assumptions=[r"$d > k$", r"$\epsilon \ge 0$", r"$q \ge k+1$"],
    uses=["eq3_4", "def2"],
    same_as="ck2023.prop3",
)

lemma_e3 = paper.claim(
    "lemma_e3", kind="lemma", label="Lemma E.3", where="App. E.1.3",
    statement=r"""A balanced RNN, $\Theta = (\mathbf{A}, \mathbf{B}, \mathbf{C})$, with a symmetric transition matrix (i.e. $\mathbf{B} = \mathbf{C}^\top$ and $\mathbf{A} = \mathbf{A}^\top$) has an equivalent (i.e. generating the same impulse response) RNN, $\Theta' = (\mathbf{A}', \mathbf{B}', \mathbf{C}')$, which is balanced and its transition matrix is diagonal.""",
    uses=["def1", "def4"],
    notes="Proof: A = U Lambda U^T, A' = Lambda, B' = U^T B, C' = CU; CA^iB = CU Lambda^i U^T B = C'(A')^i B'.",
)


@lemma_e3.check(layer="property", method="numpy eigh on random symmetric matrices (repeated eigenvalues included)",
                scope="d = 2..10, 40 draws (quick 10), half with a repeated eigenvalue; responses to j = 50 agree to "
                      "1e-10 relative to ||A||_2^j ||B||^2; C' = (B')^T")
def eigh(ctx):
    import numpy as np

    rng = np.random.default_rng(ctx.seed)
    n, worst = (10 if ctx.quick else 40), 0.0
    for t in range(n):
        d = 2 + t % 9
        Q, _ = np.linalg.qr(rng.normal(size=(d, d)))
        lam = rng.uniform(-1.1, 1.1, d)
        if t % 2:
            lam[1] = lam[0]
        A = Q @ np.diag(lam) @ Q.T
        A = (A + A.T) / 2
        B = rng.normal(size=d)
        ev, U = np.linalg.eigh(A)
        Bp, Cp = U.T @ B, B @ U
        for j in range(51):
            h = B @ np.linalg.matrix_power(A, j) @ B
            hp = Cp @ (ev ** j * Bp)
            scale = max(1.0, np.abs(ev).max() ** j) * (B @ B)
            worst = max(worst, abs(h - hp) / scale)
        if np.abs(Cp - Bp).max() > 1e-12:
            ctx.inconclusive("C' = B'^T", "not balanced after the change of basis")
            return
    if worst < 1e-10:
        ctx.no_violation("diagonal balanced realization has the same response", points=n, detail=f"worst {worst:.2e}")
    else:
        ctx.inconclusive("responses", f"worst relative difference {worst:.2e}")


@lemma_e3.check(layer="symbolic", method="sympy", scope="a 2 x 2 rational rotation U (3-4-5) and symbolic Lambda, B")
def symbolic(ctx):
    l1, l2, b1, b2 = sp.symbols("l1 l2 b1 b2", real=True)
    U = sp.Matrix([[R(3, 5), -R(4, 5)], [R(4, 5), R(3, 5)]])
    A = U * sp.diag(l1, l2) * U.T
    B = sp.Matrix([b1, b2])
    Bp = U.T * B
    ctx.identities("C A^i B = C'(A')^i B'", [(f"i={i}", (B.T * A ** i * B)[0, 0], (Bp.T * sp.diag(l1, l2) ** i * Bp)[0, 0])
                                             for i in range(4)])


# ================================================================================================ E.1.4 gradients
def _grad_values(params, which):
    a, b, c, w0, w1 = (sp.Rational(params[x]) for x in ("a", "b", "c", "w0", "w1"))
    r0, r1 = c * b - w0, c * a * b - w1
    structure = {"B": r0 * c + r1 * a * c, "C": r0 * b + r1 * b * a, "A": r1 * c * b}[which]
    true = 2 * structure                       # d/dX of (cb - w0)^2 + (cab - w1)^2, computed below by SymPy
    A_, B_, C_ = sp.symbols("A_ B_ C_", real=True)
    L = (C_ * B_ - w0) ** 2 + (C_ * A_ * B_ - w1) ** 2
    var = {"A": A_, "B": B_, "C": C_}[which]
    true_sym = sp.diff(L, var).subs({A_: a, B_: b, C_: c})
    if true_sym != true:
        raise sr.InternalError("closed form and SymPy derivative disagree")
    return true_sym, structure


def gradient_claim_check(claim, which, sign=1, what="dL/dX"):
    """Register the d = 1, k = 2 witness check for a printed gradient/time-derivative formula whose printed coefficient
    (in front of the sum) is ctx.printed['coef'] (1 as printed); the true one is 2 (sign for -dL/dX)."""

    def replay(params, dps, printed):
        true, structure = _grad_values(params, which)
        pr = printed["coef"] * structure
        return {"violated": bool(sp.simplify(sign * true - sign * pr) != 0) and True,
                "values": {f"true {what}": sign * true, f"printed {what}": sign * pr}}

    def recheck(params, dps, printed):
        c = model.mp(dps)
        v = {x: c.mpf(sp.Rational(params[x]).p) / sp.Rational(params[x]).q for x in ("a", "b", "c", "w0", "w1")}
        h = c.mpf(10) ** (-(dps // 3))

        def L(a, b, cc):
            return (cc * b - v["w0"]) ** 2 + (cc * a * b - v["w1"]) ** 2
        args = [v["a"], v["b"], v["c"]]
        idx = {"A": 0, "B": 1, "C": 2}[which]
        up, dn = list(args), list(args)
        up[idx] += h
        dn[idx] -= h
        fd = (L(*up) - L(*dn)) / (2 * h)                 # central difference of the loss itself
        r0, r1 = v["c"] * v["b"] - v["w0"], v["c"] * v["a"] * v["b"] - v["w1"]
        structure = {"B": r0 * v["c"] + r1 * v["a"] * v["c"], "C": r0 * v["b"] + r1 * v["b"] * v["a"],
                     "A": r1 * v["c"] * v["b"]}[which]
        pr = printed["coef"] * structure
        return {"violated": bool(abs(fd - pr) > c.mpf(10) ** (-(dps // 4))), "values": {"finite difference": fd,
                                                                                       "printed": pr}}

    @claim.check(layer="symbolic", name="witness", method="exact derivative vs printed formula", replay=replay,
                 recheck=recheck, evaluators=("SymPy exact derivative", "mpmath central difference of (3.4)"),
                 scope="d = 1, k = 2 (scalars a, b, c; teacher values w_0, w_1): the printed formula against the "
                       "derivative of (3.4)")
    def _witness(ctx):
        p = {"a": "1", "b": "1", "c": "1", "w0": "0", "w1": "0"}
        out = replay(p, ctx.dps, ctx.printed)
        if out["violated"]:
            ctx.refute(f"printed {what} is half the derivative of (3.4)", p,
                       certificate=f"exact: true {out['values'][f'true {what}']}, printed "
                                   f"{out['values'][f'printed {what}']} (the factor 2 of d(r^2) = 2 r dr is dropped)")
        else:
            ctx.exact_predicate(f"printed {what} equals the derivative at the probe", True)
    return _witness


def general_gradient_identity(ctx, which, factor, d=2, k=3):
    """The printed structure times `factor` against SymPy's gradient of (3.4), general A (symbolic, d x k)."""
    A, B, C = model.system(d)
    w = sp.symbols(f"w0:{k}", real=True)
    L = S.population_loss(S.impulse_response(A, B, C, k), w, k)
    if which == "B":
        got, true = model.grad_B_printed(A, B, C, w, k, factor), S.matrix_gradient(L, B)
    elif which == "C":
        got, true = model.grad_C_printed(A, B, C, w, k, factor), S.matrix_gradient(L, C)
    else:
        got, true = model.grad_A_printed(A, B, C, w, k, factor), S.matrix_gradient(L, A)
    return ctx.identities(f"{factor} x printed structure = dL/d{which} (d={d}, k={k}, general A)",
                          [(f"entry {i}", got[i], true[i]) for i in range(len(true))])


lemma_e4 = paper.claim(
    "lemma_e4", kind="lemma", label="Lemma E.4", where="App. E.1.4",
    statement=r"""Given the population loss
$$\mathcal{L}(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \sum_{j=0}^{k-1} \left(\mathbf{C}\mathbf{A}^j\mathbf{B} - \hat{\mathbf{C}}\hat{\mathbf{A}}^j\hat{\mathbf{B}} \right)^2. \quad (3.4 \text{ revisited})$$
Denote $\nabla \ell_i = \mathbf{C}\mathbf{A}^i\mathbf{B} - w_i$, the derivatives of the loss with respect to $\mathbf{B}$, and $\mathbf{C}$ satisfy:
$$\frac{\partial \mathcal{L}}{\partial \mathbf{B}} = \sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}^i)^\top \mathbf{C}^\top, \quad (E.9) \qquad \frac{\partial \mathcal{L}}{\partial \mathbf{C}} = \sum_{i=0}^{k-1} \nabla \ell_i \mathbf{B}^\top (\mathbf{A}^i)^\top. \quad (E.10)$$""",
    uses=["eq3_4"],
    printed={"coef": 1},
)
gradient_claim_check(lemma_e4, "B", what="dL/dB (E.9)")

lemma_e4_factor2 = paper.correction(
    "lemma_e4_factor2", corrected_from="lemma_e4", label="Lemma E.4 with the factor 2", where="App. E.1.4",
    statement=r"""$\frac{\partial \mathcal{L}}{\partial \mathbf{B}} = 2\sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}^i)^\top \mathbf{C}^\top$ and $\frac{\partial \mathcal{L}}{\partial \mathbf{C}} = 2\sum_{i=0}^{k-1} \nabla \ell_i \mathbf{B}^\top (\mathbf{A}^i)^\top$.""",
)


@lemma_e4_factor2.check(layer="symbolic", method="sympy.diff", scope="general A, (d, k) in {(2, 3), (3, 2)}")
def factor2(ctx):
    for d, k in ((2, 3), (3, 2)):
        general_gradient_identity(ctx, "B", 2, d, k)
        general_gradient_identity(ctx, "C", 2, d, k)


eq_e11_e12 = paper.claim(
    "eq_e11_e12", kind="proof-step", label="(E.11)-(E.12)", where="App. E.1.4",
    statement=r"""Note that for $j \geq 0$, the derivative of $\mathbf{C}\mathbf{A}^j\mathbf{B}$ with respect to $\mathbf{B}$ is given by $\frac{\partial (\mathbf{C}\mathbf{A}^j\mathbf{B})}{\partial \mathbf{B}} = (\mathbf{A}^j)^\top \mathbf{C}^\top$ (E.11). Similarly, the derivative of $\mathbf{C}\mathbf{A}^j\mathbf{B}$ with respect to $\mathbf{C}$ is given by $\frac{\partial (\mathbf{C}\mathbf{A}^j\mathbf{B})}{\partial \mathbf{C}} = \mathbf{B}^\top (\mathbf{A}^j)^\top$ (E.12).""",
    uses=[],
)


@eq_e11_e12.check(layer="symbolic", method="sympy.diff", scope="general A, d = 3, j = 0..4, gradients shaped like B (d x 1) "
                                                              "and C (1 x d)")
def derivatives(ctx):
    A, B, C = model.system(3)
    pairs = []
    for j in range(5):
        h = (C * A ** j * B)[0, 0]
        gB, gC = S.matrix_gradient(h, B), S.matrix_gradient(h, C)
        eB, eC = (A ** j).T * C.T, B.T * (A ** j).T
        pairs += [(f"j={j}, B[{i}]", gB[i], eB[i]) for i in range(3)] + [(f"j={j}, C[{i}]", gC[i], eC[i]) for i in range(3)]
    ctx.identities("(E.11)/(E.12)", pairs)


eq_e13 = paper.claim(
    "eq_e13", kind="proof-step", label="(E.13)", where="App. E.1.4",
    statement=r"""Using these derivatives, we can calculate the derivative of the population loss, (assigning $w_i = \hat{\mathbf{B}}\hat{\mathbf{A}}^i\hat{\mathbf{C}}$),
$$\mathcal{L}(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \mathbb{E}_{\mathbf{x} \sim \mathcal{D}} [\ell(\text{RNN}(\mathbf{x}), y)] = \sum_{i=0}^{k-1} (\mathbf{C}\mathbf{A}^i\mathbf{B} - w_i)^2. \quad (E.13)$$""",
    uses=["lemma_e1"],
    printed={"order": "B A C"},
    severity="reading",
    severity_reason="B^ A^^i C^ (a d^ x 1 times d^ x d^ product) is not defined for d^ >= 2; the intended assignment is "
                    "Lemma E.1's w_i = C^ A^^i B^ (eq_e13_cab), under which (E.13) is (E.1)",
    intended="eq_e13_cab",
)


def _e13_replay(params, dps, printed):
    dh = int(params["dh"])
    Ah, Bh, Ch = S.delay_system(dh)
    order = {"B A C": (Bh, Ah, Ch), "C A B": (Ch, Ah, Bh)}[printed["order"]]
    ok = order[0].shape[1] == order[1].shape[0] and order[1].shape[1] == order[2].shape[0]
    shape = (order[0].shape[0], order[2].shape[1]) if ok else None
    return {"violated": (not ok) or shape != (1, 1), "values": {"shapes": f"{order[0].shape} {order[1].shape} {order[2].shape}",
                                                                "product shape": str(shape)}}


def _e13_recheck(params, dps, printed):
    import numpy as np

    dh = int(params["dh"])
    mats = {"B": np.zeros((dh, 1)), "A": np.zeros((dh, dh)), "C": np.zeros((1, dh))}
    try:
        out = mats[printed["order"][0]] @ mats[printed["order"][2]] if False else \
            mats[printed["order"][0]] @ mats[printed["order"][2 * 1]] @ mats[printed["order"][4]]
        return {"violated": out.shape != (1, 1), "values": {"shape": str(out.shape)}}
    except ValueError as exc:
        return {"violated": True, "values": {"numpy": str(exc)[:60]}}


@eq_e13.check(layer="symbolic", method="shapes (R1)", replay=_e13_replay, recheck=_e13_recheck,
              evaluators=("SymPy matrix shapes", "numpy matmul"),
              scope="the assignment w_i = B^ A^^i C^ for d^ = 2 (shapes d^ x 1, d^ x d^, 1 x d^)")
def shapes(ctx):
    out = _e13_replay({"dh": "2"}, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("B^ A^^i C^ is not a scalar (not even defined) for d^ = 2", {"dh": "2"},
                   certificate=f"shapes {out['values']['shapes']}: (2 x 1)(2 x 2) is undefined")
    else:
        ctx.exact_predicate("w_i is a scalar", True)


eq_e13_cab = paper.correction(
    "eq_e13_cab", corrected_from="eq_e13", label="(E.13) with w_i = C^A^^iB^", where="App. E.1.4",
    statement=r"""With $w_i = \hat{\mathbf{C}}\hat{\mathbf{A}}^i\hat{\mathbf{B}}$ (Lemma E.1): $\mathcal{L} = \mathbb{E}[\ell(\text{RNN}(\mathbf{x}), y)] = \sum_{i=0}^{k-1} (\mathbf{C}\mathbf{A}^i\mathbf{B} - w_i)^2$.""",
)


@eq_e13_cab.check(layer="symbolic", method="sympy.Poly", scope="(d, d^, k) = (2, 2, 3), general A")
def cab(ctx):
    ctx.identity("E[l] = sum (CA^iB - C^A^^iB^)^2", *expected_loss(2, 2, 3))


eq_e14 = paper.claim(
    "eq_e14", kind="proof-step", label="(E.14)", where="App. E.1.4",
    statement=r"""Denoting $\nabla \ell_i = \mathbf{C}\mathbf{A}^i\mathbf{B} - w_i$, and noting that $w_i$ is constant (depends on $\hat{\Theta}$), we have for $\mathbf{X} \in \{\mathbf{B}, \mathbf{C}\}$:
$$\frac{\partial \mathcal{L}}{\partial \mathbf{X}} = \sum_{i=0}^{k-1} \frac{\partial (\mathbf{C}\mathbf{A}^i\mathbf{B} - w_i)^2}{\partial \mathbf{X}} = \sum_{i=0}^{k-1} \nabla \ell_i \frac{\partial (\mathbf{C}\mathbf{A}^i\mathbf{B} - w_i)}{\partial \mathbf{X}} = \sum_{i=0}^{k-1} \nabla \ell_i \frac{\partial (\mathbf{C}\mathbf{A}^i\mathbf{B})}{\partial \mathbf{X}}. \quad (E.14)$$""",
    uses=["eq_e13", "eq_e11_e12"],
    printed={"coef": 1},
)
gradient_claim_check(eq_e14, "C", what="dL/dC (E.14, X = C)")

eq_e15_e16 = paper.claim(
    "eq_e15_e16", kind="proof-step", label="(E.15)-(E.16)", where="App. E.1.4",
    statement=r"""Plugging in Equation E.11 and Equation E.12, we have:
$$\frac{\partial \mathcal{L}}{\partial \mathbf{B}} = \sum_{i=0}^{k-1} \nabla \ell_i \frac{\partial (\mathbf{C} \mathbf{A}^i \mathbf{B})}{\partial \mathbf{B}} = \sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}^i)^\top \mathbf{C}^\top, \quad (\text{E.15}) \qquad \frac{\partial \mathcal{L}}{\partial \mathbf{C}} = \sum_{i=0}^{k-1} \nabla \ell_i \frac{\partial (\mathbf{C} \mathbf{A}^i \mathbf{B})}{\partial \mathbf{C}} = \sum_{i=0}^{k-1} \nabla \ell_i \mathbf{B}^\top (\mathbf{A}^i)^\top, \quad (\text{E.16})$$""",
    uses=["eq_e14", "eq_e11_e12"],
    printed={"coef": 1},
    notes="The same formulas as (E.9)/(E.10); as chains, the second equalities hold given (E.11)/(E.12), the first "
          "inherit (E.14)'s missing factor 2.",
)
gradient_claim_check(eq_e15_e16, "B", what="dL/dB (E.15)")

# ================================================================================================ E.1.5
lemma_e5 = paper.claim(
    "lemma_e5", kind="lemma", label="Lemma E.5", where="App. E.1.5",
    statement=r"""[\emph{Lemma 6 in main paper}] When optimizing equation 3.4 with GF emanating from a balanced initialization $\Theta(0)$, the parameters $\Theta(\tau)$ are balanced for all $\tau \in \mathbb{R}_+$.""",
    assumptions=["GF on (3.4), symmetric A", "balanced initialization"],
    uses=["lemma_e6", "ext_elkabetz_cohen_thm3"],
    same_as="ck2023.lemma6",
)

lemma_e6 = paper.claim(
    "lemma_e6", kind="lemma", label="Lemma E.6", where="App. E.1.5",
    statement=r"""When optimizing equation 3.4 with GD with balanced initial conditions, then $\forall t \in \mathbb{N}$, $\Theta$ has a balanced weight configuration, i.e. $\mathbf{B}_t = \mathbf{C}_t^\top$.""",
    assumptions=["GD on (3.4) with symmetric A (the setting of Sec. 3)", "balanced initialization"],
    uses=["lemma_e4", "eq_e17", "eq_e18"],
)


def _fraction_gd(a, b, w, eta, steps):
    """Exact GD on (3.4) for d = 2, symmetric A = [[a0, a1], [a1, a2]] (upper-triangular parameters), B and C
    separate, from B = C^T; gradients by forward-mode dual numbers over Fractions (no closed form used)."""
    def loss_and_grad(params):
        # params: dict name -> Fraction; returns dL/dparam via exact forward differences of a polynomial: use duals
        names = list(params)
        grads = {}
        for nm in names + [None]:
            vals = {n: (params[n], Fraction(1) if n == nm else Fraction(0)) for n in names}
            mul = lambda x, y: (x[0] * y[0], x[0] * y[1] + x[1] * y[0])  # noqa: E731
            add = lambda x, y: (x[0] + y[0], x[1] + y[1])  # noqa: E731
            A = [[vals["a0"], vals["a1"]], [vals["a1"], vals["a2"]]]
            v = [vals["b0"], vals["b1"]]
            L = (Fraction(0), Fraction(0))
            for j in range(len(w)):
                h = add(mul(vals["c0"], v[0]), mul(vals["c1"], v[1]))
                r = (h[0] - w[j], h[1])
                L = add(L, mul(r, r))
                v = [add(mul(A[0][0], v[0]), mul(A[0][1], v[1])), add(mul(A[1][0], v[0]), mul(A[1][1], v[1]))]
            if nm is not None:
                grads[nm] = L[1]
        return grads
    p = {"a0": a[0], "a1": a[1], "a2": a[2], "b0": b[0], "b1": b[1], "c0": b[0], "c1": b[1]}
    for _ in range(steps):
        g = loss_and_grad(p)
        p = {n: p[n] - eta * g[n] for n in p}
        if (p["b0"], p["b1"]) != (p["c0"], p["c1"]):
            return False
    return True


@lemma_e6.check(layer="symbolic", method="exact rational GD (forward-mode dual numbers over Fractions)",
                scope="d = 2, k = 3, symmetric A, 4 rational balanced initializations, eta in {1/10, 1, 3}, 3 exact GD "
                      "steps (iterates diverge for eta = 3): B_t = C_t^T exactly at every step")
def exact_gd(ctx):
    n = 0
    w = [Fraction(1), Fraction(1, 2), Fraction(1, 3)]
    for seed in range(4):
        a = [Fraction((seed * 7 + i * 3) % 11 - 5, 10) for i in range(3)]
        b = [Fraction((seed * 5 + i * 4) % 9 - 4, 8) for i in range(2)]
        for eta in (Fraction(1, 10), Fraction(1), Fraction(3)):
            n += 1
            if not _fraction_gd(a, b, w, eta, 3):
                ctx.inconclusive("exact GD", f"unbalanced after GD at seed {seed}, eta {eta}")
                return
    ctx.exact_predicate(f"{n} exact GD runs stay balanced", True)


eq_e17 = paper.claim(
    "eq_e17", kind="proof-step", label="(E.17)", where="App. E.1.5, proof of Lemma E.6",
    statement=r"""Writing the gradients (Lemma E.4), we have
$$\left(\frac{\partial \mathcal{L}}{\partial \mathbf{C}_t} \right)^\top = \sum_{i=0}^{k-1} \nabla \ell_i \mathbf{A}_t^i \mathbf{B}_t = \sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}_t^\top)^i \mathbf{C}_t^\top = \frac{\partial \mathcal{L}}{\partial \mathbf{B}_t}, \quad (\text{E.17})$$
where the inequality follows from the induction assumption and the symmetric structure of $\mathbf{A}_t$.""",
    assumptions=[r"$\mathbf B_t = \mathbf C_t^\top$", r"$\mathbf A_t = \mathbf A_t^\top$"],
    uses=["lemma_e4"],
    printed={"coef": 1},
    notes="The middle equality and the conclusion (dL/dC)^T = dL/dB hold; the outer equalities inherit Lemma E.4's "
          "missing factor 2.",
)
gradient_claim_check(eq_e17, "B", what="dL/dB_t (E.17, last member)")


@eq_e17.check(layer="symbolic", method="sympy.diff", scope="symmetric A, balanced point, (d, k) in {(2, 3), (3, 3)}: the "
                                                          "middle equality and (dL/dC)^T = dL/dB with true gradients")
def middle(ctx):
    from .sec4_extrapolation import balanced_tangency

    balanced_tangency(ctx, ((2, 3), (3, 3)))


@eq_e17.hypothesis("balanced_symmetric", "B_t = C_t^T and A_t = A_t^T (d = 1: always symmetric)")
def _e17_h(p):
    return sp.Rational(p["b"]) == sp.Rational(p["c"]), f"b = {p['b']}, c = {p['c']}"


eq_e18 = paper.claim(
    "eq_e18", kind="proof-step", label="(E.18)", where="App. E.1.5",
    statement=r"""To conclude, the gradients at time $t$ are the same and $\mathbf{B}_t = \mathbf{C}_t^\top$ by the induction assumption, arriving at
$$\mathbf{B}_{t+1} = \mathbf{B}_t - \eta \frac{\partial \mathcal{L}}{\partial \mathbf{B}_t} = \mathbf{C}_t^\top - \eta \left(\frac{\partial \mathcal{L}}{\partial \mathbf{C}_t} \right)^\top = \mathbf{C}_{t+1}^\top \quad (\text{E.18})$$""",
    uses=["eq_e17"],
)


@eq_e18.check(layer="symbolic", method="sympy", scope="symmetric A, d = 2, k = 3, symbolic eta: B_1 - C_1^T = 0 at a balanced point")
def step(ctx):
    eta = sp.Symbol("eta", positive=True)
    A, B, C = model.system(2, symmetric=True)
    w = sp.symbols("w0:3", real=True)
    L = S.population_loss(S.impulse_response(A, B, C, 3), w, 3)
    sub = {C[0, i]: B[i, 0] for i in range(2)}
    ctx.identities("B_{t+1} = C_{t+1}^T", [(f"entry {i}", (B[i] - eta * sp.diff(L, B[i])).xreplace(sub),
                                            (C[0, i] - eta * sp.diff(L, C[0, i])).xreplace(sub)) for i in range(2)])


ext_elkabetz_cohen_thm3 = paper.claim(
    "ext_elkabetz_cohen_thm3", kind="lemma", label="Elkabetz & Cohen (2021), Theorem 3 (imported)", where="App. E.1.5",
    statement=r"""(As invoked) The proof of Lemma 6 follows from Lemma E.6 and the fact that for sufficiently small step size GD approximates GF with arbitrary precision (see Theorem 3 in Elkabetz \& Cohen, 2021).""",
    uses=[],
)


@ext_elkabetz_cohen_thm3.check(layer="numeric", method="step halving: GD vs RK4 gradient flow (float64)",
                               scope="d = 3 symmetric A, k = 3, t in [0, 2]: the GD-GF gap at t = 2 halves with the step "
                                     "(first order)")
def halving(ctx):
    import numpy as np

    rng = np.random.default_rng(1)
    d, k = 3, 3
    w = np.array([1.0, 0.5, 0.3])
    A0 = rng.normal(size=(d, d)) * 0.3
    A0 = (A0 + A0.T) / 2
    B0 = rng.normal(size=d) * 0.5

    def field(A, B):
        pw = [np.eye(d)]
        for _ in range(1, k):
            pw.append(pw[-1] @ A)
        r = np.array([B @ pw[i] @ B - w[i] for i in range(k)])
        gB = 4 * sum(r[i] * pw[i] @ B for i in range(k))          # balanced: d/dB of sum (B^T A^i B - w)^2
        G = sum(2 * r[i] * sum(np.outer(pw[q] @ B, pw[i - 1 - q] @ B) for q in range(i)) for i in range(1, k))
        G = G + G.T - np.diag(np.diag(G))
        return -G, -gB

    def rk4(T, n):
        A, B, h = A0.copy(), B0.copy(), T / n
        for _ in range(n):
            k1 = field(A, B)
            k2 = field(A + h / 2 * k1[0], B + h / 2 * k1[1])
            k3 = field(A + h / 2 * k2[0], B + h / 2 * k2[1])
            k4 = field(A + h * k3[0], B + h * k3[1])
            A = A + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
            B = B + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        return A, B

    Ag, Bg = rk4(2.0, 4000)
    gaps = []
    for n in (250, 500, 1000, 2000):
        A, B = A0.copy(), B0.copy()
        for _ in range(n):
            fA, fB = field(A, B)
            A, B = A + 2.0 / n * fA, B + 2.0 / n * fB
        gaps.append(float(np.abs(B - Bg).max() + np.abs(A - Ag).max()))
    ratios = [gaps[i] / gaps[i + 1] for i in range(3)]
    ctx.table("GD (step 2/n) vs RK4 GF at t = 2", ("n", "gap"), list(zip((250, 500, 1000, 2000), [f"{g:.3e}" for g in gaps])))
    if all(1.7 < r < 2.3 for r in ratios):
        ctx.no_violation("GD -> GF at first order in the step", points=4, detail=f"gap ratios {[round(r, 3) for r in ratios]}")
    else:
        ctx.inconclusive("GD vs GF", f"gap ratios {ratios}")


# ================================================================================================ E.1.6
lemma_e7 = paper.claim(
    "lemma_e7", kind="lemma", label="Lemma E.7", where="App. E.1.6",
    statement=r"""When optimizing equation 3.4 with GF the difference between the norms of $\mathbf{B}$, $\mathbf{C}$ is conserved throughout GF, i.e.,
$$\frac{d}{dt} (\|\mathbf{B}\|_F^2 - \|\mathbf{C}\|_F^2) = 0. \quad (\text{E.19})$$""",
    uses=["eq3_4", "eq3_6"],
)


@lemma_e7.check(layer="symbolic", method="sympy.diff (Euler homogeneity)",
                scope="general (non-symmetric) A, (d, k) in {(2, 3), (3, 2)}: B^T dL/dB = (dL/dC) C^T identically")
def conservation(ctx):
    pairs = []
    for d, k in ((2, 3), (3, 2)):
        A, B, C = model.system(d)
        w = sp.symbols(f"w0:{k}", real=True)
        L = S.population_loss(S.impulse_response(A, B, C, k), w, k)
        pairs.append((f"d={d}, k={k}", sum(b * sp.diff(L, b) for b in B), sum(c * sp.diff(L, c) for c in C)))
    ctx.identities("d/dt(||B||^2 - ||C||^2) = -2 B^T dL/dB + 2 (dL/dC) C^T = 0", pairs)


eq_e20 = paper.claim(
    "eq_e20", kind="proof-step", label="(E.20)", where="App. E.1.6",
    statement=r"""$$\alpha \equiv \|\mathbf{B}\|_F^2 - \|\mathbf{C}\|_F^2 = \text{Tr}(\mathbf{B}^\top \mathbf{B}) - \text{Tr}(\mathbf{C} \mathbf{C}^\top) = \mathbf{B}^\top \mathbf{B} - \mathbf{C} \mathbf{C}^\top. \quad (\text{E.20})$$""",
    uses=[],
)


@eq_e20.check(layer="symbolic", method="sympy", scope="d = 4")
def traces(ctx):
    _, B, C = model.system(4)
    ctx.identity("||B||^2 - ||C||^2 = B^T B - C C^T", sum(b ** 2 for b in B) - sum(c ** 2 for c in C), (B.T * B - C * C.T)[0, 0])


eq_e21_e22 = paper.claim(
    "eq_e21_e22", kind="proof-step", label="(E.21)-(E.22)", where="App. E.1.6",
    statement=r"""The derivative of $\mathbf{B}$, $\mathbf{C}$ with respect to time is given by,
$$\dot{\mathbf{B}} = - \sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}^\top)^i \mathbf{C}^\top, \quad (\text{E.21}) \qquad \dot{\mathbf{C}} = - \sum_{i=0}^{k-1} \nabla \ell_i \mathbf{B}^\top (\mathbf{A}^\top)^i. \quad (\text{E.22})$$""",
    uses=["eq3_6", "lemma_e4"],
    printed={"coef": 1},
)
gradient_claim_check(eq_e21_e22, "B", sign=-1, what="dB/dt (E.21)")

eq_e23_e25 = paper.claim(
    "eq_e23_e25", kind="proof-step", label="(E.23)-(E.25)", where="App. E.1.6",
    statement=r"""$$\dot{\alpha} = \dot{\mathbf{B}}^\top \mathbf{B} + \mathbf{B}^\top \dot{\mathbf{B}} - \dot{\mathbf{C}} \mathbf{C}^\top - \mathbf{C} \dot{\mathbf{C}}^\top = 2\mathbf{B}^\top \dot{\mathbf{B}} - 2\dot{\mathbf{C}} \mathbf{C}^\top. \quad (\text{E.23})$$
$$\dot{\alpha} = 2\mathbf{B}^\top \left( - \sum \nabla \ell_i (\mathbf{A}^\top)^i \mathbf{C}^\top \right) - 2 \left( - \sum \nabla \ell_i \mathbf{B}^\top (\mathbf{A}^\top)^i \right) \mathbf{C}^\top \quad (\text{E.24}) = -2 \left[\mathbf{B}^\top \left(\sum \nabla \ell_i (\mathbf{A}^\top)^i \right) \mathbf{C}^\top - \mathbf{B}^\top \left(\sum \nabla \ell_i (\mathbf{A}^\top)^i \right) \mathbf{C}^\top \right] = 0. \quad (\text{E.25})$$""",
    uses=["eq_e20", "eq_e21_e22"],
    notes="Linear in the printed (E.21)/(E.22): the missing factor 2 scales both terms and the conclusion is unaffected.",
)


@eq_e23_e25.check(layer="symbolic", method="sympy", scope="general A, d = 2, k = 3, with (E.21)/(E.22) as printed and "
                                                           "with the true GF field")
def alpha_dot(ctx):
    A, B, C = model.system(2)
    w = sp.symbols("w0:3", real=True)
    Bd = -model.grad_B_printed(A, B, C, w, 3)
    Cd = -model.grad_C_printed(A, B, C, w, 3)
    ctx.identity("(E.23)-(E.25) with the printed fields", (2 * B.T * Bd - 2 * Cd * C.T)[0, 0], 0)
    ctx.identity("(E.23): Bdot^T B + B^T Bdot = 2 B^T Bdot", (Bd.T * B + B.T * Bd)[0, 0], (2 * B.T * Bd)[0, 0])


# ================================================================================================ E.2
lemma_e8 = paper.claim(
    "lemma_e8", kind="lemma", label="Lemma E.8", where="App. E.2",
    statement=r"""[\emph{Lemma 7 in main paper}] Suppose that $d > k > 2\hat{d}$, the teacher is balanced, and that the student parameters $\Theta$ are balanced and satisfy $\mathcal{L}(\Theta) = 0$. Then $\Theta$ extrapolates.""",
    assumptions=[r"$d > k > 2\hat d$", "balanced teacher and student", r"$\mathcal L(\Theta) = 0$"],
    uses=["lemma_e3", "eq_e26_e27", "ext_cohen_yeredor_thm1", "ext_wu_yang_lemma4"],
    same_as="ck2023.lemma7",
)

eq_e26_e27 = paper.claim(
    "eq_e26_e27", kind="proof-step", label="(E.26)-(E.27)", where="App. E.2",
    statement=r"""Let us write the $n^{th}$ element of the impulse response as:
$$\hat{\mathbf{C}} \hat{\mathbf{A}}^n \hat{\mathbf{B}} = \sum_i \hat{p}_i \hat{a}_i^n = \mathbb{E}_{\hat{\mathbf{p}}}[\hat{Z}^n], \quad (\text{E.26}) \qquad \mathbf{C} \mathbf{A}^n \mathbf{B} = \sum_i p_i a_i^n = \mathbb{E}_{\mathbf{p}}[Z^n]. \quad (\text{E.27})$$""",
    assumptions=[r"diagonal $\mathbf A$ (Lemma E.3), $p_i = C_iB_i$, $\hat p = \hat{\mathbf B}\odot\hat{\mathbf B}$"],
    uses=["lemma_e3"],
)


@eq_e26_e27.check(layer="symbolic", method="sympy", scope="diagonal A, d = 4, n = 0..6; balanced and unbalanced (p_i = C_i B_i)")
def moments(ctx):
    for bal in (True, False):
        A, B, C = model.system(4, diagonal=True, balanced=bal)
        h = S.impulse_response(A, B, C, 7)
        m = S.moment_response([C[i] * B[i] for i in range(4)], [A[i, i] for i in range(4)], 7)
        ctx.identities(f"C A^n B = sum_i p_i a_i^n ({'balanced' if bal else 'general'})", [(f"n={n}", h[n], m[n]) for n in range(7)])


# ================================================================================================ E.3
thm_e9 = paper.claim(
    "thm_e9", kind="theorem", label="Theorem E.9", where="App. E.3",
    statement=r"""[Theorem 8 in main paper] Consider the minimization of Equation 3.4 and assume: (i) $d > k > 2\hat{d}$; (ii) the teacher is balanced and stable (i.e. the eigenvalues of $\hat{A}$ are in $[-1, 1]$); (iii) the teacher is non-degenerate, i.e. the input output mapping they realize is not identically zero; (iv) the student parameters are learned by applying GF to the loss $\mathcal{L}(\cdot)$, starting from a balanced initialization; (v) the student parameters $\Theta$ are bounded. Then, for any $\epsilon > 0$ and $q \in \mathbb{N}$, there exists $\delta(\epsilon, q) > 0$ such that whenever $\mathcal{L}(\Theta) \leq \delta(\epsilon, q)$, the student $\epsilon$-extrapolates with horizon $q$.""",
    assumptions=["(i)-(v)"],
    uses=["eq_e28", "eq_e29_e33", "eq_e34_e35", "eq_e36", "thm_e9_gamma", "eq_e37"],
    same_as="ck2023.thm8",
)


def thm_e9_hypotheses(claim, checks=None):
    """Witness parameters: teacher (ta: atoms ';', tw: weights, w0 scale), balanced diagonal student (sa atoms, sp
    weights p_i = B_i^2), k, d, delta."""

    @claim.hypothesis("conditions", r"(i) $d > k > 2\hat d$; (ii) balanced stable teacher; (iii) non-degenerate; "
                      r"(v) bounded balanced student; $\mathcal L(\Theta) \le \delta$", checks=checks)
    def _h(p):
        ta = [R(x) for x in p["ta"].split(";")]
        tw = [R(x) for x in p["tw"].split(";")]
        sa = [R(x) for x in p["sa"].split(";")]
        sw = [R(x) for x in p["sw"].split(";")]
        k, d, delta = int(p["k"]), len(sa), R(p["delta"])
        dh = len(ta)
        L = sum((sum(w * a ** j for a, w in zip(sa, sw)) - sum(w * a ** j for a, w in zip(ta, tw))) ** 2 for j in range(k))
        ok = (d > k > 2 * dh and all(abs(a) <= 1 for a in ta) and all(w >= 0 for w in tw + sw) and sum(tw) > 0
              and L <= delta)
        return ok, f"d={d}, k={k}, d^={dh}, L={L} <= delta={delta}"
    return _h


eq_e28 = paper.claim(
    "eq_e28", kind="proof-step", label="(E.28)", where="App. E.3",
    statement=r"""From our assumption that $\mathcal{L}(\Theta) \leq \delta$,
$$\mathcal{L}(\Theta) = \sum_{j=0}^{k-1} \left(CA^jB - \hat{C}\hat{A}^j\hat{B} \right)^2 \leq \delta. \quad (\text{E.28})$$
and specifically, each term satisfies $(CA^jB - \hat{C}\hat{A}^j\hat{B})^2 \leq \delta$ for $j = 0, \dots, k - 1$. In particular, $(CB - \hat{C}\hat{B})^2 \leq \delta$. Denote $\beta = \hat{C}\hat{B} - CB$, then $\beta \in [-\sqrt{\delta}, \sqrt{\delta}]$.""",
    uses=["eq3_4"],
)


@eq_e28.check(layer="symbolic", method="SymPy assumptions", full=True,
              scope="a sum of squares dominates each of its terms: L - t_j^2 = sum_{i != j} t_i^2 >= 0 (k = 4 terms, "
                    "symbolic); beta^2 <= delta <=> |beta| <= sqrt(delta)")
def terms(ctx):
    t = sp.symbols("t0:4", real=True)
    for j in range(4):
        ctx.sign(f"L - t_{j}^2 >= 0", sum(x ** 2 for x in t) - t[j] ** 2, "nonnegative")


eq_e29_e33 = paper.claim(
    "eq_e29_e33", kind="proof-step", label="(E.29)-(E.33)", where="App. E.3",
    statement=r"""$$\left(\frac{CA^jB}{\hat{C}\hat{B}} - \frac{\hat{C}\hat{A}^j\hat{B}}{\hat{C}\hat{B}} \right)^2 = \left(\frac{CA^jB}{\hat{C}\hat{B}} - \frac{CA^jB}{CB} + \frac{CA^jB}{CB} - \frac{\hat{C}\hat{A}^j\hat{B}}{\hat{C}\hat{B}} \right)^2 \ (\text{E.29}) = \left(CA^jB \left(\frac{1}{\hat{C}\hat{B}} - \frac{1}{CB} \right) + \underbrace{\frac{CA^jB}{CB} - \frac{\hat{C}\hat{A}^j\hat{B}}{\hat{C}\hat{B}}}_{m_j - \hat{m}_j} \right)^2 \ (\text{E.30})$$
$$\frac{1}{\hat{C}\hat{B}} - \frac{1}{CB} = \frac{1}{\hat{C}\hat{B}} - \frac{1}{\hat{C}\hat{B} - \beta} = \frac{\hat{C}\hat{B} - \beta - \hat{C}\hat{B}}{\hat{C}\hat{B}(\hat{C}\hat{B} - \beta)} = \frac{\beta}{\hat{C}\hat{B}(\beta - \hat{C}\hat{B})} \ (\text{E.31})$$
$$\delta(\hat{\mathbf{C}}\hat{\mathbf{B}})^{-2} \geq \left(\frac{\mathbf{C}\mathbf{A}^j\mathbf{B}}{\hat{\mathbf{C}}\hat{\mathbf{B}}} - \frac{\hat{\mathbf{C}}\hat{\mathbf{A}}^j\hat{\mathbf{B}}}{\hat{\mathbf{C}}\hat{\mathbf{B}}} \right)^2 = \left(\frac{\beta\mathbf{C}\mathbf{A}^j\mathbf{B}}{\hat{\mathbf{C}}\hat{\mathbf{B}}(\beta - \hat{\mathbf{C}}\hat{\mathbf{B}})} + (m_j - \hat{m}_j) \right)^2 \ (\text{E.32}) = \beta^2\kappa^2 + 2\beta\kappa(m_j - \hat{m}_j) + (m_j - \hat{m}_j)^2 \ (\text{E.33})$$""",
    assumptions=[r"$\beta = \hat C\hat B - CB$, $\kappa \equiv \frac{CA^jB}{\hat C\hat B(\beta - \hat C\hat B)}$, $CB \ne 0$, $\hat C\hat B > 0$"],
    uses=["eq_e28"],
    notes="In (E.31) the third expression's numerator C^B^ - beta - C^B^ = -beta and the denominator C^B^(C^B^ - beta) "
          "give -beta/(C^B^(C^B^-beta)) = beta/(C^B^(beta - C^B^)): consistent.",
)


@eq_e29_e33.check(layer="symbolic", method="sympy.cancel", full=True,
                  scope="symbolic h = CA^jB, w = C^A^^jB^, s = C^B^ > 0, CB = s - beta (nonzero): every equality of "
                        "(E.29)-(E.33)")
def algebra(ctx):
    h, w, s, beta = sp.symbols("h w s beta", real=True)
    cb = s - beta
    kappa = h / (s * (beta - s))
    lhs = (h / s - w / s) ** 2
    mdiff = h / cb - w / s
    ctx.identities("(E.29)-(E.33)", [
        ("(E.29)", lhs, (h / s - h / cb + h / cb - w / s) ** 2),
        ("(E.30)", lhs, (h * (1 / s - 1 / cb) + mdiff) ** 2),
        ("(E.31) a", 1 / s - 1 / cb, (s - beta - s) / (s * (s - beta))),
        ("(E.31) b", (s - beta - s) / (s * (s - beta)), beta / (s * (beta - s))),
        ("(E.32)", lhs, (beta * h / (s * (beta - s)) + mdiff) ** 2),
        ("(E.33)", (beta * kappa + mdiff) ** 2, beta ** 2 * kappa ** 2 + 2 * beta * kappa * mdiff + mdiff ** 2)])


eq_e34_e35 = paper.claim(
    "eq_e34_e35", kind="proof-step", label="(E.34)-(E.35)", where="App. E.3",
    statement=r"""$$\dots = \beta^2\kappa^2 + 2\beta\kappa(m_j - \hat{m}_j) + (m_j - \hat{m}_j)^2 \geq 2\beta\kappa(m_j - \hat{m}_j) + (m_j - \hat{m}_j)^2 \quad (\text{E.34}) \geq -2|\delta\kappa(m_j - \hat{m}_j)| + (m_j - \hat{m}_j)^2 \quad (\text{E.35})$$""",
    assumptions=[r"Theorem E.9's (i)-(v); $\mathcal L(\Theta) \le \delta$; $\beta \in [-\sqrt\delta, \sqrt\delta]$ (E.28)"],
    uses=["eq_e29_e33"],
    printed={"beta_bound": "delta"},
)
thm_e9_hypotheses(eq_e34_e35)


def _e35_values(params, printed):
    ta, tw = [R(x) for x in params["ta"].split(";")], [R(x) for x in params["tw"].split(";")]
    sa, sw = [R(x) for x in params["sa"].split(";")], [R(x) for x in params["sw"].split(";")]
    j, delta = int(params["j"]), R(params["delta"])
    s, cb = sum(tw), sum(sw)
    beta = s - cb
    h = sum(w * a ** j for a, w in zip(sa, sw))
    kappa = h / (s * (beta - s))
    dm = h / cb - sum(w * a ** j for a, w in zip(ta, tw)) / s
    bound = {"delta": delta, "sqrt(delta)": sp.sqrt(delta)}[printed["beta_bound"]]
    lhs = 2 * beta * kappa * dm + dm ** 2            # the right side of (E.34)
    rhs = -2 * abs(bound * kappa * dm) + dm ** 2     # (E.35)
    return lhs, rhs


def _e35_replay(params, dps, printed):
    lhs, rhs = _e35_values(params, printed)
    return {"violated": bool(sp.nsimplify(lhs - rhs) < 0), "values": {"(E.34) rhs": lhs, "(E.35) rhs": rhs}}


def _e35_recheck(params, dps, printed):
    c = model.mp(dps)
    f = lambda x: c.mpf(R(x).p) / R(x).q  # noqa: E731
    ta, tw = [f(x) for x in params["ta"].split(";")], [f(x) for x in params["tw"].split(";")]
    sa, sw = [f(x) for x in params["sa"].split(";")], [f(x) for x in params["sw"].split(";")]
    j, delta = int(params["j"]), f(params["delta"])
    s, cb = sum(tw), sum(sw)
    beta = s - cb
    h = sum(w * a ** j for a, w in zip(sa, sw))
    kappa = h / (s * (beta - s))
    dm = h / cb - sum(w * a ** j for a, w in zip(ta, tw)) / s
    bound = delta if printed["beta_bound"] == "delta" else c.sqrt(delta)
    return {"violated": bool(2 * beta * kappa * dm + dm ** 2 < -2 * abs(bound * kappa * dm) + dm ** 2),
            "values": {"gap": 2 * beta * kappa * dm + 2 * abs(bound * kappa * dm)}}


@eq_e34_e35.check(layer="numeric", method="exact witness", replay=_e35_replay, recheck=_e35_recheck,
                  evaluators=("SymPy exact", "mpmath"),
                  scope="(E.35) replaces beta by delta, but (E.28) only gives |beta| <= sqrt(delta) (> delta for delta < 1)")
def beta_vs_delta(ctx):
    # teacher delta_0 (d^ = 1, C^B^ = 1); student atoms (1/10, 0, 0, 0) with weights (1/2, 0, 0, 0); k = 3, d = 4
    p = {"ta": "0", "tw": "1", "sa": "1/10;0;0;0", "sw": "1/2;0;0;0", "k": "3", "j": "1"}
    sa, sw = [R(x) for x in p["sa"].split(";")], [R(x) for x in p["sw"].split(";")]
    L = sum((sum(w * a ** jj for a, w in zip(sa, sw)) - (1 if jj == 0 else 0)) ** 2 for jj in range(3))
    p["delta"] = str(L)
    ctx.step("(E.34) only drops beta^2 kappa^2 >= 0: it holds. (E.35) needs |beta| <= delta.")
    out = _e35_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("(E.35) fails: beta = 1/2 > delta = L", p, certificate=f"exact: {out['values']}")
    else:
        ctx.exact_predicate("(E.35) at the probe", True)


eq_e34_e35_sqrt = paper.correction(
    "eq_e34_e35_sqrt", corrected_from="eq_e34_e35", label="(E.35) with sqrt(delta)", where="App. E.3",
    statement=r"""$2\beta\kappa(m_j - \hat m_j) + (m_j - \hat m_j)^2 \geq -2\sqrt{\delta}|\kappa(m_j - \hat{m}_j)| + (m_j - \hat{m}_j)^2$.""",
    printed={"beta_bound": "sqrt(delta)"},
)


@eq_e34_e35_sqrt.check(layer="symbolic", method="SymPy assumptions", full=True,
                       scope="beta = u sqrt(delta) with u in [-1, 1], X = kappa (m - m^) of either sign: "
                             "2 beta X + 2 sqrt(delta)|X| = 2 sqrt(delta)|X| (1 + u sign X) >= 0")
def sqrt_bound(ctx):
    dl, ax, v = sp.symbols("delta absX v", nonnegative=True)      # v = 1 + u sign(X) in [0, 2]
    ctx.sign("2 sqrt(delta)|X| (1 + u sign X) >= 0", 2 * sp.sqrt(dl) * ax * v, "nonnegative")


eq_e36 = paper.claim(
    "eq_e36", kind="proof-step", label="(E.36)", where="App. E.3",
    statement=r"""From assumption (ii), the teacher is stable and therefore $\hat{m}_j \leq \hat{\mathbf{C}}\hat{\mathbf{B}}$ for all $j = 0, \dots, k-1$. Similarly, from assumption (v) the student parameters are bounded and therefore $\mathbf{C}\mathbf{A}^j\mathbf{B}$ is bounded by $\tau^{j+2}$ (where $\tau \equiv \max\{1, \eta\}$ and $\eta$ is a bound on the Frobenous norm of $\mathbf{A}, \mathbf{B}, \mathbf{C}$). $m_j$ is bounded in a similar fashion by $\tau^j$. Combining the above, for $\delta < \hat{\mathbf{C}}\hat{\mathbf{B}}$ we have,
$$\frac{\delta}{(\hat{\mathbf{C}}\hat{\mathbf{B}})^2} \geq \frac{-2\delta\tau^{j+2}(\tau^j + 1)}{2(\hat{\mathbf{C}}\hat{\mathbf{B}})^2} + (m_j - \hat{m}_j)^2 \quad (\text{E.36})$$""",
    assumptions=[r"Theorem E.9's (i)-(v); $\mathcal L \le \delta < \hat C\hat B$"],
    uses=["eq_e34_e35"],
    notes="The printed 'm^_j <= C^B^' would mean a moment bounded by the scale; for a stable teacher |m^_j| <= 1.",
)


@eq_e36.check(layer="numeric", method="adversarial search (random design + Nelder-Mead + Hypothesis), float64 screen",
              scope="teacher delta_{a^} with scale w0 in (0, 1] (d^ = 1), balanced students with 2 atoms in [-2, 2] and "
                    "weights in [0, 2], k = 3, j = 1, 2, delta = L(Theta) < w0; eta = max(||A||_F, ||B||)")
def search(ctx):
    def margin(pt):
        w0, ah, a1, a2, p1, p2 = (pt[x] for x in ("w0", "ah", "a1", "a2", "p1", "p2"))
        cb = p1 + p2
        if cb <= 0:
            return 1.0
        h = [p1 * a1 ** j + p2 * a2 ** j for j in range(3)]
        wt = [w0 * ah ** j for j in range(3)]
        L = sum((h[j] - wt[j]) ** 2 for j in range(3))
        if not L < w0:
            return 1.0
        tau = max(1.0, math.sqrt(a1 ** 2 + a2 ** 2), math.sqrt(cb))
        worst = 1.0
        for j in (1, 2):
            dm = h[j] / cb - ah ** j
            rhs = -2 * L * tau ** (j + 2) * (tau ** j + 1) / (2 * w0 ** 2) + dm ** 2
            worst = min(worst, (L / w0 ** 2 - rhs) / (1 + L / w0 ** 2))
        return worst
    space = {"w0": M.Variable(1e-3, 1.0, log=True), "ah": M.Variable(-1, 1), "a1": M.Variable(-2, 2),
             "a2": M.Variable(-2, 2), "p1": M.Variable(0, 2), "p2": M.Variable(0, 2)}
    res = M.search_inequality(margin, space, seed=ctx.seed, design=300 if ctx.quick else 3000, starts=4 if ctx.quick else 16,
                              hypothesis_examples=50 if ctx.quick else 400)
    if res.candidate is None:
        ctx.no_violation("(E.36)", points=res.evaluations, detail=res.describe() + "; by Cauchy-Schwarz on (E.33), "
                         "(m_j - m^_j)^2 <= delta (1 + m_j^2)/(C^B^)^2 <= delta (1 + tau^{2j})/(C^B^)^2, which (E.36) contains")
    else:
        ctx.inconclusive("(E.36)", f"float candidate {res.candidate} (not re-verified)")


thm_e9_gamma = paper.claim(
    "thm_e9_gamma", kind="proof-step", label="Proof of Theorem E.9: gamma <= tau + 1 <= 2 tau", where="App. E.3",
    statement=r"""Denote $\Omega \equiv \left(\bigcup_{i=1}^d A_{ii} \right) \cup \left(\bigcup_{j=1}^{\hat{d}} \hat{A}_{jj} \right)$ (the union of the supports of $\Theta$ and $\hat{\Theta}$), \dots $\gamma = \max_{x,y \in \Omega} |x - y|$. \dots Note that $\gamma$ can be bounded by $\gamma \leq \tau + 1 \leq 2\tau$ (recall the student is bounded and teacher is stable).""",
    assumptions=[r"Theorem E.9's (i)-(v); $\tau = \max\{1, \eta\}$, $\eta$ bounds $\|\mathbf A\|_F, \|\mathbf B\|, \|\mathbf C\|$"],
    uses=["thm8"],
    printed={"bound": "tau + 1"},
)
thm_e9_hypotheses(thm_e9_gamma)


def _gamma_vals(params, printed, sqrt=sp.sqrt):
    sa, sw = [R(x) for x in params["sa"].split(";")], [R(x) for x in params["sw"].split(";")]
    ta = [R(x) for x in params["ta"].split(";")]
    support = [a for a, w in zip(sa, sw) if w > 0] + ta
    gamma = max(support) - min(support)
    eta = max(sqrt(sum(a ** 2 for a in sa)), sqrt(sum(sw)))      # ||A||_F, ||B|| = ||C|| = sqrt(sum p_i)
    tau = sp.Max(1, eta) if sqrt is sp.sqrt else max(1, eta)
    bound = {"tau + 1": tau + 1, "2 tau": 2 * tau}[printed["bound"]]
    return gamma, tau, bound


def _gamma_replay(params, dps, printed):
    gamma, tau, bound = _gamma_vals(params, printed)
    return {"violated": bool(gamma > bound), "values": {"gamma": gamma, "tau": tau, "bound": bound}}


def _gamma_recheck(params, dps, printed):
    c = model.mp(dps)
    gamma, tau, bound = _gamma_vals({k: v for k, v in params.items()}, printed, sqrt=lambda x: c.sqrt(c.mpf(x.p) / x.q))
    return {"violated": bool(c.mpf(gamma.p) / gamma.q > bound), "values": {"bound": bound}}


@thm_e9_gamma.check(layer="numeric", method="exact witness", replay=_gamma_replay, recheck=_gamma_recheck,
                    evaluators=("SymPy exact", "mpmath"),
                    scope="a bounded balanced student with tiny weights on atoms +-2 (in the support, ||A||_F = 2 sqrt 2)")
def gamma_bound(ctx):
    t = R(1, 10 ** 6)
    sa, sw = ["2", "-2", "0", "0"], [str(t), str(t), str(1 - 2 * t), "0"]
    L = sum((sum(R(w) * R(a) ** j for a, w in zip(sa, sw)) - (1 if j == 0 else 0)) ** 2 for j in range(3))
    p = {"ta": "0", "tw": "1", "sa": ";".join(sa), "sw": ";".join(sw), "k": "3", "delta": str(L)}
    out = _gamma_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("gamma = 4 > tau + 1 = 2 sqrt 2 + 1", p, certificate=f"exact: {out['values']}")
    else:
        ctx.exact_predicate("gamma <= bound at the probe", True)


thm_e9_gamma_2tau = paper.correction(
    "thm_e9_gamma_2tau", corrected_from="thm_e9_gamma", label="gamma <= 2 tau", where="App. E.3",
    statement=r"""$\gamma \le 2\tau$: student atoms lie in $[-\|\mathbf A\|_2, \|\mathbf A\|_2] \subset [-\tau, \tau]$ and teacher atoms in $[-1, 1] \subset [-\tau, \tau]$.""",
    printed={"bound": "2 tau"},
)


@thm_e9_gamma_2tau.check(layer="symbolic", method="SymPy assumptions", full=True,
                         scope="any two points x, y of [-tau, tau] (student atoms: |a_i| <= ||A||_2 <= ||A||_F <= tau; "
                               "teacher atoms in [-1, 1], tau >= 1): with x = tau - a, y = -tau + b (a, b in [0, 2 tau]), "
                               "2 tau - (x - y) = a + b >= 0")
def two_tau(ctx):
    a, b, tau = sp.symbols("a b tau", nonnegative=True)
    x, y = tau - a, -tau + b
    ctx.sign("2 tau - (x - y) >= 0", sp.expand(2 * tau - (x - y)), "nonnegative")


eq_e37 = paper.claim(
    "eq_e37", kind="proof-step", label="(E.37)", where="App. E.3",
    statement=r"""Finally, $|m_q - \hat{m}_q| \leq \mathcal{W}_q(\Theta, \hat{\Theta})$ (see Section 1.2 in Biswas \& Mackey (2021)). Combining the steps above, for all $q \in \mathbb{N}$,
$$|m_q - \hat{m}_q| \leq \mathcal{W}_q(\Theta, \hat{\Theta}) \leq \left(\mathcal{W}_1(\Theta, \hat{\Theta})(2\tau)^{q-1} \right)^{1/q} \leq \left(\rho\delta^{1/4\hat{d}}(2\tau)^{q-1} \right)^{1/q} \quad (\text{E.37})$$
where $\rho$ is a constant satisfying $\mathcal{W}_1(\Theta, \hat{\Theta}) \leq \rho\delta^{1/4\hat{d}}$. To achieve $|m_j - \hat{m}_j| < \epsilon$ for any $\epsilon > 0$, we can set $\delta(\epsilon, q) < \left(\frac{\epsilon^q}{\rho\gamma^{q-1}} \right)^{4\hat{d}}$ concluding the proof.""",
    assumptions=[r"Theorem E.9's (i)-(v), $\mathcal L(\Theta) \le \delta$"],
    uses=["ext_biswas_mackey_1_2", "ext_panaretos_zemel_2_3", "ext_wu_yang_prop2", "thm_e9_gamma"],
    printed={"lipschitz": 1},
)
thm_e9_hypotheses(eq_e37)


def _e37_replay(params, dps, printed):
    ta, tw = [R(x) for x in params["ta"].split(";")], [R(x) for x in params["tw"].split(";")]
    sa, sw = [R(x) for x in params["sa"].split(";")], [R(x) for x in params["sw"].split(";")]
    q = int(params["q"])
    mu = M.DiscreteMeasure.of([Fraction(x.p, x.q) for x in ta], [Fraction(x.p, x.q) for x in tw]).normalized()
    nu = M.DiscreteMeasure.of([Fraction(x.p, x.q) for x in sa], [Fraction(x.p, x.q) for x in sw]).normalized()
    diff = abs(mu.moment(q) - nu.moment(q))
    wqq = M.wasserstein_pp(mu, nu, q)
    c = sp.Rational(printed["lipschitz"])
    # |m_q - m^_q| <= c W_q  <=>  |m_q - m^_q|^q <= c^q W_q^q (both sides >= 0)
    return {"violated": bool(R(diff.numerator, diff.denominator) ** q > c ** q * R(wqq.numerator, wqq.denominator)),
            "values": {"|m_q - m^_q|": R(diff.numerator, diff.denominator), "W_q^q": R(wqq.numerator, wqq.denominator)}}


def _e37_recheck(params, dps, printed):
    c = model.mp(dps)
    f = lambda x: c.mpf(R(x).p) / R(x).q  # noqa: E731
    ta, tw = [f(x) for x in params["ta"].split(";")], [f(x) for x in params["tw"].split(";")]
    sa, sw = [f(x) for x in params["sa"].split(";")], [f(x) for x in params["sw"].split(";")]
    q = int(params["q"])
    mq = sum(w * a ** q for a, w in zip(ta, tw)) / sum(tw)
    sq = sum(w * a ** q for a, w in zip(sa, sw)) / sum(sw)
    # W_q between the two measures by direct quadrature of |F^-1 - G^-1|^q on a fine uniform grid (midpoints)
    def quant(atoms, weights, u):
        pairs = sorted(zip(atoms, weights))
        tot, acc = sum(weights), c.mpf(0)
        for a, w in pairs:
            acc += w / tot
            if u <= acc:
                return a
        return pairs[-1][0]
    n = 2000
    wq = c.root(sum(abs(quant(ta, tw, (i + c.mpf(1) / 2) / n) - quant(sa, sw, (i + c.mpf(1) / 2) / n)) ** q
                    for i in range(n)) / n, q)
    return {"violated": bool(abs(mq - sq) > printed["lipschitz"] * wq * (1 + c.mpf(10) ** -6)),
            "values": {"|m_q - m^_q|": abs(mq - sq), "W_q (quadrature)": wq}}


@eq_e37.check(layer="numeric", method="exact Wasserstein", replay=_e37_replay, recheck=_e37_recheck,
              evaluators=("exact Fractions (quantile coupling)", "mpmath quantile quadrature"),
              scope="the first inequality |m_q - m^_q| <= W_q, at a stable non-degenerate teacher delta_1 and a bounded "
                    "balanced zero-padded student delta_{9/10} (d = 4 > k = 3 > 2)")
def first_inequality(ctx):
    sa, sw = ["9/10", "0", "0", "0"], ["1", "0", "0", "0"]
    L = sum((R(9, 10) ** j - 1) ** 2 for j in range(3))
    p = {"ta": "1", "tw": "1", "sa": ";".join(sa), "sw": ";".join(sw), "k": "3", "q": "2", "delta": str(L)}
    out = _e37_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("|m_2 - m^_2| = 19/100 > W_2 = 1/10", p, certificate=f"exact: {out['values']}")
    else:
        ctx.exact_predicate("first inequality at the probe", True)


eq_e37_lipschitz = paper.correction(
    "eq_e37_lipschitz", corrected_from="eq_e37", label="(E.37) with the Lipschitz constant", where="App. E.3",
    statement=r"""$|m_q - \hat{m}_q| \leq q\tau^{q-1}\mathcal{W}_1 \le q\tau^{q-1}\mathcal{W}_q(\Theta, \hat{\Theta}) \leq q\tau^{q-1}\left(\mathcal{W}_1(2\tau)^{q-1} \right)^{1/q}$; the constant $q\tau^{q-1}$ is absorbed in $\delta(\epsilon, q)$.""",
    uses=["eq_e37", "ext_biswas_mackey_1_2", "thm_e9_gamma_2tau"],
)


@eq_e37_lipschitz.check(layer="property", method="Hypothesis over exact discrete measures",
                        scope="q = 1..5, tau in {1, 3/2, 2}: measures with <= 5 rational atoms in [-tau, tau]: "
                              "|m_q - m^_q| <= q tau^{q-1} W_1 and W_q^q <= W_1 (2 tau)^{q-1}, exactly")
def lipschitz(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import discrete_measures

    n = 0
    for tau in (Fraction(1), Fraction(3, 2), Fraction(2)):
        for q in range(1, 6):
            def bad(pair, q=q, tau=tau):
                mu, nu = pair
                w1 = M.wasserstein_pp(mu, nu, 1)
                return (abs(mu.moment(q) - nu.moment(q)) > q * tau ** (q - 1) * w1
                        or M.wasserstein_pp(mu, nu, q) > w1 * (2 * tau) ** (q - 1))
            found = ctx.search(st.tuples(discrete_measures(1, 5, -tau, tau), discrete_measures(1, 5, -tau, tau)), bad,
                               examples=10 if ctx.quick else 100)
            n += 10 if ctx.quick else 100
            if found is not None:
                ctx.inconclusive("corrected (E.37)", f"violated at {found}")
                return
    ctx.no_violation("corrected (E.37) chain", points=n, detail="exact Fractions")


# ================================================================================================ E.4
lemma_e10 = paper.claim(
    "lemma_e10", kind="lemma", label="Lemma E.10", where="App. E.4",
    statement=r"""Assume a vector $\mathbf{v} \in \mathbb{R}^n$ with $\mathcal{N}(0, \frac{\epsilon^2}{n})$ per coordinate. Then:
$$\Pr \left(\frac{\epsilon}{2} < \|\mathbf{v}\| < \frac{3\epsilon}{2} \right) \geq 1 - 2 \exp(-9n/64). \quad (\text{E.38})$$""",
    assumptions=[r"$v_i$ i.i.d. $\mathcal N(0, \epsilon^2/n)$, $n \ge 1$, $\epsilon > 0$"],
    uses=["ext_laurent_massart_lemma1"],
    printed={"rate": R(9, 64), "lo": R(1, 2), "hi": R(3, 2)},
)


@lemma_e10.check(layer="numeric", method="Chernoff bound for chi^2 + Arb (certified constants)", full=True,
                 scope="every n >= 1 and eps > 0: ||v||^2 = eps^2 chi^2_n / n; the Chernoff bounds P(chi^2_n >= a n) <= "
                       "exp(-n I(a)) (a > 1), P(chi^2_n <= a n) <= exp(-n I(a)) (a < 1), I(a) = (a - 1 - ln a)/2, give "
                       "(E.38) once I(lo^2) >= rate and I(hi^2) >= rate; those two constants are certified")
def chernoff(ctx):
    rate, lo, hi = ctx.printed["rate"], ctx.printed["lo"], ctx.printed["hi"]
    x = sp.Symbol("x", real=True)
    I = lambda a: (a - 1 - sp.log(a)) / 2  # noqa: E731
    ctx.step("Chernoff: for a > 1, P(chi^2_n >= a n) <= inf_t E e^{t chi^2} e^{-t a n} = exp(-n I(a)); the same for a < 1 "
             "on the lower tail (the standard Cramer-Chernoff bound for a sum of n i.i.d. chi^2_1).")
    # constant expressions: a dummy variable on a unit box
    ctx.certify("I(lo^2) - rate >= 0", I(lo ** 2) - rate + 0 * x, {x: (0, 1)})
    ctx.certify("I(hi^2) - rate >= 0", I(hi ** 2) - rate + 0 * x, {x: (0, 1)})
    ctx.step("Hence P(||v|| <= lo eps) + P(||v|| >= hi eps) <= 2 exp(-rate n) for every n, which is (E.38).")


@lemma_e10.check(layer="numeric", method="Arb regularized incomplete gamma (exact chi^2 tails)",
                 scope="n = 1..40 (quick 1..20): the exact probability against 1 - 2 exp(-9n/64); smallest margin reported")
def exact_tails(ctx):
    import flint

    rate, lo, hi = ctx.printed["rate"], ctx.printed["lo"], ctx.printed["hi"]
    rows, worst = [], None
    for n in range(1, (20 if ctx.quick else 40) + 1):
        lo_t = Fraction(lo.p ** 2 * n, lo.q ** 2)
        hi_t = Fraction(hi.p ** 2 * n, hi.q ** 2)
        p_in = model.chi2_cdf_arb(n, hi_t) - model.chi2_cdf_arb(n, lo_t)
        bound = 1 - 2 * (-flint.arb(rate.p * n) / rate.q).exp()
        margin = p_in - bound
        if not margin > 0:
            ctx.inconclusive("exact tails", f"n = {n}: margin ball {margin} not certainly positive")
            return
        if worst is None or margin < worst[1]:
            worst = (n, margin)
        if n in (1, 2, 5, 10, 20, 40):
            rows.append((n, str(p_in.mid())[:12], str(bound.mid())[:12]))
    ctx.table("P(eps/2 < ||v|| < 3 eps/2) (Arb) against the bound", ("n", "probability", "1 - 2exp(-9n/64)"), rows)
    ctx.no_violation("(E.38) at every n checked (certified balls)", points=len(range(1, (20 if ctx.quick else 40) + 1)),
                     detail=f"smallest margin {worst[1].mid()} at n = {worst[0]}")


ext_laurent_massart_lemma1 = paper.claim(
    "ext_laurent_massart_lemma1", kind="lemma", label="Laurent & Massart (2000), Lemma 1 (imported)", where="App. E.4",
    statement=r"""(As invoked) $\Pr(\chi^2_n - n \ge 2\sqrt{nx} + 2x) \le e^{-x}$ and $\Pr(n - \chi^2_n \ge 2\sqrt{nx}) \le e^{-x}$ for $x > 0$.""",
    uses=[],
)


@ext_laurent_massart_lemma1.check(layer="numeric", method="Arb regularized incomplete gamma",
                                  scope="n in {1, 2, 5, 10, 30}, x in {1/10, 1, 9n/64, 5}: both tails, certified")
def tails(ctx):
    import flint

    count = 0
    for n in (1, 2, 5, 10, 30):
        for xv in (Fraction(1, 10), Fraction(1), Fraction(9 * n, 64), Fraction(5)):
            old = flint.ctx.prec
            flint.ctx.prec = 200
            try:
                xa = flint.arb(xv.numerator) / xv.denominator
                up = n + 2 * (n * xa).sqrt() + 2 * xa
                lo = n - 2 * (n * xa).sqrt()
                p_up = flint.arb.gamma_upper(flint.arb(n) / 2, up / 2, regularized=1)
                p_lo = 1 - flint.arb.gamma_upper(flint.arb(n) / 2, lo / 2, regularized=1) if lo > 0 else flint.arb(0)
                ok = (p_up < (-xa).exp()) and (p_lo < (-xa).exp())
            finally:
                flint.ctx.prec = old
            count += 1
            if not ok:
                ctx.inconclusive("Laurent-Massart", f"not certified at n={n}, x={xv}")
                return
    ctx.no_violation("both Laurent-Massart tails", points=count, detail="Arb balls at 200 bits")


eq_e39_e44 = paper.claim(
    "eq_e39_e44", kind="proof-step", label="(E.39)-(E.44)", where="App. E.4, proof of Lemma E.10",
    statement=r"""By (Laurent \& Massart, 2000, Lemma 1), in our case (assigning $x = 9n/64$) the following inequalities hold:
$$Pr(\|\tilde{\mathbf{v}}\|^2 \geq (1.75 + 9/32)n) \leq \exp(-9n/64), \quad (\text{E.39}) \qquad Pr(\|\tilde{\mathbf{v}}\|^2 \leq n/4) \leq \exp(-9n/64). \quad (\text{E.40})$$
In particular, $Pr(\|\tilde{\mathbf{v}}\|^2 \geq 2.25n) \leq \exp(-9n/64) \implies Pr(\|\tilde{\mathbf{v}}\| \geq 1.5\sqrt{n}) \leq \exp(-9n/64)$ (E.41). Changing variables back to $\mathbf{v}$, $Pr(\|\mathbf{v}\| \geq 1.5\epsilon) \leq \exp(-9n/64)$ (E.42). Similarly, $Pr(\|\tilde{\mathbf{v}}\| \leq \sqrt{n}/2) \leq \exp(-9n/64) \implies Pr(\|\mathbf{v}\| \leq \epsilon/2) \leq \exp(-9n/64)$ (E.43). Taking the complementary probability, we have the desired result of $Pr\left(\frac{\epsilon}{2} < \|\mathbf{v}\| < \frac{3\epsilon}{2}\right) \geq 1 - 2\exp(-9n/64)$ (E.44).""",
    uses=["ext_laurent_massart_lemma1"],
    printed={"x": R(9, 64), "up": R(7, 4) + R(9, 32), "low": R(1, 4)},
)


@eq_e39_e44.check(layer="symbolic", method="sympy", full=True,
                  scope="the thresholds n + 2 sqrt(n x) + 2x and n - 2 sqrt(n x) at x = 9n/64 (symbolic n > 0), the "
                        "monotonicity step 2.25 n >= (1.75 + 9/32) n, and the rescaling ||v|| = (eps/sqrt n)||v~||")
def thresholds(ctx):
    n = sp.Symbol("n", positive=True)
    x = ctx.printed["x"] * n
    ctx.identity("(E.39): n + 2 sqrt(n x) + 2 x = (1.75 + 9/32) n", n + 2 * sp.sqrt(n * x) + 2 * x, ctx.printed["up"] * n)
    ctx.identity("(E.40): n - 2 sqrt(n x) = n/4", n - 2 * sp.sqrt(n * x), ctx.printed["low"] * n)
    ctx.sign("(E.41): 2.25 n - (1.75 + 9/32) n > 0", R(9, 4) * n - ctx.printed["up"] * n, "positive")
    ctx.identity("(E.41)/(E.43): sqrt(2.25 n) = 1.5 sqrt(n), sqrt(n/4) = sqrt(n)/2", sp.sqrt(R(9, 4) * n) + sp.sqrt(n / 4),
                 R(3, 2) * sp.sqrt(n) + sp.sqrt(n) / 2)


eq_e46 = paper.claim(
    "eq_e46", kind="equation", label="(E.46)", where="App. E.4",
    statement=r"""For convenience, we refer to the mentioned initialization scheme (where every coordinate in a vector is initialized as $\mathcal{N}\left(0, \frac{\epsilon^2}{d}\right)$) as $\epsilon$-\textbf{normal initialization}. In order to prove the proposition we define a few relevant terms,
$$\mathbf{Y} = \mathbf{B} - \mathbf{C}^\top, \quad \mathbf{W} = \mathbf{B} + \mathbf{C}^\top, \quad w_0 = \hat{\mathbf{C}}\hat{\mathbf{B}}. \quad (\text{E.46})$$""",
    uses=["lemma_e1"],
    notes="(E.100) later redefines Y = C^T - B (the opposite sign); ||Y|| and Y^T Y are unaffected.",
)


@eq_e46.check(layer="symbolic", method="sympy", scope="d = 3: B = (Y + W)/2, C^T = (W - Y)/2, and Y^T Y is the same for both "
                                                      "sign conventions (E.46)/(E.100)")
def change_of_variables(ctx):
    _, B, C = model.system(3)
    Y, W = B - C.T, B + C.T
    ctx.identities("inverse map", [(f"B[{i}]", (Y[i] + W[i]) / 2, B[i]) for i in range(3)]
                   + [(f"C[{i}]", (W[i] - Y[i]) / 2, C[i]) for i in range(3)]
                   + [("Y^T Y", (Y.T * Y)[0, 0], ((C.T - B).T * (C.T - B))[0, 0])])


def gf_general(d, k, w, eps, n_draws, *, dt=0.01, t_end=None, scheme="eps-normal", seed=7):
    """RK4 GF (float64) with general A from eps-normal initializations; returns the trajectory samples
    (t, ||Y||^2, ||W||^2, ||A||_F^2, ||B||, ||C||) per draw, up to t_end (default ln(1/eps)/w_0 + 2)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    sc = eps / math.sqrt(d) if scheme == "eps-normal" else eps
    A = sc * rng.normal(size=(n_draws, d, d))
    B = sc * rng.normal(size=(n_draws, d))
    C = sc * rng.normal(size=(n_draws, d))
    w = np.asarray(w, dtype=float)

    def field(A, B, C):
        pw = [np.broadcast_to(np.eye(d), A.shape)]
        for _ in range(1, k):
            pw.append(pw[-1] @ A)
        r = np.stack([np.einsum("ni,nij,nj->n", C, pw[i], B) - w[i] for i in range(k)], 1)
        gB = 2 * sum(r[:, i, None] * np.einsum("nji,nj->ni", pw[i], C) for i in range(k))
        gC = 2 * sum(r[:, i, None] * np.einsum("ni,nji->nj", B, pw[i]) for i in range(k))
        G = np.zeros_like(A)
        for i in range(1, k):
            for q in range(i):
                G += 2 * r[:, i, None, None] * (np.transpose(pw[q], (0, 2, 1)) @ (C[:, :, None] * B[:, None, :])
                                                @ np.transpose(pw[i - 1 - q], (0, 2, 1)))
        return -G, -gB, -gC
    T = t_end if t_end is not None else math.log(1 / eps) / abs(w[0]) + 2
    out, t = [], 0.0
    while t < T:
        k1 = field(A, B, C)
        k2 = field(A + dt / 2 * k1[0], B + dt / 2 * k1[1], C + dt / 2 * k1[2])
        k3 = field(A + dt / 2 * k2[0], B + dt / 2 * k2[1], C + dt / 2 * k2[2])
        k4 = field(A + dt * k3[0], B + dt * k3[1], C + dt * k3[2])
        A = A + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        B = B + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        C = C + dt / 6 * (k1[2] + 2 * k2[2] + 2 * k3[2] + k4[2])
        t += dt
        out.append((t, ((B - C) ** 2).sum(1), ((B + C) ** 2).sum(1), (A ** 2).sum((1, 2)), np.sqrt((B ** 2).sum(1)),
                    np.sqrt((C ** 2).sum(1))))
    return out


lemma_e12 = paper.claim(
    "lemma_e12", kind="lemma", label="Lemma E.12", where="App. E.4",
    statement=r"""Assume $w_0 > 0$, and $\mathbf{A}, \mathbf{B}, \mathbf{C}$ are $\epsilon$-normally initialized. Then $\exists t$ such that
$$\lim_{\epsilon \rightarrow 0} \frac{\|\mathbf{Y}(t)\|^2}{\|\mathbf{W}(t)\|^2} = 0, \quad \lim_{\epsilon \rightarrow 0} \frac{\|\mathbf{A}(t)\|_F^2}{\|\mathbf{W}(t)\|^2} = 0. \quad (\text{E.47})$$""",
    assumptions=[r"$w_0 > 0$", r"$\epsilon$-normal initialization", "GF on (3.4); any A (not necessarily symmetric)"],
    uses=["eq_e46", "lemma_e13", "lemma_e14", "eq_e52_e55"],
)


@lemma_e12.check(layer="numeric", method="RK4 GF (float64), general A, eps-normal initialization",
                 scope="d = 8, k = 3, w = (1, 1/2, 1/4) (w_0 = 1), 4 draws; t = the time ||W|| first reaches 1/2; both "
                       "ratios of (E.47) at eps = 1e-1..1e-4 must decrease toward 0")
def flow(ctx):
    import numpy as np

    rows, series = [], {}
    for eps in (1e-1, 1e-2, 1e-3, 1e-4):
        traj = gf_general(8, 3, [1, 0.5, 0.25], eps, 4)
        yr, ar = [], []
        for draw in range(4):
            hit = next((s for s in traj if s[2][draw] >= 0.25), traj[-1])
            yr.append(hit[1][draw] / hit[2][draw])
            ar.append(hit[3][draw] / hit[2][draw])
        series[eps] = (float(np.max(yr)), float(np.max(ar)))
        rows.append((f"{eps:g}", f"{series[eps][0]:.3e}", f"{series[eps][1]:.3e}"))
    ctx.table("(E.47) ratios at the first time ||W||^2 >= 1/4 (max over draws)", ("eps", "||Y||^2/||W||^2", "||A||^2/||W||^2"),
              rows)
    e = sorted(series, reverse=True)
    dec = all(series[a][0] > series[b][0] and series[a][1] > series[b][1] for a, b in zip(e, e[1:]))
    if dec and series[e[-1]][0] < 1e-4 * series[e[0]][0] and series[e[-1]][1] < 1e-3 * series[e[0]][1]:
        ctx.no_violation("both ratios of (E.47) shrink as eps -> 0", points=16, detail="evidence, not a proof")
    else:
        ctx.inconclusive("(E.47)", f"ratios {series}")


lemma_e13 = paper.claim(
    "lemma_e13", kind="lemma", label="Lemma E.13", where="App. E.4",
    statement=r"""Assume $d > 20$, student parameters are $\epsilon$-normally initialized, assume also a balanced teacher. Then w.p. at least 0.75, for all $0 \leq t \leq \bar{t}$, there exist $M_1, M_2$ such that:
$$\|\mathbf{C}(t)\|, \|\mathbf{B}(t)\| < M_1 \epsilon^{0.75} \quad (\text{E.48}) \qquad \text{and} \qquad \|\mathbf{A}(t)\|_F < M_2 \epsilon \quad (\text{E.49})$$""",
    assumptions=[r"$d > 20$", r"$\epsilon$-normal initialization", "balanced teacher"],
    uses=["lemma_e10", "lemma_e7", "prob_e13", "eq_e56_e57", "eq_e60_e61", "eq_e62", "eq_e76", "eq_e90"],
    notes="As printed the quantifiers ('for all t <= t-bar there exist M_1, M_2') make (E.48)/(E.49) trivially "
          "satisfiable; the content used later is that M_1, M_2 do not depend on eps and that t-bar reaches "
          "ln(1/eps^{0.5}) (the text: 'for 0 <= t <= 1/(2 w_0) ln(1/eps^{0.5}), all norms are bounded'). The check "
          "measures that reading along GF.",
)


@lemma_e13.check(layer="numeric", method="RK4 GF (float64), ratio along eps -> 0",
                 scope="d = 21, k = 3, w_0 = 1, general A, eps-normal init, 3 draws: ||B(t_h)|| / eps^{0.75} and "
                       "||A(t_h)||_F / eps at t_h = (1/(2 w_0)) ln(1/eps^{0.5}) for eps = 1e-1..1e-5")
def horizon(ctx):
    import numpy as np

    rows, rb = [], []
    eps_list = (1e-1, 1e-2, 1e-3, 1e-4, 1e-5)
    for eps in eps_list:
        th = 0.5 * math.log(1 / eps ** 0.5)
        traj = gf_general(21, 3, [1, 0.5, 0.25], eps, 3, t_end=th)
        last = traj[-1]
        b = float(np.max(last[4])) / eps ** 0.75
        a = float(np.sqrt(np.max(last[3]))) / eps
        rows.append((f"{eps:g}", f"{th:.3f}", f"{b:.3e}", f"{a:.3e}"))
        rb.append(b)
    ctx.table("Norms at the horizon t_h = ln(1/eps^0.5)/(2 w_0) along GF", ("eps", "t_h", "max ||B||/eps^0.75",
                                                                             "max ||A||_F/eps"), rows)
    slope = (math.log(rb[-1]) - math.log(rb[0])) / (math.log(eps_list[-1]) - math.log(eps_list[0]))
    ctx.step(f"Fitted log-log slope of ||B(t_h)||/eps^0.75 against eps: {slope:.3f} (the true GF has B ~ eps e^{{2 w_0 t}}, "
             "so ||B(t_h)|| ~ eps^0.75 here; the factor 2 of the true gradient is compensated by the 1/(2 w_0) horizon)")
    if abs(slope) < 0.1:
        ctx.no_violation("eps-independent M_1 (and M_2) on [0, t_h] along GF", points=len(eps_list) * 3,
                         detail=f"slope {slope:.3f}; evidence for the reading with eps-independent constants")
    else:
        ctx.inconclusive("eps-independent M_1", f"evidence against: ||B(t_h)||/eps^0.75 has slope {slope:.3f} in eps")


prob_e13 = paper.claim(
    "prob_e13", kind="proof-step", label="Proof of Lemma E.13: initialization probability", where="App. E.4",
    statement=r"""Applying Lemma E.10 with $d > 20$ results with the bounds holding at initialization with probabilities $\geq 1 - 2\exp(-9 \cdot 20^2/64)$ for $\mathbf{A}$, and $\geq 1 - 2\exp(-9 \cdot 20/64)$ for $\mathbf{B}$ and $\mathbf{C}$. The probability for $\mathbf{A}, \mathbf{B}, \mathbf{C}$ satisfying the inequalities simultaneously $\geq (1 - 2\exp(-9 \cdot 20/64))^3 \approx 0.83 > 0.75$.""",
    uses=["lemma_e10"],
    printed={"approx": R(83, 100), "target": R(3, 4), "exponent": 3},
)


def _prob_replay(params, dps, printed):
    c = model.mp(dps)
    n = int(params["n"])
    v = (1 - 2 * c.exp(-c.mpf(9 * n) / 64)) ** printed["exponent"]
    t = c.mpf(printed["target"].p) / printed["target"].q
    return {"violated": bool(v <= t), "values": {"(1 - 2 exp(-9 n/64))^3": v, "printed approx": printed["approx"]}}


def _prob_recheck(params, dps, printed):
    import flint

    old = flint.ctx.prec
    flint.ctx.prec = max(64, int(3.33 * dps))
    try:
        n = int(params["n"])
        v = (1 - 2 * (-flint.arb(9 * n) / 64).exp()) ** printed["exponent"]
        t = flint.arb(printed["target"].p) / printed["target"].q
        return {"violated": bool(v < t or v == t), "values": {"Arb": str(v)}}
    finally:
        flint.ctx.prec = old


@prob_e13.check(layer="numeric", method="high precision + Arb", replay=_prob_replay, recheck=_prob_recheck,
                evaluators=("mpmath", "Arb balls"),
                scope="the printed expression (1 - 2 exp(-9*20/64))^3 against 0.83 and 0.75; also n = 21 (d > 20)")
def value(ctx):
    out = _prob_replay({"n": "20"}, ctx.dps, ctx.printed)
    ctx.table("the printed probability", ("expression", "value"),
              [("(1 - 2 exp(-180/64))^3", str(out["values"]["(1 - 2 exp(-9 n/64))^3"])[:12]),
               ("printed", "approx 0.83 > 0.75")])
    if out["violated"]:
        ctx.refute("(1 - 2 exp(-9*20/64))^3 = 0.681... < 0.75 (not approx 0.83)", {"n": "20"},
                   certificate=f"value {str(out['values']['(1 - 2 exp(-9 n/64))^3'])[:20]}")
    else:
        ctx.exact_predicate("probability > 0.75", True)


prob_e13_corrected = paper.correction(
    "prob_e13_corrected", corrected_from="prob_e13", label="initialization probability with A's own exponent",
    where="App. E.4",
    statement=r"""$(1 - 2\exp(-9 \cdot 20^2/64))(1 - 2\exp(-9 \cdot 20/64))^2 \approx 0.774 > 0.75$ (union of the three events with $\mathbf A$'s probability $\ge 1 - 2\exp(-9\cdot 20^2/64)$).""",
)


@prob_e13_corrected.check(layer="numeric", method="Arb balls", full=True, scope="the corrected product and d = 21, 25, 30")
def corrected(ctx):
    x = sp.Symbol("x", real=True)
    for n in (20, 21, 25, 30):
        expr = (1 - 2 * sp.exp(-R(9 * n * n, 64))) * (1 - 2 * sp.exp(-R(9 * n, 64))) ** 2 - R(3, 4)
        ctx.certify(f"product - 3/4 > 0 at {n}", expr + 0 * x, {x: (0, 1)}, strict=True)


eq_e56_e57 = paper.claim(
    "eq_e56_e57", kind="proof-step", label="(E.56)-(E.57)", where="App. E.4",
    statement=r"""Suppose that the norm bounds of Equation E.38 are satisfied at $t = 0$. In particular, $\exists M_1, M_2$ such that
$$\|\mathbf{B}(0)\|, \|\mathbf{C}(0)\| < 2\epsilon < M_1 \epsilon^{0.75}, \quad (\text{E.56}) \qquad \|\mathbf{A}(0)\|_F < 2\epsilon < M_2\epsilon. \quad (\text{E.57})$$
Where $2 < M_2 < \frac{1}{\epsilon}$, and $M_1 > 4\epsilon^{0.25}$.""",
    assumptions=[r"$\|\cdot(0)\| < 3\epsilon/2$ (E.38)", r"$0 < \epsilon < 1$", r"$2 < M_2 < 1/\epsilon$", r"$M_1 > 4\epsilon^{0.25}$"],
    uses=["lemma_e10"],
)


@eq_e56_e57.check(layer="numeric", method="Arb branch and bound", full=True,
                  scope="eps in [0, 1], M_1 = 4 eps^{1/4} + u with u in [0, 100]: M_1 eps^{0.75} - 2 eps >= 2 eps >= 0 "
                        "(strict for eps > 0); 3/2 eps < 2 eps; M_2 eps - 2 eps > 0 for M_2 > 2")
def conditions(ctx):
    e, u = sp.symbols("epsilon u", real=True)
    ctx.certify("(4 e^{1/4} + u) e^{3/4} - 4 e >= 0", (4 * e ** R(1, 4) + u) * e ** R(3, 4) - 4 * e, {e: (0, 1), u: (0, 100)})
    ctx.sign("2 eps - 3 eps/2 > 0", 2 * sp.Symbol("eps", positive=True) - R(3, 2) * sp.Symbol("eps", positive=True),
             "positive")


eq_e58 = paper.claim(
    "eq_e58", kind="proof-step", label="(E.58)", where="App. E.4",
    statement=r"""Recall the derivative of $\mathbf{B}$ with respect to time (see Section E.1.4),
$$\dot{\mathbf{B}} = - \sum_{i=0}^{k-1} \nabla \ell_i (\mathbf{A}^\top)^i \mathbf{C}^\top. \quad (\text{E.58})$$""",
    uses=["lemma_e4"],
    printed={"coef": 1},
)
gradient_claim_check(eq_e58, "B", sign=-1, what="dB/dt (E.58)")

eq_e59_e61 = paper.claim(
    "eq_e60_e61", kind="proof-step", label="(E.59)-(E.61)", where="App. E.4",
    statement=r"""Using Cauchy-Schwartz inequality, we have that for all $t \in [0, \bar{t}]$, the norm of $\mathbf{B}$ is upper bounded by $\|\dot{\mathbf{B}}\| \leq \sum_{i=0}^{k-1} |\nabla \ell_i| \|\mathbf{A}^\top\|_F^i \|\mathbf{C}^\top\|$ (E.59). \dots Denote $M = \max_i (|w_i|) + M_1^2 \epsilon^{1.5}$, then we have
$$M = \max_i (|w_i|) + M_1^2 \epsilon^{1.5} \geq \max_i (|w_i|) + \|\mathbf{C}\| \|\mathbf{B}\| \geq \max_i (|w_i|) + |\mathbf{C}\mathbf{B}|, \quad (\text{E.60})$$
$$\geq \max_i (|w_i|) + \max_i (|\mathbf{C}\mathbf{A}^i \mathbf{B}|) \geq \max_i (|w_i| + |\mathbf{C}\mathbf{A}^i \mathbf{B}|) \geq \max_i (|\nabla \ell_i|). \quad (\text{E.61})$$""",
    assumptions=[r"$0 \le t \le \bar t$: $\|\mathbf B\|, \|\mathbf C\| < M_1\epsilon^{0.75}$, $\|\mathbf A\|_F < M_2\epsilon < 1$"],
    uses=["eq_e58", "eq_e56_e57"],
)


@eq_e59_e61.hypothesis("regime", r"$\|B\|, \|C\| < M_1 \epsilon^{0.75}$, $\|A\|_F < M_2 \epsilon < 1$, $M_2 > 2$, $M_1 > 4\epsilon^{1/4}$")
def _e61_h(p):
    eps, M1, M2 = R(p["eps"]), R(p["M1"]), R(p["M2"])
    B = sp.Matrix([R(x) for x in p["B"].split(";")])
    C = sp.Matrix([[R(x) for x in p["C"].split(";")]])
    A = sp.Matrix(2, 2, [R(x) for x in p["A"].split(";")])
    ok = (B.norm() < M1 * eps ** R(3, 4) and C.norm() < M1 * eps ** R(3, 4) and A.norm() < M2 * eps < 1 and M2 > 2
          and M1 > 4 * eps ** R(1, 4))
    return bool(ok), f"||B|| = {B.norm()}, ||C|| = {C.norm()}, ||A||_F = {A.norm()}"


def _e61_replay(params, dps, printed):
    B = sp.Matrix([R(x) for x in params["B"].split(";")])
    C = sp.Matrix([[R(x) for x in params["C"].split(";")]])
    A = sp.Matrix(2, 2, [R(x) for x in params["A"].split(";")])
    k = int(params["k"])
    cb = abs((C * B)[0, 0])
    top = max(abs((C * A ** i * B)[0, 0]) for i in range(k))
    return {"violated": bool(cb < top), "values": {"|CB|": cb, "max_i |CA^iB|": top}}


def _e61_recheck(params, dps, printed):
    import numpy as np

    B = np.array([float(R(x)) for x in params["B"].split(";")])
    C = np.array([float(R(x)) for x in params["C"].split(";")])
    A = np.array([float(R(x)) for x in params["A"].split(";")]).reshape(2, 2)
    k = int(params["k"])
    top = max(abs(C @ np.linalg.matrix_power(A, i) @ B) for i in range(k))
    return {"violated": bool(abs(C @ B) < top - 1e-300), "values": {"|CB|": abs(C @ B), "max": top}}


@eq_e59_e61.check(layer="numeric", method="exact witness", replay=_e61_replay, recheck=_e61_recheck,
                  evaluators=("SymPy exact", "numpy float64 (the gap is 5e-7, far above rounding)"),
                  scope="the step |CB| >= max_i |CA^iB| of (E.60)-(E.61), in the lemma's regime (d = 2, k = 2)")
def cb_step(ctx):
    p = {"eps": "1/100", "M1": "3", "M2": "3", "B": "1/100;0", "C": "0;1/100", "A": "0;0;1/200;0", "k": "2"}
    out = _e61_replay(p, ctx.dps, ctx.printed)
    ctx.step("The end points of the chain hold in the regime (M >= max|w| + ||C|| ||B|| >= max_i |nabla l_i| since "
             "||A||_F < 1); the intermediate '|CB| >= max_i |CA^iB|' does not: B orthogonal to C^T gives CB = 0.")
    if out["violated"]:
        ctx.refute("|CB| = 0 < |CAB| = 1/200 * 1/10^4", p, certificate=f"exact: {out['values']}")
    else:
        ctx.exact_predicate("|CB| >= max |CA^iB|", True)


eq_e61_direct = paper.correction(
    "eq_e61_direct", corrected_from="eq_e60_e61", label="(E.60)-(E.61) via ||C|| ||A||^i ||B||", where="App. E.4",
    statement=r"""$M \ge \max_i |w_i| + \|\mathbf C\|\|\mathbf B\| \ge \max_i |w_i| + \max_i \|\mathbf C\|\|\mathbf A\|_F^i\|\mathbf B\| \ge \max_i |\nabla\ell_i|$ when $\|\mathbf A\|_F < 1$.""",
)


@eq_e61_direct.check(layer="property", method="Hypothesis (exact rationals)", scope="d = 2, k = 4, ||A||_F < 1 (rational "
                                                                                     "entries), B, C rational")
def direct(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import rationals

    def bad(case):
        a, b, c = case
        A, B, C = sp.Matrix(2, 2, a), sp.Matrix(b), sp.Matrix([c])
        if not sum(x ** 2 for x in a) < 1:
            return False
        bc2 = sum(x ** 2 for x in b) * sum(x ** 2 for x in c)
        return any(((C * A ** i * B)[0, 0]) ** 2 > bc2 for i in range(4))
    r = rationals(Fraction(-1), Fraction(1), 16)
    found = ctx.search(st.tuples(st.lists(r, min_size=4, max_size=4), st.lists(r, min_size=2, max_size=2),
                                 st.lists(r, min_size=2, max_size=2)), bad, examples=60 if ctx.quick else 400)
    if found is None:
        ctx.no_violation("|CA^iB| <= ||C|| ||B|| when ||A||_F < 1", points=60 if ctx.quick else 400, detail="exact")
    else:
        ctx.inconclusive("direct bound", str(found))
