"""Progress events from long work; the CLI draws bars, the HTTP API reports them as JSON."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    def stage(self, name: str, total: int | None = None) -> None:
        """A stage (files, embed, ...) starts, with its total when known."""

    def advance(self, name: str, n: int = 1, detail: str = "") -> None: ...


class NoProgress:
    def stage(self, name: str, total: int | None = None) -> None:
        return None

    def advance(self, name: str, n: int = 1, detail: str = "") -> None:
        return None
