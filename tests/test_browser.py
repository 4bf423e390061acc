"""The published site in a real browser: Debian's Chromium, driven by Playwright.

The site of docs/cli.md's `cardgen publish` line is opened from disk, with every request that is
not a file refused, and checked as a person sees it. Without Chromium or Playwright these tests
skip with a one-line reason, except in CI (CI=true), where they fail: .ci/run installs both.
Screenshots go to $CARDGEN_SCREENSHOTS when it is set (docs/cli.md's come from there).
"""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import CONFIGS
from typer.testing import CliRunner

from cardgen.cli import app
from cardgen.paper import MM
from cardgen.publish import publish

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.network

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]
ORDINAL = {1: "first", 2: "second", 3: "third"}
PUBLISHED = [CONFIGS / "twl06-2p.yaml", CONFIGS / "twl06-3p.yaml",
             CONFIGS / "tables" / "classic.yaml"]


def missing() -> str | None:
    """Why the browser tests cannot run here, in one line; None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the browser tests need Playwright: python -m pip install -e '.[test]'"
    if not CHROMIUM.exists():
        return f"the browser tests need Chromium at {CHROMIUM}: apt-get install chromium"
    if shutil.which("dot") is None:
        return "the browser tests need Graphviz's dot: apt-get install graphviz"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    publish(PUBLISHED, out=out)
    return out


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page that may load files only, and fails the test on any script error."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    refused: list[str] = []
    errors: list[str] = []

    def route(request: Any) -> None:
        if request.request.url.startswith("file://"):
            request.continue_()
        else:
            refused.append(request.request.url)
            request.abort()

    context.route("**/*", route)
    tab = context.new_page()
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert refused == [], "the site asked the network"
    assert errors == []


def screenshot(page: Page, name: str, selector: str | None = None) -> None:
    folder = os.environ.get("CARDGEN_SCREENSHOTS")
    target = Path(folder) / name if folder else None
    shot = page.locator(selector).screenshot(path=target) if selector else page.screenshot(
        path=target, full_page=True)
    assert shot.startswith(b"\x89PNG")


def test_the_index_links_every_page(site: Path, page: Page) -> None:
    page.goto((site / "index.html").as_uri())
    screenshot(page, "site-index.png")
    links = page.eval_on_selector_all("a", "links => links.map(a => a.getAttribute('href'))")
    pages = {"twl06-2p.html", "twl06-3p.html", "classic.html"}
    assert pages <= set(links)
    for link in links:
        assert (site / link).is_file(), link
    titles = {}
    for name in sorted(pages):
        page.click(f"a.page[href='{name}']")
        titles[name] = page.inner_text("h1")
        page.go_back()
    assert titles == {
        "classic.html": "Who wins Ghost?",
        "twl06-2p.html": "Ghost: twl06, 2 players, words of 4+ letters",
        "twl06-3p.html": "Ghost: twl06, 3 players, words of 4+ letters",
    }


@pytest.mark.parametrize("stem", ["twl06-2p", "twl06-3p"])
def test_a_card_page_shows_the_answer_under_each_opening(
    site: Path, page: Page, stem: str
) -> None:
    card = json.loads((site / f"{stem}.json").read_text(encoding="utf-8"))
    page.goto((site / f"{stem}.html").as_uri())
    if stem == "twl06-2p":
        screenshot(page, "site-card.png", "#card")
        assert page.inner_text("#seat-1 .opening") == (
            "Open with n, then steer to: naan, nene, ngultrum, nirvanic, nolo, null, "
            "nyctalopia."
        )
    shown = page.eval_on_selector_all(
        "table.openings tr.opening",
        "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText, r.cells[2].innerText])",
    )
    expected = []
    for seat in card["seats"][1:]:
        for o in seat["openings"]:
            fragment, words, best = o["fragment"], o["words"], o["try"]
            if words:
                expected.append([fragment, words[0][len(fragment)], ", ".join(words)])
            elif best and best["replies"]:
                mistakes, replies, two = best["mistakes"], best["replies"], card["players"] == 2
                if replies == 1:  # issue 26 item 13: not '0 of 1 replies save you'
                    verb = ("loses" if two else "saves you") if mistakes else (
                        "does not lose" if two else "does not save you")
                    outcome = f"the one reply {verb}"
                elif not mistakes:
                    outcome = f"none of {replies} replies {'loses' if two else 'saves you'}"
                else:
                    verb = ("loses" if mistakes == 1 else "lose") if two else (
                        "saves you" if mistakes == 1 else "save you")
                    outcome = f"{mistakes} of {replies} replies {verb}"
                if best["escape"]:
                    escape = best["escape"]
                    outcome += (f"; only players who know words as rare as {escape['word']} "
                                f"(Zipf {escape['zipf']:g}) get out")
                label = "trap" if card["traps"] else "try"
                expected.append([fragment, f"{label} {best['move']}", f"no forced win; {outcome}"])
            else:
                expected.append([fragment, "–", "no forced win"])
    assert shown == expected
    # The strip: the second seat's reply under each first letter, a box per letter played.
    strip = page.eval_on_selector_all(
        "#seat-2 table.grid tbody td", "cells => cells.map(c => [c.className, c.innerText])")
    replies = {o["fragment"]: o for o in card["seats"][1]["openings"]}
    for letter, (kind, text) in zip(card["dictionary"]["letters"], strip, strict=True):
        o = replies[letter]
        if o["words"]:
            assert (kind, text) == ("play", o["words"][0][1])
        else:
            assert (kind, text) == ("try", o["try"]["move"])


def test_sorting_a_table_reorders_its_rows(site: Path, page: Page) -> None:
    page.goto((site / "classic.html").as_uri())

    def column(index: int) -> list[str]:
        cells: list[str] = page.eval_on_selector_all(
            "#table tbody tr", f"rows => rows.map(r => r.cells[{index}].getAttribute('data-sort'))")
        return cells

    before = column(3)
    assert before != sorted(before, key=int)
    page.click("#table thead th:nth-child(4) button")
    assert column(3) == sorted(before, key=int)
    assert page.get_attribute("#table thead th:nth-child(4)", "aria-sort") == "ascending"
    page.click("#table thead th:nth-child(4) button")
    assert column(3) == sorted(before, key=int, reverse=True)
    page.click("#table thead th:nth-child(1) button")
    assert column(0) == sorted(column(0))
    assert page.url.endswith("classic.html")  # no reload, no navigation
    assert page.inner_text("#summary").startswith("18 games: With 2 players, the first player")


def explained(config: Path, fragment: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["explain", str(config), fragment, "--json"])
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def assert_shows(page: Page, expected: dict[str, Any]) -> None:
    """The explorer shows the position `cardgen explain --json` describes."""
    fragment = expected["fragment"]
    view = page.locator("#explorer-position > div")
    assert view.get_attribute("data-fragment") == fragment
    assert view.get_attribute("data-mover") == str(expected["mover"])
    assert view.get_attribute("data-losers") == " ".join(map(str, expected["losers"]))
    letters = page.eval_on_selector_all(
        "#explorer-position tr.letter",
        "rows => rows.map(r => [r.dataset.letter, r.dataset.losers, r.dataset.word, "
        "r.dataset.words])",
    )
    assert letters == [
        [x["letter"], " ".join(map(str, x["losers"])), str(x["word"]).lower(),
         " ".join(x["words"])]
        for x in expected["letters"]
    ], fragment
    if fragment and not expected["word"]:
        assert page.inner_text("#explorer-position .challenge") == (
            f"If challenged, name: {expected['challenge_word']}")
    escapes = page.eval_on_selector_all(
        "#explorer-position ul.escapes li", "items => items.map(i => [i.dataset.letter, "
        "i.dataset.escape, i.innerText])")
    assert escapes == [
        [x["letter"], x["escape"]["word"] if x["escape"] else "",
         f"{x['letter']}: {x['escape']['word']} (Zipf {x['escape']['zipf']:g})"
         if x["escape"] else f"{x['letter']}: none: the {ORDINAL[expected['mover']]} "
         "player loses whatever they know"]
        for x in expected["letters"] if x["threshold"] not in (None, "-inf")
    ], fragment
    best = expected["try"]
    if best is None:
        assert page.locator("#explorer-position .try").count() == 0, fragment
    else:
        name = "Trap" if expected["traps"] else "Best try"
        assert page.inner_text("#explorer-position .try").startswith(
            f"{name}: {best['move']}: "), fragment
        escape = best["escape"]
        assert page.locator("#explorer-position .escape").all_inner_texts() == (
            [f"To get out, they must know words as rare as {escape['word']} "
             f"(Zipf {escape['zipf']:g})."] if escape else []), fragment


@pytest.mark.parametrize("stem", ["twl06-2p", "twl06-3p"])
def test_the_explorer_says_what_explain_says(site: Path, page: Page, stem: str) -> None:
    page.goto((site / f"{stem}.html").as_uri())
    page.wait_for_selector("#explorer-app[data-ready]")
    for fragment in ("", "n", "ny"):
        if fragment:
            page.click(f"#explorer-position tr[data-letter='{fragment[-1]}'] button")
        assert_shows(page, explained(CONFIGS / f"{stem}.yaml", fragment))
    if stem == "twl06-2p":
        screenshot(page, "site-explorer.png", "#explorer")
    # A typed fragment that begins no word: who played its last letter loses the challenge.
    page.fill("#explorer-fragment", " Nyx")
    page.click("#explorer-form button[type=submit]")
    expected = explained(CONFIGS / f"{stem}.yaml", "nyx")
    view = page.locator("#explorer-position > div")
    assert view.get_attribute("data-prefix") == "false"
    assert view.get_attribute("data-losers") == " ".join(map(str, expected["losers"]))
    loser = ORDINAL[expected["losers"][0]]
    assert page.inner_text("#explorer-position").endswith(
        f"nyx begins no playable word: the {loser} player, who played x, loses to a challenge.")


def test_the_print_stylesheet_gives_pages_of_the_card_size(site: Path, page: Page) -> None:
    import pdfplumber

    page.goto((site / "twl06-2p.html").as_uri())
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        sizes = {(p.width / MM, p.height / MM) for p in document.pages}
        text = document.pages[0].extract_text()
        everything = "".join(p.extract_text() for p in document.pages)
        pages = len(document.pages)
    # id1, as the config says: 85.60 mm by 53.98 mm, to the CSS pixel (0.26 mm) that Chromium
    # sizes pages in.
    assert len(sizes) == 1
    ((width, height),) = sizes
    assert abs(width - 85.60) < 0.27 and abs(height - 53.98) < 0.27, (width, height)
    assert pages >= 2  # the front with the first seat, then the second seat's pages
    assert text.startswith("Ghost: twl06, 2 players")
    assert "You play first" in text and "You play second" not in text
    assert "Explore the game" not in everything and "nyctalopia" in everything


def test_the_site_reads_without_javascript(site: Path, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto((site / "twl06-2p.html").as_uri())
    assert tab.locator("table.openings tr.opening").count() == 26
    assert tab.inner_text("noscript p") == (
        "The explorer needs JavaScript; the rest of this page works without it.")
    assert not tab.is_visible("#explorer-app")
    tab.goto((site / "classic.html").as_uri())
    assert tab.locator("#table tbody tr").count() == 18
    context.close()


def test_a_missing_browser_is_named_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("playwright")
    monkeypatch.setattr(f"{__name__}.CHROMIUM", Path("/nowhere/chromium"))
    assert missing() == (
        "the browser tests need Chromium at /nowhere/chromium: apt-get install chromium")


def test_the_explorer_agrees_with_explain_on_many_positions(site: Path, page: Page) -> None:
    """Every 7th fragment the third seat may face on twl06-3p, and every letter after it."""
    from cardgen.explain import explain, game_for
    from cardgen.render.explain import position_document

    _, solution, traps = game_for(CONFIGS / "twl06-3p.yaml")
    page.goto((site / "twl06-3p.html").as_uri())
    page.wait_for_selector("#explorer-app[data-ready]")
    fragments = list(solution.fragments(2))[::7]
    for fragment in fragments + [f + x for f in fragments[:6] for x in solution.children(f)]:
        page.fill("#explorer-fragment", fragment)
        page.click("#explorer-form button[type=submit]")
        assert_shows(page, position_document(explain(solution, fragment, traps)))
