"""Optional LLM entity extraction: JSON out, validated and repaired, spans located in the text.

Small local models often wrap JSON in prose or code fences, leave trailing commas or stop
half-way; the parser takes what can be saved and drops the rest.

>>> parse_entities('Sure! ```json\\n[{"name": "Acme GmbH", "type": "ORG"},]\\n```')
[('Acme GmbH', 'ORG')]
"""

from __future__ import annotations

import json
import re

from graphrag.models.llm import Completer
from ingestion.chunking.sentences import split_sentences
from schemas import Chunk
from schemas.graph import EntitySpan

TYPES = (
    "PERSON",
    "ORG",
    "COURT",
    "LAW",
    "NORM",
    "GPE",
    "LOC",
    "PRODUCT",
    "EVENT",
    "WORK",
    "DATE",
    "MONEY",
)
SYSTEM = (
    "Extract the named entities from the text. Answer with a JSON array only, each item "
    '{"name": exact text as written, "type": one of ' + ", ".join(TYPES) + "}. "
    "No explanations."
)
_OBJECT = re.compile(r"\{[^{}]*\}")


def parse_entities(raw: str) -> list[tuple[str, str]]:
    text = re.sub(r"```(?:json)?", "", raw).strip()
    start, end = text.find("["), text.rfind("]")
    candidates: list[object] = []
    if start >= 0 and end > start:
        body = re.sub(r",\s*([\]}])", r"\1", text[start : end + 1])
        try:
            loaded = json.loads(body)
            candidates = loaded if isinstance(loaded, list) else []
        except json.JSONDecodeError:
            candidates = []
    if not candidates:  # cut off or malformed: salvage the complete objects
        for match in _OBJECT.finditer(text):
            try:
                candidates.append(json.loads(re.sub(r",\s*}", "}", match.group(0))))
            except json.JSONDecodeError:
                continue
    out: list[tuple[str, str]] = []
    for item in candidates:
        if not isinstance(item, dict):
            continue
        name, kind = str(item.get("name", "")).strip(), str(item.get("type", "")).upper().strip()
        if name and kind in TYPES and (name, kind) not in out:
            out.append((name, kind))
    return out


class LlmEntityExtractor:
    """EntityExtractor over an OpenAI-compatible endpoint; entities the text does not contain
    verbatim are dropped (no hallucinated names reach the graph)."""

    def __init__(self, client: Completer) -> None:
        self.client = client

    def extract(self, chunks: list[Chunk]) -> list[EntitySpan]:
        out: list[EntitySpan] = []
        for chunk in chunks:
            sentences = split_sentences(chunk.text)
            for name, kind in parse_entities(self.client.complete(SYSTEM, chunk.text)):
                start = chunk.text.find(name)
                if start < 0:
                    continue
                index = next((i for i, s in enumerate(sentences) if name in s), 0)
                out.append(
                    EntitySpan(
                        chunk_id=chunk.id,
                        text=name,
                        type=kind,
                        sentence=index,
                        start=start,
                        end=start + len(name),
                    )
                )
        return out
