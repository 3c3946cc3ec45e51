"""VectorStore contract against qdrant-edge and qdrant-client (local mode), plus congruence."""

from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphrag.errors import ConfigError, StoreLockedError
from graphrag.stores.vector import EdgeVectorStore, QdrantClientVectorStore
from schemas import (
    AccessFilter,
    FieldMatch,
    FieldRange,
    HybridQuery,
    PayloadFilter,
    SparseVector,
    VectorPoint,
    stable_id,
)

pytestmark = pytest.mark.integration
DIM = 16


def make_store(kind: str, tmp_path: Path) -> Any:
    if kind == "edge":
        return EdgeVectorStore(tmp_path / "vectors" / "chunks")
    return QdrantClientVectorStore(location=":memory:")


@pytest.fixture(params=["edge", "client"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    s = make_store(request.param, tmp_path)
    s.open()
    s.ensure_collection(DIM)
    yield s
    s.close()


def corpus(n: int = 60, seed: int = 7) -> list[VectorPoint]:
    rng = random.Random(seed)
    points = []
    for i in range(n):
        terms = sorted(rng.sample(range(200), 5))
        points.append(
            VectorPoint(
                id=stable_id("chunk", i),
                dense=[rng.uniform(-1, 1) for _ in range(DIM)],
                # distinct weights: engines order equal scores differently inside a prefetch
                sparse=SparseVector(indices=terms, values=[rng.uniform(0.5, 3.0) for _ in terms]),
                payload={
                    "doc_id": f"doc-{i % 4}",
                    "tenant": "a" if i % 2 else "b",
                    "visibility": ["public", "internal", "confidential"][i % 3],
                    "acl": ["hr"] if i % 5 == 0 else [],
                    "kind": "table" if i % 7 == 0 else "paragraph",
                    "page_start": i,
                    "text": f"chunk {i}",
                },
            )
        )
    return points


# the operator's view: queries without an access filter see only the default tenant
EVERYTHING = PayloadFilter(access=AccessFilter.everything())


def query_for(points: list[VectorPoint], i: int, **kw: Any) -> HybridQuery:
    kw.setdefault("filter", EVERYTHING)
    return HybridQuery(dense=points[i].dense, sparse=points[i].sparse, **kw)


def test_upsert_count_fetch_and_idempotency(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    store.upsert(points)
    assert store.count() == len(points)
    got = store.fetch([points[3].id, "00000000-0000-0000-0000-000000000000", points[1].id])
    assert [h.id for h in got] == [points[3].id, points[1].id]
    assert got[0].payload["text"] == "chunk 3"


def test_dense_vectors_come_back_by_id(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    missing = "00000000-0000-0000-0000-000000000000"
    got = store.dense_vectors([points[2].id, missing, points[7].id])
    assert set(got) == {points[2].id, points[7].id}
    for p in (points[2], points[7]):
        norm = sum(x * x for x in p.dense) ** 0.5
        # cosine collections may store the normalised vector: compare directions
        cos = sum(a * b for a, b in zip(got[p.id], p.dense, strict=True)) / norm
        assert cos / (sum(x * x for x in got[p.id]) ** 0.5) == pytest.approx(1.0, abs=1e-5)
    assert store.dense_vectors([]) == {}


def test_dense_query_finds_the_point_itself(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    hits = store.query(HybridQuery(dense=points[10].dense, limit=3, filter=EVERYTHING))
    assert hits[0].id == points[10].id
    assert hits[0].score == pytest.approx(1.0, abs=1e-4)


def test_sparse_only_and_hybrid_queries(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    sparse = store.query(HybridQuery(sparse=points[5].sparse, limit=5, filter=EVERYTHING))
    assert points[5].id in [h.id for h in sparse]
    fused = store.query(query_for(points, 5, limit=5))
    assert fused[0].id == points[5].id
    dbsf = store.query(query_for(points, 5, limit=5, fusion="dbsf"))
    assert dbsf[0].id == points[5].id


def test_filters_and_access(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    by_id = {p.id: p.payload for p in points}

    def ids(flt: PayloadFilter) -> list[str]:
        return [
            h.id for h in store.query(query_for(points, 0, limit=60, prefetch_limit=60, filter=flt))
        ]

    got = ids(
        PayloadFilter(access=AccessFilter(tenant="a", visibility=["public"], groups=["sales"]))
    )
    assert got
    for i in got:
        assert (
            by_id[i]["tenant"] == "a" and by_id[i]["visibility"] == "public" and not by_id[i]["acl"]
        )
    hr = ids(PayloadFilter(access=AccessFilter.caller("a", ["hr"], clearance="restricted")))
    assert any(by_id[i]["acl"] == ["hr"] for i in hr)
    assert all(by_id[i]["tenant"] == "a" for i in hr)
    ranged = ids(
        PayloadFilter(
            access=AccessFilter.everything(),
            must=[FieldMatch(key="kind", values=["paragraph"])],
            ranges=[FieldRange(key="page_start", gte=10, lte=20)],
            must_not=[FieldMatch(key="doc_id", values=["doc-0"])],
        )
    )
    assert ranged
    for i in ranged:
        p = by_id[i]
        assert p["kind"] == "paragraph" and 10 <= p["page_start"] <= 20 and p["doc_id"] != "doc-0"
    # a caller of tenant a with no groups and the default clearance: public and internal
    # chunks without an ACL, nothing else
    expected = sum(
        1
        for p in points
        if p.payload["tenant"] == "a"
        and p.payload["visibility"] in ("public", "internal")
        and not p.payload["acl"]
    )
    assert store.count(PayloadFilter(access=AccessFilter(tenant="a"))) == expected < 30
    assert store.count(PayloadFilter(access=AccessFilter.everything())) == len(points)


def test_prune_point_ids_and_document_counts(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    assert store.document_counts() == {f"doc-{d}": 15 for d in range(4)}
    doc1 = {p.id for p in points if p.payload["doc_id"] == "doc-1"}
    assert store.point_ids(["doc-1", "nope"]) == {"doc-1": doc1}
    keep = set(sorted(doc1)[:5])
    assert store.prune_documents(["doc-1"], keep) == 10
    assert store.point_ids(["doc-1"]) == {"doc-1": keep}
    assert store.prune_documents(["doc-2"], set()) == 15
    assert store.document_counts() == {"doc-0": 15, "doc-1": 5, "doc-3": 15}


def test_delete_document_removes_exactly_its_points(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    assert store.delete_document("doc-1") == 15
    assert store.count() == 45
    assert store.count(PayloadFilter(must=[FieldMatch(key="doc_id", values=["doc-1"])])) == 0
    assert store.delete_document("doc-1") == 0


@pytest.mark.parametrize("kind", ["edge", "client"])
def test_deleted_points_leave_the_bm25_statistics(kind: str, tmp_path: Path) -> None:
    """A store that deleted points scores BM25 as a store that never had them (a long-running
    service used to count the deleted points in the IDF until it was restarted)."""
    points = corpus()
    kept = [p for p in points if p.payload["doc_id"] != "doc-1"]

    def sparse_scores(store: Any) -> list[tuple[str, float]]:
        hits = store.query(HybridQuery(sparse=kept[3].sparse, limit=8, filter=EVERYTHING))
        return [(h.id, round(h.score, 4)) for h in hits]

    deleted, fresh = make_store(kind, tmp_path / "deleted"), make_store(kind, tmp_path / "fresh")
    for store, batch in ((deleted, points), (fresh, kept)):
        store.open()
        store.ensure_collection(DIM)
        store.upsert(batch)
    deleted.delete_document("doc-1")
    assert sparse_scores(deleted) == sparse_scores(fresh)
    deleted.close()
    fresh.close()


def test_dimension_mismatch_is_a_config_error(store: Any, tmp_path: Path) -> None:
    store.upsert(corpus(4))
    if isinstance(store, EdgeVectorStore):
        store.close()
        other = EdgeVectorStore(store.path)
        other.open()
        with pytest.raises(ConfigError):
            other.ensure_collection(DIM + 1)
        other.close()
    else:
        with pytest.raises(ConfigError):
            store.ensure_collection(DIM + 1)


def test_score_threshold_applies_before_the_limit(store: Any) -> None:
    points = corpus()
    store.upsert(points)
    hits = store.query(
        HybridQuery(dense=points[2].dense, limit=50, score_threshold=0.5, filter=EVERYTHING)
    )
    assert hits and all(h.score >= 0.5 for h in hits)


def test_edge_persists_and_locks(tmp_path: Path) -> None:
    path = tmp_path / "vectors" / "chunks"
    first = EdgeVectorStore(path)
    first.open()
    first.ensure_collection(DIM)
    first.upsert(corpus(10))
    with pytest.raises(StoreLockedError) as err:
        EdgeVectorStore(path).open()
    assert "in use by process" in str(err.value)
    script = textwrap.dedent(
        f"""
        from graphrag.stores.vector import EdgeVectorStore
        from graphrag.errors import StoreLockedError
        try:
            EdgeVectorStore({str(path)!r}).open()
        except StoreLockedError as exc:
            print("locked")
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "locked"
    first.close()
    again = EdgeVectorStore(path)
    again.open()
    again.ensure_collection(DIM)
    assert again.count() == 10
    again.close()


QUERIES = [
    {
        "name": "dense",
        "make": lambda p: HybridQuery(dense=p[11].dense, limit=10, filter=EVERYTHING),
    },
    {
        "name": "sparse",
        "make": lambda p: HybridQuery(sparse=p[11].sparse, limit=10, filter=EVERYTHING),
    },
    {"name": "rrf", "make": lambda p: query_for(p, 11, limit=10, rrf_k=60)},
    {
        "name": "weighted rrf",
        "make": lambda p: query_for(p, 23, limit=10, rrf_k=10, dense_weight=3.0, sparse_weight=1.0),
    },
    {
        "name": "rrf + access",
        "make": lambda p: query_for(
            p, 8, limit=10, filter=PayloadFilter(access=AccessFilter(tenant="b"))
        ),
    },
    {
        "name": "dense + range",
        "make": lambda p: HybridQuery(
            dense=p[30].dense,
            limit=10,
            filter=PayloadFilter(
                access=AccessFilter.everything(), ranges=[FieldRange(key="page_start", lte=40)]
            ),
        ),
    },
]


@pytest.mark.parametrize("case", QUERIES, ids=[q["name"] for q in QUERIES])
def test_edge_and_client_agree(case: dict[str, Any], tmp_path: Path) -> None:
    points = corpus()
    results = []
    for kind in ("edge", "client"):
        s = make_store(kind, tmp_path / kind)
        s.open()
        s.ensure_collection(DIM)
        s.upsert(points)
        results.append(s.query(case["make"](points)))
        s.close()
    edge, client = results
    assert [h.id for h in edge] == [h.id for h in client]
    assert [round(h.score, 4) for h in edge] == [round(h.score, 4) for h in client]


def test_a_cluster_layout_reaches_the_collection_and_search_still_works() -> None:
    """The layout settings become ``create_collection``'s arguments (recorded from the real
    client in local mode, which keeps the vector parameters and ignores the cluster ones), and
    the collection answers as the default one does."""
    from qdrant_client import models

    from graphrag.settings import Settings
    from graphrag.stores import factory

    settings = Settings(
        qdrant_url="http://qdrant.invalid:6333",
        qdrant_shards=6,
        qdrant_replication=2,
        qdrant_write_consistency=2,
        qdrant_on_disk=True,
        qdrant_hnsw_m=32,
        qdrant_hnsw_ef_construct=256,
        qdrant_full_scan_threshold_kb=20_000,
        qdrant_quantization="int8",
    )
    configured = factory.vector_store(settings)
    assert isinstance(configured, QdrantClientVectorStore)
    store = QdrantClientVectorStore(location=":memory:", layout=configured.layout)
    store.open()
    calls: list[dict[str, Any]] = []
    assert store._client is not None
    real = store._client.create_collection

    def spy(name: str, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(name, **kwargs)

    store._client.create_collection = spy  # type: ignore[method-assign]
    store.ensure_collection(DIM)
    args = calls[0]
    assert (args["shard_number"], args["replication_factor"]) == (6, 2)
    assert args["write_consistency_factor"] == 2 and args["on_disk_payload"] is True
    dense = args["vectors_config"]["dense"]
    assert dense.on_disk and dense.hnsw_config.m == 32 and dense.hnsw_config.ef_construct == 256
    assert dense.hnsw_config.full_scan_threshold == 20_000
    assert dense.quantization_config.scalar.type == models.ScalarType.INT8
    kept = store._client.get_collection("chunks").config.params.vectors["dense"]
    assert kept.on_disk and kept.hnsw_config.m == 32
    points = corpus()
    store.upsert(points)
    assert store.count() == len(points)
    hits = store.query(query_for(points, 3, limit=5))
    assert hits[0].id == points[3].id
    store.close()
    # without settings, the server's defaults: nothing beyond the vectors
    default = QdrantClientVectorStore(location=":memory:").layout.create_args(DIM)
    assert set(default) == {"vectors_config", "sparse_vectors_config"}
