"""The API reference is generated from the docstrings, and every public name has one (issue 11)."""

from symrnn._reference import render


def test_the_reference_builds_and_documents_every_public_name(tmp_path):
    text, missing = render()
    assert missing == []
    for name in ("Paper", "CheckContext", "certify_inequality", "eigen_enclosures", "exp_sums"):
        assert f"`{name}" in text
    assert "inequality(" in text and "hypothesis(" in text
