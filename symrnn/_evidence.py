"""What a check leaves behind: findings, derivation steps, tables, a witness; JSON round-trip."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ._experiments import Control, SetupRow
from ._verdict import Verdict


@dataclass(frozen=True)
class Step:
    """One derivation step: a sentence, and optionally a displayed formula (LaTeX)."""

    text: str
    latex: str | None = None


@dataclass(frozen=True)
class Table:
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Plot:
    """Data for a figure; the report draws it (so cached evidence never points at a lost file).

    `lines` holds (label, xs, ys) with numbers as strings (exact or high-precision decimals).
    """

    name: str
    caption: str
    xlabel: str
    ylabel: str
    lines: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]
    logx: bool = False
    logy: bool = False


@dataclass(frozen=True)
class Witness:
    """A re-verified counterexample, printed as a call to paste back (G4)."""

    params: dict[str, str]
    values: dict[str, str]
    certificate: str
    recheck: str
    replay: str
    irrelevant: tuple[str, ...] = ()
    # each declared hypothesis verified at the witness: (name, text, how, detail)
    hypotheses: tuple[tuple[str, str, str, str], ...] = ()
    # the evaluators that found and re-checked it, by name, and whether they are independent
    evaluators: tuple[str, ...] = ()
    independent: bool = False


@dataclass(frozen=True)
class Finding:
    verdict: Verdict
    title: str
    detail: str = ""
    against: bool = False       # evidence against the claim that is not a refutation (a growing ratio)
    # what a positive finding establishes, as the engine saw it: "general" (an argument in the symbols
    # `over`, over their declared domains), "instance" (a value at concrete arguments), "part" (a general
    # argument over less than the declared domain); "" for findings that decide nothing
    scope: str = ""
    over: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckResult:
    claim_id: str
    check: str
    layer: str
    full: bool
    scope: str
    verdict: Verdict
    summary: str
    findings: tuple[Finding, ...] = ()
    steps: tuple[Step, ...] = ()
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()
    witnesses: tuple[Witness, ...] = ()
    seconds: float = 0.0
    cached: bool = False
    dps: int = 0
    seed: int = 0
    error: str = ""
    max_dps: int = 0          # largest working precision the check asked for (0: exact arithmetic only)
    # an experiment's predictions with their positive and negative controls, and its fidelity table
    controls: tuple[Control, ...] = ()
    fidelity: tuple[SetupRow, ...] = ()
    # CPU seconds of the process that ran the check (its threads included; `seconds` is wall time): the two differ
    # on a shared machine, and `make bench` reports both
    cpu_seconds: float = 0.0

    def _repr_html_(self) -> str:          # Jupyter: one check's verdict, findings and witnesses
        from .report._html import check_html

        return check_html(self)

    def _repr_latex_(self) -> str:
        from .report._html import check_latex

        return check_latex(self)

    def to_json(self) -> dict:
        d = dataclasses.asdict(self)
        d["verdict"] = self.verdict.value
        d["findings"] = [dict(f, verdict=f["verdict"].value) for f in d["findings"]]
        return d

    @classmethod
    def from_json(cls, d: dict) -> "CheckResult":
        d = dict(d)
        d["verdict"] = Verdict(d["verdict"])
        d["findings"] = tuple(Finding(Verdict(f["verdict"]), f["title"], f["detail"], bool(f.get("against", False)),
                                      f.get("scope", ""), tuple(f.get("over", ())))
                              for f in d["findings"])
        d["steps"] = tuple(Step(**s) for s in d["steps"])
        d["tables"] = tuple(
            Table(t["caption"], tuple(t["header"]), tuple(tuple(r) for r in t["rows"])) for t in d["tables"]
        )
        d["plots"] = tuple(Plot(**dict(p, lines=tuple((ln[0], tuple(ln[1]), tuple(ln[2])) for ln in p["lines"])))
                           for p in d.get("plots", ()))
        d["controls"] = tuple(Control(**c) for c in d.get("controls", ()))
        d["fidelity"] = tuple(SetupRow(**r) for r in d.get("fidelity", ()))
        d["witnesses"] = tuple(
            Witness(**dict(w, irrelevant=tuple(w.get("irrelevant", ())),
                           hypotheses=tuple(tuple(h) for h in w.get("hypotheses", ())),
                           evaluators=tuple(w.get("evaluators", ()))))
            for w in d["witnesses"]
        )
        return cls(**d)

    @property
    def against(self) -> bool:
        """Whether a finding of this check is evidence against the claim (not a refutation)."""
        return any(f.against for f in self.findings)

    def replace(self, **changes) -> "CheckResult":
        return dataclasses.replace(self, **changes)


@dataclass
class Recorder:
    """Mutable collection point filled by a running check; frozen into a CheckResult."""

    findings: list[Finding] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    plots: list[Plot] = field(default_factory=list)
    witnesses: list[Witness] = field(default_factory=list)
    controls: list[Control] = field(default_factory=list)
    fidelity: tuple[SetupRow, ...] = ()
