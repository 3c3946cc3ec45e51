from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest

from graphrag.answer import answer_type, choice, kinship
from graphrag.answer.asks import (
    NUMERIC,
    Asked,
    asked,
    asking_sentence,
    exact,
    holds,
    holds_new,
    last_question,
    new_places,
    offered,
    split_question,
    stated,
    value_places,
    values,
)
from graphrag.answer.conversation import Conversations, Turn, follow_up_query
from graphrag.answer.evidence import (
    Candidate,
    candidates,
    continues,
    list_items,
    paragraphs,
    reading,
    rest_of_provision,
    score,
    terms,
    what_goes_on,
)
from graphrag.answer.extractive import (
    CERTAIN,
    ExtractiveAnswerer,
    _answers,
    _each_name,
    _first_that_answers,
    _named_in_full,
    _Pick,
    _repeats,
    _rest_answers,
    _restates,
    _statement,
    closest_in_meaning,
    lead_first,
    of_modality,
    opening_rule,
    referred,
    supporting,
)
from graphrag.answer.llm import OpenAICompatibleGenerator, unsupported_numbers
from graphrag.answer.modality import asked_modality, states
from graphrag.answer.nouns import everyday
from graphrag.answer.ordering import best_sentences, by_best_sentence
from graphrag.answer.parties import other_actor
from graphrag.answer.passages import build_passages
from graphrag.answer.references import documents_named, reference_target
from graphrag.errors import ConfigError, NotFoundError, StoreUnavailableError
from graphrag.models.llm import LlmClient
from graphrag.retrieval import glossary
from graphrag.retrieval.analysis import QueryAnalyzer, clean_query
from graphrag.retrieval.config import RetrievalConfig
from graphrag.retrieval.fusion import lead_margin, minmax, rrf, zscore
from graphrag.retrieval.hop import passage_hop
from graphrag.retrieval.linking import EntityIndex
from graphrag.retrieval.refine import GraphRefiner, Refinement
from graphrag.retrieval.search import Retriever, empty_last, keep_leaders, place_follows
from schemas import (
    AccessFilter,
    Answer,
    Chunk,
    ChunkWithContext,
    Document,
    DocumentSummary,
    Entity,
    FieldMatch,
    GraphContext,
    HybridQuery,
    NeighbourChunk,
    Neighbourhood,
    Passage,
    PayloadFilter,
    QueryAnalysis,
    ScoredChunk,
    SearchRequest,
    SearchResult,
    SparseVector,
    StageScores,
    VectorHit,
)
from tests.factories import section_passages, titled_passages


def test_zscore_fusion_follows_the_branch_whose_top_stands_out() -> None:
    ids = [f"d{i:02d}" for i in range(20)]
    even = [(i, 0.85 - 0.005 * n) for n, i in enumerate(ids)]  # falls off evenly: d00 first
    outlier = [(i, 14.0 if i == "d10" else 2.0 - 0.01 * n) for n, i in enumerate(ids)]
    assert zscore([even, outlier])[0][0] == "d10"
    # a dense winner far ahead of its tail keeps its place against a sparse list without one
    clear = [(i, 0.95 if i == "d05" else 0.70 - 0.001 * n) for n, i in enumerate(ids)]
    vague = [(i, 3.0 - 0.01 * n) for n, i in enumerate(ids)]
    assert zscore([clear, vague])[0][0] == "d05"
    # an item one list did not return ranks as that list's last; one score says nothing
    assert dict(zscore([[("a", 3.0), ("b", 1.0)], [("b", 5.0)]])) == {"a": 1.0, "b": -1.0}
    assert zscore([[], [("x", 0.5), ("y", 0.5)]]) == [("x", 0.0), ("y", 0.0)]
    assert zscore([[("a", 1.0), ("b", 0.0)]], weights=[2.0]) == [("a", 2.0), ("b", -2.0)]


def test_a_keyword_branch_counts_the_passages_it_did_not_return_as_scoring_zero() -> None:
    meaning = [(f"d{n}", 0.90 - 0.002 * n) for n in range(10)]
    # one passage holds the question's rare word: the keyword branch returns it alone
    assert zscore([meaning, [("rare", 7.5)]])[0][0] == "d0"  # a lone score said nothing
    fused = zscore([meaning, [("rare", 7.5)]], depth=10, absent=[None, 0.0])
    assert fused[0][0] == "rare"
    # a full list is unchanged by what unlisted passages score
    full = [(f"d{n}", 10.0 - n) for n in range(10)]
    assert zscore([meaning, full], depth=10, absent=[None, 0.0]) == zscore(
        [meaning, full], depth=10
    )
    assert lead_margin([("a", 9.0), ("b", 1.0), ("c", 1.0), ("d", 1.0)]) > 2
    assert lead_margin([("a", 2.0), ("b", 1.9), ("c", 1.0)]) < 0.5
    assert lead_margin([("a", 3.0)], depth=4, absent=0.0) == pytest.approx(3**0.5 + 3**-0.5)
    assert lead_margin([("a", 3.0)]) == lead_margin([]) == 0.0


class _BranchStores:
    """A dense and a keyword branch with fixed hits, for the retriever's candidate stage."""

    def __init__(self, dense: list[tuple[str, float]], sparse: list[tuple[str, float]]) -> None:
        self.hits = {"dense": dense, "sparse": sparse}

    def embed_query(self, text: str) -> list[float]:
        return [1.0]

    def encode_query(self, text: str, language: str) -> SparseVector:
        return SparseVector(indices=[1], values=[1.0])

    def query(self, query: HybridQuery) -> list[VectorHit]:
        branch = "dense" if query.dense is not None else "sparse"
        return [VectorHit(id=i, score=s) for i, s in self.hits[branch][: query.limit]]


def test_a_branch_leader_that_stands_clear_of_its_runner_up_leads() -> None:
    # dense falls off evenly: its top is not sure
    dense = [(f"d{n:02d}", 0.90 - 0.003 * n) for n in range(40)]
    # keywords find one passage dense did not return, well ahead of the rest
    sparse = [("x", 9.0), ("d00", 6.0)] + [(f"d{n:02d}", 4.0 - 0.1 * n) for n in range(1, 30)]
    stores = _BranchStores(dense, sparse)
    retriever = Retriever(None, stores, stores, stores)  # type: ignore[arg-type]
    request = SearchRequest(query="Was regelt das Porsche-Urteil?", k=5)
    fused, _, _, leaders, sure = retriever._candidates(request, QueryAnalysis(language="de"))
    assert fused[0][0] == "d00"  # both branches find it half-well: the sum puts it first
    assert leaders == ["d00", "x"] and sure == ["x"]
    off = RetrievalConfig(leader_margin=None)
    quiet = Retriever(None, stores, stores, stores, config=off)  # type: ignore[arg-type]
    assert quiet._candidates(request, QueryAnalysis(language="de"))[4] == []
    # when both tops stand clear, the clearer leads
    stores.hits["dense"] = [("top", 0.95)] + [(f"d{n:02d}", 0.70 - 0.001 * n) for n in range(40)]
    sure = retriever._candidates(request, QueryAnalysis(language="de"))[4]
    assert sure == ["top", "x"]


class _GermanWords(_BranchStores):
    """A dense branch that finds a passage only for the German words of the question."""

    def __init__(self) -> None:
        super().__init__([("english", 0.83)], [("english", 3.0)])
        self.embedded: list[str] = []
        self.filters: list[PayloadFilter] = []

    def embed_query(self, text: str) -> list[float]:
        self.embedded.append(text)
        return [float("befristung" in text)]

    def query(self, query: HybridQuery) -> list[VectorHit]:
        self.filters.append(query.filter)
        if query.dense == [1.0]:
            return [VectorHit(id="german", score=0.86), VectorHit(id="english", score=0.80)]
        return super().query(query)


def test_an_english_question_over_german_documents_is_embedded_in_their_words_too() -> None:
    stores = _GermanWords()
    retriever = Retriever(None, stores, stores, stores)  # type: ignore[arg-type]
    request = SearchRequest(query="Can my fixed-term contract be extended?", k=5)
    fused = retriever._candidates(request, QueryAnalysis(language="en"))[0]
    assert stores.embedded[0] == "Can my fixed-term contract be extended?"
    assert "befristung" in stores.embedded[1].split()  # the glossary's German words
    assert "german" in [i for i, _ in fused]  # what only the German words find is a candidate
    # the German words search German chunks only: stemmed, "Männer" is the English "mann"
    german = FieldMatch(key="language", values=["de"])
    assert [german in f.must for f in stores.filters] == [False, False, True, True]
    # over English documents the German keywords find nothing: no German query is embedded
    stores.hits["sparse"] = []
    stores.embedded.clear()
    retriever._candidates(request, QueryAnalysis(language="en"))
    assert stores.embedded == ["Can my fixed-term contract be extended?"]
    # a German question is embedded as asked, once
    stores.embedded.clear()
    retriever._candidates(
        SearchRequest(query="Wann endet die Befristung?", k=5), QueryAnalysis(language="de")
    )
    assert stores.embedded == ["Wann endet die Befristung?"]


class _HopStores:
    """The two calls the passage hop makes, recorded: fetch the seeds, query the vectors."""

    def __init__(self, hits: list[tuple[str, str]]) -> None:
        self.hits = hits
        self.filters: list[PayloadFilter] = []
        self.texts: list[str] = []

    def fetch_chunks(self, ids: list[str], access: AccessFilter) -> list[ChunkWithContext]:
        return [
            ChunkWithContext(
                chunk=Chunk(
                    id=i, doc_id=f"doc-{i}", ordinal=0, text=f"text of {i}, set in Lower Saxony"
                ),
                doc_title=f"Title {i}",
                doc_source=f"{i}.md",
            )
            for i in ids
        ]

    def query(self, query: HybridQuery) -> list[VectorHit]:
        self.filters.append(query.filter)
        return [VectorHit(id=i, score=1.0, payload={"doc_id": d}) for i, d in self.hits]

    def embed_query(self, text: str) -> list[float]:
        self.texts.append(text)
        return [1.0, 0.0]


def test_the_passage_hop_places_new_evidence_after_its_seed() -> None:
    fused = [("s1", 0.9), ("s2", 0.8), ("x", 0.7), ("y", 0.6)]
    # s1's own document, a chunk already above the seed, then two new ones
    stores = _HopStores([("s1b", "doc-s1"), ("s1", "doc-s1"), ("y", "doc-y"), ("z", "doc-z")])
    out = Refinement()
    access = AccessFilter(tenant="acme", groups=["staff"])
    flt = PayloadFilter(access=access)
    passage_hop(
        "Where is it?",
        fused,
        seeds=1,
        per_seed=1,
        graph=stores,  # type: ignore[arg-type]
        vectors=stores,  # type: ignore[arg-type]
        embedder=stores,  # type: ignore[arg-type]
        access=access,
        flt=flt,
        out=out,
        seed_text="passage",
    )
    assert out.follows == {"s1": ["y"]} and out.added == ["y"]
    assert out.provenance["y"].via == "passage" and out.provenance["y"].seed_chunk_id == "s1"
    assert stores.texts == ["Where is it? Title s1: text of s1, set in Lower Saxony"]
    assert stores.filters == [flt]  # the caller's access travels with the hop's query
    ranked = [scored(c, c, "d", 0, f, c) for c, f in fused]
    assert [r.chunk.id for r in place_follows(ranked, out.follows)] == ["s1", "y", "s2", "x"]
    # by default the seed is read as its title and the names the question does not use
    names = _HopStores([("y", "doc-y")])
    kwargs = dict(seeds=1, per_seed=1, access=access, flt=flt, out=Refinement())
    passage_hop("Where is it?", fused, graph=names, vectors=names, embedder=names, **kwargs)  # type: ignore[arg-type]
    assert names.texts == ["Where is it? Title s1: Lower Saxony"]


class _WalkGraph:
    """A neighbourhood of two seeds that share an entity with a third chunk."""

    def chunks_for_entities(self, ids: list[str], access: AccessFilter, per_entity: int) -> dict:
        return {}

    def neighbourhood(self, seeds: list[str], access: AccessFilter, limits: object) -> object:
        return Neighbourhood(
            chunks=[
                NeighbourChunk(
                    seed_id="s1", chunk_id="far", via="shared_entity", through=["e1"], distance=2
                )
            ],
            mentions={"s1": ["e1"], "s2": ["e1"]},
        )

    def entity_paths(self, a: str, b: str, access: AccessFilter, limit: int) -> list:
        return []


def test_the_walk_takes_z_scores_below_zero() -> None:
    """Z-score fusion gives negative scores; PageRank's personalisation must not see them."""
    config = RetrievalConfig(graph_weight=0.25, references=False, citations=False)
    refinement = GraphRefiner(_WalkGraph(), config).refine(  # type: ignore[arg-type]
        [("s1", 1.4), ("s2", -0.3), ("s3", -2.5)], [], AccessFilter(tenant="t"), walk=True
    )
    assert refinement.graph_scores and all(v >= 0 for v in refinement.graph_scores.values())
    assert refinement.added == ["far"]


def test_rrf_weights_and_ties() -> None:
    assert [i for i, _ in rrf([["a", "b"], ["b", "a"]])] == ["a", "b"]  # tie -> by id
    assert [i for i, _ in rrf([["a", "b"], ["b", "a"]], weights=[1.0, 3.0])] == ["b", "a"]
    assert rrf([]) == []
    assert minmax({"x": 2.0, "y": 4.0}) == {"x": 0.0, "y": 1.0}
    assert minmax({"x": 3.0}) == {"x": 1.0}


@pytest.mark.parametrize(
    ("question", "language", "kind", "multi_hop"),
    [
        ("Wie viele Urlaubstage stehen Arbeitnehmern zu?", "de", "aggregative", False),
        ("Which film director is older, Scott Derrickson or Ed Wood?", "en", "comparative", False),
        ("What is the relationship between the BetrVG and the KSchG?", "en", "relational", False),
        ("Who was the father of the founder of Microsoft?", "en", "factual", True),
        # a possessive names the bridge as "the father of" does
        ("Where did Coulson Wallop's father study?", "en", "factual", True),
        ("What nationality is Lamprocles's father?", "en", "factual", True),
        ("What is Apple's annual revenue?", "en", "factual", False),
        (
            "Wie muss der Arbeitgeber bei einer Massenentlassung vorgehen?",
            "de",
            "procedural",
            False,
        ),
    ],
)
def test_query_analysis(question: str, language: str, kind: str, multi_hop: bool) -> None:
    a = QueryAnalyzer().analyse(question)
    assert (a.language, a.query_type, a.multi_hop) == (language, kind, multi_hop)


def test_operators_become_filters() -> None:
    a = QueryAnalyzer().analyse('Fristen "§ 4 KSchG" -Schifffahrt')
    assert a.filters.must_terms is None and a.filters.must_not_terms == ["Schifffahrt"]
    assert clean_query('Fristen "§ 4 KSchG" -Schifffahrt') == 'Fristen "§ 4 KSchG"'
    assert clean_query("state-of-the-art e-mail -spam") == "state-of-the-art e-mail"


def test_entity_linking_by_alias_fuzzy_and_count() -> None:
    index = EntityIndex(
        [
            Entity(id="k", name="Kündigungsschutzgesetz", type="LAW", aliases=["KSchG"]),
            Entity(id="m", name="Microsoft Corporation", type="ORG", aliases=["Microsoft"]),
            Entity(id="w", name="Bill Gates", type="PERSON"),
        ]
    )
    links = index.link("Did Bill Gatess leave Microsoft before the KSchG applied?")
    assert {(link.mention, link.entity.id) for link in links if link.entity} == {
        ("Bill Gatess", "w"),
        ("Microsoft", "m"),
        ("KSchG", "k"),
    }
    fuzzy = next(link for link in links if link.entity and link.entity.id == "w")
    assert fuzzy.score < 1.0
    assert QueryAnalyzer(index).analyse("Bill Gates and Microsoft").multi_hop  # two entities


def scored(cid: str, doc: str, section: str, ordinal: int, final: float, text: str) -> ScoredChunk:
    return ScoredChunk(
        chunk=Chunk(
            id=cid,
            doc_id=doc,
            section_id=section,
            ordinal=ordinal,
            text=text,
            section_path=[section],
            page_start=ordinal + 1,
        ),
        doc_title=f"Doc {doc}",
        scores=StageScores(final=final),
    )


class _Urlaub:
    """Cosines that follow how often a text says "Urlaub" against other words."""

    def _vector(self, text: str) -> list[float]:
        words = re.findall(r"\w+", text.casefold())
        return [float(words.count("urlaub")), 0.1 * len(words) + 0.01]

    def embed_query(self, text: str) -> list[float]:
        return [1.0, 0.0]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]


def _searched(results: list[ScoredChunk], *, multi_hop: bool = False) -> SearchResult:
    return SearchResult(
        query="Wie viel Urlaub?",
        results=results,
        analysis=QueryAnalysis(language="de", multi_hop=multi_hop),
    )


def test_the_evidence_of_a_single_hop_question_is_ordered_by_its_best_sentence_as_well() -> None:
    # a long chunk whose one sentence answers sits fourth: the chunks above say nothing of it
    long = "Es gilt Folgendes. " * 8 + "Der Urlaub beträgt 24 Werktage."
    results = [
        scored("a", "d", "s1", 0, 0.9, "Die Arbeitszeit beträgt acht Stunden."),
        scored("b", "d", "s2", 0, 0.8, "Die Ruhepause beträgt 30 Minuten."),
        scored("c", "d", "s3", 0, 0.7, "Die Ruhezeit beträgt elf Stunden."),
        scored("u", "d", "s4", 0, 0.6, long),
        scored("e", "d", "s5", 0, 0.5, "Nachtarbeit ist besonders geregelt."),
    ]
    ordered = by_best_sentence("Wie viel Urlaub?", _searched(results), _Urlaub(), depth=5, k=3)
    ids = [r.chunk.id for r in ordered.results]
    assert ids[:2] == ["a", "u"] and len(ids) == 3  # fused with the search's order, cut to k
    # each place keeps the search's score for that place: in order, on the search's scale
    assert [r.scores.final for r in ordered.results] == [0.9, 0.8, 0.7]
    sentence = [r.scores.sentence for r in ordered.results]
    assert sentence[1] is not None and sentence[1] > 0.7  # "Der Urlaub beträgt 24 Werktage."
    assert sentence[0] == 0.0 and sentence[2] == 0.0
    # beyond the depth the search's order stands; a multi-hop question keeps it all
    shallow = by_best_sentence("Wie viel Urlaub?", _searched(results), _Urlaub(), depth=3, k=5)
    assert [r.chunk.id for r in shallow.results][3:] == ["u", "e"]
    hop = by_best_sentence(
        "Wie viel Urlaub?", _searched(results, multi_hop=True), _Urlaub(), depth=5, k=3
    )
    assert [r.chunk.id for r in hop.results] == ["a", "b", "c"]
    assert all(r.scores.sentence is None for r in hop.results)
    # so does a question in two parts: each part's evidence resembles its part only
    two = "Wie viel Urlaub gibt es, und wie lange dauert die Ruhezeit?"
    parts = by_best_sentence(two, _searched(results), _Urlaub(), depth=5, k=3)
    assert [r.chunk.id for r in parts.results] == ["a", "b", "c"]


def test_a_chunk_without_a_sentence_scores_lowest_and_nothing_to_order_is_returned_as_it_is() -> (
    None
):
    said = "Der Urlaub beträgt 24 Werktage."
    results = [scored("x", "d", "s", 0, 0.9, "   "), scored("u", "d", "t", 0, 0.5, said)]
    empty, urlaub = best_sentences("Urlaub?", results, _Urlaub())
    assert empty == -1.0 and urlaub > 0.7
    alone = by_best_sentence("Urlaub?", _searched(results[1:]), _Urlaub(), depth=5, k=3)
    assert [r.chunk.id for r in alone.results] == ["u"] and alone.results[0].scores.final == 0.5
    none = _searched([])
    assert by_best_sentence("Urlaub?", none, _Urlaub(), depth=5, k=3) == none


def test_passages_merge_adjacent_chunks_and_respect_the_budget() -> None:
    results = [
        scored("c2", "d", "s", 2, 0.9, "two."),
        scored("c1", "d", "s", 1, 0.5, "one."),
        scored("c9", "d", "s", 9, 0.4, "nine."),
        scored("x", "e", "t", 0, 0.8, "other " * 50),
    ]
    passages = build_passages(results, budget_tokens=10_000)
    assert passages[0].chunk_ids == ["c1", "c2"] and passages[0].text == "one.\n\ntwo."
    assert (passages[0].page_start, passages[0].page_end) == (2, 3)
    assert [p.chunk_ids for p in passages[1:]] == [["x"], ["c9"]]
    tight = build_passages(results, budget_tokens=20)
    assert [p.chunk_ids for p in tight] == [["c1", "c2"], ["c9"]]


PASSAGES = [
    Passage(
        chunk_ids=["c1"],
        doc_id="kschg",
        title="KSchG",
        section_path=["§ 4 Anrufung"],
        page_start=None,
        text="Die Klage muss innerhalb von drei Wochen nach Zugang der "
        "schriftlichen Kündigung erhoben werden. Das Gericht entscheidet.",
        score=1.0,
    ),
    Passage(
        chunk_ids=["c2"],
        doc_id="burlg",
        title="BUrlG",
        section_path=["§ 3 Dauer"],
        text="Der Urlaub beträgt jährlich mindestens 24 Werktage.",
        score=0.5,
    ),
]


def test_extractive_answer_cites_its_sentences() -> None:
    answer = ExtractiveAnswerer().answer(
        "Innerhalb welcher Frist muss die Klage erhoben werden?", "de", PASSAGES, GraphContext()
    )
    assert answer.answerable
    assert answer.answer.startswith("Die Klage muss innerhalb von drei Wochen")
    assert "[1]" in answer.answer
    assert answer.citations[0].document == "kschg" and answer.citations[0].section == "§ 4 Anrufung"


def test_extractive_says_when_evidence_does_not_answer() -> None:
    answer = ExtractiveAnswerer().answer(
        "Wer gewann die Fußball-WM 1954?", "de", PASSAGES, GraphContext()
    )
    assert not answer.answerable
    assert answer.answer.startswith("Die gefundenen Dokumente beantworten")
    english = ExtractiveAnswerer().answer(
        "Who won the 1954 World Cup?", "en", PASSAGES, GraphContext()
    )
    assert english.answer.startswith("The documents found do not answer")


def test_an_english_question_about_a_thing_german_evidence_never_names_is_not_answered() -> None:
    """The employer is in every German sentence; the flu vaccination asked about in none."""

    class Distant:
        """Every sentence as far from the question as cross-lingual neighbours are here."""

        def embed_query(self, text: str) -> list[float]:
            return [1.0, 0.0]

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [[1.0, 1.0] for _ in texts]  # cosine 0.71

    passages = section_passages(
        "BUrlG",
        ("§ 1", "Jeder Arbeitnehmer hat in jedem Kalenderjahr Anspruch auf bezahlten Urlaub."),
        ("§ 7", "Der Arbeitgeber hat den Urlaub zu gewähren, wenn der Arbeitnehmer ihn verlangt."),
    )
    answerer = ExtractiveAnswerer(embedder=Distant())  # type: ignore[arg-type]
    asked_known = "Does my employer have to give me paid leave?"
    known = answerer.answer(asked_known, "en", passages, GraphContext())
    assert known.answerable and "Urlaub" in known.answer
    foreign = answerer.answer(
        "Can my employer require me to get a flu vaccination?", "en", passages, GraphContext()
    )
    assert not foreign.answerable
    assert foreign.answer.startswith("The documents found do not answer")
    assert "Arbeitgeber" in foreign.answer  # the closest evidence, shown as such
    # the closest sentence of each passage, up to three, each cited
    assert "The closest evidence:\n- „" in foreign.answer
    assert foreign.answer.count("„") == len(foreign.citations) == 2
    # a noun of everyday English ("time") names no thing the evidence must mention
    timely = "Does my employer have to give me my leave at the time I ask for it?"
    assert answerer.answer(timely, "en", passages, GraphContext()).answerable
    assert everyday("time") and everyday("list")
    assert not any(everyday(w) for w in ("vaccination", "payslip", "uniform", "dog"))


def test_the_language_of_quoted_sources_is_said_once() -> None:
    passages = section_passages(
        "BUrlG",
        ("§ 3", "Der Urlaub beträgt jährlich mindestens 24 Werktage."),
        ("§ 7", "Der Arbeitgeber hat den Urlaub zu gewähren, wenn der Arbeitnehmer ihn verlangt."),
    )
    answer = ExtractiveAnswerer().answer(
        "How many days of leave do I get at least, and when does my employer have to grant "
        "the leave?",
        "en",
        passages,
        GraphContext(),
    )
    assert answer.answer == (
        "The source (in German) says: „Der Urlaub beträgt jährlich mindestens 24 Werktage.“ "
        "[1] „Der Arbeitgeber hat den Urlaub zu gewähren, wenn der Arbeitnehmer ihn "
        "verlangt.“ [2]"
    )


def test_the_graph_path_answers_a_question_about_a_connection_only() -> None:
    from schemas.walk import EntityPath

    path = EntityPath(
        entity_ids=["a", "b"],
        names=["Kündigungsschutzgesetz", "TzBfG"],
        edge_types=["REFERENCES"],
        chunk_ids=["c1"],
    )
    graph = GraphContext(paths=[path])
    asked = "Welche Verbindung besteht zwischen dem Kündigungsschutzgesetz und dem TzBfG?"
    connected = ExtractiveAnswerer().answer(asked, "de", PASSAGES, graph)
    # no sentence says it: the path answers, citing the passage that states its edge
    assert connected.answerable
    assert connected.answer == "Verbindung im Graphen: Kündigungsschutzgesetz → TzBfG [1]"
    assert connected.citations[0].document == "kschg"
    other = ExtractiveAnswerer().answer(
        "Innerhalb welcher Frist muss die Klage erhoben werden?", "de", PASSAGES, graph
    )
    assert "Graphen" not in other.answer


def test_support_brings_the_second_hop_of_a_bridge_and_no_padding() -> None:
    def pick(text: str, fused: float, passage: int = 0) -> _Pick:
        return _Pick(Candidate(passage, text, ""), fused)

    question = "In which city is the company founded by Anna Schmidt headquartered?"
    lead = pick("Anna Schmidt founded the Acme Corporation in 1998.", 3.5)
    ranking = [
        lead,
        pick("The first product was a water filter for small farms.", 1.2),
        pick("The Acme Corporation is headquartered in Hamburg.", 0.1, passage=1),  # far down
        pick("Anna Schmidt later moved to a city by the sea.", 0.0, passage=2),
    ]
    support = supporting(question, "en", ranking, [lead.candidate], "en")
    # the bridge shares "Acme Corporation" with the lead; the line about the sea only shares
    # the question's words and is too far below the lead; the filter line adds nothing asked
    assert [c.text for c in support] == ["The Acme Corporation is headquartered in Hamburg."]
    assert supporting(question, "en", ranking[:2], [lead.candidate], "en") == []
    # the second hop comes first even from tenth place, ahead of nearer sentences that only
    # repeat the question's words
    near = [
        pick(f"Anna Schmidt visited a city in spring {y}.", 3.0 - i / 10)
        for i, y in enumerate(range(2000, 2008))
    ]
    far = [lead, *near, pick("The Acme Corporation is headquartered in Hamburg.", -1.0, 3)]
    assert supporting(question, "en", far, [lead.candidate], "en")[0].text.endswith("in Hamburg.")


