"""Traps: playing a table that knows only common words (docs/rules.md, "Traps").

The other seats know the playable words of Zipf frequency >= theta. They play only moves that
make a fragment held by a word they know (any such move: with three or more players they may
gang up), and when they know none they challenge and lose. For a seat s, the escape threshold
T(f) is the least theta at which s can still lose from fragment f against every such table:

- f a playable word: T = +inf if s completed it, else -inf;
- s to move: T(f) = min over moves x of T(f + x);
- another seat to move: T(f) = max over x of min(M(f + x), T(f + x)),

with M(g) the highest Zipf of the playable words that hold g (that begin with it in Ghost,
contain it in the variants; `cardgen.games.game`). s cannot lose from f exactly when
theta > T(f). Like the solvers, `Thresholds` fills in M and every seat's T level by level from
the deepest up (`cardgen.games.levels`), so the work is linear in the number of moves, and
reads the game only through `GameSolution`: one code path for Ghost and its variants.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from cardgen.games.advice import Escape, Try, best_try, escape_word
from cardgen.games.game import GameSolution
from cardgen.games.levels import Moves, bottom_up
from cardgen.games.solver import Solution
from cardgen.games.storedinfix import first_holding
from cardgen.games.superghost import InfixSolution
from cardgen.words.alphabet import sort_key

FloatArray = npt.NDArray[np.float64]


FEW_HOLDERS = 8
"""How many of the words that contain a fragment `Thresholds.first_known` reads in every
word's text before it reads the words of the fragment's Zipf alone."""


@dataclass(frozen=True, eq=False)
class Thresholds:
    """Every seat's escape threshold T at every fragment of a solved game."""

    solution: Solution | InfixSolution
    """The solved game (named by class, not `GameSolution`: the cache reads it by its type)."""
    zipf: FloatArray = field(repr=False)
    """Zipf frequency of each playable word (aligned with `solution.words`; 0.0 if unknown)."""
    best: tuple[FloatArray, ...] = field(repr=False)
    """`best[d][i]`: M, the highest Zipf of the words that hold fragment i of length d."""
    escape: tuple[tuple[FloatArray, ...], ...] = field(repr=False)
    """`escape[seat_index][d][i]`: T of the seat at fragment i of length d."""
    _first: list[npt.NDArray[np.int64]] = field(default_factory=list, repr=False,
                                                metadata={"memo": True})
    _casual: dict[float, Any] = field(default_factory=dict, repr=False)
    """The casual tables solved on these thresholds, by `knows` (`cardgen.games.casual`):
    a build's card, its figures and `play`'s store share one solve."""
    _known: dict[float, GameSolution | None] = field(default_factory=dict, repr=False)
    """The games on the words a casual table knows, by `knows` (`cardgen.games.computer`)."""
    _groups: dict[float, tuple[npt.NDArray[np.int64], str]] = field(default_factory=dict,
                                                                     repr=False)
    """The words of each Zipf asked for (`first_known` in the variants)."""
    _text: list[str] = field(default_factory=list, repr=False, metadata={"memo": True})
    """Every word, one a line (`first_known` in the variants), made once."""

    def per_table(self, what: str, knows: float, solve: Callable[[], Any]) -> Any:
        """What `solve` finds for the casual table of Zipf >= `knows`, once per thresholds:
        `what` "casual", its strategies (`cardgen.games.casual`), or "known", the game on the
        words it knows (`cardgen.games.computer`)."""
        memo = self._casual if what == "casual" else self._known
        if knows not in memo:
            memo[knows] = solve()
        return memo[knows]

    def threshold(self, fragment: str, seat: int) -> float:
        """T_seat(fragment): the seat cannot lose from here against a table that knows only
        words of Zipf above it (-inf: it wins against perfect players too; +inf: it loses
        whatever the others know)."""
        return float(self.escape[seat - 1][len(fragment)][self.index(fragment)])

    def known(self, fragment: str) -> float:
        """M(fragment): the highest Zipf of the playable words that hold it."""
        return float(self.best[len(fragment)][self.index(fragment)])

    def trap(self, fragment: str) -> Try | None:
        """The trap of the seat to move at `fragment`, where it cannot win with perfect play:
        the candidate of the best try (docs/rules.md) after which the others need the rarest
        word to escape, then the best try's order; None where the seat wins or the game is
        over."""
        return best_try(self.solution, fragment, self)

    def escape_word(self, fragment: str, seat: int) -> Escape | None:
        """The word the others must know to stop `seat` from winning from `fragment`
        (`cardgen.games.advice.escape_word`); None where no word lets them out (T = +inf) or
        `seat` cannot lose from here whatever they know (T = -inf)."""
        return escape_word(self.solution, self, fragment, seat)

    def first_known(self, fragment: str) -> int:
        """The first word (in the words' order) of Zipf M(fragment) that holds the fragment
        (an index into `solution.words`). In the variants, found among the words of Zipf M
        (`cardgen.games.storedinfix.first_holding`) rather than for every fragment at once:
        an explain asks a few dozen, and the pass over every fragment took 0.2 s on TWL06."""
        if isinstance(self.solution, InfixSolution) and not self._first:
            value = self.known(fragment)
            found = self._first_holder_known(fragment, value)
            return found if found is not None else first_holding(fragment, value, self._group)
        return int(self.first_known_levels()[len(fragment)][self.index(fragment)])

    def _first_holder_known(self, fragment: str, value: float) -> int | None:
        """The first word, in the words' order, of Zipf `value` that contains `fragment`,
        looked for among the first `FEW_HOLDERS` words that contain it; None where none of
        them is. The first usually is (M = 0 wherever no word that holds the fragment is
        known, as at most escapes), and every word's text is quicker to make and search
        than the text of the words of Zipf M (86k of TWL06's 178k have Zipf 0)."""
        if "\n" in fragment:
            return None
        if not self._text:
            self._text.append("\n".join(self.solution.words))
        text = self._text[0]
        start = 0
        for _ in range(FEW_HOLDERS):
            at = text.find(fragment, start)
            if at < 0:
                return None
            start = text.rfind("\n", 0, at) + 1  # the word it is in, found in the sorted
            end = text.find("\n", at)  # words (counting the lines before it took longer)
            k = self._word_index(text[start:end] if end >= 0 else text[start:])
            if self.zipf[k] == value:
                return k
            if end < 0:
                return None
            start = end + 1  # the next word
        return None

    def _word_index(self, word: str) -> int:
        """The index of a playable word in `solution.words`, which are sorted in the order of
        the alphabet's letters (not always the code points')."""
        key = sort_key(self.solution.lexicon.letters)
        return bisect_left(self.solution.words, key(word), key=key)

    def _group(self, value: float) -> tuple[npt.NDArray[np.int64], str]:
        """The words of Zipf `value`: their indices, in order, and their text, one a line."""
        if value not in self._groups:
            found = np.flatnonzero(self.zipf == value)
            words = self.solution.words
            self._groups[value] = found, "\n".join(words[k] for k in found.tolist())
        return self._groups[value]

    def first_known_levels(self) -> list[npt.NDArray[np.int64]]:
        """`first_known` of every fragment, per length: the highest of `rank of its Zipf, then
        the earlier word` over the words that hold it, worked out for all at once, on first
        use."""
        count = len(self.zipf)
        if not self._first:
            _, rank = np.unique(self.zipf, return_inverse=True)
            keys = rank.astype(np.int64) * count + (count - 1 - np.arange(count))
            found = self.solution.over_words(keys, np.maximum, -1)
            self._first.extend(count - 1 - level % count for level in found)
        return self._first

    def index(self, fragment: str) -> int:
        """The id of `fragment` among its length's (KeyError outside the game)."""
        i = self.solution.find(fragment)
        if i is None:
            raise KeyError(f"{fragment!r} is no position of the game")
        return i


