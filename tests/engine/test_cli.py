"""The command line: exit codes, one-line messages, ledger, report, replay."""

import json

import pytest
from click.testing import CliRunner

from symrnn.cli import main

from ._claimfiles import BROKEN, DEMO


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo.py").write_text(DEMO)
    (tmp_path / "broken.py").write_text(BROKEN)
    monkeypatch.setenv("SYMRNN_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_list(env):
    out = run("list", "--path", "demo.py")
    assert out.exit_code == 0
    assert [line.split()[0] for line in out.output.splitlines()] == ["demo.eq1", "demo.eq2", "demo.lemma3", "demo.thm4"]


def test_check_with_refutations_exits_zero_and_writes_ledger(env):
    out = run("check", "demo", "--path", "demo.py", "-o", "out")
    assert out.exit_code == 0, out.output
    assert "witness: symrnn replay demo.lemma3 search n=1" in out.output
    ledger = json.loads((env / "out" / "demo.ledger.json").read_text())
    verdicts = {c["id"]: (c["verdict"], c["status"]) for c in ledger["claims"]}
    assert verdicts == {"demo.eq1": ("proved", "fully_checked"), "demo.eq2": ("refuted", "refuted"),
                        "demo.lemma3": ("refuted", "refuted"), "demo.thm4": (None, "stated")}
    assert ledger["settings"] == {"dps": 50, "seed": 0, "quick": False}


def test_status_reflects_dependencies(env):
    out = run("check", "demo.lemma3", "--path", "demo.py", "--json", "-o", "out")
    data = json.loads(out.stdout)
    assert data[0]["status"] == "refuted"


@pytest.mark.parametrize("args, code, message", [
    (("check", "nosuch", "--path", "demo.py"), 2, "no claim matches 'nosuch'"),
    (("show", "demo.eq9", "--path", "demo.py"), 2, "no claim with id 'demo.eq9'"),
    (("check", "demo", "--path", "missing.py"), 2, "does not exist"),
    (("check", "demo", "--path", "demo.py", "--jobs", "0"), 2, "--jobs must be at least 1"),
    (("check", "demo", "--path", "demo.py", "--dps", "5"), 2, "dps must be at least 15"),
    (("replay", "demo.lemma3", "search", "n", "--path", "demo.py"), 2, "not key=value"),
    (("replay", "demo.lemma3", "nope", "--path", "demo.py"), 2, "no check named 'nope'"),
    (("check", "broken", "--path", "broken.py"), 1, "2 check(s) crashed"),
], ids=["unknown-pattern", "unknown-id", "missing-path", "jobs-0", "low-dps", "bad-witness", "unknown-check",
        "crashing-check"])
def test_bad_requests_exit_nonzero_with_one_line(env, args, code, message):
    out = CliRunner().invoke(main, list(args))
    assert out.exit_code == code, out.output
    assert message in out.output
    assert "Traceback" not in out.output


def test_show_and_replay(env):
    run("check", "demo", "--path", "demo.py", "-o", "out")
    shown = run("show", "demo.eq2", "--path", "demo.py")
    assert shown.exit_code == 0
    assert "claim eq2 (uses demo.eq1 proved) := by symbolic(expand2, about all)" in shown.output
    replayed = run("replay", "demo.lemma3", "search", "n=2", "--path", "demo.py")
    assert json.loads(replayed.output) == {"violated": False, "values": {"n^2": "4", "2n": "4"}, "dps": 50, "hypotheses": []}


def test_report_is_byte_identical_on_rerun(env):
    first = run("report", "demo", "--path", "demo.py", "-o", "out", "--no-pdf")
    assert first.exit_code == 0, first.output
    tex = (env / "out" / "demo.tex").read_bytes()
    second = run("report", "demo", "--path", "demo.py", "-o", "out", "--no-pdf", "--no-cache")
    assert second.exit_code == 0
    assert (env / "out" / "demo.tex").read_bytes() == tex
    cached = run("report", "demo", "--path", "demo.py", "-o", "out", "--no-pdf")     # results read from the cache
    assert cached.exit_code == 0 and "(cached)" in cached.output
    assert (env / "out" / "demo.tex").read_bytes() == tex
    text = tex.decode()
    # findings first: refuted claims are listed in the findings section before the claims
    assert text.index(r"\section*{Findings}") < text.index(r"\section*{Claims in paper order}")
    assert "symrnn replay demo.lemma3 search n=1 k=0".replace("_", r"\_") in text
