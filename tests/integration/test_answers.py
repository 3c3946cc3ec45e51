"""The extractive answer a person reads, on real laws and the real embedder: the fact first,
English questions answered from German text, "not in the documents" when it is not, and the
same answer streamed."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from graphrag import GraphRAG
from graphrag.retrieval.spelling import Speller
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.integration
LAWS = SHARED_DATA / "corpus" / "de-arbeitsrecht"


@pytest.fixture(scope="module")
def rag(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    with GraphRAG(data_dir=tmp_path_factory.mktemp("answers") / "data") as instance:
        report = instance.ingest([LAWS / "burlg.md", LAWS / "kschg.md", LAWS / "arbzg.md"])
        assert not report.errors
        yield instance


def test_the_fact_asked_for_leads_the_answer(rag: GraphRAG) -> None:
    # the example: § 3 (24 Werktage) answers, § 7 (zwölf Werktage) does not
    answer = rag.ask("Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?")
    assert answer.answerable
    assert answer.answer.startswith("(1) Der Urlaub beträgt jährlich mindestens 24 Werktage.")
    assert "zwölf" not in answer.answer
    assert answer.citations[0].section.endswith("§ 3 Dauer des Urlaubs")
    assert answer.citations[0].file == "burlg.md"
    # one sentence and its citation, nothing padded on
    assert len(re.findall(r"\[\d+\]", answer.answer)) == 1


def test_a_question_in_two_parts_gets_both(rag: GraphRAG) -> None:
    answer = rag.ask(
        "Wie lange muss die Ruhezeit nach der Arbeit mindestens sein, und wie lange "
        "die Pause bei mehr als neun Stunden Arbeit?"
    )
    assert answer.answerable
    assert "elf Stunden" in answer.answer and "45 Minuten" in answer.answer


def test_an_english_question_gets_the_german_sentence_quoted(rag: GraphRAG) -> None:
    answer = rag.ask("How many days of paid leave does an employee get at least per year?")
    assert answer.language == "en" and answer.answerable
    assert answer.answer.startswith("The source (in German) says: „")
    assert "24 Werktage" in answer.answer and answer.answer.rstrip().endswith("[1]")


def test_an_english_question_finds_the_german_provision_by_its_words(rag: GraphRAG) -> None:
    # "dismissal", "claim" have no keyword in common with the law; their German words do
    question = "I was dismissed. How long do I have to file a claim against the dismissal?"
    search = rag.search(question)
    assert search.results[0].chunk.section_path[-1] == "§ 4 Anrufung des Arbeitsgerichts"
    answer = rag.ask(question)
    assert answer.answerable and "innerhalb von drei Wochen" in answer.answer


def test_the_evidence_is_ordered_by_its_best_sentence_too(rag: GraphRAG) -> None:
    # § 16 (1) ArbZG is a long provision whose one sentence answers: by the chunk's score
    # alone it stays out of the passages; by its best sentence it is read and quoted
    question = "Muss mein Arbeitgeber das Arbeitszeitgesetz irgendwo für uns zugänglich machen?"
    answer, search = rag.ask_explained(question)
    assert not search.analysis.multi_hop
    assert answer.answerable and "auszulegen oder auszuhängen" in answer.answer
    assert answer.citations[0].section.endswith("§ 16 Aushang und Arbeitszeitnachweise")
    assert all(r.scores.sentence is not None for r in search.results)
    finals = [r.scores.final for r in search.results]
    assert finals == sorted(finals, reverse=True) and "sentence_order" in search.timings_ms
    # a multi-hop question keeps the search's order: its second hop does not resemble it
    _, hop = rag.ask_explained(
        "Welche Frist gilt für die Klage des Arbeitnehmers, der gekündigt wurde?"
    )
    assert hop.analysis.multi_hop
    assert all(r.scores.sentence is None for r in hop.results)


def test_sentences_are_embedded_without_holding_the_stores(
    rag: GraphRAG, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ordering and the answer embed sentences (seconds on a cold cache) after the store's
    read lock is released: an ingestion's write turn does not wait for them."""
    embed = rag.embedder.embed_documents
    writes: list[bool] = []

    def embed_while_a_writer_comes(texts: list[str]) -> list[list[float]]:
        done = threading.Event()

        def write() -> None:
            with rag.lock:
                done.set()

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writes.append(done.wait(10))  # a held read lock would keep the writer out till after
        writer.join(60)
        return embed(texts)

    monkeypatch.setattr(rag.embedder, "embed_documents", embed_while_a_writer_comes)
    answer = rag.ask("Wie lange muss die Ruhezeit nach Ende der täglichen Arbeit mindestens sein?")
    assert answer.answerable and "elf Stunden" in answer.answer
    assert writes and all(writes), writes


