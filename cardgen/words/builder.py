"""A run's word lists and lexicons, in three steps with three names: `WordLists` fetches or
reads each list once, `language_rules` adds to a spelling the rules its language reads from
data (German names, a list's abbreviations), and `LexiconBuilder` builds each lexicon once.

Every config and table row of a run shares one builder, so that each list is read once and
each (list, minimum length, spelling) lexicon built once; `cardgen.cards.make.Lexicons` adds
what a card needs on top (frequencies, rankings, solved games).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cardgen.errors import WordListError
from cardgen.progress import ProgressCallback, stage
from cardgen.words.abbreviations import abbreviations_for
from cardgen.words.alphabet import Spelling, default_spelling
from cardgen.words.names import names_for
from cardgen.words.wordlists import (
    CatalogList,
    ListFile,
    WordList,
    WordListSource,
    load_catalog,
    load_wordlist,
)

if TYPE_CHECKING:  # built only where a lexicon is: a card read from the cache needs none
    from cardgen.words.lexicon import Lexicon


class WordLists:
    """Word lists fetched or read once, however many configs or rows share them."""

    def __init__(self, *, progress: ProgressCallback | None = None) -> None:
        self.progress = progress
        self._lists: dict[WordListSource, WordList] = {}

    def wordlist(self, source: WordListSource) -> WordList:
        """The word list, read (or fetched) on first use."""
        if source not in self._lists:
            stage(self.progress, "read", f"reading {source.name}")
            self._lists[source] = load_wordlist(source, progress=self.progress)
        return self._lists[source]


def language_rules(
    source: WordListSource, spelling: Spelling, *, progress: ProgressCallback | None = None
) -> Spelling:
    """`spelling` with the rules its language reads from data where it has none yet: the
    names German drops (data fetched once) and the list's own abbreviations (wngerman's)."""
    if not spelling.names:
        names = names_for(spelling.language, spelling.capitalized, progress=progress)
        spelling = replace(spelling, names=names) if names else spelling
    if not spelling.abbreviations:
        found = abbreviations_for(source, spelling.capitalized, progress=progress)
        spelling = replace(spelling, abbreviations=found) if found else spelling
    return spelling


def list_spelling(
    source: WordListSource,
    language: str | None = None,
    rule: str | None = None,
    capitalized: str | None = None,
) -> Spelling:
    """How a list's entries become words: the language given, else the catalog's (`en` for a
    file), and each rule given or else that language's default."""
    if language is None:
        catalog = isinstance(source, CatalogList)
        language = load_catalog()[source.name].language if catalog else "en"
    return default_spelling(language, rule, capitalized)


class LexiconBuilder(WordLists):
    """Lexicons built once per (list, minimum length, spelling, pruning), from lists read once."""

    def __init__(self, *, progress: ProgressCallback | None = None) -> None:
        super().__init__(progress=progress)
        self._lexicons: dict[tuple[WordListSource, int, Spelling, bool], Lexicon] = {}

    def lexicon(
        self,
        source: WordListSource,
        min_length: int,
        spelling: Spelling | None = None,
        *,
        prefix_free: bool = True,
    ) -> Lexicon:
        """The playable words of the list for one minimum length, written by `spelling`
        (default: the list's language's, see `list_spelling`) with its `language_rules`,
        pruned of words that begin with a shorter one unless `prefix_free` is False; refuses a
        list with none."""
        spelling = language_rules(source, spelling or list_spelling(source),
                                  progress=self.progress)
        key = (source, min_length, spelling, prefix_free)
        if key not in self._lexicons:
            from cardgen.words.lexicon import playable_words

            entries = self.wordlist(source).entries
            stage(self.progress, "words", f"playable words of {min_length}+ letters")
            lexicon = playable_words(entries, min_length, spelling, prefix_free=prefix_free)
            if not lexicon.words:
                expected = "lower-case a-z words"
                if spelling != Spelling():
                    expected = f"{spelling.language} words of alphabet {spelling.rule}"
                raise WordListError(
                    f"{where(source)}: no playable words of {min_length}+ letters "
                    f"(entries must be {expected})"
                )
            self._lexicons[key] = lexicon
        return self._lexicons[key]


def where(source: WordListSource) -> object:
    """How an error names a list: its file, or its catalog name."""
    return source.path if isinstance(source, ListFile) else source.name
