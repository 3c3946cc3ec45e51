"""Norm citations in German legal text, and their resolution to sections (no store)."""

from __future__ import annotations

from ingestion.citations import NormCitation, cited_norms, law_key, link_citations, section_norm
from schemas import NAME_SEPARATOR, Document, DocumentSummary


def _cites(text: str) -> list[str]:
    return [str(c) for c in cited_norms(text)]


def test_citations_name_their_law_or_none() -> None:
    assert _cites("nach § 1 Abs. 2 Satz 1 und § 4 Satz 1") == ["|1", "|4"]
    assert _cites("Die §§ 5 bis 7 des Kündigungsschutzgesetzes gelten entsprechend.") == [
        "kündigungsschutzgesetz|5",
        "kündigungsschutzgesetz|6",
        "kündigungsschutzgesetz|7",
    ]
    assert _cites("gelten § 4 Abs. 2, § 5, § 14 Abs. 1 und 4, § 15 Abs. 2, 3 und 5") == [
        "|4",
        "|5",
        "|14",
        "|15",
    ]
    assert _cites("§ 16 des Allgemeinen Gleichbehandlungsgesetzes bleibt unberührt") == [
        "allgemein gleichbehandlungsgesetz|16"
    ]
    assert _cites("wie in § 3 dieses Gesetzes und § 102 BetrVG") == ["|3", "betrvg|102"]
    # a citation broken over lines (Markdown wraps) is one citation
    assert _cites("die §§ 5\nbis 7 des\nKündigungsschutzgesetzes") == [
        "kündigungsschutzgesetz|5",
        "kündigungsschutzgesetz|6",
        "kündigungsschutzgesetz|7",
    ]


def test_no_citation_in_plain_numbers_and_no_runaway_ranges() -> None:
    assert _cites("Der Urlaub beträgt 24 Werktage, Absatz 2 gilt.") == []
    assert len(_cites("§§ 1 bis 500")) == 2  # a range this long is no list of sections


def test_law_keys_meet_across_inflection_and_abbreviation() -> None:
    assert law_key("des Teilzeit- und Befristungsgesetzes".removeprefix("des ")) == law_key(
        "Teilzeit- und Befristungsgesetz"
    )
    assert law_key("Kündigungsschutzgesetz (KSchG)") == "kündigungsschutzgesetz"
    assert law_key("KSchG") == "kschg"
    assert section_norm("§ 21a Beschäftigung im Straßentransport") == "21a"
    assert section_norm("Erster Abschnitt - Allgemeines") is None


class _Graph:
    """The two reads the link step makes, over a fixed little graph."""

    def __init__(self) -> None:
        self.asked: list[tuple[list[str], list[str], str]] = []

    def citing_chunks(self, doc_ids, law_keys, tenant):
        self.asked.append((doc_ids, law_keys, tenant))
        rows = [
            ("t17", "tzbfg", ["kündigungsschutzgesetz|5", "kündigungsschutzgesetz|99", "|16"]),
            ("k7", "kschg", ["|4"]),
        ]
        return [
            r
            for r in rows
            if r[1] in doc_ids or any(k in law_keys for k in ["kündigungsschutzgesetz"])
        ]

    def section_titles(self, doc_ids):
        sections = [
            ("k-s4", "kschg", "§ 4 Anrufung des Arbeitsgerichts"),
            ("k-s5", "kschg", "§ 5 Zulassung verspäteter Klagen"),
            ("k-ab", "kschg", "Erster Abschnitt"),
            ("t-s16", "tzbfg", "§ 16 Folgen unwirksamer Befristung"),
        ]
        return [s for s in sections if s[1] in doc_ids]


def _summary(doc_id: str, title: str, *names: str) -> DocumentSummary:
    document = Document(
        id=doc_id,
        title=title,
        source=f"{doc_id}.md",
        metadata={"names": NAME_SEPARATOR.join([title, *names])},
    )
    return DocumentSummary(document=document)


def test_link_step_resolves_own_and_named_laws_to_sections() -> None:
    graph = _Graph()
    summaries = [
        _summary("kschg", "Kündigungsschutzgesetz", "KSchG"),
        _summary("tzbfg", "Gesetz über Teilzeitarbeit und befristete Arbeitsverträge", "TzBfG"),
    ]
    # KSchG is new: its own chunks, and the TzBfG chunk naming it, are resolved
    edges = link_citations(graph, summaries, {"kschg"}, "default")  # type: ignore[arg-type]
    assert graph.asked == [(["kschg"], ["kschg", "kündigungsschutzgesetz"], "default")]
    pairs = {(e.chunk_id, e.section_id) for e in edges}
    # § 99 names no section and stays out; "|16" is TzBfG's own § 16
    assert pairs == {("t17", "k-s5"), ("t17", "t-s16"), ("k7", "k-s4")}
    assert NormCitation("", "4") in cited_norms("nach § 4")
