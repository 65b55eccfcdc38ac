"""ck2023 Figures 2(a) and 1(b) at the paper's sizes, for a machine with a GPU (issue 20, item 8).

    python benchmarks/ck2023_paper_size.py --out DIR [--budget-fig2 S] [--budget-fig1b S] [--small]

Figure 2(a): student GRUs of width d_g = 100, 10 seeds, k_g = 10, 20, ..., 80, batch 100, up to 50,000 Adam steps
(Sec. 5.3, App. C.1), the teacher of App. C.2.3 as `symrnn check` builds it. Figure 1(b): the delay teacher,
d^ = 10, d = 50, 10 seeds, up to 50,000 Adam steps on the population loss (3.4). Each figure first times a few
steps, then trains for as many steps as its budget affords (at most 50,000, a multiple of 1,000), with the tail
errors evaluated at ten checkpoints; the JSON written to DIR/ck2023_paper_size.json holds the timings, the steps
reached and every error, so that a reader sees how far the run got and how the ratios moved. Nothing in
`symrnn check` waits for this script: the check's own full mode is sized for a 2-core CPU.
"""

import argparse
import json
import os
import statistics
import sys
import time

import symrnn as sr
import symrnn.train as st


def per_step(fn, steps):
    t0 = time.perf_counter()
    run = fn(steps)
    return (time.perf_counter() - t0) / steps, run


