"""What every solved game answers: the seam between a game's variant and the rest of cardgen.

Ghost (`cardgen.games.solver.Solution`) and its variants SuperGhost and SuperDuperGhost
(`cardgen.games.superghost.InfixSolution`) differ in how a fragment grows and how positions are
indexed, and in nothing else that strategy, advice, explain, play and the renderers read. They
read a `GameSolution`, never which game it is; `cardgen.games.variants` says how each game is
solved.

A move is a string: in Ghost the letter added, in the variants the fragment it makes
(`bera` from `era`); `after` turns either into the next fragment. A word *holds* a fragment
that it begins with (Ghost) or contains (the variants, read forwards: a SuperDuperGhost
fragment is always an infix of a word as written); a casual table plays toward the words that
hold a fragment, and names one when challenged. Passes over every position at once (traps,
casual tables) read the positions level by level (`move_levels`) and what the words that hold
each position add up to (`over_words`), never a trie or an infix graph.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardgen.words.lexicon import Lexicon

if TYPE_CHECKING:  # numpy loads only to solve: reading a position needs none of it
    import numpy as np

    from cardgen.games.levels import Array, Moves
    from cardgen.games.scores import Scores


@dataclass(frozen=True)
class Decision:
    """One row of a decision table: at `fragment`, make `play` (the fragment it makes)."""

    fragment: str
    play: str


ELLIPSIS = "\u2026"
"""Stands for the fragment in a move as a person writes it: `b…` adds b in front."""
REVERSED = "\u21ba"
"""Marks a move made on the reversed fragment (SuperDuperGhost)."""


def written_move(fragment: str, play: str) -> str:
    """A play (the fragment it makes) as a person writes it: `b…` for b added in front, `…m`
    for m at the back, `↺` first when the fragment was reversed; the letter at the start. Where
    two ways read the same, the plain one.

    >>> written_move("era", "bera"), written_move("era", "erad"), written_move("era", "nare")
    ('b…', '…d', '↺n…')
    """
    if not fragment:
        return play
    for turned, mark in ((fragment, ""), (fragment[::-1], REVERSED)):
        if play == play[0] + turned:
            return f"{mark}{play[0]}{ELLIPSIS}"
        if play == turned + play[-1]:
            return f"{mark}{ELLIPSIS}{play[-1]}"
    raise ValueError(f"{play!r} is no move from {fragment!r}")


class GameSolution(Protocol):
    """A solved game: loser sets, moves and each seat's winning strategy at every fragment."""

    @property
    def lexicon(self) -> Lexicon:
        """The playable words the game was solved on."""
        ...

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def game(self) -> str:
        """The game's name (`cardgen.games.variants.find_game`)."""
        ...

    @property
    def words(self) -> tuple[str, ...]:
        """The playable words, sorted."""
        ...

    def mover(self, fragment: str) -> int:
        """The seat that plays next at `fragment`."""
        ...

    def find(self, fragment: str) -> int | None:
        """Where the game keeps `fragment`, or None if it is no position of the game."""
        ...

    def is_word(self, fragment: str) -> bool:
        """Whether `fragment` is a playable word (the game is over)."""
        ...

    def losers(self, fragment: str = "") -> frozenset[int]:
        """The seats that lose from `fragment` with perfect play."""
        ...

    def after(self, fragment: str, move: str) -> str:
        """The fragment a move makes."""
        ...

    def children(self, fragment: str) -> tuple[str, ...]:
        """The legal moves from `fragment`, in order."""
        ...

    def winning_moves(self, fragment: str, seat: int | None = None) -> tuple[str, ...]:
        """The moves after which `seat` (default: the mover) is not among the losers."""
        ...

    def winning_words(self, fragment: str, seat: int) -> tuple[str, ...]:
        """The words the seat's strategy from `fragment` ends in; () without a forced win."""
        ...

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """The seat's decision table from `fragment` (() where the card lists words only)."""
        ...

    def fragments(self, length: int) -> Iterable[str]:
        """Every fragment of the given length, in order."""
        ...

    def shortest_word(self, fragment: str) -> str | None:
        """A word to name when challenged at `fragment`: the shortest that holds it."""
        ...

    def seat_totals(self, seat: int) -> tuple[int, int, int]:
        """A table row's sums for `seat`: openings, openings won, and the card's size."""
        ...

    def describe_move(self, fragment: str, move: str) -> str:
        """A move as a person writes it: the letter, and where it goes."""
        ...

    def parse_move(self, fragment: str, text: str) -> str | None:
        """The move a person typed at `fragment`, or None if the text is no move; ValueError
        saying why, for text that is nearly a move (a letter without its side)."""
        ...

    def move_levels(self) -> tuple[Moves, ...]:
        """The positions by length (ids as `find` gives them) and the moves between them."""
        ...

    def over_words(self, values: Array, ufunc: np.ufunc, identity: Any) -> tuple[Array, ...]:
        """Per length and position, `ufunc` over `values` (one per word, aligned with `words`)
        of the words that hold the position; `identity` where none does."""
        ...

    def scores(self) -> Scores:
        """How the game scores a seat's strategies: word sets (Ghost) or decisions."""
        ...

