"""What the CLI runs a command on: the running service of its data directory, or the stores
opened in this process.

Both answer in the JSON shapes of ``graphrag.views`` (what ``--json`` prints and the HTTP API
returns), so a command prints the same whichever ran it. ``open_engine`` picks: an explicit
``GRAPHRAG_SERVER_URL`` (``--server``), else the service announced in the data directory
(``graphrag.server_file``), else the stores in process, as before the service existed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from graphrag.settings import Settings
from ingestion.progress import Progress
from schemas import AccessFilter, Visibility

if TYPE_CHECKING:
    from graphrag.sdk import GraphRAG

Event = tuple[str, dict[str, Any]]  # ("search" | "token" | "restart" | "answer", payload)


class Engine(Protocol):
    where: str  # "in process" or the service's address, for messages

    def status(self) -> dict[str, Any]: ...

    def documents(self, tenant: str | None) -> list[dict[str, Any]]:
        """The operator's inventory: every document, or one tenant's."""
        ...

    def has_documents(self) -> bool: ...

    def search(
        self,
        query: str,
        *,
        k: int,
        filters: dict[str, Any],
        access: AccessFilter,
        use_graph: bool | None,
        explain: bool = False,
    ) -> dict[str, Any]: ...

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
    ) -> Iterator[Event]: ...

    def delete(self, document: str) -> dict[str, Any]: ...

    def entities(self, query: str, *, limit: int, access: AccessFilter) -> list[dict[str, Any]]:
        """``EntityHit``s as JSON."""
        ...

    def entity(self, entity_id: str, *, limit: int, access: AccessFilter) -> dict[str, Any]:
        """An ``EntityView`` as JSON."""
        ...

    def structure(self, document: str, *, access: AccessFilter) -> dict[str, Any]:
        """A ``DocumentStructure`` as JSON (the document by id or source path)."""
        ...

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
        """The report's summary (``IngestReport.summary``)."""
        ...


class LocalEngine:
    """The SDK in this process."""

    where = "in process"

    def __init__(self, rag: GraphRAG) -> None:
        self.rag = rag

    def status(self) -> dict[str, Any]:
        return self.rag.status()

    def documents(self, tenant: str | None) -> list[dict[str, Any]]:
        from graphrag.views import documents_json

        docs = self.rag.documents(AccessFilter.everything())
        return documents_json([d for d in docs if tenant is None or d.document.tenant == tenant])

    def has_documents(self) -> bool:
        return self.points() > 0

    def points(self) -> int:
        self.rag.open()
        with self.rag.lock.read():
            return self.rag.vectors.count()

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
        from graphrag.views import search_json

        result = self.rag.search(query, k=k, filters=filters, access=access, use_graph=use_graph)
        return search_json(result, explain=explain)

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
    ) -> Iterator[Event]:
        from graphrag.views import answer_json, search_json

        if chat:
            events = self.rag.chat_stream(
                question, conversation, k=k, filters=filters, access=access, use_graph=use_graph
            )
        else:
            events = self.rag.ask_stream(
                question, k=k, filters=filters, access=access, use_graph=use_graph
            )
        for event in events:
            if event.type == "search" and event.search is not None:
                yield "search", search_json(event.search, explain=explain)
            elif event.type == "answer" and event.answer is not None:
                yield "answer", answer_json(event.answer)
            else:
                yield event.type, {"text": event.text} if event.type == "token" else {}

    def delete(self, document: str) -> dict[str, Any]:
        return self.rag.delete(document).model_dump()

    def entities(self, query: str, *, limit: int, access: AccessFilter) -> list[dict[str, Any]]:
        hits = self.rag.entities(query, access=access, limit=limit)
        return [h.model_dump(mode="json") for h in hits]

    def entity(self, entity_id: str, *, limit: int, access: AccessFilter) -> dict[str, Any]:
        return self.rag.entity(entity_id, access=access, limit=limit).model_dump(mode="json")

    def structure(self, document: str, *, access: AccessFilter) -> dict[str, Any]:
        return self.rag.structure(document, access=access).model_dump(mode="json")

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
        report = self.rag.ingest(
            paths,
            tenant=tenant,
            visibility=cast(Visibility, visibility),  # the CLI checked it
            acl=acl,
            include=include,
            exclude=exclude,
            recursive=recursive,
            progress=progress,
            workers=workers,
            ray_address=ray_address,
        )
        return report.summary()


@contextmanager
def open_engine(settings: Settings) -> Iterator[Engine]:
    """The running service if there is one for these settings, else the stores in process."""
    from graphrag.client import ServiceClient, find_service

    found = find_service(settings)
    if found is not None:
        with ServiceClient(*found) as client:
            yield client
        return
    from graphrag.sdk import GraphRAG  # the heavy part: only when no service runs

    with GraphRAG(settings=settings) as rag:
        yield LocalEngine(rag)
