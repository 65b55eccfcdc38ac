"""One root error, and the three kinds users meet (G10: what you did / why it is wrong / what to do)."""

from __future__ import annotations


class SymrnnError(Exception):
    """Root of every error symrnn raises on purpose."""


class InvalidArgument(SymrnnError, ValueError):
    """A value passed to symrnn breaks a stated rule (w <= 0, NaN, m < 1, unknown choice...)."""


class InvalidClaim(SymrnnError):
    """A claim file or declaration is malformed (unknown id, duplicate label, empty file, cycle...)."""


class MissingDependency(SymrnnError):
    """An optional requirement (python-flint, torch, TeX, a GPU) is absent."""


class InternalError(SymrnnError):
    """symrnn itself misbehaved: this is a bug; the message names the claim."""


def unknown_choice(what: str, got: object, valid: list[str] | tuple[str, ...]) -> InvalidArgument:
    """Error for a choice outside a fixed set, listing the valid ones."""
    return InvalidArgument(f"unknown {what} {got!r}; valid choices are: {', '.join(valid)}")
