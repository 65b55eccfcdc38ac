"""Section 4.3: Theorem 2 ((26)) and its proof ((27)-(29)), Remark 7."""

import sympy as sp

from . import paper
import symrnn as sr

from ._common import ACT, ALPHA, DELTA, WIDTH, activation_var, sign_or_witness
from .model import theorem2_quantities

TANH = ACT["tanh"].constants()
eps_ = sp.Symbol("epsilon", positive=True)

thm2 = paper.claim(
    "thm2", kind="theorem", label="Theorem 2", where="Sec. 4.3",
    statement=r"""For any given target error $\epsilon>0$, let $\alpha_{\mathsf{target}}=\alpha+\sqrt{2\epsilon}$, $\mu_{0,T}=\mu_{0,T}(\alpha_{\mathsf{target}}\sigma_{1})$, $\mu_{1,T}=\mu_{1,T}(\alpha_{\mathsf{target}}\sigma_{1})$
such that $\Lambda_{T},\gamma_{T},L_{T},\beta_{T}$ as in Lemmas 1-2 with this $(\mu_{0,T},\mu_{1,T})$. Also, for any $\delta\in(0,1)$, let $\lambda_{w}=\lambda_{u}=\frac{L_{T}(\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2})}{\sqrt{\epsilon}}$,
$\eta\leq\frac{\epsilon}{2T^{2}L_{T}^{2}(F_{T}^{\mathsf{max}}(\lambda_{w},\lambda_{u})+y_{T}^{\mathsf{max}}(\bar{\nu}_{w},\bar{\nu}_{u}))^{2}}$, and
$m\geq\frac{\left(L_{T}\sqrt{\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2}}\sqrt{\log(2nT/\delta)}+2(\lambda_{w}^{2}+\lambda_{u}^{2})(\sigma_{2}\Lambda_{T}^{2}+\sigma_{1}\gamma_{T})+2\beta_{T}(\lambda_{w}^{2}+\lambda_{u}^{2})\right)^{2}+\lambda_{w}^{2}}{2\epsilon}$.
Then, for any $\tau\geq\tau_{0}(\epsilon)=\frac{\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2}}{(\sqrt{2}+1)^{2}\eta\epsilon}$, we have
$\min_{0\leq s<\tau}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\frac{9\epsilon}{4}$, (26)
with probability at least $1-\delta$ over the random initialization.""",
    uses=["lemma1", "lemma2", "prop5", "prop6", "eq5", "eq27", "eq28", "eq29"],
    proof=["thm2_conditions", "thm2_square", "eq27", "thm2_jensen", "eq28", "thm2_contradiction", "eq29"],
    refuted_through=(),
    severity_reason="(26) fails where the printed tau_0 is below 1: tau = 1 is admissible and min_{s < 1} is the initial "
                    "risk, which exceeds 9 eps/4 at the witness for every initialisation; no lemma and no step of the "
                    "proof enters that value, so the claims it uses keep their own weights",
    printed={"guarantee": sp.Rational(9, 4)},
    notes="The explicit alpha_m inside Lambda_T, gamma_T is not re-specified; the evaluation takes alpha_m = alpha_target. "
          "Issue 19: the stated guarantee (26) is checked itself (stated_bound: surely true for eps >= 4 T (y^max_T)^2/9; "
          "tau0_below_one: false where the printed tau_0 is below 1, for every initialisation). No correction is declared: "
          "whether (26) holds when tau_0 >= 1 is not checked.",
    variables={"eps": sr.positive("the target error epsilon > 0"), "act": activation_var(), "alpha": ALPHA,
               "nw": sr.positive("nubar_w > 0"), "nu": sr.positive("nubar_u > 0"), "delta": DELTA, "T": sr.integer(1),
               "n": sr.integer(1), "d": sr.integer(1),
               "vw": sr.given("the transport map v_w of F* in F_{nubar_w, nubar_u} (9), |v_w| <= nubar_w"),
               "vu": sr.given("the transport map v_u of F* in F_{nubar_w, nubar_u} (9), ||v_u|| <= nubar_u"),
               "x": sr.given("a data set S of n sequences X in R^{d x T} with ||X_t||_2 <= 1").family(),
               "eta": sr.positive("every step size eta <= the printed bound"),
               "m": sr.integer(2, text="every even width m >= the printed bound"),
               "tau": sr.integer(1, text="every number of iterations tau >= tau_0(eps)")},
    conclusions=[("guarantee", "(26): for every tau >= tau_0(eps), min_{0 <= s < tau} R_S(Theta(s)) <= 9 eps/4, with probability "
                               "at least 1 - delta over the random initialisation", "inequality")],
)


@thm2.check(layer="numeric", method="exact evaluation of the printed quantities; proof condition (iii) from the printed m",
            scope="tanh, d = 1, alpha = 1/2, nubar = 1, n = 100, delta = 1/20, T in {2, 5}, eps in {1/2, 1/10, 1/100}: lambda, "
                  "eta, m, tau_0; the printed m implies lambda/sqrt(m) <= alpha_target - alpha (statement's lambda)")
def _thm2(ctx):
    rows, ok = [], True
    for T in ((2,) if ctx.quick else (2, 5)):
        for e in ((sp.Rational(1, 2), sp.Rational(1, 100)) if ctx.quick else (sp.Rational(1, 2), sp.Rational(1, 10), sp.Rational(1, 100))):
            q = theorem2_quantities(TANH, alpha_v=sp.Rational(1, 2), nw_v=1, nu_v=1, T_v=T, n_v=100, delta_v=sp.Rational(1, 20),
                                    eps_v=e, d_v=1)
            cond3 = q["lambda"] / sp.sqrt(q["m_min"]) <= sp.sqrt(2 * e)
            ok = ok and bool(cond3)
            rows.append((T, e, sp.N(q["lambda"], 5), sp.N(q["eta"], 5), sp.N(q["m_min"], 5), sp.N(q["tau0"], 5), bool(cond3)))
    ctx.table("Theorem 2 as printed (alpha_m = alpha_target)", ("T", "eps", "lambda", "eta_max", "m_min", "tau_0", "cond (iii)"), rows)
    ctx.exact_predicate("the printed m satisfies lambda/sqrt(m) <= alpha_target - alpha on the grid", ok,
                        detail=f"{len(rows)} (T, eps) cases")


@thm2.check(about="guarantee", layer="numeric", name="stated_bound", method="exact: (26) against the initial risk, over the declared domain",
            scope="the guarantee (26) itself, surely (every initialisation, data set, target of F_{nubar}, m, eta and tau), for "
                  "eps >= eps_triv = 4 T (y^max_T)^2 / 9 >= 4 R(Theta(0))/9, at 12 (quick) / 60 domain points (activations of the class of "
                  "(4), alpha, nubar, T <= 30, n, delta, d); for eps < eps_triv (26) is not checked: the width Theorem 2 then demands is "
                  "reported (beyond this machine)")
