"""Exact proofs of inequalities `gap >= 0` (`> 0`) over a declared domain, by SymPy alone.

The domain is a product of real intervals (bounds exact numbers or +-oo, closed where finite) and
integer ranges. The argument is always exact and always covers every point of the declared domain:

* the whole domain at once, the variables as real symbols: SymPy's assumptions on `gap`, on
  `factor(gap)` (a product of squares and positive factors), and for a polynomial of degree <= 2
  the exact positive semidefiniteness of its Gram matrix (a quadratic is >= 0 on R^n iff
  [[c, b^T], [b, A]] is PSD), which proves it on every subdomain;
* otherwise the domain is cut into pieces, each a half-open image of [0, oo)^k, and the faces that
  the images miss: a bounded coordinate x in [lo, hi] is x = (lo + hi p)/(1 + p), p >= 0, which runs
  over [lo, hi), and the face x = hi is its own (lower-dimensional) piece; a half-line is lo + p or
  hi - p; the whole line a real symbol (or, to resolve an absolute value, -p and p). Coordinates are
  also cut where an absolute value's argument (linear in one variable) changes sign. On each piece
  the sign of the substituted gap is decided by SymPy's assumptions (the p's are nonnegative), after
  `factor`, or by a Polya/Bernstein argument: a rational function whose numerator and denominator,
  expanded in the p's, have only nonnegative coefficients (the denominator a positive constant term)
  is >= 0 for all p >= 0, and > 0 when the numerator's constant term is positive;
* an integer variable t in [lo, oo) becomes t = lo + k with k a nonnegative integer symbol (SymPy
  may then simplify, e.g. sin(pi k/2)^2 (1 - sin(pi k/2)^2) = 0); where the gap is periodic in t
  (trigonometric functions of pi q t, (-1)^t) the residues modulo the period are split,
  t = lo + r + P m, r = 0..P-1, m >= 0 an integer; a finite integer range with few points is
  decided exhaustively by exact evaluation at every point.

A piece that none of these decides leaves the statement unproved (the caller goes on to certified
numerics); a proof is returned only when every piece is decided.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass, field

import sympy

_EXHAUSTIVE_LIMIT = 2000          # points of a finite integer range decided one by one
_PERIOD_LIMIT = 48
_OPS_LIMIT = 400                  # larger expressions get SymPy's assumptions only (factor/cancel per piece is slow)
_VARIABLE_LIMIT = 6


@dataclass
class ExactDecision:
    """The outcome of `prove_inequality`: `proved` with the argument, or not decided (why)."""

    proved: bool
    method: str = ""
    steps: list[str] = field(default_factory=list)
    reason: str = ""
    counterexample: dict | None = None     # a point of the domain where gap < 0 (<= 0 strict), decided exactly

    def describe(self) -> str:
        if self.proved:
            return self.method + (": " + "; ".join(self.steps) if self.steps else "")
        return f"not proved exactly: {self.reason}"


def _sign_ok(e, strict: bool):
    return e.is_positive if strict else e.is_nonnegative


def exact_sign(v) -> int | None:
    """The sign (-1, 0, 1) of a constant decided without numerical evaluation of a sum: rationals exactly; a sum
    only when its terms' signs agree; products and powers from their factors; other atoms (pi, exp(1), log(3),
    sqrt(2)) by SymPy's assumptions on the atom. None when undecided (a sum of terms of both signs)."""
    v = sympy.sympify(v)
    if v.is_Rational:
        return int(bool(v > 0)) - int(bool(v < 0))
    if v.is_Add:
        signs = [exact_sign(a) for a in v.args]
        if None in signs:
            return None
        if all(s >= 0 for s in signs):
            return 1 if any(s > 0 for s in signs) else 0
        if all(s <= 0 for s in signs):
            return -1 if any(s < 0 for s in signs) else 0
        return None
    if v.is_Mul:
        out = 1
        for a in v.args:
            s = exact_sign(a)
            if s is None:
                return None
            out *= s
        return out
    if v.is_Pow and v.exp.is_Integer:
        s = exact_sign(v.base)
        if s is None or (s == 0 and v.exp < 0):
            return None
        return s ** int(v.exp) if v.exp > 0 else s
    if v.is_Pow and v.base.is_Rational and v.base > 0 and v.exp.is_Rational:
        return 1
    if v.is_zero:
        return 0
    if v.is_positive:
        return 1
    if v.is_negative:
        return -1
    return None


