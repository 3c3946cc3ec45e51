"""The HTTP API over the SDK: search, ask, documents, and ingestion jobs with progress.

Identity: put the service behind the proxy that authenticates users; it passes the caller's
tenant, groups and clearance in headers (``graphrag.api.identity``), and every search, walk,
listing, delete and job is filtered by them; a request without a tenant gets 401. With
``GRAPHRAG_API_KEY`` set, every request except ``/health`` needs ``Authorization: Bearer
<key>`` (the proxy's key).

The local operator: ``graphrag serve`` writes its address and a token made for the run to
``<data_dir>/server.json`` (readable by its user only, ``graphrag.server_file``). A request
bearing that token is the operator, as the CLI in process is: it may ask for every tenant's
view (``X-Graphrag-All-Access: true``, refused from anyone else), list, delete and ingest local
paths (``/admin/...``) and see a search's analysis (``explain``). The CLI runs its commands so
while the service holds the stores.

The stores take one writer: an ingestion job holds the SDK's store lock only while it writes
one batch, so searches wait at most that long.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, File, Form, Header, Query, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi_offline import FastAPIOffline
from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from graphrag import server_file, telemetry
from graphrag.api.contract import (
    ERRORS,
    AnswerOut,
    DocumentOut,
    JobOut,
    SearchOut,
    StatusOut,
)
from graphrag.api.identity import caller_access
from graphrag.api.jobs import Job, JobQueue
from graphrag.api.keys import ApiKey, ApiKeys
from graphrag.api.streaming import EventSourceResponse, sse_events
from graphrag.api.uploads import (
    place,
    remove_folder,
    remove_upload,
    save_upload,
    settle,
    tenant_folder,
)
from graphrag.client import ALL_ACCESS
from graphrag.engine import LocalEngine
from graphrag.errors import (
    ConfigError,
    GraphRAGError,
    IdentityError,
    InputError,
    MissingExtraError,
    NotFoundError,
    RateLimitError,
    StoreUnavailableError,
)
from graphrag.sdk import GraphRAG
from graphrag.server_file import ServerInfo
from graphrag.version import package_version
from graphrag.views import answer_json, documents_json, search_json
from ingestion.report import IngestReport
from schemas import (
    VISIBILITIES,
    AccessFields,
    AccessFilter,
    AnswerEvent,
    DeleteReport,
    EntityPath,
)
from schemas.explore import DocumentStructure, EntityHit, EntityView, EvidenceGraph

log = logging.getLogger(__name__)
# Neo4j Browser's style and guide (graphrag/api/browser): the only files served from there
WEB_DIR = Path(__file__).with_name("web")
# the explorer's files, by the name the page asks for: nothing else is served from the folder
WEB_ASSETS = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    "vendor/cytoscape.min.js": "text/javascript; charset=utf-8",
}
# the page runs only its own scripts and talks only to this service
WEB_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
)
BROWSER_DIR = Path(__file__).with_name("browser")
BROWSER_ASSETS = {"guide.html": "text/html", "graphrag.grass": "text/plain"}


class SearchBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str
    k: int = Field(default=10, ge=1, le=200)
    filters: dict[str, Any] = Field(default_factory=dict)
    use_graph: bool | None = None
    graph_context: bool = False
    # the query analysis too (entity names of every tenant): the operator's only
    explain: bool = False


class AskBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    k: int = Field(default=8, ge=1, le=200)
    filters: dict[str, Any] = Field(default_factory=dict)
    use_graph: bool | None = None
    # Server-Sent Events: "search", then "token"s as the answer is written, then "answer"
    stream: bool = False
    explain: bool = False  # the search event carries the analysis: the operator's only


class ChatBody(AskBody):
    # from the previous answer; without it a conversation starts. Only its starter continues it.
    conversation_id: str | None = Field(default=None, max_length=64, pattern=r"^[0-9a-f]+$")


class PathsBody(BaseModel):
    """Files and folders on the service's machine, ingested as ``graphrag ingest`` does."""

    model_config = ConfigDict(extra="forbid")

    paths: list[str] = Field(min_length=1, max_length=10_000)
    tenant: str = "default"
    visibility: str = "internal"
    acl: list[str] = Field(default_factory=list)
    include: list[str] = Field(default_factory=list)
    exclude: list[str] = Field(default_factory=list)
    recursive: bool = True


