"""Searches of the local-regularity bounds (Lemmas 1-2, the Hessian entry bounds of App. A.1) over the whole declared
domain: activations drawn from the class of (4) (`_common.CLASS_TEXT`: arbitrary sup bounds, constants exact per
member), alpha in (0, 1), W_ii(0) = +-alpha, |W_ii - W_ii(0)| <= rho_w/sqrt(m) for any rho_w > 0 and m (so
alpha_m - alpha in (0, oo)), U_i in R^d and ||X_s||_2 <= 1; float64 forward mode, then a local ascent from the worst
points. A violation found in float64 is rounded to an exact witness and decided by the check's replay (SymPy exact
Hessian) and its recheck (mpmath forward mode): the search itself decides nothing but where to look.

Witness parameters (strings): act, a, b, c, e (the activation a act(b z + c) + e), t, alpha, rho_w, m, w0, w, u, x0..x{t-1}
(d = 1)."""

from __future__ import annotations

import functools
from fractions import Fraction

import mpmath
import sympy as sp

import symrnn as sr

from ._common import act_of, class_summary, draw_class
from .model import lemma_constants

# the quantity each search bounds: its name -> (value from (grad, Hess, w) in float64, printed key of the bound)
WHICH = {
    "H": "||Hess_{Theta_i} H_t||_2",
    "Gamma": "||Hess_{Theta_i} Gamma_t||_2",
    "clubs": "|d^2 H_t / dU^2|",
    "diamond": "|d^2 H_t / dU dW|",
    "heart": "|d^2 H_t / dU dW|",
    "spade": "|d^2 H_t / dW^2|",
}

_SYM = dict(zip(("sigma_0", "sigma_1", "sigma_2", "mu_0t", "mu_1t", "alpha", "alpha_m"),
                sp.symbols("sigma_0 sigma_1 sigma_2 mu_0t mu_1t alpha alpha_m", positive=True)))


def entry_bound(printed: dict, key: str, consts, *, alpha_v, am_v, t: int, exact: bool):
    """An entry bound (clubs, diamond, heart, spade) from printed[key], an expression in sigma_0..2, mu_0t, mu_1t, alpha,
    alpha_m (mu's at alpha_m sigma_1)."""
    c0, c1, c2 = consts
    if exact:
        z = am_v * c1
        m0, m1 = sr.symbolic.mu0(z, t), sr.symbolic.mu1(z, t)
    else:
        z = am_v * c1
        m0 = sum(z ** k for k in range(t)); m1 = sum((k + 1) * z ** k for k in range(t))
    sub = {_SYM["sigma_0"]: c0, _SYM["sigma_1"]: c1, _SYM["sigma_2"]: c2, _SYM["mu_0t"]: m0, _SYM["mu_1t"]: m1,
           _SYM["alpha"]: alpha_v, _SYM["alpha_m"]: am_v}
    expr = sp.sympify(printed[key])
    if exact:
        return expr.xreplace({k: sp.nsimplify(v) for k, v in sub.items()})
    return _entry_lambda(expr)(c0, c1, c2, m0, m1, alpha_v, am_v)


# lambdified once per formula; an lru_cache, not a module dict, so that what a run has memoised is no part of a check's
# cache key (symrnn/_fingerprint.py hashes the values of the globals a check reads)
@functools.lru_cache(maxsize=None)
def _entry_lambda(expr):
    return sp.lambdify(tuple(_SYM.values()), expr, "numpy")


def bound_value(which: str, printed: dict, act, *, alpha_v, am_v, t: int, d_v: int = 1, exact: bool = False):
    """The printed bound for `which` at (activation, alpha, alpha_m, t, d): exact (SymPy numbers), or float64 and
    vectorised over numpy arrays alpha_v, am_v."""
    if which in ("H", "Gamma"):
        key = "beta" if which == "H" else "gamma"
        if exact:
            return lemma_constants(printed, act.constants(), alpha_v=alpha_v, am_v=am_v, d_v=d_v, t=t)[key]
        return _lemma_np(printed, key, tuple(float(v) for v in act.constants()), alpha_v, am_v, t, d_v)
    consts = act.constants() if exact else tuple(float(v) for v in act.constants())
    return entry_bound(printed, which, consts, alpha_v=alpha_v, am_v=am_v, t=t, exact=exact)


@functools.lru_cache(maxsize=None)
def _lemma_np_forms(raw):
    """The printed L, beta, Lambda, gamma (model.lemma_constants' defaults where not printed), lambdified once."""
    from .model import BETA_PRINTED, GAMMA_PRINTED, LAMBDA_PRINTED, L_PRINTED, M0, M1, Bsym, Lsym, alpha, am, d, s0, s1, s2
    forms = tuple(sp.sympify(r if r is not None else dflt) for r, dflt in
                  zip(raw, (L_PRINTED, BETA_PRINTED, LAMBDA_PRINTED, GAMMA_PRINTED)))
    args = (s0, s1, s2, M0, M1, alpha, am, d, Lsym, Bsym)
    return tuple(sp.lambdify(args, f, "numpy") for f in forms)


