"""Section 5: experiments (Figures 1 and 2) as empirical claims with pre-registered predictions.

Every (k, seed) pair of a figure trains as one batched torch program (symrnn.train.train_students). The
extrapolation error is C.3's: the l_inf distance on the tail [k, horizon) of the impulse response; a student is
non-extrapolating when it is worse than the zero response (ratio err / trivial >= 1). All runs use the population
loss (3.4) (Sec. 5.2 trains on the empirical loss (3.3) with Gaussian batches; with whitened inputs its expectation
is (3.4), Lemma E.1) and Adam; sizes are stated in each check's evidence.
"""

import statistics

import symrnn as sr

from . import draws, fidelity, model, paper


def run_figure(ctx, teacher, ks, seeds, *, quick, full, structure, balanced, init_scale=0.1, horizon=None,
               diag_init=None, seed_scales=None, milestones=(), seed_teachers=None, empirical=None):
    """Train one batched program (quick or full size) and record its configuration (seed_teachers: one teacher
    response per entry of `seeds`, for several teacher draws in the one program; empirical: keyword arguments of
    train_students' empirical loss (3.3) and early stopping, instead of the population loss (3.4))."""
    import symrnn.train as st

    st.quiet_cpu(1)
    steps, lr = quick if ctx.quick else full
    run = st.train_students(teacher, ks, seeds, d=ctx.printed["d"], structure=structure, balanced=balanced,
                            init_scale=init_scale, steps=steps, lr=lr, horizon=horizon, diag_init=diag_init,
                            seed_scales=seed_scales, milestones=milestones, seed_teachers=seed_teachers,
                            **(empirical or {}))
    # no wall-clock seconds here: the report must not depend on the clock (the check's time is in the ledger)
    members = f"{len(seeds)} members (teacher draw x seed)" if seed_teachers is not None else f"{len(seeds)} seeds"
    how = (f"at most {steps} Adam steps on the empirical loss (3.3) (batch {empirical['batch']} fresh N(0, 1) sequences "
           f"per step and seed), early stopping: every {empirical['stop_window']} steps the mean training loss of those "
           f"steps; a member stops after {empirical['stop_patience']} such checks in a row without a "
           f"{empirical['stop_rel']:.0%} improvement on its best and keeps its parameters of its best check"
           if empirical else f"{steps} Adam steps on the population loss (3.4)")
    ctx.step(f"Run: {len(ks)} values of k x {members} as one batched program, {how}, lr {lr}, "
             f"d = {ctx.printed['d']}, structure {structure}, balanced {balanced}, init scale "
             f"{sorted(set(seed_scales)) if seed_scales is not None else init_scale} (per-entry standard deviation), "
             f"horizon {horizon} "
             f"({'quick' if ctx.quick else 'full'} mode; device {run.config['device']}).")
    return run


def medians(run):
    return [statistics.median(errs) for errs in run.errors]


def report(ctx, run, name, values, ylabel):
    ctx.table(f"{name}: extrapolation error per k (median over seeds)", ("k", ylabel, "final losses"),
              [(k, f"{v:.3e}", " ".join(f"{x:.1e}" for x in fl)) for k, v, fl in zip(run.ks, values, run.final_loss)])
    ctx.plot(name, f"{name}: {ylabel} against the training length k", xlabel="k", ylabel=ylabel,
             lines=[("median over seeds", list(run.ks), [max(v, 1e-300) for v in values])], logy=True)


def decide(ctx, title, predictions, observed, contradiction):
    """predictions: [sr.Prediction], each run on its positive and negative control and then on `observed`;
    contradiction: text or None (an opposite outcome that is clear).  A criterion failing its controls makes the
    check inconclusive as an error of the check (ctx.controlled), whatever the data."""
    outcome = ctx.controlled(predictions, observed)
    if outcome is None:
        return None
    failed = [p.text for p, ok in zip(predictions, outcome) if not ok]
    detail = "; ".join(f"{p.text}: {'held' if ok else 'FAILED'}" for p, ok in zip(predictions, outcome))
    if not failed:
        return ctx.confirmed(title, predictions=len(predictions), detail=detail)
    if contradiction:
        return ctx.inconclusive(title, f"contradicts the prediction: {contradiction}. {detail}")
    return ctx.inconclusive(title, f"not every pre-registered prediction held: {detail}")


# -- controls: synthetic error curves over the run's grid of k (built from the grid and the printed sizes only) --
step_curve = draws.step_curve


def transition(by, threshold):
    """The smallest k of the grid from which every larger k is below `threshold` (None if there is none)."""
    ks = sorted(by)
    return next((k for k in ks if all(by[j] < threshold for j in ks if j >= k)), None)


