"""SuperGhost and SuperDuperGhost at a casual table (docs/rules.md): the fast passes of
`cardgen.cards.superpocket` against every game enumerated on small random dictionaries."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bruteforce_super import BruteSuperGhost
from bruteforce_superpocket import BruteSuperPocket
from conftest import costly
from hypothesis import example, given
from hypothesis import strategies as st
from test_hypothesis import words_strategy

from cardgen.cards import offers, superpocket
from cardgen.cards.config import load_card_config
from cardgen.cards.decisionrows import TIE, Walks, row_chars, tables_lose, with_row_order
from cardgen.cards.figures import position_figures
from cardgen.cards.localplay import position_plays
from cardgen.cards.make import Lexicons, config_game
from cardgen.cards.odds import Odds
from cardgen.cards.ranges import over_tables
from cardgen.cards.strategy import Opening, seat_strategy
from cardgen.cards.superpocket import (
    InfixPlay,
    infix_play,
    infix_plays,
    infix_position_odds,
    odds,
    table_lose,
)
from cardgen.errors import FetchError
from cardgen.games.game import Decision
from cardgen.games.opponent import TableRange
from cardgen.games.superghost import InfixSolution, solve
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import check_available

CLOSE = 1e-9
GAMES = (
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from([0.0, 3.0, 6.0]),
    st.booleans(),
)
"""Entries, their Zipf frequencies, min length, players, the table's theta, reversal."""


def fast_and_brute(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    frequencies: bool, reverse: bool,
) -> tuple[BruteSuperPocket, BruteSuperGhost, dict[int, list[Opening]]] | None:
    words = {w for w in entries if len(w) >= min_length}
    if not words:
        return None
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length, prefix_free=False), players,
                     reverse=reverse)
    array = np.array([float(zipf[w]) for w in solution.words]) if frequencies else None
    play = infix_play(solution, array, knows)
    seats = {}
    for seat in range(1, players + 1):
        openings = seat_strategy(solution, seat).openings
        found = [with_row_order([play], seat, o.decisions, f)
                 if seat == 1 and f.words is not None else f
                 for o, f in zip(openings, odds(play, seat, openings), strict=True)]
        seats[seat] = [replace(o, odds=f) for o, f in zip(openings, found, strict=True)]
    brute = BruteSuperPocket(words, players, zipf if frequencies else None, knows,
                             reverse=reverse)
    return brute, BruteSuperGhost(words, players, reverse=reverse), seats


def rows(opening: Opening) -> dict[str, str]:
    return {d.fragment: d.play for d in opening.decisions}


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from([0.0, 2.0, 3.0, 6.0]),
    st.booleans(),
    st.booleans(),
)
def test_each_openings_figures_are_the_enumerated_ones(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    frequencies: bool, reverse: bool,
) -> None:
    found = fast_and_brute(entries, zipfs, min_length, players, knows, frequencies, reverse)
    if found is None:
        return
    brute, game, seats = found
    for seat, openings in seats.items():
        for opening in openings:
            o, f = opening.odds, opening.fragment
            assert o is not None
            assert o.reach == pytest.approx(float(brute.reach(f)), abs=CLOSE)
            assert o.none == pytest.approx(float(1 - brute.lose(f, seat, {})), abs=CLOSE)
            with_words = None
            if opening.decisions:
                with_words = 1 - brute.lose(f, seat, rows(opening))
                assert o.words == pytest.approx(float(with_words), abs=CLOSE)
            else:
                assert o.words is None
            moves = game.moves(f)
            allowed = (
                [m for m in moves if seat not in game.losers(m)]
                or [m for m in moves if m not in brute.words]
                or moves
            )
            alone = {m: 1 - brute.lose(f, seat, {f: m}) for m in allowed}
            best = max(alone.values())
            # The best letter, ties alphabetical; the figures are floats, so a letter whose
            # exact rate is below the best by less than float noise may be taken for it
            # (found: 0.99990001999600 against 0.99990001999700 on a four-player list).
            near = [m for m, wins in alone.items() if float(best - wins) <= CLOSE]
            assert o.letter in near
            assert o.letter == min(near) or alone[o.letter] != alone[min(near)]
            assert o.letter_wins == pytest.approx(float(best), abs=CLOSE)
            full = opening.full_move
            expected = with_words if with_words is not None else (
                alone.get(full, 1 - brute.lose(f, seat, {f: full})) if full is not None
                else 1 - brute.lose(f, seat, {})
            )
            assert o.full == pytest.approx(float(expected), abs=CLOSE)


