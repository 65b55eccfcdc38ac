"""Appendix B: further experiments (Figures 3-6) as empirical claims with pre-registered predictions."""

import statistics

from . import fidelity, model, paper
import symrnn as sr

from .experiments import (
    balanced_teacher_response,
    decide,
    delay_run,
    medians,
    ratio_predictions,
    ratios,
    report,
    run_figure,
    step_curve,
)

fig3a = paper.claim(
    "fig3a", kind="figure", label="Figure 3(a)", where="App. B.1.1",
    statement=r"""In this experiment we use the same balanced teacher with $\hat{d} = 5$ as done in Section 5.1. Instead of the diagonal student with balanced initialization, we use a general (non-diagonal) student with weights sampled from a Gaussian with scale $10^{-5}$ and $d = 40$. Results are depicted in Figure 3(a). A similar phase transition phenomenon to the one in Figure 1 is found also here.""",
    uses=["fig1a", "prop9"],
    printed={"dhat": 5, "d": 40, "scale": 1e-5},
    notes="Pre-registered: P1 every k >= 2d^ + 2 has median err/trivial < 0.5; P2 every k in [2d^ - 4, 2d^ - 1] has "
          "median ratio > 1. "
          "Investigation (issue 9): full mode (k = 4..16, 3 seeds, 15000 steps) shows the same as quick mode "
          "and Figure 1(a): the ratio rises with k (0.16 at k = 4 to 0.83 at k = 16), so P1 and P2 both fail at"
          " the paper's step count; the unstable teacher eigenvalue 1.05 dominates the tail.",
)


@fig3a.check(layer="empirical", requires=("torch",), method="batched Adam on (3.4), float64",
             scope="quick: k in {6, 8, 12, 14}, 2 seeds, 1000 steps lr 3e-3, horizon 40; full: k = 4..16, 3 seeds, "
                   "15000 steps lr 1e-3, horizon 100")
def general_student(ctx):
    ctx.fidelity(fidelity.fig3a(ctx.quick))
    dh = ctx.printed["dhat"]
    ks = [6, 8, 12, 14] if ctx.quick else list(range(4, 17))
    horizon = 40 if ctx.quick else 100
    run = run_figure(ctx, balanced_teacher_response(horizon), ks, [0, 1] if ctx.quick else [0, 1, 2],
                     quick=(1000, 3e-3), full=(15000, 1e-3), structure="general", balanced=False,
                     init_scale=ctx.printed["scale"], horizon=horizon)
    r = ratios(run)
    report(ctx, run, "fig3a", r, "err / trivial")
    by = dict(zip(run.ks, r))
    p1, p2 = ratio_predictions(run.ks, dh)
    decide(ctx, "Figure 3(a): general student, phase transition",
           [sr.Prediction("P1 (k >= 2d^+2: ratio < 0.5)", p1.test, p1.positive, p1.negative, p1.controls),
            sr.Prediction("P2 (k in [2d^-4, 2d^-1]: ratio > 1)", p2.test, p2.positive, p2.negative, p2.controls)],
           by, None)


fig3b = paper.claim(
    "fig3b", kind="figure", label="Figure 3(b)", where="App. B.2",
    statement=r"""Here we show that the phase transition is not limited to the specific teacher discussed by testing with respect to a randomly generated unbalanced (non-diagonal) teacher (see Section C.2.2). The teacher is set to $\hat{d} = 5$ and student to $d = 50$. Results are presented in Figure 3 (b). Here too we can observe the phase transition phenomena.""",
    uses=["fig1b", "eq_c1"],
    printed={"dhat": 5, "d": 50},
    notes="Random bidiagonal teacher of C.2.2 (seed 0). Its response decays quickly, so the error is taken relative "
          "to the teacher's peak |w|. Pre-registered: P1 k >= 2d^ + 2: median err/peak < 0.1; P2 k <= d^: median "
          "err/peak > 0.1. "
          "Investigation (issue 9): quick mode (1000 steps) misses P1 at k = 12 (0.15); full mode (8000 steps) "
          "confirms both predictions: the quick failure is a too-few-steps artefact.",
)


@fig3b.check(layer="empirical", requires=("torch",), method="batched Adam on (3.4), float64",
             scope="quick: k in {4, 8, 12, 14}, 2 seeds, 1000 steps lr 3e-3, horizon 40; full: k = 2..16, 3 seeds, "
                   "8000 steps lr 1e-3, horizon 60")
