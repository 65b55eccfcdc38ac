"""Reference pages of the public API, generated from the docstrings:

    python -m symrnn._reference docs/reference.md

Every public name must have a docstring (the tests build the page and check that)."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

SECTIONS = (
    ("Declaring a paper", "symrnn", ("Paper", "Claim", "Check", "Hypothesis")),
    ("What a check receives", "symrnn", ("CheckContext",)),
    ("Experiments: predictions with controls, the fidelity table", "symrnn", ("Prediction",)),
    ("Running", "symrnn", ("check", "replay", "Results", "load_claim_file", "Verdict")),
    ("Certified and high-precision numerics", "symrnn.numeric",
     ("certify_inequality", "BoxCertificate", "compile_arb", "to_arb", "interval", "eigen_enclosures",
      "weyl_enclosures", "certify_definite", "eigvalsh_enclosed", "eigvalsh", "search_inequality", "Variable",
      "ratio_trend", "context", "agree", "exact", "to_mpf", "quad", "integrate")),
    ("Witnesses: replays that read the printed formula", "symrnn", ("formula_replays",)),
    ("Reading values users type (witness parameters): data, never code", "symrnn",
     ("parse_value", "parse_number", "parse_expression")),
    ("Exponential sums, counts and printed formulas (symbolic)", "symrnn.symbolic",
     ("expsum_residual_loss", "ExpSumLoss", "expsum_gradient_formula", "expsum_hessian_formula", "expsum_loss",
      "inner_exp_sums", "integrate_exp_polynomial", "laplace_power_integral", "template_moments", "stirling2",
      "stirling_diagonal_polynomial", "surjection_count", "ordered_partitions", "labelled_partitions_with_rest",
      "instantiate", "evaluate_printed", "expand_sums", "map_summands")),
    ("Exponential sums in an mpmath context", "symrnn.numeric", ("cauchy_inner", "expsum_residual_norm_sq")),
    ("Hypothesis strategies", "symrnn.strategies", None),
)


def _doc(obj) -> str:
    return inspect.cleandoc(obj.__doc__ or "").strip()


def _signature(name: str, obj) -> str:
    try:
        return f"{name}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        return name


def render() -> tuple[str, list[str]]:
    """The page as Markdown, and the public names that lack a docstring."""
    import importlib

    from ._ledger import STATUSES
    from ._verdict import Verdict

    lines = ["# symrnn API reference", "",
             "Generated from the docstrings by `python -m symrnn._reference docs/reference.md`; "
             "how to use it: `docs/writing-claims.md`.", "",
             "## Verdicts and the status column", "",
             "A claim's **verdict** is what its own checks established:", ""]
    lines += [f"- `{v.value}`: {v.message}" for v in Verdict]
    lines += ["", "Its **status** (the last column of `symrnn check`, `status` in the ledger and the reports) "
              "also looks at the claims it uses:", ""]
    lines += [f"- `{k}`: {v}" for k, v in STATUSES.items()]
    lines.append("")
    missing = []
    for title, module_name, names in SECTIONS:
        module = importlib.import_module(module_name)
        names = names or [n for n in getattr(module, "__all__", dir(module)) if not n.startswith("_")
                          and getattr(getattr(module, n), "__module__", None) == module.__name__]
        lines += [f"## {title} (`{module_name}`)", ""]
        for name in names:
            obj = getattr(module, name)
            doc = _doc(obj)
            if not doc:
                missing.append(f"{module_name}.{name}")
            lines += [f"### `{_signature(name, obj)}`", "", doc or "(no docstring)", ""]
            if inspect.isclass(obj):
                for mname, member in sorted(vars(obj).items()):
                    if mname.startswith("_") or not callable(member):
                        continue
                    mdoc = _doc(member)
                    if not mdoc:
                        missing.append(f"{module_name}.{name}.{mname}")
                    # the whole docstring: what a callback receives is often said after the first line
                    lines += [f"#### `{name}.{_signature(mname, member)}`", "", mdoc or "(no docstring)", ""]
    return "\n".join(lines) + "\n", missing


if __name__ == "__main__":
    text, missing = render()
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/reference.md")
    target.write_text(text)
    print(f"wrote {target}" + (f"; {len(missing)} names lack a docstring: {', '.join(missing)}" if missing else ""))
