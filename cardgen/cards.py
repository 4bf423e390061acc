"""Making cards: word lists read and their playable words built once, then solved into cards.

`make_card` is the whole pipeline in one call, for notebooks and scripts; `Lexicons` is its
cache, shared by every config and table row of a run so that each list is read once and each
(list, minimum length) lexicon built once.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.errors import WordListError
from cardgen.lexicon import Lexicon, playable_words
from cardgen.progress import ProgressCallback
from cardgen.solver import solve
from cardgen.strategy import Card, DictionaryInfo, build_card
from cardgen.wordlists import (
    CatalogList,
    ListFile,
    WordList,
    WordListSource,
    load_wordlist,
    parse_source,
)


class Lexicons:
    """Word lists and lexicons read once, however many configs or rows share them."""

    def __init__(self, *, progress: ProgressCallback | None = None) -> None:
        self.progress = progress
        self._lists: dict[WordListSource, WordList] = {}
        self._lexicons: dict[tuple[WordListSource, int], Lexicon] = {}

    def wordlist(self, source: WordListSource) -> WordList:
        """The word list, read (or fetched) on first use."""
        if source not in self._lists:
            self._lists[source] = load_wordlist(source, progress=self.progress)
        return self._lists[source]

    def lexicon(self, source: WordListSource, min_length: int) -> Lexicon:
        """The playable words of the list for one minimum length; refuses a list with none."""
        key = (source, min_length)
        if key not in self._lexicons:
            lexicon = playable_words(self.wordlist(source).entries, min_length)
            if not lexicon.words:
                where = source.path if isinstance(source, ListFile) else source.name
                raise WordListError(
                    f"{where}: no playable words of {min_length}+ letters "
                    "(entries must be lower-case a-z words)"
                )
            self._lexicons[key] = lexicon
        return self._lexicons[key]

    def info(self, source: WordListSource, min_length: int) -> DictionaryInfo:
        """What a card says about its word list."""
        return DictionaryInfo.of(self.wordlist(source), self.lexicon(source, min_length))

    def card(
        self, source: WordListSource, players: int, min_length: int, title: str | None = None
    ) -> Card:
        """Solve the game on the list and build its card."""
        solution = solve(self.lexicon(source, min_length), players)
        return build_card(solution, self.info(source, min_length), title)


def make_card(
    dictionary: str | Path | WordListSource,
    players: int,
    min_length: int,
    *,
    title: str | None = None,
    progress: ProgressCallback | None = None,
) -> Card:
    """Solve Ghost on a word list and build the card of every seat and opening.

    `dictionary` is a catalog name (`"twl06"`), a `Path` of a word list file, or a string read
    by the config rule (`"./mine.txt"` is a file, relative to the current folder).

    >>> card = make_card(Path("tests/data/animals.txt"), players=2, min_length=3)
    >>> opening = card.seats[0].openings[0]
    >>> opening.moves, opening.words
    (('b', 'g'), ('bear', 'beaver'))
    """
    if isinstance(dictionary, Path):
        source: WordListSource = ListFile(dictionary, str(dictionary))
    elif isinstance(dictionary, str):
        source = parse_source(dictionary, Path.cwd())
    else:
        source = dictionary
    return Lexicons(progress=progress).card(source, players, min_length, title)


__all__ = ["CatalogList", "ListFile", "Lexicons", "make_card"]
