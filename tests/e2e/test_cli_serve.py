"""``graphrag serve`` runs the HTTP API as a real server process that a client can reach."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from httpx_sse import connect_sse

from tests.e2e.cli import cli, serving

pytestmark = pytest.mark.e2e


def upload(base: str, auth: dict[str, str], name: str, data: bytes) -> None:
    """POST /ingest one file and wait for its job to be done."""
    job = httpx.post(f"{base}/ingest", files=[("files", (name, data))], headers=auth)
    for _ in range(600):
        state = httpx.get(f"{base}/jobs/{job.json()['id']}", headers=auth).json()
        if state["state"] not in ("queued", "running"):
            break
        time.sleep(0.2)
    assert state["state"] == "done", state


def test_serve_answers_over_http_and_stops_cleanly(tmp_path: Path) -> None:
    with serving(tmp_path / "data", GRAPHRAG_API_KEY="s3cret") as base:
        key = {"Authorization": "Bearer s3cret"}
        auth = {**key, "X-Graphrag-Tenant": "acme"}
        assert httpx.get(f"{base}/status", timeout=30).status_code == 401
        assert httpx.get(f"{base}/status", headers=key, timeout=30).status_code == 401  # no tenant
        status = httpx.get(f"{base}/status", headers=auth, timeout=30).json()
        assert status["documents"] == 0 and status["tenant"] == "acme"
        answer = httpx.post(f"{base}/search", json={"query": "x"}, headers=auth, timeout=60)
        assert answer.status_code == 200 and answer.json()["results"] == []
        assert "s3cret" not in answer.text


def test_serve_refuses_other_interfaces_without_a_key(tmp_path: Path) -> None:
    proc = cli("serve", "--host", "0.0.0.0", "--port", "1", data_dir=tmp_path)
    assert proc.returncode == 2
    assert "GRAPHRAG_API_KEY" in proc.stderr and "Traceback" not in proc.stderr


def test_ask_streams_server_sent_events_to_a_client(tmp_path: Path) -> None:
    laws = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "corpus"
    with serving(tmp_path / "data", GRAPHRAG_API_KEY="s3cret") as base:
        auth = {"Authorization": "Bearer s3cret", "X-Graphrag-Tenant": "acme"}
        burlg = (laws / "de-arbeitsrecht" / "burlg.md").read_bytes()
        upload(base, auth, "burlg.md", burlg)
        body = {"question": "Wie viele Werktage Urlaub stehen mir mindestens zu?", "stream": True}
        arrived: list[tuple[str, float, dict]] = []
        with (
            httpx.Client(timeout=120) as client,
            connect_sse(client, "POST", f"{base}/ask", json=body, headers=auth) as source,
        ):
            assert source.response.headers["content-type"].startswith("text/event-stream")
            for sse in source.iter_sse():
                arrived.append((sse.event, time.monotonic(), sse.json()))
        kinds = [kind for kind, _, _ in arrived]
        assert kinds[0] == "search" and kinds[-1] == "answer" and "token" in kinds
        answer = arrived[-1][2]
        assert "24 Werktage" in answer["answer"] and answer["citations"][0]["file"] == "burlg.md"
        text = "".join(data["text"] for kind, _, data in arrived if kind == "token")
        assert text.strip() == answer["answer"].strip()
        # the evidence arrives before the answer is complete
        assert arrived[0][1] < arrived[-1][1]
        assert arrived[0][2]["results"][0]["title"] == "Mindesturlaubsgesetz für Arbeitnehmer"
        # the same answer without streaming, and errors before the stream as JSON statuses
        plain = httpx.post(f"{base}/ask", json={**body, "stream": False}, headers=auth, timeout=120)
        assert plain.json()["answer"] == answer["answer"]
        empty = httpx.post(f"{base}/ask", json={"question": " ", "stream": True}, headers=auth)
        assert empty.status_code == 400 and "error" in empty.json()

        # a conversation: the follow-up names neither the leave nor the law
        first = httpx.post(f"{base}/chat", json={"question": body["question"]}, headers=auth)
        conversation = first.json()["conversation_id"]
        follow = {
            "question": "Und ab wann steht mir der volle Urlaub zu?",
            "conversation_id": conversation,
            "stream": True,
        }
        with (
            httpx.Client(timeout=120) as client,
            connect_sse(client, "POST", f"{base}/chat", json=follow, headers=auth) as source,
        ):
            events = [(sse.event, sse.json()) for sse in source.iter_sse()]
        assert events[0][0] == "search" and events[-1][0] == "answer"
        assert "sechsmonatigem" in events[-1][1]["answer"]
        assert events[-1][1]["conversation_id"] == conversation
        # another tenant cannot continue (or read) it
        other = {**auth, "X-Graphrag-Tenant": "globex"}
        stolen = httpx.post(f"{base}/chat", json={**follow, "stream": True}, headers=other)
        assert stolen.status_code == 404 and "conversation" in stolen.json()["error"]


def test_new_key_appends_an_entry_that_names_its_caller(tmp_path: Path) -> None:
    from graphrag.api.keys import ApiKeys

    keys = tmp_path / "keys.toml"
    made = cli(
        "new-key",
        "--name",
        "hr-portal",
        "--tenant",
        "acme",
        "--group",
        "hr",
        "--append-to",
        str(keys),
    )
    assert made.returncode == 0, made.stderr
    key = made.stdout.strip().splitlines()[-1]
    assert key.startswith("grk_") and key not in keys.read_text()  # the file keeps the hash
    assert oct(keys.stat().st_mode & 0o777) == "0o600"
    found = ApiKeys.load(keys).find(key.encode())
    assert found is not None and (found.tenant, found.groups) == ("acme", ("hr",))
    nobody = cli("new-key", "--name", "x")
    assert nobody.returncode == 2 and "--tenant" in nobody.stderr


def test_metrics_are_scraped_from_a_running_service(tmp_path: Path) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    law = Path(__file__).resolve().parents[2].parent / "shared/data/corpus/de-arbeitsrecht"
    with serving(tmp_path / "data", GRAPHRAG_API_KEY="s3cret") as base:
        key = {"Authorization": "Bearer s3cret"}
        auth = {**key, "X-Graphrag-Tenant": "acme"}
        assert httpx.get(f"{base}/metrics", timeout=30).status_code == 401  # the key, as anywhere
        burlg = (law / "burlg.md").read_bytes()
        upload(base, auth, "burlg.md", burlg)
        for _ in range(2):
            body = {"query": "Werktage Urlaub"}
            assert httpx.post(f"{base}/search", json=body, headers=auth, timeout=60).is_success
        assert httpx.get(f"{base}/documents/nope/structure", headers=auth).status_code == 404
        scraped = httpx.get(f"{base}/metrics", headers=key, timeout=30)  # no tenant needed
        assert scraped.status_code == 200
        assert scraped.headers["content-type"].startswith("text/plain")
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(scraped.text)
        for s in family.samples
    }

    def value(name: str, **labels: str) -> float:
        return samples.get((name, tuple(sorted(labels.items()))), 0.0)

    assert value("graphrag_http_requests_total", method="POST", route="/search", status="200") == 2
    # a route's template, not the path a caller sent
    assert (
        value(
            "graphrag_http_requests_total",
            method="GET",
            route="/documents/{doc_id}/structure",
            status="404",
        )
        == 1
    )
    assert value("graphrag_http_request_seconds_count", method="POST", route="/search") == 2
    assert value("graphrag_stage_seconds_count", pipeline="search", stage="candidates") >= 2
    assert value("graphrag_stage_seconds_count", pipeline="ingest", stage="embed") >= 1
    assert value("graphrag_ingested_total", unit="files") == 1
    assert value("graphrag_store_items", kind="documents") == 1
    assert (
        value("graphrag_store_items", kind="chunks")
        == value("graphrag_store_items", kind="vector_points")
        > 0
    )


def test_the_cli_writes_a_trace_to_the_console_exporter(tmp_path: Path) -> None:
    law = Path(__file__).resolve().parents[2].parent / "shared/data/corpus/de-arbeitsrecht"
    env = {"GRAPHRAG_OTEL_EXPORTER": "console"}
    ingest = cli("ingest", str(law / "burlg.md"), data_dir=tmp_path / "data", env=env)
    assert ingest.returncode == 0, ingest.stderr[-2000:]
    asked = cli("ask", "Wie viele Werktage Urlaub?", data_dir=tmp_path / "data", env=env)
    assert asked.returncode == 0, asked.stderr[-2000:]
    for output, names in (
        (ingest.stderr, ("ingest", "ingest.file", "ingest.parse", "ingest.embed")),
        (asked.stderr, ("search", "search.candidates", "answer")),
    ):
        for name in names:
            assert f'"name": "{name}"' in output, (name, output[-3000:])
    assert "Werktage" not in asked.stderr  # the question stays out of the trace
