"""Hypothesis strategies users can import: exact rationals, exponential sums, set partitions, matrices
(Hurwitz-stable, stable symmetric, balanced systems), discrete measures and activations.

All numbers are exact (fractions.Fraction), so a failing example pastes back without rounding. Every
strategy checks its parameters when it is called (not when Hypothesis first draws from it) and raises
`symrnn.InvalidArgument` naming the offending value.

    rationals, positive_rationals, nonzero_rationals     p/denominator on an interval
    distinct_rates, exp_sums                             non-degenerate exponential sums sum_i c_i e^{-r_i t}
    labelled_partitions, split_sum, expsum_representations
                                                         set partitions; the exponential sums of width m that
                                                         equal a given one (the union M* of affine pieces M*_P)
    hurwitz_matrices                                     eigenvalues with negative real parts (continuous time)
    activations                                          the activation families of symrnn.numeric.ACTIVATIONS
    stable_symmetric_matrices, balanced_systems, diagonal_students, discrete_measures
                                                         discrete-time state-space models and measures

Example (the pattern of every example below: a property that holds for every drawn value):

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, derandomize=True, database=None)
    ... @given(exp_sums(max_terms=2))
    ... def distinct_positive_rates(s):
    ...     coeffs, rates = s
    ...     assert len(set(rates)) == len(rates) and min(rates) > 0 and 0 not in coeffs
    >>> distinct_positive_rates()
"""

from __future__ import annotations

import numbers
from fractions import Fraction

from hypothesis import strategies as st

from ._errors import InvalidArgument

__all__ = [
    "rationals", "positive_rationals", "nonzero_rationals", "distinct_rates", "exp_sums", "labelled_partitions",
    "split_sum", "expsum_representations", "hurwitz_matrices", "activations", "stable_symmetric_matrices",
    "balanced_systems", "diagonal_students", "discrete_measures",
]


def _fraction(name: str, value) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (numbers.Rational, str)):
        raise InvalidArgument(f"{name} must be an exact rational (int, Fraction or a string such as '1/20'), "
                              f"got {value!r}")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as exc:
        raise InvalidArgument(f"{name} = {value!r} is not an exact rational: {exc}") from None


