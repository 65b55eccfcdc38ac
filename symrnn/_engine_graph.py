"""Which engine code a check can run, found statically (ast): the engine's part of a check's cache key.

The engine's source (less its presentation layer) is cut into units: each top-level function, each method, each
class body (bases, decorators, class-level statements), each module-level assignment, and each module's header (its
imports and other top-level statements). A check's key covers the units reachable from its roots:

- roots: the runner's execution of a check (`execute_check`, the worker, the Dask worker, the result type), the
  modules that load and build claims (`_registry`, `_claims`, `_statement`), every unit with a decorator that may
  register it somewhere, the engine functions the check declares directly (the engine's own statement checks), and
  the identifiers by which the claim files whose code the check runs can reach the engine (symrnn._fingerprint), used
  as attributes; not the functions that only build a check's own function (`CHECK_BUILDERS`: what they build runs
  as the checks that declare it);
- a name resolves through its module's top-level bindings and imports, re-exports followed;
- an attribute `x.name` (whose owner is not known statically) reaches the methods called `name` of the classes
  reached by name (an object exists only once its class was named), and the module-level units called `name` of
  the modules imported: a fixpoint, since a class or module reached later brings what was named before. An attribute
  of a name bound only by importing a library (`sympy.sign`) is the library's and reaches nothing; `getattr(x, "n")`
  is `x.n`; any other string is data, a name only for its own module's lookups by computed strings (below);
- an import runs a module's header, its packages' headers, the headers of what it imports, its class bodies, its
  assignments of computed values and the decorators and default values of its functions, and brings its
  `__getattr__` (whose lookups by string import submodules: what they return is used under the attribute's name);
- a class reached by name brings its dunder methods, and all its methods when it derives from a library class or
  has a metaclass (sympy, torch or Hypothesis may call any of them);
- a unit that looks names up by computed strings (getattr with a variable, import_module, vars, eval...) reaches
  every name a string of its module spells, begins (a word ending in "_") or ends (a word starting with "_").

Every rule over-approximates: a check re-runs more often than needed, never less. A unit's digest is its syntax
tree without docstrings or positions, so moving code or editing documentation re-runs nothing. Anything the
analysis cannot place makes the caller fall back to the digest of the whole engine. tests/engine/
test_engine_cache_keys.py profiles checks against their reach; tests/benchmarks/probe_engine_reach.py does it for
any checks of the papers.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parent

_SAFE_DECORATORS = {"property", "staticmethod", "classmethod", "cached_property", "lru_cache", "cache", "wraps",
                    "dataclass", "contextmanager", "total_ordering", "abstractmethod", "overload", "setter",
                    "getter", "deleter", "final"}
_DYNAMIC = {"getattr", "setattr", "delattr", "hasattr", "import_module", "__import__", "eval", "exec", "globals",
            "vars", "locals", "attrgetter", "methodcaller", "dir"}
_IDENTIFIER = re.compile(r"\.*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_WORD = re.compile(r"[A-Za-z_]\w*")
# what every check runs: the worker, the context it gets, its result; and the code that builds claims from files
RUNTIME_ROOTS = ("symrnn._execute:execute_check", "symrnn._workers:_serve", "symrnn._distributed:remote_check",
                 "symrnn._evidence:CheckResult")
# (not the package itself: its header comes with every import, and its version string matters to no check, so an
# upgrade that changes nothing a check runs keeps the check's result)
ROOT_MODULES = ("symrnn._claims", "symrnn._statement", "symrnn._registry")
# functions that only build a check's own function and return it (the code building claims calls them): what the
# built function runs belongs to the checks that declare it, not to every check whose claims were built. Honoured only
# while the builder's own body calls nothing (`Graph.builders`); a builder that does is followed like any unit.
CHECK_BUILDERS = ("symrnn._statement:statement_check",)


@dataclass
class Unit:
    id: str
    module: str
    digest: str = ""
    names: set[str] = field(default_factory=set)       # Name ids, resolved in the module's scope
    attrs: set[str] = field(default_factory=set)       # matched against every unit's name
    imports: set[str] = field(default_factory=set)     # engine modules it imports (their headers run)
    members: list[str] = field(default_factory=list)   # a class: the methods that come with it
    dynamic: bool = False
    lazy: bool = False              # a module's __getattr__: its computed lookups import submodules
    lines: tuple[int, int] = (0, 0)  # first and last line (for tools that map executed code back to units)
    bodies: list[str] = field(default_factory=list)   # a header: the assignments and class bodies run at import
    bases: list[ast.expr] = field(default_factory=list)
    metaclass: bool = False


def _strip_docstrings(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body \
                and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]


def _dump(nodes) -> str:
    return hashlib.sha256("\n".join(ast.dump(n, include_attributes=False) for n in nodes).encode()).hexdigest()


def _literal(node: ast.expr | None) -> bool:
    """A value written out (numbers, strings, containers of them): assigning it runs no code."""
    try:
        ast.literal_eval(node) if node is not None else None
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _decorator_name(d: ast.expr) -> str | None:
    f = d.func if isinstance(d, ast.Call) else d
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _registers(decorators, wrappers=frozenset()) -> bool:
    """A decorator that is not a known pure wrapper may register the function (then called from a table)."""
    return any(_decorator_name(d) not in _SAFE_DECORATORS and not (isinstance(d, ast.Name) and d.id in wrappers)
               for d in decorators)


def _pure_wrapper(fn: ast.FunctionDef) -> bool:
    """`def deco(f): @functools.wraps(f) def wrapper(...): ...; return wrapper`: the decorated function is kept only in
    the wrapper's closure (called under its own name), never stored anywhere else."""
    body = fn.body
    return (len(fn.args.args) == 1 and len(body) == 2 and isinstance(body[0], ast.FunctionDef)
            and all(_decorator_name(d) == "wraps" for d in body[0].decorator_list)
            and isinstance(body[1], ast.Return) and isinstance(body[1].value, ast.Name)
            and body[1].value.id == body[0].name)


