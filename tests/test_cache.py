"""The solution cache: keyed by content, read back byte for byte, never trusted blindly."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import mmap
import os
import random
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import CONFIGS, DATA, SHIPPED, decks, shipped_card, word_card
from typer.testing import CliRunner

import cardgen
from cardgen.app.cli import app
from cardgen.app.runner import CARDS
from cardgen.cards import cache, cachekey, superpocket
from cardgen.cards.cache import Store
from cardgen.cards.cachekey import PRESENTATION, code_fingerprint, config_key, entry_name
from cardgen.cards.config import (
    CardConfig,
    RankingOptions,
    TableConfig,
    load_card_config,
    load_table_config,
)
from cardgen.cards.explain import explain
from cardgen.cards.make import Lexicons, config_card, config_figures, config_game
from cardgen.cards.pocket import CasualPlay, casual_play
from cardgen.cards.strategy import Card, DictionaryInfo, build_card
from cardgen.cards.superpocket import InfixPlay, infix_play
from cardgen.codec import ALIGN, BadEntry, pack, unpack
from cardgen.errors import CardgenWarning, FetchError, printable
from cardgen.games import casual as casual_module
from cardgen.games.game import GameSolution
from cardgen.games.opponent import TableRange
from cardgen.games.solver import Solution
from cardgen.games.superghost import InfixSolution
from cardgen.games.traps import Thresholds
from cardgen.render.markdown import render_card as render_markdown
from cardgen.words.wordlists import ListFile, check_available

ANIMALS = DATA / "animals.yaml"


def counting(compute: Callable[[], Any]) -> tuple[list[int], Callable[[], Any]]:
    calls: list[int] = []

    def counted() -> Any:
        calls.append(1)
        return compute()

    return calls, counted


def card_of(config: CardConfig, solution: GameSolution, traps: Thresholds | None) -> Card:
    """The card of a solved game, as a config would have it (the list's facts made up)."""
    info = DictionaryInfo("list", "test", "0" * 64, 1, len(solution.lexicon.words))
    return build_card(solution, info, traps=traps, opponent=config.opponent, game=config.game)


def fresh_card(config: CardConfig) -> Card:
    return config_card(config, Lexicons())


# --- the key -----------------------------------------------------------------------------


TABLE = "title: Animals\ndictionaries: [animals.txt, twl06]\nmin_lengths: [3, 4]\nplayers: [2, 3]\n"


def table_config(folder: Path) -> Path:
    (folder / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (folder / "table.yaml").write_text(TABLE, encoding="utf-8")
    return folder / "table.yaml"


@pytest.mark.parametrize(
    ("config_type", "kind"),
    [(CardConfig, "card"), (CardConfig, "solution"), (TableConfig, "rows")],
)
def test_every_config_field_is_in_the_key_or_presentation_only(
    config_type: type, kind: str, tmp_path: Path
) -> None:
    """A new config key joins the key by itself, unless the key cannot read its value (then
    this and the next test fail), or is listed as presentation-only."""
    if config_type is CardConfig:
        key = config_key(load_card_config(ANIMALS), kind)
    else:
        config = load_table_config(table_config(tmp_path))
        group = {"dictionaries": config.dictionaries[0], "min_lengths": 3}
        key = config_key(config, kind, group)
        assert key["dictionaries"] == cachekey.identity(config.dictionaries[0])
        assert key["min_lengths"] == 3
    for field in dataclasses.fields(config_type):
        assert field.name in key or field.name in PRESENTATION[kind], (
            f"{config_type.__name__}.{field.name} is neither in the {kind} key nor "
            "presentation-only (cardgen.cards.cachekey.PRESENTATION)"
        )
    for name in PRESENTATION[kind]:
        assert name not in key


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_config_has_a_key(path: Path) -> None:
    config = load_card_config(path)
    for kind in ("card", "solution"):
        key = config_key(config, kind)
        assert key["code"] == code_fingerprint()
        assert len(entry_name(key)) == len(kind) + 1 + 40 + len(".entry")


def test_the_code_fingerprint_is_the_sha256_of_the_package_s_files_in_path_order(
    tmp_path: Path,
) -> None:
    """`code_fingerprint` walks the package with `os.scandir`, in the order (and with the
    files) `sorted(root.rglob("*"))` gives: `a/b.py` before `a.py`, a symbolic link to a
    folder not entered, hidden files and `__pycache__` listed."""
    from importlib import resources

    from cardgen.packaged import folder

    for name in ("a.py", "a/b.py", "a-b.py", "B.py", ".hidden.py", "__pycache__/c.py", "d.pyc"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(name)
    (tmp_path / "link").symlink_to(tmp_path / "a")
    found = [("/".join(parts), entry.path) for parts, entry in sorted(
        cachekey._tree(tmp_path), key=lambda item: item[0])]
    expected = [(p.relative_to(tmp_path).as_posix(), str(p)) for p in sorted(tmp_path.rglob("*"))]
    assert found == expected
    assert [name for name, _ in found][:4] == [".hidden.py", "B.py", "__pycache__",
                                                "__pycache__/c.py"]
    assert [name for name, _ in found][4:7] == ["a", "a/b.py", "a-b.py"]
    digest = hashlib.sha256(cardgen.__version__.encode())
    roots = [Path(cachekey.__file__).resolve().parents[1]]
    roots += [Path(str(resources.files(p))) for p in ("cardgen.templates", "cardgen.catalog_data")]
    assert roots[1:] == [folder("cardgen.templates"), folder("cardgen.catalog_data")]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".j2", ".yaml", ".md") and path.is_file():
                digest.update(f"\0{path.relative_to(root).as_posix()}\0".encode())
                digest.update(path.read_bytes())
    assert code_fingerprint() == f"{cardgen.__version__}+{digest.hexdigest()[:16]}"


def test_a_path_is_no_content_for_a_key() -> None:
    with pytest.raises(TypeError, match="cannot hold a PosixPath"):
        cachekey.identity(Path("/etc/passwd"))


def test_the_key_reads_the_list_the_familiarity_data_and_the_avoid_list_by_content(
    tmp_path: Path,
) -> None:
    config = load_card_config(ANIMALS)
    key = config_key(config, "card")
    assert key["dictionary"] == {
        "file": "animals.txt",
        "sha256": cachekey.file_sha256(DATA / "animals.txt"),
    }
    assert key["title"] == "Animal Ghost" and "title" not in config_key(config, "solution")
    assert "pdf" not in key and "output_dir" not in key and "path" not in key
    avoid = dataclasses.replace(config, ranking=RankingOptions(avoid=frozenset({"b", "a"})))
    digest = config_key(avoid, "card")["ranking"]["avoid"]
    assert digest == {"set": hashlib.sha256(b"a\nb").hexdigest(), "size": 2}
    familiar = load_card_config(CONFIGS / "twl06-2p-familiar.yaml")
    assert config_key(familiar, "card")["ranking"]["frequencies"] is None  # wordfreq, pinned


def variants(tmp_path: Path) -> Iterator[tuple[str, CardConfig]]:
    """The animals config, then each part of the key changed on its own."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "more.txt").write_bytes((DATA / "animals.txt").read_bytes() + b"zebra\n")
    base = dataclasses.replace(
        load_card_config(ANIMALS),
        path=tmp_path / "animals.yaml",
        dictionary=ListFile(tmp_path / "animals.txt", "animals.txt"),
    )
    yield "base", base
    yield "players", dataclasses.replace(base, players=3)
    yield "min_length", dataclasses.replace(base, min_length=4)
    yield "title", dataclasses.replace(base, title="Other")
    yield "language", dataclasses.replace(base, language="fr")
    yield "alphabet", dataclasses.replace(base, alphabet="keep")
    yield "capitalized", dataclasses.replace(base, capitalized="lower")
    yield "ranking", dataclasses.replace(base, ranking=RankingOptions(by="familiar"))
    yield "rare_below", dataclasses.replace(base, ranking=RankingOptions(rare_below=2.5))
    yield "avoid", dataclasses.replace(base, ranking=RankingOptions(avoid=frozenset({"bee"})))
    other = ListFile(tmp_path / "more.txt", "animals.txt")
    yield "list bytes", dataclasses.replace(base, dictionary=other)


def test_changing_any_part_of_the_key_misses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = {label: entry_name(config_key(config, "card")) for label, config in variants(tmp_path)}
    assert len(set(names.values())) == len(names), names
    before = names["base"]
    monkeypatch.setattr(cachekey, "code_fingerprint", lambda: "0.1.0+another-build")
    base = next(variants(tmp_path))[1]
    assert entry_name(config_key(base, "card")) != before  # a change of code misses too


def test_presentation_keys_share_the_entry(tmp_path: Path) -> None:
    base = load_card_config(ANIMALS)
    moved = dataclasses.replace(base, output_dir=tmp_path, path=tmp_path / "x.yaml")
    assert entry_name(config_key(base, "card")) == entry_name(config_key(moved, "card"))
    retitled = dataclasses.replace(base, title="Another title")
    assert entry_name(config_key(base, "solution")) == entry_name(
        config_key(retitled, "solution")
    )


# --- what comes back ---------------------------------------------------------------------


def assert_same_types(a: object, b: object, where: str = "card") -> None:
    """Equal, and of the same types all the way down (3 == 3.0, but they print apart)."""
    assert type(a) is type(b), where
    if dataclasses.is_dataclass(a):
        for field in dataclasses.fields(a):
            assert_same_types(getattr(a, field.name), getattr(b, field.name), field.name)
    elif isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), where
        for x, y in zip(a, b, strict=True):
            assert_same_types(x, y, where)
    else:
        assert a == b, where


@pytest.mark.network
@pytest.mark.parametrize("path", decks(SHIPPED))
def test_a_cached_card_prints_the_same_bytes_in_every_format(
    lexicons: Lexicons, path: Path, tmp_path: Path
) -> None:
    config, card = shipped_card(path, lexicons)
    entry = tmp_path / "card.entry"
    key = config_key(config, "card")
    entry.write_bytes(pack(key, card))
    cached = unpack(entry, key, Card)
    assert_same_types(card, cached)
    for name, fmt in CARDS.formats.items():
        assert fmt.render(cached, config) == fmt.render(card, config), name


@pytest.mark.network
@pytest.mark.parametrize(
    "name",
    [
        "twl06-2p",
        *(pytest.param(name, marks=pytest.mark.slow) for name in (
            "twl06-3p", "twl06-2p-familiar", "twl06-2p-casual", "spanish-2p",
            "twl06-2p-superghost", "twl06-2p-superduperghost",
        )),
    ],
)
def test_a_cached_game_answers_as_the_fresh_one(
    lexicons: Lexicons, name: str, tmp_path: Path
) -> None:
    """The solved game and its traps, read back memory-mapped, explain every position alike."""
    config = load_card_config(CONFIGS / f"{name}.yaml")
    try:
        check_available(config.dictionary)
    except FetchError as error:
        pytest.skip(str(error))
    solution, traps = config_game(config, lexicons)
    assert traps is not None  # every game has its traps where it has word frequencies
    entry = tmp_path / "game.entry"
    key = config_key(config, "game")
    entry.write_bytes(pack(key, traps or solution))
    cached = unpack(entry, key, cache._solution_class)  # the class it names, as the cache does
    cached_traps = cached if isinstance(cached, Thresholds) else None
    cached_solution = cached.solution if isinstance(cached, Thresholds) else cached
    assert type(cached_solution) is type(solution)
    start: Any
    if isinstance(cached_solution, InfixSolution):
        start = cached_solution.graph.levels[1].key
    else:
        assert isinstance(cached_solution, Solution)
        start = cached_solution.levels[1].start
    while isinstance(start.base, np.ndarray):
        start = start.base
    assert isinstance(start.base, memoryview) and isinstance(start.base.obj, mmap.mmap)
    assert not start.flags.writeable  # read where it lies in the file, never copied
    fragments = [""] + [f for d in (1, 2) for f in solution.fragments(d)]
    fragments += ["qz", "naan", "zzzz"]
    knows = config.opponent.knows
    for fragment in fragments:
        fresh = explain(solution, fragment, traps, knows)
        assert explain(cached_solution, fragment, cached_traps, knows) == fresh, fragment
    for seat in range(1, config.players + 1):
        assert cached_solution.seat_totals(seat) == solution.seat_totals(seat)
    assert cached_solution.lexicon == solution.lexicon
    assert card_of(config, cached_solution, cached_traps) == card_of(config, solution, traps)


# --- the store ---------------------------------------------------------------------------


def test_a_card_is_computed_once_then_read_back(folder: Path) -> None:
    config = load_card_config(ANIMALS)
    calls, compute = counting(lambda: fresh_card(config))
    first = Store.default().card(config, compute)
    second = Store.default().card(config, compute)
    assert calls == [1] and first == second
    assert [p.name for p in folder.iterdir()] == [entry_name(config_key(config, "card"))]


def test_no_cache_keeps_nothing(folder: Path) -> None:
    config = load_card_config(ANIMALS)
    calls, compute = counting(lambda: fresh_card(config))
    for _ in range(2):
        Store.default(enabled=False).card(config, compute)
    assert calls == [1, 1] and not folder.exists()


def damage(how: str, entry: Path, other: Path) -> str:
    data = entry.read_bytes()
    if how == "flipped":
        entry.write_bytes(data[:-3] + bytes([data[-3] ^ 1]) + data[-2:])
        return "failed its checksum (cut short or changed)"
    if how == "truncated":
        entry.write_bytes(data[: len(data) // 2])
        return "failed its checksum (cut short or changed)"
    if how == "empty":
        entry.write_bytes(b"")
        return "is cut short"
    if how == "foreign":
        entry.write_bytes(other.read_bytes())
        return "was written for another config"
    entry.write_bytes(b"GIF89a" + bytes(200))
    return "is not a cardgen cache entry"


@pytest.mark.parametrize("how", ["flipped", "truncated", "empty", "foreign", "garbage"])
def test_a_bad_entry_warns_in_one_line_is_removed_and_computed_again(
    folder: Path, how: str
) -> None:
    config = load_card_config(ANIMALS)
    three = dataclasses.replace(config, players=3)
    store = Store.default()
    good = store.card(config, lambda: fresh_card(config))
    store.card(three, lambda: fresh_card(three))
    entry = folder / entry_name(config_key(config, "card"))
    reason = damage(how, entry, folder / entry_name(config_key(three, "card")))
    calls, compute = counting(lambda: fresh_card(config))
    with pytest.warns(CardgenWarning) as caught:
        again = store.card(config, compute)
    assert [str(w.message) for w in caught] == [
        f"cache: {entry}: {reason}; removed, computing it again"
    ]
    assert calls == [1] and again == good
    assert unpack(entry, config_key(config, "card"), Card) == good  # written anew


def test_a_folder_that_cannot_be_written_warns_once(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    store = Store(tmp_path / "file" / "solutions")
    config = load_card_config(ANIMALS)
    with pytest.warns(CardgenWarning) as caught:
        first = store.card(config, lambda: fresh_card(config))
        store.card(config, lambda: fresh_card(config))
    assert len(caught) == 1
    message = str(caught[0].message)
    assert message.startswith("cache: results are not kept (") and "\n" not in message
    assert first == fresh_card(config)


def test_remember_each_works_out_what_it_has_not_kept_together(folder: Path) -> None:
    """`Store.remember_each`: the items kept are read back, the others worked out in one call
    (in order) and kept under their own keys; an item whose key cannot be made is worked out
    every time, and so is every item with the cache off."""
    calls: list[list[str]] = []

    def compute(missing: list[str]) -> list[str]:
        calls.append(missing)
        return [item.upper() for item in missing]

    def key(item: str) -> dict[str, Any]:
        if item == "z":
            raise TypeError("no key for z")
        return {"kind": "test", "item": item}

    store = Store(folder)
    assert store.remember_each(["b", "a"], key, str, compute) == {"a": "A", "b": "B"}
    assert store.remember_each(["c", "a", "z", "b", "c"], key, str, compute) == {
        "a": "A", "b": "B", "c": "C", "z": "Z"}
    assert calls == [["b", "a"], ["c", "z"]]
    assert store.remember_each(["a", "b", "c"], key, str, compute) == {
        "a": "A", "b": "B", "c": "C"}
    assert len(calls) == 2 and len(list(folder.iterdir())) == 3
    assert Store(None).remember_each(["a", "b"], key, str, compute) == {"a": "A", "b": "B"}
    assert calls[2:] == [["a", "b"]]


def test_the_least_recently_used_entries_go_past_the_limit(folder: Path) -> None:
    config = load_card_config(ANIMALS)
    configs = [dataclasses.replace(config, title=f"Card {i}") for i in range(4)]
    size = len(pack(config_key(configs[0], "card"), fresh_card(configs[0])))
    store = Store(folder, limit=3 * size + 10)
    for i, each in enumerate(configs[:3]):
        store.card(each, functools.partial(fresh_card, each))
        os.utime(folder / entry_name(config_key(each, "card")), (1000 + i, 1000 + i))
    store.card(configs[0], lambda: pytest.fail("card 0 is cached"))  # used: now the newest
    store.card(configs[3], lambda: fresh_card(configs[3]))
    left = {path.name for path, _ in store.entries()}
    expected = {entry_name(config_key(configs[i], "card")) for i in (0, 2, 3)}
    assert left == expected  # card 1 was the least recently used


def test_racing_writers_both_succeed(folder: Path) -> None:
    config = load_card_config(ANIMALS)
    card = fresh_card(config)
    stores = [Store.default(), Store.default()]
    key = config_key(config, "card")
    data = pack(key, card)
    for store in stores:  # both computed it; both keep it; the second write replaces the first
        store.keep(folder / entry_name(key), data)
    assert [s.card(config, lambda: pytest.fail("cached")) for s in stores] == [card, card]


@pytest.mark.network
def test_racing_builds_both_succeed(folder: Path, tmp_path: Path) -> None:
    config = str(CONFIGS / "twl06-2p.yaml")
    command = [sys.executable, "-m", "cardgen", "build", config, "-f", "json", "-q", "-o"]
    runs = [
        subprocess.Popen([*command, str(tmp_path / f"out{i}")], stderr=subprocess.PIPE)
        for i in range(2)
    ]
    errors = [run.communicate()[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    assert errors == [b"", b""]
    first, second = (tmp_path / f"out{i}" / "twl06-2p.json" for i in range(2))
    assert first.read_bytes() == second.read_bytes()
    assert len(list(folder.glob("card-*.entry"))) == 1


# --- the command line --------------------------------------------------------------------

CHECK_IMPORTS = """
import sys
from cardgen.app.cli import main
sys.argv = ["cardgen", "build", sys.argv[1], "-f", "json", "-f", "md", "-q", "-o", sys.argv[2]]
try:
    main()
except SystemExit as done:
    assert done.code == 0, done.code
print(" ".join(sorted(m for m in ("numpy", "cardgen.games.solver",
"cardgen.words.lexicon.playable_words")
                      if m in sys.modules)))
"""


def test_a_cached_build_imports_no_numpy_and_solves_nothing(folder: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-c", CHECK_IMPORTS, str(ANIMALS), str(tmp_path / "out")]
    cold = subprocess.run(command, capture_output=True, text=True, check=True)
    assert cold.stdout.split() == ["cardgen.games.solver", "numpy"]
    cold_md = (tmp_path / "out" / "animals.md").read_bytes()
    warm = subprocess.run(command, capture_output=True, text=True, check=True)
    assert (warm.stdout, warm.stderr) == ("\n", "")
    assert (tmp_path / "out" / "animals.md").read_bytes() == cold_md


NO_CACHE_IMPORTS = """
import sys
from cardgen.app.cli import main
sys.argv = ["cardgen", "build", sys.argv[1], "-f", "json", "--no-cache", "-q", "-o", sys.argv[2]]
try:
    main()
except SystemExit as done:
    assert done.code == 0, done.code
print(" ".join(m for m in ("cardgen.render.explorer", "cardgen.cards.querycache")
               if m in sys.modules))
"""


def test_a_build_without_the_cache_works_out_no_plays_for_play(tmp_path: Path) -> None:
    """The plays a deck prints are kept for `cardgen play` in the solution cache (`printed`):
    with the cache off a build keeps nothing, so it works none out (issue 39, item 2)."""
    command = [sys.executable, "-c", NO_CACHE_IMPORTS, str(ANIMALS), str(tmp_path / "out")]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert (done.stdout, done.stderr) == ("\n", "")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["animals.json"]


def forbid_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solving a game, setting its traps or working out a casual table's figures raises
    RuntimeError("solved again") from now on."""

    def solve(*args: object, **kwargs: object) -> None:
        raise RuntimeError("solved again")

    for name in ("games.solver.solve", "games.traps.thresholds", "cards.pocket.casual_play"):
        monkeypatch.setattr(f"cardgen.{name}", solve)


def test_explain_and_play_read_the_solution_back(
    folder: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = runner.invoke(app, ["explain", str(ANIMALS), "b"])
    assert first.exit_code == 0, first.output
    assert len(list(folder.glob("game-*.entry"))) == 1  # the solved game with its traps
    forbid_solving(monkeypatch)
    again = runner.invoke(app, ["explain", str(ANIMALS), "b"])
    assert (again.exit_code, again.stdout) == (0, first.stdout)
    game = runner.invoke(app, ["play", str(ANIMALS), "--seed", "1"], input="b\ne\nq\n")
    assert game.exit_code == 0, game.output
    fresh = runner.invoke(app, ["explain", str(ANIMALS), "b", "--no-cache"])
    assert isinstance(fresh.exception, RuntimeError) and str(fresh.exception) == "solved again"


def test_a_build_keeps_its_card_and_explain_and_play_keep_their_game(
    folder: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39 item 2: a build keeps only what a build reads again, its card and its deck,
    and the plays the deck prints, which play reads (keeping the solved game, its tables'
    figures and play's stored game was a quarter of a cold twl06-2p build); the first explain
    keeps the game with its traps and its tables' figures, so explaining any other position,
    or playing, reads them back."""
    fresh = runner.invoke(app, ["explain", str(ANIMALS), "be", "--no-cache"])
    assert fresh.exit_code == 0, fresh.output
    built = runner.invoke(app, ["build", str(ANIMALS), "-q", "-f", "json", "-o", str(tmp_path)])
    assert built.exit_code == 0, built.output
    assert sorted(path.name.split("-")[0] for path in folder.glob("*.entry")) == [
        "card", "deck", "printed"]
    first = runner.invoke(app, ["explain", str(ANIMALS), "b"])
    assert first.exit_code == 0, first.output
    forbid_solving(monkeypatch)
    after = runner.invoke(app, ["explain", str(ANIMALS), "be"])
    assert (after.exit_code, after.stdout) == (0, fresh.stdout)
    game = runner.invoke(app, ["play", str(ANIMALS), "--seed", "1"], input="b\ne\nq\n")
    assert game.exit_code == 0, game.output


def test_a_variant_s_explain_works_out_its_position_alone(
    folder: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35 item 8: a SuperGhost explain keeps its solved game once, as the stored game
    `play` reads, and no casual table's figures (a build keeps neither: issue 39 item 2); an
    explain after it reads the game back from the store and works out the figures of its
    position alone (the whole tables' walk took a second on TWL06), figure for figure as the
    whole tables give them."""
    config = DATA / "animals-superghost.yaml"
    fresh = {f: runner.invoke(app, ["explain", str(config), f, "--no-cache"]) for f in ("at", "")}
    assert all(r.exit_code == 0 for r in fresh.values())
    assert "After each play (then playing as the table does)" in fresh["at"].stdout
    built = runner.invoke(app, ["build", str(config), "-q", "-f", "json", "-o", str(tmp_path)])
    assert built.exit_code == 0, built.output
    assert sorted(path.name.split("-")[0] for path in folder.glob("*.entry")) == [
        "card", "deck", "printed"]
    first = runner.invoke(app, ["explain", str(config), "a"])
    assert first.exit_code == 0, first.output
    kinds = sorted(path.name.split("-")[0] for path in folder.glob("*.entry"))
    assert kinds == ["card", "deck", "play", "positions", "printed"]  # no game, no figures
    forbid_solving(monkeypatch)
    monkeypatch.setattr("cardgen.cards.superpocket.infix_play", forbid_solving)
    monkeypatch.setattr("cardgen.cards.superpocket.infix_plays", forbid_solving)
    for fragment in ("at", ""):
        after = runner.invoke(app, ["explain", str(config), fragment])
        assert (after.exit_code, after.stdout) == (0, fresh[fragment].stdout)


def a_mid_size_variant(tmp_path: Path, game: str) -> tuple[Path, int, list[str]]:
    """A SuperGhost (or SuperDuperGhost) config of 3,000 words made up over 16 letters, with
    made-up word frequencies: its path, its fragments and its words."""
    rng = random.Random(35)
    words = sorted({"".join(rng.choice("abcdefghijklmnop") for _ in range(rng.randint(4, 9)))
                    for _ in range(3000)})
    (tmp_path / "mid.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    zipfs = [0.0, 1.5, 2.2, 2.7, 3.1, 3.6, 4.2, 5.0]
    (tmp_path / "freq.tsv").write_text("".join(f"{w}\t{rng.choice(zipfs)}\n" for w in words),
                                       encoding="utf-8")
    config = tmp_path / f"mid-{game}.yaml"
    config.write_text(f"dictionary: mid.txt\nplayers: 2\nmin_length: 4\ngame: {game}\n"
                      "familiarity: freq.tsv\n", encoding="utf-8")
    infixes = {w[i:j] for w in words for i in range(len(w)) for j in range(i + 1, len(w) + 1)}
    return config, len(infixes) + 1, words


@pytest.mark.parametrize("game", ["superghost", "superduperghost"])
def test_a_variant_s_entries_take_a_few_bytes_a_fragment(
    folder: Path, runner: CliRunner, tmp_path: Path, game: str
) -> None:
    """Issue 35 item 8: what a variant's build, a game of `play` and an `explain` leave in the
    cache is its solved game once (the stored game: per fragment its key in 4 bytes, its loser
    set in 1, the decisions and each threshold in 2; per word its Zipf and its place by Zipf)
    and its openings' figures, not the game again with the figures of every table (TWL06
    SuperGhost: 294 MB, 277 bytes a fragment; 17 MB). The bound: 14 bytes a fragment, twice
    its words, 6 bytes a word and 300 KB (a card, its openings' figures, one position): 19.8 MB
    for TWL06."""
    config, fragments, playable = a_mid_size_variant(tmp_path, game)
    words, count = len("\n".join(playable)), len(playable)
    for command, typed in (["build", str(config), "-q", "-o", str(tmp_path)], ""), (
            ["play", str(config)], "quit\n"), (["explain", str(config), "op"], ""):
        result = runner.invoke(app, command, input=typed)
        assert result.exit_code == 0, result.output
    sizes = {path.name.split("-")[0]: 0 for path in folder.glob("*.entry")}
    for path in folder.glob("*.entry"):
        sizes[path.name.split("-")[0]] += path.stat().st_size
    assert sorted(sizes) == ["card", "deck", "play", "positions", "printed"], sizes
    (store,) = folder.glob("play-*.entry")
    body = store.read_bytes().split(b"\n", 3)[3]
    header = json.loads(body.partition(b"\n")[0])
    assert sum(header["levels"]) == fragments
    most = {"key": 4, "losers": 1, "cost": 2, "escape0": 2, "escape1": 2, "best": 2}
    width = {name: {"B": 1, "H": 2, "I": 4}[code] for name, code, count in header["planes"]
             if count == fragments}  # (the others: one value a word, or a Zipf)
    assert width.keys() == most.keys()  # no first word of each Zipf: found when asked
    assert all(width[name] <= most[name] for name in most), width
    assert sizes["play"] <= 14 * fragments + words + 6 * count + 10_000, sizes
    assert sum(sizes.values()) <= 14 * fragments + 2 * words + 6 * count + 300_000, sizes


def test_a_casual_build_solves_its_table_once(
    folder: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card and its figures read one casual table: a cold build solves it once (it
    solved it three times), and keeps no stored game (`play` does: issue 39 item 2)."""
    config = tmp_path / "casual.yaml"
    config.write_text((DATA / "animals.yaml").read_text().replace("animals.txt", str(
        DATA / "animals.txt")) + "opponent:\n  knows: 3\n")
    solve, calls = casual_module._solve, []

    def counted(*args: Any) -> Any:
        calls.append(args[1])
        return solve(*args)

    monkeypatch.setattr(casual_module, "_solve", counted)
    built = runner.invoke(app, ["build", str(config), "-q", "-o", str(tmp_path)])
    assert built.exit_code == 0, built.output
    assert calls == [3] and not list(folder.glob("play-*.entry"))


def test_a_variant_s_tables_are_worked_out_together_and_not_kept(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The variant's casual tables share one walk of the words (`infix_plays`), every table
    of a range in one call, and none is kept (five tables of TWL06 SuperGhost took 210 MB):
    a card is built from them once, and `explain` works out its own position's."""
    config = load_card_config(DATA / "animals-superghost.yaml")
    solution, traps = config_game(config, Lexicons(cache=True))
    assert isinstance(solution, InfixSolution) and traps is not None
    calls: list[tuple[float, ...]] = []
    together = superpocket.infix_plays

    def counted(solution: InfixSolution, zipf: Any, thetas: Any) -> tuple[InfixPlay, ...]:
        calls.append(tuple(thetas))
        return together(solution, zipf, thetas)

    monkeypatch.setattr(superpocket, "infix_plays", counted)
    wide = TableRange(2.0, 4.0)
    for _ in range(2):
        plays = config_figures(config, Lexicons(cache=True), solution, traps, wide)
    assert calls == [wide.tables] * 2 and not list(folder.glob("figures-*.entry"))
    for theta, play in zip(wide.tables, plays, strict=True):
        fresh = infix_play(solution, traps.zipf, theta)
        assert isinstance(play, InfixPlay) and play.solution is solution
        assert (play.knows, play.examples) == (fresh.knows, fresh.examples)
        for ours, theirs in zip(play.lose, fresh.lose, strict=True):
            assert all(np.asarray(a).tobytes() == np.asarray(b).tobytes()
                       for a, b in zip(ours, theirs, strict=True))


def test_the_figures_kept_are_the_tables_and_a_damaged_entry_is_computed_again(
    folder: Path,
) -> None:
    """Issue 27 item 4: the casual table's figures read back are those worked out, float for
    float; a damaged entry warns in one line and is worked out again."""
    config = load_card_config(ANIMALS)
    solution, traps = config_game(config, Lexicons(cache=True))
    assert isinstance(solution, Solution) and traps is not None
    fresh = casual_play(solution, traps.zipf, 2.5)
    one = TableRange(2.5, 2.5)
    (kept,) = config_figures(config, Lexicons(cache=True), solution, traps, one)
    (entry,) = folder.glob("figures-*.entry")
    entry.write_bytes(entry.read_bytes()[:-1])
    with pytest.warns(CardgenWarning) as caught:
        (again,) = config_figures(config, Lexicons(cache=True), solution, traps, one)
    assert [str(w.message) for w in caught] == [
        f"cache: {entry}: failed its checksum (cut short or changed); removed, computing it again"
    ]
    for read in (kept, again):
        assert isinstance(read, CasualPlay) and read.solution is solution
        assert (read.knows, read.examples) == (fresh.knows, fresh.examples) != (2.5, ())
        for name in ("share", "reach", "last"):
            assert all(np.array_equal(a, b) for a, b in
                       zip(getattr(read, name), getattr(fresh, name), strict=True))
        for ours, theirs in zip(read.lose, fresh.lose, strict=True):
            assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))
    (other,) = config_figures(config, Lexicons(cache=True), solution, traps,
                              TableRange(3.5, 3.5))
    assert other.knows == 3.5  # another table: an entry of its own
    assert len(list(folder.glob("figures-*.entry"))) == 2
    plays = config_figures(config, Lexicons(cache=True), solution, traps, TableRange(2.5, 4.0))
    assert [play.knows for play in plays] == [2.5, 3.0, 3.5, 4.0]  # a range: an entry a table
    assert len(list(folder.glob("figures-*.entry"))) == 4


def test_cache_command_shows_and_clears(folder: Path, runner: CliRunner, tmp_path: Path) -> None:
    built = runner.invoke(app, ["build", str(ANIMALS), "-q", "-f", "json", "-o", str(tmp_path)])
    assert built.exit_code == 0, built.output
    shown = runner.invoke(app, ["cache"])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    # The card and the card with what its deck prints chosen (the `pdf` keys' part), and
    # the plays it prints (for play); the solved game, its tables' figures and play's stored
    # game are kept by explain and play (issue 39 item 2).
    assert sorted(line[:47] for line in lines[:3]) == [  # issue 26 item 13: the game named
        "card      ghost, animals.txt, 2 players, min 3  0.0 MB  "[:47],
        "deck      ghost, animals.txt, 2 players, min 3  0.0 MB  "[:47],
        "printed   ghost, animals.txt, 2 players, min 3  0.0 MB  "[:47],
    ]
    assert lines[3].startswith("3 entries, 0.0 MB of 1,024.0 MB in ")
    assert lines[3].endswith(str(folder))
    cleared = runner.invoke(app, ["cache", "--clear"])
    assert (cleared.exit_code, cleared.stdout) == (0, f"removed 3 entries from {folder}\n")
    assert list(folder.iterdir()) == []


def test_cache_rows_name_the_game_and_count_one_entry(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    """Issue 26 item 13: a SuperGhost entry says so; '1 entry', not '1 entries'."""
    config = load_card_config(DATA / "animals-superghost.yaml")
    Store.default().game(config, lambda: config_game(config, Lexicons(), traps=False)[0],
                         traps=False)
    lines = runner.invoke(app, ["cache"]).stdout.splitlines()
    assert lines[0].startswith("solution  superghost, animals.txt, 2 players, min 3  0.0 MB  ")
    assert lines[1].startswith("1 entry, 0.0 MB of 1,024.0 MB in ")
    cleared = runner.invoke(app, ["cache", "--clear"])
    assert cleared.stdout == f"removed 1 entry from {folder}\n"


def test_no_cache_on_the_command_line(folder: Path, runner: CliRunner, tmp_path: Path) -> None:
    table = table_config(tmp_path)
    for command, path in (("build", ANIMALS), ("table", table)):
        result = runner.invoke(app, [command, str(path), "-q", "--no-cache", "-o", str(tmp_path)])
        assert result.exit_code == 0, result.output
    assert not folder.exists()


@pytest.mark.network
def test_a_table_read_back_reads_no_word_list(
    folder: Path, runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_config(tmp_path)
    first = runner.invoke(app, ["table", str(table), "-q", "-o", str(tmp_path / "cold")])
    assert first.exit_code == 0, first.output
    assert len(list(folder.glob("rows-*.entry"))) == 4  # two lists x two minimum lengths

    def load_wordlist(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a list was read")

    monkeypatch.setattr("cardgen.words.builder.load_wordlist", load_wordlist)
    again = runner.invoke(app, ["table", str(table), "-q", "-o", str(tmp_path / "warm")])
    assert again.exit_code == 0, again.output
    for fmt in ("md", "csv", "json"):
        cold = (tmp_path / "cold" / f"table.{fmt}").read_bytes()
        assert (tmp_path / "warm" / f"table.{fmt}").read_bytes() == cold, fmt
    shown = runner.invoke(app, ["cache"]).stdout.splitlines()
    expected = "rows      ghost, animals.txt, 2, 3 players, min 3  0.0 MB  "
    assert any(line.startswith(expected) for line in shown)


def test_the_cache_can_be_turned_off(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", "off")
    result = runner.invoke(app, ["cache"])
    assert (result.exit_code, result.stdout) == (
        0,
        "the solution cache is off (CARDGEN_SOLUTION_CACHE=off)\n",
    )


def test_every_class_the_cache_keeps_names_its_field_types_at_run_time() -> None:
    """The codec reads a class by its type hints, resolved in its module (and its bases'):
    a name imported for the type checker only (`if TYPE_CHECKING:`) would make the class
    unreadable. Every class a card, a solved game, a table's rows or figures hold."""
    import typing

    from cardgen.cards.pocket import TableFigures
    from cardgen.cards.tables import TableGroup

    kinds: list[Any] = [Card, TableGroup, TableFigures]
    kinds += [cache._solution_class(name) for name in cache.SOLUTIONS]
    seen: set[Any] = set()
    while kinds:
        kind = kinds.pop()
        if kind in seen:
            continue
        seen.add(kind)
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            kinds += typing.get_type_hints(kind).values()  # NameError if one is missing
        kinds += typing.get_args(kind)
    assert {Card, Solution, InfixSolution, Thresholds, TableGroup, TableFigures} <= seen


def test_an_entry_is_one_file_with_its_key_in_plain_sight(folder: Path) -> None:
    config = load_card_config(ANIMALS)
    Store.default().game(config, lambda: config_game(config, Lexicons(), traps=False)[0],
                         traps=False)
    (entry,) = folder.iterdir()
    magic, checksum, key, index = entry.read_bytes().split(b"\n", 4)[:4]
    assert magic == b"cardgen-cache 1" and len(checksum) == 64
    assert json.loads(key) == json.loads(json.dumps(config_key(config, "solution")))
    layout = json.loads(index)["arrays"]
    assert all(place["offset"] % ALIGN == 0 for place in layout)
    assert {place["dtype"] for place in layout} <= {"<i8", "|b1", "<u2", "<i4"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(BadEntry, match="another config"):
            unpack(entry, config_key(dataclasses.replace(config, players=3), "solution"),
                   Solution)
    assert np.asarray(unpack(entry, config_key(config, "solution"), Solution).levels[0].start
                      ).tolist() == [0]


def test_what_the_cache_cannot_hold_is_computed_and_not_kept(folder: Path) -> None:
    """A config value the key cannot read, or a result the codec cannot store, costs the
    cache, never the run (the tests above fail on every shipped kind of either)."""
    config = load_card_config(ANIMALS)
    odd = dataclasses.replace(config, language=Path("/not/content"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        config_key(odd, "card")
    assert Store.default().card(odd, lambda: fresh_card(config)) == fresh_card(config)
    key = config_key(config, "card")
    assert Store.default().remember(lambda: key, dict, lambda: {"a": 1}) == {"a": 1}
    assert not folder.exists()


def test_compiled_templates_are_kept_beside_the_solution_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm run does not compile its template again: Jinja2 keeps it in `templates/`."""
    from cardgen import render

    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(tmp_path))
    render.environment.cache_clear()
    try:
        card = word_card("cat camel goat gerbil", 2)
        first = render_markdown(card)
        kept = sorted((tmp_path / "templates").glob("__jinja2_*.cache"))
        assert len(kept) == 1
        render.environment.cache_clear()  # a new run: the compiled template is read back
        assert render_markdown(card) == first
        assert sorted((tmp_path / "templates").glob("__jinja2_*.cache")) == kept
    finally:
        render.environment.cache_clear()
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", "off")
    assert render._compiled_templates() is None


def test_a_fifo_as_an_entry_is_a_miss_not_a_hang(folder: Path, tmp_path: Path) -> None:
    config = load_card_config(ANIMALS)
    entry = folder / entry_name(config_key(config, "card"))
    folder.mkdir(parents=True)
    os.mkfifo(entry)
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", "build", str(ANIMALS), "-f", "json", "--out",
         str(tmp_path / "out")], capture_output=True, text=True, timeout=60,
    )
    warning = printable(f"cache: {entry}: not a regular file; removed, computing it again")
    assert (run.returncode, run.stderr) == (0, f"cardgen: warning: {warning}\n")
    assert entry.is_file() and (tmp_path / "out" / "animals.json").is_file()


def test_cardgen_cache_lists_a_fifo_entry_without_opening_it(folder: Path) -> None:
    folder.mkdir(parents=True)
    name = f"card-{'0' * 40}.entry"  # only names the cache makes are its entries
    os.mkfifo(folder / name)
    run = subprocess.run([sys.executable, "-m", "cardgen", "cache"], capture_output=True,
                         text=True, timeout=30)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith(f"{name} (unreadable)  0.0 MB  ")


def cardgen_run(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """`cardgen ARGS` as a process (`env` added to the environment), stopped after a minute:
    a run that waits on a FIFO fails the test instead of hanging it."""
    return subprocess.run([sys.executable, "-m", "cardgen", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, env={**os.environ, **env})


def bad_entry(path: Path, why: str, done: str = "removed, computing it again") -> str:
    """The line a run prints for a bad cache file."""
    return f"cardgen: warning: {printable(f'cache: {path}: {why}; {done}')}\n"


def frequencies_config(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A card config with word frequencies of its own, and an environment whose word-list
    cache (where the frequencies' arrays go) is the test's, the solution cache off: every
    build reads the array."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "freq.tsv").write_text("cat\t4.78\ngoat\t4.1\nbeaver\t3.2\n", encoding="utf-8")
    config = tmp_path / "card.yaml"
    config.write_text("dictionary: animals.txt\nplayers: 2\nmin_length: 3\n"
                      "familiarity: freq.tsv\n", encoding="utf-8")
    return config, {"CARDGEN_CACHE": str(tmp_path / "cache"), "CARDGEN_SOLUTION_CACHE": "off"}


def test_a_fifo_as_the_frequencies_array_is_a_bad_entry_not_a_hang(tmp_path: Path) -> None:
    """Issue 35 item 4: `zipf/*.npy` is read as every cache file is (numpy.load waited on the
    FIFO for ever)."""
    config, env = frequencies_config(tmp_path)
    out = ["build", str(config), "-f", "json", "--out", str(tmp_path / "out")]
    assert cardgen_run(*out, "-q", **env).returncode == 0
    (array,) = (tmp_path / "cache" / "zipf").iterdir()
    good, card = array.read_bytes(), (tmp_path / "out" / "card.json").read_bytes()
    array.unlink()
    os.mkfifo(array)
    run = cardgen_run(*out, "-q", **env)
    assert (run.returncode, run.stderr) == (0, bad_entry(array, "not a regular file"))
    assert array.read_bytes() == good and (tmp_path / "out" / "card.json").read_bytes() == card


def test_a_fifo_as_a_compiled_template_is_a_bad_entry_not_a_hang(
    folder: Path, tmp_path: Path
) -> None:
    """Issue 35 item 4: Jinja2's bytecode cache reads through the one reader too."""
    out = ["build", str(ANIMALS), "-q", "-f", "md", "--out", str(tmp_path / "out")]
    assert cardgen_run(*out).returncode == 0
    (compiled,) = (folder / "templates").iterdir()
    good, card = compiled.read_bytes(), (tmp_path / "out" / "animals.md").read_bytes()
    compiled.unlink()
    os.mkfifo(compiled)
    run = cardgen_run(*out)
    assert (run.returncode, run.stderr) == (0, bad_entry(compiled, "not a regular file"))
    assert compiled.read_bytes() == good and (tmp_path / "out" / "animals.md").read_bytes() == card


def test_a_compiled_template_cut_short_is_compiled_again(folder: Path, tmp_path: Path) -> None:
    """A compiled template that Jinja2 cannot unpickle stopped the build with a traceback."""
    out = ["build", str(ANIMALS), "-q", "-f", "md", "--out", str(tmp_path / "out")]
    assert cardgen_run(*out).returncode == 0
    (compiled,) = (folder / "templates").iterdir()
    good = compiled.read_bytes()
    compiled.write_bytes(good[:30])  # inside the pickled checksum of the template's source
    run = cardgen_run(*out)
    why = "cannot be read (UnpicklingError: pickle data was truncated)"
    assert (run.returncode, run.stderr) == (0, bad_entry(compiled, why))
    assert compiled.read_bytes() == good


@pytest.mark.parametrize(
    ("command", "pattern", "stdin"),
    [(["explain", str(ANIMALS), "b"], "positions-*.entry", ""),
     (["play", str(ANIMALS), "--seed", "1"], "play-*.entry", "g\ne\nr\nb\n")],
    ids=["positions", "play"],
)
def test_a_fifo_as_an_index_or_a_stored_game_is_a_bad_entry_not_a_hang(
    folder: Path, command: list[str], pattern: str, stdin: str
) -> None:
    """Issue 35 item 4: explain's positions index and play's stored game, read with the
    standard library, go through the one reader as well."""
    first = cardgen_run(*command, stdin=stdin)
    assert first.returncode == 0, first.stderr
    (entry,) = folder.glob(pattern)
    good = entry.read_bytes()
    entry.unlink()
    os.mkfifo(entry)
    run = cardgen_run(*command, stdin=stdin)
    assert (run.returncode, run.stdout, run.stderr) == (
        0, first.stdout, bad_entry(entry, "not a regular file")
    )
    assert entry.read_bytes() == good


def test_a_folder_in_place_of_an_entry_is_left_and_said_so(folder: Path, tmp_path: Path) -> None:
    """Issue 35 item 5: the warning said "removed, computing it again", then "cannot write:
    it is a folder", and the folder stayed. A folder may hold anything: it is left in place,
    and the one line says so; what is computed is not kept. `--clear` leaves it too."""
    out = ["build", str(ANIMALS), "-f", "json", "--out", str(tmp_path / "out")]
    assert cardgen_run(*out, "-q").returncode == 0
    card = (tmp_path / "out" / "animals.json").read_bytes()
    (entry,) = folder.glob("deck-*.entry")
    entry.unlink()
    entry.mkdir()
    (entry / "notes.txt").write_text("mine")
    left = bad_entry(entry, "is a folder, not a file",
                     "left in place, computing it again without keeping it")
    for _ in range(2):
        run = cardgen_run(*out, "-q")
        assert (run.returncode, run.stderr) == (0, left)
        assert (tmp_path / "out" / "animals.json").read_bytes() == card
        assert (entry / "notes.txt").read_text() == "mine"
    cleared = cardgen_run("cache", "--clear")
    said = printable(f"cache: {entry}: is a folder, not a file; left in place")
    assert (cleared.returncode, cleared.stdout, cleared.stderr) == (
        0, f"removed 2 entries from {folder}\n", f"cardgen: warning: {said}\n"
    )
    assert [p.name for p in folder.glob("*.entry")] == [entry.name]


@pytest.mark.parametrize("where", ["file", "under a file", "device"])
@pytest.mark.parametrize("clear", [False, True], ids=["show", "clear"])
def test_cardgen_cache_says_a_folder_that_is_none(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch, where: str, clear: bool
) -> None:
    """Issue 35 item 6: with its folder a regular file, `cardgen cache` said "0 entries" (and
    `--clear` "removed 0 entries") as of an empty cache, where a build warns that nothing is
    kept. The folder that is none is named, and the file left as it was."""
    (tmp_path / "solutions").write_text("mine")
    root = {"file": tmp_path / "solutions", "under a file": tmp_path / "solutions" / "cache",
            "device": Path("/dev/null")}[where]
    monkeypatch.setenv("CARDGEN_SOLUTION_CACHE", str(root))
    result = runner.invoke(app, ["cache", *["--clear"] * clear])
    what = ("not a folder (a device, a FIFO or a socket)" if where == "device"
            else "a file, not a folder")
    blocking = root if where == "device" else tmp_path / "solutions"
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"cardgen: error: cache: {blocking}: it is {what}; "
        "set CARDGEN_SOLUTION_CACHE to a folder\n",
    )
    assert (tmp_path / "solutions").read_text() == "mine"


def test_a_fifo_as_kept_names_is_a_bad_entry(tmp_path: Path) -> None:
    """The words worked out of data (names, abbreviations) are read through the one reader:
    a FIFO is reported and removed, where it was passed over in silence."""
    from cardgen.words import names

    kept = tmp_path / "kept.names"
    os.mkfifo(kept)
    with pytest.warns(CardgenWarning) as caught:
        assert names.read_kept(kept, "cardgen-names 4") is None
    assert [str(w.message) for w in caught] == [
        f"cache: {kept}: not a regular file; removed, computing it again"
    ]
    assert not kept.exists()


def test_kept_names_that_fail_their_checksum_are_reported(tmp_path: Path) -> None:
    """Issue 35 item 7, for the words worked out of data: a file that fails its checksum is
    reported and removed; one an older rule wrote (another magic line) is a plain miss."""
    from cardgen.words import names

    kept = tmp_path / "kept.names"
    names.keep(kept, "cardgen-names 4", frozenset({"Björn", "Jim"}))
    assert names.read_kept(kept, "cardgen-names 4") == frozenset({"Björn", "Jim"})
    for spoiled in (kept.read_bytes().replace(b"Jim", b"Jon"), kept.read_bytes()[:-3]):
        kept.write_bytes(spoiled)
        with pytest.warns(CardgenWarning) as caught:
            assert names.read_kept(kept, "cardgen-names 4") is None
        assert [str(w.message) for w in caught] == [
            f"cache: {kept}: failed its checksum (cut short or changed); removed, "
            "computing it again"
        ]
        assert not kept.exists()
    kept.write_text("cardgen-names 3 0000\nHaus\n", encoding="utf-8")
    assert names.read_kept(kept, "cardgen-names 4") is None and kept.exists()


# --- the cache never writes over or removes an input, nor a file it did not make ----------


def test_an_input_where_an_entry_goes_is_refused(
    folder: Path, runner: CliRunner, tmp_path: Path
) -> None:
    """A font (no part of a solved game's key) named as the entry `explain` keeps would be
    read as a bad entry, removed and replaced (issue 26, item 2: the cache too)."""
    from cardgen.cards.config import load_card_config

    folder.mkdir()
    (folder / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    config = folder / "c.yaml"
    config.write_text("dictionary: ./animals.txt\nplayers: 2\nmin_length: 3\n"
                      "pdf: {font: ./font.ttf}\n")
    (folder / "font.ttf").write_bytes(b"a font")
    font = folder / entry_name(config_key(load_card_config(config), "game"))
    (folder / "font.ttf").rename(font)
    config.write_text(config.read_text().replace("./font.ttf", f"./{font.name}"))
    result = runner.invoke(app, ["explain", str(config), ""])
    message = printable(f"{config}: output {font} is the same file as the input {font}: "
                        "write to another folder (CARDGEN_SOLUTION_CACHE)")
    assert (result.exit_code, result.stdout, result.stderr) == (
        2, "", f"cardgen: error: {message}\n"
    )
    assert font.read_bytes() == b"a font"


def test_clearing_removes_only_the_cache_s_own_entries(
    folder: Path, runner: CliRunner
) -> None:
    """A cache folder shared with other files (`CARDGEN_SOLUTION_CACHE=.`): files named
    `*.entry` that the cache did not make are left alone."""
    folder.mkdir()
    (folder / "notes.entry").write_text("mine")
    (folder / f"card-{'0' * 39}.entry").write_text("mine too: one digit short")
    kept = folder / f"card-{'0' * 40}.entry"
    kept.write_text("a bad entry of the cache")
    cleared = runner.invoke(app, ["cache", "--clear"])
    assert (cleared.exit_code, cleared.stdout) == (0, f"removed 1 entry from {folder}\n")
    assert sorted(p.name for p in folder.iterdir()) == [f"card-{'0' * 39}.entry", "notes.entry"]
