"""The report compiled with real TeX when it is present (skipped otherwise): the PDF text has no
mis-encoded comparison signs, and its first page is not empty."""

import shutil
import subprocess

import pytest
from click.testing import CliRunner

from symrnn.cli import main

pytestmark = pytest.mark.skipif(shutil.which("latexmk") is None, reason="no TeX (latexmk) on this machine")


def test_a_small_report_compiles_reads_correctly_and_renders(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    for key in ("alpha", "beta"):
        assert runner.invoke(main, ["new", key, "--folder", "claims"]).exit_code == 0
    out = runner.invoke(main, ["report", "alpha", "beta", "--path", "claims", "-q", "-o", "rep", "--cache-dir", "c"])
    assert out.exit_code == 0, out.output
    for name in ("alpha", "beta", "all"):
        assert (tmp_path / "rep" / f"{name}.pdf").exists(), out.output
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "rep/alpha.pdf", "-"], capture_output=True, text=True).stdout
        assert "x e−x ≤ c" in text           # typeset: e^{-x} and \\le, not the ASCII source
        for wrong in ("¿", "¡"):                 # OT1 encoding prints > and < as these
            assert wrong not in text
        assert "slip" in text and "certified" in text
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", "rep/alpha.pdf", "page"], check=True)
        from PIL import Image

        (png,) = tmp_path.glob("page*.png")
        hist = Image.open(png).convert("L").histogram()
        dark = sum(hist[:128])
        assert dark > 500                        # text on the page, not a blank page


def test_latexmk_leaves_only_the_tex_and_the_pdf(tmp_path, monkeypatch):
    """latexmk left .aux, .fls, .log and .fdb_latexmk files in reports/ (issue 22)."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "gamma", "--folder", "claims"]).exit_code == 0
    out = runner.invoke(main, ["report", "gamma", "--path", "claims", "-q", "-o", "rep", "--cache-dir", "c"])
    assert out.exit_code == 0, out.output
    files = sorted(p.name for p in (tmp_path / "rep").iterdir() if p.is_file())
    # .built.json: what the PDF was built from, so that a warm run keeps it (symrnn.report._reuse)
    assert files == [".built.json", "gamma.ledger.json", "gamma.pdf", "gamma.tex"], files


def test_a_package_from_latex_source_typesets(tmp_path, monkeypatch):
    """`symrnn new --from-tex` statements (references printed as numbers, displays kept) compile in the report."""
    from pathlib import Path

    monkeypatch.chdir(tmp_path)
    paper = Path(__file__).resolve().parent.parent / "data" / "small_paper.tex"
    runner = CliRunner()
    made = runner.invoke(main, ["new", "demo", "--from-tex", str(paper), "--folder", "claims"])
    assert made.exit_code == 0, made.output
    out = runner.invoke(main, ["report", "demo", "--path", "claims/demo", "-q", "-o", "rep", "--cache-dir", "c"])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "rep" / "demo.pdf").exists()
