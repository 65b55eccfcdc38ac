"""Verdicts a referee can rely on (issue 8): hypotheses at every witness, independent re-checks,
severities, `certified`, asymptotic evidence against, and the smaller defects, each with a test
that failed before its fix."""

import json
import random
import textwrap
from fractions import Fraction

import mpmath
import pytest
import sympy as sp
from click.testing import CliRunner

import symrnn as sr
from symrnn import Verdict
from symrnn._cache import Cache
from symrnn._context import CheckContext
from symrnn._ledger import ledger_dict, outcomes
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks
from symrnn.cli import main

PAPER = '''
import sympy as sp
import symrnn as sr

x = sp.Symbol("x", real=True)
paper = sr.Paper("ref", title="Referee", authors="A", venue="V", strict={strict})

def _replay(p, dps, printed):
    v = sp.Rational(p["x"])
    return {{"violated": bool(v ** 2 < printed["c"] * v), "values": {{"x^2": v ** 2}}}}

def _recheck(p, dps, printed):          # another evaluator: Arb balls from a separately built expression
    ball = sr.numeric.compile_arb(x * x - printed["c"] * x, (x,))(sr.numeric.to_arb(p["x"]))
    return {{"violated": bool(ball < 0), "values": {{"x^2 - c x": ball.str(10)}}}}

# "x^2 >= c x for x >= 1" (true for c = 1); printed c = 2 makes it false at x = 3/2
lemma = paper.claim("lemma1", kind="lemma", label="Lemma 1", statement="$x^2 \\\\ge c x$ for $x \\\\ge 1$",
                    assumptions=["$x \\\\ge 1$"], printed={{"c": sp.Integer({c})}})

@lemma.hypothesis("x_ge_1", "$x \\\\ge 1$")
def _h(p):
    return sp.Rational(p["x"]) >= 1, "x = " + p["x"]

@lemma.check(layer="numeric", full=True, replay=_replay, {recheck}evaluators=("SymPy exact", "Arb balls"))
def probe(ctx):
    for v in ("{witness}",):
        if _replay({{"x": v}}, ctx.dps, ctx.printed)["violated"]:
            ctx.refute("x^2 < c x", {{"x": v}}, certificate="exact")
            return
    ctx.exact_predicate("no violation at the probes", True)
'''


_VERSIONS = iter(range(10 ** 6))


def load(tmp_path, *, c=2, witness="3/2", strict=True, recheck=True, extra=""):
    folder = tmp_path / f"v{next(_VERSIONS)}"        # claim files are imported once per path
    folder.mkdir()
    path = folder / "ref.py"
    path.write_text(PAPER.format(c=c, witness=witness, strict=strict,
                                 recheck="recheck=_recheck, " if recheck else "") + textwrap.dedent(extra))
    return Registry.discover([path])


def run(reg, pattern="ref"):
    claims = reg.select([pattern])
    results = run_checks(claims, RunOptions(jobs=1, resolve=reg.get))
    return results, outcomes(reg, claims, results)


# -- 1. hypotheses as code ---------------------------------------------------------------
def test_a_witness_is_accepted_only_where_every_hypothesis_holds(tmp_path):
    results, _ = run(load(tmp_path))
    (r,) = results
    assert r.verdict is Verdict.REFUTED
    (w,) = r.witnesses
    assert w.hypotheses == (("x_ge_1", "$x \\ge 1$", "exact", "x = 3/2"),)
    # x = 1/2 violates x^2 >= 2x too, but breaks the hypothesis x >= 1: no counterexample
    results, _ = run(load(tmp_path, witness="1/2"))
    assert results[0].verdict is Verdict.INCONCLUSIVE and not results[0].witnesses
    assert "violates the hypothesis 'x_ge_1'" in results[0].summary


def test_a_strict_paper_needs_declared_hypotheses(tmp_path):
    extra = '''
    bare = paper.claim("lemma2", kind="lemma", label="Lemma 2", statement="$x \\\\ge 2$", assumptions=["$x > 0$"],
                       printed={"c": 2})

    @bare.check(layer="numeric", replay=_replay, recheck=_recheck)
    def probe2(ctx):
        ctx.refute("x < 2", {"x": "1"}, certificate="exact")
    '''
    results, _ = run(load(tmp_path, extra=extra), "ref.lemma2")
    assert results[0].verdict is Verdict.INCONCLUSIVE
    assert "none is declared as code" in results[0].summary


