"""The workforce a question states and the workforce bounds a sentence states.

"Unsere Firma hat nur acht Leute. Gilt da überhaupt der Kündigungsschutz?" states how many
work where the asker works; the laws answer by the size of the workforce ("in denen in der
Regel zehn oder weniger Arbeitnehmer ... beschäftigt werden", "Arbeitgeber mit in der Regel
mehr als 500 Beschäftigten"). A sentence that bounds the workforce is the one such a question
is answered by, whether its bounds hold the asker's size or exclude it.

>>> headcount("Bei uns arbeiten rund 800 Leute. Ab wie vielen Kündigungen muss sie das melden?")
800
>>> headcount("Bei uns sollen 40 von 150 Leuten gehen.")
150
>>> headcount("Bei uns sollen 30 Leute auf einmal entlassen werden.") is None
True
>>> holds_size("… mehr als 45 bis 60 bereits mindestens vier.", 50)
True
>>> holds_size("… mehr als 105 bis 120 bereits mindestens acht.", 50)
False
>>> asks_workforce("Ab welcher Betriebsgröße kann ich erfragen, was Kollegen verdienen?")
True
>>> asks_workforce("Ab wie vielen Mitarbeitern muss eine Firma Entgelte prüfen?")
True
>>> asks_workforce("Ab wie vielen Kollegen, die das schon machen, darf er nein sagen?")
False
>>> asks_workforce("Wie viele Tage Urlaub haben Beschäftigte?")
False
>>> asks_workforce("Bei welchen Beschäftigten gilt das Kündigungsverbot?")
False
>>> asks_workforce("Ab welcher Zahl von Arbeitnehmern gilt das Gesetz?")
True
>>> asks_workforce("From what company size must an employer report?")
True
>>> names_size("firmengross"), names_size("betriebsrat")
(True, False)
>>> bounds_workforce("Arbeitgeber mit in der Regel mehr als 500 Beschäftigten sind aufgefordert")
True
>>> bounds_workforce("Die Kündigungsfrist beträgt mehr als vier Wochen.")
False
>>> bounds_workforce("wenn die Tätigkeit von weniger als sechs Beschäftigten ausgeübt wird")
False
"""

from __future__ import annotations

import re

from graphrag.answer.asks import NUMBER_VALUES, TIME_UNIT, alternation

_WORDS = alternation([w for w in NUMBER_VALUES if w])
_COUNT = rf"(?:\d[\d.,]*\d|\d|{_WORDS})"
# a workforce as people say it: "800 Leute", "mit 40 Leuten", "50 Mitarbeiter", "200 employees"
_STAFF = re.compile(
    rf"\b({_COUNT})\s+(?:leute|leuten|mitarbeiter\w*|beschäftigte\w*|arbeitnehmer\w*|"
    r"angestellte\w*|kolleg\w*|employees|people|staff|workers)\b"
    r"([^,.;?!]*)",
    re.I,
)
# the same clause says they are leaving, not working there ("30 Leute ... entlassen werden")
_LEAVING = re.compile(r"\b(?:entlass\w*|gehen|kündig\w*|laid off|dismiss\w*|fired)\b", re.I)
# ... unless some "of them" leave: "mit 40 Leuten will 10 davon entlassen", "40 von 150 Leuten"
_SOME_OF_THEM = re.compile(r"\b(?:davon|of them)\b", re.I)
_SOME_OF = re.compile(rf"\b{_COUNT}\s+(?:von|of)\s+$", re.I)
# a bound and its number: "mehr als 45", "mindestens 60", "weniger als 500", "bis 60",
# "nicht mehr als 200", "zehn oder weniger"
BOUND = re.compile(
    rf"\b(?P<op>nicht mehr als|mehr als|mindestens|weniger als|höchstens|bis|more than|"
    rf"at least|fewer than|less than|up to|at most)\s+(?P<n>{_COUNT})\b"
    rf"(?!\s*(?:vom hundert|prozent|%|euro|{TIME_UNIT}))"
    rf"|\b(?P<n2>{_COUNT})\s+oder\s+weniger\b",
    re.I,
)
_LOWER = {"mehr als": 1, "more than": 1, "mindestens": 0, "at least": 0}
_UPPER = {
    "nicht mehr als": 0,
    "höchstens": 0,
    "bis": 0,
    "up to": 0,
    "at most": 0,
    "weniger als": 1,
    "fewer than": 1,
    "less than": 1,
}


