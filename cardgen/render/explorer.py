"""The explorer's data: a card's whole solved game as one compact script beside its page.

The site's explorer (`templates/site/explorer.js`) walks the game tree in the browser, so it
needs every fragment's loser set and, where its mover wins, the move the card plays there
(`Solution.card_children`); words, word sets, best tries and challenge words follow from those
as `cardgen explain` computes them. The file is a script, not JSON, because a page opened from
`file://` may load scripts but not fetch files.

The tree is written level by level (the order of `Solution.levels`), one record per fragment
after the empty one: three planes of bytes, each deflated (zlib) and then base64-encoded:

- `tree`: the letter's index in the alphabet (bits 0-5), 64 if the fragment is a playable
  word, 128 if it is the last child of its parent. Children come in one block per fragment
  that is not a word, in order, so the blocks are found again by counting.
- `losers`: the loser mask, 1 byte a fragment for up to 8 players, else 2 (little-endian).
- `moves`: 1 + the position among its children of the card's move, 0 where the mover does
  not win; the empty fragment's record comes first in this plane.
- `zipf`, where the card has word frequencies (its traps): each playable word's Zipf times
  100 (the data hold two decimals), 2 bytes little-endian, in the order the words' fragments
  come in `tree`. The explorer computes the escape thresholds, traps and escape words from
  them as `cardgen.traps` does.
"""

from __future__ import annotations

import base64
import json
import zlib

import numpy as np
import numpy.typing as npt

from cardgen.solver import Solution

MAX_LETTERS = 64
"""Letter indices take 6 bits of a record."""
WORD = 64
LAST = 128


class TooManyLetters(ValueError):
    """An alphabet with more letters than a record holds."""


def planes(solution: Solution, zipf: npt.NDArray[np.float64] | None = None) -> dict[str, bytes]:
    """The planes of bytes (uncompressed) of a solved game, with the words' Zipf frequencies
    (aligned with `solution.words`) where there are some."""
    letters = solution.lexicon.letters
    if len(letters) > MAX_LETTERS:
        raise TooManyLetters(f"the explorer takes alphabets of up to {MAX_LETTERS} letters")
    index = {x: i for i, x in enumerate(letters)}
    words = solution.words
    tree = bytearray()
    leaves: list[np.ndarray] = []
    losers: list[np.ndarray] = [solution.levels[0].losers]
    moves = [solution.card_children(0)]
    for d in range(1, len(solution.levels)):
        level, above = solution.levels[d], solution.levels[d - 1]
        record = np.fromiter(
            (index[words[int(s)][d - 1]] for s in level.start), dtype=np.uint8, count=len(level)
        )
        record |= np.where(level.leaf, WORD, 0).astype(np.uint8)
        last = np.arange(len(level)) == above.child_hi[level.parent] - 1
        record |= np.where(last, LAST, 0).astype(np.uint8)
        tree += record.tobytes()
        leaves.append(level.start[level.leaf])
        losers.append(level.losers)
        moves.append(solution.card_children(d))
    mask = np.concatenate(losers)
    width = 1 if solution.players <= 8 else 2
    found = {
        "tree": bytes(tree),
        "losers": mask.astype("<u1" if width == 1 else "<u2").tobytes(),
        "moves": (np.concatenate(moves) + 1).astype(np.uint8).tobytes(),
    }
    if zipf is not None:
        centi = np.rint(np.asarray(zipf)[np.concatenate(leaves)] * 100)
        found["zipf"] = centi.astype("<u2").tobytes()
    return found


def render_solution(solution: Solution, zipf: npt.NDArray[np.float64] | None = None) -> str:
    """The explorer's script for a solved game (and its words' Zipf frequencies, for its
    traps): it sets `window.cardgenSolution`."""
    data = {
        "letters": solution.lexicon.letters,
        "players": solution.players,
        "minLength": solution.lexicon.min_length,
        "loserBytes": 1 if solution.players <= 8 else 2,
        **{
            name: base64.b64encode(zlib.compress(plane, 9)).decode("ascii")
            for name, plane in planes(solution, zipf).items()
        },
    }
    return f"window.cardgenSolution = {json.dumps(data, ensure_ascii=False)};\n"