def test_a_sentence_that_ties_with_the_lead_is_shown_though_it_adds_no_asked_word() -> None:
    def pick(text: str, fused: float, passage: int = 0) -> _Pick:
        return _Pick(Candidate(passage, text, ""), fused)

    question = "Was muss mein Arbeitgeber tun, wenn ein Kollege mich benachteiligt?"
    lead = pick(
        "Der Arbeitgeber soll auf die Unzulässigkeit solcher Benachteiligungen hinweisen.", 1.6
    )
    tie = pick(
        "Verstoßen Beschäftigte gegen das Verbot, sind Abmahnung oder Versetzung geboten.", 1.3
    )
    below = pick("Ein Verstoß von Beschäftigten gegen das Verbot ist zu unterbinden.", 0.5)
    support = supporting(question, "de", [lead, tie, below], [lead.candidate], "de")
    # the features cannot tell the lead and the tie apart; further below, a sentence that adds
    # none of the question's words is padding
    assert [c.text for c in support] == [tie.candidate.text]
    assert supporting(question, "de", [lead, below], [lead.candidate], "de") == []
    # most of a standard score below the lead still ties (TIE_MARGIN): a reader tells them apart
    near = pick("Verstöße sind mit Abmahnung oder Versetzung zu ahnden.", 0.8)
    assert supporting(question, "de", [lead, near], [lead.candidate], "de") == [near.candidate]


def test_support_reads_the_questions_words_in_the_documents_words() -> None:
    def pick(text: str, fused: float) -> _Pick:
        return _Pick(Candidate(0, text, ""), fused)

    question = (
        "Meine Kollegin und ich teilen uns eine Stelle. Muss ich einspringen, wenn sie krank ist?"
    )
    lead = pick("Erkrankt ein Arbeitnehmer, so werden die Tage nicht angerechnet.", 4.6)
    covered = pick("Die Arbeitsunfähigkeit ist durch ärztliches Zeugnis nachzuweisen.", 2.0)
    duty = pick(
        "Ist einer dieser Arbeitnehmer verhindert, sind die anderen zur Vertretung verpflichtet.",
        2.0,
    )
    ranking = [lead, covered, duty]
    # without the glossary no sentence says "einspringen": both are more than a tie below
    assert supporting(question, "de", ranking, [lead.candidate], "de") == []
    words = {"einspring": {"vertret"}, "krank": {"krankheit", "arbeitsunfah"}}
    support = supporting(question, "de", ranking, [lead.candidate], "de", words)
    # "Vertretung" says what "einspringen" asks; "Arbeitsunfähigkeit" says "krank", which the
    # lead's "Erkrankt" does not, and is added too
    assert duty.candidate in support
    # a lead that says most of a word's documents' words covers it; one of three does not
    fristlos = {"fristlos": {"ausserordent", "wichtig", "grund"}}
    question = "Mir wurde fristlos gekündigt. Was kann das Gericht tun?"
    lead = pick("Der Arbeitnehmer kann aus anderen Gründen Klage erheben.", 3.4)
    court = pick("Ist die außerordentliche Kündigung unbegründet, löst es das Verhältnis auf.", 1.8)
    assert supporting(question, "de", [lead, court], [lead.candidate], "de", fristlos) == [
        court.candidate
    ]


def test_ties_are_measured_against_the_sentence_that_leads() -> None:
    def pick(text: str, fused: float) -> _Pick:
        return _Pick(Candidate(0, text, ""), fused)

    question = "Was muss mein Arbeitgeber tun, wenn ein Kollege mich benachteiligt?"
    best = pick("Der Arbeitgeber hat Maßnahmen zu treffen.", 2.5)  # ranked first, does not lead
    lead = pick(
        "Der Arbeitgeber soll auf die Unzulässigkeit solcher Benachteiligungen hinweisen.", 1.6
    )
    tie = pick(
        "Verstoßen Beschäftigte gegen das Verbot, sind Abmahnung oder Versetzung geboten.", 1.3
    )
    ranking = lead_first(lead, [best, lead, tie])
    assert ranking[0] is lead and ranking[1:] == [best, tie]
    assert lead_first(None, [best, tie]) == [best, tie]
    # the tie is within TIE_MARGIN of the lead, though not of the best-ranked sentence
    support = supporting(question, "de", ranking, [lead.candidate], "de")
    assert tie.candidate.text in [c.text for c in support]
    support = supporting(question, "de", [best, lead, tie], [lead.candidate], "de")
    assert tie.candidate.text not in [c.text for c in support]


def test_a_later_paragraph_is_read_with_its_provisions_opening_rule() -> None:
    def pick(text: str, order: int, passage: int = 0) -> _Pick:
        return _Pick(Candidate(passage, text, "§ 18 Entlassungssperre", order=order), 0.0)

    rule = pick("(1) Entlassungen werden vor Ablauf eines Monats nur mit Zustimmung wirksam.", 0)
    exception = pick("(2) Die Agentur kann bestimmen, dass es längstens zwei Monate sind.", 1)
    elsewhere = pick("(1) Der Arbeitgeber hat der Agentur Anzeige zu erstatten.", 0, passage=1)
    ranking = [exception, elsewhere, rule]
    assert opening_rule(exception.candidate, ranking) is rule.candidate
    # the lead is the rule itself, or the rule ranks far down: nothing is added
    assert opening_rule(rule.candidate, ranking) is None
    far = [exception, *(pick(f"({i}) Weiteres.", i, passage=2) for i in range(2, 9)), rule]
    assert opening_rule(exception.candidate, far) is None
    # another provision's paragraph (1) is no rule of the lead's
    assert opening_rule(exception.candidate, [exception, elsewhere]) is None


def test_a_later_sentence_is_read_with_the_sentence_that_opens_its_paragraph() -> None:
    def pick(text: str, order: int) -> _Pick:
        return _Pick(Candidate(0, text, "§ 7 Zeitpunkt, Übertragbarkeit", order=order), 0.0)

    first = pick("(1) Bei der zeitlichen Festlegung sind die Urlaubswünsche zu berücksichtigen.", 0)
    other = pick("(2) Der Urlaub ist zusammenhängend zu gewähren.", 1)
    rule = pick("(3) Der Urlaub muß im laufenden Kalenderjahr gewährt und genommen werden.", 2)
    when = pick("Eine Übertragung ist nur statthaft, wenn dringende Gründe es rechtfertigen.", 3)
    late = pick(
        "Im Fall der Übertragung muß der Urlaub in den ersten drei Monaten genommen werden.", 4
    )
    # the opening of the lead's own paragraph, not the provision's first or another paragraph
    assert opening_rule(late.candidate, [late, first, other, rule, when]) is rule.candidate
    # it ranks far down: the provision's first paragraph, as before, when that ranks near
    far = [late, first, *(pick(f"({i}) Weiteres.", 9 + i) for i in range(4, 9)), rule]
    assert opening_rule(late.candidate, far) is first.candidate
    # a lead that opens its paragraph is read with paragraph (1) only, never with (2)
    assert opening_rule(rule.candidate, [rule, other, first]) is first.candidate
    assert opening_rule(rule.candidate, [rule, other]) is None


def test_a_yes_no_question_sees_the_duty_it_asks_about_beside_a_lead_without_one() -> None:
    def pick(text: str, order: int, modal: bool) -> _Pick:
        c = Candidate(0, text, "§ 6 Ausschluß von Doppelansprüchen", order=order)
        c.modal = modal
        return _Pick(c, 0.0)

    lead = pick(
        "(1) Der Anspruch auf Urlaub besteht nicht, soweit dem Arbeitnehmer bereits von "
        "einem früheren Arbeitgeber Urlaub gewährt worden ist.",
        0,
        modal=False,
    )
    duty = pick(
        "(2) Der Arbeitgeber ist verpflichtet, bei Beendigung des Arbeitsverhältnisses "
        "eine Bescheinigung über den gewährten Urlaub auszuhändigen.",
        1,
        modal=True,
    )
    assert of_modality(lead.candidate, [lead, duty]) is duty.candidate
    # a lead that states the duty itself needs nothing beside it
    assert of_modality(duty.candidate, [duty, lead]) is None
    # nor is a duty ranked far down, or a fragment, brought in
    filler = [pick(f"({i}) Weitere Regel über den Urlaub im Jahr.", i, False) for i in range(2, 8)]
    assert of_modality(lead.candidate, [lead, *filler, duty]) is None
    fragment = pick("verpflichtet,", 9, modal=True)
    assert of_modality(lead.candidate, [lead, fragment]) is None


def test_the_embedders_own_choice_follows_a_lead_it_disagrees_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def pick(text: str, fused: float, meaning: float, passage: int = 0) -> _Pick:
        candidate = Candidate(passage, text, "")
        candidate.meaning = meaning
        return _Pick(candidate, fused)

    general = pick("(6) Eine erneute Verringerung ist frühestens nach zwei Jahren möglich.", 2, 0.8)
    own = pick(
        "(5) Nach der Rückkehr ist eine Verringerung frühestens nach einem Jahr möglich.", 1, 0.9
    )
    ranking = [general, own, pick("(7) Tarifverträge können abweichen.", 0.5, 0.7)]
    assert closest_in_meaning(ranking, [general.candidate], "de", "de") is own.candidate
    # when the lead is the embedder's choice as well, nothing is added
    assert closest_in_meaning([own, general], [own.candidate], "de", "de") is None
    assert closest_in_meaning([], [], "de", "de") is None
    # an English question answered from a German law: the embedder's cosine favours English,
    # and an English sentence of another document is no second opinion on the law
    lead = pick("(1) Der Urlaub beträgt jährlich mindestens vierundzwanzig Werktage.", 2, 0.80)
    english = pick(
        "In 2015, Microsoft established its own parental leave policy to allow twelve weeks off.",
        1,
        0.90,
    )
    german = pick(
        "Als Werktage gelten alle Kalendertage, die nicht Sonn- oder Feiertage sind.", 1, 0.85
    )
    assert (
        closest_in_meaning([lead, english, german], [lead.candidate], "en", "de")
        is german.candidate
    )
    assert (
        closest_in_meaning([lead, english, german], [lead.candidate], "de", "de")
        is english.candidate
    )
    # a table cell or a byline is no sentence, however close the embedder finds it
    answer = pick("For easy problems, the tuned model was more accurate (90% vs. 70%).", 2, 0.8)
    for fragment in ("level 2 algebra", "Principal Researcher at Microsoft Research"):
        cell = pick(fragment, 1, 0.95)
        assert closest_in_meaning([answer, cell], [answer.candidate], "en", "en") is None
    said = pick("The tuned model is selected as the better model.", 1, 0.9)
    assert closest_in_meaning([answer, said], [answer.candidate], "en", "en") is said.candidate

    # in an answer: the fused order leads (here by the question's words alone), the
    # embedder's choice follows with its own citation, though it adds none of those words
    class Words(_WordEmbedder):
        words = ("wieder", "zwei")

    monkeypatch.setattr(choice, "WEIGHTS", {"words": 1.0})
    passages = section_passages(
        "TzBfG",
        ("§ 8", "Eine Verringerung der Arbeitszeit kann man wieder nach zwei Jahren verlangen."),
        ("§ 9a", "Danach gilt wieder ein Jahr."),
    )
    question = "Kann ich wieder eine Verringerung der Arbeitszeit verlangen?"
    answer = ExtractiveAnswerer(embedder=Words()).answer(  # type: ignore[arg-type]
        question, "de", passages, GraphContext()
    )
    assert answer.answer.index("zwei Jahren") < answer.answer.index("ein Jahr.")
    assert [c.section for c in answer.citations] == ["§ 8", "§ 9a"]


def test_each_part_of_a_question_gets_the_embedders_own_choice_beside_its_lead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Topics:
        """A question about the Pause means what a sentence about Erholung says, no more."""

        def _vector(self, text: str, rest: str) -> list[float]:
            return [1.0, 0.0] if rest in text else [0.0, 1.0]

        def embed_query(self, text: str) -> list[float]:
            return self._vector(text, "Pause")

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [self._vector(t, "Erholung") for t in texts]

    monkeypatch.setattr(choice, "WEIGHTS", {"words": 1.0})
    passages = section_passages(
        "G",
        ("§ 1", "Für den Urlaub gilt die Regel eins."),
        ("§ 2", "Für die Pause gilt die Regel zwei."),
        ("§ 3", "Sie dient der Erholung."),
    )
    question = "Welche Regel gilt für den Urlaub, und welche Regel gilt für die Pause?"
    answer = ExtractiveAnswerer(embedder=Topics()).answer(  # type: ignore[arg-type]
        question, "de", passages, GraphContext()
    )
    # each part's lead by the words, then the second part's sentence by meaning
    assert [c.section for c in answer.citations] == ["§ 1", "§ 2", "§ 3"]


class _WordEmbedder:
    """Counts of a few words: cosines that follow the words two texts share."""

    words = ("song", "changed", "radio", "minaj", "nicki", "born", "port", "spain", "rapper")

    def _vector(self, text: str) -> list[float]:
        found = re.findall(r"\w+", text.casefold())
        return [float(found.count(w)) + 0.01 for w in self.words]

    def embed_query(self, text: str) -> list[float]:
        return self._vector(text)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]


def _hop(question: str, passages: list[Passage], embedder: _WordEmbedder) -> Candidate | None:
    """The second hop from the first sentence of the passages."""
    pool = candidates(passages)
    vectors = embedder.embed_documents([c.text for c in pool])
    answerer = ExtractiveAnswerer(embedder=embedder)  # type: ignore[arg-type]
    return answerer._second_hop(question, "en", pool[0], pool, vectors)


def test_a_bridge_question_gets_the_sentence_that_answers_it_of_the_name_the_lead_brings() -> None:
    song = " ".join(
        ["Changed It is a song by rapper Nicki Minaj."]
        + [f"Changed It was played by radio station number {i}." for i in range(14)]
    )
    passages = [
        Passage(chunk_ids=["a"], doc_id="a", title="Changed It", section_path=[], text=song),
        Passage(
            chunk_ids=["b"],
            doc_id="b",
            title="Nicki Minaj",
            section_path=[],
            text="Nicki Minaj is a rapper. Minaj was born in Port of Spain.",
        ),
    ]
    answerer = ExtractiveAnswerer(embedder=_WordEmbedder())  # type: ignore[arg-type]
    answer = answerer.answer(
        "Where was the performer of song Changed It born?", "en", passages, GraphContext()
    )
    assert answer.answer.startswith("Changed It is a song by rapper Nicki Minaj.")
    # the sentence about the name the lead brings that answers "Where was ... Nicki Minaj
    # born?", from far below the lead (the radio lines share more of the question's words)
    assert "Minaj was born in Port of Spain." in answer.answer
    assert "is a rapper." not in answer.answer
    # German text capitalises every noun: no names to follow
    assert (
        answerer._second_hop(
            "Wo?", "de", Candidate(0, "Der Urlaub beträgt 24 Werktage.", ""), [], []
        )
        is None
    )


@pytest.mark.parametrize(
    ("words", "film", "person", "question", "wanted"),
    [
        # the type asked for: the embedder finds the sentence that repeats the name closest
        (
            ("stephen", "warbeck", "film", "elliot"),
            ("Billy Elliot", "Billy Elliot is a 2000 film with music by Stephen Warbeck."),
            (
                "Stephen Warbeck",
                "Stephen Warbeck (born 3 May 1953) is an English composer. "
                "Warbeck was born in Southampton, Hampshire.",
            ),
            "Where was the composer of film Billy Elliot born?",
            "born in Southampton",
        ),
        # the life event asked about: both sentences name a place
        (
            ("isaac", "schwartz", "composer", "soviet", "film", "straw", "hat"),
            ("The Straw Hat", "The Straw Hat is a Soviet film with music by Isaac Schwartz."),
            (
                "Isaac Schwartz",
                "Isaac Schwartz (1923 – 2009) was a Soviet composer from Leningrad. "
                "Schwartz died in Siversky, near Saint Petersburg, in 2009.",
            ),
            "Where did the composer of film The Straw Hat die?",
            "died in Siversky",
        ),
        # the event as its words say it before the type as the tagger reads it: the tagger
        # takes "Meung-sur-Loire" for a person and "Paris" for a place
        (
            ("alain", "corneau", "film", "world"),
            ("New World", "New World is a 1995 French film directed by Alain Corneau."),
            (
                "Alain Corneau",
                "Alain Corneau (7 August 1943 – 30 August 2010) was a French film director. "
                "Corneau was born in Meung-sur-Loire, Loiret. "
                "Corneau died in Paris on 30 August 2010.",
            ),
            "What is the place of birth of the director of film New World (1995 Film)?",
            "born in Meung-sur-Loire",
        ),
        # when: the day the life span ends, not the year of the sentence that says "died"
        (
            ("elvis", "presley", "song", "forget"),
            (
                "I Forgot to Remember to Forget",
                "I Forgot to Remember to Forget is a song first recorded by Elvis Presley.",
            ),
            (
                "Elvis Presley",
                "Elvis Aaron Presley (January 8, 1935 – August 16, 1977) was an American singer. "
                "Years of drug abuse compromised his health, and he died suddenly in 1977.",
            ),
            "When did the performer of song I Forgot To Remember To Forget die?",
            "August 16, 1977",
        ),
        # why someone died: the sentence that says what killed her, not the dates of her life
        # that the embedder finds closer for the name and "die"
        (
            ("katherine", "mansfield", "murry", "wife", "die", "writer"),
            ("John Middleton Murry", "John Middleton Murry was married to Katherine Mansfield."),
            (
                "Katherine Mansfield",
                "Katherine Mansfield (1888 – 1923, die Murry) was a writer. "
                "The disease claimed her life at the age of 34.",
            ),
            "Why did John Middleton Murry's wife die?",
            "The disease claimed her life",
        ),
    ],
)
def test_the_second_hop_takes_the_sentence_that_answers_what_is_asked_of_the_bridge(
    words: tuple[str, ...],
    film: tuple[str, str],
    person: tuple[str, str],
    question: str,
    wanted: str,
) -> None:
    class Name(_WordEmbedder):
        pass

    Name.words = words
    answer = ExtractiveAnswerer(embedder=Name()).answer(  # type: ignore[arg-type]
        question, "en", titled_passages(film, person), GraphContext()
    )
    assert wanted in answer.answer


def test_a_sentence_the_question_states_itself_does_not_lead() -> None:
    question = (
        "Homer's Odyssey is the third episode of the first season of The Simpsons. "
        "What recurring character makes his first appearance in this episode?"
    )
    restated = "Homer's Odyssey is the third episode of the first season of The Simpsons."
    answering = 'Smithers first appeared in the episode "Homer\'s Odyssey".'
    passages = titled_passages(
        ("Homer's Odyssey", restated + " It was written by Jay Kogen."),
        ("Waylon Smithers", answering),
    )
    answer = ExtractiveAnswerer(embedder=_WordEmbedder()).answer(  # type: ignore[arg-type]
        question, "en", passages, GraphContext()
    )
    assert answer.answer.startswith(answering)
    assert restated not in answer.answer
    # only the statement before the asking sentence counts: a sentence in the asking
    # sentence's own words may answer it
    law = Candidate(0, "Der Urlaub beträgt jährlich mindestens 24 Werktage.", "")
    asked_only = _statement("Beträgt der Urlaub jährlich mindestens 24 Werktage?", "de")
    assert asked_only == set() and not _restates(law, asked_only, "de")
    assert _restates(law, _statement(f"{law.text} Gilt das auch für Teilzeit?", "de"), "de")


def test_the_life_event_a_question_asks_about() -> None:
    assert answer_type.event("When was Isaac Schwartz born?") == "birth"
    assert answer_type.event("Who was Isaac Schwartz?") is None
    assert answer_type.states_event("death", "Ermengarde of Tours (d. 20 March 851) was a queen.")
    # why someone died, where they studied or worked: told by what happened there, not by a
    # sentence that only names a place or the dates of a life
    assert answer_type.event("Why did John Middleton Murry's wife die?") == "cause of death"
    assert answer_type.event("Where did Theodore Salisbury Woolsey's father study?") == "study"
    assert (
        answer_type.event("Where does the director of film A Nest Of Noblemen work at?") == "work"
    )
    assert answer_type.event("Were both Pietro Salini and Domenico Ravenna born in Rome?") is None
    said = "Mansfield was diagnosed with tuberculosis; the disease claimed her life at 34."
    assert answer_type.states_event("cause of death", said)
    assert not answer_type.states_event("cause of death", "Mansfield (1888 – 1923) was a writer.")
    assert answer_type.states_event("work", "Bradley later taught film studies at UCLA.")
    assert not answer_type.states_event("work", "Bradley was born in Winnetka, Illinois.")


def test_the_second_hop_reads_the_names_joined_by_and() -> None:
    passages = titled_passages(
        ("Changed It", "Changed It is a song by rapper Nicki Minaj and American rapper Lil Wayne."),
        # the sentence that answers does not repeat the name: only her passage's title does
        ("Nicki Minaj", "Nicki Minaj is a rapper and singer. Born in Port of Spain, she moved."),
    )
    hop = _hop("Where was the performer of song Changed It born?", passages, _WordEmbedder())
    assert hop is not None and hop.text == "Born in Port of Spain, she moved."
    assert _each_name(["Nicki Minaj and American", "Simon & Garfunkel", "Frank Sinatra's"]) == [
        "Nicki Minaj and American",
        "Nicki Minaj",
        "American",
        "Simon & Garfunkel",
        "Simon",
        "Garfunkel",
        "Frank Sinatra",
    ]


def test_the_second_hop_takes_the_sentence_that_states_the_relation_asked_for() -> None:
    class Name(_WordEmbedder):
        # the embedder finds the sentence that repeats the name and the role closest
        words = ("gia", "coppola", "director", "film")

    passages = titled_passages(
        ("Palo Alto (2013 film)", "Palo Alto is a 2013 film directed by Gia Coppola."),
        (
            "Gia Coppola",
            "Gian-Carla Gia Coppola is an American film director. "
            "She is the daughter of Gian-Carlo Coppola and Jacqueline de la Fontaine.",
        ),
    )
    answerer = ExtractiveAnswerer(embedder=Name())  # type: ignore[arg-type]
    answer = answerer.answer(
        "Who is the father of the director of film Palo Alto (2013 Film)?",
        "en",
        passages,
        GraphContext(),
    )
    assert "daughter of Gian-Carlo Coppola" in answer.answer
    # where a relative died is told without the relation's word
    assert kinship.asked("Where did Sylvia Burka's husband die?") == "spouse"
    assert answer_type.expected("Where did Sylvia Burka's husband die?") != {"PERSON"}
    # a quoted title's words are no relation
    quoted = 'Who was Audrey Williams pregnant with during the recording of "Dear Brother"?'
    assert kinship.asked(quoted) is None
    assert kinship.steps('Who sang "Stepmother Blues"?') is None
    assert kinship.asked("Who is the brother of the singer of Dear Brother?") == "sibling"


@pytest.mark.parametrize(
    ("words", "texts", "question", "wanted"),
    [
        # the embedder finds the actress's sentence closest
        (
            ("kate", "ramsay", "australian", "soap", "opera", "ashleigh", "neighbours"),
            [
                (
                    "Kate Ramsay",
                    "Kate Ramsay is a character from the Australian soap opera Neighbours, "
                    "played by Ashleigh Brewer.",
                ),
                (
                    "Ashleigh Brewer",
                    "Ashleigh Brewer is an Australian actress trained by John Smith.",
                ),
                (
                    "Neighbours",
                    "Neighbours is a long-running series. It was created by Reg Watson.",
                ),
            ],
            "Kate Ramsay is a character from an Australian soap opera created by who?",
            "It was created by Reg Watson.",
        ),
        # the embedder finds the actor's sentence closest: it names a director too; "directed
        # by" describes "the director", though the stemmer keeps "director" and "direct" apart
        (
            ("father", "director", "film", "palo", "alto", "franco", "actor"),
            [
                (
                    "Palo Alto (2013 film)",
                    "Palo Alto is a 2013 American coming-of-age drama film written and directed "
                    "by Gia Coppola. The film stars Emma Roberts and James Franco.",
                ),
                ("James Franco", "James Franco is an American actor, director and writer."),
                ("Gia Coppola", "She is the daughter of Gian-Carlo Coppola."),
            ],
            "Who is the father of the director of film Palo Alto?",
            "She is the daughter of Gian-Carlo Coppola.",
        ),
        # a stepmother is the father's wife: the hop goes through the name the lead calls the
        # parent ("son of king Gundobad"), not the duchy whose duchess the embedder prefers
        (
            ("stepmother", "wife", "burgundy", "godomar", "gundobad"),
            [
                ("Godomar II", "Godomar II, son of king Gundobad, was king of Burgundy."),
                (
                    "Gundobad",
                    "Gundobad was King of the Burgundians. He was the husband of Caretene.",
                ),
                (
                    "Beatrice, Duchess of Burgundy",
                    "Beatrice was Duchess of Burgundy. She was the second wife of Hugh of Burgundy.",
                ),
            ],
            "Who is Godomar II's stepmother?",
            "He was the husband of Caretene.",
        ),
        # a father sharing the name the question asks about is another person, and the one a
        # paternal grandfather is reached through; his own passage states his parent
        (
            ("ruaidhrí", "mac", "magnate", "grandfather"),
            [
                ("Raghnall Mac Ruaidhrí", "Raghnall's father, Ruaidhrí Mac Ruaidhrí, was slain."),
                (
                    "Ruaidhrí Mac Ruaidhrí",
                    "Ruaidhrí Mac Ruaidhrí was a Scottish magnate. "
                    "He was a son of Ailéan mac Ruaidhrí.",
                ),
            ],
            "Who is Raghnall Mac Ruaidhrí's paternal grandfather?",
            "He was a son of Ailéan mac Ruaidhrí.",
        ),
        # the father-in-law is the husband's parent; "father of" his son states a child
        (
            ("norodom", "suramarit", "king", "father"),
            [
                ("Sisowath Kossamak", "She was queen by marriage to King Norodom Suramarit."),
                (
                    "Norodom Suramarit",
                    "Norodom Suramarit was King of Cambodia. He was the father of King Norodom "
                    "Sihanouk. Suramarit was born in Phnom Penh to Prince Norodom Sutharot.",
                ),
            ],
            "Who is the father-in-law of Sisowath Kossamak?",
            "Suramarit was born in Phnom Penh to Prince Norodom Sutharot.",
        ),
        # where she was born: "Born in ...", not her birth date beside a nationality of the
        # same words ("Trinidad-born"), which repeats her name for the embedder
        (
            ("nicki", "minaj", "born", "rapper", "song"),
            [
                ("Changed It", "Changed It is a song by rapper Nicki Minaj."),
                (
                    "Nicki Minaj",
                    "Nicki Minaj (born December 8, 1982) is a Trinidad-born rapper. "
                    "Born in Saint James, Port of Spain, she moved to Queens.",
                ),
            ],
            "What is the place of birth of the performer of song Changed It?",
            "Born in Saint James, Port of Spain, she moved to Queens.",
        ),
        # a namesake: the passage whose title the lead's passage bears out ("King of
        # Aragon"), not the count's, whose sentence repeats more of the words the embedder weighs
        (
            ("sancho", "ramírez", "son", "ramiro", "aragon", "king"),
            [
                (
                    "Ramiro II of Aragon",
                    "Ramiro II was the youngest son of Sancho Ramírez, King of Aragon and Navarre.",
                ),
                (
                    "Sancho Ramírez, Count of Ribagorza",
                    "Sancho Ramírez was a son of King Ramiro I of Aragon and Amuña.",
                ),
                (
                    "Sancho Ramírez",
                    "Sancho Ramírez was the eldest son of Ramiro I and Ermesinda of Bigorre.",
                ),
            ],
            "Who is the paternal grandmother of Ramiro Ii Of Aragon?",
            "Sancho Ramírez was the eldest son of Ramiro I and Ermesinda of Bigorre.",
        ),
        # where he studied: the degree's abbreviation and where it was taken, not the seat
        # he held, which repeats the words the embedder weighs
        (
            ("wallop", "john", "father", "portsmouth", "earl", "created", "october"),
            [
                ("Coulson Wallop", "Coulson Wallop was the third son of John Wallop."),
                (
                    "John Wallop",
                    "John Wallop was the 2nd Earl of Portsmouth, in the Wallop family of "
                    "Portsmouth. On 1 October 1755 he was created a DCL of Oxford.",
                ),
            ],
            "Where did Coulson Wallop's father study?",
            "On 1 October 1755 he was created a DCL of Oxford.",
        ),
    ],
)
def test_the_second_hop_follows_the_name_the_question_describes(
    words: tuple[str, ...], texts: list[tuple[str, str]], question: str, wanted: str
) -> None:
    class Name(_WordEmbedder):
        pass

    Name.words = words
    hop = _hop(question, titled_passages(*texts), Name())
    assert hop is not None and hop.text == wanted


