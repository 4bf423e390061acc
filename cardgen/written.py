"""A config's values as an error shows them: short (`preview`), and as the file writes them.

YAML 1.1, which PyYAML reads, turns some plain words and numbers into something else: `yes`,
`no`, `on` and `off` into true and false, `12:30:00` into 45000 (base 60), `0x1F` into 31,
`~` and nothing at all into nothing. An error that echoed the value read would name what the
user never typed (`title: got True`), so `Written` keeps the parsed nodes beside the data and
names the text as written, what YAML read it as and, where the key takes text, the quotes
that keep it text: `title: ... got yes (YAML reads it as true: write "yes" in quotes)`.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

import yaml

_PREVIEW = reprlib.Repr()
_PREVIEW.maxlevel = 2
_PREVIEW.maxlist = _PREVIEW.maxtuple = _PREVIEW.maxdict = _PREVIEW.maxset = 4
_PREVIEW.maxstring = _PREVIEW.maxother = 40
LONGEST = 60
"""The longest list or mapping (`[no, off]`) an error quotes as written."""


def preview(value: object) -> str:
    """A short repr of a config value for an error message (aliases are never expanded).

    >>> preview("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> preview([[1, 2, 3, 4, 5]] * 9)
    '[[1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], [1, 2, 3, 4, ...], ...]'
    """
    return _PREVIEW.repr(value)


def meaning(value: object) -> str:
    """What YAML read a plain scalar as, in words.

    >>> [meaning(v) for v in (True, None, 45000, 1.5)]
    ['true', 'nothing', 'the number 45000', 'the number 1.5']
    """
    if isinstance(value, bool):
        return str(value).lower()
    return "nothing" if value is None else f"the number {value!r}"


@dataclass(frozen=True)
class Written:
    """The nodes a config's data were built from, and what YAML read each plain scalar that
    is not text as (`read_as`: by the node's id, the node kept with it)."""

    root: yaml.Node | None
    read_as: Mapping[int, tuple[yaml.ScalarNode, object]]

    def node(self, key: str) -> yaml.Node | None:
        """The node of the value at `key` (`pdf.cards`: key `cards` of the mapping at `pdf`);
        the last of a key written twice through merge keys, as the data hold it."""
        node = self.root
        for part in key.split("."):
            if not isinstance(node, yaml.MappingNode):
                return None
            found = [v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part
                     and id(k) not in self.read_as]
            node = found[-1] if found else None
        return node

    def key(self, key: object, within: str = "") -> str | None:
        """A key of the mapping at `within` as written, where YAML read it as no text
        (`yes:` is read as True); None for a text key or one not found."""
        mapping = self.node(within) if within else self.root
        if isinstance(key, str) or not isinstance(mapping, yaml.MappingNode):
            return None
        for key_node, _ in mapping.value:
            node, read = self.read_as.get(id(key_node), (None, None))
            if node is not None and type(read) is type(key) and read == key:
                return str(node.value)
        return None

    def converted(self, node: yaml.Node) -> Iterator[yaml.ScalarNode]:
        """The plain scalars under `node` (itself included) that YAML read as no text, in the
        order they are written; each node once, however many aliases name it."""
        seen: set[int] = set()
        stack = [node]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, yaml.ScalarNode) and id(node) in self.read_as:
                yield node
            elif isinstance(node, yaml.SequenceNode):
                stack += reversed(node.value)
            elif isinstance(node, yaml.MappingNode):
                stack += reversed([part for pair in node.value for part in pair])

    def said(self, message: str, key: str, value: object, text: bool) -> str:
        """`message`, whose `got X` echoes `value` (the data at `key`) or a scalar in it,
        naming the text as written where YAML read it as something else; `text`: the key
        takes text, so quotes would keep it (the message says to write them)."""
        node = self.node(key)
        scalars = list(self.converted(node)) if node is not None else []
        if not scalars:
            return message
        for scalar in scalars:  # the scalar itself, or an item of a list echoed alone
            read = self.read_as[id(scalar)][1]
            if scalar.value == "":
                phrase = "nothing"
            elif text:
                phrase = (f'{scalar.value} (YAML reads it as {meaning(read)}: write '
                          f'"{scalar.value}" in quotes)')
            elif self.surprising(scalar):
                phrase = f"{scalar.value} (YAML reads it as {meaning(read)})"
            else:  # `true`, `.inf`, `1_000`: the echo says what was written
                continue
            if (said := _replace(message, read, phrase)) is not None:
                return said
        # A list or mapping echoed whole: as written, and the first value YAML read as
        # something else (any, where the key takes text).
        first = next((s for s in scalars if s.value and (text or self.surprising(s))), None)
        if first is None or node is None:
            return message
        shown = flow(node)
        shown = shown if len(shown) <= LONGEST else preview(value)
        why = f"YAML reads {first.value} as {meaning(self.read_as[id(first)][1])}"
        why += f': write "{first.value}" in quotes' if text else ""
        return _replace(message, value, f"{shown} ({why})") or message

    def surprising(self, scalar: yaml.ScalarNode) -> bool:
        """Whether YAML read a scalar as what its text does not say: true or false not
        written so (`yes`), nothing (`~`), a number written otherwise than Python writes
        it (`12:30:00`, `0x1F`, `010`; not `1_000`, `.inf` or `1.50`)."""
        read = self.read_as[id(scalar)][1]
        text = str(scalar.value).lower()
        if isinstance(read, bool) or read is None:
            return text != str(read).lower()
        try:
            number = float(text.replace("_", "").replace(".inf", "inf").replace(".nan", "nan"))
        except ValueError:
            return True
        return not (number == read or number != number and read != read)


def flow(node: yaml.Node, depth: int = 2) -> str:
    """A node as written, on one line in flow style, cut as `preview` cuts (block lists
    too: `[no, off]`).

    >>> flow(yaml.compose("[no, 'x', {a: ~}, 4, 5]"))
    "[no, 'x', {a: ~}, 4, ...]"
    """
    if isinstance(node, yaml.ScalarNode):
        quote = node.style if node.style in ("'", '"') else ""
        return f"{quote}{node.value}{quote}"
    if depth == 0:
        return "[...]" if isinstance(node, yaml.SequenceNode) else "{...}"
    if isinstance(node, yaml.SequenceNode):
        items = [flow(item, depth - 1) for item in node.value[:4]]
        return f"[{', '.join(items + ['...'] * (len(node.value) > 4))}]"
    pairs = [f"{flow(k, depth - 1)}: {flow(v, depth - 1)}" for k, v in node.value[:4]]
    return f"{{{', '.join(pairs + ['...'] * (len(node.value) > 4))}}}"


def _replace(message: str, read: object, phrase: str) -> str | None:
    """`message` with its last `got R` (R: `read` as `preview` or `kind` show it, `True` or
    `bool True`) said as `got PHRASE`; None if it has none."""
    shown = re.escape(preview(read))
    found = list(re.finditer(rf"got (?:{type(read).__name__} )?{shown}(?![\w.])", message))
    if not found:
        return None
    match = found[-1]
    return f"{message[: match.start()]}got {phrase}{message[match.end():]}"
