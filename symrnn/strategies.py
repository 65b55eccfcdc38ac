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


# -- linear state-space models and discrete measures (Cohen-Karlik et al. 2023 and alike) ---------------------

@st.composite
def stable_symmetric_matrices(draw, d: int, denominator: int = 16):
    """A rational symmetric d x d matrix with every eigenvalue in [-1, 1], exactly: each row's absolute sum is
    at most 1 (Gershgorin), so the spectral radius is <= 1. Returns a list of lists of Fractions."""
    raw = [[draw(rationals(Fraction(-1), Fraction(1), denominator)) for _ in range(d)] for _ in range(d)]
    S = [[(raw[i][j] + raw[j][i]) / 2 for j in range(d)] for i in range(d)]
    worst = max(sum(abs(x) for x in row) for row in S)
    return [[x / worst for x in row] for row in S] if worst > 1 else S


@st.composite
def balanced_systems(draw, d: int, denominator: int = 16):
    """(A, B, C) with A stable symmetric rational, B rational, C = B^T (Definition 4 of Cohen-Karlik et al.)."""
    A = draw(stable_symmetric_matrices(d, denominator))
    B = draw(st.lists(rationals(Fraction(-2), Fraction(2), denominator), min_size=d, max_size=d))
    return A, B, list(B)


@st.composite
def diagonal_students(draw, d: int, bound=Fraction(3, 2), denominator: int = 16):
    """A diagonal balanced student (a_i, b_i): A = diag(a), B = C^T = b, entries in [-bound, bound]."""
    a = draw(st.lists(rationals(-bound, bound, denominator), min_size=d, max_size=d))
    b = draw(st.lists(rationals(-bound, bound, denominator), min_size=d, max_size=d))
    return a, b


@st.composite
def discrete_measures(draw, min_atoms: int = 1, max_atoms: int = 5, lo=Fraction(-1), hi=Fraction(1),
                      denominator: int = 32):
    """A probability measure on [lo, hi] with rational atoms and rational weights (symrnn.numeric DiscreteMeasure);
    atoms may coincide closely (near-coincident atoms are the adversarial case of moment comparisons)."""
    from .numeric._measures import DiscreteMeasure

    n = draw(st.integers(min_atoms, max_atoms))
    atoms = draw(st.lists(rationals(lo, hi, denominator), min_size=n, max_size=n))
    raw = draw(st.lists(st.integers(1, 64), min_size=n, max_size=n))
    tot = sum(raw)
    return DiscreteMeasure.of(atoms, [Fraction(r, tot) for r in raw])
