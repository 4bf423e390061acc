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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from cardgen.words.alphabet import sort_key
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


def last_player(length: int, players: int) -> int:
    """The seat that played the last letter of a fragment of `length` letters (1 or more): it
    completed the fragment where that is a playable word, and it loses a challenge there where
    no playable word holds it (docs/rules.md).

    >>> last_player(3, 2), last_player(4, 3)
    (1, 1)
    """
    return (length - 1) % players + 1


class Replies(NamedTuple):
    """A move and the next seat's replies after it (`GameSolution.replies`)."""

    move: str
    word: bool
    """Whether the move completes a playable word (the game is over: no replies)."""
    mistakes: int
    """The replies after which the seat asked about is not among the losers."""
    replies: int
    """The next seat's legal replies."""


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

    def replies(self, fragment: str, seat: int) -> tuple[Replies, ...]:
        """Each legal move from `fragment`, in order, with the next seat's replies after it
        and those of them after which `seat` is not among the losers."""
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
    """What every solved game answers alike, Ghost's and the variants', solved or stored
    (`cardgen.games.solver.Solution`, `cardgen.games.superghost.InfixSolution`,
    `cardgen.games.stored.StoredGame`, `cardgen.games.storedinfix.StoredInfixGame`), written
    once over the few things each keeps its own way. A position is its length and its id, as
    `find` gives it (a stored game's ids run across its levels), and each game provides:

    - `_search(fragment)`: the fragment's id, or None where no playable word holds it;
    - `_loser_mask(length, i)`: its loser set as bits (seat k is bit k - 1);
    - `_is_leaf(length, i)`: whether it is a playable word;
    - `_kids(length, i)`: the ids of the positions its moves make, in the moves' order;
    - `_move(length, j)`: the move that makes position j (`PrefixMoves`, `InfixMoves`);
    - `_holders(fragment)`: the playable words that hold it, in the words' order.

    The lookups are kept in `_found`: a card asks several questions about each opening."""

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

    def index(self, fragment: str) -> int:
        """The id of `fragment` among the fragments of its length (`find`); KeyError if no
        playable word holds it: where the figures of a level are read by fragment."""
        i = self.find(fragment)
        if i is None:
            raise KeyError(f"no playable word {self._holds} {fragment!r}")
        return i

    def move(self, length: int, i: int) -> str:
        """The move that makes fragment `i` of `length` from its parent: in Ghost its last
        letter, in the variants the fragment (for readers of a level's arrays)."""
        return self._move(length, i)

    def losers(self, fragment: str = "") -> frozenset[int]:
        """The seats that lose from `fragment` with perfect play (KeyError if no playable word
        holds it)."""
        mask = self._loser_mask(len(fragment), self.index(fragment))
        return frozenset(k + 1 for k in range(self.players) if mask >> k & 1)

    def is_word(self, fragment: str) -> bool:
        """Whether `fragment` is a playable word."""
        i = self.find(fragment)
        return i is not None and self._is_leaf(len(fragment), i)

    def children(self, fragment: str) -> tuple[str, ...]:
        """The legal moves from `fragment`, in order (KeyError if no playable word holds it).
        The fragments they make are kept as found: a walk down the game (the escape word's
        line) asks for them next."""
        d = len(fragment)
        moves = []
        for j in self._kids(d, self.index(fragment)):
            move = self._move(d + 1, j)
            self._found[self.after(fragment, move)] = j
            moves.append(move)
        return tuple(moves)

    def winning_moves(self, fragment: str, seat: int | None = None) -> tuple[str, ...]:
        """The moves after which `seat` (default: the seat to move) is not among the losers."""
        bit = 1 << (self.mover(fragment) if seat is None else seat) - 1
        d = len(fragment)
        return tuple(self._move(d + 1, j) for j in self._kids(d, self.index(fragment))
                     if not self._loser_mask(d + 1, j) & bit)

    def shortest_word(self, fragment: str) -> str | None:
        """A word to name when challenged at `fragment`: the shortest playable word that holds
        it, the first of those in the words' order; None if none does."""
        return min(self._holders(fragment), key=len, default=None)

    def replies(self, fragment: str, seat: int) -> tuple[Replies, ...]:
        """Each legal move from `fragment`, in order, with the next seat's replies after it
        (none where it completes a word) and how many of them leave `seat` out of the losers:
        what the best try weighs (`cardgen.games.advice`), read by position, not by fragment
        (a best try reads some 50 replies of each of some 50 moves)."""
        bit = 1 << seat - 1
        d = len(fragment)
        found = []
        for j in self._kids(d, self.index(fragment)):
            word = self._is_leaf(d + 1, j)
            kids = () if word else tuple(self._kids(d + 1, j))
            mistakes = sum(1 for k in kids if not self._loser_mask(d + 2, k) & bit)
            found.append(Replies(self._move(d + 1, j), word, mistakes, len(kids)))
        return tuple(found)

    def after(self, fragment: str, move: str) -> str:
        """The fragment a move makes."""
        raise NotImplementedError

    def _search(self, fragment: str) -> int | None:
        raise NotImplementedError

    def _loser_mask(self, length: int, i: int) -> int:
        raise NotImplementedError

    def _is_leaf(self, length: int, i: int) -> bool:
        raise NotImplementedError

    def _kids(self, length: int, i: int) -> Iterable[int]:
        raise NotImplementedError

    def _move(self, length: int, j: int) -> str:
        raise NotImplementedError

    def _holders(self, fragment: str) -> Sequence[str]:
        raise NotImplementedError


