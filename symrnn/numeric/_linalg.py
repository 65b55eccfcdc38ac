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


def eigvalsh_enclosed(matrix_rows, *, dps: int):
    """Ascending eigenvalues of a real symmetric matrix with an error radius.

    python-flint (Arb) when installed: certified balls; the midpoints are returned with the
    largest radius. When Arb cannot isolate the eigenvalues (exact repetitions) or flint is
    absent, mpmath's eigsy is used and the radius is None (no certificate).
    Returns (values, radius or None, backend name).
    """
    try:
        import flint
    except ImportError:
        return eigvalsh(matrix_rows, dps=dps), None, "mpmath eigsy"
    ctx = context(dps + 10)
    old = flint.ctx.prec
    flint.ctx.prec = int(3.33 * (dps + 10)) + 20
    try:
        rows = [[flint.arb(ctx.nstr(ctx.mpf(x) if not hasattr(x, "p") else ctx.mpf(int(x.p)) / int(x.q), dps + 15))
                 for x in row] for row in matrix_rows]
        try:
            balls = flint.arb_mat(rows).eig()
        except ValueError:
            return eigvalsh(matrix_rows, dps=dps), None, "mpmath eigsy (Arb could not isolate the eigenvalues)"
        mids = sorted((ctx.mpf(z.real.mid().str(dps + 10, radius=False)) for z in balls))
        radius = max(float(z.real.rad()) + float(z.imag.mid().abs_upper()) + float(z.imag.rad()) for z in balls)
        return mids, radius, "Arb (python-flint) arb_mat.eig"
    finally:
        flint.ctx.prec = old