@given(*GAMES, st.data())
def test_a_cards_win_rate_is_the_enumerated_one(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    reverse: bool, data: st.DataObject,
) -> None:
    """Any mix of entries, seat by seat: the openings' figures add up to the holder's win
    rate over every game."""
    found = fast_and_brute(entries, zipfs, min_length, players, knows, True, reverse)
    if found is None:
        return
    brute, _, seats = found
    for seat, openings in seats.items():
        card: dict[str, dict[str, str]] = {}
        lose = 0.0
        for opening in openings:
            o = opening.odds
            assert o is not None
            kinds = ["none", "letter"] + (["words"] if opening.decisions else [])
            kind = data.draw(st.sampled_from(kinds))
            if kind == "letter":
                card[opening.fragment] = {opening.fragment: o.letter}
            elif kind == "words":
                card[opening.fragment] = rows(opening)
            wins = {"none": o.none, "letter": o.letter_wins, "words": o.words}[kind]
            assert wins is not None
            lose += o.reach * (1 - wins)
        expected = brute.wins(seat, card, [o.fragment for o in openings])
        assert 1 - lose == pytest.approx(float(expected), abs=CLOSE)


def test_a_small_game_exactly() -> None:
    """Words cat, scat (3+ letters, two players), known alike: at the start cat offers c, a, t
    (a third each), scat s, c, a, t (a quarter each), so s is made 1/8 of the time and a, c, t
    7/24 each. After s the second seat must play sc (toward scat, the first seat's to make:
    the first then makes sca, and the second scat)."""
    solution = solve(playable_words(["cat", "scat"], 3, prefix_free=False), 2)
    play = infix_play(solution, None)
    assert play.reaching("s") == pytest.approx(1 / 8)
    assert play.reaching("a") == pytest.approx(7 / 24)
    brute = BruteSuperPocket({"cat", "scat"}, 2, None, 3.0)
    assert brute.reach("s") == Fraction(1, 8)
    assert brute.table_moves("") == (
        ("a", Fraction(7, 24)), ("c", Fraction(7, 24)), ("s", Fraction(1, 8)),
        ("t", Fraction(7, 24)),
    )
    (first,) = [replace(o, odds=f) for o, f in zip(
        seat_strategy(solution, 1).openings, odds(play, 1, seat_strategy(solution, 1).openings),
        strict=True)]
    assert isinstance(first.odds, Odds)
    assert first.odds.none == pytest.approx(float(1 - brute.lose("", 1, {})))


@costly
@given(*GAMES)
def test_explain_s_figures_are_the_enumerated_ones(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    reverse: bool,
) -> None:
    """`cardgen explain`'s figures at every fragment of the game (docs/rules.md): how often it
    comes up, what the mover wins playing as the table does, after each move, and keeping to
    its decision table from there."""
    words = {w for w in entries if len(w) >= min_length}
    if not words:
        return
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length, prefix_free=False), players,
                     reverse=reverse)
    array = np.array([float(zipf[w]) for w in solution.words])
    brute = BruteSuperPocket(words, players, zipf, knows, reverse=reverse)
    play = infix_play(solution, array, knows)
    for f in sorted(brute.infixes | {"zz"}):
        seat = len(f) % players + 1
        decisions = solution.decisions(f, seat) if f in brute.infixes - words else ()
        found = position_figures(play, f, (), decisions)
        if f not in brute.infixes or f in words:
            assert found is None
            continue
        assert found is not None
        assert found.knows == knows
        assert found.reach == pytest.approx(float(brute.reach(f)), abs=CLOSE)
        assert found.none == pytest.approx(float(1 - brute.lose(f, seat, {})), abs=CLOSE)
        assert [g for g, _ in found.letters] == brute.moves(f)
        for g, wins in found.letters:
            assert wins == pytest.approx(float(1 - brute.lose(g, seat, {})), abs=CLOSE)
        if decisions:
            table = {d.fragment: d.play for d in decisions}
            assert found.words == pytest.approx(float(1 - brute.lose(f, seat, table)), abs=CLOSE)
        else:
            assert found.words is None


