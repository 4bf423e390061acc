"""The published site in a real browser: Debian's Chromium, driven by Playwright.

The site of docs/cli.md's `cardgen publish` line is opened from disk, with every request that is
not a file refused, and checked as a person sees it. Without Chromium or Playwright these tests
skip with a one-line reason, except in CI (CI=true), where they fail: .ci/run installs both.
Screenshots go to $CARDGEN_SCREENSHOTS when it is set (docs/cli.md's come from there).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from conftest import CONFIGS, DATA
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.app.publish import publish

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.network, pytest.mark.browser]

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update"]
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
VARIANTS = ["twl06-2p-superghost", "twl06-2p-superduperghost"]
CASUAL_VARIANTS = ["twl06-2p-superghost-casual", "animals-superduperghost-casual"]
"""Variant cards for a casual table (tests/data): their explorers follow the table."""
PUBLISHED = [CONFIGS / "twl06-2p.yaml", CONFIGS / "twl06-3p.yaml",
             CONFIGS / "twl06-2p-casual.yaml", CONFIGS / "twl06-4p.yaml",
             *(CONFIGS / f"{stem}.yaml" for stem in VARIANTS),
             CONFIGS / "tables" / "classic.yaml",
             *(DATA / f"{stem}.yaml" for stem in CASUAL_VARIANTS)]
PAGES = ["index", "classic", "twl06-2p", "twl06-3p", "twl06-2p-casual", *VARIANTS, "twl06-4p"]
CARDS = ["twl06-2p", "twl06-3p", "twl06-2p-casual", *VARIANTS, "twl06-4p"]


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


@pytest.fixture(scope="session")
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


@contextmanager
def opened(browser: Browser, **options: Any) -> Iterator[Page]:
    """A page that may load files only, and fails the test on any script error."""
    context = browser.new_context(**{"viewport": {"width": 1000, "height": 900}, **options})
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


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with opened(browser) as tab:
        yield tab


def keep(name: str, data: bytes) -> None:
    """Save a file beside the screenshots when $CARDGEN_SCREENSHOTS is set."""
    folder = os.environ.get("CARDGEN_SCREENSHOTS")
    if folder:
        (Path(folder) / name).write_bytes(data)


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
    pages = {f"{stem}.html" for stem in PAGES[1:]}
    assert pages <= set(links)
    for link in links:
        if link.startswith("#"):  # the skip link
            assert page.locator(link).count() == 1, link
        else:
            assert (site / link).is_file(), link
    titles = {}
    for name in sorted(pages):
        page.click(f"a.page[href='{name}']")
        titles[name] = (page.title(), page.inner_text("h1"))
        page.go_back()
    # Every page's title says its game and the table it is for (issue 28, 2).
    casual = "against a casual table that knows words of Zipf 3+"
    assert {name: title for name, (title, heading) in titles.items() if title == heading} == {
        "classic.html": "Who wins Ghost?",
        "twl06-2p.html": "Ghost: twl06, 2 players, words of 4+ letters, against perfect players",
        "twl06-2p-casual.html": f"Ghost: twl06, 2 players, words of 4+ letters, {casual}",
        "twl06-3p.html": "Ghost: twl06, 3 players, words of 4+ letters, against perfect players",
        "twl06-4p.html": "Ghost: twl06, 4 players, words of 4+ letters, against perfect players",
        "twl06-2p-superghost.html":
            "SuperGhost: twl06, 2 players, words of 4+ letters, against perfect players",
        "twl06-2p-superduperghost.html":
            "SuperDuperGhost: twl06, 2 players, words of 4+ letters, against perfect players",
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
    for summary in page.locator("details.every > summary").all():  # further seats: open them
        summary.click()
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
    letters = sorted(page.eval_on_selector_all(
        "#explorer-position button[data-letter]",
        "buttons => buttons.map(b => [b.dataset.letter, b.dataset.losers, b.dataset.word, "
        "b.dataset.words, b.dataset.named])",
    ))
    assert letters == [
        [x["letter"], " ".join(map(str, x["losers"])), str(x["word"]).lower(),
         " ".join(x["words"]), " ".join(x["named"])]
        for x in expected["letters"]
    ], fragment
    if fragment and not expected["word"]:
        assert page.inner_text("#explorer-position .challenge") == (
            f"If challenged, name: {expected['challenge_word']}")
    escapes = page.eval_on_selector_all(
        "#explorer-position .escape-word", "items => items.map(i => [i.dataset.after, "
        "i.dataset.escape, i.innerText])")
    assert escapes == [
        [x["letter"], x["escape"]["word"] if x["escape"] else "",
         f"{x['letter']} {x['escape']['word']} (Zipf {x['escape']['zipf']:g})"
         if x["escape"] else f"{x['letter']} none: the {ORDINAL[expected['mover']]} "
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
            page.click(f"#explorer-position button[data-letter='{fragment[-1]}']")
        assert_shows(page, explained(CONFIGS / f"{stem}.yaml", fragment))
    if stem == "twl06-2p":
        screenshot(page, "site-explorer.png", "#explorer")
    # Typed fragments outside the game, read from the data as explain says them: who played
    # the last letter loses the challenge (nyx, nx); a game that ran past a word (null) was
    # lost by whoever completed it.
    view = page.locator("#explorer-position > div")
    for typed, last in ((" Nyx", "begins no playable word: the {} player, who played x, loses "
                                 "to a challenge."),
                        ("nx", "begins no playable word: the {} player, who played x, loses "
                               "to a challenge."),
                        ("nullz", "begins no playable word: the game ended at null, and the {} "
                                  "player lost.")):
        page.fill("#explorer-fragment", typed)
        page.click("#explorer-form button[type=submit]")
        fragment = typed.strip().lower()
        expected = explained(CONFIGS / f"{stem}.yaml", fragment)
        assert (view.get_attribute("data-fragment"), view.get_attribute("data-prefix")) == (
            fragment, "false")
        assert view.get_attribute("data-losers") == " ".join(map(str, expected["losers"]))
        assert (expected["ended_at"], expected["completed_by"]) == (
            ("null", expected["losers"][0]) if fragment == "nullz" else (None, None))
        assert page.inner_text("#explorer-position").endswith(
            f"{fragment} {last.format(ORDINAL[expected['losers'][0]])}"), fragment
    # A letter the list's alphabet has not: the page says so, and keeps the position shown.
    page.fill("#explorer-fragment", "n1")
    page.click("#explorer-form button[type=submit]")
    assert page.inner_text("#explorer-position .notice") == (
        f"Letters {' '.join('abcdefghijklmnopqrstuvwxyz')} only, not \"n1\".")


PRINTED_PAGES = {"twl06-2p": 1, "twl06-2p-casual": 1, "twl06-3p": 2, "twl06-4p": 3,
                 "twl06-2p-superghost": 1, "twl06-2p-superduperghost": 1}
"""The most pages a card page may print on (issue 28, 8): the card, not the screen, on the
pages docs/cli.md names (issue 35, 20: twl06-4p printed 4 where it says 3)."""
GAMES = {"twl06-2p-superghost": "SuperGhost", "twl06-2p-superduperghost": "SuperDuperGhost"}


SMALLEST_TEXT = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode, box = text.parentElement;
    if (!text.textContent.trim() || !box.getClientRects().length) continue;
    sizes.push(parseFloat(getComputedStyle(box).fontSize));
  }
  return Math.min(...sizes) * 0.75;  // CSS px to points
}"""


