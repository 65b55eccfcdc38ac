"""Benchmarks of issue 3 (run with `make bench`; not part of the test suite).

1. The symbolic and numeric suite (no training) of each paper on its own (li2022, li2021), from a cold cache
   with two workers, then warm, so that growth from new claim files shows per paper; the precision each check
   asked for.
2. Spectra of 40 x 40 Hessians (Hess Jbar + 2 E_omega of (142) at a point of M*, m = 20) at 60
   digits: python-flint (arb_mat.eig, certified balls) against mpmath (eigsy), in the same run;
   the ratio of times and the agreement of the two spectra.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def suite_times(papers=("li2022", "li2021")) -> dict:
    """Cold and warm seconds of each paper's non-training checks (symbolic, numeric, property), one paper per run."""
    out_all, checks = {}, []
    for key in papers:
        cache = Path(tempfile.mkdtemp(prefix="symrnn-bench-cache-"))
        out = Path(tempfile.mkdtemp(prefix="symrnn-bench-out-"))
        cmd = [sys.executable, "-m", "symrnn", "check", key, "--jobs", "2", "-q",
               "--layer", "symbolic", "--layer", "numeric", "--layer", "property",
               "--cache-dir", str(cache), "-o", str(out)]
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        warm = time.perf_counter() - t0
        led = json.loads((out / f"{key}.ledger.json").read_text())
        mine = [(c["id"], r["check"], r["seconds"], r.get("max_dps", 0)) for c in led["claims"] for r in c["checks"]
                if not r["check"].startswith("li2022.")]
        checks += mine
        out_all[key] = {"cold_seconds": cold, "warm_seconds": warm, "checks": len(mine),
                        "claims": len(led["claims"])}
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
    return {"papers": out_all, "cold_seconds": sum(v["cold_seconds"] for v in out_all.values()),
            "warm_seconds": sum(v["warm_seconds"] for v in out_all.values()), "checks": checks}


def hessian_40(dps: int = 60):
    """Hess J_omega at a rational point of M* with m = 20, m* = 2 (Gaussian template, omega = 1/16)."""
    import sympy as sp

    import symrnn as sr

    m, ms = 20, 2
    astar, wstar = [Fraction(1), Fraction(-3, 2)], [Fraction(1), Fraction(3)]
    a_, w_ = [], []
    for q in range(m):                      # distinct coefficients within each block (generic point of M*)
        j = q % ms
        a_.append(astar[j] / (m // ms) + Fraction(q // ms - 4, 37))
        w_.append(wstar[j])
    for j in range(ms):                     # restore sum_{i in I_j} a_i = a*_j exactly
        block = [q for q in range(m) if q % ms == j]
        a_[block[-1]] += astar[j] - sum(a_[q] for q in block)
    A, W = [sp.Rational(x) for x in a_], [sp.Rational(x) for x in w_]
    # (136)-(140) with (131) on M*: the Cauchy-kernel brackets vanish; E_omega from closed-form Gaussian moments
    H = sp.zeros(2 * m, 2 * m)
    for k in range(m):
        for j in range(m):
            H[k, j] = 2 / (W[k] + W[j])
            if k != j:
                H[k, m + j] = -2 * A[j] / (W[k] + W[j]) ** 2
                H[m + k, m + j] = 4 * A[k] * A[j] / (W[k] + W[j]) ** 3
        H[k, m + k] = -A[k] / (2 * W[k] ** 2)
        H[m + k, m + k] = A[k] ** 2 / (2 * W[k] ** 3)
    for k in range(m):
        for j in range(m):
            if k != j:
                H[m + j, k] = H[k, m + j]
        H[m + k, k] = H[k, m + k]
    ctx = sr.numeric.context(dps + 20)
    mu = ctx.mpf(16)

    def gmoment(n, w):
        prev, cur = ctx.mpf(0), ctx.sqrt(ctx.pi / 2) * ctx.exp(-w * mu + w ** 2 / 2) * ctx.erfc((w - mu) / ctx.sqrt(2))
        for q in range(n):
            prev, cur = cur, (mu - w) * cur + q * prev + (ctx.exp(-mu ** 2 / 2) if q == 0 else 0)
        return cur
    Hn = [[ctx.mpf(H[p, q].p) / H[p, q].q for q in range(2 * m)] for p in range(2 * m)]
    for k in range(m):
        w = ctx.mpf(W[k].p) / W[k].q
        d1, d2 = gmoment(1, w), gmoment(2, w)
        Hn[k][m + k] += 2 * d1
        Hn[m + k][k] += 2 * d1
        Hn[m + k][m + k] += -2 * (ctx.mpf(A[k].p) / A[k].q) * d2
    return Hn


def spectra(dps: int = 60) -> dict:
    import flint
    import mpmath

    Hn = hessian_40(dps)
    n = len(Hn)
    ctx = mpmath.MPContext()
    ctx.dps = dps
    M = ctx.matrix([[ctx.mpf(x) for x in row] for row in Hn])
    t0 = time.perf_counter()
    ev_mp = sorted(ctx.eigsy(M, eigvals_only=True)[i] for i in range(n))
    t_mp = time.perf_counter() - t0
    import symrnn as sr

    t0 = time.perf_counter()
    ev_fl, radius, backend = sr.numeric.eigvalsh_enclosed(Hn, dps=dps)
    t_fl = time.perf_counter() - t0
    agree = max(abs(ctx.mpf(a) - b) for a, b in zip(ev_fl, ev_mp))
    del flint
    smallest = sorted(ev_mp, key=abs)[:3]
    return {"n": n, "dps": dps, "mpmath_seconds": t_mp, "flint_seconds": t_fl, "ratio_mpmath_over_flint": t_mp / t_fl,
            "flint_max_radius": radius, "max_abs_difference": float(agree), "backend": backend,
            "smallest_eigenvalues": [mpmath.nstr(x, 8) for x in smallest]}


def main() -> None:
    sp = spectra()
    print(f"40x40 Hessian spectrum at {sp['dps']} digits: mpmath eigsy {sp['mpmath_seconds']:.2f} s, "
          f"{sp['backend']} {sp['flint_seconds']:.3f} s, ratio {sp['ratio_mpmath_over_flint']:.1f}x; "
          f"Arb radius <= {sp['flint_max_radius']:.1e}, max |difference| {sp['max_abs_difference']:.1e}; "
          f"smallest |eigenvalues| {sp['smallest_eigenvalues']}")
    st = suite_times()
    for key, v in st["papers"].items():
        print(f"{key} symbolic, numeric and property suite ({v['claims']} claims, {v['checks']} checks), 2 workers: "
              f"cold {v['cold_seconds']:.1f} s, warm {v['warm_seconds']:.2f} s")
    print(f"both papers: cold {st['cold_seconds']:.1f} s, warm {st['warm_seconds']:.2f} s")
    print("precision asked for by each check (0 = exact arithmetic only):")
    for cid, chk, secs, dps in sorted(st["checks"], key=lambda r: -r[2]):
        print(f"  {cid + ':' + chk:55s} {secs:7.2f} s  dps {dps}")


if __name__ == "__main__":
    main()