def run_draws(ctx, ks, seeds, *, drawn=None, scales=None, **kw):
    """Every teacher draw (x scale x seed) as members of one batched program, trained to max(draws.HORIZONS);
    drawn: [(seed, atoms, weights, response)], default the balanced teachers of draws.DRAWS (their table recorded).
    Returns (run, drawn teachers, members, draws.tails)."""
    if drawn is None:
        drawn = draws.teachers()
        draws.teacher_table(ctx, drawn)
    mem = draws.members(seeds, scales)
    run = run_figure(ctx, drawn[0][3], ks, [s for *_, s in mem], horizon=max(draws.HORIZONS),
                     seed_teachers=[drawn[di][3] for di, _, _ in mem],
                     seed_scales=[sc for _, sc, _ in mem] if scales else None, **kw)
    return run, drawn, mem, draws.tails(run, drawn, mem)


def choices(tl, drawn, observe, scale=None):
    """{'draw s, H = h': observe(cells)} for every draw and horizon (cells: {k: [(abs, ratio)]})."""
    return {f"draw {s}, H = {H}": observe(tl[(di, scale, H)]) for di, (s, *_r) in enumerate(drawn)
            for H in draws.HORIZONS}


DRAW_NOTES = (
    "Teacher (issue 20): C.2.1's balanced teacher over five draws (model.balanced_teacher, seeds 0-4: eigenvalues i.i.d. "
    "U(0.6, 1.05) -- the printed 'distribute uniformly' read as random draws --, B^ ~ N(0.5, 1) normalised to C^B^ = 1), "
    "every draw's students in the one batched program; C.3's tail error on [k, H) at H = 40 and 100 (the horizon is "
    "not printed; see derivations/ck2023/draws.py for why these). Each prediction is judged at every (draw, horizon): "
    "held at all -> confirmed; failing at some only -> inconclusive, depending on the choice (not evidence against the "
    "paper); failing at all -> inconclusive, evidence against. Before issue 20 one teacher with evenly spread "
    "eigenvalues (seed 0: weights 0.178, 0.062, 0.593, 0.167, 0.0006 with the 0.0006 on 1.05) and horizon 100 were used.")


fig1a = paper.claim(
    "fig1a", kind="figure", label="Figure 1(a)", where="Sec. 5.1",
    statement=r"""As representative values for the state space dimensions of the teacher and (overparameterized) student, we choose $\hat{d} = 5$ and $d = 40$ respectively \dots the student is learned via GD applied directly to the population loss defined in Equation 3.4 \dots Figure 1(a) reports the extrapolation error (quantified by the $\ell_\infty$ distance between the impulse response of the learned student and that of the teacher) as a function of $k$. As can be seen, extrapolation exhibits a phase transition that accords with our theory: when $k > 2\hat{d}$ extrapolation error is low, whereas when $k$ falls below $2\hat{d}$ extrapolation error is high.""",
    uses=["thm5", "thm8", "lemma7"],
    printed={"dhat": 5, "d": 40},
    notes="Balanced diagonal student (B = C^T tied), a ~ U(-1, 1), b ~ N(0, 0.1^2); Adam (C.1). " + DRAW_NOTES +
          " Pre-registered (issue 20, written before the runs; the paper's statement as a gap and a direction): P1 every "
          "k >= 2d^ + 2 has a median err/trivial at most half of every k in [2d^ - 4, 2d^ - 1]'s; P2 every k >= 2d^ + 2 "
          "has median ratio < 1 (extrapolates by C.3). Replaced (stricter than the paper, issue 20): 'ratio > 1 for "
          "k in [2d^ - 4, 2d^ - 1]' and 'transition k* in [2d^ - 1, 2d^ + 2]'. "
          "Investigation (issue 9, the former single teacher at horizon 100): full mode had every k from 3 to 20 below "
          "ratio 1 and the ratio rising with k (0.13 at k = 3, 0.41 at k = 10, 0.97 at k = 18-20): the teacher's "
          "eigenvalue 1.05 made the tail error the error of the growing mode at the end of the horizon. "
          "Investigation (issue 20, full mode over the five draws: 19 k x 5 draws x 3 seeds = 285 students in one "
          "program, 15000 Adam steps lr 1e-3, final losses mostly 1e-8 to 1e-9 and at most 3e-5, 145 s on the 2-core CPU): the outcome depends "
          "on the draw. P1 held for draw 2 at both horizons (ratio at H = 40: 0.99 at k = 6, 0.27 at k = 9, 0.088 at "
          "k = 12, 0.013 at k = 20: the paper's picture); draw 1 (H = 40) falls from 1.1-2.3 at k = 4-7 to 0.34 at "
          "k = 9 and 0.19 at k = 12 (the gap misses: 0.19 > 0.5 x 0.34); draw 4 (H = 40) falls from 6.0 at k = 4 to "
          "0.15 at k = 9 and 0.056 at k = 10, then 0.067-0.133 for k >= 11 (a transition just below 2d^); draws 0 and 3 "
          "extrapolate from k = 3 on (ratio at most 0.10 and 0.19 for every k from 3 to 20), plausibly because their "
          "effective order is lower (near-coincident eigenvalues 0.607/0.618 with weight 0.006; three weights below "
          "0.008; not tested here). P2 "
          "failed only at H = 100 for the unstable draws 1 and 4 (largest eigenvalue 1.028, 1.039), where the growing "
          "mode puts every ratio for k >= 12 above 1.3. Every draw's k = 2 student grows far beyond its "
          "window (ratio 760-8400 at H = 40).",
)