def test_a_card_page_prints_as_the_card(site: Path, page: Page) -> None:
    """On A4 and on Letter, each card page prints on few pages, nothing under 6 pt, with no
    navigation and no explorer (issue 28, 8)."""
    for stem, most in PRINTED_PAGES.items():
        page.goto((site / f"{stem}.html").as_uri())
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, print_background=True)
            pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
            assert 1 <= pages <= most, (stem, paper, pages)
            if stem in ("twl06-3p", *VARIANTS):
                keep(f"site-print-{stem}-{paper}.pdf", pdf)
        page.emulate_media(media="print")
        assert page.evaluate(SMALLEST_TEXT) >= 6, stem
        printed = page.inner_text("body")
        assert printed.startswith(f"{GAMES.get(stem, 'Ghost')}: twl06, {stem[6]} players"), stem
        for screen_only in ("Explore the game", "All cards and tables", "Skip to", "Made by"):
            assert screen_only not in printed, (stem, screen_only)
        page.emulate_media(media="null")  # back to no emulation: page.pdf prints
    assert "nyctalopia" in printed or stem != "twl06-2p"


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
    from cardgen.cards.explain import explain, game_for
    from cardgen.render.explain import position_document

    _, solution, traps = game_for(CONFIGS / "twl06-3p.yaml")
    page.goto((site / "twl06-3p.html").as_uri())
    page.wait_for_selector("#explorer-app[data-ready]")
    fragments = list(solution.fragments(2))[::7]
    for fragment in fragments + [f + x for f in fragments[:6] for x in solution.children(f)]:
        page.fill("#explorer-fragment", fragment)
        page.click("#explorer-form button[type=submit]")
        assert_shows(page, position_document(explain(solution, fragment, traps)))


def config_of(stem: str) -> Path:
    """The config a page of the test site is published from."""
    return DATA / f"{stem}.yaml" if stem in CASUAL_VARIANTS else CONFIGS / f"{stem}.yaml"


def explain_lines(config: Path, fragment: str) -> list[str]:
    """`cardgen explain`'s text, a line a sentence with its spaces collapsed, without the
    casual table's figures (the pocket card's, shown beside the card on the page)."""
    result = CliRunner().invoke(app, ["explain", str(config), fragment])
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    figures = next((i for i, line in enumerate(lines) if line.startswith("At a casual table")),
                   len(lines))
    return [line for line in lines[:figures] if line]


@pytest.mark.parametrize(("stem", "fragments"), [
    ("twl06-2p", ["", "nag", "nyx", "naan", "mb", "zzz", "hmm", "nullz", "nullifyx", "qz"]),
    ("twl06-3p", ["n", "nag", "nullz", "nx", "aahx", "nullifyx"]),
    ("twl06-4p", ["nullz", "nx", "aahx", "nonx"]),
    ("twl06-2p-casual", ["n", "q", "nyctalopi", "nullz", "nx"]),
    ("twl06-2p-superghost", ["", "b", "bz", "a", "cat", "qz", "zyde", "subzero", "zzz", "hmm",
                             "bearx"]),
    ("twl06-2p-superduperghost", ["", "ab", "yow", "qz", "bearx"]),
    ("twl06-2p-superghost-casual", ["", "b", "bz", "qz", "z", "bf", "sobfu"]),
    ("animals-superduperghost-casual", ["", "a", "g", "ge", "ta", "bee"]),
])
def test_the_explorer_says_each_line_as_explain_does(
    site: Path, page: Page, stem: str, fragments: list[str]
) -> None:
    """One wording (issue 28, 3): the explorer's lines are `cardgen explain`'s, word for word,
    on the card's own table (the casual page plays against its casual table)."""
    for fragment in fragments:
        page.goto((site / f"{stem}.html").as_uri() + "#" + fragment)
        page.wait_for_selector("#explorer-app[data-ready]")
        shown = page.eval_on_selector_all(
            "#explorer-position .line", "lines => lines.map(l => l.innerText)")
        assert [" ".join(line.split()) for line in shown] == explain_lines(
            config_of(stem), fragment), (stem, fragment)


def card_letter(page: Page) -> str | None:
    found: list[str] = page.eval_on_selector_all(
        "#explorer-position [data-card='move']", "marks => marks.map(m => m.dataset.letter)")
    assert len(found) <= 1
    return found[0] if found else None


