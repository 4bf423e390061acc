"""The cardgen benchmark: time of each stage and peak memory, per shipped config.

Run from the project root, after `python -m pip install -e .`:

    python bench/run.py

For each config it starts a fresh process that times the stages (read the word list, playable
words, its word frequencies (from the cache: a cold cache makes the first run slower), solve,
strategy card, render each format) and reports its peak memory; then it times the
whole `cardgen build` command as a process (best and median of several runs), the way a user
runs it. First comes SuperGhost: Norvig's notebook code (bench/norvig.py) answering only "is
there a winning first play" on twl06 4+, and the cold builds (`--no-cache`) of
configs/twl06-2p-superghost.yaml and twl06-2p-superduperghost.yaml, JSON alone and all three
formats, in rounds back to back (`--pairs`, PYTHONHASHSEED=0 for all: the method of issue 39),
with each build's ratio to Norvig's and its stages in CPU time (the casual model over the
range of tables one of them, and the same at one table beside it); then the variants' stages
and peak memory on twl06 and sowpods, 2 and 4 players (`--only superghost` or `--only ghost`
runs one part, `--only ratios` the rounds and the cold builds' stages alone). Word lists
must be cached or installed (a first build fetches them). Not a test: the figures go in
docs/speed.md and in the notes, not into assertions.
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
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

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

TARGETS = ("twl06-2p-superghost", "twl06-2p-superduperghost")
"""The variants' cold builds timed beside Norvig's code (issue 39): `dictionary: twl06,
players: 2, min_length: 4`, the game its own."""
PAIRS = 3
"""Rounds of Norvig's code and the cold builds, back to back (/work/shared/peers/README.md)."""


def cold_stages(config_path: Path, formats: tuple[str, ...]) -> dict[str, float]:
    """Each stage of a cold `cardgen build` of a config, in this process, in the order the
    build runs them (`cardgen.cards.make.config_card`, the deck's budget, each format);
    seconds. `casual model` is the casual tables' play of the game over the config's range of
    tables (`cardgen.cards.make.config_figures`) and the openings' figures from it
    (`cardgen.cards.figures.card_figures`); `casual model, 1 table` is the same at its middle
    table alone, for comparison (not part of the build). CPU seconds of this process: the
    machine is shared, and wall time counts the others' work too."""
    from dataclasses import replace

    started = time.process_time()
    import cardgen.cards.figures as figures_module
    from cardgen.app.runner import CARDS
    from cardgen.cards.config import load_card_config
    from cardgen.cards.make import LexiconRequest, Lexicons, config_figures
    from cardgen.games.opponent import TableRange
    from cardgen.render.pdf.budget import budget
    from cardgen.render.pdf.fonts import said_for

    times: dict[str, float] = {"imports": time.process_time() - started}
    config = load_card_config(config_path)
    lexicons = Lexicons(drawing="pdf" in formats)
    request = LexiconRequest.of(config)
    figures = figures_module.card_figures
    spent = [0.0]

    def timed_figures(*args: Any, **kwargs: Any) -> Any:  # Lexicons.card's second part
        t = time.process_time()
        found = figures(*args, **kwargs)
        spent[0] += time.process_time() - t
        return found

    def stage(name: str, work: Callable[[], Any]) -> Any:
        t = time.process_time()
        found = work()
        times[name] = times.get(name, 0.0) + time.process_time() - t
        return found

    def model(config: Any, key: str) -> Any:
        """The game's card from its solved game, the casual model timed apart."""
        plays = stage(key, lambda: config_figures(config, lexicons, solution, traps,
                                                  config.opponent.table_range, keep=False))
        spent[0] = 0.0
        figures_module.card_figures = timed_figures
        try:
            card = stage("strategy", lambda: lexicons.card(
                request, config.players, config.title, config.opponent,
                solved=(solution, traps), plays=plays))
        finally:
            figures_module.card_figures = figures
        times["strategy"] -= spent[0]
        times[key] += spent[0]
        return card

    stage("read", lambda: lexicons.wordlist(config.dictionary))
    stage("playable words", lambda: lexicons.playable(request))
    stage("frequencies", lambda: lexicons.word_zipf(request))
    solution = stage("solve", lambda: lexicons.solution(request, config.players, work="card"))
    traps = stage("traps", lambda: lexicons.traps(request, solution))
    card = model(config, "casual model")
    card = stage("deck budget", lambda: said_for(config.path, lambda: budget(card, config.pdf)))
    for name in formats:
        stage(f"render {name}", partial(CARDS.formats[name].render, card, config))
    middle = config.opponent.table_range.middle
    one = replace(config, opponent=replace(config.opponent, figures=TableRange(middle, middle)))
    strategy = times["strategy"]
    model(one, "casual model, 1 table")
    times["strategy"] = strategy
    return times


