"""High-precision symmetric eigenvalues, and certified ones.

`eigvalsh` is mpmath's eigsy (backward stable, no certificate). `eigen_enclosures` and
`certify_definite` never report a sign from an uncertified value: entries are taken exactly
(int, Fraction, SymPy Rational, decimal string, mpf at its binary value), Arb's precision is raised
until the eigenvalues are isolated (clusters are enclosed together), and where no enclosure
closes the answer says so instead of guessing. Definiteness of an exact rational matrix is decided
exactly (LDL^T over the rationals), however small its smallest eigenvalue.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from .._errors import InvalidArgument
import mpmath

from ._arb import bits_for, exact_rational, flint, precision, to_arb
from ._precision import context


def _square(rows) -> int:
    n = len(rows)
    if n == 0 or any(len(r) != n for r in rows):
        raise InvalidArgument("a non-empty square matrix is needed")
    return n


def _mp_entry(ctx, x):
    """A matrix entry as an mpf of `ctx`: a rational (int, Fraction, SymPy Rational, decimal or p/q string) is
    converted exactly and rounded once; anything else (mpf, SymPy constants) by mpmath."""
    if isinstance(x, (Fraction, str)):
        q = exact_rational(x)
        return ctx.mpf(int(q.p)) / int(q.q)
    if isinstance(x, sympy.Rational):
        return ctx.mpf(int(x.p)) / int(x.q)
    return ctx.mpf(x)


def _rows(matrix) -> list[list]:
    if isinstance(matrix, sympy.MatrixBase):
        return [[matrix[i, j] for j in range(matrix.cols)] for i in range(matrix.rows)]
    if hasattr(matrix, "rows") and hasattr(matrix, "cols") and not isinstance(matrix, list):   # mpmath matrix
        return [[matrix[i, j] for j in range(matrix.cols)] for i in range(matrix.rows)]
    return [list(r) for r in matrix]


def eigvalsh(matrix_rows, *, dps: int):
    """Ascending eigenvalues of a real symmetric matrix given as rows of exact numbers or mpf (mpmath eigsy;
    no certificate: use `eigen_enclosures` for signs)."""
    rows = _rows(matrix_rows)
    ctx = context(dps)
    n = _square(rows)
    M = ctx.matrix(n, n)
    for i, row in enumerate(rows):
        for j, x in enumerate(row):
            M[i, j] = _mp_entry(ctx, x)
    for i in range(n):
        for j in range(i):
            if abs(M[i, j] - M[j, i]) > ctx.mpf(10) ** (-(dps - 5)) * (1 + abs(M[i, j])):
                raise InvalidArgument(f"matrix is not symmetric at ({i}, {j})")
    E = ctx.eigsy(M, eigvals_only=True)
    return sorted(E[i] for i in range(n))


def _entry(x):
    """A matrix entry as a ball: exact for rationals and binary floats; SymPy constants
    (sqrt(2), exp(-3)) are enclosed at the working precision."""
    return to_arb(x)


@dataclass(frozen=True)
class EigenEnclosure:
    """Certified enclosures of the eigenvalues of a real symmetric matrix (ascending by midpoint).

    `balls` are Arb balls (each contains an eigenvalue; with `clustered`, a ball may contain
    several); `bits` is the precision at which they closed."""

    balls: tuple
    bits: int
    clustered: bool
    method: str = "Arb acb_mat.eig"

    @property
    def radius(self) -> float:
        return max(float(b.rad()) for b in self.balls)

    def mids(self, dps: int):
        ctx = context(dps)
        return [ctx.mpf(b.mid().str(dps + 5, radius=False)) for b in self.balls]

    def count(self, sign: str) -> int | None:
        """How many eigenvalues are certainly positive/negative/zero-free...; None when a ball straddles 0
        (the count is then not certain)."""
        if any(b.contains(0) for b in self.balls if not b.is_zero()):
            return None
        if sign == "positive":
            return sum(1 for b in self.balls if b > 0)
        if sign == "negative":
            return sum(1 for b in self.balls if b < 0)
        raise InvalidArgument(f"sign must be positive or negative, got {sign!r}")


def eigen_enclosures(matrix, *, dps: int = 30, max_bits: int = 16384, sign_bits: int = 4096) -> EigenEnclosure | None:
    """Arb enclosures of all eigenvalues (ascending), never an uncertified value.

    1. Arb isolates every eigenvalue (`acb_mat.eig`), the precision doubling from `dps` digits
       (up to 4 times); while a ball still contains 0 it keeps rising up to `sign_bits` (an
       eigenvalue of 1e-86 needs ~300 bits for its sign).
    2. Clusters and exact multiplicities, which Arb cannot isolate: Weyl/Ostrowski bounds around an
       mpmath eigendecomposition, verified in Arb (`weyl_enclosures`), tight for each eigenvalue.
    3. Arb's cluster enclosures (`multiple=True`), wide but certain.
    None when none of these closes (say inconclusive, never guess).
    """
    fl = flint()
    rows = _rows(matrix)
    n = _square(rows)
    bits, tries = bits_for(dps), 0
    while bits <= max_bits:
        with precision(bits):
            M = _arb_matrix(rows)
            try:
                found = _real_spectrum(fl.acb_mat(M).eig(), bits, False)
            except ValueError:
                found = None
        if found is not None:
            if found.count("positive") is None and 2 * bits <= min(sign_bits, max_bits):
                bits *= 2
                continue
            return found
        tries += 1
        if tries >= 4:
            break
        bits *= 2
    weyl = weyl_enclosures(rows, dps=dps)
    if weyl is not None and all(b.is_finite() for b in weyl.balls):
        return weyl
    with precision(min(bits, max_bits)):
        try:
            return _real_spectrum(fl.acb_mat(_arb_matrix(rows)).eig(multiple=True), bits, True)
        except ValueError:
            return None


def _arb_matrix(rows):
    fl = flint()
    n = len(rows)
    M = fl.arb_mat([[_entry(x) for x in r] for r in rows])
    for i in range(n):
        for j in range(i):
            if not M[i, j].overlaps(M[j, i]):
                raise InvalidArgument(f"matrix is not symmetric at ({i}, {j})")
    return M


def _real_spectrum(eig, bits: int, clustered: bool) -> EigenEnclosure | None:
    """Real parts of Arb's eigenvalue balls (a symmetric matrix has a real spectrum), ascending."""
    reals = [z.real for z in eig]
    if not (all(b.is_finite() for b in reals) and all(z.imag.contains(0) for z in eig)):
        return None
    order = sorted(range(len(reals)), key=lambda q: float(reals[q].mid()))
    return EigenEnclosure(tuple(reals[q] for q in order), bits, clustered, "Arb (python-flint) acb_mat.eig")


