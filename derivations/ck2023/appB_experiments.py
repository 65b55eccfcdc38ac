"""Appendix B: further experiments (Figures 3-6) as empirical claims with pre-registered predictions."""

import statistics

from . import draws, fidelity, model, paper
import symrnn as sr

from .experiments import (
    DRAW_NOTES,
    choices,
    decide,
    delay_run,
    medians,
    report,
    run_draws,
    step_curve,
)

fig3a = paper.claim(
    "fig3a", kind="figure", label="Figure 3(a)", where="App. B.1.1",
    statement=r"""In this experiment we use the same balanced teacher with $\hat{d} = 5$ as done in Section 5.1. Instead of the diagonal student with balanced initialization, we use a general (non-diagonal) student with weights sampled from a Gaussian with scale $10^{-5}$ and $d = 40$. Results are depicted in Figure 3(a). A similar phase transition phenomenon to the one in Figure 1 is found also here.""",
    uses=["fig1a", "prop9"],
    printed={"dhat": 5, "d": 40, "scale": 1e-5},
    notes="General student, A, B, C ~ epsilon-normal N(0, eps^2/d) with eps = 1e-5 (the paper's 'scale' read as "
          "App. E's epsilon of the epsilon-normal law, issue 20). " + DRAW_NOTES + " Pre-registered (issue 20): as "
          "Figure 1(a)'s (a 'similar phase transition'): P1 a gap (every k >= 2d^ + 2 at most half the ratio of every "
          "k in [2d^ - 4, 2d^ - 1]), P2 every k >= 2d^ + 2 below ratio 1. "
          "Investigation (issue 9, the former single teacher at horizon 100, per-entry std 1e-5): full mode had the "
          "ratio rising with k (0.16 at k = 4 to 0.83 at k = 16). Investigation (issue 20, full mode over the five "
          "draws, 2026-11-27: 13 k x 15 members, 15000 steps, 342 s on the 2-core CPU, final losses 2e-16 to 3e-3): "
          "every k from 4 extrapolates at every draw and horizon (draw 0 at H = 40: ratio 0.18 at k = 4, 0.15 at "
          "k = 6, 0.10-0.12 from k = 7), so P1 (the gap) held at 0 of 10 choices and P2 at 10 of 10.",
)


@fig3a.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.4), float64",
             scope="5 teacher draws x horizons {40, 100}; quick: k in {6, 8, 12, 14}, 2 seeds per draw, 1000 steps lr "
                   "3e-3; full: k = 4..16, 3 seeds per draw, 15000 steps lr 1e-3")
def general_student(ctx):
    ctx.fidelity(fidelity.fig3a(ctx.quick))
    ks = [6, 8, 12, 14] if ctx.quick else list(range(4, 17))
    run, drawn, mem, tl = run_draws(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2], quick=(1000, 3e-3),
                                    full=(15000, 1e-3), structure="general", balanced=False,
                                    init_scale=ctx.printed["scale"] / ctx.printed["d"] ** 0.5)
    draws.error_table(ctx, "fig3a", run, drawn, tl, mem)
    draws.ratio_plots(ctx, "fig3a", tl, drawn)
    draws.decide_over(ctx, "Figure 3(a): general student, phase transition", draws.transition_predictions(run.ks),
                      choices(tl, drawn, lambda cells: draws.medians(cells)[1]))


fig3b = paper.claim(
    "fig3b", kind="figure", label="Figure 3(b)", where="App. B.2",
    statement=r"""Here we show that the phase transition is not limited to the specific teacher discussed by testing with respect to a randomly generated unbalanced (non-diagonal) teacher (see Section C.2.2). The teacher is set to $\hat{d} = 5$ and student to $d = 50$. Results are presented in Figure 3 (b). Here too we can observe the phase transition phenomena.""",
    uses=["fig1b", "eq_c1"],
    printed={"dhat": 5, "d": 50},
    notes="Random bidiagonal teacher of C.2.2 over five draws (model.bidiagonal_response, seeds 0-4; issue 20: the "
          "draw is not printed), every draw's students in the one batched program, each prediction judged at every "
          "(draw, horizon 40 / 100) as in Figure 1(a) (draws.decide_over; the response decays within about 20 steps, so "
          "the two horizons agree). Its response decays quickly, so the error is taken relative to the draw's peak |w|. "
          "Pre-registered: P1 k >= 2d^ + 2: median err/peak < 0.1; P2 k <= d^: median err/peak > 0.1. "
          "Investigation (issue 9, one draw, seed 0): quick mode (1000 steps) missed P1 at k = 12 (0.15); full mode "
          "(8000 steps) confirmed both predictions: the quick failure was a too-few-steps artefact.",
)


