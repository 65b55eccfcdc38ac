"""`symrnn new KEY --from-tex paper.tex`: a claim package from a paper's LaTeX source.

The source is parsed with pylatexenc's LatexWalker (a LaTeX parser, not patterns over the text), with
the files it `\\input`s or `\\include`s in their places (relative to its folder; a missing one is noted
and skipped). What is read, in document order:

- the theorem-like environments declared with amsthm's `\\newtheorem{env}{Title}`, with a shared
  counter `\\newtheorem{env}[counter]{Title}`, numbered within a section `\\newtheorem{env}{Title}[section]`
  or `\\numberwithin{env}{section}`; `\\newtheorem*` environments are unnumbered (recognised, not claims);
- numbered displays: equation, align, gather, multline, eqnarray, flalign, alignat (a row of a
  multi-row display is numbered unless it carries `\\nonumber` / `\\notag`; `\\tag{..}` prints its tag);
  `\\numberwithin{equation}{section}` gives (3.1) and, after `\\appendix`, (A.1);
- `\\chapter`, `\\section`, `\\subsection` (their counters and the resets they cause), `\\appendix` and
  the `appendices` environment (sections lettered A, B, ...); in a book or report, sections and
  equations are numbered within chapters;
- `subequations` (one number, lettered displays: (2.1a), (2.1b));
- `\\label` (attached to what it numbers) and `\\ref`, `\\eqref`, `\\autoref`, `\\cref`, `\\Cref`
  (comma lists too), `\\crefrange`, `\\labelcref`, `\\nameref`, `\\cpageref`;
- statements are kept as written, with `\\label` removed, references printed as the paper prints them
  ("Lemma 3.2", "(2.1)", "Section 4") and a numbered display inside a statement starred with
  `\\tag{2.1}` (so that it keeps the paper's number wherever it is typeset);
- the claim kind is read from the printed title (Hypothesis, Condition -> assumption; Claim, Fact ->
  lemma; Example, Note, Observation -> remark; Notation -> definition; Conjecture or an unknown title ->
  proposition); the label keeps the title ("Main Claim 2.1");
- each `proof` environment belongs to the statement it follows, or to the one its optional
  argument names (`\\begin{proof}[Proof of \\cref{thm:main}]`); the statement's `uses` are the numbered
  statements its proof and the statement itself refer to (two proofs that cite each other would make a
  cycle: the later reference is left out, with a note). A reference to a label that no `\\label`
  defines, or a label defined twice, is an error, as a missing file or a source without numbered
  statements is.

Not handled (the generated labels may then differ from the printed ones; check them): `\\setcounter`,
`\\renewcommand{\\thetheorem}`, thmtools' `\\declaretheorem`, `\\newaliascnt`, `\\input` without braces,
macros defined by the paper (kept as written in the statements), a
proof named in plain text (`[Proof of Theorem 2]` without a `\\ref`: it is taken to prove the statement
before it), unnumbered statements (`\\newtheorem*`, listed as skipped), `eqnarray`'s three columns
(kept as written inside `aligned`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ._errors import InvalidArgument

_DISPLAYS = ("equation", "align", "gather", "multline", "eqnarray", "flalign", "alignat", "xalignat")
_MULTIROW = ("align", "gather", "eqnarray", "flalign", "alignat", "xalignat")
_SECTIONING = ("chapter", "section", "subsection", "subsubsection")
_REFS = {"ref": 1, "eqref": 1, "autoref": 1, "cref": 1, "Cref": 1, "labelcref": 1, "nameref": 1, "cpageref": 1,
         "Cpageref": 1, "crefrange": 2, "Crefrange": 2, "vref": 1, "Vref": 1}
_FLOATS = ("figure", "figure*", "table", "table*", "algorithm", "enumerate", "description", "itemize")

# the claim kind of a theorem-like environment, from its printed title (the label keeps the title)
_KINDS = (("theorem", "theorem"), ("lemma", "lemma"), ("proposition", "proposition"), ("corollary", "corollary"),
          ("definition", "definition"), ("assumption", "assumption"), ("hypothesis", "assumption"),
          ("condition", "assumption"), ("setting", "assumption"), ("remark", "remark"), ("example", "remark"),
          ("observation", "remark"), ("notation", "definition"), ("note", "remark"), ("claim", "lemma"),
          ("fact", "lemma"), ("conjecture", "proposition"), ("problem", "proposition"), ("question", "remark"))
_PREFIX = {"theorem": "thm", "proposition": "prop", "corollary": "cor", "definition": "def"}


@dataclass
class Statement:
    """A numbered statement read from the source."""

    key: str
    kind: str
    label: str           # as numbered: "Lemma 3.2", "(A.1)"
    number: str
    statement: str
    where: str
    line: str            # "line 42", or "sec2.tex line 7" in a file the paper inputs
    tex_label: str = ""
    title: str = ""      # the optional [name] of a theorem-like environment
    uses: list[str] = field(default_factory=list)
    env: str = ""


@dataclass
class Paper:
    """What `read_tex` found: title, authors, statements in paper order, and notes for the user."""

    title: str
    authors: str
    statements: list[Statement]
    notes: list[str]
    sections: list[tuple[str, str]]     # (module name, heading) in paper order, for the claim modules
    section_of: dict[str, str]          # statement key -> module name


class _TexError(InvalidArgument):
    pass


def _walker(text: str, theorems=()):
    try:
        from pylatexenc.latexwalker import LatexWalker, get_default_latex_context_db
        from pylatexenc.macrospec import EnvironmentSpec, MacroSpec
    except ImportError:
        from ._errors import MissingDependency

        raise MissingDependency("reading LaTeX needs pylatexenc (a dependency of symrnn since --from-tex): "
                                "pip install 'pylatexenc>=2.10,<3'") from None

    db = get_default_latex_context_db()
    macros = [MacroSpec("newtheorem", "*{[{["), MacroSpec("numberwithin", "[{{"), MacroSpec("tag", "*{"),
              MacroSpec("label", "{"), MacroSpec("theoremstyle", "{"), MacroSpec("crefname", "{{{"),
              MacroSpec("Crefname", "{{{"), MacroSpec("thanks", "{"), MacroSpec("caption", "[{")]
    macros += [MacroSpec(name, "*" + "{" * n) for name, n in _REFS.items()]
    envs = [EnvironmentSpec(name, "[") for name in (*theorems, "proof")]
    envs += [EnvironmentSpec("alignat", "{", is_math_mode=True), EnvironmentSpec("alignat*", "{", is_math_mode=True)]
    db.add_context_category("symrnn-from-tex", macros=macros, environments=envs, prepend=True)
    return LatexWalker(text, latex_context=db, tolerant_parsing=True)


def _nodes(text: str, theorems=()):
    w = _walker(text, theorems)
    nodes, _, _ = w.get_latex_nodes(pos=0)
    return w, nodes


def _arg(node, i: int):
    args = node.nodeargd.argnlist if node.nodeargd is not None else None
    return args[i] if args and i < len(args) else None


def _arg_text(node, i: int) -> str | None:
    a = _arg(node, i)
    if a is None:
        return None
    text = a.latex_verbatim().strip()
    if text.startswith(("{", "[")) and text.endswith(("}", "]")):
        text = text[1:-1]
    return text.strip()


def _children(node):
    from pylatexenc.latexwalker import LatexEnvironmentNode, LatexGroupNode, LatexMacroNode, LatexMathNode

    out = []
    if isinstance(node, LatexMacroNode) and node.nodeargd is not None:
        out += [a for a in (node.nodeargd.argnlist or []) if a is not None]
    if isinstance(node, LatexEnvironmentNode) and node.nodeargd is not None:
        out += [a for a in (node.nodeargd.argnlist or []) if a is not None]
    if isinstance(node, (LatexGroupNode, LatexEnvironmentNode, LatexMathNode)):
        out += list(node.nodelist or [])
    return out


def _walk(nodes):
    """Every node below `nodes`, in document order."""
    for n in nodes:
        if n is None:
            continue
        yield n
        yield from _walk(_children(n))


def _is_macro(node, *names) -> bool:
    from pylatexenc.latexwalker import LatexMacroNode

    return isinstance(node, LatexMacroNode) and (not names or node.macroname in names)


def _is_env(node, *names) -> bool:
    from pylatexenc.latexwalker import LatexEnvironmentNode

    return isinstance(node, LatexEnvironmentNode) and (not names or node.environmentname in names)


def _alph(n: int) -> str:
    out = ""
    while n > 0:
        n, r = divmod(n - 1, 26)
        out = chr(ord("A") + r) + out
    return out or "0"


def _key_suffix(number: str) -> str:
    parts = [re.sub(r"[^a-z0-9]", "", p.lower()) for p in number.split(".")]
    parts = [p for p in parts if p]
    if not parts:
        return ""
    if parts[0][0].isalpha():
        return "_" + parts[0] + "_".join(parts[1:])
    return "_".join(parts)


def _kind(title: str) -> str:
    low = title.lower()
    return next((k for word, k in _KINDS if word in low), "proposition")


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return path.read_text(encoding="latin-1")
    except OSError as exc:
        raise InvalidArgument(f"cannot read {path}: {exc}") from None


@dataclass
class _Source:
    """The paper with its `\\input`/`\\include`d files in place, and where each stretch of it comes from."""

    text: str
    pieces: list[tuple[int, Path, int]]     # (position in `text`, file, offset in that file), in order
    files: dict[Path, str]
    main: Path
    notes: list[str]


def _expand(main: Path) -> _Source:
    """Put the files that `main` inputs (`\\input{x}`, `\\include{x}`, relative to its folder, `.tex` added when
    the name has no suffix) in their places, recursively; found with the parser, so a commented-out `\\input`
    is not read."""
    files: dict[Path, str] = {}
    notes: list[str] = []

    def expand(path: Path, trail: tuple) -> tuple[str, list]:
        text = files.setdefault(path, _read(path))
        _, nodes = _nodes(text)
        inputs = sorted((n for n in _walk(nodes) if _is_macro(n, "input", "include")), key=lambda n: n.pos)
        out, pieces, at, size = [], [], 0, 0
        for n in inputs:
            arg = _arg(n, 0)
            name = _arg_text(n, 0) or ""
            line = text.count("\n", 0, n.pos) + 1
            if arg is None or not arg.latex_verbatim().startswith("{") or not name:
                notes.append(f"{path.name} line {line}: \\{n.macroname} without braces is not read")
                continue
            target = main.parent / name
            if not target.suffix:
                target = target.with_suffix(".tex")
            if not target.is_file():            # e.g. the style files of a venue: the statements may not need them
                notes.append(f"{path.name} line {line}: \\{n.macroname}{{{name}}} is not read ({target} does not exist)")
                continue
            if target.resolve() in trail:
                raise InvalidArgument(f"{path} line {line}: \\{n.macroname}{{{name}}} inputs a file that inputs it")
            sub, sub_pieces = expand(target, trail + (target.resolve(),))
            pieces.append((size, path, at))
            out.append(text[at:n.pos])
            size += n.pos - at
            pieces += [(size + p, f, o) for p, f, o in sub_pieces]
            out.append(sub)
            size += len(sub)
            at = n.pos + n.len
        pieces.append((size, path, at))
        out.append(text[at:])
        return "".join(out), pieces

    text, pieces = expand(main, (main.resolve(),))
    return _Source(text, pieces, files, main, notes)


class _Reader:
    def __init__(self, source: _Source, name: str):
        self.src, self.text, self.source = source, source.text, name
        self.theorems: dict[str, tuple[str, str]] = {}     # env -> (counter, title)
        self.starred: dict[str, str] = {}                  # unnumbered env -> title
        self.parent: dict[str, str] = {}                   # counter -> counter it is numbered within
        self.counters: dict[str, int] = {}
        self.appendix = False
        self.has_chapters = False
        self.statements: list[Statement] = []
        self.labels: dict[str, Statement | str] = {}       # \label -> its statement, or the printed number of a section
        self.notes: list[str] = []
        self.refs: list[tuple[Statement | None, str, int, bool]] = []   # (owner, label, line, in its own statement)
        self.where = ""
        self.module = "front"
        self.sections: list[tuple[str, str]] = [("front", "Before the first section")]
        self.section_of: dict[str, str] = {}
        self.skipped: list[str] = []
        self.sub: list | None = None                       # inside subequations: [number, displays so far]
        self.current: tuple[str, str] = ("", "")           # the section (name, number) a bare \label names
        self._last_theorem: Statement | None = None         # the statement a following proof belongs to
        self.tagged: dict[int, list] = {}                   # display position -> spans printing its numbers

    # -- numbering --------------------------------------------------------------------------
    def the(self, counter: str) -> str:
        value = self.counters.get(counter, 0)
        top = "chapter" if self.has_chapters else "section"
        own = _alph(value) if (self.appendix and counter == top) else str(value)
        parent = self.parent.get(counter)
        return f"{self.the(parent)}.{own}" if parent else own

    def step(self, counter: str) -> str:
        self.counters[counter] = self.counters.get(counter, 0) + 1
        self._reset(counter)
        return self.the(counter)

    def _reset(self, counter: str) -> None:
        for c, p in self.parent.items():
            if p == counter:
                self.counters[c] = 0
                self._reset(c)

    def line(self, node) -> str:
        """Where `node` is: "line 42" in the paper's main file, "sec2.tex line 7" in a file it inputs."""
        pos = node.pos or 0
        start, file, offset = next(p for p in reversed(self.src.pieces) if p[0] <= pos)
        line = self.src.files[file].count("\n", 0, offset + pos - start) + 1
        return f"line {line}" if file == self.src.main else f"{file.relative_to(self.src.main.parent)} line {line}"

    # -- reading ----------------------------------------------------------------------------
    def read(self) -> None:
        _, nodes = _nodes(self.text)
        preamble = list(_walk(nodes))
        self.has_chapters = any(_is_macro(n, "chapter") for n in preamble)
        if self.has_chapters:                  # book and report number sections and equations within chapters
            self.parent.update({"section": "chapter", "equation": "chapter", "figure": "chapter", "table": "chapter"})
        self.parent.update({"subsection": "section", "subsubsection": "subsection"})
        for n in preamble:
            if _is_macro(n, "newtheorem"):
                self._newtheorem(n)
            elif _is_macro(n, "numberwithin"):
                what, within = _arg_text(n, 1), _arg_text(n, 2)
                if what and within:
                    self.parent[self.theorems.get(what, (what,))[0]] = within
        self.walker, nodes = _nodes(self.text, tuple(self.theorems) + tuple(self.starred))
        self.title = self.authors = ""
        body = next((n for n in _walk(nodes) if _is_env(n, "document")), None)
        for n in _walk(nodes if body is None else [n for n in nodes if n is not body]):
            if _is_macro(n, "title", "author") and _arg(n, 0) is not None:
                setattr(self, "title" if n.macroname == "title" else "authors", self._plain(_arg(n, 0)))
        self._body(nodes if body is None else body.nodelist, owner=None)

    def _plain(self, node) -> str:
        from pylatexenc.latex2text import LatexNodes2Text

        groups: list[list] = [[]]
        for c in _children(node):
            if _is_macro(c, "and"):
                groups.append([])
            elif not _is_macro(c, "thanks", "footnote"):
                groups[-1].append(c)
        texts = (" ".join(LatexNodes2Text().nodelist_to_text(g).split()) for g in groups)
        return ", ".join(t for t in texts if t)

    def _newtheorem(self, n) -> None:
        name, shared, title, within = (_arg_text(n, i) for i in (1, 2, 3, 4))
        if not name or title is None:
            return
        if _arg(n, 0) is not None:                     # \newtheorem*: unnumbered
            self.starred[name] = title
            return
        # a shared counter is another environment's (whose own may be shared) or a counter such as `equation`
        counter = (self.theorems[shared][0] if shared in self.theorems else shared) if shared else name
        self.theorems[name] = (counter, title)
        if within:
            self.parent[counter] = within

    def _body(self, nodes, owner) -> None:
        """Walk the document body in order; `owner` is the statement whose proof or text we are in."""
        for n in nodes:
            if n is None:
                continue
            if _is_macro(n, "appendix"):
                self._start_appendix()
            elif _is_env(n, "appendices"):
                self._start_appendix()
                self._body(n.nodelist, owner)
            elif _is_macro(n, *_SECTIONING) and _arg(n, 0) is None and _arg(n, 2) is not None:
                number = self.step(n.macroname)
                heading = self._plain(_arg(n, 2))
                if n.macroname in ("chapter", "section"):       # a claim module per section (and chapter)
                    prefix = "app" if self.appendix else "sec"
                    self.module = f"{prefix}{_key_suffix(number).lstrip('_')}"
                    self.sections.append((self.module, f"{'Appendix' if self.appendix else 'Section'} "
                                                       f"{number}: {heading}"))
                self.where = f"{'App.' if self.appendix else 'Sec.'} {number}"
                name = "Appendix" if self.appendix and n.macroname == ("chapter" if self.has_chapters else "section") \
                    else n.macroname.capitalize().replace("Subsub", "Sub")
                self.current = (name, number)        # what a \label after it refers to
                for m in _walk(_children(n)):          # \section{Title\label{sec:x}}
                    if _is_macro(m, "label"):
                        self._label(m, None)
            elif _is_macro(n, "label"):
                self._label(n, None)
            elif _is_macro(n, *_REFS):
                self._refs(n, owner, own=False)
            elif _is_env(n) and n.environmentname in self.theorems:
                self._theorem(n)
            elif _is_env(n) and n.environmentname in self.starred:
                self.skipped.append(f"{self.starred.get(n.environmentname, n.environmentname)} (unnumbered, "
                                    f"{self.line(n)})")
                self._last_theorem = None
                self._body(n.nodelist, owner=None)
            elif _is_env(n, "proof"):
                self._proof(n)
            elif _is_env(n, "subequations"):
                self._subequations(n, lambda nodes: self._body(nodes, owner))
            elif _is_env(n) and n.environmentname in _DISPLAYS:
                self._display(n, owner)
            elif _is_env(n) and n.environmentname in _FLOATS:
                self._float(n, owner)
            else:
                self._body(_children(n), owner)

    def _subequations(self, n, walk) -> None:
        """One equation number shared by the displays inside, which are lettered (amsmath)."""
        self.sub = [self.step("equation"), 0]
        try:
            walk(n.nodelist)
        finally:
            self.sub = None

    def _start_appendix(self) -> None:
        self.appendix = True
        self.counters["chapter" if self.has_chapters else "section"] = 0

    def _label(self, node, target) -> None:
        name = _arg_text(node, 0)
        if not name:
            return
        if name in self.labels:
            raise _TexError(f"{self.source}, {self.line(node)}: \\label{{{name}}} is defined twice")
        # a statement, or (name, number) of a section, figure or table; ("", "") for what is not read
        self.labels[name] = target if target is not None else self.current
        if isinstance(target, Statement) and not target.tex_label:
            target.tex_label = name

    def _refs(self, node, owner, *, own: bool) -> None:
        for i in range(_REFS.get(node.macroname, 1)):
            text = _arg_text(node, i + 1)
            for name in (text or "").split(","):
                if name.strip():
                    self.refs.append((owner, name.strip(), self.line(node), own))

    def _add(self, st: Statement) -> Statement:
        taken = {s.key for s in self.statements}
        key, k = st.key, 2
        while key in taken:
            key, k = f"{st.key}_{k}", k + 1
        st.key = key
        if any(s.label == st.label for s in self.statements):     # two \tag{*}: a claim label is unique
            st.label = f"{st.label} ({st.line})"
        self.statements.append(st)
        self.section_of[key] = self.module
        return st

    def _theorem(self, n) -> None:
        counter, title = self.theorems[n.environmentname]
        number = self.step(counter)
        kind = _kind(title)
        prefix = _PREFIX.get(kind) if title.lower() == kind else None
        prefix = prefix or re.sub(r"[^a-z0-9]", "", title.lower()) or "stmt"
        if not prefix[0].isalpha():
            prefix = "stmt" + prefix
        st = self._add(Statement(key=prefix + _key_suffix(number), kind=kind, label=f"{title} {number}",
                                 number=number, statement="", where=self.where, line=self.line(n),
                                 title=_arg_text(n, 0) or "", env=n.environmentname))
        self._last_theorem = st
        self._inside(n.nodelist, st)
        st.statement = self._source(n.nodelist)

    def _inside(self, nodes, st) -> None:
        """A statement's body: its labels are its own, its references are uses, displays are numbered."""
        for n in nodes:
            if n is None:
                continue
            if _is_macro(n, "label"):
                self._label(n, st)
            elif _is_macro(n, *_REFS):
                self._refs(n, st, own=True)
            elif _is_env(n) and n.environmentname in _DISPLAYS:
                self._display(n, st, in_statement=True)
            elif _is_env(n, "subequations"):
                self._subequations(n, lambda nodes: self._inside(nodes, st))
            elif _is_env(n) and n.environmentname in _FLOATS:
                self._float(n, st, own=True)
            else:
                self._inside(_children(n), st)

    def _float(self, n, owner, own: bool = False) -> None:
        kind = n.environmentname.rstrip("*")
        before, self.current = self.current, ("", "")         # an item's label: its number is not read
        try:
            for m in _walk(n.nodelist):
                if _is_macro(m, "caption") and kind in ("figure", "table"):
                    self.current = (kind.capitalize(), self.step(kind))
                elif _is_macro(m, "label"):
                    self._label(m, None)
                elif _is_macro(m, *_REFS):
                    self._refs(m, owner, own=own)
        finally:
            self.current = before

    def _proof(self, n) -> None:
        heading = _arg(n, 0)
        owner = self._last_theorem
        named = [m for m in _walk([heading]) if _is_macro(m, *_REFS)] if heading is not None else []
        if named:
            for m in named:
                self._refs(m, None, own=False)
            owner = ("named", [x.strip() for m in named for x in (_arg_text(m, 1) or "").split(",")], owner)
        self._body(n.nodelist, owner=owner)

    def _display(self, n, owner, in_statement: bool = False) -> None:
        env = n.environmentname
        starred = env.endswith("*")
        end_tag = f"\\end{{{env}}}"
        rows, ends = self._rows(n) if env.rstrip("*") in _MULTIROW else ([list(n.nodelist or [])], [])
        ends = ends[:len(rows) - 1] + [n.pos + n.len - len(end_tag)]
        numbered, tags = [], []
        for row, row_end in zip(rows, ends):
            flat = list(_walk(row))
            tag = next((m for m in flat if _is_macro(m, "tag")), None)
            off = starred or any(_is_macro(m, "nonumber", "notag") for m in flat)
            if tag is not None:                        # \tag{..} prints its tag and steps no counter
                number = _arg_text(tag, 1) or ""
            elif off:
                number = None
            elif self.sub is not None:                 # inside subequations: (2.1a), (2.1b), ...
                self.sub[1] += 1
                number = self.sub[0] + _alph(self.sub[1]).lower()
            else:
                number = self.step("equation")
            labels = [m for m in flat if _is_macro(m, "label")]
            if number is None:
                for m in labels:
                    self._label(m, None)
            else:
                numbered.append((row, number, labels))
                if tag is None:
                    tags.append((row_end, row_end, f"\\tag{{{number}}}"))
            for m in flat:
                if _is_macro(m, *_REFS):
                    self._refs(m, owner, own=in_statement)
        # in a statement that holds this display, it is printed with the paper's numbers: starred, \tag'ged
        begin = f"\\begin{{{env}}}"
        if not starred and env != "eqnarray" and self.text.startswith(begin, n.pos) \
                and self.text.startswith(end_tag, ends[-1]):
            own = {m.pos for row in rows for m in _walk(row) if _is_macro(m, "tag")}    # printed: kept
            self.tagged[n.pos] = ([(n.pos, n.pos + len(begin), f"\\begin{{{env}*}}"), *tags,
                                   (ends[-1], ends[-1] + len(end_tag), f"\\end{{{env}*}}")], own)
        whole = len(numbered) == 1
        for row, number, labels in numbered:
            body = self._source(n.nodelist) if whole else self._source(row)
            if env.rstrip("*") in _MULTIROW:
                body = _Joined("\\begin{aligned}", body, "\\end{aligned}")
            host = owner
            if isinstance(owner, tuple):             # a proof headed [Proof of \cref{...}]
                host = next((self.labels[x] for x in owner[1] if isinstance(self.labels.get(x), Statement)), owner[2])
            inside = (f"in {host.label}" if in_statement else f"in the proof of {host.label}") if host else ""
            where = ", ".join(w for w in (self.where, inside) if w)
            st = self._add(Statement(key="eq" + (_key_suffix(number) or "_tag"), kind="equation",
                                     label=f"({number})", number=number, statement=_Joined("$$", body, "$$"),
                                     where=where,
                                     line=self.line(n), env=env))
            for m in labels:
                self._label(m, st)

    def _rows(self, n):
        """The rows of a multi-row display, and where each row ends (the position of its `\\\\`)."""
        rows, ends, cur = [], [], []
        for m in n.nodelist or []:
            if _is_macro(m, "\\"):
                rows.append(cur)
                ends.append(m.pos)
                cur = []
            else:
                cur.append(m)
        if any(not (getattr(m, "chars", None) or "x").isspace() for m in cur) or not rows:
            rows.append(cur)
        return rows, ends

    def _source(self, nodes) -> str:
        """The LaTeX of `nodes` as printed: labels and numbering commands out, references as their numbers."""
        nodes = [m for m in nodes if m is not None]
        if not nodes:
            return ""
        start = nodes[0].pos
        end = max(m.pos + m.len for m in nodes)
        spans = []
        whole = list(_walk(nodes))
        keep = {p for m in whole if _is_env(m) and m.pos in self.tagged for p in self.tagged[m.pos][1]}
        for m in whole:
            if _is_macro(m, "label", "nonumber", "notag", "tag") and m.pos not in keep:
                spans.append((m.pos, m.pos + m.len, ""))
            elif _is_macro(m, *_REFS):
                spans.append((m.pos, m.pos + m.len, _Later(self, m)))
            elif _is_env(m) and m.pos in self.tagged:
                spans += self.tagged[m.pos][0]
        return _Spliced(self.text, start, end, spans)