def weyl_enclosures(matrix, *, dps: int = 30) -> EigenEnclosure | None:
    """Certified enclosures of the sorted eigenvalues from an uncertified eigendecomposition.

    mpmath's eigsy gives V, Lambda; Arb then bounds, rigorously: G = V^T M V = diag(G) + F, so the
    k-th eigenvalue of G is within ||F||_F of the k-th smallest diagonal entry (Weyl), and
    lambda_k(M) = lambda_k(G) / theta_k with theta_k in the spectrum range of V^T V, within
    ||V^T V - I||_F of 1 (Ostrowski). Works for clusters and exact multiplicities, where Arb's
    isolation fails. None when V is too far from orthogonal to conclude.
    """
    fl = flint()
    rows = _rows(matrix)
    n = _square(rows)
    bits = bits_for(dps)
    ctx = context(dps + 10)
    M = ctx.matrix(n, n)
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            M[i, j] = _mp_entry(ctx, x)
    _, V = ctx.eigsy(M)
    with precision(bits + 64):
        A = fl.arb_mat([[_entry(x) for x in r] for r in rows])
        Vb = fl.arb_mat([[to_arb(V[i, j]) for j in range(n)] for i in range(n)])
        G = Vb.transpose() * A * Vb
        D = Vb.transpose() * Vb - fl.arb_mat(n, n, [1 if i == j else 0 for i in range(n) for j in range(n)])
        def frob(X, off=False):
            """An upper bound of the Frobenius norm (of the off-diagonal part), as an exact ball."""
            total = fl.arb(0)
            for i in range(n):
                for j in range(n):
                    if not (off and i == j):
                        total += fl.arb(X[i, j].abs_upper()) ** 2
            return fl.arb(total.sqrt().upper())

        f, delta = frob(G, off=True), frob(D)
        if not delta < 1:
            return None
        lows = sorted((G[k, k] - f).lower() for k in range(n))
        highs = sorted((G[k, k] + f).upper() for k in range(n))
        theta = (1 - delta).union(1 + delta)
        balls = []
        for lo, hi in zip(lows, highs):
            balls.append(lo.union(hi) / theta)      # Arb division encloses every quotient
    return EigenEnclosure(tuple(balls), bits, True, "mpmath eigsy + Arb Weyl/Ostrowski bounds")


