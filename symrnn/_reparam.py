"""A certificate in new coordinates (`ctx.reparametrised`): the statement `original >= 0` over the declared domain,
certified by Arb branch and bound as `expr >= 0` over a box in coordinates c_k = g_k(declared variables).

The check gives the map (each box coordinate as an expression in the declared variables), the certified expression in
the box coordinates, and the statement's own expression in the declared variables. The engine itself decides:

(a) the image: every point of the declared domain maps into the box. Each coordinate's range over the declared domains
    (and the relations the claim declares as code, `relations=[|w| <= a]`: w is then a t with t in [-1, 1]) is enclosed
    exactly (SymPy: the coordinate simplified, interval arithmetic with `AccumBounds`, the range of a one-argument
    function such as tanh by `function_range`) or decided by SymPy's assumptions, and must lie inside its interval.
    A box larger than the image (a relaxation) is sound. With several pieces (alpha_m in [0, 1] and s = 1/alpha_m in
    [0, 1]) the coordinates that do not stay inside a piece's box must all be functions of one `split` expression in
    the declared variables: the values of the split each piece admits (SymPy sets) must together contain its range.
(b) the composition: `expr` with the coordinates replaced by their expressions equals `original` (an identity decided
    by SymPy), or, with `bound=True`, is at most `original` (original - composed >= 0 decided by SymPy's assumptions
    on the declared domains).

Only when (a) and (b) are decided and every piece is certified does the certificate cover the statement (certified,
general in the declared variables). An undecided step leaves the certificate evidence (holds) and the finding names
the step; an image decided to leave the box is a certificate over part of the domain; a composition decided wrong is
no evidence about the statement. A point where a piece's certificate fails lies in the box coordinates, not
necessarily in the image of the declared domain: it is never a counterexample to the statement.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from sympy.calculus.util import AccumBounds, function_range

from ._errors import InvalidArgument
from ._evidence import Finding
from ._statement import Domain, member_of, owner_of
from ._verdict import Verdict
from .symbolic._term_signs import termwise_nonnegative


@dataclass
class Piece:
    label: str
    expr: object          # the certified expression, in the box coordinates
    box: dict             # {coordinate symbol: (lo, hi)}
    coords: dict          # {coordinate symbol: expression in the declared variables}


def _domain_of(sym, variables: dict[str, Domain]) -> Domain | None:
    owner = owner_of(sym.name, variables)
    return None if owner is None else variables[owner]


def _closed(lo, hi):
    return sympy.Interval(lo, hi) if lo != hi else sympy.FiniteSet(lo)


# continuous functions of one real argument whose range SymPy's function_range gives over an interval
_CONTINUOUS = (sympy.tanh, sympy.exp, sympy.sin, sympy.cos, sympy.atan, sympy.sinh, sympy.cosh, sympy.log, sympy.Abs,
               sympy.erf)


def _le(a, b) -> bool:
    """a <= b decided by SymPy for numbers (True only when certainly true)."""
    try:
        return bool(sympy.sympify(a) <= sympy.sympify(b))
    except TypeError:
        return False


def enclosure(expr, doms: dict) -> tuple | None:
    """(lo, hi) with lo <= expr <= hi at every point where each symbol s lies in doms[s] = (lo, hi) (closed, possibly
    infinite ends); None when the engine cannot enclose it. Interval arithmetic in SymPy's AccumBounds; a function of
    one argument (tanh, exp, ...) by its exact range over the argument's enclosure (`function_range`)."""
    if expr.is_number:
        return (expr, expr) if expr.is_real else None
    if isinstance(expr, sympy.Symbol):
        return doms.get(expr)
    if isinstance(expr, _CONTINUOUS) and len(expr.args) == 1:
        inner = enclosure(expr.args[0], doms)
        if inner is None:
            return None
        y = sympy.Dummy("y", real=True)
        where = sympy.Interval(*inner) if inner[0] != inner[1] else sympy.FiniteSet(inner[0])
        try:
            rng = function_range(expr.func(y), y, where)
        except (NotImplementedError, ValueError, TypeError):
            return None
        if rng.is_empty or not (rng.inf.is_real or rng.inf.is_infinite) or not (rng.sup.is_real or rng.sup.is_infinite):
            return None
        return rng.inf, rng.sup
    if isinstance(expr, (sympy.Add, sympy.Mul, sympy.Pow)):
        parts = [enclosure(a, doms) for a in expr.args]
        if any(p is None for p in parts):
            return None
        if isinstance(expr, sympy.Pow):
            (blo, _), (elo, ehi) = parts
            if not (elo == ehi and (elo.is_integer or _le(0, blo))):
                return None         # a fractional power of a base that may be negative, or a variable exponent
        try:
            acc = expr.func(*[AccumBounds(lo, hi) if lo != hi else lo for lo, hi in parts])
        except (TypeError, ValueError, NotImplementedError):
            return None
        if isinstance(acc, AccumBounds):
            return acc.min, acc.max
        if getattr(acc, "is_number", False) and acc.is_real:
            return acc, acc
    return None


