"""`cardgen play`: whole games through a pipe, clean ends on end of input and Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA
from typer.testing import CliRunner

from cardgen.app.cli import app

ANIMALS = str(DATA / "animals.yaml")
CARDGEN = Path(sys.executable).parent / "cardgen"

WON = [
    "Animal Ghost. You are the first player of 2.",
    "Against perfect players (the config's opponent).",
    "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
    "quit to stop.",
    "(start)     your letter: b",
    "b           the second player plays e",
    "be          your letter: a",
    "bea         the second player plays v",
    "beav        your letter: e",
    "beave       the second player plays r: beaver is a word",
    "You win: the second player completed beaver.",
    "You followed the card all the way.",
]


def test_a_whole_game_through_the_runner(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", ANIMALS, "--seed", "3"], input="b\na\ne\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == WON


def test_a_whole_game_through_a_real_pipe() -> None:
    run = subprocess.run(
        f"printf 'b\\na\\ne\\n' | '{CARDGEN}' play '{ANIMALS}'",
        shell=True, capture_output=True, text=True,
    )
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines() == WON


@pytest.mark.parametrize(("seed", "first", "advice"), [
    (0, "g", "prints e here; no letter forces a win; best try a"),
    (1, "b", "no letter forces a win; best try e"),
])
def test_hints_and_the_second_seat(
    runner: CliRunner, seed: int, first: str, advice: str
) -> None:
    # The first player wins with b or g: the seed picks one, and replays it. At g the deck
    # prints e, as `cardgen explain` says ("The card prints e here."), beside the trap a.
    result = runner.invoke(
        app, ["play", ANIMALS, "--seat", "2", "--hints", "--seed", str(seed)], input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Animal Ghost. You are the second player of 2.",
        "Against perfect players (the config's opponent).",
        "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
        "quit to stop.",
        f"(start)     the first player plays {first}",
        f"            card: {advice} (1 of 2 replies is a mistake)",
        f"{first}           your letter: quit",
        f"You quit at {first}.",
        "You made no move in this game.",
    ]


def test_end_of_input_ends_the_game_with_exit_0(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", ANIMALS], input="")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-2:] == [
        "Game abandoned at (start) (end of input).",
        "You made no move in this game.",
    ]


def test_a_seat_past_the_players_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", ANIMALS, "--seat", "3"], input="")
    assert result.exit_code == 2
    assert result.stderr == "cardgen: error: --seat: expected a seat from 1 to 2, got 3\n"


def test_ctrl_c_ends_the_game_cleanly() -> None:
    # A real process waiting at the prompt, interrupted as a terminal's Ctrl-C would.
    game = subprocess.Popen(
        [str(CARDGEN), "play", ANIMALS], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert game.stdout is not None
    seen = b""
    while not seen.endswith(b"your letter: "):
        chunk = os.read(game.stdout.fileno(), 1024)
        assert chunk, seen
        seen += chunk
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=30)
    assert (game.returncode, err) == (130, b"cardgen: interrupted\n")
    assert (seen + out).decode().splitlines()[-2:] == [
        "Game abandoned at (start) (interrupted).",
        "You made no move in this game.",
    ]


def test_help_ends_with_an_example(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "--help"])
    assert (
        "Example: cardgen play configs/twl06-2p-casual.yaml --seat 2 --seed 7 --knows 4"
        in result.stdout
    )
