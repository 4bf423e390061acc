"""The stored SuperGhost and SuperDuperGhost games (issue 27, item 4): a warm `cardgen play` of a
variant reads its store without numpy or the solver and plays the very games the full path
plays; a bad store is a miss; the store answers what the solved game answers at every fragment."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from conftest import CONFIGS, DATA, costly
from hypothesis import given
from hypothesis import strategies as st
from test_play_stored import (
    DAMAGES,
    a_bad_store_is_a_miss,
    play,
    played_after_a_build,
    same_games,
)
from test_superghost import words_strategy
from typer.testing import CliRunner

from cardgen.games.advice import best_try
from cardgen.games.casual import casual
from cardgen.games.computer import known_game
from cardgen.games.planes import infix_game, stored_game
from cardgen.games.storedinfix import read_infix_game
from cardgen.games.superghost import solve
from cardgen.games.traps import thresholds
from cardgen.render.explorer import infix_planes
from cardgen.words.lexicon import playable_words

SUPER = str(DATA / "animals-superghost.yaml")
DUPER = str(DATA / "animals-superduperghost-casual.yaml")  # a casual table: `knows: 3`
THREE = "dictionary: animals.txt\nplayers: 3\nmin_length: 3\ngame: {game}\n"

# (config, options, what the person types): seats, seeds, hints and `?`, moves typed wrong, a
# challenge each way, a word named when the table challenges (one that counts, one that does
# not), casual tables from the config and from --knows, perfect players by --perfect; three
# players in both variants (a game's name: the animals list as that game for three).
GAMES = [
    *((SUPER, options, typed) for options, typed in [
        (["--seed", "2", "--hints"], "i\nb\n~b-\nxyz\n-l\ne-\n"),
        (["--seed", "0", "--hints"], "?\ne\n-a\n!\n"),
        (["--seed", "3"], "b\n-e\n-e\n-r\n"),
        (["--seat", "2", "--seed", "1", "--hints"], "?\nr-\n-t\nquit\n"),
        (["--seat", "2", "--seed", "4"], "-a\n!\n"),
        (["--knows", "3", "--seed", "1", "--hints"], "i-\ngerbil\n"),
        (["--knows", "3", "--seed", "1"], "i-\ncat\n"),
        (["--knows", "4", "--seat", "2", "--seed", "3", "--hints"], "?\n-a\n!\n"),
        (["--knows", "0", "--seed", "5", "--hints"], "g\n-a\n-r\n"),
    ]),
    *((DUPER, options, typed) for options, typed in [
        (["--seed", "0", "--hints"], "g\n?\n~-e\n-r\n-b\n"),
        (["--seed", "1"], "z\ncamel\n"),
        (["--perfect", "--seed", "4", "--hints"], "a\n-n\n!\n"),
        (["--seat", "2", "--seed", "5", "--hints"], "?\n~e-\n-t\nbeaver\n"),
        (["--knows", "5", "--seat", "2", "--seed", "2", "--hints"], "?\n-e\ngnu\n"),
    ]),
    *((game, options, typed) for game in ["superghost", "superduperghost"] for options, typed in [
        (["--seed", "0", "--hints"], "?\ng\n-a\n-n\n!\n"),
        (["--seat", "3", "--seed", "1", "--hints"], "?\n-e\n-r\n!\n"),
        (["--seat", "2", "--knows", "3", "--seed", "2", "--hints"], "?\n-e\n-a\nbeaver\n"),
    ]),
]


def test_a_warm_variant_play_imports_neither_numpy_nor_the_solver(folder: Path) -> None:
    cold, imported = play("b\n-e\n-e\n", SUPER, "--seed", "3")
    assert imported[:2] == ["numpy", "cardgen.games.solver"]
    assert "You lose: you completed bee." in cold
    assert play("b\n-e\n-e\n", SUPER, "--seed", "3") == (cold, [])
    casual_game, imported = play("z\ncamel\n", DUPER, "--seed", "1")
    assert imported[:2] == ["numpy", "cardgen.games.solver"]
    assert play("z\ncamel\n", DUPER, "--seed", "1") == (casual_game, [])
    assert len(list(folder.glob("play-*.entry"))) == 2


def test_a_build_stores_the_variant_game_of_the_configs_table(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    printed = played_after_a_build(folder, runner, tmp_path, DUPER, "g\n", "--seed", "0")
    assert printed[3] == "(start)     your play: g"


@pytest.mark.parametrize(("config", "options", "typed"), GAMES)
def test_the_stored_variant_plays_the_full_paths_games(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
    write_config: Callable[..., Path], config: str, options: list[str], typed: str,
) -> None:
    players = 2
    if config in ("superghost", "superduperghost"):  # the animals for three players
        config, players = str(write_config(THREE.format(game=config))), 3
    printed = same_games(runner, monkeypatch, config, options, typed)
    assert f"of {players}." in printed.splitlines()[0]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_bad_variant_store_is_a_miss_and_is_written_again(
    folder: Path, runner: CliRunner, damage: str
) -> None:
    options = ["--seed", "0", "--hints"]
    a_bad_store_is_a_miss(folder, runner, DUPER, 3.0, options, "g\n?\n~-e\n-r\n", damage)


ZIPF = st.sampled_from([0.0, 1.0, 1.5, 2.5, 3.0, 4.0])


@given(words=words_strategy, zipfs=st.lists(ZIPF, max_size=12), min_length=st.integers(2, 3),
       players=st.integers(2, 3), reverse=st.booleans(),
       knows=st.sampled_from([None, 0.5, 1.0, 2.0, 3.5]))
def test_the_stored_variant_answers_what_the_solved_game_answers(
    words: list[str], zipfs: list[float], min_length: int, players: int, reverse: bool,
    knows: float | None,
) -> None:
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    solution = solve(lexicon, players, reverse=reverse)
    zipf = np.array((zipfs + [0.0] * len(lexicon.words))[: len(lexicon.words)])
    traps = thresholds(solution, zipf)
    stored = read_infix_game(stored_game(solution, traps, knows), solution.game)
    game, escapes = stored.solution, stored.traps
    assert escapes is not None
    table = None if knows is None else casual(traps, knows)
    known = None if knows is None else known_game(traps, knows)
    assert (stored.table is None, stored.known is None) == (table is None, known is None)
    fragments = [f for d in range(lexicon.longest + 1) for f in solution.fragments(d)]
    outside = {x + f for f in fragments for x in lexicon.letters} - set(fragments)
    assert all(game.find(f) is None for f in outside)
    seats = range(1, players + 1)
    for f in fragments:
        assert (game.is_word(f), game.losers(f), game.children(f), game.shortest_word(f)) == (
            solution.is_word(f), solution.losers(f), solution.children(f),
            solution.shortest_word(f)), f
        for seat in seats:
            assert (game.winning_moves(f, seat), game.winning_words(f, seat),
                    game.decisions(f, seat)) == (
                solution.winning_moves(f, seat), solution.winning_words(f, seat),
                solution.decisions(f, seat)), (f, seat)
            assert (escapes.threshold(f, seat), escapes.escape_word(f, seat)) == (
                traps.threshold(f, seat), traps.escape_word(f, seat)), (f, seat)
        assert best_try(game, f, escapes) == best_try(solution, f, traps), f
        if table is not None:
            assert stored.table is not None
            assert stored.table.trap(f) == table.trap(f), f
            for seat in seats:
                assert (stored.table.winning_words(f, seat), stored.table.decisions(f, seat),
                        stored.table.winning_moves(f, seat)) == (
                    table.winning_words(f, seat), table.decisions(f, seat),
                    table.winning_moves(f, seat)), (f, seat)
        if known is not None:
            assert stored.known is not None
            held = known.find(f) is not None
            assert (stored.known.find(f) is not None) == held, f
            if held:
                assert (stored.known.losers(f), stored.known.children(f),
                        stored.known.winning_moves(f), stored.known.shortest_word(f)) == (
                    known.losers(f), known.children(f), known.winning_moves(f),
                    known.shortest_word(f)), f


@costly
@given(words=words_strategy, zipfs=st.lists(ZIPF, max_size=12), min_length=st.integers(2, 3),
       players=st.integers(2, 3), reverse=st.booleans(), frequencies=st.booleans())
def test_the_solved_variant_is_rebuilt_from_its_store(
    words: list[str], zipfs: list[float], min_length: int, players: int, reverse: bool,
    frequencies: bool,
) -> None:
    """The store is the one copy the cache keeps of a variant's game (issue 35, item 8):
    `infix_game` rebuilds the solved game from it, its graph the solver's fragments (numbered
    among themselves: SuperDuperGhost's solver also numbers the infixes found only reversed),
    each fragment's letters, moves in the solver's order, loser sets and thresholds, so it
    answers alike at every fragment."""
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    solution = solve(lexicon, players, reverse=reverse)
    zipf = np.array((zipfs + [0.0] * len(lexicon.words))[: len(lexicon.words)])
    traps = thresholds(solution, zipf) if frequencies else None
    stored = read_infix_game(stored_game(solution, traps, None), solution.game)
    game, escapes = infix_game(stored)
    assert (game.lexicon, game.players, game.reverse) == (
        solution.lexicon, solution.players, solution.reverse)
    levels, again = solution.graph.levels, game.graph.levels
    assert len(again) == len(levels)
    number = [np.cumsum(level.fragment) - 1 for level in levels]
    for d, (level, rebuilt) in enumerate(zip(levels, again, strict=True)):
        kept = level.fragment
        assert rebuilt.fragment.all() and np.array_equal(rebuilt.leaf, level.leaf[kept])
        assert [game.graph.string(d, i) for i in range(len(rebuilt))] == [
            solution.graph.string(d, int(i)) for i in np.flatnonzero(kept)]
        assert np.array_equal(game.losers_by_length[d], solution.losers_by_length[d][kept])
        assert (rebuilt.parent.tolist(), rebuilt.child.tolist()) == (
            number[d][level.parent].tolist(),
            number[d + 1][level.child].tolist() if len(level.child) else [])  # in order
        for seat in range(1, players + 1):
            assert np.array_equal(game.costs(seat)[d], solution.costs(seat)[d][kept])
            if traps is not None:
                assert escapes is not None
                assert np.array_equal(escapes.escape[seat - 1][d], traps.escape[seat - 1][d][kept])
        if traps is not None:
            assert escapes is not None and np.array_equal(escapes.best[d], traps.best[d][kept])
    assert (escapes is None) == (traps is None)
    assert game.nodes == solution.nodes
    assert infix_planes(game, zipf) == infix_planes(solution, zipf)  # the site's explorer
    fragments = [f for d in range(lexicon.longest + 1) for f in solution.fragments(d)]
    for f in fragments:
        assert (game.find(f) is None, game.children(f)) == (False, solution.children(f)), f
        for seat in range(1, players + 1):
            assert (game.decisions(f, seat), game.winning_words(f, seat)) == (
                solution.decisions(f, seat), solution.winning_words(f, seat)), (f, seat)
        if traps is not None and escapes is not None:
            assert escapes.first_known(f) == int(
                traps.first_known_levels()[len(f)][traps.index(f)]), f


@pytest.mark.network
@pytest.mark.slow
@pytest.mark.parametrize(
    ("config", "options", "typed"),
    [
        ("twl06-2p-superghost.yaml", ["--seed", "1", "--hints"], "q\n-u\n?\n!\n"),
        ("twl06-2p-superghost.yaml", ["--seat", "2", "--seed", "7", "--hints"], "?\nz-\n-z\n"),
        ("twl06-2p-superghost.yaml", ["--knows", "3", "--seed", "2", "--hints"], "x\n-y\nxylem\n"),
        ("twl06-2p-superduperghost.yaml", ["--seed", "3", "--hints"], "j\n~-u\n-k\n!\n"),
        ("twl06-2p-superduperghost.yaml", ["--seat", "2", "--seed", "4"], "?\n-a\n-v\nquit\n"),
    ],
)
def test_twl06_variant_games_stored_and_full(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
    config: str, options: list[str], typed: str,
) -> None:
    same_games(runner, monkeypatch, str(CONFIGS / config), options, typed)


@pytest.mark.network
@pytest.mark.slow
def test_the_casual_superghost_test_config_plays_the_same_stored(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = str(DATA / "twl06-2p-superghost-casual.yaml")
    same_games(runner, monkeypatch, config, ["--seed", "5", "--hints"], "b\n-z\n?\nquit\n")
