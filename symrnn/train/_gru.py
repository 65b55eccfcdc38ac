"""Batched GRU teachers and students (torch): every (teacher, training length, seed) as one program.

A GRU network here is one `torch.nn.GRU` layer (input size 1, hidden size H) followed by a linear readout
y_t = w . h_t + b (the teacher/student model of Section 5.3; `torch.nn.GRU` + `torch.nn.Linear`). Its update is
PyTorch's:

    r = sigmoid(W_ir x + b_ir + W_hr h + b_hr),  z = sigmoid(W_iz x + b_iz + W_hz h + b_hz),
    n = tanh(W_in x + b_in + r * (W_hn h + b_hn)),  h' = (1 - z) * n + z * h,   h_0 = 0.

`GRUParams` holds M such networks with a leading member axis, so that every (training length k_g, seed) pair of an
experiment trains in one batched program (`train_gru_students`): the loss is the sum of the members' losses, the
members share no parameter, and Adam's update is elementwise, so each member follows, mathematically, the training
it would have alone (numerically, rounding of the batched products differs with the batch and grows over training).
`to_module` / `from_module` convert a member to and from `torch.nn.GRU` + `torch.nn.Linear` (the tests check that
the batched recursion equals `torch.nn.GRU`).

The extrapolation error is the paper's (Sec. 5.3, App. C.3): the l_inf distance between the student's and the
teacher's responses on the tail [k_g, horizon), averaged over random input sequences; the reference ("trivial")
error is that of the zero response.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from .._errors import InvalidArgument
from ._backend import device as _device, torch as _torch

LOSSES = ("accumulated", "last")


@dataclass(frozen=True)
class GRUParams:
    """M GRU networks (hidden size H) with readouts; every tensor has the member axis first.

    Fields: w_ih (M, 3H) input weights (input size 1), w_hh (M, H, 3H) recurrent weights (transposed with respect to
    torch.nn.GRU's weight_hh_l0, so that h @ w_hh is the recurrent pre-activation), b_ih, b_hh (M, 3H), w_out (M, H),
    b_out (M,). Gate order r, z, n as in torch.nn.GRU.
    """

    w_ih: object
    w_hh: object
    b_ih: object
    b_hh: object
    w_out: object
    b_out: object

    @property
    def members(self) -> int:
        return int(self.w_ih.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w_out.shape[1])

    def tensors(self) -> list:
        return [self.w_ih, self.w_hh, self.b_ih, self.b_hh, self.w_out, self.b_out]

    def detach(self) -> "GRUParams":
        return GRUParams(*[x.detach().clone() for x in self.tensors()])

    def repeat(self, m: int) -> "GRUParams":
        """The same network(s) tiled to m members (m must be a multiple of the current member count)."""
        if m % self.members:
            raise InvalidArgument(f"cannot tile {self.members} members to {m}")
        r = m // self.members
        return GRUParams(*[x.repeat(r, *([1] * (x.dim() - 1))) for x in self.tensors()])


def init_gru_params(members: int, hidden: int, *, scale: float | Sequence[float], seeds: Sequence[int],
                dtype: str = "float64", device: str | None = None) -> GRUParams:
    """Gaussian initialization N(0, scale^2) of every weight and bias, one generator per member.

    Arguments:
        members: M; hidden: H.
        scale: the standard deviation (one for all, or one per member).
        seeds: one integer seed per member (the same seed gives the same network whatever the other members).
    Returns:
        GRUParams on the chosen device.
    Raises:
        InvalidArgument: when the numbers of seeds or scales differ from `members`, or hidden < 1.

    >>> p = init_gru_params(2, 3, scale=0.1, seeds=[0, 1])
    >>> (p.members, p.hidden, tuple(p.w_hh.shape))
    (2, 3, (2, 3, 9))
    >>> init_gru_params(2, 3, scale=0.1, seeds=[0])
    Traceback (most recent call last):
    ...
    symrnn._errors.InvalidArgument: init_gru_params needs one seed per member: got 1 seeds for 2 members
    """
    t = _torch()
    if hidden < 1:
        raise InvalidArgument(f"hidden size must be >= 1, got {hidden}")
    if len(seeds) != members:
        raise InvalidArgument(f"init_gru_params needs one seed per member: got {len(seeds)} seeds for {members} members")
    scales = [float(scale)] * members if isinstance(scale, (int, float)) else [float(s) for s in scale]
    if len(scales) != members:
        raise InvalidArgument(f"init_gru_params needs one scale per member: got {len(scales)} for {members} members")
    dt = getattr(t, dtype)
    H = hidden
    shapes = [(3 * H,), (H, 3 * H), (3 * H,), (3 * H,), (H,), ()]
    per = [[] for _ in shapes]
    for s, sc in zip(seeds, scales):
        g = t.Generator(device="cpu").manual_seed(int(s))
        for i, shp in enumerate(shapes):
            per[i].append(sc * t.randn(shp, generator=g, dtype=dt))
    dev = _device(device)
    return GRUParams(*[t.stack(x).to(dev) for x in per])


def gru_responses(p: GRUParams, x, *, states: bool = False):
    """Outputs y_t (and optionally states h_t) of every member for inputs x.

    Arguments:
        p: M networks.
        x: inputs of shape (N, T) shared by all members, or (M, N, T) one batch per member.
    Returns:
        y of shape (M, N, T) (y[..., t] is the output after reading x_0..x_t); with states=True also h of shape
        (M, N, T, H).
    Raises:
        InvalidArgument: when x has neither shape.
    """
    t = _torch()
    M, H = p.members, p.hidden
    if x.dim() == 2:
        x = x.unsqueeze(0).expand(M, *x.shape)
    if x.dim() != 3 or x.shape[0] != M:
        raise InvalidArgument(f"inputs must have shape (N, T) or (M={M}, N, T), got {tuple(x.shape)}")
    _, N, T = x.shape
    # input pre-activations for every step at once, time-major and contiguous: (T, M, N, 3H)
    gi = x.permute(2, 0, 1).unsqueeze(-1) * p.w_ih[None, :, None, :] + p.b_ih[None, :, None, :]
    h = x.new_zeros(M, N, H)
    hs = []
    bh = p.b_hh[:, None, :]
    for gis in gi.unbind(0):                     # unbind, not gi[s]: one backward stack instead of T full-size adds
        gh = t.baddbmm(bh, h, p.w_hh)                                                  # (M, N, 3H)
        gi_rz, gi_n = gis.split((2 * H, H), -1)
        gh_rz, gh_n = gh.split((2 * H, H), -1)
        r, z = t.sigmoid(gi_rz + gh_rz).split((H, H), -1)
        n = t.tanh(gi_n + r * gh_n)
        h = t.lerp(n, h, z)                                                            # (1 - z) n + z h
        hs.append(h)
    hh = t.stack(hs, 2)                                                                # (M, N, T, H)
    y = (hh * p.w_out[:, None, None, :]).sum(-1) + p.b_out[:, None, None]
    return (y, hh) if states else y


def to_module(p: GRUParams, member: int = 0):
    """Member `member` as (torch.nn.GRU(1, H, batch_first=True), torch.nn.Linear(H, 1)) with the same weights."""
    t = _torch()
    H = p.hidden
    dt = p.w_ih.dtype
    gru = t.nn.GRU(1, H, batch_first=True).to(dt)
    lin = t.nn.Linear(H, 1).to(dt)
    with t.no_grad():
        gru.weight_ih_l0.copy_(p.w_ih[member].reshape(3 * H, 1))
        gru.weight_hh_l0.copy_(p.w_hh[member].T)
        gru.bias_ih_l0.copy_(p.b_ih[member])
        gru.bias_hh_l0.copy_(p.b_hh[member])
        lin.weight.copy_(p.w_out[member].reshape(1, H))
        lin.bias.copy_(p.b_out[member].reshape(1))
    return gru, lin


def from_module(gru, lin) -> GRUParams:
    """A one-member GRUParams from torch.nn.GRU(1, H) (one layer) and torch.nn.Linear(H, 1)."""
    if gru.input_size != 1 or gru.num_layers != 1 or lin.out_features != 1:
        raise InvalidArgument("from_module expects torch.nn.GRU(1, H) with one layer and torch.nn.Linear(H, 1)")
    H = gru.hidden_size
    with _torch().no_grad():
        return GRUParams(gru.weight_ih_l0.reshape(1, 3 * H).clone(), gru.weight_hh_l0.T.unsqueeze(0).clone(),
                         gru.bias_ih_l0.unsqueeze(0).clone(), gru.bias_hh_l0.unsqueeze(0).clone(),
                         lin.weight.reshape(1, H).clone(), lin.bias.reshape(1).clone())


@dataclass(frozen=True)
class GRUTeacher:
    """A teacher GRU fitted to a target impulse response (App. C.2.3)."""

    params: GRUParams
    target: tuple[float, ...]
    impulse: tuple[float, ...]        # the fitted network's impulse response (x = (1, 0, 0, ...))
    fit_error: float                  # max_j |impulse_j - target_j| / max_j |target_j|
    config: dict = field(default_factory=dict)
    seconds: float = 0.0


def impulse_input(T: int, *, dtype: str = "float64", device: str | None = None):
    """The impulse x = (1, 0, 0, ...) of length T as a (1, T) tensor."""
    t = _torch()
    x = t.zeros(1, T, dtype=getattr(t, dtype), device=_device(device))
    x[0, 0] = 1.0
    return x


def fit_gru_teacher(target, *, hidden: int, init_scale: float = 1e-6, steps: int = 1000, lr: float = 1e-2,
                seed: int | Sequence[int] = 0, dtype: str = "float64", device: str | None = None):
    """Train a GRU from an N(0, init_scale^2) initialization for `steps` Adam steps so that its impulse response
    matches `target` (squared error summed over the target's length): the teacher generation of App. C.2.3.

    Arguments:
        target: the chosen impulse response (floats), its length is the fitted horizon; or several responses of one
            length (a sequence of sequences), fitted as the members of one batched program (each member's training
            is its own: the loss is the members' sum and Adam is elementwise).
        hidden: the teacher's state dimension d^_g; init_scale, steps, lr, seed: as in App. C.2.3 (lr and the law
            of the initialization are unspecified in the paper); with several targets, seed is one per target.
    Returns:
        GRUTeacher (params as a one-member GRUParams, detached); with several targets, a tuple of them.
    Raises:
        InvalidArgument: for an empty target, targets of different lengths, a seed count differing from the targets',
            or steps < 0.
    """
    t = _torch()
    several = len(target) > 0 and not isinstance(target[0], (int, float))
    targets = [list(r) for r in target] if several else [list(target)]
    seeds = list(seed) if several and not isinstance(seed, int) else [int(seed)] * len(targets)
    if not targets or len(targets[0]) < 1 or steps < 0:
        raise InvalidArgument(f"fit_gru_teacher needs a non-empty target and steps >= 0, got {len(target)} terms, {steps} steps")
    if len({len(r) for r in targets}) != 1 or len(seeds) != len(targets):
        raise InvalidArgument(f"fit_gru_teacher needs targets of one length and one seed per target, got lengths "
                              f"{sorted({len(r) for r in targets})} and {len(seeds)} seeds for {len(targets)} targets")
    M = len(targets)
    p = init_gru_params(M, hidden, scale=init_scale, seeds=seeds, dtype=dtype, device=device)
    params = [x.clone().requires_grad_(True) for x in p.tensors()]
    x = impulse_input(len(targets[0]), dtype=dtype, device=device)
    w = t.tensor([[float(v) for v in r] for r in targets], dtype=x.dtype, device=x.device)          # (M, T)
    opt = t.optim.Adam(params, lr=lr)
    start = time.perf_counter()
    for _ in range(steps):
        opt.zero_grad()
        y = gru_responses(GRUParams(*params), x)[:, 0]
        loss = ((y - w) ** 2).sum()
        loss.backward()
        opt.step()
    fitted = GRUParams(*[q.detach() for q in params])
    with t.no_grad():
        y = gru_responses(fitted, x)[:, 0]
    seconds = time.perf_counter() - start
    out = []
    for m in range(M):
        peak = float(w[m].abs().max()) or 1.0
        out.append(GRUTeacher(params=GRUParams(*[q[m:m + 1].clone() for q in fitted.tensors()]),
                              target=tuple(targets[m]), impulse=tuple(y[m].tolist()),
                              fit_error=float((y[m] - w[m]).abs().max()) / peak,
                              config=dict(hidden=hidden, init_scale=init_scale, init="Gaussian N(0, scale^2), every "
                                          "weight and bias", steps=steps, lr=lr, seed=seeds[m], optimizer="Adam",
                                          dtype=dtype, fitted_with=M),
                              seconds=seconds))
    return tuple(out) if several else out[0]


@dataclass(frozen=True)
class GRURun:
    """The outcome of one batched student run; errors[i][s] for ks[i], seeds[s]."""

    ks: tuple[int, ...]
    seeds: tuple[int, ...]
    errors: tuple[tuple[float, ...], ...]       # mean over eval inputs of max_{k <= t < horizon} |y_s - y_t|
    trivial: tuple[float, ...]                  # the same for the zero response (per k)
    fit: tuple[tuple[float, ...], ...]          # mean over eval inputs of max_{t < k} |y_s - y_t| (in-window error)
    window_scale: tuple[float, ...]             # mean over eval inputs of max_{t < k} |y_t| (the teacher, per k)
    final_loss: tuple[tuple[float, ...], ...]   # the last training batch's loss per member
    impulse: tuple                              # [k_index][seed_index] -> the student's impulse response
    teacher_impulse: tuple[float, ...]
    mean_abs: tuple                             # [k_index][seed_index] -> mean over eval inputs of |y_s - y_t| per t
    config: dict = field(default_factory=dict)
    seconds: float = 0.0
    # with seed_teachers: [k_index][seed_index] -> the member's own teacher's tail / in-window scale, and one impulse
    # response per seed entry's teacher
    trivials: tuple = ()
    window_scales: tuple = ()
    teacher_impulses: tuple = ()


def _fused_window_losses(p: GRUParams, x, y, lengths: Sequence[int], loss: str):
    from ._gru_fused import window_losses

    return window_losses(p, x, y, lengths, loss)


def _window_losses(p: GRUParams, x, y, lengths: Sequence[int], loss: str):
    """Per-member training losses on windows of per-member length, members sorted by non-increasing length.

    Member m reads x[m, :, :lengths[m]] from h_0 = 0; "accumulated" sums (y_hat_t - y_t)^2 over t < lengths[m],
    "last" takes t = lengths[m] - 1 only; both are averaged over the batch. A member stops being computed after its
    last step (the active members form a prefix), so a k-sweep costs sum_k k steps of work, not K max_k.
    Returns (total, per_member_detached).
    """
    t = _torch()
    M, H = p.members, p.hidden
    T = int(lengths[0])
    gi = x[:, :, :T].permute(2, 0, 1).unsqueeze(-1) * p.w_ih[None, :, None, :] + p.b_ih[None, :, None, :]
    h = x.new_zeros(M, x.shape[1], H)
    per = x.new_zeros(M)
    total = x.new_zeros(())
    for s, gis in enumerate(gi.unbind(0)):
        n = sum(1 for L in lengths if L > s)                     # members still reading at step s (a prefix)
        h = h[:n]
        gh = t.baddbmm(p.b_hh[:n, None, :], h, p.w_hh[:n])
        gi_rz, gi_n = gis[:n].split((2 * H, H), -1)
        gh_rz, gh_n = gh.split((2 * H, H), -1)
        r, z = t.sigmoid(gi_rz + gh_rz).split((H, H), -1)
        nn_ = t.tanh(gi_n + r * gh_n)
        h = t.lerp(nn_, h, z)
        out = (h * p.w_out[:n, None, :]).sum(-1) + p.b_out[:n, None]                   # (n, N)
        lo = 0 if loss == "accumulated" else sum(1 for L in lengths if L > s + 1)      # "last": members ending at s
        if lo < n:
            c = ((out[lo:] - y[lo:n, :, s]) ** 2).mean(-1)                             # (n - lo,)
            total = total + c.sum()
            per[lo:n] += c.detach()
    return total, per


def _eval_inputs(tea: GRUParams, n_eval: int, horizon: int, eval_seed: int, dt, dev):
    """the evaluation sequences (drawn on the CPU, so the same on every device) and the teacher's outputs"""
    t = _torch()
    with t.no_grad():
        g = t.Generator(device="cpu").manual_seed(int(eval_seed))
        xe = t.randn(n_eval, horizon, generator=g, dtype=dt).to(dev)
        return xe, gru_responses(tea, xe)[0]                                              # (n_eval, horizon)


def _tail_errors(student: GRUParams, xe, ye, lengths: Sequence[int], horizon: int):
    """per member: mean over the evaluation inputs of the max tail error; also (|diff|, the in-window error)"""
    t = _torch()
    with t.no_grad():
        diff = (gru_responses(student, xe) - ye).abs()                                   # (M, n_eval, horizon)
        kvec = t.tensor(list(lengths), device=xe.device)
        tail = (t.arange(horizon, device=xe.device).unsqueeze(0) >= kvec.unsqueeze(1)).to(xe.dtype)  # (M, horizon)
        errs = (diff * tail.unsqueeze(1)).amax(-1).mean(-1)
        return errs, (diff, (diff * (1 - tail).unsqueeze(1)).amax(-1).mean(-1))


def _batches(seeds, steps: int, batch: int, horizon: int, kmax: int, dt, dev, chunk: int = 250):
    """Every step's batch (S, batch, kmax), one fresh draw per seed, shared by that seed's k_g values (the k-sweep
    differs only in the loss); drawn at the full horizon and cut, so that a student's data depend on its seed only,
    not on the grid. On the CPU from per-seed CPU generators one step at a time (the data of the committed
    evidence); on CUDA from per-seed CUDA generators, `chunk` steps per draw (no host round trip per step)."""
    t = _torch()
    if dev.type != "cuda":
        gens = [t.Generator(device="cpu").manual_seed(10_000 + int(s)) for s in seeds]
        for _ in range(steps):
            yield t.stack([t.randn(batch, horizon, generator=g, dtype=dt)[:, :kmax] for g in gens]).to(dev)
        return
    gens = [t.Generator(device=dev).manual_seed(10_000 + int(s)) for s in seeds]
    for i in range(0, steps, chunk):
        n = min(chunk, steps - i)
        yield from t.stack([t.randn(n, batch, horizon, generator=g, dtype=dt, device=dev)[..., :kmax]
                            for g in gens], 1).unbind(0)


def _graph_steps(step, checkpoint, opt, batches):
    """Run the steps of `batches` as replays of one captured CUDA graph (PyTorch's whole-network capture recipe:
    three eager warm-up steps on a side stream, which are training steps too, then capture and replay)."""
    t = _torch()
    last, static_x = None, None
    side = t.cuda.Stream()
    side.wait_stream(t.cuda.current_stream())
    done = 0
    with t.cuda.stream(side):
        for xs in batches:
            static_x = xs.clone()
            opt.zero_grad(set_to_none=True)
            last = step(static_x)
            done += 1
            checkpoint(done)
            if done == 3:
                break
    t.cuda.current_stream().wait_stream(side)
    g = None
    for xs in batches:
        if g is None:
            g = t.cuda.CUDAGraph()
            opt.zero_grad(set_to_none=True)
            with t.cuda.graph(g):
                last = step(static_x)
        static_x.copy_(xs)
        g.replay()
        done += 1
        checkpoint(done)
    t.cuda.synchronize()
    return last


def train_gru_students(teacher: GRUParams, ks: Sequence[int], seeds: Sequence[int], *, hidden: int,
                       init_scale: float = 1e-2, steps: int = 2000, lr: float = 3e-3, batch: int = 32,
                       horizon: int = 100, loss: str = "accumulated", n_eval: int = 64, eval_seed: int = 12345,
                       dtype: str = "float64", device: str | None = None, graph: bool | None = None,
                       checkpoints: Sequence[int] = (), seed_teachers: GRUParams | None = None,
                       engine: str | None = None) -> GRURun:
    """Train one student GRU per (k_g, seed) on the teacher's outputs for Gaussian inputs of length k_g, all in one
    batched program; return the tail extrapolation errors.

    Arguments:
        teacher: a one-member GRUParams (the labels are its outputs).
        ks, seeds: the grid; the seed fixes a student's initialization and its training batches, shared by every k_g
            (so a student is the same, up to rounding, whatever else the grid holds).
        hidden: the student's state dimension d_g; init_scale: the N(0, init_scale^2) initialization.
        steps, lr, batch: Adam steps, learning rate, Gaussian (N(0, 1)) sequences per step (fresh every step).
        loss: "accumulated" (squared error summed over the outputs y_0..y_{k_g-1} of each sequence) or "last"
            (the output y_{k_g-1} only, the regression of Sec. 3).
        horizon, n_eval, eval_seed: the evaluation: n_eval N(0, 1) sequences of length horizon.
        graph: replay one captured CUDA graph per training step (None: on CUDA devices only). A step is ~3,000
            small kernels, so an eager step is bound by launch overhead; the graph replays them without Python.
            On CUDA (graph or not) the batches come from per-seed CUDA generators (drawn on the device in
            chunks), so the data differ from the CPU run's; a student still depends only on its seed and k_g.
        checkpoints: step counts after which the tail errors are also evaluated (GRURun.config["history"]).
        engine: "fused" (the window loss as one autograd node with its adjoint written out, _gru_fused) or "loop"
            (autograd through the step loop); None: fused, except with a CUDA graph (whose replay already removes the
            per-node overhead). Both give the same gradients up to rounding (tests/train/test_gru_fused.py).
        seed_teachers: optional, one network per entry of `seeds` (GRUParams with len(seeds) members): that entry's
            students learn from it instead of `teacher` (several teachers as members of one program, a seed repeated
            once per teacher); errors are against each member's own teacher (GRURun.trivials, .window_scales,
            .teacher_impulses), while `trivial`, `window_scale` and `teacher_impulse` stay those of `teacher`.
    Returns:
        GRURun.
    Raises:
        InvalidArgument: for an unknown loss, a multi-member teacher, horizon <= max(ks), or graph=True off CUDA.
    """
    t = _torch()
    if loss not in LOSSES:
        raise InvalidArgument(f"loss must be one of {LOSSES}, got {loss!r}")
    if teacher.members != 1:
        raise InvalidArgument(f"the teacher must be one network, got {teacher.members} members")
    if seed_teachers is not None and seed_teachers.members != len(seeds):
        raise InvalidArgument(f"seed_teachers needs one network per seed, got {seed_teachers.members} for "
                              f"{len(seeds)} seeds")
    if not ks or min(ks) < 1 or horizon <= max(ks):
        raise InvalidArgument(f"need 1 <= k_g < horizon for every k_g; got ks={list(ks)}, horizon={horizon}")
    dev = _device(device)
    dt = getattr(t, dtype)
    K, S = len(ks), len(seeds)
    M = K * S
    kmax = max(ks)
    # members in order of non-increasing k_g (the active members of _window_losses form a prefix)
    korder = sorted(range(K), key=lambda i: -ks[i])
    lengths = [ks[i] for i in korder for _ in seeds]
    member_seeds = [s for _ in korder for s in seeds]
    p0 = init_gru_params(M, hidden, scale=init_scale, seeds=member_seeds, dtype=dtype, device=device)
    params = [x.clone().requires_grad_(True) for x in p0.tensors()]
    tea = GRUParams(*[x.to(device=dev, dtype=dt) for x in teacher.tensors()])
    # with seed_teachers: the labelling networks, one per seed entry
    lab = (GRUParams(*[x.to(device=dev, dtype=dt) for x in seed_teachers.tensors()]) if seed_teachers is not None
           else None)
    use_graph = dev.type == "cuda" if graph is None else bool(graph)
    if use_graph and dev.type != "cuda":
        raise InvalidArgument(f"graph=True needs a CUDA device, got {dev}")
    if engine not in (None, "fused", "loop"):
        raise InvalidArgument(f"engine must be 'fused' or 'loop', got {engine!r}")
    fused = (engine or ("loop" if use_graph else "fused")) == "fused"
    losses = _fused_window_losses if fused else _window_losses
    opt = t.optim.Adam(params, lr=lr, capturable=use_graph)
    xe, ye = _eval_inputs(tea, n_eval, horizon, eval_seed, dt, dev)
    with t.no_grad():
        ye_own = gru_responses(lab, xe).repeat(K, 1, 1) if seed_teachers is not None else ye    # per member
    history = []

    def step(xs):
        """one Adam step on the batch xs (S, batch, kmax); returns the per-member losses"""
        with t.no_grad():
            ys = (gru_responses(lab, xs) if seed_teachers is not None
                  else gru_responses(tea, xs.reshape(1, S * batch, kmax))[0].reshape(S, batch, kmax))
        total, per = losses(GRUParams(*params), xs.repeat(K, 1, 1), ys.repeat(K, 1, 1), lengths, loss)
        total.backward()
        opt.step()
        return per

    def checkpoint(done):
        if done in checkpoints:
            e, _ = _tail_errors(GRUParams(*[q.detach() for q in params]), xe, ye_own, lengths, horizon)
            history.append((done, e.tolist()))

    start = time.perf_counter()
    last = None
    batches = _batches(seeds, steps, batch, horizon, kmax, dt, dev)
    if use_graph:
        last = _graph_steps(step, checkpoint, opt, batches)
    else:
        for i, xs in enumerate(batches):
            opt.zero_grad()
            last = step(xs)
            checkpoint(i + 1)
    seconds = time.perf_counter() - start
    student = GRUParams(*[q.detach() for q in params])
    with t.no_grad():
        errs, (diff, fit) = _tail_errors(student, xe, ye_own, lengths, horizon)
        triv = [float(ye[:, k:].abs().amax(-1).mean()) for k in ks]
        wscale = [float(ye[:, :k].abs().amax(-1).mean()) for k in ks]
        xi = impulse_input(horizon, dtype=dtype, device=device)
        imp_s = gru_responses(student, xi)[:, 0]                                           # (M, horizon)
        imp_t = gru_responses(tea, xi)[0, 0]
        mabs = diff.mean(1)                                                            # (M, horizon)
        if seed_teachers is not None:
            L = t.tensor(lengths, device=dev).view(M, 1)
            tpos = t.arange(horizon, device=dev).view(1, horizon)
            amax_on = lambda sel: (ye_own.abs() * sel.unsqueeze(1).to(dt)).amax(-1).mean(-1).tolist()  # noqa: E731
            triv_m, wscale_m = amax_on(tpos >= L), amax_on(tpos < L)
            imp_own = gru_responses(lab, xi)[:, 0].tolist()
    slot = {i: r for r, i in enumerate(korder)}                                        # caller's k index -> block
    grid = lambda xs: tuple(tuple(xs[slot[i] * S + s] for s in range(S)) for i in range(K))  # noqa: E731
    return GRURun(ks=tuple(ks), seeds=tuple(seeds), errors=grid(errs.tolist()), trivial=tuple(triv),
                  fit=grid(fit.tolist()), window_scale=tuple(wscale), final_loss=grid(last.tolist()),
                  impulse=grid([tuple(r) for r in imp_s.tolist()]), teacher_impulse=tuple(imp_t.tolist()),
                  mean_abs=grid([tuple(r) for r in mabs.tolist()]),
                  trivials=grid(triv_m) if seed_teachers is not None else (),
                  window_scales=grid(wscale_m) if seed_teachers is not None else (),
                  teacher_impulses=tuple(tuple(r) for r in imp_own) if seed_teachers is not None else (),
                  config=dict(hidden=hidden, init_scale=init_scale, init="Gaussian N(0, scale^2), every weight and bias",
                              steps=steps, lr=lr, batch=batch, loss=loss, horizon=horizon, n_eval=n_eval,
                              eval_seed=eval_seed, optimizer="Adam", inputs="N(0, 1), fresh every step",
                              dtype=dtype, device=str(dev), graph=use_graph, engine="fused" if fused else "loop",
                              history=[(n, grid(e)) for n, e in history], seed_teachers=seed_teachers is not None),
                  seconds=seconds)
