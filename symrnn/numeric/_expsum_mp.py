"""Exponential-sum L2[0, inf) algebra in an explicit mpmath context: the Cauchy-kernel inner product and the
closed form of || sum_i a_i e^{-w_i t} - sum_j b_j e^{-v_j t} - g ||^2 with a template g given by its moment."""

from __future__ import annotations

from .._errors import InvalidArgument
from ._precision import to_mpf


def _pairs(ctx, name, coeffs, rates):
    coeffs, rates = list(coeffs), list(rates)
    if len(coeffs) != len(rates):
        raise InvalidArgument(f"{name}: {len(coeffs)} coefficients but {len(rates)} rates; they must pair up")
    # mpmath numbers are taken as they are; exact numbers (int, Fraction, "3/8") are rounded once at ctx's precision
    conv = lambda x: x if hasattr(x, "_mpf_") else to_mpf(ctx, x)  # noqa: E731
    return [conv(x) for x in coeffs], [conv(x) for x in rates]


def cauchy_inner(ctx, a, w, b, v):
    """<sum_i a_i e^{-w_i t}, sum_j b_j e^{-v_j t}>_{L2[0, inf)} = sum_{i,j} a_i b_j / (w_i + v_j), summed by
    `ctx.fsum` (int_0^inf e^{-s t} dt = 1/s, so every rate sum must be positive).

    Arguments:
        ctx: an mpmath context (`symrnn.numeric.context(dps)`); the arithmetic happens at its precision.
        a, w: coefficients and rates of the first sum: mpmath numbers, or exact numbers (int, Fraction, a
            string such as "3/8"), rounded once at the precision of `ctx`.
        b, v: coefficients and rates of the second sum.

    Returns:
        An mpf (0 when a sum is empty).

    Raises:
        InvalidArgument: coefficient and rate lists of different lengths, or a float among the numbers.

    Example:
        >>> from symrnn.numeric import context
        >>> ctx = context(30)
        >>> cauchy_inner(ctx, [1], [1], [1], [1])      # int_0^inf e^{-2t} dt
        mpf('0.5')
        >>> cauchy_inner(ctx, [1, 2], [1], [1], [1])
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: first sum: 2 coefficients but 1 rates; they must pair up
    """
    a, w = _pairs(ctx, "first sum", a, w)
    b, v = _pairs(ctx, "second sum", b, v)
    return ctx.fsum(x * y / (s1 + s2) for x, s1 in zip(a, w) for y, s2 in zip(b, v))


def expsum_residual_norm_sq(ctx, a, w, b, v, *, moment0=None, template_norm_sq=0):
    """|| sum_i a_i e^{-w_i t} - sum_j b_j e^{-v_j t} - g ||^2_{L2[0, inf)} in closed form, at the precision of
    `ctx`:

        <a, a> - 2 <a, b> + <b, b> - 2 sum_i a_i M_0(w_i) + 2 sum_j b_j M_0(v_j) + ||g||^2,

    with <., .> the Cauchy-kernel inner product (`cauchy_inner`) and M_0(s) = int_0^inf e^{-s t} g(t) dt.

    Arguments:
        ctx: an mpmath context.
        a, w: the model's coefficients and rates; b, v: the target's.
        moment0: the template's Laplace moment s -> M_0(s) (a callable returning an mpf), or None (no template).
        template_norm_sq: ||g||^2 (with a template).

    Returns:
        An mpf.

    Raises:
        InvalidArgument: lists of different lengths, a float among the numbers, or a template norm without a
        moment.

    Example:
        >>> from symrnn.numeric import context
        >>> ctx = context(30)
        >>> ctx.nstr(expsum_residual_norm_sq(ctx, [1], [1], [1], [2]), 20)  # ||e^{-t} - e^{-2t}||^2 = 1/2 - 2/3 + 1/4
        '0.083333333333333333333'
        >>> expsum_residual_norm_sq(ctx, [1], [1], [], [], template_norm_sq=1)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: template_norm_sq without moment0: a template needs both
    """
    a, w = _pairs(ctx, "model", a, w)
    b, v = _pairs(ctx, "target", b, v)
    if moment0 is None and template_norm_sq != 0:
        raise InvalidArgument("template_norm_sq without moment0: a template needs both")
    out = cauchy_inner(ctx, a, w, a, w) - 2 * cauchy_inner(ctx, a, w, b, v) + cauchy_inner(ctx, b, v, b, v)
    if moment0 is None:
        return out
    return out - 2 * ctx.fsum(x * moment0(s) for x, s in zip(a, w)) \
        + 2 * ctx.fsum(x * moment0(s) for x, s in zip(b, v)) + template_norm_sq