class _Joined:
    """Parts of a statement joined once the references in them can be printed."""

    def __init__(self, *parts):
        self.parts = parts

    def render(self) -> str:
        return "".join(p.render() if hasattr(p, "render") else str(p) for p in self.parts).strip()


class _Later:
    """A reference printed as its number, once every label is known (references may point forward)."""

    def __init__(self, reader, node):
        self.reader, self.node = reader, node

    def __str__(self) -> str:
        r, m = self.reader, self.node
        names = [s.strip() for i in range(_REFS[m.macroname]) for s in (_arg_text(m, i + 1) or "").split(",")
                 if s.strip()]
        printed = []
        for name in names:
            target = r.labels.get(name)
            if not isinstance(target, Statement):     # a section, figure or table: its name and number
                kind, number = target if isinstance(target, tuple) else ("", "")
                if not number:
                    printed.append(f"[{name}]")       # an item or a label whose number is not read
                elif m.macroname in ("cref", "Cref", "autoref", "vref", "Vref", "crefrange", "Crefrange"):
                    printed.append(f"{kind} {number}")
                else:
                    printed.append(number)
                continue
            if m.macroname in ("cref", "Cref", "autoref", "vref", "Vref", "crefrange", "Crefrange"):
                printed.append(target.label if target.kind != "equation" else
                               ("Equation " if m.macroname[0] in "CV" else "eq. ") + target.label)
            elif m.macroname == "eqref" or target.kind == "equation":
                printed.append(f"({target.number})" if m.macroname == "eqref" else target.number)
            else:
                printed.append(target.number)
        sep = " to " if "range" in m.macroname else ", "
        return sep.join(printed)


