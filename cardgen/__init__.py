"""cardgen: solve the word game Ghost and print the answer as a pocket card.

Data flows one way: config -> word list -> playable words (lexicon) -> game solution ->
strategy (cards, tables) -> renderers. Each step is a module of pure functions over frozen
dataclasses; only `cardgen.app.cli` reads arguments and prints, and only `cardgen.render` knows
formats.

The whole pipeline in a few names, for notebooks and scripts (loaded on first use, so that
`cardgen --help` stays fast)::

    import cardgen
    card = cardgen.make_card("twl06", players=2, min_length=4)
    card.seats[0].openings[0].moves                  # ('m', 'n')
    cardgen.render_markdown(card); cardgen.render_json(card); cardgen.render_pdf(card)
    # each as `cardgen build` writes it: the deck of a config without `pdf` keys (or pass
    # a cardgen.PdfOptions, as the keys say)
    deck = cardgen.budget(card, cardgen.PdfOptions())   # what its pocket deck prints and wins
    deck.seats[1].wins                               # none, full, card, best
    words = cardgen.load_wordlist("twl06").entries
    solution = cardgen.solve(cardgen.playable_words(words, 4), 2)
    super_card = cardgen.make_card("twl06", 2, 4, game="superghost")   # decision tables
    infixes = cardgen.playable_words(words, 4, prefix_free=False)     # no pruning here
    cardgen.find_game("superduperghost").solve(infixes, 2)             # any game, one seam
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_API = {
    "make_card": "cardgen.cards.make",
    "Lexicons": "cardgen.cards.make",
    "LexiconRequest": "cardgen.cards.make",
    "load_wordlist": "cardgen.words.wordlists",
    "WordList": "cardgen.words.wordlists",
    "CatalogList": "cardgen.words.wordlists",
    "ListFile": "cardgen.words.wordlists",
    "playable_words": "cardgen.words.lexicon",
    "Lexicon": "cardgen.words.lexicon",
    "solve": "cardgen.games.solver",
    "Solution": "cardgen.games.solver",
    "find_game": "cardgen.games.variants",
    "Game": "cardgen.games.variants",
    "GameSolution": "cardgen.games.game",
    "Decision": "cardgen.games.game",
    "build_card": "cardgen.cards.strategy",
    "Card": "cardgen.cards.strategy",
    "SeatStrategy": "cardgen.cards.strategy",
    "Opening": "cardgen.cards.strategy",
    "DictionaryInfo": "cardgen.cards.strategy",
    "PdfOptions": "cardgen.cards.paper",
    "RankingOptions": "cardgen.cards.config",
    "Spelling": "cardgen.words.alphabet",
    "render_markdown": "cardgen.render.markdown:render_card",
    "render_json": "cardgen.render.json:render_card",
    "render_pdf": "cardgen.render.pdf:render_card",
    "budget": "cardgen.render.pdf.budget",
    "CardgenError": "cardgen.errors",
    "InputError": "cardgen.errors",
}
"""Public name -> the module that holds it (and its name there, after a colon)."""

__all__ = [
    "__version__",
    "make_card",
    "Lexicons",
    "LexiconRequest",
    "load_wordlist",
    "WordList",
    "CatalogList",
    "ListFile",
    "playable_words",
    "Lexicon",
    "solve",
    "Solution",
    "find_game",
    "Game",
    "GameSolution",
    "Decision",
    "build_card",
    "Card",
    "SeatStrategy",
    "Opening",
    "DictionaryInfo",
    "PdfOptions",
    "RankingOptions",
    "Spelling",
    "render_markdown",
    "render_json",
    "render_pdf",
    "budget",
    "CardgenError",
    "InputError",
]

if TYPE_CHECKING:
    from cardgen.cards.config import RankingOptions
    from cardgen.cards.make import LexiconRequest, Lexicons, make_card
    from cardgen.cards.paper import PdfOptions
    from cardgen.cards.strategy import Card, DictionaryInfo, Opening, SeatStrategy, build_card
    from cardgen.errors import CardgenError, InputError
    from cardgen.games.game import Decision, GameSolution
    from cardgen.games.solver import Solution, solve
    from cardgen.games.variants import Game, find_game
    from cardgen.render.json import render_card as render_json
    from cardgen.render.markdown import render_card as render_markdown
    from cardgen.render.pdf import render_card as render_pdf
    from cardgen.render.pdf.budget import budget
    from cardgen.words.alphabet import Spelling
    from cardgen.words.lexicon import Lexicon, playable_words
    from cardgen.words.wordlists import CatalogList, ListFile, WordList, load_wordlist


def __getattr__(name: str) -> Any:
    """Load a public name's module on first use (PEP 562)."""
    if name not in _API:
        raise AttributeError(f"module 'cardgen' has no attribute {name!r}")
    module, _, attribute = _API[name].partition(":")
    value = getattr(importlib.import_module(module), attribute or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