def _value(word: str) -> int | None:
    word = word.casefold().replace(".", "").replace(",", "")
    if word.isdigit():
        return int(word)
    return NUMBER_VALUES.get(word)


def headcount(question: str) -> int | None:
    """How many people work where the asker works, as the question says it (the largest such
    number; a number of people who are to leave is not one)."""
    sizes = [
        value
        for m in _STAFF.finditer(question)
        if (
            not _LEAVING.search(m.group(2))
            or _SOME_OF_THEM.search(m.group(2))
            or _SOME_OF.search(question[: m.start()])
        )
        and (value := _value(m.group(1))) is not None
    ]
    return max(sizes) if sizes else None


def holds_size(text: str, size: int) -> bool:
    """Whether every bound the text states holds ``size``."""
    for m in BOUND.finditer(text):
        if m.group("n2") is not None:
            n = _value(m.group("n2"))
            if n is not None and size > n:
                return False
            continue
        n = _value(m.group("n"))
        op = m.group("op").casefold()
        if n is None:
            continue
        if op in _LOWER and (size < n or (size == n and _LOWER[op])):
            return False
        if op in _UPPER and (size > n or (size == n and _UPPER[op])):
            return False
    return True


# a bound on the people a business employs, as laws write it: "in der Regel zehn oder weniger
# Arbeitnehmer", "Arbeitgeber mit in der Regel mehr als 500 Beschäftigten", "employers with
# more than 200 employees"; "von weniger als sechs Beschäftigten des jeweils anderen
# Geschlechts" counts a group of colleagues, not the workforce
_WORKFORCE = re.compile(
    r"(?:\bin\s+der\s+regel|\bregelmäßig|\b(?:betrieb|unternehmen|dienststelle|verwaltung|"
    r"arbeitgeber|employer|compan|firm|business)\w*\s+with)\s+(?:[\wäöüß]+\s+){0,2}?"
    rf"(?:{BOUND.pattern})[\s,]+(?:[\wäöüß]+\s+){{0,5}}?"
    r"(?:arbeitnehmer\w*|beschäftigte\w*|mitarbeiter\w*|employees|workers)\b",
    re.I,
)


# a question that asks from which size of workforce a rule applies: "Ab wie vielen Mitarbeitern
# ...?", "Ab welcher Firmengröße ...?", "From what company size ...?"; colleagues counted for
# something they do ("Ab wie vielen Kollegen, die das schon machen") are no workforce, and
# "Bei welchen Beschäftigten ...?" asks who, not how many
_ASKS_SIZE = re.compile(
    r"\b(?:ab|bei|von)\s+(?:wie\s+viel\w*|welch\w*\s+(?:zahl|anzahl)\s+(?:an|von))\s+"
    r"(?:[\wäöüß]+\s+)?(?:mitarb\w*|beschäftigt\w*|arbeitnehmer\w*|angestellt\w*)"
    r"|\b(?:betriebs|firmen|unternehmens|belegschafts)größe\b"
    r"|\b(?:company|business|firm|workforce)\s+size\b"
    r"|\b(?:from|at)\s+how\s+many\s+(?:employees|staff|workers)\b",
    re.I,
)


def asks_workforce(question: str) -> bool:
    """The question asks from which size of workforce something applies."""
    return bool(_ASKS_SIZE.search(question))


_SIZE_TERM = re.compile(r"(?:betrieb|firm|unternehm|belegschaft)\w*gr(?:ö|o)(?:ß|ss)\w*")


def names_size(term: str) -> bool:
    """A (stemmed) term for the size of a workforce ("firmengross", "betriebsgröße"): no law
    uses the word, each bounds the workforce instead."""
    return bool(_SIZE_TERM.fullmatch(term))


def bounds_workforce(text: str) -> bool:
    """The text bounds the number of people a business employs."""
    return bool(_WORKFORCE.search(text))
