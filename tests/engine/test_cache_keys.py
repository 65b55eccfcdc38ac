"""Editing one claim re-runs only the checks it can affect (the per-check cache key, symrnn._fingerprint)."""

import json
import textwrap
from pathlib import Path

from click.testing import CliRunner

import symrnn as sr
from symrnn.cli import main

INIT = '''
import symrnn as sr
paper = sr.Paper("pkg", title="t", authors="a", venue="v")
from . import sec1, sec2  # noqa: E402,F401
'''

MODEL = '''
import sympy as sp
SCALE = 2

def double(x):
    return SCALE * x
'''

SEC1 = '''
import sympy as sp
from . import paper
from .model import double

K = 3

def _helper(x):
    return x + K

a = paper.claim("a", kind="lemma", label="Lemma 1", statement="x + 3 - 3 = x", printed={"k": 3})

@a.check(layer="symbolic", full=True)
def sym(ctx):
    x = sp.Symbol("x")
    ctx.identity("shift", _helper(x) - ctx.printed["k"], x)

b = paper.claim("b", kind="lemma", label="Lemma 2", statement="2x / 2 = x")

@b.check(layer="symbolic", full=True)
def sym(ctx):  # noqa: F811
    x = sp.Symbol("x")
    ctx.identity("halve", double(x) / 2, x)
'''

SEC2 = '''
import sympy as sp
from . import paper

c = paper.claim("c", kind="lemma", label="Lemma 3", statement="x - x = 0")

@c.check(layer="symbolic", full=True)
def sym(ctx):
    x = sp.Symbol("x")
    ctx.identity("cancel", x - x, 0)
'''


def _write(root, **files):
    for name, text in files.items():
        (root / f"{name}.py").write_text(textwrap.dedent(text))


def _run(tmp_path) -> dict[str, bool]:
    """check the package; which claims were served from the cache."""
    out = CliRunner().invoke(main, ["check", "pkg", "--json", "--quiet", "--path", str(tmp_path / "pkg"),
                                    "--cache-dir", str(tmp_path / "cache"), "--out", str(tmp_path / "out")])
    assert out.exit_code == 0, out.output
    return {o["id"]: all(c["cached"] for c in o["checks"]) for o in json.loads(out.stdout) if o["checks"]}


def _fresh_imports():
    # each CLI invocation in this process must import the edited files anew, as a new process would
    import sys

    for name in [n for n in sys.modules if n.startswith("symrnn_claims_pkg")]:
        del sys.modules[name]
    from symrnn import _registry

    _registry.DEPENDENCIES.clear()


