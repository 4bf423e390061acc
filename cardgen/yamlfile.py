"""Reading a YAML config safely: plain data only, every problem a one-line error.

Only YAML's plain data is built (a safe loader: no code is ever run). On top of that a config
file must be a regular file of at most `MAX_CONFIG_BYTES`; a key written twice, a key that is
a list or a mapping, or merge keys (`<<: *base`) that would expand past `MAX_MERGED_KEYS` are
refused; dates are kept as the text they are written as (`title: 2001-12-14`). Values quoted
in an error message are cut to a short `preview`, never printed whole, and named as written
where YAML 1.1 read them as something else (`cardgen.written`: `yes` is true).

Before anything is built, the file's event stream is read with a budget: a document of more
than `MAX_VALUES` values or nested deeper than `MAX_DEPTH` is refused at the value past the
limit, so no config of the allowed size costs more than a moment, and none can exhaust
Python's recursion limit. The answer is the same with every PyYAML and whether it has libyaml
or not (`_check_shape` says how). Merge keys are judged on the nodes as written, before any is
built, so that how a PyYAML version flattens them does not matter. An integer of more than
`MAX_DIGITS` digits is refused too (Python will not read one past 4,300 digits, and no key
takes one).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeGuard

import yaml

from cardgen.errors import ConfigError
from cardgen.files import InputFileError, read_limited
from cardgen.written import Written, preview

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


class _Loader(yaml.SafeLoader):
    """A safe loader with the checks of this module; it notes what it read each plain scalar
    that is not text as (`read_as`, for `cardgen.written`)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.read_as: dict[int, tuple[yaml.ScalarNode, object]] = {}

    def construct_document(self, node: yaml.Node) -> Any:
        _check_merges(node)
        return super().construct_document(node)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        value = super().construct_object(node, deep)
        if isinstance(node, yaml.ScalarNode) and node.style is None and not isinstance(value, str):
            self.read_as[id(node)] = (node, value)
        return value


def _merged(node: yaml.MappingNode) -> list[yaml.Node]:
    """The nodes a mapping's merge keys name (`<<: *a` or `<<: [*a, *b]`), as written."""
    found: list[yaml.Node] = []
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE_TAG:
            found += value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
    return found


