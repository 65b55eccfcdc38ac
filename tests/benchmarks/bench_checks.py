"""Where the checking time goes (issue 23; `make bench` or `make bench-checks`, not part of the test suite).

For each paper, and for the quick mode (and the full mode unless --quick-only), one cold run of
`symrnn check <paper>` (a fresh cache folder) of the working tree and one of another git revision
(default HEAD~1: on main, the previous main), in the same invocation and alternating, so that both meet the
same machine. Printed: the ten costliest checks of each paper in the working tree's run (wall and CPU seconds
as the ledger records them, share of the paper's total), then the wall and CPU seconds of both runs with their
ratios and the load average before and after each run (the machines are shared: CPU time is the fairer measure).

The other revision is checked out with `git worktree add --detach` into a temporary folder (removed at the end),
so the script works in a fresh clone. Both sides run with this interpreter; each imports its own `symrnn` (its
folder first on PYTHONPATH) and checks its own claim files.

    python tests/benchmarks/bench_checks.py --papers ck2023 --quick-only      # a short run
    python tests/benchmarks/bench_checks.py --against main --json bench.json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAPERS = ("li2022", "li2021", "cayci2024", "ck2023")


@dataclass(frozen=True)
class CheckTime:
    label: str              # claim:check as the ledger names it
    wall: float
    cpu: float | None       # None: the ledger predates per-check CPU time


@dataclass
class Run:
    """One cold `symrnn check` of one paper in one mode on one side."""
    side: str
    paper: str
    mode: str
    wall: float
    cpu: float
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    returncode: int
    checks: list[CheckTime] = field(default_factory=list)
    error: str = ""


def check_times(ledger: dict) -> list[CheckTime]:
    """The computed checks of a ledger, each once: a `same_as` twin's result is its owner's (one computation,
    listed under both claims, the twin's as `owner:check`), and a cached or carried-over result took no time now."""
    seen, out = set(), []
    for claim in ledger.get("claims", []):
        if claim.get("carried_over"):
            continue
        for r in claim.get("checks", []):
            if r.get("cached"):
                continue
            owner, _, name = r["check"].rpartition(":")
            ident = (owner or claim["id"], name)
            if ident in seen:
                continue
            seen.add(ident)
            cpu = r.get("cpu_seconds")
            out.append(CheckTime(f"{claim['id']}:{r['check']}", float(r.get("seconds", 0.0)),
                                 None if cpu is None else float(cpu)))
    return out


def costliest(times: list[CheckTime], n: int = 10) -> list[tuple[CheckTime, float]]:
    """The n checks with the most wall time, each with its share of the total wall time."""
    total = sum(t.wall for t in times)
    top = sorted(times, key=lambda t: (-t.wall, t.label))[:n]
    return [(t, t.wall / total if total > 0 else 0.0) for t in top]


def _secs(x: float | None) -> str:
    return "     -" if x is None else f"{x:6.1f}"


def format_costliest(paper: str, mode: str, times: list[CheckTime], n: int = 10) -> str:
    total = sum(t.wall for t in times)
    cpus = [t.cpu for t in times if t.cpu is not None]
    head = (f"{paper} ({mode}, cold): {len(times)} checks, {total:.1f} s wall"
            + (f" / {sum(cpus):.1f} s CPU" if len(cpus) == len(times) and times else "")
            + f" summed over the checks; the {min(n, len(times))} costliest:")
    lines = [head, f"    {'wall s':>6} {'CPU s':>6} {'share':>6}  check"]
    for t, share in costliest(times, n):
        lines.append(f"    {_secs(t.wall)} {_secs(t.cpu)} {100 * share:5.1f}%  {t.label}")
    return "\n".join(lines)


def _ratio(a: float, b: float) -> str:
    return f"{a / b:5.2f}x" if b > 0 else "    -"


def _load(x: tuple[float, float, float]) -> str:
    return f"{x[0]:.2f}"


def format_comparison(runs: list[Run], ours: str, theirs: str) -> str:
    """One line per paper and mode: both sides' cold wall and CPU seconds, the ratios ours/theirs, and the 1-minute
    load average before -> after each run."""
    by = {(r.paper, r.mode, r.side): r for r in runs}
    keys = list(dict.fromkeys((r.paper, r.mode) for r in runs))
    lines = [f"cold runs, {ours} against {theirs} (ratio < 1: {ours} is faster; load = 1-min load average "
             f"before -> after; {os.cpu_count()} CPUs)",
             f"  {'paper':10s} {'mode':5s} {'wall ' + ours:>16s} {'wall ' + theirs:>16s} {'ratio':>6s} "
             f"{'CPU ' + ours:>16s} {'CPU ' + theirs:>16s} {'ratio':>6s}  load ({ours}; {theirs})"]
    totals: dict[str, list[float]] = {}
    for paper, mode in keys:
        a, b = by.get((paper, mode, ours)), by.get((paper, mode, theirs))
        if a is None or b is None:
            continue
        for side, r in ((ours, a), (theirs, b)):
            t = totals.setdefault(f"{mode}:{side}", [0.0, 0.0])
            t[0] += r.wall
            t[1] += r.cpu
        flag = "".join(f" [{r.side} exit {r.returncode}{': ' + r.error if r.error else ''}]"
                       for r in (a, b) if r.returncode != 0)
        lines.append(f"  {paper:10s} {mode:5s} {a.wall:15.1f}s {b.wall:15.1f}s {_ratio(a.wall, b.wall):>6s} "
                     f"{a.cpu:15.1f}s {b.cpu:15.1f}s {_ratio(a.cpu, b.cpu):>6s}  "
                     f"{_load(a.load_before)} -> {_load(a.load_after)}; {_load(b.load_before)} -> {_load(b.load_after)}"
                     + flag)
    for mode in dict.fromkeys(m for _, m in keys):
        a, b = totals.get(f"{mode}:{ours}"), totals.get(f"{mode}:{theirs}")
        if a and b:
            lines.append(f"  {'all':10s} {mode:5s} {a[0]:15.1f}s {b[0]:15.1f}s {_ratio(a[0], b[0]):>6s} "
                         f"{a[1]:15.1f}s {b[1]:15.1f}s {_ratio(a[1], b[1]):>6s}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--papers", default=",".join(PAPERS), help="comma-separated paper keys (default: all four)")
    ap.add_argument("--quick-only", "--quick", dest="quick_only", action="store_true",
                    help="only the quick mode (the full mode takes about half an hour per side on two cores)")
    ap.add_argument("--against", default="HEAD~1", metavar="REV",
                    help="the git revision to compare with (default HEAD~1: on main, the previous main)")
    ap.add_argument("--no-compare", action="store_true", help="only the working tree: the costliest checks")
    ap.add_argument("--jobs", type=int, default=1, help="checks in parallel in each run (default 1)")
    ap.add_argument("--top", type=int, default=10, help="how many of the costliest checks to list per paper")
    ap.add_argument("--json", dest="json_out", default=None, help="also write every run's numbers to this file")
    ap.add_argument("--no-warm-report", dest="warm_report", action="store_false",
                    help="skip the warm report: `symrnn report --quick` of the papers twice per side, the second "
                         "timed (every result cached, the figures and PDFs built before)")
    args = ap.parse_args(argv)
    args.papers = [p.strip() for p in args.papers.split(",") if p.strip()]
    if not args.papers:
        ap.error("--papers names no paper")
    if args.jobs < 1 or args.top < 1:
        ap.error("--jobs and --top must be at least 1")
    return args


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def checkout(rev: str, into: Path) -> str:
    """`rev` checked out (detached) into the folder `into`; returns its short commit."""
    commit = _git("rev-parse", "--short", f"{rev}^{{commit}}")
    _git("worktree", "add", "--detach", str(into), commit)
    return commit


def run_side(side: str, root: Path, paper: str, mode: str, jobs: int) -> Run:
    """One cold run (fresh cache and output folders, removed afterwards) of one paper."""
    cache = Path(tempfile.mkdtemp(prefix="symrnn-bench-cache-"))
    out = Path(tempfile.mkdtemp(prefix="symrnn-bench-out-"))
    cmd = [sys.executable, "-m", "symrnn", "check", paper, "-q", "--jobs", str(jobs), "--cache-dir", str(cache),
           "-o", str(out)] + (["--quick"] if mode == "quick" else [])
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    try:
        load0 = os.getloadavg()
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = Run(side, paper, mode, wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime),
                  load0, os.getloadavg(), proc.returncode)
        try:
            run.checks = check_times(json.loads((out / f"{paper}.ledger.json").read_text()))
        except (OSError, ValueError) as exc:
            run.error = f"no ledger ({exc.__class__.__name__}); stderr: {proc.stderr.strip()[-300:]}"
        return run
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)