def _coefficients_ok(poly_expr, ps, *, positive_constant: bool) -> bool | None:
    """All coefficients of the polynomial in `ps` nonnegative (and the constant term positive when asked);
    None when it is not a polynomial in them with coefficients of known sign."""
    try:
        poly = sympy.Poly(sympy.expand(poly_expr), *ps)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded):
        return None
    if not all(c.is_number for c in poly.coeffs()):
        return None
    for c in poly.coeffs():
        if c.is_nonnegative is not True:
            return False
    if positive_constant:
        const = sympy.sympify(poly.as_expr().xreplace({p: 0 for p in ps}))
        return bool(const.is_positive)
    return True


def polya_sign(expr, ps, *, strict: bool) -> str | None:
    """The Polya/Bernstein argument for `expr` >= 0 (> 0) on p >= 0 (every p in `ps`): the numerator and
    denominator of the cancelled fraction, expanded in the p's, have only nonnegative coefficients (or
    both only nonpositive), the denominator with a nonzero constant term. Returns the argument or None."""
    if not ps:
        return None
    num, den = sympy.fraction(sympy.cancel(sympy.together(expr)))
    for sgn in (1, -1):
        n, d = sgn * num, sgn * den
        if _coefficients_ok(d, ps, positive_constant=True) and _coefficients_ok(n, ps, positive_constant=strict):
            return (f"Polya: ({sympy.sstr(sympy.expand(n))}) / ({sympy.sstr(sympy.expand(d))}) has only nonnegative "
                    f"coefficients in {', '.join(map(str, ps))} >= 0" + (" and a positive constant term" if strict else ""))
    return None


def quadratic_sos(expr, xs, *, strict: bool) -> str | None:
    """A polynomial of total degree <= 2 in the real variables `xs` is >= 0 on R^n iff its Gram matrix
    [[c, b^T/2...]] (homogenised) is positive semidefinite (> 0 iff the matrix is positive definite:
    sufficient, not necessary, for strict); decided exactly by SymPy."""
    if not xs:
        return None
    try:
        poly = sympy.Poly(sympy.expand(expr), *xs)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded):
        return None
    if poly.total_degree() > 2 or not all(c.is_Rational for c in poly.coeffs()):
        return None
    n = len(xs)
    gram = sympy.zeros(n + 1, n + 1)
    for monom, coeff in poly.terms():
        idx = [i for i, e in enumerate(monom) for _ in range(e)]
        if not idx:
            gram[0, 0] += coeff
        elif len(idx) == 1:
            gram[0, idx[0] + 1] += coeff / 2
            gram[idx[0] + 1, 0] += coeff / 2
        elif idx[0] == idx[1]:
            gram[idx[0] + 1, idx[0] + 1] += coeff
        else:
            gram[idx[0] + 1, idx[1] + 1] += coeff / 2
            gram[idx[1] + 1, idx[0] + 1] += coeff / 2
    ok = gram.is_positive_definite if strict else gram.is_positive_semidefinite
    if ok:
        return (f"a quadratic: its Gram matrix {sympy.sstr(gram.tolist())} is positive "
                f"{'definite' if strict else 'semidefinite'} (exact), so it is a sum of squares on R^{n}")
    return None


def _decide_piece(g, ps, reals, strict: bool) -> str | None:
    """One piece: g in nonnegative symbols `ps` and real symbols `reals`."""
    forms = [("SymPy's assumptions", g)]
    try:
        forms.append(("SymPy's assumptions after factor", sympy.factor(g)))
    except Exception:  # noqa: BLE001 - factor may refuse some expressions
        pass
    for name, form in forms:
        if _sign_ok(form, strict):
            return f"{name} on {sympy.sstr(form)}"
    try:
        form = sympy.cancel(sympy.together(g))
        if _sign_ok(form, strict):
            return f"SymPy's assumptions on {sympy.sstr(form)}"
    except Exception:  # noqa: BLE001
        form = g
    if reals and not ps:
        q = quadratic_sos(g, reals, strict=strict)
        if q:
            return q
    if ps and not reals:
        arg = polya_sign(g, ps, strict=strict)
        if arg:
            return arg
    return None


def _abs_cuts(gap, x) -> list:
    """Points where an absolute value's (or sign's) argument, linear in x alone, changes sign."""
    cuts = set()
    for a in gap.atoms(sympy.Abs, sympy.sign):
        arg = a.args[0]
        fs = arg.free_symbols
        if fs == {x} and sympy.degree(arg, x) == 1:
            root = sympy.solve(arg, x)
            if len(root) == 1 and root[0].is_Rational:
                cuts.add(root[0])
        elif x in fs and arg.is_Mul and x in arg.args:
            cuts.add(sympy.Integer(0))
    return sorted(cuts)


