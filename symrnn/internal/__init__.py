"""Experimental helpers with no stability guarantee (used by symrnn's own quality tests)."""

from __future__ import annotations

import sympy


def _numbers(expr):
    atoms = sorted({n for n in sympy.sympify(expr).atoms(sympy.Number) if n not in (0, 1, -1)},
                   key=sympy.default_sort_key)
    return atoms


def mutations(obj, limit: int = 6):
    """Perturbed copies of a printed formula: the whole formula scaled by 2, each constant c
    becoming c + 1 and c - 1 (nonzero), each integer exponent e becoming e + 1, and an additive
    constant +-1 dropped. A matrix is
    perturbed one entry at a time. Yields (description, perturbed object); deterministic."""
    out = []
    if isinstance(obj, sympy.MatrixBase):
        for (p, q), entry in sorted(((idx, obj[idx]) for idx in [(p, q) for p in range(obj.rows)
                                                                  for q in range(obj.cols)]),
                                    key=lambda kv: kv[0]):
            if entry == 0:
                continue
            for desc, new in mutations(entry, limit=2):
                M = obj.copy()
                M[p, q] = new
                out.append((f"entry ({p},{q}): {desc}", M))
                if len(out) >= limit:
                    return out
        return out
    expr = sympy.sympify(obj)
    out.append(("scaled by 2", 2 * expr))
    for c in _numbers(expr):
        for delta in (1, -1):
            if c + delta != 0:
                out.append((f"{c} -> {c + delta}", expr.xreplace({c: c + delta})))
    for p in sorted(expr.atoms(sympy.Pow), key=sympy.default_sort_key):
        if p.exp.is_Integer and p.exp not in (-1, 1):
            out.append((f"exponent {p.exp} -> {p.exp + 1} in {p}", expr.xreplace({p: p.base ** (p.exp + 1)})))
    # last (so the earlier perturbations keep their places): an additive constant 1 or -1 dropped
    if expr.is_Add:
        for c in expr.args:
            if c.is_Number and abs(c) == 1:
                out.append((f"{c} -> 0", expr - c))
    seen, unique = set(), []
    for desc, new in out:
        if new != expr and sympy.srepr(new) not in seen:
            seen.add(sympy.srepr(new))
            unique.append((desc, new))
    return unique[:limit]
