"""Entries of a language's lists reviewed by hand (`wordlists/reviewed.yaml`): those no rule
catches that a table would challenge all the same (German Cmos, Cluny, msec: acronyms, names
and units written as words), and the common nouns a rule would wrongly leave out (German
Laktose, which de_DE.dic writes as it writes a name: `cardgen.words.abbreviations`).

docs/rules.md, "Names in German lists", and wordlists/README.md, "Reviewed entries", say which
and why. The file ships with the code, so a change of it changes every solution-cache key
(`cardgen.cards.cachekey.code_fingerprint`).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import NamedTuple

import yaml

from cardgen.packaged import folder

FILE = "reviewed.yaml"
"""The file of `cardgen.catalog_data` that holds the reviewed entries."""


class Reviewed(NamedTuple):
    """A language's reviewed entries, as its lists write them (NFC)."""

    stop: dict[str, str]
    """Entries that are no words, each with what it is ("an acronym", "a name", "a unit")."""
    keep: frozenset[str]
    """Common nouns that the hunspell flags rule would take for names."""


@functools.cache
def reviewed(language: str) -> Reviewed:
    """The reviewed entries of `language` (a language without any has none)."""
    text = (folder("cardgen.catalog_data") / FILE).read_text(encoding="utf-8")
    found = (yaml.safe_load(text) or {}).get(language.split("-")[0]) or {}
    stop = {_nfc(entry): what for what, entries in (found.get("stop") or {}).items()
            for entry in entries}
    return Reviewed(stop, frozenset(map(_nfc, found.get("keep") or ())))


def _nfc(entry: str) -> str:
    return unicodedata.normalize("NFC", entry)
