"""Appendix E.4.2: Lemma E.15, (E.119)-(E.136). Equation numbers as printed."""

import sympy as sp

import symrnn as sr

from . import domains as D
from . import model, paper
from .appE_4_proposition9 import prob_e13

R = sp.Rational

lemma_e15 = paper.claim(
    "lemma_e15", kind="lemma", label="Lemma E.15", where="App. E.4.2",
    statement=r"""Assume $\dot{z} < -2w_0 z + M_4 \epsilon^{2.5} < 0, \dot{x} > 2w_0 x - M_4 \epsilon^{2.5} > 0$, where $w_0 > 0$. Then, under the assumptions of Lemma E.10:
$$z(t_1) < \frac{1}{2w_0} (\exp(-2w_0 t_1) \cdot (75w_0 d \epsilon^2) + M_4 \epsilon^{2.5}) \quad (\text{E.119}) \qquad x(t_2) > \frac{1}{2w_0} \left(\exp(2w_0 t_2) \cdot \left(\frac{w_0 \epsilon^2}{25d} \right) + M_4 \epsilon^{2.5} \right) \quad (\text{E.120})$$""",
    assumptions=[r"$\dot z < -2w_0 z + M_4\epsilon^{2.5} < 0$, $\dot x > 2w_0 x - M_4\epsilon^{2.5} > 0$, $w_0 > 0$",
                 r"under Lemma E.10: $z(0) = \|\mathbf Y(0)\|^2 < 9\epsilon^2/2$, $x(0) = \|\mathbf W(0)\|^2 > \epsilon^2/2$ ((E.134))"],
    uses=["lemma_e10", "eq_e121_e133", "eq_e134", "eq_e135", "eq_e136"],
    printed={"x_coef": R(1, 25)},
    severity="reading",
    severity_reason="(E.120) needs 2 w_0 x(0) - M_4 eps^{2.5} >= w_0 eps^2/(25 d), which the stated hypotheses do not give "
                    "(M_4 eps^{2.5} may be as large as 2 w_0 x(0)); the proof assumes M_4 eps^{2.5} < w_0 eps^2/2, and "
                    "with that assumption (lemma_e15_m4) the statement holds",
    intended="lemma_e15_m4",
    variables={"w0": sr.positive(text="w_0 > 0"), "x0": sr.positive(text="x(0)"), "z0": sr.positive(text="z(0)"),
               "c": sr.positive(text="M_4 eps^{2.5}"), "d": D.d, "t": sr.nonnegative(text="t_1, t_2"),
               "eps2": sr.positive(text="eps^2")},
    conclusions=[("e119", "z(t_1) < (1/(2 w_0)) (exp(-2 w_0 t_1) (75 w_0 d eps^2) + M_4 eps^{2.5}) (E.119)", "inequality"),
                 ("e120", "x(t_2) > (1/(2 w_0)) (exp(2 w_0 t_2) (w_0 eps^2/(25 d)) + M_4 eps^{2.5}) (E.120)", "inequality")],
)


def _e15_traj(params, printed, exp):
    """A trajectory satisfying the hypotheses: xdot = 2 w0 x - M4 eps^2.5 + g with g = (2 w0 x0 - c)/2 > 0, i.e.
    x(t) = (x0 - c/(2w0) + g/(2w0)) e^{2 w0 t} + (c - g)/(2 w0) with c = M4 eps^{2.5}; then xdot > 2w0x - c > 0."""
    w0, x0, c, d, t = (R(params[k]) for k in ("w0", "x0", "c", "d", "t"))
    g = (2 * w0 * x0 - c) / 2
    xt = (x0 - (c - g) / (2 * w0)) * exp(2 * w0 * t) + (c - g) / (2 * w0)
    eps2 = R(params["eps2"])
    rhs = (exp(2 * w0 * t) * (w0 * eps2 * printed["x_coef"] / d) + c) / (2 * w0)
    return xt, rhs


@lemma_e15.hypothesis("hypotheses", r"$w_0 > 0$; $2w_0 x(0) > M_4\epsilon^{2.5} > 0$ (so $\dot x > 2w_0x - M_4\epsilon^{2.5} > 0$ "
                      r"along the witness trajectory); $\epsilon^2/2 < x(0) < 9\epsilon^2/2$; $d \ge 1$; $t_2 \ge 0$")
def _e15_h(p):
    w0, x0, c, d, t, e2 = (R(p[k]) for k in ("w0", "x0", "c", "d", "t", "eps2"))
    return bool(w0 > 0 and 2 * w0 * x0 > c > 0 and e2 / 2 < x0 < 9 * e2 / 2 and d >= 1 and t >= 0), str(p)


def _e15_replay(params, dps, printed):
    xt, rhs = _e15_traj(params, printed, sp.exp)
    return {"violated": bool(sp.N(xt - rhs, dps) <= 0), "values": {"x(t2)": sp.N(xt, 15), "(E.120) bound": sp.N(rhs, 15)}}


