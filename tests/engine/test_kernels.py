"""The CPU kernels `symrnn check` loads numpy and torch with (symrnn/_kernels.py, issue 20 item 7): portable ones
unless the user chose, recorded in the ledger beside the library versions."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from symrnn import _kernels

from ._claimfiles import DEMO

ROOT = Path(__file__).resolve().parents[2]
AVX2 = bool(_kernels.portable_settings())


def _clean_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if k not in _kernels._VARS + ("SYMRNN_KERNELS",)}
    env.update(PYTHONPATH=str(ROOT), SYMRNN_CACHE_DIR=str(tmp_path / "cache"), **extra)
    return env


def _kernels_in_ledger(tmp_path, **extra) -> str:
    (tmp_path / "demo.py").write_text(DEMO)
    out = subprocess.run([sys.executable, "-m", "symrnn", "check", "demo.eq1", "--path", "demo.py", "-o", "out"],
                         cwd=tmp_path, env=_clean_env(tmp_path, **extra), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads((tmp_path / "out" / "demo.ledger.json").read_text())["versions"]["cpu kernels"]


def test_settings_need_avx2_and_fma():
    assert _kernels.portable_settings({"avx2", "fma", "avx512f"})["ATEN_CPU_CAPABILITY"] == "avx2"
    assert _kernels.portable_settings({"avx2", "fma"})["MKL_CBWR"] == "COMPATIBLE"
    assert _kernels.portable_settings({"sse4_2"}) == {}         # an older processor keeps its libraries' choice


def test_pin_sets_only_what_the_user_left_unset():
    env = {"MKL_CBWR": "AVX2"}
    line = _kernels.pin(env)
    if AVX2:
        assert env["MKL_CBWR"] == "AVX2" and env["ATEN_CPU_CAPABILITY"] == "avx2"
        assert "MKL_CBWR=AVX2" in line and "OPENBLAS_CORETYPE=Haswell" in line
    native = {"SYMRNN_KERNELS": "native"}
    assert _kernels.pin(native).startswith("native") and "ATEN_CPU_CAPABILITY" not in native


@pytest.mark.skipif(not AVX2, reason="the portable kernels need a processor with AVX2 and FMA")
def test_check_runs_on_the_portable_kernels_and_records_them(tmp_path):
    line = _kernels_in_ledger(tmp_path)
    assert "ATEN_CPU_CAPABILITY=avx2" in line and "MKL_CBWR=COMPATIBLE" in line, line


def test_the_users_choice_wins_and_is_recorded(tmp_path):
    assert _kernels_in_ledger(tmp_path, SYMRNN_KERNELS="native").startswith("native")
    (tmp_path / "out").rename(tmp_path / "out1")
    line = _kernels_in_ledger(tmp_path, ATEN_CPU_CAPABILITY="default")
    assert "ATEN_CPU_CAPABILITY=default" in line
