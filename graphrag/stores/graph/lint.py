"""Lint every statement in ``cypher/`` with Neo4j's own analyser (npm, run through Node).

``python -m graphrag.stores.graph.lint`` prints each diagnostic and exits 1 on any error or
warning. The declared schema below is the graph model; a statement that names another label,
relationship type, property or parameter is reported.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from graphrag.errors import MissingExtraError
from graphrag.stores.graph.cypher import LABELS, RELATIONSHIP_TYPES

TOOL_DIR = Path(__file__).resolve().parents[3] / "tools" / "cypherlint"

PROPERTY_KEYS = sorted(
    {
        # Document
        "id", "title", "source", "mime", "sha256", "version", "language", "author", "created",
        "modified", "metadata_json", "tenant", "visibility", "acl", "links_pending",
        # Section
        "doc_id", "parent_id", "level", "path", "ordinal", "page_start",
        # Chunk
        "section_id", "text", "kind", "section_path", "page_end", "token_count", "cites",
        "cite_laws",
        # Entity, MENTIONS, RELATED_TO
        "name", "type", "aliases", "count", "surface", "weight", "chunk_ids",
        # keys of the $rows maps
        "props", "source_id", "target_id", "chunk_id", "entity_id",
    }
)  # fmt: skip
PARAMETERS: dict[str, Any] = {
    "rows": [],
    "ids": [],
    "doc_id": "",
    "doc_ids": [],
    "law_keys": [],
    "entity_ids": [],
    "exclude": [],
    "tenant": "",
    "visibility": [],
    "groups": [],
    "hops": 1,
    "per_seed": 1,
    "per_entity": 1,
    "max_degree": 1,
    "source_id": "",
    "target_id": "",
    "limit": 1,
    "skip": 0,
    "candidates": [],
    "whole_section": False,
    "section_limit": 1,
    "entity_id": "",
    "q": "",
    "names": [],
    "words": [],
}


def cypher_files() -> list[Path]:
    root = Path(str(resources.files("cypher")))
    return sorted(root.glob("*.cypher")) + sorted((root / "schema").glob("*.cypher"))


def lint(files: list[Path] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Diagnostics per file (empty lists for clean files)."""
    node = shutil.which("node")
    if node is None or not (TOOL_DIR / "node_modules" / "@neo4j-cypher").exists():
        raise MissingExtraError(
            "the Cypher linter", f"cd {TOOL_DIR} && npm install  (needs Node 20)"
        )
    files = files or cypher_files()
    schema = {
        "labels": list(LABELS),
        "relationshipTypes": list(RELATIONSHIP_TYPES),
        "propertyKeys": PROPERTY_KEYS,
        "parameters": PARAMETERS,
        "slots": {"label": list(LABELS), "type": list(RELATIONSHIP_TYPES)},
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(schema, handle)
    try:
        proc = subprocess.run(
            [node, str(TOOL_DIR / "lint.mjs"), handle.name, *map(str, files)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        Path(handle.name).unlink(missing_ok=True)
    if proc.returncode != 0:
        raise RuntimeError(f"cypher linter failed: {proc.stderr.strip()[-2000:]}")
    result: dict[str, list[dict[str, Any]]] = json.loads(proc.stdout)["files"]
    return result


def main() -> int:
    problems = 0
    for path, diagnostics in lint().items():
        for d in diagnostics:
            problems += 1
            print(f"{path}:{d['line']}:{d['column']}: {d['severity']}: {d['message']}")
    print(f"cypher lint: {len(cypher_files())} files, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
