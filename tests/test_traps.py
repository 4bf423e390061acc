"""Traps and casual tables (docs/rules.md, "Traps"): the fast passes against the brute force on
small random dictionaries with random frequencies, and the published TWL06 figures."""

from __future__ import annotations

import io

import numpy as np
import pdfplumber
import pytest
from bruteforce import BruteGhost, BruteTable, familiar_rank, playable
from hypothesis import given
from hypothesis import strategies as st
from test_hypothesis import words_strategy

from cardgen.cards.explain import explain
from cardgen.cards.strategy import Card, DictionaryInfo, build_card
from cardgen.cards.tables import table_row
from cardgen.games.advice import Escape, Try, best_try, choose_try
from cardgen.games.casual import casual
from cardgen.games.opponent import Opponent
from cardgen.games.ranking import Ranking
from cardgen.games.solver import Solution, solve
from cardgen.games.traps import Thresholds, thresholds
from cardgen.render.json import card_document
from cardgen.render.markdown import render_card
from cardgen.render.pdf import PdfOptions
from cardgen.render.pdf import render_card as render_pdf
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import WordList

ZIPF = st.sampled_from([0.0, 1.0, 1.5, 2.5, 3.0, 4.0])


def both(
    entries: list[str],
    zipfs: list[float],
    min_length: int,
    players: int,
    familiar: bool = False,
    rest: float = 0.0,
) -> tuple[BruteTable, Thresholds] | None:
    """The brute force and the fast passes on the playable words of `entries`, the Zipf of
    each word in alphabetical order taken from `zipfs` (`rest` for the words past its end)."""
    words = playable(entries, min_length)
    if not words:
        return None
    zipf = dict(zip(sorted(words), zipfs + [rest] * len(words), strict=False))
    lexicon = playable_words(entries, min_length)
    ranking = Ranking()
    rank = None
    if familiar:  # rare below 2.0, avoid the words with a 'c' in them
        rare = {w for w in words if zipf[w] < 2.0}
        avoided = {w for w in words if "c" in w}
        ranking = Ranking(
            avoided=np.array([w in avoided for w in lexicon.words]),
            rare=np.array([w in rare for w in lexicon.words]),
        )
        rank = familiar_rank(avoided, rare)
    brute = BruteTable(BruteGhost(words, players, rank=rank), zipf)
    fast = thresholds(solve(lexicon, players, ranking), np.array([zipf[w] for w in lexicon.words]))
    return brute, fast


@given(
    entries=words_strategy,
    zipfs=st.lists(ZIPF, max_size=30),
    min_length=st.integers(2, 3),
    players=st.integers(2, 4),
)
def test_thresholds_traps_and_escapes_match_brute_force(
    entries: list[str], zipfs: list[float], min_length: int, players: int
) -> None:
    games = both(entries, zipfs, min_length, players)
    if games is None:
        return
    brute, fast = games
    for fragment in brute.game.prefixes:
        assert fast.known(fragment) == brute.known(fragment), fragment
        for seat in range(1, players + 1):
            assert fast.threshold(fragment, seat) == brute.threshold(fragment, seat), (
                fragment, seat)
        expected = brute.trap(fragment)
        found = fast.trap(fragment)
        if expected is None:
            assert found is None, fragment
            continue
        move, mistakes, replies, escape = expected
        assert found == Try(move, mistakes, replies, escape and Escape(*escape)), fragment


