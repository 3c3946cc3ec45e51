"""Build the stores a Settings object describes: servers when configured, embedded otherwise."""

from __future__ import annotations

from graphrag.errors import ConfigError
from graphrag.settings import Settings, public_url
from graphrag.stores.graph import ArcadeDBGraphStore, GraphStore, Neo4jGraphStore
from graphrag.stores.vector import EdgeVectorStore, VectorStore


def graph_store(settings: Settings) -> GraphStore:
    if settings.neo4j_uri is None:
        return ArcadeDBGraphStore(
            settings.graph_dir,
            bolt_port=settings.arcadedb_bolt_port,
            heap=settings.arcadedb_heap,
            connect_timeout_s=settings.connect_timeout_s,
            query_timeout_s=settings.query_timeout_s,
        )
    if settings.neo4j_password is None:
        raise ConfigError(
            "GRAPHRAG_NEO4J_PASSWORD",
            f"GRAPHRAG_NEO4J_URI is set ({public_url(settings.neo4j_uri)}) but no password is",
            hint="set GRAPHRAG_NEO4J_PASSWORD (docker-compose.yml uses NEO4J_PASSWORD)",
        )
    return Neo4jGraphStore(
        settings.neo4j_uri,
        settings.neo4j_user,
        settings.neo4j_password.get_secret_value(),
        settings.neo4j_database,
        connect_timeout_s=settings.connect_timeout_s,
        query_timeout_s=settings.query_timeout_s,
    )


def vector_store(settings: Settings) -> VectorStore:
    if settings.qdrant_url is None:
        return EdgeVectorStore(settings.vector_dir)
    # imported only for a server: qdrant-client is slow to import (graphrag.stores.vector)
    from graphrag.stores.vector.qdrant_server import CollectionLayout, QdrantClientVectorStore

    return QdrantClientVectorStore(
        url=settings.qdrant_url,
        api_key=settings.qdrant_api_key.get_secret_value() if settings.qdrant_api_key else None,
        collection=settings.qdrant_collection,
        timeout_s=settings.connect_timeout_s,
        layout=CollectionLayout(
            shards=settings.qdrant_shards,
            replication=settings.qdrant_replication,
            write_consistency=settings.qdrant_write_consistency,
            on_disk=settings.qdrant_on_disk,
            hnsw_m=settings.qdrant_hnsw_m,
            hnsw_ef_construct=settings.qdrant_hnsw_ef_construct,
            full_scan_threshold_kb=settings.qdrant_full_scan_threshold_kb,
            quantization=settings.qdrant_quantization,
        ),
    )
