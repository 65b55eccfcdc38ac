"""symrnn.train: closed forms against quadrature and finite differences, the plateau criterion on known curves,
batched = sequential training, Euler -> exact as dt -> 0, and the quick figure reproductions (CPU)."""

import importlib.util
import math
import subprocess
import sys

import numpy as np
import pytest

from symrnn.train import ReducedProblem, hitting_times, plateaus, template_moments

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def test_import_does_not_load_torch():
    code = "import sys, symrnn, symrnn.train; assert 'torch' not in sys.modules, 'torch imported'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_reduced_loss_equals_quadrature_of_101():
    from scipy.integrate import quad

    for mu in (4.0, 12.0):
        P = ReducedProblem((1.0,), (1.0,), mu)
        a, w = (0.55, 0.5), (0.9, 1.3)
        r = lambda t: (a[0] * math.exp(-w[0] * t) + a[1] * math.exp(-w[1] * t) - math.exp(-t)  # noqa: E731
                       - math.exp(-(t - mu) ** 2 / 2))
        ref = quad(lambda t: r(t) ** 2, 0, mu + 40, points=[mu], epsabs=1e-14, epsrel=1e-12, limit=200)[0]
        assert P.loss(np.array([*a, *w])) == pytest.approx(ref, rel=1e-9)


def test_moments_match_quadrature_and_gradient_matches_finite_differences():
    from scipy.integrate import quad

    c, sigma, mu = 1.7, 0.6, 6.0
    for w in (0.3, 2.0, 15.0):                       # 15 > mu / sigma^2: the erfcx branch
        d = template_moments(np.array([w]), mu, 2, c, sigma)
        for n in range(3):
            ref = quad(lambda t, n=n, w=w: t ** n * math.exp(-w * t) * c * math.exp(-(t - mu) ** 2 / (2 * sigma ** 2)),
                       0, mu + 20, points=[mu], epsabs=1e-14, epsrel=1e-12)[0]
            assert d[n][0] == pytest.approx(ref, rel=1e-9, abs=1e-300)
    P = ReducedProblem((0.8, -0.3), (1.0, 2.5), mu, c, sigma)
    th = np.array([0.4, 0.2, -0.1, 0.7, 1.6, 3.1])
    h = 1e-6
    fd = np.array([(P.loss(th + h * e) - P.loss(th - h * e)) / (2 * h) for e in np.eye(6)])
    np.testing.assert_allclose(P.grad(th), fd, rtol=1e-6, atol=1e-9)
    fdh = np.array([(P.grad(th + h * e) - P.grad(th - h * e)) / (2 * h) for e in np.eye(6)])
    np.testing.assert_allclose(P.hess(th), fdh, rtol=1e-5, atol=1e-8)


def test_hitting_times_grow_with_memory():
    th0 = [0.6, 0.4, 1.0, 1.0]
    taus = [hitting_times(ReducedProblem((1.0,), (1.0,), k), th0, 1e-2) for k in (6.0, 10.0)]
    assert all(s == "event" for *_, s in taus)
    assert taus[1][0] > 10 * taus[0][0] and taus[1][1] >= taus[1][0]


def test_plateau_criterion_on_known_curves():
    ep = np.arange(1, 20001, dtype=float)
    smooth = 1.0 / ep                                                  # steady decay: no plateau
    assert plateaus(ep, smooth, start=1.0, floor=1e-9) == []
    stuck = np.where(ep < 5000, 1.0, 0.01)                             # flat for decades, then escapes
    (p,) = plateaus(ep, stuck, start=1.0)
    assert p.escape == 5000 and p.level == 1.0 and p.duration >= 2048
    assert plateaus(ep, np.ones_like(ep), start=1.0) == []            # flat, never escapes, no floor: not counted
    assert len(plateaus(ep, np.ones_like(ep), start=1.0, floor=0.05)) == 1
    # a model that can only fall to 0.8 of its plateau: no halving, but an escape halfway down to what it reaches
    shallow = np.where(ep < 5000, 1.0, 0.8)
    assert plateaus(ep, shallow, start=1.0) == []
    (q,) = plateaus(ep, shallow, start=1.0, reach=0.8)
    assert q.escape == 5000 and q.level == 1.0
    assert plateaus(ep, np.where(ep < 5000, 1.0, 0.95), start=1.0, reach=0.8) == []     # a 5 % dip is no escape
    assert plateaus(ep, stuck, start=1.0, reach=2.0)[0].escape == 5000               # a reach above the level: halving


