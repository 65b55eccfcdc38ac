"""Running checks: requirements, cache, one forked worker per check with a timeout, jobs in parallel."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import multiprocessing
import multiprocessing.connection
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ._cache import Cache, check_key
from ._claims import Check, Claim
from ._errors import InvalidArgument
from ._evidence import CheckResult, Finding
from ._verdict import Verdict, combine_findings

DEFAULT_TIMEOUT = 600.0


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during `run_checks`: the workers are stopped; `results` holds every check that
    finished (also in the cache when there is one), `total` how many were planned."""

    def __init__(self, results: list[CheckResult], total: int):
        super().__init__(f"interrupted after {len(results)} of {total} checks")
        self.results = results
        self.total = total


def _die_with_parent() -> None:
    """Linux: a worker gets SIGKILL when its parent dies, however the parent dies (best effort)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)    # PR_SET_PDEATHSIG
    except (OSError, AttributeError):   # pragma: no cover - not Linux
        pass


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


def _summary(verdict: Verdict, findings: list[Finding], error: str) -> str:
    if error:
        return f"error: {error.strip().splitlines()[-1]}"
    if not findings:
        return "vacuous: the check recorded no finding"
    decisive = [f for f in findings if f.verdict is verdict] or findings
    if verdict.positive:
        return f"{verdict.value}: {len(findings)} finding(s), all {', '.join(sorted({f.verdict.value for f in findings}))}"
    f = decisive[0]
    return f"{verdict.value}: {f.title}" + (f" ({f.detail})" if f.detail else "")


def execute_check(claim: Claim, check: Check, *, dps: int, seed: int, quick: bool,
                  printed: dict | None = None) -> CheckResult:
    """Run one check in this process and freeze what it recorded."""
    from ._context import CheckContext       # SymPy: imported when a check runs, not when the CLI starts

    ctx = CheckContext(claim_id=claim.id, check_name=check.name, dps=dps, seed=seed,
                       printed=dict(claim.printed if printed is None else printed),
                       replay=check.replay, quick=quick, recheck=check.recheck, evaluators=check.evaluators,
                       hypotheses=claim.hypotheses_for(check.name), needs_hypotheses=bool(claim.assumptions),
                       strict=claim.paper.strict, replay_path=claim.paper.replay_path, variables=claim.variables,
                       relations=claim.relations)
    from .numeric._precision import precision_log

    precision_log(reset=True)
    start, cpu_start = time.perf_counter(), time.process_time()
    error = ""
    try:
        check.fn(ctx)
    except Exception:  # noqa: BLE001 - a crashing check is reported, not propagated
        error = traceback.format_exc()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    findings = list(ctx.record.findings)
    if error:
        verdict = Verdict.ERROR
        findings.append(Finding(Verdict.ERROR, "the check raised", error.strip().splitlines()[-1]))
    else:
        verdict = combine_findings([f.verdict for f in findings])
    return CheckResult(
        claim_id=claim.id, check=check.name, layer=check.layer, full=check.full, scope=check.scope,
        verdict=verdict, summary=_summary(verdict, findings, error), findings=tuple(findings),
        steps=tuple(ctx.record.steps), tables=tuple(ctx.record.tables), plots=tuple(ctx.record.plots),
        witnesses=tuple(ctx.record.witnesses), seconds=round(seconds, 3), dps=dps, seed=seed, error=error,
        max_dps=precision_log(), controls=tuple(ctx.record.controls), fidelity=ctx.record.fidelity,
        cpu_seconds=round(cpu, 3))


def _skipped(claim: Claim, check: Check, why: str) -> CheckResult:
    return CheckResult(claim_id=claim.id, check=check.name, layer=check.layer, full=check.full,
                       scope=check.scope, verdict=Verdict.SKIPPED, summary=f"skipped: {why}",
                       findings=(Finding(Verdict.SKIPPED, "requirement missing", why),))


def _timed_out(claim: Claim, check: Check, limit: float, opts: RunOptions) -> CheckResult:
    why = f"time ran out after {limit:g} s (raise it with --timeout)"
    return CheckResult(claim_id=claim.id, check=check.name, layer=check.layer, full=check.full,
                       scope=check.scope, verdict=Verdict.INCONCLUSIVE, summary=f"inconclusive: {why}",
                       findings=(Finding(Verdict.INCONCLUSIVE, "timeout", why),), seconds=limit,
                       dps=opts.dps, seed=opts.seed)


_BLAS = None      # threadpoolctl's controller, made by the parent before its workers fork (_run_pending)


def _one_blas_thread():
    """One BLAS/OpenMP thread in a worker: `jobs` workers already share the cores, and a BLAS pool inherited through
    fork from a process that had started it spins beside the worker (measured: a 5 s check forked from a process
    with torch and numpy loaded took 13-63 s on 2 cores). Training sets torch's own threads where it wants more.
    The libraries are found once, in the parent (_BLAS): finding them again in each worker cost 5-12 ms of CPU."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:       # pragma: no cover - a dependency; without it the libraries keep their pools
        return
    if _BLAS is not None:
        _BLAS.limit(limits=1)
    else:
        threadpool_limits(1)