@fig1a.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.4), float64",
             scope="5 teacher draws x horizons {40, 100}; quick: k in {4, 6, 8, 9, 11, 12, 14}, 3 seeds per draw, 2000 "
                   "steps lr 1e-2; full (paper-sized): k = 2..20, 3 seeds per draw, 15000 steps lr 1e-3 (C.1)")
def phase_transition(ctx):
    ctx.fidelity(fidelity.fig1a(ctx.quick))
    ks = [4, 6, 8, 9, 11, 12, 14] if ctx.quick else list(range(2, 21))
    run, drawn, mem, tl = run_draws(ctx, ks, [0, 1, 2], quick=(2000, 1e-2), full=(15000, 1e-3), structure="diag",
                                    balanced=True, init_scale=0.1, diag_init=(-1.0, 1.0))
    draws.error_table(ctx, "fig1a", run, drawn, tl, mem)
    draws.ratio_plots(ctx, "fig1a", tl, drawn)
    draws.decide_over(ctx, "Figure 1(a) phase transition at 2d^", draws.transition_predictions(run.ks),
                      choices(tl, drawn, lambda cells: draws.medians(cells)[1]))


# Sec. 5.2 / C.1: the empirical loss (3.3) on batches of 100 N(0, 1) sequences, early stopping (criterion not printed:
# ours, fixed before the runs, is train_students' rule with these numbers: a check every 100 steps, 10 checks = 1000
# steps without a 1 % improvement)
DELAY_EMPIRICAL = dict(loss="empirical", batch=100, stop_window=100, stop_patience=10, stop_rel=0.01)
DELAY_QUICK = (1500, 3e-3)
DELAY_FULL = (20000, 1e-3)


def delay_run(ctx, ks, seeds):
    dh = ctx.printed["dhat"]
    horizon = 60 if ctx.quick else 80
    run = run_figure(ctx, model.delay_response(dh, horizon), ks, seeds, quick=DELAY_QUICK, full=DELAY_FULL,
                     structure="general", balanced=False, init_scale=ctx.printed["d"] ** -0.5, horizon=horizon,
                     empirical=DELAY_EMPIRICAL)
    steps = (DELAY_QUICK if ctx.quick else DELAY_FULL)[0]
    early = sum(s < steps for row in run.stopped for s in row)
    ctx.table("Early stopping per student: the step at which it stopped / the step of the parameters it keeps",
              ("k", *[f"seed {s}" for s in run.seeds]),
              [(k, *[f"{a} / {b}" for a, b in zip(st_, kp)]) for k, st_, kp in zip(run.ks, run.stopped, run.kept)])
    ctx.step(f"Early stopping: {early} of {sum(len(r) for r in run.stopped)} students stopped before the cap of {steps} "
             f"steps (latest stop at step {max(max(r) for r in run.stopped)}).")
    return run


fig1b = paper.claim(
    "fig1b", kind="figure", label="Figure 1(b)", where="Sec. 5.2",
    statement=r"""Figure 1(b) reports the results of an experiment where the state space dimensions of the teacher and (overparameterized) student are $\hat{d} = 10$ and $d = 50$ respectively \dots and where the teacher implements a delay line of $\hat{d}$ time steps (for details see Appendix C.2.2). \dots despite the fact that our theory does not apply to the evaluated settings, its conclusions still hold --- extrapolation error is low when the training sequence length $k$ is greater than $2\hat{d}$, and high when $k$ falls below $2\hat{d}$.""",
    uses=["eq_c1", "thm5"],
    printed={"dhat": 10, "d": 50},
    notes="Delay teacher (C.1); general (non-symmetric) student, unbalanced standard initialization N(0, 1/d) for "
          "A, B, C (PyTorch's default scale; the paper's 'standard near-zero initialization'); Adam. The tail of the "
          "teacher is zero for k >= d^, so the error is absolute (teacher peak 1). Pre-registered: P1 k >= 2d^ + 2: "
          "median error < 0.1; P2 k < d^ (the zero target): median error > 0.9; P3 k in [2d^ - 6, 2d^ - 2]: median "
          "error > 0.1. "
          "Investigation (issue 9): quick mode (1000 steps) confirms all three predictions; full mode (8000 "
          "steps, the paper's 'most experiments required less than 10K steps') misses P3 narrowly: the median "
          "error falls smoothly with k (0.98 at k = 8, 0.51 at 12, 0.19 at 14, 0.11 at 16, 0.090 at 18, 0.072 "
          "at 20, 0.013 at 30), a transition spread over [12, 20] rather than a step at 2d^. "
          "Set-up since issue 20 (Sec. 5.2 / C.1 as printed): the empirical loss (3.3) on batches of 100 fresh N(0, 1) "
          "sequences, Adam lr 1e-3, at most 20,000 steps with early stopping (the criterion is not printed: ours is a "
          "check every 100 steps of the mean training loss, a stop after 10 checks without a 1 % improvement, the "
          "parameters of the best check kept); 3 seeds as the paper. Investigation (issue 20, full mode, 30 students, "
          "98 s on the 2-core CPU): every student fits its window exactly (training loss about 1e-30) by about 1000 "
          "steps and stops by step 2,400 (none reaches the cap); median tail error 1.02 at k = 8 (the zero target), "
          "diverging tails at k = 12, 14 (medians 1.3e3, 3.7e2), 0.45 at 16, 0.31 at 18, 0.26 at 2d^ = 20, 0.135 at "
          "22, 0.098 at 24, 0.076 at 26, 0.015 at 30: low above 2d^ and high below it, but the error reaches 0.1 only "
          "at k = 24, so P1 (k >= 22) fails at k = 22; P2 and P3 hold. The outcome depends on the stopping rule (a "
          "choice the paper leaves open): a development run of the same students that kept the parameters at the stop "
          "step instead (step 3,000, after Adam's late steps had moved them off the exact fit: once the gradients "
          "vanish its normalised steps grow and the training loss spikes to about 1e-4) gave 0.30, 0.30, 0.16 at "
          "k = 14, 16, 18, 0.051 at 20, 0.035 at 22, 0.015 at 30 (every prediction held), and the paper-sized 50,000-step "
          "population-loss run on an H200 (README, benchmarks/results/ck2023_paper_size_h200.json; not re-run by the "
          "check) gave 0.088 at k = 12, 0.016 at 20: training on past the exact in-window fit lowers the tail error. "
          "So the delay-teacher transition is gradual and its position moves with how long training goes on after "
          "the window is fitted; not evidence against the paper.",
)


