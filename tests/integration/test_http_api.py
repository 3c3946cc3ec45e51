"""The HTTP API on real stores and models: upload, job progress, search, ask, access, errors."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graphrag import GraphRAG
from graphrag.api import create_app
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.integration

KEY = "test-key-123"
ACME = "# Acme history\n\nAnna Schmidt founded the Acme Corporation in Hamburg in 1998.\n"
MEMO = "# Board memo\n\nThe Acme Corporation plans to move to Berlin next year.\n"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root = tmp_path_factory.mktemp("api")
    rag = GraphRAG(data_dir=root / "data", api_key=KEY)
    with TestClient(create_app(rag)) as c:
        c.headers["Authorization"] = f"Bearer {KEY}"
        c.data_dir = root / "data"  # type: ignore[attr-defined]
        yield c


def wait(client: TestClient, job_id: str, tenant: str) -> dict:
    for _ in range(600):
        job = client.get(f"/jobs/{job_id}", headers={"X-Graphrag-Tenant": tenant}).json()
        if job["state"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError("job did not finish")


def upload(client: TestClient, files: list[tuple[str, bytes]], **headers: str) -> dict:
    response = client.post(
        "/ingest",
        files=[("files", (name, data)) for name, data in files],
        data={"acl": headers.pop("acl", "")},
        headers=headers,
    )
    assert response.status_code == 202, response.text
    return wait(client, response.json()["id"], headers["X-Graphrag-Tenant"])


def test_upload_ingest_search_ask_and_delete(client: TestClient) -> None:
    pdf = (SHARED_DATA / "fixtures" / "docling" / "multi_page.pdf").read_bytes()
    job = upload(
        client,
        [("acme.md", ACME.encode()), ("../../escape.pdf", pdf), ("empty.txt", b"")],
        **{"X-Graphrag-Tenant": "acme"},
    )
    assert job["state"] == "partial"  # one of three files failed, and says why
    assert job["report"]["documents"] == 2
    assert [e["path"] for e in job["report"]["errors"]] == ["empty.txt"]  # our paths stay ours
    assert job["progress"]["files"]["done"] == 3
    data_dir: Path = client.data_dir  # type: ignore[attr-defined]
    saved = sorted(p.name for p in (data_dir / "uploads" / "acme").rglob("*") if p.is_file())
    assert saved == ["acme.md", "escape.pdf"]  # in the tenant's folder; no failed file kept
    assert [p.parent.name for p in data_dir.parent.rglob("escape.pdf")] == ["acme"]

    found = client.post(
        "/search",
        json={"query": "Who founded the Acme Corporation?", "k": 3},
        headers={"X-Graphrag-Tenant": "acme"},
    ).json()
    assert found["results"][0]["title"] == "Acme history"
    assert set(found["results"][0]["scores"]) >= {"dense", "sparse", "fused", "final"}
    misspelled = {"query": "Who foudned the Acme Corporation?", "k": 3}
    read = client.post("/search", json=misspelled, headers={"X-Graphrag-Tenant": "acme"})
    assert read.json()["read_as"] == "Who founded the Acme Corporation?"
    # an English word is read as another only when the caller's documents use that one:
    # another tenant's documents say nothing, not even how a word is spelled
    unread = client.post("/search", json=misspelled, headers={"X-Graphrag-Tenant": "other"})
    assert unread.json().get("read_as") is None
    answer = client.post(
        "/ask",
        json={"question": "Where was the Acme Corporation founded?"},
        headers={"X-Graphrag-Tenant": "acme"},
    ).json()
    assert "Hamburg" in answer["answer"] and answer["citations"][0]["title"] == "Acme history"
    assert client.get("/documents", headers={"X-Graphrag-Tenant": "other"}).json() == []
    docs = client.get("/documents", headers={"X-Graphrag-Tenant": "acme"}).json()
    doc_id = next(d["id"] for d in docs if d["title"] == "Acme history")
    assert (
        client.delete(f"/documents/{doc_id}", headers={"X-Graphrag-Tenant": "other"}).status_code
        == 404
    )
    gone = client.delete(f"/documents/{doc_id}", headers={"X-Graphrag-Tenant": "acme"})
    assert gone.status_code == 200 and gone.json()["chunks"] == 1
    assert not (data_dir / "uploads" / "acme" / "acme.md").exists()  # its upload went too


def test_an_upload_of_the_same_name_is_the_same_document(client: TestClient) -> None:
    who = {"X-Graphrag-Tenant": "same"}
    first = upload(client, [("policy.md", b"# Policy\n\nLeave is 30 days.\n")], **who)
    again = upload(client, [("policy.md", b"# Policy\n\nLeave is 30 days.\n")], **who)
    assert (first["state"], first["report"]["documents"]) == ("done", 1)
    assert (again["report"]["documents"], again["report"]["unchanged"]) == (0, 1)
    changed = upload(client, [("policy.md", b"# Policy\n\nLeave is 32 days.\n")], **who)
    assert changed["report"]["documents"] == 1
    docs = client.get("/documents", headers=who).json()
    assert [(d["title"], d["version"]) for d in docs] == [("Policy", 2)]
    # a broken new version fails alone: the stored one and its file stay
    broken = upload(client, [("policy.md", b"")], **who)
    assert broken["state"] == "failed" and broken["error"]
    assert broken["report"]["errors"][0]["path"] == "policy.md"
    data_dir: Path = client.data_dir  # type: ignore[attr-defined]
    assert (data_dir / "uploads" / "same" / "policy.md").read_bytes().endswith(b"32 days.\n")
    found = client.post("/search", json={"query": "How many days of leave?"}, headers=who)
    assert "32 days" in found.json()["results"][0]["text"]
    # the caller's jobs, newest first; no other tenant's
    listed = client.get("/jobs", headers=who).json()
    assert [j["id"] for j in listed[:4]] == [broken["id"], changed["id"], again["id"], first["id"]]
    assert all(
        j["id"] != first["id"]
        for j in client.get("/jobs", headers={"X-Graphrag-Tenant": "acme"}).json()
    )


def test_access_holds_for_uploads_with_an_acl(client: TestClient) -> None:
    job = upload(client, [("memo.md", MEMO.encode())], acl="board", **{"X-Graphrag-Tenant": "t2"})
    assert job["report"]["documents"] == 1
    query = {"query": "Where will the Acme Corporation move?", "k": 5}
    staff = client.post(
        "/search", json=query, headers={"X-Graphrag-Tenant": "t2", "X-Graphrag-Groups": "staff"}
    )
    board = client.post(
        "/search",
        json=query,
        headers={"X-Graphrag-Tenant": "t2", "X-Graphrag-Groups": "board,staff"},
    )
    assert all("Berlin" not in r["text"] for r in staff.json()["results"])
    assert any("Berlin" in r["text"] for r in board.json()["results"])


def test_errors_are_json_with_a_status(client: TestClient) -> None:
    assert client.get("/health", headers={"Authorization": ""}).json() == {"status": "ok"}
    assert client.get("/status", headers={"Authorization": "Bearer wrong"}).status_code == 401
    client.headers["X-Graphrag-Tenant"] = "errors"
    bad_filter = client.post("/search", json={"query": "x", "filters": {"colour": ["red"]}})
    assert bad_filter.status_code == 400 and "colour" in bad_filter.json()["error"]
    assert client.post("/search", json={"query": "   "}).status_code == 400
    assert client.post("/search", json={"query": "x", "k": 0}).status_code == 422
    missing = client.get("/jobs/nope")
    assert missing.status_code == 404 and missing.json()["error"] == "no job 'nope'"
    bad = client.post(
        "/ingest", files=[("files", ("a.md", b"# A\n\ntext"))], data={"visibility": "secret"}
    )
    assert bad.status_code == 400 and "visibility" in bad.json()["error"]
    del client.headers["X-Graphrag-Tenant"]
    # the API's documentation works offline: its assets come from the service itself
    docs = client.get("/docs")
    assert docs.status_code == 200 and "cdn." not in docs.text
    asset = next(part.split('"')[0] for part in docs.text.split('src="')[1:] if ".js" in part)
    assert asset.startswith("/") and client.get(asset).status_code == 200
    # the web explorer: its page and assets from the service, no CDN, a strict policy, and
    # nothing else of the package's folders
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "http" not in page.text.split("<body>")[0]  # every script and style is local
    for src in ("/ui/app.js", "/ui/app.css", "/ui/vendor/cytoscape.min.js"):
        assert src in page.text and client.get(src).status_code == 200
    for probe in ("/ui/../app.py", "/ui/vendor/LICENSE-cytoscape", "/ui/%2e%2e/app.py", "/ui/"):
        assert client.get(probe).status_code == 404, probe


def test_jobs_outlive_the_service_and_unfinished_ones_say_they_were_lost(
    tmp_path: Path,
) -> None:
    who = {"X-Graphrag-Tenant": "acme"}
    rag = GraphRAG(data_dir=tmp_path / "data")
    with TestClient(create_app(rag)) as client:
        finished = upload(client, [("acme.md", ACME.encode())], **who)
    jobs = tmp_path / "data" / "jobs"
    assert oct((jobs / f"{finished['id']}.json").stat().st_mode & 0o777) == "0o600"
    # a job the service was running when it was killed
    killed = {**finished, "id": "feed" * 8, "state": "running", "report": None, "tenant": "acme"}
    (jobs / f"{killed['id']}.json").write_text(json.dumps(killed))
    (jobs / "garbage.json").write_text("{")
    with TestClient(create_app(GraphRAG(data_dir=tmp_path / "data"))) as client:
        again = client.get(f"/jobs/{finished['id']}", headers=who).json()
        assert again["state"] == "done" and again["report"] == finished["report"]
        lost = client.get(f"/jobs/{killed['id']}", headers=who).json()
        assert lost["state"] == "lost" and "upload the files again" in lost["error"]
        assert (
            client.get(f"/jobs/{killed['id']}", headers={"X-Graphrag-Tenant": "b"}).status_code
            == 404
        )
