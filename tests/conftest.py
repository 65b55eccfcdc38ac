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
    os.environ["SYMRNN_TEST_CHECKS_DIR"] = tempfile.mkdtemp(prefix="symrnn-test-checks-")
    config._symrnn_checks_dir = os.environ["SYMRNN_TEST_CHECKS_DIR"]


def pytest_unconfigure(config):
    import os
    import shutil

    made = getattr(config, "_symrnn_checks_dir", None)
    if made:
        shutil.rmtree(made, ignore_errors=True)
        os.environ.pop("SYMRNN_TEST_CHECKS_DIR", None)