@fig3b.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.4), float64",
             scope="5 teacher draws x horizons {40, 100}; quick: k in {4, 8, 12, 14}, 2 seeds per draw, 1000 steps lr "
                   "3e-3; full: k = 2..16, 3 seeds per draw, 8000 steps lr 1e-3")
def bidiagonal(ctx):
    ctx.fidelity(fidelity.fig3b(ctx.quick))
    dh = ctx.printed["dhat"]
    ks = [4, 8, 12, 14] if ctx.quick else list(range(2, 17))
    drawn = [(s, None, None, model.bidiagonal_response(dh, max(draws.HORIZONS), seed=s)) for s in draws.DRAWS]
    peak = [max(abs(x) for x in w) for *_r, w in drawn]
    ctx.table("Teacher draws of C.2.2 (random bidiagonal): peak |w| and w_4..w_8",
              ("draw", "peak |w|", "w_4 .. w_8"),
              [(s, f"{p:.3f}", " ".join(f"{x:.3g}" for x in w[4:9])) for (s, *_r, w), p in zip(drawn, peak)])
    run, drawn, mem, tl = run_draws(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2], drawn=drawn, quick=(1000, 3e-3),
                                    full=(8000, 1e-3), structure="general", balanced=False,
                                    init_scale=ctx.printed["d"] ** -0.5)
    draws.error_table(ctx, "fig3b", run, drawn, tl, mem, peaks=peak)
    obs = {f"draw {s}, H = {H}": {k: a / peak[di] for k, a in draws.medians(tl[(di, None, H)])[0].items()}
           for di, (s, *_r) in enumerate(drawn) for H in draws.HORIZONS}
    ctx.plot("fig3b", "fig3b: err / peak |w| against k per teacher draw (tail [k, 40))", xlabel="k",
             ylabel="err / peak |w|", logy=True,
             lines=[(c, list(run.ks), [max(o[k], 1e-300) for k in run.ks]) for c, o in obs.items() if c.endswith("40")])
    paper = step_curve(run.ks, 2 * dh, 1.0, 0.01)           # controls: a step at 2d^ / no extrapolation / all at 0.01
    draws.decide_over(ctx, "Figure 3(b): random bidiagonal teacher", [
        sr.Prediction("P1 (k >= 2d^+2: err/peak < 0.1)", lambda b: all(v < 0.1 for k, v in b.items() if k >= 2 * dh + 2),
                      paper, step_curve(run.ks, 0, 0.5, 0.5), "a step 1 -> 0.01 at 2d^ / a flat 0.5"),
        sr.Prediction("P2 (k <= d^: err/peak > 0.1)", lambda b: all(v > 0.1 for k, v in b.items() if k <= dh),
                      paper, step_curve(run.ks, 0, 0.01, 0.01), "a step 1 -> 0.01 at 2d^ / a flat 0.01")], obs)


