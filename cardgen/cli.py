"""The `cardgen` command line: each command gathers its arguments and calls one function.

Library errors become one line on stderr, `cardgen: error: ...`, and an exit status: 2 for bad
input, 1 for anything else that failed (a fetch, an unwritable folder).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from cardgen import __version__
from cardgen.errors import CardgenError, InputError

app = typer.Typer(
    name="cardgen",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
wordlists_app = typer.Typer(
    help="List the catalog of word lists, or fetch lists ahead of time.\n\n"
    "Example: cardgen wordlists",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(wordlists_app, name="wordlists")


def _fail(error: CardgenError) -> typer.Exit:
    typer.echo(f"cardgen: error: {error}", err=True)
    return typer.Exit(error.exit_code)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cardgen {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
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


ConfigArg = Annotated[
    list[Path],
    typer.Argument(help="YAML config files.", show_default=False, metavar="CONFIG..."),
]
OutOption = Annotated[
    Path | None,
    typer.Option("--out", "-o", help="Output folder (default: the config's output_dir)."),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="Do not list the files written.")
]


FormatOption = Annotated[
    list[str] | None,
    typer.Option("--format", "-f", help="A format to write; repeat for several (default: all)."),
]


def _run(command: str, configs: list[Path], out: Path | None, formats: list[str] | None,
         quiet: bool) -> None:
    """Run `cardgen.runner.CARDS` or `TABLES`, drawing progress; list the files written."""
    from cardgen import runner
    from cardgen.terminal import Display

    display = Display()
    try:
        if command == "build":
            paths = runner.run(runner.CARDS, configs, out=out, formats=formats, progress=display)
        else:
            paths = runner.run(runner.TABLES, configs, out=out, formats=formats, progress=display)
    except CardgenError as error:
        display.close(failed=True)
        raise _fail(error) from None
    display.close()
    if not quiet:
        for path in paths:
            typer.echo(str(path))


def _run_command(name: str, summary: str, example: str) -> None:
    """Add `cardgen build` or `cardgen table`: the same arguments, one runner."""

    def command(
        configs: ConfigArg,
        out: OutOption = None,
        format: FormatOption = None,
        quiet: QuietOption = False,
    ) -> None:
        _run(name, configs, out, format, quiet)

    command.__doc__ = f"{summary}\n\nExample: {example}"
    app.command(name)(command)


_run_command(
    "build",
    "Build the strategy card of each config: OUT/<config stem>.md, .json and .pdf "
    "(formats md, json, pdf).",
    "cardgen build configs/twl06-2p.yaml --format pdf",
)
_run_command(
    "table",
    "Build a strategy table across word lists, player counts and minimum lengths "
    "(formats md, csv, json).",
    "cardgen table configs/tables/classic.yaml --format md",
)


@wordlists_app.callback()
def wordlists_list(ctx: typer.Context) -> None:
    """List the catalog: each list's source, entries, and whether it is ready offline.

    Example: cardgen wordlists
    """
    if ctx.invoked_subcommand is not None:
        return
    from cardgen.wordlists import cache_dir, catalog_rows

    rows = catalog_rows()
    width = max(len(row.name) for row in rows)
    typer.echo(f"{'name':<{width}}  {'entries':>9}  {'status':<13}  source")
    for row in rows:
        typer.echo(f"{row.name:<{width}}  {row.entries:>9,}  {row.status:<13}  {row.source}")
    typer.echo(f"\ncache: {cache_dir()} (set CARDGEN_CACHE to move it)")


@wordlists_app.command("fetch")
def wordlists_fetch(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Catalog names.", show_default=False),
    ] = None,
    all_: Annotated[bool, typer.Option("--all", help="Every list of the catalog.")] = False,
) -> None:
    """Fetch catalog word lists now (and verify them), so later builds work offline.

    Example: cardgen wordlists fetch twl06 sowpods
    """
    from cardgen.terminal import Display
    from cardgen.wordlists import fetch, load_catalog

    catalog = load_catalog()
    display = Display()
    try:
        if all_:
            chosen = list(catalog)
        elif names:
            chosen = list(dict.fromkeys(names))
        else:
            raise InputError("name the lists to fetch, or pass --all")
        for name in chosen:
            if name not in catalog:
                raise InputError(f"{name}: not in the catalog ({', '.join(catalog)})")
        for name in chosen:
            fetch(name, progress=display)  # a Debian list is checked, not fetched
    except CardgenError as error:
        display.close(failed=True)
        raise _fail(error) from None
    display.close()


OneConfigArg = Annotated[
    Path, typer.Argument(help="A card config (YAML).", show_default=False, metavar="CONFIG")
]


@app.command()
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
) -> None:
    """Explain one position: who is to move, who loses, and what each next letter does.

    Example: cardgen explain configs/twl06-2p.yaml ngu
    """
    from cardgen.explain import explain_config
    from cardgen.render.explain import describe, render_json
    from cardgen.terminal import Display

    display = Display()
    try:
        card_config, solution, position = explain_config(config, fragment, progress=display)
    except CardgenError as error:
        display.close(failed=True)
        raise _fail(error) from None
    display.close()
    text = render_json(position) if as_json else describe(position, card_config, solution)
    typer.echo(text, nl=False)


@app.command()
def play(
    config: OneConfigArg,
    seat: Annotated[
        int, typer.Option("--seat", help="Your seat: 1 moves first, 2 next, and so on.")
    ] = 1,
    hints: Annotated[
        bool, typer.Option("--hints", help="Show the card's advice at every turn.")
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed the computer's choices, so that a game replays."),
    ] = None,
) -> None:
    """Play Ghost in the terminal against perfect computer players.

    Type a letter at your turn; ? shows the card's advice, ! challenges the previous player,
    q quits. Plain lines from a pipe work too.

    Example: cardgen play configs/twl06-2p.yaml --seat 2 --seed 7
    """
    from cardgen.play import play_config
    from cardgen.terminal import Display

    display = Display()
    try:
        play_config(config, seat=seat, hints=hints, seed=seed, progress=display)
    except CardgenError as error:
        display.close(failed=True)
        raise _fail(error) from None
    display.close()


def main() -> None:
    """Run the command line."""
    # cardgen does no linear algebra: one BLAS thread spares every run numpy's thread start-up.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        app()
    except KeyboardInterrupt:
        sys.stderr.write("cardgen: interrupted\n")
        raise SystemExit(130) from None
