"""The alphabet rule: how the entries of a word list in any language become words of its alphabet.

docs/rules.md, "Other alphabets": entries are normalised to NFC, capitalised entries are dropped or
lower-cased (`capitalized`; with `lower`, names are dropped all the same: `cardgen.words.names`), an
entry with a letter its language does not write is dropped (`cardgen.words.languages.LETTERS`:
French qqúun, German Café), then one of these rules (`alphabet`) writes each letter:

- `scrabble`: accents are removed (NFD, combining marks dropped), except on the letters that
  the language's Scrabble set has as tiles of their own (`KEPT`); German writes ß as ss.
- `fold`: every accent is removed, and ß, æ, ø, å, ł are written ss, ae, o, a, l: a-z only.
- `keep`: every lower-case letter of the language as written.
- `a-z`: the letters a-z as written, nothing else: an entry with an accent is dropped. This is
  English's default, the rule cardgen has always used for its English lists.

In German an entry with no vowel (`VOWELS`) is an abbreviation or a unit (bzw, jmdn, kg, Lkw)
and is dropped too, and so are a catalog list's abbreviations by its own source
(`abbreviations`: `cardgen.words.abbreviations`; wngerman's evtl, inkl, usw, and the names its
dictionary writes as names: Cisco, Xoff); in French an entry with qq is
(`cardgen.words.languages.ABBREVIATED`: qqn, qqun). A language's reviewed stop list
(`cardgen.words.reviewed`: German Cmos, Cluny, msec) is dropped in every rule.

An entry with any character that is not then a letter of the alphabet (apostrophes, hyphens,
digits, a ligature the rule does not write, ...) is dropped; entries that become the same word
count once (the lexicon removes repeats).

Letters sort in the language's alphabetical order (`Spelling.letters`): a kept letter comes
right after its base letter (Spanish n ñ o, Polish a ą b), except in Swedish, Danish and
Norwegian, whose extra letters follow z (sv å ä ö; da, nb æ ø å). With `keep`, a letter the
Scrabble alphabet lacks comes after its base letter (é after e, by code point among several),
or after z if it has none (œ).
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from cardgen.words.languages import (
    A_Z,
    ABBREVIATED,
    AFTER_Z,
    KEPT,
    LANGUAGES,
    VOWELS,
    letter_set,
)
from cardgen.words.reviewed import reviewed

__all__ = [
    "A_Z",
    "CAPITALIZED",
    "KEPT",
    "LANGUAGES",
    "RULES",
    "VOWELS",
    "Spelling",
    "alphabet_text",
    "default_spelling",
    "match_language",
    "sort_key",
    "sort_words",
]

Rule = Literal["scrabble", "fold", "keep", "a-z"]
RULES: tuple[Rule, ...] = ("scrabble", "fold", "keep", "a-z")
Capitalized = Literal["drop", "lower"]
CAPITALIZED: tuple[Capitalized, ...] = ("drop", "lower")

FOLDED = {"ß": "ss", "æ": "ae", "ø": "o", "å": "a", "ł": "l"}
"""How `fold` writes the letters that are not a base letter with an accent (å is both)."""
_BAD = "\0"
"""What a character that is no letter of the alphabet is written as: it drops its entry."""


_A_Z_BYTES = A_Z.encode()


def _only_a_z(entries: list[str]) -> bool:
    """Whether every entry is made of the letters a-z and nothing else (none is empty): the
    entries' text joined, with the letters deleted from its bytes, is empty."""
    text = "".join(entries)
    return text.isascii() and not text.encode().translate(None, _A_Z_BYTES) and all(entries)


