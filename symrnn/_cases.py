"""A case split: a proof that splits the declared domain into parts (lambda != 0 and lambda = 0; x < 0 and x >= 0).

Each case restricts the statement's declared domain by a condition on its quantified variables (a SymPy relation, or
a conjunction of relations each in one variable). Inside a case the check context decides its steps over that case's
part only: a variable fixed to one value is substituted by it, and otherwise the variable's domain becomes the part
(so `lambda != 0` lets a symbol assume `nonzero=True`, and nothing more). The engine itself decides that the cases
exhaust the declared domain (SymPy sets: the Boolean algebra the conditions generate in each variable's domain, every
cell of it inside some case). The split covers the statement only when they do and every case's steps are general
arguments over its part; a step that fails inside a case is a gap of that case, never a counterexample.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

import sympy

from ._errors import InvalidArgument
from ._evidence import Finding
from ._statement import Domain, stands_for
from ._verdict import Verdict

_MAX_SETS = 10       # conditions on one variable: the cells of their Boolean algebra are at most 2**_MAX_SETS


_HALF = sympy.Rational(1, 2)


def domain_set(dom: Domain) -> sympy.Set:
    """A declared domain as a SymPy set of reals; an integer domain as its integers k thickened to [k - 1/2, k + 1/2)
    (SymPy decides the algebra of real intervals, not of Ranges; the thickening is exact for sets of integers)."""
    if dom.choices:         # the members as their positions: SymPy decides equality of integers, not of symbols
        return sympy.FiniteSet(*range(len(dom.choices)))
    lo, hi = dom.bounds()
    if dom.kind == "integer":
        return sympy.Interval(lo - _HALF, hi + _HALF, not lo.is_finite, True)
    out = sympy.Interval(lo, hi, dom.lo_open or not lo.is_finite, dom.hi_open or not hi.is_finite)
    return sympy.Complement(out, sympy.FiniteSet(0)) if dom.nonzero else out


def _thickened(label: str, name: str, real_set: sympy.Set) -> sympy.Set:
    """The integers of a set of reals (a union of intervals and points), each integer k as [k - 1/2, k + 1/2)."""
    pieces = real_set.args if isinstance(real_set, sympy.Union) else (real_set,)
    out = []
    for p in pieces:
        if isinstance(p, sympy.FiniteSet):
            out += [sympy.Interval.Ropen(k - _HALF, k + _HALF) for k in p if getattr(k, "is_integer", False)]
        elif isinstance(p, sympy.Interval):
            a = sympy.ceiling(p.inf) if p.inf.is_finite else p.inf
            a = a + 1 if p.left_open and a == p.inf and a.is_finite else a
            b = sympy.floor(p.sup) if p.sup.is_finite else p.sup
            b = b - 1 if p.right_open and b == p.sup and b.is_finite else b
            if a.is_finite and b.is_finite and a > b:
                continue
            out.append(sympy.Interval(a - _HALF, b + _HALF, not a.is_finite, True))
        elif p.is_empty:
            continue
        else:
            raise InvalidArgument(f"case {label!r}: the integers {name} in {p} are not a union of ranges")
    return sympy.Union(*out) if out else sympy.EmptySet


def _integers(cell: sympy.Set) -> str:
    """A thickened set of integers, described."""
    pieces = cell.args if isinstance(cell, sympy.Union) else (cell,)
    out = []
    for p in pieces:
        a, b = p.inf + _HALF, p.sup - _HALF
        out.append(f"{{{a}}}" if a == b else f"{a}..{b if b.is_finite else 'oo'}")
    return " and ".join(out) + " (integers)"


def _variable_of(sym, variables: dict[str, Domain]) -> str | None:
    return next((v for v in variables if sym.name == v), None)


def parse_condition(label: str, cond, variables: dict[str, Domain]) -> dict[str, sympy.Set]:
    """{variable: the set of its values the condition allows, within the declared domain}; the condition is a SymPy
    relation, or an And of relations, each in one declared (real or integer) variable; for variables with finitely
    many named values (sr.one_of), a dict {variable: a value or a tuple of values}."""
    if isinstance(cond, dict):
        return _choice_condition(label, cond, variables)
    if isinstance(cond, (bool, sympy.logic.boolalg.BooleanAtom)):
        raise InvalidArgument(f"the condition of case {label!r} is {cond} as built: SymPy decided it from its "
                              "symbols' assumptions; build it with symbols that carry only the declared domain's "
                              "assumptions (a case must restrict the domain)")
    if not isinstance(cond, sympy.logic.boolalg.Boolean):
        raise InvalidArgument(f"the condition of case {label!r} must be a SymPy relation (Eq, Ne, Lt, Le, Gt, Ge) or "
                              f"an And of them, got {type(cond).__name__}")
    parts = cond.args if isinstance(cond, sympy.And) else (cond,)
    out: dict[str, sympy.Set] = {}
    for part in parts:
        syms = [s for s in part.free_symbols if isinstance(s, sympy.Symbol)]
        if not syms:
            raise InvalidArgument(f"case {label!r}: the condition {part} names no variable")
        undeclared = sorted(s.name for s in syms if _variable_of(s, variables) is None)
        if undeclared:
            raise InvalidArgument(f"case {label!r}: the condition {part} names {', '.join(undeclared)}, which the "
                                  f"statement does not quantify over (its variables: "
                                  f"{', '.join(variables) or 'none declared'}); a case restricts declared variables")
        if len(syms) > 1:
            raise InvalidArgument(f"case {label!r}: the condition {part} relates {', '.join(sorted(map(str, syms)))}; "
                                  "each relation of a case may restrict one variable (write an And of such relations)")
        (sym,) = syms
        dom = variables[sym.name]
        if dom.exists:
            raise InvalidArgument(f"case {label!r}: {sym.name} is quantified 'there is' (exists=True): a proof chooses it, "
                                  "it does not split it into cases")
        if dom.kind not in ("real", "integer"):
            raise InvalidArgument(f"case {label!r}: {sym.name} ranges over {dom.describe()}; a case restricts real or "
                                  "integer variables only")
        plain = sympy.Symbol(sym.name, real=True)       # the relation itself, not what the symbol assumes
        try:
            allowed = part.xreplace({sym: plain}).as_set()
        except (NotImplementedError, TypeError, ValueError) as exc:
            raise InvalidArgument(f"case {label!r}: SymPy cannot solve the condition {part} for {sym.name} "
                                  f"({type(exc).__name__}: {exc})") from None
        if dom.kind == "integer":
            allowed = _thickened(label, sym.name, allowed)
        prev = out.get(sym.name, domain_set(dom))
        out[sym.name] = sympy.Intersection(prev, allowed)
    return out


def _choice_condition(label: str, cond: dict, variables: dict[str, Domain]) -> dict[str, sympy.Set]:
    out: dict[str, sympy.Set] = {}
    for name, values in cond.items():
        dom = variables.get(name)
        if dom is None or not dom.choices:
            raise InvalidArgument(f"case {label!r}: {name!r} is not a declared variable with named values (sr.one_of); "
                                  "a dict condition names such variables, a SymPy relation restricts a real or integer one")
        if dom.exists:
            raise InvalidArgument(f"case {label!r}: {name} is quantified 'there is' (exists=True): a proof chooses it, "
                                  "it does not split it into cases")
        values = (values,) if isinstance(values, str) else tuple(values)
        unknown = [v for v in values if v not in dom.choices]
        if unknown or not values:
            raise InvalidArgument(f"case {label!r}: {name} takes the values {', '.join(dom.choices)}, not "
                                  f"{', '.join(map(str, unknown)) or 'none'}")
        out[name] = sympy.FiniteSet(*[dom.choices.index(v) for v in values])
    if not out:
        raise InvalidArgument(f"the condition of case {label!r} names no variable")
    return out


def part_domain(label: str, name: str, dom: Domain, part: sympy.Set) -> tuple[Domain, object]:
    """The part of a variable's domain a case keeps, as a Domain, with the value it fixes (None if it fixes none)."""
    if part.is_empty:
        raise InvalidArgument(f"case {label!r} keeps no value of {name} in its declared domain ({dom.describe()})")
    if dom.choices:
        kept = tuple(m for i, m in enumerate(dom.choices) if sympy.Integer(i) in part)
        return (dataclasses.replace(dom, choices=kept, text="one of " + ", ".join(kept), via=()),
                sympy.Symbol(kept[0]) if len(kept) == 1 else None)
    if dom.kind == "integer":
        if isinstance(part, sympy.Interval):
            lo = part.inf + _HALF if part.inf.is_finite else None
            hi = part.sup - _HALF if part.sup.is_finite else None
            return dataclasses.replace(dom, lo=lo, hi=hi, text="", via=()), (lo if lo is not None and lo == hi else None)
        raise InvalidArgument(f"case {label!r}: {name} in {_integers(part)} is not one range of integers; the engine "
                              "cannot check steps over it (split it into such cases)")
    if isinstance(part, sympy.FiniteSet) and len(part) == 1:
        (value,) = part
        return dataclasses.replace(dom, lo=value, hi=value, lo_open=False, hi_open=False, text="", nonzero=False,
                                   via=()), value
    interval, nonzero = part, False
    if isinstance(part, sympy.Union) and len(part.args) == 2 and all(isinstance(x, sympy.Interval) for x in part.args):
        left, right = sorted(part.args, key=lambda x: x.inf)
        if left.sup == 0 and right.inf == 0 and left.right_open and right.left_open:
            interval, nonzero = sympy.Interval(left.inf, right.sup, left.left_open, right.right_open), True
    if isinstance(interval, sympy.Interval):
        lo = None if interval.inf.is_infinite else interval.inf
        hi = None if interval.sup.is_infinite else interval.sup
        return dataclasses.replace(dom, lo=lo, hi=hi, lo_open=bool(interval.left_open and lo is not None),
                                   hi_open=bool(interval.right_open and hi is not None), text="", nonzero=nonzero,
                                   via=()), None
    raise InvalidArgument(f"case {label!r}: {name} in {part} is not an interval, an interval without 0 or one value; "
                          "the engine cannot check steps over it (split it into such cases)")


