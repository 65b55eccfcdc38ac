"""symrnn.train.elman: symmetric initialisation, forward-mode gradients against autograd, kernel, projection."""

import math

import pytest

torch = pytest.importorskip("torch")

from symrnn.train import elman as E  # noqa: E402


def test_zero_output_at_symmetric_init_and_control():
    c, W0, U0 = E.symmetric_init(3, 8, 2, 0.5, 0)
    X = torch.rand(4, 5, 2, dtype=torch.float64) - 0.5
    assert float(E.output(W0, U0, c, X).abs().max()) == 0.0
    c2, W2, U2 = E.symmetric_init(3, 8, 2, 0.5, 0, mirrored=False)
    assert float(E.output(W2, U2, c2, X).abs().max()) > 1e-3


def test_odd_width_refused():
    with pytest.raises(ValueError, match="even width"):
        E.symmetric_init(1, 3, 1, 0.5, 0)


@pytest.mark.parametrize("act", ["tanh", "logistic", "gaussian"])
def test_forward_mode_gradients_match_autograd(act):
    torch.manual_seed(0)
    c, W0, U0 = E.symmetric_init(2, 4, 2, 0.6, 1)
    W0 = W0 + 0.1 * torch.randn_like(W0)
    X = torch.rand(3, 4, 2, dtype=torch.float64) - 0.5
    _, Hw, Hu = E.hidden(W0, U0, X, act)
    W = W0.clone().requires_grad_(True)
    U = U0.clone().requires_grad_(True)
    h = E.hidden(W, U, X, act, grads=False)[1, 2, 3, 1]
    gW, gU = torch.autograd.grad(h, (W, U))
    assert torch.allclose(gW[1, 1], Hw[1, 2, 3, 1]) and torch.allclose(gU[1, 1], Hu[1, 2, 3, 1])


def test_linearisation_is_first_order():
    c, W0, U0 = E.symmetric_init(1, 6, 1, 0.5, 2)
    X = torch.rand(2, 3, 1, dtype=torch.float64)
    dW, dU = torch.randn_like(W0), torch.randn_like(U0)
    errs = []
    for h in (1e-2, 1e-3):
        W, U = W0 + h * dW, U0 + h * dU
        errs.append(float((E.output(W, U, c, X) - E.linearised(W, U, W0, U0, c, X)).abs().max()))
    assert errs[1] < errs[0] / 50          # quadratic: a factor ~100


def test_projection_radii_and_descent():
    c, W0, U0 = E.symmetric_init(2, 8, 2, 0.5, 3)
    X = torch.rand(4, 3, 2, dtype=torch.float64) - 0.5
    Y = torch.full((4, 3), 0.3, dtype=torch.float64)
    r = E.descend(W0, U0, c, X, Y, eta=0.5, steps=30, radii=(0.2, 0.2))
    assert float(r["dev_w"].max()) <= 0.2 + 1e-12 and float(r["dev_u"].max()) <= 0.2 + 1e-12
    assert bool((r["risk"][-1] < r["risk"][0]).all())
    K = E.tangent_kernel(W0, U0, c, X, X)
    assert torch.allclose(K, K.transpose(1, 2))
    assert math.isfinite(float(K.sum()))


def test_transport_target_against_quadrature_and_wide_network():
    import mpmath
    X = torch.tensor([[[0.7], [-0.4]]], dtype=torch.float64)          # n = 1, T = 2, d = 1
    vw = lambda w: 0.5 * torch.sign(w)                                 # noqa: E731
    vu = lambda u: torch.tanh(u)                                       # noqa: E731
    F = E.transport_target(X, 0.5, vw, vu, "tanh", nodes=80)
    # t = 1: F~_1 = x E[tanh(u) sech^2(u x)] x  (h_0 = 0: v_w does not enter)
    x = mpmath.mpf("0.7")
    ref = mpmath.quad(lambda u: mpmath.tanh(u) * mpmath.sech(u * x) ** 2 * x * mpmath.npdf(u), [-mpmath.inf, 0, mpmath.inf])
    assert abs(float(F[0, 0]) - float(ref)) < 1e-12
    # F^Lin at the transport point of a wide symmetric network is the empirical mean of the same integrand
    c, W0, U0 = E.symmetric_init(1, 2 ** 16, 1, 0.5, 5)
    Wb, Ub = E.transport_point(W0, U0, c, vw, vu)
    Flin = E.linearised(Wb, Ub, W0, U0, c, X)[0]
    assert float((Flin - F).abs().max()) < 0.02


def test_transport_target_refuses_large_d():
    with pytest.raises(ValueError, match="d <= 2"):
        E.transport_target(torch.zeros(1, 2, 3, dtype=torch.float64), 0.5, lambda w: w, lambda u: u)
