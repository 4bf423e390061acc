"""The cardgen benchmark: time of each stage and peak memory, per shipped config.

Run from the project root, after `python -m pip install -e .`:

    python bench/run.py

For each config it starts a fresh process that times the stages (read the word list, playable
words, its word frequencies (from the cache: a cold cache makes the first run slower), solve,
strategy card, render each format) and reports its peak memory; then it times the
whole `cardgen build` command as a process (best and median of several runs), the way a user
runs it. Word lists must be cached or installed (a first build fetches them). Not a test: the
figures go in the README and in the notes, not into assertions.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = ("twl06-2p", "twl06-4p", "sowpods-4p")
PROCESS_CONFIG = "twl06-2p"
RUNS = 7


def stages(config_path: Path) -> dict[str, float]:
    """Time each stage of one build in this process; seconds, plus peak memory in MB."""
    from cardgen.cards import Lexicons
    from cardgen.config import load_card_config
    from cardgen.runner import CARDS
    from cardgen.solver import solve
    from cardgen.strategy import build_card

    config = load_card_config(config_path)
    lexicons = Lexicons()
    times: dict[str, float] = {}
    t = time.perf_counter()
    lexicons.wordlist(config.dictionary)
    times["read"] = time.perf_counter() - t
    t = time.perf_counter()
    lexicon = lexicons.lexicon(config.dictionary, config.min_length)
    times["playable words"] = time.perf_counter() - t
    t = time.perf_counter()
    lexicons.word_zipf(config.dictionary, config.min_length, config.ranking)
    times["frequencies"] = time.perf_counter() - t
    t = time.perf_counter()
    solution = solve(lexicon, config.players)
    times["solve"] = time.perf_counter() - t
    t = time.perf_counter()
    card = build_card(solution, lexicons.info(config.dictionary, config.min_length))
    times["strategy"] = time.perf_counter() - t
    for name, fmt in CARDS.formats.items():
        t = time.perf_counter()
        fmt.render(card, config)
        times[f"render {name}"] = time.perf_counter() - t
    times["peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    times["words"] = len(lexicon.words)
    times["nodes"] = solution.nodes
    return times


def process_times(args: list[str]) -> list[float]:
    """Wall time of `cardgen ARGS...` as a whole process, RUNS times."""
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "cardgen", *args], check=True, cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - t)
    return times


def build_args(config: str, formats: list[str], out: str) -> list[str]:
    """`build CONFIG --format ... --out OUT --quiet`."""
    args = ["build", str(ROOT / "configs" / f"{config}.yaml"), "--out", out, "--quiet"]
    for fmt in formats:
        args += ["--format", fmt]
    return args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", metavar="CONFIG", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stages(Path(args.stages))))
        return
    print(f"cardgen benchmark, Python {sys.version.split()[0]}, {sys.platform}")
    header = None
    for config in CONFIGS:
        path = ROOT / "configs" / f"{config}.yaml"
        out = subprocess.run(
            [sys.executable, __file__, "--stages", str(path)],
            check=True, capture_output=True, text=True,
        ).stdout
        figures = json.loads(out)
        if header is None:
            header = list(figures)
            print("\n| config | " + " | ".join(header) + " |")
            print("|---" * (len(header) + 1) + "|")
        cells = [
            f"{int(v):,}" if k in ("words", "nodes") else
            f"{v:.0f}" if k == "peak MB" else f"{v * 1000:.0f} ms"
            for k, v in figures.items()
        ]
        print(f"| {config} | " + " | ".join(cells) + " |")
    print(f"\nWhole commands as processes ({RUNS} runs each):")
    config = str(ROOT / "configs" / f"{PROCESS_CONFIG}.yaml")
    with tempfile.TemporaryDirectory() as out:
        commands = [
            (f"build {PROCESS_CONFIG} json", build_args(PROCESS_CONFIG, ["json"], out)),
            (f"build {PROCESS_CONFIG} md+json", build_args(PROCESS_CONFIG, ["md", "json"], out)),
            (f"build {PROCESS_CONFIG} all", build_args(PROCESS_CONFIG, [], out)),
            ("build twl06-4p all", build_args("twl06-4p", [], out)),
            (f"explain {PROCESS_CONFIG} n", ["explain", config, "n"]),
            ("--help", ["--help"]),
        ]
        for name, command in commands:
            times = process_times(command)
            print(
                f"  {name:<22} best {min(times):.3f} s, median {statistics.median(times):.3f} s"
            )


if __name__ == "__main__":
    main()
