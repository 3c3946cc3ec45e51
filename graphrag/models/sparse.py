"""Sparse (BM25) vectors with stemming and stop words per language.

Document vectors carry BM25 term weights; Qdrant applies IDF at query time (the collection's
sparse vector has the IDF modifier), so the index needs no global statistics.

>>> enc = Bm25Encoder()
>>> doc = enc.encode_documents(["Kündigungen"], ["de"])[0]
>>> enc.encode_query("Kündigung", "de").indices == doc.indices
True
"""

from __future__ import annotations

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
            v = _model(language).embed_document(text)
            out.append(SparseVector(indices=list(v.indices), values=list(v.values)))
        return out

    def encode_query(self, text: str, language: str) -> SparseVector:
        v = _model(language).embed_query(text)
        return SparseVector(indices=list(v.indices), values=list(v.values))
