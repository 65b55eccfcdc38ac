"""benchmarks/ck2023_paper_size.py, the script for a lent GPU, in its small mode on the CPU: it runs end to end and its
per-teacher Figure 2(a) medians are C.3's ratio (tail error / the zero response's) over each teacher's students."""

import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_gpu_benchmark_runs_small_on_a_cpu_with_the_checks_per_teacher_medians(tmp_path):
    pytest.importorskip("torch")
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "ck2023_paper_size.py"), "--out", str(tmp_path), "--small",
                    "--only", "fig2a_teachers", "--budget-teachers", "3"], check=True, cwd=ROOT, timeout=600)
    r = json.loads((tmp_path / "ck2023_paper_size.json").read_text())["fig2a_teachers"]
    kept = [t["seed"] for t in r["teachers"] if t["kept"]]
    assert len(kept) == 5 and r["steps"] >= 1
    for ti, seed in enumerate(kept):
        want = [statistics.median(r["errors"][i][m] / r["trivials"][i][m]
                                  for m, (t_, _) in enumerate(r["members"]) if t_ == ti) for i in range(len(r["ks"]))]
        assert r["ratio_median"][str(seed)] == want
        assert len(r["in_window"][str(seed)]) == len(r["ks"])
