"""Appendix D: weights degeneracy (ICLR 2021 numbering, camera-ready PDF).

D.1.1-D.1.3: Definitions D.1-D.3, Lemma D.1, Theorems D.1-D.7, Remarks D.1-D.8, Proposition D.1.

Claims, in paper order: defd_1, defd_2, lemd_1, lemd_1_nonzero, remd_1, thmd_1, thmd_2, remd_2, remd_3, thmd_3,
remd_4, remd_4_loose, remd_5, defd_3, remd_6, remd_6_positive_rates, thmd_4, thmd_5, thmd_6, remd_7, remd_7_alpha_half, thmd_7,
propd_1, propd_1_item2_open, remd_8.
"""

from __future__ import annotations

import symrnn as sr

from . import paper


defd_1 = paper.claim(
    "defd_1",
    kind="definition",
    label='Definition D.1',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Definition D.1. (coincided critical solutions and affine spaces) Let $d \in \mathbb{N}_+$ and $1
\le d \le m$. We say $(a, w)$ is a $d$-coincided critical solution of $J_m$, if $\nabla J_m(a, w) = 0$, and $w =
(w_i) \in \mathbb{R}^m$ has $d$ different components. The coincided critical affine spaces are defined as coincided
critical solutions that form affine spaces.""",
    assumptions=[
        r"""$J_m(a,w) := \int_0^\infty \left(\sum_{i=1}^m a_i e^{-w_i t} - \rho(t)\right)^2 dt$, minimised over
$a\in\mathbb{R}^m$, $w\in\mathbb{R}^m_+$ (121)""",
    ],
    notes=r"""JMLR counterpart: li2022.def53. As extracted, 'w = (w_i) \in R^m' (JMLR Def. 53: '\mathbb{R}^m_+'; the
'+' may be lost in the extraction). 'We say' (JMLR 'We call that'). The loss (121) is stated at the start of App. D;
HTML numbering (127).""",
)


defd_2 = paper.claim(
    "defd_2",
    kind="definition",
    label='Definition D.2',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""$(\hat{a}, \hat{w}) \in \mathbb{R}^m \times \mathbb{R}^m_+$ is called the non-degenerate global
minimizer of $J_m$, if and only if
$$J_m(\hat{a}, \hat{w}) = \inf_{a\in\mathbb{R}^m, w\in\mathbb{R}^m_+} J_m(a, w), \tag{122}$$
and $(\hat{a}, \hat{w})$ takes a non-degenerate form
$$\hat{a}_i \neq 0, \quad \hat{w}_i \neq \hat{w}_j \text{ for } i \neq j, \quad i, j = 1, 2, \cdots, m. \tag{123}$$
For convenience, we also define an index set
$$\mathcal{N} := \{n \in \mathbb{N}_+ : J_m \text{ has non-degenerate global minimizers for any } m \le n\},
\tag{124}$$
which is used frequently in the following analysis. For any $f \in L^2[0, \infty)$, let $\mathcal{L}[f]$ be the
Laplace transform of $f$, i.e. $\mathcal{L}[f](s) = \int_0^\infty e^{-st} f(t)\, dt$, $s > 0$.""",
    assumptions=[
        r"""$J_m$ as in (121)""",
    ],
    notes=r"""JMLR counterpart: li2022.def54. Reconstructed: hats and '\neq' (extraction '(^,W) ∈ Rm 0 Rm', 'ai = 0,
Wi = Wjfor i = j'); '+' of the first R^m_+ not visible (the inf subscript shows 'w∈R+m'). Note (as in JMLR): (123)
requires \hat a_i \neq 0 for all i, but 'for i \neq j' is attached to the w-condition only. Same as JMLR Def. 54
(216)-(218) (JMLR inf over '(a,w)\in R^m\times R^m_+'). HTML numbering (128)-(130).""",
)


lemd_1 = paper.claim(
    "lemd_1",
    kind="lemma",
    label='Lemma D.1',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Assume that $\rho$ is smooth and $\sqrt{w}\, |\mathcal{L}[\rho](w)| \to 0$ as $w \to 0^+$ and $w
\to \infty$. Then we have $1 \in \mathcal{N}$ and thus $\mathcal{N} \neq \emptyset$.""",
    assumptions=[
        r"""$\mathcal{N}$ as in (124); $\mathcal{L}$ the Laplace transform; $\rho\in L^2[0,\infty)$ (implicit)""",
    ],
    same_as="li2022.lemma55",
    notes=r"""JMLR counterpart: li2022.lemma55. Reconstructed '\neq \emptyset' (extraction 'N= 0'). Proof (125):
J_1(\hat a,\hat w) = \inf J_1; \min_{a,w>0}J_1 = \min_{w>0}\min_a\{\frac{1}{2w}a^2 - 2\mathcal L[\rho](w)a +
\|\rho\|^2_{L^2[0,\infty)}\} = \min_{w>0}\{\frac{1}{2w}(a-2w\mathcal L[\rho](w))^2 + [\|\rho\|^2 - 2w(\mathcal
L[\rho](w))^2]\} = \min_{w>0}\{\|\rho\|^2 - 2w(\mathcal L[\rho](w))^2\} = J_1(a(w),w), a(w) := 2w\mathcal
L[\rho](w); h(0^+) = h(\infty) = \|\rho\|^2; 'Obviously h(w) < \|\rho\|^2_{L^2[0,\infty)} for any w > 0' - oddity
(also JMLR): h(w) = \|\rho\|^2 - 2w\mathcal L[\rho](w)^2 equals \|\rho\|^2 wherever \mathcal L[\rho](w) = 0
(possible for sign-changing \rho), so the strict inequality for all w > 0 does not follow; the argument only needs
some w with h(w) < \|\rho\|^2, i.e. \rho \not\equiv 0. In the extraction the first min line appears garbled above
'Proof.'. Same as JMLR Lemma 55.""",
)


lemd_1_nonzero = paper.correction(
    "lemd_1_nonzero",
    corrected_from="lemd_1",
    label="Lemma D.1 (with rho in L^2, rho not 0)",
    where=paper.claims["lemd_1"].where,
    statement=r"""Assume that $\rho \in L^2[0,\infty)$, $\rho \not\equiv 0$, is smooth and
$\sqrt{w}|\mathcal{L}[\rho](w)| \to 0$ as $w \to 0^+$ and $w \to \infty$. Then $1 \in \mathcal{N}$.""",
    same_as="li2022.lemma55_nonzero",
    notes="symrnn correction; the same mathematics as li2022.lemma55_nonzero, whose checks run for both ids.",
)


remd_1 = paper.claim(
    "remd_1",
    kind="remark",
    label='Remark D.1',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""If the target is an exponential sum, i.e. $\rho(t) = \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t}$, we know
$\rho$ is smooth and $\sqrt{w}\, |\mathcal{L}[\rho](w)| \to 0$ as $w \to 0^+$ and $w \to +\infty$; hence $1 \in
\mathcal{N}$ by Lemma D.1, and thus $\mathcal{N} \neq \emptyset$. In fact, $\mathcal{L}[\rho](w) = \sum_{j=1}^{m^*}
\frac{a_j^*}{w + w_j^*}$ implies that $\mathcal{L}[\rho](w) = \mathcal{O}(1)$ when $w \to 0^+$, and
$\mathcal{L}[\rho](w) = \mathcal{O}(1/w)$ when $w \to +\infty$.""",
    assumptions=[
        r"""$w_j^* > 0$ (implicit, needed for $\mathcal{L}[\rho](0^+) = O(1)$)""",
    ],
    same_as="li2022.rem56",
    notes=r"""JMLR counterpart: li2022.rem56. Reconstructed: the exponential sum and the Laplace transform from
'ρ(t) = Ej=I a；e- j' and 'L[ρ](w) = Ej=I wj*' (garbled); '\neq\emptyset'. ICLR 'target' / '+\infty' vs JMLR 'ground
truth' / '\infty'. Same content as JMLR Rem. 56.""",
)