@fig1b.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.3), batch 100, early stopping, float64",
             scope="empirical loss (3.3), batch 100, early stopping; quick: k in {8, 16, 22, 26}, 2 seeds, at most 1500 "
                   "steps lr 3e-3, horizon 60; full: k in {8, 12, 14, 16, 18, 20, 22, 24, 26, 30}, 3 seeds, at most "
                   "20000 steps lr 1e-3 (the paper's 50K cap reduced to bound the CPU time; early stopping ends every "
                   "student well before it)")
def delay(ctx):
    ctx.fidelity(fidelity.fig1b(ctx.quick))
    dh = ctx.printed["dhat"]
    ks = [8, 16, 22, 26] if ctx.quick else [8, 12, 14, 16, 18, 20, 22, 24, 26, 30]
    run = delay_run(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2])
    m = medians(run)
    report(ctx, run, "fig1b", m, "l_inf tail error")
    by = dict(zip(run.ks, m))
    opposite = "every k >= d^ extrapolates" if all(v < 0.05 for k, v in by.items() if k >= dh) else None
    # controls: the paper's shape (error 1 below d^ -- the zero target --, 0.5 up to 2d^, 0.01 from 2d^ on) / none
    ks = run.ks
    paper = {k: (1.0 if k < dh else 0.5 if k < 2 * dh else 0.01) for k in ks}
    decide(ctx, "Figure 1(b) (delay teacher) phase transition at 2d^", [
        sr.Prediction("P1 (k >= 2d^+2: error < 0.1)", lambda b: all(v < 0.1 for k, v in b.items() if k >= 2 * dh + 2),
                      paper, {k: (1.0 if k < dh else 0.5) for k in ks}, "the paper's step at 2d^ / no extrapolation"),
        sr.Prediction("P2 (k < d^: error > 0.9)", lambda b: all(v > 0.9 for k, v in b.items() if k < dh), paper,
                      step_curve(ks, 0, 0.01, 0.01), "the paper's step at 2d^ / every k at 0.01"),
        sr.Prediction("P3 (k in [2d^-6, 2d^-2]: error > 0.1)",
                      lambda b: all(v > 0.1 for k, v in b.items() if 2 * dh - 6 <= k <= 2 * dh - 2), paper,
                      {k: (1.0 if k < dh else 0.01) for k in ks}, "the paper's step at 2d^ / a step at d^")],
        by, opposite)


GRU_QUICK = dict(seeds=(0,), hidden=16, init_scale=1e-2, steps=400, lr=1e-2, batch=16, teacher_steps=300)
GRU_FULL = dict(seeds=(0,), hidden=32, init_scale=1e-2, steps=1600, lr=5e-3, batch=20, teacher_steps=1000)


# the k_g grid of Figure 2(a); Figure 2(b)'s two students are members of the same run (ctx.shared: trained once)
FIG2_KS = {True: (10, 30, 40, 60), False: tuple(range(10, 81, 10))}


