"""A one-line progress display for long runs: the checks running, their elapsed time, and an estimate
of what is left from the times the same checks took before (kept in the cache folder). Quiet when
stderr is not a terminal (CI logs keep one line per finished check)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ._atomic import write_text_atomic


class Progress:
    def __init__(self, timings: Path, *, enabled: bool):
        self.path = Path(timings)
        self.enabled = enabled
        try:
            self.known: dict[str, float] = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.known = {}
        self.shown = False

    def finished(self, res) -> None:
        """Remember how long a check took (not for cached results, which took no time now)."""
        if not res.cached and res.seconds > 0:
            self.known[f"{res.claim_id}:{res.check}"] = round(res.seconds, 2)
            try:
                write_text_atomic(self.path, json.dumps(self.known, sort_keys=True))
            except OSError:     # a read-only cache folder: no estimates next time, nothing else lost
                pass

    def tick(self, done: int, total: int, running: list) -> None:
        if not self.enabled or not running:
            return
        parts = []
        for label, secs in running[:2]:
            usual = self.known.get(label)
            parts.append(f"{label} {secs:.0f}s" + (f"/~{usual:.0f}s" if usual else ""))
        more = f" +{len(running) - 2}" if len(running) > 2 else ""
        sys.stderr.write(f"\r[{done}/{total}] running {', '.join(parts)}{more}\033[K")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            self.shown = False
