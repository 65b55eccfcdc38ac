"""Closing the boxes around a point where an inequality is tight (the two sides touch).

Branch and bound cannot close a box whose enclosure of `g` (the gap, claimed >= 0) reaches below 0,
and around a point c with g(c) = 0 every box does: it bisects forever. This module closes a whole
neighbourhood N of such a point at once by an exact local argument, checked in Arb balls on all of N:

* c is exact (rational, or algebraic from `nsimplify`), found near an undecided box by Newton's
  method at high precision and rounded; g(c) = 0 is decided by SymPy exactly (never a float test);
* each coordinate i where c sits at an end of N (c lies on the boundary of the declared box) is
  *monotone* when the Arb enclosure of dg/dx_i over all of N has the sign that makes g decrease towards c;
  moving those coordinates to c one at a time (a staircase path inside the box N) never increases g;
* the remaining coordinates R must have dg/dx_i(c) = 0 exactly (SymPy); then by Taylor's theorem with
  the Lagrange remainder g(c_M, x_R) = 1/2 (x_R - c_R)^T H_RR(xi) (x_R - c_R) for some xi in N, and g >= 0
  on N follows from an Arb enclosure of the Hessian block H_RR over {c_M} x N_R whose leading principal
  minors are all > 0 (every symmetric matrix in the enclosure is positive definite; in one variable
  H >= 0 suffices);
* where a derivative's sign (a monotone coordinate, or the one-variable H) is itself tight at c (x - sin x at
  0: g' = 1 - cos x, g'' = sin x), one Arb enclosure cannot show it: it is certified on N by a nested branch
  and bound with the same local arguments (two levels deep at most).

So g >= g(c) = 0 on all of N: a rigorous statement over N, which the branch and bound then treats
as closed. Nothing here is a floating-point decision: the numerics only propose c.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy

from ._arb import compile_arb, flint


@dataclass(frozen=True)
class LocalClosure:
    region: tuple                  # ((lo, hi), ...) exact rationals: the closed neighbourhood N
    point: tuple                   # the touching point c (exact SymPy numbers)
    argument: str                  # the local argument, one sentence

    def contains(self, box) -> bool:
        return all(lo >= a and hi <= b for (lo, hi), (a, b) in zip(box, self.region))


def _is_zero(value, bits: int) -> bool:
    """Exactly zero: the Arb ball contains 0 and SymPy simplifies it to 0."""
    value = sympy.sympify(value)
    if value == 0:
        return True
    try:
        ball = compile_arb(value, ())()
        if not ball.contains(0):
            return False
    except Exception:  # noqa: BLE001 - no ball: let SymPy decide alone
        pass
    try:
        return sympy.simplify(value) == 0
    except Exception:  # noqa: BLE001
        return False


def _rational_candidates(v, lo, hi, tol=None):
    """Simple exact numbers near the mpf `v` (inside [lo, hi]), within `tol` of it (default 1e-12 relative)."""
    out = []
    tol = 1e-12 * max(1.0, abs(float(v))) if tol is None else tol
    for limit in [1, 2, 4, 10, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 9] + [2 ** k for k in range(4, 48, 4)]:
        q = Fraction(str(v)).limit_denominator(limit)
        r = sympy.Rational(q.numerator, q.denominator)
        if lo <= r <= hi and r not in out and abs(float(r) - float(v)) <= tol:
            out.append(r)
            if len(out) >= 4:
                break
    try:
        alg = sympy.nsimplify(sympy.Float(str(v), 30), tolerance=1e-20)
        if not alg.is_Rational and alg.is_real and lo <= alg <= hi:
            out.append(alg)
    except Exception:  # noqa: BLE001
        pass
    return out


class TouchingCloser:
    """Proposes touching points near undecided boxes and proves g >= 0 on a neighbourhood of each."""

    def __init__(self, expr, symbols, box0, *, bits: int, attempts: int = 24, depth: int = 0, certify=None):
        self.expr, self.symbols, self.box0, self.bits = expr, list(symbols), list(box0), bits
        self.depth = depth             # > 0 inside the certificate of a derivative's sign
        self.certify = certify         # the nested certifier (certify_inequality), passed in to keep imports one-way
        self.grads = [sympy.diff(expr, s) for s in self.symbols]
        self._hess = {}                # second derivatives, computed when a Taylor argument needs them
        self.attempts = attempts
        self.tried: list[tuple] = []
        self._arb = {}
        self._mp = {}

    def hess(self, i, j):
        key = (min(i, j), max(i, j))
        if key not in self._hess:
            self._hess[key] = sympy.diff(self.grads[key[0]], self.symbols[key[1]])
        return self._hess[key]

    def _ball_fn(self, e):
        key = sympy.srepr(e)
        if key not in self._arb:
            self._arb[key] = compile_arb(e, self.symbols)
        return self._arb[key]

    def _balls(self, region):
        fl = flint()
        return [fl.arb(fl.fmpq(int(lo.p), int(lo.q))).union(fl.arb(fl.fmpq(int(hi.p), int(hi.q)))) for lo, hi in region]

    # -- candidate touching points ---------------------------------------------------------------
    def _candidates(self, box):
        import mpmath

        n = len(self.symbols)
        snaps = []
        for i, ((lo, hi), (a, b)) in enumerate(zip(box, self.box0)):
            opts = [None]
            if lo == a:
                opts.append(a)
            if hi == b:
                opts.append(b)
            snaps.append(opts)
        import itertools

        found = []
        for fixed in itertools.product(*snaps):
            free = [i for i in range(n) if fixed[i] is None]
            with mpmath.workdps(40):
                mid = [mpmath.mpf(int(((lo + hi) / 2).p)) / int(((lo + hi) / 2).q) for lo, hi in box]
                if free:
                    if fixed not in self._mp:
                        self._mp[fixed] = [
                            sympy.lambdify([self.symbols[i] for i in free],
                                           self.grads[i].xreplace({self.symbols[j]: fixed[j] for j in range(n)
                                                                   if fixed[j] is not None}), modules="mpmath")
                            for i in free]
                    fs = self._mp[fixed]
                    tol = None
                    try:
                        root = mpmath.findroot(lambda *v: [f(*v) for f in fs] if len(fs) > 1 else fs[0](*v),
                                               [mid[i] for i in free] if len(free) > 1 else mid[free[0]])
                        root = list(root) if len(free) > 1 else [root]
                        if any(isinstance(r, mpmath.mpc) and abs(r.imag) > 1e-25 for r in root):
                            raise ValueError("complex root")
                        root = [mpmath.re(r) for r in root]
                    except (ValueError, ZeroDivisionError, TypeError, ArithmeticError):
                        # no Newton convergence (a degenerate zero, e.g. 1 - cos x - x^2/2 at 0): the simplest
                        # rationals within the small box itself
                        root = [mid[i] for i in free]
                        tol = max(float(box[i][1] - box[i][0]) for i in free)
                else:
                    root = []
            options = []
            for k, i in enumerate(free):
                a, b = self.box0[i]
                cands = _rational_candidates(root[k], a, b, tol)
                if not cands:
                    break
                options.append(cands)
            else:
                for combo in itertools.product(*options):
                    point = list(fixed)
                    for k, i in enumerate(free):
                        point[i] = combo[k]
                    found.append(tuple(point))
        return found

    def _sign_on(self, e, region, sign: int) -> str | None:
        """sign * e >= 0 on all of `region`: one Arb enclosure, else (a derivative that itself vanishes at the
        touching point, e.g. 1 - cos x at 0) a nested certified branch and bound with its own local arguments."""
        val = self._ball_fn(e)(*self._balls(region))
        if val.is_finite() and (val >= 0 if sign > 0 else val <= 0):
            return "one Arb enclosure"
        if self.depth >= 2:
            return None
        certify_inequality = self.certify      # the branch and bound that built this closer (no import back)
        if certify_inequality is None:
            return None
        box = {s: r for s, r in zip(self.symbols, region) if r[0] != r[1]}
        fixed = {s: r[0] for s, r in zip(self.symbols, region) if r[0] == r[1]}
        inner = certify_inequality(sign * e.xreplace(fixed), box, max_boxes=400, seconds=2.0,
                                   dps=max(15, int(self.bits / 3.33) - 5), _depth=self.depth + 1) if box else None
        if inner is not None and inner.certified:
            return f"a nested certificate that {sympy.sstr(sign * e)} >= 0 on N [{inner.describe()}]"
        return None

    # -- the local argument --------------------------------------------------------------------
    def _certify_region(self, c, region) -> str | None:
        fl = flint()
        n = len(self.symbols)
        at_c = {s: v for s, v in zip(self.symbols, c)}
        xs = self._balls(region)
        monotone, rest, hows = [], [], []
        for i in range(n):
            lo, hi = region[i]
            if lo == hi:
                continue
            side = "upper" if c[i] == hi else ("lower" if c[i] == lo else None)
            if side is not None:
                how = self._sign_on(self.grads[i], region, -1 if side == "upper" else 1)
                if how is not None:
                    monotone.append(i)
                    hows.append(f"dg/d{self.symbols[i]}: {how}")
                    continue
            if not _is_zero(self.grads[i].xreplace(at_c), self.bits):
                return None
            rest.append(i)
        parts = []
        if monotone:
            parts.append("dg/d" + ", dg/d".join(str(self.symbols[i]) for i in monotone)
                         + " have over all of N the sign that makes g decrease towards c (" + "; ".join(hows)
                         + "), so g(x) >= " + ("g(c)" if not rest else "g(x with those coordinates set to c's)"))
        if rest:
            ys = list(xs)
            for i in monotone:
                ys[i] = fl.arb(fl.fmpq(int(c[i].p), int(c[i].q))) if c[i].is_Rational else compile_arb(c[i], ())()
            h = [[self._ball_fn(self.hess(i, j))(*ys) for j in rest] for i in rest]
            if not all(v.is_finite() for row in h for v in row):
                return None
            if len(rest) == 1:
                if h[0][0] >= 0:
                    hdesc = (f"d2g/d{self.symbols[rest[0]]}2 >= 0 on N (Arb lower bound about "
                             f"{h[0][0].lower().str(5, radius=False)})")
                else:
                    region_r = [r if i in rest else (c[i], c[i]) for i, r in enumerate(region)] if monotone else region
                    if any(not c[i].is_Rational for i in monotone):
                        return None
                    how = self._sign_on(self.hess(rest[0], rest[0]), region_r, 1)
                    if how is None:
                        return None
                    hdesc = f"d2g/d{self.symbols[rest[0]]}2 >= 0 on N by {how}"
            else:
                for k in range(1, len(rest) + 1):
                    det = fl.arb_mat([[h[i][j] for j in range(k)] for i in range(k)]).det()
                    if not det > 0:
                        return None
                hdesc = "every leading principal minor of the Hessian block over N is > 0 (Arb), so it is positive definite"
            parts.append("dg/d" + ", dg/d".join(str(self.symbols[i]) for i in rest)
                         + f" vanish at c exactly (SymPy) and {hdesc}: Taylor with the Lagrange remainder")
        pt = ", ".join(f"{s}={sympy.sstr(v)}" for s, v in zip(self.symbols, c))
        box = ", ".join(f"{s} in [{lo}, {hi}]" for s, (lo, hi) in zip(self.symbols, region))
        return f"g({pt}) = 0 exactly (SymPy); on N = {{{box}}}: " + "; ".join(parts) + "; so g >= 0 on N"

    def close(self, box):
        """A `LocalClosure` whose region contains a neighbourhood of a touching point near `box`, or None."""
        if self.attempts <= 0:
            return None
        self.attempts -= 1
        for c in self._candidates(box):
            if c in self.tried:
                continue
            self.tried.append(c)
            if not all(a <= v <= b for v, (a, b) in zip(c, self.box0)):
                continue
            if not _is_zero(self.expr.xreplace(dict(zip(self.symbols, c))), self.bits):
                continue
            widths = [hi - lo for lo, hi in box]
            for k in (8, 4, 2, 1):
                region = []
                for v, w, (a, b), (lo, hi) in zip(c, widths, self.box0, box):
                    rlo, rhi = max(a, lo - k * w), min(b, hi + k * w)
                    if not (rlo <= v <= rhi):
                        break
                    region.append((rlo, rhi))
                else:
                    why = self._certify_region(c, tuple(region))
                    if why:
                        return LocalClosure(tuple(region), c, why)
        return None


__all__ = ["LocalClosure", "TouchingCloser"]
