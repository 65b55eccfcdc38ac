"""symrnn.symbolic state-space helpers, and the layers they link: the moment view, the recursion, torch autograd."""

import sympy as sp
from hypothesis import given, settings

import symrnn as sr
from symrnn.strategies import balanced_systems, diagonal_students, stable_symmetric_matrices

S = sr.symbolic


def test_recursion_is_the_shifted_convolution():
    A, B, C = S.symbolic_system(2)
    xs = sp.symbols("x0:4")
    ys = S.run_recursion(A, B, C, xs)
    h = S.impulse_response(A, B, C, 4)
    assert ys[0] == 0
    for t in range(1, 5):
        assert sp.expand(ys[t] - sum(h[t - 1 - j] * xs[j] for j in range(t))) == 0


def test_delay_system_and_hankel():
    A, B, C = S.delay_system(4)
    assert S.impulse_response(A, B, C, 8) == [0, 0, 0, 1, 0, 0, 0, 0]
    assert S.hankel(list(range(5)), 3) == sp.Matrix([[0, 1, 2], [1, 2, 3], [2, 3, 4]])
    assert S.vandermonde([1, 2]).det() == 1


@settings(max_examples=25, deadline=None)
@given(stable_symmetric_matrices(3))
def test_stable_symmetric_matrices_are_stable(A):
    M = sp.Matrix(A)
    assert M == M.T
    assert all(abs(complex(ev)) <= 1 + 1e-12 for ev in M.eigenvals())


@settings(max_examples=20, deadline=None)
@given(diagonal_students(3))
def test_moment_view_equals_state_space_response(student):
    a, b = student
    A, B = sp.diag(*a), sp.Matrix(b)
    h = S.impulse_response(A, B, B.T, 6)
    assert h == S.moment_response([x ** 2 for x in b], a, 6)


@settings(max_examples=10, deadline=None)
@given(balanced_systems(2))
def test_sympy_gradient_equals_torch_autograd(system):
    import torch

    A0, B0, _ = system
    A, B, C = S.symbolic_system(2)
    w = [sp.Rational(1), sp.Rational(1, 2), sp.Rational(1, 3)]
    L = S.population_loss(S.impulse_response(A, B, C, 3), w, 3)
    sub = {**{A[i, j]: A0[i][j] for i in range(2) for j in range(2)}, **{B[i]: B0[i] for i in range(2)},
           **{C[0, i]: B0[i] for i in range(2)}}
    gB = [float(sp.diff(L, B[i]).xreplace(sub)) for i in range(2)]
    At = torch.tensor([[float(x) for x in r] for r in A0], dtype=torch.float64, requires_grad=True)
    Bt = torch.tensor([float(x) for x in B0], dtype=torch.float64, requires_grad=True)
    Ct = torch.tensor([float(x) for x in B0], dtype=torch.float64, requires_grad=True)
    v, loss = Bt, 0
    for j in range(3):
        loss = loss + (Ct @ v - float(w[j])) ** 2
        v = At @ v
    loss.backward()
    assert max(abs(gB[i] - float(Bt.grad[i])) for i in range(2)) < 1e-9
    # balancedness: at B = C^T with symmetric A the two gradients coincide (Lemma 6 of Cohen-Karlik et al.)
    assert torch.allclose(Bt.grad, Ct.grad)
