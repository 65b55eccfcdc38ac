"""Training back end (torch): batched RNNs, inputs and targets, GD/Adam, the reduced gradient flow, plateaus,
and the figure experiments of Li et al.  `import symrnn.train` does not import torch; the first function that
needs it does, and a missing torch raises MissingDependency naming `pip install torch==2.13.0` (or `make setup`).

    RNN, train                       batched models (linear full/diagonal, Euler/exact; residual tanh) and training
    white_noise, cosine_sums         inputs
    expsum_kernel, airy_kernel, exp_gauss_kernel, lorenz96_pairs, best_expsum_loss    targets (numpy)
    ReducedProblem, hitting_times, trajectory, euler_gd_hitting_time                 the reduced problem J_omega
    plateaus, CRITERION              the pre-registered plateau criterion
    reproduce(name, full)            Figures 1-4 (data dicts); draw(result, path) plots one
    airy_scales(full)                Figure 1(b) with the Airy scale s_0 varied (ICLR App. C.3.1)
    fig3(full, m=...)                Figure 3 for one width
    fit_gru_teacher, train_gru_students   batched GRU teachers/students (Cohen-Karlik et al. Sec. 5.3; _gru.py)
"""

from ._backend import INSTALL_HINT, device, quiet_cpu, torch
from ._flow import (
    ReducedProblem,
    euler_gd_hitting_time,
    hitting_times,
    template_moments,
    trajectory,
)
from ._plateau import CRITERION, Plateau, plateaus
from ._targets import (
    airy_kernel,
    best_expsum_loss,
    exp_gauss_kernel,
    expsum_kernel,
    lorenz96_pairs,
)

_LAZY = {"RNN": "_models", "train": "_training", "white_noise": "_inputs", "cosine_sums": "_inputs",
         "reproduce": "_figures", "FIGURES": "_figures", "draw": "_draw",
         "airy_scales": "_figures", "fig3": "_figures",
         "train_students": "_linear_rnn", "StudentRun": "_linear_rnn"}


def __getattr__(name):
    # modules that touch torch at import stay unimported until used (they import it lazily anyway; this keeps
    # `import symrnn.train` light)
    if name in _LAZY:
        import importlib

        mod = importlib.import_module(f".{_LAZY[name]}", __name__)
        return getattr(mod, "run" if name == "reproduce" else name)
    raise AttributeError(name)


__all__ = ["INSTALL_HINT", "device", "quiet_cpu", "torch", "ReducedProblem", "euler_gd_hitting_time", "hitting_times",
           "template_moments", "trajectory", "CRITERION", "Plateau", "plateaus", "airy_kernel", "best_expsum_loss",
           "exp_gauss_kernel", "expsum_kernel", "lorenz96_pairs", "RNN", "train", "white_noise", "cosine_sums",
           "reproduce", "FIGURES", "draw", "airy_scales", "fig3"]
# diagonal Elman networks (Cayci & Eryilmaz): symmetric init, tangent kernel, linearisation, (projected) GD
from . import _elman as elman  # noqa: E402  (imports torch only when called)
__all__ += ["elman"]
__all__ += ["train_students", "StudentRun"]
# batched GRU teachers and students (Cohen-Karlik et al. Sec. 5.3)
_LAZY.update({"fit_gru_teacher": "_gru", "train_gru_students": "_gru", "GRURun": "_gru", "GRUTeacher": "_gru",
              "GRUParams": "_gru", "gru_responses": "_gru", "init_gru_params": "_gru"})
__all__ += ["fit_gru_teacher", "train_gru_students", "GRURun", "GRUTeacher", "GRUParams", "gru_responses",
            "init_gru_params"]
