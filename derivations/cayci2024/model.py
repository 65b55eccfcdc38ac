"""The paper's own model and closed forms: the constants of Lemmas 1-2 ((31)), Propositions 3-6, the bounds
(18)-(19) of Theorem 1, Corollary 1 and the quantities of Theorem 2, each built from a printed formula
(a SymPy expression in the symbols below) so that a check and its replay read the formula under test
from `ctx.printed`.

Symbols of the printed formulas: s0, s1, s2 (sigma_0, sigma_1, sigma_2), M0, M1 (mu_{0,t}, mu_{1,t}),
alpha, am (alpha_m), d, Lsym (L_t), Bsym (beta_t)."""

from __future__ import annotations

import functools

import sympy as sp

import symrnn as sr

s0, s1, s2 = sp.symbols("sigma_0 sigma_1 sigma_2", positive=True)
M0, M1 = sp.symbols("mu_0t mu_1t", positive=True)
alpha, am, d = sp.symbols("alpha alpha_m d", positive=True)
Lsym, Bsym, Lam_s, gam_s = sp.symbols("L_t beta_t Lambda_t gamma_t", positive=True)
nw, nu, rw, ru = sp.symbols("nubar_w nubar_u rho_w rho_u", positive=True)
T, n, m, tau, delta, eps = sp.symbols("T n m tau delta epsilon", positive=True)

# Lemma 1 (as printed)
L_PRINTED = M0 ** 2 * (s0 ** 2 + 1) * s1 ** 2
# (31), as printed (note the explicit alpha, not alpha_m, inside the brackets)
BETA_PRINTED = (d * s2 * (alpha * s1 * M0 + 1) * M1
                + sp.sqrt(d) * (s1 ** 2 * M0 ** 2 + s0 * s1 * M0 * M1 + M1 * (s1 + s2 + alpha * s1 * s2 * M0))
                + s1 ** 2 * M0 ** 2 + s0 * s2 * M1 * (alpha * s1 * M0 + 1))
# Lemma 2 (as printed)
LAMBDA_PRINTED = sp.sqrt(2) * (s0 + 1 + am * Lsym)
GAMMA_PRINTED = sp.sqrt(2) * (Lsym + am * Bsym)
# the Lipschitz constant the proof of Lemma 1 establishes: ||d H||_2^2 <= mu_0^2 (sigma_0^2 + 1) sigma_1^2
L_SQRT = M0 * s1 * sp.sqrt(s0 ** 2 + 1)
# the smoothness constant the appendix's recursion gives with sigma_0 kept (issue 19; (31) drops powers of sigma_0):
#   |d^2 H/dU^2|_F <= sigma_2 mu_0 mu_1, ||d^2 H/dU dW|| <= sigma_0 sigma_2 mu_0 mu_1 + sigma_1^2 mu_1,
#   |d^2 H/dW^2| <= sigma_0^2 sigma_2 mu_0 mu_1 + 2 sigma_0 sigma_1^2 mu_1, and ||Hess||_F <= uu + sqrt 2 uw + ww
BETA_SIGMA0 = (s2 * M0 * M1 + sp.sqrt(2) * (s0 * s2 * M0 * M1 + s1 ** 2 * M1)
               + s0 ** 2 * s2 * M0 * M1 + 2 * s0 * s1 ** 2 * M1)
# gamma_t with the gradient part's factor 2 (appa_gamma_4): ||e_w g^T + g e_w^T||_2 = ||g|| + |g_w| <= 2 L_t
GAMMA_2L = 2 * Lsym + am * Bsym


def memory(z, t: int):
    """(mu_{0,t}(z), mu_{1,t}(z)) exactly."""
    return sr.symbolic.mu0(z, t), sr.symbolic.mu1(z, t)


def lemma_constants(printed: dict, act_constants, *, alpha_v, am_v, d_v: int, t: int) -> dict:
    """L_t, beta_t, Lambda_t, gamma_t of Lemmas 1-2 from the printed formulas (exact SymPy numbers).

    act_constants = (sigma_0, sigma_1, sigma_2); mu's at alpha_m sigma_1 (as the lemmas state)."""
    c0, c1, c2 = (sp.nsimplify(v) for v in act_constants)
    mu0v, mu1v = memory(sp.nsimplify(am_v) * c1, t)
    base = {s0: c0, s1: c1, s2: c2, M0: mu0v, M1: mu1v, alpha: sp.nsimplify(alpha_v), am: sp.nsimplify(am_v),
            d: sp.Integer(d_v)}
    L = sp.sympify(printed.get("L", L_PRINTED)).xreplace(base)
    B = sp.sympify(printed.get("beta", BETA_PRINTED)).xreplace(base)
    Lam = sp.sympify(printed.get("Lambda", LAMBDA_PRINTED)).xreplace({**base, Lsym: L, Bsym: B})
    gam = sp.sympify(printed.get("gamma", GAMMA_PRINTED)).xreplace({**base, Lsym: L, Bsym: B})
    return {"L": L, "beta": B, "Lambda": Lam, "gamma": gam, "mu0": mu0v, "mu1": mu1v}


