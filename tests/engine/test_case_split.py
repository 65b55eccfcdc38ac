"""A case split (ctx.cases, issue 19): a proof over parts of the declared domain covers the statement only when
the engine decides that the parts exhaust the domain and every case is argued over its part.

Each probe is a small claim file a user could write; before the split existed, a proof by cases could not cover a
conclusion at all (the steps of each case assume more than the declared domain: "decided over part")."""

import pytest

from symrnn import Verdict
from symrnn._cases import exhaustion_gap, parse_condition
from symrnn._errors import InvalidArgument
from symrnn._statement import integer, real

from ._claimfiles import run_claim_file


HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("cases", title="Case split probes", authors="A", venue="V")
x = sp.Symbol("x", real=True)
'''


def outcome(tmp_path, body: str, key: str = "eq1"):
    return run_claim_file(tmp_path, HEAD, body, "cases", key)


# |x| >= x over the reals: |x| = x for x >= 0 and |x| = -x >= x for x < 0
ABS = '''
c = paper.claim("eq1", kind="equation", label="(1)", statement="|x| >= x for every real x",
                variables={"x": sr.real()}, conclusions=[("bound", "|x| >= x", "inequality")])
@c.check(layer="symbolic", about=["bound"])
def by_cases(ctx):
    with ctx.cases("the sign of x", {"x < 0": x < 0, SECOND}) as case:
        with case("x < 0"):
            xn = sp.Symbol("x", negative=True)
            ctx.identity("|x| = -x", sp.Abs(xn), -xn)
            ctx.sign("|x| - x = -2x is positive", sp.Abs(xn) - xn, "positive")
        with case(LABEL):
            xp = sp.Symbol("x", nonnegative=True)
            ctx.identity("|x| = x", sp.Abs(xp), RHS)
'''


def test_a_correct_split_covers_the_statement(tmp_path):
    out, (res,) = outcome(tmp_path, ABS.replace("SECOND", '"x >= 0": x >= 0').replace("LABEL", '"x >= 0"')
                          .replace("RHS", "xp"))
    assert out.verdict is Verdict.PROVED and out.uncovered == []
    (split,) = [f for f in res.findings if f.title == "case split: the sign of x"]
    assert split.scope == "general" and "exhaust the declared domain" in split.detail
    # the cases are in the evidence: each case with its condition, its part and its steps
    (table,) = [t for t in res.tables if t.caption == "case split: the sign of x"]
    assert [r[0] for r in table.rows] == ["x < 0", "x >= 0"] and all(r[-1] == "covers its part" for r in table.rows)
    assert {f.scope for f in res.findings if f.title.startswith("[case ")} == {"case"}


def test_a_split_that_leaves_out_a_point_does_not_cover(tmp_path):
    # x < 0 and x > 0 leave out x = 0: each case is argued, but the split is over part of the domain
    out, (res,) = outcome(tmp_path, ABS.replace("SECOND", '"x > 0": x > 0').replace("LABEL", '"x > 0"')
                          .replace("RHS", "xp").replace("nonnegative=True", "positive=True"))
    assert out.verdict is not Verdict.PROVED and out.uncovered == ["bound"]
    (split,) = [f for f in res.findings if f.title.startswith("case split: the sign of x")]
    assert split.scope == "part" and "leave out x in {0}" in split.detail
    assert "leave out x in {0}" in out.coverage[0].reason


def test_a_wrong_step_inside_one_case_makes_the_claim_not_proved_and_is_no_counterexample(tmp_path):
    # "|x| = 2x for x >= 0" is a false step: a gap in that case, and the statement |x| >= x is not refuted by it
    out, (res,) = outcome(tmp_path, ABS.replace("SECOND", '"x >= 0": x >= 0').replace("LABEL", '"x >= 0"')
                          .replace("RHS", "2 * xp"))
    assert out.verdict is Verdict.INCONCLUSIVE and out.uncovered == ["bound"]
    assert res.verdict is Verdict.INCONCLUSIVE and not res.witnesses
    (split,) = [f for f in res.findings if f.title == "case split: the sign of x"]
    assert split.verdict is Verdict.INCONCLUSIVE and "x >= 0: the step '|x| = x' fails" in split.detail


def test_a_case_on_an_undeclared_symbol_is_rejected_with_a_clear_error(tmp_path):
    out, (res,) = outcome(tmp_path, '''
        y = sp.Symbol("y", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="|x| >= x", variables={"x": sr.real()})
        @c.check(layer="symbolic", full=True)
        def by_cases(ctx):
            with ctx.cases("the sign of y", {"y < 0": y < 0, "y >= 0": y >= 0}) as case:
                pass
    ''')
    assert res.verdict is Verdict.ERROR and out.verdict is not Verdict.PROVED
    assert "names y, which the statement does not quantify over" in res.error
    with pytest.raises(InvalidArgument, match="not quantify over"):
        import sympy as sp
        parse_condition("y < 0", sp.Symbol("y", real=True) < 0, {"x": real()})


def test_a_case_that_is_never_argued_does_not_cover(tmp_path):
    out, (res,) = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="|x| >= x", variables={"x": sr.real()},
                        conclusions=[("bound", "|x| >= x", "inequality")])
        @c.check(layer="symbolic", about=["bound"])
        def by_cases(ctx):
            with ctx.cases("the sign of x", {"x < 0": x < 0, "x >= 0": x >= 0}) as case:
                with case("x >= 0"):
                    ctx.identity("|x| = x", sp.Abs(sp.Symbol("x", nonnegative=True)), sp.Symbol("x", nonnegative=True))
    ''')
    assert out.verdict is Verdict.INCONCLUSIVE and "x < 0: no steps ran" in res.findings[-1].detail