def _relation_substitution(relations, variables) -> tuple[dict, dict, list]:
    """Each declared relation as a substitution that describes a superset of the points it allows (sound for an image):
    |x - c| <= B (x a declared variable, c and B free of x) as x = c + B t, and |x| = B as x = B t, with a fresh t in
    [-1, 1]. Returns ({x: its expression}, {t: (-1, 1)}, [(relation, x)])."""
    subs, extra, used = {}, {}, []
    for rel in relations:
        if isinstance(rel, sympy.Equality):
            small, large = (rel.lhs, rel.rhs) if isinstance(rel.lhs, sympy.Abs) else (rel.rhs, rel.lhs)
        elif isinstance(rel, (sympy.LessThan, sympy.StrictLessThan)):
            small, large = rel.lhs, rel.rhs
        else:
            small, large = rel.rhs, rel.lhs
        if not isinstance(small, sympy.Abs):
            continue
        inner = small.args[0]
        for x in sorted(inner.free_symbols, key=str):
            if x in subs or _domain_of(x, variables) is None or x in large.free_symbols:
                continue
            slope = sympy.diff(inner, x)
            if slope not in (1, -1) or x in (inner - slope * x).free_symbols:
                continue
            t = sympy.Dummy(f"t_{x.name}", real=True)
            subs[x] = slope * (large * t - (inner - slope * x))     # inner = B t
            extra[t] = (sympy.Integer(-1), sympy.Integer(1))
            used.append((rel, x))
            break
    return subs, extra, used


def _chain(expr, subs, limit: int = 8):
    """expr with the relation substitutions applied until no substituted variable is left (a chain w -> w0 -> alpha),
    and every symbol met on the way."""
    expr, seen = sympy.sympify(expr), set()
    for _ in range(limit):
        seen |= expr.free_symbols
        hits = {x: e for x, e in subs.items() if x in expr.free_symbols}
        if not hits:
            break
        expr = expr.xreplace(hits)
    return expr, seen


def _substituted(expr, subs):
    return _chain(expr, subs)[0]


def _plain(sym, variables):
    dom = _domain_of(sym, variables)
    return sympy.Symbol(sym.name, **dom.assumptions()) if dom is not None and dom.kind != "given" else sym


def _by_signs(expr, variables, *, forms: bool = True) -> bool | None:
    """expr >= 0 decided by SymPy's assumptions on the declared domains (symbols widened to them): True, False (negative
    everywhere), None. `forms`: also try the cancelled and factored forms (costly on large expressions)."""
    plain = {s: _plain(s, variables) for s in expr.free_symbols if not isinstance(s, sympy.Dummy)}
    e = expr.xreplace(plain)
    # the forms are built one at a time: the cancelled and factored ones cost most and are rarely needed
    shapes = (lambda: e, lambda: sympy.cancel(sympy.together(e)), lambda: sympy.factor(e))
    for shape in shapes if forms else shapes[:1]:
        got = nonnegative(shape())
        if got is not None:
            return got
    return None


