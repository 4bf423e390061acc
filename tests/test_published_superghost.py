"""SuperGhost's published figures (docs/rules.md), on the real TWL06 list."""

from __future__ import annotations

import pytest

from cardgen.games.superghost import solve
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import load_wordlist

pytestmark = pytest.mark.network


def test_twl06_superghost_4_letters_2_players() -> None:
    """An independent solver's figures: the first player wins with a, i, u, y; the second wins
    against the other 22 openings (against b: bm, bz, fb); 114 decisions for the first seat."""
    lexicon = playable_words(load_wordlist("twl06").entries, 4, prefix_free=False)
    solution = solve(lexicon, 2)
    assert solution.nodes == 1_060_950  # the empty fragment and 1,060,949 infixes
    assert solution.losers() == frozenset({2})
    assert solution.winning_moves("", 1) == ("a", "i", "u", "y")
    assert solution.winning_moves("b", 2) == ("bm", "bz", "fb")
    lost = [x for x in solution.fragments(1) if not solution.winning_moves(x, 2)]
    assert lost == ["a", "i", "u", "y"]
    assert solution.decision_count("", 1) == 114
    decisions = solution.decisions("", 1)
    assert len(decisions) == 105 and decisions[0].fragment == ""
    assert len(solution.winning_words("", 1)) == 58
