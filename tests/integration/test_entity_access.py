"""Entities are seen through the mentions a caller may see: across tenants, ACLs and deletes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graphrag import GraphRAG
from schemas import AccessFilter, SearchResult

pytestmark = pytest.mark.integration

FULL = (
    "# Vorstand\n\nKlaus Obermüller ist Geschäftsführer der Nachtfalke Rüstungstechnik GmbH in "
    "Ulm. Herr Obermüller verhandelt die Verträge mit dem Verteidigungsministerium.\n"
)
SHORT = (
    "# Protokoll\n\nHerr Obermüller hat die Sitzung am Montag eröffnet. Die Kantine bleibt "
    "wegen Umbau bis Freitag geschlossen.\n"
)
HIDDEN_NAMES = ("Klaus", "Nachtfalke", "Rüstungstechnik")


def names(result: SearchResult) -> set[str]:
    """Every entity name or alias a caller can read in a result: context, paths, links."""
    out = {n for e in result.graph.entities for n in (e.name, *e.aliases)}
    out |= {n for p in result.graph.paths for n in p.names}
    out |= {
        n
        for link in result.analysis.entities
        if link.entity
        for n in (link.entity.name, *link.entity.aliases)
    }
    return out


def leaked(result: SearchResult) -> set[str]:
    return {n for n in names(result) if any(h in n for h in HIDDEN_NAMES)}


@pytest.fixture
def rag(tmp_path: Path) -> Iterator[GraphRAG]:
    for name, text in (("full.md", FULL), ("short.md", SHORT)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    with GraphRAG(data_dir=tmp_path / "data") as instance:
        yield instance


def test_another_tenants_names_never_reach_a_caller(rag: GraphRAG, tmp_path: Path) -> None:
    assert not rag.ingest([tmp_path / "full.md"], tenant="a").errors
    assert not rag.ingest([tmp_path / "short.md"], tenant="b").errors
    b = AccessFilter(tenant="b")
    who = rag.search("Wer ist Herr Obermüller?", access=b, graph_context=True)
    assert who.results and all(r.chunk.tenant == "b" for r in who.results)
    assert "Obermüller" in names(who) and not leaked(who)
    answer = rag.ask("Wer ist Herr Obermüller?", access=b)
    assert not any(h in answer.answer for h in HIDDEN_NAMES)
    assert not any(
        h in n for e in answer.graph.entities for n in (e.name, *e.aliases) for h in HIDDEN_NAMES
    )
    # naming the other tenant's company links nothing: no existence oracle
    firm = rag.search(
        "Was macht die Nachtfalke Rüstungstechnik GmbH?", access=b, graph_context=True
    )
    assert not leaked(firm) and all(link.entity is None for link in firm.analysis.entities)
    # tenant a sees its own names
    a = rag.search("Wer ist Herr Obermüller?", access=AccessFilter(tenant="a"), graph_context=True)
    assert "Klaus Obermüller" in names(a)
    # the entities themselves are two: one per tenant
    assert {e.tenant for e in rag.graph.list_entities(None) if "Obermüller" in e.name} == {"a", "b"}


def test_acl_hides_names_inside_a_tenant_and_a_delete_forgets_them(
    rag: GraphRAG, tmp_path: Path
) -> None:
    assert not rag.ingest([tmp_path / "full.md"], tenant="t", acl=["board"]).errors
    assert not rag.ingest([tmp_path / "short.md"], tenant="t").errors
    staff = AccessFilter(tenant="t", groups=["staff"])
    board = AccessFilter(tenant="t", groups=["board"])
    seen_by_staff = rag.search("Wer ist Herr Obermüller?", access=staff, graph_context=True)
    assert "Obermüller" in names(seen_by_staff) and not leaked(seen_by_staff)
    assert all(r.chunk.acl == [] for r in seen_by_staff.results)
    seen_by_board = rag.search("Wer ist Herr Obermüller?", access=board, graph_context=True)
    assert "Klaus Obermüller" in names(seen_by_board)
    # one entity, resolved across both documents of the tenant
    stored = [e for e in rag.graph.list_entities("t") if e.type == "PERSON"]
    assert len(stored) == 1 and "Klaus Obermüller" in {stored[0].name, *stored[0].aliases}

    full = next(
        d.document.id
        for d in rag.documents(AccessFilter.everything())
        if d.document.source.endswith("full.md")
    )
    rag.delete(full)
    person = [e for e in rag.graph.list_entities("t") if e.type == "PERSON"]
    assert len(person) == 1
    assert not any(h in n for n in (person[0].name, *person[0].aliases) for h in HIDDEN_NAMES)
    assert not any("Nachtfalke" in e.name for e in rag.graph.list_entities("t"))
    after = rag.search("Wer ist Klaus Obermüller?", access=board, graph_context=True)
    assert not leaked(after)


def test_exploring_the_graph_shows_only_what_the_caller_may_see(
    rag: GraphRAG, tmp_path: Path
) -> None:
    from graphrag.errors import NotFoundError

    assert not rag.ingest([tmp_path / "full.md"], tenant="t", acl=["board"]).errors
    assert not rag.ingest([tmp_path / "short.md"], tenant="t").errors
    staff = AccessFilter(tenant="t", groups=["staff"])
    board = AccessFilter(tenant="t", groups=["board"])

    # entity search: staff find the person by the name their chunk uses, and nothing else
    for_staff = rag.entities("obermüller", access=staff)
    assert len(for_staff) == 1
    person = for_staff[0]
    assert person.chunks == 1 and person.documents == 1
    assert not any(
        h in n for n in (person.entity.name, *person.entity.aliases) for h in HIDDEN_NAMES
    )
    assert rag.entities("nachtfalke", access=staff) == []  # no oracle for hidden names
    assert all(
        not any(h in n for n in (hit.entity.name, *hit.entity.aliases) for h in HIDDEN_NAMES)
        for hit in rag.entities("", access=staff, limit=100)
    )
    for_board = rag.entities("obermüller", access=board)
    assert [h.entity.id for h in for_board] == [person.entity.id]
    assert for_board[0].chunks == 2 and for_board[0].documents == 2
    assert "Klaus Obermüller" in {for_board[0].entity.name, *for_board[0].entity.aliases}
    assert rag.entities("obermüller", access=AccessFilter(tenant="other")) == []

    # one entity: its mentions and relations, as each caller may see them
    seen = rag.entity(person.entity.id, access=staff)
    assert [m.title for m in seen.mentions] == ["Protokoll"] and seen.chunks == 1
    assert "Obermüller" in seen.mentions[0].text
    assert all(
        not any(h in n for n in (r.other.name, *r.other.aliases) for h in HIDDEN_NAMES)
        for r in seen.relations
    )
    everything = rag.entity(person.entity.id, access=board)
    assert {m.title for m in everything.mentions} == {"Vorstand", "Protokoll"}
    firm = next(h for h in rag.entities("nachtfalke", access=board))
    with pytest.raises(NotFoundError):
        rag.entity(firm.entity.id, access=staff)  # hidden: the same as none
    with pytest.raises(NotFoundError):
        rag.entity("no-such-entity", access=board)
    related = {r.other.id for r in everything.relations}
    if firm.entity.id in related:  # the extractor related them: staff must not see the edge
        assert firm.entity.id not in {r.other.id for r in seen.relations}
    for path in rag.paths(person.entity.id, firm.entity.id, access=staff):
        assert not any(h in n for n in path.names for h in HIDDEN_NAMES)

    # a document's structure: only a document the caller may see
    (tmp_path / "handbuch.md").write_text(
        "# Handbuch\n\n## Urlaub\n\nDer Urlaub beträgt 30 Tage.\n\n## Kündigung\n\n"
        "### Fristen\n\nDie Frist beträgt vier Wochen.\n",
        encoding="utf-8",
    )
    assert not rag.ingest([tmp_path / "handbuch.md"], tenant="t", acl=["board"]).errors
    tree = rag.structure(str(tmp_path / "handbuch.md"), access=board)  # by its source path
    assert [(s.title, s.level, s.chunks) for s in tree.sections] == [
        ("Urlaub", 2, 1),
        ("Kündigung", 2, 0),
        ("Fristen", 3, 1),
    ]
    assert tree.sections[2].parent_id == tree.sections[1].id
    assert tree.sections[2].path == ["Kündigung", "Fristen"]
    assert tree.document.title == "Handbuch" and tree.chunks == 2
    assert rag.structure(tree.document.id, access=board) == tree
    # through a link to its folder: the same document (ingestion stores the resolved path)
    (tmp_path / "link").symlink_to(tmp_path, target_is_directory=True)
    assert rag.structure(str(tmp_path / "link" / "handbuch.md"), access=board) == tree
    with pytest.raises(NotFoundError):
        rag.structure(tree.document.id, access=staff)


def test_the_evidence_graph_draws_what_the_search_found_and_no_more(
    rag: GraphRAG, tmp_path: Path
) -> None:
    assert not rag.ingest([tmp_path / "full.md"], tenant="t", acl=["board"]).errors
    assert not rag.ingest([tmp_path / "short.md"], tenant="t").errors
    staff = AccessFilter(tenant="t", groups=["staff"])
    board = AccessFilter(tenant="t", groups=["board"])
    question = "Wer ist Herr Obermüller?"

    for access, titles in ((staff, {"Protokoll"}), (board, {"Vorstand", "Protokoll"})):
        found = rag.search(question, access=access, graph_context=True)
        drawn = rag.evidence(question, access=access)
        by_id = {n.id: n for n in drawn.nodes}
        chunks = [n for n in drawn.nodes if n.kind == "chunk"]
        assert [n.id for n in sorted(chunks, key=lambda n: n.rank or 0)] == [
            r.chunk.id for r in found.results
        ]
        assert {n.label for n in drawn.nodes if n.kind == "document"} == titles
        # every edge joins two drawn nodes; every chunk hangs in its document
        assert all(e.source in by_id and e.target in by_id for e in drawn.edges)
        parents = {e.source: e.target for e in drawn.edges if e.kind == "PARENT"}
        for chunk in chunks:
            top = chunk.id
            while top in parents:
                top = parents[top]
            assert by_id[top].kind == "document" and top == chunk.doc_id
        entities = {n.label for n in drawn.nodes if n.kind == "entity"}
        assert any("Obermüller" in name for name in entities)
        assert {e.target for e in drawn.edges if e.kind == "MENTIONS"} <= {
            n.id for n in drawn.nodes if n.kind == "entity"
        }
        if access is staff:
            assert not any(h in n.label for n in drawn.nodes for h in HIDDEN_NAMES)


def test_a_chunks_neighbourhood_holds_what_the_caller_may_see(
    rag: GraphRAG, tmp_path: Path
) -> None:
    from graphrag.errors import NotFoundError

    assert not rag.ingest([tmp_path / "full.md"], tenant="t", acl=["board"]).errors
    assert not rag.ingest([tmp_path / "short.md"], tenant="t").errors
    staff = AccessFilter(tenant="t", groups=["staff"])
    board = AccessFilter(tenant="t", groups=["board"])
    seed = rag.search("Kantine Umbau", access=staff).results[0].chunk
    for access in (staff, board):
        near = rag.neighbourhood(seed.id, access=access)
        by_id = {n.id: n for n in near.nodes}
        assert seed.id in by_id and all(e.source in by_id and e.target in by_id for e in near.edges)
        reached = {e.target for e in near.edges if e.kind == "BROUGHT"}
        assert all(by_id[c].kind == "chunk" for c in reached)
        labels = " ".join(n.label for n in near.nodes)
        if access is staff:  # the board's chunk and its names stay out
            assert {n.label for n in near.nodes if n.kind == "document"} == {"Protokoll"}
            assert not any(h in labels for h in HIDDEN_NAMES)
        else:  # the shared "Obermüller" reaches the board's chunk
            assert "Vorstand" in {n.label for n in near.nodes if n.kind == "document"}
    hidden = rag.search("Nachtfalke Rüstungstechnik", access=board).results[0].chunk
    assert hidden.doc_id != seed.doc_id
    for stranger in (staff, AccessFilter(tenant="other", groups=["board"])):
        with pytest.raises(NotFoundError):
            rag.neighbourhood(hidden.id, access=stranger)
