"""LaTeX report (Jinja2 templates), PDF via latexmk. Reads evidence only."""

from ._latex import render_report, write_combined, write_report
from ._pdf import build_pdf

__all__ = ["render_report", "write_combined", "write_report", "build_pdf"]