def thresholds(solution: GameSolution, zipf: FloatArray) -> Thresholds:
    """Every seat's escape thresholds on a solved game, from each playable word's Zipf
    frequency (aligned with `solution.words`).

    Words `xab xeno yes`, 3+ letters, two players: the first seat cannot win, but after `x`
    only a table that knows `xab` (Zipf 1.5) gets away (`xeno` is theirs to complete), while
    after `y` any table that knows `yes` (Zipf 5.0) does.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> solution = solve(playable_words(["xab", "xeno", "yes"], 3), 2)
    >>> t = thresholds(solution, np.array([1.5, 3.0, 5.0]))
    >>> t.threshold("x", 1), t.threshold("y", 1), t.trap("")
    (1.5, 5.0, Try(move='x', mistakes=1, replies=2, escape=Escape(word='xab', zipf=1.5)))
    """
    if not isinstance(solution, Solution | InfixSolution):  # what the cache can keep
        raise TypeError(f"no thresholds on a {type(solution).__name__}")
    n = solution.players
    zipf = np.asarray(zipf, dtype=np.float64)
    if zipf.shape != (len(solution.words),):
        raise ValueError(f"{zipf.size} frequencies for {len(solution.words)} words")
    best = solution.over_words(zipf, np.maximum, -np.inf)
    levels = solution.move_levels()
    # Each seat's thresholds of every length in one array, a view a length: numpy asks the
    # kernel for 2 MB pages for an array of 4 MB or more, and the levels one by one (0.1-3 MB
    # each) took a page fault every 4 KB, a quarter of the pass (SuperDuperGhost on TWL06).
    ends = np.cumsum([0, *map(len, levels)]).tolist()
    whole = [np.empty(ends[-1]) for _ in range(n)]

    def step(d: int, moves: Moves, below: list[FloatArray] | None) -> list[FloatArray]:
        # A word of length d is completed by seat index (d - 1) % n.
        completer, mover_index = (d - 1) % n, d % n
        # The moves' ids as numpy's index type, once for the seats' passes (numpy converts
        # the variants' int32 at every use), and the words as places, not a mask over all.
        moves = replace(moves, parent=moves.parent.astype(np.intp, copy=False),
                        child=moves.child.astype(np.intp, copy=False))
        words = np.flatnonzero(moves.leaf)
        current = []
        for seat_index in range(n):
            t = whole[seat_index][ends[d]:ends[d + 1]]
            if below is None:
                t.fill(-np.inf)
            elif mover_index == seat_index:
                moves.reduce(np.minimum, below[seat_index], np.inf, out=t)
            else:
                known = np.minimum(best[d + 1], below[seat_index])
                moves.reduce(np.maximum, known, -np.inf, out=t)
            t[words] = np.inf if seat_index == completer else -np.inf
            current.append(t)
        return current

    escape = bottom_up(levels, step)
    return Thresholds(
        solution, zipf, best, tuple(tuple(level[k] for level in escape) for k in range(n))
    )


__all__ = ["FloatArray", "Thresholds", "thresholds"]
