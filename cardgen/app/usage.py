"""Usage mistakes on the command line, said in cardgen's words: each names the option,
argument or command, what was given, and what is allowed (`--seat: expected a whole number,
got 'x'`), never the parser's own phrasing.

cardgen reads a command line before the parser does (`check`) and refuses what the parser
would refuse, in its own words (`UsageMistake`): an unknown option, a value missing or given
to a flag, an argument missing or one too many, an unknown command. The values are converted
by `whole_number` and `seconds`, which refuse theirs with `typer.BadParameter`. Only typer's
public API is used (`typer.core`'s command classes, `typer.BadParameter`): typer bundles click
as a private module, whose classes and messages may change in any release.
"""

from __future__ import annotations

import math
from typing import Any

import typer
import typer.core

from cardgen.errors import UsageMistake


class Command(typer.core.TyperCommand):
    """A command whose usage line names its arguments plainly (`CONFIG...`, not `{CONFIG...}`),
    whose line in `cardgen --help` is its whole first sentence (click cuts at 45
    characters), and whose command line cardgen checks before the parser reads it."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]

    def get_short_help_str(self, limit: int = 45) -> str:
        return str(super().get_short_help_str(limit=1000))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        check(self, ctx, args, group=False)
        rest: list[str] = super().parse_args(ctx, args)
        return rest


class Group(typer.core.TyperGroup):
    """A group of commands (`cardgen`, `cardgen wordlists`) whose options and command name
    cardgen checks before the parser reads them."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        check(self, ctx, args, group=True)
        rest: list[str] = super().parse_args(ctx, args)
        return rest

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and self.get_command(ctx, args[0]) is None:
            commands = ", ".join(self.list_commands(ctx))
            raise UsageMistake(
                f"{args[0]!r}: not a command of {ctx.command_path} (expected one of: {commands})",
                ctx)
        return super().resolve_command(ctx, args)


def check(command: Any, ctx: Any, args: list[str], *, group: bool) -> None:
    """Refuse, in cardgen's words, a command line `command` does not take: its options (a
    group's up to the command's name) and, for a command, its arguments. Nothing is checked
    where `--help` is asked for: help wins over a mistake elsewhere on the line."""
    if asks_for_help(args):
        return
    options = {name: param for param in command.params if isinstance(param, typer.core.TyperOption)
               for name in (*param.opts, *param.secondary_opts)}
    where = ctx.command_path
    given: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            given.extend(rest)
            break
        if not arg.startswith("-") or arg == "-":
            if group:
                return  # the command's name: what follows is the command's to check
            given.append(arg)
            continue
        if arg.startswith("--"):
            name, equals, value = arg.partition("=")
            _take(options.get(name), name, value if equals else None, rest, where, command)
            continue
        for k in range(1, len(arg)):  # `-q`, `-odir`, `-qf md`: short options run together
            name = "-" + arg[k]
            option = options.get(name)
            if _take(option, name, arg[k + 1:] or None, rest, where, command, short=True):
                break
    if not group:
        _arguments(command, ctx, given)


def _take(option: Any, name: str, value: str | None, rest: list[str], where: str, command: Any,
          *, short: bool = False) -> bool:
    """Check one option as given (`value`: what is attached to it); take its value from
    `rest` where it needs one. Whether it took the value attached (the rest of a short run)."""
    if option is None:
        if name == "--help":
            return False
        raise UsageMistake(f"{name}: unknown option of {where} ({_options(command)})")
    if option.is_flag or option.count:
        if value is not None and not short:
            raise UsageMistake(f"{name}: takes no value, got {value!r}")
        return False
    if value is None:
        if not rest:
            raise UsageMistake(f"{name}: expected {option.metavar or 'a value'} after it, got none")
        rest.pop(0)
    return True


def _arguments(command: Any, ctx: Any, given: list[str]) -> None:
    """Refuse an argument missing, or one more than the command takes."""
    arguments = [param for param in command.params
                 if isinstance(param, typer.core.TyperArgument)]
    left = len(given)
    for param in arguments:
        need = 1 if param.nargs == -1 else param.nargs
        if left < need and param.required:
            about = (param.help or "").rstrip(".")
            if about[1:2].islower():  # 'The letters', not 'YAML'
                about = about[:1].lower() + about[1:]
            missing = f"{ctx.command_path}: missing {_name(param)}"
            raise UsageMistake(missing + (f": {about}" if about else ""), ctx)
        left -= left if param.nargs == -1 else min(left, need)
    if left:
        wanted = " ".join(_name(param) for param in arguments)
        raise UsageMistake(
            f"{ctx.command_path}: unexpected argument {given[len(given) - left]!r} "
            f"({f'expected only {wanted}' if wanted else 'it takes none'})", ctx)


def _name(argument: Any) -> str:
    """An argument as the usage line names it: `CONFIG`, `FRAGMENT`."""
    return str(argument.metavar or argument.name.upper())


def whole_number(value: Any) -> int:
    """An option's whole number (`--seat`, `--seed`), refused in cardgen's words."""
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise typer.BadParameter(f"expected a whole number, got {value!r}") from None


def seconds(value: Any) -> float:
    """An option's time in seconds (`--max-seconds`): a finite number above 0."""
    try:
        found = float(str(value).strip())
    except ValueError:
        found = math.nan
    if not (math.isfinite(found) and found > 0):
        raise typer.BadParameter(f"expected a number of seconds above 0, got {value!r}")
    return found


def asks_for_help(args: list[str]) -> bool:
    """Whether `--help` is among the options (before a `--`): help then wins over a usage
    mistake elsewhere on the line, as in most tools."""
    options = args[: args.index("--")] if "--" in args else args
    return "--help" in options


def message(error: Any) -> str:
    """A usage mistake as cardgen says it (not yet made printable): cardgen's own
    (`UsageMistake`), a value refused (`typer.BadParameter`: the option and why), else the
    parser's message on one line."""
    if isinstance(error, UsageMistake):
        return str(error)
    if isinstance(error, typer.BadParameter) and error.param is not None:
        names = "/".join(error.param.opts) if error.param.opts else error.param.name
        return f"{names}: {error.message}"
    return " ".join(str(error.format_message()).split())


def _options(command: Any) -> str:
    """What a command's options are: 'expected one of: --out/-o, --format/-f, --help'."""
    names = [
        "/".join(param.opts) for param in getattr(command, "params", ())
        if isinstance(param, typer.core.TyperOption)
    ]
    names.append("--help")
    return f"expected one of: {', '.join(names)}"
