"""The pocket cards' benchmark: what the casual-table model and the budget cost, and a seeded
simulation that checks the model's win rates (issue 25, docs/rules.md "What a card wins at a
casual table").

Run from the project root, after `python -m pip install -e .`:

    python bench/pocket.py

1. Stage times, best of `--runs` (default 3), in this process, for twl06-4p and polish-2p: the
   cold solve (`Lexicons.solution`, no solution cache), the model (`casual_play` and `odds`
   for every seat: what `with_odds` adds to a card) and the budget (`budget`, default pdf
   options: the entries each seat's card prints, laid out to fit). The model and the selection
   (`steps` and `pick` of every step, every seat: the most a selection does) are printed as
   shares of the cold solve; the issue's target is the selection's: at most 15% on twl06-4p.
2. A seeded simulation of `--games` games (default 100,000) for seat 4 of twl06-4p, with the
   budgeted card and with nothing printed, played straight from the rules by a plain
   implementation of its own (it reads only the playable words, their Zipf frequencies and the
   card's printed entries; not the solver's levels nor the model). Each simulated win rate is
   compared with the card's exact figure (`wins.card`, `wins.none`), in standard errors of the
   exact rate: within 3 is what the issue asks.

Word lists and frequencies must be cached or installed (a first build fetches them). Not a
test: the figures go in the notes, not into assertions.
"""

from __future__ import annotations

import argparse
import bisect
import dataclasses
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar, cast

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ("twl06-4p", "polish-2p")
SIMULATED = ("twl06-4p", 4)
"""The config and seat the simulation plays."""
TARGET = 0.15
"""The selection's share of a cold twl06-4p solve the issue allows."""

T = TypeVar("T")


def best_of(runs: int, work: Callable[[], T]) -> tuple[tuple[float, float], T]:
    """The best CPU time of this process and the best wall time of `runs` calls of `work`, in
    seconds, and the last call's result."""
    cpu, wall = math.inf, math.inf
    result = None
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        result = work()
        cpu, wall = min(cpu, time.process_time() - c), min(wall, time.perf_counter() - t)
    return (cpu, wall), cast(T, result)


@dataclass(frozen=True)
class Built:
    """One config's solved game, budgeted card and frequencies, with its stage times."""

    name: str
    players: int
    words: tuple[str, ...]
    zipf: Sequence[float] | None
    knows: float
    card: object
    """The budgeted card (default pdf options)."""
    whole: object
    """The whole deck (`pdf.cards: full`)."""
    times: dict[str, tuple[float, float]]
    """Each stage's best CPU and wall time, in seconds."""


def build(name: str, runs: int) -> Built:
    """Solve a shipped config and budget its card, timing the solve, the model and the budget
    (each the best of `runs`); the reading, playable words and frequencies are done first and
    not timed."""
    from cardgen.cards.config import config_spelling, load_card_config
    from cardgen.cards.make import Lexicons
    from cardgen.cards.paper import FULL
    from cardgen.cards.pocket import THETA, CasualPlay, casual_play, odds
    from cardgen.cards.selection import pick, steps
    from cardgen.games.solver import Solution
    from cardgen.render.pdf.pocket import budget

    config = load_card_config(ROOT / "configs" / f"{name}.yaml")
    lexicons = Lexicons()
    spelling = config_spelling(config)
    lexicons.lexicon(config.dictionary, config.min_length, spelling,
                     prefix_free=config.game.prefix_free)
    found = lexicons.word_zipf(config.dictionary, config.min_length, config.ranking, spelling)
    zipf = None if found is None else found.zipf
    knows = config.opponent.table_knows
    times: dict[str, tuple[float, float]] = {}

    def solve() -> Solution:
        solution = lexicons.solution(
            config.dictionary, config.players, config.min_length,
            spelling=spelling, options=config.ranking, game=config.game,
        )
        assert isinstance(solution, Solution)
        return solution

    times["solve"], solution = best_of(runs, solve)
    # The card as `cardgen build` makes it (figures included), then each stage again alone.
    card = lexicons.card(
        config.dictionary, config.players, config.min_length, config.title, spelling,
        config.ranking, config.opponent, config.game,
    )

    def every_odds(play: CasualPlay) -> None:
        for seat in card.seats:
            odds(play, seat.seat, seat.openings)

    times["casual_play"], play = best_of(runs, lambda: casual_play(solution, zipf, knows))
    times["odds"], _ = best_of(runs, lambda: every_odds(play))
    times["model"], _ = best_of(runs, lambda: every_odds(casual_play(solution, zipf, knows)))
    times["selection"], _ = best_of(runs, lambda: [
        pick(seat, steps(seat, strip=seat.seat == 2)) for seat in card.seats])
    times["budget"], budgeted = best_of(runs, lambda: budget(card, config.pdf))
    whole = budget(card, dataclasses.replace(config.pdf, cards=FULL))
    return Built(
        name, config.players, tuple(solution.words),
        None if zipf is None else [float(z) for z in zipf],
        THETA if knows is None else knows, budgeted, whole, times,
    )


