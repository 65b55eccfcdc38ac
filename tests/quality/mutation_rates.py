"""Mutation testing of the claim files: perturb a printed constant, exponent or formula of every claim
that passes as printed and require the perturbation to be *refuted* (a re-checked witness). A
perturbation that only makes the claim inconclusive, crash or time out is a survivor: the check
could not tell the wrong formula from the right one.

    python -m tests.quality.mutation_rates li2022 li2021 [--out reports/mutations.json]
    nice -n 10 python -m tests.quality.mutation_rates cayci2024 ck2023 --jobs 1 --cache .mutation-cache

prints the kill rate per paper and the survivors; tests/quality/test_mutations.py pins them (with --killers
tests/quality/killers.json, the perturbation that killed each claim, which the default suite tries first). With
--cache the check results (as printed and perturbed; the key covers the check's code, the engine and
the perturbed printed objects) are kept, so a re-run after a change re-runs only what it affects.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import time
from dataclasses import dataclass, field

from symrnn import Verdict
from symrnn._cache import Cache
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
    seconds: float = 0.0


def verdict(claim, printed, *, resolve, timeout: float = 60.0, jobs: int = 1, cache: Cache | None = None) -> Verdict | None:
    """The claim's verdict with `printed` in place of its printed dict (quick mode, dps 30)."""
    return verdicts([claim], {claim.id: printed}, resolve=resolve, timeout=timeout, jobs=jobs, cache=cache).get(claim.id)


def verdicts(claims, printed: dict, *, resolve, timeout: float = 60.0, jobs: int = 1,
             cache: Cache | None = None) -> dict[str, Verdict | None]:
    """Each claim's verdict with printed[claim id] in place of its printed dict, all in one run (quick, dps 30)."""
    opts = RunOptions(jobs=jobs, dps=30, quick=True, timeout=timeout, printed_overrides=printed, resolve=resolve,
                      cache=cache)
    by_claim: dict[str, list] = {}
    for r in run_checks(list(claims), opts):
        by_claim.setdefault(r.claim_id, []).append((r.verdict, r.full))
    return {cid: combine_checks(v) for cid, v in by_claim.items()}


def killer_verdicts(claims, killers: dict, *, resolve, limit: int = 3, timeout: float = 60.0, jobs: int = 1,
                    cache: Cache | None = None) -> dict[str, Verdict | None]:
    """Each claim's verdict with its recorded killer in place (`killers`: claim id -> (printed key, perturbation)),
    all claims in one run: its workers go on from claim to claim instead of starting again for each (what `outcome`
    would try first for each claim, at the same settings). Claims without a killer among their perturbations are
    left out."""
    overrides = {}
    for c in claims:
        key, desc = killers.get(c.id, ("", ""))
        new = next((n for d, n in mutations(c.printed[key], limit=limit) if d == desc), None) \
            if key in c.printed else None
        if new is not None:
            overrides[c.id] = {**c.printed, key: new}
    return verdicts([c for c in claims if c.id in overrides], overrides, resolve=resolve, timeout=timeout, jobs=jobs,
                    cache=cache)


def mutation_candidates(registry: Registry, papers) -> list:
    """Claims with printed mathematics and checks of their own (corrections included; same_as twins
    share their twin's checks and are tested there)."""
    return [c for c in registry.select(list(papers)) if c.checks and c.printed and not c.same_as]


def outcome(claim, *, resolve, limit: int = 3, timeout: float = 60.0, jobs: int = 1,
            cache: Cache | None = None, first: tuple[str, str] | None = None,
            as_printed: Verdict | None = None) -> Outcome:
    """first: (printed key, perturbation) to try before the others (the one that killed the claim when last
    measured: the default suite then runs two checks per claim instead of up to eight).
    as_printed: the claim's verdict as printed where another test already established it (the derivation tests pin
    each claim's quick verdict): the checks as printed are then not run a second time."""
    start = time.monotonic()
    run = dict(resolve=resolve, timeout=timeout, jobs=jobs, cache=cache)
    v = as_printed if as_printed is not None else verdict(claim, claim.printed, **run)
    if v is None or not v.positive:
        return Outcome(claim.id, "not passing", [("", "as printed", v.value if v else "none")],
                       time.monotonic() - start)
    out = Outcome(claim.id, "survived")
    any_mutation = False
    tries = [(key, desc, new) for key, value in claim.printed.items() for desc, new in mutations(value, limit=limit)]
    tries.sort(key=lambda t: (t[0], t[1]) != tuple(first or ()))          # stable: `first` ahead, the rest in order
    for key, desc, new in tries:
        any_mutation = True
        got = verdict(claim, {**claim.printed, key: new}, **run)
        out.tried.append((key, desc, got.value if got else "none"))
        if got is Verdict.REFUTED:
            out.status = "killed"
            out.seconds = time.monotonic() - start
            return out
    if not any_mutation:
        out.status = "no mutation"
    out.seconds = time.monotonic() - start
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
    ap.add_argument("papers", nargs="+", help="paper keys, or claim-id globs ('cayci2024.eq2*')")
    ap.add_argument("--out", help="JSON file with the rates and every outcome (rewritten after each claim)")
    ap.add_argument("--all", action="store_true", help="include the slow claims")
    ap.add_argument("--jobs", type=int, default=1, help="workers per claim (default 1)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per check (default 60)")
    ap.add_argument("--cache", help="cache directory for check results (default: none)")
    ap.add_argument("--killers", help="JSON file {claim id: [printed key, perturbation]} of the perturbation that "
                                      "killed each claim, updated (the default suite tries it first: "
                                      "tests/quality/killers.json)")
    args = ap.parse_args(argv)
    reg = Registry.discover()
    papers = sorted({p.split(".")[0] for p in args.papers})
    globs = [p if "." in p else p + ".*" for p in args.papers]
    cache = Cache(args.cache) if args.cache else None
    outs = []
    for c in mutation_candidates(reg, papers):
        if (c.id in SLOW and not args.all) or not any(fnmatch.fnmatchcase(c.id, g) for g in globs):
            continue
        o = outcome(c, resolve=reg.get, timeout=args.timeout, jobs=args.jobs, cache=cache)
        print(f"{o.claim_id:36s} {o.status:12s} {o.seconds:7.1f}s {o.tried[-1] if o.tried else ''}", flush=True)
        outs.append(o)
        if args.out:
            with open(args.out, "w") as fh:
                json.dump({"rates": rates(outs), "outcomes": [o.__dict__ for o in outs]}, fh, indent=1)
    summary = rates(outs)
    print(json.dumps(summary, indent=1))
    if args.killers:
        try:
            with open(args.killers) as fh:
                known = json.load(fh)
        except FileNotFoundError:
            known = {}
        known.update({o.claim_id: list(o.tried[-1][:2]) for o in outs if o.status == "killed"})
        with open(args.killers, "w") as fh:
            json.dump(dict(sorted(known.items())), fh, indent=1)
            fh.write("\n")


if __name__ == "__main__":
    main()
