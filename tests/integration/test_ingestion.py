"""Ingestion end to end on real files and real stores (embedded ArcadeDB, qdrant-edge, e5)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphrag import GraphRAG
from graphrag.errors import StoreUnavailableError
from schemas import (
    AccessFilter,
    Chunk,
    FieldMatch,
    HybridQuery,
    PayloadFilter,
    VectorPoint,
    stable_id,
)

pytestmark = pytest.mark.integration


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[GraphRAG]:
    with GraphRAG(data_dir=tmp_path / "data") as instance:
        yield instance


def consistent(rag: GraphRAG) -> dict[str, int]:
    stats = rag.graph.stats()
    assert rag.vectors.count() == stats.chunks  # every chunk has exactly one point
    return stats.model_dump()


def test_real_files_in_seven_formats_with_bad_ones_beside(
    rag: GraphRAG, tmp_path: Path, shared_data: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for rel in (
        "corpus/de-arbeitsrecht/kschg.md",
        "corpus/de-arbeitsrecht/tzbfg.md",
        "fixtures/docling/word_sample.docx",
        "fixtures/docling/powerpoint_sample.pptx",
        "fixtures/docling/xlsx_01.xlsx",
        "fixtures/markitdown/test.pdf",
        "fixtures/markitdown/test_blog.html",
    ):
        shutil.copy(shared_data / rel, folder)
    (folder / "notes.txt").write_text("Meeting notes\n\nThe budget was approved by Acme GmbH.\n")
    (folder / "empty.md").write_bytes(b"")
    (folder / "binary.docx").write_bytes(bytes(range(256)) * 8)
    (folder / "truncated.pdf").write_bytes(b"%PDF-1.7\n1 0 obj\n<<")

    report = rag.ingest([folder], tenant="acme", visibility="internal", acl=["staff"])

    assert report.documents == 8
    assert sorted((Path(e.path).name, e.reason) for e in report.errors) == [
        ("binary.docx", "unknown_format"),
        ("empty.md", "empty"),
        ("truncated.pdf", "corrupt"),
    ]
    stats = consistent(rag)
    assert stats["documents"] == 8 and stats["chunks"] == report.chunks
    assert stats["document_links"] >= 1  # TzBfG cites the Kündigungsschutzgesetz
    docs = {Path(d.document.source).name: d for d in rag.documents(AccessFilter.everything())}
    assert docs["kschg.md"].document.title == "Kündigungsschutzgesetz"
    assert docs["kschg.md"].document.language == "de"
    assert docs["word_sample.docx"].document.author == "Christoph Auer"

    kschg = docs["kschg.md"].document
    hits = rag.vectors.count(
        PayloadFilter(
            access=AccessFilter.everything(), must=[FieldMatch(key="doc_id", values=[kschg.id])]
        )
    )
    assert hits == docs["kschg.md"].chunks
    only_kschg = PayloadFilter(
        access=AccessFilter.everything(), must=[FieldMatch(key="doc_id", values=[kschg.id])]
    )
    query = HybridQuery(dense=rag.embedder.embed_query("Sozialauswahl"), limit=1, filter=only_kschg)
    point = rag.vectors.fetch([p.id for p in rag.vectors.query(query)])[0]
    assert point.payload["tenant"] == "acme" and point.payload["acl"] == ["staff"]
    chunk = rag.graph.fetch_chunks([point.id], AccessFilter(tenant="acme", groups=["staff"]))[0]
    assert chunk.chunk.section_path[0].endswith("Abschnitt - Allgemeiner Kündigungsschutz")
    assert chunk.chunk.section_path[1].startswith("§ 1")  # the Sozialauswahl is in § 1 (3)
    assert rag.graph.fetch_chunks([point.id], AccessFilter(tenant="acme", groups=["other"])) == []
    pdf_chunk_pages = {c.page_start for c in _chunks_of(rag, docs["test.pdf"].document.id)}
    assert pdf_chunk_pages == {1}


def _chunks_of(rag: GraphRAG, doc_id: str) -> list[Chunk]:
    query = HybridQuery(
        dense=[0.01] * rag.embedder.dimension,
        limit=200,
        filter=PayloadFilter(
            access=AccessFilter.everything(), must=[FieldMatch(key="doc_id", values=[doc_id])]
        ),
    )
    ids = [h.id for h in rag.vectors.query(query)]
    return [c.chunk for c in rag.graph.fetch_chunks(ids, AccessFilter.everything())]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


DOC_A = """# Projekt Nord