thmd_1 = paper.claim(
    "thmd_1",
    kind="theorem",
    label='Theorem D.1',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Assume that $\mathcal{N} \neq \emptyset$ with $\mathcal{N}$ defined as (124). Let $M := \sup
\mathcal{N}$. Then for any $m, d \in \mathbb{N}_+$, $1 \le d \le \min\{m, M\}$, there exists at least $d!
\begin{Bmatrix} m \\ d \end{Bmatrix}$ $d$-coincided critical affine spaces of $J_m$,${}^{10}$ where $\begin{Bmatrix}
m \\ d \end{Bmatrix} \in \mathbb{N}_+$ is called the Stirling number of the second kind.
Footnote 10: The affine spaces degenerate to distinct points when $d = m$. For sufficient conditions to guarantee $M
> 1$ (to avoid vacuous results), see Theorem D.6 and Remark D.7 in Appendix D.1.2.""",
    assumptions=[
        r"""$\mathcal{N}\neq\emptyset$ (124); $M := \sup\mathcal N$; $m,d\in\mathbb{N}_+$, $1\le d\le\min\{m,M\}$;
$J_m$ as in (121)""",
    ],
    same_as="li2022.thm57",
    notes=r"""JMLR counterpart: li2022.thm57. Reconstructed: Stirling symbol (extraction 'd! d' with 'm' on the
previous line). Difference from JMLR Thm 57: ICLR 'for any m, d \in N_+' (JMLR 'for any m \in N_+'); footnote 'to
avoid vacuous results' (JMLR 'to give meaningful results'). Proof: permutation symmetry 'by (19)' (JMLR 'by (97) and
(98)'); affine space M_{P,(b,v),(m,d)} := \{(a,w)\in R^m\times R^m_+ : w_i = v_j for any i\in I_j, \sum_{i\in
I_j}a_i = b_j, j = 1,...,d\}; (126) \frac{\partial J_m}{\partial a_k}(a,w) = \frac{\partial J_d}{\partial b_s}(b,v),
b_s\frac{\partial J_m}{\partial w_k}(a,w) = a_k\frac{\partial J_d}{\partial v_s}(b,v), k\in I_s; (127)-(128)
non-degenerate minimiser of J_d; dimension \sum_j(|I_j|-1) = m-d; counting d!\{m\atop d\}. Footnote 11 (model
reduction; in the ICLR extraction the text 'Since d \le \min\{m,M\}, d\in N. In fact, ...' is typeset as part of
footnote 11) - as printed the proof's justification of d \in \mathcal N sits in a footnote-like block. HTML
numbering (132)-(134) for (126)-(128).""",
)


thmd_2 = paper.claim(
    "thmd_2",
    kind="theorem",
    label='Theorem D.2',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Fix any $m \in \mathbb{N}_+$ relatively large. Consider the loss $J_m$ associated with the target
being a non-degenerate exponential sum, i.e. $\rho(t) = \sum_{j=1}^m a_j^* e^{-w_j^* t}$, where $a_j^* \neq 0$ and
$w_i^* \neq w_j^*$ for any $i \neq j$, $i, j = 1, \cdots, m$. Assume that $m \in \mathcal{N}$ ${}^{12}$ with
$\mathcal{N}$ defined in (124). Then in the landscape of $J_m$, the number of coincided critical affine spaces is at
least $Poly(m)$ times larger than the number of global minimizers.
Footnote 12: Although the assumption $m \in \mathcal{N}$ seems strong, we will provide sufficient conditions to
guarantee its validity in Appendix D.1.2. See an complement in Theorem D.7.""",
    assumptions=[
        r"""$m\in\mathbb{N}_+$ relatively large""",
        r"""$\rho(t) = \sum_{j=1}^m a_j^* e^{-w_j^*t}$, $a_j^*\neq0$, $w_i^*\neq w_j^*$ ($i\neq j$)""",
        r"""$m\in\mathcal{N}$ (124)""",
    ],
    same_as="li2022.thm58",
    notes=r"""JMLR counterpart: li2022.thm58. Reconstructed: the sum and '\neq' (extraction 'Em=I aje~wjt, where aj
= 0 and w* = Wj'). Proof displays as printed (PDF numbering): (129) \sum_{i=1}^m a_ie^{-w_it} - \sum_{j=1}^m
a_j^*e^{-w_j^*t} = 0, t\ge0; m! global minimizers (permutations); (130) \sum_{d=1}^{m-1} d!\{m \atop d\}; recurrence
\{m\atop d\} = d\{m-1\atop d\} + \{m-1\atop d-1\}; p_m := \{m\atop m-1\} = (m-1)+p_{m-1} = m(m-1)/2; q_m := \{m\atop
m-2\} = (m-2)p_{m-1}+q_{m-1} = \frac{1}{24}[2(m-2)(m-1)(2m-3)+3(m-2)^2(m-1)^2];
\frac{1}{m!}\sum_{d=1}^{m-1}d!\{m\atop d\} > \frac{1}{m!}[(m-1)!p_m+(m-2)!q_m] = \frac{(m+1)(3m-2)}{24}, 'which is a
quadratic polynominal [sic] on m'. Oddities (as in JMLR): 'Poly(m)' is only shown quadratic; the strict '>' is an
equality for m = 2 and m = 3, where (130) consists only of the d = m-1, m-2 terms (exact values: m = 2: 1/2 = 1/2 =
(3)(4)/24; m = 3: 7/6 = 7/6 = (4)(7)/24; strict from m = 4 on: 17/8 > 25/12) - covered by 'm relatively large'; the
identities p_m = m(m-1)/2 and q_m = S(m,m-2) formula hold (checked for m = 2..8). Step (ii) 'for any d \in N_+, 1
\le d \le min{m,M} = m' (JMLR omits 'd \in N_+'). Same statement as JMLR Thm 58 (JMLR 'ground truth as'). HTML
numbering (135)-(136) for (129)-(130).""",
)