def _thm2_stated(ctx):
    import numpy as np
    from .sec4_pgd import _domain_draws, _trivial_region_steps
    _trivial_region_steps(ctx)
    ctx.step("so min_{s<tau} R(Theta(s)) <= R(Theta(0)) <= T (y^max_T)^2 <= 9 eps/4 whenever eps >= eps_triv = 4 T (y^max_T)^2/9")
    rng = np.random.default_rng(ctx.seed)
    rows, small = [], None
    for p in _domain_draws(rng, 12 if ctx.quick else 60):
        act, e_triv, mm, tau0 = _thm2_sizes(p)
        rows.append((act.name, p["T"], p["d"], str(p["alpha"]), _sci(e_triv), _sci(mm), _sci(tau0)))
        if small is None or mm < small[0]:
            small = (mm, act.name, p["T"])
    ctx.table("(26) holds surely for eps >= eps_triv; Theorem 2's width and tau_0 at eps = eps_triv/2",
              ("activation", "T", "d", "alpha", "eps_triv", "m_min(eps_triv/2)", "tau_0(eps_triv/2)"), rows)
    ctx.no_violation("(26) holds surely (by the argument above) for eps >= eps_triv at each domain point drawn", points=len(rows),
                     detail=f"below eps_triv the theorem needs m >= {_sci(small[0])} at the least demanding point ({small[1]}, "
                            f"T = {small[2]}): not checked here (E7 trains at the only printed size this machine affords)")


def _thm2_sizes(p):
    """(activation, eps_triv, m_min, tau_0) at the domain point p, m_min and tau_0 at eps = r^2/2 just below eps_triv/2 (r a
    6-digit rational): reported sizes only (no verdict rests on them), computed exactly and rounded to 15 digits."""
    from ._common import act_of
    from .model import ymax
    act = act_of(p["mem"])
    y = ymax(act.constants(), alpha_v=p["alpha"], nw_v=p["nw"], nu_v=p["nu"], t=p["T"])
    e_triv = sp.nsimplify(4 * p["T"] * y ** 2 / 9)
    r_ = sp.Rational(f"{float(sp.N(sp.sqrt(e_triv), 15)):.6g}") * sp.Rational(999, 1000)
    consts = tuple(sp.Rational(f"{float(c):.12g}") for c in act.constants())          # the constants to 12 digits
    q = theorem2_quantities(consts, alpha_v=p["alpha"], nw_v=p["nw"], nu_v=p["nu"], T_v=p["T"], n_v=p["n"], delta_v=p["delta"],
                            eps_v=r_ ** 2 / 2, d_v=p["d"])
    return act, sp.N(e_triv, 15), sp.N(q["m_min"], 15), sp.N(q["tau0"], 15)


def _sci(x) -> str:
    """x to 4 significant digits in scientific notation, also beyond the float range (m_min reaches 1e400)."""
    import mpmath
    return mpmath.nstr(mpmath.mpf(sp.Float(x, 15)), 4, min_fixed=1, max_fixed=0)   # mpf reads a SymPy Float exactly


# ---- a point of the domain where tau_0 < 1: tau = 1 is allowed and min_{s<1} R = R(Theta(0)) ----------------------------------
def _t2w_setting(p):
    from ._common import act_of
    R_ = sp.Rational
    act = act_of(p)
    q = theorem2_quantities(act.constants(), alpha_v=R_(p["alpha"]), nw_v=R_(p["nw"]), nu_v=R_(p["nu"]), T_v=int(p["T"]),
                            n_v=int(p["n"]), delta_v=R_(p["delta"]), eps_v=R_(p["eps"]), d_v=1)
    return act, q


def _t2w_replay(p, dps, printed):
    """T = 1, n = 1, d = 1: F(Theta(0)) = 0 (def1_zero), so min_{s<1} R = F*_1(x_0)^2 with F*_1 = E[v_u x_0 sigma'(u_0 x_0)]
    (h_0 = 0; constant transport maps), the Gaussian expectation integrated by SymPy."""
    act, q = _t2w_setting(p)
    u = sp.Symbol("u", real=True)
    x0, vu = sp.Rational(p["x0"]), sp.Rational(p["vu"])
    Fstar = sp.simplify(sp.integrate(vu * x0 * act.derivative(1).subs(sp.Symbol("z", real=True), u * x0)
                                     * sp.exp(-u ** 2 / 2) / sp.sqrt(2 * sp.pi), (u, -sp.oo, sp.oo)))
    R0 = Fstar ** 2
    g = printed["guarantee"] * sp.Rational(p["eps"])
    return {"violated": bool(sp.N(R0 - g, dps) > 0),
            "values": {"min_{s<1} R = R(Theta(0)) = F*_1^2": sp.N(R0, 20), "F*_1 (SymPy)": Fstar, "guarantee 9 eps/4": g,
                       "m_min": sp.N(q["m_min"], 12), "tau_0": sp.N(q["tau0"], 12), "eta_max": sp.N(q["eta"], 12)}}


def _t2w_recheck(p, dps, printed):
    import mpmath
    from ._common import act_of
    c = mpmath.MPContext(); c.dps = dps
    act = act_of(p)
    with mpmath.workdps(dps + 10):       # Activation.mp's rational coefficients use the global mpmath.mpf
        return _t2w_recheck_at(p, c, act, printed)


def _t2w_recheck_at(p, c, act, printed):
    dps = c.dps
    f1 = act.mp(1, c)
    x0, vu = c.mpf(sp.Rational(p["x0"]).p) / sp.Rational(p["x0"]).q, c.mpf(sp.Rational(p["vu"]).p) / sp.Rational(p["vu"]).q
    Fstar = c.quad(lambda u: vu * x0 * f1(u * x0) * c.exp(-u ** 2 / 2), [-c.inf, 0, c.inf]) / c.sqrt(2 * c.pi)
    g = c.mpf(str(sp.N(printed["guarantee"], dps + 5))) * c.mpf(sp.Rational(p["eps"]).p) / sp.Rational(p["eps"]).q
    return {"violated": Fstar ** 2 > g, "values": {"F*_1 (mpmath quadrature of (8))": c.nstr(Fstar, 20), "R(Theta(0))": c.nstr(Fstar ** 2, 20)}}


@thm2.hypothesis("activation", r"$\sigma$ in the class of (4) (exact constants)", checks=("tau0_below_one",))
def _t2w_act(p):
    from ._common import act_of
    a = act_of(p)
    return True, f"{a.name}: (sigma_0, sigma_1, sigma_2) = {a.constants()}"