@dataclass(frozen=True)
class Spelling:
    """How one word list's entries are written as words: its language and the two rules."""

    language: str = "en"
    """The list's language: `en`, `fr`, `pt-BR`, ... (it picks the letters `scrabble` keeps)."""
    rule: Rule = "a-z"
    """The alphabet rule: one of `RULES`."""
    capitalized: Capitalized = "drop"
    """`drop` capitalised entries (names), or `lower` them (German nouns)."""
    names: str = ""
    """With `lower`: the sha256s of the names data (`cardgen.words.names.names_key`) whose names are
    dropped all the same; "" for none."""
    abbreviations: str = ""
    """The sha256s of the data whose abbreviations of the list are dropped
    (`cardgen.words.abbreviations.abbreviations_key`: German evtl, inkl, usw); "" for none."""

    @property
    def letters(self) -> str | None:
        """The alphabet in alphabetical order; None for `keep`, whose letters are the list's."""
        if self.rule == "keep":
            return None
        if self.rule != "scrabble":
            return A_Z
        return _scrabble_letters(self.language)

    def words(self, entries: Iterable[str]) -> Iterator[str]:
        """The entries written in the alphabet, in order; entries that are not words are left
        out, and repeats are not removed."""
        plain = not (self.abbreviations or self.language in VOWELS or self.language in ABBREVIATED
                     or reviewed(self.language).stop)
        if self.rule == "a-z" and self.capitalized == "drop" and plain:
            # cardgen's rule for English lists since the beginning: isascii + isalpha + islower
            # is exactly [a-z]+. A block of a list (`cardgen.words.entries`) that holds no
            # other entry, as most do, is tested at once in C.
            if isinstance(entries, list) and _only_a_z(entries):
                return iter(entries)
            return (e for e in entries if e.isascii() and e.isalpha() and e.islower())
        return self._words(entries)

    def _words(self, entries: Iterable[str]) -> Iterator[str]:
        names, shortened = self._dropped()
        if shortened:  # the list's abbreviations, looked up in C: no cost for other lists
            entries = itertools.filterfalse(shortened.__contains__, entries)
        written = self._written(entries, names, shortened)
        mark = ABBREVIATED.get(self.language)
        if mark is not None:  # no rule writes the mark's letters from others: q is only q
            written = (w for w in written if mark not in w)
        vowels = VOWELS.get(self.language)
        if vowels is None:
            return written
        # "e" first: a quick test that most German words pass (e is one of its VOWELS).
        return (w for w in written if "e" in w or not _vowelless(w, vowels))

    def _written(
        self, entries: Iterable[str], names: frozenset[str], shortened: frozenset[str]
    ) -> Iterator[str]:
        """The entries written as words, but for `names` (capitalised entries) and the list's
        abbreviations (`shortened`: looked up here in NFC, as `_words` did as written)."""
        table = _table(self)
        lower = self.capitalized == "lower"
        normalize = unicodedata.normalize
        for entry in entries:
            if entry.isascii():
                if entry.isalpha() and entry.islower():  # the fast path: most entries
                    yield entry
                elif lower and entry.isalpha() and _capitalised(entry) and entry not in names:
                    yield entry.lower()
                continue
            entry = normalize("NFC", entry)
            if shortened and entry in shortened:
                continue
            if not entry.islower():  # a capital, or no letter at all
                if not (lower and _capitalised(entry)) or entry in names:
                    continue  # mixed or all capitals (abbreviations) are always dropped
                entry = entry.lower()
            word = entry.translate(table)
            if word and _BAD not in word:
                yield word

    def _dropped(self) -> tuple[frozenset[str], frozenset[str]]:
        """The entries, as the list writes them (NFC), that the data leave out: the names
        (with `lower`) and the list's abbreviations. Frozensets read once a run: the lookups
        are the whole cost of both rules."""
        names: frozenset[str] = frozenset()
        if self.capitalized == "lower" and self.names:
            from cardgen.words.names import name_set  # the data is read only where it is used

            names = name_set(self.names)
        stopped = frozenset(reviewed(self.language).stop)
        if not self.abbreviations:
            return names, stopped
        from cardgen.words.abbreviations import abbreviation_set

        return names, abbreviation_set(self.abbreviations) | stopped

    def left_out(self, entry: str) -> str:
        """What an entry of the list that this spelling drops is left out as: "a name" (one of
        the names data's), "an abbreviation" (no vowel, or one of the list's by its data), or
        "" (by another rule).

        >>> Spelling("de", "scrabble", "lower").left_out("bzw"), Spelling().left_out("Paris")
        ('an abbreviation', '')
        """
        written = self.write(entry)
        if written is not None and self.abbreviation(written):
            return "an abbreviation"
        entry = unicodedata.normalize("NFC", entry)
        stopped = reviewed(self.language).stop.get(entry)
        if stopped:
            return stopped
        if self.abbreviations:
            from cardgen.words.abbreviations import abbreviation_names, abbreviation_set

            if entry in abbreviation_names(self.abbreviations):
                return "a name"
            if entry in abbreviation_set(self.abbreviations):
                return "an abbreviation"
        if self.names and entry[:1].isupper():
            from cardgen.words.names import name_set  # the data is read only where it is used

            if entry in name_set(self.names):
                return "a name"
        return ""

    def abbreviation(self, word: str) -> bool:
        """Whether the language drops `word`, written in its alphabet, as an abbreviation:
        it has no vowel (`VOWELS`; German bzw, jmdn, kg, lkw) or its language's mark of one
        (`ABBREVIATED`: French qqn, qqun).

        >>> Spelling("de", "scrabble").abbreviation("jmdn"), Spelling().abbreviation("nth")
        (True, False)
        >>> Spelling("fr", "scrabble").abbreviation("qqun")
        True
        """
        mark = ABBREVIATED.get(self.language)
        if mark is not None and mark in word:
            return True
        vowels = VOWELS.get(self.language)
        return vowels is not None and _vowelless(word, vowels)

    def write(self, text: str) -> str | None:
        """What a person typed, written as this list's words are (NFC, lower-cased, then the
        rule: French `café` is `cafe`, German `Straße` is `strasse`); None if a character is
        no letter the rule writes.

        >>> Spelling("fr", "scrabble").write("Café"), Spelling("de", "scrabble").write("ß")
        ('cafe', 'ss')
        >>> Spelling().write("café") is None
        True
        """
        written = unicodedata.normalize("NFC", text).lower().translate(_table(self))
        return None if _BAD in written else written

    def alphabet(self, words: Iterable[str]) -> str:
        """The letters of the alphabet, in order: the rule's, or for `keep` those of `words`."""
        letters = self.letters
        if letters is not None:
            return letters
        return "".join(sorted(set("".join(words)), key=_keep_order(self.language)))


