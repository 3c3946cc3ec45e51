"""The stores' lock: reads together, a write alone, a waiting writer not starved."""

from __future__ import annotations

import threading
import time

import pytest

from graphrag.locks import StoreLock

WAIT = 5.0  # seconds a test waits for what must happen; never reached when the lock works


def test_readers_share_the_lock() -> None:
    lock = StoreLock()
    inside = threading.Barrier(3, timeout=WAIT)

    def read() -> None:
        with lock.read():
            inside.wait()  # all three readers are inside at once, or this times out

    threads = [threading.Thread(target=read) for _ in range(2)]
    for t in threads:
        t.start()
    read()
    for t in threads:
        t.join(WAIT)


def test_a_writer_waits_for_readers_and_then_holds_the_stores_alone() -> None:
    lock = StoreLock()
    events: list[str] = []
    reading = threading.Event()
    release = threading.Event()

    def reader() -> None:
        with lock.read():
            reading.set()
            release.wait(WAIT)
            events.append("read done")

    def writer() -> None:
        with lock.write():
            events.append("write")

    r = threading.Thread(target=reader)
    r.start()
    reading.wait(WAIT)
    w = threading.Thread(target=writer)
    w.start()
    time.sleep(0.1)
    assert events == []  # the writer waits for the reader
    release.set()
    r.join(WAIT)
    w.join(WAIT)
    assert events == ["read done", "write"]


def test_a_waiting_writer_goes_before_new_readers() -> None:
    lock = StoreLock()
    order: list[str] = []
    first_in = threading.Event()
    release = threading.Event()

    def first_reader() -> None:
        with lock.read():
            first_in.set()
            release.wait(WAIT)

    def writer() -> None:
        with lock:
            order.append("write")

    def late_reader() -> None:
        with lock.read():
            order.append("late read")

    threads = [threading.Thread(target=first_reader)]
    threads[0].start()
    first_in.wait(WAIT)
    threads.append(threading.Thread(target=writer))
    threads[1].start()
    time.sleep(0.1)  # the writer is waiting now
    threads.append(threading.Thread(target=late_reader))
    threads[2].start()
    time.sleep(0.1)
    assert order == []  # the late reader does not overtake the waiting writer
    release.set()
    for t in threads:
        t.join(WAIT)
    assert order == ["write", "late read"]


def test_the_lock_is_reentrant_where_it_is_safe() -> None:
    lock = StoreLock()
    with lock, lock.read(), lock.write():  # a writer reads and writes inside its turn
        pass
    with lock.read(), lock.read():
        pass
    with lock.read(), pytest.raises(RuntimeError, match="reader"):
        lock._acquire_write()
    # all released: another thread can write at once
    done = threading.Event()

    def write() -> None:
        with lock:
            done.set()

    t = threading.Thread(target=write)
    t.start()
    assert done.wait(WAIT)
    t.join(WAIT)


def test_a_reader_inside_its_read_is_not_held_up_by_a_waiting_writer() -> None:
    lock = StoreLock()
    outer = threading.Event()
    again = threading.Event()
    proceed = threading.Event()

    def reader() -> None:
        with lock.read():
            outer.set()
            proceed.wait(WAIT)
            with lock.read():  # the writer below waits for this thread anyway
                again.set()

    r = threading.Thread(target=reader)
    r.start()
    outer.wait(WAIT)

    def write() -> None:
        with lock:
            pass

    w = threading.Thread(target=write)
    w.start()
    time.sleep(0.1)
    proceed.set()
    assert again.wait(WAIT)
    r.join(WAIT)
    w.join(WAIT)
