"""SuperGhost and SuperDuperGhost: the fast solver against a brute force, and worked examples."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from bruteforce_super import BruteSuperGhost
from hypothesis import given
from hypothesis import strategies as st

from cardgen.games.game import Decision
from cardgen.games.infix import letter_codes
from cardgen.games.superghost import InfixSolution, solve
from cardgen.words.lexicon import playable_words

# Few letters, so that infixes are shared and the games hold real choices.
words_strategy = st.lists(st.text(alphabet="abcd", min_size=2, max_size=6), min_size=1, max_size=12)
def solved(
    words: str, players: int = 2, min_length: int = 3, reverse: bool = False
) -> InfixSolution:
    return solve(playable_words(words.split(), min_length, prefix_free=False), players,
                 reverse=reverse)


def test_a_move_is_the_fragment_it_makes() -> None:
    solution = solved("era bera erad nare aren", min_length=3)
    assert solution.children("er") == ("ber", "era")
    assert solution.children("re") == ("are", "ren")
    assert solution.children("era") == ()  # a word ends the game
    assert solution.after("era", "bera") == "bera"


def test_superduperghost_also_grows_the_reverse() -> None:
    words = "bera erad nare aren"
    assert solved(words, min_length=4).children("era") == ("bera", "erad")
    assert solved(words, min_length=4, reverse=True).children("era") == (
        "aren", "bera", "erad", "nare",
    )


def test_a_word_inside_a_longer_word_still_ends_the_game() -> None:
    # No prefix pruning: "scat" counts, though it holds "cat"; "sca" leads only to it.
    solution = solved("cat scat dog")
    assert solution.is_word("cat") and solution.is_word("scat")
    assert solution.children("ca") == ("cat", "sca")
    assert solution.losers("sca") == frozenset({2})
    assert solution.children("sca") == ("scat",)


def test_decisions_of_a_small_game() -> None:
    # One word of 4 letters: seat 2 completes it. From "a" seat 2 can only play "ab", and seat
    # 1 one more letter; "d" also needs two decisions, and "a" comes first.
    solution = solved("abcd")
    assert solution.losers("") == frozenset({2})
    assert solution.decisions("", 1) == (Decision("", "a"), Decision("ab", "abc"))
    assert solution.decision_count("", 1) == 2
    assert solution.winning_words("", 1) == ("abcd",)
    # With "cab" (completed by seat 1), "a" lets seat 2 play "ca"; "d" is the clean win.
    solution = solved("abcd cab")
    assert solution.decisions("", 1) == (Decision("", "d"), Decision("cd", "bcd"))
    assert solution.decisions("a", 2) == (Decision("a", "ca"),)
    assert solution.decisions("b", 2) == ()


@given(words=words_strategy, min_length=st.integers(2, 3), players=st.integers(2, 4),
       reverse=st.booleans())
def test_losers_moves_and_decisions_match_brute_force(
    words: list[str], min_length: int, players: int, reverse: bool
) -> None:
    playable = {w for w in words if len(w) >= min_length}
    if not playable:
        return
    brute = BruteSuperGhost(playable, players, reverse=reverse)
    fast = solve(playable_words(words, min_length, prefix_free=False), players, reverse=reverse)
    for fragment in sorted(brute.infixes, key=lambda f: (len(f), f)):
        assert fast.find(fragment) is not None, fragment
        assert fast.is_word(fragment) == (fragment in playable)
        assert fast.losers(fragment) == brute.losers(fragment), fragment
        assert list(fast.children(fragment)) == brute.moves(fragment), fragment
        mover = fast.mover(fragment)
        assert list(fast.winning_moves(fragment)) == [
            m for m in brute.moves(fragment) if mover not in brute.losers(m)
        ]
        for seat in range(1, players + 1):
            cost = brute.cost(fragment, seat)
            assert fast.decision_count(fragment, seat) == (None if cost == float("inf") else cost)
            assert [(d.fragment, d.play) for d in fast.decisions(fragment, seat)] == (
                brute.decisions(fragment, seat)
            ), (fragment, seat)
            assert set(fast.winning_words(fragment, seat)) == brute.plan(fragment, seat)[1]
    assert fast.find("ab" * 5) is None or "ab" * 5 in brute.infixes


@given(words=words_strategy, reverse=st.booleans(), data=st.data())
def test_over_words_reduces_over_the_words_that_contain_each_infix(
    words: list[str], reverse: bool, data: st.DataObject
) -> None:
    # Each infix gets the largest and the smallest value of the words that contain it, and
    # the sum over its occurrences; the ids found for the first call serve the second.
    fast = solve(playable_words(words, 2, prefix_free=False), 2, reverse=reverse)
    values = np.array(data.draw(st.lists(st.integers(0, 99), min_size=len(fast.words),
                                         max_size=len(fast.words))), dtype=np.int64)
    for _ in range(2):
        top = fast.over_words(values, np.maximum, -1)
        low = fast.over_words(values, np.minimum, 100)
        total = fast.over_words(values, np.add, 0)
        for length, level in enumerate(fast.graph.levels):
            for i in range(len(level)):
                infix = fast.graph.string(length, i)
                holding = [v for w, v in zip(fast.words, values, strict=True) if infix in w]
                assert top[length][i] == max(holding, default=-1), infix
                assert low[length][i] == min(holding, default=100), infix
                assert total[length][i] == sum(
                    v * sum(w.startswith(infix, p) for p in range(len(w)))
                    for w, v in zip(fast.words, values, strict=True)
                ), infix


@given(words=words_strategy, reverse=st.booleans())
def test_each_length_holds_the_infixes_of_the_words_and_their_reverses(
    words: list[str], reverse: bool
) -> None:
    # In alphabetical order, the fragments those of the words; each infix's rep a place of the
    # text where it occurs, in a word where it is a fragment, else in a reversed word.
    fast = solve(playable_words(words, 2, prefix_free=False), 2, reverse=reverse)
    graph, forward = fast.graph, sum(map(len, fast.words))
    texts = [*fast.words, *(w[::-1] for w in fast.words if reverse)]
    for length, level in enumerate(graph.levels):
        every = sorted({t[p : p + length] for t in texts for p in range(len(t) - length + 1)})
        assert [graph.string(length, i) for i in range(len(level))] == every
        assert [any(f in w for w in fast.words) for f in every] == level.fragment.tolist()
        assert ((level.rep < forward) == level.fragment).all()
        assert level.leaf.tolist() == [f in fast.words for f in every]


@pytest.mark.parametrize("reverse", [False, True])
def test_no_fragment_outside_the_words(reverse: bool) -> None:
    solution = solved("cat dog", reverse=reverse)
    assert solution.find("ct") is None
    assert solution.find("tac") is None  # a reversed word is not an infix
    with pytest.raises(KeyError, match="no playable word contains 'ct'"):
        solution.losers("ct")


@given(words=words_strategy, reverse=st.booleans(), data=st.data())
def test_a_graph_read_back_finds_the_suffixes_build_graph_met(
    words: list[str], reverse: bool, data: st.DataObject
) -> None:
    # A graph that was not built (read back from a stored game) has no suffixes: over_words
    # finds them, the same ids and words as build_graph's.
    fast = solve(playable_words(words, 2, prefix_free=False), 2, reverse=reverse)
    read = replace(fast, graph=replace(fast.graph, suffixes=()), _suffix_ids=[])
    assert fast.graph.suffixes
    for (ids, owner), (their_ids, their_owner) in zip(
            fast._suffixes(), read._suffixes(), strict=True):
        assert ids.tolist() == their_ids.tolist() and owner.tolist() == their_owner.tolist()
    values = np.array(data.draw(st.lists(st.integers(0, 99), min_size=len(fast.words),
                                         max_size=len(fast.words))), dtype=np.int64)
    for a, b in zip(fast.over_words(values, np.add, 0), read.over_words(values, np.add, 0),
                    strict=True):
        assert a.tolist() == b.tolist()


@given(words=words_strategy, reverse=st.booleans(), data=st.data())
def test_a_fragment_found_from_its_prefix_is_the_one_found_letter_by_letter(
    words: list[str], reverse: bool, data: st.DataObject
) -> None:
    # InfixSolution.find steps from the fragment without its last letter; the graph reads
    # every letter. Every infix, reversed ones and strangers too.
    fast = solve(playable_words(words, 2, prefix_free=False), 2, reverse=reverse)
    graph = fast.graph
    infixes = [graph.string(d, i) for d, level in enumerate(graph.levels)
               for i in range(len(level))]
    others = data.draw(st.lists(st.text("abcdz", max_size=6), max_size=10))
    for fragment in [*infixes, *others, "A", "a" * 40]:
        i = graph.find(fragment)
        expected = i if i is not None and graph.levels[len(fragment)].fragment[i] else None
        assert fast.find(fragment) == expected, fragment


@pytest.mark.parametrize("reverse", [False, True])
def test_find_all_finds_what_find_finds(reverse: bool) -> None:
    """`find_all` looks fragments up a length at a time: the same ids as `find` one by one
    (a fresh solution's), None where no playable word holds one (only its reverse does, a
    letter is not played, it is longer than every word), and the empty fragment at 0."""
    words = playable_words(["cat", "scat", "dog", "taco", "coda"], 3, prefix_free=False)
    asked = ["", "c", "ca", "cat", "tac", "ac", "sca", "scat", "odag", "god", "go", "ocat",
             "Ca", "cé", "x", "scats", "codas!", "ta", "at", "ac", "ca"]
    together = solve(words, 2, reverse=reverse).find_all(asked)
    alone = solve(words, 2, reverse=reverse)
    assert together == [alone.find(f) for f in asked]
    assert together[:4] == [0, alone.find("c"), alone.find("ca"), alone.find("cat")]
    assert [f for f, i in zip(asked, together, strict=True) if i is None] == (
        ["odag", "god", "go", "ocat", "Ca", "cé", "x", "scats", "codas!"])


def test_letter_codes_as_bytes_and_as_code_points() -> None:
    """Latin-1 text is translated as bytes, other text by code point: the same codes."""
    assert letter_codes("bé\0a", "abé").tolist() == [1, 2, -1, 0]  # bytes
    assert letter_codes("ąb\0a", "abą").tolist() == [2, 1, -1, 0]  # code points
    assert letter_codes("b" * 3, "".join(map(chr, range(97, 97 + 130)))).tolist() == [1] * 3
