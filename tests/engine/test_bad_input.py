"""Every invalid-argument case of the public helpers, one table (G15), ids read as calls."""

import math
from fractions import Fraction

import pytest
import sympy as sp

import symrnn as sr

CASES = [
    ("loss_closed_form(w=[0])", lambda: sr.numeric.loss_closed_form([1], [0], [1], [1], dps=30), "w\\[0\\] = 0 <= 0"),
    ("loss_closed_form(w=[-1/2])", lambda: sr.numeric.loss_closed_form([1], ["-1/2"], [1], [1], dps=30), "<= 0"),
    ("loss_closed_form(a=[nan])", lambda: sr.numeric.loss_closed_form([math.nan], [1], [1], [1], dps=30), "nan"),
    ("loss_closed_form(a=[0.1])", lambda: sr.numeric.loss_closed_form([0.1], [1], [1], [1], dps=30), "is a float"),
    ("loss_closed_form(m=0)", lambda: sr.numeric.loss_closed_form([], [], [1], [1], dps=30), "m = 0"),
    ("loss_closed_form(len mismatch)", lambda: sr.numeric.loss_closed_form([1, 2], [1], [1], [1], dps=30),
     "must pair up"),
    ("loss_closed_form(target w*=[0])", lambda: sr.numeric.loss_closed_form([1], [1], [1], [0], dps=30), "target"),
    ("loss_quadrature(dps=10)", lambda: sr.numeric.loss_quadrature([1], [1], [1], [1], dps=10), "dps"),
    ("exact('inf')", lambda: sr.numeric.exact("oo"), "finite"),
    ("laplace_power_integral(1, s=-1)", lambda: sr.symbolic.laplace_power_integral(1, -1), "diverges"),
    ("laplace_power_integral(1, s=0)", lambda: sr.symbolic.laplace_power_integral(1, 0), "diverges"),
    ("laplace_power_integral(n=-1, 1)", lambda: sr.symbolic.laplace_power_integral(-1, 1), "nonnegative integer"),
    ("exp_sum(len mismatch)", lambda: sr.symbolic.exp_sum([1], [1, 2], sp.Symbol("t")), "2 rates"),
    ("stirling2(n=-1, 1)", lambda: sr.symbolic.stirling2(-1, 1), "at least 0"),
    ("surjection_count(m=0, 1)", lambda: sr.symbolic.surjection_count(0, 1), "m must be at least 1"),
    ("ordered_partitions(m=2.5, 1)", lambda: list(sr.symbolic.ordered_partitions(2.5, 1)), "must be an integer"),
    ("instantiate(m=0)", lambda: sr.symbolic.instantiate(sp.Symbol("m"), {sp.Symbol("m"): 0}), "positive integer"),
    ("exact_rank(symbolic entries)", lambda: sr.symbolic.exact_rank(sp.Matrix([[sp.Symbol("q")]])), "not QQ"),
    ("eigvalsh(non-square)", lambda: sr.numeric.eigvalsh([[1, 2]], dps=30), "square"),
    ("eigvalsh(non-symmetric)", lambda: sr.numeric.eigvalsh([[1, 2], [3, 4]], dps=30), "not symmetric"),
    ("context(dps=8)", lambda: sr.numeric.context(8), "dps must be"),
    ("integrate_exp_polynomial(e^{+t})", lambda: sr.symbolic.integrate_exp_polynomial(
        sp.exp(sp.Symbol("t", positive=True)), sp.Symbol("t", positive=True)), "diverges"),
]


@pytest.mark.parametrize("call, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_argument(call, message):
    with pytest.raises(sr.InvalidArgument, match=message):
        call()


def test_valid_inputs_still_work():
    assert sr.numeric.loss_closed_form([1], ["1/2"], [1], [1], dps=30) > 0
    assert sr.numeric.exact(Fraction(1, 3)) == sp.Rational(1, 3)
    assert sr.symbolic.surjection_count(3, 2) == 6
