"""Section 4.1: convergence leads to extrapolation (Theorem 5, Lemmas 6 and 7) and the imported moment results."""

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import domains as D
from . import model, paper

S = sr.symbolic
M = sr.numeric

thm5 = paper.claim(
    "thm5", kind="theorem", label="Theorem 5", where="Sec. 4.1",
    statement=r"""Assume that $d > k > 2\hat{d}$, the teacher parameters $\hat{\Theta}$ are balanced (Definition 4), and the student parameters $\Theta$ are learned by applying GF to the loss $\mathcal{L}(\cdot)$ (Equation 3.4) starting from a balanced initialization. Then, if GF converges to a point $\Theta^*$ satisfying $\mathcal{L}(\Theta^*) = 0$, this point extrapolates (Definition 2).""",
    assumptions=[r"$d > k > 2\hat d$", "balanced teacher", "GF (3.6) from a balanced initialization",
                 r"GF converges to $\Theta^*$ with $\mathcal L(\Theta^*) = 0$"],
    uses=["eq3_4", "eq3_6", "def2", "def4", "lemma6", "lemma7"],
    notes="Proof as printed: 'By Lemma 6 (as well as continuity considerations) Theta* is balanced. Therefore, Lemma 7 "
          "implies that it extrapolates.' The set {B = C^T} is closed, so the limit of a balanced curve is balanced.",
    variables={**D.TEACHER, **D.STUDENT, "d": sr.integer(4, text="d > k"), "k": sr.integer(3, text="k > 2 d^"),
               "init": sr.given("a balanced initialization Theta(0) of GF (3.6)")},
    conclusions=[("extrapolates", "if GF converges to a point Theta* with L(Theta*) = 0, Theta* extrapolates (Definition 2)",
                  "property")],
)


def _gd_balanced(atoms_t, weights_t, d, k, steps, lr, seed, horizon):
    """Small-step GD (a discretisation of GF) on (3.4) for a balanced diagonal student, float64 numpy."""
    import numpy as np

    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, d)
    b = 0.3 * rng.normal(size=d)
    at, pt = np.array(atoms_t), np.array(weights_t)
    w = np.array([(pt * at ** j).sum() for j in range(horizon)])
    J = np.arange(k)
    for _ in range(steps):
        P = a[:, None] ** J[None, :]                           # (d, k)
        h = (b[:, None] ** 2 * P).sum(0)
        r = h - w[:k]
        ga = 2 * (r[None, 1:] * b[:, None] ** 2 * J[None, 1:] * a[:, None] ** (J[None, 1:] - 1)).sum(1)
        gb = 2 * (r[None, :] * 2 * b[:, None] * P).sum(1)
        a -= lr * ga
        b -= lr * gb
    # polish the GD end point to the nearby zero of the residuals (trust-region least squares inside the balanced diagonal
    # family: the GF limit is approximated, balancedness is kept by the parameterization)
    from scipy.optimize import least_squares

    def res(z):
        aa, bb = z[:d], z[d:]
        return (bb[:, None] ** 2 * aa[:, None] ** J[None, :]).sum(0) - w[:k]
    z = least_squares(res, np.concatenate([a, b]), method="trf", xtol=1e-15, ftol=1e-15, gtol=1e-15).x
    a, b = z[:d], z[d:]
    P = a[:, None] ** np.arange(horizon)[None, :]
    h = (b[:, None] ** 2 * P).sum(0)
    return float(((h[:k] - w[:k]) ** 2).sum()), float(np.abs(h[k:] - w[k:]).max())


@thm5.check(layer="numeric", method="small-step GD (float64) from balanced initializations", about="extrapolates",
            scope="teacher atoms {1/2, -1/3} (weights 3/5, 2/5; d^ = 2); balanced diagonal students d = 8, k = 5 > 2d^ "
                  "vs the contrast k = 3 <= 2d^ - 1; 3 seeds; GD end points polished to L < 1e-24 by trust-region least squares "
                  "inside the balanced family; tail error max_{k <= j < 40}")
def gradient_flow(ctx):
    steps = 20000 if ctx.quick else 80000
    rows, fails = [], 0
    for k in (5, 3):
        for seed in range(3):
            L, tail = _gd_balanced([0.5, -1 / 3], [0.6, 0.4], 8, k, steps, 0.05, seed, 40)
            rows.append((k, seed, f"{L:.2e}", f"{tail:.2e}"))
            if k == 5 and L < 1e-24 and tail > 1e-5:
                fails += 1
    ctx.table("GD on (3.4) from balanced initializations (loss at the end, tail error)", ("k", "seed", "loss", "tail"),
              rows)
    ok = [r for r in rows if r[0] == 5 and float(r[2]) < 1e-24]
    if fails:
        ctx.inconclusive("converged balanced students extrapolate", f"{fails} converged runs with k = 5 do not extrapolate")
    else:
        ctx.no_violation("GF-converged balanced students with k > 2d^ extrapolate (tail error at the level of the loss)",
                         points=len(ok), detail=f"{steps} GD steps, lr 0.05; the k = 3 contrast rows show what "
                                                "k <= 2d^-1 allows (no guarantee)")
    ctx.step("Logical structure: Lemma 6 (balancedness is invariant) + closedness of {B = C^T} (limits of balanced "
             "points are balanced) + Lemma 7 (balanced zero-loss students extrapolate) give Theorem 5.")


