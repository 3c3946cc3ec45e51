"""The HTTP API over the SDK: search, ask, documents, and ingestion jobs with progress.

Identity: put the service behind the proxy that authenticates users; it passes the caller's
tenant, groups and clearance in headers (``graphrag.api.identity``), and every search, walk,
listing, delete and job is filtered by them; a request without a tenant gets 401. With
``GRAPHRAG_API_KEY`` set, every request except ``/health`` needs ``Authorization: Bearer
<key>`` (the proxy's key).

The stores take one writer: an ingestion job holds the SDK's store lock only while it writes
one batch, so searches wait at most that long.
"""

from __future__ import annotations

import hmac
import logging
import uuid
from collections.abc import Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, File, Form, Header, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from graphrag.api.identity import caller_access
from graphrag.api.jobs import Job, JobQueue
from graphrag.api.streaming import EventSourceResponse, sse_events
from graphrag.api.uploads import remove_folder, save_upload, tenant_folder
from graphrag.errors import (
    ConfigError,
    GraphRAGError,
    IdentityError,
    InputError,
    MissingExtraError,
    NotFoundError,
    StoreUnavailableError,
)
from graphrag.sdk import GraphRAG
from graphrag.views import answer_json, documents_json, search_json
from ingestion.report import IngestReport
from schemas import VISIBILITIES, AccessFields, AccessFilter, AnswerEvent

log = logging.getLogger(__name__)


class SearchBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str
    k: int = Field(default=10, ge=1, le=200)
    filters: dict[str, Any] = Field(default_factory=dict)
    use_graph: bool | None = None
    graph_context: bool = False


class AskBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    k: int = Field(default=8, ge=1, le=200)
    filters: dict[str, Any] = Field(default_factory=dict)
    use_graph: bool | None = None
    # Server-Sent Events: "search", then "token"s as the answer is written, then "answer"
    stream: bool = False


class ChatBody(AskBody):
    # from the previous answer; without it a conversation starts. Only its starter continues it.
    conversation_id: str | None = Field(default=None, max_length=64, pattern=r"^[0-9a-f]+$")


# module level: FastAPI resolves these annotations by name (postponed evaluation)
Caller = Annotated[AccessFilter, Depends(caller_access)]


def create_app(rag: GraphRAG) -> FastAPI:
    """The service over one opened-on-start GraphRAG instance (closed on shutdown)."""
    jobs = JobQueue()
    uploads = rag.settings.data_dir / "uploads"
    key = rag.settings.api_key.get_secret_value() if rag.settings.api_key else None

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        rag.open()
        try:
            yield
        finally:
            with rag.lock:
                rag.close()

    app = FastAPI(title="graphrag", lifespan=lifespan)

    def authorised(authorization: Annotated[str | None, Header()] = None) -> None:
        if key is None:
            return
        scheme, _, given = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            given.strip().encode(), key.encode()
        ):
            raise IdentityError(
                "missing or wrong API key", hint="send Authorization: Bearer <GRAPHRAG_API_KEY>"
            )

    Auth = Depends(authorised)

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

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/status", dependencies=[Auth])
    def status(access: Caller) -> dict[str, Any]:
        docs = rag.documents(access)
        return {
            "tenant": access.tenant,
            "documents": len(docs),
            "chunks": sum(d.chunks for d in docs),
            "jobs_running": jobs.running(access.tenant),
        }

    @app.post("/search", dependencies=[Auth])
    def search(body: SearchBody, access: Caller) -> dict[str, Any]:
        result = rag.search(
            body.query,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
            graph_context=body.graph_context,
        )
        return search_json(result)

    @app.post("/ask", dependencies=[Auth], response_model=None)
    def ask(body: AskBody, access: Caller) -> dict[str, Any] | EventSourceResponse:
        events = rag.ask_stream(
            body.question,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
        )
        return _answer_response(events, body.stream)

    @app.post("/chat", dependencies=[Auth], response_model=None)
    def chat(body: ChatBody, access: Caller) -> dict[str, Any] | EventSourceResponse:
        """``/ask`` in a conversation: a follow-up question is read with the one before it.
        The answer (the last event when streamed) carries ``conversation_id``."""
        events = rag.chat_stream(
            body.question,
            body.conversation_id,
            k=body.k,
            filters=body.filters,
            access=access,
            use_graph=body.use_graph,
        )
        return _answer_response(events, body.stream)

    @app.get("/documents", dependencies=[Auth])
    def documents(access: Caller) -> list[dict[str, Any]]:
        return documents_json(rag.documents(access))

    @app.delete("/documents/{doc_id}", dependencies=[Auth])
    def delete(doc_id: str, access: Caller) -> dict[str, Any]:
        with rag.lock:  # what the caller may see, and the delete, in one turn
            visible = {d.document.id for d in rag.documents(access)}
            if doc_id not in visible:  # someone else's document does not exist for this caller
                raise NotFoundError(
                    f"no document {doc_id[:100]!r}", hint="GET /documents lists yours"
                )
            return rag.delete(doc_id).model_dump()

    @app.post("/ingest", status_code=202, dependencies=[Auth])
    def ingest(
        access: Caller,
        files: Annotated[list[UploadFile], File()],
        visibility: Annotated[str, Form()] = "internal",
        acl: Annotated[str, Form()] = "",
    ) -> dict[str, Any]:
        if visibility not in VISIBILITIES:
            raise InputError(
                f"visibility {visibility[:40]!r} is not one of {', '.join(VISIBILITIES)}"
            )
        try:
            fields = AccessFields(
                tenant=access.tenant,
                visibility=visibility,
                acl=[g.strip() for g in acl.split(",") if g.strip()],
            )
        except ValidationError as exc:
            raise InputError(str(exc.errors()[0]["msg"]).removeprefix("Value error, ")) from None
        limit = int(rag.settings.max_file_mb * (1 << 20))
        folder = tenant_folder(uploads, fields.tenant) / uuid.uuid4().hex
        saved: list[Path] = []
        try:
            for upload in files:
                saved.append(save_upload(upload.file, upload.filename, folder, limit))
        except GraphRAGError:
            remove_folder(folder)
            raise

        def work(job: Job) -> IngestReport:
            report = rag.ingest(
                saved,
                tenant=fields.tenant,
                visibility=fields.visibility,
                acl=fields.acl,
                progress=job,
            )
            for error in report.errors:  # the caller knows its files by name, not our paths
                error.path = Path(error.path).name
                error.error = error.error.replace(str(folder) + "/", "")
            return report

        job = jobs.submit(fields.tenant, [p.name for p in saved], work)
        return job.view()

    @app.get("/jobs/{job_id}", dependencies=[Auth])
    def job(job_id: str, access: Caller) -> dict[str, Any]:
        found = jobs.get(job_id)
        if found is None or found.tenant != access.tenant:
            raise NotFoundError(f"no job {job_id[:100]!r}", hint="POST /ingest returns the job id")
        return found.view()

    return app


def _answer_response(
    events: Iterator[AnswerEvent], stream: bool
) -> dict[str, Any] | EventSourceResponse:
    """The whole answer as JSON, or the events as Server-Sent Events."""
    if not stream:
        answer = next(e.answer for e in events if e.type == "answer")
        assert answer is not None
        return answer_json(answer)
    # the first event (the search) is taken here, so a bad request (or an unknown
    # conversation) still gets its 4xx before the stream starts
    first = next(events)
    return EventSourceResponse(sse_events(first, events), ping=15)