def gru_students(ks, quick, dtype):
    """The Figure 2 teachers and students for the grid ks (quick or full size): (run, kept, rejected). Every teacher of
    model.gru_teachers() has its students as extra members of the one batched program (a student depends only on its
    seed, its teacher and k_g). No ctx: computed once for both figures (ctx.shared)."""
    import symrnn.train as st

    st.quiet_cpu(1)
    cfg = GRU_QUICK if quick else GRU_FULL
    kept, rejected = model.gru_teachers(steps=cfg["teacher_steps"])
    mem = [(ti, s) for ti in range(len(kept)) for s in cfg["seeds"]]
    seed_teachers = st.GRUParams(*[st.torch().cat(xs) for xs in zip(*[kept[ti][1].params.tensors() for ti, _ in mem])])
    run = st.train_gru_students(kept[0][1].params, tuple(ks), [s for _, s in mem], hidden=cfg["hidden"],
                                init_scale=cfg["init_scale"], steps=cfg["steps"], lr=cfg["lr"], batch=cfg["batch"],
                                horizon=model.GRU_HORIZON, loss="accumulated", n_eval=64, dtype=dtype,
                                seed_teachers=seed_teachers)
    return run, kept, rejected


def gru_run(ctx, ks, dtype):
    """gru_students for ctx's size, recorded: returns (run, teachers [(seed, GRUTeacher)], members [(teacher index,
    seed)])."""
    cfg = GRU_QUICK if ctx.quick else GRU_FULL
    run, kept, rejected = ctx.shared(gru_students, tuple(ks), ctx.quick, dtype)
    ctx.table(f"Teachers (C.2.3): d^_g = {model.GRU_TEACHER_HIDDEN} GRUs from N(0, (1e-6)^2), {cfg['teacher_steps']} "
              f"Adam steps lr 1e-2 on model.gru_target(seed) (length {model.GRU_HORIZON}), fitted as one batched program",
              ("target seed", "fit error max|impulse - target| / peak", "kept (fit error <= 0.5)"),
              [(s, f"{f.fit_error:.3f}", "yes" if (s, f) in kept else "no: does not mimic its target")
               for s, f in sorted(kept + rejected, key=lambda x: x[0])])
    mem = [(ti, s) for ti in range(len(kept)) for s in cfg["seeds"]]
    c = run.config
    ctx.step(f"Students: k_g in {list(run.ks)} x {len(kept)} teachers x {len(cfg['seeds'])} seed(s) per teacher as one "
             f"batched program, d_g = {c['hidden']}, init N(0, {c['init_scale']:g}^2), {c['steps']} Adam steps lr "
             f"{c['lr']:g}, batch {c['batch']} fresh N(0, 1) sequences, {c['loss']} loss, {c['dtype']}; evaluation on "
             f"{c['n_eval']} sequences of length {c['horizon']}; ({'quick' if ctx.quick else 'full'} mode, device "
             f"{c['device']}).")
    return run, kept, mem


def gru_cells(run, mem, ti, values):
    """{k_g: median over teacher ti's seeds of values[i][m]} (values: a [k index][member] grid)"""
    return {k: statistics.median(values[i][m] for m, (t_, _) in enumerate(mem) if t_ == ti) for i, k in enumerate(run.ks)}


def gru_ratios(run, mem, ti):
    """{k_g: r} for teacher ti: median over its seeds of tail error / its zero response's (C.3)"""
    return gru_cells(run, mem, ti, [[e / t for e, t in zip(es, ts)] for es, ts in zip(run.errors, run.trivials)])


def gru_report(ctx, run, name, teachers, mem):
    fit = [[f / w for f, w in zip(fs, ws)] for fs, ws in zip(run.fit, run.window_scales)]
    ctx.table(f"{name}: GRU extrapolation error per teacher and k_g (ratio r = tail error / the zero response's; "
              f"median over the teacher's seeds)", ("teacher", "k_g", "r", "tail error", "in-window error / teacher's "
              "in-window scale", "final batch loss"),
              [(s, k, f"{gru_ratios(run, mem, ti)[k]:.3f}", f"{gru_cells(run, mem, ti, run.errors)[k]:.3f}",
                f"{gru_cells(run, mem, ti, fit)[k]:.3f}",
                f"{gru_cells(run, mem, ti, run.final_loss)[k]:.1e}")
               for ti, (s, _f) in enumerate(teachers) for k in run.ks])
    ctx.plot(name, f"{name}: tail error / zero response's against k_g, per teacher", xlabel="k_g", ylabel="r",
             lines=[(f"teacher {s}", list(run.ks), [max(v, 1e-300) for v in gru_ratios(run, mem, ti).values()])
                    for ti, (s, _f) in enumerate(teachers)], logy=True)