def test_explain_s_figures_on_a_small_game_exactly() -> None:
    """Words cat, scat, known alike: the start comes up in every game; the first seat wins 9/16
    of them playing as the table does, every one keeping to its table (s, then sca from sc):
    after c or s always, after a half the time, after t never (the second seat plays at, and
    the only word of 4+ letters around it, scat, offers nothing but the word cat: the first
    seat challenges and loses)."""
    solution = solve(playable_words(["cat", "scat"], 3, prefix_free=False), 2)
    brute = BruteSuperPocket({"cat", "scat"}, 2, None, 3.0)
    found = position_figures(infix_play(solution, None), "", (), solution.decisions("", 1))
    assert found is not None
    assert (found.reach, found.none, found.words) == (1.0, 0.5625, 1.0)
    assert 1 - brute.lose("", 1, {}) == Fraction(9, 16)
    assert found.letters == (("a", 0.5), ("c", 1.0), ("s", 1.0), ("t", 0.0))
    assert [1 - brute.lose(g, 1, {}) for g in "acst"] == [Fraction(1, 2), 1, 1, 0]


@costly
@given(*GAMES)
@example(  # rows 1 and 2 gain 4.1658e-6 and 4.1667e-6 per character: 2 comes first
    entries=["aa", "aaa", "aba", "baa", "aaaa", "ababaa", "abacaab"], zipfs=[0, 0, 0, 0, 4],
    min_length=2, players=2, knows=0.0, reverse=False,
)
@example(  # rows 4 and 5 gain 1/9 each, 12 characters: 4 first, whatever the float error
    entries=["abcbba", "cbbbcaa"], zipfs=[], min_length=2, players=2, knows=0.0, reverse=True,
)
def test_the_first_seat_s_rows_come_in_the_order_that_wins_most_per_character(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    reverse: bool,
) -> None:
    """The first seat's table printed in part (`Odds.rows`): after the first row, each row is
    the one that adds most to the enumerated win rate per character it takes (the table's
    order on ties), and each figure is the enumerated win rate with the rows so far."""
    found = fast_and_brute(entries, zipfs, min_length, players, knows, True, reverse)
    if found is None:
        return
    brute, _, seats = found
    (opening,) = seats[1]
    o = opening.odds
    assert o is not None
    if not opening.decisions:
        assert o.rows == ()
        return
    rows = opening.decisions
    assert sorted(k for k, _ in o.rows) == list(range(1, len(rows)))
    printed = {rows[0].fragment: rows[0].play}
    for k, wins in o.rows:
        now = 1 - brute.lose("", 1, printed)
        ratio = {
            j: (1 - brute.lose("", 1, printed | {r.fragment: r.play}) - now) / row_chars(r)
            for j, r in enumerate(rows) if r.fragment not in printed
        }
        # Ties within float error, relative to the best (gains per character can be ~1e-6).
        best = max(float(x) for x in ratio.values())
        tie = TIE * best + 1e-15
        assert float(ratio[k]) >= best - tie
        assert k == min(j for j, x in ratio.items() if float(x) >= float(ratio[k]) - tie)
        printed[rows[k].fragment] = rows[k].play
        assert wins == pytest.approx(float(1 - brute.lose("", 1, printed)), abs=CLOSE)
    assert [wins for _, wins in o.rows][-1:] == pytest.approx([o.words][: len(o.rows)],
                                                              abs=CLOSE)