def test_a_casual_page_follows_its_own_card_from_the_shared_game(site: Path, page: Page) -> None:
    """Issue 28, 2: at n the casual card plays g (toward ngwee), a winning letter against its
    table; the perfect card has none there, sets the trap y and prints g (issue 37, 9: the
    explorer marks what the card prints, as explain names it); both pages load one game
    script, each its own answers."""
    games = set()
    for stem, wins in (("twl06-2p", False), ("twl06-2p-casual", True)):
        page.goto((site / f"{stem}.html").as_uri() + "#n")
        page.wait_for_selector("#explorer-app[data-ready]")
        assert card_letter(page) == "g", stem
        assert page.locator("#explorer-position button.play[data-letter='g']").count() == wins
        assert page.locator("#explorer-position .try").count() == (not wins), stem
        scripts = page.eval_on_selector_all("script[src]", "s => s.map(x => x.getAttribute('src'))")
        assert scripts[1:] == [f"{stem}.card.js", "explorer.js"]
        games.add(scripts[0])
    assert len(games) == 1 and sorted(p.name for p in site.glob("game-*.js")) == sorted(
        games | {next(iter(games))} | {
            s for s in (p.name for p in site.glob("game-*.js")) if s not in games})
    assert len(list(site.glob("*.solution.js"))) == 0


def test_the_position_is_the_address(site: Path, browser: Browser) -> None:
    """Issue 28, 5: the fragment is the URL's hash, each move a history entry, a link copies,
    and the root, the letters and the card's letter carry data attributes."""
    with opened(browser, permissions=["clipboard-read", "clipboard-write"]) as page:
        start = (site / "twl06-2p.html").as_uri()
        page.goto(start + "#nyc")
        page.wait_for_selector("#explorer-app[data-ready]")
        root = page.locator("#explorer-app")
        assert root.get_attribute("data-fragment") == "nyc"
        assert page.input_value("#explorer-fragment") == "nyc"
        assert card_letter(page) is None  # the second player loses here: the card prints nothing
        page.click("#explorer-position button[data-letter='t']")
        assert (root.get_attribute("data-fragment"), page.url) == ("nyct", start + "#nyct")
        page.click("#explorer-start")
        assert (root.get_attribute("data-fragment"), page.url) == ("", start)
        page.go_back()
        assert (root.get_attribute("data-fragment"), page.url) == ("nyct", start + "#nyct")
        page.go_back()
        assert root.get_attribute("data-fragment") == "nyc"
        page.click("#explorer-copy")
        assert page.evaluate("navigator.clipboard.readText()") == start + "#nyc"
        assert page.inner_text("#explorer-status") == f"Link copied: {start}#nyc"
        # The card's letter: its move (the first player's n), its trap (b against m).
        for fragment, letter in (("", "n"), ("m", "b"), ("mba", None)):
            page.goto(start + "#" + fragment)
            page.wait_for_selector("#explorer-app[data-ready]")
            assert card_letter(page) == letter, fragment
        # Letters outside a-z are percent-encoded UTF-8, and decoded so.
        page.goto(start + "#%6Ey")
        page.wait_for_selector("#explorer-app[data-ready]")
        assert root.get_attribute("data-fragment") == "ny"
        assert page.evaluate("encodeURIComponent('ñ')") == "%C3%B1"


def refused(config: Path, fragment: str) -> str:
    """`cardgen explain`'s error for a fragment it refuses, without `cardgen: error: `."""
    result = CliRunner().invoke(app, ["explain", str(config), fragment])
    assert result.exit_code == 2, result.output
    return result.stderr.strip().removeprefix("cardgen: error: ")


@pytest.mark.parametrize("stem", ["twl06-2p", "twl06-2p-superghost"])
def test_the_explorer_says_what_is_wrong_with_an_address(
    site: Path, browser: Browser, stem: str
) -> None:
    """Issue 35, 18: a fragment longer than the longest playable word is refused as explain
    refuses it (10,000 letters built a trail of 10,001 buttons, 9-11 s in SuperGhost), an
    address that is no percent-encoded UTF-8 is said to be so and left as it is (it opened the
    start and erased the address), and at 390 px neither scrolls sideways, nor does the
    longest fragment."""
    start = (site / f"{stem}.html").as_uri()
    notice = "#explorer-position .notice"
    sideways = SIDEWAYS.replace("'body *'", "'#explorer, #explorer *'")
    with opened(browser, viewport={"width": 390, "height": 844}) as page:
        for length in (10_000, 40):
            page.goto(f"{start}#{'n' * length}")
            page.wait_for_selector("#explorer-app[data-ready]")
            expected = refused(config_of(stem), "n" * length).replace("FRAGMENT", "Fragment")
            assert page.inner_text(notice) == expected + ".", length
            assert page.locator("#explorer-trail button").count() <= 1
            assert page.url == f"{start}#{'n' * length}"
            assert page.evaluate("document.documentElement.scrollWidth") == 390, length
            assert page.evaluate(sideways) == [], length
        page.goto(start + "#%E0%A4%A")
        page.wait_for_selector("#explorer-app[data-ready]")
        assert page.inner_text(notice) == (
            'The address ends in "#%E0%A4%A", which names no position: letters outside a-z '
            "are written as percent-encoded UTF-8 (#%C3%B1 is ñ).")
        assert page.url == start + "#%E0%A4%A"
        page.goto(start + "#acknowledgments")  # 15 letters: the longest word
        page.wait_for_selector("#explorer-app[data-ready]")
        assert page.get_attribute("#explorer-app", "data-fragment") == "acknowledgments"
        assert page.evaluate("document.documentElement.scrollWidth") == 390
        assert page.evaluate(sideways) == []
        # Typed, the same: the position shown stays, the notice says why.
        page.fill("#explorer-fragment", "n" * 16)
        page.click("#explorer-form button[type=submit]")
        assert page.inner_text(notice) == refused(config_of(stem), "n" * 16).replace(
            "FRAGMENT", "Fragment") + "."


