"""torch, imported only when training is asked for; the device chosen once (CUDA when present)."""

from __future__ import annotations

from .._errors import MissingDependency

INSTALL_HINT = "torch is not installed: pip install torch==2.13.0 (or make setup)"


def torch():
    """The torch module, or a MissingDependency naming the pinned install."""
    try:
        import torch as _torch
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingDependency(INSTALL_HINT) from exc
    return _torch


def device(name: str | None = None):
    """`name` if given, else CUDA when torch sees a GPU, else the CPU."""
    t = torch()
    if name is not None:
        return t.device(name)
    return t.device("cuda" if t.cuda.is_available() else "cpu")


def quiet_cpu(threads: int = 1) -> None:
    """Few threads on the shared CPU machines (a no-op for the GPU work)."""
    torch().set_num_threads(threads)
