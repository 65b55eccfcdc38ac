"""Section 4.2: approximate convergence leads to approximate extrapolation (Theorem 8, (4.1)) and the imported
Wasserstein / moment-comparison results its sketch uses."""

from fractions import Fraction

import sympy as sp

import symrnn as sr

from . import domains as D
from . import paper

M = sr.numeric

thm8 = paper.claim(
    "thm8", kind="theorem", label="Theorem 8", where="Sec. 4.2",
    statement=r"""Assume the conditions of Theorem 5, and that the teacher parameters $\hat{\Theta}$ are stable, i.e. the eigenvalues of $\hat{\mathbf{A}}$ are in $[-1, 1]$. Assume also that $\hat{\Theta}$ are non-degenerate, in the sense that the input-output mapping they realize is not identically zero. Finally, assume that the student parameters $\Theta$ learned by GF are confined to some bounded domain in parameter space. Then, for any $\epsilon > 0$ and $q \in \mathbb{N}$, there exists $\delta(\epsilon, q) > 0$ such that whenever $\mathcal{L}(\Theta) \leq \delta(\epsilon, q)$, the student $\epsilon$-extrapolates with horizon $q$.""",
    assumptions=[r"conditions of Theorem 5 ($d > k > 2\hat d$, balanced teacher, GF from balanced init)",
                 r"teacher stable: eigenvalues of $\hat{\mathbf A}$ in $[-1, 1]$", "teacher non-degenerate",
                 "student parameters bounded"],
    uses=["thm5", "lemma6", "lemma7", "ext_wu_yang_prop2", "ext_panaretos_zemel_2_3", "ext_biswas_mackey_1_2"],
    variables={**D.TEACHER, **D.STUDENT, "d": sr.integer(4, text="d > k"), "k": sr.integer(3, text="k > 2 d^"),
               "init": sr.given("a balanced initialization of GF (3.6)"), "eps": sr.positive(), "q": D.q},
    # a "for every eps, q there is delta" statement: not the form "existence" (which one exhibit proves)
    conclusions=[("delta", "for any eps > 0 and q in N there is delta(eps, q) > 0 such that L(Theta) <= delta(eps, q) "
                  "implies that the student eps-extrapolates with horizon q", "property")],
)


def splitting_family(s):
    """Teacher delta_{1/2} (d^ = 1, C^B^ = 1); balanced student with atoms 1/2 +- s, weights 1/2 (a bounded
    balanced diagonal student: B = C^T = (1/sqrt 2, 1/sqrt 2)). Its loss over k = 3 and the errors h_j - w_j."""
    half = Fraction(1, 2)
    nu = M.DiscreteMeasure.of([half - s, half + s], [half, half])
    mu = M.DiscreteMeasure.of([half], [1])
    return mu, nu


def _family_ratio(q, k, dh, exponent):
    def ratio(ctx, s):
        mu, nu = splitting_family(Fraction(s))
        L = sum((nu.moment(j) - mu.moment(j)) ** 2 for j in range(k))
        err = max(abs(nu.moment(j) - mu.moment(j)) for j in range(q))
        Lm = ctx.mpf(L.numerator) / L.denominator
        return (ctx.mpf(err.numerator) / err.denominator) / Lm ** exponent
    return ratio


@thm8.check(layer="numeric", method="ratio along an adversarial (atom-splitting) sequence, two precisions", about="delta",
            scope="teacher delta_{1/2} (d^ = 1), balanced students with atoms 1/2 +- s (bounded), k = 3 > 2d^, q = 8: "
                  "the extrapolation error max_{j<q} |h_j - w_j| against L^{1/(4 d^)} (the proof's rate, Wu & Yang's "
                  "exponent) as s -> 0; bounded ratio means eps-extrapolation once L <= delta(eps, q)")
def splitting(ctx):
    seq = [Fraction(1, 2 ** i) for i in range(2, 30, 3)]
    # (no ctx.asymptotic plot here: the report's figure code reads x values with float(), and the sequence is rational)
    ctx.asymptotic("max_{j<8} |h_j - w_j| / L^{1/4} along s -> 0", _family_ratio(8, 3, 1, sp.Rational(1, 4)),
                   [str(s) for s in seq])


