"""`symrnn new KEY --from-tex paper.tex`: a paper's LaTeX source in, a claim package of `stated` claims out."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from symrnn.cli import main

PAPER = Path(__file__).resolve().parent.parent / "data" / "small_paper.tex"


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def demo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SYMRNN_CACHE_DIR", str(tmp_path / "cache"))
    out = run("new", "demo", "--from-tex", str(PAPER), "--folder", str(tmp_path / "claims"))
    assert out.exit_code == 0, out.output
    return tmp_path / "claims" / "demo", out.output


# every numbered statement of tests/data/small_paper.tex, in paper order: (id, label, kind, uses)
EXPECTED = [
    ("demo.def1", "Definition 1", "definition", []),
    ("demo.eq2_1", "(2.1)", "equation", []),               # numbered inside Definition 1
    ("demo.hypothesis1", "Hypothesis 1", "assumption", []),
    ("demo.eq2_2", "(2.2)", "equation", []),               # align: row 1 numbered, row 2 \nonumber
    ("demo.eq2_3", "(2.3)", "equation", []),               # row 3
    # its statement cites Hypothesis 1; its proof in the appendix ([Proof of \cref{lem:power}]) cites (A.1), (2.2)
    ("demo.lemma2_1", "Lemma 2.1", "lemma", ["demo.hypothesis1", "demo.eq_a1", "demo.eq2_2"]),
    ("demo.thm3_1", "Theorem 3.1", "theorem",
     ["demo.hypothesis1", "demo.eq2_2", "demo.def1", "demo.eq2_3", "demo.lemma2_1", "demo.eq3_1"]),
    ("demo.eq3_1", "(3.1)", "equation", []),               # numbered in the theorem's proof
    ("demo.cor3_2", "Corollary 3.2", "corollary", ["demo.thm3_1", "demo.lemma_a1"]),   # a forward reference
    ("demo.remark3_3", "Remark 3.3", "remark", []),         # shares the theorem counter; cites a section only
    ("demo.lemma_a1", "Lemma A.1", "lemma", []),            # \appendix: sections lettered, counters within them
    ("demo.eq_a1", "(A.1)", "equation", []),
    ("demo.prop_a2", "Proposition A.2", "proposition", ["demo.lemma2_1"]),
]


def test_round_trip_lists_every_numbered_statement_with_its_uses(demo):
    package, printed = demo
    assert "13 numbered statements" in printed and "Main Theorem (unnumbered" in printed
    out = run("list", "--path", str(package))
    assert out.exit_code == 0, out.output
    rows = []
    for line in out.output.splitlines():
        head, _, uses = line.partition("  uses ")
        cid = head.split()[0]
        label = head[29:52].strip()
        kind = head[52:].split()[0]
        rows.append((cid, label, kind, uses.split(", ") if uses else []))
    assert rows == EXPECTED
    lint = run("lint", "--path", str(package))
    assert lint.exit_code == 0 and "ok: 13 claims" in lint.output


def test_generated_claims_are_stated_and_printed_as_in_the_paper(demo):
    package, _ = demo
    out = run("check", "demo", "--path", str(package), "-o", "out", "--json", "-q")
    assert out.exit_code == 0, out.output
    import json

    rows = {c["id"]: c for c in json.loads(out.output[out.output.index("["):])}
    # a definition or an assumption needs no check (status "definition"); the others are stated until checked
    assert {cid: c["status"] for cid, c in rows.items() if c["status"] != "stated"} == {
        "demo.def1": "definition", "demo.hypothesis1": "definition"}
    assert all(c["verdict"] is None for c in rows.values())
    show = run("show", "demo.thm3_1", "--path", str(package))
    # references print as the paper prints them; \label is gone
    assert "Under Hypothesis 1, the memory (2.2) of the RNN of Definition 1 decays" in show.output
    statement = show.output.split("statement (as printed):")[1].split("notes:")[0]
    assert "\\label" not in statement and "\\cref" not in statement and "\\eqref" not in statement
    assert "Sec. 3" in show.output
    assert "(equation, Sec. 3, in the proof of Theorem 3.1)" in run("show", "demo.eq3_1", "--path", str(package)).output
    # a display inside a statement is printed with the paper's number, not renumbered by whoever typesets it
    assert "\\begin{equation*}\n  y_t = c^\\top h_t .\n\\tag{2.1}\\end{equation*}" in run(
        "show", "demo.def1", "--path", str(package)).output
    remark = run("show", "demo.remark3_3", "--path", str(package))
    assert "conditioning of $W$ (Figure 1), see Appendix A." in remark.output     # non-claim labels: name, number
    eq = run("show", "demo.eq_a1", "--path", str(package))
    assert "\\sum_{t\\ge 0} \\gamma^t = \\frac{1}{1-\\gamma}" in eq.output and "App. A" in eq.output
    init = (package / "__init__.py").read_text()
    assert "Memory decay of linear recurrent networks" in init and "A. Author, B. Author" in init


def _tex(tmp_path, body, preamble="\\newtheorem{theorem}{Theorem}\n"):
    f = tmp_path / "p.tex"
    f.write_text("\\documentclass{article}\n" + preamble + "\\begin{document}\n" + body + "\n\\end{document}\n")
    return f


@pytest.mark.parametrize("body, preamble, message", [
    ("Just prose, no statements.", "", "declares no theorem-like environment"),
    ("Prose.", "\\newtheorem{theorem}{Theorem}\n", "has no numbered statement"),
    ("\\begin{theorem}\\label{a}x\\end{theorem}\\begin{proof}By \\cref{nowhere}.\\end{proof}",
     "\\newtheorem{theorem}{Theorem}\n", "line 4: nowhere"),
    ("\\begin{theorem}\\label{a}x\\end{theorem}\\begin{theorem}\\label{a}y\\end{theorem}",
     "\\newtheorem{theorem}{Theorem}\n", "\\label{a} is defined twice"),
])
def test_bad_sources_give_one_line_and_exit_2(tmp_path, monkeypatch, body, preamble, message):
    monkeypatch.chdir(tmp_path)
    f = _tex(tmp_path, body, preamble)
    out = CliRunner().invoke(main, ["new", "bad", "--from-tex", str(f), "--folder", "claims"])
    assert out.exit_code == 2, out.output
    assert message in out.output and "Traceback" not in out.output
    assert not (tmp_path / "claims" / "bad").exists()


def test_missing_file_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = CliRunner().invoke(main, ["new", "bad", "--from-tex", "nope.tex"])
    assert out.exit_code == 2 and "nope.tex does not exist" in out.output


def test_theorem_counter_within_section_and_tags(tmp_path, monkeypatch):
    from symrnn._from_tex import read_tex

    f = _tex(tmp_path, "\\section{A}\\begin{theorem}x\\end{theorem}\\begin{equation}a=b\\tag{$\\star$}\\end{equation}"
                       "\\section{B}\\begin{thm2}y\\end{thm2}\\begin{theorem}z\\end{theorem}"
                       "\\begin{gather}a\\\\b\\notag\\\\c\\end{gather}\\begin{equation*}n\\end{equation*}",
             "\\newtheorem{theorem}{Theorem}[section]\n\\newtheorem{thm2}[theorem]{Main Claim}\n")
    got = [(s.label, s.kind) for s in read_tex(f).statements]
    assert got == [("Theorem 1.1", "theorem"), ("($\\star$)", "equation"), ("Main Claim 2.1", "lemma"),
                   ("Theorem 2.2", "theorem"), ("(1)", "equation"), ("(2)", "equation")]
    twice = _tex(tmp_path, "\\begin{equation}a\\tag{*}\\end{equation}\n\\begin{equation}b\\tag{*}\\end{equation}")
    assert [s.label for s in read_tex(twice).statements] == ["(*)", "(*) (line 5)"]


def test_chapters_subequations_and_labelled_section_titles(tmp_path):
    from symrnn._from_tex import read_tex

    f = tmp_path / "book.tex"
    f.write_text(r"""\documentclass{report}
