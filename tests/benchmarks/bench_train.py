"""Benchmarks of the training back end (issue 4; `make bench`; not part of the test suite).  Ratios are measured
in one run, on whatever device torch finds (CUDA when present, else the CPU).

1. Hitting time tau_0 (105) at 1/omega = 16, m = 2, theta_0 = (0.6, 0.4, 1, 1), delta = 1e-2: the closed-form stiff
   gradient flow (symrnn.train.hitting_times: LSODA in log-time) against paper-style GD on the time-grid loss
   (grid step 0.01, fixed step lr; tau_0 = steps * lr).  Then the flow alone for larger 1/omega, each under a time
   cap, to say where it stops (time or double precision: the long-memory gradient 2 a Delta_{1,omega} ~ e^{-1/omega}
   meets the roundoff of the short-memory terms near 1/omega ~ 36).
2. The Figure 1 model (linear RNN, width 16, Euler dt = 0.1, 64 steps, GD on the population loss): S = 256 seeds as
   one batched program against a Python loop of single-seed runs (the same per-seed work), in seed-epochs per second;
   the peak memory (CUDA: max_memory_allocated; CPU: the process's max RSS growth).

    python tests/benchmarks/bench_train.py [--quick] [--far] [--lr 0.5]
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from symrnn.train import ReducedProblem, euler_gd_hitting_time, hitting_times


def flow_vs_euler(inv_omega: float, lr: float) -> dict:
    th0 = [0.6, 0.4, 1.0, 1.0]
    P = ReducedProblem((1.0,), (1.0,), inv_omega)
    hitting_times(ReducedProblem((1.0,), (1.0,), 4.0), th0, 1e-2, stop="tau0")   # warm-up: SciPy's first-call imports
    runs = []
    for _ in range(3):                                                    # the median of three timed runs
        t0 = time.perf_counter()
        tau0, _, status = hitting_times(P, th0, 1e-2, stop="tau0")      # both stop at tau_0
        runs.append(time.perf_counter() - t0)
    t_flow = sorted(runs)[1]
    t0 = time.perf_counter()
    tau_gd, steps = euler_gd_hitting_time(P, th0, 1e-2, lr=lr)
    t_gd = time.perf_counter() - t0
    return {"inv_omega": inv_omega, "flow_tau0": tau0, "flow_status": status, "flow_seconds": t_flow,
            "gd_lr": lr, "gd_steps": steps, "gd_tau0": tau_gd, "gd_seconds": t_gd,
            "tau0_relative_difference": abs(tau_gd - tau0) / tau0 if tau_gd else None, "speedup": t_gd / t_flow}


def flow_reach(invs, cap: float, rtol: float, stop: str = "tau0_loss") -> list:
    out = []
    for k in invs:
        t0 = time.perf_counter()
        try:
            tau0, tau0l, status = hitting_times(ReducedProblem((1.0,), (1.0,), float(k)), [0.6, 0.4, 1.0, 1.0], 1e-2,
                                                rtol=rtol, stop=stop)
        except ValueError as exc:            # the event's root bracket is lost in roundoff: double precision ran out
            tau0 = tau0l = None
            status = f"failed: {exc}"
        sec = time.perf_counter() - t0
        out.append({"inv_omega": k, "rtol": rtol, "tau0": tau0, "tau0_loss": tau0l, "status": status, "seconds": sec})
        print(f"  flow 1/omega={k} (rtol {rtol:g}): tau_0={tau0}, tau_0'={tau0l}, {status}, {sec:.2f} s", flush=True)
        if sec > cap:
            break
    return out


def batched_vs_sequential(seeds: int, seq_seeds: int, epochs: int) -> dict:
    import torch

    from symrnn.train import RNN, device, train
    from symrnn.train._targets import airy_kernel

    dev = device()
    if dev.type == "cpu":
        torch.set_num_threads(1)
    dt, N = 0.1, 64
    model = RNN(16, dt=dt)
    r = torch.tensor(airy_kernel()(np.arange(N) * dt), device=dev)
    loss = lambda p: dt * ((model.kernel(p, N) - r) ** 2).sum(-1)
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if dev.type == "cuda":
        torch.cuda.reset_peak_memory_stats()
        torch.cuda.synchronize()
    t0 = time.perf_counter()
    train(loss, model.init(seeds, seed=0, device=dev), lr=0.3, epochs=epochs)
    if dev.type == "cuda":
        torch.cuda.synchronize()
    t_b = time.perf_counter() - t0
    mem = (torch.cuda.max_memory_allocated() if dev.type == "cuda"
           else (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) * 1024)
    t0 = time.perf_counter()
    for s in range(seq_seeds):
        train(loss, model.init(1, seed=s, device=dev), lr=0.3, epochs=epochs)
    if dev.type == "cuda":
        torch.cuda.synchronize()
    t_s = time.perf_counter() - t0
    thr_b, thr_s = seeds * epochs / t_b, seq_seeds * epochs / t_s
    return {"device": str(dev), "seeds_batched": seeds, "seeds_sequential": seq_seeds, "epochs": epochs,
            "batched_seconds": t_b, "sequential_seconds": t_s, "batched_seed_epochs_per_s": thr_b,
            "sequential_seed_epochs_per_s": thr_s, "throughput_ratio": thr_b / thr_s,
            "peak_memory_bytes": mem, "memory_note": "CUDA max_memory_allocated" if dev.type == "cuda"
            else "growth of the process max RSS (CPU)"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller runs (1/omega = 12, fewer epochs)")
    ap.add_argument("--far", action="store_true", help="also push the flow toward 1/omega = 30 and beyond")
    ap.add_argument("--lr", type=float, default=0.5, help="fixed GD step of the Euler baseline")
    args = ap.parse_args()
    res = {}
    inv = 12.0 if args.quick else 16.0
    print(f"1. closed-form stiff flow vs Euler GD (time grid 0.01, lr {args.lr}) to tau_0 at 1/omega = {inv:g}", flush=True)
    res["flow_vs_euler"] = r = flow_vs_euler(inv, args.lr)
    print(f"  flow: tau_0 = {r['flow_tau0']:.6g} in {r['flow_seconds']:.2f} s; Euler GD: tau_0 = {r['gd_tau0']} "
          f"({r['gd_steps']} steps) in {r['gd_seconds']:.2f} s; speedup {r['speedup']:.1f}x", flush=True)
    res["flow_reach"] = flow_reach([20], cap=600.0, rtol=1e-8)
    if args.far:
        res["flow_reach"] += flow_reach([22, 24, 26, 28, 30, 32, 34, 36, 38], cap=300.0, rtol=1e-8, stop="tau0")
        res["flow_reach"] += flow_reach([22, 24], cap=300.0, rtol=1e-8)
        res["flow_reach"] += flow_reach([18, 20], cap=600.0, rtol=1e-10)
    print("2. batched seeds vs a sequential loop (Figure 1 model)", flush=True)
    res["batched"] = b = batched_vs_sequential(256, 8 if args.quick else 16, 20 if args.quick else 100)
    print(f"  {b['device']}: batched {b['batched_seed_epochs_per_s']:.0f} seed-epochs/s, sequential "
          f"{b['sequential_seed_epochs_per_s']:.0f}; ratio {b['throughput_ratio']:.1f}x; peak memory "
          f"{b['peak_memory_bytes'] / 2 ** 20:.1f} MiB ({b['memory_note']})", flush=True)
    print(json.dumps(res, indent=1, default=str))


if __name__ == "__main__":
    main()
