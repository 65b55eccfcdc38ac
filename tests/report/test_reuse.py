"""A warm report keeps the figures and PDFs it built before from the same inputs (symrnn.report._reuse), and builds
again exactly those whose inputs changed or whose file was altered since."""

import os
import stat
from pathlib import Path
from types import SimpleNamespace

import pytest

from symrnn._evidence import Plot
from symrnn.report import _figures, _pdf


def _outs(*plots):
    return [SimpleNamespace(claim=SimpleNamespace(id="demo.c1"), results=[SimpleNamespace(check="chk", plots=plots)])]


def _plot(name, ys):
    return Plot(name, f"{name} caption", "x", "y", (("line", ("1", "2", "3"), tuple(ys)),))


def test_figures_are_drawn_again_only_when_their_data_or_file_changed(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    a, b = _plot("a", ("1", "2", "3")), _plot("b", ("3", "2", "1"))
    _figures.draw_plots(_outs(a, b), tmp_path)
    folder = tmp_path / "figures"
    files = {p.name: p.read_bytes() for p in folder.glob("*.pdf")}
    assert len(files) == 2
    drawn = []
    real = _figures._draw
    monkeypatch.setattr(_figures, "_draw", lambda plt, mpl, p, path, ext: drawn.append(p.name) or real(plt, mpl, p, path, ext))
    _figures.draw_plots(_outs(a, b), tmp_path)
    assert drawn == []                                          # warm: nothing drawn
    assert {p.name: p.read_bytes() for p in folder.glob("*.pdf")} == files
    _figures.draw_plots(_outs(a, _plot("b", ("3", "2", "0.5"))), tmp_path)
    assert drawn == ["b"]                                       # new data: that figure only
    path_a = folder / _figures.plot_filename("demo.c1", "chk", "a")
    path_a.write_bytes(b"edited by hand")
    drawn.clear()
    _figures.draw_plots(_outs(a, _plot("b", ("3", "2", "0.5"))), tmp_path)
    assert drawn == ["a"]                                       # a file changed on disk is drawn again
    assert path_a.read_bytes() == files[path_a.name]            # ... the same file as before (deterministic)
    path_a.unlink()
    drawn.clear()
    _figures.draw_plots(_outs(a, _plot("b", ("3", "2", "0.5"))), tmp_path)
    assert drawn == ["a"] and path_a.exists()                   # and a missing one


@pytest.fixture
def fake_tex(tmp_path, monkeypatch):
    """latexmk and pdflatex stand-ins on PATH: latexmk writes <name>.pdf from the .tex and counts its calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls"
    script = bin_dir / "latexmk"
    script.write_text("#!/bin/sh\n"
                      "if [ \"$1\" = --version ]; then echo 'Latexmk, fake'; exit 0; fi\n"
                      f"echo x >> {calls}\n"
                      "for a; do tex=$a; done\n"
                      "cp \"$tex\" \"${tex%.tex}.pdf\"\n")
    (bin_dir / "pdflatex").write_text("#!/bin/sh\necho 'pdfTeX fake'\n")
    for p in bin_dir.iterdir():
        p.chmod(p.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    _pdf._tex_version.cache_clear()
    return lambda: len(calls.read_text().splitlines()) if calls.exists() else 0


def test_a_pdf_is_compiled_again_only_when_its_tex_or_a_figure_changed(tmp_path, fake_tex):
    rep = tmp_path / "rep"
    (rep / "figures").mkdir(parents=True)
    fig = rep / "figures" / "f.pdf"
    fig.write_bytes(b"figure 1")
    tex = rep / "paper.tex"
    tex.write_text("\\includegraphics[width=1cm]{figures/f.pdf}\n")
    pdf, msg = _pdf.build_pdf(tex)
    assert pdf == rep / "paper.pdf" and msg.startswith("wrote") and fake_tex() == 1
    pdf, msg = _pdf.build_pdf(tex)
    assert msg.startswith("kept") and fake_tex() == 1           # warm: not compiled
    fig.write_bytes(b"figure 2")                                # an included figure changed
    assert _pdf.build_pdf(tex)[1].startswith("wrote") and fake_tex() == 2
    tex.write_text("\\includegraphics[width=1cm]{figures/f.pdf} and more\n")
    assert _pdf.build_pdf(tex)[1].startswith("wrote") and fake_tex() == 3
    Path(pdf).write_bytes(b"a PDF replaced by hand")
    assert _pdf.build_pdf(tex)[1].startswith("wrote") and fake_tex() == 4
    assert _pdf.build_pdf(tex)[1].startswith("kept") and fake_tex() == 4