# -- 2. independent re-checks -------------------------------------------------------------
def test_the_recheck_is_another_evaluator_named_in_the_witness(tmp_path):
    (r,), _ = run(load(tmp_path))
    (w,) = r.witnesses
    assert w.independent and w.evaluators == ("SymPy exact at dps=50", "Arb balls at dps=100")


def test_without_recheck_a_strict_paper_refuses_and_a_lax_one_says_not_independent(tmp_path):
    (r,), _ = run(load(tmp_path, recheck=False))
    assert r.verdict is Verdict.INCONCLUSIVE and "no independent" in r.summary
    (r,), _ = run(load(tmp_path, recheck=False, strict=False))
    assert r.verdict is Verdict.REFUTED and not r.witnesses[0].independent
    assert "not independent" in r.witnesses[0].recheck


def test_a_mismatch_without_a_witness_says_so_and_not_that_no_recheck_is_declared(tmp_path):
    """A check with replay and recheck whose mismatch names no witness (a limit, a family) is inconclusive, and the
    finding says why: the missing witness, not a missing re-check (that message misled when a recheck existed)."""
    extra = '''
    fam = paper.claim("lemma3", kind="lemma", label="Lemma 3", statement="$x^2 \\\\ge c x$", printed={"c": 2})

    @fam.hypothesis("any", "$x$ real")
    def _h3(p):
        return True, ""

    @fam.check(layer="symbolic", replay=_replay, recheck=_recheck)
    def family(ctx):
        ctx.exact_predicate("a property of the whole family", False)

    @fam.check(layer="symbolic")
    def bare(ctx):
        ctx.exact_predicate("the same without a replay", False)
    '''
    results, _ = run(load(tmp_path, extra=extra), "ref.lemma3")
    by = {r.check: r for r in results}
    assert all(r.verdict is Verdict.INCONCLUSIVE for r in results)
    assert "no witness was given" in by["family"].summary and "re-check is declared" not in by["family"].summary
    assert "no independent re-check is declared" in by["bare"].summary


def test_replays_read_the_printed_formula_under_test(tmp_path):
    reg = load(tmp_path, c=1)      # true as printed: x^2 >= x for x >= 1
    claim = reg.get("ref.lemma1")
    (r,), _ = run(reg)
    assert r.verdict is Verdict.HOLDS      # its probe is a bool of the check's own: evidence, not a proof
    perturbed = run_checks([claim], RunOptions(jobs=1, printed_overrides={claim.id: {"c": sp.Integer(2)}}))
    assert perturbed[0].verdict is Verdict.REFUTED      # the replay saw the perturbed constant


# -- 3. severity ----------------------------------------------------------------------------
SEVERITY = '''
fixed = paper.correction("lemma1_fixed", corrected_from="lemma1", label="Lemma 1 (c = 1)", statement="$x^2 \\\\ge x$")

@fixed.check(layer="symbolic", full=True)
def sign(ctx):
    y = sp.Symbol("y", nonnegative=True)                  # x = 1 + y
    ctx.sign("x^2 - x = (1+y) y >= 0", (1 + y) ** 2 - (1 + y), "nonnegative")
'''


def test_severity_is_derived_from_the_corrections_and_the_claims_that_use_it(tmp_path):
    _, outs = run(load(tmp_path))
    assert outs[0].severity.level == "false statement" and outs[0].severity.derived
    assert "no correction" in outs[0].severity.reason
    _, outs = run(load(tmp_path, extra=SEVERITY))
    (o,) = [o for o in outs if o.claim.key == "lemma1"]
    assert o.severity.level == "slip" and "ref.lemma1_fixed (proved) holds" in o.severity.reason
    user = '''
    later = paper.claim("thm2", kind="theorem", label="Theorem 2", statement="uses Lemma 1", uses=["lemma1"],
                        printed={"c": 2})

    @later.check(layer="numeric", replay=_replay, recheck=_recheck)
    def probe3(ctx):
        ctx.refute("fails", {"x": "3/2"}, certificate="exact")
    '''
    _, outs = run(load(tmp_path, extra=SEVERITY + textwrap.dedent(user)))
    assert {o.claim.key: o.label for o in outs}["thm2"] == "refuted"
    (o,) = [o for o in outs if o.claim.key == "lemma1"]
    assert o.severity.level == "false statement" and "ref.thm2" in o.severity.reason