def default_spelling(
    language: str, rule: str | None = None, capitalized: str | None = None
) -> Spelling:
    """The spelling of a list in `language`, with each rule given or else its default:
    `a-z` for English and `scrabble` elsewhere; `lower` for German, `drop` elsewhere."""
    if rule is None:
        rule = "a-z" if language == "en" else "scrabble"
    if capitalized is None:
        capitalized = "lower" if language == "de" else "drop"
    if rule not in RULES:
        raise ValueError(f"alphabet rule must be one of {', '.join(RULES)}, got {rule!r}")
    if capitalized not in CAPITALIZED:
        choices = ", ".join(CAPITALIZED)
        raise ValueError(f"capitalized must be one of {choices}, got {capitalized!r}")
    return Spelling(language, rule, capitalized)


def match_language(code: str) -> str:
    """The language of `LANGUAGES` a BCP 47 tag names, matched as RFC 4647's lookup does:
    case aside, and dropping subtags from the end until one is known (`de-DE` -> `de`,
    `PT-br` -> `pt-BR`, `pt-PT` -> `pt`); ValueError for a tag cardgen has no rule for.

    >>> [match_language(c) for c in ("de-DE", "PT-BR", "pt-pt", "EN", "sv-Latn-SE")]
    ['de', 'pt-BR', 'pt', 'en', 'sv']
    """
    known = {language.lower(): language for language in LANGUAGES}
    tag = code.strip().lower()
    if not re.fullmatch(r"[a-z]{2,8}(-[a-z0-9]{1,8})*", tag):  # not a BCP 47 tag at all
        tag = ""
    while tag:
        if tag in known:
            return known[tag]
        tag = tag.rpartition("-")[0]
        if len(tag) > 2 and tag[-2] == "-":  # a singleton (x-, u-) goes with what follows
            tag = tag[:-2]
    raise ValueError(f"no spelling rules for {code!r} (cardgen has: "
                     f"{', '.join(LANGUAGES)})")