@thm2.hypothesis("setting", r"$\alpha\in(0,1)$, $\bar\nu_w,\bar\nu_u>0$, $\delta\in(0,1)$, $\epsilon>0$, $T,n\ge1$, $\|X_t\|_2\le1$", checks=("tau0_below_one",))
def _t2w_setting_h(p):
    R_ = sp.Rational
    ok = (0 < R_(p["alpha"]) < 1 and R_(p["nw"]) > 0 and R_(p["nu"]) > 0 and 0 < R_(p["delta"]) < 1 and R_(p["eps"]) > 0
          and int(p["T"]) == 1 and int(p["n"]) == 1 and abs(R_(p["x0"])) <= 1)
    return bool(ok), "T = n = d = 1"


@thm2.hypothesis("target", r"$\mathbf F^\star=\tilde F(\cdot;v_w,v_u)\in\mathscr F_{\bar\nu_w,\bar\nu_u}$ with constant maps $v_w\equiv$ vw, $v_u\equiv$ vu",
                 checks=("tau0_below_one",))
def _t2w_target(p):
    R_ = sp.Rational
    return bool(abs(R_(p["vw"])) <= R_(p["nw"]) and abs(R_(p["vu"])) <= R_(p["nu"])), f"|v_w| = {p['vw']}, |v_u| = {p['vu']}"


@thm2.hypothesis("sizes", r"$m$ even $\ge$ the printed width, $\eta=\eta_{\max}$, $\tau\ge\tau_0(\epsilon)$ an integer $\ge1$, and "
                 r"$\lambda/\sqrt m\le\alpha_{\mathsf{target}}-\alpha$ (so the other reading of $\alpha_m$, $\alpha+\lambda/\sqrt m$, needs no larger $m$)",
                 checks=("tau0_below_one",))
def _t2w_sizes(p):
    _, q = _t2w_setting(p)
    m_, tau_ = int(p["m"]), int(p["tau"])
    ok = m_ % 2 == 0 and m_ >= q["m_min"] and tau_ >= 1 and tau_ >= q["tau0"] \
        and bool(q["lambda"] / sp.sqrt(m_) <= q["alpha_target"] - sp.Rational(p["alpha"]))
    return bool(ok), f"m = {m_} >= m_min = {sp.N(q['m_min'], 8)}, tau = {tau_} >= tau_0 = {sp.N(q['tau0'], 8)}"


@thm2.check(about="guarantee", layer="numeric", name="tau0_below_one", method="exact evaluation of the printed quantities and of F* at a witness",
            replay=_t2w_replay, recheck=_t2w_recheck,
            evaluators=("SymPy: printed m, eta, tau_0 exactly; F*_1 as a closed-form Gaussian integral", "mpmath quadrature of (8)"),
            scope="(26) at a point of the declared domain where the printed tau_0 is below 1 (sigma = sin(z/10)/4, T = n = d = 1): "
                  "tau = 1 is allowed, and min_{s<1} R = R(Theta(0)) for every initialisation")
def _t2_tau0(ctx):
    params = {"act": "sin", "a": "1/4", "b": "1/10", "c": "0", "e": "0", "alpha": "1/2", "nw": "1/1000", "nu": "1", "vw": "1/1000",
              "vu": "1", "T": "1", "n": "1", "x0": "1", "delta": "1/2", "eps": "1/5000", "m": "6", "tau": "1"}
    out = _t2w_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        return ctx.refute("(26) fails with probability 1 where tau_0 < 1", params, irrelevant=("a", "b", "c", "e"),   # act's parameters
                          certificate=f"F(Theta(0)) = 0 for every symmetric initialisation, so min_{{s<1}} R = F*_1(x_0)^2 = "
                                      f"{sp.N(out['values']['min_{s<1} R = R(Theta(0)) = F*_1^2'], 10)} > 9 eps/4 = "
                                      f"{out['values']['guarantee 9 eps/4']}, while the printed width is {out['values']['m_min']:.6} <= 6 "
                                      f"and tau_0 = {out['values']['tau_0']:.4} <= 1 (eta_max = {out['values']['eta_max']:.6}); "
                                      "the proof's sum over s < tau_0 needs tau_0 >= 1")
    ctx.inconclusive("tau_0 < 1 witness", str(out["values"]))


thm2_cond = paper.claim(
    "thm2_conditions", kind="proof-step", label="Proof of Theorem 2 (choice of eta and m)", where="Sec. 4.3",
    statement=r"""[with the exit radii] $\lambda_{w}=\lambda_{u}=\frac{L_{T}\sqrt{T}(\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2})}{\sqrt{\epsilon}}$ [...] We choose $\eta$ and $m$ respectively such that
$\eta T^{2}L_{T}^{2}(F_{t}^{\mathsf{max}}(\lambda_{w},\lambda_{u})+y_{T}^{\mathsf{max}})^{2}\leq\epsilon/2$, $\mathsf{err}_{3}/\sqrt{m}\leq\sqrt{2\epsilon}$, $\frac{\lambda_{w}}{\sqrt{m}}\leq\alpha_{\mathsf{target}}-\alpha$.""",
    assumptions=[r"$T\ge1$, $\epsilon>0$", r"$\eta$ as in Theorem 2 (its largest value)"],
    uses=["lemma1", "prop6", "eq5"], printed={"lam_proof_factor": sp.sqrt(sp.Symbol("T"))},
    notes="The proof's lambda has a factor sqrt(T) that the statement's lambda lacks.",
    variables={"T": sr.integer(1), "eps": sr.positive("epsilon > 0"), "alpha": ALPHA, "n": sr.integer(1), "delta": DELTA},
    conclusions=[("conditions", "eta and m chosen so that eta T^2 L_T^2 (F^max(lambda_w, lambda_u) + y^max)^2 <= eps/2, "
                                "err_3/sqrt(m) <= sqrt(2 eps) and lambda_w/sqrt(m) <= alpha_target - alpha, with the printed lambda", "inequality")],
)


@thm2_cond.hypothesis("range", r"$T\ge1$ integer, $0<\epsilon$, $\delta\in(0,1)$, $\eta=\eta_{\max}$ of the statement")
def _t2c(p):
    return bool(int(p["T"]) >= 1 and sp.Rational(p["eps"]) > 0 and 0 < sp.Rational(p["delta"]) < 1), str(p)


def _t2c_eval(p, printed):
    T, e = int(p["T"]), sp.Rational(p["eps"])
    q = theorem2_quantities(TANH, alpha_v=sp.Rational(p["alpha"]), nw_v=1, nu_v=1, T_v=T, n_v=int(p["n"]),
                            delta_v=sp.Rational(p["delta"]), eps_v=e, d_v=1)
    lam_p = q["lambda"] * sp.sympify(printed["lam_proof_factor"]).subs(sp.Symbol("T"), T)
    y = q["ymax"] if "ymax" in q else None
    from .model import ymax
    yv = ymax(TANH, alpha_v=sp.Rational(p["alpha"]), nw_v=1, nu_v=1, t=T)
    lhs = q["eta"] * T ** 2 * q["L"] ** 2 * (q["L"] * sp.sqrt(2 * lam_p ** 2) + yv) ** 2
    return lhs, e / 2, y


