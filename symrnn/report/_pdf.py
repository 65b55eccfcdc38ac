"""PDF build with latexmk, when a TeX installation is present."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path


def build_pdf(tex: Path, *, timeout: float = 300.0) -> tuple[Path | None, str]:
    """Compile `tex` next to itself. Returns (pdf or None, a sentence for the user)."""
    if shutil.which("latexmk") is None:
        return None, (f"no TeX found (latexmk not on PATH): wrote only {tex}; install TeX "
                      "(e.g. apt-get install texlive-latex-base texlive-latex-extra latexmk) to get the PDF")
    cmd = ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-quiet",
           f"-outdir={tex.parent}", str(tex)]
    # fixed timestamps and IDs make the PDF reproducible, like the .tex
    env = {**os.environ, "SOURCE_DATE_EPOCH": "0", "FORCE_SOURCE_DATE": "1"}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, f"latexmk timed out after {timeout:g}s; {tex} is intact"
    pdf = tex.with_suffix(".pdf")
    if proc.returncode != 0 or not pdf.exists():
        log = tex.with_suffix(".log")
        _clean(tex, keep=(".log",))           # the log says what went wrong: it stays beside the .tex
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        return None, f"latexmk failed (exit {proc.returncode}); {tex} is intact; see {log}\n{tail}"
    _clean(tex)
    return pdf, f"wrote {pdf}"


# what latexmk and pdflatex write beside the PDF (latexmk -c removes the same; listed so that a failed
# build is cleaned too, and so that nothing depends on latexmk's version)
_AUX = (".aux", ".fls", ".log", ".fdb_latexmk", ".out", ".toc", ".synctex.gz")


def _clean(tex: Path, keep=()) -> None:
    """Leave only the .tex and the PDF in the report folder."""
    for ext in _AUX:
        if ext not in keep:
            tex.with_suffix(ext).unlink(missing_ok=True)
