from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardgen.cards.config import load_card_config, load_table_config
from cardgen.cards.paper import PdfOptions
from cardgen.errors import ConfigError
from cardgen.words.wordlists import CatalogList, ListFile

GOOD = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"


def refusal(load: Callable[[Path], object], path: Path) -> str:
    """The one-line error `load` (a config reader) raises on the file at `path`."""
    with pytest.raises(ConfigError) as caught:
        load(path)
    return str(caught.value)


def test_a_full_card_config(write_config: Callable[..., Path], tmp_path: Path) -> None:
    path = write_config(
        GOOD + "title: My card\noutput_dir: cards\npdf: {size: a7, sheet: letter}\n"
    )
    config = load_card_config(path)
    assert config.dictionary == ListFile(tmp_path / "animals.txt", "animals.txt")
    assert (config.players, config.min_length, config.title) == (2, 3, "My card")
    assert config.output_dir == Path("cards")
    assert config.pdf == PdfOptions(size="a7", sheet="letter", font=None)
    assert config.stem == "card"


def test_defaults(write_config: Callable[..., Path]) -> None:
    config = load_card_config(write_config(GOOD))
    assert config.title is None
    assert config.output_dir == Path("output")
    assert config.pdf == PdfOptions()


@pytest.mark.parametrize(
    ("extra", "familiarity"),
    [
        ("", "wordfreq"),
        ("familiarity: wordfreq\n", "wordfreq"),
        ("familiarity: none\n", "none"),
        ("familiarity: no\n", "none"),  # YAML reads a bare no as false
    ],
)
def test_familiarity_is_read_for_every_card(
    write_config: Callable[..., Path], extra: str, familiarity: str
) -> None:
    ranking = load_card_config(write_config(GOOD + extra)).ranking
    assert (ranking.by, ranking.familiarity, ranking.frequencies) == ("fewest", familiarity, None)


