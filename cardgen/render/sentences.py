"""The sentences every card format prints, written once so Markdown and PDF say the same.

Plain text only: a format adds its own emphasis around them. The Jinja2 templates get each
function as a filter of the same name (see `cardgen.render.environment`).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from decimal import Decimal

from cardgen.cards.strategy import Card, Opening, SeatStrategy
from cardgen.games.advice import Try
from cardgen.words.familiarity import plain_label
from cardgen.words.languages import LETTERS, NAMES

ORDINALS = ("first", "second", "third", "fourth", "fifth",
            "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(seat: int) -> str:
    """'first' for seat 1, 'second' for seat 2, ... ('11th' past ten)."""
    return ORDINALS[seat - 1] if 1 <= seat <= len(ORDINALS) else f"{seat}th"


def seat_list(seats: tuple[int, ...] | list[int]) -> str:
    """'the first player', 'the first and third players', 'no player'."""
    names = [ordinal(s) for s in seats]
    if not names:
        return "no player"
    if len(names) == 1:
        return f"the {names[0]} player"
    return f"the {', '.join(names[:-1])} and {names[-1]} players"


def verdict(card: Card) -> str:
    """Who wins with perfect play, in one sentence (the same on every format)."""
    if card.players == 2:
        return f"{seat_list(card.winners)} wins and {seat_list(card.losers)} loses."
    if card.winners:
        return f"{seat_list(card.winners)} cannot be made to lose; {seat_list(card.losers)} can."
    return "every player can be made to lose: no seat is safe."


def seat_heading(seat: int) -> str:
    """The heading of a seat's section: 'You play second'."""
    return f"You play {ordinal(seat)}"


def rules_line(card: Card) -> str:
    """The rules as a compact line of facts (the Markdown card's first line)."""
    return (
        f"{card.dictionary.name} word list · {card.players} players · words of "
        f"{card.min_length}+ letters count · whoever completes a word loses."
    )


def rules_sentence(card: Card) -> str:
    """The game in two sentences, for the front of a pocket card where the space is short."""
    return (
        f"{card.players} players add a letter in turn; the letters must begin a word of "
        f"{card.dictionary.name}. Whoever completes a word of {card.min_length}+ letters loses."
    )


RULE_WORDS = {"scrabble": "Scrabble spelling", "fold": "accents folded", "keep": "as written",
              "a-z": "a-z only"}
"""How a card's footer says each alphabet rule (`cardgen.words.alphabet.RULES`)."""


def spelling_words(card: Card) -> str:
    """The list's language and alphabet rule as a footer says them: 'German, Scrabble
    spelling'; '' for English in a-z, every English list's rule. The codes (`de`, `scrabble`)
    are the JSON's."""
    d = card.dictionary
    if d.language == "en" and d.alphabet == "a-z":
        return ""
    return f"{NAMES.get(d.language, d.language)}, {RULE_WORDS.get(d.alphabet, d.alphabet)}"


def accents_note(card: Card) -> str:
    """What a card whose rule drops accents says of them, with the letter that has the most:
    'Accents are ignored: e is also é è ê ë.' (e where letters tie: Swedish é, not à; '' where
    no letter of its language loses one: German keeps ä ö ü, and writes ß ss, which
    `alphabet_rule` says)."""
    d = card.dictionary
    if d.alphabet not in ("scrabble", "fold"):
        return ""
    kept = d.letters if d.alphabet == "scrabble" else ""
    bases: dict[str, list[str]] = {}
    for letter in LETTERS.get(d.language, ""):
        base = unicodedata.normalize("NFD", letter)[0]
        if letter not in kept and base != letter and base.isascii():
            bases.setdefault(base, []).append(letter)
    if not bases:
        return ""
    base = max(sorted(bases), key=lambda b: (len(bases[b]), b == "e"))  # e, the commonest
    return f"Accents are ignored: {base} is also {' '.join(bases[base])}."


def full_rules(card: Card) -> str:
    """The rules of Ghost in full (the filler side of a pocket card deck)."""
    return (
        "Players take turns adding one letter to the end of a shared fragment, which must "
        f"always begin a word of the list. Whoever completes a word of {card.min_length} or "
        f"more letters loses; shorter words do not count. {alphabet_rule(card)} A word that "
        "begins with a shorter word is never reached."
    )


