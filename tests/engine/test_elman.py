"""symrnn.symbolic._elman and symrnn.numeric._activations: unrolled Elman neuron, gradient sums, memory sums,
activation constants, exact forward-mode derivatives."""

import mpmath
import numpy as np
import pytest
import sympy as sp

import symrnn as sr

sigma = sp.Function("sigma")


@pytest.mark.parametrize("t", [1, 2, 3])
def test_gradient_sum_form_is_the_chain_rule(t):
    w, u1, u2 = sp.symbols("w u1 u2")
    X = [[sp.Symbol(f"x{s}a"), sp.Symbol(f"x{s}b")] for s in range(t)]
    H = sr.symbolic.unrolled_hidden(w, [u1, u2], X, t, sigma)[t]
    dw, du = sr.symbolic.gradient_sum_form(w, [u1, u2], X, t, sigma)
    assert sp.simplify(sp.diff(H, w) - dw) == 0
    assert all(sp.simplify(sp.diff(H, v) - g) == 0 for v, g in zip((u1, u2), du))


def test_gradient_sum_form_from_k1_differs():
    w, u, x = sp.symbols("w u x")
    dw, du = sr.symbolic.gradient_sum_form(w, [u], [[x]], 1, sigma, k0=1)
    assert du == [0] and dw == 0


def test_mu_closed_forms_match_sums():
    z = sp.Rational(3, 7)
    for t in range(1, 8):
        assert sr.symbolic.mu0(z, t) == sr.symbolic.mu0_closed(z, t)
        assert sp.simplify(sr.symbolic.mu1(z, t) - sr.symbolic.mu1_closed(z, t)) == 0


def test_network_output_dimension_mismatch_raises():
    with pytest.raises(ValueError, match="m entries"):
        sr.symbolic.network_output([1, 2], [[1]], [1, -1], [[0]], 1, sp.tanh)


@pytest.mark.parametrize("name", ["tanh", "logistic", "gaussian", "sin"])
def test_activation_constants_are_suprema(name):
    act = sr.numeric.ACTIVATIONS[name]
    zs = np.linspace(-8, 8, 4001)
    f = sr.numeric.numpy_functions(act)
    for k, c in enumerate(act.constants()):
        vals = np.abs(np.broadcast_to(f[k](zs), zs.shape))
        assert vals.max() <= float(c) + 1e-12
        assert vals.max() >= float(c) - 1e-3          # attained (or approached) on the grid


def test_scaled_constants_and_polynomials():
    a = sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], 2, 3)
    assert a.constants() == (2, 6, 2 * 9 * 4 / (3 * sp.sqrt(3)))
    z = sp.Rational(1, 5)
    s = a.expr.subs(sp.Symbol("z", real=True), z)
    d1 = sp.diff(a.expr, sp.Symbol("z", real=True)).subs(sp.Symbol("z", real=True), z)
    assert abs(sp.N(a.d1_of_s.subs(sp.Symbol("s", real=True), s) - d1, 30)) < 1e-25


@pytest.mark.parametrize("act", [sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], sp.Rational(1, 3), sp.sqrt(2)),
                                 sr.numeric.ACTIVATIONS["logistic"]])
def test_mp_derivatives_keep_the_context_precision(act):
    # coefficients such as 4/3 and sqrt(2) must be computed in the 60-digit context, not at 53 bits
    ctx = mpmath.MPContext()
    ctx.dps = 60
    z = sp.Symbol("z", real=True)
    for order in (0, 1, 2):
        got = act.mp(order, ctx)(ctx.mpf(1) / 3)
        exact = ctx.mpf(str(sp.N(act.derivative(order).subs(z, sp.Rational(1, 3)), 70)))
        assert abs(got - exact) < ctx.mpf(10) ** -55, (order, got)


def test_neuron_derivatives_match_sympy_and_numpy():
    act = sr.numeric.ACTIVATIONS["logistic"]
    X = [["1/2", "-1/3"], ["1/5", "2/3"]]
    c = mpmath.MPContext(); c.dps = 40
    H, g, Hs = sr.numeric.neuron_derivatives(act, "3/10", ["1/2", "-2/3"], X, 2, c)
    w, u1, u2 = sp.symbols("w u1 u2")
    Xs = [[sp.Rational(v) for v in row] for row in X]
    Hsym = sr.symbolic.unrolled_hidden(w, [u1, u2], Xs, 2, act.sympy_fn())[2]
    at = {w: sp.Rational(3, 10), u1: sp.Rational(1, 2), u2: sp.Rational(-2, 3)}
    assert abs(sp.N(sp.diff(Hsym, u2).subs(at), 40) - sp.Float(str(g[2]), 40)) < 1e-30
    assert abs(sp.N(sp.diff(Hsym, w, u1).subs(at), 40) - sp.Float(str(Hs[0][1]), 40)) < 1e-30
    Hn, gn, hn = sr.numeric.neuron_derivatives_np(act, [0.3], [[0.5, -2 / 3]], np.array([[[0.5, -1 / 3], [0.2, 2 / 3]]]), hessian=True)
    assert np.allclose(gn[0], [float(v) for v in g]) and np.isclose(hn[0, 0, 1], float(Hs[0][1]))


def test_relaxed_derivatives_reduce_to_the_network():
    grad, hess, sy = sr.symbolic.relaxed_derivatives(2, 1)
    w, u, x0, x1 = sp.symbols("w u x0 x1")
    H = sr.symbolic.unrolled_hidden(w, [u], [[x0], [x1]], 2, sp.tanh)
    a1, a2 = u * x0, w * H[1] + u * x1
    sub = {sy["w"]: w, sy["H"][0]: sp.tanh(a1), sy["H"][1]: sp.tanh(a2), sy["S1"][0]: 1 - sp.tanh(a1) ** 2,
           sy["S1"][1]: 1 - sp.tanh(a2) ** 2, sy["S2"][0]: sp.diff(sp.tanh(a1), u, 2) / x0 ** 2,
           sy["S2"][1]: -2 * sp.tanh(a2) * (1 - sp.tanh(a2) ** 2), sy["x"][0][0]: x0, sy["x"][1][0]: x1}
    assert sp.simplify(grad[1].xreplace(sub) - sp.diff(H[2], u)) == 0
    assert sp.simplify(grad[0].xreplace(sub) - sp.diff(H[2], w)) == 0


def test_reciprocal_polynomial_maps_the_half_line_to_a_box():
    a, s, v, x = sp.symbols("a s v x")
    e = 3 + x * a - 2 * x ** 2 * a ** 2
    got = sr.symbolic.reciprocal_polynomial(e, a, s, 3, scale=v)
    assert sp.expand(got - sp.expand(e.subs(a, v / s) * s ** 3)) == 0
    with pytest.raises(ValueError, match="degree 2 > 1"):
        sr.symbolic.reciprocal_polynomial(e, a, s, 1)