class _Spliced(str):
    """Text whose spans are replaced once all labels are known (`str()` of a _Later)."""

    def __new__(cls, text, start, end, spans):
        obj = super().__new__(cls, text[start:end])
        obj.parts = (text, start, end, spans)
        return obj

    def render(self) -> str:
        text, start, end, spans = self.parts
        out, at = [], start
        for a, b, repl in sorted(spans, key=lambda s: s[0]):
            if a < at:
                continue                               # inside a span already replaced
            out.append(text[at:a])
            out.append(str(repl))
            at = b
        out.append(text[at:end])
        return "".join(out)


def read_tex(path: Path) -> Paper:
    """Read the numbered statements of a LaTeX paper (see the module's docstring for what is handled).

    Raises InvalidArgument for a missing or unreadable file, a source without numbered statements,
    a `\\label` defined twice, or a reference to a label that nothing defines."""
    path = Path(path)
    if not path.is_file():
        raise InvalidArgument(f"LaTeX source {path} does not exist (give the .tex file with the statements)")
    r = _Reader(_expand(path), str(path))
    r.notes += r.src.notes
    try:
        r.read()
    except RecursionError:
        raise InvalidArgument(f"{path}: the LaTeX is nested too deeply to read") from None
    if not r.theorems and not r.statements:
        raise InvalidArgument(f"{path} declares no theorem-like environment (\\newtheorem) and numbers no equation: "
                              "nothing to turn into claims")
    if not r.statements:
        raise InvalidArgument(f"{path} has no numbered statement (theorem-like environments declared: "
                              f"{', '.join(sorted(r.theorems)) or 'none'})")
    if not any(s.kind != "equation" for s in r.statements):
        r.notes.append("no theorem-like environment is used (\\newtheorem): only numbered equations became claims")
    unknown = [(name, line) for _, name, line, _ in r.refs if name not in r.labels]
    if unknown:
        listed = "; ".join(f"{line}: {name}" for name, line in unknown[:8])
        raise InvalidArgument(f"{path}: {len(unknown)} reference(s) to labels that no \\label defines ({listed})")
    for owner, name, _line, _own in r.refs:
        if isinstance(owner, tuple):                   # a proof whose heading names its statement
            _, named, fallback = owner
            target = next((r.labels[x] for x in named if isinstance(r.labels.get(x), Statement)), fallback)
            if name in named:
                continue
            owner = target
        target = r.labels[name]
        if isinstance(owner, Statement) and isinstance(target, Statement) and target is not owner \
                and target.key not in owner.uses and owner.kind != "equation":
            owner.uses.append(target.key)
    _break_cycles(r.statements, r.notes)
    for st in r.statements:
        st.statement = (st.statement.render() if hasattr(st.statement, "render") else str(st.statement)).strip()
        st.statement = st.statement or st.label
    if r.skipped:
        r.notes.append("unnumbered statements are not claims: " + "; ".join(r.skipped))
    sections = [s for s in r.sections if s[0] in r.section_of.values()]
    return Paper(r.title, r.authors, r.statements, r.notes, sections, r.section_of)


