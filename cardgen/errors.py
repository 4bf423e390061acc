"""The exceptions cardgen raises; the CLI turns each into one line and an exit status."""

from __future__ import annotations


class CardgenError(Exception):
    """Base of every error cardgen reports to a user."""

    exit_code: int = 1


class InputError(CardgenError, ValueError):
    """Bad input from the user: a config, a word list file, an argument (exit status 2)."""

    exit_code = 2


class ConfigError(InputError):
    """A config file that cannot be used; the message names the file and the key."""


class WordListError(InputError):
    """A word list file that cannot be used; the message names the file."""


class FetchError(CardgenError):
    """A catalog word list that could not be fetched, found or verified (exit status 1)."""


class OutputError(CardgenError):
    """An output that could not be written (exit status 1)."""


class CardgenWarning(UserWarning):
    """Something a user should hear of that did not stop the work (the CLI prints it)."""
