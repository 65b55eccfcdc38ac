"""Input families on a grid t_j = j dt (torch): white noise with the Ito scaling, random cosine sums."""

from __future__ import annotations

import math

from ._backend import torch


def white_noise(n: int, steps: int, dt: float, *, generator=None, dtype=None, device=None):
    """x_j ~ N(0, 1/dt) i.i.d.: x_j dt is the Brownian increment over [j dt, (j+1) dt], so sums
    sum_j f_j x_j dt have variance sum_j f_j^2 dt -> int f^2 (Ito's isometry) as dt -> 0."""
    t = torch()
    x = t.randn(n, steps, generator=generator, dtype=t.float64) / math.sqrt(dt)   # drawn on the CPU: same draws on every device
    return x.to(device=device, dtype=dtype or t.float64)


def cosine_sums(n: int, steps: int, dt: float, *, J: int = 10, lam_max: float = 10.0, generator=None,
                dtype=None, device=None):
    """x_t = sum_{j=1}^J alpha_j cos(lambda_j t), lambda_j ~ U[0, lam_max], alpha_j ~ N(0, 1) (J: the number of terms)."""
    t = torch()
    lam = t.rand(n, J, 1, generator=generator, dtype=t.float64) * lam_max
    alpha = t.randn(n, J, 1, generator=generator, dtype=t.float64)
    times = t.arange(steps, dtype=t.float64) * dt
    return (alpha * t.cos(lam * times)).sum(1).to(device=device, dtype=dtype or t.float64)