def test_a_catalog_dictionary(write_config: Callable[..., Path]) -> None:
    config = load_card_config(write_config("dictionary: twl06\nplayers: 3\nmin_length: 4\n"))
    assert config.dictionary == CatalogList("twl06")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dictionary: animals.txt\nplayers: two\nmin_length: 3\n",
         "players: expected an integer from 2 to 10, got 'two'"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3.5\n",
         "min_length: expected an integer from 2 to 15, got 3.5"),
        ("dictionary: animals.txt\nplayers: 11\nmin_length: 3\n",
         "players: expected an integer from 2 to 10, got 11"),
        ("dictionary: animals.txt\nplayers: 1\nmin_length: 3\n",
         "players: expected an integer from 2 to 10, got 1"),
        ("dictionary: animals.txt\nplayers: true\nmin_length: 3\n",
         "players: expected an integer from 2 to 10, got True"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 16\n",
         "min_length: expected an integer from 2 to 15, got 16"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 1\n",
         "min_length: expected an integer from 2 to 15, got 1"),
        ("players: 2\nmin_length: 3\n", "dictionary: missing (required)"),
        ("dictionary: animals.txt\nmin_length: 3\n", "players: missing (required)"),
        (GOOD + "colour: red\n",
         "colour: unknown key (expected one of: dictionary, players, min_length, title, "
         "output_dir, pdf, language, alphabet, capitalized, ranking, rare_below, familiarity, "
         "avoid, opponent, casual_table, game)"),
        ("dictionary: nosuch\nplayers: 2\nmin_length: 3\n",
         "dictionary: no catalog list named 'nosuch' (`cardgen wordlists` lists them); "
         "for a file, write a path such as ./nosuch"),
        ("dictionary: [twl06]\nplayers: 2\nmin_length: 3\n",
         "dictionary: expected a catalog name or a file path, got ['twl06']"),
        (GOOD + "title: [a, b]\n", "title: expected one line of text, got ['a', 'b']"),
        (GOOD + "pdf: {size: huge}\n",
         "pdf.size: expected one of id1, business-us, business-eu, a7, index, got 'huge'"),
        (GOOD + "pdf: {sheet: a3}\n", "pdf.sheet: expected one of none, a4, letter, got 'a3'"),
        (GOOD + "pdf: {colour: red}\n",
         "pdf.colour: unknown key (expected one of: size, sheet, font, words, seats, bleed, "
         "cards)"),
        (GOOD + "pdf: big\n",
         "pdf: expected a mapping (size, sheet, font, words, seats, bleed, cards), got str 'big'"),
        ("- dictionary: twl06\n", "expected a mapping of keys, got a list"),
        ("just text\n", "expected a mapping of keys, got str 'just text'"),
        ("", "the config is empty"),
        ("# only a comment\n", "expected a mapping of keys, got nothing"),
        ("dictionary: twl06\nplayers: [2\n", "line 3: YAML syntax error: expected ',' or ']', "
         "but got '<stream end>'"),
        ("players: 2\nplayers: 3\n", "line 2: YAML syntax error: key 'players' appears twice"),
        # Keys that are lists or mappings, at the top or inside pdf (issue 10, 1)
        ("? [a, b]\n: 1\n",
         "line 1: YAML syntax error: a key must be a name, not a list or a mapping"),
        (GOOD + "{x: 1}: 2\n",
         "line 4: YAML syntax error: a key must be a name, not a list or a mapping"),
        (GOOD + "pdf:\n  [a]: red\n",
         "line 5: YAML syntax error: a key must be a name, not a list or a mapping"),
        (GOOD + "pdf: {size: [id1]}\n",
         "pdf.size: expected one of id1, business-us, business-eu, a7, index, got ['id1']"),
        (GOOD + "pdf: {sheet: {a: 4}}\n",
         "pdf.sheet: expected one of none, a4, letter, got {'a': 4}"),
        (GOOD + "3: x\n",
         "3: unknown key (expected one of: dictionary, players, min_length, title, "
         "output_dir, pdf, language, alphabet, capitalized, ranking, rare_below, familiarity, "
         "avoid, opponent, casual_table, game)"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: casual\n",
         "opponent: expected `perfect` or a mapping {knows: ZIPF} such as {knows: 3.0}, "
         "got 'casual'"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: {knows: 11}\n",
         "opponent.knows: expected a Zipf frequency from 0 to 10, got 11"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: {knows: yes}\n",
         "opponent.knows: expected a Zipf frequency from 0 to 10, got yes (YAML reads it as "
         "true)"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: {knows: 3}\n"
         "familiarity: none\n",
         "opponent: a casual table needs word frequencies: `familiarity` is none"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nopponent: {know: 3}\n",
         "opponent.know: unknown key (expected `perfect` or a mapping {knows: ZIPF} such as "
         "{knows: 3.0})"),
        # Control characters are refused when the config is read (issue 10, 8)
        (GOOD + 'title: "bell\\a"\n', "title: holds a control character (U+0007)"),
        (GOOD + 'title: "one\\u2028two"\n', "title: holds a line separator (U+2028)"),
        (GOOD + 'title: "\\u202eevil"\n', "title: holds an invisible format character (U+202E)"),
        (GOOD + 'title: "a\\u200bb"\n', "title: holds an invisible format character (U+200B)"),
        (GOOD + 'output_dir: "x\\u2029y"\n',
         "output_dir: holds a paragraph separator (U+2029)"),
        # A table config given to build (issue 10, 13)
        ("dictionaries: [twl06]\nmin_lengths: [3]\nplayers: [2]\n",
         "a table config (it has `dictionaries`): make it with `cardgen table`"),
        # Frequencies that cannot be had (issue 15)
        (GOOD + "ranking: familiar\nfamiliarity: none\n",
         "familiarity: `ranking: familiar` needs frequency data: wordfreq or a word<TAB>zipf "
         "file, not none"),
        # Every language cardgen has rules for has wordfreq data; another is refused first
        # (issue 20, item 12), so a config never asks for data that does not exist.
        (GOOD + "ranking: familiar\nlanguage: fi\n",
         "language: no spelling rules for 'fi' (cardgen has: ca, da, de, en, es, fr, it, nb, "
         "nl, pl, pt, pt-BR, sv)"),
        (GOOD + "familiarity: [none]\n", "familiarity: expected one line of text, got ['none']"),
    ],
)
def test_bad_card_configs(
    write_config: Callable[..., Path], text: str, message: str
) -> None:
    path = write_config(text)
    assert refusal(load_card_config, path) == f"{path}: {message}"


def test_a_binary_config(tmp_path: Path) -> None:
    path = tmp_path / "card.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(ConfigError, match=r"card.yaml: not a text file \(it holds NUL bytes\)$"):
        load_card_config(path)