GRU_NOTES = (
    "Setup (App. C.2.3, Sec. 5.3; our choices where the paper is silent, fixed before any student was trained): the "
    "teacher is a d^_g = 10 GRU (torch.nn.GRU(1, 10) + Linear(10, 1) semantics) from an N(0, (1e-6)^2) initialization "
    "trained for 1000 Adam steps (lr 1e-2) to mimic an order-10 impulse response (five damped oscillatory modes from "
    "a fixed seed, model.gru_target); students are GRUs of width d_g with every weight and bias drawn from "
    "N(0, (1e-2)^2) ('standard near-zero initialization'), trained with Adam on fresh N(0, 1) input sequences of "
    "length k_g, squared error summed over the k_g outputs of each sequence (the accumulating loss of App. D; the "
    "paper does not say which outputs enter), all (k_g, seed) students as one batched program. Extrapolation error "
    "(Sec. 5.3, C.3): mean over 64 N(0, 1) sequences of length 120 of max_{k_g <= t < 120} |y_student - y_teacher|; "
    "ratio r = that error / the zero response's (C.3: r >= 1 is non-extrapolating); r per k_g is the median over "
    "seeds. A development run with another target (a single damped sinusoid, a response of order 2) had every "
    "k_g >= 10 extrapolating (r <= 0.14 after 300 steps): a low-order target gives no threshold near 4 d^_g, which "
    "is why the target has order 10. Teachers since issue 20 (C.2.3's procedure over several targets, the target "
    "being 'arbitrarily chosen'): model.gru_teachers fits the targets gru_target(seed) of seeds 0-7 (init seed = target "
    "seed) as the members of one batched program and keeps the first five whose fit error max|impulse - target| / peak "
    "is at most 0.5 (a network stuck near its 1e-6 initialisation does not mimic its target; rule fixed before any "
    "student was trained on them): seeds 0, 2, 3, 4, 5 at both sizes (seed 1 fits to 0.99 after 1000 steps, 0.56 "
    "after 300). Every teacher's students are extra members of the one batched program, one seed per teacher (the "
    "seed budget of the former 3 seeds x 1 teacher goes to the teachers), and each prediction is judged per teacher "
    "with draws.decide_over: held at every teacher -> confirmed; at some only -> depends on the teacher (not evidence "
    "against the paper); at none in full mode -> evidence against. Before issue 20: one teacher (seed 0, fitted "
    "alone; batched fitting changes its fit error 0.036 -> 0.038 by rounding) and 3 seeds.")


fig2a = paper.claim(
    "fig2a", kind="figure", label="Figure 2(a)", where="Sec. 5.3",
    statement=r"""we evaluate the extent to which a student GRU with state space dimension $d_g = 100$ extrapolates when learning from a teacher GRU with state space dimension $\hat{d}_g = 10$ \dots Figure 2(a) reports the extrapolation error \dots for different choices of $k_g$. As can be seen, similarly to the case with linear RNNs \dots there exists a critical threshold for the training sequence length $k_g$, above which extrapolation error is low and below which extrapolation error is high (note that this critical threshold is around four times the teacher's state space dimension, whereas with linear RNNs the critical threshold was around two times the teacher's state space dimension \dots).""",
    uses=["fig1a", "fig1b"],
    printed={"dhat_g": 10, "d_g": 100},
    notes=GRU_NOTES + " Pre-registered (written before the runs): P1 every k_g >= 5 d^_g (50..80) has r < 0.5; P2 "
                      "every k_g <= 2 d^_g (10, 20) has r > 0.5; P3 the transition k* (the smallest k_g of the grid "
                      "from which every larger k_g has r < 0.5) lies in [3 d^_g, 5 d^_g] = [30, 50], i.e. near "
                      "4 d^_g. A clear opposite (reported as contradicting): r < 0.5 for every k_g, or k* <= 2 d^_g. "
          "Investigation (issue 9): an 800-step full run had median r between 0.08 and 0.15 for every k_g (10..80), "
          "with in-window errors of 0.04-0.22; a development run with 2400 steps (k_g in {10, 20, 60}, one seed) gave "
          "r = 0.12, 0.10, 0.08 with in-window errors 0.04, 0.07, 0.10: more training lowers every ratio, the "
          "k_g = 10 one included, so the absence of a threshold is not a matter of under-training at this width; "
          "quick mode agrees. Whether width-100 students trained for up to 50K steps show one is not decided here "
          "(the H200 run of README's 'Paper-sized runs on a GPU', benchmarks/results/ck2023_paper_size_h200.json, not "
          "re-run by the check: width 100, 10 seeds, batch 100, 8,000 of the 50,000 steps, teacher seed 0: every k_g "
          "extrapolates, r = 0.037-0.069). "
          "Investigation (issue 20, quick mode, five teachers, k_g in {10, 30, 40, 60}): P1 held for every teacher; P2 "
          "and P3 held for teachers 4 and 5 only, weakly: r = 0.67 and 0.58 at k_g = 10, then 0.26-0.37 for k_g >= 30 "
          "(k* = 30; these quick students are under-trained, in-window errors 0.12-0.33 of the teacher's scale), "
          "while teachers 0, 2, 3 have r <= 0.31 at every k_g (k* = 10); so at the quick size the outcome depends on "
          "the teacher. Full mode with the five teachers (40 students, width 32, 1600 steps; a cold make report on "
          "2026-11-27, 338 s of check CPU): P1 held at every teacher, P2 and P3 at none: r at k_g = 10 is 0.09, 0.37, "
          "0.26, 0.27, 0.49 for teachers 0, 2, 3, 4, 5 and every k_g extrapolates (k* = 10 at every teacher; teacher 5 "
          "fits its windows least well, in-window error 0.07-0.37 of the scale). So the missing threshold survives the "
          "teacher draw (evidence against the figure). At the paper's width, seed count and batch (d_g = 100, 10 seeds, "
          "batch 100) on a lent H200 with these five teachers fitted there, 3,000 of the 50,000 steps (README "
          "'Paper-sized runs on a GPU', benchmarks/results/ck2023_paper_size_h200_teachers.json, not re-run by the "
          "check): P1 at every teacher, P2 and P3 at none; r at k_g = 10 is 0.069, 0.25, 0.16, 0.19, 0.32 and below 0.5 "
          "at every k_g, falling 3.5-8.4-fold from k_g = 10 to 30 for teachers 2, 3, 4 (a direction, not a step near "
          "4 d^_g); it has not been tested with 50K steps (the one-teacher runs with 8K and 14K steps lower every r).",
)


