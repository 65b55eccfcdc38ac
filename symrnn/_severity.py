"""The weight of a refutation (docs/design.md, "The weight of a finding").

* false statement: false as the authors meant it: no declared correction holds, or a statement that
  uses it is refuted too and no correction repairs that one (a failing proof step does not count, nor
  a user refuted only under a literal reading whose intended reading holds);
* slip: false as printed, a correction declared beside it holds, and no claim that uses it is
  refuted;
* reading: false only under a literal reading; the claim names (`intended=`) the claim that states
  the intended reading, which must hold;
* gap: a step of a proof (kind "proof-step", or a claim a theorem lists in `proof=`) is false, no
  declared correction holds, and the statement it supports is not refuted: that statement cannot be
  proved through this proof (the report says where the proof breaks), but it is not false for it.

One root error is one finding: `root_groups` joins a refuted claim with its `same_as` twin, with the refuted
steps of its declared proof, and with the refuted claims its refutation comes through (`refuted_through`);
each group is counted once, at its heaviest weight. A claim refuted at a witness that makes it fail on its
own declares `refuted_through=()`: the claims it uses keep the weight their own corrections give them.

The engine derives what the graph decides. A claim file may state a severity with a reason; it can
raise the engine's word (a slip whose correction holds may still be a false theorem as the authors
meant it) but never lower it: a declared slip without a holding correction, or a reading whose
intended claim does not hold, is a false statement.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._claims import Claim
from ._verdict import Verdict

ORDER = ("reading", "gap", "slip", "false statement")


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


def _through(user: Claim, used: Claim) -> bool:
    """Whether `user`'s refutation may come from `used` (its `refuted_through`, when declared, says from which)."""
    if user.refuted_through is None:
        return True
    names = {u if "." in u else f"{user.paper.key}.{u}" for u in user.refuted_through}
    return used.id in names


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
                     and not _repaired(c, verdicts, claims) and not _meant_holds(c, verdicts)
                     and _through(c, claim)]
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
        apart = [c.id for c in users if verdicts.get(c.id) is Verdict.REFUTED and not _through(c, claim)]
        kept = (f"; the {len(users) - len(apart)} {'other ' if apart else ''}claims that use it keep their verdicts"
                if users else "")
        if apart:
            kept += f" ({', '.join(apart)} {'is' if len(apart) == 1 else 'are'} refuted on its own: refuted_through)"
        return Severity("slip", f"the correction {names} holds{kept}" + (f"; {why}" if why else ""), True)
    if corrections:
        states = ", ".join(f"{c.id} ({_label(verdicts.get(c.id))})" for c in corrections)
        lead = f"no declared correction holds: {states}"
    else:
        lead = "no correction is declared beside it"
    if declared == "slip":
        return Severity("false statement", f"declared a slip, but {lead}", True)
    supported = [c for c in claims if claim.id in c.proof_steps()]
    if declared in (None, "gap") and (claim.kind == "proof-step" or supported):
        where = ", ".join(c.id for c in supported) or "the statement it supports"
        return Severity("gap", f"a step of the proof of {where} is false and {lead}: {where} cannot be proved "
                               "through this proof, and is not refuted by it" + (f"; {why}" if why else ""),
                        declared is None)
    if declared == "gap":
        return Severity("false statement", f"declared a gap, but it is no proof step (kind {claim.kind!r}, and no "
                                           f"theorem lists it in proof=); {lead}", True)
    return Severity("false statement", f"{why} ({lead})" if why else lead, declared is None)


def root_groups(outcomes) -> dict[str, str]:
    """Refuted claim id -> the id of its root error (one finding, however many claims repeat it).

    Joined: a claim and its `same_as` twin; a theorem and the refuted steps it lists in `proof=`; a claim and
    a refuted claim it uses where it declares its refutation comes from it (`refuted_through`). A dependency
    alone joins nothing: a claim refuted at its own witness is its own error. The root of a group is a member
    that depends on no other member (the earliest such in paper order)."""
    refuted = [o.claim for o in outcomes if o.verdict is Verdict.REFUTED]
    ids = {c.id for c in refuted}
    parent = {c.id: c.id for c in refuted}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def join(a, b):
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra
    uses_member = {}
    for c in refuted:
        through = {u if "." in u else f"{c.paper.key}.{u}" for u in (c.refuted_through or ())}
        linked = [u for u in c.qualified_uses() if u in ids
                  and ((u in c.proof_steps() and c.refuted_through is None) or u in through)]
        if c.same_as in ids:
            join(c.same_as, c.id)
        for u in linked:
            join(u, c.id)
        uses_member[c.id] = bool(linked)
    groups: dict[str, list[str]] = {}
    for c in refuted:
        groups.setdefault(find(c.id), []).append(c.id)
    out = {}
    for members in groups.values():
        roots = [m for m in members if not uses_member[m]] or members
        for m in members:
            out[m] = roots[0]
    return out


def finding_rank(outcome) -> tuple:
    """Order of the findings sections: false statements, slips, readings, then crashed checks,
    claims with evidence against them, and undecided claims."""
    if outcome.severity:
        return (3 - ORDER.index(outcome.severity.level),)
    if outcome.verdict is Verdict.ERROR:
        return (3,)
    return (4,) if outcome.against else (5,)


__all__ = ["ORDER", "Severity", "finding_rank", "root_groups", "severity"]
