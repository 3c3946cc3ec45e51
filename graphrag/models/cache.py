"""A persistent embedding cache keyed by model name and text hash (SQLite, float32 blobs).

Re-ingesting unchanged text costs a lookup instead of a model call.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import numpy as np

from graphrag.files import private_dir
from graphrag.models.embedders import Embedder


class CachedEmbedder:
    """Wraps an Embedder; ``embed_documents`` only computes what the cache lacks."""

    def __init__(self, inner: Embedder, path: str | Path) -> None:
        self.inner = inner
        self.path = Path(path)
        self.name = inner.name
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            private_dir(self.path.parent)
            self._db = sqlite3.connect(self.path, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS embeddings (model TEXT, hash TEXT, vector BLOB, "
                "PRIMARY KEY (model, hash))"
            )
        return self._db

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        keys = [hashlib.sha256(t.encode("utf-8")).hexdigest() for t in texts]
        found: dict[str, list[float]] = {}
        with self._lock:
            db = self._conn()
            for start in range(0, len(keys), 500):
                part = keys[start : start + 500]
                marks = ",".join("?" * len(part))
                rows = db.execute(
                    f"SELECT hash, vector FROM embeddings WHERE model = ? AND hash IN ({marks})",  # noqa: S608
                    [self.name, *part],
                ).fetchall()
                found.update({h: np.frombuffer(v, dtype=np.float32).tolist() for h, v in rows})
        missing = [i for i, k in enumerate(keys) if k not in found]
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if missing:
            vectors = self.inner.embed_documents([texts[i] for i in missing])
            with self._lock:
                db = self._conn()
                db.executemany(
                    "INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)",
                    [
                        (self.name, keys[i], np.asarray(v, dtype=np.float32).tobytes())
                        for i, v in zip(missing, vectors, strict=True)
                    ],
                )
                db.commit()
            for i, v in zip(missing, vectors, strict=True):
                found[keys[i]] = v
        return [found[k] for k in keys]

    def embed_query(self, text: str) -> list[float]:
        return self.inner.embed_query(text)

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