def choose_steps(seconds_per_step, budget, cap=50_000):
    return max(min(1000, cap), min(cap, int(budget / seconds_per_step) // 1000 * 1000))


def ratios(errors, trivial):
    return [statistics.median(e / t for e in errs) for errs, t in zip(errors, trivial)]


def fig2a(ck, budget, small, out):
    dev = st.device()
    ks = [10, 30] if small else list(range(10, 81, 10))
    seeds = list(range(2 if small else 10))
    hidden, batch = (8, 8) if small else (100, 100)
    t0 = time.perf_counter()
    teacher = ck.model.gru_teacher()
    teacher_s = time.perf_counter() - t0
    kw = dict(hidden=hidden, init_scale=1e-2, lr=5e-3, batch=batch, horizon=ck.model.GRU_HORIZON,
              loss="accumulated", n_eval=64, dtype="float64")
    train = lambda n, **more: st.train_gru_students(teacher.params, ks, seeds, steps=n, **kw, **more)  # noqa: E731
    timing = {}
    probe = 6 if small else 30
    timing["eager_s_per_step"], _ = per_step(lambda n: train(n, graph=False), probe)
    graph = False
    if dev.type == "cuda":
        try:
            timing["graph_s_per_step"], _ = per_step(lambda n: train(n, graph=True), probe)
            # the capture is in that probe; a longer one shows the replays' own cost
            timing["graph_s_per_step_4x"], _ = per_step(lambda n: train(n, graph=True), 4 * probe)
            graph = True
        except Exception as exc:        # report and go on eagerly: the run must not be lost to the capture
            timing["graph_error"] = f"{type(exc).__name__}: {exc}"
            print("CUDA graph capture failed:", timing["graph_error"], flush=True)
    best = min(v for k, v in timing.items() if isinstance(v, float))
    steps = choose_steps(best, budget, cap=200 if small else 50_000)
    marks = sorted({max(1, steps * i // 10) for i in range(1, 11)})
    print(f"fig2a: probe {timing}; training {steps} steps", flush=True)
    t0 = time.perf_counter()
    run = train(steps, checkpoints=marks, graph=graph)
    wall = time.perf_counter() - t0
    history = [(n, ratios(e, run.trivial)) for n, e in run.config["history"]]
    result = dict(figure="ck2023 Figure 2(a)", device=str(dev), ks=ks, seeds=seeds, hidden=hidden, batch=batch,
                  steps=steps, paper_steps=50_000, budget_s=budget, wall_s=wall, train_s=run.seconds,
                  s_per_step=run.seconds / steps, teacher_fit_s=teacher_s, teacher_fit_error=teacher.fit_error,
                  timing_probe=timing, graph=run.config["graph"], ratio_median=ratios(run.errors, run.trivial),
                  errors=run.errors, trivial=run.trivial, in_window=run.fit, final_loss=run.final_loss,
                  history=history, config={k: v for k, v in run.config.items() if k != "history"})
    write(out, "fig2a", result)
    return result


def fig2a_teachers(ck, budget, small, out, n_seeds=10):
    """Figure 2(a) at the paper's width for every teacher of model.gru_teachers() (the check's five C.2.3 teachers,
    fitted here on the device), n_seeds students per teacher and k_g, all members of one batched program (one CUDA
    graph). Only the CUDA graph is probed: its ratio to the eager loop is in the fig2a result."""
    dev = st.device()
    torch = st.torch()
    ks = [10, 30] if small else list(range(10, 81, 10))
    seeds = list(range(2 if small else n_seeds))
    hidden, batch = (8, 8) if small else (100, 100)
    t0 = time.perf_counter()
    kept, rejected = ck.model.gru_teachers(steps=300 if small else 1000)
    teacher_s = time.perf_counter() - t0
    mem = [(ti, s) for ti in range(len(kept)) for s in seeds]
    seed_teachers = st.GRUParams(*[torch.cat(xs) for xs in zip(*[kept[ti][1].params.tensors() for ti, _ in mem])])
    kw = dict(hidden=hidden, init_scale=1e-2, lr=5e-3, batch=batch, horizon=ck.model.GRU_HORIZON,
              loss="accumulated", n_eval=64, dtype="float64", seed_teachers=seed_teachers)
    graph = dev.type == "cuda"
    train = lambda n, **more: st.train_gru_students(kept[0][1].params, ks, [s for _, s in mem], steps=n, graph=graph,  # noqa: E731
                                                    **kw, **more)
    probe = 6 if small else 30
    timing = {"s_per_step": per_step(train, probe)[0], "s_per_step_4x": per_step(train, 4 * probe)[0]}
    steps = choose_steps(timing["s_per_step_4x"], budget, cap=200 if small else 50_000)
    marks = sorted({max(1, steps * i // 10) for i in range(1, 11)})
    print(f"fig2a_teachers: {len(kept)} teachers x {len(seeds)} seeds, teachers fitted in {teacher_s:.1f} s; "
          f"probe {timing}; training {steps} steps", flush=True)
    t0 = time.perf_counter()
    run = train(steps, checkpoints=marks)
    wall = time.perf_counter() - t0

    def per_teacher(values):
        """{teacher seed: [the check's per-teacher median (ck2023 experiments.gru_cells) of values, per k_g]}"""
        return {str(kept[ti][0]): list(ck.experiments.gru_cells(run, mem, ti, values).values()) for ti in range(len(kept))}

    def ratio(errors):
        """tail error / the zero response's, member by member (C.3's r before the median)"""
        return [[e / t for e, t in zip(es, ts)] for es, ts in zip(errors, run.trivials)]

    result = dict(figure="ck2023 Figure 2(a), every teacher", device=str(dev), ks=ks, seeds=seeds, hidden=hidden,
                  batch=batch, steps=steps, paper_steps=50_000, budget_s=budget, wall_s=wall, train_s=run.seconds,
                  s_per_step=run.seconds / steps, teacher_fit_s=teacher_s, timing_probe=timing, graph=graph,
                  teachers=[dict(seed=s, fit_error=f.fit_error, kept=True) for s, f in kept]
                  + [dict(seed=s, fit_error=f.fit_error, kept=False) for s, f in rejected],
                  members=mem, ratio_median=per_teacher(ratio(run.errors)),
                  history=[(n, per_teacher(ratio(e))) for n, e in run.config["history"]],
                  in_window=per_teacher([[f / w for f, w in zip(fs, ws)] for fs, ws in zip(run.fit, run.window_scales)]),
                  errors=run.errors, trivials=run.trivials, final_loss=run.final_loss,
                  config={k: v for k, v in run.config.items() if k != "history"})
    write(out, "fig2a_teachers", result)
    return result


def fig1b(ck, budget, small, out, steps=None):
    dev = st.device()
    dh, d = 10, 50
    horizon = 80
    ks = [8, 16, 22] if small else [8, 12, 14, 16, 18, 20, 22, 24, 26, 30]
    seeds = list(range(2 if small else 10))
    w = ck.model.delay_response(dh, horizon)
    kw = dict(d=d, structure="general", balanced=False, init_scale=d ** -0.5, lr=1e-3, horizon=horizon)
    probe = 20 if small else 100
    sps, _ = per_step(lambda n: st.train_students(w, ks, seeds, steps=n, **kw), probe)
    steps = steps or choose_steps(sps, budget, cap=400 if small else 50_000)
    print(f"fig1b: probe {sps * 1e3:.2f} ms/step; training {steps} steps", flush=True)
    t0 = time.perf_counter()
    run = st.train_students(w, ks, seeds, steps=steps, **kw)
    wall = time.perf_counter() - t0
    result = dict(figure="ck2023 Figure 1(b)", device=str(dev), ks=ks, seeds=seeds, d=d, dhat=dh, horizon=horizon,
                  steps=steps, paper_steps=50_000, budget_s=budget, wall_s=wall, train_s=run.seconds,
                  s_per_step=run.seconds / steps, probe_s_per_step=sps,
                  error_median=[statistics.median(e) for e in run.errors], errors=run.errors,
                  final_loss=run.final_loss, config=run.config)
    write(out, "fig1b", result)
    return result


def write(out, key, result):
    """every figure's result is written as soon as it is known (an interrupted run keeps what it finished)"""
    path = os.path.join(out, "ck2023_paper_size.json")
    data = json.load(open(path)) if os.path.exists(path) else {}
    data[key] = result
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)
    print(f"{key}: steps {result['steps']}, {result['s_per_step'] * 1e3:.2f} ms/step, wall {result['wall_s']:.1f} s",
          flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget-fig2", type=float, default=300.0, help="seconds of training for Figure 2(a)")
    ap.add_argument("--budget-fig1b", type=float, default=90.0, help="seconds of training for Figure 1(b)")
    ap.add_argument("--steps-fig1b", type=int, help="Figure 1(b)'s steps (instead of its budget)")
    ap.add_argument("--small", action="store_true", help="a tiny configuration (a smoke test of this script)")
    ap.add_argument("--budget-teachers", type=float, default=380.0,
                    help="seconds of training for Figure 2(a) with every teacher (--only fig2a_teachers)")
    ap.add_argument("--seeds-per-teacher", type=int, default=10)
    ap.add_argument("--only", choices=("fig2a", "fig1b", "fig2a_teachers"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    torch = st.torch()
    print(f"torch {torch.__version__}, device {st.device()}"
          + (f" ({torch.cuda.get_device_name()})" if torch.cuda.is_available() else ""), flush=True)
    ck = sr.load_paper("ck2023")
    if a.only in (None, "fig1b"):
        fig1b(ck, a.budget_fig1b, a.small, a.out, a.steps_fig1b)
    if a.only in (None, "fig2a"):
        fig2a(ck, a.budget_fig2, a.small, a.out)
    if a.only == "fig2a_teachers":
        fig2a_teachers(ck, a.budget_teachers, a.small, a.out, a.seeds_per_teacher)
    return 0


if __name__ == "__main__":
    sys.exit(main())