def assert_same_play(ours: InfixPlay, theirs: InfixPlay) -> None:
    """Two plays of a table are the same, array for array and float for float."""
    assert (ours.knows, ours.examples) == (theirs.knows, theirs.examples)
    assert ours.solution is theirs.solution
    for name in ("share", "dead", "reach"):
        mine, other = getattr(ours, name), getattr(theirs, name)
        assert len(mine) == len(other)
        for a, b in zip(map(np.asarray, mine), map(np.asarray, other), strict=True):
            assert (a.dtype, a.shape, a.tobytes()) == (b.dtype, b.shape, b.tobytes()), name
    assert len(ours.lose) == len(theirs.lose)
    for mine, other in zip(ours.lose, theirs.lose, strict=True):
        for a, b in zip(map(np.asarray, mine), map(np.asarray, other), strict=True):
            assert (a.dtype, a.shape, a.tobytes()) == (b.dtype, b.shape, b.tobytes()), "lose"


def random_game(entries: list[str], zipfs: list[int], min_length: int, players: int,
                frequencies: bool, reverse: bool) -> tuple[InfixSolution, Any] | None:
    """The variant solved on the entries of `min_length`+ letters, with their Zipfs in the
    words' order (given `frequencies`); None where no word is long enough."""
    words = {w for w in entries if len(w) >= min_length}
    if not words:
        return None
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length, prefix_free=False), players,
                     reverse=reverse)
    array = np.array([float(zipf[w]) for w in solution.words]) if frequencies else None
    return solution, array


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.lists(st.sampled_from([0.0, 1.0, 2.0, 2.5, 3.0, 4.5, 6.0]), min_size=1, max_size=5),
    st.booleans(),
    st.booleans(),
)
def test_tables_worked_out_together_are_each_worked_out_alone(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    thetas: list[float], frequencies: bool, reverse: bool,
) -> None:
    """`infix_plays` walks the words once for every table: each table's play is the one
    `infix_play` gives it alone, to the last bit (the tables know nested sets of words, some
    none, and a theta may come twice)."""
    found = random_game(entries, zipfs, min_length, players, frequencies, reverse)
    if found is None:
        return
    solution, array = found
    together = infix_plays(solution, array, thetas)
    assert len(together) == len(thetas)
    for theta, play in zip(thetas, together, strict=True):
        assert_same_play(play, infix_play(solution, array, theta))
    first = {theta: play for theta, play in zip(thetas, together, strict=True)}
    assert all(first[theta] is play for theta, play in zip(thetas, together, strict=True))
    assert_read_where_written(together[0])


def assert_read_where_written(play: InfixPlay) -> None:
    """A table's figures are held at the fragments its words offer moves from and worked out
    where they are read: read at a fragment (a Python int, a negative one, a numpy int) or at
    an array of them, each is the value, of the same type, the figure written out holds."""
    for figure in (*play.share, *play.dead, *play.reach, *(f for s in play.lose for f in s)):
        size = len(figure)
        ids = np.arange(-size, size)
        read = [figure[int(i)] for i in ids] + [figure[np.int64(i)] for i in ids]
        one = [figure[np.array([i], dtype=np.int32)] for i in ids]  # before it is written out
        at = [figure[ids], figure[ids[::-1].astype(np.int32)]]
        whole = np.asarray(figure)
        assert whole.shape == (size,)
        assert [(type(x), x) for x in read] == [(type(whole[i]), whole[i]) for i in ids] * 2
        assert [x.tobytes() for x in one] == [whole[[i]].tobytes() for i in ids]
        assert at[0].tobytes() == whole[ids].tobytes()
        assert at[1].tobytes() == whole[ids[::-1]].tobytes()
        with pytest.raises(IndexError):
            figure[size]


def test_tables_share_where_they_read_a_figure_but_read_a_changed_array_anew() -> None:
    """Every table's figure of a length is held at the same places: the first table to
    read an array finds its places for the others, and an array changed since is read
    anew."""
    index = superpocket._Index(np.array([2, 5, 7]))
    tables = [superpocket._Level(np.zeros(1), None, index, np.array([1.0, 2.0, 3.0]) * t, 40)
              for t in (1, 10)]
    at = np.array([5, 9])
    assert [table[at].tolist() for table in tables] == [[2.0, 0.0], [20.0, 0.0]]
    at[1] = 7
    assert [table[at].tolist() for table in tables] == [[2.0, 3.0], [20.0, 30.0]]
    assert [tables[1][-33], tables[1][7], tables[1][8]] == [30.0, 30.0, 0.0]


@costly
@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.lists(st.sampled_from([0.0, 1.0, 2.0, 3.0, 6.0]), min_size=1, max_size=3),
    st.booleans(),
    st.booleans(),
)
@example(["aa", "ab"], [], 2, 2, [1.0, 1.0, 0.0], True, False)  # a theta twice
def test_a_positions_figures_worked_out_alone_are_the_whole_tables(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    thetas: list[float], frequencies: bool, reverse: bool,
) -> None:
    """`explain` works out the tables' play only where one position's figures read it
    (`position_plays`: the plays out of the fragments it grows from and of those that grow
    from it): every position's figures, for every seat's decision table from it, are the
    whole tables' to the last bit."""
    found = random_game(entries, zipfs, min_length, players, frequencies, reverse)
    if found is None:
        return
    solution, array = found
    whole = infix_plays(solution, array, thetas)
    fragments = [f for d in range(solution.lexicon.longest + 1) for f in solution.fragments(d)]
    for fragment in [*fragments, "dd" * 4]:
        alone = position_plays(solution, array, thetas, fragment)
        assert [play.knows for play in alone] == thetas
        tables = [solution.decisions(fragment, seat) for seat in range(1, players + 1)
                  ] if fragment in fragments else [()]
        for rows in [*tables, ()]:
            assert [infix_position_odds(play, fragment, rows) for play in alone] == [
                infix_position_odds(play, fragment, rows) for play in whole], fragment


@pytest.mark.network
@pytest.mark.slow
def test_twl06_s_default_tables_worked_out_together_are_each_worked_out_alone() -> None:
    """TWL06 SuperGhost's five default tables (Zipf 2 to 4), together as a build works them
    out and one by one, float for float."""
    config = load_card_config(Path("configs/twl06-2p-superghost.yaml"))
    try:
        check_available(config.dictionary)
    except FetchError as error:
        pytest.skip(str(error))
    solution, traps = config_game(config, Lexicons())
    assert isinstance(solution, InfixSolution) and traps is not None
    thetas = TableRange.around(None).tables
    assert thetas == (2.0, 2.5, 3.0, 3.5, 4.0)
    for theta, play in zip(thetas, infix_plays(solution, traps.zipf, thetas), strict=True):
        assert_same_play(play, infix_play(solution, traps.zipf, theta))


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 3),
    st.booleans(),
)
def test_the_first_seat_s_rows_over_a_range_come_in_the_order_that_wins_most(
    entries: list[str], zipfs: list[int], min_length: int, players: int, reverse: bool,
) -> None:
    """Over a range of tables (Zipf 2, 3 and 4), the first seat's rows come in the order of
    what each adds to the mean win rate per character (each table's gain counted as often as
    it reaches the opening, which is always: the first seat's opening is the start), and each
    table's figure is its enumerated win rate with the rows so far."""
    words = {w for w in entries if len(w) >= min_length}
    if not words:
        return
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length, prefix_free=False), players,
                     reverse=reverse)
    array = np.array([float(zipf[w]) for w in solution.words])
    thetas = (2.0, 3.0, 4.0)
    plays = infix_plays(solution, array, thetas)
    (opening,) = seat_strategy(solution, 1).openings
    if not opening.decisions:
        return
    found = over_tables([odds(play, 1, [opening], True)[0:1] for play in plays])[0]
    found = with_row_order(plays, 1, opening.decisions, found)
    brutes = [BruteSuperPocket(words, players, zipf, theta, reverse=reverse) for theta in thetas]
    rows = opening.decisions
    assert [k for k, _ in found.rows] == [k for k, _ in found.tables[0].rows]
    printed = {rows[0].fragment: rows[0].play}
    for step, (k, _) in enumerate(found.rows):
        now = [1 - b.lose("", 1, printed) for b in brutes]
        ratio = {
            j: sum(1 - b.lose("", 1, printed | {r.fragment: r.play}) - n
                   for b, n in zip(brutes, now, strict=True)) / row_chars(r)
            for j, r in enumerate(rows) if r.fragment not in printed
        }
        best = max(float(x) for x in ratio.values())
        tie = TIE * best + 1e-15
        assert float(ratio[k]) >= best - tie
        printed[rows[k].fragment] = rows[k].play
        for b, table in zip(brutes, found.tables, strict=True):
            assert table.rows[step][1] == pytest.approx(float(1 - b.lose("", 1, printed)),
                                                        abs=CLOSE)


