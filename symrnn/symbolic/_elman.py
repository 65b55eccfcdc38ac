"""The Elman network with diagonal recurrence, unrolled in SymPy.

One neuron of a diagonal Elman network is the scalar recursion

    H_t = sigma(w H_{t-1} + u^T X_{t-1}),   H_0 = 0,

and the readout is F_t = m^{-1/2} sum_i c_i H_t^{(i)}.  Everything here is exact SymPy: `sigma` may
be an undefined function (so identities hold for every activation) or a concrete expression.

    unrolled_hidden(w, u, X, t, sigma)          [H_0, ..., H_t] of one neuron
    gradient_sum_form(w, u, X, t, sigma, k0=0)  the unrolled-gradient sums
        d/du H_t = sum_{k=k0}^{t-1} w^k X_{t-k-1} I_{t-1} ... I_{t-k-1}
        d/dw H_t = sum_{k=k0}^{t-1} w^k H_{t-k-1} I_{t-1} ... I_{t-k-1}
      with I_s = sigma'(w H_s + u^T X_s)  (k0 = 0 is the chain rule; other k0 read printed variants)
    network_output(W, U, c, X, t, sigma)        F_t of an m-neuron network
    mu0(z, t), mu1(z, t)                        the memory sums sum_k z^k, sum_k (k+1) z^k
    mu0_closed(z, t), mu1_closed(z, t)          their closed forms for z != 1 (geometric series)
    relaxed_derivatives(...)                    gradient/Hessian of H_t in pre-activation variables
"""

from __future__ import annotations

from typing import Callable, Sequence

import sympy


def _dot(u: Sequence, x: Sequence):
    if len(u) != len(x):
        raise ValueError(f"u has {len(u)} entries but X_t has {len(x)}; both must have dimension d")
    return sum((ui * xi for ui, xi in zip(u, x)), sympy.Integer(0))


def _apply(sigma, z):
    return sigma(z) if callable(sigma) else sigma.subs(sympy.Symbol("z"), z)


def unrolled_hidden(w, u: Sequence, X: Sequence[Sequence], t: int, sigma: Callable) -> list:
    """[H_0, ..., H_t] of the neuron H_s = sigma(w H_{s-1} + u^T X_{s-1}), H_0 = 0 (exact SymPy).

    Arguments:
        w: the recurrent weight (a symbol or number); u: the input weights (length d);
        X: the inputs X_0, ..., X_{t-1} (each of length d); t: the horizon (t >= 0);
        sigma: a callable (e.g. `sympy.Function('sigma')` or `sympy.tanh`).

    >>> import sympy as sp
    >>> w, u, x = sp.symbols("w u x")
    >>> unrolled_hidden(w, [u], [[x]], 1, sp.tanh)
    [0, tanh(u*x)]
    """
    if t < 0 or len(X) < t:
        raise ValueError(f"need t >= 0 and at least t inputs, got t={t} and {len(X)} inputs")
    H = [sympy.Integer(0)]
    for s in range(1, t + 1):
        H.append(sigma(w * H[s - 1] + _dot(u, X[s - 1])))
    return H


def activation_derivative(sigma: Callable, z, order: int = 1):
    """sigma^{(order)}(z) for an undefined function or a concrete SymPy callable."""
    s = sympy.Symbol("_s")
    return sympy.diff(sigma(s), s, order).subs(s, z)


def gradient_sum_form(w, u: Sequence, X: Sequence[Sequence], t: int, sigma: Callable, *, k0: int = 0):
    """The unrolled-gradient sums of d/dw H_t and d/du H_t (a scalar and a list of length d).

    With k0 = 0 these equal the chain-rule derivatives (unrolling the recursion
    dH_t = sigma'(a_t) (H_{t-1} + w dH_{t-1}) for w and sigma'(a_t) (w dH_{t-1} + X_{t-1}) for u).
    """
    H = unrolled_hidden(w, u, X, t, sigma)
    d = len(u)

    def I(s):  # I_s = sigma'(w H_s + u^T X_s)
        return activation_derivative(sigma, w * H[s] + _dot(u, X[s]))

    dw = sympy.Integer(0)
    du = [sympy.Integer(0)] * d
    for k in range(k0, t):
        prod = sympy.Mul(*[I(t - s - 1) for s in range(k + 1)])
        dw += w ** k * H[t - k - 1] * prod
        du = [du[r] + w ** k * X[t - k - 1][r] * prod for r in range(d)]
    return dw, du


def network_output(W: Sequence, U: Sequence[Sequence], c: Sequence, X: Sequence[Sequence], t: int,
                   sigma: Callable):
    """F_t = m^{-1/2} sum_i c_i H_t^{(i)} for diagonal recurrence W = diag(W_1..W_m) and rows U_i."""
    m = len(W)
    if not (len(U) == len(c) == m):
        raise ValueError(f"W, U and c must all have m entries; got {len(W)}, {len(U)}, {len(c)}")
    total = sum((c[i] * unrolled_hidden(W[i], U[i], X, t, sigma)[t] for i in range(m)), sympy.Integer(0))
    return total / sympy.sqrt(m)


def mu0(z, t: int):
    """mu_{0,t}(z) = sum_{k=0}^{t-1} z^k."""
    return sum((z ** k for k in range(t)), sympy.Integer(0))


