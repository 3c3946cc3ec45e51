"""The scope hop on real stores and models: a question whether a law applies to the asker
brings the law's scope provision ("§ 23 Geltungsbereich") right after the law's best
candidate, though it shares few of the question's words; the scope itself comes before the
provisions that exempt from it; no hop crosses a tenant or shows a section the caller may not
see."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from graphrag import GraphRAG
from graphrag.answer.scope import SCOPE_HEADINGS
from schemas import AccessFilter

pytestmark = pytest.mark.integration

KSCHG = """# Kündigungsschutzgesetz (KSchG)

## § 1 Sozial ungerechtfertigte Kündigungen

(1) Die Kündigung des Arbeitsverhältnisses gegenüber einem Arbeitnehmer, dessen
Arbeitsverhältnis in demselben Betrieb oder Unternehmen ohne Unterbrechung länger als sechs
Monate bestanden hat, ist rechtsunwirksam, wenn sie sozial ungerechtfertigt ist.

## § 4 Anrufung des Arbeitsgerichts

Will ein Arbeitnehmer geltend machen, dass eine Kündigung sozial ungerechtfertigt ist, so muss
er innerhalb von drei Wochen nach Zugang der schriftlichen Kündigung Klage beim Arbeitsgericht
erheben.

## § 22 Ausnahmebetriebe

(1) Auf Saisonbetriebe und Kampagne-Betriebe finden die Vorschriften dieses Abschnitts bei
Entlassungen keine Anwendung, die durch die Eigenart dieser Betriebe bedingt sind.

## § 23 Geltungsbereich

(1) Die Vorschriften des Ersten und Zweiten Abschnitts gelten für Betriebe und Verwaltungen des
privaten und des öffentlichen Rechts. In Betrieben und Verwaltungen, in denen in der Regel zehn
oder weniger Arbeitnehmer beschäftigt werden, gelten die Vorschriften des Ersten Abschnitts
nicht.
"""
NOISE = [
    f"# Merkblatt {i}\n\n## Abschnitt {i}\n\nDie Kantine im Gebäude {i} öffnet um {7 + i} Uhr; "
    f"eine Kündigung des Kantinenvertrags gilt ab dem {i + 1}. Quartal.\n"
    for i in range(6)
]
APPLIES = (
    "Gilt das Kündigungsschutzgesetz auch für mich, wenn meine Kündigung sozial "
    "ungerechtfertigt ist?"
)
RULE = "Was muss ich tun, wenn meine Kündigung sozial ungerechtfertigt ist?"


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    root = tmp_path_factory.mktemp("scope")
    for tenant in ("acme", "globex"):
        folder = root / tenant
        folder.mkdir()
        (folder / "kschg.md").write_text(KSCHG, encoding="utf-8")
    noise = root / "noise"
    noise.mkdir()
    for i, text in enumerate(NOISE):
        (noise / f"merkblatt{i}.md").write_text(text, encoding="utf-8")
    with GraphRAG(data_dir=root / "data") as instance:
        # acme's law is for HR only; globex's is open to all
        assert not instance.ingest([root / "acme"], tenant="acme", acl=["hr"]).errors
        assert not instance.ingest([root / "globex"], tenant="globex").errors
        for tenant in ("acme", "globex"):
            assert not instance.ingest([noise], tenant=tenant).errors
        yield instance


def test_a_question_whether_the_law_applies_brings_its_scope_provision(rag: GraphRAG) -> None:
    access = AccessFilter(tenant="globex")
    result = rag.search(APPLIES, k=6, access=access)
    paths = [r.chunk.section_path[-1] for r in result.results]
    # right after the law's best candidate, the rule the question shares its words with
    assert paths[:2] == ["§ 1 Sozial ungerechtfertigte Kündigungen", "§ 23 Geltungsbereich"]
    hop = next(p for p in result.results[1].provenance if p.via == "scope")
    assert hop.seed_chunk_id == result.results[0].chunk.id
    without = rag.search(APPLIES, k=20, access=access, use_graph=False).results
    plain = [r.chunk.section_path[-1] for r in without]
    assert plain.index("§ 23 Geltungsbereich") > 1  # the search alone ranks it lower
    assert {r.chunk.tenant for r in result.results} == {"globex"}


def test_a_question_about_a_rule_brings_no_scope_provision(rag: GraphRAG) -> None:
    result = rag.search(RULE, k=6, access=AccessFilter(tenant="globex"))
    assert not any(p.via == "scope" for r in result.results for p in r.provenance)


def test_the_scope_read_keeps_tenant_and_groups_and_puts_the_scope_first(rag: GraphRAG) -> None:
    everything = rag.search(RULE, k=20, access=AccessFilter.everything()).results
    by = {(r.chunk.tenant, r.chunk.section_path[-1]): r.chunk.id for r in everything}
    seed = by[("acme", "§ 1 Sozial ungerechtfertigte Kündigungen")]
    hr = AccessFilter(tenant="acme", groups=["hr"])
    hops = rag.graph.scope_hops([seed], list(SCOPE_HEADINGS), hr)
    titled = {r.chunk.id: r.chunk.section_path[-1] for r in everything}
    # the scope itself, then what exempts from it; only the seed's own document
    assert [titled[h.chunk_id] for h in hops] == ["§ 23 Geltungsbereich", "§ 22 Ausnahmebetriebe"]
    assert {h.doc_id for h in hops} == {r.chunk.doc_id for r in everything if r.chunk.id == seed}
    for outsider in (AccessFilter(tenant="acme", groups=[]), AccessFilter(tenant="globex")):
        assert rag.graph.scope_hops([seed], list(SCOPE_HEADINGS), outsider) == []
