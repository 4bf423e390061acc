"""A plain, slow solver written straight from GHOST.md, to check the fast one against.

It shares no code with cardgen: sets of strings, recursion and nothing clever.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def playable(entries: list[str], min_length: int, letters: str = LETTERS) -> set[str]:
    """GHOST.md "Playable words", rule by rule, for an alphabet written in `letters`."""
    candidates = {e.strip() for e in entries if re.fullmatch(f"[{letters}]+", e.strip())}
    long_enough = {c for c in candidates if len(c) >= min_length}
    return {w for w in long_enough if not any(w[:i] in long_enough for i in range(1, len(w)))}


def code_points(word: str) -> list[int]:
    """Sort key: code point order, which is alphabetical order for a-z."""
    return [ord(x) for x in word]


def rank(
    words: frozenset[str], order: Callable[[str], list[int]] = code_points
) -> tuple[int, int, list[int]]:
    """Fewest words, then the shortest word, then the alphabetically first word (in `order`)."""
    return (len(words), min(len(w) for w in words), min(order(w) for w in words))


class BruteGhost:
    """Ghost for n players on a set of playable words."""

    def __init__(self, words: set[str], players: int, letters: str = LETTERS) -> None:
        self.words = words
        self.players = players
        self.letters = letters  # in alphabetical order
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
            return min(options, key=lambda words: rank(words, self.order))
        moves = self.winning_moves(fragment, p) or self.children(fragment)
        return frozenset().union(*(self.winning_words(fragment + x, seat) for x in moves))

    def order(self, word: str) -> list[int]:
        """Sort key: alphabetical order in `letters`."""
        return [self.letters.index(x) for x in word]

    def openings(self, seat: int) -> list[str]:
        fragments = (f for f in self.prefixes if len(f) == seat - 1 and f not in self.words)
        return sorted(fragments, key=self.order)
