"""Norm citations in German legal text, and the key that finds the law and section they name.

Laws point at each other's provisions: "§§ 5 bis 7 des Kündigungsschutzgesetzes gelten
entsprechend", "nach § 4 Satz 1", "§ 1 Abs. 2 KSchG", "§ 3 dieses Gesetzes". A citation is a
law (its abbreviation or its name, or ``""`` for the citing law itself) and a section number;
ranges expand ("§§ 5 bis 7" is 5, 6 and 7) and a paragraph or sentence inside a section
("Abs. 2 Satz 1") points at the section. The link step of ingestion turns these into
``(:Chunk)-[:CITES]->(:Section)`` edges, so a question about one provision brings the
provisions it points to.

>>> [str(c) for c in cited_norms("§§ 5 bis 7 des Kündigungsschutzgesetzes gelten.")]
['kündigungsschutzgesetz|5', 'kündigungsschutzgesetz|6', 'kündigungsschutzgesetz|7']
>>> [str(c) for c in cited_norms("bis zum Ablauf der Frist des § 4 Satz 1, nach § 1 Abs. 2 KSchG")]
['|4', 'kschg|1']
>>> section_norm("§ 1a Abfindungsanspruch bei betriebsbedingter Kündigung")
'1a'
>>> law_key("Allgemeinen Gleichbehandlungsgesetzes")
'allgemein gleichbehandlungsgesetz'
>>> law_key("Allgemeines Gleichbehandlungsgesetz (AGG)")
'allgemein gleichbehandlungsgesetz'
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from schemas import NAME_SEPARATOR, Chunk, ChunkCitation, DocumentSummary

if TYPE_CHECKING:
    from graphrag.stores.graph import GraphStore

# a range longer than this is a typo or a list of chapters, not a citation of each section
MAX_RANGE = 30

_NUM = r"\d{1,4}[a-z]?\b"
# what may follow a section number inside one citation: "Abs. 2", "Satz 1", "Nr. 3", "Buchst. a"
_PART = (
    r"(?:\s*(?:Abs\.|Absatz|S\.|Satz|Nr\.|Nummer|Halbs\.|Halbsatz|Hs\.|Buchst\.|Buchstabe)"
    r"\s*\w{1,4})*"
)
_JOIN = r"\s*(?:,|bis|und|sowie|oder|u\.)\s*(?:§\s*)?"
_CITATION = re.compile(
    rf"§§?\s*(?P<numbers>{_NUM}{_PART}(?:{_JOIN}{_NUM}{_PART})*)"
    rf"(?:\s+(?:(?P<own>dieses\s+Gesetzes)|(?:des|der)\s+(?P<name>"
    r"(?:[A-ZÄÖÜ][\wäöüß]*-?\s+(?:und\s+)?){0,4}"
    r"[A-ZÄÖÜ][\wäöüß]*(?:gesetz(?:es|s)?|gesetzbuch(?:es|s)?|ordnung|verordnung|buch(?:es|s)?)"
    r")|(?P<abbr>[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{0,14}(?:G|O|V|B|GB)|GG|BGB|HGB|ZPO)(?![\w])))?"
)
_NUMBER_IN_LIST = re.compile(
    rf"(?:(?P<join>bis|und|sowie|oder|u\.|,)\s*)?(?P<sign>§\s*)?(?P<num>{_NUM})(?P<part>{_PART})"
)
_SECTION_TITLE = re.compile(r"^\s*(?:§|Art\.|Artikel)\s*(\d{1,4}[a-z]?)\b")
_GENITIVE = re.compile(r"(gesetz|gesetzbuch|buch|vertrag|abkommen)(?:es|s)$")
_INFLECTION = re.compile(r"(?:en|es|er|em|e)$")


@dataclass(frozen=True)
class NormCitation:
    law: str  # law_key of the law named, "" for the citing law itself
    number: str  # the section: "5", "1a"

    def __str__(self) -> str:
        return f"{self.law}|{self.number}"


def law_key(name: str) -> str:
    """A law's name or abbreviation, as citations and titles both reduce to it: case and
    German inflection gone ("des Allgemeinen Gleichbehandlungsgesetzes" and "Allgemeines
    Gleichbehandlungsgesetz" are one law), an abbreviation in brackets dropped."""
    name = re.sub(r"\([^)]*\)", " ", name)
    words = [w.casefold() for w in re.findall(r"[\wäöüßÄÖÜ]+-?", name)]
    if not words:
        return ""
    *front, last = words
    front = [_INFLECTION.sub("", w) if not w.endswith("-") and w != "und" else w for w in front]
    return " ".join([*front, _GENITIVE.sub(r"\1", last)])


def cited_norms(text: str) -> list[NormCitation]:
    """Every section ``text`` cites, in order, each once."""
    text = " ".join(text.split())
    out: dict[NormCitation, None] = {}
    for m in _CITATION.finditer(text):
        if m.group("own"):
            law = ""
        elif m.group("name"):
            law = law_key(m.group("name"))
        elif m.group("abbr"):
            law = law_key(m.group("abbr"))
        else:
            law = ""
        previous: str | None = None
        inside = False  # the last item named a paragraph or sentence of its section
        for i, n in enumerate(_NUMBER_IN_LIST.finditer(m.group("numbers"))):
            number = n.group("num")
            if i and inside and not n.group("sign"):
                continue  # "§ 15 Abs. 2, 3 und 5": 3 and 5 are paragraphs of § 15
            if n.group("join") == "bis" and previous and previous.isdigit() and number.isdigit():
                low, high = int(previous), int(number)
                if 0 < high - low <= MAX_RANGE:
                    for k in range(low + 1, high):
                        out[NormCitation(law, str(k))] = None
            out[NormCitation(law, number)] = None
            previous = number
            inside = bool(n.group("part").strip())
    return list(out)


def section_norm(title: str) -> str | None:
    """The section number a heading names ("§ 5 Zulassung verspäteter Klagen" -> "5")."""
    m = _SECTION_TITLE.match(title)
    return m.group(1) if m else None


def annotate(chunks: list[Chunk]) -> None:
    """Set each chunk's ``cites`` and ``cite_laws`` from its text."""
    for chunk in chunks:
        found = cited_norms(chunk.text)
        chunk.cites = [str(c) for c in found]
        chunk.cite_laws = sorted({c.law for c in found if c.law})


def link_citations(
    graph: GraphStore, summaries: list[DocumentSummary], pending: set[str], tenant: str
) -> list[ChunkCitation]:
    """The CITES edges of one tenant that the pending documents add: their chunks' citations,
    and other chunks' citations of the laws they are (a law ingested after the laws citing it
    still gets its incoming edges). A citation without a law names the citing chunk's own
    document; one naming a law names every document of the tenant called so (title,
    abbreviation: the ``names`` ingestion records)."""
    law_of: dict[str, set[str]] = defaultdict(set)  # law key -> documents
    for summary in summaries:
        document = summary.document
        names = str(document.metadata.get("names", "")).split(NAME_SEPARATOR)
        for name in {document.title, *names}:
            if name and (key := law_key(name)):
                law_of[key].add(document.id)
    pending_keys = sorted(k for k, docs in law_of.items() if docs & pending)
    rows = graph.citing_chunks(sorted(pending), pending_keys, tenant)
    wanted: dict[str, list[tuple[str, str]]] = defaultdict(list)  # chunk -> (doc, number)
    for chunk_id, doc_id, cites in rows:
        for cite in cites:
            law, _, number = cite.partition("|")
            for target in sorted(law_of.get(law, set()) if law else {doc_id}):
                wanted[chunk_id].append((target, number))
    targets = sorted({doc for pairs in wanted.values() for doc, _ in pairs})
    section_of: dict[tuple[str, str], str] = {}
    for section_id, doc_id, title in graph.section_titles(targets):
        heading = section_norm(title)
        if heading is not None:
            section_of.setdefault((doc_id, heading), section_id)  # the first heading of it
    return [
        ChunkCitation(chunk_id=chunk_id, section_id=section_of[pair])
        for chunk_id, pairs in sorted(wanted.items())
        for pair in dict.fromkeys(pairs)
        if pair in section_of
    ]
