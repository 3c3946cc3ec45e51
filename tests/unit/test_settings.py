from __future__ import annotations

from pathlib import Path

import pytest

from graphrag.errors import ConfigError
from graphrag.settings import Settings, load_settings
from graphrag.stores import factory
from graphrag.stores.graph import ArcadeDBGraphStore, Neo4jGraphStore
from graphrag.stores.vector import EdgeVectorStore, QdrantClientVectorStore


def test_defaults_use_the_embedded_stores(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GRAPHRAG_DATA_DIR", str(tmp_path))
    s = load_settings()
    assert s.data_dir == tmp_path
    assert isinstance(factory.graph_store(s), ArcadeDBGraphStore)
    assert isinstance(factory.vector_store(s), EdgeVectorStore)


def test_servers_when_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHRAG_NEO4J_URI", "neo4j://db.example:7687")
    monkeypatch.setenv("GRAPHRAG_NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("GRAPHRAG_QDRANT_URL", "https://qdrant.example:6333")
    monkeypatch.setenv("GRAPHRAG_QDRANT_API_KEY", "key")
    s = load_settings()
    assert isinstance(factory.graph_store(s), Neo4jGraphStore)
    assert isinstance(factory.vector_store(s), QdrantClientVectorStore)
    assert "s3cret" not in repr(s) and "s3cret" not in str(s.model_dump())


@pytest.mark.parametrize(
    ("var", "value"),
    [
        ("GRAPHRAG_NEO4J_URI", "http://localhost:7474"),
        ("GRAPHRAG_NEO4J_URI", "bolt://localhost:99999"),
        ("GRAPHRAG_QDRANT_URL", "localhost:6333"),
        ("GRAPHRAG_LLM_URL", "ftp://models.example"),
        ("GRAPHRAG_ARCADEDB_BOLT_PORT", "70000"),
        ("GRAPHRAG_CONNECT_TIMEOUT_S", "-1"),
        ("GRAPHRAG_ARCADEDB_HEAP", "lots"),
    ],
)
def test_bad_values_name_the_setting(monkeypatch: pytest.MonkeyPatch, var: str, value: str) -> None:
    monkeypatch.setenv(var, value)
    with pytest.raises(ConfigError) as err:
        load_settings()
    assert err.value.setting == var
    assert var in str(err.value)


def test_neo4j_without_password_is_refused() -> None:
    s = Settings(neo4j_uri="bolt://localhost:7687")
    with pytest.raises(ConfigError) as err:
        factory.graph_store(s)
    assert err.value.setting == "GRAPHRAG_NEO4J_PASSWORD"
