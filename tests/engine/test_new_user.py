"""A new user's path (issue 11): `symrnn new` scaffolds a claim package outside the repository, which
the CLI checks and pytest runs as test items (with pins), through the installed entry point."""

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from symrnn.cli import main

ROOT = Path(__file__).resolve().parents[2]


def pytest_run(cwd: Path, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def test_scaffold_check_and_pytest(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    made = runner.invoke(main, ["new", "mypaper", "--folder", "claims"])
    assert made.exit_code == 0 and (tmp_path / "claims" / "mypaper" / "sec2.py").exists()
    again = runner.invoke(main, ["new", "mypaper", "--folder", "claims"])
    assert again.exit_code == 2 and "exists already" in again.output
    checked = runner.invoke(main, ["check", "mypaper", "--path", "claims/mypaper", "-q", "--cache-dir", "c", "-o", "o"])
    assert checked.exit_code == 0, checked.output
    ledger = json.loads((tmp_path / "o" / "mypaper.ledger.json").read_text())
    assert {c["id"]: c["verdict"] for c in ledger["claims"]} == {
        "mypaper.lemma1": "proved", "mypaper.lemma2": "refuted", "mypaper.lemma2_fixed": "certified"}
    assert ledger["claims"][1]["severity"]["level"] == "slip"
    witness = ledger["claims"][1]["checks"][0]["witnesses"][0]
    assert witness["independent"] and witness["hypotheses"][0][0] == "nonnegative"

    # pytest: findings are reported, not failures; pins are written and then enforced
    out = pytest_run(tmp_path, "--symrnn", "claims/mypaper", "--symrnn-write-pins", "pins.json")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3 passed" in out.stdout and "mypaper.lemma2 (Lemma 2): refuted [slip" in out.stdout
    assert "symrnn replay mypaper.lemma2 search" in out.stdout
    pins = json.loads((tmp_path / "pins.json").read_text())
    pins["mypaper.lemma2"] = "holds"
    (tmp_path / "pins.json").write_text(json.dumps(pins))
    out = pytest_run(tmp_path, "--symrnn", "claims/mypaper", "--symrnn-pins", "pins.json")
    assert out.returncode == 1 and "verdict refuted, pinned holds" in out.stdout


def test_a_crashed_check_fails_the_pytest_run(tmp_path):
    (tmp_path / "boom.py").write_text(
        "import symrnn as sr\npaper = sr.Paper('boom', title='t', authors='a', venue='v')\n"
        "c = paper.claim('c', kind='lemma', label='C', statement='s')\n"
        "@c.check(layer='symbolic')\ndef explode(ctx):\n    raise RuntimeError('bug in the check')\n")
    out = pytest_run(tmp_path, "--symrnn", "boom.py")
    assert out.returncode == 1 and "bug in the check" in out.stdout


def test_without_the_option_the_plugin_adds_nothing(tmp_path):
    (tmp_path / "test_x.py").write_text("def test_x():\n    assert 1 + 1 == 2\n")
    out = pytest_run(tmp_path)
    assert out.returncode == 0 and "1 passed" in out.stdout