def test_a_missing_config(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    message = refusal(load_card_config, path)
    assert message == f"{path}: cannot read config: No such file or directory"


def test_yaml_tags_are_not_run(write_config: Callable[..., Path]) -> None:
    path = write_config("dictionary: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(ConfigError, match="YAML syntax error: could not determine a constructor"):
        load_card_config(path)


def test_a_table_config(write_config: Callable[..., Path]) -> None:
    path = write_config(
        "dictionaries: [animals.txt, twl06]\nmin_lengths: [3, 4]\nplayers: [2, 3, 4]\n"
    )
    config = load_table_config(path)
    assert [d.name for d in config.dictionaries] == ["animals.txt", "twl06"]
    assert config.min_lengths == (3, 4)
    assert config.players == (2, 3, 4)
    assert config.title == "Who wins Ghost?"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dictionaries: [twl06]\nmin_lengths: [3]\nplayers: [2, two]\n",
         "players: expected an integer from 2 to 10, got 'two'"),
        ("dictionaries: [twl06]\nmin_lengths: 3\nplayers: [2]\n",
         "min_lengths: expected a non-empty list of integers, got 3"),
        ("dictionaries: []\nmin_lengths: [3]\nplayers: [2]\n",
         "dictionaries: expected a non-empty list of word lists, got []"),
        ("dictionaries: [twl06, twl06]\nmin_lengths: [3]\nplayers: [2]\n",
         "dictionaries: lists a word list twice: ['twl06', 'twl06']"),
        ("dictionaries: [twl06]\nmin_lengths: [3, 3]\nplayers: [2]\n",
         "min_lengths: lists a value twice: [3, 3]"),
        ("dictionaries: [twl06]\nmin_lengths: [3]\nplayers: [2]\ngame: chess\n",
         "game: expected one of ghost, superghost, superduperghost, got 'chess'"),
        ("dictionaries: [twl06]\nmin_lengths: [3]\nplayers: [2]\ndictionary: twl06\n",
         "dictionary: unknown key (expected one of: title, dictionaries, min_lengths, players, "
         "output_dir, ranking, rare_below, familiarity, avoid, opponent, game)"),
        ("dictionaries: [twl06]\nmin_lengths: [3]\nplayers: [2]\nranking: familiar\n"
         "familiarity: none\n",
         "familiarity: `ranking: familiar` needs frequency data: wordfreq or a word<TAB>zipf "
         "file, not none"),
    ],
)
def test_bad_table_configs(
    write_config: Callable[..., Path], text: str, message: str
) -> None:
    path = write_config(text)
    assert refusal(load_table_config, path) == f"{path}: {message}"