def exhaustion_gap(cases: dict[str, dict[str, sympy.Set]], variables: dict[str, Domain]) -> str:
    """'' when the cases' parts cover the declared domain; otherwise which values they leave out (or why the engine
    cannot decide that they cover it)."""
    names = sorted({v for parts in cases.values() for v in parts})
    cells = {}
    for v in names:
        full = domain_set(variables[v])
        sets = list({parts[v] for parts in cases.values() if v in parts})
        if len(sets) > _MAX_SETS:
            return f"more than {_MAX_SETS} different conditions on {v}: the engine does not enumerate their cells"
        found = []
        for signs in itertools.product((True, False), repeat=len(sets)):
            cell = sympy.Intersection(full, *[s if keep else sympy.Complement(full, s) for s, keep in zip(sets, signs)])
            empty = cell.is_empty
            if empty is None:
                return f"SymPy cannot decide whether the values {v} in {cell} are empty"
            if not empty:
                found.append((cell, {s for s, keep in zip(sets, signs) if keep}))
        cells[v] = found
    for combo in itertools.product(*(cells[v] for v in names)):
        inside = any(all(v not in parts or parts[v] in combo[i][1] for i, v in enumerate(names))
                     for parts in cases.values())
        if not inside:
            return "the cases leave out " + " and ".join(f"{v} in {_cell_text(combo[i][0], variables[v])}"
                                                         for i, v in enumerate(names))
    return ""


