"""Qdrant through ``qdrant-client``: a server by URL in production, ``:memory:`` in tests.

>>> store = QdrantClientVectorStore(url="http://localhost:6333")   # no I/O until open()
>>> store.describe()
'Qdrant at http://localhost:6333 (collection chunks)'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from graphrag.errors import ConfigError, StoreError, StoreUnavailableError
from graphrag.settings import public_url
from graphrag.stores.vector.protocol import (
    DENSE,
    INTEGER_FIELDS,
    KEYWORD_FIELDS,
    SPARSE,
    fetch_limit,
    ordered,
)
from schemas import HybridQuery, PayloadFilter, VectorHit, VectorPoint

UPSERT_BATCH = 256
SCROLL_PAGE = 1000


@dataclass(frozen=True)
class CollectionLayout:
    """How a new collection is laid out on a Qdrant cluster (None: the server's default).
    ``shards`` spread the points over nodes, ``replication`` copies each shard (reads go on
    when a node fails), ``write_consistency`` is how many copies confirm a write. ``on_disk``
    memory-maps vectors and payload (RAM holds the HNSW graph and, with ``int8``, the
    quantized vectors: about a quarter of the float32 size; the originals rescore the top).
    A segment under ``full_scan_threshold_kb`` of vectors is searched exactly; the server's
    default is 10,000 KB, about 6,500 vectors of 384 dimensions."""

    shards: int | None = None
    replication: int | None = None
    write_consistency: int | None = None
    on_disk: bool = False
    hnsw_m: int | None = None
    hnsw_ef_construct: int | None = None
    full_scan_threshold_kb: int | None = None
    quantization: Literal["none", "int8"] = "none"

    def create_args(self, dense_size: int) -> dict[str, Any]:
        """The keyword arguments of ``create_collection`` beyond the collection's name."""
        hnsw = None
        if self.hnsw_m or self.hnsw_ef_construct or self.full_scan_threshold_kb:
            hnsw = models.HnswConfigDiff(
                m=self.hnsw_m,
                ef_construct=self.hnsw_ef_construct,
                full_scan_threshold=self.full_scan_threshold_kb,
            )
        quantization = None
        if self.quantization == "int8":
            quantization = models.ScalarQuantization(
                scalar=models.ScalarQuantizationConfig(type=models.ScalarType.INT8, always_ram=True)
            )
        args: dict[str, Any] = {
            "vectors_config": {
                DENSE: models.VectorParams(
                    size=dense_size,
                    distance=models.Distance.COSINE,
                    on_disk=self.on_disk or None,
                    hnsw_config=hnsw,
                    quantization_config=quantization,
                )
            },
            "sparse_vectors_config": {
                SPARSE: models.SparseVectorParams(
                    modifier=models.Modifier.IDF,
                    index=models.SparseIndexParams(on_disk=True) if self.on_disk else None,
                )
            },
        }
        optional = {
            "shard_number": self.shards,
            "replication_factor": self.replication,
            "write_consistency_factor": self.write_consistency,
            "on_disk_payload": True if self.on_disk else None,
        }
        return args | {k: v for k, v in optional.items() if v is not None}


class QdrantClientVectorStore:
    def __init__(
        self,
        *,
        url: str | None = None,
        location: str | None = None,
        api_key: str | None = None,
        collection: str = "chunks",
        timeout_s: float = 10.0,
        layout: CollectionLayout | None = None,
    ) -> None:
        if (url is None) == (location is None):
            raise ConfigError("GRAPHRAG_QDRANT_URL", "give exactly one of url or location")
        self.url = url
        self.location = location
        self._api_key = api_key
        self.collection = collection
        self.timeout_s = timeout_s
        self.layout = layout or CollectionLayout()
        self._client: QdrantClient | None = None

    def describe(self) -> str:
        where = public_url(self.url) if self.url else self.location
        return f"Qdrant at {where} (collection {self.collection})"

    @property
    def _store(self) -> str:
        return f"vector store ({self.describe()})"

    def open(self) -> None:
        if self._client is not None:
            return
        if self.url is not None:
            client = QdrantClient(url=self.url, api_key=self._api_key, timeout=int(self.timeout_s))
            try:
                client.get_collections()
            except UnexpectedResponse as exc:
                client.close()
                if exc.status_code in (401, 403):
                    raise ConfigError(
                        "GRAPHRAG_QDRANT_API_KEY",
                        f"{public_url(self.url)} refused the API key ({exc.status_code})",
                        hint="set GRAPHRAG_QDRANT_API_KEY to the server's key",
                    ) from None
                raise StoreUnavailableError(self._store, f"unexpected answer: {exc}") from None
            except (ResponseHandlingException, OSError) as exc:
                client.close()
                shown = public_url(self.url)
                raise StoreUnavailableError(
                    self._store,
                    f"cannot reach {shown}: {str(exc).replace(self.url, shown)}",
                    hint="start Qdrant (docker compose up -d) or fix GRAPHRAG_QDRANT_URL",
                ) from None
        else:
            client = QdrantClient(location=self.location)
        self._client = client

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.close()

    def ensure_collection(self, dense_size: int) -> None:
        client = self._require()
        with self._errors("ensure_collection"):
            if client.collection_exists(self.collection):
                info = client.get_collection(self.collection)
                vectors = info.config.params.vectors
                size = (
                    vectors[DENSE].size if isinstance(vectors, dict) and DENSE in vectors else None
                )
                if size != dense_size:
                    raise ConfigError(
                        "GRAPHRAG_QDRANT_URL",
                        f"collection {self.collection!r} holds {size}-dimensional vectors, "
                        f"the embedder gives {dense_size}",
                        hint="use the embedder this index was built with, or another collection",
                    )
                return
            client.create_collection(self.collection, **self.layout.create_args(dense_size))
            if self.url is None:
                return  # local mode has no payload indexes (and warns if asked for them)
            for name in KEYWORD_FIELDS:
                client.create_payload_index(self.collection, name, models.PayloadSchemaType.KEYWORD)
            for name in INTEGER_FIELDS:
                client.create_payload_index(self.collection, name, models.PayloadSchemaType.INTEGER)

    def upsert(self, points: list[VectorPoint]) -> None:
        client = self._require()
        with self._errors("upsert"):
            for start in range(0, len(points), UPSERT_BATCH):
                part = points[start : start + UPSERT_BATCH]
                client.upsert(self.collection, [_point(p) for p in part], wait=True)

    def delete_document(self, doc_id: str) -> int:
        client = self._require()
        flt = models.Filter(
            must=[models.FieldCondition(key="doc_id", match=models.MatchValue(value=doc_id))]
        )
        with self._errors("delete_document"):
            n = client.count(self.collection, count_filter=flt, exact=True).count
            if n:
                client.delete(self.collection, models.FilterSelector(filter=flt), wait=True)
        return int(n)

    def prune_documents(self, doc_ids: list[str], keep: set[str]) -> int:
        if not doc_ids:
            return 0
        client = self._require()
        flt = models.Filter(
            must=[models.FieldCondition(key="doc_id", match=models.MatchAny(any=list(doc_ids)))],
            must_not=[models.HasIdCondition(has_id=sorted(keep))] if keep else None,
        )
        with self._errors("prune"):
            n = client.count(self.collection, count_filter=flt, exact=True).count
            if n:
                client.delete(self.collection, models.FilterSelector(filter=flt), wait=True)
        return int(n)

    def point_ids(self, doc_ids: list[str]) -> dict[str, set[str]]:
        client = self._require()
        out: dict[str, set[str]] = {}
        if not doc_ids:
            return out
        flt = models.Filter(
            must=[models.FieldCondition(key="doc_id", match=models.MatchAny(any=list(doc_ids)))]
        )
        offset: Any = None
        with self._errors("scroll"):
            while True:
                records, offset = client.scroll(
                    self.collection,
                    scroll_filter=flt,
                    limit=SCROLL_PAGE,
                    offset=offset,
                    with_payload=["doc_id"],
                )
                for r in records:
                    out.setdefault(str((r.payload or {}).get("doc_id")), set()).add(str(r.id))
                if offset is None or not records:
                    return out

    def document_counts(self) -> dict[str, int]:
        client = self._require()
        with self._errors("facet"):
            total = client.count(self.collection, exact=True).count
            if total == 0:
                return {}
            response = client.facet(self.collection, key="doc_id", limit=total, exact=True)
        return {str(hit.value): int(hit.count) for hit in response.hits if hit.count}

    def query(self, query: HybridQuery) -> list[VectorHit]:
        client = self._require()
        flt = client_filter(query.filter)
        branches: list[tuple[Any, str, float]] = []
        if query.dense is not None and query.dense_weight > 0:
            branches.append((query.dense, DENSE, query.dense_weight))
        if query.sparse is not None and query.sparse.indices and query.sparse_weight > 0:
            sparse = models.SparseVector(indices=query.sparse.indices, values=query.sparse.values)
            branches.append((sparse, SPARSE, query.sparse_weight))
        if not branches:
            return []
        with self._errors("query"):
            if len(branches) == 1:
                vector, using, _ = branches[0]
                response = client.query_points(
                    self.collection,
                    query=vector,
                    using=using,
                    query_filter=flt,
                    limit=fetch_limit(query.limit),
                    score_threshold=query.score_threshold,
                    with_payload=query.with_payload,
                )
            else:
                fusion: Any
                if query.fusion == "dbsf":
                    fusion = models.FusionQuery(fusion=models.Fusion.DBSF)
                else:
                    fusion = models.RrfQuery(
                        rrf=models.Rrf(k=query.rrf_k, weights=[w for _, _, w in branches])
                    )
                response = client.query_points(
                    self.collection,
                    prefetch=[
                        models.Prefetch(query=v, using=u, limit=query.prefetch_limit, filter=flt)
                        for v, u, _ in branches
                    ],
                    query=fusion,
                    query_filter=flt,
                    limit=fetch_limit(query.limit),
                    score_threshold=query.score_threshold,
                    with_payload=query.with_payload,
                )
        return ordered(
            [
                VectorHit(id=str(p.id), score=float(p.score), payload=dict(p.payload or {}))
                for p in response.points
            ],
            query.limit,
        )

    def fetch(self, ids: list[str]) -> list[VectorHit]:
        if not ids:
            return []
        with self._errors("fetch"):
            records = self._require().retrieve(self.collection, list(ids), with_payload=True)
        by_id = {str(r.id): r for r in records}
        return [
            VectorHit(id=i, score=0.0, payload=dict(by_id[i].payload or {}))
            for i in ids
            if i in by_id
        ]

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        if not ids:
            return {}
        with self._errors("fetch"):
            records = self._require().retrieve(
                self.collection, list(ids), with_payload=False, with_vectors=[DENSE]
            )
        out: dict[str, list[float]] = {}
        for r in records:
            vector = r.vector.get(DENSE) if isinstance(r.vector, dict) else r.vector
            if isinstance(vector, list) and vector and isinstance(vector[0], float):
                out[str(r.id)] = [float(x) for x in vector]
        return out

    def count(self, flt: PayloadFilter | None = None) -> int:
        with self._errors("count"):
            result = self._require().count(
                self.collection, count_filter=client_filter(flt) if flt else None, exact=True
            )
        return int(result.count)

    def _require(self) -> QdrantClient:
        if self._client is None:
            raise StoreError(self._store, "not open", hint="call open() first")
        return self._client

    @contextmanager
    def _errors(self, operation: str) -> Iterator[None]:
        """Maps qdrant-client failures of one operation onto our errors."""
        try:
            yield
        except (StoreError, ConfigError):
            raise
        except (ResponseHandlingException, OSError) as exc:
            raise StoreUnavailableError(
                self._store,
                f"{operation}: lost the connection: {exc}",
                hint="check that Qdrant is running, then retry",
            ) from None
        except (UnexpectedResponse, ValueError) as exc:
            raise StoreError(self._store, f"{operation} failed: {exc}") from None


def _point(p: VectorPoint) -> models.PointStruct:
    vector: dict[str, Any] = {DENSE: p.dense}
    if p.sparse.indices:
        vector[SPARSE] = models.SparseVector(indices=p.sparse.indices, values=p.sparse.values)
    return models.PointStruct(id=p.id, vector=vector, payload=dict(p.payload))


def client_filter(flt: PayloadFilter) -> models.Filter | None:
    must: list[Any] = []
    access = flt.access
    if not access.unrestricted:
        must.append(
            models.FieldCondition(key="tenant", match=models.MatchValue(value=access.tenant))
        )
        must.append(
            models.FieldCondition(
                key="visibility", match=models.MatchAny(any=[str(v) for v in access.visibility])
            )
        )
        allowed: list[Any] = [models.IsEmptyCondition(is_empty=models.PayloadField(key="acl"))]
        if access.groups:
            allowed.append(
                models.FieldCondition(key="acl", match=models.MatchAny(any=list(access.groups)))
            )
        must.append(models.Filter(should=allowed))
    for m in flt.must:
        must.append(models.FieldCondition(key=m.key, match=models.MatchAny(any=m.values)))
    for r in flt.ranges:
        must.append(models.FieldCondition(key=r.key, range=models.Range(gte=r.gte, lte=r.lte)))
    must_not: list[Any] = [
        models.FieldCondition(key=m.key, match=models.MatchAny(any=m.values)) for m in flt.must_not
    ]
    if not must and not must_not:
        return None
    return models.Filter(must=must or None, must_not=must_not or None)