eq4_1 = paper.claim(
    "eq4_1", kind="equation", label="(4.1)", where="Sec. 4.2, proof sketch of Theorem 8",
    statement=r"""The fact that $\mathcal{L}(\Theta) \leq \delta$ implies $|\mathbf{C}\mathbf{B} - \hat{\mathbf{C}}\hat{\mathbf{B}}| \leq \sqrt{\delta}$, and in addition $|\hat{m}_j - m_j| \leq \mathcal{O}(\sqrt{\delta})$ for every $j = 1, \dots, k-1$. To conclude the proof it suffices to show that
$$|\hat{m}_j - m_j| \leq \mathcal{O}(\epsilon) \quad \forall j \in \{1, \dots, q-1\} \quad (4.1)$$
given a small enough choice for $\delta$ (this choice then serves as $\delta(\epsilon, q)$ in the theorem statement). \dots Combining the latter three inequalities, we have that $|\hat{m}_p - m_p| \leq \mathcal{O}(\delta^{1/4\hat{d}p})$ for any $p \in \mathbb{N}$. Choosing $\delta = \mathcal{O}(\epsilon^{4\hat{d}(q-1)})$ therefore establishes Equation 4.1.""",
    assumptions=[r"as in Theorem 8; $\hat m_j := \hat{\mathbf C}\hat{\mathbf A}^j\hat{\mathbf B}(\hat{\mathbf C}\hat{\mathbf B})^{-1}$, "
                 r"$m_j := \mathbf{CA}^j\mathbf B(\mathbf{CB})^{-1}$"],
    uses=["thm8"],
    printed={"rate_exponent": sp.Rational(1, 4)},
    variables={**D.TEACHER, **D.STUDENT, "k": sr.integer(3, text="k > 2 d^"), "delta": sr.positive(),
               "eps": sr.positive(), "q": D.q, "p": sr.integer(1)},
    conclusions=[("cb", "L(Theta) <= delta implies |CB - C^B^| <= sqrt(delta)", "inequality"),
                 ("low_moments", "|m^_j - m_j| <= O(sqrt(delta)) for every j = 1, ..., k-1", "asymptotic"),
                 ("rate", "|m^_p - m_p| <= O(delta^{1/(4 d^ p)}) for every p in N", "asymptotic"),
                 ("choice", "delta = O(eps^{4 d^ (q-1)}) gives (4.1): |m^_j - m_j| <= O(eps) for j = 1, ..., q-1",
                  "asymptotic")],
)


@eq4_1.check(layer="numeric", method="ratio along sequences, two precisions", about=("low_moments", "rate", "choice"),
             scope="the splitting family of Theorem 8's check (d^ = 1, k = 3): |CB - C^B^| <= sqrt(L) exactly, "
                   "|m_j - m^_j| / sqrt(L) for j < k bounded, and |m_p - m^_p| / L^{1/(4 d^ p)} bounded for p = 2, 3, 6 (p = 1 vanishes on this symmetric family)")
def rates(ctx):
    seq = [str(Fraction(1, 2 ** i)) for i in range(2, 26, 3)]
    e = ctx.printed["rate_exponent"]

    def low(c, s):
        mu, nu = splitting_family(Fraction(s))
        L = sum((nu.moment(j) - mu.moment(j)) ** 2 for j in range(3))
        err = max(abs(nu.moment(j) - mu.moment(j)) for j in range(1, 3))
        return c.mpf(err.numerator) / err.denominator / c.sqrt(c.mpf(L.numerator) / L.denominator)
    ctx.asymptotic("|m_j - m^_j| / sqrt(L), j = 1, 2", low, seq)
    for p in (2, 3, 6):
        def ratio(c, s, p=p):
            mu, nu = splitting_family(Fraction(s))
            L = sum((nu.moment(j) - mu.moment(j)) ** 2 for j in range(3))
            err = abs(nu.moment(p) - mu.moment(p))
            if err == 0:
                return c.mpf(0)
            return c.mpf(err.numerator) / err.denominator / (c.mpf(L.numerator) / L.denominator) ** (c.mpf(e.p) / e.q / p)
        ctx.asymptotic(f"|m_{p} - m^_{p}| / L^(1/(4 d^ {p}))", ratio, seq)


