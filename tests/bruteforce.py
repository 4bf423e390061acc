"""A plain, slow solver written straight from docs/rules.md, to check the fast one against.

It shares no code with cardgen: sets of strings, recursion and nothing clever.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from functools import cache

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
