"""cardgen.games.workload: the work of a config counted before solving, and the budget it must fit
(issue 26, item 8)."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.games import explainwork, workload
from cardgen.games.solver import solve
from cardgen.games.superghost import solve as solve_infixes
from cardgen.games.workload import BudgetError, Workload
from cardgen.words.lexicon import Lexicon, playable_words

DATA = Path(__file__).parent / "data"
ANIMALS = DATA / "animals.txt"


def prefixes(words: tuple[str, ...]) -> set[str]:
    """Ghost's fragments, straight from the rules: every prefix of a word, '' included."""
    return {word[:n] for word in words for n in range(len(word) + 1)}


def infixes(words: tuple[str, ...]) -> set[str]:
    """SuperGhost's fragments: every infix of a word, '' included."""
    return {w[i:j] for w in words for i in range(len(w) + 1) for j in range(i, len(w) + 1)}


words_strategy = st.lists(st.text(alphabet="abc", min_size=2, max_size=7), min_size=1,
                          max_size=30)


@given(words_strategy, st.integers(2, 3), st.integers(2, 6))
def test_the_counts_are_the_fragments_of_the_rules(
    entries: list[str], min_length: int, players: int
) -> None:
    ghost = playable_words(entries, min_length)
    if ghost.words:
        found = workload.workload(ghost, "ghost", players)
        fragments = prefixes(ghost.words)
        assert found.positions == len(fragments) == solve(ghost, players).nodes
        assert found.openings == len({f for f in fragments if len(f) < players})
    variant = playable_words(entries, min_length, prefix_free=False)
    if variant.words:
        found = workload.workload(variant, "superghost", players)
        fragments = infixes(variant.words)
        assert found.openings == len({f for f in fragments if len(f) < players})
        assert found.positions == 1 + sum(len(w) * (len(w) + 1) // 2 for w in variant.words)
        assert found.positions >= solve_infixes(variant, players).nodes  # an upper bound
        doubled = workload.workload(variant, "superduperghost", players)
        assert doubled.positions == 2 * found.positions - 1
        assert doubled.openings == found.openings  # a reverse is no position of its own


@given(words_strategy, st.integers(2, 3), st.integers(2, 6))
def test_explain_counts_the_positions_the_solved_game_keeps(
    entries: list[str], min_length: int, players: int
) -> None:
    """Before solving, explain's estimate counts the positions the solved game keeps (its
    traps and each casual table's figures are arrays over them): Ghost's fragments;
    SuperGhost's distinct infixes, length by length; SuperDuperGhost's, its reverses' too, at
    most twice as many."""
    ghost = playable_words(entries, min_length)
    if ghost.words:
        work = explainwork.explain_work(ghost, "ghost", players, 5)
        assert work.kept == work.positions == solve(ghost, players).nodes
    variant = playable_words(entries, min_length, prefix_free=False)
    if variant.words:
        counts = explainwork.distinct_infixes(variant)
        fragments = infixes(variant.words)
        assert counts == [sum(len(f) == n for f in fragments) for n in range(len(counts))]
        graph = solve_infixes(variant, players).graph
        assert [len(level) for level in graph.levels] == counts
        assert explainwork.explain_work(variant, "superghost", players, 5).kept == sum(counts)
        doubled = solve_infixes(variant, players, reverse=True).graph
        bound = explainwork.explain_work(variant, "superduperghost", players, 5).kept
        assert sum(counts) <= sum(len(level) for level in doubled.levels) <= bound
        assert bound == 2 * sum(counts) - 1


def test_counting_openings_stops_past_enough() -> None:
    lexicon = Lexicon(("abcde", "bcdea", "cdeab"), 3)
    assert workload.workload(lexicon, "superghost", 5) == Workload("superghost", 5, 46, 20)
    # '' then 5 letters: past 3, the 2-letter infixes are never counted
    assert workload.workload(lexicon, "superghost", 5, enough=3) == Workload(
        "superghost", 5, 46, 6, complete=False
    )


def animals(tmp_path: Path, players: int = 2, game: str = "ghost") -> Path:
    config = tmp_path / "animals.yaml"
    config.write_text(f"dictionary: {ANIMALS}\nplayers: {players}\nmin_length: 3\n"
                      f"game: {game}\n", encoding="utf-8")
    return config


@pytest.fixture
def plenty(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory enough for anything, whatever this machine has free."""
    monkeypatch.setattr(workload, "available_memory", lambda: 10**15)


def test_a_build_over_the_budget_is_refused_with_the_figures(
    runner: CliRunner, tmp_path: Path, plenty: None
) -> None:
    config = animals(tmp_path, players=3, game="superghost")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(config), "-o", str(out), "--max-seconds", "0.25"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {config}: dictionary: superghost on {ANIMALS} for 3 players would "
        "take at least 1.0 s (174 positions, at least 15 openings), more than --max-seconds "
        "0.25: raise --max-seconds to run it anyway\n"
    )
    assert not out.exists()
    # raising the budget runs it
    result = runner.invoke(app, ["build", str(config), "-o", str(out), "--max-seconds", "5"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["animals.json", "animals.md", "animals.pdf"]


def test_the_players_are_blamed_when_the_openings_cost_the_most(plenty: None) -> None:
    """The 10-player SuperGhost card of the issue (twl06, 4+ letters) is mostly its
    openings: `players` is the key to change; a bare solve of it (explain, play) fits."""
    card = Workload("superghost", 10, 8_362_688, 161_448, complete=False)
    with pytest.raises(BudgetError) as refused:
        workload.refuse([card], "card", 60, "superghost on twl06 for 10 players", "dictionary")
    seconds = card.seconds()
    assert seconds > 60 and card.openings * workload.RATES["superghost"].opening_seconds > 30
    assert str(refused.value) == (
        "players: superghost on twl06 for 10 players would take at least "
        f"{seconds:,.0f} s (8,362,688 positions, at least 161,448 openings), more than "
        "--max-seconds 60: raise --max-seconds to run it anyway"
    )
    workload.refuse([card], "solve", 60, "superghost on twl06 for 10 players", "dictionary")


def test_a_run_that_would_not_fit_in_memory_is_refused(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workload, "available_memory", lambda: 50 * 10**6)
    config = animals(tmp_path)
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {config}: dictionary: ghost on {ANIMALS} for 2 players would need "
        "about 70 MB of memory (36 positions, 5 openings), and 50 MB are free\n"
    )


@pytest.mark.parametrize("command", ["explain", "play"])
def test_explain_and_play_are_refused_before_they_solve(
    runner: CliRunner, tmp_path: Path, command: str, plenty: None
) -> None:
    config = animals(tmp_path)
    args = [command, str(config), *(["a"] if command == "explain" else []), "--max-seconds", "0.9"]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 2
    figures = "36 positions"  # explain's estimate is of all it does (the cache is off here)
    doing = " to explain" if command == "explain" else ""
    if command == "explain":
        figures += ", figures at 5 casual tables"
    assert result.stderr == (
        f"cardgen: error: {config}: dictionary: ghost on {ANIMALS} for 2 players would take "
        f"about 1.0 s{doing} ({figures}), more than --max-seconds 0.9: raise "
        "--max-seconds to run it anyway\n"
    )


def random_words(tmp_path: Path, count: int, game: str, players: int) -> Path:
    """A config of `count` random words of 3 to 13 letters (issue 35, item 12: 300,000 of
    them, SuperDuperGhost, 6 players, words of 2+ letters)."""
    rng = random.Random(35)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(string.ascii_lowercase)
                          for _ in range(rng.randint(3, 13))))
    listed = tmp_path / f"random-{count}.txt"
    listed.write_text("\n".join(sorted(words)) + "\n", encoding="utf-8")
    config = tmp_path / f"random-{count}-{game}-{players}.yaml"
    config.write_text(f"dictionary: {listed}\ngame: {game}\nplayers: {players}\n"
                      "min_length: 2\n", encoding="utf-8")
    return config


def test_explain_is_refused_for_all_it_does(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plenty: None
) -> None:
    """Issue 35, item 12: explain's estimate was the solve's alone (here "about 1.2 s"), and
    the run took several times as long: the traps, each of the 5 casual tables' figures
    (arrays over every distinct infix, 8 bytes a seat) and what it keeps."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(cache))
    config = random_words(tmp_path, 10_000, "superduperghost", 6)
    result = runner.invoke(app, ["explain", str(config), "ab", "--max-seconds", "0.5"])
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {config}: dictionary: superduperghost on {config.parent}/"
        "random-10000.txt for 6 players would take about 1.6 s to explain (817,937 "
        "positions, 428,725 distinct, figures at 5 casual tables, 4 MB to keep), more than "
        "--max-seconds 0.5: raise --max-seconds to run it anyway\n"))
    assert result.stdout == ""
    assert not list(cache.glob("*.entry"))  # refused before the solve


