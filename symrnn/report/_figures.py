"""Draw the plots recorded in evidence (matplotlib, non-interactive), deterministically."""

from __future__ import annotations

import re
from pathlib import Path


def plot_filename(claim_id: str, check: str, name: str, ext: str = "pdf") -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", f"{claim_id}-{check}-{name}") + "." + ext


def draw_plots(outs, out_dir: Path, ext: str = "pdf") -> str | None:
    """Write every plot to out_dir/figures/*.<ext> (pdf for the LaTeX report, svg for the site).
    Returns None, or why nothing was drawn."""
    plots = [(o.claim.id, r.check, p) for o in outs for r in o.results for p in r.plots]
    if not plots:
        return None
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed: figures were not drawn (pip install matplotlib)"
    from ._reuse import Manifest, digest

    folder = out_dir / "figures"
    folder.mkdir(parents=True, exist_ok=True)
    # a figure is drawn again only when its data, this module or matplotlib changed (symrnn.report._reuse)
    code = Path(__file__).read_bytes()
    style = digest(sorted((k, str(v)) for k, v in matplotlib.rcParams.items()))   # a user's matplotlibrc changes figures
    built = Manifest(folder)
    try:
        for claim_id, check, p in plots:
            path = folder / plot_filename(claim_id, check, p.name, ext)
            inputs = digest(code, matplotlib.__version__, style, ext, p)
            if built.fresh(path, inputs):
                continue
            built.record(path, inputs, written=_draw(plt, matplotlib, p, path, ext))
    finally:
        built.save()
    return None


def _draw(plt, matplotlib, p, path: Path, ext: str) -> bytes:
    """Draw one plot into `path` (atomically); returns the bytes written."""
    import io

    from .._atomic import write_bytes_atomic

    fig, ax = plt.subplots(figsize=(5.0, 3.2))
    for label, xs, ys in p.lines:
        ax.plot([plot_number(x) for x in xs], [plot_number(y) for y in ys], marker="o", ms=3, label=label)
    ax.set_xlabel(p.xlabel)
    ax.set_ylabel(p.ylabel)
    if p.logx:
        ax.set_xscale("log")
    if p.logy:
        ax.set_yscale("log")
    if len(p.lines) > 1:
        ax.legend(fontsize=7)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    # no dates and a fixed id salt: the same evidence gives the same file
    metadata = {"CreationDate": None} if ext == "pdf" else {"Date": None} if ext == "svg" else None
    buf = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "symrnn"}):
        fig.savefig(buf, format=ext, metadata=metadata)
    plt.close(fig)
    # the manifest records the digest of these bytes, not of whatever the file holds later (another run writing
    # the same folder at the same time): a file that is not what this run drew is drawn again next time
    data = buf.getvalue()
    write_bytes_atomic(path, data)
    return data


def plot_number(text: str) -> float:
    """A number stored in a Plot (an exact rational such as '1/3', a decimal, or a high-precision mpmath
    string such as '1.5e-400') as the float a figure can draw; beyond the float range it saturates
    (0 or +-inf, which a log axis then leaves out) instead of failing."""
    from fractions import Fraction

    try:
        return float(text)
    except ValueError:
        pass
    try:
        return float(Fraction(text))
    except (ValueError, ZeroDivisionError, OverflowError):
        pass
    import mpmath

    try:
        return float(mpmath.mpf(text))
    except (ValueError, TypeError):
        return float("nan")
