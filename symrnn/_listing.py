"""`symrnn list` without importing the claim files when they have not changed.

Importing a paper's claims loads SymPy and runs every declaration (seconds); listing them needs only
ids, labels, kinds and check layers. After each real load the rows are kept in an index beside the
cache, with the size and modification time of every file they came from (a claim package, the claim
files it loads); the next `list` uses the index only if every one of those files is unchanged and
no claim file was added or removed, and loads the claim files otherwise.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ._atomic import write_text_atomic
from ._registry import Registry, _claim_files, default_search_paths, select_ids, source_files

_VERSION = 2


@dataclass(frozen=True)
class Row:
    """One line of `symrnn list`."""

    id: str
    paper: str
    label: str
    kind: str
    checks: int
    layers: tuple[str, ...]
    uses: tuple[str, ...] = ()     # full ids of the claims it uses

    def line(self) -> str:
        return (f"{self.id:28s} {self.label:22s} {self.kind:12s} {self.checks} check(s) [{','.join(self.layers) or '-'}]"
                + (f"  uses {', '.join(self.uses)}" if self.uses else ""))


def _stamp(path: Path) -> list:
    try:
        st = path.stat()
    except OSError:
        return [str(path), None, None]
    return [str(path), st.st_mtime_ns, st.st_size]


def _index_file(cache_dir: str | os.PathLike | None) -> Path:
    from ._cache import ENV_DIR

    return Path(cache_dir or os.environ.get(ENV_DIR) or ".symrnn-cache") / "listing.json"


def rows(paths: list[Path] | None, *, cache_dir: str | os.PathLike | None = None) -> list[Row]:
    """The claims under `paths` (default search paths when None), in declaration order."""
    bases = [Path(p) for p in paths] if paths is not None else default_search_paths()
    files = [str(f.resolve()) for b in bases for f in _claim_files(b)]
    index_path = _index_file(cache_dir)
    try:
        index = json.loads(index_path.read_text())
    except (OSError, ValueError):
        index = {}
    entry = index.get("entries", {}).get(json.dumps(files)) if index.get("version") == _VERSION else None
    if entry and all(_stamp(Path(s[0])) == s for s in entry["stamps"]):
        return [Row(r[0], r[1], r[2], r[3], r[4], tuple(r[5]), tuple(r[6])) for r in entry["rows"]]
    reg = Registry.discover(bases)
    out = [Row(c.id, c.paper.key, c.label, c.kind, len(c.checks), tuple(sorted({k.layer for k in c.checks})),
               c.qualified_uses())
           for c in reg.all_claims()]
    deps = {str(g) for f in files for g in source_files(Path(f))}
    # a package folder's own stamp changes when a module is added or removed
    deps |= {str(d) for f in files if Path(f).is_dir() for d in [Path(f), *Path(f).rglob("*")]
             if d.is_dir() and d.name != "__pycache__"}
    deps = sorted(deps)
    entries = dict(index.get("entries", {})) if index.get("version") == _VERSION else {}
    entries[json.dumps(files)] = {"stamps": [_stamp(Path(g)) for g in deps],
                                  "rows": [[r.id, r.paper, r.label, r.kind, r.checks, list(r.layers), list(r.uses)]
                                           for r in out]}
    try:
        write_text_atomic(index_path, json.dumps({"version": _VERSION, "entries": entries}, sort_keys=True))
    except OSError:        # a read-only folder: list without an index
        pass
    return out


def select(all_rows: list[Row], patterns) -> list[Row]:
    """The rows matching `patterns` (as `Registry.select`)."""
    ids = select_ids([(r.id, r.paper) for r in all_rows], list(patterns), sorted({r.paper for r in all_rows}))
    by_id = {r.id: r for r in all_rows}
    return [by_id[i] for i in ids]
