"""Appendix D: the accumulating loss (D.1)-(D.3) and the adaptations D.1-D.3."""

import sympy as sp

import symrnn as sr

from . import domains as D
from . import model, paper

S = sr.symbolic

eqD1 = paper.claim(
    "eq_d1", kind="equation", label="(D.1)", where="App. D",
    statement=r"""Another important and common loss function is an accumulating loss defined over the full output sequence. Specifically, the empirical loss of Equation 3.3 is replaced with,
$$\mathcal{L}_S(\mathbf{A}, \mathbf{B}, \mathbf{C}) = \frac{1}{N} \sum_{i=1}^N \sum_{j=0}^{k-1} \ell \left( \text{RNN} \left( x_j^{(i)} \right), y_j^{(i)} \right), \quad (\text{D.1})$$""",
    uses=["eq3_2", "eq3_3"],
    variables=D.student_teacher(k=D.k, N=sr.integer(1, text="the training set size N >= 1"),
                                x=sr.real(text="every training input x_j^(i)")),
    conclusions=[("loss", "the accumulating loss (D.1) replaces (3.3): a sum over the prefixes of (3.2)'s summand "
                  "(for k = 1 it is (3.2))", "identity")],
    notes="Read RNN(x_j) as the output after the prefix x_0..x_j (i.e. y_{j+1} of (3.1)) and y_j as the teacher's output "
          "after the same prefix; the printed argument x_j^{(i)} is a single input.",
)

@eqD1.check(layer="symbolic", method="sympy.expand", about="loss",
            scope="d = 2, k = 1 and k = 3, N = 2 symbolic samples: with the prefix reading, the last summand of (D.1) is "
                  "(3.2)'s summand, and for k = 1 (D.1) equals (3.2)")
def reduces(ctx):
    A, B, C = model.system(2)
    Ah, Bh, Ch = model.teacher_system(1)
    X = [sp.symbols(f"x{i}_0:3", real=True) for i in range(2)]
    acc = {k: sp.Rational(1, 2) * sum(sum((S.run_recursion(A, B, C, X[i][:j + 1])[j + 1]
                                           - S.run_recursion(Ah, Bh, Ch, X[i][:j + 1])[j + 1]) ** 2 for j in range(k))
                                       for i in range(2)) for k in (1,)}
    l32 = sp.Rational(1, 2) * sum((S.run_recursion(A, B, C, X[i][:1])[1] - S.run_recursion(Ah, Bh, Ch, X[i][:1])[1]) ** 2
                                  for i in range(2))
    ctx.identity("k = 1: (D.1) = (3.2)", acc[1], l32)


eqD2 = paper.claim(
    "eq_d2", kind="equation", label="(D.2)", where="App. D.1",
    statement=r"""A similar derivation of the population loss described in Appendix E.1.1 can be applied to Equation D.1. The difference is that an additional summation is introduced and is preserved throughout the analysis to result with,
$$\mathbb{E}_{\mathbf{x} \sim \mathcal{D}} \left[\sum_{j=0}^{k-1} \ell \left(\text{RNN} \left(x_j \right), y_j \right) \right] = \sum_{j=0}^{k-1} \sum_{i=0}^j (\mathbf{C} \mathbf{A}^i \mathbf{B} - w_i)^2. \quad (\text{D.2})$$""",
    assumptions=[r"whitened inputs $\mathbb{E}[x_i x_j] = \mathbf 1_{i=j}$"],
    uses=["eq_d1", "lemma_e1"],
    variables=D.student_teacher(k=D.k, x=sr.given("a whitened distribution D of input sequences")),
    conclusions=[("expectation", "E_x[sum_j l(RNN(x_j), y_j)] = sum_{j<k} sum_{i<=j} (CA^iB - w_i)^2", "identity")],
)


