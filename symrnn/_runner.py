"""Running checks: requirements, cache, forked workers (symrnn._workers) with a time limit per check, jobs in
parallel."""

from __future__ import annotations

import contextlib
import importlib.util
import multiprocessing
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ._cache import Cache, check_key
from ._claims import Check, Claim
from ._errors import InvalidArgument
from ._evidence import CheckResult
from ._execute import _skipped, execute_check
from ._verdict import Verdict
from ._workers import _find_blas, _main_thread, run_in_workers

DEFAULT_TIMEOUT = 600.0


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during `run_checks`: the workers are stopped; `results` holds every check that
    finished (also in the cache when there is one), `total` how many were planned."""

    def __init__(self, results: list[CheckResult], total: int):
        super().__init__(f"interrupted after {len(results)} of {total} checks")
        self.results = results
        self.total = total


@dataclass
class RunOptions:
    jobs: int = 1
    timeout: float = DEFAULT_TIMEOUT
    dps: int = 50
    seed: int = 0
    quick: bool = False
    layers: tuple[str, ...] | None = None
    cache: Cache | None = None
    progress: Callable[[int, int, CheckResult], None] | None = None
    # called about every second while checks run: (done, total, [(check label, seconds so far)])
    tick: Callable[[int, int, list], None] | None = None
    # called when a check starts to run (not for cached or skipped ones): (done, total, check label)
    started: Callable[[int, int, str], None] | None = None
    printed_overrides: dict[str, dict] = field(default_factory=dict)
    resolve: Callable[[str], Claim] | None = None   # claim id -> Claim, for `same_as` claims
    dask_client: object | None = None      # a dask.distributed Client: checks run as Dask tasks
    # runs the pending tasks on dask_client (symrnn._distributed.run_on_dask, set with the client: passed in so
    # that the runner never imports the Dask path, which imports the runner)
    dask_run: Callable | None = None
    # each check in a worker of its own (slower: nothing the checks compute in common is shared); otherwise a worker
    # runs check after check, of the same module where it can (symrnn._workers). Default: SYMRNN_FRESH_WORKERS.
    fresh_workers: bool = field(default_factory=lambda: bool(os.environ.get("SYMRNN_FRESH_WORKERS")))

    def __post_init__(self):
        if self.jobs < 1:
            raise InvalidArgument(f"--jobs must be at least 1, got {self.jobs}")
        if not (self.timeout > 0):
            raise InvalidArgument(f"timeout must be positive seconds, got {self.timeout}")
        if self.dps < 15:
            raise InvalidArgument(f"dps must be at least 15 (double precision is ~16 digits), got {self.dps}")


def missing_requirement(req: str) -> str | None:
    """A sentence saying what is missing, or None when the requirement is met."""
    if req == "flint":
        return None if importlib.util.find_spec("flint") else "python-flint is not installed (pip install python-flint)"
    if req == "torch":
        return None if importlib.util.find_spec("torch") else "torch is not installed (pip install torch==2.13.0)"
    if req == "gpu":
        if importlib.util.find_spec("torch") is None:
            return "no GPU: torch is not installed"
        import torch

        return None if torch.cuda.is_available() else "no GPU: torch.cuda.is_available() is False on this machine"
    if req == "tex":
        return None if shutil.which("latexmk") else "no TeX: latexmk was not found on PATH"
    return f"unknown requirement {req!r}"


@dataclass(frozen=True)
class Task:
    """One check to run: `claim` receives the result; `owner` declares the check (they differ for
    a `same_as` claim, whose results are its twin's, relabelled)."""

    claim: Claim
    owner: Claim
    check: Check
    key: str

    @property
    def label(self) -> str:
        return self.check.name if self.owner is self.claim else f"{self.owner.id}:{self.check.name}"


def plan(claims: list[Claim], opts: RunOptions) -> list[Task]:
    """The checks to run for `claims`, layer-filtered, with their cache keys."""
    from ._fingerprint import _Walker, check_digest, engine_digest_for

    tasks = []
    walker = _Walker()
    memo = opts.cache.engine_keys() if opts.cache is not None else {}
    known = len(memo)
    for claim in claims:
        owner = claim
        if claim.same_as is not None:
            if opts.resolve is None:
                raise InvalidArgument(f"{claim.id} is the same as {claim.same_as}: the runner needs a resolver")
            owner = opts.resolve(claim.same_as)
        for check in owner.checks:
            if opts.layers and check.layer not in opts.layers:
                continue
            override = opts.printed_overrides.get(owner.id)
            key = check_key(check_digest=check_digest(owner, check, walker),
                            module_file=owner.paper.module_file, claim_id=owner.id, check_name=check.name,
                            layer=check.layer, dps=opts.dps, seed=opts.seed, quick=opts.quick,
                            printed_override=repr(sorted(override.items())) if override else "",
                            engine=engine_digest_for(owner, check, memo))
            tasks.append(Task(claim, owner, check, key))
    if opts.cache is not None and len(memo) > known:
        opts.cache.put_engine_keys(memo)
    return tasks


def relabel(res: CheckResult, task: Task) -> CheckResult:
    return res if task.owner is task.claim else res.replace(claim_id=task.claim.id, check=task.label)


def run_checks(claims: list[Claim], opts: RunOptions) -> list[CheckResult]:
    """Run every check of `claims` (filtered by layer); results in declaration order.

    Tasks with the same content key (a claim and its `same_as` twin) run once. KeyboardInterrupt
    stops the workers; results already finished are in the cache.
    """
    tasks = plan(claims, opts)
    results: dict[int, CheckResult] = {}
    by_key: dict[str, list[int]] = {}
    for i, task in enumerate(tasks):
        by_key.setdefault(task.key, []).append(i)
    pending: list[int] = []
    done = 0

    def finish(i: int, res: CheckResult) -> None:
        """Record the result of task i and of every task sharing its key."""
        nonlocal done
        if opts.cache is not None and res.verdict not in (Verdict.ERROR, Verdict.SKIPPED) and not res.cached \
                and not res.summary.startswith("inconclusive: time ran out"):
            opts.cache.put(tasks[i].key, res)
            opts.cache.forget_crash(tasks[i].key)
        elif opts.cache is not None and res.verdict is Verdict.ERROR:
            opts.cache.put_crash(tasks[i].key, res)
        for j in by_key[tasks[i].key]:
            results[j] = relabel(res, tasks[j])
            done += 1
            if opts.progress:
                opts.progress(done, len(tasks), results[j])

    for key, members in by_key.items():
        i = members[0]
        task = tasks[i]
        why = next((m for m in (missing_requirement(r) for r in task.check.requires) if m), None)
        if why:
            finish(i, _skipped(task.owner, task.check, why))
            continue
        hit = opts.cache.get(key) if opts.cache is not None else None
        if hit is not None:
            finish(i, hit.replace(cached=True))
            continue
        pending.append(i)

    with _shared_values(opts):
        return _run_pending(tasks, pending, opts, finish, results, lambda: done)


@contextlib.contextmanager
def _shared_values(opts: RunOptions):
    """Where the checks of this run keep the values they share (ctx.shared): the cache's `shared/` folder, or a
    temporary folder for this run. Set before the workers fork, so that each inherits it."""
    from . import _shared

    before = _shared.DIRECTORY
    with contextlib.ExitStack() as stack:
        _shared.DIRECTORY = (Path(opts.cache.dir) / "shared" if opts.cache is not None
                             else Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="symrnn-shared-"))))
        try:
            yield
        finally:
            _shared.DIRECTORY = before


