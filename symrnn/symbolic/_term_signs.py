"""Sign of an expression from the signs of its terms, in sparse polynomial arithmetic.

`termwise_nonnegative(e)` decides e >= 0 when e, written as a quotient of polynomials in its atoms, has a numerator
whose every term is nonnegative and a positive denominator. The atoms are the expression's symbols and its function
values: exp(c * core) becomes E**c with one positive symbol E per core (so exp(-2a) and exp(-a)**2 are the same
term), any other real function value (tanh(...), a power of an expression with a fractional exponent) one symbol,
positive or nonnegative when SymPy knows it is. A term is nonnegative when its coefficient is and every generator that may be negative has an even exponent in it.

Why: the same decision by `sympy.expand` followed by `is_nonnegative` expands inside every function argument and
builds the expansion as SymPy expressions; on a Hessian of a two-step tanh or logistic network that took 20 s where
the polynomial field arithmetic of `sympy.polys.fields` takes 0.6 s. Replacing equal atoms by one symbol and distinct
atoms by independent symbols can only lose relations between atoms, so a True here is a proof; None says nothing.
"""

from __future__ import annotations

import sympy


def _atomized(e):
    """(e with its function values replaced by Dummies, or None when some atom is not known to be real)"""
    cores: dict = {}

    def symbol(key, **assumptions):
        if key not in cores:
            cores[key] = sympy.Dummy(f"atom{len(cores)}", **assumptions)
        return cores[key]

    def atom(x):
        if isinstance(x, sympy.exp):
            out = sympy.Integer(1)
            for t in sympy.Add.make_args(sympy.expand(x.args[0], deep=False)):
                c, core = t.as_coeff_Mul()
                if core.is_extended_real is not True or not c.is_Rational:
                    raise _NotReal
                out *= symbol(("exp", core), positive=True) ** c
            return out
        radical = (isinstance(x, sympy.Pow) and not x.exp.is_Integer
                   and not (x.base.is_Symbol and x.exp.is_Rational) and not x.is_number)
        if isinstance(x, sympy.Function) or radical:
            if x.is_extended_real is not True or x.has(sympy.oo, sympy.zoo, sympy.nan):
                raise _NotReal
            if x.is_positive:
                return symbol(x, positive=True)
            return symbol(x, nonnegative=True) if x.is_nonnegative else symbol(x, real=True)
        return None

    def walk(x):
        if x.is_Atom:
            return x
        got = atom(x)
        return got if got is not None else x.func(*[walk(a) for a in x.args])

    try:
        return walk(e)
    except _NotReal:
        return None


class _NotReal(Exception):
    pass


def _without_symbol_radicals(e):
    """x**(p/q) of a nonnegative symbol x -> y**p with x = y**q (y >= 0 a new symbol): polynomial in y."""
    roots: dict = {}
    for pw in e.atoms(sympy.Pow):
        if pw.base.is_Symbol and pw.exp.is_Rational and not pw.exp.is_Integer and pw.base.is_nonnegative:
            roots[pw.base] = sympy.ilcm(roots.get(pw.base, 1), pw.exp.q)
    if not roots:
        return e
    new = {x: sympy.Dummy(f"root_{x}", positive=True) if x.is_positive else sympy.Dummy(f"root_{x}", nonnegative=True)
           for x in roots}
    powers = {pw: new[pw.base] ** (pw.exp * roots[pw.base]) for pw in e.atoms(sympy.Pow) if pw.base in roots}
    e = e.xreplace(powers)
    return e.xreplace({x: new[x] ** q for x, q in roots.items()})


def _terms_nonnegative(poly, gens, strict: bool) -> bool:
    """every term of a polynomial (a PolyElement) nonnegative; strict: and some term positive at every point (a
    nonzero constant term suffices when every other term is nonnegative)"""
    if not poly:
        return not strict
    dom = poly.ring.domain
    may_be_negative = [not g.is_nonnegative for g in gens]
    for monom, coeff in poly.terms():
        c = dom.to_sympy(coeff)
        if not c.is_nonnegative:
            return False
        if any(k % 2 and neg for k, neg in zip(monom, may_be_negative)):
            return False
    if not strict:
        return True
    # positive: a positive term in positive generators only
    positive = [g.is_positive for g in gens]
    return any(all(k == 0 or pos for k, pos in zip(monom, positive)) and dom.to_sympy(coeff).is_positive
               for monom, coeff in poly.terms())


def termwise_nonnegative(e, *, strict: bool = False) -> bool | None:
    """True when e >= 0 (strict: e > 0) follows from the signs of its parts (module docstring); None otherwise
    (undecided, or some atom not known to be real). Sums and products are taken apart first (a sum of nonnegative
    terms, a product of nonnegative factors, an even power), each part that is not decided so is decided in the
    polynomial arithmetic of its atoms: (h^2)(B - S) needs the first for h^2 and the second for B - S."""
    e = sympy.sympify(e)
    if e.is_positive if strict else e.is_nonnegative:
        return True
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0:
        if e.exp % 2 == 0 and e.base.is_extended_real and not strict:
            return True
        return termwise_nonnegative(e.base, strict=strict)
    if isinstance(e, sympy.Mul) and all(termwise_nonnegative(f, strict=strict) for f in e.args):
        return True
    if isinstance(e, sympy.Add):
        if all(termwise_nonnegative(t) for t in e.args) and (not strict or any(termwise_nonnegative(t, strict=True) for t in e.args)):
            return True
    return _in_the_atoms(e, strict)


def _no_ring():
    from sympy.polys.polyerrors import DomainError

    raise DomainError("an algebraic field has no associated ring")


def _in_the_atoms(e, strict: bool) -> bool | None:
    from sympy.polys.fields import field
    from sympy.polys.polyerrors import PolynomialError

    if e.is_number:
        return None
    a = _atomized(e)
    if a is None:
        return None
    a = _without_symbol_radicals(a)
    gens = sorted(a.free_symbols, key=lambda s: s.sort_key())
    if not all(g.is_extended_real for g in gens):      # a symbol that may be complex: z^2 need not be >= 0
        return None
    numbers = sorted({p for p in a.atoms(sympy.Pow) if p.is_number and not p.is_Rational}, key=sympy.default_sort_key)
    try:
        dom = sympy.QQ.algebraic_field(*numbers) if numbers else sympy.QQ
        if numbers:
            # SymPy's Field.gcd asks for the domain's ring, and an algebraic field answers with an error whose message
            # prints the field (its primitive element and minimal polynomial): thousands of times per expression, a
            # third of a t = 2 certificate's time. This instance (a new one per call) fails the same way, unprinted.
            dom.get_ring = _no_ring
        F, *_ = field(gens, dom)
        q = F.from_expr(a)
    except (PolynomialError, ValueError, NotImplementedError, TypeError):
        return None
    num, den = q.numer, q.denom
    if _terms_nonnegative(num, gens, strict) and _terms_nonnegative(den, gens, True):
        return True
    if _terms_nonnegative(-num, gens, strict) and _terms_nonnegative(-den, gens, True):
        return True
    return None
