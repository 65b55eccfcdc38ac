"""Appendix A: necessity of the lower bound on the training length (Lemma A.1, Corollary A.2)."""

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import domains as D
from . import paper

S = sr.symbolic
M = sr.numeric

lemmaA1 = paper.claim(
    "lemma_a1", kind="lemma", label="Lemma A.1", where="App. A",
    statement=r"""For any $\hat{d} \in \mathbb{N}$, there exist two configurations of teacher parameters $\hat{\Theta}_1 = (\hat{A}_1, \hat{B}_1, \hat{C}_1)$ and $\hat{\Theta}_2 = (\hat{A}_2, \hat{B}_2, \hat{C}_2)$, both balanced (Definition 4), stable (meaning the eigenvalues of $\hat{A}_1$ and $\hat{A}_2$ are in $[-1, 1]$) and non-degenerate (meaning the input-output mappings realized by $\hat{\Theta}_1$ and $\hat{\Theta}_2$ are not identically zero), such that:
$$\hat{B}_1 \hat{A}_1^j \hat{C}_1 = \hat{B}_2 \hat{A}_2^j \hat{C}_2 \text{ for all } j = 0, 1, \dots, 2\hat{d} - 2,$$
and yet:
$$\hat{B}_1 \hat{A}_1^j \hat{C}_1 \neq \hat{B}_2 \hat{A}_2^j \hat{C}_2 \text{ for } j = 2\hat{d} - 1.$$""",
    uses=["def4", "lemma7", "ext_wu_yang_lemma30"],
    notes="As printed the products are written B^ A^^j C^ (a d^ x d^ matrix for d^ > 1); with B^ = C^^T balanced, "
          "B^ A^^j C^ is the outer-product matrix and C^ A^^j B^ = tr(B^ A^^j C^) the impulse response. The check "
          "evaluates both readings at the witnesses: the scalar C^A^^jB^ (the evident meaning) and the printed "
          "matrices (they agree/disagree exactly when the traces do only if d^ = 1; recorded).",
)


def lemma_a1_teachers(dh, kind="equispaced"):
    """Two d^-atomic probability measures on [-1, 1] agreeing on moments 0..2d^-2, differing on 2d^-1:
    divided-difference weights on 2d^ points (alternating signs), positive / negative parts normalized."""
    n = 2 * dh
    if kind == "equispaced":
        pts = [Fraction(-1) + Fraction(2 * i, n - 1) for i in range(n)]
    else:                                             # rational points near the Chebyshev nodes
        import math
        pts = sorted({Fraction(round(1000 * math.cos(math.pi * (2 * i + 1) / (2 * n))), 1000) for i in range(n)})
    return M.moment_matching_pair(pts)


def realize(mu):
    """Balanced diagonal realization: A^ = diag(atoms), B^ = C^^T = sqrt(weights) (sympy exact)."""
    A = sp.diag(*[sp.Rational(a.numerator, a.denominator) for a in mu.atoms])
    B = sp.Matrix([sp.sqrt(sp.Rational(w.numerator, w.denominator)) for w in mu.weights])
    return A, B, B.T


@lemmaA1.check(layer="symbolic", method="exact construction (divided differences), SymPy",
               scope="d^ = 1..6 (equispaced points) and d^ = 1..4 (Chebyshev-like points): explicit balanced, stable, "
                     "non-degenerate diagonal teachers; responses compared exactly for j <= 2d^ - 1")
def witnesses(ctx):
    rows = []
    top = 4 if ctx.quick else 6
    for kind in ("equispaced", "chebyshev"):
        for dh in range(1, (top if kind == "equispaced" else 4) + 1):
            mu, nu = lemma_a1_teachers(dh, kind)
            (A1, B1, C1), (A2, B2, C2) = realize(mu), realize(nu)
            h1 = S.impulse_response(A1, B1, C1, 2 * dh)
            h2 = S.impulse_response(A2, B2, C2, 2 * dh)
            ok = (mu.support_size == dh == nu.support_size and all(abs(a) <= 1 for a in mu.atoms + nu.atoms)
                  and h1[0] == 1 == h2[0] and all(sp.simplify(h1[j] - h2[j]) == 0 for j in range(2 * dh - 1))
                  and sp.simplify(h1[-1] - h2[-1]) != 0)
            rows.append((kind, dh, ", ".join(str(a) for a in mu.atoms), ", ".join(str(a) for a in nu.atoms),
                         str(sp.nsimplify(h1[-1] - h2[-1]))))
            if not ok:
                ctx.inconclusive("Lemma A.1 witnesses", f"construction failed at d^={dh} ({kind})")
                return
    ctx.table("Teacher pairs (atoms of Theta^_1, Theta^_2) and the difference of the (2d^-1)-th responses",
              ("points", "d^", "atoms 1", "atoms 2", "h1 - h2 at j = 2d^-1"), rows)
    ctx.exact_predicate(f"{len(rows)} exact pairs: balanced, stable, C^B^ = 1, equal for j <= 2d^-2, different at 2d^-1",
                        True)
    # the printed order of the product: B^ A^^j C^ is a d^ x d^ matrix; its trace is the response
    mu, nu = lemma_a1_teachers(2)
    (A1, B1, C1), (A2, B2, C2) = realize(mu), realize(nu)
    ctx.step("Printed product B^_1 A^_1^0 C^_1 for d^ = 2 (a 2 x 2 matrix; its trace is C^B^):", B1 * C1)


