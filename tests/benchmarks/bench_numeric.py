"""Benchmarks of issue 3 (run with `make bench`; not part of the test suite).

1. The non-training suite (symbolic, numeric and property layers) of each paper on its own (li2022, li2021,
   cayci2024, ck2023; full mode unless --quick), from a cold cache, then warm, with one job by default (--jobs N),
   so that growth from new claim files shows per paper: wall seconds, the CPU seconds of the check processes, the
   load average before and after each run (the machines are shared: CPU time is the fairer measure); the precision
   each check asked for.
2. Spectra of 40 x 40 Hessians (Hess Jbar + 2 E_omega of (142) at a point of M*, m = 20) at 60
   digits: python-flint (arb_mat.eig, certified balls) against mpmath (eigsy), in the same run;
   the ratio of times and the agreement of the two spectra.
3. Certified eigenvalues of the 40 x 40 Cauchy matrix 1/(w_i + w_j), w_i = 26 + i (lambda_min about 1e-86):
   symrnn's eigen_enclosures (precision raised until every eigenvalue is isolated and signed) against python-flint's
   own acb_mat.eig at the lowest precision of the doubling ladder at which it succeeds, in the same run (issue 23:
   within 2x).
"""

from __future__ import annotations

import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


PAPERS = ("li2022", "li2021", "cayci2024", "ck2023")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path("/proc/loadavg").exists() else "n/a"


def _run(cmd):
    """Wall and CPU seconds (of the child processes) of one command."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def suite_times(papers=PAPERS, *, jobs: int = 1, quick: bool = False) -> dict:
    """Cold and warm seconds of each paper's non-training checks (symbolic, numeric, property), one paper per run."""
    out_all, checks = {}, []
    for key in papers:
        cache = Path(tempfile.mkdtemp(prefix="symrnn-bench-cache-"))
        out = Path(tempfile.mkdtemp(prefix="symrnn-bench-out-"))
        cmd = [sys.executable, "-m", "symrnn", "check", key, "--jobs", str(jobs), "-q",
               "--layer", "symbolic", "--layer", "numeric", "--layer", "property",
               "--cache-dir", str(cache), "-o", str(out)] + (["--quick"] if quick else [])
        load0 = _load()
        cold, cold_cpu = _run(cmd)
        load1 = _load()
        warm, warm_cpu = _run(cmd)
        led = json.loads((out / f"{key}.ledger.json").read_text())
        mine = [(c["id"], r["check"], r["seconds"], r.get("max_dps", 0)) for c in led["claims"] for r in c["checks"]]
        checks += mine
        out_all[key] = {"cold_seconds": cold, "cold_cpu_seconds": cold_cpu, "warm_seconds": warm,
                        "warm_cpu_seconds": warm_cpu, "checks": len(mine), "claims": len(led["claims"]),
                        "load": (load0, load1, _load())}
        print(f"{key} symbolic, numeric and property suite ({out_all[key]['claims']} claims, {len(mine)} checks, "
              f"{'quick' if quick else 'full'} mode, {jobs} job(s)): cold {cold:.1f} s wall / {cold_cpu:.1f} s CPU, "
              f"warm {warm:.2f} s wall / {warm_cpu:.2f} s CPU; load {load0} -> {load1} -> {_load()}", flush=True)
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
    return {"papers": out_all, "cold_seconds": sum(v["cold_seconds"] for v in out_all.values()),
            "warm_seconds": sum(v["warm_seconds"] for v in out_all.values()),
            "cold_cpu_seconds": sum(v["cold_cpu_seconds"] for v in out_all.values()), "checks": checks}


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


def cauchy_40(repeat: int = 3) -> dict:
    import flint

    import symrnn as sr
    from symrnn.numeric._arb import bits_for

    w = [Fraction(i + 26) for i in range(1, 41)]        # rates 27..66: lambda_min about 1e-86
    rows = [[1 / (a + b) for b in w] for a in w]
    ours = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        enc = sr.numeric.eigen_enclosures(rows)
        ours.append(time.perf_counter() - t0)
    bits, theirs = bits_for(30), None
    while theirs is None:
        flint.ctx.prec = bits
        M = flint.arb_mat([[flint.arb(flint.fmpq(x.numerator, x.denominator)) for x in r] for r in rows])
        times = []
        try:
            for _ in range(repeat):
                t0 = time.perf_counter()
                eig = flint.acb_mat(M).eig()
                times.append(time.perf_counter() - t0)
            if all(z.real > 0 for z in eig):
                theirs = min(times)
            else:
                bits *= 2
        except ValueError:
            bits *= 2
    flint.ctx.prec = 53
    return {"ours_seconds": min(ours), "flint_seconds": theirs, "flint_bits": bits, "our_bits": enc.bits,
            "ratio": min(ours) / theirs, "lambda_min": enc.balls[0].str(3), "load": _load()}


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="the suites in quick mode")
    ap.add_argument("--jobs", type=int, default=1, help="checks in parallel (default 1: the machines are shared)")
    ap.add_argument("--papers", default=",".join(PAPERS), help="comma-separated paper keys")
    args = ap.parse_args()
    sp = spectra()
    print(f"40x40 Hessian spectrum at {sp['dps']} digits: mpmath eigsy {sp['mpmath_seconds']:.2f} s, "
          f"{sp['backend']} {sp['flint_seconds']:.3f} s, ratio {sp['ratio_mpmath_over_flint']:.1f}x; "
          f"Arb radius <= {sp['flint_max_radius']:.1e}, max |difference| {sp['max_abs_difference']:.1e}; "
          f"smallest |eigenvalues| {sp['smallest_eigenvalues']}", flush=True)
    ca = cauchy_40()
    print(f"40x40 Cauchy matrix (lambda_min {ca['lambda_min']}): eigen_enclosures {ca['ours_seconds']:.3f} s "
          f"({ca['our_bits']} bits) vs flint acb_mat.eig at {ca['flint_bits']} bits {ca['flint_seconds']:.3f} s: "
          f"{ca['ratio']:.2f}x (load {ca['load']})", flush=True)
    st = suite_times(tuple(args.papers.split(",")), jobs=args.jobs, quick=args.quick)
    print(f"all papers: cold {st['cold_seconds']:.1f} s wall / {st['cold_cpu_seconds']:.1f} s CPU, warm "
          f"{st['warm_seconds']:.2f} s")
    print("precision asked for by each check (0 = exact arithmetic only), slowest first:")
    for cid, chk, secs, dps in sorted(st["checks"], key=lambda r: -r[2])[:40]:
        print(f"  {cid + ':' + chk:55s} {secs:7.2f} s  dps {dps}")


if __name__ == "__main__":
    main()
