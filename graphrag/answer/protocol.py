"""The AnswerGenerator stage and what all generators share: citations and wording."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from schemas import Answer, Citation, GraphContext, Passage

NOT_ANSWERED = {
    "de": "Die gefundenen Dokumente beantworten diese Frage nicht sicher. Die relevantesten "
    "Quellen sind unten aufgeführt.",
    "en": "The documents found do not answer this question reliably. The most relevant sources "
    "are listed below.",
}


OnToken = Callable[[str], None]


class AnswerGenerator(Protocol):
    name: str

    def answer(
        self,
        question: str,
        language: str,
        passages: list[Passage],
        graph: GraphContext,
        on_token: OnToken | None = None,
    ) -> Answer:
        """The answer; ``on_token`` receives its text as it is written (LLM tokens, or the
        extractive answer's sentences), so that it can be streamed."""


def citation_for(n: int, passage: Passage) -> Citation:
    return Citation(
        n=n,
        document=passage.doc_id,
        title=passage.title,
        section=" > ".join(passage.section_path),
        page=passage.page_start,
        chunk_id=passage.chunk_ids[0],
        file=passage.file,
        path=passage.path,
    )


def not_answered(language: str) -> str:
    return NOT_ANSWERED.get(language, NOT_ANSWERED["en"])


def unanswered(
    question: str,
    language: str,
    passages: list[Passage],
    graph: GraphContext,
    citations: list[Citation] | None = None,
) -> Answer:
    """The answer when the evidence does not answer the question: said so, sources kept."""
    return Answer(
        question=question,
        answer=not_answered(language),
        answerable=False,
        language=language,
        passages=passages,
        graph=graph,
        citations=citations or [],
    )
