"""How much work solving a config takes, estimated before any of it is done, and the budget it
must fit (`--max-seconds`, the memory this machine has free).

The estimate counts positions from the playable words without solving (docs/speed.md,
"Estimates"): Ghost's fragments are the prefixes of the words, counted from the common
prefixes of neighbours in one vectorised pass; SuperGhost's are the infixes, and the solver's
work is counted by their occurrences (a word of L letters holds L(L+1)/2, its reverse as many
again in SuperDuperGhost), known from the word lengths alone. A card's work then grows with its
openings, the fragments shorter than the number of players (seat k starts from those of k-1
letters), counted one length at a time and no further than the budget. Seconds and bytes are
these counts times constants measured on this project's machine (`python bench/estimate.py`).

`cardgen explain`, which does more than solve, is estimated part by part in
`cardgen.games.explainwork`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.errors import InputError

if TYPE_CHECKING:
    from cardgen.words.lexicon import Lexicon

MAX_SECONDS = 60.0
"""The default time budget of a command that solves (`--max-seconds`)."""


@dataclass(frozen=True)
class Rates:
    """What one game's work costs on the machine the constants were measured on."""

    solve_seconds: float
    """Seconds per position solved (Ghost: per fragment; the variants: per occurrence)."""
    solve_bytes: float
    """Peak bytes per position solved."""
    opening_seconds: float
    """Seconds per opening of a card: its strategy, figures, deck and renderings."""
    opening_bytes: float
    """Peak bytes per opening of a card."""
    row_seconds: float
    """Seconds per opening of a table row (a row needs sums, not a card)."""

    def per_opening(self, work: str) -> float:
        """Seconds per opening of a `card`, a table `row` or a bare `solve` (none)."""
        return {"card": self.opening_seconds, "row": self.row_seconds, "solve": 0.0}[work]


RATES = {
    "ghost": Rates(2.0e-6, 224.0, 1.2e-4, 2.8e3, 1.0e-6),
    "superghost": Rates(1.5e-7, 14.0, 1.0e-3, 6.1e3, 1.0e-4),
    "superduperghost": Rates(2.2e-7, 13.0, 9.0e-4, 6.1e3, 1.0e-4),
}
"""The measured constants of each game: CPU seconds and peak bytes of whole `cardgen build`
processes, fitted over 21 cards and 2 tables (docs/speed.md, "Estimates")."""
DECK_SECONDS = 1.3e-3
"""Seconds per opening of a whole deck's PDF on top of its card (`pdf.cards: full`): twl06, 4+
letters, 5 players, 13,645 openings, 18 s of layout (4 players: 3,409 openings, 1.5 s; the
layout grows faster than the openings, so the larger deck sets the rate)."""
BASE_SECONDS = 1.0
"""Seconds of any run that solves: Python, imports, reading the list, its frequencies."""
BASE_BYTES = 70e6
"""Peak bytes of any run that solves, the word list and its playable words included."""


class BudgetError(InputError):
    """Work estimated to take longer than the time budget, or more memory than is free."""


@dataclass(frozen=True)
class Workload:
    """The work of solving one game, and of a card (or a table row) on it."""

    game: str
    players: int
    positions: int
    """Positions the solver visits: fragments (Ghost) or their occurrences (the variants)."""
    openings: int
    """Fragments shorter than `players` letters: the openings of every seat, counted until
    the budget was exceeded (a lower bound then)."""
    complete: bool = True
    """Whether `openings` were all counted (False: counting stopped, the budget exceeded)."""

    def seconds(self, kind: str = "card") -> float:
        """The estimated seconds of a `card`, a table `row` or a bare `solve`."""
        rates = RATES[self.game]
        return (BASE_SECONDS + self.positions * rates.solve_seconds
                + self.openings * rates.per_opening(kind))

    def bytes(self, kind: str = "card") -> float:
        """The estimated peak memory in bytes."""
        rates = RATES[self.game]
        per = rates.opening_bytes if kind == "card" else 0.0
        return BASE_BYTES + self.positions * rates.solve_bytes + self.openings * per