def test_a_claim_file_may_raise_the_severity_but_never_lower_it(tmp_path):
    reg = load(tmp_path, extra=SEVERITY)
    claim = reg.get("ref.lemma1")
    claim.severity, claim.severity_reason = "false statement", "the theorem as meant needs c = 2"
    _, outs = run(reg)
    (o,) = [o for o in outs if o.claim.key == "lemma1"]
    assert o.severity.level == "false statement" and not o.severity.derived
    reg = load(tmp_path)                                    # no correction: a declared slip is not accepted
    claim = reg.get("ref.lemma1")
    claim.severity, claim.severity_reason = "slip", "a typo"
    _, outs = run(reg)
    assert outs[0].severity.level == "false statement" and "declared a slip" in outs[0].severity.reason


def test_a_reading_needs_its_intended_claim_to_hold(tmp_path):
    extra = '''
    meant = paper.claim("lemma1_meant", kind="remark", label="Lemma 1 as meant", statement="$x^2 \\\\ge x$")

    @meant.check(layer="symbolic", full=True)
    def ok(ctx):
        y = sp.Symbol("y", nonnegative=True)
        ctx.sign("(1+y) y >= 0", (1 + y) * y, "nonnegative")
    '''
    reg = load(tmp_path, extra=extra)
    claim = reg.get("ref.lemma1")
    claim.severity, claim.severity_reason, claim.intended = "reading", "c is the paper's generic constant", "lemma1_meant"
    _, outs = run(reg)
    o = outs[0]
    assert o.severity.level == "reading" and "ref.lemma1_meant, is proved" in o.severity.reason
    ledger = ledger_dict(reg.papers["ref"], outs, dps=50, seed=0, quick=False)
    assert ledger["counts"]["refuted (reading)"] == 1
    assert ledger["claims"][0]["severity"]["level"] == "reading"


def test_a_user_refuted_only_as_a_reading_does_not_make_what_it_uses_false(tmp_path):
    extra = SEVERITY + textwrap.dedent('''
    later = paper.claim("rem2", kind="remark", label="Remark 2", statement="uses Lemma 1, read literally",
                        uses=["lemma1"], printed={"c": 2}, severity="reading", severity_reason="literal reading",
                        intended="rem2_meant")

    @later.check(layer="numeric", replay=_replay, recheck=_recheck)
    def probe3(ctx):
        ctx.refute("fails", {"x": "3/2"}, certificate="exact")

    meant = paper.claim("rem2_meant", kind="remark", label="Remark 2 as meant", statement="$x^2 \\\\ge x$")

    @meant.check(layer="symbolic", full=True)
    def ok(ctx):
        y = sp.Symbol("y", nonnegative=True)
        ctx.sign("(1+y) y >= 0", (1 + y) * y, "nonnegative")
    ''')
    _, outs = run(load(tmp_path, extra=extra))
    by = {o.claim.key: o for o in outs}
    assert by["rem2"].label == "refuted" and by["rem2"].severity.level == "reading"
    assert by["lemma1"].severity.level == "slip"          # its correction holds; its user fails only as a reading


def test_declaring_a_severity_needs_a_reason():
    paper = sr.Paper("sev", title="t", authors="a", venue="v")
    with pytest.raises(sr.InvalidClaim, match="severity_reason"):
        paper.claim("a", kind="lemma", label="A", statement="s", severity="slip")
    with pytest.raises(sr.InvalidClaim, match="intended"):
        paper.claim("b", kind="lemma", label="B", statement="s", severity="reading", severity_reason="r")


# -- 4. certified -------------------------------------------------------------------------------
def ctx_for(**kw):
    return CheckContext(claim_id="t.c", check_name="k", dps=30, seed=0, printed={}, replay=None, **kw)


