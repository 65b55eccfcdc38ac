"""The examples in the engine's docstrings run (G14: executable documentation)."""

import doctest
import importlib
from pathlib import Path

import pytest

import symrnn

ROOT = Path(symrnn.__file__).parent
MODULES = sorted(
    ".".join(("symrnn",) + p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for p in ROOT.rglob("*.py") if ">>> " in p.read_text())


def test_there_are_examples_to_run():
    assert len(MODULES) >= 3, MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name.startswith("symrnn.train"):
        pytest.importorskip("torch")
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                      report=True, verbose=False)
    assert tried > 0 and failures == 0, f"{failures} of {tried} examples failed in {name}"