def _access_fields(tenant: str, visibility: str, acl: list[str]) -> AccessFields:
    """Who may read what an ingestion stores, checked: a bad value is a 400 naming it."""
    if visibility not in VISIBILITIES:
        raise InputError(f"visibility {visibility[:40]!r} is not one of {', '.join(VISIBILITIES)}")
    try:
        return AccessFields(tenant=tenant, visibility=visibility, acl=acl)
    except ValidationError as exc:
        raise InputError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ")) from None


def _bearer(authorization: str | None) -> bytes | None:
    scheme, _, given = (authorization or "").partition(" ")
    return given.strip().encode() if scheme.lower() == "bearer" else None


def _key(request: Request, authorization: Annotated[str | None, Header()] = None) -> ApiKey | None:
    """The keys file's entry for the presented key, if there is a keys file and it is one."""
    keys: ApiKeys | None = request.app.state.keys
    given = _bearer(authorization)
    return keys.find(given) if keys is not None and given else None


Key = Annotated[ApiKey | None, Depends(_key)]


def _is_operator(
    request: Request, key: Key, authorization: Annotated[str | None, Header()] = None
) -> bool:
    """The request bears the token of this run's server file, or an admin key."""
    if key is not None and key.admin:
        return True
    token: str | None = request.app.state.operator_token
    given = _bearer(authorization)
    return bool(token and given and hmac.compare_digest(given, token.encode()))


# module level: FastAPI resolves these annotations by name (postponed evaluation)
IsOperator = Annotated[bool, Depends(_is_operator)]


def _operator_only(operator: IsOperator) -> None:
    if not operator:
        raise IdentityError(
            "this is the operator's: it needs the token of the service's server file",
            hint="run the graphrag command as the user who runs graphrag serve",
        )


def _caller(
    request: Request,
    operator: IsOperator,
    key: Key,
    authorization: Annotated[str | None, Header()] = None,
) -> AccessFilter:
    """The member a key names (its identity headers are not read), else the caller's identity
    headers (from the proxy, the operator or a loopback client), or the operator's view of
    everything (asked for with one header that only the operator may send: never a default)."""
    if request.headers.get(ALL_ACCESS) is not None:
        _operator_only(operator)
        return AccessFilter.everything()
    member = key.access() if key is not None else None
    if member is not None:
        return member
    proxy_key: str | None = request.app.state.proxy_key
    given = _bearer(authorization)
    from_proxy = (key is not None and key.proxy) or bool(
        proxy_key and given and hmac.compare_digest(given, proxy_key.encode())
    )
    if request.app.state.keys is not None and not (operator or from_proxy):
        # with a keys file, identity headers are read from proxy keys only
        raise IdentityError(
            "this key may not name a caller in headers",
            hint="use a member key (it names its tenant) or a proxy key",
        )
    return caller_access(request)


Caller = Annotated[AccessFilter, Depends(_caller)]


