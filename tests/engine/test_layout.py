"""The engine knows no paper, and its modules import each other in one direction only.

The first test reads the package's source (Python and the report templates) for the keys of the claim packages
of this repository, the names of papers' figures and citations by first author ('Cohen-Karlik et al.'); the
second builds the import graph of
symrnn/ with `ast` (every import, at module level or inside a function) and looks for a cycle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import symrnn

PACKAGE = Path(symrnn.__file__).resolve().parent
DERIVATIONS = PACKAGE.parent / "derivations"

# a paper's figure or panel by name: fig1, fig2a, fig3_hp, "Figure 4", "Fig. 2"
FIGURE_NAME = re.compile(r"(?<![a-z])fig(?:ure)?\.?\s*\d", re.IGNORECASE)


def _sources():
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in {".py", ".j2"} and "__pycache__" not in p.parts)


def _paper_keys():
    keys = {p.name for p in DERIVATIONS.iterdir() if (p / "__init__.py").exists()} if DERIVATIONS.is_dir() else set()
    return keys | {"li2022", "li2021", "ck2023", "cayci2024"}


def _citation():
    """A paper cited by its first author: 'Surname et al.', or a first author's surname of five letters or more
    anywhere (Cohen-Karlik, Cayci; not Li, which other words and names share)."""
    surnames = {"Li", "Cohen-Karlik", "Cayci"}
    if DERIVATIONS.is_dir():
        for init in DERIVATIONS.glob("*/__init__.py"):
            found = re.search(r'authors="([^",]+)', init.read_text())
            if found:
                surnames.add(found.group(1).split()[-1])
    names = "|".join(sorted(map(re.escape, surnames)))
    long = "|".join(sorted(re.escape(n) for n in surnames if len(n) >= 5))
    return re.compile(rf"\b(?:(?:{names})\s+et\s+al\b" + (rf"|(?:{long})\b)" if long else ")"))


def test_the_engine_names_no_paper():
    keys = _paper_keys()
    word = re.compile(r"\b(" + "|".join(sorted(map(re.escape, keys))) + r")\b")
    cited = _citation()
    found = []
    for path in _sources():
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for hit in [*word.findall(line), *FIGURE_NAME.findall(line), *cited.findall(line)]:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{n}: {hit!r} in {line.strip()[:100]}")
    assert not found, "the engine names a paper:\n" + "\n".join(found)


def test_the_name_check_can_fail(tmp_path):
    """The patterns above do see what they are meant to see (a check that cannot fail proves nothing)."""
    word = re.compile(r"\b(" + "|".join(sorted(_paper_keys())) + r")\b")
    assert word.search('run("li2022.fig4")') and word.search("ck2023") and not word.search("li20221")
    assert FIGURE_NAME.search("def fig3(full)") and FIGURE_NAME.search("Figure 4's panels")
    assert FIGURE_NAME.search("_fig3_hp") and not FIGURE_NAME.search("config1") and not FIGURE_NAME.search("figures")
    cited = _citation()
    assert cited.search("Eq. (3.4) of Cohen-Karlik et al.") and cited.search("as in Li et al. (2022)")
    assert cited.search("Cayci's assumption") and not cited.search("Lipschitz, Li-Yau") and not cited.search("Li")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """{module: modules of the package it imports}, every import statement counted wherever it stands."""
    files = {_module_name(p, root): p for p in root.rglob("*.py") if "__pycache__" not in p.parts}
    graph = {}
    for mod, path in files.items():
        package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
                prefix = ".".join(x for x in (base, node.module or "") if x)
                targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in files else prefix for a in node.names]
            else:
                continue
            for t in targets:
                while t not in files and "." in t:
                    t = t.rsplit(".", 1)[0]
                if t in files and t != mod:
                    deps.add(t)
        graph[mod] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_no_import_cycles_inside_the_engine():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_finds_a_cycle(tmp_path):
    pkg = tmp_path / "symrnn"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from ..a import f\nimport symrnn.c\n")
    (pkg / "c.py").write_text("")
    graph = import_graph(pkg)
    assert graph["symrnn.sub.b"] == {"symrnn.a", "symrnn.c"}
    assert cycles(graph) == [["symrnn.a", "symrnn.sub.b"]]
