"""Shared fixtures: small configs written on the fly, the CLI runner, the shipped games solved
once per run, a cache of the test run's own, and the hypothesis profiles.

The word-list cache: every test runs with `CARDGEN_CACHE` pointing at one folder of the test
run's own (set before collection, so subprocesses inherit it): `cardgen-test-cache-lists/cache`
in pytest's cache folder (`.pytest_cache/d/`), so a list is fetched once per checkout, not once
per run, and no test reads or writes the user's real cache (`pytest --cache-clear` empties it;
with `-p no:cacheprovider` it is a temporary folder, removed at the end). A test that needs
other cache contents sets `CARDGEN_CACHE` itself (`monkeypatch.setenv`, as
tests/test_wordlists.py does). The solution cache is off (`CARDGEN_SOLUTION_CACHE=off`):
tests/test_cache.py turns it on in a folder of its own.

The tests run in two sets: the default (`python -m pytest`, a few minutes) leaves out the tests
marked `slow` (whole word lists, every shipped deck) and `browser` (Chromium), and
`python -m pytest -m ""` runs them all, as CI does. Hypothesis runs the `dev` profile by
default and the `ci` profile under `CI=true` (or `--hypothesis-profile=ci`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Collection, Iterable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

from cardgen.cards.config import CardConfig, load_card_config
from cardgen.cards.explain import solution_for
from cardgen.cards.make import Lexicons, config_card
from cardgen.cards.strategy import Card, DictionaryInfo, build_card
from cardgen.errors import FetchError
from cardgen.games.game import GameSolution
from cardgen.games.solver import solve
from cardgen.words.catalog import sha256
from cardgen.words.lexicon import playable_words
from cardgen.words.wordlists import WordList, check_available

DATA = Path(__file__).parent / "data"
CONFIGS = Path(__file__).parent.parent / "configs"
SHIPPED = sorted(CONFIGS.glob("*.yaml"))
"""The shipped card configs."""
FAST_DECKS = frozenset({"twl06-2p"})
"""The shipped configs a test over every shipped config builds in the default run (`decks`)."""
GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("CARDGEN_REGENERATE_GOLDEN") == "1"
"""Set CARDGEN_REGENERATE_GOLDEN=1 to rewrite the golden files from the current output."""
os.environ["CARDGEN_SOLUTION_CACHE"] = "off"
"""Tests compute everything afresh (the CLI's processes too); tests/test_cache.py turns the
solution cache on in a folder of its own."""

settings.register_profile(
    "ci", max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") == "true" else "dev")
)
"""The property tests' examples: `dev` for a quick answer, `ci` (under CI=true) for as many as
CI can afford; `--hypothesis-profile=NAME` or HYPOTHESIS_PROFILE=NAME picks one."""


def costly(test: Callable[..., None]) -> Callable[..., None]:
    """For a property test whose every example enumerates a whole game: a fifth of the
    profile's examples (100 in `ci`, 8 in `dev`)."""
    return settings(max_examples=max(2, settings().max_examples // 5))(test)


def costliest(test: Callable[..., None]) -> Callable[..., None]:
    """For a property test whose every example builds files in every format: a thirtieth of
    the profile's examples (16 in `ci`, 2 in `dev`)."""
    return settings(max_examples=max(2, settings().max_examples // 30))(test)


def _user_cache() -> Path | None:
    """The cache a plain `cardgen` run would use here, if it can be named."""
    from cardgen.errors import InputError
    from cardgen.words.wordlists import cache_dir

    try:
        return cache_dir()
    except InputError:
        return None


USER_CACHE = _user_cache()
"""The user's own cache: named so that a test can check it is not the run's (never read)."""
_RUN_CACHE: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    kept = getattr(config, "cache", None)  # pytest's cache folder, kept between runs
    if kept is not None:
        folder, temporary = kept.mkdir("cardgen-test-cache-lists"), None
    else:  # -p no:cacheprovider
        folder = Path(tempfile.mkdtemp(prefix="cardgen-test-cache-"))
        temporary = str(folder)
    _RUN_CACHE.update(temporary=temporary, before=os.environ.get("CARDGEN_CACHE"))
    os.environ["CARDGEN_CACHE"] = str(folder / "cache")


def pytest_unconfigure(config: pytest.Config) -> None:
    if "before" not in _RUN_CACHE:
        return
    before = _RUN_CACHE.pop("before")
    if before is None:
        os.environ.pop("CARDGEN_CACHE", None)
    else:
        os.environ["CARDGEN_CACHE"] = before
    if temporary := _RUN_CACHE.pop("temporary"):
        shutil.rmtree(temporary, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def english_frequencies() -> None:
    """English word frequencies (wordfreq-en) in the run's cache before the first test, fetched
    quietly: the animals configs read them, and a test of a command's quiet output (stderr
    "") would otherwise see the fetch message whenever it is the first of its run to need them
    (tests/test_publish.py run alone on a fresh checkout). Where they cannot be fetched, the
    tests that read them say so."""
    from cardgen.errors import FetchError
    from cardgen.words.familiarity import wordfreq_entry
    from cardgen.words.wordlists import read_verified

    entry = wordfreq_entry("en")
    assert entry is not None
    with contextlib.suppress(FetchError):
        read_verified(entry)


@pytest.fixture(scope="session")
def lexicons() -> Lexicons:
    """One run's word lists, lexicons and solved games, shared by every test that reads the
    shipped configs' (as `cardgen build` shares them between the configs of one run)."""
    return Lexicons()


@pytest.fixture(scope="session")
def twl06() -> GameSolution:
    """The published game: TWL06, two players, words of 4+ letters (configs/twl06-2p.yaml)."""
    return solution_for(CONFIGS / "twl06-2p.yaml")[1]


@pytest.fixture
def letters_unchecked() -> Iterator[None]:
    """The spelling rules without the check of each language's letters
    (`cardgen.words.languages.LETTERS`): docs/rules.md counts the German rules' steps before it."""
    from cardgen.words import alphabet

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(alphabet, "letter_set", lambda language: None)
        alphabet._table.cache_clear()  # the tables work out each character once
        try:
            yield
        finally:
            alphabet._table.cache_clear()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A solution cache of the test's own, turned on for this process and its children."""
    root = tmp_path / "solutions"
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(root))
    return root


HEAVY = ("numpy", "jinja2", "cardgen.games.solver", "cardgen.cards.explain",
         "cardgen.games.casual", "cardgen.games.traps", "cardgen.cards.pocket")
"""What a warm `explain` or `play` does without: numpy, Jinja2, the solver and the modules
that solve a position's figures."""

COUNT_IMPORTS = """
import sys
from cardgen.app.cli import main
sys.argv = ["cardgen", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    assert done.code in (0, None), done.code
print("imported:", " ".join(m for m in HEAVY if m in sys.modules))
"""


def heavy_imports(*args: str, stdin: str = "") -> tuple[str, list[str]]:
    """`cardgen ARGS` as a process: what it printed, and which of `HEAVY` it imported."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {HEAVY!r}\n{COUNT_IMPORTS}", *args],
        input=stdin, capture_output=True, text=True, check=True,
    )
    printed, _, imported = run.stdout.rpartition("imported:")
    return printed, imported.split()


@pytest.fixture
def write_config(tmp_path: Path) -> Callable[..., Path]:
    """Write a config (and the animals word list beside it) into tmp_path."""

    def write(text: str, name: str = "card.yaml") -> Path:
        (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def check_golden(name: str, actual: str) -> None:
    """Compare with tests/golden/NAME, or rewrite it when CARDGEN_REGENERATE_GOLDEN=1."""
    path = GOLDEN / name
    if REGENERATE:
        path.write_text(actual, encoding="utf-8")
    expected = path.read_text(encoding="utf-8") if path.exists() else None
    assert actual == expected, (
        f"{path} differs from the output; if the change is intended, rerun with "
        "CARDGEN_REGENERATE_GOLDEN=1 and review the diff"
    )


def shipped_card(path: Path, lexicons: Lexicons) -> tuple[CardConfig, Card]:
    """Build a shipped config's card (once per test session: several modules check every
    shipped card); skip the test if its Debian list is not installed."""
    config = load_card_config(path)
    try:
        check_available(config.dictionary)
    except FetchError as error:
        pytest.skip(str(error))
    if path not in _SHIPPED_CARDS:
        _SHIPPED_CARDS[path] = config_card(config, lexicons)
    return config, _SHIPPED_CARDS[path]


_SHIPPED_CARDS: dict[Path, Card] = {}


def decks(paths: Iterable[Path], fast: Collection[str] = FAST_DECKS) -> list[Any]:
    """`paths` as test parameters named by their stems, all but the `fast` ones marked slow:
    the default run builds the published card, `-m ""` every deck."""
    return [pytest.param(path, id=path.stem, marks=() if path.stem in fast else pytest.mark.slow)
            for path in paths]


def word_card(words: str, players: int, min_length: int = 3, name: str = "tiny") -> Card:
    """The card of a word list given as a string of words (any whitespace between them)."""
    wordlist = WordList(name, "test", sha256(words.encode()), tuple(words.split()))
    lexicon = playable_words(wordlist.entries, min_length)
    return build_card(solve(lexicon, players), DictionaryInfo.of(wordlist, lexicon))


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler that logs nothing (the tests' servers on 127.0.0.1)."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def local_server(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve `handler` on 127.0.0.1 (a free port) in a thread; yield its URL, then stop."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
