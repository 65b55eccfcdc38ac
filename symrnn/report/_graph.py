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


def draw_graph(paper, outs, out_dir: Path) -> str | None:
    """Write figures/<paper>-dependency-graph.pdf; returns None or why it was not drawn."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed"
    depth = layers(outs)
    by_layer: dict[int, list] = {}
    for o in outs:
        by_layer.setdefault(depth[o.claim.id], []).append(o)
    width = max(len(v) for v in by_layer.values())
    pos = {}
    for d, members in by_layer.items():
        for q, o in enumerate(members):
            pos[o.claim.id] = ((q + 0.5) * width / len(members), d)
    fig, ax = plt.subplots(figsize=(min(6 + 0.55 * width, 40), min(1.2 + 0.9 * (max(by_layer) + 1), 30)))
    for o in outs:
        x1, y1 = pos[o.claim.id]
        for u in o.claim.qualified_uses():
            if u in pos:
                x0, y0 = pos[u]
                ax.plot([x0, x1], [y0, y1], color="#95A5A6", lw=0.4, zorder=1)
    for o in outs:
        x, y = pos[o.claim.id]
        colour = _FILL.get(o.label, "#FFFFFF")
        edge = "#000000" if o.severity and o.severity.level == "false statement" else "#566573"
        ax.scatter([x], [y], s=260, c=colour, edgecolors=edge, linewidths=1.6 if edge == "#000000" else 0.6,
                   zorder=2, marker="s" if o.claim.kind in ("definition", "assumption") else "o")
        ax.annotate(o.claim.key, (x, y), fontsize=4.5, ha="center", va="center", zorder=3)
    handles = [plt.Line2D([], [], marker="o", ls="", color=c, label=k) for k, c in _FILL.items()
               if any(o.label == k for o in outs)]
    ax.legend(handles=handles, fontsize=6, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.set_axis_off()
    ax.set_title(f"{paper.key}: each claim above the claims it uses", fontsize=8)
    fig.tight_layout()
    folder = out_dir / "figures"
    folder.mkdir(parents=True, exist_ok=True)
    fig.savefig(folder / graph_filename(paper.key), metadata={"CreationDate": None})
    plt.close(fig)
    return None
