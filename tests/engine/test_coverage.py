"""Coverage decided by the engine (issue 19): a verdict says exactly what the engine established.

Each probe is a small claim file a user could write; every test here failed on the engine before this
change (a check's `full=True` was believed, symbols' assumptions narrowed the statement, a proof beside
evidence against was a quiet `proved`, a skipped check left the claim fully checked)."""

import textwrap

import pytest
from click.testing import CliRunner

import symrnn as sr
from symrnn import Verdict
from symrnn.cli import main

from ._claimfiles import run_claim_file


HEAD = '''
import sympy as sp
import symrnn as sr
paper = sr.Paper("cov", title="Coverage probes", authors="A", venue="V")
'''


def outcome(tmp_path, body: str, key: str):
    return run_claim_file(tmp_path, HEAD, body, "cov", key)[0]


def test_a_false_identity_checked_at_instances_with_full_true_is_not_proved(tmp_path):
    # "sum_{j=1}^n j = n(n+1)/2 + (n-1)(n-2)(n-3)" is false for every n >= 4, true at n = 1, 2, 3
    out = outcome(tmp_path, '''
        n = sp.Symbol("n", integer=True, positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="sum_j j = ...", variables={n: sr.integer(1)})
        @c.check(layer="symbolic", full=True)
        def instances(ctx):
            for k in (1, 2, 3):
                ctx.exact(f"n = {k}", sum(range(1, k + 1)), sp.Rational(k * (k + 1), 2) + (k - 1) * (k - 2) * (k - 3))
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS
    assert out.status == "fully_checked"          # no ancestor blocks it; it is evidence, not a proof
    (cov,) = out.coverage
    assert not cov.covers and "instances" in cov.reason and len(cov.instances) == 3
    assert out.uncovered == ["statement"]


def test_instances_without_declared_variables_are_instances_too(tmp_path):
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="for every n ...")
        @c.check(layer="symbolic", full=True)
        def instances(ctx):
            for k in (1, 2, 3):
                ctx.exact(f"n = {k}", k * k, k * k)
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS


def test_a_float_predicate_never_proves(tmp_path):
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="0.1 + 0.2 = 0.3")
        @c.check(layer="symbolic", full=True)
        def floats(ctx):
            ctx.exact_predicate("0.1 + 0.2 == 0.3 (in floats, by luck of rounding it is False)", abs(0.1 + 0.2 - 0.3) < 1e-9)
    ''', "eq1")
    assert out.verdict is not Verdict.PROVED and out.verdict is Verdict.HOLDS



def test_a_float_predicate_does_not_prove_a_statement_without_variables(tmp_path):
    # "2^53 + 1 = 2^53" is false; in floats the comparison is True. With no variables an instance is the whole
    # statement, so an instance that proved would make this false statement `proved`
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="2^53 + 1 = 2^53", variables={})
        @c.check(layer="symbolic", full=True)
        def floats(ctx):
            ctx.exact_predicate("2^53 + 1 == 2^53", float(2 ** 53) + 1 == float(2 ** 53))
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS
    assert all(f.verdict is Verdict.HOLDS for r in out.results for f in r.findings)


def test_the_same_instance_handed_to_the_engine_exactly_is_decided(tmp_path):
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="2^53 + 1 > 2^53", variables={})
        @c.check(layer="symbolic", full=True)
        def exact(ctx):
            ctx.sign("2^53 + 1 - 2^53 > 0", sp.Integer(2) ** 53 + 1 - sp.Integer(2) ** 53, "positive")
    ''', "eq1")
    assert out.verdict is Verdict.PROVED

def test_a_symbol_assumption_narrower_than_the_declared_domain_does_not_prove(tmp_path):
    # "sqrt(x^2) = x for every real x": with x declared positive in the check, SymPy "proves" it (sqrt(x**2) is
    # built as x); the statement is over every real x, so that argument covers part of the domain only, and
    # the statement as code, which the engine decides itself over the declared domain, is refuted at a negative x
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", positive=True)
        xr = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="sqrt(x^2) = x for every real x",
                        variables={"x": sr.real()},
                        conclusions=[sr.Conclusion("eq", "sqrt(x^2) = x", expr=sp.Eq(sp.sqrt(xr ** 2), xr))])
        @c.check(layer="symbolic", full=True)
        def sq(ctx):
            ctx.identity("sqrt(x^2) = x", sp.sqrt(x ** 2), x)
    ''', "eq1")
    by_name = {r.check: r for r in out.results}
    assert by_name["sq"].findings[0].scope == "part"
    assert out.coverage[[r.check for r in out.results].index("sq")].covers == frozenset()
    assert out.verdict is Verdict.REFUTED
    (w,) = by_name["statement_eq"].witnesses
    assert float(sp_rational(w.params["x"])) < 0


