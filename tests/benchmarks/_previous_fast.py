"""The fast path as it was before issue 13 (main at the branch point), frozen here as the benchmark's baseline:
the fused tanh sequence that keeps both the states and sigmoid(2 pre_j) (tanh = 2 sigmoid(2p) - 1, four kernels per
step each way), and Figure 4 as one program per configuration (both input families, 2 x seeds networks), the
configurations one after another.  Not used by the engine."""

from __future__ import annotations

import time
import warnings

import torch

from symrnn.train._training import train


class _PreviousSequence(torch.autograd.Function):
    @staticmethod
    def forward(ctx, W, U, c, x, dt):
        S, m = U.shape
        n, N = x.shape[1], x.shape[2]
        H = torch.empty(N + 1, S, m + 1, n, dtype=U.dtype)
        Z = torch.empty(N, S, m, n, dtype=U.dtype)
        H[:N, :, m, :] = x.permute(2, 0, 1)
        H[N, :, m, :].zero_()
        H[0, :, :m].zero_()
        Wa = 2 * torch.cat([W, U.unsqueeze(-1)], -1)
        for j in range(N):
            torch.bmm(Wa, H[j], out=Z[j])
            Z[j].sigmoid_()
            torch.add(H[j, :, :m], Z[j], alpha=2 * dt, out=H[j + 1, :, :m]).sub_(dt)
        ctx.save_for_backward(W, c)
        ctx.bufs, ctx.dt = (H, Z), dt
        return (c.unsqueeze(1) @ H[N, :, :m]).squeeze(1)

    @staticmethod
    def backward(ctx, gy):
        W, c = ctx.saved_tensors
        H, Z = ctx.bufs
        dt, N, m = ctx.dt, Z.shape[0], W.shape[1]
        cc = c.unsqueeze(-1)
        gc = (H[N, :, :m] * gy.unsqueeze(1)).sum(-1)
        g = cc * gy.unsqueeze(1)
        gWa = W.new_zeros(W.shape[0], m, m + 1)
        WT = W.transpose(1, 2)
        gp = torch.empty_like(g)
        for j in range(N - 1, -1, -1):
            torch.mul(g, Z[j], out=gp).addcmul_(gp, Z[j], value=-1.0)
            gWa.baddbmm_(gp, H[j].transpose(1, 2), alpha=4 * dt)
            g.baddbmm_(WT, gp, alpha=4 * dt)
        return gWa[..., :m], gWa[..., m], gc, None, None


def fig4_previous(samples: int, seeds: int, epochs: int) -> dict:
    """Figure 4's six panels as the previous fast path ran them: seconds (wall, CPU) and the mean loss curves."""
    import numpy as np

    from symrnn.train import RNN, cosine_sums, white_noise
    from symrnn.train._targets import exp_gauss_kernel

    dt, N = 0.1, 320
    K = torch.tensor(exp_gauss_kernel(20.0)(np.arange(N) * dt))
    g = torch.Generator().manual_seed(4)
    inputs = [white_noise(samples, N, 1.0, generator=g), cosine_sums(samples, N, dt, generator=g)]
    Xs = torch.stack(inputs).repeat_interleave(seeds, 0)
    Ys = torch.stack([dt * X.flip(-1) @ K for X in inputs]).repeat_interleave(seeds, 0)
    lin = RNN(16, dt=dt)
    configs = [("linear, GD", "gd", 1.0), ("tanh, GD", "gd", 1.0), ("tanh, Adam", "adam", 1e-3)]
    w, c = time.perf_counter(), time.process_time()
    curves = {}
    for name, opt, lr in configs:
        model = lin if name.startswith("linear") else RNN(16, "tanh", dt=dt)
        p0 = model.init(seeds, seed=5)
        p = {k: torch.cat([v.detach()] * 2).requires_grad_(True) for k, v in p0.items()}
        if name.startswith("linear"):
            loss = lambda q: ((lin.outputs(q, Xs) - Ys) ** 2).mean(-1)              # noqa: E731
        else:
            loss = lambda q: ((_PreviousSequence.apply(q["W"], q["U"], q["c"], Xs, dt) - Ys) ** 2).mean(-1)  # noqa: E731
        h = train(loss, p, optimizer=opt, lr=lr, epochs=epochs)
        h = np.where(np.isfinite(h) & (h < 1e30), h, np.nan)           # diverged networks, as figures._summary does
        for i, inp in enumerate(("white noise", "cosine sums")):
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)             # all seeds diverged: nan
                curves[f"{inp} / {name}"] = np.nanmean(h[:, i * seeds:(i + 1) * seeds], 1)
    return {"wall": time.perf_counter() - w, "cpu": time.process_time() - c, "curves": curves}
