"""Whom a card's strategies are for: perfect players, or a casual table (docs/rules.md, "Traps").

Its own small module, with no numpy, so that reading a config does not load the solver.
"""

from __future__ import annotations

from dataclasses import dataclass


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
