"""The library API: `import cardgen` gives the whole pipeline in a few names, loaded lazily."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA
from typer.testing import CliRunner

import cardgen
from cardgen.app.cli import app
from cardgen.cards.config import load_card_config
from cardgen.cards.paper import FULL

PYTHON_PAGE = Path(__file__).parent.parent / "docs" / "python.md"


def test_every_public_name_resolves() -> None:
    for name in cardgen.__all__:
        assert getattr(cardgen, name) is not None
    with pytest.raises(AttributeError):
        cardgen.no_such_thing  # noqa: B018


def test_importing_cardgen_loads_nothing_heavy() -> None:
    code = "import sys, cardgen; print(sorted(m for m in ('numpy', 'yaml', 'jinja2', " \
           "'reportlab', 'typer') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout == "[]\n"


def test_render_json_equals_the_build_output(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 35, 2: the card `make_card` gives renders as the build writes it, the deck its
    default pdf keys choose (printed entries, wins) included, without a `budget` call."""
    card = cardgen.make_card(DATA / "animals.txt", players=2, min_length=3, title="Animal Ghost")
    result = runner.invoke(app, ["build", str(DATA / "animals.yaml"), "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    written = (tmp_path / "animals.json").read_text(encoding="utf-8")
    # The config names its list as written ("animals.txt"), the call by its path.
    assert cardgen.render_json(card).replace(str(DATA / "animals.txt"), "animals.txt") == written
    deck = cardgen.budget(card, cardgen.PdfOptions())
    assert cardgen.render_json(card) == cardgen.render_json(deck)
    markdown = cardgen.render_markdown(card).replace(f" ({DATA / 'animals.txt'})", "")
    assert markdown == (tmp_path / "animals.md").read_text(encoding="utf-8")
    assert cardgen.render_pdf(card).startswith(b"%PDF-")


def test_the_renderers_take_the_deck_s_pdf_keys() -> None:
    """Every renderer describes the deck the pdf keys choose, as `render_pdf` prints it: a
    card with no deck chosen yet is budgeted as `options` say (default: a config's without
    `pdf` keys); a card with its deck chosen renders as it is."""
    card = cardgen.make_card(DATA / "animals.txt", players=2, min_length=3)
    whole = cardgen.PdfOptions(cards=FULL)  # `pdf.cards: full`
    deck = cardgen.budget(card, whole)
    assert deck.deck == "full"
    assert cardgen.render_json(card, whole) == cardgen.render_json(deck)
    assert cardgen.render_markdown(card, whole) == cardgen.render_markdown(deck)
    assert cardgen.render_json(deck, cardgen.PdfOptions()) == cardgen.render_json(deck)


@pytest.mark.network
@pytest.mark.parametrize(("stem", "game"), [
    ("twl06-2p", "ghost"),
    pytest.param("twl06-2p-superghost", "superghost", marks=pytest.mark.slow),
])
def test_the_library_gives_the_build_s_deck(
    runner: CliRunner, tmp_path: Path, capfd: pytest.CaptureFixture[str], stem: str, game: str
) -> None:
    """Issue 35, 2: `render_json(make_card(...))` is the file `cardgen build` writes for the
    same settings, byte for byte (a Ghost deck and a variant's), and so are the other
    formats; the library prints nothing."""
    config = load_card_config(CONFIGS / f"{stem}.yaml")
    assert (config.dictionary, config.players, config.min_length, config.game.name,
            config.title, config.pdf) == (cardgen.CatalogList("twl06"), 2, 4, game, None,
                                          cardgen.PdfOptions())
    capfd.readouterr()
    card = cardgen.make_card("twl06", players=2, min_length=4, game=game)
    files = {"json": cardgen.render_json(card).encode(),
             "md": cardgen.render_markdown(card).encode(), "pdf": cardgen.render_pdf(card)}
    assert capfd.readouterr() == ("", "")
    assert card.deck is None  # the card as solved; each renderer describes its deck
    result = runner.invoke(app, ["build", str(CONFIGS / f"{stem}.yaml"), "-o", str(tmp_path),
                                 "-q", "--no-cache"])
    assert result.exit_code == 0, result.output
    for suffix, data in files.items():
        assert data == (tmp_path / f"{stem}.{suffix}").read_bytes(), suffix
    document = json.loads(files["json"])
    assert all(seat["wins"] is not None for seat in document["seats"])
    assert document["seats"][0]["openings"][0]["printed"] == "words"


@pytest.mark.network
def test_the_readme_example_runs() -> None:
    """The example of docs/python.md ("Use from Python"), run as written."""
    text = PYTHON_PAGE.read_text(encoding="utf-8")
    section = text.split("# Use from Python", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(code.group(1), namespace)  # noqa: S102 - the page's own example
    card = namespace["card"]
    assert isinstance(card, cardgen.Card)
    assert card.seats[0].openings[0].moves == ("m", "n")
    assert namespace["pdf"][:5] == b"%PDF-"  # type: ignore[index]
    solution = namespace["solution"]
    assert isinstance(solution, cardgen.Solution)
    assert solution.losers("") == frozenset({2})


@pytest.mark.parametrize(
    ("players", "min_length", "message"),
    [(2.0, 3, "players: expected an integer from 2 to 10, got 2.0"),
     (1, 3, "players: expected an integer from 2 to 10, got 1"),
     (11, 3, "players: expected an integer from 2 to 10, got 11"),
     (True, 3, "players: expected an integer from 2 to 10, got True"),
     (2, "3", "min_length: expected an integer from 2 to 15, got '3'"),
     (2, 16, "min_length: expected an integer from 2 to 15, got 16")],
)
def test_make_card_takes_what_a_config_takes(
    players: object, min_length: object, message: str
) -> None:
    with pytest.raises(cardgen.errors.InputError) as caught:
        cardgen.make_card(DATA / "animals.txt", players=players, min_length=min_length)  # type: ignore[arg-type]
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_a_lexicon_request_names_a_card_config_s_lexicon_once() -> None:
    """`LexiconRequest.of` a config holds its list, length, spelling, ranking and game; every
    `Lexicons` step takes it, and a card made from it is `make_card`'s."""
    from cardgen.cards.config import load_card_config

    config = load_card_config(DATA / "animals-superghost.yaml")
    request = cardgen.LexiconRequest.of(config)
    superghost = cardgen.find_game("superghost")
    assert request == cardgen.LexiconRequest(
        config.dictionary, 3, cardgen.Spelling("en", "a-z", "drop"), cardgen.RankingOptions(),
        superghost,
    )
    lexicons = cardgen.Lexicons()
    lexicon = lexicons.playable(request)
    assert lexicon is lexicons.lexicon(config.dictionary, 3, prefix_free=False)  # built once
    assert lexicon.words == ("ant", "anteater", "bear", "beaver", "bee", "camel", "cat",
                             "gannet", "gar", "gecko", "gerbil", "goat")  # not pruned
    assert lexicons.info(request).playable == 12
    card = lexicons.card(request, 2, "Animal SuperGhost")
    assert card == cardgen.make_card(config.dictionary, 2, 3, title="Animal SuperGhost",
                                     game="superghost")
