"""The dependency graph of a paper's claims, coloured by verdict (as a blueprint draws one).

Claims are placed in layers by the longest chain of `uses` below them (a claim sits above what it
uses); within a layer in paper order. Drawn as a vector PDF with matplotlib, deterministically.
"""

from __future__ import annotations

from pathlib import Path

_FILL = {"proved": "#1B7F3B", "certified": "#27AE60", "holds": "#5DADE2", "confirmed": "#85C1E9",
         "refuted": "#C0392B", "conflict": "#E74C3C", "inconclusive": "#F5B041", "error": "#8E44AD", "skipped": "#BDC3C7",
         "definition": "#E5E7E9", "discursive": "#E5E7E9", "unchecked": "#FFFFFF"}


def graph_filename(paper_key: str) -> str:
    return f"{paper_key}-dependency-graph.pdf"


def layers(outs) -> dict[str, int]:
    """Depth of each claim: 0 for claims that use nothing in the paper, else 1 + the deepest it uses."""
    ids = {o.claim.id for o in outs}
    uses = {o.claim.id: [u for u in o.claim.qualified_uses() if u in ids] for o in outs}
    depth: dict[str, int] = {}

    def visit(cid: str, trail: tuple = ()) -> int:
        if cid in depth:
            return depth[cid]
        if cid in trail:                 # a cycle (lint reports it): cut it here
            return 0
        depth[cid] = 1 + max((visit(u, trail + (cid,)) for u in uses[cid]), default=-1)
        return depth[cid]

    for o in outs:
        visit(o.claim.id)
    return depth


# the report includes the graph on a page of its own at \textwidth (A4, 2 cm margins) and at most 0.9\textheight:
# drawn at that size,
# its labels print at LABEL_PT (a layer wider than the page is wrapped into several rows)
PAGE_WIDTH_IN = (21.0 - 4.0) / 2.54
PAGE_HEIGHT_IN = 0.9 * (29.7 - 4.0) / 2.54
LABEL_PT = 7.5
_DARK = {"proved", "certified", "refuted", "conflict", "error"}


def _label_width(key: str) -> float:
    """Inches a label takes in its box (about 0.62 em per character at LABEL_PT), with the gap to the next."""
    return 0.62 * LABEL_PT / 72 * len(key) + 0.16


def place(outs) -> tuple[dict[str, tuple[float, float]], float, float]:
    """Positions (inches, from the bottom left) of every claim, and the drawing's width and height: depth
    layers bottom-up, in paper order, each wrapped into as many rows as the page's width needs."""
    depth = layers(outs)
    by_layer: dict[int, list] = {}
    for o in outs:
        by_layer.setdefault(depth[o.claim.id], []).append(o)
    margin, row_h, gap = 0.12, 0.23, 0.08             # inches: page margin, between rows, extra between layers
    room = PAGE_WIDTH_IN - 2 * margin
    pos, y = {}, margin + 0.08
    for d in sorted(by_layer):
        rows: list[list] = [[]]
        for o in by_layer[d]:
            if rows[-1] and sum(_label_width(r.claim.key) for r in rows[-1]) + _label_width(o.claim.key) > room:
                rows.append([])
            rows[-1].append(o)
        for row in rows:
            x = (PAGE_WIDTH_IN - sum(_label_width(o.claim.key) for o in row)) / 2
            for o in row:
                w = _label_width(o.claim.key)
                pos[o.claim.id] = (x + w / 2, y)
                x += w
            y += row_h
        y += gap
    return pos, PAGE_WIDTH_IN, y + 0.55              # room for the title and the legend


def draw_graph(paper, outs, out_dir: Path) -> str | None:
    """Write figures/<paper>-dependency-graph.pdf; returns None or why it was not drawn."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed"
    pos, width, height = place(outs)
    fig = plt.figure(figsize=(width, height))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    for o in outs:
        x1, y1 = pos[o.claim.id]
        for u in o.claim.qualified_uses():
            if u in pos:
                x0, y0 = pos[u]
                ax.plot([x0, x1], [y0, y1], color="#95A5A6", lw=0.3, zorder=1)
    for o in outs:
        x, y = pos[o.claim.id]
        colour = _FILL.get(o.label, "#FFFFFF")
        false = o.severity and o.severity.level == "false statement"
        box = "square,pad=0.25" if o.claim.kind in ("definition", "assumption") else "round,pad=0.25"
        ax.text(x, y, o.claim.key, fontsize=LABEL_PT, ha="center", va="center", zorder=3,
                color="#FFFFFF" if o.label in _DARK else "#000000",
                bbox=dict(boxstyle=box, fc=colour, ec="#000000" if false else "#566573", lw=1.4 if false else 0.5))
    handles = [plt.Line2D([], [], marker="s", ls="", color=c, markeredgecolor="#566573", label=k)
               for k, c in _FILL.items() if any(o.label == k for o in outs)]
    if handles:
        ax.legend(handles=handles, fontsize=LABEL_PT, loc="upper center", bbox_to_anchor=(0.5, 1 - 0.3 / height),
                  ncol=min(7, len(handles)), frameon=False, handletextpad=0.2, columnspacing=0.8)
    ax.set_axis_off()
    ax.text(width / 2, height - 0.15, f"{paper.key}: each claim above the claims it uses", fontsize=LABEL_PT + 1,
            ha="center", va="center")
    folder = out_dir / "figures"
    folder.mkdir(parents=True, exist_ok=True)
    fig.savefig(folder / graph_filename(paper.key), metadata={"CreationDate": None})
    plt.close(fig)
    return None
