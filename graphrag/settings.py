"""Typed settings for the CLI and the HTTP service (prefix ``GRAPHRAG_``).

``load_settings`` (the CLI and the service) reads, the later winning: ``graphrag.toml`` in the
data directory, ``graphrag.toml`` in the working directory, ``.env`` there (``GRAPHRAG_*``
lines), the environment, and the command's options. A name that is no setting, in any of
them or as an SDK keyword, is an error naming the closest setting: a misspelled
``GRAPHRAG_NEO4J_URL`` must not quietly leave the embedded store in place.

>>> s = Settings(data_dir="/tmp/x")
>>> s.uses_embedded_graph, s.uses_embedded_vectors
(True, True)
"""

from __future__ import annotations

import difflib
import os
import tomllib
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit, urlunsplit

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from graphrag.errors import ConfigError

PREFIX = "GRAPHRAG_"
CONFIG_FILE = "graphrag.toml"
# variables of this prefix that are no settings: the test suite's own, and the fault points
# of the kill-anywhere tests (ingestion/faults.py)
NOT_SETTINGS = ("GRAPHRAG_TEST_", "GRAPHRAG_SHARED_DATA", "GRAPHRAG_FAULT_")
NEO4J_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
HTTP_SCHEMES = ("http", "https")


def public_url(url: str) -> str:
    """The URL as it may appear in messages and logs: no user, password or query string.

    >>> public_url("bolt://neo4j:s3cret@db.example:7687/?token=x")
    'bolt://db.example:7687/'
    """
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "<unparseable URL>"
    if ":" in host:
        host = f"[{host}]"
    return urlunsplit((parts.scheme, f"{host}{port}", parts.path, "", ""))


