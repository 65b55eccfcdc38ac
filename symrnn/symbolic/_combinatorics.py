"""Counting: Stirling numbers, surjections, and explicit enumeration of labelled partitions."""

from __future__ import annotations

import functools
import itertools
from math import comb

from sympy import Function, Integer, Symbol, expand, interpolate
from sympy.utilities.iterables import multiset_partitions

from .._errors import InvalidArgument


def _size(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgument(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise InvalidArgument(f"{name} must be at least {minimum}, got {value}")
    return value


def stirling2(n: int, k: int) -> int:
    """Stirling number of the second kind {n brace k}: the partitions of n labelled items into k non-empty
    unlabelled blocks (exact integers; rows cached).

    Arguments:
        n, k: nonnegative integers.

    Returns:
        An int (0 for k > n).

    Raises:
        InvalidArgument: a negative or non-integer argument.

    Example:
        >>> stirling2(4, 2)
        7
        >>> stirling2(4, -1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: k must be at least 0, got -1
    """
    _size("n", n, 0)
    _size("k", k, 0)
    return _stirling2(n, k)


def _stirling2(n: int, k: int) -> int:
    row = _stirling_row(n)
    return row[k] if k < len(row) else 0


@functools.lru_cache(maxsize=None)
def _stirling_row(n: int) -> tuple[int, ...]:
    """{n brace 0..n} by the triangle recurrence S(n, k) = k S(n-1, k) + S(n-1, k-1), one cached row per n:
    SymPy's `stirling` recomputes from scratch on every call, which made m = 2..200 sweeps cost seconds.
    The tests compare these rows with SymPy's `stirling`."""
    if n == 0:
        return (1,)
    prev = _stirling_row(n - 1)
    return (0,) + tuple(k * (prev[k] if k < len(prev) else 0) + prev[k - 1] for k in range(1, n + 1))


def surjection_count(m: int, d: int) -> int:
    """Number of maps [m] -> [d] hitting every element, sum_k (-1)^k C(d, k) (d - k)^m by inclusion-exclusion
    (an evaluator independent of the Stirling recurrence: it equals d! S(m, d), the number of ordered
    partitions of [m] into d blocks).

    Arguments:
        m, d: positive integers.

    Returns:
        An int.

    Raises:
        InvalidArgument: an argument that is not a positive integer.

    Example:
        >>> surjection_count(4, 2), 2 * stirling2(4, 2)
        (14, 14)
        >>> surjection_count(0, 1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: m must be at least 1, got 0
    """
    _size("m", m)
    _size("d", d)
    return sum((-1) ** j * comb(d, j) * (d - j) ** m for j in range(d + 1))


def ordered_partitions(m: int, d: int):
    """Every partition of {0..m-1} into d non-empty blocks labelled 1..d, as tuples of frozensets (an explicit
    enumeration: there are d! S(m, d) of them).

    Arguments:
        m, d: positive integers (nothing is yielded for d > m).

    Returns:
        A generator of tuples (block 1, ..., block d).

    Raises:
        InvalidArgument: an argument that is not a positive integer.

    Example:
        >>> sum(1 for _ in ordered_partitions(4, 2)) == surjection_count(4, 2)
        True
    """
    _size("m", m)
    _size("d", d)
    if d > m:
        return
    for blocks in multiset_partitions(list(range(m)), d):
        for perm in itertools.permutations(blocks):
            yield tuple(frozenset(b) for b in perm)


def labelled_partitions_with_rest(m: int, d: int):
    """Partitions [m] = I_1 u ... u I_d u I_0 with I_1..I_d non-empty and labelled, and
    I_0 (possibly empty) split into unlabelled non-empty blocks I_{0,1}, ..., I_{0,i0}.

    Arguments:
        m: the number of indices; d: the number of labelled blocks (positive integers).

    Returns:
        A generator of pairs (labelled blocks, tuple of I_0 blocks sorted by their least element).

    Raises:
        InvalidArgument: an argument that is not a positive integer.

    Example:
        >>> sum(1 for _ in labelled_partitions_with_rest(3, 1))   # I_1 alone, or I_0 split into blocks
        10
    """
    _size("m", m)
    _size("d", d)
    for k in range(0, m - d + 1):
        for rest in itertools.combinations(range(m), k):
            others = [i for i in range(m) if i not in rest]
            rest_splits = [()] if not rest else (
                tuple(sorted((frozenset(b) for b in split), key=min))
                for n_blocks in range(1, k + 1) for split in multiset_partitions(list(rest), n_blocks))
            rest_splits = list(rest_splits)
            for blocks in multiset_partitions(others, d) if others else []:
                for perm in itertools.permutations(blocks):
                    relabelled = tuple(frozenset(b) for b in perm)
                    for split in rest_splits:
                        yield relabelled, split


class StirlingS2(Function):
    """Symbolic Stirling number of the second kind {n brace k}; evaluates at integer arguments."""

    nargs = 2

    @classmethod
    def eval(cls, n, k):
        if n.is_Integer and k.is_Integer:
            if n < 0 or k < 0:
                raise InvalidArgument(f"Stirling numbers need n, k >= 0, got ({n}, {k})")
            return Integer(_stirling2(int(n), int(k)))
        return None

    def _latex(self, printer, exp=None):
        n, k = (printer._print(x) for x in self.args)
        body = r"\left\{ {%s \atop %s} \right\}" % (n, k)
        return f"{body}^{{{exp}}}" if exp else body


def stirling_diagonal_polynomial(j: int, m):
    """P_j(m) = S(m, m - j), the Stirling numbers of the second kind along the j-th diagonal, as a polynomial of
    degree 2j in m: interpolated through m = j..3j+1. It equals S(m, m - j) for every integer m >= j because
    both sides satisfy P_j(m) - P_j(m-1) = (m - j) P_{j-1}(m-1) (the triangle recurrence) with P_j(j) = 0 for
    j >= 1 and P_0 = 1 (a claim file can decide that induction with `ctx.identity`).

    Arguments:
        j: the diagonal (>= 0).
        m: the SymPy symbol for m.

    Returns:
        A SymPy polynomial expression in m (expanded).

    Raises:
        InvalidArgument: j not a nonnegative integer, or m not a SymPy symbol.

    Example:
        >>> import sympy
        >>> m = sympy.Symbol('m', integer=True, positive=True)
        >>> sympy.factor(stirling_diagonal_polynomial(1, m))
        m*(m - 1)/2
        >>> stirling_diagonal_polynomial(-1, m)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: j must be at least 0, got -1
    """
    _size("j", j, 0)
    if not isinstance(m, Symbol):
        raise InvalidArgument(f"m must be a SymPy symbol, got {m!r}")
    if j == 0:
        return Integer(1)
    pts = [(mm, _stirling2(mm, mm - j)) for mm in range(j, 3 * j + 2)]
    return expand(interpolate(pts, m))
