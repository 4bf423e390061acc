"""cardgen.app.runner: one run for both commands; the two bugs of issue 7 stay fixed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import DATA
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.errors import RankEncodingError
from cardgen.games.ranking import RankCodec
from cardgen.words.catalog import sha256

FOUR_WORDS = b"cat\ncamel\ngoat\ngerbil\n"


def test_a_local_list_named_like_a_catalog_list_is_the_local_list(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 4-word file `web2` named `./web2` is read, from the config's folder or below it,
    and the card's provenance describes that file, not Debian's web2."""
    (tmp_path / "web2").write_bytes(FOUR_WORDS)
    (tmp_path / "card.yaml").write_text("dictionary: ./web2\nplayers: 2\nmin_length: 3\n")
    (tmp_path / "sub").mkdir()
    documents = []
    for cwd, config in ((tmp_path, "card.yaml"), (tmp_path / "sub", "../card.yaml")):
        monkeypatch.chdir(cwd)
        result = runner.invoke(app, ["build", config, "--format", "json", "-o", "out", "-q"])
        assert result.exit_code == 0, result.output
        documents.append(json.loads((cwd / "out" / "card.json").read_text()))
    for document in documents:
        assert document["dictionary"] == {
            "name": "web2",
            "source": "./web2",
            "sha256": sha256(FOUR_WORDS),
            "entries": 4,
            "playable": 4,
            "language": "en",
            "alphabet": "a-z",
            "letters": "abcdefghijklmnopqrstuvwxyz",
            "capitalized": "drop",
            "names": None,
            "abbreviations": False,
            "abbreviation_data": None,
        }
    assert documents[0] == documents[1]


def test_a_bare_catalog_name_is_the_catalog_list_even_beside_a_file_of_that_name(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "twl06").write_bytes(FOUR_WORDS)
    (tmp_path / "card.yaml").write_text("dictionary: mylist\nplayers: 2\nmin_length: 3\n")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "card.yaml", "-o", "out"])
    assert result.exit_code == 2
    assert result.stderr == (
        "cardgen: error: card.yaml: dictionary: no catalog list named 'mylist' "
        "(`cardgen wordlists` lists them); for a file, write a path such as ./mylist\n"
    )


def test_two_configs_writing_one_file_through_a_sheet_are_refused(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`x.yaml` with an A4 sheet writes x-sheet.pdf, and so does `x-sheet.yaml`."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    base = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
    one = tmp_path / "x.yaml"
    one.write_text(base + "pdf: {sheet: a4}\n")
    two = tmp_path / "x-sheet.yaml"
    two.write_text(base)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(one), str(two), "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {two}: writes {out / 'x-sheet.pdf'}, as {one} does: "
        "rename one of them\n"
    )
    assert not out.exists()


