"""Which files an ingest of PATH... means: files and folders, recursive, glob filters.

>>> from pathlib import Path
>>> discover([Path("/nonexistent")], include=[], exclude=[])
([], [Problem(path='/nonexistent', reason='missing', message='no such file or directory')])
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import NamedTuple


class Problem(NamedTuple):
    path: str
    reason: str
    message: str


DEFAULT_EXCLUDE = (".*", "~$*", "*.tmp", "LICENSE", "LICENSE.*", "*.lock")


def _walk(folder: Path, recursive: bool) -> list[Path]:
    """Files (and links to files) under ``folder``; linked folders are not entered, so a
    link cannot lead the walk out of the folder or round in a loop."""
    out: list[Path] = []
    for top, dirs, files in os.walk(folder, followlinks=False):
        dirs.sort()
        out += [Path(top) / f for f in sorted(files)]
        if not recursive:
            break
    return sorted(out)


def discover(
    paths: list[Path], *, include: list[str], exclude: list[str], recursive: bool = True
) -> tuple[list[Path], list[Problem]]:
    """Files to ingest (sorted, unique) and problems with the given paths."""
    found: dict[Path, None] = {}
    problems: list[Problem] = []
    patterns_out = [*DEFAULT_EXCLUDE, *exclude]
    for path in paths:
        if path.is_file():
            found[path.resolve()] = None  # named explicitly: no filters
            continue
        if not path.is_dir():
            problems.append(Problem(str(path), "missing", "no such file or directory"))
            continue
        root = path.resolve()
        for candidate in _walk(path, recursive):
            rel = candidate.relative_to(path)
            if any(part.startswith(".") for part in rel.parts[:-1]):
                continue
            name = candidate.name
            if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(str(rel), p) for p in patterns_out):
                continue
            if include and not any(
                fnmatch.fnmatch(name, p) or fnmatch.fnmatch(str(rel), p) for p in include
            ):
                continue
            resolved = candidate.resolve()
            if not resolved.is_relative_to(root):
                # a folder's ingest reads that folder: a link out of it is not followed
                problems.append(
                    Problem(str(candidate), "outside", f"a link that leads outside {path}; skipped")
                )
                continue
            if resolved.is_file():
                found[resolved] = None
    return sorted(found), problems


def display_paths(files: list[Path], roots: list[Path]) -> dict[Path, str]:
    """Each file as a person finds it: its path below the folder it was ingested from, with
    that folder's name ("de-arbeitsrecht/kschg.md"); a file named by itself is its name.

    >>> display_paths([Path("/d/laws/de/kschg.md"), Path("/x/a.md")], [Path("/d/laws")])
    {PosixPath('/d/laws/de/kschg.md'): 'laws/de/kschg.md', PosixPath('/x/a.md'): 'a.md'}
    """
    folders = [r.resolve() for r in roots if not r.is_file()]
    out: dict[Path, str] = {}
    for file in files:
        home = next((f for f in folders if file.is_relative_to(f)), None)
        out[file] = f"{home.name}/{file.relative_to(home).as_posix()}" if home else file.name
    return out
