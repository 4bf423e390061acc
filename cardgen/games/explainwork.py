"""What `cardgen explain` costs, estimated before any of it is done (issue 35, item 12):
beyond the solve, its traps, the figures of every casual table of the card's range and all it
keeps in the solution cache (docs/speed.md, "Estimates").

Each part is a count times a rate measured on this project's machine (`python bench/explain.py`).
What grows with a big list is the positions the solved game keeps: its traps and each table's
figures are arrays over them, 8 bytes a seat. Ghost's are its fragments (`Workload.positions`);
SuperGhost's are the distinct infixes of the words (`distinct_infixes`, counted as the solver
numbers them), which a list of random words has nearly as many of as occurrences, and a real
list an eighth; SuperDuperGhost's are those of the words and of their reverses, at most twice
as many.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgen.games import workload as estimates  # `estimates.available_memory`: one seam
from cardgen.games.workload import (
    BASE_BYTES,
    BASE_SECONDS,
    RATES,
    BudgetError,
    count_text,
    seconds_text,
    size_text,
    workload,
)

if TYPE_CHECKING:
    from cardgen.words.lexicon import Lexicon


@dataclass(frozen=True)
class ExplainRates:
    """What `cardgen explain` costs per count in one game (docs/speed.md, "Estimates")."""

    position_seconds: float
    """Seconds per position solved (`Workload.positions`): Ghost's solve and traps; the
    variants' infixes numbered."""
    kept_seconds: float
    """Seconds per position kept (`ExplainWork.kept`): the variants' moves, loser sets and
    traps."""
    offer_seconds: float
    """Seconds per position solved, once for all the casual tables: what the known words
    offer each table (the variants' model walks their occurrences; every word's, as a bound,
    since which words a table knows is read after the solve)."""
    game_bytes: tuple[float, float]
    """Bytes of the solved game and its traps in memory, per position kept: a + b x players."""
    word_bytes: float
    """Bytes of the solved game in memory, per playable word (its letters, its frequency)."""
    table_bytes: tuple[float, float]
    """Bytes of one casual table's figures in memory, per position kept: a + b x players."""
    tables_kept: bool = True
    """Whether each table's figures are kept in the solution cache (the variants keep none:
    `cardgen.cards.infixcache`)."""
    stored_bytes: tuple[float, float, float] | None = None
    """Bytes of the solved game as the solution cache keeps it, per position kept and per
    word: a + b x players + c x words / kept; None where it is kept as it is in memory
    (Ghost). The variants keep their stored game (its answers, `cardgen.games.planes`)."""


EXPLAIN_RATES = {
    "ghost": ExplainRates(1.0e-6, 0.0, 0.0, (43.0, 16.0), 26.0, (24.0, 8.0)),
    "superghost": ExplainRates(4.0e-8, 2.5e-7, 8.0e-8, (36.0, 8.0), 48.0, (24.0, 8.0),
                               False, (4.3, 2.1, 44.0)),
    "superduperghost": ExplainRates(4.0e-8, 2.5e-7, 8.0e-8, (28.0, 8.0), 80.0, (18.0, 8.0),
                                    False, (3.1, 0.74, 41.0)),
}
"""Each game's `ExplainRates`: CPU seconds of whole cold `cardgen explain` processes and of
their stages, and the bytes they kept (`python bench/explain.py`)."""
WORD_SECONDS = 3.0e-6
"""Seconds per playable word of an explain that solves: the words built, their frequencies,
the position looked up among them (the list itself read in `BASE_SECONDS`)."""
FIGURE_SECONDS = 2.5e-9
"""Seconds per byte of the casual tables' figures: each byte is part of a float worked out."""
KEEP_SECONDS = 3.0e-9
"""Seconds per byte an explain keeps in the solution cache: packed, checksummed and written."""


