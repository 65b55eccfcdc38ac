"""Shared pieces of this paper's checks: activation hypotheses, the memory-growth replay, exponents in epsilon."""

from __future__ import annotations

from fractions import Fraction

import sympy as sp

import symrnn as sr

from .activations import ACT  # noqa: E402,F401  (the sections import it from here)


# ---- the activation class of (4), as the searches draw from it ---------------------------------------------------
# Every member of CLASS is z -> a phi(b z + c) + e with phi one of four bases, a, b nonzero and c, e real (exact
# rationals). It is C^2 and bounded, and its constants are exact: sigma_0 = max(|a lo + e|, |a hi + e|) over the
# closed hull [lo, hi] of phi's range, sigma_1 = |a b| sup|phi'|, sigma_2 = |a| b^2 sup|phi''| (the bases' suprema are
# exact, certified in claim eq4_examples for tanh, logistic and the Gaussian; sin has (1, 1, 1)). The offset e moves
# sigma_0 alone and (a, b) move sigma_1, sigma_2 apart, so the three constants vary independently over the triples
# a bounded C^2 function can have (Landau-Kolmogorov: sigma_1^2 <= 2 sigma_0 sigma_2 for every such function).
CLASS_BASES = ("tanh", "logistic", "gaussian", "sin")
_BASE_HULL = {"tanh": (-1, 1), "logistic": (0, 1), "gaussian": (0, 1), "sin": (-1, 1)}
CLASS_TEXT = (r"$\sigma(z)=a\,\varphi(bz+c)+e$, $\varphi\in\{\tanh,\text{logistic},e^{-z^2/2},\sin\}$, $a,b\ne0$, $c,e\in\mathbb R$, "
              r"with the exact constants $\sigma_0=\max(|a\,\mathrm{lo}+e|,|a\,\mathrm{hi}+e|)$, $\sigma_1=|ab|\sup|\varphi'|$, "
              r"$\sigma_2=|a|b^2\sup|\varphi''|$")


# ---- the statement's variables, as declared by the claims (variables=) ---------------------------------------------
def activation_var(extra: str = "") -> sr.Domain:
    """The activation as the paper's assumptions allow it: any sigma with (4), whatever its constants."""
    return sr.given("an activation sigma in C^2(R, R) with sup|sigma| <= sigma_0, sup|sigma'| <= sigma_1, "
                    "sup|sigma''| <= sigma_2 ((4)), any constants sigma_0, sigma_1, sigma_2 > 0" + extra)


ALPHA = sr.real(0, 1, open="both", text="alpha in (0, 1)")
DELTA = sr.real(0, 1, open="both", text="delta in (0, 1)")
WIDTH = sr.integer(2, text="even width m >= 2")


def affine(base: str, a="1", b="1", c="0", e="0") -> sr.numeric.Activation:
    """z -> a base(b z + c) + e with its exact constants (see CLASS_TEXT)."""
    if base not in CLASS_BASES:
        raise sr.InvalidArgument(f"act={base!r}: the class's bases are {CLASS_BASES}")
    a, b, c, e = (sp.Rational(v) for v in (a, b, c, e))
    if a == 0 or b == 0:
        raise sr.InvalidArgument(f"a = {a}, b = {b}: both must be nonzero")
    phi = sr.numeric.ACTIVATIONS[base]
    Z, S = sp.Symbol("z", real=True), sp.Symbol("s", real=True)
    lo, hi = _BASE_HULL[base]
    s0 = sp.Max(abs(a * lo + e), abs(a * hi + e))
    d1 = d2 = rng = None
    if phi.d1_of_s is not None:     # value v = a s + e: sigma' = a b phi'(s), sigma'' = a b^2 phi''(s), s = (v - e)/a
        d1 = sp.expand(a * b * phi.d1_of_s.subs(S, (S - e) / a))
        d2 = sp.expand(a * b ** 2 * phi.d2_of_s.subs(S, (S - e) / a))
        rng = tuple(sorted((a * lo + e, a * hi + e)))
    name = base if (a, b, c, e) == (1, 1, 0, 0) else f"{a}*{base}({b}z+{c})+{e}"
    return sr.numeric.Activation(name, a * phi.expr.subs(Z, b * Z + c) + e, s0, abs(a * b) * phi.sigma1,
                                 abs(a) * b ** 2 * phi.sigma2, d1, d2, rng)


def act_of(p) -> sr.numeric.Activation:
    name = p.get("act", "tanh")
    if any(k in p for k in ("a", "b", "c", "e")):
        return affine(name, p.get("a", "1"), p.get("b", "1"), p.get("c", "0"), p.get("e", "0"))
    if name not in ACT:
        raise sr.InvalidArgument(f"act={name!r} is not one of {sorted(ACT)}")
    return ACT[name]


