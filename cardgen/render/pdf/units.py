"""How a section's body becomes the units that packing moves between columns and sides: each
entry's lines (an entry is never split, its label in the gutter), or, in a run-in section, each
line of the entries set one after another with their labels inline (`Section.run_in`), whose
sides are set by `run_in_sides`: each begins with the label of the entry it begins in, and
none breaks an item (an opening with its words)."""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardgen.render.pdf.content import Section
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import Entry, Line, Token, cut_pieces, cut_wide, gap, wrap

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


AHEAD = 20
"""The items a side of run-in text sets at first for each of its lines (an opening and its
letter: twl06-4p's fourth seat holds 10-15 a line); twice as many more while it shows more."""
ROUNDING = 1e-3
"""Points to spare where an entry is taken to fit a line without setting it (`entry_heights`):
far more than the sums' rounding, far less than any glyph."""


def line_width(entry: Entry, fonts: Fonts) -> float:
    """The width at 1 pt of an entry's tokens set on one line, with the room before each
    (`layout.gap`) as `wrap` leaves it."""
    return sum(fonts.measure(t.text, t.style) + (gap(t.style, fonts.measure) if t.space and i
                                                  else 0.0)
               for i, t in enumerate(entry.tokens))


def entry_heights(section: Section, width: float, gutter: float, size: float, fonts: Fonts,
                  one_line: Sequence[float]) -> list[int]:
    """The number of lines of each entry of a section (not run in) as `units_of` sets them,
    for `one_line` their `line_width`s: 1 where that leaves room to spare (greedy breaking
    then never breaks, nor is a token cut), else its lines counted (a deck's budget lays
    its entries out at every size and column count it tries: mostly a line each)."""
    room = width - gutter - ROUNDING
    if max(one_line, default=0.0) * size <= room:  # the widest fits: a line each
        return [1] * len(one_line)
    return [1 if w * size <= room else len(_entry_lines(e, width, gutter, size, fonts))
            for e, w in zip(section.entries, one_line, strict=True)]


def settles(section: Section, width: float, fonts: Fonts) -> bool:
    """Whether no run of a run-in section's tokens that `wrap` keeps on one line (glued, or
    kept with the next group: `Token.keep`, as a head is), with a head a side may set before
    any item, is wider than `width` at 1 pt (an upper bound of each run is measured: the
    widest head and gap, and the widest run of the section's text, its heads in it).

    Then `wrap` breaks greedily between those runs, and a section that the smallest size
    and tightest leading set on more than N sides takes more than N at every size and
    leading (`sides.choose_layout` asked `most`): each side of the larger size or looser
    leading has no more lines and lines no wider, so by induction it ends no later (the
    lines from a later start, its head set before it, hold at least what the lines from an
    earlier start hold of what follows it; fewer, narrower lines hold no more). Issue 39:
    a budget's trial that does not fit lays one layout out, not six."""
    measure = fonts.measure
    heads = [e.label for e in section.entries if e.label is not None]
    head = max((measure(h.text, h.style) for h in heads), default=0.0)
    space = max((gap(t.style, measure) for e in section.entries for t in e.tokens), default=0.0)
    widest = run = 0.0
    kept = False  # whether the run goes on with the next group
    for entry in section.entries:
        label = () if entry.label is None else (dataclasses.replace(entry.label, keep=True),)
        for token in (*label, *entry.tokens):
            own = measure(token.text, token.style)
            if token.space:
                run = run + gap(token.style, measure) + own if kept else own
            else:
                run += own
            kept = token.keep
            widest = max(widest, run)
    return head + space + widest <= width


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
                 capacity: Callable[[int], int], most: int | None = None
                 ) -> list[list[Unit]] | None:
    """A run-in section's lines side by side, each side holding at most `capacity(n)` lines
    (n from 0): every side begins with the head (the label) of the entry it begins in, also
    where it continues one, and no item (`Entry.items`: an opening and its words) is broken
    across sides. None where an item (with its head) is taller than a side. With `most`,
    only the first `most` + 1 sides (a budget asks only whether a section takes more)."""
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
    while start < len(items) and (most is None or len(sides) <= most):
        room = capacity(len(sides))
        # The side's lines are the first `room` of the rest set from `start`; greedy breaking
        # never looks further than a line's last group and the groups it keeps (`Token.keep`),
        # so only as many items are set as the side can show (each side set from the rest of
        # the section took a 4-player deck's budget 4 times as long).
        stop, more = start, max(AHEAD * room, 1)
        while True:
            stop, more = min(len(items), stop + more), 2 * more
            stream, owner = _stream(section, items, start, min(stop + 1, len(items)))
            n = bisect.bisect_left(owner, stop)  # the tokens of the items before `stop`
            after = stream[n] if n < len(stream) else None
            pieces = cut_pieces(stream[:n], width, size, fonts.measure)
            owner = [k for k, cut in zip(owner[:n], pieces, strict=True) for _ in cut]
            tokens = [piece for cut in pieces for piece in cut]
            lines = wrap(tokens, width, size, fonts.measure, room)[:room]
            taken = sum(len(line) for line in lines)
            # Enough where the side ends inside what is set, and the token after it neither
            # joins its last group (glued) nor is kept on a line with it.
            if stop == len(items) or (taken < len(tokens) and not tokens[-1].keep
                                      and after is not None and after.space):
                break
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


def _stream(section: Section, items: list[tuple[int, list[Token]]], start: int, stop: int
            ) -> tuple[list[Token], list[int]]:
    """The tokens of items `start` to `stop` set one after another, each entry's head (its
    label) in front of its first item and of item `start`, and the item of each token."""
    stream: list[Token] = []
    owner: list[int] = []
    for k in range(start, stop):
        e, tokens = items[k]
        label = section.entries[e].label
        if label is not None and (k == start or items[k - 1][0] != e):
            stream.append(dataclasses.replace(label, keep=True))
            owner.append(k)
        stream += tokens
        owner += [k] * len(tokens)
    return stream, owner
