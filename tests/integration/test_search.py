"""Search and ask on real stores and models: multi-hop through the graph, access, bad input."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphrag import GraphRAG, InputError
from schemas import AccessFilter

pytestmark = pytest.mark.integration

FOUNDING = """# Acme history

Anna Schmidt founded the Acme Corporation in 1998 together with two engineers from Munich.
The first product was a water filter for small farms.
"""
LOCATION = """# Acme today

The Acme Corporation is headquartered in Hamburg, where 300 people work on filters.
Its annual report lists revenue of 42 million euros.
"""
NOISE = [
    f"# Note {i}\n\nThe cafeteria serves soup number {i} on weekdays; meetings start at nine.\n"
    for i in range(6)
]
SECRET = """# Board memo

The Acme Corporation plans to move its headquarters to Berlin next year.
"""


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    root = tmp_path_factory.mktemp("search")
    public, board = root / "public", root / "board"
    public.mkdir()
    board.mkdir()
    (public / "founding.md").write_text(FOUNDING)
    (public / "location.md").write_text(LOCATION)
    for i, text in enumerate(NOISE):
        (public / f"note{i}.md").write_text(text)
    (board / "memo.md").write_text(SECRET)
    with GraphRAG(data_dir=root / "data") as instance:
        assert not instance.ingest([public], tenant="acme").errors
        assert not instance.ingest([board], tenant="acme", acl=["board"]).errors
        assert not instance.ingest([public / "location.md"], tenant="other").errors
        yield instance


QUESTION = "In which city is the company founded by Anna Schmidt headquartered?"


def test_multi_hop_bridge_through_the_graph(rag: GraphRAG) -> None:
    access = AccessFilter(tenant="acme", groups=["staff"])
    result = rag.search(QUESTION, k=5, access=access, use_graph=True)
    titles = [r.doc_title for r in result.results]
    assert "Acme history" in titles and "Acme today" in titles
    assert {e.entity.name for e in result.analysis.entities if e.entity} >= {"Anna Schmidt"}
    assert "Acme Corporation" in {e.name for e in result.graph.entities}
    for r in result.results:
        assert r.scores.final >= 0
        assert r.provenance
    assert {"analyse", "candidates", "graph", "fetch", "score", "total"} <= set(result.timings_ms)


def test_access_holds_through_the_graph_walk(rag: GraphRAG) -> None:
    for access in (AccessFilter(tenant="acme", groups=["staff"]), AccessFilter(tenant="other")):
        result = rag.search(
            "Where will the Acme Corporation move its headquarters?",
            k=10,
            access=access,
            use_graph=True,
        )
        for r in result.results:
            assert r.chunk.tenant == access.tenant
            assert "Berlin" not in r.chunk.text
        assert all(e.name != "Berlin" for e in result.graph.entities)
    board = rag.search(
        "Where will the Acme Corporation move its headquarters?",
        k=3,
        access=AccessFilter(tenant="acme", groups=["board"]),
        use_graph=True,
    )
    assert "Berlin" in board.results[0].chunk.text


def test_ask_cites_document_and_section(rag: GraphRAG) -> None:
    answer = rag.ask(QUESTION, access=AccessFilter(tenant="acme", groups=["staff"]))
    assert answer.answerable
    assert "Hamburg" in answer.answer
    titles = {c.title for c in answer.citations}
    assert "Acme today" in titles
    assert all(c.chunk_id for c in answer.citations)
    assert "answer" in answer.timings_ms


def test_filters_and_bad_requests(rag: GraphRAG) -> None:
    doc_id = next(
        d.document.id
        for d in rag.documents(AccessFilter(tenant="acme"))
        if d.document.title == "Acme today"
    )
    acme = AccessFilter(tenant="acme")
    only = rag.search("headquarters", k=5, filters={"doc_ids": [doc_id]}, access=acme)
    assert {r.chunk.doc_id for r in only.results} == {doc_id}
    must = rag.search(
        "filter", k=5, access=AccessFilter(tenant="acme"), filters={"must_terms": ["water"]}
    )
    assert must.results and all("water" in r.chunk.text for r in must.results)
    # the default caller is the default tenant: nothing of acme's
    assert rag.search("headquarters", k=5, filters={"doc_ids": [doc_id]}).results == []
    with pytest.raises(InputError, match="empty"):
        rag.search("   ")
    with pytest.raises(InputError, match="colour"):
        rag.search("x", filters={"colour": "red"})
    with pytest.raises(InputError):
        rag.search("x" * 5000)


def test_no_graph_switch(rag: GraphRAG) -> None:
    result = rag.search(QUESTION, k=5, access=AccessFilter(tenant="acme"), use_graph=False)
    assert "graph" not in result.timings_ms
    assert all(r.scores.graph is None for r in result.results)


def test_the_passage_hop_reaches_the_second_passage_and_keeps_access(rag: GraphRAG) -> None:
    """The question read with the founding passage finds where Acme sits; the hop's vector
    query carries the caller's filter, so it never brings the board memo or another tenant."""
    default = rag.retriever.config
    rag.retriever.config = default.model_copy(update={"passage_hop": "always", "hop_seeds": 3})
    try:
        staff = rag.search(QUESTION, k=4, access=AccessFilter(tenant="acme", groups=["staff"]))
        assert "passage_hop" in staff.timings_ms
        titles = [r.doc_title for r in staff.results]
        assert titles.index("Acme today") == titles.index("Acme history") + 1
        hopped = [r for r in staff.results if any(p.via == "passage" for p in r.provenance)]
        assert hopped
        for r in hopped:
            assert r.chunk.tenant == "acme" and "Berlin" not in r.chunk.text
        for access in (AccessFilter(tenant="acme", groups=["staff"]), AccessFilter(tenant="other")):
            result = rag.search(
                "Where will the Acme Corporation move its headquarters next year?",
                k=10,
                access=access,
            )
            assert all(r.chunk.tenant == access.tenant for r in result.results)
            assert all("Berlin" not in r.chunk.text for r in result.results)
    finally:
        rag.retriever.config = default
