"""Render a paper's outcomes to LaTeX. Same inputs give byte-identical output (no clocks)."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from .. import __version__
from .._atomic import write_text_atomic
from .._cache import library_versions
from .._severity import ORDER, finding_rank
from .._verdict import Verdict
from ._typeset import tex_escape, tex_evidence, tex_prose, tex_statement


def _sympy_latex(expr) -> str:
    import sympy

    return sympy.latex(expr)


def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("symrnn.report", "templates"),
        block_start_string=r"\BLOCK{", block_end_string="}",
        variable_start_string=r"\VAR{", variable_end_string="}",
        comment_start_string=r"\#{", comment_end_string="}",
        line_statement_prefix="%%", line_comment_prefix="%#",
        trim_blocks=True, lstrip_blocks=True, autoescape=False, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["tex"] = tex_escape
    env.filters["ev"] = tex_evidence
    env.filters["statement"] = tex_statement
    env.filters["prose"] = tex_prose
    env.filters["layer_abbrev"] = lambda layer: str(layer)[:4]
    env.filters["zip"] = lambda a, b: list(zip(a, b))
    env.filters["sympy_latex"] = _sympy_latex
    # a claim's hyperlink target: ids carry underscores and dots, which anchors should not
    env.filters["anchor"] = lambda claim_id: "claim-" + re.sub(r"[^A-Za-z0-9]+", "-", str(claim_id))
    return env


_CITATIONS = {
    "sympy": "A. Meurer et al., SymPy: symbolic computing in Python, PeerJ Computer Science 3:e103 (2017).",
    "mpmath": "The mpmath development team, mpmath: a Python library for arbitrary-precision floating-point arithmetic.",
    "hypothesis": "D. R. MacIver, Z. Hatfield-Dodds et al., Hypothesis: a new approach to property-based testing, JOSS 4(43):1891 (2019).",
    "python-flint": "F. Johansson, Arb: efficient arbitrary-precision midpoint-radius interval arithmetic, IEEE Trans. Computers 66(8) (2017); python-flint bindings.",
    "torch": "A. Paszke et al., PyTorch: an imperative style, high-performance deep learning library, NeurIPS (2019).",
    "scipy": "P. Virtanen et al., SciPy 1.0: fundamental algorithms for scientific computing in Python, Nature Methods 17 (2020).",
}
_LAYER_LIBS = {"symbolic": ["sympy"], "numeric": ["mpmath", "sympy", "python-flint"], "property": ["hypothesis", "sympy"],
               "empirical": ["torch"]}


def render_report(paper, outs, *, dps: int, seed: int, figures_note: str | None = None, graph: bool = False,
                  quick: bool = False) -> str:
    from ._figures import plot_filename

    used_layers = sorted({r.layer for o in outs for r in o.results})
    libs = sorted({lib for layer in used_layers for lib in _LAYER_LIBS[layer]})
    versions = library_versions()
    order = [Verdict.REFUTED, Verdict.CONFLICT, Verdict.ERROR, Verdict.INCONCLUSIVE]
    findings = sorted((o for o in outs if o.verdict in order), key=finding_rank)
    counts: dict[str, int] = {}
    for o in outs:
        k = o.count_key
        counts[k] = counts.get(k, 0) + 1
    return _env().get_template("paper.tex.j2").render(
        paper=paper, outs=outs, findings=findings, counts=sorted(counts.items()),
        symrnn_version=__version__, versions=sorted(versions.items()), dps=dps, seed=seed, quick=quick,
        citations=[(lib, _CITATIONS[lib], versions.get(lib, "?")) for lib in libs],
        figures_note=figures_note, plot_filename=plot_filename,
        graph_file=f"figures/{paper.key}-dependency-graph.pdf" if graph else None,
    )


def write_report(paper, outs, out_dir: Path, *, dps: int, seed: int, quick: bool = False) -> Path:
    """Draw the figures, write `<out_dir>/<paper>.tex` (atomically) and return its path."""
    from ._figures import draw_plots

    from ._graph import draw_graph

    why_not = draw_plots(outs, out_dir)
    graph_note = draw_graph(paper, outs, out_dir)
    path = out_dir / f"{paper.key}.tex"
    write_text_atomic(path, render_report(paper, outs, dps=dps, seed=seed, figures_note=why_not,
                                          graph=graph_note is None, quick=quick))
    return path


def write_combined(papers_outs, out_dir: Path, *, dps: int, seed: int, quick: bool = False) -> Path:
    """reports/all.tex: every paper's verdict counts and findings in one document, false statements
    first across papers, with the per-paper reports for derivations and evidence."""
    counts = []
    for paper, outs in papers_outs:
        c: dict[str, int] = {}
        for o in outs:
            c[o.count_key] = c.get(o.count_key, 0) + 1
        counts.append((paper, sorted(c.items())))
    order = [Verdict.REFUTED, Verdict.CONFLICT, Verdict.ERROR, Verdict.INCONCLUSIVE]
    findings = sorted(((p, o) for p, outs in papers_outs for o in outs if o.verdict in order),
                      key=lambda po: finding_rank(po[1]))
    from .._ledger import root_error_counts

    everything = [o for _, outs in papers_outs for o in outs]
    roots = sorted(root_error_counts(everything).items(), key=lambda kv: -ORDER.index(kv[0]))
    refuted = sum(1 for o in everything if o.severity)
    text = _env().get_template("combined.tex.j2").render(
        counts=counts, findings=findings, symrnn_version=__version__, dps=dps, seed=seed, quick=quick,
        roots=roots, refuted=refuted)
    path = out_dir / "all.tex"
    write_text_atomic(path, text)
    return path
