"""A worker runs check after check (symrnn._workers): the checks of one module share its process, each starts from
the process state a worker of its own would have had, and a crash, a time limit or too much memory costs only that
worker."""

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from symrnn import _workers
from symrnn._cache import Cache
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks
from symrnn._verdict import Verdict

POOL = '''
import os
import random
import time
import warnings

import mpmath
import symrnn as sr

LOG = {log!r}
paper = sr.Paper("pool", title="t", authors="a", venue="v")


def note(tag):
    with open(LOG, "a") as fh:
        fh.write(f"{{tag}} {{os.getpid()}}\\n")


a = paper.claim("a", kind="lemma", label="A", statement="s")


@a.check(layer="numeric", name="changes_the_process")
def changes_the_process(ctx):
    note("a")
    mpmath.mp.dps = 80
    os.environ["SYMRNN_TEST_LEAK"] = "1"
    random.seed(7)
    warnings.filterwarnings("error", message="symrnn test leak")
    os.chdir("/")
    ctx.exact_predicate("ran", True)


b = paper.claim("b", kind="lemma", label="B", statement="s")


@b.check(layer="numeric", name="finds_it_as_new")
def finds_it_as_new(ctx):
    note("b")
    ctx.exact_predicate("mpmath at its default precision", mpmath.mp.dps == 15)
    ctx.exact_predicate("no variable set by another check", "SYMRNN_TEST_LEAK" not in os.environ)
    ctx.exact_predicate("no warning filter set by another check", 
                       all(getattr(f[1], "pattern", None) != "symrnn test leak" for f in warnings.filters))
    ctx.exact_predicate("the working directory of the run", os.getcwd() != "/")
    ctx.exact_predicate("random not reseeded by another check", random.random() != random.Random(7).random())


c = paper.claim("c", kind="lemma", label="C", statement="s")


@c.check(layer="numeric", name="dies")
def dies(ctx):
    note("c")
    os._exit(3)


e = paper.claim("e", kind="lemma", label="E", statement="s")


@e.check(layer="numeric", name="sleeps", timeout=1)
def sleeps(ctx):
    note("e")
    time.sleep(60)


t1 = paper.claim("t1", kind="lemma", label="T1", statement="s")


@t1.check(layer="empirical", name="changes_torch", requires=("torch",))
def changes_torch(ctx):
    import torch

    note("t1")
    note(f"threads-{{torch.get_num_threads()}}")
    torch.set_num_threads(torch.get_num_threads() + 1)
    torch.manual_seed(7)
    torch.set_default_dtype(torch.float64)
    torch.set_grad_enabled(False)
    ctx.exact_predicate("ran", True)


t2 = paper.claim("t2", kind="lemma", label="T2", statement="s")


@t2.check(layer="empirical", name="finds_torch_as_new", requires=("torch",))
def finds_torch_as_new(ctx):
    import torch

    note("t2")
    note(f"threads-{{torch.get_num_threads()}}")
    ctx.exact_predicate("float32 by default", torch.get_default_dtype() == torch.float32)
    ctx.exact_predicate("gradients on", torch.is_grad_enabled())
    ctx.exact_predicate("global generator not reseeded",
                        torch.rand(1).item() != torch.rand(1, generator=torch.Generator().manual_seed(7)).item())


i1 = paper.claim("i1", kind="lemma", label="I1", statement="s")


@i1.check(layer="numeric", name="imports_torch")
def imports_torch(ctx):
    note("i1")
    __import__("torch")
    ctx.exact_predicate("ran", True)


d = paper.claim("d", kind="lemma", label="D", statement="s")


@d.check(layer="numeric", name="after")
def after(ctx):
    note("d")
    ctx.exact_predicate("ran", True)
'''


def _run(tmp_path: Path, keys, **kw):
    log = tmp_path / "pids.log"
    path = tmp_path / "pool.py"
    path.write_text(POOL.format(log=str(log)))
    reg = Registry.discover([path])
    res = run_checks(reg.select([f"pool.{k}" for k in keys]), RunOptions(cache=Cache(tmp_path / "cache"), **kw))
    pids = {}
    for line in log.read_text().splitlines():
        tag, pid = line.split()
        pids[tag] = int(pid)
    return {r.claim_id.split(".")[1]: r for r in res}, pids


def test_checks_of_one_module_share_a_worker_and_each_starts_from_a_clean_process(tmp_path):
    res, pids = _run(tmp_path, "ab", jobs=1)
    assert res["a"].verdict.positive and res["b"].verdict.positive, res["b"].summary
    assert pids["a"] == pids["b"]


def test_fresh_workers_give_each_check_its_own_process(tmp_path):
    res, pids = _run(tmp_path, "ab", jobs=1, fresh_workers=True)
    assert res["b"].verdict.positive and pids["a"] != pids["b"]


