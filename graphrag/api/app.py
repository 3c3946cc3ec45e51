"""The HTTP API over the SDK: search, ask, documents, and ingestion jobs with progress.

Identity: put the service behind the proxy that authenticates users; it passes the caller's
tenant and groups in ``X-Graphrag-Tenant`` and ``X-Graphrag-Groups`` (comma-separated), and
every search, walk and listing is filtered by them. With ``GRAPHRAG_API_KEY`` set, every
request except ``/health`` needs ``Authorization: Bearer <key>``.

The stores take one writer: an ingestion job holds the service's lock one group of files at
a time, so searches get their turn between groups.
"""

from __future__ import annotations

import hmac
import threading
import uuid
from collections.abc import Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, File, Form, Header, HTTPException, Request, UploadFile
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from graphrag.api.jobs import Job, JobQueue
from graphrag.api.uploads import remove_folder, save_upload
from graphrag.errors import (
    ConfigError,
    GraphRAGError,
    InputError,
    MissingExtraError,
    StoreUnavailableError,
)
from graphrag.sdk import GraphRAG
from graphrag.views import answer_json, documents_json, search_json
from ingestion.report import IngestReport
from schemas import VISIBILITIES, AccessFilter

FILES_PER_TURN = 20


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


def caller(
    x_graphrag_tenant: Annotated[str | None, Header()] = None,
    x_graphrag_groups: Annotated[str | None, Header()] = None,
) -> AccessFilter:
    """The caller's access, as the identity proxy in front of the service states it."""
    groups = [g.strip() for g in (x_graphrag_groups or "").split(",") if g.strip()]
    return AccessFilter(tenant=x_graphrag_tenant or None, groups=groups or None)


# module level: FastAPI resolves these annotations by name (postponed evaluation)
Caller = Annotated[AccessFilter, Depends(caller)]


def create_app(rag: GraphRAG) -> FastAPI:
    """The service over one opened-on-start GraphRAG instance (closed on shutdown)."""
    lock = threading.RLock()
    jobs = JobQueue()
    uploads = rag.settings.data_dir / "uploads"
    key = rag.settings.api_key.get_secret_value() if rag.settings.api_key else None

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        rag.open()
        try:
            yield
        finally:
            with lock:
                rag.close()

    app = FastAPI(title="graphrag", lifespan=lifespan)

    @contextmanager
    def turn() -> Iterator[None]:
        with lock:
            yield

    def authorised(authorization: Annotated[str | None, Header()] = None) -> None:
        if key is None:
            return
        given = (authorization or "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(given.encode(), key.encode()):
            raise HTTPException(401, detail={"error": "missing or wrong API key"})

    Auth = Depends(authorised)

    @app.exception_handler(GraphRAGError)
    async def _graphrag_error(_: Request, exc: GraphRAGError) -> JSONResponse:
        status = 400 if isinstance(exc, InputError | ConfigError) else 500
        if isinstance(exc, StoreUnavailableError):
            status = 503
        elif isinstance(exc, MissingExtraError):
            status = 501
        return JSONResponse({"error": exc.message, "hint": exc.hint}, status_code=status)

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/status", dependencies=[Auth])
    def status() -> dict[str, Any]:
        with turn():
            return rag.status()

    @app.post("/search", dependencies=[Auth])
    def search(body: SearchBody, access: Caller) -> dict[str, Any]:
        with turn():
            result = rag.search(
                body.query,
                k=body.k,
                filters=body.filters,
                access=access,
                use_graph=body.use_graph,
                graph_context=body.graph_context,
            )
        return search_json(result)

    @app.post("/ask", dependencies=[Auth])
    def ask(body: AskBody, access: Caller) -> dict[str, Any]:
        with turn():
            answer = rag.ask(
                body.question,
                k=body.k,
                filters=body.filters,
                access=access,
                use_graph=body.use_graph,
            )
        return answer_json(answer)

    @app.get("/documents", dependencies=[Auth])
    def documents(access: Caller) -> list[dict[str, Any]]:
        with turn():
            return documents_json(rag.documents(access))

    @app.delete("/documents/{doc_id}", dependencies=[Auth])
    def delete(doc_id: str, access: Caller) -> dict[str, Any]:
        with turn():
            visible = {d.document.id for d in rag.documents(access)}
            if doc_id not in visible:  # someone else's document does not exist for this caller
                raise InputError(f"no document {doc_id!r}", hint="GET /documents lists yours")
            return rag.delete(doc_id).model_dump()

    @app.post("/ingest", status_code=202, dependencies=[Auth])
    def ingest(
        access: Caller,
        files: Annotated[list[UploadFile], File()],
        visibility: Annotated[str, Form()] = "internal",
        acl: Annotated[str, Form()] = "",
    ) -> dict[str, Any]:
        if visibility not in VISIBILITIES:
            raise InputError(f"visibility {visibility!r} is not one of {', '.join(VISIBILITIES)}")
        tenant = access.tenant or "default"
        groups = [g.strip() for g in acl.split(",") if g.strip()]
        limit = int(rag.settings.max_file_mb * (1 << 20))
        folder = uploads / tenant / _job_folder()
        saved: list[Path] = []
        try:
            for upload in files:
                saved.append(save_upload(upload.file, upload.filename, folder, limit))
        except GraphRAGError:
            remove_folder(folder)
            raise

        def work(job: Job) -> IngestReport:
            total = IngestReport()
            for start in range(0, len(saved), FILES_PER_TURN):
                with turn():
                    part = rag.ingest(
                        saved[start : start + FILES_PER_TURN],
                        tenant=tenant,
                        visibility=visibility,
                        acl=groups,
                        progress=job,
                    )
                for error in part.errors:  # the caller knows its files by name, not our paths
                    error.path = Path(error.path).name
                    error.error = error.error.replace(str(folder) + "/", "")
                total.merge(part)
            return total

        job = jobs.submit([p.name for p in saved], work)
        return job.view()

    @app.get("/jobs/{job_id}", dependencies=[Auth])
    def job(job_id: str) -> dict[str, Any]:
        found = jobs.get(job_id)
        if found is None:
            raise HTTPException(404, detail={"error": f"no job {job_id!r}"})
        return found.view()

    return app


def _job_folder() -> str:
    return uuid.uuid4().hex