def bidiagonal(ctx):
    ctx.fidelity(fidelity.fig3b(ctx.quick))
    dh = ctx.printed["dhat"]
    ks = [4, 8, 12, 14] if ctx.quick else list(range(2, 17))
    horizon = 40 if ctx.quick else 60
    w = model.bidiagonal_response(dh, horizon, seed=0)
    peak = max(abs(x) for x in w)
    run = run_figure(ctx, w, ks, [0, 1] if ctx.quick else [0, 1, 2], quick=(1000, 3e-3), full=(8000, 1e-3),
                     structure="general", balanced=False, init_scale=ctx.printed["d"] ** -0.5, horizon=horizon)
    m = [v / peak for v in medians(run)]
    report(ctx, run, "fig3b", m, "err / peak |w|")
    by = dict(zip(run.ks, m))
    paper = step_curve(run.ks, 2 * dh, 1.0, 0.01)           # controls: a step at 2d^ / no extrapolation / all at 0.01
    decide(ctx, "Figure 3(b): random bidiagonal teacher", [
        sr.Prediction("P1 (k >= 2d^+2: err/peak < 0.1)", lambda b: all(v < 0.1 for k, v in b.items() if k >= 2 * dh + 2),
                      paper, step_curve(run.ks, 0, 0.5, 0.5), "a step 1 -> 0.01 at 2d^ / a flat 0.5"),
        sr.Prediction("P2 (k <= d^: err/peak > 0.1)", lambda b: all(v > 0.1 for k, v in b.items() if k <= dh),
                      paper, step_curve(run.ks, 0, 0.01, 0.01), "a step 1 -> 0.01 at 2d^ / a flat 0.01")], by, None)


fig4 = paper.claim(
    "fig4", kind="figure", label="Figure 4", where="App. B.1.2",
    statement=r"""We use the same setting as in Section B.1.1, and repeat the experiment with different initialization scales for the students' weights. As can be seen in Figure 4, the extrapolation deteriorates for larger initialization scale, in the sense that it requires longer training sequences for getting good extrapolation error. [Caption:] Extrapolation error increases along with the scale of initialization.""",
    uses=["fig3a", "prop9"],
    printed={"dhat": 5, "d": 40},
    notes="MultiStepLR milestones [5000, 10000, 15000, 30000], gamma 0.1 (C.1); all scales and k values in one batch "
          "(per-seed scales). Pre-registered: P1 the transition k* (smallest k from which every larger k has median "
          "ratio < 1) is non-decreasing in the scale; P2 the mean ratio over k >= 2d^+2 is larger at the largest scale "
          "than at the smallest.",
)


@fig4.check(layer="empirical", requires=("torch",), method="batched Adam + MultiStepLR on (3.4), float64",
            scope="quick: scales {1e-5, 1e-1, 1}, k in {8, 12, 16}, 1 seed per scale, 1000 steps lr 3e-3 (no milestone "
                  "reached), horizon 40; full: scales {1e-5, 1e-3, 1e-2, 1e-1, 1}, k = 4..20 step 2, 2 seeds, 15000 steps")
