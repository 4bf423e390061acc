"""The explorer's data: a solved game as one compact script shared by its cards' pages, and
each card's answers in a script of its own.

The site's explorer (`templates/site/explorer.js`) shows any fragment of the game as
`cardgen explain` does. In Ghost it reads every answer from these scripts, as the Python found
it (`cardgen.cards.position.explain`'s parts: the solution, its thresholds, the casual table;
`cardgen.games.everywhere` finds them for every fragment at once): it computes no rule of the
game. The files are scripts, not JSON, because a page opened from
`file://` may load scripts but not fetch files.

The game (`render_game`, `window.cardgenGame`) is the same for every card of one word list,
player count and minimum length (a perfect card and a casual one share it), so it is written
once under a name made from its contents (`game_file`). Its fragments ("nodes") are written
level by level (the order of `Solution.levels`), in planes of bytes, each deflated (zlib) and
then base64-encoded. A word is named by its place among the words that begin with a fragment
(0: the first), in the words' order, which is the order of the tree's leaves: the page finds
each fragment's first word and each word's node from the tree.

- `tree`: one record per fragment after the empty one: the letter's index in the alphabet
  (bits 0-5), 64 if the fragment is a playable word, 128 if it is the last child of its
  parent. Children come in one block per fragment that is not a word, in order, so the blocks
  are found again by counting.
- `losers`: the loser mask, 1 byte a fragment for up to 8 players, else 2 (little-endian).
- `shortest`: per fragment, 1 + the child toward the word to name when challenged there
  (`GameSolution.shortest_word`; 0 at a word): the page follows it to a word.
- where the game has word frequencies (its traps), per fragment for the seat that played its
  last letter: `threshold`, its escape threshold (`Thresholds.threshold`) as Zipf x 100, 2
  bytes little-endian signed (`NO_ESCAPE`: -inf, `ANY_ESCAPE`: +inf), and `escape`, 1 + its
  escape word's place among the fragment's words (0: none; `Thresholds.escape_word`), 7 bits a
  byte (`_varints`).
- `notCounted`: the fragments that are entries of the list but no playable words, with why
  (`cardgen.words.lexicon.not_counted`), every one (explain says it of any fragment typed), as
  UTF-8 JSON (fragment -> why), deflated and base64-encoded as the planes are (TWL06: 1,116
  entries, 40 KB of JSON in 4 KB).

Beside the planes, `challenged` (a list: `challenged`) says who loses at a fragment that no
playable word begins with and that runs past none, by its length (1 letter, 2, ... up to the
longest word's): the seat that played its last letter. A fragment that runs past a word is
lost by whoever completed that word, as the word's loser set says. So the page reads who
loses outside the game too.

A card (`render_card`, `window.cardgenCard`) adds its answers at every fragment
(`card_planes`), perfect or, for a card for a casual table (`knows`), against that table
(`cardgen.games.casual`): `moves`, 1 + the position among its children of the card's move (0
where the mover does not win); `count` and `words`, the word set the seat that played the
fragment's last letter forces from there (`winning_words`: its size, then each word's place
among the fragment's words less the place of the word before, 7 bits a byte); against a
casual table `named`, 1 for each word of `words` named when the others challenge; `try` and
`mistakes`, where the seat to move cannot win, 1 + the child of its best try (with traps its
trap; 0: none) and how many of the replies to it are mistakes; and `printed`, the openings
where the deck prints another letter (`letters_apart`); `assumed`, whom the card assumes, and
`say`, explain's sentences (`cardgen.render.explain.SAY`), which the page words a position
with (a variant's card carries them too). The position of a fragment is then
read: its letters' loser sets, word sets, thresholds and escape words are its children's, its
own word set that after the card's move, its challenge word the first of those or the way
`shortest` keeps.

SuperGhost and SuperDuperGhost (`render_infix_game`, `game` set) send the infixes of the
playable words instead, a trie of a million nodes in TWL06, level by level in the order of
`cardgen.games.infix` (alphabetical within a length), as two bit planes (bit k of byte k // 8
is bit k % 8), deflated and base64-encoded:

- `children`: which letters follow each fragment. The letters that may follow a fragment f
  are among those that follow f without its first letter (its suffix), so each fragment has a
  bit per child of its suffix, in order, 1 where f has that child (the empty fragment: a bit
  per letter of the alphabet). The explorer rebuilds the trie and every child's suffix from
  it in one pass.
- `words`: 1 where the fragment is a playable word.
- `zipf`, where the game has word frequencies (its traps): each playable word's Zipf times
  100, 2 bytes little-endian, in the order the words come among the fragments.
- `notCounted`, `challenged`: as Ghost's.

From these the explorer finds the moves (a letter at either end; with `reverse`, of the
reversed fragment too), the loser sets and each seat's decision table as
`cardgen.games.superghost` does: their answers at every infix would be too large to send (a
million fragments, each with a decision table), so that code stays in the page, and
tests/test_explorer_node.py runs it under Node against the Python on random small lists.
Both variants share the file; the card (`render_printed`) says which game it is (`game`,
`reverse`, how its moves are called) and what the card prints: `printed`, the play it prints
at each fragment (openings and the rows of the tables it prints), `traps`, whether its best
tries are traps (the explorer then finds them from `zipf`), and `knows`, the casual table it
is for (null: perfect players), whose moves, words, challenge words and decision tables the
explorer also finds from `zipf`, as `cardgen.games.casual` does.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from collections.abc import Iterable, Mapping

import numpy as np
import numpy.typing as npt

from cardgen.cards.position import Position
from cardgen.cards.strategy import Card
from cardgen.games.casual import Casual
from cardgen.games.everywhere import escape_words, shortest_words, tries, word_sets
from cardgen.games.game import last_player
from cardgen.games.planes import choice_planes
from cardgen.games.solver import Solution
from cardgen.games.superghost import InfixSolution
from cardgen.games.traps import Thresholds
from cardgen.games.trie import IntArray

MAX_LETTERS = 64
"""Letter indices take 6 bits of a record."""
WORD = 64
LAST = 128


class TooManyLetters(ValueError):
    """An alphabet with more letters than a record holds."""


def planes(solution: Solution, traps: Thresholds | None = None) -> dict[str, bytes]:
    """The game's planes of bytes (uncompressed): its tree, every fragment's loser mask and
    the way to the word to name when challenged there; with `traps`, every fragment's escape
    threshold and escape word for the seat that played its last letter."""
    letters = solution.lexicon.letters
    if len(letters) > MAX_LETTERS:
        raise TooManyLetters(f"the explorer takes alphabets of up to {MAX_LETTERS} letters")
    index = {x: i for i, x in enumerate(letters)}
    words = solution.words
    tree = bytearray()
    losers: list[np.ndarray] = [solution.levels[0].losers]
    for d in range(1, len(solution.levels)):
        level, above = solution.levels[d], solution.levels[d - 1]
        record = np.fromiter(
            (index[words[int(s)][d - 1]] for s in level.start), dtype=np.uint8, count=len(level)
        )
        record |= np.where(level.leaf, WORD, 0).astype(np.uint8)
        last = np.arange(len(level)) == above.child_hi[level.parent] - 1
        record |= np.where(last, LAST, 0).astype(np.uint8)
        tree += record.tobytes()
        losers.append(level.losers)
    mask = np.concatenate(losers)
    first = _first_words(solution)
    found = {
        "tree": bytes(tree),
        "losers": mask.astype("<u1" if solution.players <= 8 else "<u2").tobytes(),
        "shortest": _toward(solution, np.concatenate(shortest_words(solution))),
    }
    if traps is not None:
        escape = np.concatenate(escape_words(traps))
        escape = np.where(escape >= 0, escape - first + 1, 0)  # 1 + its place; 0: none
        # Each fragment's threshold for the seat that played its last letter (none at the start).
        n = solution.players
        held = np.concatenate([np.full(1, -np.inf), *(
            traps.escape[(d - 1) % n][d] for d in range(1, len(solution.levels)))])
        centi = np.rint(np.where(np.isfinite(held), held, 0) * 100)
        centi = np.where(held == -np.inf, NO_ESCAPE, np.where(held == np.inf, ANY_ESCAPE, centi))
        found["threshold"] = centi.astype("<i2").tobytes()
        found["escape"] = _varints(escape.tolist())
    return found


NO_ESCAPE = -32768
"""A threshold of -inf in the `threshold` plane: the seat wins whatever the others know."""
ANY_ESCAPE = 32767
"""A threshold of +inf: the seat loses whatever the others know."""


def _first_words(solution: Solution) -> IntArray:
    """Every fragment's first word (an index into the words), level by level: the explorer
    names a word by its place among the words that begin with a fragment (0: its first), which
    the page finds from the tree."""
    return np.concatenate([level.start for level in solution.levels])


def _varints(values: Iterable[int]) -> bytes:
    """Unsigned integers, 7 bits a byte, the lowest first; the top bit: more bytes follow."""
    found = bytearray()
    for value in values:
        while value > 127:
            found.append(value & 127 | 128)
            value >>= 7
        found.append(value)
    return bytes(found)


def _toward(solution: Solution, targets: IntArray) -> bytes:
    """Per fragment (level by level), 1 + the position among its children of the child toward
    its word in `targets` (an index into the words; 0: none, or a word): the child whose words
    hold it."""
    found, at = [], 0
    for d, level in enumerate(solution.levels):
        wanted = targets[at:at + len(level)]
        at += len(level)
        if d + 1 == len(solution.levels):
            found.append(np.zeros(len(level), dtype=np.int64))
            continue
        # The children's first words are in order: the child of a word is the last that
        # starts at or before it.
        child = np.searchsorted(solution.levels[d + 1].start, wanted, side="right") - 1
        place = child - level.child_lo + 1
        found.append(np.where(level.leaf | (wanted < 0), 0, place))
    return np.concatenate(found).astype(np.uint8).tobytes()


def card_planes(
    solution: Solution, traps: Thresholds | None = None, table: Casual | None = None
) -> dict[str, bytes]:
    """A card's planes (uncompressed), its answers at every fragment as `cardgen explain`
    finds them: its move (perfect, or with `table` against the casual table); the word set
    the seat that played the fragment's last letter forces from there (`count` words of
    `words`, each a node; with `table` `named`, 1 for the words named when challenged); and
    where the seat to move cannot win, its best try or trap (`try`: 1 + the child, and
    `mistakes`: how many of the replies to it are; how many replies there are is the child's
    in the tree)."""

    def plane(choices: list[IntArray]) -> bytes:
        return (np.concatenate(choices) + 1).astype(np.uint8).tobytes()

    moves, _ = choice_planes(solution, table)
    sets = word_sets(solution, table)
    count = np.concatenate(sets.count)
    words = np.concatenate(sets.words)
    # Each word by its place among the fragment's words, less the place of the word before.
    node = np.repeat(np.arange(len(count)), count)
    steps = words - _first_words(solution)[node]
    same = np.flatnonzero(node[1:] == node[:-1]) + 1
    steps[same] = words[same] - words[same - 1]
    # Where the seat to move cannot win (against the table): its try or trap.
    best = tries(solution, traps, table)
    found_planes = {
        "moves": plane(moves),
        "count": _varints(count.tolist()),
        "words": _varints(steps.tolist()),
        "try": plane([move for move, _ in best]),
        "mistakes": np.concatenate([wrong for _, wrong in best]).astype(np.uint8).tobytes(),
    }
    if table is not None:
        found_planes["named"] = np.concatenate(sets.named).astype(np.uint8).tobytes()
    return found_planes


def _packed(found: Mapping[str, bytes]) -> dict[str, str]:
    return {name: base64.b64encode(zlib.compress(plane, 9)).decode("ascii")
            for name, plane in found.items()}


def _uncounted(not_counted: Mapping[str, str] | None) -> bytes:
    """The entries that do not count (fragment -> why) as the bytes of their JSON."""
    found = dict(sorted((not_counted or {}).items()))
    return json.dumps(found, ensure_ascii=False, separators=(",", ":")).encode()


def render_game(
    solution: Solution,
    traps: Thresholds | None = None,
    not_counted: Mapping[str, str] | None = None,
    name: str = "",
) -> str:
    """The shared script of a solved game (and with `traps` its escape thresholds and words):
    it sets `window.cardgenGame`. `name` is the word list's, as explain's heading says it."""
    data = {
        "name": name,
        "letters": solution.lexicon.letters,
        "players": solution.players,
        "minLength": solution.lexicon.min_length,
        "loserBytes": 1 if solution.players <= 8 else 2,
        "challenged": challenged(solution),
        **_packed({**planes(solution, traps), "notCounted": _uncounted(not_counted)}),
    }
    return f"window.cardgenGame = {json.dumps(data, ensure_ascii=False)};\n"


def challenged(solution: Solution | InfixSolution) -> list[int]:
    """Who loses at a fragment that no playable word holds and that runs past none, by its
    length (1 letter, 2, ... up to the longest word's): the seat that played its last letter,
    challenged (`cardgen.cards.position.explain`). The explorer reads it there: no table of
    fragments can hold those outside the game."""
    longest = max(map(len, solution.words))
    return [last_player(length, solution.players) for length in range(1, longest + 1)]


def game_file(script: str) -> str:
    """The name the shared script of a game is published under: made from its contents, so
    every card of the same game finds the same file."""
    return f"game-{hashlib.sha256(script.encode()).hexdigest()[:12]}.js"


def render_card(solution: Solution, traps: Thresholds | None = None,
                table: Casual | None = None, card: Card | None = None) -> str:
    """A card's script for the explorer (`window.cardgenCard`): its answers at every fragment
    (`card_planes`; with `traps` its tries are traps), against a casual `table` what that
    table knows, and (`printed`) the
    openings where the `card`'s deck prints another winning letter than its words' (a letter
    alone, or another than its try: issue 37, item 9), which the explorer names as the play
    the card prints there."""
    knows = None if table is None else table.knows
    data: dict[str, object] = {"knows": knows, **_spoken(knows)}
    data.update(_packed(card_planes(solution, traps, table)))
    data["printed"] = {} if card is None else letters_apart(card)
    return f"window.cardgenCard = {json.dumps(data)};\n"


def _spoken(knows: float | None) -> dict[str, object]:
    """How the explorer words a position: whom the card assumes, as explain says it of the
    config's opponent, and explain's sentences (`cardgen.render.explain.SAY`)."""
    from cardgen.games.opponent import Opponent, assumption
    from cardgen.render.explain import SAY

    return {"assumed": assumption(Opponent(knows)), "say": SAY}


def letters_apart(card: Card) -> dict[str, str]:
    """The openings of a Ghost card where its deck prints another letter (`printed_plays`)
    than the explorer finds from the game (its words' letter, else its best try's), and
    that letter."""
    printed = printed_plays(card)
    found = {}
    for seat in card.seats:
        for o in seat.openings:
            own = (o.words[0][len(o.fragment)] if o.words
                   else o.best_try.move if o.best_try is not None else None)
            if o.fragment in printed and printed[o.fragment] != own:
                found[o.fragment] = printed[o.fragment]
    return found


def infix_planes(
    solution: InfixSolution, zipf: npt.NDArray[np.float64] | None = None
) -> dict[str, bytes]:
    """A SuperGhost game's planes (uncompressed): each fragment's children as bits over its
    suffix's children, which fragments are words (see the module's docstring), and the words'
    Zipf frequencies (aligned with `solution.words`) where there are some."""
    levels = solution.graph.levels
    letters = solution.lexicon.letters
    if len(letters) > MAX_LETTERS:
        raise TooManyLetters(f"the explorer takes alphabets of up to {MAX_LETTERS} letters")
    base = len(letters)
    root = np.zeros(base, dtype=np.bool_)
    root[levels[1].key[levels[1].fragment]] = True
    bits, words = [root], [levels[0].leaf[levels[0].fragment]]
    suffix = np.zeros(len(levels[1]), dtype=np.int64)  # at level 1: the empty fragment
    for length in range(1, len(levels)):
        level = levels[length]
        parent, letter = level.key // base, level.key % base
        if length > 1:  # the suffix of f + x is the child x of f's suffix
            above = levels[length - 1].key
            wanted = suffix[parent] * base + letter
            suffix = np.minimum(np.searchsorted(above, wanted), len(above) - 1)
        words.append(level.leaf[level.fragment])
        # Each fragment's candidates: its suffix's children (of this length), fragments only.
        lo = np.searchsorted(parent, suffix, side="left")
        hi = np.searchsorted(parent, suffix, side="right")
        own = np.flatnonzero(level.fragment)
        counts = (hi - lo)[own]
        owner = np.repeat(own, counts)
        starts = np.repeat(lo[own] - (np.cumsum(counts) - counts), counts)
        candidate = starts + np.arange(int(counts.sum()))
        keep = level.fragment[candidate]
        owner, candidate = owner[keep], candidate[keep]
        if length + 1 == len(levels):
            bits.append(np.zeros(len(owner), dtype=np.bool_))
            continue
        below = levels[length + 1]
        wanted = owner * base + letter[candidate]
        at = np.minimum(np.searchsorted(below.key, wanted), len(below) - 1)
        bits.append((below.key[at] == wanted) & below.fragment[at])
    found = {
        "children": np.packbits(np.concatenate(bits), bitorder="little").tobytes(),
        "words": np.packbits(np.concatenate(words), bitorder="little").tobytes(),
    }
    if zipf is not None:
        index = {word: i for i, word in enumerate(solution.words)}
        order = [index[solution.graph.string(length, int(i))]
                 for length, level in enumerate(levels)
                 for i in np.flatnonzero(level.fragment & level.leaf)]
        centi = np.rint(np.asarray(zipf)[np.array(order, dtype=np.int64)] * 100)
        found["zipf"] = centi.astype("<u2").tobytes()
    return found


def render_infix_game(
    solution: InfixSolution,
    zipf: npt.NDArray[np.float64] | None = None,
    not_counted: Mapping[str, str] | None = None,
    name: str = "",
) -> str:
    """The shared script of a solved SuperGhost or SuperDuperGhost game (`window.cardgenGame`
    with `infix` set): its infixes, from which the explorer finds moves and loser sets. Both
    variants of one list, player count and minimum length share it: their fragments are the
    same, and the card says whether a fragment may be reversed (`render_printed`). With `zipf`