def _e15_recheck(params, dps, printed):
    """Independent: integrate xdot = 2 w0 x - c + g numerically (mpmath odefun) instead of the closed form."""
    c_ = model.mp(dps)
    f = lambda k: c_.mpf(R(params[k]).p) / R(params[k]).q  # noqa: E731
    w0, x0, cc, d, t, e2 = (f(k) for k in ("w0", "x0", "c", "d", "t", "eps2"))
    g = (2 * w0 * x0 - cc) / 2
    sol = c_.odefun(lambda s, x: 2 * w0 * x - cc + g, 0, x0)
    xt = sol(t)
    rhs = (c_.exp(2 * w0 * t) * (w0 * e2 * printed["x_coef"] / d) + cc) / (2 * w0)
    return {"violated": bool(xt <= rhs), "values": {"x(t2) (ODE)": xt, "bound": rhs}}


@lemma_e15.check(about="e120", layer="numeric", method="explicit trajectory", replay=_e15_replay, recheck=_e15_recheck,
                 evaluators=("SymPy closed form", "mpmath odefun"),
                 scope="(E.120) under the stated hypotheses only: x(0) = 0.6 eps^2, M_4 eps^{2.5} = 2 w_0 x(0) - w_0 eps^2/10^4, "
                       "d = 21, w_0 = 1, eps = 1/10, t_2 = 10; (E.119) is checked in lemma_e15_m4")
def x_bound(ctx):
    e2 = R(1, 100)
    x0 = R(6, 10) * e2
    c = 2 * x0 - e2 / 10 ** 4
    p = {"w0": "1", "x0": str(x0), "c": str(c), "d": "21", "t": "10", "eps2": str(e2)}
    out = _e15_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("(E.120) fails when M_4 eps^{2.5} is close to 2 w_0 x(0)", p, certificate=f"{out['values']}")
    else:
        ctx.exact_predicate("(E.120) at the probe", True)


lemma_e15_m4 = paper.correction(
    "lemma_e15_m4", corrected_from="lemma_e15", label="Lemma E.15 with M_4 eps^2.5 < w_0 eps^2 / 2", where="App. E.4.2",
    statement=r"""Under the hypotheses of Lemma E.15 and $M_4\epsilon^{2.5} < w_0\epsilon^2/2$ (assumed in its proof), (E.119) and (E.120) hold.""",
    variables={"w_0": sr.positive(), "epsilon": sr.positive(), "dd": sr.nonnegative(text="d = 1 + dd, d >= 1"),
               "M_4": sr.positive(text="M_4 eps^{2.5} < w_0 eps^2/2"), "t": sr.nonnegative(text="t_1, t_2"),
               "zx": sr.given("z, x satisfying Lemma E.15's hypotheses, with (E.134)")},
    conclusions=[("e119", "(E.119) holds", "inequality"), ("e120", "(E.120) holds", "inequality")],
)


@lemma_e15_m4.check(about=("e119", "e120"), layer="symbolic", method="SymPy assumptions",
                    scope="from (E.132)/(E.133) (eq_e121_e133): 2 w_0 z(0) - c < 9 w_0 eps^2 <= 75 w_0 d eps^2 and "
                          "2 w_0 x(0) - c > w_0 eps^2 - w_0 eps^2/2 >= w_0 eps^2/(25 d) for d >= 1")
def coefficients(ctx):
    w0, e = sp.symbols("w_0 epsilon", positive=True)
    dd, u = sp.symbols("dd u", nonnegative=True)                  # d = 1 + dd
    ctx.sign("75 w0 d eps^2 - 9 w0 eps^2 > 0", sp.expand(75 * w0 * (1 + dd) * e ** 2 - 9 * w0 * e ** 2), "positive")
    ctx.sign("w0 eps^2/2 - w0 eps^2/(25 d) > 0", sp.together(w0 * e ** 2 / 2 - w0 * e ** 2 / (25 * (1 + dd))), "positive")
    del u


