"""High-precision symmetric eigenvalues."""

from __future__ import annotations

from .._errors import InvalidArgument
from ._precision import context


def eigvalsh(matrix_rows, *, dps: int):
    """Ascending eigenvalues of a real symmetric matrix given as rows of exact numbers or mpf."""
    ctx = context(dps)
    n = len(matrix_rows)
    if n == 0 or any(len(r) != n for r in matrix_rows):
        raise InvalidArgument("eigvalsh needs a non-empty square matrix")
    M = ctx.matrix(n, n)
    for i, row in enumerate(matrix_rows):
        for j, x in enumerate(row):
            M[i, j] = ctx.mpf(x) if not hasattr(x, "p") else ctx.mpf(int(x.p)) / int(x.q)
    for i in range(n):
        for j in range(i):
            if abs(M[i, j] - M[j, i]) > ctx.mpf(10) ** (-(dps - 5)) * (1 + abs(M[i, j])):
                raise InvalidArgument(f"matrix is not symmetric at ({i}, {j})")
    E = ctx.eigsy(M, eigvals_only=True)
    return sorted(E[i] for i in range(n))
