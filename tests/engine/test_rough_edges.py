"""Issue 22's rough edges: a second clone, hints that keep the run's flags, `symrnn new`'s printed command,
progress when a check starts, notebook views, pytest item names and a claim file that does not import."""

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from symrnn import _registry
from symrnn.cli import main

ROOT = Path(__file__).resolve().parents[2]
BESIDE = ROOT / "derivations"          # the papers next to the installed package (this checkout)

TINY = '''import symrnn as sr

paper = sr.Paper("{key}", title="t", authors="a", venue="v")
paper.claim("eq1", kind="equation", label="(1)", statement="$1 = 1$")
'''


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _clone(tmp_path, names):
    """A second clone's ./derivations holding packages of the given names (each declares that paper)."""
    for name in names:
        (tmp_path / "derivations" / name).mkdir(parents=True)
        (tmp_path / "derivations" / name / "__init__.py").write_text(TINY.format(key=name))


def test_a_second_clone_uses_its_own_papers_without_path(tmp_path, monkeypatch):
    names = sorted(p.name for p in BESIDE.iterdir() if (p / "__init__.py").is_file())
    assert names, "this checkout has claim packages next to the package"
    _clone(tmp_path, names)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SYMRNN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("SYMRNN_PATH", raising=False)
    out = run("list")
    assert out.exit_code == 0, out.output                 # was: "paper 'cayci2024' is declared twice"
    assert [line.split()[0] for line in out.output.splitlines()] == [f"{n}.eq1" for n in names]
    lint = run("lint")
    assert lint.exit_code == 0 and f"ok: {len(names)} claims in {len(names)} paper(s)" in lint.output


def test_the_installed_papers_fill_in_what_the_clone_lacks(tmp_path, monkeypatch):
    names = sorted(p.name for p in BESIDE.iterdir() if (p / "__init__.py").is_file())
    _clone(tmp_path, names[:1] + ["mine"])
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SYMRNN_PATH", raising=False)
    paths = _registry.default_search_paths()
    assert paths[0] == tmp_path / "derivations"
    assert [p.name for p in paths[1:]] == names[1:]       # the clone's copy shadows the installed one
    assert all(p.parent == BESIDE for p in paths[1:])


def test_show_hint_keeps_path_and_quick(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiny.py").write_text(TINY.format(key="tiny") + '''
@paper.claims["eq1"].check(layer="symbolic")
def same(ctx):
    ctx.identity("1 = 1", 1, 1)
''')
    out = run("show", "tiny.eq1", "--quick", "--path", "tiny.py", "--cache-dir", "c")
    assert out.exit_code == 0, out.output
    assert "run `symrnn check tiny.eq1 --quick --path tiny.py`" in out.output
    plain = run("show", "tiny.eq1", "--path", "tiny.py", "--cache-dir", "c")
    assert "run `symrnn check tiny.eq1 --path tiny.py` (or show --quick" in plain.output


def test_new_prints_the_command_of_its_docstring(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = run("new", "mine", "--folder", "claims")
    assert out.exit_code == 0, out.output
    printed = out.output.split("try: ")[1].strip()
    assert printed == "symrnn check mine --path claims/mine"
    assert f"`{printed}` checks them" in (tmp_path / "claims" / "mine" / "__init__.py").read_text()
    again = run("check", "mine", "--path", "claims/mine", "-q", "--cache-dir", "c", "-o", "o")
    assert again.exit_code == 0, again.output


def test_a_line_is_printed_when_a_check_starts(tmp_path):
    """The check below waits for a file that the test writes only after reading the "started" line:
    the line comes while the check runs, not when it finishes."""
    go = tmp_path / "go"
    (tmp_path / "slow.py").write_text(TINY.format(key="slow") + f'''
import time
from pathlib import Path


@paper.claims["eq1"].check(layer="symbolic")
def waits(ctx):
    end = time.monotonic() + 60
    while not Path({str(go)!r}).exists() and time.monotonic() < end:
        time.sleep(0.05)
    ctx.identity("1 = 1", 1, 1)
''')
    env = dict(os.environ, PYTHONPATH=str(ROOT), SYMRNN_CACHE_DIR=str(tmp_path / "c"))
    proc = subprocess.Popen([sys.executable, "-m", "symrnn", "check", "slow", "--path", "slow.py", "-o", "o"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = []
        while not any("started" in line for line in seen):       # a warning may come first
            line = proc.stderr.readline()
            if not line:
                break
            seen.append(line)
        assert "slow.eq1:waits started" in seen[-1], seen
        assert not go.exists() and proc.poll() is None
        go.write_text("")
        rest, _ = proc.communicate(timeout=120)
    finally:
        go.write_text("")
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    assert "slow.eq1" in rest and "fully_checked" in rest


def test_every_notebook_object_has_html_and_latex(tmp_path):
    import sympy as sp

    import symrnn as sr

    paper = sr.Paper("nbk", title="t", authors="a", venue="v")
    x = sp.Symbol("x", real=True)
    lem = paper.claim("lemma1", kind="lemma", label="Lemma 1", statement=r"For real $x$, $(x+1)^2 = x^2 + 2x + 1$.",
                      variables={x: sr.real()})

    @lem.check(layer="symbolic", full=True)
    def expand(ctx):
        ctx.identity("(x+1)^2 = x^2 + 2x + 1", (x + 1) ** 2, x ** 2 + 2 * x + 1)

    res = sr.check(paper, cache_dir=str(tmp_path / "c"))
    outcome = res["nbk.lemma1"]
    (result,) = outcome.results
    for obj in (res, outcome, lem, result):
        page, tex = obj._repr_html_(), obj._repr_latex_()
        assert "<" in page and "\\" in tex, type(obj)
    assert "proved" in res._repr_html_() and "proved" in res._repr_latex_()
    assert "Lemma 1" in lem._repr_html_() and "Lemma 1" in outcome._repr_latex_()
    assert "expand" in result._repr_html_() and "proved" in result._repr_latex_()
    # the HTML escapes what is not mathematics; the LaTeX keeps the statement as printed
    assert "(x+1)^2 = x^2 + 2x + 1" in lem._repr_latex_() and "uses: nothing" in lem._repr_html_()


def _pytest(cwd, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_pytest_items_are_named_after_the_claim_package(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(TINY.format(key="tiny"))
    (tmp_path / "sub").mkdir()
    out = _pytest(tmp_path / "sub", "--rootdir", str(tmp_path), "--symrnn", "../pkg", "--collect-only", "-q")
    assert out.returncode == 0, out.stdout + out.stderr
    # named by the claim package's path from the rootdir, as pytest names test files (was symrnn::tiny.eq1)
    assert "pkg::tiny.eq1" in out.stdout.splitlines() and "symrnn::" not in out.stdout
    here = _pytest(tmp_path, "--rootdir", str(tmp_path), "--symrnn", "pkg", "-v")
    assert here.returncode == 0 and "pkg::tiny.eq1 PASSED" in here.stdout, here.stdout


def test_a_claim_file_that_does_not_import_is_one_failing_item(tmp_path):
    (tmp_path / "good.py").write_text(TINY.format(key="good"))
    (tmp_path / "bad.py").write_text("import symrnn as sr\npaper = sr.Paper(\n")        # a syntax error
    out = _pytest(tmp_path, "--rootdir", str(tmp_path), "--symrnn", "bad.py", "--symrnn", "good.py", "-q")
    text = out.stdout + out.stderr
    assert "INTERNALERROR" not in text and out.returncode == 1, text
    assert "1 failed, 1 passed" in text and "bad.py failed to import: SyntaxError" in text
