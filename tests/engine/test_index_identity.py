"""`ctx.index_identity`: identities between sums over symbolic index ranges, proved for every size by splitting
the coincidence cases of the summed and free indices (issue 19 item 6), and covering a declared statement only
when every case vanishes."""

import sympy as sp

from symrnn import Verdict
from symrnn.symbolic._index_sums import decide_index_identity, expand_sums, free_cases, map_summands

from ._claimfiles import run_claim_file


HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("idx", title="Index probes", authors="A", venue="V")
a = sp.IndexedBase("a", real=True)
w = sp.IndexedBase("w", positive=True)
i, p, q, k, l = sp.symbols("i p q k l", integer=True, positive=True)
m = sp.Symbol("m", integer=True, positive=True)
S = sp.Sum
# the Cauchy-kernel loss J = sum_{p,q} a_p a_q/(w_p + w_q) - 2 sum_p a_p c/(w_p + 1), c a constant
J = S(S(a[p] * a[q] / (w[p] + w[q]), (q, 1, m)), (p, 1, m)) - 2 * S(a[p] / (w[p] + 1), (p, 1, m))
VARS = {"m": sr.integer(1), "k": sr.integer(1), "l": sr.integer(1), "a": sr.real().family(), "w": sr.positive().family()}
VARS1 = {n: d for n, d in VARS.items() if n != "l"}
'''


def outcome(tmp_path, body: str, key: str = "eq1"):
    return run_claim_file(tmp_path, HEAD, body, "idx", key)[0]


GRADIENT = "2 * S(a[i] / (w[k] + w[i]), (i, 1, m)) - 2 / (w[k] + 1)"


def test_a_true_gradient_identity_is_proved_for_every_m(tmp_path):
    out = outcome(tmp_path, f'''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="dJ/da_k", variables=VARS1)
        @c.check(layer="symbolic", full=True)
        def every_m(ctx):
            ctx.index_identity("dJ/da_k", sp.diff(J, a[k]), {GRADIENT}, free={{k: m}}, sizes={{m: [1, 2, 3]}})
    ''')
    assert out.verdict is Verdict.PROVED, out.results[0].findings
    f = out.results[0].findings[0]
    assert f.scope == "general" and {"m", "k", "a", "w"} <= set(f.over)


def test_a_wrong_coefficient_in_the_diagonal_case_is_refuted(tmp_path):
    # true for k != l, wrong for k = l: d^2J/da_k da_l = 2/(w_k + w_l) claimed as 2/(w_k + w_l) + delta_kl/w_k
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables=VARS)
        @c.check(layer="symbolic", full=True)
        def every_m(ctx):
            ctx.index_identity("Hessian", sp.diff(J, a[k], a[l]), 2 / (w[k] + w[l]) + sp.KroneckerDelta(k, l) / w[k],
                               free={k: m, l: m}, sizes={m: [1, 2]})
    ''')
    assert out.verdict is Verdict.REFUTED
    (w,) = out.results[0].witnesses
    assert w.params["k"] == w.params["l"]


