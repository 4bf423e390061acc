"""Text layout of the PDF cards on made-up widths: no reportlab font is involved.

Every character is one unit wide at 1 pt (bold two units where a test says so), so line
breaks and packings can be worked out by hand.
"""

from __future__ import annotations

import pytest

from cardgen.render.pdf.content import phrase
from cardgen.render.pdf.layout import (
    BOLD,
    MOVE,
    REGULAR,
    TRY,
    Para,
    Style,
    Text,
    Token,
    balance,
    cut_wide,
    markup,
    pack,
    para_lines,
    runs,
    spread,
    widest_group,
    words,
    wrap,
)


def mono(text: str, style: Style) -> float:
    """Every character one unit wide."""
    return float(len(text))


def wide_bold(text: str, style: Style) -> float:
    """Regular characters one unit wide, bold ones (and a space set in bold) two."""
    return float(len(text) * (2 if style.bold else 1))


def texts_of(lines: list[list[tuple[float, Token]]]) -> list[list[tuple[float, str]]]:
    return [[(x, token.text) for x, token in line] for line in lines]


def test_words_and_markup() -> None:
    assert words("two  words", BOLD) == (Token("two", BOLD), Token("words", BOLD))
    assert markup("Open with !j! +, then *bold* ** ~xy~") == (
        Token("Open"),
        Token("with"),
        Token("j", MOVE),
        Token(",", REGULAR, space=False),
        Token("then"),
        Token("bold", BOLD),
        Token("**"),  # a marker pair around nothing is text
        Token("xy", BOLD),  # ~muted~ is bold now: no grey text
    )
    assert MOVE == Style(bold=True, color="paper", boxed=True)


def test_a_glued_token_moves_with_the_one_before() -> None:
    """A move and its first word go to the next line together."""
    tokens = [Token("aaaa"), Token("m", MOVE), Token(" word", space=False)]
    lines = wrap(tokens, 8, 1.0, mono)
    assert texts_of(lines) == [[(0.0, "aaaa")], [(0.0, "m"), (1.0, " word")]]


def test_only_goes_to_the_next_line_with_its_word() -> None:
    """Issue 25, 5.5: "only" never ends a line apart from its word where a line holds both;
    where none does, the line breaks as before, and the pair never widens a column."""
    tokens = [Token("m", TRY), *phrase("only memorandum")]
    assert texts_of(wrap(tokens, 16, 1.0, mono)) == [
        [(0.0, "m")], [(0.0, "only"), (5.0, "memorandum")]
    ]
    assert texts_of(wrap(tokens, 17, 1.0, mono)) == [
        [(0.0, "m"), (2.0, "only"), (7.0, "memorandum")]
    ]
    assert texts_of(wrap(tokens, 12, 1.0, mono)) == [
        [(0.0, "m"), (2.0, "only")], [(0.0, "memorandum")]
    ]
    assert widest_group(tokens, mono) == 10.0
    # Without the keep, "only" ends the first line (as it did).
    assert texts_of(wrap([tokens[0], *words("only memorandum")], 16, 1.0, mono)) == [
        [(0.0, "m"), (2.0, "only")], [(0.0, "memorandum")]
    ]


def test_a_wrapped_title_ends_on_its_last_clause_not_a_lone_word() -> None:
    """Issue 25, 5.5: the default title wrapped "letters" alone; its last clause now stays
    whole, or where it is wider than the line, its last two words."""
    title = words("Ghost: swedish, 2 players, words of 4+ letters", BOLD)
    para = Para(title, 1.0, keep_end=True)
    assert [" ".join(t.text.strip() for _x, t in line) for line in para_lines(para, 40, mono)] == [
        "Ghost: swedish, 2 players,", "words of 4+ letters",
    ]
    # Any other paragraph keeps its last two words (or its last sentence: below).
    assert [" ".join(t.text.strip() for _x, t in line)
            for line in para_lines(Para(title, 1.0), 40, mono)] == [
        "Ghost: swedish, 2 players, words of", "4+ letters",
    ]
    long = words("Ghost on a very long list of words", BOLD)  # no comma: its last two words
    assert [" ".join(t.text.strip() for _x, t in line)
            for line in para_lines(Para(long, 1.0, keep_end=True), 30, mono)] == [
        "Ghost on a very long list", "of words",
    ]
    assert [" ".join(t.text.strip() for _x, t in line)
            for line in para_lines(Para(long, 1.0), 30, mono)] == [
        "Ghost on a very long list", "of words",
    ]