def _run_pending(tasks, pending, opts, finish, results, done_count) -> list[CheckResult]:
    if opts.dask_client is not None and pending:
        with stop_on_signals() as guard:
            try:
                if opts.dask_run is None:
                    raise InvalidArgument("a Dask client needs its runner: set RunOptions.dask_run "
                                          "(symrnn._distributed.run_on_dask)")
                opts.dask_run(tasks, pending, opts, finish)
            except KeyboardInterrupt:
                if guard is not None:
                    guard.disarm()
                raise Interrupted([results[i] for i in range(len(tasks)) if i in results], len(tasks)) from None
        return [results[i] for i in range(len(tasks))]

    if "fork" not in multiprocessing.get_all_start_methods():  # pragma: no cover - non-POSIX
        for i in pending:
            t = tasks[i]
            if opts.started is not None:
                opts.started(done_count(), len(tasks), t.owner.id + ":" + t.check.name)
            finish(i, execute_check(t.owner, t.check, dps=opts.dps, seed=opts.seed, quick=opts.quick,
                                    printed=opts.printed_overrides.get(t.owner.id)))
        return [results[i] for i in range(len(tasks))]

    mp = multiprocessing.get_context("fork")
    _preload_engine(len(pending))
    _preload_torch([tasks[i] for i in pending])
    _find_blas()
    queue = list(pending)
    with stop_on_signals() as guard:       # SIGINT and SIGTERM stop the run once: workers die, finished results stay
        try:
            run_in_workers(tasks, queue, mp, opts, finish, guard, done_count)
        except KeyboardInterrupt:
            raise Interrupted([results[i] for i in range(len(tasks)) if i in results], len(tasks)) from None
    return [results[i] for i in range(len(tasks))]


