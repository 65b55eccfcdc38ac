"""Evidence reads like mathematics (issue 12): ASCII mathematics in evidence text is typeset in math
mode, identifiers and everything else stay text, and the output is valid TeX (no raw ^ or _)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from symrnn.report._latex import tex_evidence


@pytest.mark.parametrize("text, expected", [
    ("J_omega is about 5 10^11 > C", r"$J_{\omega }$ is about 5 $10^{11}$ > C"),
    ("x e^-x <= c", r"x $e^{-x}$ $\le$ c"),
    ("w_l^0 = 1", r"$w_{l}^{0}$ = 1"),
    ("(x-y)^2 and H_{1,1}", r"$(x-y)^{2}$ and $H_{1,1}$"),
    ("zero_counts in file_name.py", r"zero\_counts in file\_name.py"),
    ("100% & {1/3}", r"100\% \& \{1/3\}"),
])
def test_ascii_mathematics_is_typeset(text, expected):
    assert tex_evidence(text) == expected


def test_no_raw_script_characters_leave_math_mode():
    out = tex_evidence("a^*_1 ||a_0||_1 e^{-w t} x^2_3 t^n e^-t rho_{0,omega}")
    text_parts = re.split(r"\$[^$]*\$", out)
    assert all("^" not in p.replace(r"\textasciicircum{}", "") and "_" not in p.replace(r"\_", "") for p in text_parts)


def test_claim_ids_stay_identifiers():
    """A claim id in a severity reason made a double subscript (li2021.proof4_2_beta) and broke the PDF."""
    assert tex_evidence("li2021.proof4_2_beta holds") == r"\texttt{li2021.proof4\_2\_beta} holds"
    assert tex_evidence("x_1_2") == r"x\_1\_2"


def test_a_dangling_script_inside_braces_stays_valid_tex():
    """ck2023's scope 'max_{j<=2d^}' (d^ is d-hat) put '^}' into math mode and stopped the PDF build."""
    out = tex_evidence("W_1 / (max_{j<=2d^} |m_j - m^_j|) and a_{x%y}")
    assert r"$max_{j\le 2d^{}}$" in out and r"$a_{x\%y}$" in out


# fragments rather than characters, and tokens built like evidence writes them (a_0, e^{-t}, max_{j<=2d^}),
# so that scripts, braces and operators meet often
_FRAGMENTS = ["a", "x1", "w", "2d", "omega", "0", "12", ".5", "_", "^", "{", "}", "(", ")", "<=", ">=", "->", "||", "|",
              "-", "%", "#", "&", "$", "~", "\\", " ", ",", "*", "/", "li2022.eq1"]
_ATOM = st.sampled_from(["a", "x1", "2d", "omega", "0", ".5", "(x-y)"])
_BRACED = st.lists(st.sampled_from(_FRAGMENTS), max_size=5).map(lambda parts: "{" + "".join(parts) + "}")
_SCRIPT = st.tuples(st.sampled_from(["_", "^"]), st.one_of(_ATOM, _BRACED, st.just(""))).map("".join)
_TOKEN = st.tuples(_ATOM, st.lists(_SCRIPT, min_size=1, max_size=3).map("".join)).map("".join)
_EVIDENCE = st.lists(st.one_of(_TOKEN, st.sampled_from(_FRAGMENTS)), max_size=8).map("".join)


@given(_EVIDENCE)
@settings(max_examples=400, deadline=None)
def test_evidence_is_valid_tex_for_any_ascii_text(text):
    """Whatever a check writes, the evidence compiles: math segments have balanced braces, every script an
    argument, no unescaped specials; text segments have no raw ^ or _."""
    _assert_valid_tex(text, tex_evidence(text))


def _assert_valid_tex(text, out):
    parts = re.split(r"(?<!\\)\$", out)
    assert len(parts) % 2 == 1, out                                   # $ signs pair up
    for k, part in enumerate(parts):
        bare = re.sub(r"\\[A-Za-z]+ ?|\\[^A-Za-z]", "", part)          # drop control words and escaped symbols
        assert not re.search(r"[%#&~]", bare), (text, out)
        depth = 0
        for ch in bare:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            assert depth >= 0, (text, out)
        assert depth == 0, (text, out)
        if k % 2:                                                      # math mode
            assert not re.search(r"[_^](?!\{)", part), (text, out)
        else:
            assert not re.search(r"[_^]", bare), (text, out)


