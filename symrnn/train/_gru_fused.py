"""The GRU students' window loss (`_gru._window_losses`) as one autograd node, forward and adjoint written out.

Autograd through the step loop records about twenty nodes per step (gates, splits, lerp, the output and the loss) and
replays them one by one; with a few dozen small members that bookkeeping is most of a training step on a CPU. Here
the forward pass keeps each step's gates in lists and the backward pass is the adjoint recursion (h' = (1 - z) n + z h,
n = tanh(gi_n + r gh_n), (r, z) = sigmoid(gi_rz + gh_rz), gh = h W_hh + b_hh, gi = x w_ih + b_ih), members sorted by
non-increasing window length so that the members still reading at step s are a prefix, as in `_window_losses`.
tests/train/test_gru_fused.py checks it against autograd of `_window_losses` and with gradcheck."""

from __future__ import annotations

from ._backend import torch


def window_losses(p, x, y, lengths, loss: str):
    """Same contract as `_gru._window_losses` (total, per_member_detached), one autograd node."""
    total, per = _function().apply(p.w_ih, p.w_hh, p.b_ih, p.b_hh, p.w_out, p.b_out, x, y, tuple(int(L) for L in lengths),
                             loss == "accumulated")
    return total, per.detach()


_FN = None


def _function():
    global _FN
    if _FN is None:
        _FN = _build()
    return _FN


def _build():
    t = torch()

    class WindowLoss(t.autograd.Function):
        @staticmethod
        def forward(ctx, w_ih, w_hh, b_ih, b_hh, w_out, b_out, x, y, lengths, accumulated):
            M, H = w_hh.shape[0], w_hh.shape[1]
            N = x.shape[1]
            T = lengths[0]
            gi = x[:, :, :T].permute(2, 0, 1).unsqueeze(-1) * w_ih[None, :, None, :] + b_ih[None, :, None, :]
            h = x.new_zeros(M, N, H)
            per = x.new_zeros(M)
            saved = []      # per step: active members n, first scored member lo, h_prev, r, z, n~, gh_n, h, residual
            for s in range(T):
                n = sum(1 for L in lengths if L > s)
                hp = h[:n]
                gh = t.baddbmm(b_hh[:n, None, :], hp, w_hh[:n])
                gi_rz, gi_n = gi[s, :n].split((2 * H, H), -1)
                gh_rz, gh_n = gh.split((2 * H, H), -1)
                r, z = t.sigmoid(gi_rz + gh_rz).split((H, H), -1)
                nn_ = t.tanh(gi_n + r * gh_n)
                h = t.lerp(nn_, hp, z)
                lo = 0 if accumulated else sum(1 for L in lengths if L > s + 1)
                res = None
                if lo < n:
                    out = (h[lo:] * w_out[lo:n, None, :]).sum(-1) + b_out[lo:n, None]
                    res = out - y[lo:n, :, s]
                    per[lo:n] += (res ** 2).mean(-1)
                saved.append((n, lo, hp, r, z, nn_, gh_n, h, res))
            ctx.saved = saved
            ctx.save_for_backward(w_hh, w_out, x)
            ctx.mark_non_differentiable(per)
            return per.sum(), per

        @staticmethod
        def backward(ctx, g_total, _g_per):
            w_hh, w_out, x = ctx.saved_tensors
            M, H = w_hh.shape[0], w_hh.shape[1]
            N = x.shape[1]
            g_w_hh, g_w_out = t.zeros_like(w_hh), t.zeros_like(w_out)
            g_w_ih = t.zeros(M, 3 * H, dtype=x.dtype, device=x.device)
            g_b_ih = t.zeros_like(g_w_ih)
            g_b_hh = t.zeros_like(g_w_ih)
            g_b_out = t.zeros(M, dtype=x.dtype, device=x.device)
            g_h = None                                          # gradient with respect to h after step s
            for s in range(len(ctx.saved) - 1, -1, -1):
                n, lo, hp, r, z, nn_, gh_n, h, res = ctx.saved[s]
                gh_ = x.new_zeros(n, N, H)         # going back, members only join: g_h covers a prefix of them
                if g_h is not None:
                    gh_[:g_h.shape[0]] += g_h
                if res is not None:
                    g_out = (2.0 / N) * g_total * res                                     # (n - lo, N)
                    gh_[lo:] = gh_[lo:] + g_out.unsqueeze(-1) * w_out[lo:n, None, :]
                    g_w_out[lo:n] += (g_out.unsqueeze(-1) * h[lo:]).sum(1)
                    g_b_out[lo:n] += g_out.sum(1)
                g_n = gh_ * (1 - z)
                g_z = gh_ * (hp - nn_)
                g_prev = gh_ * z
                g_an = g_n * (1 - nn_ * nn_)
                g_r = g_an * gh_n
                g_a = t.cat([g_r * r * (1 - r), g_z * z * (1 - z)], -1)              # pre-activations of r, z
                g_gi = t.cat([g_a, g_an], -1)                                           # (n, N, 3H)
                g_gh = t.cat([g_a, g_an * r], -1)
                g_w_hh[:n] += t.bmm(hp.transpose(1, 2), g_gh)
                g_b_hh[:n] += g_gh.sum(1)
                g_prev = g_prev + t.bmm(g_gh, w_hh[:n].transpose(1, 2))
                xs = x[:n, :, s]                                                         # (n, N)
                g_w_ih[:n] += (xs.unsqueeze(-1) * g_gi).sum(1)
                g_b_ih[:n] += g_gi.sum(1)
                g_h = g_prev
            return g_w_ih, g_w_hh, g_b_ih, g_b_hh, g_w_out, g_b_out, None, None, None, None

    return WindowLoss