def _check_merges(root: yaml.Node) -> None:
    """Refuse, at the first such mapping in the file, one whose merge keys gather more than
    `MAX_MERGED_KEYS` keys (each merged mapping counts as a key too, so that merges of merges
    of empty mappings are bounded as well), or whose merges of merges nest deeper than
    `MAX_DEPTH` (PyYAML flattens them by recursion).

    Counted on the nodes as written, each merge as often as it is named, before PyYAML
    flattens anything (its versions differ there: 6.0.4 drops repeated keys as it goes),
    in one pass that visits each node once.
    """
    mappings: list[yaml.MappingNode] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            mappings.append(node)
            stack += [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            stack += node.value
    # Keys gathered (at most one past the limit) and merge depth of each mapping, by its id.
    gathered: dict[int, tuple[int, int]] = {}
    for mapping in mappings:
        todo: list[tuple[yaml.MappingNode, bool]] = [(mapping, False)]
        open_: set[int] = set()
        while todo:
            node, ready = todo.pop()
            if id(node) in gathered or (not ready and id(node) in open_):
                continue  # done, or a mapping that merges itself (which adds nothing)
            sources = _merged(node)
            if not ready:
                open_.add(id(node))
                todo.append((node, True))
                todo += [(s, False) for s in sources if isinstance(s, yaml.MappingNode)]
                continue
            size = len(node.value) - sum(1 for key, _ in node.value if key.tag == _MERGE_TAG)
            depth = 0
            for source in sources:
                keys, levels = gathered.get(id(source), (0, -1))
                size += 1 + keys
                depth = max(depth, levels + 1)
            gathered[id(node)] = (min(size, MAX_MERGED_KEYS + 1), depth)
    for mapping in sorted(mappings, key=lambda node: node.start_mark.index):
        keys, depth = gathered[id(mapping)]
        if keys > MAX_MERGED_KEYS:
            problem = f"merge keys expand past {MAX_MERGED_KEYS:,} keys"
        elif depth > MAX_DEPTH:
            problem = f"merge keys nested more than {MAX_DEPTH} deep"
        else:
            continue
        raise yaml.constructor.ConstructorError(None, None, problem, mapping.start_mark)


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
            shown = preview(key)
            if not isinstance(key, str) and key_node.value.lower() != shown.lower():
                shown = key_node.value  # as written: YAML reads `yes` as True
            raise yaml.constructor.ConstructorError(
                None, None, f"key {shown} appears twice", key_node.start_mark
            )
        seen.add(key)
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
_PARSERS: tuple[type[Any], ...] = (
    (yaml.CSafeLoader, yaml.SafeLoader) if hasattr(yaml, "CSafeLoader") else (yaml.SafeLoader,)
)
"""The parsers `_check_shape` reads a document with, in turn: libyaml's (fast) when PyYAML has
it, then PyYAML's own, the loader's."""


def _check_shape(text: str) -> str | None:
    """What is wrong with the size or depth of the document, with its line; None if nothing.

    Only events are read (nothing is built) and reading stops at the first value past a
    limit. A parser may give up before its events reach these limits (libyaml stops at
    1,000 levels since PyYAML 6.0.4, having read some 1,000 characters ahead), so when one
    fails, the text before the point where it stopped is judged too; if that is within the
    limits, PyYAML's own parser (the loader's) judges the document in turn, since the two
    may differ. A syntax error is left to the loader, which reports it in its own words.
    """
    for parser in _PARSERS:
        try:
            return _parsed_shape(text, parser)
        except yaml.YAMLError:
            continue
    return None


def _parsed_shape(text: str, parser: type[Any]) -> str | None:
    """`_check_shape` with one parser; YAMLError if it fails within the limits."""
    try:
        return _shape_problem(yaml.parse(text, Loader=parser))
    except yaml.MarkedYAMLError as exc:
        stop = exc.problem_mark
        if stop is None or not 0 < stop.index < len(text):
            raise
        problem = _shape_problem(yaml.parse(text[: stop.index], Loader=parser))
        if problem is None:
            raise
        return problem


def _shape_problem(events: Iterator[yaml.Event]) -> str | None:
    """What is wrong with the size or depth of a document, judged on its `events`; None if
    nothing (YAMLError if the parser fails first)."""
    values = depth = 0
    for event in events:
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
    return None


def load_mapping(path: Path) -> dict[Any, Any]:
    """The mapping a config file holds; ConfigError naming the file for anything else."""
    return load_document(path)[0]


def load_document(path: Path) -> tuple[dict[Any, Any], Written]:
    """The mapping a config file holds, and what it is written as (for errors that name a
    value as written); ConfigError naming the file for anything else."""

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
    loader = _Loader(text)  # a SafeLoader, as yaml.load runs it, keeping the nodes
    try:
        root = loader.get_single_node()
        data = None if root is None else loader.construct_document(root)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f"line {mark.line + 1}: " if mark else ""
        problem = exc.problem or exc.context or "unreadable"
        raise error(f"{line}YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise error(f"YAML syntax error: {preview(str(exc))}") from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise error(f"expected a mapping of keys, got {kind(data)}")
    return data, Written(root, loader.read_as)


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
    `ConfigError` whose one-line message names the file and the key, and a value YAML read
    as something else than it is written as (`yes`: true) as written."""

    TEXT_KEYS: frozenset[str] = frozenset()
    """The keys (dotted: `pdf.font`) that take text of the user's, where an error says to
    quote a value that YAML read as something else."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data, self.written = load_document(path)

    def error(self, message: str, key: str | None = None) -> ConfigError:
        if key:
            value: Any = self.data
            for part in key.split("."):
                value = value.get(part) if isinstance(value, dict) else None
            message = self.written.said(message, key, value, key in self.TEXT_KEYS)
        where = f"{key}: " if key else ""
        return ConfigError(f"{self.path}: {where}{message}")

    def key_name(self, key: object, within: str = "") -> str:
        """A key of the mapping at `within` (the top: "") as an error names it: as written."""
        return self.written.key(key, within) or key_name(key)

    def check_keys(self, allowed: tuple[str, ...], required: tuple[str, ...]) -> None:
        for key in self.data:
            if key not in allowed:
                expected = f"expected one of: {', '.join(allowed)}"
                raise self.error(f"unknown key ({expected})", self.key_name(key))
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