fig4 = paper.claim(
    "fig4", kind="figure", label="Figure 4", where="App. B.1.2",
    statement=r"""We use the same setting as in Section B.1.1, and repeat the experiment with different initialization scales for the students' weights. As can be seen in Figure 4, the extrapolation deteriorates for larger initialization scale, in the sense that it requires longer training sequences for getting good extrapolation error. [Caption:] Extrapolation error increases along with the scale of initialization.""",
    uses=["fig3a", "prop9"],
    printed={"dhat": 5, "d": 40},
    notes="MultiStepLR milestones [5000, 10000, 15000, 30000], gamma 0.1 (C.1); all teacher draws, scales and k "
          "values in one batch. Initialisation (issue 20): A, B, C epsilon-normal, N(0, eps^2/d) per entry (App. E.4's "
          "law; the paper's 'scale' read as eps), eps in {1e-5, 1e-3, 1e-2, 1e-1, 1}: the values are not printed; eps = "
          "1 is where A's spectral radius at initialisation reaches about 1 (circular law: radius eps), the end of "
          "'near-zero'. " + DRAW_NOTES + " Pre-registered (issue 20, as the paper states it: a direction between the "
          "smallest and the largest scale): P1 the transition k* (smallest k from which every larger k has median ratio "
          "< 1; beyond the grid if none) is larger at the largest eps than at the smallest; P2 the mean ratio over "
          "k >= 2d^ + 2 at the largest eps exceeds 1.25 times that at the smallest (a margin above rounding-level "
          "differences). Before issue 20 'scale' was a per-entry standard deviation (scale 1 = sqrt(40) times eps = 1) "
          "and the former confirmation came only from the largest scale exploding (scales 1e-5 to 1e-1 gave ratios "
          "identical to three digits). Investigation (issue 20, full mode with the eps-normal law, 2026-11-27: 225 "
          "students, 15000 steps, 474 s on the 2-core CPU): confirmed at all 10 (draw, horizon) choices, but the effect "
          "appears only at eps = 1. For eps from 1e-5 to 1e-1 every student extrapolates at every k of the grid "
          "(k* = 4, the grid's smallest k, at every choice) and the mean ratio over k >= 12 is 0.010-0.69 with eps = "
          "1e-5, 1e-3 and 1e-2 within 18 % of each other at every choice; at eps = 1 k* = 14-22 and that mean is "
          "0.69-3.4 (5 to 60 times the smallest scale's). So the registered direction between the smallest and the "
          "largest scale holds, while the paper's graded deterioration across scales is not seen below eps = 1, "
          "where A's spectral radius at initialisation reaches about 1.",
)


@fig4.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam + MultiStepLR on (3.4), float64",
            scope="5 teacher draws x horizons {40, 100}, epsilon-normal N(0, eps^2/d); quick: eps in {1e-5, 1e-1, 1}, k in "
                  "{8, 12, 16}, 1 seed per draw and eps, 1000 steps lr 3e-3 (no milestone reached); full: eps in {1e-5, "
                  "1e-3, 1e-2, 1e-1, 1}, k = 4..20 step 2, 1 seed per draw and eps, 15000 steps lr 1e-3")
