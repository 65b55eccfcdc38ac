"""What a check's result can depend on, as a digest: the cache key of one check (so that editing one
claim re-runs only the checks it can affect).

A check's digest covers the source of its function, of its `replay`/`recheck` evaluators and of the
claim's hypotheses, then, transitively, everything those functions reach in the claim package (or any
other non-library file): the functions and classes they call, the module-level values they read, the
variables they close over, their default arguments, and the `printed` objects of the claims they touch.
What lies in installed libraries is covered by their versions, and the engine by its own digest
(symrnn._cache), so neither is walked. Where a value cannot be summarised faithfully (an object with no
stable repr), the whole source file that refers to it is taken instead: the key may then change more
often than needed, never less.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import marshal
import sysconfig
import types
from fractions import Fraction
from pathlib import Path

from ._claims import Claim, Paper

_ENGINE = Path(__file__).resolve().parent
_LIBRARY = tuple({Path(p).resolve() for key in ("stdlib", "platstdlib", "purelib", "platlib")
                  if (p := sysconfig.get_paths().get(key))})
_LITERALS = (type(None), bool, int, float, complex, str, bytes, Fraction)


@functools.lru_cache(maxsize=4096)
def _is_project_file(filename: str) -> bool:
    """True for a file of the user's claim package (or any other non-library, non-engine source)."""
    if not filename or filename.startswith("<"):
        return False
    path = Path(filename).resolve()
    if path.is_relative_to(_ENGINE):
        return False
    return not any(path.is_relative_to(lib) for lib in _LIBRARY)


def _file_bytes(filename: str) -> bytes:
    try:
        return Path(filename).read_bytes()
    except OSError:
        return filename.encode()


