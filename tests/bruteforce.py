"""A plain, slow solver written straight from docs/rules.md, to check the fast one against.

It shares no code with cardgen: sets of strings, recursion and nothing clever.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def playable(entries: list[str], min_length: int, letters: str = LETTERS) -> set[str]:
    """docs/rules.md "Playable words", rule by rule, for an alphabet written in `letters`."""
    candidates = {e.strip() for e in entries if re.fullmatch(f"[{letters}]+", e.strip())}
    long_enough = {c for c in candidates if len(c) >= min_length}
    return {w for w in long_enough if not any(w[:i] in long_enough for i in range(1, len(w)))}


def code_points(word: str) -> list[int]:
    """Sort key: code point order, which is alphabetical order for a-z."""
    return [ord(x) for x in word]


def fewest_rank(
    words: frozenset[str], order: Callable[[str], list[int]] = code_points
) -> tuple[int, int, list[int]]:
    """Fewest words, then the shortest word, then the alphabetically first word (in `order`)."""
    return (len(words), min(len(w) for w in words), min(order(w) for w in words))


def familiar_rank(
    avoided: set[str], rare: set[str]
) -> Callable[[frozenset[str]], tuple[int, int, int, int, list[int]]]:
    """docs/rules.md "The familiar ranking": avoided words, rare words, then the default rank."""

    def key(words: frozenset[str]) -> tuple[int, int, int, int, list[int]]:
        return (len(words & avoided), len(words & rare), *fewest_rank(words))

    return key


class BruteGhost:
    """Ghost for n players on a set of playable words."""

    def __init__(
        self,
        words: set[str],
        players: int,
        letters: str = LETTERS,
        rank: Callable[[frozenset[str]], tuple[object, ...]] | None = None,
    ) -> None:
        self.words = words
        self.players = players
        self.letters = letters  # in alphabetical order
        # The default ranking compares words in the alphabet's order.
        self.rank = rank or (lambda words: fewest_rank(words, self.order))
        self.prefixes = {w[:i] for w in words for i in range(len(w) + 1)}
        self.losers = cache(self._losers)
        self.winning_words = cache(self._winning_words)

    def mover(self, fragment: str) -> int:
        return len(fragment) % self.players + 1

    def children(self, fragment: str) -> list[str]:
        return [x for x in self.letters if fragment + x in self.prefixes]

    def _losers(self, fragment: str) -> frozenset[int]:
        if fragment in self.words:
            return frozenset({(len(fragment) - 1) % self.players + 1})
        p = self.mover(fragment)
        sets = [self.losers(fragment + x) for x in self.children(fragment)]
        avoiding = [s for s in sets if p not in s]
        return frozenset().union(*(avoiding or sets))

    def winning_moves(self, fragment: str, seat: int) -> list[str]:
        return [x for x in self.children(fragment) if seat not in self.losers(fragment + x)]

    def _winning_words(self, fragment: str, seat: int) -> frozenset[str]:
        if seat in self.losers(fragment):
            return frozenset()
        if fragment in self.words:
            return frozenset({fragment})
        p = self.mover(fragment)
        if p == seat:
            options = [self.winning_words(fragment + x, seat)
                       for x in self.winning_moves(fragment, seat)]
            return min(options, key=self.rank)
        moves = self.winning_moves(fragment, p) or self.children(fragment)
        return frozenset().union(*(self.winning_words(fragment + x, seat) for x in moves))

    def order(self, word: str) -> list[int]:
        """Sort key: alphabetical order in `letters`."""
        return [self.letters.index(x) for x in word]

    def openings(self, seat: int) -> list[str]:
        fragments = (f for f in self.prefixes if len(f) == seat - 1 and f not in self.words)
        return sorted(fragments, key=self.order)

    def best_try(self, fragment: str) -> tuple[str, int, int] | None:
        """docs/rules.md "The best try": (move, mistakes, replies), or None if the mover wins."""
        p = self.mover(fragment)
        if fragment in self.words or p not in self.losers(fragment):
            return None
        moves = self.children(fragment)
        candidates = [x for x in moves if fragment + x not in self.words] or moves
        tries = []
        for x in candidates:
            replies = [] if fragment + x in self.words else self.children(fragment + x)
            mistakes = [y for y in replies if p not in self.losers(fragment + x + y)]
            share = Fraction(len(mistakes), len(replies)) if replies else Fraction(0)
            tries.append((-share, -len(mistakes), self.letters.index(x), x, len(replies)))
        _, minus_mistakes, _, move, replies_count = min(tries)
        return move, -minus_mistakes, replies_count


class TableRules:
    """What every game's table shares: T found by playing the table out for each theta, and
    where the mover gets a trap. `_can_lose` is the game's own."""

    game: Any

    def __init__(self, game: Any, zipf: dict[str, float]) -> None:
        self.game = game
        self.zipf = {w: zipf.get(w, 0.0) for w in game.words}
        # T is -inf, +inf or a word's Zipf: testing each value (and one above all) finds it.
        self.values = sorted(set(self.zipf.values()))
        self.can_lose = cache(self._can_lose)

    def _can_lose(self, fragment: str, seat: int, theta: float) -> bool:
        raise NotImplementedError

    def threshold(self, fragment: str, seat: int) -> float:
        """T: the largest theta at which the seat can still lose (-inf: none, +inf: any)."""
        if self.can_lose(fragment, seat, self.values[-1] + 1):
            return math.inf
        losing = [v for v in self.values if self.can_lose(fragment, seat, v)]
        return max(losing) if losing else -math.inf

    def trapped(self, fragment: str, theta: float | None) -> bool:
        """Whether the mover gets a trap: it cannot win with perfect play, or with `theta`
        where some table that knows the words of Zipf >= theta makes it lose ("A card for
        casual tables": every opening the seat cannot win gets the trap)."""
        game = self.game
        p = game.mover(fragment)
        if fragment in game.words:
            return False
        if theta is None:
            return p in game.losers(fragment)
        return self.can_lose(fragment, p, theta)