def test_the_leads_own_passage_answers_what_the_lead_does_not() -> None:
    pool = candidates(
        titled_passages(
            (
                "Adelaide Lightning",
                "The Adelaide Lightning are a women's basketball team in the WNBL. "
                "The club is based in Adelaide. The club was formed in 1993.",
            ),
        )
    )
    question = "The WNBL includes the Adelaide team that was formed in what year?"
    own = _rest_answers(question, "en", pool[0], pool)
    assert own is not None and own.text == "The club was formed in 1993."
    # a lead that names a year itself needs no other sentence
    dated = [Candidate(0, "The Adelaide Lightning were founded in 1993.", "A"), *pool[1:]]
    assert _rest_answers(question, "en", dated[0], dated) is None


def test_a_title_named_only_inside_a_longer_title_the_question_names_is_left_out() -> None:
    pool = [
        Candidate(0, "Outlaw Express is a 1938 film by George Waggner.", "Outlaw Express"),
        Candidate(1, "The Outlaw Express is a 1926 film by Leo Maloney.", "The Outlaw Express"),
        Candidate(2, "Étienne de Crécy is a French DJ.", "Étienne de Crécy"),
        Candidate(3, "Am I Wrong is a song.", "Am I Wrong (Étienne de Crécy song)"),
        Candidate(4, "Frank Sinatra Jr. was a singer.", "Frank Sinatra Jr."),
        Candidate(5, "Frank Sinatra was a singer.", "Frank Sinatra"),
    ]

    def kept(question: str) -> list[str]:
        return [c.heading for c in _named_in_full(question, pool)]

    assert "Outlaw Express" not in kept("Where was the director of film The Outlaw Express born?")
    # a disambiguation names another thing; a title named on its own as well stays
    assert "Étienne de Crécy" in kept(
        "What nationality is the performer of Am I Wrong (Étienne De Crécy Song)?"
    )
    assert len(kept("Who was born first, Frank Sinatra or Frank Sinatra Jr.?")) == 6
    assert "Frank Sinatra" not in kept("Who is the mother of Frank Sinatra Jr.?")
    assert len(kept("Who directed Outlaw Express?")) == 6


def test_the_type_of_thing_a_question_asks_for_is_named_by_spacy() -> None:
    assert answer_type.expected("When did Lothair II's mother die?") == frozenset({"DATE"})
    assert answer_type.expected("What nationality is Lamprocles's father?") == frozenset(
        {"NORP", "GPE"}
    )
    assert answer_type.expected("Where did Coulson Wallop's father study?") == frozenset(
        {"GPE", "LOC", "FAC", "ORG"}
    )
    assert answer_type.expected("Why did John Middleton Murry's wife die?") is None
    # the asked-for word may come last
    assert answer_type.expected("The team was formed in what year?") == frozenset({"DATE"})
    assert answer_type.expected("Kate Ramsay is a character created by who?") == {"PERSON"}
    assert answer_type.expected("Which country is his father from?") == {"GPE", "NORP"}
    assert answer_type.expected("It is headquartered in what city?") == {"GPE", "LOC", "FAC"}
    place = answer_type.expected("Where was Warbeck born?")
    assert place is not None
    assert answer_type.names_one("Warbeck was born in Southampton, Hampshire.", place)
    assert not answer_type.names_one(
        "Stephen Warbeck (born 3 May 1953) is an English composer.", place
    )
    # the thing asked about is no answer about itself
    person = frozenset({"PERSON"})
    assert not answer_type.names_one(
        "Stephen Warbeck is a composer.", person, "Who is Stephen Warbeck?"
    )
    assert answer_type.names_one(
        "Stephen Warbeck married Jane Smith.", person, "Who is Stephen Warbeck?"
    )


def test_the_bridge_may_come_later_in_the_leads_passage_and_a_titled_name_goes_first() -> None:
    class Words(_WordEmbedder):
        words = ("die", "toronto", "manitoba", "hall", "lovell", "jocelyn", "married", "fame")

        def _vector(self, text: str) -> list[float]:  # "die" counts "died" as well
            found = re.findall(r"\w+", text.casefold())
            return [sum(f.startswith(w) for f in found) + 0.01 for w in self.words]

    pool = [
        Candidate(0, "Sylvia Burka is a speed skater from Winnipeg, Manitoba.", "Sylvia Burka"),
        Candidate(0, "She was married to Jocelyn Lovell.", "Sylvia Burka", order=1),
        Candidate(1, "Jocelyn Lovell was a cyclist.", "Jocelyn Lovell"),
        Candidate(1, "He died in 2016 near Toronto.", "Jocelyn Lovell", order=1),
        Candidate(2, "Manitoba has a sports hall of fame.", "Sports in Canada"),
    ]
    embedder = Words()
    vectors = embedder.embed_documents([f"{c.heading}: {c.text}" for c in pool])
    answerer = ExtractiveAnswerer(embedder=embedder)  # type: ignore[arg-type]
    hop = answerer._second_hop(
        "Where did Sylvia Burka's husband die?", "en", pool[0], pool, vectors
    )
    # the husband is named after the lead, and has a passage of his own; Manitoba, which the
    # lead names, is only mentioned elsewhere
    assert hop is pool[3]


def test_an_amount_is_the_amount_of_the_thing_asked_for() -> None:
    def law(text: str) -> list[Passage]:
        return [
            Passage(chunk_ids=["p"], doc_id="d", title="TzBfG", section_path=["§ 12"], text=text)
        ]

    share = law("Der Arbeitgeber darf nur bis zu 25 Prozent der wöchentlichen Arbeitszeit abrufen.")
    wage = ExtractiveAnswerer().answer(
        "Wie hoch ist der gesetzliche Mindestlohn pro Stunde?", "de", share, GraphContext()
    )
    assert not wage.answerable  # a share of working time is no wage
    severance = law("Die Höhe der Abfindung beträgt 0,5 Monatsverdienste für jedes Jahr.")
    answer = ExtractiveAnswerer().answer(
        "Wie hoch ist die Abfindung?", "de", severance, GraphContext()
    )
    assert answer.answerable and "0,5 Monatsverdienste" in answer.answer


def _leave_law(then: str) -> Passage:
    """BUrlG § 3's minimum leave, then ``then``."""
    return Passage(
        chunk_ids=["u"],
        doc_id="burlg",
        title="BUrlG",
        section_path=["§ 3 Dauer des Urlaubs"],
        text=f"Der Urlaub beträgt jährlich mindestens 24 Werktage. {then}",
    )


def test_each_part_of_a_two_part_question_gets_its_own_sentence() -> None:
    passages = [
        _leave_law(
            "Der volle Urlaubsanspruch wird erstmalig nach sechsmonatigem Bestehen des "
            "Arbeitsverhältnisses erworben."
        )
    ]
    answer = ExtractiveAnswerer().answer(
        "Wie viele Werktage Urlaub habe ich mindestens, und ab wann habe ich den vollen "
        "Urlaubsanspruch?",
        "de",
        passages,
        GraphContext(),
    )
    assert "24 Werktage" in answer.answer and "sechsmonatigem" in answer.answer


def test_a_question_of_two_asks_answers_the_one_the_evidence_answers_and_names_the_other() -> None:
    passages = [
        _leave_law(
            "Als Werktage gelten alle Kalendertage, die nicht Sonn- oder gesetzliche Feiertage "
            "sind."
        ),
        Passage(
            chunk_ids=["e"],
            doc_id="entgtranspg",
            title="EntgTranspG",
            section_path=["§ 3 Verbot der unmittelbaren und mittelbaren Entgeltbenachteiligung"],
            text="Bei gleicher Arbeit ist eine unmittelbare Benachteiligung wegen des Geschlechts "
            "im Hinblick auf sämtliche Entgeltbestandteile verboten.",
        ),
    ]

    def ask(question: str) -> Answer:
        return ExtractiveAnswerer().answer(question, "de", passages, GraphContext())

    answer = ask(
        "Ich fange im Juni neu an. Wie viele Werktage Urlaub habe ich mindestens? Und wie viel "
        "Weihnachtsgeld bekomme ich?"
    )
    assert answer.answerable and answer.answer.startswith("Der Urlaub beträgt")
    lead, open_ask = answer.answer.split("\n\n")
    assert "Weihnachtsgeld" not in lead
    # the ask left open is named, with the sentence closest to it, cited
    assert open_ask == (
        "Zu „Wie viel Weihnachtsgeld bekomme ich?“ geben die gefundenen Dokumente keine "
        "sichere Antwort. Am nächsten kommt: „Bei gleicher Arbeit ist eine unmittelbare "
        "Benachteiligung wegen des Geschlechts im Hinblick auf sämtliche Entgeltbestandteile "
        "verboten.“ [2]"
    )
    assert [c.document for c in answer.citations] == ["burlg", "entgtranspg"]
    # the first ask names what a later one leans on: a later ask answered alone answers
    # about something the documents do not have
    later = ask(
        "Wie viel Weihnachtsgeld bekomme ich, und wie viele Werktage Urlaub habe ich mindestens?"
    )
    assert not later.answerable
    # a comparison asks which of two: one side's sentence alone answers nothing
    compared = ask("Was dauert länger, der Mindesturlaub oder die Elternzeit?")
    assert not compared.answerable
    # neither ask answered: the whole question is not
    neither = ask(
        "Wie viel Weihnachtsgeld bekomme ich, und wie viele Tage Bildungsurlaub habe ich?"
    )
    assert not neither.answerable and "Weihnachtsgeld bekomme" not in neither.answer


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (  # a comparison: each side is answered by its own sentence
            "Was ist kürzer, die Frist für den Einspruch oder die Frist für die Klage?",
            [
                "Was ist kürzer, die Frist für den Einspruch?",
                "Was ist kürzer, die Frist für die Klage?",
            ],
        ),
        (
            "Which film came out first, Dying God or 3 Dots?",
            ["Which film came out first, Dying God?", "Which film came out first, 3 Dots?"],
        ),
        (  # the second part opens with a preposition
            "Was passiert, wenn ich zu spät klage, und innerhalb welcher Frist hätte ich klagen "
            "müssen?",
            [
                "Was passiert, wenn ich zu spät klage?",
                "innerhalb welcher Frist hätte ich klagen müssen? (Was passiert, wenn ich zu spät "
                "klage?)",
            ],
        ),
        (  # the second part asks yes or no: it opens with its verb
            "Wie lang muss meine Pause sein, und darf ich sie aufteilen?",
            [
                "Wie lang muss meine Pause sein?",
                "darf ich sie aufteilen? (Wie lang muss meine Pause sein?)",
            ],
        ),
        (
            "Von wann bis wann geht die Nacht, und ab wie vielen Stunden ist es Nachtarbeit?",
            [
                "Von wann bis wann geht die Nacht?",
                "ab wie vielen Stunden ist es Nachtarbeit? (Von wann bis wann geht die Nacht?)",
            ],
        ),
        # two questions, each its own sentence; the situation before them is each one's
        (
            "Mir wurde der Urlaub gestrichen. Darf er das? Und was kann ich dagegen tun?",
            [
                "Mir wurde der Urlaub gestrichen. Darf er das?",
                "Mir wurde der Urlaub gestrichen. Was kann ich dagegen tun? (Darf er das?)",
            ],
        ),
        (
            "Steht mir ein Ersatzruhetag zu? Und bis wann?",
            ["Steht mir ein Ersatzruhetag zu?", "Bis wann? (Steht mir ein Ersatzruhetag zu?)"],
        ),
        # a question of one word asks nothing of its own; a confirmation asks of what was said
        ("Darf er das? Echt?", ["Darf er das? Echt?"]),
        ("Darf er das? Oder nicht?", ["Darf er das? Oder nicht?"]),
        (
            "Kann ich kündigen? Mein Kollege sagt, das geht sofort. Stimmt das?",
            ["Kann ich kündigen? Mein Kollege sagt, das geht sofort. Stimmt das?"],
        ),
        # "oder" without a comparison, and "und" inside one part, split nothing
        ("Darf ich im Urlaub arbeiten oder nicht?", ["Darf ich im Urlaub arbeiten oder nicht?"]),
        (  # "und" before a verb that is no question's opening
            "Muss ich kommen und arbeiten, wenn ich krank bin?",
            ["Muss ich kommen und arbeiten, wenn ich krank bin?"],
        ),
        (
            "Darf ich Urlaub und Überstunden verrechnen?",
            ["Darf ich Urlaub und Überstunden verrechnen?"],
        ),
    ],
)
def test_the_parts_a_question_asks(question: str, parts: list[str]) -> None:
    assert split_question(question) == parts


def test_each_part_of_a_split_reads_its_own_ask() -> None:
    # the second ask, after the situation, opens in lower case: it is a sentence of its own
    question = "Ich bin in Elternzeit. Darf ich nebenbei jobben, und wie viele Stunden?"
    first, second = split_question(question)
    assert (asked(first), last_question(first)) == ("yes_no", "Darf ich nebenbei jobben?")
    assert last_question(second) == "wie viele Stunden?"
    yes_no = "Meine Pause ist kurz. Wie lang muss sie sein, und darf ich sie aufteilen?"
    assert last_question(split_question(yes_no)[1]) == "darf ich sie aufteilen?"


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        # one spelling of a question word serves each reader: the split, the "or" that
        # offers an open question, a request that embeds one, and a stop before one
        (
            "Ich bin krank. Muss ich ein Attest bringen, und bei wem gebe ich es ab?",
            "Muss ich ein Attest bringen?",
            "bei wem gebe ich es ab?",
        ),
        (
            "Mein Vertrag ist befristet, aber es steht kein Grund drin. Ist er gültig, und "
            "warum braucht er keinen Grund?",
            "Ist er gültig?",
            "warum braucht er keinen Grund?",
        ),
    ],
)
def test_every_question_word_opens_a_second_ask(question: str, first: str, second: str) -> None:
    one, two = split_question(question)
    assert last_question(one) == first
    assert last_question(two).startswith(second)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Und darf ich das?", "yes_no"),  # a chat's follow-up
        ("Und wer zahlt dann das Benzin?", "person"),
        ("Oder muss ich das selbst beantragen?", "yes_no"),
        ("And how many days of leave do I get?", "duration"),
    ],
)
def test_a_question_that_goes_on_from_one_before_asks_what_it_would_alone(
    question: str, kind: Asked
) -> None:
    assert asked(question) == kind


def test_a_request_embeds_and_an_or_offers_each_question_word() -> None:
    assert last_question("Meine Kollegin möchte wissen, von wem sie das Zeugnis bekommt.") == (
        "von wem sie das Zeugnis bekommt."
    )
    assert asked("Muss ich die Krankmeldung sofort abgeben, oder bis zu welchem Tag?") == "deadline"
    assert asking_sentence("Ich arbeite 8 Std. Bei wem melde ich mich krank?") == (
        "Bei wem melde ich mich krank?"
    )


@pytest.mark.parametrize(
    ("question", "asking", "kind"),
    [
        # a chat: an emoji ends a thought, an opener that names the asking asks nothing
        (
            "Hey 👋 kurze Frage: darf mein Chef mich sonntags einplanen? Ich bin im Büro 🙈",
            "darf mein Chef mich sonntags einplanen?",
            "yes_no",
        ),
        (
            "Bei uns wird abgebaut 😟 Wie viele Wochen vorher muss man es uns sagen?",
            "Wie viele Wochen vorher muss man es uns sagen?",
            "duration",
        ),
        (
            "Noch eine Frage zum Urlaub: Krieg ich ihn ausgezahlt?",
            "Krieg ich ihn ausgezahlt?",
            "yes_no",
        ),
        ("Quick question: can I work on Sundays? 🙏", "can I work on Sundays?", "yes_no"),
        # "hab" opens a yes/no question only before its subject: here "ich" was dropped
        (
            "hab die kuendigung bekommen wie lange hab ich zeit zum klagen",
            "hab die kuendigung bekommen wie lange hab ich zeit zum klagen",
            "duration",
        ),
        # a colon that no opener comes before stays
        (
            "Zwei Optionen: Teilzeit oder Elternzeit?",
            "Zwei Optionen: Teilzeit oder Elternzeit?",
            None,
        ),
    ],
)
def test_a_chat_message_asks_what_follows_its_opener(
    question: str, asking: str, kind: Asked | None
) -> None:
    assert last_question(question) == asking
    if kind is not None:
        assert asked(question) == kind


@pytest.mark.parametrize(
    ("question", "asking", "kind"),
    [
        # a voice assistant's transcript: the sounds and the words that open speech go
        (
            "okay so um can i like do a paid side gig while i'm on vacation or is that uh not "
            "allowed",
            "can i like do a paid side gig while i'm on vacation or is that not allowed",
            "yes_no",
        ),
        (
            "äh muss mir die firma eigentlich weihnachtsgeld zahlen",
            "muss mir die firma eigentlich weihnachtsgeld zahlen",
            "yes_no",
        ),
        ("Ähm, wie lange darf ich, öhm, arbeiten?", "wie lange darf ich, arbeiten?", "duration"),
        # German "um" is a preposition, and "so" opens no speech on its own
        ("Um wie viel Uhr muss ich anfangen?", "Um wie viel Uhr muss ich anfangen?", None),
        ("So viele Tage Urlaub?", "So viele Tage Urlaub?", None),
        ("Also wie viele Tage Urlaub habe ich?", "wie viele Tage Urlaub habe ich?", "duration"),
    ],
)
def test_a_spoken_question_asks_without_its_sounds_and_opening_words(
    question: str, asking: str, kind: Asked | None
) -> None:
    assert asking_sentence(question) == asking
    if kind is not None:
        assert asked(question) == kind


@pytest.mark.parametrize(
    ("question", "asking", "kind"),
    [
        # a quotation ends the sentence it holds; what comes after it asks
        (
            'Im Vertrag steht: "Der Urlaub beträgt 18 Werktage." Ist das erlaubt?',
            "Ist das erlaubt: Der Urlaub beträgt 18 Werktage?",
            "yes_no",
        ),
        (
            "Mein Vertrag sagt: 'Die tägliche Arbeitszeit beträgt 10 Stunden.' Ist das so zulässig?",
            "Ist das so zulässig: Die tägliche Arbeitszeit beträgt 10 Stunden?",
            "yes_no",
        ),
        (
            "Die Anzeige lautet: „Wir suchen Leute bis 30 Jahre.“ Darf man eine Stelle so ausschreiben?",
            "Darf man eine Stelle so ausschreiben: Wir suchen Leute bis 30 Jahre?",
            "yes_no",
        ),
        (
            'My contract says: "No holiday in the first year." Is that legal?',
            "Is that legal: No holiday in the first year?",
            "yes_no",
        ),
        # a question passed on asks what it embeds, even without a question mark and before
        # the clause it asks of
        (
            "Meine Kollegin möchte wissen, ob das rechtens ist. In ihrem Vertrag steht: "
            "„Teilzeitkräfte bekommen kein Weihnachtsgeld.“ Die anderen kriegen es aber.",
            "ob das rechtens ist: Teilzeitkräfte bekommen kein Weihnachtsgeld?",
            "yes_no",
        ),
        (
            "Mein Kollege wechselt die Firma. Er fragt, ob ihm dafür Geld zusteht.",
            "ob ihm dafür Geld zusteht.",
            "yes_no",
        ),
        (
            "A colleague of mine wants to know whether that is legal. Her contract says "
            '"No overtime is paid."',
            "whether that is legal: No overtime is paid?",
            "yes_no",
        ),
        # a condition that names someone asking is no question passed on
        (
            "Wenn mein Chef fragt, ob ich krank bin, muss ich antworten?",
            "Wenn mein Chef fragt, ob ich krank bin, muss ich antworten?",
            "yes_no",
        ),
        # a belief quoted is asked back as one said
        (
            "Mein Kollege sagt: »Resturlaub verfällt im März.« Stimmt das?",
            "Stimmt das: Resturlaub verfällt im März?",
            "yes_no",
        ),
        # an asking sentence that asks of its own thing ("das Verfahren") stays as asked; so
        # does one after an apostrophe ("Geht's") or a quoted single word
        (
            'Im Vertrag steht "Probezeit von sechs Monaten". Wie lange dauert das Verfahren?',
            "Wie lange dauert das Verfahren?",
            "duration",
        ),
        ("Geht's noch? Wie viel Urlaub habe ich?", "Wie viel Urlaub habe ich?", "quantity"),
        ('Was heißt "Werktag"? Ist das der Samstag?', "Ist das der Samstag?", "yes_no"),
        # in English, "it"/"this"/"that" point back as the pronoun the question opens on or
        # ends with, or as "this"/"such" before a noun; an "it" inside asks of its own thing
        (
            'The handbook says "Laptops stay in the office." Can I take it home at weekends?',
            "Can I take it home at weekends?",
            "yes_no",
        ),
        (
            'My contract says "No overtime is paid." Can they do that in Germany?',
            "Can they do that in Germany: No overtime is paid?",
            "yes_no",
        ),
        (
            'The advert says "Applicants under 30 only." Is such a clause valid?',
            "Is such a clause valid: Applicants under 30 only?",
            "yes_no",
        ),
    ],
)
def test_a_clause_quoted_then_asked_of_is_what_is_asked(
    question: str, asking: str, kind: Asked
) -> None:
    assert last_question(question) == asking
    assert asked(question) == kind


@pytest.mark.parametrize(
    ("question", "asking", "kind"),
    [
        (
            "Meine Daten:\n- Eintritt: 1. Februar\n- Kündigung zum 31. Mai\n"
            "Wie viel Urlaub bekomme ich für dieses Jahr?",
            "Wie viel Urlaub bekomme ich für dieses Jahr?",
            "quantity",
        ),
        (
            "Stand:\n1) befristet ohne Grund\n2) schon 24 Monate\nGeht das noch?",
            "Geht das noch?",
            "yes_no",
        ),
        ("Zu mir:\nAlter: 51\nSchicht: nachts\nDarf ich zur Untersuchung?", None, "yes_no"),
        ("Background:\n* salary two months late\nCan I stop working?", None, "yes_no"),
        # a line with no question mark asks only when no line has one
        ("Wie lange habe ich Zeit?\nDanke und Gruß, Nils", "Wie lange habe ich Zeit?", None),
        # a list item after a line that ends a sentence keeps no mark
        ("Ende: 31.3.\n• Darf der Chef das?", "Darf der Chef das?", "yes_no"),
    ],
)
def test_a_situation_pasted_as_lines_asks_in_its_asking_line(
    question: str, asking: str | None, kind: Asked | None
) -> None:
    expected = asking or question.rsplit("\n", 1)[-1]
    assert asking_sentence(question) == expected
    assert last_question(question) == expected
    if kind is not None:
        assert asked(question) == kind


@pytest.mark.parametrize(
    ("question", "asking"),
    [
        # a sentence wrapped in a plain-text e-mail is one sentence, whatever line it ends on
        (
            "Hallo Frau Berger,\nich möchte gerne wissen, wie lange mein\nUrlaub dauern darf?",
            "Hallo Frau Berger, ich möchte gerne wissen, wie lange mein Urlaub dauern darf?",
        ),
        ("Kurze Frage: darf ich\nsonntags arbeiten?", "darf ich sonntags arbeiten?"),
    ],
)
def test_a_wrapped_line_goes_on_in_the_next(question: str, asking: str) -> None:
    assert " ".join(asking_sentence(question).split()) == asking


