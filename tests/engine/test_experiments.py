"""Experiments: every pre-registered prediction runs with a positive and a negative control, and a criterion that
fails its own controls is an error of the check (never evidence about the paper); the fidelity table has every
aspect, each departure with its reason; both reach the evidence, the ledger (JSON) and the report."""

from __future__ import annotations

import json
import textwrap

import pytest

import symrnn as sr
from symrnn import Verdict
from symrnn._context import CheckContext
from symrnn._experiments import ASPECTS, run_controls


def _ctx(fidelity=True):
    ctx = CheckContext(claim_id="x.fig", check_name="run", dps=30, seed=0, printed={}, replay=None)
    if fidelity:
        ctx.fidelity({a: "as printed" for a in ASPECTS})
    return ctx


RATIO_DROP = sr.Prediction("ratio < 0.5 for k >= 12", lambda r: all(v < 0.5 for k, v in r.items() if k >= 12),
                           positive={8: 2.0, 12: 0.1, 14: 0.05}, negative={8: 2.0, 12: 0.9, 14: 0.9},
                           controls="a step at k = 10 / no step")


def test_a_sound_criterion_decides_on_the_data():
    ctx = _ctx()
    assert ctx.predictions("transition", [RATIO_DROP], {8: 1.5, 12: 0.2, 14: 0.1}) is Verdict.CONFIRMED
    (c,) = ctx.record.controls
    assert (c.positive, c.negative, c.observed, c.sound) == ("passes", "fails", "held", True)
    ctx = _ctx()
    assert ctx.predictions("transition", [RATIO_DROP], {8: 0.2, 12: 0.7, 14: 0.7}, contradiction="no step",
                           against=True) is Verdict.INCONCLUSIVE
    assert ctx.record.findings[-1].against and "contradicts the prediction: no step" in ctx.record.findings[-1].detail


def test_a_criterion_that_fails_its_positive_control_is_an_error_of_the_check():
    """The case of a criterion stricter than the effect it looks for (an escape that needs a halving where the model
    can only reach 0.85 of the plateau): whatever the data, the check says nothing about the paper."""
    halving = sr.Prediction("the loss halves after the plateau", lambda drop: drop <= 0.5, positive=0.85,
                            negative=1.0, controls="a plateau left for the model's floor (0.85) / no escape")
    for data in (0.3, 0.9):
        ctx = _ctx()
        assert ctx.predictions("escape", [halving], data) is Verdict.INCONCLUSIVE
        f = ctx.record.findings[-1]
        assert f.title.startswith("error of the check") and not f.against and "positive control FAILS" in f.detail
        assert ctx.record.controls[0].observed == "not judged"
        # nothing positive or against can follow in the same check
        assert ctx.confirmed("escape", predictions=1, detail="") is Verdict.INCONCLUSIVE
        assert ctx.contradicted("escape", predictions=1, detail="", rerun=lambda: (True, "again")) is Verdict.INCONCLUSIVE
        assert not ctx.record.witnesses and not any(f.against for f in ctx.record.findings)


def test_a_criterion_that_passes_its_negative_control_cannot_fail():
    vacuous = sr.Prediction("ratio <= 1e9", lambda r: r <= 1e9, positive=0.1, negative=5.0, controls="0.1 / 5")
    (c,) = run_controls([vacuous], 0.2)
    assert c.positive == "passes" and c.negative == "PASSES (the criterion cannot fail)" and not c.sound


def test_a_criterion_that_crashes_or_returns_no_bool_is_reported():
    crash = sr.Prediction("k*", lambda r: r["k"] > 1, positive={"k": 3}, negative={}, controls="")
    (c,) = run_controls([crash], {"k": 2})
    assert not c.sound and "raises KeyError" in c.negative
    vague = sr.Prediction("vague", lambda r: r, positive=1.0, negative=0.0)
    (c,) = run_controls([vague], 1.0)
    assert not c.sound and "not a bool" in c.positive
    with pytest.raises(sr.InvalidArgument, match="at least one"):
        run_controls([], 1)
    with pytest.raises(sr.InvalidArgument, match="Prediction"):
        run_controls([("text", True)], 1)


def test_confirmed_needs_the_fidelity_table():
    ctx = _ctx(fidelity=False)
    assert ctx.predictions("transition", [RATIO_DROP], {8: 1.5, 12: 0.2, 14: 0.1}) is Verdict.INCONCLUSIVE
    assert "no fidelity table" in ctx.record.findings[-1].detail


def test_confirmed_needs_each_prediction_controlled_and_held():
    ctx = _ctx()
    assert ctx.controlled([RATIO_DROP], {8: 3.0, 12: 0.9}) == [False]
    # one prediction controlled but failed: reporting it as held is refused
    assert ctx.confirmed("transition", predictions=1, detail="") is Verdict.INCONCLUSIVE


FULL = {a: f"the paper's {a}" for a in ASPECTS}


