"""Shared pieces of this paper's checks: activation hypotheses, the memory-growth replay, exponents in epsilon."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

import symrnn as sr

# the activation families of the checks: tanh, logistic, Gaussian, sin, and scaled members a*act(b z + c)
# (constants (|a| s0, |ab| s1, |a| b^2 s2)); a scaled member reaches alpha sigma_1 >= 1 with alpha in (0, 1)
ACT = {**sr.numeric.ACTIVATIONS,
       "tanh2": sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], 2, 1),          # 2 tanh(z)
       "tanh_b2": sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], 1, 2),        # tanh(2 z)
       "logistic4": sr.numeric.scaled(sr.numeric.ACTIVATIONS["logistic"], 4, 1)}  # 4 logistic(z)


def act_of(p) -> sr.numeric.Activation:
    name = p.get("act", "tanh")
    if name not in ACT:
        raise sr.InvalidArgument(f"act={name!r} is not one of {sorted(ACT)}")
    return ACT[name]


def activation_hypothesis(claim, checks=None):
    @claim.hypothesis("activation", r"$\sigma\in\mathscr C^2$ with (4): $\sup|\sigma|\le\sigma_0$, "
                      r"$\sup|\sigma'|\le\sigma_1$, $\sup|\sigma''|\le\sigma_2$", checks=checks)
    def _act(p):
        a = act_of(p)
        # the constants are the exact suprema (derived symbolically and certified in claim eq4_examples)
        return True, f"{a.name}: (sigma_0, sigma_1, sigma_2) = {a.constants()}"
    return _act


def alpha_hypothesis(claim, checks=None):
    @claim.hypothesis("alpha", r"$\alpha\in(0,1)$, $\rho_w>0$, $m$ even", checks=checks)
    def _alpha(p):
        a = sp.Rational(p["alpha"])
        ok = 0 < a < 1 and sp.Rational(p.get("rho_w", "1")) > 0 and int(p.get("m", "2")) % 2 == 0
        return bool(ok), f"alpha={a}, rho_w={p.get('rho_w')}, m={p.get('m')}"
    return _alpha


def z_of(p):
    """alpha_m sigma_1 with alpha_m = alpha + rho_w / sqrt(m) (exact)."""
    a = act_of(p)
    am = sp.Rational(p["alpha"]) + sp.Rational(p.get("rho_w", "0")) / sp.sqrt(sp.Integer(p.get("m", "1")))
    return sp.nsimplify(am * a.sigma1)


def memory_growth_replay(params, dps, printed):
    """The printed claim: mu_T = exp(Omega(T)) whenever z = alpha_m sigma_1 >= printed['cutoff'].
    Violated when z >= cutoff and mu_T(z) = mu_{0,T}(z) mu_{1,T}(z) grows only polynomially (SymPy:
    closed-form sums and lim_{T->oo} log(mu_T)/T = 0)."""
    z = z_of(params)
    Tsym = sp.Symbol("T", positive=True, integer=True)
    k = sp.Symbol("k", integer=True, nonnegative=True)
    muT = sp.summation(z ** k, (k, 0, Tsym - 1)) * sp.summation((k + 1) * z ** k, (k, 0, Tsym - 1))
    muT = sp.simplify(muT)
    rate = sp.limit(sp.log(muT) / Tsym, Tsym, sp.oo)
    claimed = bool(z >= sp.nsimplify(printed["cutoff"]))
    return {"violated": claimed and rate == 0, "values": {"z": z, "mu_T": muT, "lim log(mu_T)/T": rate}}


def memory_growth_recheck(params, dps, printed):
    """Independent: exact rational arithmetic (fractions) of the defining sums for T <= 400 at a rational z:
    mu_T <= T^3 at every T (polynomial), whereas exp(c T) > T^3 eventually for every c > 0."""
    z = z_of(params)
    if not z.is_Rational:
        return {"violated": False, "values": {"z": z, "note": "z not rational: no exact evaluation"}}
    zf = Fraction(int(z.p), int(z.q))
    claimed = bool(z >= sp.nsimplify(printed["cutoff"]))
    worst = Fraction(0)
    for T in range(1, 401):
        m0 = sum(zf ** k for k in range(T))
        m1 = sum((k + 1) * zf ** k for k in range(T))
        worst = max(worst, m0 * m1 / T ** 3)
    return {"violated": claimed and worst <= 1,
            "values": {"z": z, "max_{T<=400} mu_T/T^3": str(worst)}}


def eps_exponent(expr, e):
    """lim_{e->0+} log(expr)/log(e): the exponent of e in expr."""
    return sp.limit(sp.log(expr) / sp.log(e), e, 0, "+")


def dichotomy_proof(ctx):
    """The corrected memory dichotomy (claim mu_cutoff): mu_T <= (1-z)^{-3} for z < 1, = T^2 (T+1)/2 at z = 1,
    >= z^{2(T-1)} for z > 1 (exact SymPy)."""
    y, T = sp.Symbol("y", positive=True), sp.Symbol("T", positive=True, integer=True)
    z = 1 / (1 + y)
    ctx.sign("z < 1: T + 1 - T z > 0", sp.together(T + 1 - T * z), "positive")
    ctx.identity("(1 - z)^3 mu_0 mu_1 = (1 - z^T)(1 - (T+1) z^T + T z^{T+1})",
                 (1 - z) ** 3 * sr.symbolic.mu0_closed(z, T) * sr.symbolic.mu1_closed(z, T),
                 (1 - z ** T) * (1 - (T + 1) * z ** T + T * z ** (T + 1)))
    k = sp.Symbol("k", integer=True, nonnegative=True)
    ctx.identity("z = 1: mu_T = T^2 (T+1)/2", sp.summation(1, (k, 0, T - 1)) * sp.summation(k + 1, (k, 0, T - 1)),
                 T ** 2 * (T + 1) / 2)
    ctx.step("z > 1: mu_T >= z^{2(T-1)} (the last terms of both sums)")
    ctx.sign("z > 1: log z > 0", sp.log(1 + y), "positive")


def tanh_instance(expr, sig):
    """`expr` with the undefined activation `sig` replaced by tanh (derivatives and substitutions evaluated)."""
    z = sp.Dummy("z")
    return sp.sympify(expr).subs(sig, sp.Lambda(z, sp.tanh(z))).doit()


def identities_every_sigma(ctx, title, pairs, sig):
    """Identities with an undefined activation `sig` (so they hold for every activation). SymPy cannot evaluate an
    undefined sigma' at a point, so a formula that is not an identity would only stay undecided: where the general
    decision does not close, the same identities are decided at sigma = tanh (C^2 with (4), an admissible activation),
    where a difference is evaluated at an exact point and re-checked by mpmath (a refutation for that activation)."""
    pairs = list(pairs)
    v = ctx.identities(title, pairs)
    if v is sr.Verdict.PROVED:
        return v
    return ctx.identities(f"{title}, at sigma = tanh", [(lab, tanh_instance(lhs, sig), tanh_instance(rhs, sig))
                                                         for lab, lhs, rhs in pairs])


def sign_or_witness(ctx, title, expr, expected, *, domain=None, integers=None):
    """ctx.sign; where SymPy's assumptions do not decide it (a wrong constant makes the expression change sign), the same
    inequality is decided on a compact box by ctx.inequality (Arb branch and bound), so that a violation comes back as
    an exact counterexample re-checked by SymPy. The box: `domain` where given (capped at 100), else [1/100, 100] for a
    positive symbol, [0, 100] for a nonnegative one and [-100, 100] otherwise, so a witness satisfies every assumption
    the symbols carry; `integers` = {symbol: values} fixes an integer-valued symbol (a dimension) at each value in
    turn. A box certificate there is no proof of the claim: beside the undecided sign the check stays
    inconclusive."""
    v = ctx.sign(title, expr, expected)
    if v is sr.Verdict.PROVED:
        return v
    expr = sp.sympify(expr)
    cap = sp.Integer(100)
    dom = {}
    for s in sorted(expr.free_symbols, key=str):
        if domain and s in domain:
            lo, hi = (sp.sympify(b) for b in domain[s])
            dom[s] = (max(lo, -cap), min(hi, cap))
        elif s.is_positive:
            dom[s] = (1 / cap, cap)
        elif s.is_nonnegative:
            dom[s] = (0, cap)
        else:
            dom[s] = (-cap, cap)
    strict = expected in ("positive", "negative")
    lhs, rhs = (0, expr) if expected in ("positive", "nonnegative") else (expr, 0)
    fixed = [{}]
    for s, values in (integers or {}).items():
        fixed = [{**f, s: (sp.Integer(v), sp.Integer(v))} for f in fixed for v in values]
    for f in fixed:
        v = ctx.inequality(f"{title} (on a box" + "".join(f", {k} = {lo}" for k, (lo, _) in f.items()) + ")",
                           lhs, rhs, {**dom, **f}, strict=strict)
        if v is sr.Verdict.REFUTED:
            break
    return v
