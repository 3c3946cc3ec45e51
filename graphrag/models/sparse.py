"""Sparse (BM25) vectors with stemming and stop words per language.

Document vectors carry BM25 term weights; Qdrant applies IDF at query time (the collection's
sparse vector has the IDF modifier), so the index needs no global statistics.

German text elides a compound's shared head ("an Sonn- und Feiertagen" is "an Sonntagen und
Feiertagen"): before encoding, the elided word is completed with each ending of its partner,
so a query for "Sonntag" finds "Sonn- und Feiertagen". The endings that are no word ("Sonnagen")
are tokens no query asks for.

>>> enc = Bm25Encoder()
>>> doc = enc.encode_documents(["Kündigungen"], ["de"])[0]
>>> enc.encode_query("Kündigung", "de").indices == doc.indices
True
>>> "Sonntagen" in completed("an Sonn- und gesetzlichen Feiertagen").split()
True
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Protocol

from schemas import SparseVector

LANGUAGES = {
    "de": "german", "en": "english", "fr": "french", "nl": "dutch", "it": "italian",
    "es": "spanish",
}  # fmt: skip


class SparseEncoder(Protocol):
    name: str

    def encode_documents(self, texts: list[str], languages: list[str]) -> list[SparseVector]: ...

    def encode_query(self, text: str, language: str) -> SparseVector: ...


# "Sonn- und Feiertagen", "Betriebs- oder Dienstvereinbarung", "Sonn- und gesetzlichen
# Feiertagen": the elided word, the conjunction, at most one lower-case word, the partner
_ELIDED = re.compile(
    r"\b([A-ZÄÖÜ][a-zäöüß]{1,30})-\s+(?:und|oder|sowie|bzw\.)\s+(?:[a-zäöüß]+\s+)?"
    r"([A-ZÄÖÜ][a-zäöüß]{4,40})\b"
)
MIN_ENDING = 3  # the shortest head an ending stands for ("gen" in "Feiertagen")
MAX_ENDING = 12


def completed(text: str) -> str:
    """German text with its elided compounds' completions appended (the text itself is not
    changed: offsets and phrases stay)."""
    forms: list[str] = []
    for m in _ELIDED.finditer(text):
        elided, partner = m.group(1), m.group(2)
        # every ending of the partner after its first two letters could be the shared head
        for start in range(len(partner) - MIN_ENDING, 1, -1):
            ending = partner[start:]
            if len(ending) > MAX_ENDING:
                break
            forms.append(elided + ending)
    if not forms:
        return text
    return f"{text} {' '.join(dict.fromkeys(forms))}"


@cache
def _model(language: str) -> Any:
    import qdrant_edge as qe

    return qe.Bm25(qe.Bm25Config(language=LANGUAGES.get(language, "english")))


class Bm25Encoder:
    """qdrant-edge's BM25 (Snowball stemmer, stop words) for the language of each text."""

    name = "bm25"

    def encode_documents(self, texts: list[str], languages: list[str]) -> list[SparseVector]:
        out = []
        for text, language in zip(texts, languages, strict=True):
            v = _model(language).embed_document(completed(text) if language == "de" else text)
            out.append(SparseVector(indices=list(v.indices), values=list(v.values)))
        return out

    def encode_query(self, text: str, language: str) -> SparseVector:
        v = _model(language).embed_query(completed(text) if language == "de" else text)
        return SparseVector(indices=list(v.indices), values=list(v.values))
