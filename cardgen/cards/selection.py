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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import compress
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, NamedTuple, overload

from cardgen.cards.strategy import NOTHING, Kind, Opening, Printed, SeatStrategy
from cardgen.cards.winrates import printed_rates, with_wins

if TYPE_CHECKING:  # numpy loads where a deck is chosen, never to read one back
    import numpy as np
    import numpy.typing as npt

    FloatArray = npt.NDArray[np.float64]
    IntArray = npt.NDArray[np.int64]
    BoolArray = npt.NDArray[np.bool_]

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


_KINDS: tuple[Kind, Kind] = ("move", "words")
_PLAY = attrgetter("play")
_FRAGMENT, _WORDS, _DECISIONS = attrgetter("fragment"), attrgetter("words"), attrgetter(
    "decisions")


TIE = 1e-12
"""Win rates this close are equal (the same rate worked out along two paths can differ in its
last bits)."""


def steps(
    seat: SeatStrategy, strip: bool = False, words: bool = True, forced: bool = False
) -> Steps:
    """Every step a seat's entries can take, best per character first (the fragment's order,
    then the cheaper step, on ties); with `strip`, letters alone take no room; without
    `words`, no words are printed (`pdf.words: none`).

    What a step wins is what it adds to the seat's mean win rate over the casual tables
    (docs/rules.md, "A range of tables"; `Odds` holds the mean). An opening's choices are
    nothing, a letter alone (where it wins at least as often as nothing) and its words (where
    they win at least as often as both): the steps between them follow the upper hull of what
    they win against what they cost, so a letter that pays less per character than going
    straight on to the words is skipped. A step after which some table's figure would be
    below the card's with nothing printed, were every step before it printed, is left out
    (`Steps.gains`), so no run of the steps wins less than nothing at any table. An entry
    that wins no more still says what wins against perfect players: its step comes last (it
    wins nothing per character), where there is room; with `forced` (a deck solved against
    perfect players), those words steps come in the order of how often the openings are
    reached (the most first), each only where no table's figure drops with it."""
    import numpy as np

    # Every opening at once, each figure worked out as for one opening alone: the same
    # operations on the same floats, so the same bits.
    c = seat.columns
    start, cost_words = _costs([seat.openings[k] for k in c.place.tolist()], strip)
    letter, none = c.letter_wins, c.none
    t_reach, t_none, t_words, t_letter = c.tables[0], c.tables[1], c.tables[2], c.tables[3]
    has_move = letter >= none
    move = c.reach * (letter - none)
    has_words = (c.words >= np.maximum(none, letter)) & words  # False where none (NaN)
    gain = c.reach * (c.words - none)
    first = _slope(0, 0.0, start, move)
    then = _slope(start, move, cost_words, gain)
    both = has_move & has_words & (first >= then)  # the letter pays at least as well
    # Each opening's letter step, then its words step, in the fragment's order; a stable sort
    # by what they win per character keeps that order on ties.
    ratio = np.stack([first, np.where(both, then, _slope(0, 0.0, cost_words, gain))], axis=1)
    room = np.stack([start, np.where(both, cost_words - start, cost_words)], axis=1)
    taken = np.stack([has_move & (both | ~has_words), has_words], axis=1).ravel()
    ratio, room = ratio.ravel(), room.ravel()
    is_words = np.tile([False, True], len(c.place))
    # What each step adds at each table, the opening's letter printed before its words where
    # both are steps.
    words_gain = t_reach * (t_words - t_none)
    tables = np.stack([t_reach * (t_letter - t_none),
                       np.where(both[:, None], t_reach * (t_words - t_letter), words_gain)],
                      axis=1).reshape(2 * len(c.place), c.tables.shape[2])
    last = np.zeros(len(ratio), dtype=bool)
    if forced:
        # A words step that raises the mean no more comes last, by reach, and only where no
        # table's figure drops with it (the words against what the opening prints before).
        base = np.where(has_move[:, None], t_letter, t_none)
        keeps = np.repeat((t_words >= base - TIE).all(axis=1), 2)
        last = is_words & (ratio <= 0)
        taken &= ~last | keeps
    kept = ratio[taken]
    reach = np.repeat(c.reach, 2)[taken]
    # Stable: the fragment's order, a letter before its words, on ties.
    order = np.lexsort((np.where(last[taken], -reach, -kept), last[taken]))
    bare = np.stack([tables[0::2], words_gain], axis=1).reshape(2 * len(c.place), c.tables.shape[2])
    found = Steps(kept[order], np.repeat(c.place, 2)[taken][order], is_words[taken][order],
                  room[taken][order], tables[taken][order], bare[taken][order])
    return found.take(safe(found, np.arange(len(found))))


