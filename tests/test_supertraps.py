"""Traps and casual tables in SuperGhost and SuperDuperGhost (docs/rules.md, "Traps" and "A
card for casual tables"), checked against tests/bruteforce_super.py on small dictionaries."""

from __future__ import annotations

import json
from pathlib import Path
from unittest import mock

import numpy as np
from bruteforce_super import BruteSuperGhost, BruteSuperTable
from conftest import DATA
from hypothesis import given
from hypothesis import strategies as st
from test_superghost import words_strategy
from typer.testing import CliRunner

import cardgen.games.traps as traps_module
from cardgen.app.cli import app
from cardgen.cards.make import make_card
from cardgen.games.advice import Escape, Try
from cardgen.games.casual import casual
from cardgen.games.game import Decision
from cardgen.games.opponent import Opponent
from cardgen.games.superghost import solve
from cardgen.games.traps import Thresholds, thresholds
from cardgen.words.alphabet import Spelling
from cardgen.words.lexicon import Lexicon, playable_words

ZIPF = st.sampled_from([0.0, 1.0, 1.5, 2.5, 3.0, 4.0])


@given(words=words_strategy, zipfs=st.lists(ZIPF, max_size=12), reverse=st.booleans(),
       few=st.sampled_from([1, 2, traps_module.FEW_HOLDERS]))
def test_the_first_known_word_is_the_first_of_zipf_m_that_holds_the_fragment(
    words: list[str], zipfs: list[float], reverse: bool, few: int
) -> None:
    """Read in every word's text for the first `few` words that hold the fragment, else among
    the words of its Zipf M: the first word, in the words' order, of Zipf M that holds it."""
    lexicon = playable_words(words, 2, prefix_free=False)
    if lexicon.words:
        assert_first_known(lexicon, zipfs, reverse, few)


@given(zipfs=st.lists(ZIPF, min_size=6, max_size=6), reverse=st.booleans(),
       few=st.sampled_from([1, traps_module.FEW_HOLDERS]))
def test_the_first_known_word_follows_the_alphabets_order_not_the_code_points(
    zipfs: list[float], reverse: bool, few: int
) -> None:
    """Spanish sorts ñ between n and o (code point 241, after z): the word that holds the
    fragment is found among the words in that order."""
    lexicon = playable_words(["caro", "caño", "cara", "año", "ano", "ñoño"], 3,
                             Spelling("es", "scrabble"), prefix_free=False)
    assert lexicon.words == ("ano", "año", "caño", "cara", "caro", "ñoño")
    assert_first_known(lexicon, zipfs, reverse, few)


def assert_first_known(lexicon: Lexicon, zipfs: list[float], reverse: bool, few: int) -> None:
    """`first_known` of every fragment, read with `FEW_HOLDERS` = `few`, is the first word of
    Zipf M that holds it (the Zipf of each word from `zipfs`, 0 past its end)."""
    solution = solve(lexicon, 2, reverse=reverse)
    zipf = np.array((zipfs + [0.0] * len(lexicon.words))[: len(lexicon.words)])
    traps = thresholds(solution, zipf)
    fragments = [f for d in range(lexicon.longest + 1) for f in solution.fragments(d)]
    with mock.patch.object(traps_module, "FEW_HOLDERS", few):
        found = [solution.words[traps.first_known(f)] for f in fragments]
    assert found == [next(w for w, z in zip(lexicon.words, zipf, strict=True)
                          if f in w and z == traps.known(f)) for f in fragments]


def both(
    words: list[str], zipfs: list[float], min_length: int, players: int, reverse: bool
) -> tuple[BruteSuperTable, Thresholds] | None:
    """The brute force and the fast passes, the Zipf of each word in alphabetical order taken
    from `zipfs` (0 past its end)."""
    playable = {w for w in words if len(w) >= min_length}
    if not playable:
        return None
    zipf = dict(zip(sorted(playable), zipfs + [0.0] * len(playable), strict=False))
    lexicon = playable_words(words, min_length, prefix_free=False)
    brute = BruteSuperTable(BruteSuperGhost(playable, players, reverse=reverse), zipf)
    fast = solve(lexicon, players, reverse=reverse)
    return brute, thresholds(fast, np.array([zipf[w] for w in lexicon.words]))