def test_a_step_narrower_than_its_case_does_not_cover_the_case(tmp_path):
    # in the case x >= 0 a symbol assumed positive leaves out x = 0: widened to the case's part, the argument is part
    out, (res,) = outcome(tmp_path, ABS.replace("SECOND", '"x >= 0": x >= 0').replace("LABEL", '"x >= 0"')
                          .replace("RHS", "xp").replace("nonnegative=True", "positive=True"))
    assert out.verdict is not Verdict.PROVED
    assert "x >= 0: the step '|x| = x' is argued over less than this case's part" in res.findings[-1].detail


def test_a_fixed_value_is_substituted_and_the_point_case_covers_its_part(tmp_path):
    # h(lambda) = sin(lambda)/lambda for lambda != 0 and h(0) = 1 (the convention): h(lambda) = int_0^1 cos(lambda s) ds
    out, (res,) = outcome(tmp_path, '''
        lam = sp.Symbol("lambda", real=True)
        s = sp.Symbol("s", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="h(lambda) = int_0^1 cos(lambda s) ds",
                        variables={"lambda": sr.real()}, conclusions=[("h", "h = the integral", "identity")])
        @c.check(layer="symbolic", about=["h"])
        def by_cases(ctx):
            integral = sp.Integral(sp.cos(lam * s), (s, 0, 1))
            with ctx.cases("lambda", {"lambda != 0": sp.Ne(lam, 0), "lambda = 0": sp.Eq(lam, 0)}) as case:
                with case("lambda != 0"):
                    nz = sp.Symbol("lambda", real=True, nonzero=True)
                    ctx.identity("sin(lambda)/lambda = the integral", sp.sin(nz) / nz,
                                 sp.integrate(sp.cos(nz * s), (s, 0, 1)))
                with case("lambda = 0"):
                    ctx.identity("h(0) = 1 = the integral at 0", CONVENTION, integral.doit())
    '''.replace("CONVENTION", "1"))
    assert out.verdict is Verdict.PROVED
    # a wrong convention at the point case fails that case
    out, _ = outcome(tmp_path, '''
        lam = sp.Symbol("lambda", real=True)
        s = sp.Symbol("s", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="h(lambda) = ...",
                        variables={"lambda": sr.real()}, conclusions=[("h", "h = the integral", "identity")])
        @c.check(layer="symbolic", about=["h"])
        def by_cases(ctx):
            with ctx.cases("lambda", {"lambda != 0": sp.Ne(lam, 0), "lambda = 0": sp.Eq(lam, 0)}) as case:
                with case("lambda != 0"):
                    nz = sp.Symbol("lambda", real=True, nonzero=True)
                    ctx.identity("sin(lambda)/lambda", sp.sin(nz) / nz, sp.integrate(sp.cos(nz * s), (s, 0, 1)))
                with case("lambda = 0"):
                    ctx.identity("h(0) = 2", 2, sp.Integral(sp.cos(lam * s), (s, 0, 1)).doit())
    ''')
    assert out.verdict is not Verdict.PROVED