# --- the simulation: the rules written straight down ---------------------------------------

Index = dict[str, tuple[str, list[float]]]
"""For each fragment where the table knows a word at least two letters longer: the letters it
may play there, and their cumulative weights (the sum of 10**Zipf of the known words through
each letter)."""


def table_index(words: Sequence[str], zipf: Sequence[float] | None, knows: float) -> Index:
    """Where a table that knows the words of Zipf >= `knows` plays, and how often: each known
    word adds its weight (10**Zipf; 1 for every word with `zipf` None) to the letter after each
    of its prefixes at least two letters shorter than it.

    >>> index = table_index(["cat", "cow", "deer"], [4.0, 2.0, 3.0], 3.0)
    >>> index[""], index["d"], sorted(index)
    (('cd', [10000.0, 11000.0]), ('e', [1000.0]), ['', 'c', 'd', 'de'])
    """
    weight: dict[str, dict[str, float]] = {}
    for k, word in enumerate(words):
        if zipf is not None and zipf[k] < knows:
            continue
        w = 1.0 if zipf is None else 10.0 ** zipf[k]
        for end in range(len(word) - 1):
            letters = weight.setdefault(word[:end], {})
            letters[word[end]] = letters.get(word[end], 0.0) + w
    index: Index = {}
    for fragment, letters in weight.items():
        order = sorted(letters)
        cumulative, total = [], 0.0
        for letter in order:
            total += letters[letter]
            cumulative.append(total)
        index[fragment] = ("".join(order), cumulative)
    return index


def card_moves(openings: dict[str, str], printed: Sequence[str]) -> dict[str, str]:
    """Where the holder plays from its card: at each opening the letter printed for it, deeper
    the next letter of the alphabetically first printed word that begins with the fragment and
    is longer than it.

    >>> card_moves({"c": "o"}, ["cow", "cat"])
    {'c': 'o', '': 'c', 'ca': 't', 'co': 'w'}
    """
    moves = dict(openings)
    for word in sorted(printed):
        for end in range(len(word)):
            moves.setdefault(word[:end], word[end])
    return moves


def simulate(
    words: Sequence[str],
    index: Index,
    players: int,
    seat: int,
    openings: dict[str, str],
    printed: Sequence[str],
    games: int,
    seed: int,
) -> int:
    """How many of `games` games `seat` does not lose, holding a card that prints `openings`
    (fragment: letter) and the words `printed`, at a table that plays as `index` says. The
    first seat moves first; a seat that completes a playable word, or knows no word to play
    (and must challenge), loses; at the empty fragment a table that knows no word plays any
    first letter of a playable word, each alike."""
    rng = random.Random(seed)
    playable = frozenset(words)
    first = "".join(sorted({word[0] for word in words}))
    held = card_moves(openings, printed)  # read only on the holder's turns
    holder = seat - 1
    wins = 0
    for _ in range(games):
        fragment = ""
        mover = 0
        while True:
            if mover == holder and fragment in held:
                letter = held[fragment]
            elif fragment in index:
                letters, cumulative = index[fragment]
                pick = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
                letter = letters[min(pick, len(letters) - 1)]
            elif fragment == "" and not index:
                letter = rng.choice(first)
            else:
                break  # knows no word to play: challenges, and loses
            fragment += letter
            if fragment in playable:
                break  # completed a word
            mover = (mover + 1) % players
        wins += mover != holder
    return wins


