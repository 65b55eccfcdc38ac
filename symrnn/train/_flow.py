"""The reduced problem of Section 6.2: theta = (a, w), J_omega(a, w) = || a^T e^{-wt} - rho_bar - rho_{0,omega} ||^2
(101) for rho_bar = sum_j a*_j e^{-w*_j t} and the Gaussian template rho_0(s) = c e^{-s^2/(2 sigma^2)}, in closed form
(double precision), with the gradient (129)-(130) and Hessian (136)-(140); its gradient flow (104) integrated by
symrnn.numeric.gradient_flow (stiff, log-time, event-located hitting times (105)-(106)).

Any c, sigma (a claim package may state the case c = sigma = 1 in closed form of its own).
Delta_{n,omega} follow the recursion Delta_{n+1} = (mu - sigma^2 w) Delta_n + n sigma^2 Delta_{n-1}
+ [n = 0] c sigma^2 e^{-mu^2/(2 sigma^2)}, mu = 1/omega, with Delta_0 through erfcx where erfc underflows."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.special import erf, erfc, erfcx

from .._errors import InvalidArgument


def template_moments(w, mu: float, nmax: int = 2, c: float = 1.0, sigma: float = 1.0):
    """[Delta_{0,omega}(w), ..., Delta_{nmax,omega}(w)] for rho_0 = c e^{-s^2/(2 sigma^2)}, mu = 1/omega."""
    w = np.asarray(w, float)
    z = (sigma ** 2 * w - mu) / (sigma * math.sqrt(2))
    base = c * sigma * math.sqrt(math.pi / 2)
    d0 = np.where(z > 0, base * np.exp(-mu ** 2 / (2 * sigma ** 2)) * erfcx(np.maximum(z, 0)),
                  base * np.exp(-w * mu + sigma ** 2 * w ** 2 / 2) * erfc(np.minimum(z, 0)))
    out, prev = [d0], np.zeros_like(w)
    for n in range(nmax):
        nxt = (mu - sigma ** 2 * w) * out[-1] + n * sigma ** 2 * prev
        if n == 0:
            nxt = nxt + c * sigma ** 2 * math.exp(-mu ** 2 / (2 * sigma ** 2))
        prev = out[-1]
        out.append(nxt)
    return out


@dataclass(frozen=True)
class ReducedProblem:
    """J_omega, its gradient and Hessian for the target a*^T e^{-w* t} + c e^{-(t - 1/omega)^2/(2 sigma^2)}."""
    a_star: tuple
    w_star: tuple
    inv_omega: float
    c: float = 1.0
    sigma: float = 1.0

    def __post_init__(self):
        if len(self.a_star) != len(self.w_star) or min(self.w_star) <= 0:
            raise InvalidArgument("need as many a* as w*, and w* > 0")

    def _split(self, th):
        th = np.asarray(th, float)
        m = len(th) // 2
        return th[:m], th[m:]

    def _moments(self, w, nmax=2):
        return template_moments(w, self.inv_omega, nmax, self.c, self.sigma)

    def norm0(self) -> float:
        """||rho_{0,omega}||^2_{L^2[0,inf)} = c^2 sigma sqrt(pi)/2 (1 + erf(mu/sigma))."""
        return self.c ** 2 * self.sigma * math.sqrt(math.pi) / 2 * (1 + erf(self.inv_omega / self.sigma))

    def loss(self, th) -> float:
        a, w = self._split(th)
        As, Ws = np.asarray(self.a_star, float), np.asarray(self.w_star, float)
        K = lambda p, r, q, v: np.sum(np.outer(p, q) / np.add.outer(r, v))
        return float(K(a, w, a, w) - 2 * K(a, w, As, Ws) + K(As, Ws, As, Ws) - 2 * a @ self._moments(w, 0)[0]
                     + 2 * As @ self._moments(Ws, 0)[0] + self.norm0())

    def loss_bar(self, th) -> float:
        """J_bar = || a^T e^{-wt} - rho_bar ||^2 (141): the short-memory part of the fit."""
        a, w = self._split(th)
        As, Ws = np.asarray(self.a_star, float), np.asarray(self.w_star, float)
        K = lambda p, r, q, v: np.sum(np.outer(p, q) / np.add.outer(r, v))
        return float(K(a, w, a, w) - 2 * K(a, w, As, Ws) + K(As, Ws, As, Ws))

    def grad(self, th):
        a, w = self._split(th)
        As, Ws = np.asarray(self.a_star, float), np.asarray(self.w_star, float)
        d0, d1, _ = self._moments(w)
        S1 = (1 / np.add.outer(w, w)) @ a - (1 / np.add.outer(w, Ws)) @ As
        S2 = (1 / np.add.outer(w, w) ** 2) @ a - (1 / np.add.outer(w, Ws) ** 2) @ As
        return np.concatenate([2 * S1 - 2 * d0, -2 * a * S2 + 2 * a * d1])        # (129), (130)

    def hess(self, th):
        a, w = self._split(th)
        As, Ws = np.asarray(self.a_star, float), np.asarray(self.w_star, float)
        m = len(a)
        _, d1, d2 = self._moments(w)
        P = np.add.outer(w, w)
        S2 = (1 / P ** 2) @ a - (1 / np.add.outer(w, Ws) ** 2) @ As
        S3 = (1 / P ** 3) @ a - (1 / np.add.outer(w, Ws) ** 3) @ As
        H = np.zeros((2 * m, 2 * m))
        H[:m, :m] = 2 / P                                                          # (136)
        H[:m, m:] = -2 * a[None, :] / P ** 2                                         # (137)
        H[np.arange(m), m + np.arange(m)] = -2 * S2 - a / (2 * w ** 2) + 2 * d1      # (138)
        H[m:, m:] = 4 * np.outer(a, a) / P ** 3                                      # (139)
        H[m + np.arange(m), m + np.arange(m)] = 4 * a * S3 + a ** 2 / (2 * w ** 3) - 2 * a * d2  # (140)
        H[m:, :m] = H[:m, m:].T
        return H


def hitting_times(problem: ReducedProblem, theta0, delta: float, *, tau_max: float = 1e16, rtol: float = 1e-10,
                  method: str = "LSODA", stop: str = "tau0_loss"):
    """(tau_0, tau_0', status): the first tau with ||theta(tau) - theta_0|| > delta (105), and with
    |J(theta(tau)) - J(theta_0)| > delta (106), on the flow (104).  Runs until tau_0' (or tau_max), or until
    tau_0 with stop="tau0" (then only tau_0 is tracked and tau_0' is None).
    LSODA (stiff/non-stiff switching, analytic Jacobian): at 1/omega = 16 it matches Radau's tau_0 to 1e-5
    relative with ~130x fewer evaluations (Radau's error control stalls on the log-time plateau).
    Where it is trusted (starts in M*, a* = w* = 1, delta = 1e-2, checked against the high-precision path of
    flow_hp.py at stored points): at rtol 1e-8 within 1e-4 relative up to 1/omega = 12 (m = 2 and
    m = 10), tau_0 off by 1e-3..1e-2 at 1/omega = 16..20 (the tolerance acts on theta, not on the e^{-1/omega}-slow
    displacement theta - theta_0; tighter rtol converges to the high-precision value); from 1/omega = 22 it does
    not finish within minutes."""
    from ..numeric import gradient_flow

    th0 = np.asarray(theta0, float)
    J0 = problem.loss(th0)
    events = {"tau0": lambda t, y: np.linalg.norm(y - th0) - delta}
    if stop != "tau0":                  # the loss event costs a loss evaluation per step: only when asked for
        events["tau0_loss"] = lambda t, y: abs(problem.loss(y) - J0) - delta
    res = gradient_flow(problem.grad, th0, tau_max=tau_max, hessian=problem.hess, rtol=rtol, stop_at=stop, method=method,
                        events=events)
    return res.hitting_times.get("tau0"), res.hitting_times.get("tau0_loss"), res.status


def trajectory(problem: ReducedProblem, theta0, taus, *, rtol: float = 1e-10, atol: float = 1e-14):
    """theta(tau) at the given flow times (increasing, >= 0), same log-time stiff integration as hitting_times:
    returns (thetas (len(taus), 2m), losses, gradient norms)."""
    from scipy.integrate import solve_ivp

    taus = np.asarray(taus, float)
    s_eval = np.log1p(taus)
    sol = solve_ivp(lambda s, y: -math.exp(s) * problem.grad(y), (0.0, float(s_eval[-1])), np.asarray(theta0, float),
                    method="LSODA", jac=lambda s, y: -math.exp(s) * problem.hess(y), rtol=rtol, atol=atol,
                    t_eval=s_eval)
    if sol.status < 0:
        raise InvalidArgument(f"the flow integration failed: {sol.message}")
    th = sol.y.T
    return th, np.array([problem.loss(x) for x in th]), np.array([np.linalg.norm(problem.grad(x)) for x in th])


def euler_gd_hitting_time(problem: ReducedProblem, theta0, delta: float, *, lr: float, t_grid_dt: float = 0.01,
                          horizon: float | None = None, max_steps: int = 10 ** 9):
    """The paper-style baseline: GD with a fixed step `lr` on the time-grid loss sum_k dt (rho_hat(t_k) - rho(t_k))^2
    (t_k = k dt up to `horizon`, default 1/omega + 10 sigma + 30), gradients by the chain rule on the grid (numpy).
    Returns (tau_0 = steps * lr at the first step with ||theta - theta_0|| > delta, steps)."""
    mu, sig = problem.inv_omega, problem.sigma
    T = horizon if horizon is not None else mu + 10 * sig + 30
    tk = np.arange(0.0, T, t_grid_dt)
    target = (np.exp(-np.outer(tk, problem.w_star)) @ np.asarray(problem.a_star, float)
              + problem.c * np.exp(-(tk - mu) ** 2 / (2 * sig ** 2)))
    th0 = np.asarray(theta0, float)
    th = th0.copy()
    m = len(th) // 2
    for step in range(1, max_steps + 1):
        a, w = th[:m], th[m:]
        E = np.exp(-np.outer(tk, w))                                   # (grid, m)
        r = E @ a - target
        ga = 2 * t_grid_dt * (E.T @ r)
        gw = -2 * t_grid_dt * a * ((E * tk[:, None]).T @ r)
        th = th - lr * np.concatenate([ga, gw])
        if np.linalg.norm(th - th0) > delta:
            return step * lr, step
    return None, max_steps
