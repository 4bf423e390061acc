"""A solved Ghost game stored for play: its positions read back with the standard library.

`cardgen play` asks a few questions at each turn (who loses, the card's words, the trap, the
computer's letters), and answering them from the solved game meant importing numpy and the
solver first. `cardgen.games.planes.stored_game` writes what those answers are made of, once,
from the solved game (SuperGhost's and SuperDuperGhost's: `cardgen.games.storedinfix`), per
fragment, level by level in the solver's order (`cardgen.games.solver.Solution.levels`),
its first word, its number of children (0: a playable word), its loser mask and the child the
card's words go through (`Solution.card_children`); with word frequencies, each seat's escape
threshold, the highest Zipf of the words that begin with it and the first such word
(`cardgen.games.traps`); against a casual table (`knows`), the loser masks of the game on the
words the table knows (`cardgen.games.computer.known_game`), and the children the table's
strategies and named words go through (`cardgen.games.casual`). `read_game` gives them back as a
`GameSolution` (`StoredGame`), its thresholds and its casual table, on which `explain`, the best
try, the advice and the computer's moves run unchanged: the store holds answers, not rules.

The data are one header line (JSON: which game, its words' length, each plane's), the words and
the planes, little-endian, one after the other (`unpack`, the variants' too). Thresholds are
held as indices into a table of the distinct values: 2 bytes a fragment.
"""

from __future__ import annotations

import json
import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.games.advice import Escape, TableAnswers, escape_word
from cardgen.games.game import Decision, GameSolution, PrefixMoves
from cardgen.words.alphabet import Spelling
from cardgen.words.lexicon import Lexicon

if TYPE_CHECKING:  # the solved game's types, in the stubs' signatures only
    import numpy as np

    from cardgen.games.levels import Array, Moves
    from cardgen.games.scores import Scores


@dataclass(frozen=True)
class StoredPlay:
    """A stored game as play reads it: the game, its thresholds and, at a casual table, the
    table's strategies and the game on the words it knows (None: it knows none)."""

    solution: StoredPositions
    traps: StoredThresholds | None
    knows: float | None
    table: StoredCasual | None
    known: GameSolution | None


class Planes(dict[str, "array[Any]"]):
    """The stored arrays by name, as `unpack` found them."""

    def __init__(self, header: dict[str, Any], data: memoryview) -> None:
        super().__init__()
        self.header = header
        at = 0
        for name, code, count in header["planes"]:
            plane = array(code)
            size = plane.itemsize * count
            plane.frombytes(data[at:at + size])
            if sys.byteorder == "big" and plane.itemsize > 1:
                plane.byteswap()
            self[name] = plane
            at += size
        if at != len(data):
            raise ValueError("stored game: planes and header disagree")


class StoredPositions(GameSolution, Protocol):
    """A stored game, its positions numbered across its levels (`index`)."""

    def index(self, fragment: str) -> int: ...


class NotStored:
    """What a stored game does not hold: the questions of builds and tables, not of play."""

    def fragments(self, length: int) -> Iterable[str]:
        """Not stored: play never lists a level."""
        raise NotImplementedError

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """Not stored: play prints no table row."""
        raise NotImplementedError

    def move_levels(self) -> tuple[Moves, ...]:
        """Not stored: passes over every position run on the solved game."""
        raise NotImplementedError

    def over_words(self, values: Array, ufunc: np.ufunc, identity: Any) -> tuple[Array, ...]:
        """Not stored: passes over every position run on the solved game."""
        raise NotImplementedError

    def scores(self) -> Scores:
        """Not stored: play scores no strategy."""
        raise NotImplementedError


