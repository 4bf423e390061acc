"""SuperGhost and SuperDuperGhost on the published site: the explorer's data is the game, and
their pages state their own rules and tables (the browser checks are in tests/test_browser.py)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import numpy as np
import pytest
from bruteforce_super import BruteSuperGhost
from conftest import DATA, costly
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from cardgen.app.cli import app
from cardgen.games.superghost import solve
from cardgen.render.explorer import render_infix_game
from cardgen.words.lexicon import playable_words

words_strategy = st.lists(st.text(alphabet="abcd", min_size=2, max_size=6), min_size=1, max_size=12)


def decode(script: str) -> dict[str, bool]:
    """The fragments of a variant's game script and whether each is a word, read as
    templates/site/explorer.js reads them (InfixGame): each fragment's children as bits over
    its suffix's children, level by level."""
    data = json.loads(script.removeprefix("window.cardgenGame = ").rstrip().rstrip(";"))
    children, words = (zlib.decompress(base64.b64decode(data[name]))
                       for name in ("children", "words"))
    bits = iter(children[k >> 3] >> (k & 7) & 1 for k in range(8 * len(children)))
    letters = data["letters"]
    fragments, suffix, kids = [""], [0], [range(0)]
    first = [(len(fragments) + i, x) for i, x in enumerate(letters) if next(bits)]
    kids[0] = range(1, 1 + len(first))
    fragments += [x for _, x in first]
    suffix += [0] * len(first)
    k = 1
    while k < len(fragments):
        start = len(fragments)
        for c in kids[suffix[k]]:
            if next(bits):
                fragments.append(fragments[k] + fragments[c][-1])
                suffix.append(c)
        kids.append(range(start, len(fragments)))
        k += 1
    assert len(fragments) == data["nodes"] and not any(bits)
    return {f: bool(words[k >> 3] >> (k & 7) & 1) for k, f in enumerate(fragments)}


@given(words=words_strategy, min_length=st.integers(2, 3), reverse=st.booleans())
def test_the_explorer_data_is_every_infix(words: list[str], min_length: int, reverse: bool) -> None:
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    brute = BruteSuperGhost(set(lexicon.words), 2, reverse=reverse)
    decoded = decode(render_infix_game(solve(lexicon, 2, reverse=reverse)))
    assert decoded == {f: f in brute.words for f in brute.infixes}
    assert list(decoded) == sorted(decoded, key=lambda f: (len(f), f))  # explain's order


@costly
@given(words=words_strategy, min_length=st.integers(2, 3), reverse=st.booleans())
def test_the_explorer_data_carries_each_words_zipf_in_its_order(
    words: list[str], min_length: int, reverse: bool
) -> None:
    """Issue 28, 3: the variants' traps need each word's Zipf (x 100, 2 bytes), in the order
    the words come among the fragments, as Ghost's game script carries them."""
    lexicon = playable_words(words, min_length, prefix_free=False)
    if not lexicon.words:
        return
    solution = solve(lexicon, 2, reverse=reverse)
    zipf = np.array([1.01 + 0.25 * i for i in range(len(solution.words))], dtype=np.float64)
    script = render_infix_game(solution, zipf)
    data = json.loads(script.removeprefix("window.cardgenGame = ").rstrip().rstrip(";"))
    centi = np.frombuffer(zlib.decompress(base64.b64decode(data["zipf"])), dtype="<u2")
    found = [w for w, word in decode(script).items() if word]
    assert dict(zip(found, centi.tolist(), strict=True)) == {
        w: round(z * 100) for w, z in zip(solution.words, zipf, strict=True)}
    assert "zipf" not in render_infix_game(solution)


@pytest.fixture
def variants(tmp_path: Path) -> tuple[Path, Path]:
    """The animals list as a SuperGhost and a SuperDuperGhost card config, in tmp_path."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    found = []
    for game in ("superghost", "superduperghost"):
        path = tmp_path / f"{game}.yaml"
        path.write_text(f"title: Animal {game}\ndictionary: ./animals.txt\ngame: {game}\n"
                        "players: 2\nmin_length: 3\n")
        found.append(path)
    return found[0], found[1]


def test_the_variants_publish_with_their_rules_and_one_game_script(
    variants: tuple[Path, Path], tmp_path: Path
) -> None:
    out = tmp_path / "site"
    result = CliRunner().invoke(app, ["publish", *map(str, variants), "--out", str(out)])
    assert (result.exit_code, result.stderr) == (0, "")
    names = sorted(p.name for p in out.iterdir())
    games = [name for name in names if name.startswith("game-")]
    assert len(games) == 1  # the two variants share their fragments
    for game in ("superghost", "superduperghost"):
        assert [name for name in names if name.startswith(game + ".")] == [
            f"{game}.card.js", f"{game}.html", f"{game}.json", f"{game}.pdf"]  # no map
    page = (out / "superduperghost.html").read_text(encoding="utf-8")
    rules = re.search(r'<p class="rules"><strong>Rules:</strong> (.*)</p>', page)
    assert rules is not None and rules.group(1) == (
        "SuperDuperGhost, 2 players. Each turn adds one letter at the front or the back of the "
        "fragment (given era: bera or erad). In SuperDuperGhost the fragment may be reversed "
        "first (nare, aren as well). The fragment must stay inside a playable word of animals.txt "
        "(a word of 3+ letters), not of a reversed one; whoever makes a playable word loses, "
        "even one inside a longer word.")
    assert "begin" not in rules.group(1)
    card = json.loads((out / "superghost.json").read_text(encoding="utf-8"))
    plays = json.loads((out / "superghost.card.js").read_text().removeprefix(
        "window.cardgenCard = ").rstrip().rstrip(";"))
    assert (plays["game"], plays["reverse"]) == ("superghost", False)
    page = (out / "superghost.html").read_text(encoding="utf-8")
    for seat in card["seats"]:
        for opening in seat["openings"]:
            for k, row in enumerate(opening["decisions"]):
                if not row["printed"]:  # the JSON has every row, the card.js what prints
                    continue
                assert plays["printed"][row["fragment"]] == row["play"]
                # A further seat's play at its opening is in its openings' table.
                kind = ' class="opening"' if k == 0 and seat["seat"] > 1 else ""
                assert (f'<tr{kind} data-fragment="{row["fragment"]}" '
                        f'data-play="{row["play"]}">') in page
