"""Text of claims and evidence as HTML, formulas as MathML rendered at build time (latex2mathml).

The site needs no script and no network to show a formula: every TeX fragment is converted when the
site is written, and what cannot be converted is shown as its TeX source in a marked <code> element
(and counted, so that the CLI can say so) rather than left between dollar signs.
"""

from __future__ import annotations

import functools
import re

from markupsafe import Markup, escape

from .._typeset import _IDENT, _MATH_TOKEN, _OPS, _math_token

# $$..$$ and \[..\] are displays; $..$ and \(..\) inline (a $ escaped as \$ is text)
_FORMULA = re.compile(r"\$\$(?P<d1>.+?)\$\$|\\\[(?P<d2>.+?)\\\]|(?<!\\)\$(?P<i1>.+?)(?<!\\)\$|\\\((?P<i2>.+?)\\\)", re.S)
# environments latex2mathml does not lay out as tables, rewritten to ones it does
_ENVIRONMENTS = ((r"\begin{aligned}", r"\begin{split}"), (r"\end{aligned}", r"\end{split}"),
                 (r"\begin{gathered}", r"\begin{array}{c}"), (r"\end{gathered}", r"\end{array}"),
                 (r"\begin{gather*}", r"\begin{array}{c}"), (r"\end{gather*}", r"\end{array}"),
                 (r"\begin{gather}", r"\begin{array}{c}"), (r"\end{gather}", r"\end{array}"))
_DROP = re.compile(r"\\label\{[^{}]*\}|\\nonumber\b|\\notag\b")


class Stats:
    """Formulas converted and those shown as TeX source because the converter could not read them."""

    def __init__(self):
        self.formulas = 0
        self.failed: list[str] = []


STATS = Stats()


def mathml(tex: str, *, display: bool = False) -> Markup:
    """One TeX formula as MathML; its TeX source in <code class="tex-source"> where it cannot be converted."""
    source = _DROP.sub("", str(tex)).strip()
    for old, new in _ENVIRONMENTS:
        source = source.replace(old, new)
    STATS.formulas += 1
    if not source:
        return Markup("")
    out = _convert(source, display)
    if out is None:
        STATS.failed.append(source)
        return Markup('<code class="tex-source" title="formula not rendered (TeX source)">') + escape(source) + \
            Markup("</code>")
    return Markup(out)


@functools.lru_cache(maxsize=None)
def _convert(source: str, display: bool) -> str | None:
    """MathML of one formula, or None where the converter cannot read it (a site repeats many formulas: a
    statement in the claim list, its page and the evidence, so each is converted once)."""
    from latex2mathml.converter import convert

    try:
        out = convert(source, display="block" if display else "inline")
    except Exception:                     # noqa: BLE001 - any parser failure: show the source, never crash the site
        return None
    # an unknown macro comes back as <mi>\name</mi>, an alignment it cannot lay out as a bare &
    return None if re.search(r"<mi>\\[A-Za-z]+</mi>|<mi>&</mi>", out) else out


# text-mode LaTeX of transcribed statements
_TEXT_SYMBOLS = {r"\&": "&", r"\%": "%", r"\_": "_", r"\#": "#", r"\$": "$", r"\{": "{", r"\}": "}",
                 r"\dots": "\u2026", r"\ldots": "\u2026", r"\,": "\u2009", r"\ ": " ", r"\quad": "\u2003",
                 r"\qquad": "\u2003\u2003", r"\textbullet": "\u2022", r"\S": "\u00a7", "---": "\u2014", "--": "\u2013",
                 "``": "\u201c", "''": "\u201d", "~": "\u00a0"}
_TEXT_STYLE = {"emph": "em", "textit": "em", "textbf": "strong", "texttt": "code", "textsc": "span", "text": "span",
               "mbox": "span", "textrm": "span", "textsf": "span", "underline": "u"}
_TEXT_TOKEN = re.compile(r"\\([A-Za-z]+)\*?\s*\{|\\[A-Za-z]+|\\[&%_#${},\\ S]|---|--|``|''|~")


def _braced(text: str, start: int) -> int:
    """Index just past the brace group that opens at text[start - 1] ('{')."""
    depth, i = 1, start
    while i < len(text) and depth:
        if text[i] == "\\":
            i += 2
            continue
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return i