def safe(order: Steps, candidates: IntArray, before: Sequence[int] = ()) -> IntArray:
    """The `candidates` of `order` (positions, in order) that keep every table's figure at
    least at nothing's when each is printed after the steps `before` (positions printed
    already) and the candidates kept before it. A words step counts from its letter where the
    letter's step is printed, else from nothing (`Steps.gains`, `Steps.bare`)."""
    import numpy as np

    letters = {int(order.place[k]) for k in before if not order.words[k]}

    def gain(k: int) -> FloatArray:
        words = bool(order.words[k]) and int(order.place[k]) not in letters
        found: FloatArray = order.bare[k] if words else order.gains[k]
        return found

    total = np.zeros(order.gains.shape[1])
    for k in before:
        total = total + gain(k)
    if not len(candidates):
        return candidates
    # Most often every candidate keeps to it, as its letter's step is printed or not: one
    # check for them all.
    place, words = order.place[candidates], order.words[candidates]
    printed = np.isin(place, np.array(sorted(letters), dtype=np.int64)) | np.isin(
        place, place[~words])
    gains = np.where((words & ~printed)[:, None], order.bare[candidates], order.gains[candidates])
    if (total + np.cumsum(gains, axis=0) >= -TIE).all():
        return candidates
    kept: list[int] = []
    for k in candidates.tolist():
        step = gain(k)
        if (total + step >= -TIE).all():
            kept.append(k)
            total = total + step
            if not order.words[k]:
                letters.add(int(order.place[k]))
    return np.array(kept, dtype=np.int64)


class Steps(Sequence[Step]):
    """A seat's steps in order (`steps`), held as arrays and each `Step` made as it is read: a
    seat has thousands, and `pick` reads the places and kinds of a run of them at once."""

    __slots__ = ("bare", "gains", "place", "ratio", "room", "words")

    def __init__(
        self, ratio: FloatArray, place: IntArray, words: BoolArray, room: IntArray,
        gains: FloatArray, bare: FloatArray,
    ) -> None:
        # room[k]: the characters step k adds to its opening's entry (`cost`); gains[k, t]:
        # what it adds to the seat's win rate at table t, the opening's letter printed before
        # its words where both are steps; bare[k, t]: the same from nothing printed.
        self.ratio, self.place, self.words, self.room = ratio, place, words, room
        self.gains, self.bare = gains, bare

    def __len__(self) -> int:
        return len(self.place)

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> Steps: ...

    def __getitem__(self, index: int | slice) -> Step | Steps:
        if isinstance(index, slice):
            return self.take(index)
        return Step(float(self.ratio[index]), int(self.place[index]),
                    _KINDS[bool(self.words[index])])

    def __iter__(self) -> Iterator[Step]:
        return map(Step._make, zip(self.ratio.tolist(), self.place.tolist(),
                              map(_KINDS.__getitem__, self.words.tolist()), strict=True))

    def __repr__(self) -> str:
        return f"Steps({list(self)!r})"

    def take(self, index: slice | IntArray) -> Steps:
        """The steps at `index` (a slice, or positions in order)."""
        return Steps(self.ratio[index], self.place[index], self.words[index], self.room[index],
                     self.gains[index], self.bare[index])

    def last(self) -> tuple[list[int], list[int]]:
        """The places whose last step here goes to the words, and those whose last step is
        a letter alone."""
        import numpy as np

        # An opening's letter step comes before its words step (`steps`): where both are
        # here, the words are its last.
        words, alone = self.place[self.words], self.place[~self.words]
        has = np.zeros(int(max(words.max(initial=-1), alone.max(initial=-1))) + 1, bool)
        has[words] = True
        return words.tolist(), alone[~has[alone]].tolist()


def _costs(openings: list[Opening], strip: bool) -> tuple[IntArray, IntArray]:
    """`cost` of each opening's letter alone and of its words, in C loops."""
    import numpy as np

    fragment = np.fromiter(map(len, map(_FRAGMENT, openings)), np.int64, len(openings))
    entry = list(map(_WORDS, openings))
    count = np.fromiter(map(len, entry), np.int64, len(openings))
    spaced = np.fromiter(map(len, map(" ".join, entry)), np.int64, len(openings))
    words = fragment + 2 + spaced + (count > 0)  # a space fewer than words in "spaced"
    move = np.zeros(len(openings), np.int64) if strip else fragment + 2
    for k in compress(range(len(openings)), map(_DECISIONS, openings)):
        move[k], words[k] = cost(openings[k], "move", strip), cost(openings[k], "words")
    return move, words


def _slope(
    cost_a: int | IntArray, gain_a: float | FloatArray, cost_b: IntArray, gain_b: FloatArray
) -> FloatArray:
    """What going from entry a to entry b wins per character (`math.inf` where it costs
    nothing more)."""
    import numpy as np

    same = cost_b == cost_a
    return np.where(same, math.inf, (gain_b - gain_a) / np.where(same, 1, cost_b - cost_a))


