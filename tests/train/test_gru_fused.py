"""The GRU students' window loss as one autograd node (symrnn/train/_gru_fused.py, issue 23) against autograd of the
step loop (`_gru._window_losses`): the same losses and gradients, and torch's gradcheck."""

import pytest

torch = pytest.importorskip("torch")

from symrnn.train._gru import GRUParams, _window_losses, init_gru_params  # noqa: E402
from symrnn.train._gru_fused import window_losses  # noqa: E402


def _case(loss, lengths=(7, 7, 5, 3, 3, 1), hidden=4, batch=3):
    M = len(lengths)
    p = init_gru_params(M, hidden, scale=0.7, seeds=list(range(M)))
    g = torch.Generator().manual_seed(5)
    x = torch.randn(M, batch, lengths[0], generator=g, dtype=torch.float64)
    y = torch.randn(M, batch, lengths[0], generator=g, dtype=torch.float64)
    return p, x, y, list(lengths), loss


@pytest.mark.parametrize("loss", ["accumulated", "last"])
def test_losses_and_gradients_equal_autograd_of_the_step_loop(loss):
    p, x, y, lengths, loss = _case(loss)
    a = [q.clone().requires_grad_(True) for q in p.tensors()]
    b = [q.clone().requires_grad_(True) for q in p.tensors()]
    ta, pa = _window_losses(GRUParams(*a), x, y, lengths, loss)
    tb, pb = window_losses(GRUParams(*b), x, y, lengths, loss)
    ta.backward()
    tb.backward()
    assert torch.allclose(ta, tb, rtol=1e-13, atol=0) and torch.allclose(pa, pb, rtol=1e-13, atol=0)
    for u, v in zip(a, b):
        assert torch.allclose(u.grad, v.grad, rtol=1e-11, atol=1e-14)


def test_gradcheck():
    p, x, y, lengths, loss = _case("accumulated", lengths=(4, 3, 1), hidden=2, batch=2)
    params = tuple(q.clone().requires_grad_(True) for q in p.tensors())
    assert torch.autograd.gradcheck(lambda *q: window_losses(GRUParams(*q), x, y, lengths, loss)[0], params)