def _t2c_replay(p, dps, printed):
    lhs, rhs, _ = _t2c_eval(p, printed)
    return {"violated": bool(sp.N(lhs - rhs, dps) > 0), "values": {"eta T^2 L^2 (F^max(lambda_proof) + y)^2": sp.N(lhs, 20), "eps/2": rhs}}


def _t2c_recheck(p, dps, printed):
    import mpmath
    lhs, rhs, _ = _t2c_eval(p, printed)
    f = sp.lambdify([], lhs - rhs, "mpmath")
    with mpmath.workdps(dps):
        v = f()
        return {"violated": v > 0, "values": {"difference (mpmath lambdify)": mpmath.nstr(v, 15)}}


@thm2_cond.check(about="conditions", layer="numeric", method="exact evaluation", replay=_t2c_replay, recheck=_t2c_recheck,
                 evaluators=("SymPy evalf", "mpmath (lambdified)"),
                 scope="condition (i) with the proof's lambda at the statement's largest eta (tanh, T = 4, eps = 1/10)")
def _t2c_check(ctx):
    params = {"T": "4", "eps": "1/10", "alpha": "1/2", "n": "100", "delta": "1/20"}
    out = _t2c_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("the statement's eta does not meet the proof's condition (i) with the proof's lambda", params,
                   certificate=f"eta T^2 L^2 (F^max(lambda) + y)^2 = {sp.N(out['values']['eta T^2 L^2 (F^max(lambda_proof) + y)^2'], 10)} "
                               f"> eps/2 = {out['values']['eps/2']}: the statement's lambda lacks the proof's sqrt(T)")
    else:
        ctx.inconclusive("condition (i)", str(out["values"]))


cond_fix = paper.correction(
    "thm2_conditions_lam", corrected_from="thm2_conditions", label="Theorem 2's eta with the proof's lambda",
    statement=r"""With $\eta\leq\frac{\epsilon}{2T^{2}L_{T}^{2}(F_{T}^{\mathsf{max}}(\lambda_{w},\lambda_{u})+y_{T}^{\mathsf{max}})^{2}}$ evaluated at the proof's
$\lambda_{w}=\lambda_{u}=L_{T}\sqrt{T}(\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2})/\sqrt{\epsilon}$, condition (i) of the proof holds.""",
    uses=["thm2_conditions"], printed={"lam_factor": sp.sqrt(sp.Symbol("T"))},
    variables={"T": sr.integer(1), "eps": sr.positive("epsilon > 0")},
    conclusions=[("condition_i", "condition (i) holds at the statement's eta with the proof's lambda", "inequality")],
)


def _cond_fix_eval(p, printed):
    """Condition (i) at the statement's largest eta, computed with lambda times printed['lam_factor'], against the proof's lambda
    (tanh, alpha = 1/2, nubar = 1, n = 100, delta = 1/20): (lhs, eps/2) as exact SymPy numbers."""
    from .model import ymax
    T, e = int(p["T"]), sp.Rational(p["eps"])
    fac = sp.sympify(printed["lam_factor"]).subs(sp.Symbol("T"), T)
    q = theorem2_quantities(TANH, alpha_v=sp.Rational(1, 2), nw_v=1, nu_v=1, T_v=T, n_v=100, delta_v=sp.Rational(1, 20),
                            eps_v=e, d_v=1, lam_factor=fac)
    lam_p = q["lambda"] / fac * sp.sqrt(T)
    yv = ymax(TANH, alpha_v=sp.Rational(1, 2), nw_v=1, nu_v=1, t=T)
    return q["eta"] * T ** 2 * q["L"] ** 2 * (q["L"] * sp.sqrt(2 * lam_p ** 2) + yv) ** 2, e / 2


