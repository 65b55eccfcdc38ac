"""Numbers for exponential-sum fits: loss, gradient and Hessian by quadrature or closed form.

Validation happens here, at the boundary: widths m >= 1, rates w > 0, finite exact inputs.
"""

from __future__ import annotations

from .._errors import InvalidArgument
from ._precision import context, exact, to_mpf


def validate_expsum(a, w, *, name: str = "model") -> tuple[list, list]:
    """Exact coefficient and rate lists; raises InvalidArgument with the offending value."""
    a, w = list(a), list(w)
    if len(a) < 1:
        raise InvalidArgument(f"{name}: m = 0 terms; an exponential sum needs m >= 1")
    if len(a) != len(w):
        raise InvalidArgument(f"{name}: {len(a)} coefficients a but {len(w)} rates w; they must pair up")
    ea = [exact(x, f"{name} a[{i}]") for i, x in enumerate(a)]
    ew = [exact(x, f"{name} w[{i}]") for i, x in enumerate(w)]
    for i, x in enumerate(ew):
        if x <= 0:
            raise InvalidArgument(
                f"{name} w[{i}] = {x} <= 0: e^(-w t) is not square-integrable on [0, inf) unless w > 0")
    return ea, ew


def loss_closed_form(a, w, a_target, w_target, *, dps: int):
    """|| sum a_i e^{-w_i t} - sum a*_j e^{-w*_j t} ||^2 from the Cauchy-kernel closed form."""
    a, w = validate_expsum(a, w)
    b, v = validate_expsum(a_target, w_target, name="target")
    ctx = context(dps)
    ca, cw, cb, cv = ([to_mpf(ctx, x) for x in xs] for xs in (a, w, b, v))

    def inner(p, r, q, s):
        return ctx.fsum(pi * qj / (ri + sj) for pi, ri in zip(p, r) for qj, sj in zip(q, s))

    return inner(ca, cw, ca, cw) - 2 * inner(ca, cw, cb, cv) + inner(cb, cv, cb, cv)


def loss_quadrature(a, w, a_target, w_target, *, dps: int):
    """The same loss by tanh-sinh quadrature of its defining integral; returns (value, error)."""
    a, w = validate_expsum(a, w)
    b, v = validate_expsum(a_target, w_target, name="target")
    ctx = context(dps)
    ca, cw, cb, cv = ([to_mpf(ctx, x) for x in xs] for xs in (a, w, b, v))

    def residual_sq(t):
        r = ctx.fsum(x * ctx.exp(-y * t) for x, y in zip(ca, cw)) - ctx.fsum(x * ctx.exp(-y * t) for x, y in zip(cb, cv))
        return r * r

    return ctx.quad(residual_sq, [0, 1, 10, ctx.inf], error=True)