def positions(brute: BruteSuperTable) -> list[str]:
    return sorted(brute.game.infixes, key=lambda f: (len(f), f))


@given(words=words_strategy, zipfs=st.lists(ZIPF, max_size=12), min_length=st.integers(2, 3),
       players=st.integers(2, 4), reverse=st.booleans())
def test_thresholds_traps_and_escapes_match_brute_force(
    words: list[str], zipfs: list[float], min_length: int, players: int, reverse: bool
) -> None:
    games = both(words, zipfs, min_length, players, reverse)
    if games is None:
        return
    brute, fast = games
    for fragment in positions(brute):
        assert fast.known(fragment) == brute.known(fragment), fragment
        for seat in range(1, players + 1):
            assert fast.threshold(fragment, seat) == brute.threshold(fragment, seat), (
                fragment, seat)
        expected = brute.trap(fragment)
        if expected is None:
            assert fast.trap(fragment) is None, fragment
            continue
        move, mistakes, replies, escape = expected
        assert fast.trap(fragment) == Try(move, mistakes, replies, escape and Escape(*escape))


@given(words=words_strategy, zipfs=st.lists(ZIPF, max_size=12), min_length=st.integers(2, 3),
       players=st.integers(2, 4), reverse=st.booleans(),
       knows=st.sampled_from([0.5, 1.0, 2.0, 3.5]))
def test_casual_tables_match_brute_force(
    words: list[str], zipfs: list[float], min_length: int, players: int, reverse: bool,
    knows: float,
) -> None:
    games = both(words, zipfs, min_length, players, reverse)
    if games is None:
        return
    brute, fast = games
    table = casual(fast, knows)
    game = brute.game
    for fragment in positions(brute):
        for seat in range(1, players + 1):
            expected = brute.casual_plan(fragment, seat, knows)
            assert table.wins(fragment, seat) == (expected is not None), (fragment, seat)
            words_found, named = table.winning_words(fragment, seat)
            rows = {(d.fragment, d.play) for d in table.decisions(fragment, seat)}
            if expected is None:
                assert (words_found, named, rows) == ((), (), set()), (fragment, seat)
                continue
            assert (frozenset(rows), frozenset(words_found), frozenset(named)) == expected, (
                fragment, seat)
            if fragment not in game.words and game.mover(fragment) == seat:
                assert list(table.winning_moves(fragment, seat)) == [
                    m for m in game.moves(fragment) if not brute.can_lose(m, seat, knows)]
        trap = brute.trap(fragment, knows) if fragment not in game.words else None
        found = table.trap(fragment)
        if trap is None:
            assert found is None, fragment
        else:
            move, mistakes, replies, escape = trap
            assert found == Try(move, mistakes, replies, escape and Escape(*escape)), fragment
    for seat in range(1, players + 1):
        openings = [f for f in positions(brute) if len(f) == seat - 1 and f not in game.words]
        costs = [brute.cost(f, seat, knows) for f in openings]
        won = [c for c in costs if c != float("inf")]
        assert table.seat_totals(seat) == (len(openings), len(won), sum(won))


# SuperGhost, 3+ letters, two players: cat (Zipf 5.0), dog (4.0), scat (1.0), scatter (2.0).
WORDS = ["cat", "scat", "scatter", "dog"]
ZIPFS = {"cat": 5.0, "dog": 4.0, "scat": 1.0, "scatter": 2.0}


def small() -> Thresholds:
    lexicon = playable_words(WORDS, 3, prefix_free=False)
    return thresholds(solve(lexicon, 2), np.array([ZIPFS[w] for w in lexicon.words]))


