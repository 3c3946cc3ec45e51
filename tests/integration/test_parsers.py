"""Parsers on the real files in ../shared/data: structure, tables, pages, metadata, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphrag.errors import DocumentError
from ingestion.parsers import parse_file
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.integration


def headings(doc) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    return [(b.level, b.text) for b in doc.blocks if b.kind == "heading"]


def test_markdown_law_with_front_matter(shared_data: Path) -> None:
    doc = parse_file(shared_data / "corpus/de-arbeitsrecht/kschg.md")
    assert doc.title == "Kündigungsschutzgesetz"
    assert doc.language == "de"
    assert doc.metadata["fm_jurabk"] == "KSchG"
    assert (2, "Erster Abschnitt - Allgemeiner Kündigungsschutz") in headings(doc)
    assert (3, "§ 1 Sozial ungerechtfertigte Kündigungen") in headings(doc)
    assert any(b.kind == "list_item" for b in doc.blocks)
    # the definition list under the title is the law's particulars, not text
    assert doc.metadata["fm_fundstelle"] == "BGBl I: 1951, 499"
    assert doc.metadata["fm_zuletzt_geändert_durch"] == "Art. 2 G v. 14.6.2021 I 1762"
    assert not [b for b in doc.blocks if "Fundstelle" in b.text or "1951-08-10" in b.text]


def test_only_the_definition_list_under_the_title_is_particulars(tmp_path: Path) -> None:
    doc = tmp_path / "policy.md"
    doc.write_text(
        "---\nTitle: Reiserichtlinie\nStand: 2024\n---\n# Reiserichtlinie\n\n"
        "Stand\n:   2019\n\nVerantwortlich\n:   Personalabteilung,\n    Team Reisen\n\n"
        "Sie gilt für alle Dienstreisen.\n\n## Begriffe\n\nDienstreise\n:   eine Reise im Auftrag\n"
    )
    parsed = parse_file(doc)
    # front matter wins over the list for the same term
    assert parsed.metadata["fm_stand"] == 2024
    assert parsed.metadata["fm_verantwortlich"] == "Personalabteilung, Team Reisen"
    texts = " ".join(b.text for b in parsed.blocks)
    assert "Personalabteilung" not in texts and "Sie gilt für alle Dienstreisen." in texts
    # under a section the same shape is the text's own
    assert "Dienstreise" in texts and "eine Reise im Auftrag" in texts
    # a glossary under the title says something: it stays the document's text
    glossary = tmp_path / "glossar.md"
    glossary.write_text(
        "# Glossar\n\nArbeitszeit\n:   Die Zeit vom Beginn bis zum Ende der Arbeit.\n\n"
        "Ruhepause\n:   Eine im Voraus feststehende Unterbrechung.\n\n## A\n\nText.\n"
    )
    parsed = parse_file(glossary)
    assert "fm_arbeitszeit" not in parsed.metadata
    assert "Die Zeit vom Beginn bis zum Ende der Arbeit." in " ".join(b.text for b in parsed.blocks)


def test_docx_headings_table_lists_and_properties(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/docling/word_sample.docx")
    assert doc.author == "Christoph Auer"
    assert (2, "Let’s swim!") in headings(doc)
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.header == ["", "Food", "Calories per portion"]
    assert table.rows[0] == ["Leaves", "Ash, Elm, Maple", "50"]
    assert sum(b.kind == "list_item" for b in doc.blocks) >= 6


def test_docx_nested_heading_levels(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/docling/unit_test_headers.docx")
    assert headings(doc)[:4] == [
        (2, "Section 1"),
        (3, "Section 1.1"),
        (3, "Section 1.2"),
        (4, "Section 1.2.3"),
    ]


def test_pptx_slides_are_pages(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/docling/powerpoint_sample.pptx")
    assert [(b.page, b.text) for b in doc.blocks if b.kind == "heading"][:2] == [
        (1, "Test Table Slide"),
        (2, "Second slide title"),
    ]
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.page == 1 and "Class1" in table.header


def test_xlsx_sheets_are_pages_with_header_rows(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/docling/xlsx_01.xlsx")
    tables = [b for b in doc.blocks if b.kind == "table"]
    assert (tables[0].page, tables[0].header, tables[0].rows[0]) == (
        1,
        ["first", "second", "third"],
        ["1", "5", "9"],
    )
    assert {t.page for t in tables} == {1, 2, 3}


def test_pdf_pages_headings_and_tables(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/docling/redp5110_sampled.pdf")
    assert doc.pages == 18
    table = next(b for b in doc.blocks if b.kind == "table")
    assert table.page == 8 and table.header == ["Column name", "Data type", "Description"]
    multi = parse_file(shared_data / "fixtures/docling/multi_page.pdf")
    assert multi.pages == 5
    assert (1, "The Rise of Personal Computers (1980s)") in headings(multi)
    assert {b.page for b in multi.blocks} == {1, 2, 3, 4, 5}


def test_pdf_words_keep_their_spaces(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/markitdown/test.pdf")
    assert "Large language models (LLMs) are becoming" in " ".join(b.text for b in doc.blocks)


def test_html_drops_navigation_and_keeps_content(shared_data: Path) -> None:
    doc = parse_file(shared_data / "fixtures/markitdown/test_wikipedia.html")
    assert doc.title == "Microsoft"
    text = " ".join(b.text for b in doc.blocks)
    assert "Bill Gates" in text
    assert "Jump to content" not in text and "Toggle" not in text
    assert sum(b.kind == "heading" for b in doc.blocks) > 10


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [
        ("empty.md", b"", "empty"),
        ("binary.docx", bytes(range(256)) * 8, "unknown_format"),
        ("truncated.pdf", b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog", "corrupt"),
        ("fake.docx", b"PK\x03\x04" + b"\x00" * 200, "unknown_format"),
        ("blank.txt", b"   \n\n  \t\n", "no_text"),
        ("bad-front.md", b"---\ntitle: [unclosed\n---\n# x\n", "front_matter"),
    ],
)
def test_bad_files_get_a_reason(tmp_path: Path, name: str, data: bytes, reason: str) -> None:
    with pytest.raises(DocumentError) as err:
        parse_file(_write(tmp_path, name, data))
    assert err.value.reason == reason
    assert name in str(err.value)


def test_truncated_docx_is_corrupt(tmp_path: Path, shared_data: Path) -> None:
    data = (shared_data / "fixtures/docling/word_sample.docx").read_bytes()
    with pytest.raises(DocumentError) as err:
        parse_file(_write(tmp_path, "cut.docx", data[: len(data) // 2]))
    assert err.value.reason in ("corrupt", "unknown_format")


def test_encrypted_pdf(tmp_path: Path, shared_data: Path) -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(shared_data / "fixtures/markitdown/test.pdf").pages:
        writer.add_page(page)
    writer.encrypt(user_password="secret", owner_password="owner")
    path = tmp_path / "locked.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    with pytest.raises(DocumentError) as err:
        parse_file(path)
    assert err.value.reason == "encrypted"


def test_scanned_pdf_without_text(tmp_path: Path) -> None:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=595, height=842)
    path = tmp_path / "scan.pdf"
    with open(path, "wb") as handle:
        writer.write(handle)
    with pytest.raises(DocumentError) as err:
        parse_file(path)
    assert err.value.reason == "no_text"


def test_size_limit(tmp_path: Path) -> None:
    path = _write(tmp_path, "big.txt", b"word " * 5000)
    with pytest.raises(DocumentError) as err:
        parse_file(path, max_bytes=1000)
    assert err.value.reason == "too_large"


def _text_pdf(path: Path, pages: list[list[tuple[float, float, str]]]) -> None:
    """A PDF whose pages draw each (x, y, text) in Helvetica 11 pt; the same text twice a
    fraction of a point apart is how "fake bold" is overprinted."""
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    font = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
        }
    )
    fonts = DictionaryObject({NameObject("/F1"): writer._add_object(font)})
    for lines in pages:
        page = writer.add_blank_page(width=595, height=842)
        ops = [f"BT /F1 11 Tf {x} {y} Td ({text}) Tj ET" for x, y, text in lines]
        stream = DecodedStreamObject()
        stream.set_data("\n".join(ops).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
        page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): fonts})
    with open(path, "wb") as handle:
        writer.write(handle)


def test_pdf_overprinted_bold_is_read_once_and_plain_pages_stay_whole(tmp_path: Path) -> None:
    path = tmp_path / "bold.pdf"
    bold = "Kuendigungsfrist fuer Arbeitnehmer"
    plain = "Die Frist betraegt vier Wochen zum Monatsende."
    second = "Zweite Zeile mit allerlei Text."
    _text_pdf(path, [[(72, 760, plain), (72, 744, second)], [(72, 760, bold), (72.3, 760, bold)]])
    doc = parse_file(path)
    texts = [b.text for b in doc.blocks]
    assert any(plain in t for t in texts) and any(second in t for t in texts)
    assert [t for t in texts if "Kuendigungsfrist" in t] == [bold]


def test_escaped_ordinals_in_markdown_stay_in_their_sentence(tmp_path: Path) -> None:
    """'vom\\n    1\\. Mai' in the laws came out as 'vom 1', '.', 'Mai' in three blocks."""
    burlg = parse_file(SHARED_DATA / "corpus" / "de-arbeitsrecht" / "burlg.md")
    assert any("in der Zeit vom 1. Mai bis zum 30. April" in b.text for b in burlg.blocks)
    assert not [b for b in burlg.blocks if b.text.strip() in (".", "1")]
    doc = tmp_path / "start.md"
    doc.write_text("# T\n\n1\\. Mai ist ein Feiertag. Er gilt ab dem\n2\\. Januar nicht.\n")
    texts = [b.text for b in parse_file(doc).blocks if b.kind != "title"]
    assert texts == ["1. Mai ist ein Feiertag. Er gilt ab dem 2. Januar nicht."]


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("multi_page.pdf", "The Evolution of the Word Processor"),  # bold first line
        ("redp5110_sampled.pdf", "Row and Column Access Control Support in IBM DB2 for i"),
    ],
)
def test_a_pdf_without_a_metadata_title_is_titled_by_its_cover(name: str, title: str) -> None:
    assert parse_file(SHARED_DATA / "fixtures" / "docling" / name).title == title
