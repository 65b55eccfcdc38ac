"""Quality tests: perturb a printed constant or exponent of every claim that passes and require
that it no longer passes (a check that cannot fail is a defect)."""

import pytest

from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks
from symrnn._verdict import combine_checks
from symrnn.internal import mutations

REG = Registry.discover()
CLAIMS = [c for c in REG.select(["li2022"]) if c.checks and c.printed and c.kind != "correction"]
SLOW = {"li2022.eq131", "li2022.thm57", "li2022.thm61", "li2022.eq142", "li2022.thm58", "li2022.thm58_proof_iii"}


def verdict(claim, printed):
    # in worker processes with a time limit: a perturbed formula can make simplification slow,
    # and running out of time counts as "no longer passes" (inconclusive)
    opts = RunOptions(jobs=2, dps=30, quick=True, timeout=60, printed_overrides={claim.id: printed})
    results = run_checks([claim], opts)
    return combine_checks([(r.verdict, r.full) for r in results])


def killed_by_some_mutation(claim):
    tried = []
    for key, value in claim.printed.items():
        for desc, new in mutations(value, limit=3):
            v = verdict(claim, {**claim.printed, key: new})
            tried.append((key, desc, v.value))
            if not v.positive:
                return True, tried
    return False, tried


@pytest.mark.parametrize("claim", [pytest.param(c, marks=pytest.mark.slow) if c.id in SLOW else c for c in CLAIMS],
                         ids=lambda c: c.id)
def test_a_perturbed_printed_formula_no_longer_passes(claim):
    if not verdict(claim, claim.printed).positive:
        pytest.skip(f"{claim.id} does not pass as printed; mutation testing applies to passing claims")
    killed, tried = killed_by_some_mutation(claim)
    assert killed, f"no perturbation changed the verdict: {tried}"


def test_mutations_exist_for_every_claim_with_formulas():
    for c in CLAIMS:
        assert any(mutations(v) for v in c.printed.values()), c.id
