"""The fast training path (kernels.py, fused.py) computes what the step-by-step reference computes: values and
gradients against autograd of the loop (RNN(engine="loop")), the fused node with gradcheck, FFT = direct
convolution, and whole training histories equal."""

import importlib.util

import numpy as np
import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("torch") is None,
                                reason="torch is not installed (pip install torch==2.13.0)")


def _li2022():
    import symrnn as sr

    return sr.load_paper("li2022")      # Li et al.'s figure experiments live in their claim package


def _grads(model, p, fn):
    q = {k: v.detach().clone().requires_grad_(True) for k, v in p.items()}
    out = fn(model, q)
    g = np.random.default_rng(0).normal(size=tuple(out.shape))
    (out * __import__("torch").tensor(g)).sum().backward()
    return out.detach().numpy(), {k: np.zeros(tuple(v.shape)) if v.grad is None else v.grad.numpy() for k, v in q.items()}


def _same(fast, loop, p, fn, rtol=1e-11):
    (yf, gf), (yl, gl) = _grads(fast, p, fn), _grads(loop, p, fn)
    np.testing.assert_allclose(yf, yl, rtol=rtol, atol=1e-13)
    for k in gl:
        np.testing.assert_allclose(gf[k], gl[k], rtol=rtol, atol=1e-12, err_msg=k)


@pytest.mark.parametrize("structure,solution", [("full", "euler"), ("full", "exact"), ("diagonal", "euler"),
                                                ("diagonal", "exact")])
@pytest.mark.parametrize("steps", [1, 37, 64])
def test_power_kernel_equals_step_loop(structure, solution, steps):
    from symrnn.train import RNN

    kw = dict(structure=structure, solution=solution, dt=0.1)
    fast, loop = RNN(5, **kw), RNN(5, engine="loop", **kw)
    _same(fast, loop, fast.init(3, seed=2), lambda mdl, q: mdl.kernel(q, steps))


@pytest.mark.parametrize("every_step", [False, True])
@pytest.mark.parametrize("per_network", [False, True])
def test_fused_tanh_sequence_equals_autograd_of_the_loop(every_step, per_network):
    import torch

    from symrnn.train import RNN

    fast, loop = RNN(4, "tanh", dt=0.1), RNN(4, "tanh", dt=0.1, engine="loop")
    g = torch.Generator().manual_seed(1)
    x = torch.randn(3, 5, 23, generator=g, dtype=torch.float64) if per_network else \
        torch.randn(5, 23, generator=g, dtype=torch.float64)
    p = fast.init(3, seed=4)
    _same(fast, loop, p, lambda mdl, q: mdl.outputs(q, x, every_step=every_step))


def test_power_kernel_node_passes_gradcheck():
    import torch

    from symrnn.train._kernels import power_kernel

    g = torch.Generator().manual_seed(6)
    U, c = (torch.randn(2, 3, generator=g, dtype=torch.float64, requires_grad=True) for _ in range(2))
    A = (0.9 * torch.eye(3) + 0.1 * torch.randn(2, 3, 3, generator=g, dtype=torch.float64)).requires_grad_(True)
    Ad = (0.5 + 0.4 * torch.rand(2, 3, generator=g, dtype=torch.float64)).requires_grad_(True)
    for steps in (1, 2, 7, 16):
        assert torch.autograd.gradcheck(lambda A, U, c: power_kernel(A, U, c, steps), (A, U, c))
        assert torch.autograd.gradcheck(lambda A, U, c: power_kernel(A, U, c, steps), (Ad, U, c))


def test_fused_node_passes_gradcheck_and_linear_every_step_is_a_convolution():
    import torch

    from symrnn.train import RNN
    from symrnn.train._fused import residual_sequence
    from symrnn.train._kernels import causal_convolution

    g = torch.Generator().manual_seed(3)
    W, U, c = (torch.randn(*s, generator=g, dtype=torch.float64, requires_grad=True) for s in ((2, 3, 3), (2, 3), (2, 3)))
    x = torch.randn(4, 6, generator=g, dtype=torch.float64)
    for every in (False, True):
        assert torch.autograd.gradcheck(lambda W, U, c: residual_sequence(W, U, c, x, 0.1, tanh=True, every_step=every),
                                        (W, U, c))
    lin, ref = RNN(6, dt=0.1), RNN(6, dt=0.1, engine="loop")
    p = lin.init(2, seed=5)
    xs = torch.randn(3, 150, generator=g, dtype=torch.float64)
    _same(lin, ref, p, lambda mdl, q: mdl.outputs(q, xs, every_step=True), rtol=1e-9)
    K = lin.kernel(p, 150).detach()
    np.testing.assert_allclose(causal_convolution(K, xs, 0.1, fft=True), causal_convolution(K, xs, 0.1, fft=False),
                               rtol=1e-9, atol=1e-12)


