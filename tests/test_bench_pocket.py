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
from cardgen.games.solver import solve
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
            won = pocket.simulate(solution.words, index, players, seat, {}, card, GAMES, seat)
            error = math.sqrt(exact * (1.0 - exact) / GAMES)
            assert abs(won / GAMES - exact) <= 3 * max(error, 1e-9), (seat, card)
