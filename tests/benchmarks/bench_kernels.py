"""What the portable CPU kernels cost and what they buy (issue 20 item 7; symrnn/_kernels.py).

    python tests/benchmarks/bench_kernels.py [--size quick|medium] [--out FILE.json]

Runs three training experiments (li2022 Figure 1's linear panels, li2022 Figure 4, ck2023's GRU students) each in a
fresh interpreter under four settings: the libraries' native choice, symrnn's portable kernels, and each of those with
MKL and ATen restricted to AVX2 the way a processor without AVX-512 would run them (MKL_ENABLE_INSTRUCTIONS=AVX2,
ATEN_CPU_CAPABILITY=avx2 where it was not fixed). It prints the CPU time ratio portable / native measured in the same
run, and whether the numbers changed between "this processor" and "an AVX2 processor" under each: native kernels may
change them, the portable ones must not.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_RUN = r"""
import json, resource, sys, time
import numpy as np
import torch
torch.set_num_threads(1)
import symrnn as sr
size = sys.argv[1]
t0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
if sys.argv[2] == "fig1":
    li = sr.load_paper("li2022")
    res = li.figures.fig1(seeds=2, epochs=200 if size == "quick" else 2000, epochs_lorenz=2, workers=1)
    nums = [x for p in res["panels"] for x in p["mean"]]
elif sys.argv[2] == "fig4":
    li = sr.load_paper("li2022")
    res = li.figures.fig4(seeds=2, samples=32, epochs=20 if size == "quick" else 200, workers=1)
    nums = [x for p in res["panels"] for x in p["mean"]]
else:
    ck = sr.load_paper("ck2023")
    import symrnn.train as st
    teacher = ck.model.gru_teacher()
    run = st.train_gru_students(teacher.params, [10, 20], [0, 1], hidden=8, steps=100 if size == "quick" else 600,
                                batch=16, horizon=40, dtype="float64", device="cpu")
    nums = [e for row in run.errors for e in row]
cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - t0
print(json.dumps({"cpu_s": cpu, "nums": [float(x) for x in nums]}))
"""

SETTINGS = {
    "native": {},
    "native, AVX2 processor": {"MKL_ENABLE_INSTRUCTIONS": "AVX2", "ATEN_CPU_CAPABILITY": "avx2"},
    "portable": "portable",
    "portable, AVX2 processor": ("portable", {"MKL_ENABLE_INSTRUCTIONS": "AVX2"}),
}


def _env(setting) -> dict:
    sys.path.insert(0, str(ROOT))
    from symrnn import _kernels

    env = {k: v for k, v in os.environ.items() if k not in ("ATEN_CPU_CAPABILITY", "MKL_CBWR", "OPENBLAS_CORETYPE",
                                                            "MKL_ENABLE_INSTRUCTIONS")}
    env["PYTHONPATH"] = str(ROOT)
    extra = {}
    if setting == "portable" or isinstance(setting, tuple):
        extra.update(_kernels.portable_settings())
        if isinstance(setting, tuple):
            extra.update(setting[1])
    else:
        extra.update(setting)
        env["SYMRNN_KERNELS"] = "native"
    env.update(extra)
    return env


def run(size: str, experiment: str, setting) -> dict:
    out = subprocess.run([sys.executable, "-c", _RUN, size, experiment], env=_env(setting), capture_output=True,
                         text=True, timeout=3600, cwd=ROOT)
    if out.returncode:
        raise SystemExit(f"{experiment} failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", choices=("quick", "medium"), default="quick")
    ap.add_argument("--experiments", default="fig1,fig4,gru")
    ap.add_argument("--out")
    args = ap.parse_args()
    report = {"size": args.size, "load": os.getloadavg(), "experiments": {}}
    for exp in args.experiments.split(","):
        runs = {name: run(args.size, exp, s) for name, s in SETTINGS.items()}
        same = {"native": runs["native"]["nums"] == runs["native, AVX2 processor"]["nums"],
                "portable": runs["portable"]["nums"] == runs["portable, AVX2 processor"]["nums"]}
        diff = max(abs(a - b) / max(abs(a), 1e-300) for a, b in zip(runs["native"]["nums"], runs["portable"]["nums"]))
        ratio = runs["portable"]["cpu_s"] / runs["native"]["cpu_s"]
        report["experiments"][exp] = {"cpu_s": {k: v["cpu_s"] for k, v in runs.items()}, "portable_over_native": ratio,
                                      "same_on_avx2_processor": same, "max_rel_diff_native_vs_portable": diff}
        print(f"{exp}: CPU portable/native {ratio:.2f}x ({runs['portable']['cpu_s']:.1f} s / "
              f"{runs['native']['cpu_s']:.1f} s); same numbers on an AVX2 processor: native {same['native']}, "
              f"portable {same['portable']}; native vs portable max rel. diff {diff:.2g}", flush=True)
    report["load_after"] = os.getloadavg()
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
