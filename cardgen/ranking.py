"""How the solver ranks winning word sets: each rank packed into one integer key."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

NO_WIN = np.iinfo(np.int64).max
"""The rank key of a fragment a seat cannot win from: above every real key."""

Key = TypeVar("Key", int, IntArray)


@dataclass(frozen=True)
class RankCodec:
    """A minimal set's rank (words, shortest length, first word) packed into one integer key.

    The fields are laid out most significant first, so integer order is rank order; the first
    word is its index in the sorted word list.

    >>> codec = RankCodec(len_bits=4, idx_bits=8)
    >>> key = codec.pack(3, 5, 17)
    >>> key < codec.pack(3, 6, 0) < codec.pack(4, 1, 0)
    True
    >>> codec.unpack(key)
    (3, 5, 17)
    """

    len_bits: int
    """Bits of the shortest-length field."""
    idx_bits: int
    """Bits of the first-word field (and at most those of the count: a set has at most every
    word)."""

    @classmethod
    def for_words(cls, lengths: IntArray) -> RankCodec:
        """The codec wide enough for the words of these lengths (ValueError if int64 is not)."""
        codec = cls(int(lengths.max()).bit_length(), len(lengths).bit_length())
        if 2 * codec.idx_bits + codec.len_bits > 62:
            raise ValueError("word list too large for the rank encoding")
        return codec

    @property
    def _count_shift(self) -> int:
        return self.len_bits + self.idx_bits

    def pack(self, count: Key, shortest: Key, first: Key) -> Key:
        """The key of the rank (count, shortest, first); elementwise on arrays."""
        return (count << self._count_shift) | (shortest << self.idx_bits) | first

    def unpack(self, key: Key) -> tuple[Key, Key, Key]:
        """The (count, shortest, first) of a key; elementwise on arrays."""
        return (
            key >> self._count_shift,
            (key >> self.idx_bits) & ((1 << self.len_bits) - 1),
            key & ((1 << self.idx_bits) - 1),
        )

    def worst(self) -> tuple[int, int]:
        """The largest shortest length and first word a key can hold, neutral for a minimum."""
        return (1 << self.len_bits) - 1, (1 << self.idx_bits) - 1
