"""The published results of docs/rules.md, on the real TWL06 list (fetched once, then cached)."""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA, SHIPPED, decks, shipped_card
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.make import Lexicons
from cardgen.games.advice import Try, best_try
from cardgen.games.solver import solve
from cardgen.words.lexicon import Lexicon, playable_words
from cardgen.words.wordlists import load_wordlist

pytestmark = pytest.mark.network


def _published_rows() -> list[dict[str, str]]:
    """The rows of tests/data/published.tsv (lines starting with # are comments)."""
    with (DATA / "published.tsv").open(newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def _seats_or_letters(field: str) -> list[str]:
    return [] if field == "-" else field.split(",")


PUBLISHED_TWL06 = {
    (int(r["min_length"]), int(r["players"])): (
        tuple(int(s) for s in _seats_or_letters(r["losers"])),
        tuple(_seats_or_letters(r["winning_first_letters"])),
    )
    for r in _published_rows()
    if r["list"] == "twl06"
}
"""(min length, players) -> (losers, winning first letters): the TWL06 rows, for test_tables."""


@cache
def _lexicon(name: str, min_length: int) -> Lexicon:
    return playable_words(load_wordlist(name).entries, min_length)


@pytest.mark.parametrize(
    "row",
    _published_rows(),
    ids=lambda r: f"{r['list']}-{r['min_length']}-{r['players']}p",
)
def test_published_row(row: dict[str, str]) -> None:
    solution = solve(_lexicon(row["list"], int(row["min_length"])), int(row["players"]))
    assert sorted(solution.losers("")) == [int(s) for s in _seats_or_letters(row["losers"])]
    assert list(solution.winning_moves("")) == _seats_or_letters(row["winning_first_letters"])


def test_published_rows_are_the_six_twl06_rows() -> None:
    rows = _published_rows()
    assert [(r["list"], r["min_length"], r["players"]) for r in rows] == [
        ("twl06", m, p) for m in ("3", "4") for p in ("2", "3", "4")
    ]
    assert {r["source"] for r in rows} == {"Demystifying Ghost"}


def test_twl06_is_the_published_list() -> None:
    wordlist = load_wordlist("twl06")
    assert len(wordlist.entries) == 178_691
    assert wordlist.sha256.startswith("ea06931e05aa")
    assert len(_lexicon("twl06", 4).words) == 45_002


def test_twl06_two_players_first_seat_minimal_set() -> None:
    solution = solve(_lexicon("twl06", 4), 2)
    assert solution.winning_words("", 1) == (
        "naan", "nene", "ngultrum", "nirvanic", "nolo", "null", "nyctalopia",
    )
    assert solution.rank("", 1) == (7, 4, "naan")
    assert solution.winning_words("", 2) == ()


def test_twl06_two_players_best_tries() -> None:
    # docs/rules.md, "The best try": seat 2 cannot win against m or n.
    solution = solve(_lexicon("twl06", 4), 2)
    assert best_try(solution, "m") == Try("a", mistakes=22, replies=25)
    assert best_try(solution, "n") == Try("i", mistakes=16, replies=19)
    assert best_try(solution, "") is None  # seat 1 wins


def test_twl06_two_players_first_seat_card(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["build", str(CONFIGS / "twl06-2p.yaml"), "-o", str(tmp_path), "-f", "md", "-q"]
    )
    assert result.exit_code == 0, result.output
    text = (tmp_path / "twl06-2p.md").read_text()
    assert (
        "Open with **n**, then steer to: naan, nene, ngultrum, nirvanic, nolo, null, nyctalopia."
        in text
    )
    assert "45,002 playable words of 4+ letters" in text


@pytest.mark.parametrize("path", decks(SHIPPED))
def test_every_shipped_card_config_builds(lexicons: Lexicons, path: Path) -> None:
    config, card = shipped_card(path, lexicons)
    assert len(card.seats) == config.players
    assert [o.fragment for o in card.seats[0].openings] == [""]
    assert card.dictionary.name == str(config.dictionary)
