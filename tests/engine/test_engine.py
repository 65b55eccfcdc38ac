"""Declarations, registry, runner (timeouts, errors, cache, skips) and the check context."""

import json
import random
from pathlib import Path

import pytest
import sympy as sp

import symrnn as sr
from symrnn import Verdict
from symrnn._cache import Cache
from symrnn._context import CheckContext
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks

from ._claimfiles import BROKEN, DEMO, NO_CLAIMS, NO_PAPER, SLOW


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / f"{name}.py"
    p.write_text(text)
    return p


@pytest.fixture
def demo(tmp_path):
    return Registry.discover([write(tmp_path, "demo", DEMO)])


# -- declarations ---------------------------------------------------------------------
@pytest.mark.parametrize("call, message", [
    (lambda p: p.claim("Bad Key", kind="lemma", label="L", statement="s"), "not a valid id"),
    (lambda p: p.claim("k", kind="lema", label="L", statement="s"), "unknown claim kind"),
    (lambda p: p.claim("k", kind="lemma", label="L", statement="  "), "empty statement"),
    (lambda p: p.claim("k", kind="lemma", label="L", statement="s").check(layer="symbolik"), "unknown layer"),
    (lambda p: p.claim("k", kind="lemma", label="L", statement="s").check(layer="numeric", requires=("tpu",)),
     "unknown requirement"),
    (lambda p: p.claim("k", kind="lemma", label="L", statement="s").check(layer="numeric", timeout=0), "timeout"),
    (lambda p: p.correction("k2", corrected_from="nope", label="L'", statement="s"), "unknown claim"),
], ids=["key", "kind", "statement", "layer", "requirement", "timeout", "correction"])
def test_bad_declarations_raise(call, message):
    paper = sr.Paper("t", title="t", authors="a", venue="v")
    with pytest.raises(sr.SymrnnError, match=message):
        call(paper)


def test_duplicate_keys_and_labels_are_refused():
    paper = sr.Paper("t", title="t", authors="a", venue="v")
    paper.claim("a1", kind="lemma", label="Lemma 1", statement="s")
    with pytest.raises(sr.InvalidClaim, match="twice"):
        paper.claim("a1", kind="lemma", label="Lemma 9", statement="s")
    with pytest.raises(sr.InvalidClaim, match="appears twice"):
        paper.claim("a2", kind="lemma", label="Lemma 1", statement="s")


# -- registry -------------------------------------------------------------------------
def test_registry_discovers_and_selects(demo):
    assert [c.id for c in demo.select(["demo"])] == ["demo.eq1", "demo.eq2", "demo.lemma3", "demo.thm4"]
    assert [c.id for c in demo.select(["demo.eq*"])] == ["demo.eq1", "demo.eq2"]
    assert demo.lint() == []
    with pytest.raises(sr.InvalidClaim, match="no claim matches 'nope'"):
        demo.select(["nope"])
    with pytest.raises(sr.InvalidClaim, match="no claim with id 'demo.eq9'"):
        demo.get("demo.eq9")


@pytest.mark.parametrize("text, message", [(NO_PAPER, "declares no paper"), (NO_CLAIMS, "declares no claims"),
                                           ("raise ValueError('x')\n", "failed to import")],
                         ids=["no-paper", "no-claims", "import-error"])
def test_bad_claim_files(tmp_path, text, message):
    with pytest.raises(sr.InvalidClaim, match=message):
        Registry.discover([write(tmp_path, "bad", text)])


def test_missing_path(tmp_path):
    with pytest.raises(sr.InvalidClaim, match="does not exist"):
        Registry.discover([tmp_path / "nowhere"])


def test_lint_finds_unknown_uses_and_cycles(tmp_path):
    text = ('import symrnn as sr\npaper = sr.Paper("g", title="t", authors="a", venue="v")\n'
            'paper.claim("a", kind="lemma", label="A", statement="s", uses=["b"])\n'
            'paper.claim("b", kind="lemma", label="B", statement="s", uses=["a", "zz"])\n')
    problems = Registry.discover([write(tmp_path, "g", text)]).lint()
    assert "g.b uses unknown claim g.zz" in problems
    assert any(p.startswith("cycle:") for p in problems)


# -- runner ---------------------------------------------------------------------------
def _run(reg, pattern, tmp_path, **kw):
    opts = RunOptions(cache=Cache(tmp_path / "cache"), **kw)
    return run_checks(reg.select([pattern]), opts)


