"""`cardgen.cards.selection` against its rules written one opening at a time: the steps, their
order and every win rate bit for bit (numpy works them out for all openings at once, in the
same operations and the same order of summing)."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from cardgen.cards.odds import Odds, Wins
from cardgen.cards.selection import Step, Steps, cost, full, longest_run, pick, steps
from cardgen.cards.strategy import Opening, SeatStrategy
from cardgen.cards.winrates import figures
from cardgen.games.advice import Try


def plain_steps(seat: SeatStrategy, strip: bool, words: bool) -> list[Step]:
    """Each opening's steps along the upper hull of nothing, a letter alone and its words."""

    def slope(cost_a: int, gain_a: float, cost_b: int, gain_b: float) -> float:
        return math.inf if cost_b == cost_a else (gain_b - gain_a) / (cost_b - cost_a)

    found: list[Step] = []
    for place, opening in enumerate(seat.openings):
        odds = opening.odds
        if odds is None:
            continue
        start = cost(opening, "move", strip)
        move = odds.reach * (odds.letter_wins - odds.none) if odds.letter_wins >= odds.none \
            else None
        gain = None
        if words and odds.words is not None and odds.words >= max(odds.none, odds.letter_wins):
            gain = odds.reach * (odds.words - odds.none)
        if move is not None and gain is None:
            found.append(Step(slope(0, 0.0, start, move), place, "move"))
        elif move is not None and gain is not None and slope(0, 0.0, start, move) >= slope(
                start, move, cost(opening, "words"), gain):
            found += [Step(slope(0, 0.0, start, move), place, "move"),
                      Step(slope(start, move, cost(opening, "words"), gain), place, "words")]
        elif gain is not None:
            found.append(Step(slope(0, 0.0, cost(opening, "words"), gain), place, "words"))
    return sorted(found, key=lambda s: (-s.ratio, s.place, s.kind == "words"))


def plain_wins(seat: SeatStrategy) -> Wins:
    """1 - the sum, one opening after another, of reach x (1 - the rate from there)."""
    openings = seat.openings

    def rate(at: list[float]) -> float:
        lost = 0.0
        for o, w in zip(openings, at, strict=True):
            assert o.odds is not None
            lost += o.odds.reach * (1.0 - w)
        return 1.0 - lost

    odds = [o.odds for o in openings if o.odds is not None]
    card = [
        o.odds.words if kind == "words" and o.odds.words is not None
        else o.odds.letter_wins if kind == "move" and move == o.odds.letter
        else o.odds.full if kind == "move" else o.odds.none
        for o, (kind, move) in seat.entries() if o.odds is not None
    ]
    return Wins(rate([o.none for o in odds]), rate([o.full for o in odds]), rate(card),
                rate([max(o.none, o.letter_wins, o.words or 0.0) for o in odds]))


def random_seat(rng: random.Random, size: int, missing: bool = False) -> SeatStrategy:
    """Openings with random figures, ties among them on purpose (rates from a few values)."""
    rates = [0.0, 0.25, 0.5, 0.75, 1.0, rng.random(), rng.random()]
    openings = []
    for k in range(size):
        fragment = "".join(rng.choice("abc") for _ in range(rng.randint(1, 3))) + str(k)
        words = tuple(sorted(fragment + "x" + "y" * rng.randint(0, 4)
                             for _ in range(rng.randint(0, 3))))
        none, letter = rng.choice(rates), rng.choice(rates)
        won = rng.choice(rates) if words else None
        odds = Odds(rng.choice([0.0, 0.01, rng.random() / size]), none, won, rng.choice("xyz"),
                    letter, won if won is not None else letter)
        best_try = None if words or rng.random() < 0.3 else Try("q", 1, 2)
        openings.append(Opening(fragment, (1,), ("x",) if words else (), words, best_try,
                                odds=None if missing and rng.random() < 0.2 else odds))
    return SeatStrategy(3, tuple(openings))


