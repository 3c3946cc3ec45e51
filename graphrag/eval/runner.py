"""Run an evaluation set through the system and its baselines on the same chunks.

The corpus is ingested once into a separate data directory keyed by corpus and configuration
(a second run reuses it). Baselines: BM25 (bm25s) over the same chunks' indexed text, and
dense-only retrieval with the same embedder.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from graphrag.errors import InputError
from graphrag.eval import metrics as m
from graphrag.eval.datasets import EvalQuestion, EvalSet
from graphrag.retrieval.config import RetrievalConfig
from graphrag.sdk import GraphRAG
from ingestion.progress import NoProgress, Progress
from schemas import HybridQuery, ScoredChunk
from schemas.query import SearchRequest

BASELINES = ("bm25", "dense")


# Bumped when ingestion writes something a cached evaluation index lacks (2: citation edges;
# 3: German elisions completed in the sparse vectors; 4: a Markdown document's definition list
# under its title read as its particulars, not as chunks), so a cached index is never
# evaluated as if it had it.
INDEX_FORMAT = 4


class EvalConfig(BaseModel):
    ks: list[int] = Field(default_factory=lambda: [1, 2, 5, 10])
    baselines: list[str] = Field(default_factory=lambda: list(BASELINES))
    embedder: str = "e5-small"
    reranker: str = "none"
    graph: bool = True
    chunk_size: int | None = None
    answers: bool = False
    retrieval: dict[str, Any] = Field(
        default_factory=dict, description="RetrievalConfig overrides (weights, caps, ...)"
    )


class QuestionResult(BaseModel):
    id: str
    question: str
    category: str
    difficulty: str | None = None
    gold: list[str]
    system: list[str]  # retrieved corpus ids (or chunk ids for squad) in rank order
    metrics: dict[str, float]
    baselines: dict[str, dict[str, float]] = Field(default_factory=dict)
    baseline_ranking: dict[str, list[str]] = Field(default_factory=dict)
    answer: str | None = None
    answer_metrics: dict[str, float] = Field(default_factory=dict)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    passage_chars: float = 0.0


class EvalRun(BaseModel):
    dataset: str
    questions: int
    config: dict[str, Any]
    metrics: dict[str, float]
    baselines: dict[str, dict[str, float]]
    by_category: dict[str, dict[str, dict[str, float]]] = Field(default_factory=dict)
    answers: dict[str, float] = Field(default_factory=dict)
    latency_ms: dict[str, float]
    ingestion: dict[str, Any]
    per_question: list[QuestionResult] = Field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "dataset": self.dataset,
            "questions": self.questions,
            "config": self.config,
            "metrics": self.metrics,
            "baselines": self.baselines,
            "latency_ms": self.latency_ms,
            "answers": self.answers,
            "by_category": self.by_category,
            "ingestion": self.ingestion,
        }


class EvalRunner:
    def __init__(
        self,
        evalset: EvalSet,
        config: EvalConfig,
        data_root: Path,
        progress: Progress | None = None,
    ) -> None:
        self.evalset = evalset
        self.config = config
        self.data_root = data_root
        self.progress = progress or NoProgress()
        for name in config.baselines:
            if name not in BASELINES:
                raise InputError(f"unknown baseline {name!r}", hint=f"use {', '.join(BASELINES)}")

    # -- ingestion ---------------------------------------------------------------------------

    def _key(self) -> str:
        digest = hashlib.sha256()
        digest.update(
            f"{self.evalset.kind}|{self.config.embedder}|{self.config.chunk_size}|"
            f"{INDEX_FORMAT}".encode()
        )
        if self.evalset.corpus_dir is not None:
            for path in sorted(self.evalset.corpus_dir.rglob("*")):
                if path.is_file():
                    digest.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
        for doc in self.evalset.corpus:
            digest.update(f"{doc.id}\x1f{doc.title}\x1f{doc.text}\x1e".encode())
        return digest.hexdigest()[:16]

    def open_index(self) -> tuple[GraphRAG, dict[str, Any]]:
        """The set's corpus ingested (cached per corpus, embedder and chunk size), opened."""
        data_dir = self.data_root / f"{self.evalset.kind}-{self._key()}"
        overrides: dict[str, Any] = {
            "embedder": self.config.embedder,
            "reranker": self.config.reranker,
            "graph_refinement": self.config.graph,
        }
        if self.config.chunk_size:
            overrides["chunk_target_tokens"] = self.config.chunk_size
            overrides["chunk_max_tokens"] = int(self.config.chunk_size * 1.6)
        retrieval = RetrievalConfig(
            graph=self.config.graph, reranker=self.config.reranker, **self.config.retrieval
        )
        rag = GraphRAG(data_dir=data_dir, retrieval=retrieval, **overrides)
        rag.open()
        marker = data_dir / "eval-ingested.json"
        if marker.exists():
            info = json.loads(marker.read_text())
            info["cached"] = True
            return rag, info
        if self.evalset.corpus_dir is not None:
            source = self.evalset.corpus_dir
        else:
            source = data_dir / "corpus"
            source.mkdir(parents=True, exist_ok=True)
            mapping = {}
            for i, doc in enumerate(self.evalset.corpus):
                name = f"{i:06d}.md"
                mapping[name] = doc.id
                title = " ".join(doc.title.split()) or doc.id
                (source / name).write_text(f"# {title}\n\n{doc.text}\n", encoding="utf-8")
            (data_dir / "corpus-ids.json").write_text(json.dumps(mapping))
        start = time.perf_counter()
        report = rag.ingest([source], progress=self.progress)
        info = {
            "seconds": round(time.perf_counter() - start, 1),
            "documents": report.documents,
            "chunks": report.chunks,
            "errors": len(report.errors),
            "timings_s": report.timings_s,
            "cached": False,
        }
        marker.write_text(json.dumps(info))
        return rag, info

    # -- run ---------------------------------------------------------------------------------

    def run(self) -> EvalRun:
        rag, ingestion = self.open_index()
        try:
            return self._run(rag, ingestion)
        finally:
            rag.close()

    def _run(self, rag: GraphRAG, ingestion: dict[str, Any]) -> EvalRun:
        ks = sorted(set(self.config.ks))
        corpus_of = self._corpus_ids(rag)
        chunks = list(rag.graph.export_chunks())
        doc_of_chunk = {c["id"]: c["doc_id"] for c in chunks}
        text_of_chunk = {c["id"]: c["text"] for c in chunks}
        bm25 = _Bm25(chunks) if "bm25" in self.config.baselines else None
        results: list[QuestionResult] = []
        self.progress.stage("questions", len(self.evalset.questions))
        depth = max(ks) * 5
        for q in self.evalset.questions:
            request = SearchRequest(query=q.question, k=min(200, depth))
            search = rag.retriever.search(request)
            ranked_chunks = [r.chunk.id for r in search.results]
            system = self._ranking(q, ranked_chunks, doc_of_chunk, corpus_of, text_of_chunk)
            row = QuestionResult(
                id=q.id,
                question=q.question,
                category=q.category,
                difficulty=q.difficulty,
                gold=sorted(q.gold) if not q.answer_texts else q.answer_texts[:1],
                system=system[0],
                metrics=self._metrics(q, system[1], ks),
                timings_ms=search.timings_ms,
                passage_chars=_mean_chars(search.results[: max(ks)]),
            )
            for name in self.config.baselines:
                if name == "dense":
                    vector = rag.embedder.embed_query(q.question)
                    hits = rag.vectors.query(HybridQuery(dense=vector, limit=depth))
                    ids = [h.id for h in hits]
                else:
                    assert bm25 is not None
                    ids = bm25.search(q.question, depth)
                ranking = self._ranking(q, ids, doc_of_chunk, corpus_of, text_of_chunk)
                row.baselines[name] = self._metrics(q, ranking[1], ks)
                row.baseline_ranking[name] = ranking[0][:10]
            if not q.answerable:  # nothing to retrieve: only the answer (abstention) is scored
                row.metrics, row.baselines = {}, {}
            if self.config.answers and (q.answer is not None or not q.answerable):
                answer = rag.ask(q.question)
                row.answer = answer.answer
                row.answer_metrics = answer_metrics(q, answer)
            results.append(row)
            self.progress.advance("questions", 1)
        return self._aggregate(results, ingestion, ks)

    def _corpus_ids(self, rag: GraphRAG) -> dict[str, str]:
        """Graph document id -> corpus id."""
        mapping_file = None
        docs = rag.documents()
        out: dict[str, str] = {}
        if self.evalset.corpus_dir is None:
            data_dir = rag.settings.data_dir
            mapping_file = json.loads((data_dir / "corpus-ids.json").read_text())
            for d in docs:
                name = Path(d.document.source).name
                if name in mapping_file:
                    out[d.document.id] = mapping_file[name]
        else:
            for d in docs:
                out[d.document.id] = Path(d.document.source).name
        return out

    def _ranking(
        self,
        q: EvalQuestion,
        chunk_ids: list[str],
        doc_of: dict[str, str],
        corpus_of: dict[str, str],
        text_of: dict[str, str],
    ) -> tuple[list[str], list[float]]:
        """Distinct retrieved units and their relevance, in rank order."""
        if q.answer_texts:  # squad: a passage is relevant when it contains the answer
            needles = [_norm(t)[:80] for t in q.answer_texts]
            rels = [
                1.0 if any(n and n in _norm(text_of.get(c, "")) for n in needles) else 0.0
                for c in chunk_ids
            ]
            return chunk_ids, rels
        seen: list[str] = []
        for cid in chunk_ids:
            corpus_id = corpus_of.get(doc_of.get(cid, ""), "")
            if corpus_id and corpus_id not in seen:
                seen.append(corpus_id)
        return seen, [q.gold.get(c, 0.0) for c in seen]

    def _metrics(self, q: EvalQuestion, rels: list[float], ks: list[int]) -> dict[str, float]:
        grades = [1.0] if q.answer_texts else list(q.gold.values())
        if q.answer_texts:
            rels = _first_relevant_only(rels)
        return m.retrieval_metrics(rels, grades, ks)

    def _aggregate(
        self, all_rows: list[QuestionResult], ingestion: dict[str, Any], ks: list[int]
    ) -> EvalRun:
        rows = [r for r in all_rows if r.metrics]  # retrieval: questions with an answer
        system = m.mean([r.metrics for r in rows])
        if rows:
            system["mean_passage_chars"] = round(sum(r.passage_chars for r in rows) / len(rows), 1)
        baselines = {
            name: m.mean([r.baselines[name] for r in rows]) for name in self.config.baselines
        }
        by_category: dict[str, dict[str, dict[str, float]]] = {}
        for category in sorted(
            {r.category for r in rows} | {r.difficulty or "" for r in rows} - {""}
        ):
            members = [r for r in rows if category in (r.category, r.difficulty)]
            by_category[category] = {
                "system": m.mean([r.metrics for r in members]),
                **{n: m.mean([r.baselines[n] for r in members]) for n in self.config.baselines},
                "count": {"questions": float(len(members))},
            }
        totals = [r.timings_ms.get("total", 0.0) for r in rows]
        latency = {
            "p50": round(m.percentile(totals, 0.5), 1),
            "p95": round(m.percentile(totals, 0.95), 1),
        }
        for stage in ("analyse", "candidates", "graph", "fetch", "rerank"):
            values = [r.timings_ms[stage] for r in rows if stage in r.timings_ms]
            if values:
                latency[f"{stage}_p50"] = round(m.percentile(values, 0.5), 1)
                latency[f"{stage}_p95"] = round(m.percentile(values, 0.95), 1)
        answered = [r.answer_metrics for r in rows if r.answer_metrics]
        answers = m.mean(answered)
        judged = [r for r in all_rows if r.answer_metrics]
        if judged:
            answers.update(
                m.abstention(
                    [bool(r.answer_metrics["abstained"]) for r in judged],
                    [not r.metrics for r in judged],
                )
            )
        return EvalRun(
            dataset=self.evalset.name,
            questions=len(all_rows),
            config=self.config.model_dump(),
            metrics=system,
            baselines=baselines,
            by_category=by_category,
            answers=answers,
            latency_ms=latency,
            ingestion=ingestion,
            per_question=all_rows,
        )


