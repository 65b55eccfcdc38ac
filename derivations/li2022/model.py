"""The paper's model and the closed forms several sections share (JMLR numbering).

Notation follows the paper: a, w (model), a^*, w^* (short-memory target), Delta_{n,omega}
(moments of the long-memory template, (119)), m, m^* (widths).

* the exponential sums rho_hat, rho_bar and the loss J_omega of (101) and J_bar of (141) in closed form
  (SymPy), `at` (a printed formula at sizes (m, m*), sums unrolled), (101) by quadrature and in closed
  form for a Gaussian template;
* the templates of Section 7.1 with the constants (c_1, t_0) of (103), their moments (119)-(120), and the
  constants of the proof of Proposition 32;
* random rational points of M* (Definition 29);
* the gradient flow (104) for the template e^{-s^2/2} and its hitting times (Theorem 20; the ICLR claim
  package li2021 reuses them).

Index locality (the argument behind the gradient and Hessian identities for every size): every side of the
gradient and Hessian identities of Section 7.1 is a sum over model indices i and target indices j of terms that
depend on the free indices (k, or k and j) and the summed ones (so are (97)-(98) and (225)-(227) for a general
target, through its Laplace moments). The checks `every_m` build the closed forms of (95), (101), (141) at
symbolic sizes (`closed_form_sums`, `J_omega_sums`, `J_bar_sums`: sums over 1..m and 1..m*), differentiate them
for free indices, and decide the printed formula with `ctx.index_identity`, which splits every summed index into
its coincidence cases (equal to a free index, to another summed index, or to none; k = j and k != j) and decides
each case's summand identity in generic symbols: the identity then holds for every m, m* (machine-checked). The
checks at the sizes (m, m*) in SIZES (each closed form built at that size) stay as independent evidence.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

import sympy as sp

import symrnn as sr


# ---------------------------------------------------------------------------- notation
t = sp.Symbol("t", positive=True)
a = sp.IndexedBase("a", real=True)
w = sp.IndexedBase("w", positive=True)
a_s = sp.IndexedBase("a^*", real=True)
w_s = sp.IndexedBase("w^*", positive=True)
i, j, k, l, r = sp.symbols("i j k l r", integer=True, positive=True)
m, m_s = sp.symbols("m m^*", integer=True, positive=True)
omega, T, beta, eps, C = sp.symbols(r"omega T beta epsilon C", positive=True)
Delta = sr.symbolic.template_moments("Delta", r"\Delta_{%(n)s,\omega}(%(s)s)")
rho0w = sp.Function(r"\rho_{0,\omega}")(t)            # long-memory template rho_0(t - 1/omega)
rho = sp.Function(r"\rho")(t)                          # a general target
n_ = sp.Symbol("n", integer=True, nonnegative=True)       # moment order in Lemma 27
n1 = sp.Symbol("n", integer=True, positive=True)          # the exponent n in (131)
k0 = sp.Symbol("k", integer=True, nonnegative=True)       # Gaussian moment order in the proof of Lemma 27
d_ = sp.Symbol("d", integer=True, positive=True)          # number of distinct rates (App. A)
t0 = sp.Symbol("t_0", positive=True)
c1, sigma = sp.symbols("c_1 sigma", positive=True)
s_real = sp.Symbol("s", real=True)
w_pos = sp.Symbol("w", positive=True)
stirling = sr.symbolic.StirlingS2
norm0 = sp.Symbol(r"\|\rho_{0,\omega}\|^2_{L^2[0,\infty)}", positive=True)



def free_moments(expr, family=None, name="Delta"):
    """The moments family(n, w_k) (default: the template moments Delta_{n,omega}(w_k) of (119)) written as the free
    values name[n][k] (Symbols named as entries of the declared variable `name`, a point of the template or target):
    an identity that fails then has a witness naming only the statement's variables (a, w, a*, w*, Delta), not the
    function applications Delta(n, w[k])."""
    family = Delta if family is None else family

    def value(n_arg, s_arg):
        label = s_arg.indices[0] if isinstance(s_arg, sp.Indexed) and s_arg.base == w and len(s_arg.indices) == 1 \
            else re.sub(r"[\[\]() ,]", "", sp.sstr(s_arg))
        return sp.Symbol(f"{name}[{n_arg}][{label}]", real=True)
    return sp.sympify(expr).replace(lambda e: isinstance(e, family), lambda e: value(*e.args))


# sizes (m, m*) exhausting the index patterns of sums with up to three model indices
SIZES = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2))
LOCALITY = ("decided exactly at the sizes (m, m*) in {1..3} x {1, 2} (instances: the closed form built at each size); "
            "the identity for every m, m* is the claim's check every_m or *_every_m (ctx.index_identity, the coincidence cases of "
            "the summed indices decided in generic symbols)")


def params(mm):
    """(a_1..a_m, w_1..w_m): the flattened parameter vector theta = (a, w) of the paper."""
    return [a[q] for q in range(1, mm + 1)] + [w[q] for q in range(1, mm + 1)]


def rho_hat(mm):
    return sum(a[q] * sp.exp(-w[q] * t) for q in range(1, mm + 1))


def rho_bar(ms):
    return sum(a_s[q] * sp.exp(-w_s[q] * t) for q in range(1, ms + 1))


@functools.lru_cache(maxsize=None)
def loss_omega(mm, ms) -> sr.symbolic.ExpSumLoss:
    """(101) in closed form, int_0^inf (rho_hat - rho_bar - rho_{0,omega})^2 dt term by term, with theta = (a, w)
    (`.gradient()`, `.hessian()`: exact derivatives, d Delta_{n,omega}/dw = -Delta_{n+1,omega})."""
    return sr.symbolic.expsum_residual_loss(params(mm)[:mm], params(mm)[mm:], [a_s[q] for q in range(1, ms + 1)],
                                            [w_s[q] for q in range(1, ms + 1)], t, template=rho0w, moments=Delta,
                                            template_norm_sq=norm0)


@functools.lru_cache(maxsize=None)
def loss_bar(mm, ms) -> sr.symbolic.ExpSumLoss:
    """(141): || rho_hat - rho_bar ||^2 in closed form, with theta = (a, w)."""
    return sr.symbolic.expsum_residual_loss(params(mm)[:mm], params(mm)[mm:], [a_s[q] for q in range(1, ms + 1)],
                                            [w_s[q] for q in range(1, ms + 1)], t)


def J_omega(mm, ms):
    """(101) in closed form (the loss of `loss_omega`)."""
    return loss_omega(mm, ms).loss


def J_bar(mm, ms):
    """(141) in closed form (the loss of `loss_bar`)."""
    return loss_bar(mm, ms).loss


def at(expr, mm, ms, **index):
    """A printed formula at sizes (m, m*) and free indices (k=.., j=..): the sums unrolled."""
    return _at(expr, mm, ms, tuple(sorted(index.items())))


@functools.lru_cache(maxsize=4096)
def _at(expr, mm, ms, index):
    # cached: checks instantiate the same printed formula for every partition of a size
    return sr.symbolic.instantiate(expr, {m: mm, m_s: ms}, {sp.Symbol(n, integer=True, positive=True): v
                                                             for n, v in index})


def mp_ctx(dps):
    return sr.numeric.context(dps)


def _J_quadrature(ctx, av, wv, asv, wsv, c, sigma, mu, error=False):
    """(101) by quadrature for a Gaussian template c exp(-x^2/(2 sigma^2)), mu = 1/omega."""
    def residual_sq(x):
        res = ctx.fsum(p * ctx.exp(-q * x) for p, q in zip(av, wv)) \
            - ctx.fsum(p * ctx.exp(-q * x) for p, q in zip(asv, wsv)) - c * ctx.exp(-(x - mu) ** 2 / (2 * sigma ** 2))
        return res * res
    pts = sorted({ctx.mpf(0), max(mu - 12 * sigma, ctx.mpf(0)), mu, mu + 12 * sigma})
    return ctx.quad(residual_sq, pts + [ctx.inf], error=error)


def gaussian_template_moment(ctx, n, s, mu, sigma, c=1):
    """Delta_{n,omega}(s) for rho_0 = c exp(-x^2/(2 sigma^2)), mu = 1/omega, by quadrature."""
    f = lambda x: x ** n * ctx.exp(-s * x) * c * ctx.exp(-(x - mu) ** 2 / (2 * sigma ** 2))  # noqa: E731
    pts = [0, max(mu - 12 * sigma, 0), mu, mu + 12 * sigma, ctx.inf]
    return ctx.quad(f, sorted(set(pts), key=lambda p: float(p)))




def _gaussian_delta0(ctx, s, mu, sigma, c):
    """Delta_{0,omega}(s) for rho_0 = c e^{-x^2/(2 sigma^2)} in closed form (erfc)."""
    return c * sigma * ctx.sqrt(ctx.pi / 2) * ctx.exp(-s * mu + sigma ** 2 * s ** 2 / 2) \
        * ctx.erfc((sigma ** 2 * s - mu) / (sigma * ctx.sqrt(2)))


# ---- gradient flow of (104) for the Gaussian template e^{-s^2/2} (double precision, closed forms) ----
def _np_moments(w_vec, mu, nmax=2):
    """Delta_{n,omega}(w), n = 0..nmax, for the template e^{-s^2/2} at mu = 1/omega, in numpy (closed form)."""
    from symrnn import train as tr

    return tr.template_moments(w_vec, mu, nmax)


def _flow_problem(astar, wstar, mu):
    """Loss, gradient (129)-(130) and Hessian (136)-(140) of J_omega as numpy functions of theta = (a, w), the
    template e^{-s^2/2} at mu = 1/omega: symrnn.train.ReducedProblem (numpy only; torch is not imported)."""
    from symrnn import train as tr

    P = tr.ReducedProblem(tuple(float(x) for x in astar), tuple(float(x) for x in wstar), float(mu))
    return P.loss, P.grad, P.hess


def _hitting_times(theta0, astar, wstar, inv_omega, delta):
    import numpy as np

    loss, grad, hess = _flow_problem(astar, wstar, float(inv_omega))
    th0 = np.asarray(theta0, float)
    J0 = loss(th0)
    runs = [sr.numeric.gradient_flow(
        grad, th0, tau_max=1e16, hessian=hess, stop_at="tau0_loss", method=method,
        events={"tau0": lambda t, y: np.linalg.norm(y - th0) - delta,
                "tau0_loss": lambda t, y: abs(loss(y) - J0) - delta}) for method in ("Radau", "LSODA")]
    # two independent stiff integrators must agree on both hitting times (else they are not reported)
    (r1, r2), keys = runs, ("tau0", "tau0_loss")
    if any(r1.hitting_times.get(k_) is None or r2.hitting_times.get(k_) is None
           or abs(r1.hitting_times[k_] - r2.hitting_times[k_]) > 1e-4 * r1.hitting_times[k_] for k_ in keys):
        return None, None, f"Radau {r1.hitting_times} and LSODA {r2.hitting_times} disagree or miss an event"
    return r1.hitting_times["tau0"], r1.hitting_times["tau0_loss"], "Radau = LSODA to 1e-4"


# Templates of the paper's kind, with the constants of (103) for each (c_0, c_1, t_0):
#   Gaussian c e^{-s^2/(2 sigma^2)}: c_0 = |c|, c_1 = 1/(2 sigma^2), any t_0 (here 1);
#   compactly supported C^2 bump (1 - (s - 1/2)^2)^3_+: zero for |s| >= 3/2, so c_0 = c_1 = 1, t_0 = 3/2;
#   sign-changing s e^{-s^2}: |s| e^{-s^2} <= e^{-s^2/2} for |s| >= 1, so c_0 = 1, c_1 = 1/2, t_0 = 1.
TEMPLATES = {
    "gaussian": dict(f=lambda ctx, s: ctx.exp(-s ** 2 / 2), c1=Fraction(1, 2), t0=Fraction(1), support=None,
                     breaks=(-4, 0, 4)),
    "bump": dict(f=lambda ctx, s: max(1 - (s - ctx.mpf(1) / 2) ** 2, 0) ** 3, c1=Fraction(1), t0=Fraction(3, 2),
                 support=(Fraction(-1, 2), Fraction(3, 2)), breaks=(Fraction(-1, 2), Fraction(1, 2), Fraction(3, 2))),
    "s_gauss": dict(f=lambda ctx, s: s * ctx.exp(-s ** 2), c1=Fraction(1, 2), t0=Fraction(1), support=None,
                    breaks=(-3, 0, 3)),
}


def template_moment(ctx, name, n, w_, om, absolute=True):
    """Delta_{n,omega}(w) (absolute=False) or Delta^+_{n,omega}(w) of (119)-(120) in closed form, for every template
    of TEMPLATES: with s = t - mu, (119) is e^{-w mu} int_{-mu}^oo (s + mu)^n e^{-w s} rho_0(s) ds, a sum of
    mu^{n-j} times the moments int s^k e^{-w s} rho_0(s) ds over a half-line or an interval: for the bump (a
    polynomial on its support, nonnegative) the antiderivative of s^k e^{-w s}; for the Gaussian and s e^{-s^2} (whose
    absolute value splits at s = 0) the Gaussian moments' recursion from erfc. Computed with 30 guard digits (the
    antiderivatives cancel up to k!/w^(k+1)); tests/derivations/test_li2022_moments.py compares it with the quadrature
    (template_moment_quadrature) for every template, n <= 3, w in [1/20, 10] and omega down to 1/256."""
    mu = ctx.mpf(Fraction(om).denominator) / Fraction(om).numerator
    with ctx.extradps(30):
        w_ = +w_
        if name == "bump":          # (1 - (s - 1/2)^2)^3 on [-1/2, 3/2], nonnegative
            lo, hi = max(-mu, ctx.mpf(-1) / 2), ctx.mpf(3) / 2
            q = _shifted_poly(ctx, n, mu, [ctx.mpf(int(c.p)) / int(c.q) for c in _BUMP])
            out = sum(c * _power_exp(ctx, k, w_, lo, hi) for k, c in enumerate(q))
        elif name == "gaussian":    # e^{-s^2/2}, positive: Delta^+ = Delta
            out = _gauss_moments(ctx, n, mu, w_, ctx.mpf(1) / 2, -mu, [ctx.mpf(1)])
        elif name == "s_gauss":     # s e^{-s^2}: |s| e^{-s^2} = s e^{-s^2} (s >= 0), -s e^{-s^2} (s < 0)
            signed = _gauss_moments(ctx, n, mu, w_, ctx.mpf(1), -mu, [ctx.mpf(0), ctx.mpf(1)])
            out = 2 * _gauss_moments(ctx, n, mu, w_, ctx.mpf(1), ctx.mpf(0), [ctx.mpf(0), ctx.mpf(1)]) - signed \
                if absolute else signed
        else:
            raise KeyError(name)
        out = ctx.exp(-w_ * mu) * out
    return +out


# the bump (1 - (s - 1/2)^2)^3 on its support, coefficients of s^0..s^6 (SymPy)
_BUMP = sp.Poly(sp.expand((1 - (sp.Symbol("s") - sp.Rational(1, 2)) ** 2) ** 3), sp.Symbol("s")).all_coeffs()[::-1]


def _shifted_poly(ctx, n, mu, poly):
    """Coefficients in s of (s + mu)^n poly(s)."""
    out = [ctx.mpf(0)] * (n + len(poly))
    for j in range(n + 1):
        b = ctx.binomial(n, j) * mu ** (n - j)
        for k, c in enumerate(poly):
            out[j + k] += b * c
    return out


def _power_exp(ctx, k, w_, a, b):
    """int_a^b s^k e^{-w s} ds from the antiderivative -e^{-w s} sum_j k!/(k-j)! s^(k-j) / w^(j+1)."""
    def F(s):
        return -ctx.exp(-w_ * s) * sum(ctx.factorial(k) / ctx.factorial(k - j) * s ** (k - j) / w_ ** (j + 1)
                                        for j in range(k + 1))
    return F(b) - F(a)


def _gauss_moments(ctx, n, mu, w_, c, a, poly):
    """int_a^oo (s + mu)^n poly(s) e^{-w s - c s^2} ds, from K_k = int_a^oo s^k e^{-c s^2 - w s} ds:
    K_0 = sqrt(pi/c)/2 e^{w^2/(4c)} erfc(sqrt(c) (a + w/(2c))), 2c K_{k+1} = a^k e^{-c a^2 - w a} + k K_{k-1} - w K_k
    (integration by parts of d/ds e^{-c s^2 - w s} = -(2cs + w) e^{...})."""
    q = _shifted_poly(ctx, n, mu, poly)
    K = [ctx.sqrt(ctx.pi / c) / 2 * ctx.exp(w_ ** 2 / (4 * c)) * ctx.erfc(ctx.sqrt(c) * (a + w_ / (2 * c)))]
    edge = ctx.exp(-c * a ** 2 - w_ * a)
    for k in range(len(q) - 1):
        K.append((a ** k * edge + (k * K[k - 1] if k else 0) - w_ * K[k]) / (2 * c))
    return sum(qk * Kk for qk, Kk in zip(q, K))


def template_moment_quadrature(ctx, name, n, w_, om, absolute=True):
    """Delta_{n,omega}(w) (absolute=False) or Delta^+_{n,omega}(w) of (119)-(120) by quadrature (mpmath, error
    controlled): the independent evaluation the closed forms (template_moment, gaussian_moment) are compared with."""
    tpl = TEMPLATES[name]
    mu = ctx.mpf(Fraction(om).denominator) / Fraction(om).numerator
    g = (lambda s: abs(tpl["f"](ctx, s))) if absolute else (lambda s: tpl["f"](ctx, s))
    # factor out e^{-w mu}: the integrand is then O(mu^n), and mpmath's error estimates (which have
    # an absolute floor near 10^-dps) stay meaningful for these exponentially small moments
    scale = ctx.exp(-w_ * mu)
    f = lambda t_: t_ ** n * ctx.exp(-w_ * (t_ - mu)) * g(t_ - mu)  # noqa: E731
    if tpl["support"] is not None:
        lo, hi = (mu + ctx.mpf(x.numerator) / x.denominator for x in tpl["support"])
        pts = [max(lo, ctx.mpf(0)), max(mu + ctx.mpf(1) / 2, ctx.mpf(0)), hi]
        return scale * sr.numeric.integrate(ctx, f, sorted(set(pts)))[0] if hi > 0 else ctx.mpf(0)
    # e^{-wt} tilts the template: its mass sits near mu - sigma^2 w (sigma^2 <= 1 here)
    pts = {ctx.mpf(0)} | {max(p, ctx.mpf(0)) for p in (mu - w_ - 15, mu - w_, mu - w_ + 15, mu - 15, mu, mu + 15)}
    return scale * sr.numeric.integrate(ctx, f, sorted(pts) + [ctx.inf])[0]


def gaussian_moment(ctx, n, w_, om):
    """Delta_{n,omega}(w) for the "gaussian" template e^{-s^2/2} in closed form (sigma = c = 1):
    Delta_0 = sqrt(pi/2) e^{-w mu + w^2/2} erfc((w - mu)/sqrt 2) and
    Delta_{n+1} = (mu - w) Delta_n + n Delta_{n-1} + [n = 0] e^{-mu^2/2}, mu = 1/omega.
    Checks that use it compare it with the quadrature of (119) first."""
    mu = ctx.mpf(Fraction(om).denominator) / Fraction(om).numerator
    prev, cur = ctx.mpf(0), ctx.sqrt(ctx.pi / 2) * ctx.exp(-w_ * mu + w_ ** 2 / 2) * ctx.erfc((w_ - mu) / ctx.sqrt(2))
    for q in range(n):
        prev, cur = cur, (mu - w_) * cur + q * prev + (ctx.exp(-mu ** 2 / 2) if q == 0 else 0)
    return cur


def _prop32_constants(ctx, name):
    """t_1 = argmax |rho_0| on a grid, the largest delta_0 of the proof (bisection), C and C'."""
    f = TEMPLATES[name]["f"]
    grid = [ctx.mpf(q) / 50 for q in range(-200, 201)]
    t1 = max(grid, key=lambda s: abs(f(ctx, s)))
    half = abs(f(ctx, t1)) / 2
    lo, hi = ctx.mpf(0), ctx.mpf(4)
    for _ in range(60):
        mid = (lo + hi) / 2
        pts = [t1 + mid * ctx.mpf(q) / 200 for q in range(-200, 201)]
        (lo, hi) = (mid, hi) if all(abs(f(ctx, s)) >= half for s in pts) else (lo, mid)
    delta0 = lo * (1 - ctx.mpf(10) ** -6)           # strictly inside the bisection bracket
    return t1, delta0, delta0 * f(ctx, t1) ** 2 / 2, 1 / abs(t1 - delta0)


