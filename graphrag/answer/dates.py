"""Which of two people the question asks for, by the dates of the sentence about each: "Who
was born first, A or B?" (and died earlier, lived longer, is older, "Was A or B born first?")
is answered by name ("B was born first.") from "A (June 8, 1806 – October 8, 1878)", "B (born
6 December 1833)"; nothing when a date is missing or the two are the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from graphrag.answer.evidence import Candidate
from graphrag.answer.pairs import name_in, sentences_about

_MONTHS = {
    m: i
    for i, names in enumerate(
        (
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ),
        start=1,
    )
    for m in names.split()
}
_MONTH = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DATE = re.compile(
    rf"(?<!\d)(?:(?P<d1>\d{{1,2}})\s+(?P<m1>{_MONTH})\s+(?P<y1>\d{{3,4}})|"
    rf"(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}}),?\s+(?P<y2>\d{{3,4}})|"
    rf"(?P<y3>\d{{3,4}}))(?!\d)",
    re.I,
)


def has_full_date(text: str) -> bool:
    """The text states a day of a month of a year ("16 August 1977", "August 16, 1977"), not
    only a year.

    >>> has_full_date("Presley (January 8, 1935 – August 16, 1977)"), has_full_date("in 1977")
    (True, False)
    """
    return any(m.group("d1") or m.group("d2") for m in _DATE.finditer(text))


# "Elvis Aaron Presley (January 8, 1935 – August 16, 1977)", "Jean Durand (1882–1946)"
_LIFE_SPAN = re.compile(r"\([^()]{0,60}?\d{3,4}\s*[–-]\s*[^()]{0,40}?\d{3,4}\s*\)")


def has_life_span(text: str) -> bool:
    """The text gives a life span in brackets, which dates a birth and a death.

    >>> has_life_span("Jean Durand (1882–1946) was a director"), has_life_span("(born 1882)")
    (True, False)
    """
    return _LIFE_SPAN.search(text) is not None


_WHO = r"(?:who|which (?:one|person))"
_ORDER_ASKS = (
    # "Who was born first, A or B?", "Who died earlier, A or B?"
    re.compile(
        rf"^{_WHO}\s+(?:was\s+)?(?P<event>born|died)\s+(?P<way>first|earlier|later|last)"
        r",?\s+(?P<a>.+?)\s+or\s+(?P<b>.+?)\s*\?$",
        re.I,
    ),
    # "Who was born first out of A and B?"
    re.compile(
        rf"^{_WHO}\s+(?:was\s+)?(?P<event>born|died)\s+(?P<way>first|earlier|later|last)"
        r"\s+(?:out\s+)?of\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s*\?$",
        re.I,
    ),
    # "Was A or B born first?"
    re.compile(
        r"^(?:was|were)\s+(?P<a>.+?)\s+or\s+(?P<b>.+?)\s+(?P<event>born|died)\s+"
        r"(?P<way>first|earlier|later|last)\s*\?$",
        re.I,
    ),
    # "Who lived longer, A or B?", "Who is older, A or B?"
    re.compile(
        rf"^{_WHO}\s+(?:(?P<event>lived)\s+(?P<way>longer)|is\s+(?P<age>older|younger))"
        r"(?:\s+than\s+the\s+other)?,?\s+(?P<a>.+?)\s+or\s+(?P<b>.+?)\s*\?$",
        re.I,
    ),
)
_SAYS = {
    ("born", "first"): "was born first",
    ("born", "earlier"): "was born first",
    ("born", "later"): "was born later",
    ("born", "last"): "was born later",
    ("died", "first"): "died first",
    ("died", "earlier"): "died first",
    ("died", "later"): "died later",
    ("died", "last"): "died later",
    ("lived", "longer"): "lived longer",
    ("age", "older"): "is older",
    ("age", "younger"): "is younger",
}


@dataclass(frozen=True)
class Ordered:
    first: str
    second: str
    event: str  # born, died, lived, age
    way: str  # first, earlier, later, last, longer, older, younger


def ordered(question: str) -> Ordered | None:
    """The two people and the order asked of their dates, or None.

    >>> ordered("Who was born later, Gideon Johnson Pillow or Holm Jølsen?")
    Ordered(first='Gideon Johnson Pillow', second='Holm Jølsen', event='born', way='later')
    >>> ordered("Which film has the director who died first, The Goose Woman or Raw?") is None
    True
    """
    text = " ".join(question.split())
    for pattern in _ORDER_ASKS:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groupdict()
        age = groups.get("age")
        event, way = (
            ("age", age.casefold()) if age else (m["event"].casefold(), m["way"].casefold())
        )
        first, second = name_in(m["a"]), name_in(m["b"])
        if first and second:
            return Ordered(first, second, event, way)
    return None


@dataclass(frozen=True)
class Named:
    name: str  # the one the answer names, as the question writes it
    says: str  # "was born first"
    evidence: tuple[Candidate, Candidate]


def order(question: str, ranking: Sequence[Candidate]) -> Named | None:
    """Which of the two the question asks for, by the dates of the sentence about each (the
    best-ranked one that names them); None when a date is missing or they are equal."""
    asked = ordered(question)
    said = sentences_about(asked.first, asked.second, ranking) if asked else None
    if asked is None or said is None:
        return None
    first, second = said
    lives = _life(first.text), _life(second.text)
    if asked.event == "lived":
        spans = [_span(*life) for life in lives]
        if spans[0] is None or spans[1] is None:
            return None
        # a year alone is a year wide: each such date leaves the span a year unsure
        vague = sum(d is not None and d[1] == 0 for life in lives for d in life)
        if abs(spans[0] - spans[1]) <= vague * _DAYS_A_YEAR:
            return None
        pick = 0 if spans[0] > spans[1] else 1
    else:
        index = 1 if asked.event == "died" else 0
        dates = lives[0][index], lives[1][index]
        if dates[0] is None or dates[1] is None or dates[0] == dates[1]:
            return None
        if dates[0][0] == dates[1][0] and 0 in (dates[0][1], dates[1][1]):
            return None  # the same year, one of them known only by its year
        earlier = 0 if dates[0] < dates[1] else 1
        wants_earlier = asked.way in ("first", "earlier", "older")
        pick = earlier if wants_earlier else 1 - earlier
    name = (asked.first, asked.second)[pick]
    return Named(name, _SAYS[(asked.event, asked.way)], (first, second))


Date = tuple[int, int, int]


def _life(text: str) -> tuple[Date | None, Date | None]:
    """Birth and death from the first parenthesis that holds a date: "(June 8, 1806 –
    October 8, 1878)", "(born 6 December 1833)", "(died 1346)"."""
    for inside in re.findall(r"\(([^()]*)\)", text):
        parts = re.split(r"\s*[–—]\s*|\s+-\s+", inside, maxsplit=1)
        if len(parts) == 2:
            return _date(parts[0]), _date(parts[1])
        if re.search(r"\b(?:died|d\.)", inside, re.I):
            return None, _date(inside)
        if (born := _date(inside)) is not None:
            return born, None
    return None, None


def _date(text: str) -> Date | None:
    m = _DATE.search(text)
    if m is None:
        return None
    if m["y1"]:
        return int(m["y1"]), _MONTHS[m["m1"].casefold().rstrip(".")], int(m["d1"])
    if m["y2"]:
        return int(m["y2"]), _MONTHS[m["m2"].casefold().rstrip(".")], int(m["d2"])
    return int(m["y3"]), 0, 0


_DAYS_A_YEAR = 12 * 31


def _span(born: Date | None, died: Date | None) -> int | None:
    """A life's length in a day-like unit (31 to a month): enough to order two lives."""
    if born is None or died is None:
        return None
    return sum((b - a) * unit for a, b, unit in zip(born, died, (_DAYS_A_YEAR, 31, 1), strict=True))
