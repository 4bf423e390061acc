"""`cardgen table`: strategy tables across word lists, minimum lengths and player counts."""

from __future__ import annotations

import dataclasses
import json
import types
from pathlib import Path

import pytest
from conftest import check_golden
from test_published import PUBLISHED_TWL06  # docs/rules.md, "Published results to reproduce"
from typer.testing import CliRunner

from cardgen.app import pool, terminal
from cardgen.app.cli import app
from cardgen.app.runner import TABLES, make_table, run
from cardgen.cards.config import load_table_config
from cardgen.cards.make import Lexicons
from cardgen.cards.tables import Row, SeatSummary
from cardgen.render.table import csv_header
from cardgen.words import builder, lexicon, wordlists
from cardgen.words.alphabet import Spelling
from cardgen.words.lexicon import Lexicon, playable_words

CONFIGS = Path(__file__).parent.parent / "configs" / "tables"

WORDS = (
    "cat\ncamel\ngoat\ngecko\ngerbil\ngar\ngannet\nGnu\ndon't\nbee\nbear\nbeaver\n"
    "ant\nanteater\nemu\neel\negret\nibis\niguana\nyak\nzebra\nox\n"
)
"""The small word list of the golden table: 22 entries, two of them not candidates."""
FORMATS = ("md", "csv", "json")
SMALL = "title: A small table\ndictionaries: [small.txt]\nmin_lengths: [3, 4]\nplayers: [2, 3, 4]\n"