def test_what_explain_keeps_was_estimated_before_it_solved(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plenty: None
) -> None:
    """The estimate's largest part, on a big list, is what explain works out and keeps: the
    solved game with its traps and each casual table's figures (Ghost), the stored game alone
    (the variants: issue 35, item 8). Counted before solving, it is what the solution cache
    holds afterwards, entry by entry."""
    from cardgen.cards.config import load_card_config
    from cardgen.cards.make import LexiconRequest, Lexicons

    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(cache))
    for game, players in (("ghost", 2), ("ghost", 6), ("superghost", 3),
                          ("superduperghost", 2), ("superduperghost", 6)):
        config = random_words(tmp_path, 2_000, game, players)
        lexicon = Lexicons().playable(LexiconRequest.of(load_card_config(config)))
        work = explainwork.explain_work(lexicon, game, players, 5)
        result = runner.invoke(app, ["explain", str(config), "ab"])
        assert result.exit_code == 0, result.output
        kept = {path.name.split("-")[0]: path.stat().st_size for path in cache.iterdir()}
        figures = sorted(path.stat().st_size for path in cache.glob("figures-*"))
        if game == "ghost":
            assert len(figures) == work.tables == 5, game
            assert kept["game"] == pytest.approx(work.kept_game_bytes(), rel=0.05), players
            assert figures == [pytest.approx(work.table_bytes(), rel=0.05)] * 5, players
        else:  # the stored game that play reads, and no table's figures; its size follows
            # the words' shapes as well as their counts (docs/speed.md: within 20% over
            # random lists and twl06)
            assert (figures, "game" in kept) == ([], False), game
            assert work.stored() == work.kept_game_bytes(), game
            assert kept["play"] == pytest.approx(work.kept_game_bytes(), rel=0.25), (
                game, players)
        for path in cache.glob("*.entry"):
            path.unlink()