ext_wu_yang_prop2 = paper.claim(
    "ext_wu_yang_prop2", kind="lemma", label="Wu & Yang (2020), Proposition 2 (imported)", where="Sec. 4.2, App. E.3",
    statement=r"""(As invoked) Since $k > 2\hat{d}$, it holds that $|\hat{m}_j - m_j| \leq \mathcal{O}(\sqrt{\delta})$ for every $j = 1, \dots, 2\hat{d}$. Proposition 2 in Wu \& Yang (2020) then implies $\mathcal{W}_1 \leq \mathcal{O}(\delta^{1/4\hat{d}})$.""",
    assumptions=[r"a $\hat d$-atomic law on $[-1,1]$ against a law on a bounded interval; moments $1..2\hat d$ within $\mathcal O(\sqrt\delta)$"],
    uses=[],
    printed={"exponent": sp.Rational(1, 4)},
    notes="Wu & Yang's Proposition 2 is stated for laws supported on [-1, 1]; here the student's support is bounded by "
          "the parameter bound, so the constant also depends on that bound.",
    variables={"dh": D.dh, "mu": sr.given("a d^-atomic law on [-1, 1] (the teacher)"),
               "nu": sr.given("a law on a bounded interval (the student) with moments 1..2d^ within O(sqrt(delta))"),
               "delta": sr.positive()},
    conclusions=[("w1", "W_1(nu, mu) <= O(delta^{1/(4 d^)})", "asymptotic")],
)


@ext_wu_yang_prop2.check(layer="numeric", method="ratio along sequences, exact Wasserstein, two precisions", about="w1",
                         scope="d^ = 1 (teacher delta_{1/2}) and d^ = 2 (teacher 1/2 delta_{-1/2} + 1/2 delta_{1/2}, "
                               "each atom split into +- s): W_1 / (max_{j<=2d^} |m_j - m^_j|)^{1/(2 d^)} along s -> 0")
def wasserstein_rate(ctx):
    seq = [str(Fraction(1, 2 ** i)) for i in range(2, 26, 3)]
    e = ctx.printed["exponent"]
    half = Fraction(1, 2)
    cases = {
        1: (M.DiscreteMeasure.of([half], [1]), lambda s: M.DiscreteMeasure.of([half - s, half + s], [half, half])),
        2: (M.DiscreteMeasure.of([-half, half], [half, half]),
            lambda s: M.DiscreteMeasure.of([-half - s, -half + s, half - s, half + s], [Fraction(1, 4)] * 4)),
    }
    for dh, (mu, fam) in cases.items():
        def ratio(c, s, mu=mu, fam=fam, dh=dh):
            nu = fam(Fraction(s))
            dm = max(abs(nu.moment(j) - mu.moment(j)) for j in range(1, 2 * dh + 1))
            w1 = M.wasserstein_pp(mu, nu, 1)
            delta = dm ** 2                          # |m_j - m^_j| <= sqrt(delta)
            return c.mpf(w1.numerator) / w1.denominator / (c.mpf(delta.numerator) / delta.denominator) ** (
                c.mpf(e.p) / e.q / dh)
        ctx.asymptotic(f"d^ = {dh}: W_1 / delta^(1/(4 d^))", ratio, seq)


ext_panaretos_zemel_2_3 = paper.claim(
    "ext_panaretos_zemel_2_3", kind="lemma", label="Panaretos & Zemel (2019), Sec. 2.3 (imported)",
    where="Sec. 4.2, App. E.3",
    statement=r"""(As invoked) For any $p \in \mathbb{N}$, $\mathcal{W}_p \leq \mathcal{O}(\mathcal{W}_1^{1/p})$ (see Section 2.3 in Panaretos \& Zemel (2019)); in App. E.3: for $q > p$ the $q^{th}$ and $p^{th}$ Wasserstein distances satisfy $\mathcal{W}_q^q(\Theta, \hat{\Theta}) \leq \mathcal{W}_p^p(\Theta, \hat{\Theta})\gamma^{q-p}$ where $\gamma = \max_{x,y \in \Omega} |x - y|$.""",
    assumptions=[r"probability measures on a bounded set $\Omega \subset \mathbb R$; $\gamma$ its diameter; $q > p \ge 1$"],
    uses=[],
    printed={"gamma_power": "q-p"},
    variables={"p": sr.integer(1), "q": sr.integer(2, text="q > p"),
               "mu": sr.given("a probability measure on the bounded set Omega"),
               "nu": sr.given("a probability measure on the bounded set Omega")},
    conclusions=[("wp_w1", "W_p <= O(W_1^{1/p}) for every p in N", "asymptotic"),
                 ("wq_wp", "W_q^q(mu, nu) <= W_p^p(mu, nu) gamma^{q-p} for q > p, gamma the diameter of Omega", "inequality")],
)


