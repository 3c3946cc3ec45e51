"""The family relation an English question asks through, and the words that state it.

"Who is the father of the director of Palo Alto?" asks the director's passage for the sentence
that states the relation ("She is the daughter of Gian-Carlo Coppola"), which the embedder
ranks below the sentence that repeats the director's name and job. A relation is stated by its
own word or by its converse ("son of" states a father or a mother; "married" a husband or a
wife). Relations of two steps (father-in-law, stepmother, grandfather) are left to the
embedder: one sentence rarely states them.

>>> asked("Where was the place of death of Maurice, Prince Of Orange's father?")
'parent'
>>> asked("Who is the father-in-law of Sisowath Kossamak?") is None
True
>>> states("parent", "She is the daughter of Gian-Carlo Coppola.")
True
>>> states("spouse", "She is the daughter of Gian-Carlo Coppola.")
False
"""

from __future__ import annotations

import re

# each relation's own words and those of its converse, as a sentence states them
_CUES: dict[str, str] = {
    "parent": r"father|mother|parents?|(?:son|daughter|child) of|born to",
    "spouse": r"husband|wife|spouse|married|marriage|widow(?:er)?|consort",
    "child": r"sons?|daughters?|child(?:ren)?|(?:father|mother) of",
    "sibling": r"brothers?|sisters?|siblings?|half-(?:brother|sister)",
}
_ASKED: dict[str, str] = {
    "father": "parent",
    "mother": "parent",
    "parent": "parent",
    "husband": "spouse",
    "wife": "spouse",
    "spouse": "spouse",
    "son": "child",
    "daughter": "child",
    "child": "child",
    "brother": "sibling",
    "sister": "sibling",
    "sibling": "sibling",
}
# "father-in-law", "stepmother", "grandfather", "half-brother": two steps in one word
_TWO_STEPS = re.compile(r"\b(?:\w+-in-law|step\w+|grand\w+|great-\w+|half-\w+)\b", re.I)
_WORD = re.compile(r"\b(" + "|".join(_ASKED) + r")\b", re.I)
_STATES = {name: re.compile(rf"\b(?:{cue})\b", re.I) for name, cue in _CUES.items()}


def asked(question: str) -> str | None:
    """The one-step family relation the question names ("parent" for "father" or "mother"),
    or None."""
    if _TWO_STEPS.search(question):
        return None
    found = _WORD.search(question)
    return _ASKED[found.group(1).casefold()] if found else None


def states(relation: str, text: str) -> bool:
    """The text states the relation, by its own word or its converse's."""
    return bool(_STATES[relation].search(text))
