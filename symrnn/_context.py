"""The object a check function receives: it records findings, steps, tables and witnesses.

Every positive finding comes from a method that decides something (an exact comparison, a
simplification to zero, a search that found no violation); there is no way to record
"proved" by hand. A refutation is accepted only after the check's `replay` re-evaluates the
witness at the check's precision and again at twice that precision (G3).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import random
from typing import Any, Callable

import sympy

from ._errors import InternalError, InvalidArgument
from ._evidence import Finding, Plot, Recorder, Step, Table, Witness
from ._experiments import fidelity_rows, run_controls
from ._statement import member_of, owner_of
from ._symbol_names import _GENERIC, _IDENTITY_DOMAIN, _NARROW, _free_symbols, _names  # noqa: F401
from ._verdict import Verdict
from .symbolic._identities import IdentityDecision, decide_identity


def _takes_printed(fn: Callable) -> bool:
    """A replay may take (params, dps, printed) to read the printed formula under test."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.kind is p.VAR_POSITIONAL for p in params)


def _takes_printed_2(fn: Callable) -> bool:
    """A hypothesis test may take (params, printed), to read a printed threshold (mutations then reach it)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in params)


def _inexact(v, depth: int = 0) -> bool:
    """A floating-point number anywhere in `v`: a Python, NumPy or mpmath float or complex, an Arb ball, a SymPy
    Float, or one inside a tuple, list, set, dict or matrix (`(float(2**53) + 1,) == (float(2**53),)` is True)."""
    if depth > 50:
        return True                 # too deep to look through: not taken as exact
    if isinstance(v, (float, complex)):
        return True
    if isinstance(v, sympy.MatrixBase):
        return any(_inexact(x, depth + 1) for x in v)
    if isinstance(v, sympy.Basic):
        return v.has(sympy.Float)
    if isinstance(v, (tuple, list, set, frozenset)):
        return any(_inexact(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return any(_inexact(x, depth + 1) for x in (*v.keys(), *v.values()))
    kind = (type(v).__module__ or "").split(".")[0]
    if kind == "numpy" and hasattr(v, "dtype"):     # scalars and arrays: floating dtypes, or floats in object arrays
        return v.dtype.kind in "fc" or (v.dtype.kind == "O" and any(_inexact(x, depth + 1) for x in v.ravel()))
    # mpmath's numbers are floating point; python-flint's arb and acb are balls (its fmpz and fmpq are exact)
    return kind == "mpmath" or (kind == "flint" and type(v).__name__.startswith(("arb", "acb")))


def exactly_equal(got, expected) -> bool:
    """Exact equality, structurally for sets, tuples, lists and matrices (a difference of two sets is
    not zero when they are equal), by simplification of the difference for numbers."""
    if isinstance(got, (set, frozenset, sympy.Set)) or isinstance(expected, (set, frozenset, sympy.Set)):
        a, b = sympy.FiniteSet(*got) if isinstance(got, (set, frozenset)) else got, \
            sympy.FiniteSet(*expected) if isinstance(expected, (set, frozenset)) else expected
        if isinstance(a, sympy.FiniteSet) and isinstance(b, sympy.FiniteSet):
            if len(a) != len(b):
                return False
            rest = list(b)
            for x in a:
                hit = next((y for y in rest if exactly_equal(x, y)), None)
                if hit is None:
                    return False
                rest.remove(hit)
            return True
        return bool(sympy.Eq(a, b) is sympy.true)
    if isinstance(got, (tuple, list)) or isinstance(expected, (tuple, list)):
        return (isinstance(got, (tuple, list)) and isinstance(expected, (tuple, list)) and len(got) == len(expected)
                and all(exactly_equal(x, y) for x, y in zip(got, expected)))
    if isinstance(got, sympy.MatrixBase) or isinstance(expected, sympy.MatrixBase):
        a, b = sympy.Matrix(got), sympy.Matrix(expected)
        return a.shape == b.shape and all(exactly_equal(x, y) for x, y in zip(a, b))
    diff = sympy.simplify(sympy.sympify(got) - sympy.sympify(expected))
    return diff == 0 or bool(getattr(diff, "is_ZeroMatrix", False))     # ZeroMatrix - ZeroMatrix is no scalar 0



_FACTS = ("integer", "rational", "positive", "nonnegative", "negative", "nonpositive", "nonzero", "zero", "even",
          "odd", "prime", "composite")


def _narrower(sym, plain) -> bool:
    """Whether `sym` assumes a fact that a symbol with only the declared domain's assumptions lacks."""
    mine, allowed = sym.assumptions0, plain.assumptions0
    return any(mine.get(k) is True and allowed.get(k) is not True for k in _FACTS)


def _assumed(sym) -> str:
    return ", ".join(k for k in _FACTS if sym.assumptions0.get(k) is True) or "real"


def _replace(obj, subs):
    if isinstance(obj, (tuple, list)):
        return type(obj)(_replace(o, subs) for o in obj)
    if isinstance(obj, (set, frozenset)):
        return type(obj)(_replace(o, subs) for o in obj)
    if isinstance(obj, (sympy.Basic, sympy.MatrixBase)):
        return obj.xreplace(subs)
    return obj


def _scoped_over_box(method):
    """certify/inequality/definite: tag the positive findings the call records with what they cover."""
    @functools.wraps(method)
    def wrapper(self, title, *args, **kw):
        before = len(self.record.findings)
        verdict = method(self, title, *args, **kw)
        bound = inspect.signature(method).bind(self, title, *args, **kw).arguments
        box = bound.get("box", bound.get("domain"))
        for i in range(before, len(self.record.findings)):
            f = self.record.findings[i]
            if f.verdict.positive and not f.scope:
                if box is not None:
                    self.record.findings[i] = self._box_scope(f, box)
                else:
                    self.record.findings[i] = self._positive(f.verdict, f.title, f.detail, bound.get("matrix"))
        return verdict
    return wrapper