def sp_rational(v):
    import sympy
    return sympy.Rational(v)


def test_a_narrow_symbol_alone_is_no_evidence_for_the_statement(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="sqrt(x^2) = x for every real x",
                        variables={"x": sr.real()})
        @c.check(layer="symbolic", full=True)
        def sq(ctx):
            ctx.identity("sqrt(x^2) = x", sp.sqrt(x ** 2), x)
    ''', "eq1")
    assert out.verdict is Verdict.INCONCLUSIVE      # an argument over x > 0 only; x <= 0 is unexamined


def test_a_conclusion_as_code_may_not_assume_more_than_its_domain(tmp_path):
    folder = tmp_path / "narrow"
    folder.mkdir()
    (folder / "cov.py").write_text(HEAD + textwrap.dedent('''
        x = sp.Symbol("x", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables={"x": sr.real()},
                        conclusions=[sr.Conclusion("eq", "sqrt(x^2) = x", expr=sp.Eq(sp.sqrt(x ** 2) + 1, x + 2, evaluate=False))])
    '''))
    r = CliRunner().invoke(main, ["list", "--path", str(folder)])
    assert r.exit_code == 2 and "more than its declared domain" in r.output


def test_the_same_identity_over_the_declared_positive_domain_is_proved(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="sqrt(x^2) = x for every x > 0",
                        variables={"x": sr.positive()},
                        conclusions=[sr.Conclusion("eq", "sqrt(x^2) = x", expr=sp.Eq(sp.sqrt(x ** 2), x, evaluate=False))])
    ''', "eq1")
    assert out.verdict is Verdict.PROVED and out.uncovered == []


def test_an_inequality_as_code_is_decided_over_its_declared_domain(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="x^2 + 1 >= 2x for every real x",
                        variables={"x": sr.real()},
                        conclusions=[sr.Conclusion("ineq", "x^2 + 1 >= 2x", expr=sp.Ge(x ** 2 + 1, 2 * x))])
    ''', "eq1")
    assert out.verdict is Verdict.PROVED
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="x^2 >= x for every real x",
                        variables={"x": sr.real()},
                        conclusions=[sr.Conclusion("ineq", "x^2 >= x", expr=sp.Ge(x ** 2, x))])
    ''', "eq1")
    assert out.verdict is Verdict.REFUTED