def _cond_fix_replay(p, dps, printed):
    lhs, rhs = _cond_fix_eval(p, printed)
    return {"violated": bool(sp.N(lhs - rhs, dps) > sp.Float(10) ** -(dps // 2)),
            "values": {"eta T^2 L^2 (F^max(lambda_proof) + y)^2": sp.N(lhs, 20), "eps/2": rhs}}


def _cond_fix_recheck(p, dps, printed):
    import mpmath
    lhs, rhs = _cond_fix_eval(p, printed)
    f = sp.lambdify([], lhs - rhs, "mpmath")
    with mpmath.workdps(dps):
        v = f()
        return {"violated": v > mpmath.mpf(10) ** -(dps // 2), "values": {"difference (mpmath lambdify)": mpmath.nstr(v, 15)}}


@cond_fix.hypothesis("range", r"$T\ge1$ integer, $0<\epsilon$, $\eta=\eta_{\max}$ of the statement")
def _cfh(p):
    return bool(int(p["T"]) >= 1 and sp.Rational(p["eps"]) > 0), str(p)


@cond_fix.check(about="condition_i", layer="symbolic", method="exact evaluation", replay=_cond_fix_replay, recheck=_cond_fix_recheck,
                evaluators=("SymPy evalf", "mpmath (lambdified)"),
                scope="tanh, T in {1, 4, 9}, eps in {1/2, 1/10}: condition (i) at the largest eta")
def _cond_fix(ctx):
    for T in (1, 4, 9):
        for e in (sp.Rational(1, 2), sp.Rational(1, 10)):
            params = {"T": str(T), "eps": str(e)}
            lhs, rhs = _cond_fix_eval(params, ctx.printed)
            ok = bool(sp.N(lhs - rhs, 60) <= sp.Float(10) ** -40)
            if not ok:
                return ctx.refute(f"T={T}, eps={e}: condition (i) fails at the largest eta", params,
                                  certificate=f"lhs = {sp.N(lhs, 12)} > eps/2 = {rhs}")
            ctx.exact_predicate(f"T={T}, eps={e}: condition (i)", ok, detail=f"lhs = {sp.N(lhs, 12)}, eps/2 = {rhs}")


square = paper.claim(
    "thm2_square", kind="proof-step", label="Proof of Theorem 2 (completed square)", where="Sec. 4.3",
    statement=r"""For $s<\tau_{\mathsf{exit}}$: $\Delta(\Theta(s))\leq-4\eta\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))+4\eta\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}\frac{\mathsf{err}_{3}}{\sqrt{m}}+\eta^{2}T^{2}L_{T}^{2}(F_{t}^{\mathsf{max}}(\lambda_{w},\lambda_{u})+y_{T}^{\mathsf{max}})^{2}$;
with the three conditions, ''Then, we have'' $\Delta(\Theta(s))\leq-4\eta\left(\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}-\sqrt{\epsilon}/2\right)^{2}+2\eta\epsilon$.""",
    assumptions=[r"$x=\sqrt{\widehat{\mathcal R}}\ge0$, $\epsilon,\eta>0$", r"$\mathsf{err}_3/\sqrt m\le\sqrt{2\epsilon}$, $\eta T^2L_T^2(\cdot)^2\le\epsilon/2$"],
    uses=["thm2_conditions"], printed={"err_bound_sq": 2 * eps_, "const": sp.Integer(2)},
    variables={"x": sr.nonnegative("x = sqrt(R(Theta(s))), every iterate s < tau_exit"), "eps": sr.positive("epsilon > 0"),
               "eta": sr.positive()},
    conclusions=[("drift", "Delta <= -4 eta R + 4 eta sqrt(R) err_3/sqrt(m) + eta^2 T^2 L_T^2 (F^max + y^max)^2 for s < tau_exit",
                  "inequality"),
                 ("square", "with the three conditions, Delta <= -4 eta (sqrt(R) - sqrt(eps)/2)^2 + 2 eta eps", "inequality")],
)


@square.hypothesis("ranges", r"$x\ge0$, $\epsilon>0$, $\eta>0$")
def _sqh(p):
    return bool(sp.Rational(p["x"]) >= 0 and sp.Rational(p["eps"]) > 0 and sp.Rational(p["eta"]) > 0), str(p)


def _sq_bounds(p, printed):
    x, e, eta = (sp.Rational(p[k]) for k in ("x", "eps", "eta"))
    c = sp.sqrt(sp.sympify(printed["err_bound_sq"]).subs(eps_, e))           # err3/sqrt(m) at its largest allowed value
    drift_max = -4 * eta * x ** 2 + 4 * eta * x * c + eta * e / 2            # the drift bound under the conditions
    square_ = -4 * eta * (x - sp.sqrt(e) / 2) ** 2 + printed["const"] * eta * e
    return drift_max, square_


def _sq_replay(p, dps, printed):
    a, b = _sq_bounds(p, printed)
    return {"violated": bool(sp.N(a - b, dps) > 0), "values": {"drift bound under the conditions": sp.N(a, 20), "completed square": sp.N(b, 20)}}


def _sq_recheck(p, dps, printed):
    import mpmath
    a, b = _sq_bounds(p, printed)
    with mpmath.workdps(dps):
        v = sp.lambdify([], a - b, "mpmath")()
        return {"violated": v > 0, "values": {"difference (mpmath)": mpmath.nstr(v, 15)}}


@square.check(about="square", layer="symbolic", method="SymPy at a witness", replay=_sq_replay, recheck=_sq_recheck,
              evaluators=("SymPy evalf", "mpmath (lambdified)"),
              scope="does the drift bound, with err3/sqrt(m) = sqrt(2 eps) allowed, imply the completed square for all x >= 0?")
def _square(ctx):
    params = {"x": "1", "eps": "1", "eta": "1"}
    out = _sq_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("the completed square does not follow from the three conditions", params,
                   certificate=f"at sqrt(R) = sqrt(eps): drift bound {sp.N(out['values']['drift bound under the conditions'], 8)} > "
                               f"{sp.N(out['values']['completed square'], 8)} (4 sqrt(2 eps) sqrt(R) exceeds the 4 sqrt(eps) sqrt(R) of the square)")
    else:
        ctx.inconclusive("completed square", str(out["values"]))


square_fix = paper.correction(
    "thm2_square_eps", corrected_from="thm2_square", label="completed square with err3/sqrt(m) <= sqrt(eps)",
    statement=r"""With $\mathsf{err}_{3}/\sqrt{m}\leq\sqrt{\epsilon}$ (instead of $\sqrt{2\epsilon}$) the drift bound implies $\Delta\leq-4\eta(\sqrt{\widehat{\mathcal R}}-\sqrt{\epsilon}/2)^{2}+2\eta\epsilon$ for every $\sqrt{\widehat{\mathcal R}}\ge0$.""",
    uses=["thm2_square"], printed={"err_bound_sq": eps_, "const": sp.Integer(2)},
    variables={"x": sr.nonnegative("x = sqrt(R(Theta(s))), every iterate"), "epsilon": sr.positive(), "eta": sr.positive(),
               "c": sr.real(text="err_3/sqrt(m) <= sqrt(eps)")},
    conclusions=[("square", "the drift bound with err_3/sqrt(m) <= sqrt(eps) gives Delta <= -4 eta (sqrt(R) - sqrt(eps)/2)^2 + 2 eta eps",
                  "inequality")],
)


@square_fix.check(layer="symbolic", full=True, method="SymPy sign decision", scope="every x >= 0, eps > 0, eta > 0")
def _square_fix(ctx):
    x = sp.Symbol("x", nonnegative=True); eta = sp.Symbol("eta", positive=True)
    c = sp.sqrt(ctx.printed["err_bound_sq"])
    drift_max = -4 * eta * x ** 2 + 4 * eta * x * c + eta * eps_ / 2
    sq = -4 * eta * (x - sp.sqrt(eps_) / 2) ** 2 + ctx.printed["const"] * eta * eps_
    # any err_3/sqrt(m) = c <= sqrt(eps): the drift bound is largest at c = sqrt(eps) (it increases with c, x >= 0)
    cc, r = sp.Symbol("c", real=True), sp.Symbol("r", nonnegative=True)
    ctx.identity("drift bound at c = drift bound at sqrt(eps) - 4 eta x (sqrt(eps) - c)", -4 * eta * x ** 2 + 4 * eta * x * cc + eta * eps_ / 2,
                 drift_max.subs(c, sp.sqrt(eps_)) - 4 * eta * x * (sp.sqrt(eps_) - cc))
    ctx.sign("4 eta x r >= 0 for r = sqrt(eps) - c >= 0", 4 * eta * x * r, "nonnegative")
    # x cancels: the difference is the same for every x >= 0 (decided as an identity in x first)
    ctx.identity("completed square minus the drift bound = (const - 3/2) eta eps, every x", sq - drift_max,
                 (ctx.printed["const"] - sp.Rational(3, 2)) * eta * eps_)
    sign_or_witness(ctx, "completed square minus the drift bound >= 0", sp.expand(sq - drift_max), "nonnegative")


eq27 = paper.claim(
    "eq27", kind="proof-step", label="(27)", where="Sec. 4.3",
    statement=r"""$\mathscr{L}\left(\Theta(\tau_{\mathsf{exit}})\right)-\mathscr{L}(\Theta(0))\leq-4\eta\sum_{s<\tau_{\mathsf{exit}}}\left(\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}-\sqrt{\epsilon}/2\right)^{2}+2\eta\epsilon\tau_{\mathsf{exit}}$; then, for any $\tau\leq\tau_{\mathsf{exit}}$,
$\sum_{s<\tau}\left(\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}-\sqrt{\epsilon}/2\right)^{2}\leq\frac{\mathscr{L}(\Theta(0))}{4\eta}+\epsilon\tau/2$. (27)""",
    uses=["thm2_square"], printed={"coef": sp.Rational(1, 2)},
    variables={"tau": sr.integer(1, text="every tau <= tau_exit"), "eta": sr.positive(), "epsilon": sr.positive(),
               "L": sr.given("the values L(Theta(s)) >= 0 of the Lyapunov function along the GD iterates").family()},
    conclusions=[("telescoped", "L(Theta(tau_exit)) - L(Theta(0)) <= -4 eta sum_{s<tau_exit} (sqrt(R) - sqrt(eps)/2)^2 + 2 eta eps tau_exit",
                  "inequality"),
                 ("bound", "(27): sum_{s<tau} (sqrt(R) - sqrt(eps)/2)^2 <= L(Theta(0))/(4 eta) + eps tau/2 for any tau <= tau_exit",
                  "inequality")],
)


@eq27.check(layer="symbolic", full=True, method="SymPy: telescoping and sign", scope="every tau, eta, eps > 0 (L(Theta(tau)) >= 0)")
def _eq27(ctx):
    s_, tau = sp.Symbol("s", integer=True, nonnegative=True), sp.Symbol("tau", integer=True, positive=True)
    eta = sp.Symbol("eta", positive=True)
    L = sp.Function("L", nonnegative=True)          # L(s) = L(Theta(s)) >= 0
    g = sp.IndexedBase("g", nonnegative=True)       # per-step slack of thm2_square: bound(s) - Delta(s) >= 0
    ctx.identity("telescoping: sum_{s<tau} (L(s+1) - L(s)) = L(tau) - L(0), every tau",
                 sp.Sum(L(s_ + 1) - L(s_), (s_, 0, tau - 1)).doit(), L(tau) - L(0))
    ctx.sign("sum_{s<tau} (per-step bound - Delta(s)) >= 0, so L(tau) - L(0) <= -4 eta S + 2 eta eps tau (S = sum (sqrt R - sqrt eps/2)^2)",
             sp.Sum(g[s_], (s_, 0, tau - 1)), "nonnegative")
    # then S <= (L(0) - L(tau) + 2 eta eps tau)/(4 eta) <= (L(0) + 2 eta eps tau)/(4 eta): the dropped term is L(tau)/(4 eta) >= 0
    ctx.sign("the term dropped, L(tau)/(4 eta), is >= 0", L(tau) / (4 * eta), "nonnegative")
    L0 = sp.Symbol("L_0", nonnegative=True)           # L(Theta(0))
    S_max = (L0 + 2 * eta * eps_ * tau) / (4 * eta)
    ctx.identity("the largest S allowed equals (27)'s right side", S_max, L0 / (4 * eta) + ctx.printed["coef"] * eps_ * tau)


jensen = paper.claim(
    "thm2_jensen", kind="proof-step", label="Proof of Theorem 2 (Jensen display)", where="Sec. 4.3",
    statement=r"""By using Jensen inequality, $\sum_{s<\tau_{\mathsf{exit}}}\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}-\tau_{\mathsf{exit}}\sqrt{\epsilon}/2\leq\sqrt{\frac{\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2}}{4\eta}}\sqrt{\tau_{\mathsf{exit}}}+\tau_{\mathsf{exit}}\sqrt{2\epsilon}$.""",
    uses=["eq27"], printed={"last": sp.sqrt(2)},
    variables={"tau": sr.integer(1, text="tau_exit"), "eta": sr.positive(), "epsilon": sr.positive(),
               "nu2": sr.positive("nubar_w^2 + nubar_u^2"),
               "R": sr.given("the risks R(Theta(s)) >= 0, s < tau_exit, satisfying (27)")},
    conclusions=[("display", "sum_{s<tau_exit} sqrt(R(Theta(s))) - tau_exit sqrt(eps)/2 <= sqrt(nu2/(4 eta)) sqrt(tau_exit) + "
                             "tau_exit sqrt(2 eps)", "inequality")],
)


@jensen.check(layer="symbolic", full=True, method="Cauchy-Schwarz and sqrt(a + b) <= sqrt(a) + sqrt(b); SymPy sign",
              scope="every tau, eta, eps, nubar (with L(Theta(0)) <= nubar^2)")
def _jensen(ctx):
    tau = sp.Symbol("tau", positive=True)
    nu2, eta = sp.symbols("nu2 eta", positive=True)
    ctx.identity("the nubar part: sqrt(tau) sqrt(nu2/(4 eta)) is the printed sqrt(nu2/(4 eta)) sqrt(tau)",
                 sp.sqrt(tau) * sp.sqrt(nu2 / (4 * eta)), sp.sqrt(nu2 / (4 * eta)) * sp.sqrt(tau))
    # sum a_s <= sqrt(tau) sqrt(sum a_s^2) <= sqrt(tau) (sqrt(nu2/(4 eta)) + sqrt(eps tau/2)); compare the eps parts
    ctx.sign("printed eps-term minus the derived sqrt(tau) sqrt(eps tau/2)", sp.simplify(ctx.printed["last"] * tau * sp.sqrt(eps_)
                                                                                        - sp.sqrt(tau) * sp.sqrt(eps_ * tau / 2)), "nonnegative")


eq28 = paper.claim(
    "eq28", kind="proof-step", label="(28)", where="Sec. 4.3",
    statement=r"""Let $\tau_{0}$ be defined such that $\frac{\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2}}{\eta}=\epsilon\tau_{0}(1+\sqrt{2})^{2}$, (28) for $\eta$ defined above.""",
    uses=["eq27"], printed={"factor": (1 + sp.sqrt(2)) ** 2},
    variables={"nu2": sr.positive("nubar_w^2 + nubar_u^2"), "eta": sr.positive(), "epsilon": sr.positive()},
    conclusions=[("tau0", "tau_0 with nu2/eta = eps tau_0 (1 + sqrt 2)^2 is the tau_0 of Theorem 2", "identity")],
)


@eq28.check(layer="symbolic", full=True, method="SymPy identity", scope="(28) against the statement's tau_0")
def _eq28(ctx):
    nu2, eta = sp.symbols("nu2 eta", positive=True)
    tau0 = nu2 / ((sp.sqrt(2) + 1) ** 2 * eta * eps_)
    # unevaluated product: eps cancels against tau_0's 1/eps, for every eps > 0
    ctx.identity("nubar^2/eta = eps tau_0 (1 + sqrt 2)^2", nu2 / eta, sp.Mul(eps_, tau0, ctx.printed["factor"], evaluate=False))


contra = paper.claim(
    "thm2_contradiction", kind="proof-step", label="Proof of Theorem 2 (the exit bound)", where="Sec. 4.3",
    statement=r"""Suppose to the contrary that $\tau_{0}>\tau_{\mathsf{exit}}$. Then [...] $\sum_{s<\tau_{\mathsf{exit}}}\sqrt{\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}\leq 2\sqrt{2\epsilon}\tau_{0}$. [...]
$|W_{ii}(\tau_{\mathsf{exit}})-W_{ii}(0)|\leq\frac{\eta}{n}\sum_{s<\tau_{\mathsf{exit}}}\sum_{j=1}^{n}\sum_{t=1}^{T}|F_{t}([\mathbf{X}^{(j)}]_{t};\Theta(s))-F_{t}^{\star}([\mathbf{X}^{(j)}]_{t})|\frac{L_{T}}{\sqrt{m}}
\leq\frac{\eta L_{T}}{\sqrt{m}}\sum_{s<\tau_{\mathsf{exit}}}\sqrt{2\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}\leq\frac{4\eta L_{T}\sqrt{\epsilon}\tau_{0}}{\sqrt{m}}\leq\frac{L_{T}\sqrt{T}(\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2})}{\sqrt{m\epsilon}}=\frac{\lambda_{w}}{\sqrt{m}}$""",
    assumptions=[r"$n,T\ge1$, residuals $e_{j,t}=F_t-F^\star_t$ real"],
    uses=["thm2_jensen", "eq28", "eq24"], printed={"root_coef": sp.Integer(2)},
    variables={"n": sr.integer(1), "T": sr.integer(1), "e": sr.real(text="the residuals e_{j,t} = F_t - F*_t along the iterates"),
               "epsilon": sr.positive(), "eta": sr.positive(), "m": WIDTH},
    conclusions=[("sum_bound", "if tau_0 > tau_exit: sum_{s<tau_exit} sqrt(R(Theta(s))) <= 2 sqrt(2 eps) tau_0", "inequality"),
                 ("exit", "|W_ii(tau_exit) - W_ii(0)| <= (the printed chain) <= lambda_w/sqrt(m)", "inequality")],
)


@contra.hypothesis("sizes", r"$n,T\ge1$")
def _ch(p):
    return bool(int(p["n"]) >= 1 and int(p["T"]) >= 1), f"n={p['n']}, T={p['T']}"


def _ct_replay(p, dps, printed):
    """The middle step at one iterate: (1/n) sum_{j,t} |e_{jt}| <= sqrt(root_coef * R), R = (1/n) sum e^2 (exact)."""
    n, T = int(p["n"]), int(p["T"])
    e = [sp.Rational(v) for v in p["e"].split(",")]
    if len(e) != n * T:
        raise ValueError("e must list n*T residuals")
    lhs = sum(abs(v) for v in e) / n
    R = sum(v ** 2 for v in e) / n
    rhs = sp.sqrt(printed["root_coef"] * R)
    return {"violated": bool(lhs > rhs), "values": {"(1/n) sum |e|": lhs, "sqrt(2 R)": rhs}}


def _ct_recheck(p, dps, printed):
    from fractions import Fraction
    n = int(p["n"])
    e = [Fraction(v) for v in p["e"].split(",")]
    lhs = sum(abs(v) for v in e) / n
    R = sum(v * v for v in e) / n
    return {"violated": lhs * lhs > Fraction(str(printed["root_coef"])) * R and lhs > 0,
            "values": {"lhs^2": str(lhs * lhs), "2R": str(Fraction(str(printed["root_coef"])) * R)}}


@contra.check(about=("sum_bound", "exit"), layer="symbolic", name="chain", method="exact arithmetic", replay=_ct_replay, recheck=_ct_recheck,
              evaluators=("SymPy exact", "exact fractions (squared)"),
              scope="the first display's constant (1 + sqrt 2 <= 2 sqrt 2) and the middle step of the exit bound")
def _contra(ctx):
    ctx.sign("2 sqrt 2 - (1/2 + 1/sqrt 2 + (1 + sqrt 2)/2) >= 0 (the first display with (28))",
             2 * sp.sqrt(2) - (sp.Rational(1, 2) + 1 / sp.sqrt(2) + (1 + sp.sqrt(2)) / 2), "positive")
    params = {"n": "1", "T": "3", "e": "1,1,1"}
    out = _ct_replay(params, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("(1/n) sum_{j,t} |F_t - F*_t| <= sqrt(2 R) fails for T >= 3", params,
                   certificate=f"n = 1, T = 3, residuals (1, 1, 1): 3 > sqrt(6); Cauchy-Schwarz gives sqrt(T R) (and the GD step "
                               "carries the gradient's factor 2)")


contra_fix = paper.correction(
    "thm2_contradiction_t", corrected_from="thm2_contradiction", label="exit bound with sqrt(T R) and the factor 2",
    statement=r"""$|W_{ii}(\tau_{\mathsf{exit}})-W_{ii}(0)|\leq\frac{2\eta L_{T}}{\sqrt{m}}\sum_{s<\tau_{\mathsf{exit}}}\sqrt{T\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))}\leq\frac{4\sqrt{2}\eta L_{T}\sqrt{T\epsilon}\tau_{0}}{\sqrt{m}}\leq\frac{\lambda_{w}}{\sqrt{m}}$
with the proof's $\lambda_{w}=L_{T}\sqrt{T}(\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2})/\sqrt{\epsilon}$ (the contradiction still closes: $4\sqrt2/(1+\sqrt2)^2<1$).""",
    uses=["thm2_contradiction", "eq28"], printed={"c": 4 * sp.sqrt(2)},
    variables={"nu2": sr.positive("nubar_w^2 + nubar_u^2"), "eta": sr.positive(), "L": sr.positive("L_T"), "T": sr.integer(1),
               "epsilon": sr.positive(),
               "R": sr.given("the risks R(Theta(s)) >= 0 along the iterates, s < tau_exit, with sum sqrt(R) <= 2 sqrt(2 eps) tau_0")},
    conclusions=[("exit", "|W_ii(tau_exit) - W_ii(0)| <= (2 eta L_T/sqrt m) sum sqrt(T R) <= 4 sqrt(2) eta L_T sqrt(T eps) tau_0/sqrt(m) "
                          "<= lambda_w/sqrt(m)", "inequality")],
)


@contra_fix.check(layer="symbolic", full=True, method="SymPy: Cauchy-Schwarz constant and (28)",
                  scope="every n, T, eta, eps, nubar: 4 sqrt 2 eta L sqrt(T eps) tau_0 with (28) is at most lambda_w")
def _contra_fix(ctx):
    nu2, eta, L, T_ = sp.symbols("nu2 eta L T", positive=True)
    tau0 = nu2 / ((1 + sp.sqrt(2)) ** 2 * eta * eps_)
    lhs = ctx.printed["c"] * eta * L * sp.sqrt(T_ * eps_) * tau0
    sign_or_witness(ctx, "lambda_w sqrt(m) ... : L sqrt(T) nu2 / sqrt(eps) - lhs > 0",
                    sp.simplify(L * sp.sqrt(T_) * nu2 / sp.sqrt(eps_) - lhs), "positive", integers={T_: (4,)})


eq29 = paper.claim(
    "eq29", kind="proof-step", label="(29)", where="Sec. 4.3",
    statement=r"""Using this result in (27), we have $\frac{1}{\tau_{0}}\sum_{s<\tau_{0}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))-\frac{\epsilon}{4}\leq\frac{\bar{\nu}_{w}^{2}+\bar{\nu}_{u}^{2}}{4\eta\tau_{0}}+\epsilon/2$.
From the choice of $\tau_{0}$ in (28), we conclude that $\min_{0\leq s<\tau_{0}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\frac{1}{\tau_{0}}\sum_{s<\tau_{0}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq 9\epsilon/4$. (29)""",
    assumptions=[r"(27) at $\tau=\tau_0$ with $\mathscr L(\Theta(0))\le\bar\nu_w^2+\bar\nu_u^2$", r"(28)", r"$\widehat{\mathcal R}\ge0$"],
    uses=["eq27", "eq28"], printed={"guarantee": sp.Rational(9, 4)},
    variables={"R_over_eps": sr.nonnegative("R(Theta(s))/eps for s < tau_0, risks satisfying (27) at tau_0 and (28)"),
               "epsilon": sr.positive()},
    conclusions=[("average", "(1/tau_0) sum R - eps/4 <= nu2/(4 eta tau_0) + eps/2", "inequality"),
                 ("guarantee", "min_{s<tau_0} R <= (1/tau_0) sum R <= 9 eps/4", "inequality")],
)


@eq29.hypothesis("eq27", r"the risks satisfy (27) at $\tau=\tau_0$ with $\mathscr L(\Theta(0))=\bar\nu^2$ and (28)")
def _e29h(p):
    r = sp.Rational(p["R_over_eps"])      # every R(Theta(s)) = r eps, s < tau_0
    lhs = (sp.sqrt(r) - sp.Rational(1, 2)) ** 2       # per-step (sqrt R - sqrt eps/2)^2 / eps
    rhs = (1 + sp.sqrt(2)) ** 2 / 4 + sp.Rational(1, 2)   # (27)/(eps tau_0) with (28)
    return bool(sp.N(rhs - lhs, 50) >= 0 and r >= 0), f"(sqrt r - 1/2)^2 = {sp.N(lhs, 8)} <= {sp.N(rhs, 8)}"


def _e29_replay(p, dps, printed):
    r = sp.Rational(p["R_over_eps"])
    return {"violated": bool(r > printed["guarantee"]), "values": {"min R / eps": r, "printed": printed["guarantee"]}}


def _e29_recheck(p, dps, printed):
    from fractions import Fraction
    r = Fraction(p["R_over_eps"])
    return {"violated": r > Fraction(str(printed["guarantee"])), "values": {"min R / eps (fractions)": str(r)}}


@eq29.check(about="guarantee", layer="symbolic", name="implication", method="an exact sequence of risks satisfying (27)-(28)",
            replay=_e29_replay, recheck=_e29_recheck, evaluators=("SymPy exact", "exact fractions"),
            scope="constant risks R(Theta(s)) = r eps for s < tau_0 satisfy (27) with (28) yet exceed 9 eps/4")
def _eq29(ctx):
    params = {"R_over_eps": "7/2"}
    out = _e29_replay(params, ctx.dps, ctx.printed)
    ctx.step("(27) with (28) allows (sqrt(R/eps) - 1/2)^2 <= (1 + sqrt 2)^2/4 + 1/2, i.e. R up to (1 + sqrt(5 + 2 sqrt 2))^2 eps/4 ~ 3.606 eps")
    if out["violated"]:
        ctx.refute("(29) does not follow from (27) and (28)", params,
                   certificate="R(Theta(s)) = 7 eps/2 for every s < tau_0 satisfies (27) at tau_0 (with (28)), but min R = 3.5 eps > 9 eps/4; "
                               "the first display of the step needs (sqrt R - sqrt eps/2)^2 >= R - eps/4, false at R = eps")


eq29_fix = paper.correction(
    "eq29_const", corrected_from="eq29", label="(29) with the constant (27)-(28) give",
    statement=r"""From (27) at $\tau_0$ and (28): $\min_{s<\tau_{0}}\widehat{\mathcal{R}}_{\mathcal{S}}(\Theta(s))\leq\frac{(1+\sqrt{5+2\sqrt{2}})^{2}}{4}\epsilon\approx3.61\,\epsilon$.""",
    uses=["eq29"], printed={"guarantee": (1 + sp.sqrt(5 + 2 * sp.sqrt(2))) ** 2 / 4},
    variables={"epsilon": sr.positive(),
               "R": sr.given("the risks R(Theta(s)) >= 0, s < tau_0, satisfying (27) at tau_0 and (28)")},
    conclusions=[("guarantee", "min_{s<tau_0} R <= (1 + sqrt(5 + 2 sqrt 2))^2 eps/4", "inequality")],
)


@eq29_fix.check(layer="symbolic", full=True, method="SymPy: Cauchy-Schwarz on (27) and (28)",
                scope="min_s sqrt(R_s) <= mean sqrt(R_s) <= sqrt(eps)/2 + sqrt(S/tau_0), S/tau_0 <= eps((1+sqrt2)^2/4 + 1/2)")
def _eq29_fix(ctx):
    e = sp.Symbol("epsilon", positive=True)
    ctx.step("(27) at tau_0 and (28) give min_s sqrt(R_s) <= sqrt(eps)/2 + sqrt(S/tau_0) with S/tau_0 <= eps((1+sqrt 2)^2/4 "
             "+ 1/2) (Cauchy-Schwarz: min <= mean, mean of sqrt <= sqrt of mean); squaring:")
    chain = (sp.sqrt(e) / 2 + sp.sqrt(e * ((1 + sp.sqrt(2)) ** 2 / 4 + sp.Rational(1, 2)))) ** 2
    ctx.identity("(sqrt(eps)/2 + sqrt(eps((1+sqrt 2)^2/4 + 1/2)))^2 = printed constant * eps, every eps > 0", chain,
                 ctx.printed["guarantee"] * e)


paper.claim("rem7", kind="remark", label="Remark 7", where="Sec. 4.3",
            statement=r"""[An average-iterate bound for gradient descent follows by] identical steps as in Corollary 1 for $\|\cdot\|_{2,\infty}$-projected gradient descent. However, the number of
iterations should be exactly $\tau_{0}$ for the average-iterate bound in this case unlike Corollary 1, which stems from the early-stopping analysis that we establish here.""",
            uses=["cor1", "thm2"], discursive="no bound is stated; the early-stopping comment is discursive")