QUOTE = 'YAML reads it as {}: write "{}" in quotes'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Issue 35, 14: YAML 1.1 reads these plain words and numbers as something else; the
        # error names the text as written, what YAML read, and (for text) the quotes.
        (GOOD + "language: no\n",
         f"language: expected one line of text, got no ({QUOTE.format('false', 'no')})"),
        (GOOD + "title: 12:30:00\n", "title: expected one line of text, got 12:30:00 "
         f"({QUOTE.format('the number 45000', '12:30:00')})"),
        (GOOD + "title: yes\n",
         f"title: expected one line of text, got yes ({QUOTE.format('true', 'yes')})"),
        (GOOD + "title: 0x1F\n", "title: expected one line of text, got 0x1F "
         f"({QUOTE.format('the number 31', '0x1F')})"),
        (GOOD + "title: ~\n",
         f"title: expected one line of text, got ~ ({QUOTE.format('nothing', '~')})"),
        (GOOD + "title:\n", "title: expected one line of text, got nothing"),
        (GOOD + "output_dir: off\n",
         f"output_dir: expected one line of text, got off ({QUOTE.format('false', 'off')})"),
        (GOOD + "ranking: familiar\navoid: [no, off]\n", "avoid: expected a list of words, "
         "got [no, off] (YAML reads no as false: write \"no\" in quotes)"),
        (GOOD + "ranking: familiar\navoid:\n  - cat\n  - on\n", "avoid: expected a list of "
         "words, got [cat, on] (YAML reads on as true: write \"on\" in quotes)"),
        # Where quotes would not help (a number, a choice), what YAML read, without them.
        (GOOD + "pdf: {cards: yes}\n", "pdf.cards: expected full or a number of cards from 1 "
         "to 100, got yes (YAML reads it as true)"),
        ("dictionary: animals.txt\nplayers: 2\nmin_length: 1:30\n",
         "min_length: expected an integer from 2 to 15, got 1:30 (YAML reads it as the number "
         "90)"),
        (GOOD + "pdf: {seats: [1, on]}\n", "pdf.seats: expected a list of seat numbers such as "
         "[1, 2], got [1, on] (YAML reads on as true)"),
        (GOOD + "casual_table: {knows: [no, 3]}\n", "casual_table.knows: expected a range "
         "[LO, HI] of two finite Zipf frequencies up to 10 such as [2.0, 4.0], got [no, 3] "
         "(YAML reads no as false)"),
        (GOOD + "game: off\n",
         "game: expected one of ghost, superghost, superduperghost, got off (YAML reads it as "
         "false)"),
        (GOOD + "pdf: on\n", "pdf: expected a mapping (size, sheet, font, words, seats, bleed, "
         "cards), got on (YAML reads it as true)"),
        # Written as YAML writes it already: as before.
        ("dictionary: animals.txt\nplayers: true\nmin_length: 3\n",
         "players: expected an integer from 2 to 10, got True"),
        (GOOD + "opponent: {knows: .inf}\n",
         "opponent.knows: expected a Zipf frequency from 0 to 10, got inf"),
        # Keys as written.
        (GOOD + "yes: 3\n", "yes: unknown key (expected one of: dictionary, players, "
         "min_length, title, output_dir, pdf, language, alphabet, capitalized, ranking, "
         "rare_below, familiarity, avoid, opponent, casual_table, game)"),
        (GOOD + "pdf: {on: 3}\n", "pdf.on: unknown key (expected one of: size, sheet, font, "
         "words, seats, bleed, cards)"),
        (GOOD + "yes: 1\non: 2\n", "line 5: YAML syntax error: key on appears twice"),
    ],
)
def test_a_value_yaml_reads_as_something_else_is_named_as_written(
    write_config: Callable[..., Path], text: str, message: str
) -> None:
    path = write_config(text)
    assert refusal(load_card_config, path) == f"{path}: {message}"


def test_a_table_names_a_list_item_as_written(write_config: Callable[..., Path]) -> None:
    """Issue 35, 14: each item of a table's lists, echoed alone, as written."""
    path = write_config("dictionaries: [twl06, yes]\nmin_lengths: [3]\nplayers: [2]\n")
    assert refusal(load_table_config, path) == (
        f"{path}: dictionaries: expected a catalog name or a file "
        f"path, got yes ({QUOTE.format('true', 'yes')})"
    )
    path = write_config("dictionaries: [twl06]\nmin_lengths: [3, on]\nplayers: [2]\n")
    assert refusal(load_table_config, path) == (
        f"{path}: min_lengths: expected an integer from 2 to 15, got on (YAML reads it as true)"
    )


def test_an_alias_bomb_is_refused_quickly_with_a_short_message(
    write_config: Callable[..., Path],
) -> None:
    """About 400 bytes that stand for 9**9 integers; the message shows a preview only."""
    lists = ["&a [" + ", ".join(["1"] * 9) + "]"]
    for a, b in zip("abcdefgh", "bcdefghi", strict=True):
        lists.append(f"&{b} [" + ", ".join([f"*{a}"] * 9) + "]")
    text = f"dictionary: animals.txt\nmin_length: 3\nplayers: [{', '.join(lists)}]\n"
    assert len(text) < 420
    path = write_config(text)
    assert refusal(load_card_config, path) == (
        f"{path}: players: expected an integer from 2 to 10, got [[1, 1, 1, 1, ...], "
        "[[...], [...], [...], [...], ...], [[...], [...], [...], [...], ...], "
        "[[...], [...], [...], [...], ...], ...]"
    )


