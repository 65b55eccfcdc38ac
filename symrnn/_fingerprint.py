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


@functools.lru_cache(maxsize=4096)
def _resolved(filename: str) -> str:
    return str(Path(filename).resolve())


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
    lines above it, leaves its digest alone; comments never reach the bytecode. Not marshal: its output depends on
    reference counts (an object referenced once more is written as a back-reference), so the same function gave two
    digests in one process, and on the hash order of frozenset constants, which changes between processes."""
    def const(k) -> str:
        if isinstance(k, types.CodeType):
            return "code(" + body(k) + ")"
        if isinstance(k, tuple):
            return "tuple(" + ",".join(const(x) for x in k) + ")"
        if isinstance(k, frozenset):
            return "frozenset(" + ",".join(sorted(const(x) for x in k)) + ")"
        return f"{type(k).__name__}:{k!r}"

    def body(c: types.CodeType) -> str:
        return repr((c.co_name, c.co_code.hex(), c.co_exceptiontable.hex() if hasattr(c, "co_exceptiontable") else "",
                     c.co_names, c.co_varnames, c.co_freevars, c.co_cellvars, c.co_argcount, c.co_posonlyargcount,
                     c.co_kwonlyargcount, c.co_flags, [const(k) for k in c.co_consts]))
    return body(code).encode()


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
            return "sympy:" + _srepr(v)
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
    """srepr with each symbol's assumptions in full and in order (assumptions0). SymPy prints a symbol's assumptions as
    they were spelled when the process first created it, and hands that object back for every equal spelling: m with
    (integer, positive) and m with (real, integer, positive) are one symbol, printed either way depending on which a
    process met first (seen: a key that changed after other claim files had been imported). A Dummy prints without its
    index (a process-wide counter)."""
    if expr is None:
        return ""
    return _canonical_printer().doprint(expr)


@functools.lru_cache(maxsize=None)
def _canonical_printer():
    from sympy.printing.repr import ReprPrinter

    class Canonical(ReprPrinter):
        def _print_Symbol(self, expr):
            d = sorted((k, v) for k, v in expr.assumptions0.items() if v is not None)
            attr = "".join(f", {k}={v}" for k, v in d)
            return f"{type(expr).__name__}({self._print(expr.name)}{attr})"

    return Canonical()


def check_digest(claim, check, walker: _Walker | None = None) -> str:
    """Digest of everything the result of `check` (a check of `claim`) can depend on in the claim files.

    Arguments:
        claim: the `symrnn.Claim` declaring the check.
        check: the `symrnn.Check`.
        walker: reuse one across the checks of a run, so that shared helpers are walked once.
    Returns:
        A hex string; equal for two states of the claim files in which nothing the check reaches differs.
    """
    return hashlib.sha256("\n".join(check_digest_parts(claim, check, walker)).encode()).hexdigest()


def check_digest_parts(claim, check, walker: _Walker | None = None) -> list[str]:
    """What check_digest hashes, one labelled line per part (check code, printed values, variables, ...): two
    processes that disagree on a key can be compared part by part."""
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
        # the relations among them: part of the declared domain (reparametrised images, witnesses that break one)
        "relations:" + repr([_srepr(r) for r in getattr(claim, "relations", ())]),
    ]
    for hyp in claim.hypotheses_for(check.name):
        parts.append(f"hypothesis:{hyp.name}:{hyp.how}:{hyp.checks}:" + w.callable(hyp.test, referrer))
    return parts


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
    """The identifiers by which a project file may reach engine code, and its imports as (level, module, names).

    Identifiers: every attribute it takes (`ctx.inequality`), except those of a name bound only by importing a
    library (`sympy.sign` is SymPy's, whatever the engine calls `sign`); the names it imports from the engine and the
    components of those modules' paths (every name it uses, after `from symrnn... import *`); the names of keyword
    arguments (an engine function may look them up); the strings that spell an identifier or a dotted path (a name
    handed to an engine lookup by string), and, where the file itself looks names up by computed strings
    (getattr, import_module, eval...), every word of its strings. A local variable or a library's function is not a way
    into the engine: what it holds was taken by one of the above."""
    import ast

    from ._engine_graph import _DYNAMIC, _IDENTIFIER, _WORD, _bindings, _strip_docstrings

    tree = ast.parse(content, filename)
    _strip_docstrings(tree)         # text for readers, never a name looked up
    imported, other = _bindings(tree.body, _ENGINE.name, functions=True)
    library = imported - other      # bound only by importing a library, anywhere in the file
    names: set[str] = set()
    imports = set()
    star = dynamic = False
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute):
            if not (isinstance(n.value, ast.Name) and n.value.id in library):
                names.add(n.attr)
        elif isinstance(n, ast.keyword) and n.arg:
            names.add(n.arg)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and _IDENTIFIER.fullmatch(n.value):
            names.update(_WORD.findall(n.value))
        elif isinstance(n, ast.Call):
            f = n.func
            dynamic = dynamic or (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) in _DYNAMIC
    for n in _statements(tree.body):
        if isinstance(n, ast.ImportFrom):
            imports.add((n.level, n.module or "", tuple(a.name for a in n.names)))
        elif isinstance(n, ast.Import):
            imports.update((0, a.name, ()) for a in n.names)
    for n in ast.walk(tree):        # imports inside functions too (`_statements` keeps to statements)
        engine = False
        if isinstance(n, ast.ImportFrom):
            engine = bool(n.level) or (n.module or "").split(".")[0] == _ENGINE.name
            module = n.module or ""
        elif isinstance(n, ast.Import):
            engine = any(a.name.split(".")[0] == _ENGINE.name for a in n.names)
            module = " ".join(a.name for a in n.names)
        if engine:
            # a relative import names a claim module or the engine: its names and path, either way
            names.update(_WORD.findall(module))
            for a in n.names:
                names.update(_WORD.findall(a.name))
                star = star or a.name == "*"
    if star:
        names.update(n.id for n in ast.walk(tree) if isinstance(n, ast.Name))
    if dynamic:
        names.update(w for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                     for w in _WORD.findall(n.value))
    return frozenset(names), frozenset(imports)


def _statements(body):
    """Every statement, nested ones included (imports are statements: no need to walk expressions)."""
    for stmt in body:
        yield stmt
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            inner = getattr(stmt, field, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def _file_imports(filename: str, memo: dict | None) -> frozenset | None:
    """The imports of a project file as (level, module, names), kept in `memo` by content (a warm run parses none)."""
    try:
        content = Path(filename).read_bytes()
    except OSError:
        return None
    key = "imports:" + hashlib.sha256(content).hexdigest()
    if memo is not None and key in memo:
        return frozenset((level, module, tuple(names)) for level, module, names in memo[key])
    try:
        imports = _file_identifiers(filename, content)[1]
    except (SyntaxError, ValueError):
        return None
    if memo is not None:
        memo[key] = sorted([level, module, list(names)] for level, module, names in imports)
    return imports


_MODULE_FILES: list = [None, {}]


def _module_files() -> dict[str, str]:
    """Loaded project modules: name -> file (recomputed when a module was loaded, unloaded or loaded again: a claim
    file imported anew under the same name, from another folder, is another module object)."""
    import sys

    loaded = tuple(map(id, list(sys.modules.values())))
    if _MODULE_FILES[0] == loaded:
        return _MODULE_FILES[1]
    out = {}
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None)
        if f and _is_project_file(f):
            out[name] = _resolved(f)
    _MODULE_FILES[:] = [loaded, out]
    return out


def _reach(objects) -> set[str]:
    """The project files of the functions, classes and modules reachable from `objects` through globals, closures,
    defaults, containers, class members and module contents."""
    import sys

    files: set[str] = set()
    todo: list = list(objects)
    seen: set[int] = set()
    while todo:
        v = todo.pop()
        if id(v) in seen or isinstance(v, _LITERALS):
            continue
        seen.add(id(v))
        if isinstance(v, types.ModuleType):
            f = getattr(v, "__file__", None)
            if f and _is_project_file(f):
                # a module used as a value (another paper's package: `jmlr.model.f(...)`): whatever it holds
                files.add(_resolved(f))
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
            files.add(_resolved(code.co_filename))
            glob = getattr(fn, "__globals__", {})
            todo.extend(glob[n] for n in _names(code) if n in glob)
            todo.extend(c.cell_contents for c in (getattr(fn, "__closure__", None) or ()) if _filled(c))
            todo.extend(getattr(fn, "__defaults__", None) or ())
            todo.extend((getattr(fn, "__kwdefaults__", None) or {}).values())
        elif isinstance(fn, type):
            mod = sys.modules.get(fn.__module__)
            f = getattr(mod, "__file__", None)
            if f and _is_project_file(f):
                files.add(_resolved(f))
                todo.extend(vars(fn).values())
    return files


_REACH_MEMO: dict[int, tuple[object, frozenset]] = {}


def _module_reach(module, memo: dict | None = None) -> frozenset:
    """_reach of everything a project module holds, then the project modules its files import (memoised per module
    object: the checks of one claim file share it; a re-imported file is a new module object)."""
    hit = _REACH_MEMO.get(id(module))
    if hit is not None and hit[0] is module:
        return hit[1]
    files = _reach([module])
    out = _imported(files, memo)
    result = frozenset(out) if out is not None else frozenset({"<unplaced>"})
    _REACH_MEMO[id(module)] = (module, result)
    return result


def _project_files(fns, memo: dict | None = None) -> set[str] | None:
    """The project files whose code `fns` may run: everything the modules defining them hold and reach (through
    globals, closures, defaults and module contents), and, transitively, the project modules those files import.
    A whole module stands for each function: the identifiers taken from these files are per file anyway. None when
    something cannot be placed."""
    import sys

    files: set[str] = set()
    loose = []
    for fn in fns:
        mod = sys.modules.get(getattr(fn, "__module__", None) or "")
        f = getattr(mod, "__file__", None)
        if f and _is_project_file(f) and _resolved(f) == _resolved(fn.__code__.co_filename):
            files |= _module_reach(mod, memo)
        else:
            loose.append(fn)
    if loose:
        more = _imported(_reach(loose), memo)
        if more is None:
            return None
        files |= more
    return None if "<unplaced>" in files else files


def _imported(files: set[str], memo: dict | None = None) -> set[str] | None:
    """`files` and the project modules they import (statically), transitively: what those define at import may be
    what a check reads (a value built by engine code at import). A package's `from . import section` is not
    followed (a claim package's __init__ imports all its sections, and a section reaches it by
    `from . import paper`); its imports of values are."""
    modules = _module_files()
    by_file: dict[str, list[str]] = {}
    for name, f in modules.items():
        by_file.setdefault(f, []).append(name)
    files = set(files)
    todo_files = list(files)
    while todo_files:
        f = todo_files.pop()
        imports = _file_imports(f, memo)
        if imports is None:
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


def _declared(claim, check, memo: dict | None = None):
    """What the engine's part of a check's key starts from: the engine functions it declares (module, defining
    qualname) and the project files its code can run; None where something cannot be placed."""
    fns = [check.fn, check.replay, check.recheck] + [h.test for h in claim.hypotheses_for(check.name)]
    engine_fns, project = [], []
    for fn in _callables(fns):
        target = _unwrap(fn)
        code = getattr(target, "__code__", None)
        filename = code.co_filename if code is not None else ""
        if code is not None and Path(_resolved(filename)).is_relative_to(_ENGINE):
            # the defining qualname (a check may be renamed: the engine's statement_<name> checks)
            engine_fns.append((getattr(target, "__module__", "") or "",
                               getattr(code, "co_qualname", target.__qualname__)))
        elif code is not None and _is_project_file(filename):
            project.append(target)
        elif code is None or not any(Path(_resolved(filename)).is_relative_to(lib) for lib in _LIBRARY):
            return None                 # a callable object, or code from nowhere known
    files = _project_files(project, memo)
    return None if files is None else (sorted(engine_fns), frozenset(files))


def _roots(g, engine_fns, files):
    """(units, names) for the graph `g`; None where something cannot be placed."""
    units = [g.unit_for(m, q) for m, q in engine_fns]
    # a method declared as a check: its class too (its instance exists, its other methods may run)
    units += [g.unit_for(m, q.split(".")[0]) for m, q in engine_fns if "." in q.split(".<locals>")[0]]
    names = _names_of(files)
    return None if None in units or names is None else (tuple(sorted(units)), names)


def engine_reach(claim, check) -> set[str] | None:
    """The engine units (symrnn._engine_graph ids) `check` can run; None where the key covers the whole engine.
    For tools and tests that compare it with what a check executes."""
    from . import _engine_graph

    g = _engine_graph.graph()
    declared = _declared(claim, check)
    roots = _roots(g, *declared) if g is not None and declared is not None else None
    return None if roots is None else g.reach(*roots)


def engine_digest_for(claim, check, memo: dict | None = None) -> str:
    """Digest of the engine code `check` (a check of `claim`) can run: symrnn._engine_graph's reach from the
    identifiers of the claim files its code lives in (and the project files they import) and from the engine
    functions it declares directly. The whole engine's digest where the analysis cannot place something.

    memo: digests already computed (kept in the cache folder by the runner), keyed by the whole engine's digest,
    the engine functions declared and the contents of those claim files: a warm run builds no graph."""
    from . import _cache, _engine_graph

    whole = _cache.engine_digest()
    declared = _declared(claim, check, memo)
    stamp = _contents_digest(declared[1]) if declared is not None else None
    if stamp is None:
        return "whole:" + whole
    key = hashlib.sha256(repr((whole, declared[0], stamp)).encode()).hexdigest()
    if memo is not None and key in memo:
        return memo[key]
    g = _engine_graph.graph()
    roots = _roots(g, *declared) if g is not None else None
    if roots is None:
        return "whole:" + whole
    out = g.digest(*roots) + _engine_graph.engine_data_digest()
    if memo is not None:
        memo[key] = out
    return out


def _callables(fns):
    """The callables behind `fns`: a partial's function and the callables among its arguments, a bound method's
    function (and its instance's bound methods among a partial's arguments)."""
    todo, out, seen = list(fns), [], set()
    while todo:
        fn = todo.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, functools.partial):
            todo.append(fn.func)
            todo.extend(v for v in (*fn.args, *fn.keywords.values()) if callable(v))
        else:
            out.append(fn)
    return out


_CONTENTS_MEMO: dict[frozenset, tuple[tuple, str]] = {}


def _contents_digest(files: frozenset) -> str | None:
    """A digest of the paths and contents of `files` (memoised while their sizes and times stay)."""
    import os

    try:
        stats = tuple((f, os.stat(f).st_mtime_ns, os.stat(f).st_size) for f in sorted(files))
    except OSError:
        return None
    hit = _CONTENTS_MEMO.get(files)
    if hit is not None and hit[0] == stats:
        return hit[1]
    h = hashlib.sha256()
    try:
        for f, _, _ in stats:
            h.update(f.encode() + b"\0" + hashlib.sha256(Path(f).read_bytes()).digest())
    except OSError:
        return None
    _CONTENTS_MEMO[files] = (stats, h.hexdigest())
    return h.hexdigest()


_NAMES_MEMO: dict[frozenset, tuple[tuple, frozenset | None]] = {}


def _names_of(files: frozenset) -> frozenset | None:
    """The identifiers of `files` (memoised per set of files and their contents: the checks of a file share them)."""
    try:
        contents = tuple(Path(f).read_bytes() for f in sorted(files))
    except OSError:
        return None
    stamp = tuple(hash(c) for c in contents)
    hit = _NAMES_MEMO.get(files)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    names: set[str] | None = set()
    try:
        for f, c in zip(sorted(files), contents):
            names |= _file_identifiers(f, c)[0]
    except (SyntaxError, ValueError):
        names = None
    out = frozenset(names) if names is not None else None
    _NAMES_MEMO[files] = (stamp, out)
    return out


__all__ = ["check_digest", "engine_digest_for", "engine_reach"]