def test_exhaustion_is_decided_on_the_declared_domain():
    import sympy as sp

    x, n = sp.Symbol("x", real=True), sp.Symbol("n", integer=True)
    dom = {"x": real(0, None), "n": integer(1)}

    def gap(conds):
        return exhaustion_gap({k: parse_condition(k, c, dom) for k, c in conds.items()}, dom)
    assert gap({"a": x < 1, "b": x >= 1}) == ""
    assert gap({"a": x > 0, "b": x > 1}) == "the cases leave out x in {0}"     # 0 is in the declared [0, oo)
    assert gap({"a": sp.Eq(n, 1), "b": n >= 2}) == ""                          # integers: n >= 2 is all but 1
    assert gap({"a": sp.Eq(n, 1), "b": n >= 3}) == "the cases leave out n in {2} (integers)"
    # a product of conditions: both signs of both variables are needed
    y = sp.Symbol("y", real=True)
    dom2 = {"x": real(), "y": real()}
    quads = {"++": sp.And(x >= 0, y >= 0), "+-": sp.And(x >= 0, y < 0), "-+": sp.And(x < 0, y >= 0)}
    assert "the cases leave out x in Interval.open(-oo, 0) and y in Interval.open(-oo, 0)" == \
        exhaustion_gap({k: parse_condition(k, c, dom2) for k, c in quads.items()}, dom2)
    quads["--"] = sp.And(x < 0, y < 0)
    assert exhaustion_gap({k: parse_condition(k, c, dom2) for k, c in quads.items()}, dom2) == ""
    with pytest.raises(InvalidArgument, match="relates"):
        parse_condition("x < y", x < y, dom2)


def test_inside_a_case_a_plain_symbol_takes_the_cases_assumptions(tmp_path):
    # |x| = -x is false for every real x > 0, true over the case x < 0: with the plain real symbol the engine decides it
    # over the case's part; outside a case the same identity is refuted (at a positive x)
    out, (res,) = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="|x| >= x", variables={"x": sr.real()},
                        conclusions=[("bound", "|x| >= x", "inequality")])
        @c.check(layer="symbolic", about=["bound"])
        def by_cases(ctx):
            with ctx.cases("the sign of x", {"x < 0": x < 0, "x >= 0": x >= 0}) as case:
                with case("x < 0"):
                    ctx.identity("|x| = -x", sp.Abs(x), -x)
                    ctx.sign("|x| - x is positive", sp.Abs(x) - x, "positive")
                with case("x >= 0"):
                    ctx.identity("|x| = x", sp.Abs(x), x)
            ctx.identity("outside the split, |x| = -x", sp.Abs(x), -x)
    ''')
    assert res.verdict is Verdict.REFUTED and res.witnesses[0].params["x"].lstrip("-") == res.witnesses[0].params["x"]
    (split,) = [f for f in res.findings if f.title.startswith("case split:")]
    assert split.verdict is Verdict.PROVED and split.scope == "general"


def test_an_integer_split_substitutes_the_base_value_and_restricts_the_rest(tmp_path):
    # (n+1)/n <= 2 for every integer n >= 1: n = 1 by value, n >= 2 by signs (integer, positive); n >= 3 leaves out 2
    body = '''
        n = sp.Symbol("n", integer=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="(n+1)/n <= 2 for every integer n >= 1",
                        variables={"n": sr.integer(1)}, conclusions=[("bound", "(n+1)/n <= 2", "inequality")])
        @c.check(layer="symbolic", about=["bound"])
        def by_cases(ctx):
            with ctx.cases("n", {"n = 1": sp.Eq(n, 1), "n >= K": n >= K}) as case:
                with case("n = 1"):
                    ctx.identity("(n+1)/n = 2 at n = 1", (n + 1) / n, 2)
                with case("n >= K"):
                    ctx.sign("2 - (n+1)/n = (n-1)/n is nonnegative", 2 - (n + 1) / n, "nonnegative")
    '''
    out, (res,) = outcome(tmp_path, body.replace("K", "2"))
    assert out.verdict is Verdict.PROVED, res.findings
    (table,) = res.tables
    assert table.rows[0][2] == "n = 1 (substituted)" and table.rows[1][2] == "n: integer >= 2"
    out, (res,) = outcome(tmp_path, body.replace("K", "3"))
    assert out.verdict is not Verdict.PROVED and "leave out n in {2} (integers)" in res.findings[-1].title


def test_a_case_outside_its_split_is_an_error(tmp_path):
    out, (res,) = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="|x| >= x", variables={"x": sr.real()})
        @c.check(layer="symbolic", full=True)
        def by_cases(ctx):
            case = ctx.cases("the sign of x", {"x < 0": x < 0, "x >= 0": x >= 0})
            with case("x < 0"):
                ctx.identity("|x| = -x", sp.Abs(x), -x)
    ''')
    assert res.verdict is Verdict.ERROR and "outside its split" in res.error


