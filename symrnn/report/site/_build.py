"""Render the blueprint site with Jinja2 (HTML autoescaping; formulas come in as MathML markup)."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from markupsafe import Markup

from ... import __version__
from ..._atomic import write_text_atomic
from ..._errors import MissingDependency
from ..._ledger import root_error_counts
from ..._severity import ORDER, finding_rank
from ..._verdict import Verdict
from . import _markup
from .._graph import _FILL
from ._graph_svg import anchor, graph_svg
from ._source import claim_locations

ASSETS = ("site.css", "site.js")
# every label a claim can have, in the order the filters list them
LABELS = ("proved", "certified", "holds", "confirmed", "refuted", "conflict", "inconclusive", "error", "skipped",
          "unchecked", "definition", "discursive")
_FINDINGS = (Verdict.REFUTED, Verdict.CONFLICT, Verdict.ERROR, Verdict.INCONCLUSIVE)


@dataclass
class SiteResult:
    index: Path
    pages: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)      # what the user should know (no graph, formulas not rendered)


def _display_tex(tex: str) -> Markup:
    """A derivation step's display (several lines, maybe aligned) as one MathML block."""
    tex = str(tex).strip()
    if "\\\\" in tex and "\\begin{" not in tex:
        tex = ("\\begin{split}" if "&" in tex else "\\begin{array}{c}") + tex + \
            ("\\end{split}" if "&" in tex else "\\end{array}")
    return _markup.mathml(tex, display=True)


def _sympy_mathml(expr) -> Markup:
    import sympy

    return _markup.mathml(sympy.latex(expr), display=False)


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.PackageLoader("symrnn.report.site", "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    # evidence text is ASCII mathematics, or TeX where it carries dollar signs (a check's scope quoting the paper)
    env.filters.update(statement=_markup.statement_html, ev=_markup.prose_html, prose=_markup.prose_html,
                       domain=_markup.domain_html, cell=_markup.cell_html,
                       display=_display_tex, sympy=_sympy_mathml, anchor=anchor, searchable=_markup.plain_text)
    env.globals["zip"] = zip
    return env


def claim_href(claim_id: str, here: str, keys) -> str | None:
    """Where a claim is on the site from the page of paper `here`: '#anchor' on the same page,
    '<paper>.html#anchor' on another paper's page, None when its paper is not on the site."""
    paper = str(claim_id).split(".")[0]
    if paper == here:
        return "#" + anchor(claim_id)
    return f"{paper}.html#{anchor(claim_id)}" if paper in keys else None


def _counts(outs) -> list[tuple[str, int]]:
    c: dict[str, int] = {}
    for o in outs:
        c[o.count_key] = c.get(o.count_key, 0) + 1
    return sorted(c.items(), key=lambda kv: (_label_rank(kv[0].split(" (")[0]), kv[0]))


def _label_rank(label: str) -> int:
    return LABELS.index(label) if label in LABELS else len(LABELS)


def _where(file: Path, site: Path) -> tuple[str, str]:
    """(text shown, relative link) for a source file: shown relative to the working folder when inside it."""
    try:
        shown = str(file.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        shown = str(file)
    return shown, Path(os.path.relpath(file.resolve(), site.resolve())).as_posix()


def write_site(papers_outs, out_dir: Path, *, dps: int, seed: int, quick: bool = False) -> SiteResult:
    """Write `<out_dir>/html/`: index.html, <paper>.html per paper, assets/ and figures/. Deterministic."""
    from .._figures import draw_plots, plot_filename

    try:
        import latex2mathml.converter  # noqa: F401
    except ImportError:
        raise MissingDependency("the blueprint site needs latex2mathml to typeset formulas: pip install latex2mathml "
                                "(a dependency of symrnn: pip install -e .), or pass --no-html to skip the site; "
                                "the .tex reports and ledgers are written") from None
    site = Path(out_dir) / "html"
    (site / "assets").mkdir(parents=True, exist_ok=True)
    here = Path(__file__).parent / "assets"
    for name in ASSETS:
        shutil.copyfile(here / name, site / "assets" / name)
    _markup.STATS.__init__()
    env = _env()
    keys = {p.key for p, _ in papers_outs}
    result = SiteResult(index=site / "index.html")
    papers = []
    for paper, outs in papers_outs:
        figures_note = draw_plots(outs, site, ext="svg")
        svg, graph_note = graph_svg(outs)
        if graph_note and graph_note not in result.notes:
            result.notes.append(graph_note)
        if figures_note:
            result.notes.append(figures_note)
        locations = {key: _where(file, site) + (line,) for key, (file, line) in claim_locations(paper).items()}
        findings = sorted((o for o in outs if o.verdict in _FINDINGS), key=finding_rank)
        info = dict(paper=paper, outs=outs, counts=_counts(outs), findings=findings, page=f"{paper.key}.html",
                    roots=sorted(root_error_counts(outs).items(), key=lambda kv: -ORDER.index(kv[0])))
        papers.append(info)
        page = site / info["page"]
        html = env.get_template("paper.html.j2").render(
            **info, graph=Markup(svg) if svg else None, graph_note=graph_note, figures_note=figures_note,
            locations=locations, plot_filename=plot_filename, keys=keys, href=claim_href, labels=_present(outs),
            weights=_weights(outs), fills=_FILL, nav=[(p.key, f"{p.key}.html") for p, _ in papers_outs],
            symrnn_version=__version__, dps=dps, seed=seed, quick=quick)
        write_text_atomic(page, html)
        result.pages.append(page)
    everything = [(info["paper"], o) for info in papers for o in info["outs"]]
    findings = sorted(((p, o) for p, o in everything if o.verdict in _FINDINGS), key=lambda po: finding_rank(po[1]))
    all_outs = [o for _, o in everything]
    html = env.get_template("index.html.j2").render(
        papers=papers, findings=findings, everything=everything, labels=_present(all_outs),
        weights=_weights(all_outs), nav=[(p.key, f"{p.key}.html") for p, _ in papers_outs],
        symrnn_version=__version__, dps=dps, seed=seed, quick=quick)
    write_text_atomic(result.index, html)
    if _markup.STATS.failed:
        result.notes.append(f"{len(_markup.STATS.failed)} of {_markup.STATS.formulas} formulas could not be converted "
                            "to MathML and are shown as TeX source (marked on the pages), e.g. "
                            + repr(_markup.STATS.failed[0][:80]))
    return result


def _present(outs) -> list[tuple[str, int]]:
    c: dict[str, int] = {}
    for o in outs:
        c[o.label] = c.get(o.label, 0) + 1
    return sorted(c.items(), key=lambda kv: _label_rank(kv[0]))


def _weights(outs) -> list[str]:
    present = {o.severity.level for o in outs if o.severity}
    return [w for w in reversed(ORDER) if w in present]
