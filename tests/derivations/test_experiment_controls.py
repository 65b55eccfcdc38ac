"""The experiments' criteria against their controls on the grids of both modes, without training (the controls are
synthetic), and every fidelity table complete.  Pins what the controls found: Li's Figure 2 plateau criterion sees a plateau
left for the level an m = 2 model can reach (a halving did not), Figure 4's criteria detect nothing at the quick
size, and on the quick grid of Cohen-Karlik et al.'s Figure 2(a) P3 cannot tell a threshold at 2 d^_g from 4 d^_g."""

import numpy as np
import pytest

import symrnn as sr
from symrnn._experiments import fidelity_rows, run_controls


@pytest.fixture(scope="module")
def papers():
    return {k: sr.load_paper(k) for k in ("li2022", "ck2023", "cayci2024")}


def _sound(preds):
    """Whether each criterion passes its positive control and fails its negative one (the data: its own positive)."""
    return [run_controls([p], p.positive)[0].sound for p in preds]


def test_li2022_figure_criteria_against_their_controls(papers):
    T = papers["li2022"].sec6_training
    for budget, lorenz in ((1000, 400), (40000, 5000)):
        assert all(_sound(T._fig1_predictions(budget, lorenz)))
    for taus in (np.geomspace(1e-3, 1e8, 121), np.geomspace(1e-3, 1e9, 241)):
        # the escape halfway down to the level the m = 2 model reaches (0.816-0.889 of its plateau) is seen
        reach = [0.816, 0.837, 0.854, 0.868, 0.879, 0.889]
        assert all(_sound(T._fig2_predictions(taus, list(range(10, 16)), reach)))
    for grid in ([4, 6, 8, 10, 12, 14], list(range(4, 31, 2))):
        fit = {"r2": 1.0, "ci": (0.0, 1.0)}
        pts = T._fig3_points(grid, rate=1.0)
        preds = T._fig3_fit_predictions(10, "tau0", "tau_0", pts, fit, 1.0) + [T._fig3_order(10, grid),
                                                                                 T._fig3_found(10, "tau0", "t", grid)]
        assert all(_sound(preds))

    labels = [f"{i} / {c}" for i in ("white noise", "cosine sums") for c in ("linear, GD", "tanh, GD", "tanh, Adam")]
    for budget, expected in ((3000, True), (40, False)):
        panels = [T._synthetic_panel(lab, budget, seeds=10) for lab in labels]
        assert set(_sound(T._fig4_predictions(panels, budget))) == {expected}


def test_ck2023_ratio_criteria_against_their_controls(papers):
    E, D = papers["ck2023"].experiments, papers["ck2023"].draws
    for ks in ([4, 6, 8, 9, 11, 12, 14], list(range(2, 21)), [6, 8, 12, 14], list(range(4, 17))):
        assert all(_sound(D.transition_predictions(ks)))
    # the gap criterion: a rise with k (the former single teacher's outcome) and a flat curve fail it
    gap = D.transition_predictions([6, 8, 12, 14])[0].test
    assert gap({6: 1.0, 8: 0.8, 12: 0.4, 14: 0.3}) and not gap({6: 0.2, 8: 0.2, 12: 0.3, 14: 0.4})
    assert not gap({6: 0.2, 8: 0.2, 12: 0.2, 14: 0.2})
    # the transition helper reads the smallest k from which every larger k is below the threshold
    assert E.transition({4: 2.0, 8: 0.1, 12: 0.9, 16: 0.1}, 0.5) == 16 and E.transition({4: 2.0}, 0.5) is None


def test_ck2023_verdict_over_teacher_draws(papers):
    """decide_over: confirmed only when every prediction holds at every (draw, horizon); a prediction failing at
    some choices only is reported as depending on them; one failing at every choice is evidence against."""
    from symrnn import Verdict
    from symrnn._context import CheckContext

    D = papers["ck2023"].draws
    preds = D.transition_predictions([6, 8, 12, 14])
    step, rise = {6: 2.0, 8: 2.0, 12: 0.1, 14: 0.1}, {6: 0.1, 8: 0.1, 12: 0.3, 14: 0.4}

    def run(choices):
        ctx = CheckContext(claim_id="ck2023.fig", check_name="run", dps=30, seed=0, printed={}, replay=None)
        ctx.fidelity({a: "as printed" for a in sr.ASPECTS})
        return ctx, D.decide_over(ctx, "t", preds, choices)

    ctx, v = run({"draw 0, H = 40": step, "draw 1, H = 40": step})
    assert v is Verdict.CONFIRMED and all(c.sound for c in ctx.record.controls)
    ctx, v = run({"draw 0, H = 40": step, "draw 1, H = 40": rise})
    assert v is Verdict.INCONCLUSIVE and not ctx.record.findings[-1].against
    assert "depends on the teacher draw" in ctx.record.findings[-1].detail and "held at 1 of 2" in ctx.record.findings[-1].detail
    ctx, v = run({"draw 0, H = 40": rise, "draw 1, H = 40": rise})
    assert v is Verdict.INCONCLUSIVE and ctx.record.findings[-1].against


def test_cayci2024_e6_criteria_against_their_controls(papers):
    E = papers["cayci2024"].experiments

    class Ctx:
        printed = {"rate": 0.02}

    for Ts in ((5, 10, 15, 20, 30), (5, 10, 20, 30, 40, 50, 60), (7, 12, 17, 22, 32)):
        for strict in (False, True):
            assert all(_sound(E._e6_predictions(Ctx, Ts, strict)))


@pytest.mark.parametrize("key,names", [
    ("li2022", ("fig1", "fig2", "fig3", "fig4", "c31_s0")),
    ("ck2023", ("fig1a", "fig1b", "fig2a", "fig2b", "fig3a", "fig3b", "fig4", "fig5", "fig6")),
])
def test_every_fidelity_table_is_complete_with_reasons(papers, key, names):
    mod = papers[key].fidelity
    for name in names:
        for quick in (True, False):
            rows = fidelity_rows(getattr(mod, name)(quick))
            assert [r.aspect for r in rows] == list(sr.ASPECTS)
            assert any(r.departure for r in rows)              # every reproduction departs somewhere, with a reason


def test_li2022_figure3_almost_linear_is_an_equivalence_test(papers):
    """A straight line passes, an upward bend of the slope by more than half fails, and so do few noisy points whose
    interval is wider than the band (consistent with a line is not evidence of one)."""
    F = papers["li2022"].figures
    xs = list(range(4, 31, 2))
    assert F._curvature_fit([(x, np.exp(2 * x) / x ** 2) for x in xs])["almost_linear"]
    bent = F._curvature_fit([(x, np.exp(x + x * x / 20) / x ** 2) for x in xs])       # slope 1.4 -> 4.0
    assert not bent["almost_linear"] and bent["ci"][0] > bent["bound"]
    rng = np.random.default_rng(0)
    noisy = F._curvature_fit([(x, np.exp(2 * x + rng.normal(0, 3)) / x ** 2) for x in (4, 6, 8, 10)])
    assert not noisy["almost_linear"] and noisy["ci"][0] < 0 < noisy["ci"][1]
    assert F._curvature_fit([(4, 1.0), (6, 2.0), (8, 3.0)]) is None
