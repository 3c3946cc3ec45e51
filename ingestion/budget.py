"""A time budget per file, checked by the stages that loop over a file's content.

The pipeline opens a budget around one file's parse, chunking and entity extraction; the
loops of those stages call ``check()``, which raises a DocumentError naming the file once the
budget is spent. The parser itself runs in a child process with a hard limit
(``ingestion.parsers.isolated``); this is the budget for the work that follows in-process.

>>> with file_budget("slow.txt", seconds=0.0):
...     check()
Traceback (most recent call last):
...
graphrag.errors.DocumentError: slow.txt: took longer than the 0 s budget for one file
  -> split the file, or raise GRAPHRAG_FILE_TIMEOUT_S
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from graphrag.errors import DocumentError


@dataclass(frozen=True)
class _Budget:
    path: str
    seconds: float
    deadline: float


_current: ContextVar[_Budget | None] = ContextVar("graphrag_file_budget", default=None)


@contextmanager
def file_budget(path: str, seconds: float | None) -> Iterator[None]:
    """Work on ``path`` inside this block may take ``seconds`` (None: no limit)."""
    if seconds is None:
        yield
        return
    token = _current.set(_Budget(path, seconds, time.monotonic() + seconds))
    try:
        yield
    finally:
        _current.reset(token)


@contextmanager
def paused() -> Iterator[None]:
    """Time spent inside this block is not the current file's: waiting for another file's
    parse, or for a parser process to start, moves the deadline on by as long."""
    start = time.monotonic()
    try:
        yield
    finally:
        budget = _current.get()
        if budget is not None:
            spent = time.monotonic() - start
            _current.set(_Budget(budget.path, budget.seconds, budget.deadline + spent))


def remaining() -> float | None:
    budget = _current.get()
    return None if budget is None else budget.deadline - time.monotonic()


def check() -> None:
    """Raise a DocumentError when the current file's budget is spent."""
    budget = _current.get()
    if budget is not None and time.monotonic() >= budget.deadline:
        raise DocumentError(
            budget.path,
            "timeout",
            f"took longer than the {budget.seconds:g} s budget for one file",
            hint="split the file, or raise GRAPHRAG_FILE_TIMEOUT_S",
        )
