"""A statute's list keyed by the size of the workforce, read for the asker's size.

"Bei einer Arbeitnehmerzahl von in der Regel 1. mehr als 45 bis 60 bereits mindestens vier,
2. mehr als 60 bis 75 bereits mindestens fünf, ...": each item is its own candidate sentence
(the lead, an ellipsis, the item), alike in words and meaning, so the ranking takes whichever
item the embedder happens to prefer. A question that says how many people work there ("Unsere
Firma hat 50 Mitarbeiter") is answered by the item whose bounds hold that number; the items of
the same list whose bounds exclude it do not apply to the asker (``headcount``).
"""

from __future__ import annotations

import re

from graphrag.answer.evidence import NUMBERED, Candidate
from graphrag.answer.headcount import BOUND, headcount, holds_size

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
        bounded = [item for item in items if BOUND.search(item)]
        if bounded:
            fits = any(holds_size(item, size) for item in bounded)
            # the same lead with or without its paragraph's number "(2)"
            lists.setdefault(NUMBERED.sub("", lead).strip(), []).append((c, fits))
    dropped: set[int] = set()
    for members in lists.values():
        if any(fits for _, fits in members) and not all(fits for _, fits in members):
            dropped |= {id(c) for c, fits in members if not fits}
    return [c for c in pool if id(c) not in dropped]
