"""Which files an ingest of PATH... means: files and folders, recursive, glob filters.

>>> from pathlib import Path
>>> discover([Path("/nonexistent")], include=[], exclude=[])
([], ['/nonexistent: no such file or directory'])
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

DEFAULT_EXCLUDE = (".*", "~$*", "*.tmp", "LICENSE", "LICENSE.*", "*.lock")


def discover(
    paths: list[Path], *, include: list[str], exclude: list[str], recursive: bool = True
) -> tuple[list[Path], list[str]]:
    """Files to ingest (sorted, unique) and problems with the given paths."""
    found: dict[Path, None] = {}
    problems: list[str] = []
    patterns_out = [*DEFAULT_EXCLUDE, *exclude]
    for path in paths:
        if path.is_file():
            found[path.resolve()] = None  # named explicitly: no filters
            continue
        if not path.is_dir():
            problems.append(f"{path}: no such file or directory")
            continue
        walker = path.rglob("*") if recursive else path.glob("*")
        for candidate in sorted(walker):
            rel = candidate.relative_to(path)
            if any(part.startswith(".") for part in rel.parts[:-1]) or not candidate.is_file():
                continue
            name = candidate.name
            if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(str(rel), p) for p in patterns_out):
                continue
            if include and not any(
                fnmatch.fnmatch(name, p) or fnmatch.fnmatch(str(rel), p) for p in include
            ):
                continue
            found[candidate.resolve()] = None
    return sorted(found), problems
