"""The extractive default: the sentences that answer the question, with citations; no LLM.

Sentences from the passages are scored by a reranker (question, sentence) and by term overlap;
the best ones, from at most three passages, form the answer, each followed by ``[n]``. Graph
paths between the question's entities are added for multi-hop questions. Below a confidence
floor the answer says that the documents do not answer the question.
"""

from __future__ import annotations

import re

from graphrag.answer.protocol import citation_for, unanswered
from graphrag.models.rerankers import Reranker
from ingestion.chunking.sentences import split_sentences
from schemas import Answer, GraphContext, Passage

_WORD = re.compile(r"\w{3,}")
_STOP = frozenset(
    "der die das und oder ist sind wird werden ein eine einer eines mit von für auf bei nach "
    "the and for with from that this what which who when where how was were are is does did "
    "wer was wann wie welche welcher welches".split()
)


class ExtractiveAnswerer:
    name = "extractive"

    def __init__(
        self, reranker: Reranker | None = None, *, max_sentences: int = 3, min_score: float = 0.25
    ) -> None:
        self.reranker = reranker
        self.max_sentences = max_sentences
        self.min_score = min_score

    def answer(
        self, question: str, language: str, passages: list[Passage], graph: GraphContext
    ) -> Answer:
        candidates: list[tuple[int, str]] = []
        for i, passage in enumerate(passages[:5]):
            for sentence in split_sentences(passage.text.replace("\n", " ")):
                if 20 <= len(sentence) <= 600 and not sentence.rstrip().endswith("?"):
                    candidates.append((i, sentence))
        if not candidates:
            return unanswered(question, language, passages, graph)
        overlap = [_overlap(question, s) for _, s in candidates]
        if self.reranker is not None:
            model = self.reranker.score(question, [s for _, s in candidates])
            low, high = min(model), max(model)
            model = [(m - low) / (high - low) if high > low else 0.5 for m in model]
        else:
            model = [0.0] * len(candidates)
        scored = sorted(
            (
                (0.6 * m + 0.4 * o + 0.05 * (1 - i / 5), i, s)
                for (i, s), m, o in zip(candidates, model, overlap, strict=True)
            ),
            key=lambda x: -x[0],
        )
        best_overlap = max(overlap)
        if best_overlap < self.min_score:
            return unanswered(
                question,
                language,
                passages,
                graph,
                [citation_for(1, passages[0])] if passages else [],
            )
        chosen: list[tuple[int, str]] = []
        for _, i, s in scored:
            if len(chosen) >= self.max_sentences:
                break
            if sum(1 for j, _ in chosen if j == i) < 2 and s not in {c for _, c in chosen}:
                chosen.append((i, s))
        numbers: dict[int, int] = {}
        parts = []
        for i, sentence in chosen:
            n = numbers.setdefault(i, len(numbers) + 1)
            parts.append(f"{sentence} [{n}]")
        text = " ".join(parts)
        if graph.paths:
            label = "Verbindung im Graphen" if language == "de" else "Connection in the graph"
            chains = ["; ".join(" → ".join(p.names) for p in graph.paths[:2])]
            text += f"\n\n{label}: {chains[0]}"
        citations = [
            citation_for(n, passages[i]) for i, n in sorted(numbers.items(), key=lambda x: x[1])
        ]
        return Answer(
            question=question,
            answer=text,
            answerable=True,
            language=language,
            citations=citations,
            passages=passages,
            graph=graph,
        )


def _overlap(question: str, sentence: str) -> float:
    q = {w.casefold() for w in _WORD.findall(question)} - _STOP
    if not q:
        return 0.0
    s = {w.casefold() for w in _WORD.findall(sentence)}
    hits = sum(1 for w in q if w in s or any(t.startswith(w[:6]) for t in s if len(w) >= 6))
    return hits / len(q)
