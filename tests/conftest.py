"""Shared fixtures. Integration fixtures start real engines once per session."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.exists():
        pytest.fail(f"test data not found at {SHARED_DATA} (the shared/ folder beside the repo)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def arcadedb_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("arcadedb") / "graph"


@pytest.fixture(scope="session")
def _arcadedb_store(arcadedb_root: Path) -> Iterator[object]:
    from graphrag.stores.graph import ArcadeDBGraphStore

    store = ArcadeDBGraphStore(arcadedb_root)
    store.open()
    store.ensure_schema()
    yield store
    store.close()
