"""Quadrature with an error estimate, in a private context."""

from __future__ import annotations

from typing import Callable

from .._errors import InvalidArgument
from ._precision import context


def quad(f: Callable, interval, *, dps: int):
    """int f over `interval` (a list of breakpoints; mpmath 'inf' allowed) with tanh-sinh.

    Returns (value, error estimate) at `dps` digits. `f` receives the private context's mpf.
    """
    ctx = context(dps)
    pts = [ctx.inf if p == "inf" else (-ctx.inf if p == "-inf" else ctx.mpf(p)) for p in interval]
    if len(pts) < 2:
        raise InvalidArgument(f"interval needs at least two points, got {interval!r}")
    value, err = ctx.quad(lambda x: f(ctx, x), pts, error=True, maxdegree=10)
    return value, err
