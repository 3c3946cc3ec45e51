"""The Parser stage: one file in, one ParsedDocument out, or a DocumentError saying why not."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from schemas.parsed import ParsedDocument


class Parser(Protocol):
    def parse(self, path: Path) -> ParsedDocument: ...
