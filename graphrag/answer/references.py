"""Graph questions about references: "Welche Gesetze verweisen auf das KSchG?", "Which laws
refer to the AGG?".

Such a question is about edges, not about the words of a passage: a sentence search finds the
named law's own text, never the laws that point at it. It is answered from the graph: the
visible documents whose chunks cite a section of the named document (``CITES``) or name it
(a ``MENTIONS`` of an entity the document is ``ABOUT``), one line per document with the
sentence that refers and a citation to the chunk that carries the edge; when nothing refers to
it, the answer says so. A question of this shape that names no document (the target may be a
term: "welche Vorschriften verweisen auf die Kündigungsfrist") is left to the answerer.

>>> reference_target("Welche Gesetze verweisen auf das Kündigungsschutzgesetz?")
'Kündigungsschutzgesetz'
>>> reference_target("Which documents refer to the AGG?")
'AGG'
>>> reference_target("Wie lange ist die Klagefrist?") is None
True
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

from graphrag.answer.protocol import OnToken, citation_for
from ingestion.chunking.sentences import split_sentences
from ingestion.citations import cited_norms, law_key
from schemas import (
    NAME_SEPARATOR,
    AccessFilter,
    Answer,
    ChunkWithContext,
    DocumentSummary,
    GraphContext,
    Passage,
    Referrer,
)

if TYPE_CHECKING:
    from graphrag.stores.graph.protocol import GraphStore

# documents named in an answer; the rest are counted
MAX_DOCUMENTS = 10
_KINDS = (
    r"gesetze?|dokumente?|vorschriften|normen|regelungen|paragraphen|paragrafen|bestimmungen|"
    r"quellen|texte|richtlinien|laws?|documents?|acts?|provisions|regulations|sections|sources|"
    r"texts|policies"
)
_VERBS = (
    r"verweis\w*|bezieh\w* sich|nehmen bezug|nimmt bezug|zitier\w*|nenn\w*|erwähn\w*|"
    r"refers?|cites?|references?|mentions?|points? to"
)
_PATTERNS = [
    re.compile(
        rf"^(?:welche[srnm]?|was für|which|what)\s+(?:\w+\s+)?(?:{_KINDS})\s+(?:{_VERBS})\s+"
        r"(?:(?:auf|to|on)\s+)?(?P<target>.+?)\s*\??$",
        re.I,
    ),
    re.compile(
        r"^(?:wo|wer)\s+(?:wird|werden)\s+(?:auf\s+)?(?P<target>.+?)\s+"
        r"(?:verwiesen|zitiert|erwähnt|genannt)\s*\??$",
        re.I,
    ),
    re.compile(
        r"^(?:where|who)\s+(?:is|are)\s+(?P<target>.+?)\s+(?:referred to|cited|mentioned)\s*\??$",
        re.I,
    ),
]
_ARTICLE = re.compile(r"^(?:das|den|dem|des|die|der|the)\s+", re.I)
# "Welche Verbindung besteht zwischen dem TzBfG und dem KSchG?", "How are the AGG and the
# EntgTranspG related?": a question about the edges between two named documents
_CONNECTIONS = [
    re.compile(
        r"\b(?:verbindung|zusammenhang|beziehung|bezug|connection|relationship|relation|link)\w*"
        r"\b.*?\b(?:zwischen|between)\s+(?P<a>.+?)\s+(?:und|and)\s+(?P<b>.+?)\s*\??$",
        re.I,
    ),
    re.compile(
        r"^how\s+(?:are|is)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:connected|related|linked)\b",
        re.I,
    ),
    re.compile(r"^wie\s+hängen\s+(?P<a>.+?)\s+und\s+(?P<b>.+?)\s+zusammen\b", re.I),
]
HEADER = {
    "de": "Auf „{target}“ verweisen {n} Dokumente (Verweise im Graphen):",
    "en": "{n} documents refer to “{target}” (references in the graph):",
}
HEADER_ONE = {
    "de": "Auf „{target}“ verweist ein Dokument (Verweis im Graphen):",
    "en": "One document refers to “{target}” (a reference in the graph):",
}
NONE = {
    "de": "Im Graphen verweist kein anderes Dokument auf „{target}“ (weder mit einer Norm noch "
    "mit seinem Namen).",
    "en": "No other document refers to “{target}” in the graph (neither by a provision nor by "
    "its name).",
}
BETWEEN = {
    "de": "Verbindung im Graphen zwischen „{a}“ und „{b}“:",
    "en": "Connection in the graph between “{a}” and “{b}”:",
}
NONE_BETWEEN = {
    "de": "Im Graphen verweisen „{a}“ und „{b}“ nicht aufeinander (weder mit einer Norm noch "
    "mit ihrem Namen).",
    "en": "In the graph, “{a}” and “{b}” do not refer to each other (neither by a provision nor "
    "by name).",
}
REFERS_TO = {"de": "verweist auf", "en": "refers to"}
MORE = {"de": "… und {n} weitere.", "en": "… and {n} more."}
CITES = {"de": "verweist auf", "en": "cites"}


def reference_target(question: str) -> str | None:
    """The document a question asks the referrers of, as the question names it."""
    text = " ".join(question.strip().split())
    for pattern in _PATTERNS:
        match = pattern.match(text)
        if match:
            target = _ARTICLE.sub("", match.group("target").strip(" „“\"'")).strip()
            return target or None
    return None


def connection_targets(question: str) -> tuple[str, str] | None:
    """The two things a question asks the connection between, as it names them.

    >>> connection_targets("Welche Verbindung besteht zwischen dem TzBfG und dem KSchG?")
    ('TzBfG', 'KSchG')
    >>> connection_targets("How are the AGG and the EntgTranspG related?")
    ('AGG', 'EntgTranspG')
    >>> connection_targets("Was ist der Unterschied zwischen Urlaub und Freizeit?") is None
    True
    """
    text = " ".join(question.strip().split())
    for pattern in _CONNECTIONS:
        match = pattern.search(text)
        if match:
            a, b = (_ARTICLE.sub("", match.group(g).strip(" „“\"'?")).strip() for g in ("a", "b"))
            return (a, b) if a and b else None
    return None


def documents_named(target: str, summaries: list[DocumentSummary]) -> list[DocumentSummary]:
    """The documents a name stands for: its title or abbreviation, in any inflection
    ("des Kündigungsschutzgesetzes", "KSchG"), else a title that contains it."""
    key = law_key(target)
    named = [s for s in summaries if key and key in _keys(s)]
    if named:
        return named
    if re.fullmatch(_KINDS, target, re.I):  # "das Gesetz" names no document
        return []
    within = re.compile(rf"\b{re.escape(target)}\b", re.I)
    return [s for s in summaries if len(target) >= 4 and within.search(s.document.title)]


class ReferenceAnswerer:
    """Answers "which documents refer to X" from the graph store's edges."""

    name = "graph-references"

    def __init__(self, graph: GraphStore) -> None:
        self.graph = graph

    def answer(
        self,
        question: str,
        language: str,
        access: AccessFilter,
        graph_context: GraphContext,
        on_token: OnToken | None = None,
    ) -> Answer | None:
        target = reference_target(question)
        if target is None:
            pair = connection_targets(question)
            if pair is None:
                return None
            return self._between(question, language, access, graph_context, pair, on_token)
        summaries = self.graph.list_documents(access)
        named = documents_named(target, summaries)
        if not named:
            return None
        ids = [s.document.id for s in named]
        referrers = self.graph.referrers(ids, access)
        lang = language if language in HEADER else "en"
        title = named[0].document.title
        if not referrers:
            text = NONE[lang].format(target=title)
            if on_token is not None:
                on_token(text)
            return Answer(
                question=question,
                answer=text,
                answerable=True,
                language=language,
                graph=graph_context,
            )
        by_doc: dict[str, list[Referrer]] = defaultdict(list)
        for r in referrers:
            by_doc[r.doc_id].append(r)
        # documents with the most edges first; a citation of a section before a mere name
        ordered = sorted(
            by_doc, key=lambda d: (-sum(r.kind == "cites" for r in by_doc[d]), -len(by_doc[d]), d)
        )
        best = {d: _best_chunk(by_doc[d]) for d in ordered}
        fetched = self.graph.fetch_chunks([best[d] for d in ordered[:MAX_DOCUMENTS]], access)
        chunks = {c.chunk.id: c for c in fetched}
        shown = [d for d in ordered[:MAX_DOCUMENTS] if best[d] in chunks]
        if not shown:
            return None
        header = (HEADER_ONE if len(ordered) == 1 else HEADER)[lang]
        lines = [header.format(target=title, n=len(ordered))]
        passages: list[Passage] = []
        for n, doc_id in enumerate(shown, start=1):
            chunk = chunks[best[doc_id]]
            passages.append(_passage(chunk))
            sentence, cited = _quoted(chunk, named, by_doc[doc_id])
            where = f" ({CITES[lang]} {', '.join(cited[:6])})" if cited else ""
            lines.append(f"- {chunk.doc_title}: „{sentence}“{where} [{n}]")
        if len(ordered) > len(shown):
            lines.append(MORE[lang].format(n=len(ordered) - len(shown)))
        return _from_graph(question, language, lines, passages, graph_context, on_token)

    def _between(
        self,
        question: str,
        language: str,
        access: AccessFilter,
        graph_context: GraphContext,
        pair: tuple[str, str],
        on_token: OnToken | None,
    ) -> Answer | None:
        """The edges between two named documents, each way: the sentence of one that cites or
        names the other, with its citation; None when either name is no visible document."""
        summaries = self.graph.list_documents(access)
        a, b = (documents_named(name, summaries) for name in pair)
        if not a or not b or {s.document.id for s in a} & {s.document.id for s in b}:
            return None
        lang = language if language in BETWEEN else "en"
        titles = {"a": a[0].document.title, "b": b[0].document.title}
        lines: list[str] = []
        passages: list[Passage] = []
        for source, target in ((a, b), (b, a)):
            ids = {s.document.id for s in source}
            refs = [
                r
                for r in self.graph.referrers([s.document.id for s in target], access)
                if r.doc_id in ids
            ]
            if not refs:
                continue
            fetched = self.graph.fetch_chunks([_best_chunk(refs)], access)
            if not fetched:
                continue
            chunk = fetched[0]
            passages.append(_passage(chunk))
            sentence, cited = _quoted(chunk, target, refs)
            where = f" ({', '.join(cited[:6])})" if cited else ""
            lines.append(
                f"- {chunk.doc_title} {REFERS_TO[lang]} {target[0].document.title}{where}: "
                f"„{sentence}“ [{len(passages)}]"
            )
        header = BETWEEN if lines else NONE_BETWEEN
        lines.insert(0, header[lang].format(**titles))
        return _from_graph(question, language, lines, passages, graph_context, on_token)


