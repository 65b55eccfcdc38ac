"""Property tests linking the layers: each SymPy closed form equals mpmath quadrature of its
defining integral; SymPy derivatives equal high-precision finite differences; Stirling counts
equal enumeration."""

import itertools
from fractions import Fraction

import mpmath
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

import symrnn as sr
from symrnn.strategies import exp_sums, positive_rationals

DPS = 30
C = sr.numeric.context(DPS + 10)


def mp(x):
    """SymPy number or mpf (any context) -> mpf in one private context at DPS + 10 digits."""
    return C.mpf(str(sp.N(x, DPS + 10))) if isinstance(x, sp.Basic) else C.mpf(x)


@given(n=st.integers(0, 6), s=positive_rationals(Fraction(1, 8), Fraction(8)))
def test_laplace_power_integral_matches_quadrature(n, s):
    closed = sr.symbolic.laplace_power_integral(n, sp.Rational(s))
    value, err = sr.numeric.quad(lambda ctx, t: t ** n * ctx.exp(-ctx.mpf(s.numerator) / s.denominator * t),
                                 [0, 1, 10, "inf"], dps=DPS)
    assert abs(mp(value) - mp(closed)) <= 10 * mp(err) + C.mpf(10) ** (-(DPS - 8)) * (1 + abs(mp(value)))


@given(model=exp_sums(1, 3), target=exp_sums(1, 3))
def test_expsum_loss_closed_form_matches_quadrature(model, target):
    closed = sr.numeric.loss_closed_form(*model, *target, dps=DPS)
    quad, err = sr.numeric.loss_quadrature(*model, *target, dps=DPS)
    assert abs(mp(closed) - mp(quad)) <= 100 * mp(err) + C.mpf(10) ** (-(DPS - 10)) * (1 + abs(mp(closed)))
    # and the SymPy closed form, exactly, against the numeric one
    exact = sr.symbolic.expsum_loss(*[[sp.Rational(x) for x in v] for v in (*model, *target)])
    assert abs(mp(exact) - mp(closed)) <= C.mpf(10) ** (-(DPS - 5)) * (1 + abs(mp(closed)))


@given(model=exp_sums(2, 2), target=exp_sums(1, 2))
def test_sympy_gradient_and_hessian_match_finite_differences(model, target):
    a = sp.symbols("a1 a2", real=True)
    w = sp.symbols("w1 w2", positive=True)
    J = sr.symbolic.expsum_loss(list(a), list(w), *[[sp.Rational(x) for x in v] for v in target])
    theta = list(a) + list(w)
    point = {s: sp.Rational(x) for s, x in zip(theta, [*model[0], *model[1]])}
    f = sp.lambdify(theta, J, "mpmath")
    x0 = [mpmath.mpf(sp.Rational(point[s]).p) / sp.Rational(point[s]).q for s in theta]
    with mpmath.workdps(DPS):
        for i, s in enumerate(theta):
            order = [1 if q == i else 0 for q in range(4)]
            fd = mpmath.diff(f, x0, order)
            exact = sp.N(sp.diff(J, s).subs(point), DPS)
            assert abs(mp(fd) - mp(exact)) <= C.mpf(10) ** (-(DPS - 12)) * (1 + abs(mp(fd)))
        for i, j in itertools.combinations_with_replacement(range(4), 2):
            order = [0] * 4
            order[i] += 1
            order[j] += 1
            fd = mpmath.diff(f, x0, order)
            exact = sp.N(sp.diff(J, theta[i], theta[j]).subs(point), DPS)
            assert abs(mp(fd) - mp(exact)) <= C.mpf(10) ** (-(DPS - 14)) * (1 + abs(mp(fd)))


def test_stirling_counts_equal_enumeration():
    for m in range(1, 8):
        for d in range(1, m + 1):
            blocks = {tuple(next(s for s, b in enumerate(P) if q in b) for q in range(m))
                      for P in sr.symbolic.ordered_partitions(m, d)}
            brute = sum(1 for f in itertools.product(range(d), repeat=m) if len(set(f)) == d)
            assert len(blocks) == brute == sr.symbolic.surjection_count(m, d) \
                == sp.factorial(d) * sr.symbolic.stirling2(m, d)
    assert sr.symbolic.StirlingS2(7, 3) == 301
    assert sr.symbolic.StirlingS2(sp.Symbol("m"), 2).func is sr.symbolic.StirlingS2


