"""Finding claim files, loading their papers, selecting claims, and checking the graph (lint)."""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.util
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ._claims import Claim, Paper
from ._errors import InvalidClaim

ENV_PATH = "SYMRNN_PATH"


def default_search_paths() -> list[Path]:
    """Where claim files are looked for when the user names none.

    `$SYMRNN_PATH` (os.pathsep-separated), then ./derivations, then the derivations folder
    next to the installed package (a source checkout). A claim file or package of that last folder
    is left out when one of the same name comes earlier: in a second clone of the repository, with
    symrnn installed (editable) from the first, the clone's own ./derivations/<paper> is the one used,
    not both (which would declare each paper twice).
    """
    paths = [Path(p) for p in os.environ.get(ENV_PATH, "").split(os.pathsep) if p]
    here = Path.cwd() / "derivations"
    if here.is_dir():
        paths.append(here)
    beside = Path(__file__).resolve().parent.parent / "derivations"
    if beside.is_dir() and beside.resolve() not in {p.resolve() for p in paths}:
        earlier = {f.stem for p in paths if p.exists() for f in _claim_files(p)}
        mine = _claim_files(beside)
        if earlier & {f.stem for f in mine}:
            paths += [f for f in mine if f.stem not in earlier]
        else:
            paths.append(beside)
    return paths


def _claim_files(path: Path) -> list[Path]:
    """Claim files and claim packages (a folder with __init__.py: a paper, a module per section)."""
    if path.is_file():
        if path.suffix != ".py":
            raise InvalidClaim(f"{path} is not a Python claim file (expected a .py file declaring sr.Paper)")
        return [path]
    if path.is_dir():
        if (path / "__init__.py").is_file() and any(path.glob("*.py")) and not _is_collection(path):
            return [path]
        files = [p for p in path.glob("*.py") if not p.name.startswith("_")]
        packages = [p for p in path.iterdir() if p.is_dir() and (p / "__init__.py").is_file()
                    and not p.name.startswith(("_", "."))]
        return sorted(files + packages)
    raise InvalidClaim(f"claim path {path} does not exist; pass a .py claim file, a claim package or a folder of them")


def _is_collection(path: Path) -> bool:
    """A folder holding claim packages is a collection even with an __init__.py of its own."""
    return any(p.is_dir() and (p / "__init__.py").is_file() and not p.name.startswith(("_", "."))
               for p in path.iterdir())


_LOADING: list[str] = []                    # claim files being imported (for dependencies)
DEPENDENCIES: dict[str, set[str]] = {}      # claim file -> claim files it loaded (its cache key covers them)


def source_files(file: Path) -> list[Path]:
    """The files whose text a claim file's results depend on: itself (every module of a package)
    and the claim files it loads through `symrnn.load_claim_file`, transitively."""
    file = Path(file).resolve()
    out: list[Path] = []
    todo = [file]
    while todo:
        f = todo.pop()
        own = sorted(f.rglob("*.py")) if f.is_dir() else [f]
        for g in own:
            if g not in out:
                out.append(g)
        todo.extend(Path(d) for d in DEPENDENCIES.get(str(f), ()) if Path(d) not in out)
    return out