def init_scale(ctx):
    ctx.fidelity(fidelity.fig4(ctx.quick))
    dh, d = ctx.printed["dhat"], ctx.printed["d"]
    scales = [1e-5, 1e-1, 1.0] if ctx.quick else [1e-5, 1e-3, 1e-2, 1e-1, 1.0]
    ks = [8, 12, 16] if ctx.quick else list(range(4, 21, 2))
    run, drawn, mem, tl = run_draws(ctx, ks, [0], scales=[e / d ** 0.5 for e in scales], quick=(1000, 3e-3),
                                    full=(15000, 1e-3), structure="general", balanced=False,
                                    milestones=[5000, 10000, 15000, 30000])
    std = dict(zip(scales, [e / d ** 0.5 for e in scales]))

    def per_scale(di, H):
        return {e: [draws.medians(tl[(di, std[e], H)])[1][k] for k in ks] for e in scales}

    obs = {f"draw {s}, H = {H}": per_scale(di, H) for di, (s, *_r) in enumerate(drawn) for H in draws.HORIZONS}
    ctx.table("Figure 4: err / trivial per teacher draw, horizon, eps and k",
              ("draw, horizon", "eps", *[f"k={k}" for k in ks]),
              [(c, f"{e:g}", *[f"{v:.2e}" for v in vals]) for c, ps in obs.items() for e, vals in ps.items()])
    ctx.table("Figure 4: absolute l_inf tail error per teacher draw, horizon, eps and k",
              ("draw, horizon", "eps", *[f"k={k}" for k in ks]),
              [(f"draw {s}, H = {H}", f"{e:g}", *[f"{draws.medians(tl[(di, std[e], H)])[0][k]:.2e}" for k in ks])
               for di, (s, *_r) in enumerate(drawn) for H in draws.HORIZONS for e in scales])
    def loss(i, di, e):
        return statistics.median(run.final_loss[i][m] for m, (d_, sc, _) in enumerate(mem) if d_ == di and sc == std[e])
    ctx.table("Figure 4: final training loss (3.4) per teacher draw, eps and k",
              ("draw", "eps", *[f"k={k}" for k in ks]),
              [(s, f"{e:g}", *[f"{loss(i, di, e):.1e}" for i in range(len(ks))])
               for di, (s, *_r) in enumerate(drawn) for e in scales])
    ctx.plot("fig4", f"Figure 4: err / trivial against k per eps (teacher draw {drawn[0][0]}, H = {draws.HORIZONS[0]})",
             xlabel="k", ylabel="err / trivial", logy=True,
             lines=[(f"eps {e:g}", ks, [max(v, 1e-300) for v in vals]) for e, vals in per_scale(0, draws.HORIZONS[0]).items()])

    def kstar(vals):
        return next((k for i, k in enumerate(ks) if all(v < 1 for v in vals[i:])), max(ks) + 2)

    def late(ps, e):
        return statistics.mean(v for k, v in zip(ks, ps[e]) if k >= 2 * dh + 2)

    ctx.step("transition k* per eps: " + "; ".join(
        f"{c}: " + ", ".join(f"{e:g} -> {kstar(ps[e])}" for e in scales) for c, ps in obs.items()))

    # controls: per eps i (of n), ratio 2 below a transition at k = min(ks) + 4 i (later for larger eps) and
    # 0.05 (1 + i) after it (worse for larger eps) / every eps as the smallest, or late levels 5 % apart per step
    def synthetic(shift, level):
        return {e: [2.0 if k < min(ks) + shift(i) else level(i) for k in ks] for i, e in enumerate(scales)}
    paper_like = synthetic(lambda i: 4 * i, lambda i: 0.05 * (1 + i))
    draws.decide_over(ctx, "Figure 4: larger initialization needs longer sequences", [
        sr.Prediction("P1 (k* larger at the largest eps than at the smallest)",
                      lambda ps: kstar(ps[scales[-1]]) > kstar(ps[scales[0]]), paper_like,
                      synthetic(lambda i: 0, lambda i: 0.05 * (1 + i)),
                      "k* = min(k) + 4 i, late ratio 0.05 (1 + i) for eps number i / every k* at min(k)"),
        sr.Prediction("P2 (late ratio at the largest eps > 1.25 x the smallest's)",
                      lambda ps: late(ps, scales[-1]) > 1.25 * late(ps, scales[0]), paper_like,
                      synthetic(lambda i: 0, lambda i: 0.05 * (1 + 0.05 * i)),
                      "as P1's / every k* at min(k), late levels 5 % apart per eps")], obs)


fig5 = paper.claim(
    "fig5", kind="figure", label="Figure 5", where="App. B.3",
    statement=r"""Figure 5 depicts the balanced teacher with $\hat{d} = 5$ and two selected students (with $d = 40$), one trained with $k = 10$ and the other with $k = 20$. We can see that the student trained with $k = 10$ tracks the teacher several steps beyond the 10th time step and then decays to zero. For $k = 20$ we can see near perfect extrapolation for the horizon evaluated.""",
    uses=["fig1a"],
    printed={"dhat": 5, "d": 40, "k_short": 10, "k_long": 20},
    notes="Same students as Figure 1(a) (balanced diagonal, a ~ U(-1, 1), b ~ N(0, 0.1^2), Adam). " + DRAW_NOTES +
          " Pre-registered: P1 the k = 20 student's median err/trivial < 0.1 ('near perfect extrapolation'); P2 (issue "
          "20: a direction with a gap, as the paper states it) the k = 10 student's median ratio is at least twice the "
          "k = 20 student's (it was 'at least 10 times' before issue 20). "
          "Investigation (issue 9, the former single teacher, horizon 100): full mode gave ratios 0.41 (k = 10) and "
          "0.97 (k = 20), the reverse of the prediction.",
)


