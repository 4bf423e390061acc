"""What each language cardgen has spelling rules for writes: its letters, its Scrabble tiles,
its vowels and its abbreviations (the data behind `cardgen.words.alphabet`'s rules).

docs/rules.md, "Other alphabets": an entry with a letter that is not one of its language's
(`LETTERS`) is dropped before any rule writes it, since the rule would make a word of the
language out of a foreign one (or out of a broken character: wfrench writes qu'un as qqúun,
which `scrabble` made qquun); so is an entry the language's spelling marks as an
abbreviation (`ABBREVIATED`: French qqn, qqun). The other tables say how the kept entries are
written and ordered.
"""

from __future__ import annotations

import functools

__all__ = [
    "ABBREVIATED", "AFTER_Z", "KEPT", "LANGUAGES", "LETTERS", "NAMES", "VOWELS", "letter_set",
]

A_Z = "abcdefghijklmnopqrstuvwxyz"
LANGUAGES = ("ca", "da", "de", "en", "es", "fr", "it", "nb", "nl", "pl", "pt", "pt-BR", "sv")
"""The languages cardgen has spelling rules for (those of the catalog's lists)."""
NAMES = {
    "ca": "Catalan", "da": "Danish", "de": "German", "en": "English", "es": "Spanish",
    "fr": "French", "it": "Italian", "nb": "Norwegian", "nl": "Dutch", "pl": "Polish",
    "pt": "Portuguese", "pt-BR": "Brazilian Portuguese", "sv": "Swedish",
}
"""Each language's name in English, as a card says it (its footer: "German, Scrabble
spelling"; its frequencies: "English word frequencies")."""
LETTERS: dict[str, str] = {
    "ca": "àçèéíïòóúü",
    "da": "åæø",
    "de": "äöüß",
    "en": "",
    "es": "áéíñóúü",
    "fr": "àâæçéèêëîïôöœùûüÿ",
    "it": "àèéìòóù",
    "nb": "àåæéòóôø",
    "nl": "áäéëíïóöúü",
    "pl": "ąćęłńóśźż",
    "pt": "àáâãçéêíòóôõú",
    "pt-BR": "àáâãçéêíòóôõúü",
    "sv": "àäåéö",
}
"""The letters of each language beyond a-z, lower case: the main exemplar characters of its
locale in Unicode CLDR 42 (as ICU 72 ships them), which leave out the letters that the language
writes only in foreign words (CLDR's auxiliary set: German Café, Danish idé, Norwegian
karrière). Three changes: a-z is every language's, as it has always been the game's letters
(CLDR's Polish set lacks q, v and x, of loanwords: 13,289 entries of `polish` hold one);
Brazilian Portuguese keeps ü, the trema of the 1943 spelling that wbrazilian is written in
(agüentar, lingüiça; the 2009 spelling agreement, which CLDR follows, dropped it); and French
keeps ö, of its auxiliary set, for maelström (wfrench's one entry with it), which French
Scrabble writes maelstrom as it folds every other French accent. Catalan's l·l is not a
letter: its middle dot drops the entry, as every mark does."""
ABBREVIATED: dict[str, str] = {"fr": "qq"}
"""Letters that a language's spelling never writes inside a word, so that an entry holding them
is an abbreviation: French never doubles q (a q is followed by u, or ends the word: cinq,
coq), and writes qq only to shorten quelque: qq. (quelque), qqch. (quelque chose), qqn and
qqun (quelqu'un) in wfrench."""
KEPT: dict[str, str] = {
    "es": "ñ",
    "de": "äöü",
    "sv": "åäö",
    "da": "æøå",
    "nb": "æøå",
    "pl": "ąćęłńóśźż",
    "pt": "ç",
    "pt-BR": "ç",
    "ca": "ç",
}
"""The letters with accents (or of their own) that each language's Scrabble set has as tiles;
every other language (fr, it, nl, en, ...) has none."""
AFTER_Z = frozenset({"sv", "da", "nb"})
"""Languages whose extra letters follow z in their alphabet."""
VOWELS: dict[str, frozenset[str]] = {"de": frozenset("aeiouyäöü")}
"""The vowels (any other accent aside: é is e) of each language whose list's entries without
one are all abbreviations, units or single letters, and dropped: German (wngerman's 68: bzw,
jmdn, kg, Lkw, Nr, Std, ...). Other languages play words without a vowel (English psst, nth,
crwth; French pfft, brrr; Dutch hm; Polish bzz), so they have no such rule."""


@functools.cache
def letter_set(language: str) -> frozenset[str] | None:
    """The lower-case letters of a language (a-z and `LETTERS`); None for a language cardgen
    has no rules for, whose letters are then not checked."""
    extra = LETTERS.get(language)
    return None if extra is None else frozenset(A_Z + extra)
