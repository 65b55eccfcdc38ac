"""Progress of a long run: each running check with its elapsed time and the time it took last run.

The estimate is the check's seconds from the last run that computed it in this cache folder (one file per mode:
a full-mode check may take minutes where its quick mode takes a second), else from the ledgers of the output
folder (written by the last `check` or `report`, whichever cache it used). On a terminal the line is redrawn
about every second; elsewhere (CI logs, `make report | tee`) a check that runs long gets a line every minute,
so a long check is never silent and a log stays readable.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ._atomic import write_text_atomic

LOG_EVERY = 60.0        # seconds between the lines of a long check when stderr is not a terminal


def timings_file(cache_dir: Path, quick: bool) -> Path:
    return Path(cache_dir) / ("timings-quick.json" if quick else "timings.json")


def ledger_estimates(paths, *, quick: bool) -> dict[str, float]:
    """claim:check -> seconds from ledgers of the same mode; the label is the one the runner shows (a `same_as`
    twin's result is its owner's check, which the ledger lists as owner:check under the twin)."""
    out: dict[str, float] = {}
    for path in paths:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict) or bool(data.get("settings", {}).get("quick")) != quick:
            continue
        for claim in data.get("claims", []):
            for r in claim.get("checks", []):
                try:
                    label = r["check"] if ":" in r["check"] else f"{claim['id']}:{r['check']}"
                    if float(r["seconds"]) > 0:
                        out.setdefault(label, round(float(r["seconds"]), 2))
                except (KeyError, TypeError, ValueError):
                    continue
    return out


class Progress:
    def __init__(self, timings: Path, *, enabled: bool, log: bool = False, ledgers=(), quick: bool = False):
        """enabled: redraw one line on a terminal; log: otherwise print a line per minute of a long check;
        ledgers: ledger files whose seconds (those of the same mode) serve where this cache folder has no time."""
        self.path = Path(timings)
        self.enabled = enabled
        self.log = log and not enabled
        try:
            self.known: dict[str, float] = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.known = {}
        self.ledgers, self.quick = tuple(ledgers), quick
        self.fallback: dict[str, float] | None = None      # read when first needed: ledgers can be megabytes
        self.shown = False
        self.logged: dict[str, int] = {}       # label -> whole minutes already logged

    def estimate(self, label: str) -> float | None:
        """Seconds the check took last time, if known."""
        if label in self.known:
            return self.known[label]
        if self.fallback is None:
            self.fallback = ledger_estimates(self.ledgers, quick=self.quick)
        return self.fallback.get(label)

    def describe(self, label: str, secs: float | None = None) -> str:
        usual = self.estimate(label)
        if secs is None:
            return label + (f" (last run {usual:.0f}s)" if usual else "")
        return f"{label} {secs:.0f}s" + (f"/~{usual:.0f}s" if usual else "")

    def finished(self, res) -> None:
        """Remember how long a check took (not for cached results, which took no time now)."""
        if not res.cached and res.seconds > 0:
            # the runner's label: a `same_as` twin's result is its owner's check, relabelled owner:check
            label = res.check if ":" in res.check else f"{res.claim_id}:{res.check}"
            self.known[label] = round(res.seconds, 2)
            try:
                write_text_atomic(self.path, json.dumps(self.known, sort_keys=True))
            except OSError:     # a read-only cache folder: no estimates next time, nothing else lost
                pass

    def tick(self, done: int, total: int, running: list) -> None:
        """running: [(label, seconds so far)] of the checks now running."""
        if self.log:
            for label, secs in running:
                minutes = int(secs // LOG_EVERY)
                if minutes >= 1 and self.logged.get(label, 0) < minutes:
                    self.logged[label] = minutes
                    sys.stderr.write(f"[{done:>3}/{total}] still running {self.describe(label, secs)}\n")
                    sys.stderr.flush()
            return
        if not self.enabled or not running:
            return
        parts = [self.describe(label, secs) for label, secs in running[:2]]
        more = f" +{len(running) - 2}" if len(running) > 2 else ""
        sys.stderr.write(f"\r[{done}/{total}] running {', '.join(parts)}{more}\033[K")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            self.shown = False
