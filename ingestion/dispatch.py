"""Items handed to workers one at a time each, results back in the items' order.

One item per worker, never a queue behind a busy one: a worker that dies takes down only the
item it was working on (a file queued behind a file that kills its worker would otherwise be
lost with it). So that no worker waits while the caller is busy with a result (the pipeline
writes each file's stores between two results), a thread hands out the next item the moment a
worker is free; at most ``window`` results wait for the caller, which bounds the memory that
prepared-but-unwritten files take.

The futures are anything ``wait`` understands (Ray object refs in ``ingestion.fanout``), so the
order, the one-at-a-time rule and the error paths are tested without Ray.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

W = TypeVar("W")  # a worker
T = TypeVar("T")  # an item
R = TypeVar("R")  # a result
# how often the hand-out thread looks whether the caller stopped reading
POLL_S = 0.1


@dataclass
class _Shared:
    """What the caller and the hand-out thread both see (under the condition's lock; ``taken``
    is read without it: an int read is atomic, and a stale one only delays a hand-out)."""

    taken: int = 0  # results the caller has taken
    finished: bool = False  # the hand-out thread is done
    error: BaseException | None = None  # what stopped it early


class OrderedDispatch(Generic[W, T, R]):
    def __init__(
        self,
        workers: list[W],
        submit: Callable[[W, T], object],
        wait: Callable[[list[object], float], list[object]],
        collect: Callable[[T, object], R],
        *,
        window: int,
    ) -> None:
        """``submit`` starts an item on a worker and returns its future; ``wait`` returns the
        futures of a list that are done within a timeout; ``collect`` turns a done future into
        the item's result (a worker that died included: it must not raise for that)."""
        if not workers:
            raise ValueError("no workers to hand items to")
        self.workers = workers
        self.submit = submit
        self.wait = wait
        self.collect = collect
        self.window = max(window, len(workers))

    def __call__(self, items: Iterable[T]) -> Generator[R, None, None]:
        cond = threading.Condition()
        done: dict[int, R] = {}
        state = _Shared()
        stop = threading.Event()

        def hand_out() -> None:
            free: deque[W] = deque(self.workers)
            pending: dict[object, tuple[int, T, W]] = {}
            queue = iter(items)
            submitted = 0
            exhausted = False
            try:
                while not stop.is_set():
                    while free and not exhausted and submitted - state.taken < self.window:
                        try:
                            item = next(queue)
                        except StopIteration:
                            exhausted = True
                            break
                        worker = free.popleft()
                        pending[self.submit(worker, item)] = (submitted, item, worker)
                        submitted += 1
                    if not pending:
                        if exhausted:
                            return
                        with cond:  # the window is full: wait for the caller to take one
                            cond.wait(POLL_S)
                        continue
                    for future in self.wait(list(pending), POLL_S):
                        index, item, worker = pending.pop(future)
                        result = self.collect(item, future)
                        free.append(worker)
                        with cond:
                            done[index] = result
                            cond.notify_all()
            except BaseException as exc:  # the caller raises it; a thread cannot
                with cond:
                    state.error = exc
            finally:
                with cond:
                    state.finished = True
                    cond.notify_all()

        thread = threading.Thread(target=hand_out, name="ordered-dispatch", daemon=True)
        thread.start()
        try:
            index = 0
            while True:
                with cond:
                    while index not in done and not state.finished:
                        cond.wait()
                    if index not in done:
                        if state.error is not None:
                            raise state.error
                        return
                    result = done.pop(index)
                    state.taken = index + 1
                    cond.notify_all()
                yield result
                index += 1
        finally:
            stop.set()
            thread.join()
