"""`cardgen explain` as text: one position on one screen (`templates/explain.txt.j2`)."""

from __future__ import annotations

import json
import math
import unicodedata

from cardgen.config import CardConfig
from cardgen.errors import printable
from cardgen.explain import Position, position_document
from cardgen.game import GameSolution
from cardgen.render import render_template
from cardgen.variants import find_game


def describe(
    position: Position, config: CardConfig, solution: GameSolution, typed: str | None = None
) -> str:
    """The position as one screen of text (`cardgen explain`); `typed` is the fragment as the
    person typed it, shown when the list's spelling wrote it otherwise (café as cafe)."""
    winning = [x for x in position.letters if x.letter in position.moves]
    losing: dict[tuple[int, ...], list[str]] = {}
    for x in position.letters:
        if x.letter not in position.moves:
            losing.setdefault(x.losers, []).append(x.letter)

    def written(move: str, fragment: str = position.fragment) -> str:
        """A move as a person writes it: the letter, or `b… bera` in the variants."""
        shown = solution.describe_move(fragment, move)
        return move if shown == move else f"{shown} {move}"

    game = find_game(solution.game)
    joined = []
    for losers, moves in sorted(losing.items(), key=lambda item: item[1]):
        shown = [written(move) for move in moves]
        joined.append((losers, (" " if shown == moves else ", ").join(shown)))
    return render_template(
        "explain.txt.j2",
        position=position,
        config=config,
        min_length=solution.lexicon.min_length,
        winning=winning,
        losing=joined,
        replier=position.mover % position.players + 1,
        written=written,
        noun=game.move_noun,
        inside=game.inside,
        # The letters that do not win outright, with what gets the others out after each.
        escapes=[
            x for x in position.letters
            if x.threshold is not None and x.threshold > -math.inf
        ],
        typed=_typed(typed, position.fragment),
        spelling=solution.lexicon.spelling,
        lose=lambda seats: _lose(seats, position.players),
    )


def _typed(typed: str | None, fragment: str) -> str | None:
    """What the person typed, if the spelling rule wrote it otherwise than by case alone."""
    if typed is None:
        return None
    plain = unicodedata.normalize("NFC", typed.strip()).lower()
    return printable(typed.strip()) if plain != fragment else None


def _lose(seats: tuple[int, ...], players: int) -> str:
    """The verb after a list of losing seats: one player loses a round, so with three or more
    players the seats listed "can be made to lose" (as the cards say)."""
    if players > 2:
        return "can be made to lose"
    return "loses" if len(seats) == 1 else "lose"


def render_json(position: Position) -> str:
    """The position as one JSON object (`cardgen explain --json`)."""
    return json.dumps(position_document(position), indent=2) + "\n"
