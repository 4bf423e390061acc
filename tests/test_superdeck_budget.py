"""The search of a SuperGhost or SuperDuperGhost deck's budget (issue 39, item 1): it chooses
the deck that the plain search chooses, each trial the whole deck laid out, and lays out a
few sections where that laid out dozens."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import shipped_card
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.cards.make import Lexicons, make_card
from cardgen.cards.paper import PdfOptions
from cardgen.cards.selection import longest_run
from cardgen.cards.strategy import Card
from cardgen.render.pdf import sides, superdeck
from cardgen.render.pdf.fonts import DoesNotFit, load_fonts
from cardgen.render.pdf.sides import card_frame, counted_sides, fewest_sides

CONFIGS = Path("configs")


def plain_budget(card: Card, options: PdfOptions) -> tuple[Card, Card | None]:
    """`superdeck.booklet_budget` the plain way, each trial the whole deck laid out
    (`pocket_sides`): the longest run, then each later step until `TRIES` in a row do not
    fit; the longest run found by `longest_run`'s gallop from 32 steps (as it was before
    issue 39), and by trying every run of the order from none to all where the runs that fit
    are those up to some length (else None)."""
    frame, fonts = card_frame(options), load_fonts(options.font)
    room = superdeck.POCKET_SIDES if options.cards is None else 2 * options.cards
    order = superdeck.booklet_order(card, options)

    def deck(taken: list[superdeck.Item]) -> Card:
        printed = superdeck.seat_printings(card, taken)
        return superdeck.booklet_card(card, options, map(
            superdeck.printed_seat, card.seats, printed))

    def fits(taken: list[superdeck.Item]) -> bool:
        try:
            laid = len(superdeck.pocket_sides(deck(taken), frame, fonts, options, even=False,
                                              lay=counted_sides))
        except DoesNotFit:
            return False
        return laid + laid % 2 <= room

    def then(k: int) -> Card:
        taken = order[:k]
        misses = 0
        for item in order[k:]:
            if misses == superdeck.TRIES:
                break
            if fits([*taken, item]):
                taken.append(item)
                misses = 0
            else:
                misses += 1
        return deck(taken)

    runs = [k == 0 or fits(order[:k]) for k in range(len(order) + 1)]
    scanned = then(runs.count(True) - 1) if runs == sorted(runs, reverse=True) else None
    return then(longest_run(len(order), lambda k: fits(order[:k]))), scanned


def word_card(words: list[str], players: int, game: str) -> Card:
    """The card of `words` (3+ letters), with its casual figures, as `make_card` makes it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        path.write_text("\n".join(words) + "\n", encoding="utf-8")
        return make_card(path, players, 3, game=game)


@pytest.fixture
def layouts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many sections `sides.choose_layout` lays out, its remembered counts forgotten."""
    count = [0]
    plain = sides.choose_layout

    def counted(*args: object, **kwargs: object) -> object:
        count[0] += 1
        return plain(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sides, "choose_layout", counted)
    sides._counted.cache_clear()
    yield count
    sides._counted.cache_clear()


WORDS = "abbhe baaf bbeaf bceb cddadc cffeb dbhbea eah ecdhhf edg eehd fahabd fbbfff fdgag gcdhf " \
    "gfdh ghbdf hgefcd"
"""18 words over eight letters: one card of their SuperDuperGhost deck holds 9 of its 29 steps."""


def test_the_budget_lays_out_six_sections(layouts: list[int]) -> None:
    """The search before issue 39 laid out 42 sections in 22 trials (a gallop and halving
    down to the cut at 9 steps, then 16 trials after it that do not fit); now six (the
    guess's front, a trial at the cut and one past it), and the trials after it take too
    many sides at the fewest (`fewest_sides`), which needs no layout."""
    card = word_card(WORDS.split(), 2, "superduperghost")
    options = PdfOptions(cards=1)
    chosen = superdeck.booklet_budget(card, options)
    assert layouts == [6]
    galloped, scanned = plain_budget(card, options)
    assert chosen == galloped == scanned
    assert len(superdeck.booklet_order(card, options)) == 29
    assert sum(p.kind is not None for s in chosen.seats for _o, p in s.entries()) == 9


@pytest.mark.network
@pytest.mark.slow
@pytest.mark.parametrize(("name", "count"), [("twl06-2p-superghost", 14),
                                              ("twl06-2p-superduperghost", 13)])
def test_the_shipped_variants_lay_out_a_few_sections(
        name: str, count: int, layouts: list[int]) -> None:
    """TWL06 SuperGhost: 127 sections laid out over 32 trials, now 14 (SuperDuperGhost 105
    over 27, now 13): a guess and two trials for the longest run, the trials after it that
    print more of the first seat's table than one that did not fit left out, and those whose
    tables take too many sides at the fewest (`fewest_sides`) decided without a layout."""
    config, card = shipped_card(CONFIGS / f"{name}.yaml", Lexicons())
    superdeck.booklet_budget(card, config.pdf)
    assert layouts == [count]


@settings(max_examples=8)
@given(
    words=st.lists(st.text(alphabet="abcdef", min_size=3, max_size=6), min_size=8, max_size=60),
    players=st.integers(2, 3),
    game=st.sampled_from(["superghost", "superduperghost"]),
    cards=st.sampled_from([None, 1, 2]),
)
def test_the_budget_chooses_the_plain_search_s_deck(
    words: list[str], players: int, game: str, cards: int | None
) -> None:
    """On random word lists: the deck of the plain search, whose longest run is found by
    the gallop from 32 steps, and by trying every run where the runs that fit are those up to
    some length (on some 3-player decks a short run does not fit where a longer one does: its
    front does not hold its text, and the gallop from 32 steps passes over those runs)."""
    card = word_card(words, players, game)
    options = PdfOptions(cards=cards)
    chosen = superdeck.booklet_budget(card, options)
    galloped, scanned = plain_budget(card, options)
    assert chosen == galloped
    assert scanned is None or chosen == scanned


@settings(max_examples=8)
@given(
    words=st.lists(st.text(alphabet="abcdef", min_size=3, max_size=6), min_size=8, max_size=60),
    game=st.sampled_from(["superghost", "superduperghost"]),
    size=st.sampled_from(["id1", "a7"]),
)
def test_no_table_takes_fewer_sides_than_its_fewest(words: list[str], game: str,
                                                    size: str) -> None:
    """`fewest_sides` is no more than the sides `choose_layout` sets a table on, for every
    run of the order."""
    card = word_card(words, 2, game)
    options = PdfOptions(size=size)
    frame, fonts = card_frame(options), load_fonts(options.font)
    order = superdeck.booklet_order(card, options)
    for k in range(0, len(order) + 1, 3):
        printed = superdeck.seat_printings(card, order[:k])
        for seat, key in zip(card.seats, printed, strict=True):
            section = superdeck.table_section(card, superdeck.printed_seat(seat, key), fonts)
            if section is None:
                continue
            try:
                laid = sides.side_count(section, frame, fonts)
            except DoesNotFit:
                continue
            assert fewest_sides(section, frame, fonts) <= laid