def test_the_explorers_back_goes_back(site: Path, page: Page) -> None:
    """Issue 35, 19: the explorer's Back goes back one entry of the history where the explorer
    made it (it added one), else shows the position one play back in this entry's place: it
    never adds one."""
    start = (site / "twl06-2p.html").as_uri()
    page.goto(start + "#n")
    page.wait_for_selector("#explorer-app[data-ready]")
    root = page.locator("#explorer-app")
    entries = page.evaluate("history.length")
    for letter in "yc":
        page.click(f"#explorer-position button[data-letter='{letter}']")
    assert (root.get_attribute("data-fragment"), page.evaluate("history.length")) == (
        "nyc", entries + 2)
    page.click("#explorer-back")
    page.wait_for_url(start + "#ny")
    assert (root.get_attribute("data-fragment"), page.evaluate("history.length")) == (
        "ny", entries + 2)
    assert page.evaluate("document.activeElement.matches('#explorer h3.where')")
    page.go_forward()  # what Back left is still ahead
    assert root.get_attribute("data-fragment") == "nyc"
    page.click("#explorer-back")
    page.wait_for_url(start + "#ny")
    page.click("#explorer-back")
    page.wait_for_url(start + "#n")
    # The page opened at n: one play back is the start, in n's place.
    page.click("#explorer-back")
    page.wait_for_url(start)
    assert (root.get_attribute("data-fragment"), page.evaluate("history.length")) == (
        "", entries + 2)
    # A fragment typed: Back steps back along its letters, in its entry's place.
    page.fill("#explorer-fragment", "qua")
    page.click("#explorer-form button[type=submit]")
    page.click("#explorer-back")
    assert (root.get_attribute("data-fragment"), page.url) == ("qu", start + "#qu")
    assert page.evaluate("history.length") == entries + 1  # typing dropped n's two ahead
    page.go_back()
    assert root.get_attribute("data-fragment") == ""


def test_focus_stays_in_the_explorer_and_shows(site: Path, page: Page) -> None:
    """Issue 28, 6: a skip link first, a move keeps the focus in the explorer, a visible ring."""
    page.goto((site / "twl06-2p.html").as_uri())
    page.wait_for_selector("#explorer-app[data-ready]")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.outerHTML") == (
        '<a class="skip" href="#explorer">Skip to the explorer</a>')
    box = page.locator("a.skip").bounding_box()
    assert box is not None and box["y"] >= 0  # it shows when focused
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "explorer-fragment"
    page.locator("#explorer-position button[data-letter='n']").focus()
    page.keyboard.press("Enter")
    assert page.evaluate(
        "document.activeElement.closest('#explorer') !== null && "
        "document.activeElement.matches('h3.where')")
    page.keyboard.press("Tab")
    ring = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                         "return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert ring[0] == "solid" and ring[1] >= 3


def test_dark_mode_legend_hint_links_and_map_titles(site: Path, browser: Browser) -> None:
    """Issue 28, 9."""
    for scheme, colours in (("light", ("rgb(255, 255, 255)", "rgb(0, 0, 0)")),
                            ("dark", ("rgb(18, 18, 18)", "rgb(242, 242, 242)"))):
        with opened(browser, color_scheme=scheme) as page:
            page.goto((site / "twl06-3p.html").as_uri())
            assert page.evaluate("[getComputedStyle(document.body).backgroundColor, "
                                 "getComputedStyle(document.body).color]") == list(colours)
            page.click("#seat-3 details.every > summary")  # the third seat's glance grid
            assert page.is_visible("#legend-2") and page.inner_text("#legend-3").startswith(
                "At a glance: the row is the letters on the table but the last")
            page.goto((site / "classic.html").as_uri())
            assert page.is_visible("#sort-hint")
            links = page.eval_on_selector_all(
                "#table tbody tr", "rows => rows.filter(r => r.querySelector('a')).map(r => "
                "[r.cells[0].innerText, r.cells[1].innerText, r.cells[2].innerText, "
                "r.querySelector('a').getAttribute('href')])")
            assert links == [["twl06", "4", "2", "twl06-2p.html"],
                             ["twl06", "4", "3", "twl06-3p.html"],
                             ["twl06", "4", "4", "twl06-4p.html"]]
    with opened(browser, java_script_enabled=False) as page:
        page.goto((site / "classic.html").as_uri())
        assert not page.is_visible("#sort-hint")
    titles = re.findall(r"<title>([^<]*)</title>", (site / "twl06-2p.svg").read_text())
    assert titles[:4] == ["The first player's strategy: Ghost: twl06, 2 players, words of 4+ "
                          "letters", "the start: no letter played yet", "n: you play n",
                          "na: the second player plays a"]
    assert "nyctalopia: the second player completes it" in titles
    assert not [title for title in titles if "f_" in title or "->" in title]


SIDEWAYS = """() => Array.from(document.querySelectorAll('body *')).filter(e => {
  const x = getComputedStyle(e).overflowX;
  return (x === 'auto' || x === 'scroll') && e.scrollWidth > e.clientWidth + 1;
}).map(e => e.tagName.toLowerCase() + '.' + e.className)"""


FIGURES_ON_THE_LEFT = """() => Array.from(document.querySelectorAll('table.figures tbody td'))
  .filter(td => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const text = range.getBoundingClientRect(), row = td.parentElement.getBoundingClientRect();
    return text.left < row.left + row.width / 2;
  }).map(td => td.parentElement.dataset.knows + ' ' + td.dataset.label)"""
"""The figures a phone shows in the left-hand column of their row, where the labels are."""


