"""symrnn: machine-checks the mathematics of recurrent-network theory.

The public API for claim files (derivations) is exactly what is re-exported here (G7).
Importing symrnn does not import torch; SymPy, mpmath and Hypothesis are imported on first use of
what needs them (so that `symrnn --help` starts at once).
"""

__version__ = "0.1.0"

from ._claims import Check as Check, Claim as Claim, Hypothesis as Hypothesis, Paper as Paper
from ._errors import (
    InternalError as InternalError,
    InvalidArgument as InvalidArgument,
    InvalidClaim as InvalidClaim,
    MissingDependency as MissingDependency,
    SymrnnError as SymrnnError,
)
from ._verdict import Verdict as Verdict
from ._experiments import ASPECTS as ASPECTS, Prediction as Prediction
from ._statement import (
    Conclusion as Conclusion,
    Domain as Domain,
    given as given,
    one_of as one_of,
    integer as integer,
    nonnegative as nonnegative,
    positive as positive,
    real as real,
)
from ._registry import load_module as load_claim_file, load_paper as load_paper

_LAZY = {"CheckContext": ("._context", "CheckContext"), "replay": ("._api", "replay"), "check": ("._api", "check"),
         "Results": ("._api", "Results"), "symbolic": (".symbolic", None), "numeric": (".numeric", None),
         "strategies": (".strategies", None), "formula_replays": ("._formula_replays", "formula_replays"),
         "parse_value": ("._values", "parse_value"), "parse_number": ("._values", "parse_number"),
         "parse_expression": ("._values", "parse_expression")}


def __getattr__(name):
    """The heavy parts of the public API, imported when first used."""
    import importlib

    if name not in _LAZY:
        raise AttributeError(f"module 'symrnn' has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = importlib.import_module(module, __name__)
    value = getattr(value, attr) if attr else value
    globals()[name] = value
    return value

__all__ = [
    "Check", "CheckContext", "Claim", "Hypothesis", "InternalError", "InvalidArgument", "InvalidClaim",
    "MissingDependency", "Paper", "SymrnnError", "Verdict", "replay", "check", "load_claim_file", "__version__",
    "symbolic", "numeric", "strategies", "Results", "load_paper", "formula_replays",
    "Conclusion", "Domain", "given", "integer", "nonnegative", "one_of", "positive", "real",
    "parse_value", "parse_number", "parse_expression", "Prediction", "ASPECTS",
]
