"""`cardgen explain` as text: one position on one screen (`templates/explain.txt.j2`)."""

from __future__ import annotations

import json
import math

from cardgen.config import CardConfig
from cardgen.explain import Position, position_document
from cardgen.render import render_template
from cardgen.solver import Solution


def describe(position: Position, config: CardConfig, solution: Solution) -> str:
    """The position as one screen of text (`cardgen explain`)."""
    winning = [x for x in position.letters if x.letter in position.moves]
    losing: dict[tuple[int, ...], list[str]] = {}
    for x in position.letters:
        if x.letter not in position.moves:
            losing.setdefault(x.losers, []).append(x.letter)
    return render_template(
        "explain.txt.j2",
        position=position,
        config=config,
        min_length=solution.lexicon.min_length,
        winning=winning,
        losing=sorted(losing.items(), key=lambda item: item[1]),
        replier=position.mover % position.players + 1,
        # The letters that do not win outright, with what gets the others out after each.
        escapes=[
            x for x in position.letters
            if x.threshold is not None and x.threshold > -math.inf
        ],
    )


def render_json(position: Position) -> str:
    """The position as one JSON object (`cardgen explain --json`)."""
    return json.dumps(position_document(position), indent=2) + "\n"