def test_the_off_diagonal_statement_is_proved_only_with_its_hypothesis(tmp_path):
    body = '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables=VARS)
        @c.check(layer="symbolic", full=True)
        def every_m(ctx):
            ctx.index_identity("d2J/da_k dw_l", sp.diff(J, a[k], w[l]), -2 * a[l] / (w[k] + w[l]) ** 2,
                               free={k: m, l: m}, sizes={m: [1, 2, 3]}, DISTINCT)
    '''
    assert outcome(tmp_path, body.replace("DISTINCT", "distinct=[(k, l)]")).verdict is Verdict.PROVED
    # without k != l the diagonal case fails (the summed term a_k/(2 w_k) contributes there)
    assert outcome(tmp_path, body.replace("DISTINCT", "distinct=()")).verdict is Verdict.REFUTED


def test_a_wrong_coefficient_in_a_summed_case_is_refuted():
    a, w = sp.IndexedBase("a", real=True), sp.IndexedBase("w", positive=True)
    i, p, q, k = sp.symbols("i p q k", integer=True, positive=True)
    m = sp.Symbol("m", integer=True, positive=True)
    J = sp.Sum(sp.Sum(a[p] * a[q] / (w[p] + w[q]), (q, 1, m)), (p, 1, m))
    lhs = sp.diff(J, w[k])
    good = -2 * a[k] * sp.Sum(a[i] / (w[k] + w[i]) ** 2, (i, 1, m))
    bad = good - a[k] * sp.Sum(a[i] / (w[k] + w[i]) ** 3, (i, 1, m))
    assert decide_index_identity(lhs, good, free={k: m}, sizes={m: [1, 2]}).verdict is Verdict.PROVED
    dec = decide_index_identity(lhs, bad, free={k: m}, sizes={m: [1, 2]})
    assert dec.verdict is Verdict.REFUTED and dec.witness["m"] in ("1", "2")


def test_a_case_that_does_not_vanish_but_holds_at_the_sizes_is_not_proved():
    # sum_{i <= m} x_i = x_1 + x_2 holds at m = 2 only: at the sizes {2} the sanity pass agrees, the cases do not
    x = sp.IndexedBase("x", real=True)
    i, m = sp.symbols("i m", integer=True, positive=True)
    dec = decide_index_identity(sp.Sum(x[i], (i, 1, m)), x[1] + x[2], free={}, sizes={m: [2]})
    assert dec.verdict is Verdict.INCONCLUSIVE


def test_instances_only_give_holds_while_the_index_identity_proves(tmp_path):
    body = f'''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="dJ/da_k", variables=VARS1)
        @c.check(layer="symbolic", full=True)
        def sizes(ctx):
            for mm in (1, 2, 3):
                Jm = J.subs(m, mm).doit()
                ctx.identities(f"m={{mm}}", [(f"k={{kk}}", sp.diff(Jm, a[kk]), ({GRADIENT}).subs({{m: mm, k: kk}}).doit())
                                            for kk in range(1, mm + 1)])
    '''
    assert outcome(tmp_path, body).verdict is Verdict.HOLDS


def test_expansion_helpers():
    x = sp.IndexedBase("x", real=True)
    i, m, k, l = sp.symbols("i m k l", integer=True, positive=True)
    terms = expand_sums((sp.Sum(x[i], (i, 1, m)) - 1) ** 2)
    assert sorted(len(t.limits) for t in terms) == [0, 1, 1, 2]
    assert len(list(free_cases({k: m, l: m}))) == 2 and len(list(free_cases({k: m, l: m}, distinct=[(k, l)]))) == 1
    t = sp.Symbol("t", positive=True)
    s = map_summands(sp.Sum(x[i] * sp.exp(-t), (i, 1, m)) ** 2, lambda f: sp.integrate(f, (t, 0, sp.oo)))
    assert sp.simplify(s.subs(m, 2).doit() - (x[1] + x[2]) ** 2 / 2) == 0


def test_indices_of_different_ranges_may_coincide():
    # d/da_k sum_{j <= n} a_j = [k <= n]: with k in 1..m and j in 1..n, "j != k" is no case split (they may be equal)
    a = sp.IndexedBase("a", real=True)
    j, k, m, n = sp.symbols("j k m n", integer=True, positive=True)
    lhs = sp.diff(sp.Sum(a[j], (j, 1, n)), a[k])
    dec = decide_index_identity(lhs, 0, free={k: m}, sizes={m: [1, 2], n: [1, 2]})
    assert dec.verdict is Verdict.REFUTED          # at k <= n the derivative is 1
    # without the sanity pass: the cases alone do not prove it (KroneckerDelta(j, k) is not 0 across the ranges)
    assert decide_index_identity(lhs, 0, free={k: m}, sizes={}).verdict is Verdict.INCONCLUSIVE


def test_a_family_assuming_more_than_its_declared_domain_covers_part_of_it_only(tmp_path):
    # w is declared real, the family assumes w > 0: the argument covers w > 0 only (the claim is not proved)
    out = outcome(tmp_path, f'''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="dJ/da_k",
                        variables={{**VARS1, "w": sr.real().family()}})
        @c.check(layer="symbolic", full=True)
        def every_m(ctx):
            ctx.index_identity("dJ/da_k", sp.diff(J, a[k]), {GRADIENT}, free={{k: m}}, sizes={{m: [1, 2]}})
    ''')
    assert out.verdict is not Verdict.PROVED
    (f,) = out.results[0].findings
    assert f.scope == "part" and "widened" in f.detail


def test_wrt_differentiates_and_the_argument_names_every_symbol_of_the_function(tmp_path):
    # d^2 J/da_k da_l no longer contains a, yet the identity is about J, an argument in a too; c is a declared constant
    # of J that the derivative drops
    out = outcome(tmp_path, '''
        c0 = sp.Symbol("c", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="d^2 (J + c sum a)/da_k da_l",
                        variables={**VARS, "c": sr.real()})
        @c.check(layer="symbolic", full=True)
        def every_m(ctx):
            ctx.index_identity("Hessian", J + c0 * S(a[p], (p, 1, m)), 2 / (w[k] + w[l]), wrt=(a[k], a[l]),
                               free={k: m, l: m}, sizes={m: [1, 2]})
    ''')
    assert out.verdict is Verdict.PROVED
    assert {"a", "c", "w", "k", "l", "m"} <= set(out.results[0].findings[0].over)
