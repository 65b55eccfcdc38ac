"""The engine's part of a check's cache key covers the engine code the check can run (symrnn._engine_graph, issue 23):
editing an engine function no check can run keeps every cached result; editing one that some checks can run re-runs
those. Engine edits are simulated (the graph reads edited source), never written into symrnn/."""

import ast
import hashlib
import json
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from symrnn import _cache
from symrnn import _engine_graph as eg
from symrnn import _fingerprint
from symrnn.cli import main

# --- the rules, on a made-up engine -------------------------------------------------------------------------------

FAKE = {
    "__init__.py": "from .core import run\n",
    "core.py": '''
        from .util import helper
        from . import tables

        def run(x):
            """Docstring."""
            return helper(x) + tables.LIMIT

        def unused():
            return 1

        class Box:
            def __init__(self, v):
                self.v = v

            def size(self):
                return self.v

            def _hidden(self):
                return 0

        def lookup(obj, kind):
            return getattr(obj, "is_" + kind)

        def make():
            return Box(1)
        ''',
    "util.py": '''
        def helper(x):
            return x

        class Other:
            def size(self):
                return 2
        ''',
    "tables.py": "LIMIT = 3\n",
    "lib.py": '''
        import sympy

        class Fn(sympy.Function):
            def _eval_evalf(self, prec):
                return 1

        def is_even(x):
            return x % 2 == 0
        ''',
    "lazy.py": '''
        _LAZY = {"far": "_far"}

        def __getattr__(name):
            import importlib
            return getattr(importlib.import_module("." + _LAZY[name], __package__), name)
        ''',
    "_far.py": "def far():\n    return 5\n",
}


def _graph(tmp_path, **edits) -> eg.Graph:
    root = tmp_path / "symrnn"
    files = {}
    for name, text in FAKE.items():
        text = textwrap.dedent(edits.get(name.replace(".py", ""), text))
        files[root / name] = text
    return eg.Graph(files, root)


def test_names_resolve_through_imports_and_attributes_reach_only_reached_classes(tmp_path):
    g = _graph(tmp_path)
    reach = g.closure(["symrnn.core:run"], frozenset())
    assert {"symrnn.core:run", "symrnn.util:helper", "symrnn.tables:=LIMIT#1", "symrnn.core:<header>",
            "symrnn:<header>"} <= reach
    # importing core runs the body of class Box, but nothing reached makes a Box: none of its methods can run
    assert "symrnn.core:unused" not in reach and "symrnn.core:Box.__init__" not in reach
    # an attribute reaches the method of that name of a class once the class is reached, in either order
    made = g.closure(["symrnn.core:make"], frozenset({"size"}))
    assert {"symrnn.core:Box", "symrnn.core:Box.__init__", "symrnn.core:Box.size"} <= made
    assert "symrnn.core:Box._hidden" not in made and "symrnn.util:Other.size" not in made
    assert "symrnn.core:Box.size" not in g.closure(["symrnn.core:make"], frozenset())


def test_edits_outside_the_reach_or_without_code_change_keep_the_digest(tmp_path):
    before = _graph(tmp_path).digest(("symrnn.core:run",), frozenset())
    unused = FAKE["core.py"].replace("return 1", "return 2")
    assert _graph(tmp_path, core=unused).digest(("symrnn.core:run",), frozenset()) == before
    moved = "\n\n# a comment\n" + textwrap.dedent(FAKE["core.py"]).replace('"""Docstring."""', '"""Another one."""')
    assert _graph(tmp_path, core=moved).digest(("symrnn.core:run",), frozenset()) == before
    # a new method whose defaults are written out runs nothing at import: the header, and so run's key, stay
    added = FAKE["core.py"].replace("def _hidden(self):", "def extra(self, name: str = 'P', n=3):\n"
                                    "                return name * n\n\n            def _hidden(self):")
    assert "def extra" in added and _graph(tmp_path, core=added).digest(("symrnn.core:run",), frozenset()) == before
    computed = added.replace("n=3", "n=len('abc')")      # a default that runs code at import is the header's
    assert _graph(tmp_path, core=computed).digest(("symrnn.core:run",), frozenset()) != before
    used = FAKE["util.py"].replace("return x", "return x + 0")
    assert _graph(tmp_path, util=used).digest(("symrnn.core:run",), frozenset()) != before
    assert _graph(tmp_path, tables="LIMIT = 4\n").digest(("symrnn.core:run",), frozenset()) != before