@pytest.mark.parametrize(
    ("question", "asking", "kind"),
    [
        # the stop of an ordinal or an abbreviation ends no sentence: the question is whole
        (
            "Darf mein Chef z. B. am 24. Dezember Urlaub anordnen?",
            "Darf mein Chef z. B. am 24. Dezember Urlaub anordnen?",
            "yes_no",
        ),
        (
            "Muss ich ab dem 3. Monat mehr Urlaub bekommen?",
            "Muss ich ab dem 3. Monat mehr Urlaub bekommen?",
            "yes_no",
        ),
        (
            "Brückenteilzeit – wie lang muss die mind. sein?",
            "Brückenteilzeit – wie lang muss die mind. sein?",
            "duration",
        ),
        # a belief with a date is asked of whole
        (
            "Mein Chef sagt, Resturlaub verfällt am 31. Dezember. Stimmt das?",
            "Stimmt das: Resturlaub verfällt am 31. Dezember?",
            "yes_no",
        ),
        # a sentence goes on in lower case after an abbreviation the reader does not know
        (
            "Kann ich auf 30 Std. pro Woche runtergehen?",
            "Kann ich auf 30 Std. pro Woche runtergehen?",
            "yes_no",
        ),
        # ... unless its writer types all in lower case, each sentence so
        ("ich habe 30 std. pro woche. darf ich mehr verlangen?", "darf ich mehr verlangen?", None),
        # an ordinal after a parenthesis or a possessive
        (
            "Kann mir gekündigt werden, weil ich schwanger bin (5. Monat)?",
            "Kann mir gekündigt werden, weil ich schwanger bin (5. Monat)?",
            "yes_no",
        ),
        (
            "Muss ich vor meinem 18. Geburtstag Nachtschicht machen?",
            "Muss ich vor meinem 18. Geburtstag Nachtschicht machen?",
            "yes_no",
        ),
        # an ellipsis ends a thought as a chat writes it, whatever case follows
        (
            "Mein Chef meint... darf er mir den Urlaub streichen?",
            "darf er mir den Urlaub streichen?",
            "yes_no",
        ),
        # a question opens after an abbreviation that may end a sentence
        (
            "Ich mache Nachtschichten, Wochenenden etc. Steht mir dafür ein Ausgleich zu?",
            "Steht mir dafür ein Ausgleich zu?",
            "yes_no",
        ),
        (
            "Die Antwort kam am 15. Feb. Kann ich im Oktober noch einmal fragen?",
            "Kann ich im Oktober noch einmal fragen?",
            "yes_no",
        ),
        # a unit shortened as people type it, before a noun; before a question it ends one
        (
            "Darf mir mein Chef 2 Std. Pause vom Lohn abziehen?",
            "Darf mir mein Chef 2 Std. Pause vom Lohn abziehen?",
            "yes_no",
        ),
        (
            "Wir haben 4 Minijobber mit je 10 Std. Zählen die beim KSchG mit?",
            "Zählen die beim KSchG mit?",
            "yes_no",
        ),
        # a year, a company's legal form and a plain word end their sentence
        ("Ich arbeite dort seit 2019. Ab wann habe ich vollen Urlaub?", None, "time"),
        ("Ich bin Geschäftsführer einer GmbH. Gilt das KSchG für mich?", None, "yes_no"),
    ],
)
def test_an_ordinal_or_an_abbreviation_ends_no_sentence(
    question: str, asking: str | None, kind: Asked | None
) -> None:
    expected = asking or question.split(". ")[-1]
    assert last_question(question) == expected
    if kind is not None:
        assert asked(question) == kind


def test_a_rule_under_its_condition_answers_yes_or_no() -> None:
    only_if = (
        "Ein befristetes Arbeitsverhältnis unterliegt nur dann der ordentlichen Kündigung, "
        "wenn dies einzelvertraglich vereinbart ist."
    )
    assert holds("yes_no", only_if)
    assert holds("yes_no", "Overtime is paid only if it was ordered.")
    assert not holds("yes_no", "Das Gesetz trat am 1. Januar in Kraft.")


def test_what_a_spoken_question_says_before_its_asking_sentence_is_read_as_written() -> None:
    # the asking sentence without its sounds is no longer a part of the question's text
    belief = "Ein Freund meint, Resturlaub verfällt. Stimmt äh das?"
    assert last_question(belief) == "Stimmt das: Resturlaub verfällt?"
    two = "wie lange äh dauert die Probezeit, und ab wann gilt der Kündigungsschutz?"
    assert split_question(two) == [
        "wie lange dauert die Probezeit?",
        "ab wann gilt der Kündigungsschutz? (wie lange dauert die Probezeit?)",
    ]


@pytest.mark.parametrize(
    ("question", "asking"),
    [
        # the belief is what is asked about, not the one who holds it
        (
            "Mein Onkel sagt, Resturlaub verfällt im März. Stimmt das?",
            "Stimmt das: Resturlaub verfällt im März?",
        ),
        (
            "Ich hab gehört, dass man nie mehr als acht Stunden arbeiten darf. Ist das richtig?",
            "Ist das richtig: man nie mehr als acht Stunden arbeiten darf?",
        ),
        (
            "Angeblich ist der Urlaub weg, wenn man kündigt. Ist das so?",
            "Ist das so: ist der Urlaub weg, wenn man kündigt?",
        ),
        (
            "My friend says overtime is paid double. Is that true?",
            "Is that true: overtime is paid double?",
        ),
        # asking whether the one who said it is right asks whether it holds
        (
            "Mein Chef sagt, Resturlaub verfällt am 31. Dezember. Hat er recht?",
            "Hat er recht: Resturlaub verfällt am 31. Dezember?",
        ),
        (
            "Mein Arbeitgeber behauptet, die Pause zählt nicht als Arbeitszeit. Liegt er damit "
            "richtig?",
            "Liegt er damit richtig: die Pause zählt nicht als Arbeitszeit?",
        ),
        (
            "My manager says I have to work on Sundays. Is he right?",
            "Is he right: I have to work on Sundays?",
        ),
        # a question that asks something itself stays as asked
        ("Mir wurde gekündigt. Wie viel Zeit habe ich?", "Wie viel Zeit habe ich?"),
        ("Hat sie Recht, wenn sie sagt, dass ich kündigen muss?", None),
        ("Stimmt das?", "Stimmt das?"),
        # a request to be told: the clause it embeds, without the frame's nouns ("Regel")
        (
            "Ich brauche die Regel, wie lange wir die Aufzeichnungen aufheben müssen.",
            "wie lange wir die Aufzeichnungen aufheben müssen.",
        ),
        ("Nenn mir die Obergrenze der Abfindung.", "Nenn mir die Obergrenze der Abfindung."),
    ],
)
def test_a_belief_asked_back_is_what_is_asked(question: str, asking: str | None) -> None:
    assert last_question(question) == (asking or question)
    assert split_question(question) == [question]


@pytest.mark.parametrize(
    "question",
    [
        "Mein Chef sagt, Resturlaub verfällt im März. Hat er recht?",
        "Sie behauptet, Überstunden verfallen. Liegt sie damit richtig?",
        "HR says my leave expires in March. Are they right?",
    ],
)
def test_asking_whether_someone_is_right_asks_yes_or_no(question: str) -> None:
    assert asked(question) == "yes_no"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Welche Klagefrist habe ich versäumt?", "deadline"),
        ("Was ist kürzer, die Frist für den Einspruch?", "deadline"),
        ("Was zählt dabei als Monatsverdienst?", "definition"),
        ("Was versteht man unter Teilzeitarbeit?", "definition"),
        ("Was passiert, wenn ich nicht rechtzeitig klage?", "consequence"),
        ("What happens if I miss the deadline?", "consequence"),
        ("Welche Vorschriften gelten entsprechend?", "norms"),
        # a plural asked for asks for a list
        ("Which models did AutoGen select between in the experiment?", "list"),
        ("What actresses were involved in the scandal?", "list"),
        ("Which famous actors were in the film?", "list"),
        # singular nouns that end in "s", and "has" after a singular one
        ("Which bus did he take to work?", "other"),
        ("Which class did she teach?", "other"),
        ("What analysis did they run?", "other"),
        ("Between A and B, which writer has had a more diverse career?", "other"),
        ("Which team did he play for?", "other"),
        # a belief asked back, a statement with a tag, a request to be told whether: yes or no
        ("Mein Kollege meint, man darf nie zehn Stunden arbeiten. Stimmt das?", "yes_no"),
        ("Stimmt es, dass ich am ersten Tag ein Attest brauche?", "yes_no"),
        ("Wer sonntags arbeitet, kriegt doch einen anderen Tag frei, oder?", "yes_no"),
        ("Erklär mir, ob die Firma mich bei freien Stellen vorziehen muss.", "yes_no"),
        ("Tell me whether my employer has to pay overtime.", "yes_no"),
        # a request to be told what it embeds asks that
        ("Erklär mir kurz, wie lange ein Nachtarbeiter arbeiten darf.", "duration"),
        ("Nenn mir die Regel, wer vor Gericht beweisen muss, dass es keine war.", "person"),
        ("If Gallu is a demon Lilu is what?", "other"),  # "if" opening no request
        ("Bis zu welcher Größe stimmt das?", "threshold"),
        # "oder" between two things is no tag
        ("Gilt das für Teilzeit oder Vollzeit?", "yes_no"),
        ("Wie viele Tage sind es, drei oder vier?", "duration"),
        # a question that opens with a verb of everyday German asks yes or no
        ("Reicht es, wenn ich die Kündigung per E-Mail schicke?", "yes_no"),
        ("Mein Vertrag ist befristet. Endet er dann von selbst?", "yes_no"),
        ("Verfallen die Tage irgendwann?", "yes_no"),
        # a yes or no offered, then the open question: the open question is asked
        ("Verfallen die jetzt, oder bis zu welchem Datum kann ich sie nachholen?", "deadline"),
        ("Is it allowed, or how many hours may I work at most?", "duration"),
        ("Gilt das für mich, oder nur für Vollzeit?", "yes_no"),
        # what follows from a situation, whatever the situation names
        ("Was ist, wenn mich der Chef erst am Vorabend anruft?", "consequence"),
        ("Was gilt, wenn der Vertrag offenlässt, wie viele Stunden ich arbeite?", "consequence"),
        ("Was gilt als Arbeitszeit?", "definition"),
    ],
)
def test_what_a_question_asks_for(question: str, kind: str) -> None:
    assert asked(question) == kind


def test_a_list_asked_for_is_answered_by_the_whole_list() -> None:
    whole = (
        "We use AutoGen to select between the following models with a target inference "
        "budget: - gpt-3.5-turbo, a relatively cheap model - gpt-4, the state of the art LLM"
    )
    assert exact("list", whole)
    assert exact("list", "Er ist umzusetzen, wenn a) er krank wird oder b) ein Kind pflegt.")
    one_item = "We use AutoGen to select between the following models … gpt-3.5-turbo."
    assert not exact("list", one_item)
    assert not exact("list", "- AutoGen can help with model selection, tuning, and cost-saving.")
    text = (
        "AutoGen can help with model selection, parameter tuning, and cost-saving.\n\n"
        "We use AutoGen to select between the following models with a target inference "
        "budget:\n- gpt-3.5-turbo, a relatively cheap model\n"
        "- gpt-4, the state of the art LLM that costs more\n\n"
        "The experiments on the MATH benchmark were run in a notebook."
    )
    passages = [Passage(chunk_ids=["b"], doc_id="b", title="Blog", section_path=[], text=text)]
    question = "Which models did AutoGen select between in the experiments on the MATH benchmark?"
    answer = ExtractiveAnswerer().answer(question, "en", passages, GraphContext())
    assert answer.answer.startswith("We use AutoGen to select between the following models")
    assert "gpt-3.5-turbo" in answer.answer and "gpt-4" in answer.answer
    # the list answers by itself: the question's other words ("experiments", "MATH") add
    # no sentence beside it
    assert "notebook" not in answer.answer


def test_the_sentence_in_the_form_asked_for_is_exact() -> None:
    assert exact("norms", "Die §§ 5 bis 7 des Kündigungsschutzgesetzes gelten entsprechend.")
    assert not exact(
        "norms", "Gleiches gilt, wenn sie nach Ablauf der Frist des § 4 Kenntnis erlangt."
    )
    defines = "(3) Als Monatsverdienst gilt, was dem Arbeitnehmer in dem Monat zusteht."
    assert exact("definition", defines, "Was zählt als Monatsverdienst?")
    assert not exact("definition", defines, "Was zählt als Arbeitszeit?")
    fiction = "Wird die Kündigung nicht rechtzeitig angegriffen, so gilt sie als wirksam."
    assert exact("consequence", fiction)
    assert not holds("consequence", "Der Urlaub beträgt jährlich mindestens 24 Werktage.")
    # a deadline bounded by a step of the procedure is as precise as a bounded span
    motion = (
        "Arbeitnehmer und Arbeitgeber können den Antrag auf Auflösung des Arbeitsverhältnisses "
        "bis zum Schluß der letzten mündlichen Verhandlung in der Berufungsinstanz stellen."
    )
    assert exact("deadline", motion)
    assert exact("deadline", "The motion may be filed until the close of the last hearing.")
    assert exact("deadline", "Die Klage ist innerhalb von drei Wochen zu erheben.")
    assert not exact("deadline", "Arbeitszeit ist die Zeit vom Beginn bis zum Ende der Arbeit.")
    assert not exact("deadline", "Nach Ablauf von sechs Monaten kann er kündigen.")
    # the first months of a period bound it as "innerhalb" does
    carried = (
        "Der Urlaub muß in den ersten drei Monaten des folgenden Kalenderjahrs genommen werden."
    )
    assert exact("deadline", carried)
    # a span asked in advance is answered by one before the event, not one after it
    ahead = "Wie lange vorher muss ich das beim Arbeitgeber anmelden?"
    before = "Er muss die Verringerung spätestens drei Monate vor deren Beginn geltend machen."
    after = "Er kann eine erneute Verringerung frühestens nach Ablauf von zwei Jahren verlangen."
    lawsuit = "Die Klage ist innerhalb von drei Wochen nach Zugang der Kündigung zu erheben."
    assert exact("deadline", before, ahead) and not exact("deadline", lawsuit, ahead)
    assert holds_new("deadline", before, ahead) and not holds_new("deadline", after, ahead)
    assert holds_new("deadline", after, "Bis wann kann ich eine Verringerung verlangen?")
    # "Wie früh ...?" may be answered by the span after a notice reaches the asker
    notice = "Der Vertrag endet frühestens zwei Wochen nach Zugang der Unterrichtung."
    assert holds_new("deadline", notice, "Wie früh muss mir mein Arbeitgeber das sagen?")


def test_a_phrase_in_the_glossary_is_read_as_the_documents_words(tmp_path) -> None:
    own = tmp_path / "glossary.yaml"
    own.write_text("weniger arbeiten: [verringerung, arbeitszeit]\n")
    mine = glossary.load(own)
    # the words in order, at most two apart, the last inflected or not
    for said in (
        "Ich möchte weniger arbeiten.",
        "Ich will weniger Stunden arbeiten",
        "weniger zu arbeite",
    ):
        assert mine.expand(said)[:2] == ["verringerung", "arbeitszeit"], said
    assert mine.expand("Ich arbeite weniger.") == []  # not in that order
    assert mine.expand("weniger als drei Tage im Jahr arbeiten") == []  # too far apart
    # the answerer counts each of the phrase's words as said in the documents' words
    same = reading("Ich möchte weniger arbeiten.", "de", mine).synonyms
    assert "verringer" in same["wenig"] and "arbeitszeit" in same["arbeit"]


def test_a_question_the_evidence_says_in_other_words_is_still_answered() -> None:
    # "nebenher", "andere", "Firma" are in no sentence: they tell none apart and do not lower
    # the share of what the question says that the evidence says
    pool = [
        Candidate(
            0, "Während des Urlaubs darf der Arbeitnehmer keine Erwerbstätigkeit leisten.", ""
        ),
        Candidate(0, "Der Urlaub beträgt jährlich mindestens 24 Werktage.", ""),
    ]
    score(
        "Darf ich im Urlaub nebenher für eine andere Firma jobben?",
        "de",
        "yes_no",
        pool,
        None,
        None,
        {"jobb": {"erwerbstat"}},
    )
    assert pool[0].words == 1.0 and pool[1].words < 1.0


def test_a_span_is_read_with_the_words_around_it() -> None:
    # the pause's span is the one beside "Ruhepausen", not the work's before "Ruhepause"
    pool = [
        Candidate(
            0,
            "Länger als sechs Stunden hintereinander dürfen Arbeitnehmer nicht ohne Ruhepause "
            "beschäftigt werden.",
            "",
        ),
        Candidate(
            0, "Die Arbeit ist durch Ruhepausen von mindestens 30 Minuten zu unterbrechen.", ""
        ),
    ]
    question = "Wie lange muss die Ruhepause sein?"
    score(question, "de", asked(question), pool, None, None)
    assert pool[1].near > pool[0].near
    # the words of the answer's own kind ("Zeit") name no subject
    timed = [
        Candidate(0, "Die Zeit von fünf Jahren gilt.", ""),
        Candidate(0, "Die Klage ist binnen drei Wochen zu erheben.", ""),
    ]
    question = "Wie viel Zeit habe ich für die Klage?"
    score(question, "de", asked(question), timed, None, None)
    assert (timed[0].near, timed[1].near) == (0.0, 1.0)
    assert [s for s in (value_places("duration", "binnen drei Wochen und zwei Tagen"))] == [
        (7, 18),
        (23, 33),
    ]


def test_two_values_offered_are_asked_not_stated() -> None:
    # "zwei oder drei Wochen?" asks which of the two holds: a number, whatever verb opens it
    question = "Hab ich nach einer Kündigung zwei oder drei Wochen Zeit für die Klage?"
    assert asked(question) == "duration"
    assert asked("Brauche ich elf oder zwölf Stunden Ruhe?") == "duration"
    assert asked("Sind 20 oder 24 Urlaubstage das Minimum?") == "quantity"
    assert asked("Muss ich einen Monat oder drei Monate vorher Bescheid sagen?") == "duration"
    # things offered, not numbers, leave the question yes or no
    assert asked("Muss er mir eine Kantine oder einen Zuschuss anbieten?") == "yes_no"
    # the values offered are asked: a sentence that states one holds the answer, and exactly
    rest = "Die Arbeitnehmer müssen eine ununterbrochene Ruhezeit von mindestens elf Stunden haben."
    asking = "Brauche ich zwischen den Schichten elf oder zwölf Stunden frei?"
    assert holds_new("duration", rest, asking)
    assert exact("duration", rest, asking)
    assert not exact("duration", "Die Ruhezeit kann um eine Stunde verkürzt werden.", asking)
    leave = "Der Urlaub beträgt jährlich mindestens 24 Werktage."
    assert holds_new("quantity", leave, "Sind 20 oder 24 Urlaubstage das Minimum?")
    # a value the situation states is still no answer ("Ich stehe sechs Tage ...")
    situation = "Ich arbeite sechs Tage. Sind 20 oder 24 Urlaubstage das Minimum?"
    assert stated("quantity", situation) == {"sechs", "6@3"}
    assert [rest[a:b] for a, b in new_places("duration", asking)(rest)] == ["elf Stunden"]
    assert new_places("duration", "Ich habe elf Stunden frei. Ist das genug?")(rest) == []
    # the number is asked of what the values count ("24 Urlaubstage": Urlaub), not of the
    # question's first noun: "Schichten" named nowhere leaves the rest period answerable
    pool = [Candidate(0, rest, "")]
    score(asking, "de", asked(asking), pool, None, None)
    assert pool[0].form and pool[0].exact and not pool[0].subject_unknown
    assert offered("Sind 20 oder 24 Urlaubstage das Minimum?").counted == "Urlaubstage"
    assert offered(asking).counted is None


def test_a_sentence_about_a_group_the_question_does_not_name_is_marked() -> None:
    def pool() -> list[Candidate]:
        return [
            Candidate(
                0,
                "Die werktägliche Arbeitszeit der Nachtarbeitnehmer darf acht Stunden nicht überschreiten.",
                "",
            ),
            Candidate(
                0,
                "Die werktägliche Arbeitszeit der Arbeitnehmer darf acht Stunden nicht überschreiten.",
                "",
            ),
        ]

    def marked(question: str, language: str = "de", across: bool = False) -> list[bool]:
        scored = pool()
        score(question, language, asked(question), scored, None, None, across=across)
        return [c.narrowed for c in scored]

    assert marked("Wie lange darf ich am Tag arbeiten?") == [True, False]
    assert marked("Ich arbeite nachts. Wie lange darf ich am Tag arbeiten?") == [False, False]
    # an English question's words are no German sentence's marks
    assert marked("How long may I work a day?", "en", across=True) == [False, False]


def test_a_sentence_that_departs_from_the_rule_is_marked_unless_the_question_asks_so() -> None:
    rule = "Die Arbeitnehmer müssen eine ununterbrochene Ruhezeit von mindestens elf Stunden haben."
    departure = (
        "In einem Tarifvertrag kann zugelassen werden, abweichend von § 5 Abs. 1 die Ruhezeit "
        "um bis zu zwei Stunden zu kürzen."
    )

    def marked(question: str) -> list[bool]:
        scored = [Candidate(0, rule, ""), Candidate(0, departure, "")]
        score(question, "de", asked(question), scored, None, None)
        return [c.departs for c in scored]

    assert marked("Wie lange muss ich zwischen zwei Schichten frei haben?") == [False, True]
    # a question about exceptions, or one that names who departs, asks about the departure
    assert marked("Gibt es Ausnahmen bei der Ruhezeit?") == [False, False]
    assert marked("Darf unser Tarifvertrag die Ruhezeit kürzen?") == [False, False]
    assert marked("Can our collective agreement shorten the rest period?") == [False, False]
    # an authority named is no collective agreement: the departure by agreement stays marked
    assert marked("Kann die Behörde die Ruhezeit kürzen?") == [False, True]
    # a newly founded business's own rule departs without saying so
    founded = Candidate(
        0,
        "(2a) In den ersten vier Jahren nach der Gründung eines Unternehmens ist die "
        "kalendermäßige Befristung eines Arbeitsvertrages ohne sachlichen Grund bis zur Dauer "
        "von vier Jahren zulässig.",
        "",
    )
    for question, off in (
        ("Wie lange darf mein Vertrag ohne Grund befristet werden?", True),
        ("How long may a fixed term without a reason last?", True),
        ("Unsere Firma wurde letztes Jahr gegründet. Wie lange dürfen wir befristen?", False),
        ("We are a start-up. How long may we hire on fixed terms?", False),
    ):
        scored = [replace(founded)]
        score(question, "de", asked(question), scored, None, None)
        assert scored[0].departs is off, question


def test_a_question_whether_a_law_applies_is_answered_by_its_scope() -> None:
    scope = Candidate(
        0,
        "(1) Dieses Gesetz ist nicht anzuwenden auf leitende Angestellte.",
        "Arbeitszeitgesetz (ArbZG) § 18 Nichtanwendung des Gesetzes",
    )
    rule = Candidate(
        0,
        "Die werktägliche Arbeitszeit der Arbeitnehmer darf acht Stunden nicht überschreiten.",
        "Arbeitszeitgesetz (ArbZG) § 3 Arbeitszeit der Arbeitnehmer",
    )
    section = Candidate(
        0,
        "(2) Als Betrieb im Sinne dieses Gesetzes gilt jeweils die Gesamtheit der Arbeitsstätten.",
        "Kündigungsschutzgesetz (KSchG) § 23 Geltungsbereich",
    )

    def marked(question: str) -> list[bool]:
        scored = [replace(c) for c in (scope, rule, section)]
        score(question, "de", asked(question), scored, None, None)
        return [c.scope for c in scored]

    assert marked("Gilt das Arbeitszeitgesetz auch für unsere leitenden Angestellten?") == [
        True,
        False,
        True,
    ]
    assert marked("Does the German Working Hours Act apply to me?") == [True, False, True]
    assert marked("Gilt für mich überhaupt das Arbeitszeitgesetz?")[0]
    assert marked("Fällt so etwas überhaupt unter das Gleichbehandlungsgesetz?")[0]
    # a rule of the law, a definition, a law named only in the situation: no scope asked
    assert not any(marked("Gilt für meine Klage die Frist aus dem Kündigungsschutzgesetz?"))
    assert not any(marked("Gilt das trotzdem als Diskriminierung?"))
    assert not any(
        marked("Bei uns gilt das Arbeitszeitgesetz. Wie lange darf ich am Tag arbeiten?")
    )


def test_a_question_that_states_the_workforce_marks_the_sentences_that_bound_it() -> None:
    small = Candidate(
        0,
        "In Betrieben, in denen in der Regel zehn oder weniger Arbeitnehmer beschäftigt "
        "werden, gelten die Vorschriften des Ersten Abschnitts nicht.",
        "",
    )
    rule = Candidate(
        0, "Die Kündigung ist sozial ungerechtfertigt, wenn sie nicht bedingt ist.", ""
    )
    period = Candidate(0, "Die Kündigungsfrist beträgt mehr als vier Wochen.", "")

    def marked(question: str) -> list[bool]:
        scored = [replace(c) for c in (small, rule, period)]
        score(question, "de", asked(question), scored, None, None)
        return [c.sized for c in scored]

    assert marked("Wir sind nur acht Leute. Gilt da der Kündigungsschutz?") == [True, False, False]
    assert marked("Our startup has eight employees. Am I protected?") == [True, False, False]
    # people who are to leave are no workforce; no number, no workforce either
    assert not any(marked("Bei uns sollen 30 Leute entlassen werden. Gilt der Kündigungsschutz?"))
    assert not any(marked("Gilt bei uns der Kündigungsschutz?"))


def test_a_question_that_asks_the_workforce_size_is_answered_only_by_a_bound_on_it() -> None:
    reach = Candidate(
        0,
        "(1) Der Anspruch nach § 10 besteht für Beschäftigte nach § 5 Absatz 2 in Betrieben "
        "mit in der Regel mehr als 200 Beschäftigten bei demselben Arbeitgeber.",
        "",
    )
    group = Candidate(
        0,
        "Insbesondere ist das Vergleichsentgelt nicht anzugeben, wenn die Vergleichstätigkeit "
        "von weniger als sechs Beschäftigten des jeweils anderen Geschlechts ausgeübt wird.",
        "",
    )

    def read(question: str) -> list[tuple[bool, bool, bool]]:
        scored = [replace(c) for c in (reach, group)]
        score(question, "de", asked(question), scored, None, None)
        return [(c.sized, c.form, c.subject_unknown) for c in scored]

    # "Firmengröße" is named by no law: a bound on the workforce is what answers it
    assert read("Ab welcher Firmengröße muss man mir sagen, was Kollegen verdienen?") == [
        (True, True, False),
        (False, False, False),
    ]
    assert read("Ab wie vielen Mitarbeitern kann ich Auskunft verlangen?")[1][1] is False
    # a count of colleagues asked for is a count like any other
    colleagues = read("Ab wie vielen Kollegen, die das schon machen, darf er nein sagen?")
    assert [(sized, form) for sized, form, _ in colleagues] == [(False, True), (False, True)]


def test_a_question_for_the_form_of_a_declaration_marks_the_sentences_that_prescribe_one() -> None:
    textform = Candidate(0, "(2) Das Auskunftsverlangen hat in Textform zu erfolgen.", "")
    deadline = Candidate(
        0,
        "Will ein Arbeitnehmer geltend machen, dass eine Kündigung sozial ungerechtfertigt ist, "
        "so muss er innerhalb von drei Wochen nach Zugang der schriftlichen Kündigung Klage "
        "erheben.",
        "",
    )

    def marked(question: str) -> list[bool]:
        scored = [replace(c) for c in (textform, deadline)]
        score(question, "de", asked(question), scored, None, None)
        return [c.written for c in scored]

    assert marked("In welcher Form muss ich meine Anfrage einreichen?") == [True, False]
    assert marked("Reicht es, wenn ich die Anfrage per E-Mail schicke?") == [True, False]
    assert marked("Can I just ask HR on the phone?") == [True, False]
    # a form named in the situation is no form asked for
    assert not any(marked("Ich habe schriftlich gefragt. Wie lange hat die Firma Zeit?"))


