"""Evaluating a printed formula at a witness: the building block of replays that read `ctx.printed`.

A printed formula is a SymPy expression in the paper's symbols, with sums over indexed families
(`Sum(a[i]/(w[k] + w[i]), (i, 1, m))`) and unknown functions standing for quantities the paper defines
elsewhere (a template's moments). A replay that reads the formula from `printed` (rather than restating it)
is reached by the quality tests' perturbations: a perturbed formula is evaluated as perturbed.
"""

from __future__ import annotations

import sympy
from sympy.core.function import AppliedUndef

from .._errors import InvalidArgument
from ._matrices import instantiate


def _exact(name, value):
    try:
        if isinstance(value, str):
            from .._values import parse_number      # read as data, never run as code

            return parse_number(value, name=name)
        x = sympy.sympify(value)
    except (sympy.SympifyError, TypeError, ValueError) as exc:
        raise InvalidArgument(f"value for {name} = {value!r} is not an exact number: {exc}") from None
    if isinstance(value, float) or x.has(sympy.Float):
        raise InvalidArgument(f"value for {name} = {value!r} is a float; pass an exact rational (a string such as "
                              "'3/8', a Fraction or a SymPy Rational) so the evaluation is not rounded on entry")
    if not x.is_number:
        raise InvalidArgument(f"value for {name} = {value!r} is not a number")
    return x


def evaluate_printed(expr, *, sizes=None, index=None, values=None, functions=None, dps: int = 50):
    """A printed formula evaluated at a witness: sums unrolled at the given sizes, free indices fixed, the
    paper's symbols replaced by exact values, each application of an unknown function replaced by a number,
    then evaluated by SymPy at `dps` digits.

    Arguments:
        expr: the printed formula (typically `ctx.printed[key]`, or the `printed` argument of a replay).
        sizes: {size symbol: positive int}, e.g. {m: 2, m_star: 1}, for the `Sum`s over indexed families.
        index: {free index symbol: int}, e.g. {k: 1}.
        values: {symbol or indexed entry: exact value} (str such as "3/8", int, Fraction or SymPy Rational).
        functions: {function class: callable} for undefined functions (`Function('D')`) or function classes
            such as `template_moments(...)`; the callable receives the application's arguments as
            exact SymPy numbers and returns a number: a SymPy number stays as it is (exact values stay exact);
            anything else (an mpmath number, a decimal string) enters as a SymPy Float with `dps` digits (for
            example moments of a template by quadrature).
        dps: decimal digits of the evaluation (>= 15).

    Returns:
        A SymPy number: exact where everything was exact, else a Float with `dps` digits.

    Raises:
        InvalidArgument: a float or non-numeric value, dps < 15, or a formula that keeps free symbols or unknown
        functions after substitution (the message lists them) or does not evaluate to a real number.

    Example:
        >>> import sympy
        >>> a, w = sympy.IndexedBase('a'), sympy.IndexedBase('w')
        >>> i, k, m = sympy.symbols('i k m', integer=True, positive=True)
        >>> D = sympy.Function('D')
        >>> grad = 2 * sympy.Sum(a[i] / (w[k] + w[i]), (i, 1, m)) - 2 * D(w[k])
        >>> evaluate_printed(grad, sizes={m: 2}, index={k: 1},
        ...                  values={a[1]: 1, a[2]: '-1/2', w[1]: 1, w[2]: 3},
        ...                  functions={D: lambda s: 1 / (s + 1)}, dps=20)
        -0.25000000000000000000
        >>> evaluate_printed(grad, sizes={m: 2}, index={k: 1}, values={a[1]: 1})
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: the printed formula keeps free symbols after substitution: a[2], w[1], w[2], D; pass values for them
    """
    if isinstance(dps, bool) or not isinstance(dps, int) or dps < 15:
        raise InvalidArgument(f"dps must be an integer >= 15, got {dps!r}")
    out = instantiate(expr, dict(sizes or {}), dict(index or {})) if sizes or index else sympy.sympify(expr)
    out = out.xreplace({s: _exact(str(s), x) for s, x in (values or {}).items()})
    functions = dict(functions or {})
    if functions:
        repl = {}
        for app in out.atoms(sympy.Function):     # undefined functions and function classes such as moments
            fn = functions.get(app.func)
            if fn is not None and all(x.is_number for x in app.args):
                value = fn(*app.args)
                # an exact SymPy value stays exact; any other number enters with dps digits
                repl[app] = value if isinstance(value, sympy.Basic) else sympy.Float(str(value), dps)
        out = out.xreplace(repl)
    bases = {x.base.label for x in out.atoms(sympy.Indexed)}
    unknown = {f for f in out.atoms(sympy.Function) if isinstance(f, AppliedUndef) or f.func in functions}
    left = sorted(map(str, out.free_symbols - bases)) + sorted({str(f.func) for f in unknown})
    if left:
        raise InvalidArgument(f"the printed formula keeps free symbols after substitution: {', '.join(left)}; "
                              "pass values for them")
    value = sympy.N(out, dps)
    if not value.is_Number:       # e.g. a function class with no entry in `functions`
        raise InvalidArgument(f"the printed formula does not evaluate to a real number at the witness: {value}; "
                              "pass `functions` for the unknown functions it contains")
    return value
