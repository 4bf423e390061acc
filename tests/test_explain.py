"""`cardgen.cards.explain`: positions checked against the brute-force rules and on TWL06."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from bruteforce import LETTERS, BruteGhost, BruteTable, playable
from conftest import CONFIGS, DATA, costly
from hypothesis import given
from hypothesis import strategies as st

from cardgen.cards.explain import (
    FragmentError,
    explain,
    game_for,
    parse_fragment,
    shortest_word,
    solution_for,
)
from cardgen.errors import InputError
from cardgen.games.advice import Escape, Try
from cardgen.games.solver import Solution, solve
from cardgen.games.traps import thresholds
from cardgen.render.explain import position_document
from cardgen.words.alphabet import default_spelling
from cardgen.words.lexicon import Lexicon, playable_words

ANIMALS = (DATA / "animals.txt").read_text(encoding="utf-8").splitlines()
WORKED = "cat camel goat gecko gerbil gar gannet".split()


def brute_document(ghost: BruteGhost, fragment: str) -> dict[str, Any]:
    """What `position_document` must say, from docs/rules.md's rules written straight down."""
    n = ghost.players
    mover = ghost.mover(fragment)
    if fragment not in ghost.prefixes:
        ended_at = next((fragment[:i] for i in range(1, len(fragment))
                         if fragment[:i] in ghost.words), None)
        loser = (len(ended_at or fragment) - 1) % n + 1
        return {
            "fragment": fragment, "mover": mover, "losers": [loser], "word": False,
            "prefix": False, "completed_by": loser if ended_at else None, "ended_at": ended_at,
            "not_counted": None, "moves": [], "words": [], "card_move": None, "letters": [],
            "challenge_word": None, "try": None, "traps": False, "knows": None,
            "against": "perfect players", "opponent_from": "config", "named": [],
        }
    word = fragment in ghost.words
    words = sorted(ghost.winning_words(fragment, mover), key=ghost.order)
    starting = [w for w in ghost.words if w.startswith(fragment)]
    return {
        "fragment": fragment,
        "mover": mover,
        "losers": sorted(ghost.losers(fragment)),
        "word": word,
        "prefix": True,
        "completed_by": (len(fragment) - 1) % n + 1 if word else None,
        "ended_at": None,
        "not_counted": None,
        "moves": ghost.winning_moves(fragment, mover),
        "words": words,
        "card_move": words[0][len(fragment)] if words and not word else None,
        "letters": [
            {
                "letter": x,
                "losers": sorted(ghost.losers(fragment + x)),
                "word": fragment + x in ghost.words,
                "words": sorted(ghost.winning_words(fragment + x, mover), key=ghost.order),
                "threshold": None,
                "escape": None,
                "named": [],
            }
            for x in ghost.children(fragment)
        ],
        "challenge_word": words[0] if words else min(starting, key=lambda w: (len(w), w)),
        "try": None if word or (found := ghost.best_try(fragment)) is None
        else {**dict(zip(("move", "mistakes", "replies"), found, strict=True)), "escape": None},
        "traps": False,
        "knows": None,
        "against": "perfect players",
        "opponent_from": "config",
        "named": [],
    }


@pytest.mark.parametrize(
    ("entries", "min_length", "players"),
    [(ANIMALS, 3, 2), (ANIMALS, 3, 3), (ANIMALS, 4, 2), (WORKED, 3, 2), (WORKED, 2, 3)],
)
def test_every_fragment_against_the_brute_force_rules(
    entries: list[str], min_length: int, players: int
) -> None:
    ghost = BruteGhost(playable(entries, min_length), players)
    solution = solve(playable_words(entries, min_length), players)
    # Every fragment of the game, and every one that runs one letter past it.
    fragments = sorted(ghost.prefixes | {f + x for f in ghost.prefixes for x in LETTERS})
    for fragment in fragments:
        expected = brute_document(ghost, fragment)
        assert position_document(explain(solution, fragment)) == expected, fragment


def test_the_worked_example_with_gannet() -> None:
    # docs/rules.md: `g` wins with {gannet, gerbil, goat}; `ga` is answered by `gan`, not `gar`.
    solution = solve(playable_words(WORKED, 3), 2)
    start = explain(solution, "")
    assert (start.moves, start.words, start.card_move) == (
        ("g",), ("gannet", "gerbil", "goat"), "g"
    )
    ga = explain(solution, "ga")
    assert (ga.mover, ga.moves, ga.card_move, ga.challenge_word) == (1, ("n",), "n", "gannet")
    assert [(x.letter, x.losers, x.word) for x in ga.letters] == [
        ("n", (2,), False), ("r", (1,), True)
    ]


@pytest.mark.parametrize(
    ("text", "fragment"), [("", ""), ("ngu", "ngu"), (" Ngu \n", "ngu"), ("Q", "q")]
)
def test_parse_fragment_lowers_capitals_and_strips_spaces(text: str, fragment: str) -> None:
    assert parse_fragment(text) == fragment


