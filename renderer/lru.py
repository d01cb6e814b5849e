"""The least-recently-used store behind the renderer's caches (static layers, stamps)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Lru(Generic[T]):
    """A small least-recently-used store keyed by tuples such as (game, variant, size, palette).

    Safe to share between threads (the bot may render off the event loop); a value built
    twice by a race is harmless because builders are pure.
    """

    def __init__(self, max_entries: int) -> None:
        self.max_entries = max_entries
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The value for ``key``, built by ``build()`` on first use. Do not mutate it."""
        with self._lock:
            if key in self._items:
                self.hits += 1
                self._items.move_to_end(key)
                return self._items[key]
            self.misses += 1
        value = build()
        with self._lock:
            self._items[key] = value
            if len(self._items) > self.max_entries:
                self._items.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)
