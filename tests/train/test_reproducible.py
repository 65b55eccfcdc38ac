"""Same seed, same numbers (issue 20 item 7): a quick training experiment gives the numbers the report prints whatever
the number of torch threads.  The report prints rounded digits (Figure 1's table: 4 significant digits of the escape
epoch, 3 of the losses); the raw curves are compared too, to see how far below the printed digits any difference is."""

import importlib.util

import numpy as np
import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("torch") is None,
                                reason="torch is not installed (pip install torch==2.13.0)")


def _li2022():
    import symrnn as sr

    return sr.load_paper("li2022")      # Li et al.'s figure experiments live in their claim package


def _run(threads):
    import torch

    li = _li2022()
    saved = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        res = li.figures.fig1(seeds=2, epochs=60, epochs_lorenz=6, workers=1)
    finally:
        torch.set_num_threads(saved)
    return res, li.sec6_training._panel_rows(res["panels"], res["epochs"])


def test_figure1_prints_the_same_digits_on_one_and_two_threads():
    one, rows1 = _run(1)
    two, rows2 = _run(2)
    assert rows1 == rows2                                      # what the report prints
    for p, q in zip(one["panels"], two["panels"]):
        a, b = np.array(p["mean"]), np.array(q["mean"])
        np.testing.assert_allclose(a, b, rtol=1e-9, err_msg=p["label"])   # far below the 3 printed digits