def nonnegative(e) -> bool | None:
    """e >= 0 from SymPy's assumptions, factor by factor: a quotient's numerator and denominator apart, each factor
    nonnegative by SymPy (as it is or expanded: a polynomial with positive coefficients in positive symbols), an even
    power, or a positive denominator. True, False (SymPy: negative), or None."""
    direct = e.is_nonnegative
    if direct is not None:
        return direct
    num, den = sympy.fraction(sympy.together(e))
    if not (den == 1 or den.is_positive or sympy.expand(den).is_positive
            or all(_factor_sign(f, positive=True) for f in sympy.Mul.make_args(sympy.factor_terms(den)))):
        return None
    factors = sympy.Mul.make_args(sympy.factor_terms(num))
    return True if all(_factor_sign(f) for f in factors) else None


def _sign_known(f, positive: bool) -> bool:
    return bool(f.is_positive if positive else f.is_nonnegative)


def _factor_sign(f, positive: bool = False) -> bool:
    if _sign_known(f, positive):
        return True
    if isinstance(f, sympy.Pow) and f.exp.is_integer and f.exp.is_even and not positive and f.base.is_real:
        return True
    if isinstance(f, sympy.Pow) and f.exp.is_integer and f.exp.is_positive:
        return _factor_sign(f.base, positive)
    if termwise_nonnegative(f, strict=positive):     # polynomial arithmetic in the atoms: fast, and a proof
        return True
    return _sign_known(sympy.expand(f), positive)


def _vertex_sign(expr, bounded: dict, variables) -> bool | None:
    """expr >= 0 where expr is affine in each of the bounded variables `bounded` ({t: (lo, hi)}) separately: a
    multi-affine function attains its minimum over the box at a vertex, so each vertex is decided by SymPy's
    assumptions. None when expr is not affine in them or a vertex is undecided."""
    import itertools

    ts = [t for t in bounded if t in expr.free_symbols]
    if not ts or len(ts) > 6:
        return None
    if any(sympy.simplify(sympy.diff(expr, t, 2)) != 0 for t in ts):
        return None
    for corner in itertools.product(*[bounded[t] for t in ts]):
        got = _by_signs(sympy.cancel(expr.xreplace(dict(zip(ts, corner)))), variables)
        if not got:
            return got
    return True


def coordinate_range(coord, variables: dict[str, Domain], relations=()) -> tuple[tuple | None, str]:
    """An enclosure (lo, hi) of a coordinate's values over the declared domain (with the declared relations), and how
    it was decided; (None, why) when the engine cannot enclose it."""
    coord = sympy.sympify(coord)
    subs, extra, used = _relation_substitution(relations, variables)
    tried = [(coord, "")]
    moved = _substituted(coord, subs)
    if moved != coord:
        tried.insert(0, (sympy.cancel(moved), f" with the declared relation(s) {_named(coord, subs, used)}"))
    for form, how in tried:
        doms = dict(extra)
        for sym in form.free_symbols:
            if sym in extra:
                continue
            dom = _domain_of(sym, variables)
            if dom is None or dom.kind == "given":
                return None, f"{sym} is not a declared real or integer variable"
            doms[sym] = dom.bounds()
        for shape in (lambda: form, lambda: sympy.cancel(form), lambda: sympy.simplify(form)):   # simplify only if needed
            enc = enclosure(shape(), doms)
            if enc is not None:
                return enc, f"{sympy.sstr(coord)} in [{enc[0]}, {enc[1]}] (SymPy interval arithmetic{how})"
    return None, f"SymPy cannot enclose {sympy.sstr(coord)} over the declared domain"


def _named(coord, subs, used) -> str:
    """The relations a coordinate's substitution chain went through, as text."""
    reached = _chain(coord, subs)[1]
    return ", ".join(sympy.sstr(r) for r, x in used if x in reached)


