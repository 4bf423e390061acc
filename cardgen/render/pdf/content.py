"""What goes on a PDF card: the sections of its sides (title, verdict, each seat's openings,
the rules filler) and the footer, in the words of `cardgen.render.sentences`.

Each seat starts on a new side and lists its openings alphabetically: the letters on the
table in bold as a thumb index, the letter to play white on a black box, then the seat's
minimal winning words. Openings the seat does not win show a dash (and the best try, if known).
All text is pure black, or white on a black box.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.paper import MM
from cardgen.render.pdf.fonts import Fonts
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
    TITLE_SIZE,
    TRY,
    Entry,
    Frame,
    Para,
    Text,
    Token,
    markup,
    words,
    wrap,
)
from cardgen.render.sentences import (
    FULL_RULES_HEADING,
    GAME_OVER,
    NO_FORCED_WIN,
    NO_WIN,
    RARE_MARK,
    full_rules,
    no_first_win,
    rare_legend,
    rules_sentence,
    seat_heading,
    try_outcome,
    verdict,
)
from cardgen.strategy import Card, Opening, SeatStrategy


@dataclass(frozen=True)
class Section:
    """What one run of sides shows: a seat's openings, or the rules filler.

    Each side of it starts with `heading` (plus the thumb range of the side when the section
    takes more than one) and `howto`; the first side has `extra` above them."""

    extra: tuple[Para, ...]
    heading: str
    howto: tuple[Para, ...]
    entries: tuple[Entry, ...] = ()
    labels: tuple[str, ...] = ()
    """The fragment of each entry, for the thumb range."""

    def top(self, first: bool, heading: str | None = None) -> tuple[Para, ...]:
        """The heading area of a side (the first one, or a later one)."""
        extra = self.extra if first else ()
        space = 2 * MM if extra else 0.0
        title = Para(words(heading or self.heading, BOLD), HEADING_SIZE, HEADING_LEADING, space)
        return (*extra, title, *self.howto)


def howto(seat: SeatStrategy, width: float, fonts: Fonts) -> Para:
    """The one-line "how to read": the fullest wording that fits on one line."""
    dash = f"~{fonts.dash}~"
    lost = any(not opening.won for opening in seat.openings)
    long, short = (f" {dash} {NO_FORCED_WIN}", f" {dash} {NO_WIN}") if lost else ("", "")
    candidates = [
        (f"Find the *bold* letters played, play the boxed one, then keep to its words.{long}",
         BODY_SIZES[0]),
        (f"Find the *bold* letters played, play the boxed one, keep to its words.{short}",
         BODY_SIZES[0]),
        (f"Find the *bold* letters, play the boxed one, keep to its words.{short}",
         BODY_SIZES[0]),
        (f"Find the *bold* letters, play the boxed one, keep to its words.{short}",
         BODY_SIZES[-1]),
        ("Find the *bold* letters, play the boxed one, keep to its words.", BODY_SIZES[-1]),
    ]
    for text, size in candidates:
        tokens = markup(text)
        if len(wrap(tokens, width, size, fonts.measure)) == 1:
            break
    return Para(tokens, size)  # the last one wraps if even it does not fit


def legend(
    card: Card, seat: SeatStrategy, dash: str = "-", *, tries: bool = True
) -> tuple[Para, ...]:
    """What a seat's side says beyond the how-to: how to read a best try, where the seat has
    one (unless `tries` is off: the front says it), and the rare-word mark, where it has rare
    words."""
    paras = []
    found = [o.best_try for o in seat.openings if o.best_try is not None and o.best_try.replies]
    if found and tries:
        sample = found[0]
        share = f"{sample.mistakes}/{sample.replies}"
        tokens = (
            *words(f"{dash} no forced win: try"),
            Token(sample.move, TRY),
            *words(f"instead; {share} = {sample.mistakes} of their {sample.replies} replies"),
            *words("go wrong" if card.players == 2 else "save you"),
        )
        paras.append(Para(tokens, BODY_SIZES[-1]))
    if card.ranking.familiar and any(opening.rare for opening in seat.openings):
        paras.append(Para(words(rare_legend(card)), BODY_SIZES[-1]))
    return tuple(paras)


def shown(opening: Opening, word: str) -> str:
    """A word of an opening as printed: a rare one followed by the rare mark."""
    return word + RARE_MARK if word in opening.rare else word


def entry(opening: Opening, fonts: Fonts) -> Entry:
    """An opening as an entry: its fragment as the label, then the move and the words (or a
    dash, then the best try framed and the share of the next player's replies that go
    wrong)."""
    if opening.play is None:
        best = opening.best_try
        tokens = [Token(fonts.dash, GREY)]
        if best is not None:
            tokens += [Token("try"), Token(best.move, TRY)]
            if best.replies:
                tokens.append(Token(f"{best.mistakes}/{best.replies}"))
        return Entry(Token(opening.fragment, GREY_BOLD), tuple(tokens))
    # The first word is glued to the move (its space drawn in its own text), so a move never
    # ends a line apart from its words.
    first = shown(opening, opening.words[0])
    tokens = [Token(opening.play, MOVE, space=False), Token(" " + first, space=False)]
    tokens += [Token(shown(opening, word)) for word in opening.words[1:]]
    return Entry(Token(opening.fragment, BOLD), tuple(tokens))


def row_entry(label: str, openings: list[Opening]) -> Entry:
    """A grid row's words, compactly: each won opening's last letter in bold, glued to the
    rest of its words (several split by '/'); the row label is the letters before."""
    tokens: list[Token] = []
    for opening in openings:
        if opening.words:
            rest = "/".join(
                shown(opening, word)[len(opening.fragment) :] for word in opening.words
            )
            tokens += [Token(opening.fragment[-1], BOLD), Token(rest, space=False)]
    return Entry(Token(label, BOLD), tuple(tokens))


def first_seat(card: Card, seat: SeatStrategy) -> Section:
    """The front: title, verdict and the first seat's opening move and words."""
    extra = (
        Para(words(card.title, BOLD), TITLE_SIZE, HEADING_LEADING),
        Para(words(rules_sentence(card)), BODY_SIZES[0], space=0.8 * MM),
        Para(words(f"With perfect play {verdict(card)}"), BODY_SIZES[0], space=0.8 * MM),
    )
    heading = seat_heading(seat.seat)
    opening = seat.openings[0]
    if opening.play is None:
        top = [Para(words(no_first_win(card)), BODY_SIZES[0])]
        best = opening.best_try
        if best is not None:
            text = f"Best try: open with *{best.move}* ({try_outcome(best, card.players)})."
            top.append(Para(markup(text), BODY_SIZES[0], space=0.8 * MM))
        return Section(extra, heading, tuple(top))
    intro = f"Open with !{opening.play}! then keep to these words:"
    listed = Entry(None, tuple(Token(shown(opening, word)) for word in opening.words))
    intro_top = (Para(markup(intro), BODY_SIZES[0]), *legend(card, seat))
    return Section(extra, heading, intro_top, (listed,), ("",))


