"""A statute's list keyed by the size of the workforce, read for the asker's size.

"Bei einer Arbeitnehmerzahl von in der Regel 1. mehr als 45 bis 60 bereits mindestens vier,
2. mehr als 60 bis 75 bereits mindestens fünf, ...": each item is its own candidate sentence
(the lead, an ellipsis, the item), alike in words and meaning, so the ranking takes whichever
item the embedder happens to prefer. A question that says how many people work there ("Unsere
Firma hat 50 Mitarbeiter") is answered by the item whose bounds hold that number; the items of
the same list whose bounds exclude it do not apply to the asker.

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
"""

from __future__ import annotations

import re

from graphrag.answer.asks import NUMBER_VALUES, TIME_UNIT, alternation
from graphrag.answer.evidence import NUMBERED, Candidate

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
_BOUND = re.compile(
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
    for m in _BOUND.finditer(text):
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


# where a list's items begin: the evidence's ellipsis after the lead, a chunk's "(…)" and the
# parser's bullets when the list was read whole
_ITEMS = re.compile(r"\s…\s|\s\(…\)\s|\s-\s")


def fitting_items(question: str, pool: list[Candidate]) -> list[Candidate]:
    """The pool without the candidates from a size-keyed list none of whose items holds the
    asker's workforce, when another candidate after the same lead holds it."""
    size = headcount(question)
    if size is None:
        return pool
    lists: dict[str, list[tuple[Candidate, bool]]] = {}
    for c in pool:
        lead, *items = _ITEMS.split(c.text)
        bounded = [item for item in items if _BOUND.search(item)]
        if bounded:
            fits = any(holds_size(item, size) for item in bounded)
            # the same lead with or without its paragraph's number "(2)"
            lists.setdefault(NUMBERED.sub("", lead).strip(), []).append((c, fits))
    dropped: set[int] = set()
    for members in lists.values():
        if any(fits for _, fits in members) and not all(fits for _, fits in members):
            dropped |= {id(c) for c, fits in members if not fits}
    return [c for c in pool if id(c) not in dropped]