@fig2a.check(layer="empirical", requires=("torch",), method="batched GRU students (Adam), torch", timeout=2400,
             shares="figure 2 students",
             scope="5 teachers (C.2.3, model.gru_teachers), 1 seed each; quick: teachers fitted 300 steps, k_g in {10, 30, "
                   "40, 60}, d_g = 16, 400 steps lr 1e-2, batch 16; full: teachers fitted 1000 steps, k_g = 10, 20, "
                   "..., 80, d_g = 32, 1600 steps lr 5e-3, batch 20; float64 -- reduced from the paper's "
                   "d_g = 100, 10 seeds, batch 100 and up to 50K steps to fit the 2-core CPU budget (a float32 run "
                   "was not used: its students differed from their float64 re-run as much as different seeds do); "
                   "teacher d^_g = 10 as printed")
def gru_threshold(ctx):
    ctx.fidelity(fidelity.fig2a(ctx.quick))
    dh = ctx.printed["dhat_g"]
    run, teachers, mem = gru_run(ctx, FIG2_KS[ctx.quick], "float64")
    gru_report(ctx, run, "fig2a", teachers, mem)
    obs = {f"teacher {s}": gru_ratios(run, mem, ti) for ti, (s, _f) in enumerate(teachers)}
    ctx.step("transition k* (smallest k_g from which every larger k_g has r < 0.5) per teacher: " + "; ".join(
        f"{c}: {transition(by, 0.5)}" for c, by in obs.items()))
    # controls: a step from r = 1 to 0.1 at 4 d^_g (the paper's threshold) / a flat 0.8, a flat 0.1, a step at 2 d^_g
    ks, paper = run.ks, step_curve(run.ks, 4 * dh, 1.0, 0.1)
    draws.decide_over(ctx, "Figure 2(a): GRU threshold near 4 d^_g", [
        sr.Prediction(f"P1 (k_g >= {5 * dh}: r < 0.5)", lambda b: all(v < 0.5 for k, v in b.items() if k >= 5 * dh),
                      paper, step_curve(ks, 0, 0.8, 0.8), "a step 1 -> 0.1 at 4 d^_g / a flat 0.8"),
        sr.Prediction(f"P2 (k_g <= {2 * dh}: r > 0.5)", lambda b: all(v > 0.5 for k, v in b.items() if k <= 2 * dh),
                      paper, step_curve(ks, 0, 0.1, 0.1), "a step 1 -> 0.1 at 4 d^_g / a flat 0.1"),
        sr.Prediction(f"P3 (transition k* in [{3 * dh}, {5 * dh}])",
                      lambda b: (lambda s: s is not None and 3 * dh <= s <= 5 * dh)(transition(b, 0.5)), paper,
                      step_curve(ks, 6 * dh, 1.0, 0.1), "a step at 4 d^_g / a step at 6 d^_g")], obs, over=("teacher",))