def _random_m_star_point(rng, mm, ms):
    """A rational point of M* (Definition 29): labelled blocks for the target rates, zero-sum
    blocks at fresh rates. Returns (a, w, a*, w*) as Fractions."""
    wstar = rng.sample([Fraction(q, 4) for q in range(2, 16)], ms)
    astar = [Fraction(rng.choice([-1, 1]) * rng.randint(1, 12), 4) for _ in range(ms)]
    order = list(range(mm))
    rng.shuffle(order)
    n_rest = rng.randint(0, mm - ms)
    main, rest = order[: mm - n_rest], order[mm - n_rest:]
    cut = sorted(rng.sample(range(1, len(main)), ms - 1)) if ms > 1 else []
    bounds = [0, *cut, len(main)]
    a_, w_ = [Fraction(0)] * mm, [Fraction(0)] * mm
    for jj in range(ms):
        blk = main[bounds[jj]:bounds[jj + 1]]
        parts = [Fraction(rng.randint(-40, 40), 4) for _ in blk[:-1]]
        parts.append(astar[jj] - sum(parts, Fraction(0)))
        for idx, x in zip(blk, parts):
            a_[idx], w_[idx] = x, wstar[jj]
    spare = [x for x in (Fraction(q, 4) + Fraction(1, 8) for q in range(2, 16))]
    if rest:
        v = rng.choice(spare)
        parts = [Fraction(rng.randint(-40, 40), 4) for _ in rest[:-1]]
        parts.append(-sum(parts, Fraction(0)))
        for idx, x in zip(rest, parts):
            a_[idx], w_[idx] = x, v
    return a_, w_, astar, wstar


