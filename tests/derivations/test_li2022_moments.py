"""li2022's template moments (119)-(120) in closed form (model.template_moment) against their error-controlled
quadrature (model.template_moment_quadrature), the evaluation they replaced in the checks of Lemmas 27 and 38: every
template, n <= 3, w from 1/20 to 10, omega from 2 to 1/256, signed and absolute."""

from fractions import Fraction

import pytest

from derivations.li2022 import model

GRID = [(name, n, w, om, absolute) for name in model.TEMPLATES for n in (0, 1, 3)
        for w in (Fraction(1, 20), Fraction(1), Fraction(10)) for om in (Fraction(2), Fraction(1, 4), Fraction(1, 256))
        for absolute in (True, False)]


@pytest.mark.parametrize("name", sorted(model.TEMPLATES))
def test_closed_forms_equal_the_quadrature(name):
    c = model.mp_ctx(40)
    for _name, n, w, om, absolute in (g for g in GRID if g[0] == name):
        wv = c.mpf(w.numerator) / w.denominator
        closed = model.template_moment(c, name, n, wv, om, absolute)
        quad = model.template_moment_quadrature(c, name, n, wv, om, absolute)
        assert abs(closed - quad) <= abs(quad) * c.mpf(10) ** -30, (name, n, w, om, absolute, closed, quad)


def test_the_signed_moment_of_the_odd_template_differs_from_its_absolute_one():
    # s e^{-s^2} changes sign at s = 0: |Delta| < Delta^+ strictly (a closed form that dropped the split would agree)
    c = model.mp_ctx(30)
    signed = model.template_moment(c, "s_gauss", 1, c.mpf(1), Fraction(1, 2), absolute=False)
    absolute = model.template_moment(c, "s_gauss", 1, c.mpf(1), Fraction(1, 2))
    assert abs(signed) < absolute * (1 - c.mpf(10) ** -3)


def test_an_unknown_template_is_refused():
    c = model.mp_ctx(30)
    with pytest.raises(KeyError):
        model.template_moment(c, "cauchy", 0, c.mpf(1), Fraction(1, 2))
