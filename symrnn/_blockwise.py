"""Sums over 1..m regrouped over the blocks of a partition (ctx.blockwise).

A statement about every point of an affine set such as {(a, w): w is constant on each block of a partition P of
[m], the a_i of a block sum to a prescribed value} holds for every m and every P when its sum over i = 1..m can be
summed block by block: that regrouping is a fact of finite sums (associativity and commutativity), and it reduces
the sum to one term per block exactly when the summand is a_i g(w_i) -- linear and homogeneous in the coefficient
a_i, and depending on i only through a_i and w_i. The engine checks that form in SymPy, builds the block sums
sum_b S_b g(u_b) at symbolic block counts, and decides their equality with the claimed value in SymPy; the
regrouping itself is the one step taken as known (stated in the finding)."""

from __future__ import annotations

import sympy

from ._symbol_names import _NARROW, _names
from ._evidence import Finding
from ._index_locality import _widen_families
from ._verdict import Verdict


def _reduces_to_zero(expr) -> bool:
    for form in (lambda e: e.doit(), lambda e: sympy.expand(e.doit()), lambda e: sympy.simplify(e.doit())):
        try:
            if form(expr) == 0:
                return True
        except Exception:  # noqa: BLE001 - a form SymPy cannot take is just not used
            continue
    return False


def blockwise(ctx, title: str, summand, rhs, *, index, size, coefficient, rate, blocks, partition: str = "P") -> Verdict:
    (summand, rhs), _, widened = ctx._widen(sympy.sympify(summand), sympy.sympify(rhs))
    # families declared as variables take their declared domain's assumptions (as in ctx.index_identity): a family
    # assumed narrower proves only part of the statement
    parts = [summand, rhs, coefficient[index], rate[index]] + [sympy.sympify(x) for b in blocks for x in b[2:]]
    parts, families = _widen_families(ctx, tuple(parts))
    summand, rhs, a_i, w_i, *flat = parts
    blocks = [(count, j, flat[2 * q], flat[2 * q + 1]) for q, (count, j, _u, _t) in enumerate(blocks)]
    i = index
    A = sympy.Dummy("A", real=True)
    W = sympy.Dummy("W", **{k: v for k, v in w_i.assumptions0.items() if v is True and k in ("real", "positive")})
    s = summand.xreplace({a_i: A, w_i: W})
    if i in s.free_symbols:
        ctx.record.findings.append(Finding(Verdict.INCONCLUSIVE, title,
                                           f"the summand depends on {i} otherwise than through {a_i} and {w_i}: "
                                           "the regrouping over the blocks does not apply"))
        return Verdict.INCONCLUSIVE
    g = sympy.diff(s, A)
    if A in g.free_symbols or not _reduces_to_zero(s - A * g):
        ctx.record.findings.append(Finding(Verdict.INCONCLUSIVE, title,
                                           f"the summand is not linear and homogeneous in {a_i}: a block's terms do "
                                           "not sum to one term in the block's coefficient sum"))
        return Verdict.INCONCLUSIVE
    regrouped = sympy.Add(*[sympy.Sum(total * g.xreplace({W: u}), (j, 1, count)) for count, j, u, total in blocks])
    ctx.table(f"{title}: the blocks of {partition} (each summed at a symbolic count)",
              ("blocks", "rate on the block", f"sum of {coefficient} over the block"),
              [(f"{j} = 1..{count}", sympy.sstr(u), sympy.sstr(total)) for count, j, u, total in blocks])
    ctx.step(f"{title}: sum_{{{i}=1}}^{{{size}}} {sympy.sstr(summand)} regrouped over the blocks of {partition}:",
             regrouped)
    if not _reduces_to_zero(regrouped - rhs):
        ctx.record.findings.append(Finding(Verdict.INCONCLUSIVE, title,
                                           f"the regrouped sum {sympy.sstr(regrouped)} does not reduce to the claimed "
                                           f"{sympy.sstr(rhs)} in SymPy"))
        return Verdict.INCONCLUSIVE
    detail = (f"the sum over {i} = 1..{size} regrouped over the blocks of {partition} (a fact of finite sums); the "
              f"summand is {a_i} times a function of {w_i} alone (SymPy), so each block contributes its coefficient "
              f"sum times that function at the block's rate; the block sums reduce to the claimed value (SymPy), "
              f"for every {size}, every block count and every such {partition}" + widened + families)
    # a block whose coefficient sum is 0 drops out of the regrouped sum, for every value of its rate: its rate and
    # count are named too
    names = _names(summand) | _names(rhs) | _names(regrouped) | {str(size), partition} | \
        {n for count, _j, u, total in blocks for n in _names(sympy.sympify(count)) | _names(u) | _names(total)}
    scope = "part" if _NARROW in detail or families else "general"
    ctx.record.findings.append(Finding(Verdict.PROVED, title, detail, scope=scope, over=tuple(sorted(names))))
    return Verdict.PROVED
