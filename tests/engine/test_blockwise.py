"""`ctx.blockwise`: a sum over 1..m regrouped over the blocks of a partition (rates constant on a block, coefficient
sums prescribed), proved for every m and partition only when the summand is a_i g(w_i) and the block sums reduce to
the claimed value; anything else stays undecided (issue 19 item 6: "for every m" where the mathematics allows)."""

from symrnn import Verdict

from ._claimfiles import run_claim_file

HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("blk", title="Block probes", authors="A", venue="V")
a, a_s = sp.IndexedBase("a", real=True), sp.IndexedBase("astar", real=True)
w, w_s, v = sp.IndexedBase("w", positive=True), sp.IndexedBase("wstar", positive=True), sp.IndexedBase("v", positive=True)
i, j, r, k = sp.symbols("i j r k", integer=True, positive=True)
m, ms = sp.symbols("m mstar", integer=True, positive=True)
i0 = sp.Symbol("i_0", integer=True, nonnegative=True)
n = sp.Symbol("n", integer=True, positive=True)
t = sp.Symbol("t", real=True)
VARS = {"m": sr.integer(1), "mstar": sr.integer(1), "n": sr.integer(1), "k": sr.integer(1), "a": sr.real(),
        "w": sr.positive(), "astar": sr.real(), "wstar": sr.positive(), "v": sr.positive(),
        "P": sr.given("a partition of [m] into m* blocks I_j and i_0 blocks I_{0,r}")}
VARS_T = {**{x: d for x, d in VARS.items() if x not in ("n", "k")}, "t": sr.real()}
BLOCKS = [(ms, j, w_s[j], a_s[j]), (i0, r, v[r], 0)]
TARGET = sp.Sum(a_s[j] / (w[k] + w_s[j]) ** n, (j, 1, ms))
'''


def outcome(tmp_path, call: str, variables: str = "VARS"):
    body = f'''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables={variables})
        @c.check(layer="symbolic", full=True)
        def every_partition(ctx):
            ctx.blockwise("regrouped", {call}, index=i, size=m, coefficient=a, rate=w, blocks=BLOCKS)
    '''
    return run_claim_file(tmp_path, HEAD, body, "blk", "eq1")[0]


def test_a_sum_regrouped_over_the_blocks_is_proved_for_every_m_and_partition(tmp_path):
    out = outcome(tmp_path, "a[i] / (w[k] + w[i]) ** n, TARGET")
    assert out.verdict is Verdict.PROVED, out.results[0].findings
    f = out.results[0].findings[-1]
    assert f.scope == "general" and {"m", "mstar", "i_0", "P", "n", "k", "a", "w", "astar", "wstar", "v"} <= set(f.over)


def test_the_exponential_sum_of_lemma_30_on_a_partition(tmp_path):
    out = outcome(tmp_path, "a[i] * sp.exp(-w[i] * t), sp.Sum(a_s[j] * sp.exp(-w_s[j] * t), (j, 1, ms))",
                  "VARS_T")
    assert out.verdict is Verdict.PROVED, out.results[0].findings


def test_a_wrong_value_is_not_proved(tmp_path):
    # the blocks I_{0,r} contribute 0, the target blocks a*_j g(w*_j): a claimed value with twice that is false
    out = outcome(tmp_path, "a[i] / (w[k] + w[i]) ** n, 2 * TARGET")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "does not reduce" in out.results[0].findings[-1].detail


def test_a_summand_not_linear_in_the_coefficient_is_not_regrouped(tmp_path):
    # sum_i a_i^2 over a block is not (sum_i a_i)^2: the block sums do not determine it
    out = outcome(tmp_path, "a[i] ** 2 / (w[k] + w[i]), sp.Sum(a_s[j] ** 2 / (w[k] + w_s[j]), (j, 1, ms))")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "not linear and homogeneous" in out.results[0].findings[-1].detail


def test_a_summand_depending_on_the_index_itself_is_not_regrouped(tmp_path):
    # i a_i: the terms of a block are weighted by their positions, not by the block's rate
    out = outcome(tmp_path, "i * a[i] / (w[k] + w[i]), TARGET")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "otherwise than through" in out.results[0].findings[-1].detail


def test_a_family_assumed_narrower_than_declared_proves_only_part(tmp_path):
    # w declared real but built positive: the argument is made for positive rates only, so it is not general
    out = run_claim_file(tmp_path, HEAD, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...",
                        variables={**VARS, "w": sr.real()})
        @c.check(layer="symbolic", full=True)
        def every_partition(ctx):
            ctx.blockwise("regrouped", a[i] / (w[k] + w[i]) ** n, TARGET, index=i, size=m, coefficient=a, rate=w,
                          blocks=BLOCKS)
    ''', "blk", "eq1")[0]
    f = out.results[0].findings[-1]
    assert f.scope == "part" and "widened" in f.detail
    assert out.verdict is not Verdict.PROVED
