"""`symrnn list` reads its index while the claim files are unchanged, and reloads them when they change."""

import sys

import pytest
from click.testing import CliRunner

from symrnn import _listing, _registry
from symrnn.cli import main

INIT = '''
import symrnn as sr
paper = sr.Paper("lst", title="t", authors="a", venue="v")
from . import sec1  # noqa: E402,F401
'''
SEC1 = '''
from . import paper
a = paper.claim("a", kind="lemma", label="Lemma 1", statement="s")

@a.check(layer="symbolic")
def sym(ctx):
    ctx.exact("one", 1, 1)
'''


def _forget():
    for name in [n for n in sys.modules if n.startswith("symrnn_claims_lst")]:
        del sys.modules[name]


@pytest.fixture
def package(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SYMRNN_CACHE_DIR", str(tmp_path / "cache"))
    pkg = tmp_path / "lst"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(INIT)
    (pkg / "sec1.py").write_text(SEC1)
    _forget()
    yield pkg
    _forget()


def _list(pkg, *patterns):
    out = CliRunner().invoke(main, ["list", *patterns, "--path", str(pkg)])
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


def test_list_uses_its_index_until_a_claim_file_changes(package, monkeypatch):
    first = _list(package)
    assert first == ["lst.a                        Lemma 1                lemma        1 check(s) [symbolic]"]
    loads = []
    real = _registry.Registry.discover.__func__

    def counting(cls, paths=None):
        loads.append(paths)
        return real(cls, paths)
    monkeypatch.setattr(_listing.Registry, "discover", classmethod(counting))
    assert _list(package) == first and loads == []                      # from the index
    assert _list(package, "lst.a") == first and loads == []

    (package / "sec1.py").write_text(SEC1 + "b = paper.claim('b', kind='remark', label='Remark 1', statement='s')\n")
    _forget()
    assert [line.split()[0] for line in _list(package)] == ["lst.a", "lst.b"] and len(loads) == 1

    (package / "sec2.py").write_text("# a new module: the package folder changed\n")
    _forget()
    _list(package)
    assert len(loads) == 2


def test_list_of_an_unknown_pattern_is_one_line_and_exit_2(package):
    _list(package)
    out = CliRunner().invoke(main, ["list", "lst.nope", "--path", str(package)])
    assert out.exit_code == 2
    assert "no claim matches 'lst.nope'" in out.output
