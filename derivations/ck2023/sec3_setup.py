"""Section 3: linear RNNs, the losses (3.2)-(3.4), Definitions 1, 2, 4, Proposition 3, gradient flow (3.6)."""

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import domains as D
from . import model, paper

S = sr.symbolic

# ------------------------------------------------------------------------------------------------ (3.1)
eq3_1 = paper.claim(
    "eq3_1", kind="equation", label="(3.1)", where="Sec. 3",
    statement=r"""$$\mathbf{s}_{t+1} = \mathbf{A}\mathbf{s}_t + \mathbf{B}x_t, \quad y_t = \mathbf{C}\mathbf{s}_t, \quad t = 0, 1, 2, \dots, \quad (3.1)$$
where $\mathbf{A} \in \mathbb{R}^{d \times d}$, $\mathbf{B} \in \mathbb{R}^{d \times 1}$ and $\mathbf{C} \in \mathbb{R}^{1 \times d}$ are configurable parameters, the transition matrix $\mathbf{A}$ satisfies $\mathbf{A} = \mathbf{A}^\top$; \dots and $\mathbf{s}_t$ \dots assumed to be equal to zero at the outset (i.e. it is assumed that $\mathbf{s}_0 = \mathbf{0}$). As with any linear time-invariant system (Porat, 1996), the input-output mapping realized by the RNN is determined by its impulse response.""",
    uses=[],
    variables=D.student(x=sr.real(text="every input x_t").family(), t=sr.integer(0)),
    conclusions=[("impulse_determines", "with s_0 = 0, y_t = sum_{j<t} C A^{t-1-j} B x_j: the input-output map of (3.1) "
                  "is determined by its impulse response", "identity")],
)


@eq3_1.check(layer="symbolic", method="sympy.expand", about="impulse_determines",
             scope="d = 2 (general and symmetric A), T = 5 inputs: the recursion equals the convolution with (CA^jB)_j")
def convolution(ctx):
    xs = sp.symbols("x0:5", real=True)
    for sym in (False, True):
        A, B, C = model.system(2, symmetric=sym)
        ys = S.run_recursion(A, B, C, xs)
        h = S.impulse_response(A, B, C, 5)
        conv = [sum(h[t - 1 - j] * xs[j] for j in range(t)) for t in range(6)]
        ctx.identities(f"y_t = sum_j C A^(t-1-j) B x_j ({'symmetric' if sym else 'general'} A)",
                       [(f"t={t}", ys[t], conv[t]) for t in range(6)])
    ctx.step("So the input-output map is the convolution with (CB, CAB, ...) shifted by one step: y_t depends on "
             "x_0..x_{t-1} only (s_0 = 0 gives y_0 = 0).")


# ------------------------------------------------------------------------------------------------ Definition 1
def1 = paper.claim(
    "def1", kind="definition", label="Definition 1", where="Sec. 3",
    statement=r"""The \emph{impulse response} of the RNN is the output sequence corresponding to the input sequence $(x_0, x_1, x_2, \dots) = (1, 0, 0, \dots)$. Namely, it is the sequence $(\mathbf{C}\mathbf{B}, \mathbf{C}\mathbf{A}\mathbf{B}, \mathbf{C}\mathbf{A}^2\mathbf{B}, \dots)$.""",
    uses=["eq3_1"],
    printed={"first_term": "CB"},
    variables=D.student(),
    conclusions=[("sequence", "the output sequence of (3.1) for the input (1, 0, 0, ...) is (CB, CAB, CA^2B, ...)",
                  "identity")],
    notes="Under (3.1) with s_0 = 0 the output sequence of the impulse is (y_0, y_1, ...) = (0, CB, CAB, ...): the "
          "printed sequence is the outputs from t = 1 on. The paper uses exactly that alignment in RNN(x) := y_k.",
    severity="reading",
    severity_reason="the printed sequence is the output sequence shifted by one step (y_{j+1} = CA^jB); the intended "
                    "reading (def1_shifted) holds and every later use (RNN(x) := y_k, (3.3)) is consistent with it",
    intended="def1_shifted",
)


