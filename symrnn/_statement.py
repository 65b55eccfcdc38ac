"""A statement as code: its quantified variables with their domains, and its conclusions.

A claim declares them (`paper.claim(..., variables={...}, conclusions=[...])`); the engine uses them to
decide what a check covers (`_coverage`): a symbolic argument proves a conclusion only where it was made in
the quantified symbols over their declared domains. SymPy is imported only when a domain is turned into
assumptions or bounds, so that importing symrnn stays light.

Domains: `real(lo, hi)` (bounds may be infinite; `open=` names open ends), `integer(lo, hi)`, `positive()`,
`nonnegative()`, and `given(text)` for a variable the engine cannot sample or widen itself (a matrix, a
measure, an activation class): it is covered only by an argument that keeps it symbolic (a SymPy symbol,
matrix symbol or undefined function of that name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ._errors import InvalidClaim, unknown_choice

FORMS = ("identity", "inequality", "limit", "asymptotic", "existence", "property")


@dataclass(frozen=True)
class Domain:
    """The set a quantified variable ranges over."""

    kind: str                 # "real", "integer" or "given"
    lo: Any = None            # None: unbounded below
    hi: Any = None            # None: unbounded above
    lo_open: bool = False
    hi_open: bool = False
    text: str = ""
    nonzero: bool = False     # zero excluded (a real line or interval without 0)
    exists: bool = False      # quantified existentially ("there is an x in ..."), not "for every x"
    via: tuple = ()           # names of the symbols through which alone the variable enters the checks (through())
    choices: tuple = ()       # a given variable with finitely many named values (one_of): a case split enumerates them
    is_family: bool = False   # a vector, matrix or sequence whose entries the checks name a_1, a[1], a11 (family())

    def through(self, *names: str) -> "Domain":
        """The variable enters the statement only through the values named (its moments, say): an argument made
        in those names as free symbols with no assumption on them (any values at all) holds for every value of
        the variable, so it covers the variable. The engine checks that the symbols carry no assumption beyond
        being real; a symbol assumed positive, nonzero or integer makes such an argument cover part of the domain.

        >>> import symrnn as sr
        >>> sr.given("a target in L^2").through("L").via
        ('L',)
        """
        if not names or not all(isinstance(n, str) and n and not any(c.isspace() for c in n) for n in names):
            raise InvalidClaim(f"through(...) needs the names of symbols, got {names!r}")
        import dataclasses

        return dataclasses.replace(self, via=tuple(names))

    def family(self) -> "Domain":
        """The variable is a family of values (a vector's coordinates, a matrix's entries, a sequence): a symbol
        named as one of its entries (a_1, a[1], a11, a_{12} for a variable `a`) stands for it. Without family(),
        only the variable's own name does: a scalar m has no entry m0, so a check's unrelated symbol m0 (a
        majorant, say) never counts as an argument about m.

        >>> import symrnn as sr
        >>> sr.given("a vector b in R^d").family().is_family
        True
        """
        import dataclasses

        return dataclasses.replace(self, is_family=True)

    # -- reading --------------------------------------------------------------------------
    def bounds(self):
        """(lo, hi) as SymPy numbers, -oo/oo for an unbounded end."""
        import sympy

        lo = -sympy.oo if self.lo is None else sympy.nsimplify(self.lo, rational=True) if isinstance(self.lo, float) \
            else sympy.sympify(self.lo)
        hi = sympy.oo if self.hi is None else sympy.nsimplify(self.hi, rational=True) if isinstance(self.hi, float) \
            else sympy.sympify(self.hi)
        return lo, hi

    def assumptions(self) -> dict[str, bool]:
        """The SymPy assumptions every point of the domain satisfies (what a widened symbol may assume)."""
        if self.kind == "given":
            return {}
        lo, hi = self.bounds()
        out = {"real": True}
        if self.kind == "integer":
            out["integer"] = True
        if lo.is_finite and (lo > 0 or (lo == 0 and self.lo_open)):
            out["positive"] = True
        elif lo.is_finite and lo >= 0:
            out["nonnegative"] = True
        if hi.is_finite and (hi < 0 or (hi == 0 and self.hi_open)):
            out["negative"] = True
        elif hi.is_finite and hi <= 0:
            out["nonpositive"] = True
        if self.nonzero:
            out["nonzero"] = True
        return out

    def describe(self) -> str:
        return ("there exists: " if self.exists else "") + self._describe()

    def _describe(self) -> str:
        if self.text:
            return self.text
        if self.kind == "given":
            return "given"
        lo, hi = self.bounds()
        if self.kind == "integer":
            if hi.is_finite:
                return f"integer {lo}..{hi}"
            return f"integer >= {lo}" if lo.is_finite else "integer"
        left = "(" if self.lo_open or not lo.is_finite else "["
        right = ")" if self.hi_open or not hi.is_finite else "]"
        return f"real {left}{lo}, {hi}{right}" + (" without 0" if self.nonzero else "")

    def contains(self, value) -> bool | None:
        """Whether a number (a SymPy number) lies in the domain: True, False, or None where it cannot be decided
        (a given domain, a value that is not a real number, SymPy undecided)."""
        import sympy

        if self.kind == "given" or not getattr(value, "is_number", False):
            return None
        if value.is_real is False:
            return False
        lo, hi = self.bounds()
        checks = [value.is_integer if self.kind == "integer" else True,
                  (value > lo if self.lo_open else value >= lo) if lo.is_finite else True,
                  (value < hi if self.hi_open else value <= hi) if hi.is_finite else True,
                  sympy.Ne(value, 0) if self.nonzero else True]
        decided = [c if isinstance(c, bool) or c is None else (bool(c) if c in (sympy.true, sympy.false) else None)
                   for c in checks]
        if any(c is False for c in decided):
            return False
        return True if all(c is True for c in decided) else None

    def within(self, lo, hi) -> bool:
        """Whether the closed interval [lo, hi] (SymPy numbers, possibly infinite) contains this domain."""
        if self.kind == "given":
            return False
        mine_lo, mine_hi = self.bounds()
        return bool(lo <= mine_lo) and bool(mine_hi <= hi)


def real(lo=None, hi=None, *, open: str = "", text: str = "", nonzero: bool = False,   # noqa: A002
         exists: bool = False) -> Domain:
    """Real numbers between `lo` and `hi` (None: unbounded); `open` is "", "lo", "hi" or "both" (the ends
    left out); `nonzero=True` leaves out 0. `exists=True`: the statement says "there is" such a variable (every
    domain takes it; the others are "for every")."""
    if open not in ("", "lo", "hi", "both"):
        raise unknown_choice("open end", open, ("", "lo", "hi", "both"))
    return Domain("real", lo, hi, open in ("lo", "both"), open in ("hi", "both"), text, nonzero, exists)


def integer(lo=None, hi=None, *, text: str = "", exists: bool = False) -> Domain:
    """Integers from `lo` to `hi` inclusive (None: unbounded)."""
    return Domain("integer", lo, hi, False, False, text, exists=exists)


def positive(text: str = "", *, exists: bool = False) -> Domain:
    return real(0, None, open="lo", text=text, exists=exists)


def nonnegative(text: str = "", *, exists: bool = False) -> Domain:
    return real(0, None, text=text, exists=exists)


def one_of(*members: str, text: str = "", exists: bool = False) -> Domain:
    """A given variable with finitely many named values (an activation in {tanh, logistic}): the engine does not
    sample it, and an argument covers it only through a case split over its members (ctx.cases with
    {"tanh": {"act": "tanh"}, ...}), each member argued in its own case. The engine decides that the cases exhaust the
    members; that the steps of case "tanh" are about tanh it takes on the check's word (no expression names the
    value), as it takes a certified expression's link to the statement: build each case's steps from its label.

    >>> import symrnn as sr
    >>> sr.one_of("tanh", "logistic").describe()
    'one of tanh, logistic'
    """
    if len(members) < 1 or not all(isinstance(m, str) and m.strip() for m in members) or len(set(members)) < len(members):
        raise InvalidClaim(f"one_of(...) needs distinct names of the values, got {members!r}")
    return Domain("given", text=text.strip() or "one of " + ", ".join(members), exists=exists, choices=tuple(members))


def given(text: str, *, exists: bool = False) -> Domain:
    """A variable the engine does not sample (a matrix, a measure, an activation class), described in words."""
    if not text.strip():
        raise InvalidClaim("given(...) needs a description of the variable's domain")
    return Domain("given", text=text.strip(), exists=exists)


@dataclass(frozen=True)
class Conclusion:
    """One conclusion of a statement (an item, a sentence): what it asserts, in words, and its form.

    `expr`, where given, is the conclusion as code: a SymPy relation (Eq, Le, Lt, Ge, Gt) in the declared
    variables, with no assumption on its symbols beyond their declared domains. The engine then decides it
    itself, over the declared domain, in a check of its own (`statement_<name>`)."""

    name: str
    text: str
    form: str = "property"
    expr: Any = None


def conclusions_from(claim_id: str, spec) -> tuple[Conclusion, ...]:
    """Conclusions from a claim's `conclusions=`: Conclusion objects, (name, text[, form]) tuples or names."""
    out = []
    for item in spec or ():
        if isinstance(item, Conclusion):
            c = item
        elif isinstance(item, str):
            c = Conclusion(item, item)
        else:
            c = Conclusion(*item)
        if c.expr is not None and c.form == "property":
            c = Conclusion(c.name, c.text, "identity" if type(c.expr).__name__ in ("Equality",) else "inequality",
                           c.expr)
        if c.form not in FORMS:
            raise unknown_choice(f"conclusion form of {claim_id}:{c.name}", c.form, FORMS)
        if any(o.name == c.name for o in out):
            raise InvalidClaim(f"claim {claim_id} declares the conclusion {c.name!r} twice")
        out.append(c)
    return tuple(out)


