"""Independent training programs side by side: one Python thread each, torch at one intra-op thread."""

from __future__ import annotations

from ._backend import torch


def concurrently(jobs) -> None:
    """Run the callables `jobs` at the same time, each in its own Python thread with torch limited to one intra-op
    thread (restored afterwards); the first exception is re-raised.  torch releases the GIL inside its operations,
    so independent training programs overlap on a multi-core CPU without the per-operation barriers of torch's own
    threads."""
    import threading

    t = torch()
    saved = t.get_num_threads()
    t.set_num_threads(1)
    errors = []

    def wrap(job):
        try:
            job()
        except BaseException as exc:                                       # re-raised below
            errors.append(exc)

    try:
        threads = [threading.Thread(target=wrap, args=(job,), daemon=True) for job in jobs]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        t.set_num_threads(saved)
    if errors:
        raise errors[0]
