"""What a check covers, decided by the engine from what the check did (docs/design.md, "Verdicts").

A check declares what it is *about* (`about=` or `full=True`: every conclusion). It *covers* those
conclusions only when every positive finding it recorded is an argument the engine made in general:
an exact argument in the statement's quantified symbols over their declared domains, a certificate
over a box containing the declared domain, or a case split whose cases exhaust the declared domain and are
each argued over their part (`_cases`), and when those arguments mention every declared variable.
Values at concrete arguments (`ctx.exact` on numbers, `ctx.exact_predicate`, identities without free
symbols) are instances: the check is then evidence (`holds`), and the instances are listed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._claims import Check, Claim
from ._evidence import CheckResult
from ._statement import stands_for
from ._verdict import Verdict


@dataclass(frozen=True)
class Coverage:
    covers: frozenset          # conclusions the check's proof or certificate covers
    addresses: frozenset       # conclusions the check is about (what its evidence speaks to)
    reason: str                # why it covers less than it addresses ("" when it covers all of it)
    instances: tuple[str, ...] = ()


def _about(claim: Claim, check: Check | None) -> frozenset:
    if check is None:
        return frozenset()
    names = claim.conclusion_names()
    return frozenset(names if "*" in check.about else [a for a in check.about if a in names])


def find_check(claim: Claim, name: str, resolve=None) -> tuple[Claim, Check | None]:
    """The claim declaring the check that produced result `name` ('check' or 'owner.id:check' for a twin)."""
    if ":" in name and resolve is not None:
        owner_id, _, short = name.rpartition(":")
        try:
            owner = resolve(owner_id)
        except Exception:  # noqa: BLE001 - an unknown owner covers nothing
            return claim, None
        return owner, next((c for c in owner.checks if c.name == short), None)
    return claim, next((c for c in claim.checks if c.name == name), None)


def _instances_reason(instances: tuple[str, ...], positive: list) -> str:
    return f"{len(instances)} of its {len(positive)} findings are instances (values at concrete arguments)" \
        if instances else ""


def coverage(claim: Claim, result: CheckResult, resolve=None) -> Coverage:
    owner, check = find_check(claim, result.check, resolve)
    about = _about(owner, check)
    if owner is not claim:         # a twin (same_as): the same conclusions under the other id
        mine = frozenset(claim.conclusion_names())
        # a twin that declares its owner's conclusion names shares them name by name; otherwise a check speaks
        # for the twin's statement only when it addresses all of its owner's
        about = about & mine if about and about <= mine else \
            mine if about >= frozenset(owner.conclusion_names()) else frozenset()
    if result.verdict not in (Verdict.PROVED, Verdict.CERTIFIED):
        narrow = [f.title for f in result.findings if f.verdict.positive and f.scope == "part"]
        if result.verdict.positive and narrow:
            # a search over less than the declared domain is not evidence for the statement
            return Coverage(frozenset(), frozenset(), "searched over part of the declared domain only: "
                                                      + "; ".join(narrow[:3]))
        if not result.verdict.positive:
            return Coverage(frozenset(), frozenset(), "")
        # evidence: say what it rests on (the instances a reader can replay), as for a check that proved them
        positive = [f for f in result.findings if f.verdict.positive and f.scope != "case"]
        instances = tuple(f.title for f in positive if f.scope == "instance")
        return Coverage(frozenset(), about, _instances_reason(instances, positive), instances)
    if not about:
        return Coverage(frozenset(), about, "the check addresses a part of the statement (no conclusion)")
    # a case's findings speak for its part only: the case split's own finding says what they establish together
    positive = [f for f in result.findings if f.verdict.positive and f.scope != "case"]
    instances = tuple(f.title for f in positive if f.scope == "instance")
    unknown = [f.title for f in positive if f.scope not in ("general", "instance", "part")]
    parts = [f.title for f in positive if f.scope == "part"]
    forms = {c.name: c.form for c in owner.conclusions}
    # one exhibit proves "there is ..." only where nothing is quantified "for every": a statement "for every n there
    # is t" is not proved by a t found for a few n (the variables say which are existential: sr.real(..., exists=True))
    exhibits = bool(about) and all(forms.get(n) == "existence" for n in about) \
        and all(d.exists for d in owner.variables.values())
    if instances and not (exhibits or owner.quantifies_nothing):
        return Coverage(frozenset(), about, _instances_reason(instances, positive), instances)
    if instances:
        # an existence conclusion is proved by an exhibited instance; a statement that quantifies over nothing
        # (variables={}) is its one instance
        if all(f.scope == "instance" for f in positive):
            return Coverage(about, about, "")
    if unknown or not positive:
        return Coverage(frozenset(), about, "its findings do not say what they establish (a cached result of an "
                                            "older engine, or a finding recorded outside the engine's methods)")
    if parts:   # an argument over less than the declared domain is not evidence for the statement
        return Coverage(frozenset(), frozenset(), "decided over part of the declared domain: " + "; ".join(parts[:3]))
    over = set().union(*(f.over for f in positive))
    # a variable declared .through(names) is covered by an argument in those names (free symbols, any values)
    missing = [v for v, d in owner.variables.items() if not any(stands_for(o, v, d, owner.variables) for o in over)]
    if missing:
        return Coverage(frozenset(), about, "no general argument in the declared variable(s) " + ", ".join(missing))
    return Coverage(about, about, "")


def claim_coverage(claim: Claim, results: list[CheckResult], resolve=None) -> tuple[list[Coverage], list[str]]:
    """Each result's coverage, and the conclusions no proof or certificate covers."""
    covs = [coverage(claim, r, resolve) for r in results]
    covered = set().union(*(c.covers for c in covs)) if covs else set()
    return covs, [n for n in claim.conclusion_names() if n not in covered]
