"""Forked workers that run checks one after another.

A worker is forked from the runner and then runs check after check, each sent to it over a pipe: what the checks of
a paper compute in common (SymPy's cache of expressions and assumptions, the memoised model of a derivation module)
is then computed once per worker, not once per check. Measured on two cores, runs one after the other, with fresh
workers and without: one paper's quick symbolic checks (140) 85 -> 60 CPU-s; `check --quick` of four papers (all
layers, two jobs) 400 -> 289 CPU-s, 208 -> 151 s.

A worker prefers the next check of the derivation module it ran last (its warm caches). Before each check it restores
the process-wide settings a check may change (mpmath's global precision, the random generators, numpy's error
handling, warning filters, the working directory, the environment, SymPy's global flags): what one check leaves to the
next is only what caches keep (values of pure computations), never a setting. A quick run of all four papers gave
the same verdicts, severities, statuses and coverage with and without fresh workers. A worker is retired once its
memory grew by RETIRE_MIB. torch's settings (threads, global generator, default dtype, gradient mode, deterministic
algorithms) are restored too when torch was loaded before the worker forked (the runner preloads it for a run with
training checks); a worker that loaded torch itself runs no further check. A check that needs a GPU (CUDA's state is
the process's) gets a worker of its own, as does every check with `fresh_workers`. A check past its time limit or a crashed worker
costs only that worker: the checks still waiting go to a new one.
"""

from __future__ import annotations

import gc
import json
import multiprocessing.connection
import os
import random
import resource
import sys
import time
import traceback
import warnings
from dataclasses import dataclass

from ._evidence import CheckResult
from ._execute import _crashed, _timed_out, execute_check

# how far a worker's peak resident memory may grow beyond what it started with (MiB) before it gets no further check:
# a long-lived worker keeps SymPy's cache and the derivation modules' memoised values; a fresh one starts from the
# parent's copy-on-write pages
RETIRE_MIB = 2048


class _ProcessState:
    """What a check may change for the whole process, captured when the worker starts and restored before each
    check: a check then starts from the state a worker of its own would have had."""

    def __init__(self):
        import mpmath
        import sympy.core.parameters as sympy_parameters

        self.mp = (mpmath.mp.prec, mpmath.mp.pretty)
        self.random = random.getstate()
        numpy = sys.modules.get("numpy")
        self.numpy = (numpy.random.get_state(), numpy.geterr()) if numpy is not None else None
        self.cwd = os.getcwd()
        self.environ = dict(os.environ)
        self.recursion = sys.getrecursionlimit()
        flags = sympy_parameters.global_parameters
        self.sympy = (flags.evaluate, flags.distribute, flags.exp_is_pow)
        torch = sys.modules.get("torch")
        self.torch = (torch.get_num_threads(), torch.random.get_rng_state(), torch.get_default_dtype(),
                      torch.is_grad_enabled(), torch.are_deterministic_algorithms_enabled()) \
            if torch is not None else None

    def restorable(self) -> bool:
        """False once a check loaded torch into a worker forked without it: its settings were never captured."""
        return self.torch is not None or "torch" not in sys.modules

    def restore(self) -> None:
        import mpmath
        import sympy.core.parameters as sympy_parameters

        mpmath.mp.prec, mpmath.mp.pretty = self.mp
        random.setstate(self.random)
        numpy = sys.modules.get("numpy")
        if self.numpy is not None and numpy is not None:
            numpy.random.set_state(self.numpy[0])
            numpy.seterr(**self.numpy[1])
        if os.getcwd() != self.cwd:
            os.chdir(self.cwd)
        if os.environ != self.environ:
            os.environ.clear()
            os.environ.update(self.environ)
        sys.setrecursionlimit(self.recursion)
        flags = sympy_parameters.global_parameters
        flags.evaluate, flags.distribute, flags.exp_is_pow = self.sympy
        if self.torch is not None:
            torch = sys.modules["torch"]
            threads, rng, dtype, grad, deterministic = self.torch
            if torch.get_num_threads() != threads:
                torch.set_num_threads(threads)
            torch.random.set_rng_state(rng)
            torch.set_default_dtype(dtype)
            torch.set_grad_enabled(grad)
            torch.use_deterministic_algorithms(deterministic)


