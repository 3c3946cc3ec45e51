"""The kind of thing an English wh-question asks for, as the named-entity types that hold it
(the expected answer type of factoid QA): "Where was X born?" a place, "When did X die?" a
date, "Who is the spouse of X?" a person, "What nationality is X?" a nationality or country.
A sentence about the right thing that names no entity of that type does not answer it ("X (born
3 May 1953) is an English composer" for where X was born).

>>> sorted(expected("Where was the composer of film Billy Elliot born?"))
['FAC', 'GPE', 'LOC']
>>> sorted(expected("Who is the father-in-law of Sisowath Kossamak?"))
['PERSON']
>>> expected("Why did John Middleton Murry's wife die?") is None
True
>>> event("Where did the composer of film The Straw Hat die?")
'death'
>>> states_event("death", "Schwartz died in Siversky, near Saint Petersburg.")
True
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from graphrag.answer.dates import has_life_span

_PLACE = frozenset({"GPE", "LOC", "FAC"})
# a place of study or work is an institution as often as a town
_PLACE_OR_BODY = _PLACE | {"ORG"}
_ASKS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (re.compile(r"^what nationality\b|\bnationality\b.*\?$", re.I), frozenset({"NORP", "GPE"})),
    # the asked-for word may come last: "formed in what year?", "created by who?"
    (re.compile(r"\b(?:what|which) year\b|\bdate of\b", re.I), frozenset({"DATE"})),
    # a country is named by its people as often as by its name ("a Polish nobleman")
    (re.compile(r"\b(?:what|which) country\b", re.I), frozenset({"GPE", "NORP"})),
    (re.compile(r"\b(?:what|which) (?:city|town|state|county|province|region)\b", re.I), _PLACE),
    (re.compile(r"\bby (?:who|whom)\b", re.I), frozenset({"PERSON"})),
    (
        re.compile(
            r"^where\b.*\b(?:born|die|died|buried|live|lived)\b"
            r"|\bplace of (?:birth|death|burial)\b",
            re.I,
        ),
        _PLACE,
    ),
    (re.compile(r"^where\b", re.I), _PLACE_OR_BODY),
    (re.compile(r"^when\b", re.I), frozenset({"DATE"})),
    (re.compile(r"^(?:who|whom)\b", re.I), frozenset({"PERSON"})),
)


def expected(question: str) -> frozenset[str] | None:
    """The entity types that can answer the question; None when it asks for no such thing."""
    text = " ".join(question.split())
    for pattern, kinds in _ASKS:
        if pattern.search(text):
            return kinds
    return None


def names_one(text: str, kinds: frozenset[str], besides: str = "") -> bool:
    """The text names an entity of one of the kinds, other than what ``besides`` names (the
    thing asked about is no answer about itself)."""
    known = besides.casefold()
    return any(label in kinds and name.casefold() not in known for label, name in entities(text))


# the event a place or date is asked of, and the words a sentence states it with
_BIRTH = re.compile(r"\b(?:born|birth)\b", re.I)
_BURIAL = re.compile(r"\bbur(?:ied|ial)\b", re.I)
_EVENTS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("birth", _BIRTH, _BIRTH),
    (
        "death",
        re.compile(r"\b(?:die|died|death)\b", re.I),
        # "(d. 20 March 851)": the death date's abbreviation
        re.compile(r"\b(?:died|dies|death|killed|assassinated|executed)\b|\(d\.", re.I),
    ),
    ("burial", _BURIAL, _BURIAL),
    # where someone studied or worked is told by what they did there ("taught film studies at
    # UCLA", "graduated from Yale"), not by a sentence that only names a place
    (
        "study",
        re.compile(r"^where\b.*\b(?:study|studied|graduate|graduated|educated)\b", re.I),
        re.compile(
            r"(?i:\b(?:stud(?:y|ied|ies|ying)|graduat\w*|educated|attended|alumn\w*|degree|"
            r"doctorate|enrolled|university|college)\b)"
            # a degree's abbreviation says where it was taken: "created a DCL of Oxford"
            r"|\b(?:B\.?A|M\.?A|B\.?Sc|M\.?Sc|Ph\.?D|D\.?Phil|D\.?C\.?L|LL\.?[BMD]|M\.?D)\b\.?\s+"
            r"(?:of|from|at)\s+[A-Z]",
        ),
    ),
    (
        "work",
        re.compile(r"^where\b.*\b(?:work|works|worked|working|employed)\b", re.I),
        re.compile(
            r"\b(?:work(?:s|ed|ing)?|employed|taught|teach(?:es|ing)?|professor|lecturer)\b",
            re.I,
        ),
    ),
    # why someone died is told by what killed them ("the disease claimed her life"), not by
    # the dates of their life
    (
        "cause of death",
        re.compile(r"^why did\b.*\bdie\b|\bcause of (?:his |her |their )?death\b", re.I),
        re.compile(
            r"\b(?:died (?:of|from)|cause of death|succumbed|claimed (?:his|her|their) life|"
            r"disease|illness|suicide|complications)\b",
            re.I,
        ),
    ),
)


def event(question: str) -> str | None:
    """The life event a question asks about ("birth", "death", "burial", "study", "work",
    "cause of death"): where or when it happened, or why someone died."""
    kinds = expected(question)
    # a cause is asked with no type of entity; the other events with their place or date
    if kinds is None:
        names: tuple[str, ...] = ("cause of death",)
    elif kinds in (_PLACE, _PLACE_OR_BODY, frozenset({"DATE"})):
        names = tuple(name for name, *_ in _EVENTS if name != "cause of death")
    else:
        return None
    return next((n for n, asked, _ in _EVENTS if n in names and asked.search(question)), None)


def states_event(name: str, text: str) -> bool:
    """The text states the event ("Schwartz died in Siversky" a death)."""
    return any(stated.search(text) for event_name, _, stated in _EVENTS if event_name == name)


def dates_event(name: str, text: str) -> bool:
    """The text dates the event: says it ("died on 3 May 1890") or, for a birth or a death,
    gives the life span it begins or ends.

    >>> dates_event("death", "Elvis Aaron Presley (January 8, 1935 – August 16, 1977) was a singer")
    True
    """
    # a life span dates both its ends and places neither
    return states_event(name, text) or (name in ("birth", "death") and has_life_span(text))


# the event's verb, then (within the clause, past a date) "in" or "at" and a name: "Born in
# Saint James, Port of Spain", "died on 3 May 1890 at Dornburg"; not "(born December 8,
# 1982)" or "a Trinidad and Tobago-born rapper", which date the birth or give a nationality
_PLACED = {
    event_name: re.compile(rf"\b(?:{verbs})\b[^.;()]{{0,40}}?\b(?:in|at)\s+(?:the\s+)?[A-Z]")
    for event_name, verbs in (
        ("birth", r"[Bb]orn"),
        ("death", r"[Dd]ied|[Kk]illed|[Aa]ssassinated|[Ee]xecuted"),
        ("burial", r"[Bb]uried|[Ii]nterred"),
    )
}


def places_event(name: str, text: str) -> bool:
    """The text says where the event happened: its verb, then "in" or "at" a name.

    >>> places_event("birth", "Born in Saint James, Port of Spain, she moved to Queens.")
    True
    >>> places_event("birth", "Nicki Minaj (born December 8, 1982) is a Trinidad-born rapper.")
    False
    """
    placed = _PLACED.get(name)
    return placed is not None and placed.search(text) is not None


@lru_cache(maxsize=4096)
def entities(text: str) -> tuple[tuple[str, str], ...]:
    """The text's named entities as (label, text), read once per text: a sentence is checked
    for each bridge name that reaches it, and again by the verdict."""
    return tuple((ent.label_, ent.text) for ent in english_nlp()(text).ents)


@cache
def english_nlp() -> Any:
    """spaCy's English pipeline, loaded once."""
    from ingestion.entities.english import SpacyExtractor

    return SpacyExtractor().nlp
