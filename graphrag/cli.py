"""The ``graphrag`` command. Errors are mapped to messages and exit codes here, in one place."""

from __future__ import annotations

import json
import logging
import os
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from graphrag.errors import GraphRAGError
from graphrag.sdk import GraphRAG
from graphrag.settings import load_settings

app = typer.Typer(
    name="graphrag",
    help="Graph-augmented retrieval over your documents (Neo4j/ArcadeDB + Qdrant).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
out = Console()
err = Console(stderr=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="print one JSON object")]


def _rag() -> GraphRAG:
    return GraphRAG(settings=load_settings())


@app.command()
def status(as_json: JsonFlag = False) -> None:
    """Start (or connect to) the stores and show what they hold."""
    with _rag() as rag:
        info = rag.status()
    if as_json:
        print(json.dumps(info))
        return
    table = Table(title="graphrag status", show_header=False)
    table.add_row("graph", info["graph"])
    table.add_row("vectors", info["vectors"])
    for key, value in info["graph_stats"].items():
        table.add_row(f"  {key}", str(value))
    table.add_row("  vector points", str(info["vector_points"]))
    out.print(table)


@app.command("lint-cypher")
def lint_cypher() -> None:
    """Check every statement in cypher/ with Neo4j's own analyser (needs Node)."""
    from graphrag.stores.graph import lint

    raise typer.Exit(lint.main())


def _configure_logging() -> None:
    level = os.environ.get("GRAPHRAG_LOG_LEVEL", "WARNING").upper()
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("neo4j").setLevel(max(logging.getLevelName(level), logging.ERROR))


def main(argv: list[str] | None = None) -> Any:
    _configure_logging()
    try:
        return app(args=argv, standalone_mode=True)
    except GraphRAGError as exc:
        err.print(f"[bold red]error:[/] {exc.message}", highlight=False)
        if exc.hint:
            err.print(f"  [yellow]->[/] {exc.hint}", highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
