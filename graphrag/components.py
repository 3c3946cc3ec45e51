"""The ingestion parts a configuration names, built from ``Settings`` alone: the SDK builds
them in its process, a Ray worker builds the same ones in its own (``ingestion.fanout``), so
both prepare a file alike.
"""

from __future__ import annotations

from functools import partial

from graphrag.errors import ConfigError
from graphrag.models.embedders import embedder_from_name
from graphrag.models.llama_cpp import LlamaCppClient
from graphrag.models.llm import Completer, LlmClient
from graphrag.models.sparse import Bm25Encoder
from graphrag.settings import Settings
from ingestion.chunking import ChunkingConfig, HierarchicalChunker, SizeLimits
from ingestion.entities import EntityExtractor, LanguageRouter, default_extractor
from ingestion.entities.llm import LlmEntityExtractor
from ingestion.parsers import parse_file
from ingestion.parsers.isolated import IsolatedParser
from ingestion.prepare import Tools


def chunking(settings: Settings) -> ChunkingConfig:
    target = settings.chunk_target_tokens
    maximum = max(settings.chunk_max_tokens, target)
    return ChunkingConfig(
        default=SizeLimits(
            target_tokens=target, max_tokens=maximum, min_tokens=min(40, target // 4)
        )
    )


def llm_client(settings: Settings, needed_by: str) -> Completer:
    if settings.llm_gguf is not None:
        return LlamaCppClient(settings.llm_gguf)
    if not settings.llm_url:
        raise ConfigError(
            needed_by,
            "needs an LLM",
            hint="set GRAPHRAG_LLM_URL (OpenAI-compatible endpoint) or GRAPHRAG_LLM_GGUF",
        )
    key = settings.llm_api_key
    return LlmClient(
        settings.llm_url,
        model=settings.llm_model,
        api_key=key.get_secret_value() if key else None,
    )


def extractor(settings: Settings) -> EntityExtractor:
    found = default_extractor()
    if settings.llm_entities:
        client = llm_client(settings, "GRAPHRAG_LLM_ENTITIES")
        return LanguageRouter({}, default=[found, LlmEntityExtractor(client)])
    return found


def parser(settings: Settings) -> IsolatedParser | None:
    """The parser in a child process with hard limits (None: parse in-process)."""
    if not settings.parse_isolated:
        return None
    return IsolatedParser(
        max_bytes=int(settings.max_file_mb * 1024 * 1024),
        timeout_s=settings.file_timeout_s,
        memory_mb=settings.parse_memory_mb,
    )


def worker_tools(settings: Settings) -> Tools:
    """Everything a Ray worker needs to prepare and embed files, models loaded once per
    worker. The embedder has no cache here: the cache lives in the driver's data folder."""
    embedder = embedder_from_name(settings.embedder)
    isolated = parser(settings)
    return Tools(
        parse=isolated.parse
        if isolated is not None
        else partial(parse_file, max_bytes=int(settings.max_file_mb * 1024 * 1024)),
        chunker=HierarchicalChunker(chunking(settings), count_tokens=embedder.count_tokens),
        extractor=extractor(settings),
        embedder=embedder,
        sparse=Bm25Encoder(),
    )