def test_a_phone_sees_every_page_without_sideways_scrolling(site: Path, browser: Browser) -> None:
    """Issue 28, 7 and issue 35, 21: at 390 px no page is wider than the screen and nothing
    scrolls sideways but a table page's table; the strategy map fits the width (1,009 px
    scrolled inside 364) and opens at full size when tapped."""
    with opened(browser, viewport={"width": 390, "height": 844}) as page:
        for stem in PAGES:
            page.goto((site / f"{stem}.html").as_uri() + "#n")
            assert page.evaluate("document.documentElement.scrollWidth") == 390, stem
            allowed = {"div.scroll"} if stem == "classic" else set()
            assert set(page.evaluate(SIDEWAYS)) <= allowed, stem
        page.goto((site / "twl06-2p.html").as_uri() + "#n")
        page.wait_for_selector("#explorer-app[data-ready]")
        screenshot(page, "site-phone.png")
        # The pocket figures, a table a row: each value beside its label, on the right.
        assert page.evaluate(FIGURES_ON_THE_LEFT) == []
        shown = page.evaluate("[document.querySelector('figure.map img').getBoundingClientRect()"
                              ".width, document.querySelector('figure.map').clientWidth]")
        assert 300 <= shown[0] <= shown[1], shown
        assert page.get_attribute("figure.map a", "href") == "twl06-2p.svg"
        page.click("figure.map img")
        assert page.url.endswith("/twl06-2p.svg")


TARGETS = """() => Array.from(document.querySelectorAll(
    '#explorer [data-letter], #explorer-position button')).map(e => {
  e.scrollIntoView({block: 'center'});
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [e.tagName.toLowerCase() + ' ' + e.innerText, r.width, r.height,
          hit !== null && (hit === e || e.contains(hit))];
}).filter(([, width, height, hit]) => width < 44 || height < 44 || !hit)"""
"""The explorer's letters and plays (its buttons) that are no target of 44 x 44 CSS px or more,
whole, or that something else covers. (A decision table's rows carry `data-play` as text:
"(start) -> y".)"""


@pytest.mark.parametrize(("stem", "fragments"), [
    ("twl06-2p", ["", "n", "ny", "nyc", "m", "nag", "zzz"]),
    ("twl06-2p-casual", ["n", "q"]),
    ("twl06-4p", ["", "n", "qo"]),
    ("twl06-2p-superghost", ["", "n", "b", "xha", "cat"]),
    ("twl06-2p-superduperghost", ["", "ab"]),
])
def test_every_letter_on_a_phone_is_a_44_px_target(
    site: Path, browser: Browser, stem: str, fragments: list[str]
) -> None:
    """Issue 35, 21: at 390 px, at every position, each of the explorer's letters (and plays)
    is a button of at least 44 x 44 CSS px that nothing covers; the escapes' lines name their
    letter without being one (`data-after`: at #n, seven lines of 22 px carried `data-letter`)."""
    with opened(browser, viewport={"width": 390, "height": 844}) as page:
        for fragment in fragments:
            page.goto((site / f"{stem}.html").as_uri() + "#" + fragment)
            page.wait_for_selector("#explorer-app[data-ready]")
            assert page.locator("#explorer-position button[data-letter]").count() or fragment
            assert page.evaluate(TARGETS) == [], (stem, fragment)


def first_answer(browser: Browser, url: str, loads: int = 3) -> int:
    """The fewest milliseconds from the page's start to the explorer's first answer over a few
    loads (the fewest: the machine is shared)."""
    found = []
    for _ in range(loads):
        with opened(browser) as page:
            page.goto(url)
            page.wait_for_selector("#explorer-app[data-ready]")
            found.append(int(page.get_attribute("#explorer-app", "data-load-ms") or 0))
    return min(found)


def test_the_four_player_page_answers_at_once_and_browses_on_a_phone(
    site: Path, browser: Browser
) -> None:
    """Issue 35, 20: twl06-4p's page was 244,349 px tall at 390 px and its explorer answered
    1.2-2.1 s after the page started loading (laying out 3,000 rows): each further seat's
    openings are behind a disclosure (closed, nothing of them is laid out; print shows them),
    so the page is a few screens tall and the explorer answers within 0.5 s."""
    for stem in ("twl06-4p", "twl06-3p"):
        assert first_answer(browser, (site / f"{stem}.html").as_uri()) < 500, stem
    with opened(browser, viewport={"width": 390, "height": 844}) as page:
        page.goto((site / "twl06-4p.html").as_uri())
        page.wait_for_selector("#explorer-app[data-ready]")
        assert page.evaluate("document.documentElement.scrollHeight") < 12_000
        summaries = page.eval_on_selector_all(
            "details.every > summary", "ss => ss.map(s => [s.closest('section').id, s.innerText])")
        assert summaries == [
            ["seat-3", "Every opening (315): at a glance, then one to a row"],
            ["seat-4", "Every opening (3,067; the pocket card prints 291): at a glance, "
                       "then one to a row"]]
        rows = page.locator("#seat-4 tr.opening")
        assert rows.count() == 3067 and not rows.first.is_visible()
        screenshot(page, "site-phone-4p.png")
        page.click("#seat-4 details.every > summary")
        assert rows.first.is_visible() and rows.last.is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") == 390


EARLY = """new MutationObserver(() => {
  const root = document.getElementById('explorer-app');
  if (root && root.hasAttribute('data-load-ms') && window.firstAnswer === undefined) {
    window.firstAnswer = [root.innerHTML, root.hasAttribute('data-ready')];
  }
}).observe(document, {attributes: true, childList: true, subtree: true});"""
"""Keeps the explorer as it first answers (`window.firstAnswer`: its HTML, and whether its
game was there yet)."""


