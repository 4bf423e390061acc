"""The fast solver and card builder against a brute force, on small random dictionaries."""

from __future__ import annotations

from unittest import mock

import numpy as np
from bruteforce import BruteGhost, familiar_rank, playable
from conftest import word_card
from hypothesis import given
from hypothesis import strategies as st

from cardgen.cards.strategy import DictionaryInfo, build_card
from cardgen.cards.tables import table_row
from cardgen.games import trie
from cardgen.games.advice import best_try
from cardgen.games.ranking import Ranking
from cardgen.games.solver import Solution, solve
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import WordList

# A small alphabet makes shared prefixes, and so real choices, likely.
entries_strategy = st.lists(
    st.text(alphabet="abcA'", min_size=1, max_size=7), min_size=1, max_size=30
)
# Only playable-looking entries, so that most examples hold real choices between moves and sets.
words_strategy = st.lists(st.text(alphabet="abc", min_size=2, max_size=7), min_size=2, max_size=30)
def both_solvers(
    entries: list[str], min_length: int, players: int
) -> tuple[BruteGhost, Solution] | None:
    """The brute force and the fast solver on the same entries, or None if no word is
    playable."""
    words = playable(entries, min_length)
    if not words:
        return None
    return BruteGhost(words, players), solve(playable_words(entries, min_length), players)


@given(entries=entries_strategy, min_length=st.integers(2, 4))
def test_playable_words_match(entries: list[str], min_length: int) -> None:
    assert set(playable_words(entries, min_length).words) == playable(entries, min_length)


@given(entries=entries_strategy, min_length=st.integers(2, 4), tries=st.lists(
    st.text(alphabet="abcd", max_size=8), max_size=20))
def test_a_fragment_is_found_at_its_place_in_its_level(
    entries: list[str], min_length: int, tries: list[str]
) -> None:
    """`find` (down from the parent) gives each fragment its place among the fragments of its
    length, in order, and None to any string that begins no playable word, in any order of
    asking."""
    games = both_solvers(entries, min_length, 2)
    if games is None:
        return
    brute, fast = games
    for fragment in tries + sorted(brute.prefixes, key=lambda f: (-len(f), f)):
        ordered = sorted(f for f in brute.prefixes if len(f) == len(fragment))
        expected = ordered.index(fragment) if fragment in brute.prefixes else None
        assert fast.find(fragment) == expected, fragment


@given(
    entries=entries_strategy,
    min_length=st.integers(2, 4),
    players=st.integers(2, 4),
)
def test_losers_and_minimal_sets_match_brute_force(
    entries: list[str], min_length: int, players: int
) -> None:
    games = both_solvers(entries, min_length, players)
    if games is None:
        return
    brute, fast = games
    for fragment in brute.prefixes:
        assert fast.losers(fragment) == brute.losers(fragment), fragment
        if fragment not in brute.words:
            assert fast.children(fragment) == tuple(brute.children(fragment))
        for seat in range(1, players + 1):
            expected = tuple(sorted(brute.winning_words(fragment, seat)))
            assert fast.winning_words(fragment, seat) == expected, (fragment, seat)


@given(
    entries=entries_strategy,
    min_length=st.integers(2, 3),
    players=st.integers(2, 4),
)
def test_card_openings_match_brute_force(
    entries: list[str], min_length: int, players: int
) -> None:
    words = playable(entries, min_length)
    if not words:
        return
    brute = BruteGhost(words, players)
    card = word_card(" ".join(entries), players, min_length)
    assert card.losers == tuple(sorted(brute.losers("")))
    for seat in card.seats:
        assert [o.fragment for o in seat.openings] == brute.openings(seat.seat)
        for opening in seat.openings:
            assert opening.losers == tuple(sorted(brute.losers(opening.fragment)))
            assert opening.moves == tuple(brute.winning_moves(opening.fragment, seat.seat))
            assert opening.words == tuple(sorted(brute.winning_words(opening.fragment, seat.seat)))
            got = opening.best_try
            found = None if got is None else (got.move, got.mistakes, got.replies)
            assert found == brute.best_try(opening.fragment), (seat.seat, opening.fragment)


@given(
    entries=st.lists(st.text(alphabet="ab", min_size=1, max_size=12), min_size=1, max_size=30),
    players=st.integers(2, 3),
)
def test_long_shared_prefixes_match_brute_force(entries: list[str], players: int) -> None:
    # With a tiny comparison width, most common prefixes take the letter-by-letter path.
    words = playable(entries, 2)
    if not words:
        return
    brute = BruteGhost(words, players)
    with mock.patch.object(trie, "LCP_WIDTH", 2):
        fast = solve(playable_words(entries, 2), players)
    for fragment in brute.prefixes:
        assert fast.losers(fragment) == brute.losers(fragment), fragment