def _J_closed(ctx, av, wv, asv, wsv, c, sigma, mu):
    """(101) in closed form for the Gaussian template: Cauchy kernels, the erfc moment and the template norm."""
    return sr.numeric.expsum_residual_norm_sq(ctx, av, wv, asv, wsv,
                                              moment0=lambda s: _gaussian_delta0(ctx, s, mu, sigma, c),
                                              template_norm_sq=c ** 2 * sigma * ctx.sqrt(ctx.pi) / 2 * (1 + ctx.erf(mu / sigma)))


# ---------------------------------------------------------------------------- every size (index locality)
_p = sp.Symbol("p", integer=True, positive=True)          # the summation index of the symbolic-size closed forms
# the sizes of the sanity pass of `ctx.index_identity` (the sums unrolled; the proof is the coincidence cases)
SANITY = {m: [1, 2, 3], m_s: [1, 2]}


def closed_form_sums(*, target: bool = True, template=None, moments=None, norm_sq=None):
    """|| sum_i a_i e^{-w_i t} [- sum_j a*_j e^{-w*_j t}] [- template(t)] ||^2_{L^2[0, oo)} in closed form at symbolic
    sizes m, m*: the square expanded into double sums, integrated term by term (a finite sum commutes with the
    integral; the template through its moments `moments(n, s)` and its squared norm)."""
    residual = sp.Sum(a[_p] * sp.exp(-w[_p] * t), (_p, 1, m))
    if target:
        residual -= sp.Sum(a_s[_p] * sp.exp(-w_s[_p] * t), (_p, 1, m_s))
    if template is not None:
        residual -= template
    kw = dict(template=template, moments=moments, template_norm_sq=norm_sq) if template is not None else {}
    return sr.symbolic.map_summands(residual ** 2, lambda f: sr.symbolic.integrate_exp_polynomial(f, t, **kw))


def integral_sums(integrand, *, template=None, moments=None, norm_sq=None):
    """int_0^oo of a printed integrand with sums over symbolic ranges, term by term (as `closed_form_sums`)."""
    kw = dict(template=template, moments=moments, template_norm_sq=norm_sq) if template is not None else {}
    return sr.symbolic.map_summands(integrand, lambda f: sr.symbolic.integrate_exp_polynomial(f, t, **kw))


@functools.lru_cache(maxsize=None)
def J_omega_sums():
    """(101) in closed form at symbolic sizes m, m* (sums over 1..m and 1..m*, bound indices Dummies): the checks
    differentiate it in a_k, w_k for free k and compare with the printed formulas by `ctx.index_identity`."""
    return closed_form_sums(template=rho0w, moments=Delta, norm_sq=norm0)


@functools.lru_cache(maxsize=None)
def J_bar_sums():
    """(141) in closed form at symbolic sizes m, m*."""
    return closed_form_sums()
