"""A question pasted as a letter is asked by its body (``graphrag.retrieval.letter``)."""

from __future__ import annotations

import pytest

from graphrag.retrieval.letter import body


@pytest.mark.parametrize(
    ("letter", "asked"),
    [
        (
            "Hallo Frau Berger,\nich habe acht Tage übrig. Bis wann kann ich sie nehmen?\n"
            "Viele Grüße\nJonas Weber",
            "Ich habe acht Tage übrig. Bis wann kann ich sie nehmen?",
        ),
        (
            "Sehr geehrte Damen und Herren,\nwelche Frist gilt?\n\nMit freundlichen Grüßen\n"
            "Petra Schulze\nTeamleitung Einkauf",
            "Welche Frist gilt?",
        ),
        ("Moin,\nsteht mir ein Ausgleich zu?\nGruß, Hauke", "Steht mir ein Ausgleich zu?"),
        ("Hi HR-Team,\nhabe ich ein Recht darauf?\nLG Sarah", "Habe ich ein Recht darauf?"),
        (
            "Liebes Personalteam,\nwie lange habe ich Zeit?\nDanke und beste Grüße, Aylin",
            "Wie lange habe ich Zeit?",
        ),
        (
            "Dear HR team,\nhow many days of leave do I get?\nKind regards,\nAnna Smith",
            "How many days of leave do I get?",
        ),
        # a subject line names what is asked; a phone's footer closes as a sign-off does
        (
            "Betreff: Resturlaub\nHallo Frau Berger,\nbis wann kann ich ihn nehmen?\n"
            "Viele Grüße\nJonas\n\nGesendet von meinem iPhone",
            "Resturlaub. Bis wann kann ich ihn nehmen?",
        ),
        ("AW: Teilzeit?\nGilt das auch für mich?", "Teilzeit? Gilt das auch für mich?"),
        # on one line, as a chat box takes it
        ("Hallo, muss ich daran teilnehmen? Danke, Olaf", "Muss ich daran teilnehmen?"),
        ("Sehr geehrte Frau Dr. Lang, wie lange habe ich Zeit?", "Wie lange habe ich Zeit?"),
    ],
)
def test_the_greeting_and_the_sign_off_are_no_part_of_the_question(letter: str, asked: str) -> None:
    assert body(letter) == asked


@pytest.mark.parametrize(
    "question",
    [
        "Wie viele Tage Urlaub habe ich?",
        "Liebe am Arbeitsplatz: darf mein Chef das verbieten?",
        "Hallo Welt ist ein Programm. Was gibt es aus?",
        # a thanks that opens the body is no sign-off; a question after a closing word keeps it
        "Danke für die Antwort gestern.\nWie lange gilt die Frist?",
        "Wie lange gilt die Frist?\nGruß, und noch eine Frage: gilt das auch für mich?",
        # a greeting with nothing asked after it is the question itself
        "Hallo,",
    ],
)
def test_a_question_that_is_no_letter_stays_as_asked(question: str) -> None:
    assert body(question) == question
