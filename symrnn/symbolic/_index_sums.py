"""Identities between finite sums over symbolic index ranges, for every size, by coincidence cases.

An expression here is a polynomial in sums  sum_{i=1}^{m} f(i, ...)  whose upper limits are symbols (m, m*, ...)
and whose summands involve indexed families (a[i], w[i]) at summed indices and at free indices (k, l),
`KroneckerDelta` of indices, and anything without an index. Expanded, it is a finite sum of terms

    sum_{i_1 = 1}^{R_1} ... sum_{i_p = 1}^{R_p} g(i_1, ..., i_p; k, l).

Each summed index equals one of the free indices of its range, or another summed index, or neither; so each
term splits into cases (a set partition of its summed indices of each range, each block sent to a distinct free
index or left new), each a sum over pairwise distinct new indices that differ from every free index. Collected
by the number of new indices of each range, lhs - rhs = sum over patterns P of  sum_{distinct new tuples} G_P.
When, for every pattern, the symmetrisation of G_P over the permutations of its new indices (within a range) is 0
as an identity in generic symbols (every entry a[x] a symbol of its own, x standing for a value distinct from the
other indices of the case), each pattern's sum is 0 at every size, so the identity holds for every value of the
range symbols and of the free indices, in each case of their coincidences (k = l, k != l). The condition is
sufficient only: a pattern that does not vanish decides nothing, and the sanity pass at small sizes (the sums
unrolled) is where a counterexample is looked for.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

import sympy

from .._errors import InvalidArgument
from .._verdict import Verdict
from ._identities import decide_identity


class UnsupportedSum(InvalidArgument):
    """The expression is not a polynomial in finite sums of the supported form."""


@dataclass(frozen=True)
class SumTerm:
    """sum over the `limits` ((index, upper), ...; every index from 1) of `summand`."""

    limits: tuple
    summand: sympy.Expr


def expand_sums(expr) -> list[SumTerm]:
    """`expr` as a list of sum terms: products of sums become multiple sums (each bound index a fresh Dummy).

    Example:
        >>> i, m = sympy.symbols('i m', integer=True, positive=True)
        >>> x = sympy.IndexedBase('x')
        >>> sorted(len(s.limits) for s in expand_sums(sympy.Sum(x[i], (i, 1, m)) ** 2 + 1))
        [0, 2]
    """
    return [SumTerm(lims, s) for lims, s in _terms(sympy.sympify(expr)) if s != 0]


def _terms(e):
    if not e.has(sympy.Sum):
        return [((), e)]
    if e.is_Add:
        return [t for arg in e.args for t in _terms(arg)]
    if e.is_Mul:
        out = [((), sympy.Integer(1))]
        for f in e.args:
            ft = _terms(f)
            out = [(l1 + l2, s1 * s2) for l1, s1 in out for l2, s2 in ft]
        return out
    if e.is_Pow and e.exp.is_Integer and e.exp > 0:
        out = [((), sympy.Integer(1))]
        for _ in range(int(e.exp)):
            ft = _terms(e.base)        # fresh bound indices for every factor
            out = [(l1 + l2, s1 * s2) for l1, s1 in out for l2, s2 in ft]
        return out
    if isinstance(e, sympy.Sum):
        subs, lims = {}, []
        for x, lo, hi in e.limits:
            if lo != 1:
                raise UnsupportedSum(f"the sum {e} does not start at 1")
            hi = hi.xreplace(subs)
            if hi.free_symbols & {d for d, _ in lims}:
                raise UnsupportedSum(f"the upper limit {hi} of {e} depends on another summed index")
            d = sympy.Dummy(str(x), integer=True, positive=True)
            subs[x] = d
            lims.append((d, hi))
        return [(tuple(lims) + l2, s) for l2, s in _terms(e.function.xreplace(subs))]
    raise UnsupportedSum(f"{type(e).__name__} of a sum ({e}) is not a polynomial in sums")


def map_summands(expr, fn):
    """Apply `fn` to every summand of the expanded `expr` and sum again (for example to integrate a squared sum
    term by term: a finite sum commutes with the integral).

    Example:
        >>> i, m = sympy.symbols('i m', integer=True, positive=True)
        >>> x = sympy.IndexedBase('x')
        >>> map_summands(sympy.Sum(x[i], (i, 1, m)), lambda s: 2 * s).dummy_eq(sympy.Sum(2 * x[i], (i, 1, m)))
        True
    """
    out = sympy.Integer(0)
    for term in expand_sums(expr):
        # bound indices renamed i_1, i_2, ... in each term (Dummies still: they never meet a free index)
        names = {d: sympy.Dummy(f"i_{q + 1}", integer=True, positive=True) for q, (d, _) in enumerate(term.limits)}
        body = fn(term.summand.xreplace(names))
        for d, hi in reversed(term.limits):
            body = sympy.Sum(body, (names[d], 1, hi))
        out += body
    return out


@dataclass
class IndexDecision:
    verdict: Verdict
    detail: str
    cases: list = field(default_factory=list)       # (free-index case, pattern, how it was decided)
    instances: list = field(default_factory=list)   # the sizes and free indices of the sanity pass
    witness: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    recheck: str = ""


def _set_partitions(items):
    items = list(items)
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _set_partitions(rest):
        yield [[first]] + part
        for q in range(len(part)):
            yield part[:q] + [[first] + part[q]] + part[q + 1:]


def free_cases(free: dict, distinct=(), equal=()):
    """The coincidence cases of the free indices: {index: representative}, one per set partition of the free
    indices of each range that keeps every `distinct` pair apart and every `equal` pair together."""
    ranges = {}
    for x, hi in free.items():
        ranges.setdefault(hi, []).append(x)
    per_range = [list(_set_partitions(xs)) for xs in ranges.values()]
    for choice in itertools.product(*per_range):
        rep = {}
        for part in choice:
            for block in part:
                for x in block:
                    rep[x] = block[0]
        if any(rep[p] == rep[q] for p, q in distinct) or any(rep[p] != rep[q] for p, q in equal):
            continue
        yield rep


def _kronecker(expr, known):
    """KroneckerDelta of two indices of a case: 1 on equal symbols, 0 on two different symbols of the same range
    (pairwise distinct values there); indices of different ranges (1..m and 1..m*) may coincide: not decided."""
    def value(x, y):
        if x == y:
            return sympy.Integer(1)
        if x in known and y in known and known[x] == known[y]:
            return sympy.Integer(0)
        raise UnsupportedSum(f"KroneckerDelta({x}, {y}) does not compare two indices of the sums")
    return expr.replace(lambda e: isinstance(e, sympy.KroneckerDelta), lambda e: value(*e.args))


def _generic(expr):
    """Every indexed entry a[x] as a symbol of its own, with the family's assumptions."""
    def entry(e):
        assumptions = {k: v for k, v in e.base.assumptions0.items() if v is not None}
        return sympy.Symbol(f"{e.base.label}[{','.join(str(q) for q in e.indices)}]", **assumptions)
    return expr.replace(lambda e: isinstance(e, sympy.Indexed), entry)


