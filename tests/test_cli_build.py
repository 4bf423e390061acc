from __future__ import annotations

import dataclasses
import gc
import json
import os
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA, check_golden
from typer.testing import CliRunner

from cardgen import __version__
from cardgen.app.cli import app
from cardgen.render.pdf import fonts
from cardgen.words import wordlists
from cardgen.words.catalog import sha256

GOOD = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"


def test_build_writes_markdown_and_json(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", str(DATA / "animals.yaml"), "--out", str(out), "-f", "md", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["animals.json", "animals.md"]
    assert result.stdout.splitlines() == [str(out / "animals.md"), str(out / "animals.json")]
    check_golden("animals.md", (out / "animals.md").read_text(encoding="utf-8"))
    check_golden("animals.json", (out / "animals.json").read_text(encoding="utf-8"))


def test_the_json_card(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["build", str(DATA / "animals.yaml"), "-o", str(tmp_path), "-f", "json", "-q"]
    )
    assert result.exit_code == 0 and result.stdout == ""
    card = json.loads((tmp_path / "animals.json").read_text())
    assert card["losers"] == [2]
    assert card["dictionary"]["entries"] == 14
    # Not Gnu (a capital), don't (an apostrophe), anteater (ant ends the game first).
    assert card["dictionary"]["playable"] == 11
    first = card["seats"][0]["openings"]
    # b wins with {bear, beaver} (2 words), better than g's {gannet, gerbil, goat}.
    assert first == [
        {
            "fragment": "",
            "losers": [2],
            "moves": ["b", "g"],
            "words": ["bear", "beaver"],
            "try": None,
            "rare": [],
            "named": [],
            # The pocket deck prints the first seat's words (they win every game).
            "printed": "words",
            "printed_move": "b",
        }
    ]
    assert card["schema"] == 5
    assert card["ranking"] == {"by": "fewest", "rare_below": 3.0, "avoid": 0}
    assert card["familiarity"]["source"] == "wordfreq 3.1.1 (en)"
    assert (card["opponent"], card["traps"]) == ("perfect", True)
    assert [o["fragment"] for o in card["seats"][1]["openings"]] == ["a", "b", "c", "g"]


def test_a_build_runs_without_the_cycle_collector_and_restores_it(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build's objects live until it ends: the collector waits (cardgen.app.cli._run), and is
    back on after the build, also when the build fails."""
    from cardgen.app import runner as app_runner

    seen: list[bool] = []
    run = app_runner.run

    def watched(*args: object, **options: object) -> object:
        seen.append(gc.isenabled())
        return run(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(app_runner, "run", watched)
    args = ["build", str(DATA / "animals.yaml"), "-o", str(tmp_path), "-f", "json", "-q"]
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, ["build", str(tmp_path / "missing.yaml"), "-q"]).exit_code == 2
    assert seen == [False, False] and gc.isenabled()


def test_the_same_config_gives_the_same_bytes(runner: CliRunner, tmp_path: Path) -> None:
    for name in ("one", "two"):
        runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-o", str(tmp_path / name),
                            "-f", "md", "-f", "json"])
    for suffix in ("md", "json"):
        one = (tmp_path / "one" / f"animals.{suffix}").read_bytes()
        assert one == (tmp_path / "two" / f"animals.{suffix}").read_bytes()


def test_output_dir_comes_from_the_config_relative_to_the_current_folder(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = write_config(GOOD + "output_dir: cards\n")
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["build", str(path), "-f", "md", "-q"])
    assert result.exit_code == 0, result.output
    assert (work / "cards" / "card.md").is_file()


BAD_CONFIGS = {
    "players: two": ("dictionary: animals.txt\nplayers: two\nmin_length: 3\n",
                     "players: expected an integer from 2 to 10, got 'two'"),
    "float": ("dictionary: animals.txt\nplayers: 2\nmin_length: 3.5\n",
              "min_length: expected an integer from 2 to 15, got 3.5"),
    "range": ("dictionary: animals.txt\nplayers: 12\nmin_length: 3\n",
              "players: expected an integer from 2 to 10, got 12"),
    "unknown key": (GOOD + "seats: 2\n", "seats: unknown key (expected one of: dictionary, "
                    "players, min_length, title, output_dir, pdf, language, alphabet, "
                    "capitalized, ranking, rare_below, familiarity, avoid, opponent, "
                    "casual_table, game)"),
    # Issue 8: the ranking keys.
    "ranking: often": (GOOD + "ranking: often\n",
                       "ranking: expected one of fewest, familiar, got 'often'"),
    "rare_below: -1": (GOOD + "rare_below: -1\n",
                       "rare_below: expected a Zipf frequency from 0 to 10, got -1"),
    "malformed frequency line": (
        GOOD + "ranking: familiar\nfamiliarity: freq.tsv\n",
        "familiarity: {dir}/freq.tsv: line 3: expected word<TAB>zipf, got 'bear 4.5'",
    ),
    "missing avoid file": (
        GOOD + "ranking: familiar\navoid: nosuch.txt\n",
        "avoid: no avoid file 'nosuch.txt' (looked for {dir}/nosuch.txt)",
    ),
    "missing dictionary": ("players: 2\nmin_length: 3\n", "dictionary: missing (required)"),
    "syntax": ("dictionary: animals.txt\nplayers: : 2\n",
               "line 2: YAML syntax error: mapping values are not allowed here"),
    "not a mapping": ("- 1\n- 2\n", "expected a mapping of keys, got a list"),
    "empty": ("", "the config is empty"),
}


@pytest.mark.parametrize("case", list(BAD_CONFIGS))
def test_bad_configs_exit_2_with_one_line_and_write_nothing(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path, case: str
) -> None:
    text, message = BAD_CONFIGS[case]
    (tmp_path / "freq.tsv").write_text("# word<TAB>zipf\nbeaver\t3.5\nbear 4.5\n")
    message = message.format(dir=tmp_path)
    good = write_config(GOOD, "good.yaml")
    bad = write_config(text, "bad.yaml")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(good), str(bad), "--out", str(out)])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: {bad}: {message}\n"
    assert result.stdout == ""
    assert not out.exists()  # not even the good config's card


def test_a_binary_config_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(bytes(range(256)))
    result = runner.invoke(app, ["build", str(bad), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: {bad}: not a text file (it holds NUL bytes)\n"
    assert not (tmp_path / "out").exists()


def test_a_missing_config_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {tmp_path / 'nope.yaml'}: cannot read config: No such file or directory\n"
    )


def test_a_word_list_with_no_playable_words_exits_2(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "caps.txt").write_text("CAT\nDog\nit's\n")
    config = tmp_path / "caps.yaml"
    config.write_text("dictionary: caps.txt\nplayers: 2\nmin_length: 3\n")
    result = runner.invoke(app, ["build", str(config), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {config}: dictionary: {tmp_path / 'caps.txt'}: no playable words of "
        "3+ letters (entries must be lower-case a-z words)\n"
    )
    assert not (tmp_path / "out").exists()


def test_a_missing_word_list_file_exits_2(
    runner: CliRunner, write_config: Callable[..., Path]
) -> None:
    path = write_config("dictionary: nowhere.txt\nplayers: 2\nmin_length: 3\n")
    result = runner.invoke(app, ["build", str(path)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {path}: dictionary: no word list file 'nowhere.txt' "
        f"(looked for {path.parent / 'nowhere.txt'})\n"
    )


def test_an_unknown_format_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-f", "docx",
                                 "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == (
        "cardgen: error: --format: expected one of md, json, pdf, svg, got 'docx'\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_two_configs_writing_the_same_files_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
        (tmp_path / folder / "card.yaml").write_text(GOOD)
    one, two = tmp_path / "a" / "card.yaml", tmp_path / "b" / "card.yaml"
    result = runner.invoke(app, ["build", str(one), str(two), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {two}: writes {tmp_path / 'out' / 'card.md'}, as {one} does: "
        "rename one of them\n"
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_output_folder_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-o", str(locked)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"cardgen: error: {locked}: cannot write:")


def test_an_output_path_through_a_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    """No run could write there: the argument is at fault (bad input), unlike a locked folder."""
    blocker = tmp_path / "out"
    blocker.write_text("a file, not a folder")
    result = runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-o", str(blocker / "x")])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: {blocker}: cannot write: it is a file, not a folder\n"
    assert blocker.read_text() == "a file, not a folder"


def test_version_and_help_as_a_module() -> None:
    run = subprocess.run([sys.executable, "-m", "cardgen", "--version"],
                         capture_output=True, text=True, check=True)
    assert run.stdout == f"cardgen {__version__}\n"
    for command in ([], ["build"], ["table"], ["wordlists"], ["wordlists", "fetch"]):
        run = subprocess.run([sys.executable, "-m", "cardgen", *command, "--help"],
                             capture_output=True, text=True, check=True)
        assert "Example: cardgen" in run.stdout, command


def test_bad_input_shows_no_traceback_in_a_real_process(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [\n")
    run = subprocess.run([sys.executable, "-m", "cardgen", "build", str(bad)],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith(f"cardgen: error: {bad}: line 2: YAML syntax error")


@pytest.mark.parametrize(
    ("text", "message"),
    [("pdf: " + "[" * 5000 + "]" * 5000 + "\n",
      "line 1: lists or mappings nested more than 50 deep"),
     ("".join(" " * i + "a:\n" for i in range(1200)),
      "line 51: lists or mappings nested more than 50 deep"),
     ("d:\n  - [" + ", ".join(["&a0 {k: 1}"] + [f"&a{i} {{<<: *a{i - 1}}}" for i in range(1, 2400)])
      + "]\ne: {<<: *a2399}\n",
      "line 2: YAML syntax error: merge keys nested more than 50 deep")],
    ids=["flow-5000", "block-1200", "merges-2400"],
)
def test_a_config_nested_thousands_deep_is_one_line_in_a_real_process(
    tmp_path: Path, text: str, message: str
) -> None:
    """Not a RecursionError, whatever PyYAML (libyaml stops at 1,000 levels since 6.0.4)."""
    deep = tmp_path / "deep.yaml"
    deep.write_text(text)
    run = subprocess.run([sys.executable, "-m", "cardgen", "build", str(deep)],
                         capture_output=True, text=True)
    assert (run.returncode, run.stderr) == (2, f"cardgen: error: {deep}: {message}\n")


def test_a_missing_debian_list_exits_1_naming_the_package(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = dict(wordlists.load_catalog())
    catalog["web2"] = dataclasses.replace(catalog["web2"], member="/nonexistent/dict/web2")
    monkeypatch.setattr(wordlists, "load_catalog", lambda: types.MappingProxyType(catalog))
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", str(DATA / "animals.yaml"), str(CONFIGS / "web2-2p.yaml"), "-o", str(out)]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "cardgen: error: web2: /nonexistent/dict/web2 is not installed; "
        "install it with `apt-get install miscfiles`\n"
    )
    assert not out.exists()


def test_a_title_the_pdf_font_cannot_print_names_the_title(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fonts, "FONT_FOLDERS", (tmp_path / "no-fonts",))
    path = write_config(GOOD + "title: 幽霊\n")
    result = runner.invoke(app, ["build", str(path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    font = fonts.DEFAULT_FONT if fonts.DEFAULT_FONT.is_file() else fonts.VERA
    assert result.stderr == (
        f"cardgen: error: {path}: title: the font {font} "
        "has no glyph for '幽霊'; set pdf.font to a TrueType font that has them (none "
        "installed here has them), or change the title\n"
    )
    assert not (tmp_path / "out").exists()


def test_an_installed_font_with_the_glyphs_is_suggested(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "FONT_FOLDERS", (fonts.VERA.parent,))
    assert fonts.font_with("Ghost") == fonts.VERA  # Vera.ttf, with VeraBd.ttf beside it
    assert fonts.font_with("幽霊") is None


def test_a_file_that_is_not_a_font_names_the_config(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path
) -> None:
    (tmp_path / "fake.ttf").write_text("not a font")
    path = write_config(GOOD + "pdf: {font: fake.ttf}\n")
    result = runner.invoke(app, ["build", str(path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        f"cardgen: error: {path}: pdf.font: {tmp_path / 'fake.ttf'}: not a TrueType font"
    )
    assert result.stderr.count("\n") == 1


def test_markdown_prints_a_title_and_a_list_path_as_written(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "my_*words*.txt").write_bytes((DATA / "animals.txt").read_bytes())
    config = tmp_path / "card.yaml"
    config.write_text(
        "dictionary: my_*words*.txt\nplayers: 2\nmin_length: 3\ntitle: 'A *bold* <b>card</b>'\n"
    )
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path), "-f", "md", "-q"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "card.md").read_text(encoding="utf-8")
    assert text.startswith("# A \\*bold\\* \\<b\\>card\\</b\\>\n")
    assert "**Rules:** my\\_\\*words\\*.txt word list" in text
    assert text.endswith(
        "my\\_\\*words\\*.txt: 14 entries, 11 playable words of 3+ letters, sha256 "
        f"{sha256((DATA / 'animals.txt').read_bytes())[:12]}. Made by cardgen {__version__}.\n"
    )


def test_card_numbers_read_well() -> None:
    """Thousands separators and singulars on the card (issue 20, item 17)."""
    from conftest import word_card

    from cardgen.games.advice import Escape, Try
    from cardgen.render.markdown import render_card
    from cardgen.render.sentences import try_outcome

    card = word_card("cat", 2)
    seat = card.seats[1]
    many = dataclasses.replace(seat, openings=seat.openings * 3067)
    text = render_card(dataclasses.replace(card, seats=(card.seats[0], many)))
    assert "\n3,067 of 3,067 openings won.\n" in text
    assert "tiny (test): 1 entry, 1 playable word of 3+ letters, sha256 " in text
    assert try_outcome(Try("a", 1, 2), 2) == "1 of 2 replies loses"
    assert try_outcome(Try("a", 1, 2), 3) == "1 of 2 replies saves you"
    assert try_outcome(Try("a", 2592, 3067), 2) == "2,592 of 3,067 replies lose"
    assert try_outcome(Try("a", 0, 5), 2) == "no try helps"
    # Issue 26 item 13: a trap none of whose replies is a mistake, and a lone reply.
    trap = Try("a", 0, 2, Escape("aba", 3.0))
    assert try_outcome(trap, 2) == "none of 2 replies loses"
    assert try_outcome(trap, 3, brief=True) == "none of 2 saves you"
    assert try_outcome(Try("a", 1, 1), 2) == "the one reply loses"
    assert try_outcome(Try("a", 0, 1, Escape("aba", 3.0)), 3) == "the one reply does not save you"
