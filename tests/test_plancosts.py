"""The fewest decisions where a decision table reads them (`cardgen.games.plancosts`): the
counts of every fragment (`InfixSolution.costs`), worked out over fewer."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from test_superghost import solved, words_strategy

from cardgen.games.plancosts import PlanCosts
from cardgen.games.superghost import solve
from cardgen.words.lexicon import playable_words


@given(words=words_strategy, min_length=st.integers(2, 3), players=st.integers(2, 4),
       reverse=st.booleans(), data=st.data())
def test_the_counts_are_those_of_every_fragment_asked_in_any_order(
    words: list[str], min_length: int, players: int, reverse: bool, data: st.DataObject
) -> None:
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    solution = solve(lexicon, players, reverse=reverse)
    levels = solution.graph.levels
    positions = [(d, i) for d, level in enumerate(levels)
                 for i in np.flatnonzero(level.fragment).tolist()]
    for seat in range(1, players + 1):
        counted = PlanCosts(levels, solution.losers_by_length, players, seat)
        every = solution.costs(seat)
        asked = data.draw(st.permutations(positions))  # below the openings, or outside them
        assert [counted.cost(d, i) for d, i in asked] == [float(every[d][i]) for d, i in asked]


def test_a_worked_example() -> None:
    # abcd cab, two players: seat 1 wins from "" with d, then at "cd" plays "bcd", two
    # decisions; after d it needs that one more, after b two, after a or c it loses.
    solution = solved("abcd cab")
    counted = PlanCosts(solution.graph.levels, solution.losers_by_length, 2, 1)
    assert counted.cost(0, 0) == 2.0
    assert [counted.cost(1, solution.index(x)) for x in "abcd"] == [math.inf, 2.0, math.inf,
                                                                    1.0]
    assert [(d.fragment, d.play) for d in solution.decisions("", 1)] == [("", "d"),
                                                                         ("cd", "bcd")]


@given(words=words_strategy, reverse=st.booleans())
def test_the_moves_from_fragments_are_each_one_s_children_in_order(
    words: list[str], reverse: bool
) -> None:
    lexicon = playable_words(words, 2, prefix_free=False)
    if not lexicon.words:
        return
    for level in solve(lexicon, 2, reverse=reverse).graph.levels:
        ids = np.flatnonzero(level.fragment)[::-1].copy()  # any order, kept
        source, child = level.moves_from(ids)
        assert [(k, j) for k, j in zip(source.tolist(), child.tolist(), strict=True)] == [
            (k, j) for k, i in enumerate(ids.tolist()) for j in level.children(i).tolist()]
