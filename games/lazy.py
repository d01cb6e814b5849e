"""Long lists of actions computed by position, never listed: ``legal()`` may return one
when the actions number in the thousands (a Rising Sun bid from an empty bid, a Shitenno
lot). A subclass gives ``__len__``, ``item(i)`` for ``0 <= i < len``, and ideally a fast
``__contains__`` and ``index`` (the checked engine looks an action up by ``index``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class LazyActions(Sequence[T]):
    """Indexing (negative indices, slices, bounds) and iteration over ``item(i)``."""

    def item(self, i: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return [self.item(j) for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.item(i)

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self.item(i)
