"""The JSON card: the contract that other tools and the strategy tables build on.

Schema 1 keeps these names: schema, cardgen, dictionary{name, source, sha256, entries, playable,
language, alphabet, letters, capitalized}, players, min_length, title, losers,
seats[{seat, openings[{fragment, losers, moves, words}]}]. Fragments, moves, words and letters are
Unicode strings; `letters` is the alphabet in alphabetical order, `alphabet` the rule that wrote
the list's entries (cardgen.alphabet).
"""

from __future__ import annotations

import json
from typing import Any

from cardgen import __version__
from cardgen.strategy import Card

SCHEMA = 1


def card_document(card: Card) -> dict[str, Any]:
    """The card as plain JSON-ready data."""
    d = card.dictionary
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
        "seats": [
            {
                "seat": seat.seat,
                "openings": [
                    {
                        "fragment": o.fragment,
                        "losers": list(o.losers),
                        "moves": list(o.moves),
                        "words": list(o.words),
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