def test_explain_of_a_game_kept_without_its_figures_is_refused(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plenty: None
) -> None:
    """A game kept in the cache (by an explain at one table) is read back, and explain has
    only its figures at the other tables left to work out: those are checked against the
    budget, from the positions the game keeps. (A variant keeps no table's figures: explain
    works out its position's alone, `cardgen.cards.localplay`.)"""
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(tmp_path / "cache"))
    config = random_words(tmp_path, 60_000, "ghost", 6)
    first = runner.invoke(app, ["explain", str(config), "ab", "--knows", "3"])
    assert first.exit_code == 0, first.output
    result = runner.invoke(app, ["explain", str(config), "ab", "--max-seconds", "0.2"])
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {config}: dictionary: ghost on {config.parent}/"
        "random-60000.txt for 6 players would take about 0.4 s to work out its casual tables' "
        "figures (236,856 positions, figures at 4 casual tables, 68 MB to keep), more than "
        "--max-seconds 0.2: raise --max-seconds to run it anyway\n"))


def test_an_explain_that_would_not_fit_in_memory_is_refused(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(workload, "available_memory", lambda: 50 * 10**6)
    config = animals(tmp_path, game="superghost")
    result = runner.invoke(app, ["explain", str(config), "a"])
    assert (result.exit_code, result.stderr) == (2, (
        f"cardgen: error: {config}: dictionary: superghost on {ANIMALS} for 2 players would "
        "need about 70 MB of memory to explain (174 positions, 114 distinct, figures at 5 "
        "casual tables), and 50 MB are free\n"))


def test_a_table_is_refused_as_a_whole(runner: CliRunner, tmp_path: Path, plenty: None) -> None:
    config = tmp_path / "table.yaml"
    config.write_text(f"dictionaries: [{ANIMALS}]\nmin_lengths: [3]\nplayers: [2, 3]\n"
                      "game: superghost\n", encoding="utf-8")
    result = runner.invoke(app, ["table", str(config), "-o", str(tmp_path), "--max-seconds", "1"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {config}: dictionaries: 2 rows of superghost would take about 1.0 s "
        "(348 positions, 58 openings), more than --max-seconds 1: raise --max-seconds to "
        "run it anyway\n"
    )


@pytest.mark.network
@pytest.mark.slow
def test_every_shipped_config_is_well_inside_the_default_budget() -> None:
    """Shipped cards and tables estimated at under a quarter of the default budget, and the
    estimate of the 10-player SuperGhost card of the issue over it."""
    from cardgen.cards.config import load_card_config
    from cardgen.cards.make import LexiconRequest, Lexicons

    lexicons = Lexicons()
    for path in sorted((Path(__file__).parent.parent / "configs").glob("*.yaml")):
        config = load_card_config(path)
        if config.dictionary.name in ("polish", "german"):  # big lists: tests/test_languages.py
            continue
        lexicon = lexicons.playable(LexiconRequest.of(config))
        found = workload.workload(lexicon, config.game.name, config.players)
        assert found.seconds() < workload.MAX_SECONDS / 4, path.name
    big = lexicons.lexicon(load_card_config(
        Path(__file__).parent.parent / "configs" / "twl06-2p-superghost.yaml").dictionary, 4,
        prefix_free=False)
    assert workload.workload(big, "superghost", 10).seconds() > workload.MAX_SECONDS


def test_a_whole_deck_too_big_to_draw_is_refused_even_when_its_card_is_cached(
    runner: CliRunner, tmp_path: Path, plenty: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solve fits the budget, laying out every opening of the whole deck does not: the
    PDF is refused before any layout (the card may well come from the cache, where no solve
    is estimated); the JSON of the same deck, and its pocket deck's PDF, are not."""
    monkeypatch.setattr(workload, "DECK_SECONDS", 1.0)  # every opening a second to lay out
    config = animals(tmp_path, players=3)
    config.write_text(config.read_text(encoding="utf-8") + "pdf:\n  cards: full\n",
                      encoding="utf-8")
    out = tmp_path / "out"
    for _ in range(2):  # solved, then read back from the cache
        result = runner.invoke(app, ["build", str(config), "-o", str(out), "-f", "pdf",
                                     "--max-seconds", "10"])
        assert (result.exit_code, result.stderr) == (2, (
            f"cardgen: error: {config}: pdf.cards: the whole deck of ghost on {ANIMALS} for 3 "
            "players would take about 12 s to lay out (11 openings), more than --max-seconds "
            "10: print the pocket deck (leave out `pdf.cards`, or give a number of cards), or "
            "raise --max-seconds\n"))
        assert not out.exists()
    result = runner.invoke(app, ["build", str(config), "-o", str(out), "-f", "json",
                                 "--max-seconds", "10"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["build", str(config), "-o", str(out), "-f", "pdf",
                                 "--max-seconds", "13"])
    assert result.exit_code == 0, result.output
