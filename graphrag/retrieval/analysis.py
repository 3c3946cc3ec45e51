"""Rule-based query analysis: language, type, multi-hop signals, entities, constraints.

>>> a = QueryAnalyzer().analyse("Which company did the founder of Microsoft work for before 1975?")
>>> a.language, a.query_type, a.multi_hop
('en', 'temporal', True)
>>> QueryAnalyzer().analyse('Was gilt nach "§ 1 KSchG" -Kleinbetrieb?').filters.must_not_terms
['Kleinbetrieb']
"""

from __future__ import annotations

import re

from graphrag.retrieval.linking import EntityIndex, Resolve
from ingestion.language import detect
from schemas import LinkedEntity, QueryAnalysis, SearchFilters
from schemas.query import QueryType

_TYPES: list[tuple[QueryType, re.Pattern[str]]] = [
    (
        "comparative",
        re.compile(
            r"\b(compare|comparison|differ|difference|versus|vs\.?|both|either|older|younger|larger|"
            r"smaller|more|less|earlier|later|vergleich\w*|unterschied\w*|beide|älter|jünger|größer|"
            r"kleiner|mehr|weniger|früher|später)\b",
            re.I,
        ),
    ),
    (
        "temporal",
        re.compile(
            r"\b(when|before|after|since|until|during|year|date|wann|vor|nach dem|seit|bis|während|"
            r"jahr|datum|frist)\b|\b(1[5-9]|20)\d{2}\b",
            re.I,
        ),
    ),
    (
        "aggregative",
        re.compile(
            r"\b(how many|how much|number of|total|list all|all of|wie viele|wie viel|anzahl|"
            r"insgesamt|alle)\b",
            re.I,
        ),
    ),
    (
        "procedural",
        re.compile(
            r"\b(how (do|can|to|should)|steps?|procedure|process|wie (kann|muss|soll|geht)|"
            r"ablauf|verfahren|schritt\w*|vorgehen)\b",
            re.I,
        ),
    ),
    (
        "relational",
        re.compile(
            r"\b(relationship|related|connection|between|beziehung|zusammenhang|verbindung|zwischen)\b",
            re.I,
        ),
    ),
]
_CONNECTION = dict(_TYPES)["relational"]


def asks_connection(question: str) -> bool:
    """The question asks how things are connected ("How are A and B related?", "Welche
    Verbindung besteht zwischen ...?"): a path through the graph is part of its answer."""
    return bool(_CONNECTION.search(question))


_MULTI_HOP = re.compile(
    r"\b(the \w+(?: \w+)? of|of the|of a|whose|that (was|is|were|has)|"
    r"who (was|is|founded|wrote|directed)|which .+ (of|by|in) the|der die|die der|dessen|deren|"
    r"des .+ der)\b",
    re.I,
)
# "Where did Coulson Wallop's father study?" asks what "the father of Coulson Wallop" asks
# (``_MULTI_HOP``): the possessive names a second person or work, the bridge to the answer
_POSSESSIVE_BRIDGE = re.compile(
    r"\w['’]s?\s+(?:\w+\s+)?(?:mother|father|parents?|wife|husband|spouse|child(?:ren)?|sons?|"
    r"daughters?|brothers?|sisters?|siblings?|grand\w+|\w+-in-law|step\w+|uncle|aunt|cousin|"
    r"director|composer|performer|author|founder|producer|creator|successor|predecessor)\b",
    re.I,
)
_QUOTED = re.compile(r"[\"„“»](.+?)[\"“”«]")
_EXCLUDED = re.compile(r"(?:^|\s)-(\w[\w-]*)")


class QueryAnalyzer:
    """``resolve`` maps entity ids to the entities as the caller may see them (see
    ``EntityIndex.link``); without it every indexed entity may link."""

    def __init__(self, entities: EntityIndex | None = None, resolve: Resolve | None = None) -> None:
        self.entities = entities
        self.resolve = resolve

    def analyse(self, question: str, filters: SearchFilters | None = None) -> QueryAnalysis:
        language = detect(question, default="und")
        if language == "und":
            language = (
                "de" if re.search(r"[äöüß]|\b(der|die|das|und|ist)\b", question, re.I) else "en"
            )
        query_type: QueryType = "factual"
        for kind, pattern in _TYPES:
            if pattern.search(question):
                query_type = kind
                break
        linked = (
            self.entities.link(question, resolve=self.resolve) if self.entities is not None else []
        )
        multi_hop = (
            bool(_MULTI_HOP.search(question) or _POSSESSIVE_BRIDGE.search(question))
            or len({e.entity.id for e in linked if e.entity}) >= 2
        )
        merged = (filters or SearchFilters()).model_copy()
        # Quoted phrases stay soft (a quoted title need not occur in every hop's evidence);
        # an explicit "-word" is a clear exclusion.
        excluded = _EXCLUDED.findall(question)
        if excluded:
            merged.must_not_terms = [*(merged.must_not_terms or []), *excluded]
        return derive(language, query_type, multi_hop, linked, merged)


def derive(
    language: str,
    query_type: QueryType,
    multi_hop: bool,
    linked: list[LinkedEntity],
    filters: SearchFilters,
) -> QueryAnalysis:
    """What follows from the analysis: evidence level, candidate count, whether to walk."""
    walk = multi_hop or query_type in ("relational", "comparative") or bool(linked)
    return QueryAnalysis(
        language=language,
        query_type=query_type,
        multi_hop=multi_hop,
        entities=linked,
        # a procedure or an enumeration is answered by a whole section, a fact by a chunk
        levels=["section", "chunk"] if query_type in ("procedural", "aggregative") else ["chunk"],
        candidate_count=80 if multi_hop else 50,
        walk_graph=walk,
        filters=filters,
    )


def clean_query(question: str) -> str:
    """The question without its ``-exclusions``."""
    return " ".join(_EXCLUDED.sub(" ", question).split())