def _pz_power(printed, p, q):
    """The printed exponent of gamma (a formula in p and q, 'q-p' as printed) at (p, q): an exact integer."""
    from sympy.parsing.sympy_parser import convert_xor, implicit_multiplication, parse_expr, standard_transformations

    expr = parse_expr(str(printed["gamma_power"]), transformations=standard_transformations + (implicit_multiplication, convert_xor))
    value = sp.sympify(expr).subs({sp.Symbol("p"): p, sp.Symbol("q"): q})
    if not value.is_integer:
        raise sr.InvalidArgument(f"the exponent of gamma {printed['gamma_power']!r} is not an integer at p={p}, q={q}: {value}")
    return int(value)


def _pz_margin(mu, nu, p, q, printed):
    g = M.support_diameter(mu, nu)
    power = _pz_power(printed, p, q)
    return M.wasserstein_pp(mu, nu, p) * Fraction(g) ** power - M.wasserstein_pp(mu, nu, q)


def _measure_params(mu, nu, p, q):
    f = lambda m: ",".join(f"{a}:{w}" for a, w in zip(m.atoms, m.weights))  # noqa: E731
    return {"mu": f(mu), "nu": f(nu), "p": str(p), "q": str(q)}


def _parse_measure(s):
    parts = [t.split(":") for t in s.split(",")]
    return M.DiscreteMeasure.of([Fraction(a) for a, _ in parts], [Fraction(w) for _, w in parts])


def _pz_replay(params, dps, printed):
    mu, nu = _parse_measure(params["mu"]), _parse_measure(params["nu"])
    m = _pz_margin(mu, nu, int(params["p"]), int(params["q"]), printed)
    return {"violated": m < 0, "values": {"W_p^p gamma^(q-p) - W_q^q": m}}