def test_editing_one_claim_reruns_only_the_checks_it_reaches(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    _write(pkg, __init__=INIT, model=MODEL, sec1=SEC1, sec2=SEC2)
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": False, "pkg.b": False, "pkg.c": False}
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": True, "pkg.b": True, "pkg.c": True}

    # a comment in another claim's module, and a whole new claim elsewhere: nothing re-runs
    _write(pkg, sec2=SEC2 + "\n# a remark\nd = paper.claim('d', kind='definition', label='Def 1', statement='s')\n")
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": True, "pkg.b": True, "pkg.c": True}

    # lines inserted above the checks (their positions move, their code does not): nothing re-runs
    _write(pkg, sec1="# a new comment\n\n\n" + SEC1)
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": True, "pkg.b": True, "pkg.c": True}

    # the helper of claim a (a module constant it reads): only a re-runs
    _write(pkg, sec1=SEC1.replace("K = 3", "K = 4"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": False, "pkg.b": True, "pkg.c": True}

    # the paper's model, used by b through an imported function: only b re-runs
    _write(pkg, model=MODEL.replace("SCALE = 2", "SCALE = 3"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": True, "pkg.b": False, "pkg.c": True}

    # the printed objects of a claim: only its checks re-run
    _write(pkg, sec1=SEC1.replace("K = 3", "K = 4").replace('printed={"k": 3}', 'printed={"k": 4}'))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.a": False, "pkg.b": True, "pkg.c": True}


def test_a_value_read_from_a_loaded_claim_file_is_part_of_the_key(tmp_path):
    base = tmp_path / "base.py"
    base.write_text('import symrnn as sr\nVALUE = 1\npaper = sr.Paper("base", title="t", authors="a", venue="v")\n'
                    'paper.claim("d", kind="definition", label="D", statement="s")\n')
    user = tmp_path / "pkg"
    user.mkdir()
    (user / "__init__.py").write_text(
        'from pathlib import Path\nimport sympy as sp\nimport symrnn as sr\n'
        'base = sr.load_claim_file(Path(__file__).parent.parent / "base.py")\n'
        'paper = sr.Paper("pkg", title="t", authors="a", venue="v")\n'
        'c = paper.claim("c", kind="lemma", label="L", statement="s")\n'
        '@c.check(layer="symbolic", full=True)\n'
        'def sym(ctx):\n    ctx.exact("value", base.VALUE, 1)\n')
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": True}
    base.write_text(base.read_text().replace("VALUE = 1", "VALUE = 2"))
    import sys

    for name in [n for n in sys.modules if n.startswith("symrnn_claims_base")]:
        del sys.modules[name]
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}


def test_presentation_code_is_not_in_the_engine_digest():
    """A typesetting fix in the report (or the CLI) re-runs no check; the code checks run is in the key."""
    from symrnn._cache import engine_files

    names = {p.relative_to(Path(sr.__file__).parent).as_posix() for p in engine_files()}
    assert {"_context.py", "_runner.py", "_verdict.py", "numeric/_branch_bound.py", "train/_training.py"} <= names
    assert not any(n.startswith("report/") for n in names) and "cli.py" not in names


def test_editing_a_conclusion_as_code_reruns_its_statement_check(tmp_path):
    """The engine's own statement_<name> check decides the conclusion's expression: a new expression is a new key
    (a stale verdict otherwise: the check's function is engine code, its closure the claim's expression)."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    body = ('import sympy as sp\nimport symrnn as sr\npaper = sr.Paper("pkg", title="t", authors="a", venue="v")\n'
            'x = sp.Symbol("x", real=True)\n'
            'c = paper.claim("c", kind="lemma", label="L", statement="s", variables={x: sr.real(0, 1)},\n'
            '                conclusions=[sr.Conclusion("ineq", "x^2 <= 1", expr=sp.Le(x**2, RHS))])\n')
    (pkg / "__init__.py").write_text(body.replace("RHS", "1"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": True}
    (pkg / "__init__.py").write_text(body.replace("RHS", "sp.Rational(1, 2)"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}


def test_editing_a_declared_relation_reruns_the_claims_checks(tmp_path):
    """relations= are part of the declared domain (a reparametrised image, a witness that breaks one): a changed
    relation is a new key, not a cached verdict about the old domain."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    body = ('import sympy as sp\nimport symrnn as sr\npaper = sr.Paper("pkg", title="t", authors="a", venue="v")\n'
            'w, a = sp.Symbol("w", real=True), sp.Symbol("a", positive=True)\n'
            'c = paper.claim("c", kind="lemma", label="L", statement="s", variables={"w": sr.real(), "a": sr.positive()},\n'
            '                relations=[sp.Abs(w) <= BOUND])\n'
            '@c.check(layer="symbolic")\n'
            'def sym(ctx):\n'
            '    ctx.identity("w = w", w, w)\n')
    (pkg / "__init__.py").write_text(body.replace("BOUND", "a"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": True}
    (pkg / "__init__.py").write_text(body.replace("BOUND", "2 * a"))
    _fresh_imports()
    assert _run(tmp_path) == {"pkg.c": False}


def test_a_checks_key_is_the_same_in_a_second_plan_of_one_process_and_in_another_process(tmp_path):
    """The digest of a function's code may not depend on reference counts (marshal writes an object referenced more
    than once as a back-reference: cayci2024's t = 2 smoothness checks got a new key in a second plan of one process,
    so the derivation tests' second run missed the cache) nor on anything that changes between processes."""
    import json
    import os
    import subprocess
    import sys

    from symrnn._cache import Cache
    from symrnn._registry import Registry
    from symrnn._runner import RunOptions, plan

    reg = Registry.discover()
    names = ["cayci2024.lemma1_smooth_t2", "cayci2024.lemma2_sqrt_smooth_t2"]
    claims = reg.select(names)
    opts = RunOptions(cache=Cache(tmp_path / "c"), jobs=1, quick=True)
    first = [t.key for t in plan(claims, opts)]
    assert [t.key for t in plan(claims, opts)] == first
    # the other process prints its keys and what they are made of (the checks' digest parts, the library versions)
    probe = ("import json\n"
             "from symrnn._cache import library_versions\n"
             "from symrnn._fingerprint import check_digest_parts\n"
             "from symrnn._registry import Registry; from symrnn._runner import RunOptions, plan\n"
             "reg = Registry.discover()\n"
             f"claims = reg.select({names!r})\n"
             "print(json.dumps({'keys': [t.key for t in plan(claims, RunOptions(jobs=1, quick=True))],\n"
             "                  'parts': [check_digest_parts(c, c.checks[0]) for c in claims],\n"
             "                  'versions': library_versions()}))")
    root = str(Path(__file__).resolve().parents[2])
    # the other process runs with the kernel settings this one's keys describe (library_versions is computed once per
    # process; a CLI test run in this process since may have pinned the variables in os.environ, and a child would
    # inherit those: a different, and rightly different, key)
    from symrnn import _kernels
    from symrnn._cache import library_versions
    from symrnn._fingerprint import check_digest_parts

    env = {k: v for k, v in os.environ.items() if k not in _kernels._VARS}
    described = library_versions()["cpu kernels"]
    if not described.startswith("native"):
        env.update(dict(item.split("=", 1) for item in described.split()))
    out = json.loads(subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True,
                                    check=True, env={**env, "PYTHONHASHSEED": "7", "PYTHONPATH": root}).stdout)
    if out["keys"] != first:
        # name what differs: the library versions, or the first differing part of a check's digest, with context
        where = [f"versions: {library_versions()} / {out['versions']}"] if library_versions() != out["versions"] else []
        for c, theirs in zip(claims, out["parts"]):
            for here, there in zip(check_digest_parts(c, c.checks[0]), theirs):
                if here != there:
                    i = len(os.path.commonprefix([here, there]))
                    where.append(f"{c.id}: ...{here[max(0, i - 150):i + 150]} / ...{there[max(0, i - 150):i + 150]}")
                    break
        raise AssertionError("keys differ between the processes: " + ("\n".join(where) or "in the engine digest"))


def test_a_symbols_spelling_of_its_assumptions_does_not_reach_the_key():
    """SymPy hands back the symbol a process created first for every equal spelling of its assumptions, and srepr prints
    that first spelling: m with (integer, positive) and with (real, integer, positive) are one symbol. A process that met
    the shorter spelling first (another claim file, a test) must still compute the same keys as a fresh one."""
    import os
    import subprocess
    import sys

    probe = ("import sympy\n"
             "{first}"
             "from symrnn._registry import Registry; from symrnn._runner import RunOptions, plan\n"
             "reg = Registry.discover()\n"
             "claims = reg.select(['cayci2024.lemma1_smooth_t2'])\n"
             "print(' '.join(t.key for t in plan(claims, RunOptions(jobs=1, quick=True))))")
    root = str(Path(__file__).resolve().parents[2])

    def keys(first: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", probe.format(first=first)], cwd=root, capture_output=True,
                              text=True, check=True, env={**os.environ, "PYTHONPATH": root}).stdout.split()
    plain = keys("")
    # SymPy's cache then returns the expressions built from that spelling for the claim file's own (equal) ones
    first = ("m = sympy.Symbol('m', integer=True, positive=True)\n"
             "sympy.Symbol('rho_w', real=True, positive=True) / sympy.sqrt(m)\n")
    assert plain and keys(first) == plain
