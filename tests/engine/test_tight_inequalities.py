"""Tight inequalities (the two sides touch), integer variables and complex values in `ctx.inequality` (issue 19).

Each probe here was undecided, wrongly refuted or crashed before: branch and bound bisected forever around a
touching point, an integer variable was searched at 49/2, and a**t with a < 0 crashed the search.
"""

from __future__ import annotations

import sympy as sp

from symrnn import Verdict
from symrnn._context import CheckContext

R = sp.Rational
oo = sp.oo


def ctx_for():
    return CheckContext(claim_id="t.c", check_name="k", dps=30, seed=0, printed={}, replay=None)


a, b, c, x, y = sp.symbols("a b c x y", real=True)


# -- 1a. the exact route, on compact boxes too ---------------------------------------------------------------------
def test_tight_inequalities_on_boxes_and_lines_are_proved_exactly():
    cases = [
        ("a^2 <= 1 on [-1, 1]", a ** 2, 1, {a: (-1, 1)}),
        ("x <= 1 on [-1, 1]", x, 1, {x: (-1, 1)}),
        ("|cb| <= |c||b| on a box", sp.Abs(c * b), sp.Abs(c) * sp.Abs(b), {c: (-1, 1), b: (-2, 3)}),
        ("|cb| <= |c||b| on R^2", sp.Abs(c * b), sp.Abs(c) * sp.Abs(b), {c: (-oo, oo), b: (-oo, oo)}),
        ("2xy <= x^2 + y^2 on a box", 2 * x * y, x ** 2 + y ** 2, {x: (-1, 1), y: (-1, 1)}),
        ("2xy <= x^2 + y^2 on R^2", 2 * x * y, x ** 2 + y ** 2, {x: (-oo, oo), y: (-oo, oo)}),
    ]
    for title, lhs, rhs, dom in cases:
        ctx = ctx_for()
        assert ctx.inequality(title, lhs, rhs, dom, max_boxes=2000, seconds=10) is Verdict.PROVED, \
            (title, ctx.record.findings[-1].detail)
        assert ctx.record.findings[-1].verdict is Verdict.PROVED


def test_the_proof_of_a_box_covers_the_closed_end_and_says_how():
    ctx = ctx_for()
    assert ctx.inequality("x <= 1 on [-1, 1]", x, 1, {x: (-1, 1)}) is Verdict.PROVED
    detail = ctx.record.findings[-1].detail
    assert "(-1 + 1 p)/(1 + p)" in detail and "[x = 1]" in detail       # the image [-1, 1) and the face x = 1


def test_polya_and_quadratic_arguments():
    from symrnn.symbolic._inequality_proof import polya_sign, prove_inequality, quadratic_sos

    p = sp.Symbol("p", nonnegative=True)
    assert "Polya" in polya_sign((1 + 3 * p + 3 * p ** 2) / (1 + p) ** 3, [p], strict=True)
    assert polya_sign((p - 1) ** 2, [p], strict=False) is None          # true, but not by this argument
    u, v = sp.symbols("u v", real=True)
    assert quadratic_sos(u ** 2 - u * v + v ** 2, [u, v], strict=False)
    assert quadratic_sos(u ** 2 - 3 * u * v + v ** 2, [u, v], strict=False) is None      # indefinite
    # a Polya certificate on the box that the assumptions alone do not give: 1 - x^3 - x/2 + x^2/2 on [0, 1]
    assert prove_inequality(1 - x ** 3 / 2 - x / 2, {x: (0, 1)}).proved
    assert not prove_inequality(1 - x ** 3 / 2 - x / 2, {x: (0, R(11, 10))}).proved


def test_false_tight_looking_inequalities_are_refuted_not_proved():
    ctx = ctx_for()
    assert ctx.inequality("a^2 <= 1 on [-1, 1.001]", a ** 2, 1, {a: (-1, R("1.001"))}) is Verdict.REFUTED
    assert 1 < R(ctx.record.witnesses[-1].params["a"]) <= R("1.001")
    ctx = ctx_for()
    assert ctx.inequality("x^2 <= x on [0, 2]", x ** 2, x, {x: (0, 2)}) is Verdict.REFUTED
    assert 1 < R(ctx.record.witnesses[-1].params["x"]) <= 2