def test_a_number_of_something_the_evidence_never_names_is_not_answered() -> None:
    def pool() -> list[Candidate]:
        return [
            Candidate(0, "Der Urlaub beträgt jährlich mindestens 24 Werktage.", ""),
            Candidate(0, "Die Ruhezeit beträgt mindestens elf Stunden.", ""),
        ]

    def unknown(question: str) -> bool:
        scored = pool()
        score(question, "de", asked(question), scored, None, None)
        return scored[0].subject_unknown

    # "Urlaub" names leave in general, not "Bildungsurlaub"; the days are a unit, not the thing
    assert unknown("Wie viele Tage Bildungsurlaub stehen mir im Jahr zu?")
    assert not unknown("Wie viele Tage Urlaub stehen mir im Jahr zu?")
    assert not unknown("Wie viele Urlaubstage habe ich?")  # a compound the evidence has
    assert not unknown("Wie lange muss ich danach Ruhe haben?")  # "Ruhezeit" begins with it
    assert not unknown("Innerhalb welcher Frist muss ich das tun?")  # the kind, not the thing
    scored = pool()
    question = "Wie viele Tage Bildungsurlaub stehen mir im Jahr zu?"
    score(question, "de", asked(question), scored, None, None)
    scored[0].form = True
    assert not _answers(scored[0], asked(question), False, False)
    # with an embedder, a sentence that plainly means the question answers it all the same:
    # the thing counted has another name there ("Brötchen" are "Backwaren")
    scored[0].meaning = CERTAIN - 0.01
    assert not _answers(scored[0], asked(question), False, True)
    scored[0].meaning = CERTAIN
    assert _answers(scored[0], asked(question), False, True)


def test_a_sentence_means_the_question_as_asked_or_in_the_documents_words() -> None:
    pool = [Candidate(0, "Der Arbeitgeber hat es auszuschreiben.", ""), Candidate(0, "Sonst.", "")]
    asked_as, worded = [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]
    sentences = [[0.0, 1.0, 0.0], [0.6, 0.0, 0.8]]
    score("Muss mein Chef das?", "de", "yes_no", pool, asked_as, sentences)
    assert [round(c.meaning, 2) for c in pool] == [0.0, 0.6]
    score("Muss mein Chef das?", "de", "yes_no", pool, asked_as, sentences, None, None, worded)
    # the closer of the two questions counts, for each sentence on its own
    assert [round(c.meaning, 2) for c in pool] == [1.0, 0.6]


def test_a_glossary_term_for_a_compounds_head_does_not_name_the_compound() -> None:
    built_in = glossary.built_in()
    sentence = (
        "Das Entgelt bemisst sich nach dem durchschnittlichen Arbeitsverdienst von 13 Wochen."
    )
    for question, named in (
        ("Wie viel Weihnachtsgeld steht mir zu?", False),  # "Geld" is Entgelt, not this one
        ("Wie viel Geld steht mir zu?", True),
    ):
        pool = [Candidate(0, sentence, "")]
        read = reading(question, "de", built_in)
        same, general = read.synonyms, read.broader
        score(question, "de", asked(question), pool, None, None, same, general)
        assert pool[0].subject_unknown is not named
        assert bool(pool[0].unknown) is not named
        # the sentence still shares the question's words through the head
        assert pool[0].words > 0


def test_no_built_in_entry_is_the_tail_of_a_legal_word_it_does_not_mean() -> None:
    # an entry also reads every compound ending in it: "erfahren" would read
    # "Beschwerdeverfahren" as being told, "Ausbildung" a school's as vocational training
    built_in = glossary.built_in()
    for word in ("Beschwerdeverfahren", "Prüfverfahren", "Schulausbildung", "Kontrolle"):
        assert built_in.of_word(word) == [], word


def test_a_word_with_an_entry_of_its_own_means_only_that_entry() -> None:
    # "verkürzen" (one's hours) is no compound of "kürzen" (a rest period cut short)
    entries = {"kürzen": ["kürzung"], "verkürzen": ["verringerung"], "geld": ["entgelt"]}
    own = glossary.Glossary(entries)
    assert own.of_word("Verkürzen") == ["verringerung"]
    assert own.of_word("Weihnachtsgeld") == ["entgelt"]  # a compound without one: its head
    question = "Bis wann müssen wir antworten, wenn jemand seine Stunden verkürzen möchte?"
    read = glossary.built_in().expand(question)
    assert "verringerung" in read and "kürzung" not in read


def test_an_english_word_in_a_german_question_is_read_as_a_loanword() -> None:
    loans = glossary.Glossary({"overtime": ["mehrarbeit"], "position": ["arbeitsplatz"]})
    own = glossary.Glossary({"chef": ["arbeitgeber"], "job": ["beschäftigung"]}, loans=loans)
    question = "Mein Chef will Overtime für meine Position, und der Job endet bald."
    # a word the German glossary does not read is read by the English one, if it is English:
    # "Position" is a German word too (wordfreq: not ten times as common in English)
    assert own.expand(question) == ["arbeitgeber", "mehrarbeit", "beschäftigung"]
    assert own.lists("Overtime") and not own.lists("Position")
    # the German glossary's own reading wins: an entry, or a compound's head
    both = glossary.Glossary({"job": ["beschäftigung"]}, loans=glossary.Glossary({"job": ["x"]}))
    assert both.of_word("Nebenjob") == ["beschäftigung"]
    # an English phrase as well ("Holiday Pay"), and the built-in glossaries read them so
    built_in = glossary.built_in()
    read = built_in.expand(
        "Wie wird mein Holiday Pay berechnet, wenn ich einen Part-time Request stelle?"
    )
    assert {"urlaubsentgelt", "teilzeit", "antrag"} <= set(read)
    assert "arbeitsplatz" not in built_in.expand("Männer in derselben Position verdienen mehr.")
    assert built_in.expand("Welche Teilzeitstellen die Firma plant?") == built_in.expand(
        "Welche Teilzeitstellen die Firma hat?"
    )


def test_one_reading_of_the_glossary_gives_what_each_lookup_gives() -> None:
    built_in = glossary.built_in()
    for question in (
        "Wie viel Weihnachtsgeld steht mir zu?",
        "Mein Chef will, dass ich weniger arbeite. Muss ich Überstunden machen?",
        "Darf meine Firma mir am Wochenende kündigen?",
    ):
        assert reading(question, "de", built_in).words == built_in.expand(question)
    read = reading("Wie viel Weihnachtsgeld steht mir zu?", "de", built_in)
    assert read.broader == set(terms("Weihnachtsgeld", "de")) and "entgelt" in read.words
    chef = reading("Mein Chef will, dass ich weniger arbeite.", "de", built_in)
    assert set(terms("Arbeitgeber", "de")) <= chef.synonyms[terms("Chef", "de")[0]]
    assert not chef.broader  # "Chef" is an entry of its own
    # "weniger arbeiten" is a phrase: each of its words stands for the Verringerung
    assert set(terms("Verringerung", "de")) <= chef.synonyms[terms("weniger", "de")[0]]


def test_the_first_part_of_a_shared_compound_matches_the_word_it_begins() -> None:
    sentence = (
        "Arbeitnehmer dürfen an Sonn- und gesetzlichen Feiertagen von 0 bis 24 Uhr nicht arbeiten."
    )
    assert "sonn-" in terms(sentence, "de")
    pool = [Candidate(0, sentence, "")]
    score("Wann gilt die Ruhe am Sonntag?", "de", "time", pool, None, None)
    assert pool[0].words > 0.5


def test_a_word_made_with_a_prefix_is_no_compound_of_its_rest() -> None:
    # "Versicherung" names the asker's employer; "zur Sicherung der Arbeitsplätze" is no kind
    # of it, while "Resturlaub" still is a kind of "Urlaub"
    insurer, saving, leave = _shares(
        "Darf ich im Innendienst einer Versicherung am Resturlaub arbeiten?",
        "yes_no",
        "Eine Versicherung darf den Resturlaub nicht kürzen.",
        "Ausnahmen sind zur Sicherung der Arbeitsplätze zulässig.",
        "Der Urlaub ist zusammenhängend zu gewähren.",
    )
    assert saving == 0.0
    assert leave > 0.0
    assert insurer > leave


def _shares(question: str, kind: Asked, *sentences: str) -> list[float]:
    """The share of the question's words each sentence states (``Candidate.words``)."""
    pool = [Candidate(n, text, "") for n, text in enumerate(sentences)]
    score(question, "de", kind, pool, None, None)
    return [c.words for c in pool]


def test_a_unit_of_time_is_the_head_of_its_compounds() -> None:
    # "Tage" in the question are the law's "Werktage": the sentence that states them shares
    # the question's words, ahead of one that only says "Tag" in another sense
    days, rounding = _shares(
        "Wie viele Tage Urlaub stehen mir zu?",
        "quantity",
        "(1) Der Urlaub beträgt jährlich mindestens 24 Werktage.",
        "(2) Bruchteile, die einen halben Tag ergeben, sind aufzurunden.",
    )
    assert days > rounding
    # other short words are no heads: "insgesamt" says nothing of an "Amt"
    total, office = _shares(
        "Welches Amt ist zuständig?",
        "other",
        "Die Pausen dauern insgesamt 45 Minuten.",
        "Das Amt entscheidet über den Antrag.",
    )
    assert total == 0 < office


def test_a_span_of_time_asked_of_an_activity_is_its_compound_with_a_word_for_time() -> None:
    # "Wie lange darf ich arbeiten?" asks for the Arbeitszeit: the sentence that states it
    # shares the question's words, one with another number of minutes does not
    limit, breaks = _shares(
        "Wie lange darf ich arbeiten?",
        "duration",
        "Die tägliche Arbeitszeit darf acht Stunden nicht überschreiten.",
        "Ruhepausen von 30 Minuten sind einzuhalten.",
    )
    assert limit > breaks
    # "Klagefrist", "Kündigungsfrist": the deadline of suing, of giving notice
    sue = "Die Klagefrist beträgt drei Wochen."
    assert _shares("Bis wann muss ich klagen?", "deadline", sue) == [1.0]
    # only a question for a span of time reads the compound so
    assert _shares("Wer darf klagen?", "person", sue) == [0.0]


def test_a_noun_for_the_provision_asked_for_is_no_unknown_thing() -> None:
    # a decision cites "§ 543 BGB" without the words "Rechtsgrundlage" or "Paragraph"
    cited = Candidate(0, "Die Klägerin war gem. § 543 Abs. 2 BGB zur Kündigung berechtigt.", "")
    score(
        "Auf welcher Rechtsgrundlage war die Kündigung wirksam?", "de", "norms", [cited], None, None
    )
    assert cited.unknown == []
    score("Welcher Paragraph regelt die Kündigung?", "de", "norms", [cited], None, None)
    assert cited.unknown == []
    # a word for the date asked for names the kind of answer, as "Frist" does
    score("Bis zu welchem Datum muss ich klagen?", "de", "deadline", [cited], None, None)
    assert cited.unknown == [] and not cited.subject_unknown
    # a noun for the asking itself ("Kurze Frage: ...") is no thing asked about
    leave = Candidate(0, "Der Urlaub beträgt jährlich mindestens 24 Werktage.", "")
    question = "Kurze Frage: wie viele Tage Urlaub habe ich?"
    score(question, "de", asked(question), [leave], None, None)
    assert leave.unknown == [] and not leave.subject_unknown and leave.focus
    # a thing the evidence never names stays unknown
    score("Auf welcher Rechtsgrundlage gibt es Elterngeld?", "de", "norms", [cited], None, None)
    assert cited.unknown == [terms("Elterngeld", "de")[0]]


def test_amounts_as_courts_and_encyclopedias_write_them() -> None:
    # a decision writes "750,-- EUR" and "1.200,00 DM"; an article "$1.5 million", "£300"
    for said, value in (
        ("ein nachgewiesenes Nettoeinkommen von 750,-- EUR.", "750,-- eur"),
        ("Er zahlte 1.200,00 DM.", "1.200,00 dm"),
        ("Der Streitwert beträgt 2,5 Mio. Euro.", "2,5 mio. euro"),
        ("The film grossed $1.5 million.", "$1.5 million"),
        ("The fee was £300.", "£300"),
        ("ein Urlaubsentgelt von 9,1 vom Hundert des Arbeitsentgelts", "9,1 vom hundert"),
        # a statute writes its fines out
        ("mit einer Geldbuße bis zu fünftausend Euro geahndet", "fünftausend euro"),
        ("eine Geldbuße bis zu fünfundzwanzigtausend Euro", "fünfundzwanzigtausend euro"),
        ("a fine of up to five thousand dollars", "five thousand dollars"),
    ):
        assert holds("amount", said), said
        assert values("amount", said) == {value}
    # a number of minutes or marks is no amount
    assert not holds("amount", "Pausen von 30 Minuten")
    assert not holds("amount", "He scored 30 marks in the exam.")
    assert not holds("amount", "Die Frist beträgt zwei Wochen.")
    assert not holds("amount", "einer Geldbuße geahndet")


def test_a_number_of_days_asked_is_not_answered_in_hours_or_years() -> None:
    question = "Wie viele Tage frei bekomme ich, wenn ich umziehe?"
    kind = asked(question)
    assert kind in NUMERIC
    assert not holds_new(kind, "Die Arbeitszeit darf acht Stunden nicht überschreiten.", question)
    assert not holds_new(kind, "Ein Kind unter zwölf Jahren lebt im Haushalt.", question)
    # a unit near the one asked answers it: weeks or a month for days
    assert holds_new(kind, "Die Frist beträgt drei Wochen.", question)
    assert holds_new(kind, "Der Urlaub beträgt jährlich mindestens 24 Werktage.", question)
    english = "How many days can I be off sick before I need a doctor's note?"
    assert not holds_new(
        asked(english), "in Zeitabständen von nicht weniger als drei Jahren", english
    )
    assert holds_new(asked(english), "vor Ablauf eines Monats nach Eingang der Anzeige", english)
    # a question that names no unit is not judged by one
    plain = "Wie lange dauert die Wartezeit?"
    assert holds_new(asked(plain), "nach sechsmonatigem Bestehen des Arbeitsverhältnisses", plain)


def test_a_count_of_people_or_things_is_not_answered_by_a_span_of_time() -> None:
    question = "Ab wie vielen Kollegen, die das schon machen, darf mein Chef nein sagen?"
    kind = asked(question)
    assert kind in NUMERIC
    waiting = (
        "Eine erneute Verringerung kann frühestens nach Ablauf von zwei Jahren verlangt werden."
    )
    assert not holds_new(kind, waiting, question)
    assert holds_new(kind, "… bereits mindestens sechs Arbeitnehmer verringert haben.", question)
    # a span beside a count leaves the count standing
    both = "mehr als 5 Arbeitnehmer innerhalb von 30 Kalendertagen entlässt"
    assert holds_new(kind, both, question)
    # a count of days (or of nights, counted as the days they fall on) is a span's own answer
    nights = "Ab wie vielen Nächten im Jahr gelte ich als Nachtarbeitnehmer?"
    assert holds_new(asked(nights), "an mindestens 48 Tagen im Kalenderjahr", nights)
    english = "How many times can my fixed-term contract be extended?"
    assert not holds_new(asked(english), "bis zur Dauer von zwei Jahren", english)
    assert holds_new(asked(english), "höchstens dreimalige Verlängerung", english)


def test_a_span_the_question_states_is_no_answer_in_any_language_or_inflection() -> None:
    english = (
        "I want to cut my hours for two years and then go back to full time. "
        "How far in advance do I have to ask my employer?"
    )
    kind = asked(english)
    assert kind in NUMERIC
    restated = (
        "Eine erneute Verringerung kann frühestens nach Ablauf von zwei Jahren verlangt werden."
    )
    assert not holds_new(kind, restated, english)
    assert holds_new(
        kind, "Er muss sie spätestens drei Monate vor deren Beginn geltend machen.", english
    )
    german = "Ich bin seit zwei Jahren im Betrieb. Wie lange ist meine Kündigungsfrist?"
    assert not holds_new(asked(german), "Das Arbeitsverhältnis besteht 2 Jahre.", german)
    # the same number in another unit is another span
    assert holds_new(asked(german), "Die Frist beträgt zwei Wochen.", german)
    # before a unit an article is the number one
    one = "Ich bin seit einem Jahr im Betrieb. Wie lange ist meine Kündigungsfrist?"
    assert not holds_new(asked(one), "Die Wartezeit endet nach Ablauf eines Jahres.", one)
    assert holds_new(asked(one), "Die Frist beträgt einen Monat.", one)


def test_the_adverb_a_question_asks_with_is_no_term_of_it() -> None:
    # "wie lang", "wie früh" ask for the span, as "wie lange" does: "früh" is no word the
    # evidence must state ("frühestens nach Ablauf von zwei Jahren" is no answer for it)
    asked_terms = terms("wie früh muss ich die teilzeit anmelden", "de")
    assert asked_terms == terms("muss ich die teilzeit anmelden", "de")
    assert terms("wie lang darf ich arbeiten", "de") == terms("wie lange darf ich arbeiten", "de")


def test_every_number_written_out_is_its_number() -> None:
    # one list of number words: the terms a sentence states, its spans and the values it
    # answers with agree, in German and in English, beyond twelve too
    assert terms("höchstens vierzig Stunden", "de") == terms("höchstens 40 Stunden", "de")
    assert terms("within thirteen weeks", "en") == terms("within 13 weeks", "en")
    question = "Ich arbeite seit vierzig Stunden am Stück. Wie lange darf ich arbeiten?"
    assert not holds_new(asked(question), "Die Arbeitszeit beträgt 40 Stunden.", question)
    assert holds_new(
        asked(question), "Die Arbeitszeit darf zehn Stunden nicht überschreiten.", question
    )
    english = "I have worked thirteen weeks in a row. How long may my shift last?"
    assert not holds_new(asked(english), "nach Ablauf von dreizehn Wochen", english)
    # fused with its unit too: "vierzehntägig" is a span of fourteen days, not of "zehn"
    assert values("duration", "eine vierzehntägige Frist") == {"vierzehntägige"}
    assert values("duration", "nach sechsmonatigem Bestehen") == {"sechsmonatigem"}


def test_a_count_of_times_is_a_quantity() -> None:
    question = "How many times was he selected for the all-star game?"
    assert asked(question) == "quantity"
    for said in ("He was a two-time Pro Bowl selection.", "He was selected twice."):
        assert holds("quantity", said)
    assert not holds("quantity", "He was once selected for the team.")


def test_a_share_answers_how_much_of_it() -> None:
    question = "Die Vollzeitkräfte bekommen 100 Euro Zuschuss. Wie viel davon steht mir zu?"
    assert asked(question) == "quantity"
    share = "Ihm ist die Leistung in dem Umfang zu gewähren, der dem Anteil seiner Arbeitszeit entspricht."
    assert holds("quantity", share)
    assert holds("quantity", "Part-time staff are paid pro rata.")
    assert not holds("quantity", "Die Entgeltbestandteile sind anzugeben.")


def test_a_question_for_a_ceiling_is_answered_by_a_ceiling() -> None:
    question = "Das Gericht löst das Arbeitsverhältnis auf. Wie viel kann ich höchstens bekommen?"
    ceiling = "(1) Als Abfindung ist ein Betrag bis zu zwölf Monatsverdiensten festzusetzen."
    rate = "(2) Die Höhe der Abfindung beträgt 0,5 Monatsverdienste für jedes Jahr."
    assert exact(asked(question), ceiling, question)
    assert not exact(asked(question), rate, question)
    floor = "Wie viele Werktage Urlaub habe ich mindestens?"
    assert exact(asked(floor), "Der Urlaub beträgt jährlich mindestens 24 Werktage.", floor)
    assert not exact(asked(floor), "Der Urlaub beträgt bis zu 30 Werktage.", floor)
    # a ceiling asked by its noun ("Obergrenze") is asked as by "höchstens"
    spoken = "ich will zwei jahre kürzertreten gibt es da ne obergrenze wie lange"
    span = "Der begehrte Zeitraum muss mindestens ein Jahr und darf höchstens fünf Jahre betragen."
    assert exact(asked(spoken), span, spoken)
    assert not exact(asked(spoken), "Der Zeitraum muss mindestens ein Jahr betragen.", spoken)
    # a question that asks for neither: no sentence is the more exact for a bound
    plain = "Wie viele Werktage Urlaub habe ich?"
    assert not exact(asked(plain), "Der Urlaub beträgt jährlich mindestens 24 Werktage.", plain)


def test_a_question_that_opens_with_its_verb_asks_yes_or_no_whatever_it_embeds() -> None:
    duty = "Does my employer have to tell the works council how many people are on fixed-term contracts?"
    assert asked(duty) == "yes_no"
    assert asked("Muss mein Chef mir sagen, wie viel meine Kollegen verdienen?") == "yes_no"
    # a request to be told asks what it embeds
    assert asked("Kannst du mir sagen, wie viele Tage Urlaub ich habe?") == "duration"
    assert asked("Can you tell me how many days of leave I get?") == "duration"


def test_a_time_of_day_asked_is_answered_by_a_clock_time() -> None:
    question = "Welche Uhrzeit zählt bei der Arbeit eigentlich als Nacht?"
    assert asked(question) == "time"
    assert asked("What time does the night shift start?") == "time"
    assert exact("time", "Nachtzeit ist die Zeit von 23 bis 6 Uhr.", question)
    assert not exact("time", "Nachtarbeit umfasst mehr als zwei Stunden der Nachtzeit.", question)


def test_how_a_sum_is_computed_asks_for_the_rule_not_an_amount() -> None:
    assert asked("Wie wird berechnet, wie viel Geld ich im Urlaub bekomme?") == "procedure"
    assert asked("How is my holiday pay calculated?") == "procedure"
    assert asked("Wie viel Geld bekomme ich im Urlaub?") == "amount"


def test_a_duty_stated_as_hat_zu_answers_a_yes_no_question() -> None:
    duty = "Der Arbeitgeber hat einen Arbeitsplatz auch als Teilzeitarbeitsplatz auszuschreiben."
    assert holds("yes_no", duty)
    assert holds("yes_no", "Die Nachweise sind zwei Jahre lang aufzubewahren.")
    assert not holds("yes_no", "Der Arbeitgeber schreibt den Arbeitsplatz aus.")
    # "Steht mir als freie Mitarbeiterin Urlaub zu?" is settled by who counts as Arbeitnehmer
    assert holds("yes_no", "Als Arbeitnehmer gelten auch arbeitnehmerähnliche Personen.")
    assert holds("yes_no", "Arbeitszeit im Sinne dieses Gesetzes ist die Zeit ohne Ruhepausen.")
    # a span with two adjectives between the number and its unit
    assert holds(
        "duration", "Er hat ihn für mindestens drei aufeinander folgende Stunden einzusetzen."
    )
    assert not holds("duration", "Es gelten zwei Regeln für die Stunden.")


def test_a_zu_infinitive_is_the_verb_the_question_uses() -> None:
    assert (
        terms("auch als Teilzeitplatz auszuschreiben", "de")[-1] == terms("ausschreiben", "de")[0]
    )
    assert terms("anzuwenden", "de") == terms("anwenden", "de")
    # nouns keep their letters: "Auszubildende" is no "Ausbildende", "Einzug" no "Eing"
    assert terms("Auszubildende Einzugsgebiet", "de") == ["auszubild", "einzugsgebiet"]


def test_a_sentence_giving_the_other_party_the_duty_is_told_apart() -> None:
    employee_asks = "Ich möchte weniger arbeiten. Wie früh muss ich das meinem Arbeitgeber sagen?"
    employer_acts = (
        "Die Entscheidung hat der Arbeitgeber dem Arbeitnehmer einen Monat vorher mitzuteilen."
    )
    employee_acts = "Der Arbeitnehmer muss die Verringerung drei Monate vorher geltend machen."
    assert other_actor(employee_asks, employer_acts)
    assert not other_actor(employee_asks, employee_acts)
    employer_asked = "Muss mein Arbeitgeber freie Stellen auch als Teilzeitstellen ausschreiben?"
    assert other_actor(employer_asked, employee_acts)
    assert not other_actor(employer_asked, employer_acts)
    # a question about neither party, or a sentence naming both as actors, is no mismatch
    assert not other_actor("Wie lange dauert der Urlaub?", employer_acts)
    both = "Der Arbeitgeber und der Arbeitnehmer können eine Verringerung vereinbaren."
    assert not other_actor(employee_asks, both)
    # the party named first acts; the employer named after the asker is whom it concerns
    for asks_the_employee in (
        "Do I have to tell my employer that I am pregnant?",
        "Kann ich verlangen, dass mein Arbeitgeber mir die Stelle zeigt?",
    ):
        assert other_actor(asks_the_employee, employer_acts)
        assert not other_actor(asks_the_employee, employee_acts)
    assert other_actor("Can my employer make me work on Sundays?", employee_acts)
    # the employer as the subject right after the verb, asked for someone else or by the
    # employer itself, is asked about; named after "ich" it is whom the employee's act concerns
    for asks_the_employer in (
        "Mein Sohn wird gemobbt. Muss die Firma da etwas unternehmen?",
        "Darf mir der Arbeitgeber deswegen kündigen?",
        "Kann sein Chef ihn deswegen rauswerfen?",
        "Wann dürfen wir als Arbeitgeber so einen Wunsch ablehnen?",
        "Does the company have to pay for my hotel?",
    ):
        assert other_actor(asks_the_employer, employee_acts), asks_the_employer
        assert not other_actor(asks_the_employer, employer_acts), asks_the_employer
    assert other_actor("Muss ich die Firma informieren?", employer_acts)
    assert not other_actor("Gilt das auch in der Firma?", employee_acts)
    # a condition set first names no one who acts: the employer is asked about
    for asks_the_employer in (
        "Wenn ich krank bin, muss mein Arbeitgeber mir das Gehalt weiterzahlen?",
        "If I fall ill, does my employer have to keep paying me?",
    ):
        assert other_actor(asks_the_employer, employee_acts)
        assert not other_actor(asks_the_employer, employer_acts)


def test_a_yes_no_question_is_answered_by_a_rule_of_its_modality() -> None:
    assert asked_modality("Ich arbeite halbtags. Darf ich weniger bekommen?") == "may"
    assert asked_modality("Kann ich verlangen, dass ...?") == "may"
    assert asked_modality("Meine Kollegin ist krank. Muss ich einspringen?") == "must"
    assert asked_modality("Do I have to work on Sundays?") == "must"
    assert asked_modality("Wie viele Tage Urlaub habe ich?") is None
    forbidden = "Er darf wegen der Teilzeitarbeit nicht schlechter behandelt werden."
    counting = "Teilzeitbeschäftigte sind mit 0,5 zu berücksichtigen."
    assert states("may", forbidden) and not states("may", counting)
    assert states("must", counting) and not states("must", forbidden)
    assert states("must", "Die anderen sind zur Vertretung verpflichtet.")
    assert not states("must", "Die Tage werden auf den Jahresurlaub nicht angerechnet.")
    pool = [Candidate(0, counting, ""), Candidate(0, forbidden, "")]
    score("Darf ich pro Stunde weniger bekommen?", "de", "yes_no", pool, None, None)
    assert [c.modal for c in pool] == [False, True]
    # only a yes/no question asks for a modality: "Wie lange muss ich ..." asks for a duration
    score("Wie lange muss ich warten?", "de", "duration", pool, None, None)
    assert [c.modal for c in pool] == [False, False]