def pattern_sums(terms, free_rep: dict, free: dict) -> dict:
    """lhs - rhs (its sum terms, `expand_sums`) in one case of the free indices, as {pattern: G_P}: a pattern is
    ((range, number of new indices), ...), G_P the summand over distinct new indices (named new_<range>_<n>)."""
    reps = sorted(set(free_rep.values()), key=sympy.default_sort_key)
    rep_range = {r: free[r] for r in reps}
    merge = {x: r for x, r in free_rep.items() if x != r}
    out: dict = {}
    for term in terms:      # bound indices are Dummies already: the free indices are substituted in the summands
        term = SumTerm(tuple((d, hi.xreplace(merge)) for d, hi in term.limits), term.summand.xreplace(merge))
        by_range: dict = {}
        for d, hi in term.limits:
            by_range.setdefault(hi, []).append(d)
        options = []
        for hi, ds in by_range.items():
            frees = [r for r in reps if rep_range[r] == hi]
            opts = []
            for part in _set_partitions(ds):
                # each block goes to a distinct free index of the range or stays new
                for target in itertools.product([None] + frees, repeat=len(part)):
                    used = [t for t in target if t is not None]
                    if len(used) != len(set(used)):
                        continue
                    opts.append((hi, part, target))
            options.append(opts)
        for choice in itertools.product(*options):
            subs, key, known = {}, [], dict(rep_range)
            for hi, part, target in choice:
                n = 0
                for block, tgt in zip(part, target):
                    if tgt is None:
                        n += 1
                        tgt = sympy.Symbol(f"new_{hi}_{n}", integer=True, positive=True)
                        known[tgt] = hi
                    for d in block:
                        subs[d] = tgt
                key.append((str(hi), n))
            g = _kronecker(term.summand.xreplace(subs), known)
            k = tuple(sorted(key))
            k = tuple(p for p in k if p[1])
            out[k] = out.get(k, sympy.Integer(0)) + g
    return out


def symmetrised(g, pattern) -> sympy.Expr:
    """The sum of g over the permutations of its new indices within each range."""
    groups = [[sympy.Symbol(f"new_{hi}_{q}", integer=True, positive=True) for q in range(1, n + 1)]
              for hi, n in pattern]
    total = sympy.Integer(0)
    for perms in itertools.product(*(itertools.permutations(gr) for gr in groups)):
        subs = {}
        for gr, perm in zip(groups, perms):
            subs.update(dict(zip(gr, perm)))
        total += g.xreplace(subs)
    return total


