from __future__ import annotations

import graphrag


def test_public_api_is_pinned() -> None:
    assert sorted(graphrag.__all__) == [
        "AccessFilter",
        "Answer",
        "AnswerEvent",
        "Citation",
        "ConfigError",
        "DeleteReport",
        "DocumentSummary",
        "GraphRAG",
        "GraphRAGError",
        "IngestReport",
        "InputError",
        "MissingExtraError",
        "Passage",
        "QueryError",
        "ScoredChunk",
        "SearchFilters",
        "SearchResult",
        "Settings",
        "StoreError",
        "StoreLockedError",
        "StoreUnavailableError",
        "load_settings",
    ]
    for name in graphrag.__all__:
        assert getattr(graphrag, name) is not None


def test_errors_share_one_root_and_carry_hints() -> None:
    err = graphrag.ConfigError("GRAPHRAG_X", "bad", hint="fix it")
    assert isinstance(err, graphrag.GraphRAGError)
    assert str(err) == "GRAPHRAG_X: bad\n  -> fix it"
    assert err.exit_code == 2