def ymax(act_constants, *, alpha_v, nw_v, nu_v, t: int):
    """y^max_T = sigma_1 mu_{0,t}(alpha sigma_1)(nubar_u + sigma_0 nubar_w) (Prop. 6, the printed index t)."""
    c0, c1, _ = (sp.nsimplify(v) for v in act_constants)
    return c1 * sr.symbolic.mu0(sp.nsimplify(alpha_v) * c1, t) * (nu_v + c0 * nw_v)


def theorem1_bound(act_constants, *, alpha_v, rw_v, ru_v, nw_v, nu_v, m_v, T_v: int, n_v, delta_v, tau_v, d_v: int,
                   printed: dict | None = None):
    """The right-hand side of (18) with err of (19), every index at T, alpha_m = alpha + rho_w/sqrt(m).
    Returns a dict of exact SymPy numbers (L, Fmax, ymax, err, bound)."""
    am_v = sp.nsimplify(alpha_v) + sp.nsimplify(rw_v) / sp.sqrt(m_v)
    k = lemma_constants(printed or {}, act_constants, alpha_v=alpha_v, am_v=am_v, d_v=d_v, t=T_v)
    c0, c1, c2 = (sp.nsimplify(v) for v in act_constants)
    Fmax = k["L"] * sp.sqrt(rw_v ** 2 + ru_v ** 2)
    y = ymax(act_constants, alpha_v=alpha_v, nw_v=nw_v, nu_v=nu_v, t=T_v)
    phi = Fmax + y
    err = (k["L"] * sp.sqrt(nu_v ** 2 + nw_v ** 2) * sp.sqrt(sp.log(2 * T_v * n_v / delta_v))
           + 2 * (rw_v ** 2 + ru_v ** 2) * (c2 * k["Lambda"] ** 2 + c1 * k["gamma"])
           + 2 * k["beta"] * (ru_v ** 2 + rw_v ** 2))
    bound = (T_v / sp.sqrt(tau_v) * ((nw_v ** 2 + nu_v ** 2) / 2 + k["L"] ** 2 / 2 * phi ** 2)
             + T_v * phi / sp.sqrt(m_v) * err)
    cor1 = (2 * T_v / sp.sqrt(tau_v) * ((nw_v ** 2 + nu_v ** 2) + k["L"] ** 2 * phi ** 2) + 4 * T_v * phi / sp.sqrt(m_v) * err
            + sp.Rational(6) / m_v * (k["Lambda"] ** 2 * c2 + k["gamma"] * c1) * (rw_v ** 2 + ru_v ** 2))
    return {**k, "Fmax": Fmax, "ymax": y, "phi": phi, "err": err, "bound": bound, "cor1": cor1, "alpha_m": am_v}


def theorem2_quantities(act_constants, *, alpha_v, nw_v, nu_v, T_v: int, n_v, delta_v, eps_v, d_v: int,
                        lam_factor=1, printed: dict | None = None):
    """lambda, eta_max, m_min and tau_0 of Theorem 2 (mu's at alpha_target sigma_1, alpha_m := alpha_target).
    `lam_factor` multiplies the statement's lambda (sqrt(T) gives the proof's lambda)."""
    at = sp.nsimplify(alpha_v) + sp.sqrt(2 * eps_v)
    k = lemma_constants(printed or {}, act_constants, alpha_v=alpha_v, am_v=at, d_v=d_v, t=T_v)
    c0, c1, c2 = (sp.nsimplify(v) for v in act_constants)
    lam = lam_factor * k["L"] * (nw_v ** 2 + nu_v ** 2) / sp.sqrt(eps_v)
    y = ymax(act_constants, alpha_v=alpha_v, nw_v=nw_v, nu_v=nu_v, t=T_v)
    # sqrt(2 lambda^2) as sqrt(2) lambda (lambda > 0): SymPy's sqrt of an exact rational factors it, and with python-flint's
    # ground types SymPy 1.14's perfect-power test raises OverflowError on some numerators of thousands of bits (T <= 30)
    eta = eps_v / (2 * T_v ** 2 * k["L"] ** 2 * (k["L"] * sp.sqrt(2) * lam + y) ** 2)
    m_min = ((k["L"] * sp.sqrt(nw_v ** 2 + nu_v ** 2) * sp.sqrt(sp.log(2 * n_v * T_v / delta_v))
              + 2 * (2 * lam ** 2) * (c2 * k["Lambda"] ** 2 + c1 * k["gamma"]) + 2 * k["beta"] * 2 * lam ** 2) ** 2
             + lam ** 2) / (2 * eps_v)
    tau0 = (nw_v ** 2 + nu_v ** 2) / ((sp.sqrt(2) + 1) ** 2 * eta * eps_v)
    return {**k, "lambda": lam, "eta": eta, "m_min": m_min, "tau0": tau0, "alpha_target": at}


