"""Time a published site: `python bench/site.py [CONFIG...]`.

Publishes the card configs (default: twl06-2p and twl06-3p) into a temporary folder three
times (the best time, and the median CPU, every thread's), then prints each card's explorer
data size (its game's, shared, and its own moves') and, when Debian's Chromium and
Playwright are installed, how long the explorer takes to answer and to have its game after
the page starts loading (five loads each, from `file://`; a variant page answers the start
before it has its game), and how tall the page is on a phone (390 px wide). Word lists are
fetched first so that no download is timed. Not part of the test run.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cardgen.app.publish import publish
from cardgen.cards.config import load_card_config
from cardgen.words.wordlists import check_available

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"


def explorer_ready_ms(page_file: Path, loads: int = 5) -> tuple[list[int], list[int], int]:
    """Milliseconds from navigation start to the explorer's first answer and to its game
    (a variant page shows the start before its game is rebuilt), per load; and the page's
    height at 390 px, as a phone shows it."""
    from playwright.sync_api import sync_playwright

    answers, games = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        for _ in range(loads):
            page = browser.new_page()
            page.goto(page_file.as_uri())
            page.wait_for_selector("#explorer-app[data-ready]")
            answers.append(int(page.get_attribute("#explorer-app", "data-load-ms") or 0))
            games.append(int(page.get_attribute("#explorer-app", "data-game-ms") or 0))
            page.close()
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(page_file.as_uri())
        phone.wait_for_selector("#explorer-app[data-ready]")
        height = int(phone.evaluate("document.documentElement.scrollHeight"))
        browser.close()
    return answers, games, height


def main(args: list[str]) -> None:
    paths = [Path(a) for a in args] or [ROOT / "configs" / "twl06-2p.yaml",
                                         ROOT / "configs" / "twl06-3p.yaml"]
    for path in paths:
        check_available(load_card_config(path).dictionary)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        walls, cpus = [], []
        for _ in range(3):
            started, cpu = time.perf_counter(), time.process_time()
            publish(paths, out=out)
            walls.append(time.perf_counter() - started)
            cpus.append(time.process_time() - cpu)
        print(f"publish {len(paths)} cards: {min(walls):.2f} s (best of 3), "
              f"{statistics.median(cpus):.2f} s of CPU (median of 3)")
        try:
            import playwright  # noqa: F401
            browser = Path(CHROMIUM).exists()
        except ImportError:
            browser = False
        for path in paths:
            page = (out / f"{path.stem}.html").read_text(encoding="utf-8")
            game = out / re.search(r'<script src="(game-[0-9a-f]+\.js)"', page).group(1)  # type: ignore[union-attr]
            card = out / f"{path.stem}.card.js"
            line = (f"{path.stem}: explorer data {game.stat().st_size / 1000:.0f} KB ({game.name}, "
                    f"shared by the cards of its game) + {card.stat().st_size / 1000:.0f} KB")
            if browser:
                ms, game, height = explorer_ready_ms(out / f"{path.stem}.html")
                line += (f", first answer after {min(ms)}-{max(ms)} ms, its game after "
                         f"{min(game)}-{max(game)} ms over {len(ms)} loads; {height:,} px "
                         "tall at 390 px")
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
