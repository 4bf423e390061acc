"""The solution cache's benchmark: whole commands as processes, cold and warm, side by side with
a reference program, and the largest inputs' time and peak memory.

Run from the project root, after `python -m pip install -e .`:

    python bench/cache.py [--reference ghostSolver.py] [--big] [--side-only] [--startup]
                          [--variants]

It times whole commands the way a user runs them, each RUNS times: cold (an empty solution
cache of the benchmark's own, so every run computes and keeps its result) and warm (the same
cache, filled). With `--reference PROGRAM` (a Python program that solves Ghost on a word list
given as its argument, such as the seed's pure-Python ghostSolver.py) it runs that program and
`cardgen build twl06-2p --format json` (and `explain`, `play`) in turns, RUNS pairs, on the
same TWL06 file, and prints the median of the pairs' ratios, of wall and of CPU time. `--big`
adds the Polish card (4.3 million entries) and the languages table, cold, with their peak
memory (as /usr/bin/time -v reports it: the largest resident set). `--startup` times only the
start: `import cardgen.app.cli` and `build twl06-2p --no-cache` (JSON; md, JSON and PDF), as
processes, and the JSON build cold and warm. `--variants` times only TWL06 SuperGhost and
SuperDuperGhost: the entries a build, a game and an explain leave, a cold build, a warm game
quit at once and warm explains. Word lists must be cached or installed (a first build fetches
them). Not a test: the figures go in docs/speed.md (and the README's short table), not into
assertions.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = "twl06-2p"
RUNS = 7


def run_process(
    args: list[str], env: dict[str, str], stdin: Path | None = None
) -> tuple[float, float, float]:
    """One run of ARGS as a process (reading STDIN if given): wall seconds, its peak memory
    in MB and its CPU seconds (user and system: less swayed than wall time by other work on
    the machine)."""
    with open(stdin or os.devnull, "rb") as source:
        started = time.perf_counter()
        child = subprocess.Popen(args, cwd=ROOT, env=env, stdin=source, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"failed: {' '.join(args)}")
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def cardgen(*args: str) -> list[str]:
    return [sys.executable, "-m", "cardgen", *args]


def build_args(config: str, formats: list[str], out: str) -> list[str]:
    """`build CONFIG --format ... --out OUT --quiet`."""
    args = ["build", str(ROOT / "configs" / f"{config}.yaml"), "--out", out, "--quiet"]
    for fmt in formats:
        args += ["--format", fmt]
    return args


def user_env() -> dict[str, str]:
    """This environment, but writing bytecode as a user's Python does (some machines set
    PYTHONDONTWRITEBYTECODE, which recompiles every module on every run)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cache_env(folder: Path) -> dict[str, str]:
    return {**user_env(), "CARDGEN_SOLUTION_CACHE": str(folder)}


def cold_and_warm(name: str, args: list[str], work: Path) -> None:
    """Best and median of RUNS cold runs (an empty cache each time), then RUNS warm ones."""
    cold = []
    for i in range(RUNS):
        folder = work / f"cold-{i}"
        cold.append(run_process(cardgen(*args), cache_env(folder))[0])
        shutil.rmtree(folder, ignore_errors=True)
    filled = cache_env(work / "warm")
    run_process(cardgen(*args), filled)
    warm = [run_process(cardgen(*args), filled)[0] for _ in range(RUNS)]
    print(
        f"| {name} | {min(cold):.3f} s | {statistics.median(cold):.3f} s "
        f"| {min(warm):.3f} s | {statistics.median(warm):.3f} s |"
    )


def startup(out: str) -> None:
    """Best and median of RUNS runs of the CLI's import and of builds that keep nothing."""
    print(f"\nStart-up and builds with --no-cache ({RUNS} runs each):\n")
    print("| command | best | median | CPU best | CPU median |")
    print("|---|--:|--:|--:|--:|")
    commands = [
        ("python -c 'import cardgen.app.cli'", [sys.executable, "-c", "import cardgen.app.cli"]),
        (f"build {CONFIG} --format json --no-cache",
         cardgen(*build_args(CONFIG, ["json"], out), "--no-cache")),
        (f"build {CONFIG} --no-cache (md, json, pdf)",
         cardgen(*build_args(CONFIG, ["md", "json", "pdf"], out), "--no-cache")),
    ]
    for name, args in commands:
        run_process(args, user_env())  # bytecode written before the runs
        runs = [run_process(args, user_env()) for _ in range(RUNS)]
        wall, cpu = [r[0] for r in runs], [r[2] for r in runs]
        print(f"| `{name}` | {min(wall):.3f} s | {statistics.median(wall):.3f} s "
              f"| {min(cpu):.3f} s | {statistics.median(cpu):.3f} s |", flush=True)


