"""A German question typed in lower case is read with its nouns capitalised as the evidence
writes them (``graphrag.answer.casing``), so the answerer finds the thing it asks about."""

from __future__ import annotations

from graphrag.answer.casing import truecased
from graphrag.answer.extractive import ExtractiveAnswerer
from schemas import GraphContext
from tests.factories import section_passages

EVIDENCE = [
    "Der Urlaub beträgt jährlich mindestens 24 Werktage.",
    "Der Arbeitgeber hat die Kosten der Schulung zu tragen. Die privaten Daten sind zu schützen.",
]


def test_nouns_are_capitalised_as_the_evidence_writes_them() -> None:
    said = truecased("wie viele tage hat der urlaub, wenn der arbeitgeber zahlt?", EVIDENCE)
    assert said == "wie viele Tage hat der Urlaub, wenn der Arbeitgeber zahlt?"
    # a compound whose last part the evidence writes as a noun, and a noun's ending
    assert "Resturlaub" in truecased("verfällt mein resturlaub?", EVIDENCE)
    assert "Kündigung" in truecased("gilt das bei einer kündigung?", EVIDENCE)
    # "ß" is counted as the evidence writes it
    assert "Straße" in truecased("gilt das auf der straße?", ["Die Straße ist frei."])


def test_a_word_no_evidence_uses_is_a_noun_where_one_stands() -> None:
    # after an article or a possessive, past an adjective the evidence does not use
    said = truecased("darf er meine private handynummer verlangen?", EVIDENCE)
    assert said == "darf er meine private Handynummer verlangen?"
    assert "Detektiv" in truecased("darf er einen detektiv auf mich ansetzen?", EVIDENCE)
    # function words and verbs stay as they are
    assert truecased("muss ich das machen?", EVIDENCE) == "muss ich das machen?"
    # after a preposition, a number or "viele"; past a word ending like an adjective, but not
    # onto a function word ("bei welcher krankenkasse ich ...")
    assert "Kopfhörern" in truecased("darf ich mit kopfhörern musik hören?", EVIDENCE)
    assert "Mitarbeiter" in truecased("wir haben 50 mitarbeiter. gilt das?", EVIDENCE)
    assert "Krankenkasse" in truecased("bei welcher krankenkasse ich bin, egal?", EVIDENCE)
    # a noun stands in its article's clause: "keine aufträge. bekomme ich ..."
    said = truecased("ich hatte keine aufträge. bekomme ich urlaub?", EVIDENCE)
    assert said == "ich hatte keine Aufträge. bekomme ich Urlaub?"


def test_a_clause_that_a_modal_or_a_conjunction_opens_ends_with_its_verb() -> None:
    # the evidence writes "Arbeiten" as a noun, and only at a sentence's start "Damit"
    evidence = ["Die Arbeiten sind an Werktagen vorzunehmen. Damit ist es erledigt."]
    assert (
        truecased("muss ich von zu hause arbeiten?", evidence) == "muss ich von zu Hause arbeiten?"
    )
    said = truecased("gibt es eine erlaubnis, dass die mitarbeiter sonntags arbeiten?", evidence)
    assert said == "gibt es eine Erlaubnis, dass die Mitarbeiter sonntags arbeiten?"
    said = truecased("darf ich musik hören, damit ich die arbeiten schaffe?", evidence)
    assert said == "darf ich musik hören, damit ich die Arbeiten schaffe?"


def test_a_question_written_with_capitals_is_left_as_it_is() -> None:
    asked = "Darf der Chef einen detektiv auf mich ansetzen?"  # a capital after the first word
    assert truecased(asked, EVIDENCE) == asked
    # a capital first word alone is how sentences begin, not how nouns are marked
    assert "Detektiv" in truecased("Darf er einen detektiv ansetzen?", EVIDENCE)


def test_a_lower_case_question_about_a_thing_the_evidence_never_names_is_not_answered() -> None:
    passages = section_passages("burlg", ("§ 3 Dauer des Urlaubs", EVIDENCE[0]))
    for question in (
        "Wie viele Tage Bildungsurlaub stehen mir im Jahr zu?",
        "wie viele tage bildungsurlaub stehen mir im jahr zu?",
    ):
        answer = ExtractiveAnswerer().answer(question, "de", passages, GraphContext())
        assert not answer.answerable, question
    typed = ExtractiveAnswerer().answer(
        "wie viele tage urlaub stehen mir im jahr zu?", "de", passages, GraphContext()
    )
    assert typed.answerable and "24 Werktage" in typed.answer
