"""What a game of `cardgen play` comes to: who lost and why, and where the person first left
the card."""

from __future__ import annotations

from dataclasses import dataclass


def shown(fragment: str) -> str:
    """A fragment as the game prints it: '(start)' for the empty one."""
    return fragment or "(start)"


@dataclass(frozen=True)
class Slip:
    """A turn where the person did not play the card's move."""

    fragment: str
    """The fragment the person faced."""
    played: str
    """The letter played, or `!` for a challenge."""
    card_move: str
    """What the card said to play."""
    words: tuple[str, ...]
    """The card's words from that fragment."""
    lost_win: bool
    """Whether the person had a forced win before the move and not after it."""


@dataclass(frozen=True)
class GameResult:
    """How a game ended, and where the person first strayed from the card."""

    fragment: str
    """The fragment when the game ended."""
    loser: int | None
    """The seat that lost; None when the game was abandoned."""
    reason: str
    """One line: who lost and why, or why the game stopped."""
    off_card: Slip | None
    """The person's first move that was not the card's (None if there was none)."""
    left_win: Slip | None
    """The person's first move that gave away a forced win (None if there was none)."""
    had_win: bool
    """Whether the person ever faced a position the card wins."""
    interrupted: bool = False
    """Whether the game was stopped by Ctrl-C (the command then exits 130)."""


def slip_line(slip: Slip) -> str:
    """A slip as the summary says it: where, what was played, what the card said."""
    move = "challenged" if slip.played == "!" else f"played {slip.played}"
    return (
        f"at {shown(slip.fragment)}: you {move}; the card said {slip.card_move} "
        f"({' '.join(slip.words)})."
    )