@pytest.mark.parametrize("text", ["N3", "n g", "ñu", "don't", "-"])
def test_parse_fragment_refuses_anything_but_letters(text: str) -> None:
    with pytest.raises(FragmentError) as caught:
        parse_fragment(text)
    assert str(caught.value) == f"FRAGMENT: expected letters a-z only, got {text!r}"
    assert isinstance(caught.value, InputError) and caught.value.exit_code == 2


def test_shortest_word_and_best_try_on_animals() -> None:
    solution = solve(playable_words(ANIMALS, 3), 2)
    assert shortest_word(solution, "") == "ant"
    assert shortest_word(solution, "be") == "bee"
    assert shortest_word(solution, "bx") is None
    # At `g` the second player loses whatever it plays; a and e each leave the first player
    # one mistake among two replies, and a comes first.
    assert explain(solution, "g").moves == ()
    assert explain(solution, "g").best_try == Try("a", 1, 2)
    assert explain(solution, "gan").best_try == Try("n", 0, 1)  # the only letter


def test_the_best_try_avoids_a_letter_that_ends_the_game() -> None:
    # At `ca` (2 players, min 3): `t` completes cat at once; `m` goes on to camel.
    solution = solve(playable_words(["cat", "camel", "cow"], 3), 2)
    assert explain(solution, "ca").best_try == Try("m", 0, 1)
    solution = solve(playable_words(["cat", "cab", "can"], 3), 2)
    # Every letter completes a word: the alphabetically first, with no replies.
    assert explain(solution, "ca").best_try == Try("b", 0, 0)


def _letters(letters: str, losers: list[int]) -> list[dict[str, Any]]:
    return [
        {"letter": x, "losers": losers, "word": False, "words": [], "threshold": None,
         "escape": None, "named": []}
        for x in letters
    ]


TWL06_POSITIONS = {
    "m": {
        "fragment": "m", "mover": 2, "losers": [2], "word": False, "prefix": True,
        "completed_by": None, "ended_at": None, "moves": [], "words": [], "card_move": None,
        "letters": _letters("abehinoruy", [2]), "challenge_word": "maar",
        "try": {"move": "a", "mistakes": 22, "replies": 25, "escape": None},
    },
    "n": {
        "fragment": "n", "mover": 2, "losers": [2], "word": False, "prefix": True,
        "completed_by": None, "ended_at": None, "moves": [], "words": [], "card_move": None,
        "letters": _letters("aegiouy", [2]), "challenge_word": "naan",
        "try": {"move": "i", "mistakes": 16, "replies": 19, "escape": None},
    },
    "nyc": {
        "fragment": "nyc", "mover": 2, "losers": [2], "word": False, "prefix": True,
        "completed_by": None, "ended_at": None, "moves": [], "words": [], "card_move": None,
        "letters": _letters("t", [2]), "challenge_word": "nyctalopia",
        "try": {"move": "t", "mistakes": 0, "replies": 1, "escape": None},
    },
    "null": {
        "fragment": "null", "mover": 1, "losers": [2], "word": True, "prefix": True,
        "completed_by": 2, "ended_at": None, "moves": [], "words": ["null"], "card_move": None,
        "letters": [], "challenge_word": "null", "try": None,
    },
    "qz": {
        "fragment": "qz", "mover": 1, "losers": [2], "word": False, "prefix": False,
        "completed_by": None, "ended_at": None, "moves": [], "words": [], "card_move": None,
        "letters": [], "challenge_word": None, "try": None,
    },
}


@pytest.mark.network
@pytest.mark.parametrize("fragment", list(TWL06_POSITIONS))
def test_twl06_positions(twl06: Solution, fragment: str) -> None:
    expected = {**TWL06_POSITIONS[fragment], "traps": False, "knows": None, "named": [],
                "not_counted": None, "against": "perfect players", "opponent_from": "config"}
    assert position_document(explain(twl06, fragment)) == expected


@pytest.mark.network
def test_twl06_start_and_the_n_line(twl06: Solution) -> None:
    start = explain(twl06, "")
    assert (start.mover, start.losers, start.moves, start.card_move) == (1, (2,), ("m", "n"), "n")
    assert start.words == (
        "naan", "nene", "ngultrum", "nirvanic", "nolo", "null", "nyctalopia"
    )
    by_letter = {x.letter: x for x in start.letters}
    assert by_letter["m"].words == (
        "maar", "mbaqanga", "mehndi", "mhos", "mibs", "mnemonic", "moke", "mridanga",
        "muon", "myth",
    )
    assert by_letter["a"].losers == (1,) and by_letter["a"].words == ()
    nulls = explain(twl06, "nulls")
    assert (nulls.prefix, nulls.ended_at, nulls.completed_by, nulls.losers) == (
        False, "null", 2, (2,)
    )
    assert explain(twl06, "n").best_try == Try("i", 16, 19)
    assert explain(twl06, "m").best_try == Try("a", 22, 25)


