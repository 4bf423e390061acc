"""Whom a card's strategies are for: perfect players, or a casual table (docs/rules.md, "Traps").

Its own small module, with no numpy, so that reading a config does not load the solver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardgen.yamlfile import is_number, key_name, preview

MAX_ZIPF = 10.0
"""The largest `opponent.knows`: above every word's Zipf frequency (the commonest English word,
`the`, has 7.73)."""


@dataclass(frozen=True)
class Opponent:
    """The other players at the table."""

    knows: float | None = None
    """None: perfect players, who know every playable word; else a casual table, which knows
    only the playable words of Zipf frequency >= `knows` and challenges when it knows none."""

    @property
    def perfect(self) -> bool:
        """Whether the others know every word."""
        return self.knows is None

    def describe(self) -> str:
        """`perfect`, or `knows 3` (for messages and titles)."""
        return "perfect" if self.knows is None else f"knows {self.knows:g}"


PERFECT = Opponent()
"""The default opponent: players who know every word and play perfectly."""


def read_opponent(value: object, error: Callable[[str, str], Exception]) -> Opponent:
    """A config's `opponent`: `perfect` (or nothing), or `{knows: THETA}` with THETA a Zipf
    frequency from 0 to `MAX_ZIPF`; else `error(message, key)` is raised.

    >>> read_opponent({"knows": 3}, lambda message, key: ValueError(key, message))
    Opponent(knows=3.0)
    """
    expected = "expected `perfect` or a mapping {knows: ZIPF} such as {knows: 3.0}"
    if value == "perfect" or value is None:
        return PERFECT
    if not isinstance(value, dict):
        raise error(f"{expected}, got {preview(value)}", "opponent")
    for key in value:
        if key != "knows":
            raise error(f"unknown key ({expected})", f"opponent.{key_name(key)}")
    knows = value.get("knows")
    if not is_number(knows, 0, MAX_ZIPF):
        raise error(
            f"expected a Zipf frequency from 0 to {MAX_ZIPF:g}, got {preview(knows)}",
            "opponent.knows",
        )
    return Opponent(float(knows))
