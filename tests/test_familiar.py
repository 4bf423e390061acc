"""Issue 8: the best try on every card format, and `ranking: familiar` end to end."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA, word_card
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.config import load_card_config
from cardgen.cards.make import LexiconRequest, Lexicons
from cardgen.errors import ConfigError
from cardgen.games.advice import Escape, Try, best_try
from cardgen.render.json import card_document
from cardgen.render.markdown import render_card
from cardgen.render.sentences import try_outcome
from cardgen.words.familiarity import read_cbpack
from cardgen.words.wordlists import CatalogList


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.network
def test_twl06_traps_on_the_card_and_in_the_json() -> None:
    lexicons = Lexicons()
    card = lexicons.card(LexiconRequest(CatalogList("twl06"), 4), 2)
    lost = {o.fragment: o.best_try for o in card.seats[1].openings if not o.won}
    assert lost == {
        "m": Try("b", 1, 2, Escape("mbaqanga", 0.0)),
        "n": Try("y", 4, 5, Escape("nyctalopia", 0.0)),
    }
    assert card.seats[0].openings[0].best_try is None  # the first seat wins
    text = render_card(card)  # as output/twl06-2p.md: the trap printed on the pocket card
    assert (
        "| m | **b**? | the trap; 1 of 2 replies loses; only players who know words as rare "
        "as mbaqanga (Zipf 0) get out |" in text
    )
    openings = card_document(card)["seats"][1]["openings"]
    tries = {o["fragment"]: o["try"] for o in openings if o["try"] is not None}
    assert tries == {
        "m": {"move": "b", "mistakes": 1, "replies": 2,
              "escape": {"word": "mbaqanga", "zipf": 0.0}},
        "n": {"move": "y", "mistakes": 4, "replies": 5,
              "escape": {"word": "nyctalopia", "zipf": 0.0}},
    }
    # Without frequencies the tries are the plain best tries of docs/rules.md.
    solution = lexicons.solution(LexiconRequest(CatalogList("twl06"), 4), 2)
    assert (best_try(solution, "m"), best_try(solution, "n")) == (
        Try("a", 22, 25), Try("i", 16, 19)
    )
    assert try_outcome(Try("a", 22, 25), 2) == "22 of 25 replies lose"


def test_the_first_seat_is_given_a_try_when_it_cannot_win() -> None:
    card = word_card("cat camel goat gecko gerbil gar", 2)
    assert card.seats[0].openings[0].best_try == Try("g", 2, 3)
    assert "\nBest try: open with *g* (2 of 3 replies lose).\n" in render_card(card)


FAMILIAR = "dictionary: animals.txt\nplayers: 2\nmin_length: 3\nranking: familiar\n"
FREQUENCIES = "# made up\ngannet\t3.2\ngerbil\t4.0\ngoat\t4.5\nbear\t2.9\n"


@pytest.mark.parametrize(
    ("extra", "words", "rare", "avoid"),
    [
        # fewest picks {bear, beaver}; two rare words lose to {gannet, gerbil, goat}, none rare.
        ("avoid: {replace: []}\n", ["gannet", "gerbil", "goat"], [], 0),
        # With goat avoided, no avoided word beats no rare word.
        ("avoid: {replace: [Goat]}\n", ["bear", "beaver"], ["bear", "beaver"], 1),
        # rare_below 3.5 makes gannet rare: one rare word still beats two.
        ("avoid: {replace: []}\nrare_below: 3.5\n", ["gannet", "gerbil", "goat"], ["gannet"], 0),
    ],
)
def test_the_familiar_card_on_a_made_up_frequency_file(
    runner: CliRunner,
    write_config: Callable[..., Path],
    tmp_path: Path,
    extra: str,
    words: list[str],
    rare: list[str],
    avoid: int,
) -> None:
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    config = write_config(FAMILIAR + "familiarity: freq.tsv\n" + extra)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(config), "-o", str(out), "-f", "json", "-f", "md"])
    assert result.exit_code == 0, result.output
    card = json.loads((out / "card.json").read_text())
    first = card["seats"][0]["openings"][0]
    assert (first["words"], first["rare"]) == (words, rare)
    assert card["ranking"]["by"] == "familiar"
    assert card["familiarity"]["source"] == "freq.tsv"
    assert card["ranking"]["avoid"] == avoid
    marked = ", ".join(w + ("†" if w in rare else "") for w in words)
    text = (out / "card.md").read_text()
    assert f"then steer to: {marked}." in text
    below = "3.5" if "3.5" in extra else "3"
    assert f"† marks a rare word (Zipf frequency below {below} in freq.tsv)." in text


def test_an_avoid_file_is_read_relative_to_the_config(
    write_config: Callable[..., Path], tmp_path: Path
) -> None:
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "avoid.txt").write_text("goat\n\nGECKO\n")
    path = write_config(FAMILIAR + "familiarity: freq.tsv\navoid: lists/avoid.txt\n")
    options = load_card_config(path).ranking
    assert options.avoid == frozenset({"goat", "gecko"})
    assert options.frequencies is not None
    assert dict(options.frequencies.zipf) == {
        "gannet": 3.2, "gerbil": 4.0, "goat": 4.5, "bear": 2.9
    }


def test_fewest_reads_no_frequency_data(write_config: Callable[..., Path]) -> None:
    options = load_card_config(write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"))
    assert (options.ranking.by, options.ranking.frequencies, options.ranking.avoid) == (
        "fewest", None, None
    )


def test_a_cbpack_is_read_with_msgpack() -> None:
    header = bytes([0x81, 0xA6]) + b"format" + bytes([0xA2]) + b"cB"
    buckets = bytes([0x90]) * 99 + bytes([0x91, 0xA3]) + b"cat"
    pack = bytes([0xDC, 0x00, 0x65]) + header + buckets  # 101 items: header and 100 buckets
    assert read_cbpack(gzip.compress(pack)) == {"cat": 8.01}
    with pytest.raises(ValueError, match="not a wordfreq cBpack"):
        read_cbpack(b"not gzip")


@pytest.mark.parametrize(("pack", "why"), [
    ([{"format": "cB"}, ["the"], [7]], "bucket 1 is not a list of words"),
    ([{"format": "other"}, ["the"]], "no cB header"),
    ({"format": "cB"}, "no cB header"),
    ([], "no cB header"),
])
def test_a_cbpack_of_another_shape_is_refused(pack: object, why: str) -> None:
    import msgpack

    with pytest.raises(ValueError) as raised:
        read_cbpack(gzip.compress(msgpack.packb(pack)))
    assert str(raised.value) == f"not a wordfreq cBpack ({why})"


def test_a_cut_cbpack_is_refused() -> None:
    import msgpack

    pack = msgpack.packb([{"format": "cB"}, ["the", "of"]])
    with pytest.raises(ValueError, match="^not a wordfreq cBpack"):
        read_cbpack(gzip.compress(pack[:-3]))


@pytest.mark.network
@pytest.mark.parametrize("name", ["twl06-2p-familiar", "american-english-2p-familiar"])
def test_the_shipped_familiar_configs_build(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    config = CONFIGS / f"{name}.yaml"
    if name.startswith("american") and not Path("/usr/share/dict/american-english").is_file():
        pytest.skip("wamerican is not installed")
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path), "-f", "json", "-q"])
    assert result.exit_code == 0, result.output
    card = json.loads((tmp_path / f"{name}.json").read_text())
    assert card["ranking"]["by"] == "familiar"
    assert card["familiarity"]["source"] == "wordfreq 3.1.1 (en)"
    for seat in card["seats"]:
        for opening in seat["openings"]:
            assert set(opening["rare"]) <= set(opening["words"])
            assert (opening["try"] is None) == bool(opening["words"])


def test_a_table_row_uses_the_ranking(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    rows = []
    for ranking in ("fewest", "familiar"):
        config = tmp_path / f"{ranking}.yaml"
        config.write_text(
            "dictionaries: [animals.txt]\nmin_lengths: [3]\nplayers: [2]\n"
            f"ranking: {ranking}\nfamiliarity: freq.tsv\n"
            + ("avoid: {replace: []}\n" if ranking == "familiar" else "")
        )
        result = runner.invoke(app, ["table", str(config), "-o", str(tmp_path), "-f", "json"])
        assert result.exit_code == 0, result.output
        rows.append(json.loads((tmp_path / f"{ranking}.json").read_text())["rows"][0])
    # Seat 1's card: {bear, beaver} with fewest, {gannet, gerbil, goat} with familiar.
    assert [row["seats"][0]["card_words"] for row in rows] == [2, 3]


def test_explain_steers_to_the_familiar_card_s_words(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path
) -> None:
    """explain (and play) solve a config as its card is solved: its ranking included."""
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    config = write_config(FAMILIAR + "familiarity: freq.tsv\navoid: {replace: []}\n")
    result = runner.invoke(app, ["explain", str(config), "", "--json"])
    assert result.exit_code == 0, result.output
    position = json.loads(result.stdout)
    assert position["words"] == ["gannet", "gerbil", "goat"]  # fewest would say bear, beaver
    assert position["card_move"] == "g"


# --- the avoid rule, and keys without effect (issue 20, item 13) -------------------------


@pytest.mark.parametrize(
    ("avoid", "avoided"),
    [("", {"gannet"}),
     ("avoid: [Goat]\n", {"gannet", "goat"}),
     ("avoid: lists.txt\n", {"gannet", "goat"}),
     ("avoid: {replace: [goat]}\n", {"goat"}),
     ("avoid: {replace: lists.txt}\n", {"goat"}),
     ("avoid: {replace: []}\n", set())],
)
def test_avoid_adds_to_the_default_list_unless_it_replaces_it(
    write_config: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    avoid: str, avoided: set[str],
) -> None:
    """The language's default list (here made up: gannet) plus the config's words; with
    `{replace: ...}` the config's words alone."""
    import cardgen.cards.make

    monkeypatch.setattr(cardgen.cards.make, "default_avoid", lambda *a, **k: frozenset({"gannet"}))
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    (tmp_path / "lists.txt").write_text("goat\n")
    config = load_card_config(write_config(FAMILIAR + "familiarity: freq.tsv\n" + avoid))
    lexicons = Lexicons()
    request = LexiconRequest(config.dictionary, 3, ranking=config.ranking)
    ranking, _, info = lexicons.ranking(request)
    words = lexicons.playable(request).words
    assert ranking.avoided is not None
    assert {w for w, flag in zip(words, ranking.avoided, strict=True) if flag} == avoided
    assert info.avoid == len(avoided)


