"""Small claim files written into tmp folders by the engine tests."""

import itertools
import textwrap

from symrnn._ledger import outcomes
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks


DEMO = '''
import sympy as sp
import symrnn as sr

x, y = sp.symbols("x y", positive=True)
paper = sr.Paper("demo", title="A demo paper", authors="A. Author", venue="Nowhere 2026")

square = paper.claim("eq1", kind="equation", label="(1)", statement=r"$(x+y)^2 = x^2 + 2xy + y^2$",
                     printed={"rhs": x**2 + 2*x*y + y**2})

@square.check(layer="symbolic", full=True, scope="all positive x, y")
def expand(ctx):
    ctx.identity("(x+y)^2 = printed", (x + y)**2, ctx.printed["rhs"])

wrong = paper.claim("eq2", kind="equation", label="(2)", statement=r"$(x+y)^2 = x^2 + y^2$", uses=["eq1"],
                    printed={"rhs": x**2 + y**2})

@wrong.check(layer="symbolic", full=True)
def expand2(ctx):
    ctx.identity("(x+y)^2 = printed", (x + y)**2, ctx.printed["rhs"])

def _replay(params, dps):
    n = int(params["n"])
    return {"violated": n * n != 2 * n, "values": {"n^2": n * n, "2n": 2 * n}}

count = paper.claim("lemma3", kind="lemma", label="Lemma 3", statement=r"$n^2 = 2n$ for every $n \\ge 1$",
                    uses=["eq2"])

@count.check(layer="property", replay=_replay)
def search(ctx):
    for n in range(1, 5):
        if n * n != 2 * n:
            # two parameters out of alphabetical order: the cache must keep their order (the report is byte-identical
            # whether a result was computed or read back)
            ctx.refute("n^2 != 2n", {"n": str(n), "k": "0"}, certificate="exact integers")
            return

later = paper.claim("thm4", kind="theorem", label="Theorem 4", statement="declared, not yet checked")
'''

BROKEN = '''
import symrnn as sr
paper = sr.Paper("broken", title="t", authors="a", venue="v")
c = paper.claim("eq1", kind="equation", label="(1)", statement="s")

@c.check(layer="numeric")
def crash(ctx):
    raise RuntimeError("boom")

v = paper.claim("eq2", kind="equation", label="(2)", statement="s")

@v.check(layer="numeric")
def vacuous(ctx):
    pass
'''

SLOW = '''
import time
import symrnn as sr
paper = sr.Paper("slow", title="t", authors="a", venue="v")
c = paper.claim("eq1", kind="equation", label="(1)", statement="s")

@c.check(layer="numeric", timeout=1)
def sleepy(ctx):
    time.sleep(30)
'''

NO_PAPER = "x = 1\n"
NO_CLAIMS = 'import symrnn as sr\npaper = sr.Paper("empty", title="t", authors="a", venue="v")\n'

TWIN = '''
import symrnn as sr
paper = sr.Paper("twin", title="Other version", authors="A. Author", venue="Elsewhere 2025")
paper.claim("eqa", kind="equation", label="(A)", statement="same as demo (1)", same_as="demo.eq1")
paper.claim("eqb", kind="equation", label="(B)", statement="same as demo (2)", same_as="demo.eq2")
'''


_PROBES = itertools.count()


def run_claim_file(tmp_path, head: str, body: str, paper: str, key: str):
    """Write `head` + the dedented `body` as the claim file of paper `paper` in a fresh folder under tmp_path, check
    every claim in it (one job), and return (the outcome of claim `key`, that claim's check results)."""
    folder = tmp_path / f"p{next(_PROBES)}"
    folder.mkdir()
    path = folder / f"{paper}.py"
    path.write_text(head + textwrap.dedent(body))
    reg = Registry.discover([path])
    claims = reg.select([paper])
    results = run_checks(claims, RunOptions(jobs=1, resolve=reg.get))
    (out,) = [o for o in outcomes(reg, claims, results) if o.claim.key == key]
    return out, [r for r in results if r.claim_id == f"{paper}.{key}"]
