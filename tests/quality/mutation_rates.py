"""Mutation testing of the claim files: perturb a printed constant, exponent or formula of every claim
that passes as printed and require the perturbation to be *refuted* (a re-checked witness). A
perturbation that only makes the claim inconclusive, crash or time out is a survivor: the check
could not tell the wrong formula from the right one.

    python -m tests.quality.mutation_rates li2022 li2021 [--out reports/mutations.json]

prints the kill rate per paper and the survivors; tests/quality/test_mutations.py pins them.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field

from symrnn import Verdict
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks
from symrnn._verdict import combine_checks
from symrnn.internal import mutations

# checks that take minutes per perturbation: run only with --all (and in the slow test)
SLOW = {"li2022.eq131", "li2022.thm57", "li2022.thm61", "li2022.eq142", "li2022.thm58", "li2022.thm58_proof_iii"}


@dataclass
class Outcome:
    claim_id: str
    status: str                         # killed | survived | not passing | no mutation
    tried: list = field(default_factory=list)   # (printed key, perturbation, verdict)


def verdict(claim, printed, *, resolve, timeout: float = 60.0) -> Verdict | None:
    """The claim's verdict with `printed` in place of its printed dict (quick mode, a worker per check)."""
    opts = RunOptions(jobs=2, dps=30, quick=True, timeout=timeout, printed_overrides={claim.id: printed},
                      resolve=resolve)
    results = run_checks([claim], opts)
    return combine_checks([(r.verdict, r.full) for r in results])


def mutation_candidates(registry: Registry, papers) -> list:
    """Claims with printed mathematics and checks of their own (corrections included; same_as twins
    share their twin's checks and are tested there)."""
    return [c for c in registry.select(list(papers)) if c.checks and c.printed and not c.same_as]


def outcome(claim, *, resolve, limit: int = 3) -> Outcome:
    v = verdict(claim, claim.printed, resolve=resolve)
    if v is None or not v.positive:
        return Outcome(claim.id, "not passing", [("", "as printed", v.value if v else "none")])
    out = Outcome(claim.id, "survived")
    any_mutation = False
    for key, value in claim.printed.items():
        for desc, new in mutations(value, limit=limit):
            any_mutation = True
            got = verdict(claim, {**claim.printed, key: new}, resolve=resolve)
            out.tried.append((key, desc, got.value if got else "none"))
            if got is Verdict.REFUTED:
                out.status = "killed"
                return out
    if not any_mutation:
        out.status = "no mutation"
    return out


def rates(outcomes: list[Outcome]) -> dict:
    by_paper: dict[str, dict] = {}
    for o in outcomes:
        paper = o.claim_id.split(".")[0]
        d = by_paper.setdefault(paper, {"killed": 0, "survived": 0, "not passing": 0, "no mutation": 0,
                                        "survivors": []})
        d[o.status] += 1
        if o.status == "survived":
            d["survivors"].append(o.claim_id)
    for d in by_paper.values():
        tested = d["killed"] + d["survived"]
        d["kill rate"] = round(d["killed"] / tested, 3) if tested else None
    return by_paper


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("papers", nargs="+")
    ap.add_argument("--out")
    ap.add_argument("--all", action="store_true", help="include the slow claims")
    args = ap.parse_args(argv)
    reg = Registry.discover()
    outs = []
    for c in mutation_candidates(reg, args.papers):
        if c.id in SLOW and not args.all:
            continue
        o = outcome(c, resolve=reg.get)
        print(f"{o.claim_id:36s} {o.status:12s} {o.tried[-1] if o.tried else ''}", flush=True)
        outs.append(o)
    summary = rates(outs)
    print(json.dumps({p: {k: v for k, v in d.items()} for p, d in summary.items()}, indent=1))
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({"rates": summary, "outcomes": [o.__dict__ for o in outs]}, fh, indent=1)


if __name__ == "__main__":
    main()
