"""Declarations: a Paper holds Claims in paper order; a Claim holds Checks.

Derivation files only call constructors and decorators here (G9: no subclassing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from ._errors import InvalidArgument, InvalidClaim, unknown_choice

LAYERS = ("symbolic", "numeric", "property", "empirical")
KINDS = (
    "definition", "assumption", "lemma", "theorem", "proposition", "corollary", "remark",
    "equation", "proof-step", "figure", "correction",
)
REQUIREMENTS = ("flint", "torch", "gpu", "tex")
_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Check:
    """One way of checking a claim.

    `full` says the check covers the whole statement (only then can "proved"/"certified"
    become the claim's verdict); `scope` says what it covers, in words.
    """

    claim_id: str
    name: str
    layer: str
    fn: Callable
    full: bool
    scope: str
    method: str
    timeout: float | None
    requires: tuple[str, ...]
    replay: Callable | None

    @property
    def id(self) -> str:
        return f"{self.claim_id}:{self.name}"


class Claim:
    """A numbered statement of a paper, transcribed as printed."""

    def __init__(self, paper: "Paper", key: str, *, kind: str, label: str, statement: str,
                 where: str = "", assumptions=(), uses=(), printed: dict[str, Any] | None = None,
                 notes: str = "", corrected_from: str | None = None, same_as: str | None = None,
                 discursive: str = ""):
        if not _KEY.match(key):
            raise InvalidClaim(
                f"claim key {key!r} in paper {paper.key!r} is not a valid id: use lower-case letters, "
                "digits and underscores, e.g. 'lemma27' or 'eq129'")
        if kind not in KINDS:
            raise unknown_choice("claim kind", kind, KINDS)
        if not statement or not statement.strip():
            raise InvalidClaim(f"claim {paper.key}.{key} has an empty statement; transcribe it as printed")
        if corrected_from is not None and kind != "correction":
            raise InvalidClaim(f"claim {paper.key}.{key} has corrected_from= but kind={kind!r}; use kind='correction'")
        self.paper = paper
        self.key = key
        self.id = f"{paper.key}.{key}"
        self.kind = kind
        self.label = label
        self.statement = statement.strip()
        self.where = where
        self.assumptions = tuple(assumptions)
        self.uses = tuple(uses)
        self.printed = dict(printed or {})
        self.notes = notes
        self.corrected_from = corrected_from
        if same_as is not None and "." not in same_as:
            raise InvalidClaim(f"claim {paper.key}.{key}: same_as={same_as!r} must be a full id such as 'li2022.thm57'")
        # the same mathematics as a claim of another version: its checks run (once) for both ids
        self.same_as = same_as
        # a statement with no mathematical content to check (an outlook, a literature pointer): the reason
        self.discursive = discursive.strip()
        self.checks: list[Check] = []

    def qualified_uses(self) -> tuple[str, ...]:
        """`uses` as full ids: a bare key refers to the same paper, 'paper.key' to another one."""
        return tuple(u if "." in u else f"{self.paper.key}.{u}" for u in self.uses)

    def check(self, *, layer: str, name: str | None = None, full: bool = False, scope: str = "",
              method: str = "", timeout: float | None = None, requires=(), replay: Callable | None = None):
        """Decorator attaching a check function `fn(ctx)` to this claim.

        Arguments:
            layer: one of symbolic, numeric, property, empirical.
            full: True only if the check decides the whole printed statement.
            scope: what the check covers, in words (printed in the report).
            method: the tactic, for `symrnn show` (e.g. "sympy.cancel").
            timeout: seconds; default is the runner's.
            requires: optional requirements (flint, torch, gpu, tex); missing ones skip the check.
            replay: `replay(params: dict[str, str], dps: int) -> dict` re-evaluating a witness.
        """
        if layer not in LAYERS:
            raise unknown_choice("layer", layer, LAYERS)
        for r in requires:
            if r not in REQUIREMENTS:
                raise unknown_choice("requirement", r, REQUIREMENTS)
        if timeout is not None and not (timeout > 0):
            raise InvalidArgument(f"timeout must be a positive number of seconds, got {timeout!r}")

        def decorate(fn: Callable) -> Callable:
            if self.discursive:
                raise InvalidClaim(f"claim {self.id} is declared discursive ({self.discursive}); it cannot have checks")
            check_name = name or fn.__name__.lstrip("_") or layer
            if any(c.name == check_name for c in self.checks):
                raise InvalidClaim(f"claim {self.id} already has a check named {check_name!r}")
            self.checks.append(Check(self.id, check_name, layer, fn, bool(full), scope,
                                     method or layer, timeout, tuple(requires), replay))
            return fn

        return decorate

    def __repr__(self) -> str:
        return f"<Claim {self.id} ({self.label})>"


class Paper:
    """A paper (one version): its claims in declaration order, which is paper order."""

    def __init__(self, key: str, *, title: str, authors: str, venue: str, source: str = "",
                 numbering: str = "", mapping: str = ""):
        if not re.match(r"^[a-z][a-z0-9_]*$", key):
            raise InvalidClaim(f"paper key {key!r} must be lower-case letters, digits, underscores, e.g. 'li2022'")
        self.key = key
        self.title = title
        self.authors = authors
        self.venue = venue
        self.source = source
        self.numbering = numbering
        self.mapping = mapping
        self.claims: dict[str, Claim] = {}
        self.module_file: str | None = None

    def claim(self, key: str, **kw) -> Claim:
        if key in self.claims:
            raise InvalidClaim(f"paper {self.key!r} declares claim {key!r} twice")
        c = Claim(self, key, **kw)
        label = kw.get("label")
        if label and kw.get("kind") != "correction":
            for other in self.claims.values():
                if other.label == label and other.kind != "correction":
                    raise InvalidClaim(
                        f"label {label!r} appears twice in paper {self.key!r} ({other.key} and {key}); "
                        "each printed number belongs to one claim")
        self.claims[key] = c
        return c

    def correction(self, key: str, *, corrected_from: str, **kw) -> Claim:
        """A corrected version of a printed claim, declared next to it (G5); never replaces it."""
        if corrected_from not in self.claims:
            raise InvalidClaim(f"correction {key!r} refers to unknown claim {corrected_from!r} of {self.key!r}")
        kw.setdefault("uses", (corrected_from,))
        return self.claim(key, kind="correction", corrected_from=corrected_from, **kw)

    def __repr__(self) -> str:
        return f"<Paper {self.key}: {len(self.claims)} claims>"