def test_hypotheses_and_assumptions_in_ascii_are_typeset_not_left_raw():
    """ck2023's hypothesis 'B_t = C_t^T ...' went through the statement filter and left a raw ^ in text mode."""
    from symrnn.report._latex import tex_prose, tex_statement

    assert tex_prose("B_t = C_t^T (d = 1)") == "$B_{t}$ = $C_{t}^{T}$ (d = 1)"
    assert tex_prose(r"$\mathbf B_t = \mathbf C_t^\top$") == r"$\mathbf B_t = \mathbf C_t^\top$"
    assert tex_statement("x^2 in text and $y^2$") == r"x\textasciicircum{}2 in text and $y^2$"


def test_every_hypothesis_and_assumption_of_the_seed_papers_is_valid_tex():
    from symrnn._registry import Registry
    from symrnn.report._latex import tex_prose

    reg = Registry.discover()
    claims = [c for p in reg.papers.values() for c in p.claims.values()]
    texts = [h.text for c in claims for h in c.hypotheses] + [a for c in claims for a in c.assumptions]
    assert len(texts) > 100
    for text in texts:
        if "$" not in text and "\\" not in text:
            _assert_valid_tex(text, tex_prose(text))


@pytest.mark.parametrize("text, expected", [
    ("the convolution with (CA^jB)_j", r"the convolution with $(CA^{j}B)_{j}$"),   # ck2023 (3.1): not CA^{jB}
    ("y_{j+1} = CA^jB", r"$y_{j+1}$ = $CA^{j}B$"),
    ("Y^TY and W^TW", r"$Y^{T}Y$ and $W^{T}W$"),
    ("F^Lin, e^-wt, r^CoF", r"$F^{Lin}$, $e^{-wt}$, $r^{CoF}$"),            # word exponents stay whole
    ("|c||b| <= 1", r"|c||b| $\le$ 1"),                                       # two absolute values, not a norm
    ("||x|| <= |a| ||y||", r"$\|$x$\|$ $\le$ |a| $\|$y$\|$"),
])
def test_ascii_mathematics_keeps_its_meaning(text, expected):
    assert tex_evidence(text) == expected


def test_dependency_graph_labels_print_at_a_readable_size(tmp_path):
    """The graph was drawn up to 40 inches wide and shrunk to the text width: labels printed at about 1-5 pt."""
    import re

    from symrnn import Paper
    from symrnn._ledger import ClaimOutcome
    from symrnn.report import _graph

    paper = Paper("big", title="t", authors="a", venue="v")
    lengths = [4, 6, 9, 12, 26, 7, 8, 5, 10, 14]             # key lengths as in ck2023 (mean about 9, longest 26)
    # claims per depth as in cayci2024, the deepest graph of the four papers (122 claims in 24 layers)
    sizes = [11, 8, 10, 5, 8, 5, 5, 4, 4, 4, 7, 5, 3, 5, 5, 5, 6, 2, 1, 1, 1, 6, 8, 3]
    i, below = 0, []
    for size in sizes:
        here = []
        for _ in range(size):
            key = ("k" + "x" * 30)[:lengths[i % len(lengths)] - 3] + f"{i:03d}"
            paper.claim(key, kind="lemma", label=f"L{i}", statement="s", uses=tuple(below[:1] + below[-1:]))
            here.append(key)
            i += 1
        below = here
    outs = [ClaimOutcome(c, [], None, "stated", [], None) for c in paper.claims.values()]
    pos, width, height = _graph.place(outs)
    assert len(pos) == sum(sizes) and width <= _graph.PAGE_WIDTH_IN + 1e-9
    shrink = min(1.0, _graph.PAGE_WIDTH_IN / width, _graph.PAGE_HEIGHT_IN / height)
    assert _graph.LABEL_PT * shrink >= 7, (width, height)
    assert _graph.draw_graph(paper, outs, tmp_path) is None
    pdf = (tmp_path / "figures" / _graph.graph_filename("big")).read_bytes()
    box = [float(v) for v in re.search(rb"/MediaBox \[\s*([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", pdf).groups()]
    assert box[2] <= _graph.PAGE_WIDTH_IN * 72 + 1 and box[3] <= _graph.PAGE_HEIGHT_IN * 72 + 1
