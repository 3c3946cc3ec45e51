"""Optional LLM query analysis on top of the rule-based one.

The LLM reads the question and answers in JSON: its type, whether it needs several hops, the
entities it names (also the bridge entities it implies, e.g. "the founder of Microsoft" ->
"Bill Gates"). Names link to graph entities through the same index as the rules; a type
outside the known ones, or anything that is not JSON, leaves the rule-based analysis as it
was. When the LLM is down, search goes on with the rules and logs why.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any, get_args

from graphrag.errors import GraphRAGError
from graphrag.models.llm import Completer
from graphrag.retrieval.analysis import QueryAnalyzer, derive
from schemas import LinkedEntity, QueryAnalysis, SearchFilters
from schemas.query import QueryType

log = logging.getLogger(__name__)

SYSTEM = (
    "You analyse search questions. Answer with one JSON object and nothing else: "
    '{"query_type": one of ' + ", ".join(f'"{t}"' for t in get_args(QueryType)) + ", "
    '"multi_hop": true if answering needs facts from two or more places, '
    '"entities": [names of people, organisations, laws, places, works the question names or '
    "implies]}"
)
_OBJECT = re.compile(r"\{.*\}", re.S)
MAX_ENTITIES = 6


class LlmQueryAnalyzer:
    def __init__(self, client: Completer, rules: QueryAnalyzer) -> None:
        self.client = client
        self.rules = rules

    def analyse(self, question: str, filters: SearchFilters | None = None) -> QueryAnalysis:
        base = self.rules.analyse(question, filters)
        try:
            parsed = _parse(self.client.complete(SYSTEM, question))
        except GraphRAGError as exc:
            log.warning("LLM query analysis unavailable (%s); using the rules", exc)
            return base
        if parsed is None:
            log.warning("LLM query analysis did not return JSON; using the rules")
            return base
        answered = parsed.get("query_type")
        query_type: QueryType = base.query_type
        for known in get_args(QueryType):
            if answered == known:
                query_type = known
        linked = {e.entity.id: e for e in base.entities if e.entity is not None}
        index = self.rules.entities
        names = parsed.get("entities")
        if index is not None and isinstance(names, list):
            for name in [n for n in names if isinstance(n, str)][:MAX_ENTITIES]:
                for link in index.link(name, limit=1, resolve=self.rules.resolve):
                    if link.entity is not None and link.entity.id not in linked:
                        linked[link.entity.id] = LinkedEntity(
                            mention=name, entity=link.entity, score=link.score
                        )
        multi_hop = base.multi_hop or parsed.get("multi_hop") is True
        return derive(base.language, query_type, multi_hop, list(linked.values()), base.filters)


def _parse(text: str) -> dict[str, Any] | None:
    match = _OBJECT.search(text)
    if match is None:
        return None
    try:
        value = json.loads(match.group(0))
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None
