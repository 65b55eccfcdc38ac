"""Running one check in this process and freezing what it recorded; the results a runner makes for a check that did
not run to its end (a missing requirement, its time limit, a crashed worker)."""

from __future__ import annotations

import time
import traceback

from ._claims import Check, Claim
from ._evidence import CheckResult, Finding
from ._verdict import Verdict, combine_findings


def _summary(verdict: Verdict, findings: list[Finding], error: str) -> str:
    if error:
        return f"error: {error.strip().splitlines()[-1]}"
    if not findings:
        return "vacuous: the check recorded no finding"
    decisive = [f for f in findings if f.verdict is verdict] or findings
    if verdict.positive:
        return f"{verdict.value}: {len(findings)} finding(s), all {', '.join(sorted({f.verdict.value for f in findings}))}"
    f = decisive[0]
    return f"{verdict.value}: {f.title}" + (f" ({f.detail})" if f.detail else "")


def execute_check(claim: Claim, check: Check, *, dps: int, seed: int, quick: bool,
                  printed: dict | None = None) -> CheckResult:
    """Run one check in this process and freeze what it recorded."""
    from ._context import CheckContext       # SymPy: imported when a check runs, not when the CLI starts

    ctx = CheckContext(claim_id=claim.id, check_name=check.name, dps=dps, seed=seed,
                       printed=dict(claim.printed if printed is None else printed),
                       replay=check.replay, quick=quick, recheck=check.recheck, evaluators=check.evaluators,
                       hypotheses=claim.hypotheses_for(check.name), needs_hypotheses=bool(claim.assumptions),
                       strict=claim.paper.strict, replay_path=claim.paper.replay_path, variables=claim.variables,
                       relations=claim.relations)
    from .numeric._precision import precision_log

    precision_log(reset=True)
    start, cpu_start = time.perf_counter(), time.process_time()
    error = ""
    try:
        check.fn(ctx)
    except Exception:  # noqa: BLE001 - a crashing check is reported, not propagated
        error = traceback.format_exc()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    findings = list(ctx.record.findings)
    if error:
        verdict = Verdict.ERROR
        findings.append(Finding(Verdict.ERROR, "the check raised", error.strip().splitlines()[-1]))
    else:
        verdict = combine_findings([f.verdict for f in findings])
    return CheckResult(
        claim_id=claim.id, check=check.name, layer=check.layer, full=check.full, scope=check.scope,
        verdict=verdict, summary=_summary(verdict, findings, error), findings=tuple(findings),
        steps=tuple(ctx.record.steps), tables=tuple(ctx.record.tables), plots=tuple(ctx.record.plots),
        witnesses=tuple(ctx.record.witnesses), seconds=round(seconds, 3), dps=dps, seed=seed, error=error,
        max_dps=precision_log(), controls=tuple(ctx.record.controls), fidelity=ctx.record.fidelity,
        cpu_seconds=round(cpu, 3))


def _skipped(claim: Claim, check: Check, why: str) -> CheckResult:
    return CheckResult(claim_id=claim.id, check=check.name, layer=check.layer, full=check.full,
                       scope=check.scope, verdict=Verdict.SKIPPED, summary=f"skipped: {why}",
                       findings=(Finding(Verdict.SKIPPED, "requirement missing", why),))


def _timed_out(claim: Claim, check: Check, limit: float, opts) -> CheckResult:
    why = f"time ran out after {limit:g} s (raise it with --timeout)"
    return CheckResult(claim_id=claim.id, check=check.name, layer=check.layer, full=check.full,
                       scope=check.scope, verdict=Verdict.INCONCLUSIVE, summary=f"inconclusive: {why}",
                       findings=(Finding(Verdict.INCONCLUSIVE, "timeout", why),), seconds=limit,
                       dps=opts.dps, seed=opts.seed)


def _crashed(claim: Claim, check: Check, text: str) -> CheckResult:
    return CheckResult(claim_id=claim.id, check=check.name, layer=check.layer, full=check.full, scope=check.scope,
                       verdict=Verdict.ERROR, summary="error: worker crashed", error=text,
                       findings=(Finding(Verdict.ERROR, "worker crashed", text.strip().splitlines()[-1]),))