@functools.lru_cache(maxsize=None)
def _float_forms(forms):
    # an lru_cache, not a module dict: what a run has memoised is no part of a check's cache key
    return tuple(sp.lambdify((s0, s1, s2, M0, M1, alpha, am, d, Lsym, Bsym), f, "math") for f in forms)


def lemma_constants_float(printed: dict, act_constants, *, alpha_v: float, am_v: float, d_v: int, t: int) -> dict:
    """lemma_constants in float64 (for searches): the printed formulas lambdified once per formula."""
    forms = tuple(sp.sympify(printed.get(k, dflt)) for k, dflt in
                  (("L", L_PRINTED), ("beta", BETA_PRINTED), ("Lambda", LAMBDA_PRINTED), ("gamma", GAMMA_PRINTED)))
    fL, fB, fLam, fgam = _float_forms(forms)
    c0, c1, c2 = (float(v) for v in act_constants)
    z = am_v * c1
    mu0v = sum(z ** k for k in range(t))
    mu1v = sum((k + 1) * z ** k for k in range(t))
    a = (c0, c1, c2, mu0v, mu1v, alpha_v, am_v, d_v)
    L = fL(*a, 0.0, 0.0)
    B = fB(*a, 0.0, 0.0)
    return {"L": L, "beta": B, "Lambda": fLam(*a, L, B), "gamma": fgam(*a, L, B), "mu0": mu0v, "mu1": mu1v}


# err_1 of (22) as printed (the proof of Theorem 1): L_T sqrt(nubar_u^2 + nubar_w^2) sqrt(log(2nT/delta))
#   + 2 (rho_w^2 + rho_u^2)(sigma_2 Lambda_T^2 + sigma_1 gamma_T)
ERR1_PRINTED = (Lsym * sp.sqrt(nu ** 2 + nw ** 2) * sp.sqrt(sp.log(2 * n * T / delta))
                + 2 * (rw ** 2 + ru ** 2) * (s2 * Lam_s ** 2 + s1 * gam_s))
# the radius Hoeffding's inequality gives for m/2 iid terms in [-B, B], two-sided, union over the n T pairs (j, t):
# 2 n T exp(-m r^2 / (4 B^2)) = delta at r = 2 B sqrt(log(2nT/delta)/m), with B = mu_{0,T}(alpha sigma_1) sigma_1 (nubar_u + sigma_0 nubar_w)
ERR1_HOEFFDING = (2 * M0 * s1 * (nu + s0 * nw) * sp.sqrt(sp.log(2 * n * T / delta))
                  + 2 * (rw ** 2 + ru ** 2) * (s2 * Lam_s ** 2 + s1 * gam_s))


def err1_value(printed: dict, act_constants, *, alpha_v, rw_v, ru_v, nw_v, nu_v, m_v, T_v: int, n_v, delta_v, d_v: int = 1):
    """err_1 of (22) from the printed formula `printed['err1']` (exact SymPy number).

    The Lemma 1-2 constants come from `printed` (keys L, beta, Lambda, gamma; printed values by default), with
    mu's at alpha_m sigma_1, alpha_m = alpha + rho_w/sqrt(m); M0 in a Hoeffding-type formula is mu_{0,T}(alpha sigma_1)."""
    am_v = sp.nsimplify(alpha_v) + sp.nsimplify(rw_v) / sp.sqrt(m_v)
    k = lemma_constants(printed, act_constants, alpha_v=alpha_v, am_v=am_v, d_v=d_v, t=T_v)
    c0, c1, c2 = (sp.nsimplify(v) for v in act_constants)
    sub = {Lsym: k["L"], Lam_s: k["Lambda"], gam_s: k["gamma"], s0: c0, s1: c1, s2: c2,
           M0: sr.symbolic.mu0(sp.nsimplify(alpha_v) * c1, T_v), nu: nu_v, nw: nw_v, rw: rw_v, ru: ru_v,
           n: n_v, T: T_v, delta: delta_v}
    return sp.sympify(printed["err1"]).xreplace(sub)


def feature_quadrature(act, X, alpha, nodes):
    """Features phi(X; w0, u0) = (dH_t/dw, dH_t/du) (d = 1) at the Gauss-Hermite nodes of u0 ~ N(0,1) and w0 = +-alpha, with the
    quadrature weights: the kernel with k, l from 0 is K = Phi W Phi^T, F~ = Phi W v (exact for this discrete measure)."""
    import numpy as np
    xq, wq = np.polynomial.hermite_e.hermegauss(nodes)
    wq = wq / wq.sum()
    W0 = np.concatenate([np.full(nodes, alpha), np.full(nodes, -alpha)])
    U0 = np.concatenate([xq, xq])[:, None]
    weights = np.concatenate([wq, wq]) / 2
    feats = []
    for Xa in X:
        _, g = sr.numeric.neuron_derivatives_np(act, W0, U0, np.broadcast_to(Xa, (len(W0),) + Xa.shape))
        feats.append(g)                                              # (Q, 2)
    return np.stack(feats), W0, U0[:, 0], weights                     # (N, Q, 2)
