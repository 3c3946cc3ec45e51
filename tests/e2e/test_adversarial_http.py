"""An adversarial pass over a real ``graphrag serve`` process: two tenants, ACL'd, confidential
and restricted documents, entities shared by name across tenants, a deleted document; every
endpoint with headers missing, empty, duplicated, oversized, path-like or spoofed.

Each document carries a marker word; a response that contains the marker of a document the
caller may not see is a leak, wherever in the response it appears (text, citation, passage,
graph context, entity name or alias, error message).
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.cli import serving
from tests.hostile_files import HOSTILE

pytestmark = pytest.mark.e2e

KEY = "adversarial-key-0123456789"
AUTH = {"Authorization": f"Bearer {KEY}"}
# marker -> (tenant, file, text, acl, visibility)
DOCS: dict[str, tuple[str, str, str, str, str]] = {
    "ALPHAWORD": (
        "a",
        "open.md",
        "# Kantine\n\nDie Kantine öffnet um acht Uhr. Herr Obermüller bestellt dort den "
        "Kaffee. Kennwort ALPHAWORD.\n",
        "",
        "internal",
    ),
    "BRAVOWORD": (
        "a",
        "board.md",
        "# Vorstand\n\nKlaus Obermüller ist Geschäftsführer der Nachtfalke Rüstungstechnik "
        "GmbH in Ulm. Herr Obermüller verhandelt die Verträge. Kennwort BRAVOWORD.\n",
        "hr",
        "internal",
    ),
    "CHARLIEWORD": (
        "a",
        "salaries.md",
        "# Gehälter\n\nDie Gehaltsbänder werden im März angepasst. Kennwort CHARLIEWORD.\n",
        "",
        "confidential",
    ),
    "DELTAWORD": (
        "a",
        "merger.md",
        "# Fusion\n\nDie Fusion mit der Firma Seeadler wird im Juni bekannt gegeben. "
        "Kennwort DELTAWORD.\n",
        "hr",
        "restricted",
    ),
    "ECHOWORD": (
        "b",
        "protocol.md",
        "# Protokoll\n\nHerr Obermüller hat die Sitzung am Montag eröffnet. Kennwort ECHOWORD.\n",
        "",
        "internal",
    ),
    "FOXTROTWORD": (
        "a",
        "old.md",
        "# Altes Memo\n\nDas alte Memo über die Umzugspläne nach Bremen. Kennwort FOXTROTWORD.\n",
        "",
        "internal",
    ),
}
DELETED = "FOXTROTWORD"  # its document is deleted before the probes: visible to no one
TITLES = {"Kantine": "ALPHAWORD", "Vorstand": "BRAVOWORD", "Gehälter": "CHARLIEWORD"}
TITLES["Fusion"] = "DELTAWORD"
HIDDEN_NAMES = ("Klaus", "Nachtfalke", "Rüstungstechnik")
ENDPOINTS: list[tuple[str, str, dict[str, Any]]] = [
    ("POST", "/search", {"json": {"query": "Kennwort Obermüller Kantine Fusion", "k": 20}}),
    ("POST", "/ask", {"json": {"question": "Wer ist Herr Obermüller und welches Kennwort?"}}),
    ("GET", "/documents", {}),
    ("GET", "/status", {}),
    ("GET", "/entities", {"params": {"limit": 500}}),
    ("POST", "/graph/evidence", {"json": {"query": "Kennwort Obermüller Kantine Fusion", "k": 20}}),
]


def headers(tenant: str | None = None, groups: str | None = None, clearance: str | None = None):
    out = dict(AUTH)
    if tenant is not None:
        out["X-Graphrag-Tenant"] = tenant
    if groups is not None:
        out["X-Graphrag-Groups"] = groups
    if clearance is not None:
        out["X-Graphrag-Clearance"] = clearance
    return out


def visible_markers(tenant: str, groups: set[str], clearance: str) -> set[str]:
    levels = ["public", "internal", "confidential", "restricted"]
    allowed = set(levels[: levels.index(clearance) + 1])
    return {
        marker
        for marker, (t, _, _, acl, visibility) in DOCS.items()
        if t == tenant
        and visibility in allowed
        and (not acl or acl in groups)
        and marker != DELETED
    }


def wait(base: str, job_id: str, tenant: str) -> dict[str, Any]:
    for _ in range(1200):
        job = httpx.get(f"{base}/jobs/{job_id}", headers=headers(tenant), timeout=30).json()
        if job["state"] not in ("queued", "running"):
            return job
        time.sleep(0.2)
    raise AssertionError("job did not finish")


def upload(base: str, tenant: str, files: list[tuple[str, bytes]], **form: str) -> dict[str, Any]:
    response = httpx.post(
        f"{base}/ingest",
        files=[("files", item) for item in files],
        data=form,
        headers=headers(tenant),
        timeout=60,
    )
    assert response.status_code == 202, response.text
    return wait(base, response.json()["id"], tenant)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("adversarial")
    with serving(root / "data", GRAPHRAG_API_KEY=KEY, GRAPHRAG_FILE_TIMEOUT_S="8") as base:
        for _marker, (tenant, name, text, acl, visibility) in DOCS.items():
            job = upload(base, tenant, [(name, text.encode())], acl=acl, visibility=visibility)
            assert job["state"] == "done" and job["report"]["documents"] == 1, job["report"][
                "errors"
            ]
        old = next(
            d["id"]
            for d in httpx.get(f"{base}/documents", headers=headers("a"), timeout=30).json()
            if d["title"] == "Altes Memo"
        )
        assert httpx.delete(f"{base}/documents/{old}", headers=headers("a")).status_code == 200
        yield base, root


def leaks(body: str, allowed: set[str]) -> set[str]:
    """Markers in ``body`` of documents the caller may not see (or that were deleted)."""
    return {m for m in DOCS if m in body} - (allowed - {DELETED})


def call(base: str, method: str, path: str, hdrs: Any, **kw: Any) -> httpx.Response:
    return httpx.request(method, f"{base}{path}", headers=hdrs, timeout=120, **kw)


@pytest.mark.parametrize(
    ("tenant", "groups", "clearance"),
    [
        ("a", None, None),
        ("a", "", None),
        ("a", ",,", None),
        ("a", ", ,", None),
        ("a", "sales", None),
        ("a", "hr", None),
        ("a", "hr", "confidential"),
        ("a", "hr", "restricted"),
        ("a", "sales,finance", "restricted"),
        ("b", "hr", "restricted"),
        ("b", None, None),
    ],
)
def test_every_endpoint_shows_only_what_the_caller_may_see(
    server: tuple[str, Path], tenant: str, groups: str | None, clearance: str | None
) -> None:
    base, _ = server
    group_set = {g.strip() for g in (groups or "").split(",") if g.strip()}
    allowed = visible_markers(tenant, group_set, clearance or "internal")
    seen: set[str] = set()
    for method, path, kw in ENDPOINTS:
        response = call(base, method, path, headers(tenant, groups, clearance), **kw)
        assert response.status_code == 200, (path, response.text)
        assert not leaks(response.text, allowed), (path, leaks(response.text, allowed))
        seen |= {m for m in DOCS if m in response.text}
        if tenant == "b" or "hr" not in group_set:
            assert not any(n in response.text for n in HIDDEN_NAMES), path
    # and the search does find what the caller may see: the filter is not simply empty
    assert seen == allowed


def test_the_graph_explorer_shows_only_what_the_caller_may_see(server: tuple[str, Path]) -> None:
    base, _ = server
    staff, board, other = headers("a"), headers("a", "hr"), headers("b")

    def get(path: str, who: dict[str, str], **params: Any) -> httpx.Response:
        return call(base, "GET", path, who, params=params)

    hits = get("/entities", staff, q="obermüller").json()
    assert len(hits) == 1 and hits[0]["chunks"] == 1  # the Kantine notice only
    person = hits[0]["entity"]["id"]
    view = get(f"/entities/{person}", staff)
    assert view.status_code == 200 and not leaks(view.text, {"ALPHAWORD"})
    assert not any(n in view.text for n in HIDDEN_NAMES)
    assert [m["title"] for m in view.json()["mentions"]] == ["Kantine"]
    assert get("/entities", staff, q="nachtfalke").json() == []
    firm = get("/entities", board, q="nachtfalke").json()[0]["entity"]["id"]
    for who in (staff, other):  # hidden, or another tenant's: the same 404 as none
        for path in (f"/entities/{firm}", "/entities/no-such-entity"):
            response = get(path, who)
            assert response.status_code == 404 and set(response.json()) == {"error", "hint"}
    for path_of in get("/graph/paths", staff, source=person, target=firm).json():
        assert not any(h in n for n in path_of["names"] for h in HIDDEN_NAMES)
    # tenant b's own Obermüller is another entity
    assert [h["entity"]["id"] for h in get("/entities", other, q="obermüller").json()] != [person]

    documents = {d["title"]: d["id"] for d in get("/documents", board).json()}
    tree = get(f"/documents/{documents['Vorstand']}/structure", board)
    assert tree.status_code == 200 and tree.json()["document"]["title"] == "Vorstand"
    for who in (staff, other):
        assert get(f"/documents/{documents['Vorstand']}/structure", who).status_code == 404
    refused = get("/entities", staff, limit=0)
    assert refused.status_code == 422 and set(refused.json()) == {"error", "hint"}

    # a chunk's neighbourhood: the staff's notice reaches no hidden name; the board's chunk
    # is a 404 for the staff and for another tenant
    notice = view.json()["mentions"][0]["chunk_id"]
    near = get("/graph/neighbourhood", staff, chunk=notice)
    assert near.status_code == 200 and notice in {n["id"] for n in near.json()["nodes"]}
    assert not any(n in near.text for n in HIDDEN_NAMES) and not leaks(near.text, {"ALPHAWORD"})
    secret = get(f"/entities/{firm}", board).json()["mentions"][0]["chunk_id"]
    assert get("/graph/neighbourhood", board, chunk=secret).status_code == 200
    for who in (staff, other):
        response = get("/graph/neighbourhood", who, chunk=secret)
        assert response.status_code == 404 and set(response.json()) == {"error", "hint"}


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "/tmp/elsewhere",
        "../../../x",
        "..",
        ".",
        "a/../../b",
        "a b",
        "ä",
        "a" * 65,
        "x" * 9000,
        "a\tb",
    ],
)
def test_a_caller_without_a_valid_tenant_gets_nothing(
    server: tuple[str, Path], value: str | None
) -> None:
    base, root = server
    hdrs: dict[str, str | bytes] = dict(AUTH)
    if value is not None:
        hdrs["X-Graphrag-Tenant"] = value.encode("utf-8")  # as a client sends raw bytes
    for method, path, kw in [
        *ENDPOINTS,
        ("POST", "/ingest", {"files": [("files", ("x.md", b"# X\n\nText."))]}),
        ("GET", "/jobs/0123", {}),
        ("DELETE", "/documents/0123", {}),
    ]:
        response = call(base, method, path, hdrs, **kw)
        expected = (401,) if value is None or not value.strip() else (400, 431)
        assert response.status_code in expected, (value, path, response.status_code)
        assert not leaks(response.text, set())
        if response.headers.get("content-type", "").startswith("application/json"):
            assert set(response.json()) == {"error", "hint"}
    assert not Path("/tmp/elsewhere").exists()
    uploads = root / "data" / "uploads"
    assert {p.name for p in uploads.iterdir()} <= {"a", "b"}


def test_duplicated_and_conflicting_headers(server: tuple[str, Path]) -> None:
    base, _ = server
    body = {"query": "Kennwort", "k": 20}
    both = [("Authorization", AUTH["Authorization"])]
    twice = httpx.post(
        f"{base}/search",
        json=body,
        headers=[*both, ("X-Graphrag-Tenant", "b"), ("X-Graphrag-Tenant", "a")],
        timeout=60,
    )
    assert twice.status_code == 400 and not leaks(twice.text, set())
    same = httpx.post(
        f"{base}/search",
        json=body,
        headers=[*both, ("X-Graphrag-Tenant", "b"), ("X-Graphrag-Tenant", "b")],
        timeout=60,
    )
    assert same.status_code == 200 and not leaks(same.text, {"ECHOWORD"})
    # repeated group headers are one list (RFC 9110), never a wider view than their union
    groups = httpx.post(
        f"{base}/search",
        json=body,
        headers=[
            *both,
            ("X-Graphrag-Tenant", "a"),
            ("X-Graphrag-Groups", "sales"),
            ("X-Graphrag-Groups", "finance"),
        ],
        timeout=60,
    )
    assert groups.status_code == 200 and not leaks(groups.text, {"ALPHAWORD"})
    for bad in ("top-secret", "restricted,internal", "RESTRICTED"):
        wrong = call(base, "POST", "/search", headers("a", "hr", bad), json=body)
        assert wrong.status_code == 400 and not leaks(wrong.text, set())
    huge_groups = call(base, "POST", "/search", headers("a", ",".join(["g"] * 5000)), json=body)
    assert huge_groups.status_code in (400, 431)


def test_another_tenants_documents_and_jobs_do_not_exist(server: tuple[str, Path]) -> None:
    base, _ = server
    a_docs = httpx.get(f"{base}/documents", headers=headers("a", "hr", "restricted")).json()
    assert len(a_docs) == 4
    job = httpx.post(
        f"{base}/ingest",
        files=[("files", ("note.md", b"# Note\n\nA note of tenant a."))],
        headers=headers("a"),
        timeout=60,
    ).json()
    plain_caller = visible_markers("a", set(), "internal")
    for doc in a_docs:
        callers = [("b", "hr", "restricted")]
        if TITLES[doc["title"]] not in plain_caller:  # a's document a's plain caller cannot see
            callers.append(("a", None, None))
        for tenant, groups, clearance in callers:
            response = call(
                base, "DELETE", f"/documents/{doc['id']}", headers(tenant, groups, clearance)
            )
            assert response.status_code == 404
            assert not leaks(response.text, set())
    other = httpx.get(f"{base}/jobs/{job['id']}", headers=headers("b"), timeout=30)
    assert other.status_code == 404 and "note.md" not in other.text
    assert wait(base, job["id"], "a")["state"] == "done"
    after = httpx.get(f"{base}/documents", headers=headers("a", "hr", "restricted")).json()
    assert {d["id"] for d in a_docs} <= {d["id"] for d in after}  # nothing was deleted


def test_the_api_key_is_a_bearer_token(server: tuple[str, Path]) -> None:
    base, _ = server
    for value in (None, "", KEY, f"Basic {KEY}", "Bearer", "Bearer wrong", f"Bearer  {KEY}x"):
        hdrs = {"X-Graphrag-Tenant": "a"}
        if value is not None:
            hdrs["Authorization"] = value
        response = httpx.get(f"{base}/documents", headers=hdrs, timeout=30)
        assert response.status_code == 401, value
        assert response.headers["www-authenticate"] == "Bearer"
        assert KEY not in response.text
    ok = httpx.get(
        f"{base}/documents",
        headers={"X-Graphrag-Tenant": "a", "Authorization": f"bearer {KEY}"},
        timeout=30,
    )
    assert ok.status_code == 200


def test_the_operators_view_needs_the_server_files_token(server: tuple[str, Path]) -> None:
    base, root = server
    announced = root / "data" / "server.json"
    assert announced.stat().st_mode & 0o777 == 0o600  # readable by the service's user only
    token = json.loads(announced.read_text())["token"]
    operator_only: list[tuple[str, str, dict[str, Any]]] = [
        ("GET", "/admin/status", {}),
        ("GET", "/admin/points", {}),
        ("GET", "/admin/documents", {}),
        ("DELETE", "/admin/documents", {"params": {"document": "/etc/passwd"}}),
        ("POST", "/admin/ingest", {"json": {"paths": ["/etc"], "tenant": "a"}}),
        ("POST", "/search", {"json": {"query": "Kennwort", "explain": True}}),
        ("POST", "/ask", {"json": {"question": "Kennwort?", "explain": True}}),
        *[(m, p, kw) for m, p, kw in ENDPOINTS if p != "/status"],
    ]
    everything = {"X-Graphrag-All-Access": "true"}
    for bearer in (KEY, f"{token}x", token[:-1], "null"):
        for method, path, kw in operator_only:
            hdrs = {"Authorization": f"Bearer {bearer}", "X-Graphrag-Tenant": "a", **everything}
            response = call(base, method, path, hdrs, **kw)
            assert response.status_code == 401, (bearer, path, response.text)
            assert not leaks(response.text, set()) and token not in response.text
    # the token is the operator's: every tenant's documents, as `graphrag documents` lists them
    listed = call(base, "GET", "/admin/documents", {"Authorization": f"Bearer {token}"})
    assert listed.status_code == 200
    assert {d["tenant"] for d in listed.json()} == {"a", "b"}
    # even the operator names a tenant or asks for everything: no header is no caller
    bare = call(base, "POST", "/search", {"Authorization": f"Bearer {token}"}, json={"query": "x"})
    assert bare.status_code == 401


def test_hostile_uploads_and_names(server: tuple[str, Path], tmp_path: Path) -> None:
    base, root = server
    name = "b" * 300 + ".md"
    job = upload(base, "b", [(name, b"# Long\n\nA file with a very long name.")])
    assert job["state"] == "done" and job["report"]["documents"] == 1
    saved = [p for p in (root / "data" / "uploads" / "b").rglob("*.md") if p.name.startswith("bbb")]
    assert saved and all(len(p.name.encode()) <= 200 and p.suffix == ".md" for p in saved)
    assert all(oct(p.stat().st_mode & 0o777) == "0o600" for p in saved)
    assert oct((root / "data" / "uploads").stat().st_mode & 0o777) == "0o700"
    for folder in ("vectors", "cache", "graph"):
        assert oct((root / "data" / folder).stat().st_mode & 0o777) == "0o700", folder


def test_searches_go_on_while_a_hostile_job_runs(server: tuple[str, Path], tmp_path: Path) -> None:
    """A job with a file that takes the whole time budget: searches keep their latency."""
    base, _ = server
    make = HOSTILE["brackets.md"][1]
    make(tmp_path / "brackets.md")
    files = [
        ("brackets.md", (tmp_path / "brackets.md").read_bytes()),
        ("fine.md", b"# Fine\n\nA normal file beside the hostile one."),
    ]
    response = httpx.post(
        f"{base}/ingest", files=[("files", f) for f in files], headers=headers("b")
    )
    job_id = response.json()["id"]
    latencies: list[float] = []
    done = threading.Event()

    def finish() -> None:
        wait(base, job_id, "b")
        done.set()

    threading.Thread(target=finish, daemon=True).start()
    while not done.is_set():
        start = time.monotonic()
        found = call(base, "POST", "/search", headers("b"), json={"query": "Protokoll Sitzung"})
        latencies.append(time.monotonic() - start)
        assert found.status_code == 200 and "ECHOWORD" in found.text
    job = wait(base, job_id, "b")
    errors = {e["path"]: e["error"] for e in job["report"]["errors"]}
    assert errors.keys() == {"brackets.md"}, errors
    assert job["report"]["documents"] == 1
    # the job took the 8 s budget; searches ran all along, not after it
    assert len(latencies) >= 5
    assert statistics.median(latencies) < 2.0 and max(latencies) < 8.0
