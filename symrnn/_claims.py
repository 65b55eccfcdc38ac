"""Declarations: a Paper holds Claims in paper order; a Claim holds Checks.

Derivation files only call constructors and decorators here (G9: no subclassing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from ._errors import InvalidArgument, InvalidClaim, unknown_choice
from ._statement import Conclusion, Domain, conclusions_from, relations_from, variables_from

LAYERS = ("symbolic", "numeric", "property", "empirical")
KINDS = (
    "definition", "assumption", "lemma", "theorem", "proposition", "corollary", "remark",
    "equation", "proof-step", "figure", "correction",
)
REQUIREMENTS = ("flint", "torch", "gpu", "tex")
SEVERITIES = ("false statement", "slip", "reading", "gap")
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Check:
    """One way of checking a claim.

    `about` names the conclusions the check addresses (all of them when it was declared `full=True`);
    whether it *covers* them is decided by the engine from what it did (`_coverage`), never by this
    declaration. `scope` says what it addresses, in words.
    """

    claim_id: str
    name: str
    layer: str
    fn: Callable
    full: bool
    scope: str
    method: str
    timeout: float | None
    requires: tuple[str, ...]
    replay: Callable | None
    # an evaluator independent of `replay` (another library or a separately built expression),
    # used for the re-check of every refutation; `evaluators` names (replay, recheck)
    recheck: Callable | None = None
    evaluators: tuple[str, str] = ("", "")
    about: tuple[str, ...] = ()           # conclusion names; ("*",) for every conclusion
    # names of computations this check shares with others (ctx.shared): the runner does not start two checks that
    # share one at the same time (the second would only wait for the first's value, holding a job)
    shares: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.claim_id}:{self.name}"


HOW = ("exact", "certified")


@dataclass(frozen=True)
class Hypothesis:
    """A hypothesis of a statement, as code: `test(params)` decides it at a witness."""

    name: str
    text: str
    test: Callable
    checks: tuple[str, ...] | None
    how: str


class Claim:
    """A numbered statement of a paper, transcribed as printed."""

    def __init__(self, paper: "Paper", key: str, *, kind: str, label: str, statement: str,
                 where: str = "", assumptions=(), uses=(), printed: dict[str, Any] | None = None,
                 notes: str = "", corrected_from: str | None = None, same_as: str | None = None,
                 discursive: str = "", severity: str | None = None, severity_reason: str = "",
                 intended: str | None = None, variables: dict | None = None, conclusions=(),
                 proof=(), refuted_through=None, relations=()):
        if not _KEY.match(key):
            raise InvalidClaim(
                f"claim key {key!r} in paper {paper.key!r} is not a valid id: use lower-case letters, "
                "digits and underscores, e.g. 'lemma27' or 'eq129'")
        if kind not in KINDS:
            raise unknown_choice("claim kind", kind, KINDS)
        if not statement or not statement.strip():
            raise InvalidClaim(f"claim {paper.key}.{key} has an empty statement; transcribe it as printed")
        if corrected_from is not None and kind != "correction":
            raise InvalidClaim(f"claim {paper.key}.{key} has corrected_from= but kind={kind!r}; use kind='correction'")
        self.paper = paper
        self.key = key
        self.id = f"{paper.key}.{key}"
        self.kind = kind
        self.label = label
        self.statement = statement.strip()
        self.where = where
        self.assumptions = tuple(assumptions)
        self.uses = tuple(uses)
        self.printed = dict(printed or {})
        self.notes = notes
        self.corrected_from = corrected_from
        if same_as is not None and "." not in same_as:
            raise InvalidClaim(f"claim {paper.key}.{key}: same_as={same_as!r} must be a full id such as 'smith2020.thm5'")
        # the same mathematics as a claim of another version: its checks run (once) for both ids
        self.same_as = same_as
        # a statement with no mathematical content to check (an outlook, a literature pointer): the reason
        self.discursive = discursive.strip()
        # the weight of a refutation, where the dependency graph and corrections cannot decide it:
        # "reading" needs `intended`, the key of the claim that states the intended reading
        if severity is not None and severity not in SEVERITIES:
            raise unknown_choice("severity", severity, SEVERITIES)
        if severity is not None and not severity_reason.strip():
            raise InvalidClaim(f"claim {self.id}: severity={severity!r} needs severity_reason= (why it weighs that much)")
        if severity == "reading" and not intended:
            raise InvalidClaim(f"claim {self.id}: severity='reading' needs intended= (the claim checking the intended reading)")
        self.severity = severity
        self.severity_reason = severity_reason.strip()
        self.intended = intended
        self.hypotheses: list[Hypothesis] = []
        self.checks: list[Check] = []
        # the statement as code: quantified variables with their domains, and the conclusions
        self.variables: dict[str, Domain] = variables_from(self.id, variables)
        # variables={} says the statement quantifies over nothing (a constant identity, a fixed instance):
        # then the values a check computes are the statement itself, not instances of it
        self.quantifies_nothing = variables is not None and not self.variables
        self.conclusions: tuple[Conclusion, ...] = conclusions_from(self.id, conclusions)
        # relations among the declared variables as code (|w| <= a): part of the declared domain
        self.relations = relations_from(self.id, relations, self.variables)
        # the proof steps of a theorem (claim keys, in proof order): a refuted step reaches the theorem
        self.proof = tuple(proof)
        # where this claim's refutation comes from among the claims it uses (None: it may come from any of them).
        # () says its witness makes the statement fail on its own: a claim it uses is not made a false statement
        # by this refutation (the weight of a used claim follows what caused the failure, not the arrow)
        self.refuted_through = None if refuted_through is None else tuple(refuted_through)
        if self.refuted_through is not None and not severity_reason.strip() and self.refuted_through == ():
            raise InvalidClaim(f"claim {self.id}: refuted_through=() needs severity_reason= (why its refutation does "
                               "not come from the claims it uses)")
        for c in self.conclusions:
            if c.expr is not None:
                from ._statement import statement_check, validate_expr

                validate_expr(self.id, c, self.variables)
                self.check(layer="symbolic", name=f"statement_{c.name}", about=c.name, method="engine",
                           scope=f"the conclusion {c.name} as code, over the declared domain")(
                    statement_check(c, self.variables, f"statement_{c.name}"))

    def qualified_uses(self) -> tuple[str, ...]:
        """`uses` as full ids: a bare key refers to the same paper, 'paper.key' to another one."""
        own = tuple(u if "." in u else f"{self.paper.key}.{u}" for u in self.uses)
        return own + tuple(s for s in self.proof_steps() if s not in own)

    def proof_steps(self) -> tuple[str, ...]:
        """The declared proof steps as full ids (a theorem depends on the steps of its proof)."""
        return tuple(u if "." in u else f"{self.paper.key}.{u}" for u in self.proof)

    def hypothesis(self, name: str, text: str, *, checks=None, how: str = "exact"):
        """Decorator declaring a hypothesis of the statement as code: `test(params) -> bool` or
        `(bool, detail)`, over a witness's parameters (strings, as in `symrnn replay`). A test with two
        arguments, `test(params, printed)`, also receives the claim's printed objects (possibly
        perturbed), so that a printed threshold in a hypothesis follows a perturbation.

        `how` says how the test decides: "exact" (exact arithmetic, SymPy) or "certified" (Arb
        balls, `sr.numeric.certify_inequality`); a floating-point test is not a hypothesis check.
        `checks` limits it to the witnesses of the named checks (default: every check).
        A refutation is accepted only after every applicable hypothesis holds at its witness, and
        `ctx.identity` probes only points where they all hold.
        """
        if how not in HOW:
            raise unknown_choice("hypothesis method", how, HOW)
        if any(h.name == name for h in self.hypotheses):
            raise InvalidClaim(f"claim {self.id} already has a hypothesis named {name!r}")

        def decorate(fn: Callable) -> Callable:
            self.hypotheses.append(Hypothesis(name, text.strip(), fn, tuple(checks) if checks else None, how))
            return fn

        return decorate

    def hypotheses_for(self, check_name: str) -> list[Hypothesis]:
        """The declared hypotheses that apply to the witnesses of `check_name`."""
        return [h for h in self.hypotheses if h.checks is None or check_name in h.checks]

    @property
    def relation_texts(self) -> tuple[str, ...]:
        """The declared relations among the variables, as text (for the report and `symrnn show`)."""
        import sympy

        return tuple(sympy.sstr(r) for r in self.relations)

    def conclusion_names(self) -> tuple[str, ...]:
        """The names of the declared conclusions; a claim that declares none has the one conclusion "statement"."""
        return tuple(c.name for c in self.conclusions) or ("statement",)

    def check(self, *, layer: str, name: str | None = None, full: bool = False, scope: str = "",
              method: str = "", timeout: float | None = None, requires=(), replay: Callable | None = None,
              recheck: Callable | None = None, evaluators: tuple[str, str] | None = None, about=None, shares=()):
        """Decorator attaching a check function `fn(ctx)` to this claim.

        Arguments:
            layer: one of symbolic, numeric, property, empirical.
            full: True when the check addresses every conclusion of the statement (the same as
                `about="*"`). Whether it covers them is the engine's decision (`_coverage`): only a
                general argument over every declared variable covers, instances never do.
            about: the names of the declared conclusions the check addresses ("*": all).
            scope: what the check covers, in words (printed in the report).
            method: the tactic, for `symrnn show` (e.g. "sympy.cancel").
            timeout: seconds; default is the runner's.
            requires: optional requirements (flint, torch, gpu, tex); missing ones skip the check.
            replay: `replay(params: dict[str, str], dps: int) -> dict` re-evaluating a witness
                (`{"violated": bool, "values": {...}}`); it may take a third argument, the
                claim's `printed` dict (possibly perturbed), and should read the formula from it.
            recheck: a second evaluator with the same signature, independent of `replay`
                (another library, a separately built expression); every refutation is re-checked
                by it at twice the precision. Without one the re-check is `replay` at twice the
                precision, and the witness says that it is not independent.
            evaluators: names of (replay, recheck), e.g. ("SymPy exact", "Arb balls").
            shares: names of the computations the check shares with other checks through ctx.shared (e.g.
                "the students of one training run"); checks sharing a name are not run at the same time, so that the second reads
                the first's value instead of holding a job while it waits.
        """
        if layer not in LAYERS:
            raise unknown_choice("layer", layer, LAYERS)
        for r in requires:
            if r not in REQUIREMENTS:
                raise unknown_choice("requirement", r, REQUIREMENTS)
        if timeout is not None and not (timeout > 0):
            raise InvalidArgument(f"timeout must be a positive number of seconds, got {timeout!r}")

        def decorate(fn: Callable) -> Callable:
            if self.discursive:
                raise InvalidClaim(f"claim {self.id} is declared discursive ({self.discursive}); it cannot have checks")
            check_name = name or fn.__name__.lstrip("_") or layer
            if any(c.name == check_name for c in self.checks):
                raise InvalidClaim(f"claim {self.id} already has a check named {check_name!r}")
            if recheck is not None and replay is None:
                raise InvalidClaim(f"check {self.id}:{check_name} declares recheck= without replay=")
            names = tuple(evaluators) if evaluators else (
                "replay" if replay else "", "recheck" if recheck else "")
            topics = ("*",) if full or about == "*" else tuple([about] if isinstance(about, str) else about or ())
            unknown = [t for t in topics if t != "*" and t not in self.conclusion_names()]
            if unknown:
                raise InvalidClaim(f"check {self.id}:{check_name} is about {unknown}, which the claim does not "
                                   f"declare as conclusions (it has {list(self.conclusion_names())})")
            about_all = "*" in topics or (bool(topics) and set(topics) >= set(self.conclusion_names()))
            self.checks.append(Check(self.id, check_name, layer, fn, about_all, scope,
                                     method or layer, timeout, tuple(requires), replay, recheck, names, topics,
                                     (shares,) if isinstance(shares, str) else tuple(shares)))
            return fn

        return decorate

    def __repr__(self) -> str:
        return f"<Claim {self.id} ({self.label})>"

    def _repr_latex_(self) -> str:         # Jupyter: the statement as printed, typeset
        from .report._html import claim_latex

        return claim_latex(self)

    def _repr_html_(self) -> str:          # Jupyter in a browser
        from .report._html import claim_html

        return claim_html(self)


class Paper:
    """A paper (one version): its claims in declaration order, which is paper order."""

    def __init__(self, key: str, *, title: str, authors: str, venue: str, source: str = "",
                 numbering: str = "", mapping: str = "", cite: str = "", strict: bool = False):
        if not re.match(r"^[a-z][a-z0-9_]*$", key):
            raise InvalidClaim(f"paper key {key!r} must be lower-case letters, digits, underscores, e.g. 'smith2020'")
        self.key = key
        self.title = title
        self.authors = authors
        self.venue = venue
        self.source = source
        self.numbering = numbering
        self.mapping = mapping
        self.cite = cite              # public identifier (DOI, arXiv, OpenReview)
        # strict: a refutation of a claim with `assumptions` needs hypotheses declared as code for
        # its check, and every refutation needs an independent `recheck` (docs/design.md, "Verdicts")
        self.strict = strict
        self.claims: dict[str, Claim] = {}
        self.module_file: str | None = None
        self.replay_path: str | None = None     # `--path` for printed replay commands (claim files outside ./derivations)

    def claim(self, key: str, **kw) -> Claim:
        """Declare the next numbered statement (paper order), transcribed as printed: `kind`, `label`,
        `statement`, and optionally `where`, `assumptions`, `uses`, `printed`, `notes`, `same_as`,
        `discursive`, `severity`/`severity_reason`/`intended`. Returns the Claim (attach checks to it)."""
        if key in self.claims:
            raise InvalidClaim(f"paper {self.key!r} declares claim {key!r} twice")
        c = Claim(self, key, **kw)
        label = kw.get("label")
        if label and kw.get("kind") != "correction":
            for other in self.claims.values():
                if other.label == label and other.kind != "correction":
                    raise InvalidClaim(
                        f"label {label!r} appears twice in paper {self.key!r} ({other.key} and {key}); "
                        "each printed number belongs to one claim")
        self.claims[key] = c
        return c

    def correction(self, key: str, *, corrected_from: str, **kw) -> Claim:
        """A corrected version of a printed claim, declared next to it (G5); never replaces it."""
        if corrected_from not in self.claims:
            raise InvalidClaim(f"correction {key!r} refers to unknown claim {corrected_from!r} of {self.key!r}")
        kw.setdefault("uses", (corrected_from,))
        return self.claim(key, kind="correction", corrected_from=corrected_from, **kw)

    def __repr__(self) -> str:
        return f"<Paper {self.key}: {len(self.claims)} claims>"
