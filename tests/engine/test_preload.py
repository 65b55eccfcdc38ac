"""The runner imports torch once before forking its workers when a pending check trains (each worker then has it
copy-on-write instead of importing it again, issue 23), and never when none does (a symbolic run stays light); likewise
what every check imports, before several workers fork; and it finds the BLAS libraries once for all its workers."""

import json
import os
import subprocess
import sys

# each probe runs in one fresh interpreter; in_a_fork gives each case a fresh copy of it, where nothing the case
# imports is loaded yet
IN_A_FORK = '''
import json, os, sys

def in_a_fork(fn, *args):
    r, w = os.pipe()
    if os.fork() == 0:
        os.write(w, json.dumps(fn(*args)).encode())
        os._exit(0)
    os.wait()
    return json.loads(os.read(r, 100000))
'''


def _probe(code: str, **env):
    out = subprocess.run([sys.executable, "-c", IN_A_FORK + code], capture_output=True, text=True, check=True,
                         env={**os.environ, **env})
    return json.loads(out.stdout)


TORCH_PROBE = '''
from types import SimpleNamespace
from symrnn._runner import _preload_torch

def case(requires):
    _preload_torch([SimpleNamespace(check=SimpleNamespace(requires=requires))])
    return "torch" in sys.modules

print(json.dumps([in_a_fork(case, ("torch",)), in_a_fork(case, ())]))
'''


def test_torch_is_imported_before_the_fork_only_for_training_checks():
    assert _probe(TORCH_PROBE) == [True, False]


ENGINE_PROBE = '''
from symrnn._runner import _ENGINE_MODULES, _preload_engine

def case(pending, off):
    os.environ["SYMRNN_NO_PRELOAD"] = off
    _preload_engine(pending)
    return sorted(m for m in _ENGINE_MODULES if m in sys.modules)

print(json.dumps([in_a_fork(case, 2, ""), in_a_fork(case, 1, ""), in_a_fork(case, 2, "1")]))
'''


def test_what_every_worker_imports_is_imported_once_before_several_workers_fork():
    from symrnn._runner import _ENGINE_MODULES

    several, one, off = _probe(ENGINE_PROBE)
    assert several == sorted(_ENGINE_MODULES)
    # one worker imports what it needs itself; SYMRNN_NO_PRELOAD=1 measures what the preload saves
    assert one == [] and off == []


BLAS_PROBE = '''
import numpy
from threadpoolctl import threadpool_info
from symrnn import _workers

def threads():
    return [p["num_threads"] for p in threadpool_info()]

def worker():
    _workers._one_blas_thread()
    return threads()

before = threads()
_workers._find_blas()
print(json.dumps({"before": before, "worker": in_a_fork(worker), "parent": threads()}))
'''


def test_a_worker_runs_one_blas_thread_found_by_its_parent_and_the_parent_keeps_its_own():
    got = _probe(BLAS_PROBE, OMP_NUM_THREADS="2", OPENBLAS_NUM_THREADS="2")
    assert got["before"] and all(n == 2 for n in got["before"]), got
    assert got["worker"] == [1] * len(got["before"])
    assert got["parent"] == got["before"]
