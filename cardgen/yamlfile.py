"""Reading a YAML config safely: plain data only, every problem a one-line error.

Only YAML's plain data is built (a safe loader: no code is ever run). On top of that a config
file must be a regular file of at most `MAX_CONFIG_BYTES`; a key written twice, a key that is
a list or a mapping, or merge keys (`<<: *base`) that would expand past `MAX_MERGED_KEYS` are
refused; dates are kept as the text they are written as (`title: 2001-12-14`). Values quoted
in an error message are cut to a short `preview`, never printed whole.

Before anything is built, the file's event stream (libyaml's parser when PyYAML has it) is
read with a budget: a document of more than `MAX_VALUES` values or nested deeper than
`MAX_DEPTH` is refused at the value past the limit, so no config of the allowed size costs
more than a moment, and none can exhaust Python's recursion limit. An integer of more than
`MAX_DIGITS` digits is refused too (Python will not read one past 4,300 digits, and no key
takes one).
"""

from __future__ import annotations

import math
import reprlib
import unicodedata
from pathlib import Path
from typing import Any, TypeGuard

import yaml

from cardgen.errors import ConfigError
from cardgen.files import InputFileError, read_limited

MAX_CONFIG_BYTES = 1 << 20
"""A config is a few lines; anything over 1 MiB is not one."""
MAX_MERGED_KEYS = 10_000
"""Keys a mapping may gather through merge keys, nested ones included."""
MAX_VALUES = 10_000
"""Values (scalars, lists, mappings, aliases) a config may hold; the largest shipped has 30."""
MAX_DEPTH = 50
"""How deep lists and mappings may nest; a config nests three deep at most."""
MAX_DIGITS = 100
"""The longest integer a config may write."""

_MERGE_TAG = "tag:yaml.org,2002:merge"
_PREVIEW = reprlib.Repr()
_PREVIEW.maxlevel = 2
_PREVIEW.maxlist = _PREVIEW.maxtuple = _PREVIEW.maxdict = _PREVIEW.maxset = 4
_PREVIEW.maxstring = _PREVIEW.maxother = 40


def preview(value: object) -> str:
    """A short repr of a config value for an error message (aliases are never expanded).

    >>> preview("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> preview([[1, 2, 3, 4, 5]] * 9)
    '[[1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], ...]'
    """
    return _PREVIEW.repr(value)


class _Loader(yaml.SafeLoader):
    """A safe loader with the checks of this module."""


def _merged_size(node: yaml.Node, budget: int) -> int:
    """How many keys a mapping gathers, merges included, counted up to `budget` at most
    (each mapping or list visited counts as a key too, so that merges of merges of empty
    mappings are bounded as well)."""
    size = 0
    stack = [node]
    while stack and size <= budget:
        current = stack.pop()
        size += 1
        if isinstance(current, yaml.SequenceNode):  # `<<: [*a, *b]`
            stack.extend(current.value)
        elif isinstance(current, yaml.MappingNode):
            for key_node, value_node in current.value:
                if key_node.tag == _MERGE_TAG:
                    stack.append(value_node)
                else:
                    size += 1
    return size - 1


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[object] = set()
    for key_node, _ in node.value:
        if key_node.tag == _MERGE_TAG:
            continue
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError(
                None, None, "a key must be a name, not a list or a mapping", key_node.start_mark
            )
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {preview(key)} appears twice", key_node.start_mark
            )
        seen.add(key)
    if _merged_size(node, MAX_MERGED_KEYS) > MAX_MERGED_KEYS:
        raise yaml.constructor.ConstructorError(
            None, None, f"merge keys expand past {MAX_MERGED_KEYS:,} keys", node.start_mark
        )
    return loader.construct_mapping(node)


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    if len(str(node.value)) > MAX_DIGITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"an integer of more than {MAX_DIGITS} digits", node.start_mark
        )
    value: int = loader.construct_yaml_int(node)
    return value


def _construct_date_as_text(loader: _Loader, node: yaml.ScalarNode) -> str:
    return str(node.value)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_date_as_text)
