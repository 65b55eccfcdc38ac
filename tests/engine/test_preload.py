"""The runner imports torch once before forking its workers when a pending check trains (each worker then has it
copy-on-write instead of importing it again, issue 23), and never when none does (a symbolic run stays light); likewise
what every check imports, before several workers fork; and it finds the BLAS libraries once for all its workers."""

import subprocess
import sys

PROBE = '''
import json, os, sys
from types import SimpleNamespace
from symrnn._runner import _preload_torch
got = []
for requires in (("torch",), ()):
    r, w = os.pipe()
    if os.fork() == 0:                  # each case in a fresh copy of this process, where torch is not loaded
        _preload_torch([SimpleNamespace(check=SimpleNamespace(requires=requires))])
        os.write(w, json.dumps("torch" in sys.modules).encode())
        os._exit(0)
    os.wait()
    got.append(json.loads(os.read(r, 100)))
print(json.dumps(got))
'''


def test_torch_is_imported_before_the_fork_only_for_training_checks():
    import json

    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [True, False]


ENGINE_PROBE = '''
import json, os, sys
from symrnn._runner import _ENGINE_MODULES, _MANY, _MANY_MODULES, _preload_engine
got = []
for pending, off in ((2, ""), (_MANY, ""), (1, ""), (_MANY, "1")):
    r, w = os.pipe()
    if os.fork() == 0:                  # each case in a fresh copy of this process, where none of them is loaded
        os.environ["SYMRNN_NO_PRELOAD"] = off
        _preload_engine(pending)
        os.write(w, json.dumps(sorted(m for m in _ENGINE_MODULES + _MANY_MODULES if m in sys.modules)).encode())
        os._exit(0)
    os.wait()
    got.append(json.loads(os.read(r, 10000)))
print(json.dumps(got))
'''


def test_what_every_worker_imports_is_imported_once_before_several_workers_fork():
    import json

    from symrnn._runner import _ENGINE_MODULES, _MANY_MODULES

    out = subprocess.run([sys.executable, "-c", ENGINE_PROBE], capture_output=True, text=True, check=True)
    several, many, one, off = json.loads(out.stdout)
    assert several == sorted(_ENGINE_MODULES)
    assert many == sorted(_ENGINE_MODULES + _MANY_MODULES)
    # one worker imports what it needs itself; SYMRNN_NO_PRELOAD=1 measures what the preload saves
    assert one == [] and off == []


BLAS_PROBE = '''
import os, json
import numpy
from threadpoolctl import threadpool_info
from symrnn import _runner
before = [p["num_threads"] for p in threadpool_info()]
_runner._find_blas()
r, w = os.pipe()
pid = os.fork()
if pid == 0:
    _runner._one_blas_thread()
    os.write(w, json.dumps([p["num_threads"] for p in threadpool_info()]).encode())
    os._exit(0)
os.waitpid(pid, 0)
print(json.dumps({"before": before, "worker": json.loads(os.read(r, 10000)),
                  "parent": [p["num_threads"] for p in threadpool_info()]}))
'''


def test_a_worker_runs_one_blas_thread_found_by_its_parent_and_the_parent_keeps_its_own():
    import json
    import os

    out = subprocess.run([sys.executable, "-c", BLAS_PROBE], capture_output=True, text=True, check=True,
                         env={**os.environ, "OMP_NUM_THREADS": "2", "OPENBLAS_NUM_THREADS": "2"})
    got = json.loads(out.stdout)
    assert got["before"] and all(n == 2 for n in got["before"]), got
    assert got["worker"] == [1] * len(got["before"])
    assert got["parent"] == got["before"]