def decide_index_identity(lhs, rhs, *, free: dict, distinct=(), equal=(), sizes: dict, dps: int = 30,
                          rng: random.Random | None = None, admissible=None) -> IndexDecision:
    """Decide lhs == rhs for every value of the range symbols and of the free indices (`free`: {index: its
    upper limit}; `distinct`/`equal`: pairs of free indices the statement keeps apart / together).

    Every coincidence case of every term is decided in generic symbols (SymPy, `decide_identity`); proved when
    each pattern vanishes. The sanity pass unrolls the sums at the `sizes` ({range symbol: values}) and decides
    each instance; an instance that fails is a counterexample (refuted, with the sizes and indices in the witness).
    """
    rng = rng or random.Random(0)
    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    diff = lhs - rhs
    cases, all_vanish, why = [], True, ""
    try:
        terms = expand_sums(diff)
    except UnsupportedSum as exc:
        terms, all_vanish, why = None, False, str(exc)
    for rep in free_cases(free, distinct, equal) if terms is not None else ():
        label = _case_label(rep)
        try:
            patterns = pattern_sums(terms, rep, free)
        except UnsupportedSum as exc:
            all_vanish, why = False, str(exc)
            break
        for pattern, g in sorted(patterns.items(), key=lambda kv: str(kv[0])):
            sym = _generic(symmetrised(g, pattern))
            dec = decide_identity(sym, 0, domain={}, dps=dps, rng=rng, points=4)
            name = ", ".join(f"{n} new index(es) in 1..{hi}" for hi, n in pattern) or "no summed index left"
            cases.append((label, name, dec.verdict.value if dec.verdict is not Verdict.PROVED else dec.detail))
            if dec.verdict is not Verdict.PROVED:
                all_vanish = False
                why = why or f"case {label}, pattern '{name}': the summand identity is not proved ({dec.detail})"
    instances, undecided = [], []
    grid = itertools.product(*([(s, sympy.Integer(v)) for v in vals] for s, vals in sizes.items())) if sizes else ()
    for sz in grid:
        at = dict(sz)
        ranges = {x: hi.xreplace(at) for x, hi in free.items()}
        if any(not r.is_Integer for r in ranges.values()):
            raise InvalidArgument(f"sizes {at} leave a free index's range {ranges} symbolic")
        grids = [range(1, int(ranges[x]) + 1) for x in free]
        for vals in itertools.product(*grids):
            idx = dict(zip(free, (sympy.Integer(v) for v in vals)))
            if any(idx[p] == idx[q] for p, q in distinct) or any(idx[p] != idx[q] for p, q in equal):
                continue
            sub = {**at, **idx}
            li, ri = (_unroll(e, sub) for e in (lhs, rhs))
            dec = decide_identity(li, ri, domain={}, dps=dps, rng=rng, points=4, admissible=admissible)
            where = ", ".join(f"{k}={v}" for k, v in sub.items())
            instances.append(where)
            if dec.verdict is Verdict.REFUTED:
                return IndexDecision(Verdict.REFUTED, f"fails at {where}: {dec.detail}", cases, instances,
                                     {**{str(k): str(v) for k, v in sub.items()}, **dec.witness}, dec.values,
                                     dec.recheck)
            if dec.verdict is not Verdict.PROVED:
                all_vanish = False
                undecided.append(where)
                why = why or f"the instance {where} is not decided ({dec.detail})"
    if all_vanish:
        ranges = {str(s) for hi in free.values() for s in sympy.sympify(hi).free_symbols} \
            | {str(s) for term in terms for _, hi in term.limits for s in hi.free_symbols}
        every = ", ".join(sorted(ranges)) or "size"
        return IndexDecision(Verdict.PROVED,
                             f"every coincidence case of every summed index vanishes as an identity in generic "
                             f"symbols ({len(cases)} cases), so the identity holds for every {every}; "
                             f"sanity pass: the sums unrolled at {len(instances)} instances agree", cases, instances)
    # an instance SymPy could not decide (an undefined function it cannot evaluate) is no instance that holds
    held = len(instances) - len(undecided)
    sanity = f"the {held} instances of the sanity pass hold" if not undecided else \
        f"{held} of the {len(instances)} instances of the sanity pass hold, {len(undecided)} undecided"
    return IndexDecision(Verdict.INCONCLUSIVE, f"{why}; {sanity}", cases, instances)


def _case_label(rep) -> str:
    xs = list(rep)
    parts = []
    for p, q in itertools.combinations(xs, 2):
        parts.append(f"{p} = {q}" if rep[p] == rep[q] else f"{p} != {q}")
    return ", ".join(parts) or ", ".join(str(x) for x in xs) or "no free index"


def _unroll(expr, sub):
    return _kronecker_numbers(expr.xreplace(sub).doit())


def _kronecker_numbers(expr):
    return expr.replace(lambda e: isinstance(e, sympy.KroneckerDelta) and all(a.is_Integer for a in e.args),
                        lambda e: sympy.Integer(int(e.args[0] == e.args[1])))
