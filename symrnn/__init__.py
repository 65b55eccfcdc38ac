"""symrnn: machine-checks the mathematics of recurrent-network theory.

The public API for claim files (derivations) is exactly what is re-exported here (G7).
Importing symrnn does not import torch.
"""

__version__ = "0.1.0"

from ._claims import Check as Check, Claim as Claim, Hypothesis as Hypothesis, Paper as Paper
from ._context import CheckContext as CheckContext
from ._errors import (
    InternalError as InternalError,
    InvalidArgument as InvalidArgument,
    InvalidClaim as InvalidClaim,
    MissingDependency as MissingDependency,
    SymrnnError as SymrnnError,
)
from ._verdict import Verdict as Verdict
from ._api import replay as replay, check as check
from ._registry import load_module as load_claim_file
from . import symbolic as symbolic, numeric as numeric, strategies as strategies

__all__ = [
    "Check", "CheckContext", "Claim", "Hypothesis", "InternalError", "InvalidArgument", "InvalidClaim",
    "MissingDependency", "Paper", "SymrnnError", "Verdict", "replay", "check", "load_claim_file", "__version__",
    "symbolic", "numeric", "strategies",
]