def test_the_variant_pages_answer_at_once_and_browse_on_a_phone(
    site: Path, browser: Browser
) -> None:
    """Issue 35, 20 on the variant pages: they answered 0.73-1.28 s after the page started
    loading (the explorer rebuilt a game of a million fragments first) and were 25,341 and
    36,234 px tall at 390 px (every decision table laid out). The start, as `cardgen explain`
    says it, comes with the card (`start`) and is shown at once, its plays disabled until
    the game is rebuilt; each seat's tables are behind a disclosure, as a Ghost page's further
    seats' openings are, and the explorer's decision table runs in columns."""
    for stem in VARIANTS:
        assert first_answer(browser, (site / f"{stem}.html").as_uri()) < 500, stem
    summaries = {
        "twl06-2p-superghost": [
            ["tables-1", "Every row (105 rows; the pocket card prints 40)"],
            ["tables-2", "Every table (22 tables, 348 rows; the pocket card prints 19)"]],
        "twl06-2p-superduperghost": [
            ["tables-1", "Every row (100 rows; the pocket card prints 37)"],
            ["tables-2", "Every table (16 tables, 684 rows; the pocket card prints 19)"]],
    }
    with opened(browser, viewport={"width": 390, "height": 844}) as page:
        for stem in VARIANTS:
            page.goto((site / f"{stem}.html").as_uri())
            page.wait_for_selector("#explorer-app[data-ready]")
            assert page.evaluate("document.documentElement.scrollHeight") < 12_000, stem
            assert page.eval_on_selector_all(
                "details.every > summary",
                "ss => ss.map(s => [s.closest('section').id, s.innerText])") == summaries[stem]
            rows = page.locator("#tables-2 table.decisions tr")
            assert not rows.first.is_visible()
            page.click("#tables-2 details.every > summary")
            assert rows.first.is_visible() and rows.last.is_visible()
            assert page.evaluate("document.documentElement.scrollWidth") == 390, stem
        # A link to a table opens its disclosure (Chromium opens a closed <details> that
        # holds the target of the address).
        page.goto((site / "twl06-2p-superghost.html").as_uri())
        page.wait_for_selector("#explorer-app[data-ready]")
        page.click("#seat-2 a[href='#table-2-c']")
        assert page.locator("#table-2-c").is_visible()


@pytest.mark.parametrize("stem", VARIANTS + CASUAL_VARIANTS)
def test_the_start_shown_at_once_is_the_games(site: Path, browser: Browser, stem: str) -> None:
    """The start a variant page shows before its game is rebuilt (the card's `start`, written
    by `cardgen explain`'s code) is the start the rebuilt game shows, but for its plays and
    form, disabled until then; an address that names a position waits for the game."""
    with opened(browser) as page:
        page.add_init_script(EARLY)
        page.goto((site / f"{stem}.html").as_uri())
        page.wait_for_selector("#explorer-app[data-ready]")
        early, ready = page.evaluate("window.firstAnswer")
        assert not ready
        assert early.count(' disabled=""') == page.locator(
            "#explorer-position button, #explorer-form input, #explorer-form button").count()
        assert early.replace(' disabled=""', "") == page.inner_html("#explorer-app")
        assert page.get_attribute("#explorer-app", "aria-busy") == "false"
        page.goto((site / f"{stem}.html").as_uri() + "#b")
        page.reload()
        page.wait_for_selector("#explorer-app[data-ready]")
        early, ready = page.evaluate("window.firstAnswer")
        assert ready and page.get_attribute("#explorer-app", "data-fragment") == "b"


def test_each_card_page_shows_the_pocket_cards_figures(site: Path, page: Page) -> None:
    """Issue 28, 4: per seat, what it wins at each casual table of the card's range (a row a
    table: Zipf 2+ to 4+) with no card, the pocket card, every opening and each opening's best
    entry, as the card's JSON says (`wins_by_table`)."""
    from cardgen.render.sentences import percent

    for stem in CARDS:
        card = json.loads((site / f"{stem}.json").read_text(encoding="utf-8"))
        page.goto((site / f"{stem}.html").as_uri())
        shown = page.eval_on_selector_all(
            "table.figures tbody tr", "rows => rows.map(r => [Number(r.dataset.seat), "
            "Number(r.dataset.knows), r.cells[0].innerText, Array.from(r.querySelectorAll('td'), "
            "c => [Number(c.dataset.rate), c.innerText])])")
        assert len(card["casual_table"]["tables"]) == 5, stem  # the shipped range, Zipf 2-4
        assert [[seat, knows, label, [[round(rate, 12), text] for rate, text in cells]]
                for seat, knows, label, cells in shown] == [
            [seat["seat"], table["knows"], f"Zipf {table['knows']:g}+",
             [[table[key], percent(table[key])] for key in ("none", "card", "full", "best")]]
            for seat in card["seats"] for table in seat["wins_by_table"]
        ], stem


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_has_a_serious_accessibility_violation(
    site: Path, browser: Browser, scheme: str
) -> None:
    """axe-core on every page, light and dark, each card page with a position on the
    explorer: no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    axe = Axe()
    with opened(browser, color_scheme=scheme) as page:
        found = {}
        # twl06-4p (30,000 elements, 20 s of axe) in light only: dark differs in colours,
        # which are the site's stylesheet's, checked on every other page.
        for stem in PAGES if scheme == "light" else PAGES[:-1]:
            page.goto((site / f"{stem}.html").as_uri() + "#nyc")
            if stem in CARDS:
                page.wait_for_selector("#explorer-app[data-ready]")
            if stem == "twl06-2p":
                screenshot(page, f"site-card-{scheme}.png")
            # The fourth seat's 3,067 rows and 17,000 cells take axe minutes; they are the
            # third seat's markup again, checked on twl06-3p.
            context = {"exclude": [["#seat-4 .scroll"], ["#seat-4 .columns"]]} if (
                stem == "twl06-4p") else None
            violations = axe.run(page, context).response["violations"]
            found[stem] = [(v["id"], v["impact"]) for v in violations
                           if v["impact"] in ("serious", "critical")]
    assert found == {stem: [] for stem in found} and len(found) >= len(PAGES) - 1


def printed_plays(card: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The play a card of decision tables prints at each fragment, as its JSON says (each
    opening's `printed_move`, the rows of the tables it prints), and those of the rows alone."""
    printed: dict[str, str] = {}
    rows: dict[str, str] = {}
    for seat in card["seats"]:
        for o in seat["openings"]:
            if o["printed"] and o["printed_move"]:
                printed[o["fragment"]] = o["printed_move"]
            for d in o["decisions"]:
                if d["printed"]:
                    rows.setdefault(d["fragment"], d["play"])
    return {**rows, **printed}, rows


