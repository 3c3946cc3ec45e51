from __future__ import annotations

import pytest

from graphrag.answer.dates import Ordered, order, ordered
from graphrag.answer.evidence import Candidate
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.answer.verdict import Compared, compared, verdict
from schemas import GraphContext, Passage
from tests.factories import titled_passages


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
        # the same of the people a role names
        (
            "Do both films Interview With A Hitman and The Last Coupon have the directors from "
            "the same country?",
            Compared("Interview With A Hitman", "Last Coupon", None, "country", "director"),
        ),
        (
            "Do both directors of films Wrong Turn 5: Bloodlines and Dark River (2017 Film) have "
            "the same nationality?",
            Compared(
                "Wrong Turn 5: Bloodlines",
                "Dark River (2017 Film)",
                None,
                "nationality",
                "director",
            ),
        ),
        (
            "Are the composers of films Jaws and Vertigo from the same country?",
            Compared("Jaws", "Vertigo", None, "country", "composer"),
        ),
        # the same of things other than the two named, or no comparison at all
        ("Do both films Jaws and Vertigo have the directors of the same age?", None),
        ("Is the director of Titanic and the writer of Avatar the same person?", None),
        ("Are Ed Wood and Scott Derrickson of the same height?", None),
        ("Where was Scott Derrickson born?", None),
    ],
)
def test_a_comparison_of_two_named_things_is_read_from_the_question(
    question: str, expected: Compared | None
) -> None:
    assert compared(question) == expected


def test_a_query_too_long_for_a_comparison_is_none() -> None:
    # the patterns would spend seconds on it: a comparison is a short question
    question = "Do both " + "films a and " * 330 + "b have the directors from the same country?"
    assert compared(question) is None


def _said(*texts: str) -> list[Candidate]:
    return [Candidate(i, text, "") for i, text in enumerate(texts)]


def _judged(question: str, kinds: dict[str, dict[str, set[str]]], *texts: str) -> str | None:
    """The verdict on the sentences, each with the places and nationalities ``kinds`` gives it
    (the named-entity model's part), or None."""
    judged = verdict(question, _said(*texts), lambda text: kinds[text])
    return judged.verdict if judged is not None else None


def test_the_people_a_role_names_are_compared_by_their_own_passages() -> None:
    question = (
        "Do both films Interview With A Hitman and The Last Coupon have the directors from the "
        "same country?"
    )
    films = [
        Candidate(
            0,
            "Interview with a Hitman is a 2012 British film directed by Perry Bhandal.",
            "Interview with a Hitman",
        ),
        Candidate(
            1,
            "The Last Coupon is a 1932 British comedy directed by Frank Launder.",
            "The Last Coupon",
        ),
    ]
    bhandal = Candidate(2, "Perry Bhandal is a British film director.", "Perry Bhandal")
    launder = Candidate(
        3, "Frank Launder was a British writer and director.", "Frank Launder (director)"
    )
    kinds = {bhandal.text: {"NORP": {"british"}}, launder.text: {"NORP": {"british"}}}
    judged = verdict(question, [*films, bhandal, launder], lambda text: kinds.get(text, {}))
    assert judged is not None and judged.verdict == "yes"
    assert judged.evidence == (bhandal, launder)
    # the films are both British; the directors' own sentences decide
    american = Candidate(3, "Frank Launder was an American writer and director.", "Frank Launder")
    kinds[american.text] = {"NORP": {"american"}}
    judged = verdict(question, [*films, bhandal, american], lambda text: kinds.get(text, {}))
    assert judged is not None and judged.verdict == "no"
    # a director the evidence has no passage about: no verdict
    assert verdict(question, [*films, bhandal], lambda text: kinds.get(text, {})) is None


def test_a_role_holders_passage_beyond_the_answers_passages_is_read_for_the_verdict() -> None:
    # the search ranked a namesake's passage above the second director's own, which falls
    # beyond the passages the answer quotes from
    passages = titled_passages(
        (
            "Interview with a Hitman",
            "Interview with a Hitman is a 2012 film directed by Perry Bhandal.",
        ),
        ("The Last Coupon", "The Last Coupon is a 1932 comedy directed by Frank Launder."),
        ("Perry Bhandal", "Perry Bhandal is a British film director."),
        ("The Last Laugh", "The Last Laugh is a 1924 German film directed by F. W. Murnau."),
        ("Frank Launder", "Frank Launder was a British writer and director."),
    )
    question = (
        "Do both films Interview With A Hitman and The Last Coupon have the directors from the "
        "same country?"
    )
    answer = ExtractiveAnswerer(max_passages=4).answer(question, "en", passages, GraphContext())
    assert answer.answer.startswith("Yes. ")
    assert "Frank Launder was a British writer and director. [" in answer.answer
    # the quoted passage is cited as every other
    assert any(c.title == "Frank Launder" for c in answer.citations)


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


