"""Which passages the extractive answerer reads (``ExtractiveAnswerer._pool`` and
``_decide``): whether the documents answer at all is read from the first passages, but for a
number asked for; the sentence that answers may come from a later one, when it belongs to a
document the first ones come from."""

from __future__ import annotations

from graphrag.answer.extractive import ExtractiveAnswerer
from schemas import GraphContext, Passage

QUESTION = "Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?"
RULE = "Der Urlaub beträgt jährlich mindestens 24 Werktage."


def passage(n: int, doc: str, text: str) -> Passage:
    return Passage(
        chunk_ids=[f"c{n}"], doc_id=doc, title=doc, section_path=[f"§ {n}"], text=text, score=0.5
    )


def answered(passages: list[Passage], first: int = 1, question: str = QUESTION) -> tuple[bool, str]:
    reader = ExtractiveAnswerer(max_passages=len(passages), deciding_passages=first)
    answer = reader.answer(question, "de", passages, GraphContext())
    return answer.answerable, answer.answer


def test_a_later_passage_of_a_document_already_found_can_answer() -> None:
    waiting = passage(1, "burlg", "Der Arbeitnehmer erhält Urlaub erst nach sechs Monaten.")
    later = passage(2, "burlg", RULE)
    answerable, text = answered([waiting, later])
    assert answerable and text.startswith(RULE)
    # both passages deciding: the same; the first passage read alone: the rule is not there
    answerable, text = answered([waiting, later], first=2)
    assert answerable and text.startswith(RULE)
    alone = ExtractiveAnswerer(max_passages=1, deciding_passages=1)
    assert RULE not in alone.answer(QUESTION, "de", [waiting, later], GraphContext()).answer


def test_a_later_passage_of_another_document_is_not_read() -> None:
    waiting = passage(1, "burlg", "Der Arbeitnehmer erhält Urlaub erst nach sechs Monaten.")
    answerable, text = answered([waiting, passage(2, "tvoed", RULE)])
    assert answerable and RULE not in text


def test_whether_the_documents_answer_is_read_from_the_first_passages() -> None:
    question = "Darf der Arbeitnehmer im Urlaub nebenher arbeiten?"
    rule = (
        "Während des Urlaubs darf der Arbeitnehmer keine dem Urlaubszweck widersprechende "
        "Erwerbstätigkeit leisten."
    )
    costs = passage(1, "burlg", "Die Kosten der Schulung trägt der Arbeitgeber.")
    passages = [costs, passage(2, "burlg", rule)]
    answerable, text = answered(passages, question=question)
    assert not answerable and rule not in text
    # the same sentence among the first passages answers
    answerable, text = answered(passages, first=2, question=question)
    assert answerable and rule in text


def test_a_number_asked_for_is_looked_for_in_the_later_passages_of_a_document_found() -> None:
    costs = passage(1, "burlg", "Die Kosten der Schulung trägt der Arbeitgeber.")
    answerable, text = answered([costs, passage(2, "burlg", RULE)])
    assert answerable and text.startswith(RULE)
    # not in a document the first passages do not come from
    answerable, text = answered([costs, passage(2, "tvoed", RULE)])
    assert not answerable and RULE not in text


class CountingEmbedder:
    """Embeds by the letters a text has; counts the question embeddings asked for."""

    def __init__(self) -> None:
        self.queries: list[str] = []

    def _vector(self, text: str) -> list[float]:
        return [float(text.lower().count(letter)) + 0.1 for letter in "aeinrstu"]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        self.queries.append(text)
        return self._vector(text)

    def count_tokens(self, text: str) -> int:
        return len(text.split())


def test_the_question_is_embedded_once_for_both_readings() -> None:
    embedder = CountingEmbedder()
    reader = ExtractiveAnswerer(embedder, max_passages=2, deciding_passages=1)
    waiting = passage(1, "burlg", "Der Arbeitnehmer erhält Urlaub erst nach sechs Monaten.")
    answer = reader.answer(QUESTION, "de", [waiting, passage(2, "burlg", RULE)], GraphContext())
    assert answer.answerable and RULE in answer.answer
    # the first passage's sentences and then both passages' are ranked for the same question
    assert embedder.queries and len(embedder.queries) == len(set(embedder.queries))
    # a new question is embedded anew
    reader.answer("Wie lange dauert die Wartezeit?", "de", [waiting], GraphContext())
    assert embedder.queries[-1].startswith("Wie lange dauert die Wartezeit")