@given(
    entries=words_strategy,
    min_length=st.integers(2, 4),
    players=st.integers(2, 4),
)
def test_best_try_matches_brute_force(entries: list[str], min_length: int, players: int) -> None:
    games = both_solvers(entries, min_length, players)
    if games is None:
        return
    brute, fast = games
    for fragment in brute.prefixes:
        found = best_try(fast, fragment)
        got = None if found is None else (found.move, found.mistakes, found.replies)
        assert got == brute.best_try(fragment), fragment


@given(
    entries=words_strategy,
    min_length=st.integers(2, 4),
    players=st.integers(2, 4),
    data=st.data(),
)
def test_familiar_ranking_matches_brute_force(
    entries: list[str], min_length: int, players: int, data: st.DataObject
) -> None:
    lexicon = playable_words(entries, min_length)
    if not lexicon.words:
        return
    flags = st.lists(st.booleans(), min_size=len(lexicon.words), max_size=len(lexicon.words))
    avoided_flags, rare_flags = data.draw(flags), data.draw(flags)
    avoided = {w for w, a in zip(lexicon.words, avoided_flags, strict=True) if a}
    rare = {w for w, r in zip(lexicon.words, rare_flags, strict=True) if r}
    brute = BruteGhost(set(lexicon.words), players, rank=familiar_rank(avoided, rare))
    ranking = Ranking(avoided=np.array(avoided_flags), rare=np.array(rare_flags))
    fast = solve(lexicon, players, ranking=ranking)
    for fragment in brute.prefixes:
        assert fast.losers(fragment) == brute.losers(fragment), fragment
        for seat in range(1, players + 1):
            expected = tuple(sorted(brute.winning_words(fragment, seat)))
            assert fast.winning_words(fragment, seat) == expected, (fragment, seat)


# Swedish letters beyond z, whose alphabetical order (a z å ä ö) is not code point order
# (a z ä å ö): the solver and the cards must follow the alphabet, not the code points.
@given(
    entries=st.lists(st.text(alphabet="aåäöz", min_size=1, max_size=7), min_size=1, max_size=30),
    min_length=st.integers(2, 3),
    players=st.integers(2, 3),
)
def test_another_alphabet_matches_brute_force(
    entries: list[str], min_length: int, players: int
) -> None:
    from cardgen.words.alphabet import default_spelling  # here: this file's head is shared work

    lexicon = playable_words(entries, min_length, default_spelling("sv"))
    assert lexicon.letters == "abcdefghijklmnopqrstuvwxyzåäö"
    words = playable(entries, min_length, "aåäöz")
    assert set(lexicon.words) == words
    if not words:
        return
    brute = BruteGhost(words, players, lexicon.letters)
    assert list(lexicon.words) == sorted(words, key=brute.order)
    fast = solve(lexicon, players)
    for fragment in brute.prefixes:
        assert fast.losers(fragment) == brute.losers(fragment), fragment
        if fragment not in words:
            assert fast.children(fragment) == tuple(brute.children(fragment))
        for seat in range(1, players + 1):
            expected = tuple(sorted(brute.winning_words(fragment, seat), key=brute.order))
            assert fast.winning_words(fragment, seat) == expected, (fragment, seat)
    wordlist = WordList("test", "test", "0" * 64, tuple(entries))
    card = build_card(fast, DictionaryInfo.of(wordlist, lexicon))
    for strategy in card.seats:
        assert [o.fragment for o in strategy.openings] == brute.openings(strategy.seat)
        for opening in strategy.openings:
            assert opening.moves == tuple(brute.winning_moves(opening.fragment, strategy.seat))


@given(entries=entries_strategy, min_length=st.integers(2, 3), players=st.integers(2, 5))
def test_a_table_row_sums_up_the_card(entries: list[str], min_length: int, players: int) -> None:
    """Rows are computed straight from the solution; they must say what the card says."""
    lexicon = playable_words(entries, min_length)
    if not lexicon.words:
        return
    wordlist = WordList("test", "test", "0" * 64, tuple(entries))
    info = DictionaryInfo.of(wordlist, lexicon)
    solution = solve(lexicon, players)
    card = build_card(solution, info)
    row = table_row(solution, info)
    assert (row.losers, row.winning_first_moves) == (card.losers, card.winning_first_moves)
    assert [(s.seat, s.openings, s.won, s.card_words) for s in row.seats] == [
        (s.seat, len(s.openings), s.won, s.card_words) for s in card.seats
    ]