def test_a_category_that_names_a_country_is_no_for_a_thing_placed_elsewhere() -> None:
    question = "Are both magazines, the Woman's Viewpoint and Pick Me Up, British publications?"
    british = "Pick Me Up! is a British weekly women's magazine."
    texan = "The Woman's Viewpoint was a woman's magazine founded in Texas in 1923."
    kinds = {british: {"NORP": {"british"}}, texan: {"GPE": {"texas"}}}
    assert _judged(question, kinds, texan, british) == "no"
    # a sentence that names no country, or the category's among others, says nothing
    unplaced = "The Woman's Viewpoint was a woman's magazine founded in 1923."
    sold = "The Woman's Viewpoint was a British magazine sold in Texas."
    kinds |= {unplaced: {}, sold: {"NORP": {"british"}, "GPE": {"texas"}}}
    assert _judged(question, kinds, unplaced, british) is None
    assert _judged(question, kinds, sold, british) is None


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

    same = verdict(
        question,
        _said("Scott Derrickson is an American director.", "Ed Wood was an American filmmaker."),
        places,
    )
    other = verdict(
        question,
        _said("Scott Derrickson is an American director.", "Ed Wood was a British filmmaker."),
        places,
    )
    unsaid = verdict(
        question,
        _said("Scott Derrickson is an American director.", "Ed Wood was born in a small town."),
        places,
    )
    assert same is not None and same.verdict == "yes"
    assert other is not None and other.verdict == "no"
    assert unsaid is None
    # for a place, two different names are no "no": one may be the city, the other its state
    place = "Were Scott Derrickson and Ed Wood born in the same place?"
    assert (
        verdict(
            place,
            _said("Scott Derrickson is an American director.", "Ed Wood was a British filmmaker."),
            places,
        )
        is None
    )


def test_a_nationality_the_model_misses_in_one_sentence_still_counts_as_its_words() -> None:
    question = "Are both movies, Naked Tango and Algiers (Film), from the same country?"
    first = "Naked Tango is a 1991 American- Argentine erotic drama film."
    second = "Algiers is a 1938 American drama film."
    kinds = {first: {"NORP": {"argentine"}}, second: {"NORP": {"american"}}}
    assert _judged(question, kinds, first, second) == "yes"


def test_the_answer_leads_with_the_verdict_and_quotes_both_sentences() -> None:
    passages = titled_passages(
        ("Medici", "Medici is a German-style board game by Reiner Knizia."),
        ("Senet", "Senet is a board game from ancient Egypt."),
    )
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


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "Who was born later, Gideon Johnson Pillow or Holm Jølsen?",
            Ordered("Gideon Johnson Pillow", "Holm Jølsen", "born", "later"),
        ),
        (
            "Who was born first out of Aivar Kuusmaa and Andy Summers?",
            Ordered("Aivar Kuusmaa", "Andy Summers", "born", "first"),
        ),
        (
            "Was Sammy Hagar or Renaud Garcia-Fons born first?",
            Ordered("Sammy Hagar", "Renaud Garcia-Fons", "born", "first"),
        ),
        (
            "Who died earlier, Werner Mensching or Karel Zich?",
            Ordered("Werner Mensching", "Karel Zich", "died", "earlier"),
        ),
        (
            "Who lived longer, Hubert Mordek or Levon Grigorian?",
            Ordered("Hubert Mordek", "Levon Grigorian", "lived", "longer"),
        ),
        (
            "Who is older, Cheryl Saban or Dmitry Grigorieff?",
            Ordered("Cheryl Saban", "Dmitry Grigorieff", "age", "older"),
        ),
        # the people are not named: the dates of others are asked for
        ("Which film has the director who died first, The Goose Woman or Raw?", None),
        ("Who was born in Berlin?", None),
    ],
)
def test_an_order_of_two_peoples_dates_is_read_from_the_question(
    question: str, expected: Ordered | None
) -> None:
    assert ordered(question) == expected


