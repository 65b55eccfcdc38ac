"""L2[0, inf) algebra of exponential polynomials  sum_i c_i t^{n_i} e^{-s_i t}  (Re s_i > 0).

The one integral everything rests on:  int_0^inf t^n e^{-s t} dt = n! / s^{n+1}.
An unspecified template g(t) enters through its Laplace moments
    M_n(s) := int_0^inf t^n e^{-s t} g(t) dt,   with  d/ds M_n(s) = -M_{n+1}(s)
(differentiation under the integral, valid for bounded g and s > 0), and through its
squared norm int_0^inf g(t)^2 dt.
"""

from __future__ import annotations

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
    """A SymPy function class D(n, s) standing for int_0^inf t^n e^{-st} g(t) dt, with
    dD/ds = -D(n+1, s). `latex` is a %-template with keys n and s (the paper's notation)."""

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
    """int_0^inf expr dt, term by term, for expr polynomial in t, e^{-s t} and a template g(t).

    Terms with g(t) become moments(n, s); the term g(t)^2 (no t, no exponential) becomes
    `template_norm_sq`. Every rate s must be positive under the symbols' assumptions.
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
    """sum_i coeffs[i] * exp(-rates[i] * t) as a SymPy expression."""
    if len(coeffs) != len(rates):
        raise InvalidArgument(f"{len(coeffs)} coefficients but {len(rates)} rates")
    return sympy.Add(*[c * sympy.exp(-r * t) for c, r in zip(coeffs, rates)])


def inner_exp_sums(a, w, b, v):
    """<sum_i a_i e^{-w_i t}, sum_j b_j e^{-v_j t}>_{L2[0,inf)} = sum_{i,j} a_i b_j / (w_i + v_j)."""
    return sympy.Add(*[ai * bj / (wi + vj) for ai, wi in zip(a, w) for bj, vj in zip(b, v)])


def expsum_loss(a, w, a_target, w_target):
    """|| sum a_i e^{-w_i t} - sum a*_j e^{-w*_j t} ||^2 in closed form (Cauchy-kernel double sums)."""
    return inner_exp_sums(a, w, a, w) - 2 * inner_exp_sums(a, w, a_target, w_target) \
        + inner_exp_sums(a_target, w_target, a_target, w_target)
