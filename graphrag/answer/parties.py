"""Who acts: the party whose duty or right a question asks about, and the party a sentence
gives it to.

An employee asks in the first person ("Wie früh muss ich es sagen?"); a question asks about
the employer when the employer is its subject ("Muss mein Arbeitgeber ...?"). A law sentence
names the party that acts in the nominative: in "hat der Arbeitgeber dem Arbeitnehmer ...
mitzuteilen" the employer acts and the employee receives.

>>> other_actor("Wie früh muss ich es sagen?", "Der Arbeitgeber hat es mitzuteilen.")
True
>>> other_actor("Wie früh muss ich es sagen?", "Der Arbeitnehmer muss es mitteilen.")
False
"""

from __future__ import annotations

import re
from collections.abc import Callable

from graphrag.answer.asks import last_question

_EMPLOYER_ASKS = re.compile(
    r"\b(?:mein|unser|my|our)\s+(?:arbeitgeber|chef|vorgesetzter|betrieb|employer|boss|"
    r"manager|company|dienstgeber)\b|\b(?:meine|unsere)\s+(?:firma|chefin|vorgesetzte|"
    r"arbeitgeberin|dienstgeberin)\b|"
    # the subject right after the question's verb: "Muss mir die Firma ...?", "Darf der Chef
    # ...?", "Kann sein Arbeitgeber ...?" (asked for someone else), "Does the company ...?"
    r"\b(?:muss|müssen|darf|dürfen|kann|können|soll|sollte|does|do|can|may|must|should|will)"
    r"\s+(?:(?:mir|mich|uns|ihm|ihr|ihn|es|das|da|denn|eigentlich|dann|jetzt)\s+)*"
    r"(?:die|der|das|sein|seine|ihr|ihre|the|his|her|their)\s+(?:firma|chef|chefin|arbeitgeber|"
    r"arbeitgeberin|vorgesetzte|vorgesetzter|unternehmen|betrieb|company|employer|boss|"
    r"manager|dienstgeber|dienstgeberin)\b|"
    # "Dürfen wir als Arbeitgeber ...?"
    r"\b(?:wir|we)\s+(?:\w+\s+){0,2}als\s+(?:arbeitgeber|firma|unternehmen|betrieb)\b|"
    r"\bwe\s+as\s+(?:the\s+|an\s+)?(?:employer|company)\b",
    re.I,
)
_EMPLOYEE_ASKS = re.compile(r"\b(?:ich|i)\b", re.I)
# a clause that sets a condition before the main clause ("Wenn ich krank bin, ...")
_CONDITION_FIRST = re.compile(
    r"^\s*(?:wenn|falls|sobald|solange|nachdem|weil|obwohl|if|when|while|once|because|"
    r"although|after)\b[^,]*,\s*",
    re.I,
)
_ACTOR = {
    "employer": re.compile(r"\b(?:der|ein)\s+arbeitgeber\b|\bthe employer\b", re.I),
    "employee": re.compile(
        r"\b(?:der|ein)\s+(?:\w+\s+)?arbeitnehmer\b|\b(?:der oder )?die\s+beschäftigte\b|"
        r"\bdie\s+beschäftigten\b|\bthe employee\b",
        re.I,
    ),
}


def actor(question: str) -> str | None:
    """Whose duty or right the asking sentence asks about: "employer", "employee" or None."""
    # whichever the main clause names first acts: "Muss mein Arbeitgeber mir ...?" asks of
    # the employer, "Do I have to tell my employer ...?" and "Kann ich verlangen, dass mein
    # Arbeitgeber ...?" of the employee; a clause that sets a condition first ("Wenn ich
    # krank bin, muss mein Arbeitgeber ...?") names no one who acts
    asking = _CONDITION_FIRST.sub("", last_question(question))
    found = [
        (m.start(), party)
        for party, pattern in (("employer", _EMPLOYER_ASKS), ("employee", _EMPLOYEE_ASKS))
        if (m := pattern.search(asking)) is not None
    ]
    return min(found)[1] if found else None


def other_actor(question: str, sentence: str) -> bool:
    """The sentence gives the other party the duty or right the question asks about."""
    return acts_other(actor(question), sentence)


def acts_other(asker: str | None, sentence: str) -> bool:
    """The sentence names the other party than ``asker`` as the one who acts, and not the
    asker's own (``actor`` of the question, read once for all the candidates)."""
    if asker is None:
        return False
    other = "employer" if asker == "employee" else "employee"
    return bool(_ACTOR[other].search(sentence)) and not _ACTOR[asker].search(sentence)


# a person named with what sets them apart: "Nachtarbeitnehmer", "Heimarbeiter",
# "teilzeitbeschäftigte", "Leiharbeitnehmerin" (the part before the person is the mark)
_MARKED_PERSON = re.compile(
    r"\b(?P<mark>[a-zäöüß]{3,}?)(?:arbeitnehmer|beschäftigt|arbeiter|gewerbetreibend)\w*\b|"
    r"\b(?:arbeitnehmer|arbeitgeber|beschäftigte)\w*\b",
    re.I,
)
_WORD = re.compile(r"\w+")


def narrowed(question: str, sentence: str) -> bool:
    """The first person the sentence names is a group marked off by what the question does
    not say: "Die werktägliche Arbeitszeit der Nachtarbeitnehmer ..." is about night workers,
    not about an asker who never spoke of nights; "Ein teilzeitbeschäftigter Arbeitnehmer ..."
    answers one who works part-time.

    >>> narrowed("Wie lange darf ich am Tag arbeiten?", "Die Arbeitszeit der Nachtarbeitnehmer")
    True
    >>> narrowed("Ich arbeite nachts. Wie lange?", "Die Arbeitszeit der Nachtarbeitnehmer")
    False
    >>> narrowed("Wie lange?", "Der Arbeitgeber hat den Nachtarbeitnehmer umzusetzen")
    False
    """
    return narrows(question)(sentence)


def narrows(question: str) -> Callable[[str], bool]:
    """``narrowed`` for one question, its words read once: the answerer judges every
    candidate sentence by it."""
    asked = {w.casefold() for w in _WORD.findall(question)}

    def marked_off(sentence: str) -> bool:
        first = _MARKED_PERSON.search(sentence)
        if first is None or not first.group("mark"):
            return False
        mark = first.group("mark").casefold()
        # the mark as the question's word begins ("nachts", "Teilzeit") or within one of its
        # words
        return not any(w.startswith(mark[:5]) or mark in w for w in asked)

    return marked_off