needs_torch = pytest.mark.skipif(importlib.util.find_spec("torch") is None,
                                 reason="torch is not installed (pip install torch==2.13.0)")


@needs_torch
def test_batched_training_equals_sequential():
    import torch

    from symrnn.train import RNN, train
    from symrnn.train._targets import airy_kernel

    model = RNN(6, dt=0.1)
    r = torch.tensor(airy_kernel()(np.arange(20) * 0.1))
    loss = lambda p: 0.1 * ((model.kernel(p, 20) - r) ** 2).sum(-1)
    for opt, lr in (("gd", 0.3), ("adam", 1e-2)):
        p = model.init(3, seed=7)
        batched = train(loss, p, optimizer=opt, lr=lr, epochs=30)
        for s in range(3):
            q = {k: v.detach()[s:s + 1].clone().requires_grad_(True) for k, v in model.init(3, seed=7).items()}
            alone = train(loss, q, optimizer=opt, lr=lr, epochs=30)
            np.testing.assert_allclose(alone[:, 0], batched[:, s], rtol=1e-10)


@needs_torch
def test_euler_loss_tends_to_exact_and_outputs_match_kernel():
    import torch

    from symrnn.train import RNN, white_noise

    T, losses = 4.0, []
    for dt in (0.1, 0.05, 0.025, 0.0125):
        N = round(T / dt)
        ex, eu = RNN(4, structure="diagonal", solution="exact", dt=dt), RNN(4, structure="diagonal", dt=dt)
        p = ex.init(1, seed=3)
        losses.append(dt * ((eu.kernel(p, N) - ex.kernel(p, N)) ** 2).sum().item())
    assert losses[-1] < losses[0] / 30 and all(b < a for a, b in zip(losses, losses[1:]))   # O(dt^2)
    full = RNN(5, dt=0.1)
    p = full.init(2, seed=1)
    x = white_noise(3, 25, 0.1, generator=torch.Generator().manual_seed(0))
    np.testing.assert_allclose(full.outputs(p, x).detach(), full.outputs(p, x, every_step=True)[..., -1].detach(),
                               rtol=1e-10)


@needs_torch
def test_missing_figure_and_quick_reproductions(tmp_path):
    """`symrnn reproduce` takes claim ids of any paper: unknown ids and claims without an experiment are refused
    (exit 2, one line); li2022.fig2 in quick mode writes its evidence (JSON) and its figures (PDF)."""
    import json

    import torch
    from click.testing import CliRunner

    from symrnn.cli import main

    bad = CliRunner().invoke(main, ["reproduce", "fig9"])
    assert bad.exit_code == 2 and "no claim with id 'fig9'" in bad.output and "Traceback" not in bad.output
    bad = CliRunner().invoke(main, ["reproduce", "li2022.fig9"])
    assert bad.exit_code == 2 and "li2022.fig" in bad.output
    bad = CliRunner().invoke(main, ["reproduce", "li2022.thm20"])
    assert bad.exit_code == 2 and "has no experiment" in bad.output and "li2022.fig4" in bad.output
    torch.set_num_threads(1)
    res = CliRunner().invoke(main, ["reproduce", "li2022.fig2", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "li2022.fig2.json").read_text())
    assert data["mode"] == "quick" and data["checks"][0]["check"] == "plateau_growth"
    assert any(p.name.startswith("li2022-fig2") and p.stat().st_size > 0 for p in (tmp_path / "figures").iterdir())


@needs_torch
@pytest.mark.training
def test_quick_training_reproductions(tmp_path):
    import torch
    from click.testing import CliRunner

    from symrnn.cli import main

    torch.set_num_threads(1)
    res = CliRunner().invoke(main, ["reproduce", "li2022.fig1", "li2022.fig4", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "fig1.png").exists() and (tmp_path / "fig4.png").exists()


def test_reproduce_without_torch_names_the_pinned_install(tmp_path):
    code = ("import sys; sys.modules['torch'] = None\n"
            "from symrnn.cli import main\n"
            "main(['reproduce', 'li2022.fig1', '--out', sys.argv[1]])")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 2 and "pip install torch==2.13.0" in out.stderr
