"""Hidden constants of `lesssim`, `O(.)`, `lim` and "for omega small enough" statements.

A ratio lhs/rhs (or a quantity whose limit is claimed) is evaluated along a sequence
approaching the limit, at dps and again at 2*dps (agreement required). The tail of the
sequence decides the trend:

* bounded: over the last `tail` steps log(ratio) rises by less than `flat` in total, or the
  rises shrink geometrically (each at most `q_max` times the previous one) and the remaining
  growth, extrapolated geometrically, is below a factor e;
* growing: every step of the tail rises by more than `rise` and no rise shrinks below
  `q_max` times the previous one (power laws give equal rises, exponentials growing ones);
* otherwise inconclusive.

This is evidence about a finite sequence, never a proof of boundedness or unboundedness.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .._errors import InvalidArgument
from ._precision import context


@dataclass(frozen=True)
class RatioTrend:
    params: tuple
    ratios: tuple           # mpf at the higher precision
    trend: str              # bounded | growing | inconclusive
    increments: tuple       # log-ratio increments over the tail
    dps: int

    @property
    def sup(self):
        return max(self.ratios)

    def describe(self) -> str:
        inc = ", ".join(f"{float(x):+.3g}" for x in self.increments)
        return (f"{self.trend}: sup ratio {float(self.sup):.6g} over {len(self.ratios)} points; log-ratio "
                f"increments over the tail [{inc}] (dps={self.dps}, agreement with dps={2 * self.dps})")


def ratio_trend(ratio: Callable, sequence, *, dps: int, tail: int = 4, flat: float = 0.1, rise: float = 0.02,
                q_max: float = 0.8, digits: int | None = None) -> RatioTrend:
    """Evaluate ratio(ctx, p) > 0 for p in `sequence` (ordered toward the limit) and classify its trend.

    Arguments:
        ratio: `ratio(ctx, p)`, called twice per point: `ctx` is a private mpmath context (an
            `mpmath.MPContext`, at `dps` and then at `2 * dps` digits; compute with `ctx.mpf`,
            `ctx.exp`, ..., never with the global `mpmath.mp`), `p` is one element of `sequence`,
            as given. It returns lhs/rhs of the claimed `lhs <~ rhs` at `p`: a positive number
            (an mpf of `ctx`, an int or a float).
        sequence: the points toward the limit, in order (e.g. `[2**k for k in range(4, 12)]`);
            at least `tail + 1` of them.
        dps: digits of the first evaluation; the second runs at 2*dps and both must agree to
            `digits` digits (default max(8, dps // 2)).
        tail, flat, rise, q_max: the trend is read from the increments of log(ratio) over the
            last `tail` steps: "bounded" when their positive parts sum to less than `flat` or
            they shrink geometrically (ratio at most `q_max`) toward a limit within a factor e;
            "growing" when every one exceeds `rise` and they do not shrink; "inconclusive" otherwise.
    Returns:
        A `RatioTrend`: `params`, `ratios` (at 2*dps), `trend`, `increments`, `sup`, `describe()`.
    Raises:
        InvalidArgument when the two precisions disagree (the message says which dps to try),
        a ratio is not positive, or the sequence is shorter than tail + 1.
    """
    seq = list(sequence)
    if len(seq) < tail + 1:
        raise InvalidArgument(f"need at least tail + 1 = {tail + 1} points toward the limit, got {len(seq)}")
    lo_ctx, hi_ctx = context(dps), context(2 * dps)
    digits = digits if digits is not None else max(8, dps // 2)
    values = []
    for p in seq:
        lo, hi = ratio(lo_ctx, p), ratio(hi_ctx, p)
        lo, hi = hi_ctx.mpf(lo), hi_ctx.mpf(hi)
        if not hi > 0:
            raise InvalidArgument(f"ratio at {p} is {hi_ctx.nstr(hi, 10)}; ratios must be positive")
        if abs(lo - hi) > abs(hi) * hi_ctx.mpf(10) ** (-digits):
            raise InvalidArgument(f"ratio at {p} differs between dps={dps} and dps={2 * dps} "
                                  f"({hi_ctx.nstr(lo, 15)} vs {hi_ctx.nstr(hi, 15)}); try a larger dps")
        values.append(hi)
    logs = [hi_ctx.log(v) for v in values]
    inc = tuple(logs[q] - logs[q - 1] for q in range(len(logs) - tail, len(logs)))
    return RatioTrend(tuple(seq), tuple(values), classify(inc, flat=flat, rise=rise, q_max=q_max), inc, dps)


def classify(increments, *, flat: float = 0.1, rise: float = 0.02, q_max: float = 0.8) -> str:
    """bounded / growing / inconclusive from the log-ratio increments of a sequence's tail."""
    inc = [float(x) for x in increments]
    if not inc:
        return "inconclusive"
    shrinking = all(0 <= inc[q] <= q_max * inc[q - 1] for q in range(1, len(inc)) if inc[q - 1] > 0)
    if sum(max(x, 0) for x in inc) < flat:
        return "bounded"
    if shrinking and len(inc) >= 2 and all(x >= 0 for x in inc):
        q = max(inc[k] / inc[k - 1] for k in range(1, len(inc)) if inc[k - 1] > 0)
        if inc[-1] * q / (1 - q) < 1:     # geometric extrapolation: the limit is within a factor e
            return "bounded"
    if all(x > rise for x in inc) and not shrinking:
        return "growing"
    return "inconclusive"
