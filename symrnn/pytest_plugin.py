"""pytest integration: `pytest --symrnn PATH` runs the claims of a claim file or package as test items.

Installed with symrnn (entry point `pytest11`), inert unless `--symrnn` is given:

    pytest --symrnn derivations/mypaper                 # one item per claim
    pytest --symrnn derivations/mypaper --symrnn-pins pins.json

A crashed check fails its item. A refuted or inconclusive claim is a *finding*, not a failure: it
passes, and the terminal summary lists it with its witness and replay command. With
`--symrnn-pins FILE` (a JSON object claim id -> verdict, as `--symrnn-write-pins FILE` writes it)
every verdict must equal its pin, so a change of verdict fails the run.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("symrnn", "symrnn claims as test items")
    group.addoption("--symrnn", action="append", default=[], metavar="PATH",
                    help="claim file, package or folder whose claims run as test items (repeatable)")
    group.addoption("--symrnn-pins", metavar="FILE", help="JSON {claim id: verdict}; a different verdict fails")
    group.addoption("--symrnn-write-pins", metavar="FILE", help="write the verdicts as pins after the run")
    group.addoption("--symrnn-quick", action="store_true", help="run the checks in quick mode")
    group.addoption("--symrnn-dps", type=int, default=50, help="decimal digits for numeric work (default 50)")


def pytest_configure(config):
    config._symrnn_findings = []
    config._symrnn_verdicts = {}


def pytest_collection_modifyitems(session, config, items):
    """Append one item per claim of the --symrnn paths (nothing when the option is absent)."""
    paths = config.getoption("symrnn")
    if not paths:
        return
    from ._registry import Registry

    registry = Registry.discover([Path(p) for p in paths])
    pins = {}
    if config.getoption("symrnn_pins"):
        pins = json.loads(Path(config.getoption("symrnn_pins")).read_text())
    parent = ClaimCollector.from_parent(session, name="symrnn", nodeid="symrnn")
    for claim in registry.all_claims():
        items.append(ClaimItem.from_parent(parent, name=claim.id, claim=claim, registry=registry,
                                           pin=pins.get(claim.id)))


class ClaimCollector(pytest.Collector):
    def collect(self):  # pragma: no cover - items are added in pytest_collection_modifyitems
        return []


class ClaimFailure(Exception):
    pass


class ClaimItem(pytest.Item):
    def __init__(self, *, claim, registry, pin, **kw):
        super().__init__(**kw)
        self.claim, self.registry, self.pin = claim, registry, pin

    def runtest(self):
        from ._ledger import outcomes
        from ._runner import RunOptions, run_checks
        from ._verdict import Verdict

        cfg = self.config
        opts = RunOptions(jobs=1, dps=cfg.getoption("symrnn_dps"), quick=cfg.getoption("symrnn_quick"),
                          resolve=self.registry.get)
        results = run_checks([self.claim], opts)
        (out,) = outcomes(self.registry, [self.claim], results)
        cfg._symrnn_verdicts[self.claim.id] = out.label
        crashed = [r for r in results if r.verdict is Verdict.ERROR]
        if crashed:
            raise ClaimFailure("\n".join(f"{r.claim_id}:{r.check} crashed:\n{r.error}" for r in crashed))
        if out.verdict in (Verdict.REFUTED, Verdict.INCONCLUSIVE):
            lines = []
            for r in results:
                if not r.verdict.positive:
                    lines.append(f"  {r.check}: {r.summary}")
                    lines += [f"    witness: {w.replay}" for w in r.witnesses]
            cfg._symrnn_findings.append((self.claim, self.registry, lines))
        if self.pin is not None and out.label != self.pin:
            raise ClaimFailure(f"{self.claim.id}: verdict {out.label}, pinned {self.pin}")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ClaimFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.claim.paper.module_file or "", None, f"claim {self.claim.id}"


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    findings = getattr(config, "_symrnn_findings", [])
    if findings:
        from ._severity import severity
        from ._verdict import Verdict

        # the weight of a refutation depends on the verdicts of its corrections: known once all items ran
        known = {cid: Verdict(v) for cid, v in config._symrnn_verdicts.items() if v in {x.value for x in Verdict}}
        terminalreporter.section("symrnn findings (refuted or inconclusive claims)")
        for claim, registry, lines in findings:
            sev = severity(claim, known, registry.all_claims())
            head = f"{claim.id} ({claim.label}): {known[claim.id].value}"
            terminalreporter.write_line(head + (f" [{sev.level}: {sev.reason}]" if sev else ""))
            for line in lines:
                terminalreporter.write_line(line)
    target = config.getoption("symrnn_write_pins", default=None)
    if target and config._symrnn_verdicts:
        Path(target).write_text(json.dumps(dict(sorted(config._symrnn_verdicts.items())), indent=1) + "\n")
        terminalreporter.write_line(f"symrnn: wrote pins to {target}")
