"""Certified inequalities over a box: Arb ball arithmetic with adaptive subdivision.

`certify_inequality(expr, box)` decides `expr >= 0` (or `> 0`) for every point of a compact box:

* a box is closed when the lower end of an enclosure of expr over it is >= 0 (> 0): the natural
  interval extension, intersected with the mean-value form f(c) + sum_i df/dx_i(box) (x_i - c_i)
  (derivatives from SymPy), which is much tighter on small boxes;
* a box that cannot be closed is tested at its exact midpoint: a point ball whose upper end is
  < 0 (<= 0) is a counterexample, certified by the same arithmetic;
* otherwise it is bisected along its widest coordinate (relative to the initial box), best first
  (lowest lower bound), until every box is closed, a counterexample is found, or the budget of
  boxes or seconds runs out (inconclusive, with the boxes left);
* where the inequality is tight (expr = 0 at a point of the box, e.g. x <= 1 at x = 1 or a double
  zero inside), bisection alone never ends: a small undecided box is handed to
  `_touching.TouchingCloser`, which looks for an exact touching point c nearby (g(c) = 0 decided by
  SymPy) and proves expr >= 0 on a whole neighbourhood of c by an exact local argument checked in Arb
  balls (monotonicity towards c, or a zero gradient and a positive definite Hessian enclosure);
  every later box inside such a neighbourhood is closed, and the certificate lists the arguments.

The smallest lower bound over the closed boxes is a certified lower bound of min expr over the box
(0 where a touching neighbourhood was closed).
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

import sympy

from .._errors import InvalidArgument
from ._arb import bits_for, compile_arb, compile_arb_many, exact_rational, flint, lower, precision


@dataclass(frozen=True)
class BoxCertificate:
    status: str                       # certified | counterexample | inconclusive
    boxes: int                        # boxes examined
    margin: sympy.Rational | None     # certified lower bound of expr over the whole box (certified only)
    counterexample: dict | None       # exact point (strings) where the inequality fails
    value: str = ""                   # the ball of expr at the counterexample
    open_boxes: int = 0               # boxes left undecided when the budget ran out
    worst_box: dict | None = None     # the undecided box with the lowest lower bound
    bits: int = 0
    strict: bool = False
    local: tuple = ()                 # the exact local arguments that closed neighbourhoods of touching points

    @property
    def certified(self) -> bool:
        return self.status == "certified"

    def describe(self) -> str:
        """One sentence for the evidence: boxes and smallest margin, the counterexample, or what is open."""
        rel = ">" if self.strict else ">="
        if self.status == "certified":
            out = (f"certified {rel} 0 over the box: {self.boxes} boxes, smallest certified lower bound "
                   f"{sympy.N(self.margin, 6)} (Arb, {self.bits} bits)")
            if self.local:
                out += (f"; {len(self.local)} neighbourhood(s) of points where the two sides touch closed by an exact "
                        "local argument: " + " | ".join(self.local))
            return out
        if self.status == "counterexample":
            pt = ", ".join(f"{k}={v}" for k, v in self.counterexample.items())
            return f"counterexample at {pt}: the value is {self.value} (Arb ball, {self.bits} bits)"
        return (f"inconclusive: {self.open_boxes} boxes undecided after {self.boxes} (budget); the worst is "
                f"{self.worst_box}")


def _key(s) -> str:
    return str(s)


def certify_inequality(expr, box: dict, *, strict: bool = False, max_boxes: int = 20000, seconds: float = 60.0,
                       dps: int = 30, mean_value: bool = True, touching: bool = True,
                       _depth: int = 0) -> BoxCertificate:
    """Decide `expr >= 0` (`> 0` with strict) for all points of `box` = {symbol: (lo, hi)} (exact bounds).

    `touching`: close the neighbourhoods of points where expr = 0 exactly by a local argument
    (`_touching`; not with strict, where such a point is a counterexample that bisection reports).

    Every symbol of expr must have an interval. Exact bounds: int, Fraction, SymPy Rational or a
    decimal/`p/q` string (a float is refused: the box is part of the statement).
    """
    expr = sympy.sympify(expr)
    syms = sorted(box, key=_key)
    symbols = [sympy.Symbol(s) if isinstance(s, str) else s for s in syms]
    by_name = {str(s): s for s in expr.free_symbols}
    symbols = [by_name.get(str(s), s) for s in symbols]
    missing = expr.free_symbols - set(symbols)
    if missing:
        raise InvalidArgument(f"certify_inequality: no interval for {sorted(map(str, missing))}")
    bounds = []
    for s in syms:
        lo, hi = box[s]
        lo, hi = exact_rational(lo), exact_rational(hi)
        if not lo <= hi:
            raise InvalidArgument(f"certify_inequality: empty interval for {s}: [{lo}, {hi}]")
        bounds.append((lo, hi))
    if max_boxes < 1:
        raise InvalidArgument(f"max_boxes must be >= 1, got {max_boxes}")
    fl = flint()
    bits = bits_for(dps)
    with precision(bits):
        f = compile_arb(expr, symbols)
        try:        # the mean-value form needs the derivatives in balls; without them, the natural extension
            # f and its gradient over a box in one program: they share most subexpressions
            both = compile_arb_many([expr] + [sympy.diff(expr, s) for s in symbols], symbols) if mean_value else None
        except InvalidArgument:
            both = None
        grads = bool(both)
        widths0 = [hi - lo if hi > lo else sympy.Integer(1) for lo, hi in bounds]

        def balls(b):
            return [fl.arb(fl.fmpq(int(lo.p), int(lo.q))).union(fl.arb(fl.fmpq(int(hi.p), int(hi.q)))) for lo, hi in b]

        def enclose(b):
            xs = balls(b)
            if not (grads and any(lo != hi for lo, hi in b)):
                return f(*xs)
            val, *gs = both(*xs)
            mids = [(lo + hi) / 2 for lo, hi in b]
            mv = f(*[fl.arb(fl.fmpq(int(m.p), int(m.q))) for m in mids])
            for g, x, m in zip(gs, xs, mids):
                mv = mv + g * (x - fl.arb(fl.fmpq(int(m.p), int(m.q))))
            if mv.is_finite() and (not val.is_finite() or mv.rad() < val.rad()):
                val = mv if not val.is_finite() else (val.intersection(mv) if val.overlaps(mv) else mv)
            return val

        def closed(val) -> bool:
            return bool(val.is_finite() and (val > 0 if strict else val >= 0))

        def point_fails(b):
            mids = [(lo + hi) / 2 for lo, hi in b]
            val = f(*[fl.arb(fl.fmpq(int(m.p), int(m.q))) for m in mids])
            bad = bool(val.is_finite() and (val <= 0 if strict else val < 0))
            return bad, mids, val

        closer, closures = None, []
        if touching and not strict and grads:
            from ._touching import TouchingCloser

            try:
                closer = TouchingCloser(expr, symbols, bounds, bits=bits, depth=_depth, certify=certify_inequality)
            except (InvalidArgument, ValueError, TypeError, NotImplementedError):   # bisection alone
                closer = None
        start = time.monotonic()
        count, margin = 0, None
        heap = [(0, 0, bounds)]
        tie = 0
        while heap:
            if count >= max_boxes or time.monotonic() - start > seconds:
                lo_key, _, worst = heap[0]
                return BoxCertificate("inconclusive", count, None, None, open_boxes=len(heap),
                                      worst_box={_key(s): f"[{lo}, {hi}]" for s, (lo, hi) in zip(syms, worst)},
                                      bits=bits, strict=strict)
            _, _, b = heapq.heappop(heap)
            count += 1
            if any(cl.contains(b) for cl in closures):
                margin = sympy.Integer(0) if margin is None else min(margin, sympy.Integer(0))
                continue
            val = enclose(b)
            if closed(val):
                low = lower(val)
                margin = low if margin is None else min(margin, low)
                continue
            bad, mids, pval = point_fails(b)
            if bad:
                return BoxCertificate("counterexample", count, None, {_key(s): str(m) for s, m in zip(syms, mids)},
                                      value=pval.str(15), bits=bits, strict=strict)
            # bisect the widest coordinate relative to the initial box
            rel = [(hi - lo) / w0 for (lo, hi), w0 in zip(b, widths0)]
            if closer is not None and max(rel) <= sympy.Rational(1, 64):
                try:
                    cl = closer.close(b)
                except (InvalidArgument, ValueError, TypeError, ArithmeticError, NotImplementedError):
                    cl, closer = None, None     # no local argument for this expression: bisection alone
                if cl is not None:
                    closures.append(cl)
                    margin = sympy.Integer(0) if margin is None else min(margin, sympy.Integer(0))
                    if cl.contains(b):
                        continue
            k = max(range(len(b)), key=lambda q: rel[q])
            if rel[k] == 0:         # a point that is neither closed nor failing: precision too low
                return BoxCertificate("inconclusive", count, None, None, open_boxes=len(heap) + 1,
                                      worst_box={_key(s): f"[{lo}, {hi}]" for s, (lo, hi) in zip(syms, b)},
                                      bits=bits, strict=strict)
            lo, hi = b[k]
            mid = (lo + hi) / 2
            low_key = float(lower(val)) if val.is_finite() else float("-inf")
            for part in ((lo, mid), (mid, hi)):
                nb = list(b)
                nb[k] = part
                tie += 1
                heapq.heappush(heap, (low_key, tie, nb))
        return BoxCertificate("certified", count, margin, None, bits=bits, strict=strict,
                              local=tuple(cl.argument for cl in closures))


__all__ = ["BoxCertificate", "certify_inequality"]
