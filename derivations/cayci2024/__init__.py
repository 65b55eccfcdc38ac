"""Cayci & Eryilmaz, Convergence of Gradient Descent for Recurrent Neural Networks: A Nonasymptotic Analysis.

Numbering: the text version in shared/papers/cayci2024_gd_rnn_nonasymptotic.txt (equations (1)-(32),
Definition 1, Propositions 1-6, Lemmas 1-2, Theorems 1-2 (informal in Sec. 2.4, formal in Sec. 4),
Corollary 1, Remarks 1-7, Appendix A.1). The text gives no arXiv id or DOI; the citation is by title,
authors and affiliations. Statements are transcribed from the LaTeX of the text (extraction repairs in notes=).
"""

import symrnn as sr

paper = sr.Paper(
    "cayci2024",
    title="Convergence of Gradient Descent for Recurrent Neural Networks: A Nonasymptotic Analysis",
    authors="Semih Cayci, Atilla Eryilmaz",
    venue="preprint (RWTH Aachen University; The Ohio State University), 2024",
    cite="S. Cayci and A. Eryilmaz, Convergence of Gradient Descent for Recurrent Neural Networks: "
         "A Nonasymptotic Analysis (preprint, 2024)",
    numbering="the text version's numbering: (1)-(32), Def. 1, Props. 1-6, Lemmas 1-2, Thms. 1-2, Cor. 1, Rems. 1-7",
    strict=True,
)

from . import sec1_intro, sec2_setup, sec3_kernel, sec4_regularity, sec4_pgd, sec4_gd, appA_smoothness  # noqa: E402,F401
from . import experiments  # noqa: E402,F401