def compare(label: str, won: int, games: int, exact: float) -> str:
    """One line: the simulated rate beside the exact one, and their difference in standard
    errors of the exact rate."""
    rate = won / games
    error = math.sqrt(exact * (1 - exact) / games)
    z = (rate - exact) / error if error > 0 else (0.0 if rate == exact else math.inf)
    return (f"  {label:<16} simulated {rate:.4%}  exact {exact:.4%}  "
            f"difference {rate - exact:+.4%} = {z:+.2f} SE (SE {error:.4%})")


def entries(card: object, seat: int) -> tuple[dict[str, str], list[str], float]:
    """What a card prints for a seat: each opening's letter, the printed words, and the exact
    win rate it gives (`wins.card`)."""
    from cardgen.cards.strategy import Card

    assert isinstance(card, Card)
    strategy = card.seats[seat - 1]
    assert strategy.wins is not None
    openings = {o.fragment: o.printed_move for o in strategy.openings
                if o.printed_move is not None}
    printed = [word for o in strategy.openings if o.printed == "words" for word in o.words]
    return openings, printed, strategy.wins.card


def simulation(built: Built, seat: int, games: int, seed: int) -> None:
    """Simulate `games` games of `seat` with its budgeted card, with nothing printed and with
    the whole deck, and compare each with the card's exact figures."""
    from cardgen.cards.strategy import Card

    assert isinstance(built.card, Card)
    wins = built.card.seats[seat - 1].wins
    assert wins is not None
    t = time.perf_counter()
    index = table_index(built.words, built.zipf, built.knows)
    indexed = time.perf_counter() - t
    print(f"\nSimulation: {built.name} seat {seat}, {games:,} games each, seed {seed}, table "
          f"knows Zipf {built.knows:g}+ ({len(index):,} fragments indexed in {indexed:.2f} s)")
    openings, printed, card = entries(built.card, seat)
    all_openings, all_printed, whole = entries(built.whole, seat)
    assert whole == wins.full, (whole, wins.full)  # the budget's own figure of the whole deck
    for label, moves, words, exact in (
        ("budgeted card", openings, printed, card),
        ("nothing printed", {}, [], wins.none),
        ("whole deck", all_openings, all_printed, whole),
    ):
        t = time.perf_counter()
        won = simulate(built.words, index, built.players, seat, moves, words, games, seed)
        took = time.perf_counter() - t
        print(compare(label, won, games, exact)
              + f"  ({len(moves):,} letters, {len(words):,} words; {took:.1f} s)")


def share(built: Built, stage: str = "model") -> tuple[float, float]:
    """A stage's time as a share of the cold solve's: CPU, wall."""
    spent, solve = built.times[stage], built.times["solve"]
    return spent[0] / solve[0], spent[1] / solve[1]


def ms(seconds: float) -> str:
    """Milliseconds, with a decimal below 10."""
    return f"{seconds * 1000:.1f} ms" if seconds < 0.01 else f"{seconds * 1000:.0f} ms"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per stage (best of)")
    parser.add_argument("--games", type=int, default=100_000, help="simulated games per card")
    parser.add_argument("--seed", type=int, default=25, help="the simulation's seed")
    args = parser.parse_args(argv)
    print(f"cardgen pocket benchmark, Python {sys.version.split()[0]}, {sys.platform}, "
          f"best of {args.runs}: CPU time of this process (wall time in brackets)")
    stages = ("solve", "model", "casual_play", "odds", "selection", "budget")
    print("\n| config | solve | model | model / solve | casual_play | odds, every seat "
          "| selection | budget |")
    print("|---|---|---|---|---|---|---|---|")
    built = {}
    for name in CONFIGS:
        b = built[name] = build(name, args.runs)
        cells = [f"{ms(b.times[k][0])} ({ms(b.times[k][1])})" for k in stages]
        cells.insert(2, f"{share(b)[0]:.1%} ({share(b)[1]:.1%})")
        print(f"| {name} | " + " | ".join(cells) + " |")
    name, seat = SIMULATED
    cpu, wall = share(built[name], "selection")
    verdict = "within" if cpu <= TARGET else "over"
    print(f"\nThe selection (`steps` and `pick`, every seat) is {cpu:.1%} of a cold {name} "
          f"solve in CPU time ({wall:.1%} in wall time): {verdict} the target {TARGET:.0%}. "
          f"The model is {share(built[name])[0]:.1%}, the budget (the selection laid out to "
          f"fit) {share(built[name], 'budget')[0]:.0%}.")
    simulation(built[name], seat, args.games, args.seed)


if __name__ == "__main__":
    main()