def sections(card: Card, width: float, fonts: Fonts) -> list[Section]:
    """The sections of a card, in side order: each seat, starting with the first."""
    result = [first_seat(card, card.seats[0])]
    for seat in card.seats[1:]:
        heading = seat_heading(seat.seat)
        if not seat.openings:
            result.append(Section((), heading, (Para(words(GAME_OVER), BODY_SIZES[0]),)))
            continue
        entries = tuple(entry(opening, fonts) for opening in seat.openings)
        labels = tuple(opening.fragment for opening in seat.openings)
        top = (howto(seat, width, fonts), *legend(card, seat, fonts.dash))
        result.append(Section((), heading, top, entries, labels))
    return result


def rules_section(card: Card) -> Section:
    """The filler side of a deck with an odd number of sides."""
    return Section((), FULL_RULES_HEADING, (Para(words(full_rules(card)), BODY_SIZES[0]),))


def footer(card: Card, side: int, total: int, frame: Frame, fonts: Fonts) -> list[Text]:
    """The footer: word list, sha256 prefix and rules at the left, the side's place right."""
    size = FOOTER_SIZE * frame.scale
    y = SAFE_MARGIN + size * fonts.descent
    place = f"card {side // 2 + 1}/{total // 2} {fonts.dot} {'back' if side % 2 else 'front'}"
    right_width = fonts.measure(place, FOOT) * size
    room = frame.inner_width - right_width - 2 * MM
    d = card.dictionary
    name = d.name
    dot = fonts.dot
    rule = f" {dot} {d.language} {d.alphabet}" if d.language != "en" or d.alphabet != "a-z" else ""
    # The full wording, or a compact one where the list's name would have to be cut.
    rests = [
        f" {d.sha256[:8]} {dot} {card.players} players {dot} {card.min_length}+ letters{rule}",
        f" {d.sha256[:8]} {dot} {card.players}p {dot} {card.min_length}+{rule}",
    ]
    rest = next(
        (r for r in rests if fonts.measure(name + r, FOOT) * size <= room), rests[-1]
    )
    while name and fonts.measure(name + fonts.ellipsis + rest, FOOT) * size > room:
        name = name[:-1]
    if name != card.dictionary.name:
        name += fonts.ellipsis
    # Where even the bare facts do not fit beside the place (a narrow card set large), they
    # are set smaller, on the same baseline.
    needed = fonts.measure(name + rest, FOOT) * size
    left_size = size if needed <= room else size * room / needed
    left = Text(SAFE_MARGIN, y, name + rest, FOOT, left_size)
    x_right = frame.width - SAFE_MARGIN - right_width
    return [left, Text(x_right, y, place, FOOT, size)]
