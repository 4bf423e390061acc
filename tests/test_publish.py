"""`cardgen publish` and the strategy map: the files of a site, its data, and bad input.

What a person sees in a browser is tested in tests/test_browser.py.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import math
import re
import zlib
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest
from conftest import DATA, word_card
from hypothesis import given
from hypothesis import strategies as st
from test_hypothesis import both_solvers, words_strategy
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.tables import Row, SeatSummary, Table
from cardgen.games.advice import Escape
from cardgen.games.casual import casual
from cardgen.games.opponent import Opponent
from cardgen.games.traps import thresholds
from cardgen.render.explorer import render_card, render_game
from cardgen.render.site import CardPage, render_card_page, row_pages, table_summary

TABLE = "dictionaries: [animals.txt]\nmin_lengths: [3]\nplayers: [2, 3]\n"
CARD_FILES = ["animals.card.js", "animals.html", "animals.json", "animals.pdf", "animals.svg"]
TABLE_FILES = ["zoo.csv", "zoo.html", "zoo.json", "zoo.md"]
SITE_FILES = ["explorer.js", "index.html", "site.css", "site.js"]


@pytest.fixture
def configs(tmp_path: Path) -> tuple[Path, Path]:
    """The animals card config and a table config of the animals list, in tmp_path."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "animals.yaml").write_bytes((DATA / "animals.yaml").read_bytes())
    (tmp_path / "zoo.yaml").write_text(TABLE)
    return tmp_path / "animals.yaml", tmp_path / "zoo.yaml"


