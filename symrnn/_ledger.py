"""Claim outcomes (verdict + status from dependencies) and the JSON ledger."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from ._atomic import write_text_atomic
from ._cache import library_versions
from ._claims import Claim, Paper
from ._evidence import CheckResult
from ._registry import Registry
from ._severity import ORDER, Severity, root_groups, severity
from ._coverage import Coverage, claim_coverage
from ._verdict import Verdict, combine_checks


# the status column of `symrnn check`, the ledger and the reports: what it says about a claim and what it uses
STATUSES = {
    "fully_checked": "the claim's verdict is positive (proved, certified, holds or confirmed) and so is that of "
                     "every claim it uses, transitively (a definition or assumption with nothing to check counts "
                     "as established); the weakest verdict on that path is what it promises",
    "checked": "the claim's own verdict is positive, but a claim it uses is not established (unchecked, "
               "inconclusive, refuted...) or one of its own checks was skipped",
    "stated": "declared, no check has run (none is written yet, or none ran in this run and none is cached)",
    "definition": "a definition or assumption without checks: stipulated, nothing to verify",
    "discursive": "no mathematical content to check (the claim gives the reason)",
    "refuted, conflict, inconclusive, error, skipped": "the claim's own verdict, when it is not positive",
}


def established_without_checks(claim: Claim) -> str:
    """'definition' (definitions and assumptions stipulate, there is nothing to verify) or 'discursive'
    for claims that need no check; '' otherwise."""
    if claim.checks or claim.same_as:
        return ""
    if claim.discursive:
        return "discursive"
    return "definition" if claim.kind in ("definition", "assumption") else ""


@dataclass
class ClaimOutcome:
    claim: Claim
    results: list[CheckResult]
    verdict: Verdict | None
    status: str
    blockers: list[tuple[str, str]]
    severity: Severity | None = None
    coverage: list[Coverage] | None = None     # per result, what the engine found it to cover
    uncovered: list[str] | None = None         # conclusions no proof or certificate covers
    root: str | None = None                    # a refuted claim: the id of its root error
    proof_breaks: list[str] | None = None      # refuted steps of its declared proof (where the proof breaks)

    @property
    def against(self) -> list:
        """Findings that speak against the claim without refuting it (a growing ratio)."""
        return [f for r in self.results for f in r.findings if f.against]

    @property
    def count_key(self) -> str:
        """The ledger's count bucket: refutations are counted by severity."""
        return f"refuted ({self.severity.level})" if self.severity else self.label

    @property
    def label(self) -> str:
        """The verdict's name; for claims without one: definition, discursive or unchecked."""
        if self.verdict is not None:
            return self.verdict.value
        return established_without_checks(self.claim) or "unchecked"

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.results)

    def _repr_html_(self) -> str:          # Jupyter
        from .report._html import outcome_html

        return outcome_html(self)

    def _repr_latex_(self) -> str:         # Jupyter's nbconvert to LaTeX or PDF
        from .report._html import outcome_latex

        return outcome_latex(self)


def outcomes(registry: Registry, claims: list[Claim], results: list[CheckResult]) -> list[ClaimOutcome]:
    """Verdict of every claim in `claims`, and status computed over its ancestors (G2).

    status: "stated" (no check ran), "checked" (own verdict positive), "fully_checked"
    (it and every ancestor positive; definitions without checks count as established);
    otherwise the verdict's name.
    """
    by_claim: dict[str, list[CheckResult]] = {}
    for r in results:
        by_claim.setdefault(r.claim_id, []).append(r)
    verdicts: dict[str, Verdict | None] = {}
    covs: dict[str, tuple[list[Coverage], list[str]]] = {}
    for c in registry.all_claims():
        rs = by_claim.get(c.id, [])
        covs[c.id] = claim_coverage(c, rs, registry.get)
        verdicts[c.id] = combine_checks([(r.verdict, cv.covers, r.against, cv.addresses)
                                         for r, cv in zip(rs, covs[c.id][0])], c.conclusion_names(),
                                         declared=bool(c.conclusions or c.variables))
    out = []
    for c in claims:
        v = verdicts[c.id]
        # a definition with nothing to check establishes itself; every other ancestor must pass
        blockers = [(a.id, verdicts[a.id].value if verdicts[a.id] else "unchecked")
                    for a in registry.ancestors(c)
                    if not (verdicts[a.id] and verdicts[a.id].positive)
                    and not established_without_checks(a)]
        # a check that could not run leaves the claim checked in part, whatever the others found
        blockers += [(f"{c.id}:{r.check}", "skipped") for r in by_claim.get(c.id, []) if r.verdict is Verdict.SKIPPED]
        if v is None:
            status = established_without_checks(c) or "stated"
        elif v.positive:
            status = "checked" if blockers else "fully_checked"
        else:
            status = v.value
        breaks = [s for s in c.proof_steps() if verdicts.get(s) is Verdict.REFUTED]
        out.append(ClaimOutcome(c, by_claim.get(c.id, []), v, status, blockers,
                                severity(c, verdicts, registry.all_claims()), covs[c.id][0], covs[c.id][1],
                                proof_breaks=breaks))
    roots = root_groups(out)
    for o in out:
        o.root = roots.get(o.claim.id)
    return out