def _child(conn, claim, check, opts: RunOptions, printed):
    import signal

    # the parent decides what an interrupt stops (it kills its workers with SIGKILL): a Ctrl-C or SIGTERM sent to
    # the whole process group must not make a worker report a crash, nor run the parent's handler here
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):           # blocked by the parent around the fork (see _start_worker)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _die_with_parent()
    _one_blas_thread()
    try:
        res = execute_check(claim, check, dps=opts.dps, seed=opts.seed, quick=opts.quick, printed=printed)
        conn.send(json.dumps(res.to_json()))
    except BaseException:  # noqa: BLE001
        conn.send(json.dumps({"__crash__": traceback.format_exc()}))
    finally:
        conn.close()


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
    running: dict[int, tuple] = {}
    queue = list(pending)
    with stop_on_signals() as guard:       # SIGINT and SIGTERM stop the run once: workers die, finished results stay
        _wait_for_workers(tasks, queue, running, mp, opts, finish, guard, results, done_count)
    return [results[i] for i in range(len(tasks))]


# what nearly every check imports when it runs (the check context, the values it reads, SymPy's lambdify printers)
# and what many reach through SymPy (simplify imports sympy.physics.units)
_ENGINE_MODULES = ("symrnn._context", "symrnn._values", "symrnn.numeric._precision", "sympy.utilities.lambdify",
                   "sympy.codegen.ast", "sympy.physics.units")
# what about one check in ten imports (measured in a quick run of the four papers: scipy.optimize in 48 of 531 checks,
# scipy.integrate in 23; 0.15 and 0.22 s of CPU each time): worth importing once only before many workers
_MANY = 20
_MANY_MODULES = ("scipy.optimize", "scipy.integrate")


def _preload_engine(pending: int) -> None:
    """Import what the workers would each import, once, before they fork (copy-on-write). Measured (same machine, runs
    interleaved): one paper's quick symbolic, numeric and property checks (126 workers) 94 and 99 CPU-s without, 76
    and 80 with; another's quick symbolic and numeric checks (209 workers) 142 and 166 without, 133 and 159 with (each
    worker's own overhead 85-100 ms -> 15-20 ms; part of it comes back as copy-on-write in the checks).
    Only for a run that forks more than one worker; SYMRNN_NO_PRELOAD=1 turns it off."""
    import importlib
    import os

    if pending < 2 or os.environ.get("SYMRNN_NO_PRELOAD"):
        return
    for name in _ENGINE_MODULES + (_MANY_MODULES if pending >= _MANY else ()):
        importlib.import_module(name)


def _find_blas() -> None:
    """The BLAS and OpenMP libraries loaded now, found once for every worker about to fork (_one_blas_thread)."""
    global _BLAS
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:       # pragma: no cover - a dependency
        return
    _BLAS = ThreadpoolController()