def test_certify_closes_a_box_and_reports_boxes_and_margin():
    x = sp.Symbol("x", real=True)
    ctx = ctx_for()
    assert ctx.certify("x e^{-x} <= 1/e + 1/1000", sp.exp(-1) + sp.Rational(1, 1000) - x * sp.exp(-x), {x: (0, 5)}) \
        is Verdict.CERTIFIED
    assert "boxes" in ctx.record.findings[0].detail and "smallest certified lower bound" in ctx.record.findings[0].detail


def test_certify_refutes_with_a_point_rechecked_by_sympy():
    x = sp.Symbol("x", real=True)
    ctx = ctx_for()
    assert ctx.certify("x e^{-x} <= 0.36", sp.Rational(36, 100) - x * sp.exp(-x), {x: (0, 5)}) is Verdict.REFUTED
    (w,) = ctx.record.witnesses
    assert w.independent and w.evaluators[1].startswith("SymPy evalf")
    point = sp.Rational(w.params["x"])
    assert sp.Rational(36, 100) - point * sp.exp(-point) < 0


def test_certify_says_inconclusive_when_the_budget_runs_out():
    x = sp.Symbol("x", real=True)
    ctx = ctx_for()
    # 5 boxes: the budget runs out before the boxes are small enough for the touching point's local argument
    assert ctx.certify("touches 0 at x = 1", sp.exp(-1) - x * sp.exp(-x), {x: (0, 5)}, max_boxes=5) \
        is Verdict.INCONCLUSIVE
    assert "undecided" in ctx.record.findings[-1].detail


def near_singular(kind):
    """[[1, 1], [1, 1 + 1e-86]]: positive definite, smallest eigenvalue 5e-87."""
    tiny = {"fraction": Fraction(1, 10 ** 86), "string": "1e-86", "rational": sp.Rational(1, 10 ** 86)}
    if kind == "mpf":
        ctx = mpmath.MPContext()
        ctx.dps = 120             # entries that represent the matrix (at 50 digits 1 + 1e-86 would be 1)
        return [[ctx.mpf(1), ctx.mpf(1)], [ctx.mpf(1), 1 + ctx.mpf(10) ** -86]]
    one = {"fraction": Fraction(1), "string": "1", "rational": sp.Integer(1)}[kind]
    return [[one, one], [one, (Fraction(1) + tiny[kind]) if kind == "fraction" else
                         (sp.Integer(1) + tiny[kind] if kind == "rational" else "1.00000000000000000000000000000000000000"
                          "000000000000000000000000000000000000000000000001")]]


@pytest.mark.parametrize("kind", ["fraction", "string", "rational", "mpf"])
def test_positive_definite_with_an_eigenvalue_near_1e_86_is_certified(kind):
    M = near_singular(kind)
    d = sr.numeric.certify_definite(M)
    assert d.decided and d.definite, d
    ctx = ctx_for()
    assert ctx.definite("PD", M) is Verdict.CERTIFIED
    # the spectrum: the smallest eigenvalue enclosure is certainly positive, never an uncertified sign
    enc = sr.numeric.eigen_enclosures(M)
    assert enc.count("positive") == 2 and enc.balls[0] > 0


def test_eigen_enclosures_take_exact_input_exactly_and_enclose_clusters():
    values, radius, backend = sr.numeric.eigvalsh_enclosed([[Fraction(2), Fraction(1, 3)], [Fraction(1, 3), 2]], dps=30)
    assert abs(values[0] - sr.numeric.to_mpf(sr.numeric.context(40), "5/3")) < 1e-25 and radius < 1e-25
    assert "Arb" in backend
    ctx = mpmath.MPContext()
    ctx.dps = 60
    v = [ctx.mpf(1) / 3, ctx.sqrt(2) / 3, ctx.mpf(2) / 3]
    enc = sr.numeric.weyl_enclosures([[v[i] * v[j] for j in range(3)] for i in range(3)], dps=50)
    assert enc.balls[0].contains(0) and enc.balls[1].contains(0) and enc.balls[2].overlaps(sr.numeric.to_arb(sp.Rational(7, 9)))
    assert float(enc.balls[0].rad()) < 1e-45


def test_a_matrix_that_is_not_definite_is_never_called_definite():
    d = sr.numeric.certify_definite([[1, 2], [2, 1]])
    assert d.decided and not d.definite
    d = sr.numeric.certify_definite([[sp.sqrt(2), 1], [1, sp.sqrt(2) / 2]])      # singular: eigenvalue 0
    assert not d.definite


