"""What goes on a PDF card: the sections of its sides (title, verdict, each seat's openings,
the rules) and the footer, in the words of `cardgen.render.sentences`.

Each seat starts on a new side and lists its openings alphabetically: the letters on the
table in bold as a thumb index, the letter to play white on a black box, then the seat's
minimal winning words, each whole. An opening the seat does not win shows its try framed and
what it leaves the others in words ('only nyctalopia', '22 of 25 lose'), or a dash. All text
is black ink alone, or white on a black box sized from the letter's outline.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardgen.cards.paper import MM
from cardgen.cards.strategy import Card, Opening, Printed, SeatStrategy
from cardgen.games.advice import Try
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.grid import pocket_cell
from cardgen.render.pdf.keys import MarkKey, lost_tokens
from cardgen.render.pdf.layout import (
    BODY_SIZES,
    BOLD,
    FOOT,
    FOOTER_SIZE,
    GREY,
    GREY_BOLD,
    HEADING_LEADING,
    HEADING_SIZE,
    MOVE,
    SAFE_MARGIN,
    TABLE,
    TRY,
    Entry,
    Frame,
    Para,
    Text,
    Token,
    markup,
    words,
)
from cardgen.render.sentences import (
    FULL_RULES_HEADING,
    GAME_OVER,
    NAMED_MARK,
    RARE_MARK,
    framed_legend,
    full_rules,
    not_listed,
    opponent_sentence,
    rare_legend,
    seat_heading,
    spelling_words,
    try_sentence,
)


@dataclass(frozen=True)
class Section:
    """What one run of sides shows: a seat's openings, or the rules.

    Each side of it starts with `heading` (plus the thumb range of the side when the section
    takes more than one) and `howto`; the first side has `extra` above them."""

    extra: tuple[Para, ...]
    heading: str
    howto: tuple[Para, ...]
    entries: tuple[Entry, ...] = ()
    labels: tuple[str, ...] = ()
    """The fragment of each entry, for the thumb range."""
    lead: tuple[Para, ...] = ()
    """Shown below the heading on the first side only (a seat's line of worth)."""
    run_in: bool = False
    """Entries follow each other on a line, each label inline (in bold), rather than each
    entry starting a line with its label in the gutter."""
    aside: str = ""
    """A key set small at the end of the heading's line, where the heading leaves room
    (`sides.section_sides`): it takes no line from the entries ..."""
    aside_first: bool = False
    """... on the first side alone (it keys `lead`), or on every side."""
    keys: tuple[MarkKey, ...] = ()
    """The keys of the marks its entries may print, each said before the how-to of a side
    whose entries print its mark, and only there (issue 37)."""

    def top(
        self, first: bool, heading: str | None = None, printed: Sequence[Token] | None = None,
        keyed: bool = True,
    ) -> tuple[Para, ...]:
        """The heading area of a side (the first one, or a later one) whose entries print the
        tokens `printed`, with the keys of the marks they hold before the how-to (for None,
        those the section's entries print: the tallest it may be, as the layout reserves);
        without `keyed`, the keys are said beside the heading (`sides.section_sides`)."""
        extra = self.extra if first else ()
        space = 2 * MM if extra else 0.0
        title = Para(words(heading or self.heading, BOLD), HEADING_SIZE, HEADING_LEADING, space,
                     keep_end=True)
        howto = self.howto
        said = words(self.key_text(printed)) if keyed else ()
        if said and howto:
            howto = (dataclasses.replace(howto[0], tokens=said + howto[0].tokens), *howto[1:])
        return (*extra, title, *(self.lead if first else ()), *howto)

    def key_text(self, printed: Sequence[Token] | None = None) -> str:
        """The keys of the marks the tokens `printed` hold (for None, those the section's
        entries print), '' for none."""
        tokens = [t for e in self.entries for t in e.tokens] if printed is None else printed
        return " ".join(key.text for key in self.keys if any(map(key.marks, tokens)))


def legend(
    card: Card, seat: SeatStrategy, *, tries: bool = True, brief: bool = False
) -> tuple[Para, ...]:
    """What a seat's side says beyond the how-to, each only where the side uses it: what a
    try means (unless `tries` is off), whom the card is for and the mark of the words you
    name when challenged (`brief`: the table and the mark alone, as card 1's front says
    them), and the rare-word mark."""
    paras = []
    if tries and any(not o.won and o.best_try is not None for o in seat.openings):
        paras.append(Para(words(framed_legend(card).capitalize() + "."), BODY_SIZES[-1]))
    if any(o.named for o in seat.openings):
        paras.append(Para(words(opponent_sentence(card, brief=brief)), BODY_SIZES[-1]))
    if card.ranking.familiar and any(opening.rare for opening in seat.openings):
        paras.append(Para(words(rare_legend(card)), BODY_SIZES[-1]))
    return tuple(paras)


def shown(opening: Opening, word: str) -> str:
    """A word of an opening as printed: a rare one followed by the rare mark, one you name
    when challenged by the named mark."""
    rare = RARE_MARK if word in opening.rare else ""
    return word + rare + (NAMED_MARK if word in opening.named else "")


def phrase(text: str) -> tuple[Token, ...]:
    """A token for each word of `text`, "only" kept on the line of the word after it."""
    return tuple(Token(word, keep=word == "only") for word in text.split())


def try_tokens(best: Try, players: int) -> list[Token]:
    """A try as tokens: the letter framed (the legend beside the strip says what a frame
    means), then what it leaves the others: 'only nyctalopia', '22 of 25 lose'."""
    return [Token(best.move, TRY), *phrase(try_sentence(best, players, brief=True))]


def entry(opening: Opening, fonts: Fonts, players: int) -> Entry:
    """An opening as an entry: its fragment as the label, then the move and the words (or
    the try framed and what it leaves the others, in words; a dash where there is none; the
    lost sign where every letter completes a word)."""
    if opening.play is None:
        best = opening.best_try
        tokens = try_tokens(best, players) if best is not None else [Token(fonts.dash, GREY)]
        if best is not None and not best.replies:  # every letter completes a word
            tokens = [Token(fonts.lost)]
        return Entry(Token(opening.fragment, GREY_BOLD), tuple(tokens))
    # The first word is glued to the move (its space drawn in its own text), so a move never
    # ends a line apart from its words.
    first = shown(opening, opening.words[0])
    tokens = [Token(opening.play, MOVE, space=False), Token(" " + first, space=False)]
    tokens += [Token(shown(opening, word)) for word in opening.words[1:]]
    return Entry(Token(opening.fragment, BOLD), tuple(tokens))


def row_entry(label: str, openings: list[Opening]) -> Entry:
    """A grid row's words, each whole, the letters on the table at its start in bold: the
    row label is those letters less the last."""
    tokens: list[Token] = []
    for opening in openings:
        cut = len(opening.fragment)
        for word in opening.words:
            tokens += [Token(word[:cut], BOLD), Token(shown(opening, word)[cut:], space=False)]
    return Entry(Token(label, BOLD), tuple(tokens))


def game_over(seat: int) -> Section:
    """The side of a seat that never gets a turn."""
    return Section((), seat_heading(seat), (Para(words(GAME_OVER), BODY_SIZES[-1]),))


def rules_section(card: Card) -> Section:
    """The rules on a side of their own: the last side of an odd deck whose last words cannot
    spread over it (`deck.fill_last`)."""
    return Section((), FULL_RULES_HEADING, (Para(words(full_rules(card)), BODY_SIZES[0]),))


def footer(card: Card, side: int, total: int, frame: Frame, fonts: Fonts) -> list[Text]:
    """The footer: word list, sha256 prefix and rules at the left, the side's place right.

    The list's name is never cut: the other parts are said more briefly first, then the
    whole footer is set smaller, never under 6 pt."""
    size = FOOTER_SIZE * frame.scale
    y = SAFE_MARGIN + size * fonts.descent
    d = card.dictionary
    dot = fonts.dot
    n, face = side // 2 + 1, "back" if side % 2 else "front"
    places = [f"card {n}/{total // 2} {dot} {face}", f"{n}/{total // 2} {face}"]
    spelling = spelling_words(card)
    rule = f" {dot} {spelling}" if spelling else ""
    # The game and the table, so cards for different tables are never mixed up.
    game = f" {dot} {card.game_title}" if card.game != "ghost" else ""
    knows = card.opponent.knows
    table = f" {dot} casual table, Zipf {knows:g}+" if knows is not None else ""
    short = f" {dot} casual Zipf {knows:g}+" if knows is not None else ""
    rests = [
        f" {d.sha256[:8]} {dot} {card.players} players {dot} {card.min_length}+ letters{rule}"
        f"{game}{table}",
        f" {d.sha256[:8]} {dot} {card.players}p {dot} {card.min_length}+{rule}{game}{short}",
        f" {d.sha256[:6]} {dot} {card.players}p {dot} {card.min_length}+{rule}{game}{short}",
    ]
    choices = [(rest, place) for place in places for rest in rests]
    needed = 0.0
    for rest, place in choices:
        needed = (fonts.measure(d.name + rest, FOOT) + fonts.measure(place, FOOT)) * size
        if needed + 2 * MM <= frame.inner_width:
            break
    # Where even the shortest does not fit (a long list name), the footer is set smaller.
    size = max(6.0, min(size, size * (frame.inner_width - 2 * MM) / needed))
    right_width = fonts.measure(place, FOOT) * size
    left = Text(SAFE_MARGIN, y, d.name + rest, FOOT, size)
    x_right = frame.width - SAFE_MARGIN - right_width
    return [left, Text(x_right, y, place, FOOT, size)]


def letter_kind(opening: Opening, printed: Printed) -> str:
    """What the letter the deck prints for an opening (`printed`) is: `play` (its words'
    move, or a winning letter), `try` (its best try or trap), `table` (neither: the letter
    that wins most often at a casual table), `ends` (every letter completes a word), or ""
    where the deck prints nothing (`grid.pocket_cell`)."""
    return pocket_cell(opening, printed).kind


def key_paras(
    card: Card, entries: Iterable[tuple[Opening, Printed]], howto: str = "",
    silent: bool = True, *, fonts: Fonts,
) -> tuple[Para, ...]:
    """`howto`, then the key of the letters a side's `entries` print (each opening with what
    the deck prints for it: only the kinds they use) and, where the side may be silent
    (`silent`), what to do there, in one paragraph."""
    kinds = {letter_kind(opening, printed) for opening, printed in entries}
    dot = Token("\u00b7")
    tokens: list[Token] = list(markup(howto)) if howto else []
    if "play" in kinds:
        tokens += [Token("a", MOVE), *words("forced win"), dot]
    if "try" in kinds:
        tokens += [Token("a", TRY), *words("the trap" if card.traps else "best try"), dot]
    if "table" in kinds:
        tokens += [Token("a", TABLE), *words("wins most often at a casual table"), dot]
    if "ends" in kinds:
        tokens += [*lost_tokens(fonts), dot]
    if silent:
        tokens += words(not_listed())
    elif tokens and tokens[-1] is dot:
        tokens.pop()
    return (Para(tuple(tokens), BODY_SIZES[-1]),)
