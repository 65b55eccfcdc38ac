"""One batched program trains S networks: the loss is per network (shape (S,)), and its sum has the per-network
gradients because the networks share no parameter.  GD and Adam are both elementwise, so each network follows
exactly the trajectory it would follow alone."""

from __future__ import annotations

import numpy as np

from .._errors import InvalidArgument
from ._backend import torch


def train(loss_fn, params: dict, *, optimizer: str = "gd", lr: float, epochs: int,
          grad_clip: float | None = None) -> np.ndarray:
    """Full-batch training; returns the per-network losses at epochs 0..epochs, shape (epochs + 1, S).
    Non-finite losses (a diverged network) are kept as nan, and that network's update is zeroed."""
    t = torch()
    if optimizer not in ("gd", "adam"):
        raise InvalidArgument(f"optimizer must be gd or adam, got {optimizer!r}")
    if not (lr > 0) or epochs < 0:
        raise InvalidArgument(f"need lr > 0 and epochs >= 0, got lr={lr}, epochs={epochs}")
    ps = list(params.values())
    opt = t.optim.SGD(ps, lr=lr) if optimizer == "gd" else t.optim.Adam(ps, lr=lr)
    hist = None
    for e in range(epochs + 1):
        loss = loss_fn(params)
        if hist is None:
            hist = t.empty(epochs + 1, loss.shape[0], dtype=loss.dtype, device=loss.device)
        hist[e] = loss.detach()                            # stays on the device: no synchronisation per epoch
        if e == epochs:
            break
        opt.zero_grad(set_to_none=False)
        finite = t.isfinite(loss)
        t.where(finite, loss, t.zeros_like(loss)).sum().backward()
        if grad_clip is not None:
            t.nn.utils.clip_grad_norm_(ps, grad_clip)
        for p in ps:                                        # a diverged network stops moving
            p.grad.nan_to_num_(0.0, 0.0, 0.0)
        opt.step()
    return hist.cpu().numpy()
