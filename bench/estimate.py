"""Calibrate `cardgen.games.workload`: how the seconds and memory of a build grow with its
positions.

Run from the project root, after `python -m pip install -e .`:

    python bench/estimate.py            # measure, fit, print the table and the constants
    python bench/estimate.py --quick    # fewer configs

Each config is built as its own process (`cardgen build --no-cache`, every default format),
and each table too; the process's CPU time (user + system: the wall time on an idle machine,
and unlike it not inflated by other work on a shared one) and its peak memory are read from
`os.wait4`. The counts come from `cardgen.games.workload.workload`, as a run computes them. For each
game a least-squares fit of seconds = a + b * positions + c * openings (and the same for
bytes) gives the constants of `cardgen.games.workload.RATES`; the table shows what the constants in
the code predict beside what was measured. Not a test: the figures go in docs/speed.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

CARDS = (
    ("twl06", "ghost", 2), ("twl06", "ghost", 4), ("twl06", "ghost", 6), ("twl06", "ghost", 8),
    ("twl06", "ghost", 10), ("sowpods", "ghost", 2), ("sowpods", "ghost", 6),
    ("american-english", "ghost", 2), ("american-english", "ghost", 8), ("web2", "ghost", 2),
    ("twl06", "superghost", 2), ("twl06", "superghost", 3), ("twl06", "superghost", 4),
    ("twl06", "superghost", 5), ("american-english", "superghost", 2),
    ("american-english", "superghost", 4), ("sowpods", "superghost", 2),
    ("twl06", "superduperghost", 2), ("twl06", "superduperghost", 3),
    ("twl06", "superduperghost", 4), ("american-english", "superduperghost", 4),
)
"""(list, game, players) of the cards measured, all with words of 4+ letters."""
QUICK = (CARDS[0], CARDS[2], CARDS[4], CARDS[10], CARDS[12], CARDS[17], CARDS[19])
TABLES = (("twl06", "ghost", (2, 4, 6, 8, 10)), ("twl06", "superghost", (2, 3, 4)))
"""(list, game, players) of the tables measured, words of 4+ letters."""


def measure(args: list[str]) -> tuple[float, int]:
    """CPU seconds and peak bytes of `cardgen ARGS...` as a process."""
    env = {**os.environ, "CARDGEN_SOLUTION_CACHE": "off"}
    process = subprocess.Popen([sys.executable, "-m", "cardgen", *args], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"cardgen {' '.join(args)} failed ({process.returncode})")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def counts(name: str, game: str, players: int) -> tuple[int, int]:
    """Positions and openings, as `cardgen.games.workload` counts them for a run."""
    from cardgen.cards.make import Lexicons
    from cardgen.games.variants import find_game
    from cardgen.games.workload import workload
    from cardgen.words.wordlists import CatalogList

    lexicon = Lexicons().lexicon(CatalogList(name), 4, prefix_free=find_game(game).prefix_free)
    found = workload(lexicon, game, players)
    return found.positions, found.openings


def main() -> None:
    """Measure, fit and print."""
    from cardgen.games.workload import RATES, Workload

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer configs")
    options = parser.parse_args()
    rows: list[tuple[str, str, int, int, int, float, int, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        for name, game, players in QUICK if options.quick else CARDS:
            config = Path(folder) / f"{name}-{game}-{players}.yaml"
            config.write_text(f"dictionary: {name}\ngame: {game}\nplayers: {players}\n"
                              "min_length: 4\n", encoding="utf-8")
            seconds, peak = measure(["build", str(config), "--out", folder, "--quiet",
                                     "--no-cache", "--max-seconds", "100000"])
            rows.append((name, game, players, *counts(name, game, players), seconds, peak,
                         "card"))
        for name, game, many in () if options.quick else TABLES:
            config = Path(folder) / f"table-{game}.yaml"
            listed = ", ".join(map(str, many))
            config.write_text(f"dictionaries: [{name}]\ngame: {game}\nplayers: [{listed}]\n"
                              "min_lengths: [4]\n", encoding="utf-8")
            seconds, peak = measure(["table", str(config), "--out", folder, "--quiet",
                                     "--no-cache", "--max-seconds", "100000"])
            found = [counts(name, game, n) for n in many]
            rows.append((name, game, len(many), sum(f[0] for f in found),
                         sum(f[1] for f in found), seconds, peak, "row"))
    print("| list | game | players | positions | openings | CPU s | estimated s | peak MB "
          "| estimated MB |")
    print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
    for name, game, players, positions, openings, seconds, peak, work in rows:
        estimate = Workload(game, players, positions, openings)
        print(f"| {name}{' table' if work == 'row' else ''} | {game} | {players} | "
              f"{positions:,} | {openings:,} | {seconds:.1f} | {estimate.seconds(work):.1f} | "
              f"{peak / 1e6:,.0f} | {estimate.bytes(work) / 1e6:,.0f} |")
    for game in RATES:
        mine = [r for r in rows if r[1] == game and r[7] == "card"]
        if len(mine) < 3:
            continue
        design = np.array([[1.0, r[3], r[4]] for r in mine])
        seconds = np.linalg.lstsq(design, np.array([r[5] for r in mine]), rcond=None)[0]
        peak = np.linalg.lstsq(design, np.array([float(r[6]) for r in mine]), rcond=None)[0]
        print(f"{game}: seconds = {seconds[0]:.2f} + {seconds[1]:.3g} * positions + "
              f"{seconds[2]:.3g} * openings; bytes = {peak[0] / 1e6:.0f} MB + "
              f"{peak[1]:.3g} * positions + {peak[2]:.3g} * openings")


if __name__ == "__main__":
    main()
