"""Section 1.1 (contributions)."""

import sympy as sp

import symrnn as sr

from . import paper
from ._common import dichotomy_proof, eps_exponent

contrib = paper.claim(
    "contrib", kind="remark", label="Sec. 1.1 (contributions)", where="Sec. 1.1",
    statement=r"""A randomly-initialized RNN of $m=\Omega\left(\mathsf{poly}(\mu_{T})\frac{T^{2}\log(nT/\delta)}{\epsilon^{2}}\right)$
hidden units trained with $\tau=\Omega(\mathsf{poly}(\mu_{T})/\epsilon^{2})$ iterations of projected gradient descent, and
$m=\Omega(\mathsf{poly}(\mu_{T},T)\log(nT/\delta)/\epsilon^{3})$ hidden units trained with
$\tau=\Omega(\mathsf{poly}(\mu_{T},T)/\epsilon^{3})$ iterations of gradient descent (without projection), achieves
$\epsilon>0$ training error with probability at least $1-\delta$ over the random initialization. [...] The quantity
$\mu_{T}$ that scale both $m$ and $\tau$ is $\mathcal{O}(1)$ for dynamical systems with short-term memory, while it
becomes $e^{\Omega(T)}$ for systems with long-term memory [...] $\|\cdot\|_{2,\infty}$-regularization improves both the
iteration complexity and the required network width by a factor of $\mathcal{O}(1/\epsilon)$.""",
    uses=["thm1", "thm2", "rem1", "rem5"],
    printed={"pgd_eps_exponent": sp.Integer(-2), "gd_eps_exponent": sp.Integer(-3)},
    notes="The epsilon-exponents are read off the formal Theorems 1-2 (checks there); the memory dichotomy is checked "
          "in Remark 5 and its cut-off claim.",
    variables={"epsilon": sr.positive(), "delta": sr.real(0, 1, open="both"), "T": sr.integer(1), "n": sr.integer(1),
               "z": sr.positive("z = alpha_m sigma_1, the memory of the system")},
    conclusions=[("pgd", "projected GD reaches eps training error w.p. >= 1 - delta with m = Omega(poly(mu_T) T^2 log(nT/delta)/eps^2) "
                         "and tau = Omega(poly(mu_T)/eps^2)", "asymptotic"),
                 ("gd", "GD without projection with m = Omega(poly(mu_T, T) log(nT/delta)/eps^3) and tau = Omega(poly(mu_T, T)/eps^3)",
                  "asymptotic"),
                 ("memory", "mu_T = O(1) for short-term memory and e^{Omega(T)} for long-term memory", "asymptotic"),
                 ("regularisation", "the 2,inf-regularisation improves iterations and width by a factor O(1/eps)", "asymptotic")],
)


@contrib.check(layer="symbolic", about=("pgd", "gd", "regularisation"), method="sympy.limit of log(q)/log(eps)",
               scope="epsilon-exponents of the width and iteration requirements of (18) and of Theorem 2 "
                     "(constants L_T, beta_T, Lambda_T, gamma_T held fixed: they converge as eps -> 0)")
def exponents(ctx):
    e = sp.Symbol("epsilon", positive=True)
    A, B, L, y, nu2, K = sp.symbols("A B L y nu2 K", positive=True)
    # (18) <= eps with each term <= eps/2: tau = (2A/eps)^2, m = (2B/eps)^2
    tau_pgd, m_pgd = (2 * A / e) ** 2, (2 * B / e) ** 2
    lam = L * nu2 / sp.sqrt(e)
    eta = e / (2 * L ** 2 * (L * sp.sqrt(2) * lam + y) ** 2)
    tau_gd = nu2 / ((sp.sqrt(2) + 1) ** 2 * eta * e)
    m_gd = ((L * sp.sqrt(nu2) + 4 * lam ** 2 * K) ** 2 + lam ** 2) / (2 * e)
    got = (eps_exponent(tau_pgd, e), eps_exponent(m_pgd, e), eps_exponent(tau_gd, e), eps_exponent(m_gd, e))
    ctx.step("exponents of (tau, m) for PGD (Theorem 1) and GD (Theorem 2)", sp.Tuple(*got))
    p, g = ctx.printed["pgd_eps_exponent"], ctx.printed["gd_eps_exponent"]
    ctx.exact("epsilon-exponents equal the printed ones", tuple(got), (p, p, g, g))


@contrib.check(layer="symbolic", name="memory", about="memory", method="SymPy (the mu_cutoff proof)",
               scope="mu_T = O(1) below the cut-off z = alpha_m sigma_1 < 1, e^{Omega(T)} above it (z > 1), every T")
def _memory(ctx):
    dichotomy_proof(ctx)
