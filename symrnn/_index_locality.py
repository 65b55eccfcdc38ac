"""`ctx.index_identity`: an identity between sums over symbolic index ranges, for every size (docs/writing-claims.md).

The decision is `symbolic._index_sums.decide_index_identity` (coincidence cases of the summed and free indices,
each decided in generic symbols, then a sanity pass with the sums unrolled at small sizes). Here: the statement's
declared domains are applied first (symbols and indexed families whose SymPy assumptions say more than their
declared domain are widened to it), the cases go to the report as a table, and the finding says what it covers:
general over the range symbols, the free indices and every family and symbol of both sides when every case
vanishes; a counterexample at an instance goes through the context's witness acceptance like `ctx.identity`'s.
"""

from __future__ import annotations

import sympy

from ._evidence import Finding
from ._symbol_names import _IDENTITY_DOMAIN, _NARROW, _names
from ._verdict import Verdict
from .symbolic._index_sums import decide_index_identity


def _widen_families(ctx, exprs):
    """Indexed families named as declared variables, with their SymPy assumptions widened to the domain."""
    subs, notes = {}, []
    for e in exprs:
        for x in e.atoms(sympy.Indexed):
            base = x.base
            dom = ctx._variables.get(str(base.label))
            if dom is None or dom.kind == "given" or base in subs:
                continue
            plain = sympy.IndexedBase(str(base.label), **dom.assumptions())
            mine = {k: v for k, v in base.assumptions0.items() if v is True}
            if any(plain.assumptions0.get(k) is not True for k in mine if k not in ("commutative",)):
                subs[base] = plain
                notes.append(f"{base.label} (assumed {', '.join(sorted(mine))}; declared {dom.describe()})")
    if not subs:
        return exprs, ""
    out = tuple(e.replace(lambda y: isinstance(y, sympy.Indexed) and y.base in subs,
                          lambda y: subs[y.base][y.indices]) for e in exprs)
    return out, "; the families' assumptions were widened to their declared domains: " + ", ".join(notes)


def index_identity(ctx, title: str, lhs, rhs, *, free: dict, distinct=(), equal=(), sizes: dict, wrt=()) -> Verdict:

    lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
    wrt = tuple(sympy.sympify(x) for x in wrt)
    keys, uppers = tuple(free), tuple(sympy.sympify(v) for v in free.values())
    size_syms = tuple(sizes)
    (lhs, rhs, wrt, keys, uppers, size_syms), _, widened = ctx._widen(lhs, rhs, wrt, keys, uppers, size_syms)
    (lhs, rhs, *wrt), families = _widen_families(ctx, (lhs, rhs, *wrt))
    # with wrt: lhs is the function, differentiated here (SymPy: d a[i]/d a[k] = KroneckerDelta(i, k)); the identity
    # is then about it, an argument in every symbol of the function (one that the derivative drops included)
    source = lhs
    if wrt:
        lhs = sympy.diff(source, *wrt)
    free_w = dict(zip(keys, uppers))
    old = dict(zip(free, keys))
    distinct = [(old[p], old[q]) for p, q in distinct]
    equal = [(old[p], old[q]) for p, q in equal]
    sizes_w = dict(zip(size_syms, sizes.values()))
    dec = decide_index_identity(lhs, rhs, free=free_w, distinct=distinct, equal=equal, sizes=sizes_w, dps=ctx.dps,
                                rng=ctx.rng, admissible=ctx._admissible)
    if dec.cases:
        ctx.table(f"{title}: coincidence cases (free indices; new summed indices of each range), each decided in "
                  "generic symbols", ("free indices", "summed indices left", "decided"), dec.cases)
    if dec.verdict is Verdict.REFUTED:
        return ctx._accept(title, dec.detail, dec.witness, dec.values, recheck=dec.recheck,
                           evaluators=("SymPy evalf", dec.recheck.split(" at ")[0]), independent=True,
                           domain=_IDENTITY_DOMAIN)
    if dec.verdict is not Verdict.PROVED:
        ctx.record.findings.append(Finding(dec.verdict, title, dec.detail))
        return dec.verdict
    detail = dec.detail + widened + families
    # functions kept as free values (template moments, `_symrnn_free_value`) are decided for every value: named too
    free_values = {type(f).__name__ for e in (source, lhs, rhs) for f in e.atoms(sympy.Function)
                   if getattr(f, "_symrnn_free_value", False)}
    names = tuple(sorted(_names(source) | _names(lhs) | _names(rhs) | {str(x) for x in keys}
                         | {str(s) for s in size_syms} | {n for u in uppers for n in _names(u)} | free_values))
    scope = "part" if _NARROW in detail or families else "general"
    ctx.record.findings.append(Finding(Verdict.PROVED, title, detail, scope=scope, over=names))
    return Verdict.PROVED