def _accumulated_expectation(d, dh, k):
    A, B, C = model.system(d, symmetric=True)
    Ah, Bh, Ch = model.teacher_system(dh, symmetric=True)
    xs = sp.symbols(f"x0:{k}", real=True)
    ys, yh = S.run_recursion(A, B, C, xs), S.run_recursion(Ah, Bh, Ch, xs)
    total = 0
    for j in range(k):
        e = sp.Poly(sp.expand((ys[j + 1] - yh[j + 1]) ** 2), *xs)
        for monom, coeff in e.terms():
            if sum(m == 2 for m in monom) == 1 and all(m in (0, 2) for m in monom):
                total += coeff
    h, w = S.impulse_response(A, B, C, k), S.impulse_response(Ah, Bh, Ch, k)
    return sp.expand(total), h, w


@eqD2.check(layer="symbolic", method="sympy.Poly (moments of whitened inputs)", about="expectation",
            scope="(d, d^, k) in {(2, 1, 3), (2, 2, 2)}, symmetric A: the expectation of (D.1)'s summand sum under "
                  "E[x_i x_j] = [i = j] equals the double sum (D.2)")
def expectation(ctx):
    pairs = []
    for d, dh, k in ((2, 1, 3), (2, 2, 2)):
        total, h, w = _accumulated_expectation(d, dh, k)
        pairs.append((f"d={d}, d^={dh}, k={k}", total, sum((h[i] - w[i]) ** 2 for j in range(k) for i in range(j + 1))))
    ctx.identities("E[sum_j l(RNN(x_0..x_j), y_j)] = sum_j sum_{i<=j} (CA^iB - w_i)^2", pairs)


eqD3 = paper.claim(
    "eq_d3", kind="equation", label="(D.3)", where="App. D.1",
    statement=r"""The loss above can be viewed as a different weighting of the original population loss, i.e. Equation D.2 can be written as
$$\sum_{i=0}^{k-1} (k-i) (\mathbf{C} \mathbf{A}^i \mathbf{B} - w_i)^2. \quad (\text{D.3})$$
It is clear that the minimizers of Equation D.2 are the same minimizers of Equation 3.4 (i.e. $\mathbf{C} \mathbf{A}^i \mathbf{B} = w_i$ for $i = 0, \dots, k-1$). Thus Lemma 7 holds with no additional modifications.""",
    uses=["eq_d2", "eq3_4", "lemma7"],
    variables={"k": sr.integer(1)},
    conclusions=[("reindex", "(D.2) = sum_{i<k} (k - i)(CA^iB - w_i)^2 (D.3)", "identity"),
                 ("minimizers", "the minimizers of (D.2) are those of (3.4) (CA^iB = w_i, i < k), so Lemma 7 holds with "
                  "no additional modifications", "property")],
)


@eqD3.check(layer="symbolic", method="sympy: generating polynomial with symbolic k", full=True,
            scope="every k >= 1: the re-indexing sum_j sum_{i<=j} f_i = sum_i (k - i) f_i for every f (its generating "
                  "polynomial f_i = x^i, summed in closed form with k symbolic); the zero sets (sums of squares with "
                  "weights k - i >= 1)")
def reindex(ctx):
    k = sp.Symbol("k", integer=True, positive=True)
    i, j = sp.symbols("i j", integer=True, nonnegative=True)
    x = sp.Symbol("x")
    ctx.step("Both sides are linear in (f_0, ..., f_{k-1}): they agree for every f iff the coefficient of each f_q "
             "agrees, iff they agree for f_i = x^i as polynomials in x (the coefficient of x^q is that of f_q).")
    lhs = sp.Sum(sp.Sum(x ** i, (i, 0, j)), (j, 0, k - 1)).doit()
    rhs = sp.Sum((k - i) * x ** i, (i, 0, k - 1)).doit()
    ctx.step("SymPy, k symbolic: sum_{j=0}^{k-1} sum_{i=0}^{j} x^i =", lhs)
    ctx.step("SymPy, k symbolic: sum_{i=0}^{k-1} (k - i) x^i =", rhs)
    ctx.identity("sum_{j=0}^{k-1} sum_{i=0}^{j} x^i = sum_{i=0}^{k-1} (k - i) x^i for every x and every k >= 1", lhs, rhs)
    r = sp.Symbol("r", integer=True, nonnegative=True)
    ctx.step("The weights: for 0 <= i <= k - 1 write i = k - 1 - r with r >= 0; then k - i - 1 =",
             sp.expand((k - i - 1).subs(i, k - 1 - r)))
    ctx.sign("k - i - 1 >= 0 for i = k - 1 - r, r >= 0: every weight k - i is >= 1",
             sp.expand((k - i - 1).subs(i, k - 1 - r)), "nonnegative")
    ctx.step("With f_i = (CA^iB - w_i)^2 >= 0 and weights k - i >= 1, (D.3) vanishes iff every f_i does, iff (3.4) "
             "vanishes: the same (global) minimizers, the zero set.")


