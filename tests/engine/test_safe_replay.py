"""Issue 19, item 5: replays that are safe and honest.

What a user types after `symrnn replay ID CHECK` is data, never code: one engine parser (`symrnn.parse_value`)
reads every witness value through an allow-listed grammar; the time limit covers reading the values and testing
the hypotheses; two-argument hypothesis tests work in replays; the numeric helpers take Fractions."""

import json
import time
from fractions import Fraction

import pytest
import sympy as sp
from click.testing import CliRunner

import symrnn as sr
from symrnn.cli import main

# the replay and the hypothesis of this claim file read their values the way li2022's replays used to
# (sympify), so a value that is code runs unless the engine refuses it before anything is called
UNSAFE = '''
import time
import sympy
import symrnn as sr
paper = sr.Paper("unsafe", title="t", authors="a", venue="v")
c = paper.claim("c", kind="lemma", label="C", statement="s", printed={"threshold": 1})

@c.hypothesis("above", "x > threshold")
def _above(p, printed):                       # two arguments: the printed threshold follows a perturbation
    return bool(sympy.sympify(p["x"]) > printed["threshold"]), f"x = {p['x']}"

@c.hypothesis("slow", "a hypothesis that hangs at x = 7")
def _slow(p):
    if p["x"] == "7":
        time.sleep(30)
    return True

def _replay(p, dps):
    return {"violated": bool(sympy.sympify(p["x"]) > 2), "values": {"x": p["x"]}}

@c.check(layer="numeric", replay=_replay)
def probe(ctx):
    ctx.exact_predicate("ok", True)
'''


@pytest.fixture
def unsafe(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "unsafe.py").write_text(UNSAFE)
    return tmp_path


def replay(*args):
    return CliRunner().invoke(main, ["replay", "unsafe.c", "probe", *args, "--path", "unsafe.py"])


# -- the parser ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("3", sp.Integer(3)), ("-1/2", sp.Rational(-1, 2)), ("0.1", sp.Rational(1, 10)), ("2.5e-3", sp.Rational(1, 400)),
    ("1E3", sp.Integer(1000)), (".5", sp.Rational(1, 2)), ("1,-1", (1, -1)), ("(1/2, 3)", (sp.Rational(1, 2), 3)),
    ("[0, 1]", (0, 1)), ("2**-3", sp.Rational(1, 8)), ("logistic", sp.Symbol("logistic")),
    ("tanh", sp.Symbol("tanh")), ("s_gauss", sp.Symbol("s_gauss")), ("Rational(1, 3)", sp.Rational(1, 3)),
])
def test_the_parser_reads_numbers_lists_and_words_exactly(text, expected):
    assert sr.parse_value(text) == expected


def test_the_parser_builds_kernels_from_the_allow_list():
    t = sp.Symbol("t", nonnegative=True)
    omega = sp.Rational(1, 10)
    assert sr.parse_expression("t**2*exp(-t)", symbols={"t": t}) == t ** 2 * sp.exp(-t)
    assert sr.parse_expression("omega*t**2*(1+t)**(-3-omega)", symbols={"t": t, "omega": omega}) == \
        omega * t ** 2 * (1 + t) ** (-3 - omega)
    assert sr.parse_value("sqrt(2)*pi + Abs(-E) + log(3)") == sp.sqrt(2) * sp.pi + sp.E + sp.log(3)
    with pytest.raises(sr.InvalidArgument, match="'s' is not one of the symbols"):
        sr.parse_expression("s**2", name="kernel", symbols={"t": t})


