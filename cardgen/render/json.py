"""The JSON card: the contract that other tools and the strategy tables build on.

Schema 5 keeps these names: schema, cardgen, dictionary{name, source, sha256, entries, playable,
language, alphabet, letters, capitalized, names, abbreviations, abbreviation_data}, players,
min_length, title, losers, ranking{by, rare_below, avoid}, familiarity{source, sha256} or null,
opponent ("perfect" or {knows}), traps, casual_table{knows, tables} or null, seats[{seat,
wins{none, full, card, best} or null, wins_by_table[{knows, none, full, card, best}] or null,
openings[{fragment, losers, moves, words, try{move,
mistakes, replies, escape{word, zipf} or null} or null, rare, named, printed, printed_move}]}].
Fragments, moves, words and letters are Unicode strings; `letters` is the alphabet in
alphabetical order, `alphabet` the rule that wrote the list's entries (cardgen.words.alphabet).
Schema 2 added `ranking`, and each opening's `try` (the best try where the seat cannot win,
`cardgen.games.advice`) and `rare` (the rare words of `words`; [] with ranking `fewest`).
Schema 3 added the traps (docs/rules.md, "Traps"): `familiarity` (the word frequencies the card
read, for the traps and the familiar ranking; it was `ranking.familiarity`), `traps` (whether
each `try` is a trap), `try.escape` (the word the others must know to get out, and its Zipf;
null where no word does or without frequencies), `opponent`, and each opening's `named` (on a
card against a casual table, the words the seat names when challenged; [] otherwise), and
`dictionary.names` (the sha256s of the names data whose names a German list leaves out, German
Wiktionary's nouns, the first names, then GeoNames' cities and countries, separated by a space;
null where none were) and
`dictionary.abbreviations` (true where entries without a vowel were left out as abbreviations:
German lists, docs/rules.md "Names in German lists"); then `dictionary.abbreviation_data` (the
sha256s of the data whose abbreviations of the list were left out, the list's hunspell
dictionary then, with `capitalized: lower`, German Wiktionary's nouns, separated by a space:
`german`'s evtl, inkl, usw, docs/rules.md "Abbreviations in German lists"; null where the
list has none).
Schema 4 added the pocket deck (docs/rules.md, "What a card wins at a casual table"):
`casual_table` (`{"knows": THETA}`: the Zipf frequency from which the casual table of the
figures knows words; null where the card has none), each seat's
`wins` (how often the seat wins at that table, 0 to 1, to 12 decimals: with nothing printed
`none`, the whole deck `full`, what this deck prints `card`, each opening's best entry `best`;
null without figures), and each opening's `printed` (what the deck prints for it: "words",
"move" for a letter alone, or false for nothing) and `printed_move` (the letter it prints:
the words' move or the letter alone; null where it prints nothing). They describe the deck the
config's `pdf:` keys define, whatever formats are written.
A card of a game with decision tables (SuperGhost, SuperDuperGhost) adds `game` after `title`,
and each opening's `decisions` [{fragment, play, printed}] (schema 4: [{fragment, play}], see
schema 5); its `moves`, `play`s and `try` moves are
the fragments the plays make, and its `words` are the decision table's end words.
Schema 5 gives each opening of a card with decision tables its whole table in `decisions`,
where schema 4 gave the rows the deck prints (the first seat's table may be printed in part,
docs/rules.md: TWL06 SuperGhost, 40 of its 105 rows), and marks each row with `printed`: true
where the deck prints the row (the opening prints its table, `printed` "words", and this row of
it), false elsewhere (a play alone, `printed` "move", prints no row: `printed_move` is that
play), as an opening keeps its `words` where its letter alone is printed.
Schema 5 also gives the pocket figures over a range of casual tables (docs/rules.md, "A range of
tables"): `casual_table` is `{"knows": [LO, HI], "tables": [2.0, 2.5, 3.0, 3.5, 4.0]}` (`knows`
as the config gives the range; a single table `{"knows": 3.0, "tables": [3.0]}`), each seat's
`wins` are its figures at the middle table (the lower middle for an even count) and
`wins_by_table` [{knows, none, full, card, best}] at each table, in the order of `tables`
(`best`: each opening's best entry at that table, room unlimited; null without figures). A
SuperGhost or SuperDuperGhost card has them too.
"""

from __future__ import annotations

import json
from typing import Any

