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
3. Issue 13: the new fast training path against the previous fast path (main before issue 13, frozen in
   _previous_fast.py) and the step-by-step one, in one run on the same reduced size: Figure 4 (all 6 panels) and
   Figure 1, wall and process CPU seconds and their ratios, the largest relative difference of the panels' mean loss
   curves (where finite and below 1e10: diverging GD runs differ once tanh saturates); the new path with two shard
   threads and in float32 at the same size (float32 is not used for verdicts).  Then paper-sized Figure 4 epochs on
   the new path as the full mode runs them: seconds per epoch, the projected 3000 epochs, and the achieved GFLOP/s on
   the paper-sized run's operations counted as recurrences (about 1.3e13, all six panels, as issue 13 counts them)
   and on the operations the path executes (--paper runs all 3000 epochs).  The load average is printed beside
   every timing: the machines are shared, and process CPU time is the fairer measure.
4. Hitting times of Figure 3 on the double-precision flow (LSODA) and the high-precision one (python-flint Arb), m = 2.

    python tests/benchmarks/bench_train.py [--quick] [--far] [--lr 0.5] [--paper]
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from symrnn.train import ReducedProblem, euler_gd_hitting_time, hitting_times


def _li2022():
    import symrnn as sr

    return sr.load_paper("li2022")      # Li et al.'s figure experiments live in their claim package


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


def _agreement(a: dict, b: dict, tol: float) -> dict:
    """How long two runs of a figure agree: per panel, the first epoch at which the mean loss curves differ by more
    than `tol` (relative) or one is not finite where the other is (None: they agree over the whole run), and the
    largest relative difference before it.  Plateau escapes and diverging GD amplify rounding-level differences
    exponentially, so two correct paths part there."""
    firsts, worst = [], 0.0
    for p, q in zip(a["panels"], b["panels"]):
        x, y = np.array(p["mean"], float), np.array(q["mean"], float)
        with np.errstate(all="ignore"):
            d = np.abs(x - y) / np.abs(y)
        bad = ~((np.isfinite(x) & np.isfinite(y) & (d <= tol)) | (np.isnan(x) & np.isnan(y)))
        k = int(np.argmax(bad)) if bad.any() else None
        firsts.append(k)
        before = d[:k] if k is not None else d
        if np.isfinite(before).any():
            worst = max(worst, float(np.max(before[np.isfinite(before)])))
    return {"tol": tol, "first_epoch_apart": firsts, "max_rel_difference_before": worst,
            "epochs": len(a["panels"][0]["mean"]) - 1}


def _describe(ag: dict) -> str:
    firsts = ag["first_epoch_apart"]
    if all(k is None for k in firsts):
        return f"agree within {ag['tol']:g} over all {ag['epochs']} epochs (max {ag['max_rel_difference_before']:.1e})"
    return (f"agree within {ag['tol']:g} (max {ag['max_rel_difference_before']:.1e}) until epoch "
            f"{['end' if k is None else k for k in firsts]} per panel, of {ag['epochs']}")


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "n/a"


def fast_vs_previous(quick: bool) -> dict:
    """Issue 13's ratio: Figure 4 at one reduced size on the new fast path, the previous fast path (main before
    issue 13, frozen in _previous_fast.py) and the step-by-step path (engine="loop"), one process, one torch thread,
    one worker; then the new path with two shard threads, and in float32, at the same size.  Figure 1 (new fast vs
    step-by-step) likewise."""
    import torch

    from _previous_fast import fig4_previous
    fig1, fig4 = _li2022().figures.fig1, _li2022().figures.fig4

    torch.set_num_threads(1)
    n, s, e = (32, 4, 6) if quick else (64, 4, 20)
    size = f"{n} samples, {s} seeds, {e} epochs, 6 panels, 320 steps"
    fig4(samples=n, seeds=s, epochs=1, workers=1)                               # warm-up (buffers, imports)
    runs = {"new": _timed(lambda: fig4(samples=n, seeds=s, epochs=e, workers=1)),
            "previous": _timed(lambda: fig4_previous(n, s, e)),
            "loop": _timed(lambda: fig4(samples=n, seeds=s, epochs=e, engine="loop")),
            "new, 2 workers": _timed(lambda: fig4(samples=n, seeds=s, epochs=e, workers=2)),
            "new, float32": _timed(lambda: fig4(samples=n, seeds=s, epochs=e, workers=1, dtype="float32"))}
    new = runs["new"][0]
    prev = {"panels": [{"mean": runs["previous"][0]["curves"][p["label"]]} for p in new["panels"]]}
    f32 = runs["new, float32"][0]
    out = {"fig4": {"size": size, "load": _load(),
                    **{k: {"wall": w, "cpu": c} for k, (_, w, c) in runs.items()},
                    "ratio_cpu_previous_over_new": runs["previous"][2] / runs["new"][2],
                    "ratio_wall_previous_over_new": runs["previous"][1] / runs["new"][1],
                    "ratio_cpu_loop_over_new": runs["loop"][2] / runs["new"][2],
                    "ratio_wall_loop_over_new": runs["loop"][1] / runs["new"][1],
                    "ratio_wall_1_over_2_workers": runs["new"][1] / runs["new, 2 workers"][1],
                    "ratio_cpu_float64_over_float32": runs["new"][2] / runs["new, float32"][2],
                    "agreement_previous": _agreement(new, prev, 1e-9),
                    "agreement_loop": _agreement(new, runs["loop"][0], 1e-9),
                    "agreement_2_workers": _agreement(new, runs["new, 2 workers"][0], 0.0),
                    "agreement_float32": _agreement(f32, new, 1e-4),
                    "diverged_float64": [p["diverged"] for p in new["panels"]],
                    "plateau_counts_float64": [p["with_plateau"] for p in new["panels"]],
                    "plateau_counts_float32": [p["with_plateau"] for p in f32["panels"]]}}
    e1, el = (100, 10) if quick else (1000, 50)
    runs = {k: _timed(lambda k=k: fig1(epochs=e1, epochs_lorenz=el, engine=k, workers=1)) for k in ("fast", "loop")}
    out["fig1"] = {"size": f"10 seeds, {e1} epochs (linear panels), {el} epochs (Lorenz 96, 32 pairs)", "load": _load(),
                   **{k: {"wall": w, "cpu": c} for k, (_, w, c) in runs.items()},
                   "ratio_cpu_loop_over_new": runs["loop"][2] / runs["fast"][2],
                   "ratio_wall_loop_over_new": runs["loop"][1] / runs["fast"][1],
                   "agreement_loop": _agreement(runs["fast"][0], runs["loop"][0], 1e-9)}
    return out


