"""Whom a card's strategies are for: perfect players, or a casual table (docs/rules.md, "Traps").

Its own small module, with no numpy, so that reading a config does not load the solver.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.errors import InputError, printable
from cardgen.words.familiarity import MAX_ZIPF, ZIPF_WANTED
from cardgen.yamlfile import is_number, key_name, preview

FROM_CONFIG = "config"
"""`Position.opponent_from` (and play's) when the config's `opponent` says whom to assume."""


@dataclass(frozen=True)
class Opponent:
    """The other players at the table."""

    knows: float | None = None
    """None: perfect players, who know every playable word; else a casual table, which knows
    only the playable words of Zipf frequency >= `knows` and challenges when it knows none."""
    figures: float | None = None
    """The Zipf from which the casual table of the pocket figures knows words (config key
    `casual_table: {knows: THETA}`), where it is not `knows`; None: `knows`, else 3.0."""

    @property
    def perfect(self) -> bool:
        """Whether the others know every word."""
        return self.knows is None

    def __repr__(self) -> str:
        figures = "" if self.figures is None else f", figures={self.figures!r}"
        return f"Opponent(knows={self.knows!r}{figures})"

    @property
    def table_knows(self) -> float | None:
        """The Zipf from which the pocket figures' casual table knows words (None: the
        model's default, `cardgen.cards.pocket.THETA`)."""
        return self.figures if self.figures is not None else self.knows

    def describe(self) -> str:
        """`perfect`, or `knows 3` (for messages and titles)."""
        return "perfect" if self.knows is None else f"knows {self.knows:g}"

    def against(self) -> str:
        """Whom a strategy is against, in words: `perfect players`, or `a casual table that
        knows words of Zipf 3+`."""
        if self.knows is None:
            return "perfect players"
        return f"a casual table that knows words of Zipf {self.knows:g}+"


PERFECT = Opponent()
"""The default opponent: players who know every word and play perfectly."""


def read_opponent(value: object, error: Callable[[str, str], Exception]) -> Opponent:
    """A config's `opponent`: `perfect` (or nothing), or `{knows: THETA}` with THETA a Zipf
    frequency from 0 to `MAX_ZIPF`; else `error(message, key)` is raised.

    >>> read_opponent({"knows": 3}, lambda message, key: ValueError(key, message))
    Opponent(knows=3.0)
    """
    if value == "perfect" or value is None:
        return PERFECT
    return Opponent(read_knows(value, "opponent", error, "`perfect` or "))


def read_knows(
    value: object, key: str, error: Callable[[str, str], Exception], other: str = ""
) -> float:
    """The Zipf of a mapping `{knows: THETA}` (config key `key`), THETA from 0 to `MAX_ZIPF`;
    else `error(message, key)` is raised (`other`: what else the key may be, for the
    message)."""
    expected = f"expected {other}a mapping {{knows: ZIPF}} such as {{knows: 3.0}}"
    if not isinstance(value, dict):
        raise error(f"{expected}, got {preview(value)}", key)
    for name in value:
        if name != "knows":
            raise error(f"unknown key ({expected})", f"{key}.{key_name(name)}")
    knows = value.get("knows")
    if not is_number(knows, 0, MAX_ZIPF):
        raise error(f"expected {ZIPF_WANTED}, got {preview(knows)}", f"{key}.knows")
    return float(knows)


def flag_opponent(knows: str | None, perfect: bool) -> Opponent | None:
    """The table `--knows ZIPF` or `--perfect` asks `cardgen explain` and `cardgen play` to
    assume, or None when neither is given (the config's `opponent` then); InputError for both,
    or for a value that is no finite Zipf frequency from 0 to `MAX_ZIPF`.

    >>> flag_opponent("2.5", False), flag_opponent(None, True), flag_opponent(None, False)
    (Opponent(knows=2.5), Opponent(knows=None), None)
    """
    if knows is not None and perfect:
        raise InputError("--knows and --perfect: give one or the other, not both")
    if perfect:
        return PERFECT
    if knows is None:
        return None
    try:
        value = float(knows)
    except ValueError:
        value = math.nan
    if not is_number(value, 0, MAX_ZIPF):
        raise InputError(f"--knows: expected {ZIPF_WANTED}, got {printable(repr(knows))}")
    return Opponent(value)


def assumption(opponent: Opponent, source: str = FROM_CONFIG) -> str:
    """Whom explain or play assumes and who said so (`source`: `config`, `--knows` or
    `--perfect`), as their outputs say it.

    >>> print(assumption(Opponent(3.0)))
    a casual table that knows words of Zipf 3+ (the config's opponent)
    >>> print(assumption(PERFECT, "--perfect"))
    perfect players (--perfect)
    """
    if source == FROM_CONFIG:
        said = "the config's opponent"
    else:
        said = source if opponent.knows is None else f"{source} {opponent.knows:g}"
    return f"{opponent.against()} ({said})"
