"""The SDK entry point: one object that owns the stores and models and runs the pipelines.

>>> from graphrag import GraphRAG
>>> rag = GraphRAG(data_dir="/tmp/graphrag-doc")   # nothing starts until open()
>>> rag.describe()["graph"]
'embedded ArcadeDB in /tmp/graphrag-doc/graph (not started)'

Typical use::

    with GraphRAG(data_dir=".graphrag") as rag:
        report = rag.ingest(["docs/"], tenant="acme")
        print(report.summary())
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from opentelemetry.trace import Span
from pydantic import ValidationError

from graphrag import components, explore, telemetry
from graphrag.answer.agent import AgentAnswerer
from graphrag.answer.context import with_context
from graphrag.answer.conversation import Conversations, Turn, follow_up_query
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.answer.llm import LlmGenerator, OpenAICompatibleGenerator
from graphrag.answer.ordering import by_best_sentence
from graphrag.answer.passages import build_passages
from graphrag.answer.protocol import AnswerGenerator, OnToken, not_answered
from graphrag.answer.references import ReferenceAnswerer
from graphrag.errors import ConfigError, InputError, NotFoundError
from graphrag.files import private_dir
from graphrag.guardrails import Guardrails, fenced, injection, redact
from graphrag.locks import StoreLock
from graphrag.models.cache import CachedEmbedder
from graphrag.models.embedders import Embedder, embedder_from_name
from graphrag.models.llm import Completer, LlmClient
from graphrag.models.rerankers import Reranker, reranker_from_name
from graphrag.models.sparse import Bm25Encoder, SparseEncoder
from graphrag.retrieval import letter
from graphrag.retrieval.config import RetrievalConfig
from graphrag.retrieval.paraphrase import LlmParaphraser
from graphrag.retrieval.search import Retriever
from graphrag.settings import Settings, settings_of
from graphrag.stores import factory
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore
from ingestion.chunking import ChunkingConfig, HierarchicalChunker
from ingestion.discover import discover, display_paths
from ingestion.entities import (
    EntityExtractor,
    ResolverConfig,
)
from ingestion.fanout import RayFanout
from ingestion.pipeline import IngestionPipeline
from ingestion.progress import Progress
from ingestion.report import FileError, IngestReport
from schemas import (
    AccessFields,
    AccessFilter,
    Answer,
    AnswerEvent,
    ChunkWithContext,
    DeleteReport,
    DocumentSummary,
    EntityPath,
    Passage,
    Provenance,
    ScoredChunk,
    SearchFilters,
    SearchRequest,
    SearchResult,
    StageScores,
)
from schemas.access import Visibility
from schemas.explore import DocumentStructure, EntityHit, EntityView, EvidenceGraph

log = logging.getLogger(__name__)


class GraphRAG:
    """Graph-augmented retrieval over a document collection.

    Pass ``settings`` (the CLI and HTTP service do), or keyword arguments named like the
    settings (``data_dir``, ``neo4j_uri``, ``qdrant_url``, ``embedder``, ...). Stores and models
    can also be handed in directly. Use it as a context manager, or ``open()``/``close()``.
    """

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        data_dir: str | Path | None = None,
        graph: GraphStore | None = None,
        vectors: VectorStore | None = None,
        embedder: Embedder | str | None = None,
        sparse: SparseEncoder | None = None,
        retrieval: RetrievalConfig | None = None,
        generator: AnswerGenerator | AgentAnswerer | None = None,
        **overrides: Any,
    ) -> None:
        if isinstance(embedder, str):  # a name, like the setting
            overrides["embedder"] = embedder
            embedder = None
        if settings is None:
            values = dict(overrides)
            if data_dir is not None:
                values["data_dir"] = Path(data_dir)
            settings = settings_of(**values)
        self.settings = settings
        self.graph = graph if graph is not None else factory.graph_store(settings)
        self.vectors = vectors if vectors is not None else factory.vector_store(settings)
        self.embedder: Embedder = embedder or CachedEmbedder(
            embedder_from_name(settings.embedder),
            settings.data_dir / "cache" / "embeddings.sqlite",
        )
        self.sparse: SparseEncoder = sparse or Bm25Encoder()
        self.reranker: Reranker | None = reranker_from_name(settings.reranker)
        self.retrieval = retrieval or RetrievalConfig(
            graph=settings.graph_refinement,
            reranker=settings.reranker,
            glossary_path=settings.glossary,
            sentence_order=settings.sentence_order,
        )
        self.generator: AnswerGenerator | AgentAnswerer = generator or self._default_generator()
        self.guardrails = Guardrails(
            injection_mode=self.settings.guard_injection,
            passages=self.settings.guard_passages,
            uncited=self.settings.guard_uncited,
            redact_kinds=self.settings.guard_redact.split(","),
        )
        self._retriever: Retriever | None = None
        self._open = False
        # The stores take one writer and are read from several threads (the HTTP service):
        # reads share this lock, a write (one ingestion batch, a delete) holds it alone.
        self.lock = StoreLock()
        self._ingesting = threading.Lock()  # one ingestion at a time (resolver state, links)
        self.conversations = Conversations()
        self._parser = components.parser(settings)

    # -- lifecycle ---------------------------------------------------------------------------

    def open(self) -> GraphRAG:
        if self._open:
            return self
        private_dir(self.settings.data_dir)
        telemetry.configure(
            self.settings.otel_exporter,
            endpoint=self.settings.otel_endpoint,
            content=self.settings.otel_content,
        )
        self.graph.open()
        try:
            self.graph.ensure_schema()
            self.vectors.open()
            self.vectors.ensure_collection(self.embedder.dimension)
        except BaseException:
            self.vectors.close()
            self.graph.close()
            raise
        self._open = True
        return self

    def close(self) -> None:
        self._open = False
        telemetry.flush()
        try:
            self.vectors.close()
        finally:
            self.graph.close()
            if isinstance(self.embedder, CachedEmbedder):
                self.embedder.close()

    def __enter__(self) -> GraphRAG:
        return self.open()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- ingestion ---------------------------------------------------------------------------

    def ingest(
        self,
        paths: Sequence[str | Path],
        *,
        tenant: str = "default",
        visibility: Visibility = "internal",
        acl: Sequence[str] = (),
        include: Sequence[str] = (),
        exclude: Sequence[str] = (),
        recursive: bool = True,
        progress: Progress | None = None,
        workers: int | None = None,
        ray_address: str | None = None,
    ) -> IngestReport:
        """Ingest files and folders; unchanged files are skipped, changed ones replaced.

        Every file is all-or-nothing; a bad file is reported in ``errors`` and the rest goes on.
        ``workers`` (default ``GRAPHRAG_INGEST_WORKERS``, 0: this process) parse, chunk and
        embed files on Ray, started here or joined at ``ray_address`` (default
        ``GRAPHRAG_RAY_ADDRESS``; with an address and no count, one worker per CPU of the
        cluster); the stores see the same writes as without them.
        """
        self.open()
        files, problems = discover(
            [Path(p) for p in paths],
            include=list(include),
            exclude=list(exclude),
            recursive=recursive,
        )
        try:
            access = AccessFields(tenant=tenant, visibility=visibility, acl=list(acl))
        except ValidationError as exc:
            raise InputError(
                str(exc.errors()[0]["msg"]).removeprefix("Value error, "),
                hint="check the tenant, visibility and ACL groups given to ingest",
            ) from None
        pipeline = IngestionPipeline(
            self.graph,
            self.vectors,
            self.embedder,
            self.sparse,
            HierarchicalChunker(self._chunking(), count_tokens=self.embedder.count_tokens),
            self._extractor(),
            resolver_config=ResolverConfig(
                use_embeddings=self.settings.entity_embedding_resolution
            ),
            max_bytes=int(self.settings.max_file_mb * 1024 * 1024),
            progress=progress,
            lock=self.lock,
            parse=self._parser.parse if self._parser is not None else None,
            file_timeout_s=self.settings.file_timeout_s,
        )
        count = self.settings.ingest_workers if workers is None else workers
        address = ray_address or self.settings.ray_address
        fanout: AbstractContextManager[RayFanout | None] = nullcontext()
        if count or address:
            fanout = RayFanout(
                partial(components.worker_tools, self.settings),
                workers=count or None,
                address=address,
                timeout_s=self.settings.file_timeout_s,
            )
        with self._ingesting, fanout as workers_on:
            pipeline.fanout = workers_on
            report = pipeline.ingest(files, access, display_paths(files, [Path(p) for p in paths]))
        if self._retriever is not None:
            self._retriever.refresh_entities()
        report.errors[:0] = [
            FileError(path=p.path, error=f"{p.path}: {p.message}", reason=p.reason)
            for p in problems
        ]
        if isinstance(self.embedder, CachedEmbedder):
            report.embedding_cache_hits = self.embedder.hits
        return report

    def _extractor(self) -> EntityExtractor:
        return components.extractor(self.settings)

    def _llm_client(self, needed_by: str) -> Completer:
        return components.llm_client(self.settings, needed_by)

    def _chunking(self) -> ChunkingConfig:
        return components.chunking(self.settings)

    def documents(self, access: AccessFilter | None = None) -> list[DocumentSummary]:
        """The documents ``access`` may see (default: the default tenant's public and internal
        documents without an ACL; ``AccessFilter.everything()`` lists all)."""
        self.open()
        with self.lock.read():
            return self.graph.list_documents(access or AccessFilter())

    def delete(self, document: str) -> DeleteReport:
        """Delete a document by id or by its source path; its entities nobody else mentions go
        too."""
        self.open()
        with self.lock:
            doc_id = self._resolve_document(document)
            # the graph first: points left by a kill in between are found by the next ingest
            report = self.graph.delete_document(doc_id)
            self.vectors.delete_document(doc_id)
        if self._retriever is not None:
            self._retriever.refresh_entities()
        return report

    # -- exploring the graph (graphrag.explore) ----------------------------------------------

    def entities(
        self, query: str = "", *, access: AccessFilter | None = None, limit: int = 20
    ) -> list[EntityHit]:
        """Entities whose names (as the caller's chunks write them) contain ``query``, with
        how many chunks and documents mention them; "" lists the most mentioned."""
        self.open()
        with self.lock.read():
            return explore.entities(self.graph, query, access or AccessFilter(), limit)

    def entity(
        self, entity_id: str, *, access: AccessFilter | None = None, limit: int = 20
    ) -> EntityView:
        """One entity's mentions (with the text around them) and relations."""
        self.open()
        with self.lock.read():
            return explore.entity(self.graph, entity_id, access or AccessFilter(), limit)

    def paths(
        self,
        source_id: str,
        target_id: str,
        *,
        access: AccessFilter | None = None,
        limit: int = 5,
    ) -> list[EntityPath]:
        """The shortest relation paths between two entities (at most four hops)."""
        self.open()
        with self.lock.read():
            return explore.paths(self.graph, source_id, target_id, access or AccessFilter(), limit)

    def evidence(
        self,
        query: str,
        k: int = 10,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
    ) -> EvidenceGraph:
        """The search's evidence as a graph: chunks, their sections and documents, the
        entities they mention, relations, and the path that brought each graph-added chunk."""
        access = access or AccessFilter()
        result = self.search(
            query, k=k, filters=filters, access=access, use_graph=use_graph, graph_context=True
        )
        with self.lock.read():
            return explore.evidence(self.graph, result, access)

    def neighbourhood(
        self, chunk_id: str, *, access: AccessFilter | None = None, limit: int = 30
    ) -> EvidenceGraph:
        """One chunk's neighbourhood as a graph: the chunks the search's walk reaches from it
        (and the edge that brought each), their sections and documents, their entities and
        relations; at most ``limit`` reached chunks."""
        self.open()
        with self.lock.read():
            return explore.neighbourhood(self.graph, chunk_id, access or AccessFilter(), limit)

    def read(
        self,
        chunk_id: str,
        *,
        access: AccessFilter | None = None,
        neighbours: int = 1,
        whole_section: bool = False,
    ) -> list[ChunkWithContext]:
        """A chunk with its neighbours in reading order, or with its whole section."""
        self.open()
        with self.lock.read():
            return explore.read(
                self.graph,
                chunk_id,
                access or AccessFilter(),
                neighbours=neighbours,
                whole_section=whole_section,
            )

    def structure(self, document: str, *, access: AccessFilter | None = None) -> DocumentStructure:
        """A document's section tree (by id or source path) with chunk counts and pages."""
        self.open()
        with self.lock.read():
            return explore.structure(self.graph, document, access or AccessFilter())

    def _resolve_document(self, document: str) -> str:
        if self.graph.get_document(document) is not None:
            return document
        wanted = {document, str(Path(document).resolve())}
        matches = [
            d.document.id
            for d in self.graph.list_documents(AccessFilter.everything())
            if d.document.source in wanted
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise InputError(
                f"{document!r} matches {len(matches)} documents (one per tenant)",
                hint="pass the document id (graphrag documents --json shows it)",
            )
        raise NotFoundError(f"no document {document!r}", hint="see `graphrag documents`")

    # -- query -------------------------------------------------------------------------------

    @property
    def retriever(self) -> Retriever:
        if self._retriever is None:
            self._retriever = Retriever(
                self.graph,
                self.vectors,
                self.embedder,
                self.sparse,
                self.reranker,
                self.retrieval,
                paraphraser=LlmParaphraser(self._llm_client("GRAPHRAG_LLM_PARAPHRASES"))
                if self.settings.llm_paraphrases
                else None,
                analysis_llm=self._llm_client("GRAPHRAG_LLM_QUERY_ANALYSIS")
                if self.settings.llm_query_analysis
                else None,
            )
        return self._retriever

    def search(
        self,
        query: str,
        k: int = 10,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
        graph_context: bool = False,
        branches: Literal["hybrid", "dense", "sparse"] = "hybrid",
    ) -> SearchResult:
        """Hybrid candidates, graph refinement and reranking; every stage's score is kept.

        ``filters``: doc_ids, kinds, languages, mimes, page_from/page_to,
        modified_after/modified_before, must_terms, must_not_terms (unknown keys are refused).
        ``graph_context``: also walk the neighbourhood for the entities, relations and paths
        around the evidence (``result.graph``); ``ask`` always does. ``branches``: "sparse"
        for the keywords alone, "dense" for the meaning alone.
        """
        self.open()
        request = _request(
            letter.body(query), k, filters, access, use_graph, graph_context, branches
        )
        with self.lock.read():
            return self.retriever.search(request)

    def ask(
        self,
        question: str,
        k: int = 8,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
        max_rounds: int = 2,
    ) -> Answer:
        """Answer with citations ``[n]`` to document, section and page.

        Without an LLM the answer is extractive (the sentences that answer it, plus graph
        paths between the question's entities). With an LLM (``llm_url``), multi-hop questions
        get iterative retrieval: when a round cannot answer, the next one searches again with
        the bridge entities the graph found, at most ``max_rounds`` rounds.
        """
        return self.ask_explained(
            question, k, filters, access=access, use_graph=use_graph, max_rounds=max_rounds
        )[0]

    def ask_explained(
        self,
        question: str,
        k: int = 8,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
        max_rounds: int = 2,
    ) -> tuple[Answer, SearchResult]:
        """``ask``, plus the search result the answer was built from (every stage's scores,
        the analysis, the graph context): what ``graphrag ask --explain`` prints."""
        search: SearchResult | None = None
        answer: Answer | None = None
        for event in self.ask_stream(
            question, k, filters, access=access, use_graph=use_graph, max_rounds=max_rounds
        ):
            if event.type == "search":
                search = event.search
            elif event.type == "answer":
                answer = event.answer
        assert answer is not None and search is not None
        return answer, search

    def ask_stream(
        self,
        question: str,
        k: int = 8,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
        max_rounds: int = 2,
        carry: Sequence[str] = (),
        answer_as: str | None = None,
    ) -> Iterator[AnswerEvent]:
        """``ask`` as it happens: the search, then the answer's text as it is written, then
        the whole answer (``AnswerEvent``). ``ask`` and ``ask_explained`` read this stream.
        ``carry``: chunk ids that stay in reach behind the search's own (a conversation's
        previous evidence), as far as the caller may see them; ``answer_as``: the question
        the answer is written for, when it is not the one searched (a follow-up).

        >>> for event in rag.ask_stream("Wie lange dauert die Probezeit?"):  # doctest: +SKIP
        ...     print(event.text, end="", flush=True)
        """
        self.open()
        flagged = self.guardrails.question(answer_as or question)  # refused: nothing runs
        # a question pasted as a letter is asked by its body, without greeting and sign-off
        yield from self._answer_stream(
            letter.body(question),
            k,
            filters,
            access,
            use_graph,
            max_rounds,
            carry,
            letter.body(answer_as) if answer_as is not None else None,
            flagged,
        )

    def _answer_stream(
        self,
        question: str,
        k: int,
        filters: SearchFilters | dict[str, Any] | None,
        access: AccessFilter | None,
        use_graph: bool | None,
        max_rounds: int,
        carry: Sequence[str],
        answer_as: str | None,
        flagged: list[str],
    ) -> Iterator[AnswerEvent]:
        """``ask_stream`` for a question already read: its body taken, its guardrails passed
        (``flagged``: the injection check's finding)."""
        request = _request(question, max(k, 10), filters, access, use_graph, True)
        # one trace for the search and the answer, though the answer runs in its own thread
        # and this generator yields in between (a span is no context across a yield)
        ask_span = telemetry.start("ask", **{"ask.question": telemetry.content(question)})
        try:
            with telemetry.within(ask_span), self.lock.read():
                searched = self._search_evidence(request)
                carried = self.graph.fetch_chunks(list(carry), request.access) if carry else None
            # "Pasue" searched as "Pause" is answered so too (a follow-up is answered as asked)
            read_as = searched.read_as if answer_as is None else None
            if searched.read_as is not None:
                request = request.model_copy(update={"query": searched.read_as})
            answer_as = answer_as or read_as
            # ordering embeds sentences (seconds on a cold cache): an ingestion waiting for
            # the write lock must not wait for that; it reads only the result in hand
            with telemetry.within(ask_span):
                result = self._evidence(request, searched)
            if carried is not None:
                result = _with_carried(result, carried)
            timings = dict(result.timings_ms)
            yield AnswerEvent(type="search", search=result)
            answer = yield from self._stream_answer(
                answer_as or question, result, request.access, ask_span
            )
            rounds = 1
            while (
                not answer.answerable
                and rounds < max_rounds
                and not isinstance(self.generator, ExtractiveAnswerer)
            ):
                bridge = [e.name for e in result.graph.entities if e.name not in question][:2]
                if not bridge:
                    break
                rounds += 1
                follow = _request(
                    f"{question} {' '.join(bridge)}", request.k, filters, access, use_graph, True
                )
                with telemetry.within(ask_span), self.lock.read():
                    more = self.retriever.search(follow)
                merged = {r.chunk.id: r for r in [*result.results, *more.results]}
                result = more.model_copy(
                    update={
                        "results": sorted(merged.values(), key=lambda r: -r.scores.final)[
                            : request.k
                        ]
                    }
                )
                yield AnswerEvent(type="restart")
                yield AnswerEvent(type="search", search=result)
                answer = yield from self._stream_answer(
                    answer_as or question, result, request.access, ask_span
                )
            ask_span.set_attribute("ask.rounds", rounds)
        finally:
            ask_span.end()
        timings["rounds"] = rounds
        answer.timings_ms = {**timings, **answer.timings_ms}
        answer.guardrails.injection = flagged
        if read_as is not None:
            answer.question, answer.read_as = question, read_as
        yield AnswerEvent(type="answer", answer=answer)

    def _search_evidence(self, request: SearchRequest) -> SearchResult:
        """The search an answer's evidence comes from: as deep as the ordering reads
        (``_evidence``). Runs under the store's read lock."""
        cfg = self.retrieval
        if cfg.sentence_order == "never":
            return self.retriever.search(request)
        return self.retriever.search(
            request.model_copy(update={"k": max(request.k, cfg.sentence_depth)})
        )

    def _evidence(self, request: SearchRequest, result: SearchResult) -> SearchResult:
        """The search's results as the evidence an answer reads: for a question one passage
        answers, its first results ordered with their best sentence's resemblance to the
        question as well (``graphrag.answer.ordering``). Reads no store: runs outside the
        lock."""
        cfg = self.retrieval
        if cfg.sentence_order == "never":
            return result
        started = time.perf_counter()
        ordered = by_best_sentence(
            request.query, result, self.embedder, depth=cfg.sentence_depth, k=request.k
        )
        timings = {key: ms for key, ms in result.timings_ms.items() if key != "total"}
        timings["sentence_order"] = round((time.perf_counter() - started) * 1000, 2)
        timings["total"] = round(sum(timings.values()), 2)
        return ordered.model_copy(update={"timings_ms": timings})

    def chat(
        self,
        question: str,
        conversation_id: str | None = None,
        k: int = 8,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
    ) -> Answer:
        """``ask`` within a conversation: a follow-up ("Und bei mehr als neun Stunden?") is
        searched and answered with the question before it, and the previous turn's evidence
        stays in reach. Without ``conversation_id`` a conversation starts; the answer's
        ``conversation_id`` continues it (only for the same caller)."""
        for event in self.chat_stream(
            question, conversation_id, k, filters, access=access, use_graph=use_graph
        ):
            if event.type == "answer" and event.answer is not None:
                return event.answer
        raise AssertionError("the answer stream ended without an answer")

    def chat_stream(
        self,
        question: str,
        conversation_id: str | None = None,
        k: int = 8,
        filters: SearchFilters | dict[str, Any] | None = None,
        *,
        access: AccessFilter | None = None,
        use_graph: bool | None = None,
    ) -> Iterator[AnswerEvent]:
        """``chat`` as it happens: the events of ``ask_stream``; the last one's answer carries
        the conversation id."""
        from ingestion.language import detect

        caller = access or AccessFilter()
        _request(question, k, filters, caller, use_graph)  # a bad request starts nothing
        self.open()
        flagged = self.guardrails.question(question)  # refused: nothing runs
        cid, turns = self.conversations.turns(conversation_id, caller)
        language = "de" if detect(question, default="en") == "de" else "en"
        asked = letter.body(question)  # a follow-up is told by its body, not its greeting
        query, answer_as = follow_up_query(asked, language, turns)
        carry = turns[-1].chunk_ids if turns and query != asked else []
        for event in self._answer_stream(
            query, k, filters, caller, use_graph, 2, carry, answer_as, flagged
        ):
            if event.type == "answer" and event.answer is not None:
                answer = event.answer.model_copy(
                    update={"question": question, "conversation_id": cid}
                )
                chunks = [c for p in answer.passages for c in p.chunk_ids]
                self.conversations.add(cid, caller, Turn(question, query, chunks))
                event = AnswerEvent(type="answer", answer=answer)
            yield event

    def _stream_answer(
        self, question: str, result: SearchResult, access: AccessFilter, parent: Span
    ) -> Generator[AnswerEvent, None, Answer]:
        """Run the generator in a thread and pass its text on as it comes."""
        pieces: queue.Queue[str | None] = queue.Queue()
        outcome: dict[str, Any] = {}

        def work() -> None:
            try:
                with telemetry.within(parent):
                    outcome["answer"] = self._answer_from(question, result, access, pieces.put)
            except BaseException as exc:  # re-raised in the caller's thread below
                outcome["error"] = exc
            finally:
                pieces.put(None)

        worker = threading.Thread(target=work, name="graphrag-answer", daemon=True)
        worker.start()
        while (piece := pieces.get()) is not None:
            yield AnswerEvent(type="token", text=piece)
        worker.join()
        if "error" in outcome:
            raise outcome["error"]
        answer: Answer = outcome["answer"]
        return answer

    def _answer_from(
        self,
        question: str,
        result: SearchResult,
        access: AccessFilter,
        on_token: OnToken | None = None,
    ) -> Answer:
        with (
            telemetry.span(
                "answer", **{"answer.generator": getattr(self.generator, "name", "custom")}
            ) as span,
            telemetry.stage("answer", "total", traced=False),
        ):
            answer = self._answer_in_span(question, result, access, on_token)
            span.set_attribute("answer.answerable", answer.answerable)
            span.set_attribute("answer.citations", len(answer.citations))
            span.set_attribute("answer.passages", len(answer.passages))
            span.set_attribute("answer.chars", len(answer.answer))
            return answer

    def _answer_in_span(
        self,
        question: str,
        result: SearchResult,
        access: AccessFilter,
        on_token: OnToken | None = None,
    ) -> Answer:
        import time

        start = time.perf_counter()
        emit, flush = self.guardrails.redacting(on_token) if on_token else (None, None)
        answer = self._generate(question, result, access, emit)
        if flush is not None:
            flush()
        answer = self._checked(answer)
        answer.timings_ms = {"answer": round((time.perf_counter() - start) * 1000, 2)}
        return answer

    def _checked(self, answer: Answer) -> Answer:
        """The output guardrails: citations that point to no passage out, an uncited LLM
        answer disclaimed or refused, secrets and personal data redacted."""
        report = answer.guardrails
        valid = len(answer.passages)

        def cite(m: re.Match[str]) -> str:
            if 0 < int(m.group(1)) <= valid:
                return m.group(0)
            report.citations_removed += 1
            return ""

        text = re.sub(r"\s?\[(\d+)\]", cite, answer.answer)
        llm = not isinstance(self.generator, ExtractiveAnswerer)
        if llm and answer.answerable and not answer.citations:
            report.uncited = True
            if self.guardrails.uncited == "refuse":
                text = not_answered(answer.language)
                answer.answerable = False
        text, report.redacted = redact(text, self.guardrails.redact_kinds)
        answer.answer = text
        return answer

    def _generate(
        self,
        question: str,
        result: SearchResult,
        access: AccessFilter,
        on_token: OnToken | None,
    ) -> Answer:
        settings = self.settings
        with self.lock.read():  # a question about references is answered from the graph's edges
            answer = ReferenceAnswerer(self.graph).answer(
                question, result.analysis.language, access, result.graph, on_token
            )
        if answer is not None:
            return answer
        with self.lock.read():
            evidence = with_context(
                result.results,
                self.graph,
                access,
                anchors=settings.answer_context_anchors,
                hops=settings.answer_context_hops,
                small_document=settings.answer_small_document_chunks,
                whole_section=settings.answer_section_chunks
                if "section" in result.analysis.levels
                else 0,
            )
        passages = build_passages(evidence, budget_tokens=settings.answer_budget_tokens)
        language = result.analysis.language
        generator = self.generator

        def generate(given: list[Passage]) -> Answer:
            from graphrag.agents import Toolkit

            if isinstance(generator, AgentAnswerer):  # the model may search on its own
                return generator.answer_with_tools(
                    question,
                    language,
                    given,
                    result.graph,
                    Toolkit(self, access),
                    lambda ids: self._fetch(ids, access),
                    on_token,
                )
            return generator.answer(question, language, given, result.graph, on_token)

        if isinstance(generator, ExtractiveAnswerer) or self.guardrails.passages == "off":
            return generate(passages)
        # an LLM reads passages that carry instructions as fenced data, or not at all
        flagged = [bool(injection(p.text)) for p in passages]
        if self.guardrails.passages == "drop":
            kept = [p for p, bad in zip(passages, flagged, strict=True) if not bad]
            answer = generate(kept)
            answer.guardrails.passages_dropped = sum(flagged)
            return answer
        prompt_passages = [
            p.model_copy(update={"text": fenced(p.text, language)}) if bad else p
            for p, bad in zip(passages, flagged, strict=True)
        ]
        answer = generate(prompt_passages)
        # the reader sees the sources as they are (an agent's own finds come after them)
        answer.passages = passages + answer.passages[len(passages) :]
        answer.guardrails.passages_fenced = sum(flagged)
        return answer

    def _fetch(self, ids: list[str], access: AccessFilter) -> list[ChunkWithContext]:
        if not ids:
            return []
        with self.lock.read():
            return self.graph.fetch_chunks(ids, access)

    def _default_generator(self) -> AnswerGenerator | AgentAnswerer:
        if self.settings.llm_agent:
            if not self.settings.llm_url:
                raise ConfigError(
                    "GRAPHRAG_LLM_AGENT",
                    "the agent loop needs a model with tool calls at GRAPHRAG_LLM_URL",
                    hint="set GRAPHRAG_LLM_URL (llama.cpp in-process has no tool calls here), "
                    "or GRAPHRAG_LLM_AGENT=false",
                )
            key = self.settings.llm_api_key
            chat = LlmClient(
                self.settings.llm_url,
                model=self.settings.llm_model,
                api_key=key.get_secret_value() if key else None,
            )
            return AgentAnswerer(chat, max_steps=self.settings.agent_max_steps)
        if self.settings.llm_gguf is not None:
            client = self._llm_client("GRAPHRAG_LLM_GGUF")
            return LlmGenerator(client, name=f"llama.cpp/{self.settings.llm_gguf.name}")
        if self.settings.llm_url:
            key = self.settings.llm_api_key
            return OpenAICompatibleGenerator(
                self.settings.llm_url,
                model=self.settings.llm_model,
                api_key=key.get_secret_value() if key else None,
            )
        return ExtractiveAnswerer(self.embedder, glossary_path=self.settings.glossary)

    # -- status ------------------------------------------------------------------------------

    def describe(self) -> dict[str, str]:
        return {
            "graph": self.graph.describe(),
            "vectors": self.vectors.describe(),
            "embedder": self.embedder.name,
        }

    def status(self) -> dict[str, Any]:
        """Where the stores are and what they hold (opens them if needed)."""
        self.open()
        with self.lock.read():
            stats = self.graph.stats()
            points = self.vectors.count()
        return {**self.describe(), "graph_stats": stats.model_dump(), "vector_points": points}


def _request(
    query: str,
    k: int,
    filters: SearchFilters | dict[str, Any] | None,
    access: AccessFilter | None,
    use_graph: bool | None,
    graph_context: bool = False,
    branches: Literal["hybrid", "dense", "sparse"] = "hybrid",
) -> SearchRequest:

    try:
        return SearchRequest(
            query=query,
            k=k,
            filters=filters
            if isinstance(filters, SearchFilters)
            else SearchFilters(**(filters or {})),
            access=access or AccessFilter(),
            use_graph=use_graph,
            graph_context=graph_context,
            branches=branches,
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "request"
        raise InputError(
            f"{where}: {first['msg']}", hint="see `graphrag search --help` for the accepted filters"
        ) from None


def _with_carried(result: SearchResult, carried: list[ChunkWithContext]) -> SearchResult:
    """The search's results, then the carried chunks it did not find itself, ranked below
    its last."""
    have = {r.chunk.id for r in result.results}
    floor = min((r.scores.final for r in result.results), default=1.0)
    extra = [
        ScoredChunk(
            chunk=c.chunk,
            doc_title=c.doc_title,
            doc_file=c.doc_file,
            doc_path=c.doc_path,
            scores=StageScores(final=round(floor * 0.99 - 1e-6 * i, 6)),
            provenance=[Provenance(source="conversation")],
        )
        for i, c in enumerate(c for c in carried if c.chunk.id not in have)
    ]
    return result.model_copy(update={"results": [*result.results, *extra]})