def test_exact_thresholds_and_traps_on_a_tiny_list() -> None:
    """M is the highest Zipf of the words containing the fragment. After s the second seat
    must play sc, the first sca, and the second completes scat: it loses with perfect play,
    but a table that does not know scatter (the only known word containing sca, Zipf 2.0)
    challenges at sc instead of playing sca. After a, the second seat wins by at (the first
    must then make cat or head for scatter, 7 letters, its own)."""
    traps = small()
    assert [traps.known(f) for f in ("at", "sca", "tt", "og")] == [5.0, 2.0, 2.0, 4.0]
    assert traps.solution.winning_moves("", 1) == ("c", "s")
    assert [(x, traps.threshold(x, 1)) for x in traps.solution.children("")] == [
        ("a", 2.0), ("c", -np.inf), ("d", 4.0), ("e", 2.0), ("g", 4.0), ("o", 4.0),
        ("r", 2.0), ("s", -np.inf), ("t", 2.0),
    ]
    assert traps.threshold("s", 2) == 2.0 and traps.threshold("ca", 2) == 2.0
    assert traps.trap("s") == Try("sc", 0, 1, Escape("scatter", 2.0))
    # Against c: ca and sc both need scatter; ca lets the first seat go wrong (cat), 1 of 2.
    assert traps.trap("c") == Try("ca", 1, 2, Escape("scatter", 2.0))
    assert traps.trap("") is None  # the first seat wins


def test_exact_casual_strategies_on_a_tiny_list() -> None:
    """Knowing scatter but not scat (Zipf 1.5+), the table plays sc and lets the first seat
    win by s (decisions: s, then sca; the second seat completes scat); c costs three. Knowing
    only cat and dog (3+), it challenges after e, r or s: one decision each, the first is e,
    and the first seat names scatter (the shortest word containing e)."""
    table = casual(small(), 1.5)
    assert table.winning_moves("", 1) == ("c", "s")
    assert table.decisions("", 1) == (Decision("", "s"), Decision("sc", "sca"))
    assert table.winning_words("", 1) == (("scat",), ())
    assert table.seat_totals(1) == (1, 1, 2)
    assert table.trap("c") == Try("ca", 1, 2, Escape("scatter", 2.0))
    common_words = casual(small(), 3.0)
    assert common_words.winning_moves("", 1) == ("a", "c", "e", "r", "s", "t")
    assert common_words.decisions("", 1) == (Decision("", "e"),)
    assert common_words.winning_words("", 1) == (("scatter",), ("scatter",))
    assert common_words.winning_words("s", 2) == (("scat",), ("scat",))
    assert common_words.seat_totals(2) == (9, 9, 9)


def test_a_superghost_card_for_a_casual_table(runner: CliRunner, tmp_path: Path) -> None:
    """`game: superghost` with `opponent: {knows: 3}` builds, md, json and pdf, and its JSON
    names the traps."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    config = tmp_path / "casual.yaml"
    config.write_text("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
                      "game: superghost\nopponent: {knows: 3}\n")
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "casual.json", "casual.md", "casual.pdf"]
    document = json.loads((tmp_path / "out" / "casual.json").read_text())
    assert document["traps"] is True and document["opponent"] == {"knows": 3.0}
    first, *_ = document["seats"][0]["openings"]
    assert first["try"] is None and first["moves"]
    tries = [o["try"] for o in document["seats"][1]["openings"] if o["try"] is not None]
    assert tries and all(set(t) == {"move", "mistakes", "replies", "escape"} for t in tries)


def test_the_casual_card_matches_the_table() -> None:
    card = make_card(DATA / "animals.txt", 2, 3, game="superduperghost",
                     opponent=Opponent(knows=3.0))
    assert card.traps and card.game == "superduperghost"
    for seat in card.seats:
        for opening in seat.openings:
            assert bool(opening.decisions) == bool(opening.words) == (opening.best_try is None)
