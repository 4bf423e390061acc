"""Usage mistakes on the command line, said in cardgen's words: each names the option,
argument or command, what was given, and what is allowed (`--seat: expected a whole number,
got 'x'`), never click's own phrasing."""

from __future__ import annotations

from typing import Any

import typer.core
from typer._click import exceptions, types


class Command(typer.core.TyperCommand):
    """A command whose usage line names its arguments plainly (`CONFIG...`, not `{CONFIG...}`),
    whose line in `cardgen --help` is its whole first sentence (click cuts at 45
    characters), and whose usage mistakes carry it (so the message can name it)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [piece.strip("{}") for piece in super().collect_usage_pieces(ctx)]

    def get_short_help_str(self, limit: int = 45) -> str:
        return str(super().get_short_help_str(limit=1000))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        allowed, ctx.allow_extra_args = ctx.allow_extra_args, True  # said below, our way
        try:
            rest: list[str] = super().parse_args(ctx, args)
        except exceptions.UsageError as error:
            error.ctx = error.ctx or ctx  # the parser's errors name no command
            raise
        finally:
            ctx.allow_extra_args = allowed
        if rest and not allowed:
            wanted = " ".join(
                str(param.human_readable_name) for param in self.params
                if isinstance(param, typer.core.TyperArgument)
            )
            raise exceptions.UsageError(
                f"{ctx.command_path}: unexpected argument {rest[0]!r} "
                f"({f'expected only {wanted}' if wanted else 'it takes none'})",
                ctx,
            )
        return rest


class WholeNumber(types.ParamType):
    """An option's whole number (`--seat`, `--seed`), refused in cardgen's words."""

    name = "integer"

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            self.fail(f"expected a whole number, got {value!r}", param, ctx)


class Seconds(types.ParamType):
    """An option's time in seconds (`--max-seconds`): a finite number above 0."""

    name = "seconds"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        import math

        try:
            seconds = float(str(value).strip())
        except ValueError:
            seconds = math.nan
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"expected a number of seconds above 0, got {value!r}", param, ctx)
        return seconds


def message(error: Any, args: list[str]) -> str:
    """A click usage error as cardgen says it (not yet made printable); `args` are the
    command line's arguments, where a value click does not keep is found."""
    ctx = error.ctx
    command = ctx.command if ctx is not None else None
    where = ctx.command_path if ctx is not None else "cardgen"
    if isinstance(error, exceptions.NoSuchOption):
        return f"{error.option_name}: unknown option of {where} ({_options(command)})"
    if isinstance(error, exceptions.MissingParameter) and error.param is not None:
        param = error.param
        about = getattr(param, "help", None) or ""
        if about[1:2].islower():  # 'The letters', not 'YAML'
            about = about[:1].lower() + about[1:]
        about = about.rstrip(".")
        return f"{where}: missing {param.human_readable_name}" + (f": {about}" if about else "")
    if isinstance(error, exceptions.BadParameter) and error.param is not None:
        names = "/".join(error.param.opts) if error.param.opts else error.param.name
        return f"{names}: {error.message}"
    if isinstance(error, exceptions.BadOptionUsage):
        option = _option(command, error.option_name)
        if "does not take a value" in error.message:
            spelled = error.option_name + "="
            given = [arg[len(spelled):] for arg in args if arg.startswith(spelled)]
            return f"{error.option_name}: takes no value, got {given[0] if given else ''!r}"
        if option is not None and "requires" in error.message:
            return f"{error.option_name}: expected {option.metavar or 'a value'} after it, got none"
    if isinstance(error, exceptions.UsageError) and error.message.startswith("No such command"):
        name = error.message.split("'", 1)[1].rsplit("'", 1)[0] if "'" in error.message else "?"
        commands = ", ".join(command.list_commands(ctx)) if command is not None else ""
        return f"{name!r}: not a command of {where} (expected one of: {commands})"
    return " ".join(str(error.format_message()).split())


def _option(command: Any, name: str) -> Any:
    """The option of `command` spelled `name`, or None."""
    for param in getattr(command, "params", ()):
        if isinstance(param, typer.core.TyperOption) and name in param.opts:
            return param
    return None


def _options(command: Any) -> str:
    """What a command's options are: 'expected one of: --out/-o, --format/-f, --help'."""
    names = [
        "/".join(param.opts) for param in getattr(command, "params", ())
        if isinstance(param, typer.core.TyperOption)
    ]
    names.append("--help")
    return f"expected one of: {', '.join(names)}"