# -- 5. asymptotics that can speak against a claim ---------------------------------------------
def test_a_growing_ratio_is_evidence_against_listed_among_the_findings(tmp_path):
    extra = '''
    asy = paper.claim("prop3", kind="proposition", label="Proposition 3", statement="$n^2 \\\\lesssim n$")

    @asy.check(layer="numeric")
    def trend(ctx):
        ctx.asymptotic("n^2 / n", lambda mp, n: mp.mpf(n), [2 ** k for k in range(1, 9)], plot="ratio")
    '''
    reg = load(tmp_path, extra=extra)
    _, outs = run(reg, "ref.prop3")
    (o,) = outs
    assert o.verdict is Verdict.INCONCLUSIVE and o.against and "evidence against" in o.against[0].detail
    ledger = ledger_dict(reg.papers["ref"], outs, dps=50, seed=0, quick=False)
    assert ledger["claims"][0]["evidence_against"]


# -- 7. the smaller defects ----------------------------------------------------------------------
def test_identity_with_stirling_numbers_refutes_instead_of_crashing():
    n = sp.Symbol("n", integer=True, positive=True)
    ctx = ctx_for()
    assert ctx.identity("S(n+2, 2) = 2^(n+1)", sr.symbolic.StirlingS2(n + 2, 2), 2 ** (n + 1)) is Verdict.REFUTED
    assert ctx.identity("S(n+1, 2) = 2^n - 1", sr.symbolic.StirlingS2(n + 1, 2), 2 ** n - 1) in \
        (Verdict.PROVED, Verdict.INCONCLUSIVE)


def test_exact_compares_sets_tuples_and_matrices_structurally():
    ctx = ctx_for()
    assert ctx.exact("set", sp.FiniteSet(sp.Rational(1, 3)), sp.FiniteSet(sp.Rational(1, 3))) is Verdict.PROVED
    assert ctx.exact("tuple", (1, sp.Rational(1, 2)), (1, sp.Rational(1, 2))) is Verdict.PROVED
    assert ctx.exact("matrix", sp.Matrix([[1, 2]]), sp.Matrix([[1, 2]])) is Verdict.PROVED
    assert ctx.exact("different sets", sp.FiniteSet(1, 2), sp.FiniteSet(1, 3)) is Verdict.INCONCLUSIVE



def test_exact_refuses_floats_inside_containers_and_other_libraries_floats():
    """(float(2**53) + 1,) == (float(2**53),) is True: a float in a tuple must not make a false equality proved."""
    import mpmath
    import numpy as np

    from symrnn._errors import InternalError

    ctx = ctx_for()
    for got, expected in (((float(2 ** 53) + 1,), (float(2 ** 53),)), ([sp.Float(1)], [1]),
                          (sp.Matrix([[0.5]]), sp.Matrix([[sp.Rational(1, 2)]])), (np.float64(1), 1),
                          (mpmath.mpf(2 ** 53) + 1, mpmath.mpf(2 ** 53)), ({"a": 0.5}, {"a": 0.5})):
        with pytest.raises(InternalError, match="got a float"):
            ctx.exact("inexact", got, expected)
    assert not ctx.record.findings
    # exact numbers of those libraries stay exact: python-flint's rationals, NumPy integers
    import flint
    assert ctx.exact("fmpq", flint.fmpq(1, 3), sp.Rational(1, 3)) is Verdict.PROVED
    assert ctx.exact("numpy integer", np.int64(3), 3) is Verdict.PROVED

def test_witnesses_name_indexed_entries_not_their_base_and_appear_once():
    a = sp.IndexedBase("a", real=True)
    ctx = ctx_for()
    for _ in range(3):       # the same refutation met at three sizes (the simple point a[1] = 1 refutes)
        ctx.identity("a_1^2 = a_1 + 1", a[1] ** 2, a[1] + 1)
    assert len(ctx.record.witnesses) == 1 and set(ctx.record.witnesses[0].params) == {"a[1]"}


def test_search_inequality_stops_searching_once_a_violation_is_known():
    space = {"x": sr.numeric.Variable(0.0, 1.0)}
    res = sr.numeric.search_inequality(lambda p: p["x"] - 0.5, space, design=50, starts=2, iterations=20,
                                       hypothesis_examples=10_000)
    assert res.candidate is not None
    assert res.evaluations < 500           # no Hypothesis run (10,000 examples) after the design found x < 1/2


