"""Frozen dataclasses to plain JSON data and back, driven by their fields and type hints.

The solution cache (`cardgen.cards.cache`) stores cards and solved games with it, so a field added
to `Card`, `Opening`, `Try`, `Solution` or any class they hold is stored and read back with no
change here. What it handles, by type hint:

- `str`, `int`, `float`, `bool`, `None`, `Literal[...]`: as JSON values (floats round-trip
  exactly: JSON keeps `repr`);
- `tuple[X, ...]` and `tuple[X, Y]`: JSON lists, and so are named tuples (their fields in
  order);
- `X | None` (and other unions of those): the value as its own type;
- frozen dataclasses: an object of their fields; a memo (`is_memo`: a per-process lookup
  table) is left out and comes back as its default;
- numpy arrays (`numpy.typing.NDArray`): kept aside by `encode` in the list it returns, and
  referred to by their place in it; `decode` takes them back from a list, where they may be
  memory-mapped views of a file.

Anything else is a `TypeError` when encoding, so a new kind of field fails loudly, in tests,
instead of being stored wrongly.

`pack` and `unpack` write and read one entry of the cache: a magic line, the sha256 of the
rest, the key (one JSON line), the index (one JSON line: the data and where each array lies),
then the arrays, each at a multiple of `ALIGN` bytes, read back as views of the mapped file.
"""

from __future__ import annotations

import dataclasses
import errno
import functools
import hashlib
import json
import mmap
import os
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar, Union

from cardgen.cachefile import BadEntry as BadEntry  # `unpack` raises it: named here too
from cardgen.cachefile import open_entry

T = TypeVar("T")

MEMO = {"memo": True}
"""Field metadata for a per-process lookup table that the codec leaves out."""

MAGIC = b"cardgen-cache 1\n"
ALIGN = 64
"""Arrays start at multiples of this many bytes into the file."""
_ARRAY = "__array__"
"""The key of the object that stands for an array in a document."""


def encode(value: object, arrays: list[Any]) -> Any:
    """`value` as JSON-ready data; numpy arrays are appended to `arrays` and stand in the
    document as `{"__array__": index}`."""
    kind: type = type(value)
    if kind in _PLAIN:
        return value
    if isinstance(value, tuple):  # a named tuple too
        if _PLAIN.issuperset(map(type, value)):
            return list(value)  # the fast way through words, moves and seats
        return [encode(item, arrays) for item in value]
    if hasattr(kind, "__dataclass_fields__"):
        return {name: encode(getattr(value, name), arrays) for name in _stored(kind)}
    if kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        arrays.append(value)
        return {_ARRAY: len(arrays) - 1}
    raise TypeError(f"cannot store a {kind.__name__} in the cache")


_PLAIN = frozenset({str, int, float, bool, type(None)})


def decode(kind: Any, data: Any, arrays: typing.Sequence[Any] = ()) -> Any:
    """The value of type `kind` (a class or a type hint) that `encode` wrote as `data`."""
    return _reader(kind)(data, arrays)


Reader = typing.Callable[[Any, typing.Sequence[Any]], Any]
"""What `_reader` gives: the value of one type hint, from its data and the entry's arrays."""