remd_2 = paper.claim(
    "remd_2",
    kind="remark",
    label='Remark D.2',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""We only take the last two terms of (130) for a lower bound, which is obviously rather loose. In
principle, a $Poly(m)$ bound with higher degrees can be similarly obtained. That is to say, on one hand, there are
infinitely many critical points forming affine spaces in the landscape of $J_m$; on the other hand, we see that even
if only counting the number of affine spaces, there are still much less global minimizers (provided the width $m$
relatively large).""",
    assumptions=[
        r"""setting of Theorem D.2""",
    ],
    notes=r"""JMLR counterpart: li2022.rem59. ICLR 'we see that even if only counting the number of affine spaces' /
'provided' (JMLR 'we deduce that even only counting the affine spaces' / 'given'). Same content as JMLR Rem. 59.""",
    same_as="li2022.rem59",
)


remd_3 = paper.claim(
    "remd_3",
    kind="remark",
    label='Remark D.3',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""When the target $\rho$ is not an exponential sum, it is straightforward to see Theorem D.2 still
holds if there is a finite number (with the scale of no more than factorial) of global minimizers.""",
    notes=r"""JMLR counterpart: li2022.rem60. Same content as JMLR Rem. 60 ('there are finite number'). The
hypothesis m \in \mathcal N is still needed (implicit).""",
    same_as="li2022.rem60",
)


thmd_3 = paper.claim(
    "thmd_3",
    kind="theorem",
    label='Theorem D.3',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Fix any $m, d \in \mathbb{N}_+$, $1 \le d \le m$. On the $d$-coincided critical affine spaces
(induced by non-degenerate global minimizers of $J_d$ ${}^{13}$) of $J_m$, $\nabla^2 J_m$ is with rank at most $m +
d$, and hence has at least $m - d$ zero eigenvalues.
Footnote 13: That is, the affine space $\mathcal{M}_{\mathcal{P},(\hat{b},\hat{v}),(m,d)}$. See details in the proof
of Theorem D.1""",
    assumptions=[
        r"""$m,d\in\mathbb{N}_+$, $1\le d\le m$; $J_d$ has a non-degenerate global minimizer $(\hat b,\hat v)$
inducing $\mathcal{M}_{\mathcal{P},(\hat b,\hat v),(m,d)}$""",
    ],
    same_as="li2022.thm61",
    notes=r"""JMLR counterpart: li2022.thm61. Proof displays as printed (PDF numbering, reconstructed with JMLR
(225)-(228)): (131) \frac{\partial^2 J_m}{\partial a_k\partial a_l}(a,w) = \frac{2}{w_k+w_l}; (132) \frac{\partial^2
J_m}{\partial a_k\partial w_l}(a,w) = \frac{-2a_l}{(w_k+w_l)^2}, k\neq l; (133) \frac{\partial^2 J_m}{\partial
a_k\partial w_k}(a,w) = \frac{-a_k}{2w_k^2} + 2\int_0^\infty(-t)e^{-w_kt}(\sum_{i=1}^m a_ie^{-w_it}-\rho(t))dt;
(134) \frac{\partial^2 J_m}{\partial a_k\partial w_k}(\hat a,\hat w) = \frac{-\hat a_k}{2\hat w_k^2}. The
row-coincidence argument compares only the a-rows (i, j in the same block I_s give identical a-rows), so the rank
bound counts d distinct a-rows plus all m w-rows: rank \le m + d. In the extraction the 'k = i \neq j' display
prints -2\hat a_i/(\hat w_j+\hat w_i)^2 = -\hat a_i/(2\hat v_s^2) (uses \hat w_i = \hat w_j). Same statement as JMLR
Thm 61. HTML numbering (137)-(140).""",
)


remd_4 = paper.claim(
    "remd_4",
    severity="reading",
    severity_reason="false read as 'never attained' (the bound of Theorem D.3 is attained at generic lifted points: exact rank; "
                    "li2022.rem62); as 'the estimate is loose on some spaces' it holds (exact rank 2d < m + d at an exact fit)",
    intended="remd_4_loose",
    kind="remark",
    label='Remark D.4',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""The bound in Theorem D.3 is not sharp, since the estimate on $\mathrm{rank}\, \nabla^2 J_m$ here
is loose as only rows with the same elements are considered. In practice (numerical tests), it is often observed
that there are more zero eigenvalues of $\mathrm{rank}\, \nabla^2 J_m$ on the coincided critical affine space
$\mathcal{M}_{\mathcal{P},(\hat{b},\hat{v}),(m,d)}$.""",
    notes=r"""JMLR counterpart: li2022.rem62. 'zero eigenvalues of rank \nabla^2 J_m' [sic] (should be 'of \nabla^2
J_m'; same slip in JMLR Rem. 62). Reconstructed subscript \mathcal M_{P,(\hat b,\hat v),(m,d)} from 'MP ,6v),(m,d)'.""",
    same_as="li2022.rem62",
)


