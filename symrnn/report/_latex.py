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

_TEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
}
_TEX_RE = re.compile("|".join(re.escape(k) for k in _TEX_SPECIAL))


_SYMBOLS = {
    "\u221e": r"\infty", "\u2264": r"\le", "\u2265": r"\ge", "\u2260": r"\ne", "\u2192": r"\to", "\u2208": r"\in",
    "\u00d7": r"\times", "\u2212": "-", "\u2032": "'", "\u2016": r"\|", "\u2272": r"\lesssim", "\u223c": r"\sim",
    "\u2217": "*", "\u226a": r"\ll", "\u226b": r"\gg", "\u2248": r"\approx", "\u2211": r"\sum", "\u222b": r"\int",
    "\u2202": r"\partial", "\u2207": r"\nabla", "\u00b7": r"\cdot", "\u2026": r"\dots", "\u2282": r"\subset",
    "\u222a": r"\cup", "\u2229": r"\cap", "\u2205": r"\emptyset", "\u21d2": r"\Rightarrow", "\u21d4": r"\Leftrightarrow",
    "\u00b1": r"\pm", "\u221a": r"\surd", "\u2113": r"\ell", "\u2200": r"\forall", "\u2203": r"\exists",
}
_TEXT = {"\u2014": "---", "\u2013": "--", "\u2018": "`", "\u2019": "'", "\u201c": "``", "\u201d": "''", "\u00a0": "~"}
_GREEK_MACRO = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu", "nu",
                "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega"}


def _unicode_char(ch: str) -> str:
    """One non-ASCII character as LaTeX (Greek letters, common math symbols, super/subscripts)."""
    import unicodedata

    if ch in _TEXT:
        return _TEXT[ch]
    if ch in _SYMBOLS:
        return r"\ensuremath{" + _SYMBOLS[ch] + "}"
    name = unicodedata.name(ch, "")
    for prefix, capital in (("GREEK SMALL LETTER ", False), ("GREEK CAPITAL LETTER ", True), ("GREEK ", False)):
        if name.startswith(prefix):
            words = [w.lower().replace("lamda", "lambda") for w in name[len(prefix):].split()]
            word = next((w for w in words if w in _GREEK_MACRO), words[0] if words else "")
            if word in _GREEK_MACRO:
                macro = word.capitalize() if capital and word in (
                    "gamma", "delta", "theta", "lambda", "xi", "pi", "sigma", "upsilon", "phi", "psi", "omega") else word
                variant = "var" if "SYMBOL" in name else ""       # e.g. GREEK LUNATE EPSILON SYMBOL
                return "\\ensuremath{\\" + variant + macro + "}"
    if name.startswith("SUPERSCRIPT ") or name.startswith("SUBSCRIPT "):
        digit = unicodedata.digit(ch, None)
        if digit is not None:
            return (r"\textsuperscript{%d}" if name.startswith("SUPER") else r"\textsubscript{%d}") % digit
    decomposed = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
    return decomposed or "?"


def _ascii_tex(text: str) -> str:
    return "".join(ch if ord(ch) < 128 else _unicode_char(ch) for ch in text)


def tex_escape(text) -> str:
    """Plain text to LaTeX text (for messages, ids, numbers); non-ASCII characters become macros."""
    return _ascii_tex(_TEX_RE.sub(lambda m: _TEX_SPECIAL[m.group()], str(text)))


# evidence text written in ASCII mathematics (a_0, 10^11, e^{-t}, <=, ||x||): each such token is
# typeset in math mode, the rest as text
_GREEK_RE = "epsilon|upsilon|lambda|alpha|gamma|delta|theta|kappa|sigma|omega|beta|zeta|iota|eta|rho|tau|phi|chi|psi|mu|nu|xi|pi"
_SCRIPT = (r"(?:_(?:\{[^{}\s]*\}|(?:" + _GREEK_RE + r")(?![A-Za-z0-9])|\d+(?![A-Za-z])|[A-Za-z](?![A-Za-z0-9]))"
           r"|\^(?:\{[^{}\s]*\}|\(-?[^()\s]+\)|-?\d+(?:\.\d+)?(?![A-Za-z])"
           r"|-?[A-Za-z][A-Z][A-Za-z0-9]*(?![A-Za-z0-9])|-?[A-Za-z]{1,3}(?![A-Za-z0-9])))")
