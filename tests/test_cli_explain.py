"""`cardgen explain`: one screen of text, or one JSON object; bad fragments exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import CONFIGS, DATA
from typer.testing import CliRunner

from cardgen.app.cli import app

ANIMALS = str(DATA / "animals.yaml")


def test_the_start_position_as_text(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, ""])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "(start) · animals.txt, 2 players, words of 3+ letters\n"
        "Against perfect players (the config's opponent).\n"
        "The first player is to move. With perfect play the second player loses.\n"
        "Winning letters for the first player, with the words each forces:\n"
        "  b  bear beaver  <- the card's move\n"
        "  g  gannet gerbil goat\n"
        "Losing letters:\n"
        "  a c  the first player loses\n"
        "Escapes: after each letter, the word the others must know to stop the first player:\n"
        "  a  ant (Zipf 3.86)\n"
        "  c  camel (Zipf 3.64)\n"
        "At a casual table (knows words of Zipf 3+) this position comes up in 100% of games; "
        "from here the first player wins 52.0% playing as the table does, 100% keeping to the "
        "card's words.\n"
        "  After each letter (then playing as the table does): a 0.0%, b 100%, c 0.0%, g 100%\n"
        "At each table of the card's range (knows words of Zipf 2 / 2.5 / 3 / 3.5 / 4+): comes "
        "up in 100% / 100% / 100% / 100% / 100% of games; the first player wins 52.2% / 51.4% "
        "/ 52.0% / 52.0% / 55.1% playing as the table does, 100% / 100% / 100% / 100% / 100% "
        "keeping to the card's words.\n"
    )


def test_a_losing_seat_is_shown_the_letters_it_could_play(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, "B"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "b · animals.txt, 2 players, words of 3+ letters\n"
        "Against perfect players (the config's opponent).\n"
        "b begins a playable word; it is not a word yet.\n"
        "The second player is to move. With perfect play the second player loses.\n"
        "The second player has no winning letter: none forces a win. Letters it could play:\n"
        "  e  the second player loses\n"
        "Escapes: after each letter, the word the others must know to stop the second player:\n"
        "  e  beaver (Zipf 3.61)\n"
        "Trap: e: 1 of the first player's 2 replies is a mistake that lets the second "
        "player escape.\n"
        "  To get out, they must know words as rare as beaver (Zipf 3.61).\n"
        "If challenged, name: bee\n"
        "At a casual table (knows words of Zipf 3+) this position comes up in 45.1% of games; "
        "from here the second player wins 0.0% playing as the table does.\n"
        "  After each letter (then playing as the table does): e 0.0%\n"
        "At each table of the card's range (knows words of Zipf 2 / 2.5 / 3 / 3.5 / 4+): comes "
        "up in 44.4% / 44.5% / 45.1% / 45.1% / 47.3% of games; the second player wins 0.0% / "
        "0.0% / 0.0% / 0.0% / 0.0% playing as the table does.\n"
    )


@pytest.mark.parametrize(
    ("fragment", "second_line"),
    [
        ("bear", "bear is a playable word: the second player completed it and loses. "
                 "The game is over."),
        ("bears", "bears begins no playable word: the game ended at bear, "
                  "and the second player lost."),
        ("x", "x begins no playable word: the first player, who played x, "
              "loses to a challenge."),
        ("bx", "bx begins no playable word: the second player, who played x, "
               "loses to a challenge."),
    ],
)
def test_words_and_fragments_that_begin_no_word(
    runner: CliRunner, fragment: str, second_line: str
) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, fragment])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "Against perfect players (the config's opponent).", second_line
    ]


def test_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, "be", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "fragment": "be", "mover": 1, "losers": [2], "word": False, "prefix": True,
        "completed_by": None, "ended_at": None, "not_counted": None, "moves": ["a"],
        "words": ["bear", "beaver"],
        "card_move": "a",
        "letters": [
            {"letter": "a", "losers": [2], "word": False, "words": ["bear", "beaver"],
             "threshold": "-inf", "escape": None, "named": []},
            {"letter": "e", "losers": [1], "word": True, "words": [],
             "threshold": "+inf", "escape": None, "named": []},
        ],
        "challenge_word": "bear", "try": None, "traps": True, "knows": None,
        "against": "perfect players", "opponent_from": "config", "named": [],
        # The first seat at be wins every game at the casual table: a then toward bear.
        "casual_table": {"knows": 3.0, "reach": 0.4510860242894915, "none": 1.0, "words": 1.0,
                         "letters": {"a": 1.0, "e": 0.0}, "by_table": [
                             {"knows": 2.0, "reach": 0.44448488835066385, "none": 1.0,
                              "words": 1.0},
                             {"knows": 2.5, "reach": 0.44576632326403437, "none": 1.0,
                              "words": 1.0},
                             {"knows": 3.0, "reach": 0.4510860242894915, "none": 1.0,
                              "words": 1.0},
                             {"knows": 3.5, "reach": 0.4510860242894915, "none": 1.0,
                              "words": 1.0},
                             {"knows": 4.0, "reach": 0.4734267911117782, "none": 1.0,
                              "words": 1.0}]},
    }


@pytest.mark.parametrize("fragment", ["N3", "n-g", "ñ"])
def test_a_bad_fragment_exits_2_with_one_line(runner: CliRunner, fragment: str) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, fragment])
    assert result.exit_code == 2
    assert result.stderr == (
        f"cardgen: error: FRAGMENT: expected letters a-z only, got {fragment!r}\n"
    )


def test_a_bad_config_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", str(DATA / "nowhere.yaml"), "n"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"cardgen: error: {DATA / 'nowhere.yaml'}: cannot read")


@pytest.mark.network
def test_twl06_n_in_a_real_process() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", "explain", str(CONFIGS / "twl06-2p.yaml"), "n"],
        capture_output=True, text=True, check=True,
    )
    assert run.stdout == (
        "n · twl06, 2 players, words of 4+ letters\n"
        "Against perfect players (the config's opponent).\n"
        "n begins a playable word; it is not a word yet.\n"
        "The second player is to move. With perfect play the second player loses.\n"
        "The second player has no winning letter: none forces a win. Letters it could play:\n"
        "  a e g i o u y  the second player loses\n"
        "Escapes: after each letter, the word the others must know to stop the second player:\n"
        "  a  nazi (Zipf 4.28)\n"
        "  e  need (Zipf 5.97)\n"
        "  g  ngultrum (Zipf 0)\n"
        "  i  nipple (Zipf 3.45)\n"
        "  o  nozzle (Zipf 3.24)\n"
        "  u  null (Zipf 3.73)\n"
        "  y  nyctalopia (Zipf 0)\n"
        "Trap: y: 4 of the first player's 5 replies are mistakes that let the second "
        "player escape.\n"
        "  To get out, they must know words as rare as nyctalopia (Zipf 0).\n"
        "The card prints g here.\n"
        "If challenged, name: naan\n"
        "At a casual table (knows words of Zipf 3+) this position comes up in 1.7% of games; "
        "from here the second player wins 53.3% playing as the table does.\n"
        "  After each letter (then playing as the table does): a 37.6%, e 44.2%, g 100%, "
        "i 97.9%, o 70.1%, u 51.7%, y 100%\n"
        "At each table of the card's range (knows words of Zipf 2 / 2.5 / 3 / 3.5 / 4+): comes "
        "up in 1.7% / 1.7% / 1.7% / 1.7% / 1.7% of games; the second player wins 52.2% / 54.5% "
        "/ 53.3% / 54.0% / 38.0% playing as the table does.\n"
    )


@pytest.mark.network
def test_twl06_n_against_a_casual_table(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", str(CONFIGS / "twl06-2p.yaml"), "n", "--knows", "3"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == (
        "Against a casual table that knows words of Zipf 3+ (--knows 3)."
    )
    assert result.stdout.splitlines()[4:8] == [
        "Winning letters for the second player against a table that knows only words of "
        "Zipf 3 or more, with the words each forces:",
        "  g  ngwee\u2021  <- the card's move",
        "  y  nylon",
        "  (\u2021: they know no word there and challenge; name it.)",
    ]


@pytest.mark.parametrize("value", ["-1", "11", "x", "nan", "inf", "-inf", "NaN", "1e999", ""])
@pytest.mark.parametrize("command", ["explain", "play"])
def test_knows_out_of_range_or_not_finite_is_refused(
    runner: CliRunner, command: str, value: str
) -> None:
    """Issue 26, item 5: nan passed the range check (every comparison with it is false)."""
    args = [command, ANIMALS, "n"] if command == "explain" else [command, ANIMALS]
    result = runner.invoke(app, [*args, f"--knows={value}"], input="")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", (
        f"cardgen: error: --knows: expected a Zipf frequency from 0 to 10, got {value!r}\n"
    ))


def test_help_ends_with_an_example(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", "--help"])
    assert "Example: cardgen explain configs/twl06-2p-casual.yaml n --perfect" in result.stdout


# --- issue 20, items 14, 15 and 17 -------------------------------------------------------


def _explain(runner: CliRunner, tmp_path: Path, config: str, fragment: str,
             words: str = "") -> list[str]:
    if words:
        (tmp_path / "words.txt").write_text(words, encoding="utf-8")
    path = tmp_path / "card.yaml"
    path.write_text(config, encoding="utf-8")
    result = runner.invoke(app, ["explain", str(path), fragment])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_a_short_word_is_said_not_to_count(runner: CliRunner, tmp_path: Path) -> None:
    """ant is in the list, but the game counts words of 4+ letters: it goes on."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    lines = _explain(runner, tmp_path,
                     "dictionary: animals.txt\nplayers: 2\nmin_length: 4\n", "ant")
    assert lines[1:5] == [
        "Against perfect players (the config's opponent).",
        "ant is in the word list but does not count: it has fewer than 4 letters.",
        "ant begins a playable word, so the game goes on.",
        "The second player is to move. With perfect play the second player loses.",
    ]


