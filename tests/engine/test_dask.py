"""The Dask path (issue 11): checks run as tasks on a local Dask cluster give the same ledger as a
local run (timings aside), with the same cache."""

import json

import pytest
from click.testing import CliRunner

from symrnn.cli import main

pytest.importorskip("dask.distributed")


def ledger_without_timings(path):
    data = json.loads(path.read_text())

    def strip(obj):
        if isinstance(obj, dict):
            return {k: strip(v) for k, v in obj.items() if k not in ("seconds", "cpu_seconds", "cached")}
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return obj
    return strip(data)


def test_a_dask_run_gives_the_local_ledger(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "mypaper", "--folder", "claims"]).exit_code == 0
    local = runner.invoke(main, ["check", "mypaper", "--path", "claims/mypaper", "-q", "--no-cache", "-o", "local"])
    assert local.exit_code == 0, local.output
    dask = runner.invoke(main, ["check", "mypaper", "--path", "claims/mypaper", "-q", "--cache-dir", "cache",
                                "-o", "dask", "--dask", "2"])
    assert dask.exit_code == 0, dask.output
    assert ledger_without_timings(tmp_path / "local" / "mypaper.ledger.json") == \
        ledger_without_timings(tmp_path / "dask" / "mypaper.ledger.json")
    results = [p for p in (tmp_path / "cache").rglob("*.json") if p.name != "timings.json"]
    assert len(results) == 3          # the same cache, written by the caller


def test_dask_options_are_validated(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    runner.invoke(main, ["new", "p", "--folder", "claims"])
    both = runner.invoke(main, ["check", "p", "--path", "claims/p", "--dask", "1", "--scheduler", "tcp://x:1"])
    assert both.exit_code == 2 and "not both" in both.output
    none = runner.invoke(main, ["check", "p", "--path", "claims/p", "--dask", "0"])
    assert none.exit_code == 2 and "workers >= 1" in none.output
