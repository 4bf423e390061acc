"""SuperGhost and SuperDuperGhost through the seam: the registry, cards, explain and play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DATA, check_golden
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.cards.make import make_card
from cardgen.games.game import written_move
from cardgen.games.variants import find_game

SUPER = str(DATA / "animals-superghost.yaml")


@pytest.mark.parametrize(
    ("name", "found"),
    [("ghost", "ghost"), ("SuperGhost", "superghost"), ("super", "superghost"),
     ("superduper", "superduperghost")],
)
def test_games_are_found_by_name_or_alias(name: str, found: str) -> None:
    assert find_game(name).name == found


def test_an_unknown_game_names_the_choices() -> None:
    with pytest.raises(ValueError, match="no game 'chess': expected one of ghost, superghost, "
                                         "superduperghost"):
        find_game("chess")


def test_a_play_is_written_with_its_side() -> None:
    assert written_move("", "b") == "b"
    assert written_move("era", "bera") == "b…"
    assert written_move("era", "erad") == "…d"
    assert written_move("era", "nare") == "↺n…"
    assert written_move("era", "aren") == "↺…n"
    with pytest.raises(ValueError, match="'ex' is no move from 'era'"):
        written_move("era", "ex")


def test_the_superghost_card_files(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", SUPER, "-o", str(tmp_path), "-f", "md", "-f", "json"])
    assert result.exit_code == 0, result.output
    check_golden("animals-superghost.md", (tmp_path / "animals-superghost.md").read_text())
    text = (tmp_path / "animals-superghost.json").read_text()
    check_golden("animals-superghost.json", text)
    document = json.loads(text)
    assert document["game"] == "superghost"
    first = document["seats"][0]["openings"][0]
    assert first["moves"] == ["b", "g", "i", "n", "r", "t", "v"]
    assert first["decisions"] == [  # the whole table, printed whole
        {"fragment": "", "play": "i", "printed": True},
        {"fragment": "bi", "play": "bil", "printed": True},
        {"fragment": "il", "play": "bil", "printed": True},
        {"fragment": "rbil", "play": "erbil", "printed": True},
    ]
    assert first["words"] == ["gerbil"]
    against_b = document["seats"][1]["openings"][1]
    # The trap (issue 27, 3): bi, where only a table that knows gerbil (Zipf 2.44) gets out;
    # the plain best try was be (1 of its 2 replies a mistake).
    assert against_b["decisions"] == [] and against_b["try"] == {
        "move": "bi", "mistakes": 0, "replies": 2, "escape": {"word": "gerbil", "zipf": 2.44},
    }
    assert document["traps"] is True


def test_a_ghost_card_has_no_decisions() -> None:
    card = make_card(DATA / "animals.txt", 2, 3)
    assert card.game == "ghost" and not card.decision_tables
    assert all(not o.decisions for seat in card.seats for o in seat.openings)


def test_the_superduperghost_card_plays_the_reverse_too() -> None:
    card = make_card(DATA / "animals.txt", 2, 3, game="superduperghost")
    assert card.title == "SuperDuperGhost: animals.txt, 2 players, words of 3+ letters"
    moves = card.seats[1].openings[1].moves  # against b
    assert moves == ()  # no win against b, as in SuperGhost
    assert card.seats[0].openings[0].moves == ("b", "g", "i", "n", "r", "t", "v")


def test_explain_a_variant_position(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", SUPER, "bi", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["game"] == "superghost"
    assert [x["letter"] for x in document["letters"]] == ["bil", "rbi"]
    assert document["moves"] == ["bil", "rbi"] and document["card_move"] == "bil"
    assert document["decisions"] == [
        {"fragment": "bi", "play": "bil"}, {"fragment": "rbil", "play": "erbil"},
    ]
    text = runner.invoke(app, ["explain", SUPER, "bi"]).stdout
    assert text.splitlines()[1:] == [
        "Against perfect players (the config's opponent).",
        "bi is inside a playable word; it is not a word yet.",
        "The first player is to move. With perfect play the second player loses.",
        "Winning plays for the first player, with the words each forces:",
        "  …l bil  gerbil  <- the card's move",
        "  r… rbi  gerbil",
        "Decision table from here (2 rows; at each fragment, make the play):",
        "  bi -> …l bil",
        "  rbil -> e… erbil",
        "If challenged, name: gerbil",
        "At a casual table (knows words of Zipf 3+) this position comes up in 0.0% of games; "
        "from here the first player wins 0.0% playing as the table does, 100% keeping to the "
        "card's table.",
        "  After each play (then playing as the table does): …l bil 100%, r… rbi 100%",
        "At each table of the card's range (knows words of Zipf 2 / 2.5 / 3 / 3.5 / 4+): comes "
        "up in 0.0% / 0.0% / 0.0% / 0.0% / 0.0% of games; the first player wins 100% / 0.0% / "
        "0.0% / 0.0% / 0.0% playing as the table does, 100% / 100% / 100% / 100% / 100% keeping "
        "to the card's table.",
    ]


def test_explain_prints_a_variant_position_s_figures_at_the_casual_table(
    runner: CliRunner,
) -> None:
    """As for Ghost, from the model with letters at either end (`cardgen.cards.superpocket`,
    checked against every game enumerated in tests/test_superpocket.py): the table reaches e
    in 13.7% of games, where the second seat wins 14.6% improvising and every game keeping to
    its one row (ee, toward bee)."""
    text = runner.invoke(app, ["explain", SUPER, "e"]).stdout
    assert text.splitlines()[-1] == (
        "At each table of the card's range (knows words of Zipf 2 / 2.5 / 3 / 3.5 / 4+): comes "
        "up in 13.7% / 13.7% / 13.7% / 13.7% / 14.1% of games; the second player wins 15.4% / "
        "15.5% / 14.6% / 14.6% / 9.6% playing as the table does, 100% / 100% / 100% / 100% / "
        "100% keeping to the card's table.")
    assert text.splitlines()[-3:-1] == [
        "At a casual table (knows words of Zipf 3+) this position comes up in 13.7% of games; "
        "from here the second player wins 14.6% playing as the table does, 100% keeping to the "
        "card's table.",
        "  After each play (then playing as the table does): b… be 0.0%, …a ea 0.0%, "
        "…c ec 100%, e… ee 100%, …l el 100%, …r er 0.0%, …t et 100%, g… ge 100%, m… me 100%, "
        "n… ne 100%, t… te 100%, v… ve 0.0%",
    ]
    table = json.loads(runner.invoke(app, ["explain", SUPER, "e", "--json"]).stdout)
    figures = table["casual_table"]
    assert (figures["knows"], round(figures["reach"], 4), round(figures["none"], 4),
            figures["words"]) == (3.0, 0.1377, 0.146, 1.0)
    assert figures["letters"] == {
        "be": 0.0, "ea": 0.0, "ec": 1.0, "ee": 1.0, "el": 1.0, "er": 0.0, "et": 1.0,
        "ge": 1.0, "me": 1.0, "ne": 1.0, "te": 1.0, "ve": 0.0,
    }


def test_play_a_variant_game_with_wrong_entries(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["play", SUPER, "--seed", "2"], input="i\nb\n~b-\nxyz\n-l\ne-\n"
    )
    assert result.exit_code == 0, result.output
    help_line = ("Type b- to add b in front, -b to add it at the back (a-z); ? for the card's "
                 "advice, ! to challenge the last letter, quit to stop.")
    assert result.stdout.splitlines() == [
        "Animal SuperGhost. You are the first player of 2.",
        "Against perfect players (the config's opponent).",
        help_line,
        "(start)     your play: i",
        "i           the second player plays b… (bi)",
        "bi          your play: b",
        "            say where b goes: b- in front or -b at the back",
        "bi          your play: ~b-",
        "            SuperGhost has no reversal (that is SuperDuperGhost)",
        "bi          your play: xyz",
        f"            {help_line}",
        "bi          your play: -l",
        "bil         the second player plays r… (rbil)",
        "rbil        your play: e-",
        "erbil       the second player plays g… (gerbil): gerbil is a word",
        "You win: the second player completed gerbil.",
        "You followed the card all the way.",
    ]


@pytest.mark.parametrize(
    ("command", "text"),
    [("build", "dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"),
     ("table", "dictionaries: [animals.txt]\nmin_lengths: [3]\nplayers: [2]\n")],
)
def test_a_variant_against_a_casual_table(runner: CliRunner, tmp_path: Path, command: str,
                                          text: str) -> None:
    """Issue 27, 3: casual tables were Ghost's only (`opponent: casual tables are Ghost's
    only, not superghost's`, exit 2); a variant's card and table now play against one."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    config = tmp_path / "casual.yaml"
    config.write_text(text + "game: superghost\nopponent: {knows: 3}\n")
    result = runner.invoke(app, [command, str(config), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    markdown = (tmp_path / "out" / "casual.md").read_text()
    assert "make only plays that keep the fragment inside a word they know" in markdown


def test_the_pdf_deck_of_a_variant_card() -> None:
    """The whole booklet (`pdf.cards: full`): the front and the second player's replies, then
    each seat's table, in even sides."""
    import io

    import pdfplumber

    from cardgen.cards.paper import FULL
    from cardgen.render.pdf import PdfOptions, render_card

    card = make_card(DATA / "animals.txt", 2, 3, game="superghost")
    with pdfplumber.open(io.BytesIO(render_card(card, PdfOptions(cards=FULL)))) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert len(texts) % 2 == 0
    front = " ".join(texts[:2]).replace("\n", " ")
    # Each side of the front is marked with the seat it holds (issue 25, 5.4: a side marked
    # 1&2 must name both seats).
    assert "SuperGhost: animals.txt, 2 players, 1 words of 3+ letters" in front
    assert texts[1].startswith(
        "You play second b\u2026 (b in front) or \u2026m (m at the back). 2\n")
    assert "You play first: open with i (a forced win), then look up each fragment" in front
    assert "a c… ca · 2 rows" in front  # the second player's reply to a
    tables = "\n".join(texts[1:])
    assert "The first player's decision table." in tables
    for row in ("start i i", "rbil e… erbil", "bi …l bil"):
        assert row in tables, row
    # Issue 16, 11: an odd deck (the second seat alone: front, replies, table) spreads its
    # table over one side more and ends it with the rules, not a rules filler.
    with pdfplumber.open(io.BytesIO(render_card(card, PdfOptions(seats=(2,), cards=FULL)))) as pdf:
        second = [page.extract_text().splitlines() for page in pdf.pages]
    assert [lines[0] for lines in second[2:]] == [
        "The second player's decision table. 2",
        "Table · cko–mel b\u2026 (b in front) or \u2026m (m at the back). 2",  # its key beside
    ]
    assert second[3][-6:-1] == [
        "The rules: Players take turns to add a letter at the front or the back.",
        "The fragment must always stay inside a word of the list (a run of its",
        "letters). Whoever makes a word of 3 or more letters loses; shorter",
        "words do not count, and a word inside a longer one still ends",  # no lone word
        "the game.",
    ]


def test_a_decision_table_is_alphabetical_and_prints_each_reply_once() -> None:
    """Issue 25, 5.6: rows were sorted by length and then alphabetically, so a side's running
    head (its first and last fragment) did not bound what it held; and the second seat's
    table repeated its replies to the first letters, which the front lists. Now the rows run
    as a dictionary's do, and the second seat's table starts after its replies."""
    import dataclasses
    import io

    import pdfplumber

    from cardgen.cards.paper import FULL
    from cardgen.games.game import Decision
    from cardgen.render.markdown import render_card as render_markdown
    from cardgen.render.pagetables import groups
    from cardgen.render.pdf import PdfOptions, render_card

    card = make_card(DATA / "animals.txt", 2, 3, game="superghost")
    first = card.seats[0].openings[0]
    made_up = tuple(Decision(f, p) for f, p in [
        ("", "l"), ("m", "am"), ("lo", "lod"), ("loa", "loan"), ("lodra", "lodras"),
    ])
    seat = dataclasses.replace(
        card.seats[0], openings=(dataclasses.replace(first, decisions=made_up),)
    )
    assert [(g.key, [r.fragment for r in g.rows]) for g in groups(card, seat)] == [
        ("", [""]), ("lo", ["lo", "loa", "lodra"]), ("m", ["m"]),
    ]
    second = card.seats[1]
    replies = [o.fragment for o in second.openings if o.decisions]
    assert replies == ["a", "c", "e", "k", "l", "m", "o"]
    rows = [r.fragment for g in groups(card, second, openings=False) for r in g.rows]
    assert rows == ["ame", "cam", "cko", "mel"]
    with pdfplumber.open(io.BytesIO(render_card(card, PdfOptions(cards=FULL)))) as pdf:
        table = pdf.pages[3].extract_text().splitlines()
    assert table[4:-1] == ["ame …l amel", "cam …e came", "cko e… ecko", "mel a… amel"]
    markdown = render_markdown(card)
    assert "| a | **c…** | ca |" not in markdown and "| ame | **…l** | amel |" in markdown


def test_explain_a_variant_against_a_casual_table(runner: CliRunner) -> None:
    """Issue 27, 3: `--knows` was Ghost's only; it now explains the variant's casual play."""
    result = runner.invoke(app, ["explain", SUPER, "bi", "--knows", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index("  …l bil  gerbil‡  <- the card's move")
    assert lines[start:start + 6] == [
        "  …l bil  gerbil‡  <- the card's move",
        "  r… rbi  gerbil‡",
        "  (‡: they know no word there and challenge; name it.)",
        "Decision table from here (1 row; at each fragment, make the play):",
        "  bi -> …l bil",
        "If challenged, name: gerbil",
    ]


def test_play_a_variant_against_a_casual_table(runner: CliRunner) -> None:
    """The table challenges a fragment it knows no word containing; a word that contains it
    wins the challenge, one that does not contain it does not count."""
    command = ["play", SUPER, "--knows", "3", "--seed", "1"]
    result = runner.invoke(app, command, input="i-\ngerbil\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == (
        "Against a casual table that knows words of Zipf 3+ (--knows 3): they make only plays "
        "that keep the fragment inside a word they know, and challenge when they know none; "
        "then name a word that contains the fragment."
    )
    assert "i           the second player challenges: what word contains i?" in lines
    assert "You win: the second player challenged i, and you named gerbil." in lines
    result = runner.invoke(app, command, input="i-\ncat\n")
    assert ("You lose: the second player challenged i, and you named 'cat', which does not "
            "contain i.") in result.stdout.splitlines()
