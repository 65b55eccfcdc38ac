"""What tells an experiment's outcome about a paper from an outcome about the reproduction.

* Every pre-registered prediction is a criterion on the experiment's observations (`Prediction.test`), run on
  two synthetic inputs before it is run on the data: a positive control (observations that have the predicted
  effect: the criterion must pass them) and a negative control (observations without it: it must fail them).
  A criterion that fails its positive control, or passes its negative one, cannot tell the paper's effect from
  its absence: that is an error of the check (the claim stays inconclusive with that reason), never evidence
  about the paper.  Both controls are recorded beside the outcome (`Control`).
* The fidelity table (`SetupRow`) sets the paper's set-up beside the reproduction's, row by row over `ASPECTS`,
  each departure with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ._errors import InvalidArgument

# the rows every experiment's fidelity table has (an aspect that does not apply says so in words)
ASPECTS = ("model", "sizes", "initialisation", "loss", "optimiser", "learning rate", "steps", "stopping", "teacher",
           "metric", "plotted")


@dataclass(frozen=True)
class Prediction:
    """A pre-registered prediction of an experiment, as a criterion with its two controls.

    Arguments:
        text: the prediction as registered (with its threshold).
        test: observations -> bool, the criterion; the same function judges the controls and the data.
        positive: synthetic observations that have the predicted effect (the criterion must pass them).
        negative: synthetic observations without it (the criterion must fail them), e.g. the opposite outcome.
        controls: what the two controls are, in words (printed in the evidence).

    Example: `sr.Prediction("ratio < 0.5 for k >= 12", lambda r: all(v < 0.5 for k, v in r.items() if k >= 12),
    positive={10: 2.0, 12: 0.1}, negative={10: 0.1, 12: 0.9}, controls="a step at k = 11 / none")`.
    """

    text: str
    test: Callable[[Any], bool]
    positive: Any
    negative: Any
    controls: str = ""


@dataclass(frozen=True)
class Control:
    """The record of one prediction's controls and outcome (evidence, ledger and report)."""

    prediction: str
    controls: str
    positive: str          # "passes" (as it must) or what went wrong
    negative: str          # "fails" (as it must) or what went wrong
    observed: str          # "held", "failed", or "not judged" (the check is in error)
    sound: bool            # both controls behaved: the outcome on the data can be read


@dataclass(frozen=True)
class SetupRow:
    """One row of an experiment's fidelity table: the paper's set-up and ours; `departure` is the reason where
    they differ (empty: ours is the paper's)."""

    aspect: str
    paper: str
    ours: str
    departure: str = ""


def _judge(test, data) -> tuple[bool | None, str]:
    try:
        out = test(data)
    except Exception as exc:  # noqa: BLE001 - a criterion that crashes on a control is reported, not raised
        return None, f"raises {type(exc).__name__}: {exc}"
    if not isinstance(out, bool) and not (type(out).__module__ == "numpy" and type(out).__name__ in ("bool", "bool_")):
        return None, f"returns {type(out).__name__}, not a bool"
    return bool(out), ""


def run_controls(predictions, observed) -> list[Control]:
    """Each prediction's criterion on its positive control, its negative control and then the observations."""
    preds = list(predictions)
    if not preds:
        raise InvalidArgument("an experiment needs at least one pre-registered prediction")
    out = []
    for p in preds:
        if not isinstance(p, Prediction):
            raise InvalidArgument(f"predictions must be symrnn.Prediction objects, got {type(p).__name__}")
        pos, why_pos = _judge(p.test, p.positive)
        neg, why_neg = _judge(p.test, p.negative)
        sound = pos is True and neg is False
        positive = "passes" if pos is True else (why_pos or "FAILS")
        negative = "fails" if neg is False else (why_neg or "PASSES (the criterion cannot fail)")
        if sound:
            obs, why = _judge(p.test, observed)
            observed_text = "held" if obs is True else ("failed" if obs is False else f"not judged: {why}")
            sound = obs is not None
        else:
            observed_text = "not judged"
        out.append(Control(p.text, p.controls, positive, negative, observed_text, sound))
    return out


def fidelity_rows(rows: dict) -> tuple[SetupRow, ...]:
    """The fidelity table from {aspect: text} (ours is the paper's) or {aspect: (paper, ours, reason)}, one entry
    for each of ASPECTS."""
    if not isinstance(rows, dict):
        raise InvalidArgument("a fidelity table is a dict {aspect: text or (paper, ours, reason)}")
    unknown = [a for a in rows if a not in ASPECTS]
    missing = [a for a in ASPECTS if a not in rows]
    if unknown or missing:
        raise InvalidArgument(f"a fidelity table has exactly the rows {', '.join(ASPECTS)}"
                              + (f"; unknown: {', '.join(map(str, unknown))}" if unknown else "")
                              + (f"; missing: {', '.join(missing)}" if missing else ""))
    out = []
    for aspect in ASPECTS:
        v = rows[aspect]
        if isinstance(v, str) and v.strip():
            out.append(SetupRow(aspect, v, v))
        elif isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, str) and x.strip() for x in v):
            out.append(SetupRow(aspect, *v))
        else:
            raise InvalidArgument(f"fidelity row {aspect!r}: give one text (ours is the paper's) or (paper, ours, "
                                  f"reason) with a reason for the departure, got {v!r}")
    return tuple(out)
