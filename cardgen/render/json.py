"""The JSON card: the contract that other tools and the strategy tables build on.

Schema 2 keeps these names: schema, cardgen, dictionary{name, source, sha256, entries, playable,
language, alphabet, letters, capitalized}, players, min_length, title, losers,
ranking{by, rare_below, familiarity{source, sha256} or null, avoid},
seats[{seat, openings[{fragment, losers, moves, words, try{move, mistakes, replies} or null,
rare}]}]. Fragments, moves, words and letters are Unicode strings; `letters` is the alphabet in
alphabetical order, `alphabet` the rule that wrote the list's entries (cardgen.alphabet).
Schema 2 added `ranking`, and each opening's `try` (the best try where the seat cannot win,
`cardgen.advice`) and `rare` (the rare words of `words`; [] with ranking `fewest`).
"""

from __future__ import annotations

import json
from typing import Any

from cardgen import __version__
from cardgen.strategy import Card

SCHEMA = 2


def card_document(card: Card) -> dict[str, Any]:
    """The card as plain JSON-ready data."""
    d = card.dictionary
    r = card.ranking
    familiarity = None
    if r.familiarity is not None:
        familiarity = {"source": r.familiarity, "sha256": r.familiarity_sha256}
    return {
        "schema": SCHEMA,
        "cardgen": __version__,
        "dictionary": {
            "name": d.name,
            "source": d.source,
            "sha256": d.sha256,
            "entries": d.entries,
            "playable": d.playable,
            "language": d.language,
            "alphabet": d.alphabet,
            "letters": d.letters,
            "capitalized": d.capitalized,
        },
        "players": card.players,
        "min_length": card.min_length,
        "title": card.title,
        "losers": list(card.losers),
        "ranking": {
            "by": r.by,
            "rare_below": r.rare_below,
            "familiarity": familiarity,
            "avoid": r.avoid,
        },
        "seats": [
            {
                "seat": seat.seat,
                "openings": [
                    {
                        "fragment": o.fragment,
                        "losers": list(o.losers),
                        "moves": list(o.moves),
                        "words": list(o.words),
                        "try": None if o.best_try is None else {
                            "move": o.best_try.move,
                            "mistakes": o.best_try.mistakes,
                            "replies": o.best_try.replies,
                        },
                        "rare": list(o.rare),
                    }
                    for o in seat.openings
                ],
            }
            for seat in card.seats
        ],
    }


def dumps(document: dict[str, Any]) -> str:
    """Deterministic JSON text: two-space indent, keys in schema order, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render_card(card: Card) -> str:
    """The card as JSON text."""
    return dumps(card_document(card))
