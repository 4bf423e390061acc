"""The variants' explorer (templates/site/explorer.js, `InfixGame`) against the Python, under
Node: SuperGhost and SuperDuperGhost still rebuild their game in the page (their answers at
every infix would be too large to send), so that code is run on small random word lists and
every position it explains is `cardgen explain --json`'s (issue 36, 1). Ghost's explorer
computes no rule (its answers are the Python's: tests/test_publish.py reads them back).

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
from cardgen.games.superghost import solve
from cardgen.games.traps import thresholds
from cardgen.games.variants import find_game
from cardgen.render.explain import position_document
from cardgen.render.explorer import render_infix_game
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
    script = render_infix_game(solution, None if traps is None else zipf)
    found = in_node(node, script, card, fragments)
    for fragment, shown in zip(fragments, found, strict=True):
        expected = position_document(explain(solution, fragment, traps, knows, table))
        expected.setdefault("decisions", [])
        assert {key: shown[key] for key in KEYS} == {key: expected[key] for key in KEYS}, (
            seed, fragment)


def test_a_missing_node_is_named_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert missing() == "the explorer's Node tests need Node.js: apt-get install nodejs"
