"""Targets for linear recurrent networks: memory kernels rho(t) for linear functionals y_t = int_0^inf rho(s) x_{t-s} ds, and
the Lorenz-96 system (90) integrated to make input/output pairs.  numpy only (float64)."""

from __future__ import annotations

import numpy as np
from scipy.special import airy

from .._errors import InvalidArgument


def expsum_kernel(m_star: int = 8, seed: int = 0):
    """rho(t) = c*^T e^{W* t} b* with W* = -I - Z^T Z, Z_ij ~ N(0, 1/m*), c*, b* ~ N(0, I).

    The JMLR caption prints "W = -IZ^T Z", the ICLR appendix C.3.1 "-I - Z^T Z"; the latter is used (a stable W*
    with eigenvalues <= -1), since -I Z^T Z = -Z^T Z can be singular."""
    if m_star < 1:
        raise InvalidArgument(f"m* must be positive, got {m_star}")
    rng = np.random.default_rng(seed)
    Z = rng.normal(0.0, 1.0 / np.sqrt(m_star), (m_star, m_star))
    Ws = -np.eye(m_star) - Z.T @ Z
    lam, V = np.linalg.eigh(Ws)
    c, b = rng.normal(size=m_star), rng.normal(size=m_star)
    left, right = V.T @ c, V.T @ b

    def rho(t):
        t = np.asarray(t, float)
        return np.exp(np.multiply.outer(t, lam)) @ (left * right)
    return rho


def airy_kernel(t0: float = 3.0, s0: float = 2.25):
    """rho(t) = Ai(s0 (t - t0)) (89)."""
    return lambda t: airy(s0 * (np.asarray(t, float) - t0))[0]


def exp_gauss_kernel(inv_omega: float, a_star: float = 1.0, w_star: float = 1.0, c: float = 1.0,
                     sigma: float = 1.0):
    """(100): rho(t) = a* e^{-w* t} + c e^{-(t - 1/omega)^2 / (2 sigma^2)}."""
    return lambda t: (a_star * np.exp(-w_star * np.asarray(t, float))
                      + c * np.exp(-(np.asarray(t, float) - inv_omega) ** 2 / (2 * sigma ** 2)))


def lorenz96_pairs(n: int, steps: int, dt: float = 0.1, K: int = 8, substeps: int = 10, seed: int = 0):
    """Input/output pairs of (90): dy/dt = -y + x + (1/K) sum_k z_k, dz_k/dt = 2[z_{k+1}(z_{k-1} - z_{k+2}) - z_k + y],
    cyclic z.  x is white noise, piecewise constant on the sampling grid with variance 1/dt (increments of a
    Brownian motion over dt, divided by dt); y(0) = 0, z_k(0) ~ N(0, 1).  Classical RK4 with `substeps` steps per
    sampling interval.  Returns x, y of shape (n, steps): x_j drives the interval [j dt, (j+1) dt], y_j = y((j+1) dt).

    Choices unspecified by the paper: K, the noise amplitude, the initial state, the integrator, the sampling."""
    rng = np.random.default_rng(seed)
    x = rng.normal(0.0, 1.0 / np.sqrt(dt), (n, steps))
    y = np.zeros(n)
    z = rng.normal(size=(n, K))
    h = dt / substeps

    def f(y_, z_, x_):
        dy = -y_ + x_ + z_.mean(axis=1)
        dz = 2 * (np.roll(z_, -1, 1) * (np.roll(z_, 1, 1) - np.roll(z_, -2, 1)) - z_ + y_[:, None])
        return dy, dz
    out = np.empty((n, steps))
    for j in range(steps):
        for _ in range(substeps):
            k1 = f(y, z, x[:, j])
            k2 = f(y + h / 2 * k1[0], z + h / 2 * k1[1], x[:, j])
            k3 = f(y + h / 2 * k2[0], z + h / 2 * k2[1], x[:, j])
            k4 = f(y + h * k3[0], z + h * k3[1], x[:, j])
            y = y + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
            z = z + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        out[:, j] = y
    if not np.all(np.isfinite(out)):
        raise InvalidArgument("Lorenz-96 integration diverged: lower dt or the noise amplitude")
    return x, out


def best_expsum_loss(rho_grid, dt: float, m: int = 16):
    """A point of the Euler model class and its loss sum_k dt (a^T lam^k - rho_k)^2: least squares over a with the
    m poles lam = 1 - dt w fixed on a geometric grid of w in [0.05, 9.5].  An upper bound of the model's minimal
    population loss (the reference below which a plateau level must sit 10x above, see plateau.py)."""
    rho_grid = np.asarray(rho_grid, float)
    k = np.arange(len(rho_grid))
    w = np.geomspace(0.05, 0.95 / dt, m)
    A = (1 - dt * w)[None, :] ** k[:, None]
    coef, *_ = np.linalg.lstsq(A, rho_grid, rcond=None)
    return float(dt * np.sum((A @ coef - rho_grid) ** 2))
