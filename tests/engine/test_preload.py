"""The runner imports torch once before forking its workers when a pending check trains (each worker then has it
copy-on-write instead of importing it again, issue 23), and never when none does (a symbolic run stays light)."""

import subprocess
import sys

PROBE = '''
import sys
from types import SimpleNamespace
from symrnn._runner import _preload_torch
task = SimpleNamespace(check=SimpleNamespace(requires={requires!r}))
_preload_torch([task])
print("torch" in sys.modules)
'''


def _loaded_after(requires) -> bool:
    out = subprocess.run([sys.executable, "-c", PROBE.format(requires=requires)], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip() == "True"


def test_torch_is_imported_before_the_fork_only_for_training_checks():
    assert _loaded_after(("torch",)) is True
    assert _loaded_after(()) is False
