"""`cardgen.cards.selection` against its rules written one opening at a time: the steps, their
order and every win rate bit for bit (numpy works them out for all openings at once, in the
same operations and the same order of summing)."""

from __future__ import annotations

import math
import random

import pytest

from cardgen.cards.selection import Step, Steps, cost, figures, full, pick, steps
from cardgen.cards.strategy import Odds, Opening, SeatStrategy, Wins
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


def plain_wins(openings: tuple[Opening, ...]) -> Wins:
    """1 - the sum, one opening after another, of reach x (1 - the rate from there)."""

    def rate(at: list[float]) -> float:
        lost = 0.0
        for o, w in zip(openings, at, strict=True):
            assert o.odds is not None
            lost += o.odds.reach * (1.0 - w)
        return 1.0 - lost

    odds = [o.odds for o in openings if o.odds is not None]
    card = [
        o.odds.words if o.printed == "words" and o.odds.words is not None
        else o.odds.letter_wins if o.printed == "move" and o.printed_move == o.odds.letter
        else o.odds.full if o.printed == "move" else o.odds.none
        for o in openings if o.odds is not None
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
                assert chosen.wins == plain_wins(chosen.openings)
                again = pick(chosen, found[: k // 2])  # a seat already picked, picked again
                assert again.openings == pick(seat, found[: k // 2]).openings
    whole = full(seat)
    assert whole.wins == plain_wins(whole.openings) == figures(whole.openings)


def test_a_seat_with_openings_without_figures_has_steps_and_no_wins() -> None:
    seat = random_seat(random.Random(5), 60, missing=True)
    assert any(o.odds is None for o in seat.openings)
    found = steps(seat)
    assert list(found) == plain_steps(seat, False, True)
    assert pick(seat, found).wins is None
    assert figures(seat.openings) is None


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