eq_e121_e133 = paper.claim(
    "eq_e121_e133", kind="proof-step", label="(E.121)-(E.133)", where="App. E.4.2",
    statement=r"""Assume $\dot{z} < -2w_0 z + M_4 \epsilon^{2.5}$, where $w_0 > 0, 2w_0 z > M_4 \epsilon^{2.5}$. \dots $\frac{\dot{z}}{2w_0 z - M_4 \epsilon^{2.5}} < -1$ (E.121), $\frac{\dot{x}}{2w_0x - M_4\epsilon^{2.5}} > 1$ (E.122) \dots $\int_{z(0)}^{z(t_1)} \frac{1}{2w_0z - M_4\epsilon^{2.5}} dz = \frac{1}{2w_0} \left[\ln \left(\frac{2w_0z(t_1) - M_4\epsilon^{2.5}}{2w_0z(0) - M_4\epsilon^{2.5}} \right) \right]$ (E.125)-(E.127) \dots
$$z(t_1) < \frac{1}{2w_0} [\exp(-2w_0t_1) \cdot (2w_0z(0) - M_4\epsilon^{2.5}) + M_4\epsilon^{2.5}] \quad (\text{E.132}) \qquad x(t_2) > \frac{1}{2w_0} [\exp(2w_0t_2) \cdot (2w_0x(0) - M_4\epsilon^{2.5}) + M_4\epsilon^{2.5}] \quad (\text{E.133})$$""",
    uses=[],
    variables={"w_0": sr.positive(), "c": sr.positive(text="c = M_4 eps^{2.5}"), "z_0": sr.positive(text="z(0), x(0)"),
               "t": sr.nonnegative(text="t_1, t_2"),
               "z": sr.given("z, x with zdot < -2 w_0 z + c, xdot > 2 w_0 x - c, 2 w_0 z > c")},
    conclusions=[("e121_e122", "zdot/(2 w_0 z - c) < -1 (E.121) and xdot/(2 w_0 x - c) > 1 (E.122)", "inequality"),
                 ("e123_e131", "int_{z(0)}^{z(t_1)} dz/(2 w_0 z - c) = (1/(2 w_0)) ln((2 w_0 z(t_1) - c)/(2 w_0 z(0) - c)) and the "
                  "integrations (E.123)-(E.131)", "identity"),
                 ("e132", "z(t_1) < (1/(2 w_0)) [exp(-2 w_0 t_1) (2 w_0 z(0) - c) + c] (E.132)", "inequality"),
                 ("e133", "x(t_2) > (1/(2 w_0)) [exp(2 w_0 t_2) (2 w_0 x(0) - c) + c] (E.133)", "inequality")],
)


@eq_e121_e133.check(about=("e123_e131", "e132", "e133"), layer="symbolic", method="sympy.dsolve + integrate",
                    scope="the antiderivative (E.125); the comparison solutions: zdot = -2 w0 z + c gives equality in "
                          "(E.132), xdot = 2 w0 x - c gives equality in (E.133); strictness from the strict hypotheses")
def solve(ctx):
    t, w0, c, z0 = sp.symbols("t w_0 c z_0", positive=True)
    zz = sp.Symbol("z", positive=True)
    z = sp.Function("z")
    sol = sp.dsolve(sp.Eq(z(t).diff(t), -2 * w0 * z(t) + c), z(t), ics={z(0): z0}).rhs
    ctx.identity("zdot = -2w0 z + c: z(t) = (1/2w0)[e^{-2w0 t}(2w0 z0 - c) + c]", sol,
                 (sp.exp(-2 * w0 * t) * (2 * w0 * z0 - c) + c) / (2 * w0))
    sol2 = sp.dsolve(sp.Eq(z(t).diff(t), 2 * w0 * z(t) - c), z(t), ics={z(0): z0}).rhs
    ctx.identity("xdot = 2w0 x - c: x(t) = (1/2w0)[e^{2w0 t}(2w0 x0 - c) + c]", sol2,
                 (sp.exp(2 * w0 * t) * (2 * w0 * z0 - c) + c) / (2 * w0))
    ctx.identity("(E.125) d/dz of (1/2w0) ln(2w0 z - c)", sp.diff(sp.log(2 * w0 * zz - c) / (2 * w0), zz), 1 / (2 * w0 * zz - c))


eq_e134 = paper.claim(
    "eq_e134", kind="proof-step", label="(E.134)", where="App. E.4.2",
    statement=r"""Note that $z(0) = \mathbf{Y}^\top(0)\mathbf{Y}(0)$. By linearity of sum of variances, $\mathbf{Y}(0)$'s entries are distributed according to $\mathcal{N}(0, \sqrt{2} \cdot \epsilon)$, by Lemma E.10:
$$\frac{\sqrt{2}}{2}\epsilon < \|\mathbf{Y}(0)\| < \frac{3\sqrt{2}}{2}\epsilon \quad (\text{E.134})$$
From Cauchy-Schwartz, $z(0) < 3\epsilon^2$ with high probability. $\mathbf{W}$ is distributed as $\mathbf{Y}$, therefore, $x(0) > \frac{1}{2}\epsilon^2$.""",
    assumptions=[r"$\mathbf B(0), \mathbf C(0)$ $\epsilon$-normal ($\mathcal N(0, \epsilon^2/d)$ entries); (E.134) holds"],
    uses=["lemma_e10", "eq_e46"],
    printed={"z0_bound": 3},
    variables={"eps": sr.positive(), "normY2": sr.nonnegative("z(0) = ||Y(0)||^2, within (E.134)")},
    conclusions=[("z0", "z(0) < 3 eps^2 with high probability (from (E.134) by Cauchy-Schwarz)", "inequality"),
                 ("x0", "x(0) > eps^2/2 (W distributed as Y)", "inequality")],
    notes="The entries of Y(0) = B(0) - C(0)^T are N(0, 2 eps^2/d) (variance), i.e. Lemma E.10 with eps' = sqrt(2) eps, "
          "which gives (E.134); the printed 'N(0, sqrt 2 eps)' omits the 1/d.",
)


@eq_e134.hypothesis("e134", r"$\frac{\sqrt2}{2}\epsilon < \|\mathbf Y(0)\| < \frac{3\sqrt2}{2}\epsilon$, $\epsilon > 0$")
def _e134_h(p):
    e, ny2 = R(p["eps"]), R(p["normY2"])
    return bool(e > 0 and e ** 2 / 2 < ny2 < 9 * e ** 2 / 2), f"||Y(0)||^2 = {ny2}, eps^2 = {e ** 2}"


