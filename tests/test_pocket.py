"""The pocket cards' casual table (docs/rules.md, "What a card wins at a casual table"): the
fast passes of `cardgen.cards.pocket` against every game enumerated on small random dictionaries,
and the figures an independent check found on TWL06."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from bruteforce import BruteGhost, playable
from bruteforce_pocket import BrutePocket, Entry
from conftest import costly
from hypothesis import example, given
from hypothesis import strategies as st
from test_hypothesis import words_strategy

from cardgen.cards.odds import Odds
from cardgen.cards.openings import odds, range_odds
from cardgen.cards.pocket import CasualPlay, casual_play, casual_plays, words_play
from cardgen.cards.ranges import over_tables
from cardgen.cards.selection import fitting, pick, steps
from cardgen.cards.strategy import NOTHING, Opening, Printed, SeatStrategy, seat_strategy
from cardgen.cards.winrates import figures, table_wins
from cardgen.games.opponent import TableRange
from cardgen.games.solver import Solution, solve
from cardgen.words.lexicon import playable_words

CLOSE = 1e-9


def fast_and_brute(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    frequencies: bool,
) -> tuple[BrutePocket, BruteGhost, dict[int, list[Opening]]] | None:
    words = playable(entries, min_length)
    if not words:
        return None
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length), players)
    array = np.array([float(zipf[w]) for w in solution.words]) if frequencies else None
    play = casual_play(solution, array, knows)
    seats = {seat: with_figures(solution, seat, play) for seat in range(1, players + 1)}
    brute = BrutePocket(words, players, zipf if frequencies else None, knows)
    return brute, BruteGhost(words, players), seats


def with_figures(solution: Solution, seat: int, play: CasualPlay) -> list[Opening]:
    """The seat's openings, each with its figures at the table."""
    openings = seat_strategy(solution, seat).openings
    found = odds(play, seat, openings)
    return [replace(o, odds=f) for o, f in zip(openings, found, strict=True)]


def letters_allowed(game: BruteGhost, fragment: str, seat: int) -> list[str]:
    """The letters a card may print alone (docs/rules.md): the winning ones where the seat
    wins against perfect players, else those that begin a longer word, else all."""
    children = game.children(fragment)
    return (
        game.winning_moves(fragment, seat)
        or [x for x in children if fragment + x not in game.words]
        or children
    )


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from([0.0, 2.0, 3.0, 4.5, 6.0]),
    st.booleans(),
)
# Both first letters lose for sure, and c's rate came out 1e-16 above a's 0: a was not printed.
@example(['aaa', 'caa', 'cba', 'cca'], [0, 0, 2], 2, 2, 0.0, True)
def test_each_openings_figures_are_the_enumerated_ones(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    frequencies: bool,
) -> None:
    found = fast_and_brute(entries, zipfs, min_length, players, knows, frequencies)
    if found is None:
        return
    brute, game, seats = found
    for seat, openings in seats.items():
        assert [o.fragment for o in openings] == game.openings(seat)
        for opening in openings:
            o, f = opening.odds, opening.fragment
            assert o is not None
            assert o.reach == pytest.approx(float(brute.reach(f)), abs=CLOSE)
            assert o.none == pytest.approx(float(1 - brute.lose(f, seat, {})), abs=CLOSE)
            with_words = None
            if opening.words:
                with_words = 1 - brute.lose(f, seat, {f: ("words", opening.words)})
                assert o.words == pytest.approx(float(with_words), abs=CLOSE)
            else:
                assert o.words is None
            alone = {
                x: 1 - brute.lose(f, seat, {f: ("letter", x)})
                for x in letters_allowed(game, f, seat)
            }
            best = max(alone.values())
            # The best letter, ties alphabetical; the figures are floats, so a letter whose
            # exact rate is below the best by less than float noise may be taken for it
            # (found: 0.99990001999600 against 0.99990001999700 on a four-player list).
            near = [x for x, wins in alone.items() if float(best - wins) <= CLOSE]
            assert o.letter in near
            assert o.letter == min(near) or alone[o.letter] != alone[min(near)]
            assert o.letter_wins == pytest.approx(float(best), abs=CLOSE)
            full = opening.full_move
            expected = with_words if with_words is not None else (
                1 - brute.lose(f, seat, {f: ("letter", full)}) if full is not None
                else 1 - brute.lose(f, seat, {})
            )
            assert o.full == pytest.approx(float(expected), abs=CLOSE)


@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from([0.0, 3.0, 6.0]),
    st.data(),
)
def test_a_cards_win_rate_is_the_enumerated_one(
    entries: list[str], zipfs: list[int], min_length: int, players: int, knows: float,
    data: st.DataObject,
) -> None:
    """Any mix of entries, seat by seat: the openings' figures add up to the holder's win
    rate over every game (openings are played apart)."""
    found = fast_and_brute(entries, zipfs, min_length, players, knows, True)
    if found is None:
        return
    brute, _, seats = found
    for seat, openings in seats.items():
        card: dict[str, Entry] = {}
        lose = 0.0
        for opening in openings:
            o = opening.odds
            assert o is not None
            kinds = ["none", "letter"] + (["words"] if opening.words else [])
            kind = data.draw(st.sampled_from(kinds))
            if kind == "letter":
                card[opening.fragment] = ("letter", o.letter)
            elif kind == "words":
                card[opening.fragment] = ("words", opening.words)
            wins = {"none": o.none, "letter": o.letter_wins, "words": o.words}[kind]
            assert wins is not None
            lose += o.reach * (1 - wins)
        expected = brute.wins(seat, card, [o.fragment for o in openings])
        assert 1 - lose == pytest.approx(float(expected), abs=CLOSE)


def test_a_small_game_exactly() -> None:
    """Words cat, cow, dog, deer (3+ letters, two players), all known alike: the first seat
    opens c or d, each two times in four (two words each), and completes cat or cow after c;
    after d the second seat plays o (the first completes dog) or e (the first plays e, deer is
    the second's), each half the time. No forced win: the card's letter is d, its best try."""
    solution = solve(playable_words(["cat", "cow", "dog", "deer"], 3), 2)
    play = casual_play(solution, None)
    (first,) = with_figures(solution, 1, play)
    assert first.words == ()
    assert first.full_move == "d"
    assert first.odds == Odds(
        reach=1.0, none=0.25, words=None, letter="d", letter_wins=0.5, full=0.5
    )
    second = with_figures(solution, 2, play)
    assert [(o.fragment, o.odds.reach if o.odds else None) for o in second] == [
        ("c", 0.5), ("d", 0.5)
    ]
    brute = BrutePocket({"cat", "cow", "dog", "deer"}, 2, None, 3.0)
    assert brute.wins(1, {}, [""]) == Fraction(1, 4)
    assert brute.wins(1, {"": ("letter", "d")}, [""]) == Fraction(1, 2)


@given(entries=words_strategy, zipfs=st.lists(st.integers(0, 5), max_size=30),
       min_length=st.integers(2, 4), players=st.integers(2, 4), data=st.data())
def test_a_subtrees_words_figures_are_the_whole_games(
    entries: list[str], zipfs: list[int], min_length: int, players: int, data: st.DataObject,
) -> None:
    """`words_play` within one fragment (what `cardgen explain` asks) gives, float for float,
    the figures of the whole game's pass at every fragment below it, for any printed words."""
    if not playable(entries, min_length):
        return
    solution = solve(playable_words(entries, min_length), players)
    count = len(solution.words)
    zipf = np.array([float(zipfs[i % len(zipfs)]) for i in range(count)]) if zipfs else None
    play = casual_play(solution, zipf, 3.0)
    printed = data.draw(st.lists(st.sampled_from(solution.words), max_size=4))
    seat = data.draw(st.integers(1, players))
    whole = words_play(play, seat, printed)
    for d in range(len(solution.levels)):
        for fragment in solution.fragments(d):
            part = words_play(play, seat, printed, fragment)
            assert all(len(part[e]) == 0 for e in range(d))
            assert part[d].tolist() == [whole[d][solution.index(fragment)]], fragment
            for e in range(d + 1, len(whole)):  # its subtree, in order
                below = [i for i, f in enumerate(solution.fragments(e)) if f.startswith(fragment)]
                assert part[e].tolist() == [whole[e][i] for i in below], (fragment, e)


