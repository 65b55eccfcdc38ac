"""The blueprint site: `reports/html/`, a static site that works from the file system without a network.

An overview of every paper (verdict counts, the findings first), one page per paper with its claims in
paper order (statement as printed and as code, verdict, coverage, weight, hypotheses, evidence, witnesses
with replay commands, figures, the claim's source line), and the dependency graph as a zoomable SVG whose
nodes link to their claims. Formulas are MathML made at build time (`_markup`); the page scripts (filter,
search, zoom, copy) are small, bundled and optional: every page reads without them.
"""

from ._build import SiteResult, write_site

__all__ = ["SiteResult", "write_site"]
