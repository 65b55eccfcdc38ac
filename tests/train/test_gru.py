"""Batched GRU teachers/students (symrnn.train._gru): the batched recursion is torch.nn.GRU's, the window losses are
the masked full losses, members do not interact, gradients pass gradcheck, and bad input is refused clearly."""

import pytest

torch = pytest.importorskip("torch")

from symrnn import InvalidArgument  # noqa: E402
from symrnn.train import _gru as G  # noqa: E402


@pytest.fixture(autouse=True)
def _deterministic(request, monkeypatch):
    if not request.node.get_closest_marker("gpu"):     # the CPU tests build CPU tensors: no CUDA default device
        monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(1)
    yield
    torch.use_deterministic_algorithms(False)


def test_batched_recursion_is_torch_nn_gru():
    p = G.init_gru_params(3, 4, scale=0.7, seeds=[0, 1, 2])
    x = torch.randn(3, 5, 9, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    y = G.gru_responses(p, x)
    for m in range(3):
        gru, lin = G.to_module(p, m)
        out, _ = gru(x[m].unsqueeze(-1))
        assert torch.allclose(y[m], lin(out).squeeze(-1), atol=1e-13, rtol=0)
    q = G.from_module(*G.to_module(p, 1))
    assert all(torch.equal(a, b[1:2]) for a, b in zip(q.tensors(), p.tensors()))


def test_shared_inputs_broadcast_and_states():
    p = G.init_gru_params(2, 3, scale=0.5, seeds=[4, 5])
    x = torch.randn(6, 7, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    y, h = G.gru_responses(p, x, states=True)
    assert y.shape == (2, 6, 7) and h.shape == (2, 6, 7, 3)
    assert torch.allclose(y, G.gru_responses(p, x.unsqueeze(0).expand(2, 6, 7)))


@pytest.mark.parametrize("loss", ["accumulated", "last"])
def test_window_losses_equal_masked_full_losses(loss):
    p = G.init_gru_params(4, 5, scale=0.3, seeds=[0, 1, 2, 3])
    g = torch.Generator().manual_seed(2)
    x, y = torch.randn(4, 7, 9, dtype=torch.float64, generator=g), torch.randn(4, 7, 9, dtype=torch.float64, generator=g)
    lengths = [9, 6, 6, 2]
    out = G.gru_responses(p, x)
    total, per = G._window_losses(p, x, y, lengths, loss)
    for m, k in enumerate(lengths):
        sl = slice(0, k) if loss == "accumulated" else slice(k - 1, k)
        ref = ((out[m, :, sl] - y[m, :, sl]) ** 2).sum(-1).mean()
        assert abs(float(per[m] - ref)) < 1e-13
    assert abs(float(total - per.sum())) < 1e-12


def test_gradcheck():
    p = G.init_gru_params(2, 2, scale=0.5, seeds=[0, 1])
    x = torch.randn(2, 3, 4, dtype=torch.float64, generator=torch.Generator().manual_seed(3))
    ts = [t.clone().requires_grad_(True) for t in p.tensors()]
    assert torch.autograd.gradcheck(lambda *a: G.gru_responses(G.GRUParams(*a), x), ts)


def test_members_do_not_interact_and_teacher_fits():
    target = [0.5 * 0.8 ** j for j in range(12)]
    t0 = G.fit_gru_teacher(target, hidden=3, init_scale=1e-6, steps=0)
    t1 = G.fit_gru_teacher(target, hidden=3, init_scale=1e-6, steps=60, lr=3e-2)
    assert t1.fit_error < 0.5 * t0.fit_error
    kw = dict(hidden=4, init_scale=1e-2, steps=4, lr=1e-2, batch=4, horizon=12, n_eval=5)
    both = G.train_gru_students(t1.params, (3, 6), (0, 1), **kw)
    alone = G.train_gru_students(t1.params, (6,), (0, 1), **kw)
    assert both.ks == (3, 6) and len(both.errors) == 2 and len(both.errors[0]) == 2
    for a, b in zip(both.errors[1], alone.errors[0]):
        assert abs(a - b) < 1e-10
    assert both.trivial[1] == pytest.approx(alone.trivial[0])
    assert all(v > 0 for v in both.window_scale)


@pytest.mark.parametrize("call, match", [
    (lambda t: G.train_gru_students(t, (3,), (0,), hidden=2, loss="sum"), "loss must be one of"),
    (lambda t: G.train_gru_students(t, (3,), (0,), hidden=2, horizon=3), "1 <= k_g < horizon"),
    (lambda t: G.train_gru_students(t.repeat(2), (3,), (0,), hidden=2, horizon=5), "one network"),
    (lambda t: G.init_gru_params(2, 3, scale=[0.1], seeds=[0, 1]), "one scale per member"),
    (lambda t: G.init_gru_params(1, 0, scale=0.1, seeds=[0]), "hidden size must be >= 1"),
    (lambda t: G.gru_responses(t, torch.zeros(2, 3, 4, dtype=torch.float64)), "inputs must have shape"),
    (lambda t: G.fit_gru_teacher([], hidden=2), "non-empty target"),
], ids=["unknown-loss", "horizon-too-short", "two-member-teacher", "scales-vs-members", "hidden-0", "bad-input-shape",
        "empty-target"])
def test_invalid_arguments(call, match):
    teacher = G.init_gru_params(1, 2, scale=0.1, seeds=[0])
    with pytest.raises(InvalidArgument, match=match):
        call(teacher)


def _tiny_teacher():
    return G.init_gru_params(1, 3, scale=0.5, seeds=[7])


def test_checkpoints_record_the_errors_at_the_final_step():
    kw = dict(hidden=4, init_scale=0.1, lr=1e-2, batch=4, horizon=12, n_eval=8, device="cpu")
    run = G.train_gru_students(_tiny_teacher(), [3, 6], [0, 1], steps=5, checkpoints=(2, 5), **kw)
    hist = run.config["history"]
    assert [n for n, _ in hist] == [2, 5] and not run.config["graph"]
    assert hist[-1][1] == run.errors                        # the last checkpoint is the final evaluation
    assert hist[0][1] != run.errors                         # training moved the students between the two


def test_graph_replay_needs_cuda():
    with pytest.raises(InvalidArgument, match="graph=True needs a CUDA device"):
        G.train_gru_students(_tiny_teacher(), [3], [0], hidden=2, steps=1, horizon=5, device="cpu", graph=True)


@pytest.mark.gpu
def test_graph_replay_trains_as_the_eager_loop_does():
    """The captured step is the eager step: on CUDA both draw the same batches, so the two runs agree to rounding."""
    if not torch.cuda.is_available():
        pytest.skip("no CUDA device")
    torch.use_deterministic_algorithms(False)
    kw = dict(hidden=6, init_scale=0.1, lr=1e-2, batch=16, horizon=20, n_eval=32, device="cuda")
    g = G.train_gru_students(_tiny_teacher(), [4, 8], [0, 1, 2], steps=300, graph=True, checkpoints=(3, 4, 300), **kw)
    e = G.train_gru_students(_tiny_teacher(), [4, 8], [0, 1, 2], steps=300, graph=False, checkpoints=(3, 4, 300),
                             **kw)
    assert g.config["graph"] and not e.config["graph"]
    assert [n for n, _ in g.config["history"]] == [3, 4, 300]
    gaps = [max(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb))
            for (_, a), (_, b) in zip(g.config["history"], e.config["history"])]
    print("graph - eager, tail errors at the checkpoints:", gaps)
    assert max(gaps) < 1e-6, gaps


def test_several_teachers_fit_as_one_program_and_label_their_own_students():
    targets = [[0.5 * 0.8 ** j for j in range(12)], [0.3 * (-0.7) ** j for j in range(12)]]
    t1, t2 = G.fit_gru_teacher(targets, hidden=3, init_scale=1e-6, steps=60, lr=3e-2, seed=[0, 1])
    single = G.fit_gru_teacher(targets[1], hidden=3, init_scale=1e-6, steps=60, lr=3e-2, seed=1)
    assert t2.fit_error == pytest.approx(single.fit_error, abs=1e-9) and t1.fit_error != t2.fit_error
    kw = dict(hidden=4, init_scale=1e-2, steps=4, lr=1e-2, batch=4, horizon=12, n_eval=5)
    pair = G.GRUParams(*[torch.cat([a, b]) for a, b in zip(t1.params.tensors(), t2.params.tensors())])
    both = G.train_gru_students(t1.params, (3, 6), (0, 0), seed_teachers=pair, **kw)
    alone = G.train_gru_students(t2.params, (6,), (0,), **kw)
    assert abs(both.errors[1][1] - alone.errors[0][0]) < 1e-10
    assert both.trivials[1][1] == pytest.approx(alone.trivial[0]) and both.window_scales[1][1] == pytest.approx(
        alone.window_scale[0])
    assert both.teacher_impulses[1] == pytest.approx(alone.teacher_impulse)
    assert both.errors[1][0] != both.errors[1][1]
    with pytest.raises(InvalidArgument, match="one network per seed"):
        G.train_gru_students(t1.params, (3,), (0, 1, 2), seed_teachers=pair, **kw)
    with pytest.raises(InvalidArgument, match="one length"):
        G.fit_gru_teacher([[1.0, 0.5], [1.0]], hidden=2, seed=[0, 1])
