"""The published results of GHOST.md, on the real TWL06 list (fetched once, then cached)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CONFIGS, SHIPPED, shipped_card
from typer.testing import CliRunner

from cardgen.cards import Lexicons
from cardgen.cli import app
from cardgen.config import load_card_config

pytestmark = pytest.mark.network

# min length, players -> losers, winning first letters ("Demystifying Ghost", TWL06)
PUBLISHED_TWL06 = {
    (3, 2): ((1,), ()),
    (3, 3): ((3,), ("m", "n")),
    (3, 4): ((3, 4), ("h", "q")),
    (4, 2): ((2,), ("m", "n")),
    (4, 3): ((1, 2, 3), ()),
    (4, 4): ((3, 4), ("h", "q")),
}


@pytest.fixture(scope="module")
def lexicons() -> Lexicons:
    return Lexicons()


@pytest.mark.parametrize(("min_length", "players"), list(PUBLISHED_TWL06))
def test_published_twl06_rows(
    lexicons: Lexicons, tmp_path: Path, min_length: int, players: int
) -> None:
    config_path = tmp_path / "card.yaml"
    config_path.write_text(f"dictionary: twl06\nplayers: {players}\nmin_length: {min_length}\n")
    config = load_card_config(config_path)
    card = lexicons.card(config.dictionary, config.players, config.min_length)
    assert (card.losers, card.winning_first_moves) == PUBLISHED_TWL06[(min_length, players)]
    assert card.dictionary.entries == 178_691
    assert card.dictionary.sha256.startswith("ea06931e05aa")


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


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_card_config_builds(lexicons: Lexicons, path: Path) -> None:
    config, card = shipped_card(path, lexicons)
    assert len(card.seats) == config.players
    assert [o.fragment for o in card.seats[0].openings] == [""]
    assert card.dictionary.name == str(config.dictionary)
