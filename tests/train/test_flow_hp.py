"""The high-precision flow (numeric/stiff_mp.py, train/flow_hp.py): the integrator on a stiff problem with an exact
solution, the mpmath formulas against quadrature and the double-precision closed forms, and hitting times against
the double-precision flow where double precision is trusted."""

import math

import pytest

from symrnn.numeric import context
from symrnn.numeric._stiff_mp import stiff_flow_mp
from symrnn.train import ReducedProblem, hitting_times
from symrnn.train._flow_hp import ReducedProblemMP, hitting_times_hp, working_dps


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
