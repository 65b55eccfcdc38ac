"""L2[0, inf) algebra of exponential polynomials  sum_i c_i t^{n_i} e^{-s_i t}  (Re s_i > 0).

The one integral everything rests on:  int_0^inf t^n e^{-s t} dt = n! / s^{n+1}.
An unspecified template g(t) enters through its Laplace moments
    M_n(s) := int_0^inf t^n e^{-s t} g(t) dt,   with  d/ds M_n(s) = -M_{n+1}(s)
(differentiation under the integral, valid for bounded g and s > 0), and through its
squared norm int_0^inf g(t)^2 dt.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import sympy
from sympy.core.function import AppliedUndef

from .._errors import InvalidArgument


def laplace_power_integral(n, s):
    """int_0^inf t^n e^{-s t} dt = n!/s^{n+1} for a nonnegative integer n and s > 0.

    Example:
        >>> import sympy
        >>> laplace_power_integral(2, sympy.Symbol('s', positive=True))
        2/s**3
        >>> laplace_power_integral(1, -1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: int_0^inf t^n e^{-st} dt diverges unless s > 0; got s = -1
    """
    s = sympy.sympify(s)
    n = sympy.sympify(n)
    if s.is_positive is False or s.is_zero or (s.is_number and s.is_real and not s.is_positive):
        raise InvalidArgument(f"int_0^inf t^n e^{{-st}} dt diverges unless s > 0; got s = {s}")
    if s.has(sympy.nan) or n.has(sympy.nan):
        raise InvalidArgument("NaN passed to laplace_power_integral; pass exact numbers or symbols")
    if n.is_integer is False or n.is_negative:
        raise InvalidArgument(f"n must be a nonnegative integer, got n = {n}")
    return sympy.factorial(n) / s ** (n + 1)


def template_moments(name: str = "M", latex: str = r"\mathcal{M}_{%(n)s}(%(s)s)"):
    """A SymPy function class D(n, s) standing for the Laplace moments of an unspecified template g,
    int_0^inf t^n e^{-st} g(t) dt, with dD/ds = -D(n+1, s) (differentiation under the integral).

    Arguments:
        name: the class name (how the moments print).
        latex: a %-template with keys n and s for the LaTeX printer (the paper's notation).

    Returns:
        A SymPy function class of two arguments; each application counts as an independent free value when an
        identity is checked numerically.

    Example:
        >>> import sympy
        >>> s = sympy.Symbol('s', positive=True)
        >>> M = template_moments('M')
        >>> sympy.diff(M(0, s), s)
        -M(1, s)
    """

    def fdiff(self, argindex=2):
        if argindex != 2:
            raise sympy.ArgumentIndexError(self, argindex)
        n, s = self.args
        return -self.func(n + 1, s)

    def _latex(self, printer, exp=None):
        n, s = self.args
        body = latex % {"n": printer._print(n), "s": printer._print(s)}
        return f"{body}^{{{exp}}}" if exp else body

    # _symrnn_free_value: when an identity is checked numerically, each application is an
    # independent free value (finitely many distinct moment functionals are independent)
    return type(name, (sympy.Function,), {"nargs": 2, "fdiff": fdiff, "_latex": _latex, "_symrnn_free_value": True})


def _split_term(term, t, template):
    """term = coeff * t^n * exp(-s t) * g(t)^p  ->  (coeff, n, s, p)."""
    coeff, dep = term.as_independent(t, as_Add=False)
    n, p = 0, 0
    rate = sympy.Integer(0)
    for f in sympy.Mul.make_args(dep):
        base, e = f.as_base_exp()
        if base == t and e.is_Integer and e >= 0:
            n += int(e)
        elif isinstance(f, sympy.exp) or base is sympy.E:
            arg = f.args[0] if isinstance(f, sympy.exp) else e
            lin = sympy.expand(arg)
            slope = lin.coeff(t)
            if sympy.simplify(lin - slope * t) != 0:
                raise InvalidArgument(f"exponent {arg} is not linear in {t} through the origin")
            rate -= slope
        elif template is not None and base == template and e.is_Integer and e > 0:
            p += int(e)
        elif template is not None and isinstance(f, AppliedUndef) and f == template:
            p += 1
        else:
            raise InvalidArgument(f"cannot integrate factor {f} of {term}: expected t^n, exp(-s t) or the template")
    return coeff, n, sympy.expand(rate), p


def integrate_exp_polynomial(expr, t, *, template=None, moments=None, template_norm_sq=None):
    """int_0^inf expr dt, term by term, for expr polynomial in t, e^{-s t} and a template g(t)
    (int_0^inf t^n e^{-s t} dt = n!/s^{n+1}).

    Arguments:
        expr: a SymPy expression, polynomial in t, exponentials e^{-s t} and the template.
        t: the integration variable.
        template: g(t), an applied undefined function, or None.
        moments: the moment function class (`template_moments`): t^n e^{-st} g(t) integrates to moments(n, s).
        template_norm_sq: the value of int_0^inf g(t)^2 dt (the only admissible quadratic template term).

    Returns:
        The integral as a SymPy expression.

    Raises:
        InvalidArgument: a rate that is not positive, an exponent not linear in t, any other factor, or a
        template term without `moments` / `template_norm_sq`.

    Example:
        >>> import sympy
        >>> t, w = sympy.Symbol('t', positive=True), sympy.Symbol('w', positive=True)
        >>> integrate_exp_polynomial((t * sympy.exp(-w * t)) ** 2, t)
        1/(4*w**3)
        >>> integrate_exp_polynomial(sympy.sin(t), t)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: cannot integrate factor sin(t) of sin(t): expected t^n, exp(-s t) or the template
    """
    total = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(sympy.powsimp(sympy.expand(expr), combine="exp"))):
        coeff, n, rate, p = _split_term(term, t, template)
        if p == 0:
            total += coeff * laplace_power_integral(n, rate)
        elif p == 1:
            if moments is None:
                raise InvalidArgument("expression contains the template but no `moments` function was given")
            if rate.is_positive is False:
                raise InvalidArgument(f"moment rate must be positive, got {rate}")
            total += coeff * moments(n, rate)
        elif p == 2 and n == 0 and rate == 0:
            if template_norm_sq is None:
                raise InvalidArgument("expression contains g(t)^2 but no `template_norm_sq` was given")
            total += coeff * template_norm_sq
        else:
            raise InvalidArgument(f"unsupported template term {term}")
    return total


def exp_sum(coeffs, rates, t):
    """sum_i coeffs[i] * exp(-rates[i] * t) as a SymPy expression.

    Arguments:
        coeffs, rates: sequences of equal length (SymPy expressions or numbers).
        t: the time symbol.

    Returns:
        A SymPy expression.

    Raises:
        InvalidArgument: lists of different lengths.

    Example:
        >>> import sympy
        >>> exp_sum([2, 1], [1, 3], sympy.Symbol('t'))
        2*exp(-t) + exp(-3*t)
        >>> exp_sum([1], [], sympy.Symbol('t'))
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: 1 coefficients but 0 rates
    """
    if len(coeffs) != len(rates):
        raise InvalidArgument(f"{len(coeffs)} coefficients but {len(rates)} rates")
    return sympy.Add(*[c * sympy.exp(-r * t) for c, r in zip(coeffs, rates)])


def inner_exp_sums(a, w, b, v):
    """<sum_i a_i e^{-w_i t}, sum_j b_j e^{-v_j t}>_{L2[0,inf)} = sum_{i,j} a_i b_j / (w_i + v_j) (the Cauchy
    kernel: int_0^inf e^{-(w + v) t} dt = 1/(w + v)).

    Arguments:
        a, w: coefficients and (positive) rates of the first sum; b, v: of the second.

    Returns:
        A SymPy expression (0 for an empty sum).

    Example:
        >>> import sympy
        >>> inner_exp_sums([1], [1], [1], [sympy.Rational(1, 2)])
        2/3
    """
    a, w, b, v = ([sympy.sympify(x) for x in xs] for xs in (a, w, b, v))   # Python ints stay exact
    return sympy.Add(*[ai * bj / (wi + vj) for ai, wi in zip(a, w) for bj, vj in zip(b, v)])


def expsum_loss(a, w, a_target, w_target):
    """|| sum a_i e^{-w_i t} - sum a*_j e^{-w*_j t} ||^2_{L2[0, inf)} in closed form (Cauchy-kernel double sums);
    with a template or derivatives, use `expsum_residual_loss`.

    Arguments:
        a, w: the model's coefficients and rates; a_target, w_target: the target's.

    Returns:
        A SymPy expression (exact for exact inputs).

    Example:
        >>> expsum_loss([1], [1], [1], [2])          # || e^{-t} - e^{-2t} ||^2 = 1/2 - 2/3 + 1/4
        1/12
    """
    return inner_exp_sums(a, w, a, w) - 2 * inner_exp_sums(a, w, a_target, w_target) \
        + inner_exp_sums(a_target, w_target, a_target, w_target)


# ---------------------------------------------------------------------------------------------------------------
# The loss of an exponential-sum model against an exponential-sum target plus a template, its gradient and Hessian
# ---------------------------------------------------------------------------------------------------------------

def _symbols(name: str, values) -> tuple:
    values = tuple(values)
    for q, v in enumerate(values):
        if not isinstance(sympy.sympify(v), sympy.Expr):
            raise InvalidArgument(f"{name}[{q}] = {v!r} is not a SymPy expression")
    return values


@functools.lru_cache(maxsize=256)
def _gradient(loss, params) -> tuple:
    # d/ds M_n(s) = -M_{n+1}(s) comes with the moment function class (template_moments)
    return tuple(sympy.diff(loss, p) for p in params)


@functools.lru_cache(maxsize=256)
def _hessian(loss, params) -> sympy.ImmutableMatrix:
    return sympy.ImmutableMatrix(sympy.hessian(loss, params))


@dataclass(frozen=True)
class ExpSumLoss:
    """J(a, w) = || sum_i a_i e^{-w_i t} - sum_j b_j e^{-v_j t} - g(t) ||^2_{L2[0, inf)} in closed form, with
    its parameter vector theta = (a_1, ..., a_m, w_1, ..., w_m) (built by `expsum_residual_loss`).

    Fields:
        loss: the closed form (SymPy): Cauchy kernels sum a_i b_j / (w_i + v_j), the template moments
            M_n(s) = int_0^inf t^n e^{-s t} g(t) dt and the template norm.
        params: theta, the model coefficients then the model rates.
    """

    loss: sympy.Expr
    params: tuple

    def gradient(self) -> tuple:
        """(dJ/da_1, ..., dJ/da_m, dJ/dw_1, ..., dJ/dw_m) by exact differentiation of the closed form
        (cached: the same loss is differentiated once per process)."""
        return _gradient(self.loss, self.params)

    def hessian(self) -> sympy.ImmutableMatrix:
        """The 2m x 2m Hessian in theta by exact differentiation of the closed form (cached)."""
        return _hessian(self.loss, self.params)


def expsum_residual_loss(a, w, a_target, w_target, t, *, template=None, moments=None, template_norm_sq=None):
    """The L2[0, inf) loss of an exponential-sum model against an exponential-sum target plus an optional
    template g, in closed form:

        J(a, w) = || sum_i a_i e^{-w_i t} - sum_j b_j e^{-v_j t} - g(t) ||^2
                = sum_{i,l} a_i a_l/(w_i + w_l) - 2 sum_{i,j} a_i b_j/(w_i + v_j) + sum_{j,j'} b_j b_j'/(v_j + v_j')
                  - 2 sum_i a_i M_0(w_i) + 2 sum_j b_j M_0(v_j) + ||g||^2,

    integrated term by term (`integrate_exp_polynomial`: int_0^inf t^n e^{-st} dt = n!/s^{n+1}).

    Arguments:
        a, w: the model coefficients and rates (SymPy symbols or `IndexedBase` entries; the rates must be
            positive under their assumptions).
        a_target, w_target: the target's coefficients and rates (possibly empty lists).
        t: the time symbol (positive).
        template: g(t) as an applied undefined function (for example `Function('g')(t)`), or None.
        moments: the moment function class of the template (`template_moments(...)`); needed with a template.
        template_norm_sq: a symbol or value for ||g||^2_{L2[0, inf)}; needed with a template.

    Returns:
        An `ExpSumLoss` (its `.loss`, `.params` = (a, w), `.gradient()`, `.hessian()`).

    Raises:
        InvalidArgument: lists of different lengths, an empty model, a rate not positive, or a template without
        its moments or norm.

    Example:
        >>> import sympy
        >>> t = sympy.Symbol('t', positive=True)
        >>> a1, w1 = sympy.Symbol('a1', real=True), sympy.Symbol('w1', positive=True)
        >>> J = expsum_residual_loss([a1], [w1], [1], [1], t)
        >>> J.loss
        a1**2/(2*w1) - 2*a1/(w1 + 1) + 1/2
        >>> J.gradient()[0]
        a1/w1 - 2/(w1 + 1)
        >>> expsum_residual_loss([a1], [w1, w1], [], [], t)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: model: 1 coefficients but 2 rates
    """
    a, w = _symbols("a", a), _symbols("w", w)
    a_target, w_target = _symbols("a_target", a_target), _symbols("w_target", w_target)
    if not a:
        raise InvalidArgument("model: no terms; an exponential-sum model needs m >= 1 terms")
    if len(a) != len(w):
        raise InvalidArgument(f"model: {len(a)} coefficients but {len(w)} rates")
    if len(a_target) != len(w_target):
        raise InvalidArgument(f"target: {len(a_target)} coefficients but {len(w_target)} rates")
    if template is not None and (moments is None or template_norm_sq is None):
        raise InvalidArgument("a template needs its moment function class (moments=) and its squared norm "
                              "(template_norm_sq=)")
    model = sum(c * sympy.exp(-r * t) for c, r in zip(a, w))
    target = sum(c * sympy.exp(-r * t) for c, r in zip(a_target, w_target))
    residual = model - target - (template if template is not None else 0)
    loss = integrate_exp_polynomial(residual ** 2, t, template=template, moments=moments,
                                    template_norm_sq=template_norm_sq)
    return ExpSumLoss(loss, (*a, *w))


def expsum_gradient_formula(a, w, a_target, w_target, *, moments=None) -> tuple:
    """The gradient of the loss of `expsum_residual_loss` written out (an independent derivation, for
    checking printed gradients and differentiated closed forms against each other):

        dJ/da_k = 2 [sum_i a_i/(w_k + w_i) - sum_j b_j/(w_k + v_j)] - 2 M_0(w_k),
        dJ/dw_k = -2 a_k [sum_i a_i/(w_k + w_i)^2 - sum_j b_j/(w_k + v_j)^2] + 2 a_k M_1(w_k),

    the moment terms present only with `moments` (d/ds M_0(s) = -M_1(s)).

    Arguments:
        a, w, a_target, w_target: as for `expsum_residual_loss`.
        moments: the template's moment function class, or None (no template).

    Returns:
        A tuple (dJ/da_1, ..., dJ/da_m, dJ/dw_1, ..., dJ/dw_m) of SymPy expressions.

    Raises:
        InvalidArgument: lists of different lengths or an empty model.

    Example:
        >>> import sympy
        >>> a1, w1 = sympy.Symbol('a1', real=True), sympy.Symbol('w1', positive=True)
        >>> expsum_gradient_formula([a1], [w1], [1], [1])
        (a1/w1 - 2/(w1 + 1), -2*a1*(a1/(4*w1**2) - 1/(w1 + 1)**2))
        >>> expsum_gradient_formula([], [], [1], [1])
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: model: no terms; an exponential-sum model needs m >= 1 terms
    """
    a, w, b, v = _checked_sums(a, w, a_target, w_target)
    da, dw = [], []
    for ak, wk in zip(a, w):
        c1 = sum(ai / (wk + wi) for ai, wi in zip(a, w)) - sum(bj / (wk + vj) for bj, vj in zip(b, v))
        c2 = sum(ai / (wk + wi) ** 2 for ai, wi in zip(a, w)) - sum(bj / (wk + vj) ** 2 for bj, vj in zip(b, v))
        da.append(2 * c1 - (2 * moments(0, wk) if moments is not None else 0))
        dw.append(-2 * ak * c2 + (2 * ak * moments(1, wk) if moments is not None else 0))
    return (*da, *dw)


def expsum_hessian_formula(a, w, a_target, w_target, *, moments=None) -> sympy.ImmutableMatrix:
    """The Hessian of the loss of `expsum_residual_loss` in theta = (a, w), written out entry by entry:

        d2J/da_k da_l = 2/(w_k + w_l),
        d2J/da_l dw_k = -2 a_k/(w_k + w_l)^2                                   (l != k),
        d2J/da_k dw_k = -2 [sum_i a_i/(w_k + w_i)^2 - sum_j b_j/(w_k + v_j)^2] - a_k/(2 w_k^2) + 2 M_1(w_k),
        d2J/dw_k dw_l = 4 a_k a_l/(w_k + w_l)^3                                (l != k),
        d2J/dw_k^2    = 4 a_k [sum_i a_i/(w_k + w_i)^3 - sum_j b_j/(w_k + v_j)^3] + a_k^2/(2 w_k^3) - 2 a_k M_2(w_k).

    Arguments:
        a, w, a_target, w_target: as for `expsum_residual_loss`.
        moments: the template's moment function class, or None (no template).

    Returns:
        A symmetric 2m x 2m `ImmutableMatrix`.

    Raises:
        InvalidArgument: lists of different lengths or an empty model.

    Example:
        >>> import sympy
        >>> a1, w1 = sympy.Symbol('a1', real=True), sympy.Symbol('w1', positive=True)
        >>> expsum_hessian_formula([a1], [w1], [], [])
        Matrix([
        [    1/w1,  -a1/w1**2],
        [-a1/w1**2, a1**2/w1**3]])
        >>> expsum_hessian_formula([a1], [w1], [1], [])
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: target: 1 coefficients but 0 rates
    """
    a, w, b, v = _checked_sums(a, w, a_target, w_target)
    m = len(a)
    H = sympy.zeros(2 * m, 2 * m)
    for k, (ak, wk) in enumerate(zip(a, w)):
        c2 = sum(ai / (wk + wi) ** 2 for ai, wi in zip(a, w)) - sum(bj / (wk + vj) ** 2 for bj, vj in zip(b, v))
        c3 = sum(ai / (wk + wi) ** 3 for ai, wi in zip(a, w)) - sum(bj / (wk + vj) ** 3 for bj, vj in zip(b, v))
        for l, (al, wl) in enumerate(zip(a, w)):
            H[k, l] = 2 / (wk + wl)
            if l != k:
                H[l, m + k] = H[m + k, l] = -2 * ak / (wk + wl) ** 2
                H[m + k, m + l] = 4 * ak * al / (wk + wl) ** 3
        H[k, m + k] = H[m + k, k] = -2 * c2 - ak / (2 * wk ** 2) + (2 * moments(1, wk) if moments is not None else 0)
        H[m + k, m + k] = 4 * ak * c3 + ak ** 2 / (2 * wk ** 3) - (2 * ak * moments(2, wk) if moments is not None else 0)
    return sympy.ImmutableMatrix(H)


def _checked_sums(a, w, a_target, w_target):
    a, w = _symbols("a", a), _symbols("w", w)
    b, v = _symbols("a_target", a_target), _symbols("w_target", w_target)
    if not a:
        raise InvalidArgument("model: no terms; an exponential-sum model needs m >= 1 terms")
    if len(a) != len(w):
        raise InvalidArgument(f"model: {len(a)} coefficients but {len(w)} rates")
    if len(b) != len(v):
        raise InvalidArgument(f"target: {len(b)} coefficients but {len(v)} rates")
    return a, w, b, v
