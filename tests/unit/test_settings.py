from __future__ import annotations

import subprocess
import sys
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


def test_the_default_stores_do_not_import_the_qdrant_client() -> None:
    # qdrant-client takes half a second to import: every CLI command paid it for a store it
    # does not use unless GRAPHRAG_QDRANT_URL is set
    probe = (
        "import sys, graphrag.sdk, graphrag.cli, graphrag.stores.factory; "
        "print('qdrant_client' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False", run.stderr


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


def test_an_unknown_variable_names_the_closest_setting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GRAPHRAG_NEO4J_URL", "bolt://db.example:7687")
    with pytest.raises(ConfigError) as err:
        load_settings(data_dir=tmp_path)
    assert err.value.setting == "GRAPHRAG_NEO4J_URL"
    assert "GRAPHRAG_NEO4J_URI" in str(err.value)
    # the test suite's own variables are not settings and not refused
    monkeypatch.delenv("GRAPHRAG_NEO4J_URL")
    monkeypatch.setenv("GRAPHRAG_TEST_NEO4J_URI", "bolt://db.example:7687")
    assert load_settings(data_dir=tmp_path).neo4j_uri is None


def test_an_unknown_sdk_keyword_names_the_closest_setting(tmp_path: Path) -> None:
    from graphrag import GraphRAG

    with pytest.raises(ConfigError) as err:
        GraphRAG(data_dir=tmp_path, qdrant_ulr="http://qdrant.example:6333")
    assert "qdrant_ulr" in str(err.value) and "qdrant_url" in str(err.value)
    with pytest.raises(ConfigError, match="max_file_mb"):
        load_settings(max_file_mbs=3)


def test_config_files_are_read_and_the_environment_wins(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    (tmp_path / "graphrag.toml").write_text(
        f'data_dir = "{data}"\nembedder = "use-multilingual"\nmax_file_mb = 5\n'
    )
    (data / "graphrag.toml").write_text('reranker = "nanoranker"\nmax_file_mb = 9\n')
    (tmp_path / ".env").write_text("GRAPHRAG_CHUNK_TARGET_TOKENS=200\nOTHER_TOOL=1\n")
    s = load_settings()
    # the working directory's file over the data directory's, .env over both
    assert (s.data_dir, s.embedder, s.reranker) == (data, "use-multilingual", "nanoranker")
    assert (s.max_file_mb, s.chunk_target_tokens) == (5, 200)
    monkeypatch.setenv("GRAPHRAG_MAX_FILE_MB", "7")
    monkeypatch.setenv("GRAPHRAG_CHUNK_TARGET_TOKENS", "250")
    assert (load_settings().max_file_mb, load_settings().chunk_target_tokens) == (7, 250)
    assert load_settings(max_file_mb=8).max_file_mb == 8  # --options win over everything


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("graphrag.toml", 'embeder = "x"\n', "embedder"),
        ("graphrag.toml", "max_file_mb = [\n", "graphrag.toml"),
        ("graphrag.toml", 'max_file_mb = "lots"\n', "max_file_mb"),
        (".env", "GRAPHRAG_EMBEDER=x\n", "GRAPHRAG_EMBEDDER"),
    ],
)
def test_a_bad_config_file_names_the_file_and_the_setting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, content: str, expected: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(content)
    with pytest.raises(ConfigError) as err:
        load_settings(data_dir=tmp_path / "data")
    assert expected in str(err.value) and name in str(err.value)
