"""A certificate in new coordinates (ctx.reparametrised, issue 19): it covers a conclusion only when the engine itself
decides that the declared domain maps into the box (each coordinate's range, the claim's relations as code, pieces that
exhaust the range of their split) and that the certified expression composed with the map is the statement's.

Before it existed a certificate over a reduced box (v = w/a, s = 1/a, H = tanh(u x)) could not cover a statement in the
declared variables at all: its box names no declared variable's domain."""

import sympy as sp

from symrnn import Verdict
from symrnn._reparam import coordinate_range
from symrnn._statement import positive, real

from ._claimfiles import run_claim_file


HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("reparam", title="Reparametrisation probes", authors="A", venue="V")
a = sp.Symbol("a", positive=True)
w, u = sp.Symbol("w", real=True), sp.Symbol("u", real=True)
x = sp.Symbol("x", real=True)
v, s, b, H = sp.symbols("v s b H", real=True)
'''


def outcome(tmp_path, body: str, key: str = "eq1"):
    out, results = run_claim_file(tmp_path, HEAD, body, "reparam", key)
    (res,) = [r for r in results if r.check == "through"]
    return out, res


# 1 - (w/a)^2 >= 0 for every a > 0 and |w| <= a, certified as 1 - v^2 >= 0 on v in [-1, 1] with v = w/a
SCALED = '''
c = paper.claim("eq1", kind="equation", label="(1)", statement="1 - (w/a)^2 >= 0 for a > 0, |w| <= BOUND",
                variables={"a": sr.positive(), "w": sr.real()}, RELATIONS
                conclusions=[("bound", "1 - (w/a)^2 >= 0", "inequality")])
@c.check(layer="numeric", about=["bound"])
def through(ctx):
    ctx.reparametrised("1 - (w/a)^2 >= 0 through v = w/a", ORIGINAL, (1 - v**2, {v: (-1, 1)}, {v: w / a}))
'''


def scaled(tmp_path, relation="relations=[sp.Abs(w) <= a],", original="1 - (w/a)**2"):
    return outcome(tmp_path, SCALED.replace("RELATIONS", relation).replace("ORIGINAL", original)
                   .replace("BOUND", "a"))


def test_a_correct_reparametrisation_covers_the_statement(tmp_path):
    out, res = scaled(tmp_path)
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []
    (f,) = res.findings
    assert f.scope == "general" and set(f.over) == {"a", "w"}
    assert "|w| <= a" in f.detail.replace("Abs(w) <= a", "|w| <= a") and "composed with the map" in f.detail


def test_a_map_whose_image_leaves_the_box_does_not_cover(tmp_path):
    # |w| <= 2a: v = w/a ranges over [-2, 2], outside the box [-1, 1] (and the statement is false at w = 2a)
    out, res = scaled(tmp_path, relation="relations=[sp.Abs(w) <= 2 * a],")
    assert out.verdict is not Verdict.CERTIFIED and out.uncovered == ["bound"]
    (f,) = res.findings
    assert f.verdict is Verdict.HOLDS and "(a) v = w/a in [-1, 1]" in f.detail and "[-2, 2]" in f.detail
    # without the relation as code, w is any real: the engine cannot put w/a in [-1, 1] either
    out, res = scaled(tmp_path, relation="")
    assert out.verdict is not Verdict.CERTIFIED and out.uncovered == ["bound"]
    assert "unverified" in res.findings[0].detail


def test_a_wrong_composed_identity_does_not_cover(tmp_path):
    # the certificate of 1 - v^2 says nothing of 1 - (w/a)^2 / 2 ... composed with v = w/a it is 1 - (w/a)^2, not that
    out, res = scaled(tmp_path, original="1 - (w/a)**2 / 2")
    assert out.verdict is not Verdict.CERTIFIED and out.uncovered == ["bound"]
    (f,) = res.findings
    assert f.verdict is Verdict.INCONCLUSIVE and "(b) the statement's expression = the certified expression composed with the map fails" in f.detail
    # bound=True: 1 - (w/a)^2 / 2 >= 1 - (w/a)^2 is decided, and the certificate covers it
    out, res = outcome(tmp_path, SCALED.replace("RELATIONS", "relations=[sp.Abs(w) <= a],").replace("BOUND", "a")
                       .replace("ORIGINAL", "1 - (w/a)**2 / 2").replace("{v: w / a})", "{v: w / a}), bound=True"))
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []


def test_a_relaxation_through_the_range_of_tanh_covers(tmp_path):
    out, res = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="1 - tanh(u x)^2 >= 0",
                        variables={"u": sr.real(), "x": sr.real(-1, 1)}, conclusions=[("bound", "1 - tanh^2 >= 0", "inequality")])
        @c.check(layer="numeric", about=["bound"])
        def through(ctx):
            ctx.reparametrised("1 - H^2 >= 0, H = tanh(u x)", 1 - sp.tanh(u * x)**2, (1 - H**2, {H: (-1, 1)}, {H: sp.tanh(u * x)}))
    ''')
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []
    assert "(SymPy interval arithmetic)" in res.findings[0].detail


