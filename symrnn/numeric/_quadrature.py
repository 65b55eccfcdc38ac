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


def integrate(ctx, f: Callable, points, *, rel: int | None = None, max_splits: int = 200):
    """int f over consecutive `points` (ctx numbers, last may be ctx.inf) with error control:
    finite pieces are bisected until mpmath's error estimate is below 10^-rel of the total
    (default rel = ctx.dps // 2 + 5). mpmath's estimates have an absolute floor near 10^-dps:
    scale exponentially small integrands to O(1) before calling. Returns (value, error estimate); raises if the budget runs out.
    """
    rel = rel if rel is not None else ctx.dps // 2 + 5
    pieces = [(points[q], points[q + 1]) for q in range(len(points) - 1) if points[q] != points[q + 1]]
    results = {}
    for a, b in pieces:
        results[(a, b)] = ctx.quad(f, [a, b], error=True)
    splits = 0
    while True:
        total = ctx.fsum(v for v, _ in results.values())
        tol = abs(total) * ctx.mpf(10) ** (-rel)
        worst = max(results, key=lambda k: results[k][1])
        if results[worst][1] <= tol or tol == 0 and results[worst][1] == 0:
            return total, ctx.fsum(e for _, e in results.values())
        a, b = worst
        if b == ctx.inf or splits >= max_splits:
            raise InvalidArgument(f"quadrature did not reach 1e-{rel} relative accuracy after {splits} bisections "
                                  f"(worst piece [{ctx.nstr(a, 8)}, {ctx.nstr(b, 8)}]); add breakpoints or raise dps")
        mid = (a + b) / 2
        del results[worst]
        results[(a, mid)] = ctx.quad(f, [a, mid], error=True)
        results[(mid, b)] = ctx.quad(f, [mid, b], error=True)
        splits += 1