## Vertrag

Die Acme GmbH beauftragte die Zeta AG mit dem Bau. Max Mustermann leitet das Projekt.

## Fristen

Die Abnahme erfolgt am 31.12.2025 gemäß § 640 BGB.
"""
DOC_B = """# Projekt Süd

Die Acme GmbH plant ein zweites Projekt mit Max Mustermann.
"""


def test_reingest_writes_nothing_and_changes_replace_old_versions(
    rag: GraphRAG, tmp_path: Path
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    a = write(folder / "a.md", DOC_A)
    write(folder / "b.md", DOC_B)
    first = rag.ingest([folder])
    assert (first.documents, first.errors) == (2, [])
    before = consistent(rag)

    again = rag.ingest([folder])
    assert (again.documents, again.chunks, again.unchanged) == (0, 0, 2)
    assert consistent(rag) == before

    names = lambda: {e.name for e in rag.graph.list_entities()}  # noqa: E731
    assert {"Acme GmbH", "Zeta AG", "Max Mustermann", "§ 640 BGB"} <= names()
    write(a, DOC_A.replace("die Zeta AG", "die Omega KG").replace("§ 640 BGB", "§ 641 BGB"))
    changed = rag.ingest([folder])
    assert (changed.documents, changed.unchanged, changed.deleted_versions) == (1, 1, 1)
    after = consistent(rag)
    assert after["documents"] == 2
    assert "Zeta AG" not in names() and "§ 640 BGB" not in names()  # only a mentioned them
    assert {"Acme GmbH", "Omega KG", "Max Mustermann"} <= names()  # shared ones stay
    doc_a = next(
        d.document
        for d in rag.documents(AccessFilter.everything())
        if d.document.source.endswith("a.md")
    )
    assert doc_a.version == 2

    report = rag.delete(str(a))
    assert report.documents == 1 and report.chunks >= 1
    final = consistent(rag)
    assert final["documents"] == 1
    assert "Omega KG" not in names() and "Acme GmbH" in names()


def test_empty_folder_and_missing_path(rag: GraphRAG, tmp_path: Path) -> None:
    (tmp_path / "nothing").mkdir()
    report = rag.ingest([tmp_path / "nothing", tmp_path / "missing"])
    assert report.documents == 0
    assert [e.reason for e in report.errors] == ["missing"]


LINKED = {
    "film.md": "# Maximum Overdrive\n\nMaximum Overdrive is a 1986 horror film directed by "
    "Stephen King and produced by Dino De Laurentiis in North Carolina.\n",
    "king.md": "# Stephen King\n\nStephen King is an American author. In 1986 he directed "
    "Maximum Overdrive for the producer Dino De Laurentiis.\n",
    "dino.md": "# Dino De Laurentiis\n\nDino De Laurentiis was an Italian film producer who "
    "worked with Stephen King.\n",
}


@pytest.fixture
def linked(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name, text in LINKED.items():
        (folder / name).write_text(text)
    return folder


def test_links_added_file_by_file_equal_links_made_at_once(tmp_path: Path, linked: Path) -> None:
    with GraphRAG(data_dir=tmp_path / "once") as rag:
        rag.ingest([linked])
        once = rag.graph.stats()
    with GraphRAG(data_dir=tmp_path / "incremental") as rag:
        for name in LINKED:  # the film first: its targets arrive later
            rag.ingest([linked / name])
        incremental = rag.graph.stats()
    assert once.document_links >= 3 and once.about_edges >= 3
    assert (incremental.document_links, incremental.about_edges) == (
        once.document_links,
        once.about_edges,
    )


def test_documents_a_failed_link_step_left_are_linked_by_the_next_run(
    tmp_path: Path, linked: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with GraphRAG(data_dir=tmp_path / "data") as rag:
        with monkeypatch.context() as patched:

            def down(entity_ids: list[str]) -> dict[str, list[str]]:
                raise StoreUnavailableError("graph store", "lost the connection")

            patched.setattr(rag.graph, "documents_mentioning", down)
            with pytest.raises(StoreUnavailableError):
                rag.ingest([linked])
        assert rag.graph.stats().document_links == 0
        assert all(d.document.links_pending for d in rag.documents(AccessFilter.everything()))
        report = rag.ingest([linked])  # every file unchanged; only the links are missing
        assert report.unchanged == 3
        assert rag.graph.stats().document_links >= 3
        assert not any(d.document.links_pending for d in rag.documents(AccessFilter.everything()))


def test_a_failing_model_fails_the_buffered_files_and_keeps_what_was_stored(
    tmp_path: Path, linked: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(texts: list[str]) -> list[list[float]]:
        raise RuntimeError("model weights unreadable")

    with GraphRAG(data_dir=tmp_path / "data") as rag:
        with monkeypatch.context() as patched:
            patched.setattr(rag.embedder, "embed_documents", broken)
            report = rag.ingest([linked])
        assert report.documents == 0 and report.chunks == 0
        assert sorted(Path(e.path).name for e in report.errors) == sorted(LINKED)
        assert all("model weights unreadable" in e.error for e in report.errors)
        assert rag.graph.stats().documents == 0 and rag.vectors.count() == 0
        again = rag.ingest([linked])
        assert again.documents == 3 and not again.errors
        stored = consistent(rag)

        # a changed file whose new version cannot be embedded keeps its old version
        (linked / "dino.md").write_text(LINKED["dino.md"] + "\nHe produced Barbarella.\n")
        versions = {
            d.document.id: d.document.sha256 for d in rag.documents(AccessFilter.everything())
        }
        with monkeypatch.context() as patched:
            patched.setattr(rag.embedder, "embed_documents", broken)
            failed = rag.ingest([linked / "dino.md"])
        assert [Path(e.path).name for e in failed.errors] == ["dino.md"]
        assert failed.deleted_versions == 0
        assert {
            d.document.id: d.document.sha256 for d in rag.documents(AccessFilter.everything())
        } == versions
        assert consistent(rag) == stored
        updated = rag.ingest([linked / "dino.md"])
        assert updated.documents == 1 and updated.deleted_versions == 1


def test_the_next_ingest_repairs_stores_that_disagree(tmp_path: Path, linked: Path) -> None:
    with GraphRAG(data_dir=tmp_path / "data") as rag:
        assert not rag.ingest([linked]).errors
        everything = AccessFilter.everything()
        film = next(
            d.document.id
            for d in rag.documents(everything)
            if d.document.source.endswith("film.md")
        )
        lost = sorted(rag.graph.chunk_ids_of([film])[film])
        orphan = rag.vectors.fetch(lost[:1])[0]
        rag.vectors.delete_document(film)  # a chunk without its point: unsearchable
        stray = VectorPoint(
            id=stable_id("chunk", "left by a killed run"),
            dense=rag.embedder.embed_query("stray"),
            payload={**orphan.payload, "doc_id": "no-such-document"},
        )
        rag.vectors.upsert([stray])  # a point without its chunk
        # the totals agree (one lost, one stray): the check is per document
        assert rag.vectors.count() == rag.graph.stats().chunks

        report = rag.ingest([])  # any ingest, even of nothing, reconciles first
        assert report.repaired == len(lost) + 1
        consistent(rag)
        assert set(rag.vectors.point_ids([film])[film]) == set(lost)
        hits = rag.search("Which horror film did Stephen King direct in 1986?", k=3)
        assert hits.results[0].doc_title == "Maximum Overdrive"
        assert rag.ingest([]).repaired == 0


def test_a_graph_server_that_dies_stops_the_run_before_any_point_is_written(
    tmp_path: Path, linked: Path
) -> None:
    rag = GraphRAG(data_dir=tmp_path / "data", connect_timeout_s=1)

    class KillAfterFirstFile:
        def stage(self, name: str, total: int | None = None) -> None:
            return None

        def advance(self, name: str, n: int = 1, detail: str = "") -> None:
            if name == "files" and detail == "dino.md":  # the first file, in sorted order
                rag.graph.server.kill()  # type: ignore[attr-defined]

    rag.open()
    try:
        with pytest.raises(StoreUnavailableError):
            rag.ingest([linked], progress=KillAfterFirstFile())
        assert rag.vectors.count() == 0  # the parsed file's points were never written
    finally:
        rag.close()
