"""What a budgeted deck prints: each opening's entry chosen by what it wins at a casual table
(docs/rules.md, "Pocket cards").

An opening's entry is its words (played with their move), a letter alone, or nothing; each
opening's figures (`Opening.odds`, from `cardgen.pocket`) say how often the seat wins with
each. What printing an entry wins is the opening's reach times what it adds over nothing, and
what it costs is the room it takes (`cost`: characters; a letter costs nothing on a strip that
has a cell for every opening anyway). `steps` orders every step from nothing to a letter to the
words by what it wins per character, as a multiple-choice knapsack's greedy does (each
opening's steps on the upper hull of its choices, so they come in order); a deck prints the
longest run of steps that fits its sides (`cardgen.render.pdf` finds it). Ties go to the
fragment's order, so the choice is deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from cardgen.strategy import Odds, Opening, SeatStrategy, Wins

Kind = Literal["words", "move"]
"""An entry printed: the words with their move, or a letter alone."""


def cost(opening: Opening, kind: Kind, strip: bool = False) -> int:
    """The room an entry takes, in characters: the fragment, the move, and each word with a
    space; a letter alone on a `strip` takes none (the strip has its cell anyway)."""
    if kind == "move":
        return 0 if strip else len(opening.fragment) + 2
    return len(opening.fragment) + 2 + sum(len(word) + 1 for word in opening.words)


@dataclass(frozen=True)
class Step:
    """One step up an opening's entries: to a letter alone, or on to its words."""

    ratio: float
    """What it wins per character (`math.inf` where it takes no room)."""
    place: int
    """The opening's place among the seat's openings (the fragment's order)."""
    kind: Kind


def _choices(
    opening: Opening, odds: Odds, strip: bool, words: bool
) -> list[tuple[int, float, Kind]]:
    """The entries worth printing for an opening, as (cost, gain, kind), cheapest first: those
    that win at least as often as nothing, each at least as often as the cheaper ones (words
    only with `words`). An entry that wins no more still says what wins against perfect
    players: its step comes last (it wins nothing per character), where there is room."""
    found: list[tuple[int, float, Kind]] = []
    if odds.letter_wins >= odds.none:
        found.append((cost(opening, "move", strip), odds.reach * (odds.letter_wins - odds.none),
                      "move"))
    if words and odds.words is not None and odds.words >= max(odds.none, odds.letter_wins):
        found.append((cost(opening, "words"), odds.reach * (odds.words - odds.none), "words"))
    return found


def steps(seat: SeatStrategy, strip: bool = False, words: bool = True) -> list[Step]:
    """Every step a seat's entries can take, best per character first (the fragment's order,
    then the cheaper step, on ties); with `strip`, letters alone take no room; without
    `words`, no words are printed (`pdf.words: none`)."""
    found: list[Step] = []
    for place, opening in enumerate(seat.openings):
        if opening.odds is None:
            continue
        hull: list[tuple[int, float, Kind]] = [(0, 0.0, "move")]
        for point in _choices(opening, opening.odds, strip, words):
            # Keep the upper hull: drop a cheaper step that pays less per character than the
            # step from it to this one.
            while len(hull) > 1 and _slope(hull[-2], hull[-1]) < _slope(hull[-1], point):
                hull.pop()
            hull.append(point)
        found += [Step(_slope(a, b), place, b[2]) for a, b in zip(hull, hull[1:], strict=False)]
    return sorted(found, key=lambda s: (-s.ratio, s.place, s.kind == "words"))


def _slope(a: tuple[int, float, Kind], b: tuple[int, float, Kind]) -> float:
    return math.inf if b[0] == a[0] else (b[1] - a[1]) / (b[0] - a[0])


def pick(seat: SeatStrategy, chosen: Iterable[Step]) -> SeatStrategy:
    """The seat with each opening's entry set to the last of `chosen` steps for it (nothing
    where none is; a letter alone is the best one, `Odds.letter`) and its figures
    (`SeatStrategy.wins`) for what it then prints."""
    kinds: dict[int, Kind] = {}
    for step in chosen:
        kinds[step.place] = step.kind
    openings = []
    for place, opening in enumerate(seat.openings):
        kind = kinds.get(place)
        letter = opening.odds.letter if opening.odds is not None else None
        openings.append(printed(opening, kind, opening.play if kind == "words" else letter))
    return replace(seat, openings=tuple(openings), wins=figures(openings))


def full(seat: SeatStrategy) -> SeatStrategy:
    """The seat as the whole deck prints it: every opening's words, else its first winning
    letter, else its try's letter (`Opening.full_move`)."""
    openings = tuple(
        printed(o, "words" if o.words else "move" if o.full_move else None, o.full_move)
        for o in seat.openings
    )
    return replace(seat, openings=openings, wins=figures(openings))


def printed(opening: Opening, kind: Kind | None, move: str | None) -> Opening:
    """The opening with what the deck prints for it: `kind` (None: nothing), and its letter."""
    if kind is None or move is None:
        kind = move = None
    if (opening.printed, opening.printed_move) == (kind, move):
        return opening
    return replace(opening, printed=kind, printed_move=move)


def figures(openings: Sequence[Opening]) -> Wins | None:
    """A seat's win rates at the table (`Wins`): with nothing printed, the whole deck, what
    its entries print (`Opening.printed`) and the best entry everywhere; None without
    figures."""
    if not openings or any(o.odds is None for o in openings):
        return None

    def rate(wins_at: Sequence[float]) -> float:
        lost = sum(o.odds.reach * (1.0 - w) for o, w in zip(openings, wins_at, strict=True)
                   if o.odds is not None)
        return 1.0 - lost

    odds = [o.odds for o in openings if o.odds is not None]
    return Wins(
        none=rate([o.none for o in odds]),
        full=rate([o.full for o in odds]),
        card=rate([_printed_wins(o) for o in openings]),
        best=rate([o.best for o in odds]),
    )


def _printed_wins(opening: Opening) -> float:
    """How often the seat wins from the opening with what the deck prints for it."""
    odds = opening.odds
    assert odds is not None
    if opening.printed == "words" and odds.words is not None:
        return odds.words
    if opening.printed == "move":
        if opening.printed_move == odds.letter:
            return odds.letter_wins
        # Only the whole deck prints another letter alone: its full move, without words.
        assert opening.printed_move == opening.full_move and not opening.words
        return odds.full
    return odds.none


__all__ = ["Kind", "Step", "cost", "figures", "full", "pick", "printed", "steps"]
