"""Checks on container formats before any parser opens them: encrypted and legacy Office
files (OLE2 compound files) and zip archives that expand far beyond their size.

>>> office_container_problem(b"PK\\x03\\x04") is None
True
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from graphrag.errors import DocumentError

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
# An OOXML file expands 3-50x; a zip bomb 1,000x and more. Whatever the ratio, more than this
# much XML is not a document anyone reads.
MAX_UNZIPPED_BYTES = 2 * 1024**3
MAX_RATIO = 200
MAX_MEMBERS = 100_000


def office_container_problem(head: bytes) -> str | None:
    """``"ole"`` when the bytes start an OLE2 compound file (encrypted OOXML, or .doc/.xls/.ppt)."""
    return "ole" if head.startswith(OLE_MAGIC) else None


def check_ole(path: Path) -> None:
    """Always raises: an OLE2 file is either a password-protected OOXML document or a legacy
    (pre-2007) Office file, and neither can be read."""
    with open(path, "rb") as handle:
        data = handle.read(4 * 1024 * 1024)  # the directory sits near the start in practice
    if _ENCRYPTED_STREAM in data:
        raise DocumentError(
            str(path),
            "encrypted",
            "the Office document is password-protected",
            hint="remove the password (File > Info > Protect) and save it again",
        )
    raise DocumentError(
        str(path),
        "legacy_format",
        "a legacy Office file (.doc, .xls or .ppt from before 2007) cannot be read",
        hint="save it as .docx, .xlsx or .pptx",
    )


def check_zip(path: Path) -> None:
    """Refuse an archive whose members would expand beyond what any document needs."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise DocumentError(str(path), "corrupt", f"not a readable archive: {exc}") from None
    if len(members) > MAX_MEMBERS:
        raise DocumentError(
            str(path), "zip_bomb", f"the archive holds {len(members):,} files; refusing to open it"
        )
    unzipped = sum(m.file_size for m in members)
    packed = max(1, sum(m.compress_size for m in members))
    if unzipped > MAX_UNZIPPED_BYTES or (unzipped > 50 * 1024**2 and unzipped / packed > MAX_RATIO):
        raise DocumentError(
            str(path),
            "zip_bomb",
            f"the archive expands from {packed / 1e6:.1f} MB to {unzipped / 1e6:.0f} MB "
            "(a zip bomb, or a document no one can read)",
            hint="check where the file comes from",
        )