def _e134_replay(params, dps, printed):
    e, ny2 = R(params["eps"]), R(params["normY2"])
    return {"violated": bool(ny2 >= printed["z0_bound"] * e ** 2), "values": {"z(0)": ny2, "bound": printed["z0_bound"] * e ** 2}}


def _e134_recheck(params, dps, printed):
    c = model.mp(dps)
    e = c.mpf(R(params["eps"]).p) / R(params["eps"]).q
    ny = c.sqrt(c.mpf(R(params["normY2"]).p) / R(params["normY2"]).q)
    return {"violated": bool(ny * ny >= printed["z0_bound"] * e * e), "values": {"||Y(0)||": ny}}


@eq_e134.check(layer="numeric", method="exact", replay=_e134_replay, recheck=_e134_recheck, evaluators=("exact", "mpmath"),
               about="z0",
               scope="'z(0) < 3 eps^2' against what (E.134) gives: z(0) < (3 sqrt 2/2)^2 eps^2 = 9 eps^2/2")
def z0(ctx):
    p = {"eps": "1/10", "normY2": "4/100"}
    out = _e134_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("||Y(0)|| = 2 eps satisfies (E.134) but z(0) = 4 eps^2 >= 3 eps^2", p, certificate=str(out["values"]))
    else:
        ctx.exact_predicate("z(0) < 3 eps^2", True)


eq_e134_corrected = paper.correction(
    "eq_e134_corrected", corrected_from="eq_e134", label="(E.134) consequence z(0) < 9 eps^2/2", where="App. E.4.2",
    statement=r"""From (E.134): $z(0) < \frac{9}{2}\epsilon^2$ and $x(0) > \frac{1}{2}\epsilon^2$.""",
    printed={"z0_bound": R(9, 2)},
    variables={"eps": sr.positive(), "normY2": sr.nonnegative("z(0) = ||Y(0)||^2, within (E.134)"),
               "normW2": sr.nonnegative("x(0) = ||W(0)||^2, W distributed as Y: ||W(0)|| > sqrt 2/2 eps")},
    conclusions=[("z0", "z(0) < 9 eps^2/2", "inequality"), ("x0", "x(0) > eps^2/2", "inequality")],
)


@eq_e134_corrected.hypothesis("e134", r"$\frac{\sqrt2}{2}\epsilon < \|\mathbf Y(0)\| < \frac{3\sqrt2}{2}\epsilon$, $\epsilon > 0$")
def _e134c_h(p):
    return _e134_h(p)


@eq_e134_corrected.check(layer="symbolic", method="sympy; an exact witness where the printed bound is below (E.134)'s",
                         full=True, replay=_e134_replay, recheck=_e134_recheck, evaluators=("exact", "mpmath"),
                         scope="squares of the (E.134) bounds: z(0) < (3 sqrt 2/2)^2 eps^2 <= printed bound * eps^2 and x(0) > "
                               "(sqrt 2/2)^2 eps^2, every eps, z(0), x(0) within (E.134)")
def squares(ctx):
    e = sp.Symbol("eps", positive=True)
    zY, xW = sp.symbols("normY2 normW2", nonnegative=True)
    c = sp.sympify(ctx.printed["z0_bound"])
    # (E.134) squared: a = (3 sqrt 2/2 eps)^2 - ||Y(0)||^2 > 0 and b = ||W(0)||^2 - (sqrt 2/2 eps)^2 > 0 (norms are nonnegative);
    # each conclusion is an identity in the declared variables with that slack, and a sign in it
    a, b = sp.symbols("a b", positive=True)
    ctx.identity("x(0) - eps^2/2 = (||W(0)||^2 - (sqrt 2/2 eps)^2): the square of (E.134)'s lower bound is eps^2/2",
                 xW - e ** 2 / 2, xW - (sp.sqrt(2) / 2 * e) ** 2)
    ctx.sign("x(0) - eps^2/2 = b > 0 where b = ||W(0)||^2 - (sqrt 2/2 eps)^2 > 0 (||W(0)|| > sqrt 2/2 eps, W distributed as Y)",
             b, "positive")
    ctx.identity("bound eps^2 - z(0) = (bound - 9/2) eps^2 + ((3 sqrt 2/2 eps)^2 - ||Y(0)||^2)", c * e ** 2 - zY,
                 (c - R(9, 2)) * e ** 2 + ((3 * sp.sqrt(2) / 2 * e) ** 2 - zY))
    if ctx.sign("z(0) < bound eps^2: (bound - 9/2) eps^2 + a > 0 where a = (3 sqrt 2/2 eps)^2 - ||Y(0)||^2 > 0 ((E.134), "
                "||Y(0)|| >= 0)", (c - R(9, 2)) * e ** 2 + a, "positive") is not sr.Verdict.PROVED:
        # ||Y(0)||^2 between max(bound, 1/2) eps^2 and 9 eps^2/2: allowed by (E.134), not below the printed bound
        p = {"eps": "1/10", "normY2": str((max(c, R(1, 2)) + R(9, 2)) / 2 / 100)}
        out = _e134_replay(p, ctx.dps, ctx.printed)
        if out["violated"]:
            ctx.refute("an admissible ||Y(0)|| under (E.134) with z(0) >= bound * eps^2", p, certificate=str(out["values"]))