def test_a_proof_that_never_mentions_a_declared_variable_does_not_cover_it(tmp_path):
    out = outcome(tmp_path, '''
        x, m = sp.symbols("x m", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="for every m: ...",
                        variables={"x": sr.positive(), "m": sr.integer(1)})
        @c.check(layer="symbolic", full=True)
        def only_x(ctx):
            ctx.identity("(x+1)^2 expanded, at m = 2", (x + 1) ** 2, x ** 2 + 2 * x + 1)
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS
    assert "m" in out.coverage[0].reason


_ENTRIES = '''
        m0, m1, m = sp.symbols("m0 m1 m", positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="for every m: (m0 + m1)^2 = ... ",
                        variables={{"m": sr.integer(1){family}}})
        @c.check(layer="symbolic", full=True)
        def majorants(ctx):
            # m0, m1 are majorants of the proof, nothing to do with the declared width m
            ctx.identity("(m0 + m1)^2 expanded", (m0 + m1) ** 2, m0 ** 2 + 2 * m0 * m1 + m1 ** 2)
'''


def test_a_symbol_named_like_an_entry_covers_only_a_declared_family(tmp_path):
    # a scalar m has no entries: symbols m0, m1 of a proof are not an argument about m (the accident of App. A.1's
    # majorants, stop 34); declared a family (a vector m with coordinates m0, m1) they stand for it
    out = outcome(tmp_path, _ENTRIES.format(family=""), "eq1")
    assert out.verdict is Verdict.HOLDS
    assert "no general argument in the declared variable(s) m" in out.coverage[0].reason
    out = outcome(tmp_path, _ENTRIES.format(family=".family()"), "eq1")
    assert out.verdict is Verdict.PROVED, out.coverage


def test_a_declared_variable_named_like_an_entry_stands_for_itself_alone(tmp_path):
    # u is a family (U_i in R^d) and u0 = U_i(0) its own variable: an argument in u0 alone says nothing about u
    out = outcome(tmp_path, '''
        u0 = sp.Symbol("u0", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="for every U_i and U_i(0): ...",
                        variables={"u": sr.real(text="U_i in R^d").family(), "u0": sr.real(text="U_i(0)")})
        @c.check(layer="symbolic", full=True)
        def only_u0(ctx):
            ctx.identity("(u0 + 1)^2 expanded", (u0 + 1) ** 2, u0 ** 2 + 2 * u0 + 1)
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS
    assert "no general argument in the declared variable(s) u" in out.coverage[0].reason


def test_entries_of_a_family_and_of_its_through_names():
    from symrnn._statement import owner_of, stands_for

    scalar, vector = sr.integer(1), sr.real(text="a vector a in R^d").family()
    moments = sr.given("a target rho").through("L")
    assert not stands_for("m0", "m", scalar) and stands_for("m", "m", scalar)
    assert all(stands_for(n, "a", vector) for n in ("a1", "a_1", "a[1]", "a11", "a_{12}", "a[0][2]"))
    assert not stands_for("ab", "a", vector) and not stands_for("a_x", "a", vector)
    assert stands_for("L[0][1]", "rho", moments) and stands_for("L", "rho", moments) and not stands_for("rho0", "rho", moments)
    assert owner_of("a2", {"m": scalar, "a": vector}) == "a" and owner_of("m2", {"m": scalar, "a": vector}) is None
    # a declared variable's own name is no entry of another, wherever coverage is decided (claims, case splits)
    assert stands_for("u0", "u", vector) and not stands_for("u0", "u", vector, {"u": vector, "u0": scalar})


def test_a_check_about_one_conclusion_does_not_prove_the_other(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("p1", kind="proposition", label="Prop. 1", statement="(a) ... (b) ...",
                        variables={"x": sr.real()}, conclusions=[("a", "(x+1)^2 = x^2+2x+1", "identity"),
                                                                ("b", "the eigenvalues of A are real")])
        @c.check(layer="symbolic", about="a")
        def part_a(ctx):
            ctx.identity("(a)", (x + 1) ** 2, x ** 2 + 2 * x + 1)
    ''', "p1")
    # (b) is checked by nothing: the claim is not decided, and the report names (b) as uncovered
    assert out.verdict is Verdict.INCONCLUSIVE and out.uncovered == ["b"]


def test_a_full_proof_beside_evidence_against_is_a_conflict(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="(x+1)^2 = x^2+2x+1", variables={"x": sr.real()})
        @c.check(layer="symbolic", full=True)
        def proof(ctx):
            ctx.identity("expand", (x + 1) ** 2, x ** 2 + 2 * x + 1)
        @c.check(layer="numeric")
        def trend(ctx):
            ctx.inconclusive("a ratio grows along the sequence", "ratios 1, 10, 100", against=True)
    ''', "eq1")
    assert out.verdict is Verdict.CONFLICT


def test_a_skipped_check_leaves_the_claim_checked_in_part(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="x^2 >= 0")
        @c.check(layer="empirical", full=True, requires=("gpu",))
        def on_gpu(ctx):
            ctx.no_violation("never runs here", points=1, detail="")
        @c.check(layer="numeric")
        def sample(ctx):
            ctx.no_violation("x^2 >= 0 at 3 points", points=3, detail="x = -1, 0, 1")
    ''', "eq1")
    import symrnn._runner as runner
    if runner.missing_requirement("gpu") is None:
        pytest.skip("a GPU is present here")
    assert out.verdict is Verdict.HOLDS
    assert out.status == "checked" and any(v == "skipped" for _, v in out.blockers)


def test_about_names_must_be_declared_conclusions(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "cov.py").write_text(HEAD + textwrap.dedent('''
        c = paper.claim("p1", kind="proposition", label="P", statement="...", conclusions=["a"])
        @c.check(layer="symbolic", about="b")
        def part(ctx):
            pass
    '''))
    r = CliRunner().invoke(main, ["list", "--path", str(folder)])
    assert r.exit_code == 2 and "does not declare" in r.output


@pytest.mark.parametrize("uses", ['["nowhere"]', '["eq2"]'])
def test_check_refuses_unknown_uses_and_cycles(tmp_path, uses):
    folder = tmp_path / "graph"
    folder.mkdir()
    (folder / "cov.py").write_text(HEAD + textwrap.dedent(f'''
        a = paper.claim("eq1", kind="equation", label="(1)", statement="...", uses={uses})
        b = paper.claim("eq2", kind="equation", label="(2)", statement="...", uses=["eq1"])
        @a.check(layer="numeric")
        def c(ctx):
            ctx.no_violation("x", points=1, detail="")
    '''))
    r = CliRunner().invoke(main, ["check", "cov", "--path", str(folder), "--no-cache", "-o", str(tmp_path / "out")])
    assert r.exit_code == 2, r.output
    assert ("unknown claim" in r.output) or ("cycle" in r.output)


def test_induction_proves_in_general_and_a_failing_step_is_no_witness(tmp_path):
    out = outcome(tmp_path, '''
        n, j = sp.symbols("n j", integer=True, positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="sum_{j<=n} j = n(n+1)/2",
                        variables={"n": sr.integer(1)})
        @c.check(layer="symbolic", full=True)
        def ind(ctx):
            ctx.induction("sum", sp.Sum(j, (j, 1, n)), n * (n + 1) / 2, n)
    ''', "eq1")
    assert out.verdict is Verdict.PROVED
    # false from n = 4 on: the witness is n = 4, where the statement fails, not n = 3 where a step fails
    out = outcome(tmp_path, '''
        n, j = sp.symbols("n j", integer=True, positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="...", variables={"n": sr.integer(1)})
        def _replay(p, dps):
            v = int(p["n"])
            return {"violated": sum(range(1, v + 1)) != v * (v + 1) // 2 + (v - 1) * (v - 2) * (v - 3), "values": {}}
        @c.check(layer="symbolic", full=True, replay=_replay)
        def ind(ctx):
            ctx.induction("sum", sp.Sum(j, (j, 1, n)), n * (n + 1) / 2 + (n - 1) * (n - 2) * (n - 3), n)
    ''', "eq1")
    assert out.verdict is Verdict.REFUTED
    (w,) = out.results[0].witnesses
    assert w.params == {"n": "4"}


def test_a_witness_outside_the_statements_variables_is_no_counterexample(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="x^2 >= 0", variables={"x": sr.real()})
        def _replay(p, dps):
            return {"violated": True, "values": {}}
        @c.check(layer="numeric", replay=_replay, recheck=_replay)
        def proof_constant(ctx):
            ctx.refute("a Chernoff constant lam of the proof fails", {"lam": "1/2"}, certificate="a dummy of the proof")
    ''', "eq1")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "does not quantify over" in out.results[0].findings[0].detail


def test_a_witness_key_that_is_a_declared_name_is_read_with_that_variables_domain(tmp_path):
    # w0 beside w: the witness's w0 = -1 is in w0's domain (every real) though not in w's (positive); read as an entry
    # of w (the first declared variable it matched), the counterexample was rejected as outside the domain
    from symrnn._statement import owner_of

    assert owner_of("w0", {"w": sr.positive(), "w0": sr.real()}, witness=True) == "w0"
    assert owner_of("w1", {"w": sr.positive(), "w0": sr.real()}, witness=True) == "w"
    out = outcome(tmp_path, '''
        w, w0 = sp.symbols("w w0", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="w + w0 > 0 for w > 0 and real w0",
                        variables={"w": sr.positive(), "w0": sr.real()})
        def _replay(p, dps):
            return {"violated": bool(sp.Rational(p["w"]) + sp.Rational(p["w0"]) <= 0), "values": {}}
        @c.check(layer="numeric", replay=_replay, recheck=_replay)
        def point(ctx):
            ctx.refute("w + w0 > 0 fails", {"w": "1", "w0": "-1"}, certificate="1 + (-1) = 0")
    ''', "eq1")
    assert out.verdict is Verdict.REFUTED, out.results[0].findings


SEVERITY = '''
x = sp.Symbol("x", real=True)
def _replay(p, dps):
    v = sp.Rational(p["x"])
    return {"violated": bool(v ** 2 < 2 * v), "values": {}}
def _recheck(p, dps):
    v = float(sp.Rational(p["x"]))
    return {"violated": v * v < 2 * v, "values": {}}
step = paper.claim("eq1", kind="proof-step", label="(1)", statement="x^2 >= 2x for x >= 1 (a step of Thm 2)")
@step.check(layer="numeric", replay=_replay, recheck=_recheck)
def probe(ctx):
    ctx.refute("x^2 < 2x", {"x": "3/2"}, certificate="exact")
thm = paper.claim("thm2", kind="theorem", label="Theorem 2", statement="x^2 >= x for x >= 1", proof=["eq1"])
@thm.check(layer="numeric")
def search(ctx):
    ctx.no_violation("x^2 >= x at x = 1, 2, 3", points=3, detail="")
'''


def test_a_false_proof_step_without_correction_is_a_gap_and_reaches_its_theorem(tmp_path):
    step = outcome(tmp_path, SEVERITY, "eq1")
    assert step.verdict is Verdict.REFUTED and step.severity.level == "gap"
    thm = outcome(tmp_path, SEVERITY, "thm2")
    assert thm.verdict is Verdict.HOLDS and thm.proof_breaks == ["cov.eq1"]
    assert thm.status == "checked"              # not fully checked: its proof breaks


def test_the_weight_of_a_refutation_does_not_depend_on_the_cache(tmp_path):
    folder = tmp_path / "sev"
    folder.mkdir()
    (folder / "cov.py").write_text(HEAD + textwrap.dedent(SEVERITY) + textwrap.dedent('''
        fix = paper.correction("eq1_fix", corrected_from="eq1", label="(1) corrected", statement="x^2 >= 2x for x >= 2")
        @fix.check(layer="numeric")
        def fixed(ctx):
            ctx.no_violation("x^2 >= 2x at x = 2, 3", points=2, detail="")
    '''))
    cache = tmp_path / "cache"
    r = CliRunner().invoke(main, ["check", "cov.eq1", "--json", "--path", str(folder), "--cache-dir", str(cache),
                                  "-o", str(tmp_path / "out")])
    import json
    (alone,) = json.loads(r.output[r.output.index("[\n"):])
    assert alone["severity"]["level"] == "slip", alone["severity"]


def test_a_search_over_part_of_the_declared_domain_is_not_evidence_for_the_statement(tmp_path):
    # "x^3 >= x for every x >= 0" is false on (0, 1); a search over [1, 10] finds nothing
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="x^3 >= x for x >= 0",
                        variables={"x": sr.nonnegative()})
        @c.check(layer="numeric", full=True)
        def narrow(ctx):
            ctx.inequality("x <= x^3", x, x ** 3, {x: (1, sp.oo)})
    ''', "eq1")
    assert out.verdict is Verdict.INCONCLUSIVE
    assert "part of the declared domain" in out.coverage[0].reason


CASCADE = '''
def _replay(p, dps):
    return {"violated": True, "values": {}}
