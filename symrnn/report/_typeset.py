"""Plain text and ASCII mathematics to LaTeX, with no dependency on the rest of symrnn: the notebook views
(report._html) and the report (report._latex) both use it, and importing it pulls in nothing else."""

from __future__ import annotations

import re

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
