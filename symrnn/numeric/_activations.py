"""Activation families with their exact sup-constants, and exact forward-mode derivatives of one
diagonal Elman neuron in mpmath.

An `Activation` carries sigma as a SymPy expression in `z`, the exact constants
sigma_0 = sup|sigma|, sigma_1 = sup|sigma'|, sigma_2 = sup|sigma''| (derived by hand from the roots of
sigma'' and sigma''' and certified in the tests), and, where sigma' and sigma'' are polynomials in sigma
(tanh, logistic and their scalings), those polynomials with the range of sigma: they turn a bound over
pre-activations a in R into a bound over a compact interval of values s = sigma(a).

    ACTIVATIONS                         tanh, logistic, gaussian (exp(-z^2/2)), sin
    scaled(act, a, b, c)                z -> a act(b z + c) with constants (|a| s0, |ab| s1, |a| b^2 s2)
    neuron_derivatives(act, w, u, X, t, ctx)   H_t, its gradient and Hessian in (w, u), exact recursion
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Sequence

import mpmath
import sympy

from ._precision import to_mpf

Z = sympy.Symbol("z", real=True)
S = sympy.Symbol("s", real=True)


@dataclass(frozen=True)
class Activation:
    """An activation sigma(z) with exact sup-constants.

    Fields: name; expr (SymPy in `Z`); sigma0, sigma1, sigma2 (exact SymPy numbers: sup|sigma^{(k)}|);
    d1_of_s, d2_of_s: sigma' and sigma'' as polynomials in S = sigma(z) where such exist (else None);
    s_range: the closed hull (lo, hi) of the range of sigma (exact), for the relaxation.
    """

    name: str
    expr: sympy.Expr
    sigma0: sympy.Expr
    sigma1: sympy.Expr
    sigma2: sympy.Expr
    d1_of_s: sympy.Expr | None = None
    d2_of_s: sympy.Expr | None = None
    s_range: tuple | None = None

    def sympy_fn(self):
        """sigma as a callable on SymPy expressions."""
        return sympy.Lambda(Z, self.expr)

    def derivative(self, order: int) -> sympy.Expr:
        return sympy.diff(self.expr, Z, order)

    def mp(self, order: int, ctx=None):
        """sigma^{(order)} as an mpmath function (private context `ctx` if given)."""
        # every name the mpmath printer emits (mpf for rational coefficients, sqrt, pi, the functions) is taken
        # from the context, else constants such as mpf(4)/mpf(3) or sqrt(2) are evaluated at the global
        # precision (53 bits) inside a higher-precision evaluation
        module = ctx if ctx is not None else mpmath
        names = {n: getattr(module, n) for n in dir(mpmath) if not n.startswith("_") and hasattr(module, n)}
        return sympy.lambdify(Z, self.derivative(order), modules=[names, "mpmath"])

    def constants(self) -> tuple:
        return (self.sigma0, self.sigma1, self.sigma2)


def _logistic():
    expr = 1 / (1 + sympy.exp(-Z))
    return Activation("logistic", expr, sympy.Integer(1), sympy.Rational(1, 4), sympy.sqrt(3) / 18,
                      S * (1 - S), S * (1 - S) * (1 - 2 * S), (sympy.Integer(0), sympy.Integer(1)))


def _tanh():
    return Activation("tanh", sympy.tanh(Z), sympy.Integer(1), sympy.Integer(1), 4 / (3 * sympy.sqrt(3)),
                      1 - S ** 2, -2 * S * (1 - S ** 2), (sympy.Integer(-1), sympy.Integer(1)))


def _gaussian():
    return Activation("gaussian", sympy.exp(-Z ** 2 / 2), sympy.Integer(1), sympy.exp(-sympy.Rational(1, 2)),
                      sympy.Integer(1))


def _sin():
    return Activation("sin", sympy.sin(Z), sympy.Integer(1), sympy.Integer(1), sympy.Integer(1))


ACTIVATIONS = {a.name: a for a in (_tanh(), _logistic(), _gaussian(), _sin())}


def scaled(act: Activation, a, b, c=0) -> Activation:
    """z -> a act(b z + c): constants (|a| sigma_0, |a b| sigma_1, |a| b^2 sigma_2) (exact a, b, c)."""
    a, b, c = sympy.nsimplify(a), sympy.nsimplify(b), sympy.nsimplify(c)
    if a == 0 or b == 0:
        raise ValueError(f"scaled({act.name}, a={a}, b={b}): a and b must be nonzero")
    expr = a * act.expr.subs(Z, b * Z + c)
    d1 = d2 = rng = None
    if act.d1_of_s is not None:
        # value v = a s: sigma' = a b act'(s), sigma'' = a b^2 act''(s), with s = v / a
        d1 = sympy.expand(a * b * act.d1_of_s.subs(S, S / a))
        d2 = sympy.expand(a * b ** 2 * act.d2_of_s.subs(S, S / a))
        lo, hi = sorted((a * act.s_range[0], a * act.s_range[1]))
        rng = (lo, hi)
    return Activation(f"{a}*{act.name}({b}z+{c})", expr, abs(a) * act.sigma0, abs(a * b) * act.sigma1,
                      abs(a) * b ** 2 * act.sigma2, d1, d2, rng)


def neuron_derivatives(act: Activation, w, u: Sequence, X: Sequence[Sequence], t: int, ctx=None):
    """H_t, grad H_t and Hess H_t in (w, u_1..u_d) for H_s = sigma(w H_{s-1} + u^T X_{s-1}), H_0 = 0.

    The exact forward-mode recursion (differentiating the definition twice):
        dH_s  = sigma'(a_s) da_s,    da_s = w dH_{s-1} + e_w H_{s-1} + e_u X_{s-1}
        d2H_s = sigma''(a_s) da_s da_s^T + sigma'(a_s) (w d2H_{s-1} + e_w dH_{s-1}^T + dH_{s-1} e_w^T)
    evaluated in the mpmath context `ctx` (default: a fresh 30-digit context). Inputs are converted
    with ctx.mpf (strings or exact rationals keep their value).

    Returns (H_t, grad as a list, hess as a list of lists).
    """
    if ctx is None:
        ctx = mpmath.MPContext()
        ctx.dps = 30
    f0, f1, f2 = act.mp(0, ctx), act.mp(1, ctx), act.mp(2, ctx)
    conv = lambda v: v if isinstance(v, mpmath.ctx_mp_python.mpf) else to_mpf(ctx, v)  # noqa: E731
    w = conv(w)
    u = [conv(x) for x in u]
    X = [[conv(x) for x in row] for row in X]
    d = len(u)
    n = d + 1
    H = ctx.mpf(0)
    g = [ctx.mpf(0)] * n
    Hs = [[ctx.mpf(0)] * n for _ in range(n)]
    for s in range(1, t + 1):
        a = w * H + ctx.fsum(u[r] * X[s - 1][r] for r in range(d))
        da = [w * g[j] for j in range(n)]
        da[0] += H
        for r in range(d):
            da[1 + r] += X[s - 1][r]
        s1, s2 = f1(a), f2(a)
        newH = [[s2 * da[i] * da[j] + s1 * (w * Hs[i][j] + (g[j] if i == 0 else 0) + (g[i] if j == 0 else 0))
                 for j in range(n)] for i in range(n)]
        g = [s1 * da[j] for j in range(n)]
        Hs = newH
        H = f0(a)
    return H, g, Hs


@functools.lru_cache(maxsize=64)
def numpy_functions(act: Activation):
    """(sigma, sigma', sigma'') as vectorised float64 numpy functions (for adversarial searches, never verdicts)."""
    import numpy as np  # noqa: F401  (lambdify's module)

    return tuple(sympy.lambdify(Z, act.derivative(k), "numpy") for k in range(3))


def neuron_derivatives_np(act: Activation, w, u, X, *, hessian: bool = False):
    """Vectorised float64 forward mode: w (B,), u (B, d), X (B, t, d) -> H_t (B,), grad (B, d+1)[, Hess (B, d+1, d+1)].

    The same recursion as `neuron_derivatives` (exact mpmath), for searching many points quickly; a candidate
    found here is re-evaluated with `neuron_derivatives` before anything is concluded."""
    import numpy as np

    f0, f1, f2 = numpy_functions(act)
    w = np.asarray(w, dtype=float)
    u = np.asarray(u, dtype=float)
    X = np.asarray(X, dtype=float)
    B, t, d = X.shape
    n = d + 1
    H = np.zeros(B)
    g = np.zeros((B, n))
    Hs = np.zeros((B, n, n))
    for s in range(t):
        a = w * H + (u * X[:, s, :]).sum(-1)
        da = w[:, None] * g
        da[:, 0] += H
        da[:, 1:] += X[:, s, :]
        s1 = np.broadcast_to(f1(a), (B,)) if np.ndim(f1(a)) == 0 else f1(a)
        if hessian:
            s2 = np.broadcast_to(f2(a), (B,)) if np.ndim(f2(a)) == 0 else f2(a)
            cross = np.zeros((B, n, n))
            cross[:, 0, :] += g
            cross[:, :, 0] += g
            Hs = s2[:, None, None] * da[:, :, None] * da[:, None, :] + s1[:, None, None] * (w[:, None, None] * Hs + cross)
        g = s1[:, None] * da
        H = f0(a) * np.ones(B)
    return (H, g, Hs) if hessian else (H, g)