def _bindings(nodes, own: str, functions: bool) -> tuple[set[str], set[str]]:
    """(names bound by importing a library, names bound any other way) in `nodes`; with functions=False, not inside
    the bodies of functions (only their names, decorators and default values, which run where they are defined)."""
    fallback: set[int] = set()
    imported, other = set(), set()
    todo = list(nodes)
    while todo:
        n = todo.pop()          # a node before its children
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant) and n.value.value is None:
            fallback.update(id(t) for t in n.targets)   # `np = None` where the import failed: no engine object
        elif isinstance(n, ast.Import):
            for a in n.names:
                (other if a.name.split(".")[0] == own else imported).add(a.asname or a.name.split(".")[0])
        elif isinstance(n, ast.ImportFrom):
            library = not n.level and (n.module or "").split(".")[0] not in ("", own)
            for a in n.names:
                (imported if library and a.name != "*" else other).add(a.asname or a.name)
        elif isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
            if id(n) not in fallback:
                other.add(n.id)
        elif isinstance(n, ast.arg):
            other.add(n.arg)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(n.name)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            other.update(n.names)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            other.add(n.name)
        elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            other.add(n.name)
        if not functions and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo += [*getattr(n, "decorator_list", ()), *n.args.defaults, *(k for k in n.args.kw_defaults if k)]
            if isinstance(n, ast.Lambda):      # its body is read with the module's names: its arguments shadow them
                other.update(a.arg for a in ast.walk(n.args) if isinstance(a, ast.arg))
        else:
            todo.extend(ast.iter_child_nodes(n))
    return imported, other


def library_names(tree: ast.Module, own: str = ENGINE.name, text: str | None = None) \
        -> tuple[frozenset[str], frozenset[str]]:
    """(library, other) for the module scope of `tree`: the names it binds only by importing a library (`import
    sympy`, `from mpmath import mp`, `np = None` in an import's fallback), whose attributes are the library's, never
    engine code; and the names it binds in any other way (an assignment, an import from `own`, a definition, a
    function's `global` statement)."""
    imported, other = _bindings(tree.body, own, functions=False)
    if text is None or "global" in text:
        other |= {g for n in ast.walk(tree) if isinstance(n, ast.Global) for g in n.names}
    return frozenset(imported - other), frozenset(other)


def local_library_names(fn: ast.AST, module: tuple[frozenset[str], frozenset[str]],
                        own: str = ENGINE.name) -> frozenset[str]:
    """The library names inside the function `fn`, given its module's (library, other): a name bound in `fn` (or in a
    function nested in it) only by importing a library, or bound nowhere in `fn` and a library name of the module; a
    name bound in `fn` any other way, or bound at module level any other way, is not one."""
    imported, other = _bindings([fn], own, functions=True)
    other.discard(getattr(fn, "name", None))
    library, module_other = module
    return frozenset(((imported - other) | (library - imported - other)) - module_other)


