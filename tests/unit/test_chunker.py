from __future__ import annotations

import numpy as np
import pytest

from ingestion.chunking import ChunkingConfig, HierarchicalChunker, SizeLimits, contextual_text
from ingestion.chunking.semantic import breakpoints
from ingestion.chunking.sentences import split_sentences
from schemas.access import AccessFields
from schemas.parsed import Block, ParsedDocument

WORDS = lambda text: len(text.split())  # noqa: E731 - a transparent token counter for tests


def chunker(
    target: int = 30, maximum: int = 45, minimum: int = 8, **kw: object
) -> HierarchicalChunker:
    limits = SizeLimits(target_tokens=target, max_tokens=maximum, min_tokens=minimum)
    return HierarchicalChunker(ChunkingConfig(default=limits, **kw), count_tokens=WORDS)  # type: ignore[arg-type]


def sentence(i: int, n: int = 9) -> str:
    return " ".join(f"W{i}x{j}" for j in range(n)) + "."


def test_sections_nest_and_chunks_never_cross_them() -> None:
    doc = ParsedDocument(
        title="Handbook",
        mime="text/markdown",
        blocks=[
            Block(kind="title", text="Handbook", level=1),
            Block(kind="paragraph", text="Preamble text before any heading."),
            Block(kind="heading", text="A", level=2),
            Block(kind="paragraph", text=" ".join(sentence(i) for i in range(8))),
            Block(kind="heading", text="A.1", level=3),
            Block(kind="paragraph", text=sentence(99)),
            Block(kind="heading", text="B", level=2),
            Block(kind="paragraph", text=sentence(100)),
        ],
    )
    out = chunker().chunk(doc, "d", AccessFields(tenant="acme", visibility="confidential"))
    assert [(s.title, s.level, s.path) for s in out.sections] == [
        ("A", 2, ["A"]),
        ("A.1", 3, ["A", "A.1"]),
        ("B", 2, ["B"]),
    ]
    assert out.sections[1].parent_id == out.sections[0].id
    by_section: dict[str | None, list[str]] = {}
    for c in out.chunks:
        by_section.setdefault(c.section_id, []).append(c.text)
        assert c.tenant == "acme" and c.visibility == "confidential"
        assert c.token_count <= 45
        assert c.text.endswith(".")  # sentence boundary
    assert by_section[None] == ["Preamble text before any heading."]
    assert len(by_section[out.sections[0].id]) >= 2
    assert [c.ordinal for c in out.chunks] == list(range(len(out.chunks)))


def test_overlap_context_is_metadata_not_text() -> None:
    doc = ParsedDocument(
        title="T",
        mime="text/plain",
        blocks=[Block(kind="paragraph", text=" ".join(sentence(i) for i in range(8)))],
    )
    out = chunker().chunk(doc, "d")
    first, second = out.chunks[0], out.chunks[1]
    assert second.metadata["prev_context"] == split_sentences(first.text)[-1]
    assert first.metadata["next_context"] == split_sentences(second.text)[0]
    assert first.metadata["next_context"] not in first.text


def test_tables_stay_whole_or_split_by_rows_with_header() -> None:
    small = Block(kind="table", header=["a", "b"], rows=[["1", "2"], ["3", "4"]])
    big = Block(
        kind="table", header=["name", "value"], rows=[[f"r{i}", f"v{i} " * 6] for i in range(20)]
    )
    doc = ParsedDocument(title="T", mime="text/plain", blocks=[small, big])
    out = chunker().chunk(doc, "d")
    tables = [c for c in out.chunks if c.kind == "table"]
    assert tables[0].text == "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |"
    parts = tables[1:]
    assert len(parts) > 1
    assert all(p.text.startswith("| name | value |\n|---|---|") for p in parts)
    rows = [line for p in parts for line in p.text.splitlines()[2:]]
    assert rows == ["| " + " | ".join(r) + " |" for r in big.rows]


def test_list_items_stay_with_their_lead_in() -> None:
    blocks = [Block(kind="paragraph", text=sentence(i)) for i in range(3)]
    blocks.append(Block(kind="paragraph", text="The following applies:"))
    blocks += [Block(kind="list_item", text=f"item {i} " + "x " * 5) for i in range(6)]
    out = chunker(target=30, maximum=60).chunk(
        ParsedDocument(title="T", mime="m", blocks=blocks), "d"
    )
    holder = next(c for c in out.chunks if "- item 0" in c.text)
    assert "The following applies:" in holder.text
    later = [c for c in out.chunks if "- item 5" in c.text and "- item 0" not in c.text]
    for c in later:
        assert c.text.startswith("The following applies: (…)")


def test_tiny_trailing_chunk_joins_its_neighbour() -> None:
    text = " ".join(sentence(i) for i in range(3)) + " Tail."
    out = chunker(target=28, maximum=45, minimum=8).chunk(
        ParsedDocument(title="T", mime="m", blocks=[Block(kind="paragraph", text=text)]), "d"
    )
    assert all(c.token_count >= 8 for c in out.chunks)
    assert out.chunks[-1].text.endswith("Tail.")