remd_4_loose = paper.correction(
    "remd_4_loose",
    corrected_from="remd_4",
    label="Remark D.4 as meant",
    where="App. D.1.1 (Generic Theory)",
    statement=r"""[symrnn: the intended reading of Remark D.4] The estimate $\mathrm{rank}\,\nabla^2 J_m\le m+d$ of Theorem D.3 is not
attained on every $d$-coincided critical affine space it covers: on some, $\nabla^2 J_m$ has more than $m-d$ zero eigenvalues.""",
    uses=["thmd_3", "remd_4"],
    conclusions=[("more_zeros", "some space of Theorem D.3 has rank(Hess J_m) < m + d", "existence")],
    notes="JMLR counterpart: li2022.rem62_loose (exact rank 2d < m + d at the lifted points of an exact fit).",
    same_as="li2022.rem62_loose",
)


remd_5 = paper.claim(
    "remd_5",
    kind="remark",
    label='Remark D.5',
    where='App. D.1.1 (Generic Theory)',
    statement=r"""Theorem D.3 shows that, there are local plateaus around the $d$-coincided critical affine spaces
$\mathcal{M}_{\mathcal{P},(\hat{b},\hat{v}),(m,d)}$ for $d \le m - 1$. In addition, the 0-eigenspace of $J_m$ is
higher-dimensional for smaller $d$, which may suggest that one can stuck on plateaus more easily.""",
    notes=r"""JMLR counterpart: li2022.rem63. Reconstructed 'd \le m - 1' from 'd ≤ m — L'. '0-eigenspace of J_m'
means of \nabla^2 J_m. Same as JMLR Rem. 63.""",
    same_as="li2022.rem63",
)