def relation_variables(coord, variables, relations) -> set:
    """The declared variables a coordinate reaches through the relations (w -> w0, rho_w, m -> alpha): the argument
    about the coordinate holds for every value of each of them that the relations allow."""
    subs, _, _ = _relation_substitution(relations, variables)
    return {s.name for s in _chain(coord, subs)[1] if not isinstance(s, sympy.Dummy)}


def _inside(coord, lo, hi, variables, relations) -> tuple[bool | None, str]:
    """Whether the coordinate stays in [lo, hi] over the declared domain: True, False (decided to leave it: SymPy's
    assumptions decide a value outside everywhere), None (undecided)."""
    coord = sympy.sympify(coord)
    lo, hi = sympy.sympify(lo), sympy.sympify(hi)
    enc, how = coordinate_range(coord, variables, relations)
    if enc is not None and _le(lo, enc[0]) and _le(enc[1], hi):
        return True, how
    # the relations' parameters t in [-1, 1]: the bounds at the vertices, where the coordinate is affine in them
    subs, extra, used = _relation_substitution(relations, variables)
    moved = sympy.cancel(_substituted(coord, subs))
    sides = [(coord - lo, moved - lo), (hi - coord, hi - moved)]
    decided = []
    for (plain_gap, gap), finite in zip(sides, (lo.is_finite, hi.is_finite)):
        if not finite:
            decided.append(True)
            continue
        got = _by_signs(plain_gap, variables)
        if got is None and gap != plain_gap:
            got = _vertex_sign(gap, extra, variables) or None    # a vertex is a point of the relaxation only
        decided.append(got)
    if all(decided):
        rel = f" with the declared relation(s) {_named(coord, subs, used)}" if moved != coord else ""
        return True, (f"{sympy.sstr(coord)} in [{lo}, {hi}] (SymPy's assumptions on the declared domains{rel}; the "
                      "relations' parameters at the vertices, where the coordinate is affine in them)")
    if any(d is False for d in decided):
        return False, f"{sympy.sstr(coord)} leaves [{lo}, {hi}] (SymPy's assumptions on the declared domains)"
    return None, how


