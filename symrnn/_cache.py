"""Content-hash cache of check results.

The key covers everything a result depends on: what the check reaches in the claim files (its own
code, the helpers and values it uses, the claim's printed objects and hypotheses: symrnn._fingerprint),
data files beside the claim package, the engine code the check can run (symrnn._engine_graph: a static
over-approximation; the whole engine where it cannot place something) and the engine's data, the check's
name and layer, precision, seed, mode, perturbations and library versions. Editing one claim re-runs only
the checks that reach what changed; editing one engine function, only the checks that can run it.
Entries are written atomically (symrnn._atomic), so an interrupted run never leaves half an entry.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from ._atomic import write_text_atomic
from ._evidence import CheckResult

ENV_DIR = "SYMRNN_CACHE_DIR"


# presentation only: no check runs this code, so a change to the report's typesetting or to the command line
# must not re-run every check of every paper (a fresh `make report` is half an hour on a 2-core CPU)
_PRESENTATION = ("report/", "cli.py", "pytest_plugin.py", "_reference.py", "_scaffold.py", "_from_tex.py", "_listing.py", "_progress.py")


def engine_files() -> list[Path]:
    """The files whose content enters every check's cache key: the engine, less its presentation layer."""
    root = Path(__file__).resolve().parent
    return [p for p in sorted(root.rglob("*"))
            if p.is_file() and p.suffix in {".py", ".j2", ".tex", ".sty", ".json"}
            and not p.relative_to(root).as_posix().startswith(_PRESENTATION)]


@lru_cache(maxsize=None)
def engine_digest() -> str:
    h = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for p in engine_files():
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=None)
def library_versions() -> dict[str, str]:
    import importlib.metadata as md
    import platform

    from . import _kernels

    out = {"python": platform.python_version(), "cpu kernels": _kernels.describe()}
    for name in ("sympy", "mpmath", "numpy", "scipy", "hypothesis", "python-flint", "torch"):
        try:
            out[name] = md.version(name)
        except md.PackageNotFoundError:
            out[name] = "absent"
    return out


@lru_cache(maxsize=None)
def data_digest(path: str) -> str:
    """Digest of the data files (anything but Python source) inside a claim package."""
    root = Path(path)
    h = hashlib.sha256()
    if root.is_dir():
        for f in sorted(root.rglob("*")):
            if f.is_file() and f.suffix not in {".py", ".pyc"} and "__pycache__" not in f.parts:
                h.update(str(f.relative_to(root)).encode())
                h.update(f.read_bytes())
    return h.hexdigest()


def check_key(*, check_digest: str, module_file: str | None, claim_id: str, check_name: str, layer: str,
              dps: int, seed: int, quick: bool, printed_override: str = "", engine: str = "") -> str:
    """The cache key of one check's result (`check_digest` from symrnn._fingerprint.check_digest; `engine` from
    symrnn._fingerprint.engine_digest_for, the engine code the check can run; default: the whole engine)."""
    payload = json.dumps({
        "code": check_digest,
        "data": data_digest(module_file) if module_file else "",
        "engine": engine or engine_digest(),
        "claim": claim_id, "check": check_name, "layer": layer,
        "dps": dps, "seed": seed, "quick": quick, "override": printed_override,
        "versions": library_versions(),
    }, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


class Cache:
    def __init__(self, directory: str | os.PathLike | None = None):
        self.dir = Path(directory or os.environ.get(ENV_DIR) or ".symrnn-cache")

    # the engine's part of each check's key (symrnn._fingerprint.engine_digest_for) for the engine as it is: a warm run
    # then needs no static analysis of the engine (JSON, named apart from the results: it is no result)
    def engine_keys(self) -> dict[str, str]:
        try:
            data = json.loads((self.dir / "engine-keys.memo").read_text())
        except (OSError, ValueError):
            return {}
        return data.get("keys", {}) if isinstance(data, dict) and data.get("engine") == engine_digest() else {}

    def put_engine_keys(self, keys: dict[str, str]) -> None:
        try:
            write_text_atomic(self.dir / "engine-keys.memo", json.dumps({"engine": engine_digest(), "keys": keys}))
        except OSError:         # a read-only cache folder: the keys are computed again next time
            pass

    def get(self, key: str) -> CheckResult | None:
        path = self.dir / key[:2] / f"{key}.json"
        try:
            return CheckResult.from_json(json.loads(path.read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # absent or unreadable entries are simply recomputed

    # results keep their key order (a witness's parameters in the order the check gave them): a report must be
    # byte-identical whether a result was computed or read back from here
    def put(self, key: str, result: CheckResult) -> None:
        write_text_atomic(self.dir / key[:2] / f"{key}.json", json.dumps(result.to_json()))

    # crashed checks are kept apart: `check` runs them again (a fix must take effect at once), while
    # `show` and the report can still print the last traceback
    def put_crash(self, key: str, result: CheckResult) -> None:
        write_text_atomic(self.dir / "crashes" / f"{key}.json", json.dumps(result.to_json()))

    def get_crash(self, key: str) -> CheckResult | None:
        try:
            return CheckResult.from_json(json.loads((self.dir / "crashes" / f"{key}.json").read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def forget_crash(self, key: str) -> None:
        (self.dir / "crashes" / f"{key}.json").unlink(missing_ok=True)