@fig5.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.4), float64",
            scope="5 teacher draws x horizons {40, 100}; quick: 2 seeds per draw, 2000 steps lr 1e-2; full: 3 seeds per "
                  "draw, 15000 steps lr 1e-3")
def responses(ctx):
    ctx.fidelity(fidelity.fig5(ctx.quick))
    ks = [ctx.printed["k_short"], ctx.printed["k_long"]]
    run, drawn, mem, tl = run_draws(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2], quick=(2000, 1e-2),
                                    full=(15000, 1e-3), structure="diag", balanced=True, init_scale=0.1,
                                    diag_init=(-1.0, 1.0))
    draws.error_table(ctx, "fig5", run, drawn, tl, mem)
    horizon = max(draws.HORIZONS)
    for di, (s, *_r, w) in enumerate(drawn):
        first = mem.index((di, None, mem[0][2]))
        ctx.plot(f"fig5_responses_draw{s}", f"Figure 5: impulse responses, teacher draw {s} (seed {mem[0][2]})",
                 xlabel="j", ylabel="h_j", lines=[("teacher", list(range(horizon)), list(w[:horizon]))]
                 + [(f"student k = {k}", list(range(horizon)), list(run.responses[i][first])) for i, k in enumerate(ks)])
    draws.decide_over(ctx, "Figure 5", [
        sr.Prediction("P1 (k = 20: ratio < 0.1)", lambda x: x[1] < 0.1, [0.8, 0.02], [0.8, 0.5],
                      "ratios (k = 10, 20) = (0.8, 0.02) / (0.8, 0.5)"),
        sr.Prediction("P2 (k = 10 ratio >= 2 x k = 20 ratio)", lambda x: x[0] >= 2 * x[1], [0.8, 0.02], [0.05, 0.05],
                      "ratios (0.8, 0.02) / (0.05, 0.05)")],
        choices(tl, drawn, lambda cells: [draws.medians(cells)[1][k] for k in ks]))


fig6 = paper.claim(
    "fig6", kind="figure", label="Figure 6", where="App. B.3",
    statement=r"""Since the teacher here has $\hat{d} = 10$, a model trained with $k = 8$ is trained with respect to the zero impulse response (see Section C.2.2 for details on delay teacher), and as expected results with the `zero' solution. we can see that for $k = 18$ the student diverges from the teacher shortly after the 18th time step. For $k = 20$ we can see near perfect extrapolation up to the horizon considered.""",
    uses=["fig1b"],
    printed={"dhat": 10, "d": 50},
    notes="Pre-registered: P1 k = 8: the student's response stays below 0.1 on the whole horizon (the zero solution); "
          "P2 k = 18: median tail error > 0.1; P3 k = 20: median tail error < 0.1. "
          "Investigation (issue 9): quick mode (1000 steps) misses P3 (k = 20 not yet fitted); full mode (8000 "
          "steps) has k = 20 at 0.072 but k = 18 at 0.090, just below the pre-registered 0.1 of P2: the two "
          "students differ little (the Figure 1(b) transition is gradual). "
          "Set-up since issue 20: Figure 1(b)'s (the empirical loss (3.3), batch 100, early stopping; see its notes). "
          "The Figure 1(b) full run of the same set-up (the k = 18 and 20 students there have the same seeds, data "
          "and initialisation as here) had median tail errors 0.31 at k = 18 and 0.26 at k = 20: P2 holds and P3 "
          "fails (k = 20 is not yet below 0.1 when it stops at its exact in-window fit; see Figure 1(b)'s notes for "
          "how the error moves with the stopping rule).",
)


@fig6.check(layer="empirical", timeout=2400, requires=("torch",), method="batched Adam on (3.3), batch 100, early stopping, float64",
            scope="empirical loss (3.3), batch 100, early stopping (as Figure 1(b)); quick: k in {8, 18, 20}, 2 seeds, "
                  "at most 1500 steps lr 3e-3, horizon 60; full: 3 seeds, at most 20000 steps lr 1e-3, horizon 80")
def delay_responses(ctx):
    ctx.fidelity(fidelity.fig6(ctx.quick))
    ks = [8, 18, 20]
    run = delay_run(ctx, ks, [0, 1] if ctx.quick else [0, 1, 2])
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
