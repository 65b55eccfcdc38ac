"""Where each claim is declared: the file and line of its `paper.claim("key", ...)` call.

Read from the claim package's source with `ast` (the declaration call whose first argument is the claim's
key); a claim declared through a helper falls back to the line of its first check. Nothing is imported
or run here.
"""

from __future__ import annotations

import ast
from pathlib import Path


def _package_files(module_file: str | None) -> list[Path]:
    if not module_file:
        return []
    file = Path(module_file)                 # a claim package (its folder) or a single claim file
    if file.is_dir():
        return sorted(file.rglob("*.py"))
    if file.name == "__init__.py":
        return sorted(file.parent.rglob("*.py"))
    return [file]


def claim_locations(paper) -> dict[str, tuple[Path, int]]:
    """Claim key -> (file, line) for the claims of `paper` whose declaration can be found."""
    found: dict[str, tuple[Path, int]] = {}
    for file in _package_files(paper.module_file):
        try:
            tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("claim", "correction") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                key = node.args[0].value
                if key in paper.claims and key not in found:
                    found[key] = (file, node.lineno)
    engine = Path(__file__).resolve().parents[2]          # checks the engine declares (statement_*) live there
    for key, claim in paper.claims.items():
        for check in claim.checks if key not in found else ():
            code = getattr(check.fn, "__code__", None)
            if code is not None and Path(code.co_filename).is_file() and engine not in Path(code.co_filename).parents:
                found[key] = (Path(code.co_filename), code.co_firstlineno)
                break
    return found
