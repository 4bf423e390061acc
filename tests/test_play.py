"""`cardgen.app.play`: whole games read from a pipe-like stream, computer replies enumerated."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from conftest import DATA
from rich.console import Console

from cardgen.app.play import GameResult, Slip, play
from cardgen.errors import InputError
from cardgen.games.computer import computer_move
from cardgen.games.game import GameSolution
from cardgen.games.solver import Solution, solve
from cardgen.words.lexicon import playable_words

ANIMALS = (DATA / "animals.txt").read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def animals() -> GameSolution:
    return solve(playable_words(ANIMALS, 3), 2)


def run(
    solution: Solution, typed: str, *, seat: int = 1, replies: str | None = None,
    seed: int = 0, hints: bool = False, plays: dict[str, str] | None = None,
) -> tuple[GameResult, list[str]]:
    """Play one game on `typed` (the person's lines); `replies` scripts the computer seats."""
    out = io.StringIO()
    scripted: Iterator[str] = iter(replies or "")
    result = play(
        solution,
        lines=io.StringIO(typed),
        console=Console(file=out, width=80),
        seat=seat,
        hints=hints,
        rng=random.Random(seed),
        echo=True,
        computer=(lambda fragment: next(scripted)) if replies is not None else None,
        plays=plays,
    )
    return result, out.getvalue().splitlines()


def card_games(solution: Solution, seat: int, fragment: str = "") -> Iterator[str]:
    """Every word a game can end on when `seat` plays the card's move and the other seats
    play any letter they could choose: their winning letters, or any legal one if none."""
    if solution.is_word(fragment):
        yield fragment
        return
    mover = solution.mover(fragment)
    if mover == seat:
        card = solution.winning_words(fragment, seat)[0][len(fragment)]
        yield from card_games(solution, seat, fragment + card)
    else:
        options = solution.winning_moves(fragment) or solution.children(fragment)
        for x in options:
            yield from card_games(solution, seat, fragment + x)


def play_card_game(solution: Solution, seat: int, word: str) -> GameResult:
    """Play the game that ends on `word`, the person typing their letters of it."""
    n = solution.players
    mine = "".join(f"{x}\n" for i, x in enumerate(word) if i % n + 1 == seat)
    theirs = "".join(x for i, x in enumerate(word) if i % n + 1 != seat)
    result, lines = run(solution, mine, seat=seat, replies=theirs)
    assert lines[-1] == "You followed the card all the way."
    return result


@pytest.mark.network
def test_following_the_card_on_twl06_beats_every_reply(twl06: Solution) -> None:
    ends = list(card_games(twl06, 1))
    # The second player loses everywhere on the card's line, so it may play any legal letter:
    # the games end exactly on the card's seven words.
    assert ends == ["naan", "nene", "ngultrum", "nirvanic", "nolo", "null", "nyctalopia"]
    for word in ends:
        result = play_card_game(twl06, 1, word)
        assert (result.fragment, result.loser, result.off_card, result.had_win) == (
            word, 2, None, True
        )
        assert result.reason == f"You win: the second player completed {word}."


def test_following_the_card_on_animals_beats_every_reply(animals: Solution) -> None:
    ends = list(card_games(animals, 1))
    assert ends == ["bear", "beaver"]
    for word in ends:
        assert play_card_game(animals, 1, word).loser == 2


@pytest.mark.network
def test_a_whole_game_transcript(twl06: Solution) -> None:
    result, lines = run(twl06, "n\ne\ne\n", seed=0, hints=True)
    assert lines == [
        "Ghost. You are the first player of 2.",
        "Against perfect players (the config's opponent).",
        "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
        "quit to stop.",
        "            card: play n, forcing one of naan nene ngultrum nirvanic nolo null "
        "nyctalopia",
        "(start)     your letter: n",
        "n           the second player plays i",  # its best try: 16 of 19 replies are mistakes
        "            card: play r, forcing nirvanic",
        "ni          your letter: e",
        "nie         the second player plays v",
        "            card: every letter completes a word",
        "niev        your letter: e",
        "            nieve is a word",
        "You lose: you completed nieve.",
        "Off the card at ni: you played e; the card said r (nirvanic). That gave the win away.",
    ]
    assert result.off_card == result.left_win == Slip("ni", "e", "r", ("nirvanic",), True)


@pytest.mark.network
def test_leaving_the_winning_line_is_reported_where(twl06: Solution) -> None:
    result, lines = run(twl06, "a\nquit\n", seed=1)
    expected = Slip(
        "", "a", "n",
        ("naan", "nene", "ngultrum", "nirvanic", "nolo", "null", "nyctalopia"),
        lost_win=True,
    )
    assert result.off_card == result.left_win == expected
    assert result.loser is None
    assert lines[3:6] == [
        "(start)     your letter: a",
        "a           the second player plays q",
        "aq          your letter: quit",
    ]
    assert lines[-2:] == [
        "You quit at aq.",
        "Off the card at (start): you played a; the card said n "
        "(naan nene ngultrum nirvanic nolo null nyctalopia). That gave the win away.",
    ]


@pytest.mark.network
def test_off_the_card_but_still_winning(twl06: Solution) -> None:
    # At `ni` the card plays r (nirvanic); p still wins, by nipa, nipple or nips.
    result, lines = run(twl06, "n\np\nl\n")
    assert lines[-3:] == [
        "nippl       the second player plays e: nipple is a word",
        "You win: the second player completed nipple.",
        "Off the card at ni: you played p; the card said r (nirvanic).",
    ]
    assert result.left_win is None and result.loser == 2


def test_off_the_card_then_the_win_given_away_later() -> None:
    # y still wins (the game ends on yaab) but the card plays x (xxxx ranks first); at ya,
    # b gives the win away: the person must then complete yabcd.
    solution = solve(playable_words(["xxxx", "yaab", "yabcd"], 3), 2)
    result, lines = run(solution, "y\nb\nd\n")
    assert lines[3:] == [
        "(start)     your letter: y",
        "y           the second player plays a",
        "ya          your letter: b",
        "yab         the second player plays c",
        "yabc        your letter: d",
        "            yabcd is a word",
        "You lose: you completed yabcd.",
        "Off the card at (start): you played y; the card said x (xxxx).",
        "Win given away at ya: you played b; the card said a (yaab).",
    ]
    assert result.off_card == Slip("", "y", "x", ("xxxx",), False)
    assert result.left_win == Slip("ya", "b", "a", ("yaab",), True)


def test_completing_a_word_loses(animals: Solution) -> None:
    # b, e (forced), then the person completes bee.
    result, lines = run(animals, "b\ne\n")
    assert lines[3:] == [
        "(start)     your letter: b",
        "b           the second player plays e",
        "be          your letter: e",
        "            bee is a word",
        "You lose: you completed bee.",
        "Off the card at be: you played e; the card said a (bear beaver). "
        "That gave the win away.",
    ]
    assert (result.loser, result.fragment) == (1, "bee")


def test_a_fragment_that_begins_no_word_is_challenged(animals: Solution) -> None:
    result, lines = run(animals, "b\nx\n")
    assert lines[-3:] == [
        "            the second player challenges: no word begins with bex",
        "You lose: no playable word begins with bex.",
        "Off the card at be: you played x; the card said a (bear beaver). "
        "That gave the win away.",
    ]
    assert result.loser == 1


def test_challenging_a_real_word_start_loses(animals: Solution) -> None:
    result, lines = run(animals, "b\n!\n")
    assert lines[-4:] == [
        "be          your letter: !",
        "            the second player names bear",
        "You lose: you challenged be, but the second player named bear.",
        "Off the card at be: you challenged; the card said a (bear beaver). "
        "That gave the win away.",
    ]


def test_a_bluff_challenged_loses_for_the_bluffer(animals: Solution) -> None:
    # The scripted computer plays x, which begins no word; the person challenges.
    result, lines = run(animals, "b\n!\n", replies="x", hints=True)
    assert lines[-5:] == [
        "            card: challenge (!): no word begins with bx",
        "bx          your letter: !",
        "            the second player admits a bluff",
        "You win: no word begins with bx; the second player bluffed.",
        "You followed the card all the way.",
    ]
    assert result.loser == 2


def test_help_advice_and_nothing_to_challenge(animals: Solution) -> None:
    result, lines = run(animals, "!\n?\nzz\n\nquit\n")
    assert lines[3:] == [
        "(start)     your letter: !",
        "            nothing to challenge yet",
        "(start)     your letter: ?",
        "            card: play b, forcing one of bear beaver",
        "(start)     your letter: zz",
        "            Type a letter (a-z); ? for the card's advice, ! to challenge the last "
        "letter, quit to stop.",
        "(start)     your letter: ",
        "            Type a letter (a-z); ? for the card's advice, ! to challenge the last "
        "letter, quit to stop.",
        "(start)     your letter: quit",
        "You quit at (start).",
        "You made no move in this game.",
    ]
    assert result.loser is None


def test_hints_show_the_card_every_turn_and_the_try_when_lost(animals: Solution) -> None:
    result, lines = run(animals, "quit\n", seat=2, hints=True, replies="b")
    assert lines == [
        "Ghost. You are the second player of 2.",
        "Against perfect players (the config's opponent).",
        "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
        "quit to stop.",
        "(start)     the first player plays b",
        "            card: no letter forces a win; best try e (1 of 2 replies is a mistake)",
        "b           your letter: quit",
        "You quit at b.",
        "You made no move in this game.",
    ]
    assert (result.loser, result.had_win) == (None, False)


def test_the_advice_and_the_slips_follow_the_play_the_deck_prints(animals: Solution) -> None:
    """One card, one play (issue 37, item 9): where the deck prints another winning letter
    than the one the words lead to, `?` names it with the words it forces, and playing it is
    no slip; where it prints a letter alone at a lost position, `?` says so beside the try."""
    result, lines = run(animals, "?\nb\nquit\n", plays={"": "g"}, replies="e")
    assert lines[3:6] == [
        "(start)     your letter: ?",
        "            card: play g, forcing one of gannet gerbil goat",
        "(start)     your letter: b",
    ]
    assert result.off_card == Slip("", "b", "g", ("gannet", "gerbil", "goat"), False)
    result, lines = run(animals, "g\nquit\n", plays={"": "g"}, replies="o")
    assert result.off_card is None and lines[-1] == "You followed the card all the way."
    _, lines = run(animals, "quit\n", seat=2, hints=True, replies="b", plays={"b": "x"})
    assert lines[4] == ("            card: prints x here; no letter forces a win; best try e "
                        "(1 of 2 replies is a mistake)")
    _, lines = run(animals, "quit\n", seat=2, hints=True, replies="b", plays={"b": "e"})
    assert lines[4] == ("            card: no letter forces a win; best try e (1 of 2 replies is a "
                        "mistake)")


def test_end_of_input_and_ctrl_c_abandon_the_game(animals: Solution) -> None:
    result, lines = run(animals, "b\n")
    assert result.reason == "Game abandoned at be (end of input)."
    assert lines[-3:] == [
        "be          your letter: ",
        "Game abandoned at be (end of input).",
        "You followed the card all the way.",
    ]

    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    out = io.StringIO()
    result = play(animals, lines=Interrupted(), console=Console(file=out), seat=1)
    assert (result.loser, result.reason) == (None, "Game abandoned at (start) (interrupted).")


@pytest.mark.network
def test_computer_seats_choose_winning_letters_at_random_and_replay(twl06: Solution) -> None:
    firsts = {computer_move(twl06, "", random.Random(seed)) for seed in range(20)}
    assert firsts == {"m", "n"}
    assert computer_move(twl06, "n", random.Random(1)) == "i"  # no win: the best try
    one = run(twl06, "a\nquit\n", seat=2, seed=5)[1]
    assert one == run(twl06, "a\nquit\n", seat=2, seed=5)[1]


def test_a_seat_past_the_players_is_refused(animals: Solution) -> None:
    with pytest.raises(InputError, match=r"^--seat: expected a seat from 1 to 2, got 3$"):
        run(animals, "", seat=3)


# --- issue 20, items 15 and 17 -----------------------------------------------------------


def test_typed_letters_go_through_the_list_s_spelling() -> None:
    """On a French list é is played as e; on a German one ß is two letters, said so; the
    help line names the letters the game takes."""
    from cardgen.words.alphabet import Spelling

    french = solve(playable_words(["été", "étui"], 3, Spelling("fr", "scrabble")), 2)
    _, lines = run(french, "É\nquit\n", replies="t")
    assert lines[2:5] == [
        "Type a letter (a-z); ? for the card's advice, ! to challenge the last letter, "
        "quit to stop.",
        "(start)     your letter: É",
        "e           the second player plays t",
    ]
    german = solve(playable_words(["Straße", "Spaß", "süß"], 3, Spelling("de", "scrabble")), 2)
    _, lines = run(german, "ß\nquit\n")
    assert lines[2:5] == [
        "Type a letter (a-z and ä ö ü); ? for the card's advice, ! to challenge the last "
        "letter, quit to stop.",
        "(start)     your letter: ß",
        "            this list writes ß as ss: type one letter at a time",
    ]


def test_piped_input_is_echoed_as_typed_with_control_characters_shown(
    animals: Solution,
) -> None:
    result, lines = run(animals, "\x1b[2J\n\0\nB\nquit\n", replies="e")
    assert lines[3:9] == [
        "(start)     your letter: <U+001B>[2J",
        "            Type a letter (a-z); ? for the card's advice, ! to challenge the last "
        "letter, quit to stop.",
        "(start)     your letter: <U+0000>",
        "            Type a letter (a-z); ? for the card's advice, ! to challenge the last "
        "letter, quit to stop.",
        "(start)     your letter: B",
        "b           the second player plays e",
    ]


def test_a_try_that_cannot_help_is_not_recommended() -> None:
    """At x the second player's only letter is a, and both replies keep the first's win."""
    solution = solve(playable_words(["xaab", "xaac", "xabb", "xabc"], 3), 2)
    _, lines = run(solution, "quit\n", seat=2, hints=True, replies="x")
    assert lines[4] == (
        "            card: no letter forces a win, and no try helps: every reply keeps their win"
    )


def test_a_seat_that_moved_without_a_win_is_told_the_card_had_none(animals: Solution) -> None:
    result, lines = run(animals, "e\n", seat=2, replies="bx")
    assert lines[-1] == "The card had no forced win for you in this game."
