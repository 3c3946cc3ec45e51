"""The HTTP API against its own OpenAPI spec: requests generated from the spec (schemathesis,
a bounded number per operation) never get a server error, and every error is the one shape."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings

from graphrag import GraphRAG
from graphrag.api import create_app

pytestmark = pytest.mark.integration

WHO = {"X-Graphrag-Tenant": "acme"}


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root: Path = tmp_path_factory.mktemp("contract")
    (root / "policy.md").write_text("# Policy\n\nLeave is 30 days a year.\n")
    rag = GraphRAG(data_dir=root / "data")
    rag.open()  # what the service's start-up does; the generated calls run in process
    rag.ingest([root / "policy.md"], tenant="acme")
    # writes that start background jobs stay out: their files are tested on their own
    schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(rag))
    yield schema.exclude(path_regex=r"^/(admin/)?ingest$")
    rag.close()


def test_no_generated_request_gets_a_server_error(api: Any) -> None:
    tried: list[str] = []
    statuses: list[int] = []
    for found in api.get_all_operations():
        operation = found.ok()
        tried.append(operation.label)

        @given(case=operation.as_strategy())
        @settings(
            max_examples=12,
            deadline=None,
            derandomize=True,  # the same requests in every run
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def call(case: Any) -> None:
            response = case.call(headers=WHO)
            statuses.append(response.status_code)
            assert response.status_code < 500, (case.method, case.path, response.text[:500])
            content_type = response.headers.get("content-type") or [""]  # one list per header
            if response.status_code >= 400 and content_type[0].startswith("application/json"):
                assert set(response.json()) == {"error", "hint"}, response.text[:500]

        call()
    assert {"POST /search", "POST /ask", "GET /documents", "DELETE /documents/{doc_id}"} <= set(
        tried
    )
    # the requests reached the endpoints: answered ones and refused ones
    assert sum(s == 200 for s in statuses) >= 10 and any(400 <= s < 500 for s in statuses)


def test_the_spec_types_every_response_and_error(api: Any) -> None:
    spec = api.raw_schema
    assert spec["info"]["version"] not in ("", "0+unknown")  # the package's version
    components = spec["components"]["schemas"]
    for name in ("SearchOut", "AnswerOut", "DocumentOut", "JobOut", "ErrorOut", "StatusOut"):
        assert components[name]["properties"], name
    hit = components["SearchHitOut"]["properties"]
    assert "StageScores" in str(hit["scores"]) and hit["section"]["description"]
    for path, method in [
        ("/search", "post"),
        ("/ask", "post"),
        ("/documents", "get"),
        ("/jobs/{job_id}", "get"),
    ]:
        responses = spec["paths"][path][method]["responses"]
        assert "$ref" in str(responses["200"]), (path, responses["200"])
        assert "ErrorOut" in str(responses["404"]) and "ErrorOut" in str(responses["401"])
