import pytest

from symrnn import Verdict
from symrnn._verdict import combine_checks, combine_findings

P, C, H, F = Verdict.PROVED, Verdict.CERTIFIED, Verdict.HOLDS, Verdict.CONFIRMED
R, I, S, E = Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.SKIPPED, Verdict.ERROR


@pytest.mark.parametrize("findings, expected", [
    ([], E),                      # a check that asserted nothing is a bug
    ([P, P], P),
    ([P, H], H),                  # never merged into the stronger word
    ([P, C], C),
    ([H, F], F),
    ([P, I], I),
    ([P, R, I], R),               # refuted dominates
    ([P, E], E),
    ([R, E], R),
    ([S], S),
    ([P, S], I),                  # part of the check could not run
], ids=lambda v: "-".join(x.value for x in v) if isinstance(v, list) else v.value)
def test_combine_findings(findings, expected):
    assert combine_findings(findings) is expected


@pytest.mark.parametrize("checks, expected", [
    ([], None),
    ([(P, True)], P),
    ([(P, False)], H),            # proved on instances only: holds
    ([(P, False), (C, True)], C),
    ([(P, True), (I, False)], P),  # a full proof settles the claim
    ([(H, False), (I, False)], I),
    ([(H, False), (F, False)], F),
    # a proof that covers the whole statement beside a refutation or evidence against it: a conflict (issue 19)
    ([(P, True), (R, False)], Verdict.CONFLICT),
    ([(C, True), (I, False, True)], Verdict.CONFLICT),
    ([(P, False), (R, False)], R),
    # conclusions covered by different checks add up; one left uncovered keeps the claim at holds
    ([(P, {"a"}), (P, {"b"})], H),
    ([(P, True), (E, False)], E),
    ([(S, False)], S),
    ([(S, False), (H, False)], H),
    # an inconclusive attempt does not hide a positive check that covers the full statement ...
    ([(H, True), (I, False)], H),
    ([(F, True), (I, False), (P, False)], F),
    ([(H, True), (I, True, False)], H),
    # ... but evidence against the claim does, and so does an undecided part beside partial evidence
    ([(H, True), (I, False, True)], I),
    ([(H, False), (I, False, False)], I),
    ([(H, True), (I, False), (R, False)], R),
], ids=str)
def test_combine_checks(checks, expected):
    assert combine_checks(checks) is expected


def test_conclusions_covered_by_separate_checks_add_up():
    assert combine_checks([(P, {"a"}), (P, {"b"})], ("a", "b")) is P
    assert combine_checks([(P, {"a"}), (C, {"b"})], ("a", "b")) is C
    assert combine_checks([(P, {"a"}), (H, False, False, {"b"})], ("a", "b")) is H


def test_every_verdict_has_a_message():
    for v in Verdict:
        assert v.message and isinstance(v.message, str)
    assert {v for v in Verdict if v.positive} == {P, C, H, F}


def test_a_declared_conclusion_no_check_addresses_leaves_the_claim_inconclusive():
    assert combine_checks([(P, {"a"})], ("a", "b"), declared=True) is I
    assert combine_checks([(P, {"a"}), (H, False, False, {"b"})], ("a", "b"), declared=True) is H