def alphabet_text(letters: str) -> str:
    """The letters a game takes, shortly: `a-z`, `a-z and ä ö ü`, or each letter.

    >>> alphabet_text("abcdefghijklmnopqrstuvwxyz"), alphabet_text("aäbcdefghijklmnoöpqrstuüvwxyz")
    ('a-z', 'a-z and ä ö ü')
    """
    extra = [letter for letter in letters if letter not in A_Z]
    if not set(A_Z) <= set(letters):
        return " ".join(letters)
    return "a-z" + (f" and {' '.join(extra)}" if extra else "")


def sort_words(words: Iterable[str], letters: str) -> list[str]:
    """The words sorted in the order of `letters` (code point order when that is the same)."""
    if list(letters) == sorted(letters):
        return sorted(words)
    return sorted(words, key=sort_key(letters))


def sort_key(letters: str) -> Callable[[str], str]:
    """A key that sorts words in the order of `letters` (as `sort_words` does, and as a
    lexicon's words are): each letter written as its rank, or the word itself where code
    point order is the same."""
    if list(letters) == sorted(letters):
        return str
    # Ranks from U+0100 on sort after every character outside the alphabet, which never
    # occurs in a word anyway.
    ranks = str.maketrans({letter: chr(0x100 + i) for i, letter in enumerate(letters)})
    return lambda word: word.translate(ranks)


def _vowelless(word: str, vowels: frozenset[str]) -> bool:
    """Whether a word has none of the vowels, with or without its accents."""
    return vowels.isdisjoint(word) and vowels.isdisjoint(_strip(word))


def _capitalised(entry: str) -> bool:
    """A capital first and no capital after it: "Haus", not "GmbH" or "ABC"."""
    rest = entry[1:]
    return entry[0].isupper() and rest == rest.lower()


@functools.cache
def _scrabble_letters(language: str) -> str:
    kept = KEPT.get(language, "")
    if language in AFTER_Z:
        return A_Z + kept
    # Every kept letter of the other languages is a base letter with an accent, or ł.
    return "".join(letter + "".join(k for k in kept if _base(k) == letter) for letter in A_Z)


def _base(letter: str) -> str:
    """The letter it sorts after: itself without accents (é -> e), or ł -> l, æ -> a, ..."""
    return FOLDED[letter][0] if letter in FOLDED else _strip(letter)


def _strip(char: str) -> str:
    """The character without its accents: NFD, combining marks dropped."""
    return "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c))


def _keep_order(language: str) -> functools.partial[tuple[int, int, int]]:
    return functools.partial(_keep_key, _scrabble_letters(language))


def _keep_key(letters: str, letter: str) -> tuple[int, int, int]:
    if letter in letters:
        return letters.index(letter), 0, 0
    base = _base(letter)[:1]
    return (letters.index(base) if base and base in letters else len(letters)), 1, ord(letter)


class _Table(dict[int, str]):
    """A `str.translate` table that works out each character's spelling on first sight."""

    def __init__(self, spelling: Spelling) -> None:
        super().__init__()
        self.spelling = spelling

    def __missing__(self, code: int) -> str:
        self[code] = written = _write(chr(code), self.spelling)
        return written


@functools.cache
def _table(spelling: Spelling) -> _Table:
    return _Table(spelling)


def _write(char: str, spelling: Spelling) -> str:
    """How the rule writes one character of a lower-case NFC entry: the letter(s), "" for a
    lone accent it removes, or `_BAD`."""
    rule = spelling.rule
    if "a" <= char <= "z":
        return char
    letters = letter_set(spelling.language)
    if letters is not None and char not in letters and not unicodedata.combining(char):
        return _BAD  # a letter the language does not write: dropped before any rule folds it
    if rule == "keep":
        return char if unicodedata.category(char) == "Ll" else _BAD
    if rule == "a-z":
        return _BAD
    if rule == "scrabble":
        if char in KEPT.get(spelling.language, ""):
            return char
        if char == "ß" and spelling.language == "de":
            return "ss"
    elif char in FOLDED:
        return FOLDED[char]
    if unicodedata.combining(char):
        return ""
    stripped = _strip(char)
    plain = stripped.isascii() and stripped.isalpha() and stripped.islower()
    return stripped if stripped != char and plain else _BAD