def _cell_text(cell: sympy.Set, dom: Domain) -> str:
    if dom.choices:
        return "{" + ", ".join(dom.choices[int(i)] for i in sorted(cell)) + "}"
    return _integers(cell) if dom.kind == "integer" else str(cell)


@dataclass
class _Case:
    label: str
    condition: object
    parts: dict                     # variable -> SymPy set
    domains: dict                   # variable -> Domain of the part
    fixed: dict                     # variable -> the value the case fixes
    ran: bool = False
    outcome: str = ""               # "" covered, else why this case does not cover its part
    steps: int = 0
    findings: int = 0
    certified: bool = False         # some covering step is an enclosure certificate (Arb), not an exact proof


class CaseSplit:
    """`with ctx.cases(title, {label: condition}) as case:`, then `with case(label):` around each case's steps."""

    def __init__(self, ctx, title: str, conditions: dict):
        if not isinstance(conditions, dict) or len(conditions) < 2:
            raise InvalidArgument(f"case split {title!r} needs at least two cases, as {{label: condition}}")
        if not ctx._variables:
            raise InvalidArgument(f"case split {title!r}: the claim declares no variables (variables=), so a case "
                                  "cannot restrict its domain")
        self.ctx, self.title = ctx, title
        self.cases: dict[str, _Case] = {}
        for label, cond in conditions.items():
            parts = parse_condition(str(label), cond, ctx._variables)
            domains, fixed = {}, {}
            for v, part in parts.items():
                domains[v], value = part_domain(str(label), v, ctx._variables[v], part)
                if value is not None:
                    fixed[v] = value
            self.cases[str(label)] = _Case(str(label), cond, parts, domains, fixed)
        self.gap = exhaustion_gap({k: c.parts for k, c in self.cases.items()}, ctx._variables)

    def __enter__(self):
        if getattr(self.ctx, "_case_split", None) is not None:
            raise InvalidArgument(f"case split {self.title!r} inside another split: split the cases of one split "
                                  "further instead (cases do not nest)")
        self.ctx._case_split = self
        return self

    def __call__(self, label: str):
        if getattr(self.ctx, "_case_split", None) is not self:
            raise InvalidArgument(f"case {label!r} of {self.title!r} outside its split: write "
                                  "`with ctx.cases(title, conditions) as case:` and `with case(label):` inside it")
        case = self.cases.get(label)
        if case is None:
            raise InvalidArgument(f"case split {self.title!r} has no case {label!r} (its cases: "
                                  f"{', '.join(self.cases)})")
        if case.ran:
            raise InvalidArgument(f"case {label!r} of {self.title!r} runs twice")
        return _CaseScope(self, case)

    def __exit__(self, exc_type, exc, tb):
        self.ctx._case_split = None
        if exc_type is not None:
            return False
        self._record()
        return False

    def _record(self):
        ctx = self.ctx
        rows = []
        for c in self.cases.values():
            where = ", ".join(f"{v} = {c.fixed[v]} (substituted)" if v in c.fixed else f"{v}: {c.domains[v].describe()}"
                              for v in c.parts)
            state = "not run" if not c.ran else ("covers its part" if not c.outcome else c.outcome)
            rows.append((c.label, sympy.sstr(c.condition), where, f"{c.findings} findings, {c.steps} steps", state))
        ctx.table(f"case split: {self.title}", ("case", "condition", "part of the declared domain",
                                                "its findings and steps ([case ...] below)", "outcome"), rows)
        exhaust = ("the cases exhaust the declared domain (decided by SymPy sets)" if not self.gap
                   else f"the cases do not exhaust the declared domain: {self.gap}")
        failed = [f"{c.label}: {'no steps ran' if not c.ran else c.outcome}" for c in self.cases.values()
                  if not c.ran or c.outcome]
        listing = "; ".join(f"{c.label} ({sympy.sstr(c.condition)})" for c in self.cases.values())
        if failed:
            ctx.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, f"case split: {self.title}",
                f"cases {listing}; {exhaust}; not every case is argued over its part: " + "; ".join(failed)))
            return
        over = tuple(sorted(ctx._variables))
        # a split is as strong as its weakest case: an enclosure certificate in one case makes it certified
        verdict = Verdict.CERTIFIED if any(c.certified for c in self.cases.values()) else Verdict.PROVED
        if self.gap:        # the title carries the gap: coverage names it where it says why nothing is covered
            ctx.record.findings.append(Finding(verdict, f"case split: {self.title} ({self.gap})",
                                               f"cases {listing}; each case argued over its part; {exhaust}",
                                               scope="part", over=over))
            return
        ctx.record.findings.append(Finding(verdict, f"case split: {self.title}",
                                           f"cases {listing}; each case argued over its part; {exhaust}",
                                           scope="general", over=over))


