"""Yes or no for an English question that compares two named things: "Are Medici and Senet
both board games?", "Are X and Y located in the same country?".

The extractive answer quotes one sentence about each thing; a reader still has to compare
them. The verdict compares them where the sentences say enough, and says nothing otherwise:

* a category ("both board games"): yes when each thing's sentence states every word of it;
  a sentence that does not state it says nothing either way (no verdict);
* the same country or nationality: the places and nationalities each sentence names (spaCy's
  GPE and NORP); yes when they share one, no when both name a nationality and no two agree;
* the same place, city or state: yes when they share a place; never no (a sentence names the
  city of one and the state of the other);
* any other form ("have the directors from the same country" asks about other things than
  the two named): no verdict.

"Who was born first, A or B?" (and died earlier, lived longer, is older, "Was A or B born
first?") is answered by name ("B was born first.") from the dates of each one's sentence:
"A (June 8, 1806 – October 8, 1878)", "B (born 6 December 1833)"; nothing when a date is
missing or the two are the same.

>>> compared("Are Medici and Senet both board games?")
Compared(first='Medici', second='Senet', category='board games', same=None)
>>> compared("Were both Pietro Salini and Domenico Ravenna, born in the same place?")
Compared(first='Pietro Salini', second='Domenico Ravenna', category=None, same='place')
>>> compared("How old is Senet?") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from graphrag.answer.evidence import Candidate, terms

Verdict = Literal["yes", "no"]

_AUX = r"(?:are|were|is|was|do|did|does)"
# "Are A and B both <category>?", "Are both A and B <category>?"
_BOTH_AFTER = re.compile(
    rf"^{_AUX}\s+(?P<a>.+?)\s+and\s+(?P<b>.+?),?\s+both\s+(?P<rest>.+?)\s*\?$", re.I
)
_BOTH_BEFORE = re.compile(
    rf"^{_AUX}\s+both\s+(?:\w+,\s+)?(?P<a>.+?)\s+and\s+(?P<b>.+?),?\s+"
    r"(?P<rest>(?:located\s+|born\s+|based\s+)?(?:in|from|of)\s+the\s+same\s+\w+|[^,]+?)\s*\?$",
    re.I,
)
# "Are A and B located in the same country?", "Do A and B share the same nationality?"
_SAME = re.compile(
    rf"^{_AUX}\s+(?:both\s+)?(?P<a>.+?)\s+and\s+(?P<b>.+?),?\s+"
    r"(?P<rest>(?:(?:located|born|based)\s+)?(?:in|from|of)\s+the\s+same\s+\w+|"
    r"share\s+the\s+same\s+\w+)\s*\?$",
    re.I,
)
_SAME_REST = re.compile(
    r"(?:(?:located|born|based)\s+)?(?:in|from|of)\s+the\s+same\s+(\w+)|"
    r"share\s+the\s+same\s+(\w+)|[^\W\d]+\s+in\s+the\s+same\s+(\w+)",
    re.I,
)
_COUNTRY = {"country", "nationality", "citizenship"}
_PLACE = {"place", "city", "state", "town", "region", "province", "county"}
# lower-case words a name may hold ("Interview with a Hitman", "Gare de Lyon")
_PARTICLES = frozenset(
    {"of", "the", "a", "an", "and", "in", "on", "at", "to", "for", "with", "from", "by"}
    | {"de", "la", "le", "les", "du", "des", "da", "di", "del", "von", "van", "der", "y"}
)
# words of a category that say nothing a sentence must state
_FILLER = {"both", "the", "a", "an", "of", "kind", "type", "types"}


@dataclass(frozen=True)
class Compared:
    first: str
    second: str
    category: str | None  # "board games"
    same: str | None  # "country", "place", ...


def compared(question: str) -> Compared | None:
    """The two things and what is compared of them, or None for any other question."""
    text = " ".join(question.split())
    for pattern in (_BOTH_AFTER, _BOTH_BEFORE, _SAME):
        m = pattern.match(text)
        if m is None:
            continue
        rest = m.group("rest").strip()
        first, second = (_name(m.group(k)) for k in ("a", "b"))
        if not first or not second:
            continue
        same = _SAME_REST.fullmatch(rest)
        if same is not None:
            what = next(g for g in same.groups() if g).casefold()
            # "airports in the same state": the place is compared, not the category
            return Compared(first, second, None, what) if what in _COUNTRY | _PLACE else None
        if re.search(r"\bsame\b", rest, re.I):  # the same of other things than the two named
            return None
        return Compared(first, second, rest, None)
    return None


@dataclass(frozen=True)
class Judged:
    verdict: Verdict
    evidence: tuple[Candidate, Candidate]  # the sentence about each thing


def verdict(
    question: str,
    ranking: Sequence[Candidate],
    places: Callable[[str], dict[str, set[str]]] | None = None,
) -> Judged | None:
    """Yes or no with the two sentences it rests on, or None (the sentences do not say).
    ``ranking``: the candidates, best first; each thing is judged by the best one that names
    it. ``places``: a text's places and nationalities by kind ("GPE", "NORP"); spaCy's
    English model by default."""
    asked = compared(question)
    said = _sentences(asked.first, asked.second, ranking) if asked else None
    if asked is None or said is None:
        return None
    first, second = said
    if asked.category is not None:
        wanted = set(terms(asked.category, "en")) - _FILLER
        states = all(wanted <= set(terms(c.text, "en")) for c in said)
        return Judged("yes", said) if wanted and states else None
    found = places or _places
    one, other = found(first.text), found(second.text)
    # a place the model finds in one sentence may be written so that it misses it in the other
    # ("American- Argentine"): the words themselves count too
    named = _values(one, "GPE", "NORP"), _values(other, "GPE", "NORP")
    if named[0] & named[1] or _names(named[0], second.text) or _names(named[1], first.text):
        return Judged("yes", said)
    if asked.same in _COUNTRY:
        nations = _values(one, "NORP"), _values(other, "NORP")
        if nations[0] and nations[1] and not nations[0] & nations[1]:
            return Judged("no", said)
    return None


def _name(text: str) -> str:
    """A thing's name as the question writes it, without the words before it and what follows
    a comma ("films Interview With A Hitman" -> "Interview With A Hitman", "the Woman's
    Viewpoint" -> "Woman's Viewpoint"); empty when it holds words no name holds ("The Last
    Coupon have the directors")."""
    name = re.sub(r"^(?:[a-z]\S*\s+)+", "", text.split(",")[0].strip())
    name = re.sub(r"^(?:the|a|an)\s+", "", name, flags=re.I)
    lower = [w for w in name.split() if w[:1].islower()]
    if name.casefold() in _PARTICLES or any(w not in _PARTICLES for w in lower):
        return ""
    return name


def _sentences(
    first: str, second: str, ranking: Sequence[Candidate]
) -> tuple[Candidate, Candidate] | None:
    """The sentence about each of the two, when each has one of its own."""
    one, other = _about(first, ranking), _about(second, ranking)
    if one is None or other is None or one is other:
        return None
    return one, other


def _about(name: str, ranking: Sequence[Candidate]) -> Candidate | None:
    """The best-ranked sentence that names the thing: most of its name's words, in the text
    or in the heading of its passage."""
    wanted = set(terms(re.sub(r"\([^)]*\)", " ", name), "en"))
    if not wanted:
        return None
    for c in ranking:
        own = set(terms(c.text, "en")) | set(terms(c.heading, "en"))
        if len(wanted & own) * 2 > len(wanted):
            return c
    return None


def _values(found: dict[str, set[str]], *kinds: str) -> set[str]:
    """The values of the given kinds, each hyphenated part on its own ("English-American")."""
    return {
        part.strip()
        for kind in kinds
        for value in found.get(kind, set())
        for part in value.split("-")
        if part.strip()
    }


def _names(values: set[str], text: str) -> bool:
    """Any of the values is a word (or words) of the text."""
    return any(re.search(rf"\b{re.escape(v)}\b", text, re.I) for v in values if v)


def _places(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for ent in _nlp()(text).ents:
        if ent.label_ in ("GPE", "NORP"):
            value = re.sub(r"^the\s+", "", " ".join(ent.text.split()), flags=re.I).casefold()
            out.setdefault(ent.label_, set()).add(value)
    return out


@cache
def _nlp() -> Any:
    from ingestion.entities.english import SpacyExtractor

    return SpacyExtractor().nlp


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
        first, second = _name(m["a"]), _name(m["b"])
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
    said = _sentences(asked.first, asked.second, ranking) if asked else None
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