class PrefixMoves(SolvedPositions):
    """Ghost's moves and word sets, the same for the solved game (`cardgen.games.solver`) and
    the stored one (`cardgen.games.stored`): a move is the letter added, and the words that
    begin with a fragment are one run of the sorted words from its first one. Over
    `SolvedPositions`' primitives and two more: `_first(length, i)`, the index of the first word
    that begins with the fragment (at a word, the word's), and `_choice(length, i, seat)`, the
    child the seat's minimal winning word set goes through where it moves."""

    _holds: ClassVar[str] = "begins with"

    @property
    def game(self) -> str:
        """The game's name."""
        return "ghost"

    def after(self, fragment: str, move: str) -> str:
        """The fragment a move (a letter) makes."""
        return fragment + move

    def describe_move(self, fragment: str, move: str) -> str:
        """A move as a person writes it: the letter."""
        return move

    def parse_move(self, fragment: str, text: str) -> str | None:
        """The letter a person typed, or None if the text is not one letter of the alphabet."""
        text = text.strip().lower()
        return text if len(text) == 1 and text in self.lexicon.letters else None

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """No decision table: a Ghost card lists the words to steer to instead."""
        return ()

    def _move(self, length: int, j: int) -> str:
        """The last letter of fragment j of that length."""
        return self.words[self._first(length, j)][length - 1]

    def _run(self, fragment: str) -> range:
        """The indices of the words that begin with `fragment` (found in the game tree: the
        alphabet's order need not be code point order, so no bisect on the strings)."""
        i = self.find(fragment)
        if i is None:
            return range(0)
        words = self.words
        lo = hi = self._first(len(fragment), i)
        while hi < len(words) and words[hi].startswith(fragment):
            hi += 1
        return range(lo, hi)

    def _holders(self, fragment: str) -> Sequence[str]:
        run = self._run(fragment)
        return self.words[run.start:run.stop]

    def winning_words(self, fragment: str, seat: int) -> tuple[str, ...]:
        """Seat's minimal winning word set W(fragment), sorted; () without a forced win: where
        the seat moves, the child its set goes through; elsewhere every child the mover
        considers (those it does not lose from, if any, else all: docs/rules.md, "Minimal
        winning word sets")."""
        if seat in self.losers(fragment):
            return ()
        found, stack = [], [(len(fragment), self.index(fragment))]
        while stack:
            d, i = stack.pop()
            if self._is_leaf(d, i):
                found.append(self._first(d, i))
            elif d % self.players == seat - 1:
                stack.append((d + 1, self._choice(d, i, seat)))
            else:
                bit = 1 << d % self.players
                kids = self._kids(d, i)
                safe = [j for j in kids if not self._loser_mask(d + 1, j) & bit]
                stack.extend((d + 1, j) for j in safe or kids)
        return tuple(self.words[k] for k in sorted(found))  # alphabetical: the words' order

    def _first(self, length: int, i: int) -> int:
        raise NotImplementedError

    def _choice(self, length: int, i: int, seat: int) -> int:
        raise NotImplementedError


