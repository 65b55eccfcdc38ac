"""Appendix C: the delay teacher (C.1)."""

import sympy as sp

import symrnn as sr

from . import paper

S = sr.symbolic

eqC1 = paper.claim(
    "eq_c1", kind="equation", label="(C.1)", where="App. C.2.2",
    statement=r"""In order to generate the mentioned impulse response we set the weights as follows,
$$\mathbf{A} = \begin{pmatrix} 0 & 1 & & 0 \\ & & \ddots & \\ 0 & 0 & & 1 \\ 0 & 0 & & 0 \end{pmatrix}, \mathbf{B} = \begin{pmatrix} 0 \\ \vdots \\ 0 \\ 1 \end{pmatrix}, \text{ and } \mathbf{C}^\top = \begin{pmatrix} 1 \\ 0 \\ \vdots \\ 0 \end{pmatrix}. \quad (\text{C.1})$$
Note that $\mathbf{B}, \mathbf{C}$ above are set to extract the last entry of the first row of $\mathbf{A}^i$ and $\mathbf{A}$ is a Nilpotent shift matrix. It is straightforward to verify that $\mathbf{C}\mathbf{A}^i\mathbf{B} = 1$ for $i = \hat{d} - 1$ and 0 otherwise.""",
    uses=["def1"],
    variables={"dh": sr.integer(1, text="the delay d^ >= 1 (the size of the shift matrix)"), "i": sr.integer(0)},
    conclusions=[("extract", "A is a nilpotent shift matrix, and B, C extract the last entry of the first row of A^i",
                  "property"),
                 ("response", "C A^i B = 1 for i = d^ - 1 and 0 otherwise", "identity")],
)


@eqC1.check(layer="symbolic", method="exact matrix powers", about=("extract", "response"),
            scope="d^ = 1..12, i = 0..3d^: C A^i B = [i = d^ - 1], C A^i B = (A^i)_{1, d^}, A^{d^} = 0")
def delay(ctx):
    rows = []
    for dh in range(1, 13):
        A, B, C = S.delay_system(dh)
        h = S.impulse_response(A, B, C, 3 * dh + 1)
        ctx.exact(f"d^={dh}", tuple(h), tuple(1 if i == dh - 1 else 0 for i in range(3 * dh + 1)))
        ctx.exact(f"d^={dh}: A nilpotent (A^d^ = 0)", A ** dh, sp.zeros(dh, dh))
        H = S.hankel(h + [0] * dh, dh + 1)
        rows.append((dh, H.rank()))
    ctx.table("Hankel rank of the delay response (descriptive: equals d^)", ("d^", "rank H_{d^+1}"), rows)
