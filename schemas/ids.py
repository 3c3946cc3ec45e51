"""Deterministic identifiers shared by the graph and the vector store.

Qdrant accepts only unsigned integers or UUIDs as point ids, and the graph must use the same id
for the same chunk, so every id is a UUID built from a SHA-256 over the identity parts. Running
the same ingestion twice therefore produces the same ids and writes nothing new.

>>> stable_id("doc", "handbook.pdf") == stable_id("doc", "handbook.pdf")
True
>>> stable_id("doc", "a") != stable_id("doc", "b")
True
"""

from __future__ import annotations

import hashlib
import uuid

_SEPARATOR = "\x1f"  # unit separator: cannot appear in normal text, so ("a b", "c") != ("a", "b c")


def stable_id(kind: str, *parts: str | int) -> str:
    """A UUID string derived from ``kind`` and ``parts``, identical on every run and machine."""
    payload = _SEPARATOR.join([kind, *(str(p) for p in parts)]).encode("utf-8")
    digest = hashlib.sha256(payload).digest()
    return str(uuid.UUID(bytes=digest[:16], version=5))


def document_id(source: str, tenant: str = "default") -> str:
    """Identity of a document: where it came from, within one tenant."""
    return stable_id("document", tenant, source)


def section_id(doc_id: str, path: tuple[str, ...], ordinal: int) -> str:
    return stable_id("section", doc_id, ordinal, *path)


def chunk_id(doc_id: str, ordinal: int, text: str) -> str:
    return stable_id("chunk", doc_id, ordinal, content_hash(text))


def entity_id(entity_type: str, canonical_name: str, tenant: str = "default") -> str:
    """Entities belong to one tenant: the same name in two tenants is two entities, so nothing
    one tenant's documents say about a name (its full form, aliases, relations) reaches another."""
    return stable_id("entity", tenant, entity_type.upper(), canonical_name.casefold())


def content_hash(text: str | bytes) -> str:
    """Hex SHA-256 of text (UTF-8) or bytes."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()
