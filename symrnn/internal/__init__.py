"""Experimental helpers with no stability guarantee (used by symrnn's own quality tests)."""

from __future__ import annotations

import sympy


def _numbers(expr):
    atoms = sorted({n for n in sympy.sympify(expr).atoms(sympy.Number) if n not in (0, 1, -1)},
                   key=sympy.default_sort_key)
    return atoms


def _parse_printed_string(text: str):
    """A printed formula written as text ('2 tau', 'eps^(3/2)'), read with implicit multiplication
    and ^ as power; None when it is not a formula (a word, an order of factors SymPy would sort)."""
    from sympy.parsing.sympy_parser import (convert_xor, implicit_multiplication, parse_expr,
                                            standard_transformations)

    try:
        expr = parse_expr(text, transformations=standard_transformations
                          + (implicit_multiplication, convert_xor), evaluate=True)
    except (SyntaxError, TypeError, ValueError, sympy.SympifyError, AttributeError, NameError):
        return None
    return expr if isinstance(expr, sympy.Expr) else None


def mutations(obj, limit: int = 6):
    """Perturbed copies of a printed formula: the whole formula scaled by 2, each constant c
    becoming c + 1 and c - 1 (nonzero), each integer exponent e becoming e + 1, an additive
    constant +-1 dropped, and a formula that is a bare number c (0 and +-1 included) becoming
    c + 1 and c - 1. A matrix or a tuple is perturbed one entry at a time; a flag (bool) is negated; a Python int
    or float comes back as one (a non-integer perturbation of an int as a SymPy number); a
    formula printed as text is read by SymPy (implicit multiplication, ^ as power), perturbed, and
    returned as text (a word that is no formula has no perturbation). Returns a list of
    (description, perturbed object); deterministic."""
    out = []
    if isinstance(obj, (int, float)) and not isinstance(obj, bool):
        # a Python number stays a Python number (a check may use it as a size, an index or with torch)
        kind = type(obj)
        return [(desc, kind(new) if (kind is float or new.is_integer) else new)
                for desc, new in mutations(sympy.sympify(obj), limit=limit)]
    if isinstance(obj, (tuple, list, sympy.Tuple)):
        # a tuple of printed constants: one entry at a time (scaling the tuple would repeat it), the first
        # perturbation of every entry before the second of any
        per_entry = [mutations(entry, limit=2) for entry in obj]
        for rank in range(2):
            for idx, muts in enumerate(per_entry):
                if rank < len(muts):
                    items = list(obj)
                    items[idx] = muts[rank][1]
                    out.append((f"entry {idx}: {muts[rank][0]}",
                                sympy.Tuple(*items) if isinstance(obj, sympy.Tuple) else type(obj)(items)))
        return out[:limit]
    if isinstance(obj, bool):
        return [(f"{obj} -> {not obj}", not obj)][:limit]
    if isinstance(obj, str):
        parsed = _parse_printed_string(obj)
        if parsed is None:
            return []
        return [(f"{obj!r}: {desc}", str(new)) for desc, new in mutations(parsed, limit=limit)]
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
    # a bare number (a printed constant, index or flag value such as 0 or 1) moves by one both ways
    if expr.is_Number:
        for delta in (1, -1):
            out.append((f"{expr} -> {expr + delta}", expr + delta))
    seen, unique = set(), []
    for desc, new in out:
        if new != expr and sympy.srepr(new) not in seen:
            seen.add(sympy.srepr(new))
            unique.append((desc, new))
    return unique[:limit]