def test_a_worker_that_holds_too_much_memory_is_retired(tmp_path, monkeypatch):
    monkeypatch.setattr(_workers, "RETIRE_MIB", 0)
    res, pids = _run(tmp_path, "ab", jobs=1)
    assert res["b"].verdict.positive and pids["a"] != pids["b"]


def test_a_crashed_worker_costs_only_its_check(tmp_path):
    res, pids = _run(tmp_path, "cd", jobs=1)
    assert res["c"].verdict is Verdict.ERROR and res["c"].summary == "error: worker crashed"
    assert "exited with code 3" in res["c"].error
    assert res["d"].verdict.positive and pids["d"] != pids["c"]


def test_a_check_past_its_limit_costs_only_its_worker(tmp_path):
    res, pids = _run(tmp_path, "ed", jobs=1)
    assert res["e"].verdict is Verdict.INCONCLUSIVE and "time ran out after 1 s" in res["e"].summary
    # the next check ran, in another worker (under load the killed one may not have started its check at all)
    assert res["d"].verdict.positive and pids.get("e") != pids["d"]


def test_training_checks_share_a_worker_with_torch_as_new(tmp_path):
    pytest.importorskip("torch")
    res, pids = _run(tmp_path, ["t1", "t2"], jobs=1)
    assert res["t1"].verdict.positive and res["t2"].verdict.positive, res["t2"].summary
    assert pids["t1"] == pids["t2"]
    assert len([tag for tag in pids if tag.startswith("threads-")]) == 1      # both saw the same thread count


def test_a_worker_that_loaded_torch_itself_runs_no_further_check(tmp_path):
    """Run where torch is not loaded before the workers fork (a fresh interpreter, no training check pending)."""
    pytest.importorskip("torch")
    path = tmp_path / "pool.py"
    path.write_text(POOL.format(log=str(tmp_path / "pids.log")))
    script = ("import json, sys; from symrnn._registry import Registry; from symrnn._runner import RunOptions, "
              f"run_checks; reg = Registry.discover([{str(path)!r}]); "
              "res = run_checks(reg.select(['pool.i1', 'pool.d']), RunOptions(jobs=1)); "
              "print(json.dumps([r.verdict.positive for r in res] + ['torch' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert json.loads(out.stdout) == [True, True, False], out.stderr
    pids = dict(line.split() for line in (tmp_path / "pids.log").read_text().splitlines())
    assert pids["i1"] != pids["d"]


def _task(module, requires=(), shares=()):
    check = SimpleNamespace(fn=SimpleNamespace(__module__=module), requires=requires, shares=shares)
    return SimpleNamespace(check=check)


@pytest.fixture
def tasks():
    return [_task("m1"), _task("m1"), _task("m2"), _task("m2", requires=("gpu",)), _task("m3", shares=("x",))]


def test_a_worker_goes_on_with_its_module_and_a_new_one_takes_a_module_nobody_runs(tasks):
    opts = SimpleNamespace(fresh_workers=False)
    on_m2 = _workers._Worker(None, None, module="m2")
    on_m1 = _workers._Worker(None, None, module="m1", task=0)
    assert _workers._choose([1, 4, 2], tasks, [on_m1, on_m2], on_m2, opts) == 2
    assert _workers._choose([1, 4, 2], tasks, [on_m1], None, opts) == 4
    # a check on the GPU never goes to a worker that has run other checks, and such a worker runs nothing after it
    assert _workers._choose([3, 4], tasks, [on_m1, on_m2], on_m2, opts) == 4
    assert _workers._choose([3], tasks, [on_m1], None, opts) == 3
    assert _workers._choose([1], tasks, [], _workers._Worker(None, None, module="m1", single=True), opts) is None
    # a check sharing a computation with a running one waits
    busy = _workers._Worker(None, None, module="m3", task=4)
    assert _workers._choose([4], tasks, [busy], None, opts) is None


def test_the_fresh_workers_option_of_the_command_line(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from symrnn.cli import main

    monkeypatch.setenv("SYMRNN_FRESH_WORKERS", "")      # restored after the test (the option sets it in-process)
    (tmp_path / "pool.py").write_text(POOL.format(log=str(tmp_path / "pids.log")))
    pids = []
    for extra in ([], ["--fresh-workers"]):
        (tmp_path / "pids.log").unlink(missing_ok=True)
        out = CliRunner().invoke(main, ["check", "pool.a", "pool.b", "--path", str(tmp_path / "pool.py"), "--jobs",
                                        "1", "--no-cache", "-q", "-o", str(tmp_path / "out"), *extra])
        assert out.exit_code == 0, out.output
        pids.append(dict(line.split() for line in (tmp_path / "pids.log").read_text().splitlines()))
    assert pids[0]["a"] == pids[0]["b"] and pids[1]["a"] != pids[1]["b"]