def test_runner_verdicts_and_witness(demo, tmp_path):
    res = {r.claim_id: r for r in _run(demo, "demo", tmp_path)}
    assert res["demo.eq1"].verdict is Verdict.PROVED
    assert res["demo.eq2"].verdict is Verdict.REFUTED
    assert res["demo.eq2"].witnesses and "x" in res["demo.eq2"].witnesses[0].params
    w = res["demo.lemma3"].witnesses[0]
    assert res["demo.lemma3"].verdict is Verdict.REFUTED and list(w.params.items()) == [("n", "1"), ("k", "0")]
    # a claim file outside ./derivations: the printed command names it, so that it reproduces as printed
    assert w.replay.startswith("symrnn replay demo.lemma3 search n=1 k=0 --path ") and w.replay.endswith("demo.py")


def test_errors_and_vacuous_checks_are_errors(tmp_path):
    reg = Registry.discover([write(tmp_path, "broken", BROKEN)])
    res = {r.claim_id: r for r in _run(reg, "broken", tmp_path)}
    assert res["broken.eq1"].verdict is Verdict.ERROR and "boom" in res["broken.eq1"].error
    assert res["broken.eq2"].verdict is Verdict.ERROR and "vacuous" in res["broken.eq2"].summary


def test_timeout_gives_inconclusive(tmp_path):
    reg = Registry.discover([write(tmp_path, "slow", SLOW)])
    (res,) = _run(reg, "slow", tmp_path)
    assert res.verdict is Verdict.INCONCLUSIVE and "time ran out" in res.summary


def test_cache_hits_and_survives_corruption(demo, tmp_path):
    first = _run(demo, "demo.eq1", tmp_path)
    second = _run(demo, "demo.eq1", tmp_path)
    assert not first[0].cached and second[0].cached and second[0].verdict is first[0].verdict
    for f in (tmp_path / "cache").rglob("*.json"):
        f.write_text("{ truncated")        # an interrupted writer cannot do this, but a disk can
    third = _run(demo, "demo.eq1", tmp_path)
    assert not third[0].cached and third[0].verdict is Verdict.PROVED
    leftovers = list((tmp_path / "cache").rglob(".tmp-*"))
    assert leftovers == []


def test_parallel_jobs_match_serial(demo, tmp_path):
    serial = [(r.claim_id, r.verdict) for r in _run(demo, "demo", tmp_path / "a", jobs=1)]
    parallel = [(r.claim_id, r.verdict) for r in _run(demo, "demo", tmp_path / "b", jobs=3)]
    assert serial == parallel


def test_missing_requirement_skips(tmp_path, monkeypatch):
    text = ('import symrnn as sr\npaper = sr.Paper("req", title="t", authors="a", venue="v")\n'
            'c = paper.claim("e", kind="lemma", label="E", statement="s")\n'
            '@c.check(layer="empirical", requires=("gpu",))\ndef g(ctx):\n    raise AssertionError\n')
    reg = Registry.discover([write(tmp_path, "req", text)])
    monkeypatch.setattr("symrnn._runner.missing_requirement", lambda r: "no GPU: test")
    (res,) = _run(reg, "req", tmp_path)
    assert res.verdict is Verdict.SKIPPED and "no GPU" in res.summary


def test_result_json_round_trip(demo, tmp_path):
    for r in _run(demo, "demo", tmp_path):
        again = type(r).from_json(json.loads(json.dumps(r.to_json())))
        assert again == r


# -- context --------------------------------------------------------------------------
def ctx(replay=None):
    return CheckContext(claim_id="t.x", check_name="c", dps=30, seed=1, printed={}, replay=replay)


def test_identity_outcomes():
    x, y = sp.symbols("x y", positive=True)
    c = ctx()
    assert c.identity("ok", sp.sin(x) ** 2 + sp.cos(x) ** 2, 1) is Verdict.PROVED
    assert c.identity("bad", (x + y) ** 2, x ** 2 + y ** 2) is Verdict.REFUTED
    assert c.record.witnesses and set(c.record.witnesses[0].params) == {"x", "y"}


def test_refute_needs_a_confirming_replay():
    c = ctx(replay=None)
    assert c.refute("claim", {"n": "1"}, certificate="?") is Verdict.INCONCLUSIVE
    c = ctx(replay=lambda p, dps: {"violated": dps < 40})     # flips with precision: not confirmed
    assert c.refute("claim", {"n": "1"}, certificate="?") is Verdict.INCONCLUSIVE
    c = ctx(replay=lambda p, dps: {"violated": True, "values": {"v": 1}})
    assert c.refute("claim", {"n": "1"}, certificate="!") is Verdict.REFUTED


def test_exact_refuses_floats():
    with pytest.raises(sr.InternalError, match="float"):
        ctx().exact("t", 0.5, sp.Rational(1, 2))


