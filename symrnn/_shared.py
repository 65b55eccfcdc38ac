"""Computations shared by several checks (`ctx.shared`): one training run behind two figures, one flow behind
several claims. The first check that asks computes the value; every other check of the run (or of a later run with
the same cache) that asks for the same function with the same arguments and settings reads it.

The key covers the function's code and everything it reaches in the claim package (the digest that check keys use),
the engine's digest, the library versions and kernels, the arguments and the check settings (quick, dps, seed): a
value is reused only where recomputing it would give it again. Two checks running at once that ask for one value do
not both compute it: the second waits on a file lock until the first has written it (a lock dies with its process,
so a check killed by its timeout leaves the value to the next one).

Values are stored with pickle in the result cache's `shared/` folder (a temporary folder for a run without a cache,
removed at its end); reading one runs pickle, so the cache folder is trusted as the claim files are (both are the
user's own; a value file placed there by someone else could run code). Arguments must be plain data (numbers, strings, None, tuples, lists, dicts of them): a value
that cannot be told apart by its repr could be mistaken for another.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from ._errors import InvalidArgument

# set in each check worker by the runner (symrnn._runner._shared_values, before the workers fork); None: compute every time (nothing to share with)
DIRECTORY: Path | None = None

_PLAIN = (type(None), bool, int, float, str)


def _plain(v, where: str) -> str:
    if isinstance(v, _PLAIN):
        return f"{type(v).__name__}:{v!r}"
    if isinstance(v, (tuple, list)):
        return f"{type(v).__name__}[" + ",".join(_plain(x, where) for x in v) + "]"
    if isinstance(v, dict):
        return "dict{" + ",".join(f"{_plain(k, where)}:{_plain(x, where)}" for k, x in sorted(v.items(), key=repr)) + "}"
    raise InvalidArgument(f"ctx.shared: {where} is a {type(v).__name__}; a shared computation takes plain data "
                          "(numbers, strings, None, tuples, lists, dicts of them), so that its key names its inputs")


def key(fn, args: tuple, kwargs: dict, settings: dict) -> str:
    from ._cache import engine_digest, library_versions
    from ._fingerprint import _Walker

    code = getattr(fn, "__code__", None)
    if code is None:
        raise InvalidArgument(f"ctx.shared: {fn!r} is not a Python function")
    h = hashlib.sha256()
    for part in (_Walker().callable(fn, code.co_filename), engine_digest(), repr(sorted(library_versions().items())),
                 _plain(args, "an argument"), _plain(kwargs, "a keyword argument"), _plain(settings, "a setting")):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


@contextlib.contextmanager
def _locked(path: Path):
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _write(path: Path, value) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def shared(fn, args: tuple, kwargs: dict, settings: dict):
    """fn(*args, **kwargs), computed once per key (module docstring)."""
    k = key(fn, args, kwargs, settings)
    if DIRECTORY is None:
        return fn(*args, **kwargs)
    folder = Path(DIRECTORY)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{k}.pickle"
    with _locked(folder / f"{k}.lock"):
        if path.exists():
            try:
                with open(path, "rb") as fh:
                    return pickle.load(fh)
            except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
                pass                          # unreadable (an older layout of the value's class): computed again
        value = fn(*args, **kwargs)
        _write(path, value)
        return value