LIBRARY = {
    "core.py": '''
        import sympy
        from mpmath import mp
        try:
            import numpy as np
        except ImportError:
            np = None

        class Box:
            def sign(self):
                return -1

            def dps(self):
                return 0

            def zeros(self):
                return 0

        def make():
            return Box(1)

        def library_only(x):
            return sympy.sign(x) + mp.dps + np.zeros(2)

        def table():
            return {"sign": 1, "dps": 2}

        def named():
            return "sign"

        def by_getattr(box):
            return getattr(box, "zeros")()

        def shadowed(sympy):
            return sympy.sign()

        def rebound(box):
            np = box
            return np.zeros()
        ''',
}


def test_library_attributes_and_strings_reach_no_engine_method(tmp_path):
    """`sympy.sign` is SymPy's: it does not make an engine method `sign` reachable; nor does the string "sign" (data:
    a name only for lookups by computed strings in its own module); getattr(x, "zeros") is x.zeros. A name bound any
    other way (an argument, an assignment) is not a library's."""
    g = eg.Graph({tmp_path / "symrnn" / "__init__.py": "", tmp_path / "symrnn" / "core.py":
                  textwrap.dedent(LIBRARY["core.py"])}, tmp_path / "symrnn")
    made = ["symrnn.core:make"]
    for fn in ("library_only", "table", "named"):
        reach = g.closure([*made, f"symrnn.core:{fn}"], frozenset())
        assert not {"symrnn.core:Box.sign", "symrnn.core:Box.dps", "symrnn.core:Box.zeros"} & reach, fn
    assert "symrnn.core:Box.zeros" in g.closure([*made, "symrnn.core:by_getattr"], frozenset())
    assert "symrnn.core:Box.sign" in g.closure([*made, "symrnn.core:shadowed"], frozenset())
    assert "symrnn.core:Box.zeros" in g.closure([*made, "symrnn.core:rebound"], frozenset())


def test_claim_files_reach_the_engine_only_through_attributes_engine_imports_and_names_as_strings(tmp_path):
    text = textwrap.dedent('''
        """Module docstring: the sign of the gradient."""
        import sympy as sp
        from symrnn.numeric import certify_box

        def check(ctx, sign=1):
            """Decides the sign."""
            x = sp.Symbol("x")
            ctx.inequality("x^2 >= 0: the square", 0, sp.sign(x) ** 2, method="arb")
            return certify_box, ctx.run(kind="holds")
        ''').encode()
    names = _fingerprint._file_identifiers(str(tmp_path / "claims.py"), text)[0]
    assert {"inequality", "run", "method", "kind", "certify_box", "numeric", "symrnn", "arb", "holds", "x"} <= names
    # SymPy's sign and Symbol, a local variable, words of docstrings and of sentences
    assert not {"sign", "Symbol", "square", "gradient", "Decides"} & names
    dynamic = text + b"\ndef pick(ctx, what):\n    return getattr(ctx, what)('the square')\n"
    names = _fingerprint._file_identifiers(str(tmp_path / "claims.py"), dynamic)[0]
    assert "square" in names and "gradient" not in names      # a lookup by computed name: every word of its strings