def _lemma_np(printed, key, consts, alpha_v, am_v, t, d_v):
    """beta_t or gamma_t of the printed formulas (model.lemma_constants' defaults), float64 over arrays."""
    fL, fB, _, fg = _lemma_np_forms(tuple(sp.sympify(printed.get(k)) if printed.get(k) is not None else None
                                          for k in ("L", "beta", "Lambda", "gamma")))
    c0, c1, c2 = consts
    z = am_v * c1
    m0 = sum(z ** k for k in range(t))
    m1 = sum((k + 1) * z ** k for k in range(t))
    a = (c0, c1, c2, m0, m1, alpha_v, am_v, d_v)
    L = fL(*a, 0.0, 0.0)
    B = fB(*a, 0.0, 0.0)
    return B if key == "beta" else fg(*a, L, B)


def _values_np(which, g, Hs, w):
    import numpy as np
    if which == "H":
        return np.linalg.norm(Hs, ord=2, axis=(1, 2))
    if which == "Gamma":
        e = np.zeros_like(Hs)
        e[:, 0, :] += g
        e[:, :, 0] += g
        return np.linalg.norm(e + w[:, None, None] * Hs, ord=2, axis=(1, 2))
    if which == "clubs":
        return np.abs(Hs[:, 1, 1])
    if which in ("diamond", "heart"):
        return np.abs(Hs[:, 0, 1])
    return np.abs(Hs[:, 0, 0])


def _draw_points(rng, t, d, B):
    """B points of the declared domain: alpha in (0, 1) (log-uniform near 0 half the time), r = rho_w/sqrt(m) in (0, 30]
    (log-uniform), W_ii(0) = +-alpha, w in the ball, u in R^d at several scales, ||X_s|| <= 1 (on the sphere half the time)."""
    import numpy as np
    al = np.where(rng.random(B) < 0.5, 10 ** rng.uniform(-3, 0, B), rng.uniform(0, 1, B))
    al = np.clip(al, 1e-3, 0.999)
    r = 10 ** rng.uniform(-3, 1.5, B)
    w0 = al * rng.choice([-1.0, 1.0], B)
    w = w0 + r * rng.uniform(-1, 1, B)
    u = rng.standard_normal((B, d)) * rng.choice([0.1, 0.3, 1, 3, 10], (B, 1))
    X = rng.standard_normal((B, t, d))
    X /= np.linalg.norm(X, axis=-1, keepdims=True)
    X *= np.where(rng.random((B, t, 1)) < 0.5, 1.0, rng.uniform(0, 1, (B, t, 1)))
    return {"alpha": al, "r": r, "w0": w0, "w": w, "u": u, "X": X}


def _ratios(which, printed, act, pts, t, d):
    import numpy as np
    with np.errstate(all="ignore"):
        H, g, Hs = sr.numeric.neuron_derivatives_np(act, pts["w"], pts["u"], pts["X"], hessian=True)
    # float64 overflow (|w| up to 30, t up to 8): such points are dropped from the float search (ratio 0), never decided
    finite = np.isfinite(Hs).all(axis=(1, 2)) & np.isfinite(g).all(axis=1)
    Hs, g = np.where(finite[:, None, None], Hs, 0.0), np.where(finite[:, None], g, 0.0)
    v = _values_np(which, g, Hs, pts["w"])
    K = bound_value(which, printed, act, alpha_v=pts["alpha"], am_v=pts["alpha"] + pts["r"], t=t, d_v=d) + 0 * pts["alpha"]
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        out = v / K
    return np.where(finite, np.nan_to_num(out, nan=0.0, posinf=0.0), 0.0)


def _ascend(which, printed, act, pts, t, d, rng, rounds):
    """Local random ascent of the ratio from the given points (staying in the domain)."""
    import numpy as np
    best = _ratios(which, printed, act, pts, t, d)
    for k in range(rounds):
        step = 0.3 * 0.8 ** k
        new = {key: val.copy() for key, val in pts.items()}
        B = len(new["w"])
        new["w"] = np.clip(new["w"] + step * new["r"] * rng.standard_normal(B), new["w0"] - new["r"], new["w0"] + new["r"])
        new["u"] = new["u"] + step * (1 + np.abs(new["u"])) * rng.standard_normal(new["u"].shape)
        X = new["X"] + step * rng.standard_normal(new["X"].shape)
        X /= np.maximum(1, np.linalg.norm(X, axis=-1, keepdims=True))
        new["X"] = X
        r = _ratios(which, printed, act, new, t, d)
        better = r > best
        for key in pts:
            pts[key][better] = new[key][better]
        best = np.where(better, r, best)
    return best


