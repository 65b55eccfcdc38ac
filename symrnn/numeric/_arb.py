"""Arb balls (python-flint) from exact numbers and from SymPy expressions.

Every conversion here is exact or outward-rounded: an int, Fraction, SymPy Rational or decimal
string becomes an exact `fmpq`; an mpmath mpf becomes its binary value exactly; a SymPy Float is
taken at its binary value. A SymPy expression is compiled once into a function of balls, so that
`f(box)` encloses every value of the expression over the box (interval extension): the basis of
certified signs, branch and bound, and independent re-checks of witnesses.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import operator
from fractions import Fraction
from typing import Callable

import mpmath
import sympy

from .._errors import InvalidArgument, MissingDependency


def flint():
    """The python-flint module, or a clear error naming the install."""
    try:
        import flint as _flint
    except ImportError as exc:  # pragma: no cover - python-flint is a dependency
        raise MissingDependency("certified enclosures need python-flint (pip install python-flint)") from exc
    return _flint


@contextlib.contextmanager
def precision(bits: int):
    """Set Arb's working precision (bits) for the block; restored afterwards."""
    fl = flint()
    old = fl.ctx.prec
    fl.ctx.prec = int(bits)
    try:
        yield
    finally:
        fl.ctx.prec = old


def bits_for(dps: int) -> int:
    return int(math.ceil(dps * 3.33)) + 16


def exact_rational(value) -> sympy.Rational:
    """An exact rational from int, Fraction, SymPy Rational, or a decimal/`p/q` string; anything
    inexact (float, NaN, irrational) is refused with a message."""
    if isinstance(value, bool):
        raise InvalidArgument(f"{value!r} is a bool, not a number")
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, sympy.Rational):
        return value
    if isinstance(value, str):
        from .._values import parse_number          # read as data, never run as code

        return parse_number(value)
    raise InvalidArgument(f"{value!r} ({type(value).__name__}) is not an exact rational")


def to_arb(value):
    """A ball that certainly contains `value`: exact for rationals, mpf and SymPy Floats; balls pass
    through; exact SymPy constants (pi, sqrt(2), exp(1)) are enclosed at the working precision."""
    fl = flint()
    if isinstance(value, fl.arb):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidArgument(f"{value} is not a finite number")
        return _from_mpf_tuple(mpmath.mpf(value)._mpf_)
    if isinstance(value, mpmath.mpf) or type(value).__name__ == "mpf":
        if not mpmath.isfinite(value):
            raise InvalidArgument(f"{value} is not a finite number")
        return _from_mpf_tuple(value._mpf_)
    if isinstance(value, (int, Fraction, str)) or isinstance(value, sympy.Rational):
        r = exact_rational(value)
        return fl.arb(fl.fmpq(int(r.p), int(r.q)))
    if isinstance(value, sympy.Basic):
        expr = sympy.sympify(value)
        if expr.free_symbols:
            raise InvalidArgument(f"to_arb: {expr} has free symbols {sorted(map(str, expr.free_symbols))}")
        return compile_arb(expr, ())()
    raise InvalidArgument(f"cannot enclose {value!r} ({type(value).__name__}) in a ball")


def _from_mpf_tuple(raw):
    """The exact binary value of an mpmath raw tuple (sign, mantissa, exponent, bits)."""
    fl = flint()
    sign, man, exp, _ = raw
    if not man:
        return fl.arb(0)
    ball = fl.arb((fl.fmpz(int(man)), fl.fmpz(int(exp))))       # man * 2^exp, exactly
    return -ball if sign else ball


def interval(lo, hi):
    """The ball [lo, hi] for exact endpoints lo <= hi."""
    a, b = to_arb(lo), to_arb(hi)
    if a > b:
        raise InvalidArgument(f"empty interval [{lo}, {hi}]")
    return a.union(b)


def _unary(name: str) -> Callable:
    return lambda x: getattr(x, name)()


# SymPy function -> ball function (each is an interval extension in Arb)
_FUNCTIONS: dict[type, Callable] = {
    sympy.exp: _unary("exp"), sympy.log: _unary("log"), sympy.sin: _unary("sin"), sympy.cos: _unary("cos"),
    sympy.tan: _unary("tan"), sympy.tanh: _unary("tanh"), sympy.sinh: _unary("sinh"), sympy.cosh: _unary("cosh"),
    sympy.atan: _unary("atan"), sympy.asin: _unary("asin"), sympy.acos: _unary("acos"), sympy.erf: _unary("erf"),
    sympy.erfc: _unary("erfc"), sympy.gamma: _unary("gamma"), sympy.Abs: lambda x: abs(x),
    sympy.sign: lambda x: x.sgn(),          # the derivative of Abs
}


def _pow(base, exponent_expr, exponent):
    fl = flint()
    if exponent_expr.is_Integer:
        k = int(exponent_expr)
        if k >= 0:
            return base ** k
        return 1 / base ** (-k)
    if exponent_expr == sympy.Rational(1, 2):
        return base.sqrt()
    if exponent_expr == -sympy.Rational(1, 2):
        return base.rsqrt()
    # an exponent ball that is exactly one integer (an integer variable at an integer point): a power of any base
    if exponent.is_exact():
        k = exponent.unique_fmpz()
        if k is not None:
            k = int(k)
            return base ** k if k >= 0 else 1 / base ** (-k)
    # general real power of a positive base; a base that may be <= 0 gives an indeterminate ball
    if not base > 0:
        return fl.arb.nan()
    return (exponent * base.log()).exp()