eq_e135 = paper.claim(
    "eq_e135", kind="proof-step", label="(E.135)", where="App. E.4.2",
    statement=r"""Assuming $M_4\epsilon^{2.5} < \frac{w_0\epsilon^2}{2}$, we have:
$$z(t_1) < \frac{1}{2w_0} (\exp(-2w_0t_1) \cdot (6w_0\epsilon^2) + M_4\epsilon^{2.5}) \quad (\text{E.135})$$""",
    assumptions=[r"Lemma E.15's hypotheses on $z$ on $[0, t_1]$; (E.134); $M_4\epsilon^{2.5} < w_0\epsilon^2/2$"],
    uses=["eq_e121_e133", "eq_e134"],
    printed={"z_coef": 6},
    variables={"w0": sr.positive("w_0 = C^B^"), "z0": sr.positive("z(0) = ||Y(0)||^2"),
               "c": sr.positive("M_4 eps^2.5"), "t": sr.nonnegative("t_1"), "eps2": sr.positive("eps^2")},
    conclusions=[("bound", "z(t_1) < (1/(2w_0))(e^{-2 w_0 t_1} 6 w_0 eps^2 + M_4 eps^2.5) along every trajectory "
                           "with the stated hypotheses", "inequality")],
)


@eq_e135.hypothesis("hypotheses", r"$w_0 > 0$, $0 < M_4\epsilon^{2.5} < w_0\epsilon^2/2$, $\epsilon^2/2 < z(0) < 9\epsilon^2/2$ "
                    r"(E.134), $2w_0 z > M_4\epsilon^{2.5}$ on $[0, t_1]$ (so $\dot z < -2w_0z + M_4\epsilon^{2.5} < 0$ there), "
                    r"$t_1 \ge 0$")
def _e135_h(p):
    w0, z0, c, t, e2 = (R(p[k]) for k in ("w0", "z0", "c", "t", "eps2"))
    zt = _e135_traj(w0, z0, c, t)
    ok = (w0 > 0 and 0 < c < w0 * e2 / 2 and e2 / 2 < z0 < 9 * e2 / 2 and t >= 0
          and sp.N(2 * w0 * zt - c, 30) > 0)                  # z decreases, so the end point is the minimum on [0, t_1]
    return bool(ok), f"{p}; z(t_1) = {sp.N(zt, 12)}"


def _e135_traj(w0, z0, c, t):
    """The trajectory zdot = -2 w_0 z + c - g with g = (2 w_0 z(0) - c)/2 > 0 (strictly below Lemma E.15's bound)."""
    g = (2 * w0 * z0 - c) / 2
    return (z0 - (c - g) / (2 * w0)) * sp.exp(-2 * w0 * t) + (c - g) / (2 * w0)


def _e135_replay(params, dps, printed):
    w0, z0, c, t, e2 = (R(params[k]) for k in ("w0", "z0", "c", "t", "eps2"))
    zt = _e135_traj(w0, z0, c, t)
    rhs = (sp.exp(-2 * w0 * t) * (printed["z_coef"] * w0 * e2) + c) / (2 * w0)
    return {"violated": bool(sp.N(zt - rhs, dps) >= 0), "values": {"z(t1)": sp.N(zt, 15), "(E.135)": sp.N(rhs, 15)}}


def _e135_recheck(params, dps, printed):
    c_ = model.mp(dps)
    f = lambda k: c_.mpf(R(params[k]).p) / R(params[k]).q  # noqa: E731
    w0, z0, cc, t, e2 = (f(k) for k in ("w0", "z0", "c", "t", "eps2"))
    g = (2 * w0 * z0 - cc) / 2
    zt = c_.odefun(lambda s, z: -2 * w0 * z + cc - g, 0, z0)(t)
    rhs = (c_.exp(-2 * w0 * t) * (printed["z_coef"] * w0 * e2) + cc) / (2 * w0)
    return {"violated": bool(zt >= rhs), "values": {"z(t1) (ODE)": zt}}


@eq_e135.check(layer="numeric", method="explicit trajectory", replay=_e135_replay, recheck=_e135_recheck,
               evaluators=("SymPy closed form", "mpmath odefun"),
               scope="(E.135): z(0) = 4 eps^2 (admissible under (E.134), which allows z(0) < 9 eps^2/2), M_4 eps^{2.5} = "
                     "0.45 eps^2, w_0 = 1, eps = 1/10, t_1 = 1/10, on the trajectory zdot = -2 w_0 z + M_4 eps^{2.5} - "
                     "(2 w_0 z(0) - M_4 eps^{2.5})/2")