def test_a_check_builder_is_in_the_reach_of_the_checks_it_builds_only():
    """The engine's statement checks are built by `statement_check` when claims are built (a root of every check),
    but run only as the checks that declare them."""
    g = eg.graph()
    builder = "symrnn._statement:statement_check"
    assert builder in g.builders
    assert builder not in g.reach((), frozenset())
    own = g.reach((builder,), frozenset())
    assert {builder, "symrnn._context:CheckContext.inequality", "symrnn._context:CheckContext.identity"} <= own
    # a builder whose own body runs code is followed like any other unit
    tree = ast.parse("def build(c):\n    name = str(c)\n    def run(ctx):\n        return name\n    return run\n")
    assert not eg._factory(tree.body[0])
    tree = ast.parse("def build(c, name):\n    def run(ctx):\n        return c.x\n    run.__name__ = name\n"
                     "    return run\n")
    assert eg._factory(tree.body[0])


def test_computed_names_library_classes_and_lazy_modules(tmp_path):
    g = _graph(tmp_path)
    # getattr(obj, "is_" + kind): every unit whose name starts with the prefix
    assert "symrnn.lib:is_even" in g.closure(["symrnn.core:lookup", "symrnn.lib:<header>"], frozenset())
    # sympy may call any method of a class derived from its own
    assert "symrnn.lib:Fn._eval_evalf" in g.closure(["symrnn.lib:Fn"], frozenset())
    # a module's __getattr__ comes with the module and imports what its table names; what it returns is used by name
    lazy = g.closure(["symrnn.lazy:<header>"], frozenset())
    assert {"symrnn.lazy:__getattr__", "symrnn._far:<header>"} <= lazy and "symrnn._far:far" not in lazy
    assert "symrnn._far:far" in g.closure(["symrnn.lazy:<header>"], frozenset({"far"}))


def test_every_lookup_by_computed_name_in_the_engine_is_reviewed():
    """The rules cover the engine's computed lookups as they are (getattr on torch, mpmath and Arb objects; lazy
    module tables; enumerating claim modules). A new one fails here: check that the dynamic rule of
    symrnn._engine_graph covers it, then add it. The rule holds only if the lookup takes its names from strings of its
    own module, or looks them up on a library's objects: a string elsewhere in the engine is not an attribute (a
    name handed from another engine module to a lookup by computed name would escape the key)."""
    g = eg.graph()
    assert g is not None
    dynamic = {u.id for u in g.units.values() if u.dynamic and not u.lazy}
    assert dynamic == {
        "symrnn._context:CheckContext.sign", "symrnn._fingerprint:_Walker._class",
        "symrnn._fingerprint:_reach", "symrnn._fingerprint:_statements", "symrnn._registry:load_paper",
        "symrnn._registry:Registry.discover", "symrnn._runner:_preload_engine",
        "symrnn.numeric._activations:Activation.mp", "symrnn.numeric._arb:_unary", "symrnn.numeric._arb:_fold",
        "symrnn.train._gru:init_gru_params", "symrnn.train._gru:impulse_input", "symrnn.train._gru:train_gru_students",
        "symrnn.train._linear_rnn:train_students"}


# --- real checks, simulated engine edits ---------------------------------------------------------------------------

INIT = '''
import symrnn as sr
paper = sr.Paper("eng", title="t", authors="a", venue="v")
from . import sec_a, sec_b  # noqa: E402,F401
'''

SEC_A = '''
import sympy as sp
from . import paper

x = sp.Symbol("x")
a = paper.claim("a", kind="lemma", label="A", statement="(x+1)^2 = x^2 + 2x + 1")

@a.check(layer="symbolic", full=True)
def sym(ctx):
    ctx.identity("square", (x + 1) ** 2, x ** 2 + 2 * x + 1)
'''

SEC_B = '''
from fractions import Fraction
from symrnn.numeric._measures import DiscreteMeasure, wasserstein_pp
from . import paper

b = paper.claim("b", kind="lemma", label="B", statement="W_1(delta_0, delta_1) = 1")

@b.check(layer="numeric")
def dist(ctx):
    mu, nu = DiscreteMeasure([Fraction(0)], [Fraction(1)]), DiscreteMeasure([Fraction(1)], [Fraction(1)])
    ctx.exact("W_1", wasserstein_pp(mu, nu, 1), 1)
'''