def compile_arb(expr, symbols) -> Callable:
    """`f(*balls)` enclosing expr over the balls given for `symbols` (in that order).

    Supported: + - * /, integer and real powers, exp log sqrt, trigonometric and hyperbolic
    functions, atan, erf, gamma, Abs, Max, Min, pi, E and exact numbers. Anything else is refused
    with its name (never evaluated in floating point behind the caller's back).
    """
    many = compile_arb_many([expr], symbols)
    return lambda *args: many(*args)[0]


def compile_arb_many(exprs, symbols) -> Callable:
    """`f(*balls)` -> one ball per expression of `exprs`, each enclosing it over the balls given for `symbols`.

    Subexpressions common to the expressions (a function and its partial derivatives, in branch and bound) or
    repeated inside one are evaluated once per call (sympy.cse): each is an enclosure of the same subexpression
    over the same balls, so every result still encloses its expression.
    """
    fl = flint()
    exprs = [sympy.sympify(e) for e in exprs]
    index = {s: i for i, s in enumerate(symbols)}
    missing = set().union(*(e.free_symbols for e in exprs)) - set(index)
    if missing:
        raise InvalidArgument(f"compile_arb: no ball given for {sorted(map(str, missing))}")
    taken = {str(s) for e in exprs for s in e.free_symbols} | {str(s) for s in symbols}
    names = (sympy.Symbol(f"_arb_cse{j}") for j in itertools.count() if f"_arb_cse{j}" not in taken)
    replacements, reduced = sympy.cse(exprs, symbols=names, order="none")

    # The expressions become one straight-line program over slots (the argument balls first, then one slot per
    # operation): each instruction is (function, argument slots), and an n-ary sum or product is a chain of binary
    # ones in the order of its arguments, so every ball is the one a recursive evaluation would give (the same
    # operations in the same order), without a Python closure and a generator per node and call.
    code: list[tuple] = []
    slot_of: dict = {}
    n_args = len(index)

    def emit(fn, *arg_slots) -> int:
        code.append((fn, arg_slots))
        return n_args + len(code) - 1

    def build(e) -> int:
        if e in index:
            return index[e]
        if e in slot_of:
            return slot_of[e]
        slot_of[e] = out = _instruction(e)
        return out

    def _instruction(e) -> int:
        if e.is_Rational:
            ball = fl.fmpq(int(e.p), int(e.q))
            return emit(lambda: fl.arb(ball))            # at the precision of the call
        if e.is_Float:
            raw = e._mpf_
            return emit(lambda: _from_mpf_tuple(raw))
        if e is sympy.pi:
            return emit(fl.arb.pi)
        if e is sympy.E:
            return emit(lambda: fl.arb(1).exp())
        if e.is_Add or e.is_Mul:
            op = operator.add if e.is_Add else operator.mul
            parts = [build(a) for a in e.args]
            out = parts[0]
            for q in parts[1:]:
                out = emit(op, out, q)
            return out
        if e.is_Pow:
            b, x = build(e.base), e.exp
            if x.is_Integer or x in (sympy.Rational(1, 2), -sympy.Rational(1, 2)):
                return emit(lambda base: _pow(base, x, None), b)   # the exponent's ball is not used for these
            return emit(lambda base, ball: _pow(base, x, ball), b, build(x))
        if isinstance(e, (sympy.Max, sympy.Min)):
            parts = [build(a) for a in e.args]
            pick = "max" if isinstance(e, sympy.Max) else "min"
            return emit(lambda *balls: _fold(pick, list(balls)), *parts)
        f = _FUNCTIONS.get(type(e)) or _FUNCTIONS.get(e.func)
        if f is not None and len(e.args) == 1:
            return emit(f, build(e.args[0]))
        raise InvalidArgument(f"compile_arb: no ball arithmetic for {e.func.__name__} (in {sympy.sstr(e)[:80]})")

    for sym, sub in replacements:           # each common subexpression: its slot, named by its cse symbol
        index[sym] = build(sub)
    outputs = [build(e) for e in reduced]
    program = tuple(code)

    def run(*args):
        slots = [to_arb(a) for a in args]
        push = slots.append
        for fn, at in program:
            if len(at) == 1:
                push(fn(slots[at[0]]))
            elif len(at) == 2:
                push(fn(slots[at[0]], slots[at[1]]))
            else:
                push(fn(*[slots[i] for i in at]))
        return [slots[i] for i in outputs]
    return run


def _fold(pick, balls):
    out = balls[0]
    for b in balls[1:]:
        out = getattr(out, pick)(b)
    return out


def ball_str(ball, digits: int = 12) -> str:
    """'[mid +/- rad]' as Arb prints it, `digits` significant digits."""
    return ball.str(digits)


def lower(ball) -> sympy.Rational:
    """The exact lower endpoint of a ball as a SymPy Rational (a dyadic number)."""
    return _exact(ball.lower())


def upper(ball) -> sympy.Rational:
    return _exact(ball.upper())


def _exact(ball) -> sympy.Rational:
    man, exp = ball.mid().man_exp()
    man, exp = int(man), int(exp)
    return sympy.Integer(man) * sympy.Integer(2) ** exp


__all__ = ["bits_for", "compile_arb", "exact_rational", "interval", "lower", "precision", "to_arb", "upper"]
