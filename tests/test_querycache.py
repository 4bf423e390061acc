"""The positions index: a warm `cardgen explain` reads its position without numpy or Jinja2,
and prints the very bytes the full path prints."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import DATA, heavy_imports
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.querycache import MAGIC, PositionIndex
from cardgen.errors import CardgenWarning, printable

ANIMALS = str(DATA / "animals.yaml")

QUESTIONS = [
    ["b"],
    ["B"],
    [""],
    ["bea", "--json"],
    ["b", "--knows", "3.7"],
    ["g", "--perfect", "--json"],
    ["cow"],
]


def explain(*args: str) -> tuple[str, list[str]]:
    """`cardgen explain ANIMALS ARGS` as a process: what it printed, and the heavy modules it
    imported."""
    return heavy_imports("explain", ANIMALS, *args)


def test_a_warm_explain_imports_no_numpy_and_prints_the_same_bytes(folder: Path) -> None:
    cold, imported = explain("b")
    # (an opening's answer names the letter the card's deck prints there: the card is built)
    assert imported == ["numpy", "jinja2", "cardgen.games.solver", "cardgen.cards.explain",
                        "cardgen.games.casual", "cardgen.games.traps", "cardgen.cards.pocket"]
    assert explain("b") == (cold, [])
    assert len(list(folder.glob("positions-*.entry"))) == 1


def test_every_answer_read_back_is_the_full_paths(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed = []
    for args in QUESTIONS:
        fresh = runner.invoke(app, ["explain", ANIMALS, *args, "--no-cache"])
        first = runner.invoke(app, ["explain", ANIMALS, *args])
        assert (first.exit_code, first.stdout) == (0, fresh.stdout), args
        printed.append(first.stdout)

    def solve(*args: object, **kwargs: object) -> None:
        raise RuntimeError("solved again")

    monkeypatch.setattr("cardgen.cards.explain.explain_config", solve)
    for args, before in zip(QUESTIONS, printed, strict=True):
        again = runner.invoke(app, ["explain", ANIMALS, *args])
        assert (again.exit_code, again.stdout) == (0, before), args
    fresh = runner.invoke(app, ["explain", ANIMALS, "b", "--no-cache"])
    assert str(fresh.exception) == "solved again"


def test_text_asked_after_json_runs_the_full_path_once(folder: Path, runner: CliRunner) -> None:
    as_json = runner.invoke(app, ["explain", ANIMALS, "b", "--json"])
    index = PositionIndex.for_config(Path(ANIMALS))
    answer = index.answer(("b", None, False))
    assert answer == {"position": json.loads(as_json.stdout)}  # no text printed yet
    text = runner.invoke(app, ["explain", ANIMALS, "b"])
    answer = PositionIndex.for_config(Path(ANIMALS)).answer(("b", None, False))
    assert answer == {"position": json.loads(as_json.stdout), "text": text.stdout}


def test_a_fragment_refused_is_never_kept(folder: Path, runner: CliRunner) -> None:
    for _ in range(2):
        result = runner.invoke(app, ["explain", ANIMALS, "b4"])
        assert result.exit_code == 2
        assert "FRAGMENT: expected letters a-z only, got 'b4'" in result.stderr
    assert PositionIndex.for_config(Path(ANIMALS)).rows() == {}


def test_the_index_is_an_entry_of_the_cache(folder: Path, runner: CliRunner) -> None:
    runner.invoke(app, ["explain", ANIMALS, "b"])
    lines = runner.invoke(app, ["cache"]).stdout.splitlines()
    assert sorted(line[:47] for line in lines[:10]) == [  # each casual table's figures too,
        "card      ghost, animals.txt, 2 players, min 3 ",  # and at an opening the card and
        "deck      ghost, animals.txt, 2 players, min 3 ",  # the plays it prints
        *["figures   ghost, animals.txt, 2 players, min 3 "] * 5,
        "game      ghost, animals.txt, 2 players, min 3 ",
        "positions ghost, animals.txt, 2 players, min 3 ",
        "printed   ghost, animals.txt, 2 players, min 3 ",
    ]
    cleared = runner.invoke(app, ["cache", "--clear"])
    assert cleared.stdout == f"removed 10 entries from {folder}\n"


FAILED = "failed its checksum (cut short or changed)"


@pytest.mark.parametrize(
    ("damage", "why"),
    [(lambda data: data.replace(b"beaver", b"beavor"), FAILED),
     (lambda data: data[: len(data) // 2], FAILED),
     (lambda data: data[:10], "is cut short"),
     (lambda data: b"cardgen-positions 0\n" + data[len(MAGIC):], "is not a cardgen cache entry")],
    ids=["changed", "truncated", "cut short", "magic"],
)
def test_a_damaged_index_is_reported_removed_and_written_again(
    folder: Path, runner: CliRunner, damage: Callable[[bytes], bytes], why: str
) -> None:
    """Issue 35 item 7: an index that fails its checksum was a silent miss, where docs/cli.md
    says every bad entry is reported."""
    first = runner.invoke(app, ["explain", ANIMALS, "b"])
    (path,) = folder.glob("positions-*.entry")
    data = path.read_bytes()
    assert data.startswith(MAGIC)
    assert b"beaver" in data
    path.write_bytes(damage(data))
    with pytest.warns(CardgenWarning) as caught:
        assert PositionIndex.for_config(Path(ANIMALS)).rows() == {}
    message = f"cache: {path}: {why}; removed, computing it again"
    assert [str(w.message) for w in caught] == [message]
    assert not path.exists()
    path.write_bytes(damage(data))
    again = runner.invoke(app, ["explain", ANIMALS, "b"])
    assert (again.exit_code, again.stdout) == (0, first.stdout)
    assert again.stderr == f"cardgen: warning: {printable(message)}\n"
    assert path.read_bytes() == data


def test_another_config_has_an_index_of_its_own(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    three = tmp_path / "three.yaml"
    text = Path(ANIMALS).read_text().replace("players: 2", "players: 3")
    three.write_text(text.replace("animals.txt", str(DATA / "animals.txt")))
    runner.invoke(app, ["explain", ANIMALS, "b"])
    result = runner.invoke(app, ["explain", str(three), "b"])
    assert result.stdout.startswith("b · animals.txt, 3 players")
    assert len(list(folder.glob("positions-*.entry"))) == 2


def test_no_cache_keeps_no_index(folder: Path, runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, "b", "--no-cache"])
    assert result.exit_code == 0
    assert not folder.exists()
