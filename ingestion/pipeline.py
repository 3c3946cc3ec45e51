"""The ingestion pipeline: files -> parse -> chunk -> embed + sparse -> entities -> stores.

Order of writes makes every file all-or-nothing and re-runs exact:

1. an unchanged file (same SHA-256 as the stored document) is skipped;
2. files are parsed, chunked and entity-linked into a buffer (up to FLUSH_CHUNKS), then
   embedded together, before anything is written (a model failure writes nothing);
3. the new points are upserted; then one graph transaction replaces the old versions of
   changed files and writes the new ones (Document nodes included); then the points of the
   old versions that the new ones do not reuse are deleted.

A reader therefore sees the old version or the new one, never neither. A run killed between
the vector and the graph writes leaves points the graph does not know (searches skip them);
the next run of any ingest finds documents whose point count differs from their chunk count
and repairs them (stale points deleted, missing ones re-embedded from the graph's text).

Readers wait for the store lock at most one write batch: parsing, chunking and embedding run
outside it.
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from graphrag import telemetry
from graphrag.errors import DocumentError, StoreError
from graphrag.models.embedders import Embedder
from graphrag.models.sparse import SparseEncoder
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore
from ingestion.chunking import Chunker, contextual_text
from ingestion.citations import link_citations
from ingestion.entities import (
    EntityExtractor,
    EntityResolver,
    ResolverConfig,
    extract_relations,
)
from ingestion.entities.resolver import normalise
from ingestion.faults import checkpoint
from ingestion.parsers import DEFAULT_MAX_BYTES, parse_file
from ingestion.prepare import Failed, Prepared, Tools, prepare
from ingestion.progress import NoProgress, Progress
from ingestion.report import FileError, IngestReport
from schemas import (
    NAME_SEPARATOR,
    About,
    AccessFields,
    AccessFilter,
    Chunk,
    Document,
    DocumentLink,
    DocumentSummary,
    Entity,
    GraphBatch,
    Mention,
    SparseVector,
    VectorPoint,
    document_id,
)
from schemas.parsed import ParsedDocument

log = logging.getLogger(__name__)
FLUSH_CHUNKS = 500  # chunks buffered before one combined write (bounded memory, fewer round trips)
EMBED_BATCH = 64  # texts per embedder call (progress granularity; the model batches inside)


@dataclass
class _Pending:
    """A parsed, chunked, entity-linked file waiting for its embeddings and the write."""

    path: str
    document: Document
    batch: GraphBatch
    replaces: bool  # an older version of the document is stored
    # its chunks' vectors when a worker embedded them (``ingestion.fanout``)
    dense: list[list[float]] | None = None
    sparse: list[SparseVector] | None = None


@dataclass
class _Job:
    """A new or changed file: its id and hash, and the stored version it replaces."""

    path: Path
    doc_id: str
    sha: str
    existing: Document | None


class Fanout(Protocol):
    """Workers that prepare files (``ingestion.prepare``) away from the pipeline's process."""

    def prepare(
        self, files: list[tuple[Path, str]], access: AccessFields
    ) -> Iterator[Prepared | Failed]:
        """Each (path, document id) prepared and embedded, in the order given."""
        ...


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class IngestionPipeline:
    def __init__(
        self,
        graph: GraphStore,
        vectors: VectorStore,
        embedder: Embedder,
        sparse: SparseEncoder,
        chunker: Chunker,
        extractor: EntityExtractor,
        *,
        resolver: EntityResolver | None = None,
        resolver_config: ResolverConfig | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        progress: Progress | None = None,
        lock: AbstractContextManager[Any] | None = None,
        parse: Callable[[Path], ParsedDocument] | None = None,
        file_timeout_s: float | None = None,
        fanout: Fanout | None = None,
    ) -> None:
        self.graph = graph
        self.vectors = vectors
        self.embedder = embedder
        self.sparse = sparse
        self.chunker = chunker
        self.extractor = extractor
        self.resolver = resolver
        self.resolver_config = resolver_config
        self.max_bytes = max_bytes
        # in-process by default; the SDK parses in a child process with hard limits
        self.parse = parse or partial(parse_file, max_bytes=max_bytes)
        self.file_timeout_s = file_timeout_s  # parse + chunk + entities of one file
        # workers that prepare files (parse, chunk, entities, embed) elsewhere; None: here
        self.fanout = fanout
        self.progress = progress or NoProgress()
        self._paths: dict[Path, str] = {}  # how this run's files are shown (Document.path)
        # taken around every store write, so readers sharing it wait one write batch at most
        self.lock: AbstractContextManager[Any] = lock or nullcontext()
        self._timings: dict[str, float] = defaultdict(float)
        self._pending: list[_Pending] = []

    def _timed(self, stage: str) -> AbstractContextManager[None]:
        def record(seconds: float) -> None:
            self._timings[stage] += seconds

        return telemetry.stage("ingest", stage, record)

    def ingest(
        self,
        files: list[Path],
        access: AccessFields | None = None,
        paths: dict[Path, str] | None = None,
    ) -> IngestReport:
        """``paths``: how each file is shown in citations (``Document.path``); its name when
        not given."""
        with telemetry.span("ingest", **{"ingest.files": len(files)}) as span:
            report = self._ingest(files, access or AccessFields(), paths)
            for name in ("documents", "chunks", "entities", "unchanged"):
                span.set_attribute(f"ingest.{name}", getattr(report, name))
            span.set_attribute("ingest.errors", len(report.errors))
        telemetry.INGESTED.labels("files").inc(len(files))
        telemetry.INGESTED.labels("chunks").inc(report.chunks)
        return report

    def _ingest(
        self, files: list[Path], access: AccessFields, paths: dict[Path, str] | None
    ) -> IngestReport:
        self._paths = paths or {}
        report = IngestReport()
        self._timings = defaultdict(float)
        with self._timed("reconcile"), self.lock:
            report.repaired = self.reconcile()
        if self.resolver is None or self.resolver.tenant != access.tenant:
            with self._timed("resolve"):
                self.resolver = EntityResolver(
                    known=self.graph.list_entities(access.tenant),
                    config=self.resolver_config,
                    embed=self.embedder,
                    tenant=access.tenant,
                )
        written: list[Document] = []
        self.progress.stage("files", len(files))
        if self.fanout is None:
            for path in files:
                with self._file(path, report):
                    job = self._identify(path, access, report)
                    if job is not None:
                        prepared = prepare(
                            self._tools(),
                            path,
                            job.doc_id,
                            access,
                            self._timed,
                            self.file_timeout_s,
                        )
                        self._accept(job, prepared, access)
                self._after_file(path, report, written)
        else:
            jobs: list[_Job] = []
            for path in files:  # what is new or changed, in order; the rest is done here
                with self._file(path, report):
                    job = self._identify(path, access, report)
                    if job is not None:
                        jobs.append(job)
                if job is None:
                    self._after_file(path, report, written)
            results = self.fanout.prepare([(j.path, j.doc_id) for j in jobs], access)
            # in the order of the files, whatever order the workers finish in: the entities a
            # file resolves to depend on the files before it, as in one process
            for job, result in zip(jobs, results, strict=True):
                if isinstance(result, Failed):  # its message names the file already
                    report.errors.append(
                        FileError(path=str(job.path), error=result.error, reason=result.reason)
                    )
                    log.info("skipped %s: %s", job.path, result.error)
                    self._after_file(job.path, report, written)
                    continue
                with self._file(job.path, report):
                    for stage, seconds in result.timings.items():
                        self._timings[f"worker_{stage}"] += seconds
                    self._accept(job, result, access)
                self._after_file(job.path, report, written)
        self._flush(report, written)
        if files:
            with self._timed("link_documents"), self.lock:
                self._link_documents([d.id for d in written])
            checkpoint("linked")
        report.timings_s = {k: round(v, 3) for k, v in self._timings.items()}
        return report

    @contextmanager
    def _file(self, path: Path, report: IngestReport) -> Iterator[None]:
        """One file's work: a DocumentError or a bug becomes the file's error in the report
        and the batch goes on; a store error ends the run."""
        try:
            with telemetry.span(
                "ingest.file",
                **{
                    "file.bytes": _size(path),
                    "file.suffix": path.suffix.lower(),
                    "file.name": telemetry.content(path.name),
                },
            ):
                yield
        except DocumentError as exc:
            report.errors.append(FileError(path=str(path), error=str(exc), reason=exc.reason))
            log.info("skipped %s: %s", path, exc)
        except StoreError:
            raise
        except Exception as exc:  # a parser bug must not stop the batch
            log.exception("failed on %s", path)
            report.errors.append(
                FileError(path=str(path), error=f"{type(exc).__name__}: {exc}", reason="bug")
            )

    def _after_file(self, path: Path, report: IngestReport, written: list[Document]) -> None:
        self.progress.advance("files", 1, detail=path.name)
        # outside the file's error handling: the flush answers for every buffered file
        if sum(len(p.batch.chunks) for p in self._pending) >= FLUSH_CHUNKS:
            self._flush(report, written)

    def _tools(self) -> Tools:
        return Tools(parse=self.parse, chunker=self.chunker, extractor=self.extractor)

    def reconcile(self) -> int:
        """Make the stores agree where a killed run left them apart: a document whose point
        count differs from its chunk count loses the points the graph does not know and gets
        back the points it lacks (embedded again from the chunk text). Returns the number of
        points deleted or restored."""
        documents = {s.document.id: s for s in self.graph.list_documents(AccessFilter.everything())}
        counts = self.vectors.document_counts()
        suspects = sorted(
            d
            for d in set(documents) | set(counts)
            if counts.get(d, 0) != (documents[d].chunks if d in documents else 0)
        )
        if not suspects:
            return 0
        in_graph = self.graph.chunk_ids_of(suspects)
        keep = {cid for ids in in_graph.values() for cid in ids}
        removed = self.vectors.prune_documents(suspects, keep)
        present = self.vectors.point_ids(suspects)
        missing = sorted(cid for d, ids in in_graph.items() for cid in ids - present.get(d, set()))
        restored = self._restore_points(missing)
        log.warning(
            "repaired %d documents a killed run left inconsistent: %d stale points deleted, "
            "%d missing points embedded again",
            len(suspects),
            removed,
            restored,
        )
        return removed + restored

    def _restore_points(self, chunk_ids: list[str]) -> int:
        if not chunk_ids:
            return 0
        items = self.graph.fetch_chunks(chunk_ids, AccessFilter.everything())
        documents: dict[str, Document] = {}
        for item in items:
            if item.chunk.doc_id not in documents:
                found = self.graph.get_document(item.chunk.doc_id)
                if found is not None:
                    documents[found.id] = found
        pairs = [(i.chunk, documents[i.chunk.doc_id]) for i in items if i.chunk.doc_id in documents]
        texts = [contextual_text(c, d.title) for c, d in pairs]
        dense = self.embedder.embed_documents(texts)
        sparse = self.sparse.encode_documents(texts, [c.language for c, _ in pairs])
        self.vectors.upsert(
            [
                VectorPoint(id=c.id, dense=v, sparse=s, payload=_payload(c, d))
                for (c, d), v, s in zip(pairs, dense, sparse, strict=True)
            ]
        )
        return len(pairs)

    def _flush(self, report: IngestReport, written: list[Document]) -> None:
        """Embed and write the buffered documents: their chunks are embedded together (small
        files batch well), then, under the store lock, points first, then one graph
        transaction for all of them (old versions out, new ones in, Document nodes included),
        then the old versions' leftover points."""
        pending, self._pending = self._pending, []
        if not pending:
            return
        try:
            points = self._points(pending)
        except StoreError:
            raise
        except Exception as exc:  # a model failure fails the buffered files, not the run
            log.exception("embedding failed for %d buffered files", len(pending))
            error = f"embedding failed: {type(exc).__name__}: {exc}"
            report.errors += [FileError(path=p.path, error=error, reason="bug") for p in pending]
            return
        checkpoint("embedded")
        entities: dict[str, Entity] = {}
        for p in pending:
            entities.update({e.id: e for e in p.batch.entities})  # later = more aliases
        merged = GraphBatch(
            replaces=[p.document.id for p in pending if p.replaces],
            documents=[d for p in pending for d in p.batch.documents],
            sections=[s for p in pending for s in p.batch.sections],
            chunks=[c for p in pending for c in p.batch.chunks],
            entities=list(entities.values()),
            mentions=[m for p in pending for m in p.batch.mentions],
            relations=[r for p in pending for r in p.batch.relations],
        )
        with self.lock:
            self.graph.ping()  # a graph that is down fails the run before any point is written
            with self._timed("vector_write"):
                self.vectors.upsert(points)
            checkpoint("vectors_written")
            with self._timed("graph_write"):
                self.graph.write(merged)
            checkpoint("graph_written")
            with self._timed("vector_write"):
                self.vectors.prune_documents(
                    [p.document.id for p in pending], keep={point.id for point in points}
                )
            checkpoint("pruned")
        for p in pending:
            written.append(p.document)
            report.documents += 1
            report.deleted_versions += int(p.replaces)
            report.sections += len(p.batch.sections)
            report.chunks += len(p.batch.chunks)
            report.entities += len(p.batch.entities)
            report.relations += len(p.batch.relations)

    # -- one file ----------------------------------------------------------------------------

    def _identify(self, path: Path, access: AccessFields, report: IngestReport) -> _Job | None:
        """The file's id and hash, and the stored version it replaces; None (counted as
        unchanged) when the stored version has the same content."""
        with self._timed("hash"):
            try:
                sha = file_sha256(path)
            except OSError as exc:
                raise DocumentError(str(path), "unreadable", f"cannot read: {exc}") from None
            doc_id = document_id(str(path.resolve()), access.tenant)
            existing = self.graph.get_document(doc_id)
        if existing is not None and existing.sha256 == sha:
            report.unchanged += 1
            return None
        return _Job(path=path, doc_id=doc_id, sha=sha, existing=existing)

    def _accept(self, job: _Job, prepared: Prepared, access: AccessFields) -> None:
        """A prepared file's Document and graph batch, buffered for the next flush."""
        parsed = prepared.parsed
        document = self._document(job.path, parsed, job.doc_id, job.sha, access, job.existing)
        document.metadata["names"] = NAME_SEPARATOR.join(_document_names(document, parsed))
        batch = self._graph_batch(document, prepared)
        checkpoint("parsed")
        self._pending.append(
            _Pending(
                path=str(job.path),
                document=document,
                batch=batch,
                replaces=job.existing is not None,
                dense=prepared.dense,
                sparse=prepared.sparse,
            )
        )

    def _document(
        self,
        path: Path,
        parsed: ParsedDocument,
        doc_id: str,
        sha: str,
        access: AccessFields,
        existing: Document | None,
    ) -> Document:
        return Document(
            id=doc_id,
            title=parsed.title,
            source=str(path.resolve()),
            path=self._paths.get(path, path.name),
            mime=parsed.mime,
            sha256=sha,
            version=(existing.version + 1) if existing else 1,
            language=parsed.language,
            author=parsed.author,
            created=_date(parsed.created),
            modified=_date(parsed.modified),
            tenant=access.tenant,
            visibility=access.visibility,
            acl=list(access.acl),
            metadata={**parsed.metadata, **({"pages": parsed.pages} if parsed.pages else {})},
            links_pending=True,
        )

    def _points(self, pending: list[_Pending]) -> list[VectorPoint]:
        done = [p for p in pending if p.dense is not None and p.sparse is not None]
        points = [
            VectorPoint(id=c.id, dense=v, sparse=sv, payload=_payload(c, p.document))
            for p in done
            for c, v, sv in zip(p.batch.chunks, p.dense or [], p.sparse or [], strict=True)
        ]
        left = [p for p in pending if p.dense is None or p.sparse is None]
        return points + self._embedded(left) if left else points

    def _embedded(self, pending: list[_Pending]) -> list[VectorPoint]:
        chunks = [(c, p.document) for p in pending for c in p.batch.chunks]
        texts = [contextual_text(c, d.title) for c, d in chunks]
        # Shortest first: a batch pads to its longest text, so similar lengths waste least.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        dense: list[list[float]] = [[] for _ in texts]
        self.progress.stage("embed", len(texts))
        with self._timed("embed"):
            for start in range(0, len(order), EMBED_BATCH):
                part = order[start : start + EMBED_BATCH]
                vectors = self.embedder.embed_documents([texts[i] for i in part])
                for i, vector in zip(part, vectors, strict=True):
                    dense[i] = vector
                self.progress.advance("embed", len(part))
        with self._timed("sparse"):
            sparse = self.sparse.encode_documents(texts, [c.language for c, _ in chunks])
        return [
            VectorPoint(id=c.id, dense=v, sparse=s, payload=_payload(c, d))
            for (c, d), v, s in zip(chunks, dense, sparse, strict=True)
        ]

    def _graph_batch(self, document: Document, prepared: Prepared) -> GraphBatch:
        assert self.resolver is not None
        parsed, chunked, spans = prepared.parsed, prepared.chunked, prepared.spans
        abbreviation = parsed.metadata.get("fm_jurabk")
        if isinstance(abbreviation, str) and abbreviation:
            self.resolver.add_alias_pair(abbreviation, parsed.title, "LAW")
        with self._timed("resolve"):
            entity_of = self.resolver.resolve(spans, document.id)
            relations = extract_relations(chunked.chunks, spans, entity_of)
        counts: dict[tuple[str, str], int] = defaultdict(int)
        surfaces: dict[tuple[str, str], set[str]] = defaultdict(set)
        entities: dict[str, Entity] = {}
        for i, span in enumerate(spans):
            entity = entity_of[i]
            entities[entity.id] = entity
            counts[(span.chunk_id, entity.id)] += 1
            surfaces[(span.chunk_id, entity.id)].add(span.text)
        mentions = [
            Mention(chunk_id=c, entity_id=e, count=n, surface=sorted(surfaces[(c, e)]))
            for (c, e), n in sorted(counts.items())
        ]
        batch = GraphBatch(
            documents=[document],
            sections=chunked.sections,
            chunks=chunked.chunks,
            entities=list(entities.values()),
            mentions=mentions,
            relations=relations,
        )
        return batch

    def _link_documents(self, written: list[str]) -> None:
        """REFERENCES between documents (one mentions an entity another is ABOUT, by name or
        abbreviation) for the documents this run wrote and any a killed run left unlinked.

        Links stay inside a tenant, like its entities. A new edge needs a new mention or a new
        ABOUT, so only the entities the pending documents mention, and those their names name,
        are looked at: adding a few files to a large store does not recompute every link.
        MERGE keeps repeats idempotent.
        """
        assert self.resolver is not None
        summaries = self.graph.list_documents(AccessFilter.everything())
        pending = set(written) | {s.document.id for s in summaries if s.document.links_pending}
        if not pending:
            return
        tenants = sorted({s.document.tenant for s in summaries if s.document.id in pending})
        for tenant in tenants:
            entities = (
                self.resolver.entities()
                if tenant == self.resolver.tenant
                else self.graph.list_entities(tenant)
            )
            own = [s for s in summaries if s.document.tenant == tenant]
            own_pending = pending & {s.document.id for s in own}
            self._link_tenant(own, own_pending, entities)
            citations = link_citations(self.graph, own, own_pending, tenant)
            if citations:
                self.graph.write(GraphBatch(citations=citations))
        self.graph.mark_documents_linked(sorted(pending))

    def _link_tenant(
        self, summaries: list[DocumentSummary], pending: set[str], entities: list[Entity]
    ) -> None:
        by_key: dict[str, set[str]] = defaultdict(set)
        for entity in entities:
            for alias in {entity.name, *entity.aliases}:
                by_key[normalise(alias)].add(entity.id)
        named: dict[str, set[str]] = defaultdict(set)  # entity id -> documents ABOUT it
        for summary in summaries:
            document = summary.document
            names = str(document.metadata.get("names", "")).split(NAME_SEPARATOR)
            for name in {document.title, *names}:
                for eid in by_key.get(normalise(name), ()) if name else ():
                    named[eid].add(document.id)
        mentioned = self.graph.entities_of_documents(sorted(pending))
        scope = {e for e, docs in named.items() if e in mentioned or docs & pending}
        mentioning = self.graph.documents_mentioning(sorted(scope))
        links = {
            (source, target)
            for eid in scope
            for source in mentioning.get(eid, [])
            for target in named[eid]
            if source != target
        }
        about = {(doc, eid) for eid in scope for doc in named[eid]}
        if links or about:
            self.graph.write(
                GraphBatch(
                    links=[DocumentLink(source_id=s, target_id=t) for s, t in sorted(links)],
                    about=[About(doc_id=d, entity_id=e) for d, e in sorted(about)],
                )
            )


