"""Ghost's answers at every fragment at once (`cardgen.games.everywhere`) are those the Python
gives fragment by fragment (`winning_words`, `best_try`, a casual table's, `escape_word`,
`shortest_word`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from test_hypothesis import words_strategy

from cardgen.games.advice import best_try
from cardgen.games.casual import casual
from cardgen.games.everywhere import escape_words, shortest_words, tries, word_sets
from cardgen.games.solver import Solution, solve
from cardgen.games.traps import Thresholds, thresholds
from cardgen.words.lexicon import playable_words


def at_every_fragment(solution: Solution, found: Any) -> dict[str, Any]:
    """Per-length answers (each an array over the fragments of its length) by fragment."""
    return {f: value for d, level in enumerate(found)
            for f, value in zip(solution.fragments(d), level.tolist(), strict=True)}


Sets = tuple[tuple[str, ...], tuple[str, ...]]


def sets_by_fragment(solution: Solution, sets: Any) -> dict[str, Sets]:
    """`WordSets` read back: fragment -> (its words, those of them named)."""
    found: dict[str, Sets] = {}
    for d in range(len(solution.levels)):
        at = np.cumsum([0, *sets.count[d].tolist()])
        for k, f in enumerate(solution.fragments(d)):
            run = slice(int(at[k]), int(at[k + 1]))
            found[f] = (tuple(solution.words[w] for w in sets.words[d][run].tolist()),
                        tuple(solution.words[w] for w, said in zip(
                            sets.words[d][run].tolist(), sets.named[d][run].tolist(),
                            strict=True) if said))
    return found


def game(entries: list[str], min_length: int, players: int) -> tuple[Solution, Thresholds]:
    solution = solve(playable_words(entries, min_length), players)
    zipf = np.array([(7 * i % 13) * 0.37 for i in range(len(solution.words))]).round(2)
    return solution, thresholds(solution, zipf)


def last_seat(solution: Solution, fragment: str) -> int:
    return (len(fragment) - 1) % solution.players + 1


@given(entries=words_strategy, min_length=st.integers(2, 3), players=st.integers(2, 4),
       knows=st.sampled_from([0.5, 1.5, 2.6, 4.0]))
def test_every_answer_is_the_one_fragment_answer(
    entries: list[str], min_length: int, players: int, knows: float
) -> None:
    if not playable_words(entries, min_length).words:
        return
    solution, traps = game(entries, min_length, players)
    table = casual(traps, knows)
    fragments = [f for d in range(len(solution.levels)) for f in solution.fragments(d)]
    perfect, against = (sets_by_fragment(solution, word_sets(solution, t)) for t in (None, table))
    shortest = at_every_fragment(solution, shortest_words(solution))
    escape = at_every_fragment(solution, escape_words(traps))
    plain, trapped, table_tries = (
        {f: (move, wrong) for f, (move, wrong) in zip(fragments, zip(*(np.concatenate(x) for x in (
            [m for m, _ in found], [w for _, w in found])), strict=True), strict=True)}
        for found in (tries(solution), tries(solution, traps), tries(solution, traps, table)))
    for f in fragments:
        words: tuple[str, ...] = ()
        table_words: Sets = ((), ())
        if f:
            words = solution.winning_words(f, last_seat(solution, f))
            table_words = table.winning_words(f, last_seat(solution, f))
        assert perfect[f] == (words, ()), f
        assert against[f] == table_words, f
        assert solution.words[shortest[f]] == solution.shortest_word(f), f
        word = traps.escape_word(f, last_seat(solution, f)) if f else None
        assert (None if escape[f] < 0 else solution.words[escape[f]]) == (
            None if word is None else word.word), f
        for found, expected in ((plain, best_try(solution, f)), (trapped, best_try(
                solution, f, traps)), (table_tries, table.trap(f))):
            move, wrong = found[f]
            assert (None if move < 0 else (solution.children(f)[move], wrong)) == (
                None if expected is None else (expected.move, expected.mistakes)), f


def test_the_answers_of_a_small_game() -> None:
    """advice.best_try's words, two players, 3+ letters, Zipf camel 0, cat 2.59, gar 0.37,
    gecko 2.96, gerbil 0.74, goat 3.33: the first seat loses at the start. Its best try is g
    (after ge and go it wins); its trap is c, where the others need camel (Zipf 0) to escape.
    Against a table that knows Zipf 1.5+, after g the second seat plays e or o: the first
    wins by r (they do not know gerbil, so challenge, and it names gerbil) and goat."""
    solution, traps = game(["cat", "camel", "goat", "gecko", "gerbil", "gar"], 3, 2)
    assert traps.zipf.tolist() == [0.0, 2.59, 0.37, 2.96, 0.74, 3.33]  # camel cat gar ...

    def first_tries(found: Any) -> list[tuple[str, str, int]]:
        return [(f, solution.children(f)[m], wrong) for d, (moves, mistakes) in enumerate(found)
                for f, m, wrong in zip(solution.fragments(d), moves.tolist(),
                                       mistakes.tolist(), strict=True) if m >= 0][:2]

    assert first_tries(tries(solution)) == [("", "g", 2), ("ca", "m", 0)]
    assert first_tries(tries(solution, traps)) == [("", "c", 0), ("ca", "m", 0)]
    table = casual(traps, 1.5)
    assert first_tries(tries(solution, traps, table)) == [("ga", "r", 0), ("goa", "t", 0)]
    perfect = sets_by_fragment(solution, word_sets(solution))
    assert {f: words for f, (words, _) in perfect.items() if len(f) <= 2} == {
        "": (), "c": (), "g": (), "ca": ("camel", "cat"), "ga": ("gar",), "ge": (), "go": ()}
    against = sets_by_fragment(solution, word_sets(solution, table))
    assert {f: sets for f, sets in against.items() if len(f) == 1} == {
        "c": (("camel",), ("camel",)), "g": (("gerbil", "goat"), ("gerbil",))}
    escape = at_every_fragment(solution, escape_words(traps))
    assert {f: solution.words[w] for f, w in escape.items() if w >= 0} == {
        "c": "camel", "g": "gar", "ge": "gerbil", "go": "goat", "cam": "camel",
        "gec": "gecko", "gerb": "gerbil"}
    shortest = at_every_fragment(solution, shortest_words(solution))
    assert {f: solution.words[w] for f, w in shortest.items() if len(f) <= 2} == {
        "": "cat", "c": "cat", "ca": "cat", "g": "gar", "ga": "gar", "ge": "gecko",
        "go": "goat"}