def _quoted(
    chunk: ChunkWithContext, target: list[DocumentSummary], refs: list[Referrer]
) -> tuple[str, list[str]]:
    """The sentence of ``chunk`` that cites or names a document of ``target``, and the
    provisions its edges cite, in order."""
    keys = set().union(*(_keys(s) for s in target))
    names = {n.casefold() for s in target for n in _names(s)}
    cited = sorted({r.via for r in refs if r.kind == "cites" and r.via}, key=_norm_order)
    return _referring_sentence(chunk.chunk.text, keys, names), cited


def _from_graph(
    question: str,
    language: str,
    lines: list[str],
    passages: list[Passage],
    graph_context: GraphContext,
    on_token: OnToken | None,
) -> Answer:
    """An answer of lines from the graph's edges, streamed line by line, citing ``passages``."""
    if on_token is not None:
        for line in lines:
            on_token(line + "\n")
    return Answer(
        question=question,
        answer="\n".join(lines),
        answerable=True,
        language=language,
        citations=[citation_for(n, p) for n, p in enumerate(passages, start=1)],
        passages=passages,
        graph=graph_context,
    )


def _names(summary: DocumentSummary) -> set[str]:
    document = summary.document
    names = str(document.metadata.get("names", "")).split(NAME_SEPARATOR)
    return {n for n in (document.title, *names) if n}