def _real_pieces(x, lo, hi, cuts):
    """[(substitution, description)] covering the closed interval [lo, hi] (bounds may be +-oo)."""
    points = [c for c in cuts if (lo is -sympy.oo or c > lo) and (hi is sympy.oo or c < hi)]
    edges = [lo] + points + [hi]
    out = []
    for a, b in zip(edges, edges[1:]):
        p = sympy.Dummy(f"p_{x}", nonnegative=True)
        if a is -sympy.oo and b is sympy.oo:
            r = sympy.Dummy(f"{x}", real=True)
            out.append((r, f"{x} real"))
        elif a is -sympy.oo:
            out.append((b - p, f"{x} = {b} - p, p >= 0"))
        elif b is sympy.oo:
            out.append((a + p, f"{x} = {a} + p, p >= 0"))
        elif a == b:
            out.append((a, f"{x} = {a}"))
        else:
            out.append(((a + b * p) / (1 + p), f"{x} = ({a} + {b} p)/(1 + p) in [{a}, {b}), p >= 0"))
            if b == hi:              # the end the image misses; inner cut points are the next piece's start
                out.append((b, f"{x} = {b}"))
    return out


def _period(gap, t) -> int | None:
    """An integer period of gap in the integer variable t (trigonometric functions of pi*q*t + c, (-1)^t)."""
    periods = []
    for f in gap.atoms(sympy.sin, sympy.cos, sympy.tan):
        arg = sympy.expand(f.args[0])
        if t not in arg.free_symbols:
            continue
        coeff = arg.coeff(t)
        q = sympy.nsimplify(coeff / sympy.pi) if coeff.has(sympy.pi) else None
        if q is None or not q.is_Rational or (arg - coeff * t).has(t):
            return None
        periods.append(2 * q.q)
    for pw in gap.atoms(sympy.Pow):
        if t in pw.exp.free_symbols:
            if pw.base == -1 and sympy.expand(pw.exp).coeff(t).is_Integer:
                periods.append(2)
            elif not (pw.base.is_positive):
                return None
    if not periods:
        return None
    period = 1
    for p in periods:
        period = period * p // math.gcd(period, p)
    return period if period <= _PERIOD_LIMIT else None


def _integer_pieces(t, lo, hi, gap):
    """[(substitution, description, exhaustive)] covering the integers of [lo, hi]."""
    lo_i = sympy.ceiling(lo) if lo is not -sympy.oo else None
    hi_i = sympy.floor(hi) if hi is not sympy.oo else None
    if lo_i is not None and hi_i is not None:
        if hi_i - lo_i + 1 <= _EXHAUSTIVE_LIMIT:
            return [(sympy.Integer(v), f"{t} = {v}") for v in range(int(lo_i), int(hi_i) + 1)], True
        return None, False
    k = sympy.Dummy("k", integer=True, nonnegative=True)
    period = _period(gap, t)
    if lo_i is not None:
        base = [(lo_i + k, f"{t} = {lo_i} + k, k >= 0 an integer")]
        if period:
            base = [(lo_i + r + period * k, f"{t} = {lo_i + r} + {period} m") for r in range(period)]
    elif hi_i is not None:
        base = [(hi_i - k, f"{t} = {hi_i} - k, k >= 0 an integer")]
        if period:
            base = [(hi_i - r - period * k, f"{t} = {hi_i - r} - {period} m") for r in range(period)]
    else:
        n = sympy.Dummy(f"{t}", integer=True)
        base = [(n, f"{t} an integer")]
        if period:
            base = [(r + period * n, f"{t} = {r} + {period} m, m an integer") for r in range(period)]
    return base, False


def _violating_corner(gap, syms, combo, strict: bool) -> dict | None:
    """The piece's corner (every parameter p, k, m at 0: a point of the domain) when gap is exactly < 0 there
    (<= 0 with strict), as strings; else None."""
    zero = {d: 0 for s_, _ in combo for d in sympy.sympify(s_).free_symbols}
    point = {x: sympy.sympify(s_).xreplace(zero) for x, (s_, _) in zip(syms, combo)}
    try:
        value = sympy.simplify(gap.xreplace(point))
    except Exception:  # noqa: BLE001
        return None
    if not value.is_number:
        return None
    sign = exact_sign(value)
    if sign is not None and (sign < 0 or (sign == 0 and strict)):
        return {str(x): sympy.sstr(v) for x, v in point.items()}
    return None


