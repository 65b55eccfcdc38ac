"""A stiff integrator at any precision (mpmath): the linearly implicit Euler method with extrapolation (Deuflhard;
Hairer & Wanner, Solving ODEs II, IV.9, the method of SEULEX), for autonomous systems y' = f(y) with a known
Jacobian.

Why this method: it needs only linear solves with I - h J (no Newton iteration, no method coefficients to
transcribe), its order is the number of extrapolation columns, and it stays stable on stiff problems.  With the
harmonic step sequence n_j = j, the tableau T_{j,1} = y after n_j substeps of size H/n_j,
    T_{j,k+1} = T_{j,k} + (T_{j,k} - T_{j-1,k}) / (n_j / n_{j-k} - 1)
has T_{K,K} of order K; |T_{K,K} - T_{K,K-1}| (the error of the order-(K-1) value) controls the step.

Events g(y) (crossing from <= 0 to > 0) are located by the Illinois method on the length of the last step,
re-integrating that step from its start (one macro step per evaluation), so a hitting time carries the
integrator's accuracy, not an interpolant's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .._errors import InvalidArgument

_STEPS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class MPFlowResult:
    status: str               # "event" (stop_at fired), "horizon" (tau_max reached) or "steps" (max_steps used)
    hitting_times: dict       # event name -> tau (ctx.mpf) or None
    tau_end: object
    y_end: list
    steps: int                # accepted macro steps
    rejected: int
    evaluations: int          # f evaluations


def _lu(M):
    """LU with partial pivoting of a square list-of-lists (in a copy): (LU, perm)."""
    n = len(M)
    A = [row[:] for row in M]
    perm = list(range(n))
    for k in range(n):
        p = max(range(k, n), key=lambda i: abs(A[i][k]))
        if not A[p][k]:
            raise ZeroDivisionError("singular matrix I - h J")
        if p != k:
            A[k], A[p] = A[p], A[k]
            perm[k], perm[p] = perm[p], perm[k]
        rk, piv = A[k], A[k][k]
        for i in range(k + 1, n):
            ri = A[i]
            f = ri[k] / piv
            ri[k] = f
            if f:
                for j in range(k + 1, n):
                    ri[j] -= f * rk[j]
    return A, perm


def _solve(LU, perm, b):
    A, n = LU, len(b)
    x = [b[p] for p in perm]
    for i in range(n):
        row, s = A[i], x[i]
        for j in range(i):
            s -= row[j] * x[j]
        x[i] = s
    for i in range(n - 1, -1, -1):
        row, s = A[i], x[i]
        for j in range(i + 1, n):
            s -= row[j] * x[j]
        x[i] = s / row[i]
    return x


class _Solver:
    """Solves with I - h J: Arb matrices (python-flint, C) when available, else an LU in Python.  Arb is used here
    only as fast multiprecision arithmetic: the inverse is formed at the working precision plus 20 bits and each
    solution is rounded back to its midpoint; the ball radii are not used as error bounds."""

    def __init__(self, ctx):
        self.ctx = ctx
        try:
            import flint
        except ImportError:                              # pragma: no cover - python-flint is an optional extra
            flint = None
        self.flint = flint

    def factor(self, M):
        if self.flint is None:
            return ("lu", _lu(M))
        fl = self.flint
        return ("arb", fl.arb_mat([[fl.arb(v) for v in row] for row in M]).inv())

    def solve(self, F, b):
        kind, data = F
        if kind == "lu":
            return _solve(*data, b)
        fl, mpf = self.flint, self.ctx.mpf
        x = data * fl.arb_mat([[fl.arb(v)] for v in b])
        out = []
        for i in range(len(b)):
            man, exp = x[i, 0].mid().man_exp()
            out.append(mpf((int(man), int(exp))))
        return out


def stiff_flow_mp(f: Callable, jac: Callable, y0, *, ctx, tau_max, rtol, atol, events: dict | None = None,
                  stop_at: str | None = None, h0=None, origin=None, max_steps: int = 100000,
                  event_rtol=None) -> MPFlowResult:
    """Integrate y' = f(y) from y0 (tau = 0) until tau_max, the event `stop_at`, or max_steps.

    Arguments:
        f, jac: list of ctx.mpf -> list (f) / list of lists (Jacobian df/dy), evaluated at ctx's precision.
        rtol, atol: the local error of each step, measured on y - origin (default y0): the scale of component i is
            atol + rtol max(|y_i - origin_i| before and after the step).  Measuring from the start, not from 0,
            keeps a tolerance meaningful for a state that moves by exponentially small amounts from an O(1) point.
        events: name -> g(tau, y); a hitting time is where g crosses from <= 0 to > 0, located to event_rtol
            (default rtol) relative in tau.
    """
    y = [ctx.mpf(v) for v in y0]
    n = len(y)
    org = [ctx.mpf(v) for v in (origin if origin is not None else y)]
    events = events or {}
    if stop_at is not None and stop_at not in events:
        raise InvalidArgument(f"stop_at={stop_at!r} is not one of the events {sorted(events)}")
    rtol, atol, tau_max = ctx.mpf(rtol), ctx.mpf(atol), ctx.mpf(tau_max)
    event_rtol = ctx.mpf(event_rtol) if event_rtol is not None else rtol
    K = len(_STEPS)
    nfev = [0]
    solver = _Solver(ctx)

    def F(v):
        nfev[0] += 1
        return f(v)

    def macro(y_, f_, J_, H):
        """(T_KK, T_K,K-1) for one step of length H from y_ (f_ = f(y_), J_ = jac(y_))."""
        T = []
        for j, nj in enumerate(_STEPS):
            h = H / nj
            Mf = solver.factor([[(1 if r == c else 0) - h * J_[r][c] for c in range(n)] for r in range(n)])
            yi, fi = y_, f_
            for i in range(nj):
                if i:
                    fi = F(yi)
                d = solver.solve(Mf, [h * v for v in fi])
                yi = [a + b for a, b in zip(yi, d)]
            row = [yi]
            for k in range(1, j + 1):
                den = ctx.mpf(nj) / _STEPS[j - k] - 1
                row.append([a + (a - b) / den for a, b in zip(row[k - 1], T[j - 1][k - 1])])
            T.append(row)
        return T[-1][-1], T[-1][-2]

    def err_norm(ya, yb, yref):
        s = ctx.mpf(0)
        for a, b, r, o in zip(ya, yb, yref, org):
            sc = atol + rtol * max(abs(a - o), abs(r - o))
            s += ((a - b) / sc) ** 2
        return ctx.sqrt(s / n)

    if solver.flint is not None:
        saved_prec = solver.flint.ctx.prec
        solver.flint.ctx.prec = ctx.prec + 20
        try:
            return _integrate(ctx, F, jac, y, macro, err_norm, events, stop_at, tau_max, h0, max_steps, event_rtol,
                              K, nfev)
        finally:
            solver.flint.ctx.prec = saved_prec
    return _integrate(ctx, F, jac, y, macro, err_norm, events, stop_at, tau_max, h0, max_steps, event_rtol, K, nfev)


def _integrate(ctx, F, jac, y, macro, err_norm, events, stop_at, tau_max, h0, max_steps, event_rtol, K, nfev):
    tau = ctx.mpf(0)
    H = ctx.mpf(h0) if h0 is not None else ctx.mpf("1e-4")
    g_prev = {k: g(tau, y) for k, g in events.items()}
    hits = {k: None for k in events}
    steps = rejected = 0
    status = "steps"
    while steps < max_steps:
        if tau >= tau_max:
            status = "horizon"
            break
        H = min(H, tau_max - tau)
        fy, Jy = F(y), jac(y)
        while True:
            y_new, y_low = macro(y, fy, Jy, H)
            err = err_norm(y_new, y_low, y)
            if err <= 1:
                break
            rejected += 1
            H = H * max(ctx.mpf("0.1"), ctx.mpf("0.9") * err ** (-ctx.mpf(1) / K))
        tau_new = tau + H
        stop = False
        for name, g in events.items():
            if hits[name] is not None:
                continue
            g_new = g(tau_new, y_new)
            if g_prev[name] <= 0 < g_new:
                hits[name] = _locate(ctx, lambda s: g(tau + s, macro(y, fy, Jy, s)[0]), H, g_prev[name], g_new,
                                     event_rtol * tau_new) + tau
                stop = stop or name == stop_at
            g_prev[name] = g_new
        steps += 1
        tau, y = tau_new, y_new
        if stop:
            status = "event"
            break
        H = H * min(ctx.mpf(4), max(ctx.mpf("0.2"), ctx.mpf("0.9") * (err if err > 0 else ctx.mpf("1e-30")) ** (-ctx.mpf(1) / K)))
    return MPFlowResult(status, hits, tau, y, steps, rejected, nfev[0])


def _locate(ctx, phi, H, g_lo, g_hi, tol):
    """Root of phi on (0, H] with phi(0) = g_lo <= 0 < g_hi = phi(H): the Illinois variant of regula falsi."""
    lo, hi = ctx.mpf(0), ctx.mpf(H)
    side = 0
    for _ in range(200):
        if hi - lo <= tol:
            break
        s = hi - g_hi * (hi - lo) / (g_hi - g_lo)
        if not lo < s < hi:
            s = (lo + hi) / 2
        gs = phi(s)
        if gs > 0:
            hi, g_hi = s, gs
            if side == 1:
                g_lo /= 2
            side = 1
        else:
            lo, g_lo = s, gs
            if side == -1:
                g_hi /= 2
            side = -1
    return hi
