"""The exponential-sum loss, its gradient and Hessian (symrnn.symbolic): the written-out formulas equal exact
differentiation of the closed form, and the closed form equals quadrature of the defining integral."""

from fractions import Fraction

import mpmath
import pytest
import sympy as sp

import symrnn as sr
from symrnn.symbolic import expsum_gradient_formula, expsum_hessian_formula, expsum_residual_loss, template_moments

t = sp.Symbol("t", positive=True)
a, w = sp.IndexedBase("a", real=True), sp.IndexedBase("w", positive=True)
b, v = sp.IndexedBase("b", real=True), sp.IndexedBase("v", positive=True)
M = template_moments("M")
g = sp.Function("g")(t)
norm = sp.Symbol("N", positive=True)


def sums(m, ms):
    return ([a[q] for q in range(1, m + 1)], [w[q] for q in range(1, m + 1)],
            [b[q] for q in range(1, ms + 1)], [v[q] for q in range(1, ms + 1)])


@pytest.mark.parametrize("m, ms", [(1, 0), (1, 1), (2, 1), (3, 2)])
@pytest.mark.parametrize("with_template", [False, True], ids=["no template", "template"])
def test_formulas_equal_the_derivatives_of_the_closed_form(m, ms, with_template):
    A, W, B, V = sums(m, ms)
    kw = dict(template=g, moments=M, template_norm_sq=norm) if with_template else {}
    J = expsum_residual_loss(A, W, B, V, t, **kw)
    grad = expsum_gradient_formula(A, W, B, V, moments=M if with_template else None)
    assert all(sp.simplify(x - y) == 0 for x, y in zip(J.gradient(), grad))
    H = expsum_hessian_formula(A, W, B, V, moments=M if with_template else None)
    assert H == H.T
    assert sp.simplify(J.hessian() - H) == sp.zeros(2 * m, 2 * m)


def test_closed_form_equals_quadrature_and_the_numeric_closed_form():
    """SymPy closed form = mpmath closed form (symrnn.numeric.expsum_residual_norm_sq) = quadrature."""
    A, W, B, V = [Fraction(3, 2), Fraction(-1, 3)], [Fraction(1, 2), Fraction(2)], [Fraction(1)], [Fraction(3, 4)]
    J = expsum_residual_loss(*([sp.Rational(x) for x in xs] for xs in (A, W, B, V)), t).loss
    ctx = sr.numeric.context(40)
    q = lambda x: sr.numeric.to_mpf(ctx, x)  # noqa: E731

    def residual_sq(s):
        return (ctx.fsum(q(x) * ctx.exp(-q(y) * s) for x, y in zip(A, W))
                - ctx.fsum(q(x) * ctx.exp(-q(y) * s) for x, y in zip(B, V))) ** 2
    exact = q(Fraction(int(sp.Rational(J).p), int(sp.Rational(J).q)))
    assert abs(ctx.quad(residual_sq, [0, 1, ctx.inf]) - exact) < ctx.mpf(10) ** -30
    assert abs(sr.numeric.expsum_residual_norm_sq(ctx, A, W, B, V) - exact) < ctx.mpf(10) ** -35


def test_template_terms_of_the_numeric_closed_form():
    """With a template g = e^{-t} (M_0(s) = 1/(s + 1), ||g||^2 = 1/2) the numeric closed form equals the
    template-free one with g as a target term."""
    ctx = sr.numeric.context(30)
    with_template = sr.numeric.expsum_residual_norm_sq(ctx, [2], [3], [1], [2], moment0=lambda s: 1 / (s + 1),
                                                       template_norm_sq=ctx.mpf(1) / 2)
    as_target = sr.numeric.expsum_residual_norm_sq(ctx, [2], [3], [1, 1], [2, 1])
    assert abs(with_template - as_target) < ctx.mpf(10) ** -25


def test_bad_input_is_refused():
    A, W, _, _ = sums(2, 0)
    with pytest.raises(sr.InvalidArgument, match="2 coefficients but 1 rates"):
        expsum_residual_loss(A, W[:1], [], [], t)
    with pytest.raises(sr.InvalidArgument, match="needs its moment function"):
        expsum_residual_loss(A, W, [], [], t, template=g)