def test_what_a_question_asks_for_in_everyday_words() -> None:
    assert asked("Von wann bis wann gilt am Sonntag das Arbeitsverbot?") == "time"
    assert exact(
        "time",
        "Sie dürfen von 0 bis 24 Uhr nicht beschäftigt werden.",
        "Von wann bis wann gilt das?",
    )
    assert not exact(
        "time",
        "Sie müssen innerhalb von zwei Wochen einen Ersatzruhetag haben.",
        "Von wann bis wann gilt das?",
    )
    assert (
        asked("Ich arbeite auf Abruf. Wie kurzfristig darf mein Chef mich einteilen?") == "deadline"
    )
    assert asked("How much notice must my employer give?") == "deadline"
    # a condition with its verb first, the consequence without "so"
    assert exact(
        "consequence",
        "Haben sich Arbeitgeber und Arbeitnehmer nicht geeinigt und hat der Arbeitgeber nicht "
        "abgelehnt, verringert sich die Arbeitszeit in dem gewünschten Umfang.",
    )
    assert not exact("consequence", "Der Arbeitgeber hat die Verringerung abzulehnen.")
    # what holds only under a condition is what follows when it is not met
    assert exact(
        "consequence",
        "Der Arbeitnehmer ist nur zur Arbeitsleistung verpflichtet, wenn der Arbeitgeber ihm die "
        "Lage seiner Arbeitszeit mindestens vier Tage im Voraus mitteilt.",
    )
    assert exact(
        "consequence", "Entlassungen werden vor Ablauf eines Monats nur mit Zustimmung wirksam."
    )
    assert not exact("consequence", "Nur der Arbeitgeber kann den Antrag stellen.")


def test_a_definition_question_gets_the_defining_sentence() -> None:
    passages = [
        Passage(
            chunk_ids=["a"],
            doc_id="kschg",
            title="KSchG",
            section_path=["§ 10 Höhe der Abfindung"],
            text="(1) Als Abfindung ist ein Betrag bis zu zwölf Monatsverdiensten festzusetzen. "
            "(3) Als Monatsverdienst gilt, was dem Arbeitnehmer bei der für ihn maßgebenden "
            "regelmäßigen Arbeitszeit in dem Monat zusteht.",
        )
    ]
    answer = ExtractiveAnswerer().answer(
        "Was zählt als Monatsverdienst?", "de", passages, GraphContext()
    )
    assert answer.answer.startswith("(3) Als Monatsverdienst gilt")


def test_a_number_word_matches_its_number_across_languages() -> None:
    assert "nine" not in terms("more than nine hours", "en")
    assert "#9" in terms("more than nine hours", "en")
    assert "#9" in terms("mehr als neun Stunden", "en")


def test_a_lead_that_continues_a_sentence_comes_with_it() -> None:
    passages = [
        Passage(
            chunk_ids=["f"],
            doc_id="agg",
            title="AGG",
            section_path=["§ 15 Entschädigung"],
            text="(4) Ein Anspruch muss innerhalb einer Frist von zwei Monaten schriftlich "
            "geltend gemacht werden. Die Frist beginnt im Falle einer Bewerbung mit dem Zugang "
            "der Ablehnung.\n\n(5) Der Arbeitgeber hat keine weiteren Pflichten.",
        )
    ]
    pool = candidates(passages)
    opening, continuing, other = pool
    assert not continues(opening, "de") and continues(continuing, "de")
    assert not continues(other, "de")  # a new paragraph starts afresh
    he = Candidate(0, "He was a two-time Pro Bowl selection.", "", previous="Deltha O'Neal ...")
    assert continues(he, "en")
    # "the same holds" says nothing without what it refers to
    same = Candidate(
        0,
        "Gleiches gilt, wenn eine Frau von ihrer Schwangerschaft erst später erfährt.",
        "",
        previous="(1) War ein Arbeitnehmer verhindert, so ist die Klage nachträglich zuzulassen.",
    )
    assert continues(same, "de")
    # "eines solchen Tarifvertrages" points back to the sentence that names the agreement
    such = Candidate(
        0,
        "Im Geltungsbereich eines solchen Tarifvertrages können nicht tarifgebundene "
        "Arbeitgeber und Arbeitnehmer die Anwendung der tariflichen Regelungen vereinbaren.",
        "",
        previous="(6) Durch Tarifvertrag kann auch zuungunsten des Arbeitnehmers abgewichen werden.",
    )
    assert continues(such, "de")
    assert not continues(replace(such, previous=""), "de")  # a paragraph's first sentence
    answer = ExtractiveAnswerer().answer(
        "Wann beginnt die Frist bei einer Bewerbung?", "de", passages, GraphContext()
    )
    # the lead "Die Frist beginnt ..." is read after the sentence that sets the Frist
    assert answer.answer.startswith("(4) Ein Anspruch muss innerhalb einer Frist")
    assert "Die Frist beginnt" in answer.answer


def test_each_item_of_a_list_that_finishes_a_sentence_is_read_with_that_sentence() -> None:
    text = (
        "(1) Die Befristung ist zulässig, wenn sie durch einen sachlichen Grund gerechtfertigt "
        "ist. Ein sachlicher Grund liegt insbesondere vor, wenn\n"
        "- der betriebliche Bedarf an der Arbeitsleistung nur vorübergehend besteht,\n"
        "- der Arbeitnehmer zur Vertretung eines anderen Arbeitnehmers beschäftigt wird,\n"
        "- die Befristung zur Erprobung erfolgt oder\n"
        "- die Befristung auf einem gerichtlichen Vergleich beruht."
    )
    items = list_items(text.splitlines())
    assert items == [
        "Ein sachlicher Grund liegt insbesondere vor, wenn … der betriebliche Bedarf an der "
        "Arbeitsleistung nur vorübergehend besteht.",
        "Ein sachlicher Grund liegt insbesondere vor, wenn … der Arbeitnehmer zur Vertretung "
        "eines anderen Arbeitnehmers beschäftigt wird.",
        "Ein sachlicher Grund liegt insbesondere vor, wenn … die Befristung zur Erprobung erfolgt.",
        "Ein sachlicher Grund liegt insbesondere vor, wenn … die Befristung auf einem "
        "gerichtlichen Vergleich beruht.",
    ]
    pool = candidates(
        [Passage(chunk_ids=["t"], doc_id="t", title="TzBfG", section_path=[], text=text)]
    )
    # the sentences as they are (the list joined to its lead) come first, then the items
    assert [c.text for c in pool][-4:] == items
    assert all(c.previous == "" for c in pool[-4:])  # an item continues nothing
    # items that are sentences of their own, and paragraphs without a lead, add nothing
    assert (
        list_items(["Es gilt:", "- Der erste Fall ist dieser.", "- Der zweite.", "- Der Rest."])
        == []
    )
    assert list_items(["- der erste Fall,", "- der zweite Fall."]) == []
    assert list_items(["Ein Satz ohne Liste."]) == []
    # a lead the chunker cut its list from ("(…)") is quoted with one ellipsis
    cut = ["(1) Arbeitnehmer dürfen beschäftigt werden (…)", "- in Gaststätten,", "- sonst nie."]
    assert list_items(cut)[0] == "(1) Arbeitnehmer dürfen beschäftigt werden … in Gaststätten."


def test_the_rest_of_a_sentence_after_its_list_finishes_each_item() -> None:
    text = (
        "(1) Eine Benachteiligung bei Schuldverhältnissen, die\n"
        "- ohne Ansehen der Person zustande kommen (Massengeschäfte) oder\n"
        "- eine privatrechtliche Versicherung zum Gegenstand haben,\n\n"
        "ist unzulässig.\n\n"
        "(2) Eine neue Regel beginnt hier."
    )
    pool = candidates(
        [Passage(chunk_ids=["t"], doc_id="t", title="AGG", section_path=[], text=text)]
    )
    texts = [c.text for c in pool]
    assert (
        "(1) Eine Benachteiligung bei Schuldverhältnissen, die … ohne Ansehen der Person "
        "zustande kommen (Massengeschäfte) … ist unzulässig."
    ) in texts
    # the whole list read as one sentence ends with its verb, not at the last item's comma
    assert (
        "(1) Eine Benachteiligung bei Schuldverhältnissen, die - ohne Ansehen der Person "
        "zustande kommen (Massengeschäfte) oder - eine privatrechtliche Versicherung zum "
        "Gegenstand haben, ist unzulässig."
    ) in texts
    assert not any(t.endswith(",") for t in texts)
    # alone, the rest says nothing; the next provision is a sentence of its own
    assert "ist unzulässig." not in texts
    assert texts[-1] == "(2) Eine neue Regel beginnt hier."
    # the same rest in the list's own paragraph
    same = [
        "Wer eine Handlung",
        "- vorsätzlich begeht oder",
        "- beharrlich wiederholt,",
        "wird bestraft.",
    ]
    assert list_items(same) == [
        "Wer eine Handlung … vorsätzlich begeht … wird bestraft.",
        "Wer eine Handlung … beharrlich wiederholt … wird bestraft.",
    ]
    assert list_items(["Es gilt", "- dies,", "- das.", "Ein neuer Satz."]) == []
    # without a list before it, a paragraph in lower case stays as it is
    plain = "Ein Satz endet hier.\n\nund ein Absatz in Kleinschrift folgt."
    alone = candidates(
        [Passage(chunk_ids=["p"], doc_id="p", title="", section_path=[], text=plain)]
    )
    assert [c.text for c in alone] == [
        "Ein Satz endet hier.",
        "und ein Absatz in Kleinschrift folgt.",
    ]


def test_a_lettered_list_set_paragraph_by_paragraph_is_read_with_its_lead() -> None:
    # BUrlG § 5 (1) as the chunker keeps it: the lead ends open, each item is its own paragraph
    text = (
        "(1) Anspruch auf ein Zwölftel des Jahresurlaubs hat der Arbeitnehmer\n\n"
        "a) für Zeiten, für die er keinen vollen Urlaubsanspruch erwirbt;\n\n"
        "b) wenn er vor erfüllter Wartezeit ausscheidet;\n\n"
        "c) wenn er nach erfüllter Wartezeit ausscheidet.\n\n"
        "(2) Bruchteile von Urlaubstagen sind aufzurunden."
    )
    assert len(paragraphs(text)) == 2
    texts = [
        c.text
        for c in candidates(
            [Passage(chunk_ids=["b"], doc_id="b", title="BUrlG", section_path=[], text=text)]
        )
    ]
    lead = "(1) Anspruch auf ein Zwölftel des Jahresurlaubs hat der Arbeitnehmer"
    assert f"{lead} … b) wenn er vor erfüllter Wartezeit ausscheidet." in texts
    # neither the lead nor an item is quoted as a fragment of its own
    assert lead not in texts
    assert not any(t.startswith(("a)", "b)", "c)")) for t in texts)
    assert texts[-1] == "(2) Bruchteile von Urlaubstagen sind aufzurunden."


def test_items_lettered_under_a_bullet_are_read_after_both() -> None:
    # ArbZG § 7 (1) and KSchG § 1 (2): "- abweichend von § 3" then "a) ...", "(weggefallen)"
    # items, and words in lower case that finish a lettered list before the next bullet
    text = (
        "(1) Im Tarifvertrag kann zugelassen werden,\n- abweichend von § 3\n\n"
        "a) die Arbeitszeit über zehn Stunden zu verlängern,\n\n"
        "b) (weggefallen)\n- abweichend von § 5 die Ruhezeit um zwei Stunden zu kürzen,\n"
        "- abweichend von § 6\n\n"
        "a) einen anderen Ausgleichszeitraum festzulegen\n\n"
        "und der Betriebsrat widersprochen hat,\n- den Nachtzeitraum festzulegen.\n\n"
        "(2) Ein neuer Absatz."
    )
    (joined, last) = paragraphs(text)
    assert last == "(2) Ein neuer Absatz."
    lead = "(1) Im Tarifvertrag kann zugelassen werden,"
    assert list_items(joined.splitlines()) == [
        f"{lead} … abweichend von § 3 … a) die Arbeitszeit über zehn Stunden zu verlängern.",
        f"{lead} … abweichend von § 5 die Ruhezeit um zwei Stunden zu kürzen.",
        f"{lead} … abweichend von § 6 … a) einen anderen Ausgleichszeitraum festzulegen … "
        "und der Betriebsrat widersprochen hat.",
        f"{lead} … den Nachtzeitraum festzulegen.",
    ]


def test_the_words_after_parallel_lettered_lists_finish_the_last_one_only() -> None:
    lines = [
        "Die Kündigung ist unwirksam, wenn",
        "- in Betrieben",
        "a) eine Richtlinie verletzt ist,",
        "und der Betriebsrat widersprochen hat,",
        "- in Verwaltungen",
        "a) eine Richtlinie verletzt ist,",
        "und der Personalrat Einwendungen erhoben hat.",
    ]
    lead = "Die Kündigung ist unwirksam, wenn"
    assert list_items(lines) == [
        f"{lead} … in Betrieben … a) eine Richtlinie verletzt ist … und der Betriebsrat "
        "widersprochen hat.",
        f"{lead} … in Verwaltungen … a) eine Richtlinie verletzt ist … und der Personalrat "
        "Einwendungen erhoben hat.",
    ]


def test_doubled_letters_are_read_under_their_item_with_their_wrapped_lines() -> None:
    # ArbZG § 13 (1) as the chunker keeps it: "aa)" items under "b)", each wrapped over two
    # lines, the second indented and here in upper case ("Folge hätte,")
    text = (
        "(1) Die Bundesregierung kann durch Rechtsverordnung\n"
        "- über die Ausnahmen hinaus weitere Ausnahmen\n\n"
        "a) für Betriebe, in denen Bedürfnisse der Bevölkerung bestehen,\n\n"
        "b) für Betriebe, deren Unterbrechung oder Aufschub\n\n"
        "aa) nach dem Stand der Technik nicht oder nur mit\n"
        "    erheblichen Schwierigkeiten möglich ist,\n\n\n"
        "bb) besondere Gefahren zur\n    Folge hätte,\n\n"
        "c) aus Gründen des Gemeinwohls,\n\n"
        "zulassen."
    )
    (joined,) = paragraphs(text)
    lead = "(1) Die Bundesregierung kann durch Rechtsverordnung … über die Ausnahmen hinaus"
    assert list_items(joined.splitlines()) == [
        f"{lead} weitere Ausnahmen … a) für Betriebe, in denen Bedürfnisse der Bevölkerung "
        "bestehen … zulassen.",
        f"{lead} weitere Ausnahmen … b) für Betriebe, deren Unterbrechung oder Aufschub … aa) "
        "nach dem Stand der Technik nicht oder nur mit erheblichen Schwierigkeiten möglich ist "
        "… zulassen.",
        f"{lead} weitere Ausnahmen … b) für Betriebe, deren Unterbrechung oder Aufschub … bb) "
        "besondere Gefahren zur Folge hätte … zulassen.",
        f"{lead} weitere Ausnahmen … c) aus Gründen des Gemeinwohls … zulassen.",
    ]
    # a list numbered in Roman ("i)", "ii)") has no third level: each item is read alone
    roman = [
        "Es gilt, wenn",
        "i) der eine Fall eintritt,",
        "ii) der andere Fall eintritt,",
        "und so fort.",
    ]
    assert list_items(roman) == [
        "Es gilt, wenn … i) der eine Fall eintritt … und so fort.",
        "Es gilt, wenn … ii) der andere Fall eintritt … und so fort.",
    ]


def test_paragraphs_join_only_what_finishes_an_open_sentence() -> None:
    # a court's reasons letter their headings' sentences; a finished sentence is not led on
    court = "Die Revision ist begründet:\n\na) Die Klage ist zulässig.\n\nb) Sie ist begründet."
    assert len(paragraphs(court)) == 3
    closed = "Es gilt Folgendes.\n\na) wenn er ausscheidet."
    assert len(paragraphs(closed)) == 2
    # lower case joins only after a lettered item, never after any open paragraph
    assert len(paragraphs("Ein Satz ohne Punkt\n\nund ein Absatz.")) == 2


def test_the_sentences_after_a_lists_finishing_words_stay_candidates() -> None:
    text = (
        "(4) Der Arbeitgeber hat ihn umzusetzen, wenn\n"
        "- er krank wird oder\n- ein Kind betreut,\n\n"
        "sofern nichts entgegensteht. Sonst ist der Betriebsrat zu hören."
    )
    texts = [
        c.text
        for c in candidates(
            [Passage(chunk_ids=["a"], doc_id="a", title="ArbZG", section_path=[], text=text)]
        )
    ]
    assert (
        "(4) Der Arbeitgeber hat ihn umzusetzen, wenn … er krank wird … sofern nichts "
        "entgegensteht."
    ) in texts
    assert "Sonst ist der Betriebsrat zu hören." in texts
    assert not any("Sonst" in t and "…" in t for t in texts)


def test_items_that_are_sentences_of_their_own_are_candidates_however_long_their_lead() -> None:
    lead = "Für die in Heimarbeit Beschäftigten gelten " + "die vorstehenden Bestimmungen, " * 10
    first = (
        "- Heimarbeiter erhalten ein Urlaubsentgelt von 9,1 vom Hundert des "
        + "verdienten Arbeitsentgelts ohne Zuschläge, " * 12
        + "vor Abzug der Steuern."
    )
    text = f"{lead}nach Maßgabe der folgenden Bestimmungen:\n{first}\n- Die Beträge sind gesondert auszuweisen."
    assert len(lead) + len(first) > 800 >= len(first)  # lead and item together are too long
    texts = [
        c.text
        for c in candidates(
            [Passage(chunk_ids=["a"], doc_id="a", title="BUrlG", section_path=[], text=text)]
        )
    ]
    assert first in texts
    assert "- Die Beträge sind gesondert auszuweisen." in texts
    assert any(t.startswith("Für die in Heimarbeit") and t.endswith("Bestimmungen:") for t in texts)


def test_the_sentence_that_goes_on_with_a_lead_in_a_decision_is_read_with_it() -> None:
    # a court's reasons: the next sentence opens with "Es" and gives the lead's reason; in an
    # encyclopaedia "It was ..." is the next fact about the subject
    for title, text, goes_on in (
        (
            "Tenor: Die Beschwerde wird zurückgewiesen.",
            "Der Kläger trug vor, es liege ein Fehler vor. Nach der BFH-Rechtsprechung komme es "
            "nicht darauf an, welchen Aufwand eine Manipulation verursache. Es sei denkbar, dass "
            "ein Steuerpflichtiger einen Spezialisten beauftrage.",
            True,
        ),
        (
            "Nordic Museum",
            "The museum is large. The Nordic Museum is a museum in Stockholm. It was founded in "
            "1873.",
            False,
        ),
    ):
        before, lead, after = candidates(
            [Passage(chunk_ids=["p"], doc_id="p", title=title, text=text)]
        )
        assert what_goes_on(lead, [before, lead, after], "de") == (after if goes_on else None)
        # a sentence that can be read alone is no part of the one before it
        assert what_goes_on(before, [before, lead, after], "de") is None


def test_a_lead_that_opens_a_short_paragraph_comes_with_its_rest() -> None:
    passages = [
        Passage(
            chunk_ids=["t"],
            doc_id="tzbfg",
            title="TzBfG",
            section_path=["§ 15 Ende des befristeten Arbeitsvertrages"],
            text="(4) Ist das Arbeitsverhältnis für längere Zeit als fünf Jahre eingegangen, so "
            "kann es von dem Arbeitnehmer nach Ablauf von fünf Jahren gekündigt werden. Die "
            "Kündigungsfrist beträgt sechs Monate.\n\n(5) Wird das Arbeitsverhältnis "
            "fortgesetzt, so gilt es als auf unbestimmte Zeit verlängert.",
        )
    ]
    pool = candidates(passages)
    opening, rest, other = pool
    assert rest_of_provision(opening, pool) == [rest]
    assert rest_of_provision(rest, pool) == []  # it does not open the paragraph
    assert rest_of_provision(other, pool) == []  # nothing follows it
    long_rest = candidates(
        [
            Passage(
                chunk_ids=["x"],
                doc_id="x",
                title="X",
                section_path=[],
                text="(1) Der erste Satz regelt etwas. Der zweite Satz regelt mehr. Der dritte "
                "Satz regelt noch mehr. Der vierte Satz regelt alles andere.",
            )
        ]
    )
    # of a long rest, the sentences right after it, as many as fit
    assert rest_of_provision(long_rest[0], long_rest) == long_rest[1:3]
    # a provision's paragraph without a number opens with its first sentence; an
    # encyclopaedia's paragraph is fact after fact: its next sentence is no rest
    for title, text, rest_read in (
        (
            "KSchG § 21 Entscheidungen der Zentrale",
            "Für Betriebe des Bundesministers für Verkehr trifft ein Ausschuß die Entscheidungen. "
            "Der zuständige Bundesminister kann zwei Vertreter in den Ausschuß entsenden.",
            True,
        ),
        (
            "Nordic Museum",
            "The Nordic Museum is a museum in Stockholm. It was founded in 1873.",
            False,
        ),
    ):
        read = candidates([Passage(chunk_ids=["p"], doc_id="p", title=title, text=text)])
        assert rest_of_provision(read[0], read) == (read[1:] if rest_read else [])
    answer = ExtractiveAnswerer().answer(
        "Kann ich einen Vertrag über acht Jahre vorher kündigen?", "de", passages, GraphContext()
    )
    assert "nach Ablauf von fünf Jahren" in answer.answer
    assert "sechs Monate" in answer.answer and "unbestimmte Zeit" not in answer.answer
    assert answer.answer.count("[1]") == 1  # one provision, quoted and cited once


def test_a_lead_that_points_to_a_provision_comes_with_what_it_says() -> None:
    def section(doc: str, title: str, path: str, text: str) -> Passage:
        return Passage(chunk_ids=[path], doc_id=doc, title=title, section_path=[path], text=text)

    passages = [
        section(
            "agg",
            "AGG",
            "§ 7 Benachteiligungsverbot",
            "(1) Beschäftigte dürfen nicht wegen eines in § 1 genannten Grundes benachteiligt "
            "werden.",
        ),
        section(
            "kschg",
            "Kündigungsschutzgesetz (KSchG)",
            "§ 1 Sozial ungerechtfertigte Kündigungen",
            "Die Kündigung ist unwirksam, wenn sie sozial ungerechtfertigt ist.",
        ),
        section(
            "agg",
            "AGG",
            "§ 1 Ziel des Gesetzes",
            "Ziel des Gesetzes ist, Benachteiligungen aus Gründen der Rasse, des Geschlechts "
            "oder einer Behinderung zu verhindern.",
        ),
    ]
    answer = ExtractiveAnswerer().answer(
        "Aus welchen Gründen dürfen Beschäftigte nicht benachteiligt werden?",
        "de",
        passages,
        GraphContext(),
    )
    # the AGG's own § 1 follows the lead, cited to its passage; the KSchG's § 1 is another law
    assert answer.answer.startswith("(1) Beschäftigte dürfen nicht wegen eines in § 1")
    assert "aus Gründen der Rasse" in answer.answer and "sozial" not in answer.answer
    assert [c.section for c in answer.citations] == [
        "§ 7 Benachteiligungsverbot",
        "§ 1 Ziel des Gesetzes",
    ]
    pool = candidates(passages)
    ranking = [_Pick(c, 1.0 - i) for i, c in enumerate(pool)]
    # a citation naming a law finds that law's section, by title or abbreviation
    kschg = Candidate(0, "Die §§ 1 bis 3 des Kündigungsschutzgesetzes gelten.", "")
    found = referred(kschg, ranking, passages)
    assert found is not None and found.text.startswith("Die Kündigung ist unwirksam")
    abbreviated = Candidate(0, "Es gilt § 1 KSchG entsprechend.", "")
    assert referred(abbreviated, ranking, passages) == found
    assert referred(Candidate(0, "Es gilt § 9 entsprechend.", ""), ranking, passages) is None


def test_a_sentence_a_law_repeats_is_shown_once() -> None:
    said = (
        "a) die Arbeitszeit über zehn Stunden werktäglich zu verlängern, wenn in die Arbeitszeit "
        "regelmäßig Arbeitsbereitschaft fällt,"
    )
    lead = Candidate(0, said, "")
    again = Candidate(1, said.replace("werktäglich zu", "werktäglich hinaus zu"), "")
    other = Candidate(2, "Die Arbeitszeit darf hinaus nur mit Ausgleich verlängert werden.", "")
    assert _repeats(again, [lead]) and not _repeats(other, [lead])
    ranking = [_Pick(lead, 3.0), _Pick(again, 2.9), _Pick(other, 2.5)]
    # the repeat adds the asked "hinaus" but says nothing new: the next sentence that does
    question = "Wann darf die Arbeitszeit über zehn Stunden hinaus verlängert werden?"
    assert supporting(question, "de", ranking, [lead], "de") == [other]


def test_only_the_sources_language_is_quoted() -> None:
    from graphrag.answer.extractive import render_runs

    runs = [
        (1, ["(1) Der Urlaub beträgt jährlich mindestens vierundzwanzig Werktage."]),
        (2, [" In 2015, Microsoft established its own parental leave policy for all staff."]),
        (1, ["Als Werktage gelten alle Kalendertage, die nicht Sonn- oder Feiertage sind."]),
    ]
    text = render_runs(runs, "en", "de")
    assert text == (
        "The source (in German) says: „(1) Der Urlaub beträgt jährlich mindestens "
        "vierundzwanzig Werktage.“ [1] In 2015, Microsoft established its own parental leave "
        "policy for all staff. [2] „Als Werktage gelten alle Kalendertage, die nicht Sonn- oder "
        "Feiertage sind.“ [1]"
    )
    # an answer in the source's own language quotes nothing
    assert render_runs(runs[:1], "de", "de") == (
        "(1) Der Urlaub beträgt jährlich mindestens vierundzwanzig Werktage. [1]"
    )


