"""The examples in the docstrings of the public helpers run (G14): each documents its parameters with an
example that holds and one that fails with a clear error."""

import doctest
import importlib

import pytest

MODULES = ["symrnn.strategies"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"
