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
    # local minimisation from the worst points (points outside the margin's domain count as +inf)
    import numpy as np

    for _, u0 in sorted(pool, key=lambda p: p[0])[:starts]:
        with np.errstate(invalid="ignore", over="ignore"):
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


def real_value(value, *, digits: int = 30):
    """The real part of an mpmath value when it is real (an mpc whose imaginary part is negligible
    against 10^-(digits - 5) of its size); None when the value is not real: the point lies outside the
    real domain of the expression (a negative base to a real power, a log of a negative number)."""
    if hasattr(value, "imag") and not isinstance(value, (int, float)) and type(value).__name__ == "mpc":
        re, im = value.real, value.imag
        if abs(im) <= abs(re) * 10.0 ** -(digits - 5) or im == 0:
            return re
        return None
    if isinstance(value, complex):
        return value.real if value.imag == 0 else None
    return value


def simplest_violation(gap, syms, point: dict, strict: bool, *, base: dict | None = None,
                       integers=(), bounds: dict | None = None) -> dict | None:
    """A simple exact counterexample near the start of the violation set, not at the edge of the domain.

    Along the segment from `base` (the domain's simplest corner) to the worst `point`, bisection finds
    where the violation starts; points a little beyond it are rounded to rationals with the smallest
    denominators (integer variables, named in `integers`, to integers inside `bounds`) and decided
    exactly by SymPy; a point where rhs - lhs is not real is no counterexample. Returns the simplest
    violating point (strings) or None."""
    import sympy

    ints = {str(s) for s in integers}

    def violates(pt: dict) -> bool:
        value = gap.xreplace({x: pt[str(x)] for x in syms})
        if value.is_extended_real is False or value.has(sympy.zoo, sympy.nan):
            return False
        try:
            return bool(value <= 0) if strict else bool(value < 0)
        except TypeError:          # SymPy cannot decide the sign exactly: evaluate at 60 digits
            v = sympy.N(value, 60)
            re, im = v.as_real_imag()
            if not (im == 0 or abs(im) < sympy.Float(10) ** -50 * max(1, abs(re))):
                return False
            try:
                return bool(re <= 0) if strict else bool(re < 0)
            except TypeError:
                return False

    def snap(k: str, v: float, limit: int):
        if k in ints:
            n = round(v)
            if bounds is not None:
                lo, hi = bounds[k]
                if lo.is_finite and n < lo:
                    n = int(sympy.ceiling(lo))
                if hi.is_finite and n > hi:
                    n = int(sympy.floor(hi))
            return sympy.Integer(n)
        return sympy.Rational(str(Fraction(v).limit_denominator(limit)))

    def at(s: float) -> dict:
        return {k: (base[k] + s * (point[k] - base[k])) for k in point}

    names = [k for k in point if k in ints]
    if base is not None and names and len(names) <= 3:
        # the first integer points from the simplest corner, in order of distance (real variables at the worst point)
        import itertools

        offsets = sorted(itertools.product(range(-6, 7), repeat=len(names)), key=lambda o: (sum(map(abs, o)), o))
        for off in offsets[:400]:
            pt = {**point, **{k: base[k] + o for k, o in zip(names, off)}}
            if bounds is not None and not all(
                    (bounds[k][0] <= pt[k] or not bounds[k][0].is_finite) and (pt[k] <= bounds[k][1] or not bounds[k][1].is_finite)
                    for k in pt):
                continue
            for limit in (1, 10, 1000, 10 ** 6):
                exact = {k: snap(k, v, limit) for k, v in pt.items()}
                if violates(exact):
                    return {k: str(v) for k, v in exact.items()}
                if len(names) == len(point):
                    break
    lo_s, hi_s = 0.0, 1.0
    if base is not None and violates({k: snap(k, v, 10 ** 12) for k, v in at(0.0).items()}):
        hi_s = 0.0
    elif base is not None:
        for _ in range(60):
            mid = (lo_s + hi_s) / 2
            if violates({k: snap(k, v, 10 ** 12) for k, v in at(mid).items()}):
                hi_s = mid
            else:
                lo_s = mid
    else:
        base = dict(point)
    best = None
    steps = [min(1.0, hi_s * (1 + frac)) for frac in (1e-3, 1e-2, 0.1, 0.5, 1.0)] if hi_s > 0 else [0.0]
    for s in steps + [1.0]:
        raw = at(s)
        for limit in (1, 2, 4, 10, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 9, 10 ** 12):
            exact = {k: snap(k, v, limit) for k, v in raw.items()}
            if violates(exact):
                size = (max(int(q.q) for q in exact.values()), max(abs(int(q.p)) for q in exact.values()))
                if best is None or size < best[0]:
                    best = (size, exact)
                break
    return None if best is None else {k: str(v) for k, v in best[1].items()}