def _edited(path: Path, qualname: str) -> str:
    """The source of `path` with a no-op statement added at the start of the function `qualname`."""
    text = path.read_text()
    tree = ast.parse(text)
    node = next(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                and n.name == qualname.split(".")[-1])
    first = node.body[0]
    lines = text.splitlines(keepends=True)
    lines.insert(first.lineno - 1, " " * first.col_offset + "_edited_for_a_test = 1\n")
    return "".join(lines)


@pytest.fixture
def engine_edit(monkeypatch):
    """edit(file, function): the engine graph reads that function with one more statement (None: as installed)."""
    real = eg.engine_sources

    def edit(relative: str | None = None, qualname: str = "", replace: tuple[str, str] | None = None):
        sources = dict(real())
        if relative:
            path = eg.ENGINE / relative
            sources[path] = path.read_text().replace(*replace) if replace else _edited(path, qualname)
            assert sources[path] != path.read_text()
        monkeypatch.setattr(eg, "engine_sources", lambda root=eg.ENGINE: sources)
        # the whole engine's digest changes with any edit (it keys the memo of engine keys in the cache folder)
        whole = hashlib.sha256(repr(sorted((str(p), t) for p, t in sources.items())).encode()).hexdigest()
        monkeypatch.setattr(_cache, "engine_digest", lambda: whole)
        eg.graph.cache_clear()
    yield edit
    monkeypatch.setattr(eg, "engine_sources", real)
    eg.graph.cache_clear()


def _package(tmp_path):
    from symrnn._registry import load_paper

    pkg = tmp_path / "eng"
    pkg.mkdir(exist_ok=True)
    for name, text in (("__init__", INIT), ("sec_a", SEC_A), ("sec_b", SEC_B)):
        (pkg / f"{name}.py").write_text(text)
    _forget()
    return load_paper("eng", paths=[pkg]).paper


def _forget():
    """Each CLI invocation in this process must import the claim files anew, as a new process would."""
    from symrnn import _registry

    for name in [n for n in sys.modules if n.startswith("symrnn_claims_eng")]:
        del sys.modules[name]
    _registry.DEPENDENCIES.clear()


def _run(tmp_path) -> dict[str, bool]:
    _forget()
    out = CliRunner().invoke(main, ["check", "eng", "--json", "--quiet", "--path", str(tmp_path / "eng"),
                                    "--cache-dir", str(tmp_path / "cache"), "--out", str(tmp_path / "out")])
    assert out.exit_code == 0, out.output
    return {o["id"]: all(c["cached"] for c in o["checks"]) for o in json.loads(out.stdout) if o["checks"]}


def test_editing_engine_code_reruns_only_the_checks_that_can_run_it(tmp_path, engine_edit):
    _package(tmp_path)
    engine_edit()
    assert _run(tmp_path) == {"eng.a": False, "eng.b": False}
    assert _run(tmp_path) == {"eng.a": True, "eng.b": True}
    # the GRU trainer: no check here can run it
    engine_edit("train/_gru.py", "train_gru_students")
    assert _run(tmp_path) == {"eng.a": True, "eng.b": True}
    # a new version number, nothing else: an upgrade that changes nothing a check runs keeps every result
    engine_edit("__init__.py", replace=('__version__ = "', '__version__ = "9.'))
    assert _run(tmp_path) == {"eng.a": True, "eng.b": True}
    # the symbolic sign decision: b (a Wasserstein distance) cannot run it
    engine_edit("_context.py", "CheckContext.sign")
    assert _run(tmp_path)["eng.b"] is True
    # the Wasserstein distance of discrete measures: only b
    engine_edit("numeric/_measures.py", "wasserstein_pp")
    assert _run(tmp_path) == {"eng.a": True, "eng.b": False}
    # the identity decision behind ctx.identity: a (b never calls it)
    engine_edit("symbolic/_identities.py", "decide_identity")
    assert _run(tmp_path)["eng.a"] is False
    # what runs every check: both
    engine_edit("_execute.py", "execute_check")
    assert _run(tmp_path) == {"eng.a": False, "eng.b": False}
    # what a worker restores before each check: both
    engine_edit("_workers.py", "_ProcessState.restore")
    assert _run(tmp_path) == {"eng.a": False, "eng.b": False}


