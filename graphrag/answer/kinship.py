"""The family relation an English question asks through, and the words that state it.

"Who is the father of the director of Palo Alto?" asks the director's passage for the sentence
that states the relation ("She is the daughter of Gian-Carlo Coppola"), which the embedder
ranks below the sentence that repeats the director's name and job. A relation is stated by its
own word or by its converse ("son of" states a father or a mother; "married" a husband or a
wife). A relation of two steps in one word is asked through its last step: the lead's passage
names the first relative ("by marriage to King Norodom Suramarit"), whose own passage states
the second ("Suramarit was born ... to Prince Norodom Sutharot" for the father-in-law). No one
sentence states a father-in-law, and the embedder finds the relative's birth or reign closer.

>>> asked("Where was the place of death of Maurice, Prince Of Orange's father?")
'parent'
>>> asked("Who is the father-in-law of Sisowath Kossamak?")
'parent'
>>> asked("Who is Godomar Ii's stepmother?")
'spouse'
>>> asked("Who is Sibyl Hathaway's brother-in-law?") is None
True
>>> asked('Who was Audrey Williams pregnant with during the recording of "Dear Brother"?') is None
True
>>> steps("Who is Godomar Ii's stepmother?")
('parent', 'spouse')
>>> introduces("parent", "Godomar II, son of king Gundobad, was king of Burgundy.", "Gundobad")
True
>>> introduces("parent", "Godomar II, son of king Gundobad, was king of Burgundy.", "Burgundy")
False
>>> states("parent", "He was the father of King Norodom Sihanouk.")
False
>>> states("parent", "She is the daughter of Gian-Carlo Coppola.")
True
>>> states("spouse", "She is the daughter of Gian-Carlo Coppola.")
False
"""

from __future__ import annotations

import re

# each relation's own words and those of its converse, as a sentence states them
_CUES: dict[str, str] = {
    # "He was the father of King Norodom Sihanouk" states a child, not his father
    # "born in Phnom Penh to Prince Norodom Sutharot" states his father
    "parent": r"(?:father|mother|parents?)(?!\s+of)|(?:son|daughter|child) of"
    r"|born\W+(?:\w+\W+){0,4}?to",
    "spouse": r"husband|wife|spouse|married|marriage|widow(?:er)?|consort",
    "child": r"(?:sons?|daughters?|child(?:ren)?)(?!\s+of)|(?:father|mother|parent) of",
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
# two steps in one word, first and last: a father-in-law is the parent of a spouse, a
# stepmother the spouse of a parent, a grandchild the child of a child
_TWO_STEP_WORDS: dict[str, tuple[str, str]] = {
    r"(?:father|mother|parent)s?-in-law": ("spouse", "parent"),
    r"(?:son|daughter|child)(?:ren)?s?-in-law": ("child", "spouse"),
    r"step-?(?:mother|father|parent)s?": ("parent", "spouse"),
    r"step-?(?:son|daughter|child)(?:ren)?s?": ("spouse", "child"),
    r"grand(?:father|mother|parent)s?": ("parent", "parent"),
    r"grand(?:son|daughter|child)(?:ren)?s?": ("child", "child"),
}
_STEPS = [(re.compile(rf"\b{words}\b", re.I), steps) for words, steps in _TWO_STEP_WORDS.items()]
# how many words may stand between a relation's word and the name it introduces ("son of king
# Gundobad", "by marriage to King Norodom Suramarit")
BETWEEN = 3
# the other relations of two steps ("brother-in-law": a spouse's sibling or a sibling's spouse;
# "great-", "half-") are left to the embedder
_TWO_STEPS = re.compile(r"\b(?:\w+-in-law|step\w+|grand\w+|great-\w+|half-\w+)\b", re.I)
_WORD = re.compile(r"\b(" + "|".join(_ASKED) + r")\b", re.I)
# a title in quotation marks ("Dear Brother", „Mother“)
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”|„[^“”]*[“”]')
_STATES = {name: re.compile(rf"\b(?:{cue})\b", re.I) for name, cue in _CUES.items()}


def asked(question: str) -> str | None:
    """The family relation the question names ("parent" for "father" or "mother"; the last
    step of one of two steps, "parent" for "father-in-law"), or None. A quoted title's words
    are no relation: "Who was Audrey Williams pregnant with during the recording of \"Dear
    Brother\"?" asks for no sibling."""
    both = steps(question)
    if both is not None:
        return both[1]
    unquoted = _QUOTED.sub(" ", question)
    if _TWO_STEPS.search(unquoted):
        return None
    found = _WORD.search(unquoted)
    return _ASKED[found.group(1).casefold()] if found else None


def states(relation: str, text: str) -> bool:
    """The text states the relation, by its own word or its converse's."""
    return bool(_STATES[relation].search(text))


def steps(question: str) -> tuple[str, str] | None:
    """The two relations a relation of two steps goes through, first and last ("spouse",
    "parent" for a father-in-law), or None."""
    unquoted = _QUOTED.sub(" ", question)
    return next((both for words, both in _STEPS if words.search(unquoted)), None)


def introduces(relation: str, text: str, name: str) -> bool:
    """The text names ``name`` as the relative ``relation`` says: the relation's word, then at
    most BETWEEN words, then the name ("son of king Gundobad" introduces a parent)."""
    pattern = rf"\b(?:{_CUES[relation]})\b\W+(?:[\w.'’-]+\W+){{0,{BETWEEN}}}?{re.escape(name)}"
    return re.search(pattern, text, re.I) is not None