class _CaseScope:
    def __init__(self, split: CaseSplit, case: _Case):
        self.split, self.case = split, case

    def __enter__(self):
        ctx, case = self.split.ctx, self.case
        if getattr(ctx, "_case_open", False):
            raise InvalidArgument(f"case {case.label!r} opened inside another case of {self.split.title!r}")
        ctx._case_open = True
        case.ran = True
        self._variables = ctx._variables
        ctx._variables = {**ctx._variables, **case.domains}
        ctx._case_fixed = dict(case.fixed)
        ctx._case_restricted = frozenset(case.domains) - frozenset(case.fixed)
        self._marks = (len(ctx.record.findings), len(ctx.record.steps), len(ctx.record.witnesses))
        return self

    def __exit__(self, exc_type, exc, tb):
        ctx, case = self.split.ctx, self.case
        ctx._variables, ctx._case_fixed, ctx._case_open = self._variables, {}, False
        ctx._case_restricted = frozenset()
        if exc_type is not None:
            return False
        f0, s0, w0 = self._marks
        tag = f"[case {case.label}] "
        ctx.record.steps[s0:] = [dataclasses.replace(s, text=tag + s.text) for s in ctx.record.steps[s0:]]
        case.steps = len(ctx.record.steps) - s0
        mine = ctx.record.findings[f0:]
        lost = ctx.record.witnesses[w0:]
        del ctx.record.witnesses[w0:]
        reasons, over = [], set(case.fixed)
        out = []
        for f in mine:
            if f.verdict is Verdict.REFUTED:
                # a step that fails at a point of this case is a gap of the case's argument: only a point where the
                # statement itself fails is a counterexample (a conclusion as code is decided by the engine's own check)
                at = "; ".join(str(w.params) for w in lost) or "a point of the case"
                reasons.append(f"the step '{f.title}' fails at {at}")
                out.append(Finding(Verdict.INCONCLUSIVE, tag + f.title,
                                   f"{f.detail}; the step fails at {at} in this case: a gap in the case's argument, "
                                   "not a counterexample to the statement"))
                continue
            if not f.verdict.positive:
                reasons.append(f"the step '{f.title}' is {f.verdict.value}")
            elif f.scope == "general":
                over |= {v for v, d in self._variables.items() for o in f.over if stands_for(o, v, d, self._variables)}
                case.certified |= f.verdict is Verdict.CERTIFIED
            elif f.scope == "instance" and set(case.fixed) >= set(self._variables):
                pass            # the case fixes every variable: its part is one point, and an instance covers it
            elif f.scope == "instance":
                reasons.append(f"the step '{f.title}' is an instance (a value at concrete arguments)")
            elif f.scope == "part":
                reasons.append(f"the step '{f.title}' is argued over less than this case's part ({f.detail[-200:]})")
            else:
                reasons.append(f"the step '{f.title}' is evidence ({f.verdict.value}), not an argument")
            out.append(dataclasses.replace(f, title=tag + f.title, scope="case" if f.verdict.positive else f.scope))
        ctx.record.findings[f0:] = out
        case.findings = len(out)
        if not any(f.verdict.positive for f in mine):
            reasons.append("no step of the case decided anything")
        missing = [v for v in self._variables if v not in over]
        if not reasons and missing:
            reasons.append("no general argument in " + ", ".join(missing))
        case.outcome = "; ".join(reasons)
        return False