def test_what_the_laws_do_not_say_is_not_answered(rag: GraphRAG) -> None:
    answer = rag.ask("Wie hoch ist der gesetzliche Mindestlohn pro Stunde?")
    assert not answer.answerable
    assert answer.answer.startswith("Die gefundenen Dokumente beantworten diese Frage nicht")
    # the closest sentence of each of the passages ranked first, each cited
    assert "Am nächsten komm" in answer.answer
    assert 1 <= len(answer.citations) <= 3
    assert answer.answer.count("„") == len(answer.citations)
    # "Weihnachtsgeld" is a kind of "Geld" (the glossary: Entgelt), which the laws name; the
    # laws never name Weihnachtsgeld, so no sum of theirs is its amount
    answer = rag.ask("Wie viel Weihnachtsgeld steht mir zu?")
    assert not answer.answerable


def test_a_misspelled_question_is_searched_and_answered_as_meant(rag: GraphRAG) -> None:
    # "Pasue" names nothing in the laws: read as typed, the question was "not answerable"
    asked = "Wie lange Pasue muss ich bei mehr als neun Stunden Arbeit machen?"
    answer = rag.ask(asked)
    assert answer.question == asked
    assert answer.read_as == "Wie lange Pause muss ich bei mehr als neun Stunden Arbeit machen?"
    assert answer.answerable and "45 Minuten" in answer.answer
    search = rag.search(asked)
    assert search.query == asked and search.read_as == answer.read_as
    assert rag.search("Wie lange Pause muss ich machen?").read_as is None


def test_a_word_the_laws_use_is_searched_as_typed(rag: GraphRAG) -> None:
    # wordfreq finds "werktätigen" far more often than "werktägigen"; the ArbZG says the latter
    assert Speller().correct("einen werktägigen Ausgleich", "de").changed
    assert rag.search("Gibt es einen werktägigen Ausgleich?").read_as is None


def test_a_question_pasted_as_a_letter_is_answered_as_asked(rag: GraphRAG) -> None:
    asked = "Wie viele Werktage Urlaub habe ich mindestens im Jahr?"
    letter = f"Hallo Frau Berger,\n{asked}\nViele Grüße\nJonas Weber"
    plain, pasted = rag.ask(asked), rag.ask(letter)
    assert pasted.answerable and "24 Werktage" in pasted.answer
    assert pasted.answer == plain.answer
    # the names in the greeting and the sign-off are not searched for
    assert [r.chunk.id for r in rag.search(letter).results] == [
        r.chunk.id for r in rag.search(asked).results
    ]


def test_the_stream_is_the_answer_as_it_is_written(rag: GraphRAG) -> None:
    events = list(rag.ask_stream("Innerhalb welcher Frist muss man gegen eine Kündigung klagen?"))
    kinds = [e.type for e in events]
    assert kinds[0] == "search" and kinds[-1] == "answer" and "token" in kinds
    assert set(kinds[1:-1]) == {"token"}
    answer = events[-1].answer
    assert answer is not None and events[0].search is not None
    assert "".join(e.text for e in events if e.type == "token").strip() == answer.answer.strip()
    assert "drei Wochen" in answer.answer
    same, search = rag.ask_explained(
        "Innerhalb welcher Frist muss man gegen eine Kündigung klagen?"
    )
    assert same.answer == answer.answer and search.query == events[0].search.query


def test_empty_questions_fail_before_any_event(rag: GraphRAG, tmp_path: Path) -> None:
    from graphrag import InputError

    with pytest.raises(InputError):
        next(rag.ask_stream("   "))