_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_EventLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""The fastest parser at hand, for `_check_shape` (libyaml's, or PyYAML's own)."""


def _check_shape(text: str) -> str | None:
    """What is wrong with the size or depth of the document, with its line; None if nothing.

    Only events are read (nothing is built) and reading stops at the first value past a
    limit. A syntax error is left to the loader, which reports it in its own words.
    """
    values = depth = 0
    try:
        for event in yaml.parse(text, Loader=_EventLoader):
            if isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            values += 1
            line = event.start_mark.line + 1 if event.start_mark else 0
            if values > MAX_VALUES:
                return f"line {line}: more than {MAX_VALUES:,} values (a config is a few lines)"
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return f"line {line}: lists or mappings nested more than {MAX_DEPTH} deep"
    except yaml.YAMLError:
        return None
    return None


def load_mapping(path: Path) -> dict[Any, Any]:
    """The mapping a config file holds; ConfigError naming the file for anything else."""

    def error(message: str) -> ConfigError:
        return ConfigError(f"{path}: {message}")

    try:
        raw = read_limited(path, MAX_CONFIG_BYTES)
    except InputFileError as unreadable:
        raise error(f"cannot read config: {unreadable}") from None
    if b"\0" in raw:
        raise error("not a text file (it holds NUL bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start})") from None
    if not text.strip():
        raise error("the config is empty")
    shape = _check_shape(text)
    if shape is not None:
        raise error(shape)
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f"line {mark.line + 1}: " if mark else ""
        problem = exc.problem or exc.context or "unreadable"
        raise error(f"{line}YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise error(f"YAML syntax error: {preview(str(exc))}") from None
    if not isinstance(data, dict):
        raise error(f"expected a mapping of keys, got {kind(data)}")
    return data


def integer_problem(value: object, bounds: tuple[int, int]) -> str | None:
    """What is wrong with `value` as an integer within `bounds`, as a config's error says
    it; None if nothing."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"expected an integer from {low} to {high}, got {preview(value)}"
    return None


def is_number(value: object, low: float, high: float) -> TypeGuard[float]:
    """Whether `value` is a finite int or float (not a bool) from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value) and low <= value <= high


_HIDDEN = {
    "Cc": "a control character",
    "Cf": "an invisible format character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""Unicode categories a text value may not hold, and what each is called in an error."""


def text_problem(value: object) -> str | None:
    """What is wrong with `value` as one line of text (as a config's error says it): not
    text, empty, several lines, or a hidden character (`hidden_character`); None if nothing."""
    if not isinstance(value, str) or not value.strip() or "\n" in value.strip():
        return f"expected one line of text, got {preview(value)}"
    return hidden_character(value.strip())


def hidden_character(text: str) -> str | None:
    """What invisible character `text` holds, said as an error does: control, format
    (U+200B, U+202E) and separator (U+2028) characters; None if none."""
    hidden = next((ch for ch in text if unicodedata.category(ch) in _HIDDEN), None)
    if hidden is None:
        return None
    return f"holds {_HIDDEN[unicodedata.category(hidden)]} (U+{ord(hidden):04X})"


def key_name(key: object) -> str:
    """A mapping key as an error message names it: a string as written, else its preview."""
    return key if isinstance(key, str) else preview(key)


def kind(value: object) -> str:
    """What a value is, for an error message: `nothing`, `a list`, `a mapping`, `int 3`."""
    if value is None:
        return "nothing"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"{type(value).__name__} {preview(value)}"


class MappingReader:
    """A YAML mapping read from a file, its keys checked one by one: every error is a
    `ConfigError` whose one-line message names the file and the key."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data = load_mapping(path)

    def error(self, message: str, key: str | None = None) -> ConfigError:
        where = f"{key}: " if key else ""
        return ConfigError(f"{self.path}: {where}{message}")

    def check_keys(self, allowed: tuple[str, ...], required: tuple[str, ...]) -> None:
        for key in self.data:
            if key not in allowed:
                expected = f"expected one of: {', '.join(allowed)}"
                raise self.error(f"unknown key ({expected})", key_name(key))
        for key in required:
            if key not in self.data:
                raise self.error("missing (required)", key)

    def integer(self, key: str, bounds: tuple[int, int], value: Any = None) -> int:
        value = self.data[key] if value is None else value
        if (problem := integer_problem(value, bounds)) is not None:
            raise self.error(problem, key)
        return int(value)

    def integers(self, key: str, bounds: tuple[int, int]) -> tuple[int, ...]:
        values = self.data[key]
        if not isinstance(values, list) or not values:
            raise self.error(f"expected a non-empty list of integers, got {preview(values)}", key)
        result = tuple(self.integer(key, bounds, value) for value in values)
        if len(set(result)) != len(result):
            raise self.error(f"lists a value twice: {preview(values)}", key)
        return result

    def text(self, key: str, value: Any = None) -> str:
        """One line of text, stripped; control, format and separator characters refused."""
        value = self.data[key] if value is None else value
        if (problem := text_problem(value)) is not None:
            raise self.error(problem, key)
        return str(value).strip()

    def optional_text(self, key: str) -> str | None:
        return self.text(key) if key in self.data else None

    def choice(self, key: str, value: Any, choices: tuple[str, ...]) -> str:
        """One of `choices`, as a string."""
        if not isinstance(value, str) or value not in choices:
            raise self.error(f"expected one of {', '.join(choices)}, got {preview(value)}", key)
        return value
