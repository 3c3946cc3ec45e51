"""Folders only the service's user can read: the stores, the embedding cache and uploads hold
every tenant's text.

>>> import tempfile, pathlib
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> mode = lambda p: oct(p.stat().st_mode & 0o777)
>>> mode(private_dir(root / "a" / "b")), mode(root / "a")
('0o700', '0o700')
"""

from __future__ import annotations

import os
from pathlib import Path

from graphrag.errors import ConfigError


def private_dir(path: Path) -> Path:
    """``path`` as a folder with mode 0700, creating it and any missing parents (0700 too).

    Folders that already exist keep their mode: a data directory the user made (or ``.``)
    is theirs to set."""
    missing = []
    current = path
    while not current.exists():
        missing.append(current)
        current = current.parent
    try:
        for folder in reversed(missing):
            folder.mkdir(mode=0o700)
            os.chmod(folder, 0o700)  # mkdir's mode is masked by the umask
    except FileExistsError:
        pass  # made meanwhile by another process
    except OSError as exc:
        raise ConfigError(
            "GRAPHRAG_DATA_DIR",
            f"cannot create {path}: {exc.strerror}",
            hint="point GRAPHRAG_DATA_DIR at a folder you may write",
        ) from None
    if not path.is_dir():
        raise ConfigError("GRAPHRAG_DATA_DIR", f"{path} is not a folder")
    return path


def write_private(path: Path, text: str) -> None:
    """Replace ``path`` whole with ``text``, readable by this user only (0600): a reader sees
    the old file or the new one, never half of it."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)