def play_on(page: Page, play: str) -> None:
    page.click(f"#explorer-position button[data-play='{play}']")


@pytest.mark.parametrize("stem", VARIANTS + CASUAL_VARIANTS)
def test_the_variant_explorer_agrees_with_explain(site: Path, page: Page, stem: str) -> None:
    """Issue 28, 1: the start, every 9th opening, every 40th fragment of length 2 (every one in
    the animals) and each play after the first three, as `cardgen explain --json` has them
    against the config's table (issue 28, 2: a casual card's page follows its casual table):
    the plays (`data-play`), who loses after each, the words each forces and those named when
    challenged, the decision table, the word to name; `data-card` marks the play the card's
    JSON prints there (an opening's printed move, chosen over the range of tables, which
    `cardgen explain` names as the card's move: `runner.with_printed`), and a row of a table
    it prints is the strategy's."""
    from cardgen.cards.explain import explain, game_for
    from cardgen.games.casual import casual
    from cardgen.render.explain import position_document

    config, solution, traps = game_for(config_of(stem))
    knows = config.opponent.knows
    # the casual table's strategies, solved once for every position (explain's `table`)
    table = casual(traps, knows) if traps is not None and knows is not None else None
    printed, rows = printed_plays(json.loads((site / f"{stem}.json").read_text(encoding="utf-8")))
    page.goto((site / f"{stem}.html").as_uri())
    page.wait_for_selector("#explorer-app[data-ready]")
    fragments = list(solution.fragments(2))[::40 if stem.startswith("twl06") else 1]
    openings = ["", *list(solution.fragments(1))[::9]]  # where the card prints its plays
    marked = 0
    for fragment in openings + fragments + [x for f in fragments[:3] for x in solution.children(f)]:
        page.fill("#explorer-fragment", fragment)
        page.click("#explorer-form button[type=submit]")
        expected = position_document(explain(solution, fragment, traps, knows, table))
        view = page.locator("#explorer-position > div")
        assert view.get_attribute("data-losers") == " ".join(map(str, expected["losers"]))
        plays = sorted(page.eval_on_selector_all(
            "#explorer-position button[data-play]", "bs => bs.map(b => "
            "[b.dataset.play, b.dataset.losers, b.dataset.word, b.dataset.words, "
            "b.dataset.named])"))
        assert plays == sorted([x["letter"], " ".join(map(str, x["losers"])),
                                str(x["word"]).lower(), " ".join(x["words"]),
                                " ".join(x["named"])]
                               for x in expected["letters"]), fragment
        rows = page.eval_on_selector_all(
            "#explorer-position .decision", "rows => rows.map(r => [r.dataset.fragment, "
            "r.dataset.play])")
        assert rows == [[d["fragment"], d["play"]] for d in expected["decisions"]], fragment
        if fragment and not expected["word"]:
            assert page.inner_text("#explorer-position .challenge") == (
                f"If challenged, name: {expected['challenge_word']}"), fragment
        card = page.eval_on_selector_all(
            "#explorer-position [data-card='move']", "marks => marks.map(m => m.dataset.play)")
        assert card == ([printed[fragment]] if fragment in printed else []), fragment
        if fragment in rows and expected["card_move"] is not None:
            assert rows[fragment] == expected["card_move"], fragment  # the strategy's table
        marked += bool(card)
    assert marked >= 1, stem


def test_a_variant_page_lists_its_whole_tables(site: Path, page: Page) -> None:
    """Issue 28, 4 on a variant page: its figure for "every opening (this page)" counts the
    first seat's whole table (105 rows), so the page lists all of them and marks the 40 the
    pocket card prints; on paper only those print."""
    stem = "twl06-2p-superghost"
    card = json.loads((site / f"{stem}.json").read_text(encoding="utf-8"))
    table = card["seats"][0]["openings"][0]["decisions"]  # the whole table, each row marked
    on_card = [d["fragment"] for d in table if d["printed"]]
    page.goto((site / f"{stem}.html").as_uri())
    page.click("#tables-1 details.every > summary")  # the tables are behind a disclosure
    rows = page.eval_on_selector_all("#table-1- tbody tr", "rows => rows.map(r => "
                                     "[r.dataset.fragment, r.classList.contains('unprinted'), "
                                     "r.querySelector('th').innerText])")
    assert sorted(d["fragment"] for d in table) == sorted(f for f, _, _ in rows)
    assert (len(rows), len(on_card)) == (105, 40)
    assert [f for f, unprinted, _ in rows if not unprinted] == on_card
    assert [f for f, _, th in rows if th.endswith(" *")] == on_card
    assert page.inner_text("#seat-1 p.opening") == (
        "Open with y, then follow your table: 105 rows; the pocket card prints the 40 of them "
        "that win most at a casual table, and where it has none, you play toward the most "
        "common word you know. The pocket card prints the opening and these rows.")
    assert page.inner_text("#seat-1 td[data-label='every opening (this page)']") == "100%"
    page.emulate_media(media="print")
    shown = page.eval_on_selector_all("#table-1- tbody tr", "rows => rows.filter(r => "
                                      "r.getClientRects().length).map(r => r.dataset.fragment)")
    assert shown == on_card
    assert page.inner_text("#tables-1 > p") == (
        "105 rows, from the start: at each fragment on the table, make the play. The pocket "
        "card prints 40 of them.")


def test_a_variant_pages_paper_index_names_only_printed_tables(site: Path, page: Page) -> None:
    """Issue 28, 8: on paper the second seat's "Openings:" index names only the tables the
    pocket card prints (on screen, every one the page lists)."""
    page.goto((site / "twl06-2p-superghost.html").as_uri())
    page.emulate_media(media="print")
    index = page.inner_text("#tables-2 > p")
    printed = page.eval_on_selector_all(
        "#tables-2 table.decisions",
        "tables => tables.filter(t => t.getClientRects().length).map(t => t.dataset.opening)")
    assert printed == ["c", "l"] and index.endswith(
        "The pocket card prints the tables of 2 openings (19 rows). Openings: c · l"), index
    page.emulate_media(media="screen")
    assert page.inner_text("#tables-2 > p").endswith(
        "Openings: b · c · d · e · f · g · h · j · k · l · m · n · o · p · q · r · s · t · v · "
        "w · x · z")


