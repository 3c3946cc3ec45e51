"""The evidence an answer reads, ordered by how well its best sentence answers the question.

The search scores a chunk as a whole; an answer quotes one sentence of it. A provision of ten
sentences, one of which answers "Ab wie vielen Mitarbeitern soll eine Firma prüfen, ...?", ranks
below shorter chunks that share more of the question's words, and falls out of the passages the
answerer reads. For a question one passage answers, the search's first ``depth`` results are
therefore ordered by reciprocal rank fusion of two orders: the search's own, and each chunk's
best sentence's cosine to the question under the embedder (the same "heading: sentence" texts
the extractive answerer embeds, so its cache serves both). A multi-hop question keeps the
search's order: its second hop's passage ("Nicki Minaj was born in ...") does not resemble the
question, and ordering by resemblance pushes it out. So does a question that asks two things
("Welche Frist gilt ..., und welche Vorschriften ... gelten dabei entsprechend?"): each part's
evidence resembles its part, not the whole.

Each place keeps the final score the search gave that place, so the scores stay on the search's
scale and in descending order (what the passages and the conversation's carried evidence
expect); each chunk's ``scores.sentence`` says what its best sentence scored.
"""

from __future__ import annotations

import numpy as np

from graphrag.answer.asks import split_question
from graphrag.answer.evidence import candidates
from graphrag.answer.passages import build_passages
from graphrag.models.embedders import Embedder
from schemas import ScoredChunk, SearchResult

# the usual constant of reciprocal rank fusion (Cormack, Clarke and Büttcher 2009): neither
# order outweighs the other at the top
RRF_K = 60


def by_best_sentence(
    question: str, result: SearchResult, embedder: Embedder, *, depth: int, k: int
) -> SearchResult:
    """``result``'s first ``depth`` results in the fused order, then the rest, cut to ``k``;
    a multi-hop question's, or one's in several parts, as the search ordered them."""
    if result.analysis.multi_hop or len(split_question(question)) > 1 or not result.results:
        return result.model_copy(update={"results": result.results[:k]})
    head, tail = result.results[:depth], result.results[depth:]
    best = best_sentences(question, head, embedder)
    by_sentence = sorted(range(len(head)), key=lambda i: -best[i])
    place = {i: n for n, i in enumerate(by_sentence)}
    fused = sorted(
        range(len(head)), key=lambda i: -(1 / (RRF_K + i + 1) + 1 / (RRF_K + place[i] + 1))
    )
    finals = [r.scores.final for r in head]
    ordered = [
        head[i].model_copy(
            update={
                "scores": head[i].scores.model_copy(
                    update={"final": finals[n], "sentence": round(best[i], 6)}
                )
            }
        )
        for n, i in enumerate(fused)
    ]
    return result.model_copy(update={"results": [*ordered, *tail][:k]})


def best_sentences(question: str, results: list[ScoredChunk], embedder: Embedder) -> list[float]:
    """Per result, the highest cosine between the question and one of its sentences (-1 for
    a chunk without a sentence)."""
    texts: list[str] = []
    owners: list[int] = []
    for i, r in enumerate(results):
        for c in candidates(build_passages([r], budget_tokens=10**9, max_passages=1)):
            texts.append(f"{c.heading}: {c.text}")
            owners.append(i)
    best = [-1.0] * len(results)
    if not texts:
        return best
    query = _unit(np.asarray([embedder.embed_query(question)], dtype=np.float32))[0]
    vectors = _unit(np.asarray(embedder.embed_documents(texts), dtype=np.float32))
    for owner, cosine in zip(owners, vectors @ query, strict=True):
        best[owner] = max(best[owner], float(cosine))
    return best


def _unit(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)
