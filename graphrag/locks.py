"""The stores' lock: searches read together, a write batch runs alone.

The HTTP service answers many searches while an ingestion job writes. A plain lock made every
search wait for every other search; this one lets readers share it and gives a writer the
stores alone, for one batch at a time. A waiting writer stops new readers from entering, so
a steady stream of searches cannot starve ingestion; it waits for the reads already running.

The lock is re-entrant per thread: a writer may read and write again inside its turn (a delete
checks what the caller may see, then deletes), and a reader may read again even while a writer
waits (the writer waits for it anyway). A reader asking to write is a bug (two readers doing so
would wait on each other forever) and raises at once. ``with lock:`` is a write.

No lock library on PyPI gives writer preference with re-entrancy (``fasteners``' lets readers
starve a writer; ``readerwriterlock`` is not re-entrant), so this one is written here.

>>> lock = StoreLock()
>>> with lock.read(), lock.read():
...     pass
>>> with lock, lock.read():
...     pass
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType


class StoreLock:
    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers: dict[int, int] = {}  # thread -> how deep it holds a read
        self._writer: int | None = None
        self._writes = 0  # how deep the writer holds its turn
        self._waiting_writers = 0

    @contextmanager
    def read(self) -> Iterator[None]:
        me = threading.get_ident()
        with self._cond:
            if self._writer != me and me not in self._readers:
                while self._writer is not None or self._waiting_writers:
                    self._cond.wait()
            self._readers[me] = self._readers.get(me, 0) + 1
        try:
            yield
        finally:
            with self._cond:
                self._readers[me] -= 1
                if not self._readers[me]:
                    del self._readers[me]
                    self._cond.notify_all()

    @contextmanager
    def write(self) -> Iterator[None]:
        self._acquire_write()
        try:
            yield
        finally:
            self._release_write()

    def __enter__(self) -> None:
        self._acquire_write()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._release_write()

    def _acquire_write(self) -> None:
        me = threading.get_ident()
        with self._cond:
            if self._writer == me:
                self._writes += 1
                return
            if me in self._readers:
                raise RuntimeError("a reader of the stores cannot start writing inside its read")
            self._waiting_writers += 1
            try:
                while self._writer is not None or self._readers:
                    self._cond.wait()
            finally:
                self._waiting_writers -= 1
            self._writer, self._writes = me, 1

    def _release_write(self) -> None:
        with self._cond:
            if self._writer != threading.get_ident():
                raise RuntimeError("the stores' write turn is released by a thread not holding it")
            self._writes -= 1
            if not self._writes:
                self._writer = None
                self._cond.notify_all()