CAPTIONS = """() => Array.from(document.querySelectorAll('table.decisions'))
  .filter(t => t.getClientRects().length)
  .map(t => {
    const row = Array.from(t.tBodies[0].rows).find(r => r.getClientRects().length);
    return [t.dataset.opening, t.caption.getBoundingClientRect().left,
            row.getBoundingClientRect().left];
  })"""


def test_a_variant_pages_paper_keeps_each_caption_with_its_table(site: Path, page: Page) -> None:
    """On paper a decision table's caption heads the column its rows start in (in four columns
    "they open l" ended the second column and its rows began the third)."""
    page.goto((site / "twl06-2p-superghost.html").as_uri())
    page.emulate_media(media="print")
    captions = page.evaluate(CAPTIONS)
    assert [opening for opening, _, _ in captions] == ["", "c", "l"]
    assert [(opening, caption) for opening, caption, row in captions if caption != row] == []


PAPER_ROWS = """rows => rows.filter(r => r.getClientRects().length)
  .map(r => [r.dataset.fragment, r.cells[2].innerText])"""
"""A seat's openings as the page shows them (print or screen): [fragment, its "then" cell]."""


def test_a_variant_pages_paper_rows_name_only_printed_tables(site: Path, page: Page) -> None:
    """Issue 28, 8: on paper a row of the second seat's openings sends the reader to its table
    only where the paper carries it; the others say the table is not printed (on screen, every
    row links to its table as before)."""
    page.goto((site / "twl06-2p-superghost.html").as_uri())
    page.emulate_media(media="print")
    paper = dict(page.eval_on_selector_all("#seat-2 tr.opening", PAPER_ROWS))
    assert (paper["b"], paper["c"], paper["o"], paper["a"]) == (
        "table: 8 rows, not printed", "table: 9 rows", "table: 142 rows, not printed",
        "no forced win; 51 of 52 replies lose")
    tables = [f for f, then in paper.items() if then.startswith("table: ")]
    assert [f for f in tables if not paper[f].endswith(", not printed")] == ["c", "l"]
    assert len(tables) == 22
    page.emulate_media(media="screen")
    screen = dict(page.eval_on_selector_all("#seat-2 tr.opening", PAPER_ROWS))
    assert (screen["b"], screen["c"]) == ("table: 8 rows", "table: 9 rows")
    assert not [then for then in screen.values() if "printed" in then]
    # SuperDuperGhost's deck prints the same two tables of the second seat, and no other.
    page.goto((site / "twl06-2p-superduperghost.html").as_uri())
    page.emulate_media(media="print")
    paper = dict(page.eval_on_selector_all("#seat-2 tr.opening", PAPER_ROWS))
    assert (paper["c"], paper["f"]) == ("table: 9 rows", "table: 2 rows, not printed")
    assert [f for f, then in paper.items()
            if then.startswith("table: ") and not then.endswith(", not printed")] == ["c", "l"]


def test_a_variant_position_is_its_fragment(site: Path, page: Page) -> None:
    """Issue 28, 1 and 5 in SuperGhost: the address is the fragment as it stands, each play a
    history entry (Back undoes it), the explorer's Back steps back along the plays made, and
    each play says its letter, its side and whether the fragment was reversed."""
    start = (site / "twl06-2p-superghost.html").as_uri()
    page.goto(start + "#b")
    page.wait_for_selector("#explorer-app[data-ready]")
    root = page.locator("#explorer-app")
    assert card_letter(page) == "z"  # the card prints …z (bz) against b
    mark = page.locator("#explorer-position [data-card='move']")
    assert (mark.get_attribute("data-play"), mark.get_attribute("data-side"),
            mark.get_attribute("data-reversed"), mark.inner_text()) == (
                "bz", "back", "false", "…z bz")
    front = page.locator("#explorer-position button[data-play='fb']")
    assert (front.get_attribute("data-letter"), front.get_attribute("data-side")) == ("f", "front")
    play_on(page, "bz")
    play_on(page, "ubz")
    assert (root.get_attribute("data-fragment"), page.url) == ("ubz", start + "#ubz")
    # The deck prints b's play but not its table (the first seat's table takes the room).
    assert card_letter(page) is None
    trail = page.eval_on_selector_all("#explorer-trail button", "bs => bs.map(b => b.innerText)")
    assert trail == ["start", "b", "bz", "ubz"]
    page.click("#explorer-back")  # back one entry, as the browser's Back (issue 35, 19)
    page.wait_for_url(start + "#bz")
    assert root.get_attribute("data-fragment") == "bz"
    page.go_forward()
    assert root.get_attribute("data-fragment") == "ubz"
    assert page.eval_on_selector_all(  # forward again along the plays made
        "#explorer-trail button", "bs => bs.map(b => b.innerText)") == trail
    page.go_back()
    page.go_back()
    assert (root.get_attribute("data-fragment"), page.url) == ("b", start + "#b")
    page.goto(start + "#icq")  # a row of c's table, which the deck prints: p… (picq)
    page.wait_for_selector("#explorer-app[data-fragment='icq']")
    assert card_letter(page) == "p"
    # SuperDuperGhost: a play on the reversed fragment says so.
    page.goto((site / "twl06-2p-superduperghost.html").as_uri() + "#ab")
    page.wait_for_selector("#explorer-app[data-ready]")
    turned = page.locator("#explorer-position button[data-play='baq']")
    assert (turned.get_attribute("data-letter"), turned.get_attribute("data-side"),
            turned.get_attribute("data-reversed"), turned.inner_text()) == (
                "q", "back", "true", "↺…q baq")