def _endpoint(value: str | None, schemes: tuple[str, ...], what: str, example: str) -> str | None:
    """An unset/blank endpoint is None; anything else must parse, with a valid port."""
    if value is None or not value.strip():
        return None
    parts = urlsplit(value.strip())
    shown = public_url(value.strip())
    if parts.scheme not in schemes or not parts.hostname:
        raise ValueError(
            f"{shown!r} is not {what}; use e.g. {example} (schemes: {', '.join(schemes)})"
        )
    try:
        _ = parts.port
    except ValueError:
        raise ValueError(f"{shown!r} has an invalid port") from None
    return value.strip()


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix=PREFIX, env_file=None, extra="forbid", validate_default=True
    )

    data_dir: Path = Field(default=Path(".graphrag"), description="where embedded stores live")

    neo4j_uri: str | None = Field(default=None, description="use this Neo4j instead of ArcadeDB")
    neo4j_user: str = "neo4j"
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"

    qdrant_url: str | None = Field(default=None, description="use this Qdrant server")
    qdrant_api_key: SecretStr | None = None
    # names the embedded shard's folder too: a plain name, never a path
    qdrant_collection: str = Field(default="chunks", pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
    # how a Qdrant server lays out a new collection (graphrag/stores/vector/qdrant_server.py);
    # unset: the server's defaults. An existing collection keeps its layout.
    qdrant_shards: int | None = Field(default=None, ge=1, le=1000)
    qdrant_replication: int | None = Field(default=None, ge=1, le=100)
    qdrant_write_consistency: int | None = Field(default=None, ge=1, le=100)
    qdrant_on_disk: bool = False  # vectors (and payload) on disk, memory-mapped
    qdrant_hnsw_m: int | None = Field(default=None, ge=4, le=128)
    qdrant_hnsw_ef_construct: int | None = Field(default=None, ge=4, le=4096)
    # segments smaller than this (KB of vectors) are searched exactly, without the HNSW index
    qdrant_full_scan_threshold_kb: int | None = Field(default=None, ge=1)
    qdrant_quantization: Literal["none", "int8"] = "none"  # int8: 4x less RAM, rescored

    arcadedb_bolt_port: int = Field(default=0, ge=0, le=65535, description="0: a free port")
    arcadedb_heap: str = Field(default="512m", pattern=r"^[1-9][0-9]*[mMgG]$")

    embedder: str = Field(default="e5-small", description="e5-small, use-multilingual, st:<model>")
    max_file_mb: float = Field(default=100.0, gt=0, le=100_000, allow_inf_nan=False)
    # one file's parse, chunking and entity extraction; the parse runs in a child process
    # that is killed at this limit and may use at most parse_memory_mb of address space
    file_timeout_s: float = Field(default=300.0, gt=0, le=86_400, allow_inf_nan=False)
    parse_memory_mb: int = Field(default=4096, ge=256, le=1_048_576)
    parse_isolated: bool = True
    # ingestion on Ray workers (ingestion/fanout.py): how many (0: in this process), and the
    # cluster to join (none: a local Ray is started for the run)
    ingest_workers: int = Field(default=0, ge=0, le=4096)
    ray_address: str | None = None
    chunk_target_tokens: int = Field(default=300, ge=16, le=8192)
    chunk_max_tokens: int = Field(default=480, ge=16, le=8192)

    entity_embedding_resolution: bool = False
    llm_entities: bool = Field(default=False, description="also extract entities with the LLM")
    reranker: str = Field(default="none", description="none, nanoranker, ce:<model>, bge:<model>")
    graph_refinement: bool = True  # the reference hop pays on multi-hop questions (BENCHMARKS.md)
    sentence_order: Literal["never", "single_hop"] = Field(
        default="single_hop",
        description="the evidence an answer reads: for a question one passage answers, the "
        "search's first results ordered with their best sentence's resemblance as well",
    )
    # a YAML file of everyday word -> the documents' terms, over the built-in German glossary
    glossary: Path | None = None
    llm_url: str | None = Field(default=None, description="OpenAI-compatible base URL (…/v1)")
    llm_model: str = "qwen2.5:1.5b-instruct"
    llm_gguf: Path | None = Field(
        default=None,
        description="a local GGUF model run by llama.cpp in-process; wins over llm_url",
    )
    llm_api_key: SecretStr | None = None
    api_key: SecretStr | None = None  # the HTTP service wants "Authorization: Bearer <key>"
    # keys that name their caller (tenant, groups, clearance; admin; proxy): graphrag/api/keys.py
    api_keys_file: Path | None = None
    # the CLI runs through this service (else through the one announced in the data directory)
    server_url: str | None = Field(default=None, description="a running graphrag serve")
    server_token: SecretStr | None = None  # its operator token; else api_key is sent
    llm_paraphrases: bool = False  # multi-query with LLM rewrites: one LLM call per search
    llm_query_analysis: bool = False  # LLM query type, hops and entities: one call per search
    # the LLM (GRAPHRAG_LLM_URL, one with tool calls) may search and read through graphrag's
    # tools before it answers (graphrag/answer/agent.py), at most agent_max_steps tool calls
    llm_agent: bool = False
    agent_max_steps: int = Field(default=6, ge=1, le=50)
    answer_budget_tokens: int = Field(default=2500, ge=200, le=100_000)
    # reading context around the best answers' evidence (graphrag/answer/context.py)
    answer_context_anchors: int = Field(default=3, ge=0, le=50)
    answer_context_hops: int = Field(default=1, ge=0, le=3)
    answer_small_document_chunks: int = Field(default=4, ge=0, le=100)
    answer_section_chunks: int = Field(default=8, ge=0, le=100)  # section-level questions

    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "WARNING"
    # guardrails (graphrag/guardrails.py): a question that reads as instructions to a model
    guard_injection: Literal["off", "flag", "refuse"] = "flag"
    # passages carrying such instructions, in an LLM's prompt
    guard_passages: Literal["off", "fence", "drop"] = "fence"
    # an LLM answer without a citation
    guard_uncited: Literal["allow", "disclaim", "refuse"] = "disclaim"
    # what answers never show: comma-separated of secret, card, iban, email, phone ("" = none)
    guard_redact: str = "secret,card"
    # requests per caller (API key, else tenant) on the HTTP service: "60/minute"; unset = none
    rate_limit: str | None = None
    # OpenTelemetry spans (graphrag/telemetry.py): none, console (stderr) or otlp
    otel_exporter: Literal["none", "console", "otlp"] = "none"
    otel_endpoint: str | None = Field(default=None, description="OTLP/HTTP traces URL")
    otel_content: bool = False  # spans carry the question and file names

    connect_timeout_s: float = Field(default=5.0, gt=0, le=120)
    query_timeout_s: float = Field(default=60.0, gt=0, le=3600)

    @field_validator("guard_redact")
    @classmethod
    def _redact_kinds(cls, value: str) -> str:
        kinds = [k.strip() for k in value.split(",") if k.strip()]
        unknown = [k for k in kinds if k not in ("secret", "card", "iban", "email", "phone")]
        if unknown:
            raise ValueError(f"unknown kinds {unknown}: use secret, card, iban, email, phone")
        return ",".join(kinds)

    @field_validator("rate_limit")
    @classmethod
    def _rate(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        from limits import parse

        try:
            parse(value)
        except ValueError as exc:
            raise ValueError(f"{value!r} is no rate: write e.g. 60/minute or 10/second") from exc
        return value.strip()

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("data_dir", mode="before")
    @classmethod
    def _check_data_dir(cls, value: object) -> object:
        text = str(value) if value is not None else ""
        if not text.strip():
            raise ValueError("is empty; name a folder (default ./.graphrag)")
        path = Path(text).expanduser()
        if path.exists() and not path.is_dir():
            raise ValueError(f"{text!r} exists and is not a folder")
        return path

    @field_validator("neo4j_uri")
    @classmethod
    def _check_neo4j_uri(cls, value: str | None) -> str | None:
        return _endpoint(value, NEO4J_SCHEMES, "a Bolt URI", "bolt://localhost:7687")

    @field_validator("qdrant_url")
    @classmethod
    def _check_qdrant_url(cls, value: str | None) -> str | None:
        return _endpoint(value, HTTP_SCHEMES, "an http(s) URL", "http://localhost:6333")

    @field_validator("server_url")
    @classmethod
    def _check_server_url(cls, value: str | None) -> str | None:
        return _endpoint(value, HTTP_SCHEMES, "an http(s) URL", "http://127.0.0.1:8000")

    @field_validator("llm_url")
    @classmethod
    def _check_llm_url(cls, value: str | None) -> str | None:
        return _endpoint(value, HTTP_SCHEMES, "an http(s) URL", "http://localhost:11434/v1")

    @property
    def graph_dir(self) -> Path:
        return self.data_dir / "graph"

    @property
    def vector_dir(self) -> Path:
        return self.data_dir / "vectors" / self.qdrant_collection

    @property
    def uses_embedded_graph(self) -> bool:
        return self.neo4j_uri is None

    @property
    def uses_embedded_vectors(self) -> bool:
        return self.qdrant_url is None


def load_settings(**overrides: object) -> Settings:
    """The settings from the config files, ``.env``, the environment and ``overrides`` (the
    command's options), the later winning; a bad name or value is a ConfigError naming it and
    where it was written."""
    environment = {
        k: v
        for k, v in os.environ.items()
        if k.startswith(PREFIX) and not k.startswith(NOT_SETTINGS)
    }
    _check_names(environment, "")
    dotenv = _dotenv(Path(".env"))
    here = _toml(Path(CONFIG_FILE))
    data_dir = (
        overrides.get("data_dir")
        or environment.get(f"{PREFIX}DATA_DIR")
        or dotenv.get(f"{PREFIX}DATA_DIR")
        or here.get("data_dir")
        or Settings.model_fields["data_dir"].default
    )
    there = _toml(Path(str(data_dir)).expanduser() / CONFIG_FILE)
    values: dict[str, Any] = {}
    origin: dict[str, str] = {}
    for source, found in (
        (str(Path(str(data_dir)).expanduser() / CONFIG_FILE), there),
        (CONFIG_FILE, here),
        (".env", _fields(dotenv)),
        ("", _fields(environment)),
        ("option", dict(overrides)),
    ):
        values.update(found)
        origin.update(dict.fromkeys(found, source))
    try:
        return Settings.model_validate(values)
    except ValidationError as exc:
        raise _config_error(exc, origin) from None


def settings_of(**values: Any) -> Settings:
    """``Settings(**values)`` for the SDK's keywords: a bad or unknown keyword is a ConfigError
    naming it (and the closest setting)."""
    try:
        return Settings(**values)
    except ValidationError as exc:
        raise _config_error(exc, dict.fromkeys(values, "option")) from None


def _config_error(exc: ValidationError, origin: dict[str, str]) -> ConfigError:
    """The first problem, named as its writer knows it: ``GRAPHRAG_X`` in the environment,
    ``x`` in a file (with the file) or as a keyword."""
    first = exc.errors()[0]
    field = str(first["loc"][0]) if first["loc"] else "settings"
    source = origin.get(field, "")
    if first["type"] == "extra_forbidden":
        return _unknown(field, source if source not in ("", "option") else "")
    message = str(first["msg"]).removeprefix("Value error, ")
    if source in ("", ".env"):
        name = f"{PREFIX}{field.upper()}"
        where = "" if not source else f"{source}: "
        return ConfigError(f"{where}{name}", message, hint=f"fix or unset {name}")
    if source == "option":
        return ConfigError(field, message, hint=f"fix the value given for {field}")
    return ConfigError(f"{source}: {field}", message, hint=f"fix {field} in {source}")


def _unknown(name: str, where: str) -> ConfigError:
    """``name`` is no setting: the error names the closest one in the same spelling."""
    fields = list(Settings.model_fields)
    known = [f"{PREFIX}{f.upper()}" for f in fields] if name.startswith(PREFIX) else fields
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]}?" if close else "the README's Settings table lists them"
    shown = f"{where}: {name}" if where else name
    return ConfigError(shown, "is not a setting", hint=hint)


def _check_names(variables: dict[str, str], where: str) -> None:
    known = {f"{PREFIX}{f.upper()}" for f in Settings.model_fields}
    for name in sorted(variables):
        if name not in known:
            raise _unknown(name, where)


def _fields(variables: dict[str, str]) -> dict[str, str]:
    """``GRAPHRAG_MAX_FILE_MB`` -> ``max_file_mb``."""
    return {k.removeprefix(PREFIX).lower(): v for k, v in variables.items()}


def _dotenv(path: Path) -> dict[str, str]:
    """The ``GRAPHRAG_*`` lines of a ``.env`` file (other tools' lines are theirs)."""
    if not path.is_file():
        return {}
    from dotenv import dotenv_values

    found = {k: v for k, v in dotenv_values(path).items() if k.startswith(PREFIX) and v is not None}
    _check_names(found, ".env")
    return found


def _toml(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        found = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            str(path), f"cannot be read as TOML: {exc}", hint="fix the file"
        ) from None
    for name in found:
        if name not in Settings.model_fields:
            raise _unknown(name, str(path))
    return found
