"""Explicit precision (G6): private mpmath contexts, exact inputs, agreement across precisions."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable

import mpmath
import sympy

from .._errors import InvalidArgument


_PRECISION_LOG = {"max": 0}      # per process, reset before each check (execute_check): the largest dps requested


def context(dps: int) -> mpmath.MPContext:
    """A private mpmath context at `dps` digits (never the global `mpmath.mp`)."""
    if not isinstance(dps, int) or dps < 15:
        raise InvalidArgument(f"dps must be an integer >= 15, got {dps!r}")
    ctx = mpmath.MPContext()
    ctx.dps = dps
    _PRECISION_LOG["max"] = max(_PRECISION_LOG["max"], dps)
    return ctx


def precision_log(reset: bool = False) -> int:
    """The largest dps requested through `context` since the last reset (0: none)."""
    value = _PRECISION_LOG["max"]
    if reset:
        _PRECISION_LOG["max"] = 0
    return value


def exact(value, name: str = "value") -> sympy.Rational:
    """An exact rational from an int, Fraction, SymPy rational or decimal string; floats and NaN refused."""
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            raise InvalidArgument(f"{name} is {value}; pass a finite exact number such as '0.1' or '1/10'")
        raise InvalidArgument(f"{name}={value!r} is a float; pass it exactly as a string ('{value!r}') or a Fraction")
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    try:
        if isinstance(value, str):
            from .._values import parse_number      # read as data, never run as code

            return parse_number(value, name=name)
        r = sympy.sympify(value)
    except (TypeError, ValueError, sympy.SympifyError) as exc:
        raise InvalidArgument(f"{name}={value!r} is not a finite exact number (write it as 'p/q' or a decimal string)") from exc
    if r.has(sympy.nan) or r.has(sympy.zoo) or r.has(sympy.oo) or r.has(-sympy.oo):
        raise InvalidArgument(f"{name} is {r}; pass a finite exact number")
    if not r.is_Rational:
        raise InvalidArgument(f"{name}={value!r} is not rational; pass a decimal string or p/q")
    return r


def to_mpf(ctx: mpmath.MPContext, value):
    """Exact rational -> ctx.mpf, rounded once at ctx's precision."""
    r = exact(value)
    return ctx.mpf(int(r.p)) / ctx.mpf(int(r.q))


def agree(f: Callable[[mpmath.MPContext], object], *, dps: int, digits: int | None = None):
    """Evaluate f at dps and 2*dps; return the higher-precision value if both agree to
    `digits` (default dps - 10) significant digits, else raise with the precision reached."""
    lo, hi = f(context(dps)), f(context(2 * dps))
    digits = digits if digits is not None else dps - 10
    ctx = context(2 * dps)
    a, b = ctx.mpf(lo), ctx.mpf(hi)
    if abs(a - b) <= ctx.mpf(10) ** (-digits) * max(abs(b), ctx.mpf(10) ** (-2 * dps)):
        return hi
    raise InvalidArgument(f"no agreement to {digits} digits between dps={dps} and dps={2 * dps} "
                          f"({mpmath.nstr(a, 15)} vs {mpmath.nstr(b, 15)}); try a larger dps")
