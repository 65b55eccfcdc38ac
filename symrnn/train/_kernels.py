"""Linear RNNs through their kernel: the memory kernel at every lag by repeated squaring, and outputs as a causal
convolution with it.  A linear RNN's output is a convolution of its input with rho_hat(k dt) = c^T A^k U, so a whole
sequence costs log2(steps) batched matrix products (A^{2^j} applied to the block of lags below 2^j) instead of one
matrix-vector product per step, and the per-step Python overhead disappears.  Autograd differentiates through the
squarings; the values agree with step-by-step multiplication up to rounding (tests/train/test_fast.py)."""

from __future__ import annotations

from ._backend import torch


def power_kernel(A, U, c, steps: int):
    """c^T A^k U for k = 0..steps-1, batched over a leading axis S: shape (S, steps).

    Arguments:
        A: (S, m, m) one-step matrices, or (S, m) for diagonal ones.
        U, c: (S, m).
    """
    t = torch()
    diagonal = A.dim() == 2
    V = U.unsqueeze(-1)                                   # columns A^k U, k = 0..L-1
    P = A                                                 # A^L
    while V.shape[-1] < steps:
        L = V.shape[-1]
        V = t.cat([V, P.unsqueeze(-1) * V if diagonal else P @ V], -1)     # A^{L + k} U = A^L (A^k U)
        if 2 * L < steps:
            P = P * P if diagonal else P @ P
    return (c.unsqueeze(-1) * V[..., :steps]).sum(-2)


def causal_convolution(K, x, dt: float, *, fft: bool | None = None):
    """y_j = dt sum_{i <= j} K_{j-i} x_i for every j: outputs of a linear RNN with kernel K after each step.

    Arguments:
        K: (S, steps) kernels; x: (n, steps) inputs shared by the S networks, or (S, n, steps) per network.
        fft: None picks FFT for long sequences (steps >= 128, where it beats the direct product on a CPU).
    Returns (S, n, steps)."""
    t = torch()
    N = K.shape[-1]
    xs = x if x.dim() == 3 else x.unsqueeze(0)
    if fft is None:
        fft = N >= 128
    if fft:
        L = 2 * N                                         # zero padding: a linear, not a circular, convolution
        y = t.fft.irfft(t.fft.rfft(K, L).unsqueeze(1) * t.fft.rfft(xs, L), L)[..., :N]
        return dt * y
    # direct: the Toeplitz matrix T[j, i] = K_{j-i} (i <= j), one batched product
    idx = t.arange(N, device=K.device)
    lag = idx.unsqueeze(1) - idx.unsqueeze(0)
    T = t.where(lag >= 0, K[:, lag.clamp(min=0)], t.zeros((), dtype=K.dtype, device=K.device))   # (S, N, N)
    return dt * (xs @ T.transpose(-1, -2))