RANGES = [(2.0, 4.0), (1.0, 3.0), (-0.5, 1.0), (3.0, 3.0), (0.0, 6.0), (2.2, 3.0)]
"""Ranges of tables (docs/rules.md, "A range of tables"): the default, others, one reaching below
Zipf 0, a single table, the widest allowed, and one whose last step is short."""


def range_figures(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    ends: tuple[float, float],
) -> tuple[Solution, TableRange, list[BrutePocket], BruteGhost, dict[int, list[Opening]]] | None:
    """The openings of every seat with their figures over the range `ends`, and the tables
    enumerated."""
    words = playable(entries, min_length)
    if not words:
        return None
    zipf = dict(zip(sorted(words), zipfs + [0] * len(words), strict=False))
    solution = solve(playable_words(entries, min_length), players)
    array = np.array([float(zipf[w]) for w in solution.words])
    tables = TableRange(*ends)
    plays = casual_plays(solution, array, tables)
    seats = {}
    for seat in range(1, players + 1):
        openings = seat_strategy(solution, seat).openings
        found = range_odds(plays, seat, openings)
        # The generic combination of each table's figures (the variants') says the same.
        generic = over_tables([odds(play, seat, openings, len(plays) > 1) for play in plays])
        assert [f.letter for f in found] == [g.letter for g in generic]
        for f, g in zip(found, generic, strict=True):
            assert f.reach == pytest.approx(g.reach, abs=CLOSE)
            assert f.letter_wins == pytest.approx(g.letter_wins, abs=CLOSE)
        seats[seat] = [replace(o, odds=f) for o, f in zip(openings, found, strict=True)]
    brutes = [BrutePocket(words, players, zipf, theta) for theta in tables.tables]
    return solution, tables, brutes, BruteGhost(words, players), seats


@costly
@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from(RANGES),
)
def test_each_openings_figures_over_a_range_are_the_enumerated_ones(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    ends: tuple[float, float],
) -> None:
    """At every table of the range, each opening's figures are the enumerated ones; the letter
    alone is the candidate that wins most over the tables (reach x rate added up; ties
    alphabetical), and the range's own figures are the mean reach and the rates weighted by
    reach."""
    found = range_figures(entries, zipfs, min_length, players, ends)
    if found is None:
        return
    _, tables, brutes, game, seats = found
    count = len(tables.tables)
    for seat, openings in seats.items():
        for opening in openings:
            o, f = opening.odds, opening.fragment
            assert o is not None
            per = o.tables or (o,)
            assert len(per) == (count if count > 1 else 1)
            allowed = letters_allowed(game, f, seat)
            reach = [b.reach(f) for b in brutes]
            none = [1 - b.lose(f, seat, {}) for b in brutes]
            alone = [{x: 1 - b.lose(f, seat, {f: ("letter", x)}) for x in allowed}
                     for b in brutes]
            score = {x: sum(r * a[x] for r, a in zip(reach, alone, strict=True))
                     for x in allowed}
            best = max(score.values())
            near = [x for x in allowed if float(best - score[x]) <= CLOSE]
            assert o.letter in near
            assert o.letter == min(near) or score[o.letter] != score[min(near)]
            words = [1 - b.lose(f, seat, {f: ("words", opening.words)}) for b in brutes] \
                if opening.words else None
            for t, table in enumerate(per):
                assert table.letter == o.letter
                assert table.reach == pytest.approx(float(reach[t]), abs=CLOSE)
                assert table.none == pytest.approx(float(none[t]), abs=CLOSE)
                assert table.letter_wins == pytest.approx(float(alone[t][o.letter]), abs=CLOSE)
                top = table.letter_wins if table.top is None else table.top
                assert top == pytest.approx(float(max(alone[t].values())), abs=CLOSE)
                if words is None:
                    assert table.words is None
                else:
                    assert table.words == pytest.approx(float(words[t]), abs=CLOSE)
            total = sum(reach)
            assert o.reach == pytest.approx(float(total / len(brutes)), abs=CLOSE)
            if total > 0 and count > 1:
                def mean(values: list[Fraction], reach: list[Fraction] = reach,
                         total: Fraction = Fraction(total)) -> float:
                    return float(sum(r * v for r, v in zip(reach, values, strict=True)) / total)

                assert o.none == pytest.approx(mean(none), abs=CLOSE)
                assert o.letter_wins == pytest.approx(
                    mean([a[o.letter] for a in alone]), abs=CLOSE)
                if words is not None:
                    assert o.words == pytest.approx(mean(words), abs=CLOSE)