def z_side(ctx):
    e2 = R(1, 100)
    p = {"w0": "1", "z0": str(4 * e2), "c": str(R(45, 100) * e2), "t": "1/10", "eps2": str(e2)}
    ctx.step("(E.132) gives z(t_1) < (1/2w_0)[e^{-2 w_0 t_1}(2 w_0 z(0) - M_4 eps^2.5) + ...]; the printed 6 w_0 eps^2 "
             "rests on z(0) < 3 eps^2 (refuted at eq_e134); (E.134) allows z(0) up to 9 eps^2/2.")
    out = _e135_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("(E.135) fails on an admissible trajectory", p, certificate=str(out["values"]))
    else:
        ctx.exact_predicate("(E.135) at the probe", True)


eq_e135_corrected = paper.correction(
    "eq_e135_corrected", corrected_from="eq_e135", label="(E.135) with 9 w_0 eps^2", where="App. E.4.2",
    statement=r"""$z(t_1) < \frac{1}{2w_0} (e^{-2w_0t_1} (9w_0\epsilon^2) + M_4\epsilon^{2.5})$.""",
    printed={"z_coef": 9},
    variables={"w0": sr.positive("w_0 = C^B^"), "z0": sr.positive("z(0) = ||Y(0)||^2, within (E.134)"),
               "c": sr.positive("M_4 eps^2.5 < w_0 eps^2/2"), "t": sr.nonnegative("t_1"), "eps2": sr.positive("eps^2")},
    conclusions=[("bound", "z(t_1) < (1/(2w_0))(e^{-2 w_0 t_1} 9 w_0 eps^2 + M_4 eps^2.5) along every trajectory with the "
                           "stated hypotheses", "inequality")],
)


eq_e135_corrected.hypothesis("hypotheses", r"$w_0 > 0$, $0 < M_4\epsilon^{2.5} < w_0\epsilon^2/2$, $\epsilon^2/2 < z(0) < 9\epsilon^2/2$ "
                             r"(E.134), $2w_0 z > M_4\epsilon^{2.5}$ on $[0, t_1]$, $t_1 \ge 0$")(_e135_h)


@eq_e135_corrected.check(layer="symbolic", method="SymPy assumptions; an explicit trajectory where they do not decide", full=True,
                         replay=_e135_replay, recheck=_e135_recheck, evaluators=("SymPy closed form", "mpmath odefun"),
                         scope="2 w_0 z(0) - c < z_coef w_0 eps^2 (z(0) < 9 eps^2/2 from (E.134), c = M_4 eps^2.5 > 0); "
                               "then (E.132)")
def corrected_z(ctx):
    w0, z0, c, e2, a = sp.symbols("w0 z0 c eps2 a", positive=True)     # a = 9 eps^2/2 - z(0) > 0 by (E.134)
    t = sp.Symbol("t", nonnegative=True)
    k = ctx.printed["z_coef"]
    e132 = (sp.exp(-2 * w0 * t) * (2 * w0 * z0 - c) + c) / (2 * w0)
    ctx.identity("bound - (E.132)'s right side = e^{-2 w0 t_1} ((z_coef - 9) w0 eps^2 + 2 w0 (9 eps^2/2 - z(0)) + c)/(2 w0)",
                 (sp.exp(-2 * w0 * t) * (k * w0 * e2) + c) / (2 * w0) - e132,
                 sp.exp(-2 * w0 * t) * ((k - 9) * w0 * e2 + 2 * w0 * (R(9, 2) * e2 - z0) + c) / (2 * w0))
    if ctx.sign("... > 0 where a = 9 eps^2/2 - z(0) > 0 ((E.134)), c = M_4 eps^2.5 > 0: z(t_1) < (E.132) < bound",
                sp.exp(-2 * w0 * t) * ((k - 9) * w0 * e2 + 2 * w0 * a + c) / (2 * w0), "positive") is not sr.Verdict.PROVED:
        # z(0) just below 9 eps^2/2, a small M_4 eps^2.5 and a short t_1: z(t_1) is near z(0), the bound near k eps^2/2
        e2 = R(1, 100)
        p = {"w0": "1", "z0": str(R(449, 100) * e2), "c": str(e2 / 100), "t": "1/10000", "eps2": str(e2)}
        out = _e135_replay(p, ctx.dps, ctx.printed)
        if out["violated"]:
            ctx.refute("the bound fails on an admissible trajectory", p, certificate=str(out["values"]))


eq_e136 = paper.claim(
    "eq_e136", kind="proof-step", label="(E.136)", where="App. E.4.2",
    statement=r"""$$x(t_2) > \frac{1}{2w_0} (\exp(2w_0t_2) \cdot (w_0\epsilon^2) + M_4\epsilon^{2.5}) \quad (\text{E.136})$$
(under the same assumption $M_4\epsilon^{2.5} < \frac{w_0\epsilon^2}{2}$ as (E.135))""",
    assumptions=[r"Lemma E.15's hypotheses; $x(0) > \epsilon^2/2$; $M_4\epsilon^{2.5} < w_0\epsilon^2/2$"],
    uses=["eq_e121_e133", "eq_e134"],
    printed={"x_coef": 1},
    variables={"w0": sr.positive("w_0 = C^B^"), "x0": sr.positive("x(0) = ||W(0)||^2"),
               "c": sr.positive("M_4 eps^2.5"), "t": sr.nonnegative("t_2"), "eps2": sr.positive("eps^2")},
    conclusions=[("bound", "x(t_2) > (1/(2w_0))(e^{2 w_0 t_2} w_0 eps^2 + M_4 eps^2.5) along every trajectory with "
                           "the stated hypotheses", "inequality")],
)