def test_a_run_on_sentence_is_cut_below_the_maximum() -> None:
    text = " ".join(f"w{i}" for i in range(200))
    out = chunker().chunk(
        ParsedDocument(title="T", mime="m", blocks=[Block(kind="paragraph", text=text)]), "d"
    )
    assert all(c.token_count <= 45 for c in out.chunks)
    assert " ".join(c.text for c in out.chunks).split() == text.split()


def test_per_format_limits() -> None:
    config = ChunkingConfig(
        per_format={"application/pdf": SizeLimits(target_tokens=20, max_tokens=25, min_tokens=2)}
    )
    assert config.limits_for("application/pdf").max_tokens == 25
    assert config.limits_for("text/plain").max_tokens == 480
    with pytest.raises(ValueError):
        SizeLimits(target_tokens=100, max_tokens=50)


def test_semantic_breakpoints_follow_topic_shifts() -> None:
    vectors = np.array([[1, 0], [0.99, 0.1], [0.98, 0.05], [0, 1], [0.1, 0.99], [0.05, 1]], float)
    assert breakpoints(vectors, "percentile", 80) == [3]
    assert breakpoints(vectors, "std", 1.0) == [3]
    assert breakpoints(vectors, "iqr", 1.5) == [3]

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0.0] if "Alpha" in t else [0.0, 1.0] for t in texts])

    sentences = [f"Alpha {i} text here." for i in range(7)] + [
        f"Beta {i} text here." for i in range(7)
    ]
    limits = SizeLimits(target_tokens=200, max_tokens=300, min_tokens=4)
    semantic = HierarchicalChunker(
        ChunkingConfig(default=limits, semantic=True, semantic_amount=50, semantic_min_sentences=4),
        count_tokens=WORDS,
        embed_sentences=embed,
    )
    doc = ParsedDocument(
        title="T", mime="m", blocks=[Block(kind="paragraph", text=" ".join(sentences))]
    )
    texts = [c.text for c in semantic.chunk(doc, "d").chunks]
    assert len(texts) == 2 and "Beta" not in texts[0] and "Alpha" not in texts[1]


def test_contextual_text_prefixes_title_and_path() -> None:
    doc = ParsedDocument(
        title="KSchG",
        mime="m",
        blocks=[
            Block(kind="heading", text="§ 1 Sozial ungerechtfertigte Kündigungen", level=2),
            Block(kind="paragraph", text="Die Kündigung ist unwirksam."),
        ],
    )
    chunk = chunker().chunk(doc, "d").chunks[0]
    assert chunk.text == "Die Kündigung ist unwirksam."
    assert contextual_text(chunk, "KSchG") == (
        "KSchG > § 1 Sozial ungerechtfertigte Kündigungen\n\nDie Kündigung ist unwirksam."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Gemäß § 622 Abs. 2 BGB verlängert sich die Frist. Das gilt ab 1. Jan. 2024.",
            ["Gemäß § 622 Abs. 2 BGB verlängert sich die Frist.", "Das gilt ab 1. Jan. 2024."],
        ),
        (
            "Dr. med. A. Müller u. a. widersprachen, z. B. am 3.4.2020. Danach ruhte es.",
            ["Dr. med. A. Müller u. a. widersprachen, z. B. am 3.4.2020.", "Danach ruhte es."],
        ),
        (
            "He met Dr. Smith at 5 p.m. on Jan. 3. They talked.",
            ["He met Dr. Smith at 5 p.m. on Jan. 3.", "They talked."],
        ),
        # a court decision's margin numbers end the sentence before them, glued or not
        (
            "Das Urteil ist rechtskräftig.2Der Kläger rügt das.45 a) Die Kosten trägt er.",
            [
                "Das Urteil ist rechtskräftig.",
                "2Der Kläger rügt das.",
                "45 a) Die Kosten trägt er.",
            ],
        ),
        (
            "Von einer Darstellung wird abgesehen.2 Auf das Urteil wird Bezug genommen.",
            ["Von einer Darstellung wird abgesehen.", "2 Auf das Urteil wird Bezug genommen."],
        ),
        # after a closing parenthesis too; a glued section heading stands alone
        (
            "Das folgt aus § 4 VwGO).4Gemäß § 124 VwGO ist sie zuzulassen.TenorDie Klage wird "
            "abgewiesen.",
            [
                "Das folgt aus § 4 VwGO).",
                "4Gemäß § 124 VwGO ist sie zuzulassen.",
                "Tenor",
                "Die Klage wird abgewiesen.",
            ],
        ),
        # ... but not a number after an abbreviation, nor a decimal
        (
            "Es gilt § 3 Abs.2 Satz 1 und kostet 3.500 Euro. Das ist so.",
            ["Es gilt § 3 Abs.2 Satz 1 und kostet 3.500 Euro.", "Das ist so."],
        ),
        # a citation in parentheses continues its sentence; a numbered paragraph starts one
        (
            "Das folgt aus der Rechtsprechung (vgl. BVerfG, Beschl. v. 18.07.1973 – 1 BvR 23/73"
            " –) des Gerichts. (2) Der Antrag ist zu begründen.",
            [
                "Das folgt aus der Rechtsprechung (vgl. BVerfG, Beschl. v. 18.07.1973 – 1 BvR 23/73"
                " –) des Gerichts.",
                "(2) Der Antrag ist zu begründen.",
            ],
        ),
    ],
)
def test_sentence_splitting(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected
