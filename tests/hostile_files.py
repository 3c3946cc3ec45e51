"""Hostile and careless inputs, built on the spot: what each is and the reason it must get.

Shared by the hostile-file tests and ``bench/hostile.py``.
"""

from __future__ import annotations

import random
import zipfile
from collections.abc import Callable
from pathlib import Path

from tests.conftest import SHARED_DATA


def _deep_html(path: Path) -> None:
    path.write_text(
        "<html><body>" + "<div>" * 50_000 + "deep" + "</div>" * 50_000 + "</body></html>"
    )


def _bracket_markdown(path: Path) -> None:
    # Markdown link parsing backtracks over unclosed brackets: minutes to hours of CPU
    path.write_text("# Brackets\n\n" + "[" * 50_000 + "x" + "]" * 50_000 + "\n")


def _no_spaces(path: Path) -> None:
    path.write_text("x" * 60_000)


def _one_line(path: Path) -> None:
    rng = random.Random(5)
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa".split()
    path.write_text(" ".join(rng.choice(words) for _ in range(8_000)))


def _zip_bomb(path: Path) -> None:
    block = b"\0" * (1 << 20)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as member:
            for _ in range(300):  # 300 MB of zeros in about 0.3 MB
                member.write(block)


def _encrypted_docx(path: Path) -> None:
    from msoffcrypto.format.ooxml import OOXMLFile

    source = SHARED_DATA / "fixtures/docling/word_sample.docx"
    with open(source, "rb") as plain, open(path, "wb") as out:
        OOXMLFile(plain).encrypt("secret", out)


def _legacy_doc(path: Path) -> None:
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 4096)


def _deep_quotes(path: Path) -> None:
    path.write_text("# Quotes\n\n" + ">" * 5_000 + " deep\n")


# file name -> (what it is, how to build it, the reason its error must carry; None: ingested)
HOSTILE: dict[str, tuple[str, Callable[[Path], None], str | None]] = {
    "deep.html": ("HTML nested 50,000 <div>s deep (550 KB)", _deep_html, "too_deep"),
    "brackets.md": ("Markdown of 50,000 nested brackets (100 KB)", _bracket_markdown, "timeout"),
    "quotes.md": ("Markdown quote nested 5,000 deep", _deep_quotes, "too_deep"),
    "nospace.txt": ("60 KB of text without a space", _no_spaces, None),
    "oneline.txt": ("50 KB of words on one line", _one_line, None),
    "bomb.docx": ("DOCX whose XML expands 300 MB from 0.3 MB", _zip_bomb, "zip_bomb"),
    "locked.docx": ("password-protected DOCX", _encrypted_docx, "encrypted"),
    "legacy.doc": ("Word 97 (OLE) file", _legacy_doc, "legacy_format"),
}


def build(folder: Path) -> dict[str, str | None]:
    """Write every hostile file into ``folder``; returns name -> expected reason."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, (_, make, _reason) in HOSTILE.items():
        make(folder / name)
    return {name: reason for name, (_, _, reason) in HOSTILE.items()}