@dataclass
class Report:
    """`symrnn report --quick` of the papers on one side: a cold run, then a warm one (same cache and folder)."""
    side: str
    cold: float
    warm: float
    warm_cpu: float
    load_before: tuple[float, float, float]
    returncodes: tuple[int, int]
    error: str = ""


def report_side(side: str, root: Path, papers: list[str], jobs: int) -> Report:
    """The warm report target (issue 23): what a second `make report` costs when nothing changed. Quick mode, so that
    the cold run that fills the cache takes minutes; the warm run writes the same .tex files, figures, PDFs (when TeX
    is present) and site as in the full mode."""
    cache = Path(tempfile.mkdtemp(prefix="symrnn-bench-cache-"))
    out = Path(tempfile.mkdtemp(prefix="symrnn-bench-out-"))
    cmd = [sys.executable, "-m", "symrnn", "report", *papers, "--quick", "-q", "--jobs", str(jobs), "--cache-dir",
           str(cache), "-o", str(out)]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    try:
        times, codes, cpu, load0, err = [], [], 0.0, os.getloadavg(), ""
        for _ in range(2):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            proc = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
            times.append(time.perf_counter() - t0)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
            codes.append(proc.returncode)
            if proc.returncode not in (0, 1):
                err = proc.stderr.strip()[-300:]
        return Report(side, times[0], times[1], cpu, load0, tuple(codes), err)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)


