"""Dependency rules (G7): the engine never imports derivations; derivations use the public
namespace only; importing symrnn does not import torch."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_never_imports_derivations_or_reports():
    for path in (ROOT / "symrnn").rglob("*.py"):
        bad = {m for m in imported_modules(path) if m.split(".")[0] in ("derivations", "reports")}
        assert not bad, f"{path} imports {bad}"


def test_symbolic_layer_imports_neither_numeric_nor_train():
    for path in (ROOT / "symrnn" / "symbolic").rglob("*.py"):
        mods = imported_modules(path)
        assert not {m for m in mods if "numeric" in m or "train" in m}, path


PUBLIC_SUBPACKAGES = {"symrnn.numeric", "symrnn.symbolic", "symrnn.strategies", "symrnn.train"}


def test_derivations_use_only_the_public_namespace():
    """Claim files and every module of a claim package import `symrnn` or its documented subpackages, never a
    private module (`symrnn._registry`, `symrnn.numeric._arb`) or `symrnn.internal`."""
    files = sorted((ROOT / "derivations").rglob("*.py"))
    assert any(p.parent != ROOT / "derivations" for p in files), "no claim package found: the test would be vacuous"
    for path in files:
        for m in imported_modules(path):
            if m.startswith("symrnn."):
                assert m in PUBLIC_SUBPACKAGES, f"{path} imports private {m}"


def test_importing_symrnn_does_not_import_torch():
    code = "import sys, symrnn; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_derivation_texts_carry_no_wall_clock_time():
    """ck2023's experiment steps printed their training seconds, so a cold `make report` wrote another .tex each
    time (issue 12: nothing in the .tex depends on the clock); the check's time belongs in the ledger."""
    for path in (ROOT / "derivations").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FormattedValue) and isinstance(node.value, ast.Attribute):
                assert node.value.attr not in ("seconds", "wall", "elapsed"), \
                    f"{path.relative_to(ROOT)}:{node.lineno} formats .{node.value.attr} into a text"
