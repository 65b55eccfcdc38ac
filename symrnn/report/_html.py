"""HTML and LaTeX views of claims, outcomes and evidence for Jupyter (`_repr_html_`, `_repr_latex_`).

Every object a notebook shows (`Results`, `ClaimOutcome`, `Claim`, `CheckResult`) has both: a browser
front end shows the HTML, `jupyter nbconvert --to latex/pdf` puts the LaTeX into the document. In the
HTML, formulas are left as TeX between $...$ (Jupyter's MathJax renders them) and everything else is
escaped; the LaTeX is typeset as the reports typeset it (statements as printed, evidence from ASCII).
"""

from __future__ import annotations

import html

_COLOURS = {"proved": "#1B7F3B", "certified": "#1B7F3B", "holds": "#1F6FB2", "confirmed": "#1F6FB2",
            "refuted": "#C0392B", "conflict": "#E74C3C", "inconclusive": "#B9770E", "skipped": "#7F8C8D", "error": "#8E44AD"}


def verdict_badge(label: str) -> str:
    colour = _COLOURS.get(label, "#7F8C8D")
    return f'<span style="color:{colour};font-weight:bold">{html.escape(label)}</span>'


def check_html(r) -> str:
    """One check's result: verdict, scope, findings and witnesses with their replay commands."""
    parts = [f"<p><b>check {html.escape(r.claim_id)}:{html.escape(r.check)}</b> [{html.escape(r.layer)}"
             f"{', full' if r.full else ''}]: {verdict_badge(r.verdict.value)} {html.escape(r.summary)}"
             + (f"<br><i>scope:</i> {html.escape(r.scope)}" if r.scope else "") + "</p><ul>"]
    for f in r.findings:
        parts.append(f"<li>{verdict_badge(f.verdict.value)} {html.escape(f.title)}: {html.escape(f.detail)}</li>")
    for w in r.witnesses:
        params = ", ".join(f"{html.escape(k)} = {html.escape(v)}" for k, v in w.params.items())
        hyps = "; ".join(f"{html.escape(n)} ({how}) holds" for n, _, how, _ in w.hypotheses)
        parts.append(f"<li>witness {params}; {html.escape(w.recheck)}" + (f"; {hyps}" if hyps else "")
                     + f"<br><code>{html.escape(w.replay)}</code></li>")
    parts.append("</ul>")
    return "\n".join(parts)


def outcome_html(o) -> str:
    """One claim: statement as printed, verdict and severity, each check's findings and witnesses."""
    parts = [f"<h4>{html.escape(o.claim.label)} <code>{html.escape(o.claim.id)}</code></h4>",
             f"<p>{html.escape(o.claim.statement)}</p>",
             f"<p>verdict: {verdict_badge(o.label)}; status: {html.escape(o.status)}"
             + (f"; <b>{html.escape(o.severity.level)}</b>: {html.escape(o.severity.reason)}" if o.severity else "")
             + "</p>"]
    parts += [check_html(r) for r in o.results]
    return "\n".join(parts)


def results_html(outs) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(o.claim.label)}</td><td><code>{html.escape(o.claim.id)}</code></td>"
        f"<td>{verdict_badge(o.label)}</td><td>{html.escape(o.severity.level) if o.severity else ''}</td>"
        f"<td>{html.escape(o.status)}</td></tr>" for o in outs)
    return ("<table><thead><tr><th>claim</th><th>id</th><th>verdict</th><th>severity</th><th>status</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


def claim_html(claim) -> str:
    """A declared claim: label, id, kind, where, statement as printed, what it uses and its checks."""
    uses = ", ".join(html.escape(u) for u in claim.qualified_uses())
    checks = ", ".join(f"{html.escape(k.name)} [{html.escape(k.layer)}]" for k in claim.checks)
    return (f"<h4>{html.escape(claim.label)} <code>{html.escape(claim.id)}</code></h4>"
            f"<p><i>{html.escape(claim.kind)}{', ' + html.escape(claim.where) if claim.where else ''}</i></p>"
            f"<p>{html.escape(claim.statement)}</p>"
            f"<p>uses: {uses or 'nothing'}; checks: {checks or 'none yet (stated)'}</p>")


# -- LaTeX (nbconvert to LaTeX or PDF) ------------------------------------------------------------
def claim_latex(claim) -> str:
    from ._typeset import tex_escape, tex_statement

    return f"\\textbf{{{tex_escape(claim.label)}}} ({tex_escape(claim.id)}): {tex_statement(claim.statement)}"


def check_latex(r) -> str:
    from ._typeset import tex_escape, tex_evidence

    lines = [f"\\textbf{{check {tex_escape(r.claim_id)}:{tex_escape(r.check)}}} [{tex_escape(r.layer)}"
             f"{', full' if r.full else ''}]: \\textbf{{{tex_escape(r.verdict.value)}}} {tex_evidence(r.summary)}"]
    if r.scope:
        lines.append(f"\\\\ \\emph{{scope:}} {tex_evidence(r.scope)}")
    items = [f"\\item \\textbf{{{tex_escape(f.verdict.value)}}} {tex_evidence(f.title)}: {tex_evidence(f.detail)}"
             for f in r.findings]
    items += [f"\\item witness {tex_escape(', '.join(f'{k} = {v}' for k, v in w.params.items()))}; "
              f"{tex_evidence(w.recheck)}\\\\ \\texttt{{{tex_escape(w.replay)}}}" for w in r.witnesses]
    if items:
        lines += ["\\begin{itemize}", *items, "\\end{itemize}"]
    return "\n".join(lines)


def outcome_latex(o) -> str:
    from ._typeset import tex_escape, tex_evidence

    head = claim_latex(o.claim)
    verdict = (f"\\par verdict: \\textbf{{{tex_escape(o.label)}}}; status: {tex_escape(o.status)}"
               + (f"; \\textbf{{{tex_escape(o.severity.level)}}}: {tex_evidence(o.severity.reason)}"
                  if o.severity else ""))
    return "\n".join([head, verdict] + ["\\par " + check_latex(r) for r in o.results])


def results_latex(outs) -> str:
    from ._typeset import tex_escape

    rows = "\n".join(f"{tex_escape(o.claim.label)} & \\texttt{{{tex_escape(o.claim.id)}}} & {tex_escape(o.label)} & "
                     f"{tex_escape(o.severity.level) if o.severity else ''} & {tex_escape(o.status)} \\\\"
                     for o in outs)
    return ("\\begin{tabular}{lllll}\nclaim & id & verdict & severity & status \\\\ \\hline\n"
            f"{rows}\n\\end{{tabular}}")
