"""The README and docs/ hold to the code (issue 26, 17; issue 25, 5.8).

Every relative link and picture resolves, to a file and to a heading; the README stays a
newcomer's page that reaches every docs page; and every figure the pages quote that the code can
give cheaply is compared with it: the side counts with the decks (tests/test_pdf_print.py's
SIDES and FULL_SIDES, budgeted and whole, which it measures on every shipped deck, and decks
built here for the rest), the config
keys with config.py's, the commands and options with the CLI's, the shipped configs with
configs/, and the examples and terminal sessions run as written.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import typer.main
from conftest import CONFIGS
from test_pdf_print import FULL_SIDES, SIDES

from cardgen import __version__
from cardgen.app import runner
from cardgen.app.cli import app
from cardgen.app.runner import make_table
from cardgen.cards.config import (
    CARD_KEYS,
    PDF_KEYS,
    RANKING_KEYS,
    TABLE_KEYS,
    load_card_config,
    load_table_config,
)
from cardgen.cards.make import Lexicons, config_card
from cardgen.errors import FetchError
from cardgen.render.pdf import render_card
from cardgen.words.catalog import load_catalog
from cardgen.words.wordlists import check_available

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, ROOT / "CHANGELOG.md", *sorted(DOCS.glob("*.md")),
         ROOT / "wordlists" / "README.md"]
"""Every page a reader reaches from the README."""
README_MAX_LINES = 250


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def section(path: Path, heading: str) -> str:
    """The text under `heading` (a whole heading line, `## ...`), up to the next heading (a line
    starting with `#` inside a code block is no heading)."""
    lines = text(path).split("\n")
    start = lines.index(heading) + 1
    fence = False
    for end in range(start, len(lines)):
        fence ^= lines[end].startswith("```")
        if not fence and re.match(r"#{1,6} ", lines[end]):
            return "\n".join(lines[start:end])
    return "\n".join(lines[start:])


def fenced(page: str, language: str) -> list[str]:
    """The code blocks of one language, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", page, re.S | re.M)


