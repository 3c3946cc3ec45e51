"""The reference hop on real stores and models: a chunk that mentions an entity brings the
document about that entity right after it, and never one the caller may not see."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphrag import GraphRAG
from schemas import AccessFilter

pytestmark = pytest.mark.integration

FILM = """# Maximum Overdrive

Maximum Overdrive is a 1986 American horror film written and directed by Stephen King.
The film was shot in and around Wilmington, North Carolina, with a budget of nine million dollars.
"""
DIRECTOR = """# Stephen King

Stephen King is an American author of horror, supernatural fiction and fantasy novels.
He was born in Portland, Maine, in 1947 and studied at the University of Maine.
"""
PRODUCER = """# Dino De Laurentiis

Dino De Laurentiis was an Italian film producer who worked in Hollywood for decades.
"""
NOISE = [
    f"# Cinema {i}\n\nThe director of the cinema in Town {i} was born in Town {i}. Where was "
    f"the director born? In Town {i}, where the director of the cinema was born.\n"
    for i in range(8)
]
QUESTION = "Where was the director of Maximum Overdrive born?"


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    root = tmp_path_factory.mktemp("hop")
    public, private = root / "public", root / "private"
    public.mkdir()
    private.mkdir()
    (public / "film.md").write_text(FILM)
    (private / "king.md").write_text(DIRECTOR)
    (public / "producer.md").write_text(PRODUCER)
    for i, text in enumerate(NOISE):
        (public / f"town{i}.md").write_text(text)
    with GraphRAG(data_dir=root / "data") as instance:
        assert not instance.ingest([public]).errors
        assert not instance.ingest([private], acl=["fans"]).errors
        yield instance


def test_the_document_about_a_mentioned_entity_follows_its_seed(rag: GraphRAG) -> None:
    result = rag.search(QUESTION, k=5, access=AccessFilter(groups=["fans"]))
    titles = [r.doc_title for r in result.results]
    film = titles.index("Maximum Overdrive")
    assert titles[film + 1] == "Stephen King"
    king = result.results[film + 1]
    hop = next(p for p in king.provenance if p.via == "reference")
    assert hop.source == "graph"
    assert hop.seed_chunk_id == result.results[film].chunk.id
    assert hop.through  # the entity "Stephen King" the film chunk mentions
    finals = [r.scores.final for r in result.results]
    assert finals == sorted(finals, reverse=True)


def test_the_hop_never_reaches_a_document_the_caller_may_not_see(rag: GraphRAG) -> None:
    result = rag.search(QUESTION, k=10, access=AccessFilter(groups=["staff"]))
    assert "Stephen King" not in [r.doc_title for r in result.results]
    assert all(
        p.via != "reference" or p.seed_chunk_id for r in result.results for p in r.provenance
    )


def test_the_hop_is_part_of_the_graph_switch(rag: GraphRAG) -> None:
    result = rag.search(QUESTION, k=10, access=AccessFilter(groups=["fans"]), use_graph=False)
    assert all(p.source != "graph" for r in result.results for p in r.provenance)
    assert "graph" not in result.timings_ms
    # without the hop every result comes from a branch (a branch's clear leader may still be
    # the bridge: dense alone puts "born in Portland" near the top of this small corpus)
    assert all(
        {p.source for p in r.provenance} <= {"hybrid", "dense", "sparse"} for r in result.results
    )
