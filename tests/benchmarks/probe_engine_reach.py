"""Does the static reach of a check (symrnn._engine_graph, the engine's part of its cache key) hold every engine
function the check runs? Runs checks in this process under a profiler (threads included) and lists what ran outside
the reach: any line with MISSING names a stale-cache risk (a rule of symrnn._engine_graph to widen).

    python tests/benchmarks/probe_engine_reach.py li2021.thm5_1:plateau_exponent ck2023.fig1b:delay
    python tests/benchmarks/probe_engine_reach.py --sample 10 --max-seconds 5     # checks from reports/*.ledger.json

Profiling makes a check 2-4 times slower; quick mode. Not part of the test suite (tests/engine/test_engine_cache_keys.py
runs the same comparison on small checks).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRESENTATION = ("/report/", "/cli.py", "/_progress.py", "/_reference.py", "/_listing.py", "/_scaffold.py",
                "/_from_tex.py", "/pytest_plugin.py")


def sample(reports: Path, n: int, max_seconds: float, seed: int) -> list[str]:
    """Up to n checks of each paper's ledger in `reports` that took at most max_seconds."""
    out = []
    for ledger in sorted(reports.glob("*.ledger.json")):
        data = json.loads(ledger.read_text())
        rows = [f"{c['id']}:{r['check']}" for c in data["claims"] for r in c["checks"]
                if ":" not in r["check"] and r.get("seconds", 0) <= max_seconds]
        random.Random(seed).shuffle(rows)
        out += rows[:n]
    return out


def probe(label: str, reg, graph) -> list[str]:
    """The engine units `label` (claim:check) ran outside its static reach."""
    from symrnn import _engine_graph as eg
    from symrnn._fingerprint import engine_reach
    from symrnn._runner import execute_check, find_check

    claim_id, name = label.rsplit(":", 1)
    claim = reg.get(claim_id)
    check = find_check(claim, name)
    reach = engine_reach(claim, check)
    if reach is None:
        print(f"{label}: keyed on the whole engine", flush=True)
        return []
    ran: set[tuple] = set()
    engine = str(eg.ENGINE)

    def profile(frame, event, arg):
        code = frame.f_code
        if event == "call" and code.co_filename.startswith(engine) \
                and not any(p in code.co_filename for p in PRESENTATION):
            ran.add((frame.f_globals.get("__name__", ""), code.co_qualname, code.co_name, code.co_firstlineno))

    t0 = time.perf_counter()
    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        res = execute_check(claim, check, dps=50, seed=0, quick=True)
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    units = {graph.header(m) if n == "<module>" else graph.unit_for(m, q) or graph.unit_at(m, line)
             for m, q, n, line in ran}
    missing = sorted(units - reach)
    print(f"{label}: {res.verdict.value}, {time.perf_counter() - t0:.1f} s profiled; ran {len(units)} engine units, "
          f"reach {len(reach)} of {len(graph.units)}; MISSING {missing}", flush=True)
    return missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checks", nargs="*", help="claim:check labels")
    ap.add_argument("--sample", type=int, default=0, help="checks per paper from the ledgers in --reports")
    ap.add_argument("--max-seconds", type=float, default=5.0, help="only sampled checks that took at most this")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--reports", default=str(ROOT / "reports"))
    args = ap.parse_args(argv)
    labels = list(args.checks) + (sample(Path(args.reports), args.sample, args.max_seconds, args.seed)
                                  if args.sample else [])
    if not labels:
        ap.error("name checks, or --sample N with ledgers in --reports")
    from symrnn import _engine_graph as eg
    from symrnn.cli import _registry

    reg, graph = _registry(None), eg.graph()
    # a ledger folder may hold ledgers of papers not installed here (a test's scratch paper): name them, skip them
    unknown = sorted({label.split(".")[0] for label in labels} - set(reg.papers))
    if unknown:
        print(f"skipped: no installed paper {', '.join(unknown)}", flush=True)
        labels = [label for label in labels if label.split(".")[0] in reg.papers]
    missing = [m for label in labels for m in probe(label, reg, graph)]
    print(f"{len(labels)} checks, {len(missing)} engine units ran outside their reach")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