# ------------------------------------------------------------------------------------------------ Lemma 6
lemma6 = paper.claim(
    "lemma6", kind="lemma", label="Lemma 6", where="Sec. 4.1",
    statement=r"""Let $\Theta(\tau)$, with $\tau \geq 0$, be a curve brought forth by applying GF to the loss $\mathcal{L}(\cdot)$ starting from a balanced initialization. Then, $\Theta(\tau)$ is balanced for every $\tau \geq 0$.""",
    assumptions=["GF (3.6) on (3.4) with symmetric A (the Sec. 3 setting)", "balanced initialization"],
    uses=["eq3_4", "eq3_6", "def4"],
    variables=D.student(k=D.k, w=sr.real(text="the teacher's impulse response w_j = C^A^^jB^ in the loss (3.4)").family(),
                        init=sr.given("a balanced initialization Theta(0) of GF (3.6)"), tau=sr.nonnegative()),
    conclusions=[("invariant", "Theta(tau) is balanced for every tau >= 0", "property")],
)


def balanced_tangency(ctx, sizes):
    pairs = []
    for d, k in sizes:
        A, B, C = model.system(d, symmetric=True)
        w = sp.symbols(f"w0:{k}", real=True)
        L = S.population_loss(S.impulse_response(A, B, C, k), w, k)
        gB, gC = S.matrix_gradient(L, B), S.matrix_gradient(L, C)
        sub = {C[0, i]: B[i, 0] for i in range(d)}
        for i in range(d):
            pairs.append((f"d={d}, k={k}, entry {i}", gB[i, 0].xreplace(sub), gC[0, i].xreplace(sub)))
    return ctx.identities("on {B = C^T}, symmetric A: dL/dB = (dL/dC)^T (the GF field is tangent to the balanced set)",
                          pairs)


@lemma6.check(layer="symbolic", method="sympy.diff", about="invariant",
              scope="symmetric A (upper-triangular parameters), (d, k) in {(2, 3), (3, 3), (2, 4)}: the GF field is "
                    "tangent to the linear subspace {B = C^T}; with the polynomial (hence locally Lipschitz) field, "
                    "uniqueness of ODE solutions makes the subspace invariant")
def tangency(ctx):
    balanced_tangency(ctx, ((2, 3), (3, 3), (2, 4)))
    A, B, C = model.system(2)
    w = sp.symbols("w0:3", real=True)
    L = S.population_loss(S.impulse_response(A, B, C, 3), w, 3)
    gB, gC = S.matrix_gradient(L, B), S.matrix_gradient(L, C)
    sub = {C[0, i]: B[i, 0] for i in range(2)}
    diff = sp.expand(gB[0, 0].xreplace(sub) - gC[0, 0].xreplace(sub))
    ctx.step("Contrast (not a claim of the paper): with a general A the two gradients differ at a balanced point: "
             "dL/dB_1 - dL/dC_1 =", diff)


# ------------------------------------------------------------------------------------------------ Lemma 7
lemma7 = paper.claim(
    "lemma7", kind="lemma", label="Lemma 7", where="Sec. 4.1",
    statement=r"""Suppose that $d > k > 2\hat{d}$, the teacher is balanced, and that the student parameters $\Theta$ are balanced and satisfy $\mathcal{L}(\Theta) = 0$. Then $\Theta$ extrapolates.""",
    assumptions=[r"$d > k > 2\hat d$", "balanced teacher and student (symmetric transition matrices)",
                 r"$\mathcal L(\Theta) = 0$"],
    uses=["eq3_4", "def2", "def4", "lemma_e3", "ext_cohen_yeredor_thm1", "ext_wu_yang_lemma4"],
    notes="The proof sketch's displays C^A^^jB^ = sum_i p^_i A^_ii^j = E[Z^^j] and CA^jB = E[Z^j] are unnumbered here; "
          "their appendix versions are (E.26)/(E.27).",
    variables={**D.TEACHER, **D.STUDENT, "d": sr.integer(4, text="d > k"), "k": sr.integer(3, text="k > 2 d^")},
    conclusions=[("extrapolates", "a balanced student with L(Theta) = 0 extrapolates w.r.t. the balanced teacher",
                  "property")],
)