def test_formats_not_asked_for_do_not_collide(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    base = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
    (tmp_path / "x.yaml").write_text(base + "pdf: {sheet: a4}\n")
    (tmp_path / "x-sheet.yaml").write_text(base)
    out = tmp_path / "out"
    configs = [str(tmp_path / "x.yaml"), str(tmp_path / "x-sheet.yaml")]
    result = runner.invoke(app, ["build", *configs, "-o", str(out), "-f", "md", "-q"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["x-sheet.md", "x.md"]


def test_the_same_config_twice_is_named_once(runner: CliRunner, tmp_path: Path) -> None:
    config = DATA / "animals.yaml"
    relative = Path(os.path.relpath(config))
    result = runner.invoke(app, ["build", str(config), str(relative), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: {relative}: given twice\n"
    assert list(tmp_path.iterdir()) == []


def test_a_table_format_is_refused_by_build_before_any_work(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-f", "csv",
                                 "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == (
        "cardgen: error: --format: expected one of md, json, pdf, svg, got 'csv'\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_word_list_error_names_the_config_and_key(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "latin1.txt").write_bytes("smör\nål\n".encode("iso-8859-1"))
    (tmp_path / "t.yaml").write_text("dictionaries: [latin1.txt]\nmin_lengths: [3]\nplayers: [2]\n")
    result = runner.invoke(app, ["table", str(tmp_path / "t.yaml"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {tmp_path / 't.yaml'}: dictionaries: {tmp_path / 'latin1.txt'}: "
        "line 1: not utf-8 text (byte 0xf6); save the list as UTF-8\n"
    )
    assert not (tmp_path / "o").exists()


def test_a_one_megabyte_line_is_dropped_quickly(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "w.txt").write_text("cat\ncamel\n" + "x" * 1_000_000 + "\ngoat\n")
    (tmp_path / "w.yaml").write_text("dictionary: w.txt\nplayers: 2\nmin_length: 3\n")
    result = runner.invoke(app, ["build", str(tmp_path / "w.yaml"), "-f", "json", "-o",
                                 str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / "w.json").read_text())
    assert (card["dictionary"]["entries"], card["dictionary"]["playable"]) == (4, 3)


def test_a_list_too_large_to_rank_is_one_line(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def too_large(cls: object, lengths: object, avoided: int = 0, rare: int = 0) -> None:
        raise RankEncodingError("3 playable words are more than the 64-bit rank encoding holds "
                                "(...)")

    monkeypatch.setattr(RankCodec, "for_words", classmethod(too_large))
    (tmp_path / "w.txt").write_bytes(FOUR_WORDS)
    (tmp_path / "w.yaml").write_text("dictionary: w.txt\nplayers: 2\nmin_length: 3\n")
    result = runner.invoke(app, ["build", str(tmp_path / "w.yaml"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {tmp_path / 'w.yaml'}: dictionary: {tmp_path / 'w.txt'}: 3 playable "
        "words are more than the 64-bit rank encoding holds (...)\n"
    )


def test_a_solve_that_fails_otherwise_is_a_bug_with_its_traceback(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 36, item 7: any ValueError from a solve was reported as a word-list error, its
    traceback suppressed; only the rank encoding's limit is the list's fault."""
    def broken(cls: object, lengths: object, avoided: int = 0, rare: int = 0) -> None:
        raise ValueError("an index out of step")

    monkeypatch.setattr(RankCodec, "for_words", classmethod(broken))
    (tmp_path / "w.txt").write_bytes(FOUR_WORDS)
    (tmp_path / "w.yaml").write_text("dictionary: w.txt\nplayers: 2\nmin_length: 3\n")
    result = runner.invoke(app, ["build", str(tmp_path / "w.yaml"), "-o", str(tmp_path / "o")])
    assert isinstance(result.exception, ValueError), result.output
    assert str(result.exception) == "an index out of step"
    assert "dictionary:" not in result.stderr
    assert not (tmp_path / "o").exists()


# --- an output is never an input of the run (issue 20, item 1) ---------------------------


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("files", "args", "message"),
    [
        # `dictionary: ./words.md` with `output_dir: .` would replace the list with the card.
        ({"words.md": "cat\ncamel\n",
          "words.yaml": "dictionary: ./words.md\nplayers: 2\nmin_length: 3\noutput_dir: .\n"},
         ["build", "words.yaml"],
         "words.yaml: output words.md is the same file as the input words.md"),
        # A JSON-syntax config built into its own folder would be replaced by the JSON.
        ({"animals.txt": "cat\ncamel\n",
          "trick.json": '{"dictionary": "./animals.txt", "players": 2, "min_length": 3}'},
         ["build", "trick.json", "--out", "."],
         "trick.json: output trick.json is the same file as the input trick.json"),
        # A table config named like its Markdown table.
        ({"animals.txt": "cat\ncamel\n",
          "tab.md": "dictionaries: [./animals.txt]\nmin_lengths: [3]\nplayers: [2]\n"
                    "output_dir: .\n"},
         ["table", "tab.md"],
         "tab.md: output tab.md is the same file as the input tab.md"),
    ],
    ids=["word-list", "json-config", "table-config"],
)
def test_an_output_that_is_an_input_is_refused_before_any_work(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    files: dict[str, str], args: list[str], message: str,
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    before = _snapshot(tmp_path)
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (
        2, f"cardgen: error: {message}: write to another folder (output_dir or --out)\n"
    )
    assert _snapshot(tmp_path) == before


def test_only_the_formats_asked_for_count_as_outputs(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "animals.txt").write_bytes(FOUR_WORDS)
    (tmp_path / "trick.json").write_text(
        '{"dictionary": "./animals.txt", "players": 2, "min_length": 3}'
    )
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["build", "trick.json", "--out", ".", "-f", "md", "-q"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "trick.md").exists()


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_links_to_an_input_count_as_the_input(
    runner: CliRunner, tmp_path: Path, link: str
) -> None:
    """An output that is a link to another config's avoid file, frequency file or font: the
    inode decides, whatever the names."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "avoid.txt").write_text("cat\n")
    (tmp_path / "zipf.tsv").write_text("cat\t5.0\n")
    (tmp_path / "a.yaml").write_text(
        "dictionary: ./animals.txt\nplayers: 2\nmin_length: 3\nranking: familiar\n"
        "familiarity: ./zipf.tsv\navoid: ./avoid.txt\n"
    )
    (tmp_path / "b.yaml").write_text("dictionary: ./animals.txt\nplayers: 2\nmin_length: 3\n")
    out = tmp_path / "out"
    out.mkdir()
    make = os.symlink if link == "symlink" else os.link
    make(tmp_path / "avoid.txt", out / "b.md")
    before = _snapshot(tmp_path)
    result = runner.invoke(
        app, ["build", str(tmp_path / "a.yaml"), str(tmp_path / "b.yaml"), "-o", str(out)]
    )
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: {tmp_path / 'b.yaml'}: output {out / 'b.md'} is the same file as "
        f"the input {tmp_path / 'avoid.txt'} (read for {tmp_path / 'a.yaml'}): "
        "write to another folder (output_dir or --out)\n"
    )
    assert _snapshot(tmp_path) == before
    assert (tmp_path / "avoid.txt").read_text() == "cat\n"


def test_a_font_is_an_input(runner: CliRunner, tmp_path: Path) -> None:
    font = tmp_path / "card.pdf"
    font.write_bytes(b"not really a font")
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "card.yaml").write_text(
        "dictionary: ./animals.txt\nplayers: 2\nmin_length: 3\npdf: {font: card.pdf}\n"
    )
    result = runner.invoke(app, ["build", str(tmp_path / "card.yaml"), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"cardgen: error: {tmp_path / 'card.yaml'}: output ")
    assert font.read_bytes() == b"not really a font"
