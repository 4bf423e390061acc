"""Issue 26, items 5 to 7: `cardgen explain` and `cardgen play` follow the config's
`opponent` (a flag may override it, and the output says which table it assumes); a Zipf
frequency that is not finite is refused wherever it is read; a fragment longer than every
playable word is refused before the game is solved."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CONFIGS, DATA
from typer.testing import CliRunner

from cardgen.app.cli import app

CASUAL = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: {knows: 3.7}\n"
"""Animals against a table that knows words of Zipf 3.7+: the first seat wins by b (bear),
c (camel, named when they challenge) or g (goat); against perfect players by b or g only."""
FIGURES = [
    "At a casual table (knows words of Zipf 3.7+) this position comes up in 100% of games; "
    "from here the first player wins 52.3% playing as the table does, 100% keeping to the "
    "card's words.",
    "  After each letter (then playing as the table does): a 0.0%, b 100%, c 0.0%, g 100%",
    "At each table of the card's range (knows words of Zipf 2.7 / 3.2 / 3.7 / 4.2 / 4.7+): "
    "comes up in 100% / 100% / 100% / 100% / 100% of games; the first player wins 51.4% / "
    "52.0% / 52.3% / 45.9% / 45.9% playing as the table does, 100% / 100% / 100% / 100% / "
    "100% keeping to the card's words.",
]
"""The start's figures at the card's casual tables (Zipf 3.7+ in the middle of the range, the
config's), whoever plays."""
CASUAL_START = [
    "(start) · animals.txt, 2 players, words of 3+ letters",
    "Against a casual table that knows words of Zipf 3.7+ (the config's opponent).",
    "The first player is to move. With perfect play the second player loses.",
    "Winning letters for the first player against a table that knows only words of Zipf 3.7 "
    "or more, with the words each forces:",
    "  b  bear  <- the card's move",
    "  c  camel\u2021",
    "  g  goat",
    "  (\u2021: they know no word there and challenge; name it.)",
    "Losing letters:",
    "  a  the first player loses",
    "Escapes: after each letter, the word the others must know to stop the first player:",
    "  a  ant (Zipf 3.86)",
    "  c  camel (Zipf 3.64)",
    *FIGURES,
]
PERFECT_START = [
    "(start) · animals.txt, 2 players, words of 3+ letters",
    "Against perfect players (--perfect).",
    "The first player is to move. With perfect play the second player loses.",
    "Winning letters for the first player, with the words each forces:",
    "  b  bear beaver  <- the card's move",
    "  g  gannet gerbil goat",
    "Losing letters:",
    "  a c  the first player loses",
    "Escapes: after each letter, the word the others must know to stop the first player:",
    "  a  ant (Zipf 3.86)",
    "  c  camel (Zipf 3.64)",
    *FIGURES,
]


def test_explain_follows_the_config_s_opponent(
    runner: CliRunner, write_config: Callable[..., Path]
) -> None:
    config = str(write_config(CASUAL))
    result = runner.invoke(app, ["explain", config, ""])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == CASUAL_START
    document = json.loads(runner.invoke(app, ["explain", config, "", "--json"]).stdout)
    assert {key: document[key] for key in ("moves", "words", "card_move", "knows", "against",
                                           "opponent_from")} == {
        "moves": ["b", "c", "g"], "words": ["bear"], "card_move": "b", "knows": 3.7,
        "against": "a casual table that knows words of Zipf 3.7+", "opponent_from": "config",
    }


def test_a_flag_overrides_the_config_s_opponent_both_ways(
    runner: CliRunner, write_config: Callable[..., Path]
) -> None:
    casual = str(write_config(CASUAL, "casual.yaml"))
    perfect = str(write_config(CASUAL.replace("opponent: {knows: 3.7}\n", ""), "perfect.yaml"))
    result = runner.invoke(app, ["explain", casual, "", "--perfect"])
    assert result.stdout.splitlines() == PERFECT_START
    result = runner.invoke(app, ["explain", perfect, "", "--knows", "3.7"])
    assert result.stdout.splitlines() == [  # one table, as the flag says: no range
        CASUAL_START[0],
        "Against a casual table that knows words of Zipf 3.7+ (--knows 3.7).",
        *CASUAL_START[2:-1],
    ]
    result = runner.invoke(app, ["explain", perfect, ""])
    assert result.stdout.splitlines()[1] == "Against perfect players (the config's opponent)."
    document = json.loads(runner.invoke(app, ["explain", casual, "", "--json", "--perfect"]).stdout)
    assert (document["knows"], document["against"], document["opponent_from"]) == (
        None, "perfect players", "--perfect"
    )
    document = json.loads(
        runner.invoke(app, ["explain", perfect, "", "--json", "--knows=4"]).stdout
    )
    assert (document["knows"], document["against"], document["opponent_from"]) == (
        4.0, "a casual table that knows words of Zipf 4+", "--knows"
    )


@pytest.mark.parametrize("command", ["explain", "play"])
def test_knows_and_perfect_together_are_refused(
    runner: CliRunner, write_config: Callable[..., Path], command: str
) -> None:
    config = str(write_config(CASUAL))
    args = [command, config, "b"] if command == "explain" else [command, config]
    result = runner.invoke(app, [*args, "--knows", "3", "--perfect"], input="")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", "cardgen: error: --knows and --perfect: give one or the other, not both\n"
    )


