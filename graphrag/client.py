"""A client of the running ``graphrag serve``: the CLI's commands over its HTTP API.

It speaks as the caller the CLI names (``--tenant``, ``--group``, ``--clearance``: the
identity headers) or, with the server file's token, as the operator (``--all-access``, the
inventory, deleting, ingesting local paths), and turns the service's error bodies back into
the errors the CLI prints in process.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import quote

import httpx

from graphrag import server_file
from graphrag.errors import (
    GraphRAGError,
    IdentityError,
    InputError,
    NotFoundError,
    StoreUnavailableError,
)
from graphrag.settings import Settings, public_url
from ingestion.progress import Progress
from schemas import VISIBILITIES, AccessFilter

ALL_ACCESS = "x-graphrag-all-access"
STARTING_S = 30.0  # a service that has announced itself but is not listening yet
POLL_S = 0.25


def find_service(settings: Settings) -> tuple[str, str | None] | None:
    """The service to run commands on and the token to send, or None to run in process."""
    if settings.server_url:
        secret = settings.server_token or settings.api_key
        return settings.server_url, secret.get_secret_value() if secret else None
    info = server_file.read(settings.data_dir)
    if info is None:
        return None
    deadline = time.monotonic() + STARTING_S
    while True:
        try:
            if httpx.get(f"{info.url}/health", timeout=2).status_code == 200:
                return info.url, info.token
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline or server_file.read(settings.data_dir) is None:
            break
        time.sleep(0.2)
    if server_file.read(settings.data_dir) is None:
        return None  # it stopped meanwhile: the stores are free again
    raise StoreUnavailableError(
        "service",
        f"graphrag serve (process {info.pid}) holds {settings.data_dir} but does not answer "
        f"at {public_url(info.url)}",
        hint="wait until it has started, or stop it; the CLI runs through it while it runs",
    )


class ServiceClient:
    def __init__(self, url: str, token: str | None = None, *, timeout_s: float = 600.0) -> None:
        self.url = url.rstrip("/")
        self.where = public_url(self.url)
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._http = httpx.Client(base_url=self.url, headers=headers, timeout=timeout_s)

    def __enter__(self) -> ServiceClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    # -- the Engine protocol (graphrag.engine) ------------------------------------------------

    def status(self) -> dict[str, Any]:
        info: dict[str, Any] = self._call("GET", "/admin/status")
        return info

    def documents(self, tenant: str | None) -> list[dict[str, Any]]:
        params = {"tenant": tenant} if tenant else {}
        docs: list[dict[str, Any]] = self._call("GET", "/admin/documents", params=params)
        return docs

    def has_documents(self) -> bool:
        try:
            return int(self._call("GET", "/admin/points")["vector_points"]) > 0
        except IdentityError:  # not the operator: the store's size is not ours to know
            return True

    def search(
        self,
        query: str,
        *,
        k: int,
        filters: dict[str, Any],
        access: AccessFilter,
        use_graph: bool | None,
        explain: bool = False,
    ) -> dict[str, Any]:
        body = {"query": query, "k": k, "filters": filters, "use_graph": use_graph}
        if explain:
            body["explain"] = True
        result: dict[str, Any] = self._call("POST", "/search", json=body, headers=identity(access))
        return result

    def ask(
        self,
        question: str,
        *,
        k: int,
        filters: dict[str, Any],
        access: AccessFilter,
        use_graph: bool | None,
        conversation: str | None = None,
        chat: bool = False,
        explain: bool = False,
    ) -> Iterator[tuple[str, dict[str, Any]]]:
        from httpx_sse import connect_sse

        body: dict[str, Any] = {
            "question": question,
            "k": k,
            "filters": filters,
            "use_graph": use_graph,
            "stream": True,
        }
        if explain:
            body["explain"] = True
        if chat and conversation:
            body["conversation_id"] = conversation
        path = "/chat" if chat else "/ask"
        try:
            with connect_sse(
                self._http, "POST", path, json=body, headers=identity(access)
            ) as source:
                if source.response.status_code >= 400:
                    source.response.read()
                    raise _error(source.response)
                for sse in source.iter_sse():
                    payload = sse.json() if sse.data else {}
                    if sse.event == "error":
                        raise GraphRAGError(payload.get("error", "error"), hint=payload.get("hint"))
                    yield sse.event, payload
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from None

    def delete(self, document: str) -> dict[str, Any]:
        report: dict[str, Any] = self._call(
            "DELETE", "/admin/documents", params={"document": document}
        )
        return report

    def ingest(
        self,
        paths: list[Path],
        *,
        tenant: str,
        visibility: str,
        acl: list[str],
        include: list[str],
        exclude: list[str],
        recursive: bool,
        progress: Progress | None,
        workers: int | None = None,
        ray_address: str | None = None,
    ) -> dict[str, Any]:
        """Ingest paths on this machine through the service (the operator's job), drawing the
        job's progress as it goes."""
        if workers is not None or ray_address is not None:
            raise InputError(
                f"--workers and --ray-address are for ingesting in this process, but the "
                f"service at {self.where} is running and ingests with its own settings",
                hint="set GRAPHRAG_INGEST_WORKERS / GRAPHRAG_RAY_ADDRESS where the service "
                "runs, or stop the service",
            )
        job = self._call(
            "POST",
            "/admin/ingest",
            json={
                "paths": [str(p.expanduser().resolve()) for p in paths],
                "tenant": tenant,
                "visibility": visibility,
                "acl": acl,
                "include": include,
                "exclude": exclude,
                "recursive": recursive,
            },
        )
        shown: dict[str, int] = {}
        while True:
            job = self._call("GET", f"/jobs/{job['id']}", headers={ALL_ACCESS: "true"})
            for name, stage in job.get("progress", {}).items():
                if progress is None:
                    break
                if name not in shown:
                    progress.stage(name, stage.get("total"))
                    shown[name] = 0
                done = int(stage.get("done", 0))
                if done > shown[name]:
                    progress.advance(name, done - shown[name], stage.get("detail", ""))
                    shown[name] = done
            if job["state"] not in ("queued", "running"):
                break
            time.sleep(POLL_S)
        if job.get("report") is None:
            raise GraphRAGError(
                f"ingestion failed in the service: {job.get('error') or 'no report'}",
                hint="the service log has the details",
            )
        report: dict[str, Any] = job["report"]
        return report

    # -- HTTP ----------------------------------------------------------------------------------

    def entities(self, query: str, *, limit: int, access: AccessFilter) -> list[dict[str, Any]]:
        params = {"q": query, "limit": limit}
        hits: list[dict[str, Any]] = self._call(
            "GET", "/entities", params=params, headers=identity(access)
        )
        return hits

    def entity(self, entity_id: str, *, limit: int, access: AccessFilter) -> dict[str, Any]:
        view: dict[str, Any] = self._call(
            "GET",
            f"/entities/{quote(entity_id, safe='')}",
            params={"limit": limit},
            headers=identity(access),
        )
        return view

    def structure(self, document: str, *, access: AccessFilter) -> dict[str, Any]:
        # a source path is no path segment: find its id among the caller's documents
        docs = self._call("GET", "/documents", headers=identity(access))
        # the names the service resolves too: id, source path (as given or absolute), path
        names = {document, str(Path(document).absolute()), str(Path(document).resolve())}
        ids = [d["id"] for d in docs if names & {d["id"], d["source"], d["path"]}]
        doc_id = ids[0] if len(ids) == 1 else document  # none or several: the service says so
        tree: dict[str, Any] = self._call(
            "GET", f"/documents/{quote(doc_id, safe='')}/structure", headers=identity(access)
        )
        return tree

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        try:
            response = self._http.request(method, path, **kwargs)
        except httpx.TransportError as exc:
            raise self._unreachable(exc) from None
        if response.status_code >= 400:
            raise _error(response)
        return response.json()

    def _unreachable(self, exc: httpx.TransportError) -> StoreUnavailableError:
        return StoreUnavailableError(
            "service",
            f"{self.where} does not answer ({type(exc).__name__})",
            hint="start graphrag serve, or unset GRAPHRAG_SERVER_URL to run in process",
        )


def identity(access: AccessFilter) -> dict[str, str]:
    """The identity headers for a caller (the operator's view: one header the service honours
    only with the server file's token)."""
    if access.unrestricted:
        return {ALL_ACCESS: "true"}
    clearance = max(access.visibility, key=VISIBILITIES.index)
    headers = {"X-Graphrag-Tenant": access.tenant, "X-Graphrag-Clearance": clearance}
    if access.groups:
        headers["X-Graphrag-Groups"] = ",".join(access.groups)
    return headers


def _error(response: httpx.Response) -> GraphRAGError:
    try:
        body = response.json()
        message, hint = str(body.get("error") or response.reason_phrase), body.get("hint")
    except ValueError:
        message, hint = f"HTTP {response.status_code}", None
    status = response.status_code
    if status == 404:
        return NotFoundError(message, hint=hint)
    if status in (400, 413, 422):
        return InputError(message, hint=hint)
    if status in (401, 403):
        return IdentityError(message, hint=hint)
    if status == 503:
        return StoreUnavailableError("service", message, hint=hint)
    return GraphRAGError(message, hint=hint)
