"""Norm citations on real stores and models: "§§ 5 bis 7 des Kündigungsschutzgesetzes" becomes
(:Chunk)-[:CITES]->(:Section) edges, whichever law is ingested first; the cited section follows
its citer in a search; no edge crosses a tenant and no hop shows a section the caller may not
see."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graphrag import GraphRAG
from graphrag.views import answer_json, citation_lines
from schemas import AccessFilter

pytestmark = pytest.mark.integration

KSCHG = """# Kündigungsschutzgesetz (KSchG)

## § 4 Anrufung des Arbeitsgerichts

Will ein Arbeitnehmer geltend machen, dass eine Kündigung sozial ungerechtfertigt ist, so muss
er innerhalb von drei Wochen nach Zugang der schriftlichen Kündigung Klage beim Arbeitsgericht
erheben.

## § 5 Zulassung verspäteter Klagen

War ein Arbeitnehmer trotz aller zuzumutenden Sorgfalt verhindert, die Klage innerhalb der
Frist des § 4 Satz 1 zu erheben, so ist auf seinen Antrag die Klage nachträglich zuzulassen.
Der Antrag ist nur innerhalb von zwei Wochen nach Behebung des Hindernisses zulässig.
"""
TZBFG = """# Teilzeit- und Befristungsgesetz (TzBfG)

## § 17 Anrufung des Arbeitsgerichts

