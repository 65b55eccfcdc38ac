"""Running checks on a Dask distributed cluster (`symrnn check --dask N` or `--scheduler ADDRESS`).

Each check is one Dask task. The worker loads the claim file by path (so it must see the same
files, e.g. a shared folder), runs the check in a forked child with the check's time limit, and
sends the result back as JSON; the cache and the ledger are written by the caller exactly as for a
local run, so a Dask run and a local run give the same ledger.
"""

from __future__ import annotations

import json
from pathlib import Path

from ._errors import InvalidArgument, MissingDependency
from ._evidence import CheckResult, Finding
from ._verdict import Verdict


def client_for(*, scheduler: str | None = None, workers: int | None = None):
    """A dask.distributed Client: connected to `scheduler`, or a local cluster of `workers` processes."""
    try:
        import dask
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise MissingDependency("the Dask path needs dask.distributed: pip install 'dask[distributed]'") from exc
    if scheduler:
        try:
            return Client(scheduler, timeout="10s")
        except (OSError, TimeoutError) as exc:
            raise InvalidArgument(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
    if not workers or workers < 1:
        raise InvalidArgument(f"--dask needs a number of workers >= 1, got {workers}")
    # worker processes that may fork (each check runs in its own child, for its time limit)
    dask.config.set({"distributed.worker.daemon": False})
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    client.symrnn_cluster = cluster          # ours to shut down with the client
    return client


def close(client) -> None:
    """Close the client, and the local cluster if symrnn started it."""
    cluster = getattr(client, "symrnn_cluster", None)
    client.close()
    if cluster is not None:
        cluster.close()


def remote_check(module_file: str, claim_id: str, check_name: str, dps: int, seed: int, quick: bool,
                 timeout: float, printed: dict | None, replay_path: str | None = None) -> str:
    """Run on a worker: load the claim file, run one check with its time limit, return its JSON."""
    from ._registry import Registry
    from ._runner import RunOptions, find_check, run_checks

    import multiprocessing

    from ._execute import execute_check

    registry = Registry.discover([Path(module_file)])
    claim = registry.get(claim_id)
    claim.paper.replay_path = replay_path            # printed replay commands as the caller's run prints them
    check = find_check(claim, check_name)
    if multiprocessing.current_process().daemon:     # a daemonic worker cannot fork: run in place, no time limit
        return json.dumps(execute_check(claim, check, dps=dps, seed=seed, quick=quick, printed=printed).to_json())
    opts = RunOptions(jobs=1, dps=dps, seed=seed, quick=quick, timeout=timeout, resolve=registry.get,
                      printed_overrides={claim.id: printed} if printed else {})
    only = [r for r in run_checks([claim], opts) if r.check == check.name]
    return json.dumps(only[0].to_json())


def submit(client, task, opts):
    """Submit one planned task (symrnn._runner.Task) to the cluster; returns a Dask future."""
    owner = task.owner
    if not owner.paper.module_file:
        raise InvalidArgument(f"{owner.id} was declared in this session, not in a claim file: a Dask worker "
                              "cannot load it (write it to a file, or run without --dask)")
    return client.submit(remote_check, owner.paper.module_file, owner.id, task.check.name, opts.dps, opts.seed,
                         opts.quick, task.check.timeout or opts.timeout, opts.printed_overrides.get(owner.id),
                         owner.paper.replay_path, key=f"symrnn-{task.key}", pure=False)


def run_on_dask(tasks, pending, opts, finish) -> None:
    """Each pending check as a Dask task; results are cached and recorded here, as they arrive."""
    from dask.distributed import as_completed

    futures = {submit(opts.dask_client, tasks[i], opts): i for i in pending}
    try:
        for fut in as_completed(list(futures)):
            i = futures[fut]
            t = tasks[i]
            try:
                res = CheckResult.from_json(json.loads(fut.result()))
            except Exception as exc:  # noqa: BLE001 - a lost worker or a failed load is reported as a crash
                err = f"{type(exc).__name__}: {exc}"
                res = CheckResult(claim_id=t.owner.id, check=t.check.name, layer=t.check.layer, full=t.check.full,
                                  scope=t.check.scope, verdict=Verdict.ERROR, summary=f"error: {err}", error=err,
                                  findings=(Finding(Verdict.ERROR, "the Dask task failed", err),))
            finish(i, res)
    except KeyboardInterrupt:
        for fut in futures:
            fut.cancel()
        raise