RANGES = (
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.lists(st.sampled_from([0.0, 2.0, 3.0, 6.0]), min_size=1, max_size=3),
    st.booleans(),
)
"""Entries, their Zipf frequencies, min length, players, a range's thetas, reversal."""


def random_plays(entries: list[str], zipfs: list[int], min_length: int, players: int,
                 thetas: list[float], reverse: bool, frequencies: bool = True,
                 ) -> tuple[InfixSolution, tuple[InfixPlay, ...]] | None:
    """`random_game` and how the tables of `thetas` play it (None where no word is long
    enough)."""
    found = random_game(entries, zipfs, min_length, players, frequencies, reverse)
    if found is None:
        return None
    solution, array = found
    return solution, infix_plays(solution, array, thetas)


@given(*RANGES, st.booleans())
def test_every_table_and_opening_walked_together_is_each_walked_alone(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    thetas: list[float], reverse: bool, frequencies: bool,
) -> None:
    """A card's figures walk every table and every opening's decision table at once
    (`tables_lose`, as `row_order` does): each is `table_lose` of that table and opening
    alone, to the last bit."""
    found = random_plays(entries, zipfs, min_length, players, thetas, reverse, frequencies)
    if found is None:
        return
    solution, plays = found
    for seat in range(1, players + 1):
        groups = [o.decisions for o in seat_strategy(solution, seat).openings if o.decisions]
        together = tables_lose(plays, seat, groups)
        assert together.shape == (len(plays), len(groups))
        alone = [[table_lose(play, seat, rows) for rows in groups] for play in plays]
        assert together.tobytes() == np.array(alone, dtype=np.float64).tobytes()


@given(*RANGES)
def test_a_table_walked_without_what_its_opening_never_reaches_is_the_same(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    thetas: list[float], reverse: bool,
) -> None:
    """The fragments a decision table's rows change are walked only where they hold the
    opening or its reverse (a game from the opening reaches no other): to the last bit,
    what each table loses from the opening is what a walk of every fragment inside the
    rows' fragments and their reverses gives."""
    found = random_plays(entries, zipfs, min_length, players, thetas, reverse)
    if found is None:
        return
    solution, plays = found

    def every(solution: InfixSolution, rows: list[Decision]) -> set[tuple[int, int]]:
        parts = {p for r in rows for n in range(len(rows[0].fragment), len(r.fragment) + 1)
                 for k in range(len(r.fragment) - n + 1)
                 for p in (r.fragment[k : k + n], r.fragment[k : k + n][::-1])}
        return {(len(p), solution.index(p)) for p in parts if solution.find(p) is not None}

    for seat in range(1, players + 1):
        for opening in seat_strategy(solution, seat).openings:
            if not opening.decisions:
                continue
            walked = [table_lose(play, seat, opening.decisions) for play in plays]
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(superpocket, "inside", every)
                assert [table_lose(play, seat, opening.decisions) for play in plays] == walked