def test_training_histories_equal_on_both_engines():
    import torch

    from symrnn.train import RNN, train

    g = torch.Generator().manual_seed(0)
    x = torch.randn(8, 30, generator=g, dtype=torch.float64)
    y = torch.randn(8, generator=g, dtype=torch.float64)
    for act, opt, lr in (("linear", "gd", 0.5), ("tanh", "gd", 0.5), ("tanh", "adam", 1e-2)):
        hists = []
        for engine in ("fast", "loop"):
            model = RNN(6, act, dt=0.1, engine=engine)
            hists.append(train(lambda q, model=model: ((model.outputs(q, x) - y) ** 2).mean(-1), model.init(3, seed=1),
                               optimizer=opt, lr=lr, epochs=25))
        np.testing.assert_allclose(hists[0], hists[1], rtol=1e-9)
        assert hists[0][-1].max() < hists[0][0].max()          # the runs compared did train


def test_train_groups_equals_separate_runs():
    import torch

    from symrnn.train import RNN, train
    from symrnn.train._training import train_groups

    g = torch.Generator().manual_seed(2)
    x = torch.randn(6, 25, generator=g, dtype=torch.float64)
    y = torch.randn(6, generator=g, dtype=torch.float64)
    lin, tanh = RNN(5, dt=0.1), RNN(5, "tanh", dt=0.1)
    specs = [(lin, "gd", 0.5), (tanh, "gd", 0.5), (tanh, "adam", 1e-2)]
    alone = [train(lambda q, mdl=mdl: ((mdl.outputs(q, x) - y) ** 2).mean(-1), mdl.init(2, seed=3), optimizer=o, lr=lr,
                   epochs=20) for mdl, o, lr in specs]
    groups = [(mdl.init(2, seed=3), o, lr) for mdl, o, lr in specs]

    def loss(ps):
        return torch.cat([((mdl.outputs(q, x) - y) ** 2).mean(-1) for (mdl, _, _), q in zip(specs, ps)])

    together = train_groups(loss, groups, epochs=20)
    np.testing.assert_allclose(together, np.concatenate(alone, 1), rtol=1e-12)
    assert (together[-1] < together[0]).all()                   # every group trained


def test_figure4_one_program_and_shards_equal_the_per_panel_runs():
    import torch

    fig4 = _li2022().figures.fig4

    torch.set_num_threads(1)
    loop = fig4(samples=8, seeds=2, epochs=6, engine="loop")
    one = fig4(samples=8, seeds=2, epochs=6, workers=1)
    two = fig4(samples=8, seeds=2, epochs=6, workers=2)
    assert (one["workers"], two["workers"], two["threads"]) == (1, 2, 1)
    for a, b, c in zip(one["panels"], two["panels"], loop["panels"]):
        assert a["label"] == b["label"] == c["label"]
        np.testing.assert_array_equal(a["mean"], b["mean"])        # shards: the same arithmetic per network
        x, y = np.array(a["mean"]), np.array(c["mean"])
        ok = np.isfinite(y) & (np.abs(y) < 1e10)
        assert ok.sum() >= 5
        np.testing.assert_allclose(x[ok], y[ok], rtol=1e-9, err_msg=a["label"])
    assert torch.get_num_threads() == 1                          # the caller's setting is restored


def test_figure1_workers_compute_the_sequential_numbers():
    import torch

    fig1 = _li2022().figures.fig1

    torch.set_num_threads(1)
    a = fig1(seeds=2, epochs=30, epochs_lorenz=4, workers=1)
    b = fig1(seeds=2, epochs=30, epochs_lorenz=4, workers=2)
    assert b["workers"] == 2
    for p, q in zip(a["panels"], b["panels"]):
        np.testing.assert_array_equal(p["mean"], q["mean"])


@pytest.mark.parametrize("call,message", [
    (lambda f1, f4: f4(engine="gpu"), "engine must be fast or loop"),
    (lambda f1, f4: f4(dtype="float16"), "dtype must be float64 or float32"),
    (lambda f1, f4: f4(engine="loop", workers=2), "workers must be >= 1"),
    (lambda f1, f4: f4(workers=0), "workers must be >= 1"),
    (lambda f1, f4: f1(workers=3), "fig1 runs on 1 or 2 workers"),
], ids=["fig4(engine='gpu')", "fig4(dtype='float16')", "fig4(engine='loop', workers=2)", "fig4(workers=0)",
        "fig1(workers=3)"])
def test_figure_options_are_validated_before_any_work(call, message):
    from symrnn import InvalidArgument
    fig1, fig4 = _li2022().figures.fig1, _li2022().figures.fig4

    with pytest.raises(InvalidArgument, match=message):
        call(fig1, fig4)
