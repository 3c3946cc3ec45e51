from __future__ import annotations

import pytest

from graphrag.answer.evidence import Candidate
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.answer.verdict import Compared, compared, verdict
from schemas import GraphContext, Passage


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Are Christopher Nolan and Sathish Kalathil both film directors?",
            Compared("Christopher Nolan", "Sathish Kalathil", "film directors", None),
        ),
        (
            "Are both magazines, the Woman's Viewpoint and Pick Me Up, British publications?",
            Compared("Woman's Viewpoint", "Pick Me Up", "British publications", None),
        ),
        (
            "Are Watertown Airport and Alexandria Airport both airports in the same state ?",
            Compared("Watertown Airport", "Alexandria Airport", None, "state"),
        ),
        (
            "Do David Elliot (Illustrator) and Eustace William Ferguson share the same nationality?",
            Compared("David Elliot (Illustrator)", "Eustace William Ferguson", None, "nationality"),
        ),
        (
            "Are both movies, Naked Tango and Algiers (Film), from the same country?",
            Compared("Naked Tango", "Algiers (Film)", None, "country"),
        ),
        # the same of things other than the two named, or no comparison at all
        (
            "Do both films Interview With A Hitman and The Last Coupon have the directors from "
            "the same country?",
            None,
        ),
        ("Is the director of Titanic and the writer of Avatar the same person?", None),
        ("Are Ed Wood and Scott Derrickson of the same height?", None),
        ("Where was Scott Derrickson born?", None),
    ],
)
def test_a_comparison_of_two_named_things_is_read_from_the_question(
    question: str, expected: Compared | None
) -> None:
    assert compared(question) == expected


def _said(*texts: str) -> list[Candidate]:
    return [Candidate(i, text, "") for i, text in enumerate(texts)]


def test_a_category_is_yes_only_when_each_sentence_states_it() -> None:
    question = "Are Medici and Senet both board games?"
    pool = _said(
        "Medici is a German-style board game by Reiner Knizia.",
        "Senet is a board game from ancient Egypt.",
    )
    judged = verdict(question, pool)
    assert judged is not None and judged.verdict == "yes"
    assert [c.text for c in judged.evidence] == [c.text for c in pool]
    # a sentence that does not state the category says nothing either way: no "no"
    unsaid = _said(pool[0].text, "Senet was played in ancient Egypt.")
    assert verdict(question, unsaid) is None
    # each thing needs a sentence of its own
    assert verdict(question, pool[:1]) is None


def test_the_same_country_is_judged_by_the_places_and_nationalities_each_sentence_names() -> None:
    question = "Were Scott Derrickson and Ed Wood of the same nationality?"
    kinds = {
        "Scott Derrickson is an American director.": {"NORP": {"american"}},
        "Ed Wood was an American filmmaker.": {"NORP": {"american"}},
        "Ed Wood was a British filmmaker.": {"NORP": {"british"}},
        "Ed Wood was born in a small town.": {},
    }

    def places(text: str) -> dict[str, set[str]]:
        return kinds[text]

    same = verdict(question, _said("Scott Derrickson is an American director.", "Ed Wood was an American filmmaker."), places)  # fmt: skip
    other = verdict(question, _said("Scott Derrickson is an American director.", "Ed Wood was a British filmmaker."), places)  # fmt: skip
    unsaid = verdict(question, _said("Scott Derrickson is an American director.", "Ed Wood was born in a small town."), places)  # fmt: skip
    assert same is not None and same.verdict == "yes"
    assert other is not None and other.verdict == "no"
    assert unsaid is None
    # for a place, two different names are no "no": one may be the city, the other its state
    place = "Were Scott Derrickson and Ed Wood born in the same place?"
    assert verdict(place, _said("Scott Derrickson is an American director.", "Ed Wood was a British filmmaker."), places) is None  # fmt: skip


def test_a_nationality_the_model_misses_in_one_sentence_still_counts_as_its_words() -> None:
    question = "Are both movies, Naked Tango and Algiers (Film), from the same country?"
    first = "Naked Tango is a 1991 American- Argentine erotic drama film."
    second = "Algiers is a 1938 American drama film."
    kinds = {first: {"NORP": {"argentine"}}, second: {"NORP": {"american"}}}
    judged = verdict(question, _said(first, second), lambda text: kinds[text])
    assert judged is not None and judged.verdict == "yes"


def test_the_answer_leads_with_the_verdict_and_quotes_both_sentences() -> None:
    passages = [
        Passage(
            chunk_ids=["m"],
            doc_id="m",
            title="Medici",
            section_path=[],
            text="Medici is a German-style board game by Reiner Knizia.",
        ),
        Passage(
            chunk_ids=["s"],
            doc_id="s",
            title="Senet",
            section_path=[],
            text="Senet is a board game from ancient Egypt.",
        ),
    ]
    answer = ExtractiveAnswerer().answer(
        "Are Medici and Senet both board games?", "en", passages, GraphContext()
    )
    assert answer.answer.startswith("Yes. ")
    assert "Reiner Knizia" in answer.answer and "ancient Egypt" in answer.answer
    assert "[1]" in answer.answer and "[2]" in answer.answer
    # a German question gets no English verdict
    german = ExtractiveAnswerer().answer(
        "Sind Medici und Senet beide Brettspiele?", "de", passages, GraphContext()
    )
    assert not german.answer.startswith(("Yes", "No"))
