"""ctx.shared (issue 23): a computation several checks need runs once per run, and once per cache across runs, keyed
by its code, its arguments and the check settings; two checks running at once wait for one computation."""

import itertools
import textwrap

import pytest

from symrnn import Verdict
from symrnn._cache import Cache
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks

CLAIMS = '''
import os
import time
import symrnn as sr

paper = sr.Paper("share", title="Shared computation probes", authors="A", venue="V")
LOG = {log!r}


def train(n, scale):
    """the expensive part: each call leaves a line in LOG"""
    with open(LOG, "a") as fh:
        fh.write(f"{{n}} {{scale}} {{os.getpid()}}\\n")
    time.sleep(0.5)
    return [scale * i for i in range(n)]


for key in ("fig1", "fig2"):
    c = paper.claim(key, kind="figure", label=key, statement="s")

    @c.check(layer="numeric", name="uses_the_run")
    def _check(ctx, key=key):
        values = ctx.shared(train, 4, scale=2.0)
        ctx.exact_predicate("the shared run has the four values", values == [0.0, 2.0, 4.0, 6.0])

other = paper.claim("fig3", kind="figure", label="fig3", statement="s")


@other.check(layer="numeric")
def other_arguments(ctx):
    ctx.exact_predicate("another argument is another run", ctx.shared(train, 3, scale=2.0) == [0.0, 2.0, 4.0])

bad = paper.claim("fig4", kind="figure", label="fig4", statement="s")
EVENTS = LOG + ".events"

for key in ("fig5", "fig6"):
    c = paper.claim(key, kind="figure", label=key, statement="s")

    @c.check(layer="numeric", name="declares_what_it_shares", shares="the run of fig5 and fig6")
    def _declared(ctx, key=key):
        with open(EVENTS, "a") as fh:
            fh.write(f"start {{key}} {{time.time()}}\\n")
        values = ctx.shared(train, 5, scale=1.0)
        with open(EVENTS, "a") as fh:
            fh.write(f"end {{key}} {{time.time()}}\\n")
        ctx.exact_predicate("five values", len(values) == 5)


@bad.check(layer="numeric")
def not_plain(ctx):
    ctx.shared(train, object(), scale=1.0)
'''

_RUNS = itertools.count()


def _run(tmp_path, *, cache, jobs=2, edit=("", ""), select=("share",)):
    log = tmp_path / "calls.log"
    folder = tmp_path / f"run{next(_RUNS)}"          # a fresh module each time (the registry imports by path)
    folder.mkdir()
    path = folder / "share.py"
    path.write_text(textwrap.dedent(CLAIMS.format(log=str(log))).replace(*edit))
    reg = Registry.discover([path])
    results = run_checks(reg.select(list(select)), RunOptions(jobs=jobs, resolve=reg.get, cache=cache))
    calls = log.read_text().splitlines() if log.exists() else []
    return {r.claim_id: r for r in results}, calls


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_checks_share_one_computation_without_a_cache(tmp_path, jobs):
    res, calls = _run(tmp_path, cache=None, jobs=jobs)
    assert all(res[f"share.fig{i}"].verdict is Verdict.HOLDS for i in (1, 2, 3))
    # fig1 and fig2 ask for train(4, scale=2.0): one call, even when both run at once (jobs 2); fig3's arguments differ
    assert sorted(c.rsplit(" ", 1)[0] for c in calls) == ["3 2.0", "4 2.0", "5 1.0"]


def test_a_later_run_with_the_cache_reads_the_value(tmp_path):
    cache = Cache(tmp_path / "cache")
    _, calls = _run(tmp_path, cache=cache)
    assert len(calls) == 3
    # an edited check (its result is no longer cached) asks again for the same run: read back, not recomputed
    res, calls = _run(tmp_path, cache=cache, edit=("has the four values", "has its four values"))
    assert not res["share.fig1"].cached and res["share.fig1"].verdict is Verdict.HOLDS
    assert len(calls) == 3
    # editing the shared function's code computes it again (and the checks that call it run again)
    res, calls = _run(tmp_path, cache=cache, edit=("time.sleep(0.5)", "time.sleep(0.4)"))
    assert not res["share.fig1"].cached
    assert len(calls) == 6


def test_arguments_that_are_not_plain_data_are_an_error_of_the_check(tmp_path):
    res, _ = _run(tmp_path, cache=None)
    bad = res["share.fig4"]
    assert bad.verdict is Verdict.ERROR
    assert "plain data" in bad.error


def test_checks_that_declare_a_shared_computation_do_not_run_at_once(tmp_path):
    """fig5 and fig6 declare shares=...: with two jobs the runner starts the second only after the first ended (it
    reads the value instead of holding a job while it waits); fig1 and fig2, which declare nothing, may overlap (and
wait on the lock)."""
    res, calls = _run(tmp_path, cache=None, jobs=2, select=("share.fig5", "share.fig6"))
    assert res["share.fig5"].verdict is Verdict.HOLDS and res["share.fig6"].verdict is Verdict.HOLDS
    assert [c.rsplit(" ", 1)[0] for c in calls].count("5 1.0") == 1
    events = [line.split() for line in (tmp_path / "calls.log.events").read_text().splitlines()]
    assert [e[0] for e in events] == ["start", "end", "start", "end"]
