"""Plot a figure experiment's result dict to a PNG (matplotlib, Agg)."""

from __future__ import annotations

from pathlib import Path


def draw(result: dict, path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    path = Path(path)
    fig_name = result["figure"]
    if fig_name in ("fig1", "fig4"):
        panels = result["panels"]
        cols = 3 if fig_name == "fig4" else len(panels)
        rows = (len(panels) + cols - 1) // cols
        fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.6 * rows), squeeze=False)
        for ax, p in zip(axes.flat, panels):
            mean, std = np.array(p["mean"]), np.array(p["std"])
            ep = np.arange(len(mean))
            ax.plot(ep, mean, lw=1)
            ax.fill_between(ep, np.maximum(mean - std, 1e-12), mean + std, alpha=0.3)
            ax.set_yscale("log")
            ax.set_title(f"{p['label']}\nplateau in {p['with_plateau']}/{p['seeds']}", fontsize=7)
            ax.set_xlabel("epoch", fontsize=7)
        axes.flat[0].set_ylabel("loss (mean ± std)", fontsize=7)
    elif fig_name == "fig2":
        curves = result["curves"]
        fig, axes = plt.subplots(1, len(curves), figsize=(2.4 * len(curves), 2.4), squeeze=False)
        for ax, c in zip(axes.flat, curves):
            ax.loglog(c["tau"], c["J"], "--", label="J")
            ax.loglog(c["tau"], c["grad"], label="|grad J|")
            ax.set_title(f"1/omega = {c['inv_omega']}", fontsize=8)
            ax.set_xlabel("tau", fontsize=7)
        axes.flat[0].legend(fontsize=6)
    elif fig_name == "fig3":
        fig, ax = plt.subplots(figsize=(4, 3))
        for key, lab in (("tau0", "tau_0 (105)"), ("tau0_loss", "tau_0' (106)")):
            pts = [(r["inv_omega"], r.get("used_" + key, r[key])) for r in result["rows"] if r.get("used_" + key, r[key])]
            ax.semilogy([p[0] for p in pts], [p[1] for p in pts], "o-", label=lab)
        ax.set_xlabel("1/omega")
        ax.set_title(f"m = {result['m']}", fontsize=8)
        ax.legend(fontsize=7)
    elif fig_name == "stages":
        fig, ax = plt.subplots(figsize=(4, 3))
        for r in result["rows"]:
            if r["tau_I"] and r["tau_II"]:
                ax.semilogy([r["inv_omega"]], [r["tau_II"] / r["tau_I"]], "o", color=f"C{r['m'] % 7}")
        ax.set_xlabel("1/omega")
        ax.set_ylabel("tau_II / tau_I")
    else:
        raise ValueError(f"no drawing for {fig_name}")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
