"""One self-contained HTML file with a graph, for people with neither the service nor Neo4j
Browser: ``graphrag export --html out.html``. The page carries its data and Cytoscape.js
inline (no network, opens from disk) and draws documents, sections, chunks and entities with
their edges; a click shows a node's details, a kind can be hidden.

The graph is built from what the caller may see, through the same engine calls as
``graphrag graph`` and ``graphrag structure``: an entity's neighbourhood (its mentions, their
documents, its relations), a document's section tree, or, with neither named, the most
mentioned entities with the documents that mention them and the relations between them.

>>> g = Graph()
>>> g.node("e1", "entity", "Urlaub", type="CONCEPT")
>>> g.node("e1", "entity", "again")  # the first label stays
>>> g.edge("e1", "d1", "MENTIONED_IN"); g.edge("e1", "d1", "MENTIONED_IN")
>>> len(g.nodes), len(g.edges), g.nodes["e1"]["label"]
(1, 1, 'Urlaub')
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WEB = Path(__file__).parent / "api" / "web"


@dataclass
class Graph:
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: dict[tuple[str, str, str, str], dict[str, Any]] = field(default_factory=dict)

    def node(self, node_id: str, kind: str, label: str, **extra: Any) -> None:
        if node_id not in self.nodes:
            data = {"id": node_id, "kind": kind, "label": label}
            self.nodes[node_id] = data | {k: v for k, v in extra.items() if v not in (None, "")}

    def edge(self, source: str, target: str, kind: str, relation: str = "") -> None:
        key = (source, target, kind, relation)
        if key not in self.edges:
            data = {"source": source, "target": target, "kind": kind}
            self.edges[key] = data | ({"type": relation} if relation else {})

    def as_json(self) -> dict[str, list[dict[str, Any]]]:
        # an edge whose end is not drawn would make the drawing fail
        edges = [e for e in self.edges.values() if {e["source"], e["target"]} <= set(self.nodes)]
        return {"nodes": list(self.nodes.values()), "edges": edges}


def add_entity(graph: Graph, view: dict[str, Any], *, with_chunks: bool = True) -> None:
    """An ``EntityView`` (JSON): the entity, its relations' other ends, and where it is
    mentioned (the chunks with their documents, or only the documents)."""
    entity = view["entity"]
    graph.node(entity["id"], "entity", entity["name"], type=entity["type"])
    for mention in view["mentions"]:
        graph.node(mention["doc_id"], "document", mention["title"], path=mention.get("path"))
        if with_chunks:
            where = " > ".join([mention["title"], *mention["section"]])
            graph.node(
                mention["chunk_id"],
                "chunk",
                " ".join(mention["text"].split())[:80],
                text=mention["text"],
                where=where,
                page=mention.get("page"),
            )
            graph.edge(mention["chunk_id"], entity["id"], "MENTIONS")
            graph.edge(mention["chunk_id"], mention["doc_id"], "PARENT")
        else:
            graph.edge(entity["id"], mention["doc_id"], "MENTIONED_IN")
    for relation in view["relations"]:
        other = relation["other"]
        graph.node(other["id"], "entity", other["name"], type=other["type"])
        graph.edge(relation["source_id"], relation["target_id"], "RELATED_TO", relation["type"])


def add_structure(graph: Graph, tree: dict[str, Any]) -> None:
    """A ``DocumentStructure`` (JSON): the document and its sections, each under its parent."""
    doc = tree["document"]
    graph.node(doc["id"], "document", doc["title"], path=doc.get("path") or doc.get("source"))
    for section in tree["sections"]:
        pages = section.get("page_start")
        graph.node(
            section["id"],
            "section",
            section["title"],
            chunks=section["chunks"],
            page=pages,
            where=" > ".join([doc["title"], *section["path"]]),
        )
        graph.edge(section["id"], section.get("parent_id") or doc["id"], "PARENT")


def render(graph: Graph, title: str) -> str:
    """The page: the template with the graph and Cytoscape.js inline."""
    template = (WEB / "export.html").read_text(encoding="utf-8")
    library = (WEB / "vendor" / "cytoscape.min.js").read_text(encoding="utf-8")
    data = json.dumps({"title": title, **graph.as_json()}, ensure_ascii=False)
    # "</script>" in a name or a chunk's text would end the script element early
    data = data.replace("</", "<\\/").replace("<!--", "<\\!--")
    library = library.replace("</script", "<\\/script")
    return (
        template.replace("{{title}}", html.escape(title))
        .replace("/*{{cytoscape}}*/", library)
        .replace("/*{{graph}}*/null", data)
    )
