"""The pocket cards' casual table (docs/rules.md, "What a card wins at a casual table") written
straight from the rules: every game enumerated, move by move, with exact fractions.

It shares no code with cardgen: strings, recursion and `Fraction`s. Frequencies are whole Zipf
numbers here, so that 10**Zipf and every probability are exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

Entry = tuple[str, object]
"""What a card prints for an opening: ("words", (word, ...)) or ("letter", "x")."""


class BrutePocket:
    """A casual table around a card's holder, on a set of playable words."""

    def __init__(
        self,
        words: set[str],
        players: int,
        zipf: dict[str, int] | None,
        knows: float,
    ) -> None:
        self.words = words
        self.players = players
        # Without frequencies every word is known, all with the same weight.
        self.known = {w for w in words if zipf is None or zipf[w] >= knows}
        self.weight = {w: Fraction(1) if zipf is None else Fraction(10) ** zipf[w] for w in words}

    def table_moves(self, fragment: str) -> list[tuple[str, Fraction]] | None:
        """The letters a seat of the table plays at `fragment`, with their chances; None where
        it knows no word to play (it challenges, or completes the only word it knows)."""
        under = [w for w in self.known if w.startswith(fragment)]
        chosen = [w for w in under if len(w) >= len(fragment) + 2]
        chosen = chosen or [w for w in under if len(w) == len(fragment) + 1]
        if not chosen:
            if fragment == "" and not self.known:
                firsts = sorted({w[0] for w in self.words})
                return [(x, Fraction(1, len(firsts))) for x in firsts]
            return None
        total = sum(self.weight[w] for w in chosen)
        chances: dict[str, Fraction] = {}
        for w in chosen:
            chances[w[len(fragment)]] = chances.get(w[len(fragment)], Fraction(0)) + (
                self.weight[w] / total
            )
        return sorted(chances.items())

    def lose(self, fragment: str, holder: int, card: dict[str, Entry]) -> Fraction:
        """The chance that `holder` loses from `fragment`, holding a card that prints `card`
        (opening -> entry) and playing as the table does elsewhere."""
        printed = sorted(
            w for kind, what in card.values() if kind == "words" for w in what  # type: ignore[attr-defined]
        )

        @cache
        def go(f: str) -> Fraction:
            if f in self.words:
                completer = (len(f) - 1) % self.players + 1
                return Fraction(int(completer == holder))
            mover = len(f) % self.players + 1
            if mover == holder:
                letter = None
                if f in card and card[f][0] == "letter":
                    letter = str(card[f][1])
                else:
                    longer = [w for w in printed if w.startswith(f) and len(w) > len(f)]
                    letter = longer[0][len(f)] if longer else None
                if letter is not None:
                    return go(f + letter)
            moves = self.table_moves(f)
            if moves is None:
                return Fraction(int(mover == holder))
            return sum((p * go(f + x) for x, p in moves), Fraction(0))

        return go(fragment)

    def reach(self, fragment: str) -> Fraction:
        """The chance that a game reaches `fragment` before its last letter's seat holds a
        card (everyone before it plays as the table does)."""
        chance = Fraction(1)
        for k in range(len(fragment)):
            moves = dict(self.table_moves(fragment[:k]) or [])
            chance *= moves.get(fragment[k], Fraction(0))
        return chance

    def wins(self, holder: int, card: dict[str, Entry], openings: list[str]) -> Fraction:
        """The holder's win rate with `card`: one minus its chance of losing, over the games
        that reach each of its openings."""
        return 1 - sum(
            (self.reach(o) * self.lose(o, holder, card) for o in openings), Fraction(0)
        )
