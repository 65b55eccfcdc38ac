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


def _unwrap(fn):
    """The function object behind a check's callable (partials, bound methods and decorators unwrapped)."""
    for _ in range(20):
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif isinstance(fn, types.MethodType):
            fn = fn.__func__
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        else:
            break
    return fn


@functools.lru_cache(maxsize=1024)
def _file_identifiers(filename: str, content: bytes) -> tuple[frozenset, frozenset]:
    """Every identifier a project file may use engine code by (names, attributes, imported names and their module
    paths, the words of its strings), and its imports as (level, module, names)."""
    import ast
    import re

    tree = ast.parse(content, filename)
    names, imports = set(), set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            names.add(n.id)
        elif isinstance(n, ast.Attribute):
            names.add(n.attr)
        elif isinstance(n, ast.alias):
            names.update(n.name.split("."))
        elif isinstance(n, ast.ImportFrom):
            names.update((n.module or "").split("."))
            imports.add((n.level, n.module or "", tuple(a.name for a in n.names)))
        elif isinstance(n, ast.Import):
            imports.update((0, a.name, ()) for a in n.names)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            names.update(re.findall(r"[A-Za-z_]\w*", n.value))     # a claim file may look engine code up by a string
    return frozenset(names), frozenset(imports)


_MODULE_FILES: list = [None, {}]


def _module_files() -> dict[str, str]:
    """Loaded project modules: name -> file (recomputed when a module was loaded or unloaded)."""
    import sys

    if _MODULE_FILES[0] == len(sys.modules):
        return _MODULE_FILES[1]
    out = {}
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None)
        if f and _is_project_file(f):
            out[name] = str(Path(f).resolve())
    _MODULE_FILES[:] = [len(sys.modules), out]
    return out


def _project_files(fns) -> set[str] | None:
    """The project files whose code `fns` may run: their own files, the files of the project functions and classes
    they reach (through globals, closures and defaults), and, transitively, the project modules those files import.
    None when a callable cannot be placed."""
    import sys

    modules = _module_files()
    by_file: dict[str, list[str]] = {}
    for name, f in modules.items():
        by_file.setdefault(f, []).append(name)
    files: set[str] = set()
    todo: list = list(fns)
    seen: set[int] = set()
    while todo:
        v = todo.pop()
        if id(v) in seen:
            continue
        seen.add(id(v))
        if isinstance(v, types.ModuleType):
            f = getattr(v, "__file__", None)
            if f and _is_project_file(f):
                # a module used as a value (another paper's package: `jmlr.model.f(...)`): whatever it holds
                files.add(str(Path(f).resolve()))
                todo.extend(vars(v).values())
            continue
        if isinstance(v, (tuple, list, set, frozenset)):
            todo.extend(v)
            continue
        if isinstance(v, dict):
            todo.extend(v.values())
            continue
        fn = _unwrap(v)
        code = getattr(fn, "__code__", None)
        if code is not None:
            if not _is_project_file(code.co_filename):
                continue
            files.add(str(Path(code.co_filename).resolve()))
            glob = getattr(fn, "__globals__", {})
            todo.extend(glob[n] for n in _names(code) if n in glob)
            todo.extend(c.cell_contents for c in (getattr(fn, "__closure__", None) or ()) if _filled(c))
            todo.extend(getattr(fn, "__defaults__", None) or ())
            todo.extend((getattr(fn, "__kwdefaults__", None) or {}).values())
        elif isinstance(fn, type):
            mod = sys.modules.get(fn.__module__)
            f = getattr(mod, "__file__", None)
            if f and _is_project_file(f):
                files.add(str(Path(f).resolve()))
                todo.extend(vars(fn).values())
    # the project modules those files import (statically), transitively: what they define at import may be what the
    # check reads (a value built by engine code at import). A package's `from . import section` is not followed (the
    # sections of a claim package are imported by its __init__, which a section reaches by `from . import paper`);
    # its imports of values are.
    todo_files = list(files)
    while todo_files:
        f = todo_files.pop()
        try:
            _, imports = _file_identifiers(f, Path(f).read_bytes())
        except (OSError, SyntaxError, ValueError):
            return None
        is_package = f.endswith("__init__.py")
        for own in by_file.get(f, ()):
            package = own if is_package else own.rpartition(".")[0]
            for level, module, imported in imports:
                if level:
                    base = package.split(".")
                    base = base[:len(base) - (level - 1)] if level > 1 else base
                    module = ".".join(base + ([module] if module else []))
                targets = [module] if not imported else []
                for name in imported:
                    if f"{module}.{name}" in modules:
                        if not is_package:
                            targets.append(f"{module}.{name}")
                    else:
                        targets.append(module)
                for t in targets:
                    g = modules.get(t)
                    if g and g not in files:
                        files.add(g)
                        todo_files.append(g)
    return files


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def engine_digest_for(claim, check) -> str:
    """Digest of the engine code `check` (a check of `claim`) can run: symrnn._engine_graph's reach from the
    identifiers of the claim files its code lives in (and the project files they import) and from the engine
    functions it declares directly. The whole engine's digest where the analysis cannot place something."""
    from . import _cache, _engine_graph

    g = _engine_graph.graph()
    if g is None:
        return "whole:" + _cache.engine_digest()
    fns = [check.fn, check.replay, check.recheck] + [h.test for h in claim.hypotheses_for(check.name)]
    units, project = [], []
    for fn in fns:
        if fn is None:
            continue
        target = _unwrap(fn)
        code = getattr(target, "__code__", None)
        filename = code.co_filename if code is not None else ""
        if code is not None and Path(filename).resolve().is_relative_to(_ENGINE):
            uid = g.unit_for(getattr(target, "__module__", "") or "", target.__qualname__)
            if uid is None:
                return "whole:" + _cache.engine_digest()
            units.append(uid)
        elif code is not None and _is_project_file(filename):
            project.append(target)
        elif code is None or not any(Path(filename).resolve().is_relative_to(lib) for lib in _LIBRARY):
            return "whole:" + _cache.engine_digest()      # a callable object, or code from nowhere known
    files = _project_files(project)
    if files is None:
        return "whole:" + _cache.engine_digest()
    names: set[str] = set()
    for f in sorted(files):
        try:
            names |= _file_identifiers(f, Path(f).read_bytes())[0]
        except (OSError, SyntaxError, ValueError):
            return "whole:" + _cache.engine_digest()
    return g.digest(tuple(sorted(units)), frozenset(names)) + _engine_graph.engine_data_digest()


__all__ = ["check_digest", "engine_digest_for"]
