"""Verdicts as an enumeration with messages, and how they aggregate (docs/design.md, "Verdicts").

Aggregation rules, in one place:
* inside a check, the findings combine: refuted > error > inconclusive > the weakest positive;
  a check that recorded no finding is an error (a vacuous check asserts nothing);
* across the checks of a claim: a proof or certificate that covers the whole statement beside a
  refutation or evidence against it is a conflict (both are reported; one of them is wrong); then
  refuted > error; then proved/certified only where the checks that the engine found covering
  (`_coverage`) cover every conclusion together; then inconclusive where a check found evidence against the claim, or
  where no positive check covers the full statement (an undecided part stays undecided); an
  inconclusive *attempt* beside a positive check that covers the full statement does not hide it;
  otherwise the weakest positive, where a proof that covers only instances counts as "holds"
  (never merged into a stronger word).
"""

from __future__ import annotations

import enum


class Verdict(enum.Enum):
    """The verdict of a finding, a check or a claim (docs/design.md, "Verdicts"); `.message` says what it means."""

    PROVED = "proved"
    CERTIFIED = "certified"
    HOLDS = "holds"
    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    INCONCLUSIVE = "inconclusive"
    SKIPPED = "skipped"
    ERROR = "error"
    CONFLICT = "conflict"

    @property
    def message(self) -> str:
        return _MESSAGES[self]

    @property
    def positive(self) -> bool:
        return self in _POSITIVE_ORDER

    def __str__(self) -> str:  # pragma: no cover - convenience
        return self.value


_MESSAGES = {
    Verdict.PROVED: "exact symbolic identity: the difference simplifies to zero under the stated assumptions",
    Verdict.CERTIFIED: "a rigorous enclosure shows the statement over the whole stated box",
    Verdict.HOLDS: "no violation found at the stated precision over the stated points (evidence, not proof)",
    Verdict.CONFIRMED: "a training experiment matches the stated prediction within its tolerance",
    Verdict.REFUTED: "a witness violates the claim and re-verifies independently",
    Verdict.INCONCLUSIVE: "not decided (simplification did not close, trend ambiguous, or time ran out)",
    Verdict.SKIPPED: "a requirement is missing",
    Verdict.ERROR: "the check itself crashed: a bug to fix",
    Verdict.CONFLICT: "a proof or certificate of the whole statement stands beside evidence against it: "
                      "one of them is wrong, and both are reported",
}

# strongest first; "weakest positive" is the last one present
_POSITIVE_ORDER = (Verdict.PROVED, Verdict.CERTIFIED, Verdict.HOLDS, Verdict.CONFIRMED)


def weakest_positive(verdicts) -> Verdict:
    present = [v for v in verdicts if v.positive]
    if not present:
        raise ValueError("no positive verdicts to combine")
    return max(present, key=_POSITIVE_ORDER.index)


def combine_findings(verdicts: list[Verdict]) -> Verdict:
    """Verdict of one check from the verdicts of its findings."""
    if not verdicts:
        return Verdict.ERROR
    for dominant in (Verdict.REFUTED, Verdict.ERROR, Verdict.INCONCLUSIVE):
        if dominant in verdicts:
            return dominant
    if all(v is Verdict.SKIPPED for v in verdicts):
        return Verdict.SKIPPED
    rest = [v for v in verdicts if v is not Verdict.SKIPPED]
    if len(rest) != len(verdicts):
        # part of the check could not run: what ran is not the whole check
        return Verdict.INCONCLUSIVE
    return weakest_positive(rest)


def combine_checks(results, conclusions=("statement",), *, declared: bool = False) -> Verdict | None:
    """Verdict of a claim from (check verdict, conclusions the check covers[, evidence against[, conclusions
    it addresses]]) tuples.

    The second entry is the set of conclusion names the engine found the check's proof or certificate to
    cover (`_coverage`; True stands for every conclusion, False for none); the fourth, the conclusions the
    check addresses at all (its search or experiment is about them; default: the second). Returns None when the claim has no checks
    (status "stated"). An inconclusive check without evidence against the claim (a symbolic attempt
    that did not close, a vacuous sample) does not hide checks that together cover the statement: the
    claim gets the decisive evidence and the report shows the attempt beside it. Where the claim declares
    its conclusions (`declared`), one that no positive check addresses leaves the claim inconclusive: a
    sentence nobody checked is not evidence.
    """
    if not results:
        return None
    wanted = set(conclusions)

    def covered(c):
        return wanted if c is True else set() if c in (False, None) else set(c)
    ran = [(r[0], covered(r[1]), bool(r[2]) if len(r) > 2 else False, covered(r[3] if len(r) > 3 else r[1]))
           for r in results if r[0] is not Verdict.SKIPPED]
    if not ran:
        return Verdict.SKIPPED
    verdicts = [v for v, _, _, _ in ran]
    proofs = set().union(*(c for v, c, _, _ in ran if v is Verdict.PROVED))
    strong = set().union(*(c for v, c, _, _ in ran if v in (Verdict.PROVED, Verdict.CERTIFIED)))
    against = any(ag for _, _, ag, _ in ran)
    if strong >= wanted and (Verdict.REFUTED in verdicts or against):
        return Verdict.CONFLICT
    for dominant in (Verdict.REFUTED, Verdict.ERROR):
        if dominant in verdicts:
            return dominant
    if proofs >= wanted:
        return Verdict.PROVED
    if strong >= wanted:
        return Verdict.CERTIFIED
    addressed = set().union(*(a for v, _, _, a in ran if v.positive))
    if declared and any(v.positive for v in verdicts) and not addressed >= wanted:
        return Verdict.INCONCLUSIVE
    if Verdict.INCONCLUSIVE in verdicts:
        decisive = addressed >= wanted
        if against or not decisive:
            return Verdict.INCONCLUSIVE
    demoted = [Verdict.HOLDS if v in (Verdict.PROVED, Verdict.CERTIFIED) else v for v in verdicts if v.positive]
    return weakest_positive(demoted)