WAYS = ("peers", "bench", "peers-pyc")
"""How cardgen is run beside the reference. `peers` (/work/shared/peers/README.md): the
`cardgen` console script, the sorted list on the reference's standard input, this environment
as it is, and no bytecode of cardgen's to start from (with PYTHONDONTWRITEBYTECODE set, an
editable install then compiles cardgen's modules on every run). `bench`: `python -m cardgen`,
the list given to the reference as an argument, bytecode written. `peers-pyc`: as `peers`,
with bytecode written, as a user's Python does."""


def side_by_side(reference: Path, out: str, work: Path) -> None:
    """The reference and cardgen in turns on the same list, RUNS pairs each, each of `WAYS`:
    the JSON card (cache warm and cold), `explain twl06-2p n` (warm; and right after a build,
    the position never explained: the solved game and its figures read back, the position
    worked out), and `play twl06-2p` started and quit at once (warm). The figure is the median
    over the pairs of cardgen's time divided by the reference's; beside it the same of their
    CPU times (user and system), which other work on a shared machine sways less."""
    from cardgen.words.wordlists import fetch

    path = fetch("twl06")  # the catalog's file, checked by sha256
    ordered = work / "twl06.sorted"
    ordered.write_text("".join(sorted(path.read_text().splitlines(keepends=True))))
    script = str(Path(sys.executable).parent / "cardgen")
    config = str(ROOT / "configs" / f"{CONFIG}.yaml")
    print(f"\nSide by side with {reference.name} on {path.name} ({RUNS} pairs):\n")
    print("| command | way | cache | reference median | cardgen median | ratio | CPU ratio |")
    print("|---|---|---|--:|--:|--:|--:|")
    commands = [
        ("build twl06-2p --format json", build_args(CONFIG, ["json"], out), ("warm", "cold")),
        (f"explain {CONFIG} n", ["explain", config, "n"], ("warm", "after build")),
        (f"play {CONFIG} (quit at once)", ["play", config], ("warm",)),
    ]
    quit_now = work / "quit.txt"
    quit_now.write_text("quit\n")
    for name, command, labels in commands:
        stdin = quit_now if command[0] == "play" else None
        for way in WAYS:
            if way == "peers":  # bytecode another way wrote would be read
                for compiled in (ROOT / "cardgen").rglob("__pycache__"):
                    shutil.rmtree(compiled, ignore_errors=True)
            args = cardgen(*command) if way == "bench" else [script, *command]
            env = dict(os.environ) if way == "peers" else user_env()
            theirs = [sys.executable, str(reference)] + ([str(path)] if way == "bench" else [])
            source = None if way == "bench" else ordered
            folders = {"warm": work / f"side-{way}", "after build": work / f"side-{way}-built"}
            run_process(args, {**env, "CARDGEN_SOLUTION_CACHE": str(folders["warm"])}, stdin)
            if "after build" in labels:
                run_process(cardgen(*build_args(CONFIG, ["json"], out)),
                            {**env, "CARDGEN_SOLUTION_CACHE": str(folders["after build"])})
            for label in labels:
                pairs = []
                for i in range(RUNS):
                    folder = folders.get(label, work / f"side-{way}-{i}")
                    if label == "after build":  # a position never explained
                        for index in folder.glob("positions-*.entry"):
                            index.unlink()
                    cache = {**env, "CARDGEN_SOLUTION_CACHE": str(folder)}
                    pairs.append((run_process(theirs, env, source),
                                  run_process(args, cache, stdin)))
                a, b = (statistics.median(t[0] for t in side) for side in zip(*pairs, strict=True))
                ratio = statistics.median(y[0] / x[0] for x, y in pairs)
                cpu = statistics.median(y[2] / x[2] for x, y in pairs)
                print(f"| {name} | {way} | {label} | {a:.3f} s | {b:.3f} s | {ratio:.2f} "
                      f"| {cpu:.2f} |", flush=True)


def big(out: str, work: Path) -> None:
    """The Polish card and the languages table, cold: wall time and peak memory."""
    print("\nLarge inputs, cold (one run each):\n")
    print("| command | time | peak MB |")
    print("|---|--:|--:|")
    languages = str(ROOT / "configs" / "tables" / "languages.yaml")
    commands = [
        ("build polish-2p (md, json, pdf)", build_args("polish-2p", ["md", "json", "pdf"], out)),
        ("table languages.yaml", ["table", languages, "-o", out, "-q"]),
    ]
    for i, (name, args) in enumerate(commands):
        elapsed, peak, _cpu = run_process(cardgen(*args), cache_env(work / f"big-{i}"))
        print(f"| {name} | {elapsed:.2f} s | {peak:,.0f} |")


VARIANTS = ("twl06-2p-superghost", "twl06-2p-superduperghost")


