"""Render a paper's outcomes to LaTeX. Same inputs give byte-identical output (no clocks)."""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from .. import __version__
from .._atomic import write_text_atomic
from .._cache import library_versions
from .._verdict import Verdict

_TEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
}
_TEX_RE = re.compile("|".join(re.escape(k) for k in _TEX_SPECIAL))


def tex_escape(text) -> str:
    """Plain text to LaTeX text (for messages, ids, numbers)."""
    return _TEX_RE.sub(lambda m: _TEX_SPECIAL[m.group()], str(text))


_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)


def tex_statement(text) -> str:
    """A transcribed statement as LaTeX body text: $$...$$ displays become \\[...\\] (amsmath
    allows \\tag there), markdown bullets become line breaks."""
    out = _DISPLAY.sub(lambda m: "\\[" + m.group(1).strip() + "\\]", str(text))
    # extractions use cases with more than two columns; a left-braced matrix typesets them all
    out = out.replace("\\begin{cases}", "\\left\\{\\begin{matrix}").replace("\\end{cases}", "\\end{matrix}\\right.")
    out = re.sub(r"(?m)^- ", r"\\textbullet\\ ", out)
    return out


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
    env.filters["statement"] = tex_statement
    env.filters["layer_abbrev"] = lambda layer: str(layer)[:4]
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


def render_report(paper, outs, *, dps: int, seed: int, figures_note: str | None = None) -> str:
    from ._figures import plot_filename

    used_layers = sorted({r.layer for o in outs for r in o.results})
    libs = sorted({lib for layer in used_layers for lib in _LAYER_LIBS[layer]})
    versions = library_versions()
    order = [Verdict.REFUTED, Verdict.ERROR, Verdict.INCONCLUSIVE]
    findings = sorted((o for o in outs if o.verdict in order), key=lambda o: order.index(o.verdict))
    counts: dict[str, int] = {}
    for o in outs:
        k = o.verdict.value if o.verdict else "unchecked"
        counts[k] = counts.get(k, 0) + 1
    return _env().get_template("paper.tex.j2").render(
        paper=paper, outs=outs, findings=findings, counts=sorted(counts.items()),
        symrnn_version=__version__, versions=sorted(versions.items()), dps=dps, seed=seed,
        citations=[(lib, _CITATIONS[lib], versions.get(lib, "?")) for lib in libs],
        figures_note=figures_note, plot_filename=plot_filename,
    )


def write_report(paper, outs, out_dir: Path, *, dps: int, seed: int) -> Path:
    """Draw the figures, write `<out_dir>/<paper>.tex` (atomically) and return its path."""
    from ._figures import draw_plots

    why_not = draw_plots(outs, out_dir)
    path = out_dir / f"{paper.key}.tex"
    write_text_atomic(path, render_report(paper, outs, dps=dps, seed=seed, figures_note=why_not))
    return path