def format_reports(reports: list[Report], ours: str, theirs: str) -> str:
    by = {r.side: r for r in reports}
    lines = ["warm report (`symrnn report --quick` again, nothing changed; target 20 s):"]
    for r in reports:
        lines.append(f"  {r.side:16s} warm {r.warm:6.1f} s wall, {r.warm_cpu:6.1f} s CPU (cold {r.cold:6.1f} s), "
                     f"load {_load(r.load_before)}, exits {r.returncodes}" + (f" ({r.error})" if r.error else ""))
    if ours in by and theirs in by:
        lines.append(f"  ratio {ours} / {theirs}: warm {_ratio(by[ours].warm, by[theirs].warm).strip()}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    modes = ["quick"] if args.quick_only else ["quick", "full"]
    ours = "working tree"
    other: Path | None = None
    theirs = ""
    try:
        if not args.no_compare:
            other = Path(tempfile.mkdtemp(prefix="symrnn-bench-rev-")) / "tree"
            theirs = checkout(args.against, other)
            print(f"comparing the working tree ({_git('rev-parse', '--short', 'HEAD')}"
                  f"{' + changes' if _git('status', '--porcelain', '--untracked-files=no') else ''}) "
                  f"with {args.against} = {theirs}", flush=True)
        runs: list[Run] = []
        for mode in modes:
            for i, paper in enumerate(args.papers):
                sides = [(ours, ROOT)] + ([(theirs, other)] if other else [])
                if i % 2:                       # alternate who goes first: neither always meets the warmer machine
                    sides.reverse()
                for side, root in sides:
                    r = run_side(side, root, paper, mode, args.jobs)
                    runs.append(r)
                    print(f"  {paper} {mode} {side}: {r.wall:.1f} s wall, {r.cpu:.1f} s CPU, load "
                          f"{_load(r.load_before)} -> {_load(r.load_after)}, exit {r.returncode}"
                          + (f" ({r.error})" if r.error else ""), flush=True)
        reports: list[Report] = []
        if args.warm_report:
            for side, root in [(ours, ROOT)] + ([(theirs, other)] if other else []):
                reports.append(report_side(side, root, args.papers, max(args.jobs, 2)))
                print(f"  report {side}: cold {reports[-1].cold:.1f} s, warm {reports[-1].warm:.1f} s", flush=True)
        print()
        for r in runs:
            if r.side == ours:
                print(format_costliest(r.paper, r.mode, r.checks, args.top) + "\n")
        if other:
            print(format_comparison(runs, ours, theirs))
        if reports:
            print("\n" + format_reports(reports, ours, theirs))
        if args.json_out:
            Path(args.json_out).write_text(json.dumps(
                {"runs": [dict(vars(r), checks=[vars(c) for c in r.checks]) for r in runs],
                 "reports": [vars(r) for r in reports]}, indent=1) + "\n")
        return 0 if all(r.returncode in (0, 1) and not r.error for r in runs) and not any(r.error for r in reports) \
            else 1
    finally:
        if other is not None and other.exists():
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, capture_output=True)
            shutil.rmtree(other.parent, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
