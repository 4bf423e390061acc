"""The exceptions cardgen raises; the CLI turns each into one line and an exit status."""

from __future__ import annotations


class CardgenError(Exception):
    """Base of every error cardgen reports to a user."""

    exit_code: int = 1


class InputError(CardgenError, ValueError):
    """Bad input from the user: a config, a word list file, an argument (exit status 2)."""

    exit_code = 2


class UsageMistake(InputError):
    """A command line the command does not take (`cardgen.app.usage`); `ctx`, the command's
    context where known, so that `--help` can be shown instead."""

    def __init__(self, message: str, ctx: object = None) -> None:
        super().__init__(message)
        self.ctx = ctx


class ConfigError(InputError):
    """A config file that cannot be used; the message names the file and the key."""


class WordListError(InputError):
    """A word list file that cannot be used; the message names the file."""


class RankEncodingError(InputError):
    """A word list with more playable words than the 64-bit rank of a word set holds (with
    its word lengths and rare and avoided words): the message says how many it holds."""


class FamiliarityError(InputError):
    """A frequency or avoid file that cannot be used; the message names the file (and line)."""


class FetchError(CardgenError):
    """A catalog word list that could not be fetched, found or verified (exit status 1)."""


class OutputError(CardgenError):
    """An output that could not be written (exit status 1): the system refused it while writing,
    a full disk or a folder without write permission, say."""


class OutputPathError(OutputError):
    """An output path that can never be written, whatever the run makes: a device or a file where
    a folder must be, a folder where a file must be, a system folder that takes no files (`--out
    /dev/null`, `--out /proc`). The argument is at fault, so it is bad input (exit status 2)."""

    exit_code = 2


class CardgenWarning(UserWarning):
    """Something a user should hear of that did not stop the work (the CLI prints it)."""


_HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
"""Unicode categories never echoed as they are: control, format (U+200B, U+202E), line and
paragraph separators, surrogates, private use, unassigned."""
LONGEST_RUN = 120
"""Longer runs of text without a space are cut in the middle when echoed."""


def printable(text: str) -> str:
    """`text` safe to echo on one line: control and invisible characters written as
    `<U+200B>`, spaces other than U+0020 too, and any run of more than `LONGEST_RUN`
    characters without a space cut in the middle.

    >>> printable("\\u200btitle: a\\nb")
    '<U+200B>title: a<U+000A>b'
    >>> printable("1" * 200) == "1" * 50 + "...(100 more)..." + "1" * 50
    True
    """
    import re
    import unicodedata

    def char(c: str) -> str:
        category = unicodedata.category(c)
        if category in _HIDDEN or (category == "Zs" and c != " "):
            return f"<U+{ord(c):04X}>"
        return c

    def cut(match: re.Match[str]) -> str:
        run = match[0]
        return f"{run[:50]}...({len(run) - 100} more)...{run[-50:]}"

    if text.isascii() and text.isprintable():
        shown = text
    else:
        shown = "".join(map(char, text))
    return re.sub(rf"\S{{{LONGEST_RUN + 1},}}", cut, shown)
