"""Keys that name their caller: a member key is its tenant whatever headers it sends, a proxy
key passes identity headers, an admin key is the operator; anything else gets nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from graphrag import GraphRAG
from graphrag.api import create_app
from graphrag.api.keys import ApiKeys, entry, new_key
from graphrag.errors import ConfigError

pytestmark = pytest.mark.integration

PROXY = "the-identity-proxys-key-0123456789"  # GRAPHRAG_API_KEY beside the keys file
KEYS = {
    "hr": ("acme", ["hr"], "confidential", False, False),
    "staff": ("acme", [], "internal", False, False),
    "other": ("beta", [], "internal", False, False),
    "proxy": (None, [], "internal", False, True),
    "ops": (None, [], "internal", True, False),
}


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict]]:
    root = tmp_path_factory.mktemp("keys")
    keys: dict[str, str] = {}
    lines = []
    for name, (tenant, groups, clearance, admin, proxy) in KEYS.items():
        key, digest = new_key()
        keys[name] = key
        lines.append(entry(name, digest, tenant, groups, clearance, admin, proxy))
    (root / "keys.toml").write_text("\n".join(lines))
    rag = GraphRAG(data_dir=root / "data", api_keys_file=root / "keys.toml", api_key=PROXY)
    with TestClient(create_app(rag)) as client:
        for tenant, name, text, acl in [
            ("acme", "open.md", "# Kantine\n\nDie Kantine öffnet um acht. OPENWORD.\n", ""),
            ("acme", "hr.md", "# Gehälter\n\nDie Gehälter steigen. HRWORD.\n", "hr"),
            ("beta", "beta.md", "# Beta\n\nBeta zieht um. BETAWORD.\n", ""),
        ]:
            job = client.post(
                "/ingest",
                files=[("files", (name, text.encode()))],
                data={"acl": acl},
                headers={"Authorization": f"Bearer {keys['proxy']}", "X-Graphrag-Tenant": tenant},
            )
            assert job.status_code == 202, job.text
            for _ in range(300):
                state = client.get(
                    f"/jobs/{job.json()['id']}",
                    headers={
                        "Authorization": f"Bearer {keys['proxy']}",
                        "X-Graphrag-Tenant": tenant,
                    },
                ).json()
                if state["state"] not in ("queued", "running"):
                    break
                time.sleep(0.2)
            assert state["state"] == "done", state
        yield client, keys


def titles(client: TestClient, key: str, **headers: str) -> set[str]:
    response = client.get("/documents", headers={"Authorization": f"Bearer {key}", **headers})
    assert response.status_code == 200, response.text
    return {d["title"] for d in response.json()}


def test_a_member_key_is_its_caller_whatever_headers_it_sends(
    service: tuple[TestClient, dict],
) -> None:
    client, keys = service
    assert titles(client, keys["hr"]) == {"Kantine", "Gehälter"}
    assert titles(client, keys["staff"]) == {"Kantine"}  # no group: no ACL'd document
    assert titles(client, keys["other"]) == {"Beta"}
    # spoofed identity headers do not move a member key to another tenant or group
    spoofed = {"X-Graphrag-Tenant": "beta", "X-Graphrag-Groups": "hr"}
    assert titles(client, keys["staff"], **spoofed) == {"Kantine"}
    found = client.post(
        "/search",
        json={"query": "Gehälter HRWORD BETAWORD", "k": 10},
        headers={"Authorization": f"Bearer {keys['staff']}", **spoofed},
    )
    assert "HRWORD" not in found.text and "BETAWORD" not in found.text


def test_unknown_keys_and_keys_without_the_right_get_nothing(
    service: tuple[TestClient, dict],
) -> None:
    client, keys = service
    for bearer in (None, "nope", keys["hr"] + "x", keys["hr"][:-1]):
        headers = {"X-Graphrag-Tenant": "acme"}
        if bearer is not None:
            headers["Authorization"] = f"Bearer {bearer}"
        response = client.get("/documents", headers=headers)
        assert response.status_code == 401, bearer
        assert "OPENWORD" not in response.text
    # the operator's view: admin keys only
    for name in ("hr", "staff", "proxy"):
        denied = client.get("/admin/documents", headers={"Authorization": f"Bearer {keys[name]}"})
        assert denied.status_code == 401, name
        everything = client.get(
            "/documents",
            headers={"Authorization": f"Bearer {keys[name]}", "X-Graphrag-All-Access": "true"},
        )
        assert everything.status_code == 401, name
    ops = client.get("/admin/documents", headers={"Authorization": f"Bearer {keys['ops']}"})
    assert ops.status_code == 200 and {d["tenant"] for d in ops.json()} == {"acme", "beta"}
    # a proxy key passes the identity headers it is given, and needs them
    assert titles(client, keys["proxy"], **{"X-Graphrag-Tenant": "beta"}) == {"Beta"}
    bare = client.get("/documents", headers={"Authorization": f"Bearer {keys['proxy']}"})
    assert bare.status_code == 401
    # GRAPHRAG_API_KEY beside a keys file is a proxy's key too
    assert titles(client, PROXY, **{"X-Graphrag-Tenant": "acme"}) == {"Kantine"}


def test_a_bad_keys_file_stops_the_start(tmp_path: Path) -> None:
    _, digest = new_key()
    for content, expected in [
        ("[[key]]\nname = 'x'\n", "sha256"),
        (f"[[key]]\nname = 'x'\nsha256 = '{digest}'\n", "names no tenant"),
        (f"[[key]]\nname = 'x'\nsha256 = '{digest}'\ntenant = '../b'\n", "tenant"),
        ("[keys]\n", "only [[key]]"),
        ("[[key]\n", "cannot be read"),
    ]:
        path = tmp_path / "keys.toml"
        path.write_text(content)
        with pytest.raises(ConfigError, match="GRAPHRAG_API_KEYS_FILE") as err:
            ApiKeys.load(path)
        assert expected in str(err.value)