@pytest.mark.parametrize(
    ("extra", "message"),
    [("rare_below: 2.5\n", "rare_below: has no effect with ranking: fewest (only familiar "
      "uses it)"),
     ("avoid: [goat]\n", "avoid: has no effect with ranking: fewest (only familiar uses "
      "it)"),
     ("ranking: fewest\navoid: {replace: []}\n", "avoid: has no effect with ranking: fewest "
      "(only familiar uses it)"),
     ("ranking: familiar\navoid: {add: [goat]}\n", "avoid: expected a list of words, a file "
      "of words, or {replace: words or file}, got {'add': ['goat']}")],
)
def test_keys_without_effect_are_refused(
    write_config: Callable[..., Path], extra: str, message: str
) -> None:
    path = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n" + extra)
    with pytest.raises(ConfigError) as caught:
        load_card_config(path)
    assert str(caught.value) == f"{path}: {message}"


BAD_FAMILIARITY_FILES = {
    # Issue 26 item 15: each refused, naming the file and the line.
    "duplicate": ("freq.tsv", b"goat\t4.5\nbear\t2.9\nGoat\t4.0\n",
                  "familiarity: {path}: line 3: 'goat' is listed twice (first on line 1)"),
    "minus three": ("freq.tsv", b"goat\t4.5\nbear\t-3\n",
                    "familiarity: {path}: line 2: expected a Zipf frequency from 0 to 10, "
                    "got '-3'"),
    "99": ("freq.tsv", b"goat\t99\n",
           "familiarity: {path}: line 1: expected a Zipf frequency from 0 to 10, got '99'"),
    "empty": ("freq.tsv", b"", "familiarity: {path}: no words (expected word<TAB>zipf lines)"),
    "comments only": ("freq.tsv", b"# word<TAB>zipf\n\n",
                      "familiarity: {path}: no words (expected word<TAB>zipf lines)"),
    "NUL in frequencies": ("freq.tsv", b"goat\t4.5\nbe\0ar\t2.9\n",
                           "familiarity: {path}: line 2: holds a NUL byte (not a text file)"),
    "NUL in avoid": ("avoid.txt", b"goat\n\nbe\0ar\n",
                     "avoid: {path}: line 3: holds a NUL byte (not a text file)"),
}


@pytest.mark.parametrize("case", list(BAD_FAMILIARITY_FILES))
def test_bad_frequency_and_avoid_files_are_refused_with_the_line(
    runner: CliRunner, write_config: Callable[..., Path], tmp_path: Path, case: str
) -> None:
    name, data, message = BAD_FAMILIARITY_FILES[case]
    (tmp_path / "freq.tsv").write_text(FREQUENCIES)
    (tmp_path / "avoid.txt").write_text("goat\n")
    (tmp_path / name).write_bytes(data)  # one of the two files is bad
    config = write_config(FAMILIAR + "familiarity: freq.tsv\navoid: avoid.txt\n")
    result = runner.invoke(app, ["build", str(config), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.stdout) == (2, "")
    message = message.format(path=tmp_path / name)
    assert result.stderr == f"cardgen: error: {config}: {message}\n"
    assert not (tmp_path / "out").exists()
