"""The dependency graph of a paper as SVG, laid out by Graphviz `dot` (via the `graphviz` package).

Each claim is a node coloured by its verdict that links to the claim on the paper page; each claim sits
above the claims it uses (as in the PDF report). Without Graphviz the page says why there is no graph.
"""

from __future__ import annotations

import re

from .._graph import _FILL

# fills dark enough that a label on them needs to be white
_DARK = {"proved", "refuted", "error", "certified", "conflict"}
INSTALL = ("install Graphviz (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz) and "
           "the Python package (pip install graphviz), then run `symrnn report` again")


def anchor(claim_id: str) -> str:
    """The HTML id of a claim on its paper page (the same as the LaTeX report's hypertarget)."""
    return "claim-" + re.sub(r"[^A-Za-z0-9]+", "-", str(claim_id))


def node_label(claim) -> str:
    """The printed label when short, else the claim key."""
    return claim.label if claim.label and len(claim.label) <= 22 else claim.key


def dot_source(outs) -> str:
    """The DOT text of the graph (deterministic: paper order, no clocks)."""
    import graphviz

    g = graphviz.Digraph("claims", graph_attr={"rankdir": "BT", "nodesep": "0.25", "ranksep": "0.45",
                                               "fontname": "Helvetica", "bgcolor": "transparent"},
                         node_attr={"fontname": "Helvetica", "fontsize": "12", "style": "filled",
                                    "penwidth": "1", "color": "#566573", "margin": "0.08,0.04", "height": "0.3"},
                         edge_attr={"color": "#95A5A6", "arrowsize": "0.6"})
    ids = {o.claim.id for o in outs}
    for o in outs:
        c = o.claim
        false_statement = bool(o.severity and o.severity.level == "false statement")
        title = f"{c.label} ({c.id}): {o.label}" + (f", {o.severity.level}" if o.severity else "")
        g.node(c.id, label=node_label(c), id="node-" + anchor(c.id), URL="#" + anchor(c.id), target="_self",
               tooltip=title, fillcolor=_FILL.get(o.label, "#FFFFFF"),
               fontcolor="#FFFFFF" if o.label in _DARK else "#1C2833",
               shape="box" if c.kind in ("definition", "assumption") else "ellipse",
               penwidth="3" if false_statement else "1", color="#000000" if false_statement else "#566573",
               **{"class": "verdict-" + o.label.replace(" ", "-")})
    for o in outs:
        for u in o.claim.qualified_uses():
            if u in ids:
                g.edge(u, o.claim.id)
    return g.source


def graph_svg(outs) -> tuple[str | None, str | None]:
    """(inline SVG, None) or (None, why the graph was not drawn)."""
    try:
        import graphviz
    except ImportError:
        return None, "the Python package graphviz is not installed: " + INSTALL
    try:
        # unflatten stacks the many claims that use nothing into short chains (else one row hundreds wide)
        source = graphviz.Source(dot_source(outs)).unflatten(stagger=6, fanout=True, chain=8)
        svg = source.pipe(format="svg", encoding="utf-8")
    except graphviz.ExecutableNotFound:
        return None, "Graphviz's `dot` program was not found on PATH: " + INSTALL
    except (graphviz.CalledProcessError, OSError) as exc:
        return None, f"Graphviz could not lay out the graph ({str(exc).splitlines()[0] if str(exc) else exc})"
    svg = svg[svg.index("<svg"):]                                  # drop the XML prolog and DOCTYPE
    # the page sizes the drawing (and the zoom script moves its viewBox): no fixed size in points
    # a small graph is not blown up to the box: at most 1.3 times its natural height, at least 12em
    size = re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg)
    height = float(size.group(2)) * 4 / 3 * 1.3 if size else 600.0
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"',
                 f'<svg class="graph" role="img" style="height: min(70vh, max(12em, {height:.0f}px))"', svg, count=1)
    svg = re.sub(r"<!--.*?-->\n?", "", svg, flags=re.S)            # dot's version comments: same output everywhere
    return svg, None
