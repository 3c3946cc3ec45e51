"""Uploaded files land inside one directory, under names that cannot escape it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import BinaryIO

from graphrag.errors import InputError

_UNSAFE = re.compile(r"[^\w.\- ]+", re.UNICODE)
CHUNK = 1 << 20


def safe_name(filename: str | None) -> str:
    """The last path component, stripped of anything but word characters, dots, dashes and
    spaces; never empty, never hidden, never ``..``.

    >>> safe_name("../../etc/passwd"), safe_name("C:\\\\x\\\\Bericht 2024.pdf"), safe_name("..")
    ('passwd', 'Bericht 2024.pdf', 'upload')
    """
    base = re.split(r"[\\\\/]", filename or "")[-1]
    cleaned = _UNSAFE.sub("_", base).strip(" .")
    return cleaned or "upload"


def save_upload(source: BinaryIO, filename: str | None, folder: Path, max_bytes: int) -> Path:
    """Stream an upload into ``folder`` (refusing more than ``max_bytes``); returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    name = safe_name(filename)
    target = (folder / name).resolve()
    if target.parent != folder.resolve():  # belt and braces: safe_name already forbids this
        raise InputError(f"upload name {filename!r} leaves the upload folder")
    stem, suffix, n = target.stem, target.suffix, 1
    while target.exists():
        target = target.with_name(f"{stem}-{n}{suffix}")
        n += 1
    written = 0
    with target.open("wb") as out:
        while block := source.read(CHUNK):
            written += len(block)
            if written > max_bytes:
                out.close()
                target.unlink()
                raise InputError(
                    f"{name}: larger than {max_bytes // (1 << 20)} MB",
                    hint="raise GRAPHRAG_MAX_FILE_MB or split the file",
                )
            out.write(block)
    return target


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