def _factory(fn: ast.FunctionDef) -> bool:
    """A function whose body, outside the functions it defines, runs nothing: no call, no operator, subscript,
    attribute read or formatted string (each may run a dunder or a property of an engine class), no decorator or
    default value; it may set attributes of the functions it defines. Calling it runs only those definitions."""
    if fn.decorator_list or fn.args.defaults or any(fn.args.kw_defaults):
        return False
    nested = {n.name for n in fn.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    todo = list(fn.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if n.decorator_list or n.args.defaults or any(n.args.kw_defaults) or n.returns \
                    or any(a.annotation for a in ast.walk(n.args) if isinstance(a, ast.arg)):
                return False
            continue                # its body runs when the built function is called
        if isinstance(n, ast.Attribute):
            if not (isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) and n.value.id in nested):
                return False
            continue
        if not isinstance(n, (ast.Assign, ast.Return, ast.Name, ast.Constant, ast.Load, ast.Store, ast.Pass,
                              ast.Expr)):
            return False
        todo.extend(ast.iter_child_nodes(n))
    return True


def module_name(path: Path, root: Path = ENGINE) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Graph:
    """The unit graph of one engine tree (`files`: path -> source text)."""

    def __init__(self, files: dict[Path, str], root: Path = ENGINE):
        self.root = root
        self.units: dict[str, Unit] = {}
        self.top: dict[str, list[str]] = {}              # a module-level name -> its units (in any module)
        self.module_top: dict[str, list[tuple[str, str]]] = {}   # module -> (name, unit) of its module-level names
        self.methods: dict[str, list[tuple[str, str]]] = {}      # a method's name -> (class unit, method unit)
        self.class_methods: dict[str, list[tuple[str, str]]] = {}
        self.submodules: dict[str, list[str]] = {}       # last component of a module's name -> its header
        self.registered: list[str] = []
        self.scope: dict[str, dict[str, list[str]]] = {}
        self.binds: dict[str, dict[str, list[tuple[str, str | None]]]] = {}
        self.words: dict[str, set[str]] = {}
        self.packages: set[str] = set()
        self.classes: set[str] = set()
        self.aliases: dict[str, list[str]] = {}           # a name an import binds at module level -> those modules
        self.module_aliases: dict[str, list[str]] = {}
        self.modules = {module_name(p, root): p for p in files}
        self._factories: set[str] = set()
        for p in files:
            if p.name == "__init__.py":
                self.packages.add(module_name(p, root))
        for p, text in sorted(files.items()):
            self._module(module_name(p, root), p.name == "__init__.py", text)
        for u in self.units.values():
            if u.bases or u.metaclass:
                self._class_members(u)
        self.builders = frozenset(b for b in CHECK_BUILDERS if b in self._factories)

    # --- building ---
    def header(self, module: str) -> str:
        return f"{module}:<header>"

    def _index(self, name: str, uid: str, module: str) -> None:
        self.top.setdefault(name, []).append(uid)
        self.module_top.setdefault(module, []).append((name, uid))
        self.scope[module].setdefault(name, []).append(uid)

    def _new(self, uid: str, module: str, nodes, package: str) -> Unit:
        u = Unit(uid, module, digest=_dump(nodes),
                 lines=(min((n.lineno for n in nodes), default=0), max((n.end_lineno for n in nodes), default=0)))
        for node in nodes:
            self._refs(node, u, module, package)
        self.units[uid] = u
        return u

    def _target(self, node: ast.ImportFrom, package: str) -> str:
        if not node.level:
            return node.module or ""
        base = package.split(".")
        base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
        return ".".join(base + ([node.module] if node.module else []))

    def _refs(self, tree: ast.AST, u: Unit, module: str, package: str) -> None:
        # the names of a library's own modules and objects: `sympy.sign` is SymPy's, not an engine method `sign`
        nodes = list(ast.walk(tree))
        library = self._library_names[0]
        if isinstance(tree, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(n, (ast.Import, ast.ImportFrom)) or (isinstance(n, ast.Attribute) and isinstance(
                    n.value, ast.Name) and n.value.id in library) for n in nodes):
            library = local_library_names(tree, self._library_names, self.root.name)
        for n in nodes:
            if isinstance(n, ast.Name):
                u.names.add(n.id)
            elif isinstance(n, ast.Attribute):
                if not (isinstance(n.value, ast.Name) and n.value.id in library):
                    u.attrs.add(n.attr)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and _IDENTIFIER.fullmatch(n.value):
                # a string is data: a name only for this module's own lookups by computed name (the dynamic rule;
                # every such lookup in the engine is reviewed in the tests: each takes its names from its own
                # module's strings or looks them up on a library's objects)
                self.words[module].update(_WORD.findall(n.value))
            elif isinstance(n, ast.Import):
                for a in n.names:
                    if a.name.split(".")[0] == self.root.name:
                        u.imports.add(a.name)
                        bound = a.asname or a.name.split(".")[0]
                        self.binds[module].setdefault(bound, []).append((a.name if a.asname else bound, None))
            elif isinstance(n, ast.ImportFrom):
                target = self._target(n, package)
                if target.split(".")[0] != self.root.name:
                    continue
                u.imports.add(target)
                for a in n.names:
                    if f"{target}.{a.name}" in self.modules:
                        u.imports.add(f"{target}.{a.name}")
                    self.binds[module].setdefault(a.asname or a.name, []).append((target, a.name))
            elif isinstance(n, ast.Call):
                name = n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", None)
                if name in _DYNAMIC:
                    constant = name in ("getattr", "setattr", "delattr", "hasattr") and len(n.args) >= 2 \
                        and isinstance(n.args[1], ast.Constant) and isinstance(n.args[1].value, str)
                    if constant:            # getattr(x, "name") is x.name
                        u.attrs.add(n.args[1].value)
                    u.dynamic = u.dynamic or not constant

    def _module(self, module: str, is_package: bool, text: str) -> None:
        tree = ast.parse(text)
        _strip_docstrings(tree)
        package = module if is_package else module.rpartition(".")[0]
        self.scope[module], self.binds[module] = {}, {}
        self.words[module] = set()          # filled by _refs: the identifier-like strings of the module
        head, counts, lazy, at_import, bodies = [], {}, [], [], []
        self._wrappers = frozenset(d.name for d in tree.body if isinstance(d, ast.FunctionDef) and _pure_wrapper(d))
        self._library_names = library_names(tree, self.root.name, text)
        for stmt in tree.body:
            # what runs when the module is imported, besides its header: decorators and default values of its
            # functions and methods, assignments and class bodies (below)
            for d in [stmt] + (stmt.body if isinstance(stmt, ast.ClassDef) else []):
                if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    # a default written out (a number, a string) runs no code at import: it is the function's own
                    # (in its unit), so a new method with literal defaults leaves the module's header alone
                    at_import += d.decorator_list + [k for k in (*d.args.defaults, *d.args.kw_defaults)
                                                     if k is not None and not _literal(k)]
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                uid = f"{module}:{stmt.name}"
                self._new(uid, module, [stmt], package)
                if _factory(stmt):
                    self._factories.add(uid)
                self._index(stmt.name, uid, module)
                if _registers(stmt.decorator_list, self._wrappers):
                    self.registered.append(uid)
                if stmt.name in ("__getattr__", "__dir__"):
                    lazy.append(uid)
            elif isinstance(stmt, ast.ClassDef):
                bodies.append(self._class(stmt, module, package))
            elif isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and [getattr(t, "id", "") for t in (
                    stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])] == ["__all__"]:
                continue            # what a star import exports, and documentation: no check runs it
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and self._plain_targets(stmt):
                names = sorted(self._bound(stmt))
                key = ",".join(names)
                counts[key] = counts.get(key, 0) + 1
                uid = f"{module}:={key}#{counts[key]}"
                self._new(uid, module, [stmt], package)
                if not _literal(stmt.value):
                    bodies.append(uid)      # runs code at import; a literal only matters to the code that reads it
                for name in names:
                    self._index(name, uid, module)
            else:
                head.append(stmt)
        uid = self.header(module)
        u = self._new(uid, module, head + at_import, package)
        u.bodies = bodies
        # a module's __getattr__ runs on any attribute access to the module: it comes with the module; what it returns
        # is used under the attribute's name (matched anyway), so its lookups by string only import submodules
        u.members += lazy
        for k in lazy:
            self.units[k].lazy = True
        for stmt in head:
            for name in self._bound(stmt):
                if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                    # `package.name` where the package re-exports an import: what the import binds, not the header
                    self.aliases.setdefault(name, []).append(module)
                    self.module_aliases.setdefault(module, []).append(name)
                    self.scope[module].setdefault(name, []).append(uid)
                else:
                    self._index(name, uid, module)
        self.submodules.setdefault(module.rpartition(".")[2], []).append(uid)
        if "." in module:
            u.imports.add(module.rpartition(".")[0])        # importing a module runs its package first

    @staticmethod
    def _plain_targets(stmt) -> bool:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        return all(isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.Starred, ast.Store))
                   for t in targets for n in ast.walk(t))

    @staticmethod
    def _bound(stmt) -> set[str]:
        out = set()
        for n in ast.walk(stmt):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                out.add(n.id)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(n.name)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in n.names)
        return out

    def _class(self, node: ast.ClassDef, module: str, package: str) -> str:
        uid = f"{module}:{node.name}"
        body = copy.copy(node)
        body.body = [s for s in node.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
        u = self._new(uid, module, [body], package)
        u.bases = list(node.bases)
        u.metaclass = any(k.arg == "metaclass" for k in node.keywords)
        self.classes.add(uid)
        self._index(node.name, uid, module)
        if _registers(node.decorator_list, self._wrappers):
            self.registered.append(uid)
        # class-level values need no index: an attribute of an instance or of the class is read by code that reached
        # the class (it made the instance, or names the class), and the class brings its body
        self.class_methods[uid] = []
        for m in node.body:
            if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)):
                mid = f"{module}:{node.name}.{m.name}"
                self._new(mid, module, [m], package)
                self.methods.setdefault(m.name, []).append((uid, mid))
                self.class_methods[uid].append((m.name, mid))
                if (m.name.startswith("__") and m.name.endswith("__")) or _registers(
                        [d for d in m.decorator_list if _decorator_name(d) not in ("property", "setter")],
                        self._wrappers):
                    u.members.append(mid)
        return uid

    def _library_derived(self, uid: str, depth: int = 0) -> bool:
        """A class with a metaclass, or a base that is not an engine class, or an engine base that is library
        derived: a library may call any of its methods (sympy's _eval_*, torch's forward...)."""
        u = self.units[uid]
        if u.metaclass:
            return True
        for b in u.bases:
            if isinstance(b, ast.Name) and b.id == "object":
                continue
            found = [r for r in self.resolve(u.module, b.id) if r in self.classes] if isinstance(b, ast.Name) else []
            if not found or depth > 30 or any(self._library_derived(r, depth + 1) for r in found):
                return True
        return False

    def _class_members(self, u: Unit) -> None:
        if self._library_derived(u.id):
            prefix = u.id + "."
            u.members = sorted(set(u.members) | {k for k in self.units if k.startswith(prefix)})

    # --- reaching ---
    def resolve(self, module: str, name: str, depth: int = 0) -> list[str]:
        """The units a name used in `module` may denote (with the headers of the modules it comes from)."""
        return list(self.scope.get(module, {}).get(name, ())) + self.resolve_import(module, name, depth)

    def resolve_import(self, module: str, name: str, depth: int = 0) -> list[str]:
        """What an import in `module` binds to `name` (an attribute `module.name` taken by code that imported
        `module`: that code reaches the header of `module` through its own import)."""
        out = []
        for target, orig in self.binds.get(module, {}).get(name, ()):
            if orig is None or f"{target}.{orig}" in self.modules:
                out.append(self.header(target if orig is None else f"{target}.{orig}"))
            elif target in self.modules and depth < 30:
                out.append(self.header(target))
                out += self.resolve(target, orig, depth + 1)
        return out

    def closure(self, units, names) -> set[str]:
        """The units reachable from `units` (ids) and the identifiers `names` (used as attributes).

        An attribute reaches the methods of that name of the classes reached, and the module-level units of that name
        of the modules reached (an object exists only once its class, or a module once its header, is reached): a
        fixpoint, since a class or module reached later brings its members named by attributes seen before."""
        seen: set[str] = set()
        live: set[str] = set()       # classes reached by name (their instances may exist), not only run at import
        attrs: set[str] = set()
        todo = [*units, *self.registered]
        skip = self.builders - set(units)
        bodies: list[str] = []       # class bodies and assignments run by an import

        def attribute(a: str) -> None:
            if a in attrs or (a.startswith("__") and a.endswith("__")):   # dunders come with their class
                return
            attrs.add(a)
            todo.extend(self.submodules.get(a, ()))
            todo.extend(mid for cls, mid in self.methods.get(a, ()) if cls in live)
            todo.extend(k for k in self.top.get(a, ()) if self.header(self.units[k].module) in seen)
            for m in self.aliases.get(a, ()):
                if self.header(m) in seen:
                    todo.extend(self.resolve_import(m, a))

        for n in names:
            attribute(n)
        while todo or bodies:
            by_import = not todo
            uid = bodies.pop() if by_import else todo.pop()
            if uid in self.classes and not by_import and uid not in live and uid in self.units:
                live.add(uid)               # reached by name: its dunders, and its methods named by attributes
                todo.extend(self.units[uid].members)
                todo.extend(mid for name, mid in self.class_methods[uid] if name in attrs)
            if uid in seen or uid not in self.units or uid in skip:
                continue
            seen.add(uid)
            u = self.units[uid]
            if uid == self.header(u.module):
                bodies.extend(u.bodies)
                todo.extend(k for name, k in self.module_top.get(u.module, ()) if name in attrs)
                for name in self.module_aliases.get(u.module, ()):
                    if name in attrs:
                        todo.extend(self.resolve_import(u.module, name))
            todo.append(self.header(u.module))
            todo.extend(self.header(m) for m in u.imports if m in self.modules)
            for n in u.names:
                todo.extend(self.resolve(u.module, n))
            for a in u.attrs:
                attribute(a)
            if uid not in self.classes:
                todo.extend(u.members)
            if u.lazy:
                todo.extend(k for w in self.words[u.module] for k in self.submodules.get(w, ()))
            elif u.dynamic:
                for a in self._named_by_strings(u.module):
                    attribute(a)
        return seen

    @lru_cache(maxsize=None)
    def _named_by_strings(self, module: str) -> tuple[str, ...]:
        """Every name a string of `module` may spell: a word, or a word and a computed rest (a word ending in "_" as
        a prefix, one starting with "_" as a suffix: getattr(x, "is_" + kind))."""
        words = self.words[module]
        # a bare "_" (or "__") is no prefix: it would name every private function
        prefixes = tuple(w for w in words if w.endswith("_") and w.strip("_"))
        suffixes = tuple(w for w in words if w.startswith("_") and w.strip("_"))
        known = set(self.top) | set(self.methods) | set(self.submodules) | set(self.aliases)
        return tuple(sorted(words | {n for n in known if (prefixes and n.startswith(prefixes))
                                     or (suffixes and n.endswith(suffixes))}))

    @lru_cache(maxsize=256)
    def digest(self, units: tuple[str, ...], names: frozenset[str]) -> str:
        """Digest of the units reachable from `units` (ids) and `names` (identifiers of the check's files; the checks of
        one file share them, hence the memo)."""
        h = hashlib.sha256()
        for uid in sorted(self.reach(units, names)):
            h.update(f"{uid}={self.units[uid].digest}\n".encode())
        return h.hexdigest()

    def reach(self, units, names) -> set[str]:
        """The units a check can run: the closure from what every check runs, `units` and `names`."""
        roots = [*RUNTIME_ROOTS, *units]
        for m in ROOT_MODULES:
            roots += [k for k in self.units if k.startswith(m + ":") and (k in units or k not in self.builders)]
        return self.closure(roots, names)

    def unit_at(self, module: str, line: int) -> str | None:
        """The innermost unit of `module` whose lines hold `line` (a header's span is only approximate)."""
        found = [u for u in self.units.values() if u.module == module and u.lines[0] <= line <= u.lines[1]
                 and not u.id.endswith(":<header>")]
        return min(found, key=lambda u: u.lines[1] - u.lines[0]).id if found else self.header(module)

    def unit_for(self, module: str, qualname: str) -> str | None:
        """The unit holding the function or class `module.qualname` (a nested function: its enclosing unit)."""
        parts = qualname.split(".<locals>")[0].split(".")
        for k in (2, 1):
            uid = f"{module}:{'.'.join(parts[:k])}"
            if len(parts) >= k and uid in self.units:
                return uid
        return None


def engine_sources(root: Path = ENGINE) -> dict[Path, str]:
    from ._cache import engine_files

    return {p: p.read_text() for p in engine_files() if p.suffix == ".py"} if root == ENGINE else \
        {p: p.read_text() for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts}


@lru_cache(maxsize=None)
def graph() -> Graph | None:
    """The graph of the installed engine; None when it cannot be built (the caller keys on the whole engine)."""
    try:
        g = Graph(engine_sources())
    except (OSError, SyntaxError, ValueError, RecursionError):
        return None
    return g if all(r in g.units for r in RUNTIME_ROOTS) else None


@lru_cache(maxsize=None)
def engine_data_digest() -> str:
    """The engine's files that are not Python source (templates, data): in every key."""
    from ._cache import engine_files

    h = hashlib.sha256()
    for p in engine_files():
        if p.suffix != ".py":
            h.update(str(p.relative_to(ENGINE)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


__all__ = ["Graph", "graph", "engine_data_digest", "module_name"]