def test_merge_keys_of_merge_keys_are_bounded(write_config: Callable[..., Path]) -> None:
    """Counted as written (a4 names 9 x 172 keys), whatever PyYAML's flattening makes of them
    (6.0.4 drops the repeated `x` as it goes, 6.0.3 keeps every copy)."""
    text = "a0: &a0 {x: 1}\n"
    for i in range(1, 8):
        text += f"a{i}: &a{i} {{<<: [{', '.join([f'*a{i - 1}'] * 9)}]}}\n"
    path = write_config(text)
    assert refusal(load_card_config, path) == (
        f"{path}: line 5: YAML syntax error: merge keys expand past 10,000 keys"
    )


@pytest.mark.parametrize(("links", "line"), [(51, 3), (2400, 2)])
def test_merge_keys_of_merge_keys_nest_50_deep_at_most(
    write_config: Callable[..., Path], links: int, line: int
) -> None:
    """PyYAML flattens merges of merges by recursion, from whichever mapping it fills first:
    here the last, so a chain of 2,400 would exhaust Python's recursion limit. The first
    mapping in the file past the limit is named: `e` (merging a50, 50 deep), or a51."""
    chain = ", ".join(["&a0 {k: 1}"] + [f"&a{i} {{<<: *a{i - 1}}}" for i in range(1, links)])
    path = write_config(f"d:\n  - [{chain}]\ne: {{<<: *a{links - 1}}}\n")
    assert refusal(load_card_config, path) == (
        f"{path}: line {line}: YAML syntax error: merge keys nested more than 50 deep"
    )


def test_merge_keys_nested_50_deep_are_read(write_config: Callable[..., Path]) -> None:
    chain = ", ".join(["&a0 {players: 2}"] + [f"&a{i} {{<<: *a{i - 1}}}" for i in range(1, 51)])
    path = write_config(f"x-chain: [{chain}]\n")
    from cardgen.yamlfile import load_mapping

    assert load_mapping(path)["x-chain"][-1] == {"players": 2}


def test_a_mapping_that_merges_itself_is_read(write_config: Callable[..., Path]) -> None:
    from cardgen.yamlfile import load_mapping

    assert load_mapping(write_config("a: &a {b: 1, <<: *a}\n")) == {"a": {"b": 1}}


def test_a_huge_value_is_previewed(write_config: Callable[..., Path]) -> None:
    path = write_config(GOOD + "title: [" + "x" * 500_000 + "]\n")
    assert refusal(load_card_config, path) == (
        f"{path}: title: expected one line of text, got ['xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx']"
    )


def test_merge_keys_share_settings(write_config: Callable[..., Path]) -> None:
    path = write_config(
        "<<: {players: 2, min_length: 3}\ndictionary: animals.txt\nmin_length: 4\n"
    )
    config = load_card_config(path)
    assert (config.players, config.min_length) == (2, 4)  # explicit keys win over merged ones


def test_a_date_title_is_the_text_written(write_config: Callable[..., Path]) -> None:
    assert load_card_config(write_config(GOOD + "title: 2001-12-14\n")).title == "2001-12-14"


