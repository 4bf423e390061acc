"""The cardgen benchmark: time of each stage and peak memory, per shipped config.

Run from the project root, after `python -m pip install -e .`:

    python bench/run.py

For each config it starts a fresh process that times the stages (read the word list, playable
words, its word frequencies (from the cache: a cold cache makes the first run slower), solve,
strategy card, render each format) and reports its peak memory; then it times the
whole `cardgen build` command as a process (best and median of several runs), the way a user
runs it. First comes SuperGhost: Norvig's notebook code (bench/norvig.py) answering only "is
there a winning first play" on twl06 4+, beside the whole SuperGhost card built as JSON, in
one run; then the variants' stages and peak memory on twl06 and sowpods, 2 and 4 players
(`--only superghost` or `--only ghost` runs one part). Word lists must be cached or installed
(a first build fetches them). Not a test: the figures go in docs/speed.md and in the notes, not
into assertions.
"""

from __future__ import annotations

import argparse
import json
import os
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


def stages(config_path: Path, formats: tuple[str, ...] = ("md", "json", "pdf")) -> dict[str, float]:
    """Time each stage of one build in this process; seconds, plus peak memory in MB."""
    from cardgen.app.runner import CARDS
    from cardgen.cards.config import load_card_config
    from cardgen.cards.make import LexiconRequest, Lexicons
    from cardgen.cards.strategy import build_card

    config = load_card_config(config_path)
    lexicons = Lexicons()
    times: dict[str, float] = {}
    t = time.perf_counter()
    lexicons.wordlist(config.dictionary)
    times["read"] = time.perf_counter() - t
    t = time.perf_counter()
    game, request = config.game, LexiconRequest.of(config)
    lexicon = lexicons.playable(request)
    times["playable words"] = time.perf_counter() - t
    t = time.perf_counter()
    if not game.decision_tables:  # traps, Ghost's only, read the frequencies
        lexicons.word_zipf(request)
    times["frequencies"] = time.perf_counter() - t
    t = time.perf_counter()
    solution = game.solve(lexicon, config.players)
    times["solve"] = time.perf_counter() - t
    t = time.perf_counter()
    info = lexicons.info(request)
    card = build_card(solution, info, game=game)
    times["strategy"] = time.perf_counter() - t
    for name, fmt in CARDS.formats.items():
        if name not in formats:
            continue
        t = time.perf_counter()
        fmt.render(card, config)
        times[f"render {name}"] = time.perf_counter() - t
    times["peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    times["words"] = len(lexicon.words)
    times["nodes"] = solution.nodes  # type: ignore[attr-defined]
    return times


def process_times(args: list[str]) -> list[float]:
    """Wall time of `cardgen ARGS...` as a whole process, RUNS times."""
    return process_times_of([sys.executable, "-m", "cardgen", *args])


def user_env() -> dict[str, str]:
    """The environment a command is timed in: this one, but writing bytecode as a user's Python
    does (some machines set PYTHONDONTWRITEBYTECODE, which recompiles every module each run),
    and with the solution cache off, so that every run computes (bench/cache.py times the
    cache)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "CARDGEN_SOLUTION_CACHE": "off"}


def process_times_of(command: list[str]) -> list[float]:
    """Wall time of a command as a whole process, RUNS times (after one run that writes the
    bytecode)."""
    times = []
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=user_env())
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=user_env())
        times.append(time.perf_counter() - t)
    return times


def build_args(config: str, formats: list[str], out: str) -> list[str]:
    """`build CONFIG --format ... --out OUT --quiet`."""
    args = ["build", str(ROOT / "configs" / f"{config}.yaml"), "--out", out, "--quiet"]
    for fmt in formats:
        args += ["--format", fmt]
    return args


def stage_table(paths: list[Path], formats: tuple[str, ...]) -> None:
    """One row of stage times and peak memory per config, each in a fresh process."""
    header = None
    for path in paths:
        out = subprocess.run(
            [sys.executable, __file__, "--stages", str(path), "--formats", ",".join(formats)],
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
        print(f"| {path.stem} | " + " | ".join(cells) + " |")


SUPER = (
    ("twl06", "superghost", 2, 4),
    ("twl06", "superduperghost", 2, 4),
    ("twl06", "superghost", 4, 4),
    ("sowpods", "superghost", 2, 4),
    ("sowpods", "superduperghost", 2, 4),
)
"""The SuperGhost figures: (list, game, players, min length)."""


def superghost() -> None:
    """SuperGhost beside Norvig's notebook code (bench/norvig.py), in one run."""
    print("\nSuperGhost, twl06 4+ letters, 2 players, as processes "
          f"({RUNS} runs each, best and median):")
    norvig = process_times_of([sys.executable, str(ROOT / "bench" / "norvig.py"), "twl06", "4"])
    print(f"  Norvig's code, winning first play only  best {min(norvig):.3f} s, "
          f"median {statistics.median(norvig):.3f} s")
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for name, game, players, min_length in SUPER:
            path = Path(folder) / f"{name}-{players}p-{game}.yaml"
            path.write_text(
                f"dictionary: {name}\ngame: {game}\nplayers: {players}\nmin_length: {min_length}\n"
            )
            paths.append(path)
        times = process_times_of([sys.executable, "-m", "cardgen", "build", str(paths[0]),
                                  "--format", "json", "--out", folder, "--quiet"])
        print(f"  cardgen build, whole card as JSON        best {min(times):.3f} s, "
              f"median {statistics.median(times):.3f} s "
              f"({min(times) / min(norvig):.0%} of Norvig's best)")
        stage_table(paths, ("json", "md"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", metavar="CONFIG", help=argparse.SUPPRESS)
    parser.add_argument("--formats", default="md,json,pdf", help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["ghost", "superghost"], help="run one part")
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stages(Path(args.stages), tuple(args.formats.split(",")))))
        return
    if args.only != "ghost":
        superghost()
    if args.only == "superghost":
        return
    print(f"cardgen benchmark, Python {sys.version.split()[0]}, {sys.platform}")
    stage_table([ROOT / "configs" / f"{config}.yaml" for config in CONFIGS], ("md", "json", "pdf"))
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