def _count(name: str, value, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise InvalidArgument(f"{name} must be at least {minimum}, got {value}")
    return value


def _interval(lo, hi, denominator) -> tuple[Fraction, Fraction, int]:
    lo, hi = _fraction("lo", lo), _fraction("hi", hi)
    denominator = _count("denominator", denominator, 1)
    if lo > hi:
        raise InvalidArgument(f"empty interval: lo = {lo} > hi = {hi}; pass lo <= hi")
    return lo, hi, denominator


def rationals(lo=Fraction(-5), hi=Fraction(5), denominator: int = 64):
    """Rationals p/denominator in [lo, hi] (sign unrestricted); shrinks toward 0 when 0 is in range.

    Arguments:
        lo, hi: the interval (exact: int, Fraction or a string such as "-5/2"); lo <= hi.
        denominator: the grid 1/denominator the values lie on (>= 1).

    Returns:
        A strategy of `Fraction`s. The grid points are those p/denominator with p between
        int(lo * denominator) and int(hi * denominator) (truncated toward zero).

    Raises:
        InvalidArgument: a bound that is not an exact rational, lo > hi, or denominator < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(rationals(-1, 1, denominator=8))
        ... def on_the_grid(x):
        ...     assert -1 <= x <= 1 and (8 * x).denominator == 1
        >>> on_the_grid()
        >>> rationals(1, 0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: empty interval: lo = 1 > hi = 0; pass lo <= hi
    """
    lo, hi, denominator = _interval(lo, hi, denominator)
    return st.integers(int(lo * denominator), int(hi * denominator)).map(lambda p: Fraction(p, denominator))


def positive_rationals(lo: Fraction = Fraction(1, 20), hi: Fraction = Fraction(20), denominator: int = 64):
    """Positive rationals p/denominator in [lo, hi] (rates of exponential sums, widths, scales).

    Arguments:
        lo, hi: the interval (exact); lo <= hi and hi >= 1/denominator, so that a positive grid point exists.
        denominator: the grid 1/denominator (>= 1).

    Returns:
        A strategy of positive `Fraction`s.

    Raises:
        InvalidArgument: bad bounds or denominator, or no positive grid point in [lo, hi].

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(positive_rationals(hi=2))
        ... def positive(x):
        ...     assert 0 < x <= 2
        >>> positive()
        >>> positive_rationals(-2, -1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: no positive rational p/64 in [-2, -1]
    """
    lo, hi, denominator = _interval(lo, hi, denominator)
    if int(hi * denominator) < 1:
        raise InvalidArgument(f"no positive rational p/{denominator} in [{lo}, {hi}]")
    return st.integers(int(lo * denominator), int(hi * denominator)).map(lambda p: Fraction(p, denominator)) \
        .filter(lambda x: x > 0)


def nonzero_rationals(lo=Fraction(-5), hi=Fraction(5), denominator: int = 64):
    """Nonzero rationals p/denominator in [lo, hi] (coefficients of a non-degenerate sum).

    Arguments:
        lo, hi: the interval (exact), lo <= hi, containing a nonzero grid point.
        denominator: the grid 1/denominator (>= 1).

    Returns:
        A strategy of nonzero `Fraction`s.

    Raises:
        InvalidArgument: bad bounds or denominator, or [lo, hi] holds no nonzero grid point.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(nonzero_rationals(-1, 1))
        ... def nonzero(x):
        ...     assert x != 0 and -1 <= x <= 1
        >>> nonzero()
        >>> nonzero_rationals(0, 0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: no nonzero rational p/64 in [0, 0]
    """
    lo, hi, denominator = _interval(lo, hi, denominator)
    if int(lo * denominator) == int(hi * denominator) == 0:
        raise InvalidArgument(f"no nonzero rational p/{denominator} in [{lo}, {hi}]")
    return rationals(lo, hi, denominator).filter(lambda x: x != 0)


def distinct_rates(n: int, lo=Fraction(1, 20), hi=Fraction(20)):
    """n distinct positive rationals on the grid 1/64 in [lo, hi], possibly close to each other (the rates
    of a non-degenerate exponential sum; near-coalescing rates are the adversarial case).

    Arguments:
        n: how many rates (>= 1).
        lo, hi: the interval of the rates (exact, positive grid points in it).

    Returns:
        A strategy of lists of n distinct positive `Fraction`s.

    Raises:
        InvalidArgument: n < 1, bad bounds, or fewer than n grid points in [lo, hi].

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(distinct_rates(3))
        ... def distinct(w):
        ...     assert len(set(w)) == 3 and min(w) > 0
        >>> distinct()
        >>> distinct_rates(0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: n must be at least 1, got 0
    """
    n = _count("n", n, 1)
    lo, hi, _ = _interval(lo, hi, 64)
    available = int(hi * 64) - max(int(lo * 64), 1) + 1
    if available < n:
        raise InvalidArgument(f"only {max(available, 0)} grid points p/64 in [{lo}, {hi}] for {n} distinct rates")
    return _distinct_rates(n, lo, hi)


@st.composite
def _distinct_rates(draw, n, lo, hi):
    return draw(st.lists(positive_rationals(lo, hi), min_size=n, max_size=n, unique=True))


def exp_sums(min_terms: int = 1, max_terms: int = 3):
    """A non-degenerate exponential sum sum_i c_i e^{-r_i t}: nonzero coefficients c_i in [-5, 5], distinct
    positive rates r_i in [1/20, 20] (grid 1/64).

    Arguments:
        min_terms, max_terms: the number of terms, 1 <= min_terms <= max_terms.

    Returns:
        A strategy of pairs (coefficients, rates), two lists of `Fraction`s of equal length.

    Raises:
        InvalidArgument: min_terms < 1 or max_terms < min_terms.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(exp_sums(2, 2))
        ... def two_terms(s):
        ...     coeffs, rates = s
        ...     assert len(coeffs) == len(rates) == 2 and rates[0] != rates[1]
        >>> two_terms()
        >>> exp_sums(3, 2)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: max_terms must be at least 3, got 2
    """
    min_terms = _count("min_terms", min_terms, 1)
    max_terms = _count("max_terms", max_terms, min_terms)
    return _exp_sums(min_terms, max_terms)


@st.composite
def _exp_sums(draw, min_terms, max_terms):
    n = draw(st.integers(min_terms, max_terms))
    rates = draw(distinct_rates(n))
    coeffs = draw(st.lists(nonzero_rationals(), min_size=n, max_size=n))
    return coeffs, rates


def labelled_partitions(m: int, d: int, allow_rest: bool = True):
    """A set partition [m] = I_1 u ... u I_d u I_0 of the indices 0..m-1: labelled non-empty blocks I_1..I_d
    and a rest I_0 (possibly empty) split into unlabelled non-empty blocks (the partitions P of the sets
    M*_P of exponential sums equal to a target; `symrnn.symbolic.labelled_partitions_with_rest` enumerates them).

    Arguments:
        m: the number of indices (>= 1).
        d: the number of labelled blocks, 1 <= d <= m.
        allow_rest: False forces I_0 to be empty (an ordered partition of [m] into d blocks).

    Returns:
        A strategy of pairs (blocks, rest_blocks): lists of sorted index lists.

    Raises:
        InvalidArgument: m < 1, d < 1 or d > m.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(labelled_partitions(5, 2))
        ... def covers(p):
        ...     blocks, rest = p
        ...     assert sorted(i for b in blocks + rest for i in b) == [0, 1, 2, 3, 4] and all(blocks)
        >>> covers()
        >>> labelled_partitions(2, 3)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: cannot split 2 indices into 3 non-empty blocks (need d <= m)
    """
    m, d = _count("m", m, 1), _count("d", d, 1)
    if d > m:
        raise InvalidArgument(f"cannot split {m} indices into {d} non-empty blocks (need d <= m)")
    return _labelled_partitions(m, d, bool(allow_rest))


@st.composite
def _labelled_partitions(draw, m: int, d: int, allow_rest: bool = True):
    order = draw(st.permutations(list(range(m))))
    rest_size = draw(st.integers(0, m - d)) if allow_rest else 0
    main, rest = order[: m - rest_size], order[m - rest_size:]
    cuts = sorted(draw(st.lists(st.integers(1, len(main) - 1), min_size=d - 1, max_size=d - 1, unique=True))) \
        if d > 1 else []
    bounds = [0, *cuts, len(main)]
    blocks = [sorted(main[bounds[i]:bounds[i + 1]]) for i in range(d)]
    rest_blocks = []
    if rest:
        n_rest = draw(st.integers(1, len(rest)))
        rcuts = sorted(draw(st.lists(st.integers(1, len(rest) - 1), min_size=n_rest - 1, max_size=n_rest - 1,
                                     unique=True))) if n_rest > 1 else []
        rb = [0, *rcuts, len(rest)]
        rest_blocks = [sorted(rest[rb[i]:rb[i + 1]]) for i in range(n_rest)]
    return blocks, rest_blocks


def split_sum(total, parts: int):
    """`parts` rationals (grid 1/64, the free ones in [-5, 5]) summing exactly to `total`.

    Arguments:
        total: the exact sum (int, Fraction or a string such as "3/4").
        parts: how many summands (>= 1); with parts = 1 the only value is [total].

    Returns:
        A strategy of lists of `Fraction`s with sum(...) == total exactly.

    Raises:
        InvalidArgument: total not an exact rational, or parts < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(split_sum("1/2", 3))
        ... def sums(xs):
        ...     assert len(xs) == 3 and sum(xs) == Fraction(1, 2)
        >>> sums()
        >>> split_sum(1, 0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: parts must be at least 1, got 0
    """
    return _split_sum(_fraction("total", total), _count("parts", parts, 1))


@st.composite
def _split_sum(draw, total: Fraction, parts: int):
    free = draw(st.lists(rationals(), min_size=parts - 1, max_size=parts - 1))
    return [*free, total - sum(free, Fraction(0))]


def expsum_representations(coeffs, rates, m: int, *, spare_rates=None):
    """Exponential sums of width m that equal a given non-degenerate one: (a, w) with
    sum_{i<m} a_i e^{-w_i t} = sum_j coeffs[j] e^{-rates[j] t} identically. Each target rate is carried by a
    labelled block of model indices whose coefficients sum to its target coefficient; the remaining indices
    form zero-sum blocks at fresh rates (the set M* of such points and its affine pieces M*_P, one per
    partition).

    Arguments:
        coeffs, rates: the target (exact rationals; distinct positive rates, nonzero coefficients).
        m: the width, m >= len(rates).
        spare_rates: positive rationals for the zero-sum blocks, distinct from the target rates (default:
            p/8 + 1/16 for p = 1..40 that are not target rates).

    Returns:
        A strategy of pairs (a, w): lists of m `Fraction`s.

    Raises:
        InvalidArgument: a degenerate or malformed target, m < len(rates), or too few spare rates.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(expsum_representations([1, -2], [1, 3], m=4))
        ... def same_sum(p):
        ...     a, w = p
        ...     for rate, c in ((1, 1), (3, -2)):
        ...         assert sum(x for x, y in zip(a, w) if y == rate) == c
        ...     assert all(sum(x for x, y in zip(a, w) if y == r) == 0 for r in set(w) - {1, 3})
        >>> same_sum()
        >>> expsum_representations([1, 2], [1, 3], m=1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: width m = 1 < 2 target terms: a representation needs a block per target rate
    """
    coeffs = [_fraction(f"coeffs[{q}]", c) for q, c in enumerate(coeffs)]
    rates = [_fraction(f"rates[{q}]", r) for q, r in enumerate(rates)]
    if not rates or len(coeffs) != len(rates):
        raise InvalidArgument(f"{len(coeffs)} coefficients and {len(rates)} rates: pass one coefficient per rate, "
                              "at least one term")
    if 0 in coeffs or min(rates) <= 0 or len(set(rates)) != len(rates):
        raise InvalidArgument(f"the target must be non-degenerate (nonzero coefficients, distinct positive rates), "
                              f"got coeffs={[str(c) for c in coeffs]}, rates={[str(r) for r in rates]}")
    m = _count("m", m, 1)
    if m < len(rates):
        raise InvalidArgument(f"width m = {m} < {len(rates)} target terms: a representation needs a block per "
                              "target rate")
    spare = [Fraction(p, 8) + Fraction(1, 16) for p in range(1, 41)] if spare_rates is None else \
        [_fraction("spare_rates", r) for r in spare_rates]
    spare = [r for r in dict.fromkeys(spare) if r not in rates]
    if any(r <= 0 for r in spare) or len(spare) < m - len(rates):
        raise InvalidArgument(f"need at least {m - len(rates)} positive spare rates distinct from the target's, "
                              f"got {[str(r) for r in spare]}")
    return _expsum_representations(coeffs, rates, m, spare)


@st.composite
def _expsum_representations(draw, coeffs, rates, m, spare):
    blocks, rest_blocks = draw(labelled_partitions(m, len(rates)))
    a, w = [Fraction(0)] * m, [Fraction(0)] * m
    for block, c, r in zip(blocks, coeffs, rates):
        for i, x in zip(block, draw(split_sum(c, len(block)))):
            a[i], w[i] = x, r
    # each block of the rest sums to zero at a rate of its own (a lone index has a_i = 0)
    fresh = draw(st.lists(st.sampled_from(spare), min_size=len(rest_blocks), max_size=len(rest_blocks), unique=True))
    for block, r in zip(rest_blocks, fresh):
        for i, x in zip(block, draw(split_sum(0, len(block)))):
            a[i], w[i] = x, r
    return a, w


def hurwitz_matrices(d: int, kind: str = "triangular", denominator: int = 8):
    """Exact rational d x d matrices W whose eigenvalues all have negative real parts (the recurrent
    matrices of continuous-time linear RNNs).

    Arguments:
        d: the size (>= 1).
        kind: "diagonal" (W = diag(-lambda_i)); "symmetric" (W = -(S + c I) with S symmetric and c above
            its Gershgorin radius: negative definite, a normal matrix); "triangular" (upper triangular with
            negative diagonal and arbitrary entries above it: non-normal, with transient growth of e^{Wt}).
        denominator: the grid of the entries (>= 1).

    Returns:
        A strategy of lists of d lists of `Fraction`s. Eigenvalues: the diagonal for "diagonal" and
        "triangular" (exactly), each at most -1/denominator; at most -1/denominator for "symmetric".

    Raises:
        InvalidArgument: d < 1, an unknown kind, or denominator < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(hurwitz_matrices(3, "triangular"))
        ... def stable(W):
        ...     assert all(W[i][i] < 0 for i in range(3)) and all(W[i][j] == 0 for i in range(3) for j in range(i))
        >>> stable()
        >>> hurwitz_matrices(2, "normal")
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: kind='normal' is not one of ['diagonal', 'symmetric', 'triangular']
    """
    d = _count("d", d, 1)
    kinds = ("diagonal", "symmetric", "triangular")
    if kind not in kinds:
        raise InvalidArgument(f"kind={kind!r} is not one of {list(kinds)}")
    return _hurwitz_matrices(d, kind, _count("denominator", denominator, 1))


@st.composite
def _hurwitz_matrices(draw, d, kind, denominator):
    lam = draw(st.lists(positive_rationals(Fraction(1, denominator), Fraction(4), denominator), min_size=d,
                        max_size=d))
    if kind == "symmetric":
        raw = [[draw(rationals(Fraction(-2), Fraction(2), denominator)) for _ in range(d)] for _ in range(d)]
        S = [[(raw[i][j] + raw[j][i]) / 2 for j in range(d)] for i in range(d)]
        radius = max(sum(abs(x) for x in row) for row in S)
        # -(S + (radius + lambda_i) I): Gershgorin puts every eigenvalue at or below -min(lambda)
        return [[-(S[i][j] + (radius + lam[i] if i == j else 0)) for j in range(d)] for i in range(d)]
    W = [[Fraction(0)] * d for _ in range(d)]
    for i in range(d):
        W[i][i] = -lam[i]
        if kind == "triangular":
            for j in range(i + 1, d):
                W[i][j] = draw(rationals(Fraction(-4), Fraction(4), denominator))
    return W


def activations(names=None):
    """Activation functions sigma with exact sup-constants (`symrnn.numeric.Activation`), drawn from
    `symrnn.numeric.ACTIVATIONS` (tanh, logistic, gaussian, sin).

    Arguments:
        names: the families to draw from (default: all, in sorted order; shrinks toward the first).

    Returns:
        A strategy of `symrnn.numeric.Activation` objects (fields expr, sigma0, sigma1, sigma2, ...).

    Raises:
        InvalidArgument: an unknown family name, or an empty list.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=10, derandomize=True, database=None)
        ... @given(activations(["tanh", "logistic"]))
        ... def bounded(act):
        ...     assert act.sigma0 == 1 and act.sigma1 <= 1
        >>> bounded()
        >>> activations(["relu"])
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: unknown activation 'relu'; choose from ['gaussian', 'logistic', 'sin', 'tanh']
    """
    from .numeric._activations import ACTIVATIONS

    chosen = sorted(ACTIVATIONS) if names is None else list(names)
    if not chosen:
        raise InvalidArgument(f"no activation names given; choose from {sorted(ACTIVATIONS)}")
    for name in chosen:
        if name not in ACTIVATIONS:
            raise InvalidArgument(f"unknown activation {name!r}; choose from {sorted(ACTIVATIONS)}")
    return st.sampled_from([ACTIVATIONS[n] for n in chosen])


# -- linear state-space models and discrete measures -------------------------------------------------------------

def stable_symmetric_matrices(d: int, denominator: int = 16):
    """A rational symmetric d x d matrix with every eigenvalue in [-1, 1], exactly: each row's absolute sum is
    at most 1 (Gershgorin), so the spectral radius is <= 1 (a stable discrete-time transition matrix).

    Arguments:
        d: the size (>= 1).
        denominator: the grid of the raw entries (>= 1); rescaling by the largest row sum may refine it.

    Returns:
        A strategy of lists of d lists of `Fraction`s, symmetric.

    Raises:
        InvalidArgument: d < 1 or denominator < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(stable_symmetric_matrices(3))
        ... def gershgorin(A):
        ...     assert all(A[i][j] == A[j][i] for i in range(3) for j in range(3))
        ...     assert max(sum(abs(x) for x in row) for row in A) <= 1
        >>> gershgorin()
        >>> stable_symmetric_matrices(0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: d must be at least 1, got 0
    """
    return _stable_symmetric_matrices(_count("d", d, 1), _count("denominator", denominator, 1))


@st.composite
def _stable_symmetric_matrices(draw, d: int, denominator: int = 16):
    raw = [[draw(rationals(Fraction(-1), Fraction(1), denominator)) for _ in range(d)] for _ in range(d)]
    S = [[(raw[i][j] + raw[j][i]) / 2 for j in range(d)] for i in range(d)]
    worst = max(sum(abs(x) for x in row) for row in S)
    return [[x / worst for x in row] for row in S] if worst > 1 else S


def balanced_systems(d: int, denominator: int = 16):
    """(A, B, C) with A stable symmetric rational (`stable_symmetric_matrices`), B rational in [-2, 2]^d and
    C = B^T: a balanced system.

    Arguments:
        d: the state dimension (>= 1).
        denominator: the grid of the entries (>= 1).

    Returns:
        A strategy of triples (A, B, C): A a list of d lists, B and C lists of d `Fraction`s, C == B.

    Raises:
        InvalidArgument: d < 1 or denominator < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(balanced_systems(2))
        ... def balanced(sys):
        ...     A, B, C = sys
        ...     assert B == C and A[0][1] == A[1][0]
        >>> balanced()
        >>> balanced_systems(2, denominator=0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: denominator must be at least 1, got 0
    """
    return _balanced_systems(_count("d", d, 1), _count("denominator", denominator, 1))


@st.composite
def _balanced_systems(draw, d: int, denominator: int = 16):
    A = draw(stable_symmetric_matrices(d, denominator))
    B = draw(st.lists(rationals(Fraction(-2), Fraction(2), denominator), min_size=d, max_size=d))
    return A, B, list(B)


def diagonal_students(d: int, bound=Fraction(3, 2), denominator: int = 16):
    """A diagonal balanced student (a_i, b_i): A = diag(a), B = C^T = b, entries in [-bound, bound].

    Arguments:
        d: the state dimension (>= 1).
        bound: the entry bound (exact, >= 0).
        denominator: the grid of the entries (>= 1).

    Returns:
        A strategy of pairs (a, b) of lists of d `Fraction`s.

    Raises:
        InvalidArgument: d < 1, a negative or inexact bound, or denominator < 1.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(diagonal_students(3, bound=1))
        ... def bounded(s):
        ...     a, b = s
        ...     assert len(a) == len(b) == 3 and max(abs(x) for x in a + b) <= 1
        >>> bounded()
        >>> diagonal_students(2, bound=-1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: empty interval: lo = 1 > hi = -1; pass lo <= hi
    """
    bound = _fraction("bound", bound)
    _interval(-bound, bound, denominator)
    return _diagonal_students(_count("d", d, 1), bound, denominator)


@st.composite
def _diagonal_students(draw, d: int, bound=Fraction(3, 2), denominator: int = 16):
    a = draw(st.lists(rationals(-bound, bound, denominator), min_size=d, max_size=d))
    b = draw(st.lists(rationals(-bound, bound, denominator), min_size=d, max_size=d))
    return a, b


def discrete_measures(min_atoms: int = 1, max_atoms: int = 5, lo=Fraction(-1), hi=Fraction(1),
                      denominator: int = 32):
    """A probability measure on [lo, hi] with rational atoms and rational weights (`symrnn.numeric.DiscreteMeasure`);
    atoms may coincide closely (near-coincident atoms are the adversarial case of moment comparisons).

    Arguments:
        min_atoms, max_atoms: the number of drawn atoms, 1 <= min_atoms <= max_atoms (equal atoms merge).
        lo, hi: the support interval (exact), lo <= hi.
        denominator: the grid of the atoms (>= 1); weights are k/total with integers k in 1..64.

    Returns:
        A strategy of `DiscreteMeasure`s with total mass exactly 1.

    Raises:
        InvalidArgument: bad counts, bounds or denominator.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=20, derandomize=True, database=None)
        ... @given(discrete_measures(1, 3))
        ... def probability(mu):
        ...     assert sum(mu.weights) == 1 and all(-1 <= x <= 1 for x in mu.atoms)
        >>> probability()
        >>> discrete_measures(0)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: min_atoms must be at least 1, got 0
    """
    min_atoms = _count("min_atoms", min_atoms, 1)
    max_atoms = _count("max_atoms", max_atoms, min_atoms)
    lo, hi, denominator = _interval(lo, hi, denominator)
    return _discrete_measures(min_atoms, max_atoms, lo, hi, denominator)


@st.composite
def _discrete_measures(draw, min_atoms: int = 1, max_atoms: int = 5, lo=Fraction(-1), hi=Fraction(1),
                       denominator: int = 32):
    from .numeric._measures import DiscreteMeasure

    n = draw(st.integers(min_atoms, max_atoms))
    atoms = draw(st.lists(rationals(lo, hi, denominator), min_size=n, max_size=n))
    raw = draw(st.lists(st.integers(1, 64), min_size=n, max_size=n))
    tot = sum(raw)
    return DiscreteMeasure.of(atoms, [Fraction(r, tot) for r in raw])
