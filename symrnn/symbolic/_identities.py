"""Deciding `lhs == rhs` for SymPy expressions, honestly.

1. Exact: cheap SymPy normal forms of lhs - rhs (expand, cancel); zero means proved.
2. A numeric probe at a few admissible rational points (SymPy evalf at dps): a clearly nonzero
   value re-evaluated on an independent path (mpmath via lambdify at 2*dps) refutes, with
   that point as witness. This spares slow simplification of expressions that are not zero.
3. Expensive normal forms (power-base expansion for positive bases, simplify); zero: proved.
4. Agreement at every sampled point is reported as inconclusive, never as proved.

Undefined-function applications (e.g. moments of an unspecified template) are treated as
independent free values; this is sound for identities that must hold for every template,
because finitely many distinct moment functionals can take independent values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import mpmath
import sympy
from sympy.core.function import AppliedUndef

from .._verdict import Verdict

_NORMAL_FORMS = (
    ("expand", lambda e: sympy.expand(e)),
    ("cancel", lambda e: sympy.cancel(sympy.together(e))),
    ("expand_power_base (positive bases only) + simplify",
     lambda e: sympy.simplify(sympy.expand_power_base(sympy.factor_terms(sympy.together(e))))),
    ("simplify", lambda e: sympy.simplify(e)),
)


@dataclass
class IdentityDecision:
    verdict: Verdict
    detail: str
    witness: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    recheck: str = ""


def simple_point(symbols, domain: dict) -> dict:
    """The first point tried: small distinct values (1, 2, 3, ... or evenly spaced inside an
    explicit domain), so that a refutation found there reads easily."""
    point = {}
    n = len(symbols)
    for idx, s in enumerate(symbols):
        spec = domain.get(s, domain.get(str(s)))
        if spec is not None and not callable(spec):
            lo, hi = (sympy.Rational(str(x)) for x in spec)
            point[s] = lo + (hi - lo) * sympy.Rational(idx + 1, n + 1)
        elif getattr(s, "is_integer", False):
            point[s] = sympy.Integer(min(idx + 1, 6))
        else:
            point[s] = sympy.Integer(idx + 1)
    return point


def sample_point(symbols, domain: dict, rng: random.Random) -> dict:
    """An exact rational point respecting each symbol's assumptions (or an explicit domain).

    Domain entries are (lo, hi) rational bounds or a callable rng -> exact value.
    """
    point = {}
    for s in symbols:
        spec = domain.get(s, domain.get(str(s)))
        if callable(spec):
            point[s] = sympy.sympify(spec(rng))
            continue
        if spec is not None:
            lo, hi = (sympy.Rational(str(x)) for x in spec)
        elif getattr(s, "is_integer", False):
            lo = 1 if s.is_positive else 0
            point[s] = sympy.Integer(rng.randint(lo, 6))
            continue
        elif getattr(s, "is_positive", False):
            lo, hi = sympy.Rational(1, 20), sympy.Integer(10)
        elif getattr(s, "is_nonnegative", False):
            lo, hi = sympy.Integer(0), sympy.Integer(10)
        else:
            lo, hi = sympy.Integer(-5), sympy.Integer(5)
        u = sympy.Rational(rng.randint(0, 10**6), 10**6)
        point[s] = lo + (hi - lo) * u
    return point


def free_atoms(expr) -> list:
    """Symbols, undefined functions and moment functions (`template_moments`) of expr.

    Applied functions come first so that substitution replaces them whole. The label of an
    IndexedBase is not a value of its own when its entries a[1], a[2], ... are present: sampling it
    would list a phantom parameter in the witness."""
    free = expr.free_symbols
    # an entry g[a] whose index is bound by a sum (Sum(g[a], (a, 0, d))) is no value of its own: SymPy lists it
    # among the free symbols, but substituting a number for it would change the sum's meaning
    bound = {x for x in free if isinstance(x, sympy.Indexed)
             and any(i.free_symbols - free for i in x.indices)}
    labels = {x.base.label for x in free if isinstance(x, sympy.Indexed)}
    free = free - bound
    syms = sorted((x for x in free if x not in labels), key=sympy.default_sort_key)
    funcs = {f for f in expr.atoms(sympy.Function)
             if isinstance(f, AppliedUndef) or getattr(f, "_symrnn_free_value", False)}
    return sorted(funcs, key=sympy.default_sort_key) + syms


def _mp_eval(expr, point: dict, dps: int):
    """Independent evaluation path: lambdify to mpmath in a private context; returns (ctx, value).

    Functions that mpmath has no name for (e.g. `StirlingS2`) are evaluated by substituting the
    exact point first, where they reduce to numbers."""
    ctx = mpmath.MPContext()
    ctx.dps = dps
    try:
        return ctx, _mp_lambdify(ctx, expr, point, dps)
    except (NameError, TypeError):
        exact_point = {k: v for k, v in point.items() if sympy.sympify(v).is_Rational}
        reduced = expr.xreplace(exact_point).doit()
        rest = {k: v for k, v in point.items() if k not in exact_point}
        return ctx, _mp_lambdify(ctx, reduced, rest, dps)


def _mp_lambdify(ctx, expr, point: dict, dps: int):
    atoms = list(point)
    dummies = [sympy.Dummy() for _ in atoms]
    e = expr.xreplace(dict(zip(atoms, dummies)))
    f = sympy.lambdify(dummies, e, modules=[{"mpf": ctx.mpf}, ctx, "mpmath"])
    args = [ctx.mpf(sympy.Rational(v).p) / ctx.mpf(sympy.Rational(v).q) if sympy.sympify(v).is_Rational
            else ctx.mpf(str(sympy.N(v, dps + 10))) for v in point.values()]
    return f(*args)


def decide_identity(lhs, rhs, *, domain: dict, dps: int, rng: random.Random, points: int = 12,
                    admissible=None) -> IdentityDecision:
    """Cheap normal forms; then a numeric probe (a confirmed difference refutes at once);
    then the expensive normal forms; then numeric agreement, which is only inconclusive.

    `admissible(point)` (names -> exact strings) filters the probe points: a statement's hypotheses, so
    that a difference is only looked for where the statement makes a claim."""
    if isinstance(lhs, sympy.MatrixBase) or isinstance(rhs, sympy.MatrixBase):
        raise TypeError("decide_identity compares scalars; compare matrices entry by entry")
    diff = sympy.sympify(lhs) - sympy.sympify(rhs)
    cheap, costly = _NORMAL_FORMS[:2], _NORMAL_FORMS[2:]
    proved = _try_forms(diff, cheap)
    if proved:
        return proved
    pdiff, plhs = _constant_families(diff, sympy.sympify(lhs))
    atoms = free_atoms(pdiff)
    probe = _probe(pdiff, plhs, atoms, domain, dps, rng, min(points, 3), admissible)
    if probe.verdict is Verdict.REFUTED:
        return probe
    proved = _try_forms(diff, costly)
    if proved:
        return proved
    return _probe(pdiff, plhs, atoms, domain, dps, rng, points, admissible)


def _constant_families(*exprs):
    """An indexed family summed over (g[a] inside Sum(..., (a, 0, d))) is probed as a constant family: every entry of
    it, summed or not, takes one value `g[*]`. The constant family is a member of the family's domain, so a difference
    found there is a counterexample; entries sampled independently of the sums that contain them are not."""
    families = set()
    for e in exprs:
        free = e.free_symbols
        families |= {x.base for x in free if isinstance(x, sympy.Indexed)
                     and any(i.free_symbols - free for i in x.indices)}
    if not families:
        return exprs
    const = {b: sympy.Symbol(f"{b.label}[*]", **b.label.assumptions0) for b in families}
    return tuple(e.replace(lambda x: isinstance(x, sympy.Indexed) and x.base in const,
                           lambda x: const[x.base]).doit() for e in exprs)


def _try_forms(diff, forms):
    for name, form in forms:
        try:
            reduced = form(diff)
        except Exception:  # noqa: BLE001 - a normal form that fails is just not used
            continue
        if reduced == 0:
            return IdentityDecision(Verdict.PROVED, f"{name}(lhs - rhs) = 0")
    return None


def _numeric_at(expr, point: dict, dps: int):
    """expr at an exact point, to dps digits, without exact arithmetic on the way: substituting rationals first
    lets SymPy expand exact powers such as (123457/100000)**(10**7) (minutes, or no end); evalf with `subs`
    evaluates numerically. Falls back to the exact substitution where evalf leaves something unevaluated."""
    dummies = {k: sympy.Dummy(**getattr(k, "assumptions0", {})) if isinstance(k, sympy.Symbol) else sympy.Dummy()
               for k in point}
    try:
        val = expr.xreplace(dummies).evalf(dps, subs={d: point[k] for k, d in dummies.items()})
        if val.is_number and not val.free_symbols:
            return val
    except Exception:  # noqa: BLE001 - the exact path below decides
        pass
    return sympy.N(expr.xreplace(point), dps)


def _probe(diff, lhs, atoms, domain, dps, rng, points, admissible=None) -> IdentityDecision:
    """Evaluate lhs - rhs at `points` admissible points (the first one simple); points where `admissible`
    fails are drawn again (at most 20 draws per point)."""
    tol = sympy.Float(10) ** (-(dps - 10))
    evaluated, unconfirmed, rejected = 0, 0, 0
    for attempt in range(points):
        for draw in range(20):
            point = simple_point(atoms, domain) if attempt == 0 and draw == 0 else sample_point(atoms, domain, rng)
            if admissible is None or admissible({str(k): str(v) for k, v in point.items()}):
                break
            rejected += 1
        else:
            continue
        try:
            val = _numeric_at(diff, point, dps)
        except Exception as exc:  # noqa: BLE001
            return IdentityDecision(Verdict.INCONCLUSIVE,
                                    f"SymPy did not reduce lhs - rhs to 0 and numeric evaluation failed: {exc}")
        if not val.is_number or val.has(sympy.zoo, sympy.nan) or not val.is_real:
            continue
        evaluated += 1
        lhs_at = _numeric_at(sympy.sympify(lhs), point, 15) if point else sympy.N(lhs, 15)
        scale = 1 + (abs(lhs_at) if lhs_at.is_number and lhs_at.is_real else 0)
        if abs(val) > tol * scale:
            ctx, again = _mp_eval(diff, point, 2 * dps)
            if abs(again - ctx.mpf(str(val))) <= abs(again) * ctx.mpf(10) ** (-(dps - 10)):
                witness = {str(k): str(v) for k, v in point.items()}
                return IdentityDecision(
                    Verdict.REFUTED,
                    f"lhs - rhs = {sympy.N(val, 20)} at the witness (SymPy evalf, dps={dps})",
                    witness=witness,
                    values={"lhs - rhs": str(sympy.N(val, 30))},
                    recheck=f"mpmath (lambdify) at dps={2 * dps} gives {ctx.nstr(again, 20)}")
            unconfirmed += 1
    if evaluated == 0:
        why = f" ({rejected} sampled points broke a declared hypothesis)" if rejected else ""
        return IdentityDecision(Verdict.INCONCLUSIVE,
                                "SymPy did not reduce lhs - rhs to 0, and no sampled point could be evaluated" + why)
    extra = f"; {unconfirmed} apparent differences were not confirmed at dps={2 * dps}" if unconfirmed else ""
    return IdentityDecision(
        Verdict.INCONCLUSIVE,
        f"SymPy did not reduce lhs - rhs to 0; |lhs - rhs| < 1e-{dps - 10} at {evaluated - unconfirmed} of "
        f"{points} random admissible points (dps={dps}): numerical agreement only{extra}")
