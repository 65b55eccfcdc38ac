"""What an exact argument was made in: the names of the symbols, families and functions of its expressions (shared by
the check context and the engine methods that live beside it, without an import cycle)."""

from __future__ import annotations

import sympy

# an identity is refuted at a point drawn from the symbols' SymPy assumptions and the declared domain:
# that domain is the statement's hypothesis on its variables, declared as code
_IDENTITY_DOMAIN = ("domain", "the symbols' SymPy assumptions and the check's declared domain", "exact",
                    "the witness was drawn inside them")


def _free_symbols(obj):
    if isinstance(obj, (tuple, list, set, frozenset)):
        return set().union(*(_free_symbols(o) for o in obj)) if obj else set()
    if isinstance(obj, (sympy.Basic, sympy.MatrixBase)):
        return {x for x in obj.free_symbols if isinstance(x, sympy.Symbol) and not isinstance(x, sympy.Dummy)}
    return set()


def _names(obj) -> set:
    """Names an argument was made in: symbols, indexed families, matrix symbols, undefined functions."""
    if isinstance(obj, (tuple, list, set, frozenset)):
        return set().union(*(_names(o) for o in obj)) if obj else set()
    if not isinstance(obj, (sympy.Basic, sympy.MatrixBase)):
        return set()
    out = set()
    for x in obj.free_symbols:
        if isinstance(x, sympy.Dummy):
            continue
        if isinstance(x, sympy.Indexed):
            out.add(str(x.base.label))
        else:
            out.add(str(x.name) if hasattr(x, "name") else str(x))
    from sympy.core.function import AppliedUndef

    out |= {str(f.func) for f in obj.atoms(AppliedUndef)} if isinstance(obj, sympy.Basic) else set()
    # a limit is an argument about every value of its variable on the way (lim_{T -> oo} is about all large T)
    out |= {str(v) for lim in obj.atoms(sympy.Limit) for v in lim.args[1].free_symbols} if isinstance(obj, sympy.Basic) else set()
    return out


_NARROW = "; the check's symbols assume more than the statement's declared domain: "
# what a SymPy symbol may assume and still take every real value (Domain.through's symbols)
_GENERIC = {"commutative", "real", "complex", "extended_real", "finite", "hermitian"}
