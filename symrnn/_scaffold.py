"""`symrnn new KEY`: a claim package to start from, with one proved claim, one refuted claim (with
its hypothesis and an independent re-check) and one certified bound."""

from __future__ import annotations

import re
from pathlib import Path

from ._errors import InvalidArgument

_INIT = '''"""{key}: the claims of <title> (<authors>, <venue>), in paper order.

One module per section; `{command}` checks them.
"""

import symrnn as sr

paper = sr.Paper(
    "{key}",
    title="<title of the paper>",
    authors="<authors>",
    venue="<venue and year>",
    cite="<DOI, arXiv or OpenReview identifier>",
    strict=True,           # refutations need hypotheses as code and an independent re-check
)

from . import sec2  # noqa: E402,F401  (sections in paper order)
'''

_SEC2 = '''"""Section 2 of the paper (replace the examples with the paper's statements, as printed)."""

import sympy as sp

import symrnn as sr

from . import paper

x = sp.Symbol("x", real=True)
t = sp.Symbol("t", positive=True)

# -- a true identity: proved by SymPy ---------------------------------------------------------
lemma1 = paper.claim(
    "lemma1", kind="lemma", label="Lemma 1",
    statement=r"""For every $t > 0$, $\\int_0^\\infty e^{{-st}} \\, ds = 1/t$.""",
    variables={{t: sr.positive()}},        # the statement as code: what it quantifies over, and where
    printed={{"rhs": 1 / t}},
)


@lemma1.check(layer="symbolic", full=True, method="sympy.integrate")
def closed_form(ctx):
    s = sp.Symbol("s", positive=True)
    ctx.identity("int_0^oo e^(-st) ds = printed", sp.integrate(sp.exp(-s * t), (s, 0, sp.oo)), ctx.printed["rhs"])


# -- a false inequality: refuted at a witness that satisfies the hypothesis --------------------
def _value(p, printed):
    v = sr.parse_number(p["x"], name="x")      # a witness value is text a user typed: read it as data
    return v * sp.exp(-v), printed["c"]


def _replay(p, dps, printed):                   # SymPy, exact expression evaluated at dps digits
    lhs, c = _value(p, printed)
    return {{"violated": bool(sp.N(lhs - c, dps) > 0), "values": {{"x e^-x": sp.N(lhs, 20)}}}}


def _recheck(p, dps, printed):                  # another evaluator: Arb balls (python-flint)
    f = sr.numeric.compile_arb(x * sp.exp(-x) - printed["c"], (x,))
    ball = f(sr.numeric.to_arb(p["x"]))
    return {{"violated": bool(ball > 0), "values": {{"x e^-x - c": ball.str(15)}}}}


lemma2 = paper.claim(
    "lemma2", kind="lemma", label="Lemma 2",
    statement=r"""For $x \\ge 0$, $x e^{{-x}} \\le 1/3$.""",
    assumptions=[r"$x \\ge 0$"],
    variables={{x: sr.nonnegative()}},
    printed={{"c": sp.Rational(1, 3)}},
)


@lemma2.hypothesis("nonnegative", r"$x \\ge 0$")
def _nonnegative(p):
    return sr.parse_number(p["x"], name="x") >= 0, "x = " + p["x"]


@lemma2.check(layer="numeric", full=True, method="adversarial search + witness", replay=_replay, recheck=_recheck,
              evaluators=("SymPy evalf", "Arb balls"))
def search(ctx):
    space = {{"x": sr.numeric.Variable(0.0, 20.0)}}
    c = float(ctx.printed["c"])
    res = sr.numeric.search_inequality(lambda p: c - p["x"] * 2.718281828459045 ** -p["x"], space, seed=ctx.seed)
    if res.candidate is None:
        ctx.no_violation("x e^-x <= c on [0, 20]", points=res.evaluations, detail=res.describe())
        return
    witness = {{"x": str(sp.Rational(res.candidate["x"]).limit_denominator(1000))}}
    ctx.refute("x e^-x <= c fails", witness, certificate=res.describe())


lemma2_fixed = paper.correction(
    "lemma2_fixed", corrected_from="lemma2", label="Lemma 2 (corrected)",
    statement=r"""For $0 \\le x \\le 20$, $x e^{{-x}} \\le 3/8$.""",
    assumptions=[r"$0 \\le x \\le 20$"],
    variables={{x: sr.real(0, 20)}},
    printed={{"c": sp.Rational(3, 8)}},
)


@lemma2_fixed.check(layer="numeric", full=True, method="Arb branch and bound")
def certified(ctx):
    ctx.certify("x e^-x <= c on [0, 20]", ctx.printed["c"] - x * sp.exp(-x), {{x: (0, 20)}})
'''


def check_key(key: str) -> None:
    if not re.match(r"^[a-z][a-z0-9_]*$", key):
        raise InvalidArgument(f"paper key {key!r} must be lower-case letters, digits and underscores, e.g. 'smith2025'")


def check_command(key: str, target: Path) -> str:
    """The command that checks a new package: the same in its docstring and in what `symrnn new` prints."""
    return f"symrnn check {key} --path {target}"


def new_package(key: str, folder: str | Path = "derivations") -> Path:
    """Write `<folder>/<key>/` (refuses to overwrite); returns the package path."""
    check_key(key)
    target = Path(folder) / key
    if target.exists():
        raise InvalidArgument(f"{target} exists already; choose another key or folder")
    target.mkdir(parents=True)
    (target / "__init__.py").write_text(_INIT.format(key=key, command=check_command(key, target)))
    (target / "sec2.py").write_text(_SEC2.format())
    return target