def test_conditions_that_restrict_nothing_the_engine_can_check_are_rejected():
    import sympy as sp

    x, n = sp.Symbol("x", real=True), sp.Symbol("n", integer=True)
    dom = {"x": real(), "n": integer(1), "t": real(exists=True)}
    with pytest.raises(InvalidArgument, match="as built"):          # SymPy evaluated it from a narrow symbol
        parse_condition("x != 0", sp.Ne(sp.Symbol("x", positive=True), 0), dom)
    with pytest.raises(InvalidArgument, match="there is"):
        parse_condition("t > 0", sp.Symbol("t", real=True) > 0, dom)
    from symrnn._cases import part_domain
    with pytest.raises(InvalidArgument, match="not one range of integers"):
        (v, part), = parse_condition("n != 3", sp.Ne(n, 3), dom).items()
        part_domain("n != 3", v, dom[v], part)
    with pytest.raises(InvalidArgument, match="keeps no value"):
        (v, part), = parse_condition("x < 0 and x > 1", sp.And(x < 0, x > 1), dom).items()
        part_domain("empty", v, dom[v], part)


CHOICE = '''
c = paper.claim("eq1", kind="equation", label="(1)", statement="f_act(x) > 0 on [0, 1] for act in {a, b}",
                variables={"act": sr.one_of("a", "b"), "x": sr.real(0, 1)},
                conclusions=[("bound", "f_act(x) > 0", "inequality")])
@c.check(layer="numeric", about=["bound"])
def by_cases(ctx):
    with ctx.cases("the function", CASES) as case:
        with case("a"):
            ctx.inequality("e^x - x - 1/2 >= 0", x + sp.Rational(1, 2), sp.exp(x), {x: (0, 1)})
        with case("b"):
            ctx.inequality("x^2 + 1 >= 0", -1, x**2, {x: (0, 1)})
'''


def test_a_split_over_every_named_value_covers_a_one_of_variable(tmp_path):
    """A variable with named values (sr.one_of) is covered through a case per value, and a split whose cases end in
    Arb certificates is certified, not proved (issue 19: cayci2024.lemma1_smooth_t2 over tanh and logistic)."""
    out, (res,) = outcome(tmp_path, CHOICE.replace("CASES", '{"a": {"act": "a"}, "b": {"act": "b"}}'))
    assert out.uncovered == []
    (split,) = [f for f in res.findings if f.title == "case split: the function"]
    assert split.scope == "general" and "act" in split.over
    assert split.verdict is Verdict.CERTIFIED and out.verdict is Verdict.CERTIFIED


def test_a_split_that_leaves_out_a_named_value_does_not_cover(tmp_path):
    out, (res,) = outcome(tmp_path, CHOICE.replace("CASES", '{"a": {"act": "a"}, "b": {"act": "a"}}'))
    assert out.uncovered == ["bound"]
    (split,) = [f for f in res.findings if f.title.startswith("case split: the function")]
    assert "leave out act in {b}" in split.detail


def test_a_value_the_variable_does_not_take_is_an_error(tmp_path):
    out, (res,) = outcome(tmp_path, CHOICE.replace("CASES", '{"a": {"act": "a"}, "b": {"act": "c"}}'))
    assert res.verdict is Verdict.ERROR and "act takes the values a, b, not c" in res.error
