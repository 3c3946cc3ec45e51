"""LLM paraphrases of the question for multi-query retrieval (only when an LLM is configured).

Each paraphrase runs both branches like the question itself, at half its weight in the fusion.
The LLM is an optional helper here: when it is down or answers nonsense, search goes on with
the question and its rule-based rewrites, and the failure is logged once per search.
"""

from __future__ import annotations

import logging
import re
from typing import Protocol

from graphrag.errors import GraphRAGError
from graphrag.models.llm import Completer

log = logging.getLogger(__name__)

_SYSTEM = (
    "You rewrite search questions for a document search engine. Give {n} different rewrites of "
    "the user's question: other words, spelled-out abbreviations, the implied sub-question. Keep "
    "the question's language ({language}) and every name, number and date in it. One rewrite "
    "per line, no numbering, no comments."
)
_LEAD = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s*")
MAX_CHARS = 400


class Paraphraser(Protocol):
    def paraphrases(self, question: str, language: str) -> list[str]: ...


class LlmParaphraser:
    def __init__(self, client: Completer, count: int = 2) -> None:
        self.client = client
        self.count = count

    def paraphrases(self, question: str, language: str) -> list[str]:
        system = _SYSTEM.format(n=self.count, language=language)
        try:
            text = self.client.complete(system, question)
        except GraphRAGError as exc:
            log.warning("no paraphrases (%s); searching with the question alone", exc)
            return []
        seen = {question.casefold().strip()}
        out: list[str] = []
        for line in text.splitlines():
            candidate = _LEAD.sub("", line).strip().strip('"“”„')
            key = candidate.casefold()
            if not candidate or key in seen or len(candidate) > MAX_CHARS:
                continue
            seen.add(key)
            out.append(candidate)
            if len(out) == self.count:
                break
        return out