class _Bm25:
    """bm25s over the chunks' indexed text (title, section path, text), with stemming."""

    def __init__(self, chunks: list[dict[str, Any]]) -> None:
        import bm25s
        import Stemmer

        languages = [c.get("language") or "en" for c in chunks]
        german = languages.count("de") > len(languages) / 2
        self.language = "german" if german else "english"
        self.stemmer = Stemmer.Stemmer(self.language)
        self.stopwords = "de" if german else "en"
        self.ids = [c["id"] for c in chunks]
        texts = [
            " ".join([c.get("title") or "", *(c.get("section_path") or []), c["text"]])
            for c in chunks
        ]
        tokens = bm25s.tokenize(
            texts, stopwords=self.stopwords, stemmer=self.stemmer, show_progress=False
        )
        self.index = bm25s.BM25()
        self.index.index(tokens, show_progress=False)

    def search(self, query: str, k: int) -> list[str]:
        import bm25s

        tokens = bm25s.tokenize(
            [query], stopwords=self.stopwords, stemmer=self.stemmer, show_progress=False
        )
        if not tokens.vocab:
            return []
        k = min(k, len(self.ids))
        docs, _ = self.index.retrieve(tokens, k=k, show_progress=False)
        return [self.ids[int(i)] for i in docs[0]]