def load_module(file: Path):
    """Import a claim file once per process (by resolved path) and return the module.

    Public as `symrnn.load_claim_file`: one paper version's claim file may reuse the closed
    forms of its sibling (the ICLR file uses the JMLR one) without declaring its claims twice.
    """
    file = Path(file)
    if _LOADING:
        DEPENDENCIES.setdefault(_LOADING[-1], set()).add(str(file.resolve()))
    digest = hashlib.sha1(str(file.resolve()).encode()).hexdigest()[:10]
    name = f"symrnn_claims_{file.stem}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    if file.is_dir():           # a claim package: its sections import each other relatively
        spec = importlib.util.spec_from_file_location(name, file / "__init__.py",
                                                      submodule_search_locations=[str(file)])
    else:
        spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise InvalidClaim(f"cannot import claim file {file}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _LOADING.append(str(file.resolve()))
    try:
        spec.loader.exec_module(module)
    except InvalidClaim:
        _forget(name)
        raise
    except Exception as exc:
        _forget(name)
        raise InvalidClaim(f"claim file {file} failed to import: {type(exc).__name__}: {exc}") from exc
    finally:
        _LOADING.pop()
    return module


def load_paper(key: str, *, paths: list | None = None):
    """The claim package (or claim file) of paper `key`, as a module, found where `symrnn` finds claims.

    For reusing another paper's closed forms or model in your own claim file, as the ICLR claims reuse
    the JMLR ones: `jmlr = sr.load_paper("smith2020")`, then `jmlr.model....`. The search goes through
    `paths` (default: `$SYMRNN_PATH`, ./derivations, the derivations folder of a source checkout); the
    paper's claims are declared once, however many files load it, and a check that reads a value from it
    re-runs when that value changes.

    Arguments:
        key: the paper key, e.g. "smith2020".
        paths: claim files or folders to search instead of the defaults.
    Returns:
        The module that declares `sr.Paper(key, ...)`.
    Raises:
        InvalidArgument: no claim file or package declares that paper (the message lists the keys found).

    Example:
        >>> import symrnn as sr
        >>> sr.load_paper("no_such_paper", paths=[])
        Traceback (most recent call last):
        ...
        symrnn._errors.InvalidArgument: no claim package declares paper 'no_such_paper' (searched: nothing; found: none); ...
    """
    from ._errors import InvalidArgument

    bases = [Path(p) for p in paths] if paths is not None else default_search_paths()
    files = [f for b in bases for f in _claim_files(b)]
    # the file or package named after the key first (no need to import every other paper)
    for file in sorted(files, key=lambda f: f.stem != key):
        module = load_module(file)
        if any(isinstance(v, Paper) and v.key == key for v in vars(module).values()):
            return module
    found = sorted({v.key for f in files for v in vars(load_module(f)).values() if isinstance(v, Paper)})
    raise InvalidArgument(
        f"no claim package declares paper {key!r} (searched: {', '.join(map(str, bases)) or 'nothing'}; "
        f"found: {', '.join(found) or 'none'}); pass paths=[...] or set $SYMRNN_PATH to the folder that holds it")


def _forget(name: str) -> None:
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        del sys.modules[key]


def select_ids(ids: list[tuple[str, str]], patterns, papers: list[str]) -> list[str]:
    """The ids (of (claim id, paper key) pairs, in order) matching any pattern: a paper key, an exact id,
    an id prefix or a glob; all of them when there is no pattern."""
    if not patterns:
        return [i for i, _ in ids]
    chosen: set[str] = set()
    for pat in patterns:
        hits = [i for i, key in ids if i == pat or key == pat or i.startswith(pat + ".") or fnmatch.fnmatchcase(i, pat)]
        if not hits:
            raise InvalidClaim(
                f"no claim matches {pat!r} (known papers: {', '.join(papers) or 'none'}); "
                "try `symrnn list` or a glob such as 'smith2020.eq1*'")
        chosen.update(hits)
    return [i for i, _ in ids if i in chosen]


@dataclass
class Registry:
    papers: dict[str, Paper] = field(default_factory=dict)

    @classmethod
    def discover(cls, paths: list[Path] | None = None) -> "Registry":
        """Load every claim file under `paths` (default: `default_search_paths()`)."""
        reg = cls()
        explicit = paths is not None
        for base in (paths if explicit else default_search_paths()):
            for file in _claim_files(Path(base)):
                module = load_module(file)
                found = [v for v in vars(module).values() if isinstance(v, Paper)]
                if not found:
                    raise InvalidClaim(
                        f"{file} declares no paper: a claim file must create `sr.Paper(...)` and its claims "
                        "(name helper modules with a leading underscore so they are not scanned)")
                for paper in found:
                    if not paper.claims:
                        raise InvalidClaim(f"paper {paper.key!r} in {file} declares no claims")
                    if paper.key in reg.papers and reg.papers[paper.key] is not paper:
                        raise InvalidClaim(
                            f"paper {paper.key!r} is declared twice ({reg.papers[paper.key].module_file} and {file})")
                    paper.module_file = str(file.resolve())
                    home = (Path.cwd() / "derivations").resolve()
                    if file.resolve().parent != home:
                        paper.replay_path = str(Path(base))
                    reg.papers[paper.key] = paper
        return reg

    # -- lookup -------------------------------------------------------------------------
    def all_claims(self) -> list[Claim]:
        return [c for p in self.papers.values() for c in p.claims.values()]

    def get(self, claim_id: str) -> Claim:
        paper_key, _, key = claim_id.partition(".")
        paper = self.papers.get(paper_key)
        if paper is None or key not in paper.claims:
            near = [c.id for c in self.all_claims() if c.id.startswith(claim_id.split(".")[0])][:8]
            hint = f" (claims of that paper include: {', '.join(near)})" if near else \
                f" (known papers: {', '.join(sorted(self.papers)) or 'none'})"
            raise InvalidClaim(f"no claim with id {claim_id!r}{hint}; `symrnn list` shows every id")
        return paper.claims[key]

    def select(self, patterns: list[str] | tuple[str, ...]) -> list[Claim]:
        """Claims whose id matches any pattern: a paper key, an exact id, an id prefix or a glob."""
        claims = self.all_claims()
        ids = select_ids([(c.id, c.paper.key) for c in claims], patterns, sorted(self.papers))
        by_id = {c.id: c for c in claims}
        return [by_id[i] for i in ids]

    # -- graph --------------------------------------------------------------------------
    def lint(self) -> list[str]:
        """Problems in the declared graph: unknown `uses`, cycles. Empty list means clean."""
        problems = []
        ids = {c.id for c in self.all_claims()}
        for c in self.all_claims():
            if c.same_as is not None and c.same_as not in ids:
                problems.append(f"{c.id} is declared the same as unknown claim {c.same_as}")
            for u in c.qualified_uses():
                if u not in ids:
                    problems.append(f"{c.id} uses unknown claim {u}")
                if u == c.id:
                    problems.append(f"{c.id} uses itself")
        state: dict[str, int] = {}

        def visit(cid: str, trail: list[str]) -> None:
            state[cid] = 1
            for u in self.get(cid).qualified_uses():
                if u not in ids:
                    continue
                if state.get(u) == 1:
                    problems.append("cycle: " + " -> ".join(trail + [cid, u]))
                elif u not in state:
                    visit(u, trail + [cid])
            state[cid] = 2

        for cid in sorted(ids):
            if cid not in state:
                visit(cid, [])
        return problems

    def ancestors(self, claim: Claim) -> list[Claim]:
        seen: dict[str, Claim] = {}
        stack = list(claim.qualified_uses())
        while stack:
            cid = stack.pop()
            if cid in seen:
                continue
            try:
                c = self.get(cid)
            except InvalidClaim:
                continue
            seen[cid] = c
            stack.extend(c.qualified_uses())
        order = {c.id: i for i, c in enumerate(self.all_claims())}
        return sorted(seen.values(), key=lambda c: order[c.id])
