"""The example notebook runs (nbclient): a paper declared in a notebook is checked through the public API
and its claims and verdicts render as LaTeX and HTML (issue 11)."""

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("ipykernel")

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "claims_in_a_notebook.ipynb"


def test_the_example_notebook_runs_and_renders(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    data = [o.get("data", {}) for o in outputs if o.output_type == "execute_result"]
    assert any("text/latex" in d and "Lemma 1" in d["text/latex"] for d in data)      # the claim, typeset
    assert any("text/html" in d and "certified" in d["text/html"] for d in data)      # the verdict table