@pytest.mark.parametrize("seed", range(12))
def test_steps_and_picks_match_the_plain_rules_bit_for_bit(seed: int) -> None:
    rng = random.Random(seed)
    seat = random_seat(rng, rng.choice([1, 5, 40, 300]))
    for strip in (False, True):
        for words in (False, True):
            found = steps(seat, strip=strip, words=words)
            assert isinstance(found, Steps)
            assert list(found) == plain_steps(seat, strip, words)
            for k in sorted({0, 1, len(found) // 2, len(found)}):
                chosen = pick(seat, found[:k])
                assert chosen == pick(seat, list(found)[:k])  # a plain list of steps alike
                assert chosen.wins == plain_wins(chosen)
                assert chosen.openings is seat.openings  # the openings are not copied
                again = pick(chosen, found[: k // 2])  # a seat already picked, picked again
                assert again == pick(seat, found[: k // 2])
    whole = full(seat)
    assert whole.wins == plain_wins(whole) == figures(whole)


def test_a_seat_with_openings_without_figures_has_steps_and_no_wins() -> None:
    seat = random_seat(random.Random(5), 60, missing=True)
    assert any(o.odds is None for o in seat.openings)
    found = steps(seat)
    assert list(found) == plain_steps(seat, False, True)
    assert pick(seat, found).wins is None
    assert figures(seat) is None


def test_steps_read_as_a_sequence() -> None:
    seat = random_seat(random.Random(3), 30)
    found = steps(seat)
    listed = plain_steps(seat, False, True)
    assert len(found) == len(listed)
    assert (found[0], found[-1]) == (listed[0], listed[-1])
    assert type(found[0].ratio) is float and type(found[0].place) is int
    assert list(found[2:5]) == listed[2:5]
    assert repr(found[:1]) == f"Steps([{listed[0]!r}])"
    assert list(steps(SeatStrategy(1, ()))) == []


def at_tables(fragment: str, rates: list[tuple[float, float]], words: tuple[str, ...] = ()
              ) -> Opening:
    """An opening reached in half the games, whose letter alone x wins `rates[t][1]` at table
    t where nothing wins `rates[t][0]`, over as many tables as `rates` has; its words (where
    it has any) win every game."""
    tables = tuple(
        Odds(0.5, none, 1.0 if words else None, "x", letter, letter, top=letter)
        for none, letter in rates
    )
    mean = Odds(
        0.5, sum(t.none for t in tables) / len(tables), 1.0 if words else None, "x",
        sum(t.letter_wins for t in tables) / len(tables),
        sum(t.full for t in tables) / len(tables), tables=tables,
    )
    return Opening(fragment, (1,), ("x",) if words else (), words, odds=mean)


def test_no_step_takes_a_table_below_nothing() -> None:
    """Over three tables, b's letter wins 2/3 of its games on the mean where nothing wins 1/2,
    but loses every game at the first table: alone it would take that table's figure below
    nothing's, so it is left out; with a's letter first (which wins every game there), it is
    kept, and no run of the steps takes any table below nothing."""
    b = at_tables("b", [(0.5, 0.0), (0.5, 1.0), (0.5, 1.0)])
    alone = steps(SeatStrategy(3, (b,)))
    assert list(alone) == []
    a = at_tables("a", [(0.5, 1.0), (0.5, 0.6), (0.5, 0.6)])
    both = steps(SeatStrategy(3, (a, b)))
    assert [(s.place, s.kind) for s in both] == [(0, "move"), (1, "move")]
    for run in range(len(both) + 1):
        seat = pick(SeatStrategy(3, (a, b)), both[:run])
        assert all(w.card >= w.none for w in seat.wins_by_table)
    assert [w.card for w in pick(SeatStrategy(3, (a, b)), both).wins_by_table] == [
        pytest.approx(0.5), pytest.approx(0.8), pytest.approx(0.8)]


def test_a_forced_deck_prints_words_that_win_no_more_last_by_reach() -> None:
    """Against perfect players, words that win no more than the letter alone (every game, at
    every table) still come, after every step that raises the mean, the most reached
    first; a deck for a casual table keeps them in the fragment's order."""
    def won(fragment: str, reach: float) -> Opening:
        opening = at_tables(fragment, [(0.5, 1.0), (0.5, 1.0)], (fragment + "xyz",))
        assert opening.odds is not None
        return dataclasses.replace(opening, odds=dataclasses.replace(
            opening.odds, reach=reach,
            tables=tuple(dataclasses.replace(t, reach=reach) for t in opening.odds.tables)))

    seat = SeatStrategy(3, (won("a", 0.1), won("b", 0.3), won("c", 0.2)))
    forced = [(s.place, s.kind) for s in steps(seat, forced=True)]
    assert forced[3:] == [(1, "words"), (2, "words"), (0, "words")]
    assert [(s.place, s.kind) for s in steps(seat)][3:] == [
        (0, "words"), (1, "words"), (2, "words")]


def test_a_search_from_a_guess_finds_the_galloping_search_s_run() -> None:
    """`longest_run` from any guess finds the k the galloping search finds, for every `fits`
    that holds up to some k and not after (issue 39, item 1), and a guess at the cut asks
    at most twice: there (nothing is taken to fit) and one step on (unless all are there)."""
    for count in range(0, 41):
        for cut in range(0, count + 1):
            asked: list[int] = []

            def fits(k: int, cut: int = cut, asked: list[int] = asked) -> bool:
                asked.append(k)
                return k <= cut

            assert longest_run(count, fits) == cut
            for guess in range(-2, count + 3):
                asked.clear()
                assert longest_run(count, fits, guess=guess) == cut, (count, cut, guess)
            asked.clear()
            longest_run(count, fits, guess=cut)
            assert len(asked) == (cut > 0) + (cut < count)