def test_a_word_the_list_drops_is_said_so(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, "gnu"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == [
        "Against perfect players (the config's opponent).",
        "gnu is in the word list but does not count: the list has it only as 'Gnu', "
        "which capitalized: drop leaves out.",
        "gnu begins no playable word: the first player, who played u, loses to a challenge.",
    ]
    result = runner.invoke(app, ["explain", ANIMALS, "gnu", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["not_counted"] == (
        "the list has it only as 'Gnu', which capitalized: drop leaves out"
    )


def test_with_three_players_seats_can_be_made_to_lose(
    runner: CliRunner, tmp_path: Path
) -> None:
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    lines = _explain(runner, tmp_path, "dictionary: animals.txt\nplayers: 3\nmin_length: 3\n", "")
    assert lines[2] == (
        "The first player is to move. With perfect play the second and third players can be "
        "made to lose."
    )
    assert "  g  the first and third players can be made to lose" in lines
    assert all(not line.endswith(("players lose", "player loses")) for line in lines), lines


@pytest.mark.parametrize(
    ("typed", "written"), [("café", "cafe"), ("CAFÉ", "cafe"), ("cafe\u0301", "cafe")]
)
def test_a_fragment_is_written_by_the_list_s_spelling(
    runner: CliRunner, tmp_path: Path, typed: str, written: str
) -> None:
    lines = _explain(runner, tmp_path,
                     "dictionary: words.txt\nplayers: 2\nmin_length: 4\nlanguage: fr\n",
                     typed, "café\ncafés\nthé\n")
    assert lines[:4] == [
        f"{written} · words.txt, 2 players, words of 4+ letters",
        f"You typed {typed}: this list writes it cafe (language fr, alphabet scrabble).",
        "Against perfect players (the config's opponent).",
        "cafe is a playable word: the second player completed it and loses. The game is over.",
    ]


def test_german_sharp_s_is_ss(runner: CliRunner, tmp_path: Path) -> None:
    lines = _explain(runner, tmp_path,
                     "dictionary: words.txt\nplayers: 2\nmin_length: 4\nlanguage: de\n",
                     "STRAß", "Straße\nstraff\n")
    assert lines[:2] == [
        "strass · words.txt, 2 players, words of 4+ letters",
        "You typed STRAß: this list writes it strass (language de, alphabet scrabble).",
    ]


def test_an_english_list_still_refuses_accents(runner: CliRunner) -> None:
    result = runner.invoke(app, ["explain", ANIMALS, "café"])
    assert (result.exit_code, result.stderr) == (
        2, "cardgen: error: FRAGMENT: expected letters a-z only, got 'café'\n"
    )


def test_no_try_helps_is_said_so() -> None:
    """At x the second player can only play a, and both of the first player's replies keep
    the win: without word frequencies (no trap) there is no try to recommend."""
    from cardgen.cards.config import CardConfig
    from cardgen.cards.explain import explain
    from cardgen.games.solver import solve
    from cardgen.render.explain import describe
    from cardgen.words.lexicon import playable_words
    from cardgen.words.wordlists import ListFile

    solution = solve(playable_words(["xaab", "xaac", "xabb", "xabc"], 3), 2)
    config = CardConfig(Path("card.yaml"), ListFile(Path("words.txt"), "words.txt"), 2, 3)
    lines = describe(explain(solution, "x"), config, solution).splitlines()
    assert lines[-2:] == [
        "No try helps: each of the first player's 2 replies to any letter keeps their win.",
        "If challenged, name: xaab",
    ]


def test_knows_needs_word_frequencies(runner: CliRunner, write_config: Any) -> None:
    config = write_config("dictionary: animals.txt\nplayers: 2\nmin_length: 3\nfamiliarity: none\n")
    for command in (["explain", str(config), "b"], ["play", str(config)]):
        result = runner.invoke(app, [*command, "--knows", "3"], input="")
        assert result.exit_code == 2
        assert result.stderr == (
            f"cardgen: error: --knows: {config} reads no word frequencies (familiarity: none), "
            "and a casual table is one that knows only the common words\n"
        )


def test_a_trap_with_no_mistake_among_its_replies_reads_naturally(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Issue 26 item 13: not '0 of the second player's 2 replies are mistakes'. After a, both
    replies (b, c) win for the second player: the trap's one hope is a word too rare."""
    (tmp_path / "words.txt").write_text("aba\nabe\naca\nace\n")
    (tmp_path / "freq.tsv").write_text("aba\t3\nabe\t3\naca\t3\nace\t3\n")
    config = tmp_path / "trap.yaml"
    config.write_text("dictionary: words.txt\nplayers: 2\nmin_length: 3\nranking: familiar\n"
                      "familiarity: freq.tsv\n")
    shown = runner.invoke(app, ["explain", str(config), ""])
    assert shown.exit_code == 0, shown.output
    assert ("Trap: a: none of the second player's 2 replies is a mistake that lets the first "
            "player escape.\n") in shown.stdout
    game = runner.invoke(app, ["play", str(config), "--hints", "--seed", "1"], input="quit\n")
    assert "card: no letter forces a win; best try a (none of 2 replies is a mistake)\n" in (
        game.stdout)


@pytest.mark.network
def test_one_card_one_play_at_every_ghost_opening(lexicons: Any) -> None:
    """Issue 37, 9, for Ghost: at twl06-3p's "ab" explain named m (abmho) the card's move
    where the third seat's pocket card printed f alone (abfarad: it wins more at the casual
    tables; at "ac" it prints i alone where the words go through k, ackee), and at twl06-2p's
    "n" it named y the trap where the card prints g. At every
    opening of both decks, explain's card's move is the letter the JSON marks printed where
    that is a winning one, and otherwise explain says what the card prints (or it is the
    trap explain names); the explorer's card script carries the same letters
    (`letters_apart`)."""
    from conftest import shipped_card

    from cardgen.app.runner import with_printed
    from cardgen.cards.explain import explain, game_for
    from cardgen.render.explain import describe
    from cardgen.render.explorer import letters_apart, printed_plays
    from cardgen.render.json import render_card as render_json
    from cardgen.render.pdf.budget import budget

    apart_found = {}
    for stem in ("twl06-2p", "twl06-3p"):
        path = CONFIGS / f"{stem}.yaml"
        config, card = shipped_card(path, lexicons)
        deck = budget(card, config.pdf)
        printed = {o["fragment"]: o["printed_move"]
                   for seat in json.loads(render_json(deck))["seats"] for o in seat["openings"]
                   if o["printed"]}
        _, solution, traps = game_for(path, lexicons=lexicons)
        apart = letters_apart(deck)
        apart_found[stem] = apart
        for fragment, letter in printed.items():
            position = with_printed(explain(solution, fragment, traps), printed_plays(deck))
            assert position.printed == letter, fragment
            text = describe(position, config, solution, fragment)
            if letter in position.moves:
                assert position.card_move == letter, fragment
                assert f"{letter}  " in text and "<- the card's move" in text, fragment
            elif position.best_try is not None and position.best_try.move == letter:
                assert "The card prints" not in text, fragment
            else:
                assert f"The card prints {letter} here." in text, fragment
            own = (position.words[0][len(fragment)] if position.words
                   else position.best_try.move if position.best_try else None)
            assert (fragment in apart) == (letter != own), fragment
    assert apart_found["twl06-3p"]["ac"] == "i" and apart_found["twl06-2p"]["n"] == "g"


@pytest.mark.parametrize("config", ["animals.yaml", "animals-superghost.yaml"])
def test_an_opening_without_the_cache_is_solved_once(
    runner: CliRunner, config: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An explain of an opening builds the deck (to name the card's printed play) from the
    game it has just solved: without the cache, one solve, not two."""
    from cardgen.cards.make import Lexicons

    solved = []
    solution = Lexicons.solution

    def counted(self: Lexicons, *args: Any, **kwargs: Any) -> Any:
        solved.append(args)
        return solution(self, *args, **kwargs)

    monkeypatch.setattr(Lexicons, "solution", counted)
    result = runner.invoke(app, ["explain", str(DATA / config), "", "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "the card's move" in result.stdout or "The card prints" in result.stdout
    assert len(solved) == 1
