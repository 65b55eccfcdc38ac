"""Batched RNNs: S independent networks (seeds or configurations) held as tensors with a leading axis S, so that
one program trains all of them.  Scalar input and output (d = 1), width m.

    linear, continuous time (17):  dh/dt = W h + U x,  y = c^T h,  kernel rho_hat(t) = c^T e^{Wt} U
    Euler (residual) form:         h_{j+1} = h_j + dt (W h_j + U x_j)        kernel c^T (I + dt W)^k U
    residual nonlinear (9):        h_{j+1} = h_j + dt tanh(W h_j + U x_j)
W is full (m x m) or diagonal (W = diag(wd)); "exact" replaces I + dt W by e^{dt W} (the exact solution for
inputs constant on each step).

Two engines compute the same numbers: "fast" (the default) evaluates linear kernels by repeated squaring
(kernels.py) and runs recurrent sequences as one fused autograd node (fused.py); "loop" is the step-by-step
reference (one autograd node per operation per step), kept for tests and the benchmark's ratio."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .._errors import InvalidArgument
from ._backend import torch


@dataclass(frozen=True)
class RNN:
    width: int = 16
    activation: str = "linear"        # "linear" or "tanh"
    structure: str = "full"           # "full" or "diagonal"
    solution: str = "euler"           # "euler" or "exact" (linear only)
    dt: float = 0.1
    engine: str = "fast"              # "fast" or "loop" (the step-by-step reference)

    def __post_init__(self):
        if self.activation not in ("linear", "tanh"):
            raise InvalidArgument(f"activation must be linear or tanh, got {self.activation!r}")
        if self.structure not in ("full", "diagonal"):
            raise InvalidArgument(f"structure must be full or diagonal, got {self.structure!r}")
        if self.solution not in ("euler", "exact"):
            raise InvalidArgument(f"solution must be euler or exact, got {self.solution!r}")
        if self.engine not in ("fast", "loop"):
            raise InvalidArgument(f"engine must be fast or loop, got {self.engine!r}")
        if self.activation == "tanh" and self.solution == "exact":
            raise InvalidArgument("the exact solution exists for the linear RNN only")
        if not (self.dt > 0) or self.width < 1:
            raise InvalidArgument(f"need dt > 0 and width >= 1, got dt={self.dt}, width={self.width}")

    # -- parameters --------------------------------------------------------------------------------
    def init(self, seeds: int, *, seed: int = 0, dtype=None, device=None) -> dict:
        """S = `seeds` independent initialisations (unspecified by the paper; chosen here):
        W = -I + 0.5 G / sqrt(m) with G_ij ~ N(0, 1) (full) or W = -diag(w), w ~ U[0.5, 2] (diagonal);
        U_i, c_i ~ N(0, 1/m).  Drawn on the CPU from `seed` so every device starts from the same point."""
        t = torch()
        g = t.Generator().manual_seed(seed)
        m = self.width
        if self.structure == "full":
            W = -t.eye(m, dtype=t.float64) + 0.5 * t.randn(seeds, m, m, generator=g, dtype=t.float64) / math.sqrt(m)
        else:
            W = -(0.5 + 1.5 * t.rand(seeds, m, generator=g, dtype=t.float64))
        U = t.randn(seeds, m, generator=g, dtype=t.float64) / math.sqrt(m)
        c = t.randn(seeds, m, generator=g, dtype=t.float64) / math.sqrt(m)
        dtype = dtype or t.float64
        return {k: v.to(device=device, dtype=dtype).requires_grad_(True) for k, v in (("W", W), ("U", U), ("c", c))}

    def _step_matrix(self, W):
        t = torch()
        if self.structure == "diagonal":
            return t.exp(self.dt * W) if self.solution == "exact" else 1 + self.dt * W
        eye = t.eye(W.shape[-1], dtype=W.dtype, device=W.device)
        return t.linalg.matrix_exp(self.dt * W) if self.solution == "exact" else eye + self.dt * W

    # -- linear: the kernel ----------------------------------------------------------------------
    def kernel(self, p: dict, steps: int):
        """rho_hat at lags k = 0..steps-1, shape (S, steps): c^T A^k U with A the one-step matrix
        (for "exact", A = e^{dt W} and rho_hat(k dt) exactly)."""
        if self.activation != "linear":
            raise InvalidArgument("a kernel exists for the linear RNN only")
        A = self._step_matrix(p["W"])
        if self.engine == "fast":
            from ._kernels import power_kernel

            return power_kernel(A, p["U"], p["c"], steps)
        v, out = p["U"], []
        for _ in range(steps):
            out.append((p["c"] * v).sum(-1))
            v = A * v if self.structure == "diagonal" else (A @ v.unsqueeze(-1)).squeeze(-1)
        return torch().stack(out, -1)

    # -- outputs on sampled paths ---------------------------------------------------------------
    def outputs(self, p: dict, x, *, every_step: bool = False):
        """Outputs for inputs x of shape (n, steps) shared by all S networks, or (S, n, steps) one set per network:
        y_hat after the last step, shape (S, n), or after every step, shape (S, n, steps).  Linear Euler/exact at the
        end: through the kernel (one product)."""
        t = torch()
        steps = x.shape[-1]
        if self.activation == "linear" and not every_step:
            K = self.kernel(p, steps)                              # h_N = sum_j dt A^{N-1-j} U x_j
            if x.dim() == 3:
                return self.dt * (x @ K.flip(-1).unsqueeze(-1)).squeeze(-1)
            return self.dt * K.flip(-1) @ x.T
        if self.activation == "linear" and self.solution != "euler":
            raise InvalidArgument("every_step outputs use the Euler form")
        W, U, c = p["W"], p["U"], p["c"]
        Wt = t.diag_embed(W) if self.structure == "diagonal" else W
        if self.engine == "fast":
            if self.activation == "linear":                        # y_j = dt sum_{i <= j} rho_hat_{j-i} x_i
                from ._kernels import causal_convolution

                return causal_convolution(self.kernel(p, steps), x, self.dt)
            from ._fused import residual_sequence

            return residual_sequence(Wt, U, c, x, self.dt, tanh=True, every_step=every_step)
        S, m = U.shape
        n = x.shape[-2]
        h = t.zeros(S, n, m, dtype=U.dtype, device=U.device)
        outs = []
        for j in range(steps):
            xj = x[..., j].reshape(-1, n, 1)                        # (1 or S, n, 1)
            pre = h @ Wt.transpose(-1, -2) + xj * U.unsqueeze(1)
            if self.activation == "tanh":
                h = h + self.dt * t.tanh(pre)
            else:
                h = h + self.dt * pre
            if every_step:
                outs.append((h * c.unsqueeze(1)).sum(-1))
        return t.stack(outs, -1) if every_step else (h * c.unsqueeze(1)).sum(-1)