def root_error_counts(outs: list[ClaimOutcome]) -> dict[str, int]:
    """Distinct root errors by weight: a group of refuted claims counts once, at its heaviest weight."""
    heaviest: dict[str, str] = {}
    for o in outs:
        if o.root and o.severity:
            now = heaviest.get(o.root)
            if now is None or ORDER.index(o.severity.level) > ORDER.index(now):
                heaviest[o.root] = o.severity.level
    counts: dict[str, int] = {}
    for level in heaviest.values():
        counts[level] = counts.get(level, 0) + 1
    return dict(sorted(counts.items()))


def ledger_dict(paper: Paper, outs: list[ClaimOutcome], *, dps: int, seed: int, quick: bool) -> dict:
    counts: dict[str, int] = {}
    for o in outs:
        key = o.count_key
        counts[key] = counts.get(key, 0) + 1
    return {
        "symrnn": __version__,
        "versions": library_versions(),
        "settings": {"dps": dps, "seed": seed, "quick": quick},
        "paper": {"key": paper.key, "title": paper.title, "authors": paper.authors, "venue": paper.venue,
                  "source": paper.source, "numbering": paper.numbering, "cite": paper.cite},
        "counts": dict(sorted(counts.items())),
        "root_errors": root_error_counts(outs),
        "seconds": round(sum(o.seconds for o in outs), 3),
        "claims": [{
            "id": o.claim.id, "label": o.claim.label, "kind": o.claim.kind, "where": o.claim.where,
            "statement": o.claim.statement, "assumptions": list(o.claim.assumptions),
            "uses": list(o.claim.qualified_uses()), "notes": o.claim.notes,
            "corrected_from": o.claim.corrected_from, "discursive": o.claim.discursive or None,
            "verdict": o.verdict.value if o.verdict else None, "status": o.status,
            "severity": ({"level": o.severity.level, "reason": o.severity.reason, "derived": o.severity.derived}
                         if o.severity else None),
            "evidence_against": [f.title + ": " + f.detail for f in o.against],
            "hypotheses": [{"name": h.name, "text": h.text, "how": h.how,
                            "checks": list(h.checks) if h.checks else None} for h in o.claim.hypotheses],
            "blocked_by": [{"id": i, "verdict": v} for i, v in o.blockers],
            "root": o.root, "proof": list(o.claim.proof_steps()), "proof_breaks": list(o.proof_breaks or ()),
            "variables": {k: d.describe() for k, d in o.claim.variables.items()},
            "relations": list(o.claim.relation_texts),
            "conclusions": [{"name": c.name, "text": c.text, "form": c.form} for c in o.claim.conclusions],
            "uncovered": list(o.uncovered or ()) if o.results else [],
            "coverage": [{"check": r.check, "covers": sorted(cv.covers), "addresses": sorted(cv.addresses),
                          "reason": cv.reason, "instances": list(cv.instances)}
                         for r, cv in zip(o.results, o.coverage or ())],
            "checks": [r.to_json() for r in o.results],
        } for o in outs],
    }


def write_json_atomic(path: Path, data: dict) -> None:
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")


def merge_previous(data: dict, path: Path) -> dict:
    """`data` with the entries of the ledger at `path` kept for claims this run did not decide
    (no checks ran for them now, but the previous ledger had results): nothing finished is lost."""
    try:
        old = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return data
    if old.get("paper", {}).get("key") != data["paper"]["key"] or old.get("settings") != data["settings"]:
        return data
    previous = {c["id"]: c for c in old.get("claims", [])}
    merged, carried = [], 0
    for c in data["claims"]:
        before = previous.get(c["id"])
        if not c["checks"] and before is not None and before.get("checks"):
            c, carried = dict(before, carried_over=True), carried + 1
        merged.append(c)
    if not carried:
        return data
    counts: dict[str, int] = {}
    for c in merged:
        if c.get("severity"):
            key = f"refuted ({c['severity']['level']})"
        else:
            key = c["verdict"] or (c["status"] if c["status"] in ("definition", "discursive") else "unchecked")
        counts[key] = counts.get(key, 0) + 1
    return dict(data, claims=merged, counts=dict(sorted(counts.items())), carried_over=carried)
