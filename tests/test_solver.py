from __future__ import annotations

import numpy as np
import pytest

from cardgen.errors import RankEncodingError
from cardgen.games.advice import Try, best_try
from cardgen.games.game import Replies
from cardgen.games.ranking import FEWEST, RankCodec, Ranking
from cardgen.games.solver import solve
from cardgen.games.superghost import solve as solve_infix
from cardgen.words.lexicon import playable_words


def solved(words: str, players: int = 2, min_length: int = 3):  # type: ignore[no-untyped-def]
    return solve(playable_words(words.split(), min_length), players)


# The worked examples of docs/rules.md (min length 3, two players).
@pytest.mark.parametrize(
    ("words", "losers", "moves", "winning"),
    [
        ("cat camel gecko", {1}, (), ()),
        ("cat camel goat gerbil", {2}, ("g",), ("gerbil", "goat")),
        ("cat camel goat gecko gerbil gar", {1}, (), ()),
        ("cat camel goat gecko gerbil gar gannet", {2}, ("g",), ("gannet", "gerbil", "goat")),
    ],
)
def test_worked_examples(
    words: str, losers: set[int], moves: tuple[str, ...], winning: tuple[str, ...]
) -> None:
    solution = solved(words)
    assert solution.losers("") == losers
    assert solution.winning_moves("") == moves
    assert solution.winning_words("", 1) == winning


def test_minimal_set_prefers_the_smaller_branch() -> None:
    solution = solved("cat camel goat gecko gerbil gar gannet")
    # "ga" is answered by "gan" (not "gar"), "ge" by "ger" (not "gec", which leads to gecko).
    assert solution.winning_words("ga", 1) == ("gannet",)
    assert solution.winning_words("ge", 1) == ("gerbil",)
    assert solution.rank("", 1) == (3, 4, "gannet")
    assert solution.rank("", 2) is None


def test_a_word_is_lost_by_the_seat_that_completes_it() -> None:
    solution = solved("abcd abce", players=3)
    assert solution.losers("abcd") == {1}  # the fourth letter is played by seat 1 of 3
    assert solution.is_word("abcd")
    assert not solution.is_word("abc")


def test_queries_on_fragments() -> None:
    solution = solved("cat camel goat gerbil")
    assert solution.children("") == ("c", "g")
    assert solution.children("ca") == ("m", "t")
    assert solution.find("cx") is None
    assert solution.find("catx") is None  # nothing follows a completed word
    assert list(solution.fragments(2)) == ["ca", "ge", "go"]
    assert solution.mover("") == 1 and solution.mover("c") == 2 and solution.mover("ca") == 1
    with pytest.raises(KeyError):
        solution.losers("zz")


def test_a_seat_with_only_losing_moves_still_has_legal_moves() -> None:
    # Seat 1 must play "c" or "g" although both lose: the loser set is the union.
    solution = solved("cat camel gecko")
    assert solution.losers("") == {1}
    assert solution.winning_moves("", 2) == ("c", "g")


def test_multiplayer_union_when_every_child_contains_the_mover() -> None:
    # Three players: at "ab" seat 3 must complete "abc" or "abd" and loses either way.
    solution = solved("abc abd", players=3, min_length=3)
    assert solution.losers("ab") == {3}
    assert solution.losers("") == {3}
    # Seat 1 moves at "": "x" then "xy" leads to a word seat 1 completes... unless it avoids it.
    solution = solved("abc xyzw", players=3, min_length=3)
    assert solution.losers("x") == {1}
    assert solution.losers("") == {3}
    assert solution.winning_moves("") == ("a",)


def test_players_are_checked() -> None:
    with pytest.raises(ValueError, match="players"):
        solved("cat", players=1)