def draw_class(rng, k: int) -> list[dict]:
    """k members of the class (parameter dicts): the four bases at a = b = 1 first, then random exact members with
    |a| in [1/20, 20], b in [1/10, 10] (log-uniform), c in [-2, 2] and e = 0 or in [-2, 2]."""
    from fractions import Fraction

    def q(x, den=100):
        return str(Fraction(float(x)).limit_denominator(den))
    out = [{"act": base, "a": "1", "b": "1", "c": "0", "e": "0"} for base in CLASS_BASES]
    while len(out) < k:
        base = CLASS_BASES[int(rng.integers(len(CLASS_BASES)))]
        a = rng.choice([-1, 1]) * 10 ** rng.uniform(-1.3, 1.3)
        b = 10 ** rng.uniform(-1, 1)
        c = rng.uniform(-2, 2) if rng.random() < 0.5 else 0.0
        e = rng.uniform(-2, 2) if rng.random() < 0.5 else 0.0
        pa = {"act": base, "a": q(a), "b": q(b), "c": q(c, 20), "e": q(e, 20)}
        if Fraction(pa["a"]) != 0 and Fraction(pa["b"]) != 0:
            out.append(pa)
    return out


def class_summary(members: list[dict]) -> str:
    """The members searched, in words: how many, how many with sigma_0 != 1, the ranges of the constants."""
    cs = [tuple(float(v) for v in affine(**{k: m[k] for k in ("a", "b", "c", "e")}, base=m["act"]).constants())
          for m in members]
    off = sum(1 for c in cs if abs(c[0] - 1) > 1e-12)
    rng_ = [(min(c[i] for c in cs), max(c[i] for c in cs)) for i in range(3)]
    return (f"{len(members)} activations a phi(b z + c) + e of the class ({off} with sigma_0 != 1; sigma_0 in "
            f"[{rng_[0][0]:.3g}, {rng_[0][1]:.3g}], sigma_1 in [{rng_[1][0]:.3g}, {rng_[1][1]:.3g}], sigma_2 in "
            f"[{rng_[2][0]:.3g}, {rng_[2][1]:.3g}]; constants exact per member)")


def activation_hypothesis(claim, checks=None):
    @claim.hypothesis("activation", r"$\sigma\in\mathscr C^2$ with (4): $\sup|\sigma|\le\sigma_0$, "
                      r"$\sup|\sigma'|\le\sigma_1$, $\sup|\sigma''|\le\sigma_2$", checks=checks)
    def _act(p):
        a = act_of(p)
        # the constants are the exact suprema (the bases' derived symbolically and certified in claim eq4_examples;
        # an affine member's from them exactly)
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
    zz = sp.Symbol("z", positive=True)      # the identity holds for every z != 1: decided in z itself
    ctx.identity("(1 - z)^3 mu_0 mu_1 = (1 - z^T)(1 - (T+1) z^T + T z^{T+1}), every z > 0, z != 1",
                 (1 - zz) ** 3 * sr.symbolic.mu0_closed(zz, T) * sr.symbolic.mu1_closed(zz, T),
                 (1 - zz ** T) * (1 - (T + 1) * zz ** T + T * zz ** (T + 1)))
    k = sp.Symbol("k", integer=True, nonnegative=True)
    ctx.identity("z = 1: mu_T = T^2 (T+1)/2", sp.summation(1, (k, 0, T - 1)) * sp.summation(k + 1, (k, 0, T - 1)),
                 T ** 2 * (T + 1) / 2)
    ctx.step("z > 1: mu_T >= z^{2(T-1)} (the last terms of both sums)")
    kk = sp.Symbol("k", integer=True, nonnegative=True)
    # T = 1: mu_0 = mu_1 = 1 = z^0; T = n + 2 (n >= 0): the sums less their last terms have positive terms
    nn = sp.Symbol("n", integer=True, nonnegative=True)
    ctx.sign("mu_{0,T} - z^{T-1} = sum_{k<=n} z^k >= 0 (T = n + 2)", sp.Sum(zz ** kk, (kk, 0, nn)), "nonnegative")
    ctx.sign("mu_{1,T} - z^{T-1} = (n+1) z^{n+1} + sum_{k<=n} (k+1) z^k >= 0 (T = n + 2)",
             (nn + 1) * zz ** (nn + 1) + sp.Sum((kk + 1) * zz ** kk, (kk, 0, nn)), "nonnegative")
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