@given(*RANGES, st.randoms(use_true_random=False))
def test_a_walk_worked_out_again_from_the_last_row_is_the_walk_worked_out_whole(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    thetas: list[float], reverse: bool, rng: Any,
) -> None:
    """`row_order` adds rows one at a time and works out again only the fragments a row's
    play can change (its fragment and those above it; the reach below it): to the last bit,
    each table's chances and reach are those of a walk with every chosen row from scratch."""
    found = random_plays(entries, zipfs, min_length, players, thetas, reverse)
    if found is None:
        return
    solution, plays = found
    for seat in range(1, players + 1):
        for opening in seat_strategy(solution, seat).openings:
            rows = opening.decisions
            if not rows:
                continue
            walks = Walks(plays, seat, [rows])
            chosen = np.zeros(len(rows), dtype=bool)
            chosen[0] = True
            values, reach, length = walks.values(chosen), walks.reach(chosen), None
            for row in rng.sample(range(1, len(rows)), len(rows) - 1):
                chosen[row] = True
                length = int(walks.depth[walks.at[row]])
                values = walks.values(chosen, values, row)
                reach = walks.reach(chosen, reach, length)
                assert values.tobytes() == walks.values(chosen).tobytes()
                assert reach.tobytes() == walks.reach(chosen).tobytes()


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.booleans(),
    st.booleans(),
)
def test_each_moves_weight_is_the_one_written_out_word_by_word(
    entries: list[str], zipfs: list[int], min_length: int, players: int, reverse: bool,
    suffixes: bool,
) -> None:
    """`offer_weights` walks the words' runs once (a run twice in a word, a palindrome, a
    run and its reverse in one word, nested tables), their ids from the words' suffixes the
    solver kept or, where it kept none (a game read back from the cache), a letter at a
    time: every table's weight of every move is the one written out from the strings, each
    word in turn adding its weight over the fragments it offers there, to the last bit."""
    found = random_game(entries, zipfs, min_length, players, True, reverse)
    if found is None:
        return
    solution, zipf = found
    assert solution.graph.suffixes
    if not suffixes:
        solution = replace(solution, graph=replace(solution.graph, suffixes=()))
    tables = [zipf >= theta for theta in (0.0, 2.0, 4.0)]
    weights = 10.0 ** zipf
    fast = offers.offer_weights(solution, np.arange(len(solution.words)), weights, tables)
    graph, words = solution.graph, set(solution.words)
    for d, level in enumerate(graph.levels):
        for e, (a, c) in enumerate(zip(level.parent, level.child, strict=True)):
            fragment, made = graph.string(d, int(a)), graph.string(d + 1, int(c))
            for table, mine in zip(tables, fast, strict=True):
                total = 0.0
                for word, weight, known in zip(solution.words, weights, table, strict=True):
                    offered = offered_by(word, fragment, reverse) - words
                    if known and made in offered:
                        total += weight / len(offered)
                assert mine[d][e] == total, (fragment, made)


def offered_by(word: str, fragment: str, reverse: bool) -> set[str]:
    """The runs a letter longer than `fragment` (or, with `reverse`, its reverse) around it
    in `word`."""
    found = set()
    for base in {fragment, fragment[::-1]} if reverse else {fragment}:
        for i in range(len(word) - len(base) + 1):
            if word[i:i + len(base)] == base:
                found |= {word[j:j + len(base) + 1] for j in (i - 1, i)
                          if 0 <= j and j + len(base) < len(word)}
    return found


@pytest.mark.parametrize("count", [1, 40])
def test_run_ids_are_minus_one_where_a_run_is_no_infix_of_the_game(count: int) -> None:
    """`offers._run_ids` gives each run of the words its infix id (`offers._ByPlace` spreads
    them over the text, two lengths held at a time), and -1 where the run
    leaves its word or is no infix of the game (a game read back from the cache holds its
    fragments alone): here the reversed words of a SuperGhost game, looked up a few at a
    time (a binary search) and many at a time (a table by key, kept from length to length)."""
    words = ["cat", "scat", "dog", "taco", "coda", "gods", "acts", "cast", "dots", "stoa"]
    solution = solve(playable_words(words, 3, prefix_free=False), 2)
    asked = [w[::-1] for w in words] * count
    laid = offers._Text(asked, solution.graph.letters)
    found = offers._run_ids(laid, solution)
    ids = offers._ByPlace(laid, found)
    text = "".join(asked)
    ends = np.cumsum([len(w) for w in asked])
    for length in range(1, len(found)):
        for p in range(len(text)):
            run = text[p:p + length]
            inside = p + length <= ends[np.searchsorted(ends, p, side="right")]
            want = solution.graph.find(run) if inside else None
            assert ids[length][p] == (-1 if want is None else want), (run, p)
    assert ids[4][0] == -1 and ids[3][0] == solution.graph.find("tac")  # "tacs", "tac"