from cardgen import __version__
from cardgen.cards.odds import Wins
from cardgen.cards.paper import PdfOptions
from cardgen.cards.strategy import Card
from cardgen.games.advice import try_document
from cardgen.render import deck

SCHEMA = 5


def card_document(card: Card) -> dict[str, Any]:
    """The card as plain JSON-ready data."""
    d = card.dictionary
    r = card.ranking
    familiarity = None
    if r.familiarity is not None:
        familiarity = {"source": r.familiarity, "sha256": r.familiarity_sha256}
    document: dict[str, Any] = {
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
            "names": d.names or None,
            "abbreviations": d.abbreviations,
            "abbreviation_data": d.abbreviation_data or None,
        },
        "players": card.players,
        "min_length": card.min_length,
        "title": card.title,
        "losers": list(card.losers),
        "ranking": {
            "by": r.by,
            "rare_below": r.rare_below,
            "avoid": r.avoid,
        },
        "familiarity": familiarity,
        "opponent": "perfect" if card.opponent.knows is None else {"knows": card.opponent.knows},
        "traps": card.traps,
        "casual_table": _tables(card),
        "seats": [
            {
                "seat": seat.seat,
                "wins": _wins(seat.wins),
                "wins_by_table": [
                    dict(knows=knows, **_rates(wins))
                    for knows, wins in zip(_thetas(card), seat.wins_by_table, strict=True)
                ] if seat.wins_by_table and _thetas(card) else None,
                "openings": [
                    {
                        "fragment": o.fragment,
                        "losers": list(o.losers),
                        "moves": list(o.moves),
                        "words": list(o.words),
                        "try": try_document(o.best_try),
                        "rare": list(o.rare),
                        "named": list(o.named),
                        "printed": printed.kind or False,
                        "printed_move": printed.move,
                    }
                    for o, printed in seat.entries()
                ],
            }
            for seat in card.seats
        ],
    }
    if card.decision_tables:
        document = _with_decisions(document, card)
    return document


def _tables(card: Card) -> dict[str, Any] | None:
    """The casual tables of the card's figures: `knows` as the config gives it (a Zipf, or a
    range [LO, HI]) and each table's Zipf; None without figures."""
    tables = card.casual_range
    if tables is None:
        return None if card.casual_table is None else {"knows": card.casual_table,
                                                       "tables": [card.casual_table]}
    knows: float | list[float] = tables.lo if tables.single else [tables.lo, tables.hi]
    return {"knows": knows, "tables": list(tables.tables)}


def _thetas(card: Card) -> tuple[float, ...]:
    """Each table's Zipf, lowest first."""
    if card.casual_range is not None:
        return card.casual_range.tables
    return () if card.casual_table is None else (card.casual_table,)


def _wins(wins: Wins | None) -> dict[str, float] | None:
    """A seat's win rates at the middle casual table, to 12 decimals; None without figures."""
    return None if wins is None else _rates(wins)


def _rates(wins: Wins) -> dict[str, float]:
    """Win rates to 12 decimals: numpy versions may differ in a rate's last bit, and a card's
    bytes may not."""
    return {name: round(getattr(wins, name), 12) for name in ("none", "full", "card", "best")}


def _with_decisions(document: dict[str, Any], card: Card) -> dict[str, Any]:
    """The document with the game after the title and each opening's decision table."""
    out: dict[str, Any] = {}
    for key, value in document.items():
        out[key] = value
        if key == "title":
            out["game"] = card.game
    for seat, strategy in zip(out["seats"], card.seats, strict=True):
        for opening, (data, chosen) in zip(seat["openings"], strategy.entries(), strict=True):
            # The whole table; the rows the deck prints, where it prints the table (its
            # words): all of them, or the first seat's in part (`Opening.whole_table`).
            printed = set(data.decisions) if chosen.kind == "words" else set()
            opening["decisions"] = [
                {"fragment": d.fragment, "play": d.play, "printed": d in printed}
                for d in data.table
            ]
    return out


def dumps(document: dict[str, Any]) -> str:
    """Deterministic JSON text: two-space indent, keys in schema order, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render_card(card: Card, options: PdfOptions | None = None) -> str:
    """The card as JSON text, describing its deck: a card with none chosen yet is budgeted as
    `options` say, as `cardgen build` budgets a config with those `pdf` keys (default: none),
    and as the PDF prints it (`cardgen.render.deck`)."""
    return dumps(card_document(deck(card, options)))
