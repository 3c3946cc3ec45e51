"""Yes or no for an English question that compares two named things: "Are Medici and Senet
both board games?", "Are X and Y located in the same country?".

The extractive answer quotes one sentence about each thing; a reader still has to compare
them. The verdict compares them where the sentences say enough, and says nothing otherwise:

* a category ("both board games"): yes when each thing's sentence states every word of it;
  no when the category names a country ("British publications") and a thing's sentence places
  it in other countries only ("founded in Texas"); otherwise no verdict;
* the same country or nationality: the places and nationalities each sentence names (spaCy's
  GPE and NORP), each also as the country it names (``countries``: "American", "U.S." and
  "Ohio" are the United States); yes when they share one, no when both name a nationality and
  no two agree;
* the same place, city or state: yes when they share a place; never no (a sentence names the
  city of one and the state of the other);
* the same country or nationality of the people a role names ("Do both films A and B have the
  directors from the same country?", "Are the directors of films A and B from the same
  country?"): each thing's sentence names its director ("directed by Perry Bhandal"), and the
  sentences of the directors' own passages are compared as above;
* any other form: no verdict.

>>> compared("Are Medici and Senet both board games?")
Compared(first='Medici', second='Senet', category='board games', same=None, role=None)
>>> compared("Were both Pietro Salini and Domenico Ravenna, born in the same place?")
Compared(first='Pietro Salini', second='Domenico Ravenna', category=None, same='place', role=None)
>>> compared("How old is Senet?") is None
True
>>> compared("Do both films Interview With A Hitman and The Last Coupon have the directors "
...          "from the same country?")  # doctest: +NORMALIZE_WHITESPACE
Compared(first='Interview With A Hitman', second='Last Coupon', category=None,
         same='country', role='director')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from graphrag.answer.answer_type import entities
from graphrag.answer.countries import countries, countries_in
from graphrag.answer.evidence import Candidate, terms
from graphrag.answer.nouns import agent_verb
from graphrag.answer.pairs import about, name_in, sentences_about
from graphrag.retrieval.hop import bridge_names

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
# "Do both films A and B have the directors from the same country?"
_ROLE_AFTER = re.compile(
    rf"^{_AUX}\s+both\s+(?P<a>.+?)\s+and\s+(?P<b>.+?),?\s+have\s+the\s+(?P<role>[a-z]+?)s?\s+"
    r"(?:from|of)\s+the\s+same\s+(?P<what>\w+)\s*\?$",
    re.I,
)
# "Are the directors of films A and B from the same country?", "Do both directors of films A
# and B have the same nationality?"
_ROLE_BEFORE = re.compile(
    rf"^{_AUX}\s+(?:both\s+)?(?:the\s+)?(?P<role>[a-z]+?)s?\s+of\s+(?:both\s+)?(?P<a>.+?)\s+"
    r"and\s+(?P<b>.+?),?\s+(?:(?:from|of)\s+the\s+same|(?:have|share)\s+the\s+same)\s+"
    r"(?P<what>\w+)\s*\?$",
    re.I,
)
# how far after the role's word ("directed by") the name of the one who holds it may begin
ROLE_CHARS = 30
# a comparison of two named things is a short question (no question of HotpotQA-100 or
# 2wiki-100 is longer than 300 characters); the patterns' lazy parts take seconds on a
# 4,000-character query of "films a and films a and ..."
MAX_COMPARED_CHARS = 400
_COUNTRY = {"country", "nationality", "citizenship"}
_PLACE = {"place", "city", "state", "town", "region", "province", "county"}
# words of a category that say nothing a sentence must state
_FILLER = {"both", "the", "a", "an", "of", "kind", "type", "types"}


@dataclass(frozen=True)
class Compared:
    first: str
    second: str
    category: str | None  # "board games"
    same: str | None  # "country", "place", ...
    role: str | None = None  # "director": the things' directors are compared


# the answerer asks first whether a question compares, the verdict then reads what: one parse
@lru_cache(maxsize=256)
def compared(question: str) -> Compared | None:
    """The two things and what is compared of them, or None for any other question."""
    text = " ".join(question.split())
    if len(text) > MAX_COMPARED_CHARS:
        return None
    for pattern in (_ROLE_AFTER, _ROLE_BEFORE):
        m = pattern.match(text)
        if m is None or m.group("what").casefold() not in _COUNTRY:
            continue
        first, second = (name_in(m.group(k)) for k in ("a", "b"))
        if first and second:
            return Compared(first, second, None, m.group("what").casefold(), m.group("role"))
    for pattern in (_BOTH_AFTER, _BOTH_BEFORE, _SAME):
        m = pattern.match(text)
        if m is None:
            continue
        rest = m.group("rest").strip()
        first, second = (name_in(m.group(k)) for k in ("a", "b"))
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
    if asked is not None and asked.role is not None:
        said = _holders(asked, ranking)
    else:
        said = sentences_about(asked.first, asked.second, ranking) if asked else None
    if asked is None or said is None:
        return None
    first, second = said
    found = places or _places
    if asked.category is not None:
        wanted = set(terms(asked.category, "en")) - _FILLER
        states = all(wanted <= set(terms(c.text, "en")) for c in said)
        if wanted and states:
            return Judged("yes", said)
        # "British publications": a thing its sentence places in another country only is not
        # one ("founded in Texas"); a sentence that names no country says nothing
        land = countries_in(asked.category)
        for c in said if land else ():
            theirs = countries(_values(found(c.text), "GPE", "NORP")) | countries_in(c.text)
            if theirs and not theirs & land:
                return Judged("no", said)
        return None
    one, other = found(first.text), found(second.text)
    # a place the model finds in one sentence may be written so that it misses it in the other
    # ("American- Argentine"): the words themselves count too
    named = _values(one, "GPE", "NORP"), _values(other, "GPE", "NORP")
    if named[0] & named[1] or _names(named[0], second.text) or _names(named[1], first.text):
        return Judged("yes", said)
    if asked.same in _COUNTRY:
        # "American" and "United States", "Ohio" and "U.S.": one country, whether the
        # named-entity model found the name or not ("a United States Army soldier")
        lands = [countries(n) | countries_in(c.text) for n, c in zip(named, said, strict=True)]
        if lands[0] & lands[1]:
            return Judged("yes", said)
        nations = _values(one, "NORP"), _values(other, "NORP")
        if nations[0] and nations[1] and not nations[0] & nations[1]:
            return Judged("no", said)
    return None


def _holders(asked: Compared, ranking: Sequence[Candidate]) -> tuple[Candidate, Candidate] | None:
    """The sentence about each thing's role holder ("directed by Perry Bhandal") from that
    person's own passage, or None when a thing's sentences name none or the evidence has no
    passage about them."""
    assert asked.role is not None
    role = asked.role.casefold()
    # "director" is named by "directed by": an agent noun's verb
    stem = agent_verb(role)
    cue = re.compile(rf"\b{re.escape(stem)}\w*(?:\s+by)?\s+", re.I)
    people = []
    for thing in (asked.first, asked.second):
        person = next(
            (
                name
                for c in about(thing, ranking)
                for m in cue.finditer(c.text)
                for name in bridge_names(c.text[m.end() : m.end() + ROLE_CHARS * 3], thing, 1)
                if 0 <= c.text.find(name, m.end()) - m.end() <= ROLE_CHARS
            ),
            None,
        )
        if person is None:
            return None
        people.append(person)
    # the person's own passage says where they are from; the thing's sentence names them only
    own = [[c for c in ranking if _heads(person, c)] for person in people]
    if not own[0] or not own[1] or people[0] == people[1]:
        return None
    return own[0][0], own[1][0]


def _heads(person: str, c: Candidate) -> bool:
    """The candidate's passage is about the person: its title holds their name's words."""
    wanted = set(terms(person, "en"))
    return bool(wanted) and wanted <= set(terms(c.heading, "en"))


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
    for label, name in entities(text):
        if label in ("GPE", "NORP"):
            value = re.sub(r"^the\s+", "", " ".join(name.split()), flags=re.I).casefold()
            out.setdefault(label, set()).add(value)
    return out