def fig4_operations(samples=128, seeds=10, epochs=3000, steps=320, m=16) -> dict:
    """Floating-point operations of Figure 4 (forward and backward).  'recurrent': all six panels evaluated as
    recurrences, per network, sample and step 3 products of 2 m^2 (forward W h, backward W^T g and g h^T) and about
    15 m elementwise (issue 13's count).  'fast': what the fast path executes: the four tanh panels as [W U][h; x]
    products (2 m (m + 1) forward, 2 m (m + 1) + 2 m^2 backward, 6 m elementwise: tanh, add; sub, two products),
    the two linear panels through the kernel (log2(steps) squarings and one product per sample, forward and
    backward)."""
    per = seeds * samples * steps * epochs
    recurrent = 6 * per * (3 * 2 * m * m + 15 * m)
    tanh = 4 * per * (2 * m * (m + 1) * 2 + 2 * m * m + 6 * m)
    levels = int(np.ceil(np.log2(steps)))
    linear = 2 * seeds * epochs * 3 * (levels * 2 * m ** 3 + 2 * m * m * steps + 2 * samples * steps)
    return {"recurrent": float(recurrent), "fast": float(tanh + linear)}


def fig4_paper_rate(epochs: int) -> dict:
    """`epochs` paper-sized epochs of Figure 4 on the new fast path as the full mode runs it (two shard threads on a
    CPU), after one warm-up epoch: seconds per epoch (wall and process CPU), the projection to 3000 epochs, and the
    achieved GFLOP/s on the operations executed and on the recurrent count of the whole paper-sized run."""
    import torch

    fig4 = _li2022().figures.fig4

    fig4(full=True, epochs=1)
    load0 = _load()
    res, wall, cpu = _timed(lambda: fig4(full=True, epochs=epochs))
    ops = fig4_operations(epochs=epochs)
    return {"epochs": epochs, "workers": res["workers"], "wall": wall, "cpu": cpu, "wall_per_epoch": wall / epochs,
            "cpu_per_epoch": cpu / epochs, "projected_3000_wall_minutes": wall / epochs * 50,
            "projected_3000_cpu_minutes": cpu / epochs * 50,
            "gflops_fast_ops_wall": ops["fast"] / wall / 1e9, "gflops_recurrent_count_wall": ops["recurrent"] / wall / 1e9,
            "gflops_fast_ops_cpu": ops["fast"] / cpu / 1e9, "gflops_recurrent_count_cpu": ops["recurrent"] / cpu / 1e9,
            "paper_ops": fig4_operations(), "threads": torch.get_num_threads(), "load": (load0, _load())}


