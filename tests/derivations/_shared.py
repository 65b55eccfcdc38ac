"""One result cache for every derivation test of a pytest run: a check that several tests run (a paper's quick run,
then a targeted re-run of a few of its claims; li2021's twins, whose results are their li2022 owners' checks) runs
once, also across pytest-xdist workers (the directory is made by the controlling process: tests/conftest.py). The
cache key covers the check's code, its claim files, the engine code it can reach and its settings, so a hit is the
result the check would give again."""

import atexit
import os
import shutil
import tempfile

from symrnn._cache import Cache

_DIR = os.environ.get("SYMRNN_TEST_CHECKS_DIR")
if not _DIR:        # imported outside a pytest run that made one
    _DIR = tempfile.mkdtemp(prefix="symrnn-test-checks-")
    atexit.register(shutil.rmtree, _DIR, ignore_errors=True)
CACHE = Cache(_DIR)