def init_scale(ctx):
    ctx.fidelity(fidelity.fig4(ctx.quick))
    dh = ctx.printed["dhat"]
    scales = [1e-5, 1e-1, 1.0] if ctx.quick else [1e-5, 1e-3, 1e-2, 1e-1, 1.0]
    reps = 1 if ctx.quick else 2
    ks = [8, 12, 16] if ctx.quick else list(range(4, 21, 2))
    horizon = 40 if ctx.quick else 100
    seeds = list(range(len(scales) * reps))
    run = run_figure(ctx, balanced_teacher_response(horizon), ks, seeds, quick=(1000, 3e-3), full=(15000, 1e-3),
                     structure="general", balanced=False, horizon=horizon,
                     seed_scales=[s for s in scales for _ in range(reps)], milestones=[5000, 10000, 15000, 30000])
    per_scale = {}
    for si, sc in enumerate(scales):
        cols = range(si * reps, (si + 1) * reps)
        per_scale[sc] = [statistics.median(run.errors[i][c] / run.trivial[i] for c in cols) for i in range(len(ks))]
    ctx.table("median err / trivial per scale and k", ("scale", *[f"k={k}" for k in ks]),
              [(f"{sc:g}", *[f"{v:.2e}" for v in vals]) for sc, vals in per_scale.items()])
    ctx.plot("fig4", "Figure 4: err / trivial against k per initialization scale", xlabel="k", ylabel="err / trivial",
             lines=[(f"scale {sc:g}", ks, [max(v, 1e-300) for v in vals]) for sc, vals in per_scale.items()], logy=True)

    def kstar(vals):
        return next((k for i, k in enumerate(ks) if all(v < 1 for v in vals[i:])), max(ks) + 2)

    def stars(ps):
        return [kstar(ps[sc]) for sc in scales]

    def late(ps):
        return {sc: statistics.mean(v for k, v in zip(ks, ps[sc]) if k >= 2 * dh + 2) for sc in scales}

    ctx.step(f"transition k* per scale: {dict(zip(scales, stars(per_scale)))}; mean ratio for k >= 2d^+2: "
             f"{late(per_scale)}")
    lt = late(per_scale)
    opposite = "the largest scale extrapolates better than the smallest" if lt[scales[-1]] < 0.5 * lt[scales[0]] else None

    # controls: per scale i (of n), ratio 2 below a transition at k = min(ks) + 4 i (later for larger scales) and
    # 0.05 (1 + i) after it (worse for larger scales) / transitions in the reverse order, or every scale alike
    def synthetic(order, level):
        n = len(scales)
        return {sc: [2.0 if k < min(ks) + 4 * (i if order > 0 else n - 1 - i) else level(i) for k in ks]
                for i, sc in enumerate(scales)}
    paper = synthetic(1, lambda i: 0.05 * (1 + i))
    decide(ctx, "Figure 4: larger initialization needs longer sequences", [
        sr.Prediction("P1 (k* non-decreasing in the scale)", lambda ps: (lambda s: all(a <= b for a, b in zip(s, s[1:])))(
            stars(ps)), paper, synthetic(-1, lambda i: 0.05 * (1 + i)),
            "k* = min(k) + 4 i, late ratio 0.05 (1 + i) for scale i / k* in the reverse order"),
        sr.Prediction("P2 (late error larger at the largest scale)",
                      lambda ps: (lambda lt: lt[scales[-1]] > lt[scales[0]])(late(ps)), paper,
                      {sc: paper[scales[0]] for sc in scales}, "as P1's / every scale as the smallest")],
        per_scale, opposite)


fig5 = paper.claim(
    "fig5", kind="figure", label="Figure 5", where="App. B.3",
    statement=r"""Figure 5 depicts the balanced teacher with $\hat{d} = 5$ and two selected students (with $d = 40$), one trained with $k = 10$ and the other with $k = 20$. We can see that the student trained with $k = 10$ tracks the teacher several steps beyond the 10th time step and then decays to zero. For $k = 20$ we can see near perfect extrapolation for the horizon evaluated.""",
    uses=["fig1a"],
    printed={"dhat": 5, "d": 40, "k_short": 10, "k_long": 20},
    notes="Pre-registered: P1 the k = 20 student's median err/trivial < 0.1; P2 the k = 10 student's median ratio is "
          "at least 10 times the k = 20 student's. "
          "Investigation (issue 9): full mode (the paper's 15000 steps, horizon 100) gives ratios 0.41 (k = 10)"
          " and 0.97 (k = 20): the reverse of the prediction, as in Figure 1(a) (same teacher and students).",
)


@fig5.check(layer="empirical", requires=("torch",), method="batched Adam on (3.4), float64",
            scope="quick: 2 seeds, 2000 steps lr 1e-2, horizon 60; full: 3 seeds, 15000 steps lr 1e-3, horizon 100")
