"""The baseline for SuperGhost: Peter Norvig's solver from his Ghost notebook, restated.

Norvig, "Ghost" (pytudes, ipynb/Ghost.ipynb, MIT licence): a `SuperVocabulary` holds the words
and the set of all their infixes as strings; the legal plays of a fragment are the one-letter
extensions at either end found in that set; `win(vocab, fragment)` (memoized with lru_cache)
returns a play that forces a win, or False. Asked at the empty fragment it answers only "is
there a winning first play" (it stops at the first it finds). The same method, written again
here so that bench/run.py can time it beside `cardgen build` in one run:

    python bench/norvig.py twl06 4          # seconds, and the winning first play found
"""

from __future__ import annotations

import sys
import time
from functools import lru_cache

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def solve(words: set[str], min_length: int) -> str | bool:
    """A winning first play of SuperGhost for the first of two players, or False."""
    vocabulary = {w for w in words if len(w) >= min_length}
    fragments = {w[i:j] for w in vocabulary for i in range(len(w)) for j in range(i, len(w) + 1)}

    def legal_plays(fragment: str) -> set[str]:
        return {p for x in ALPHABET for p in (fragment + x, x + fragment)} & fragments

    @lru_cache(None)
    def win(fragment: str = "") -> str | bool:
        # The player to move has won when the last play made a word or left the infixes.
        if fragment in vocabulary or fragment not in fragments:
            return fragment
        for play in legal_plays(fragment):
            if not win(play):
                return play
        return False

    return win("")


def main() -> None:
    from cardgen.cards.make import Lexicons
    from cardgen.words.alphabet import Spelling
    from cardgen.words.wordlists import CatalogList

    name, min_length = sys.argv[1], int(sys.argv[2])
    entries = Lexicons().wordlist(CatalogList(name)).entries
    words = set(Spelling().words(entries))  # a-z words only, as cardgen reads the list
    start = time.perf_counter()
    found = solve(words, min_length)
    print(f"{time.perf_counter() - start:.3f} {found}")


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
