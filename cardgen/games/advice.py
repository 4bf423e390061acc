"""What to play when you cannot win: the best try (docs/rules.md, "The best try")."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from cardgen.games.game import GameSolution


@dataclass(frozen=True)
class Escape:
    """The word the other players must know to get out of a trap (docs/rules.md, "Traps")."""

    word: str
    """The escape word: the line out of the trap ends in it."""
    zipf: float
    """Its Zipf frequency, the trap's escape threshold: a table that knows only words of Zipf
    above it cannot escape."""


@dataclass(frozen=True)
class Try:
    """What to play where the seat cannot win: the trap (the move the others are least likely
    to know their way out of), else the move that gives them the most chances to go wrong."""

    move: str
    """The letter to play."""
    mistakes: int
    """The next seat's replies after which the mover no longer loses."""
    replies: int
    """The next seat's legal replies (0 when the move ends the game)."""
    escape: Escape | None = None
    """The trap's escape word; None where no word gets the others out (or the card has no
    frequency data, see `Card.traps`)."""


class Escapes(Protocol):
    """What the trap needs to know of a game: each seat's escape thresholds and words
    (`cardgen.games.traps.Thresholds`)."""

    def threshold(self, fragment: str, seat: int) -> float: ...

    def escape_word(self, fragment: str, seat: int) -> Escape | None: ...


class GameEscapes(Escapes, Protocol):
    """A game's escape thresholds and words with the game they belong to."""

    @property
    def solution(self) -> GameSolution: ...


class TableAnswers:
    """What a casual table that knows the words of Zipf >= `knows` answers alike in every game,
    solved (`cardgen.games.casual.Casual`) or stored (`cardgen.games.stored`), from the
    `thresholds` alone (docs/rules.md, "A card for casual tables")."""

    thresholds: GameEscapes
    knows: float

    def wins(self, fragment: str, seat: int) -> bool:
        """Whether `seat` cannot lose from `fragment` against the table."""
        return self.thresholds.threshold(fragment, seat) < self.knows

    def winning_moves(self, fragment: str, seat: int) -> tuple[str, ...]:
        """The moves after which `seat` (to move) cannot lose against the table."""
        solution = self.thresholds.solution
        return tuple(x for x in solution.children(fragment)
                     if self.wins(solution.after(fragment, x), seat))

    def trap(self, fragment: str) -> Try | None:
        """The trap of the seat to move at `fragment` wherever it cannot win against the table
        (T >= `knows`), its escape word included: the trap of docs/rules.md ("Traps"), set
        also where the seat wins against perfect players but not against a table that gangs
        up on it (three or more players); None where it wins against the table or the game
        is over."""
        solution = self.thresholds.solution
        if solution.is_word(fragment) or self.wins(fragment, solution.mover(fragment)):
            return None
        return choose_try(solution, fragment, self.thresholds)


class EscapeLines(Protocol):
    """What the escape word's line reads of a game's traps: each seat's thresholds T, the
    highest Zipf M of the words that hold a fragment, and the first such word (the index of
    the first word, in the words' order, of Zipf M that holds it)."""

    def threshold(self, fragment: str, seat: int) -> float: ...

    def known(self, fragment: str) -> float: ...

    def first_known(self, fragment: str) -> int: ...


def escape_word(
    solution: GameSolution, escapes: EscapeLines, fragment: str, seat: int
) -> Escape | None:
    """The word the others must know to stop `seat` from winning from `fragment`, found along
    the line docs/rules.md describes ("Traps"); None where no word lets them out (T = +inf) or
    `seat` cannot lose from here whatever they know (T = -inf). One walk for the solved game's
    thresholds (`cardgen.games.traps`) and the stored game's (`cardgen.games.stored`)."""
    threshold = escapes.threshold(fragment, seat)
    if not math.isfinite(threshold):
        return None
    g = fragment
    while True:
        made = [solution.after(g, x) for x in solution.children(g)]
        below = [escapes.threshold(h, seat) for h in made]
        if solution.mover(g) == seat:
            # The seat's own move: its lowest-T move, the first of them.
            g = made[below.index(min(below))]
            continue
        target = escapes.threshold(g, seat)
        g = next(h for h, t in zip(made, below, strict=True)
                 if min(escapes.known(h), t) == target)
        if escapes.known(g) <= escapes.threshold(g, seat):
            return Escape(solution.words[escapes.first_known(g)], threshold)


def best_try(
    solution: GameSolution, fragment: str, traps: Escapes | None = None
) -> Try | None:
    """The best try of the seat to move at `fragment`, or None when it wins (or the game is over).

    Candidates are the letters that do not complete a playable word (all of them if every one
    does); a reply is a mistake when the mover is no longer among the losers after it. The
    largest share of mistakes wins, then the most mistakes, then the first letter. With
    `traps`, the trap (docs/rules.md, "Traps"): the candidate after which the others need the
    rarest word to escape (the lowest threshold) comes first, then that order; the try then
    names the escape word.

    >>> from cardgen.words.lexicon import playable_words
    >>> from cardgen.games.solver import solve
    >>> words = ["cat", "camel", "goat", "gecko", "gerbil", "gar"]
    >>> best_try(solve(playable_words(words, 3), 2), "")  # "ge" and "go" let the first seat win
    Try(move='g', mistakes=2, replies=3, escape=None)
    """
    mover = solution.mover(fragment)
    if solution.is_word(fragment) or mover not in solution.losers(fragment):
        return None
    return choose_try(solution, fragment, traps)


def choose_try(solution: GameSolution, fragment: str, traps: Escapes | None = None) -> Try:
    """The best try (with `traps`, the trap) of the seat to move at `fragment`, a fragment
    where the game is still on, in the order of `best_try`, whether or not the seat wins
    there: a card for a casual table sets the trap wherever the seat cannot win against that
    table (docs/rules.md, "A card for casual tables"), with the candidates, mistakes and order
    defined as here."""
    from fractions import Fraction  # here: a card read back from the cache needs none

    mover = solution.mover(fragment)
    moves = solution.replies(fragment, mover)
    candidates = [move for move in moves if not move.word] or list(moves)
    best: tuple[float, Fraction, int] | None = None
    chosen = Try(candidates[0].move, 0, 0)
    for x, _, mistakes, replies in candidates:
        share = Fraction(mistakes, replies) if replies else Fraction(0)
        threshold = (traps.threshold(solution.after(fragment, x), mover) if traps is not None
                     else 0.0)
        # Lowest threshold, then larger share, then more mistakes; candidates come
        # alphabetically, so a tie keeps the first letter.
        order = (-threshold, share, mistakes)
        if best is None or order > best:
            best = order
            chosen = Try(x, mistakes, replies)
    if traps is None:
        return chosen
    escape = traps.escape_word(solution.after(fragment, chosen.move), mover)
    return Try(chosen.move, chosen.mistakes, chosen.replies, escape)


def try_document(found: Try | None) -> dict[str, Any] | None:
    """A try (or trap) as JSON-ready data (the cards' and `explain --json`'s `try`); None
    stays None."""
    if found is None:
        return None
    escape = found.escape
    return {
        "move": found.move,
        "mistakes": found.mistakes,
        "replies": found.replies,
        "escape": None if escape is None else {"word": escape.word, "zipf": escape.zipf},
    }
