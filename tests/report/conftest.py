"""A small claim package (the `symrnn new` scaffold plus a section with a definition, a display formula,
a plot and an unchecked claim) and its blueprint site, built once per session in quick mode."""


import pytest
from click.testing import CliRunner

from symrnn.cli import main

SEC3 = '''"""Section 3: a definition, a display, a figure and a statement without a check yet."""

import sympy as sp

import symrnn as sr

from . import paper

n = sp.Symbol("n", positive=True, integer=True)

paper.claim("def1", kind="definition", label="Definition 3", statement=r"""A sequence is \\emph{summable} when
$$\\sum_{k=1}^{\\infty} |a_k| < \\infty.$$ We write $a \\in \\ell^1$ (Braess \\& Hackbusch).""")

rate = paper.claim(
    "thm3", kind="theorem", label="Theorem 3", uses=["def1", "lemma1"],
    statement=r"""For every $n \\ge 1$, $\\displaystyle\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$.""",
    variables={n: sr.integer(1)},
)


@rate.check(layer="symbolic", full=True, method="sympy.summation")
def gauss(ctx):
    k = sp.Symbol("k", positive=True, integer=True)
    ctx.step("Gauss's sum in closed form", sp.Eq(sp.Sum(k, (k, 1, n)), n * (n + 1) / 2))
    ctx.identity("sum_{k<=n} k = n(n+1)/2", sp.summation(k, (k, 1, n)), n * (n + 1) / 2)
    ctx.plot("partial-sums", "partial sums against the closed form", xlabel="n", ylabel="sum",
             lines=[("sum", list(range(1, 9)), [m * (m + 1) // 2 for m in range(1, 9)])])


paper.claim("rem4", kind="remark", label="Remark 4", uses=["thm3"],
            statement=r"""The bound is sharp: $\\|x\\|_2 \\le 1$ cannot be dropped.""")
'''


@pytest.fixture(scope="session")
def blueprint(tmp_path_factory) -> dict:
    """Build the site once: {'root', 'html' (the site folder), 'claims' (the package), 'output'}."""
    root = tmp_path_factory.mktemp("blueprint")
    runner = CliRunner()
    made = runner.invoke(main, ["new", "alpha", "--folder", str(root / "claims")])
    assert made.exit_code == 0, made.output
    package = root / "claims" / "alpha"
    (package / "sec3.py").write_text(SEC3)
    init = package / "__init__.py"
    init.write_text(init.read_text().replace("from . import sec2", "from . import sec2, sec3"))
    out = runner.invoke(main, ["report", "alpha", "--quick", "--no-pdf", "-q", "--path", str(root / "claims"),
                               "-o", str(root / "rep"), "--cache-dir", str(root / "cache")])
    assert out.exit_code == 0, out.output
    return {"root": root, "html": root / "rep" / "html", "claims": package, "output": out.output}
