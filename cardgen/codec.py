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
    origin = typing.get_origin(kind)
    if kind is Any or kind is None or kind is type(None):
        return data
    if origin is typing.Literal:
        if data not in typing.get_args(kind):
            raise ValueError(f"{data!r} is not one of {typing.get_args(kind)}")
        return data
    if origin is Union or origin is types.UnionType:
        return _decode_union(typing.get_args(kind), data, arrays)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            items = _list(data)
            if args[0] in (str, int) and all(type(item) is args[0] for item in items):
                return tuple(items)  # the fast way through a lexicon's words
            return tuple(decode(args[0], item, arrays) for item in items)
        items = _list(data)
        if len(items) != len(args):
            raise ValueError(f"expected {len(args)} items, got {len(items)}")
        return tuple(decode(arg, item, arrays) for arg, item in zip(args, items, strict=True))
    if isinstance(data, dict) and _ARRAY in data:
        return arrays[data[_ARRAY]]
    if isinstance(kind, type) and issubclass(kind, tuple):  # a named tuple
        hints, items = _hints(kind), _list(data)
        if len(items) != len(hints):
            raise ValueError(f"expected {len(hints)} items for {kind.__name__}, got {len(items)}")
        return kind(*(decode(hints[name], item, arrays) for name, item in zip(
            kind._fields, items, strict=True)))  # type: ignore[attr-defined]
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {kind.__name__}, got {type(data).__name__}")
        hints = _hints(kind)
        return kind(**{name: decode(hints[name], data[name], arrays) for name in _stored(kind)})
    if kind in (str, int, bool):
        if type(data) is not kind:
            raise ValueError(f"expected {kind.__name__}, got {type(data).__name__}")
        return data
    if kind is float:
        if type(data) not in (float, int):
            raise ValueError(f"expected a number, got {type(data).__name__}")
        return float(data)
    raise TypeError(f"cannot read a {kind!r} from the cache")


def _decode_union(options: tuple[Any, ...], data: Any, arrays: typing.Sequence[Any]) -> Any:
    if data is None and type(None) in options:
        return None
    real = [option for option in options if option is not type(None)]
    if len(real) == 1:
        return decode(real[0], data, arrays)
    for option in real:  # several types: the first that reads the data
        try:
            return decode(option, data, arrays)
        except (ValueError, TypeError, KeyError):
            continue
    raise ValueError(f"{data!r} matches none of {options}")


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
def _hints(kind: type) -> dict[str, Any]:
    """A dataclass's or named tuple's field types, resolved in its module (annotations are
    strings here)."""
    return typing.get_type_hints(kind)


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
