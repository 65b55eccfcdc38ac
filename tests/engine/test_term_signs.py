"""symrnn.symbolic._term_signs: e >= 0 from the signs of the terms of e as a quotient of polynomials in its atoms
(issue 23: the engine-decided reduction steps of cayci2024's t = 2 certificates spent 20 s in sympy.expand)."""

import pytest
import sympy as sp

from symrnn.symbolic._term_signs import termwise_nonnegative

x, y = sp.symbols("x y", real=True)
p, q = sp.symbols("p q", positive=True)


@pytest.mark.parametrize("expr", [
    x ** 2 + 1, x ** 2 * y ** 4, p * sp.tanh(x) ** 2, (p + 1) / (p + 2), sp.sqrt(2) * x ** 2 - x ** 2,
    sp.exp(-x) * (1 + sp.exp(x)) - sp.exp(-x),           # = 1: exp(-x) and exp(x) are one atom's powers
    sp.exp(-2 * x) - sp.exp(-x) ** 2 + p,                 # exp(-2x) = exp(-x)^2
    sp.sqrt(p) * sp.sqrt(q) * sp.sqrt(p) - p * sp.sqrt(q),    # radicals of symbols are powers of new symbols
    sp.sqrt(p + 1) ** 2 - p, p * sp.Abs(x), (sp.tanh(x) ** 2 - 1) ** 2 * (p + sp.sqrt(3) * q) ** 2,
])
def test_sums_of_nonnegative_terms_are_decided(expr):
    assert termwise_nonnegative(expr) is True


@pytest.mark.parametrize("expr", [
    x, x ** 3 + x ** 2, x ** 2 - 2 * x + 1,      # the last is (x - 1)^2: not decided term by term, and not claimed
    sp.exp(x) - 1, -x ** 2 - 1, 1 / x ** 2, sp.sqrt(2) * x ** 2 - 2 * x ** 2, sp.log(x), sp.tanh(x) - 1 + p,
    sp.sqrt(x) * p,                               # sqrt of a real symbol that may be negative: not a real atom
    sp.Symbol("z") ** 2 + 1 + 0 * x,              # z may be complex (z = 2i gives -3): an even power proves nothing
    sp.Symbol("z") ** 2 * (x ** 2 + 1) - 0,
])
def test_nothing_else_is_claimed(expr):
    assert termwise_nonnegative(expr) is None


def test_strict_needs_a_positive_term():
    assert termwise_nonnegative(p, strict=True) is True
    assert termwise_nonnegative(x ** 2 + 1, strict=True) is True
    assert termwise_nonnegative(x ** 2, strict=True) is None
    assert termwise_nonnegative(x ** 2) is True


def test_a_large_hessian_difference_in_the_atoms():
    """The shape that cost 20 s: squared Hessian entries of a two-step tanh network times a larger and a smaller
    constant, the difference multiplied out only in the polynomial ring of the atoms."""
    m, a, r, u, w, x0, x1 = sp.symbols("m alpha rho_w u w x0 x1", positive=True)
    t0 = sp.tanh(u * x0)
    t1 = sp.tanh(u * x1 + w * t0)
    h = [x0 * (t0 ** 2 - 1) - 2 * (w * x0 * (t0 ** 2 - 1) - x1) * t0 * t1, t0 ** 2 * t1, w * x0 ** 2 * (t0 ** 2 - 1) * t0]
    big = (sp.sqrt(m) * (8 * sp.sqrt(3) + 27) * (a * sp.sqrt(m) + r) + 4 * m * (sp.sqrt(3) + 3)) ** 2
    small = (sp.sqrt(m) * (a * sp.sqrt(m) + r) + m) ** 2
    e = sum((big - small) * hi ** 2 for hi in h)
    assert termwise_nonnegative(e) is True
    assert termwise_nonnegative(sum((small - big) * hi ** 2 for hi in h)) is None