@given(
    entries=words_strategy,
    zipfs=st.lists(ZIPF, max_size=30),
    min_length=st.integers(2, 3),
    players=st.integers(2, 4),
    knows=st.sampled_from([0.5, 1.0, 2.0, 3.5]),
    familiar=st.booleans(),
)
def test_casual_tables_match_brute_force(
    entries: list[str],
    zipfs: list[float],
    min_length: int,
    players: int,
    knows: float,
    familiar: bool,
) -> None:
    games = both(entries, zipfs, min_length, players, familiar)
    if games is None:
        return
    brute, fast = games
    table = casual(fast, knows)
    for fragment in brute.game.prefixes:
        for seat in range(1, players + 1):
            expected = brute.casual_words(fragment, seat, knows)
            words, named = table.winning_words(fragment, seat)
            assert table.wins(fragment, seat) == (expected is not None)
            if expected is None:
                assert (words, named) == ((), ()), (fragment, seat)
                continue
            assert set(words) == expected[0], (fragment, seat)
            assert set(named) == expected[1], (fragment, seat)
            if fragment not in brute.game.words and brute.game.mover(fragment) == seat:
                moves = [x for x in brute.game.children(fragment)
                         if not brute.can_lose(fragment + x, seat, knows)]
                assert table.winning_moves(fragment, seat) == tuple(moves)


def test_worked_example() -> None:
    """docs/rules.md's small example: the trap `x`, escaped only by knowing `xab`."""
    solution = solve(playable_words(["xab", "xeno", "yes"], 3), 2)
    traps = thresholds(solution, np.array([1.5, 3.0, 5.0]))
    assert traps.trap("") == Try("x", 1, 2, Escape("xab", 1.5))
    assert [traps.threshold(f, 1) for f in ("", "x", "xa", "xe", "y")] == [
        1.5, 1.5, np.inf, -np.inf, 5.0]
    table = casual(traps, 2.0)
    assert table.winning_words("", 1) == (("xeno",), ())
    assert casual(traps, 6.0).winning_words("", 1) == (("xab",), ("xab",))  # they challenge
    assert casual(traps, 1.0).winning_words("", 1) == ((), ())


def test_named_word_when_they_know_nothing() -> None:
    """Against a table that knows none of the words, the first seat plays anything and names
    the best word when challenged."""
    solution = solve(playable_words(["bat", "bead", "cog"], 3), 2)
    table = casual(thresholds(solution, np.array([0.0, 0.0, 0.0])), 1.0)
    assert table.winning_moves("", 1) == ("b", "c")
    assert table.winning_words("", 1) == (("bat",), ("bat",))


def traps_of(min_length: int, players: int) -> Thresholds:
    """TWL06's escape thresholds with wordfreq's English frequencies."""
    from cardgen.cards.make import LexiconRequest, Lexicons
    from cardgen.words.familiarity import wordfreq
    from cardgen.words.wordlists import CatalogList

    solution = Lexicons().solution(LexiconRequest(CatalogList("twl06"), min_length), players)
    assert isinstance(solution, Solution)  # Ghost's: traps are Ghost's only
    zipf = wordfreq().zipf
    return thresholds(solution, np.array([zipf.get(w, 0.0) for w in solution.words]))


@pytest.mark.network
def test_twl06_traps_match_the_independent_figures() -> None:
    """The figures of issue 15 (an independent implementation, wordfreq 3.1.1 English)."""
    four = traps_of(4, 2)
    assert four.trap("m") == Try("b", 1, 2, Escape("mbaqanga", 0.0))
    assert four.trap("n") == Try("y", 4, 5, Escape("nyctalopia", 0.0))
    three = traps_of(3, 2)
    assert three.trap("") == Try("q", 4, 5, Escape("qursh", 0.0))
    solution = (three_players := traps_of(4, 3)).solution
    openings = [f for f in solution.fragments(2) if not solution.is_word(f)]
    assert len(openings) == 315
    assert sum(3 in solution.losers(f) for f in openings) == 24
    assert sum(three_players.threshold(f, 3) >= 1 for f in openings) == 12
    assert sum(three_players.threshold(f, 3) >= 3 for f in openings) == 1