@lemma7.check(layer="symbolic", method="sympy (Hankel kernel argument)", about="extrapolates",
              scope="d^ in {1, 2, 3}, symbolic teacher atoms and weights: with P(x) = prod_l (x - a^_l) (degree d^, "
                    "P^2 of degree 2d^ <= k - 1), sum_i p^_i P(a^_i)^2 = 0 is an identity, and int P^2 dnu is the same "
                    "linear combination of moments 0..2d^ for every measure nu; so a nonnegative nu matching moments "
                    "0..k-1 has int P^2 dnu = 0, is supported on the teacher atoms, and equals the teacher (Vandermonde)")
def hankel_kernel(ctx):
    x = sp.Symbol("x", real=True)
    for dh in (1, 2, 3):
        ah = sp.symbols(f"ah1:{dh + 1}", real=True)
        ph = sp.symbols(f"ph1:{dh + 1}", nonnegative=True)
        P = sp.expand(sp.prod([x - a for a in ah]) ** 2)
        coeffs = sp.Poly(P, x).all_coeffs()[::-1]                     # c_0..c_{2dh}
        mh = S.moment_response(ph, ah, 2 * dh + 1)
        ctx.identity(f"d^={dh}: sum_j c_j m^_j = sum_i p^_i P(a^_i)^2 = 0", sum(c * m for c, m in zip(coeffs, mh)), 0)
        ctx.exact("degree of P^2 is 2 d^ (so moments 0..2d^ <= k-1 suffice)", sp.degree(P, x), 2 * dh)
    a = sp.symbols("a1:4", real=True)
    p = sp.symbols("p1:4", nonnegative=True)
    m = S.moment_response(p, a, 3)
    ctx.identity("d^ = 1 remark: E[Z^2] - E[Z]^2 = sum_i p_i (a_i - E Z)^2 when sum p_i = 1 (so Var Z = 0 forces Z = a^)",
                 (m[2] * m[0] - m[1] ** 2), sp.expand(sum(p[i] * (a[i] * m[0] - m[1]) ** 2 for i in range(3)) / m[0]))


@lemma7.check(layer="numeric", method="moment-matching LP (SciPy HiGHS) over nonnegative measures on a grid",
              about="extrapolates",
              scope="teachers with d^ = 1, 2, 3 atoms (spread, near-coincident, endpoint), k = 2d^ + 1: min and max of "
                    "moments q = k..2k over nonnegative measures on 49 grid points (teacher atoms, off-support points, "
                    "hull strictly wider) with moments 0..k-1 fixed; contrast k = 2d^")
def moment_lp(ctx):
    teachers = {
        "1 atom": ([Fraction(1, 2)], [Fraction(1)]),
        "2 spread": ([Fraction(-1), Fraction(3, 5)], [Fraction(1, 3), Fraction(2, 3)]),
        "2 close": ([Fraction(1, 2), Fraction(11, 20)], [Fraction(1, 2), Fraction(1, 2)]),
        "3 endpoint": ([Fraction(-1), Fraction(0), Fraction(1)], [Fraction(1, 10), Fraction(1, 5), Fraction(7, 10)]),
    }
    grid = sorted({Fraction(i, 16) for i in range(-24, 25)} | {Fraction(11, 20), Fraction(3, 5)})
    rows, worst, contrast = [], 0.0, []
    for name, (at, wt) in teachers.items():
        mu = M.DiscreteMeasure.of(at, wt)
        dh = mu.support_size
        for k, role in ((2 * dh + 1, "k = 2d^+1"), (2 * dh, "contrast k = 2d^")):
            spread = max(M.moment_range(grid, mu.moments(k), q).spread for q in range(k, 2 * k + 1))
            rows.append((name, k, role, f"{spread:.3e}"))
            if role.startswith("k ="):
                worst = max(worst, spread)
            else:
                contrast.append(spread)
    ctx.table("max over q of (max - min) of the q-th moment given moments 0..k-1", ("teacher", "k", "role", "spread"), rows)
    if worst < 1e-7:
        ctx.no_violation("k > 2d^: the higher moments are pinned (spread at LP tolerance)", points=len(teachers),
                         detail=f"worst spread {worst:.2e}; contrast k = 2d^ spreads {', '.join(f'{c:.2e}' for c in contrast)}")
    else:
        ctx.inconclusive("moment LP", f"spread {worst:.3e} above LP tolerance for k = 2d^+1")


@lemma7.check(layer="property", method="Hypothesis (exact rationals)", about="extrapolates",
              scope="random rational teachers (d^ <= 3 atoms in [-1, 1]) and balanced diagonal students built to match "
                    "moments 0..2d^ exactly (the student = teacher atoms plus zero-weight padding, or Lemma A.1 pairs for "
                    "the contrast): a nonnegative measure with equal moments 0..2d^ equals the teacher")