class StoredGame(NotStored, PrefixMoves):
    """A solved Ghost game read back from its store: the parts of `GameSolution` that
    `explain`, the best try and the computer's moves ask for. With `knows`, the game on the
    words of Zipf >= `knows` only (`cardgen.games.computer.known_game`), on the same tree.
    A position's id is its node, its place among every fragment of the tree."""

    def __init__(self, planes: Planes, lexicon: Lexicon, knows: float | None = None) -> None:
        header = planes.header
        self.lexicon = lexicon
        self.players: int = header["players"]
        self._longest: int = header["longest"]
        self._start = planes["start"]
        self._count = planes["count"]
        self._first_child = list(accumulate(self._count, initial=1))  # they tile the next level
        self._knows = knows
        self._losers = planes["losers" if knows is None else "known_losers"]
        self._card_choice = planes["choice"]
        self._best = planes["best"] if "best" in planes else None
        self._values = planes["values"] if "values" in planes else None
        self._zipf = planes["zipf"] if "zipf" in planes else None
        self._nodes: dict[str, int | None] = {"": 0}
        self._found: dict[str, int | None] = {}

    @property
    def nodes(self) -> int:
        """The number of fragments, the empty one included."""
        return len(self._count)

    def _node(self, fragment: str) -> int | None:
        """The fragment's place among every fragment of the (whole) tree, or None."""
        if fragment in self._nodes:
            return self._nodes[fragment]
        if len(fragment) > self._longest:  # a word named at a challenge may be any length
            return None
        parent = self._node(fragment[:-1])
        found = None
        if parent is not None:
            d, letter = len(fragment) - 1, fragment[-1]
            for child in self._children_of(parent):
                if self.lexicon.words[self._start[child]][d] == letter:
                    found = child
                    break
        self._nodes[fragment] = found
        return found

    def _children_of(self, node: int) -> range:
        lo = self._first_child[node]
        return range(lo, lo + self._count[node])

    def _known(self, node: int) -> bool:
        """Whether a word the table knows holds the fragment (always, without `knows`)."""
        return self._knows is None or self._value(self._best, node) >= self._knows

    def _search(self, fragment: str) -> int | None:
        node = self._node(fragment)
        return node if node is not None and self._known(node) else None

    def _is_leaf(self, length: int, i: int) -> bool:
        return not self._count[i]

    def _loser_mask(self, length: int, i: int) -> int:
        return int(self._losers[i])

    def _kids(self, length: int, i: int) -> list[int]:
        return [j for j in self._children_of(i) if self._known(j)]

    def _first(self, length: int, i: int) -> int:
        return int(self._start[i])

    def _choice(self, length: int, i: int, seat: int) -> int:
        return int(self._first_child[i] + self._card_choice[i]) - 1

    def _holders(self, fragment: str) -> Sequence[str]:
        """The words that begin with `fragment` (with `knows`, those the table knows)."""
        run, words = self._run(fragment), self.words
        if self._knows is None:
            return words[run.start:run.stop]
        return [words[k] for k in run if self._value(self._zipf, k) >= self._knows]

    def word_index(self, word: str) -> int:
        """The index of a playable word among `words`."""
        return int(self._start[self.index(word)])

    def _value(self, plane: array[Any] | None, i: int) -> float:
        assert plane is not None and self._values is not None  # stored with frequencies
        return float(self._values[plane[i]])


class StoredThresholds:
    """A stored game's escape thresholds (`cardgen.games.traps.Thresholds`): what the trap and
    its escape word read."""

    def __init__(self, planes: Planes, solution: StoredPositions) -> None:
        self.solution = solution
        self._values = planes["values"]
        self._escape = [planes[f"escape{k}"] for k in range(solution.players)]
        self._best = planes["best"]
        self._first = planes["first"]

    def threshold(self, fragment: str, seat: int) -> float:
        """T_seat(fragment) (`Thresholds.threshold`)."""
        return float(self._values[self._escape[seat - 1][self.solution.index(fragment)]])

    def known(self, fragment: str) -> float:
        """M(fragment): the highest Zipf of the playable words that begin with it."""
        return float(self._values[self._best[self.solution.index(fragment)]])

    def first_known(self, fragment: str) -> int:
        """The first word of Zipf M(fragment) that begins with it (`Thresholds.first_known`)."""
        return int(self._first[self.solution.index(fragment)])

    def escape_word(self, fragment: str, seat: int) -> Escape | None:
        """The word the others must know to stop `seat` winning (`Thresholds.escape_word`)."""
        return escape_word(self.solution, self, fragment, seat)