def reparametrised(ctx, title: str, original, pieces, *, split=None, via=(), bound: bool = False, strict: bool = False,
                   max_boxes: int = 20000, seconds: float = 60.0):
    """See CheckContext.reparametrised."""
    from .numeric._branch_bound import certify_inequality
    from .symbolic._identities import decide_identity

    variables = ctx._variables
    if not variables:
        raise InvalidArgument(f"reparametrised {title!r}: the claim declares no variables (variables=), so there is "
                              "no declared domain to map into the box")
    if isinstance(pieces, tuple) and len(pieces) == 3:
        pieces = {"the box": pieces}
    if not isinstance(pieces, dict) or not pieces:
        raise InvalidArgument(f"reparametrised {title!r}: pieces must be (expr, box, coords) or {{label: (expr, box, "
                              "coords)}}")
    original = sympy.sympify(original)
    parts = []
    for label, spec in pieces.items():
        if not (isinstance(spec, tuple) and len(spec) == 3):
            raise InvalidArgument(f"reparametrised {title!r}: piece {label!r} must be (expr, box, coords)")
        expr, box, coords = sympy.sympify(spec[0]), dict(spec[1]), {k: sympy.sympify(v) for k, v in spec[2].items()}
        if set(map(str, box)) != set(map(str, coords)):
            raise InvalidArgument(f"reparametrised {title!r}, piece {label!r}: the box's coordinates "
                                  f"{sorted(map(str, box))} and the map's {sorted(map(str, coords))} differ")
        loose = sorted(str(s) for s in expr.free_symbols if str(s) not in set(map(str, box)))
        if loose:
            raise InvalidArgument(f"reparametrised {title!r}, piece {label!r}: no interval for {', '.join(loose)}")
        for k, e in coords.items():
            undeclared = sorted(s.name for s in e.free_symbols if _domain_of(s, variables) is None)
            if undeclared:
                raise InvalidArgument(f"reparametrised {title!r}, piece {label!r}: the coordinate {k} = {e} names "
                                      f"{', '.join(undeclared)}, which the statement does not quantify over")
        parts.append(Piece(str(label), expr, box, coords))
    undeclared = sorted(s.name for s in original.free_symbols if _domain_of(s, variables) is None)
    if undeclared:
        raise InvalidArgument(f"reparametrised {title!r}: the statement's expression names {', '.join(undeclared)}, "
                              "which the statement does not quantify over")
    relations = tuple(getattr(ctx, "_relations", ()))
    unverified, outside, wrong, notes = [], [], [], []

    # (a) the image of the declared domain lies in the box (in some piece's box)
    restricting, decided = {}, {}       # decided: pieces often share a coordinate and its interval
    for p in parts:
        for k, (lo, hi) in p.box.items():
            coord = next(e for c, e in p.coords.items() if str(c) == str(k))
            key = (coord, sympy.sympify(lo), sympy.sympify(hi))
            if key not in decided:
                decided[key] = _inside(coord, lo, hi, variables, relations)
            ok, how = decided[key]
            if ok:
                notes.append(f"[{p.label}] {how}")
            elif len(parts) > 1 and split is not None:
                restricting.setdefault(p.label, []).append((k, coord, lo, hi))
            elif ok is False:
                outside.append(f"[{p.label}] {how}: the image of the declared domain leaves the box")
            else:
                unverified.append(f"[{p.label}] (a) {k} = {sympy.sstr(coord)} in [{lo}, {hi}]: {how}")
    if len(parts) > 1:
        gap = _exhaustion(parts, restricting, split, variables, relations)
        if gap[0] is True:
            notes.append(gap[1])
        elif gap[0] is False:
            outside.append(gap[1])
        else:
            unverified.append(gap[1])

    # (b) the statement's expression, through the check's intermediate expressions `via`, to the certified expression
    # composed with the map: each link an identity (SymPy) or, with bound=True, a decided inequality (left >= right)
    for p in parts:
        composed = p.expr.xreplace({c: p.coords[c] for c in p.coords})
        chain = [("the statement's expression", original)] + [(f"via[{i}]", sympy.sympify(e)) for i, e in enumerate(via)] \
            + [("the certified expression composed with the map", composed)]
        for (left_name, left), (right_name, right) in zip(chain, chain[1:]):
            link = f"[{p.label}] (b) {left_name} {'>=' if bound else '='} {right_name}"
            (a, b), probe, widened = ctx._widen(left, right)
            if bound and not widened and _by_signs(a - b, variables, forms=False):   # an identity's difference may pass too
                notes.append(f"{link}: the difference is >= 0 (SymPy's assumptions on the declared domains, factor by "
                             "factor)")
                continue
            dec = decide_identity(a, b, domain=probe, dps=ctx.dps, rng=ctx.rng, points=8, admissible=ctx._admissible)
            if dec.verdict is Verdict.PROVED and not widened:
                notes.append(f"{link}: an identity ({dec.detail})")
                continue
            if dec.verdict is Verdict.REFUTED and not bound:
                wrong.append(f"{link} fails: {dec.detail}")
            elif dec.verdict is Verdict.REFUTED and _by_signs(b - a, variables, forms=False) is False:
                wrong.append(f"{link} fails: SymPy's assumptions decide {left_name} < {right_name}")
            else:
                unverified.append(f"{link}: not decided ({dec.detail}{widened})")
            break

    # the certificates, piece by piece (a failing point is a point of the box, not of the statement)
    certs = []
    for p in parts:
        cert = certify_inequality(p.expr, p.box, strict=strict, max_boxes=max_boxes, seconds=seconds, dps=ctx.dps)
        certs.append((p, cert))
    failed = [f"[{p.label}] {c.describe()}" for p, c in certs if not c.certified]
    summary = "; ".join(f"[{p.label}] {c.describe()}" for p, c in certs)
    names = {n for p in parts for e in p.coords.values() for n in relation_variables(e, variables, relations)}
    names |= {s.name for s in original.free_symbols}
    over = tuple(sorted({v for v, d in variables.items() for n in names if member_of(n, v, family=d.is_family)}))
    if failed:
        ctx.record.findings.append(Finding(
            Verdict.INCONCLUSIVE, title, "not certified: " + "; ".join(failed) + "; a failing point lies in the box "
            "coordinates, not necessarily in the image of the declared domain: no counterexample to the statement"))
        return Verdict.INCONCLUSIVE
    if wrong:
        ctx.record.findings.append(Finding(Verdict.INCONCLUSIVE, title, summary + "; " + "; ".join(wrong)
                                           + ": the certificate says nothing about the statement"))
        return Verdict.INCONCLUSIVE
    steps = "; ".join(notes)
    if outside:
        ctx.record.findings.append(Finding(
            Verdict.CERTIFIED, title, f"{summary}; over part of the declared domain: " + "; ".join(outside),
            scope="part", over=over))
        return Verdict.CERTIFIED
    if unverified:
        ctx.record.findings.append(Finding(
            Verdict.HOLDS, title, f"{summary}; evidence, not a certificate of the statement: unverified step(s) "
            + "; ".join(unverified) + (f"; decided: {steps}" if steps else "")))
        return Verdict.HOLDS
    ctx.record.findings.append(Finding(
        Verdict.CERTIFIED, title, f"{summary}; the declared domain maps into the box(es) and the composition is "
        f"decided: {steps}", scope="general", over=over))
    return Verdict.CERTIFIED


