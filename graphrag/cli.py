"""The ``graphrag`` command. Errors are mapped to messages and exit codes here, in one place.

While ``graphrag serve`` runs on the data directory, the commands that read or change it run
through that service (``graphrag.engine``): the same output, without opening the stores again.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Column, Table

from graphrag.engine import Engine, Event, open_engine
from graphrag.errors import ConfigError, GraphRAGError, InputError
from graphrag.settings import Settings, load_settings
from graphrag.views import citation_lines
from schemas import VISIBILITIES, AccessFilter
from schemas.access import DEFAULT_CLEARANCE, DEFAULT_TENANT

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
# the global options (--data-dir, --server), over the environment's settings
_overrides: dict[str, object] = {}


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        print(f"graphrag {version('graphrag')}")
        raise typer.Exit()


@app.callback()
def _options(
    data_dir: Annotated[
        Path | None,
        typer.Option("--data-dir", help="where the stores live (GRAPHRAG_DATA_DIR; ./.graphrag)"),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            help="run through this graphrag serve (GRAPHRAG_SERVER_URL); by default through the "
            "one serving the data directory, if any, else in process",
        ),
    ] = None,
    _: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_version, help="print the version"),
    ] = False,
) -> None:
    if data_dir is not None:
        _overrides["data_dir"] = data_dir
    if server is not None:
        _overrides["server_url"] = server


def _settings() -> Settings:
    return load_settings(**_overrides)


def _engine() -> AbstractContextManager[Engine]:
    return open_engine(_settings())


@app.command()
def status(as_json: JsonFlag = False) -> None:
    """Start (or connect to) the stores and show what they hold."""
    with _engine() as engine:
        info = engine.status()
        where = engine.where
    if as_json:
        print(json.dumps(info))
        return
    table = Table(title="graphrag status", show_header=False)
    table.add_row("engine", escape(where))
    table.add_row("graph", escape(info["graph"]))
    table.add_row("vectors", escape(info["vectors"]))
    for key, value in info["graph_stats"].items():
        table.add_row(f"  {key}", str(value))
    table.add_row("  vector points", str(info["vector_points"]))
    out.print(table)


class _Bars:
    """Rich progress bars on stderr, one per stage."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tasks: dict[str, TaskID] = {}

    def stage(self, name: str, total: int | None = None) -> None:
        if name in self.tasks:
            self.progress.reset(self.tasks[name], total=total)
        else:
            self.tasks[name] = self.progress.add_task(name, total=total)

    def advance(self, name: str, n: int = 1, detail: str = "") -> None:
        if name in self.tasks:
            self.progress.update(
                self.tasks[name], advance=n, description=f"{name} {detail}".strip()
            )


