from __future__ import annotations

import re

import pytest

from graphrag.errors import InputError
from graphrag.stores.graph import cypher, lint
from graphrag.stores.graph.rows import MAX_BATCH_BYTES, MAX_BATCH_ROWS, batches


def test_every_statement_is_one_parameterised_statement() -> None:
    names = cypher.all_statement_names()
    assert len(names) > 30
    for name in names:
        text = cypher.load(name)
        body = "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))
        assert ";" not in body, name
        assert not re.search(r"'[^']*'|\"[^\"]*\"", body), (
            f"{name}: literal strings belong in params"
        )
        if re.match(r"\s*UNWIND", body) or "MERGE" in body:
            assert "UNWIND $rows AS row" in body, f"{name}: writes are batched"


def test_templates_accept_only_allowlisted_names() -> None:
    assert "(n:Entity)" in cypher.render("count_nodes", label="Entity")
    with pytest.raises(InputError):
        cypher.render("count_nodes", label="Entity) DETACH DELETE (x")
    with pytest.raises(InputError):
        cypher.render("count_relationships", label="Chunk")
    with pytest.raises(InputError):
        cypher.load("../pyproject")


def test_batches_respect_row_and_byte_limits() -> None:
    rows = [{"id": i, "text": "x" * 20_000} for i in range(1_000)]
    parts = list(batches(rows))
    assert sum(len(p) for p in parts) == 1_000
    assert all(len(p) <= MAX_BATCH_ROWS for p in parts)
    assert all(sum(len(r["text"]) for r in p) <= MAX_BATCH_BYTES for p in parts)
    assert list(batches([])) == []


def test_cypher_lints_clean_with_neo4js_analyser() -> None:
    results = lint.lint()
    assert len(results) == len(cypher.all_statement_names())
    problems = {path: d for path, d in results.items() if d}
    assert problems == {}


def test_the_linter_catches_mistakes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.cypher"
    bad.write_text("MATCH (n:Chunk) WHERE n.colour = $nope RETRN n")
    unknown = tmp_path / "unknown.cypher"
    unknown.write_text("MATCH (n:Chunck) RETURN n.id")
    results = lint.lint([bad, unknown])
    assert any(d["severity"] == "error" for d in results[str(bad)])
    assert results[str(unknown)]  # unknown label is reported
