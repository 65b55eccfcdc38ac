"""Evidence reads like mathematics (issue 12): ASCII mathematics in evidence text is typeset in math
mode, identifiers and everything else stay text, and the output is valid TeX (no raw ^ or _)."""

import re

import pytest

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
