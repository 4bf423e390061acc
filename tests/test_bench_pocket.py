"""bench/pocket.py's simulation, played straight from the rules, against the exact model
(`cardgen.cards.pocket`) on small dictionaries: the check bench/pocket.py makes on twl06-4p."""

from __future__ import annotations

import doctest
import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from cardgen.cards.pocket import casual_play, words_play
from cardgen.cards.strategy import seat_strategy
from cardgen.cards.superpocket import infix_play, table_lose
from cardgen.games.solver import solve
from cardgen.games.superghost import solve as solve_infix
from cardgen.words.lexicon import playable_words

GAMES = 20_000


def bench() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "bench" / "pocket.py"
    spec = importlib.util.spec_from_file_location("bench_pocket", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_examples() -> None:
    assert doctest.testmod(bench()).failed == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulation_matches_the_model(players: int) -> None:
    pocket = bench()
    rng = random.Random(players)
    words = sorted({"".join(rng.choice("abc") for _ in range(rng.randint(3, 7)))
                    for _ in range(60)})
    solution = solve(playable_words(words, 3), players)
    zipf = np.array([rng.uniform(2.0, 5.0) for _ in solution.words])
    play = casual_play(solution, zipf, 3.0)
    index = pocket.table_index(solution.words, list(zipf), 3.0)
    for seat in range(1, players + 1):
        printed = rng.sample(list(solution.words), 4)
        for card in ([], printed):
            exact = 1.0 - float(words_play(play, seat, card)[0][0])
            won = pocket.simulate(solution.words, index, players, seat,
                                  pocket.ghost_card({}, card), GAMES, seat)
            error = math.sqrt(exact * (1.0 - exact) / GAMES)
            assert abs(won / GAMES - exact) <= 3 * max(error, 1e-9), (seat, card)


@pytest.mark.parametrize(("players", "reverse"), [(2, False), (3, True)])
def test_infix_simulation_matches_the_model(players: int, reverse: bool) -> None:
    """The SuperGhost (and SuperDuperGhost) table played straight from the rules, with a
    seat holding each opening's decision table, against `superpocket`'s exact figures."""
    pocket = bench()
    rng = random.Random(players)
    words = sorted({"".join(rng.choice("abc") for _ in range(rng.randint(3, 6)))
                    for _ in range(40)})
    solution = solve_infix(playable_words(words, 3, prefix_free=False), players,
                           reverse=reverse)
    zipf = np.array([rng.uniform(2.0, 5.0) for _ in solution.words])
    play = infix_play(solution, zipf, 3.0)
    index = pocket.infix_index(solution.words, list(zipf), 3.0, reverse)
    for seat in range(1, players + 1):
        openings = seat_strategy(solution, seat).openings
        with_rows = [o for o in openings if o.decisions]
        tables = {o.fragment: {d.fragment: d.play for d in o.decisions} for o in with_rows}
        for card in ({}, tables):
            exact = 1.0 - sum(
                float(play.reaching(o.fragment)) * (
                    table_lose(play, seat, o.decisions) if o.fragment in card
                    else play.losing(o.fragment, seat))
                for o in openings)
            won = pocket.simulate(solution.words, index, players, seat, pocket.infix_card(card),
                                  GAMES, seat)
            error = math.sqrt(exact * (1.0 - exact) / GAMES)
            assert abs(won / GAMES - exact) <= 3 * max(error, 1e-9), (seat, len(card))
