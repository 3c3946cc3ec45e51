from __future__ import annotations

from typing import ClassVar

import pytest

from ingestion.entities import EntityResolver, ResolverConfig, extract_relations
from ingestion.entities.german import GermanPatternExtractor
from schemas import Chunk, Entity, entity_id
from schemas.graph import EntitySpan

EXT = GermanPatternExtractor()


def found(text: str) -> set[tuple[str, str]]:
    return {(s.text, s.type) for s in EXT.spans_in(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Nach § 622 Abs. 2 Satz 1 Nr. 3 BGB gilt eine längere Frist.",
            {("§ 622 BGB", "NORM"), ("BGB", "LAW")},
        ),
        ("Art. 3 Abs. 1 GG verbietet das.", {("Art. 3 GG", "NORM"), ("GG", "LAW")}),
        ("Die Rampe erfüllt DIN 18040-1.", {("DIN 18040-1", "STANDARD")}),
        ("Die Müller & Söhne GmbH kündigte.", {("Müller & Söhne GmbH", "ORG")}),
        ("Der Verein Freunde e.V. klagte.", {("Verein Freunde e.V.", "ORG")}),
        ("Die Bundesagentur für Arbeit zahlt.", {("Bundesagentur für Arbeit", "ORG")}),
        ("Das Landesarbeitsgericht Köln wies ab.", {("Landesarbeitsgericht Köln", "COURT")}),
        ("Das BAG hat entschieden.", {("BAG", "COURT")}),
        ("Er erhielt 2.500,50 € brutto.", {("2.500,50 €", "MONEY")}),
        (
            "Frist bis zum 31.12.2024 und 1. März 2025.",
            {("31.12.2024", "DATE"), ("1. März 2025", "DATE")},
        ),
        ("Prof. Dr. Anna Schmidt widersprach.", {("Prof. Dr. Anna Schmidt", "PERSON")}),
        ("Laut Max Mustermann ist das so.", {("Max Mustermann", "PERSON")}),
        (
            "Das Kündigungsschutzgesetz (KSchG) gilt.",
            {("Kündigungsschutzgesetz", "LAW"), ("KSchG", "LAW")},
        ),
        (
            "Die Anwendung des Betriebsverfassungsgesetzes ist offen.",
            {("Betriebsverfassungsgesetz", "LAW")},
        ),
    ],
)
def test_german_patterns(text: str, expected: set[tuple[str, str]]) -> None:
    assert expected <= found(text)


def test_german_patterns_do_not_invent_names_from_nouns() -> None:
    spans = found(
        "Die Sozialauswahl Anspruch Bezug ist fehlerhaft, wenn Kündigungsfrist Urlaub gilt."
    )
    assert spans == set()


def test_definition_gives_the_long_form() -> None:
    spans = EXT.spans_in("Das Allgemeine Gleichbehandlungsgesetz (AGG) schützt.")
    agg = next(s for s in spans if s.text == "AGG")
    assert agg.long_form == "Allgemeine Gleichbehandlungsgesetz"


def span(text: str, kind: str, chunk: str = "c1", sentence: int = 0) -> EntitySpan:
    return EntitySpan(chunk_id=chunk, text=text, type=kind, sentence=sentence)


def test_resolver_merges_by_evidence_and_keeps_types_apart() -> None:
    r = EntityResolver()
    spans = [
        span("Siemens Energy GmbH", "ORG"),
        span("Siemens Energy GmbH.", "ORG"),
        span("Siemens Energie GmbH", "ORG"),  # fuzzy
        span("Paris", "GPE"),
        span("Paris", "PERSON"),  # type groups differ
        span("BAG", "COURT"),
        span("Bundesarbeitsgericht", "COURT"),
    ]  # gazetteer pair
    out = r.resolve(spans, "d")
    assert out[0].id == out[1].id == out[2].id
    assert out[3].id != out[4].id
    assert out[5].id == out[6].id and out[5].name == "Bundesarbeitsgericht"
    assert "Siemens Energie GmbH" in out[0].aliases


def test_resolver_continues_across_runs() -> None:
    first = EntityResolver().resolve([span("Max Mustermann", "PERSON")], "d1")[0]
    second = EntityResolver(known=[first]).resolve([span("Dr. M. Mustermann", "PERSON")], "d2")[0]
    assert second.id == first.id
    assert sorted(second.aliases) == ["Dr. M. Mustermann", "Max Mustermann"]


def test_resolver_does_not_merge_different_people_or_ambiguous_initials() -> None:
    r = EntityResolver()
    out = r.resolve(
        [
            span("Anna Schmidt", "PERSON"),
            span("Peter Schmidt", "PERSON"),
            span("A. Schmidt", "PERSON"),
            span("Schmidt", "PERSON"),
        ],
        "d",
    )
    assert out[0].id != out[1].id
    assert out[2].id == out[0].id  # the only compatible first name
    assert out[3].id not in (out[0].id, out[1].id)  # surname alone is ambiguous