def _exhaustion(parts, restricting, split, variables, relations) -> tuple[bool | None, str]:
    """Whether the pieces' boxes together contain the image: (True, how), (False, what is left out), (None, why not
    decided). The coordinates a piece restricts must be functions of the one `split` expression."""
    split = sympy.sympify(split)
    undeclared = sorted(s.name for s in split.free_symbols if _domain_of(s, variables) is None)
    if undeclared:
        raise InvalidArgument(f"the split {split} names {', '.join(undeclared)}, which the statement does not "
                              "quantify over")
    enc, how = coordinate_range(split, variables, relations)
    if enc is None:
        return None, f"(a) the range of the split {sympy.sstr(split)}: {how}"
    y = sympy.Symbol("y_split", real=True)
    admitted = []
    for p in parts:
        allowed = sympy.S.Reals
        for k, coord, lo, hi in restricting.get(p.label, []):
            g = coord.subs(split, y)
            if g.free_symbols - {y} or sympy.simplify(g.xreplace({y: split}) - coord) != 0:
                return None, (f"(a) [{p.label}] the coordinate {k} = {sympy.sstr(coord)} is not a function of the "
                              f"split {sympy.sstr(split)} alone")
            try:
                allowed = sympy.Intersection(allowed, sympy.And(g >= lo, g <= hi).as_set())
            except (NotImplementedError, TypeError, ValueError) as exc:
                return None, f"(a) [{p.label}] SymPy cannot solve {lo} <= {sympy.sstr(g)} <= {hi} ({exc})"
        admitted.append(allowed)
    rng = _closed(*enc)
    left = sympy.Complement(rng, sympy.Union(*admitted))
    empty = left.is_empty
    if empty is None:
        return None, f"(a) SymPy cannot decide whether the pieces leave out {sympy.sstr(split)} in {left}"
    pieces = ", ".join(f"{p.label}: {sympy.sstr(split)} in {a}" for p, a in zip(parts, admitted))
    if not empty:
        return False, (f"the pieces ({pieces}) leave out {sympy.sstr(split)} in {left} of its range {rng} over the "
                       "declared domain")
    return True, f"the pieces ({pieces}) cover the range {rng} of {sympy.sstr(split)} over the declared domain (SymPy sets)"
