"""Shared by the derivation tests (issue 19): a check proved in general, as the engine decides coverage."""

from symrnn import Verdict
from symrnn._coverage import coverage
from symrnn._ledger import outcomes
from symrnn._runner import RunOptions, run_checks

from ._shared import CACHE


def assert_general(registry, paper: str, pairs) -> dict:
    """For each (claim key, check name): the claim is proved, the check covers every conclusion with no reason against,
    every positive finding is general, and the findings name every declared variable. Returns the outcomes."""
    claims = [registry.get(f"{paper}.{k}") for k, _ in pairs]
    outs = {o.claim.key: o for o in outcomes(registry, claims, run_checks(claims, RunOptions(cache=CACHE, jobs=1, quick=True,
                                                                                                timeout=300)))}
    for key, check in pairs:
        o = outs[key]
        assert o.verdict is Verdict.PROVED, key
        result = next(r for r in o.results if r.check == check)
        cov = coverage(o.claim, result, registry.get)
        assert cov.covers == set(o.claim.conclusion_names()) and cov.reason == "", (key, cov.reason)
        # a case's findings speak for its part only; the case split's own finding is the general one
        positive = [f for f in result.findings if f.verdict.positive and f.scope != "case"]
        assert positive and all(f.scope == "general" for f in positive), key
        named = set().union(*(f.over for f in positive))
        # a variable declared .through(names) is named by an argument in those names
        unnamed = {v for v, d in o.claim.variables.items() if not ({v, *d.via} & named)}
        assert not unnamed, (key, unnamed)
    return outs