def responses(ctx):
    ctx.fidelity(fidelity.fig5(ctx.quick))
    ks = [ctx.printed["k_short"], ctx.printed["k_long"]]
    horizon = 60 if ctx.quick else 100
    run = run_figure(ctx, balanced_teacher_response(horizon), ks, [0, 1] if ctx.quick else [0, 1, 2],
                     quick=(2000, 1e-2), full=(15000, 1e-3), structure="diag", balanced=True, init_scale=0.1,
                     horizon=horizon, diag_init=(-1.0, 1.0))
    r = ratios(run)
    report(ctx, run, "fig5", r, "err / trivial")
    ctx.plot("fig5_responses", "Figure 5: impulse responses (seed 0)", xlabel="j", ylabel="h_j",
             lines=[("teacher", list(range(horizon)), list(run.teacher))]
             + [(f"student k = {k}", list(range(horizon)), list(run.responses[i][0])) for i, k in enumerate(ks)])
    decide(ctx, "Figure 5", [
        sr.Prediction("P1 (k = 20: ratio < 0.1)", lambda x: x[1] < 0.1, [0.8, 0.02], [0.8, 0.5],
                      "ratios (k = 10, 20) = (0.8, 0.02) / (0.8, 0.5)"),
        sr.Prediction("P2 (k = 10 ratio >= 10 x k = 20 ratio)", lambda x: x[0] >= 10 * x[1], [0.8, 0.02], [0.1, 0.05],
                      "ratios (0.8, 0.02) / (0.1, 0.05)")],
        r, "the k = 10 student extrapolates as well as the k = 20 one" if r[0] < 2 * r[1] else None)


fig6 = paper.claim(
    "fig6", kind="figure", label="Figure 6", where="App. B.3",
    statement=r"""Since the teacher here has $\hat{d} = 10$, a model trained with $k = 8$ is trained with respect to the zero impulse response (see Section C.2.2 for details on delay teacher), and as expected results with the `zero' solution. we can see that for $k = 18$ the student diverges from the teacher shortly after the 18th time step. For $k = 20$ we can see near perfect extrapolation up to the horizon considered.""",
    uses=["fig1b"],
    printed={"dhat": 10, "d": 50},
    notes="Pre-registered: P1 k = 8: the student's response stays below 0.1 on the whole horizon (the zero solution); "
          "P2 k = 18: median tail error > 0.1; P3 k = 20: median tail error < 0.1. "
          "Investigation (issue 9): quick mode (1000 steps) misses P3 (k = 20 not yet fitted); full mode (8000 "
          "steps) has k = 20 at 0.072 but k = 18 at 0.090, just below the pre-registered 0.1 of P2: the two "
          "students differ little (the Figure 1(b) transition is gradual).",
)


@fig6.check(layer="empirical", requires=("torch",), method="batched Adam on (3.4), float64",
            scope="quick: k in {8, 18, 20}, 2 seeds, 1000 steps lr 3e-3, horizon 60; full: 3 seeds, 8000 steps lr 1e-3, "
                  "horizon 80")
def delay_responses(ctx):
    ctx.fidelity(fidelity.fig6(ctx.quick))
    ks = [8, 18, 20]
    run = delay_run(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2], (1000, 3e-3), (8000, 1e-3))
    m = medians(run)
    report(ctx, run, "fig6", m, "l_inf tail error")
    horizon = len(run.teacher)
    ctx.plot("fig6_responses", "Figure 6: impulse responses (seed 0)", xlabel="j", ylabel="h_j",
             lines=[("teacher", list(range(horizon)), list(run.teacher))]
             + [(f"student k = {k}", list(range(horizon)), list(run.responses[i][0])) for i, k in enumerate(ks)])
    peak8 = max(abs(x) for x in run.responses[0][0])
    paper = {"peak8": 0.01, "m": [1.0, 0.5, 0.02]}        # controls: the paper's picture / each effect absent
    decide(ctx, "Figure 6", [
        sr.Prediction("P1 (k = 8: zero solution)", lambda o: o["peak8"] < 0.1, paper, dict(paper, peak8=0.5),
                      "k = 8 response peak 0.01 / 0.5"),
        sr.Prediction("P2 (k = 18: error > 0.1)", lambda o: o["m"][1] > 0.1, paper, dict(paper, m=[1.0, 0.02, 0.02]),
                      "errors (8, 18, 20) = (1, 0.5, 0.02) / (1, 0.02, 0.02)"),
        sr.Prediction("P3 (k = 20: error < 0.1)", lambda o: o["m"][2] < 0.1, paper, dict(paper, m=[1.0, 0.5, 0.5]),
                      "errors (1, 0.5, 0.02) / (1, 0.5, 0.5)")],
        {"peak8": peak8, "m": m}, None)
