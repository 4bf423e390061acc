"""The stored game (issue 27, item 4): a warm `cardgen play` reads it without numpy or the
solver, and plays the very games the full path plays; a bad store is a miss."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA, heavy_imports
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.config import load_card_config
from cardgen.cards.querycache import PLAY_MAGIC, GameStore
from cardgen.errors import CardgenWarning, printable

ANIMALS = str(DATA / "animals.yaml")

# (config, options, what the person types): seats, seeds, hints and `?`, a challenge each
# way, a word named when the table challenges, a casual table, a slip off the card.
GAMES = [
    (ANIMALS, ["--seed", "0"], "?\nb\na\ne\n"),
    (ANIMALS, ["--seed", "1", "--hints"], "g\ne\nr\nb\n"),
    (ANIMALS, ["--seed", "2", "--hints"], "c\n!\n"),
    (ANIMALS, ["--seed", "3"], "z\n"),
    (ANIMALS, ["--seat", "2", "--seed", "0", "--hints"], "a\n?\nn\nt\n"),
    (ANIMALS, ["--seat", "2", "--seed", "1"], "e\n!\n"),
    (ANIMALS, ["--seat", "2", "--seed", "5", "--hints"], "x\n"),
    (ANIMALS, ["--knows", "3.7", "--seed", "0", "--hints"], "c\nm\ncamel\n"),
    (ANIMALS, ["--knows", "3.7", "--seed", "0"], "c\nm\nel\n"),
    (ANIMALS, ["--knows", "3.7", "--seed", "0"], "c\nm\n" + "camel" * 400 + "\n"),
    (ANIMALS, ["--knows", "6", "--seat", "2", "--seed", "1", "--hints"], "?\ne\nbee\n"),
    (ANIMALS, ["--knows", "3.7", "--seed", "4"], "g\n?\ne\nc\nk\n"),
    (ANIMALS, ["--knows", "3.7", "--seat", "2", "--seed", "2", "--hints"], "?\ne\nr\n!\n"),
    (ANIMALS, ["--knows", "5", "--seed", "1", "--hints"], "g\no\nquit\n"),
    (ANIMALS, ["--knows", "0", "--seat", "2", "--seed", "3"], "a\nn\nquit\n"),
]


def play(stdin: str, *args: str) -> tuple[str, list[str]]:
    """`cardgen play ARGS` as a process: what it printed, and the heavy modules it imported."""
    return heavy_imports("play", *args, stdin=stdin)


def no_full_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the full path fail, so that a game played is the stored game's."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the full path was taken")

    monkeypatch.setattr("cardgen.cards.explain.game_for", refuse)


def same_games(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, config: str, options: list[str],
    typed: str,
) -> str:
    """Play a game on the full path, then again storing it, then from the store (the full
    path refused): the three transcripts are one. Returns it."""
    full = runner.invoke(app, ["play", config, *options, "--no-cache"], input=typed)
    first = runner.invoke(app, ["play", config, *options], input=typed)  # stores the game
    with monkeypatch.context() as patch:
        no_full_path(patch)
        stored = runner.invoke(app, ["play", config, *options], input=typed)
    assert full.exit_code == 0, full.output
    assert (first.exit_code, first.stdout) == (full.exit_code, full.stdout)
    assert (stored.exit_code, stored.stdout) == (full.exit_code, full.stdout)
    return full.stdout


def played_after_a_build(
    folder: Path, runner: CliRunner, out: Path, config: str, typed: str, *options: str
) -> list[str]:
    """Build a config's JSON card (which keeps no stored game: issue 39 item 2), play it
    (which stores its game, one file), then play it again: the lines printed, after checking
    that the second play imported nothing heavy."""
    built = runner.invoke(app, ["build", config, "-q", "-f", "json", "-o", str(out)])
    assert built.exit_code == 0, built.output
    assert not list(folder.glob("play-*.entry"))
    first, _ = play(typed, config, *options)
    assert len(list(folder.glob("play-*.entry"))) == 1
    printed, imported = play(typed, config, *options)
    assert (imported, printed) == ([], first)
    return printed.splitlines()


def test_a_warm_play_imports_neither_numpy_nor_the_solver(folder: Path) -> None:
    cold, imported = play("b\na\ne\n", ANIMALS, "--seed", "3")
    assert imported == ["numpy", "cardgen.games.solver", "cardgen.cards.explain",
                        "cardgen.games.casual", "cardgen.games.traps", "cardgen.cards.pocket"]
    assert "You win: the second player completed beaver." in cold
    assert play("b\na\ne\n", ANIMALS, "--seed", "3") == (cold, [])
    assert len(list(folder.glob("play-*.entry"))) == 1
    casual, imported = play("c\nm\n", ANIMALS, "--knows", "3.7", "--seed", "0")
    assert imported[:2] == ["numpy", "cardgen.games.solver"]  # another table: a miss
    assert play("c\nm\n", ANIMALS, "--knows", "3.7", "--seed", "0") == (casual, [])
    assert len(list(folder.glob("play-*.entry"))) == 2  # one per table


def test_the_deck_s_plays_are_kept_and_a_damaged_file_is_said_and_made_again(
    folder: Path,
) -> None:
    """`play` reads the plays the config's deck prints (`PrintedPlays`): kept by the first
    play, read by the next without numpy; a damaged file is reported in one line, removed and
    made again from the deck, and the game is the same."""
    first, _ = play("quit\n", ANIMALS, "--seat", "2", "--seed", "0", "--hints")
    assert "card: prints e here; no letter forces a win; best try a" in first
    (kept,) = folder.glob("printed-*.entry")
    assert json.loads(kept.read_bytes().split(b"\n", 3)[3]) == {
        "": "b", "a": "n", "b": "e", "c": "a", "g": "e"}  # each opening the deck prints
    data = kept.read_bytes()
    kept.write_bytes(data.replace(b'"e"', b'"o"'))
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", "play", ANIMALS, "--seat", "2", "--seed", "0",
         "--hints"], input="quit\n", capture_output=True, text=True)
    said = printable(f"cache: {kept}: failed its checksum (cut short or changed); removed, "
                     "computing it again")
    assert (run.returncode, run.stdout, run.stderr) == (0, first, f"cardgen: warning: {said}\n")
    assert kept.read_bytes() == data
    assert play("quit\n", ANIMALS, "--seat", "2", "--seed", "0", "--hints") == (first, [])


def test_the_first_play_stores_the_game_of_the_configs_table(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    printed = played_after_a_build(folder, runner, tmp_path, ANIMALS, "g\n", "--seed", "1")
    assert printed[3:5] == ["(start)     your letter: g", "g           the second player plays a"]


@pytest.mark.parametrize(("config", "options", "typed"), GAMES)
def test_the_stored_game_plays_the_full_paths_games(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
    config: str, options: list[str], typed: str,
) -> None:
    same_games(runner, monkeypatch, config, options, typed)


def store_file(folder: Path) -> Path:
    (path,) = folder.glob("play-*.entry")
    return path


DAMAGES = ["checksum", "key", "magic", "body", "truncated", "game", "garbage"]


def damaged(good: bytes, damage: str) -> bytes:
    """A stored game's file damaged: a byte changed (its checksum fails), another key or game
    or planes the header does not describe (checksum right), cut short, or garbage."""
    magic, _, key, body = good.split(b"\n", 3)

    def signed(key: bytes, body: bytes) -> bytes:  # a checksum that fits
        rest = key + b"\n" + body
        return magic + b"\n" + hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest

    knows = re.search(rb'"knows": ([0-9.]+|null)', key)
    assert knows is not None
    game = re.search(rb'"game": "[a-z]+"', body)
    assert game is not None
    other = b'"game": "ghost"' if b"super" in game.group() else b'"game": "superghost"'
    return {
        "checksum": lambda: good.replace(b"\"players\": 2", b"\"players\": 3"),
        "key": lambda: signed(key.replace(knows.group(), b'"knows": 4.5'), body),
        "magic": lambda: good.replace(PLAY_MAGIC, b"cardgen-play 0\n", 1),
        "body": lambda: signed(key, body[:-7]),
        "truncated": lambda: good[: len(good) // 2],
        "game": lambda: signed(key, body.replace(game.group(), other, 1)),
        "garbage": lambda: signed(key, game.group().join([b"{\"format\": 2, ", b"}\n\xff\xfe"])),
    }[damage]()


REPORTED = {
    "checksum": "failed its checksum (cut short or changed)",
    "key": "was written for another config",
    "magic": "is not a cardgen cache entry",
    "truncated": "failed its checksum (cut short or changed)",
}
"""What a damaged store is reported as; the others, "does not hold a stored game (...)"."""


def a_bad_store_is_a_miss(
    folder: Path, runner: CliRunner, config: str, knows: float | None, options: list[str],
    typed: str, damage: str,
) -> None:
    """A game played and stored; its store damaged: no store is read, the store is reported
    in one line and removed (issue 35 item 7: it was a silent miss), the next play takes the
    full path, plays the same game and writes the same store again."""
    args = ["play", config, *options]
    full = runner.invoke(app, [*args, "--no-cache"], input=typed).stdout
    assert runner.invoke(app, args, input=typed).stdout == full
    path = store_file(folder)
    good = path.read_bytes()
    bad = damaged(good, damage)
    assert bad != good
    path.write_bytes(bad)
    with pytest.warns(CardgenWarning) as caught:
        assert GameStore.for_config(load_card_config(Path(config)), knows).read() is None
    (message,) = (str(w.message) for w in caught)
    head, why = f"cache: {path}: ", REPORTED.get(damage, "does not hold a stored game (")
    assert message.startswith(head + why) and message.endswith("; removed, computing it again")
    assert not path.exists()
    path.write_bytes(bad)
    result = runner.invoke(app, args, input=typed)
    assert (result.exit_code, result.stdout) == (0, full)
    assert result.stderr == f"cardgen: warning: {printable(message)}\n"
    assert path.read_bytes() == good  # the miss played the full path and stored it again


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_bad_store_is_a_miss_and_is_written_again(
    folder: Path, runner: CliRunner, damage: str
) -> None:
    options = ["--seed", "1", "--hints"]
    a_bad_store_is_a_miss(folder, runner, ANIMALS, None, options, "g\ne\nr\nb\n", damage)


def test_no_cache_reads_and_writes_no_store(folder: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", ANIMALS, "--no-cache"], input="quit\n")
    assert result.exit_code == 0
    assert not folder.exists() or list(folder.glob("play-*.entry")) == []


@pytest.mark.network
@pytest.mark.parametrize(
    ("config", "options", "typed"),
    [
        ("twl06-2p.yaml", ["--seed", "1", "--hints"], "n\ny\n"),
        *(pytest.param(*game, marks=pytest.mark.slow) for game in [
            ("twl06-2p.yaml", ["--seat", "2", "--seed", "7", "--hints"], "?\ni\nc\n!\n"),
            ("twl06-2p-casual.yaml", ["--seed", "3", "--hints"], "q\nb\nqubit\n"),
            ("twl06-2p.yaml", ["--knows", "4", "--seat", "2", "--seed", "2"], "a\nr\n!\n"),
            ("twl06-3p.yaml", ["--seat", "3", "--seed", "4", "--hints"], "?\na\nb\nquit\n"),
        ]),
    ],
)
def test_twl06_games_stored_and_full(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch,
    config: str, options: list[str], typed: str,
) -> None:
    same_games(runner, monkeypatch, str(CONFIGS / config), options, typed)
