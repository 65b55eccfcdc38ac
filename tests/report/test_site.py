"""The blueprint site as files: pages, links, formulas, graph, source lines, and what happens without Graphviz
(the browser tests are in test_site_browser.py)."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from click.testing import CliRunner

from symrnn.cli import main
from symrnn.report.site._markup import STATS, evidence_html, mathml, statement_html


class _Page(HTMLParser):
    """ids, links and text outside <code>/<math>/<script> of one HTML file."""

    def __init__(self):
        super().__init__()
        self.ids, self.links, self.text, self.stack = set(), [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in ("href", "src", "xlink:href"):
            if a.get(key):
                self.links.append(a[key])
        if tag not in ("br", "img", "input", "meta", "link", "mspace"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        if not {"code", "math", "script", "style", "title"} & set(self.stack):
            self.text.append(data)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_report_writes_an_index_and_one_page_per_paper(blueprint):
    html = blueprint["html"]
    assert (html / "index.html").is_file() and (html / "alpha.html").is_file()
    assert (html / "assets" / "site.js").is_file() and (html / "assets" / "site.css").is_file()
    assert "wrote " + str(html / "index.html") in blueprint["output"]
    index = (html / "index.html").read_text()
    # the findings first: the refuted Lemma 2 with its weight, before the table of all claims
    assert index.index('id="findings"') < index.index("alpha.html#claim-alpha-lemma2") < index.index('id="claims"')
    assert "slip" in index[index.index('id="findings"'):index.index('id="claims"')]


def test_claims_are_in_paper_order_with_statement_code_verdict_and_evidence(blueprint):
    page = (blueprint["html"] / "alpha.html").read_text()
    order = [page.index(f'<article class="claim" id="claim-alpha-{k}"') for k in
             ("lemma1", "lemma2", "lemma2-fixed", "def1", "thm3", "rem4")]
    assert order == sorted(order)
    lemma2 = page[order[1]:order[2]]
    assert 'data-verdict="refuted"' in lemma2 and 'data-weight="slip"' in lemma2
    assert "<math" in lemma2 and "As code" in lemma2 and "Hypotheses as code" in lemma2
    replay = re.search(r'data-copy="([^"]*)"', lemma2).group(1)
    assert replay.startswith("symrnn replay alpha.lemma2 search x=")
    thm3 = page[order[4]:order[5]]
    assert 'src="figures/alpha-thm3-gauss-partial-sums.svg"' in thm3
    assert (blueprint["html"] / "figures" / "alpha-thm3-gauss-partial-sums.svg").is_file()
    assert 'display="block"' in page[order[3]:order[4]]           # the $$..$$ of Definition 3


def test_every_internal_link_and_anchor_resolves(blueprint):
    html = blueprint["html"]
    pages = {p.name: _parse(p) for p in html.glob("*.html")}
    checked = 0
    for name, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{name} links outside the site: {link}"
            target = (html / unquote(parts.path)).resolve() if parts.path else html / name
            assert target.exists(), f"{name}: {link} points at a missing file"
            if parts.fragment:
                assert parts.fragment in pages[target.name].ids, f"{name}: {link} has no anchor"
            checked += 1
    assert checked > 20


def test_no_tex_is_left_in_the_text_of_any_page(blueprint):
    for path in blueprint["html"].glob("*.html"):
        text = "".join(_parse(path).text)
        assert "$" not in text, f"{path.name}: {re.findall(r'.{30}[$].{30}', text)[:3]}"
        raw_tex = re.findall(r".{0,20}(?:\\[A-Za-z]+|\\[()\[\]]).{0,20}", text)
        assert not raw_tex, f"{path.name}: {raw_tex[:3]}"
        assert "tex-source" not in path.read_text()                  # every formula was converted


def test_the_graph_colours_claims_by_verdict_and_links_to_them(blueprint):
    page = (blueprint["html"] / "alpha.html").read_text()
    svg = page[page.index("<svg"):page.index("</svg>")]
    for key in ("lemma1", "lemma2", "lemma2-fixed", "def1", "thm3", "rem4"):
        assert f'xlink:href="#claim-alpha-{key}"' in svg
    node = svg[svg.index('id="node&#45;claim&#45;alpha&#45;lemma2"'):]
    node = node[:node.index("</g>")]
    assert 'fill="#c0392b"' in node.lower()                          # refuted
    assert "polygon" in svg[svg.index("node&#45;claim&#45;alpha&#45;def1"):][:600]   # a definition is a box


def test_the_source_file_and_line_of_each_claim(blueprint):
    page = (blueprint["html"] / "alpha.html").read_text()
    for key, file in (("lemma2", "sec2.py"), ("thm3", "sec3.py")):
        art = page[page.index(f'id="claim-alpha-{key}"'):]
        m = re.search(r'class="source" href="([^"]+)">[^<]*</a>, line (\d+)', art)
        assert m and m.group(1).endswith(file)
        lines = (blueprint["claims"] / file).read_text().splitlines()[int(m.group(2)) - 1:]
        assert "paper.claim(" in lines[0] and f'"{key}"' in lines[0] + lines[1], lines[:2]   # the declaration


def test_without_graphviz_the_site_says_so_and_has_no_graph(blueprint, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))                      # no `dot` anywhere
    out = CliRunner().invoke(main, ["report", "alpha", "--quick", "--no-pdf", "-q", "--path",
                                    str(blueprint["root"] / "claims"), "-o", str(tmp_path / "rep"),
                                    "--cache-dir", str(blueprint["root"] / "cache")])
    assert out.exit_code == 0, out.output
    assert "Traceback" not in out.output and "`dot` program was not found" in out.output
    page = (tmp_path / "rep" / "html" / "alpha.html").read_text()
    assert 'id="graph-missing"' in page and "apt-get install graphviz" in page and "<svg" not in page


def test_no_html_skips_the_site(blueprint, tmp_path):
    out = CliRunner().invoke(main, ["report", "alpha", "--quick", "--no-pdf", "--no-html", "-q", "--path",
                                    str(blueprint["root"] / "claims"), "-o", str(tmp_path / "rep"),
                                    "--cache-dir", str(blueprint["root"] / "cache")])
    assert out.exit_code == 0, out.output
    assert (tmp_path / "rep" / "alpha.tex").is_file() and not (tmp_path / "rep" / "html").exists()


def test_statement_markup():
    out = str(statement_html(r"For $x \ge 0$, \emph{all} $$x^2 \ge 0$$ costs \$5 -- see ``here''."))
    assert out.count("<math") == 2 and 'display="block"' in out and "<em>all</em>" in out
    assert "$5" in out and "\u2013" in out and "\u201chere\u201d" in out
    assert "&lt;" in str(statement_html("a < b"))                     # text is escaped, never markup


def test_evidence_markup_reads_ascii_mathematics():
    out = str(evidence_html("margin a_0 <= 10^-3 at li2021.thm4_1"))
    assert out.count("<math") == 3 and "<code>li2021.thm4_1</code>" in out    # a_0, <=, 10^-3


def test_a_formula_that_cannot_be_converted_is_shown_as_marked_source():
    before = len(STATS.failed)
    out = str(mathml(r"\unknownmacro{x}"))
    assert 'class="tex-source"' in out and r"\unknownmacro" in out and len(STATS.failed) == before + 1


def test_evidence_quoting_tex_and_bare_tex_table_cells_become_mathml():
    from symrnn.report.site._build import _env
    from symrnn.report.site._markup import cell_html

    ev = str(_env().filters["ev"](r"the dichotomy ($\mu_T=e^{\Omega(T)}$ if $\alpha_m\ge1/\sigma_1$) at z = 1"))
    assert ev.count("<math") == 2 and "$" not in ev and "\\" not in ev
    cell = str(cell_html(r"\max\left(0, 1 - \left(t - \frac{1}{2}\right)^{2}\right)^{3}"))
    assert cell.startswith("<math") and "\\" not in cell
    assert "<math" not in str(cell_html("plain words, no formula"))


def test_links_to_claims_of_other_papers_go_to_their_page_or_nowhere():
    from symrnn.report.site._build import claim_href

    assert claim_href("li2021.thm4_2", "li2021", {"li2021"}) == "#claim-li2021-thm4-2"
    assert claim_href("li2021.thm4_2", "li2022", {"li2021", "li2022"}) == "li2021.html#claim-li2021-thm4-2"
    assert claim_href("li2021.thm4_2", "li2022", {"li2022"}) is None        # its paper is not on the site


def test_the_site_is_byte_identical_when_written_again(blueprint, tmp_path):
    import shutil

    html = blueprint["html"]
    before = {p.relative_to(html): p.read_bytes() for p in html.rglob("*") if p.is_file()}
    shutil.copytree(blueprint["root"] / "rep", tmp_path / "kept")
    try:
        out = CliRunner().invoke(main, ["report", "alpha", "--quick", "--no-pdf", "-q", "--path",
                                        str(blueprint["root"] / "claims"), "-o", str(blueprint["root"] / "rep"),
                                        "--cache-dir", str(blueprint["root"] / "cache")])
        assert out.exit_code == 0, out.output
        after = {p.relative_to(html): p.read_bytes() for p in html.rglob("*") if p.is_file()}
        assert sorted(after) == sorted(before)
        assert [name for name in before if after[name] != before[name]] == []
    finally:                                    # the browser tests read the site as the fixture built it
        shutil.rmtree(blueprint["root"] / "rep")
        shutil.copytree(tmp_path / "kept", blueprint["root"] / "rep")


def test_without_latex2mathml_the_report_says_what_to_install(blueprint, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "latex2mathml.converter", None)          # import fails
    out = CliRunner().invoke(main, ["report", "alpha", "--quick", "--no-pdf", "-q", "--path",
                                    str(blueprint["root"] / "claims"), "-o", str(tmp_path / "rep"),
                                    "--cache-dir", str(blueprint["root"] / "cache")])
    assert out.exit_code == 2 and "pip install latex2mathml" in out.output and "--no-html" in out.output
    assert "Traceback" not in out.output and (tmp_path / "rep" / "alpha.tex").is_file()
