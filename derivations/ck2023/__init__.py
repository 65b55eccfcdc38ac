"""Cohen-Karlik, Menuhin-Gruman, Giryes, Cohen, Globerson (2023). Learning Low Dimensional State Spaces with
Overparameterized Recurrent Neural Nets. ICLR 2023, OpenReview k9CF4h3muD; arXiv:2210.14064.

Numbering: the ICLR 2023 version (main text Sec. 1-6, Appendices A-E), transcribed from a text
extraction of the camera-ready paper. Appendix restatements of main-text results
(Proposition E.2, Lemma E.5, Lemma E.8, Theorem E.9, Proposition E.11) are their own claims.
"""

import symrnn as sr

paper = sr.Paper(
    "ck2023",
    title="Learning Low Dimensional State Spaces with Overparameterized Recurrent Neural Nets",
    authors="Edo Cohen-Karlik, Itamar Menuhin-Gruman, Raja Giryes, Nadav Cohen, Amir Globerson",
    venue="ICLR 2023",
    numbering="ICLR 2023 (Sections 1-6, Appendices A-E); equations (3.x), (4.x), (C.1), (D.x), (E.x) as printed",
    cite="Cohen-Karlik, Menuhin-Gruman, Giryes, Cohen, Globerson. Learning Low Dimensional State Spaces with "
         "Overparameterized Recurrent Neural Nets. ICLR 2023 (OpenReview k9CF4h3muD; arXiv:2210.14064)",
    strict=True,
)

from . import sec3_setup, sec4_extrapolation, sec4_approximate, sec4_balancedness  # noqa: E402,F401
from . import experiments, appA_lower_bound, appB_experiments, appC_teacher, appD_accumulating  # noqa: E402,F401
from . import appE_1_auxiliary, appE_2_3_lemma7_theorem8, appE_4_proposition9, appE_4_lemma_e13_proof  # noqa: E402,F401
from . import appE_4_1_lemma_e14, appE_4_2_lemma_e15  # noqa: E402,F401
