"""Cypher statements, one per file, read only by ``graphrag.stores.graph.cypher``."""
