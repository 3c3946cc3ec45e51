"""Uploaded files land inside one directory, under names that cannot escape it."""

from __future__ import annotations

import os
import re
import shutil
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
