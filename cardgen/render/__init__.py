"""Renderers: each turns the same `Card` (or table) data into one format.

Renderers depend on the core modules, never the reverse. Text formats are Jinja2 templates
shipped in the top-level `templates/` folder (installed as `cardgen.templates`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from cardgen.packaged import folder
from cardgen.strategy import Card

if TYPE_CHECKING:  # Jinja2 is imported when a text template is first rendered, not before
    import jinja2

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


def thousands(value: int) -> str:
    """12345 -> '12,345'."""
    return f"{value:,}"


@cache
def environment() -> jinja2.Environment:
    """The one Jinja2 environment: strict about undefined names, no stray blank lines."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder("cardgen.templates")),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["ordinal"] = ordinal
    env.filters["seat_list"] = seat_list
    env.filters["thousands"] = thousands
    env.filters["verdict"] = verdict
    env.filters["bold"] = lambda text: f"**{text}**"
    return env


def render_template(name: str, **context: object) -> str:
    """Render one template of `templates/` with the given variables."""
    return environment().get_template(name).render(**context)
