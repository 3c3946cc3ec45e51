"""qdrant-edge: Qdrant's engine in-process, the vector store's embedded default.

>>> store = EdgeVectorStore("/tmp/graphrag-doc/vectors")   # no I/O until open()
>>> store.describe()
'embedded qdrant-edge in /tmp/graphrag-doc/vectors'

One process owns a shard directory: ``open()`` takes an exclusive lock and a second process
gets a StoreLockedError naming the owner, instead of two writers corrupting the WAL.

Deleted points keep counting in the sparse vectors' IDF until their segment is vacuumed (a
long-running service scored BM25 differently from a fresh process after a delete): after a
delete the next query vacuums first, once for a whole batch of deletes.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path
from typing import IO, Any

import qdrant_edge as qe

from graphrag.errors import ConfigError, StoreError, StoreLockedError
from graphrag.files import private_dir
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


class EdgeVectorStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path).absolute()
        self._shard: Any = None
        self._lock: IO[str] | None = None
        self._deleted = False  # points were deleted since the last vacuum
        # searches run together (graphrag.locks): the first after a delete vacuums, alone
        self._vacuum = threading.Lock()

    def describe(self) -> str:
        return f"embedded qdrant-edge in {self.path}"

    @property
    def _store(self) -> str:
        return f"vector store ({self.describe()})"

    def open(self) -> None:
        if self._lock is not None:
            return
        private_dir(self.path.parent)
        lock_path = self.path.parent / f"{self.path.name}.lock"
        handle = open(lock_path, "a+", encoding="utf-8")  # noqa: SIM115 - held while open
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            owner = handle.read().strip() or "another process"
            handle.close()
            raise StoreLockedError(
                self._store,
                f"{self.path} is in use by process {owner}",
                hint="stop that process (or query it through its HTTP API), "
                "or use another GRAPHRAG_DATA_DIR",
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._lock = handle

    def close(self) -> None:
        shard, self._shard = self._shard, None
        if shard is not None:
            shard.flush()
            shard.close()
        lock, self._lock = self._lock, None
        if lock is not None:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()

    def ensure_collection(self, dense_size: int) -> None:
        self.open()
        if self._shard is not None:
            return
        config = qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=dense_size, distance=qe.Distance.Cosine)},
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            # any deleted point makes its segment due for a vacuum (run by _vacuum)
            optimizers=qe.EdgeOptimizersConfig(deleted_threshold=1e-9, vacuum_min_vector_number=1),
        )
        exists = self.path.exists() and any(self.path.iterdir())
        try:
            shard = qe.EdgeShard.load(str(self.path), config) if exists else None
        except Exception as exc:
            raise ConfigError(
                "GRAPHRAG_DATA_DIR",
                f"the vectors in {self.path} do not fit a {dense_size}-dimensional embedder: {exc}",
                hint="use the embedder this index was built with, or re-index into a new "
                "GRAPHRAG_DATA_DIR",
            ) from None
        if shard is None:
            shard = qe.EdgeShard.create(str(self.path), config)
            for name in KEYWORD_FIELDS:
                shard.update(
                    qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Keyword)
                )
            for name in INTEGER_FIELDS:
                shard.update(
                    qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Integer)
                )
        self._shard = shard

    def upsert(self, points: list[VectorPoint]) -> None:
        shard = self._require()
        for start in range(0, len(points), UPSERT_BATCH):
            part = points[start : start + UPSERT_BATCH]
            shard.update(qe.UpdateOperation.upsert_points([_point(p) for p in part]))

    def delete_document(self, doc_id: str) -> int:
        shard = self._require()
        flt = qe.Filter(must=[qe.FieldCondition("doc_id", match=qe.MatchValue(doc_id))])
        n = int(shard.count(qe.CountRequest(exact=True, filter=flt)))
        if n:
            shard.update(qe.UpdateOperation.delete_points_by_filter(flt))
            self._deleted = True
        return n

    def prune_documents(self, doc_ids: list[str], keep: set[str]) -> int:
        if not doc_ids:
            return 0
        shard = self._require()
        flt = qe.Filter(
            must=[qe.FieldCondition("doc_id", match=qe.MatchAny(list(doc_ids)))],
            must_not=[qe.HasIdCondition(set(keep))] if keep else None,
        )
        n = int(shard.count(qe.CountRequest(exact=True, filter=flt)))
        if n:
            shard.update(qe.UpdateOperation.delete_points_by_filter(flt))
            self._deleted = True
        return n

    def point_ids(self, doc_ids: list[str]) -> dict[str, set[str]]:
        shard = self._require()
        out: dict[str, set[str]] = {}
        if not doc_ids:
            return out
        flt = qe.Filter(must=[qe.FieldCondition("doc_id", match=qe.MatchAny(list(doc_ids)))])
        offset: Any = None
        while True:
            records, offset = shard.scroll(
                qe.ScrollRequest(
                    offset=offset, limit=SCROLL_PAGE, filter=flt, with_payload=["doc_id"]
                )
            )
            for r in records:
                out.setdefault(str((r.payload or {}).get("doc_id")), set()).add(str(r.id))
            if offset is None or not records:
                return out

    def document_counts(self) -> dict[str, int]:
        shard = self._require()
        total = int(shard.count(qe.CountRequest(exact=True)))
        if total == 0:
            return {}
        response = shard.facet(qe.FacetRequest("doc_id", limit=total, exact=True))
        return {str(hit.value): int(hit.count) for hit in response.hits if hit.count}

    def query(self, query: HybridQuery) -> list[VectorHit]:
        shard = self._require()
        if self._deleted:  # BM25 counts only the points that exist
            with self._vacuum:
                if self._deleted:
                    shard.optimize()
                    self._deleted = False
        flt = edge_filter(query.filter)
        branches = []
        if query.dense is not None and query.dense_weight > 0:
            branches.append((qe.Query.Nearest(query.dense, using=DENSE), query.dense_weight))
        if query.sparse is not None and query.sparse.indices and query.sparse_weight > 0:
            sparse = qe.SparseVector(indices=query.sparse.indices, values=query.sparse.values)
            branches.append((qe.Query.Nearest(sparse, using=SPARSE), query.sparse_weight))
        if not branches:
            return []
        if len(branches) == 1:
            request = qe.QueryRequest(
                limit=fetch_limit(query.limit),
                query=branches[0][0],
                filter=flt,
                score_threshold=query.score_threshold,
                with_payload=query.with_payload,
            )
        else:
            fusion: Any
            if query.fusion == "dbsf":
                fusion = qe.Fusion.Dbsf()
            else:
                fusion = qe.Fusion.Rrf(k=query.rrf_k, weights=[w for _, w in branches])
            request = qe.QueryRequest(
                limit=fetch_limit(query.limit),
                query=fusion,
                prefetches=[
                    qe.Prefetch(limit=query.prefetch_limit, query=q, filter=flt)
                    for q, _ in branches
                ],
                filter=flt,
                score_threshold=query.score_threshold,
                with_payload=query.with_payload,
            )
        try:
            hits = shard.query(request)
        except Exception as exc:
            raise StoreError(self._store, f"query failed: {exc}") from None
        return ordered(
            [VectorHit(id=str(h.id), score=float(h.score), payload=h.payload or {}) for h in hits],
            query.limit,
        )

    def fetch(self, ids: list[str]) -> list[VectorHit]:
        if not ids:
            return []
        records = self._require().retrieve(list(ids), with_payload=True, with_vector=False)
        by_id = {str(r.id): r for r in records}
        return [
            VectorHit(id=i, score=0.0, payload=by_id[i].payload or {}) for i in ids if i in by_id
        ]

    def dense_vectors(self, ids: list[str]) -> dict[str, list[float]]:
        if not ids:
            return {}
        records = self._require().retrieve(list(ids), with_payload=False, with_vector=True)
        return {str(r.id): list(_dense_of(r.vector)) for r in records if _dense_of(r.vector)}

    def count(self, flt: PayloadFilter | None = None) -> int:
        request = qe.CountRequest(exact=True, filter=edge_filter(flt) if flt else None)
        return int(self._require().count(request))

    def _require(self) -> Any:
        if self._shard is None:
            raise StoreError(self._store, "not open", hint="call ensure_collection() first")
        return self._shard


def _dense_of(vector: Any) -> list[float]:
    if isinstance(vector, dict):
        vector = vector.get(DENSE)
    return list(vector) if vector is not None and not hasattr(vector, "indices") else []


def _point(p: VectorPoint) -> Any:
    vector: dict[str, Any] = {DENSE: p.dense}
    if p.sparse.indices:
        vector[SPARSE] = qe.SparseVector(indices=p.sparse.indices, values=p.sparse.values)
    return qe.Point(p.id, vector, dict(p.payload))


def edge_filter(flt: PayloadFilter) -> Any:
    must: list[Any] = []
    access = flt.access
    if not access.unrestricted:
        must.append(qe.FieldCondition("tenant", match=qe.MatchValue(access.tenant)))
        must.append(
            qe.FieldCondition("visibility", match=qe.MatchAny([str(v) for v in access.visibility]))
        )
        allowed: list[Any] = [qe.IsEmptyCondition("acl")]
        if access.groups:
            allowed.append(qe.FieldCondition("acl", match=qe.MatchAny(list(access.groups))))
        must.append(qe.Filter(should=allowed))
    for m in flt.must:
        must.append(qe.FieldCondition(m.key, match=qe.MatchAny(m.values)))
    for r in flt.ranges:
        must.append(qe.FieldCondition(r.key, range=qe.RangeFloat(gte=r.gte, lte=r.lte)))
    must_not: list[Any] = [
        qe.FieldCondition(m.key, match=qe.MatchAny(m.values)) for m in flt.must_not
    ]
    if not must and not must_not:
        return None
    return qe.Filter(must=must or None, must_not=must_not or None)
