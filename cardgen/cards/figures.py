"""The pocket figures by the game's model (docs/rules.md, "What a card wins at a casual
table"): Ghost's (`cardgen.cards.pocket`) or letters at either end
(`cardgen.cards.superpocket`), for a card and for one position (`cardgen explain`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.cards.openings import PositionOdds, position_odds, with_odds
from cardgen.cards.pocket import CasualPlay
from cardgen.cards.strategy import Card
from cardgen.cards.superpocket import (
    FloatArray,
    InfixPlay,
    infix_position_odds,
    with_infix_odds,
)
from cardgen.games.game import Decision
from cardgen.games.opponent import TableRange
from cardgen.games.superghost import InfixSolution


def card_figures(
    card: Card, solution: object, zipf: FloatArray | None, tables: TableRange,
    plays: Sequence[CasualPlay] | Sequence[InfixPlay] = (),
) -> Card:
    """The card with its openings' figures over the casual `tables`, by its game's model:
    Ghost's (`cardgen.cards.openings.with_odds`) or letters at either end (`with_infix_odds`),
    from `plays` where they are worked out already."""
    if isinstance(solution, InfixSolution):
        assert all(isinstance(play, InfixPlay) for play in plays)
        return with_infix_odds(card, solution, zipf, tables, plays)  # type: ignore[arg-type]
    assert not any(isinstance(play, InfixPlay) for play in plays)
    return with_odds(card, solution, zipf, tables, plays)  # type: ignore[arg-type]


def position_figures(
    play: CasualPlay | InfixPlay, fragment: str, words: Sequence[str],
    decisions: Sequence[Decision],
) -> PositionOdds | None:
    """A position's figures (`cardgen explain`) by its game's model: Ghost's, where the mover
    keeps to its `words`, or letters at either end, where it keeps to its `decisions`."""
    if isinstance(play, InfixPlay):
        return infix_position_odds(play, fragment, decisions)
    return position_odds(play, fragment, words)


__all__ = ["card_figures", "position_figures"]
