"""Linear state-space models (linear RNNs) in SymPy: recursion, impulse response, moment view.

s_{t+1} = A s_t + B x_t, y_t = C s_t, s_0 = 0. The impulse response h_j = C A^j B; for a
diagonal A = diag(a) it is the j-th moment of the atomic measure sum_i (C_i B_i) delta_{a_i}.
Population losses over training length k, Vandermonde and Hankel matrices, and the nilpotent
delay system live here too. Exact arithmetic throughout (SymPy matrices).
"""

from __future__ import annotations

from typing import Sequence

import sympy as sp

from .._errors import InvalidArgument


def symbolic_system(d: int, *, symmetric: bool = False, balanced: bool = False, diagonal: bool = False,
                    names: str = "a b c") -> tuple[sp.Matrix, sp.Matrix, sp.Matrix]:
    """(A, B, C) with fresh real symbols: A d x d (symmetric / diagonal on request), B d x 1, C 1 x d
    (C = B^T when balanced)."""
    if d < 1:
        raise InvalidArgument(f"state dimension must be >= 1, got {d}")
    an, bn, cn = names.split()
    if diagonal:
        A = sp.diag(*sp.symbols(f"{an}1:{d + 1}", real=True))
    elif symmetric:
        A = sp.Matrix(d, d, lambda i, j: sp.Symbol(f"{an}{min(i, j) + 1}{max(i, j) + 1}", real=True))
    else:
        A = sp.Matrix(d, d, lambda i, j: sp.Symbol(f"{an}{i + 1}{j + 1}", real=True))
    B = sp.Matrix(d, 1, lambda i, _: sp.Symbol(f"{bn}{i + 1}", real=True))
    C = B.T if balanced else sp.Matrix(1, d, lambda _, i: sp.Symbol(f"{cn}{i + 1}", real=True))
    return A, B, C


def impulse_response(A, B, C, n: int) -> list:
    """[C B, C A B, ..., C A^{n-1} B] (scalars)."""
    out, v = [], sp.Matrix(B)
    for _ in range(n):
        out.append(sp.expand((sp.Matrix(C) * v)[0, 0]))
        v = sp.Matrix(A) * v
    return out


def run_recursion(A, B, C, xs: Sequence) -> list:
    """Outputs y_0..y_T of s_{t+1} = A s_t + B x_t, y_t = C s_t, s_0 = 0, for inputs x_0..x_{T-1}."""
    A, B, C = sp.Matrix(A), sp.Matrix(B), sp.Matrix(C)
    s = sp.zeros(A.shape[0], 1)
    ys = []
    for x in xs:
        ys.append(sp.expand((C * s)[0, 0]))
        s = A * s + B * x
    ys.append(sp.expand((C * s)[0, 0]))
    return ys


def population_loss(h: Sequence, w: Sequence, k: int, weights: Sequence | None = None):
    """sum_{j<k} weights_j (h_j - w_j)^2 (weights 1 by default: Eq. (3.4) of a whitened-input loss)."""
    if len(h) < k or len(w) < k:
        raise InvalidArgument(f"need at least k={k} terms of both responses, got {len(h)} and {len(w)}")
    wts = weights if weights is not None else [1] * k
    return sp.expand(sum(wts[j] * (h[j] - w[j]) ** 2 for j in range(k)))


def moment_response(p: Sequence, a: Sequence, n: int) -> list:
    """[sum_i p_i a_i^j for j < n]: the moments of sum_i p_i delta_{a_i} (0^0 = 1)."""
    return [sp.expand(sum(pi * ai ** j for pi, ai in zip(p, a))) for j in range(n)]


def vandermonde(points: Sequence, rows: int | None = None) -> sp.Matrix:
    """V[j, i] = points[i]^j for j < rows (default: square)."""
    n = len(points)
    return sp.Matrix(rows or n, n, lambda j, i: points[i] ** j)


def hankel(moments: Sequence, n: int) -> sp.Matrix:
    """H[i, j] = moments[i + j], i, j < n."""
    if len(moments) < 2 * n - 1:
        raise InvalidArgument(f"an n={n} Hankel matrix needs {2 * n - 1} moments, got {len(moments)}")
    return sp.Matrix(n, n, lambda i, j: moments[i + j])


def delay_system(n: int) -> tuple[sp.Matrix, sp.Matrix, sp.Matrix]:
    """Eq. (C.1)-style delay line: A the nilpotent upper shift, B = e_n, C = e_1^T; C A^i B = [i == n-1]."""
    A = sp.Matrix(n, n, lambda i, j: 1 if j == i + 1 else 0)
    B = sp.Matrix(n, 1, lambda i, _: 1 if i == n - 1 else 0)
    C = sp.Matrix(1, n, lambda _, j: 1 if j == 0 else 0)
    return A, B, C


def matrix_gradient(expr, M: sp.Matrix) -> sp.Matrix:
    """d expr / d M, shaped like M (entrywise derivative)."""
    return M.applyfunc(lambda m: sp.diff(expr, m)) if all(m.is_Symbol for m in M) else \
        sp.Matrix(M.shape[0], M.shape[1], lambda i, j: sp.diff(expr, M[i, j]))


def symmetric_gradient(expr, A: sp.Matrix) -> sp.Matrix:
    """Gradient of expr w.r.t. the upper-triangular parameters of a symmetric A (whose entries (i,j) and (j,i)
    are the same symbol), placed in the upper triangle: d/dtheta_ij = G_ij + G_ji for i < j."""
    d = A.shape[0]
    return sp.Matrix(d, d, lambda i, j: sp.diff(expr, A[i, j]) if i <= j else 0)