def _break_cycles(statements: list[Statement], notes: list[str]) -> None:
    """Proofs that cite each other (Lemma 2's proof cites Lemma 3, whose proof cites Lemma 2) would make a claim
    graph with a cycle, which `symrnn lint` refuses: the reference that closes the cycle, in paper order, is
    dropped from `uses` and named in a note."""
    by_key = {s.key: s for s in statements}
    state: dict[str, int] = {}

    def visit(st: Statement) -> None:
        state[st.key] = 1
        for u in list(st.uses):
            if state.get(u) == 1:
                st.uses.remove(u)
                notes.append(f"{st.label} and {by_key[u].label} cite each other in their proofs: "
                             f"{st.label}'s use of {by_key[u].label} is left out of `uses` (a cycle)")
            elif u not in state:
                visit(by_key[u])
        state[st.key] = 2

    for st in statements:
        if st.key not in state:
            visit(st)


_INIT = '''"""{key}: the claims of {title}, in paper order.

Written by `symrnn new {key} --from-tex {source}`: one claim per numbered statement, each `stated`
until a check is written. One module per section; `{command}` checks them.
"""

import symrnn as sr

paper = sr.Paper(
    {key!r},
    title={title_r},
    authors={authors_r},
    venue="<venue and year>",
    cite="<DOI, arXiv or OpenReview identifier>",
    source={source_r},
    numbering="as the LaTeX source numbers its statements (check the labels against the PDF)",
    strict=True,           # refutations need hypotheses as code and an independent re-check
)

{imports}
'''