class SolvedPositions:
    """What Ghost's solution and the variants' share of `GameSolution`, over the two things each
    keeps its own way: `_search` (where a fragment's id is found) and `_loser_mask` (a
    position's loser set as bits). The lookups are kept in `_found`: a card asks several
    questions about each opening."""

    lexicon: Lexicon
    players: int
    _found: dict[str, int | None]
    _holds: ClassVar[str]
    """How a word holds a position (`begins with`, `contains`), for the KeyError's words."""

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} of {self.game} for {self.players} players: "
            f"{len(self.words)} words, {self.nodes} fragments, losers {sorted(self.losers())}>"
        )

    @property
    def game(self) -> str:
        """The game's name (`cardgen.games.variants.find_game`)."""
        raise NotImplementedError

    @property
    def nodes(self) -> int:
        """The number of fragments, the empty one included."""
        raise NotImplementedError

    @property
    def words(self) -> tuple[str, ...]:
        """The playable words, sorted."""
        return self.lexicon.words

    def mover(self, fragment: str) -> int:
        """The seat that plays next at `fragment`."""
        return len(fragment) % self.players + 1

    def find(self, fragment: str) -> int | None:
        """The id of `fragment` among the fragments of its length, or None if no playable
        word holds it."""
        if fragment not in self._found:
            self._found[fragment] = self._search(fragment)
        return self._found[fragment]

    def _search(self, fragment: str) -> int | None:
        raise NotImplementedError

    def _index(self, fragment: str) -> int:
        i = self.find(fragment)
        if i is None:
            raise KeyError(f"no playable word {self._holds} {fragment!r}")
        return i

    def losers(self, fragment: str = "") -> frozenset[int]:
        """The seats that lose from `fragment` with perfect play (KeyError if no playable word
        holds it)."""
        mask = self._loser_mask(len(fragment), self._index(fragment))
        return frozenset(k + 1 for k in range(self.players) if mask >> k & 1)

    def _loser_mask(self, length: int, i: int) -> int:
        raise NotImplementedError


class InfixMoves:
    """How SuperGhost's and SuperDuperGhost's moves are made, written and typed, the same for
    the solved game (`cardgen.games.superghost.InfixSolution`) and the stored one
    (`cardgen.games.storedinfix`): a move is the fragment it makes."""

    lexicon: Lexicon
    reverse: bool
    """Whether a fragment may be reversed before a letter is added (SuperDuperGhost)."""

    @property
    def game(self) -> str:
        """The variant's name."""
        return "superduperghost" if self.reverse else "superghost"

    def after(self, fragment: str, move: str) -> str:
        """The fragment a move makes: a move is written as that fragment."""
        return move

    def describe_move(self, fragment: str, move: str) -> str:
        """A move as a person writes it (`written_move`): `b…`, `…m`, `↺b…`."""
        return written_move(fragment, move)

    def parse_move(self, fragment: str, text: str) -> str | None:
        """The fragment a person's move makes: `b-` adds b in front, `-m` at the back, and
        with reversal `~b-`, `~-m` do so to the reversed fragment; a lone letter at the start.
        None if the text is no move; ValueError saying why for one that is nearly a move."""
        text = text.strip().lower()
        turned = fragment
        if text.startswith("~"):
            if not self.reverse:
                raise ValueError("SuperGhost has no reversal (that is SuperDuperGhost)")
            text, turned = text[1:], fragment[::-1]
        letters = self.lexicon.letters
        if len(text) == 1 and text in letters:
            if not fragment:
                return text
            raise ValueError(f"say where {text} goes: {text}- in front or -{text} at the back")
        if len(text) == 2 and text[1] == "-" and text[0] in letters:
            return text[0] + turned
        if len(text) == 2 and text[0] == "-" and text[1] in letters:
            return turned + text[1]
        return None