def wall_and_cpu(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """One run of a command as a process: wall seconds and its CPU seconds (user and
    system)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"failed: {' '.join(command)}")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def norvig_pairs(pairs: int) -> None:
    """Norvig's code and the variants' cold builds (JSON alone; md, JSON and PDF), timed back
    to back as processes, `pairs` rounds, PYTHONHASHSEED=0 for all (the method of
    /work/shared/peers/README.md); then the stages of each build."""
    env = {**user_env(), "PYTHONHASHSEED": "0"}
    norvig = [sys.executable, str(ROOT / "bench" / "norvig.py"), "twl06", "4"]
    with tempfile.TemporaryDirectory() as out:
        builds = {
            (config, what): [sys.executable, "-m", "cardgen", "build",
                             str(ROOT / "configs" / f"{config}.yaml"), "--no-cache", "--out",
                             out, "--quiet", *formats]
            for config in TARGETS
            for what, formats in (("json", ["--format", "json"]), ("all", []))
        }
        for command in (norvig, *builds.values()):  # bytecode written, lists read once
            subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
        load = os.getloadavg()[0]
        times: dict[Any, list[tuple[float, float]]] = {key: [] for key in ("norvig", *builds)}
        for _ in range(pairs):
            for key, command in (("norvig", norvig), *builds.items()):
                times[key].append(wall_and_cpu(command, env))
    base = times["norvig"]
    print(f"\nVariants' cold builds beside Norvig's code, {pairs} rounds back to back "
          f"(load average before: {load:.2f}, after: {os.getloadavg()[0]:.2f}); wall time, "
          "and the median ratio of wall and of CPU time to Norvig's in the same round:")
    print(f"  Norvig's code, twl06 4+, winning first play: best {min(base)[0]:.3f} s, "
          f"median {statistics.median(w for w, _ in base):.3f} s")
    for config, what in builds:
        found = times[config, what]
        walls = [t[0] / n[0] for t, n in zip(found, base, strict=True)]
        cpus = [t[1] / n[1] for t, n in zip(found, base, strict=True)]
        label = "JSON" if what == "json" else "md + JSON + PDF"
        print(f"  {config}, {label:<15} best {min(found)[0]:.3f} s, median "
              f"{statistics.median(w for w, _ in found):.3f} s, ratio "
              f"{statistics.median(walls):.2f}x ({min(walls):.2f}-{max(walls):.2f}), "
              f"CPU {statistics.median(cpus):.2f}x")
    print("\nStages of each cold build, CPU time (one process each; `imports`: cardgen's "
          "modules the build reads; the rest of a process is Python's start and writing):")
    for what, formats in (("JSON", ("json",)), ("md + JSON + PDF", ("md", "json", "pdf"))):
        header = None
        for config in TARGETS:
            out = subprocess.run(
                [sys.executable, __file__, "--cold-stages",
                 str(ROOT / "configs" / f"{config}.yaml"), "--formats", ",".join(formats)],
                check=True, capture_output=True, text=True, env=env,
            ).stdout
            figures = json.loads(out)
            if header is None:
                header = list(figures)
                print(f"\n{what}:\n\n| config | " + " | ".join(header) + " |")
                print("|---" * (len(header) + 1) + "|")
            print(f"| {config} | " + " | ".join(f"{v * 1000:.0f} ms" for v in figures.values())
                  + " |")


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
    parser.add_argument("--cold-stages", metavar="CONFIG", help=argparse.SUPPRESS)
    parser.add_argument("--only", choices=["ghost", "superghost", "ratios"],
                        help="run one part (ratios: the variants beside Norvig's code alone)")
    parser.add_argument("--pairs", type=int, default=PAIRS,
                        help=f"rounds of Norvig's code and the cold builds (default {PAIRS})")
    args = parser.parse_args()
    if args.stages:
        print(json.dumps(stages(Path(args.stages), tuple(args.formats.split(",")))))
        return
    if args.cold_stages:
        print(json.dumps(cold_stages(Path(args.cold_stages), tuple(args.formats.split(",")))))
        return
    if args.only != "ghost":
        norvig_pairs(args.pairs)
        if args.only == "ratios":
            return
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