def variants(out: str, work: Path) -> None:
    """The variants' entries (issue 35 item 8): what a build, a game quit at once and an
    explain of `ab` leave in the cache, by kind; then, RUNS runs each, medians of wall and
    CPU: a cold build (an empty cache each time), a warm game quit at once, a warm explain of
    `ab` asked before and never asked (the positions index removed first), and of the empty
    fragment never asked (its figures kept by the build)."""
    quit_now = work / "quit.txt"
    quit_now.write_text("quit\n")
    print("\n| config | command | wall median | CPU median |")
    print("|---|---|--:|--:|")
    for config in VARIANTS:
        path = str(ROOT / "configs" / f"{config}.yaml")
        timed: dict[str, list[tuple[float, float, float]]] = {}
        for i in range(RUNS):
            folder = work / f"variants-cold-{config}-{i}"
            timed.setdefault("build (cold)", []).append(
                run_process(cardgen(*build_args(config, ["md", "json", "pdf"], out)),
                            cache_env(folder)))
            shutil.rmtree(folder, ignore_errors=True)
        env = cache_env(work / f"variants-{config}")
        run_process(cardgen(*build_args(config, ["md", "json", "pdf"], out)), env)
        run_process(cardgen("play", path), env, quit_now)
        run_process(cardgen("explain", path, "ab"), env)
        kinds: dict[str, int] = {}
        for entry in (work / f"variants-{config}").glob("*.entry"):
            kind = entry.name.split("-")[0]
            kinds[kind] = kinds.get(kind, 0) + entry.stat().st_size
        sizes = ", ".join(f"{kind} {size / 1e6:.2f}" for kind, size in sorted(kinds.items()))
        print(f"| {config} | entries (MB) | {sum(kinds.values()) / 1e6:.2f} | {sizes} |")
        commands = [("play, quit at once", ["play", path], quit_now, False),
                    ("explain ab, asked", ["explain", path, "ab"], None, False),
                    ("explain ab, new", ["explain", path, "ab"], None, True),
                    ("explain '', new", ["explain", path, ""], None, True)]
        for _ in range(RUNS):
            for name, args, stdin, new in commands:
                if new:
                    for index in (work / f"variants-{config}").glob("positions-*.entry"):
                        index.unlink()
                else:  # asked: the same question once before
                    run_process(cardgen(*args), env, stdin)
                timed.setdefault(name, []).append(run_process(cardgen(*args), env, stdin))
        for name, runs in timed.items():
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[2] for r in runs)
            print(f"| {config} | {name} | {wall:.3f} s | {cpu:.3f} s |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reference", type=Path, metavar="PROGRAM",
        help="a Python program solving Ghost on a list file, to run side by side",
    )
    parser.add_argument(
        "--big", action="store_true", help="also the Polish card and the languages table (slow)"
    )
    parser.add_argument(
        "--side-only", action="store_true",
        help="only the side-by-side table (with --reference), not the commands cold and warm",
    )
    parser.add_argument(
        "--startup", action="store_true",
        help="only the CLI's import and builds with --no-cache (JSON; all formats)",
    )
    parser.add_argument(
        "--variants", action="store_true",
        help="only TWL06 SuperGhost's and SuperDuperGhost's entries, play, explain and build",
    )
    args = parser.parse_args()
    print(f"cardgen cache benchmark, Python {sys.version.split()[0]}, {sys.platform}")
    if args.variants:
        with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as caches:
            variants(out, Path(caches))
        return
    if args.startup:
        with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as caches:
            startup(out)
            print("\n| command | cold best | cold median | warm best | warm median |")
            print("|---|--:|--:|--:|--:|")
            cold_and_warm(f"build {CONFIG} json", build_args(CONFIG, ["json"], out), Path(caches))
        return
    if not args.side_only:
        print(f"\nWhole commands ({RUNS} runs each; cold: an empty solution cache):\n")
        print("| command | cold best | cold median | warm best | warm median |")
        print("|---|--:|--:|--:|--:|")
    config = str(ROOT / "configs" / f"{CONFIG}.yaml")
    with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as caches:
        work = Path(caches)
        commands = [
            (f"build {CONFIG} json", build_args(CONFIG, ["json"], out)),
            (f"build {CONFIG} md+json", build_args(CONFIG, ["md", "json"], out)),
            (f"build {CONFIG} md+json+pdf", build_args(CONFIG, ["md", "json", "pdf"], out)),
            ("build twl06-4p md+json+pdf", build_args("twl06-4p", ["md", "json", "pdf"], out)),
            (f"explain {CONFIG} n", ["explain", config, "n"]),
            (f"play {CONFIG}, no move", ["play", config]),  # stdin is empty: the game ends
            ("table classic.yaml", ["table", str(ROOT / "configs/tables/classic.yaml"),
                                    "-o", out, "-q"]),
        ]
        for name, command in [] if args.side_only else commands:
            cold_and_warm(name, command, work)
        if args.reference:
            side_by_side(args.reference.resolve(), out, work)
        if args.big:
            big(out, work)


if __name__ == "__main__":
    main()