def test_the_one_asked_for_is_named_by_the_dates_of_the_sentence_about_each() -> None:
    pillow = "Gideon Johnson Pillow (June 8, 1806 – October 8, 1878) was an American lawyer."
    jolsen = "Holm Pedersen Jølsen (6 December 1833 – 1 August 1906) was a Norwegian pioneer."
    pool = _said(pillow, jolsen)
    later = order("Who was born later, Gideon Johnson Pillow or Holm Jølsen?", pool)
    assert later is not None and (later.name, later.says) == ("Holm Jølsen", "was born later")
    first = order("Who died first, Gideon Johnson Pillow or Holm Jølsen?", pool)
    assert first is not None and first.name == "Gideon Johnson Pillow"
    longer = order("Who lived longer, Gideon Johnson Pillow or Holm Jølsen?", pool)
    # 72 years and 7 months against 72 years and 4 months
    assert longer is not None and longer.name == "Holm Jølsen"
    older = order("Who is older, Gideon Johnson Pillow or Holm Jølsen?", pool)
    assert older is not None and older.name == "Gideon Johnson Pillow"
    # "(born ...)" gives no death; a sentence without dates gives nothing
    born = _said("Ludwig Elsbett (born November 8, 1913 in Salz) is an inventor.", jolsen)
    assert order("Who died first, Ludwig Elsbett or Holm Jølsen?", born) is None
    undated = _said("Ludwig Elsbett is an inventor.", jolsen)
    assert order("Who was born first, Ludwig Elsbett or Holm Jølsen?", undated) is None
    # a year alone, and a death alone, are dates too
    early = _said("Raghnall Mac Ruaidhrí (died 1346) was a magnate.", jolsen)
    died = order("Who died earlier, Raghnall Mac Ruaidhrí or Holm Jølsen?", early)
    assert died is not None and died.name == "Raghnall Mac Ruaidhrí"


def test_an_english_answer_names_the_one_asked_for_first() -> None:
    passages = [
        Passage(chunk_ids=[n], doc_id=n, title=title, section_path=[], text=text)
        for n, title, text in (
            (
                "p",
                "Gideon Johnson Pillow",
                "Gideon Johnson Pillow (June 8, 1806 – October 8, 1878) was an American lawyer.",
            ),
            (
                "j",
                "Holm Jølsen",
                "Holm Pedersen Jølsen (6 December 1833 – 1 August 1906) was a Norwegian pioneer.",
            ),
        )
    ]
    answer = ExtractiveAnswerer().answer(
        "Who was born later, Gideon Johnson Pillow or Holm Jølsen?", "en", passages, GraphContext()
    )
    assert answer.answer.startswith("Holm Jølsen was born later. ")
    assert "1806" in answer.answer and "1833" in answer.answer


def test_a_year_alone_orders_nothing_within_that_year() -> None:
    pool = _said("Anna Berg (1833 – 1900) was a painter.", "Ben Holm (6 December 1833 – 1900) was.")
    assert order("Who was born first, Anna Berg or Ben Holm?", pool) is None
    assert order("Who lived longer, Anna Berg or Ben Holm?", pool) is None
    earlier = _said("Anna Berg (1832 – 1900) was a painter.", pool[1].text)
    born = order("Who was born first, Anna Berg or Ben Holm?", earlier)
    assert born is not None and born.name == "Anna Berg"
    # years enough apart order lives known by their years
    longer = _said("Anna Berg (1833 – 1910) was a painter.", pool[1].text)
    lived = order("Who lived longer, Anna Berg or Ben Holm?", longer)
    assert lived is not None and lived.name == "Anna Berg"


def test_a_demonym_a_state_and_a_countrys_name_are_one_country() -> None:
    question = "Are Christopher Newton (Criminal) and Frances M. Vega of the same nationality?"
    newton = "Christopher J. Newton was an American murderer executed in the state of Ohio."
    # the named-entity model reads "United States Army" as an organisation: no place, no people
    vega = "Frances Marie Vega was a United States Army soldier killed in the Iraq War."
    kinds = {newton: {"NORP": {"american"}, "GPE": {"ohio"}}, vega: {}}
    assert _judged(question, kinds, newton, vega) == "yes"
    # a state stands for its country
    born = "Frances Marie Vega was born in Poughkeepsie, New York."
    kinds[born] = {"GPE": {"poughkeepsie", "new york"}}
    assert _judged(question, kinds, newton, born) == "yes"
    # a country's code counts only in capitals: "It" is no Italy, "In" no India
    coded = "It was in Rome that Frances Marie Vega joined the US Army."
    kinds[coded] = {"GPE": {"rome"}}
    assert _judged(question, kinds, newton, coded) == "yes"
    rome = "It is said Frances Marie Vega was born in Rome."
    kinds[rome] = {"GPE": {"rome"}}
    italian = "It is said Christopher J. Newton was born in Milan."
    kinds[italian] = {"GPE": {"milan"}}
    assert _judged(question, kinds, italian, rome) is None