@functools.cache
def _reader(kind: Any) -> Reader:
    """How `decode` reads a value of type `kind`, worked out once per type hint: a card's
    2,600 values then cost a call or two each, not a walk through `typing` and `dataclasses`
    each (a warm build's read of its card: 3.0 ms -> 1.4 ms)."""
    origin = typing.get_origin(kind)
    if kind is Any or kind is None or kind is type(None):
        return _as_is
    if origin is typing.Literal:
        return functools.partial(_literal, typing.get_args(kind))
    if origin is Union or origin is types.UnionType:
        options = typing.get_args(kind)
        real = tuple(option for option in options if option is not type(None))
        return functools.partial(_union, options, real, type(None) in options)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return functools.partial(_sequence, args[0])
        return functools.partial(_pair, args)
    if isinstance(kind, type) and issubclass(kind, tuple):  # a named tuple: its fields in order
        return functools.partial(_named, kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return functools.partial(_instance, kind)
    if kind in (str, int, bool, float):
        return functools.partial(_plain, kind)
    return functools.partial(_array, kind)


def _as_is(data: Any, arrays: typing.Sequence[Any]) -> Any:
    return data


def _literal(allowed: tuple[Any, ...], data: Any, arrays: typing.Sequence[Any]) -> Any:
    if data not in allowed:
        raise ValueError(f"{data!r} is not one of {allowed}")
    return data


def _union(options: tuple[Any, ...], real: tuple[Any, ...], optional: bool, data: Any,
           arrays: typing.Sequence[Any]) -> Any:
    if data is None and optional:
        return None
    if len(real) == 1:
        return _reader(real[0])(data, arrays)
    for option in real:  # several types: the first that reads the data
        try:
            return _reader(option)(data, arrays)
        except (ValueError, TypeError, KeyError):
            continue
    raise ValueError(f"{data!r} matches none of {options}")


def _sequence(item: Any, data: Any, arrays: typing.Sequence[Any]) -> tuple[Any, ...]:
    items = _list(data)
    if item in (str, int) and all(type(value) is item for value in items):
        return tuple(items)  # the fast way through a lexicon's words
    read = _reader(item)
    return tuple(read(value, arrays) for value in items)


def _pair(args: tuple[Any, ...], data: Any, arrays: typing.Sequence[Any]) -> tuple[Any, ...]:
    items = _list(data)
    if len(items) != len(args):
        raise ValueError(f"expected {len(args)} items, got {len(items)}")
    return tuple(_reader(arg)(item, arrays) for arg, item in zip(args, items, strict=True))


def _instance(kind: type, data: Any, arrays: typing.Sequence[Any]) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object for {kind.__name__}, got {type(data).__name__}")
    if _ARRAY in data:
        return arrays[data[_ARRAY]]
    return kind(**{name: read(data[name], arrays) for name, read in _fields(kind)})


def _named(kind: type, data: Any, arrays: typing.Sequence[Any]) -> Any:
    items, readers = _list(data), _items(kind)
    if len(items) != len(readers):
        raise ValueError(f"expected {len(readers)} items for {kind.__name__}, got {len(items)}")
    return kind(*(read(item, arrays) for read, item in zip(readers, items, strict=True)))


def _plain(kind: type, data: Any, arrays: typing.Sequence[Any]) -> Any:
    if type(data) is kind:
        return data
    if kind is float and type(data) is int:
        return float(data)
    if isinstance(data, dict) and _ARRAY in data:
        return arrays[data[_ARRAY]]
    expected = "a number" if kind is float else kind.__name__
    raise ValueError(f"expected {expected}, got {type(data).__name__}")


def _array(kind: Any, data: Any, arrays: typing.Sequence[Any]) -> Any:
    if isinstance(data, dict) and _ARRAY in data:
        return arrays[data[_ARRAY]]
    raise TypeError(f"cannot read a {kind!r} from the cache")


def _list(data: Any) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError(f"expected a list, got {type(data).__name__}")
    return data


@functools.cache
def _stored(kind: type) -> tuple[str, ...]:
    """The names of a dataclass's stored fields: all but the memos (see `is_memo`)."""
    return tuple(f.name for f in dataclasses.fields(kind) if not is_memo(f))


def is_memo(field: dataclasses.Field[Any]) -> bool:
    """Whether a field is a per-process lookup table, left out of the cache: its metadata says
    `memo`, or it is private and starts as an empty dict (`_found: dict[...] =
    field(default_factory=dict)`, as `Solution` and the SuperGhost solutions keep theirs)."""
    return bool(field.metadata.get("memo")) or (
        field.name.startswith("_") and field.default_factory is dict
    )


@functools.cache
def _fields(kind: type) -> tuple[tuple[str, Reader], ...]:
    """A dataclass's stored fields, each with the reader of its type (annotations are strings
    here: resolved in the class's module)."""
    hints = typing.get_type_hints(kind)
    return tuple((name, _reader(hints[name])) for name in _stored(kind))


@functools.cache
def _items(kind: type) -> tuple[Reader, ...]:
    """A named tuple's fields' readers, in order."""
    hints = typing.get_type_hints(kind)
    return tuple(_reader(hints[name]) for name in kind._fields)  # type: ignore[attr-defined]


def pack(key: Mapping[str, Any], value: object) -> bytes:
    """An entry's bytes: the key and `value` (arrays laid out after the index)."""
    arrays: list[Any] = []
    document = encode(value, arrays)
    layout, offset = [], 0
    for array in arrays:
        offset = -(-offset // ALIGN) * ALIGN
        layout.append({"dtype": array.dtype.str, "shape": list(array.shape), "offset": offset})
        offset += array.nbytes
    head = json.dumps(key, sort_keys=True, separators=(",", ":")).encode() + b"\n"
    index = {"type": type(value).__name__, "document": document, "arrays": layout}
    head += json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    parts: list[bytes | memoryview] = [head, bytes(-(len(MAGIC) + 65 + len(head)) % ALIGN)]
    at = 0
    for array, place in zip(arrays, layout, strict=True):
        parts.append(bytes(place["offset"] - at))
        parts.append(memoryview(array.__array__()).cast("B") if array.flags.c_contiguous
                     else memoryview(array.copy(order="C")).cast("B"))
        at = place["offset"] + array.nbytes
    checksum = hashlib.sha256()
    for part in parts:
        checksum.update(part)
    return b"".join([MAGIC, checksum.hexdigest().encode(), b"\n", *parts])  # one copy


def unpack(path: Path, key: Mapping[str, Any], kind: Any) -> Any:
    """The value stored at `path` for `key`, of type `kind` (or of the class a function
    `kind(name)` gives for the class name it was written from); BadEntry if it is cut short,
    fails its checksum or was written for another key, or is no regular file (never waited
    on: `cardgen.cachefile.open_entry`); FileNotFoundError where there is none. Arrays are
    read-only views of the mapped file."""
    handle = open_entry(path)
    if handle is None:
        raise FileNotFoundError(errno.ENOENT, "no entry", str(path))
    with handle:
        size = os.fstat(handle.fileno()).st_size
        if size < len(MAGIC) + 65:
            raise BadEntry("is cut short")
        mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
    view = memoryview(mapped)
    if view[: len(MAGIC)] != MAGIC:
        raise BadEntry("is not a cardgen cache entry")
    checksum = bytes(view[len(MAGIC) : len(MAGIC) + 64]).decode("ascii", "replace")
    body = view[len(MAGIC) + 65 :]
    if hashlib.sha256(body).hexdigest() != checksum:
        raise BadEntry("failed its checksum (cut short or changed)")
    key_end = mapped.find(b"\n", len(MAGIC) + 65)
    index_end = mapped.find(b"\n", key_end + 1)
    if json.loads(bytes(view[len(MAGIC) + 65 : key_end])) != json.loads(json.dumps(key)):
        raise BadEntry("was written for another config")
    index = json.loads(bytes(view[key_end + 1 : index_end]))
    arrays: list[Any] = []
    if index["arrays"]:
        import numpy as np

        base = index_end + 1 + (-(index_end + 1) % ALIGN)
        for place in index["arrays"]:
            dtype = np.dtype(place["dtype"])
            count = int(np.prod(place["shape"], dtype=np.int64))
            array = np.frombuffer(mapped, dtype, count, base + place["offset"])
            arrays.append(array.reshape(place["shape"]))
    try:
        if callable(kind) and not isinstance(kind, type):  # it names the class it was written as
            kind = kind(index["type"])
        return decode(kind, index["document"], arrays)
    except (ValueError, TypeError, KeyError) as error:
        raise BadEntry(f"does not hold a {getattr(kind, '__name__', kind)} ({error})") from None