def member_of(name: str, variable: str, *, family: bool) -> bool:
    """Whether `name` (a witness key or a symbol's name) is the variable itself or, for a family, an entry of it: a
    family a_j declared as `a` has entries a[1], a_1, a1 (an indexed symbol, a vector's coordinates)."""
    if name == variable:
        return True
    if not name.startswith(variable):
        return False
    rest = name[len(variable):]
    return family and bool(re.fullmatch(r"\[[^\]]+\](\[[^\]]+\])*|_?\d+|_\{\d+\}", rest))


def stands_for(name: str, variable: str, domain: Domain, declared=()) -> bool:
    """Whether a symbol or witness key named `name` stands for the declared variable: the variable itself, one of
    its entries where it is declared a family (Domain.family), or one of the names it is declared to enter through
    (Domain.through: values such as moments, each a family of its own) or their entries. A name in `declared` (the
    claim's variables) is never an entry: u0 beside a family u stands for U_i(0), not for a coordinate of u."""
    if name == variable or name in domain.via:
        return True
    if name in declared:
        return False
    return member_of(name, variable, family=domain.is_family) or any(member_of(name, u, family=True) for u in domain.via)


def owner_of(name: str, variables: dict[str, Domain], *, witness: bool = False) -> str | None:
    """The declared variable a symbol named `name` is (or is an entry of, for a family), None if it is none.

    witness=True reads a witness key: an indexed key (a[1], w_2) names an entry of the variable whatever its
    declaration, since a witness instantiates every entry it needs (the statement's vector a declared as a plain
    real a is still quantified entry by entry). The strict reading is for coverage: there an argument in an
    unrelated symbol m0 must not count as one about a scalar m. A declared variable's own name is that variable,
    never an entry of another (delta_0 beside delta: a witness's delta_0 is read with delta_0's domain)."""
    if name in variables:
        return name
    return next((v for v, d in variables.items() if member_of(name, v, family=witness or d.is_family)), None)


