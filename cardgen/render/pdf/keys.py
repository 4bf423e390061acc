"""The keys of a PDF side's marks: every mark a side uses is said on that side (issue 25, print
review 5.4), in the fewest words, after what the side already says.

A side's heading area is checked as a whole (`keyed`): a Zipf figure gets the scale's key, a
rare-word mark its legend; the lost sign (`Fonts.lost`: every letter completes a word, so the
seat loses at once) has its key here too, for the grids, the rows and the word lists alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from cardgen.cards.strategy import Card
from cardgen.games.game import ELLIPSIS, REVERSED
from cardgen.render.marks import LOST
from cardgen.render.pdf.fonts import Fonts
from cardgen.render.pdf.layout import Entry, Para, Token, words
from cardgen.render.sentences import RARE_MARK

ZIPF = "Zipf"
"""The word that names a word's frequency on a card ..."""
ZIPF_KEY = "Zipf 3: 1 in a million words."
"""... and what it means, said on every side that names one (wordfreq's scale: Zipf z is
10**z uses per billion words)."""
NO_WORD = "no word begins so"
"""What a blank cell of a grid means where no word begins with its letters ..."""
NO_SUCH = "no such word"
"""... and of the strip of replies on card 1, said briefly: the front is full."""
UNLISTED = "*"
"""The mark of a strip cell whose letter a budgeted deck leaves out (play toward the most
common word you know): a sign, never a letter, and never blank, which is a letter no word
begins with (issue 37, item 4)."""


PLAY_KEY = f"b{ELLIPSIS} (b in front) or {ELLIPSIS}m (m at the back)."
"""The key of the ellipsis of a play written as SuperGhost writes it: which end the letter
goes on ..."""
REVERSE_KEY = f"{REVERSED} reverse the fragment first."
"""... and of SuperDuperGhost's reversal mark."""


@dataclasses.dataclass(frozen=True)
class MarkKey:
    """A mark that a section's entries may print inside their text (the ellipsis, the
    reversal) and its key, said only on the sides whose entries print it
    (`content.Section.keys`)."""

    mark: str
    """The mark's glyph, as it is printed inside a token's text ("" for none) ..."""
    text: str
    framed: bool = False
    """... or whether the mark is a letter's plain frame (`layout.TRY`)."""

    def marks(self, token: Token) -> bool:
        """Whether `token` prints the mark."""
        if self.framed:
            return token.style.framed and not token.style.dashed
        return bool(self.mark) and self.mark in token.text


def in_font(text: str, fonts: Fonts) -> str:
    """A play as the card writes it (`b…`, `↺b…`), or its key, in glyphs the font has."""
    text = text.replace(ELLIPSIS, fonts.ellipsis)
    return text.replace(REVERSED, REVERSED if fonts.ellipsis == ELLIPSIS else "r:")


def move_keys(fonts: Fonts) -> tuple[MarkKey, ...]:
    """The keys of the marks a written play may hold: the ellipsis, then the reversal (a side
    that prints ↺ prints … too, so the reversal's key follows the ellipsis's)."""
    return tuple(MarkKey(in_font(mark, fonts), in_font(key, fonts))
                 for mark, key in ((ELLIPSIS, PLAY_KEY), (REVERSED, REVERSE_KEY)))


def lost_tokens(fonts: Fonts) -> tuple[Token, ...]:
    """The key of the lost sign: '● any letter loses'."""
    return (Token(fonts.lost), *words(LOST))


def rare_key(card: Card) -> str:
    """The rare-word mark's key in brief: '† rare: Zipf below 3'."""
    return f"{RARE_MARK} rare: {ZIPF} below {card.ranking.rare_below:g}."


def keyed(
    paras: Sequence[Para], card: Card, fonts: Fonts, entries: Sequence[Entry] = (),
    extra: Sequence[Para] = (), said: str = "",
) -> tuple[Para, ...]:
    """`paras` (a side's heading area) with the keys of the marks they, the `entries` below
    them and the `extra` paragraphs above them use and do not key yet (nor `said`, elsewhere
    on the side): the lost sign and the rare-word mark at the end of the last paragraph, the
    Zipf scale at the end of the first that names a Zipf figure (where its last line often
    has room)."""
    tokens = [t for para in (*extra, *paras) for t in para.tokens]
    tokens += [t for entry in entries for t in entry.tokens]
    text = " ".join([*(token.text for token in tokens), said])
    more: dict[int, str] = {}
    last = len(paras) - 1
    if any(token.text == fonts.lost for token in tokens) and LOST not in text:
        more[last] = f"{fonts.lost} {LOST}."
    if RARE_MARK in text and f"{RARE_MARK} marks" not in text:
        more[last] = f"{more.get(last, '')} {rare_key(card)}"
    if ZIPF in text + " ".join(more.values()) and ZIPF_KEY not in text:
        named = [n for n, para in enumerate(paras) if any(ZIPF in t.text for t in para.tokens)]
        at = named[0] if named else last
        more[at] = f"{more.get(at, '')} {ZIPF_KEY}"
    return tuple(
        dataclasses.replace(para, tokens=para.tokens + words(more[n])) if n in more else para
        for n, para in enumerate(paras)
    )


def zipf_aside(paras: Sequence[Para]) -> str:
    """The Zipf scale's key, for beside a side's heading where `paras` name a Zipf figure
    (`Section.aside`); '' where they do not."""
    return ZIPF_KEY if any(ZIPF in t.text for para in paras for t in para.tokens) else ""


__all__ = [
    "LOST", "NO_SUCH", "NO_WORD", "PLAY_KEY", "REVERSE_KEY", "UNLISTED", "ZIPF_KEY", "MarkKey",
    "in_font", "keyed", "lost_tokens", "move_keys", "rare_key", "zipf_aside",
]
