"""Figure 3's hitting times on the high-precision path, computed once and stored (derivations/li2022/data/fig3_hp_m{m}.json)
so that the full-mode check reads them instead of recomputing for an hour.

Each point runs the high-precision flow twice: at working_dps(1/omega) digits with local error 1e-8, and again
at 10 more digits with local error 1e-9 (the engine's rule: a number is kept when a higher-precision re-run
agrees; here the re-run also tightens the discretisation).  The two must agree within HP_AGREE (relative) on
tau_0 and tau_0'.  The double-precision path (LSODA, rtol 1e-8, as in fig3) runs at the same point, under a time
limit, and its relative difference to the high-precision value is stored with it.

    python -m derivations.li2022.fig3_hp --m 2 --invs 4,6,...,30 [--double-limit 300]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

import numpy as np

DATA = Path(__file__).with_name("data")
HP_AGREE = 1e-6          # the two high-precision runs (digits d, rtol 1e-8 / d + 10, rtol 1e-9) must agree this well
DELTA = 1e-2
RUNS = ({"extra_dps": 0, "rtol": "1e-8"}, {"extra_dps": 10, "rtol": "1e-9"})


def mstar_start(m: int, seed: int = 0):
    """theta_0 in M* for a* = w* = 1: w_0 = 1, a_0 > 0 summing to 1 (m = 2: the (0.6, 0.4, 1, 1) of Theorem 20's check)."""
    if m == 2:
        return np.array([0.6, 0.4, 1.0, 1.0])
    a0 = np.random.default_rng(seed).dirichlet(np.ones(m))
    return np.concatenate([a0, np.ones(m)])


def path_for(m: int) -> Path:
    return DATA / f"fig3_hp_m{m}.json"


def load(m: int) -> dict | None:
    """The stored points for width m ({"points": {inv_omega: record}, ...}), or None."""
    p = path_for(m)
    if not p.exists():
        return None
    data = json.loads(p.read_text())
    data["points"] = {float(k): v for k, v in data["points"].items()}
    return data


class _Timeout(Exception):
    pass


def _double(P, th0, limit):
    from symrnn.train import hitting_times

    def alarm(*_):
        raise _Timeout

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(int(limit))
    start = time.perf_counter()
    try:
        t0, t0l, status = hitting_times(P, th0, DELTA, rtol=1e-8)
    except _Timeout:
        t0 = t0l = None
        status = f"not finished within {limit} s"
    except ValueError as exc:
        t0 = t0l = None
        status = f"failed: {exc}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return {"tau0": t0, "tau0_loss": t0l, "status": status, "seconds": time.perf_counter() - start,
            "path": "double precision, scipy LSODA in log-time, rtol 1e-8 (symrnn.train.hitting_times)"}


def _rel(a, b):
    return abs(a - b) / abs(b) if a is not None and b is not None else None


def _hp_run(m: int, inv: float, spec: dict, *, max_steps: int) -> dict:
    """One high-precision run at the point (a top-level function so that a worker process can run it)."""
    from symrnn.train import ReducedProblem
    from symrnn.train import hitting_times_hp, working_bits, working_dps

    th0 = mstar_start(m, seed=m)
    P = ReducedProblem((1.0,), (1.0,), float(inv))
    dps = working_dps(inv) + spec["extra_dps"]
    h = hitting_times_hp(P, th0, DELTA, dps=dps, rtol=spec["rtol"], engine="arb", max_steps=max_steps)
    return {"dps": dps, "bits": working_bits(dps), "rtol": spec["rtol"], "tau0": h.tau0, "tau0_loss": h.tau0_loss,
            "status": h.status, "steps": h.steps, "seconds": h.seconds, "path": h.path}


