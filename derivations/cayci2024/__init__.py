"""Cayci & Eryilmaz, Convergence of Gradient Descent for Recurrent Neural Networks: A Nonasymptotic Analysis.

arXiv:2402.12241, version 1 (February 2024; a later revision restricts the abstract to diagonal
hidden-to-hidden matrices, as the model of version 1 already is). Numbering: version 1's (equations
(1)-(32), Definition 1, Propositions 1-6, Lemmas 1-2, Theorems 1-2 (informal in Sec. 2.4, formal in
Sec. 4), Corollary 1, Remarks 1-7, Appendix A.1). Statements are transcribed from a text extraction of
that version (extraction repairs in notes=).
"""

import symrnn as sr

paper = sr.Paper(
    "cayci2024",
    title="Convergence of Gradient Descent for Recurrent Neural Networks: A Nonasymptotic Analysis",
    authors="Semih Cayci, Atilla Eryilmaz",
    venue="arXiv preprint 2402.12241 (v1), 2024",
    cite="S. Cayci and A. Eryilmaz, Convergence of Gradient Descent for Recurrent Neural Networks: "
         "A Nonasymptotic Analysis, arXiv:2402.12241, 2024",
    numbering="the text version's numbering: (1)-(32), Def. 1, Props. 1-6, Lemmas 1-2, Thms. 1-2, Cor. 1, Rems. 1-7",
    strict=True,
)

from . import sec1_intro, sec2_setup, sec3_kernel, sec4_regularity, sec4_pgd, sec4_gd, appA_smoothness  # noqa: E402,F401
from . import experiments  # noqa: E402,F401