lem = paper.claim("lem", kind="lemma", label="Lemma 1", statement="a slip")
@lem.check(layer="numeric", replay=_replay, recheck=_replay)
def l(ctx):
    ctx.refute("printed constant", {"x": "1"}, certificate="")
fix = paper.correction("lem_fix", corrected_from="lem", label="Lemma 1 corrected", statement="...")
@fix.check(layer="numeric")
def f(ctx):
    ctx.no_violation("fine", points=1, detail="")
thm = paper.claim("thm", kind="theorem", label="Theorem 2", statement="...", uses=["lem"]{through})
@thm.check(layer="numeric", replay=_replay, recheck=_replay)
def t(ctx):
    ctx.refute("fails at an edge case", {"tau": "1"}, certificate="")
'''


@pytest.mark.parametrize("through, level", [("", "false statement"),
                                            (', refuted_through=(), severity_reason="fails at tau = 1 on its own"',
                                             "slip")])
def test_a_theorem_refuted_on_its_own_does_not_raise_the_weight_of_what_it_uses(tmp_path, through, level):
    out = outcome(tmp_path, CASCADE.replace("{through}", through), "lem")
    assert out.severity.level == level
    thm = outcome(tmp_path, CASCADE.replace("{through}", through), "thm")
    assert thm.root == "cov.thm"            # a dependency alone joins no root error


def test_an_exhibited_instance_proves_an_existence_and_a_constant_is_its_own_instance(tmp_path):
    out = outcome(tmp_path, '''
        c = paper.claim("rem1", kind="remark", label="Remark 1", statement="there is an n with n^2 = 2n",
                        conclusions=[("exists", "some n >= 1 has n^2 = 2n", "existence")])
        @c.check(layer="symbolic", about="exists")
        def witness(ctx):
            ctx.exact("n = 2", 2 ** 2, 2 * 2)
    ''', "rem1")
    assert out.verdict is Verdict.PROVED
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="(1 + sqrt 2)^2 = 3 + 2 sqrt 2", variables={})
        @c.check(layer="symbolic", full=True)
        def const(ctx):
            ctx.identity("expand", (1 + sp.sqrt(2)) ** 2, 3 + 2 * sp.sqrt(2))
    ''', "eq1")
    assert out.verdict is Verdict.PROVED
    out = outcome(tmp_path, '''
        c = paper.claim("eq1", kind="equation", label="(1)", statement="(1 + sqrt 2)^2 = 3 + 2 sqrt 2")
        @c.check(layer="symbolic", full=True)
        def const(ctx):
            ctx.identity("expand", (1 + sp.sqrt(2)) ** 2, 3 + 2 * sp.sqrt(2))
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS        # undeclared: the engine cannot tell a constant from an instance


def test_a_true_strict_inequality_on_an_open_interval_is_not_refuted_at_an_excluded_end(tmp_path):
    # e^2 < e holds for every e in (0, 1); it fails only at the excluded ends e = 0 and e = 1
    out = outcome(tmp_path, '''
        e = sp.Symbol("e", real=True)
        c = paper.claim("l1", kind="lemma", label="L1", statement="for 0 < e < 1, e^2 < e",
                        variables={e: sr.real(0, 1, open="both")},
                        conclusions=[sr.Conclusion("c", "e^2 < e", expr=sp.Lt(e**2, e))])
    ''', "l1")
    assert out.verdict is not Verdict.REFUTED
    assert not any(r.witnesses for r in out.results)


def test_a_relation_over_the_whole_real_line_is_decided(tmp_path):
    out = outcome(tmp_path, '''
        x = sp.Symbol("x", real=True)
        c = paper.claim("l2", kind="lemma", label="L2", statement="x^2 + 1 > 0 for every real x", variables={x: sr.real()},
                        conclusions=[sr.Conclusion("c", "x^2 + 1 > 0", expr=sp.Gt(x**2 + 1, 0, evaluate=False))])
        d = paper.claim("l3", kind="lemma", label="L3", statement="x^2 + 1 > 0 for every x > 0",
                        variables={x: sr.positive()},
                        conclusions=[sr.Conclusion("c", "x^2 + 1 > 0", expr=sp.Gt(x**2 + 1, 0, evaluate=False))])
    ''', "l3")
    assert out.verdict is Verdict.PROVED, out.results[0].summary


def test_for_every_n_there_is_t_is_not_proved_by_exhibits_at_a_few_n(tmp_path):
    body = '''
        n = sp.Symbol("n", integer=True, positive=True)
        c = paper.claim("l4", kind="lemma", label="L4", statement="for every n >= 1 there is an integer t with t > n^2",
                        variables={n: sr.integer(1), "t": sr.integer(text="t", exists=True)},
                        conclusions=[("t", "there is t > n^2", "existence")])
        @c.check(layer="symbolic", full=True)
        def exhibits(ctx):
            for k in (1, 2, 3):
                ctx.sign(f"n = {k}: t - n^2 = {k * k + 1} - {k * k} > 0", sp.Integer(k * k + 1 - k * k), "positive")
    '''
    assert outcome(tmp_path, body, "l4").verdict is Verdict.HOLDS
    # "there are n and t with t > n^2": one exhibit, decided by the engine, proves it
    assert outcome(tmp_path, body.replace("sr.integer(1)", "sr.integer(1, exists=True)"), "l4").verdict is Verdict.PROVED
    # the same exhibit as a bool of the check's own is evidence only (the engine cannot see how it was computed)
    as_bool = body.replace("sr.integer(1)", "sr.integer(1, exists=True)").replace(
        'ctx.sign(f"n = {k}: t - n^2 = {k * k + 1} - {k * k} > 0", sp.Integer(k * k + 1 - k * k), "positive")',
        'ctx.exact_predicate(f"n = {k}: t = {k * k + 1} > n^2", k * k + 1 > k * k)')
    assert outcome(tmp_path, as_bool, "l4").verdict is Verdict.HOLDS


_THROUGH = '''
    L0, L1 = sp.symbols("L0 L1"{assume})
    a = sp.Symbol("a", real=True)
    c = paper.claim("eq1", kind="equation", label="(1)", statement="d/da (a^2 L0 - 2 a L1) = 2 a L0 - 2 L1 for every "
                    "target rho (L_n its moments) and every real a",
                    variables={{"rho": sr.given("a target in L^2[0, oo)"){through}, a: sr.real()}})
    @c.check(layer="symbolic", full=True)
    def derivative(ctx):
        ctx.identity("the derivative", sp.diff(a ** 2 * L0 - 2 * a * L1, a), 2 * a * L0 - 2 * L1)
'''


def test_a_variable_entering_through_generic_symbols_is_covered_by_an_argument_in_them(tmp_path):
    out = outcome(tmp_path, _THROUGH.format(assume="", through='.through("L0", "L1")'), "eq1")
    assert out.verdict is Verdict.PROVED, out.coverage
    # without through(...), rho is a declared variable no argument mentions
    out = outcome(tmp_path, _THROUGH.format(assume="", through=""), "eq1")
    assert out.verdict is not Verdict.PROVED
    assert "rho" in out.coverage[0].reason


def test_through_symbols_assumed_positive_cover_part_of_the_domain_only(tmp_path):
    # the moments of a target need not be positive: an argument that assumed so proves less than the statement
    out = outcome(tmp_path, _THROUGH.format(assume=", positive=True", through='.through("L0", "L1")'), "eq1")
    assert out.verdict is not Verdict.PROVED
    assert "part of the declared domain" in out.coverage[0].reason


def test_through_needs_symbol_names():
    import symrnn as sr

    with pytest.raises(sr.InvalidClaim, match="names of symbols"):
        sr.given("a target").through()
    with pytest.raises(sr.InvalidClaim, match="names of symbols"):
        sr.positive().through("not a name")


def test_the_widening_note_does_not_depend_on_the_hash_seed(tmp_path):
    """Two make report runs of one commit differed in one line of li2022.tex: the symbols that _widen names were
    listed in set order, which follows the process's string-hash seed. Under three seeds the note is the same,
    its names in order."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "order.py").write_text(HEAD + textwrap.dedent('''
        names = ("tau", "g", "alpha", "zeta", "beta", "omega")
        narrow = [sp.Symbol(n, positive=True) for n in names]
        c = paper.claim("eq1", kind="equation", label="(1)", statement="a sum equals itself",
                        variables={n: sr.real() for n in names})
        @c.check(layer="symbolic", full=True)
        def same(ctx):
            ctx.identity("the sum", sum(narrow), sum(reversed(narrow)))
    '''))
    notes = []
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
        out = subprocess.run([sys.executable, "-m", "symrnn", "check", "cov", "--path", "order.py", "--no-cache", "-q",
                              "-o", "out", "--json"], cwd=tmp_path, env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr[-800:]
        ledger = json.loads((tmp_path / "out" / "cov.ledger.json").read_text())
        (check,) = [x for c in ledger["claims"] for x in c["checks"] if x["check"] == "same"]
        notes.append(check["findings"][0]["detail"])
    assert notes[0] == notes[1] == notes[2], notes
    listed = [n for n in ("alpha", "beta", "g", "omega", "tau", "zeta") if f"{n} (assumed" in notes[0]]
    assert listed == ["alpha", "beta", "g", "omega", "tau", "zeta"]
    assert [notes[0].index(f"{n} (assumed") for n in listed] == sorted(notes[0].index(f"{n} (assumed") for n in listed)


def test_evidence_from_instances_lists_them_beside_the_uncovered_conclusion(tmp_path):
    # a check that is `holds` because its findings are exact_predicate instances says so: the report's
    # "Not covered" line names the instances it rests on, as for a check whose instances were proved
    out = outcome(tmp_path, '''
        n = sp.Symbol("n", integer=True, positive=True)
        c = paper.claim("eq1", kind="equation", label="(1)", statement="n^2 >= n", variables={n: sr.integer(1)})
        @c.check(layer="symbolic", full=True)
        def instances(ctx):
            for k in (1, 2):
                ctx.exact_predicate(f"n = {k}: {k * k} >= {k}", k * k >= k)
    ''', "eq1")
    assert out.verdict is Verdict.HOLDS and out.uncovered == ["statement"]
    (cov,) = out.coverage
    assert cov.reason == "2 of its 2 findings are instances (values at concrete arguments)"
    assert cov.instances == ("n = 1: 1 >= 1", "n = 2: 4 >= 2")


TWINS = '''
    x = sp.Symbol("x", real=True)
    c = paper.claim("eq1", kind="equation", label="(1)", statement="(a) ... and (b) ...", variables={x: sr.real()},
                    conclusions=[("a", "(x + 1)^2 = x^2 + 2x + 1", "identity"), ("b", "(x - 1)^2 = x^2 - 2x + 1", "identity")])
    @c.check(layer="symbolic", about="a")
    def first(ctx):
        ctx.identity("(a)", (x + 1) ** 2, x ** 2 + 2 * x + 1)
    @c.check(layer="symbolic", about="b")
    def second(ctx):
        ctx.identity("(b)", (x - 1) ** 2, x ** 2 - 2 * x + 1)
    paper.claim("named", kind="equation", label="(1')", statement="the same (a) and (b)", same_as="cov.eq1",
                variables={x: sr.real()}, conclusions=[("a", "(a)", "identity"), ("b", "(b)", "identity")])
    paper.claim("plain", kind="equation", label="(1'')", statement="the same (a) and (b)", same_as="cov.eq1",
                variables={x: sr.real()})
'''


def test_a_twin_declaring_its_owners_conclusions_shares_them_name_by_name(tmp_path):
    # li2021.lemc_1 is li2022.lemma27: two checks of the owner each prove one item; a twin that names the items as
    # its owner does is covered item by item, a twin with one undivided statement only by a check that covers all
    assert outcome(tmp_path, TWINS, "eq1").verdict is Verdict.PROVED
    named = outcome(tmp_path, TWINS, "named")
    assert named.verdict is Verdict.PROVED and named.uncovered == []
    plain = outcome(tmp_path, TWINS, "plain")
    assert plain.verdict is Verdict.INCONCLUSIVE and plain.uncovered == ["statement"]   # each check: a part