def _text_mode(text: str) -> Markup:
    """Running text of a statement: a few text macros as HTML, a stray math command as MathML."""
    out, last = [], 0
    for m in _TEXT_TOKEN.finditer(text):
        if m.start() < last:
            continue
        out.append(escape(text[last:m.start()]))
        tok = m.group(0)
        last = m.end()
        if m.group(1) is not None:
            end = _braced(text, m.end())
            inner = text[m.end():end - 1]
            name = m.group(1)
            last = end
            if name in _TEXT_STYLE:
                tag = _TEXT_STYLE[name]
                out.append(Markup(f"<{tag}>") + _text_mode(inner) + Markup(f"</{tag}>"))
            elif name in ("cite", "citep", "citet"):
                out.append(escape(f"[{inner}]"))
            elif name in ("ref", "eqref"):
                out.append(escape(f"({inner})" if name == "eqref" else inner))
            else:                              # \frac{..}{..}, \hat{..} in running text: a formula
                last = _braced(text, end + 1) if text[end:end + 1] == "{" else end
                out.append(mathml(text[m.start():last]))
        elif tok == "\\\\":
            out.append(Markup("<br>"))
        elif tok in _TEXT_SYMBOLS:
            out.append(_TEXT_SYMBOLS[tok])
        else:                                  # \pm, \alpha left in running text by an extraction
            out.append(mathml(tok))
    out.append(escape(text[last:]))
    return Markup("").join(out)


def statement_html(text, inline: bool = False) -> Markup:
    """A transcribed statement: paragraphs at blank lines, markdown bullets as lines of their own,
    $..$/\\(..\\) inline and $$..$$/\\[..\\] display formulas as MathML. `inline`: one paragraph
    is not wrapped in <p> (a list item, a sentence)."""
    paragraphs = []
    for para in re.split(r"\n\s*\n", str(text).strip()):
        para = re.sub(r"(?m)^- ", "\n\u2022 ", para).strip()
        parts, last = [], 0
        for m in _FORMULA.finditer(para):
            parts.append(_lines(para[last:m.start()]))
            display = m.group("d1") is not None or m.group("d2") is not None
            tex = next(g for g in (m.group("d1"), m.group("d2"), m.group("i1"), m.group("i2")) if g is not None)
            parts.append(mathml(tex, display=display))
            last = m.end()
        parts.append(_lines(para[last:]))
        paragraphs.append(Markup("").join(parts))
    if inline and len(paragraphs) == 1:
        return paragraphs[0]
    return Markup("\n").join(Markup("<p>") + p + Markup("</p>") for p in paragraphs)


def _lines(text: str) -> Markup:
    """Text mode with bullet lines kept on lines of their own."""
    pieces = text.split("\n\u2022 ")
    out = [_text_mode(pieces[0])]
    for p in pieces[1:]:
        out.append(Markup("<br>\u2022 ") + _text_mode(p))
    return Markup("").join(out)


def evidence_html(text) -> Markup:
    """Evidence written in ASCII mathematics (a_0, 10^-3, <=, ||x||): each mathematical token as MathML,
    claim ids and dotted names as code, the rest as text (the same reading as the LaTeX report's)."""
    text = str(text)
    out, last = [], 0
    for ident in _IDENT.finditer(text):
        out.append(_evidence_math(text[last:ident.start()]))
        out.append(Markup("<code>") + escape(ident.group(0)) + Markup("</code>"))
        last = ident.end()
    out.append(_evidence_math(text[last:]))
    return Markup("").join(out)


def _evidence_math(text: str) -> Markup:
    out, last = [], 0
    for m in _MATH_TOKEN.finditer(text):
        out.append(escape(text[last:m.start()]))
        if m.group("op"):
            out.append(mathml(_OPS[m.group("op")]))
        else:
            math = _math_token(m.group("tok"))
            # two scripts of one kind in a row (an identifier such as x_1_2) is not mathematics
            out.append(escape(m.group("tok")) if re.search(r"([_^])\{[^{}]*\}\1", math) else mathml(math))
        last = m.end()
    out.append(escape(text[last:]))
    return Markup("").join(out)


def prose_html(text) -> Markup:
    """Short author text that may be LaTeX ('$B_t = C_t^\\top$') or ASCII mathematics ('B_t = C_t^T')."""
    text = str(text)
    return statement_html(text, inline=True) if re.search(r"\$|\\[(\[]|\\begin\{", text) else evidence_html(text)


def cell_html(text) -> Markup:
    """A table cell: a bare TeX formula (SymPy's `latex()` of a value, no dollar signs) as MathML, anything
    else as prose."""
    text = str(text)
    if "$" not in text and re.search(r"\\[A-Za-z]{2,}", text) and not re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", text):
        out = mathml(text)
        if "tex-source" not in out:
            return out
        STATS.failed.pop()          # not a formula after all: shown as evidence text
    return prose_html(text)


def domain_html(text) -> Markup:
    """A variable's domain as `describe()` writes it ('real (0, oo)')."""
    return evidence_html(re.sub(r"(?<![A-Za-z])oo(?![A-Za-z])", "\u221e", str(text)))


def plain_text(text) -> str:
    """What a search matches: the statement without TeX markup noise (lower case)."""
    return re.sub(r"\s+", " ", re.sub(r"[${}\\]", " ", str(text))).strip().lower()