def variables_from(claim_id: str, spec) -> dict[str, Domain]:
    """Variables from a claim's `variables=`: {name or SymPy symbol: Domain}."""
    out = {}
    for key, dom in (spec or {}).items():
        name = key if isinstance(key, str) else str(key)
        if not isinstance(dom, Domain):
            raise InvalidClaim(f"claim {claim_id}: the domain of variable {name!r} must be symrnn.real(...), "
                               f"integer(...), positive(), nonnegative() or given(...), got {dom!r}")
        out[name] = dom
    return out


_RELATIONS = ("Equality", "LessThan", "StrictLessThan", "GreaterThan", "StrictGreaterThan")


def relations_from(claim_id: str, spec, variables: dict[str, Domain]) -> tuple:
    """A claim's `relations=`: SymPy relations among its declared variables (|w - w0| <= r, |w0| = alpha), part of the
    declared domain. The engine uses them where it decides the image of the domain (`ctx.reparametrised`: |x - c| <= B
    lets x be c + B t and |x| = B lets x be B t, t in [-1, 1]); other forms are kept but not used."""
    out = []
    for rel in spec or ():
        if type(rel).__name__ not in _RELATIONS:
            raise InvalidClaim(f"claim {claim_id}: a relation must be a SymPy relation (Eq, Le, Lt, Ge, Gt) among the "
                               f"declared variables, got {type(rel).__name__}"
                               + (" (SymPy evaluated it while building it: pass evaluate=False)"
                                  if type(rel).__name__ in ("BooleanTrue", "BooleanFalse") else ""))
        names = sorted(str(s) for s in rel.free_symbols if owner_of(str(s), variables) is None)
        if names:
            raise InvalidClaim(f"claim {claim_id}: the relation {rel} names {', '.join(names)}, which the claim does "
                               "not declare (declare it in variables=)")
        out.append(rel)
    return tuple(out)


