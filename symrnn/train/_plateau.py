"""The plateau criterion, fixed before any experiment was run (spec section 4 asks for a pre-registered one).

A loss curve L(tau) (tau: epochs, or gradient-flow time) is read at the checkpoints tau_j = tau_start 2^j.
  * a doubling [tau_j, tau_{j+1}] is FLAT when |ln L(tau_{j+1}) - ln L(tau_j)| < FLAT (about 5% change);
  * a plateau is a run of at least MIN_DOUBLINGS consecutive flat doublings (training time grows 8x while the
    loss stays put), at level L(tau_a) (its first checkpoint), which
      - ESCAPES: later in the run the loss falls to L(tau_a) / ESCAPE_FACTOR or below -- or, where the lowest loss
        the model reaches, `reach`, is known, to reach + (L(tau_a) - reach) / ESCAPE_FACTOR (halfway down to it: a
        model that cannot halve its loss still escapes when it leaves the plateau for the level it can reach), or
      - if it has not escaped by the end of the run (or before the loss diverged), sits at least LEVEL_FACTOR times
        above `floor`, a loss the same model class is known to reach (so the flat stretch is not the model's
        minimum), or, where `reach` is given, at least ESCAPE_FACTOR times above it (the model could halve it).
Without a floor only escaped plateaus count.  A plateau's duration is tau_b - tau_a (the flat span); its escape
time is the first recorded tau at which the loss is L(tau_a) / ESCAPE_FACTOR or below (None if not in the run).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLAT = 0.05
MIN_DOUBLINGS = 3
ESCAPE_FACTOR = 2.0
LEVEL_FACTOR = 10.0

CRITERION = (f"plateau: >= {MIN_DOUBLINGS} consecutive doublings of training time with |Delta ln J| < {FLAT} each, "
             f"then an escape to J <= level/{ESCAPE_FACTOR:g} (with a known reachable loss R: J <= R + "
             f"(level - R)/{ESCAPE_FACTOR:g}), or (not escaped) a level >= {LEVEL_FACTOR:g} x a loss "
             f"the model class reaches")


@dataclass(frozen=True)
class Plateau:
    start: float
    end: float
    level: float
    escape: float | None

    @property
    def duration(self) -> float:
        return self.end - self.start


def plateaus(times, losses, *, start: float, floor: float | None = None, reach: float | None = None) -> list[Plateau]:
    """The plateaus of one loss curve (times increasing, losses positive), per the criterion above; `reach`: the
    lowest loss the model is known to reach (None: unknown, the escape is a halving)."""
    times, losses = np.asarray(times, float), np.asarray(losses, float)
    ok = np.isfinite(losses) & (losses > 0) & (times > 0)
    times, losses = times[ok], losses[ok]
    if len(times) < 2 or start >= times[-1]:
        return []
    n = int(np.floor(np.log2(times[-1] / start)))
    cps = start * 2.0 ** np.arange(n + 1)
    logL = np.interp(np.log(cps), np.log(times), np.log(losses))
    flat = np.abs(np.diff(logL)) < FLAT
    found, j = [], 0
    while j < len(flat):
        if not flat[j]:
            j += 1
            continue
        k = j
        while k < len(flat) and flat[k]:
            k += 1
        if k - j >= MIN_DOUBLINGS:
            level = float(np.exp(logL[j]))
            bar = level / ESCAPE_FACTOR if reach is None or reach >= level else reach + (level - reach) / ESCAPE_FACTOR
            after = np.nonzero((times > cps[k]) & (losses <= bar))[0]
            escape = float(times[after[0]]) if len(after) else None
            if escape is not None or (floor is not None and level >= LEVEL_FACTOR * floor) or (
                    reach is not None and level >= ESCAPE_FACTOR * reach):
                found.append(Plateau(float(cps[j]), float(cps[k]), level, escape))
        j = k
    return found


def longest(found: list[Plateau]) -> Plateau | None:
    return max(found, key=lambda p: p.duration) if found else None


def _epoch_plateaus(hist, floor, reach=None):
    """Per-seed longest plateau (or None) of loss histories (epochs + 1, S), epochs counted from 1."""
    ep = np.arange(hist.shape[0], dtype=float)
    return [longest(plateaus(ep[1:], hist[1:, s], start=1.0, floor=floor, reach=reach)) for s in range(hist.shape[1])]


def summarise_histories(label, hist, floor, extra=None, *, reach=None) -> dict:
    """Per-seed plateaus (the criterion above) and statistics of loss histories `hist` (epochs + 1, seeds), epochs
    counted from 1: a dict of numbers only (mean/std curves, median final loss, plateaus, levels, escapes) with
    `label`, `floor` (None: only escaped plateaus count), `reach` (see `plateaus`) and `extra` merged in.  A diverged network is nan from the
    epoch its loss left the finite range below 1e30."""
    import warnings

    hist = np.where(np.isfinite(hist) & (hist < 1e30), hist, np.nan)     # diverged networks: nan from then on
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return _summary_stats(label, hist, floor, extra, reach)


def _summary_stats(label, hist, floor, extra, reach=None):
    plats = _epoch_plateaus(hist, floor, reach)
    durations = [p.duration if p else 0.0 for p in plats]
    return {"label": label, "diverged": int(np.sum(~np.isfinite(hist).all(0))), "mean": np.nanmean(hist, 1).tolist(), "std": np.nanstd(hist, 1).tolist(),
            "final": float(np.nanmedian(hist[-1])) if np.isfinite(hist[-1]).any() else float("nan"), "floor": floor, "with_plateau": sum(p is not None for p in plats),
            "seeds": hist.shape[1], "durations": durations, "median_duration": float(np.median(durations)),
            "levels": [p.level if p else None for p in plats], "escapes": [p.escape if p else None for p in plats],
            **(extra or {})}