class CheckContext:
    """Passed to every check function as its only argument.

    Attributes:
        dps: decimal digits for numeric work (re-checks use twice this).
        seed: the run's seed; `rng` is a `random.Random(seed)` private to this check.
        printed: the claim's printed objects (formulas, constants), possibly perturbed by
            quality tests; checks must read printed mathematics from here.
        quick: True when the runner asks for a quick mode (tests).
    """

    def __init__(self, *, claim_id: str, check_name: str, dps: int, seed: int,
                 printed: dict[str, Any], replay: Callable | None, quick: bool = False,
                 recheck: Callable | None = None, evaluators: tuple[str, str] = ("", ""),
                 hypotheses=(), needs_hypotheses: bool = False, strict: bool = False,
                 replay_path: str | None = None, variables: dict | None = None, relations=()):
        self.claim_id = claim_id
        self.check_name = check_name
        self.dps = dps
        self.seed = seed
        self.rng = random.Random(f"{seed}:{claim_id}:{check_name}")
        self.printed = printed
        self.quick = quick
        self._replay = replay
        self._recheck = recheck
        self._evaluators = evaluators
        self._hypotheses = tuple(hypotheses)
        self._needs_hypotheses = needs_hypotheses
        self._strict = strict
        self._replay_path = replay_path
        # the statement's quantified variables ({name: Domain}): an argument is general only over them
        self._variables = dict(variables or {})
        # relations among them the claim declares as code (|w| <= a): used where the engine decides an image (reparametrised)
        self._relations = tuple(relations)
        # inside a case of a case split (ctx.cases): the values the case fixes ({name: value}), substituted in every
        # expression an exact method decides; _variables then holds the case's part of each domain
        self._case_fixed: dict = {}
        self._case_restricted: frozenset = frozenset()
        self._case_split = None
        self._case_open = False
        self.record = Recorder()

    # -- computations several checks need ----------------------------------------------------
    def shared(self, fn: Callable, *args, **kwargs):
        """fn(*args, **kwargs), computed once for every check that asks for it with the same arguments (in this run
        and, with a cache, later runs): one training run behind two figures. fn must be deterministic given its plain
        arguments and this check's settings (quick, dps, seed), and record nothing itself (it does not see ctx); the
        key covers its code as check keys do (symrnn._shared)."""
        from . import _shared

        return _shared.shared(fn, args, kwargs, {"quick": self.quick, "dps": self.dps, "seed": self.seed})

    # -- narrative -----------------------------------------------------------------------
    def step(self, text: str, formula: Any = None) -> None:
        """A derivation step; `formula` is a SymPy object (printed with SymPy's LaTeX) or LaTeX."""
        if formula is None:
            latex = None
        elif isinstance(formula, str):
            latex = formula
        else:
            latex = sympy.latex(formula)
        self.record.steps.append(Step(text, latex))

    def table(self, caption: str, header, rows) -> None:
        """A table of evidence in the report (cells as strings; rows as wide as the header)."""
        rows = tuple(tuple(str(c) for c in r) for r in rows)
        header = tuple(str(h) for h in header)
        if any(len(r) != len(header) for r in rows):
            raise InternalError(f"{self.claim_id}: table {caption!r} has rows of the wrong width")
        self.record.tables.append(Table(caption, header, rows))

    def plot(self, name: str, caption: str, *, xlabel: str, ylabel: str, lines, logx: bool = False,
             logy: bool = False) -> None:
        """Data for a figure in the report: `lines` is [(label, xs, ys)], numbers of any kind."""
        if any(p.name == name for p in self.record.plots):
            raise InternalError(f"{self.claim_id}: two plots named {name!r}")
        fmt = lambda v: str(v) if not hasattr(v, "ae") else sympy.sstr(v)  # noqa: E731
        self.record.plots.append(Plot(
            name, caption, xlabel, ylabel,
            tuple((str(lab), tuple(fmt(x) for x in xs), tuple(fmt(y) for y in ys)) for lab, xs, ys in lines),
            logx, logy))

    # -- what a positive finding establishes ----------------------------------------------
    def _widen(self, *objs):
        """Replace each symbol named as a declared variable whose SymPy assumptions say more than the
        variable's declared domain by one with the domain's assumptions, in every object (SymPy objects,
        tuples, lists). Returns (objects, probe domain {symbol: (lo, hi)} for bounded variables, a note).
        Inside a case (ctx.cases), a variable the case fixes is replaced by its value first, and a symbol of a
        variable the case restricts takes the assumptions of the case's part (the domain here)."""
        if self._case_fixed:
            fixed = {sym: sympy.sympify(self._case_fixed[sym.name]) for o in objs for sym in _free_symbols(o)
                     if sym.name in self._case_fixed}
            objs = tuple(_replace(o, fixed) for o in objs) if fixed else objs
        if not self._variables:
            return objs, {}, ""
        subs, probe, notes = {}, {}, []
        for obj in objs:
            # by name, not set order: the note and the probe domain must not depend on the process's hash seed
            for sym in sorted(_free_symbols(obj), key=lambda x: x.name):
                dom = self._variables.get(sym.name)
                if dom is None or dom.kind == "given" or sym in subs:
                    continue
                allowed = dom.assumptions()
                plain = sympy.Symbol(sym.name, **allowed)
                if _narrower(sym, plain):
                    subs[sym] = plain
                    notes.append(f"{sym.name} (assumed {_assumed(sym)}; declared {dom.describe()})")
                elif sym.name in self._case_restricted and sym != plain:
                    subs[sym] = plain       # inside a case a symbol assumes what the case's part gives (x < 0: negative)
                lo, hi = dom.bounds()
                if lo.is_finite and hi.is_finite and dom.kind == "real":
                    probe[subs.get(sym, sym)] = (lo, hi)
        out = tuple(_replace(o, subs) for o in objs) if subs else objs
        note = (_NARROW + ", ".join(notes) + "; decided again with them widened to the declared domain") if notes else ""
        return out, probe, note

    def _positive(self, verdict: Verdict, title: str, detail: str, *objs) -> Finding:
        """A positive finding of an exact method, with what it establishes: general over the names of the
        free symbols it was decided in, or an instance when there are none."""
        if not verdict.positive:
            return Finding(verdict, title, detail)
        names = sorted({n for o in objs for n in _names(o)})
        narrow_via = self._narrow_via(objs)
        if narrow_via:
            # a symbol standing for a variable's values (Domain.through) may take any real value: one assumed
            # positive, nonzero or integer proves the statement only where those values are so
            detail += "; " + narrow_via
            return Finding(verdict, title, detail, scope="part", over=tuple(names))
        if _NARROW in detail:
            # SymPy may have used the narrower assumptions already when the check built its expressions
            # (sqrt(x**2) is x for a positive x): the argument covers only part of the declared domain
            return Finding(verdict, title, detail, scope="part", over=tuple(names))
        if not names:
            return Finding(verdict, title, detail, scope="instance")
        return Finding(verdict, title, detail, scope="general", over=tuple(names))

    def _narrow_via(self, objs) -> str:
        """The symbols named by a declared variable's through(...) that carry assumptions beyond 'real'."""
        via = {u: v for v, d in self._variables.items() for u in d.via}
        bad = []
        for obj in objs:
            for sym in _free_symbols(obj):
                owner = next((v for u, v in via.items() if member_of(sym.name, u, family=True)), None)
                if owner is None or owner_of(sym.name, self._variables) is not None:
                    continue        # a declared variable's own symbol: widened to its declared domain as usual
                extra = {k for k, val in sym.assumptions0.items() if val} - _GENERIC
                if extra:
                    bad.append(f"{sym.name} (standing for values of {owner}) is assumed {', '.join(sorted(extra))}")
        return "over part of the declared domain: " + "; ".join(sorted(set(bad))) if bad else ""

    def _box_scope(self, finding: Finding, box: dict) -> Finding:
        """A finding decided over a box (or domain) of variables: general over them where the box contains
        every declared variable's domain, a part of the statement where it is narrower."""
        if not finding.verdict.positive:
            return finding
        names, narrower = [], []
        for key, (lo, hi) in box.items():
            name = str(key)
            names.append(name)
            dom = self._variables.get(name)
            if dom is not None and not dom.within(sympy.sympify(lo), sympy.sympify(hi)):
                narrower.append(f"{name} in [{lo}, {hi}] (declared {dom.describe()})")
            elif dom is not None and dom.kind == "real" and getattr(key, "is_integer", False):
                narrower.append(f"{name} over the integers only (declared {dom.describe()})")
        if narrower:
            return dataclasses.replace(finding, scope="part", over=tuple(sorted(names)),
                                       detail=finding.detail + "; over part of the declared domain: " + ", ".join(narrower))
        return dataclasses.replace(finding, scope="general" if names else "instance", over=tuple(sorted(names)))

    # -- case splits -----------------------------------------------------------------------
    def cases(self, title: str, conditions: dict):
        """A proof by cases over the declared domain: `conditions` is {label: condition}, each condition a SymPy
        relation (Eq, Ne, Lt, Le, Gt, Ge) in one declared variable, or an And of such relations. Use it as

            with ctx.cases("the sign of lambda", {"lambda != 0": sp.Ne(lam, 0), "lambda = 0": sp.Eq(lam, 0)}) as case:
                with case("lambda != 0"):
                    ctx.identity(...)       # decided over lambda != 0: a symbol lambda may assume nonzero=True
                with case("lambda = 0"):
                    ctx.identity(...)       # lambda is replaced by 0 in every expression

        Inside a case the exact methods decide over the case's part of the domain (a variable fixed to one value
        is substituted by it; otherwise its domain becomes the part), and its findings are the case's. The engine
        decides whether the cases exhaust the declared domain (SymPy sets). On leaving the split it records one
        finding: proved, covering the declared domain, when every case ran, each of its positive findings is a
        general argument over its part (together in every variable the case does not fix) and the cases exhaust
        the domain; proved over part of the domain when they do not exhaust it; inconclusive when a case's
        argument fails or does not cover its part. A step that fails inside a case is a gap of that case (its
        witness is not a counterexample to the statement). A table of the cases (condition, part, steps,
        outcome) goes into the evidence. A condition on a symbol that is not a declared variable, relating two
        variables, or that SymPy cannot solve is an error (InvalidArgument)."""
        from ._cases import CaseSplit

        return CaseSplit(self, title, conditions)

    # -- a certificate in new coordinates -------------------------------------------------
    def reparametrised(self, title: str, original, pieces, *, split=None, via=(), bound: bool = False,
                       strict: bool = False, max_boxes: int = 20000, seconds: float = 60.0) -> Verdict:
        """Certify the statement `original >= 0` (`> 0` with strict; `original` in the declared variables) through a
        box in new coordinates. `pieces` is (expr, box, coords) or {label: (expr, box, coords)}: `expr` in the box
        coordinates, `box` = {coordinate: (lo, hi)} (compact, exact bounds), `coords` = {coordinate: its expression in
        the declared variables} (v = w/a, H = tanh(u x), s = 1/a). Each piece's `expr >= 0` is certified by Arb branch
        and bound, and the engine decides, without the check's word:
        (a) every point of the declared domain maps into the box: each coordinate's range over the declared domains
            (and the claim's `relations=`, e.g. |w| <= a) enclosed by SymPy inside its interval (a relaxation, a box
            larger than the image, is sound); with several pieces the coordinates a piece restricts are functions of
            `split` (an expression in the declared variables), and the pieces' admitted values of it, as SymPy sets,
            contain its range;
        (b) `expr` composed with the map is `original` (an identity decided by SymPy), or with `bound=True` at most
            `original`; `via` lists intermediate expressions in the declared variables, original >= via[0] >= ... >=
            composed, each link an identity or (bound=True) a difference whose sign SymPy's assumptions on the declared
            domains decide factor by factor (K(alpha) >= K(0) and a sum of squares over it: 1 - N/K(alpha)^2 >=
            1 - N/K(0)^2).
        certified and general in the declared variables when all of that is decided; certified over part of the
        domain when the image is decided to leave the boxes; holds (evidence) naming the step when (a) or (b) is
        undecided; inconclusive when a piece is not certified (a failing point is in the box coordinates: never a
        counterexample) or the composition is decided wrong. See `symrnn/_reparam.py`."""
        from ._reparam import reparametrised

        return reparametrised(self, title, original, pieces, split=split, via=via, bound=bound, strict=strict,
                              max_boxes=max_boxes, seconds=seconds)

    # -- deciding ------------------------------------------------------------------------
    def identity(self, title: str, lhs, rhs, *, domain: dict | None = None, points: int = 12) -> Verdict:
        """Decide lhs == rhs: proved if SymPy reduces the difference to 0; otherwise evaluate
        at random admissible points: a re-verified nonzero difference refutes, agreement is
        only inconclusive (never "proved").

        A symbol named as one of the statement's declared variables is first widened to the variable's
        declared domain (an identity proved for x > 0 says nothing of a statement over every real x), and
        the probe points are drawn from that domain."""
        (lhs, rhs), probe_domain, widened = self._widen(sympy.sympify(lhs), sympy.sympify(rhs))
        dec: IdentityDecision = decide_identity(
            lhs, rhs, domain={**probe_domain, **(domain or {})}, dps=self.dps,
            rng=self.rng, points=points, admissible=self._admissible)
        if dec.verdict is Verdict.REFUTED:
            return self._accept(title, dec.detail, dec.witness, dec.values, recheck=dec.recheck,
                                evaluators=("SymPy evalf", dec.recheck.split(" at ")[0]), independent=True,
                                domain=_IDENTITY_DOMAIN)
        self.record.findings.append(self._positive(dec.verdict, title, dec.detail + widened, lhs, rhs))
        return dec.verdict

    def identities(self, title: str, pairs, *, domain: dict | None = None, points: int = 6) -> Verdict:
        """Decide many identities (an iterable of (label, lhs, rhs)) as one finding: proved if
        all are; otherwise the first one that is not, with its evidence."""
        count, decided, narrow = 0, [], ""
        for label, lhs, rhs in pairs:
            (lhs, rhs), probe_domain, widened = self._widen(sympy.sympify(lhs), sympy.sympify(rhs))
            narrow = narrow or widened
            dec = decide_identity(lhs, rhs, domain={**probe_domain, **(domain or {})}, dps=self.dps,
                                  rng=self.rng, points=points, admissible=self._admissible)
            decided += [lhs, rhs]
            count += 1
            if dec.verdict is not Verdict.PROVED:
                if dec.verdict is Verdict.REFUTED:
                    return self._accept(f"{title}: {label}", dec.detail, dec.witness, dec.values, recheck=dec.recheck,
                                        evaluators=("SymPy evalf", dec.recheck.split(" at ")[0]), independent=True,
                                        domain=_IDENTITY_DOMAIN)
                self.record.findings.append(Finding(dec.verdict, f"{title}: {label}", dec.detail))
                return dec.verdict
        if count == 0:
            self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, "vacuous: no identity was given"))
            return Verdict.INCONCLUSIVE
        self.record.findings.append(self._positive(Verdict.PROVED, title, f"all {count} identities reduce to 0"
                                                   + narrow, *decided))
        return Verdict.PROVED

    def exact(self, title: str, got, expected, *, witness: dict[str, str] | None = None) -> Verdict:
        """Exact comparison of integers, rationals or exact SymPy numbers (no floats, also inside tuples, lists,
        sets and matrices)."""
        for v in (got, expected):
            if _inexact(v):
                raise InternalError(f"{self.claim_id}: ctx.exact({title!r}) got a float; use exact numbers")
        (got, expected), _, widened = self._widen(got, expected)
        if exactly_equal(got, expected):
            self.record.findings.append(self._positive(Verdict.PROVED, title, f"exactly {expected}{widened}",
                                                       got, expected))
            return Verdict.PROVED
        return self._mismatch(title, f"got {got}, expected {expected}", witness)

    def exact_predicate(self, title: str, value: bool, *, detail: str = "",
                        witness: dict[str, str] | None = None) -> Verdict:
        """A predicate the check computed at one instance.

        The engine cannot see how a bool was computed, and a float comparison gives one too
        (`float(2**53) + 1 == float(2**53)` is True), so a true predicate is evidence at that instance (`holds`),
        never a proof, even where the statement has no variables. For an exact argument hand the engine the
        comparison itself, which it decides: `ctx.exact` (equality of exact numbers) or `ctx.sign` (the sign of an
        exact expression). A false predicate is a mismatch: refuted only through the check's replay of `witness`."""
        if not isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
            raise InternalError(f"{self.claim_id}: ctx.exact_predicate({title!r}) needs a bool, got {value!r}")
        if bool(value):
            self.record.findings.append(Finding(
                Verdict.HOLDS, title, (detail + "; " if detail else "") + "a predicate the check computed (the engine "
                "cannot see how: evidence at this instance, not a proof)", scope="instance"))
            return Verdict.HOLDS
        return self._mismatch(title, detail or "fails exactly", witness)

    def sign(self, title: str, expr, expected: str, *, witness: dict[str, str] | None = None) -> Verdict:
        """Decide the sign of `expr` from its symbols' assumptions (SymPy's assumption system).

        `expected` is one of positive, nonnegative, negative, nonpositive. Proved when SymPy
        decides it for every admissible value; otherwise inconclusive (or a re-checked witness).
        """
        if expected not in ("positive", "nonnegative", "negative", "nonpositive"):
            raise InvalidArgument(f"expected must be positive/nonnegative/negative/nonpositive, got {expected!r}")
        (e,), _, widened = self._widen(sympy.sympify(expr))
        decided = None
        # each form built only when the previous ones leave the sign open (factor and expand can be costly)
        for form in (lambda: e, lambda: sympy.factor(e), lambda: sympy.expand(e), lambda: sympy.cancel(sympy.together(e))):
            decided = getattr(form(), f"is_{expected}")
            if decided is not None:
                break
        if decided:
            self.record.findings.append(self._positive(
                Verdict.PROVED, title, f"SymPy's assumptions decide that {sympy.sstr(e)} is {expected}{widened}", e))
            return Verdict.PROVED
        if decided is False:
            return self._mismatch(title, f"SymPy's assumptions decide that {sympy.sstr(e)} is not {expected}", witness)
        self.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"SymPy's assumptions cannot decide whether {sympy.sstr(e)} is {expected}"))
        return Verdict.INCONCLUSIVE

    def no_violation(self, title: str, *, points: int, detail: str) -> Verdict:
        """Report a numeric or adversarial search that found no violation over `points` cases."""
        if points <= 0:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"vacuous: 0 admissible points were examined. {detail}"))
            return Verdict.INCONCLUSIVE
        self.record.findings.append(Finding(Verdict.HOLDS, title, f"{points} points; {detail}"))
        return Verdict.HOLDS

    # -- experiments: predictions with controls, the fidelity table ------------------------------------------
    def controlled(self, predictions, observed) -> list[bool] | None:
        """Run each pre-registered prediction (`symrnn.Prediction`) on its positive control, its negative control
        and then on `observed`; record all three in the evidence. Returns the outcomes on the data, or None when a
        criterion failed its own positive control or passed its negative one: an error of the check, recorded as
        inconclusive with that reason (never evidence about the paper), after which `confirmed` and
        `contradicted` decide nothing."""
        preds = list(predictions)
        records = run_controls(preds, observed)
        self.record.controls.extend(records)
        bad = [c for c in records if not c.sound]
        if bad:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, "error of the check: a criterion does not pass its controls",
                "; ".join(f"{c.prediction}: positive control {c.positive}, negative control {c.negative}"
                          for c in bad) + ". This says nothing about the paper: the criterion cannot tell the "
                "predicted effect from its absence"))
            return None
        return [c.observed == "held" for c in records]

    def predictions(self, title: str, predictions, observed, *, detail: str = "", contradiction: str | None = None,
                    against: bool = False) -> Verdict:
        """The common decision of an experiment: `controlled`, then confirmed when every prediction held, else
        inconclusive naming the failed ones (`contradiction`: the clear opposite outcome, in words; `against`:
        mark it as evidence against the claim)."""
        preds = list(predictions)
        outcome = self.controlled(preds, observed)
        if outcome is None:
            return Verdict.INCONCLUSIVE
        summary = "; ".join(f"{p.text}: {'held' if ok else 'FAILED'}" for p, ok in zip(preds, outcome))
        if all(outcome):
            return self.confirmed(title, predictions=len(preds), detail=f"{summary}. {detail}".strip())
        lead = f"contradicts the prediction: {contradiction}. " if contradiction else "not every prediction held: "
        return self.inconclusive(title, f"{lead}{summary}. {detail}".strip(), against=against)

    def predictions_over(self, title: str, predictions, choices: dict, *, over=("choice",), named=None) -> Verdict | None:
        """An experiment decided over the choices a paper leaves open (issue 20: teacher draws, horizons, step sizes).
        predictions: [symrnn.Prediction] on one choice's observations; choices: {label: observations}; over: the
        names of the open choices the labels combine; named: the same names as the conclusion reads them (default
        `over`). Each prediction is run, with its controls, as 'at every choice' (positive control: its positive
        control at every choice; negative control: the same with the effect absent at one choice), then judged per
        choice (a table). Confirmed when every prediction holds at every choice; otherwise inconclusive: 'depends on
        the choice' where each failed prediction held at some choice, evidence against the paper where one failed
        at every choice in full mode (at the quick size it is not evidence: the tests' size departs from the
        paper's). None when a criterion failed its controls (`controlled`)."""
        from ._experiments import Prediction

        labels = list(choices)
        named = tuple(named or over)
        each, every_named = " and ".join(over), " and ".join(named)
        either = " or ".join(f"the {o}" for o in named)
        every = [Prediction(
            f"{p.text}, at every {each}", (lambda p: lambda obs: all(p.test(o) for o in obs.values()))(p),
            {c: p.positive for c in labels}, {c: (p.negative if j == 0 else p.positive) for j, c in enumerate(labels)},
            f"{p.controls} (at every choice / the same with the effect absent at one choice)") for p in predictions]
        outcome = self.controlled(every, choices)
        if outcome is None:
            return None
        per = {c: [p.test(o) for p in predictions] for c, o in choices.items()}
        self.table(f"{title}: each prediction per {each}", (", ".join(over), *[p.text for p in predictions]),
                   [(c, *["held" if ok else "FAILED" for ok in per[c]]) for c in labels])
        count = [sum(per[c][i] for c in labels) for i in range(len(predictions))]
        detail = "; ".join(f"{p.text}: held at {n} of {len(labels)}" for p, n in zip(predictions, count))
        if all(outcome):
            return self.confirmed(title, predictions=len(predictions), detail=f"at every {each}. {detail}")
        never = [p.text for p, n in zip(predictions, count) if n == 0]
        if never and self.quick:
            return self.inconclusive(title, f"contradicts the prediction at every {every_named} ({'; '.join(never)}"
                                     f") at the quick size (not evidence: the tests' size departs from the paper's). {detail}")
        if never:
            return self.inconclusive(title, f"contradicts the prediction at every {every_named} ({'; '.join(never)}"
                                     f"): evidence against the figure that survives the open choices. {detail}", against=True)
        return self.inconclusive(title, f"depends on {either} ({'choices' if len(over) > 1 else 'a choice'} the paper "
                                 f"leaves open), not "
                                 f"evidence against the paper: {detail}")

    def fidelity(self, rows: dict) -> None:
        """The experiment's set-up beside the paper's, one row per aspect of `symrnn._experiments.ASPECTS` (model,
        sizes, initialisation, loss, optimiser, learning rate, steps, stopping, teacher, metric, plotted): a text
        where ours is the paper's, else (paper, ours, reason for the departure)."""
        self.record.fidelity = fidelity_rows(rows)

    def _uncontrolled(self, predictions: int) -> str | None:
        """Why `predictions` outcomes cannot be read as evidence yet (None: they can)."""
        if any(not c.sound for c in self.record.controls):
            return "a criterion of this check failed its controls (an error of the check, not evidence)"
        if not self.record.fidelity:
            return ("no fidelity table (ctx.fidelity): an outcome is read against the paper only beside the paper's "
                    "set-up")
        ran = sum(1 for c in self.record.controls if c.sound)
        if ran < predictions:
            return (f"{predictions} prediction(s) reported but {ran} ran with their positive and negative controls "
                    "(ctx.controlled): an uncontrolled criterion is not evidence")
        return None

    def confirmed(self, title: str, *, predictions: int, detail: str) -> Verdict:
        """Report a training experiment (empirical layer) whose `predictions` pre-registered predictions all held
        within their stated tolerances. Evidence, never a proof. Each prediction must have run through
        `controlled` (or `predictions`) with both controls behaving, and the check must have recorded its fidelity
        table (`fidelity`); otherwise the check is inconclusive."""
        if predictions <= 0:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"vacuous: no prediction was tested. {detail}"))
            return Verdict.INCONCLUSIVE
        why = self._uncontrolled(predictions)
        if why is not None:
            return self.inconclusive(title, f"not confirmed: {why}. {detail}")
        held = sum(1 for c in self.record.controls if c.sound and c.observed == "held")
        if held < predictions:
            return self.inconclusive(title, f"not confirmed: {predictions} prediction(s) reported as held, {held} "
                                            f"held under their controls. {detail}")
        self.record.findings.append(Finding(
            Verdict.CONFIRMED, title, f"{predictions} predictions, each passing its positive control and failing its "
                                      f"negative control; {detail}"))
        return Verdict.CONFIRMED

    def contradicted(self, title: str, *, predictions: int, detail: str, rerun: Callable[[], tuple[bool, str]] | None = None,
                     witness: dict[str, str] | None = None) -> Verdict:
        """A training experiment (empirical layer) whose outcome is clearly the opposite of `predictions`
        pre-registered predictions. `rerun()` repeats it independently (fresh seeds, another precision or
        device) and returns (still contradicted, detail): only when it agrees is the claim refuted, with
        `witness` (the run's settings) as the witness; otherwise it is evidence against. The predictions must
        have run through `controlled` with both controls behaving; otherwise the check is inconclusive."""
        if predictions <= 0:
            raise InvalidArgument("contradicted needs the number of pre-registered predictions that failed (>= 1)")
        why = self._uncontrolled(predictions)
        if why is not None:
            return self.inconclusive(title, f"not decided: {why}. {detail}")
        if rerun is None:
            return self.inconclusive(title, f"contradicted ({predictions} prediction(s)), not re-run: {detail}",
                                     against=True)
        again, why = rerun()
        if not again:
            return self.inconclusive(title, f"contradicted in the first run ({detail}) but not in the independent "
                                            f"re-run ({why})", against=True)
        return self._accept(title, f"{predictions} pre-registered prediction(s) contradicted: {detail}",
                            witness or {}, {}, recheck=f"independent re-run: {why}",
                            evaluators=("training run", "independent re-run"), independent=True)

    def inconclusive(self, title: str, reason: str, *, against: bool = False) -> Verdict:
        """Not decided. `against=True` marks evidence against the claim that is not a refutation (a
        ratio growing on certified values, an experiment contradicting its prediction): the report
        lists it among the findings."""
        self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, reason, against=against))
        return Verdict.INCONCLUSIVE

    def refute(self, title: str, params: dict[str, str], *, certificate: str,
               irrelevant: tuple[str, ...] = ()) -> Verdict:
        """Propose a witness; it counts only if `replay` confirms it at dps and at 2*dps."""
        return self._mismatch(title, certificate, params, irrelevant=irrelevant)

    def _mismatch(self, title: str, detail: str, witness: dict[str, str] | None,
                  irrelevant: tuple[str, ...] = ()) -> Verdict:
        if self._replay is None:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title,
                f"{detail}; no independent re-check is declared for this check, so this is not called a refutation"))
            return Verdict.INCONCLUSIVE
        if witness is None:
            # the check can replay witnesses, but this mismatch (a limit, a property of a family) names none
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title,
                f"{detail}; no witness was given for this mismatch to replay, so it is not called a refutation"))
            return Verdict.INCONCLUSIVE
        params = {k: str(v) for k, v in witness.items()}
        first = self._call(self._replay, params, self.dps)
        if self._recheck is not None:
            second, independent = self._call(self._recheck, params, 2 * self.dps), True
        elif self._strict:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"{detail}; this paper is strict and the check declares no independent "
                                             "recheck=, so the witness is not called a refutation"))
            return Verdict.INCONCLUSIVE
        else:
            second, independent = self._call(self._replay, params, 2 * self.dps), False
        if not (first["violated"] and second["violated"]):
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"candidate witness {params} did not survive the re-check ({detail})"))
            return Verdict.INCONCLUSIVE
        names = self._evaluators
        found_by = f"{names[0] or 'replay'} at dps={self.dps}"
        checked_by = f"{names[1] or 'recheck'} at dps={2 * self.dps}" if independent else \
            f"{names[0] or 'replay'} again at dps={2 * self.dps} (the same evaluator: not independent)"
        values = {k: str(v) for k, v in second.get("values", first.get("values", {})).items()}
        return self._accept(title, detail, params, values, irrelevant=irrelevant,
                            recheck=f"found by {found_by}; re-checked by {checked_by}: violated both times",
                            evaluators=(found_by, checked_by), independent=independent)

    def _call(self, fn: Callable, params: dict[str, str], dps: int) -> dict:
        """Call a replay/recheck, handing it the printed formulas when it takes them."""
        out = fn(dict(params), dps, self.printed) if _takes_printed(fn) else fn(dict(params), dps)
        if not isinstance(out, dict) or "violated" not in out:
            raise InternalError(f"{self.claim_id}:{self.check_name}: replay must return a dict with 'violated'")
        return out

    def _accept(self, title: str, detail: str, params: dict, values: dict, *, recheck: str,
                evaluators: tuple[str, ...], independent: bool, irrelevant: tuple[str, ...] = (),
                domain: tuple[str, str, str, str] | None = None) -> Verdict:
        """A re-checked witness becomes a refutation only where every declared hypothesis holds at it.

        `domain`: the witness was drawn inside a domain the check declared as code (the SymPy assumptions
        of the symbols and an explicit domain, or a box); it is listed with the verified hypotheses."""
        params = {str(k): str(v) for k, v in params.items()}
        foreign = [k for k in params if self._variables and k not in irrelevant
                   and owner_of(k, self._variables, witness=True) is None]
        if foreign:
            # a counterexample is a point of the statement's own variables (not a dummy of a proof's construction)
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title,
                f"{detail}; the witness names {', '.join(foreign)}, which the statement does not quantify over "
                f"(its variables: {', '.join(self._variables)}), so it is no counterexample to the statement"))
            return Verdict.INCONCLUSIVE
        outside = self._outside_domain(params)
        if outside:
            # the declared domain is a hypothesis too: a point outside it (an excluded end of an open interval, a
            # non-integer where integers are quantified) is no counterexample
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"{detail}; the witness lies outside the declared domain ({outside}), so "
                                             "it is no counterexample to the statement"))
            return Verdict.INCONCLUSIVE
        if self._strict and self._needs_hypotheses and not self._hypotheses and domain is None:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title,
                f"{detail}; the statement has assumptions but none is declared as code for this check "
                "(claim.hypothesis), so the witness is not called a refutation"))
            return Verdict.INCONCLUSIVE
        verified = []
        for h in self._hypotheses:
            try:
                out = h.test(dict(params), self.printed) if _takes_printed_2(h.test) else h.test(dict(params))
            except Exception as exc:  # noqa: BLE001 - an undecidable hypothesis blocks the refutation
                self.record.findings.append(Finding(
                    Verdict.INCONCLUSIVE, title,
                    f"{detail}; hypothesis '{h.name}' could not be decided at the witness "
                    f"({type(exc).__name__}: {exc}), so it is not called a refutation"))
                return Verdict.INCONCLUSIVE
            ok, why = out if isinstance(out, tuple) else (out, "")
            if not isinstance(ok, (bool, sympy.logic.boolalg.BooleanAtom)):
                raise InternalError(f"{self.claim_id}: hypothesis {h.name!r} returned {ok!r}, not a bool "
                                    "(decide it exactly or certified)")
            if not bool(ok):
                self.record.findings.append(Finding(
                    Verdict.INCONCLUSIVE, title,
                    f"{detail}; the witness {params} violates the hypothesis '{h.name}' ({h.text})"
                    + (f": {why}" if why else "") + ", so it is no counterexample"))
                return Verdict.INCONCLUSIVE
            verified.append((h.name, h.text, h.how, str(why) or "holds"))
        if domain is not None:
            verified.append(domain)
        if any(w.params == params for w in self.record.witnesses):     # the same witness found again (another size)
            self.record.findings.append(Finding(Verdict.REFUTED, title, detail))
            return Verdict.REFUTED
        self.record.witnesses.append(Witness(
            params=params, values={str(k): str(v) for k, v in values.items()}, certificate=detail, recheck=recheck,
            replay=self._replay_hint(params), irrelevant=tuple(irrelevant), hypotheses=tuple(verified),
            evaluators=tuple(evaluators), independent=independent))
        self.record.findings.append(Finding(Verdict.REFUTED, title, detail))
        return Verdict.REFUTED

    def _outside_domain(self, params: dict[str, str]) -> str:
        """The witness values outside their variable's declared domain, described ("" when none is known to be)."""
        from ._values import parse_value

        out = []
        for key, text in params.items():
            owner = owner_of(key, self._variables, witness=True)
            dom = None if owner is None else self._variables[owner]
            if dom is None or dom.kind == "given":
                continue
            try:
                value = parse_value(text, name=key, free=False)
            except Exception:  # noqa: BLE001 - not a number: the hypotheses decide it
                continue
            if not isinstance(value, tuple) and dom.contains(value) is False:
                out.append(f"{key} = {text} is not in {dom.describe()}")
        out += self._outside_relations(params)
        return "; ".join(out)

    def _outside_relations(self, params: dict[str, str]) -> list[str]:
        """The declared relations (claim relations=) that the witness's values decide false, exactly (SymPy)."""
        from ._values import parse_value

        out = []
        for rel in self._relations:
            subs = {}
            for sym in rel.free_symbols:
                if sym.name not in params:
                    break
                try:
                    value = parse_value(params[sym.name], name=sym.name, free=False)
                except Exception:  # noqa: BLE001 - not a number: the relation is not decided here
                    break
                if isinstance(value, tuple):
                    break
                subs[sym] = value
            else:
                try:
                    holds = sympy.simplify(rel.xreplace(subs))
                except (TypeError, ValueError):
                    continue
                if holds is sympy.false:
                    out.append(f"the declared relation {sympy.sstr(rel)} fails there")
        return out

    def _admissible(self, point: dict[str, str]) -> bool:
        """Whether every declared hypothesis holds at a probe point (an identity is probed only there, so a
        witness is never thrown away for breaking one); a hypothesis that cannot be decided there excludes it."""
        for h in self._hypotheses:
            try:
                out = h.test(dict(point), self.printed) if _takes_printed_2(h.test) else h.test(dict(point))
            except Exception:  # noqa: BLE001 - undecidable at this point: try another
                return False
            if not bool(out[0] if isinstance(out, tuple) else out):
                return False
        return True

    def _replay_hint(self, params: dict[str, str]) -> str:
        import shlex

        path = f" --path {shlex.quote(self._replay_path)}" if self._replay_path else ""
        if self._replay is None:  # no witness evaluator: the deterministic check re-runs and re-finds it
            return f"symrnn replay {self.claim_id} {self.check_name}{path}"
        # shell-quoted, so that the printed command pastes back as printed (a value with spaces or '*')
        args = " ".join(shlex.quote(f"{k}={v}") for k, v in params.items())
        return f"symrnn replay {self.claim_id} {self.check_name} {args}{path}".strip()

    # -- sums over symbolic index ranges ----------------------------------------------------
    def index_identity(self, title: str, lhs, rhs, *, free: dict, distinct=(), equal=(), sizes: dict,
                       wrt=()) -> Verdict:
        """Decide lhs == rhs for every size, where both sides are polynomials in sums sum_{i=1}^{m} over symbolic
        ranges (m, m*) of summands in indexed families at summed and free indices (`free`: {index: its upper
        limit}, e.g. {k: m}; `distinct` / `equal`: pairs of free indices the statement keeps apart / together).
        Each summed index is split into its coincidence cases (equal to a free index, to another summed index, or
        to none) and each free-index case (k = l, k != l); every case's summand identity is decided in generic
        symbols by SymPy. Proved, general in the ranges, the free indices and every family, when every case
        vanishes; the sums unrolled at `sizes` ({m: [1, 2, 3], ...}) are a sanity pass, where an instance that
        fails refutes (witness: the sizes, the indices and the entries). With `wrt=(a[k], w[l])`, `lhs` is a function
        (a loss at symbolic sizes) that the engine differentiates first; the argument is then general in every symbol
        of that function too. See `symrnn/_index_locality.py`."""
        from ._index_locality import index_identity
        return index_identity(self, title, lhs, rhs, free=free, distinct=distinct, equal=equal, sizes=sizes, wrt=wrt)

    def blockwise(self, title: str, summand, rhs, *, index, size, coefficient, rate, blocks,
                  partition: str = "P") -> Verdict:
        """Decide sum_{index=1}^{size} summand == rhs at every point where `rate` is constant on each block of a
        partition of 1..size and `coefficient` has a prescribed sum over each block, for every size and partition.
        `blocks` lists every kind of block as (count, block index, rate on the block, coefficient sum), e.g.
        [(m_s, j, w_s[j], a_s[j]), (i0, r, v[r], 0)]: m* blocks I_j and i0 blocks I_{0,r}. The summand must be
        coefficient[index] times a function of rate[index] (and of symbols constant in index); the sum is then
        regrouped block by block (a fact of finite sums, stated in the finding) and the block sums are compared
        with rhs in SymPy. Proved, general in size, the counts, the partition and every symbol, when they agree;
        inconclusive when the summand has another form or SymPy cannot reduce the difference (never a refutation:
        the instances of a partition are for ctx.identities). See symrnn/_blockwise.py."""
        from ._blockwise import blockwise
        return blockwise(self, title, summand, rhs, index=index, size=size, coefficient=coefficient, rate=rate,
                         blocks=blocks, partition=partition)

    # -- induction -------------------------------------------------------------------------
    def induction(self, title: str, lhs, rhs, n, *, start: int = 1, search: int = 30) -> Verdict:
        """Decide lhs(n) == rhs(n) for every integer n >= start by induction: the base case exactly, and the
        step lhs(n+1) - lhs(n) == rhs(n+1) - rhs(n) as an identity in n (SymPy). Proved, and general in n,
        when both close. When the step does not close, the statement itself is evaluated exactly at
        n = start, ..., start + search: a value where it fails refutes it (witness n, re-checked at 60 digits by
        SymPy's evalf); a failing step where the statement holds is a gap in the argument, never a witness."""
        lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
        if not isinstance(n, sympy.Symbol):
            raise InvalidArgument(f"{self.claim_id}: ctx.induction needs the index as a SymPy symbol, got {n!r}")
        k = sympy.Dummy("k", integer=True)
        at = lambda e, v: sympy.simplify(e.xreplace({n: v}).doit())  # noqa: E731

        def fails(v):
            diff = at(lhs, v) - at(rhs, v)
            if diff.free_symbols:
                return None
            return not exactly_equal(diff, 0)
        base_fails = fails(sympy.Integer(start))
        step = (lhs.xreplace({n: k + 1}) - lhs.xreplace({n: k})) - (rhs.xreplace({n: k + 1}) - rhs.xreplace({n: k}))
        step_ok = False
        for form in (lambda e: sympy.expand(e.doit()), lambda e: sympy.simplify(e.doit()),
                     lambda e: sympy.simplify(sympy.expand_func(sympy.combsimp(e.doit())))):
            try:
                if form(step) == 0:
                    step_ok = True
                    break
            except Exception:  # noqa: BLE001 - a form that fails is just not used
                continue
        if base_fails is False and step_ok:
            self.record.findings.append(Finding(
                Verdict.PROVED, title, f"induction on {n} from {start}: the base case holds exactly and the step "
                                       f"lhs({n}+1) - lhs({n}) = rhs({n}+1) - rhs({n}) reduces to 0",
                scope="general", over=tuple(sorted(_names(lhs) | _names(rhs) | {str(n)}))))
            return Verdict.PROVED
        for v in range(start, start + search + 1):
            if fails(sympy.Integer(v)):
                diff = sympy.N(at(lhs, v) - at(rhs, v), 60)
                if self._replay is not None:      # the check's own evaluators re-check the witness
                    return self._mismatch(title, f"the statement fails at {n} = {v}: lhs - rhs = {sympy.N(diff, 15)}",
                                          {str(n): str(v)})
                return self._accept(title, f"the statement fails at {n} = {v}: lhs - rhs = {sympy.N(diff, 15)}",
                                    {str(n): str(v)}, {"lhs - rhs": sympy.N(diff, 20)},
                                    recheck=f"SymPy evalf at 60 digits gives lhs - rhs = {sympy.N(diff, 15)}",
                                    evaluators=("SymPy exact", "SymPy evalf at 60 digits"), independent=False,
                                    domain=("index", f"{n} is an integer >= {start}", "exact", f"{n} = {v}"))
        why = "the base case does not reduce to a number" if base_fails is None else \
            "the induction step does not reduce to 0" if not step_ok else "undecided"
        self.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"{why}; the statement holds exactly at {n} = {start}..{start + search}, so "
                                         "a failing step is a gap in this argument, not a counterexample"))
        return Verdict.INCONCLUSIVE

    def recurrence(self, title: str, closed, step: Callable, n, *, start: int = 1, base=None) -> Verdict:
        """Decide that the closed form `closed` (an expression in the integer n, with sums and products over
        ranges affine in n) is the sequence a_n = step(a_{n-1}, n), a_start = base, for every integer n >= start:
        by induction, with the base case exact and the step S(n) = step(S(n-1), n) decided for symbolic n (the
        moving sums and products split at their ends, the rest regrouped by linearity; SymPy). Proved, general in n
        and every symbol and family of the closed form, when both close; inconclusive otherwise (never a refutation:
        the closed form's instances are for ctx.identities). The recursion itself (that the sequence of the
        statement satisfies it) is the check's to prove, e.g. with ctx.identity in an undefined function. See
        symrnn/_recurrence.py."""
        from ._recurrence import recurrence
        return recurrence(self, title, closed, step, n, start=start, base=base)

    # -- certified -------------------------------------------------------------------------
    @_scoped_over_box
    def certify(self, title: str, expr, box: dict, *, strict: bool = False, max_boxes: int = 20000,
                seconds: float = 60.0) -> Verdict:
        """Decide `expr >= 0` (`> 0` with strict) over the whole compact `box` ({symbol: (lo, hi)},
        exact bounds) by Arb branch and bound (`sr.numeric.certify_inequality`), the neighbourhoods of points
        where expr = 0 exactly closed by exact local arguments (not with strict). A symbol created with
        `integer=True` takes integer values only: the certificate over the real box covers them, and a
        counterexample between integers is replaced by a violating integer neighbour, or is no witness.

        certified: every box closed (the number of boxes and the smallest certified lower bound
        are the evidence); refuted: a point where it fails, found in Arb balls and re-checked by
        SymPy at twice the precision, that satisfies the declared hypotheses; inconclusive: the
        budget ran out (the worst open box is reported).
        """
        import dataclasses

        from .numeric._branch_bound import certify_inequality

        expr = sympy.sympify(expr)
        cert = certify_inequality(expr, box, strict=strict, max_boxes=max_boxes, seconds=seconds, dps=self.dps)
        if cert.certified:
            self.record.findings.append(Finding(Verdict.CERTIFIED, title, cert.describe()))
            return Verdict.CERTIFIED
        if cert.status == "counterexample":
            point = {s: sympy.Rational(v) for s, v in cert.counterexample.items()}
            # an integer variable (a symbol with integer=True) takes only integer values: a point between integers
            # is no witness; its integer neighbours in the box are tried instead (exactly)
            ints = {str(k): tuple(sympy.sympify(b) for b in v) for k, v in box.items()
                    if getattr(k, "is_integer", False) and not point[str(k)].is_integer}
            if ints:
                import itertools

                options = [[sympy.floor(point[k]), sympy.ceiling(point[k])] for k in ints]
                found = None
                from .numeric._arb import compile_arb, precision, to_arb

                free = sorted(expr.free_symbols, key=str)
                for combo in itertools.product(*options):
                    pt = {**point, **dict(zip(ints, combo))}
                    if not all(lo <= pt[k] <= hi for k, (lo, hi) in ints.items()):
                        continue
                    with precision(cert.bits):       # the finder's evaluator (Arb balls) at the integer point
                        try:
                            val = compile_arb(expr, free)(*[to_arb(pt[str(sym)]) for sym in free])
                        except InvalidArgument:
                            continue
                        if val.is_finite() and (val <= 0 if strict else val < 0):
                            found = pt, val.str(15)
                            break
                if found is None:
                    self.record.findings.append(Finding(
                        Verdict.INCONCLUSIVE, title, f"{cert.describe()}; {', '.join(ints)} must be an integer there "
                                                     "and the neighbouring integer points do not violate it: no witness"))
                    return Verdict.INCONCLUSIVE
                point = found[0]
                cert = dataclasses.replace(cert, counterexample={k: str(v) for k, v in point.items()},
                                           value=f"{found[1]} (at the integer neighbour of a point between integers)")
            subs = {sym: point[str(sym)] for sym in expr.free_symbols}
            again = sympy.N(expr.xreplace(subs), 2 * self.dps)
            fails = bool(again <= 0) if strict else bool(again < 0)
            if not fails:
                self.record.findings.append(Finding(
                    Verdict.INCONCLUSIVE, title, f"{cert.describe()}; SymPy at dps={2 * self.dps} gives {again}: "
                                                 "not confirmed"))
                return Verdict.INCONCLUSIVE
            return self._accept(title, cert.describe(), cert.counterexample, {"value": sympy.N(again, 20)},
                                recheck=f"SymPy evalf at dps={2 * self.dps} gives {sympy.N(again, 20)}",
                                evaluators=(f"Arb balls ({cert.bits} bits), branch and bound",
                                            f"SymPy evalf at dps={2 * self.dps}"), independent=True,
                                domain=("box", "the box of the statement", "exact", "the point lies in the box"))
        self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, cert.describe()))
        return Verdict.INCONCLUSIVE

    @_scoped_over_box
    def definite(self, title: str, matrix, *, sign: str = "positive", witness: dict[str, str] | None = None) -> Verdict:
        """Certify that a symmetric matrix is positive (negative) definite: exact LDL^T for rational
        entries, Arb eigenvalue enclosures at rising precision otherwise. A matrix certainly not
        definite goes through `refute` (with `witness`); an undecided one is inconclusive."""
        from .numeric._linalg import certify_definite

        d = certify_definite(matrix, sign=sign, dps=self.dps)
        if d.decided and d.definite:
            self.record.findings.append(Finding(Verdict.CERTIFIED, title, f"{sign} definite: {d.method}; {d.detail}"))
            return Verdict.CERTIFIED
        if d.decided:
            return self._mismatch(title, f"not {sign} definite: {d.method}; {d.detail}", witness)
        self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, f"{d.method}: {d.detail}"))
        return Verdict.INCONCLUSIVE

    @_scoped_over_box
    def inequality(self, title: str, lhs, rhs, domain: dict, *, strict: bool = False, max_boxes: int = 20000,
                   seconds: float = 60.0, design: int | None = None, integers=()) -> Verdict:
        """Decide the printed inequality `lhs <= rhs` (`<` with strict) over `domain` = {symbol: (lo, hi)},
        bounds exact numbers or +-oo (finite bounds belong to the domain), doing what a careful referee would:

        Integer variables: the symbols created with `integer=True`, and those named in `integers`, range
        over the integers of their interval; every search point and every witness is then an integer there.

        1. exact (`sr.symbolic` `prove_inequality`), on every domain: SymPy on all of R^n (assumptions,
           factor, a quadratic's Gram matrix), then on pieces covering the closed domain (bounded
           coordinates x = (lo + hi p)/(1 + p) plus the face x = hi, half-lines lo + p, cuts where an
           absolute value changes sign; SymPy's assumptions or a Polya argument: nonnegative coefficients
           in the p's), integer variables by residues modulo a period or, on a finite range, exhaustively
           -> proved;
        2. a compact box: Arb branch and bound, with the neighbourhoods of points where the two sides
           touch closed by exact local arguments -> certified, or a counterexample;
        3. otherwise an adversarial search (random design, Nelder-Mead, Hypothesis) at the check's
           precision (mpmath at ctx.dps, whatever the global precision is); a point where rhs - lhs is not
           real lies outside the expression's real domain: it is excluded, and the finding says how many;
        a violation becomes the smallest exact rational (integer) point that still violates it, is
        re-checked in Arb balls (another evaluator) and SymPy, and must satisfy the claim's declared hypotheses.
        """
        from .symbolic._inequality_proof import prove_inequality

        lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
        gap = rhs - lhs                                         # the claim: gap >= 0 (> 0 strict)
        syms = sorted(gap.free_symbols, key=str)
        spec = {str(k): v for k, v in domain.items()}
        missing = [str(x) for x in syms if str(x) not in spec]
        if missing:
            raise InvalidArgument(f"inequality {title!r}: no domain for {missing}")
        bounds = {x: tuple(sympy.sympify(b) for b in spec[str(x)]) for x in syms}
        declared = {str(s) for s in integers}
        ints = {str(x) for x in syms if x.is_integer or str(x) in declared}
        on_integers = f" ({', '.join(sorted(ints))} integer)" if ints else ""
        # 1. exact, on every domain
        exact = prove_inequality(gap, bounds, strict=strict, integers=[x for x in syms if str(x) in ints],
                                 seconds=min(20.0, seconds / 3))
        if exact.proved:
            self.record.findings.append(Finding(Verdict.PROVED, title, exact.describe() + on_integers))
            return Verdict.PROVED
        point, found_by = exact.counterexample, "SymPy, exact value at a point of the exact route"
        # 2. compact: certified branch and bound (over the real box: it contains the integer points)
        if point is None and all(lo.is_finite and hi.is_finite for lo, hi in bounds.values()):
            if not ints:
                return self.certify(title, gap, {x: bounds[x] for x in syms}, strict=strict, max_boxes=max_boxes,
                                    seconds=seconds)
            from .numeric._branch_bound import certify_inequality

            cert = certify_inequality(gap, {x: bounds[x] for x in syms}, strict=strict, max_boxes=max_boxes,
                                      seconds=seconds / 2, dps=self.dps)
            if cert.certified:
                self.record.findings.append(Finding(
                    Verdict.CERTIFIED, title, cert.describe() + f"; the real box contains every point of the "
                                                                f"domain{on_integers}"))
                return Verdict.CERTIFIED
            # not certified on the real box: search the integer points (a real counterexample is no witness)
        if point is None:       # 3. adversarial search at the check's precision, on the integers for integer variables
            verdict, point, found_by = self._search_inequality(title, gap, syms, bounds, ints, strict, design, on_integers)
            if verdict is not None:
                return verdict
        from .numeric._arb import bits_for, compile_arb, precision, to_arb

        with precision(bits_for(2 * self.dps)):
            try:
                ball = compile_arb(gap, syms)(*[to_arb(sympy.sympify(point[str(x)])) for x in syms])
                confirmed = bool(ball.is_finite() and (ball <= 0 if strict else ball < 0))
            except InvalidArgument as exc:
                self.record.findings.append(Finding(
                    Verdict.INCONCLUSIVE, title, f"the violation at {point} cannot be re-checked in Arb balls ({exc})"))
                return Verdict.INCONCLUSIVE
        if not confirmed:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"the violation at {point} is not confirmed in Arb balls ({ball.str(10)})"))
            return Verdict.INCONCLUSIVE
        return self._accept(title, f"rhs - lhs = {ball.str(15)} < 0 at the witness" if not strict else
                            f"rhs - lhs = {ball.str(15)} <= 0 at the witness", point, {"rhs - lhs": ball.str(20)},
                            recheck=f"Arb balls at {bits_for(2 * self.dps)} bits give {ball.str(15)}",
                            evaluators=(found_by, "Arb balls"), independent=True,
                            domain=("domain", f"the domain of the statement{on_integers}", "exact",
                                    "the point lies in the declared domain"))

    def _search_inequality(self, title, gap, syms, bounds, ints, strict, design, on_integers):
        """`inequality`'s adversarial search: (a verdict, None, None) when it ends the check, else
        (None, the simplest exact violating point, the evaluator that found it)."""
        from .numeric._inequality import Variable, real_value, search_inequality, simplest_violation
        from .numeric._precision import context

        mctx = context(self.dps)
        f = sympy.lambdify(syms, gap, modules=[mctx, "mpmath"])
        space, int_range = {}, {}
        for x, (lo, hi) in bounds.items():
            lo_f = float(lo) if lo.is_finite else -1e6
            hi_f = float(hi) if hi.is_finite else (max(lo_f, 0) + 1) * 1e6
            if str(x) in ints:
                int_range[str(x)] = (int(sympy.ceiling(lo_f)), int(sympy.floor(hi_f)))
                if int_range[str(x)][0] > int_range[str(x)][1]:
                    self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title,
                                                        f"vacuous: no integer {x} in [{lo}, {hi}]"))
                    return Verdict.INCONCLUSIVE, None, None
                hi_f = max(hi_f, lo_f + 1)
            positive = lo_f >= 0
            space[str(x)] = Variable(max(lo_f, 1e-12) if positive else lo_f, hi_f,
                                     log=positive and hi_f / max(lo_f, 1e-12) > 1e3)

        def snap(point):           # integer variables at integers of their range
            out = dict(point)
            for k, (a, b) in int_range.items():
                out[k] = float(min(max(round(point[k]), a), b))
            return out

        not_real = []
        # the claim's declared inequality relations (|w - w0| <= rho / sqrt(m)) among the searched variables: a point
        # breaking one is no point of the statement, so the search does not spend itself there (an equality
        # relation has no interior to draw from: its points stay in and a witness breaking it is rejected later)
        names = {str(x) for x in syms}
        relations = [(rel, [str(v) for v in sorted(rel.free_symbols, key=str)])
                     for rel in self._relations if isinstance(rel, sympy.core.relational._Inequality)
                     and {str(v) for v in rel.free_symbols} <= names]
        relations = [(rel, vs, sympy.lambdify(sorted(rel.free_symbols, key=str), rel, modules="mpmath"))
                     for rel, vs in relations]
        outside = []

        def margin(point):
            point = snap(point)
            for rel, vs, holds in relations:
                try:
                    inside = bool(holds(*[mctx.mpf(point[v]) for v in vs]))
                except (TypeError, ValueError, ZeroDivisionError):
                    inside = False
                if not inside:
                    outside.append(point)
                    raise ValueError("outside a declared relation")
            value = real_value(f(*[mctx.mpf(point[str(x)]) for x in syms]), digits=self.dps)
            if value is None:      # outside the real domain of rhs - lhs: not a point of the statement
                not_real.append(point)
                raise ValueError("rhs - lhs is not real here")
            return float(value)
        res = search_inequality(margin, space, seed=self.seed, design=design or (60 if self.quick else 300))
        excluded = (f"; {len(not_real)} of the {res.evaluations} search points lie outside the real domain of "
                    f"rhs - lhs (a complex value there, e.g. at {dict(not_real[0])}) and were excluded"
                    if not_real else "")
        if outside:
            excluded += (f"; {len(outside)} of the {res.evaluations} search points break a declared relation ("
                         + ", ".join(sympy.sstr(r) for r, _, _ in relations) + ") and were excluded")
        searched = res.evaluations - len(not_real) - len(outside)
        worst = snap(res.worst_point) if res.worst_point else {}
        bad = res.candidate is not None and (res.worst_margin <= 0 if strict else res.worst_margin < 0)
        if not bad and searched < 10:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"the search found only {searched} points of the statement's domain"
                                             f"{excluded}: too few to say anything"))
            return Verdict.INCONCLUSIVE, None, None
        if not bad:
            where = f" at {', '.join(f'{k}={v:.6g}' for k, v in worst.items())}" if worst else ""
            return self.no_violation(title, points=searched,
                                     detail=f"smallest margin {res.worst_margin:.6g}{where} over {res.evaluations} "
                                            f"evaluations (mpmath at dps={self.dps}){on_integers}{excluded}"), None, None
        base = {str(x): (float(lo) if lo.is_finite else (0.0 if hi >= 0 else float(hi)))
                for x, (lo, hi) in bounds.items()}
        point = simplest_violation(gap, syms, worst, strict, base=base, integers=ints,
                                   bounds={str(x): b for x, b in bounds.items()})
        if point is None:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"candidate violation {res.describe()} did not survive exact rational "
                                             f"re-evaluation{excluded}"))
            return Verdict.INCONCLUSIVE, None, None
        return None, point, f"mpmath search at dps={self.dps} + SymPy exact"

    # -- asymptotics -------------------------------------------------------------------------
    def asymptotic(self, title: str, ratio: Callable, sequence, *, plot: str | None = None, xlabel: str = "",
                   **trend) -> Verdict:
        """A `lesssim` / O(.) claim along a sequence toward its limit, read from the trend of lhs/rhs
        (`sr.numeric.ratio_trend`, whose arguments `tail`, `flat`, `rise`, `q_max`, `digits` pass
        through `**trend`). A bounded ratio holds (evidence, not proof); a growing one is evidence
        against the claim, listed among the findings (inconclusive: only a proof of divergence refutes).

        Arguments:
            title: what is claimed, in words (the finding's title).
            ratio: `ratio(mp, p)`: lhs/rhs at the point `p` of `sequence`, computed in the mpmath
                context `mp` it receives (at the check's dps and at twice that); a positive number.
            sequence: the points toward the limit, in order.
            plot: a file name (without folder) for a log-scale plot of the ratios, or None.
            xlabel: the plot's x-axis label.
        Returns:
            The verdict recorded: HOLDS (bounded) or INCONCLUSIVE (growing or undecided)."""
        from .numeric._asymptotic import ratio_trend

        tr = ratio_trend(ratio, sequence, dps=self.dps, **trend)
        if plot:
            self.plot(plot, f"{title}: lhs/rhs along the sequence", xlabel=xlabel or "parameter", ylabel="ratio",
                      lines=[("lhs/rhs", tr.params, tr.ratios)], logy=True)
        if tr.trend == "bounded":
            return self.no_violation(title, points=len(tr.ratios), detail=tr.describe())
        if tr.trend == "growing":
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"evidence against: {tr.describe()}; finitely many points do not "
                                             "prove divergence", against=True))
            return Verdict.INCONCLUSIVE
        self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, tr.describe()))
        return Verdict.INCONCLUSIVE

    # -- adversarial search --------------------------------------------------------------
    def search(self, strategy, violates: Callable[[Any], bool], *, examples: int = 200):
        """Hypothesis search for an input with `violates(x)` true; returns the shrunk example
        or None. Deterministic (derandomized, no example database)."""
        import hypothesis
        from hypothesis.errors import NoSuchExample

        if examples < 1:
            raise InvalidArgument(f"examples must be >= 1, got {examples}")
        settings = hypothesis.settings(
            max_examples=examples, derandomize=True, database=None, deadline=None,
            suppress_health_check=list(hypothesis.HealthCheck),
            phases=(hypothesis.Phase.explicit, hypothesis.Phase.generate, hypothesis.Phase.shrink))  # no "explain"
        try:
            return hypothesis.find(strategy, violates, settings=settings)
        except NoSuchExample:
            return None