class StoredCasual(TableAnswers):
    """A stored game's strategies against a casual table (`cardgen.games.casual.Casual`): what
    every game answers alike, from the thresholds."""

    thresholds: StoredThresholds

    def __init__(self, thresholds: StoredThresholds, knows: float) -> None:
        self.thresholds = thresholds
        self.knows = knows

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """No decision table in Ghost."""
        return ()

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat's winning word set against the table and the words it names."""
        raise NotImplementedError


class StoredGhostCasual(StoredCasual):
    """Ghost's strategies against a casual table: where the seat moves, the child its strategy
    goes through; where another seat moves, every child the table knows a word of; where it
    knows none, the word the seat names (down the children the named word goes through)."""

    def __init__(
        self, planes: Planes, solution: StoredGame, thresholds: StoredThresholds, knows: float
    ) -> None:
        super().__init__(thresholds, knows)
        self._game = solution
        self._choice = planes["casual_choice"]
        self._pick = planes["pick"]

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The seat's winning word set against the table and the words of it that it names
        when challenged, both sorted; ((), ()) where it can lose."""
        solution = self._game
        if not self.wins(fragment, seat):
            return (), ()
        found: set[int] = set()
        named: set[int] = set()
        stack = [fragment]
        while stack:
            f = stack.pop()
            kids = [f + x for x in solution.children(f)]
            if not kids:
                found.add(solution.word_index(f))
            elif solution.mover(f) == seat:
                stack.append(kids[self._choice[solution.index(f)] - 1])
            elif known := [h for h in kids if self.thresholds.known(h) >= self.knows]:
                stack.extend(known)
            else:  # knowing no word, they challenge: the seat names its pick
                word = self._picked(f)
                found.add(word)
                named.add(word)
        words = solution.words
        return tuple(words[k] for k in sorted(found)), tuple(words[k] for k in sorted(named))

    def _picked(self, fragment: str) -> int:
        """The word named when the others challenge at `fragment`, by index."""
        solution = self._game
        while kids := solution.children(fragment):
            fragment += kids[self._pick[solution.index(fragment)] - 1]
        return solution.word_index(fragment)


FORMAT = 2
"""The stored game's format: a reader of another finds nothing (2: the header names the game)."""


def unpack(data: bytes | memoryview, game: str) -> tuple[dict[str, Any], Lexicon, Planes]:
    """A stored game's header, words and planes (`stored_game`); ValueError (or KeyError)
    where the data are not a stored `game` (its name: `ghost`, `superghost`, ...)."""
    view = memoryview(data)
    line = bytes(view[:1 << 20]).partition(b"\n")[0]  # the header: a few hundred bytes
    header = json.loads(line)
    if header.get("format") != FORMAT or header.get("game") != game:
        raise ValueError(f"stored game: format {header.get('format')!r} of {header.get('game')}")
    at = len(line) + 1
    size = header["words"]
    lexicon = Lexicon(tuple(str(view[at:at + size], "utf-8").split("\n")), header["min_length"],
                      header["letters"], Spelling(**header["spelling"]))
    return header, lexicon, Planes(header, view[at + size:])


def read_game(data: bytes | memoryview) -> StoredPlay:
    """A stored Ghost game (`stored_game`) read back; ValueError (or KeyError) where the data
    are not one."""
    header, lexicon, planes = unpack(data, "ghost")
    solution = StoredGame(planes, lexicon)
    traps = StoredThresholds(planes, solution) if "values" in planes else None
    knows = header["knows"]
    if knows is None or traps is None:
        return StoredPlay(solution, traps, None, None, None)
    known = StoredGame(planes, lexicon, knows) if traps.known("") >= knows else None
    table = StoredGhostCasual(planes, solution, traps, knows)
    return StoredPlay(solution, traps, knows, table, known)
