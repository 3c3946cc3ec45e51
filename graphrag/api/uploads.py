"""Uploaded files land inside one directory, under names that cannot escape it.

An upload is staged in ``uploads/<tenant>/.incoming/<job>/`` and placed at
``uploads/<tenant>/<name>`` when its job runs: the same name is the same document (its source
path), so uploading it again is unchanged or replaces the previous version, as ``graphrag
ingest`` of the same path does. The replaced file waits aside until the new one is stored.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from graphrag.errors import InputError
from graphrag.files import private_dir
from schemas.access import check_tenant

_UNSAFE = re.compile(r"[^\w.\- ]+", re.UNICODE)
CHUNK = 1 << 20
MAX_NAME_BYTES = 200  # file systems allow 255; room for the "-N" of a repeated name


def safe_name(filename: str | None) -> str:
    """The last path component, stripped of anything but word characters, dots, dashes and
    spaces, at most MAX_NAME_BYTES bytes (the extension kept); never empty, hidden or ``..``.

    >>> safe_name("../../etc/passwd"), safe_name("C:\\\\x\\\\Bericht 2024.pdf"), safe_name("..")
    ('passwd', 'Bericht 2024.pdf', 'upload')
    >>> len(safe_name("a" * 300 + ".pdf")), safe_name("a" * 300 + ".pdf")[-4:]
    (200, '.pdf')
    """
    base = re.split(r"[\\\\/]", filename or "")[-1]
    cleaned = _UNSAFE.sub("_", base).strip(" .")
    if len(cleaned.encode("utf-8")) > MAX_NAME_BYTES:
        stem, dot, suffix = cleaned.rpartition(".")
        suffix = f".{suffix}" if dot and 0 < len(suffix) <= 10 else ""
        stem = cleaned[: len(cleaned) - len(suffix)] if suffix else cleaned
        room = MAX_NAME_BYTES - len(suffix.encode("utf-8"))
        stem = stem.encode("utf-8")[:room].decode("utf-8", errors="ignore").rstrip(" .")
        cleaned = stem + suffix
    return cleaned or "upload"


def tenant_folder(uploads: Path, tenant: str) -> Path:
    """``uploads/<tenant>``, for a tenant name that is checked again here (it names a folder)."""
    try:
        check_tenant(tenant)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    folder = (uploads / tenant).resolve()
    if folder.parent != uploads.resolve():
        raise InputError(f"tenant {tenant!r} leaves the upload folder")
    return folder


def save_upload(source: BinaryIO, filename: str | None, folder: Path, max_bytes: int) -> Path:
    """Stream an upload into ``folder`` (refusing more than ``max_bytes``); returns its path.

    Folders are made readable by the service's user only."""
    private_dir(folder)
    name = safe_name(filename)
    target = (folder / name).resolve()
    if target.parent != folder.resolve():  # belt and braces: safe_name already forbids this
        raise InputError(f"upload name {filename!r} leaves the upload folder")
    stem, suffix, n = target.stem, target.suffix, 1
    while target.exists():
        target = target.with_name(f"{stem}-{n}{suffix}")
        n += 1
    written = 0
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            while block := source.read(CHUNK):
                written += len(block)
                if written > max_bytes:
                    raise InputError(
                        f"{name}: larger than the {max_bytes / (1 << 20):g} MB limit",
                        hint="raise GRAPHRAG_MAX_FILE_MB or split the file",
                    )
                out.write(block)
    except InputError:
        target.unlink(missing_ok=True)
        raise
    except OSError as exc:
        target.unlink(missing_ok=True)
        raise InputError(f"{name}: cannot store the upload: {exc.strerror}") from None
    return target


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class Placed:
    path: Path
    previous: Path | None  # the upload it replaced, kept until this one is stored


def place(staged: list[Path], home: Path) -> list[Placed]:
    """Move staged uploads to their names in ``home``, the files they replace set aside."""
    placed = []
    for file in staged:
        target = home / file.name
        previous = None
        if target.exists():
            previous = home / f".{file.name}.previous"  # no upload name starts with a dot
            os.replace(target, previous)
        os.replace(file, target)
        placed.append(Placed(target, previous))
    return placed


def settle(placed: list[Placed], failed: set[Path]) -> None:
    """A stored upload drops the file it replaced; a failed one gives it back, or goes when
    it replaced nothing: the folder holds the files of the documents that are stored."""
    for p in placed:
        if p.path in failed:
            if p.previous is not None:
                os.replace(p.previous, p.path)
            else:
                p.path.unlink(missing_ok=True)
        elif p.previous is not None:
            p.previous.unlink(missing_ok=True)


def remove_upload(uploads: Path, source: str) -> None:
    """Delete a document's uploaded file (a document from elsewhere keeps its file)."""
    path = Path(source)
    try:
        path.resolve().relative_to(uploads.resolve())
    except (ValueError, OSError):
        return
    path.unlink(missing_ok=True)