def exact_uniqueness(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import discrete_measures

    def violates(pair):
        mu, extra = pair
        dh = mu.support_size
        # a candidate student: mu mixed with an extra measure, re-weighted so moments 0..2dh match iff extra vanishes
        if extra.support_size == 0:
            return False
        nu = M.DiscreteMeasure.of(list(mu.atoms) + list(extra.atoms),
                                  [w / 2 for w in mu.weights] + [w / 2 for w in extra.weights])
        same_low = nu.moments(2 * dh + 1) == mu.moments(2 * dh + 1)
        return same_low and nu != mu

    found = ctx.search(st.tuples(discrete_measures(1, 3), discrete_measures(1, 4)), violates,
                       examples=80 if ctx.quick else 500)
    if found is None:
        ctx.no_violation("no nonnegative measure differs from a d^-atomic teacher while matching moments 0..2d^",
                         points=80 if ctx.quick else 500, detail="exact Fractions; mixtures (mu + extra)/2")
    else:
        ctx.refute("moment uniqueness", {"case": str(found)}, certificate=str(found))


ext_cohen_yeredor_thm1 = paper.claim(
    "ext_cohen_yeredor_thm1", kind="lemma", label="Cohen & Yeredor (2011), Theorem 1 (imported)", where="Sec. 4.1, App. E.2",
    statement=r"""(As quoted) Cohen \& Yeredor (2011) showed that the first $2n$ moments of a discrete random variable $X$ taking at most $n \in \mathbb{N}$ values uniquely define $X$, in the sense that \emph{any} discrete random variable agreeing with these $2n$ moments must be identical to $X$.""",
    assumptions=[r"$X$ takes at most $n$ values; the other variable is discrete (nonnegative weights)"],
    uses=[],
    variables={"n": sr.integer(1), "X": sr.given("a discrete random variable taking at most n values"),
               "Y": sr.given("any discrete random variable")},
    conclusions=[("unique", "any discrete random variable agreeing with the first 2n moments of X is identical to X",
                  "property")],
)


@ext_cohen_yeredor_thm1.check(layer="symbolic", method="Hankel quadratic form", about="unique",
                              scope="the quadratic-form identity v^T H_{n+1} v = sum_i p_i P_v(a_i)^2 (n = 1, 2) and "
                                    "det H_n = sum_{|S|=n} prod p_i prod (a_i - a_j)^2 (n = 2, 3 atoms, 2x2 Hankel) that the "
                                    "uniqueness argument uses; moments 1..2n of the *normalized* variable, i.e. 0..2n")
def hankel_forms(ctx):
    x = sp.Symbol("x")
    for n in (1, 2):
        a = sp.symbols(f"a1:{n + 3}", real=True)
        p = sp.symbols(f"p1:{n + 3}", nonnegative=True)
        v = sp.symbols(f"v0:{n + 1}", real=True)
        m = S.moment_response(p, a, 2 * n + 1)
        H = S.hankel(m, n + 1)
        Pv = lambda t: sum(v[i] * t ** i for i in range(n + 1))  # noqa: E731
        ctx.identity(f"v^T H_{n + 1} v = sum_i p_i P_v(a_i)^2 ({n + 2} atoms)", (sp.Matrix([v]) * H * sp.Matrix(v))[0, 0],
                     sum(p[i] * Pv(a[i]) ** 2 for i in range(n + 2)))
    a = sp.symbols("a1:4", real=True)
    p = sp.symbols("p1:4", nonnegative=True)
    H = S.hankel(S.moment_response(p, a, 3), 2)
    ctx.identity("det H_2 = sum_{i<j} p_i p_j (a_i - a_j)^2", H.det(),
                 sum(p[i] * p[j] * (a[i] - a[j]) ** 2 for i in range(3) for j in range(i + 1, 3)))
    del x


ext_wu_yang_lemma4 = paper.claim(
    "ext_wu_yang_lemma4", kind="lemma", label="Wu & Yang (2020), Lemma 4 (imported)", where="App. E.2",
    statement=r"""(As invoked) the first $2\hat{d}$ moments of a discrete random variable taking at most $\hat{d}$ different values uniquely define this random variable.""",
    assumptions=[r"a $\hat d$-atomic law; the comparison law is a probability measure on $\mathbb{R}$"],
    uses=[],
    same_as="ck2023.ext_cohen_yeredor_thm1",
    variables={"dh": D.dh, "X": sr.given("a discrete random variable taking at most d^ values"),
               "Y": sr.given("a probability measure on R (the comparison law)")},
    conclusions=[("unique", "any law agreeing with the first 2 d^ moments of X is the law of X", "property")],
)
