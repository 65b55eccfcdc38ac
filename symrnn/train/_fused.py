"""The residual recurrence h_{j+1} = h_j + dt act(W h_j + U x_j), y_j = c^T h_{j+1}, as one autograd node for the whole
sequence, batched over S networks and n input samples.

Autograd through a Python loop of steps records about six nodes per step and replays them one by one; on a CPU with
small matrices (width 16) that bookkeeping is a large part of the cost.  Here the forward pass writes every
state into a preallocated buffer (three kernels per step) and the backward pass is the adjoint recursion written
out (five kernels per step):
    g_pre_j = g_{h_{j+1}} * dt act'(pre_j),  g_{h_j} = g_{h_{j+1}} + g_pre_j W + [every step: g_{y_{j-1}} c],
    dL/dW = sum_j g_pre_j^T h_j,  dL/dU = sum_j g_pre_j x_j,  dL/dc = sum_j g_{y_j} h_{j+1}.
tests/train/test_fast.py checks it against autograd of the step loop (RNN(engine="loop")) and with gradcheck."""

from __future__ import annotations

import threading
import weakref

from ._backend import torch


class _Workspace:
    """Buffers reused from one call to the next.  A sequence of 320 steps for 40 networks and 128 samples keeps 220 MB
    of states; allocating them afresh each epoch costs more in first-touch page faults than the arithmetic
    (measured: 2-3x the epoch time on a CPU).  A buffer set is lent to one forward pass until its autograd node is
    freed (after backward, or when its outputs are dropped); passes in flight at the same time (several training
    threads) get their own sets.  At most KEEP sets of the latest shapes are kept, so memory stays bounded."""

    KEEP = 4

    def __init__(self):
        self.free = {}
        self.lock = threading.Lock()

    def take(self, shapes, like):
        t = torch()
        key = (shapes, like.dtype, like.device)
        with self.lock:
            stack = self.free.get(key)
            bufs = stack.pop() if stack else None
        if bufs is None:
            bufs = tuple(t.empty(s, dtype=like.dtype, device=like.device) for s in shapes)
        return key, bufs

    def give_back(self, key, bufs):
        with self.lock:
            if any(k != key for k in self.free):
                self.free = {}                 # other shapes: dropped
            stack = self.free.setdefault(key, [])
            if len(stack) < self.KEEP:
                stack.append(bufs)


_WORKSPACE = _Workspace()


def _function():
    t = torch()

    class ResidualSequence(t.autograd.Function):
        # Layout (measured on a CPU, float64, 20 networks, m = 16, n = 128): states are columns, h_j of shape
        # (S, m, n), so that W h_j is (m x m)(m x n), 1.6x faster in MKL than the row layout; and the input is an
        # extra row, [h_j; x_j], so that one product [W U][h_j; x_j] gives the pre-activation and one product
        # g_pre [h_j; x_j]^T gives dL/dW and dL/dU together.
        # Memory: only the states H are kept (one (S, m + 1, n) block per step); the pre-activation lives in one
        # block Z that stays in cache.  At the paper's size the kept states are 100-200 MB, so every byte kept per
        # step is written once and read back once from main memory, and keeping the activations as well (as the
        # first version did) doubled the forward step's time on the shared 2-core machine (streamed vs cache-hot
        # blocks: 183 vs 91 us per step, 20 networks).  The backward pass reads act(pre_j) back from the states:
        # dt act(pre_j) = h_{j+1} - h_j (the step itself), so act'(pre_j) = 1 - ((h_{j+1} - h_j) / dt)^2 for tanh.
        # Its absolute error is that of the rounded step, eps |h| / dt (|h| <= N dt; below 4e-14 at the paper's
        # size, against 1e-16 when tanh(pre_j) is kept): far below what changes a training run (tests compare
        # gradients with autograd of the step loop to 1e-11).
        @staticmethod
        def forward(ctx, W, U, c, x, dt, tanh, every_step):
            S, m = U.shape
            xs = x if x.dim() == 3 else x.unsqueeze(0)                  # (S or 1, n, N)
            n, N = xs.shape[1], xs.shape[2]
            key, (H, Z) = _WORKSPACE.take(((N + 1, S, m + 1, n), (S, m, n)), U)
            H[:N, :, m, :] = xs.permute(2, 0, 1)                        # row m of [h_j; x_j]
            H[N, :, m, :].zero_()
            H[0, :, :m].zero_()
            Wa = t.cat([W, U.unsqueeze(-1)], -1)                       # [W U]: (S, m, m + 1)
            for j in range(N):
                t.bmm(Wa, H[j], out=Z)                                  # (2) pre_j = W h_j + U x_j
                if tanh:
                    Z.tanh_()
                t.add(H[j, :, :m], Z, alpha=dt, out=H[j + 1, :, :m])    # h_{j+1} = h_j + dt act(pre_j)
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
            dt, N, m = ctx.dt, H.shape[0] - 1, W.shape[1]
            cc = c.unsqueeze(-1)                                           # (S, m, 1)
            if ctx.every_step:
                gyj = gy.permute(2, 0, 1).unsqueeze(2).contiguous()        # (N, S, 1, n)
                gc = W.new_zeros(W.shape[0], m, 1)                         # dL/dc, summed over the steps below
                g = cc * gyj[N - 1]                                        # dL/dh_N through y_{N-1}: (S, m, n)
            else:
                gc = (H[N, :, :m] * gy.unsqueeze(1)).sum(-1)
                g = cc * gy.unsqueeze(1)
            gWa = W.new_zeros(W.shape[0], m, m + 1)
            WT = W.transpose(1, 2)
            gp = t.empty_like(g)
            u = Z                                                          # the forward's scratch block
            for j in range(N - 1, -1, -1):
                if ctx.tanh:
                    t.sub(H[j + 1, :, :m], H[j, :, :m], out=u)                 # u = dt tanh(pre_j)
                    t.mul(g, u, out=gp)
                    t.addcmul(g, gp, u, value=-1.0 / (dt * dt), out=gp)      # g (1 - tanh^2(pre_j))
                else:
                    gp.copy_(g)
                gWa.baddbmm_(gp, H[j].transpose(1, 2), alpha=dt)             # += dL/dpre_j [h_j; x_j]^T
                g.baddbmm_(WT, gp, alpha=dt)                                 # g_{h_j} = g_{h_{j+1}} + W^T dL/dpre_j
                if ctx.every_step:
                    gc.baddbmm_(H[j + 1, :, :m], gyj[j].transpose(1, 2))     # y_j = c^T h_{j+1} (block in cache)
                    if j > 0:
                        g.addcmul_(cc, gyj[j - 1])                          # + dL/dy_{j-1} c
            if ctx.every_step:
                gc = gc.squeeze(-1)
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