def test_play_follows_the_config_s_opponent(
    runner: CliRunner, write_config: Callable[..., Path]
) -> None:
    """The computer seats are the casual table the card is for: after c the second seat
    plays a (it knows cat), and knowing no word under cam (camel has Zipf 3.64) it
    challenges; the first seat names camel."""
    config = str(write_config(CASUAL))
    result = runner.invoke(app, ["play", config, "--seed", "1"], input="c\nm\ncamel\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Ghost: animals.txt, 2 players, words of 3+ letters. You are the first player of 2.",
        "Against a casual table that knows words of Zipf 3.7+ (the config's opponent): they "
        "play only letters that begin a word they know, and challenge when they know none; then "
        "name a word that begins with the letters played.",
        "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
        "quit to stop.",
        "(start)     your letter: c",
        "c           the second player plays a",
        "ca          your letter: m",
        "cam         the second player challenges: what word begins with cam?",
        "            name a word: camel",
        "You win: the second player challenged cam, and you named camel.",
        "Off the card at (start): you played c; the card said b (bear).",
    ]
    result = runner.invoke(app, ["play", config, "--perfect"], input="quit\n")
    assert result.stdout.splitlines()[1] == "Against perfect players (--perfect)."
    result = runner.invoke(app, ["play", config, "--knows", "0"], input="quit\n")
    assert result.stdout.splitlines()[1].startswith(
        "Against a casual table that knows words of Zipf 0+ (--knows 0): they play"
    )


# --- item 5: a Zipf frequency is finite, from 0 to 10, wherever it is read ---------------


@pytest.mark.parametrize(("yaml", "shown"), [(".nan", "nan"), (".inf", "inf"),
                                             ("-.inf", "-inf"), ("nan", "'nan'")])
@pytest.mark.parametrize("command", ["build", "explain", "play"])
def test_a_config_s_zipf_that_is_not_finite_is_refused(
    runner: CliRunner, write_config: Callable[..., Path], command: str, yaml: str, shown: str
) -> None:
    for text, key in [(f"opponent: {{knows: {yaml}}}\n", "opponent.knows"),
                      (f"ranking: familiar\nrare_below: {yaml}\n", "rare_below")]:
        config = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n" + text)
        args = {"build": ["--out", str(config.parent / "out")], "explain": ["b"], "play": []}
        result = runner.invoke(app, [command, str(config), *args[command]], input="")
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", (
            f"cardgen: error: {config}: {key}: expected a Zipf frequency from 0 to 10, "
            f"got {shown}\n"
        ))
        assert not (config.parent / "out").exists()


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "-3", "99"])
@pytest.mark.parametrize("command", ["build", "explain"])
def test_a_familiarity_file_s_zipf_that_is_not_finite_is_refused(
    runner: CliRunner, write_config: Callable[..., Path], command: str, value: str
) -> None:
    config = write_config(
        "dictionary: animals.txt\nplayers: 2\nmin_length: 3\nfamiliarity: freq.tsv\n"
    )
    freq = config.parent / "freq.tsv"
    freq.write_text(f"# word<TAB>zipf\nbeaver\t3.5\nbear\t{value}\n", encoding="utf-8")
    args = ["--out", str(config.parent / "out")] if command == "build" else ["b"]
    result = runner.invoke(app, [command, str(config), *args])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", (
        f"cardgen: error: {config}: familiarity: {freq}: line 3: expected a Zipf frequency "
        f"from 0 to 10, got {value!r}\n"
    ))