# -- 1b. touching points closed by exact local arguments in branch and bound ---------------------------------------
def test_branch_and_bound_closes_the_neighbourhoods_of_touching_points():
    from symrnn.numeric import certify_inequality

    cases = [
        ("interior double zero", sp.exp(-1) - x * sp.exp(-x), {x: (0, 5)}, "Taylor"),
        ("boundary zero", 1 - x, {x: (-1, 1)}, "decrease towards c"),
        ("both ends", 1 - x ** 2, {x: (-1, 1)}, "decrease towards c"),
        ("2-D interior", sp.exp(x ** 2 + y ** 2) - 1 - x ** 2 / 2, {x: (-1, 1), y: (-1, 1)}, "leading principal minor"),
        ("2-D corner", 2 - sp.exp(x) - sp.exp(y), {x: (-1, 0), y: (-1, 0)}, "decrease towards c"),
        ("algebraic touching point", (x ** 2 - 2) ** 2 * sp.exp(x), {x: (0, 3)}, "sqrt(2)"),
        # degenerate: g'' = 1 - cos x vanishes at the touching point too (a nested certificate of its sign)
        ("fourth-order zero", sp.cos(x) - 1 + x ** 2 / 2, {x: (-1, 1)}, "nested certificate"),
        ("third-order zero at an end", x - sp.sin(x), {x: (0, 2)}, "nested certificate"),
    ]
    for name, g, box, argument in cases:
        cert = certify_inequality(g, box, max_boxes=3000, seconds=10)
        assert cert.certified, (name, cert.describe())
        assert cert.local and argument in cert.describe(), (name, cert.describe())
        assert certify_inequality(g, box, max_boxes=300, seconds=10, touching=False).status == "inconclusive"


def test_a_touching_point_that_is_not_a_minimum_is_never_closed():
    from symrnn.numeric import certify_inequality

    # g(0) = 0 with slope -1/1000 at the lower end: negative just inside the box
    assert certify_inequality(x ** 2 - x / 1000, {x: (0, 1)}, max_boxes=3000, seconds=10).status == "counterexample"
    # a saddle: g(0, 0) = 0, zero gradient, indefinite Hessian
    assert certify_inequality(x ** 2 - y ** 2 / 1000, {x: (-1, 1), y: (-1, 1)}, max_boxes=3000,
                              seconds=10).status == "counterexample"
    # a fourth-order zero of the wrong sign: cos x - 1 + x^2/2 - x^4/20 < 0 near 0
    assert certify_inequality(sp.cos(x) - 1 + x ** 2 / 2 - x ** 4 / 20, {x: (-1, 1)}, max_boxes=3000,
                              seconds=10).status == "counterexample"
    # a cubic zero inside: g(1) = g'(1) = g''(1) = 0
    assert certify_inequality((x - 1) ** 3 + (x - 1) ** 4, {x: (R(1, 2), 2)}, max_boxes=3000,
                              seconds=10).status == "counterexample"


def test_ctx_inequality_certifies_a_touching_inequality_that_sympy_cannot_prove():
    ctx = ctx_for()
    assert ctx.inequality("x e^-x <= 1/e on [0, 5]", x * sp.exp(-x), sp.exp(-1), {x: (0, 5)}, seconds=20) \
        is Verdict.CERTIFIED
    assert "exact local argument" in ctx.record.findings[-1].detail


# -- 2. integer variables --------------------------------------------------------------------------------------------
def test_an_integer_variable_is_not_refuted_between_integers():
    t = sp.Symbol("t", integer=True)
    s = sp.sin(sp.pi * t / 2) ** 2
    ctx = ctx_for()
    assert ctx.inequality("s(1 - s) <= 0 for every integer t >= 1", s * (1 - s), 0, {t: (1, oo)}) is Verdict.PROVED
    assert not ctx.record.witnesses
    assert "t = 1 + 4 m" in ctx.record.findings[-1].detail          # residues modulo the period 4
    # the same with a plain symbol declared integer by the call
    u = sp.Symbol("u")
    su = sp.sin(sp.pi * u / 2) ** 2
    ctx = ctx_for()
    assert ctx.inequality("s(1 - s) <= 0", su * (1 - su), 0, {u: (1, oo)}, integers=[u]) is Verdict.PROVED


def test_a_finite_integer_range_is_decided_exhaustively():
    t = sp.Symbol("t", integer=True)
    ctx = ctx_for()
    assert ctx.inequality("t^2 <= t + 2 for t in {-1, ..., 2}", t ** 2, t + 2, {t: (-1, 2)}) is Verdict.PROVED
    assert "exhaustively" in ctx.record.findings[-1].detail


def test_integer_witnesses_are_integers_of_the_domain():
    t = sp.Symbol("t", integer=True)
    ctx = ctx_for()
    assert ctx.inequality("sin(pi t/2)^2 <= 1/2 for t in {0..7}", sp.sin(sp.pi * t / 2) ** 2, R(1, 2), {t: (0, 7)}) \
        is Verdict.REFUTED
    assert ctx.record.witnesses[-1].params == {"t": "1"}
    ctx = ctx_for()
    assert ctx.inequality("t^2 <= 50 for integers t >= -10", t ** 2, 50, {t: (-10, oo)}) is Verdict.REFUTED
    assert sp.Integer(ctx.record.witnesses[-1].params["t"]) ** 2 > 50


