"""The high-precision flow (numeric/stiff_mp.py, train/flow_hp.py): the integrator on a stiff problem with an exact
solution, the mpmath formulas against quadrature and the double-precision closed forms, and hitting times against
the double-precision flow where double precision is trusted."""

import math

import pytest

from symrnn.numeric import context
from symrnn.numeric._stiff_mp import stiff_flow_mp
from symrnn.train import ReducedProblem, hitting_times
from symrnn.train._flow_hp import ReducedProblemMP, hitting_times_hp, working_dps


def _li2022():
    import symrnn as sr

    return sr.load_paper("li2022")      # Li et al.'s figure experiments live in their claim package


def test_stiff_extrapolation_on_an_exact_solution_and_its_event():
    ctx = context(30)
    # y' = A y, A = [[-1, 0], [1, -1000]] (stiffness 1000): y1 = e^{-t}, y2 = (e^{-t} - e^{-1000 t}) / 999
    f = lambda y: [-y[0], y[0] - 1000 * y[1]]                          # noqa: E731
    jac = lambda y: [[ctx.mpf(-1), ctx.mpf(0)], [ctx.mpf(1), ctx.mpf(-1000)]]   # noqa: E731
    res = stiff_flow_mp(f, jac, [1, 0], ctx=ctx, tau_max=5, rtol="1e-12", atol="1e-20",
                        events={"half": lambda t, y: ctx.mpf(1) / 2 - y[0]}, stop_at=None)
    exact = [ctx.exp(-5), (ctx.exp(-5) - ctx.exp(-5000)) / 999]
    assert res.status == "horizon"
    assert all(abs(a - b) <= 1e-10 * abs(b) for a, b in zip(res.y_end, exact))
    assert abs(res.hitting_times["half"] - ctx.log(2)) < 1e-10                 # y1 = 1/2 at t = ln 2
    assert res.steps < 1000            # an explicit method needs > 2500 steps (stability, |h lambda| < 2) on [0, 5]


