"""The residual recurrence h_{j+1} = h_j + dt act(W h_j + U x_j), y_j = c^T h_{j+1}, as one autograd node for the whole
sequence, batched over S networks and n input samples.

Autograd through a Python loop of steps records about six nodes per step and replays them one by one; on a CPU with
small matrices (width 16) that bookkeeping is a large part of the cost.  Here the forward pass writes every
state into preallocated buffers (four kernels per step) and the backward pass is the adjoint recursion written out
(four kernels per step):
    g_pre_j = g_{h_{j+1}} * dt act'(pre_j),  g_{h_j} = g_{h_{j+1}} + g_pre_j W + [every step: g_{y_{j-1}} c],
    dL/dW = sum_j g_pre_j^T h_j,  dL/dU = sum_j g_pre_j x_j,  dL/dc = sum_j g_{y_j} h_{j+1}.
tests/train/test_fast.py checks it against autograd of the step loop (RNN(engine="loop")) and with gradcheck."""

from __future__ import annotations

import weakref

from ._backend import torch


class _Workspace:
    """Buffers reused from one call to the next.  A sequence of 320 steps for 20 networks and 128 samples needs two
    buffers of 100 MB; allocating them afresh each epoch costs more in first-touch page faults than the arithmetic
    (measured: 2-3x the epoch time on a CPU).  A buffer set is lent to one forward pass until its autograd node is
    freed (after backward, or when its outputs are dropped); a second pass in flight gets its own set."""

    def __init__(self):
        self.free = {}

    def take(self, shapes, like):
        t = torch()
        key = (shapes, like.dtype, like.device)
        bufs = self.free.pop(key, None)
        if bufs is None:
            bufs = tuple(t.empty(s, dtype=like.dtype, device=like.device) for s in shapes)
        return key, bufs

    def give_back(self, key, bufs):
        self.free = {key: bufs}                # keep the latest shapes only: memory stays bounded


_WORKSPACE = _Workspace()


def _function():
    t = torch()

    class ResidualSequence(t.autograd.Function):
        # Layout (measured on a CPU, float64, 20 networks, m = 16, n = 128): states are columns, h_j of shape
        # (S, m, n), so that W h_j is (m x m)(m x n), 1.6x faster in MKL than the row layout; and the input is an
        # extra row, [h_j; x_j], so that one product [W U][h_j; x_j] gives the pre-activation and one product
        # g_pre [h_j; x_j]^T gives dL/dW and dL/dU together.  tanh(p) = 2 sigmoid(2p) - 1 with the 2 folded into
        # [W U]: float64 torch.tanh costs 1.8x torch.sigmoid on a CPU and was the largest single cost of a step; the
        # identity's absolute error is below 4e-16, the rounding of h itself.  Z keeps s_j = sigmoid(2 pre_j), and
        # act'(pre_j) = 1 - tanh^2 = 4 s_j (1 - s_j).
        @staticmethod
        def forward(ctx, W, U, c, x, dt, tanh, every_step):
            S, m = U.shape
            xs = x if x.dim() == 3 else x.unsqueeze(0)                  # (S or 1, n, N)
            n, N = xs.shape[1], xs.shape[2]
            key, (H, Z) = _WORKSPACE.take(((N + 1, S, m + 1, n), (N, S, m, n)), U)
            H[:N, :, m, :] = xs.permute(2, 0, 1)                        # row m of [h_j; x_j]
            H[N, :, m, :].zero_()
            H[0, :, :m].zero_()
            Wa = t.cat([W, U.unsqueeze(-1)], -1)                       # [W U]: (S, m, m + 1)
            if tanh:
                Wa = 2 * Wa
            for j in range(N):
                t.bmm(Wa, H[j], out=Z[j])                               # (2) pre_j = W h_j + U x_j
                h, h1 = H[j, :, :m], H[j + 1, :, :m]
                if tanh:
                    Z[j].sigmoid_()
                    t.add(h, Z[j], alpha=2 * dt, out=h1).sub_(dt)       # h + dt (2 s_j - 1)
                else:
                    t.add(h, Z[j], alpha=dt, out=h1)                    # h + dt pre_j
            cr = c.unsqueeze(1)                                          # (S, 1, m)
            if every_step:
                y = (cr.unsqueeze(0) @ H[1:, :, :m]).squeeze(2).permute(1, 2, 0)   # y_j = c^T h_{j+1}: (S, n, N)
            else:
                y = (cr @ H[N, :, :m]).squeeze(1)                        # (S, n)
            if any(ctx.needs_input_grad[:3]):
                ctx.save_for_backward(W, c)
                ctx.bufs = (H, Z)                        # intermediates, not inputs or outputs: held on ctx
                ctx.dt, ctx.tanh, ctx.every_step = dt, tanh, every_step
                weakref.finalize(ctx, _WORKSPACE.give_back, key, (H, Z))
            else:
                _WORKSPACE.give_back(key, (H, Z))
            return y

        @staticmethod
        def backward(ctx, gy):
            W, c = ctx.saved_tensors
            H, Z = ctx.bufs
            dt, N, m = ctx.dt, Z.shape[0], W.shape[1]
            cc = c.unsqueeze(-1)                                           # (S, m, 1)
            if ctx.every_step:
                gyj = gy.permute(2, 0, 1).unsqueeze(2)                     # (N, S, 1, n)
                gc = (H[1:, :, :m] * gyj).sum((0, 3))
                g = cc * gyj[N - 1]                                        # dL/dh_N through y_{N-1}: (S, m, n)
            else:
                gc = (H[N, :, :m] * gy.unsqueeze(1)).sum(-1)
                g = cc * gy.unsqueeze(1)
            gWa = W.new_zeros(W.shape[0], m, m + 1)
            WT = W.transpose(1, 2)
            gp = t.empty_like(g)
            alpha = 4 * dt if ctx.tanh else dt             # dL/dpre_j = alpha gp_j
            for j in range(N - 1, -1, -1):
                if ctx.tanh:
                    t.mul(g, Z[j], out=gp).addcmul_(gp, Z[j], value=-1.0)   # g s_j (1 - s_j)
                else:
                    gp.copy_(g)
                gWa.baddbmm_(gp, H[j].transpose(1, 2), alpha=alpha)          # += dL/dpre_j [h_j; x_j]^T
                g.baddbmm_(WT, gp, alpha=alpha)                              # g_{h_j} = g_{h_{j+1}} + W^T dL/dpre_j
                if ctx.every_step and j > 0:
                    g.addcmul_(cc, gyj[j - 1])                              # + dL/dy_{j-1} c
            return gWa[..., :m], gWa[..., m], gc, None, None, None, None

    return ResidualSequence


_FN = None


def residual_sequence(W, U, c, x, dt: float, *, tanh: bool, every_step: bool):
    """Outputs of S residual RNNs (W: (S, m, m), U, c: (S, m)) on inputs x of shape (n, steps), shared, or
    (S, n, steps), one set per network: y after the last step (S, n), or after every step (S, n, steps)."""
    global _FN
    if _FN is None:
        _FN = _function()
    return _FN.apply(W, U, c, x, float(dt), bool(tanh), bool(every_step))