def alphabet_rule(card: Card) -> str:
    """Which letters are played, in the card's own alphabet rule (docs/rules.md, "Other
    alphabets"): 'Words are played in the letters a-z and ä ö ü; ß is written ss and other
    accents are dropped (é is played as e).'"""
    d = card.dictionary
    extra = [x for x in d.letters if x not in "abcdefghijklmnopqrstuvwxyz"]
    letters = "a-z" + (f" and {' '.join(extra)}" if extra else "")
    names = " Names are left out." if d.capitalized == "drop" else ""
    if d.capitalized == "lower":  # German: capitalised entries are nouns, and count
        names = " Nouns count, lower-cased" + ("; names are left out." if d.names else ".")
    if d.abbreviation_data:  # the list's abbreviations, those without a vowel among them
        names += " Abbreviations (bzw, kg, usw) are left out."
    elif d.abbreviations:
        names += " Words without a vowel (abbreviations: bzw, kg) are left out."
    if d.alphabet == "a-z":
        return f"Only words written in the letters a-z are played.{names}"
    if d.alphabet == "keep":
        return f"Words are played as written, in the letters {letters}.{names}"
    folded = "other accents are" if extra else "every accent is"
    if d.language == "de":
        folded = f"ß is written ss and {folded.replace('every', 'each')}"
    return (
        f"Words are played in the letters {letters}; {folded} dropped (é is played as e)."
        f"{names}"
    )


FULL_RULES_HEADING = "Ghost: the rules"
"""The heading above `full_rules`."""


def no_first_win(card: Card) -> str:
    """What the first seat is told when no first letter wins for it."""
    if card.players == 2:
        return "No first letter forces a win: against perfect play you lose."
    return "No first letter is safe: the others can make you lose."


GAME_OVER = "Every fragment you could face is already a word: the game is over."
"""What a seat is told when it never gets a turn."""

NO_FORCED_WIN = "no forced win"
"""What an opening the seat does not win shows (shortened to `NO_WIN` where space is short)."""
NO_WIN = "no win"


RARE_MARK = "\u2020"
"""The mark after a rare word on a familiar card (a dagger: it prints in black and white)."""


def try_outcome(best: Try, players: int, *, brief: bool = False) -> str:
    """How the best try may turn out: '22 of 25 replies lose', '1 of 2 replies loses' (with
    more than two players, a mistake need not make the replier lose: 'save you'), 'the one
    reply loses', 'none of 2 replies loses' (a trap, whose hope is the rare word); 'no try
    helps' when no reply is a mistake and there is no trap. `brief` leaves out 'replies',
    where the framed letter stands next to it: '22 of 25 lose'."""
    if not best.replies:
        return "every letter completes a word"
    if not best.mistakes and best.escape is None:  # no mistake to hope for, and no trap
        return "no try helps"
    two = players == 2
    if best.replies == 1 and not brief:  # 'the one reply loses', not '1 of 1 replies lose'
        verb = ("loses" if two else "saves you") if best.mistakes else (
            "does not lose" if two else "does not save you")
        return f"the one reply {verb}"
    if not best.mistakes:  # a trap whose one hope is the rare word: 'none of 2 replies loses'
        verb = "loses" if two else "saves you"
        return f"none of {best.replies:,}{'' if brief else ' replies'} {verb}"
    one = best.mistakes == 1
    verb = ("loses" if one else "lose") if two else ("saves you" if one else "save you")
    return f"{best.mistakes:,} of {best.replies:,}{'' if brief else ' replies'} {verb}"


def rare_legend(card: Card) -> str:
    """The legend of the rare-word mark, on a card ranked by familiar words ('' otherwise)."""
    ranking = card.ranking
    if not ranking.familiar:
        return ""
    return (
        f"{RARE_MARK} marks a rare word (Zipf frequency below {ranking.rare_below:g} in "
        f"{plain_label(ranking.familiarity)})."
    )


NAMED_MARK = "\u2021"
"""The mark after a word the seat names when challenged, on a card for a casual table (a double
dagger: it prints in black and white)."""


def zipf(value: float) -> str:
    """A Zipf frequency as the cards print it: 'Zipf 0', 'Zipf 2.34'."""
    return f"Zipf {value:g}"


def escape_clause(best: Try) -> str:
    """What gets the others out of a trap: 'only players who know words as rare as
    nyctalopia (Zipf 0) get out'; '' for a try that names no escape word."""
    if best.escape is None:
        return ""
    return (f"only players who know words as rare as {best.escape.word} "
            f"({zipf(best.escape.zipf)}) get out")


def try_summary(best: Try, players: int) -> str:
    """A try or trap in one clause: its replies, then its escape word where it has one:
    '4 of 5 replies lose; only players who know words as rare as nyctalopia (Zipf 0) get
    out'."""
    escape = escape_clause(best)
    outcome = try_outcome(best, players)
    return f"{outcome}; {escape}" if escape else outcome


