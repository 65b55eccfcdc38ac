"""Replays for the commonest witness shape: a printed formula against the same quantity computed another way.

A claim such as "dJ/da_k = 2[...] - 2 Delta_0(w_k)" is refuted at a witness point when the printed right side
differs from the left side computed independently (finite differences of a quadrature, differentiation of a
closed form). Both evaluations of a refutation must read the printed formula from `printed` (the quality tests
perturb it there) and compute the other side by two different evaluators (docs/design.md, "Verdicts").
"""

from __future__ import annotations

from typing import Callable

from ._errors import InvalidArgument


def formula_replays(key: str, *, evaluate: Callable, reference: Callable, recheck_reference: Callable,
                    rel_digits: int, labels: tuple[str, str] = ("reference", "recheck reference"),
                    docs: tuple[str, str] | None = None) -> tuple[Callable, Callable]:
    """A (replay, recheck) pair for `claim.check(replay=..., recheck=...)`: at a witness `params`, both evaluate
    the printed formula `printed[key]` with `evaluate` and compare it with the quantity it claims to equal,
    computed by `reference` (the replay) or by `recheck_reference` (the recheck: a different evaluator). The
    witness violates the formula when |reference - printed| > 10^-rel_digits (1 + |reference|).

    Arguments:
        key: the key of the formula in the claim's `printed`.
        evaluate: (formula, params, dps) -> number: the printed formula at the witness (for instance with
            `symrnn.symbolic.evaluate_printed`), an mpmath number.
        reference: (params, dps) -> mpmath number: the quantity the formula claims to equal, computed one way.
        recheck_reference: (params, dps) -> mpmath number: the same quantity computed by a different evaluator.
        rel_digits: the relative tolerance 10^-rel_digits (an integer >= 1, below the evaluators' accuracy).
        labels: how the two reference values are named in the witness (e.g. ("finite difference",
            "mpmath.diff of the closed form")).
        docs: optional docstrings of the replay and the recheck (shown by `symrnn replay`).

    Returns:
        (replay, recheck): functions (params, dps, printed) -> {"violated": bool, "values": {...}}.

    Raises:
        InvalidArgument: an empty key, a non-callable evaluator, or rel_digits not a positive integer.

    Example:
        >>> import mpmath
        >>> def ctx(dps):
        ...     c = mpmath.MPContext(); c.dps = dps; return c
        >>> value = lambda formula, p, dps: ctx(dps).mpf(formula) * ctx(dps).mpf(p["x"])
        >>> replay, recheck = formula_replays(
        ...     "slope", evaluate=value, rel_digits=10,
        ...     reference=lambda p, dps: 2 * ctx(dps).mpf(p["x"]),                      # d/dx x^2 = 2x
        ...     recheck_reference=lambda p, dps: ctx(dps).diff(lambda y: y ** 2, ctx(dps).mpf(p["x"])))
        >>> replay({"x": "3"}, 30, {"slope": 2})["violated"], recheck({"x": "3"}, 30, {"slope": 3})["violated"]
        (False, True)
        >>> formula_replays("slope", evaluate=value, reference=None, recheck_reference=None, rel_digits=10)
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: reference must be a callable (params, dps) -> number, got None
    """
    if not isinstance(key, str) or not key:
        raise InvalidArgument(f"key must be the name of a printed formula, got {key!r}")
    for name, fn in (("evaluate", evaluate), ("reference", reference), ("recheck_reference", recheck_reference)):
        if not callable(fn):
            shape = "(formula, params, dps)" if name == "evaluate" else "(params, dps)"
            raise InvalidArgument(f"{name} must be a callable {shape} -> number, got {fn!r}")
    if isinstance(rel_digits, bool) or not isinstance(rel_digits, int) or rel_digits < 1:
        raise InvalidArgument(f"rel_digits must be a positive integer, got {rel_digits!r}")

    def compare(ref, params, dps, printed, label):
        val = evaluate(printed[key], params, dps)
        tol = ref.context.mpf(10) ** (-rel_digits) if hasattr(ref, "context") else 10.0 ** (-rel_digits)
        return {"violated": bool(abs(ref - val) > tol * (1 + abs(ref))), "values": {label: ref, "printed": val}}

    def replay(params, dps, printed):
        return compare(reference(params, dps), params, dps, printed, labels[0])

    def recheck(params, dps, printed):
        return compare(recheck_reference(params, dps), params, dps, printed, labels[1])

    if docs:
        replay.__doc__, recheck.__doc__ = docs
    return replay, recheck
