"""The blueprint site in a real browser: headless Chromium driven by Selenium, from the file system, offline.

Skips (with the reason) where selenium, chromium or chromedriver is missing: `make test` installs Chromium
from Debian when it runs as root (README, "Blueprint site").
"""

import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = pytest.mark.browser

_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(shutil.which(b) for b in _BROWSERS):
        return "no Chromium on PATH (apt-get install chromium chromium-driver, or `make browser`)"
    if not shutil.which("chromedriver"):
        return "no chromedriver on PATH (apt-get install chromium-driver, or `make browser`)"
    return None


@pytest.fixture(scope="module")
def browser():
    why = _missing()
    if why:
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = next(shutil.which(b) for b in _BROWSERS if shutil.which(b))
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000",
                "--disable-extensions", "--no-first-run", "--proxy-server=127.0.0.1:9",   # no network: any request fails
                "--host-resolver-rules=MAP * ~NOTFOUND"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def _open(browser, path: Path, fragment: str = ""):
    browser.get(path.as_uri() + fragment)
    browser.execute_script("return document.readyState")
    return browser


def _errors(browser) -> list:
    return [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def test_pages_load_offline_without_console_errors_and_with_rendered_math(browser, blueprint):
    for name in ("index.html", "alpha.html"):
        _open(browser, blueprint["html"] / name)
        assert _errors(browser) == [], name
        # everything the page loads comes from the file system (the network is off in this browser anyway)
        urls = browser.execute_script(
            "return Array.from(document.querySelectorAll('link[href], script[src], img[src]'))"
            ".map(e => e.href || e.src)")
        assert len(urls) >= 2 and all(u.startswith("file://") for u in urls), urls
        # no TeX left in what a reader sees (code, e.g. replay commands, aside)
        text = browser.execute_script(
            "const b = document.body.cloneNode(true); b.querySelectorAll('code, script').forEach(e => e.remove());"
            "return b.textContent;")
        assert "$" not in text and "\\(" not in text and "\\[" not in text, name
    # MathML is laid out: a formula of Lemma 1 has a real size, and a display is wider than it is tall
    size = browser.execute_script(
        "const m = document.querySelector('#claim-alpha-lemma1 blockquote math').getBoundingClientRect();"
        "const d = document.querySelector('#claim-alpha-def1 math[display=block]').getBoundingClientRect();"
        "return [m.width, m.height, d.width, d.height];")
    assert size[0] > 20 and size[1] > 8 and size[2] > size[3] > 8, size


def test_every_link_lands_on_an_existing_page_and_anchor(browser, blueprint):
    html = blueprint["html"]
    seen = 0
    for name in ("index.html", "alpha.html"):
        _open(browser, html / name)
        links = browser.execute_script(
            "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"
            ".concat(Array.from(document.querySelectorAll('svg a')).map(a => a.href.baseVal ? "
            "new URL(a.href.baseVal, location.href).href : a.href))"
            ".concat(Array.from(document.querySelectorAll('img')).map(i => i.src))")
        images = browser.execute_script(
            "return Array.from(document.querySelectorAll('img')).map(i => i.complete && i.naturalWidth > 0)")
        assert all(images), name
        for url in links:
            parts = urlsplit(url)
            assert parts.scheme == "file", url
            target = Path(unquote(parts.path))
            assert target.exists(), url
            if parts.fragment:
                _open(browser, target, "#" + parts.fragment)
                assert browser.execute_script("return !!document.getElementById(arguments[0])", unquote(parts.fragment)), url
            seen += 1
    assert seen > 20


def test_a_click_on_a_graph_node_lands_on_its_claim(browser, blueprint):
    _open(browser, blueprint["html"] / "alpha.html")
    from selenium.webdriver.common.by import By

    node = browser.find_element(By.CSS_SELECTOR, "svg.graph g#node-claim-alpha-thm3 a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    node.click()
    assert browser.execute_script("return location.hash") == "#claim-alpha-thm3"
    top = browser.execute_script("return document.getElementById('claim-alpha-thm3').getBoundingClientRect().top")
    assert 0 <= top < browser.execute_script("return innerHeight / 2"), top
    assert _errors(browser) == []


def test_the_graph_zooms(browser, blueprint):
    _open(browser, blueprint["html"] / "alpha.html")
    from selenium.webdriver.common.by import By

    width = "return document.querySelector('svg.graph').viewBox.baseVal.width"
    before = browser.execute_script(width)
    browser.find_element(By.CSS_SELECTOR, "[data-zoom-in]").click()
    assert browser.execute_script(width) < before
    browser.find_element(By.CSS_SELECTOR, "[data-zoom-reset]").click()
    assert browser.execute_script(width) == before
    # the wheel zooms around the pointer
    browser.execute_script(
        "const s = document.querySelector('svg.graph'), r = s.getBoundingClientRect();"
        "s.dispatchEvent(new WheelEvent('wheel', {deltaY: -120, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2,"
        " bubbles: true, cancelable: true}));")
    assert browser.execute_script(width) < before
    # a drag pans (the view moves) and is not a click on the node where it starts
    from selenium.webdriver.common.action_chains import ActionChains

    x = "return document.querySelector('svg.graph').viewBox.baseVal.x"
    start = browser.execute_script(x)
    node = browser.find_element(By.CSS_SELECTOR, "svg.graph g#node-claim-alpha-lemma1 a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    ActionChains(browser).click_and_hold(node).move_by_offset(60, 0).move_by_offset(60, 0).release().perform()
    assert browser.execute_script(x) < start
    # there and back: the drag ends on the node it started on, and is still not a click on it
    ActionChains(browser).click_and_hold(node).move_by_offset(80, 0).move_by_offset(-80, 0).release().perform()
    assert browser.execute_script("return location.hash") == ""


def _visible(browser) -> list[str]:
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('article.claim')).filter(a => !a.hidden).map(a => a.id)")


def test_filters_and_search_change_the_visible_claims(browser, blueprint):
    _open(browser, blueprint["html"] / "alpha.html")
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    every = _visible(browser)
    assert len(every) == 6
    browser.find_element(By.CSS_SELECTOR, "#filters input[name=verdict][value=proved]").click()
    assert "claim-alpha-lemma1" not in _visible(browser) and "claim-alpha-lemma2" in _visible(browser)
    # the graph dims the node of a claim the filters hide
    assert "dim" in browser.find_element(By.ID, "node-claim-alpha-lemma1").get_attribute("class")
    browser.find_element(By.CSS_SELECTOR, "#filters button[name=showall]").click()
    Select(browser.find_element(By.CSS_SELECTOR, "#filters select[name=weight]")).select_by_value("slip")
    assert _visible(browser) == ["claim-alpha-lemma2"]
    browser.find_element(By.CSS_SELECTOR, "#filters button[name=showall]").click()
    browser.find_element(By.CSS_SELECTOR, "#filters input[name=q]").send_keys("summable")
    assert _visible(browser) == ["claim-alpha-def1"]
    assert "1 of 6" in browser.find_element(By.CSS_SELECTOR, "#filters output").text
    # a graph node of a claim the search hides still lands on it (the filters are cleared)
    node = browser.find_element(By.CSS_SELECTOR, "svg.graph g#node-claim-alpha-lemma2 a")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    node.click()
    # the click navigates to the claim and clears the filters from a hash-change handler: wait for it (a fresh-clone
    # run under load asserted before the handler ran)
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(browser, 10).until(lambda b: len(_visible(b)) == 6)
    assert "claim-alpha-lemma2" in _visible(browser) and len(_visible(browser)) == 6
    # the overview's table of all claims filters too
    _open(browser, blueprint["html"] / "index.html")
    browser.find_element(By.CSS_SELECTOR, "#filters input[name=q]").send_keys("lemma 2")
    rows = browser.execute_script(
        "return Array.from(document.querySelectorAll('table.claims tbody tr')).filter(r => !r.hidden).length")
    assert rows == 2                                                 # Lemma 2 and Lemma 2 (corrected)
    assert _errors(browser) == []


def test_the_replay_command_can_be_copied(browser, blueprint):
    _open(browser, blueprint["html"] / "alpha.html")
    from selenium.webdriver.common.by import By

    button = browser.find_element(By.CSS_SELECTOR, "#claim-alpha-lemma2 button.copy")
    assert button.get_attribute("data-copy").startswith("symrnn replay alpha.lemma2 search ")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    from selenium.webdriver.support.ui import WebDriverWait

    # the copy goes through the clipboard API's promise: on a loaded machine the label changes a moment later
    WebDriverWait(browser, 10).until(lambda _: button.text != "copy")
    assert button.text in ("copied", "select and copy")
    assert _errors(browser) == []


def test_screenshots_of_the_overview_and_a_claim_are_not_blank(browser, blueprint, tmp_path):
    import numpy as np
    from PIL import Image

    for name, fragment in (("index.html", ""), ("alpha.html", "#claim-alpha-lemma2")):
        _open(browser, blueprint["html"] / name, fragment)
        shot = tmp_path / (name + ".png")
        assert browser.save_screenshot(str(shot))
        pixels = np.asarray(Image.open(shot).convert("L"), dtype=float)
        # a blank or single-colour page has no variance; text, badges and formulas give plenty
        assert pixels.std() > 20 and len(np.unique(pixels)) > 16, (name, pixels.std())


def test_the_page_without_graphviz_reads_without_errors(browser, blueprint, tmp_path, monkeypatch):
    from click.testing import CliRunner

    from symrnn.cli import main

    monkeypatch.setenv("PATH", str(tmp_path))                      # no `dot` (the browser is already running)
    out = CliRunner().invoke(main, ["report", "alpha", "--quick", "--no-pdf", "-q", "--path",
                                    str(blueprint["root"] / "claims"), "-o", str(tmp_path / "rep"),
                                    "--cache-dir", str(blueprint["root"] / "cache")])
    assert out.exit_code == 0, out.output
    _open(browser, tmp_path / "rep" / "html" / "alpha.html")
    assert browser.execute_script("return document.getElementById('graph-missing').textContent").count("graphviz")
    assert browser.execute_script("return document.querySelectorAll('svg.graph').length") == 0
    assert _errors(browser) == []
