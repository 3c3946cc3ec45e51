"""Neo4j Browser on the embedded graph: while ``graphrag serve`` runs, a Neo4j client connects
to the fixed Bolt port with the data directory's root password, loads the style and guide the
service hands out, and every query of the guide runs on the real graph."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import httpx
import neo4j
import pytest

from tests.e2e.cli import cli, free_port, serving

pytestmark = pytest.mark.e2e

_BLOCK = re.compile(r'<pre class="pre-scrollable code runnable">(.*?)</pre>', re.S)
_PARAM = re.compile(r"^:param (\w+) => '([^']*)'$")


def test_browser_connects_to_the_embedded_graph_and_runs_the_guide(
    tmp_path: Path, shared_data: Path
) -> None:
    laws = shared_data / "corpus" / "de-arbeitsrecht"
    data = tmp_path / "data"
    added = cli("ingest", str(laws / "kschg.md"), str(laws / "tzbfg.md"), "--json", data_dir=data)
    assert added.returncode == 0 and json.loads(added.stdout)["documents"] == 2, added.stderr
    bolt = free_port()
    with serving(data, GRAPHRAG_ARCADEDB_BOLT_PORT=str(bolt)) as base:
        guide = httpx.get(f"{base}/browser/guide.html", headers={"Origin": "http://x:7474"})
        style = httpx.get(f"{base}/browser/graphrag.grass")
        assert guide.status_code == 200 and style.status_code == 200
        assert guide.headers["access-control-allow-origin"] == "*"
        assert guide.headers["content-type"].startswith("text/html")
        assert f":style {base}/browser/graphrag.grass" in guide.text  # points at this service
        for label in ("Document", "Section", "Chunk", "Entity"):
            assert f"node.{label} {{" in style.text
        for wrong in ("x.html", "..%2Fapp.py", "%2e%2e%2fkeys.py"):
            assert httpx.get(f"{base}/browser/{wrong}").status_code == 404

        # what README tells a Neo4j Browser / cypher-shell user: the port, root, the password
        # file, the database
        password = (data / "graph" / "root_password").read_text(encoding="utf-8").strip()
        params: dict[str, str] = {}
        rows_of: dict[str, list[dict]] = {}
        with (
            neo4j.GraphDatabase.driver(
                f"bolt://127.0.0.1:{bolt}", auth=("root", password)
            ) as driver,
            driver.session(database="graphrag") as session,
        ):
            for block in _BLOCK.findall(guide.text):
                statement = html.unescape(block).strip()
                if statement.startswith(":style"):
                    continue
                if (param := _PARAM.match(statement)) is not None:
                    params[param.group(1)] = param.group(2)
                    continue
                assert not statement.startswith(":"), statement
                rows_of[statement] = session.run(statement, params).data()
    assert len(rows_of) >= 12

    def rows(start: str) -> list[dict]:
        return next(r for s, r in rows_of.items() if s.startswith(start))

    documents = rows("MATCH (d:Document)")
    assert {r["document"] for r in documents} >= {"Kündigungsschutzgesetz"}
    assert all(r["chunks"] > 0 for r in documents)
    assert rows("MATCH p = (s:Section)-[:PARENT*1..6]->(d:Document {title: $document})")
    chunks = rows("MATCH (c:Chunk)-[:PARENT]->(s:Section {title: $section})\nRETURN")
    assert chunks and "drei Wochen" in " ".join(r["text"] for r in chunks)
    assert rows("MATCH (e:Entity {name: $entity})<-[m:MENTIONS]")
    cited = rows("MATCH (c:Chunk)-[:CITES]->(s:Section)")
    assert {(r["citing"], r["cited"]) for r in cited} >= {
        ("Gesetz über Teilzeitarbeit und befristete Arbeitsverträge", "Kündigungsschutzgesetz")
    }
    assert rows("MATCH (e:Entity)<-[:MENTIONS]-(c:Chunk)\nRETURN")  # hubs