# 3/2 - 2a/(1 + a^2) >= 0 for every a > 0: a in [0, 1] directly, a in [1, oo) as s = 1/a in [0, 1]
SPLIT = '''
c = paper.claim("eq1", kind="equation", label="(1)", statement="2a/(1 + a^2) <= 3/2 for a > 0",
                variables={"a": sr.positive()}, conclusions=[("bound", "2a/(1 + a^2) <= 3/2", "inequality")])
@c.check(layer="numeric", about=["bound"])
def through(ctx):
    ctx.reparametrised("3/2 - 2a/(1 + a^2) >= 0", sp.Rational(3, 2) - 2 * a / (1 + a**2), {
        "a <= 1": (sp.Rational(3, 2) - 2 * b / (1 + b**2), {b: (0, 1)}, {b: a}),
        "a >= 1": (sp.Rational(3, 2) - 2 * s / (1 + s**2), {s: (0, TOP)}, {s: 1 / a})}, split=a)
'''


def test_pieces_that_exhaust_the_domain_cover(tmp_path):
    out, res = outcome(tmp_path, SPLIT.replace("TOP", "1"))
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []
    assert "cover the range" in res.findings[0].detail


def test_a_piecewise_split_that_misses_part_of_the_domain_does_not_cover(tmp_path):
    # s in [0, 1/2] is a in [2, oo): a in (1, 2) is in no piece
    out, res = outcome(tmp_path, SPLIT.replace("TOP", "sp.Rational(1, 2)"))
    assert out.verdict is not Verdict.CERTIFIED and out.uncovered == ["bound"]
    (f,) = res.findings
    assert f.scope == "part" and "leave out a in Interval.open(1, 2)" in f.detail
    assert "decided over part of the declared domain" in out.coverage[0].reason


def test_coordinate_ranges_are_enclosed_exactly():
    a, w, u, x = sp.Symbol("a", positive=True), sp.Symbol("w", real=True), sp.Symbol("u"), sp.Symbol("x")
    doms = {"a": positive(), "w": real(), "u": real(), "x": real(-1, 1)}
    assert coordinate_range(w / a, doms, [sp.Abs(w) <= a])[0] == (-1, 1)
    assert coordinate_range(w / a, doms)[0] == (-sp.oo, sp.oo)       # w any real: no bound without the relation
    assert coordinate_range(sp.tanh(w * sp.tanh(u * x) + u * x), doms)[0] == (-1, 1)
    assert coordinate_range(1 / (1 + sp.exp(-u)), doms)[0] == (0, 1)
    assert coordinate_range(1 / a, doms)[0] == (0, sp.oo)


def test_relations_as_printed_reach_the_box_through_a_chain(tmp_path):
    # |w - w0| <= r and |w0| = a (a ball around +-a): |w| <= a + r, so v = w/(a + r) lies in [-1, 1]; the engine decides
    # it at the vertices of the relations' parameters, and the certificate covers a, r, w and w0
    out, res = outcome(tmp_path, '''
        r, w0 = sp.Symbol("r", positive=True), sp.Symbol("w0", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="1 - (w/(a + r))^2 >= 0 on the ball",
                        variables={"a": sr.real(0, 1, open="both"), "r": sr.positive(), "w": sr.real(), "w0": sr.real()},
                        relations=[sp.Abs(w - w0) <= r, sp.Eq(sp.Abs(w0), a)],
                        conclusions=[("bound", "1 - (w/(a + r))^2 >= 0", "inequality")])
        @c.check(layer="numeric", about=["bound"])
        def through(ctx):
            ctx.reparametrised("through v", 1 - (w / (a + r))**2, (1 - v**2, {v: (-1, 1)}, {v: w / (a + r)}))
    ''')
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []
    assert set(res.findings[0].over) == {"a", "r", "w", "w0"} and "at the vertices" in res.findings[0].detail


