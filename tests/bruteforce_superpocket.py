"""The casual table of SuperGhost and SuperDuperGhost (docs/rules.md, "SuperGhost and
SuperDuperGhost at a casual table") written straight from the rules: every game enumerated,
move by move, with exact fractions.

It shares no code with cardgen: strings, recursion and `Fraction`s. Frequencies are whole Zipf
numbers, so that 10**Zipf and every probability are exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class BruteSuperPocket:
    """A casual table around a card's holder, on a set of playable words."""

    def __init__(
        self, words: set[str], players: int, zipf: dict[str, int] | None, knows: float,
        *, reverse: bool = False,
    ) -> None:
        self.words = words
        self.players = players
        self.reverse = reverse
        self.infixes = {w[i:j] for w in words for i in range(len(w)) for j in range(i, len(w) + 1)}
        self.known = {w for w in words if zipf is None or zipf[w] >= knows}
        self.weight = {w: Fraction(1) if zipf is None else Fraction(10) ** zipf[w] for w in words}
        self.table_moves = cache(self._table_moves)
        self.reach = cache(self._reach)

    def moves(self, fragment: str) -> list[str]:
        """The legal moves: one letter at either end (of the reverse too), still an infix."""
        if fragment in self.words:
            return []
        bases = {fragment, fragment[::-1]} if self.reverse else {fragment}
        return sorted({m for b in bases for x in LETTERS for m in (x + b, b + x)} & self.infixes)

    def offered(self, word: str, fragment: str) -> set[str]:
        """The fragments `word` offers at `fragment`: one of its letters next to an occurrence
        of the fragment (or of its reverse), words left out."""
        bases = {fragment, fragment[::-1]} if self.reverse else {fragment}
        made = set()
        for b in bases:
            for i in range(len(word) - len(b) + 1):
                if word[i : i + len(b)] == b:
                    if i > 0:
                        made.add(word[i - 1 : i + len(b)])
                    if i + len(b) < len(word):
                        made.add(word[i : i + len(b) + 1])
        return made - self.words

    def _table_moves(self, fragment: str) -> tuple[tuple[str, Fraction], ...] | None:
        """The fragments a seat of the table makes at `fragment`, with their chances; None
        where it is offered nothing (it challenges and loses)."""
        got: dict[str, Fraction] = {}
        for w in self.known:
            if len(w) < len(fragment) + 2:
                continue
            made = self.offered(w, fragment)
            for g in made:
                got[g] = got.get(g, Fraction(0)) + self.weight[w] / len(made)
        if not got:
            if fragment == "" and not self.known:
                legal = self.moves("")
                return tuple((g, Fraction(1, len(legal))) for g in legal)
            return None
        total = sum(got.values())
        return tuple(sorted((g, p / total) for g, p in got.items()))

    def lose(self, fragment: str, holder: int, rows: dict[str, str]) -> Fraction:
        """The chance that `holder` loses from `fragment`, making the play of `rows` (fragment
        -> fragment played) where there is one and playing as the table does elsewhere."""

        @cache
        def go(f: str) -> Fraction:
            if f in self.words:
                return Fraction(int((len(f) - 1) % self.players + 1 == holder))
            mover = len(f) % self.players + 1
            if mover == holder and f in rows:
                return go(rows[f])
            moves = self.table_moves(f)
            if moves is None:
                return Fraction(int(mover == holder))
            return sum((p * go(g) for g, p in moves), Fraction(0))

        return go(fragment)

    def _reach(self, fragment: str) -> Fraction:
        """The chance that a game at the table reaches `fragment`, over every path to it."""
        if fragment == "":
            return Fraction(1)
        parents = {fragment[1:], fragment[:-1]}
        if self.reverse:
            parents |= {p[::-1] for p in parents}
        chance = Fraction(0)
        for parent in sorted(parents):
            if parent not in self.infixes or parent in self.words:
                continue
            chance += self.reach(parent) * dict(self.table_moves(parent) or ()).get(
                fragment, Fraction(0))
        return chance

    def wins(self, holder: int, card: dict[str, dict[str, str]], openings: list[str]) -> Fraction:
        """The holder's win rate with `card` (opening -> the rows printed under it)."""
        return 1 - sum(
            (self.reach(o) * self.lose(o, holder, card.get(o, {})) for o in openings),
            Fraction(0),
        )