def validate_expr(claim_id: str, conclusion: Conclusion, variables: dict[str, Domain]) -> None:
    """A conclusion as code is a relation in the declared variables whose symbols assume no more than
    their domains (else SymPy would narrow the statement while building it: sqrt(x**2) is x for x > 0)."""
    import sympy

    e = conclusion.expr
    if type(e).__name__ not in _RELATIONS:
        raise InvalidClaim(f"claim {claim_id}: conclusion {conclusion.name!r} as code must be a SymPy relation "
                           f"(Eq, Le, Lt, Ge, Gt), got {type(e).__name__}"
                           + (" (SymPy evaluated the relation while building it: pass evaluate=False)"
                              if type(e).__name__ in ("BooleanTrue", "BooleanFalse") else ""))
    for sym in e.free_symbols:
        name = str(sym)
        dom = variables.get(name)
        if dom is None:
            raise InvalidClaim(f"claim {claim_id}: conclusion {conclusion.name!r} uses {name!r}, which is not a "
                               f"declared variable (declare it in variables=)")
        allowed = sympy.Symbol(name, **dom.assumptions()).assumptions0
        extra = [k for k, v in sym.assumptions0.items() if v is True and allowed.get(k) is not True
                 and k in ("positive", "nonnegative", "negative", "nonpositive", "nonzero", "integer", "rational",
                           "even", "odd", "prime")]
        if extra:
            raise InvalidClaim(f"claim {claim_id}: in conclusion {conclusion.name!r} the symbol {name!r} assumes "
                               f"{', '.join(extra)}, more than its declared domain ({dom.describe()}); build the "
                               f"conclusion with sympy.Symbol({name!r}, **sr.{dom.kind}(...).assumptions())")


def statement_check(conclusion: Conclusion, variables: dict[str, Domain], name: str):
    """The engine's own check (called `name`) of a conclusion as code, over the declared domain.

    It only defines the check (symrnn._engine_graph.CHECK_BUILDERS): what the check runs is in the cache key of the
    statement checks alone, not of every check of a claim built with it."""
    def decide(ctx):
        e = conclusion.expr
        if type(e).__name__ == "Equality":
            ctx.identity(f"{conclusion.name}: {conclusion.text}", e.lhs, e.rhs)
            return
        small, large = (e.lhs, e.rhs) if type(e).__name__ in ("LessThan", "StrictLessThan") else (e.rhs, e.lhs)
        strict = type(e).__name__.startswith("Strict")
        box = {}
        for sym in e.free_symbols:
            dom = variables[str(sym)]
            if dom.kind != "real":
                ctx.inconclusive(f"{conclusion.name}: {conclusion.text}",
                                 f"the variable {sym} ranges over {dom.describe()}: the engine decides relations as "
                                 "code over real variables only")
                return
            box[sym] = dom.bounds()
        ctx.inequality(f"{conclusion.name}: {conclusion.text}", small, large, box, strict=strict)
    decide.__qualname__ = decide.__name__ = name
    return decide