d2_chain = paper.claim(
    "app_d2", kind="proof-step", label="App. D.2 (weighted residual chain)", where="App. D.2",
    statement=r"""The same is true for the case of the weighted loss, specifically, if the loss $\leq \delta$, then for all $i = 0, \dots, k-1$, $\sqrt{(k-i)}(\mathbf{CA}^i\mathbf{B} - w_i) \leq \sqrt{\delta}$. Since $k-i \geq 1$ for $i = 0, \dots, k-1$ we have $(\mathbf{CA}^i\mathbf{B} - w_i) \leq \sqrt{(k-i)}(\mathbf{CA}^i\mathbf{B} - w_i) \leq \sqrt{\delta}$ and the remainder of the proof is the same.""",
    assumptions=[r"(D.3) $\le \delta$", r"$i \in \{0, \dots, k-1\}$"],
    uses=["eq_d3"],
    printed={"left_factor": 1},
    variables={"r": sr.real(text="the residual CA^iB - w_i (every real value occurs)"), "k": D.k,
               "i": sr.integer(0, text="0 <= i <= k - 1"), "delta": sr.nonnegative()},
    conclusions=[("weighted", "(D.3) <= delta implies sqrt(k-i)(CA^iB - w_i) <= sqrt(delta) for i = 0, ..., k-1",
                  "inequality"),
                 ("chain", "(CA^iB - w_i) <= sqrt(k-i)(CA^iB - w_i) <= sqrt(delta), since k - i >= 1", "inequality")],
)


def _d2_replay(params, dps, printed):
    r, k, i = sp.Rational(params["r"]), int(params["k"]), int(params["i"])
    lhs = printed["left_factor"] * r
    mid = sp.sqrt(k - i) * r
    return {"violated": bool(sp.simplify(lhs - mid) > 0), "values": {"(CA^iB - w_i)": lhs, "sqrt(k-i)(CA^iB - w_i)": mid}}


def _d2_recheck(params, dps, printed):
    c = model.mp(dps)
    r = c.mpf(sp.Rational(params["r"]).p) / sp.Rational(params["r"]).q
    k, i = int(params["k"]), int(params["i"])
    return {"violated": bool(printed["left_factor"] * r > c.sqrt(k - i) * r), "values": {"mid": c.sqrt(k - i) * r}}


@d2_chain.hypothesis("range", r"$0 \le i \le k-1$ and the weighted loss with residual r at i is $\le \delta$")
def _d2_range(p):
    k, i, r, delta = int(p["k"]), int(p["i"]), sp.Rational(p["r"]), sp.Rational(p["delta"])
    return bool(0 <= i < k and (k - i) * r ** 2 <= delta), f"k={k}, i={i}, (k-i) r^2 = {(k - i) * r ** 2} <= delta = {delta}"


@d2_chain.check(layer="numeric", method="exact; sign cases", replay=_d2_replay, recheck=_d2_recheck, about="chain",
                evaluators=("SymPy exact", "mpmath"),
                scope="the first inequality r <= sqrt(k-i) r for both signs of the residual r")
def signs(ctx):
    w = {"r": "-1", "k": "2", "i": "0", "delta": "2"}
    out = _d2_replay(w, ctx.dps, ctx.printed)
    ctx.step("For r >= 0 it holds (sqrt(k-i) >= 1); for r < 0 and k - i > 1 it reverses.")
    if out["violated"]:
        ctx.refute("(CA^iB - w_i) <= sqrt(k-i)(CA^iB - w_i) fails for a negative residual", w,
                   certificate="exact: -1 > -sqrt(2)")
    else:
        ctx.exact_predicate("r <= sqrt(k-i) r at r = -1", True)