def _def1_replay(params, dps, printed):
    a, b, c = (sp.Rational(params[k]) for k in ("a", "b", "c"))
    ys = S.run_recursion(sp.Matrix([[a]]), sp.Matrix([b]), sp.Matrix([[c]]), [1, 0, 0])
    first = {"CB": c * b, "0": sp.Integer(0)}[printed["first_term"]]
    return {"violated": bool(ys[0] != first), "values": {"y_0": ys[0], "printed first term": first}}


def _def1_recheck(params, dps, printed):
    ctx = model.mp(dps)
    a, b, c = (ctx.mpf(sp.Rational(params[k]).p) / sp.Rational(params[k]).q for k in ("a", "b", "c"))
    s, ys = ctx.mpf(0), []
    for x in (1, 0, 0):            # independent loop: y_t = c s_t; s_{t+1} = a s_t + b x_t
        ys.append(c * s)
        s = a * s + b * x
    first = c * b if printed["first_term"] == "CB" else ctx.mpf(0)
    return {"violated": bool(abs(ys[0] - first) > ctx.mpf(10) ** (-dps // 2)), "values": {"y_0": ys[0]}}


@def1.check(layer="symbolic", method="exact recursion", replay=_def1_replay, about="sequence", recheck=_def1_recheck,
            evaluators=("SymPy exact recursion", "mpmath loop"),
            scope="the output sequence of (3.1) for the impulse, against the printed sequence, term 0")
def alignment(ctx):
    out = _def1_replay({"a": "0", "b": "1", "c": "1"}, ctx.dps, ctx.printed)
    ctx.step("Impulse input, d = 1, a = 0, b = c = 1: (y_0, y_1, y_2, y_3) = (0, CB, CAB, CA^2B).")
    if out["violated"]:
        ctx.refute("the output sequence starts with y_0 = C s_0 = 0, not CB", {"a": "0", "b": "1", "c": "1"},
                   certificate="exact: y_0 = 0 while CB = 1", irrelevant=("a",))
    else:
        ctx.exact_predicate("first output equals the printed first term", True)


def1_shifted = paper.correction(
    "def1_shifted", corrected_from="def1", label="Definition 1 (outputs from t = 1)", where="Sec. 3",
    statement=r"""For the input $(1, 0, 0, \dots)$, the outputs of (3.1) satisfy $y_0 = 0$ and $y_{j+1} = \mathbf{C}\mathbf{A}^j\mathbf{B}$ for $j \ge 0$: the impulse response $(\mathbf{C}\mathbf{B}, \mathbf{C}\mathbf{A}\mathbf{B}, \dots)$ is $(y_1, y_2, \dots)$.""",
    variables=D.student(j=sr.integer(0)),
    conclusions=[("outputs", "for the input (1, 0, 0, ...): y_0 = 0 and y_{j+1} = CA^jB for every j >= 0", "identity")],
)


@def1_shifted.check(layer="symbolic", method="sympy.expand", about="outputs",
                    scope="general A, (d, outputs) in {(1, 8), (2, 6), (3, 3)}")
def shifted(ctx):
    for d, n in ((1, 8), (2, 6), (3, 3)):
        A, B, C = model.system(d)
        ys = S.run_recursion(A, B, C, [1] + [0] * (n - 1))
        h = S.impulse_response(A, B, C, n)
        ctx.identities(f"d={d}: y_0 = 0, y_(j+1) = C A^j B", [("y0", ys[0], 0)] +
                       [(f"j={j}", ys[j + 1], h[j]) for j in range(n)])


# ------------------------------------------------------------------------------------------------ (3.2), (3.3)
eq3_2 = paper.claim(
    "eq3_2", kind="equation", label="(3.2)", where="Sec. 3",
    statement=r"""Given a length $k$ input sequence, $\mathbf{x} = (x_0, \dots, x_{k-1}) \in \mathbb{R}^k$, consider the output at the last time step, i.e. $y := y_k \in \mathbb{R}$, and denote it by $RNN(\mathbf{x})$. Using this output as a label, we define an empirical loss induced by a training set $S = \{(\mathbf{x}^{(1)}, y^{(1)}), \dots, (\mathbf{x}^{(N)}, y^{(N)})\} \subset \mathbb{R}^k \times \mathbb{R}$:
$$\mathcal{L}_S(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \frac{1}{N} \sum_{i=1}^N \ell \left(RNN(\mathbf{x}^{(i)}), y^{(i)} \right), \quad (3.2)$$
where $\ell(y, \hat{y}) = (y - \hat{y})^2$ is the square loss.""",
    uses=["eq3_1"],
    variables=D.student(k=D.k, N=sr.integer(1, text="the training set size N >= 1"),
                        x=sr.real(text="every training input x_j^(i)"), y=sr.real(text="every label y^(i)").family()),
    conclusions=[("loss", "L_S(A, B, C) = (1/N) sum_i (RNN(x^(i)) - y^(i))^2 with RNN(x) := y_k of (3.1)", "identity")],
)

eq3_3 = paper.claim(
    "eq3_3", kind="equation", label="(3.3)", where="Sec. 3",
    statement=r"""By the update rule of the RNN (Equation 3.1), we have:
$$\mathcal{L}_S(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \frac{1}{N} \sum_{i=1}^N \left(\sum_{j=0}^{k-1} \mathbf{C}\mathbf{A}^{k-1-j} \mathbf{B}x_j^{(i)} - y^{(i)} \right)^2. \quad (3.3)$$""",
    uses=["eq3_1", "eq3_2"],
    variables=D.student(k=D.k, N=sr.integer(1, text="the training set size N >= 1"),
                        x=sr.real(text="every training input x_j^(i)"), y=sr.real(text="every label y^(i)").family()),
    conclusions=[("unrolled", "(3.2) unrolled by the update rule (3.1) equals (3.3)", "identity")],
)


def _empirical_losses(d, k, N):
    A, B, C = model.system(d)
    X = [sp.symbols(f"x{i}_0:{k}", real=True) for i in range(N)]
    Y = sp.symbols(f"y1:{N + 1}", real=True)
    l32 = sp.Rational(1, N) * sum((S.run_recursion(A, B, C, X[i])[k] - Y[i]) ** 2 for i in range(N))
    l33 = sp.Rational(1, N) * sum((sum((C * A ** (k - 1 - j) * B)[0, 0] * X[i][j] for j in range(k)) - Y[i]) ** 2
                                  for i in range(N))
    return l32, l33


@eq3_2.check(layer="symbolic", method="sympy.expand", about="loss", scope="d = 2 general A, k = 3, N = 2: (3.2) with RNN(x) = y_k "
             "from the recursion (3.1) is a nonnegative mean of squares, equal to (3.3)")
def definition(ctx):
    l32, l33 = _empirical_losses(2, 3, 2)
    ctx.identity("(3.2) with RNN(x) = y_k from (3.1) equals (3.3)", l32, l33)


@eq3_3.check(layer="symbolic", method="sympy.expand", about="unrolled",
             scope="general A, (d, k) with d k <= 6, d <= 3, k <= 4, N = 2 (symbolic inputs and labels)")
def unrolled(ctx):
    pairs = []
    for d in (1, 2, 3):
        for k in (1, 2, 3, 4):
            if d * k > 6:
                continue
            l32, l33 = _empirical_losses(d, k, 2)
            pairs.append((f"d={d}, k={k}", l32, l33))
    ctx.identities("(3.2) unrolled by (3.1) equals (3.3)", pairs)


# ------------------------------------------------------------------------------------------------ (3.4)
eq3_4 = paper.claim(
    "eq3_4", kind="equation", label="(3.4)", where="Sec. 3",
    statement=r"""We employ the common assumption \dots by which input sequences are drawn from a whitened distribution, i.e. a distribution where $\mathbb{E}[x_j x_{j'}]$ equals 1 if $j = j'$ and 0 otherwise. The population loss over length $k$ sequences can then be written as (see Lemma E.1):
$$\mathcal{L}(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \sum_{j=0}^{k-1} \left(\mathbf{C}\mathbf{A}^j \mathbf{B} - \hat{\mathbf{C}} \hat{\mathbf{A}}^j \hat{\mathbf{B}} \right)^2. \quad (3.4)$$
Equation 3.4 implies that a solution $\Theta = (\mathbf{A}, \mathbf{B}, \mathbf{C})$ achieves zero population loss over length $k$ sequences if and only if $\mathbf{C}\mathbf{A}^j\mathbf{B} = \hat{\mathbf{C}}\hat{\mathbf{A}}^j\hat{\mathbf{B}}$ for $j = 0, \dots, k-1$.""",
    assumptions=[r"$\mathbb{E}[x_j x_{j'}] = \mathbf{1}_{j=j'}$ (whitened inputs)"],
    uses=["eq3_3", "lemma_e1"],
    variables=D.student_teacher(k=D.k, x=sr.given("a distribution of input sequences with E[x_j x_j'] = 1 if j = j' "
                                                  "and 0 otherwise (whitened)")),
    conclusions=[("population_loss", "the population loss over length-k sequences is (3.4)", "identity"),
                 ("zero_iff", "L(Theta) = 0 iff CA^jB = C^A^^jB^ for j = 0, ..., k-1", "property")],
)


def expected_loss(d, dh, k, sym=False):
    """E[(RNN(x) - RNN^(x))^2] under E[x_i x_j] = [i == j], by the substitution x_i x_j -> delta_ij."""
    A, B, C = model.system(d, symmetric=sym)
    Ah, Bh, Ch = model.teacher_system(dh, symmetric=sym)
    xs = sp.symbols(f"x0:{k}", real=True)
    e = sp.expand((S.run_recursion(A, B, C, xs)[k] - S.run_recursion(Ah, Bh, Ch, xs)[k]) ** 2)
    poly = sp.Poly(e, *xs)
    out = 0
    for monom, coeff in poly.terms():
        if all(m in (0, 2) for m in monom) and sum(m == 2 for m in monom) == 1:
            out += coeff                         # E[x_i^2] = 1
        elif all(m == 0 for m in monom):
            out += coeff
        # monomials x_i x_j (i != j) have expectation 0; degree is exactly 2 in x, so nothing else occurs
    return out, model.loss(A, B, C, Ah, Bh, Ch, k)


@eq3_4.check(layer="symbolic", method="sympy.Poly (moments of whitened inputs)", about=("population_loss", "zero_iff"),
             scope="(d, d^, k) in {(2,1,3), (2,2,3), (3,2,2)}, symmetric and general A: the expectation of (3.3)'s "
                   "square under E[x_i x_j] = [i = j] equals (3.4); zero loss iff the first k responses agree")
def whitened(ctx):
    pairs = []
    for d, dh, k in ((2, 1, 3), (2, 2, 3), (3, 2, 2)):
        for sym in (True, False):
            e, l34 = expected_loss(d, dh, k, sym)
            pairs.append((f"d={d}, dh={dh}, k={k}, {'sym' if sym else 'general'}", e, l34))
    ctx.identities("E[(y_k - y^_k)^2] = (3.4)", pairs)
    ctx.step("(3.4) is a sum of k squares, so it vanishes exactly when every term C A^j B - C^ A^^j B^, j < k, "
             "vanishes: the 'if and only if' is the zero set of a sum of squares of real numbers.")


# ------------------------------------------------------------------------------------------------ Definition 2
def2 = paper.claim(
    "def2", kind="definition", label="Definition 2", where="Sec. 3",
    statement=r"""For $\epsilon \geq 0$ and $q \in \mathbb{N}$, we say that the student $\epsilon$-extrapolates with horizon $q$ with respect to (w.r.t) the teacher if:
$$|\mathbf{C}\mathbf{A}^j\mathbf{B} - \hat{\mathbf{C}}\hat{\mathbf{A}}^j\hat{\mathbf{B}}| \leq \epsilon, \quad \forall j \in \{0, 1, \dots, q-1\}. \quad (3.5)$$
If the above holds for all $q \in \mathbb{N}$ then the student is said to $\epsilon$-extrapolate w.r.t the teacher, and if it holds for all $q \in \mathbb{N}$ with $\epsilon = 0$ then the student is simply said to \emph{extrapolate} w.r.t the teacher.""",
    uses=["def1"],
    variables=D.student_teacher(eps=D.eps, q=D.q),
    conclusions=[("well_defined", "eps-extrapolation with horizon q (3.5), eps-extrapolation (every q) and extrapolation "
                  "(every q, eps = 0) are well defined; for diagonal systems extrapolation is decided by the first d + d^ "
                  "responses (the fact the later checks use)", "property")],
)


@def2.check(layer="property", method="Hypothesis + exact arithmetic", about="well_defined",
            scope="diagonal systems with rational atoms: 'extrapolates' (all q, eps = 0) is decidable exactly: it holds "
                  "iff the two atomic measures coincide iff the first d + d^ responses agree (Vandermonde)")
def decidable(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import rationals

    bad = []

    def violates(case):
        a, p, ah, ph = case
        n = len(a) + len(ah)
        h = [sum(pi * ai ** j for ai, pi in zip(a, p)) for j in range(3 * n)]
        hh = [sum(pi * ai ** j for ai, pi in zip(ah, ph)) for j in range(3 * n)]
        first = all(h[j] == hh[j] for j in range(n))
        merged = {}
        for ai, pi in zip(a, p):
            merged[ai] = merged.get(ai, 0) + pi
        for ai, pi in zip(ah, ph):
            merged[ai] = merged.get(ai, 0) - pi
        same = all(v == 0 for v in merged.values())
        ok = first == same and (not same or all(h[j] == hh[j] for j in range(3 * n)))
        if not ok:
            bad.append(case)
        return not ok

    small = rationals(Fraction(-1), Fraction(1), 4)
    strat = st.tuples(st.lists(small, min_size=1, max_size=3), st.lists(small, min_size=3, max_size=3),
                      st.lists(small, min_size=1, max_size=2), st.lists(small, min_size=2, max_size=2)) \
        .map(lambda t: (t[0], t[1][:len(t[0])], t[2], t[3][:len(t[2])]))
    found = ctx.search(strat, violates, examples=60 if ctx.quick else 400)
    if found is None:
        ctx.no_violation("first d + d^ terms equal <=> atomic measures equal <=> all terms equal",
                         points=60 if ctx.quick else 400, detail="exact rationals; Hypothesis with shrinking; "
                         "coarse atoms (denominator 4) so that coincidences and cancellations occur")
    else:
        ctx.inconclusive("decidability of 'extrapolates'", f"counterexample to the helper fact: {found}")


# ------------------------------------------------------------------------------------------------ Proposition 3
prop3 = paper.claim(
    "prop3", kind="proposition", label="Proposition 3", where="Sec. 3",
    statement=r"""Assume $d > k$, and let $\epsilon \geq 0$ and $q \in \{k+1, k+2, \dots\}$. Then, for any teacher parameters $\hat{\Theta}$, there exist student parameters $\Theta$ with which the population loss in Equation 3.4 equals zero, and yet the student does \textbf{not} $\epsilon$-extrapolate with horizon $q$.""",
    assumptions=[r"$d > k$", r"$\epsilon \ge 0$", r"$q \ge k + 1$"],
    uses=["eq3_4", "def2"],
    variables={**D.TEACHER, "d": sr.integer(2, text="d > k"), "k": D.k, "eps": D.eps,
               "q": sr.integer(2, text="q in {k+1, k+2, ...}")},
    conclusions=[("exists_student", "for any teacher there are student parameters Theta with zero population loss (3.4) "
                  "that do not eps-extrapolate with horizon q", "property")],     # for every teacher: not one exhibit
)


def prop3_witness(w, d, k, eps):
    """E.1.2's construction: distinct eigenvalues lambda_i = i/d, r = (w_0..w_{k-1}, w_k + eps + 1, 0, ...),
    g = V^{-1} r, student A = diag(lambda), B = g, C = 1^T (U = I). Returns (A, B, C)."""
    lam = [sp.Rational(i, d) for i in range(d)]
    r = list(w[:k]) + [w[k] + eps + 1] + [0] * (d - k - 1)
    g = S.vandermonde(lam).LUsolve(sp.Matrix(r))
    return sp.diag(*lam), g, sp.ones(1, d)


@prop3.check(layer="symbolic", method="exact construction (Vandermonde solve)", about="exists_student",
             scope="teachers: (C.1) delay (d^ = 3), a random rational non-symmetric teacher (d^ = 2), a balanced "
                   "symmetric teacher (d^ = 2); (d, k) in {(3, 2), (5, 3), (6, 5)}; eps in {0, 1/1000, 1, 10}, q = k+1 "
                   "(which implies every larger q)")
def construction(ctx):
    for n in (2, 3, 4):
        lam = sp.symbols(f"l1:{n + 1}")
        det = S.vandermonde(lam).det()
        ctx.identity(f"det V = prod_(i<j) (l_j - l_i), d = {n}", det,
                     sp.prod([lam[j] - lam[i] for i in range(n) for j in range(i + 1, n)]))
    teachers = {
        "delay d^=3": S.delay_system(3),
        "non-symmetric d^=2": (sp.Matrix([[sp.Rational(1, 2), 2], [sp.Rational(-1, 3), sp.Rational(1, 5)]]),
                               sp.Matrix([1, -2]), sp.Matrix([[3, sp.Rational(1, 7)]])),
        "balanced d^=2": (sp.Matrix([[sp.Rational(1, 2), sp.Rational(1, 4)], [sp.Rational(1, 4), -sp.Rational(1, 3)]]),
                          sp.Matrix([1, 2]), sp.Matrix([[1, 2]])),
    }
    rows, count = [], 0
    for name, (Ah, Bh, Ch) in teachers.items():
        w = S.impulse_response(Ah, Bh, Ch, 8)
        for d, k in ((3, 2), (5, 3), (6, 5)):
            for eps in (0, sp.Rational(1, 1000), 1, 10):
                A, B, C = prop3_witness(w, d, k, eps)
                h = S.impulse_response(A, B, C, k + 1)
                L = S.population_loss(h, w, k)
                ok = bool(L == 0) and bool(abs(h[k] - w[k]) > eps)
                count += ok
                rows.append((name, d, k, eps, L, abs(h[k] - w[k]), "yes" if all(x >= 0 for x in B) else "no"))
                if not ok:
                    ctx.inconclusive("construction", f"failed for {name}, d={d}, k={k}, eps={eps}")
                    return
    ctx.table("Witnesses (exact): L = 0 and |h_k - w_k| > eps", ("teacher", "d", "k", "eps", "L", "|h_k - w_k|",
              "g >= 0 (balanced realization exists)"), rows)
    ctx.exact_predicate(f"all {count} witnesses have zero loss and fail eps-extrapolation at horizon k+1", True,
                        detail="exact rational arithmetic")


# ------------------------------------------------------------------------------------------------ (3.6), Definition 4
eq3_6 = paper.claim(
    "eq3_6", kind="equation", label="(3.6)", where="Sec. 3",
    statement=r"""$$\dot{\alpha}(\tau) := \frac{d}{d\tau}\alpha(\tau) = -\frac{\partial}{\partial\alpha}\mathcal{L}(\mathbf{A}(\tau), \mathbf{B}(\tau), \mathbf{C}(\tau)), \quad \tau \geq 0, \quad (3.6)$$
where $\alpha \in \{\mathbf{A}, \mathbf{B}, \mathbf{C}\}$. If no assumption on initialization is made, no form of extrapolation can be established (indeed, the initial point may be a global minimizer of $\mathcal{L}(\cdot)$ that fails to extrapolate, and GF will stay there).""",
    uses=["eq3_4", "prop3"],
    variables=D.student_teacher(k=D.k),
    # "property", not "existence": after Proposition 3 (any teacher) the sentence is read for every teacher and k < d,
    # so one exhibited initial point is an instance of it, not a proof
    conclusions=[("stays", "without an assumption on initialization no extrapolation can be established: for a teacher "
                  "the initial point may be a global minimizer of L that fails to extrapolate, where the field of (3.6) "
                  "vanishes and GF stays", "property")],
)


@eq3_6.check(layer="symbolic", method="sympy.diff", about="stays",
             scope="the parenthetical: at Proposition 3's zero-loss witness (d = 3, k = 2, delay teacher) the GF "
                   "field -dL/d(A, B, C) vanishes, so GF stays at a non-extrapolating point")
def stationary(ctx):
    Ah, Bh, Ch = S.delay_system(3)
    w = S.impulse_response(Ah, Bh, Ch, 4)
    A0, B0, C0 = prop3_witness(w, 3, 2, 1)
    A, B, C = model.system(3)
    L = S.population_loss(S.impulse_response(A, B, C, 2), w, 2)
    sub = {**{A[i, j]: A0[i, j] for i in range(3) for j in range(3)}, **{B[i]: B0[i] for i in range(3)},
           **{C[i]: C0[i] for i in range(3)}}
    field = [sp.diff(L, v).xreplace(sub) for v in list(A) + list(B) + list(C)]
    ctx.exact("GF field at the zero-loss witness", tuple(field), tuple([0] * len(field)))
    h = S.impulse_response(A0, B0, C0, 3)
    ctx.exact_predicate("the witness does not extrapolate (h_2 != w_2)", bool(h[2] != w[2]),
                        detail=f"h_2 = {h[2]}, w_2 = {w[2]}")


def4 = paper.claim(
    "def4", kind="definition", label="Definition 4", where="Sec. 3",
    statement=r"""An RNN with parameters $\Theta = (\mathbf{A}, \mathbf{B}, \mathbf{C})$ is said to be \textbf{balanced} if $\mathbf{B} = \mathbf{C}^\top$.""",
    uses=["eq3_1"],
    variables=D.student(j=sr.integer(0)),
    conclusions=[("even_responses", "(the fact the later results use) for a balanced RNN with A = A^T, "
                  "C A^{2j} B = ||A^j B||^2 >= 0", "identity")],
)


@def4.check(layer="symbolic", method="sympy.expand", about="even_responses",
            scope="d = 3, symmetric A: for a balanced RNN C A^{2j} B = ||A^j B||^2 >= 0, in particular CB = ||B||^2 "
                  "(the fact Lemma 7 and Proposition 9 use: a balanced, non-degenerate teacher has C^B^ > 0 iff B^ != 0)")
def nonnegative_even(ctx):
    A, B, C = model.system(3, symmetric=True, balanced=True)
    h = S.impulse_response(A, B, C, 5)
    ctx.identities("C A^(2j) B = (A^j B)^T (A^j B)", [(f"j={j}", h[2 * j], sp.expand(((A ** j * B).T * (A ** j * B))[0, 0]))
                                                      for j in range(3)])
