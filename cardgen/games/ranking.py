"""How the solver ranks winning word sets: each rank packed into one integer key."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from cardgen.errors import RankEncodingError

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

NO_WIN = np.iinfo(np.int64).max
"""The rank key of a fragment a seat cannot win from: above every real key."""

Key = TypeVar("Key", int, IntArray)


@dataclass(frozen=True, eq=False)
class Ranking:
    """How a seat's winning word sets are ranked (docs/rules.md, "Minimal winning word sets").

    With no flags, `fewest`: (words, shortest length, first word). With per-word flags aligned
    with `Lexicon.words`, `familiar` (docs/rules.md, "The familiar ranking"): (avoided words, rare
    words, words, shortest length, first word).
    """

    avoided: BoolArray | None = None
    """Per playable word: whether it is on the avoid list."""
    rare: BoolArray | None = None
    """Per playable word: whether it is rare."""

    @property
    def by(self) -> str:
        """`fewest` or `familiar`."""
        return "fewest" if self.avoided is None and self.rare is None else "familiar"

    def flags(self, words: int) -> tuple[BoolArray, BoolArray]:
        """The (avoided, rare) flags for that many words: all False where not given."""
        flags = []
        for name, given in (("avoided", self.avoided), ("rare", self.rare)):
            if given is None:
                flags.append(np.zeros(words, dtype=np.bool_))
            elif given.shape != (words,):
                raise ValueError(f"ranking: {name} has {given.size} flags for {words} words")
            else:
                flags.append(given.astype(np.bool_))
        return flags[0], flags[1]


FEWEST = Ranking()
"""The default ranking: fewest words, then the shortest word, then the first word."""


@dataclass(frozen=True)
class RankCodec:
    """A minimal set's rank packed into one integer key, so that integer order is rank order.

    Fields, most significant first: avoided words, rare words, words, shortest length, first
    word (its index in the sorted word list). The first three add up over disjoint branches,
    and they do as one integer (`weight`): each field is wide enough for its largest total, so
    no carry crosses a field. The last two take the minimum, field by field. With no avoided
    or rare bits (`fewest`) the weight is the number of words.

    >>> codec = RankCodec(len_bits=4, idx_bits=8)
    >>> key = codec.pack(3, 5, 17)
    >>> key < codec.pack(3, 6, 0) < codec.pack(4, 1, 0)
    True
    >>> codec.unpack(key)
    (3, 5, 17)
    >>> familiar = RankCodec(len_bits=4, idx_bits=8, rare_bits=3, avoided_bits=2)
    >>> familiar.pack(9, 4, 0, rare=1) > familiar.pack(1, 4, 5, rare=0)
    True
    """

    len_bits: int
    """Bits of the shortest-length field."""
    idx_bits: int
    """Bits of the first-word field, and of the count (a set has at most every word)."""
    rare_bits: int = 0
    """Bits of the rare-word count: enough for every rare word."""
    avoided_bits: int = 0
    """Bits of the avoided-word count: enough for every avoided word."""

    @classmethod
    def for_words(
        cls, lengths: IntArray, avoided: int = 0, rare: int = 0
    ) -> RankCodec:
        """The codec wide enough for words of these lengths, with that many avoided and rare
        words (`RankEncodingError` if int64 is not)."""
        codec = cls(
            int(lengths.max()).bit_length(),
            len(lengths).bit_length(),
            rare.bit_length(),
            avoided.bit_length(),
        )
        fixed = codec.avoided_bits + codec.rare_bits + codec.len_bits
        if fixed + 2 * codec.idx_bits > 62:
            most = (1 << max(0, (62 - fixed) // 2)) - 1
            raise RankEncodingError(
                f"{len(lengths):,} playable words are more than the 64-bit rank encoding holds "
                f"(at most {most:,} with these word lengths and rare and avoided words)"
            )
        return codec

    @property
    def _count_shift(self) -> int:
        return self.len_bits + self.idx_bits

    def pack(
        self, count: Key, shortest: Key, first: Key, rare: Key | int = 0, avoided: Key | int = 0
    ) -> Key:
        """The key of a rank; elementwise on arrays."""
        weight: Key = (((avoided << self.rare_bits) | rare) << self.idx_bits) | count
        return self.join(weight, shortest, first)

    def join(self, weight: Key, shortest: Key, first: Key) -> Key:
        """The key of a (weight, shortest, first) triple; elementwise on arrays."""
        return (weight << self._count_shift) | (shortest << self.idx_bits) | first

    def split(self, key: Key) -> tuple[Key, Key, Key]:
        """The (weight, shortest, first) of a key; elementwise on arrays."""
        return (
            key >> self._count_shift,
            (key >> self.idx_bits) & ((1 << self.len_bits) - 1),
            key & ((1 << self.idx_bits) - 1),
        )

    def unpack(self, key: Key) -> tuple[Key, Key, Key]:
        """The (count, shortest, first) of a key; elementwise on arrays."""
        weight, shortest, first = self.split(key)
        return weight & ((1 << self.idx_bits) - 1), shortest, first

    def worst(self) -> tuple[int, int]:
        """The largest shortest length and first word a key can hold, neutral for a minimum."""
        return (1 << self.len_bits) - 1, (1 << self.idx_bits) - 1


def familiar_ranking(
    words: tuple[str, ...], zipf: FloatArray, rare_below: float, avoid: frozenset[str]
) -> tuple[Ranking, frozenset[str]]:
    """The `familiar` ranking of a lexicon's words, given their Zipf (`WordZipf.zipf`), and
    its rare words: below `rare_below`, or missing from the data (Zipf 0), whatever `rare_below`.

    >>> import numpy as np
    >>> ranking, rare = familiar_ranking(
    ...     ("aa", "bb", "cc"), np.array([4.0, 2.5, 0.0]), 3.0, frozenset({"aa"}))
    >>> ranking.avoided.tolist(), ranking.rare.tolist(), sorted(rare)
    ([True, False, False], [False, True, True], ['bb', 'cc'])
    """
    rare = (zipf < rare_below) | (zipf <= 0.0)
    avoided = np.array([word in avoid for word in words], dtype=np.bool_)
    return Ranking(avoided=avoided, rare=rare), frozenset(itertools.compress(words, rare))