def search(ctx, which: str, *, members: int, ts, ds, points: int, rounds: int):
    """Search `which` against its printed bound over the class and the domain. Returns (worst ratio, its witness params
    (d = 1 points only, None if the worst d = 1 ratio is below 1), number of points, members searched, rows)."""
    import numpy as np
    rng = np.random.default_rng(ctx.seed)
    mem = draw_class(rng, members)
    worst, worst_where, best1, wit, count = 0.0, None, 0.0, None, 0
    per_member = []
    for mp in mem:
        act = act_of(mp)
        m_worst = 0.0
        for t in ts:
            for d in ds:
                pts = _draw_points(rng, t, d, points)
                r = _ratios(which, printed_of(ctx), act, pts, t, d)
                top = np.argsort(r)[-max(1, points // 10):]
                sub = {k: v[top].copy() for k, v in pts.items()}
                rs = _ascend(which, printed_of(ctx), act, sub, t, d, rng, rounds)
                count += points + rounds * len(top)
                j = int(np.argmax(rs))
                if rs[j] > m_worst:
                    m_worst = float(rs[j])
                if rs[j] > worst:
                    worst, worst_where = float(rs[j]), (act.name, t, d, float(sub["alpha"][j]), float(sub["alpha"][j] + sub["r"][j]))
                if d == 1 and t <= 3 and rs[j] > best1:      # a witness short enough for the exact replay
                    best1 = float(rs[j])
                    wit = _witness(mp, t, {k: v[j] for k, v in sub.items()})
        per_member.append((act.name, tuple(float(c) for c in act.constants()), m_worst))
    return {"worst": worst, "where": worst_where, "witness": wit if best1 > 1 + 1e-9 else None, "witness_any": wit, "best_d1": best1,
            "points": count, "summary": class_summary(mem), "per_member": per_member}


def printed_of(ctx):
    return ctx.printed


def _q(x, den=1000):
    return Fraction(float(x)).limit_denominator(den)


def _witness(mp: dict, t: int, pt: dict) -> dict:
    """An exact point of the domain near a float one (d = 1, m = 4): alpha, u, x rounded; w kept in the ball."""
    al = min(max(_q(pt["alpha"]), Fraction(1, 1000)), Fraction(999, 1000))
    w0 = al if pt["w0"] > 0 else -al
    w = _q(pt["w"])
    r = max(_q(pt["r"]), abs(w - w0), Fraction(1, 1000))
    p = {**mp, "t": str(t), "alpha": str(al), "rho_w": str(2 * r), "m": "4", "w0": str(w0), "w": str(w), "u": str(_q(pt["u"][0]))}
    for s in range(t):
        x = _q(pt["X"][s][0])
        p[f"x{s}"] = str(max(min(x, Fraction(1)), Fraction(-1)))
    return p


# ---- exact replay (SymPy) and independent recheck (mpmath forward mode) of a witness ------------------------------
def _alpha_m(p):
    return sp.Rational(p["alpha"]) + sp.Rational(p["rho_w"]) / sp.sqrt(sp.Integer(p["m"]))


def _value_of_matrix(which, g, Hs, w, lib):
    """The quantity from the gradient g = (g_w, g_u) and the Hessian [[ww, wu], [uw, uu]] (d = 1)."""
    if which in ("H", "Gamma"):
        if which == "Gamma":
            M = [[2 * g[0] + w * Hs[0][0], g[1] + w * Hs[0][1]], [g[1] + w * Hs[1][0], w * Hs[1][1]]]
        else:
            M = Hs
        a, b, c = M[0][0], M[0][1], M[1][1]
        if lib == "sympy":     # the 2x2 symmetric spectral norm in closed form
            return sp.Abs(a + c) / 2 + sp.sqrt((a - c) ** 2 / 4 + b ** 2)
        raise ValueError("the spectral norm is evaluated by the caller outside SymPy")
    return {"clubs": Hs[1][1], "diamond": Hs[0][1], "heart": Hs[0][1], "spade": Hs[0][0]}[which]


def make_replay(which: str):
    def replay(p, dps, printed):
        act = act_of(p)
        w, u = sp.symbols("w u")
        t = int(p["t"])
        H = sr.symbolic.unrolled_hidden(w, [u], [[sp.Rational(p[f"x{s}"])] for s in range(t)], t, act.sympy_fn())[t]
        at = {w: sp.Rational(p["w"]), u: sp.Rational(p["u"])}
        g = [sp.diff(H, v).subs(at) for v in (w, u)]
        Hs = [[sp.diff(H, v1, v2).subs(at) for v2 in (w, u)] for v1 in (w, u)]
        val = sp.N(sp.Abs(_value_of_matrix(which, g, Hs, sp.Rational(p["w"]), "sympy")), dps)
        K = sp.N(bound_value(which, printed, act, alpha_v=sp.Rational(p["alpha"]), am_v=_alpha_m(p), t=t, exact=True), dps)
        return {"violated": bool(val > K), "values": {f"{WHICH[which]} (SymPy)": val, "printed bound": K, "activation": act.name,
                                                       "(sigma_0, sigma_1, sigma_2)": act.constants()}}
    return replay


def make_recheck(which: str):
    def recheck(p, dps, printed):
        # Activation.mp's generated code builds rational coefficients with the global mpmath.mpf: raise the global
        # precision too, or a coefficient such as 241/61 carries only 53 bits
        with mpmath.workdps(dps + 10):
            return _recheck(which, p, dps, printed)
    return recheck


def _recheck(which, p, dps, printed):
    c = mpmath.MPContext(); c.dps = dps
    act = act_of(p)
    t = int(p["t"])
    H, g, Hs = sr.numeric.neuron_derivatives(act, p["w"], [p["u"]], [[p[f"x{s}"]] for s in range(t)], t, c)
    w = sr.numeric.to_mpf(c, p["w"])
    if which in ("H", "Gamma"):
        M = Hs if which == "H" else [[2 * g[0] + w * Hs[0][0], g[1] + w * Hs[0][1]], [g[1] + w * Hs[1][0], w * Hs[1][1]]]
        ev = c.eigsy(c.matrix(M))[0]
        val = max(abs(ev[0]), abs(ev[1]))
    else:
        val = abs(_value_of_matrix(which, g, Hs, w, None))
    K = c.mpf(str(sp.N(bound_value(which, printed, act, alpha_v=sp.Rational(p["alpha"]), am_v=_alpha_m(p), t=t,
                                   exact=True), dps + 10)))
    return {"violated": val > K, "values": {f"{WHICH[which]} (mpmath)": c.nstr(val, 20), "printed bound": c.nstr(K, 20)}}


def decide(ctx, which: str, title: str, *, quick_members=24, full_members=160, ts_quick=(1, 2, 3), ts_full=(1, 2, 3, 5, 8),
           ds_quick=(1, 2), ds_full=(1, 2, 3)):
    """Run the search and decide: a re-checked exact witness refutes; a float64 ratio >= 1 without one is inconclusive;
    otherwise holds, with the class and domain searched in the evidence."""
    out = search(ctx, which, members=quick_members if ctx.quick else full_members, ts=ts_quick if ctx.quick else ts_full,
                 ds=ds_quick if ctx.quick else ds_full, points=48 if ctx.quick else 200, rounds=6 if ctx.quick else 20)
    rows = sorted(out["per_member"], key=lambda r: -r[2])[:8]
    ctx.table(f"{title}: largest ratio {WHICH[which]} / bound per activation (the 8 largest)", ("activation", "(sigma_0, sigma_1, sigma_2)", "largest ratio"),
              [(n, "(" + ", ".join(f"{v:.4g}" for v in c) + ")", f"{r:.4g}") for n, c, r in rows])
    domain = (f"{out['summary']}; t in {ts_quick if ctx.quick else ts_full}, d in {ds_quick if ctx.quick else ds_full}, "
              "alpha in (0, 1), W_ii(0) = +-alpha, |W_ii - W_ii(0)| <= rho_w/sqrt(m) with rho_w/sqrt(m) in [1e-3, 30], "
              "u in R^d, ||X_s|| <= 1; random points then a local ascent")
    tol = 1e-9     # float64 cannot tell a bound attained with equality (ratio 1) from a violation: the exact replay decides
    if out["witness"] is not None or out["best_d1"] >= 1 - tol:
        wit = out["witness"] or out.get("witness_any")
        if wit is not None and make_replay(which)(wit, ctx.dps, ctx.printed)["violated"]:
            # a, b, c, e are the coefficients of the member a phi(b z + c) + e: coordinates of the activation `act`
            v = ctx.refute(f"{title}: violated", wit, irrelevant=("a", "b", "c", "e"),
                           certificate=f"float64 ratio {out['best_d1']:.6g} at the rounded point; searched {domain}")
            if v is sr.Verdict.REFUTED:
                return v, out
    if out["worst"] > 1 + tol:
        return ctx.inconclusive(f"{title}: float64 ratio > 1", f"{out['worst']:.6g} at {out['where']} (no exact witness "
                                f"survived); searched {domain}"), out
    tight = " (ratio 1 to float64 precision: the bound is attained, not exceeded at the exact rounded point)" \
        if out["worst"] >= 1 - tol else ""
    return ctx.no_violation(f"{title}", points=out["points"],
                            detail=f"largest ratio {out['worst']:.6f}{tight} at (act, t, d, alpha, alpha_m) = {out['where']}; "
                                   f"searched {domain}"), out