Will der Arbeitnehmer geltend machen, dass die Befristung eines Arbeitsvertrages
rechtsunwirksam ist, so muss er innerhalb von drei Wochen nach dem vereinbarten Ende Klage
erheben. Die §§ 5 bis 7 des Kündigungsschutzgesetzes gelten entsprechend.
"""
NOISE = [
    f"# Merkblatt {i}\n\n## Abschnitt {i}\n\nDie Kantine im Gebäude {i} öffnet um {7 + i} Uhr; "
    f"Befristung von Parkausweisen für Gebäude {i} gilt ein Jahr.\n"
    for i in range(6)
]
QUESTION = "Mein befristeter Arbeitsvertrag ist rechtsunwirksam befristet. Was muss ich tun?"


def _edges(rag: GraphRAG) -> list[dict[str, str]]:
    with rag.graph._session() as session:  # type: ignore[attr-defined]
        return session.run(
            "MATCH (c:Chunk)-[:CITES]->(s:Section) MATCH (d:Document {id: s.doc_id}) "
            "RETURN c.tenant AS source_tenant, d.tenant AS target_tenant, s.title AS title"
        ).data()


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("citations")


@pytest.fixture(scope="module")
def rag(root: Path) -> Iterator[GraphRAG]:
    for name, text in {"tzbfg.md": TZBFG, "kschg.md": KSCHG}.items():
        for tenant in ("acme", "globex"):
            folder = root / tenant / name.removesuffix(".md")
            folder.mkdir(parents=True)
            (folder / name).write_text(text, encoding="utf-8")
    noise = root / "noise"
    noise.mkdir()
    for i, text in enumerate(NOISE):
        (noise / f"merkblatt{i}.md").write_text(text, encoding="utf-8")
    with GraphRAG(data_dir=root / "data") as instance:
        # the citing law first: its edges to the KSchG come when the KSchG arrives
        assert not instance.ingest([root / "acme" / "tzbfg"], tenant="acme").errors
        assert not instance.ingest([noise], tenant="acme").errors
        assert not instance.ingest([noise], tenant="globex").errors
        assert _edges(instance) == []
        # acme's KSchG is for HR only; globex has both laws, open to all
        assert not instance.ingest([root / "acme" / "kschg"], tenant="acme", acl=["hr"]).errors
        assert not instance.ingest([root / "globex" / "kschg"], tenant="globex").errors
        assert not instance.ingest([root / "globex" / "tzbfg"], tenant="globex").errors
        yield instance


def test_citations_become_section_edges_inside_each_tenant(rag: GraphRAG) -> None:
    edges = _edges(rag)
    assert rag.graph.stats().citation_edges == len(edges) > 0
    assert all(e["source_tenant"] == e["target_tenant"] for e in edges)
    for tenant in ("acme", "globex"):
        titles = {e["title"] for e in edges if e["source_tenant"] == tenant}
        # TzBfG § 17 -> KSchG § 5 (across laws; §§ 6, 7 do not exist here), § 5 -> § 4
        assert titles == {"§ 5 Zulassung verspäteter Klagen", "§ 4 Anrufung des Arbeitsgerichts"}


def test_the_cited_section_follows_its_citer(rag: GraphRAG) -> None:
    access = AccessFilter(tenant="globex")
    result = rag.search(QUESTION, k=6, access=access)
    paths = [r.chunk.section_path[-1] for r in result.results]
    citer = paths.index("§ 17 Anrufung des Arbeitsgerichts")
    cited = paths.index("§ 5 Zulassung verspäteter Klagen")
    # right after its citer (behind the reference hop's pick of the same seed, if any)
    assert citer < cited <= citer + 2, paths
    hop = next(p for p in result.results[cited].provenance if p.via == "citation")
    assert hop.seed_chunk_id == result.results[citer].chunk.id
    without = rag.search(QUESTION, k=6, access=access, use_graph=False)
    plain = [r.chunk.section_path[-1] for r in without.results]
    assert plain.index("§ 5 Zulassung verspäteter Klagen") >= cited  # never lower with the hop
    assert {r.chunk.tenant for r in result.results} == {"globex"}


def test_a_section_the_caller_may_not_see_is_never_reached(rag: GraphRAG) -> None:
    outsider = rag.search(QUESTION, k=10, access=AccessFilter(tenant="acme", groups=[]))
    assert all(r.doc_file != "kschg.md" for r in outsider.results)
    assert any(r.doc_file == "tzbfg.md" for r in outsider.results)
    insider = rag.search(QUESTION, k=10, access=AccessFilter(tenant="acme", groups=["hr"]))
    reached = [r for r in insider.results if any(p.via == "citation" for p in r.provenance)]
    assert reached and all(r.doc_file == "kschg.md" for r in reached)
    assert {r.chunk.tenant for r in insider.results} == {"acme"}


def test_both_hop_reads_filter_tenant_and_groups_inside_the_query(rag: GraphRAG) -> None:
    everything = rag.search(QUESTION, k=20, access=AccessFilter.everything()).results
    by = {(r.chunk.tenant, r.chunk.section_path[-1]): r.chunk.id for r in everything}
    citer = by[("acme", "§ 17 Anrufung des Arbeitsgerichts")]
    cited = by[("acme", "§ 5 Zulassung verspäteter Klagen")]  # HR only
    other = by[("globex", "§ 17 Anrufung des Arbeitsgerichts")]
    hr = AccessFilter(tenant="acme", groups=["hr"])
    assert [h.chunk_id for h in rag.graph.citation_hops([citer], hr)] == [cited]
    assert rag.graph.citation_hops([citer], AccessFilter(tenant="acme", groups=[])) == []
    assert rag.graph.citation_hops([citer], AccessFilter(tenant="globex")) == []
    backwards = rag.graph.citing_hops([cited], [citer, other], hr)
    assert [h.chunk_id for h in backwards] == [citer]  # globex's § 17 cites its own KSchG
    assert rag.graph.citing_hops([cited], [citer], AccessFilter(tenant="acme", groups=[])) == []


def test_which_laws_refer_to_a_law_is_answered_from_the_edges(rag: GraphRAG) -> None:
    answer = rag.ask(
        "Welche Gesetze verweisen auf das KSchG?", access=AccessFilter(tenant="globex")
    )
    assert answer.answerable
    assert answer.answer.startswith("Auf „Kündigungsschutzgesetz (KSchG)“ verweist ein Dokument")
    assert "„Die §§ 5 bis 7 des Kündigungsschutzgesetzes gelten entsprechend.“" in answer.answer
    assert "§ 5 Zulassung verspäteter Klagen" in answer.answer  # the section the edge reaches
    [citation] = answer.citations
    assert citation.file == "tzbfg.md" and citation.section.endswith(
        "§ 17 Anrufung des Arbeitsgerichts"
    )
    assert {p.doc_id for p in answer.passages} == {citation.document}
    # the path below the folder that was ingested, which a person finds on disk
    assert citation.path == "tzbfg/tzbfg.md"
    assert any("tzbfg/tzbfg.md · " in line for line in citation_lines(answer_json(answer)))
    english = rag.ask("Which laws refer to the KSchG?", access=AccessFilter(tenant="globex"))
    assert english.answer.startswith("One document refers to") and english.citations


def test_a_reference_question_sees_only_what_the_caller_may(rag: GraphRAG) -> None:
    # acme's KSchG is for HR: without the group the law is not there to be referred to
    outsider = rag.ask(
        "Welche Gesetze verweisen auf das KSchG?", access=AccessFilter(tenant="acme", groups=[])
    )
    assert "verweist ein Dokument" not in outsider.answer
    assert all(c.file != "kschg.md" for c in outsider.citations)
    insider = rag.ask(
        "Welche Gesetze verweisen auf das KSchG?", access=AccessFilter(tenant="acme", groups=["hr"])
    )
    assert insider.answer.startswith("Auf „Kündigungsschutzgesetz (KSchG)“ verweist ein Dokument")
    assert {c.document for c in insider.citations} <= {
        d.document.id for d in rag.documents(AccessFilter(tenant="acme"))
    }
    # nothing refers to the TzBfG: the graph says so instead of quoting unrelated sentences
    none = rag.ask("Welche Gesetze verweisen auf das TzBfG?", access=AccessFilter(tenant="globex"))
    assert (
        none.answer.startswith("Im Graphen verweist kein anderes Dokument") and not none.citations
    )
    # the read itself filters: another tenant's caller reaches no referrer of acme's law
    acme_kschg = next(
        d.document.id
        for d in rag.documents(AccessFilter(tenant="acme", groups=["hr"]))
        if d.document.title.startswith("Kündigungsschutzgesetz")
    )
    assert rag.graph.referrers([acme_kschg], AccessFilter(tenant="globex")) == []
    referrers = rag.graph.referrers([acme_kschg], AccessFilter(tenant="acme"))
    assert "cites" in {r.kind for r in referrers}  # and "names": § 17 names the law too
    acme_tzbfg = {
        d.document.id
        for d in rag.documents(AccessFilter(tenant="acme"))
        if d.document.title.startswith("Teilzeit")
    }
    assert {r.doc_id for r in referrers} == acme_tzbfg


def test_a_question_about_two_laws_is_answered_by_the_edges_between_them(rag: GraphRAG) -> None:
    asked = "Welche Verbindung besteht zwischen dem TzBfG und dem KSchG?"
    answer = rag.ask(asked, access=AccessFilter(tenant="globex"))
    lines = answer.answer.splitlines()
    assert lines[0].startswith("Verbindung im Graphen zwischen") and answer.answerable
    # the TzBfG cites the KSchG (§ 17 -> §§ 5-7); the KSchG cites nothing of the TzBfG
    assert len(lines) == 2 and "verweist auf Kündigungsschutzgesetz" in lines[1]
    assert "§ 5" in lines[1] and lines[1].endswith("[1]")
    assert answer.citations[0].file == "tzbfg.md"
    # the other way round, in English, the same edge
    english = rag.ask(
        "How are the KSchG and the TzBfG related?", access=AccessFilter(tenant="globex")
    )
    assert english.answer.startswith("Connection in the graph between") and english.citations
    # a caller who may not see acme's KSchG gets no edge to it: the graph answer does not apply
    outsider = rag.ask(asked, access=AccessFilter(tenant="acme", groups=[]))
    assert "Verbindung im Graphen zwischen" not in outsider.answer
    assert all(c.file != "kschg.md" for c in outsider.citations)


def test_deleting_and_restoring_the_cited_law_keeps_edges_exact(rag: GraphRAG, root: Path) -> None:
    before = sorted(map(str, _edges(rag)))
    globex = next(
        d.document.id
        for d in rag.documents(AccessFilter(tenant="globex"))
        if d.document.title.startswith("Kündigungsschutzgesetz")
    )
    rag.delete(globex)
    left = [e for e in _edges(rag) if e["source_tenant"] == "globex"]
    assert left == []  # TzBfG § 17's edge went with the KSchG's sections
    assert not rag.ingest([root / "globex" / "kschg"], tenant="globex").errors
    assert sorted(map(str, _edges(rag))) == before  # incoming edges restored, none doubled