def mu1(z, t: int):
    """mu_{1,t}(z) = sum_{k=0}^{t-1} (k+1) z^k."""
    return sum(((k + 1) * z ** k for k in range(t)), sympy.Integer(0))


def mu0_closed(z, t):
    """(1 - z^t)/(1 - z), the geometric sum for z != 1 (t may be a symbol)."""
    return (1 - z ** t) / (1 - z)


def mu1_closed(z, t):
    """(1 - (t+1) z^t + t z^{t+1})/(1 - z)^2 = d/dz of z mu_{0,t}(z)... for z != 1 (t may be a symbol)."""
    return (1 - (t + 1) * z ** t + t * z ** (t + 1)) / (1 - z) ** 2


def relaxed_derivatives(t: int, d: int, *, w=None, prefix: str = ""):
    """Gradient and Hessian of H_t with respect to (w, u_1..u_d) as polynomials in free variables.

    The forward-mode recursion (a_s = w H_{s-1} + u^T X_{s-1}, H_s = sigma(a_s)):
        dH_s  = S1_s (dH_{s-1} w + e_w H_{s-1} + e_u X_{s-1})
        d2H_s = S2_s da_s da_s^T + S1_s (w d2H_{s-1} + e_w dH_{s-1}^T + dH_{s-1} e_w^T)
    is written with independent symbols H_s (the hidden values), S1_s = sigma'(a_s), S2_s = sigma''(a_s)
    and x_{s,r} (the inputs).  Substituting the relations an activation imposes (sigma' and sigma''
    as functions of sigma for tanh and logistic) gives the derivatives over a *relaxation* of the
    reachable set (every reachable point is a point of it): a bound certified over the relaxation
    holds on the original set.

    Returns (grad, hess, symbols) with grad a list of length d+1 (w first), hess a (d+1)x(d+1) Matrix and
    symbols a dict {'w', 'H': [H_1..H_t], 'S1': [...], 'S2': [...], 'x': [[x_{0,1}..], ...]}.
    """
    w = sympy.Symbol(f"{prefix}w", real=True) if w is None else w
    Hs = [sympy.Integer(0)] + [sympy.Symbol(f"{prefix}H{s}", real=True) for s in range(1, t + 1)]
    S1 = [None] + [sympy.Symbol(f"{prefix}S1_{s}", real=True) for s in range(1, t + 1)]
    S2 = [None] + [sympy.Symbol(f"{prefix}S2_{s}", real=True) for s in range(1, t + 1)]
    xs = [[sympy.Symbol(f"{prefix}x{s}_{r}", real=True) for r in range(d)] for s in range(t)]
    n = d + 1
    grad = [sympy.Integer(0)] * n
    hess = sympy.zeros(n, n)
    for s in range(1, t + 1):
        # da_s = w dH_{s-1} + e_w H_{s-1} + e_u X_{s-1}
        da = [w * grad[j] for j in range(n)]
        da[0] += Hs[s - 1]
        for r in range(d):
            da[1 + r] += xs[s - 1][r]
        new_hess = sympy.zeros(n, n)
        for i in range(n):
            for j in range(n):
                # d2a_s = w d2H_{s-1} + e_w dH_{s-1}^T + dH_{s-1} e_w^T
                d2a = w * hess[i, j] + (grad[j] if i == 0 else 0) + (grad[i] if j == 0 else 0)
                new_hess[i, j] = S2[s] * da[i] * da[j] + S1[s] * d2a
        grad = [S1[s] * da[j] for j in range(n)]
        hess = new_hess
    return grad, hess, {"w": w, "H": Hs[1:], "S1": S1[1:], "S2": S2[1:], "x": xs}


def reciprocal_polynomial(expr, var, s, degree: int, *, scale=1):
    """s^degree * expr(var -> scale/s) as an exact polynomial in s: for expr = sum_k c_k var^k (k <= degree) it is
    sum_k c_k scale^k s^(degree-k), each coefficient c_k factored (narrow interval extensions).

    It maps a bound on the half-line var in [A, oo) to a compact box s in [0, 1/A]: for s > 0,
    s^degree expr(scale/s) has the sign of expr (Arb branch and bound then certifies it up to s = 0).

    Arguments: expr, a polynomial in `var` (its other symbols are coefficients); var, s: SymPy symbols;
    degree >= the degree of expr in var; scale: what var is replaced by, times s (default 1, e.g. a symbol v
    when a variable w = alpha_m v scales with alpha_m).
    Returns a SymPy expression.
    Raises ValueError when expr is not a polynomial in var of degree <= `degree`.

    >>> import sympy
    >>> a, s = sympy.symbols("a s")
    >>> reciprocal_polynomial(1 + 2*a + a**2, a, s, 2)
    s**2 + 2*s + 1
    >>> reciprocal_polynomial(a**3, a, s, 2)
    Traceback (most recent call last):
    ...
    ValueError: a**3 has degree 3 > 2 in a
    """
    P = sympy.Poly(sympy.expand(expr), var)
    if P.degree() > degree:
        raise ValueError(f"{expr} has degree {P.degree()} > {degree} in {var}")
    return sympy.Add(*[sympy.factor(c) * scale ** k * s ** (degree - k) for (k,), c in P.terms()])
