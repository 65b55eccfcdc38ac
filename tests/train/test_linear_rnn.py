"""symrnn.train.train_students: the batched program equals separate runs; responses match the moment view."""

import pytest

torch = pytest.importorskip("torch")

from symrnn.train import train_students  # noqa: E402


def test_batched_equals_separate_and_balanced_stays_balanced():
    w = [0.5 ** j + (-0.3) ** j for j in range(30)]
    both = train_students(w, [3, 5], [0, 1], d=6, structure="diag", balanced=True, steps=200, lr=1e-2, horizon=30)
    one = train_students(w, [5], [1], d=6, structure="diag", balanced=True, steps=200, lr=1e-2, horizon=30)
    assert abs(both.errors[1][1] - one.errors[0][0]) < 1e-10
    assert all(b == 0 for row in both.balance for b in row)


def test_general_student_and_scales():
    w = [1.0 if j == 2 else 0.0 for j in range(20)]
    run = train_students(w, [4, 6], [0, 1], d=5, structure="general", balanced=False, steps=50, lr=1e-2, horizon=20,
                         seed_scales=[1e-3, 1.0])
    assert len(run.errors) == 2 and len(run.errors[0]) == 2 and run.config["seed_scales"] == [1e-3, 1.0]
    with pytest.raises(Exception, match="structure"):
        train_students(w, [4], [0], d=3, structure="banded", horizon=20)


def test_seed_teachers_train_each_member_on_its_own_teacher():
    w0 = [0.5 ** j for j in range(25)]
    w1 = [0.6 * 0.9 ** j + 0.4 * (-0.2) ** j for j in range(25)]
    both = train_students(w0, [4, 6], [0, 0], d=5, structure="diag", balanced=True, steps=100, lr=1e-2, horizon=25,
                          seed_teachers=[w0, w1])
    alone = train_students(w1, [6], [0], d=5, structure="diag", balanced=True, steps=100, lr=1e-2, horizon=25)
    assert abs(both.errors[1][1] - alone.errors[0][0]) < 1e-10
    assert abs(both.trivials[1][1] - alone.trivial[0]) < 1e-15 and both.trivials[1][0] == both.trivial[1]
    assert both.errors[1][0] != both.errors[1][1]
    with pytest.raises(Exception, match="seed_teachers"):
        train_students(w0, [4], [0, 1], d=3, horizon=25, seed_teachers=[w0])