def test_words_longer_than_the_comparison_width() -> None:
    stem = "a" * 40
    solution = solved(f"{stem}b {stem}cd {stem}ce z{'y' * 60}", min_length=3)
    assert solution.is_word(stem + "b")
    assert solution.children(stem) == ("b", "c")
    assert solution.losers(stem + "c") == {2}  # 42 letters: ce and cd both end on seat 2
    assert solution.nodes == 1 + 40 + 4 + 61  # root, the stem, b c cd ce, z and the y's


def test_best_try_on_a_worked_example() -> None:
    solution = solved("cat camel goat gecko gerbil gar")
    # After g, seat 2's replies e and o are mistakes (gerbil, goat), a is not (gar).
    assert best_try(solution, "") == Try("g", mistakes=2, replies=3)
    # Seat 1 at "ga" can only complete "gar": a move that ends the game, 0 replies.
    assert best_try(solution, "ga") == Try("r", mistakes=0, replies=0)
    assert best_try(solution, "g") is None  # seat 2 wins from "g"
    assert best_try(solution, "gar") is None  # the game is over


def test_replies_count_each_move_s_replies_and_those_the_seat_survives() -> None:
    # What the best try weighs, read by position: after c the one reply "ca" (seat 1 loses
    # there), after g the replies a, e, o, of which e and o leave seat 1 out of the losers.
    solution = solved("cat camel goat gecko gerbil gar")
    assert solution.replies("", 1) == (Replies("c", False, 0, 1), Replies("g", False, 2, 3))
    assert solution.replies("ga", 1) == (Replies("r", True, 0, 0),)  # r completes gar
    infix = solve_infix(playable_words(["abcd", "cab"], 3, prefix_free=False), 2)
    assert infix.replies("c", 2) == (Replies("bc", False, 0, 2), Replies("ca", False, 1, 1),
                                     Replies("cd", False, 0, 1))
    for game, fragment, seat in ((solution, "g", 2), (infix, "", 1), (infix, "b", 1)):
        assert game.replies(fragment, seat) == tuple(
            Replies(x, game.is_word(game.after(fragment, x)),
                    sum(seat not in game.losers(game.after(game.after(fragment, x), y))
                        for y in game.children(game.after(fragment, x))),
                    len(game.children(game.after(fragment, x))))
            for x in game.children(fragment))


def test_best_try_avoids_completing_a_word_when_it_can() -> None:
    # At "a" seat 2 loses either way; "b" completes "ab" at once, so "c" is the only candidate
    # (alphabetically first with no mistakes either, "b" would win a tie).
    solution = solved("ab acde", min_length=2)
    assert solution.losers("a") == {2}
    assert best_try(solution, "a") == Try("c", mistakes=0, replies=1)


def test_familiar_ranking_prefers_common_words() -> None:
    lexicon = playable_words(["aaaa", "bbbb", "cccc"], 3)
    assert solve(lexicon, 2).winning_words("", 1) == ("aaaa",)
    rare = np.array([True, False, False])
    assert solve(lexicon, 2, Ranking(rare=rare)).winning_words("", 1) == ("bbbb",)
    avoided = np.array([False, True, False])
    both = solve(lexicon, 2, Ranking(avoided=avoided, rare=rare))
    assert both.winning_words("", 1) == ("cccc",)
    assert both.rank("", 1) == (1, 4, "cccc")


def test_an_avoided_word_still_appears_when_the_win_needs_it() -> None:
    lexicon = playable_words(["aaaa", "bbb"], 3)
    avoided = np.array([True, False])
    assert solve(lexicon, 2, Ranking(avoided=avoided)).winning_words("", 1) == ("aaaa",)


def test_fewest_is_the_default_ranking() -> None:
    lexicon = playable_words("cat camel goat gecko gerbil gar gannet".split(), 3)
    default, fewest = solve(lexicon, 2), solve(lexicon, 2, FEWEST)
    assert FEWEST.by == "fewest" and Ranking(rare=np.zeros(7, dtype=bool)).by == "familiar"
    for d in range(len(default.levels)):
        for seat_index in range(2):
            assert (default._ranks[seat_index][d] == fewest._ranks[seat_index][d]).all()


