"""The graph store: one protocol, one Neo4j-driver adapter, ArcadeDB as the embedded engine."""

from graphrag.stores.graph.neo4j_store import ArcadeDBGraphStore, Neo4jGraphStore
from graphrag.stores.graph.protocol import GraphStore

__all__ = ["ArcadeDBGraphStore", "GraphStore", "Neo4jGraphStore"]
