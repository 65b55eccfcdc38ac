"""Same seed, same numbers on any x86-64 processor with AVX2: the CPU kernels are chosen before numpy and torch load.

torch's ATen picks its vector kernels by the processor (AVX-512 here, AVX2 on others), MKL picks a code path by
processor and vendor, and numpy's OpenBLAS by core type. Each choice rounds sums differently, and a long training run
grows a difference of 1e-16 into the printed digits (two cold reports of one commit on two machines printed a
figure's median escape epoch as 1270 and 1268). `symrnn check` and `symrnn report` therefore fix, before anything
numeric is imported, kernels that every such processor runs identically: ATen's AVX2 kernels, MKL's COMPATIBLE
branch (the only one MKL keeps the same on Intel and AMD), OpenBLAS's Haswell kernels, one BLAS thread (training
sets torch's threads itself). Measured on an AMD EPYC with AVX-512 (tests/benchmarks/bench_kernels.py): 1.0-1.2x the
CPU time of the native choice on the training experiments. A variable the user has set
wins; SYMRNN_KERNELS=native keeps each library's own choice (faster on some machines, not reproducible across them).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_NUMERIC = ("numpy", "torch", "scipy")
_VARS = ("ATEN_CPU_CAPABILITY", "MKL_CBWR", "OPENBLAS_CORETYPE", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def portable_settings(flags: set[str] | None = None) -> dict[str, str]:
    """The kernel settings that give the same rounding on every processor with AVX2 and FMA (empty elsewhere:
    an older or non-x86 processor keeps its libraries' choice, and `describe` says so)."""
    flags = _cpu_flags() if flags is None else flags
    if not {"avx2", "fma"} <= flags:
        return {}
    # one BLAS thread: MKL's reproducibility needs a fixed thread count, and the checks run one process per core
    return {"ATEN_CPU_CAPABILITY": "avx2", "MKL_CBWR": "COMPATIBLE", "OPENBLAS_CORETYPE": "Haswell",
            "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def pin(environ=None) -> str:
    """Set the portable settings in `environ` (default os.environ) where unset; returns what `describe` will say.
    Called by the CLI before anything imports numpy or torch; later it changes nothing and says so."""
    env = os.environ if environ is None else environ
    if env.get("SYMRNN_KERNELS", "portable") == "native":
        return describe(env)
    if environ is None and any(m in sys.modules for m in _NUMERIC):
        return describe(env)        # too late: the libraries have chosen; the description shows what they run
    for name, value in portable_settings().items():
        env.setdefault(name, value)
    return describe(env)


def describe(environ=None) -> str:
    """One line for the ledger and the cache key: which kernel settings the numeric libraries were loaded with."""
    env = os.environ if environ is None else environ
    set_ = [f"{v}={env[v]}" for v in _VARS if env.get(v)]
    return " ".join(set_) if set_ else "native (each library's choice for this processor)"