def _pz_recheck(params, dps, printed):
    """Independent: W_p^p as the integral of |F^{-1} - G^{-1}|^p over a fine merged grid in mpmath."""
    c = M.context(dps)
    mu, nu = _parse_measure(params["mu"]), _parse_measure(params["nu"])
    p, q = int(params["p"]), int(params["q"])
    cuts = sorted({Fraction(0), Fraction(1)} | {sum(mu.weights[:i + 1]) for i in range(len(mu.weights))}
                  | {sum(nu.weights[:i + 1]) for i in range(len(nu.weights))})

    def quant(m, u):
        acc = Fraction(0)
        for a, w in zip(m.atoms, m.weights):
            acc += w
            if u <= acc:
                return a
        return m.atoms[-1]

    def wpp(r):
        tot = c.mpf(0)
        for lo, hi in zip(cuts, cuts[1:]):
            mid = (lo + hi) / 2
            tot += c.mpf((hi - lo).numerator) / (hi - lo).denominator * abs(
                c.mpf(quant(mu, mid).numerator) / quant(mu, mid).denominator
                - c.mpf(quant(nu, mid).numerator) / quant(nu, mid).denominator) ** r
        return tot
    pts = list(mu.atoms) + list(nu.atoms)
    g = c.mpf((max(pts) - min(pts)).numerator) / (max(pts) - min(pts)).denominator
    power = _pz_power(printed, p, q)
    m = wpp(p) * g ** power - wpp(q)
    return {"violated": bool(m < -c.mpf(10) ** (-dps // 2)), "values": {"margin": m}}


@ext_panaretos_zemel_2_3.check(layer="property", method="Hypothesis over exact discrete measures (exact W_p^p)",
                               about=("wp_w1", "wq_wp"),
                               replay=_pz_replay, recheck=_pz_recheck,
                               evaluators=("exact Fractions (quantile coupling)", "mpmath quantile integral"),
                               scope="(p, q) in {(1,2), (1,3), (2,3), (1,5), (2,7)}; measures with 1..5 rational atoms in "
                                     "[-2, 2] (Dirac pairs, near-coincident atoms included); the O(W_1^{1/p}) form is the "
                                     "case p = 1 with constant gamma^{(q-1)/q}")
def wq_wp(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import discrete_measures

    n = 0
    worst = None
    for p, q in ((1, 2), (1, 3), (2, 3), (1, 5), (2, 7)):
        def violates(pair, p=p, q=q):
            return _pz_margin(pair[0], pair[1], p, q, ctx.printed) < 0
        strat = st.tuples(discrete_measures(1, 5, Fraction(-2), Fraction(2)), discrete_measures(1, 5, Fraction(-2), Fraction(2)))
        found = ctx.search(strat, violates, examples=40 if ctx.quick else 300)
        n += 40 if ctx.quick else 300
        if found is not None:
            worst = (found, p, q)
            break
    if worst is not None:
        (mu, nu), p, q = worst
        ctx.refute(f"W_q^q <= W_p^p gamma^(q-p) fails (p={p}, q={q})", _measure_params(mu, nu, p, q),
                   certificate="exact W_p^p by the quantile coupling")
    else:
        ctx.no_violation("W_q^q <= W_p^p gamma^{q-p}", points=n,
                         detail="exact; the inequality holds pointwise on the optimal W_p coupling, since "
                                "|x - y|^q <= |x - y|^p gamma^{q-p} on its support")


@ext_panaretos_zemel_2_3.hypothesis("bounded", "measures on a bounded set; q > p >= 1")
def _pz_h(p):
    return int(p["q"]) > int(p["p"]) >= 1


ext_biswas_mackey_1_2 = paper.claim(
    "ext_biswas_mackey_1_2", kind="lemma", label="Biswas & Mackey (2021), Sec. 1.2 (imported)", where="Sec. 4.2",
    statement=r"""(As invoked in the main text) $|\hat{m}_p - m_p| \leq \mathcal{O}(\mathcal{W}_p)$ (see Section 1.2 in Biswas \& Mackey (2021)).""",
    assumptions=[r"probability measures supported in $[-R, R]$; the hidden constant may depend on $p$ and $R$"],
    uses=[],
    variables={"p": sr.integer(1), "R": sr.positive(text="the support bound R > 0"),
               "mu": sr.given("a probability measure on [-R, R]"), "nu": sr.given("a probability measure on [-R, R]")},
    conclusions=[("moments", "|m^_p - m_p| <= O(W_p) (the constant depending on p and R)", "asymptotic")],
    notes="The hidden constant: x -> x^p is p R^{p-1}-Lipschitz on [-R, R], so |m_p - m^_p| <= p R^{p-1} W_1 <= "
          "p R^{p-1} W_p (Kantorovich-Rubinstein, then W_1 <= W_p).",
)


@ext_biswas_mackey_1_2.check(layer="property", method="Hypothesis over exact discrete measures", about="moments",
                             scope="p = 1..6, R in {1/2, 1, 2}, measures with 1..5 rational atoms in [-R, R]: "
                                   "|m_p - m^_p| <= p R^{p-1} W_1 exactly (W_1 <= W_p is Jensen)")
def lipschitz(ctx):
    from hypothesis import strategies as st

    from symrnn.strategies import discrete_measures

    n = 0
    for R in (Fraction(1, 2), Fraction(1), Fraction(2)):
        for p in range(1, 7):
            def violates(pair, p=p, R=R):
                mu, nu = pair
                return abs(mu.moment(p) - nu.moment(p)) > p * R ** (p - 1) * M.wasserstein_pp(mu, nu, 1)
            found = ctx.search(st.tuples(discrete_measures(1, 5, -R, R), discrete_measures(1, 5, -R, R)), violates,
                               examples=15 if ctx.quick else 150)
            n += 15 if ctx.quick else 150
            if found is not None:
                ctx.inconclusive("Lipschitz moment bound", f"violated at {found} (p={p}, R={R})")
                return
    ctx.no_violation("|m_p - m^_p| <= p R^{p-1} W_1 <= p R^{p-1} W_p", points=n, detail="exact Fractions")