def test_a_bound_through_an_intermediate_expression(tmp_path):
    # 1 - w^2/(a + 1)^2 >= 1 - w^2/a^2 (a larger denominator) = 1 - v^2 composed with v = w/a: a chain of a bound
    # and an identity; without `via` neither link alone is decided, and the certificate stays evidence
    body = '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="1 - w^2/(a + 1)^2 >= 0 for |w| <= a",
                        variables={"a": sr.positive(), "w": sr.real()}, relations=[sp.Abs(w) <= a],
                        conclusions=[("bound", "1 - w^2/(a + 1)^2 >= 0", "inequality")])
        @c.check(layer="numeric", about=["bound"])
        def through(ctx):
            ctx.reparametrised("through v", 1 - w**2 / (a + 1)**2, (1 - v**2, {v: (-1, 1)}, {v: w / a}), bound=True, VIA)
    '''
    out, res = outcome(tmp_path, body.replace("VIA", "via=[1 - w**2 / a**2]"))
    assert out.verdict is Verdict.CERTIFIED and out.uncovered == []
    assert "the difference is >= 0" in res.findings[0].detail
    out, res = outcome(tmp_path, body.replace("VIA", "via=[1 - w**2 / (a + 2)**2]"))      # a wrong direction
    assert out.verdict is not Verdict.CERTIFIED and out.uncovered == ["bound"]


def test_a_witness_that_breaks_a_declared_relation_is_no_counterexample(tmp_path):
    # the statement holds on |w| <= a; a check that offers w = 2, a = 1 (the searches keep to the relation since,
    # test_the_search_draws_its_points_inside_the_declared_relations) offers no counterexample
    out, res = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="w^2 <= a^2 for |w| <= a",
                        variables={"a": sr.positive(), "w": sr.real()}, relations=[sp.Abs(w) <= a],
                        conclusions=[("bound", "w^2 <= a^2", "inequality")])
        def _replay(p, dps):
            return {"violated": sp.Rational(p["w"]) ** 2 > sp.Rational(p["a"]) ** 2, "values": {}}
        def _recheck(p, dps):
            return {"violated": float(p["w"]) ** 2 > float(p["a"]) ** 2, "values": {}}
        @c.check(layer="numeric", about=["bound"], replay=_replay, recheck=_recheck)
        def through(ctx):
            ctx.refute("w^2 > a^2 at w = 2, a = 1", {"a": "1", "w": "2"}, certificate="exact integers: 4 > 1")
    ''')
    assert out.verdict is not Verdict.REFUTED and not res.witnesses
    assert "the declared relation Abs(w) <= a fails there" in res.findings[-1].detail


def test_enclosures_refuse_what_they_cannot_bound_soundly():
    from symrnn._reparam import enclosure
    x, y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)
    doms = {x: (-1, 1), y: (0, sp.oo)}
    assert enclosure(sp.sqrt(x), doms) is None              # a fractional power of a base that may be negative
    assert enclosure(sp.floor(x), doms) is None             # not a continuous function the engine knows the range of
    assert enclosure(x ** y, doms) is None                  # a variable exponent
    assert enclosure(1 / x, doms) == (-sp.oo, sp.oo)        # a pole inside: nothing bounded is claimed
    lo, hi = enclosure(sp.exp(-y) + x ** 2, doms)
    assert lo == 0 and hi == 2


def test_the_ledger_records_the_declared_relations(tmp_path):
    """A claim's relations belong to its statement as code: the ledger carries them beside the variables."""
    from symrnn._ledger import ledger_dict

    out, _ = scaled(tmp_path)
    data = ledger_dict(out.claim.paper, [out], dps=30, seed=0, quick=True)
    (entry,) = data["claims"]
    assert entry["relations"] == ["Abs(w) <= a"]
    assert set(entry["variables"]) == {"a", "w"}


RELATED = '''
c = paper.claim("eq1", kind="equation", label="(1)", statement="w^2 <= a^2 / K for |w| <= a",
                variables={"a": sr.positive(), "w": sr.real()}, relations=[sp.Abs(w) <= a],
                conclusions=[("bound", "w^2 <= a^2 / K", "inequality")])
@c.check(layer="numeric", about=["bound"])
def through(ctx):
    ctx.inequality("w^2 <= a^2 / K", w**2, a**2 / K, {w: (-sp.oo, sp.oo), a: (0, sp.oo)})
'''


def test_the_search_draws_its_points_inside_the_declared_relations(tmp_path):
    """Issue 19: ctx.inequality searched the box of the variables' domains, so a statement true under its relation
    |w| <= a ended inconclusive on witnesses outside it; now the search keeps to the relation. A statement false
    inside the relation is still refuted, at a point that satisfies it."""
    out, res = outcome(tmp_path, RELATED.replace("K", "1"))
    assert out.verdict is Verdict.HOLDS
    (f,) = res.findings
    assert "break a declared relation (Abs(w) <= a) and were excluded" in f.detail
    out, res = outcome(tmp_path, RELATED.replace("K", "2"))
    assert out.verdict is Verdict.REFUTED
    (wit,) = res.witnesses
    assert abs(sp.Rational(wit.params["w"])) <= sp.Rational(wit.params["a"])