def point(m: int, inv: float, double_limit: float = 300.0, runs_spec=RUNS, max_steps: int = 200000,
          parallel: bool = False) -> dict:
    """parallel: the two high-precision runs in two worker processes (they are independent; on two cores the point
    then takes the time of the slower run instead of the sum)."""
    from symrnn.train import ReducedProblem

    if parallel:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=len(runs_spec)) as pool:
            runs = list(pool.map(partial(_hp_run, m, inv, max_steps=max_steps), runs_spec))
    else:
        runs = [_hp_run(m, inv, spec, max_steps=max_steps) for spec in runs_spec]
    th0 = mstar_start(m, seed=m)
    P = ReducedProblem((1.0,), (1.0,), float(inv))
    lo, hi = runs
    agree = {k: _rel(lo[k], hi[k]) for k in ("tau0", "tau0_loss")}
    confirmed = all(v is not None and v <= HP_AGREE for v in agree.values())
    dbl = _double(P, th0, double_limit) if double_limit > 0 else None
    rec = {"m": m, "inv_omega": inv, "hp_runs": runs, "hp_agree": agree, "hp_confirmed": confirmed,
           "tau0": hi["tau0"] if confirmed else None, "tau0_loss": hi["tau0_loss"] if confirmed else None,
           "double": dbl}
    if dbl is not None:
        rec["double_rel"] = {k: _rel(dbl[k], hi[k]) for k in ("tau0", "tau0_loss")}
    return rec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--m", type=int, required=True)
    ap.add_argument("--invs", required=True, help="comma-separated 1/omega values")
    ap.add_argument("--double-limit", type=float, default=300.0, help="seconds for the double-precision run (0: skip)")
    ap.add_argument("--rtols", default=",".join(r["rtol"] for r in RUNS),
                    help="local errors of the two high-precision runs (default 1e-8,1e-9)")
    ap.add_argument("--max-steps", type=int, default=200000, help="step limit of each high-precision run")
    ap.add_argument("--parallel", action="store_true", help="run the two high-precision runs in two processes")
    args = ap.parse_args(argv)
    import flint


    invs = [float(x) for x in args.invs.split(",")]
    spec = [dict(r, rtol=t) for r, t in zip(RUNS, args.rtols.split(","))]
    DATA.mkdir(exist_ok=True)
    old = load(args.m) or {"points": {}}
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).parent).stdout.strip()
    except OSError:                                  # pragma: no cover
        commit = None
    # keep what earlier sweeps recorded beside the points (notes, history); the keys below describe this sweep
    data = {k: v for k, v in old.items() if k != "points"}
    data.update({"figure": "fig3", "m": args.m, "theta0": mstar_start(args.m, seed=args.m).tolist(),
                 "delta": DELTA, "target": "a* = w* = c = sigma = 1", "hp_agree": HP_AGREE,
                 "command": f"PYTHONPATH=. python -m derivations.li2022.fig3_hp --m {args.m} --invs {args.invs} "
                            f"--double-limit {args.double_limit:g} --rtols {args.rtols}"
                            + (f" --max-steps {args.max_steps}" if args.max_steps != 200000 else "")
                            + (" --parallel" if args.parallel else ""),
                 "code_commit": commit, "python_flint": flint.__version__, "machine": platform.platform(),
                 "points": old["points"]})
    for inv in invs:
        start = time.perf_counter()
        rec = point(args.m, inv, args.double_limit, spec, args.max_steps, args.parallel)
        rec["wall_seconds"] = time.perf_counter() - start
        rec["command"] = data["command"]
        rec["code_commit"] = commit
        data["points"][inv] = rec
        out = dict(data, points={f"{k:g}": data["points"][k] for k in sorted(data["points"])})
        tmp = path_for(args.m).with_suffix(".tmp")
        tmp.write_text(json.dumps(out, indent=1) + "\n")
        os.replace(tmp, path_for(args.m))
        print(json.dumps({"m": args.m, "inv": inv, "tau0": rec["tau0"], "tau0_loss": rec["tau0_loss"],
                          "agree": rec["hp_agree"], "double_rel": rec.get("double_rel"),
                          "steps": [r["steps"] for r in rec["hp_runs"]],
                          "secs": [round(r["seconds"], 1) for r in rec["hp_runs"]],
                          "double_secs": rec["double"] and round(rec["double"]["seconds"], 1)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
