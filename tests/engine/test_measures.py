"""symrnn.numeric measures: exact moments, exact 1-D Wasserstein distances, moment matching, the moment LP."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import symrnn as sr
from symrnn.strategies import discrete_measures

M = sr.numeric


def test_construction_merges_and_validates():
    mu = M.DiscreteMeasure.of([1, "1/2", 1, 0], ["1/4", "1/4", "1/4", 0])
    assert mu.atoms == (Fraction(1, 2), Fraction(1)) and mu.weights == (Fraction(1, 4), Fraction(1, 2))
    with pytest.raises(sr.InvalidArgument, match="nonnegative"):
        M.DiscreteMeasure.of([0], [-1])
    with pytest.raises(sr.InvalidArgument, match="float"):
        M.DiscreteMeasure.of([0.5], [1])
    with pytest.raises(sr.InvalidArgument, match="probability"):
        M.wasserstein_pp(mu, mu, 1)


def test_known_distances():
    d0 = M.DiscreteMeasure.of([0], [1])
    two = M.DiscreteMeasure.of([0, 2], ["1/2", "1/2"])
    assert M.wasserstein_pp(d0, two, 1) == 1
    assert M.wasserstein_pp(d0, two, 2) == 2
    assert M.wasserstein_pp(two, two, 3) == 0
    assert abs(float(M.wasserstein(d0, two, 2)) - 2 ** 0.5) < 1e-12


def _quantile_integral(mu, nu, p, n=4000):
    """Independent evaluation: midpoint rule over u of |F^-1(u) - G^-1(u)|^p (exact on steps away from jumps)."""
    def q(m, u):
        acc = Fraction(0)
        for a, w in zip(m.atoms, m.weights):
            acc += w
            if u <= acc:
                return a
        return m.atoms[-1]
    return sum(abs(float(q(mu, Fraction(2 * i + 1, 2 * n))) - float(q(nu, Fraction(2 * i + 1, 2 * n)))) ** p
               for i in range(n)) / n


@settings(max_examples=40, deadline=None)
@given(discrete_measures(1, 4), discrete_measures(1, 4), st.integers(1, 3))
def test_wasserstein_matches_quantile_integral_and_is_a_metric(mu, nu, p):
    exact = M.wasserstein_pp(mu, nu, p)
    assert exact >= 0 and exact == M.wasserstein_pp(nu, mu, p)
    assert abs(float(exact) - _quantile_integral(mu, nu, p)) < 2e-2


@settings(max_examples=40, deadline=None)
@given(discrete_measures(1, 4), discrete_measures(1, 4), st.integers(1, 3), st.integers(1, 3))
def test_wasserstein_moment_inequalities(mu, nu, p, extra):
    q = p + extra
    g = M.support_diameter(mu, nu)
    # W_q^q <= W_p^p gamma^{q-p}; |m_q - m^_q| <= q R^{q-1} W_1 on [-1, 1]
    assert M.wasserstein_pp(mu, nu, q) <= M.wasserstein_pp(mu, nu, p) * g ** (q - p)
    assert abs(mu.moment(q) - nu.moment(q)) <= q * M.wasserstein_pp(mu, nu, 1)


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8])
def test_divided_differences_and_matching_pair(n):
    pts = [Fraction(-1) + Fraction(2 * i, n - 1) for i in range(n)]
    c = M.divided_difference_weights(pts)
    assert [sum(cj * x ** m for cj, x in zip(c, pts)) for m in range(n)] == [0] * (n - 1) + [1]
    plus, minus = M.moment_matching_pair(pts)
    assert plus.moments(n - 1) == minus.moments(n - 1) and plus.moment(n - 1) != minus.moment(n - 1)
    with pytest.raises(sr.InvalidArgument, match="distinct"):
        M.divided_difference_weights([0, 0])


def test_moment_range_pins_higher_moments_only_beyond_2dhat():
    mu = M.DiscreteMeasure.of([Fraction(-1, 2), Fraction(1, 2)], [Fraction(1, 3), Fraction(2, 3)])
    grid = [Fraction(i, 8) for i in range(-12, 13)]
    assert M.moment_range(grid, mu.moments(5), 5).spread < 1e-7       # k = 2 d^ + 1
    assert M.moment_range(grid, mu.moments(4), 4).spread > 1e-3       # k = 2 d^
