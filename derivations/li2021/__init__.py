"""Li, Han, E, Li (2021). On the Curse of Memory in Recurrent Neural Networks: Approximation and
Optimization Analysis. ICLR 2021 (OpenReview 8Sqhl-nF50).  Numbering: the camera-ready PDF
(transcribed from a text extraction of it); an HTML extraction is a later revision with shifted
equation numbers ((1)-(77) equal, PDF (78) = HTML (80), (79)-(110) +2, PDF (111) = HTML (115),
(112)-(148) +6) and is used only to repair garbled formulas (each repair is in the claim's notes).

Each numbered statement is declared in paper order with its JMLR counterpart (the claim package li2022:
Journal of Machine Learning Research 23(42):1-85, 2022). Where the mathematics is the same, the claim
is declared `same_as` its JMLR twin: the twin's checks run once and count for both ids. Textual
differences are checked on their own terms here (e.g. (88)-(91), which use the absolute-value Delta
of (80) where the derivative needs the signed one).

Modules, in paper order (the claims of each are listed in its docstring):
    sec3_formulation     Sec. 3, (1)-(9), Definition 3.1, Proposition 3.1
    sec4_approximation   Sec. 4, Theorems 4.1-4.2, (12)-(16), the width m(omega, eps)
    sec5_optimisation    Sec. 5, (17)-(23), Figure 1, Theorem 5.1
    sec6_conclusion      Sec. 6, the conclusion's statement
    appA_universal       App. A, Theorem A.1, Lemmas A.1-A.2, the proof of Theorem 4.1
    appB_rates           App. B, the proof of Theorem 4.2, (64)-(71)
    appC_dynamics        App. C.1-C.2, the loss, its gradient and Hessian, Theorem C.1
    appC_3_numerics      App. C.3, (117)-(120), Figures 2-4
    appD_degeneracy      App. D.1, weights degeneracy, Proposition D.1
    appE_momentum        App. E, momentum on a quadratic example

`JMLR` is the li2022 claim package, loaded through `symrnn.load_claim_file` (so that the cache key of
these claims covers its files): the checks here reuse its gradient flow of (104) (`JMLR.model`) and
its figure helpers (`JMLR.sec6_training`).
"""

from pathlib import Path

import symrnn as sr

paper = sr.Paper(
    "li2021",
    title="On the Curse of Memory in Recurrent Neural Networks: Approximation and Optimization Analysis",
    authors="Zhong Li, Jiequn Han, Weinan E, Qianxiao Li",
    venue="International Conference on Learning Representations (ICLR) 2021",
    cite="ICLR 2021, OpenReview 8Sqhl-nF50",
    source="a text extraction of the camera-ready PDF (repairs from an HTML extraction of a later revision)",
    numbering="ICLR 2021 camera-ready PDF",
    mapping="JMLR 2022 version (Journal of Machine Learning Research 23(42):1-85; arXiv:2009.07799): claim "
            "package li2022 (the `same_as` of each claim)",
    strict=True,   # refutations need hypotheses as code and an independent recheck (docs/design.md, "Verdicts")
)

JMLR = sr.load_claim_file(Path(__file__).resolve().parents[1] / "li2022")   # the JMLR claim package

from . import sec3_formulation, sec4_approximation, sec5_optimisation, sec6_conclusion  # noqa: E402,F401
from . import appA_universal, appB_rates, appC_dynamics, appC_3_numerics, appD_degeneracy, appE_momentum  # noqa: E402,F401