@eq_e136.hypothesis("hypotheses", r"$w_0 > 0$, $0 < M_4\epsilon^{2.5} < w_0\epsilon^2/2$, $\epsilon^2/2 < x(0) < 9\epsilon^2/2$, "
                         r"$2w_0x(0) > M_4\epsilon^{2.5}$, $t_2 \ge 0$")
def _e136_h(p):
    w0, x0, c, t, e2 = (R(p[k]) for k in ("w0", "x0", "c", "t", "eps2"))
    return bool(w0 > 0 and 0 < c < w0 * e2 / 2 and e2 / 2 < x0 < 9 * e2 / 2 and 2 * w0 * x0 > c and t >= 0), str(p)


def _e136_replay(params, dps, printed):
    w0, x0, c, t, e2 = (R(params[k]) for k in ("w0", "x0", "c", "t", "eps2"))
    g = (2 * w0 * x0 - c) / 2
    xt = (x0 - (c - g) / (2 * w0)) * sp.exp(2 * w0 * t) + (c - g) / (2 * w0)
    rhs = (sp.exp(2 * w0 * t) * (printed["x_coef"] * w0 * e2) + c) / (2 * w0)
    return {"violated": bool(sp.N(xt - rhs, dps) <= 0), "values": {"x(t2)": sp.N(xt, 15), "(E.136)": sp.N(rhs, 15)}}


def _e136_recheck(params, dps, printed):
    c_ = model.mp(dps)
    f = lambda k: c_.mpf(R(params[k]).p) / R(params[k]).q  # noqa: E731
    w0, x0, cc, t, e2 = (f(k) for k in ("w0", "x0", "c", "t", "eps2"))
    g = (2 * w0 * x0 - cc) / 2
    xt = c_.odefun(lambda s, x: 2 * w0 * x - cc + g, 0, x0)(t)
    rhs = (c_.exp(2 * w0 * t) * (printed["x_coef"] * w0 * e2) + cc) / (2 * w0)
    return {"violated": bool(xt <= rhs), "values": {"x(t2) (ODE)": xt}}


@eq_e136.check(layer="numeric", method="explicit trajectory", replay=_e136_replay, recheck=_e136_recheck,
                    evaluators=("SymPy closed form", "mpmath odefun"),
                    scope="(E.136): x(0) = 0.51 eps^2, M_4 eps^{2.5} = 0.45 eps^2, w_0 = 1, eps = 1/10, t_2 = 1, on the "
                          "trajectory xdot = 2 w_0 x - M_4 eps^{2.5} + (2 w_0 x(0) - M_4 eps^{2.5})/2")
def x_side(ctx):
    e2 = R(1, 100)
    p = {"w0": "1", "x0": str(R(51, 100) * e2), "c": str(R(45, 100) * e2), "t": "1", "eps2": str(e2)}
    ctx.step("(E.133) gives x(t_2) > (1/2w_0)[e^{2 w_0 t_2}(2 w_0 x(0) - M_4 eps^2.5) + ...]; with x(0) > eps^2/2 the "
             "bracket exceeds w_0 eps^2 - M_4 eps^2.5 > w_0 eps^2/2, not w_0 eps^2.")
    out = _e136_replay(p, ctx.dps, ctx.printed)
    if out["violated"]:
        ctx.refute("(E.136) fails on an admissible trajectory", p, certificate=str(out["values"]))
    else:
        ctx.exact_predicate("(E.136) at the probe", True)


eq_e136_corrected = paper.correction(
    "eq_e136_corrected", corrected_from="eq_e136", label="(E.136) with w_0 eps^2/2", where="App. E.4.2",
    statement=r"""$x(t_2) > \frac{1}{2w_0} (e^{2w_0t_2} \frac{w_0\epsilon^2}{2} + M_4\epsilon^{2.5})$.""",
    printed={"x_coef": R(1, 2)},
    variables={"w0": sr.positive("w_0 = C^B^"), "x0": sr.positive("x(0) = ||W(0)||^2 > eps^2/2"),
               "c": sr.positive("M_4 eps^2.5 < w_0 eps^2/2"), "t": sr.nonnegative("t_2"), "eps2": sr.positive("eps^2")},
    conclusions=[("bound", "x(t_2) > (1/(2w_0))(e^{2 w_0 t_2} w_0 eps^2/2 + M_4 eps^2.5) along every trajectory with the "
                           "stated hypotheses", "inequality")],
)


eq_e136_corrected.hypothesis("hypotheses", r"$w_0 > 0$, $0 < M_4\epsilon^{2.5} < w_0\epsilon^2/2$, $\epsilon^2/2 < x(0) < 9\epsilon^2/2$, "
                             r"$2w_0x(0) > M_4\epsilon^{2.5}$, $t_2 \ge 0$")(_e136_h)


