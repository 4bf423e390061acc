"""What `cardgen play` says of the card's advice, in one line (`--hints` and `?`), and how it
writes a move: the letter in Ghost, the letter and its side in the variants."""

from __future__ import annotations

from dataclasses import replace

from cardgen.cards.position import Position
from cardgen.games.game import GameSolution
from cardgen.games.variants import find_game


def advice(position: Position, solution: GameSolution) -> str:
    """The card's advice for the seat to move, in one line."""
    if not position.prefix:
        holds = find_game(solution.game).holds
        return f"card: challenge (!): no word {holds} {position.fragment}"
    card = position.card_move
    if card:
        after = position.card_words  # the deck may print another winning letter
        words = " ".join(after)
        forced = f"one of {words}" if len(after) > 1 else words
        move = shown_move(solution, position.fragment, card)
        if len(position.decisions) > 1:  # a decision table: too many words to list
            rows, ends = len(position.decisions), len(after)
            return (f"card: play {move}; your table has {rows} rows from here, ending in "
                    + (forced if ends <= 3 else f"one of {ends} words"))
        return f"card: play {move}, forcing {forced}"
    found = position.best_try
    noun = find_game(solution.game).move_noun
    printed = position.printed
    if printed is not None and (found is None or found.move != printed):
        # The deck prints a letter alone here, for the casual tables it is chosen for.
        said = advice(replace(position, printed=None), solution).removeprefix("card: ")
        return f"card: prints {shown_move(solution, position.fragment, printed)} here; {said}"
    if found is None or not found.replies:
        return f"card: every {noun} completes a word"
    if not found.mistakes and found.escape is None:  # no mistake to hope for, no trap
        return f"card: no {noun} forces a win, and no try helps: every reply keeps their win"
    if found.replies == 1:
        outcome = f"its one reply {'is' if found.mistakes else 'is not'} a mistake"
    elif not found.mistakes:  # a trap: its hope is a word too rare for them
        outcome = f"none of {found.replies} replies is a mistake"
    else:
        outcome = (f"{found.mistakes} of {found.replies} replies "
                   f"{'is a mistake' if found.mistakes == 1 else 'are mistakes'}")
    move = shown_move(solution, position.fragment, found.move)
    return f"card: no {noun} forces a win; best try {move} ({outcome})"


def shown_move(solution: GameSolution, fragment: str, move: str) -> str:
    """A move as the game prints it: the letter in Ghost; `b… (bera)` in the variants."""
    written = solution.describe_move(fragment, move)
    return move if written == move else f"{written} ({move})"