def test_ranking_flags_must_match_the_words() -> None:
    lexicon = playable_words(["aaaa", "bbbb"], 3)
    with pytest.raises(ValueError, match="ranking: rare has 3 flags for 2 words"):
        solve(lexicon, 2, Ranking(rare=np.array([True, False, True])))


def test_rank_encoding_too_wide_is_refused() -> None:
    lengths = np.full(2**20, 9, dtype=np.int64)
    with pytest.raises(RankEncodingError, match="more than the 64-bit rank encoding holds"):
        RankCodec.for_words(lengths, avoided=2**20, rare=2**20)


def test_the_rank_encoding_limit_is_named() -> None:
    with pytest.raises(RankEncodingError) as raised:
        RankCodec.for_words(np.array([64] * 10), avoided=2**30, rare=2**30)
    assert str(raised.value) == (
        "10 playable words are more than the 64-bit rank encoding holds (at most 0 with these "
        "word lengths and rare and avoided words)"
    )


SHARED = ("words", "mover", "find", "losers", "is_word", "children", "winning_moves",
          "shortest_word")
"""What every solved game answers alike, written once (`cardgen.games.game.SolvedPositions`)."""


def test_the_solved_games_write_the_shared_questions_once() -> None:
    from cardgen.games.game import InfixMoves, PrefixMoves, SolvedPositions
    from cardgen.games.solver import Solution
    from cardgen.games.stored import StoredGame
    from cardgen.games.storedinfix import StoredInfixGame
    from cardgen.games.superghost import InfixSolution

    games = (Solution, StoredGame, InfixSolution, StoredInfixGame)
    assert all(issubclass(game, SolvedPositions) for game in games)
    assert [name for game in games for name in SHARED if name in vars(game)] == []
    ghost = ("after", "describe_move", "parse_move", "decisions", "winning_words", "game")
    assert [name for game in (Solution, StoredGame) for name in ghost if name in vars(game)] == []
    assert all(name in vars(PrefixMoves) and name in vars(InfixMoves) for name in ghost)
    infix = ("decisions", "winning_words", "_plan")
    assert [name for game in (InfixSolution, StoredInfixGame) for name in infix
            if name in vars(game)] == []


def test_the_shortest_word_is_the_first_of_the_shortest_that_hold_the_fragment() -> None:
    from cardgen.games.superghost import solve as solve_infix

    words = ["cab", "cat", "camel", "goat", "scat", "bat"]
    ghost = solve(playable_words(words, 3), 2)
    assert [ghost.shortest_word(f) for f in ("", "c", "ca", "cam", "x", "at")] == [
        "bat", "cab", "cab", "camel", None, None]
    infix = solve_infix(playable_words(words, 3, prefix_free=False), 2)
    assert [infix.shortest_word(f) for f in ("", "at", "ca", "sc", "x")] == [
        "bat", "bat", "cab", "scat", None]


@pytest.mark.parametrize("game", ["ghost", "superghost", "superduperghost"])
def test_the_moves_children_finds_are_the_ids_a_search_finds(game: str) -> None:
    """`children` keeps the fragments it makes as found (the escape word's line asks for them
    next): each is the id a game that never listed them finds."""
    words = "era bera erad nare aren zebra bread"
    lexicon = playable_words(words.split(), 3, prefix_free=game == "ghost")
    walked, fresh = ((solve(lexicon, 2) for _ in range(2)) if game == "ghost" else
                     (solve_infix(lexicon, 2, reverse=game == "superduperghost")
                      for _ in range(2)))
    fragments = [f for d in range(lexicon.longest + 1) for f in fresh.fragments(d)]
    made = {walked.after(f, x) for f in fragments for x in walked.children(f)}
    assert made == {f for f in fragments if f}
    assert {f: walked._found[f] for f in made} == {f: fresh.find(f) for f in made}