def pick(seat: SeatStrategy, chosen: Iterable[Step]) -> SeatStrategy:
    """The seat with each opening's entry (`SeatStrategy.printed`) set to the last of `chosen`
    steps for it (nothing where none is; a letter alone is the best one, `Odds.letter`) and
    its figures (`SeatStrategy.wins`) for what it then prints."""
    if isinstance(chosen, Steps):
        words_at, move_at = chosen.last()
    else:
        kinds = dict(map(itemgetter(1, 2), chosen))
        words_at = [place for place, kind in kinds.items() if kind == "words"]
        move_at = [place for place, kind in kinds.items() if kind == "move"]
    openings = seat.openings
    choices = [NOTHING] * len(openings)
    words_at = _mark(choices, openings, words_at, "words")
    move_at = _mark(choices, openings, move_at, "move")
    c = seat.columns
    if not openings or len(c.place) < len(openings):
        return replace(seat, choices=tuple(choices), wins=None, wins_by_table=())
    import numpy as np

    # What each opening's entry wins at each table (`_printed_wins`): its letter alone is
    # `Odds.letter`.
    t = c.tables
    card = t[1].copy()
    card[move_at] = t[3][move_at]
    card[words_at] = np.where(np.isnan(t[2][words_at]), card[words_at], t[2][words_at])
    return with_wins(replace(seat, choices=tuple(choices)), c, card)


def _mark(
    choices: list[Printed], openings: Sequence[Opening], places: list[int], kind: Kind
) -> list[int]:
    """Print the `openings` at `places` as `kind` in `choices`: with their words' move, or
    their best letter alone (`Odds.letter`); the places that have one to print."""
    chosen = [openings[k] for k in places]
    if kind == "words":
        moves = list(map(_PLAY, chosen))
    else:
        moves = [o.odds.letter if o.odds is not None else None for o in chosen]
    done = []
    for place, move in zip(places, moves, strict=True):
        if move is not None:
            choices[place] = Printed(kind, move)
            done.append(place)
    return done


def full(seat: SeatStrategy) -> SeatStrategy:
    """The seat as the whole deck prints it: every opening's words, else its first winning
    letter, else its try's letter (`Opening.full_move`)."""
    choices = tuple(
        NOTHING if o.full_move is None else Printed("words" if o.words else "move", o.full_move)
        for o in seat.openings
    )
    whole = replace(seat, choices=choices)
    if not seat.openings or any(o.odds is None for o in seat.openings):
        return replace(whole, wins=None, wins_by_table=())
    return with_wins(whole, seat.columns, printed_rates(whole))


GALLOP = 32
"""The first run of steps a deck's room is tried with."""


def longest_run(
    count: int, fits: Callable[[int], bool], first: int = GALLOP, guess: int | None = None
) -> int:
    """The largest k <= `count` with `fits(k)`, for a `fits` that holds up to some k and not
    after (0 where only nothing fits: `fits(0)` is taken to hold); `first`: the first k
    tried. With `guess` (where the cut likely is), the search gallops out from it both ways
    instead: a guess at the cut (or one past it) takes two trials, and as `fits` holds up to
    some k and not after, it finds the same k."""
    if guess is not None:
        low, high = _around(count, fits, min(max(guess, 0), count))
        if low == high:
            return low
    else:  # galloping, then halving: the sections laid out stay near the size of the one chosen
        low, high = 0, min(first, count)
        while fits(high):
            if high == count:
                return count
            low, high = high, min(2 * high, count)
    while high - low > 1:  # fits(low), not fits(high)
        middle = (low + high) // 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def _around(count: int, fits: Callable[[int], bool], k: int) -> tuple[int, int]:
    """A k that fits and a larger one that does not, galloping out from `k` (a step, then
    twice as many each time); (`count`, `count`) where all fit."""
    if k == 0 or fits(k):
        low, step = k, 1
        while low < count:
            high = min(low + step, count)
            if not fits(high):
                return low, high
            low, step = high, 2 * step
        return count, count
    high, step = k, 1
    while True:
        low = max(high - step, 0)
        if low == 0 or fits(low):
            return low, high
        high, step = low, 2 * step


def fitting(order: Steps, fits: Callable[[Steps], bool], guess: int | None = None) -> Steps:
    """The steps of `order` a deck prints, for `fits` whether a deck of those steps fits its
    room: the steps in order while they fit, a step that does not fit passed over for later
    ones that do (docs/rules.md, "A range of tables"). A step that adds at least as many
    characters (`Steps.room`) as one that did not fit is taken not to fit either: run-in text
    takes room as its characters do, and so the deck is laid out a few times, not once a
    step. With `guess`, the search for the first run starts there (`longest_run`)."""
    import numpy as np

    k = longest_run(len(order), lambda k: fits(order.take(slice(0, k))), guess=guess)
    taken = list(range(k))
    rest = np.arange(k, len(order))
    while len(rest):
        limit = order.room[rest[0]]  # rest[0] does not fit
        rest = rest[1:][order.room[rest[1:]] < limit]
        # Steps passed over change what is printed before the later ones: keep those that
        # still leave every table at least at nothing's.
        rest = safe(order, rest, taken)
        if not len(rest):
            break
        ahead = rest.tolist()

        def more(m: int, ahead: list[int] = ahead, before: list[int] = taken) -> bool:
            return fits(order.take(np.array(before + ahead[:m], dtype=np.int64)))

        run = longest_run(len(ahead), more, first=1)
        taken += rest[:run].tolist()
        rest = rest[run:]
    return order.take(np.array(taken, dtype=np.int64))


__all__ = [
    "GALLOP", "fitting", "Kind", "Step", "Steps", "cost", "full", "longest_run", "pick",
    "row_cost", "safe", "steps",
]
