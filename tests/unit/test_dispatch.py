"""The hand-out of files to workers, without Ray: thread-pool futures stand in for a worker's
task, so the order, the one-file-per-worker rule, the window and the error paths are checked
on our own logic."""

from __future__ import annotations

import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from typing import Any

import pytest

from ingestion.dispatch import OrderedDispatch


class Workers:
    """Named workers that run an item (a sleep, or a death) and record what they held."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.pool = ThreadPoolExecutor(max_workers=len(names) + 2)
        self.lock = threading.Lock()
        self.busy: dict[str, Any] = {}
        self.ran: dict[str, list[Any]] = {n: [] for n in names}
        self.submitted = 0
        self.overlaps: list[tuple[str, Any, Any]] = []

    def submit(self, worker: str, item: tuple[str, float]) -> Future[str]:
        with self.lock:
            if worker in self.busy:
                self.overlaps.append((worker, self.busy[worker], item))
            self.busy[worker] = item
            self.ran[worker].append(item[0])
            self.submitted += 1

        def run() -> str:
            name, seconds = item
            time.sleep(seconds)
            with self.lock:
                del self.busy[worker]
            if name.startswith("kill"):
                raise ConnectionError(f"worker {worker} died on {name}")
            return name.upper()

        return self.pool.submit(run)

    @staticmethod
    def wait(futures: list[Any], timeout: float) -> list[Any]:
        done, _ = wait_futures(futures, timeout=timeout, return_when=FIRST_COMPLETED)
        return list(done)

    @staticmethod
    def collect(item: tuple[str, float], future: Any) -> str:
        try:
            return str(future.result())
        except ConnectionError:
            return f"lost {item[0]}"

    def dispatch(self, window: int = 4) -> OrderedDispatch[str, tuple[str, float], str]:
        return OrderedDispatch(self.names, self.submit, self.wait, self.collect, window=window)


def test_results_come_in_the_items_order_whatever_order_they_finish_in() -> None:
    workers = Workers(["w1", "w2", "w3"])
    items = [(f"f{i}", 0.05 * (6 - i)) for i in range(6)]  # the first is the slowest
    assert list(workers.dispatch()(items)) == [f"F{i}" for i in range(6)]
    assert workers.overlaps == []
    assert sum(len(r) for r in workers.ran.values()) == 6


def test_a_worker_holds_one_item_so_a_death_takes_no_other_item_with_it() -> None:
    workers = Workers(["w1", "w2"])
    items = [("a", 0.02), ("kill-me", 0.05), ("b", 0.02), ("c", 0.02), ("d", 0.01)]
    assert list(workers.dispatch()(items)) == ["A", "lost kill-me", "B", "C", "D"]
    assert workers.overlaps == []  # nothing ever waited behind the dying item


def test_at_most_a_window_of_results_waits_for_a_slow_caller() -> None:
    workers = Workers(["w1", "w2"])
    items = [(f"f{i}", 0.0) for i in range(12)]
    seen: list[int] = []
    for result in workers.dispatch(window=3)(items):
        time.sleep(0.05)  # the caller writes the file meanwhile
        with workers.lock:
            seen.append(workers.submitted - len(seen))
        assert result
    assert max(seen) <= 1 + 3  # the one in the caller's hand, and a window of three more
    assert workers.submitted == 12


def test_a_worker_is_handed_the_next_item_while_the_caller_is_busy() -> None:
    workers = Workers(["w1"])
    results = workers.dispatch(window=4)([(f"f{i}", 0.0) for i in range(3)])
    assert next(results) == "F0"
    # the caller holds the first result (writing it); the worker already has the next item
    deadline = time.monotonic() + 5
    while workers.submitted < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert workers.submitted >= 2
    assert list(results) == ["F1", "F2"]


def test_an_error_handing_out_reaches_the_caller_after_what_was_done() -> None:
    workers = Workers(["w1"])

    def submit(worker: str, item: tuple[str, float]) -> Future[str]:
        if item[0] == "bad":
            raise RuntimeError("cannot submit bad")
        return workers.submit(worker, item)

    dispatch = OrderedDispatch(["w1"], submit, workers.wait, workers.collect, window=2)
    got = []
    with pytest.raises(RuntimeError, match="cannot submit bad"):
        for result in dispatch([("a", 0.0), ("bad", 0.0), ("c", 0.0)]):
            got.append(result)
    assert got == ["A"]


def test_a_caller_that_stops_early_stops_the_hand_out() -> None:
    workers = Workers(["w1", "w2"])
    results = workers.dispatch(window=2)([(f"f{i}", 0.01) for i in range(50)])
    assert next(results) == "F0"
    results.close()  # joins the hand-out thread: no thread and no more submissions after
    after = workers.submitted
    time.sleep(0.1)
    assert workers.submitted == after < 50
    assert not [t for t in threading.enumerate() if t.name == "ordered-dispatch"]


def test_no_workers_is_refused() -> None:
    with pytest.raises(ValueError, match="no workers"):
        OrderedDispatch([], Workers([]).submit, Workers.wait, Workers.collect, window=1)