CRASH = '''
import symrnn as sr
paper = sr.Paper("boom", title="t", authors="a", venue="v")
c = paper.claim("c", kind="lemma", label="C", statement="s")

@c.check(layer="symbolic")
def explode(ctx):
    raise ZeroDivisionError("the check has a bug")
'''


def test_crashed_checks_fail_report_and_show_prints_their_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "boom.py").write_text(CRASH)
    runner = CliRunner()
    out = runner.invoke(main, ["report", "boom", "--no-pdf", "--path", "boom.py", "--cache-dir", "cache", "-o", "out"])
    assert out.exit_code == 1
    shown = runner.invoke(main, ["show", "boom.c", "--path", "boom.py", "--cache-dir", "cache"])
    assert "ZeroDivisionError: the check has a bug" in shown.output and "traceback" in shown.output


OK_PAPER = '''
import symrnn as sr
paper = sr.Paper("fine", title="t", authors="a", venue="v")
c = paper.claim("c", kind="lemma", label="C", statement="s")

@c.check(layer="symbolic")
def fine(ctx):
    ctx.exact_predicate("ok", True)
'''


def test_report_exits_1_when_tex_is_installed_but_a_pdf_fails(tmp_path, monkeypatch):
    """A fresh-clone `make report` exited 0 although ck2023's PDF had failed on a TeX error in its evidence."""
    import shutil

    import symrnn.report as report

    monkeypatch.chdir(tmp_path)
    (tmp_path / "fine.py").write_text(OK_PAPER)
    args = ["report", "fine", "--path", "fine.py", "--cache-dir", "cache", "-o", "out"]
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(report, "build_pdf", lambda tex: (None, f"latexmk failed (exit 12); {tex} is intact"))
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 1 and "could not be built although TeX is installed" in out.output
    # without TeX the .tex alone is the documented result: exit 0
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(report, "build_pdf", lambda tex: (None, f"no TeX found: wrote only {tex}"))
    assert CliRunner().invoke(main, args).exit_code == 0


def test_replay_reports_the_hypotheses_at_the_witness(tmp_path, monkeypatch):
    reg = load(tmp_path)
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["replay", "ref.lemma1", "probe", "x=3/2", "--path", reg.papers["ref"].module_file])
    data = json.loads(out.output)
    assert data["violated"] and data["hypotheses"][0]["holds"] is True


SLOW_REPLAY = '''
import time
import symrnn as sr
paper = sr.Paper("slowrep", title="t", authors="a", venue="v")
c = paper.claim("c", kind="lemma", label="C", statement="s")

def _replay(p, dps):
    if p["x"] == "1/3":
        time.sleep(60)
    return {"violated": 1 / int(p["x"]) > 0, "values": {}}

@c.check(layer="numeric", replay=_replay)
def probe(ctx):
    ctx.exact_predicate("ok", True)
'''