def test_fuzzy_threshold_is_configurable() -> None:
    strict = EntityResolver(config=ResolverConfig(fuzzy_threshold=99.5))
    out = strict.resolve(
        [span("Siemens Energy GmbH", "ORG"), span("Siemens Energie GmbH", "ORG")], "d"
    )
    assert out[0].id != out[1].id


def test_ids_are_deterministic() -> None:
    a = EntityResolver().resolve([span("Acme Corp", "ORG")], "d")[0]
    b = EntityResolver().resolve([span("Acme Corp", "ORG")], "x")[0]
    assert a.id == b.id == entity_id("ORG", "Acme Corp")


def test_relations() -> None:
    chunk = Chunk(
        id="c1",
        doc_id="d",
        ordinal=0,
        text="Max Mustermann arbeitet bei der Acme GmbH. Nach § 1 KSchG ist das am 1.1.2020 so.",
    )
    spans = [
        span("Max Mustermann", "PERSON"),
        span("Acme GmbH", "ORG"),
        span("§ 1 KSchG", "NORM", sentence=1),
        span("KSchG", "LAW", sentence=1),
        span("1.1.2020", "DATE", sentence=1),
    ]
    for s, (a, b) in zip(spans, [(0, 14), (28, 37), (47, 56), (51, 56), (64, 72)], strict=True):
        s.start, s.end = a, b
    entities = EntityResolver().resolve(spans, "d")
    rels = {(r.source_id, r.target_id, r.type) for r in extract_relations([chunk], spans, entities)}
    e = {i: entities[i].id for i in entities}
    assert (e[0], e[1], "WORKS_FOR") in rels
    assert (e[2], e[3], "PART_OF") in rels
    assert not any(e[4] in (s, t) for s, t, _ in rels)  # dates relate nothing
    assert all(r[2] != "CO_OCCURS" or {r[0], r[1]} != {e[0], e[2]} for r in rels)  # other sentence


def test_relations_cap_crowded_sentences() -> None:
    chunk = Chunk(id="c1", doc_id="d", ordinal=0, text="x")
    spans = [span(f"Org {i} GmbH", "ORG") for i in range(12)]
    entities = {i: Entity(id=f"e{i}", name=s.text, type="ORG") for i, s in enumerate(spans)}
    rels = extract_relations([chunk], spans, entities, max_per_sentence=4)
    assert len(rels) == 6  # 4 choose 2


class _NameEmbedder:
    """Maps names to fixed vectors: a stand-in model for the resolver's own logic."""

    name = "test"
    dimension = 2
    table: ClassVar[dict[str, list[float]]] = {
        "IBM": [1.0, 0.0],
        "International Business Machines": [0.99, 0.05],
        "Siemens": [0.0, 1.0],
    }

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.table.get(t, [0.5, 0.5]) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        return self.embed_documents([text])[0]

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def test_embedding_similarity_merges_when_switched_on() -> None:
    spans = [
        span("International Business Machines", "ORG"),
        span("IBM", "ORG"),
        span("Siemens", "ORG"),
    ]
    off = EntityResolver(embed=_NameEmbedder()).resolve(spans, "d")
    assert off[0].id != off[1].id
    on = EntityResolver(embed=_NameEmbedder(), config=ResolverConfig(use_embeddings=True)).resolve(
        spans, "d"
    )
    assert on[0].id == on[1].id and on[2].id != on[0].id
    assert "IBM" in on[0].aliases


def test_llm_entity_json_is_repaired_and_checked_against_the_text() -> None:
    import httpx

    from graphrag.models.llm import LlmClient
    from ingestion.entities.llm import LlmEntityExtractor, parse_entities

    assert parse_entities('[{"name": "A", "type": "ORG"}, {"name": "B", "type": "ALIEN"}]') == [
        ("A", "ORG")
    ]
    assert parse_entities('Here: {"name": "Bob", "type": "PERSON"}, {"name": "Cut", "ty') == [
        ("Bob", "PERSON")
    ]
    assert parse_entities("no json at all") == []
    reply = 'Sure:\n```json\n[{"name": "Acme GmbH", "type": "ORG"}, {"name": "Invented AG", "type": "ORG"},]\n```'
    body = (
        "data: "
        + __import__("json").dumps({"choices": [{"delta": {"content": reply}}]})
        + "\n\ndata: [DONE]\n\n"
    )
    client = LlmClient(
        "http://llm.test/v1",
        model="m",
        transport=httpx.MockTransport(
            lambda r: httpx.Response(
                200, content=body.encode(), headers={"content-type": "text/event-stream"}
            )
        ),
    )
    chunk = Chunk(id="c1", doc_id="d", ordinal=0, text="Die Acme GmbH zahlt. Sonst nichts.")
    spans = LlmEntityExtractor(client).extract([chunk])
    assert [(s.text, s.type, s.start, s.sentence) for s in spans] == [("Acme GmbH", "ORG", 4, 0)]