d2_abs = paper.correction(
    "app_d2_abs", corrected_from="app_d2", label="App. D.2 with absolute values", where="App. D.2",
    statement=r"""If (D.3) $\le \delta$ then $|\mathbf{CA}^i\mathbf{B} - w_i| \le \sqrt{k-i}\,|\mathbf{CA}^i\mathbf{B} - w_i| \le \sqrt{\delta}$ for $i = 0, \dots, k-1$.""",
    # keyed by the check's symbols: s = k - i - 1 >= 0 (an integer, widened to every real s >= 0), t = |CA^iB - w_i|
    variables={"s": sr.nonnegative(text="s = k - i - 1 >= 0"), "t": sr.nonnegative(text="t = |CA^iB - w_i|")},
    conclusions=[("first", "|CA^iB - w_i| <= sqrt(k-i)|CA^iB - w_i|", "inequality"),
                 ("second", "sqrt(k-i)|CA^iB - w_i| <= sqrt(delta) when (D.3) <= delta", "inequality")],
)


@d2_abs.check(layer="symbolic", method="SymPy assumptions", about="first",
              scope="|r| <= sqrt(m)|r| for every m = k - i >= 1 (m = 1 + s, s >= 0): sqrt(m)|r| - |r| = s|r|/(sqrt(1+s)+1); "
                    "the second inequality is one term of the sum (D.3) <= delta")
def abs_chain(ctx):
    t, s_ = sp.symbols("t s", nonnegative=True)
    ctx.sign("sqrt(1+s) t - t = s t / (sqrt(1+s) + 1) >= 0", s_ * t / (sp.sqrt(1 + s_) + 1), "nonnegative")
    ctx.identity("sqrt(1+s) t - t = s t / (sqrt(1+s) + 1)", sp.sqrt(1 + s_) * t - t, s_ * t / (sp.sqrt(1 + s_) + 1))


d3_sym = paper.claim(
    "app_d3", kind="proof-step", label="App. D.3 (symmetries preserved)", where="App. D.3",
    statement=r"""The proof of the implicit bias for balancedness involve the gradients of the population loss defined in Equation 3.4. For the weighted population loss the gradients differ, but the symmetries are all preserved (the gradient computation boils down to adding an external summation to the terms computed in Section E.1.4. The same steps described in Section E.4 apply for the weighted loss.""",
    uses=["eq_d3", "lemma_e4"],
    variables=D.student(k=D.k, w=sr.real(text="the teacher's impulse response w_i").family()),
    conclusions=[("symmetries", "for the weighted loss (D.3) the gradients differ but the symmetries are preserved "
                  "(balanced tangency; conservation of ||B||^2 - ||C||^2)", "property"),
                 ("e4_steps", "the steps of App. E.4 apply to the weighted loss", "property")],
)


@d3_sym.check(layer="symbolic", method="sympy.diff", about="symmetries",
              scope="(D.3) with d = 2, k = 3, symmetric A at a balanced point: dL/dB = (dL/dC)^T; general A: "
                    "d/dt(||B||^2 - ||C||^2) = 0 along the (D.3) gradient field (the two symmetries E.4 uses)")
def symmetries(ctx):
    k = 3
    wts = [k - i for i in range(k)]
    A, B, C = model.system(2, symmetric=True)
    w = sp.symbols("w0:3", real=True)
    L = S.population_loss(S.impulse_response(A, B, C, k), w, k, wts)
    sub = {C[0, i]: B[i, 0] for i in range(2)}
    ctx.identities("balanced tangency for (D.3)", [(f"entry {i}", sp.diff(L, B[i]).xreplace(sub),
                                                     sp.diff(L, C[0, i]).xreplace(sub)) for i in range(2)])
    A, B, C = model.system(2)
    L = S.population_loss(S.impulse_response(A, B, C, k), w, k, wts)
    dB = [-sp.diff(L, b) for b in B]
    dC = [-sp.diff(L, c) for c in C]
    ctx.identity("(D.3): d/dt(B^T B - C C^T) = 0 (general A)", sum(2 * b * db for b, db in zip(B, dB)),
                 sum(2 * c * dc for c, dc in zip(C, dC)))