@eq_e136_corrected.check(layer="symbolic", method="SymPy assumptions; an explicit trajectory where they do not decide", full=True,
                         replay=_e136_replay, recheck=_e136_recheck, evaluators=("SymPy closed form", "mpmath odefun"),
                         scope="2 w_0 x(0) - c > x_coef w_0 eps^2 (x(0) > eps^2/2, c = M_4 eps^2.5 < w_0 eps^2/2); then (E.133)")
def corrected_x(ctx):
    w0, x0, c, e2, b, bp = sp.symbols("w0 x0 c eps2 b bp", positive=True)   # b = x(0) - eps^2/2, bp = w0 eps^2/2 - c
    t = sp.Symbol("t", nonnegative=True)
    k = ctx.printed["x_coef"]
    e133 = (sp.exp(2 * w0 * t) * (2 * w0 * x0 - c) + c) / (2 * w0)
    ctx.identity("(E.133)'s right side - bound = e^{2 w0 t_2} (2 w0 (x(0) - eps^2/2) + (w0 eps^2/2 - c) + (1/2 - x_coef) w0 eps^2)"
                 "/(2 w0)", e133 - (sp.exp(2 * w0 * t) * (k * w0 * e2) + c) / (2 * w0),
                 sp.exp(2 * w0 * t) * (2 * w0 * (x0 - e2 / 2) + (w0 * e2 / 2 - c) + (R(1, 2) - k) * w0 * e2) / (2 * w0))
    if ctx.sign("... > 0 where b = x(0) - eps^2/2 > 0 and bp = w0 eps^2/2 - M_4 eps^2.5 > 0 (the hypotheses): x(t_2) > (E.133) > "
                "bound", sp.exp(2 * w0 * t) * (2 * w0 * b + bp + (R(1, 2) - k) * w0 * e2) / (2 * w0), "positive") is not sr.Verdict.PROVED:
        e2 = R(1, 100)           # the probe of eq_e136: x(0) = 0.51 eps^2, M_4 eps^2.5 = 0.45 eps^2, t_2 = 1
        p = {"w0": "1", "x0": str(R(51, 100) * e2), "c": str(R(45, 100) * e2), "t": "1", "eps2": str(e2)}
        out = _e136_replay(p, ctx.dps, ctx.printed)
        if out["violated"]:
            ctx.refute("the bound fails on an admissible trajectory", p, certificate=str(out["values"]))


def _a_event_mp(params, dps, printed):
    """P(eps/2 < ||A(0)||_F < 3 eps/2) for A with d^2 entries N(0, eps^2/d) (eps-normal, as printed for vectors):
    ||A||_F^2 / eps^2 = chi^2_{d^2} / d, so the event is d/4 < chi^2_{d^2} < 9d/4."""
    c = model.mp(dps)
    d = int(params["d"])
    n = d * d
    p = c.gammainc(c.mpf(n) / 2, c.mpf(d) / 8, c.mpf(9 * d) / 8, regularized=True)
    bound = 1 - 2 * c.exp(-c.mpf(9 * 20 ** 2) / 64)
    return {"violated": bool(p < bound), "values": {"P(A event)": c.nstr(p, 8), "printed bound": c.nstr(bound, 20)}}


def _a_event_arb(params, dps, printed):
    import flint

    old = flint.ctx.prec
    flint.ctx.prec = max(64, int(3.4 * dps))
    try:
        d = int(params["d"])
        s = flint.arb(d * d) / 2
        p = (flint.arb(d) / 8).gamma_upper(s, regularized=1) - (flint.arb(9 * d) / 8).gamma_upper(s, regularized=1)
        bound = 1 - 2 * (-flint.arb(9 * 400) / 64).exp()
        return {"violated": bool(p < bound), "values": {"P (Arb)": str(p)}}
    finally:
        flint.ctx.prec = old


@prob_e13.check(layer="numeric", name="a_scheme", method="exact chi^2 probability (mpmath), re-checked in Arb", about="events",
                replay=_a_event_mp, recheck=_a_event_arb, evaluators=("mpmath gammainc", "Arb gamma_upper"),
                scope="the A-probability under the eps-normal scheme as printed (every coordinate N(0, eps^2/d)), d = 21: "
                      "A has d^2 entries, so Lemma E.10 (which needs variance eps^2/n with n = d^2) does not apply")
def a_scheme(ctx):
    out = _a_event_mp({"d": "21"}, ctx.dps, ctx.printed)
    ctx.step("Under Proposition 9's own initialization eps Theta~ (variance eps^2 per entry) the same events fail too "
             "(||B(0)|| ~ eps sqrt(d)); the proof's probabilities hold for per-vector variance eps^2/n.")
    if out["violated"]:
        ctx.refute("P(eps/2 < ||A(0)||_F < 3eps/2) is ~0, not >= 1 - 2exp(-9*20^2/64)", {"d": "21"},
                   certificate=str(out["values"]))
    else:
        ctx.exact_predicate("A event probability", True)