def prose(page: str) -> str:
    """The page without its code blocks and inline code (links there are not links)."""
    page = re.sub(r"^```.*?^```$", "", page, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", page)


def table_rows(page: str, header: str) -> list[list[str]]:
    """The cells of the rows of the Markdown table whose header line starts with `header`."""
    lines = page.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


# --- links and pictures -------------------------------------------------------------------------


def anchors(page: str) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as
    hyphens, a repeated heading numbered -1, -2, ..."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", re.sub(r"^```.*?^```$", "", page,
                                                        flags=re.S | re.M), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        candidate, number = slug, 0
        while candidate in found:
            number += 1
            candidate = f"{slug}-{number}"
        found.add(candidate)
    return found


def links(path: Path) -> Iterator[tuple[str, Path, str]]:
    """(link as written, the file it names, its anchor or "") for each relative link."""
    for target in re.findall(r"\]\(([^)\s]+)\)", prose(text(path))):
        if re.match(r"[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        yield target, (path.parent / file).resolve() if file else path, anchor


def test_the_heading_anchors_are_githubs() -> None:
    page = "# Traps: win where the others know only common words\n## A (`x: y`)\n## A (`x: y`)\n"
    assert anchors(page) == {"traps-win-where-the-others-know-only-common-words",
                             "a-x-y", "a-x-y-1"}


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_picture_resolves(path: Path) -> None:
    broken = []
    for target, file, anchor in links(path):
        if not file.is_file():
            broken.append(f"{target}: no such file")
        elif anchor and anchor not in anchors(text(file)):
            broken.append(f"{target}: no heading #{anchor} in {file.name}")
    assert broken == []


def test_the_readme_is_a_newcomers_page_that_reaches_every_docs_page() -> None:
    assert len(text(README).splitlines()) <= README_MAX_LINES
    linked = {file for _, file, _ in links(README)}
    assert {path.resolve() for path in PAGES} - linked - {README.resolve()} == set()


# --- side counts --------------------------------------------------------------------------------


def test_the_cards_page_lists_every_shipped_decks_sides() -> None:
    listed, whole = {}, {}
    for sides, full, decks in table_rows(text(DOCS / "cards.md"), "| sides | with `pdf.cards"):
        for deck in re.findall(r"`([^`]+)`", decks):
            assert deck not in listed, deck
            listed[deck], whole[deck] = int(sides), int(full)
    assert (listed, whole) == (SIDES, FULL_SIDES)


def test_the_readme_side_counts_are_the_decks() -> None:
    rows = table_rows(section(README, "## Pocket cards"), "| deck | sides |")
    quoted = [(deck.strip("`"), int(sides), int(full)) for deck, sides, full in rows]
    assert quoted == [(deck, SIDES[deck], FULL_SIDES[deck]) for deck, _, _ in quoted]
    assert len(quoted) >= 5


def deck(config_text: str, tmp_path: Path, lexicons: Lexicons) -> tuple[int, list[int]]:
    """The sides of the deck of a config, and the rows of each seat's decision tables."""
    path = tmp_path / "deck.yaml"
    path.write_text(config_text, encoding="utf-8")
    config = load_card_config(path)
    try:
        check_available(config.dictionary)
    except FetchError as error:
        pytest.skip(str(error))
    card = config_card(config, lexicons)
    with pdfplumber.open(io.BytesIO(render_card(card, config.pdf))) as pdf:
        sides = len(pdf.pages)
    rows = [len({d.fragment for o in s.openings for d in o.decisions}) for s in card.seats]
    return sides, rows


def superghost_decks() -> list[list[str]]:
    return table_rows(text(DOCS / "superghost.md"), "| game | word list | players | min length")


@pytest.mark.network
@pytest.mark.slow
@pytest.mark.parametrize("row", superghost_decks(), ids=lambda r: "-".join(r[:3]))
def test_the_superghost_decks_are_the_decks(
    row: list[str], tmp_path: Path, lexicons: Lexicons
) -> None:
    game, dictionary, players, min_length, sides, *tables = row
    config = f"dictionary: {dictionary}\ngame: {game}\nplayers: {players}\n" \
             f"min_length: {min_length}\npdf: {{cards: full}}\n"  # the whole booklet
    rows = [int(t.removesuffix(" rows").replace(",", "")) if t not in ("", "–") else 0
            for t in tables[: int(players)]]
    assert deck(config, tmp_path, lexicons) == (int(sides), rows)


# --- tables -----------------------------------------------------------------------------------


@pytest.mark.network
def test_the_classic_rows_are_the_tables(tmp_path: Path) -> None:
    """docs/cli.md quotes rows of `cardgen table configs/tables/classic.yaml` as they are."""
    quoted = section(DOCS / "cli.md", "## Commands").split(
        "`cardgen table configs/tables/classic.yaml`", 1)[1]
    rows = [line for line in quoted.split("\n") if line.startswith("| ghost |")]
    subprocess.run([sys.executable, "-m", "cardgen", "table", "configs/tables/classic.yaml",
                    "-q", "-f", "md", "-o", str(tmp_path)], cwd=ROOT, check=True)
    table = text(tmp_path / "classic.md").split("\n")
    assert len(rows) == 6
    assert [row for row in rows if row not in table] == []


@pytest.mark.network
def test_the_readme_casual_table_is_the_tables(tmp_path: Path, lexicons: Lexicons) -> None:
    """The README's openings won · words per seat, against each table, from `make_table`."""
    quoted = table_rows(section(README, "## Traps: win where the others know only common words"),
                        "| game | opponent |")
    made = {}
    for opponent in ("perfect", "{knows: 2}", "{knows: 3}"):
        path = tmp_path / "casual.yaml"
        path.write_text("dictionaries: [twl06]\nmin_lengths: [3, 4]\nplayers: [2, 3]\n"
                        f"opponent: {opponent}\n", encoding="utf-8")
        for row in make_table(load_table_config(path), lexicons).rows:
            made[(row.min_length, row.players, opponent)] = [
                f"{s.won}/{s.openings} · {s.card_words}" for s in row.seats]
    game = ""
    for cells in quoted:
        game = cells[0] or game
        length, players = map(int, re.findall(r"\d+", game))
        zipf = re.search(r"Zipf (\d)", cells[1])
        opponent = f"{{knows: {zipf.group(1)}}}" if zipf else "perfect"
        assert [cell for cell in cells[2:] if cell] == made[(length, players, opponent)], cells
    assert len(quoted) == 9  # three games, each against three tables


def test_the_word_lists_page_lists_the_catalog() -> None:
    page = text(DOCS / "wordlists.md")
    english = {row[0].strip("`"): row[3] for row in table_rows(page, "| name | what it is |")}
    others = {row[0].strip("`"): row[4] for row in table_rows(page, "| name | from | language |")}
    assert (len(english), len(others)) == (6, 12)  # as the README says
    listed = {name: int(count.replace(",", "")) for name, count in (english | others).items()}
    catalog = load_catalog()
    assert listed == {name: entry.entries for name, entry in catalog.items()}
    facts = {row[0].strip("`"): (row[2], row[3])
             for row in table_rows(page, "| name | from | language |")}
    assert facts == {name: (catalog[name].language, catalog[name].encoding) for name in others}


# --- configs ------------------------------------------------------------------------------------

CONFIG_KEYS = {key for key in CARD_KEYS if key != "pdf"} | {f"pdf.{key}" for key in PDF_KEYS}


def test_the_readme_names_every_config_key_and_shows_a_shipped_config() -> None:
    configs = section(README, "## Configs")
    keys = configs.split("The keys:", 1)[1].split("What each", 1)[0]
    assert set(re.findall(r"`([\w.]+)`", keys)) == CONFIG_KEYS
    assert fenced(configs, "yaml") == [text(CONFIGS / "twl06-2p.yaml")]


def test_the_configs_page_explains_every_key() -> None:
    rows = table_rows(section(DOCS / "configs.md", "## Card configs"), "| key |")
    keys = [row[0].strip("`") for row in rows]
    assert sorted(keys) == sorted(CONFIG_KEYS)


def test_the_configs_page_names_every_table_key_and_shipped_config() -> None:
    tables = section(DOCS / "configs.md", "## Table configs")
    named = set(re.findall(r"`(\w+)`", tables.split("; one row per", 1)[0]))
    assert named | set(RANKING_KEYS) | {"game"} == set(TABLE_KEYS)
    shipped = set(re.findall(r"`([\w-]+\.yaml)`", tables))
    assert shipped == {path.name for path in (CONFIGS / "tables").glob("*.yaml")}
    cards = section(DOCS / "configs.md", "## Card configs").split("Shipped (", 1)[1]
    listed = re.findall(r"`([\w-]+)`", cards.split("\n\n", 1)[0])
    assert sorted(name for name in listed if not name.startswith("opponent")) == sorted(
        path.stem for path in CONFIGS.glob("*.yaml")
    )


# --- the command line ---------------------------------------------------------------------------


def options() -> dict[str, list[tuple[str, ...]]]:
    """Each command (`build`, `wordlists fetch`, "" for cardgen itself) and its options, each
    option as its names (`("-o", "--out")`)."""
    found: dict[str, list[tuple[str, ...]]] = {}

    def walk(command: Any, path: str) -> None:
        found[path] = [tuple(p.opts) for p in command.params
                       if p.param_type_name == "option" and p.opts != ["--help"]]
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(typer.main.get_command(app), "")
    return found


def commands() -> dict[str, set[str]]:
    """Each command and the long names of its options."""
    return {path: {n for names in opts for n in names if n.startswith("--")}
            for path, opts in options().items()}


def synopsis(block: str) -> dict[str, set[str]]:
    """The commands of a console block of `$ cardgen ...` lines, and the options each names."""
    known = commands()
    found: dict[str, set[str]] = {}
    for line in re.findall(r"^\$ cardgen(.*)$", block, re.M):
        line = line.split("#", 1)[0]
        path = ""
        for word in line.split():
            if f"{path} {word}".strip() not in known:
                break
            path = f"{path} {word}".strip()
        found.setdefault(path, set()).update(re.findall(r"(?<![\w-])--?[a-z][\w-]*", line))
    return found


def test_the_cli_page_names_every_command_and_option() -> None:
    commands_section = section(DOCS / "cli.md", "## Commands")
    block = fenced(commands_section, "console")[0]
    assert synopsis(block) == commands()
    for command, formats in (("build", runner.CARDS.formats), ("table", runner.TABLES.formats)):
        listed = re.search(rf"^\$ cardgen {command} .*--format ([\w|]+)", block, re.M)
        assert listed is not None and listed.group(1).split("|") == list(formats)
    shorts = dict(re.findall(r"`(-\w)` (?:is short )?for `(--[\w-]+)`", commands_section))
    assert shorts == {min(names, key=len): max(names, key=len)
                      for opts in options().values() for names in opts if len(names) == 2}


def test_the_readme_commands_are_the_clis() -> None:
    block = fenced(section(README, "## Command line"), "console")[0]
    known = commands()
    for path, options in synopsis(block).items():
        assert path in known and options <= known[path], path
    assert set(synopsis(block)) == set(known) - {"", "wordlists fetch"}


# --- examples and sessions, run as written ------------------------------------------------------

SESSION_PAGES = [README, *sorted(DOCS.glob("*.md"))]
NOT_RUN = {"cardgen cache": "dates and the home folder are the reader's own"}
INPUT = re.compile(r"(?:your letter|your play|name a word): (.*)$", re.M)


def sessions() -> Iterator[Any]:
    """Every console block that is a terminal session: `$ cardgen` lines, each followed by what
    it printed (what you typed is read back from the prompts)."""
    for page in SESSION_PAGES:
        for block in fenced(text(page), "console"):
            if re.search(r"^\$ cardgen .*(CONFIG|#)", block, re.M):
                continue  # a synopsis, not a session
            for run in re.split(r"^(?=\$ )", block, flags=re.M):
                command, _, output = run.partition("\n")
                if not command.startswith("$ cardgen "):
                    continue
                marks = [pytest.mark.network] if "bad.yaml" not in command else []
                if "superghost" in command and "--max-seconds" not in command:
                    marks.append(pytest.mark.slow)  # a variant's whole game, solved afresh
                reason = next((why for c, why in NOT_RUN.items() if command[2:].startswith(c)),
                              None)
                if reason:
                    marks.append(pytest.mark.skip(reason=reason))
                yield pytest.param(command[2:], output, marks=marks,
                                   id=f"{page.name}: {command[2:]}")


@pytest.mark.parametrize(("command", "output"), list(sessions()))
def test_every_terminal_session_is_what_cardgen_prints(
    command: str, output: str, tmp_path: Path
) -> None:
    folder = ROOT
    if "configs/bad.yaml" in command:  # the page's made-up config, written as it says
        folder = tmp_path
        (tmp_path / "configs").mkdir()
        (tmp_path / "configs" / "bad.yaml").write_text(
            "dictionary: twl06\nplayers: two\nmin_length: 4\n", encoding="utf-8")
    typed = "".join(f"{line}\n" for line in INPUT.findall(output))
    args = command.split()[1:]
    result = subprocess.run(
        [sys.executable, "-m", "cardgen", *args], cwd=folder, input=typed, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "CARDGEN_SOLUTION_CACHE": "off"},
    )
    assert result.stdout == output


def built_card(tmp_path: Path, fmt: str) -> str:
    subprocess.run([sys.executable, "-m", "cardgen", "build", "configs/twl06-2p.yaml", "-q",
                    "-o", str(tmp_path), "-f", fmt], cwd=ROOT, check=True)
    return text(tmp_path / f"twl06-2p.{fmt}")


@pytest.mark.network
def test_the_markdown_sample_is_the_card_abridged(tmp_path: Path) -> None:
    sample = fenced(section(DOCS / "cards.md", "## Markdown"), "markdown")[0].split("\n")
    card = iter(built_card(tmp_path, "md").split("\n"))
    for line in sample:
        if line != "...":
            assert line in card, line  # in order: `in` consumes the iterator up to the line


@pytest.mark.network
def test_the_json_sample_is_the_card_abridged(tmp_path: Path) -> None:
    sample = json.loads(fenced(section(DOCS / "cards.md", "## JSON"), "json")[0])
    card = json.loads(built_card(tmp_path, "json"))
    assert sample["cardgen"] == __version__
    assert abridges(sample, card)


def abridges(sample: object, real: object) -> bool:
    """Whether `sample` is `real` with keys left out, list items left out where the sample says
    "..." (the items it shows are the real ones, in order) and strings ending in "..." cut."""
    if isinstance(sample, dict) and isinstance(real, dict):
        return all(key in real and abridges(value, real[key]) for key, value in sample.items())
    if isinstance(sample, list) and isinstance(real, list):
        if "..." not in sample:
            return len(sample) == len(real) and all(map(abridges, sample, real))
        items = iter(real)
        return all(any(abridges(item, other) for other in items)
                   for item in sample if item != "...")
    if isinstance(sample, str) and sample.endswith("...") and isinstance(real, str):
        return real.startswith(sample[:-3])
    return sample == real


@pytest.mark.network
@pytest.mark.slow
def test_the_superghost_site_figures_are_what_publish_writes(tmp_path: Path) -> None:
    """Issue 35, 16: docs/cli.md's sizes of the SuperGhost site (the shared game data, each
    card's printed plays, all that publishing both shipped configs writes) are measured, not
    remembered: published here, each within the rounding the page uses."""
    site = tmp_path / "site"
    configs = [str(ROOT / "configs" / f"twl06-2p-{game}.yaml")
               for game in ("superghost", "superduperghost")]
    result = subprocess.run([sys.executable, "-m", "cardgen", "publish", *configs, "-q", "-o",
                             str(site)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    page = text(DOCS / "cli.md")
    data = re.search(r"player count: (\d+) KB for\s+twl06 at 4\+ letters, and (\d+)-(\d+) KB of "
                     r"printed plays per card", page)
    whole = re.search(r"Publishing both shipped configs writes ([\d.]+) MB", page)
    assert data is not None and whole is not None
    (game,) = site.glob("game-*.js")
    assert round(game.stat().st_size / 1000) == int(data.group(1))
    for card in site.glob("*.card.js"):
        assert int(data.group(2)) <= card.stat().st_size / 1000 <= int(data.group(3)) + 0.5
    written = sum(path.stat().st_size for path in site.rglob("*") if path.is_file())
    assert f"{written / 1_000_000:.2f}" == whole.group(1)
