"""cardgen: solve the word game Ghost and print the answer as a pocket card.

Data flows one way: config -> word list -> playable words (lexicon) -> game solution ->
strategy (cards, tables) -> renderers. Each step is a module of pure functions over frozen
dataclasses; only `cardgen.cli` reads arguments and only `cardgen.render` knows formats.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
