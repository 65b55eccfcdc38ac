"""The weight of a refutation (docs/design.md, "The weight of a finding").

* false statement: false as the authors meant it: no declared correction holds, or a statement that
  uses it is refuted too and no correction repairs that one (a failing proof step does not count, nor
  a user refuted only under a literal reading whose intended reading holds);
* slip: false as printed, a correction declared beside it holds, and no claim that uses it is
  refuted;
* reading: false only under a literal reading; the claim names (`intended=`) the claim that states
  the intended reading, which must hold.

The engine derives what the graph decides. A claim file may state a severity with a reason; it can
raise the engine's word (a slip whose correction holds may still be a false theorem as the authors
meant it) but never lower it: a declared slip without a holding correction, or a reading whose
intended claim does not hold, is a false statement.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._claims import Claim
from ._verdict import Verdict

ORDER = ("reading", "slip", "false statement")


@dataclass(frozen=True)
class Severity:
    level: str
    reason: str
    derived: bool       # True: decided by the graph and the corrections; False: as the claim file states it


def _label(v: Verdict | None) -> str:
    return v.value if v else "unchecked"


def _repaired(claim: Claim, verdicts: dict, claims: list[Claim]) -> bool:
    """A correction declared beside `claim` holds."""
    return any(c.paper is claim.paper and c.corrected_from == claim.key and verdicts.get(c.id)
               and verdicts[c.id].positive for c in claims)


def _meant_holds(claim: Claim, verdicts: dict) -> bool:
    """`claim` is declared a reading and the claim stating its intended reading holds."""
    if claim.severity != "reading" or not claim.intended:
        return False
    target = claim.intended if "." in claim.intended else f"{claim.paper.key}.{claim.intended}"
    return bool(verdicts.get(target) and verdicts[target].positive)


def severity(claim: Claim, verdicts: dict[str, Verdict | None], claims: list[Claim]) -> Severity | None:
    """The severity of a refuted claim; None for any other verdict."""
    if verdicts.get(claim.id) is not Verdict.REFUTED:
        return None
    corrections = [c for c in claims if c.paper is claim.paper and c.corrected_from == claim.key]
    holding = [c for c in corrections if verdicts.get(c.id) and verdicts[c.id].positive]
    users = [c for c in claims if claim.id in c.qualified_uses() and c.corrected_from != claim.key]
    # a conclusion that uses it and fails: a refuted user that is a statement (a failing proof step does
    # not make the statement it proves false), whose own failure no correction repairs and that is not
    # false only under a literal reading (its intended reading holds: as meant, it does not fail)
    refuted_users = [c for c in users if verdicts.get(c.id) is Verdict.REFUTED and c.kind != "proof-step"
                     and not _repaired(c, verdicts, claims) and not _meant_holds(c, verdicts)]
    declared, why = claim.severity, claim.severity_reason

    if declared == "reading":
        target = f"{claim.paper.key}.{claim.intended}" if claim.intended and "." not in claim.intended else claim.intended
        v = verdicts.get(target)
        if v is not None and v.positive:
            return Severity("reading", f"{why} (the intended reading, {target}, is {v.value})", False)
        return Severity("false statement", f"declared a reading, but the intended reading {target} is {_label(v)}", True)

    if refuted_users:
        ids = ", ".join(c.id for c in refuted_users[:4])
        return Severity("false statement", f"claims that use it are refuted too ({ids})" + (f"; {why}" if why else ""),
                        True)
    if holding:
        names = ", ".join(f"{c.id} ({verdicts[c.id].value})" for c in holding)
        if declared == "false statement":
            return Severity("false statement", f"{why} (a correction holds: {names})", False)
        kept = f"; the {len(users)} claims that use it keep their verdicts" if users else ""
        return Severity("slip", f"the correction {names} holds{kept}" + (f"; {why}" if why else ""), True)
    if corrections:
        states = ", ".join(f"{c.id} ({_label(verdicts.get(c.id))})" for c in corrections)
        lead = f"no declared correction holds: {states}"
    else:
        lead = "no correction is declared beside it"
    if declared == "slip":
        return Severity("false statement", f"declared a slip, but {lead}", True)
    return Severity("false statement", f"{why} ({lead})" if why else lead, declared is None)


def finding_rank(outcome) -> tuple:
    """Order of the findings sections: false statements, slips, readings, then crashed checks,
    claims with evidence against them, and undecided claims."""
    if outcome.severity:
        return (2 - ORDER.index(outcome.severity.level),)
    if outcome.verdict is Verdict.ERROR:
        return (3,)
    return (4,) if outcome.against else (5,)


__all__ = ["ORDER", "Severity", "finding_rank", "severity"]
