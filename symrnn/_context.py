"""The object a check function receives: it records findings, steps, tables and witnesses.

Every positive finding comes from a method that decides something (an exact comparison, a
simplification to zero, a search that found no violation); there is no way to record
"proved" by hand. A refutation is accepted only after the check's `replay` re-evaluates the
witness at the check's precision and again at twice that precision (G3).
"""

from __future__ import annotations

import random
from typing import Any, Callable

import sympy

from ._errors import InternalError, InvalidArgument
from ._evidence import Finding, Plot, Recorder, Step, Table, Witness
from ._verdict import Verdict
from .symbolic._identities import IdentityDecision, decide_identity


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
                 printed: dict[str, Any], replay: Callable | None, quick: bool = False):
        self.claim_id = claim_id
        self.check_name = check_name
        self.dps = dps
        self.seed = seed
        self.rng = random.Random(f"{seed}:{claim_id}:{check_name}")
        self.printed = printed
        self.quick = quick
        self._replay = replay
        self.record = Recorder()

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

    # -- deciding ------------------------------------------------------------------------
    def identity(self, title: str, lhs, rhs, *, domain: dict | None = None, points: int = 12) -> Verdict:
        """Decide lhs == rhs: proved if SymPy reduces the difference to 0; otherwise evaluate
        at random admissible points: a re-verified nonzero difference refutes, agreement is
        only inconclusive (never "proved")."""
        dec: IdentityDecision = decide_identity(
            sympy.sympify(lhs), sympy.sympify(rhs), domain=domain or {}, dps=self.dps,
            rng=self.rng, points=points)
        if dec.verdict is Verdict.REFUTED:
            w = Witness(params=dec.witness, values=dec.values, certificate=dec.detail,
                        recheck=dec.recheck, replay=self._replay_hint(dec.witness))
            self.record.witnesses.append(w)
        self.record.findings.append(Finding(dec.verdict, title, dec.detail))
        return dec.verdict

    def identities(self, title: str, pairs, *, domain: dict | None = None, points: int = 6) -> Verdict:
        """Decide many identities (an iterable of (label, lhs, rhs)) as one finding: proved if
        all are; otherwise the first one that is not, with its evidence."""
        count = 0
        for label, lhs, rhs in pairs:
            dec = decide_identity(sympy.sympify(lhs), sympy.sympify(rhs), domain=domain or {}, dps=self.dps,
                                  rng=self.rng, points=points)
            count += 1
            if dec.verdict is not Verdict.PROVED:
                if dec.verdict is Verdict.REFUTED:
                    self.record.witnesses.append(Witness(params=dec.witness, values=dec.values, certificate=dec.detail,
                                                         recheck=dec.recheck, replay=self._replay_hint(dec.witness)))
                self.record.findings.append(Finding(dec.verdict, f"{title}: {label}", dec.detail))
                return dec.verdict
        if count == 0:
            self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, "vacuous: no identity was given"))
            return Verdict.INCONCLUSIVE
        self.record.findings.append(Finding(Verdict.PROVED, title, f"all {count} identities reduce to 0"))
        return Verdict.PROVED

    def exact(self, title: str, got, expected, *, witness: dict[str, str] | None = None) -> Verdict:
        """Exact comparison of integers, rationals or exact SymPy numbers (no floats)."""
        for v in (got, expected):
            if isinstance(v, float) or (isinstance(v, sympy.Basic) and v.has(sympy.Float)):
                raise InternalError(f"{self.claim_id}: ctx.exact({title!r}) got a float; use exact numbers")
        if sympy.simplify(sympy.sympify(got) - sympy.sympify(expected)) == 0:
            self.record.findings.append(Finding(Verdict.PROVED, title, f"exactly {expected}"))
            return Verdict.PROVED
        return self._mismatch(title, f"got {got}, expected {expected}", witness)

    def exact_predicate(self, title: str, value: bool, *, detail: str = "",
                        witness: dict[str, str] | None = None) -> Verdict:
        """An exactly computed predicate (exact integers/rationals) on one instance."""
        if not isinstance(value, (bool, sympy.logic.boolalg.BooleanAtom)):
            raise InternalError(f"{self.claim_id}: ctx.exact_predicate({title!r}) needs a bool, got {value!r}")
        if bool(value):
            self.record.findings.append(Finding(Verdict.PROVED, title, detail or "holds exactly"))
            return Verdict.PROVED
        return self._mismatch(title, detail or "fails exactly", witness)

    def sign(self, title: str, expr, expected: str, *, witness: dict[str, str] | None = None) -> Verdict:
        """Decide the sign of `expr` from its symbols' assumptions (SymPy's assumption system).

        `expected` is one of positive, nonnegative, negative, nonpositive. Proved when SymPy
        decides it for every admissible value; otherwise inconclusive (or a re-checked witness).
        """
        if expected not in ("positive", "nonnegative", "negative", "nonpositive"):
            raise InvalidArgument(f"expected must be positive/nonnegative/negative/nonpositive, got {expected!r}")
        e = sympy.sympify(expr)
        decided = None
        for form in (e, sympy.factor(e), sympy.expand(e), sympy.cancel(sympy.together(e))):
            decided = getattr(form, f"is_{expected}")
            if decided is not None:
                break
        if decided:
            self.record.findings.append(Finding(
                Verdict.PROVED, title, f"SymPy's assumptions decide that {sympy.sstr(e)} is {expected}"))
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

    def confirmed(self, title: str, *, predictions: int, detail: str) -> Verdict:
        """Report a training experiment (empirical layer) whose `predictions` pre-registered predictions all held
        within their stated tolerances. Evidence, never a proof."""
        if predictions <= 0:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title, f"vacuous: no prediction was tested. {detail}"))
            return Verdict.INCONCLUSIVE
        self.record.findings.append(Finding(Verdict.CONFIRMED, title, f"{predictions} predictions; {detail}"))
        return Verdict.CONFIRMED

    def inconclusive(self, title: str, reason: str) -> Verdict:
        self.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, reason))
        return Verdict.INCONCLUSIVE

    def refute(self, title: str, params: dict[str, str], *, certificate: str,
               irrelevant: tuple[str, ...] = ()) -> Verdict:
        """Propose a witness; it counts only if `replay` confirms it at dps and at 2*dps."""
        return self._mismatch(title, certificate, params, irrelevant=irrelevant)

    def _mismatch(self, title: str, detail: str, witness: dict[str, str] | None,
                  irrelevant: tuple[str, ...] = ()) -> Verdict:
        if witness is None or self._replay is None:
            self.record.findings.append(Finding(
                Verdict.INCONCLUSIVE, title,
                f"{detail}; no independent re-check is declared for this check, so this is not called a refutation"))
            return Verdict.INCONCLUSIVE
        params = {k: str(v) for k, v in witness.items()}
        first = self._replay(params, self.dps)
        second = self._replay(params, 2 * self.dps)
        for r in (first, second):
            if not isinstance(r, dict) or "violated" not in r:
                raise InternalError(f"{self.claim_id}:{self.check_name}: replay must return a dict with 'violated'")
        if first["violated"] and second["violated"]:
            values = {k: str(v) for k, v in second.get("values", {}).items()}
            self.record.witnesses.append(Witness(
                params=params, values=values, certificate=detail,
                recheck=f"replayed at dps={self.dps} and dps={2 * self.dps}: violated both times",
                replay=self._replay_hint(params), irrelevant=tuple(irrelevant)))
            self.record.findings.append(Finding(Verdict.REFUTED, title, detail))
            return Verdict.REFUTED
        self.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, f"candidate witness {params} did not survive the re-check ({detail})"))
        return Verdict.INCONCLUSIVE

    def _replay_hint(self, params: dict[str, str]) -> str:
        if self._replay is None:  # no witness evaluator: the deterministic check re-runs and re-finds it
            return f"symrnn replay {self.claim_id} {self.check_name}"
        args = " ".join(f"{k}={v}" for k, v in params.items())
        return f"symrnn replay {self.claim_id} {self.check_name} {args}".strip()

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
            suppress_health_check=list(hypothesis.HealthCheck))
        try:
            return hypothesis.find(strategy, violates, settings=settings)
        except NoSuchExample:
            return None
