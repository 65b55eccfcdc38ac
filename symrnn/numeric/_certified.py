"""Certified signs of expressions at real algebraic numbers (Arb balls via python-flint when
installed, otherwise mpmath interval arithmetic). A sign is reported only if certain."""

from __future__ import annotations

from dataclasses import dataclass

import mpmath
import sympy

from .._errors import InvalidArgument


@dataclass(frozen=True)
class Enclosure:
    """An interval certainly containing the value; `positive`/`negative` are decided on the
    interval itself (True only if certain), the strings are for display."""

    lower: str
    upper: str
    backend: str
    positive: bool
    negative: bool

    def __str__(self) -> str:
        return f"[{self.lower}, {self.upper}] ({self.backend})"


def _coeffs(poly_expr, x):
    return [sympy.Rational(c) for c in sympy.Poly(poly_expr, x).all_coeffs()]


def bracket_root(root, *, width) -> tuple[sympy.Rational, sympy.Rational]:
    """Exact rationals lo <= root <= hi with hi - lo <= width, for a real algebraic number.

    Uses the isolating intervals of the root's minimal polynomial (exact arithmetic).
    """
    root = sympy.sympify(root)
    if root.is_Rational:
        return root, root
    z = sympy.Dummy("z")
    poly = sympy.Poly(sympy.minimal_polynomial(root, z), z)
    approx = sympy.N(root, 60)
    best = None
    for (lo, hi), _ in poly.intervals(eps=width):
        if lo <= approx + sympy.Rational(1, 10 ** 55) and approx - sympy.Rational(1, 10 ** 55) <= hi:
            if best is not None:
                raise InvalidArgument(f"cannot isolate the root {root}: two intervals contain its approximation")
            best = (sympy.Rational(lo), sympy.Rational(hi))
    if best is None:
        raise InvalidArgument(f"{root} is not a real root of its minimal polynomial (is it real?)")
    return best


def enclose_at_root(expr, x: sympy.Symbol, root, *, digits: int = 50) -> Enclosure:
    """Enclosure of expr(x) at x = root (a real algebraic number), expr rational in x.

    The root is bracketed by exact isolating-interval refinement of its minimal polynomial; the
    rational function is evaluated in interval arithmetic over that bracket.
    """
    expr = sympy.together(sympy.sympify(expr))
    num, den = sympy.fraction(expr)
    if (num.free_symbols | den.free_symbols) - {x}:
        raise InvalidArgument(f"enclose_at_root: expression has symbols other than {x}: {expr.free_symbols}")
    lo_x, hi_x = bracket_root(root, width=sympy.Rational(1, 10 ** (digits + 5)))
    cn, cd = _coeffs(num, x), _coeffs(den, x)
    try:
        import flint  # noqa: PLC0415 - optional back end

        old = flint.ctx.prec
        flint.ctx.prec = int(3.33 * (digits + 20))
        try:
            ball = flint.arb(flint.fmpq(int(lo_x.p), int(lo_x.q))).union(flint.arb(flint.fmpq(int(hi_x.p), int(hi_x.q))))
            def horner(cs):
                acc = flint.arb(0)
                for c in cs:
                    acc = acc * ball + flint.fmpq(int(c.p), int(c.q))
                return acc
            val = horner(cn) / horner(cd)
            return Enclosure(val.lower().str(digits, radius=False), val.upper().str(digits, radius=False),
                             "Arb (python-flint)", bool(val > 0), bool(val < 0))
        finally:
            flint.ctx.prec = old
    except ImportError:
        ivctx = mpmath.iv
        old = ivctx.dps
        ivctx.dps = digits + 20
        try:
            X = ivctx.mpf([str(sympy.N(lo_x, digits + 25)), str(sympy.N(hi_x, digits + 25))])

            def horner_iv(cs):
                acc = ivctx.mpf(0)
                for c in cs:
                    acc = acc * X + ivctx.mpf(int(c.p)) / int(c.q)
                return acc
            val = horner_iv(cn) / horner_iv(cd)
            lo, hi = val._mpi_  # raw endpoints: compare without rounding them
            sign = mpmath.libmp.mpf_sign
            return Enclosure(mpmath.libmp.to_str(lo, digits), mpmath.libmp.to_str(hi, digits),
                             "mpmath interval arithmetic", sign(lo) > 0, sign(hi) < 0)
        finally:
            ivctx.dps = old