def try_name(card: Card) -> str:
    """What a card calls its advice where a seat cannot win: 'trap' where the tries carry
    escape words, else 'best try'."""
    return "trap" if card.traps else "best try"


def try_legend(card: Card) -> str:
    """What a card's tries mean, in a sentence (the same for every format)."""
    if card.traps:
        return (
            "Where you have no forced win, set the trap: the letter after which the others "
            "need the rarest word to get out (the word is named, with its Zipf frequency in "
            f"{plain_label(card.ranking.familiarity)}; Zipf 0: a word the data do not list), "
            "then the most "
            "chances to go wrong."
        )
    return ("Where you have no forced win, try the letter that gives the next player the most "
            "chances to go wrong.")


def opponent_sentence(card: Card, *, brief: bool = False) -> str:
    """What a card assumes of the other players: '' against perfect players; `brief`, for a
    card's front, the table and the mark alone."""
    knows = card.opponent.knows
    if knows is None:
        return ""
    table = f"Against players who know no word rarer than {zipf(knows)}"
    if brief:
        return f"{table}; {NAMED_MARK}: name it when they challenge."
    plays, named = TABLE_PLAYS[card.decision_tables]
    return (f"{table} in {plain_label(card.ranking.familiarity)}: they {plays}, and challenge "
            "when they know "
            f"none; then name {named}.")


TABLE_PLAYS = (("play only letters that begin a word they know", f"the word marked {NAMED_MARK}"),
               ("make only plays that keep the fragment inside a word they know",
                "a word that contains the fragment"))
"""How a casual table moves, and what to name when it challenges: in Ghost, in the variants."""


def try_sentence(best: Try, players: int, *, brief: bool = False) -> str:
    """What a try leaves the others, in a player's words: 'only nyctalopia gets them out'
    for a trap with an escape word, else how its replies may turn out ('16 of 19 replies
    lose'). `brief`, where the card's legend (`framed_legend`) says the rest: 'only
    nyctalopia', '16 of 19 lose'. The PDF card prints it after the letter to play."""
    if best.escape is not None:
        return f"only {best.escape.word}" + ("" if brief else " gets them out")
    return try_outcome(best, players, brief=brief)


def framed_legend(card: Card) -> str:
    """What the framed letter (a try) means, said once where tries are marked; each try then
    says in words what it leaves the others (`try_sentence`)."""
    if not card.traps:
        return "framed: no forced win, your best try"
    return "framed: no forced win, a trap: they get out only if they know the word named"


def try_line(fragment: str, best: Try, players: int) -> str:
    """One lost opening and its try, as a sentence: 'n: play y: only nyctalopia gets them
    out'."""
    where = f"{fragment}: " if fragment else ""
    return f"{where}play {best.move}: {try_sentence(best, players)}"


def named_line(opening: Opening) -> str:
    """The words a seat names when challenged from an opening: 'if they challenge, name
    nyctalopia or nylon' ('' where it names none)."""
    if not opening.named:
        return ""
    return f"if they challenge, name {' or '.join(opening.named)}"


def percent_down(rate: float) -> str:
    """A rate as the cards print it: a whole percentage rounded down, 100% only where it is
    exactly 1 (the float's shortest decimal is rounded, so 0.29 is 29%, not 28%).

    >>> percent_down(0.97), percent_down(0.29), percent_down(0.999999), percent_down(1.0)
    ('97%', '29%', '99%', '100%')
    >>> percent_down(0.9699), percent_down(0.0)
    ('96%', '0%')
    """
    return f"{int(Decimal(repr(rate)) * 100)}%"


def percent_span(rates: Sequence[float]) -> str:
    """Rates at several tables as the cards print them (`percent_down`): '96%' where they all
    round to one figure, else the lowest to the highest, '68-82%'.

    >>> percent_span([0.963, 0.9699]), percent_span([0.82, 0.689, 0.7])
    ('96%', '68-82%')
    """
    low, high = percent_down(min(rates)), percent_down(max(rates))
    return low if low == high else f"{low[:-1]}-{high}"


def ranged(card: Card) -> bool:
    """Whether the card's figures are for a range of casual tables, not one (without word
    frequencies every table knows every word alike: they are one table)."""
    return card.casual_range is not None and not card.casual_range.single and card.traps