# --- item 7: a fragment longer than every playable word ----------------------------------

LONG = "a" * 100_000
LONG_ERROR = (
    "cardgen: error: FRAGMENT: expected at most 6 letters (the longest playable word), "
    "got 100,000\n"
)


def test_a_fragment_longer_than_every_word_is_refused_before_the_solve(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """animals' longest playable words have 6 letters (beaver, gannet, gerbil)."""

    def no_solve(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("solved")

    monkeypatch.setattr("cardgen.cards.make.config_solution", no_solve)
    result = runner.invoke(app, ["explain", str(DATA / "animals.yaml"), LONG, "--no-cache"])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", LONG_ERROR)
    result = runner.invoke(app, ["explain", str(DATA / "animals.yaml"), "a" * 7, "--no-cache"])
    assert result.stderr == LONG_ERROR.replace("100,000", "7")


def test_a_fragment_longer_than_every_word_is_refused_with_a_cached_game(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the solved game read back from the cache, before anything is explained."""
    config = str(DATA / "animals.yaml")
    assert runner.invoke(app, ["explain", config, "beaver"]).exit_code == 0  # cached now

    def no_explain(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("explained")

    monkeypatch.setattr("cardgen.cards.explain.explain", no_explain)
    monkeypatch.setattr("cardgen.cards.make.config_solution", no_explain)
    result = runner.invoke(app, ["explain", config, LONG])
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", LONG_ERROR)


def test_a_fragment_of_100_000_letters_takes_little_memory() -> None:
    """It took 4.96 GB on TWL06 (and 262 MB for 20,000 letters on animals' list size)."""
    script = (
        "import resource, subprocess, sys\n"
        f"run = subprocess.run([sys.executable, '-m', 'cardgen', 'explain', {str(DATA)!r} + "
        f"'/animals.yaml', 'a' * 100_000, '--no-cache'], capture_output=True, text=True)\n"
        "print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
        "run.stderr, end='')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    status, kilobytes, stderr = out.split(" ", 2)
    assert (status, stderr) == ("2", LONG_ERROR)
    assert int(kilobytes) < 200_000, kilobytes


# --- item 6 on the shipped casual configs ------------------------------------------------


@pytest.mark.network
@pytest.mark.parametrize("name", [
    "twl06-2p-casual",
    *(pytest.param(name, marks=pytest.mark.slow)
      for name in ["twl06-2p-min3-casual", "twl06-3p-casual"]),
])
def test_explain_gives_the_card_s_moves_and_words_at_every_opening(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    from cardgen.cards.explain import explain, explain_config, game_for

    config = CONFIGS / f"{name}.yaml"
    result = runner.invoke(app, ["build", str(config), "--format", "json", "--out",
                                 str(tmp_path), "--quiet"])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / f"{name}.json").read_text(encoding="utf-8"))
    assert card["opponent"] == {"knows": 3.0}
    _, _, start = explain_config(config, "", cache=True)  # the config's table, unasked
    assert (start.knows, start.opponent_from) == (3.0, "config")
    _, solution, traps = game_for(config, cache=True)
    compared = 0
    for seat in card["seats"]:
        for opening in seat["openings"]:
            position = explain(solution, opening["fragment"], traps, start.knows)
            assert position.mover == seat["seat"]
            expected = (opening["moves"], opening["words"], opening["named"],
                        opening["words"][0][len(opening["fragment"])] if opening["words"]
                        else None)
            assert (list(position.moves), list(position.words), list(position.named),
                    position.card_move) == expected, opening["fragment"]
            compared += 1
    assert compared == sum(len(seat["openings"]) for seat in card["seats"]) > 20
    # The CLI says so, and with --perfect it explains another table.
    fragment = card["seats"][1]["openings"][13]["fragment"]
    lines = runner.invoke(app, ["explain", str(config), fragment]).stdout.splitlines()
    assert lines[1] == "Against a casual table that knows words of Zipf 3+ (the config's opponent)."
    lines = runner.invoke(app, ["explain", str(config), fragment, "--perfect"]).stdout.splitlines()
    assert lines[1] == "Against perfect players (--perfect)."