def _document_names(document: Document, parsed: ParsedDocument) -> list[str]:
    """What other documents may call this one: title, abbreviation, "Long (ABBR)" parts."""
    names = {document.title}
    for key in ("fm_jurabk", "fm_abbreviation", "fm_short_title"):
        value = parsed.metadata.get(key)
        if isinstance(value, str) and value.strip():
            names.add(value.strip())
    first_heading = next((b.text for b in parsed.blocks if b.kind in ("title", "heading")), "")
    for heading in {document.title, first_heading}:
        if "(" in heading and heading.endswith(")"):
            # "Kündigungsschutzgesetz (KSchG)" names both; "Robert Young (musician)" names
            # "Robert Young" only: a lower-case qualifier is a disambiguation, not a name.
            long, _, short = heading[:-1].rpartition("(")
            names.add(long.strip())
            if _looks_like_abbreviation(short.strip()):
                names.add(short.strip())
    return sorted(n for n in names if len(n) >= 2)


def _looks_like_abbreviation(text: str) -> bool:
    return 2 <= len(text) <= 15 and " " not in text and any(ch.isupper() for ch in text)


def _payload(chunk: Chunk, document: Document) -> dict[str, Any]:
    return {
        "doc_id": chunk.doc_id,
        "section_id": chunk.section_id,
        "ordinal": chunk.ordinal,
        "kind": chunk.kind,
        "language": chunk.language,
        "mime": document.mime,
        "page_start": chunk.page_start,
        "page_end": chunk.page_end,
        "level": len(chunk.section_path),
        "section_path": " > ".join(chunk.section_path),
        "title": document.title,
        "tenant": chunk.tenant,
        "visibility": chunk.visibility,
        "acl": list(chunk.acl),
        "modified": document.modified.isoformat() if document.modified else None,
        "modified_ymd": int(document.modified.strftime("%Y%m%d")) if document.modified else None,
        # instructions aimed at an LLM in the text (graphrag.guardrails): fenced in prompts
        "injection": bool(chunk.metadata.get("injection")),
    }


def _date(value: str | None) -> Any:
    if not value:
        return None
    from datetime import datetime

    text = value.strip().replace("Z", "+00:00")
    for candidate in (text, text[:10]):
        try:
            return datetime.fromisoformat(candidate)
        except ValueError:
            continue
    return None


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None
