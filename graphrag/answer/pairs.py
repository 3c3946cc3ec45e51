"""Two things a question names, and the sentence about each: what a comparison ("Are A and
B both board games?") and an order ("Who was born first, A or B?") are judged on.

>>> name_in("films Interview With A Hitman")
'Interview With A Hitman'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from graphrag.answer.evidence import Candidate, terms

# lower-case words a name may hold ("Interview with a Hitman", "Gare de Lyon")
_PARTICLES = frozenset(
    {"of", "the", "a", "an", "and", "in", "on", "at", "to", "for", "with", "from", "by"}
    | {"de", "la", "le", "les", "du", "des", "da", "di", "del", "von", "van", "der", "y"}
)


def name_in(text: str) -> str:
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


def sentences_about(
    first: str, second: str, ranking: Sequence[Candidate]
) -> tuple[Candidate, Candidate] | None:
    """The sentence about each of the two, when each has one of its own."""
    one, other = _about(first, ranking), _about(second, ranking)
    if one is None or other is None or one is other:
        return None
    return one, other


def _about(name: str, ranking: Sequence[Candidate]) -> Candidate | None:
    """The best-ranked sentence that names the thing."""
    return next(iter(about(name, ranking)), None)


def about(name: str, ranking: Sequence[Candidate]) -> list[Candidate]:
    """The sentences that name the thing, best-ranked first: most of its name's words, in the
    text or in the heading of its passage."""
    wanted = set(terms(re.sub(r"\([^)]*\)", " ", name), "en"))
    if not wanted:
        return []
    return [
        c
        for c in ranking
        if len(wanted & (set(terms(c.text, "en")) | set(terms(c.heading, "en")))) * 2 > len(wanted)
    ]
