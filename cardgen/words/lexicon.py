"""Playable words: which entries of a word list count in a game of Ghost.

The rules are those of docs/rules.md, "Playable words": an entry is a candidate only if it is made
entirely of the letters a-z (capitals, apostrophes, hyphens, digits, spaces and accents drop it);
a candidate shorter than the minimum length is not a word; a word that has a shorter word as a
proper prefix can never be reached and is removed. Lists in other languages are written in their
own alphabet first (`cardgen.words.alphabet`, docs/rules.md "Other alphabets").
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable
from dataclasses import dataclass

from cardgen.errors import printable
from cardgen.words.alphabet import Spelling
from cardgen.words.entries import Entries

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
"""The letters of an English lexicon, in alphabetical order."""


MAX_WORD_LENGTH = 64
"""Longer entries are dropped: no game reaches them, and one 1 MB line would otherwise cost a
level of the game tree per letter."""


@dataclass(frozen=True)
class Lexicon:
    """The playable words of a word list for one minimum length."""

    words: tuple[str, ...]
    """The playable words, sorted in the order of `letters`; no word is a prefix of another (unless
    made with `prefix_free=False`, for SuperGhost)."""
    min_length: int
    """Words shorter than this do not count."""
    letters: str = ALPHABET
    """The alphabet, in alphabetical order."""
    spelling: Spelling = Spelling()
    """How the list's entries were written as words (English: a-z only, capitals dropped)."""

    @property
    def longest(self) -> int:
        """The length of the longest playable word (0 when there is none): no fragment of a
        game is longer."""
        return max(map(len, self.words), default=0)

    def __repr__(self) -> str:
        shown = ", ".join(repr(w) for w in self.words[:5])
        more = ", ..." if len(self.words) > 5 else ""
        return f"Lexicon(words=({shown}{more}), min_length={self.min_length})"


def playable_words(
    entries: Iterable[str],
    min_length: int,
    spelling: Spelling | None = None,
    *,
    prefix_free: bool = True,
) -> Lexicon:
    """Return the playable words among `entries` for a game with the given minimum length.

    `entries` are already stripped (see `cardgen.words.wordlists.WordList.entries`); duplicates and
    order do not matter. They are written as words by `spelling` (default: English, the
    letters a-z only, capitals dropped). With `prefix_free=False` a word that begins with a
    shorter word stays: SuperGhost has no prefix pruning (docs/rules.md).

    >>> playable_words(["cart", "cartridge", "Cat", "ca", "dog's", "ox"], 3).words
    ('cart',)
    """
    if min_length < 1:
        raise ValueError(f"min_length must be at least 1, got {min_length}")
    spelling = spelling or Spelling()
    # A list read from a file comes a block of entries at a time (`cardgen.words.entries`).
    blocks = entries.blocks() if isinstance(entries, Entries) else (entries,)
    letters = spelling.letters
    written: Iterable[Iterable[str]]
    if letters is None:  # `keep`: the alphabet is the letters of the words themselves
        found = [w for block in blocks for w in spelling.words(block)]
        letters = spelling.alphabet(w for w in found if min_length <= len(w) <= MAX_WORD_LENGTH)
        written = (found,)
    else:
        written = (spelling.words(block) for block in blocks)
    coded, decode = _codes(letters)
    # The words are sorted in the alphabet's order as strings of codes that sort the same way
    # (each letter's rank, as an ASCII character): Polish's 4 million candidates would
    # otherwise need as many sort keys beside them. Word lists usually come sorted, and
    # sorting a sorted list is linear.
    candidates: list[str] = []
    for block in written:
        if coded is None:
            candidates += [w for w in block if min_length <= len(w) <= MAX_WORD_LENGTH]
        else:
            candidates += [
                w.translate(coded) for w in block if min_length <= len(w) <= MAX_WORD_LENGTH
            ]
    candidates.sort()
    words = candidates
    # A list seldom repeats a word: without prefixes to prune (SuperGhost), the sorted words'
    # neighbours are compared in C, and only a list with a repeat is walked in Python.
    if prefix_free or any(map(operator.eq, candidates, itertools.islice(candidates, 1, None))):
        words = _first_of_each(candidates, prefix_free)
    del candidates
    if decode is not None:
        words = [w.translate(decode) for w in words]
    return Lexicon(tuple(words), min_length, letters, spelling)


def _first_of_each(candidates: list[str], prefix_free: bool) -> list[str]:
    """The sorted `candidates` without repeats, and with `prefix_free` without the words that
    start with another."""
    words: list[str] = []
    # In sorted order a word's proper prefix comes before it, and every entry in between shares
    # that prefix, so comparing with the last kept word finds every unreachable word (and every
    # repeat, since a word starts with itself).
    last = None
    for word in candidates:
        if last is not None and (word.startswith(last) if prefix_free else word == last):
            continue
        words.append(word)
        last = word
    return words


def _codes(letters: str) -> tuple[dict[int, str] | None, dict[int, str] | None]:
    """Translation tables from the alphabet's letters to characters that sort in the
    alphabet's order, and back; (None, None) when the letters sort so already."""
    if list(letters) == sorted(letters):
        return None, None
    first = 0x21 if len(letters) <= 0x7F - 0x21 else 0x100  # ASCII where it fits: 1 byte each
    codes = [chr(first + i) for i in range(len(letters))]
    return (
        str.maketrans(dict(zip(letters, codes, strict=True))),
        str.maketrans(dict(zip(codes, letters, strict=True))),
    )


def not_counted(
    fragment: str, entries: Iterable[str], spelling: Spelling, min_length: int
) -> str | None:
    """Why `fragment` is in the list but is no playable word: shorter than `min_length`, or
    an entry that the spelling rule drops (a capitalised one, a German name or abbreviation,
    one with an apostrophe, ...); None when no entry is written so.

    >>> not_counted("cat", ["cat", "cats"], Spelling(), 4)
    'it has fewer than 4 letters'
    >>> not_counted("paris", ["Paris"], Spelling(), 4)
    "the list has it only as 'Paris', which capitalized: drop leaves out"
    """
    dropped = None
    for entry in entries:
        if spelling.write(entry) != fragment:
            continue
        if next(spelling.words([entry]), None) == fragment:
            if len(fragment) < min_length:
                return f"it has fewer than {min_length} letters"
        elif dropped is None:
            dropped = entry
    if dropped is None:
        return None
    what = spelling.left_out(dropped)
    rule = f"capitalized: {spelling.capitalized}" if not dropped.islower() else (
        f"alphabet: {spelling.rule}")
    why = f"{what}, which is left out" if what else f"which {rule} leaves out"
    return f"the list has it only as {printable(repr(dropped))}, {why}"