# an unbraced letter exponent followed by a capital is one letter and a factor: CA^jB is C A^j B, Y^TY is
# Y^T Y (as LaTeX reads ^ with one token); F^Lin, e^-wt, 0^oo keep their words
_MATH_TOKEN = re.compile(r"(?P<op><=|>=|!=|->|\|\|)|(?P<tok>(?<![A-Za-z0-9_])(?:\([^()\s]+\)|[A-Za-z0-9.]*[A-Za-z0-9\]])"
                         + _SCRIPT + "+)")
_OPS = {"<=": r"\le", ">=": r"\ge", "!=": r"\ne", "->": r"\to", "||": r"\|"}
_MATH_SPECIAL = {"%": r"\%", "#": r"\#", "&": r"\&", "$": r"\$", "\\": r"\backslash ", "~": r"\sim ", "{": r"\{",
                 "}": r"\}"}


def _math_token(tok: str) -> str:
    """a_0 -> a_{0}, 10^-3 -> 10^{-3}, e^{-t} -> e^{-t}, w_l^0 -> w_{l}^{0}; Greek names -> macros."""
    out, i = [], 0
    while i < len(tok):
        ch = tok[i]
        if ch in "_^":
            j = i + 1
            if j < len(tok) and tok[j] == "{":
                k = tok.index("}", j)
                # a braced script is itself ASCII mathematics (max_{j<=2d^}: its dangling ^ and its <= too)
                arg = _math_token(tok[j + 1:k])
                i = k + 1
            else:
                m = re.match(r"\(-?[^()\s]+\)|-?(?:" + _GREEK_RE + r")(?![A-Za-z])|-?\d+(?:\.\d+)?"
                             r"|-?[A-Za-z](?=[A-Z])|-?[A-Za-z]{1,3}", tok[j:])
                arg = _math_words(m.group(0)) if m else ""
                i = j + len(m.group(0)) if m else j
            out.append(ch + "{" + arg + "}")
            continue
        op = tok[i:i + 2]
        if op in _OPS:
            out.append(_OPS[op] + " ")
            i += 2
            continue
        if ch in _MATH_SPECIAL:          # TeX specials inside a token (a comment sign would swallow the line)
            out.append(_MATH_SPECIAL[ch])
            i += 1
            continue
        m = re.match(r"[A-Za-z]+", tok[i:])
        if m:
            out.append(_math_words(m.group(0)))
            i += len(m.group(0))
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_MATH_WORDS = {"int": r"\int ", "sum": r"\sum ", "prod": r"\prod ", "oo": r"\infty ", "infty": r"\infty "}


def _math_words(text: str) -> str:
    """Greek names and SymPy's ASCII words (int, sum, oo) inside a mathematical token as macros."""
    return re.sub(r"[A-Za-z]+", lambda m: "\\" + m.group(0) + " " if m.group(0) in _GREEK_MACRO
                  else _MATH_WORDS.get(m.group(0), m.group(0)), text).replace("*", r"\ast ")


def tex_evidence(text) -> str:
    """Evidence text as LaTeX: ASCII mathematics (subscripts, powers, comparisons, norms) in math mode,
    everything else escaped as text."""
    text = str(text)
    out, last = [], 0
    for ident in _IDENT.finditer(text):          # claim ids and dotted names stay identifiers
        out.append(_evidence_math(text[last:ident.start()]))
        out.append(r"\texttt{" + tex_escape(ident.group(0)) + "}")
        last = ident.end()
    out.append(_evidence_math(text[last:]))
    return "".join(out)