def _first_relevant_only(rels: list[float]) -> list[float]:
    """One answer passage exists per question; later matching chunks are repeats of it."""
    out, found = [], False
    for r in rels:
        out.append(r if not found else 0.0)
        found = found or r > 0
    return out


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w§]+", " ", text.lower()).split())


def _mean_chars(results: list[ScoredChunk]) -> float:
    return sum(len(r.chunk.text) for r in results) / len(results) if results else 0.0


def answer_metrics(q: EvalQuestion, answer: Any) -> dict[str, float]:
    """What a person reading ``answer`` gets: key facts, citations that point at passages,
    sentences the cited passages support, abstention where the documents do not answer."""
    from ingestion.chunking.sentences import split_sentences

    if not q.answerable:
        return {"abstained": float(not answer.answerable)}
    gold = q.answer or ""
    passage_chunks = {cid for p in answer.passages for cid in p.chunk_ids}
    cited = [p for p in answer.passages if any(c.chunk_id in p.chunk_ids for c in answer.citations)]
    text = re.sub(r"\[\d+\]", "", answer.answer)
    return {
        "exact_match": m.exact_match(text, gold),
        "f1": m.token_f1(text, gold),
        "contains_answer": m.contains_answer(text, gold),
        "key_facts": m.coverage(text, q.key_facts),
        "forbidden": float(
            any(m.normalise_answer(f) in m.normalise_answer(text) for f in q.forbidden)
        ),
        "citation_validity": (
            sum(c.chunk_id in passage_chunks for c in answer.citations) / len(answer.citations)
        )
        if answer.citations
        else 0.0,
        "groundedness": m.groundedness(split_sentences(text), [p.text for p in cited]),
        "answerable": float(answer.answerable),
        "abstained": float(not answer.answerable),
    }