def _names(code: types.CodeType) -> set[str]:
    """Global and attribute names a code object (and the functions nested in it) may look up."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def _code_bytes(code: types.CodeType) -> bytes:
    """A code object's bytes without its position (file, line numbers): moving a function, or editing the
    lines above it, leaves its digest alone; comments never reach the bytecode."""
    def strip(c: types.CodeType) -> types.CodeType:
        consts = tuple(strip(k) if isinstance(k, types.CodeType) else k for k in c.co_consts)
        return c.replace(co_filename="", co_firstlineno=1, co_linetable=b"", co_consts=consts)
    return marshal.dumps(strip(code))


class _Walker:
    """One digest computation; memoises the digests of shared helpers across the checks of one run."""

    def __init__(self):
        self.memo: dict[int, str] = {}
        self.keep: list[object] = []        # keeps memoised objects alive, so that ids are not reused
        self.active: set[int] = set()

    def value(self, v, referrer: str) -> str:
        """Digest of a value read by project code defined in the file `referrer`."""
        if isinstance(v, _LITERALS):
            return f"{type(v).__name__}:{v!r}"
        if isinstance(v, (tuple, list)):
            return f"{type(v).__name__}[" + ",".join(self.value(x, referrer) for x in v) + "]"
        if isinstance(v, (set, frozenset)):
            return "set{" + ",".join(sorted(self.value(x, referrer) for x in v)) + "}"
        if isinstance(v, dict):
            return "dict{" + ",".join(f"{self.value(k, referrer)}:{self.value(x, referrer)}" for k, x in v.items()) + "}"
        if isinstance(v, types.ModuleType):
            f = getattr(v, "__file__", None) or ""
            if _is_project_file(f):
                return "module:" + hashlib.sha256(_file_bytes(f)).hexdigest()
            return f"module:{v.__name__}"
        kind = (type(v).__module__ or "").split(".")[0]
        if kind == "sympy" and not isinstance(v, type):
            import sympy

            return "sympy:" + sympy.srepr(v)
        if isinstance(v, (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, functools.partial)) \
                or hasattr(v, "__wrapped__"):
            return self.callable(v, referrer)
        if kind in ("mpmath", "flint"):
            return f"{type(v).__name__}:{v!r}"
        if kind == "numpy" and hasattr(v, "tobytes"):
            return f"ndarray:{getattr(v, 'dtype', '')}:{getattr(v, 'shape', '')}:" + hashlib.sha256(v.tobytes()).hexdigest()
        if isinstance(v, Claim):
            return "claim:" + v.id + ":" + self.value(v.printed, referrer)
        if isinstance(v, Paper):
            return "paper:" + v.key
        # no faithful summary: the whole file that reads it
        return "file:" + hashlib.sha256(_file_bytes(referrer)).hexdigest()

    def callable(self, fn, referrer: str) -> str:
        if isinstance(fn, functools.partial):
            return ("partial(" + self.callable(fn.func, referrer) + self.value(fn.args, referrer)
                    + self.value(fn.keywords, referrer) + ")")
        if isinstance(fn, types.MethodType):
            return "method(" + self.callable(fn.__func__, referrer) + ")"
        target = inspect.unwrap(fn) if hasattr(fn, "__wrapped__") else fn
        key = id(target)
        if key in self.memo:
            return self.memo[key]
        if isinstance(target, type):
            return self._class(target, referrer)
        code = getattr(target, "__code__", None)
        if code is None:             # a builtin, a C function or a callable object from a library
            module = getattr(target, "__module__", None) or type(target).__module__
            name = getattr(target, "__qualname__", None) or type(target).__qualname__
            if module and not module.split(".")[0].startswith("symrnn_claims"):
                return f"external:{module}.{name}"
            return "file:" + hashlib.sha256(_file_bytes(referrer)).hexdigest()
        if not _is_project_file(code.co_filename):
            return f"external:{getattr(target, '__module__', '')}.{target.__qualname__}"
        if key in self.active:       # recursion: its digest is being computed further up
            return f"recursive:{target.__qualname__}"
        self.active.add(key)
        h = hashlib.sha256(_code_bytes(code))
        here = code.co_filename
        glob = getattr(target, "__globals__", {})
        for name in sorted(_names(code)):
            if name in glob:
                h.update(f"{name}={self.value(glob[name], here)};".encode())
        for cell in getattr(target, "__closure__", None) or ():
            try:
                h.update(self.value(cell.cell_contents, here).encode())
            except ValueError:       # an empty cell (a name assigned later in the enclosing function)
                h.update(b"<empty cell>")
        h.update(self.value(getattr(target, "__defaults__", None), here).encode())
        h.update(self.value(getattr(target, "__kwdefaults__", None), here).encode())
        self.active.discard(key)
        out = f"fn:{target.__qualname__}:{h.hexdigest()}"
        self.memo[key] = out
        self.keep.append(target)
        return out

    def _class(self, cls: type, referrer: str) -> str:
        try:
            filename = inspect.getsourcefile(cls) or ""
        except TypeError:            # a builtin class
            filename = ""
        if not _is_project_file(filename):
            return f"external:{cls.__module__}.{cls.__qualname__}"
        key = id(cls)
        if key in self.active:
            return f"recursive:{cls.__qualname__}"
        self.active.add(key)
        h = hashlib.sha256()
        try:
            h.update(inspect.getsource(cls).encode())
        except (OSError, TypeError):
            h.update(_file_bytes(filename))
        for name, member in sorted(vars(cls).items()):
            if isinstance(member, (staticmethod, classmethod)):
                member = member.__func__
            if isinstance(member, types.FunctionType):
                h.update(f"{name}={self.callable(member, filename)};".encode())
        self.active.discard(key)
        out = f"class:{cls.__qualname__}:{h.hexdigest()}"
        self.memo[key] = out
        self.keep.append(cls)
        return out


def _srepr(expr) -> str:
    if expr is None:
        return ""
    import sympy
    return sympy.srepr(expr)


def check_digest(claim, check, walker: _Walker | None = None) -> str:
    """Digest of everything the result of `check` (a check of `claim`) can depend on in the claim files.

    Arguments:
        claim: the `symrnn.Claim` declaring the check.
        check: the `symrnn.Check`.
        walker: reuse one across the checks of a run, so that shared helpers are walked once.
    Returns:
        A hex string; equal for two states of the claim files in which nothing the check reaches differs.
    """
    w = walker or _Walker()
    referrer = getattr(getattr(check.fn, "__code__", None), "co_filename", "") or ""
    parts = [
        "check:" + w.callable(check.fn, referrer),
        "replay:" + (w.callable(check.replay, referrer) if check.replay else ""),
        "recheck:" + (w.callable(check.recheck, referrer) if check.recheck else ""),
        "full:" + repr((check.full, check.layer, check.scope, check.method, check.timeout, check.requires, check.evaluators)),
        "printed:" + w.value(claim.printed, referrer),
        "assumptions:" + repr(claim.assumptions),
        # the statement's variables: the context widens symbols to their domains
        "variables:" + repr(sorted((k, v) for k, v in claim.variables.items())),
        # a conclusion as code is what the engine's own statement_<name> check decides (srepr: with assumptions)
        "conclusions:" + repr([(c.name, c.text, c.form, _srepr(c.expr)) for c in claim.conclusions]),
    ]
    for hyp in claim.hypotheses_for(check.name):
        parts.append(f"hypothesis:{hyp.name}:{hyp.how}:{hyp.checks}:" + w.callable(hyp.test, referrer))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


__all__ = ["check_digest"]
