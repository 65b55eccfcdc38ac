"""Adversarial search for violations of an inequality `margin(point) >= 0`.

Three searches over the whole domain the statement allows, each reporting the smallest margin:
a seeded random design (log-uniform for positive scales), multi-start local minimisation of the
margin (SciPy Nelder-Mead from the worst design points), and Hypothesis with shrinking. A point
with a negative margin is only a *candidate*: the caller re-verifies it (higher precision or an
independent evaluation) before anything is called a refutation.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .._errors import InvalidArgument


@dataclass(frozen=True)
class Variable:
    """A coordinate of the search domain: [lo, hi], sampled log-uniformly when `log` (lo > 0)."""

    lo: float
    hi: float
    log: bool = False

    def __post_init__(self):
        if not (self.lo < self.hi) or (self.log and self.lo <= 0):
            raise InvalidArgument(f"bad search interval [{self.lo}, {self.hi}] (log={self.log})")

    def to_unit(self, x: float) -> float:
        """x in [lo, hi] -> [0, 1] (logarithmically when `log`)."""
        return (math.log(x) - math.log(self.lo)) / (math.log(self.hi) - math.log(self.lo)) if self.log \
            else (x - self.lo) / (self.hi - self.lo)

    def from_unit(self, u: float) -> float:
        """[0, 1] -> [lo, hi], the inverse of `to_unit` (clamped)."""
        u = min(max(u, 0.0), 1.0)
        return math.exp(math.log(self.lo) + u * (math.log(self.hi) - math.log(self.lo))) if self.log \
            else self.lo + u * (self.hi - self.lo)


@dataclass(frozen=True)
class SearchResult:
    worst_margin: float
    worst_point: dict
    evaluations: int
    candidate: dict | None          # a point with margin < 0 (to be re-verified), else None

    def describe(self) -> str:
        pt = ", ".join(f"{k}={v:.6g}" for k, v in self.worst_point.items())
        return f"smallest margin {self.worst_margin:.6g} at {pt} over {self.evaluations} evaluations"


def search_inequality(margin: Callable[[dict], float], space: dict[str, Variable], *, seed: int = 0,
                      design: int = 200, starts: int = 8, iterations: int = 200,
                      hypothesis_examples: int = 200, dps: int | None = None) -> SearchResult:
    """Minimise margin over `space`; return the worst point found and any candidate violation.

    Arguments:
        margin: point (dict name -> float) -> the margin rhs - lhs; the inequality says margin >= 0.
        space: the domain, name -> `Variable(lo, hi, log=...)`.
        seed, design, starts, iterations, hypothesis_examples: the three searches' sizes.
        dps: decimal digits under which `margin` runs (mpmath.workdps; the global precision is restored
            afterwards). A margin written with mpmath's global functions at its default 15 digits can
            show a false violation wherever the two sides agree to more digits than that: pass the
            precision the claim needs (`ctx.dps` inside a check), or use `ctx.inequality`.
    Returns:
        A `SearchResult`: the smallest margin, where, how many evaluations, and a candidate violation
        (to be re-verified by the caller) or None.
    Raises:
        InvalidArgument: dps below 15.

    Example (a true inequality, ((1 + 10^-20) - 1) 10^20 = 1 >= x/2 on [0, 1], that 15 digits get wrong):
        >>> import mpmath
        >>> space = {"x": Variable(0.0, 1.0)}
        >>> f = lambda p: ((1 + mpmath.mpf(10) ** -20) - 1) * mpmath.mpf(10) ** 20 - mpmath.mpf(p["x"]) / 2
        >>> search_inequality(f, space, design=10, starts=1, iterations=5, hypothesis_examples=5).candidate
        {'x': 1.0}
        >>> search_inequality(f, space, design=10, starts=1, iterations=5, hypothesis_examples=5, dps=30).candidate is None
        True
    """
    import hypothesis
    from hypothesis import strategies as st
    from scipy.optimize import minimize

    if dps is not None and dps < 15:
        raise InvalidArgument(f"dps must be at least 15 (double precision is ~16 digits), got {dps}")
    if dps is not None:
        import mpmath

        with mpmath.workdps(dps):
            return search_inequality(margin, space, seed=seed, design=design, starts=starts, iterations=iterations,
                                     hypothesis_examples=hypothesis_examples)
    names = list(space)
    rng = random.Random(seed)
    evaluations = 0
    best = (math.inf, None)

    def at_unit(u):
        return {k: float(space[k].from_unit(float(x))) for k, x in zip(names, u)}

    def evaluate(point):
        nonlocal evaluations, best
        evaluations += 1
        try:
            value = float(margin(point))
        except (ArithmeticError, ValueError):
            return math.inf
        if math.isnan(value):
            return math.inf
        if value < best[0]:
            best = (value, dict(point))
        return value

    # corners and a random design
    pool = []
    for corner in range(2 ** min(len(names), 6)):
        u = [float((corner >> q) & 1) for q in range(len(names))]
        pool.append((evaluate(at_unit(u)), u))
    for _ in range(design):
        u = [rng.random() for _ in names]
        pool.append((evaluate(at_unit(u)), u))
    # local minimisation from the worst points
    for _, u0 in sorted(pool, key=lambda p: p[0])[:starts]:
        minimize(lambda u: evaluate(at_unit(u)), u0, method="Nelder-Mead",
                 options={"maxiter": iterations, "xatol": 1e-10, "fatol": 1e-14})
    # Hypothesis: shrinks towards simple points (rationals with small denominators)
    unit = st.fractions(Fraction(0), Fraction(1), max_denominator=1000)
    strategy = st.tuples(*[unit for _ in names])
    # only while no violation is known: shrinking (and Hypothesis's explain phase) after a violation
    # is already certain costs minutes and adds nothing the caller's re-check does not
    settings = hypothesis.settings(max_examples=hypothesis_examples, derandomize=True, database=None, deadline=None,
                                   suppress_health_check=list(hypothesis.HealthCheck),
                                   phases=(hypothesis.Phase.generate, hypothesis.Phase.shrink))
    if best[0] >= 0:
        try:
            hypothesis.find(strategy, lambda u: evaluate(at_unit([float(x) for x in u])) < 0, settings=settings)
        except hypothesis.errors.NoSuchExample:
            pass
    value, point = best
    return SearchResult(value, point or {}, evaluations, dict(point) if value < 0 else None)
