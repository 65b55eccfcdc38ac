"""PDF build with latexmk, when a TeX installation is present."""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from pathlib import Path


def build_pdf(tex: Path, *, timeout: float = 300.0) -> tuple[Path | None, str]:
    """Compile `tex` next to itself. Returns (pdf or None, a sentence for the user). A PDF built by an earlier run
    from the same .tex, figures and TeX is kept (symrnn.report._reuse): compiling is most of a warm report's time."""
    from ._reuse import Manifest

    if shutil.which("latexmk") is None:
        return None, (f"no TeX found (latexmk not on PATH): wrote only {tex}; install TeX "
                      "(e.g. apt-get install texlive-latex-base texlive-latex-extra latexmk) to get the PDF")
    pdf = tex.with_suffix(".pdf")
    built = Manifest(tex.parent)
    inputs = _inputs(tex)
    if built.fresh(pdf, inputs):
        return pdf, f"kept {pdf} (built from this .tex, its figures and this TeX before)"
    built.forget(pdf)
    built.save()
    cmd = ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-quiet",
           f"-outdir={tex.parent}", str(tex)]
    # fixed timestamps and IDs make the PDF reproducible, like the .tex
    env = {**os.environ, "SOURCE_DATE_EPOCH": "0", "FORCE_SOURCE_DATE": "1"}
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, f"latexmk timed out after {timeout:g}s; {tex} is intact"
    if proc.returncode != 0 or not pdf.exists():
        log = tex.with_suffix(".log")
        _clean(tex, keep=(".log",))           # the log says what went wrong: it stays beside the .tex
        tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-15:])
        return None, f"latexmk failed (exit {proc.returncode}); {tex} is intact; see {log}\n{tail}"
    _clean(tex)
    built.record(pdf, inputs)
    built.save()
    return pdf, f"wrote {pdf}"


_GRAPHICS = re.compile(r"\\includegraphics(?:\[[^\]]*\])?\{([^}]*)\}")


def _inputs(tex: Path) -> str:
    """Digest of what the PDF is built from: this module, the .tex, every figure it includes, the TeX programs."""
    from ._reuse import digest, file_digest

    text = tex.read_bytes()
    figures = []
    for name in sorted(set(_GRAPHICS.findall(text.decode(errors="replace")))):
        path = tex.parent / name
        figures.append((name, file_digest(path) if path.is_file() else None))
    return digest(Path(__file__).read_bytes(), text, figures, _tex_version())


@functools.lru_cache(maxsize=None)
def _tex_version() -> str:
    """Where latexmk and pdflatex are and their version lines (asked once per process)."""
    lines = []
    for prog in ("latexmk", "pdflatex"):
        try:
            out = subprocess.run([prog, "--version"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            out = ""
        lines.append((shutil.which(prog), out.strip().splitlines()[:1]))
    return repr(lines)


# what latexmk and pdflatex write beside the PDF (latexmk -c removes the same; listed so that a failed
# build is cleaned too, and so that nothing depends on latexmk's version)
_AUX = (".aux", ".fls", ".log", ".fdb_latexmk", ".out", ".toc", ".synctex.gz")


def _clean(tex: Path, keep=()) -> None:
    """Leave only the .tex and the PDF in the report folder."""
    for ext in _AUX:
        if ext not in keep:
            tex.with_suffix(ext).unlink(missing_ok=True)
