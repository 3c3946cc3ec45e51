"""While ``graphrag serve`` holds a data directory, the CLI runs its commands through it: the
same output as in process, no second start of the stores, and back in process once it stops."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.cli import cli, free_port, serving

pytestmark = pytest.mark.e2e

KEY = "team-proxy-key-0123456789"
SEARCH = ("search", "Wie viele Werktage Urlaub stehen mir zu?", "-k", "5", "--json")
ASK = ("ask", "Wie viele Werktage Urlaub habe ich mindestens?")
EXPLORE = [
    ("entities", "", "--limit", "5", "--json"),
    ("entities", "gesetz"),
    ("structure", "burlg.md", "--json"),
]


def ranked(result: dict[str, Any]) -> list[tuple[str, float]]:
    return [(r["chunk_id"], r["scores"]["final"]) for r in result["results"]]


def test_the_cli_runs_through_the_running_service(tmp_path: Path, shared_data: Path) -> None:
    laws = shared_data / "corpus" / "de-arbeitsrecht"
    data = tmp_path / "data"
    assert cli("ingest", str(laws / "burlg.md"), data_dir=data).returncode == 0
    alone = cli(*SEARCH, data_dir=data)
    asked_alone = cli(*ASK, data_dir=data)
    assert alone.returncode == 0 and asked_alone.returncode == 0, alone.stderr
    explored_alone = [cli(*command, data_dir=data) for command in EXPLORE]
    assert all(run.returncode == 0 for run in explored_alone), explored_alone
    tree = json.loads(explored_alone[2].stdout)
    assert tree["document"]["path"] == "burlg.md" and tree["sections"]
    assert any(s["title"].startswith("§ 3") for s in tree["sections"])
    law = json.loads(explored_alone[0].stdout)
    assert law and all(hit["chunks"] >= 1 for hit in law)
    shown = cli("graph", law[0]["entity"]["id"], data_dir=data)
    assert shown.returncode == 0 and law[0]["entity"]["name"] in shown.stdout

    with serving(data, GRAPHRAG_API_KEY=KEY) as base:
        announced = data / "server.json"
        assert stat.S_IMODE(announced.stat().st_mode) == 0o600
        assert KEY not in announced.read_text()

        # reads: the same ranking and the same answer, printed the same way
        served = cli(*SEARCH, data_dir=data)
        assert served.returncode == 0, served.stderr
        assert ranked(json.loads(served.stdout)) == ranked(json.loads(alone.stdout))
        asked = cli(*ASK, data_dir=data)
        assert asked.returncode == 0 and asked.stdout == asked_alone.stdout
        assert "24 Werktage" in asked.stdout and "burlg.md" in asked.stdout
        # exploring the graph: the same through the service as in process
        for command, before in zip(EXPLORE, explored_alone, strict=True):
            through = cli(*command, data_dir=data)
            assert through.returncode == 0 and through.stdout == before.stdout, command
        nobody = cli(*EXPLORE[0], "--tenant", "other", data_dir=data)
        assert json.loads(nobody.stdout) == []
        status = cli("status", data_dir=data)
        assert base in status.stdout and "ArcadeDB" in status.stdout

        # the caller the CLI names is the caller the service filters for
        other = json.loads(cli(*SEARCH, "--tenant", "other", data_dir=data).stdout)
        assert other["results"] == []
        everyone = json.loads(cli(*SEARCH, "--all-access", data_dir=data).stdout)
        assert ranked(everyone) == ranked(json.loads(alone.stdout))
        explained = cli(*ASK, "--explain", data_dir=data)
        assert "analysis" in explained.stdout and "ranking" in explained.stdout

        # writes go through the service too, with the CLI's report
        added = cli("ingest", str(laws / "arbzg.md"), "--json", data_dir=data)
        assert added.returncode == 0, added.stderr
        assert json.loads(added.stdout)["documents"] == 1
        again = json.loads(cli("ingest", str(laws / "arbzg.md"), "--json", data_dir=data).stdout)
        assert again["documents"] == 0 and again["unchanged"] == 1
        listed = json.loads(cli("documents", "--json", data_dir=data).stdout)
        assert sorted(d["title"][:12] for d in listed) == ["Arbeitszeitg", "Mindesturlau"]
        gone = cli("delete", str(laws / "arbzg.md"), "--json", data_dir=data)
        assert gone.returncode == 0 and json.loads(gone.stdout)["chunks"] > 0
        assert len(json.loads(cli("documents", "--json", data_dir=data).stdout)) == 1

        # after a delete the service ranks as a fresh process does (BM25 forgets the points)
        after = cli(*SEARCH, data_dir=data)
        assert ranked(json.loads(after.stdout)) == ranked(json.loads(alone.stdout))

        # a conversation keeps its id across questions through the service
        chat = cli(
            "chat",
            data_dir=data,
            stdin="Wie viele Werktage Urlaub habe ich mindestens?\nUnd ab wann?\n",
        )
        assert chat.returncode == 0 and chat.stdout.count("[1]") >= 2, chat.stderr

        # a team member's CLI elsewhere: the proxy's key and a named tenant, no operator view
        member = {"GRAPHRAG_API_KEY": KEY}
        remote = cli("--server", base, *SEARCH, data_dir=tmp_path / "elsewhere", env=member)
        assert remote.returncode == 0, remote.stderr
        assert ranked(json.loads(remote.stdout)) == ranked(json.loads(after.stdout))
        refused = cli("--server", base, "documents", data_dir=tmp_path / "elsewhere", env=member)
        assert refused.returncode == 2 and "operator" in refused.stderr
        assert KEY not in refused.stderr

    assert not announced.exists()  # withdrawn when the service stopped
    nowhere = f"http://127.0.0.1:{free_port()}"
    down = cli("--server", nowhere, *SEARCH, data_dir=data)
    assert down.returncode == 1 and "does not answer" in down.stderr
    assert "Traceback" not in down.stderr
    back = cli(*SEARCH, data_dir=data)  # in process again
    assert ranked(json.loads(back.stdout)) == ranked(json.loads(after.stdout))


def test_a_server_file_of_a_stopped_service_is_ignored(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    # a service killed without its cleanup: its process is gone
    stale = {"url": f"http://127.0.0.1:{free_port()}", "token": "0" * 64, "pid": 2**22 + 7}
    (data / "server.json").write_text(json.dumps(stale))
    proc = cli("status", "--json", data_dir=data)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["vector_points"] == 0
