"""The strategy map: the first seat's winning strategy as an SVG tree, down to the words.

In the spirit of xkcd's tic-tac-toe map: from the start, the letter the first player plays,
every reply the others may make to it, the first player's answer to each, and so on until a
word is completed by another player. That tree is the trie of the first opening's word set (a
minimal winning set holds one move at each of the seat's turns and every reply the others
consider), so the map is drawn from the `Card` alone.

Every mark is a shape, so the map reads in black and white: the first player's letters are
white on black boxes, the others' letters are circles, and the words ending each line are
rounded boxes. The layout is Graphviz's `dot` (through the `graphviz` package): it lays out
trees of any width with no overlaps and writes compact, deterministic SVG; drawing the tree
by hand (drawsvg, reportlab) would mean writing and testing a layout algorithm. `dot` is a
program, from the Debian package `graphviz`; without it the map is refused in one line.
"""

from __future__ import annotations

import html
import re
import shutil

from cardgen.cards.strategy import Card
from cardgen.errors import CardgenError
from cardgen.render.sentences import no_first_win, ordinal, try_name, try_summary, zipf

DEBIAN_PACKAGE = "graphviz"
FONT = "DejaVu Sans,Helvetica,Arial,sans-serif"


class MissingProgramError(CardgenError):
    """A program cardgen runs is not installed (exit status 1)."""


def _node_id(fragment: str) -> str:
    return f"f_{fragment}" if fragment else "start"


def _meaning(card: Card, fragment: str) -> str:
    """What a node of the map is, for its title (a tooltip, and what a screen reader says):
    'na: the second player plays a', 'nyctalopia: the second player completes it'."""
    if not fragment:
        return "the start: no letter played yet"
    seat = (len(fragment) - 1) % card.players + 1  # the seat that played the last letter
    if fragment in card.seats[0].openings[0].words:
        return f"{fragment}: the {ordinal(seat)} player completes it"
    if seat == 1:
        return f"{fragment}: you play {fragment[-1]}"
    return f"{fragment}: the {ordinal(seat)} player plays {fragment[-1]}"


def _titled(svg: str, card: Card) -> str:
    """The SVG with each node titled by its meaning rather than Graphviz's node id, and the
    edges' titles (`a->b`, which say nothing the picture does not) left out."""
    meanings = {_node_id(fragment[:depth]): _meaning(card, fragment[:depth])
                for fragment in card.seats[0].openings[0].words
                for depth in range(len(fragment) + 1)}
    meanings["strategy"] = f"The first player's strategy: {card.title}"

    def title(match: re.Match[str]) -> str:
        name = html.unescape(match.group(1))
        if name in meanings:
            return f"<title>{html.escape(meanings[name], quote=False)}</title>"
        return "" if "->" in name else match.group(0)

    return re.sub(r"<title>(.*?)</title>", title, svg)


def strategy_source(card: Card) -> str:
    """The map as Graphviz source (dot language)."""
    import graphviz  # type: ignore[import-untyped]

    opening = card.seats[0].openings[0]
    graph = graphviz.Digraph("strategy")
    graph.attr(
        rankdir="LR",
        fontname=FONT,
        labelloc="t",
        labeljust="l",
        nodesep="0.08",
        ranksep="0.25",
        label=_caption(card),
    )
    graph.attr("node", fontname=FONT, fontsize="12", width="0.3", height="0.3", margin="0.04")
    graph.attr("edge", arrowhead="none", penwidth="1.2")
    if opening.words:
        graph.node("start", "start", shape="plaintext", fontsize="11")
    seen = {""}
    for word in opening.words:
        for depth in range(1, len(word) + 1):
            fragment = word[:depth]
            if fragment in seen:
                continue
            seen.add(fragment)
            mover = (depth - 1) % card.players + 1  # the seat that played the last letter
            if fragment == word:
                graph.node(_node_id(fragment), word, shape="box", style="rounded",
                           fontsize="12")
            elif mover == 1:
                graph.node(_node_id(fragment), fragment[-1], shape="box", style="filled",
                           fillcolor="black", fontcolor="white", color="black")
            else:
                graph.node(_node_id(fragment), fragment[-1], shape="circle", color="black")
            graph.edge(_node_id(fragment[:-1]), _node_id(fragment))
    source: str = graph.source
    return source


def _caption(card: Card) -> str:
    opening = card.seats[0].openings[0]
    lines = [card.title, f"The first player's strategy ({card.dictionary.name})."]
    if opening.won:
        lines.append(
            "Black boxes: your letters. Circles: the others' letters. Rounded boxes: the "
            "words someone else completes."
        )
    else:
        lines.append(no_first_win(card))
        if opening.best_try is not None:
            summary = try_summary(opening.best_try, card.players)
            name = try_name(card).capitalize()
            lines.append(f"{name}: open with {opening.best_try.move} ({summary}).")
    if card.opponent.knows is not None:
        lines.append(f"Against players who know no word rarer than {zipf(card.opponent.knows)}.")
    return "".join(line.replace("\\", "\\\\") + "\\l" for line in lines)


def _missing() -> MissingProgramError:
    return MissingProgramError(
        f"the strategy map (svg) needs Graphviz's dot: install the Debian package "
        f"{DEBIAN_PACKAGE} (apt-get install {DEBIAN_PACKAGE})"
    )


def check_dot() -> None:
    """MissingProgramError now, before any work, if Graphviz's `dot` is not on the PATH."""
    if shutil.which("dot") is None:
        raise _missing()


def render_map(card: Card) -> bytes:
    """The map as SVG; MissingProgramError without Graphviz's `dot`."""
    import graphviz

    try:
        svg: bytes = graphviz.Source(strategy_source(card)).pipe(format="svg")
        return _titled(svg.decode(), card).encode()
    except graphviz.ExecutableNotFound:
        raise _missing() from None