def test_home_is_expanded_in_output_dir(
    write_config: Callable[..., Path], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    config = load_card_config(write_config(GOOD + "output_dir: ~/cards\n"))
    assert config.output_dir == tmp_path / "home" / "cards"


def test_a_folder_as_dictionary(write_config: Callable[..., Path], tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    path = write_config("dictionary: ./lists\nplayers: 2\nmin_length: 3\n")
    assert refusal(load_card_config, path) == (
        f"{path}: dictionary: {tmp_path / 'lists'} is a folder, not a word list file"
    )


def test_a_card_config_given_to_table(write_config: Callable[..., Path]) -> None:
    path = write_config(GOOD)
    assert refusal(load_table_config, path) == (
        f"{path}: a card config (it has `dictionary`): make it with `cardgen build`"
    )


@pytest.mark.parametrize(
    ("target", "reason"),
    [("/dev/zero", "not a regular file (a device, a FIFO or a socket)"),
     ("/dev/urandom", "not a regular file (a device, a FIFO or a socket)")],
)
def test_a_device_as_config_is_refused(tmp_path: Path, target: str, reason: str) -> None:
    link = tmp_path / "card.yaml"
    link.symlink_to(target)
    for path in (Path(target), link):
        assert refusal(load_card_config, path) == f"{path}: cannot read config: {reason}"


def test_a_config_over_a_mebibyte_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "card.yaml"
    path.write_text("# " + "x" * (1 << 20) + "\n")
    assert refusal(load_card_config, path) == f"{path}: cannot read config: larger than 1 MiB"


@pytest.mark.parametrize(
    ("text", "knows"),
    [("", None), ("opponent: perfect\n", None), ("opponent: {knows: 3}\n", 3.0),
     ("opponent:\n  knows: 2.5\n", 2.5)],
)
def test_the_opponent_key(write_config: Callable[..., Path], text: str, knows: float) -> None:
    path = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n" + text)
    assert load_card_config(path).opponent.knows == knows


@pytest.mark.parametrize("game", ["ghost", "superghost", "superduperghost"])
def test_the_game_key_names_the_game(write_config: Callable[..., Path], game: str) -> None:
    path = write_config(f"dictionaries: [twl06]\nmin_lengths: [4]\nplayers: [2]\ngame: {game}\n")
    config = load_table_config(path)
    assert config.game.name == game
    assert config.title == {"ghost": "Who wins Ghost?", "superghost": "Who wins SuperGhost?",
                            "superduperghost": "Who wins SuperDuperGhost?"}[game]


@pytest.mark.parametrize(("written", "game"), [("SuperGhost", "superghost"), ("GHOST", "ghost"),
                                               ("SuperDuperGhost", "superduperghost")])
def test_the_game_name_is_case_insensitive(
    write_config: Callable[..., Path], written: str, game: str
) -> None:
    path = write_config(f"dictionary: animals.txt\nplayers: 2\nmin_length: 3\ngame: {written}\n")
    assert load_card_config(path).game.name == game


def test_a_fifo_as_avoid_file_is_refused_as_what_it_is(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    os.mkfifo(tmp_path / "avoid.txt")
    path = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
                        "ranking: familiar\navoid: avoid.txt\n")
    with pytest.raises(ConfigError) as caught:
        load_card_config(path)
    assert str(caught.value).endswith(
        f"avoid: {tmp_path / 'avoid.txt'} is a FIFO (named pipe), not an avoid file"
    )


# --- paths that are not what they should be (issue 20, items 2 and 8) --------------------


@pytest.mark.parametrize(
    ("key", "what"),
    [("dictionary", "word list file"), ("pdf.font", "font file"),
     ("familiarity", "frequency file"), ("avoid", "avoid file")],
)
def test_an_unusable_path_says_what_it_is(
    write_config: Callable[..., Path], tmp_path: Path, key: str, what: str
) -> None:
    """Missing, a folder, a device, a symbolic link loop: each said as it is."""
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    a = "an" if what.startswith("a") else "a"
    cases = {
        "./nothing.txt": f"no {what} './nothing.txt' (looked for {tmp_path / 'nothing.txt'})",
        ".": f"{tmp_path / '.'} is a folder, not {a} {what}",
        "/dev/zero": f"/dev/zero is a device, not {a} {what}",
        "./loop": f"{tmp_path / 'loop'}: a loop of symbolic links, not {a} {what}",
    }
    for spec, message in cases.items():
        if key == "dictionary":
            text = f"dictionary: '{spec}'\nplayers: 2\nmin_length: 3\n"
        elif key == "pdf.font":
            text = GOOD + f"pdf: {{font: '{spec}'}}\n"
        else:
            text = GOOD + f"ranking: familiar\n{key}: '{spec}'\n"
        path = write_config(text)
        assert refusal(load_card_config, path) == f"{path}: {key}: {message}", spec


@pytest.mark.parametrize(
    "text",
    [GOOD.replace("animals.txt", "~nosuchuser/words.txt"),
     GOOD + "output_dir: ~nosuchuser/cards\n",
     GOOD + "pdf: {font: ~nosuchuser/f.ttf}\n",
     GOOD + "ranking: familiar\nfamiliarity: ~nosuchuser/zipf.tsv\n",
     GOOD + "ranking: familiar\navoid: ~nosuchuser/avoid.txt\n"],
)
def test_an_unknown_user_in_a_path_is_refused(
    write_config: Callable[..., Path], text: str
) -> None:
    path = write_config(text)
    key = next(
        k for k in ("dictionary", "output_dir", "pdf.font", "familiarity", "avoid")
        if f"{k.split('.')[-1]}: ~nosuchuser" in text or f"{k}: ~" in text
    )
    message = refusal(load_card_config, path)
    assert message == f"{path}: {key}: cannot expand '~nosuchuser': no such user"


# --- configs that would cost too much to read (issue 20, items 4 and 10) -----------------

ONE_MIB = 1 << 20


def _too_deep(loader: Any) -> yaml.scanner.ScannerError:
    mark = loader.get_mark()
    return yaml.scanner.ScannerError("while nesting", mark, "more than 1,000 levels", mark)


class StopsAt1000(yaml.SafeLoader):
    """PyYAML's own parser, stopping at 1,000 levels as libyaml does since PyYAML 6.0.4."""

    def fetch_flow_collection_start(self, TokenClass: Any) -> None:
        if self.flow_level >= 1000:
            raise _too_deep(self)
        super().fetch_flow_collection_start(TokenClass)

    def add_indent(self, column: int) -> bool:
        if len(self.indents) >= 1000:
            raise _too_deep(self)
        return bool(super().add_indent(column))


class RefusesAll(yaml.SafeLoader):
    """A parser that refuses what PyYAML's own reads (libyaml's and PyYAML's may differ)."""

    def fetch_more_tokens(self) -> None:
        raise yaml.scanner.ScannerError(None, None, "refused", None)


@pytest.mark.parametrize(
    ("text", "message"),
    [(GOOD + "bogus: [" + ",".join(["1"] * (ONE_MIB // 2 - 40)) + "]\n",
      "line 4: more than 10,000 values (a config is a few lines)"),
     ("players: [" + ",".join(["1"] * 300_000) + "]\n",
      "line 1: more than 10,000 values (a config is a few lines)"),
     ("a: 1\n" * 200_000, "line 5000: more than 10,000 values (a config is a few lines)"),
     ("pdf: " + "[" * 5000 + "]" * 5000 + "\n",
      "line 1: lists or mappings nested more than 50 deep"),
     ("pdf: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
      "line 1: lists or mappings nested more than 50 deep"),
     ("".join("  " * i + "a:\n" for i in range(300)),
      "line 51: lists or mappings nested more than 50 deep"),
     ("".join(" " * i + "a:\n" for i in range(1200)),
      "line 51: lists or mappings nested more than 50 deep")],
    ids=["unknown-key-flow-list", "players-list", "many-keys", "deep-lists", "deep-mappings",
         "deep-block", "deeper-block"],
)
@pytest.mark.parametrize(
    "parser", ["libyaml", "python", "python-stopping-at-1000", "one-refusing-then-python"]
)
def test_a_huge_or_deep_config_is_refused_before_anything_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str, parser: str
) -> None:
    """Judged on the event stream alone: no node and no value is built (so no config of the
    allowed size takes more than a moment, nor hits the recursion limit). The same with
    libyaml (which gives up at 1,000 levels since PyYAML 6.0.4, having read ahead past our
    limit), without it, and with a parser that has a limit of its own."""
    from cardgen import yamlfile

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a node was built")

    monkeypatch.setattr(yaml.composer.Composer, "compose_node", never)
    if parser == "python":
        monkeypatch.setattr(yamlfile, "_PARSERS", (yaml.SafeLoader,))
    elif parser == "python-stopping-at-1000":
        monkeypatch.setattr(yamlfile, "_PARSERS", (StopsAt1000,))
    elif parser == "one-refusing-then-python":
        monkeypatch.setattr(yamlfile, "_PARSERS", (RefusesAll, yaml.SafeLoader))
    elif not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml")
    path = tmp_path / "card.yaml"
    path.write_text(text)
    assert path.stat().st_size <= ONE_MIB
    assert refusal(load_card_config, path) == f"{path}: {message}"


@pytest.mark.parametrize(
    "text",
    [GOOD.replace("players: 2", "players: " + "1" * 5000),
     GOOD + "pdf: {seats: [" + "1" * 4301 + "]}\n",
     GOOD.replace("players: 2", "players: 0x" + "f" * 200)],
)
def test_an_integer_of_thousands_of_digits_is_refused(
    write_config: Callable[..., Path], text: str
) -> None:
    path = write_config(text)
    with pytest.raises(ConfigError) as caught:
        load_card_config(path)
    line = 2 if "players: " + "1" in text or "0x" in text else 4
    assert str(caught.value) == (
        f"{path}: line {line}: YAML syntax error: an integer of more than 100 digits"
    )
