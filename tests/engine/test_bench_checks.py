"""`make bench`'s report of where the checking time goes (tests/benchmarks/bench_checks.py): its reading of the
ledgers and its tables, on made-up ledgers (no check runs here)."""

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_checks.py"
_spec = importlib.util.spec_from_file_location("bench_checks", _PATH)
bench = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("bench_checks", bench)     # dataclasses look their module up there
_spec.loader.exec_module(bench)


def _check(name, seconds, cpu=None, cached=False):
    out = {"check": name, "seconds": seconds, "cached": cached}
    if cpu is not None:
        out["cpu_seconds"] = cpu
    return out


LEDGER = {"claims": [
    {"id": "p.a", "checks": [_check("sym", 2.0, 1.5), _check("num", 6.0, 5.0)]},
    # a same_as twin: p.a's computation listed again under p.b, labelled owner:check
    {"id": "p.b", "checks": [_check("p.a:num", 6.0, 5.0)]},
    # q.x is owned by another paper's claim that this ledger does not list: its one run counts here
    {"id": "p.c", "checks": [_check("q.x:fig", 12.0, 20.0)]},
    {"id": "p.d", "checks": [_check("old", 99.0, 99.0, cached=True)]},
    {"id": "p.e", "carried_over": True, "checks": [_check("kept", 50.0, 50.0)]},
    {"id": "p.f", "checks": []},
]}


def test_check_times_counts_each_computation_once():
    times = bench.check_times(LEDGER)
    assert [(t.label, t.wall, t.cpu) for t in times] == [
        ("p.a:sym", 2.0, 1.5), ("p.a:num", 6.0, 5.0), ("p.c:q.x:fig", 12.0, 20.0)]


def test_costliest_orders_by_wall_time_with_shares():
    top = bench.costliest(bench.check_times(LEDGER), n=2)
    assert [(t.label, round(share, 3)) for t, share in top] == [("p.c:q.x:fig", 0.6), ("p.a:num", 0.3)]
    assert bench.costliest([], n=3) == []


def test_costliest_table_shows_cpu_or_a_dash_for_old_ledgers():
    text = bench.format_costliest("p", "quick", bench.check_times(LEDGER), n=10)
    assert "3 checks, 20.0 s wall / 26.5 s CPU" in text
    assert "60.0%  p.c:q.x:fig" in text and "the 3 costliest" in text
    old = {"claims": [{"id": "p.a", "checks": [{"check": "sym", "seconds": 4.0}]}]}
    text = bench.format_costliest("p", "full", bench.check_times(old))
    assert "CPU" not in text.splitlines()[0] and "     -" in text and "100.0%  p.a:sym" in text


def _run(side, paper, mode, wall, cpu, rc=0):
    return bench.Run(side, paper, mode, wall, cpu, (1.0, 0, 0), (2.5, 0, 0), rc)


def test_comparison_prints_ratios_and_load_beside_them():
    runs = [_run("tree", "p", "quick", 30.0, 25.0), _run("abc123", "p", "quick", 60.0, 50.0),
            _run("abc123", "q", "quick", 10.0, 10.0), _run("tree", "q", "quick", 10.0, 12.0, rc=2)]
    lines = bench.format_comparison(runs, "tree", "abc123").splitlines()
    p = next(ln for ln in lines if ln.strip().startswith("p "))
    assert p.count(" 0.50x") == 2 and "1.00 -> 2.50; 1.00 -> 2.50" in p
    q = next(ln for ln in lines if ln.strip().startswith("q "))
    assert " 1.00x" in q and " 1.20x" in q and "[tree exit 2]" in q
    total = next(ln for ln in lines if ln.strip().startswith("all "))
    assert "40.0s" in total and "70.0s" in total and " 0.57x" in total


def test_arguments():
    a = bench.parse_args(["--papers", "ck2023, li2022", "--quick"])
    assert a.papers == ["ck2023", "li2022"] and a.quick_only and a.against == "HEAD~1" and a.top == 10
    assert not bench.parse_args([]).quick_only and bench.parse_args([]).papers == list(bench.PAPERS)
    for bad in (["--papers", ","], ["--jobs", "0"]):
        with pytest.raises(SystemExit):
            bench.parse_args(bad)


def test_the_warm_report_lines_name_both_sides_and_their_ratio():
    reports = [bench.Report("working tree", 200.0, 9.0, 8.5, (1.0, 1.0, 1.0), (0, 0)),
               bench.Report("abc1234", 210.0, 36.0, 34.0, (1.5, 1.0, 1.0), (0, 0))]
    text = bench.format_reports(reports, "working tree", "abc1234")
    assert "working tree     warm    9.0 s wall" in text and "abc1234          warm   36.0 s wall" in text
    assert "ratio working tree / abc1234: warm 0.25x" in text