def publish(runner: CliRunner, *args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["publish", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def test_publish_writes_one_site(runner: CliRunner, configs: tuple[Path, Path],
                                 tmp_path: Path) -> None:
    out = tmp_path / "site"
    status, stdout, stderr = publish(runner, *configs, "--out", out)
    assert (status, stderr) == (0, "")
    names = sorted(p.name for p in out.iterdir())
    games = [name for name in names if name.startswith("game-")]
    assert len(games) == 1 and re.fullmatch(r"game-[0-9a-f]{12}\.js", games[0])
    assert names == sorted(CARD_FILES + TABLE_FILES + SITE_FILES + games)
    page = (out / "animals.html").read_text(encoding="utf-8")
    assert f'<script src="{games[0]}"></script>\n<script src="animals.card.js"></script>' in page
    assert stdout.splitlines()[0] == str(out / "index.html")
    index = (out / "index.html").read_text(encoding="utf-8")
    links = set(re.findall(r'href="([^"#]+)"', index))
    assert links >= {"animals.html", "zoo.html", "animals.pdf", "animals.json", "animals.svg",
                     "zoo.md", "zoo.csv", "zoo.json", "site.css"}
    assert not re.search(r'(src|href)="(https?:)?//', index)  # nothing from the network
    # The card's data files are those `cardgen build` writes.
    built = tmp_path / "built"
    result = runner.invoke(app, ["build", str(configs[0]), "-o", str(built), "-f", "json"])
    assert result.exit_code == 0
    assert (out / "animals.json").read_bytes() == (built / "animals.json").read_bytes()


def test_a_card_page_shows_each_opening_and_escapes_text(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    text = configs[0].read_text().replace("Animal Ghost", '"Beasts <b>&</b> birds"')
    configs[0].write_text(text)
    assert publish(runner, configs[0], "--out", tmp_path / "site")[0] == 0
    page = (tmp_path / "site" / "animals.html").read_text(encoding="utf-8")
    assert "<h1>Beasts &lt;b&gt;&amp;&lt;/b&gt; birds (Ghost), against perfect players</h1>" in page
    card = json.loads((tmp_path / "site" / "animals.json").read_text(encoding="utf-8"))
    rows = re.findall(r'class="opening" data-fragment="([^"]*)" data-play="([^"]*)" '
                      r'data-words="([^"]*)"', page)
    expected = [
        (o["fragment"], o["words"][0][len(o["fragment"])] if o["words"] else "",
         " ".join(o["words"]))
        for seat in card["seats"] for o in seat["openings"]
    ]
    assert rows == expected
    # Paper is the printer's (A4 or Letter, tests/test_browser.py), not the card's size.
    assert "@page" not in page


def test_the_same_configs_give_the_same_bytes(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    publish(runner, *configs, "--out", tmp_path / "a")
    publish(runner, *configs, "--out", tmp_path / "b")
    for path in sorted((tmp_path / "a").iterdir()):
        assert path.read_bytes() == (tmp_path / "b" / path.name).read_bytes(), path.name


def test_a_config_of_neither_kind_exits_2_and_writes_nothing(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    other = tmp_path / "other.yaml"
    other.write_text("players: 2\n")
    status, _, stderr = publish(runner, configs[0], other, "--out", tmp_path / "site")
    assert status == 2
    assert stderr == (
        f"cardgen: error: {other}: neither a card config (no `dictionary`) nor a table "
        "config (no `dictionaries`)\n"
    )
    assert not (tmp_path / "site").exists()


def test_a_bad_key_names_the_file_and_key(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    configs[1].write_text(TABLE.replace("[2, 3]", "[two]"))
    status, _, stderr = publish(runner, *configs, "--out", tmp_path / "site")
    assert status == 2
    assert stderr.startswith(f"cardgen: error: {configs[1]}: players: ")
    assert not (tmp_path / "site").exists()


def test_a_config_given_twice_or_clashing_with_the_index_exits_2(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    status, _, stderr = publish(runner, configs[0], configs[0], "--out", tmp_path / "site")
    assert (status, stderr) == (2, f"cardgen: error: {configs[0]}: given twice\n")
    index = tmp_path / "index.yaml"
    index.write_text(configs[0].read_text())
    status, _, stderr = publish(runner, index, "--out", tmp_path / "site")
    assert (status, stderr) == (
        2, f"cardgen: error: {index}: publishes index.html, as the site itself does: "
        "rename the config\n"
    )
    assert not (tmp_path / "site").exists()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("files", "config", "output", "source"),
    [
        # issue 26, item 2: a JSON config published into its own folder
        ({"animals.txt": "", "c.json": '{"dictionary": "./animals.txt", "players": 2, '
          '"min_length": 3}'}, "c.json", "c.json", "c.json"),
        # the word list a card config names, beside it, named like the card's map
        ({"c.svg": "", "c.yaml": "dictionary: ./c.svg\nplayers: 2\nmin_length: 3\n"},
         "c.yaml", "c.svg", "c.svg"),
        # a table's list named like its CSV
        ({"zoo.csv": "", "zoo.yaml": "dictionaries: [./zoo.csv]\nmin_lengths: [3]\n"
          "players: [2]\n"}, "zoo.yaml", "zoo.csv", "zoo.csv"),
        # a file of the site itself: the config that reads it is named
        ({"index.html": "", "c.yaml": "dictionary: ./index.html\nplayers: 2\nmin_length: 3\n"},
         "c.yaml", "index.html", "index.html"),
        # an avoid file named like the explorer's script
        ({"animals.txt": "", "explorer.js": "cat\n", "c.yaml": "dictionary: ./animals.txt\n"
          "players: 2\nmin_length: 3\nranking: familiar\navoid: ./explorer.js\n"},
         "c.yaml", "explorer.js", "explorer.js"),
    ],
    ids=["config", "word-list", "table-list", "site-file", "avoid-file"],
)
def test_publishing_over_an_input_is_refused_before_any_work(
    runner: CliRunner, tmp_path: Path,
    files: dict[str, str], config: str, output: str, source: str,
) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text or (DATA / "animals.txt").read_text())
    before = _snapshot(tmp_path)
    status, stdout, stderr = publish(runner, tmp_path / config, "--out", tmp_path)
    assert (status, stdout, stderr) == (2, "", (
        f"cardgen: error: {tmp_path / config}: output {tmp_path / output} is the same file as "
        f"the input {tmp_path / source}: write to another folder (--out)\n"
    ))
    assert _snapshot(tmp_path) == before


def test_an_out_folder_linked_to_the_configs_folder_is_refused(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    """The same file through a link to its folder, and a table's list read for another
    config: the message says which config reads it."""
    (tmp_path / "link").symlink_to(tmp_path)
    (tmp_path / "zoo.yaml").write_text(TABLE.replace("animals.txt", "animals.json"))
    (tmp_path / "animals.json").write_bytes((DATA / "animals.txt").read_bytes())
    before = _snapshot(tmp_path)
    status, _, stderr = publish(runner, *configs, "--out", tmp_path / "link")
    assert (status, stderr) == (2, (
        f"cardgen: error: {configs[0]}: output {tmp_path / 'link' / 'animals.json'} is the same "
        f"file as the input {tmp_path / 'animals.json'} (read for {configs[1]}): "
        "write to another folder (--out)\n"
    ))
    assert _snapshot(tmp_path) == before


def test_an_output_folder_that_cannot_be_made_exits_2(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    status, _, stderr = publish(runner, *configs, "--out", blocker / "site")
    assert status == 2
    assert stderr == f"cardgen: error: {blocker}: cannot write: it is a file, not a folder\n"
    assert stderr.count("\n") == 1
    assert blocker.read_text() == "a file, not a folder"


def test_without_graphviz_the_map_is_refused_in_one_line(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    message = (
        "cardgen: error: the strategy map (svg) needs Graphviz's dot: install the Debian "
        "package graphviz (apt-get install graphviz)\n"
    )
    for command in (["publish", str(configs[0]), "-o", str(tmp_path / "site")],
                    ["build", str(configs[0]), "-f", "svg", "-o", str(tmp_path / "out")]):
        result = runner.invoke(app, command)
        assert (result.exit_code, result.stderr) == (1, message)
    assert not (tmp_path / "site").exists() and not (tmp_path / "out").exists()


def test_build_writes_the_strategy_map_only_when_asked(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    result = runner.invoke(app, ["build", str(configs[0]), "-o", str(tmp_path / "all")])
    assert result.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "all").iterdir()) == [
        "animals.json", "animals.md", "animals.pdf"]
    result = runner.invoke(app, ["build", str(configs[0]), "-f", "svg", "-o", str(tmp_path)])
    assert result.stdout == f"{tmp_path / 'animals.svg'}\n"
    svg = (tmp_path / "animals.svg").read_text(encoding="utf-8")
    assert svg.startswith("<?xml")
    # The first player opens with b and steers to bear or beaver: the map's tree of letters.
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    # start, b (the first player's), e (the reply), a (the first player's), then bear is
    # complete, or the reply v, e (the first player's) and beaver.
    assert sorted(texts[3:]) == sorted(["start", "b", "e", "a", "bear", "v", "e", "beaver"])
    assert svg.count('fill="black"') == 3  # the first player's three letters: shapes, no colour
    # Each node is titled by what it is (issue 28, 9), not by Graphviz's id; edges untitled.
    assert re.findall(r"<title>([^<]*)</title>", svg) == [
        "The first player's strategy: Animal Ghost",
        "the start: no letter played yet", "b: you play b", "be: the second player plays e",
        "bea: you play a", "bear: the second player completes it",
        "beav: the second player plays v", "beave: you play e",
        "beaver: the second player completes it",
    ]
    assert not re.search(r'(fill|stroke)="(?!black|white|none|transparent)', svg)


def _script(script: str, name: str) -> dict[str, Any]:
    """The data an explorer's script sets (`window.cardgen<name> = {...};`)."""
    data: dict[str, Any] = json.loads(
        script.removeprefix(f"window.cardgen{name} = ").removesuffix(";\n"))
    return data


def _plane(data: dict[str, Any], name: str) -> bytes:
    return zlib.decompress(base64.b64decode(data[name]))


class Decoded(NamedTuple):
    """What the explorer's scripts say of one fragment, read back plainly."""

    word: bool
    losers: frozenset[int]
    move: str | None
    """The card's move (its letter), None where it has none."""
    words: tuple[str, ...]
    """The word set of the seat that played the fragment's last letter."""
    named: tuple[str, ...]
    shortest: str | None
    """The word to name when challenged, found along the stored way (None at a word)."""
    threshold: float | None
    escape: str | None
    best_try: tuple[str, int, int] | None
    """(letter, mistakes, replies)."""


def _varints(plane: bytes) -> list[int]:
    """A plane of unsigned integers written 7 bits a byte, the lowest first."""
    found, value, shift = [], 0, 0
    for byte in plane:
        value |= (byte & 127) << shift
        shift += 7
        if not byte & 128:
            found.append(value)
            value = shift = 0
    return found


def _decode(game: str, card: str) -> dict[str, Decoded]:
    """The explorer's scripts read back plainly: fragment -> what they say of it, in the
    file's order, as explorer.js reads them (`cardgen/render/explorer.py`)."""
    data, answers = _script(game, "Game"), _script(card, "Card")
    tree, losers = _plane(data, "tree"), _plane(data, "losers")
    letters = data["letters"]
    fragments, leaf, children = [""], [False], {}
    for record in tree:
        leaf.append(bool(record & 64))
    nxt, k = 1, 0
    while k < len(fragments):
        if not leaf[k]:
            block = []
            while True:
                block.append(nxt)
                fragments.append(fragments[k] + letters[tree[nxt - 1] & 63])
                nxt += 1
                if tree[nxt - 2] & 128:
                    break
            children[k] = block
        k += 1
    n = len(fragments)
    planes = {name: _plane(answers, name) for name in ("moves", "try", "mistakes")}
    shortest = _plane(data, "shortest")
    count = _varints(_plane(answers, "count"))
    steps = _varints(_plane(answers, "words"))
    named = _plane(answers, "named") if "named" in answers else bytes(len(steps))
    traps = "threshold" in data
    thresholds = np.frombuffer(_plane(data, "threshold"), dtype="<i2") if traps else None
    escapes = _varints(_plane(data, "escape")) if traps else None
    assert len(losers) == len(shortest) == len(count) == n
    assert all(len(plane) == n for plane in planes.values())
    assert escapes is None or len(escapes) == n
    first = [0, *np.cumsum(count).tolist()]
    # The words under each fragment, in the tree's order; a word is named by its place there.
    order = {x: i for i, x in enumerate(letters)}
    ordered = sorted((f for k, f in enumerate(fragments) if leaf[k]),
                     key=lambda w: [order[x] for x in w])

    def under(k: int) -> list[str]:
        return [w for w in ordered if w.startswith(fragments[k])]

    words: list[str] = []
    for k in range(n):
        place = 0
        for i in range(first[k], first[k + 1]):
            place += steps[i]
            words.append(under(k)[place])
    seats = data["players"]

    def child(k: int, plane: bytes) -> int | None:
        return children[k][plane[k] - 1] if plane[k] else None

    def way(k: int) -> str:
        while not leaf[k]:
            k = children[k][shortest[k] - 1]
        return fragments[k]

    def threshold(k: int) -> float | None:
        if thresholds is None:
            return None
        t = int(thresholds[k])
        return -math.inf if t == -32768 else math.inf if t == 32767 else t / 100

    found = {}
    for k, f in enumerate(fragments):
        move, chosen = child(k, planes["moves"]), child(k, planes["try"])
        run = range(first[k], first[k + 1])
        found[f] = Decoded(
            leaf[k], frozenset(s + 1 for s in range(seats) if losers[k] >> s & 1),
            None if move is None else fragments[move][-1],
            tuple(words[i] for i in run),
            tuple(words[i] for i in run if named[i]),
            None if leaf[k] else way(k), threshold(k),
            under(k)[escapes[k] - 1] if escapes is not None and escapes[k] else None,
            None if chosen is None else (fragments[chosen][-1], planes["mistakes"][k],
                                         len(children.get(chosen, ()))))
    return found


@given(entries=words_strategy, min_length=st.integers(2, 3), players=st.integers(2, 4))
def test_the_explorer_data_is_the_solution(
    entries: list[str], min_length: int, players: int
) -> None:
    """Issue 36, 1: the explorer's data are Ghost's answers as the Python finds them (the
    page computes none): the tree and loser sets as the brute force has them, and the card's
    moves, word sets, escapes, tries and challenge words as `cardgen explain` says them,
    perfect and against a casual table."""
    games = both_solvers(entries, min_length, players)
    if games is None:
        return
    brute, fast = games
    zipf = np.array([(7 * i % 13) * 0.37 for i in range(len(fast.words))]).round(2)
    traps = thresholds(fast, zipf)
    for table in (None, casual(traps, 1.5)):
        decoded = _decode(render_game(fast, traps), render_card(fast, traps, table))
        assert set(decoded) == set(brute.prefixes)
        for fragment, got in decoded.items():
            assert got.word == (fragment in brute.words)
            assert got.losers == brute.losers(fragment), fragment
            if table is None:
                wins = brute.winning_words(fragment, brute.mover(fragment))
                expected = None if got.word or not wins else min(wins)[len(fragment)]
                assert got.move == expected, fragment
            position = explain(fragment, fast, traps, table)
            assert got.move == position.card_move, fragment
            if not got.word and not position.words:
                assert got.shortest == position.challenge_word, fragment
            assert got.best_try == (None if position.best_try is None else (
                position.best_try.move, position.best_try.mistakes, position.best_try.replies))
            for x in position.letters:  # what the seat to move's letters say
                after = decoded[fragment + x.letter]
                assert (after.words, after.named, after.threshold) == (
                    x.words, x.named, x.threshold), fragment + x.letter
                assert after.escape == (None if x.escape is None else x.escape.word)


def explain(fragment: str, fast: Any, traps: Any, table: Any) -> Any:
    from cardgen.cards.position import explain as explained

    return explained(fast, fragment, traps, None if table is None else table.knows, table)


def test_the_explorer_data_says_every_entry_that_does_not_count(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    """Issue 35, 17: the explorer says explain's "does not count" line for every entry of the
    list explain says it of, also where the letters before begin no playable word (`gnu`: no
    word of the animals begins with gn); the data carry them deflated (`notCounted`)."""
    out = tmp_path / "site"
    assert publish(runner, configs[0], "--out", out)[0] == 0
    (game,) = out.glob("game-*.js")
    found = json.loads(_plane(_script(game.read_text(encoding="utf-8"), "Game"), "notCounted"))
    said = {}
    for fragment in ("gnu", "cat", "ant", "dont", "gn"):
        result = runner.invoke(app, ["explain", str(configs[0]), fragment, "--json"])
        assert result.exit_code == 0, result.output
        if (why := json.loads(result.stdout)["not_counted"]) is not None:
            said[fragment] = why
    assert said == {"gnu": "the list has it only as 'Gnu', which capitalized: drop leaves out"}
    assert found == said


def test_publishing_a_card_solves_its_game_once(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27 item 4: the explorer's data reads the game the card was built from (it was
    solved twice: once for the card, once more for `game-<sha12>.js`)."""
    from cardgen.games import solver

    solves: list[int] = []
    solve = solver.solve

    def counted(*args: Any, **kwargs: Any) -> Any:
        solves.append(1)
        return solve(*args, **kwargs)

    monkeypatch.setattr(solver, "solve", counted)
    status, _, stderr = publish(runner, configs[0], "--out", tmp_path / "site")
    assert (status, stderr, len(solves)) == (0, "", 1)


def test_the_cards_of_one_game_share_its_script(
    runner: CliRunner, configs: tuple[Path, Path], tmp_path: Path
) -> None:
    """A perfect card and a casual one of the same list: one game script, titles that say
    which table each is for, and each its own moves."""
    casual_config = configs[0].with_name("animals-casual.yaml")
    casual_config.write_text(configs[0].read_text() + "opponent: {knows: 3}\n")
    out = tmp_path / "site"
    assert publish(runner, configs[0], casual_config, "--out", out)[0] == 0
    assert len(list(out.glob("game-*.js"))) == 1
    titles = {name: re.findall(r"<title>(.*)</title>", (out / name).read_text("utf-8"))
              for name in ("animals.html", "animals-casual.html")}
    assert titles == {
        "animals.html": ["Animal Ghost, against perfect players"],
        "animals-casual.html": [
            "Animal Ghost, against a casual table that knows words of Zipf 3+"],
    }
    assert _script((out / "animals-casual.card.js").read_text(), "Card")["knows"] == 3.0


def test_each_table_row_links_to_the_card_of_its_game() -> None:
    perfect, table_card = word_card("cab cat goat", 2), word_card("cab cat goat", 3)
    casual_card = dataclasses.replace(perfect, opponent=Opponent(knows=3.0))
    pages = [CardPage("casual", casual_card, ()), CardPage("two", perfect, ()),
             CardPage("three", table_card, ())]

    def row(players: int, min_length: int = 3) -> Row:
        return Row("tiny", 10, 5, min_length, players, (1,), (), ())

    table = Table("T", (row(2), row(3), row(4), row(2, 4)), ())
    assert row_pages(table, pages) == ["two.html", "three.html", None, None]
    assert row_pages(table, pages[:1]) == ["casual.html", None, None, None]


def test_a_table_summary_says_who_wins_where() -> None:
    def row(name: str, min_length: int, players: int, losers: tuple[int, ...]) -> Row:
        seats = tuple(SeatSummary(s, 1, 1, 1) for s in range(1, players + 1))
        return Row(name, 10, 5, min_length, players, losers, (), seats)

    table = Table("T", (
        row("web2", 3, 2, (2,)), row("web2", 4, 2, (2,)), row("twl06", 3, 2, (1,)),
        row("web2", 3, 3, (3,)), row("twl06", 3, 3, (1, 2, 3)),
    ), ())
    assert table_summary(table) == (
        "5 games: With 2 players, the first player wins with web2 at 3+ and 4+ letters; the "
        "second player wins with twl06 at 3+ letters. With 3 players, the first player cannot "
        "be made to lose with web2 at 3+ letters; the second player cannot be made to lose "
        "with web2 at 3+ letters; every player can be made to lose with twl06 at 3+ letters."
    )


def test_a_card_page_shows_traps_and_named_words() -> None:
    card = word_card("cab cat goat gnu ant ape bee bear", 2)
    second = card.seats[1]
    lost = next(o for o in second.openings if not o.won and o.best_try is not None)
    won = next(o for o in second.openings if o.won)
    assert lost.best_try is not None
    move = lost.best_try.move
    trapped = dataclasses.replace(
        lost, best_try=dataclasses.replace(lost.best_try, escape=Escape("gecko", 2.04)))
    named = dataclasses.replace(won, named=won.words[:1])
    openings = tuple(trapped if o is lost else named if o is won else o
                     for o in second.openings)
    card = dataclasses.replace(
        card, seats=(card.seats[0], dataclasses.replace(second, openings=openings)),
        opponent=Opponent(knows=3.0), traps=True)
    page = render_card_page(CardPage("tiny", card, ("tiny.pdf",)))
    assert ('<p class="opponent"><strong>Against players who know no word rarer than '
            "Zipf 3 ") in page
    assert (f"<td>trap <span class=\"mark try\">{move}</span></td>"
            f"<td>no forced win; ") in page
    assert "only players who know words as rare as gecko (Zipf 2.04) get out" in page
    assert f'<span class="word">{won.words[0]}\u2021</span>' in page  # named when challenged
    assert "<title>Ghost: tiny, 2 players, words of 3+ letters, against a casual table that " \
        "knows words of Zipf 3+</title>" in page
