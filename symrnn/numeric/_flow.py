"""Gradient flow d theta/d tau = -grad J(theta) through long plateaus.

Integrated in log-time s = log(1 + tau) with a stiff implicit solver (SciPy Radau or BDF) so that
one run crosses many decades of tau; hitting times are located by event functions (root
finding on the dense output), not by sampling. Double precision: callers must keep the
quantities they compare well above 1e-16 relative to the parameters (or use more digits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .._errors import InvalidArgument


@dataclass(frozen=True)
class FlowResult:
    status: str                      # "event" (a hitting time was found), "horizon" (tau_max reached) or "failed"
    hitting_times: dict              # event name -> tau at which it fired (or None)
    tau_end: float
    theta_end: np.ndarray
    steps: int


def gradient_flow(grad: Callable, theta0, *, tau_max: float, events: dict[str, Callable] | None = None,
                  hessian: Callable | None = None, rtol: float = 1e-10, atol: float = 1e-14,
                  method: str = "Radau", stop_at: str | None = None) -> FlowResult:
    """Integrate the flow from theta0 until tau_max or until the event `stop_at` fires.

    Arguments:
        grad: theta (ndarray) -> grad J (ndarray).
        events: name -> g(tau, theta), a hitting time is where g changes sign from <= 0 to > 0.
        hessian: theta -> Hess J, used as the Jacobian (the flow's Jacobian is -Hess J).
    """
    from scipy.integrate import solve_ivp

    theta0 = np.asarray(theta0, dtype=float)
    if not np.all(np.isfinite(theta0)):
        raise InvalidArgument(f"theta0 must be finite, got {theta0}")
    if not (tau_max > 0):
        raise InvalidArgument(f"tau_max must be positive, got {tau_max}")
    if method not in ("Radau", "BDF", "LSODA"):
        raise InvalidArgument(f"method must be Radau, BDF or LSODA, got {method!r}")
    events = events or {}

    def rhs(s, y):
        return -math.exp(s) * grad(y)           # d theta/ds = (1 + tau) d theta/d tau, tau = e^s - 1

    def jac(s, y):
        return -math.exp(s) * hessian(y)

    names = list(events)
    ev_funcs = []
    for name in names:
        def ev(s, y, g=events[name]):
            return g(math.expm1(s), y)
        ev.terminal = name == stop_at
        ev.direction = 1
        ev_funcs.append(ev)
    sol = solve_ivp(rhs, (0.0, math.log1p(tau_max)), theta0, method=method, rtol=rtol, atol=atol,
                    jac=jac if hessian is not None else None, events=ev_funcs or None, dense_output=False)
    hits = {}
    for name, t_ev in zip(names, sol.t_events if ev_funcs else []):
        hits[name] = float(math.expm1(t_ev[0])) if len(t_ev) else None
    status = "failed" if sol.status < 0 else ("event" if sol.status == 1 else "horizon")
    return FlowResult(status, hits, float(math.expm1(sol.t[-1])), sol.y[:, -1], int(sol.nfev))
