"""Calibrate explain's estimate (`cardgen.games.workload.ExplainWork`): a cold `cardgen explain`
as a process, its CPU time, peak memory and bytes written, beside what was estimated.

Run from the project root, after `python -m pip install -e .`:

    python bench/explain.py                      # every case below
    python bench/explain.py --random 20000 50000  # random SuperDuperGhost lists only
    python bench/explain.py --stages             # and each stage's CPU seconds (cProfile)

A random list is N distinct words of 3 to 13 letters a-z drawn with a fixed seed (issue 35,
item 12: 300,000 of them, SuperDuperGhost, 6 players, words of 2+ letters). Each run has a
solution cache of its own, empty, so everything is computed and kept, as a first explain does;
its CPU time (user + system, which a busy machine stretches less than wall time) and peak
memory come from `os.wait4`, the bytes it wrote from /proc/self/io. Not a test: the figures go
in docs/speed.md.
"""

from __future__ import annotations

import argparse
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardgen.games.explainwork import ExplainWork

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("twl06-2p", "twl06-4p", "twl06-2p-superghost", "twl06-2p-superduperghost")
RANDOM = (  # (words, game, players)
    (20_000, "superduperghost", 6), (50_000, "superduperghost", 6),
    (100_000, "superduperghost", 6), (50_000, "superghost", 6), (50_000, "superduperghost", 2),
    (50_000, "ghost", 6),
)
STAGES = {  # stage: (module, function), CPU seconds of all its calls
    "graph": ("infix.py", "build_graph"), "losers": ("superghost.py", "_solve_losers"),
    "ghost solve": ("solver.py", "solve"), "traps": ("traps.py", "thresholds"),
    "offers": ("offers.py", "offered"), "tables": ("superpocket.py", "_table_plays"),
    "ghost tables": ("pocket.py", "casual_play"), "pack": ("codec.py", "pack"),
    "write": ("files.py", "write_all"), "lexicon": ("lexicons.py", "lexicon"),
    "position": ("position.py", "explain"), "explain": ("cli.py", "main"),
}
CHILD = """
import atexit, cProfile, sys, time
stats = sys.argv.pop(1)
profile = cProfile.Profile(time.process_time) if stats else None

def report():
    if profile is not None:
        profile.disable()
        profile.dump_stats(stats)
    with open("/proc/self/io") as io:
        written = dict(line.split(": ") for line in io.read().splitlines())["wchar"]
    print(written, file=sys.__stderr__)

atexit.register(report)
from cardgen.app.cli import main
sys.argv[0] = "cardgen"
if profile is not None:
    profile.enable()
main()
"""


def random_list(folder: Path, count: int, game: str, players: int) -> Path:
    """A config of `count` random words (the same words for the same count)."""
    rng = random.Random(35)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz")
                          for _ in range(rng.randint(3, 13))))
    listed = folder / f"random-{count}.txt"
    listed.write_text("\n".join(sorted(words)) + "\n", encoding="utf-8")
    config = folder / f"random-{count}-{game}-{players}.yaml"
    config.write_text(f"dictionary: {listed}\ngame: {game}\nplayers: {players}\n"
                      "min_length: 2\n", encoding="utf-8")
    return config


def estimate(config_path: Path) -> tuple[ExplainWork, float]:
    """The explain estimate of a config, as `cardgen explain` makes it, and the estimate of
    its solve alone (what explain was held to before issue 35, item 12)."""
    from cardgen.cards.config import load_card_config
    from cardgen.cards.make import LexiconRequest, Lexicons
    from cardgen.games.explainwork import explain_work
    from cardgen.games.workload import workload

    config = load_card_config(config_path)
    lexicon = Lexicons().playable(LexiconRequest.of(config))
    tables = len(set(config.opponent.table_range.tables))
    solve = workload(lexicon, config.game.name, config.players, enough=0).seconds("solve")
    return explain_work(lexicon, config.game.name, config.players, tables), solve


def measure(config: Path, stages: bool) -> tuple[float, float, int, int, dict[str, float]]:
    """CPU seconds, wall seconds, peak bytes, bytes written and (with `stages`) each stage's
    CPU seconds of a cold `cardgen explain CONFIG ab`."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "CARDGEN_SOLUTION_CACHE": cache}
        profile = str(Path(cache) / "profile") if stages else ""
        with open(Path(cache) / "stderr", "w+", encoding="utf-8") as err:
            start = time.perf_counter()
            process = subprocess.Popen(
                [sys.executable, "-c", CHILD, profile, "explain", str(config), "ab",
                 "--max-seconds", "100000"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err)
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.perf_counter() - start
            process.returncode = os.waitstatus_to_exitcode(status)
            err.seek(0)
            said = err.read()
        if process.returncode:
            raise SystemExit(f"cardgen explain {config} failed:\n{said}")
        found: dict[str, float] = {}
        if profile:
            table = pstats.Stats(profile).stats  # type: ignore[attr-defined]
            for stage, (module, name) in STAGES.items():
                found[stage] = sum(row[3] for (file, _, function), row in table.items()
                                   if function == name and file.endswith(module))
    return (usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024,
            int(said.split()[-1]), found)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, nargs="*", help="random SuperDuperGhost lists "
                        "of these sizes only (6 players, 2+ letters)")
    parser.add_argument("--stages", action="store_true", help="each stage's CPU seconds")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if options.random is not None:
            cases = [random_list(Path(folder), n, "superduperghost", 6) for n in options.random]
        else:
            cases = [ROOT / "configs" / f"{name}.yaml" for name in SHIPPED]
            cases += [random_list(Path(folder), *case) for case in RANDOM]
        print("| config | positions | kept | solve's estimate s | estimated s | CPU s | "
              "wall s | CPU / estimate | estimated MB kept | MB written | estimated peak MB "
              "| peak MB |")
        print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for config in cases:
            work, solve = estimate(config)
            seconds, wall, peak, written, stages = measure(config, options.stages)
            print(f"| {config.stem} | {work.positions:,} | {work.kept:,} | {solve:.1f} | "
                  f"{work.seconds():.1f} | {seconds:.1f} | {wall:.1f} | "
                  f"{seconds / work.seconds():.2f} | {work.stored() / 1e6:,.0f} | "
                  f"{written / 1e6:,.0f} | {work.bytes() / 1e6:,.0f} | {peak / 1e6:,.0f} |",
                  flush=True)
            if stages:
                print("    " + ", ".join(f"{k} {v:.2f}" for k, v in stages.items()),
                      flush=True)


if __name__ == "__main__":
    main()