_IDENT = re.compile(r"\b[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9_]*\b")


def _evidence_math(text: str) -> str:
    out, last = [], 0
    for m in _MATH_TOKEN.finditer(text):
        out.append(tex_escape(text[last:m.start()]))
        if m.group("op") == "||" and text[:m.start()].count("|") % 2:
            out.append("||")           # |c||b|: one absolute value closes and the next opens, not a norm
        elif m.group("op"):
            out.append("$" + _OPS[m.group("op")] + "$")
        else:
            math = _math_token(m.group("tok"))
            # two scripts of one kind in a row (an identifier such as x_1_2) is not mathematics
            out.append(tex_escape(m.group("tok")) if re.search(r"([_^])\{[^{}]*\}\1", math) else "$" + math + "$")
        last = m.end()
    out.append(tex_escape(text[last:]))
    return "".join(out)


_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)


def tex_statement(text) -> str:
    """A transcribed statement as LaTeX body text: $$...$$ displays become \\[...\\] (amsmath
    allows \\tag there), markdown bullets become line breaks."""
    out = _DISPLAY.sub(lambda m: "\\[" + m.group(1).strip() + "\\]", str(text))
    # extractions use cases with more than two columns; a left-braced matrix typesets them all
    out = out.replace("\\begin{cases}", "\\left\\{\\begin{matrix}").replace("\\end{cases}", "\\end{matrix}\\right.")
    out = re.sub(r"(?m)^- ", r"\\textbullet\\ ", out)
    return _ascii_tex(_escape_text_mode(out))


def tex_prose(text) -> str:
    """Short author text that may be LaTeX ('$B_t = C_t^\\top$') or ASCII mathematics ('B_t = C_t^T'):
    with a math delimiter it is a statement, without one it is typeset like evidence."""
    text = str(text)
    return tex_statement(text) if re.search(r"\$|\\[(\[]|\\begin\{", text) else tex_evidence(text)


_MATH_ONLY = {"pm", "mp", "times", "le", "ge", "leq", "geq", "approx", "sim", "infty", "to", "cdot", "ll", "gg",
              "alpha", "beta", "gamma", "delta", "epsilon", "omega", "rho", "tau", "lambda", "mu", "sigma", "theta"}


def _escape_text_mode(tex: str) -> str:
    """Escape &, %, #, _ that stand in running text (outside math and environments): transcribed
    prose such as 'Braess & Hackbusch' or an identifier like m_def is text, not markup; a math-only
    command in running text (an extraction's bare \\pm) is put in math mode."""
    out, i, math, depth = [], 0, None, 0
    while i < len(tex):
        ch = tex[i]
        if ch == "\\" and i + 1 < len(tex):
            m = re.match(r"\\(begin|end)\{[^}]*\}", tex[i:])
            if m:
                depth += 1 if m.group(1) == "begin" else -1
                out.append(m.group(0))
                i += len(m.group(0))
                continue
            cmd = re.match(r"\\([A-Za-z]+)", tex[i:])
            if cmd and math is None and depth <= 0 and cmd.group(1) in _MATH_ONLY:
                out.append(f"${cmd.group(0)}$")       # a math symbol left in running text by the extraction
                i += len(cmd.group(0))
                continue
            nxt = tex[i + 1]
            if nxt in "[(" and math is None:
                math = "]" if nxt == "[" else ")"
            elif math is not None and nxt == math:
                math = None
            out.append(tex[i:i + 2])
            i += 2
            continue
        if ch == "$":
            math = None if math == "$" else ("$" if math is None else math)
        elif ch in "&%#_" and math is None and depth <= 0:
            out.append("\\" + ch)
            i += 1
            continue
        elif ch == "^" and math is None and depth <= 0:
            out.append(r"\textasciicircum{}")
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


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