defd_3 = paper.claim(
    "defd_3",
    kind="definition",
    label='Definition D.3',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""$F \in C[0, \infty] \cap C^\infty(0, \infty)$ is called completely monotonic, if and only if
$$(-1)^n F^{(n)}(t) \ge 0, \quad 0 < t < \infty, \quad n = 0, 1, \cdots,$$
and $F(\infty) = 0$.""",
    notes=r"""JMLR counterpart: li2022.def64. Same as JMLR Def. 64. Note: the usual definition of complete
monotonicity does not include F(\infty) = 0 (Kammler's class).""",
)


remd_6 = paper.claim(
    "remd_6",
    kind="remark",
    label='Remark D.6',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""Several examples of completely monotonic functions:
- $\rho(t) = 1/(1 + t)^\alpha$ for any $\alpha > 0$;
- The non-degenerate exponential sum with positive coefficients
$$\rho(t) = \sum_{j=1}^{m^*} a_j^* e^{-w_j^* t}, \quad 0 \le w_1^* < \cdots < w_{m^*}^*, \quad a_j^* > 0, \quad j =
1, 2, \cdots, m^*.$$
Since the space of exponential sums is not close, we turn to consider the problem of finding a best approximation to
a given $\rho \in L^2[0, \infty)$ from the set
$$V_d(\mathbb{R}_+) := \left\{ \hat{\rho} \in C^d[0, \infty) : [(D + w_1)\cdots(D + w_d)]\hat{\rho} = 0 \text{ for
some } w_1, \cdots w_d \in \mathbb{R}_+ \right\} \tag{135}$$
with respect to the common $L^2$-norm, i.e. $\inf_{\hat{\rho}\in V_d(\mathbb{R}_+)} \|\hat{\rho} -
\rho\|_{L^2[0,\infty)}$, where $D$ denotes the common differential operator. Obviously $V_d(\mathbb{R}_+) \subset
L^2[0, \infty)$ and $V_d(\mathbb{R}_+) \subsetneq V_{d+1}(\mathbb{R}_+)$ for any $d \in \mathbb{N}_+$.""",
    same_as="li2022.rem65",
    notes=r"""JMLR counterpart: li2022.rem65. Reconstructed: accents on \hat\rho in (135) ('p'), '\subsetneq' from
'('. Oddities (also JMLR Rem. 65): with w_1^* = 0 allowed ('0 \le w_1^*'), the exponential sum has F(\infty) = a_1^*
> 0 and is not in L^2, contradicting Def. D.3's F(\infty) = 0; '1/(1+t)^\alpha for any \alpha > 0' is in
L^2[0,\infty) only for \alpha > 1/2 (relevant for Thm D.4-D.6 / Rem. D.7, which assume \rho\in L^2); 'not close'
[sic, 'closed']; 'V_d(R_+) \subset L^2' needs w_i > 0 (R_+ read as positive reals). (135) = JMLR (229). HTML (141).""",
)


remd_6_positive_rates = paper.correction(
    "remd_6_positive_rates",
    corrected_from="remd_6",
    label="Remark D.6 with positive rates",
    where=paper.claims["remd_6"].where,
    statement=r"""The exponential sum with positive coefficients is completely monotonic when $0 < w_1^* < \dots <
w_{m^*}^*$ ($w_1^* = 0$ excluded).""",
    same_as="li2022.rem65_positive_rates",
    notes="symrnn correction; the same mathematics as li2022.rem65_positive_rates, whose checks run for both ids.",
)


thmd_4 = paper.claim(
    "thmd_4",
    kind="theorem",
    label='Theorem D.4',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""Kammler (1979a) proves the following theorem.
Theorem D.4. Assume $\rho \in L^2[0, \infty)$ to be completely monotonic. Then there exists a best approximation
$\hat{\rho}^0$ to $\rho$ in $V_d(\mathbb{R}_+)$, i.e.
$$\|\hat{\rho}^0 - \rho\|_{L^2[0,\infty)} = \inf_{\hat{\rho}\in V_d(\mathbb{R}_+)} \|\hat{\rho} -
\rho\|_{L^2[0,\infty)}. \tag{136}$$
When $\rho \notin V_d(\mathbb{R}_+)$, any such best approximation admits a non-degenerate form
$$\hat{\rho}^0(t) = \sum_{j=1}^d \hat{b}_j e^{-\hat{v}_j t}, \quad 0 < \hat{v}_1 < \cdots < \hat{v}_d, \quad
\hat{b}_j > 0, \quad j = 1, 2, \cdots, d, \tag{137}$$
and satisfies the generalized Aigrain-Williams equations
$$\mathcal{L}[\hat{\rho}^0](\hat{v}_j) = \mathcal{L}[\rho](\hat{v}_j), \quad j = 1, 2, \cdots, d, \tag{138}$$
$$\frac{d}{ds}\mathcal{L}[\hat{\rho}^0](s)\Big|_{s=\hat{v}_j} = \frac{d}{ds}\mathcal{L}[\rho](s)\Big|_{s=\hat{v}_j},
\quad j = 1, 2, \cdots, d. \tag{139}$$""",
    assumptions=[
        r"""$\rho\in L^2[0,\infty)$ completely monotonic (Definition D.3); $V_d(\mathbb{R}_+)$ as in (135)""",
    ],
    notes=r"""JMLR counterpart: li2022.thm66. Cited result (Kammler 1979a), no proof. Reconstructed accents
(\hat\rho^0, \hat b_j, \hat v_j; extraction 'p0', 'bj', 'Vj') and the d/ds evaluation bars. Same as JMLR Thm 66
(230)-(233) (JMLR 'The work Kammler (1979) proves'). HTML (142)-(145).""",
    same_as="li2022.thm66",
)


thmd_5 = paper.claim(
    "thmd_5",
    kind="theorem",
    label='Theorem D.5',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""Assume $\rho \in L^2[0, \infty)$ to be completely monotonic, and $\rho \notin V_d(\mathbb{R}_+)$
for some $d \in \mathbb{N}_+$. Then $J_d$ has non-degenerate global minimizers $(\hat{b}, \hat{v}) \in \mathbb{R}^d
\times \mathbb{R}^d_+$.""",
    assumptions=[
        r"""$\rho\in L^2[0,\infty)$ completely monotonic; $\rho\notin V_d(\mathbb{R}_+)$; $J_d$ as in (121) with $m
= d$""",
    ],
    notes=r"""JMLR counterpart: li2022.thm67. Proof (140)-(141) and the padding construction \tilde a :=
(a_1,...,a_k,0), \tilde w := (w_1,...,w_k, 1+\max_{1\le i\le k}w_i) to show \mathcal V_{k,k}\subset\mathcal
V_{k+1,k+1}; as in JMLR (234)-(235). Oddity (also JMLR): the proof's chain ends with '\ge \inf_{\mathcal V_{d,d}}',
needing \mathcal V_{k,k}\subset\mathcal V_{d,d}, obtained by padding with a zero coefficient - which is a degenerate
element; the conclusion that the infimum is attained at the non-degenerate \hat\rho^0 relies on (140). Same
statement as JMLR Thm 67. HTML (146)-(147).""",
    same_as="li2022.thm67",
)


thmd_6 = paper.claim(
    "thmd_6",
    kind="theorem",
    label='Theorem D.6',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""Combining Theorem D.1 and Theorem D.5 immediately gives the following result.
Theorem D.6. Assume $\rho \in L^2[0, \infty)$ to be completely monotonic, and $\rho \notin V_1(\mathbb{R}_+)$. Let
$\mathcal{D} := \{d \in \mathbb{N}_+ : \rho \notin V_d(\mathbb{R}_+)\}$, $D_0 := \sup \mathcal{D}$ and write $m' :=
\min\{m, D_0\}$. Then the total number of coincided critical affine spaces of $J_m$ is at least $\sum_{d=1}^{m'} d!
\begin{Bmatrix} m \\ d \end{Bmatrix}$.""",
    assumptions=[
        r"""$\rho\in L^2[0,\infty)$ completely monotonic; $\rho\notin V_1(\mathbb{R}_+)$""",
    ],
    notes=r"""JMLR counterpart: li2022.thm68. Reconstructed: m' (extraction 'm0'); the sum's upper limit is
extracted as 'Pdm=1' (the prime may be lost) - given as m' following the definition of m' and JMLR Thm 68; Stirling
symbol. Proof oddity (also JMLR): '1 \le d \le m' = \min\{m, m'\} \le \min\{m, M\}' - 'min{m, m'}' should read
min{m, D_0}; footnote 14 on the nesting of V_d. Same as JMLR Thm 68.""",
    same_as="li2022.thm68",
)


remd_7 = paper.claim(
    "remd_7",
    kind="remark",
    label='Remark D.7',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""Examples:
- Suppose the target is $\rho(t) = 1/(1 + t)^\alpha$, $\alpha > 0$, then $\mathcal{D} = \mathbb{N}_+$ and $D_0 =
\infty$. The total number of coincided critical affine spaces of the corresponding $J_m$ is at least $\sum_{d=1}^m
d! \begin{Bmatrix} m \\ d \end{Bmatrix}$.
- Suppose the target is an non-degenerate exponential sum with positive coefficients: $\rho(t) = \sum_{j=1}^m a_j^*
e^{-w_j^* t}$, where $a_j^* > 0$ and $w_i^* \neq w_j^*$ for any $i \neq j$, $i, j = 1, \cdots, m$. Then $\mathcal{D}
= \{1, 2, \cdots, m - 1\}$ and $D_0 = m - 1$. The total number of coincided critical affine spaces of the
corresponding $J_m$ is at least $\sum_{d=1}^{m-1} d! \begin{Bmatrix} m \\ d \end{Bmatrix}$, which is exactly (130).""",
    same_as="li2022.rem69",
    notes=r"""JMLR counterpart: li2022.rem69. Oddities (also JMLR Rem. 69): Theorem D.6 requires \rho\in
L^2[0,\infty), which for 1/(1+t)^\alpha holds only for \alpha > 1/2; the exponential-sum example needs w_j^* > 0 for
L^2 and F(\infty) = 0. '\neq' reconstructed. 'an non-degenerate' [sic].""",
)


remd_7_alpha_half = paper.correction(
    "remd_7_alpha_half",
    corrected_from="remd_7",
    label="Remark D.7 with alpha > 1/2",
    where=paper.claims["remd_7"].where,
    statement=r"""The first example of Remark D.7 holds for $\rho(t) = 1/(1+t)^\alpha$ with $\alpha > 1/2$ ($\rho
\in L^2[0,\infty)$, as Theorem D.6 assumes).""",
    same_as="li2022.rem69_alpha_half",
    notes="symrnn correction; the same mathematics as li2022.rem69_alpha_half, whose checks run for both ids.",
)


thmd_7 = paper.claim(
    "thmd_7",
    kind="theorem",
    label='Theorem D.7',
    where='App. D.1.2 (Sufficient Conditions)',
    statement=r"""An complement for Theorem D.2 is as follows.
Theorem D.7. Fix any $m \in \mathbb{N}_+$ relatively large. Consider the loss $J_m$ associated with the target being
a non-degenerate exponential sum with positive coefficients, i.e. $\rho(t) = \sum_{j=1}^m a_j^* e^{-w_j^* t}$, where
$a_j^* > 0$ and $w_i^* \neq w_j^*$ for any $i \neq j$, $i, j = 1, \cdots, m$. Then in the landscape of $J_m$, the
number of coincided critical affine spaces is at least $Poly(m)$ times larger than the number of global minimizers.""",
    assumptions=[
        r"""$m$ relatively large; $\rho = \sum_{j=1}^m a_j^*e^{-w_j^*t}$, $a_j^*>0$, $w_j^*$ distinct (and positive,
implicit)""",
    ],
    notes=r"""JMLR counterpart: li2022.thm70. Reconstructed sum and '\neq' (extraction 'Em=I aje~wjt', 'w* = Wj').
Proof: 'By Theorem D.2, We only need to shoW is m \in N' [sic]; via Theorem D.5 for k \le m-1 and (a^*,w^*) for J_m.
The HTML revision omits this proof. Same as JMLR Thm 70.""",
    same_as="li2022.thm70",
)


propd_1 = paper.claim(
    "propd_1",
    kind="proposition",
    label='Proposition D.1',
    where='App. D.1.3 (A Low-dimensional Example)',
    statement=r"""Suppose $m = m^* = 2$, and $0 < w_1^* < w_2^*$. Let $I_1 := [0, \hat{a}]$ and $I_2 := (-\infty, 0)
\cup (\hat{a}, +\infty)$ ${}^{16}$. Then
1. If $a_1^* a_2^* < 0$, the minimal eigenvalue of $\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ is 0 for any $a_1 \in
I_1$, and negative for any $a_1 \in I_2$;
2. If $a_1^* a_2^* > 0$ and $w_2^*/w_1^* < 2 + \sqrt{3}$, the minimal eigenvalue of
$\mathcal{A}_{(\hat{a},\hat{w})}(a_1)$ is negative for any $a_1 \in I_1$, and 0 for any $a_1 \in I_2$.
Footnote 16: Suppose $\hat{a} > 0$ here without loss of generality. If $\hat{a} < 0$, we let $I_1 := [\hat{a}, 0]$
and $I_2 := (-\infty, \hat{a}) \cup (0, +\infty)$ and the same conclusions hold.""",
    assumptions=[
        r"""$\min_{a\in\mathbb{R}^2, w\in\mathbb{R}^2_+} J_2(a,w) = \left\|\sum_{i=1}^2 a_ie^{-w_it} -
\rho(t)\right\|^2_{L^2[0,\infty)}$ with the target a non-degenerate exponential sum $\rho(t) = \sum_{j=1}^{m^*}
a_j^* e^{-w_j^*t}$, $a_j^*\neq0$, $w_i^*\neq w_j^*$ ($i\neq j$)""",
        r"""$(\hat a,\hat w)$ the non-degenerate global minimizer of $J_1$, $\hat a\neq0$, $\hat w>0$;
$\mathcal{M}_{(\hat a,\hat w),(2,1)} := \{(a_1, \hat a - a_1, \hat w, \hat w) : a_1\in\mathbb{R}\}$ (a
line${}^{15}$, 'Here we omit the corresponding partition P since it is unique.')""",
        r"""$\mathcal{A}_{(\hat a,\hat w)}(a_1) := \nabla^2 J_2(a_1, \hat a - a_1, \hat w, \hat w)$""",
    ],
    same_as="li2022.prop71",
    notes=r"""JMLR counterpart: li2022.prop71. Reconstructed: w_1^*, w_2^* ('0 < w* < W2'), \hat a, stars. Proof
displays (PDF numbering, reconstructed with JMLR (236)-(238)): c(w) := \sum_{j=1}^{m^*}
a_j^*[\frac{1}{2w(w+w_j^*)^2} - \frac{1}{(w+w_j^*)^3}], a_2 := \hat a - a_1; \mathcal A has rows (\frac1{\hat
w},\frac1{\hat w},\frac{-a_1}{2\hat w^2},\frac{-a_2}{2\hat w^2}) twice, (\frac{-a_1}{2\hat w^2},\frac{-a_1}{2\hat
w^2},\frac{a_1^2}{2\hat w^3}+4c(\hat w)a_1,\frac{a_1a_2}{2\hat w^3}), (\frac{-a_2}{2\hat w^2},\frac{-a_2}{2\hat
w^2},\frac{a_1a_2}{2\hat w^3},\frac{a_2^2}{2\hat w^3}+4c(\hat w)a_2); congruent to diag(1/\hat w, 0) \oplus \mathcal
A' with \mathcal A' = [[\frac{a_1^2}{4\hat w^3}+4c(\hat w)a_1, \frac{a_1a_2}{4\hat w^3}],[\frac{a_1a_2}{4\hat w^3},
\frac{a_2^2}{4\hat w^3}+4c(\hat w)a_2]] (the prime/accent on the 2x2 block is lost in the extraction); (142) det =
a_1(\hat a-a_1)\cdot4c(\hat w)(\frac{\hat a}{4\hat w^3}+4c(\hat w)); (143) = \frac{1}{\hat a^2\hat w^3}a_1(\hat
a-a_1)\cdot\hat ac(\hat w)\cdot(\hat a^2+16\hat w^3\hat ac(\hat w)) (ICLR numbers the two lines (142), (143); JMLR
one number (236)); (144) \hat a = 2\hat w\sum_j\frac{a_j^*}{\hat w+w_j^*} = 4\hat w^2\sum_j\frac{a_j^*}{(\hat
w+w_j^*)^2} and c(\hat w) = \frac{\hat a}{8\hat w^3} - \sum_j\frac{a_j^*}{(\hat w+w_j^*)^3} (number placement
ambiguous in the extraction); (145) 8\hat w^3\hat ac(\hat w) = \hat a^2 - 8\hat a\sum_j\frac{a_j^*}{(1+v_j)^3} = ...
= \frac{-16a_1^*a_2^*(v_1-v_2)^2}{(1+v_1)^3(1+v_2)^3} > 0, v_j := w_j^*/\hat w; case (ii): \hat a^2 + 16\hat w^3\hat
ac(\hat w) = 3\hat a^2 - 16\hat a\sum_j\frac{a_j^*}{(1+v_j)^3} =
\frac{a_1^{*2}}{u_1^4u_2^4}[u_2^4+c^2u_1^4+6cu_1^2u_2^2-2cu_1^3u_2-2cu_1u_2^3] =
\frac{a_1^{*2}}{u_2^4}(s^4+c^2+6cs^2-2cs-2cs^3) = \frac{a_1^{*2}}{u_2^4}[c^2-2s(s^2-3s+1)c+s^4] with c =
a_2^*/a_1^*, u_j := 1+v_j, s = u_2/u_1; discriminant 4s^2(s^2-3s+1)^2-4s^4 = 4s^2(s-1)^2[(s-2)^2-3]. Oddities (also
JMLR): in (145) '> 0' is written for case (i) a_1^*a_2^*<0 while the case-(ii) text says 'By (145), \hat ac(\hat w)
< 0' (consistent: the sign flips with a_1^*a_2^*); the symbol c is used both for c(w) and c = a_2^*/a_1^*; the
extraction prints the prefactor as 'a*2/(u1^4 u2^4)' and the s-form as '(s4 + c2 + ...)' with prefactor 'a*2/u2^4'.
Same statement as JMLR Prop. 71.""",
)


propd_1_item2_open = paper.correction(
    "propd_1_item2_open",
    corrected_from="propd_1",
    label="Proposition D.1, item 2 (corrected)",
    where=paper.claims["propd_1"].where,
    statement=r"""Item 2 with $I_1$ open: the minimal eigenvalue of $\mathcal{A}_{(\hat a,\hat w)}(a_1)$ is negative
for $a_1$ strictly between $0$ and $\hat a$ and $0$ at the endpoints.""",
    same_as="li2022.prop71_item2_open",
    notes="symrnn correction; the same mathematics as li2022.prop71_item2_open, whose checks run for both ids.",
)


remd_8 = paper.claim(
    "remd_8",
    kind="remark",
    label='Remark D.8',
    where='App. D.1.3 (A Low-dimensional Example)',
    statement=r"""From Proposition D.1, we see that there are both saddles and degenerate stable points of $J_2$ on
the critical affine spaces (line) $\mathcal{M}_{(\hat{a},\hat{w}),(2,1)}$, and each of them in fact forms affine
spaces (lines) respectively, but they are certainly not global minimizers. Therefore, the gradient-based algorithms
can get stuck around this affine space, except that it meets saddles with negative eigenvalues of large magnitude.""",
    assumptions=[
        r"""setting of Proposition D.1""",
    ],
    notes=r"""JMLR counterpart: li2022.rem72. 'Offine spaces' in the extraction = 'affine spaces'. Oddity (also
JMLR): 'not global minimizers' holds since m = m^* = 2 and J_2 has zero minimum at (a^*,w^*) while on the line J_2 =
J_1(\hat a,\hat w) > 0. Same as JMLR Rem. 72.""",
    variables={"astar": sr.real(nonzero=True, text="a*_1, a*_2 != 0"), "wstar": sr.positive(text="0 < w*_1 < w*_2").family()},
    conclusions=[("saddles", "by Proposition D.1 the line M_{(ahat, what),(2,1)} carries both saddles and degenerate stable "
                             "points of J_2, each forming lines", "property"),
                 ("not_global", "they are not global minimisers", "property")],
)


@remd_8.check(layer="numeric", about="not_global", method="mpmath (profile maximisation)",
              scope="'certainly not global minimizers': on the line M_{(a^,w^),(2,1)} the loss J_2 equals min J_1 "
                    "(Theorem D.1's lift), while J_2(a*, w*) = 0; targets a* = (1, 2), (1, -2), w* = (1, 3), at dps "
                    "and 2 dps")
def not_global(ctx):
    rows = []
    for astar in ((1, 2), (1, -2)):
        vals = []
        for dps in (ctx.dps, 2 * ctx.dps):
            c_ = sr.numeric.context(dps)
            A, Wv = [c_.mpf(x) for x in astar], [c_.mpf(1), c_.mpf(3)]
            norm2 = c_.fsum(p * q / (u + v) for p, u in zip(A, Wv) for q, v in zip(A, Wv))
            L = lambda s: c_.fsum(p / (s + u) for p, u in zip(A, Wv))          # noqa: E731 Laplace transform
            h = lambda s: 2 * s * L(s) ** 2                                      # noqa: E731 J_1 = ||rho||^2 - h(w) at a = 2wL
            grid = [c_.mpf(2) ** (q / c_.mpf(4)) for q in range(-40, 41)]
            w0 = max(grid, key=h)
            w_hat = c_.findroot(lambda s: c_.diff(h, s), w0)
            vals.append((norm2 - h(w_hat), w_hat))
        (gap, w_hat), (gap2, _) = vals
        rows.append((str(astar), sr.numeric.context(20).nstr(w_hat, 12), sr.numeric.context(20).nstr(gap, 12),
                     sr.numeric.context(20).nstr(abs(gap - gap2), 3)))
        if not (gap > 0 and abs(gap - gap2) < gap / 1000):
            ctx.inconclusive("min J_1 is not resolved as positive", f"a* = {astar}: {gap} vs {gap2}")
            return
    ctx.table("min J_1 = ||rho||^2 - max_w 2w L[rho](w)^2 (the value of J_2 on the line) against J_2(a*, w*) = 0",
              ("a*", "w^", "min J_1", "|dps - 2 dps|"), rows)
    ctx.no_violation("J_2 on the coincided line equals min J_1 > 0 = J_2(a*, w*): no point of the line is a global "
                     "minimiser", points=len(rows), detail="interior maximiser of the profile, re-evaluated at 2 dps")


@remd_8.check(layer="numeric", about="not_global", method="sympy.integrate + exact profile + Arb branch and bound",
              scope="'certainly not global minimizers' for the targets a* = (1, 2), (1, -2), w* = (1, 3): the loss on "
                    "the coincided line is J_1 there, and J_1 >= ||rho||^2 - 2w L[rho](w)^2 > 0 for every w > 0 "
                    "(w = x/(1-x), x in [0, 1], certified), while J_2(a*, w*) = 0")
def not_global_certified(ctx):
    import sympy as sp

    tt, ww, xx = sp.Symbol("t", positive=True), sp.Symbol("w", positive=True), sp.Symbol("x", positive=True)
    a1, b1, a2 = sp.Symbol("a_1", real=True), sp.Symbol("b", real=True), sp.Symbol("a_2", real=True)
    v1, v2 = sp.symbols("v_1 v_2", positive=True)
    for astar in ((1, 2), (1, -2)):
        A = [sp.Integer(q) for q in astar]
        W = [sp.Integer(1), sp.Integer(3)]
        rho = sum(p * sp.exp(-u * tt) for p, u in zip(A, W))
        norm2 = sp.integrate(rho ** 2, (tt, 0, sp.oo))
        lap = sp.integrate(rho * sp.exp(-ww * tt), (tt, 0, sp.oo), conds="none")
        J1 = sp.integrate(sp.expand((b1 * sp.exp(-ww * tt) - rho) ** 2), (tt, 0, sp.oo), conds="none")
        ctx.identity(f"a* = {astar}: J_1(b, w) = (b - 2wL(w))^2/(2w) + ||rho||^2 - 2w L(w)^2 (L the Laplace transform)",
                     J1, (b1 - 2 * ww * lap) ** 2 / (2 * ww) + norm2 - 2 * ww * lap ** 2)
        # the line M_{(b, v), (2, 1)}: a_1 e^{-vt} + (b - a_1) e^{-vt} is the width-1 model b e^{-vt}
        ctx.identity(f"a* = {astar}: on the line, a_1 e^(-vt) + (b - a_1) e^(-vt) = b e^(-vt), so J_2 = J_1(b, v)",
                     a1 * sp.exp(-ww * tt) + (b1 - a1) * sp.exp(-ww * tt), b1 * sp.exp(-ww * tt))
        J2 = sp.integrate(sp.expand((a1 * sp.exp(-v1 * tt) + a2 * sp.exp(-v2 * tt) - rho) ** 2), (tt, 0, sp.oo),
                          conds="none")
        ctx.exact(f"a* = {astar}: J_2(a*, w*) = 0", sp.simplify(J2.subs({a1: A[0], a2: A[1], v1: W[0], v2: W[1]})),
                  sp.Integer(0))
        profile = sp.factor(sp.cancel((2 * ww * lap ** 2).subs(ww, xx / (1 - xx))))
        ctx.step(f"a* = {astar}: ||rho||^2 = {norm2}; with w = x/(1-x) (x in (0, 1)), 2w L(w)^2 =", profile)
        ctx.certify(f"a* = {astar}: ||rho||^2 - 2w L(w)^2 > 0 for all w > 0 (x in [0, 1])", norm2 - profile,
                    {xx: (0, 1)}, strict=True, max_boxes=4000, seconds=10.0)
    ctx.step("So J_2 > 0 at every point of every coincided line M_{(b, v), (2, 1)} (b in R, v > 0), in particular on "
             "the one built from the minimiser of J_1, while min J_2 = 0: none of its points is a global minimiser.")
