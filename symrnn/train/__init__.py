"""Training back end (torch): batched RNNs, inputs and targets, GD/Adam, the reduced gradient flow, plateaus (the
experiments of a paper live in its claim package).  `import symrnn.train` does not import torch; the first function
that needs it does, and a missing torch raises MissingDependency naming `pip install torch==2.13.0` (or `make setup`).

    RNN, train                       batched models (linear full/diagonal, Euler/exact; residual tanh) and training
    white_noise, cosine_sums         inputs
    expsum_kernel, airy_kernel, exp_gauss_kernel, lorenz96_pairs, best_expsum_loss    targets (numpy)
    ReducedProblem, hitting_times, trajectory, euler_gd_hitting_time                 the reduced problem J_omega
    plateaus, CRITERION, longest     the pre-registered plateau criterion; summarise_histories(label, hist, floor)
    train_groups, concurrently       several groups as one program; independent programs in threads
    hitting_times_hp, working_dps    the reduced problem's hitting times in high precision (python-flint)
    fit_gru_teacher, train_gru_students   batched GRU teachers/students (_gru.py)
"""

from ._backend import INSTALL_HINT, device, quiet_cpu, torch
from ._flow import (
    ReducedProblem,
    euler_gd_hitting_time,
    hitting_times,
    template_moments,
    trajectory,
)
from ._plateau import CRITERION, Plateau, longest, plateaus, summarise_histories
from ._targets import (
    airy_kernel,
    best_expsum_loss,
    exp_gauss_kernel,
    expsum_kernel,
    lorenz96_pairs,
)

_LAZY = {"RNN": "_models", "train": "_training", "train_groups": "_training", "white_noise": "_inputs",
         "cosine_sums": "_inputs", "concurrently": "_concurrent",
         "hitting_times_hp": "_flow_hp", "working_dps": "_flow_hp", "working_bits": "_flow_hp",
         "train_students": "_linear_rnn", "StudentRun": "_linear_rnn"}


def __getattr__(name):
    # modules that touch torch at import stay unimported until used (they import it lazily anyway; this keeps
    # `import symrnn.train` light)
    if name in _LAZY:
        import importlib

        mod = importlib.import_module(f".{_LAZY[name]}", __name__)
        return getattr(mod, name)
    raise AttributeError(name)


__all__ = ["INSTALL_HINT", "device", "quiet_cpu", "torch", "ReducedProblem", "euler_gd_hitting_time", "hitting_times",
           "template_moments", "trajectory", "CRITERION", "Plateau", "plateaus", "longest", "summarise_histories",
           "airy_kernel", "best_expsum_loss", "exp_gauss_kernel", "expsum_kernel", "lorenz96_pairs", "RNN", "train",
           "train_groups", "concurrently", "white_noise", "cosine_sums", "hitting_times_hp", "working_dps",
           "working_bits"]
# diagonal Elman networks: symmetric init, tangent kernel, linearisation, (projected) GD
from . import _elman as elman  # noqa: E402  (imports torch only when called)
__all__ += ["elman"]
__all__ += ["train_students", "StudentRun"]
# batched GRU teachers and students
_LAZY.update({"fit_gru_teacher": "_gru", "train_gru_students": "_gru", "GRURun": "_gru", "GRUTeacher": "_gru",
              "GRUParams": "_gru", "gru_responses": "_gru", "init_gru_params": "_gru"})
__all__ += ["fit_gru_teacher", "train_gru_students", "GRURun", "GRUTeacher", "GRUParams", "gru_responses",
            "init_gru_params"]
