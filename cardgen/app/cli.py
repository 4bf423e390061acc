"""The `cardgen` command line: each command gathers its arguments and calls one function.

Every error is one line on stderr, `cardgen: error: ...`, with an exit status: 2 for bad input
(a config, an argument, a usage mistake), 1 for anything else that failed (a fetch, an
unwritable folder), 130 when interrupted. Warnings are one line each, `cardgen: warning: ...`.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from cardgen import __version__
from cardgen.app.terminal import INTERRUPTED, reporting
from cardgen.app.usage import Command as _Command
from cardgen.app.usage import Group, seconds, whole_number
from cardgen.errors import InputError, printable
from cardgen.games.workload import MAX_SECONDS

app = typer.Typer(
    name="cardgen",
    cls=Group,
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
wordlists_app = typer.Typer(
    cls=Group,
    help="List the catalog of word lists, or fetch lists ahead of time.\n\n"
    "Example: cardgen wordlists",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(wordlists_app, name="wordlists")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    version: Annotated[
        bool | None,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = None,
) -> None:
    """Solve the word game Ghost and print the answer as a pocket card.

    Example: cardgen build configs/twl06-2p.yaml
    """
    if ctx.invoked_subcommand is None:  # bare `cardgen`: the help, and no error
        typer.echo(ctx.get_help())
        raise typer.Exit()


ConfigArg = Annotated[
    list[Path],
    typer.Argument(help="YAML config files.", show_default=False, metavar="CONFIG..."),
]
OutOption = Annotated[
    str | None,
    typer.Option(
        "--out", "-o", metavar="DIR", help="Output folder (default: the config's output_dir)."
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Do not list the files written, nor show progress.")
]
MaxSecondsOption = Annotated[
    float,
    typer.Option(
        "--max-seconds", metavar="S", parser=seconds,
        help="Refuse, before solving, a game estimated to take longer than this (or more "
        "memory than is free); raise it to run a big one anyway.",
    ),
]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Compute afresh; keep nothing.")]


def _format_option(formats: str) -> Any:
    """The --format option of a command, its help saying which formats it writes unasked."""
    return Annotated[
        list[str] | None,
        typer.Option("--format", "-f", metavar="FORMAT",
                     help=f"A format to write; repeat for several. {formats}"),
    ]


def _out_folder(out: str | None) -> Path | None:
    """The --out folder (`~` expanded); an empty one is refused, as `output_dir: ""` is."""
    from cardgen.files import expand_user

    if out is None:
        return None
    if not out.strip():
        raise InputError("--out: expected a folder, got ''")
    return expand_user(out, lambda problem: InputError(f"--out: {problem}"))


def _run(command: str, configs: list[Path], out: str | None, formats: list[str] | None,
         quiet: bool, cache: bool, max_seconds: float) -> None:
    """Run `cardgen.app.runner.CARDS` or `TABLES`, drawing progress; list the files written."""
    from cardgen.app import runner

    gc.freeze()  # as `main` does: the modules a build or a table reads live as long as it
    # A table's run (and its pool's forked workers) keeps the collector at work.
    resting = _collector_resting() if command == "build" else contextlib.nullcontext()
    with resting, reporting(quiet=quiet) as display:
        folder = _out_folder(out)
        options: dict[str, Any] = {"out": folder, "formats": formats, "progress": display,
                                   "cache": cache, "max_seconds": max_seconds}
        if command == "build":
            paths = runner.run(runner.CARDS, configs, **options)
        else:
            paths = runner.run(runner.TABLES, configs, **options)
    if not quiet:
        for path in paths:
            typer.echo(printable(str(path)))  # one line each, whatever the names hold


@contextlib.contextmanager
def _collector_resting() -> Iterator[None]:
    """Python's cycle collector off, then back on (also on failure) with what is left frozen.

    A build's objects live until it ends (the solved game, the card, the modules it imports
    on the way): in a build of each shipped config, all formats, the collector found some 420
    objects of garbage (the classes and functions of modules' imports, no finalizer) and cost
    13-80 ms of CPU (SuperDuperGhost's JSON build 20 ms, twl06-4p's 80). What is left after it
    (the modules, the lists' caches) is frozen as `main` does: turned back on, the collector
    would walk it all once, 10 ms."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def _run_command(name: str, summary: str, example: str, formats: str) -> None:
    """Add `cardgen build` or `cardgen table`: the same arguments, one runner; `formats`
    says which formats there are and which it writes when none is named."""

    def command(
        configs: ConfigArg,
        out: OutOption = None,
        format: Any = None,
        quiet: QuietOption = False,
        no_cache: NoCacheOption = False,
        max_seconds: MaxSecondsOption = MAX_SECONDS,
    ) -> None:
        _run(name, configs, out, format, quiet, not no_cache, max_seconds)

    command.__doc__ = f"{summary}\n\nExample: {example}"
    command.__annotations__["format"] = _format_option(formats)
    app.command(name, cls=_Command)(command)


_run_command(
    "build",
    "Build the strategy card of each config: OUT/<config stem>.md, .json and .pdf "
    "(formats md, json, pdf; svg, the strategy map, only when asked for).",
    "cardgen build configs/twl06-2p.yaml --format pdf",
    "Formats: md, json, pdf, svg (default: md, json and pdf; svg only when named).",
)
_run_command(
    "table",
    "Build a strategy table across word lists, player counts and minimum lengths "
    "(formats md, csv, json).",
    "cardgen table configs/tables/classic.yaml --format md",
    "Formats: md, csv, json (default: all three).",
)


@app.command(cls=_Command)
def publish(
    configs: ConfigArg,
    out: Annotated[
        str | None,
        typer.Option("--out", "-o", metavar="DIR", help="Output folder (default: site)."),
    ] = None,
    quiet: QuietOption = False,
    max_seconds: MaxSecondsOption = MAX_SECONDS,
) -> None:
    """Publish cards and tables as one static site: index.html, a page per card and table,
    the PDFs, JSON, strategy maps and an explorer beside them.

    Example: cardgen publish configs/twl06-2p.yaml configs/tables/classic.yaml --out site
    """
    from cardgen.app.publish import publish as publish_site

    with reporting(quiet=quiet) as display:
        paths = publish_site(
            configs, out=_out_folder(out), progress=display, max_seconds=max_seconds
        )
    if not quiet:
        for path in paths:
            typer.echo(str(path))


@wordlists_app.callback()
def wordlists_list(ctx: typer.Context) -> None:
    """List the catalog: each list's source, entries, and whether it is ready offline.

    Example: cardgen wordlists
    """
    if ctx.invoked_subcommand is not None:
        return
    from cardgen.words.wordlists import cache_dir, catalog_rows

    with reporting():
        rows = catalog_rows()
        cache = cache_dir()
    width = max(len(row.name) for row in rows)
    typer.echo(f"{'name':<{width}}  {'entries':>9}  {'status':<13}  source")
    for row in rows:
        typer.echo(f"{row.name:<{width}}  {row.entries:>9,}  {row.status:<13}  {row.source}")
    typer.echo(f"\ncache: {cache} (set CARDGEN_CACHE to move it)")


@wordlists_app.command("fetch", cls=_Command)
def wordlists_fetch(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Catalog names.", show_default=False, metavar="NAME..."),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every list of the catalog.")] = False,
) -> None:
    """Fetch catalog word lists now (and verify them), so later builds work offline.

    Example: cardgen wordlists fetch twl06 sowpods
    """
    from cardgen.words.wordlists import fetch, is_cached, load_catalog

    catalog = load_catalog()
    with reporting() as display:
        if all_ and names:
            raise InputError("name the lists to fetch or pass --all, not both")
        if not all_ and not names:
            raise InputError("name the lists to fetch, or pass --all")
        chosen = list(catalog) if all_ else list(dict.fromkeys(names or ()))
        for name in chosen:
            if name not in catalog:
                raise InputError(f"{name}: not in the catalog ({', '.join(catalog)})")
        for name in chosen:
            ready = is_cached(name)
            path = fetch(name, progress=display)  # a Debian list is checked, not fetched
            if ready:  # nothing was fetched: say where the verified list is
                where = "installed" if catalog[name].source == "debian" else "already cached"
                typer.echo(f"{name}: {where} at {path} (sha256 checked)")


