"""Appendix A: universal approximation (ICLR 2021 numbering, camera-ready PDF).

Theorem A.1, Lemmas A.1-A.2 and the proof of Theorem 4.1.

Claims, in paper order: thma_1, lema_1, lema_2, proof4_1.
"""

from __future__ import annotations

import symrnn as sr

from . import paper


thma_1 = paper.claim(
    "thma_1",
    kind="theorem",
    label='Theorem A.1',
    where='App. A',
    statement=r"""Theorem A.1 (Riesz-Markov-Kakutani representation theorem). Let $H : \mathcal{X} \to \mathbb{R}$
be a continuous linear functional. Then, there exists a unique, vector-valued, regular, countably additive signed
measure $\mu$ on $\mathbb{R}$ such that
$$H(\boldsymbol{x}) = \int_{\mathbb{R}} x_s^\top d\mu(s) = \sum_{i=1}^d \int_{\mathbb{R}} x_{s,i}\, d\mu_i(s).
\tag{24}$$
Moreover, we have
$$\|H\| := \sup_{\|\boldsymbol{x}\|_{\mathcal{X}} \le 1} |H(\boldsymbol{x})| = \|\mu\|_1(\mathbb{R}) := \sum_i
|\mu_i|(\mathbb{R}). \tag{25}$$""",
    assumptions=[
        r"""$H : \mathcal{X}\to\mathbb{R}$ continuous linear functional, $\mathcal{X} =
C_0(\mathbb{R},\mathbb{R}^d)$""",
    ],
    notes=r"""JMLR counterpart: li2022.thm14. Proof: 'Well-known, see e.g. Bogachev (2007), CH 7.10.4.'
Reconstructed: (25) garbled ('kHk := kχSUp≤ιH(X)I = kμk1(R)= ^"ig'); restored from JMLR (41) - the final ':=
\sum_i|\mu_i|(\mathbb{R})' is not legible in the extraction. Same as JMLR Thm 14 (40)-(41).""",
    same_as="li2022.thm14",
    # the statement as code, as li2022.thm14's (the twin's checks are thm14's)
    variables={"H": sr.given("a continuous linear functional H : X -> R, X = C_0(R, R^d)")},
    conclusions=[("representation", "there is a unique vector-valued, regular, countably additive signed measure mu on R "
                                    "with H(x) = int x_s^T dmu(s) (24)", "existence"),
                 ("norm", "||H|| = ||mu||_1(R) = sum_i |mu_i|(R) (25)", "identity")],
)


lema_1 = paper.claim(
    "lema_1",
    kind="lemma",
    label='Lemma A.1',
    where='App. A',
    statement=r"""Let $\{H_t\}$ be a family of continuous, linear, regular, causal and time homogeneous functionals
on $\mathcal{X}$. Then, there exists a measurable function $\rho : [0, \infty) \to \mathbb{R}^d$ that is integrable,
i.e.
$$\|\rho\|_{L^1([0,\infty))} := \sum_{i=1}^d \int_0^\infty |\rho_i(s)|\, ds < \infty \tag{26}$$
and
$$H_t(\boldsymbol{x}) = \int_0^\infty x_{t-s}^\top \rho(s)\, ds, \quad t \in \mathbb{R}. \tag{27}$$
In particular, $\{H_t\}$ is uniformly bounded with $\sup_t \|H_t\| = \|\rho\|_{L^1([0,\infty))}$ and $t \mapsto
H_t(\boldsymbol{x})$ is continuous for all $\boldsymbol{x} \in \mathcal{X}$.""",
    assumptions=[
        r"""$\{H_t\}$ continuous, linear, regular, causal and time homogeneous on $\mathcal{X}$""",
    ],
    notes=r"""JMLR counterpart: li2022.lemma15. Proof (28)-(35) as in JMLR (44)-(51), including 'Take \tau = -t and
set \mu = -\mu_0 to get (31) H_t(x) = \int_0^\infty x_{t-s}^\top d\mu(s)' and '\|\mu\|_1([0,\infty)) =
\|\mu_0\|_1([0,\infty)) = \|H_0\| = \|H_t\|'. ICLR proof writes 'For each n \ge 0 set K_n \subset E, K_n' \subset
E'' (JMLR n \in N_+) and 'for a fixed i \in \{1,...,d\}'. 'time homogeneous' without hyphen as printed.""",
    same_as="li2022.lemma15",
    # the statement as code, as li2022.lemma15's (the twin's checks are lemma15's)
    variables={"H": sr.given("a family {H_t} of continuous, linear, regular, causal, time homogeneous functionals on X")},
    conclusions=[("representation", "there is a measurable rho : [0, oo) -> R^d with ||rho||_L1 < oo (26) and "
                                    "H_t(x) = int_0^oo x_{t-s}^T rho(s) ds (27)", "existence"),
                 ("norm", "sup_t ||H_t|| = ||rho||_{L^1([0, oo))}", "identity"),
                 ("continuity", "t -> H_t(x) is continuous for every x in X", "property")],
)