fig2b = paper.claim(
    "fig2b", kind="figure", label="Figure 2(b)", where="Sec. 5.3",
    statement=r"""Figure 2(b) displays the average output response over different inputs of the teacher alongside those of two students --- one trained with sequences of length $k_g = 30$, and the other with sequences of length $k_g = 60$. As expected, the impulse response of each student tracks that of the teacher for the first $k_g$ time steps (where $k_g$ is student-dependent). However, while the student for which $k_g = 30$ fails to track the teacher beyond $k_g$ time steps, the student for which $k_g = 60$ succeeds, thereby exemplifying implicit extrapolation.""",
    uses=["fig2a"],
    printed={"dhat_g": 10, "k_short": 30, "k_long": 60},
    notes="Same setup as Figure 2(a). Footnote 2: with GRUs the impulse response does not identify the input-output "
          "map; the figure's 'average output over several inputs' is shown as the mean absolute error against the "
          "teacher over random inputs, with the impulse responses beside it. Pre-registered (written before the runs): "
          "P1 both students track the teacher inside their window (median in-window error < 0.25 of the teacher's "
          "in-window scale, the mean over inputs of max_{t < k_g} |y_teacher|); P2 the k_g = 60 student's tail ratio "
          "r < 0.5; P3 the k_g = 30 student's r > 0.5. Since issue 23 the two students are those of the Figure 2(a) run "
          "itself (trained once for both figures, ctx.shared); before, they were re-trained alone with the same "
          "initialization and batches, and rounding differences of the batched products grew over training (in an "
          "800-step full run the k_g = 30 median ratio was 0.13 in 2(a)'s run and 0.09 alone: the run-to-run spread of r). "
          "Since issue 20 over the five teachers of Figure 2(a) (one seed each); quick mode: the k_g = 30 student "
          "extrapolates (r = 0.02-0.33 < 0.5) for every teacher, the k_g = 60 one too (0.02-0.37), and both track "
          "inside the window for three of the five (teachers 4, 5: in-window error 0.33, 0.26 of the scale at k_g = 60). "
          "Full mode (2026-11-27, 2(a)'s full run): the k_g = 30 student extrapolates for every teacher (r = 0.04-0.45), "
          "P2 holds at every teacher, P1 at four (teacher 5: in-window error 0.22 and 0.37 of the scale), P3 at none: "
          "evidence against the figure that survives the teacher draw, at width 32 and 1600 steps.",
)


@fig2b.check(layer="empirical", requires=("torch",), method="batched GRU students (Adam), torch", timeout=2400,
             shares="figure 2 students",
             scope="the k_g = 30 and k_g = 60 students of the Figure 2(a) run for each of its five teachers (the same "
                   "run, trained once for both figures)")
def gru_responses(ctx):
    ctx.fidelity(fidelity.fig2b(ctx.quick))
    ks = (ctx.printed["k_short"], ctx.printed["k_long"])
    run, teachers, mem = gru_run(ctx, FIG2_KS[ctx.quick], "float64")      # Figure 2(a)'s run, trained once
    i30, i60 = run.ks.index(ks[0]), run.ks.index(ks[1])
    horizon = len(run.teacher_impulse)
    m0 = 0                                                   # teacher 0's first member
    ctx.plot("fig2b_impulse", f"Figure 2(b): impulse responses of teacher {teachers[0][0]} and its k_g = 30, 60 "
             "students (seed 0)", xlabel="t", ylabel="y_t",
             lines=[("teacher", list(range(horizon)), list(run.teacher_impulses[m0]))]
             + [(f"student k_g = {run.ks[i]}", list(range(horizon)), list(run.impulse[i][m0])) for i in (i30, i60)])
    ctx.plot("fig2b_error", f"Figure 2(b): mean |y_student - y_teacher| over 64 N(0, 1) input sequences (teacher "
             f"{teachers[0][0]}, seed 0)", xlabel="t", ylabel="mean abs. error", logy=True,
             lines=[(f"student k_g = {run.ks[i]}", list(range(horizon)), [max(v, 1e-300) for v in run.mean_abs[i][m0]])
                    for i in (i30, i60)])
    fit = [[f / w for f, w in zip(fs, ws)] for fs, ws in zip(run.fit, run.window_scales)]
    obs = {f"teacher {s}": {"inside": gru_cells(run, mem, ti, fit), "r": gru_ratios(run, mem, ti)}
           for ti, (s, _f) in enumerate(teachers)}
    ctx.table("Figure 2(b): in-window error / the teacher's in-window scale and tail ratio r, per teacher (median over "
              "its seeds)", ("teacher", "k_g", "in-window error / scale", "tail ratio r"),
              [(c, k, f"{o['inside'][k]:.3f}", f"{o['r'][k]:.3f}") for c, o in obs.items() for k in ks])
    # controls: the paper's picture (both track inside, 0.05; r = 1 at k_g = 30, 0.1 at 60) / each effect absent
    paper = {"inside": {30: 0.05, 60: 0.05}, "r": {30: 1.0, 60: 0.1}}
    draws.decide_over(ctx, "Figure 2(b): k_g = 30 fails beyond k_g, k_g = 60 succeeds", [
        sr.Prediction("P1 (both track the teacher inside the window: error / scale < 0.25)",
                      lambda o: all(v < 0.25 for v in o["inside"].values()), paper,
                      dict(paper, inside={30: 0.05, 60: 0.6}), "both at 0.05 / the k_g = 60 student at 0.6"),
        sr.Prediction("P2 (k_g = 60: r < 0.5)", lambda o: o["r"][60] < 0.5, paper, dict(paper, r={30: 1.0, 60: 1.0}),
                      "r(60) = 0.1 / 1"),
        sr.Prediction("P3 (k_g = 30: r > 0.5)", lambda o: o["r"][30] > 0.5, paper, dict(paper, r={30: 0.1, 60: 0.1}),
                      "r(30) = 1 / 0.1")], obs, over=("teacher",))
