"""Interruption is a first-class path (issue 12): real runs are interrupted with SIGINT and SIGTERM;
finished results are kept in the cache and merged into the ledger, the message says what was kept,
and no worker outlives its parent."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PAPER = '''
import time
import symrnn as sr
paper = sr.Paper("intr", title="t", authors="a", venue="v")
for key in ("a", "b", "c"):
    c = paper.claim(key, kind="lemma", label=key.upper(), statement="s")

    @c.check(layer="numeric", name="quick")
    def _quick(ctx):
        ctx.exact_predicate("fast", True)

slow = paper.claim("z", kind="lemma", label="Z", statement="s")

@slow.check(layer="numeric", name="slow")
def _slow(ctx):
    # written whole, then renamed: the test never reads a marker that exists but is still empty
    open(ctx.printed["marker"] + ".tmp", "w").write(str(__import__("os").getpid()))
    __import__("os").replace(ctx.printed["marker"] + ".tmp", ctx.printed["marker"])
    time.sleep(120)
    ctx.exact_predicate("slow", True)
'''


def start(tmp_path: Path, *extra):
    marker = tmp_path / "worker.pid"
    (tmp_path / "intr.py").write_text(PAPER.replace('ctx.printed["marker"]', repr(str(marker))))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    # a shell that runs the tests in the background ignores SIGINT, and its children inherit that:
    # give the command the default disposition, as an interactive terminal would
    proc = subprocess.Popen([sys.executable, "-m", "symrnn", "check", "intr", "--path", "intr.py", "--jobs", "1",
                             "--cache-dir", "cache", "-o", "out", "-q", *extra], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not marker.exists():                 # the three quick checks are done, the slow one runs
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            pytest.fail(f"the run did not reach its slow check: {proc.communicate()}")
        time.sleep(0.1)
    return proc, int(marker.read_text())


def finish(proc, timeout=60):
    """Wait for the interrupted run; never leave it running (a leaked process fails later tests)."""
    try:
        return proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as fh:          # a zombie is dead
        return fh.read().split()[2] != "Z"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_check_keeps_what_finished_and_leaves_no_worker(tmp_path, sig):
    proc, worker = start(tmp_path)
    time.sleep(0.5)
    proc.send_signal(sig)
    out, err = finish(proc)
    assert proc.returncode == 130, err
    assert "3 of 4 checks finished; the 3 finished are cached" in err
    time.sleep(0.5)
    assert worker and not alive(worker)
    ledger = json.loads((tmp_path / "out" / "intr.ledger.json").read_text())
    verdicts = {c["id"]: c["verdict"] for c in ledger["claims"]}
    assert verdicts == {"intr.a": "holds", "intr.b": "holds", "intr.c": "holds", "intr.z": None}
    assert len([p for p in (tmp_path / "cache").rglob("*.json") if p.name != "timings.json"]) == 3


def test_without_cache_the_message_says_nothing_was_cached_and_the_ledger_keeps_previous_entries(tmp_path):
    proc, _ = start(tmp_path)                 # a first, cached run: a, b, c decided
    proc.send_signal(signal.SIGINT)
    finish(proc)
    (tmp_path / "worker.pid").unlink()
    proc, _ = start(tmp_path, "--no-cache")
    proc.send_signal(signal.SIGINT)
    _, err = finish(proc)
    assert proc.returncode == 130 and "--no-cache: the 3 finished are not cached" in err
    ledger = json.loads((tmp_path / "out" / "intr.ledger.json").read_text())
    assert [c["verdict"] for c in ledger["claims"]][:3] == ["holds"] * 3


def test_progress_line_names_running_checks_with_their_usual_time(tmp_path, capsys):
    from types import SimpleNamespace

    from symrnn._progress import Progress

    bar = Progress(tmp_path / "timings.json", enabled=True)
    bar.finished(SimpleNamespace(cached=False, seconds=42.0, claim_id="p.c", check="slow"))
    again = Progress(tmp_path / "timings.json", enabled=True)       # estimates persist between runs
    again.tick(3, 10, [("p.c:slow", 12.4)])
    err = capsys.readouterr().err
    assert "[3/10] running p.c:slow 12s/~42s" in err
    quiet = Progress(tmp_path / "timings.json", enabled=False)        # not a terminal: nothing
    quiet.tick(3, 10, [("p.c:slow", 1.0)])
    assert capsys.readouterr().err == ""


SLEEPERS = '''
import os
import time
import symrnn as sr
paper = sr.Paper("nap", title="t", authors="a", venue="v")
for key, nap in (("a", 0.3), ("b", 0.9), ("c", 0.6), ("d", 1.5), ("e", 0.45), ("f", 1.2)):
    c = paper.claim(key, kind="lemma", label=key.upper(), statement="s")

    def _nap(ctx, key=key, nap=nap):
        open(os.path.join(FOLDER, "started-" + key), "w").close()
        time.sleep(nap)
        ctx.exact_predicate("slept", True)
    c.check(layer="numeric", name="nap")(_nap)
'''


def test_interrupts_at_any_moment_exit_130_with_the_ledger_of_what_finished(tmp_path):
    """Issue 19: about one interrupt in three of `check --jobs 2` ended "Aborted!", exit 1, no ledger (a signal
    during the cleanup raised again). Interrupted at different moments, some twice in a row (the second during the
    cleanup of the first), every run exits 130 and writes a ledger whose decided claims are the finished ones."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    # (first signal, seconds after the first check started, seconds until a second signal or None, sent to the
    # whole process group as a terminal's Ctrl-C is); the checks take about 2.5 s with two jobs, so every signal
    # arrives while the command runs
    plans = [(signal.SIGINT, 0.0, None, True), (signal.SIGTERM, 0.05, 0.0, False), (signal.SIGINT, 0.25, 0.002, False),
             (signal.SIGTERM, 0.5, None, True), (signal.SIGTERM, 0.8, 0.01, True), (signal.SIGINT, 1.2, 0.0, False)]
    for n, (sig, delay, again, group) in enumerate(plans):
        run = tmp_path / f"run{n}"
        run.mkdir()
        (run / "nap.py").write_text(f"FOLDER = {str(run)!r}\n" + SLEEPERS)
        proc = subprocess.Popen([sys.executable, "-m", "symrnn", "check", "nap", "--path", "nap.py", "--jobs", "2",
                                 "--cache-dir", "cache", "-o", "out", "-q"], cwd=run, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        send = (lambda s: os.killpg(proc.pid, s)) if group else proc.send_signal
        deadline = time.monotonic() + 60
        while not list(run.glob("started-*")):         # the run is under way
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                pytest.fail(f"run {n} did not start its checks: {proc.communicate()}")
            time.sleep(0.01)
        time.sleep(delay)
        send(sig)
        if again is not None:
            time.sleep(again)
            try:
                send(signal.SIGINT if sig == signal.SIGTERM else signal.SIGTERM)
            except ProcessLookupError:
                pass
        _, err = finish(proc)
        where = f"run {n} (delay {delay}, again {again}, group {group}): {err[-600:]}"
        assert proc.returncode == 130, where
        assert "Aborted" not in err and "Traceback" not in err, where
        ledger = json.loads((run / "out" / "nap.ledger.json").read_text())
        decided = [c["id"] for c in ledger["claims"] if c["verdict"] is not None]
        assert f"interrupted: {len(decided)} of 6 checks finished" in err, where
        assert all(c["verdict"] in (None, "holds") for c in ledger["claims"]), where


def test_an_interrupt_of_another_command_exits_130_not_aborted(monkeypatch):
    """`symrnn replay` (or show, list) interrupted: exit 130 with one line, not click's "Aborted!" and exit 1."""
    from click.testing import CliRunner

    import symrnn._api as api
    from symrnn.cli import main

    def interrupted(*a, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "replay", interrupted)
    out = CliRunner().invoke(main, ["replay", "x.y", "check", "a=1"])
    assert out.exit_code == 130 and "interrupted" in out.output and "Aborted" not in out.output, out.output