def test_sign_and_no_violation():
    x = sp.Symbol("x", positive=True)
    c = ctx()
    assert c.sign("pos", x ** 2 + 1, "positive") is Verdict.PROVED
    assert c.sign("undecided", sp.Symbol("z", real=True), "positive") is Verdict.INCONCLUSIVE
    assert c.no_violation("none", points=0, detail="") is Verdict.INCONCLUSIVE


def test_search_returns_shrunk_counterexample():
    from hypothesis import strategies as st
    assert ctx().search(st.integers(0, 1000), lambda n: n * n > 50) == 8
    assert ctx().search(st.integers(0, 10), lambda n: n > 100) is None


def test_api_replay(tmp_path):
    path = str(write(tmp_path, "demo", DEMO))
    out = sr.replay("demo.lemma3", "search", paths=[path], n="3")
    assert out["violated"] is True and out["values"] == {"n^2": "9", "2n": "6"}
    with pytest.raises(sr.InvalidArgument, match="no check named"):
        sr.replay("demo.lemma3", "nope", paths=[path])


def test_seeded_rng_is_per_check():
    a, b = ctx(), ctx()
    assert a.rng.random() == b.rng.random()
    assert isinstance(a.rng, random.Random)


def test_same_as_claims_share_runs_and_verdicts(tmp_path):
    from ._claimfiles import TWIN
    reg = Registry.discover([write(tmp_path, "demo", DEMO), write(tmp_path, "twin", TWIN)])
    assert reg.lint() == []
    seen = []
    opts = RunOptions(cache=Cache(tmp_path / "cache"), resolve=reg.get, progress=lambda d, n, r: seen.append(r))
    res = run_checks(reg.select(["demo.eq1", "demo.eq2", "twin"]), opts)
    by = {(r.claim_id, r.check): r for r in res}
    assert by[("twin.eqa", "demo.eq1:expand")].verdict is Verdict.PROVED
    assert by[("twin.eqb", "demo.eq2:expand2")].verdict is Verdict.REFUTED
    assert by[("twin.eqb", "demo.eq2:expand2")].witnesses == by[("demo.eq2", "expand2")].witnesses
    assert len(seen) == 4 and len({f.name for f in (tmp_path / "cache").rglob("*.json")}) == 2   # ran twice, not four


def test_same_as_unknown_target_is_a_lint_problem(tmp_path):
    from ._claimfiles import TWIN
    reg = Registry.discover([write(tmp_path, "twin", TWIN.replace("demo.eq1", "demo.nope"))])
    assert "twin.eqa is declared the same as unknown claim demo.nope" in reg.lint()


def test_definitions_and_discursive_claims_need_no_check(tmp_path):
    from symrnn._ledger import outcomes
    text = '''
import symrnn as sr
paper = sr.Paper("disc", title="t", authors="a", venue="v", source="s", numbering="n")
d = paper.claim("def1", kind="definition", label="Definition 1", statement="x := 1")
r = paper.claim("rem2", kind="remark", label="Remark 2", statement="future work", discursive="an outlook")
u = paper.claim("rem3", kind="remark", label="Remark 3", statement="x = 1", uses=["def1", "rem2"])
'''
    reg = Registry.discover([write(tmp_path, "disc", text)])
    claims = reg.select(["disc"])
    outs = {o.claim.key: o for o in outcomes(reg, claims, [])}
    assert (outs["def1"].label, outs["def1"].status) == ("definition", "definition")
    assert (outs["rem2"].label, outs["rem2"].status) == ("discursive", "discursive")
    assert (outs["rem3"].label, outs["rem3"].status, outs["rem3"].blockers) == ("unchecked", "stated", [])
    with pytest.raises(sr.InvalidClaim, match="discursive"):
        @reg.get("disc.rem2").check(layer="symbolic")
        def nothing(ctx):
            pass


def test_confirmed_needs_predictions():
    ctx = CheckContext(claim_id="x.y", check_name="c", dps=30, seed=0, printed={}, replay=None)
    assert ctx.confirmed("nothing tested", predictions=0, detail="") is Verdict.INCONCLUSIVE
    # predictions that did not run through their controls are no evidence
    assert ctx.confirmed("two predictions held", predictions=2, detail="d") is Verdict.INCONCLUSIVE
    big = sr.Prediction("x > 1", lambda x: x > 1, positive=2, negative=0, controls="2 / 0")
    assert ctx.controlled([big, big], 3) == [True, True]
    # nor without the fidelity table
    assert ctx.confirmed("two predictions held", predictions=2, detail="d") is Verdict.INCONCLUSIVE
    assert "fidelity" in ctx.record.findings[-1].detail
    ctx.fidelity({a: "as printed" for a in sr.ASPECTS})
    assert ctx.confirmed("two predictions held", predictions=2, detail="d") is Verdict.CONFIRMED
