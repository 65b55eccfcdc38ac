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


def test_empirical_loss_student_depends_only_on_its_seed_and_learns():
    w = [1.0 if j == 2 else 0.0 for j in range(20)]
    kw = dict(d=6, structure="general", balanced=False, init_scale=0.3, steps=150, lr=1e-2, horizon=20,
              loss="empirical", batch=50)
    grid = train_students(w, [4, 6], [0, 1], **kw)
    alone = train_students(w, [6], [1], **kw)
    assert abs(grid.errors[1][1] - alone.errors[0][0]) < 1e-10
    assert grid.config["loss"].startswith("empirical (3.3), batch 50")
    start = train_students(w, [6], [1], **dict(kw, steps=0))
    assert alone.final_loss[0][0] < 0.1 * start.final_loss[0][0]          # the batches' expectation is (3.4)
    other = train_students(w, [6], [1], **dict(kw, batch=51))               # the data are drawn, not fixed
    assert other.errors[0][0] != alone.errors[0][0]


def test_early_stopping_keeps_the_best_check_and_records_each_member():
    w = [0.5 ** j for j in range(20)]
    kw = dict(d=4, structure="diag", balanced=True, steps=3000, lr=3e-2, horizon=20, loss="empirical", batch=20)
    run = train_students(w, [3, 6], [0, 1], stop_window=20, stop_patience=5, stop_rel=0.01, **kw)
    flat = [(s, k) for rs, rk in zip(run.stopped, run.kept) for s, k in zip(rs, rk)]
    assert all(6 * 20 <= s < 3000 and k <= s and k % 20 == 0 for s, k in flat)
    # a member ends with its parameters of its best check: the same member trained plainly for that many steps
    kept = run.kept[0][1]
    plain = train_students(w, [3], [1], **dict(kw, steps=kept))
    assert abs(plain.errors[0][0] - run.errors[0][1]) < 1e-9 and kept < run.stopped[0][1]
    assert run.config["stop_patience"] == 5 and train_students(w, [3], [0], **dict(kw, steps=10)).stopped == ()
    with pytest.raises(Exception, match="early stopping"):
        train_students(w, [3], [0], stop_window=10, stop_rel=1.5, **kw)
    with pytest.raises(Exception, match="empirical loss"):
        train_students(w, [3], [0], weights="accumulating", **kw)
    with pytest.raises(Exception, match="loss must be"):
        train_students(w, [3], [0], **dict(kw, loss="sampled"))
