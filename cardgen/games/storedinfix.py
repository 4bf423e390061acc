"""A solved SuperGhost or SuperDuperGhost game stored for play, read back with the standard library.

The variants' counterpart of `cardgen.games.stored` (same file layout, same thresholds), written
by `cardgen.games.planes.stored_game` from an `InfixSolution`. Per fragment, level by level in
the solver's order (alphabetical within a length), it keeps:
- its key, the id of the fragment without its last letter times the letters, plus that letter
  (ids count fragments only). A typed fragment is found a letter at a time, by bisection, and a
  fragment's letters are read back up its keys;
- its loser mask, 0 at a playable word (no other fragment has none);
- the decisions the seat that played its last letter needs to win from there (plus 1; 0: it
  cannot), and with a casual table that seat's score against the table (`Casual.ranks`) and
  the word named when the table challenges there (`Casual.pick`: the shortest that holds the
  fragment, then the first).
The first word of the highest Zipf that holds a fragment (`Thresholds.first_known`, 4 bytes a
fragment in Ghost's store) is not stored either: it is the first place the fragment occurs
among the words of that Zipf, laid end to end in order (`StoredInfixThresholds`: the words by
Zipf, and where each Zipf's begin, are stored instead, 4 bytes a word).
The moves are not stored: the moves from f are the fragments `f+x` (the keys above f's, one
block), `x+f` (found from those of f without its last letter) and, in SuperDuperGhost, those of
f reversed. The decision tables are then walked as the solved game walks them
(`cardgen.games.game.InfixMoves._plan`, `Casual._plan`): the seat's cheapest moves, ties to the
fewest end words, then the first move. With a casual table, the game on the words it knows
(its own infix graph) is stored after the rest, with `known_` before its planes' names.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import accumulate
from typing import Any

from cardgen.games.game import Decision, InfixMoves, Plan, cheapest, union
from cardgen.games.stored import (
    NotStored,
    Planes,
    StoredCasual,
    StoredPlay,
    StoredThresholds,
    unpack,
)
from cardgen.words.lexicon import Lexicon


class StoredInfixGame(NotStored, InfixMoves):
    """A solved SuperGhost (or SuperDuperGhost) read back from its store: what `explain`, the
    best try and the computer's moves ask of `InfixSolution`. `find` gives a fragment's node,
    its place among every stored fragment."""

    def __init__(
        self, planes: Planes, lexicon: Lexicon, reverse: bool, players: int, sizes: list[int],
        prefix: str = "",
    ) -> None:
        self.lexicon = lexicon
        self.players = players
        self.reverse = reverse
        self.planes = planes
        """The planes read (`cardgen.games.planes.infix_game` rebuilds the solved game from
        them)."""
        self._keys = planes[prefix + "key"]
        self._losers = planes[prefix + "losers"]
        self._cost_plane = planes["cost"] if not prefix else None
        self._base = len(lexicon.letters)
        self._offsets = list(accumulate(sizes, initial=0))
        self._found: dict[str, int | None] = {}
        self._strings: dict[int, str] = {0: ""}
        self._fronts: dict[int, list[int]] = {}
        self._plans: dict[tuple[int, int, int], Plan] = {}
        if self._offsets[-1] != len(self._keys) or len(self._losers) != len(self._keys):
            raise ValueError("stored game: levels and planes disagree")

    @property
    def nodes(self) -> int:
        """The number of fragments, the empty one included."""
        return len(self._keys)

    # --- positions ---------------------------------------------------------------------------

    def _child(self, node: int, d: int, code: int) -> int | None:
        """The node of the fragment at `node` (length d) with the letter `code` added at its end."""
        if d + 2 >= len(self._offsets):
            return None
        want = (node - self._offsets[d]) * self._base + code
        lo, hi = self._offsets[d + 1], self._offsets[d + 2]
        j = bisect_left(self._keys, want, lo, hi)
        return j if j < hi and self._keys[j] == want else None

    def _search(self, fragment: str) -> int | None:
        node = 0
        for d, letter in enumerate(fragment):
            code = self.lexicon.letters.find(letter)
            found = self._child(node, d, code) if code >= 0 else None
            if found is None:
                return None
            node = found
        return node

    def _depth(self, node: int) -> int:
        return bisect_right(self._offsets, node) - 1

    def string(self, node: int) -> str:
        """The fragment a node stands for."""
        if node not in self._strings:
            d = self._depth(node)
            key = self._keys[node]
            parent = self._offsets[d - 1] + key // self._base
            self._strings[node] = self.string(parent) + self.lexicon.letters[key % self._base]
        return self._strings[node]

    def _mask(self, node: int) -> int:
        mask = int(self._losers[node])
        return mask or 1 << (self._depth(node) - 1) % self.players  # a word: who completed it

    def _loser_mask(self, length: int, i: int) -> int:
        return self._mask(i)

    def _is_leaf(self, length: int, i: int) -> bool:
        return not self._losers[i]

    def _string(self, length: int, i: int) -> str:
        return self.string(i)

    def _cost(self, length: int, i: int, seat: int) -> float:
        assert self._cost_plane is not None  # the game on the known words makes no tables
        cost = self._cost_plane[i]
        return cost - 1 if cost else float("inf")

    def _backs(self, node: int, d: int) -> range:
        """The fragments `node + x`: one block of the next level's keys."""
        if d + 2 >= len(self._offsets):
            return range(0)
        first = (node - self._offsets[d]) * self._base
        lo, hi = self._offsets[d + 1], self._offsets[d + 2]
        lo = bisect_left(self._keys, first, lo, hi)
        return range(lo, bisect_left(self._keys, first + self._base, lo, hi))

    def _fronts_of(self, node: int, d: int) -> list[int]:
        """The fragments `x + node`: those of `x + node` without its last letter, grown by it."""
        if node not in self._fronts:
            found = list(self._backs(0, 0)) if d == 0 else []
            if d and d + 2 < len(self._offsets):
                keys, base, first = self._keys, self._base, self._offsets[d]
                key = keys[node]
                lo, hi = self._offsets[d + 1], self._offsets[d + 2]
                for h in self._fronts_of(self._offsets[d - 1] + key // base, d - 1):
                    want = (h - first) * base + key % base  # ascending: search on from lo
                    lo = bisect_left(keys, want, lo, hi)
                    if lo < hi and keys[lo] == want:
                        found.append(lo)
            self._fronts[node] = found
        return self._fronts[node]

    def _kids(self, length: int, i: int) -> list[int]:
        return self.moves_of(i)

    def moves_of(self, node: int) -> list[int]:
        """The nodes a fragment moves to, ascending: none from a word."""
        if self._losers[node] == 0:
            return []
        d = self._depth(node)
        found = {*self._backs(node, d), *self._fronts_of(node, d)}
        turned = self.find(self.string(node)[::-1]) if self.reverse else None
        if turned is not None:
            found.update(self._backs(turned, d), self._fronts_of(turned, d))
        return sorted(found)

class StoredInfixThresholds(StoredThresholds):
    """A variant's stored thresholds: the first word of Zipf M that holds a fragment is found
    when asked, among the words of Zipf M (the words by Zipf are stored, 4 bytes a word)."""

    def __init__(self, planes: Planes, solution: StoredInfixGame) -> None:  # no `first` plane
        self.solution = solution
        self._values = planes["values"]
        self._escape = [planes[f"escape{k}"] for k in range(solution.players)]
        self._best = planes["best"]
        self._by_zipf = planes["by_zipf"]
        self._zipf_start = planes["zipf_start"]
        self._groups: dict[int, tuple[Sequence[int], str]] = {}

    def first_known(self, fragment: str) -> int:
        """The first word of Zipf M(fragment) that contains it (`Thresholds.first_known`)."""
        return first_holding(fragment, self._best[self.solution.index(fragment)],
                             self._group)

    def _group(self, value: int) -> tuple[Sequence[int], str]:
        """The words of the `value`th Zipf, by place and as text (one a line), found once."""
        if value not in self._groups:
            found = self._by_zipf[self._zipf_start[value]:self._zipf_start[value + 1]]
            words = self.solution.words
            self._groups[value] = found, "\n".join([words[k] for k in found])
        return self._groups[value]


def first_holding(fragment: str, value: Any, group: Callable[[Any], tuple[Any, str]]) -> int:
    """The first word (an index into the words) of the group `value` (its words' indices, in
    order, and their text, one a line) that contains `fragment`: the line of its first
    occurrence."""
    found, text = group(value)
    at = text.find(fragment)
    if at < 0 or "\n" in fragment:
        raise KeyError(f"no word of its Zipf holds {fragment!r}")
    return int(found[text.count("\n", 0, at)])


class StoredInfixCasual(StoredCasual):
    """The variants' strategies against a casual table (`cardgen.games.casual.Casual`): where
    the seat moves, its best-scored move; where another seat moves, every move to a fragment
    the table knows a word of; where it knows none, the word the seat names."""

    def __init__(
        self, planes: Planes, solution: StoredInfixGame, thresholds: StoredThresholds,
        knows: float,
    ) -> None:
        super().__init__(thresholds, knows)
        self._game = solution
        self._rank = planes["casual_rank"]
        self._pick = planes["pick"]
        self._plans: dict[tuple[int, int, int], Plan] = {}

    def _plan(self, d: int, node: int, seat: int) -> Plan:
        memo = (d, node, seat)
        if memo not in self._plans:
            game, thresholds = self._game, self.thresholds
            fragment = game.string(node)
            kids = game.moves_of(node)
            if not self.wins(fragment, seat):
                plan: Plan = frozenset(), frozenset(), frozenset()
            elif not kids:
                plan = frozenset(), frozenset({(d, node)}), frozenset()
            elif game.mover(fragment) == seat:
                rank = self._rank
                j = cheapest(kids, lambda j: rank[j] - 1 if rank[j] else float("inf"),
                             lambda j: self._plan(d + 1, j, seat))
                rows, words, named = self._plan(d + 1, j, seat)
                plan = rows | {(d, node, j)}, words, named
            elif known := [j for j in kids if thresholds.known(game.string(j)) >= self.knows]:
                plan = union(self._plan(d + 1, j, seat) for j in known)
            else:  # knowing no word, they challenge: the seat names its pick
                word = game.words[self._pick[node]]
                found = game.find(word)
                assert found is not None
                plan = frozenset(), frozenset({(len(word), found)}), frozenset({(len(word), found)})
            self._plans[memo] = plan
        return self._plans[memo]

    def winning_words(self, fragment: str, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The end words of the seat's decision table against the table and those of them it
        names when challenged, both sorted; ((), ()) where it can lose."""
        _, found, named = self._plan(len(fragment), self._game.index(fragment), seat)
        return self._game.ordered(found), self._game.ordered(named)

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """The seat's decision table from `fragment` against the table; () where it can lose."""
        rows, _, _ = self._plan(len(fragment), self._game.index(fragment), seat)
        return self._game.rows(rows)


def read_infix_game(data: bytes | memoryview, game: str) -> StoredPlay:
    """A stored SuperGhost or SuperDuperGhost game (`game`, its name) read back; ValueError
    (or KeyError) where the data are not one."""
    header, lexicon, planes = unpack(data, game)
    reverse, players = game == "superduperghost", header["players"]
    solution = StoredInfixGame(planes, lexicon, reverse, players, header["levels"])
    traps = StoredInfixThresholds(planes, solution) if "values" in planes else None
    knows = header["knows"]
    if knows is None or traps is None:
        return StoredPlay(solution, traps, None, None, None)
    known = None
    if header["known_levels"] is not None:
        words = replace(lexicon, words=tuple(lexicon.words[k] for k in planes["known_words"]))
        known = StoredInfixGame(planes, words, reverse, players, header["known_levels"],
                                "known_")
    table = StoredInfixCasual(planes, solution, traps, knows)
    return StoredPlay(solution, traps, knows, table, known)
