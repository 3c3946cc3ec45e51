from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ingestion.discover import discover
from ingestion.parsers.sniff import kind_of


@pytest.mark.parametrize(
    ("name", "data", "kind"),
    [
        ("a.docx", b"%PDF-1.4\n...", "pdf"),  # content wins over the name
        ("a.pdf", b"# Title\n\ntext", "text"),
        ("a.md", b"# Title\n\ntext", "markdown"),
        ("notes", b"---\ntitle: x\n---\n# T", "markdown"),
        ("page.txt", b"<!DOCTYPE html><html><body>x</body></html>", "html"),
        ("blob.docx", bytes(range(256)) * 4, "unknown"),
        ("latin1.txt", "Kündigung".encode("cp1252"), "text"),
    ],
)
def test_kind_by_content(tmp_path: Path, name: str, data: bytes, kind: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert kind_of(path) == kind


def test_office_zip_kinds(tmp_path: Path) -> None:
    for member, kind in (
        ("word/document.xml", "docx"),
        ("ppt/presentation.xml", "pptx"),
        ("xl/workbook.xml", "xlsx"),
        ("other.txt", "unknown"),
    ):
        path = tmp_path / f"file-{kind}.zip"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr(member, "<x/>")
        assert kind_of(path) == kind


def test_discover_filters_and_reports_missing(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / ".hidden").mkdir()
    for name in ("a.md", "b.pdf", "sub/c.md", ".hidden/d.md", "LICENSE", "~$lock.docx"):
        (tmp_path / name).write_text("x")
    files, problems = discover([tmp_path, tmp_path / "nope"], include=[], exclude=[])
    assert [f.name for f in files] == ["a.md", "b.pdf", "c.md"]
    assert problems == [(str(tmp_path / "nope"), "missing", "no such file or directory")]
    md_only, _ = discover([tmp_path], include=["*.md"], exclude=["sub/*"])
    assert [f.name for f in md_only] == ["a.md"]
    flat, _ = discover([tmp_path], include=[], exclude=[], recursive=False)
    assert [f.name for f in flat] == ["a.md", "b.pdf"]


def test_discover_does_not_follow_links_out_of_the_folder(tmp_path: Path) -> None:
    inside, outside = tmp_path / "docs", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    (inside / "a.md").write_text("x")
    (outside / "secret.md").write_text("x")
    (inside / "link.md").symlink_to(outside / "secret.md")
    (inside / "passwd.txt").symlink_to("/etc/passwd")
    (inside / "dir").symlink_to(outside, target_is_directory=True)
    (inside / "loop").symlink_to(inside, target_is_directory=True)
    (inside / "same.md").symlink_to(inside / "a.md")  # inside the folder: fine (same file)
    files, problems = discover([inside], include=[], exclude=[])
    assert files == [(inside / "a.md").resolve()]
    assert sorted((Path(p.path).name, p.reason) for p in problems) == [
        ("link.md", "outside"),
        ("passwd.txt", "outside"),
    ]
    # a file named on the command line is read wherever it is: the user chose it
    assert discover([inside / "link.md"], include=[], exclude=[])[0] == [
        (outside / "secret.md").resolve()
    ]
