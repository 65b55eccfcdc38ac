"""Hypothesis strategies users can import: exact rationals, exponential sums, partitions, M*-points.

All values are exact (fractions.Fraction), so a failing example pastes back without rounding.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st


def positive_rationals(lo: Fraction = Fraction(1, 20), hi: Fraction = Fraction(20), denominator: int = 64):
    """Rationals p/denominator in [lo, hi]."""
    return st.integers(int(lo * denominator), int(hi * denominator)).map(lambda p: Fraction(p, denominator)) \
        .filter(lambda x: x > 0)


def rationals(lo=Fraction(-5), hi=Fraction(5), denominator: int = 64):
    """Rationals p/denominator in [lo, hi] (sign unrestricted)."""
    return st.integers(int(lo * denominator), int(hi * denominator)).map(lambda p: Fraction(p, denominator))


def nonzero_rationals(lo=Fraction(-5), hi=Fraction(5), denominator: int = 64):
    """Nonzero rationals p/denominator in [lo, hi] (coefficients of a non-degenerate sum)."""
    return rationals(lo, hi, denominator).filter(lambda x: x != 0)


@st.composite
def distinct_rates(draw, n: int, lo=Fraction(1, 20), hi=Fraction(20)):
    """n distinct positive rationals (possibly close to each other)."""
    return draw(st.lists(positive_rationals(lo, hi), min_size=n, max_size=n, unique=True))


@st.composite
def exp_sums(draw, min_terms: int = 1, max_terms: int = 3):
    """A non-degenerate exponential sum: nonzero coefficients, distinct positive rates."""
    n = draw(st.integers(min_terms, max_terms))
    rates = draw(distinct_rates(n))
    coeffs = draw(st.lists(nonzero_rationals(), min_size=n, max_size=n))
    return coeffs, rates


@st.composite
def labelled_partitions(draw, m: int, d: int, allow_rest: bool = True):
    """[m] = I_1 u ... u I_d u I_0: labelled non-empty I_j; I_0 split into non-empty blocks.

    Returns (blocks: list of lists, rest_blocks: list of lists) over indices 0..m-1.
    """
    if d > m:
        raise ValueError(f"cannot split {m} indices into {d} non-empty blocks")
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


@st.composite
def split_sum(draw, total: Fraction, parts: int):
    """`parts` rationals summing exactly to `total`."""
    free = draw(st.lists(rationals(), min_size=parts - 1, max_size=parts - 1))
    return [*free, total - sum(free, Fraction(0))]
