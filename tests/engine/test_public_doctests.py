"""The examples in the docstrings of the public helpers run (G14): each documents its parameters with an
example that holds and one that fails with a clear error."""

import doctest
import importlib

import pytest

MODULES = ["symrnn.strategies", "symrnn._formula_replays", "symrnn.symbolic._expsum", "symrnn.symbolic._combinatorics",
           "symrnn.symbolic._printed_eval", "symrnn.numeric._expsum_mp"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