@pytest.mark.network
def test_twl06_openings_a_table_gangs_up_on() -> None:
    """TWL06, 4+ letters: the openings a seat wins with perfect play and not against a table
    that knows Zipf >= theta. None on the shipped twl06-3p-casual (theta 3); with four
    players, the fourth seat's cyl, whose trap is i: only cylinder (Zipf 3.99) gets them out."""

    def ganged(traps: Thresholds, knows: float) -> list[tuple[int, str]]:
        solution, table = traps.solution, casual(traps, knows)
        return [
            (seat, f)
            for seat in range(1, solution.players + 1)
            for f in solution.fragments(seat - 1)
            if not solution.is_word(f)
            and seat not in solution.losers(f)
            and not table.wins(f, seat)
        ]

    three = traps_of(4, 3)
    assert ganged(three, 3.0) == []
    assert ganged(three, 1.0) == [(2, "b"), (2, "d")]
    four = traps_of(4, 4)
    assert ganged(four, 3.0) == [(4, "cyl")]
    assert casual(four, 3.0).trap("cyl") == Try("i", 2, 3, Escape("cylinder", 3.99))


@given(
    entries=words_strategy,
    zipfs=st.lists(ZIPF, max_size=30),
    min_length=st.integers(2, 3),
    players=st.integers(2, 4),
    knows=st.sampled_from([0.5, 2.0, 3.5]),
)
def test_casual_table_rows_add_up_the_casual_cards(
    entries: list[str], zipfs: list[float], min_length: int, players: int, knows: float
) -> None:
    """A table row against a casual table sums up exactly what the casual card lists."""
    games = both(entries, zipfs, min_length, players)
    if games is None:
        return
    _, traps = games
    solution = traps.solution
    wordlist = WordList("tiny", "test", "0" * 64, tuple(entries))
    info = DictionaryInfo.of(wordlist, solution.lexicon)
    card = build_card(solution, info, traps=traps, opponent=Opponent(knows))
    row = table_row(solution, info, casual(traps, knows))
    assert row.winning_first_moves == card.winning_first_moves
    assert [(s.openings, s.won, s.card_words) for s in row.seats] == [
        (len(s.openings), s.won, s.card_words) for s in card.seats
    ]
    for seat in card.seats:
        for opening in seat.openings:
            assert set(opening.named) <= set(opening.words)
            if opening.won:
                assert opening.best_try is None and opening.play in opening.moves
            else:
                assert opening.moves == () and opening.named == ()


def gang_up_words(players: int, prefix: str) -> list[str]:
    """Words under `prefix` where a table may gang up (with three or more players): at
    `prefix + "x"` the next seat avoids `y`, which it would lose, for `z`, which the seat
    before it wins with; a table plays `y` anyway, and the seats after it lead that seat to
    complete a word (`xyx...`), unless it knows too few words."""
    n = players
    return [prefix + w for w in ("x" + "z" * (n - 1), "xyx" + "x" * (n - 2), "xyz" + "z" * (n - 1))]


@given(
    entries=words_strategy,
    zipfs=st.lists(ZIPF, max_size=35),
    min_length=st.integers(2, 3),
    players=st.integers(2, 4),
    knows=st.sampled_from([0.5, 1.0, 2.0, 3.5]),
    prefix=st.none() | st.text(alphabet="aw", max_size=3),
    rest=ZIPF,
)
def test_every_opening_a_casual_card_does_not_win_gets_the_trap(
    entries: list[str],
    zipfs: list[float],
    min_length: int,
    players: int,
    knows: float,
    prefix: str | None,
    rest: float,
) -> None:
    """docs/rules.md, "A card for casual tables": an opening the seat cannot win against the
    table carries the trap and its escape word, also where the seat wins against perfect
    players (a table of three or more may gang up on it); with two players that never
    happens. Random dictionaries seldom have such an opening (about 1 random dictionary in 20
    for three or four players): most examples get the words of `gang_up_words` too."""
    if prefix is not None:
        entries = entries + gang_up_words(players, prefix)
    games = both(entries, zipfs, min_length, players, rest=rest)
    if games is None:
        return
    brute, traps = games
    solution = traps.solution
    wordlist = WordList("tiny", "test", "0" * 64, tuple(entries))
    card = build_card(
        solution, DictionaryInfo.of(wordlist, solution.lexicon), traps=traps,
        opponent=Opponent(knows),
    )
    for seat in card.seats:
        for opening in seat.openings:
            fragment = opening.fragment
            expected = brute.trap(fragment, knows)
            assert (expected is None) == opening.won, (fragment, seat.seat)
            if expected is not None:
                move, mistakes, replies, escape = expected
                assert opening.best_try == Try(
                    move, mistakes, replies, escape and Escape(*escape)), (fragment, seat.seat)
            if players == 2 and seat.seat not in brute.game.losers(fragment):
                assert opening.won, (fragment, seat.seat)