def test_certify_does_not_take_a_point_between_integers_as_a_witness():
    n = sp.Symbol("n", integer=True)
    ctx = ctx_for()
    # < 0 only for n in (1/2 - 1/sqrt(5), 1/2 + 1/sqrt(5)), which holds no integer
    assert ctx.certify("(n - 1/2)^2 >= 1/5 on integers", (n - R(1, 2)) ** 2 - R(1, 5), {n: (0, 3)}) \
        is Verdict.INCONCLUSIVE
    assert not ctx.record.witnesses and "integer" in ctx.record.findings[-1].detail
    ctx = ctx_for()
    assert ctx.certify("(n - 3/2)^2 >= 1/2 on integers", (n - R(3, 2)) ** 2 - R(1, 2), {n: (0, 3)}) is Verdict.REFUTED
    assert sp.Integer(ctx.record.witnesses[-1].params["n"]) in (1, 2)


# -- 3. complex values at search points ------------------------------------------------------------------------------
def test_a_negative_base_to_a_real_power_does_not_crash_the_search():
    ctx = ctx_for()
    t = sp.Symbol("t", real=True)
    v = ctx.inequality("a^t <= 10, a in [-2, -1], t >= 0", a ** t, 10, {a: (-2, -1), t: (0, oo)}, design=40)
    assert v is Verdict.INCONCLUSIVE
    assert "outside the real domain" in ctx.record.findings[-1].detail
    # with t an integer the power is real, and the violation is a witness on the integers
    n = sp.Symbol("n", integer=True)
    ctx = ctx_for()
    assert ctx.inequality("a^n <= 10, n >= 0 an integer", a ** n, 10, {a: (-2, -1), n: (0, oo)}, design=40) \
        is Verdict.REFUTED
    w = ctx.record.witnesses[-1].params
    assert sp.Integer(w["n"]) >= 0 and sp.Rational(w["a"]) ** sp.Integer(w["n"]) > 10
    assert w == {"a": "-2", "n": "4"}          # the simplest integer point, not the search's far-away worst one


def test_a_strict_inequality_that_is_tight_at_an_end_is_refuted_there_exactly():
    ctx = ctx_for()
    assert ctx.inequality("x < 1 on [-1, 1]", x, 1, {x: (-1, 1)}, strict=True, max_boxes=500) is Verdict.REFUTED
    (w,) = ctx.record.witnesses
    assert w.params == {"x": "1"} and w.independent and w.evaluators[1] == "Arb balls"
    ctx = ctx_for()
    assert ctx.inequality("a^2 < 1 on [-1, 1]", a ** 2, 1, {a: (-1, 1)}, strict=True, max_boxes=500) is Verdict.REFUTED
    assert ctx.record.witnesses[-1].params["a"] in ("-1", "1")


def test_shared_subexpressions_still_enclose_every_expression():
    """compile_arb_many evaluates the subexpressions common to f and its partial derivatives once per box (sympy.cse);
    each ball must still contain the exact value of its own expression, at points and over boxes."""
    import random

    import sympy as sp

    from symrnn.numeric._arb import compile_arb_many, flint, interval

    fl = flint()
    x, y = sp.symbols("x y", real=True)
    core = sp.exp(-x * y) / (1 + x ** 2 + sp.tanh(y) ** 2)
    exprs = [core * sp.sqrt(1 + y ** 2), sp.diff(core, x), sp.diff(core, y), core ** 2 - sp.Abs(x - y) * core]
    run = compile_arb_many(exprs, (x, y))
    rng = random.Random(3)
    for _ in range(40):
        a, b = sp.Rational(rng.randint(-300, 300), 100), sp.Rational(rng.randint(-300, 300), 100)
        for e, ball in zip(exprs, run(a, b)):
            assert ball.rad() < 1e-10 and ball.overlaps(fl.arb(str(sp.N(e.subs({x: a, y: b}), 40)))), (e, a, b)
        box = (interval(a, a + sp.Rational(1, 10)), interval(b, b + sp.Rational(1, 7)))
        for e, ball in zip(exprs, run(*box)):
            for t in (0, sp.Rational(1, 3), 1):
                v = sp.N(e.subs({x: a + t / 10, y: b + t / 7}), 40)
                assert ball.overlaps(fl.arb(str(v))), (e, a, b, t)
