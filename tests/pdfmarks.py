"""The marks a PDF side uses, and whether the side keys each one (issue 25, print review 5.4),
read from the page as a reader sees it: its text and its shapes (pdfplumber), never from the
code that drew them.

A mark is used where the page shows it outside the footer (the footer names the table the
card is for, as it names the list by its sha256 prefix: it is not read as a key) and outside
the seat mark; it is keyed where the page's text says what it means."""

from __future__ import annotations

import re
from statistics import median
from typing import Any

from cardgen.cards.paper import MM

KEYS = {
    "boxed letter": r"boxed|(?<!no )forced win|\bA play\b",
    "framed letter": r"framed|the trap|a trap:|[Bb]est try",
    "dashed frame": r"dashed|wins most often at a casual table",
    "lost sign \u25cf": r"\u25cf any letter loses",
    "dash \u2014": r"\u2014 no forced win",
    "rare mark \u2020": r"\u2020 (marks|rare)",
    "named mark \u2021": r"\u2021:|marked \u2021",
    "Zipf": r"Zipf 3: 1 in a million words",
    "blank cell": r"\bblank:",
    "ellipsis \u2026": r"b\u2026 \(b in front\) or \u2026m \(m at the back\)",
    "reversal \u21ba": r"\u21ba reverse the fragment",
    "unlisted *": r"\* not listed: play toward",
}
"""Each mark, and the pattern of the text that keys it."""
WRITTEN = ("ellipsis \u2026", "reversal \u21ba")
"""The marks of a play written as SuperGhost writes it (`b…`, `↺…m`): their keys hold the
marks, so a mark is used where it is seen outside its key."""
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
TAB = (8 * MM + 3 * MM, 4.5 * MM + 3 * MM)
"""The seat mark's corner: its width and height from the page's top-right corner, margin
included."""
DASHED = ([1, 0.8], 0)
"""pdfplumber's dash pattern of a dashed frame."""


def in_tab(char: dict[str, Any], width: float) -> bool:
    """Whether a character is in the seat mark's corner."""
    return bool(char["x0"] >= width - TAB[0] and char["top"] <= TAB[1])


def white(char: dict[str, Any]) -> bool:
    """Whether a character is white (on a black box)."""
    return tuple(char["non_stroking_color"] or (0,)) == (1.0,)


def inside(char: dict[str, Any], rect: dict[str, Any]) -> bool:
    """Whether a character's middle lies in a rectangle."""
    x, y = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
    return bool(rect["x0"] <= x <= rect["x1"] and rect["top"] <= y <= rect["bottom"])


def lines(chars: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The page's characters in lines by their baseline, top first."""
    rows: dict[float, list[dict[str, Any]]] = {}
    for char in chars:
        rows.setdefault(round(char["matrix"][5] * 2) / 2, []).append(char)
    return [sorted(rows[y], key=lambda c: c["x0"]) for y in sorted(rows, reverse=True)]


def header(line: list[dict[str, Any]]) -> bool:
    """A strip's or grid's header: the alphabet's capitals, black and bold."""
    return len(line) >= 8 and all(
        len(c["text"]) == 1 and c["text"].isupper() and "Bold" in c["fontname"] and not white(c)
        for c in line
    )


def blank_cells(chars: list[dict[str, Any]]) -> int:
    """The blank cells of the page's strips and grids: the columns of a header that a line
    under it (up to the next header) leaves without a letter or sign."""
    found = lines(chars)
    blank = 0
    heads = [n for n, line in enumerate(found) if header(line)]
    for n in heads:
        columns = [(c["x0"] + c["x1"]) / 2 for c in found[n]]
        step = median(b - a for a, b in zip(columns[:-1], columns[1:], strict=True))
        end = min([h for h in heads if h > n] + [len(found)])
        # A sign centred in its cell (the strip's *) has a baseline of its own: it belongs to
        # the row whose letters it overlaps.
        band: list[list[dict[str, Any]]] = []
        for line in found[n + 1 : end]:
            if band and min(c["top"] for c in line) < max(c["bottom"] for c in band[-1]) \
                    and max(c["bottom"] for c in line) > min(c["top"] for c in band[-1]):
                band[-1] = band[-1] + line
            else:
                band.append(line)
        for line in band:
            middles = [(c["x0"] + c["x1"]) / 2 for c in line]
            if not any(columns[0] - step / 2 <= m <= columns[-1] + step / 2 for m in middles):
                continue  # a row's label alone, or text under the grid
            blank += sum(1 for x in columns if not any(abs(m - x) < step / 2 for m in middles))
    return blank


def marks(page: Any) -> set[str]:
    """The marks a page uses, outside its footer and its seat mark."""
    body = page.extract_text().splitlines()[:-1]
    footer_top = max(c["top"] for c in page.chars if c["text"].strip()) - 1
    chars = [c for c in page.chars if c["text"].strip() and not in_tab(c, page.width)
             and c["top"] < footer_top]
    text = "\n".join(body)
    plays = " ".join(body)
    for mark in WRITTEN:
        plays = re.sub(KEYS[mark], "", plays)
    frames = [r for r in page.rects if r["stroke"] and not r["fill"]]
    used = {
        "boxed letter": any(white(c) for c in chars),
        "framed letter": any(r["dash"] != DASHED and any(inside(c, r) for c in chars)
                             for r in frames),
        "dashed frame": any(r["dash"] == DASHED for r in frames),
        "lost sign \u25cf": "\u25cf" in text,
        "dash \u2014": "\u2014" in text,
        "rare mark \u2020": "\u2020" in text,
        "named mark \u2021": "\u2021" in text,
        "Zipf": "Zipf" in text,
        "blank cell": blank_cells(chars) > 0,
        "ellipsis \u2026": "\u2026" in plays,
        "reversal \u21ba": "\u21ba" in plays,
        "unlisted *": "*" in re.sub(KEYS["unlisted *"], "", plays),
    }
    return {mark for mark, is_used in used.items() if is_used}


def unkeyed(page: Any) -> list[str]:
    """The marks a page uses and does not key, and a seat mark for several seats whose seats
    the page does not name ('You play first', 'You play second' for '1&2')."""
    text = " ".join(page.extract_text().splitlines()[:-1])
    faults = sorted(m for m in marks(page) if not re.search(KEYS[m], text))
    tab = "".join(c["text"] for c in page.chars if white(c) and in_tab(c, page.width))
    if "&" in tab:
        faults += [f"tab {tab}: seat {seat}" for seat in tab.split("&")
                   if f"You play {ORDINALS[int(seat) - 1]}" not in text]
    return faults


def idle_keys(page: Any) -> list[str]:
    """The marks a page keys and does not use (issue 37: SuperDuperGhost's second side keyed
    \u21ba and printed none)."""
    text = " ".join(page.extract_text().splitlines()[:-1])
    return sorted(m for m in KEYS if re.search(KEYS[m], text) and m not in marks(page))
