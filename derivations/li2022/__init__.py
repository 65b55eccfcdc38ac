"""Li, Han, E, Li (2022). Approximation and Optimization Theory for Linear Continuous-Time Recurrent
Neural Networks. Journal of Machine Learning Research 23(42):1-85, 2022 (arXiv:2009.07799).
Numbering: the JMLR version (statements, equation tags).

Transcribed from a text extraction of the journal article.  The ICLR 2021 version (Li, Han, E, Li: On the
Curse of Memory in Recurrent Neural Networks: Approximation and Optimization Analysis; OpenReview
8Sqhl-nF50) renumbers these items; it has its own claim package `li2021`, where each claim names its JMLR
twin (`same_as`).  In outline: JMLR Sec. 3 (Definitions 2-5, Proposition 6) = ICLR Sec. 3 (Definition 3.1,
Proposition 3.1); Theorems 7 and 10 = Theorems 4.1 and 4.2; (33)-(39) = ICLR (15)-(16) and App. B;
Sec. 5 = App. A-B; (95)-(109) and Theorem 20 = ICLR (17)-(23), Theorem 5.1 and Theorem C.1;
Sec. 7.1 = App. C.2 (Lemma 27 = Lemma C.1, ..., Proposition 34 = Proposition C.3); Figures 1-4 = ICLR
Figure 1 and App. C.3; App. A = App. D.1 (Lemma 55 = Lemma D.1, ..., Proposition 71 = Proposition D.1);
App. B = App. E.  Theorems 11, 23 and 25 and Sections 7.2-7.3 have no ICLR counterpart.

Claims are declared in paper order, each with its statement transcribed as printed.  Checks
read printed formulas from `ctx.printed`, so the quality tests can perturb them.

Modules, in paper order (the claims of each are listed in its docstring):
    model                  the model, notation and closed forms several sections share
    sec3_formulation       Sec. 3.1, Definitions 2-5
    sec4_1_universal       Sec. 4.1, Proposition 6, Theorem 7
    sec4_2_rates           Sec. 4.2, Theorems 10-11
    sec4_3_memory          Sec. 4.3, (33)-(39)
    sec5_approx_proofs     Sec. 5, Theorem 14 to (84)
    sec6_optimisation      Sec. 6.1-6.2, (95)-(103), Theorems 20, 23, 25, Remarks 19-26
    sec6_training          Sec. 6, Figures 1-4 (training)
    sec7_1_preliminaries   Sec. 7.1 (1), Lemma 27 to Remark 31
    sec7_1_loss            Sec. 7.1 (2), Proposition 32
    sec7_1_gradient        Sec. 7.1 (3), Proposition 33, (129)-(131)
    sec7_1_hessian         Sec. 7.1 (4), Proposition 34, (136)-(142)
    sec7_1_linearisation   Sec. 7.1 (5), the proof of Theorem 20, Remark 35
    sec7_2_plateau         Sec. 7.2, Lemma 38 to the proof of Theorem 23
    sec7_3_wide            Sec. 7.3, Lemmas 48-52, the proof of Theorem 25
    appA_1_degeneracy      App. A.1, Definition 53 to Remark 63
    appA_2_sufficient      App. A.2, Definition 64 to Theorem 70
    appA_3_example         App. A.3, Proposition 71
    appB_momentum          App. B, momentum on a quadratic example
"""

import symrnn as sr

paper = sr.Paper(
    "li2022",
    title="Approximation and Optimization Theory for Linear Continuous-Time Recurrent Neural Networks",
    authors="Zhong Li, Jiequn Han, Weinan E, Qianxiao Li",
    venue="Journal of Machine Learning Research 23 (2022)",
    cite="Journal of Machine Learning Research 23(42):1-85, 2022; arXiv:2009.07799",
    source="a text extraction of the published article",
    numbering="JMLR: statement and equation numbers as printed in the journal version",
    mapping="ICLR 2021 (On the Curse of Memory in Recurrent Neural Networks; OpenReview 8Sqhl-nF50): claim "
            "package li2021, where each claim names its JMLR twin",
    strict=True,   # refutations need hypotheses as code and an independent recheck (docs/design.md, "Verdicts")
)

from . import model  # noqa: E402,F401  (the model and closed forms; the sections follow in paper order)
from . import sec3_formulation, sec4_1_universal, sec4_2_rates, sec4_3_memory, sec5_approx_proofs  # noqa: E402,F401
from . import sec6_optimisation, sec6_training  # noqa: E402,F401
from . import sec7_1_preliminaries, sec7_1_loss, sec7_1_gradient, sec7_1_hessian, sec7_1_linearisation  # noqa: E402,F401
from . import sec7_2_plateau, sec7_3_wide  # noqa: E402,F401
from . import appA_1_degeneracy, appA_2_sufficient, appA_3_example, appB_momentum  # noqa: E402,F401