def hp_vs_double(invs, m: int = 2, limit: float = 120.0) -> list:
    """Figure 3's hitting times on both paths; the double-precision one under a time limit (from 1/omega = 22 it
    does not finish in minutes)."""
    _double = _li2022().fig3_hp._double
    _mstar_start = _li2022().figures.mstar_start
    from symrnn.train._flow_hp import hitting_times_hp

    th0 = _mstar_start(m, seed=m)
    rows = []
    for k in invs:
        P = ReducedProblem((1.0,), (1.0,), float(k))
        d = _double(P, th0, limit)
        d0, d1, status, td = d["tau0"], d["tau0_loss"], d["status"], d["seconds"]
        h = hitting_times_hp(P, th0, 1e-2, rtol="1e-8")
        rel = [abs(a - b) / b if a and b else None for a, b in ((d0, h.tau0), (d1, h.tau0_loss))]
        rows.append({"m": m, "inv_omega": k, "double": (d0, d1, status), "double_seconds": td,
                     "hp": (h.tau0, h.tau0_loss, h.status), "hp_dps": h.dps, "hp_seconds": h.seconds,
                     "rel_difference": rel})
        print(f"  m={m} 1/omega={k}: double tau_0={d0}, tau_0'={d1} ({status}, {td:.1f} s); Arb {h.dps} digits "
              f"tau_0={h.tau0:.6g}, tau_0'={h.tau0_loss:.6g} ({h.seconds:.1f} s); relative differences {rel}", flush=True)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller runs (1/omega = 12, fewer epochs)")
    ap.add_argument("--far", action="store_true", help="also push the flow toward 1/omega = 30 and beyond")
    ap.add_argument("--lr", type=float, default=0.5, help="fixed GD step of the Euler baseline")
    ap.add_argument("--paper", action="store_true", help="run all 3000 paper-sized epochs of Figure 4")
    args = ap.parse_args()
    res = {}
    print(f"3. issue 13: the new fast training path against the previous fast path and the step-by-step one (same "
          f"size, one process, 1 torch thread; load {_load()})", flush=True)
    res["fast_vs_previous"] = fl = fast_vs_previous(args.quick)
    r = fl["fig4"]
    print(f"  Figure 4 ({r['size']}): new {r['new']['wall']:.1f} s wall / {r['new']['cpu']:.1f} s CPU; previous fast "
          f"{r['previous']['wall']:.1f} / {r['previous']['cpu']:.1f} s; step-by-step {r['loop']['wall']:.1f} / "
          f"{r['loop']['cpu']:.1f} s", flush=True)
    print(f"    ratios: previous/new {r['ratio_cpu_previous_over_new']:.2f}x CPU ({r['ratio_wall_previous_over_new']:.2f}x "
          f"wall), step-by-step/new {r['ratio_cpu_loop_over_new']:.2f}x CPU ({r['ratio_wall_loop_over_new']:.2f}x wall); "
          f"2 shard threads: {r['ratio_wall_1_over_2_workers']:.2f}x wall; float32: {r['ratio_cpu_float64_over_float32']:.2f}x "
          f"CPU (not used for verdicts)", flush=True)
    print(f"    mean loss curves: new and previous fast path {_describe(r['agreement_previous'])}; new and "
          f"step-by-step {_describe(r['agreement_loop'])}; 1 and 2 shard threads {_describe(r['agreement_2_workers'])}; "
          f"float32 and float64 {_describe(r['agreement_float32'])}; diverged seeds per panel {r['diverged_float64']}, "
          f"seeds with a plateau float64 {r['plateau_counts_float64']}, float32 {r['plateau_counts_float32']} (load "
          f"{r['load']})", flush=True)
    r = fl["fig1"]
    print(f"  Figure 1 ({r['size']}): new {r['fast']['wall']:.1f} s / {r['fast']['cpu']:.1f} s CPU, step-by-step "
          f"{r['loop']['wall']:.1f} / {r['loop']['cpu']:.1f} s: {r['ratio_cpu_loop_over_new']:.2f}x CPU "
          f"({r['ratio_wall_loop_over_new']:.2f}x wall); mean loss curves {_describe(r['agreement_loop'])} (plateau "
          f"escapes amplify rounding differences)", flush=True)
    res["fig4_paper"] = pr = fig4_paper_rate(3000 if args.paper else (2 if args.quick else 10))
    print(f"  Figure 4 paper size (128 samples, 10 seeds, 6 panels), new path, {pr['workers']} shard threads, "
          f"{pr['epochs']} epochs: {pr['wall_per_epoch']:.3f} s wall / {pr['cpu_per_epoch']:.3f} s CPU per epoch; "
          f"3000 epochs: {pr['projected_3000_wall_minutes']:.1f} min wall, {pr['projected_3000_cpu_minutes']:.1f} min "
          f"CPU (load {pr['load'][0]} -> {pr['load'][1]})", flush=True)
    print(f"    achieved: {pr['gflops_recurrent_count_wall']:.2f} GFLOP/s wall ({pr['gflops_recurrent_count_cpu']:.2f} per "
          f"CPU second) on the recurrent count of the paper-sized run ({pr['paper_ops']['recurrent']:.2e} for 3000 "
          f"epochs), {pr['gflops_fast_ops_wall']:.2f} GFLOP/s wall ({pr['gflops_fast_ops_cpu']:.2f} per CPU second) on "
          f"the operations the path executes ({pr['paper_ops']['fast']:.2e})", flush=True)
    print("4. Figure 3 hitting times: double precision (LSODA, rtol 1e-8) against high precision (Arb, local error 1e-8), m = 2", flush=True)
    res["hp_vs_double"] = hp_vs_double([12, 16] if args.quick else [12, 16, 20, 24])
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