def test_a_list_read_whole_and_one_of_its_items_are_shown_once() -> None:
    whole = Candidate(
        0,
        "(4) Der Arbeitgeber hat ihn umzusetzen, wenn a) er krank wird oder b) ein Kind unter "
        "zwölf Jahren im Haushalt lebt, sofern nichts entgegensteht.",
        "",
    )
    item = Candidate(
        0,
        "(4) Der Arbeitgeber hat ihn umzusetzen, wenn … b) ein Kind unter zwölf Jahren im "
        "Haushalt lebt … sofern nichts entgegensteht.",
        "",
    )
    assert _repeats(item, [whole]) and _repeats(whole, [item])
    # a short sentence whose few words another holds may still say something of its own
    short = Candidate(1, "Er wird krank.", "")
    assert not _repeats(short, [whole])
    # the splitter may end the whole list before its last words, which the item keeps
    cut = Candidate(
        0,
        "(1) Wer eine der in § 22 bezeichneten Handlungen - vorsätzlich begeht und dadurch "
        "Gesundheit oder Arbeitskraft eines Arbeitnehmers gefährdet oder - beharrlich "
        "wiederholt,",
        "",
    )
    first = Candidate(
        0,
        "(1) Wer eine der in § 22 bezeichneten Handlungen … vorsätzlich begeht und dadurch "
        "Gesundheit oder Arbeitskraft eines Arbeitnehmers gefährdet … wird mit "
        "Freiheitsstrafe bis zu einem Jahr oder mit Geldstrafe bestraft.",
        "",
    )
    assert _repeats(cut, [first]) and _repeats(first, [cut])
    # another item's lead with words of its own is no repeat of the list
    elsewhere = Candidate(
        1,
        "(2) Wer in den Fällen des Absatzes 1 Nr. 1 … die Gefahr fahrlässig verursacht … wird "
        "bestraft.",
        "",
    )
    assert not _repeats(elsewhere, [cut])


def test_an_elided_compound_is_found_by_its_whole_word() -> None:
    from graphrag.models.sparse import Bm25Encoder, completed

    encoder = Bm25Encoder()
    law = "Arbeitnehmer dürfen an Sonn- und gesetzlichen Feiertagen nicht beschäftigt werden."
    document = set(encoder.encode_documents([law], ["de"])[0].indices)
    assert set(encoder.encode_query("Sonntag", "de").indices) <= document
    assert "Betriebsvereinbarung" in completed("eine Betriebs- oder Dienstvereinbarung").split()
    assert completed("Der Urlaub beträgt 24 Werktage.") == "Der Urlaub beträgt 24 Werktage."
    # English text is encoded as it is
    english = encoder.encode_documents(["Sonn- und Feiertagen"], ["en"])[0].indices
    assert not set(encoder.encode_query("Sonntagen", "en").indices) & set(english)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("Welche Gesetze verweisen auf das Kündigungsschutzgesetz?", "Kündigungsschutzgesetz"),
        ("welche Vorschriften beziehen sich auf den TVöD", "TVöD"),
        ("Wo wird das Arbeitszeitgesetz zitiert?", "Arbeitszeitgesetz"),
        ("Which other laws cite the AGG?", "AGG"),
        ("Which documents refer to „Reisekostenrichtlinie“?", "Reisekostenrichtlinie"),
        ("Wie lange ist die Klagefrist?", None),
        ("Welche Frist gilt für die Klage?", None),
    ],
)
def test_a_reference_question_names_its_target(question: str, target: str | None) -> None:
    assert reference_target(question) == target


def test_a_reference_target_is_found_in_any_inflection_or_abbreviation() -> None:
    def summary(doc_id: str, title: str, names: str = "") -> DocumentSummary:
        document = Document(
            id=doc_id, source=f"{doc_id}.md", title=title, metadata={"names": names}
        )
        return DocumentSummary(document=document)

    laws = [
        summary("k", "Kündigungsschutzgesetz", "KSchG"),
        summary("a", "Allgemeines Gleichbehandlungsgesetz", "AGG"),
        summary("r", "Reisekostenrichtlinie der Acme GmbH"),
    ]
    found = lambda name: [s.document.id for s in documents_named(name, laws)]  # noqa: E731
    assert found("Kündigungsschutzgesetzes") == ["k"]
    assert found("KSchG") == ["k"]
    assert found("Allgemeinen Gleichbehandlungsgesetz") == ["a"]
    assert found("Reisekostenrichtlinie") == ["r"]  # a title that contains the name
    assert found("Kündigungsfrist") == [] and found("Gesetz") == [] and found("Reise") == []


def test_a_follow_up_is_searched_with_the_questions_before_it() -> None:
    turns: list[Turn] = []
    assert follow_up_query("Wie viele Werktage Urlaub habe ich?", "de", turns) == (
        "Wie viele Werktage Urlaub habe ich?",
        "Wie viele Werktage Urlaub habe ich?",
    )
    asked = ["Wie lange ist die Pause bei sechs Stunden?", "Und bei neun?", "Und bei zehn?"]
    for q in [*asked, "Und bei elf?"]:
        query, _ = follow_up_query(q, "de", turns)
        turns.append(Turn(q, query, []))
    assert turns[1].query == "Wie lange ist die Pause bei sechs Stunden? Und bei neun?"
    assert turns[2].query == " ".join(asked)
    # at most three questions searched together: the first drops out at the fourth turn
    assert turns[3].query == "Und bei neun? Und bei zehn? Und bei elf?"
    # a follow-up that names enough is answered as asked, searched with its context
    query, answer_as = follow_up_query("Und ab wann steht mir der volle Urlaub zu?", "de", turns)
    assert answer_as == "Und ab wann steht mir der volle Urlaub zu?" and query != answer_as
    # spoken, a follow-up opens with its sounds first
    spoken = "ähm und ab wann steht mir der volle Urlaub zu"
    query, answer_as = follow_up_query(spoken, "de", turns)
    assert query.endswith(f"Und bei elf? {spoken}") and answer_as == spoken
    # a question that stands alone starts afresh
    alone = "Welche Frist gilt für die Kündigungsschutzklage beim Arbeitsgericht?"
    assert follow_up_query(alone, "de", turns) == (alone, alone)


def test_a_conversation_belongs_to_its_caller_and_ends() -> None:
    acme, hr = AccessFilter(tenant="acme"), AccessFilter(tenant="acme", groups=["hr"])
    store = Conversations(max_conversations=2, ttl_s=3600)
    cid, turns = store.turns(None, acme)
    assert turns == [] and len(cid) == 32
    store.add(cid, acme, Turn("q", "q", ["c1"]))
    assert store.turns(cid, acme)[1] == [Turn("q", "q", ["c1"])]
    for stranger in (hr, AccessFilter(tenant="globex"), AccessFilter.everything()):
        with pytest.raises(NotFoundError, match="no conversation"):
            store.turns(cid, stranger)
    store.add(cid, hr, Turn("leak", "leak", ["c2"]))  # another caller adds nothing
    assert [t.question for t in store.turns(cid, acme)[1]] == ["q"]
    with pytest.raises(NotFoundError):
        store.turns("0" * 32, acme)
    store.turns(None, acme), store.turns(None, acme)  # the oldest is evicted beyond the bound
    with pytest.raises(NotFoundError):
        store.turns(cid, acme)
    expiring = Conversations(ttl_s=0.0)
    old, _ = expiring.turns(None, acme)
    with pytest.raises(NotFoundError, match="minutes"):
        expiring.turns(old, acme)


SSE_HEADERS = {"content-type": "text/event-stream"}


def sse(*parts: str) -> bytes:
    lines = [f"data: {json.dumps({'choices': [{'delta': {'content': p}}]})}" for p in parts]
    return ("\n\n".join([*lines, "data: [DONE]"]) + "\n\n").encode()


def generator(
    body: bytes, status: int = 200, seen: list[dict] | None = None
) -> OpenAICompatibleGenerator:
    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(json.loads(request.content))
        return httpx.Response(status, content=body, headers={"content-type": "text/event-stream"})

    return OpenAICompatibleGenerator(
        "http://llm.test/v1", model="m", api_key="k", transport=httpx.MockTransport(handler)
    )


def test_llm_answer_streams_cites_and_checks_numbers() -> None:
    seen: list[dict] = []
    tokens: list[str] = []
    g = generator(sse("Innerhalb von drei ", "Wochen [1]."), seen=seen)
    g.on_token = tokens.append
    answer = g.answer("Frist?", "de", PASSAGES, GraphContext())
    assert answer.answer == "Innerhalb von drei Wochen [1]." and answer.answerable
    assert [c.n for c in answer.citations] == [1]
    assert tokens == ["Innerhalb von drei ", "Wochen [1]."]
    assert "[1] KSchG > § 4 Anrufung" in seen[0]["messages"][1]["content"]
    assert seen[0]["messages"][0]["content"].startswith("Du beantwortest")

    invented = generator(sse("Die Frist beträgt 30 Tage [1].")).answer(
        "Frist?", "de", PASSAGES, GraphContext()
    )
    assert not invented.answerable and "30" in invented.answer.split("⚠")[1]
    refused = generator(sse("NICHT BEANTWORTBAR")).answer("?", "de", PASSAGES, GraphContext())
    assert not refused.answerable and refused.citations == []
    # a small model's habits: no [n] markers, the refusal phrase after an answer
    bare = generator(sse("Die Klage muss innerhalb von drei Wochen erhoben werden."))
    unmarked = bare.answer("Frist?", "de", PASSAGES, GraphContext())
    assert unmarked.answer.endswith("erhoben werden. [1]") and unmarked.answerable
    assert [c.chunk_id for c in unmarked.citations] == ["c1"]
    cited = generator(sse("Drei Wochen [1]. Sonst NICHT BEANTWORTBAR.")).answer(
        "Frist?", "de", PASSAGES, GraphContext()
    )
    assert cited.answerable and [c.n for c in cited.citations] == [1]
    loose = generator(sse("Das weiß ich leider auch nicht genau.")).answer(
        "Frist?", "de", PASSAGES, GraphContext()
    )
    assert loose.citations == [] and "Ohne Quellenangabe" in loose.answer
    with pytest.raises(ConfigError):
        generator(b"", status=401).answer("?", "de", PASSAGES, GraphContext())


def scripted_client(replies: list[httpx.Response | Exception], calls: list[int]) -> LlmClient:
    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        reply = replies[min(len(calls), len(replies)) - 1]
        if isinstance(reply, Exception):
            raise reply
        return reply

    return LlmClient(
        "http://llm.test/v1",
        model="m",
        transport=httpx.MockTransport(handler),
        backoff_s=0.001,
        max_wait_s=0.01,
    )


def test_llm_client_retries_rate_limits_server_errors_and_dropped_connections() -> None:
    ok = httpx.Response(200, content=sse("drei ", "Wochen"), headers=SSE_HEADERS)
    calls: list[int] = []
    replies: list[httpx.Response | Exception] = [
        httpx.Response(429, headers={"retry-after": "0"}, text="slow down"),
        httpx.Response(503, text="loading model"),
        httpx.ConnectError("refused"),
        ok,
    ]
    assert scripted_client(replies, calls).complete("s", "u") == "drei Wochen"
    assert len(calls) == 4
    calls.clear()
    with pytest.raises(StoreUnavailableError) as failed:
        scripted_client([httpx.Response(500, text="boom")], calls).complete("s", "u")
    assert len(calls) == 4 and "after 4 attempts" in str(failed.value)
    calls.clear()  # a request the server rejects is not retried, nor is a refused key
    with pytest.raises(StoreUnavailableError):
        scripted_client([httpx.Response(400, text="bad model")], calls).complete("s", "u")
    with pytest.raises(ConfigError):
        scripted_client([httpx.Response(401)], calls).complete("s", "u")
    assert len(calls) == 2


def test_llm_client_takes_a_whole_json_completion_and_names_anything_else() -> None:
    whole = {"choices": [{"message": {"content": " drei Wochen "}}]}
    calls: list[int] = []
    tokens: list[str] = []
    client = scripted_client([httpx.Response(200, json=whole)], calls)
    assert client.complete("s", "u", on_token=tokens.append) == "drei Wochen"
    assert tokens == [" drei Wochen "]
    html = httpx.Response(200, text="<html>login</html>", headers={"content-type": "text/html"})
    with pytest.raises(StoreUnavailableError, match="text/html"):
        scripted_client([html], calls).complete("s", "u")


def test_llm_client_does_not_retry_once_tokens_went_out() -> None:
    def broken() -> Iterator[bytes]:
        yield sse("Die Frist ")[: -len(b"data: [DONE]\n\n")]
        raise httpx.ReadError("connection reset")

    calls: list[int] = []
    tokens: list[str] = []
    reply = httpx.Response(200, content=broken(), headers=SSE_HEADERS)
    with pytest.raises(StoreUnavailableError) as failed:
        scripted_client([reply], calls).complete("s", "u", on_token=tokens.append)
    assert tokens == ["Die Frist "] and len(calls) == 1
    assert "broke off" in (failed.value.hint or "")


def test_number_check_ignores_citation_markers() -> None:
    assert unsupported_numbers("24 Werktage [2], siehe [1].", PASSAGES) == []
    assert unsupported_numbers("25 Werktage", PASSAGES) == ["25"]