def test_partitions_with_rest_count():
    # sum over |I_0| = k of C(m, k) * d! S(m - k, d) * Bell(k)
    for m, d in [(3, 1), (4, 2), (5, 2), (5, 3)]:
        expected = sum(sp.binomial(m, k) * sp.factorial(d) * sr.symbolic.stirling2(m - k, d) * sp.bell(k)
                       for k in range(0, m - d + 1))
        assert sum(1 for _ in sr.symbolic.labelled_partitions_with_rest(m, d)) == expected


def test_template_moment_derivative_rule():
    D = sr.symbolic.template_moments("D")
    s = sp.Symbol("s", positive=True)
    assert sp.diff(D(0, s), s) == -D(1, s)
    assert sp.diff(D(2, s), s, 2) == D(4, s)
    t = sp.Symbol("t", positive=True)
    g = sp.Function("g")(t)
    N = sp.Symbol("N")
    a, w = sp.symbols("a w", positive=True)
    J = sr.symbolic.integrate_exp_polynomial((a * sp.exp(-w * t) - g) ** 2, t, template=g, moments=D,
                                             template_norm_sq=N)
    assert sp.simplify(J - (a ** 2 / (2 * w) - 2 * a * D(0, w) + N)) == 0


def test_certified_enclosure_decides_only_certain_signs():
    x = sp.Symbol("x")
    root = sp.CRootOf(x ** 3 - 2 * x - 5, 0)
    assert sr.numeric.enclose_at_root(x ** 2 - 4, x, root, digits=30).positive
    tiny = sr.numeric.enclose_at_root(x - sp.Rational(sp.N(root, 40)), x, root, digits=30)
    assert not tiny.positive and not tiny.negative          # |value| below the enclosure's width


import pytest  # noqa: E402


@pytest.mark.parametrize("seq, expected", [
    (lambda c, k: 1 - c.mpf(2) ** (-k), "bounded"),          # converging from below
    (lambda c, k: 3 - c.mpf(1) / k, "bounded"),
    (lambda c, k: c.mpf(2) ** k, "growing"),                  # power law in 1/omega = 2^k
    (lambda c, k: c.exp(c.mpf(2) ** k / 10), "growing"),      # exponential
    (lambda c, k: c.mpf(k), "growing"),                       # logarithmic growth in 1/omega
], ids=["geometric-limit", "harmonic-limit", "power", "exponential", "logarithmic"])
def test_ratio_trend_classification(seq, expected):
    assert sr.numeric.ratio_trend(seq, range(1, 10), dps=30, tail=3).trend == expected


def test_ratio_trend_refuses_precision_disagreement():
    import random
    noisy = lambda c, k: 1 + random.random() * c.mpf(10) ** -5  # noqa: E731 - differs between the two runs
    with pytest.raises(sr.InvalidArgument, match="differs between dps"):
        sr.numeric.ratio_trend(noisy, range(1, 6), dps=30, tail=3)


def test_integrate_bisects_to_the_requested_accuracy():
    ctx = sr.numeric.context(40)
    value, err = sr.numeric.integrate(ctx, lambda x: 1 / (1 + 1000 * (x - ctx.mpf(1) / 3) ** 2),
                                      [ctx.mpf(0), ctx.mpf(1)])
    r = ctx.sqrt(1000)
    exact = (ctx.atan(r * 2 / 3) + ctx.atan(r / 3)) / r
    assert abs(value - exact) < ctx.mpf(10) ** -20 and err < ctx.mpf(10) ** -20


def test_stirling_rows_match_sympy():
    from sympy.functions.combinatorial.numbers import stirling

    for n in (0, 1, 5, 17, 40):
        for k in range(0, n + 2):
            assert sr.symbolic.stirling2(n, k) == int(stirling(n, k, kind=2)), (n, k)


def test_the_identity_probe_does_not_expand_huge_exact_powers():
    """A random rational point substituted exactly makes SymPy expand (p/q)**(10**7) (no end in sight);
    the probe evaluates numerically instead, and decides within a second."""
    import random
    import time

    import sympy as sp

    from symrnn.symbolic._identities import decide_identity

    x, y = sp.symbols("x y", positive=True)
    start = time.monotonic()
    dec = decide_identity(sp.exp(y * 10**7 * sp.log(x)) * (1 + x), x ** (y * 10**7) * (2 + x) - x ** (y * 10**7),
                          domain={x: (sp.Rational(11, 10), 2), y: (1, 3)}, dps=50, rng=random.Random(0), points=4)
    assert dec.verdict.value in ("proved", "inconclusive")
    assert time.monotonic() - start < 20
