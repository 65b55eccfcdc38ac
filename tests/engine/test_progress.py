"""While a check runs, the progress shows it with its elapsed time and the time it took last run (issue 23)."""

import json
import textwrap
from types import SimpleNamespace

from click.testing import CliRunner

from symrnn._progress import Progress, ledger_estimates, timings_file
from symrnn.cli import main


def _result(claim_id, check, seconds, cached=False):
    return SimpleNamespace(cached=cached, seconds=seconds, claim_id=claim_id, check=check)


def _ledger(path, quick, checks):
    path.write_text(json.dumps({"settings": {"quick": quick}, "claims": [
        {"id": cid, "checks": [{"check": name, "seconds": s} for name, s in rows]} for cid, rows in checks.items()]}))
    return path


def test_each_mode_keeps_its_own_times(tmp_path):
    full = Progress(timings_file(tmp_path, quick=False), enabled=True)
    full.finished(_result("p.c", "fig", 480.0))
    quick = Progress(timings_file(tmp_path, quick=True), enabled=True)
    quick.finished(_result("p.c", "fig", 3.0))
    quick.finished(_result("p.d", "sym", 9.0, cached=True))        # took no time now: not an estimate
    assert Progress(timings_file(tmp_path, quick=False), enabled=True).estimate("p.c:fig") == 480.0
    again = Progress(timings_file(tmp_path, quick=True), enabled=True)
    assert again.estimate("p.c:fig") == 3.0 and again.estimate("p.d:sym") is None


def test_a_twin_is_timed_under_its_owners_label(tmp_path):
    bar = Progress(tmp_path / "t.json", enabled=True)
    bar.finished(_result("q.twin", "p.c:fig", 7.0))     # the runner relabels a same_as result owner:check
    assert bar.estimate("p.c:fig") == 7.0 and bar.estimate("q.twin:p.c:fig") is None


def test_ledgers_of_the_same_mode_serve_where_the_cache_has_no_time(tmp_path):
    quick = _ledger(tmp_path / "a.ledger.json", True, {"p.c": [("fig", 2.5)], "q.twin": [("p.d:sym", 4.0)]})
    full = _ledger(tmp_path / "b.ledger.json", False, {"p.c": [("fig", 300.0)], "p.e": [("sym", 0.0)]})
    (tmp_path / "bad.ledger.json").write_text("{ truncated")
    ledgers = [quick, full, tmp_path / "bad.ledger.json", tmp_path / "absent.ledger.json"]
    assert ledger_estimates(ledgers, quick=True) == {"p.c:fig": 2.5, "p.d:sym": 4.0}
    assert ledger_estimates(ledgers, quick=False) == {"p.c:fig": 300.0}
    bar = Progress(tmp_path / "timings.json", enabled=True, ledgers=ledgers, quick=False)
    assert bar.estimate("p.c:fig") == 300.0
    bar.finished(_result("p.c", "fig", 200.0))           # this cache folder's own time wins
    assert bar.estimate("p.c:fig") == 200.0


def test_terminal_line_shows_elapsed_and_last_time(tmp_path, capsys):
    bar = Progress(tmp_path / "timings.json", enabled=True)
    bar.finished(_result("p.c", "slow", 42.0))
    bar.tick(3, 10, [("p.c:slow", 12.4), ("p.d:new", 5.0), ("p.e:x", 1.0)])
    err = capsys.readouterr().err
    assert "[3/10] running p.c:slow 12s/~42s, p.d:new 5s +1" in err


def test_a_log_gets_one_line_per_minute_of_a_long_check(tmp_path, capsys):
    bar = Progress(tmp_path / "timings.json", enabled=False, log=True)
    bar.finished(_result("p.c", "slow", 300.0))
    for secs in (1.0, 59.0, 60.5, 61.5, 119.0):
        bar.tick(0, 2, [("p.c:slow", secs), ("p.d:quick", min(secs, 5.0))])
    assert capsys.readouterr().err == "[  0/2] still running p.c:slow 60s/~300s\n"
    bar.tick(0, 2, [("p.c:slow", 125.0)])
    assert capsys.readouterr().err == "[  0/2] still running p.c:slow 125s/~300s\n"
    silent = Progress(tmp_path / "timings.json", enabled=False)        # --quiet: nothing at all
    silent.tick(0, 1, [("p.c:slow", 600.0)])
    assert capsys.readouterr().err == ""


PAPER = '''
import symrnn as sr
paper = sr.Paper("prog", title="t", authors="a", venue="v")
c = paper.claim("a", kind="lemma", label="A", statement="s")

@c.check(layer="numeric", name="nap")
def _nap(ctx):
    __import__("time").sleep(0.6)
    ctx.exact_predicate("slept", True)
'''


def test_check_says_when_a_check_starts_how_long_it_took_last_run(tmp_path):
    (tmp_path / "prog.py").write_text(textwrap.dedent(PAPER))
    args = ["check", "prog", "--path", str(tmp_path / "prog.py"), "--quick", "--cache-dir", str(tmp_path / "cache"),
            "-o", str(tmp_path / "out"), "--no-cache"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert "prog.a:nap started" in first.stderr and "last run" not in first.stderr
    assert json.loads((tmp_path / "cache" / "timings-quick.json").read_text())["prog.a:nap"] >= 0.5
    second = CliRunner().invoke(main, args)
    assert second.exit_code == 0, second.output
    assert "prog.a:nap (last run 1s) started" in second.stderr
    # no time in this cache folder: the ledger of the last run (same mode) gives it
    third = CliRunner().invoke(main, [a if a != str(tmp_path / "cache") else str(tmp_path / "other") for a in args])
    assert third.exit_code == 0, third.output
    assert "prog.a:nap (last run 1s) started" in third.stderr
