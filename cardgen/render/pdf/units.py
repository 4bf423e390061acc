"""How a section's body becomes the units that packing moves between columns and sides: each
entry's lines (an entry is never split, its label in the gutter), or, in a run-in section, each
line of the entries set one after another with their labels inline (`Section.run_in`)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import MOVE, Entry, Line, Token, cut_pieces, cut_wide, wrap


def reach(section: Section, fonts: Fonts) -> float:
    """The room a run-in section's line needs above its baseline, in ems (0: the font's
    ascent is enough): a capital with a mark above it (Ö) reaches past the ascent, into the
    boxes of the line above unless the lines are set that much apart."""
    if not section.run_in:
        return 0.0
    top = max((fonts.ink(e.label.text, e.label.style)[3] for e in section.entries
               if e.label is not None and e.label.text), default=0.0)
    # A box reaches below the font's descent (`Fonts.box_extent`), by its pad.
    below = -fonts.box_extent("", MOVE)[0] - fonts.descent
    return top + below if top > fonts.ascent else 0.0


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
    # Run in: each entry's label starts it inline, kept with its first token.
    stream: list[Token] = []
    owner: list[str] = []
    for entry, name in zip(section.entries, labels, strict=True):
        head = [] if entry.label is None else [dataclasses.replace(entry.label, keep=True)]
        stream += head + list(entry.tokens)
        owner += [name] * (len(head) + len(entry.tokens))
    if not stream:  # no entries, no units: `wrap` sets nothing as one empty line
        return []
    # A token wider than the line is cut into pieces (`cut_wide`), each of its token's entry.
    pieces = cut_pieces(stream, width, size, fonts.measure)
    owner = [name for name, cut in zip(owner, pieces, strict=True) for _ in cut]
    tokens = [piece for cut in pieces for piece in cut]
    units, start = [], 0
    for line in wrap(tokens, width, size, fonts.measure):
        units.append(Unit(None, [line], owner[start], owner[start + len(line) - 1]))
        start += len(line)
    return units