class BruteTable(TableRules):
    """docs/rules.md "Traps" and "A card for casual tables", written straight down: an explicit
    game against a table that knows the words of Zipf >= theta, played out for each theta."""

    game: BruteGhost

    def known(self, fragment: str) -> float:
        """M: the highest Zipf of the words beginning with the fragment."""
        return max(z for w, z in self.zipf.items() if w.startswith(fragment))

    def knows_word_under(self, fragment: str, theta: float) -> bool:
        return any(z >= theta for w, z in self.zipf.items() if w.startswith(fragment))

    def _can_lose(self, fragment: str, seat: int, theta: float) -> bool:
        """Whether some table that knows the words of Zipf >= theta makes `seat` lose."""
        game = self.game
        if fragment in game.words:
            return (len(fragment) - 1) % game.players + 1 == seat
        moves = game.children(fragment)
        if game.mover(fragment) == seat:
            return all(self.can_lose(fragment + x, seat, theta) for x in moves)
        known = [x for x in moves if self.knows_word_under(fragment + x, theta)]
        # Knowing no word, they challenge and lose; else they may play any letter they know.
        return any(self.can_lose(fragment + x, seat, theta) for x in known)

    def trap(
        self, fragment: str, theta: float | None = None
    ) -> tuple[str, int, int, tuple[str, float] | None] | None:
        """(move, mistakes, replies, escape) where the mover gets a trap (`trapped`)."""
        if not self.trapped(fragment, theta):
            return None
        game = self.game
        p = game.mover(fragment)
        moves = game.children(fragment)
        candidates = [x for x in moves if fragment + x not in game.words] or moves
        tries = []
        for x in candidates:
            replies = [] if fragment + x in game.words else game.children(fragment + x)
            mistakes = [y for y in replies if p not in game.losers(fragment + x + y)]
            share = Fraction(len(mistakes), len(replies)) if replies else Fraction(0)
            tries.append((self.threshold(fragment + x, p), -share, -len(mistakes),
                          game.letters.index(x), x, len(mistakes), len(replies)))
        *_, move, mistakes_count, replies_count = min(tries)
        return move, mistakes_count, replies_count, self.escape(fragment + move, p)

    def escape(self, fragment: str, seat: int) -> tuple[str, float] | None:
        """The escape word along the line of docs/rules.md, and its Zipf."""
        game = self.game
        target = self.threshold(fragment, seat)
        if math.isinf(target):
            return None
        g = fragment
        while True:
            moves = game.children(g)
            if game.mover(g) == seat:
                g += min(moves, key=lambda x: (self.threshold(g + x, seat), game.letters.index(x)))
                continue
            t = self.threshold(g, seat)
            y = next(x for x in moves
                     if min(self.known(g + x), self.threshold(g + x, seat)) == t)
            g += y
            if self.known(g) <= self.threshold(g, seat):
                best = self.known(g)
                words = sorted((w for w in game.words if w.startswith(g) and self.zipf[w] == best),
                               key=game.order)
                return words[0], target

    def casual_words(
        self, fragment: str, seat: int, theta: float
    ) -> tuple[frozenset[str], frozenset[str]] | None:
        """(words, named) of the seat's winning set against the table, or None if it can lose."""
        game = self.game
        if self.can_lose(fragment, seat, theta):
            return None
        if fragment in game.words:
            return frozenset({fragment}), frozenset()
        moves = game.children(fragment)
        if game.mover(fragment) == seat:
            options = [self.casual_words(fragment + x, seat, theta) for x in moves]
            return min((o for o in options if o is not None), key=lambda o: game.rank(o[0]))
        known = [x for x in moves if self.knows_word_under(fragment + x, theta)]
        if not known:
            under = [frozenset({w}) for w in game.words if w.startswith(fragment)]
            named = min(under, key=game.rank)
            return named, named
        parts = [self.casual_words(fragment + x, seat, theta) for x in known]
        assert all(p is not None for p in parts)
        return (frozenset().union(*(p[0] for p in parts if p)),
                frozenset().union(*(p[1] for p in parts if p)))