@pytest.mark.parametrize("text, part", [
    ("__import__('os').system('true')", "__import__('os').system"),
    ("open('f', 'w')", "'open'"),
    ("(1).__class__", "Attribute"),
    ("x[0]", "Subscript"),
    ("lambda: 1", "Lambda"),
    ("'text'", "str constant"),
    ("1 if x else 2", "IfExp"),
    ("x < 1", "Compare"),
    ("__builtins__", "'__builtins__'"),
    ("eval", "'eval'"),
    ("exp(x=1)", "keyword"),
    ("2^3", "write powers as **"),
    ("1j", "complex"),
    ("f(1)", "'f'"),
])
def test_the_parser_rejects_code_naming_the_part(text, part):
    with pytest.raises(sr.InvalidArgument) as exc:
        sr.parse_value(text, name="x")
    assert part in str(exc.value) and "never run as code" in str(exc.value)


@pytest.mark.parametrize("text", ["1e100000000", "2**10**10", "(10**1000)**1000", "sqrt(2)**(10**10)",
                                  "2**(1/3)**100000", "x" * 5000, "9" * 5000])
def test_huge_values_are_refused_at_once(text):
    start = time.monotonic()
    with pytest.raises(sr.InvalidArgument):
        sr.parse_value(text, name="x")
    assert time.monotonic() - start < 2


def test_the_engine_reads_number_strings_with_the_parser():
    from symrnn.numeric import exact
    from symrnn.symbolic import evaluate_printed

    assert exact("1e-3") == sp.Rational(1, 1000)
    with pytest.raises(sr.InvalidArgument):
        exact("__import__('os').getcwd()")
    x = sp.Symbol("x")
    assert evaluate_printed(2 * x, values={x: "3/8"}) - sp.Rational(3, 4) == 0


# -- the replay command ---------------------------------------------------------------------------------------

def test_a_value_that_is_code_is_never_run_and_exits_2(unsafe):
    """Issue 19: `symrnn replay ... 'x=__import__("os").system(...)'` ran a shell command."""
    marker = unsafe / "pwned"
    for value in (f"__import__('os').system('touch {marker}')", f"open('{marker}', 'w')",
                  f"__import__('pathlib').Path('{marker}').touch() or 3"):
        out = replay(f"x={value}")
        assert out.exit_code == 2, out.output
        assert "never run as code" in out.output and "Traceback" not in out.output
        assert len(out.output.strip().splitlines()) == 1
        assert not marker.exists()


def test_li2022_kernels_are_read_as_data(tmp_path):
    """The real case: li2022's replays sympified the kernel; a kernel that is code is refused before the replay."""
    marker = tmp_path / "pwned"
    out = CliRunner().invoke(main, ["replay", "li2022.thm10", "time_rescaling",
                                    f"kernel=__import__('os').system('touch {marker}') * t", "alpha=1", "beta=1/2",
                                    "C=1000", "c=973412"])
    assert out.exit_code == 2, out.output
    assert "never run as code" in out.output and not marker.exists()


def test_two_argument_hypotheses_are_decided_in_replays(unsafe):
    """`test(params, printed)` failed in replay (called with one argument) and was reported as not holding."""
    out = replay("x=3")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["violated"] is True
    assert {h["name"]: (h["holds"], h["detail"]) for h in data["hypotheses"]} == \
        {"above": (True, "x = 3"), "slow": (True, "")}
    assert json.loads(replay("x=1/2").output)["hypotheses"][0]["holds"] is False


@pytest.mark.parametrize("value", ["7", "2**10**10", "1e100000000"])
def test_the_timeout_covers_reading_values_and_hypotheses(unsafe, value):
    """A hypothesis that hangs, or a value whose reading would hang, ends within the limit with a clear message."""
    start = time.monotonic()
    out = replay(f"x={value}", "--timeout", "2")
    assert time.monotonic() - start < 15
    assert out.exit_code == 2, out.output
    assert ("did not finish within 2 s" in out.output) or ("too large" in out.output), out.output
    assert "Traceback" not in out.output


# -- Fractions in the numeric helpers ------------------------------------------------------------------------

