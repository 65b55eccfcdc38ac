"""Sum forms that satisfy a first-order recursion, for every n (ctx.recurrence).

A sequence given by a recursion a_n = F(a_{n-1}, n) from a base a_start equals a closed form S(n) for every n >=
start exactly when S(start) is the base and S(n) = F(S(n-1), n) for every n > start (induction on n). The closed
forms this decides are sums and products over ranges whose limits are affine in n (the unrolled gradient of a
diagonal recurrent network, sum_{k=0}^{t-1} W^k X_{t-k-1} I_{t-1} ... I_{t-k-1}), with arbitrary indexed families
inside. The step is decided without evaluating at any n: each outer sum whose range moves with n is split at its top
or at its bottom term (the bottom split shifts the index back to the old lower limit), each inner sum or product
whose upper limit moves with n gives up its top factor, and the difference from F(S(n-1), n) is regrouped by
linearity into one sum per range plus the terms outside every sum; the step holds when each regrouped summand and
the remainder reduce to 0 in SymPy. Those splits are identities of SymPy's Sum and Product for every pair of limits
(Karr's convention), and the sums and products read as printed wherever each range has at least as many terms as
"empty by one" (b >= a - 1): the engine proves that of every range at every n >= start (the limits being affine, by
the sign of their coefficients) before it takes the step."""

from __future__ import annotations

import itertools

import sympy

from ._blockwise import _reduces_to_zero
from ._evidence import Finding
from ._index_locality import _widen_families
from ._verdict import Verdict


def _moves(node, n) -> bool:
    return any(n in sympy.sympify(x).free_symbols for x in node.limits[0][1:])


def _split_top(node):
    (k, a, b), f = node.limits[0], node.function
    rest, last = node.func(f, (k, a, b - 1)), f.xreplace({k: b})
    return rest + last if isinstance(node, sympy.Sum) else rest * last


def _split_bottom(node):
    (k, a, b), f = node.limits[0], node.function
    first, rest = f.xreplace({k: a}), node.func(f.xreplace({k: k + 1}), (k, a, b - 1))
    return first + rest if isinstance(node, sympy.Sum) else first * rest


def _inner(e, n):
    """Every sum or product inside `e` whose upper limit moves with n, split at its top term."""
    if isinstance(e, (sympy.Sum, sympy.Product)):
        (k, a, b), f = e.limits[0], e.function
        node = e.func(_inner(f, n), (k, a, b))
        return _split_top(node) if n in sympy.sympify(b).free_symbols else node
    return e.func(*[_inner(x, n) for x in e.args]) if e.args else e


def _summands_inner(e, n):
    """`_inner` applied to the summands of the sums in `e`, not to the sums themselves."""
    if isinstance(e, (sympy.Sum, sympy.Product)):
        (k, a, b), f = e.limits[0], e.function
        return e.func(_inner(f, n), (k, a, b))
    return e.func(*[_summands_inner(x, n) for x in e.args]) if e.args else e


def _outer(expr):
    out = []

    def walk(e):
        if isinstance(e, (sympy.Sum, sympy.Product)):
            out.append(e)
        else:
            for a in e.args:
                walk(a)
    walk(expr)
    return out


def _inner_ways(node, n):
    """How an inner sum or product may be rewritten: split at its top when its upper limit moves with n (forced, as
    the outer sums' ranges move), and split at its bottom (the index shifted back) when its terms depend on n: a
    product prod_{s=0}^{k} I_{n-s-1} gives up I_{n-1} and becomes the same product at n - 1."""
    b, f = node.limits[0][2], node.function
    ways = [_split_top] if n in sympy.sympify(b).free_symbols else [None]
    if n in f.free_symbols:
        ways.append(_split_bottom)
    return ways


def _splits(expr, n, keep: bool = False):
    """The closed form at n rewritten towards its form at n - 1: each outer sum whose range moves split at its top or
    its bottom (every combination), then each sum or product inside the outer sums' terms in the ways _inner_ways
    allows (every combination; deeper ones split at a moving top). With keep, an outer sum may also stay as it is (the
    recursion's side: a sum at n - 1 is already in place, one at n is not)."""
    tops = [t for t in _outer(expr) if _moves(t, n)]
    ways = (None, _split_top, _split_bottom) if keep else (_split_top, _split_bottom)
    for choice in itertools.product(ways, repeat=len(tops)):
        split = {t: way(t) for t, way in zip(tops, choice) if way is not None}
        # the sums and products inside the terms of what was split (an outer sum left as it is keeps its terms)
        inner = [(t, node) for t, r in split.items() for s in _outer(r) for node in _outer(s.function)]
        for pick in itertools.product(*[_inner_ways(node, n) for _t, node in inner]):
            done = dict(split)
            for (t, node), way in zip(inner, pick):
                done[t] = done[t].xreplace({node: _summands_inner(way(node) if way is not None else node, n)})
            yield expr.xreplace(done)