def test_solution_for_reads_and_solves_a_config() -> None:
    config, solution = solution_for(DATA / "animals.yaml")
    assert (config.players, config.min_length, solution.players) == (2, 3, 2)
    assert solution.words == (
        "ant", "bear", "beaver", "bee", "camel", "cat", "gannet", "gar", "gecko", "gerbil",
        "goat",
    )


def test_solution_for_names_a_missing_config(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"missing\.yaml: cannot read config"):
        solution_for(tmp_path / "missing.yaml")


def check_every_fragment(lexicon: Lexicon, players: int, extra: str) -> None:
    """Explain every fragment of the game, and every one `extra`'s letters run past it, against
    the brute force. The brute force breaks a tie between shortest challenge words by code
    points; the alphabet's order decides, so only their length is compared then."""
    ghost = BruteGhost(set(lexicon.words), players, lexicon.letters)
    solution = solve(lexicon, players)
    for fragment in sorted(ghost.prefixes | {f + x for f in ghost.prefixes for x in extra}):
        expected = brute_document(ghost, fragment)
        document = position_document(explain(solution, fragment))
        if document["challenge_word"] != expected["challenge_word"]:
            shortest = min(len(w) for w in ghost.words if w.startswith(fragment))
            assert len(str(document["challenge_word"])) == shortest
            document["challenge_word"] = expected["challenge_word"]
        assert document == expected, fragment


@costly
@given(
    entries=st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=25),
    min_length=st.integers(2, 4),
    players=st.integers(2, 4),
)
def test_random_dictionaries_against_the_brute_force_rules(
    entries: list[str], min_length: int, players: int
) -> None:
    lexicon = playable_words(entries, min_length)
    if lexicon.words:
        check_every_fragment(lexicon, players, "abcd")


@costly
@given(
    entries=st.lists(st.text(alphabet="aåäöz", min_size=1, max_size=6), min_size=1, max_size=25),
    min_length=st.integers(2, 4),
    players=st.integers(2, 3),
)
def test_another_alphabet_against_the_brute_force_rules(
    entries: list[str], min_length: int, players: int
) -> None:
    """Swedish letters, whose alphabetical order (a z å ä ö) is not code point order."""
    lexicon = playable_words(entries, min_length, default_spelling("sv"))
    if lexicon.words:
        check_every_fragment(lexicon, players, "aåäöz")


@pytest.mark.network
def test_twl06_traps_and_escapes() -> None:
    """With the config's frequencies: each letter's escape, the trap, and a casual table."""
    _, solution, traps = game_for(CONFIGS / "twl06-2p.yaml")
    assert traps is not None
    n = explain(solution, "n", traps)
    assert n.best_try == Try("y", 4, 5, Escape("nyctalopia", 0.0))
    by_letter = {x.letter: x for x in n.letters}
    assert (by_letter["y"].threshold, by_letter["y"].escape) == (0.0, Escape("nyctalopia", 0.0))
    document = position_document(n)
    assert document["traps"] is True
    assert document["try"]["escape"] == {"word": "nyctalopia", "zipf": 0.0}
    start = position_document(explain(solution, "", traps))
    assert {x["letter"]: x["threshold"] for x in start["letters"]}["n"] == "-inf"
    casual = explain(solution, "", traps, knows=3.0)
    assert (casual.knows, casual.card_move, casual.words, casual.named) == (
        3.0, "q", ("qubit",), ("qubit",)
    )


def test_explain_with_traps_against_the_brute_force() -> None:
    """Every letter's threshold and escape word, and the casual moves, on the animals."""
    words = playable(ANIMALS, 3)
    lexicon = playable_words(ANIMALS, 3)
    zipf = {w: float(i % 5) for i, w in enumerate(sorted(words))}
    for players in (2, 3):
        brute = BruteTable(BruteGhost(words, players), zipf)
        solution = solve(lexicon, players)
        traps = thresholds(solution, np.array([zipf[w] for w in lexicon.words]))
        for fragment in sorted(brute.game.prefixes - brute.game.words):
            mover = brute.game.mover(fragment)
            position = explain(solution, fragment, traps, knows=2.0)
            for x in position.letters:
                assert x.threshold == brute.threshold(fragment + x.letter, mover)
                escape = brute.escape(fragment + x.letter, mover)
                assert x.escape == (escape and Escape(*escape)), (fragment, x.letter)
            casual = brute.casual_words(fragment, mover, 2.0)
            assert set(position.words) == (casual[0] if casual else set())
            assert set(position.named) == (casual[1] if casual else set())
            trap = brute.trap(fragment, 2.0)  # wherever the mover cannot win against the table
            assert position.best_try == (trap and Try(*trap[:3], trap[3] and Escape(*trap[3])))
