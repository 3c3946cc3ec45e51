"""Misspelled words of a question read as the words meant, and the words that stay as typed."""

from __future__ import annotations

import pytest

from graphrag.retrieval.spelling import Speller


@pytest.fixture(scope="module")
def speller() -> Speller:
    return Speller()


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("Wie lange Pasue steht mir zu?", "Wie lange Pause steht mir zu?"),  # two swapped
        ("Wie viel Zeit hab ich für eine Klgae?", "Wie viel Zeit hab ich für eine Klage?"),
        ("Ich will in Teilzet gehen.", "Ich will in Teilzeit gehen."),  # one dropped
        ("bei meinem Arbeitgeeber", "bei meinem Arbeitgeber"),  # one added
        ("Mein Kündigungschutz", "Mein Kündigungsschutz"),
        ("ein Attest vom Artz", "ein Attest vom Arzt"),  # not "Art": letters drop more often
        ("sind die Tage verlohren", "sind die Tage verloren"),  # a misspelling people use
        ("Zwichen zwei Schichten", "Zwischen zwei Schichten"),  # the capital kept
    ],
)
def test_a_misspelled_word_is_read_as_the_word_meant(
    speller: Speller, typed: str, meant: str
) -> None:
    spelled = speller.correct(typed, "de")
    assert spelled.text == meant
    assert spelled.changed


def test_every_correction_is_reported_with_the_word_as_typed(speller: Speller) -> None:
    spelled = speller.correct("Urlaubstgae stehen mir gesetzlcih zu", "de")
    assert spelled.corrections == (("Urlaubstgae", "Urlaubstage"), ("gesetzlcih", "gesetzlich"))


@pytest.mark.parametrize(
    "text",
    [
        "Weiß ich außer der Größe etwas?",  # ß: wordfreq lists these words with "ss"
        "Wenn ich an der Versammlung teilnehme",  # a verb's first person, not "Teilnehmer"
        "Wenn ich sonntags kellnere",
        "am naechstem Morgen",  # typed without umlauts
        "Mein Layoff und die Night Shifts",  # English workplace words in German
        "Gilt das EntgTranspG für uns?",  # a capital inside: an abbreviation
        "Wie lange dauert die Probezeit?",  # nothing misspelled
        "Ist die Tga lang?",  # too short to tell
    ],
)
def test_words_that_are_no_misspelling_stay_as_typed(speller: Speller, text: str) -> None:
    assert speller.correct(text, "de").text == text


def test_english_questions_keep_their_names(speller: Speller) -> None:
    spelled = speller.correct("Which sponsered team did Paly play for?", "en")
    assert spelled.text == "Which sponsored team did Paly play for?"


def test_a_word_the_documents_use_stays(speller: Speller) -> None:
    asked: list[str] = []
    corpus = {"parous", "response"}

    def used(word: str) -> bool:
        asked.append(word)
        return word.lower() in corpus

    spelled = speller.correct("Are parous women at risk of a reponse to paly?", "en", used)
    assert spelled.text == "Are parous women at risk of a response to paly?"
    # only words that would be read as another; an English one only as a word they use
    assert asked == ["parous", "reponse", "response", "paly", "play"]


def test_slips_of_the_fingers_come_before_frequency(speller: Speller) -> None:
    # "base" (an "i" added) before the more frequent "raise" (a key far from "b")
    assert speller.word("baise", "en") == "base"
    # a vowel for another is how people spell what they say
    assert speller.word("sponsered", "en") == "sponsored"
    # a key far away is no slip: "urease" is no "grease"
    assert speller.word("urease", "en") is None


def test_a_german_word_is_read_as_one_the_documents_hide_in_compounds(speller: Speller) -> None:
    spelled = speller.correct("Wie lange Pasue?", "de", lambda word: word == "Ruhepausen")
    assert spelled.text == "Wie lange Pause?"


def test_other_languages_stay_as_typed(speller: Speller) -> None:
    assert not speller.correct("Combien de cogés payés?", "fr").changed
