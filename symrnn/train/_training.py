"""One batched program trains S networks: the loss is per network (shape (S,)), and its sum has the per-network
gradients because the networks share no parameter.  GD and Adam are both elementwise, so each network follows
exactly the trajectory it would follow alone.  `train_groups` trains several groups of networks (each with its own
optimiser and learning rate, e.g. the GD and Adam panels of a figure) as one program: one loss evaluation, one
backward pass, then one optimiser step per group."""

from __future__ import annotations

import numpy as np

from .._errors import InvalidArgument
from ._backend import torch


def train(loss_fn, params: dict, *, optimizer: str = "gd", lr: float, epochs: int,
          grad_clip: float | None = None) -> np.ndarray:
    """Full-batch training; returns the per-network losses at epochs 0..epochs, shape (epochs + 1, S).
    Non-finite losses (a diverged network) are kept as nan, and that network's update is zeroed."""
    return train_groups(lambda groups: loss_fn(groups[0]), [(params, optimizer, lr)], epochs=epochs,
                        grad_clip=grad_clip)


def train_groups(loss_fn, groups, *, epochs: int, grad_clip: float | None = None) -> np.ndarray:
    """Several groups of networks trained as one program.

    Arguments:
        loss_fn: list of parameter dicts (one per group, in order) -> per-network losses of all groups concatenated
            in group order, shape (S_1 + ... + S_G,).
        groups: [(params, optimizer, lr), ...] with optimizer "gd" or "adam".
        epochs: full-batch steps.
        grad_clip: clip each group's gradient norm (None: no clipping).
    Returns the losses at epochs 0..epochs, shape (epochs + 1, S_1 + ... + S_G).  A network whose loss is not finite
    keeps nan and stops moving (its gradient is zeroed).

    Raises InvalidArgument for an unknown optimizer, lr <= 0 or epochs < 0.

    >>> from symrnn.train._training import train_groups
    >>> train_groups(lambda g: g[0]["x"] ** 2, [({}, "sgd", 1.0)], epochs=1)
    Traceback (most recent call last):
    ...
    symrnn._errors.InvalidArgument: optimizer must be gd or adam, got 'sgd'
    """
    t = torch()
    opts = []
    for params, optimizer, lr in groups:
        if optimizer not in ("gd", "adam"):
            raise InvalidArgument(f"optimizer must be gd or adam, got {optimizer!r}")
        if not (lr > 0):
            raise InvalidArgument(f"need lr > 0, got lr={lr}")
        ps = list(params.values())
        opts.append((ps, t.optim.SGD(ps, lr=lr) if optimizer == "gd" else t.optim.Adam(ps, lr=lr)))
    if epochs < 0:
        raise InvalidArgument(f"need epochs >= 0, got epochs={epochs}")
    plist = [g[0] for g in groups]
    hist = None
    for e in range(epochs + 1):
        loss = loss_fn(plist)
        if hist is None:
            hist = t.empty(epochs + 1, loss.shape[0], dtype=loss.dtype, device=loss.device)
        hist[e] = loss.detach()                            # stays on the device: no synchronisation per epoch
        if e == epochs:
            break
        for _, opt in opts:
            opt.zero_grad(set_to_none=False)
        finite = t.isfinite(loss)
        t.where(finite, loss, t.zeros_like(loss)).sum().backward()
        for ps, opt in opts:
            if grad_clip is not None:
                t.nn.utils.clip_grad_norm_(ps, grad_clip)
            for p in ps:                                    # a diverged network stops moving
                p.grad.nan_to_num_(0.0, 0.0, 0.0)
            opt.step()
    return hist.cpu().numpy()