@pytest.mark.parametrize("args, message", [
    (["x=nan"], "is not finite"),
    (["x=inf"], "is not finite"),
    (["y=1"], "KeyError"),
    (["x=0"], "ZeroDivisionError"),
    (["x=1/3", "--timeout", "2"], "did not finish within 2 s"),
])
def test_replay_rejects_bad_witness_values_with_one_line_and_exit_2(tmp_path, monkeypatch, args, message):
    """issue 12: NaN, a missing key, a division by zero or a hang were tracebacks (exit 1) or no exit at all."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "slowrep.py").write_text(SLOW_REPLAY)
    out = CliRunner().invoke(main, ["replay", "slowrep.c", "probe", *args, "--path", "slowrep.py"])
    assert out.exit_code == 2, out.output
    assert message in out.output and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_an_experiment_can_contradict_its_prediction():
    ctx = ctx_for()
    assert ctx.contradicted("no plateau", predictions=1, detail="no set-up") is Verdict.INCONCLUSIVE
    assert not ctx.record.findings[-1].against and "fidelity" in ctx.record.findings[-1].detail
    ctx.fidelity({a: "as printed" for a in sr.ASPECTS})
    assert ctx.contradicted("no plateau", predictions=1, detail="uncontrolled") is Verdict.INCONCLUSIVE
    assert not ctx.record.findings[-1].against and "controls" in ctx.record.findings[-1].detail
    plateau = sr.Prediction("a plateau", lambda esc: esc > 10, positive=100, negative=1, controls="late / early escape")
    assert ctx.controlled([plateau], 1) == [False]
    assert ctx.contradicted("no plateau", predictions=1, detail="all seeds escape at once") is Verdict.INCONCLUSIVE
    assert ctx.record.findings[-1].against
    assert ctx.contradicted("no plateau", predictions=1, detail="d", rerun=lambda: (False, "fresh seeds plateau")) \
        is Verdict.INCONCLUSIVE
    assert ctx.contradicted("no plateau", predictions=1, detail="d", rerun=lambda: (True, "fresh seeds: same"),
                            witness={"seeds": "0-9"}) is Verdict.REFUTED
    assert ctx.record.witnesses[-1].recheck == "independent re-run: fresh seeds: same"


def test_inequality_proves_certifies_searches_and_refutes_at_the_smallest_counterexample():
    x, y = sp.symbols("x y", real=True)
    mpmath.mp.dps = 15                  # the user's global precision does not matter: the search uses ctx.dps
    ctx = ctx_for()
    assert ctx.inequality("2x <= x^2 + 1", 2 * x, x ** 2 + 1, {x: (-sp.oo, sp.oo)}) is Verdict.PROVED
    assert ctx.inequality("x e^-x <= 3/8 on [0, 20]", x * sp.exp(-x), sp.Rational(3, 8), {x: (0, 20)}) \
        is Verdict.CERTIFIED
    assert ctx.inequality("sin x <= x", sp.sin(x), x, {x: (0, sp.oo)}) is Verdict.HOLDS
    assert ctx.inequality("x y <= x + y", x * y, x + y, {x: (0, sp.oo), y: (0, sp.oo)}) is Verdict.REFUTED
    (w,) = ctx.record.witnesses
    assert w.params == {"x": "3", "y": "3"}          # near where the violation starts, not the edge of the box
    assert w.independent and w.evaluators[1] == "Arb balls"


HYP_PAPER = '''
import sympy as sp
import symrnn as sr

x = sp.Symbol("x", real=True)
paper = sr.Paper("hyp", title="t", authors="a", venue="v", strict=True)
lem = paper.claim("lemma", kind="lemma", label="Lemma", statement="$|x - 2| = x - 2$ for $x \\\\ge c$",
                  assumptions=["$x \\\\ge c$"], printed={"c": sp.Rational(3, 2)})

@lem.hypothesis("x_ge_c", "$x \\\\ge c$ (c as printed)")
def _h(p, printed):
    return sp.Rational(p["x"]) >= printed["c"], "x = " + p["x"]

@lem.check(layer="symbolic", full=True)
def identity(ctx):
    ctx.identity("|x - 2| = x - 2", sp.Abs(x - 2), x - 2, domain={x: (0, 2)})
'''


def test_an_identity_is_probed_where_the_hypotheses_hold_and_they_read_the_printed_threshold(tmp_path):
    """The first probe point (x = 1) breaks the hypothesis x >= 3/2: it is drawn again instead of ending the
    check as inconclusive, and a point of [3/2, 2) refutes. The hypothesis reads c from `printed`, so a
    perturbation c = 2 leaves no admissible point in the domain and nothing is refuted."""
    (tmp_path / "hyp.py").write_text(HYP_PAPER)
    reg = Registry.discover([tmp_path / "hyp.py"])
    claim = reg.get("hyp.lemma")
    (r,) = run_checks([claim], RunOptions(jobs=1))
    assert r.verdict is Verdict.REFUTED, r.summary
    (w,) = r.witnesses
    assert sp.Rational(3, 2) <= sp.Rational(w.params["x"]) < 2
    assert any(h[0] == "x_ge_c" for h in w.hypotheses)
    (r,) = run_checks([claim], RunOptions(jobs=1, printed_overrides={claim.id: {"c": sp.Integer(2)}}))
    assert r.verdict is Verdict.INCONCLUSIVE and "broke a declared hypothesis" in r.summary