def lines_of(text: str, width: float) -> list[str]:
    return [" ".join(t.text for _x, t in line)
            for line in para_lines(Para(words(text), 1.0), width, mono)]


def test_a_paragraph_never_ends_on_a_lone_word_and_keeps_its_last_sentence_whole() -> None:
    """A card's paragraphs ended on "know." and "words." alone (twl06-3p-casual's key, the
    line of worth before the Zipf scale): the last sentence goes whole to the last line where
    a line holds it, else the last two words; a paragraph takes as many lines as before."""
    worth = "this card wins 100% in seat 2 (45-51%). Zipf 3: 1 in a million words."
    assert lines_of(worth, 60) == [
        "this card wins 100% in seat 2 (45-51%).", "Zipf 3: 1 in a million words.",
    ]
    assert lines_of(worth, 80) == [worth]  # one line: nothing moves
    key = "a forced win · Not listed: play toward the most common word you know."
    assert lines_of(key, 64) == [
        "a forced win · Not listed: play toward the most common word", "you know.",
    ]
    # A word glued to the last (no space before it) goes with it.
    glued = [*words("play toward the word you know"), Token(".", space=False)]
    assert [[t.text for _x, t in line] for line in para_lines(Para(tuple(glued), 1.0), 26,
                                                              mono)] == [
        ["play", "toward", "the", "word"], ["you", "know", "."],
    ]


def test_an_over_wide_word_is_cut_not_the_columns_narrowed() -> None:
    tokens = cut_wide([Token("ab"), Token("rechromatograph")], 6, 1.0, mono)
    assert [t.text for t in tokens] == ["ab", "rechro", "matogr", "aph"]
    assert [t.space for t in tokens] == [True, True, True, True]


def test_wrap_breaks_at_the_last_token_that_fits() -> None:
    lines = wrap(words("aa bbb cc d"), 6, 1.0, mono)
    assert texts_of(lines) == [[(0.0, "aa"), (3.0, "bbb")], [(0.0, "cc"), (3.0, "d")]]


def test_wrap_scales_with_the_size() -> None:
    lines = wrap(words("aa bbb cc d"), 12, 2.0, mono)
    assert texts_of(lines) == [[(0.0, "aa"), (6.0, "bbb")], [(0.0, "cc"), (6.0, "d")]]


def test_wrap_keeps_glued_tokens_and_never_splits_a_token() -> None:
    tokens = (Token("abcdefgh"), Token(",", space=False), Token("ab"), Token("c"))
    # "abcdefgh," is wider than the line but neither token moves alone; "ab c" fits after.
    assert texts_of(wrap(tokens, 4, 1.0, mono)) == [
        [(0.0, "abcdefgh"), (8.0, ",")],
        [(0.0, "ab"), (3.0, "c")],
    ]


def test_wrap_measures_a_space_in_the_style_of_the_token_after_it() -> None:
    tokens = (Token("a"), Token("b", BOLD), Token("c"))
    # a (1) + bold space (2) + bold b (2) = 5; then a regular space (1) + c (1) = 7.
    assert texts_of(wrap(tokens, 7, 1.0, wide_bold)) == [[(0.0, "a"), (3.0, "b"), (6.0, "c")]]
    assert texts_of(wrap(tokens, 6, 1.0, wide_bold)) == [[(0.0, "a"), (3.0, "b")], [(0.0, "c")]]


def test_wrap_with_a_limit_sets_and_measures_only_its_first_lines() -> None:
    """`limit` lines are those of the whole wrap; what follows them is never measured but
    the group that starts the next line (a run-in side measured the rest of its section)."""
    measured: list[str] = []

    def counting(text: str, style: Style) -> float:
        measured.append(text)
        return mono(text, style)

    tokens = words("aa bbb cc d ee ff gg")
    assert wrap(tokens, 6, 1.0, counting, 2) == wrap(tokens, 6, 1.0, mono)[:2]
    assert texts_of(wrap(tokens, 6, 1.0, mono, 2)) == [
        [(0.0, "aa"), (3.0, "bbb")], [(0.0, "cc"), (3.0, "d")]]
    assert [t for t in measured if t.strip()] == ["aa", "bbb", "cc", "d", "ee"]
    assert wrap(tokens, 6, 1.0, mono, 9) == wrap(tokens, 6, 1.0, mono)