def test_the_fidelity_table_has_every_aspect_and_a_reason_for_each_departure():
    ctx = _ctx()
    ctx.fidelity(dict(FULL, steps=("50 000", "15 000", "the CPU budget of the full mode")))
    rows = {r.aspect: r for r in ctx.record.fidelity}
    assert list(rows) == list(ASPECTS) and rows["steps"].departure == "the CPU budget of the full mode"
    assert rows["model"].paper == rows["model"].ours and rows["model"].departure == ""
    for bad, message in ((dict(FULL, steps=("50 000", "15 000")), "reason"),
                         ({k: v for k, v in FULL.items() if k != "teacher"}, "missing: teacher"),
                         (dict(FULL, colour="red"), "unknown: colour"), (dict(FULL, loss=""), "reason")):
        with pytest.raises(sr.InvalidArgument, match=message):
            ctx.fidelity(bad)


CLAIM_FILE = '''
import symrnn as sr

paper = sr.Paper("expt", title="t", authors="a", venue="v")
c = paper.claim("fig1", kind="figure", label="Figure 1", statement="the ratio drops after k = 10")


@c.check(layer="empirical")
def run(ctx):
    ctx.fidelity({a: "as printed" for a in sr.ASPECTS} | {"steps": ("50 000", "500", "quick")})
    drop = sr.Prediction("ratio < 0.5 for k >= 12", lambda r: all(v < 0.5 for k, v in r.items() if k >= 12),
                         positive={8: 2.0, 12: 0.1}, negative={8: 2.0, 12: 0.9}, controls="a step / none")
    ctx.predictions("transition", [drop], {8: 1.5, 12: 0.2})
'''


def test_controls_and_fidelity_reach_the_ledger_and_the_report(tmp_path):
    from click.testing import CliRunner

    from symrnn.cli import main

    (tmp_path / "expt.py").write_text(textwrap.dedent(CLAIM_FILE))
    out = CliRunner().invoke(main, ["check", "expt", "--path", str(tmp_path / "expt.py"), "--json", "--no-cache",
                                    "--quiet", "--out", str(tmp_path / "out")])
    assert out.exit_code == 0, out.output
    (claim,) = json.loads(out.output[out.output.index("[\n"):])
    (check,) = claim["checks"]
    assert claim["verdict"] == "confirmed"
    assert check["controls"][0]["positive"] == "passes" and check["controls"][0]["observed"] == "held"
    assert check["fidelity"][6] == {"aspect": "steps", "paper": "50 000", "ours": "500", "departure": "quick"}
    from symrnn._evidence import CheckResult

    assert CheckResult.from_json(check).controls[0].sound
    rep = CliRunner().invoke(main, ["report", "expt", "--path", str(tmp_path / "expt.py"), "--no-cache", "--no-pdf",
                                    "--out", str(tmp_path / "rep")])
    assert rep.exit_code == 0, rep.output
    tex = (tmp_path / "rep" / "expt.tex").read_text()
    assert "Fidelity: the paper's set-up" in tex and "Controls: each criterion" in tex and "a step / none" in tex


def test_an_experiment_over_the_choices_a_paper_leaves_open():
    """ctx.predictions_over (issue 20, item 3): confirmed only when every prediction holds at every choice; a prediction
    that fails at some choices and holds at others makes the outcome depend on the choice (not evidence against); one
    that fails at every choice in full mode is evidence against; at the quick size it is not."""
    held = {8: 1.5, 12: 0.2, 14: 0.1}
    flat = {8: 0.2, 12: 0.7, 14: 0.7}
    ctx = _ctx()
    assert ctx.predictions_over("step size", [RATIO_DROP], {"lr 1": held, "lr 0.3": held}, over=("step size",)) \
        is Verdict.CONFIRMED
    (c,) = ctx.record.controls
    assert c.sound and c.prediction.endswith("at every step size")
    (table,) = ctx.record.tables
    assert [row[0] for row in table.rows] == ["lr 1", "lr 0.3"]
    ctx = _ctx()
    assert ctx.predictions_over("step size", [RATIO_DROP], {"lr 1": held, "lr 0.3": flat}, over=("step size",)) \
        is Verdict.INCONCLUSIVE
    f = ctx.record.findings[-1]
    assert not f.against and "depends on the step size" in f.detail and "held at 1 of 2" in f.detail
    ctx = _ctx()
    ctx.predictions_over("step size", [RATIO_DROP], {"lr 1": flat, "lr 0.3": flat}, over=("step size",))
    assert ctx.record.findings[-1].against and "survives the open choices" in ctx.record.findings[-1].detail
    ctx = _ctx()
    ctx.quick = True
    ctx.predictions_over("step size", [RATIO_DROP], {"lr 1": flat, "lr 0.3": flat}, over=("step size",))
    assert not ctx.record.findings[-1].against and "quick size" in ctx.record.findings[-1].detail
