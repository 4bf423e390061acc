"""How a section's body becomes the units that packing moves between columns and sides: each
entry's lines (an entry is never split, its label in the gutter), or, in a run-in section, each
line of the entries set one after another with their labels inline (`Section.run_in`), whose
sides are set by `run_in_sides`: each begins with the label of the entry it begins in, and
none breaks an item (an opening with its words)."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import sys
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import Entry, Line, Token, cut_pieces, cut_wide, wrap

CLEARANCE = 0.25
"""The least white, in points, between a box and the ink of the lines above and below it
(a pixel at 300 dpi is 0.24 pt): a box never touches another line's glyph or box."""


def reach(section: Section, fonts: Fonts) -> float:
    """The height, in ems, a line of the section's body needs for nothing in it to touch the
    line above or below: its highest ink or box top (a boxed å, a capital Ö) above the
    baseline plus its lowest box bottom or descender below it (0: no box, the font's ascent
    and descent are enough); `sides.line_pitch` adds `CLEARANCE`."""
    tokens = [t for e in section.entries for t in (
        *([] if e.label is None or not e.label.text else [e.label]), *e.tokens) if t.text.strip()]
    if not any(t.style.boxed or t.style.framed for t in tokens):
        return 0.0
    top = bottom = 0.0
    for token in tokens:
        if token.style.boxed or token.style.framed:
            low, high = fonts.box_extent(token.text.strip(), token.style)
        else:
            _x0, low, _x1, high = fonts.ink(token.text, token.style)
        top, bottom = max(top, high), min(bottom, low)
    return top - bottom


def entry_lines(
    entry: Entry, width: float, gutter: float, size: float, fonts: Fonts
) -> list[Line]:
    """The lines an entry is set in, beside its label in the gutter."""
    return [list(line) for line in _entry_lines(entry, width, gutter, size, fonts)]


@functools.lru_cache(maxsize=1 << 16)
def _entry_lines(
    entry: Entry, width: float, gutter: float, size: float, fonts: Fonts
) -> tuple[tuple[tuple[float, Token], ...], ...]:
    """`entry_lines`, remembered by value: a deck's budget lays the same entries out at the
    same widths once a trial (issue 39, item 1: the TWL06 SuperGhost booklet's budget sets
    48,000 entries where 8,500 differ; remembered, it takes 0.53 s of CPU, not 0.62)."""
    tokens = cut_wide(entry.tokens, width - gutter, size, fonts.measure)
    return tuple(tuple(line) for line in wrap(tokens, width - gutter, size, fonts.measure))


@dataclass(frozen=True)
class Unit:
    """What packing moves between columns and sides as one: an entry's lines (an entry is
    never split), or one line of a run-in section; `first` and `last` name the entries it
    begins and ends in, for the thumb range."""

    label: Token | None
    lines: list[Line]
    first: str
    last: str


def units_of(section: Section, width: float, gutter: float, size: float, fonts: Fonts
           ) -> list[Unit]:
    labels = section.labels or ("",) * len(section.entries)
    if not section.run_in:
        return [Unit(e.label, entry_lines(e, width, gutter, size, fonts), name, name)
                for e, name in zip(section.entries, labels, strict=True)]
    # Run in: each entry's label starts it inline, kept with its first token; one side.
    sides = run_in_sides(section, width, size, fonts, lambda _n: sys.maxsize)
    return sides[0] if sides else []


def run_in_sides(section: Section, width: float, size: float, fonts: Fonts,
                 capacity: Callable[[int], int]) -> list[list[Unit]] | None:
    """A run-in section's lines side by side, each side holding at most `capacity(n)` lines
    (n from 0): every side begins with the head (the label) of the entry it begins in, also
    where it continues one, and no item (`Entry.items`: an opening and its words) is broken
    across sides. None where an item (with its head) is taller than a side."""
    labels = section.labels or ("",) * len(section.entries)
    # The items in order, each as (entry, its tokens); the head goes in front of an entry's
    # first item, and in front of whichever item a side begins with.
    items: list[tuple[int, list[Token]]] = []
    for e, entry in enumerate(section.entries):
        starts = [*(entry.items or (0,)), len(entry.tokens)]
        for a, b in itertools.pairwise(starts):
            items.append((e, list(entry.tokens[a:b])))
    sides: list[list[Unit]] = []
    start = 0
    while start < len(items):
        stream: list[Token] = []
        owner: list[int] = []  # the item of each token
        for k in range(start, len(items)):
            e, tokens = items[k]
            label = section.entries[e].label
            if label is not None and (k == start or items[k - 1][0] != e):
                stream.append(dataclasses.replace(label, keep=True))
                owner.append(k)
            stream += tokens
            owner += [k] * len(tokens)
        pieces = cut_pieces(stream, width, size, fonts.measure)
        owner = [k for k, cut in zip(owner, pieces, strict=True) for _ in cut]
        tokens = [piece for cut in pieces for piece in cut]
        room = capacity(len(sides))
        taken = sum(len(line) for line in wrap(tokens, width, size, fonts.measure)[:room])
        # The side ends before the first item it cannot hold whole.
        end = owner[taken] if taken < len(tokens) else len(items)
        if end == start:
            return None
        count = owner.index(end) if end < len(items) else len(tokens)
        units, first = [], 0
        for line in wrap(tokens[:count], width, size, fonts.measure):
            names = labels[items[owner[first]][0]], labels[items[owner[first + len(line) - 1]][0]]
            units.append(Unit(None, [line], *names))
            first += len(line)
        sides.append(units)
        start = end
    return sides