\newtheorem{thm}{Theorem}[chapter]
\begin{document}
\chapter{One}
\section{Setting\label{sec:x}}
\begin{thm}\label{t1}A\end{thm}
\begin{equation}\label{e1} a \end{equation}
\begin{subequations}\label{grp}
\begin{align}
 b \label{e2a}\\ c \label{e2b}
\end{align}
\end{subequations}
\begin{proof}By \eqref{e2b}, \cref{sec:x} and \ref{grp}.\end{proof}
\appendix
\chapter{Extra}
\begin{thm}\label{t2}B \eqref{e1}\end{thm}
\begin{proof}[Proof of \cref{t1}] \eqref{e1}. \end{proof}
\end{document}
""")
    paper = read_tex(f)
    got = [(s.key, s.label, s.uses) for s in paper.statements]
    assert got == [("thm1_1", "Theorem 1.1", ["eq1_2b", "eq1_1"]), ("eq1_1", "(1.1)", []),
                   ("eq1_2a", "(1.2a)", []), ("eq1_2b", "(1.2b)", []), ("thm_a1", "Theorem A.1", ["eq1_1"])]
    assert paper.statements[-1].statement == "B (1.1)"
    assert paper.sections == [("sec1_1", "Section 1.1: Setting"), ("appa", "Appendix A: Extra")]


def test_proofs_that_cite_each_other_do_not_make_a_cycle(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = _tex(tmp_path, "\\begin{theorem}\\label{a}A\\end{theorem}\\begin{proof}By \\ref{b}.\\end{proof}\n"
                       "\\begin{theorem}\\label{b}B\\end{theorem}\\begin{proof}By \\ref{a}.\\end{proof}")
    out = run("new", "cyc", "--from-tex", str(f), "--folder", "claims")
    assert out.exit_code == 0 and "cite each other" in out.output
    assert run("lint", "--path", "claims/cyc").exit_code == 0
    listed = run("list", "--path", "claims/cyc").output
    assert "uses cyc.thm2" in listed.splitlines()[0] and "uses" not in listed.splitlines()[1]   # the first keeps it


def test_rows_of_a_display_in_a_statement_keep_their_numbers(tmp_path):
    from symrnn._from_tex import read_tex

    f = _tex(tmp_path, "\\begin{theorem}\\label{t}We have\n\\begin{align}\n a &= b \\label{r1}\\\\\n"
                       "   &= c \\nonumber\\\\\n c &= d \\tag{$\\dagger$}\n\\end{align}\n\\end{theorem}")
    thm, *rows = read_tex(f).statements
    assert [r.label for r in rows] == ["(1)", "($\\dagger$)"]
    assert thm.statement == ("We have\n\\begin{align*}\n a &= b \\tag{1}\\\\\n   &= c \\\\\n"
                             " c &= d \\tag{$\\dagger$}\n\\end{align*}")


def test_input_files_are_read_in_place(tmp_path, monkeypatch):
    """Papers split into files: \\input{sections/two} is read where it stands (a commented one is not)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "two.tex").write_text("\\section{Two}\n\n\\begin{lemma}\\label{l2}B\\end{lemma}\n"
                                                   "\\input{sections/three}\n")
    (tmp_path / "sections" / "three.tex").write_text("\\begin{lemma}\\label{l3}C\\end{lemma}\n"
                                                     "\\begin{proof}By \\cref{l1,l2}.\\end{proof}\n")
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n\\input{macros}\n\\newtheorem{lemma}{Lemma}[section]\n"
                    "\\begin{document}\n\\section{One}\n\\begin{lemma}\\label{l1}A\\end{lemma}\n"
                    "% \\input{sections/missing}\n\\input{sections/two}\n\\end{document}\n")
    from symrnn._from_tex import read_tex

    paper = read_tex(main)
    assert [(s.label, s.line, s.uses) for s in paper.statements] == [
        ("Lemma 1.1", "line 6", []), ("Lemma 2.1", "sections/two.tex line 3", []),
        ("Lemma 2.2", "sections/three.tex line 1", ["lemma1_1", "lemma2_1"])]
    assert any("\\input{macros} is not read" in n for n in paper.notes)        # a missing file: a note
    out = run("new", "split", "--from-tex", "main.tex", "--folder", "claims")
    assert out.exit_code == 0, out.output
    assert "source: sections/three.tex line 1" in (tmp_path / "claims" / "split" / "sec2.py").read_text()
    (tmp_path / "sections" / "three.tex").write_text("\\input{sections/two}\n")
    loop = run("new", "loop", "--from-tex", "main.tex", "--folder", "claims")
    assert loop.exit_code == 2 and "inputs a file that inputs it" in loop.output
