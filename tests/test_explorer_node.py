"""The explorer (templates/site/explorer.js) against the Python, under Node: SuperGhost and
SuperDuperGhost still rebuild their game in the page (`InfixGame`: their answers at every
infix would be too large to send), so that code is run on small random word lists and every
position it explains is `cardgen explain --json`'s (issue 36, 1). Ghost's explorer (`Game`)
computes no rule: it reads the Python's answers (tests/test_publish.py reads them back), and
here words every position, inside the game and outside it, as explain does, from them alone.

Needs Node.js (Debian's: apt-get install nodejs); without it these tests skip, except in CI
(CI=true), where they fail. Marked as the browser tests are: not in the default run.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardgen.cards.position import explain
from cardgen.games.casual import casual
from cardgen.games.solver import solve as solve_ghost
from cardgen.games.superghost import solve
from cardgen.games.traps import thresholds
from cardgen.games.variants import find_game
from cardgen.render.explain import position_document
from cardgen.render.explorer import render_card, render_game, render_infix_game
from cardgen.words.lexicon import playable_words

pytestmark = pytest.mark.browser

RUNNER = Path(__file__).parent / "explorer_node.js"
KEYS = ("fragment", "mover", "losers", "word", "prefix", "completed_by", "ended_at", "moves",
        "words", "named", "card_move", "challenge_word", "letters", "try", "decisions")


def missing() -> str | None:
    """Why these tests cannot run here, in one line; None when they can."""
    if shutil.which("node") is None:
        return "the explorer's Node tests need Node.js: apt-get install nodejs"
    return None


@pytest.fixture(scope="module")
def node() -> str:
    reason = missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    found = shutil.which("node")
    assert found is not None
    return found


def in_node(node: str, script: str, card: dict[str, Any], fragments: list[str]) -> list[Any]:
    """Each fragment explained by explorer.js's InfixGame, run by Node."""
    result = subprocess.run(
        [node, str(RUNNER)], input=json.dumps({"script": script, "card": card,
                                               "fragments": fragments}),
        capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    found: list[Any] = json.loads(result.stdout)
    return found


def random_case(seed: int) -> tuple[list[str], int, int, bool, bool, float | None]:
    """A small word list over abcd and how to play it: min length, players, reverse,
    frequencies (traps), and the casual table (None: perfect players)."""
    rng = random.Random(seed)
    words = ["".join(rng.choice("abcd") for _ in range(rng.randint(2, 6)))
             for _ in range(rng.randint(1, 12))]
    traps = rng.random() < 0.7
    knows = rng.choice([None, 1.0, 2.0]) if traps else None
    return words, rng.randint(2, 3), rng.randint(2, 3), rng.random() < 0.5, traps, knows


@pytest.mark.parametrize("seed", range(40))
def test_the_variant_explorer_explains_as_the_python_does(node: str, seed: int) -> None:
    words, min_length, players, reverse, with_traps, knows = random_case(seed)
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    solution = solve(lexicon, players, reverse=reverse)
    zipf = np.array([(7 * i % 13) * 0.37 for i in range(len(solution.words))]).round(2)
    traps = thresholds(solution, zipf) if with_traps else None
    table = casual(traps, knows) if traps is not None and knows is not None else None
    game = find_game("superduperghost" if reverse else "superghost")
    card: dict[str, Any] = {"knows": knows, "game": game.name, "reverse": reverse,
                            "noun": game.move_noun, "inside": game.inside, "printed": {},
                            "traps": traps is not None}
    fragments = [f for level in range(len(solution.graph.levels))
                 for f in solution.fragments(level)]
    fragments += [f + "a" for f in fragments[:5]] + ["dddd", "abab"]  # some outside the game
    # none longer than the longest word: the page refuses those, as explain does
    fragments = [f for f in fragments if len(f) <= max(map(len, solution.words))]
    script = render_infix_game(solution, None if traps is None else zipf)
    found = in_node(node, script, card, fragments)
    for fragment, shown in zip(fragments, found, strict=True):
        expected = position_document(explain(solution, fragment, traps, knows, table))
        expected.setdefault("decisions", [])
        assert {key: shown[key] for key in KEYS} == {key: expected[key] for key in KEYS}, (
            seed, fragment)


def ghost_case(seed: int) -> tuple[Any, Any, Any, str, dict[str, Any], list[str]]:
    """A small random Ghost game over abc, its thresholds (or None) and casual table (or None),
    its scripts, and its fragments with some outside it: past a word, and challenged."""
    words, min_length, players, _, with_traps, knows = random_case(seed)
    words = [w.replace("d", "c") for w in words] + ["ab", "abc"][:seed % 3]
    solution = solve_ghost(playable_words(words, min_length), players + seed % 2)
    zipf = np.array([(7 * i % 13) * 0.37 for i in range(len(solution.words))]).round(2)
    traps = thresholds(solution, zipf) if with_traps else None
    table = casual(traps, knows) if traps is not None and knows is not None else None
    card = json.loads(render_card(solution, traps, table).removeprefix(
        "window.cardgenCard = ").removesuffix(";\n"))
    fragments = [f for level in range(len(solution.levels)) for f in solution.fragments(level)]
    fragments += [w + x for w in solution.words for x in "ac"]  # past a word: it ended there
    fragments += ["c" * k for k in range(1, 8)] + ["bb", "ba", "aab", "abcab"]
    longest = len(solution.levels) - 1
    return solution, traps, table, render_game(solution, traps), card, [
        f for f in fragments if len(f) <= longest]


@pytest.mark.parametrize("seed", range(30))
def test_the_ghost_explorer_words_what_the_python_finds(node: str, seed: int) -> None:
    solution, traps, table, script, card, fragments = ghost_case(seed)
    found = in_node(node, script, card, fragments)
    knows = None if table is None else table.knows
    outside = 0
    for fragment, shown in zip(fragments, found, strict=True):
        expected = position_document(explain(solution, fragment, traps, knows, table))
        expected.setdefault("decisions", [])
        # At a word the game is over: the page says only who completed it, not the word
        # explain's JSON gives the next seat as its set.
        keys = [k for k in KEYS if not (expected["word"] and k in ("words", "named"))]
        assert {key: shown[key] for key in keys} == {key: expected[key] for key in keys}, (
            seed, fragment)
        outside += not expected["prefix"]
    assert outside


def test_the_ghost_explorer_reads_who_loses_outside_the_game(node: str) -> None:
    """Outside the game the page reads who loses from the data (issue 36, 1: it worked out
    the challenge rule itself): a script that says otherwise is followed. Words cat, camel,
    goat, 3+ letters, two players: at cx, who played x loses a challenge (the second player),
    at catx the game ended at cat (lost by the first, who completed it), at camelx at camel."""
    solution = solve_ghost(playable_words(["cat", "camel", "goat"], 3), 2)
    card = json.loads(render_card(solution).removeprefix(
        "window.cardgenCard = ").removesuffix(";\n"))
    script = render_game(solution)
    fragments = ["cx", "cax", "catx", "camelx"]
    shown = [(p["losers"], p["ended_at"]) for p in in_node(node, script, card, fragments)]
    assert shown == [([2], None), ([1], None), ([1], "cat"), ([1], "camel")]
    data = json.loads(script.removeprefix("window.cardgenGame = ").removesuffix(";\n"))
    assert data["challenged"] == [1, 2, 1, 2, 1]
    data["challenged"] = [2, 1, 2, 1, 2]
    told = f"window.cardgenGame = {json.dumps(data)};\n"
    shown = [(p["losers"], p["ended_at"]) for p in in_node(node, told, card, fragments)]
    assert shown == [([1], None), ([2], None), ([1], "cat"), ([1], "camel")]


def test_a_missing_node_is_named_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert missing() == "the explorer's Node tests need Node.js: apt-get install nodejs"