@app.command()
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="files and folders")],
    tenant: Annotated[str, typer.Option(help="tenant the documents belong to")] = "default",
    visibility: Annotated[str, typer.Option(help="public|internal|confidential|restricted")] = (
        "internal"
    ),
    acl: Annotated[list[str], typer.Option(help="group allowed to read (repeatable)")] = [],  # noqa: B006
    include: Annotated[list[str], typer.Option(help="glob to include (repeatable)")] = [],  # noqa: B006
    exclude: Annotated[list[str], typer.Option(help="glob to exclude (repeatable)")] = [],  # noqa: B006
    recursive: Annotated[bool, typer.Option(help="descend into folders")] = True,
    workers: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="parse, chunk and embed on this many Ray workers (0: in this process; "
            "default GRAPHRAG_INGEST_WORKERS)",
        ),
    ] = None,
    ray_address: Annotated[
        str | None,
        typer.Option(
            help="join this Ray cluster (auto, host:6379, ray://host:10001) instead of "
            "starting a local Ray; without --workers, one worker per CPU of the cluster"
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Ingest documents. Exit 0: all ingested or unchanged; 1: some failed; 2: bad usage."""
    if visibility not in VISIBILITIES:
        raise InputError(f"--visibility {visibility!r} is not one of {', '.join(VISIBILITIES)}")
    with _engine() as engine:
        columns = (
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=err, transient=True, disable=as_json) as bars:
            report = engine.ingest(
                paths,
                tenant=tenant,
                visibility=visibility,
                acl=acl,
                include=include,
                exclude=exclude,
                recursive=recursive,
                progress=_Bars(bars),
                workers=workers,
                ray_address=ray_address,
            )
    if as_json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        table = Table(title="ingested", show_header=False)
        for key in ("documents", "sections", "chunks", "entities", "relations", "unchanged"):
            table.add_row(key, str(report[key]))
        table.add_row(
            "time per stage (s)",
            ", ".join(f"{k} {v:.1f}" for k, v in report.get("timings_s", {}).items()),
        )
        out.print(table)
        for e in report["errors"]:
            err.print(f"[red]failed[/] {escape(e['error'])}", highlight=False)
    raise typer.Exit(1 if report["errors"] else 0)


@app.command()
def documents(
    tenant: Annotated[str | None, typer.Option(help="only this tenant's documents")] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the ingested documents."""
    with _engine() as engine:
        # the operator's inventory: every document of the data directory, or of one tenant
        docs = engine.documents(tenant)
    if as_json:
        print(json.dumps(docs, ensure_ascii=False))
        return
    table = Table("id", "title", "source", "tenant", "chunks", "version")
    for d in docs:
        table.add_row(
            d["id"],
            escape(d["title"]),
            escape(d["source"]),
            escape(d["tenant"]),
            str(d["chunks"]),
            str(d["version"]),
        )
    out.print(table)


@app.command()
def delete(
    document: Annotated[str, typer.Argument(help="document id or source path")],
    as_json: JsonFlag = False,
) -> None:
    """Delete a document and everything only it owns."""
    with _engine() as engine:
        report = engine.delete(document)
    if as_json:
        print(json.dumps(report))
    else:
        out.print(
            f"deleted {report['chunks']} chunks, {report['sections']} sections, "
            f"{report['entities']} orphan entities of {escape(report['doc_id'])}",
            highlight=False,
        )


@app.command()
def entities(
    query: Annotated[str, typer.Argument(help="part of a name, any case; empty lists all")] = "",
    limit: Annotated[int, typer.Option(help="at most this many")] = 20,
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """Find entities by name, most mentioned first, with how many chunks and documents mention
    them (as one caller sees them: see ``graphrag search --help``)."""
    access = _access(tenant, group, clearance, all_access)
    with _engine() as engine:
        hits = engine.entities(query, limit=limit, access=access)
    if as_json:
        print(json.dumps(hits, ensure_ascii=False))
        return
    # the whole id: it is what ``graphrag graph`` takes
    table = Table(
        Column("id", overflow="fold"),
        Column("name", overflow="fold"),
        "type",
        "chunks",
        "documents",
    )
    for h in hits:
        e = h["entity"]
        table.add_row(e["id"], escape(e["name"]), e["type"], str(h["chunks"]), str(h["documents"]))
    out.print(table)


@app.command()
def graph(
    entity_id: Annotated[str, typer.Argument(help="an entity id (graphrag entities shows them)")],
    limit: Annotated[int, typer.Option(help="at most this many mentions and relations")] = 20,
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """One entity's neighbourhood: where it is mentioned and how it is related."""
    access = _access(tenant, group, clearance, all_access)
    with _engine() as engine:
        view = engine.entity(entity_id, limit=limit, access=access)
    if as_json:
        print(json.dumps(view, ensure_ascii=False))
        return
    e = view["entity"]
    out.print(
        f"[bold]{escape(e['name'])}[/] ({e['type']}), mentioned in {view['chunks']} chunks of "
        f"{view['documents']} documents",
        highlight=False,
    )
    if len(e["aliases"]) > 1:
        out.print("also: " + ", ".join(a for a in e["aliases"] if a != e["name"]), markup=False)
    for m in view["mentions"]:
        where = " > ".join([m["title"], *m["section"]])
        page = f" p.{m['page']}" if m["page"] else ""
        out.print(f"[cyan]{escape(where)}{page}[/]", highlight=False)
        out.print("    " + m["text"], highlight=False, markup=False)
    for r in view["relations"]:
        arrow = "→" if r["source_id"] == e["id"] else "←"
        other = r["other"]
        out.print(
            f"{arrow} {r['type']} {escape(other['name'])} ({other['type']}, {other['id']}), "
            f"stated in {len(r['evidence'])} chunks",
            highlight=False,
        )


@app.command()
def structure(
    document: Annotated[str, typer.Argument(help="document id or source path")],
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    as_json: JsonFlag = False,
) -> None:
    """A document's sections in reading order, with their chunks and pages."""
    access = _access(tenant, group, clearance, all_access)
    with _engine() as engine:
        tree = engine.structure(document, access=access)
    if as_json:
        print(json.dumps(tree, ensure_ascii=False))
        return
    doc = tree["document"]
    out.print(
        f"[bold]{escape(doc['title'])}[/] ({escape(doc['path'] or doc['source'])}), "
        f"{tree['chunks']} chunks",
        highlight=False,
    )
    top = min((s["level"] for s in tree["sections"]), default=0)
    for s in tree["sections"]:
        pages = ""
        if s["page_start"]:
            end = s["page_end"] or s["page_start"]
            pages = f", p.{s['page_start']}" + (f"-{end}" if end != s["page_start"] else "")
        indent = "  " * (s["level"] - top)
        out.print(
            f"{indent}{escape(s['title'])} [dim]({s['chunks']} chunks{pages})[/]",
            highlight=False,
        )


@app.command()
def export(
    html_file: Annotated[Path, typer.Option("--html", help="the HTML file to write")],
    entity: Annotated[
        list[str], typer.Option(help="an entity id: its neighbourhood (repeatable)")
    ] = [],  # noqa: B006
    doc: Annotated[
        list[str], typer.Option(help="a document id or source path: its sections (repeatable)")
    ] = [],  # noqa: B006
    top: Annotated[int, typer.Option(help="with no --entity or --doc: this many entities")] = 25,
    limit: Annotated[int, typer.Option(help="mentions and relations per entity")] = 20,
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
) -> None:
    """One self-contained HTML file with a graph (opens from disk, no network): an entity's
    neighbourhood, a document's sections, or the most mentioned entities with their documents."""
    from graphrag.html_export import Graph, add_entity, add_structure, render

    access = _access(tenant, group, clearance, all_access)
    graph = Graph()
    with _engine() as engine:
        for entity_id in entity:
            add_entity(graph, engine.entity(entity_id, limit=limit, access=access))
        for document in doc:
            add_structure(graph, engine.structure(document, access=access))
        if not entity and not doc:
            for hit in engine.entities("", limit=top, access=access):
                view = engine.entity(hit["entity"]["id"], limit=limit, access=access)
                add_entity(graph, view, with_chunks=False)
    names = [*entity, *doc] or [f"the {top} most mentioned entities"]
    page = render(graph, f"graphrag: {', '.join(names)}")
    partial = html_file.with_name(f".{html_file.name}.partial")
    partial.write_text(page, encoding="utf-8")
    partial.replace(html_file)  # a reader never sees half a file
    counts = graph.as_json()
    out.print(
        f"wrote {escape(str(html_file))}: {len(counts['nodes'])} nodes, "
        f"{len(counts['edges'])} edges",
        highlight=False,
        soft_wrap=True,
    )


def _filters(doc: list[str], kind: list[str], language: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if doc:
        out["doc_ids"] = doc
    if kind:
        out["kinds"] = kind
    if language:
        out["languages"] = language
    return out


DocOpt = Annotated[list[str], typer.Option("--doc", help="only this document id (repeatable)")]
KindOpt = Annotated[list[str], typer.Option("--kind", help="paragraph|table|list|... (repeatable)")]
LangOpt = Annotated[list[str], typer.Option("--language", help="only chunks in this language")]
TenantOpt = Annotated[str, typer.Option(help="search as this tenant")]
GroupOpt = Annotated[list[str], typer.Option("--group", help="caller's group (repeatable)")]
ClearanceOpt = Annotated[
    str,
    typer.Option(
        help="highest visibility the caller may read: public|internal|confidential|restricted"
    ),
]
AllAccessOpt = Annotated[
    bool,
    typer.Option("--all-access", help="the operator's view: every tenant, visibility and group"),
]
GraphOpt = Annotated[
    bool | None,
    typer.Option("--graph/--no-graph", help="force the graph walk, or switch graph refinement off"),
]


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="what to look for")],
    k: Annotated[int, typer.Option("-k", help="number of results")] = 10,
    doc: DocOpt = [],  # noqa: B006
    kind: KindOpt = [],  # noqa: B006
    language: LangOpt = [],  # noqa: B006
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    graph: GraphOpt = None,
    as_json: JsonFlag = False,
) -> None:
    """Hybrid search with graph refinement; prints ranked chunks with every stage's score.

    You search as one caller: ``--tenant`` (default "default"), its ``--group``s (none: only
    documents without an ACL) and ``--clearance`` (default internal)."""
    access = _access(tenant, group, clearance, all_access)
    with _engine() as engine:
        _require_documents(engine)
        result = engine.search(
            query, k=k, filters=_filters(doc, kind, language), access=access, use_graph=graph
        )
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    _print_reading(result)
    for i, r in enumerate(result["results"], 1):
        where = " > ".join(part for part in (r["title"], r["section"]) if part)
        page = f" p.{r['page']}" if r["page"] else ""
        via = ",".join(p["via"] or p["source"] for p in r["provenance"])
        out.print(
            f"[bold]{i:2d}.[/] {r['scores']['final']:.3f} [cyan]{escape(where)}{page}[/] "
            f"({escape(via)})",
            highlight=False,
        )
        out.print("    " + r["text"][:240].replace("\n", " "), highlight=False, markup=False)
    out.print(f"[dim]{escape(str(result['timings_ms']))}[/]")


@app.command()
def ask(
    question: Annotated[str, typer.Argument(help="the question")],
    k: Annotated[int, typer.Option("-k", help="evidence chunks to consider")] = 8,
    doc: DocOpt = [],  # noqa: B006
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    graph: GraphOpt = None,
    explain: Annotated[bool, typer.Option("--explain", help="show every stage")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Answer a question with citations [n] to document, section and page (as one caller:
    see ``graphrag search --help`` for --tenant, --group and --clearance)."""
    access = _access(tenant, group, clearance, all_access)
    with _engine() as engine:
        _require_documents(engine)
        # the answer is printed as it is written; --json waits for the whole object
        answer, explained = _print_stream(
            engine.ask(
                question,
                k=k,
                filters=_filters(doc, [], []),
                access=access,
                use_graph=graph,
                explain=explain,
            ),
            quiet=as_json,
        )
    if as_json:
        print(json.dumps(answer, ensure_ascii=False))
        return
    out.print()
    out.print()
    for line in citation_lines(answer):
        out.print(line, highlight=False, markup=False)
    if explain:
        _explain(explained)


@app.command()
def chat(
    k: Annotated[int, typer.Option("-k", help="evidence chunks to consider")] = 8,
    doc: DocOpt = [],  # noqa: B006
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
    graph: GraphOpt = None,
) -> None:
    """Ask question after question, one per line (an empty line or end of input stops); a
    follow-up ("Und bei mehr als neun Stunden?") is read with the question before it."""
    access = _access(tenant, group, clearance, all_access)
    conversation: str | None = None
    with _engine() as engine:
        _require_documents(engine)
        prompt = sys.stdin.isatty()
        while True:
            if prompt:
                err.print("[bold]?[/] ", end="")
            line = sys.stdin.readline()
            question = line.strip()
            if not question:
                break
            events = engine.ask(
                question,
                k=k,
                filters=_filters(doc, [], []),
                access=access,
                use_graph=graph,
                conversation=conversation,
                chat=True,
            )
            answer, _ = _print_stream(events, quiet=False)
            conversation = answer.get("conversation_id")
            out.print()
            for cited in citation_lines(answer):
                out.print(cited, highlight=False, markup=False)
            out.print()


def _print_stream(events: Iterator[Event], *, quiet: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """Print an answer's text as it is written (unless ``quiet``); the whole answer and the
    search it read."""
    answer: dict[str, Any] | None = None
    search: dict[str, Any] | None = None
    for kind, payload in events:
        if kind == "search":
            search = payload
            if not quiet:
                _print_reading(payload)
        elif kind == "token" and not quiet:
            out.print(payload["text"], end="", highlight=False, markup=False, soft_wrap=True)
            out.file.flush()
        elif kind == "restart" and not quiet:
            out.print("\n[dim]…searching again with what the graph found…[/]")
        elif kind == "answer":
            answer = payload
    if answer is None or search is None:
        raise GraphRAGError("the answer stream ended early", hint="try again")
    return answer, search


def _print_reading(search: dict[str, Any]) -> None:
    """The question as searched, when misspelled words were read as the words meant."""
    read_as = search.get("read_as")
    if read_as:
        from ingestion.language import detect

        label = "Gelesen als" if detect(read_as, default="en") == "de" else "Read as"
        out.print(f"[dim]{label}: {escape(read_as)}[/]", highlight=False)


def _access(tenant: str, groups: list[str], clearance: str, all_access: bool) -> AccessFilter:
    if all_access:
        return AccessFilter.everything()
    if clearance not in VISIBILITIES:
        raise InputError(f"--clearance {clearance!r} is not one of {', '.join(VISIBILITIES)}")
    try:
        return AccessFilter.caller(tenant, groups, clearance)
    except ValidationError as exc:
        raise InputError(_first_error(exc), hint="see --help for the allowed values") from None


def _first_error(exc: ValidationError) -> str:
    return str(exc.errors()[0]["msg"]).removeprefix("Value error, ")


def _explain(result: dict[str, Any]) -> None:
    a = result.get("analysis") or {}
    out.rule("analysis")
    linked = [
        (e["mention"], e["entity"]["name"] if e.get("entity") else None)
        for e in a.get("entities", [])
    ]
    out.print(
        f"language={a.get('language')} type={a.get('query_type')} "
        f"multi_hop={a.get('multi_hop')} walk_graph={a.get('walk_graph')} entities={linked}",
        highlight=False,
        markup=False,
    )
    out.rule("ranking (final, fused, graph, rerank, dense, sparse, best sentence; provenance)")

    def rounded(value: float | None, digits: int) -> float | None:
        return value and round(value, digits)

    for i, r in enumerate(result["results"], 1):
        s = r["scores"]
        prov = "; ".join(
            f"{p['source']}:{p['via'] or ''}"
            f"{'->' + '/'.join(p['through']) if p.get('through') else ''}"
            for p in r["provenance"]
        )
        # the best sentence's cosine, where the answer's evidence was ordered by it
        best = "" if s.get("sentence") is None else f" b={rounded(s['sentence'], 3)}"
        out.print(
            f"{i:2d}. {s['final']:.3f} f={s['fused']} g={rounded(s['graph'], 4)} "
            f"r={rounded(s['rerank'], 3)} d={rounded(s['dense'], 3)} "
            f"s={rounded(s['sparse'], 2)}{best} | {r['title']} > {r['section']} | {prov}",
            highlight=False,
            markup=False,
        )
    if result.get("paths"):
        out.rule("graph paths")
        for names in result["paths"]:
            out.print(" -> ".join(names), highlight=False, markup=False)
    out.print(str(result["timings_ms"]), style="dim", highlight=False, markup=False)


def _require_documents(engine: Engine) -> None:
    if not engine.has_documents():
        raise InputError("no documents are ingested yet", hint="run: graphrag ingest PATH...")


@app.command("eval")
def eval_(
    spec: Annotated[
        str, typer.Argument(help="hotpotqa:FILE, musique:FILE, beir:DIR, squad:FILE, golden:FILE")
    ],
    k: Annotated[str, typer.Option("--k", help="cut-offs, comma-separated")] = "1,2,5,10",
    limit: Annotated[int | None, typer.Option(help="only the first N questions")] = None,
    baselines: Annotated[str, typer.Option(help="bm25,dense or none")] = "bm25,dense",
    embedder: Annotated[str | None, typer.Option(help="e5-small, use-multilingual, st:<m>")] = None,
    reranker: Annotated[str | None, typer.Option(help="none, nanoranker, ce:<model>")] = None,
    no_graph: Annotated[
        bool, typer.Option("--no-graph", help="switch graph refinement off")
    ] = False,
    chunk_size: Annotated[int | None, typer.Option(help="target chunk size in tokens")] = None,
    split: Annotated[str, typer.Option(help="BEIR qrels split")] = "train",
    answers: Annotated[
        bool, typer.Option("--answers", help="also generate and score answers")
    ] = False,
    report: Annotated[Path | None, typer.Option(help="write a Markdown report here")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Evaluate retrieval (and answers) on a golden set, with baselines side by side."""
    from graphrag.eval.datasets import load
    from graphrag.eval.report import write_report
    from graphrag.eval.runner import EvalConfig, EvalRunner

    try:
        ks = sorted({int(x) for x in k.split(",") if x.strip()})
    except ValueError:
        raise InputError(f"--k {k!r} is not a list of numbers", hint="e.g. --k 1,5,10") from None
    settings = _settings()
    config = EvalConfig(
        ks=ks,
        baselines=[b for b in baselines.split(",") if b and b != "none"],
        embedder=embedder or settings.embedder,
        reranker=reranker or settings.reranker,
        graph=not no_graph and settings.graph_refinement,
        chunk_size=chunk_size,
        answers=answers,
    )
    evalset = load(spec, split=split, limit=limit)
    columns = (
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True) as bars:
        run = EvalRunner(evalset, config, settings.data_dir / "eval", progress=_Bars(bars)).run()
    if report is not None:
        path = write_report(run, report)
        err.print(f"report: {path}")
    if as_json:
        print(json.dumps(run.summary(), ensure_ascii=False))
        return
    table = Table(title=f"{run.dataset} ({run.questions} questions)")
    keys = [key for key in run.metrics if key.startswith(("recall@", "ndcg", "mrr", "map"))]
    table.add_column("run")
    for key in keys:
        table.add_column(key)
    for name, values in {"system": run.metrics, **run.baselines}.items():
        table.add_row(name, *(f"{values.get(key, 0):.3f}" for key in keys))
    out.print(table)
    out.print(f"latency ms: {run.latency_ms}")


@app.command("eval-compare")
def eval_compare(
    a: Annotated[Path, typer.Argument(help="report folder or run.json")],
    b: Annotated[Path, typer.Argument(help="report folder or run.json")],
    out_file: Annotated[Path | None, typer.Option("--out", help="write Markdown here")] = None,
) -> None:
    """Two evaluation runs side by side."""
    from graphrag.eval.report import compare

    for p in (a, b):
        if not (p / "run.json" if p.is_dir() else p).exists():
            raise InputError(f"{p}: no run.json", hint="pass a folder written by eval --report")
    print(compare(a, b, out_file))


@app.command("lint-cypher")
def lint_cypher() -> None:
    """Check every statement in cypher/ with Neo4j's own analyser (needs Node)."""
    from graphrag.stores.graph import lint

    raise typer.Exit(lint.main())


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _configure_logging() -> None:
    level = os.environ.get("GRAPHRAG_LOG_LEVEL", "WARNING").strip().upper() or "WARNING"
    if level not in LOG_LEVELS:
        raise ConfigError(
            "GRAPHRAG_LOG_LEVEL",
            f"{level[:40]!r} is not one of {', '.join(LOG_LEVELS)}",
            hint="fix or unset GRAPHRAG_LOG_LEVEL",
        )
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    for noisy in ("neo4j", "pypdf", "pdfminer", "docling", "docling_core"):
        logging.getLogger(noisy).setLevel(max(logging.getLevelName(level), logging.ERROR))


@app.command("new-key")
def new_key(
    name: Annotated[str, typer.Option(help="who uses it (for the log; never the key)")],
    tenant: Annotated[str | None, typer.Option(help="the tenant its caller is")] = None,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    admin: Annotated[bool, typer.Option(help="the operator's view (every tenant)")] = False,
    proxy: Annotated[
        bool, typer.Option(help="a proxy's key: its identity headers are read")
    ] = False,
    append_to: Annotated[
        Path | None, typer.Option("--append-to", help="add the entry to this keys file")
    ] = None,
) -> None:
    """Make an API key for the keys file (GRAPHRAG_API_KEYS_FILE): the key is printed once,
    the file keeps only its SHA-256 and who it names."""
    from graphrag.api.keys import entry
    from graphrag.api.keys import new_key as make

    if tenant is None and not (admin or proxy):
        raise InputError("a key names a --tenant, or is --admin or --proxy")
    key, digest = make()
    try:
        lines = entry(name, digest, tenant, group, clearance, admin, proxy)
    except ValueError as exc:
        raise InputError(str(exc), hint="see graphrag new-key --help") from None
    if append_to is not None:
        descriptor = os.open(append_to, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(descriptor, "a", encoding="utf-8") as out:
            out.write("\n" + lines)
        err.print(f"added {escape(name)} to {escape(str(append_to))}", highlight=False)
    else:
        print(lines, flush=True)
    err.print("the key, shown once (the keys file keeps only its hash):", highlight=False)
    print(key)


@app.command()
def mcp(
    http: Annotated[
        bool, typer.Option("--http", help="streamable HTTP on --host/--port instead of stdio")
    ] = False,
    host: Annotated[str, typer.Option(help="with --http: a loopback address")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="with --http: the port")] = 8001,
    tenant: TenantOpt = DEFAULT_TENANT,
    group: GroupOpt = [],  # noqa: B006
    clearance: ClearanceOpt = DEFAULT_CLEARANCE,
    all_access: AllAccessOpt = False,
) -> None:
    """Serve retrieval tools to LLM agents over the Model Context Protocol: search,
    keyword_search, semantic_search, read_chunk, read_section, entity, path, documents, ask.

    Every tool reads as the caller named here (see ``graphrag search --help``). An agent host
    starts this command and talks to it over stdin/stdout; ``--http`` serves streamable HTTP
    on this machine only (it has no authentication of its own)."""
    import ipaddress

    from graphrag.mcp_server import serve as serve_mcp
    from graphrag.sdk import GraphRAG

    access = _access(tenant, group, clearance, all_access)
    if http:
        try:
            local = ipaddress.ip_address(host).is_loopback
        except ValueError:
            local = host == "localhost"
        if not local:
            raise InputError(
                f"--host {host!r}: the MCP endpoint has no authentication",
                hint="serve it on 127.0.0.1 and reach it through your agent host or a tunnel",
            )
    with GraphRAG(settings=_settings()) as rag:
        serve_mcp(rag, access, "streamable-http" if http else "stdio", host=host, port=port)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    allow_no_key: Annotated[
        bool,
        typer.Option(
            "--allow-no-key",
            help="listen beyond this machine without GRAPHRAG_API_KEY (anyone who reaches the "
            "port can claim any tenant)",
        ),
    ] = False,
) -> None:
    """Run the HTTP API (search, ask, documents, ingestion jobs with progress)."""
    import ipaddress

    import uvicorn

    from graphrag import server_file
    from graphrag.api import create_app
    from graphrag.sdk import GraphRAG

    settings = _settings()
    try:
        local = ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = host == "localhost"
    if (
        not local
        and settings.api_key is None
        and settings.api_keys_file is None
        and not allow_no_key
    ):
        raise ConfigError(
            "GRAPHRAG_API_KEY",
            f"serving on {host} without an API key would let anyone claim any tenant",
            hint="set GRAPHRAG_API_KEY (the identity proxy sends it), or pass --allow-no-key",
        )
    # the CLI on this machine finds the service, and its operator token, in the data directory
    local_host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    shown_host = f"[{local_host}]" if ":" in local_host else local_host
    announce = server_file.ServerInfo(
        url=f"http://{shown_host}:{port}", token=server_file.new_token(), pid=os.getpid()
    )
    app_ = create_app(GraphRAG(settings=settings), announce)
    uvicorn.run(app_, host=host, port=port, log_level="warning")


def main(argv: list[str] | None = None) -> Any:
    try:
        _configure_logging()
        return app(args=argv, standalone_mode=True)
    except GraphRAGError as exc:
        err.print(f"[bold red]error:[/] {escape(exc.message)}", highlight=False)
        if exc.hint:
            err.print(f"  [yellow]->[/] {escape(exc.hint)}", highlight=False)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":
    main()