def test_eigen_helpers_take_fractions_exactly():
    from symrnn.numeric import eigvalsh, weyl_enclosures

    rows = [[Fraction(1, 3), Fraction(1, 7)], [Fraction(1, 7), Fraction(2, 5)]]
    same = [[sp.Rational(1, 3), sp.Rational(1, 7)], [sp.Rational(1, 7), sp.Rational(2, 5)]]
    assert eigvalsh(rows, dps=30) == eigvalsh(same, dps=30)
    enc = weyl_enclosures(rows, dps=30)
    ref = weyl_enclosures(same, dps=30)
    assert enc is not None and [b.mid() for b in enc.balls] == [b.mid() for b in ref.balls]
    # a Fraction that is not a binary number is not rounded on entry: 1/3 stays exact to the last digit
    from symrnn.numeric import context

    assert eigvalsh([[Fraction(1, 3)]], dps=40)[0] == context(40).mpf(1) / 3


# -- replays recompute what depends on their parameters -------------------------------------------------------

THM10 = ["replay", "li2022.thm10", "time_rescaling", "alpha=1", "beta=1/2", "C=1000", "c=973412"]


def test_thm10_replay_computes_the_error_bound_for_the_kernel_given():
    """Issue 19: `replay li2022.thm10 time_rescaling kernel=0 ...` said "violated" with every hypothesis holding:
    the lower bound 0.0203 of t^2 e^{-t}'s error was carried as a constant. For the zero kernel the error is 0."""
    out = CliRunner().invoke(main, THM10 + ["kernel=0"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert all(h["holds"] for h in data["hypotheses"])
    assert data["violated"] is False and data["values"]["lower bound of the error"] == "0"
    # the witness printed in the README still violates (27), with the bound computed from its kernel
    data = json.loads(CliRunner().invoke(main, THM10 + ["kernel=t**2*exp(-t)"]).output)
    assert data["violated"] is True and all(h["holds"] for h in data["hypotheses"])
    assert data["values"]["lower bound of the error"].startswith("0.0203165")
    # a kernel the argument cannot handle is refused, not decided with another kernel's numbers
    from derivations.li2022.sec4_2_rates import _e1_lower_bound_for, t_nn

    with pytest.raises(sr.InvalidArgument, match="cannot compute a lower bound"):
        _e1_lower_bound_for(t_nn ** 2 * sp.exp(-t_nn) * sp.Abs(t_nn - 1))
    out = CliRunner().invoke(main, THM10 + ["kernel=t**2*exp(-t)*Abs(t - 1)"])
    assert out.exit_code == 2 and "violated" not in out.output, out.output


@pytest.mark.parametrize("args, violated, values", [
    # tanh(0) = 0 is what the witness rests on; with the logistic sigma(0) = 1/2 and kappa_t(0, 0) != 0
    (["cayci2024.rkhs_universal", "univ", "act=logistic", "t=3"], False, {}),
    (["cayci2024.rkhs_universal", "univ", "act=tanh", "t=3"], True, {"kappa_t(0,0) integrand": "0"}),
    # F~_1(x) = x E[sigma'(u x)] and the limit E[sigma'(u x)^2] x^2 for the activation given (tanh's were shown)
    (["cayci2024.rkhs", "t_equals_1", "act=logistic", "t=1", "x=1"], True, {"F~_1(x)": "0.206620964141907"}),
    (["cayci2024.rkhs", "t_equals_1", "act=tanh", "t=1", "x=1"], True, {"F~_1(x)": "0.605705509602159"}),
    (["cayci2024.prop2", "finite_width", "act=logistic", "t=1", "x=1"], True, {"limit": "0.0448362413501944"}),
    (["cayci2024.prop2", "finite_width", "act=tanh", "t=1", "x=1"], True, {"limit": "0.464402902448268"}),
])
def test_cayci_replays_use_the_activation_given(args, violated, values):
    """Issue 19: these replays took `act=` but computed with tanh whatever it was: `rkhs_universal univ act=logistic`
    said "violated" with every hypothesis holding, although logistic(0) = 1/2 breaks the witness's argument."""
    out = CliRunner().invoke(main, ["replay", *args])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["violated"] is violated
    assert {k: data["values"][k] for k in values} == values
