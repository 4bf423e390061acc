"""Whom a card's strategies are for: perfect players, or a casual table (docs/rules.md, "Traps").

Its own small module, with no numpy, so that reading a config does not load the solver.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.errors import InputError, printable
from cardgen.words.familiarity import MAX_ZIPF, ZIPF_WANTED
from cardgen.written import preview
from cardgen.yamlfile import is_number, key_name

FROM_CONFIG = "config"
"""`Position.opponent_from` (and play's) when the config's `opponent` says whom to assume."""


THETA = 3.0
"""The Zipf frequency a casual table knows words from when the config names none."""

STEP = 0.5
"""The Zipf between one table of a range and the next (docs/rules.md, "A range of tables")."""

MAX_TABLES = 13
"""The most tables a range may hold: 6 Zipf at `STEP`."""


@dataclass(frozen=True)
class TableRange:
    """The casual tables a pocket card is chosen for (docs/rules.md, "A range of tables"): the
    tables that know the words of Zipf `lo`, `lo` + 0.5, ... while below `hi`, then `hi`, each
    equally likely; a Zipf below 0 is 0.

    >>> TableRange(2.0, 4.0).tables, TableRange(2.0, 4.0).middle
    ((2.0, 2.5, 3.0, 3.5, 4.0), 3.0)
    >>> TableRange(-0.5, 0.7).tables, TableRange(3.0, 3.0).tables
    ((0.0, 0.0, 0.5, 0.7), (3.0,))
    """

    lo: float
    """The Zipf the lowest table knows words from (it knows the most)."""
    hi: float
    """The Zipf the highest table knows words from; `lo` for a single table."""

    @classmethod
    def around(cls, knows: float | None) -> TableRange:
        """The default range: `knows` (None: `THETA`) minus 1 to plus 1."""
        knows = THETA if knows is None else knows
        return cls(knows - 1.0, knows + 1.0)

    @property
    def single(self) -> bool:
        """Whether the range is one table."""
        return self.lo == self.hi

    @property
    def tables(self) -> tuple[float, ...]:
        """Each table's Zipf, lowest first."""
        count = math.ceil((self.hi - self.lo) / STEP - 1e-9)
        found = [self.lo + STEP * k for k in range(count)] + [self.hi]
        return tuple(max(theta, 0.0) for theta in found)

    @property
    def middle(self) -> float:
        """The middle table's Zipf (for an even count, the lower middle): where a card's
        single figures (`wins`) are given."""
        tables = self.tables
        return tables[(len(tables) - 1) // 2]

    @property
    def middle_index(self) -> int:
        """The middle table's place in `tables`."""
        return (len(self.tables) - 1) // 2

    def describe(self) -> str:
        """`Zipf 2 to 4`, or `Zipf 3+` for a single table (for sentences).

        >>> TableRange(2.0, 4.0).describe(), TableRange(3.0, 3.0).describe()
        ('Zipf 2 to 4', 'Zipf 3+')
        """
        lo = max(self.lo, 0.0)
        return f"Zipf {lo:g}+" if self.single else f"Zipf {lo:g} to {self.hi:g}"


@dataclass(frozen=True)
class Opponent:
    """The other players at the table."""

    knows: float | None = None
    """None: perfect players, who know every playable word; else a casual table, which knows
    only the playable words of Zipf frequency >= `knows` and challenges when it knows none."""
    figures: TableRange | None = None
    """The casual tables the pocket figures are for (config key `casual_table: {knows: [LO,
    HI]}` or `{knows: THETA}`), where they are not the default; None: `knows` (else
    `THETA`) minus 1 to plus 1."""

    @property
    def perfect(self) -> bool:
        """Whether the others know every word."""
        return self.knows is None

    def __repr__(self) -> str:
        figures = "" if self.figures is None else f", figures={self.figures!r}"
        return f"Opponent(knows={self.knows!r}{figures})"

    @property
    def table_range(self) -> TableRange:
        """The casual tables the pocket figures are for."""
        return self.figures if self.figures is not None else TableRange.around(self.knows)

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


def read_range(value: object, key: str, error: Callable[[str, str], Exception]) -> TableRange:
    """A card config's `casual_table`: `{knows: THETA}` (one table) or `{knows: [LO, HI]}` (a
    range, `TableRange`); else `error(message, key)` is raised: an end that is not a finite
    number up to `MAX_ZIPF`, a reversed range, or one of more than `MAX_TABLES` tables.

    >>> read_range({"knows": [2, 4]}, "casual_table", lambda m, k: ValueError(k, m))
    TableRange(lo=2.0, hi=4.0)
    >>> read_range({"knows": [4, 2]}, "casual_table", lambda m, k: ValueError(k, m))
    Traceback (most recent call last):
    ...
    ValueError: ('casual_table.knows', 'the range [4, 2] is reversed: write [2, 4]')
    """
    wanted = "a mapping {knows: ZIPF} such as {knows: 3.0}, or {knows: [LO, HI]} such as " \
        "{knows: [2.0, 4.0]}"
    if not isinstance(value, dict) or not isinstance(value.get("knows"), list):
        knows = read_knows(value, key, error, "a range {knows: [LO, HI]} such as {knows: [2.0, "
                           "4.0]}, or ")
        return TableRange(knows, knows)
    for name in value:
        if name != "knows":
            raise error(f"unknown key (expected {wanted})", f"{key}.{key_name(name)}")
    ends = value["knows"]
    if len(ends) != 2 or not all(is_number(end, -MAX_ZIPF, MAX_ZIPF) for end in ends):
        raise error(f"expected a range [LO, HI] of two finite Zipf frequencies up to "
                    f"{MAX_ZIPF:g} such as [2.0, 4.0], got {preview(ends)}", f"{key}.knows")
    lo, hi = (float(end) for end in ends)
    shown = f"[{ends[0]!r}, {ends[1]!r}]"
    if lo > hi:
        raise error(f"the range {shown} is reversed: write [{ends[1]!r}, {ends[0]!r}]",
                    f"{key}.knows")
    tables = TableRange(lo, hi)
    if len(tables.tables) > MAX_TABLES:
        raise error(f"the range {shown} makes {len(tables.tables)} tables (one every "
                    f"{STEP:g} Zipf); at most {MAX_TABLES}, a range of "
                    f"{STEP * (MAX_TABLES - 1):g} Zipf", f"{key}.knows")
    return tables


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
