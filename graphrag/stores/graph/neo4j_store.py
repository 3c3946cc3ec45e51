"""The graph store on the official ``neo4j`` driver, for Neo4j 5 and for embedded ArcadeDB.

>>> store = Neo4jGraphStore("bolt://localhost:7687", "neo4j", "secret")  # no I/O yet
>>> store.describe()
'Neo4j at bolt://localhost:7687 (database neo4j)'

Every statement comes from ``cypher/`` through :mod:`graphrag.stores.graph.cypher`, values go
as parameters, and writes are batched ``UNWIND $rows`` inside one transaction per call.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import neo4j
from neo4j import exceptions as neo4j_errors

from graphrag.errors import ConfigError, QueryError, StoreError, StoreUnavailableError
from graphrag.settings import public_url
from graphrag.stores.graph import cypher
from graphrag.stores.graph.arcadedb import EmbeddedArcadeDB
from graphrag.stores.graph.rows import (
    batches,
    chunk_from,
    chunk_row,
    document_from,
    document_row,
    entity_row,
    mention_row,
    section_row,
    visible_entity,
)
from schemas import (
    DEFAULT_TENANT,
    AccessFilter,
    ChunkWithContext,
    DeleteReport,
    Document,
    DocumentSummary,
    Entity,
    EntityEdge,
    EntityPath,
    GraphBatch,
    GraphStats,
    NeighbourChunk,
    Neighbourhood,
    ReferenceHop,
    Referrer,
    WalkLimits,
)
from schemas.explore import EntityHit, EntityMention, EntityRelation, SectionNode

log = logging.getLogger(__name__)
T = TypeVar("T")

_LABEL_COUNTS = {
    "documents": "Document",
    "sections": "Section",
    "chunks": "Chunk",
    "entities": "Entity",
}
_REL_COUNTS = {
    "mentions": "MENTIONS",
    "relations": "RELATED_TO",
    "next_edges": "NEXT",
    "parent_edges": "PARENT",
    "about_edges": "ABOUT",
    "citation_edges": "CITES",
}


@dataclass
class _Removed:
    touched: list[str]  # entities the removed chunks mentioned
    chunks: int
    sections: int
    relations: int


class Neo4jGraphStore:
    """GraphStore over Bolt. ``open()`` connects and checks credentials within the timeout."""

    def __init__(
        self,
        uri: str,
        user: str,
        password: str,
        database: str = "neo4j",
        *,
        connect_timeout_s: float = 5.0,
        query_timeout_s: float = 60.0,
        name: str = "Neo4j",
    ) -> None:
        self.uri = uri
        self.user = user
        self._password = password
        self.database = database
        self.connect_timeout_s = connect_timeout_s
        self.query_timeout_s = query_timeout_s
        self.name = name
        self._driver: neo4j.Driver | None = None

    @property
    def shown_uri(self) -> str:
        """The URI for messages: never the credentials a user may have written into it."""
        return public_url(self.uri)

    def describe(self) -> str:
        return f"{self.name} at {self.shown_uri} (database {self.database})"

    # -- lifecycle ---------------------------------------------------------------------------

    def open(self) -> None:
        if self._driver is not None:
            return
        try:
            driver = neo4j.GraphDatabase.driver(
                self.uri,
                auth=(self.user, self._password),
                connection_timeout=self.connect_timeout_s,
                connection_acquisition_timeout=self.connect_timeout_s * 2,
                max_transaction_retry_time=self.connect_timeout_s,
                liveness_check_timeout=30.0,
            )
        except (ValueError, neo4j_errors.ConfigurationError) as exc:
            raise ConfigError(
                "GRAPHRAG_NEO4J_URI", f"{self.shown_uri!r}: {self._clean(exc)}"
            ) from None
        try:
            driver.verify_connectivity()
            with driver.session(database=self.database) as session:
                session.run("RETURN 1").consume()  # the database exists and we may use it
        except neo4j_errors.AuthError:
            driver.close()
            raise ConfigError(
                "GRAPHRAG_NEO4J_PASSWORD",
                f"{self.name} at {self.shown_uri} rejected user {self.user!r}",
                hint="check GRAPHRAG_NEO4J_USER and GRAPHRAG_NEO4J_PASSWORD",
            ) from None
        except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as exc:
            driver.close()
            raise StoreUnavailableError(
                self._store_name(),
                f"cannot reach {self.shown_uri}: {self._clean(exc)}",
                hint="start the server (docker compose up -d) or fix GRAPHRAG_NEO4J_URI",
            ) from None
        except neo4j_errors.Neo4jError as exc:
            driver.close()
            raise ConfigError(
                "GRAPHRAG_NEO4J_DATABASE",
                f"database {self.database!r} on {self.shown_uri}: {self._clean(exc)}",
                hint="create the database or fix GRAPHRAG_NEO4J_DATABASE",
            ) from None
        self._driver = driver

    def close(self) -> None:
        driver, self._driver = self._driver, None
        if driver is not None:
            driver.close()

    def ensure_schema(self) -> None:
        for statement in cypher.schema_statements():
            self._run_autocommit("schema", statement, {})

    # -- writes ------------------------------------------------------------------------------

    def write(self, batch: GraphBatch) -> None:
        steps: list[tuple[str, list[dict[str, Any]]]] = [
            ("upsert_documents", [document_row(d) for d in batch.documents]),
            ("upsert_sections", [section_row(s) for s in batch.sections]),
            (
                "link_section_to_section",
                [section_row(s) for s in batch.sections if s.parent_id is not None],
            ),
            (
                "link_section_to_document",
                [section_row(s) for s in batch.sections if s.parent_id is None],
            ),
            ("upsert_chunks", [chunk_row(c) for c in batch.chunks]),
            ("link_chunk_to_section", [chunk_row(c) for c in batch.chunks if c.section_id]),
            ("link_chunk_to_document", [chunk_row(c) for c in batch.chunks if not c.section_id]),
            ("link_next_chunks", _next_rows(batch.chunks, lambda c: (c.doc_id, c.ordinal))),
            (
                "link_next_sections",
                _next_rows(batch.sections, lambda s: (s.doc_id, s.ordinal)),
            ),
            ("upsert_entities", [entity_row(e) for e in batch.entities]),
            ("upsert_mentions", [mention_row(m) for m in batch.mentions]),
            ("upsert_relations", _relation_rows(batch)),
            (
                "link_references",
                [lk.model_dump() for lk in batch.links if lk.type == "REFERENCES"],
            ),
            (
                "link_supersedes",
                [lk.model_dump() for lk in batch.links if lk.type == "SUPERSEDES"],
            ),
            ("link_about", [a.model_dump() for a in batch.about]),
            ("link_citations", [c.model_dump() for c in batch.citations]),
        ]

        def work(tx: neo4j.ManagedTransaction) -> None:
            touched: list[str] = []
            for doc_id in batch.replaces:
                report = self._tx_remove_content(tx, doc_id)
                self._tx_count(tx, "delete_document_links", {"doc_id": doc_id})
                touched += report.touched
            for name, rows in steps:
                for part in batches(rows):
                    self._tx_run(tx, name, cypher.load(name), {"rows": part}).consume()
            if touched:  # the new version names its entities afresh: only orphans go
                ent = {"entity_ids": list(dict.fromkeys(touched))}
                self._tx_count(tx, "delete_orphan_entities", ent)

        self._write(work)

    def delete_document(self, doc_id: str) -> DeleteReport:
        def work(tx: neo4j.ManagedTransaction) -> DeleteReport:
            removed = self._tx_remove_content(tx, doc_id)
            documents = self._tx_count(tx, "delete_document_node", {"doc_id": doc_id})
            return DeleteReport(
                doc_id=doc_id,
                documents=documents,
                sections=removed.sections,
                chunks=removed.chunks,
                entities=self._tx_forget_entities(tx, removed.touched),
                relations=removed.relations,
            )

        return self._write(work)

    def _tx_remove_content(self, tx: neo4j.ManagedTransaction, doc_id: str) -> _Removed:
        """A document's sections and chunks, and its chunks' share of the relation evidence;
        the Document node stays (a delete removes it next, a replace updates it)."""
        params: dict[str, Any] = {"doc_id": doc_id}
        entity_ids = [r["id"] for r in self._tx_data(tx, "document_entities", params)]
        ent: dict[str, Any] = {"doc_id": doc_id, "entity_ids": entity_ids}
        self._tx_run(
            tx, "prune_relation_evidence", cypher.load("prune_relation_evidence"), ent
        ).consume()
        relations = self._tx_count(tx, "delete_unsupported_relations", ent)
        relations += self._tx_count(tx, "delete_unsupported_relations_incoming", ent)
        chunks = self._tx_count(tx, "delete_document_chunks", params)
        sections = self._tx_count(tx, "delete_document_sections", params)
        return _Removed(entity_ids, chunks, sections, relations)

    def _tx_forget_entities(self, tx: neo4j.ManagedTransaction, entity_ids: list[str]) -> int:
        """Entities nobody mentions any more go; the others keep only the names their
        remaining mentions use. Returns how many went."""
        ent: dict[str, Any] = {"entity_ids": list(dict.fromkeys(entity_ids))}
        deleted = self._tx_count(tx, "delete_orphan_entities", ent)
        self._tx_data(tx, "refresh_entity_names", ent)
        return deleted

    def ping(self) -> None:
        self._read_text("ping", "RETURN 1 AS ok")

    def chunk_ids_of(self, doc_ids: list[str]) -> dict[str, set[str]]:
        if not doc_ids:
            return {}
        rows = self._read("document_chunk_ids", {"doc_ids": list(doc_ids)})
        return {r["doc_id"]: set(r["ids"]) for r in rows}

    def clear(self) -> int:
        """Delete every node and edge (``graphrag reset``, tests). Returns the node count."""
        total = 0
        while True:
            deleted = self._write(lambda tx: self._tx_count(tx, "delete_all", {}))
            total += deleted
            if deleted == 0:
                return total

    # -- reads -------------------------------------------------------------------------------

    def get_document(self, doc_id: str) -> Document | None:
        rows = self._read("get_document", {"doc_id": doc_id})
        return document_from(rows[0]["doc"]) if rows else None

    def list_documents(self, access: AccessFilter) -> list[DocumentSummary]:
        rows = self._read("list_documents", access.as_params())
        return [DocumentSummary(document=document_from(r["doc"]), chunks=r["chunks"]) for r in rows]

    def list_entities(self, tenant: str | None = None) -> list[Entity]:
        return [
            Entity(
                id=r["id"],
                name=r["name"],
                type=r["type"],
                aliases=list(r["aliases"] or []),
                tenant=r["tenant"] or DEFAULT_TENANT,
            )
            for r in self._read("list_entities", {"tenant": tenant})
        ]

    def visible_entities(self, entity_ids: list[str], access: AccessFilter) -> dict[str, Entity]:
        if not entity_ids:
            return {}
        rows = self._read(
            "visible_entities",
            {"entity_ids": list(dict.fromkeys(entity_ids)), **access.as_params()},
        )
        return {r["id"]: visible_entity(r) for r in rows}

    def search_entities(self, query: str, access: AccessFilter, limit: int = 20) -> list[EntityHit]:
        # lower(), not casefold(): the same as Cypher's toLower ("ß" stays "ß")
        q = query.lower().strip()
        if not q:
            rows = self._read("entity_top", {"limit": limit, **access.as_params()})
        else:
            rows = [
                r
                for r in self._read("entity_search", {"q": q, **access.as_params()})
                # a form the caller's chunks use must match, not only a stored name
                if any(q in form.lower() for forms in r["surfaces"] for form in forms or [])
            ]
            rows.sort(key=lambda r: (-int(r["chunks"]), r["id"]))
        return [
            EntityHit(entity=visible_entity(r), chunks=r["chunks"], documents=r["documents"])
            for r in rows[:limit]
        ]

    def find_documents(self, names: list[str], access: AccessFilter) -> list[DocumentSummary]:
        rows = self._read("find_documents", {"names": list(names), **access.as_params()})
        return [DocumentSummary(document=document_from(r["doc"]), chunks=r["chunks"]) for r in rows]

    def entity_mentions(
        self, entity_id: str, access: AccessFilter, limit: int = 20
    ) -> list[EntityMention]:
        rows = self._read(
            "entity_mentions", {"entity_id": entity_id, "limit": limit, **access.as_params()}
        )
        return [
            EntityMention(
                chunk_id=r["chunk_id"],
                doc_id=r["doc_id"],
                title=r["title"] or "",
                path=r["path"] or "",
                section=list(r["section"] or []),
                page=r["page"],
                surface=list(r["surface"] or []),
                text=r["text"] or "",
            )
            for r in rows
        ]

    def entity_counts(self, entity_id: str, access: AccessFilter) -> tuple[int, int]:
        rows = self._read("entity_counts", {"entity_id": entity_id, **access.as_params()})
        return (int(rows[0]["chunks"]), int(rows[0]["documents"])) if rows else (0, 0)

    def entity_relations(
        self, entity_id: str, access: AccessFilter, limit: int = 20
    ) -> list[EntityRelation]:
        acc = access.as_params()
        rows = self._read(
            "related_entities",
            {
                "entity_ids": [entity_id],
                "exclude": [entity_id],
                "max_degree": 1_000_000,  # the explorer shows hubs too
                "per_entity": limit,
                "tenant": acc["tenant"],
            },
        )
        evidence = sorted({cid for r in rows for cid in (r["evidence"] or [])})
        seen = self.visible_chunk_ids(evidence, access)
        # the other end is named as the chunks the caller may see name it, or not shown
        others = self.visible_entities([r["id"] for r in rows], access)
        out = []
        for r in rows:
            shown = [cid for cid in (r["evidence"] or []) if cid in seen]
            if not shown or r["id"] not in others:
                continue
            src, tgt = (entity_id, r["id"]) if r["outgoing"] else (r["id"], entity_id)
            out.append(
                EntityRelation(
                    source_id=src,
                    target_id=tgt,
                    type=r["rel"],
                    weight=float(r["weight"]),
                    other=others[r["id"]],
                    evidence=shown,
                )
            )
        return out

    def chunk_mentions(self, chunk_ids: list[str], access: AccessFilter) -> dict[str, list[str]]:
        if not chunk_ids:
            return {}
        out: dict[str, list[str]] = {}
        for r in self._read("chunk_mentions", {"ids": list(chunk_ids), **access.as_params()}):
            out.setdefault(r["chunk_id"], []).append(r["entity_id"])
        return out

    def document_structure(self, doc_id: str, access: AccessFilter) -> list[SectionNode]:
        rows = self._read("document_structure", {"doc_id": doc_id, **access.as_params()})
        return [
            SectionNode(
                id=r["id"],
                parent_id=r["parent_id"],
                title=r["title"] or "",
                level=int(r["level"] or 0),
                path=list(r["path"] or []),
                chunks=int(r["chunks"] or 0),
                page_start=r["page_start"],
                page_end=r["page_end"],
            )
            for r in rows
        ]

    def documents_mentioning(self, entity_ids: list[str]) -> dict[str, list[str]]:
        if not entity_ids:
            return {}
        rows = self._read("documents_mentioning", {"entity_ids": list(entity_ids)})
        return {r["entity_id"]: list(r["doc_ids"]) for r in rows}

    def entities_of_documents(self, doc_ids: list[str]) -> set[str]:
        if not doc_ids:
            return set()
        rows = [{"doc_id": d} for d in doc_ids]
        return {r["id"] for r in self._read("entities_of_documents", {"rows": rows})}

    def citing_chunks(
        self, doc_ids: list[str], law_keys: list[str], tenant: str
    ) -> list[tuple[str, str, list[str]]]:
        params = {"doc_ids": list(doc_ids), "law_keys": list(law_keys), "tenant": tenant}
        return [
            (r["id"], r["doc_id"], list(r["cites"] or []))
            for r in self._read("citing_chunks", params)
        ]

    def section_titles(self, doc_ids: list[str]) -> list[tuple[str, str, str]]:
        if not doc_ids:
            return []
        rows = self._read("section_titles", {"doc_ids": list(doc_ids)})
        return [(r["id"], r["doc_id"], r["title"] or "") for r in rows]

    def mark_documents_linked(self, doc_ids: list[str]) -> None:
        if doc_ids:
            params = {"rows": [{"doc_id": d} for d in doc_ids]}
            self._write(lambda tx: self._tx_data(tx, "mark_documents_linked", params))

    def fetch_chunks(self, ids: list[str], access: AccessFilter) -> list[ChunkWithContext]:
        if not ids:
            return []
        rows = self._read("fetch_chunks", {"ids": list(ids), **access.as_params()})
        by_id = {
            r["chunk"]["id"]: ChunkWithContext(
                chunk=chunk_from(r["chunk"]),
                doc_title=r["doc_title"] or "",
                doc_source=r["doc_source"] or "",
                doc_path=r.get("doc_path") or "",
                section_titles=list(r["chunk"].get("section_path") or []),
            )
            for r in rows
        }
        return [by_id[i] for i in dict.fromkeys(ids) if i in by_id]

    def export_chunks(self, page: int = 2000) -> Iterator[dict[str, Any]]:
        skip = 0
        while True:
            rows = self._read("export_chunks", {"skip": skip, "limit": page})
            yield from rows
            if len(rows) < page:
                return
            skip += page

    def chunks_for_entities(
        self, entity_ids: list[str], access: AccessFilter, per_entity: int = 5
    ) -> dict[str, list[str]]:
        if not entity_ids:
            return {}
        rows = self._read(
            "chunks_for_entities",
            {"entity_ids": list(entity_ids), "per_entity": per_entity, **access.as_params()},
        )
        out: dict[str, list[str]] = {}
        for r in rows:
            out.setdefault(r["entity_id"], []).append(r["id"])
        return out

    def reference_hops(
        self, seed_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 500
    ) -> list[ReferenceHop]:
        params = {"ids": list(seed_ids)}
        return self._hops("reference_hops", params, candidates, access, limit) if seed_ids else []

    def citation_hops(
        self, seed_ids: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        params = {"ids": list(seed_ids)}
        return self._hops("citation_hops", params, [], access, limit) if seed_ids else []

    def citing_hops(
        self, seed_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        if not seed_ids or not candidates:
            return []
        return self._hops("citing_hops", {"ids": list(seed_ids)}, candidates, access, limit)

    def scope_hops(
        self, seed_ids: list[str], words: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        if not seed_ids or not words:
            return []
        words = [w.casefold() for w in words]
        rows = self._read(
            "scope_hops",
            {"ids": list(seed_ids), "words": words, "limit": limit, **access.as_params()},
        )

        def first_word(title: str) -> int:
            return min((i for i, w in enumerate(words) if w in title.lower()), default=len(words))

        rows.sort(key=lambda r: (r["seed"], first_word(r["title"] or ""), r["ordinal"] or 0))
        return [_hop(r) for r in rows]

    def referrers(
        self, doc_ids: list[str], access: AccessFilter, limit: int = 200
    ) -> list[Referrer]:
        if not doc_ids:
            return []
        params = {"doc_ids": list(doc_ids), "limit": limit, **access.as_params()}
        out: list[Referrer] = []
        reads: tuple[tuple[Literal["cites", "names"], str], ...] = (
            ("cites", "citing_documents"),
            ("names", "mentioning_documents"),
        )
        for kind, name in reads:
            out += [
                Referrer(
                    chunk_id=r["id"],
                    doc_id=r["doc_id"],
                    kind=kind,
                    target_id=r["section_id"],
                    via=r["section"] or "",
                )
                for r in self._read(name, params)
            ]
        return out

    def entity_homes(
        self, entity_ids: list[str], candidates: list[str], access: AccessFilter, limit: int = 200
    ) -> list[ReferenceHop]:
        params = {"entity_ids": list(entity_ids)}
        return self._hops("entity_homes", params, candidates, access, limit) if entity_ids else []

    def _hops(
        self,
        name: str,
        params: dict[str, Any],
        candidates: list[str],
        access: AccessFilter,
        limit: int,
    ) -> list[ReferenceHop]:
        rows = self._read(
            name,
            {**params, "candidates": list(candidates), "limit": limit, **access.as_params()},
        )
        return [_hop(r) for r in rows]

    def context_chunks(
        self,
        anchor_ids: list[str],
        access: AccessFilter,
        hops: int = 1,
        small_document: int = 4,
        whole_section: int = 0,
    ) -> dict[str, list[str]]:
        if not anchor_ids:
            return {}
        rows = self._read(
            "context_chunks",
            {
                "ids": list(dict.fromkeys(anchor_ids)),
                "hops": max(0, min(hops, 3)),
                "limit": small_document,
                "whole_section": whole_section > 0,
                "section_limit": whole_section,
                **access.as_params(),
            },
        )
        return {r["anchor"]: [i for i in r["ids"] if i != r["anchor"]] for r in rows}

    def visible_chunk_ids(self, ids: list[str], access: AccessFilter) -> set[str]:
        if not ids:
            return set()
        rows = self._read("visible_chunk_ids", {"ids": list(ids), **access.as_params()})
        return {r["id"] for r in rows}

    def neighbourhood(
        self, seed_ids: list[str], access: AccessFilter, limits: WalkLimits
    ) -> Neighbourhood:
        seeds = list(dict.fromkeys(seed_ids))
        result = Neighbourhood()
        if not seeds:
            return result
        acc = access.as_params()
        base = {"ids": seeds, **acc}
        found: dict[tuple[str, str, str], NeighbourChunk] = {}
        evidenced: set[str] = set()  # entities on a path to a chunk the caller may see

        def add(hit: NeighbourChunk) -> None:
            key = (hit.seed_id, hit.chunk_id, hit.via)
            if hit.chunk_id in seeds or (len(found) >= limits.max_chunks and key not in found):
                return
            old = found.get(key)
            if old is None or (hit.distance, -hit.weight) < (old.distance, -old.weight):
                found[key] = hit

        if limits.next_hops:
            for r in self._read("walk_next", {**base, "hops": limits.next_hops}):
                add(
                    NeighbourChunk(
                        chunk_id=r["id"], seed_id=r["seed"], via="next", distance=r["distance"]
                    )
                )
        for r in self._read("walk_parents", base):
            result.sections.setdefault(r["seed"], []).append(r["section_id"])
        if limits.siblings_per_seed:
            for r in self._read(
                "walk_section_siblings",
                {**base, "per_seed": limits.siblings_per_seed, "hops": limits.next_hops},
            ):
                add(
                    NeighbourChunk(
                        chunk_id=r["id"],
                        seed_id=r["seed"],
                        via="parent",
                        distance=2,
                        through=[r["section_id"]],
                    )
                )

        entities: dict[str, Entity] = {}
        seed_entities: dict[str, list[str]] = {}
        for r in self._read("seed_mentions", base):
            entities[r["id"]] = Entity(
                id=r["id"], name=r["name"], type=r["type"], aliases=list(r["aliases"] or [])
            )
            result.mentions.setdefault(r["chunk_id"], []).append(r["id"])
            if r["degree"] <= limits.max_entity_degree:
                seed_entities.setdefault(r["id"], []).append(r["chunk_id"])

        if seed_entities and limits.chunks_per_entity:
            rows = self._read(
                "chunks_mentioning",
                {
                    "entity_ids": list(seed_entities),
                    "exclude": seeds,
                    "per_entity": limits.chunks_per_entity,
                    **acc,
                },
            )
            for r in rows:
                evidenced.add(r["entity_id"])
                for seed in seed_entities[r["entity_id"]]:
                    add(
                        NeighbourChunk(
                            chunk_id=r["id"],
                            seed_id=seed,
                            via="shared_entity",
                            distance=2,
                            through=[r["entity_id"]],
                        )
                    )

        # RELATED_TO expansion: frontier by frontier, remembering the seed chunk and the path.
        origin: dict[str, tuple[str, list[str]]] = {
            e: (chunks[0], [e]) for e, chunks in seed_entities.items()
        }
        frontier = list(seed_entities)
        reached: dict[str, tuple[str, list[str]]] = {}
        for _hop in range(limits.related_hops if limits.related_per_entity else 0):
            if not frontier:
                break
            rows = self._read(
                "related_entities",
                {
                    "entity_ids": frontier,
                    "exclude": list(origin) + list(reached),
                    "max_degree": limits.max_entity_degree,
                    "per_entity": limits.related_per_entity,
                    "tenant": acc["tenant"],
                },
            )
            # an edge counts only when a chunk the caller may see states it
            evidence = {cid for r in rows for cid in (r["evidence"] or [])}
            seen = self.visible_chunk_ids(sorted(evidence), access)
            rows = [r for r in rows if set(r["evidence"] or []) & seen]
            next_frontier: list[str] = []
            room = max(0, limits.max_related_entities - len(reached))
            rows = sorted(rows, key=lambda r: -float(r["weight"]))[:room]
            for r in rows:
                entities.setdefault(
                    r["id"],
                    Entity(
                        id=r["id"], name=r["name"], type=r["type"], aliases=list(r["aliases"] or [])
                    ),
                )
                src, tgt = (r["source"], r["id"]) if r["outgoing"] else (r["id"], r["source"])
                result.relations.append(
                    EntityEdge(source_id=src, target_id=tgt, type=r["rel"], weight=r["weight"])
                )
                if r["id"] not in reached:
                    seed_chunk, path = origin.get(r["source"]) or reached[r["source"]]
                    reached[r["id"]] = (seed_chunk, [*path, r["id"]])
                    next_frontier.append(r["id"])
            frontier = next_frontier
        if reached and limits.chunks_per_entity:
            rows = self._read(
                "chunks_mentioning",
                {
                    "entity_ids": list(reached),
                    "exclude": seeds,
                    "per_entity": limits.chunks_per_entity,
                    **acc,
                },
            )
            for r in rows:
                seed_chunk, path = reached[r["entity_id"]]
                evidenced.update(path)
                add(
                    NeighbourChunk(
                        chunk_id=r["id"],
                        seed_id=seed_chunk,
                        via="related_entity",
                        distance=len(path) + 1,
                        through=path,
                        weight=1.0 / len(path),
                    )
                )

        result.chunks = sorted(found.values(), key=lambda h: (h.distance, -h.weight, h.chunk_id))
        visible_entities = ({e for ids in result.mentions.values() for e in ids} | evidenced) & set(
            entities
        )
        result.entities = [entities[e] for e in sorted(visible_entities)]
        result.relations = [
            edge
            for edge in result.relations
            if edge.source_id in visible_entities and edge.target_id in visible_entities
        ]
        return result

    def entity_paths(
        self, source_id: str, target_id: str, access: AccessFilter, limit: int = 5
    ) -> list[EntityPath]:
        rows = self._read(
            "entity_paths",
            {
                "source_id": source_id,
                "target_id": target_id,
                "tenant": access.as_params()["tenant"],
                "limit": limit,
            },
        )
        evidence_ids = [cid for r in rows for ids in r["evidence"] for cid in (ids or [])]
        visible = self.visible_chunk_ids(evidence_ids, access)
        paths = []
        for r in rows:
            # every edge must be backed by at least one chunk the caller may see
            if not all(set(ids or []) & visible for ids in r["evidence"]):
                continue
            chunk_ids = [cid for ids in r["evidence"] for cid in (ids or []) if cid in visible]
            paths.append(
                EntityPath(
                    entity_ids=r["ids"],
                    names=r["names"],
                    edge_types=r["types"],
                    chunk_ids=list(dict.fromkeys(chunk_ids)),
                )
            )
        return paths

    def stats(self) -> GraphStats:
        counts: dict[str, int] = {}
        for field, label in _LABEL_COUNTS.items():
            counts[field] = self._read_text(
                "count_nodes", cypher.render("count_nodes", label=label)
            )[0]["n"]
        for field, rel in _REL_COUNTS.items():
            text = cypher.render("count_relationships", type=rel)
            counts[field] = self._read_text("count_relationships", text)[0]["n"]
        links = 0
        for rel in ("REFERENCES", "SUPERSEDES"):
            text = cypher.render("count_relationships", type=rel)
            links += self._read_text("count_relationships", text)[0]["n"]
        return GraphStats(**counts, document_links=links)

    # -- plumbing ----------------------------------------------------------------------------

    def _store_name(self) -> str:
        return f"graph store ({self.name} at {self.shown_uri})"

    def _session(self) -> neo4j.Session:
        if self._driver is None:
            raise StoreError(self._store_name(), "not open", hint="call open() first")
        return self._driver.session(database=self.database)

    @contextmanager
    def _errors(self, query: str) -> Iterator[None]:
        try:
            yield
        except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as exc:
            raise StoreUnavailableError(
                self._store_name(),
                f"lost the connection during {query!r}: {self._clean(exc)}",
                hint="check that the graph server is running, then retry",
            ) from None
        except neo4j_errors.AuthError as exc:
            raise ConfigError("GRAPHRAG_NEO4J_PASSWORD", self._clean(exc)) from None
        except (neo4j_errors.Neo4jError, neo4j_errors.DriverError) as exc:
            raise QueryError(self._store_name(), query, self._clean(exc)) from None

    def _clean(self, exc: BaseException) -> str:
        """The driver's message, without the URI's credentials or the password."""
        text = _first_line(exc).replace(self.uri, self.shown_uri)
        return text.replace(self._password, "***") if self._password else text

    def _tx_run(
        self, tx: neo4j.ManagedTransaction, name: str, text: str, params: dict[str, Any]
    ) -> neo4j.Result:
        log.debug("cypher %s (%d params)", name, len(params))
        return tx.run(text, params)  # text comes from cypher/, never from input

    def _tx_data(
        self, tx: neo4j.ManagedTransaction, name: str, params: dict[str, Any]
    ) -> list[dict[str, Any]]:
        return self._tx_run(tx, name, cypher.load(name), params).data()

    def _tx_count(self, tx: neo4j.ManagedTransaction, name: str, params: dict[str, Any]) -> int:
        rows = self._tx_data(tx, name, params)
        return int(rows[0]["deleted"]) if rows else 0

    def _write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        with self._errors("write transaction"), self._session() as session:
            return session.execute_write(neo4j.unit_of_work(timeout=self.query_timeout_s)(work))

    def _read(self, name: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        return self._read_text(name, cypher.load(name), params)

    def _read_text(
        self, name: str, text: str, params: dict[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        with self._errors(name), self._session() as session:
            return session.execute_read(
                lambda tx: self._tx_run(tx, name, text, params or {}).data()
            )

    def _run_autocommit(self, name: str, text: str, params: dict[str, Any]) -> None:
        with self._errors(name), self._session() as session:
            query = neo4j.Query(text, timeout=self.query_timeout_s)
            session.run(query, params).consume()


def _hop(row: dict[str, Any]) -> ReferenceHop:
    """A hop read's row: the seed it starts from (none for a question's own entities), the
    entity or section it passes, and the chunk it reaches."""
    return ReferenceHop(
        seed_id=row.get("seed") or "",
        entity_id=row["entity_id"],
        doc_id=row["doc_id"],
        chunk_id=row["id"],
        ordinal=int(row["ordinal"] or 0),
    )


class ArcadeDBGraphStore(Neo4jGraphStore):
    """The embedded default: starts (or attaches to) ArcadeDB under ``root`` on ``open()``."""

    def __init__(
        self,
        root: str | Path,
        *,
        bolt_port: int = 0,
        heap: str = "512m",
        connect_timeout_s: float = 5.0,
        query_timeout_s: float = 60.0,
    ) -> None:
        self.server = EmbeddedArcadeDB(root, bolt_port=bolt_port, heap=heap)
        super().__init__(
            "bolt://127.0.0.1:0",
            "root",
            "",
            "graphrag",
            connect_timeout_s=connect_timeout_s,
            query_timeout_s=query_timeout_s,
            name="embedded ArcadeDB",
        )

    def describe(self) -> str:
        endpoint = self.server.endpoint
        where = endpoint.uri if endpoint else "not started"
        owner = "" if endpoint is None or endpoint.owned else ", attached to another process"
        return f"embedded ArcadeDB in {self.server.root} ({where}{owner})"

    def open(self) -> None:
        if self._driver is not None:
            return
        endpoint = self.server.start()
        self.uri, self.user, self._password = endpoint.uri, endpoint.user, endpoint.password
        self.database = endpoint.database
        super().open()

    def close(self) -> None:
        super().close()
        self.server.stop()


def _next_rows(items: list[Any], key: Callable[[Any], tuple[str, int]]) -> list[dict[str, Any]]:
    """NEXT edges between consecutive items of the same document, in reading order."""
    ordered = sorted(items, key=key)
    return [
        {"source_id": a.id, "target_id": b.id}
        for a, b in itertools.pairwise(ordered)
        if a.doc_id == b.doc_id
    ]


def _relation_rows(batch: GraphBatch) -> list[dict[str, Any]]:
    tenant_of = {c.id: c.tenant for c in batch.chunks}
    default_tenant = batch.documents[0].tenant if batch.documents else "default"
    rows: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for rel in batch.relations:
        by_tenant: dict[str, list[str]] = {}
        for cid in rel.chunk_ids:
            by_tenant.setdefault(tenant_of.get(cid, default_tenant), []).append(cid)
        for tenant, ids in (by_tenant or {default_tenant: []}).items():
            key = (rel.source_id, rel.target_id, rel.type, tenant)
            row = rows.setdefault(
                key,
                {
                    "source_id": rel.source_id,
                    "target_id": rel.target_id,
                    "type": rel.type,
                    "tenant": tenant,
                    "chunk_ids": [],
                },
            )
            row["chunk_ids"] = list(dict.fromkeys(row["chunk_ids"] + ids))
    return list(rows.values())


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:300]