def test_reference_hops_are_placed_after_their_seed_and_never_above_it() -> None:
    ranked = [
        scored(cid, cid, "s", 0, final, cid)
        for cid, final in [("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6), ("e", 0.5), ("f", 0.4)]
    ]
    # a points at e and f (in that order), b at a (ranked higher already) and at d
    placed = place_follows(ranked, {"a": ["e", "f"], "b": ["a", "d"], "zz": ["c"]})
    assert [r.chunk.id for r in placed] == ["a", "e", "f", "b", "d", "c"]
    finals = [r.scores.final for r in placed]
    assert finals == sorted(finals, reverse=True)  # scores stay monotone
    assert [r.scores.final for r in placed[:4]] == [0.9, 0.85, 0.825, 0.8]
    assert place_follows(ranked, {}) == ranked
    # g follows b, which follows a: its new place (0.6 + 2/5) is a whole number, still a move
    ranked.append(scored("g", "g", "s", 0, 0.3, "g"))
    chained = place_follows(ranked, {"a": ["d", "e", "b", "x"], "b": ["y", "g", "f", "z"]})
    assert [r.chunk.id for r in chained] == ["a", "d", "e", "b", "g", "f", "c"]
    finals = [r.scores.final for r in chained]
    assert finals == sorted(finals, reverse=True)


def test_a_sentence_that_answers_leads_when_it_ties_with_one_that_does_not() -> None:
    def pick(text: str, fused: float) -> _Pick:
        return _Pick(Candidate(0, text, "h"), fused)

    wage = pick("Das Urlaubsentgelt bemißt sich nach den letzten dreizehn Wochen.", 2.25)
    deadline = pick("Der Urlaub muß in den ersten drei Monaten genommen werden.", 2.0)
    far = pick("Der Urlaub muß im laufenden Kalenderjahr genommen werden.", 1.0)

    def answers(c: Candidate) -> bool:
        return "Monaten" in c.text or "Kalenderjahr" in c.text

    def lacks_nothing(c: Candidate) -> bool:
        return True

    def holds_a_span(c: Candidate) -> bool:
        return "Monaten" in c.text or "Kalenderjahr" in c.text

    # the best lacks the span asked for: the one within the margin that answers leads
    assert _first_that_answers([wage, deadline, far], answers, holds_a_span) == (deadline, True)
    # further than the margin below the best: the best stays, and the answer abstains
    assert _first_that_answers([wage, far], answers, lacks_nothing) == (wage, False)
    assert _first_that_answers([deadline, wage], answers, holds_a_span) == (deadline, True)
    assert _first_that_answers([], answers, lacks_nothing) == (None, False)


def test_a_sentence_below_the_meaning_gate_still_leads_when_it_holds_the_answer() -> None:
    """Across languages the cosines lie close together: the gate says whether the evidence
    answers, the ranking which sentence leads."""

    def pick(text: str, fused: float, meaning: float) -> _Pick:
        candidate = Candidate(0, text, "h")
        candidate.meaning = meaning
        return _Pick(candidate, fused)

    rule = pick("Von den Vorschriften kann nicht zu Ungunsten abgewichen werden.", 2.64, 0.808)
    preamble = pick("Dieses Gesetz dient der Umsetzung der Richtlinie 97/81/EG.", 2.63, 0.829)

    def answers(c: Candidate) -> bool:
        return c.meaning >= 0.82

    def holds(c: Candidate) -> bool:
        return True

    assert _first_that_answers([rule, preamble], answers, holds) == (rule, True)
    # alone below the gate: abstains, quoting it as the closest evidence
    assert _first_that_answers([rule], answers, holds) == (rule, False)


def test_each_branch_best_is_kept_near_the_top_and_the_fused_top_keeps_its_place() -> None:
    ranked = [
        scored(cid, cid, "s", 0, final, cid)
        for cid, final in [("a", 0.9), ("b", 0.8), ("c", 0.7), ("d", 0.6), ("e", 0.5), ("f", 0.4)]
    ]
    # dense's best is e, the keywords' best is c: from rank 2 on, in that order
    kept = keep_leaders(ranked, ["e", "c"], start=2)
    assert [r.chunk.id for r in kept] == ["a", "e", "c", "b", "d", "f"]
    assert [r.scores.final for r in kept] == [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]
    # a leader already at its rank or above stays; one that is not there (filtered) is skipped
    assert keep_leaders(ranked, ["a", "c"], start=2) == ranked
    assert [r.chunk.id for r in keep_leaders(ranked, ["zz", "f"], start=3)] == [
        "a", "b", "f", "c", "d", "e",
    ]  # fmt: skip
    assert keep_leaders(ranked, [], start=2) == ranked


def test_a_passage_that_says_nothing_comes_after_every_passage_that_says_something() -> None:
    texts = {
        "gone": "(weggefallen)",
        "rule": "Der Urlaub beträgt jährlich mindestens 24 Werktage.",
        "item": "(4) (weggefallen)",
        "short": "Dieses Gesetz tritt in Kraft.",
    }
    ranked = [
        scored(cid, "d", "s", i, final, texts[cid])
        for i, (cid, final) in enumerate(
            [("gone", 0.9), ("rule", 0.8), ("item", 0.7), ("short", 0.6)]
        )
    ]
    moved = empty_last(ranked)
    assert [r.chunk.id for r in moved] == ["rule", "short", "gone", "item"]
    assert [r.scores.final for r in moved] == [0.9, 0.8, 0.7, 0.6]  # scores stay monotone
    # nothing to move, or nothing else to show: as it was
    assert empty_last(ranked[1:2] + ranked[3:]) == ranked[1:2] + ranked[3:]
    only = [ranked[0], ranked[2]]
    assert empty_last(only) == only


def test_document_names_take_abbreviations_but_not_disambiguations() -> None:
    from ingestion.pipeline import _document_names
    from schemas import Document
    from schemas.parsed import Block, ParsedDocument

    def names(title: str) -> list[str]:
        parsed = ParsedDocument(
            title=title, mime="text/markdown", blocks=[Block(kind="title", text=title)]
        )
        return _document_names(Document(id="d", title=title, source="x.md"), parsed)

    assert names("Kündigungsschutzgesetz (KSchG)") == [
        "KSchG",
        "Kündigungsschutzgesetz",
        "Kündigungsschutzgesetz (KSchG)",
    ]
    assert names("Robert Young (musician)") == ["Robert Young", "Robert Young (musician)"]
    assert names("Acme") == ["Acme"]


def test_mmr_skips_near_duplicates_but_keeps_the_best_first() -> None:
    from graphrag.retrieval.mmr import mmr_order

    vectors = {"a": [1.0, 0.0], "a2": [0.99, 0.01], "b": [0.0, 1.0], "c": [0.7, 0.7]}
    relevance = {"a": 1.0, "a2": 0.95, "b": 0.8, "c": 0.5}
    ids = ["a", "a2", "b", "c"]
    assert mmr_order(ids, relevance, vectors, lam=0.5)[:2] == ["a", "b"]  # a2 repeats a
    assert mmr_order(ids, relevance, vectors, lam=1.0) == ids  # pure relevance
    # an item without a vector keeps its relevance and is redundant with nothing
    assert mmr_order(["a", "a2", "x"], {**relevance, "x": 0.9}, vectors, lam=0.5) == [
        "a",
        "x",
        "a2",
    ]


def test_llm_paraphrases_become_extra_query_variants() -> None:
    from graphrag.models.llm import LlmClient
    from graphrag.retrieval.paraphrase import LlmParaphraser
    from graphrag.retrieval.search import Retriever
    from schemas import QueryAnalysis

    seen: list[dict] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(json.loads(request.content))
        body = sse(
            "1. Welche Frist gilt für die Kündigung?\n",
            "- welche frist gilt bei einer kündigung?\n",  # the question again: dropped
            "Kündigungsfrist nach § 622 BGB\nnoch eine dritte Umformulierung\n",
        )
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    client = LlmClient("http://llm.test/v1", model="m", transport=httpx.MockTransport(handler))
    paraphraser = LlmParaphraser(client, count=2)
    question = "Welche Frist gilt bei einer Kündigung?"
    assert paraphraser.paraphrases(question, "de") == [
        "Welche Frist gilt für die Kündigung?",
        "Kündigungsfrist nach § 622 BGB",
    ]
    assert "(de)" in seen[0]["messages"][0]["content"]
    retriever = Retriever(None, None, None, None, paraphraser=paraphraser)  # type: ignore[arg-type]
    variants = retriever._variants(question, QueryAnalysis(language="de"))
    assert variants[0] == (question, 1.0)
    assert [w for _, w in variants[1:]] == [0.5, 0.5]

    down = LlmClient(
        "http://llm.test/v1",
        model="m",
        transport=httpx.MockTransport(lambda r: httpx.Response(503, content=b"busy")),
        backoff_s=0.001,
        max_wait_s=0.01,
    )
    assert LlmParaphraser(down).paraphrases(question, "de") == []  # search goes on without


def test_llama_cpp_client_streams_and_names_what_is_missing(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    from graphrag.answer.llm import LlmGenerator
    from graphrag.errors import MissingExtraError
    from graphrag.models.llama_cpp import LlamaCppClient

    model = tmp_path / "tiny.gguf"
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # not installed
    with pytest.raises(MissingExtraError):
        LlamaCppClient(model).complete("s", "u")

    calls: list[dict] = []

    class FakeLlama:  # stands in for llama_cpp.Llama: our code's contract with it
        def __init__(self, **kwargs: object) -> None:
            calls.append(kwargs)

        def create_chat_completion(self, **kwargs: object):
            calls.append(kwargs)
            yield {"choices": [{"delta": {"role": "assistant"}}]}
            for part in ("Drei Wochen", " [1]."):
                yield {"choices": [{"delta": {"content": part}}]}

    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=FakeLlama))
    with pytest.raises(ConfigError) as err:
        LlamaCppClient(model).complete("s", "u")
    assert "GRAPHRAG_LLM_GGUF" in str(err.value)
    model.write_bytes(b"GGUF")
    tokens: list[str] = []
    client = LlamaCppClient(model, context_tokens=2048)
    generator = LlmGenerator(client, name="llama.cpp/tiny", on_token=tokens.append)
    passage = Passage(
        chunk_ids=["c"],
        doc_id="d",
        title="KSchG",
        section_path=["§ 4"],
        text="drei Wochen",
        score=1,
    )
    answer = generator.answer("Frist?", "de", [passage], GraphContext())
    assert answer.answer == "Drei Wochen [1]." and tokens == ["Drei Wochen", " [1]."]
    assert [c.n for c in answer.citations] == [1]
    assert calls[0]["model_path"] == str(model) and calls[0]["n_ctx"] == 2048
    assert calls[1]["stream"] is True and calls[1]["messages"][1]["content"].endswith("Frist?")


def test_structure_bonus_rewards_neighbours_and_shared_sections() -> None:
    from graphrag.retrieval.structure import structure_bonus

    def chunk(cid: str, doc: str, section: str | None, ordinal: int) -> Chunk:
        return Chunk(id=cid, doc_id=doc, section_id=section, ordinal=ordinal, text=cid)

    bonus = structure_bonus(
        [
            chunk("a1", "a", "s1", 1),
            chunk("a2", "a", "s1", 2),  # next to a1, same section
            chunk("a9", "a", "s1", 9),  # same section, not adjacent
            chunk("b0", "b", "t", 0),  # alone
            chunk("c0", "c", None, 0),
            chunk("c1", "c", None, 1),  # adjacent, no section
        ]
    )
    assert bonus == {"a1": 1.0, "a2": 1.0, "a9": 0.5, "b0": 0.0, "c0": 0.5, "c1": 0.5}


def test_refiner_places_question_homes_and_references_after_their_anchor() -> None:
    from graphrag.retrieval.config import RetrievalConfig
    from graphrag.retrieval.refine import GraphRefiner
    from schemas import AccessFilter, LinkedEntity, ReferenceHop

    class Graph:  # the two graph reads the reference hop makes
        def entity_homes(self, entity_ids, candidates, access, limit=200):
            assert entity_ids == ["band"]  # the weak link (0.5) asks for no home
            return [
                ReferenceHop(seed_id="", entity_id="band", doc_id="B", chunk_id="b0"),
                ReferenceHop(seed_id="", entity_id="band", doc_id="B", chunk_id="b3", ordinal=3),
            ]

        def reference_hops(self, seed_ids, candidates, access, limit=500):
            assert seed_ids == ["top", "x", "y"]
            return [
                ReferenceHop(seed_id="top", entity_id="p", doc_id="P", chunk_id="p0"),
                ReferenceHop(seed_id="y", entity_id="q", doc_id="X", chunk_id="x"),  # above y
                ReferenceHop(seed_id="x", entity_id="r", doc_id="R", chunk_id="r0"),
            ]

        def citation_hops(self, seed_ids, access, limit=200):
            return []

        def citing_hops(self, seed_ids, candidates, access, limit=200):
            return []

    fused = [("top", 0.9), ("x", 0.8), ("y", 0.7), ("b3", 0.2)]
    linked = [
        LinkedEntity(
            mention="The Band", entity=Entity(id="band", name="The Band", type="ORG"), score=1.0
        ),
        LinkedEntity(
            mention="Rob", entity=Entity(id="rob", name="Robert", type="PERSON"), score=0.5
        ),
    ]
    out = GraphRefiner(Graph(), RetrievalConfig()).refine(  # type: ignore[arg-type]
        fused, linked, AccessFilter(), walk=False
    )
    # b3 is a candidate, so it is B's chunk of choice; then top's own reference
    assert out.follows == {"top": ["b3", "p0"], "x": ["r0"]}
    assert out.provenance["b3"].through == ["band"] and out.provenance["b3"].seed_chunk_id is None
    assert out.provenance["r0"].seed_chunk_id == "x" and out.provenance["r0"].via == "reference"
    assert out.added == ["b3", "p0", "r0"]


def test_a_cited_section_follows_its_citer_once_with_its_best_chunk() -> None:
    from graphrag.retrieval.config import RetrievalConfig
    from graphrag.retrieval.refine import GraphRefiner
    from schemas import AccessFilter, ReferenceHop

    class Graph:
        def citation_hops(self, seed_ids, access, limit=200):
            assert seed_ids == ["top", "x", "y"]
            return [
                # § 4 has two chunks; the hybrid search found s4b, so it is § 4's chunk
                ReferenceHop(seed_id="top", entity_id="§4", doc_id="K", chunk_id="s4a"),
                ReferenceHop(seed_id="top", entity_id="§4", doc_id="K", chunk_id="s4b", ordinal=1),
                ReferenceHop(seed_id="top", entity_id="§5", doc_id="K", chunk_id="s5"),
                ReferenceHop(seed_id="top", entity_id="§6", doc_id="K", chunk_id="s6"),
                # y cites x, which already ranks above y: no help needed
                ReferenceHop(seed_id="y", entity_id="§1", doc_id="K", chunk_id="x"),
            ]

        def citing_hops(self, seed_ids, candidates, access, limit=200):
            assert "s7" in candidates  # only what the hybrid search found may be lifted
            # § 7 applies the top candidate's section; x (above y) cites y's section
            return [
                ReferenceHop(seed_id="top", entity_id="§3", doc_id="K", chunk_id="s7"),
                ReferenceHop(seed_id="y", entity_id="§2", doc_id="K", chunk_id="x"),
            ]

    fused = [("top", 0.9), ("x", 0.8), ("y", 0.7), ("s4b", 0.1), ("s7", 0.05)]
    config = RetrievalConfig(references=False, citation_per_seed=2)
    out = GraphRefiner(Graph(), config).refine(  # type: ignore[arg-type]
        fused, [], AccessFilter(), walk=False
    )
    assert out.follows == {"top": ["s4b", "s5", "s7"]}
    assert out.provenance["s5"].via == "citation" and out.provenance["s5"].through == ["§5"]
    off = GraphRefiner(Graph(), RetrievalConfig(references=False, citations=False))
    assert off.refine(fused, [], AccessFilter(), walk=False).follows == {}  # type: ignore[arg-type]


def test_a_documents_scope_provision_follows_its_best_candidate_once() -> None:
    from graphrag.retrieval.config import RetrievalConfig
    from graphrag.retrieval.refine import GraphRefiner
    from schemas import AccessFilter, ReferenceHop

    class Graph:
        def scope_hops(self, seed_ids, words, access, limit=200):
            assert seed_ids == ["top", "x", "x2"] and words == ["geltungsbereich"]
            # per seed, the provision of the earliest word first, each in reading order
            return [
                ReferenceHop(seed_id="top", entity_id="§23", doc_id="K", chunk_id="s23a"),
                ReferenceHop(seed_id="top", entity_id="§23", doc_id="K", chunk_id="s23b"),
                ReferenceHop(seed_id="top", entity_id="§22", doc_id="K", chunk_id="s22"),
                # x is of the same document: the top candidate brought its provision already
                ReferenceHop(seed_id="x", entity_id="§23", doc_id="K", chunk_id="s23a"),
                # x2 is its own document's scope provision: nothing to lift
                ReferenceHop(seed_id="x2", entity_id="§2", doc_id="A", chunk_id="x2"),
            ]

    fused = [("top", 0.9), ("x", 0.8), ("x2", 0.75), ("y", 0.7), ("s23b", 0.1)]
    config = RetrievalConfig(references=False, citations=False)
    refine = GraphRefiner(Graph(), config).refine  # type: ignore[arg-type]
    out = refine(fused, [], AccessFilter(), walk=False, scope=["geltungsbereich"])
    # § 23 before § 22; of § 23, the chunk the hybrid search found
    assert out.follows == {"top": ["s23b"]}
    assert out.provenance["s23b"].via == "scope" and out.provenance["s23b"].through == ["§23"]
    # a question that asks no scope, or the hop switched off: nothing follows
    assert refine(fused, [], AccessFilter(), walk=False).follows == {}
    config = RetrievalConfig(references=False, citations=False, scope_hop=False)
    off = GraphRefiner(Graph(), config).refine  # type: ignore[arg-type]
    assert off(fused, [], AccessFilter(), walk=False, scope=["geltungsbereich"]).follows == {}


def test_procedures_and_enumerations_ask_for_section_level_evidence() -> None:
    analyzer = QueryAnalyzer()
    assert analyzer.analyse(
        "Wie muss der Arbeitgeber bei einer Massenentlassung vorgehen?"
    ).levels == [
        "section",
        "chunk",
    ]
    assert analyzer.analyse("Wann trat das KSchG in Kraft?").levels == ["chunk"]


def test_llm_query_analysis_adds_implied_entities_and_falls_back_to_rules() -> None:
    from graphrag.models.llm import LlmClient
    from graphrag.retrieval.llm_analysis import LlmQueryAnalyzer

    def client(body: bytes, status: int = 200) -> LlmClient:
        reply = httpx.Response(status, content=body, headers={"content-type": "text/event-stream"})
        return LlmClient(
            "http://llm.test/v1",
            model="m",
            transport=httpx.MockTransport(lambda r: reply),
            backoff_s=0.001,
            max_wait_s=0.01,
        )

    index = EntityIndex(
        [
            Entity(id="m", name="Microsoft", type="ORG"),
            Entity(id="g", name="Bill Gates", type="PERSON"),
        ]
    )
    rules = QueryAnalyzer(index)
    question = "Where was the founder of Microsoft born?"
    answer = '```json\n{"query_type": "factual", "multi_hop": true, "entities": ["Microsoft", "Bill Gates", 7]}\n```'
    analysis = LlmQueryAnalyzer(client(sse(answer)), rules).analyse(question)
    assert {e.entity.id for e in analysis.entities if e.entity} == {"m", "g"}
    assert analysis.multi_hop and analysis.query_type == "factual"
    assert analysis.candidate_count == 80 and analysis.walk_graph

    odd = LlmQueryAnalyzer(client(sse('{"query_type": "poetic"}')), rules).analyse(question)
    assert odd.query_type == rules.analyse(question).query_type  # unknown type: the rules'
    for broken in (client(sse("no json here")), client(b"down", status=503)):
        assert LlmQueryAnalyzer(broken, rules).analyse(question) == rules.analyse(question)


def test_the_glossary_reads_everyday_words_as_the_documents_words(tmp_path) -> None:
    built_in = glossary.built_in()
    assert "arbeitgeber" in built_in.expand("Darf mein Chef das?")
    assert "erwerbstätigkeit" in built_in.expand("Darf ich im Urlaub einen Nebenjob haben?")
    assert built_in.expand("Wie viele Werktage beträgt der Mindesturlaub?") == []
    # a request for information is an "Auskunftsverlangen", also inside a compound, and what
    # is enclosed is "beigefügt", in either language
    assert "auskunftsverlangen" in built_in.expand("Wer beantwortet meine Gehaltsanfrage?")
    # a pay request names the pay itself, not only a request; who runs a kindergarten employs
    assert "entgelt" in built_in.expand("Reicht das als Antwort auf meine Gehaltsanfrage?")
    assert "arbeitgeber" in built_in.expand("Darf der Träger das verlangen?")
    assert "beifügung" in built_in.expand("Was muss die Firma der Anzeige beilegen?")
    # coming to an agreement is "Einvernehmen"; the management acts for the employer
    assert "einvernehmen" in built_in.expand("Muss er mit mir eine Einigung suchen?")
    assert "arbeitgeber" in built_in.expand("Kann die Geschäftsleitung das übernehmen?")
    # a neutral-looking rule that hits one group is what the statutes call "mittelbar"
    assert "mittelbare" in built_in.expand("Ist das eine versteckte Benachteiligung?")
    assert "mittelbare" not in built_in.expand("Ist die Kamera versteckt?")
    # the federal states' own law; a stretch of time
    assert "landesrechtlichen" in built_in.expand("Gelten die Gesetze der Bundesländer noch?")
    assert "zeitraum" in built_in.expand("Wie lange darf so eine Phase sein?")
    # an authority that settles a question "stellt fest"
    assert "feststellen" in built_in.expand("Kann eine Behörde das verbindlich klären?")
    # whom one is compared with is "vergleichbar"
    assert "vergleichbar" in built_in.expand("Mit wem werde ich verglichen?")
    # leave is "gewährt", what one must prove is "zu beweisen"
    assert "gewähren" in built_in.expand("Muss er mir den Urlaub geben?")
    assert "gewähren" not in built_in.expand("Soll ich ihm den Schlüssel geben?")
    assert "beweisen" in built_in.expand("Muss ich vor Gericht nachweisen, dass das falsch ist?")
    # an association is a "Vereinigung"
    assert "vereinigung" in built_in.expand("Gilt das Gesetz für einen Berufsverband?")
    # who works full or part time is "vollzeitbeschäftigt" / "teilzeitbeschäftigt"; a sum paid
    # towards something a "geldwerte Leistung"
    assert "vollzeitbeschäftigte" in built_in.expand("Was bekommen die Vollzeitkräften?")
    assert "teilzeitbeschäftigte" in built_in.expand("Ich bin eine Teilzeitkraft.")
    assert "geldwerte" in built_in.expand("Bekomme ich den Essenszuschuss auch?")
    # talking something over is "erörtern" / "beraten" (a promise is not); suing for a claim
    # is asserting it; colleagues who tease someone harass them
    assert "erörtern" in built_in.expand("Muss meine Chefin mit mir darüber sprechen?")
    assert "erörtern" not in built_in.expand("Hat er mir das versprochen?")
    assert "geltend" in built_in.expand("Kann ich das Geld einklagen?")
    assert "belästigung" in built_in.expand("Er wird ständig aufgezogen.")
    # sharing one job is "Arbeitsplatzteilung"; writing hours down is recording them
    assert "arbeitsplatzteilung" in built_in.expand("Gibt es bei uns Jobsharing?")
    assert "aufzuzeichnen" in built_in.expand("Muss er meine Stunden festhalten?")
    # session 51's held-out sets in employees' and HR people's words: each question -> a term of
    # the statutes it must add; and words whose other sense must not add it
    said_so = {
        # days off in the year are leave; the year after is the "folgende Kalenderjahr"
        "Ich bekomme nur 18 freie Tage im Jahr.": "urlaub",
        "Kann ich ihn im neuen Jahr noch nehmen?": "folgenden",
        "Habe ich Anspruch auf den kompletten Urlaub?": "volle",
        # session 54: half a year is six months; a start-up is a business just founded; a shop
        # is a Betrieb; throwing someone out is a Kündigung
        "Im ersten halben Jahr gibt es keinen Urlaub?": "sechsmonatigem",
        "Darf ein Start-up befristen?": "gründung",
        "In kleinen Läden geht das?": "betrieb",
        "Darf er mich einfach rauswerfen?": "kündigung",
        # the days left from the year before are carried over; the first time is "erstmalig"
        "Ich habe noch sechs Tage vom Vorjahr.": "übertragung",
        "Ab wann kann ich das erste Mal Urlaub nehmen?": "erstmalig",
        # a paper one is given when leaving is handed over ("auszuhändigen"), a Bescheinigung
        "Muss man ihr schriftlich mitgeben, wie viele Tage sie hatte?": "bescheinigung",
        # "nur noch 25 Stunden" is fewer hours; starting again soon after work asks for the rest
        "Ich will nur noch 25 Stunden arbeiten.": "verringerung",
        "Bis wann muss ich das anmelden?": "geltend",
        "Morgen um sieben soll ich schon wieder anfangen.": "ruhezeit",
        # a dismissal's "sozialer Grund" is the KSchG's; flu is incapacity to work
        "Braucht er einen sozialen Grund?": "ungerechtfertigt",
        "Ich hatte im Urlaub eine Grippe.": "arbeitsunfähigkeit",
        # earning on the side during leave, leave in one block, whom a job cut hits, training
        "Darf ich mir im Urlaub etwas dazuverdienen?": "erwerbstätigkeit",
        "Drei Wochen am Stück, geht das?": "zusammenhängend",
        "Wie muss die Firma aussuchen, wen es trifft?": "auswahl",
        "Zwei Stellen sollen wegfallen.": "erfordernisse",
        "Darf ich auch auf Schulungen?": "weiterbildung",
        "Was darf in der Stellenanzeige stehen?": "ausgeschrieben",
        # holidays from work are leave; work called in as needed is on demand; one sex only
        "Wann darf ich in die Ferien?": "urlaub",
        "Ich werde nach Bedarf angerufen.": "abruf",
        "Darf die Firma nur Frauen einstellen?": "anforderung",
        # thrown out, a half post, a missed deadline, what holds in law, the self-employed
        "Sie sagt, ich fliege raus.": "kündigung",
        "Soll ich auf eine halbe Stelle gehen?": "teilzeit",
        "Ich habe die Frist verpasst.": "rechtzeitig",
        "Ist die Kündigung dann gültig?": "rechtswirksam",
        "Ist die Klausel ungültig?": "unwirksam",
        "Ich bin selbstständig.": "arbeitnehmerähnliche",
        # records kept, a law made available, permanent staff, a one-year contract, pay
        "Wie lange müssen wir die Listen aufheben?": "aufzubewahren",
        "Müssen wir das Gesetz zugänglich machen?": "einsichtnahme",
        "Was bekommen die Festangestellten?": "unbefristet",
        "Ich habe einen Jahresvertrag.": "befristung",
        "Wie prüfen wir unsere Gehaltsstruktur?": "entgeltregelungen",
        # hired "auf Zeit" is a fixed term; out of work is "beschäftigungslos"
        "Darf mich die Firma auf Zeit einstellen?": "befristung",
        "Ich war ein halbes Jahr ohne Job.": "beschäftigungslos",
        # session 52: records thrown away once kept, a law on the intranet, having worked there
        # before, who a dismissal should spare, a member of the works council
        "Ab wann dürfen wir die Listen vernichten?": "aufzubewahren",
        "Wie lange hält die Dokumentation?": "nachweise",
        "Reicht es im Intranet?": "kommunikationstechnik",
        "Sie war schon einmal bei uns beschäftigt.": "zuvor",
        "Ich bin am längsten dabei.": "betriebszugehörigkeit",
        "Obwohl ich zwei Kinder habe, trifft es mich.": "unterhaltspflichten",
        "Ich sitze im Betriebsrat.": "mitglied",
        # a forum's words: who is "raus" at a date leaves; a Minijobber holds a Minijob
        "Bin zum 30.6. raus.": "ausscheidet",
        "Zählen die Minijobber mit?": "geringfügige",
        # session 56: Austrian and Swiss German, and Swiss "ss" for "ß"
        "Mein Dienstgeber will das so.": "arbeitgeber",
        "Mein Dienstverhältnis endet im Mai.": "arbeitsverhältnis",
        "Ich war im Krankenstand.": "arbeitsunfähigkeit",
        "Ich will mein Stundenausmass reduzieren.": "arbeitszeit",
        "Wie lange muss die Jause sein?": "ruhepause",
        "Wie viel Überzeit ist erlaubt?": "arbeitszeit",
        "Ich verdiene weniger Salär.": "arbeitsentgelt",
        "Ich arbeite ein 60-Prozent-Pensum.": "teilzeitbeschäftigter",
        "Sie hat mir gekündet.": "kündigung",
        "Zählt der Samstag bei den Ferientagen?": "urlaub",
        "Gibt es keinen Kollektivvertrag?": "tarifvertrag",
        "Bekomme ich eine Urlaubsersatzleistung?": "abgeltung",
        "Ich arbeite im Spital.": "krankenhaus",
    }
    for question, term in said_so.items():
        assert term in built_in.expand(question), question
    # "ein freier Tag" for Sunday work is no leave; "durchchecken" is a check-up, not a review
    assert "urlaub" not in built_in.expand("Bekomme ich dafür einen freien Tag?")
    assert "prüfverfahren" not in built_in.expand("Kann ich mich beim Arzt durchchecken lassen?")
    # "blöd angemacht" wegen des Kopftuchs is a harassment, not a sexual one
    kopftuch = built_in.expand("Ich werde wegen meines Kopftuchs blöd angemacht.")
    assert "belästigung" in kopftuch and "sexuelle" not in kopftuch
    # "am ersten März" is a date, not the first time
    assert "erstmalig" not in built_in.expand("Ich habe am ersten März angefangen.")
    # a colleague "ohne Kinder" is no maintenance duty of the asker's
    assert "unterhaltspflichten" not in built_in.expand("Ein Kollege ohne Kinder durfte bleiben.")
    own = tmp_path / "glossary.yaml"
    own.write_text("homeoffice: [mobile arbeit, telearbeit]\nchef: [geschäftsführung]\n")
    mine = glossary.load(own)  # a deployment's entries over the built-in ones
    assert mine.expand("Darf ich ins Homeoffice?") == ["mobile arbeit", "telearbeit"]
    assert mine.expand("Mein Chef") == ["geschäftsführung"]
    # a word of an entry may name alternatives: "act|law" is either
    either = tmp_path / "either.yaml"
    either.write_text("zeit|stunden konto: [arbeitszeitkonto]\n")
    for said in ("Wie funktioniert mein Zeit Konto?", "Was ist ein Stunden Konto?"):
        assert glossary.load(either).expand(said) == ["arbeitszeitkonto"]
    empty = tmp_path / "empty.yaml"
    empty.write_text("zeit| konto: [arbeitszeitkonto]\n")
    with pytest.raises(ConfigError, match="empty alternative"):
        glossary.load(empty)
    broken = tmp_path / "broken.yaml"
    broken.write_text("chef: arbeitgeber\n")
    with pytest.raises(ConfigError, match="GRAPHRAG_GLOSSARY"):
        glossary.load(broken)
    # an English question over German documents: whole English words, German terms
    across = glossary.across("en", "de")
    assert across is not None and glossary.across("de", "en") is None
    assert across.expand("Which leave law applies?") == across.expand("Which leave act applies?")
    assert "bundesurlaubsgesetz" in across.expand("Which leave law applies?")
    assert "bundesurlaubsgesetz" in across.expand("Does the federal holiday law apply?")
    # work for pay beside the job is an "Erwerbstätigkeit", said in any of its words
    for side in ("Can I do a paid side gig on vacation?", "Is a second job allowed?"):
        assert "erwerbstätigkeit" in across.expand(side)
    # to make someone stop is to demand the removal of what they do
    assert "beseitigung" in across.expand("Can I demand that he stops doing it?")
    # the head of a hospital department, not any doctor; two people sharing one job
    assert "chefärzte" in across.expand("Does it apply to a chief physician?")
    assert "chefärzte" not in across.expand("Do I need a note from my doctor?")
    # a law that applies to someone "ist anzuwenden"; applying for something is an "Antrag"
    assert "anzuwenden" in across.expand("Does the Working Time Act apply to me?")
    assert "antrag" in across.expand("Can I apply for part-time work?")
    assert "arbeitsplatzteilung" in across.expand("Can we do job sharing?")
    assert "berufsausbildung" in across.expand("Am I covered during my apprenticeship?")
    assert "einwilligung" in across.expand("Can I withdraw my consent?")
    assert "eingewilligt" in across.expand("Does it apply though I never agreed to it?")
    assert across.expand("Can my fixed-term contract be extended?") == [
        "befristung",
        "befristeter",
        "befristet",
        "arbeitsvertrag",
        "vertrag",
        "verlängerung",
        "verlängert",
    ]
    assert {"auskunftsverlangen", "beifügung"} <= set(
        across.expand("Must they attach the works council's view to the inquiry?")
    )
    assert across.expand("What is the interest rate?") == []  # "rest" is no head of a word
    # an advisory council is a "Beirat", not the works council "council" alone means
    council = across.expand("Who sits on the advisory council?")
    assert "beirat" in council and "betriebsrat" not in council
    assert {"mittelbare", "frauen", "männer"} <= set(across.expand("Indirect gender pay gaps?"))
    # what a statute sets out: its rules, lists and payments
    assert {"regelungen", "vorschriften"} <= set(across.expand("Who checks the rules?"))
    assert {"listen", "zahlungen"} <= set(across.expand("Do the lists show payments?"))
    # "does it count as working time" is what a statute deems ("gilt als")
    assert "gilt" in across.expand("Does the waiting time count as working time?")
    assert "beförderung" in across.expand("I was passed over for promotion.")
    # fault as the statutes grade it, claims in tort, inheritance, bodies that advise
    assert "fahrlässig" in across.expand("Can he go to prison if he carelessly endangers me?")
    assert {"unerlaubter", "handlung"} <= set(across.expand("Can I claim under wrongful acts?"))
    assert "erbrechtliche" in across.expand("Does it apply when I decide who inherits my house?")
    assert {"beraten", "zusammenarbeiten"} <= set(
        across.expand("Who advises the agency, and do they cooperate?")
    )
    # places of work the statutes list, and everyday nouns of the field
    assert "museen" in across.expand("I work as an attendant in a museum.")
    assert "staatsangehörigkeit" in across.expand("Must we tell them the nationality?")
    assert "jugendliche" in across.expand("special conditions for young people")
    assert "beratung" in across.expand("a counselling service")
    # on call from home is standby duty; on-call work is work on demand
    assert "rufbereitschaft" in across.expand("My rest is cut short when I am on call at night.")
    assert "abruf" in across.expand("My on-call contract guarantees 20 hours.")
    # a law named by its English name is the German law's title
    assert "arbeitszeitgesetz" in across.expand("What is the purpose of the Working Hours Act?")
    assert "kündigungsschutzgesetz" in across.expand("Does the Dismissal Protection Act apply?")
    assert "kündigungsschutzgesetz" in across.expand("Does the dismissal protection law apply?")
    # the last word of an entry of several words means what the entry means: the agency that
    # protects against discrimination is no temp agency, and "equal" keeps its own sense
    agency = across.expand("When does the head of the Anti-Discrimination Agency leave office?")
    assert "antidiskriminierungsstelle" in agency and "arbeitnehmerüberlassung" not in agency
    assert "arbeitnehmerüberlassung" in across.expand("I was hired through an agency.")
    assert {"gleichbehandlungsgesetz", "gleich"} <= set(across.expand("the equal treatment act"))
    # everyday words of enforcement, trades and the end of jobs: a fine is what a statute
    # calls an offence ("ordnungswidrig"), occupations are its "Berufsgruppen"
    everyday = {
        "Can the company be fined for that?": "ordnungswidrig",
        "in which occupations do we employ people?": "berufsgruppen",
        "when the dismissals are going to happen": "entlassungen",
        "I am called up for military service.": "arbeitsplatzschutzgesetz",
        "We notify the agency about mass layoffs.": "massenentlassungen",
        "Does it apply to civil dealings?": "zivilrechtsverkehr",
        # the statutes' "weibliche und männliche Beschäftigte", and what insurance costs
        "jobs mostly done by women": "weibliche",
        "our male staff": "männliche",
        "my private insurance": "versicherung",
        "as a woman I pay higher premiums": "prämien",
        # an entry's plural is the entry ("shifts", "nights", "contracts")
        "I work rotating shifts": "schicht",
        "several nights a week": "nachtarbeit",
        "how many fixed-term contracts": "arbeitsvertrag",
        # what one wears for one's faith, as "Kopftuch" is read in German
        "because I wear a headscarf": "religion",
        # a guest is a third party as a customer is; what was only said lacks the written form
        "a guest at our restaurant": "dritte",
        "we agreed by word of mouth": "schriftform",
        "it was only agreed verbally": "mündlich",
        # one elected to a body is its member; a request on the phone lacks the text form
        "I was elected to the works council": "mitglied",
        "Can I ask HR on the phone?": "textform",
        # senior executives, someone hired again, a vacancy posted, papers handed over
        "our senior executives": "leitende",
        "We would like to rehire her.": "zuvor",
        "When we post a vacancy": "ausschreiben",
        "What paperwork do we hand her?": "bescheinigung",
        # a time-limited contract, a headcount, reasons explained
        "a time-limited contract": "befristung",
        "Does my company need a certain headcount?": "regel",
        "Can I demand that he explain why?": "gründe",
        "The letter offers a payout.": "abfindung",
        # who heads a company as its legal representative belongs to its "Organ"
        "I am the managing director of our GmbH.": "organs",
        # session 52: a contract renewed, leave due for the first time, a request at the latest,
        # records kept
        "Can they keep renewing my contract?": "verlängerung",
        "When can I take it for the first time?": "erstmalig",
        "When must it reach them at the latest?": "spätestens",
        "Must my employer keep a record of my hours?": "aufzubewahren",
        "How long may they keep my data?": "aufzubewahren",
        # staff who work on call, notice in advance, a role advertised, leave given up
        "Some of our staff work on call.": "abruf",
        "How much advance notice do we owe them?": "voraus",
        "every advertised role": "ausschreiben",
        "she gives up part of her leave": "zuungunsten",
        # harassed by coworkers for being gay
        "coworkers keep harassing me because im gay": "belästigung",
        "because im gay": "identität",
        "my coworkers": "beschäftigte",
    }
    for question, term in everyday.items():
        assert term in across.expand(question), question
    # standby "on call" at home is no work on demand
    assert "abruf" not in across.expand("Am I on call at the weekend?")
    # only records are kept ("aufzubewahren"): not a post, men out of a pool, or tips
    for question in ("Do they keep their post?", "Can it keep men out?", "Can he keep the tips?"):
        assert "aufzubewahren" not in across.expand(question), question
    # "|" names alternatives of one word: "job cuts" is an entry, "job" alone keeps its sense
    assert "entlassungen" in across.expand("job cuts") and "entlassungen" not in across.expand(
        "my job"
    )

    # the answerer reads the question's words so too: no sentence about temp agencies is
    # closer for naming what "agency" alone would mean
    def temp_agency(question: str) -> bool:
        said = reading(question, "en", across).synonyms.values()
        return any(t.startswith("arbeitnehmerüberlass") for terms in said for t in terms)

    assert not temp_agency("Who heads the anti-discrimination agency?")
    assert temp_agency("I work through an agency.")
    # in the answerer: "Chef" is found in a sentence about the "Arbeitgeber"
    question = "Darf mein Chef das verbieten?"
    same = reading(question, "de", built_in).synonyms
    assert "arbeitgeb" in same["chef"]
    for alternatives, expected in ((None, 0.0), (same, 1.0)):
        pool = [Candidate(0, "Der Arbeitgeber kann es untersagen.", "")]
        score(
            question.replace(" das verbieten", ""), "de", "yes_no", pool, None, None, alternatives
        )
        assert pool[0].words == expected


def test_a_court_decisions_sentences_are_read_without_their_margin_numbers() -> None:
    text = (
        "Die Berufung ist zulässig.17Sie ist aber unbegründet, weil der Kläger die Frist "
        "versäumt hat (vgl. BAG, Urt. v. 3.5.2001 – 2 AZR 1/00 –) und nichts vorträgt.18 Die "
        "Kosten trägt der Kläger."
    )
    pool = candidates(
        [Passage(chunk_ids=["u"], doc_id="u", title="Urteil", section_path=[], text=text)]
    )
    assert [c.text for c in pool] == [
        "Die Berufung ist zulässig.",
        "Sie ist aber unbegründet, weil der Kläger die Frist versäumt hat (vgl. BAG, Urt. v. "
        "3.5.2001 – 2 AZR 1/00 –) und nichts vorträgt.",
        "18 Die Kosten trägt der Kläger.",
    ]
    assert pool[1].previous == "Die Berufung ist zulässig."