ext_wu_yang_lemma30 = paper.claim(
    "ext_wu_yang_lemma30", kind="lemma", label="Wu & Yang (2020), Lemma 30 (imported)", where="App. A",
    statement=r"""(As invoked) there exist two $\hat{d}$-atomic distributions supported on $[-1, 1]$ which agree on their first $2\hat{d} - 2$ moments yet disagree on their $(2\hat{d} - 1)$'th moment.""",
    uses=[],
    variables={"dh": D.dh},
    conclusions=[("pair", "for every d^ there are two d^-atomic distributions on [-1, 1] with equal moments up to 2d^ - 2 "
                  "and different (2d^ - 1)-th moments", "property")],     # for every d^: not one exhibit
)


@ext_wu_yang_lemma30.check(layer="symbolic", method="divided differences (exact)", about="pair",
                           scope="d^ = 1..8: sum_j c_j x_j^m = 0 for m <= 2d^-2, = 1 for m = 2d^-1, signs alternate")
def divided(ctx):
    for dh in range(1, 9):
        n = 2 * dh
        pts = [Fraction(-1) + Fraction(2 * i, n - 1) for i in range(n)]
        c = M.divided_difference_weights(pts)
        sums = [sum(cj * x ** m for cj, x in zip(c, pts)) for m in range(n)]
        ctx.exact(f"d^={dh}: sums of c_j x_j^m, m < 2d^", tuple(sums), tuple([0] * (n - 1) + [1]))
        ctx.exact_predicate(f"d^={dh}: signs alternate", all(c[i] * c[i + 1] < 0 for i in range(n - 1)))


corA2 = paper.claim(
    "cor_a2", kind="corollary", label="Corollary A.2", where="App. A",
    statement=r"""Assume the conditions of Theorem 5, but with $k > 2\hat{d}$ replaced by $k \leq 2\hat{d} - 1$. Then, the stated result does not hold, i.e. GF may converge to a point $\Theta^*$ satisfying $\mathcal{L}(\Theta^*) = 0$ which does not extrapolate (Definition 2). Similarly, replacing $k > 2\hat{d}$ by $k \leq 2\hat{d} - 1$ in the conditions of Theorem 8 renders the stated result false, meaning there exist $\epsilon > 0$ and $q \in \mathbb{N}$ such that for every $\delta > 0$, there is some $\Theta$ satisfying $\mathcal{L}(\Theta) \leq \delta$ which does not $\epsilon$-extrapolate with horizon $q$.""",
    uses=["lemma_a1", "thm5", "thm8"],
    variables={**D.TEACHER, **D.STUDENT, "k": sr.integer(1, text="k <= 2 d^ - 1"),
               "init": sr.given("a balanced initialization of GF (3.6)")},
    conclusions=[("thm5_fails", "with k <= 2d^ - 1 Theorem 5 fails: GF may converge to a point Theta* with L(Theta*) = 0 "
                  "that does not extrapolate", "property"),
                 ("thm8_fails", "with k <= 2d^ - 1 Theorem 8 fails: there are eps > 0 and q in N such that for every "
                  "delta > 0 some Theta with L(Theta) <= delta does not eps-extrapolate with horizon q", "property")],
)


@corA2.check(layer="symbolic", method="exact: identical losses, zero-loss balanced non-extrapolating students",
             about=("thm5_fails", "thm8_fails"),
             scope="d^ = 1, 2, 3, k = 2d^ - 1: the two Lemma A.1 teachers give the same loss polynomial (3.4) in Theta "
                   "(student d = k + 1, symmetric A, d = 2 for the polynomial identity), and the balanced realization of "
                   "teacher 2 padded with zero-weight atoms (d = k + 1 > k) has zero loss against teacher 1 but differs "
                   "at j = 2d^ - 1 (explicit eps = |difference| / 2, q = 2d^)")
def same_loss(ctx):
    rows = []
    for dh in (1, 2, 3):
        k = 2 * dh - 1
        mu, nu = lemma_a1_teachers(dh)
        w1, w2 = mu.moments(2 * dh), nu.moments(2 * dh)
        ctx.exact(f"d^={dh}: teacher responses agree for j < k = {k}", tuple(w1[:k]), tuple(w2[:k]))
        A, B, C = S.symbolic_system(2, symmetric=True, balanced=True)
        h = S.impulse_response(A, B, C, k)
        ctx.identity(f"d^={dh}: L_1(Theta) = L_2(Theta) as polynomials (d = 2)",
                     S.population_loss(h, [sp.Rational(x.numerator, x.denominator) for x in w1], k),
                     S.population_loss(h, [sp.Rational(x.numerator, x.denominator) for x in w2], k))
        # student: teacher 2 realized, padded to d = k + 1 atoms with zero weight
        d = k + 1
        atoms = list(nu.atoms) + [Fraction(0)] * (d - nu.support_size)
        weights = list(nu.weights) + [Fraction(0)] * (d - nu.support_size)
        student = M.DiscreteMeasure.of(atoms, weights)
        L = sum((student.moment(j) - w1[j]) ** 2 for j in range(k))
        gap = abs(student.moment(2 * dh - 1) - w1[2 * dh - 1])
        rows.append((dh, k, d, L, gap, gap / 2, 2 * dh))
        ctx.exact_predicate(f"d^={dh}: zero loss and a gap at j = 2d^-1", L == 0 and gap > 0)
    ctx.table("Zero-loss balanced students that do not extrapolate (exact)", ("d^", "k", "d", "L", "gap", "eps", "q"), rows)
    ctx.step("The second sentence follows with delta arbitrary: L = 0 <= delta and |h_q-1 - w_q-1| = gap > eps.")
