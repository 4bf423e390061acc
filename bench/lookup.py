"""How long a lookup on a seat-3/4 side of a pocket deck takes (issue 37, item 1), modelled from
what the printed side shows.

Run from the project root, after `python -m pip install -e ".[test]"`:

    python bench/lookup.py [--out DIR] [CONFIG ...]

For each seat-3/4 side of each deck (default: twl06-3p, twl06-4p, sowpods-4p, german-3p) it
reads the PDF's text (pdfplumber: what the 300 dpi image shows, `--out` writes the PDFs to look
at), draws 20 printed fragments at random (seed 37) and counts for each what a reader's eye
passes to find it: the heads (first letters, set apart in a serif capital) from the side's top
to its group's, and the entries of its group up to it. A time is estimated from the counts:
`ORIENT` to find the side and the body, `FIXATION` per head passed, `FIXATION` per `SPAN`
entries of the group read, and `READ` for the letter to play. Beside it, the same fragments
where no head stood out: every entry from the side's top read in order. A model, not a
stopwatch: the figures go in the issue's report, not into assertions.
"""

from __future__ import annotations

import argparse
import io
import itertools
import math
import random
import re
import statistics
from pathlib import Path
from typing import Any

import pdfplumber

from cardgen.cards.config import load_card_config
from cardgen.cards.make import Lexicons, config_card
from cardgen.render.pdf import render_card
from cardgen.render.pdf.budget import budget, row_section
from cardgen.render.pdf.fonts import load_fonts
from cardgen.render.pdf.sides import card_frame
from cardgen.render.sentences import seat_heading

DECKS = ("twl06-3p", "twl06-4p", "sowpods-4p", "german-3p")
ORIENT = 1.0
"""Seconds to find the side by its seat mark and range, and the body under its key ..."""
FIXATION = 0.25
"""... per fixation (a saccade and a look: about 250 ms in visual search) ..."""
SPAN = 3
"""... each taking in this many entries of 2-4 letters ..."""
READ = 0.5
"""... and to read the letter to play."""
DRAWN = 20


def rows(page: Any) -> list[str]:
    """The page's lines of text, top first, spaces left out."""
    lines: dict[float, list[dict[str, Any]]] = {}
    for char in page.chars:
        if char["text"].strip():
            lines.setdefault(round(char["matrix"][5] * 2) / 2, []).append(char)
    return ["".join(c["text"] for c in sorted(lines[y], key=lambda c: c["x0"]))
            for y in sorted(lines, reverse=True)]


def first_head(page: Any) -> int:
    """The index of the page's first line with a head (a character in the heads' serif)."""
    tops = sorted({round(c["matrix"][5] * 2) / 2 for c in page.chars if c["text"].strip()},
                  reverse=True)
    heads = {round(c["matrix"][5] * 2) / 2 for c in page.chars if "Serif" in c["fontname"]}
    return next(i for i, y in enumerate(tops) if y in heads)


def deck_sides(name: str, lexicons: Lexicons, out: Path | None
               ) -> list[tuple[str, list[tuple[str, int, int, int]]]]:
    """Each seat-3/4 side of a deck: its name, and for each entry printed on it, its fragment,
    the heads passed to find its group, its place in its group and on the side (from 1)."""
    config = load_card_config(Path("configs") / f"{name}.yaml")
    deck = budget(config_card(config, lexicons), config.pdf)
    fonts = load_fonts(config.pdf.font)
    data = render_card(deck, config.pdf)
    if out is not None:
        (out / f"{name}.pdf").write_bytes(data)
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for seat in deck.seats[2:]:
            items = []  # (head, fragment, text without spaces)
            section = row_section(deck, seat, fonts, card_frame(config.pdf))
            for entry, label in zip(section.entries, section.labels, strict=True):
                assert entry.label is not None
                for a, b in itertools.pairwise([*entry.items, len(entry.tokens)]):
                    said = "".join(t.text for t in entry.tokens[a:b])
                    items.append((entry.label.text, label + entry.tokens[a].text.strip("\u200a"),
                                  re.sub(r"\s|\u200a", "", said)))
            k = 0
            for number, page in enumerate(pdf.pages, 1):
                if not (page.extract_text() or "").startswith(seat_heading(seat.seat)):
                    continue
                body = "".join(rows(page)[first_head(page):-1])[1:]  # its first head read
                heads, inside = 1, 0
                placed: list[tuple[str, int, int, int]] = []
                while body:
                    head, fragment, said = items[k]
                    if placed and items[k - 1][0] != head:
                        body, heads, inside = body[len(head):], heads + 1, 0
                    assert body.startswith(said), (name, number, said, body[:20])
                    body, inside = body[len(said):], inside + 1
                    placed.append((fragment, heads, inside, len(placed) + 1))
                    k += 1
                found.append((f"{name} p{number} (seat {seat.seat})", placed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("decks", nargs="*", default=DECKS)
    parser.add_argument("--out", type=Path, help="write each deck's PDF here")
    args = parser.parse_args()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    lexicons = Lexicons()
    draw = random.Random(37)
    every, plain_every = [], []
    for name in args.decks:
        for side, placed in deck_sides(name, lexicons, args.out):
            sample = draw.sample(placed, min(DRAWN, len(placed)))
            times = [ORIENT + FIXATION * (h + math.ceil(i / SPAN)) + READ
                     for _f, h, i, _p in sample]
            plain = [ORIENT + FIXATION * math.ceil(p / SPAN) + READ for *_r, p in sample]
            every += times
            plain_every += plain
            print(f"{side}: {len(placed)} entries; {len(sample)} drawn "
                  f"({' '.join(f for f, *_r in sample)}): median {statistics.median(times):.1f} s, "
                  f"max {max(times):.1f} s (no head standing out: "
                  f"{statistics.median(plain):.1f} s, {max(plain):.1f} s)")
    print(f"all {len(every)}: median {statistics.median(every):.1f} s, max {max(every):.1f} s "
          f"(no head standing out: {statistics.median(plain_every):.1f} s, "
          f"{max(plain_every):.1f} s)")


if __name__ == "__main__":
    main()