# what nearly every check imports when it runs (the check context, the values it reads, SymPy's lambdify printers)
# and what many reach through SymPy (simplify imports sympy.physics.units)
_ENGINE_MODULES = ("symrnn._context", "symrnn._values", "symrnn.numeric._precision", "sympy.utilities.lambdify",
                   "sympy.codegen.ast", "sympy.physics.units")


def _preload_engine(pending: int) -> None:
    """Import what every worker would import, once, before two or more fork (copy-on-write). Measured when each check
    had a worker of its own (85-100 ms per worker -> 15-20 ms); with workers that run check after check
    (symrnn._workers) it saves that once per worker. SYMRNN_NO_PRELOAD=1 turns it off."""
    import importlib

    if pending < 2 or os.environ.get("SYMRNN_NO_PRELOAD"):
        return
    for name in _ENGINE_MODULES:
        importlib.import_module(name)


def _preload_torch(tasks) -> None:
    """Import torch once here, before the workers fork, when a pending check trains: each forked worker then has it
    (copy-on-write) instead of importing it again (1.5-2.5 s of CPU per training check), and torch._dynamo, which
    torch.optim's optimisers import when the first one is built (another second per worker). Importing starts no
    thread pool (torch starts its pools at the first parallel operation, in the worker, after _one_blas_thread).
    SYMRNN_NO_PRELOAD=1 turns it off (to measure what it saves)."""
    if os.environ.get("SYMRNN_NO_PRELOAD") or not any("torch" in t.check.requires for t in tasks):
        return
    try:
        import torch  # noqa: F401
        import torch._dynamo  # noqa: F401
    except ImportError:       # the checks that need it are skipped with the install hint
        pass


class SignalGuard:
    """SIGINT and SIGTERM while a guard is installed: the first one raises KeyboardInterrupt where the program is
    (only while the guard is armed); every later one, and any that arrives once the guard is disarmed (during the
    cleanup of an interrupted run, while the ledger is written), is only recorded in `signum`. So an interrupt at
    any moment stops the run at most once and never interrupts the cleanup that keeps what finished."""

    def __init__(self):
        self.signum: int | None = None      # the first signal received
        self.armed = True
        self.raised = False

    def handler(self, signum, frame):       # noqa: ARG002 - the signal module's signature
        if self.signum is None:
            self.signum = signum
            if self.armed:
                self.armed = False
                self.raised = True
                raise KeyboardInterrupt

    def disarm(self) -> None:
        self.armed = False


_GUARD: SignalGuard | None = None


class stop_on_signals:  # noqa: N801 - used as a context manager
    """`with stop_on_signals() as guard:` installs a SignalGuard for SIGINT and SIGTERM (main thread only; guard is
    None elsewhere) and restores the previous handlers on exit. Nested uses share the outermost guard (the CLI's
    guard covers `run_checks`'). A signal the outermost guard recorded without raising is delivered again to the
    previous handler on exit, so a caller that installed none still sees it."""

    def __enter__(self) -> SignalGuard | None:
        import signal

        global _GUARD
        self.owner = False
        if not _main_thread():              # signals reach the main thread only
            return None
        if _GUARD is not None:
            return _GUARD
        self.guard = SignalGuard()
        self.previous = {s: signal.signal(s, self.guard.handler) for s in (signal.SIGINT, signal.SIGTERM)}
        _GUARD = self.guard
        self.owner = True
        return self.guard

    def __exit__(self, *exc) -> None:
        import signal

        global _GUARD
        if not self.owner:
            return
        _GUARD = None
        if self.guard.signum is not None and exc[0] is SystemExit:
            # interrupted and now exiting (130, ledger written): a further signal must not turn the exit into a
            # KeyboardInterrupt or a death by signal between here and the interpreter's end
            for s in self.previous:
                signal.signal(s, signal.SIG_IGN)
            return
        for s, h in self.previous.items():
            signal.signal(s, h)
        if self.guard.signum is not None and not self.guard.raised and exc[0] is None:
            signal.raise_signal(self.guard.signum)


def cached_results(claims: list[Claim], opts: RunOptions) -> list[CheckResult]:
    """Results available in the cache for `claims`, without running anything."""
    out = []
    if opts.cache is None:
        return out
    for task in plan(claims, opts):
        hit = opts.cache.get(task.key) or opts.cache.get_crash(task.key)
        if hit is not None:
            out.append(relabel(hit.replace(cached=True), task))
    return out


def find_check(claim: Claim, name: str) -> Check:
    for c in claim.checks:
        if c.name == name:
            return c
    names = ", ".join(c.name for c in claim.checks) or "none"
    raise InvalidArgument(f"claim {claim.id} has no check named {name!r}; its checks are: {names}")


__all__ = ["Interrupted", "RunOptions", "SignalGuard", "stop_on_signals", "run_checks", "execute_check", "find_check", "missing_requirement"]