def write_small(folder: Path, config: str = SMALL, name: str = "table-small.yaml") -> Path:
    """Write the small word list and a table config beside it; return the config's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "small.txt").write_text(WORDS, encoding="utf-8")
    path = folder / name
    path.write_text(config, encoding="utf-8")
    return path


@pytest.fixture
def small_table(tmp_path: Path) -> dict[str, str]:
    """The small table in every format, written by `write_tables`: extension -> text."""
    out = tmp_path / "out"
    written = run(TABLES, [write_small(tmp_path)], out=out)
    assert written == [out / f"table-small.{fmt}" for fmt in FORMATS]
    return {path.suffix[1:]: path.read_text(encoding="utf-8") for path in written}


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_small_table_matches_its_golden_file(small_table: dict[str, str], fmt: str) -> None:
    check_golden(f"table-small.{fmt}", small_table[fmt])


def test_rows_follow_the_config_order(small_table: dict[str, str]) -> None:
    rows = json.loads(small_table["json"])["rows"]
    assert [(r["min_length"], r["players"]) for r in rows] == [
        (3, 2),
        (3, 3),
        (3, 4),
        (4, 2),
        (4, 3),
        (4, 4),
    ]
    assert {(r["dictionary"], r["entries"]) for r in rows} == {("small.txt", 22)}
    # Not Gnu (a capital) or don't (an apostrophe); at min 3 not ox (too short) or anteater
    # (ant ends the game first); at min 4 only the 12 words of 4+ letters, anteater among them.
    assert [r["playable"] for r in rows] == [18, 18, 18, 12, 12, 12]
    assert [[s["seat"] for s in r["seats"]] for r in rows] == [
        [1, 2],
        [1, 2, 3],
        [1, 2, 3, 4],
        [1, 2],
        [1, 2, 3],
        [1, 2, 3, 4],
    ]


def test_rows_sum_up_the_cards(small_table: dict[str, str]) -> None:
    first = json.loads(small_table["json"])["rows"][0]
    # Two players, min length 3: b wins with {bear, beaver} (see tests/test_cli_build.py).
    assert first["losers"] == [2]
    assert first["seats"][0] == {"seat": 1, "openings": 1, "won": 1, "card_words": 2}
    assert first["winning_first_moves"] == ["b", "g", "i"]


def test_csv_has_seat_columns_up_to_the_most_players(small_table: dict[str, str]) -> None:
    lines = small_table["csv"].split("\n")
    assert lines[0] == ",".join(csv_header(4))
    assert lines[0].endswith("seat4_won,seat4_openings,seat4_card_words")
    assert lines[-1] == "" and "\r" not in small_table["csv"]
    two_players = lines[1].split(",")
    assert len(two_players) == 8 + 3 * 4 and two_players[-6:] == [""] * 6


def test_the_same_config_gives_the_same_bytes(tmp_path: Path) -> None:
    config = write_small(tmp_path)
    outputs = []
    for name in ("one", "two"):
        written = run(TABLES, [config], out=tmp_path / name)
        outputs.append([path.read_bytes() for path in written])
    assert outputs[0] == outputs[1]


def test_the_pool_and_one_process_make_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = load_table_config(write_small(tmp_path))
    alone = make_table(config, Lexicons(), workers=1)
    monkeypatch.setattr(pool, "PARALLEL_MIN_WORK", 0)
    pooled = make_table(config, Lexicons(), workers=2)
    assert pooled == alone


def test_each_list_is_read_once_and_each_lexicon_built_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    builds: list[int] = []

    def counting_load(
        source: wordlists.WordListSource, *, progress: object = None
    ) -> wordlists.WordList:
        reads.append(str(source))
        return wordlists.load_wordlist(source)

    def counting_playable(
        entries: tuple[str, ...], min_length: int, spelling: Spelling | None = None,
        *, prefix_free: bool = True,
    ) -> Lexicon:
        builds.append(min_length)
        return playable_words(entries, min_length, spelling, prefix_free=prefix_free)

    monkeypatch.setattr(builder, "load_wordlist", counting_load)
    monkeypatch.setattr(lexicon, "playable_words", counting_playable)  # imported where used
    run(TABLES, [write_small(tmp_path)], out=tmp_path / "out")
    assert reads == ["small.txt"]
    assert builds == [3, 4]


def test_the_cli_writes_only_the_formats_asked_for(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["table", str(write_small(tmp_path)), "--out", str(out), "-f", "csv", "-f", "md"]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [str(out / "table-small.csv"), str(out / "table-small.md")]
    assert sorted(p.name for p in out.iterdir()) == ["table-small.csv", "table-small.md"]


def test_no_progress_bar_when_stderr_is_not_a_terminal(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(terminal, "SHOW_PROGRESS_AFTER", 0.0)
    result = runner.invoke(app, ["table", str(write_small(tmp_path)), "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0
    assert result.stderr == "" and result.stdout == ""


def test_a_missing_debian_list_fails_before_any_work(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = dict(wordlists.load_catalog())
    catalog["american-english"] = dataclasses.replace(
        catalog["american-english"], member="/nonexistent/dict/american-english"
    )
    monkeypatch.setattr(wordlists, "load_catalog", lambda: types.MappingProxyType(catalog))

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("a word list was read before every list was checked")

    monkeypatch.setattr(builder, "load_wordlist", no_reading)
    config = write_small(
        tmp_path, "dictionaries: [small.txt, american-english]\nmin_lengths: [3]\nplayers: [2]\n"
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["table", str(config), "--out", str(out)])
    assert result.exit_code == 1
    assert result.stderr == (
        "cardgen: error: american-english: /nonexistent/dict/american-english is not installed; "
        "install it with `apt-get install wamerican`\n"
    )
    assert result.stdout == ""
    assert not out.exists()


BAD_CONFIGS = {
    "players not integers": (
        "dictionaries: [small.txt]\nmin_lengths: [3]\nplayers: [2, three]\n",
        "players: expected an integer from 2 to 10, got 'three'",
    ),
    "players not a list": (
        "dictionaries: [small.txt]\nmin_lengths: [3]\nplayers: 2\n",
        "players: expected a non-empty list of integers, got 2",
    ),
    "unknown key": (
        "dictionaries: [small.txt]\nmin_lengths: [3]\nplayers: [2]\nseats: 2\n",
        "seats: unknown key (expected one of: title, dictionaries, min_lengths, players, "
        "output_dir, ranking, rare_below, familiarity, avoid, opponent, game)",
    ),
}


@pytest.mark.parametrize("case", list(BAD_CONFIGS))
def test_bad_table_configs_exit_2_and_write_nothing(
    runner: CliRunner, tmp_path: Path, case: str
) -> None:
    text, message = BAD_CONFIGS[case]
    good = write_small(tmp_path)
    bad = write_small(tmp_path, text, "bad.yaml")
    out = tmp_path / "out"
    result = runner.invoke(app, ["table", str(good), str(bad), "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: {bad}: {message}\n"
    assert not out.exists()  # not even the good config's table


def test_two_tables_writing_the_same_files_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    one, two = write_small(tmp_path / "a"), write_small(tmp_path / "b")
    result = runner.invoke(app, ["table", str(one), str(two), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {two}: writes {tmp_path / 'out' / 'table-small.md'}, as {one} does: "
        "rename one of them\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("name", ["classic", "scrabble"])
def test_the_shipped_table_configs(name: str) -> None:
    config = load_table_config(CONFIGS / f"{name}.yaml")
    lists = {
        "classic": ("web2", "twl06", "american-english"),
        "scrabble": ("twl06", "sowpods", "csw19"),
    }[name]
    assert tuple(str(d) for d in config.dictionaries) == lists
    assert config.min_lengths == (3, 4) and config.players == (2, 3, 4)


@pytest.fixture(scope="module")
def twl06_rows(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[int, int], Row]:
    folder = tmp_path_factory.mktemp("twl06")
    config = folder / "twl06.yaml"
    config.write_text("dictionaries: [twl06]\nmin_lengths: [3, 4]\nplayers: [2, 3, 4]\n")
    table = make_table(load_table_config(config), Lexicons())
    return {(row.min_length, row.players): row for row in table.rows}


@pytest.mark.network
@pytest.mark.parametrize(("min_length", "players"), list(PUBLISHED_TWL06))
def test_published_twl06_rows(
    twl06_rows: dict[tuple[int, int], Row], min_length: int, players: int
) -> None:
    row = twl06_rows[(min_length, players)]
    assert (row.losers, row.winning_first_moves) == PUBLISHED_TWL06[(min_length, players)]
    assert (row.dictionary, row.entries) == ("twl06", 178_691)


@pytest.mark.network
def test_twl06_first_seat_card_with_min_length_4_and_two_players(
    twl06_rows: dict[tuple[int, int], Row],
) -> None:
    row = twl06_rows[(4, 2)]
    # naan, nene, ngultrum, nirvanic, nolo, null, nyctalopia (docs/rules.md)
    assert row.seats[0] == SeatSummary(seat=1, openings=1, won=1, card_words=7)
    assert row.playable == 45_002


def test_a_bar_in_a_list_name_does_not_break_a_row(tmp_path: Path) -> None:
    folder = tmp_path / "t"
    folder.mkdir()
    (folder / "a|b.txt").write_text(WORDS, encoding="utf-8")
    config = folder / "t.yaml"
    config.write_text("dictionaries: [a|b.txt]\nmin_lengths: [3]\nplayers: [2]\n")
    (written,) = run(TABLES, [config], out=tmp_path / "out", formats=["md"])
    text = written.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| ghost | a"))
    assert row.startswith("| ghost | a\\|b.txt | 3 | 2 | 18 | ")
    assert row.replace("\\|", "").count("|") == 10  # 9 columns of a two-player row
    assert "- a\\|b.txt: the file a\\|b.txt, 22 entries" in text


def test_progress_is_reported_from_the_start(tmp_path: Path) -> None:
    """Reading the lists and building the lexicons are steps too, before any row is solved
    (issue 20, item 16: a table showed nothing until its rows were nearly done)."""
    from cardgen.progress import Step

    steps: list[Step] = []
    config = load_table_config(write_small(tmp_path))
    make_table(config, Lexicons(), steps.append, workers=1)
    title = config.title
    assert [(s.task, s.done, s.total, s.unit) for s in steps] == [
        (title, done, 9, "steps") for done in (0, 1, 2, 3, 6, 9)
    ]
    assert [s.detail for s in steps] == [
        "reading small.txt", "small.txt: words of 3+ letters", "small.txt: words of 4+ letters",
        "solving", "solving", "solving",
    ]


@pytest.mark.parametrize("name", ["=SUM(1+1).txt", "+1.txt", "-x.txt", "@cmd.txt"])
def test_a_list_name_that_looks_like_a_formula_is_text_in_the_csv(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    """Spreadsheet formula injection (issue 20, item 17): the cell starts with a quote."""
    (tmp_path / name).write_text(WORDS, encoding="utf-8")
    config = tmp_path / "t.yaml"
    config.write_text(
        f"dictionaries: ['./{name}']\nmin_lengths: [3]\nplayers: [2]\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["table", str(config), "-o", str(tmp_path / "out"), "-f", "csv"])
    assert result.exit_code == 0, result.output
    line = (tmp_path / "out" / "t.csv").read_text(encoding="utf-8").splitlines()[1]
    assert line.startswith(f"'{name},22,18,3,2,")
