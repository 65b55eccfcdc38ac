"""`ctx.recurrence`: a closed form with sums and products over ranges affine in n is proved to be the sequence of a
first-order recursion for every n (base case exactly, the step for symbolic n after splitting the moving ranges at
their ends); a wrong closed form, a wrong base or a range that would not read as printed is never proved (issue 19
item 6: "for every t" by induction with a symbolic step)."""

from symrnn import Verdict

from ._claimfiles import run_claim_file

HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("rec", title="Recursion probes", authors="A", venue="V")
t, k, l = sp.symbols("t k l", integer=True)
w = sp.Symbol("w", real=True)
X, I = sp.IndexedBase("X", real=True), sp.IndexedBase("I", real=True)
VARS = {"t": sr.integer(1), "w": sr.real(), "X": sr.real(), "I": sr.real()}
GEOMETRIC = {"t": sr.integer(1), "w": sr.real(), "X": sr.real()}
# Proposition 1 of Cayci and Eryilmaz: sum_{k=0}^{t-1} W^k X_{t-k-1} I_{t-1} ... I_{t-k-1}
PROP1 = sp.Sum(w**k * X[t - k - 1] * sp.Product(I[l], (l, t - k - 1, t - 1)), (k, 0, t - 1))
STEP = lambda prev, t: (w * prev + X[t - 1]) * I[t - 1]
'''


def outcome(tmp_path, call: str, variables: str = "VARS"):
    body = f'''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables={variables})
        @c.check(layer="symbolic", full=True)
        def every_t(ctx):
            ctx.recurrence("sum form", {call})
    '''
    return run_claim_file(tmp_path, HEAD, body, "rec", "eq1")[0]


def test_proposition_1s_sum_satisfies_its_recursion_for_every_t(tmp_path):
    out = outcome(tmp_path, "PROP1, STEP, t, start=1, base=X[0] * I[0]")
    assert out.verdict is Verdict.PROVED, out.results[0].findings
    f = out.results[0].findings[-1]
    assert f.scope == "general" and {"t", "w", "X", "I"} <= set(f.over)
    assert "induction on t from 1" in f.detail


def test_a_geometric_sum_written_from_the_top(tmp_path):
    # sum_{k=1}^{t} w^(t-k) X_k: a_t = w a_{t-1} + X_t, a_1 = X_1 (the outer sum split at its top)
    out = outcome(tmp_path, "sp.Sum(w**(t - k) * X[k], (k, 1, t)), lambda p, t: w * p + X[t], t, base=X[1]",
                  "GEOMETRIC")
    assert out.verdict is Verdict.PROVED, out.results[0].findings


def test_a_wrong_power_is_not_proved(tmp_path):
    bad = "sp.Sum(w**(k + 1) * X[t - k - 1] * sp.Product(I[l], (l, t - k - 1, t - 1)), (k, 0, t - 1))"
    out = outcome(tmp_path, f"{bad}, STEP, t, base=X[0] * I[0]")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "base" in out.results[0].findings[-1].detail


def test_a_wrong_step_is_not_proved(tmp_path):
    # the right base, a recursion the sum does not satisfy (X_{t-1} without the factor I_{t-1})
    out = outcome(tmp_path, "PROP1, lambda p, t: w * p * I[t - 1] + X[t - 1], t, base=X[0] * I[0]")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "does not reduce to 0" in out.results[0].findings[-1].detail


def test_a_range_that_is_reversed_at_the_start_is_not_read(tmp_path):
    # sum_{k=0}^{t-3}: at t = 1 the range is empty by two terms, where SymPy's convention subtracts a term
    out = outcome(tmp_path, "sp.Sum(X[k], (k, 0, t - 3)), lambda p, t: p + X[t - 3], t, base=0", "GEOMETRIC")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "read as printed" in out.results[0].findings[-1].detail


def test_a_narrower_symbol_proves_part_only(tmp_path):
    wp = "sp.Symbol('w', positive=True)"
    out = outcome(tmp_path, f"sp.Sum({wp}**(t - k) * X[k], (k, 1, t)), lambda p, t: {wp} * p + X[t], t, base=X[1]",
                  "GEOMETRIC")
    assert out.verdict is not Verdict.PROVED
    assert out.results[0].findings[-1].scope == "part"


def test_a_sequence_from_zero_with_an_empty_sum_at_the_start(tmp_path):
    # sum_{k<t} w^k from t = 0 (the empty sum is the base 0): a_t = 1 + w a_{t-1}
    out = outcome(tmp_path, "sp.Sum(w**k, (k, 0, t - 1)), lambda p, t: 1 + w * p, t, start=0, base=0",
                  "{'t': sr.integer(0), 'w': sr.real()}")
    assert out.verdict is Verdict.PROVED, out.results[0].findings


def test_a_recursion_with_a_range_reversed_where_it_is_evaluated_is_not_read(tmp_path):
    # the recursion's own sum_{j=0}^{t-4} is empty by two at t = 2 (SymPy's convention would subtract a term there)
    step = "lambda p, t: p + X[t - 1] + sp.Sum(X[l], (l, 0, t - 4)) - sp.Sum(X[k], (k, 0, t - 4))"
    out = outcome(tmp_path, f"sp.Sum(X[k], (k, 0, t - 1)), {step}, t, base=X[0]", "GEOMETRIC")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "of the recursion" in out.results[0].findings[-1].detail


def test_a_product_indexed_from_the_present_backwards(tmp_path):
    # sum_{k=0}^{t-1} W^k X_{t-k-1} prod_{s=0}^{k} I_{t-s-1}: the same sequence as PROP1 with its product reindexed
    # (the inner product's range does not move with t, its terms do: split at its bottom)
    closed = "sp.Sum(w**k * X[t - k - 1] * sp.Product(I[t - l - 1], (l, 0, k)), (k, 0, t - 1))"
    out = outcome(tmp_path, f"{closed}, STEP, t, start=1, base=X[0] * I[0]")
    assert out.verdict is Verdict.PROVED, out.results[0].findings
