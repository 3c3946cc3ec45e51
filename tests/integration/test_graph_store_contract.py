"""GraphStore contract: run against every backend available (ArcadeDB always; Neo4j when
GRAPHRAG_TEST_NEO4J_URI/_PASSWORD point at one)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import ValidationError

from graphrag.stores.graph import Neo4jGraphStore
from schemas import About, AccessFilter, GraphBatch, GraphStats, WalkLimits
from tests.factories import document_batch, entity

pytestmark = pytest.mark.integration

BACKENDS = ["arcadedb"] + (["neo4j"] if os.environ.get("GRAPHRAG_TEST_NEO4J_URI") else [])


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest) -> Iterator[Neo4jGraphStore]:
    if request.param == "arcadedb":
        s: Any = request.getfixturevalue("_arcadedb_store")
    else:
        s = Neo4jGraphStore(
            os.environ["GRAPHRAG_TEST_NEO4J_URI"],
            os.environ.get("GRAPHRAG_TEST_NEO4J_USER", "neo4j"),
            os.environ["GRAPHRAG_TEST_NEO4J_PASSWORD"],
            os.environ.get("GRAPHRAG_TEST_NEO4J_DATABASE", "neo4j"),
        )
        s.open()
        s.ensure_schema()
    s.clear()
    yield s
    if request.param != "arcadedb":
        s.close()


ACME = entity("Acme GmbH")
BOB = entity("Bob Meier", "PER")
LAW = entity("KSchG", "LAW")


def test_write_counts_and_is_idempotent(store: Neo4jGraphStore) -> None:
    batch = document_batch(
        "docs/a.md",
        ["alpha", "beta", "gamma"],
        sections=2,
        mentions={0: [ACME], 2: [ACME, BOB]},
        relations=[(BOB, ACME, [2])],
    )
    store.write(batch)
    first = store.stats()
    assert first == GraphStats(
        documents=1,
        sections=2,
        chunks=3,
        entities=2,
        mentions=3,
        relations=1,
        next_edges=3,  # 2 between chunks + 1 between sections
        parent_edges=5,  # 3 chunks -> section, 2 sections -> document
    )
    store.write(batch)
    assert store.stats() == first


def test_relation_evidence_merges_across_documents(store: Neo4jGraphStore) -> None:
    a = document_batch(
        "a.md",
        ["a0", "a1"],
        mentions={0: [ACME, LAW], 1: [ACME, LAW]},
        relations=[(ACME, LAW, [0, 1])],
    )
    b = document_batch("b.md", ["b0"], mentions={0: [ACME, LAW]}, relations=[(ACME, LAW, [0])])

    def edge() -> tuple[float, set[str]]:
        rows = store._read_text(
            "test", "MATCH ()-[r:RELATED_TO]->() RETURN r.weight AS w, r.chunk_ids AS ids"
        )
        assert len(rows) == 1
        return rows[0]["w"], set(rows[0]["ids"])

    store.write(a)
    store.write(b)
    store.write(b)  # evidence already there: no double count
    assert edge() == (3.0, {c.id for c in (*a.chunks, *b.chunks)})
    store.delete_document(a.documents[0].id)
    assert edge() == (1.0, {b.chunks[0].id})


def test_schema_is_idempotent(store: Neo4jGraphStore) -> None:
    store.ensure_schema()
    store.ensure_schema()


def test_fetch_chunks_round_trips_and_keeps_order(store: Neo4jGraphStore) -> None:
    batch = document_batch("docs/a.md", ["one", "two", "three"])
    store.write(batch)
    ids = [batch.chunks[2].id, batch.chunks[0].id, "missing"]
    got = store.fetch_chunks(ids, AccessFilter.everything())
    assert [c.chunk.id for c in got] == ids[:2]
    assert got[0].chunk == batch.chunks[2]
    assert got[0].doc_title == "a.md"
    assert got[0].section_titles == ["a.md", "Section 0"]


def test_fetch_chunks_honours_access(store: Neo4jGraphStore) -> None:
    a = document_batch("a.md", ["tenant a text"], tenant="a")
    b = document_batch("b.md", ["tenant b text"], tenant="b", visibility="confidential")
    g = document_batch("g.md", ["group text"], tenant="a", acl=["hr"])
    for batch in (a, b, g):
        store.write(batch)
    ids = [a.chunks[0].id, b.chunks[0].id, g.chunks[0].id]
    seen = lambda f: {c.chunk.id for c in store.fetch_chunks(ids, f)}  # noqa: E731
    assert seen(AccessFilter.everything()) == set(ids)
    # no groups: only documents without an ACL
    assert seen(AccessFilter(tenant="a")) == {a.chunks[0].id}
    assert seen(AccessFilter(tenant="a", groups=["sales"])) == {a.chunks[0].id}
    assert seen(AccessFilter(tenant="a", groups=["hr"])) == {a.chunks[0].id, g.chunks[0].id}
    # b's document is confidential: the default clearance (internal) does not cover it
    assert seen(AccessFilter(tenant="b")) == set()
    assert seen(AccessFilter.caller("b", clearance="confidential")) == {b.chunks[0].id}


def test_delete_document_removes_exactly_its_part(store: Neo4jGraphStore) -> None:
    a = document_batch(
        "a.md",
        ["a0", "a1"],
        mentions={0: [ACME, BOB], 1: [LAW]},
        relations=[(BOB, ACME, [0]), (ACME, LAW, [0, 1])],
    )
    b = document_batch("b.md", ["b0"], mentions={0: [ACME, LAW]}, relations=[(ACME, LAW, [0])])
    store.write(a)
    store.write(b)
    before_b = store.neighbourhood([b.chunks[0].id], AccessFilter.everything(), WalkLimits())

    report = store.delete_document(a.documents[0].id)

    assert (report.documents, report.sections, report.chunks) == (1, 1, 2)
    assert report.entities == 1  # BOB: only document a mentioned him
    assert report.relations == 1  # BOB -> ACME lost its only evidence; ACME -> LAW keeps b's
    assert store.stats() == GraphStats(
        documents=1, sections=1, chunks=1, entities=2, mentions=2, relations=1, parent_edges=2
    )
    assert store.get_document(a.documents[0].id) is None
    assert store.get_document(b.documents[0].id) == b.documents[0]
    paths = store.entity_paths(ACME.id, LAW.id, AccessFilter.everything())
    assert paths and paths[0].chunk_ids == [b.chunks[0].id]  # a's evidence is gone
    after_b = store.neighbourhood([b.chunks[0].id], AccessFilter.everything(), WalkLimits())
    assert {e.id for e in after_b.entities} <= {e.id for e in before_b.entities}
    assert store.delete_document(a.documents[0].id).documents == 0


def test_walk_follows_next_parent_and_entities(store: Neo4jGraphStore) -> None:
    a = document_batch(
        "a.md", ["a0", "a1", "a2", "a3"], mentions={0: [ACME]}, relations=[(ACME, BOB, [0])]
    )
    b = document_batch("b.md", ["b0", "b1"], mentions={0: [ACME], 1: [BOB]})
    store.write(a)
    store.write(b)
    seed = a.chunks[0].id
    hood = store.neighbourhood(
        [seed], AccessFilter.everything(), WalkLimits(next_hops=1, siblings_per_seed=3)
    )
    by_via: dict[str, set[str]] = {}
    for hit in hood.chunks:
        assert hit.seed_id == seed
        by_via.setdefault(hit.via, set()).add(hit.chunk_id)
    assert by_via["next"] == {a.chunks[1].id}
    # same-section chunks beyond the NEXT window
    assert by_via["parent"] == {a.chunks[2].id, a.chunks[3].id}
    assert by_via["shared_entity"] == {b.chunks[0].id}
    assert b.chunks[1].id in by_via["related_entity"]  # ACME -RELATED_TO- BOB <- b1
    assert hood.sections[seed] == [a.sections[0].id]
    assert {e.name for e in hood.entities} == {"Acme GmbH", "Bob Meier"}
    assert [(r.source_id, r.target_id) for r in hood.relations] == [(ACME.id, BOB.id)]
    assert seed not in {h.chunk_id for h in hood.chunks}


def test_walk_limits_hold_back_hubs_and_cap_results(store: Neo4jGraphStore) -> None:
    hub = entity("Hub AG")
    texts = [f"t{i}" for i in range(12)]
    batch = document_batch("hub.md", texts, sections=12, mentions={i: [hub] for i in range(12)})
    store.write(batch)
    seed = [batch.chunks[0].id]
    limited = store.neighbourhood(
        seed, AccessFilter.everything(), WalkLimits(max_entity_degree=5, next_hops=0)
    )
    assert not [h for h in limited.chunks if h.via == "shared_entity"]
    capped = store.neighbourhood(
        seed, AccessFilter.everything(), WalkLimits(chunks_per_entity=3, next_hops=0)
    )
    assert len([h for h in capped.chunks if h.via == "shared_entity"]) == 3
    tiny = store.neighbourhood(seed, AccessFilter.everything(), WalkLimits(max_chunks=2))
    assert len(tiny.chunks) <= 2


def test_walk_never_leaves_the_callers_tenant(store: Neo4jGraphStore) -> None:
    a = document_batch(
        "a.md",
        ["a0", "a1"],
        tenant="a",
        mentions={0: [ACME], 1: [BOB]},
        relations=[(ACME, LAW, [0])],
    )
    b = document_batch(
        "b.md",
        ["b0", "b1"],
        tenant="b",
        mentions={0: [ACME], 1: [LAW]},
        relations=[(ACME, LAW, [0]), (ACME, BOB, [0])],
    )
    secret = document_batch("s.md", ["s0"], tenant="a", acl=["board"], mentions={0: [ACME]})
    for batch in (a, b, secret):
        store.write(batch)
    b_ids = {c.id for c in b.chunks}
    access = AccessFilter(tenant="a", groups=["staff"])
    hood = store.neighbourhood([a.chunks[0].id, *b_ids], access, WalkLimits(siblings_per_seed=5))
    reached = {h.chunk_id for h in hood.chunks}
    assert not reached & b_ids
    assert secret.chunks[0].id not in reached
    assert not {h.seed_id for h in hood.chunks} & b_ids  # b's chunks cannot even seed a walk
    assert all(cid in {c.id for c in a.chunks} for cid in hood.mentions)
    # only tenant a's relation (ACME-LAW) is walked; b's ACME-BOB edge stays invisible
    assert {(r.source_id, r.target_id) for r in hood.relations} <= {(ACME.id, LAW.id)}
    assert store.entity_paths(ACME.id, BOB.id, AccessFilter(tenant="a")) == []
    assert store.entity_paths(ACME.id, BOB.id, AccessFilter(tenant="b"))[0].chunk_ids == [
        b.chunks[0].id
    ]


def test_relations_and_names_only_from_chunks_the_caller_may_see(store: Neo4jGraphStore) -> None:
    public = document_batch("pub.md", ["p0"], mentions={0: [ACME, LAW]})
    secret = document_batch(
        "sec.md",
        ["s0"],
        acl=["board"],
        mentions={0: [ACME, BOB]},
        relations=[(ACME, BOB, [0])],  # stated only in the board's chunk
    )
    for batch in (public, secret):
        store.write(batch)
    seed = [public.chunks[0].id]
    staff = AccessFilter(groups=["staff"])
    board = AccessFilter(groups=["board"])
    limits = WalkLimits(next_hops=0)
    assert not store.neighbourhood(seed, staff, limits).relations
    assert {
        (r.source_id, r.target_id) for r in store.neighbourhood(seed, board, limits).relations
    } == {(ACME.id, BOB.id)}
    assert BOB.id not in store.visible_entities([ACME.id, BOB.id, LAW.id], staff)
    assert set(store.visible_entities([ACME.id, BOB.id], board)) == {ACME.id, BOB.id}


def test_entity_paths_find_the_bridge(store: Neo4jGraphStore) -> None:
    x = entity("X Corp")
    batch = document_batch(
        "p.md",
        ["c0", "c1"],
        mentions={0: [ACME, BOB], 1: [BOB, x]},
        relations=[(ACME, BOB, [0]), (BOB, x, [1])],
    )
    store.write(batch)
    paths = store.entity_paths(ACME.id, x.id, AccessFilter.everything())
    assert [p.names for p in paths] == [["Acme GmbH", "Bob Meier", "X Corp"]]
    assert paths[0].chunk_ids == [batch.chunks[0].id, batch.chunks[1].id]


def test_reference_hops_reach_the_document_about_a_mentioned_entity(
    store: Neo4jGraphStore,
) -> None:
    seed = document_batch("film.md", ["f0"], mentions={0: [BOB, ACME]})
    home = document_batch("bob.md", ["b0", "b1", "b2"], mentions={0: [BOB]})
    hidden = document_batch("acme.md", ["h0"], acl=["board"], mentions={0: [ACME]})
    other = document_batch("acme-b.md", ["o0"], tenant="b", mentions={0: [ACME]})
    for batch in (seed, home, hidden, other):
        store.write(batch)
    about = [
        About(doc_id=home.documents[0].id, entity_id=BOB.id),
        About(doc_id=hidden.documents[0].id, entity_id=ACME.id),
        About(doc_id=other.documents[0].id, entity_id=ACME.id),
        About(doc_id=seed.documents[0].id, entity_id=ACME.id),  # its own home: never a hop
    ]
    store.write(GraphBatch(about=about))
    store.write(GraphBatch(about=about))  # idempotent
    assert store.stats().about_edges == 4
    f0 = seed.chunks[0].id
    b0, b1, b2 = (c.id for c in home.chunks)

    staff = AccessFilter(tenant="default", groups=["staff"])
    hops = store.reference_hops([f0], [b2], staff)

    # the opening chunk and the candidate, through BOB; ACME's homes are hidden or elsewhere
    assert {(h.seed_id, h.entity_id, h.chunk_id) for h in hops} == {
        (f0, BOB.id, b0),
        (f0, BOB.id, b2),
    }
    assert b1 not in {h.chunk_id for h in hops}
    homes = store.entity_homes([BOB.id, ACME.id], [b2], staff)
    assert {(h.entity_id, h.chunk_id) for h in homes} == {
        (BOB.id, b0),
        (BOB.id, b2),
        (ACME.id, f0),  # the film document is ABOUT ACME too
    }
    assert all(h.seed_id == "" for h in homes)
    board = store.reference_hops([f0], [], AccessFilter(tenant="default", groups=["board"]))
    assert {h.chunk_id for h in board} == {b0, hidden.chunks[0].id}
    assert store.reference_hops([f0], [], AccessFilter(tenant="b")) == []  # seed not visible
    store.delete_document(home.documents[0].id)
    assert store.stats().about_edges == 3
    assert store.reference_hops([f0], [], staff) == []


def test_context_chunks_stay_in_the_section_or_take_a_small_document_whole(
    store: Neo4jGraphStore,
) -> None:
    big = document_batch("big.md", [f"b{i}" for i in range(8)], sections=2)  # 4 per section
    small = document_batch("small.md", ["s0", "s1", "s2"], sections=3)
    hidden = document_batch("hidden.md", ["h0", "h1"], acl=["board"])
    for batch in (big, small, hidden):
        store.write(batch)
    b = [c.id for c in big.chunks]
    s = [c.id for c in small.chunks]
    staff = AccessFilter(groups=["staff"])

    got = store.context_chunks([b[3], b[5], s[1]], staff, hops=1, small_document=4)

    assert set(got[b[3]]) == {b[2]}  # b4 is the next section's
    assert set(got[b[5]]) == {b[4], b[6]}
    assert set(got[s[1]]) == {s[0], s[2]}  # whole small document, across its sections
    assert set(store.context_chunks([b[5]], staff, hops=2, small_document=0)[b[5]]) == {
        b[4],
        b[6],
        b[7],
    }
    whole = store.context_chunks([b[5]], staff, hops=1, small_document=0, whole_section=4)
    assert set(whole[b[5]]) == {b[4], b[6], b[7]}  # its section, not the other one
    capped = store.context_chunks([b[5]], staff, hops=1, small_document=0, whole_section=3)
    assert set(capped[b[5]]) == {b[4], b[6]}  # section too long: neighbours only
    assert store.context_chunks([hidden.chunks[0].id], staff) == {}  # anchor not visible
    assert store.context_chunks([hidden.chunks[0].id], AccessFilter(groups=["board"])) == {
        hidden.chunks[0].id: [hidden.chunks[1].id]
    }


def test_injection_attempts_are_stored_as_data(store: Neo4jGraphStore) -> None:
    evil = "x'}) MATCH (n) DETACH DELETE n //\" $rows `Chunk` {{label}}"
    batch = document_batch(f"evil/{evil}.md", [evil, "second"], mentions={0: [entity(evil)]})
    store.write(batch)
    assert store.stats().chunks == 2
    with pytest.raises(ValidationError):  # a tenant is a plain name, checked before any query
        AccessFilter(tenant=evil)
    assert store.fetch_chunks([batch.chunks[0].id], AccessFilter.everything())[0].chunk.text == evil
    assert store.get_document(batch.documents[0].id) == batch.documents[0]
    assert store.list_documents(AccessFilter.everything())[0].chunks == 2


def test_list_documents_filters_by_access(store: Neo4jGraphStore) -> None:
    store.write(document_batch("a.md", ["x"], tenant="a"))
    store.write(document_batch("b.md", ["y", "z"], tenant="b"))
    docs = store.list_documents(AccessFilter(tenant="b"))
    assert [(d.document.source, d.chunks) for d in docs] == [("b.md", 2)]


def test_export_entities_and_mentions_helpers(store: Neo4jGraphStore) -> None:
    a = document_batch(
        "a.md", [f"a{i}" for i in range(5)], tenant="a", mentions={0: [ACME], 3: [ACME]}
    )
    b = document_batch("b.md", ["b0"], tenant="b", mentions={0: [ACME]})
    store.write(a)
    store.write(b)
    exported = list(store.export_chunks(page=2))
    assert sorted(r["id"] for r in exported) == sorted(c.id for c in a.chunks + b.chunks)
    assert {r["title"] for r in exported} == {"a.md", "b.md"}
    assert [e.name for e in store.list_entities()] == ["Acme GmbH"]
    docs = store.documents_mentioning([ACME.id])
    assert sorted(docs[ACME.id]) == sorted([a.documents[0].id, b.documents[0].id])
    by_entity = store.chunks_for_entities([ACME.id], AccessFilter(tenant="a"), per_entity=5)
    assert sorted(by_entity[ACME.id]) == sorted([a.chunks[0].id, a.chunks[3].id])
    assert store.chunks_for_entities([ACME.id], AccessFilter(tenant="a"), per_entity=1)[
        ACME.id
    ] in ([a.chunks[0].id], [a.chunks[3].id])


def test_link_scope_helpers_and_the_pending_flag(store: Neo4jGraphStore) -> None:
    a = document_batch("a.md", ["a0", "a1"], mentions={0: [ACME], 1: [BOB]})
    b = document_batch("b.md", ["b0"], mentions={0: [LAW]})
    a.documents[0].links_pending = True
    store.write(a)
    store.write(b)
    doc_a, doc_b = a.documents[0].id, b.documents[0].id
    assert store.entities_of_documents([doc_a]) == {ACME.id, BOB.id}
    assert store.entities_of_documents([doc_a, doc_b]) == {ACME.id, BOB.id, LAW.id}
    assert store.entities_of_documents([]) == set()
    pending = {
        d.document.id
        for d in store.list_documents(AccessFilter.everything())
        if d.document.links_pending
    }
    assert pending == {doc_a}
    store.mark_documents_linked([doc_a, doc_b])
    assert not any(
        d.document.links_pending for d in store.list_documents(AccessFilter.everything())
    )
    store.write(a)  # a new write of the version sets the flag again
    assert store.get_document(doc_a).links_pending  # type: ignore[union-attr]