GANG_UP = {"abxyz": 5.0, "abyz": 3.0, "acd": 4.0, "qed": 4.0, "qis": 4.0, "qoph": 4.0}
"""docs/rules.md's gang-up example: 3+ letters, three players."""


def gang_up_card(knows: float) -> Card:
    """The casual card of `GANG_UP` against a table that knows Zipf >= `knows`."""
    solution = solve(playable_words(list(GANG_UP), 3), 3)
    traps = thresholds(solution, np.array([GANG_UP[w] for w in solution.words]))
    wordlist = WordList("tiny", "test", "0" * 64, tuple(GANG_UP))
    info = DictionaryInfo.of(wordlist, solution.lexicon)
    return build_card(solution, info, traps=traps, opponent=Opponent(knows))


def test_an_opening_won_only_against_perfect_players_gets_the_trap() -> None:
    """The first seat wins with `a` against perfect players (the second avoids `ab`, which it
    would lose), but a table that knows `abyz` (Zipf 3) plays `ab`, then `aby`, and the first
    seat completes `abyz`. The trap is `a` (T(a) = 3 < T(q) = 4), not the best try's `q`
    (2 of 3 replies are mistakes), escaped only by knowing `abyz`."""
    solution = solve(playable_words(list(GANG_UP), 3), 3)
    assert 1 not in solution.losers("")
    assert best_try(solution, "") is None and choose_try(solution, "") == Try("q", 2, 3)
    first = gang_up_card(2.0).seats[0].openings[0]
    assert (first.fragment, first.losers, first.moves, first.words) == ("", (3,), (), ())
    assert first.best_try == Try("a", 1, 2, Escape("abyz", 3.0))
    document = card_document(gang_up_card(2.0))
    assert document["seats"][0]["openings"] == [{
        "fragment": "", "losers": [3], "moves": [], "words": [],
        "try": {"move": "a", "mistakes": 1, "replies": 2,
                "escape": {"word": "abyz", "zipf": 3.0}},
        "rare": [], "named": [], "printed": False, "printed_move": None,
    }]
    markdown = render_card(gang_up_card(2.0))
    assert (
        "Trap: open with *a* (1 of 2 replies saves you; only players who know words as rare as "
        "abyz (Zipf 3) get out)." in markdown
    )
    with pdfplumber.open(io.BytesIO(render_pdf(gang_up_card(2.0), PdfOptions()))) as pdf:
        front = pdf.pages[0].extract_text().splitlines()
    assert front[7:9] == [
        "You play first: No first letter is safe: the others can make you lose.",
        "Best try: open with a; only abyz gets them out",
    ]
    traps = thresholds(solution, np.array([GANG_UP[w] for w in solution.words]))
    assert explain(solution, "", traps, knows=2.0).best_try == first.best_try  # as the card
    # A table that does not know abyz cannot gang up: the seat wins with abxyz and acd.
    won = gang_up_card(3.5).seats[0].openings[0]
    assert (won.moves, won.words, won.best_try) == (("a",), ("abxyz", "acd"), None)