class InfixMoves(SolvedPositions):
    """SuperGhost's and SuperDuperGhost's moves, word sets and decision tables, the same for
    the solved game (`cardgen.games.superghost.InfixSolution`) and the stored one
    (`cardgen.games.storedinfix`): a move is the fragment it makes. Over `SolvedPositions`'
    primitives and two more: `_string(length, i)`, the fragment a position stands for, and
    `_cost(length, i, seat)`, the fewest decisions `seat` needs to win from there (inf where it
    cannot; asked only of the positions the seat's own moves make)."""

    lexicon: Lexicon
    reverse: bool
    """Whether a fragment may be reversed before a letter is added (SuperDuperGhost)."""
    _plans: dict[tuple[int, int, int], Plan]
    _holds: ClassVar[str] = "contains"

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

    def _move(self, length: int, j: int) -> str:
        return self._string(length, j)

    def _holders(self, fragment: str) -> Sequence[str]:
        return [word for word in self.words if fragment in word]

    def decisions(self, fragment: str, seat: int) -> tuple[Decision, ...]:
        """The seat's decision table from `fragment`: every fragment where it chooses, with its
        play, by fragment length then alphabetically; () when it cannot win."""
        rows, _, _ = self._plan(len(fragment), self.index(fragment), seat)
        return self.rows(rows)

    def winning_words(self, fragment: str, seat: int) -> tuple[str, ...]:
        """The end words of the seat's decision table from `fragment`, sorted; () when it
        cannot win."""
        _, words, _ = self._plan(len(fragment), self.index(fragment), seat)
        return self.ordered(words)

    def rows(self, rows: Iterable[tuple[int, int, int]]) -> tuple[Decision, ...]:
        """Decisions as (length, fragment id, play id), in the order of a decision table."""
        return tuple(Decision(self._string(d, i), self._string(d + 1, j))
                     for d, i, j in sorted(rows))

    def ordered(self, positions: Iterable[tuple[int, int]]) -> tuple[str, ...]:
        """The words at these positions, in the order of the letters (as `words` are)."""
        return tuple(sorted((self._string(d, i) for d, i in positions),
                            key=sort_key(self.lexicon.letters)))

    def _plan(self, d: int, i: int, seat: int) -> Plan:
        """The seat's strategy from position (d, i): where it moves, its cheapest move (ties to
        the fewest end words, then the first move); elsewhere every move the mover considers
        (those it does not lose after, if any, else all)."""
        memo = (d, i, seat)
        if memo not in self._plans:
            plan: Plan
            if self._loser_mask(d, i) >> seat - 1 & 1:
                plan = frozenset(), frozenset(), frozenset()
            elif self._is_leaf(d, i):
                plan = frozenset(), frozenset({(d, i)}), frozenset()
            elif d % self.players == seat - 1:
                j = cheapest(self._kids(d, i), lambda j: self._cost(d + 1, j, seat),
                             lambda j: self._plan(d + 1, j, seat))
                rows, words, named = self._plan(d + 1, j, seat)
                plan = rows | {(d, i, j)}, words, named
            else:
                bit = 1 << d % self.players
                kids = self._kids(d, i)
                safe = [j for j in kids if not self._loser_mask(d + 1, j) & bit]
                plan = union(self._plan(d + 1, j, seat) for j in safe or kids)
            self._plans[memo] = plan
        return self._plans[memo]

    def _string(self, length: int, i: int) -> str:
        raise NotImplementedError

    def _cost(self, length: int, i: int, seat: int) -> float:
        raise NotImplementedError


Plan = tuple[
    frozenset[tuple[int, int, int]], frozenset[tuple[int, int]], frozenset[tuple[int, int]]
]
"""A seat's strategy from a position in the variants: its decisions (length, fragment id, play
id), its end words (length, id) and those of them it names when challenged (at a casual table)."""


def cheapest(kids: Iterable[int], cost: Callable[[int], float], plan: Callable[[int], Plan]) -> int:
    """Where the seat moves: the move of the fewest decisions (`cost`, inf where it cannot
    win), ties to the fewest end words (`plan`), then the first."""
    costs = [(cost(j), j) for j in kids]
    best = min(c for c, _ in costs)
    return min((j for c, j in costs if c == best), key=lambda j: (len(plan(j)[1]), j))


def union(plans: Iterable[Plan]) -> Plan:
    """The plans of every move another seat may make, as one."""
    found = list(plans)
    return (frozenset().union(*(p[0] for p in found)), frozenset().union(*(p[1] for p in found)),
            frozenset().union(*(p[2] for p in found)))
