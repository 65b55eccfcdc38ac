"""Report files rebuilt only when what they are built from changes.

A warm `symrnn report` writes the same .tex and draws the same figures as the run before; drawing 120 figures with
matplotlib and compiling five PDFs took most of its time (about 40 of 42 s in quick mode). A manifest beside the files,
`.built.json`, records for each file the digest of its inputs and of the file as written; the file is kept when both
still match (a file edited or replaced since, or built from other inputs, is built again). The inputs' digest names
everything the build reads, including the code that builds and the library versions, so a kept file is the file
the build would write again (figures and PDFs are deterministic: fixed metadata and dates).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .._atomic import write_text_atomic

MANIFEST = ".built.json"


def digest(*parts) -> str:
    """sha256 of the parts (bytes, or anything with a stable repr), each terminated so that they cannot run together."""
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def bytes_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(path: Path) -> str:
    return bytes_digest(Path(path).read_bytes())


class Manifest:
    """{file name: {"inputs": digest, "file": digest}} for the files of one folder."""

    def __init__(self, folder: Path):
        self.path = Path(folder) / MANIFEST
        try:
            data = json.loads(self.path.read_text())
            self.entries = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            self.entries = {}
        self.changed = False

    def fresh(self, path: Path, inputs: str) -> bool:
        """True when `path` exists and is the file last built from `inputs` (unchanged since)."""
        entry = self.entries.get(Path(path).name)
        if not isinstance(entry, dict) or entry.get("inputs") != inputs or not Path(path).is_file():
            return False
        return entry.get("file") == file_digest(path)

    def record(self, path: Path, inputs: str, *, written: bytes | None = None) -> None:
        """`written`: the bytes this run wrote to `path` (their digest is recorded, whatever the file holds now)."""
        digest_ = bytes_digest(written) if written is not None else file_digest(path)
        self.entries[Path(path).name] = {"inputs": inputs, "file": digest_}
        self.changed = True

    def forget(self, path: Path) -> None:
        self.changed |= self.entries.pop(Path(path).name, None) is not None

    def save(self) -> None:
        if self.changed:
            write_text_atomic(self.path, json.dumps(self.entries, indent=0, sort_keys=True))
            self.changed = False
