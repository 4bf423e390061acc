"""What a budgeted deck prints: each opening's entry chosen by what it wins at a casual table
(docs/rules.md, "Pocket cards").

An opening's entry is its words (played with their move), a letter alone, or nothing; each
opening's figures (`Opening.odds`, from `cardgen.cards.pocket`) say how often the seat wins with
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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Literal, NamedTuple

from cardgen.cards.strategy import Opening, SeatStrategy, Wins

Kind = Literal["words", "move"]
"""An entry printed: the words with their move, or a letter alone."""


def cost(opening: Opening, kind: Kind, strip: bool = False) -> int:
    """The room an entry takes, in characters: the fragment, the move, and each word with a
    space; a letter alone on a `strip` takes none (the strip has its cell anyway)."""
    if opening.decisions:
        return row_cost(opening, kind)
    if kind == "move":
        return 0 if strip else len(opening.fragment) + 2
    return len(opening.fragment) + 2 + sum(map(len, opening.words)) + len(opening.words)


def row_cost(opening: Opening, kind: Kind) -> int:
    """The room a decision table's entry takes (SuperGhost, SuperDuperGhost): a row per
    decision (fragment, play and the fragment made, with spaces), one for a letter alone."""
    rows = opening.decisions if kind == "words" else opening.decisions[:1]
    return sum(len(row.fragment) + 2 * len(row.play) + 4 for row in rows)


class Step(NamedTuple):
    """One step up an opening's entries: to a letter alone, or on to its words."""

    ratio: float
    """What it wins per character (`math.inf` where it takes no room)."""
    place: int
    """The opening's place among the seats's openings (the fragment's order)."""
    kind: Kind


def steps(seat: SeatStrategy, strip: bool = False, words: bool = True) -> list[Step]:
    """Every step a seat's entries can take, best per character first (the fragment's order,
    then the cheaper step, on ties); with `strip`, letters alone take no room; without
    `words`, no words are printed (`pdf.words: none`).

    An opening's choices are nothing, a letter alone (where it wins at least as often as
    nothing) and its words (where they win at least as often as both): the steps between them
    follow the upper hull of what they win against what they cost, so a letter that pays less
    per character than going straight on to the words is skipped. An entry that wins no more
    still says what wins against perfect players: its step comes last (it wins nothing per
    character), where there is room."""
    found: list[Step] = []
    for place, opening in enumerate(seat.openings):
        odds = opening.odds
        if odds is None:
            continue
        none, letter = odds.none, odds.letter_wins
        start = cost(opening, "move", strip)
        move = odds.reach * (letter - none) if letter >= none else None
        gain = None
        if words and odds.words is not None and odds.words >= max(none, letter):
            cost_words = cost(opening, "words")
            gain = odds.reach * (odds.words - none)
        if move is not None:
            first = _slope(0, 0.0, start, move)
            if gain is None:
                found.append(Step(first, place, "move"))
                continue
            then = _slope(start, move, cost_words, gain)
            if first >= then:  # the letter pays at least as well: a step of its own
                found += [Step(first, place, "move"), Step(then, place, "words")]
                continue
        if gain is not None:
            found.append(Step(_slope(0, 0.0, cost_words, gain), place, "words"))
    found.sort(key=lambda s: (-s.ratio, s.place, s.kind == "words"))
    return found


def _slope(cost_a: int, gain_a: float, cost_b: int, gain_b: float) -> float:
    return math.inf if cost_b == cost_a else (gain_b - gain_a) / (cost_b - cost_a)


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
    # A copy with these two fields changed: `dataclasses.replace` would run `__init__` over
    # every field, and a budget marks thousands of openings many times over.
    copy = object.__new__(Opening)
    copy.__dict__.update(opening.__dict__, printed=kind, printed_move=move)
    return copy


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


GALLOP = 32
"""The first run of steps a deck's room is tried with."""


def longest_run(count: int, fits: Callable[[int], bool]) -> int:
    """The largest k <= `count` with `fits(k)`, for a `fits` that holds up to some k and not
    after (0 where only nothing fits)."""
    # Galloping, then halving: the sections laid out stay near the size of the one chosen.
    low, high = 0, min(GALLOP, count)
    while fits(high):
        if high == count:
            return count
        low, high = high, min(2 * high, count)
    while high - low > 1:  # fits(low), not fits(high)
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


__all__ = [
    "GALLOP", "Kind", "Step", "cost", "figures", "full", "longest_run", "pick", "printed",
    "row_cost", "steps",
]