def _die_with_parent() -> None:
    """Linux: a worker gets SIGKILL when its parent dies, however the parent dies (best effort)."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)    # PR_SET_PDEATHSIG
    except (OSError, AttributeError):   # pragma: no cover - not Linux
        pass


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


def _find_blas() -> None:
    """The BLAS and OpenMP libraries loaded now, found once for every worker about to fork (_one_blas_thread)."""
    global _BLAS
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:       # pragma: no cover - a dependency
        return
    _BLAS = ThreadpoolController()


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024      # Linux: KiB


def _serve(conn, tasks, opts) -> None:
    """A worker: run the checks whose indices arrive on `conn`, answer each with ("done", result JSON, MiB its peak
    memory grew since it started, whether it can run another) or ("crash", traceback, 0, False), stop at None or when
    the runner is gone."""
    import signal

    # the parent decides what an interrupt stops (it kills its workers with SIGKILL): a Ctrl-C or SIGTERM sent to
    # the whole process group must not make a worker report a crash, nor run the parent's handler here
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):           # blocked by the parent around the fork (see _fork)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    _die_with_parent()
    _one_blas_thread()
    state = _ProcessState()
    start_mib = _rss_mib()
    # the collector no longer walks (and copies the pages of) everything the worker inherited in each full collection
    # of a long-lived worker (measured: 3-8% of the checks' CPU); cycles among those objects stay until it exits
    gc.freeze()
    while True:
        try:
            i = conn.recv()
        except (EOFError, OSError):
            return
        if i is None:
            return
        t = tasks[i]
        try:
            state.restore()
            with warnings.catch_warnings():      # the filters a check sets end with it
                res = execute_check(t.owner, t.check, dps=opts.dps, seed=opts.seed, quick=opts.quick,
                                    printed=opts.printed_overrides.get(t.owner.id))
            conn.send(("done", json.dumps(res.to_json()), _rss_mib() - start_mib, state.restorable()))
        except BaseException:  # noqa: BLE001 - reported to the runner, and this worker stops
            conn.send(("crash", traceback.format_exc(), 0.0, False))
            return


@dataclass
class _Worker:
    proc: object
    conn: object
    module: str = ""            # the derivation module of the last check it ran
    task: int | None = None     # the check it runs now
    started: float = 0.0
    limit: float = 0.0
    single: bool = False        # gets one check only (a check on the GPU, or fresh_workers)
    retire: bool = False        # gets no further check (it grew by RETIRE_MIB, or loaded torch itself)

    @property
    def deadline(self) -> float:
        return self.started + self.limit


def _module(t) -> str:
    return getattr(t.check.fn, "__module__", "") or t.owner.paper.key


def _single(t, opts) -> bool:
    return opts.fresh_workers or "gpu" in t.check.requires


def _fork(mp, tasks, opts) -> _Worker:
    """Fork a worker. SIGINT and SIGTERM are blocked meanwhile: an interrupt then arrives once the worker is
    registered (so the cleanup kills it), and never in the child before it ignores them (the parent's handler would
    run there)."""
    import signal

    blocked = {signal.SIGINT, signal.SIGTERM}
    mask = hasattr(signal, "pthread_sigmask") and _main_thread()
    if mask:
        signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        here, there = mp.Pipe(duplex=True)
        proc = mp.Process(target=_serve, args=(there, tasks, opts), daemon=True)
        proc.start()
        there.close()
        return _Worker(proc, here)
    finally:
        if mask:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)


def _stop(w: _Worker, kill: bool = False) -> None:
    if kill:
        w.proc.kill()
    else:
        try:
            w.conn.send(None)
        except (BrokenPipeError, OSError):
            pass
    w.proc.join()
    w.conn.close()


def _choose(queue, tasks, workers, w: _Worker | None, opts) -> int | None:
    """The next check for worker `w` (None: a new worker): not sharing a computation with a running check; a worker
    that may run several prefers the module it ran last, then a module no other worker is on, then the first in
    line."""
    busy = {n for x in workers if x.task is not None for n in tasks[x.task].check.shares}
    free = [i for i in queue if not busy.intersection(tasks[i].check.shares)]
    if w is not None and w.single:
        return None
    if w is not None:
        free = [i for i in free if not _single(tasks[i], opts)]
    if not free:
        return None
    if w is not None and w.module:
        same = next((i for i in free if _module(tasks[i]) == w.module), None)
        if same is not None:
            return same
    others = {x.module for x in workers if x is not w}
    return next((i for i in free if _module(tasks[i]) not in others), free[0])


def run_in_workers(tasks, queue, mp, opts, finish, guard, done_count) -> None:
    """Run the checks `queue` (indices into `tasks`) in up to opts.jobs workers; `finish(i, result)` records each.
    A check past its limit is stopped with its worker and reported inconclusive. An interrupt kills every worker and
    raises KeyboardInterrupt again; a later signal (during that cleanup) is only recorded by the guard, so the
    cleanup always completes."""
    workers: list[_Worker] = []
    last_tick = time.monotonic()

    def give(w: _Worker, i: int) -> None:
        t = tasks[i]
        queue.remove(i)
        w.task, w.module, w.started = i, _module(t), time.monotonic()
        w.limit = t.check.timeout or opts.timeout
        w.single = w.single or _single(t, opts)
        if opts.started is not None:
            opts.started(done_count(), len(tasks), t.owner.id + ":" + t.check.name)
        try:
            w.conn.send(i)
        except (BrokenPipeError, OSError):       # the idle worker died (killed from outside): the check waits again
            queue.insert(0, i)
            w.task = None
            w.retire = True

    try:
        while queue or any(w.task is not None for w in workers):
            for w in [w for w in workers if w.task is None]:
                i = None if w.retire else _choose(queue, tasks, workers, w, opts)
                if i is not None:
                    give(w, i)
                if w.task is None:           # nothing it may run now: its slot goes to a check that can run
                    workers.remove(w)
                    _stop(w)
            while queue and len(workers) < opts.jobs:
                i = _choose(queue, tasks, workers, None, opts)
                if i is None:            # every waiting check shares a computation with a running one
                    break
                w = _fork(mp, tasks, opts)
                workers.append(w)
                give(w, i)
            busy = [w for w in workers if w.task is not None]
            ready = multiprocessing.connection.wait([w.conn for w in busy], timeout=0.2)
            now = time.monotonic()
            if opts.tick is not None and now - last_tick >= 1.0:
                last_tick = now
                opts.tick(done_count(), len(tasks), [(tasks[w.task].owner.id + ":" + tasks[w.task].check.name,
                                                      now - w.started) for w in busy])
            for w in busy:
                i, t = w.task, tasks[w.task]
                if w.conn in ready:
                    try:
                        kind, text, mib, reusable = w.conn.recv()
                    except (EOFError, OSError):
                        w.proc.join()
                        kind, text = "crash", f"worker exited with code {w.proc.exitcode} before reporting"
                    w.task = None
                    if kind == "done":
                        w.retire = mib >= RETIRE_MIB or not reusable
                        finish(i, CheckResult.from_json(json.loads(text)))
                    else:
                        workers.remove(w)
                        _stop(w, kill=True)
                        finish(i, _crashed(t.owner, t.check, text))
                elif now > w.deadline:
                    workers.remove(w)
                    _stop(w, kill=True)
                    finish(i, _timed_out(t.owner, t.check, w.limit, opts))
        for w in workers:
            _stop(w)
    except KeyboardInterrupt:
        if guard is not None:
            guard.disarm()           # from here a signal is recorded, never raised: the cleanup completes
        for w in workers:
            w.proc.kill()
        for w in workers:
            w.proc.join()
            w.conn.close()
        raise
