"""The API reference is generated from the docstrings, and every public name has one (issue 11)."""

from symrnn._reference import render


def test_the_reference_builds_and_documents_every_public_name(tmp_path):
    text, missing = render()
    assert missing == []
    for name in ("Paper", "CheckContext", "certify_inequality", "eigen_enclosures", "exp_sums"):
        assert f"`{name}" in text
    assert "inequality(" in text and "hypothesis(" in text


def test_the_committed_reference_is_the_generated_one():
    from pathlib import Path

    text, _ = render()
    committed = Path(__file__).resolve().parents[2] / "docs" / "reference.md"
    assert committed.read_text() == text, "docs/reference.md is stale: run `python -m symrnn._reference`"


def test_method_docstrings_are_whole_and_the_status_column_is_explained():
    import inspect

    from symrnn import CheckContext
    from symrnn._ledger import STATUSES

    text, _ = render()
    for name in ("asymptotic", "identity", "certify"):
        doc = inspect.cleandoc(getattr(CheckContext, name).__doc__)
        assert len(doc.splitlines()) > 1 and doc in text       # not cut to its first line (issue 22)
    assert "ratio(ctx, p)" in text and "private mpmath context" in text    # what ratio_trend's callback receives
    for status in ("fully_checked", "checked", "stated"):
        assert status in STATUSES and f"- `{status}`: {STATUSES[status]}" in text
