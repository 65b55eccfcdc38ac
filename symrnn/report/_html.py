"""HTML and LaTeX views of claims, outcomes and evidence for Jupyter (`_repr_html_`, `_repr_latex_`).

Formulas are left as TeX between $...$ (Jupyter's MathJax renders them); everything else is escaped.
"""

from __future__ import annotations

import html

_COLOURS = {"proved": "#1B7F3B", "certified": "#1B7F3B", "holds": "#1F6FB2", "confirmed": "#1F6FB2",
            "refuted": "#C0392B", "conflict": "#E74C3C", "inconclusive": "#B9770E", "skipped": "#7F8C8D", "error": "#8E44AD"}


def verdict_badge(label: str) -> str:
    colour = _COLOURS.get(label, "#7F8C8D")
    return f'<span style="color:{colour};font-weight:bold">{html.escape(label)}</span>'


def outcome_html(o) -> str:
    """One claim: statement as printed, verdict and severity, each check's findings and witnesses."""
    parts = [f"<h4>{html.escape(o.claim.label)} <code>{html.escape(o.claim.id)}</code></h4>",
             f"<p>{html.escape(o.claim.statement)}</p>",
             f"<p>verdict: {verdict_badge(o.label)}; status: {html.escape(o.status)}"
             + (f"; <b>{html.escape(o.severity.level)}</b>: {html.escape(o.severity.reason)}" if o.severity else "")
             + "</p>"]
    for r in o.results:
        parts.append(f"<p><b>check {html.escape(r.check)}</b> [{r.layer}{', full' if r.full else ''}]: "
                     f"{verdict_badge(r.verdict.value)} {html.escape(r.scope)}</p><ul>")
        for f in r.findings:
            parts.append(f"<li>{verdict_badge(f.verdict.value)} {html.escape(f.title)}: {html.escape(f.detail)}</li>")
        for w in r.witnesses:
            params = ", ".join(f"{html.escape(k)} = {html.escape(v)}" for k, v in w.params.items())
            hyps = "; ".join(f"{html.escape(n)} ({how}) holds" for n, _, how, _ in w.hypotheses)
            parts.append(f"<li>witness {params}; {html.escape(w.recheck)}" + (f"; {hyps}" if hyps else "")
                         + f"<br><code>{html.escape(w.replay)}</code></li>")
        parts.append("</ul>")
    return "\n".join(parts)


def results_html(outs) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(o.claim.label)}</td><td><code>{html.escape(o.claim.id)}</code></td>"
        f"<td>{verdict_badge(o.label)}</td><td>{html.escape(o.severity.level) if o.severity else ''}</td>"
        f"<td>{html.escape(o.status)}</td></tr>" for o in outs)
    return ("<table><thead><tr><th>claim</th><th>id</th><th>verdict</th><th>severity</th><th>status</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


def claim_latex(claim) -> str:
    return f"\\textbf{{{claim.label}}} ({claim.id}): {claim.statement}"