def _preload_torch(tasks) -> None:
    """Import torch once here, before the workers fork, when a pending check trains: each forked worker then has it
    (copy-on-write) instead of importing it again (1.5-2.5 s of CPU per training check), and torch._dynamo, which
    torch.optim's optimisers import when the first one is built (another second per worker). Importing starts no
    thread pool (torch starts its pools at the first parallel operation, in the worker, after _one_blas_thread).
    SYMRNN_NO_PRELOAD=1 turns it off (to measure what it saves)."""
    import os

    if os.environ.get("SYMRNN_NO_PRELOAD") or not any("torch" in t.check.requires for t in tasks):
        return
    try:
        import torch  # noqa: F401
        import torch._dynamo  # noqa: F401
    except ImportError:       # the checks that need it are skipped with the install hint
        pass


def _start_worker(mp, i: int, t: Task, opts: RunOptions, running: dict) -> None:
    """Fork the worker of task i and register it in `running`. SIGINT and SIGTERM are blocked meanwhile: an interrupt
    then arrives once the worker is registered (so the cleanup kills it), and never in the child before it ignores
    them (the parent's handler would run there)."""
    import signal

    blocked = {signal.SIGINT, signal.SIGTERM}
    mask = hasattr(signal, "pthread_sigmask") and _main_thread()
    if mask:
        signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        recv, send = mp.Pipe(duplex=False)
        proc = mp.Process(target=_child, args=(send, t.owner, t.check, opts,
                                               opts.printed_overrides.get(t.owner.id)), daemon=True)
        proc.start()
        send.close()
        limit = t.check.timeout or opts.timeout
        running[i] = (proc, recv, time.monotonic() + limit, limit)
    finally:
        if mask:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)


def _wait_for_workers(tasks, queue, running, mp, opts, finish, guard, results, done_count) -> None:
    """Start workers up to opts.jobs, collect their results, kill those past their time limit. An interrupt kills
    every worker and raises Interrupted with the finished results; a later signal (during that cleanup) is only
    recorded by the guard, so the cleanup always completes."""
    last_tick = time.monotonic()
    try:
        while queue or running:
            while queue and len(running) < opts.jobs:
                busy = {n for j in running for n in tasks[j].check.shares}
                i = next((i for i in queue if not busy.intersection(tasks[i].check.shares)), None)
                if i is None:            # every waiting check shares a computation with a running one
                    break
                queue.remove(i)
                _start_worker(mp, i, tasks[i], opts, running)
                if opts.started is not None:
                    opts.started(done_count(), len(tasks), tasks[i].owner.id + ":" + tasks[i].check.name)
            ready = multiprocessing.connection.wait([r[1] for r in running.values()], timeout=0.2)
            now = time.monotonic()
            if opts.tick is not None and now - last_tick >= 1.0:
                last_tick = now
                opts.tick(done_count(), len(tasks), [(tasks[j].owner.id + ":" + tasks[j].check.name,
                                              now - (running[j][2] - running[j][3])) for j in running])
            for i in list(running):
                proc, recv, deadline, limit = running[i]
                t = tasks[i]
                if recv in ready:
                    try:
                        payload = json.loads(recv.recv())
                    except (EOFError, OSError):
                        payload = {"__crash__": f"worker exited with code {proc.exitcode} before reporting"}
                    proc.join()
                    recv.close()
                    del running[i]
                    if "__crash__" in payload:
                        res = CheckResult(claim_id=t.owner.id, check=t.check.name, layer=t.check.layer,
                                          full=t.check.full, scope=t.check.scope, verdict=Verdict.ERROR,
                                          summary="error: worker crashed", error=payload["__crash__"],
                                          findings=(Finding(Verdict.ERROR, "worker crashed",
                                                            payload["__crash__"].strip().splitlines()[-1]),))
                    else:
                        res = CheckResult.from_json(payload)
                    finish(i, res)
                elif now > deadline:
                    proc.kill()
                    proc.join()
                    recv.close()
                    del running[i]
                    finish(i, _timed_out(t.owner, t.check, limit, opts))
    except KeyboardInterrupt:
        if guard is not None:
            guard.disarm()           # from here a signal is recorded, never raised: the cleanup completes
        for proc, recv, _, _ in running.values():
            proc.kill()
        for proc, recv, _, _ in running.values():
            proc.join()
            recv.close()
        raise Interrupted([results[i] for i in range(len(tasks)) if i in results], len(tasks)) from None


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


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


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