OneConfigArg = Annotated[
    Path, typer.Argument(help="A card config (YAML).", show_default=False, metavar="CONFIG")
]
KnowsOption = Annotated[
    str | None,
    typer.Option(
        "--knows",
        metavar="ZIPF",
        help="Against a casual table, whatever the config's `opponent`: the others know only "
        "the words of this Zipf frequency or more (0 to 10; 3 is a common word, 0 every word), "
        "and challenge when they know none.",
        show_default=False,
    ),
]
PerfectOption = Annotated[
    bool,
    typer.Option(
        "--perfect",
        help="Against perfect players, who know every word, whatever the config's `opponent`.",
    ),
]


def _solving(display: Any) -> Any:
    """Progress that draws the stages of solving one config's game as one bar, ended when
    the run's drawing is (`play` shows none: its game starts as soon as the solve ends)."""
    from cardgen.progress import Stages

    return Stages(display, "solving", ("read", "words", "solve"), 1)


@app.command(cls=_Command)
def explain(
    config: OneConfigArg,
    fragment: Annotated[
        str,
        typer.Argument(
            help="The letters played so far (a-z; capitals are read as small letters); "
            "'' for the start.",
            show_default=False,
            metavar="FRAGMENT",
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of text.")
    ] = False,
    knows: KnowsOption = None,
    perfect: PerfectOption = False,
    no_cache: NoCacheOption = False,
    max_seconds: MaxSecondsOption = MAX_SECONDS,
) -> None:
    """Explain one position: who is to move, who loses, what each next letter does, and what
    gets the others out of each trap.

    The winning letters and words are against the table the config's `opponent` names, as
    on its card (perfect players, or a casual table); --knows or --perfect assumes another.
    The second line of the output says which.

    Example: cardgen explain configs/twl06-2p-casual.yaml n --perfect
    """
    from cardgen.cards.querycache import PositionIndex, printed

    gc.freeze()  # as `main` does, for the modules an answer read back needs
    index = PositionIndex.for_config(config, enabled=not no_cache)
    question = (fragment, knows, perfect)
    with reporting():  # a bad index warns in one line
        answer = index.answer(question)  # a warm run reads the position, not the solved game
    if answer is None or not (as_json or "text" in answer):
        from cardgen.cards.explain import explain_config
        from cardgen.cards.make import Lexicons
        from cardgen.games.opponent import flag_opponent
        from cardgen.render.explain import describe, position_document

        with reporting() as display:
            opponent = flag_opponent(knows, perfect)
            lexicons = Lexicons(progress=_solving(display), cache=not no_cache)
            card_config, solution, position = explain_config(
                config, fragment, opponent=opponent, max_seconds=max_seconds, lexicons=lexicons
            )
            # The card's play where it prints one: a variant's tables, Ghost's openings; its
            # deck is built from the game just solved.
            if opponent is None and (card_config.game.decision_tables
                                     or len(position.fragment) < card_config.players):
                from cardgen.app import runner

                position = runner.with_printed(position,
                                               runner.deck_plays(card_config, lexicons))
        answer = {"position": position_document(position)}
        if not as_json:
            answer["text"] = describe(position, card_config, solution, fragment)
        index.keep(question, answer)
    typer.echo(printed(answer, as_json=as_json), nl=False)


@app.command(cls=_Command)
def play(
    config: OneConfigArg,
    seat: Annotated[
        int,
        typer.Option(
            "--seat", metavar="N", parser=whole_number,
            help="Your seat: 1 moves first, 2 next, and so on.",
        ),
    ] = 1,
    hints: Annotated[
        bool, typer.Option("--hints", help="Show the card's advice at every turn.")
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", metavar="S", parser=whole_number,
            help="Seed the computer's choices, so that a game replays.",
        ),
    ] = None,
    knows: KnowsOption = None,
    perfect: PerfectOption = False,
    no_cache: NoCacheOption = False,
    max_seconds: MaxSecondsOption = MAX_SECONDS,
) -> None:
    """Play Ghost in the terminal against perfect computer players, or a casual table.

    Type a letter at your turn; ? shows the card's advice, ! challenges the previous player,
    quit stops. The computers are the table the config's `opponent` names (--knows or
    --perfect for another; the second line says which). At a casual table they know only
    common words and challenge when they know none: then type a word that begins with the
    letters played. Plain lines from a pipe work too.

    Example: cardgen play configs/twl06-2p-casual.yaml --seat 2 --seed 7 --knows 4
    """
    from cardgen.app.play import play_config
    from cardgen.games.opponent import flag_opponent

    gc.freeze()  # as `main` does, for the modules a game needs
    with reporting() as display:
        result = play_config(
            config, seat=seat, hints=hints, seed=seed, progress=display,
            opponent=flag_opponent(knows, perfect), cache=not no_cache, max_seconds=max_seconds,
        )
    if result.interrupted:  # the game's summary is printed; the status says it was stopped
        raise typer.Exit(INTERRUPTED)


@app.command("cache", cls=_Command)
def cache_command(
    clear: Annotated[bool, typer.Option("--clear", help="Remove every cached solution.")] = False,
) -> None:
    """Show the cache of cards, table rows and solved games kept between runs, or clear it.

    Example: cardgen cache --clear
    """
    from cardgen.cards.cache import Store

    with reporting():
        lines = list(Store.default().report(clear=clear))
    for line in lines:
        typer.echo(line)


def main() -> None:
    """Run the command line (as the `cardgen` script and `python -m cardgen`)."""
    # What is imported by now (typer, click, this module) lives as long as the process: the
    # collector need not walk it again, neither at each collection nor at exit. A warm build
    # spends 10-15 ms less CPU (of 125-140 ms, medians of 40 runs under load); `build`,
    # `explain` and `play` freeze the modules they import too (5 ms more).
    gc.freeze()
    # cardgen does no linear algebra: one BLAS thread spares every run numpy's thread start-up.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from cardgen.app.terminal import fill_closed_streams, run_command

    fill_closed_streams()
    run_command(typer.main.get_command(app))
