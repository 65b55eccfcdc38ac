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