def prove_inequality(gap, domain: dict, *, strict: bool = False, integers=(), seconds: float = 20.0) -> ExactDecision:
    """Prove `gap >= 0` (`> 0` with strict) at every point of `domain` = {symbol: (lo, hi)} exactly.

    `integers`: the symbols that range over the integers of their interval. Bounds are exact SymPy
    numbers or +-oo; finite bounds belong to the domain (closed). Returns an `ExactDecision`; nothing
    here evaluates in floating point.
    """
    start = time.monotonic()
    gap = sympy.sympify(gap)
    syms = sorted(gap.free_symbols, key=str)
    if sympy.count_ops(gap) > _OPS_LIMIT or len(syms) > _VARIABLE_LIMIT:
        # a large expression: factor/cancel on every piece would cost minutes; SymPy's assumptions on it only
        if not any(str(s) in {str(i) for i in integers} for s in syms):
            g = gap.xreplace({x: sympy.Dummy(str(x), real=True) for x in syms})
            if _sign_ok(g, strict):
                return ExactDecision(True, "proved on all of R^n, hence on the domain",
                                     [f"SymPy's assumptions on {sympy.sstr(g)[:200]}"])
        return ExactDecision(False, reason=f"too large for the piecewise exact route ({len(syms)} variables, "
                                           f"{sympy.count_ops(gap)} operations)")
    integer_set = {str(s) for s in integers}
    bounds = {x: tuple(sympy.sympify(b) for b in domain[x]) for x in syms}
    # 1. the whole domain at once: every real variable a real symbol (a proof on R^n covers any subdomain)
    if not integer_set.intersection(map(str, syms)):
        reals = {x: sympy.Dummy(str(x), real=True) for x in syms}
        g = gap.xreplace(reals)
        why = _decide_piece(g, [], list(reals.values()), strict)
        if why:
            return ExactDecision(True, "proved on all of R^n, hence on the domain", [why])
    # 2. pieces
    per_var, exhaustive = [], []
    for x in syms:
        lo, hi = bounds[x]
        if str(x) in integer_set:
            pieces, exh = _integer_pieces(x, lo, hi, gap)
            if pieces is None:
                return ExactDecision(False, reason=f"the integer range of {x} is too large for exhaustive evaluation")
            if exh:
                exhaustive.append(str(x))
            per_var.append(pieces)
        else:
            cuts = _abs_cuts(gap, x) or ([sympy.Integer(0)] if (lo, hi) == (-sympy.oo, sympy.oo) else [])
            per_var.append(_real_pieces(x, lo, hi, cuts))
    total = math.prod(len(p) for p in per_var)
    if total > 4 * _EXHAUSTIVE_LIMIT:
        return ExactDecision(False, reason=f"{total} pieces are too many")
    steps, decided, failed = [], 0, None
    for combo in itertools.product(*per_var):
        if time.monotonic() - start > seconds:
            return ExactDecision(False, reason=failed or f"time ran out after {decided} of {total} pieces")
        sub = {x: s for x, (s, _) in zip(syms, combo)}
        if failed is not None:       # not proved: only look for an exact counterexample at the pieces' corners
            point = _violating_corner(gap, syms, combo, strict)
            if point:
                return ExactDecision(False, reason=failed, counterexample=point)
            continue
        g = gap.xreplace(sub)
        if any(str(x) in integer_set for x in syms):
            try:
                g = sympy.simplify(g)
            except Exception:  # noqa: BLE001
                pass
        ps = sorted((d for d in g.free_symbols if d.is_nonnegative and not d.is_integer), key=str)
        ints = [d for d in g.free_symbols if d.is_integer]
        reals = [d for d in g.free_symbols if d not in ps and d not in ints]
        sign = None
        if g.is_number:            # a point: its exact value, a sum decided only by its terms' signs
            value = sympy.simplify(g)
            sign = exact_sign(value)
            why = f"exactly {sympy.sstr(value)}" if sign is not None and (sign > 0 or (sign == 0 and not strict)) \
                else None
        else:
            why = _decide_piece(g, [] if ints else ps, [] if ints else reals, strict)
        if why is None:
            where = ", ".join(desc for _, desc in combo)
            failed = f"the piece {where} is not decided (rhs - lhs = {sympy.sstr(g)[:200]})"
            point = _violating_corner(gap, syms, combo, strict)
            if point:
                return ExactDecision(False, reason=failed, counterexample=point)
            continue
        decided += 1
        if len(steps) < 12:
            steps.append(f"[{', '.join(desc for _, desc in combo)}] {why}")
    if failed is not None:
        return ExactDecision(False, reason=failed)
    if decided > len(steps):
        steps.append(f"... {decided - len(steps)} more pieces alike")
    method = f"proved exactly on {decided} piece(s) covering the closed domain"
    if exhaustive:
        method += (f" (the finite integer range of {', '.join(exhaustive)} decided exhaustively by exact "
                   f"evaluation at every one of its points)")
    return ExactDecision(True, method, steps)


__all__ = ["ExactDecision", "exact_sign", "polya_sign", "prove_inequality", "quadratic_sos"]