def test_without_the_graph_the_key_covers_the_whole_engine(tmp_path, monkeypatch):
    paper = _package(tmp_path)
    claim = next(c for c in paper.claims.values() if c.id == "eng.b")
    fine = _fingerprint.engine_digest_for(claim, claim.checks[0])
    monkeypatch.setattr(eg, "graph", lambda: None)
    assert _fingerprint.engine_digest_for(claim, claim.checks[0]).startswith("whole:") and not fine.startswith("whole")


def test_every_engine_function_a_check_runs_is_in_its_reach(tmp_path):
    """The static reach over-approximates what runs: profile real checks in this process and compare."""
    from symrnn._runner import execute_check

    paper = _package(tmp_path)
    g = eg.graph()
    presentation = ("/report/", "/cli.py", "/_progress.py", "/_reference.py", "/_listing.py")
    for claim in paper.claims.values():
        check = claim.checks[0]
        reach = _fingerprint.engine_reach(claim, check)
        assert reach is not None and len(reach) < len(g.units)
        ran = set()

        def profile(frame, event, arg):
            code = frame.f_code
            if event == "call" and code.co_filename.startswith(str(eg.ENGINE)) \
                    and not any(p in code.co_filename for p in presentation):
                module = frame.f_globals.get("__name__", "")
                ran.add(g.header(module) if code.co_name == "<module>" else
                        g.unit_for(module, code.co_qualname) or g.unit_at(module, code.co_firstlineno))

        sys.setprofile(profile)
        try:
            res = execute_check(claim, check, dps=30, seed=0, quick=True)
        finally:
            sys.setprofile(None)
        assert res.verdict.positive, res.summary
        assert len(ran) > 5 and ran <= reach, sorted(ran - reach)


def test_a_warm_run_reads_the_engine_keys_and_builds_no_graph(tmp_path, monkeypatch):
    from symrnn._cache import Cache
    from symrnn._runner import RunOptions, plan

    paper = _package(tmp_path)
    claims = list(paper.claims.values())
    opts = RunOptions(cache=Cache(tmp_path / "cache"), quick=True)
    first = [t.key for t in plan(claims, opts)]
    assert (tmp_path / "cache" / "engine-keys.memo").exists()

    def no_graph():
        raise AssertionError("the engine was analysed again")
    monkeypatch.setattr(eg, "graph", no_graph)
    for memo in (_fingerprint._REACH_MEMO, _fingerprint._NAMES_MEMO):
        memo.clear()
    assert [t.key for t in plan(claims, opts)] == first


def test_claim_files_imported_again_from_another_folder_are_mapped_to_their_new_files(tmp_path):
    """A paper's modules forgotten and loaded anew from another folder (a registry reloaded in a notebook, another
    copy of a paper) leave sys.modules as long as before: the map of loaded project modules must still follow them (a
    stale map made a key miss the package's __init__)."""
    for folder in ("first", "second"):
        (tmp_path / folder).mkdir()
    _package(tmp_path / "first")
    before = {n: f for n, f in _fingerprint._module_files().items() if n.startswith("symrnn_claims_eng")}
    _package(tmp_path / "second")
    after = {n: f for n, f in _fingerprint._module_files().items() if n.startswith("symrnn_claims_eng")}
    assert len(after) == len(before) == 3
    assert all("/second/" in f for f in after.values()) and all("/first/" in f for f in before.values())
