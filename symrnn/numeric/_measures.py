"""Discrete probability measures on the real line with exact rational atoms and weights.

Moments, exact p-Wasserstein distances (W_p^p is rational for integer p), the divided-difference
weights that build two measures agreeing on their first moments, and the moment-matching linear
program (how far the higher moments of a nonnegative measure on a grid can move once its first
k moments are fixed).

Everything that decides a verdict is exact (fractions.Fraction); the linear program is a float
screen (SciPy HiGHS) whose optimal vertices are re-checked exactly by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from .._errors import InvalidArgument


def _frac(v) -> Fraction:
    if isinstance(v, float):
        raise InvalidArgument(f"measures take exact numbers (int, Fraction or a decimal string), got the float {v!r}")
    return Fraction(v) if not isinstance(v, Fraction) else v


@dataclass(frozen=True)
class DiscreteMeasure:
    """sum_i weights[i] * delta_{atoms[i]} with exact rational atoms and nonnegative weights.

    Equal atoms are merged and zero weights dropped on construction, so two measures are equal
    exactly when their (atoms, weights) tuples are.

    >>> mu = DiscreteMeasure.of([0, 1], ["1/2", "1/2"])
    >>> mu.moment(2)
    Fraction(1, 2)
    >>> DiscreteMeasure.of([0], [-1])
    Traceback (most recent call last):
    ...
    symrnn._errors.InvalidArgument: a measure needs nonnegative weights, got -1 at atom 0
    """

    atoms: tuple[Fraction, ...]
    weights: tuple[Fraction, ...]

    @classmethod
    def of(cls, atoms: Iterable, weights: Iterable) -> "DiscreteMeasure":
        atoms, weights = [_frac(a) for a in atoms], [_frac(w) for w in weights]
        if len(atoms) != len(weights):
            raise InvalidArgument(f"got {len(atoms)} atoms but {len(weights)} weights")
        merged: dict[Fraction, Fraction] = {}
        for a, w in zip(atoms, weights):
            if w < 0:
                raise InvalidArgument(f"a measure needs nonnegative weights, got {w} at atom {a}")
            merged[a] = merged.get(a, Fraction(0)) + w
        items = sorted((a, w) for a, w in merged.items() if w != 0)
        return cls(tuple(a for a, _ in items), tuple(w for _, w in items))

    @property
    def mass(self) -> Fraction:
        return sum(self.weights, Fraction(0))

    def normalized(self) -> "DiscreteMeasure":
        m = self.mass
        if m == 0:
            raise InvalidArgument("the zero measure cannot be normalized")
        return DiscreteMeasure(self.atoms, tuple(w / m for w in self.weights))

    def moment(self, j: int) -> Fraction:
        """int x^j dmu = sum_i p_i a_i^j (j >= 0; 0^0 = 1)."""
        return sum((w * a ** j for a, w in zip(self.atoms, self.weights)), Fraction(0))

    def moments(self, n: int) -> list[Fraction]:
        return [self.moment(j) for j in range(n)]

    @property
    def support_size(self) -> int:
        return len(self.atoms)


def wasserstein_pp(mu: DiscreteMeasure, nu: DiscreteMeasure, p: int) -> Fraction:
    """W_p(mu, nu)^p for probability measures on R, exactly: int_0^1 |F^{-1}(u) - G^{-1}(u)|^p du.

    On R the monotone (quantile) coupling is optimal for every p >= 1; between two discrete
    measures both quantile functions are step functions, so the integral is a finite sum over
    the merged breakpoints of the two CDFs.

    >>> wasserstein_pp(DiscreteMeasure.of([0], [1]), DiscreteMeasure.of([0, 2], ["1/2", "1/2"]), 2)
    Fraction(2, 1)
    """
    if not isinstance(p, int) or p < 1:
        raise InvalidArgument(f"p must be an integer >= 1 for an exact W_p^p, got {p!r}")
    if mu.mass != 1 or nu.mass != 1:
        raise InvalidArgument(f"W_p needs probability measures, got masses {mu.mass} and {nu.mass}; normalize first")
    i = j = 0
    left_mu, left_nu = mu.weights[0], nu.weights[0]   # remaining mass of the current atoms
    total = Fraction(0)
    while i < len(mu.atoms) and j < len(nu.atoms):
        step = min(left_mu, left_nu)
        total += step * abs(mu.atoms[i] - nu.atoms[j]) ** p
        left_mu -= step
        left_nu -= step
        if left_mu == 0:
            i += 1
            left_mu = mu.weights[i] if i < len(mu.atoms) else Fraction(0)
        if left_nu == 0:
            j += 1
            left_nu = nu.weights[j] if j < len(nu.atoms) else Fraction(0)
    return total


def wasserstein(mu: DiscreteMeasure, nu: DiscreteMeasure, p: int, *, dps: int = 50):
    """W_p(mu, nu) as an mpmath number at `dps` digits (the p-th root of the exact W_p^p)."""
    from ._precision import context

    ctx = context(dps)
    v = wasserstein_pp(mu, nu, p)
    return ctx.root(ctx.mpf(v.numerator) / v.denominator, p)


def support_diameter(*measures: DiscreteMeasure) -> Fraction:
    """max |x - y| over the union of the supports (the gamma of a Wasserstein comparison)."""
    pts = [a for m in measures for a in m.atoms]
    return max(pts) - min(pts)


def divided_difference_weights(points: Sequence) -> list[Fraction]:
    """c_j = 1 / prod_{i != j} (x_j - x_i) for distinct points x_0..x_{n-1}.

    sum_j c_j P(x_j) is the (n-1)-st divided difference of P: zero for deg P <= n-2 and the
    leading coefficient for deg P = n-1 (so sum_j c_j x_j^{n-1} = 1).
    """
    xs = [_frac(x) for x in points]
    if len(set(xs)) != len(xs):
        raise InvalidArgument(f"divided differences need distinct points, got {xs}")
    out = []
    for j, xj in enumerate(xs):
        den = Fraction(1)
        for i, xi in enumerate(xs):
            if i != j:
                den *= xj - xi
        out.append(1 / den)
    return out


def moment_matching_pair(points: Sequence) -> tuple[DiscreteMeasure, DiscreteMeasure]:
    """Two probability measures, on alternate points of `points` (n = len(points) sorted distinct
    points), that agree on their moments 0..n-2 and differ on moment n-1.

    The positive and negative parts of the divided-difference weights, each normalized: sum_j c_j
    x_j^m = 0 for m <= n-2 says exactly that the two parts have equal moments 0..n-2, and
    sum_j c_j x_j^{n-1} = 1 that their (n-1)-st moments differ by 1/(their common mass).
    """
    xs = sorted(_frac(x) for x in points)
    c = divided_difference_weights(xs)
    plus = DiscreteMeasure.of([x for x, w in zip(xs, c) if w > 0], [w for w in c if w > 0])
    minus = DiscreteMeasure.of([x for x, w in zip(xs, c) if w < 0], [-w for w in c if w < 0])
    return plus.normalized(), minus.normalized()


@dataclass(frozen=True)
class MomentRange:
    """The range of moment q over nonnegative measures on a grid matching given moments 0..k-1."""

    q: int
    lo: float
    hi: float
    feasible: bool

    @property
    def spread(self) -> float:
        return self.hi - self.lo


def moment_range(grid: Sequence, moments: Sequence, q: int) -> MomentRange:
    """min and max of int x^q dnu over nonnegative nu supported on `grid` with int x^j dnu = moments[j]
    for j < len(moments) (SciPy HiGHS, scaled rows; a float screen, not a certificate)."""
    import numpy as np
    from scipy.optimize import linprog

    xs = np.array([float(_frac(x)) for x in grid])
    k = len(moments)
    A = np.vstack([xs ** j for j in range(k)])
    b = np.array([float(_frac(m)) for m in moments])
    scale = np.maximum(1.0, np.abs(A).max(axis=1))
    A, b = A / scale[:, None], b / scale
    c = xs ** q
    res_lo = linprog(c, A_eq=A, b_eq=b, bounds=[(0, None)] * len(xs), method="highs")
    res_hi = linprog(-c, A_eq=A, b_eq=b, bounds=[(0, None)] * len(xs), method="highs")
    if res_lo.status != 0 or res_hi.status != 0:
        return MomentRange(q, float("nan"), float("nan"), False)
    return MomentRange(q, float(res_lo.fun), float(-res_hi.fun), True)