def workload(lexicon: Lexicon, game: str, players: int, enough: int | None = None) -> Workload:
    """The work of solving `game` for `players` on the lexicon, counted without solving;
    counting the openings stops once past `enough` of them."""
    import numpy as np

    words = lexicon.words
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    if game == "ghost":
        from cardgen.games.trie import common_prefixes

        # Word i begins a new fragment at every length past its common prefix with word i-1.
        top = int(lengths.max()) + 2
        starts = np.bincount(common_prefixes(words, lengths) + 1, minlength=top)
        levels = np.cumsum(starts - np.bincount(lengths + 1, minlength=top))[1:-1]
        found = 1 + int(levels[: players - 1].sum())
        return Workload(game, players, 1 + int(levels.sum()), found)
    runs = int((lengths * (lengths + 1) // 2).sum())
    solved = 1 + (2 * runs if game == "superduperghost" else runs)
    found, complete = _infixes(lexicon, players - 1, enough)
    return Workload(game, players, solved, found, complete)


def _infixes(lexicon: Lexicon, longest: int, enough: int | None) -> tuple[int, bool]:
    """The distinct infixes of at most `longest` letters (the empty one included), one length
    at a time, each infix a number in base letters + 1; and whether all were counted (the
    count stops once past `enough`)."""
    import numpy as np

    base = len(lexicon.letters) + 1
    joined, top = "\0".join(lexicon.words), max(map(ord, lexicon.letters))
    # The code points as bytes where they fit (Latin-1), and the letters' numbers so: the
    # first lengths then go over a quarter or an eighth of the memory.
    points = np.frombuffer(joined.encode("latin-1"), dtype=np.uint8) if top < 256 else (
        np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32))
    table = np.zeros(top + 1, dtype=np.min_scalar_type(base))
    table[[ord(c) for c in lexicon.letters]] = np.arange(1, base)
    letters = table[points]  # 0 between words
    found, window, alive = 1, letters, letters > 0
    for length in range(1, longest + 1):
        if enough is not None and found > enough:
            return found, False
        if length > 1:  # in int64 from here: a number has a digit per letter (widened
            # first: numpy 1.x keeps a small array's type against a scalar of any type)
            end = len(letters) - length + 1
            window = window[:end].astype(np.int64, copy=False) * base + letters[length - 1 :]
            alive = alive[:end] & (letters[length - 1 :] > 0)
        inside = window.compress(alive)  # (`window[alive]` is several times slower)
        if base**length <= 4 * len(letters):  # few enough to mark each in a bitmap
            found += int(np.count_nonzero(np.bincount(inside, minlength=1)))
        else:
            found += len(np.unique(inside))
    return found, True


def check(lexicon: Lexicon, game: str, players: int, work: str, max_seconds: float,
          where: object) -> Workload:
    """The workload of a `card`, a table `row` or a `solve` on the lexicon; BudgetError, with
    the figures, if it would take more than `max_seconds` or more memory than is free."""
    per = RATES[game].per_opening(work)
    enough = None  # count openings only until they alone exceed the budget
    if per:
        enough = max(0, int((max_seconds - BASE_SECONDS) / per)) + 1
    found = workload(lexicon, game, players, enough)
    refuse([found], work, max_seconds, f"{game} on {where} for {players} players", "dictionary")
    return found


def check_deck(openings: int, max_seconds: float, what: str) -> None:
    """BudgetError if laying out a whole deck's `openings` (`pdf.cards: full`) would take more
    than `max_seconds`: a solved card, even one read from the cache, may still be far too big
    to draw (twl06 for 10 players: the pocket deck in 15 s, the whole deck past 10 minutes)."""
    seconds = BASE_SECONDS + openings * DECK_SECONDS
    if seconds > max_seconds:
        raise BudgetError(
            f"pdf.cards: the whole deck of {what} would take about {seconds_text(seconds)} to lay "
            f"out ({count_text(openings, 'opening')}), more than --max-seconds {max_seconds:g}: "
            "print the pocket deck (leave out `pdf.cards`, or give a number of cards), or "
            "raise --max-seconds"
        )


def refuse(works: Sequence[Workload], work: str, max_seconds: float, what: str,
           words_key: str) -> None:
    """BudgetError if `works`, done one after another, would take more than `max_seconds` or
    more memory than is free. The message begins with the key to blame: `players` where the
    openings make most of the estimate, else `words_key` (the word lists'), then says `what`
    it is and the figures."""
    seconds = BASE_SECONDS + sum(w.seconds(work) - BASE_SECONDS for w in works)
    need = max(w.bytes(work) for w in works)
    at_least = "" if all(w.complete for w in works) else "at least "
    figures = count_text(sum(w.positions for w in works), "position")
    if RATES[works[0].game].per_opening(work):  # a bare solve has no openings to pay for
        figures += f", {at_least}{count_text(sum(w.openings for w in works), 'opening')}"
    free = available_memory()
    if free is not None and need > free:
        opening = max(w.openings * RATES[w.game].opening_bytes for w in works)
        key = "players" if work == "card" and opening > need / 2 else words_key
        raise BudgetError(
            f"{key}: {what} would need {at_least or 'about '}{size_text(need)} of memory "
            f"({figures}), and {size_text(free)} are free"
        )
    if seconds > max_seconds:
        opening = sum(w.openings * RATES[w.game].per_opening(work) for w in works)
        key = "players" if opening > seconds / 2 else words_key
        raise BudgetError(
            f"{key}: {what} would take {at_least or 'about '}{seconds_text(seconds)} ({figures}), "
            f"more than --max-seconds {max_seconds:g}: raise --max-seconds to run it anyway"
        )


def size_text(count: float) -> str:
    """A number of bytes as a run's errors say it: `70 MB`, `2.3 GB`, `11 KB`."""
    if count < 1e6:
        return f"{count / 1e3:,.0f} KB"
    return f"{count / 1e9:.1f} GB" if count >= 1e9 else f"{count / 1e6:,.0f} MB"


def seconds_text(count: float) -> str:
    """Seconds as a run's errors say them: `2.3 s`, `164 s`."""
    return f"{count:.1f} s" if count < 10 else f"{count:,.0f} s"


def count_text(count: int, noun: str) -> str:
    """A count of things: `1 opening`, `27 openings`."""
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def available_memory() -> int | None:
    """Bytes of memory free for a new run (Linux: MemAvailable), or None if unknown."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError):
        return None