(the words' frequencies, for its traps) it carries them as Ghost's game does."""
    data = {
        "name": name,
        "infix": True,
        "letters": solution.lexicon.letters,
        "players": solution.players,
        "minLength": solution.lexicon.min_length,
        "nodes": solution.nodes,
        "challenged": challenged(solution),
        **_packed({**infix_planes(solution, zipf), "notCounted": _uncounted(not_counted)}),
    }
    return f"window.cardgenGame = {json.dumps(data, ensure_ascii=False)};\n"


def printed_plays(card: Card) -> dict[str, str]:
    """The play a card of decision tables prints at each fragment: at each opening its play
    (a budgeted deck: what it prints there), and the rows of the tables it prints."""
    from cardgen.render.markdown import budgeted

    budget = budgeted(card)
    found: dict[str, str] = {}
    for seat in card.seats:
        for o, printed in seat.entries():
            if budget:
                move, table = printed.move, printed.kind == "words"
            else:
                move = o.play or (o.best_try.move if o.best_try is not None else None)
                table = o.play is not None
            if move:
                found[o.fragment] = move
            for d in o.decisions if table else ():
                found.setdefault(d.fragment, d.play)
    return dict(sorted(found.items()))


def render_printed(card: Card, traps: bool = False, start: Position | None = None) -> str:
    """A card of decision tables for the explorer (`window.cardgenCard`): its game, whether
    a fragment may be reversed, and the play it prints at each fragment where it prints one
    (`printed_plays`), whether its tries are traps, and (with traps) the casual table it is
    for, whose moves the explorer finds from the game's `zipf` as `cardgen.games.casual` does;
    with `start`, the start explained (`cardgen explain --json` of ''), which the explorer
    shows while it rebuilds the game (a million fragments in TWL06: a second)."""
    from cardgen.games.variants import SuperGhost, find_game
    from cardgen.render.explain import position_document

    game = find_game(card.game)
    reverse = isinstance(game, SuperGhost) and game.reverse
    knows = card.opponent.knows if traps else None
    data = {"knows": knows, "game": card.game, "reverse": reverse, "noun": game.move_noun,
            "inside": game.inside, "printed": printed_plays(card), "traps": traps,
            **_spoken(knows)}
    if start is not None:
        data["start"] = position_document(start)
    return f"window.cardgenCard = {json.dumps(data, ensure_ascii=False)};\n"