def test_mpmath_formulas_match_quadrature_and_double_precision():
    import numpy as np

    ctx = context(30)
    P = ReducedProblem((0.8, -0.3), (1.0, 2.5), 6.0, 1.7, 0.6)
    Q = ReducedProblemMP(P, ctx)
    for w in (0.3, 15.0):
        ref = ctx.quad(lambda t: t * ctx.exp(-w * t) * Q.c * ctx.exp(-(t - Q.mu) ** 2 / (2 * Q.sig ** 2)), [0, Q.mu, ctx.inf])
        # for w > mu the recursion's two terms cancel (10 digits at w = 15): 15 of 30 digits are asked for
        assert abs(Q.moments(ctx.mpf(w), 1)[1] - ref) < ctx.mpf(10) ** -15 * abs(ref)
    th = np.array([0.4, 0.2, -0.1, 0.7, 1.6, 3.1])
    thm = [ctx.mpf(x) for x in th]
    np.testing.assert_allclose([float(v) for v in Q.grad(thm)], P.grad(th), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose([[float(v) for v in r] for r in Q.hess(thm)], P.hess(th), rtol=1e-12, atol=1e-14)
    assert float(Q.loss(thm)) == pytest.approx(P.loss(th), rel=1e-13)
    assert working_dps(30) == 20 + math.ceil(30 / math.log(10))


def test_hitting_times_agree_with_double_precision_where_it_is_trusted():
    th0 = [0.6, 0.4, 1.0, 1.0]
    P = ReducedProblem((1.0,), (1.0,), 6.0)
    d0, d1, _ = hitting_times(P, th0, 1e-2)
    h = hitting_times_hp(P, th0, 1e-2, rtol="1e-10")
    assert h.status == "event" and h.dps == working_dps(6)
    assert h.tau0 == pytest.approx(d0, rel=1e-7) and h.tau0_loss == pytest.approx(d1, rel=1e-7)


def test_arb_formulas_and_integrator_match_the_mpmath_reference():
    import numpy as np
    from flint import arb, ctx as fctx

    from symrnn.numeric._stiff_arb import stiff_flow_arb
    from symrnn.train._flow_hp import ReducedProblemArb

    ctx = context(30)
    P = ReducedProblem((0.8, -0.3), (1.0, 2.5), 6.0, 1.7, 0.6)
    Q = ReducedProblemMP(P, ctx)
    th = [0.4, 0.2, -0.1, 0.7, 1.6, 3.1]
    saved = fctx.prec
    fctx.prec = 100
    try:
        R = ReducedProblemArb(P)
        tha = [arb(x) for x in th]
        g, H, J = R.grad(tha), R.hess(tha), R.loss(tha)
    finally:
        fctx.prec = saved
    thm = [ctx.mpf(x) for x in th]
    np.testing.assert_allclose([float(v) for v in g], [float(v) for v in Q.grad(thm)], rtol=1e-25, atol=1e-28)
    np.testing.assert_allclose([[float(v) for v in r] for r in H], [[float(v) for v in r] for r in Q.hess(thm)],
                               rtol=1e-25, atol=1e-28)
    assert abs(float(J) - float(Q.loss(thm))) < 1e-25
    # the stiff test problem of the first test, on the Arb state
    res = stiff_flow_arb(lambda y: [-y[0], y[0] - 1000 * y[1]], lambda y: [[-1, 0], [1, -1000]], [1, 0], prec=100,
                         tau_max=5.0, rtol=1e-12, atol=1e-20, events={"half": lambda t, y: arb(1) / 2 - y[0]})
    assert res.status == "horizon" and abs(float(res.y_end[0]) - math.exp(-5)) < 1e-10 * math.exp(-5)
    assert abs(res.hitting_times["half"] - math.log(2)) < 1e-10 and res.steps < 1000
    # hitting times: the two engines, same method, agree far below the tolerance
    P1 = ReducedProblem((1.0,), (1.0,), 6.0)
    a = hitting_times_hp(P1, [0.6, 0.4, 1.0, 1.0], 1e-2, rtol="1e-8", engine="arb")
    b = hitting_times_hp(P1, [0.6, 0.4, 1.0, 1.0], 1e-2, rtol="1e-8", engine="mpmath")
    assert a.steps == b.steps and a.path != b.path
    assert a.tau0 == pytest.approx(b.tau0, rel=1e-12) and a.tau0_loss == pytest.approx(b.tau0_loss, rel=1e-12)


@pytest.mark.parametrize("m", [2, 10])
def test_stored_fig3_points_are_confirmed_at_two_precisions(m):
    _fig3_hp = _li2022().fig3_hp
    _mstar_start = _li2022().figures.mstar_start
    from symrnn.train._flow_hp import working_dps

    data = _fig3_hp.load(m)
    assert data is not None and data["theta0"] == _mstar_start(m, seed=m).tolist() and data["delta"] == 1e-2
    assert "fig3_hp --m" in data["command"]       # the module that wrote it (it moved from the engine)
    pts = data["points"]
    assert {4.0, 10.0, 20.0} <= set(pts)
    for k, p in pts.items():
        lo, hi = p["hp_runs"]
        assert lo["dps"] == working_dps(k) and hi["dps"] == lo["dps"] + 10
        if p["hp_confirmed"]:
            assert max(p["hp_agree"].values()) <= _fig3_hp.HP_AGREE
            assert p["tau0"] == hi["tau0"] and p["tau0_loss"] >= p["tau0"]


@pytest.mark.parametrize("m", [2, 10])
def test_fig3_reads_the_stored_points_and_names_their_path(m):
    _fig3_hp, fig3 = _li2022().fig3_hp, _li2022().figures.fig3

    res = fig3(False, m=m, invs=[4, 6], stored=True)
    stored = {k for k, p in _fig3_hp.load(m)["points"].items() if p["hp_confirmed"]}
    assert {r["inv_omega"] for r in res["rows"] if r["hp_tau0"]} == stored
    for r in res["rows"]:
        assert f"stored in derivations/li2022/data/fig3_hp_m{m}.json" in r["source_tau0"]
        assert r["double_from"] is None or "this run" in r["double_from"] or "stored" in r["double_from"]
    assert res["trusted_until"] is not None and all(c.startswith("PYTHONPATH=. python -m") for c in res["stored_commands"])
    lo, hi = res["fits"]["tau0_loss"]["range"]
    up = res["fits_upper_half"]["tau0_loss"]
    assert up["range"][1] == hi == 30 and up["range"][0] >= (lo + hi) / 2 and up["n"] >= 3     # up to 1/omega = 30
    assert stored >= {float(k) for k in range(4, 31, 2)}                                   # every even 1/omega, 4..30


def test_a_sweep_keeps_the_notes_and_points_of_earlier_sweeps(tmp_path, monkeypatch, capsys):
    import json

    _fig3_hp = _li2022().fig3_hp

    monkeypatch.setattr(_fig3_hp, "DATA", tmp_path)
    (tmp_path / "fig3_hp_m2.json").write_text(json.dumps({"points": {"4": {"inv_omega": 4.0}},
                                                          "notes": {"history": "an earlier sweep"}}))
    runs = [{"steps": 1, "seconds": 0.0}] * 2
    monkeypatch.setattr(_fig3_hp, "point", lambda m, inv, limit, spec, steps, parallel: {
        "m": m, "inv_omega": inv, "hp_runs": runs, "hp_agree": {}, "hp_confirmed": False, "tau0": None,
        "tau0_loss": None, "double": None, "max_steps": steps})
    assert _fig3_hp.main(["--m", "2", "--invs", "6", "--double-limit", "0", "--max-steps", "10"]) == 0
    data = json.loads((tmp_path / "fig3_hp_m2.json").read_text())
    assert data["notes"] == {"history": "an earlier sweep"} and set(data["points"]) == {"4", "6"}
    assert data["points"]["6"]["max_steps"] == 10 and data["points"]["6"]["command"].endswith("--max-steps 10")
    assert data["points"]["6"]["code_commit"] == data["code_commit"]
    assert '"inv": 6.0' in capsys.readouterr().out


def test_the_two_high_precision_runs_of_a_point_give_the_same_numbers_in_two_processes():
    """--parallel only moves the runs into worker processes: the stored numbers are bit-identical to the serial ones."""
    _fig3_hp = _li2022().fig3_hp

    serial = _fig3_hp.point(2, 6.0, 0)
    parallel = _fig3_hp.point(2, 6.0, 0, parallel=True)
    keys = ("dps", "rtol", "tau0", "tau0_loss", "steps", "status")
    assert [[r[k] for k in keys] for r in parallel["hp_runs"]] == [[r[k] for k in keys] for r in serial["hp_runs"]]
    assert parallel["hp_confirmed"] and parallel["tau0"] == _fig3_hp.load(2)["points"][6.0]["tau0"]


def test_double_precision_hitting_times_used_as_evidence_match_the_stored_high_precision_ones():
    """Theorem 20's check (1/omega = 4..14) and Figure 2 (10..15) use double-precision hitting times at rtol 1e-10 from
    theta_0 = (0.6, 0.4, 1, 1): where the high-precision path stored the same point they agree to 1e-5 (measured:
    5e-6 at 1/omega = 14, 1e-8 up to 10), far inside the margins of those checks' predictions."""
    _fig3_hp = _li2022().fig3_hp

    hp = _fig3_hp.load(2)["points"]
    for k in (4.0, 8.0, 12.0, 14.0):
        t0, t0l, status = hitting_times(ReducedProblem((1.0,), (1.0,), k), [0.6, 0.4, 1.0, 1.0], 1e-2)
        assert status == "event" and hp[k]["hp_confirmed"]
        assert t0 == pytest.approx(hp[k]["tau0"], rel=1e-5) and t0l == pytest.approx(hp[k]["tau0_loss"], rel=1e-5)
