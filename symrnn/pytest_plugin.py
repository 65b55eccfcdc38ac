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
    """Append one item per claim of the --symrnn paths (nothing when the option is absent).

    Items are named after the claim file or package they come from (`derivations/mypaper::mypaper.lemma1`,
    relative to the rootdir, as pytest names test files); a path that cannot be loaded (a syntax error, no
    paper) is one failing item with the message, not an INTERNALERROR."""
    paths = config.getoption("symrnn")
    if not paths:
        return
    from ._errors import SymrnnError
    from ._registry import Registry

    pins = {}
    if config.getoption("symrnn_pins"):
        pins = json.loads(Path(config.getoption("symrnn_pins")).read_text())
    registries = []
    for p in paths:
        parent = ClaimCollector.from_parent(session, name=_nodepath(session, Path(p)),
                                            nodeid=_nodepath(session, Path(p)))
        try:
            registries.append((parent, Registry.discover([Path(p)])))
        except SymrnnError as exc:
            items.append(LoadFailure.from_parent(parent, name="load", message=str(exc)))
    everything = Registry()
    for parent, reg in list(registries):
        twice = [k for k, paper in reg.papers.items() if everything.papers.get(k, paper) is not paper]
        if twice:
            registries.remove((parent, reg))
            items.append(LoadFailure.from_parent(parent, name="load", message=(
                f"paper(s) {', '.join(map(repr, twice))} declared twice (here and in an earlier --symrnn path)")))
        else:
            everything.papers.update(reg.papers)
    for parent, reg in registries:
        for claim in reg.all_claims():
            items.append(ClaimItem.from_parent(parent, name=claim.id, claim=claim, registry=everything,
                                               pin=pins.get(claim.id)))


def _nodepath(session, path: Path) -> str:
    """The claim path as pytest names files: relative to the rootdir when inside it, else absolute."""
    full = path.resolve()
    try:
        return full.relative_to(session.config.rootpath).as_posix()
    except ValueError:
        return full.as_posix()


class ClaimCollector(pytest.Collector):
    def collect(self):  # pragma: no cover - items are added in pytest_collection_modifyitems
        return []


class LoadFailure(pytest.Item):
    """A --symrnn path whose claim files could not be loaded: fails with symrnn's one-line message."""

    def __init__(self, *, message, **kw):
        super().__init__(**kw)
        self.message = message

    def runtest(self):
        raise ClaimFailure(self.message)

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.parent.name, None, "load claim files"


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
        return self.parent.name, None, f"claim {self.claim.id}"


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