def create_app(rag: GraphRAG, announce: ServerInfo | None = None) -> FastAPI:
    """The service over one opened-on-start GraphRAG instance (closed on shutdown); with
    ``announce``, the server file names it (and its operator token) while it runs."""
    jobs = JobQueue(rag.settings.data_dir / "jobs")
    uploads = rag.settings.data_dir / "uploads"
    key = rag.settings.api_key.get_secret_value() if rag.settings.api_key else None
    keys_file = rag.settings.api_keys_file
    keys = ApiKeys.load(keys_file) if keys_file is not None else None  # a bad file stops here

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        rag.open()
        jobs.restore()
        if announce is not None:
            server_file.announce(rag.settings.data_dir, announce)
        try:
            yield
        finally:
            if announce is not None:
                server_file.withdraw(rag.settings.data_dir, announce)
            with rag.lock:
                rag.close()

    # the API's documentation page from local assets: Swagger UI's CDN is not reachable offline
    app = FastAPIOffline(title="graphrag", version=package_version(), lifespan=lifespan)
    app.state.operator_token = announce.token if announce else None
    app.state.keys = keys
    app.state.proxy_key = key  # GRAPHRAG_API_KEY: the identity proxy's

    rate = parse_rate(rag.settings.rate_limit) if rag.settings.rate_limit else None
    limiter = MovingWindowRateLimiter(MemoryStorage()) if rate else None

    def authorised(
        request: Request,
        operator: IsOperator,
        member: Key,
        authorization: Annotated[str | None, Header()] = None,
    ) -> None:
        if not ((key is None and keys is None) or operator or member is not None):
            given = _bearer(authorization)
            if key is None or given is None or not hmac.compare_digest(given, key.encode()):
                raise IdentityError(
                    "missing or wrong API key",
                    hint="send Authorization: Bearer <key> (GRAPHRAG_API_KEY or one of the keys "
                    "file)",
                )
        if limiter is not None and rate is not None and not operator:
            # per caller: its key (hashed), else its tenant, else its address
            who = _bearer(authorization) or request.headers.get("x-graphrag-tenant", "").encode()
            caller = hashlib.sha256(who).hexdigest() if who else str(request.client)
            if not limiter.hit(rate, "graphrag", caller):
                reset = limiter.get_window_stats(rate, "graphrag", caller).reset_time
                raise RateLimitError(
                    f"more than {rag.settings.rate_limit} requests",
                    retry_after_s=max(1, int(reset - time.time()) + 1),
                    hint="wait and send it again (Retry-After says how long)",
                )

    Auth = Depends(authorised)
    Operator = Depends(_operator_only)

    @app.exception_handler(GraphRAGError)
    async def _graphrag_error(_: Request, exc: GraphRAGError) -> JSONResponse:
        status = 400 if isinstance(exc, InputError | ConfigError) else 500
        headers: dict[str, str] = {}
        if isinstance(exc, NotFoundError):
            status = 404
        elif isinstance(exc, IdentityError):
            status, headers = 401, {"WWW-Authenticate": "Bearer"}
        elif isinstance(exc, StoreUnavailableError):
            status = 503
        elif isinstance(exc, MissingExtraError):
            status = 501
        elif isinstance(exc, RateLimitError):
            status, headers = 429, {"Retry-After": str(exc.retry_after_s)}
        return JSONResponse(
            {"error": exc.message, "hint": exc.hint}, status_code=status, headers=headers
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "request"
        return JSONResponse(
            {"error": f"{where}: {first.get('msg')}", "hint": "see /docs for the request shape"},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail), "hint": None}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")  # the details stay in the service's log
        return JSONResponse(
            {"error": "internal error", "hint": "the service log has the details"},
            status_code=500,
        )

    @app.get("/", include_in_schema=False)
    def root() -> Response:
        """The web explorer (``graphrag/api/web``): its page holds no data; every request it
        makes carries the identity the user gives it and is filtered like any client's."""
        return _web_asset("index.html")

    @app.get("/ui/{name:path}", include_in_schema=False)
    def web_asset(name: str) -> Response:
        return _web_asset(name)

    @app.middleware("http")
    async def _measure(request: Request, call_next: Any) -> Response:
        start = time.perf_counter()
        status = 500
        try:
            response: Response = await call_next(request)
            status = response.status_code
            return response
        finally:
            # the route's template, not the path: /documents/{doc_id}, not one row per id
            route = getattr(request.scope.get("route"), "path", "unmatched")
            telemetry.REQUESTS.labels(request.method, route, str(status)).inc()
            telemetry.REQUEST_SECONDS.labels(request.method, route).observe(
                time.perf_counter() - start
            )

    @app.get("/metrics", dependencies=[Auth], include_in_schema=False)
    def metrics() -> Response:
        """Prometheus metrics: stage durations, ingestion, requests per endpoint, and what the
        stores hold (counts over every tenant: the service's, not a caller's)."""
        with rag.lock.read():
            stats = rag.graph.stats()
            points = rag.vectors.count()
        for kind in ("documents", "sections", "chunks", "entities", "relations"):
            telemetry.STORE_SIZE.labels(kind).set(getattr(stats, kind))
        telemetry.STORE_SIZE.labels("vector_points").set(points)
        return Response(generate_latest(telemetry.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/status", dependencies=[Auth], response_model=StatusOut, responses=ERRORS)
    def status(access: Caller) -> dict[str, Any]:
        docs = rag.documents(access)
        return {
            "tenant": access.tenant,
            "documents": len(docs),
            "chunks": sum(d.chunks for d in docs),
            "jobs_running": jobs.running(access.tenant),
        }

    @app.post("/search", dependencies=[Auth], response_model=SearchOut, responses=ERRORS)
    def search(body: SearchBody, access: Caller, operator: IsOperator) -> dict[str, Any]:
        if body.explain:
            _operator_only(operator)
        result = rag.search(
            body.query,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
            graph_context=body.graph_context,
        )
        return search_json(result, explain=body.explain)

    @app.post(
        "/ask",
        dependencies=[Auth],
        response_model=None,
        responses={
            200: {
                "model": AnswerOut,
                "description": "the answer; with stream, Server-Sent Events: search, token, "
                "restart, answer (this object) or error",
            },
            **ERRORS,
        },
    )
    def ask(
        body: AskBody, access: Caller, operator: IsOperator
    ) -> dict[str, Any] | EventSourceResponse:
        if body.explain:
            _operator_only(operator)
        events = rag.ask_stream(
            body.question,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
        )
        return _answer_response(events, body.stream, body.explain)

    @app.post(
        "/chat",
        dependencies=[Auth],
        response_model=None,
        responses={200: {"model": AnswerOut, "description": "as /ask"}, **ERRORS},
    )
    def chat(
        body: ChatBody, access: Caller, operator: IsOperator
    ) -> dict[str, Any] | EventSourceResponse:
        """``/ask`` in a conversation: a follow-up question is read with the one before it.
        The answer (the last event when streamed) carries ``conversation_id``."""
        if body.explain:
            _operator_only(operator)
        events = rag.chat_stream(
            body.question,
            body.conversation_id,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
        )
        return _answer_response(events, body.stream, body.explain)

    @app.get("/documents", dependencies=[Auth], response_model=list[DocumentOut], responses=ERRORS)
    def documents(access: Caller) -> list[dict[str, Any]]:
        return documents_json(rag.documents(access))

    @app.get(
        "/documents/{doc_id}/structure",
        dependencies=[Auth],
        response_model=DocumentStructure,
        responses=ERRORS,
    )
    def structure(doc_id: str, access: Caller) -> DocumentStructure:
        """The document's sections in reading order, with chunk counts and pages."""
        return rag.structure(doc_id, access=access)

    @app.get("/browser/{name}", include_in_schema=False)
    def browser_asset(name: str, request: Request) -> Response:
        """Neo4j Browser's style and guide for this graph (``:play URL/browser/guide.html``);
        static files without data, so open to Browser's origin (CORS) and without a caller."""
        kind = BROWSER_ASSETS.get(name)
        if kind is None:
            raise NotFoundError(f"no file {name[:100]!r}", hint="guide.html or graphrag.grass")
        text = (BROWSER_DIR / name).read_text(encoding="utf-8")
        # the guide's commands point at this service, wherever it listens
        text = text.replace("http://localhost:8000", str(request.base_url).rstrip("/"))
        return Response(text, media_type=kind, headers={"Access-Control-Allow-Origin": "*"})

    @app.get("/entities", dependencies=[Auth], response_model=list[EntityHit], responses=ERRORS)
    def entities(
        access: Caller,
        q: Annotated[str, Query(max_length=200, description="part of a name, any case")] = "",
        limit: Annotated[int, Query(ge=1, le=500)] = 20,
    ) -> list[EntityHit]:
        """Entities named in the caller's chunks by a form containing ``q``, most mentioned
        first, with how many of the caller's chunks and documents mention them."""
        return rag.entities(q, access=access, limit=limit)

    @app.get(
        "/entities/{entity_id}", dependencies=[Auth], response_model=EntityView, responses=ERRORS
    )
    def entity(
        entity_id: str, access: Caller, limit: Annotated[int, Query(ge=1, le=500)] = 20
    ) -> EntityView:
        """One entity's neighbourhood: where the caller's chunks mention it, and the relations
        they state."""
        return rag.entity(entity_id, access=access, limit=limit)

    @app.post(
        "/graph/evidence", dependencies=[Auth], response_model=EvidenceGraph, responses=ERRORS
    )
    def graph_evidence(body: SearchBody, access: Caller) -> EvidenceGraph:
        """The search's evidence as nodes and edges, for drawing: the chunks with their sections
        and documents, the entities they mention, relations, and the seed chunk each graph-added
        chunk came from."""
        if body.explain:
            raise InputError("explain is for /search", hint="leave explain out here")
        return rag.evidence(
            body.query, k=body.k, filters=body.filters, access=access, use_graph=body.use_graph
        )

    @app.get(
        "/graph/neighbourhood", dependencies=[Auth], response_model=EvidenceGraph, responses=ERRORS
    )
    def graph_neighbourhood(
        access: Caller,
        chunk: Annotated[str, Query(max_length=200, description="a chunk id")],
        limit: Annotated[int, Query(ge=1, le=200)] = 30,
    ) -> EvidenceGraph:
        """One chunk's neighbourhood as nodes and edges: the chunks the walk reaches from it
        (next, siblings, shared or related entities), their sections, documents, entities and
        relations, all inside the caller's access."""
        return rag.neighbourhood(chunk, access=access, limit=limit)

    @app.get("/graph/paths", dependencies=[Auth], response_model=list[EntityPath], responses=ERRORS)
    def graph_paths(
        source: str,
        target: str,
        access: Caller,
        limit: Annotated[int, Query(ge=1, le=50)] = 5,
    ) -> list[EntityPath]:
        """The shortest relation paths between two entities (at most four hops), each edge
        stated by a chunk the caller may see."""
        return rag.paths(source, target, access=access, limit=limit)

    @app.delete(
        "/documents/{doc_id}", dependencies=[Auth], response_model=DeleteReport, responses=ERRORS
    )
    def delete(doc_id: str, access: Caller) -> dict[str, Any]:
        with rag.lock:  # what the caller may see, and the delete, in one turn
            visible = {d.document.id: d.document.source for d in rag.documents(access)}
            if doc_id not in visible:  # someone else's document does not exist for this caller
                raise NotFoundError(
                    f"no document {doc_id[:100]!r}", hint="GET /documents lists yours"
                )
            report = rag.delete(doc_id).model_dump()
            remove_upload(uploads, visible[doc_id])
            return report

    @app.post(
        "/ingest", status_code=202, dependencies=[Auth], response_model=JobOut, responses=ERRORS
    )
    def ingest(
        access: Caller,
        files: Annotated[list[UploadFile], File()],
        visibility: Annotated[str, Form()] = "internal",
        acl: Annotated[str, Form()] = "",
    ) -> dict[str, Any]:
        groups = [g.strip() for g in acl.split(",") if g.strip()]
        fields = _access_fields(access.tenant, visibility, groups)
        limit = int(rag.settings.max_file_mb * (1 << 20))
        home = tenant_folder(uploads, fields.tenant)
        staging = home / ".incoming" / uuid.uuid4().hex
        saved: list[Path] = []
        try:
            for upload in files:
                saved.append(save_upload(upload.file, upload.filename, staging, limit))
        except GraphRAGError:
            remove_folder(staging)
            raise

        def work(job: Job) -> IngestReport:
            try:
                placed = place(saved, home)
            finally:
                remove_folder(staging)
            report = rag.ingest(
                [p.path for p in placed],
                tenant=fields.tenant,
                visibility=fields.visibility,
                acl=fields.acl,
                progress=job,
            )
            settle(placed, {Path(e.path) for e in report.errors})
            for error in report.errors:  # the caller knows its files by name, not our paths
                error.path = Path(error.path).name
                error.error = error.error.replace(str(home) + "/", "")
            return report

        job = jobs.submit(fields.tenant, [p.name for p in saved], work)
        return job.view()

    @app.get("/jobs", dependencies=[Auth], response_model=list[JobOut], responses=ERRORS)
    def job_list(access: Caller) -> list[dict[str, Any]]:
        """The caller's jobs (the operator: everyone's), newest first, finished ones too."""
        return [j.view() for j in jobs.of(None if access.unrestricted else access.tenant)]

    @app.get("/jobs/{job_id}", dependencies=[Auth], response_model=JobOut, responses=ERRORS)
    def job(job_id: str, access: Caller) -> dict[str, Any]:
        found = jobs.get(job_id)
        if found is None or not (access.unrestricted or found.tenant == access.tenant):
            raise NotFoundError(f"no job {job_id[:100]!r}", hint="POST /ingest returns the job id")
        return found.view()

    # -- the operator's (the CLI through the running service) ---------------------------------

    @app.get("/admin/status", dependencies=[Auth, Operator])
    def admin_status() -> dict[str, Any]:
        return rag.status()

    @app.get("/admin/points", dependencies=[Auth, Operator])
    def admin_points() -> dict[str, int]:
        """How many chunks the vector store holds: what a command asks before it searches
        (``/admin/status`` counts the whole graph)."""
        return {"vector_points": LocalEngine(rag).points()}

    @app.get(
        "/admin/documents",
        dependencies=[Auth, Operator],
        response_model=list[DocumentOut],
        responses=ERRORS,
    )
    def admin_documents(tenant: str | None = None) -> list[dict[str, Any]]:
        return LocalEngine(rag).documents(tenant)

    @app.delete(
        "/admin/documents",
        dependencies=[Auth, Operator],
        response_model=DeleteReport,
        responses=ERRORS,
    )
    def admin_delete(document: str) -> dict[str, Any]:
        """A document by id or by the source path it was ingested from (an upload's file goes
        with it)."""
        with rag.lock:
            docs = rag.documents(AccessFilter.everything())
            sources = {d.document.id: d.document.source for d in docs}
            report = rag.delete(document)
            remove_upload(uploads, sources.get(report.doc_id, ""))
            return report.model_dump()

    @app.post(
        "/admin/ingest",
        status_code=202,
        dependencies=[Auth, Operator],
        response_model=JobOut,
        responses=ERRORS,
    )
    def admin_ingest(body: PathsBody) -> dict[str, Any]:
        fields = _access_fields(body.tenant, body.visibility, body.acl)
        paths = [Path(p) for p in body.paths]

        def work(job: Job) -> IngestReport:
            return rag.ingest(
                paths,
                tenant=fields.tenant,
                visibility=fields.visibility,
                acl=fields.acl,
                include=body.include,
                exclude=body.exclude,
                recursive=body.recursive,
                progress=job,
            )

        return jobs.submit(fields.tenant, [p.name for p in paths], work).view()

    return app


def _web_asset(name: str) -> Response:
    kind = WEB_ASSETS.get(name)
    if kind is None:
        raise NotFoundError(f"no file {name[:100]!r}", hint="the explorer is at /")
    return Response(
        (WEB_DIR / name).read_bytes(),
        media_type=kind,
        headers={
            "Content-Security-Policy": WEB_POLICY,
            "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-cache",
        },
    )


def _answer_response(
    events: Iterator[AnswerEvent], stream: bool, explain: bool = False
) -> dict[str, Any] | EventSourceResponse:
    """The whole answer as JSON, or the events as Server-Sent Events (the search event with
    its analysis when ``explain``)."""
    if not stream:
        answer = next(e.answer for e in events if e.type == "answer")
        assert answer is not None
        return answer_json(answer)
    # the first event (the search) is taken here, so a bad request (or an unknown
    # conversation) still gets its 4xx before the stream starts
    first = next(events)
    return EventSourceResponse(sse_events(first, events, explain=explain), ping=15)