@costly
@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 4),
    st.sampled_from(RANGES),
    st.data(),
)
def test_a_cards_win_rate_at_each_table_is_the_enumerated_one(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    ends: tuple[float, float], data: st.DataObject,
) -> None:
    """Any mix of entries, seat by seat: the seat's win rates at each table of the range
    (`SeatStrategy.wins_by_table`: none, card, full, best) are the enumerated ones, and
    `wins` is the middle table's."""
    found = range_figures(entries, zipfs, min_length, players, ends)
    if found is None:
        return
    _, tables, brutes, game, seats = found
    for seat, openings in seats.items():
        card: dict[str, Entry] = {}
        marked = []
        for opening in openings:
            o = opening.odds
            assert o is not None
            kinds = ["none", "letter"] + (["words"] if opening.words else [])
            kind = data.draw(st.sampled_from(kinds))
            if kind == "letter":
                card[opening.fragment] = ("letter", o.letter)
                marked.append(Printed("move", o.letter))
            elif kind == "words":
                card[opening.fragment] = ("words", opening.words)
                marked.append(Printed("words", opening.play))
            else:
                marked.append(NOTHING)
        fragments = [o.fragment for o in openings]
        strategy = SeatStrategy(seat, tuple(openings), choices=tuple(marked))
        by_table = table_wins(strategy)
        if not openings:  # no figures for a seat that never moves
            assert by_table == ()
            continue
        assert len(by_table) == len(brutes)
        for wins, brute in zip(by_table, brutes, strict=True):
            assert wins.card == pytest.approx(float(brute.wins(seat, card, fragments)), abs=CLOSE)
            assert wins.none == pytest.approx(float(brute.wins(seat, {}, fragments)), abs=CLOSE)
            whole: dict[str, Entry] = {
                o.fragment: ("words", o.words) if o.words else ("letter", str(o.full_move))
                for o in openings if o.full_move is not None
            }
            assert wins.full == pytest.approx(float(brute.wins(seat, whole, fragments)),
                                              abs=CLOSE)
            best = 1 - sum(
                brute.reach(f) * min(
                    [brute.lose(f, seat, {})]
                    + [brute.lose(f, seat, {f: ("letter", x)})
                       for x in letters_allowed(game, f, seat)]
                    + ([brute.lose(f, seat, {f: ("words", o.words)})] if o.words else [])
                )
                for f, o in zip(fragments, openings, strict=True)
            )
            assert wins.best == pytest.approx(float(best), abs=CLOSE)
        assert figures(strategy) == by_table[tables.middle_index if len(brutes) > 1 else 0]


@costly
@given(
    words_strategy,
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(2, 4),
    st.integers(2, 5),
    st.sampled_from(RANGES),
    st.booleans(),
    st.data(),
)
def test_no_run_of_steps_wins_less_than_nothing_at_any_table(
    entries: list[str], zipfs: list[int], min_length: int, players: int,
    ends: tuple[float, float], forced: bool, data: st.DataObject,
) -> None:
    """Whatever room a deck has (any run of the steps, any steps passed over as `fitting`
    passes them, whatever fits): at every table the card wins at least as often as printing
    nothing, and a forced deck's idle words come last, by reach."""
    found = range_figures(entries, zipfs, min_length, players, ends)
    if found is None:
        return
    for seat, openings in found[4].items():
        strategy = SeatStrategy(seat, tuple(openings))
        order = steps(strategy, strip=seat == 2, forced=forced)
        run = data.draw(st.integers(0, len(order)))
        passed = fitting(order, lambda chosen: data.draw(st.booleans()))
        for chosen in (order[:run], passed):
            for wins in pick(strategy, chosen).wins_by_table:
                assert wins.card >= wins.none - 1e-12
        tail = [k for k in range(len(order)) if order.words[k] and order.ratio[k] <= 0]
        if forced and tail:
            reach = [o.reach for k in tail if (o := openings[order.place[k]].odds) is not None]
            assert tail == list(range(len(order) - len(tail), len(order)))
            assert reach == sorted(reach, reverse=True)
