"""Batched linear-RNN students learning a teacher's impulse response (torch).

Every (training length k, seed) pair of an experiment is one member of a single batched
program: the parameters carry a leading batch axis, the loss is the sum of the members'
population losses sum_{j<k} (C A^j B - w_j)^2 (the population loss of a linear state-space student; members do not
interact, and Adam's update is elementwise, so the sum trains each member exactly as alone).

`loss="empirical"` trains on the empirical loss (3.3) instead: every step draws, per seed, a fresh batch of
N(0, 1) input sequences from that seed's own generator (so a student's data depend only on its seed), and the
member's loss is the batch mean of (sum_{j<k} (h_j - w_j) x_j)^2 (x_j the input j steps before the last; for i.i.d.
inputs the order of reading is immaterial), whose expectation is the population loss (Lemma E.1).  Early stopping
(`stop_window`): every stop_window steps a member's training loss is the mean of its per-step (batch) losses over
those steps; it stops when `stop_patience` such checks in a row are not `stop_rel` below its best one, and every member
ends with its parameters at its best check (stopped members are held there; the run ends when all have stopped).
Without it Adam's late steps can undo an exact fit (once the gradients vanish, its normalised steps grow).

Student structures: "diag" (A = diag(a)), "sym" (A = (U + U^T)/2 from a free square U, i.e.
a symmetric matrix), "general" (any A). `balanced=True` ties C = B^T for the whole run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from .._errors import InvalidArgument
from ._backend import device as _device, torch as _torch

STRUCTURES = ("diag", "sym", "general")


@dataclass(frozen=True)
class StudentRun:
    """The outcome of one batched run: errors[k_index][seed_index] and the responses."""

    ks: tuple[int, ...]
    seeds: tuple[int, ...]
    errors: tuple[tuple[float, ...], ...]        # l_inf on the tail [k, horizon) of |h - w|
    trivial: tuple[float, ...]                   # l_inf of the teacher on the same tail (the zero solution's error)
    final_loss: tuple[tuple[float, ...], ...]
    balance: tuple[tuple[float, ...], ...]       # ||B - C^T|| / ||B + C^T|| at the end
    responses: tuple                             # [k_index][seed_index] -> tuple of h_j, j < horizon
    teacher: tuple[float, ...]
    config: dict = field(default_factory=dict)
    seconds: float = 0.0
    # with seed_teachers: [k_index][seed_index] -> l_inf of that member's own teacher on its tail (errors are
    # against each member's own teacher; `trivial` and `teacher` stay those of the `teacher` argument)
    trivials: tuple = ()
    # with early stopping, [k_index][seed_index] -> the step at which the member stopped (== steps when it never
    # stopped early) and the step of the parameters it ends with (its best check)
    stopped: tuple = ()
    kept: tuple = ()


def _response(A, B, C, structure: str, n: int, balanced: bool):
    """h_j = C A^j B for j < n, batched: returns (N, n)."""
    t = _torch()
    Cv = B if balanced else C
    if structure == "diag":
        pw = A.unsqueeze(-1) ** t.arange(n, dtype=A.dtype, device=A.device)     # (N, d, n)
        return ((Cv * B).unsqueeze(-1) * pw).sum(1)
    M = A if structure == "general" else (A + A.transpose(1, 2)) / 2
    out, v = [], B.unsqueeze(-1)
    for _ in range(n):
        out.append((Cv.unsqueeze(-1) * v).sum((1, 2)))
        v = t.bmm(M, v)
    return t.stack(out, 1)


def train_students(teacher: Sequence[float], ks: Sequence[int], seeds: Sequence[int], *, d: int,
                   structure: str = "diag", balanced: bool = True, init_scale: float = 0.1, steps: int = 2000,
                   lr: float = 1e-3, horizon: int = 100, milestones: Sequence[int] = (), gamma: float = 0.1,
                   dtype: str = "float64", device: str | None = None, diag_init: tuple[float, float] | None = None,
                   weights: str = "uniform", seed_scales: Sequence[float] | None = None,
                   seed_teachers: Sequence[Sequence[float]] | None = None, loss: str = "population",
                   batch: int = 100, stop_window: int | None = None, stop_rel: float = 0.01,
                   stop_patience: int = 10) -> StudentRun:
    """Train one student per (k, seed) with Adam on its population loss; return tail errors.

    Arguments:
        teacher: the teacher's impulse response w_0..w_{horizon-1} (floats; at least `horizon` terms).
        ks, seeds: the grid; one student per pair, all trained together.
        d, structure, balanced: the student (see the module docstring).
        init_scale: standard deviation of the Gaussian entries at initialization.
        diag_init: for "diag", draw a uniformly in [lo, hi] instead of N(0, init_scale^2).
        milestones, gamma: MultiStepLR schedule (empty: constant lr).
        weights: "uniform" (Eq. (3.4)) or "accumulating" ((k - j) weights, Eq. (D.3)).
        seed_scales: optional per-seed initialization scales (overrides init_scale; e.g. a scale sweep as one batch).
        seed_teachers: optional per-seed teacher responses (override `teacher` for that seed's members; e.g.
            several teacher draws as one batch, with a seed repeated once per draw).
        loss: "population" (Eq. (3.4), exact) or "empirical" (Eq. (3.3) on `batch` fresh N(0, 1) sequences per step
            and seed, drawn from a generator seeded 20_000 + seed at length `horizon` and cut to the k's).
        stop_window, stop_rel, stop_patience: early stopping (stop_window None: none; see the module docstring).
    Returns:
        StudentRun with errors[i][s] = max_{k_i <= j < horizon} |h_j - w_j|.
    """
    t = _torch()
    if structure not in STRUCTURES:
        raise InvalidArgument(f"structure must be one of {STRUCTURES}, got {structure!r}")
    if len(teacher) < horizon or max(ks) >= horizon:
        raise InvalidArgument(f"need horizon > max(ks) and a teacher of length >= horizon; got horizon={horizon}, "
                              f"max k={max(ks)}, teacher length {len(teacher)}")
    if loss not in ("population", "empirical"):
        raise InvalidArgument(f"loss must be 'population' or 'empirical', got {loss!r}")
    if loss == "empirical" and (weights != "uniform" or batch < 1):
        raise InvalidArgument(f"the empirical loss (3.3) needs weights='uniform' and batch >= 1, got {weights!r}, "
                              f"{batch}")
    if stop_window is not None and (stop_window < 1 or stop_patience < 1 or not 0 <= stop_rel < 1):
        raise InvalidArgument(f"early stopping needs stop_window >= 1, stop_patience >= 1 and 0 <= stop_rel < 1, got "
                              f"{stop_window}, {stop_patience}, {stop_rel}")
    dev = _device(device)
    dt = getattr(t, dtype)
    K, S = len(ks), len(seeds)
    N = K * S
    kmax = max(ks)
    w = t.tensor([float(x) for x in teacher[:horizon]], dtype=dt, device=dev)
    if seed_teachers is not None:
        if len(seed_teachers) != len(seeds) or any(len(x) < horizon for x in seed_teachers):
            raise InvalidArgument(f"seed_teachers needs one response of length >= horizon = {horizon} per seed, got "
                                  f"{len(seed_teachers)} for {len(seeds)} seeds")
        per_seed = t.tensor([[float(x) for x in r[:horizon]] for r in seed_teachers], dtype=dt, device=dev)
        W = per_seed.repeat(K, 1)                                                           # (N, horizon)
    else:
        W = w.unsqueeze(0).expand(N, horizon)
    kvec = t.tensor([k for k in ks for _ in seeds], device=dev)
    mask = (t.arange(kmax, device=dev).unsqueeze(0) < kvec.unsqueeze(1)).to(dt)           # (N, kmax)
    if weights == "accumulating":
        mask = mask * (kvec.unsqueeze(1) - t.arange(kmax, device=dev).unsqueeze(0)).clamp(min=0).to(dt)
    elif weights != "uniform":
        raise InvalidArgument(f"weights must be 'uniform' or 'accumulating', got {weights!r}")
    # one initialization per seed, shared by every k (the k-sweep differs only in the loss)
    As, Bs, Cs = [], [], []
    if seed_scales is not None and len(seed_scales) != len(seeds):
        raise InvalidArgument(f"seed_scales needs one scale per seed, got {len(seed_scales)} for {len(seeds)} seeds")
    for si, s in enumerate(seeds):
        init_scale_s = float(seed_scales[si]) if seed_scales is not None else init_scale
        g = t.Generator(device="cpu").manual_seed(int(s))
        if structure == "diag":
            if diag_init is not None:
                a = diag_init[0] + (diag_init[1] - diag_init[0]) * t.rand(d, generator=g, dtype=dt)
            else:
                a = init_scale_s * t.randn(d, generator=g, dtype=dt)
        else:
            a = init_scale_s * t.randn(d, d, generator=g, dtype=dt)
        As.append(a)
        Bs.append(init_scale_s * t.randn(d, generator=g, dtype=dt))
        Cs.append(init_scale_s * t.randn(d, generator=g, dtype=dt))
    rep = lambda xs: t.stack([x for _ in ks for x in xs]).to(dev).clone().requires_grad_(True)  # noqa: E731
    A, B, C = rep(As), rep(Bs), rep(Cs)
    params = [A, B] if balanced else [A, B, C]
    opt = t.optim.Adam(params, lr=lr)
    sched = t.optim.lr_scheduler.MultiStepLR(opt, milestones=list(milestones), gamma=gamma) if milestones else None
    gens = [t.Generator(device="cpu").manual_seed(20_000 + int(s)) for s in seeds] if loss == "empirical" else []
    active = t.ones(N, dtype=t.bool, device=dev)
    stopped, kept = [steps] * N, [steps] * N
    snapshot = [p.detach().clone() for p in params]          # each member's parameters at its best check
    window = t.zeros(N, dtype=dt, device=dev)
    best = t.full((N,), float("inf"), dtype=dt, device=dev)
    waited = t.zeros(N, dtype=t.long, device=dev)
    start = time.perf_counter()
    for step in range(1, steps + 1):
        opt.zero_grad()
        h = _response(A, B, C, structure, kmax, balanced)
        if loss == "empirical":
            X = t.stack([t.randn(batch, horizon, generator=g, dtype=dt)[:, :kmax] for g in gens]).to(dev)
            e = t.bmm(X.repeat(K, 1, 1), (mask * (h - W[:, :kmax])).unsqueeze(-1)).squeeze(-1)      # (N, batch)
            per_step = (e ** 2).mean(1)
        else:
            per_step = (mask * (h - W[:, :kmax]) ** 2).sum(1)
        per_step.sum().backward()
        opt.step()
        if sched is not None:
            sched.step()
        if stop_window is None:
            continue
        with t.no_grad():
            window += per_step.detach()
            if not bool(active.all()):                       # stopped members keep their best parameters
                for p, f in zip(params, snapshot):
                    p[~active] = f[~active]
            if step % stop_window == 0:
                mean = window / stop_window
                window.zero_()
                better = active & (mean < best)
                waited = t.where(active & (mean < (1 - stop_rel) * best), 0, waited + 1)
                best = t.where(better, mean, best)
                for n in better.nonzero().flatten().tolist():
                    kept[n] = step
                    for p, f in zip(params, snapshot):
                        f[n] = p[n]
                stop = active & (waited >= stop_patience)
                for n in stop.nonzero().flatten().tolist():
                    stopped[n] = step
                active &= ~stop
                if not bool(active.any()):
                    break
    if stop_window is not None:                              # every member ends with its best checked parameters
        with t.no_grad():
            for p, f in zip(params, snapshot):
                p.copy_(f)
    with t.no_grad():
        h = _response(A, B, C, structure, horizon, balanced)
        per = (mask[:, :kmax] * (h[:, :kmax] - W[:, :kmax]) ** 2).sum(1)
        errs, triv, bal, own = [], [], [], []
        for n in range(N):
            k = int(kvec[n])
            errs.append(float((h[n, k:] - W[n, k:]).abs().max()))
            own.append(float(W[n, k:].abs().max()))
        for k in ks:
            triv.append(float(w[k:].abs().max()))
        Cm = B if balanced else C
        bal = ((B - Cm).norm(dim=1) / (B + Cm).norm(dim=1).clamp(min=1e-300)).tolist()
        hh = h.cpu().tolist()
    grid = lambda xs: tuple(tuple(xs[i * S + s] for s in range(S)) for i in range(K))  # noqa: E731
    return StudentRun(
        ks=tuple(ks), seeds=tuple(seeds), errors=grid(errs), trivial=tuple(triv), final_loss=grid(per.tolist()),
        balance=grid(bal), responses=grid([tuple(r) for r in hh]), teacher=tuple(float(x) for x in w.tolist()),
        config=dict(d=d, structure=structure, balanced=balanced, init_scale=init_scale, steps=steps, lr=lr,
                    horizon=horizon, milestones=list(milestones), gamma=gamma, dtype=dtype, device=str(dev),
                    diag_init=diag_init, weights=weights, optimizer="Adam",
                    loss="population (3.4)" if loss == "population" else f"empirical (3.3), batch {batch} N(0, 1)",
                    stop_window=stop_window, stop_rel=stop_rel, stop_patience=stop_patience,
                    seed_scales=list(seed_scales) if seed_scales is not None else None,
                    seed_teachers=seed_teachers is not None),
        seconds=time.perf_counter() - start, trivials=grid(own) if seed_teachers is not None else (),
        stopped=grid(stopped) if stop_window is not None else (), kept=grid(kept) if stop_window is not None else ())
