"""Tests run stricter than users: warnings are errors (pyproject), mpmath's global precision is
reset around every test, Hypothesis is derandomized."""

import mpmath
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("symrnn", derandomize=True, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("symrnn")


@pytest.fixture(autouse=True)
def reset_mpmath_globals():
    dps = mpmath.mp.dps
    yield
    mpmath.mp.dps = dps


def pytest_configure(config):
    """One directory for the derivation tests' shared result cache (tests/derivations/_shared.py), made by the
    controlling process so that pytest-xdist's workers, which inherit its environment, share it; removed at the end."""
    import os
    import tempfile

    if hasattr(config, "workerinput") or os.environ.get("SYMRNN_TEST_CHECKS_DIR"):
        return
    _check_loadgroup(config)
    os.environ["SYMRNN_TEST_CHECKS_DIR"] = tempfile.mkdtemp(prefix="symrnn-test-checks-")
    config._symrnn_checks_dir = os.environ["SYMRNN_TEST_CHECKS_DIR"]


def pytest_unconfigure(config):
    import os
    import shutil

    made = getattr(config, "_symrnn_checks_dir", None)
    if made:
        shutil.rmtree(made, ignore_errors=True)
        os.environ.pop("SYMRNN_TEST_CHECKS_DIR", None)


def _check_loadgroup(config):
    """`make test` runs each derivation module's tests in one pytest-xdist worker (`--dist loadgroup`), so that a
    paper's quick run, a session fixture, runs once. pytest 9.2 ignores the groups without a word (pytest-xdist
    issue 1386: the node-id suffix that carries them no longer takes effect), and both workers then repeat each
    quick run (measured on one clone at one load: make test 11 min 42 s against 9 min 55 s with the groups kept):
    stop such a run with the reason."""
    if config.getoption("dist", "no") != "loadgroup":
        return
    if tuple(int(x) for x in pytest.__version__.split(".")[:2]) >= (9, 2):
        raise pytest.UsageError(
            f"pytest {pytest.__version__} ignores pytest-xdist's --dist loadgroup (pytest-xdist issue 1386), so "
            f"both workers would repeat each paper's quick run; install the versions pyproject.toml's [test] extra "
            f"names (pytest<9.2): `make setup`, or pip install -e '.[test]'")
