"""Each claim in the report links to the claims it uses and to the claim it corrects (issue 11)."""

import re

from click.testing import CliRunner

from symrnn.cli import main


def test_claims_link_to_what_they_use_and_correct(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "alpha", "--folder", "claims"]).exit_code == 0
    out = runner.invoke(main, ["report", "alpha", "--no-pdf", "--path", "claims", "-q", "-o", "rep", "--cache-dir", "c"])
    assert out.exit_code == 0, out.output
    tex = (tmp_path / "rep" / "alpha.tex").read_text()
    targets = set(re.findall(r"\\hypertarget\{(claim-[A-Za-z0-9-]+)\}", tex))
    links = re.findall(r"\\claimref\{(claim-[A-Za-z0-9-]+)\}", tex)
    assert {"claim-alpha-lemma1", "claim-alpha-lemma2", "claim-alpha-lemma2-fixed"} <= targets
    assert links and set(links) <= targets                    # every link lands on a claim of the report
    fixed = tex[tex.index(r"\hypertarget{claim-alpha-lemma2-fixed}"):]
    assert r"Correction} of \claimref{claim-alpha-lemma2}" in fixed.split(r"\subsection*")[0]