def table_sentence(
    card: Card, around: tuple[str, str] = ("", ""), example: bool = True
) -> str:
    """The casual table of a card's figures: 'knows words of Zipf 3+, such as fjord, not
    fjeld' (each example word wrapped in `around`: Markdown's italics), 'knows every word, all
    alike' without frequencies; for a range of tables, 'players who know words of Zipf 2 to 4,
    such as abject at 2, not 4' (without `example`, no word); '' for a card without figures."""
    if card.casual_table is None:
        return ""
    if card.casual_range is not None and ranged(card):
        tables = card.casual_range
        table = f"players who know words of {tables.describe()}"
        if card.casual_examples and example:
            word = f"{around[0]}{card.casual_examples[0]}{around[1]}"
            table += f", such as {word} at {tables.tables[0]:g}, not {tables.tables[-1]:g}"
        return table
    if not card.casual_examples:
        return "knows every word, all alike"
    table = f"knows words of Zipf {card.casual_table:g}+"
    # A lone example may be the known word or the unknown one (`cardgen.cards.pocket.examples`).
    if len(card.casual_examples) == 2:
        known, unknown = (f"{around[0]}{word}{around[1]}" for word in card.casual_examples)
        table += f", such as {known}, not {unknown}"
    return table


def worth_sentence(
    card: Card, seat: SeatStrategy, around: tuple[str, str] = ("", ""), example: bool = True
) -> str:
    """What a seat's card wins at the casual table, in one line (docs/rules.md, "What a card
    wins at a casual table"): 'At a casual table (knows words of Zipf 3+, such as fjord, not
    fjeld) this card wins 97% of your games in seat 4; 78% without it.' (the example words
    wrapped in `around`); for a range of tables, 'At casual tables (players who know words of
    Zipf 2 to 4, such as abject at 2, not 4) this card wins 96% of your games in seat 4 at
    each; 68-82% without it.' (`percent_span`; without `example`, no word); '' for a seat
    without figures (`SeatStrategy.wins`)."""
    if seat.wins is None or card.casual_table is None:
        return ""
    if ranged(card) and seat.wins_by_table:
        card_rates = percent_span([w.card for w in seat.wins_by_table])
        each = " at each" if "-" not in card_rates else ""
        return (
            f"At casual tables ({table_sentence(card, around, example)}) this card wins "
            f"{card_rates} of "
            f"your games in seat {seat.seat}{each}; "
            f"{percent_span([w.none for w in seat.wins_by_table])} without it."
        )
    return (
        f"At a casual table ({table_sentence(card, around)}) this card wins "
        f"{percent_down(seat.wins.card)} of your games in seat {seat.seat}; "
        f"{percent_down(seat.wins.none)} without it."
    )


NOT_LISTED = "not listed: play toward the most common word you know"
"""What a budgeted card says of the openings it leaves out."""


def not_listed() -> str:
    """What a pocket card says where it prints nothing."""
    return f"{NOT_LISTED[0].upper()}{NOT_LISTED[1:]}."


def left_out(seat: SeatStrategy, around: tuple[str, str] = ("", "")) -> str:
    """What a seat's budgeted card leaves out, in a sentence: 'This card leaves out 8 of the 9
    openings (not listed: play toward the most common word you know); pdf.cards: full shows
    them.' (the config key wrapped in `around`), or 'This card lists every opening.'"""
    out = len(seat.openings) - len(seat.listed)
    if not out:
        return "This card lists every opening."
    which = "the only opening" if len(seat.openings) == 1 else (
        f"{out:,} of the {len(seat.openings):,} openings"
    )
    return (
        f"This card leaves out {which} ({NOT_LISTED}); "
        f"{around[0]}pdf.cards: full{around[1]} shows {'it' if out == 1 else 'them'}."
    )


def percent(rate: float) -> str:
    """A rate as a percentage to a tenth, rounded down, 100% only where it is exactly 1
    (`cardgen explain`'s figures).

    >>> percent(0.90797), percent(0.99999), percent(1.0), percent(0.0)
    ('90.7%', '99.9%', '100%', '0.0%')
    """
    if rate >= 1:
        return "100%"
    return f"{min(math.floor(rate * 1000), 999) / 10:.1f}%"


FILTERS = (
    ordinal, seat_list, verdict, seat_heading, rules_line, no_first_win, try_outcome,
    try_summary, try_name, try_legend, opponent_sentence, zipf, rare_legend,
    try_sentence, framed_legend, try_line, named_line, percent_down, percent_span, ranged,
    table_sentence, worth_sentence, left_out, percent, spelling_words, accents_note, plain_label,
)
"""The sentences the Jinja2 templates get as filters of the same name."""