def test_para_lines_cuts_a_word_wider_than_the_line() -> None:
    para = Para(words("abcdefgh ij", BOLD), 1.0)
    assert texts_of(para_lines(para, 6, wide_bold)) == [
        [(0.0, "abc")],
        [(0.0, "def")],
        [(0.0, "gh")],
        [(0.0, "ij")],
    ]


def test_runs_merge_one_style_and_draw_each_space_before_its_word() -> None:
    line = wrap(markup("Play !q! +, then keep"), 100, 1.0, mono)[0]
    assert runs(line, 10.0, 5.0, 1.0, mono) == [
        Text(10.0, 5.0, "Play", REGULAR, 1.0),
        Text(14.0, 5.0, " q", MOVE, 1.0),
        Text(16.0, 5.0, ", then keep", REGULAR, 1.0),
    ]


def test_pack_fills_columns_then_sides() -> None:
    assert pack([2, 2, 2, 2, 2], 2, (4, 4)) == [[[0, 1], [2, 3]], [[4]]]
    assert pack([], 3, (4, 4)) == []


def test_pack_uses_the_first_side_capacity_on_the_first_side_only() -> None:
    # The first side holds 2 lines per column (the title is above), later sides 4.
    assert pack([2, 2, 2, 2], 2, (2, 4)) == [[[0], [1]], [[2, 3]]]


def test_pack_moves_a_whole_entry_to_the_next_column() -> None:
    assert pack([1, 3, 1], 2, (3, 3)) == [[[0], [1]], [[2]]]


@pytest.mark.parametrize(
    ("heights", "capacities"),
    [
        ([1, 5, 1], (4, 4)),  # taller than any side
        ([3], (2, 4)),  # the first entry must start on the first side, which is shorter
        ([1, 1, 1, 5], (4, 4)),  # taller than a later side
    ],
)
def test_pack_refuses_an_entry_taller_than_a_side(
    heights: list[int], capacities: tuple[int, int]
) -> None:
    assert pack(heights, 2, capacities) is None


def test_pack_puts_a_tall_entry_on_a_later_taller_side() -> None:
    assert pack([1, 3], 1, (2, 4)) == [[[0]], [[1]]]


def test_spread_fills_exactly_the_sides_asked_as_evenly_as_it_goes() -> None:
    # Seven entries of 1 line, 5 to a side: packed, 5 and 2; spread over three, 3, 3 and 1.
    assert pack([1] * 7, 1, (5, 5)) == [[[0, 1, 2, 3, 4]], [[5, 6]]]
    assert spread([1] * 7, 1, (5, 5), 5, 3) == [[[0, 1, 2]], [[3, 4, 5]], [[6]]]
    # The last side holds no more than `last` lines per column once its columns are balanced.
    assert spread([2] * 6, 2, (4, 4), 2, 2) == [[[0, 1], [2, 3]], [[4, 5]]]
    assert spread([2] * 6, 2, (4, 4), 1, 2) is None
    assert spread([1] * 7, 1, (5, 5), 2, 2) == [[[0, 1, 2, 3, 4]], [[5, 6]]]
    assert spread([1] * 7, 1, (5, 5), 2, 2) == [[[0, 1, 2, 3, 4]], [[5, 6]]]


def test_spread_refuses_what_cannot_fill_every_side() -> None:
    assert spread([3], 2, (4, 4), 4, 2) is None  # one entry cannot be split over two sides
    assert spread([4, 4, 4], 1, (4, 4), 4, 2) is None  # nor three full ones put on two
    assert spread([], 2, (4, 4), 4, 2) is None


def test_balance_evens_out_the_columns() -> None:
    assert balance([1, 1, 1, 1, 1, 1], 3, 6) == [[0, 1], [2, 3], [4, 5]]
    assert balance([3, 1, 1, 1], 2, 6) == [[0], [1, 2, 3]]
    # 3 lines per column cannot hold three entries of 2 in two columns: 4 can.
    assert balance([2, 2, 2], 2, 10) == [[0, 1], [2]]
    assert balance([], 3, 6) == []


def test_balance_of_entries_that_do_not_fit_the_side_is_a_bug() -> None:
    with pytest.raises(AssertionError, match="no longer fit"):
        balance([3, 3, 3], 2, 4)