def eigvalsh_enclosed(matrix_rows, *, dps: int):
    """Ascending eigenvalue midpoints with the largest certified radius: (values, radius, backend).

    Raises InvalidArgument when Arb cannot enclose the spectrum at any precision tried (never
    falls back to an uncertified value)."""
    enc = eigen_enclosures(matrix_rows, dps=dps)
    if enc is None:
        raise InvalidArgument("Arb could not enclose the eigenvalues up to 16384 bits: no certified spectrum")
    backend = f"{enc.method} at {enc.bits} bits" + (", clusters enclosed together" if enc.clustered else "")
    return enc.mids(dps), enc.radius, backend


def _exact_entries(rows):
    """Entries as exact fmpq when every one is rational (an mpf or SymPy Float is the binary
    rational it stores); None when some entry is irrational (sqrt(2), exp(-3))."""
    fl = flint()
    out = []
    for r in rows:
        row = []
        for x in r:
            if isinstance(x, (int, Fraction, str)) or isinstance(x, sympy.Rational):
                q = exact_rational(x)
                row.append(fl.fmpq(int(q.p), int(q.q)))
            elif isinstance(x, (mpmath.mpf, sympy.Float)) or type(x).__name__ == "mpf":
                sign, man, exp, _ = x._mpf_
                if not man and exp:          # inf / nan
                    raise InvalidArgument(f"matrix entry {x} is not finite")
                q = fl.fmpq(int(man)) * (fl.fmpq(2) ** int(exp)) if man else fl.fmpq(0)
                row.append(-q if sign else q)
            else:
                return None
        out.append(row)
    return out


@dataclass(frozen=True)
class Definiteness:
    """The certified answer to "is this symmetric matrix positive (negative) definite?"."""

    decided: bool             # False: not certain either way
    definite: bool            # meaningful only when decided
    method: str
    detail: str


def certify_definite(matrix, *, sign: str = "positive", dps: int = 30) -> Definiteness:
    """Positive (or negative) definiteness, certified.

    Rational entries (int, Fraction, SymPy Rational, decimal strings, and mpf or SymPy Float
    at the binary value they store): LDL^T over the rationals (all pivots > 0 iff positive definite), exact
    however small the eigenvalues. Other entries (mpf, SymPy constants): Arb eigenvalue enclosures
    at rising precision; undecided when a ball straddles 0.
    """
    if sign not in ("positive", "negative"):
        raise InvalidArgument(f"sign must be 'positive' or 'negative', got {sign!r}")
    rows = _rows(matrix)
    n = _square(rows)
    exact = _exact_entries(rows)
    if exact is not None:
        for i in range(n):
            for j in range(i):
                if exact[i][j] != exact[j][i]:
                    raise InvalidArgument(f"matrix is not symmetric at ({i}, {j})")
        A = [[(x if sign == "positive" else -x) for x in r] for r in exact]
        for k in range(n):                              # Gaussian elimination = LDL^T for symmetric A
            pivot = A[k][k]
            if not pivot > 0:
                return Definiteness(True, False, "exact LDL^T over the rationals",
                                    f"pivot {k + 1} is {pivot} (not > 0)")
            for i in range(k + 1, n):
                f = A[i][k] / pivot
                for j in range(k + 1, n):
                    A[i][j] -= f * A[k][j]
        return Definiteness(True, True, "exact LDL^T over the rationals", f"all {n} pivots are > 0")
    enc = eigen_enclosures(rows, dps=dps)
    if enc is None:
        return Definiteness(False, False, "Arb eigenvalue enclosures", "no precision up to 16384 bits closed")
    wanted = [b > 0 if sign == "positive" else b < 0 for b in enc.balls]
    against = [b < 0 if sign == "positive" else b > 0 for b in enc.balls]
    extreme = enc.balls[0] if sign == "positive" else enc.balls[-1]
    detail = f"extreme eigenvalue in {extreme.str(10)} ({enc.bits} bits)"
    if all(wanted):
        return Definiteness(True, True, "Arb eigenvalue enclosures", detail)
    if any(against):
        return Definiteness(True, False, "Arb eigenvalue enclosures", detail)
    return Definiteness(False, False, "Arb eigenvalue enclosures", detail + ": a ball contains 0")


__all__ = ["Definiteness", "EigenEnclosure", "certify_definite", "eigen_enclosures", "eigvalsh", "eigvalsh_enclosed",
           "weyl_enclosures"]