lema_2 = paper.claim(
    "lema_2",
    kind="lemma",
    label='Lemma A.2',
    where='App. A',
    statement=r"""Let $\rho : [0, \infty) \to \mathbb{R}$ a Lebesgue integrable function, i.e.
$\|\rho\|_{L^1([0,\infty))} < \infty$. Then, for any $\epsilon > 0$, there exists a polynomial $p$ with $p(0) = 0$
such that
$$\|\rho - p(e^{-\cdot})\|_{L^1([0,\infty))} = \int_0^\infty |\rho(t) - p(e^{-t})|\, dt \le \epsilon. \tag{36}$$""",
    assumptions=[
        r"""$\rho\in L^1([0,\infty))$ scalar-valued; $\epsilon>0$""",
    ],
    notes=r"""JMLR counterpart: li2022.lemma16. 'Let \rho : [0,\infty)\to R a Lebesgue integrable function' [sic;
missing 'be', JMLR 'be a']. Extraction shows '∣ρ∣L1' for the norm. Proof (37)-(41) = JMLR (53)-(57): R(u) =
\frac{1}{u}\rho(-\log u) for u\in(0,1], 0 for u = 0 (37); \|R\|_{L^1([0,1])}=\|\rho\|_{L^1([0,\infty))} (38);
continuous \tilde R with \tilde R(0)=0, \|R-\tilde R\|\le\epsilon/2 (39); Muntz-Szasz: \|q-\tilde R\|\le\epsilon/2
with q(u):=p(u)/u (40); (41) conclusion.""",
    same_as="li2022.lemma16",
)


proof4_1 = paper.claim(
    "proof4_1",
    kind="proof-step",
    label='(42)-(46)',
    where='App. A (Proof of Theorem 4.1)',
    statement=r"""Proof of Theorem 4.1. By (7), for each $\{\hat{H}_t\} \in \hat{\mathcal{H}}$ we can write
$$\hat{H}_t(\boldsymbol{x}) = \int_0^\infty x_{t-s}^\top (U^\top [e^{Ws}]^\top c)\, ds. \tag{42}$$
By Lemma A.1, we can write
$$H_t(\boldsymbol{x}) = \int_0^\infty x_{t-s}^\top \rho(s)\, ds, \tag{43}$$
where $\rho$ is integrable. Thus, we can apply Lemma A.2 to conclude that there exists polynomials $p_i$, $i = 1,
\ldots, d$ with $p_i(0) = 0$ such that
$$\sum_i \|\rho_i - p_i(e^{-\cdot})\|_{L^1([0,\infty))} \le \epsilon. \tag{44}$$
Notice that we can write each $p_i(u) = \sum_{j=1}^m \alpha_{ij} u^j$ for some $m$ equaling the maximal order of
$\{p_i\}$. Taking $W = \mathrm{diag}(-1, \ldots, -m)$, $c = (1, \ldots, 1)$ and $U_{ij} = \alpha_{ji}$, we have
$$(U^\top [e^{Ws}]^\top c)_i = p_i(e^{-s}), \quad i = 1, \ldots, d. \tag{45}$$
Consequently, we have for any $\boldsymbol{x}$ with $\|\boldsymbol{x}\|_\infty \le 1$,
$$|H_t(\boldsymbol{x}) - \hat{H}_t(\boldsymbol{x})| = \left| \int_0^\infty x_{t-s}^\top \rho(s)\, ds - \int_0^\infty
x_{t-s}^\top p(e^{-s})\, ds \right| \le \sum_i \int_0^\infty |x_{t-s,i}|\, |\rho_i(s) - p_i(e^{-s})|\, ds \le \sum_i
\|\rho_i - p_i(e^{-\cdot})\|_{L^1([0,\infty))} \le \epsilon. \tag{46}$$""",
    assumptions=[
        r"""hypotheses of Theorem 4.1""",
    ],
    notes=r"""JMLR counterpart: li2022.eq58-li2022.eq62. Reconstructed: the right-hand side of (42) is absent from
the extraction ('ʌ , . Ht (x) (42)'); restored from JMLR (58). In (46) the first equality line is partly lost;
restored from JMLR (62). ICLR 'maximal order' (JMLR 'maximal degree') and 'for some m' (JMLR 'for some m \in N_+').
Same content as JMLR (58)-(62).""",
    same_as="li2022.thm7",
)