def _regrouped_zero(diff) -> bool:
    """Whether diff = sum of c_s * Sum(f_s over R_s) + rest is 0 because, range by range, sum_s c_s f_s reduces to 0
    and so does the rest (linearity of finite sums; each c_s free of its sum's index)."""
    groups, rest = {}, []
    for term in sympy.Add.make_args(sympy.expand(diff)):
        sums = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.Sum)]
        if not sums:
            rest.append(term)
            continue
        if len(sums) > 1:
            return False
        (k, a, b), f = sums[0].limits[0], sums[0].function
        coeff = term / sums[0]
        if k in coeff.free_symbols:
            return False
        groups.setdefault((a, b), []).append((coeff, f, k))
    for items in groups.values():
        j = sympy.Dummy("j", integer=True)
        if not _reduces_to_zero(sympy.Add(*[c * f.xreplace({k: j}) for c, f, k in items])):
            return False
    return _reduces_to_zero(sympy.Add(*rest))


def _at_least_empty(length, enclosing, n, start) -> bool:
    """length >= 0 at every n >= start and every value of the enclosing indices in their ranges: `length` affine in
    them, so its least value is at an end of each range (innermost first), then at n = start + p, p >= 0."""
    length = sympy.expand(length)
    for k, a, b in reversed(enclosing):
        c = length.coeff(k)
        if not c.is_number or k in c.free_symbols:
            return False
        length = sympy.expand(length.xreplace({k: a if c >= 0 else b}))
    p = sympy.Dummy("p", integer=True, nonnegative=True)
    length = sympy.expand(length.xreplace({n: start + p}))
    c, rest = length.coeff(p), sympy.sympify(length.xreplace({p: sympy.Integer(0)}))
    return bool(c.is_number and rest.is_number and c >= 0 and rest >= 0)


def _ranges_read_as_printed(expr, n, start) -> bool:
    def walk(e, enclosing):
        if isinstance(e, (sympy.Sum, sympy.Product)):
            if len(e.limits) != 1:
                return False
            k, a, b = e.limits[0]
            return _at_least_empty(b - a + 1, enclosing, n, start) and walk(e.function, enclosing + [(k, a, b)])
        return all(walk(x, enclosing) for x in e.args)
    return walk(expr, [])


def recurrence(ctx, title: str, closed, step, n, *, start: int = 1, base=None) -> Verdict:
    if not isinstance(n, sympy.Symbol):
        raise TypeError(f"{ctx.claim_id}: ctx.recurrence needs the index as a SymPy symbol, got {n!r}")
    closed = sympy.sympify(closed)
    following = sympy.sympify(step(closed.xreplace({n: n - 1}), n))
    base = sympy.sympify(closed.xreplace({n: start}) if base is None else base)
    (closed, following, base), _, widened = ctx._widen(closed, following, base)
    (closed, following, base), families = _widen_families(ctx, (closed, following, base))
    # the closed form from start on, the recursion's own sums from start + 1 on (where the step evaluates it)
    if not (_ranges_read_as_printed(closed, n, start) and _ranges_read_as_printed(following, n, start + 1)):
        ctx.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"a range of the closed form or of the recursion is not affine in {n} and "
                                         "the enclosing indices, or has fewer than 'empty by one' terms where it is "
                                         "evaluated: its sums would not read as printed there"))
        return Verdict.INCONCLUSIVE
    if not _reduces_to_zero(closed.xreplace({n: start}).doit() - base):
        ctx.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"the closed form at {n} = {start} does not reduce to the base "
                                         f"{sympy.sstr(base)} in SymPy"))
        return Verdict.INCONCLUSIVE
    split = next((s for s in _splits(closed, n) for f in _splits(following, n, keep=True) if _regrouped_zero(s - f)),
                 None)
    if split is None:
        ctx.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"the step S({n}) = F(S({n} - 1), {n}) does not reduce to 0 after splitting "
                                         "the moving sums and products at their ends (SymPy); the closed form may "
                                         "still be right: its instances are for ctx.identities"))
        return Verdict.INCONCLUSIVE
    ctx.step(f"{title}: S({n}) with its moving sums and products split at their ends", split)
    ctx.step(f"{title}: F(S({n} - 1), {n})", following)
    detail = (f"induction on {n} from {start}: the closed form at {n} = {start} reduces to the base {sympy.sstr(base)} "
              f"and S({n}) - F(S({n} - 1), {n}) reduces to 0 for symbolic {n} (SymPy; its sums regrouped by "
              f"linearity after splitting the moving ranges at their ends, identities of finite sums; every range "
              f"has at least 'empty by one' terms at {n} >= {start}); so S({n}) equals every sequence with that "
              f"recursion and base, for every {n} >= {start}" + widened + families)
    finding = ctx._positive(Verdict.PROVED, title, detail, closed, following)
    if families and finding.scope == "general":     # SymPy may have used a family's narrower assumptions
        finding = Finding(Verdict.PROVED, title, detail, scope="part", over=finding.over)
    ctx.record.findings.append(finding)
    return Verdict.PROVED