_MODULE = '''"""{heading} (from {source}).

Each claim is `stated` until a check is written: attach one with `@claim.check(layer=...)`
(docs/writing-claims.md).
"""

from . import paper
'''


def _py_str(text: str) -> str:
    """A Python literal for `text`, raw and triple-quoted when that is exact."""
    if '"""' not in text and not text.endswith("\\") and "\r" not in text:
        return 'r"""' + text + '"""'
    return repr(text)


def write_package(key: str, tex: Path, folder: str | Path = "derivations") -> tuple[Path, Paper]:
    """Write `<folder>/<key>/` from the LaTeX source `tex` (refuses to overwrite)."""
    from ._scaffold import check_command, check_key

    check_key(key)
    target = Path(folder) / key
    if target.exists():
        raise InvalidArgument(f"{target} exists already; choose another key or folder")
    paper = read_tex(Path(tex))
    modules: dict[str, list[str]] = {m: [] for m, _ in paper.sections}
    for st in paper.statements:
        args = [f"{st.key!r}", f"kind={st.kind!r}", f"label={st.label!r}",
                f"where={(st.where or 'front matter')!r}"]
        notes = f"source: {Path(tex).name + ' ' if st.line.startswith('line') else ''}{st.line}" + (f", \\label{{{st.tex_label}}}" if st.tex_label else "") \
            + (f"; printed title: ({st.title})" if st.title else "")
        lines = [f"{st.key} = paper.claim(", "    " + ", ".join(args) + ",",
                 f"    statement={_py_str(st.statement)},"]
        if st.uses:
            lines.append(f"    uses={tuple(st.uses)!r},")
        lines += [f"    notes={notes!r},", ")", ""]
        modules[paper.section_of[st.key]].append("\n".join(lines))
    target.mkdir(parents=True)
    headings = dict(paper.sections)
    for module, chunks in modules.items():
        (target / f"{module}.py").write_text(_MODULE.format(heading=headings[module], source=Path(tex).name)
                                             + "\n\n" + "\n\n".join(chunks))
    imports = "\n".join(f"from . import {m}  # noqa: E402,F401  ({headings[m]})" for m in modules)
    title = paper.title or "<title of the paper>"
    source = f"the LaTeX source {Path(tex).name} (symrnn new --from-tex)"
    (target / "__init__.py").write_text(_INIT.format(
        key=key, title=title.replace('"""', "'''"), source=Path(tex).name, command=check_command(key, target),
        title_r=repr(title), authors_r=repr(paper.authors or "<authors>"), source_r=repr(source), imports=imports))
    return target, paper