@dataclass(frozen=True)
class ExplainWork:
    """The work of `cardgen explain`: the game solved with its traps (unless it is at hand),
    and the figures of each casual table of the card's range that the cache does not have,
    each kept in the solution cache. Every part is a count times a rate (`parts`)."""

    game: str
    players: int
    words: int
    """Playable words."""
    positions: int
    """Positions the solver visits (`Workload.positions`)."""
    kept: int
    """Positions the solved game keeps: Ghost's fragments; the variants' distinct infixes
    (with reversal, twice the words' own before the solve: a bound on theirs and their
    reverses')."""
    tables: int
    """Casual tables whose figures are worked out."""
    solving: bool = True
    """Whether the game is solved first (False: it is at hand, only the figures remain)."""
    keeping: bool = True
    """Whether the results are kept in the solution cache (False: it is off)."""

    def game_bytes(self) -> float:
        """The bytes of the solved game and its traps in memory (0 when it is at hand)."""
        rates = EXPLAIN_RATES[self.game]
        a, b = rates.game_bytes
        kept = self.kept * (a + b * self.players) + self.words * rates.word_bytes
        return kept if self.solving else 0.0

    def kept_game_bytes(self) -> float:
        """The bytes of the solved game as the solution cache keeps it (0 when it is at
        hand)."""
        stored = EXPLAIN_RATES[self.game].stored_bytes
        if stored is None or not self.solving:
            return self.game_bytes()
        a, b, c = stored
        return self.kept * (a + b * self.players) + self.words * c

    def table_bytes(self) -> float:
        """The bytes of one casual table's figures, as worked out (and kept, Ghost's)."""
        a, b = EXPLAIN_RATES[self.game].table_bytes
        return self.kept * (a + b * self.players)

    def stored(self) -> float:
        """The bytes of the results: the game (when it is solved), each table's figures; kept
        in the solution cache unless it is off."""
        tables = self.tables * EXPLAIN_RATES[self.game].tables_kept
        return self.kept_game_bytes() + tables * self.table_bytes()

    def parts(self) -> dict[str, float]:
        """The estimated seconds of each part of the work, each a count times a rate: the
        `start` and the `words` (when it solves), the `solve` (with its traps), the `offers`
        of the words to the casual tables, their `figures`, and each byte `kept`."""
        rates = EXPLAIN_RATES[self.game]
        solving = float(self.solving)
        return {
            "start": BASE_SECONDS * solving,
            "words": self.words * WORD_SECONDS * solving,
            "solve": (self.positions * rates.position_seconds
                      + self.kept * rates.kept_seconds) * solving,
            "offers": self.positions * rates.offer_seconds * bool(self.tables),
            "figures": self.tables * self.table_bytes() * FIGURE_SECONDS,
            "kept": self.stored() * KEEP_SECONDS * self.keeping,
        }

    def seconds(self) -> float:
        """The estimated seconds of the whole explain."""
        return sum(self.parts().values())

    def bytes(self) -> float:
        """The estimated peak memory in bytes: the solve's, then the game and every table's
        figures in memory at once, and a copy of the largest as it is kept."""
        solve = self.positions * RATES[self.game].solve_bytes * self.solving
        held = self.game_bytes() + self.tables * self.table_bytes()
        copy = max(self.kept_game_bytes(), self.table_bytes()) * self.keeping
        return BASE_BYTES + solve + held + copy

    def refuse(self, max_seconds: float, what: str) -> None:
        """BudgetError, naming the word list's key and saying `what` it is, if the explain
        would take more than `max_seconds` or more memory than is free."""
        figures = count_text(self.positions, "position")
        if self.kept != self.positions:
            figures += f", {self.kept:,} distinct"
        if self.tables:
            figures += f", figures at {count_text(self.tables, 'casual table')}"
        if self.keeping:
            figures += f", {size_text(self.stored())} to keep"
        doing = "to explain" if self.solving else "to work out its casual tables' figures"
        free = estimates.available_memory()
        if free is not None and self.bytes() > free:
            raise BudgetError(
                f"dictionary: {what} would need about {size_text(self.bytes())} of memory {doing} "
                f"({figures}), and {size_text(free)} are free"
            )
        if self.seconds() > max_seconds:
            raise BudgetError(
                f"dictionary: {what} would take about {seconds_text(self.seconds())} {doing} "
                f"({figures}), more than --max-seconds {max_seconds:g}: raise --max-seconds "
                "to run it anyway"
            )


def explain_work(lexicon: Lexicon, game: str, players: int, tables: int, *,
                 keeping: bool = True) -> ExplainWork:
    """The work of explaining a position of `game` for `players` on the lexicon, not yet
    solved, with the figures of `tables` casual tables (`keeping` all in the solution cache):
    counted without solving."""
    positions = workload(lexicon, game, players, enough=0).positions  # no openings counted
    kept = positions
    if game != "ghost":
        kept = sum(distinct_infixes(lexicon))
        if game == "superduperghost":  # the reverses' infixes too: at most as many again
            kept = 2 * kept - 1
    return ExplainWork(game, players, len(lexicon.words), positions, kept, tables,
                       keeping=keeping)


def distinct_infixes(lexicon: Lexicon) -> list[int]:
    """The number of distinct infixes of the words of each length, from 0 (the empty one)
    to the longest word's: each length's runs are numbered densely by the pair (number of
    the run without its last letter, that letter), as `cardgen.games.infix` numbers them.

    >>> from cardgen.words.lexicon import Lexicon
    >>> distinct_infixes(Lexicon(("abab", "bab"), 3))
    [1, 2, 2, 2, 1]
    """
    import numpy as np

    base = len(lexicon.letters) + 1
    points = np.frombuffer("".join(lexicon.words).encode("utf-32-le"), dtype=np.uint32)
    table = np.zeros(max(map(ord, lexicon.letters)) + 1, dtype=np.int64)
    table[[ord(c) for c in lexicon.letters]] = np.arange(1, base, dtype=np.int64)
    letters = table[points]
    lengths = np.fromiter(map(len, lexicon.words), dtype=np.int64, count=len(lexicon.words))
    room = np.repeat(np.cumsum(lengths), lengths) - np.arange(len(letters))  # to its word's end
    positions = np.arange(len(letters))
    ids = np.zeros(len(letters), dtype=np.int64)  # each run's number, one letter shorter
    counts = [1]
    for length in range(1, int(lengths.max(initial=0)) + 1):
        keep = room >= length
        positions, ids, room = positions[keep], ids[keep], room[keep]
        pair = ids * base + letters[positions + (length - 1)]
        seen = np.zeros(counts[-1] * base, dtype=np.bool_)
        seen[pair] = True
        rank = np.cumsum(seen)
        counts.append(int(rank[-1]))
        ids = rank[pair] - 1
    return counts


__all__ = ["EXPLAIN_RATES", "ExplainRates", "ExplainWork", "distinct_infixes", "explain_work"]