def test_a_conversation_answers_a_follow_up_with_the_turn_before(rag: GraphRAG) -> None:
    first = rag.chat("Wie lange muss die Pause bei mehr als sechs Stunden Arbeit sein?")
    assert "30 Minuten" in first.answer and first.conversation_id
    events = list(rag.chat_stream("Gilt das auch für Teilzeitkräfte?", first.conversation_id))
    search = next(e.search for e in events if e.type == "search")
    answer = events[-1].answer
    assert search is not None and answer is not None
    assert answer.conversation_id == first.conversation_id
    assert answer.question == "Gilt das auch für Teilzeitkräfte?"
    # searched with the question before it, and the evidence it was answered from kept in reach
    assert "Pause" in search.query
    kept = {c for p in first.passages for c in p.chunk_ids}
    assert kept <= {r.chunk.id for r in search.results}
    # a question that stands alone is not bent towards the conversation
    alone = rag.chat(
        "Innerhalb welcher Frist muss eine Kündigungsschutzklage erhoben werden?",
        first.conversation_id,
    )
    assert "drei Wochen" in alone.answer and alone.citations[0].file == "kschg.md"


def test_searches_run_together_and_find_what_they_find_alone(rag: GraphRAG) -> None:
    """Reads share the stores' lock (graphrag.locks): concurrent searches, with an ingestion
    taking its write turns beside them, return exactly what each returns alone."""
    questions = [
        "Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?",
        "Innerhalb welcher Frist muss man gegen eine Kündigung klagen?",
        "Wie lange muss die Ruhezeit nach der Arbeit sein?",
        "How long is the break after six hours of work?",
    ]
    alone = {q: [r.chunk.id for r in rag.search(q).results] for q in questions}
    failures: list[BaseException] = []
    together: list[tuple[str, list[str]]] = []

    def search(question: str) -> None:
        try:
            together.append((question, [r.chunk.id for r in rag.search(question).results]))
        except BaseException as exc:  # reported below
            failures.append(exc)

    def write() -> None:
        try:  # the same files again: a reconcile and a link step under the write lock
            report = rag.ingest([LAWS / "burlg.md", LAWS / "kschg.md", LAWS / "arbzg.md"])
            assert not report.errors
        except BaseException as exc:  # reported below
            failures.append(exc)

    threads = [threading.Thread(target=search, args=(q,)) for q in questions * 3]
    threads.insert(len(threads) // 2, threading.Thread(target=write))
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not failures, failures
    assert len(together) == len(questions) * 3
    for question, ids in together:
        assert ids == alone[question], question


def test_an_agent_loop_gets_the_mcp_tools_as_functions(rag: GraphRAG) -> None:
    from graphrag.agents import Toolkit
    from schemas import AccessFilter

    kit = Toolkit(rag, AccessFilter())
    schemas = {t["function"]["name"]: t for t in kit.tools()}
    assert {"search", "keyword_search", "semantic_search", "read_chunk", "ask"} <= set(schemas)
    search = schemas["search"]
    assert search["type"] == "function" and search["function"]["description"]
    assert search["function"]["parameters"]["required"] == ["query"]

    hits = kit.call("search", '{"query": "Wie viele Werktage Urlaub?", "k": 3}')
    assert "24 Werktage" in " ".join(h["text"] for h in hits)
    around = kit.call("read_chunk", {"chunk_id": hits[0]["chunk_id"], "neighbours": 1})
    assert hits[0]["chunk_id"] in {c["chunk_id"] for c in around}
    # what goes wrong comes back for the model to read
    assert "no chunk" in kit.call("read_chunk", {"chunk_id": "nope"})["error"]
    assert "JSON" in kit.call("search", "{not json")["error"]
    assert "error" in kit.call("no_such_tool", {})
    assert (
        kit.call(
            "search",
            {"query": "Urlaub", "k": 3},
        )
        and Toolkit(rag, AccessFilter(tenant="other")).call("search", {"query": "Urlaub"}) == []
    )


@pytest.fixture(scope="module")
def part_time(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphRAG]:
    with GraphRAG(data_dir=tmp_path_factory.mktemp("tzbfg") / "data") as instance:
        assert not instance.ingest([LAWS / "tzbfg.md"]).errors
        yield instance


def test_the_askers_own_duty_answers_not_the_other_partys(part_time: GraphRAG) -> None:
    # § 8 (2): the employee asks three months ahead; § 8 (5): the employer answers one month
    # ahead ("hat der Arbeitgeber dem Arbeitnehmer ... mitzuteilen" says "sagen" as well)
    answer = part_time.ask(
        "Ich möchte weniger arbeiten. Wie früh muss ich das meinem Arbeitgeber sagen?"
    )
    assert answer.answerable
    assert "drei Monate" in answer.answer.split("[1]")[0]