def _keys(summary: DocumentSummary) -> set[str]:
    return {k for k in (law_key(n) for n in _names(summary)) if k}


def _best_chunk(referrers: list[Referrer]) -> str:
    """The chunk that carries most of a document's edges, citations first."""
    weight: dict[str, int] = defaultdict(int)
    for r in referrers:
        weight[r.chunk_id] += 2 if r.kind == "cites" else 1
    return min(weight, key=lambda c: (-weight[c], c))


def _referring_sentence(text: str, keys: set[str], names: set[str]) -> str:
    """The sentence that cites the law (a norm citation naming it), else one that names it,
    else the chunk's first."""
    sentences = split_sentences(text) or [text.strip()]
    for sentence in sentences:
        if any(c.law in keys for c in cited_norms(sentence)):
            return sentence
    for sentence in sentences:
        folded = sentence.casefold()
        if any(name in folded for name in names):
            return sentence
    return sentences[0]


def _norm_order(title: str) -> tuple[int, str]:
    match = re.search(r"\d+", title)
    return (int(match.group(0)) if match else 1 << 30, title)


def _passage(chunk: ChunkWithContext) -> Passage:
    c = chunk.chunk
    return Passage(
        chunk_ids=[c.id],
        doc_id=c.doc_id,
        title=chunk.doc_title,
        section_path=list(c.section_path),
        page_start=c.page_start,
        page_end=c.page_end,
        text=c.text,
        file=chunk.doc_file,
        path=chunk.doc_path,
    )
