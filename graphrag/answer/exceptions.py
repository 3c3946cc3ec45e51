"""Exceptions to a rule: a sentence that departs from another provision ("abweichend von
§ 9 dürfen Arbeitnehmer ... beschäftigt werden") answers only who asks about that departure.

A law states its rule, then the cases that depart from it, each under its own condition (a
collective agreement, the supervisory authority's permission, a bakery, a ship). A question
that asks about the rule ("Brauche ich zwischen zwei Schichten elf oder zwölf Stunden frei?")
is answered by the rule; the departure answers one that asks about exceptions or names who
departs (the collective agreement, the works council, the authority, the government).

>>> departure = "Im Tarifvertrag kann abweichend von § 5 die Ruhezeit gekürzt werden."
>>> off = departs("Brauche ich zwischen Spätschicht und Frühschicht elf Stunden frei?")
>>> off(departure), off("Die Ruhezeit beträgt mindestens elf Stunden.")
(True, False)
>>> departs("Darf unser Tarifvertrag etwas anderes vorsehen?")(departure)
False
"""

from __future__ import annotations

import re
from collections.abc import Callable

# the words a law departs from another provision with
_DEPARTS = re.compile(r"\babweichend\s+von\b|\bin\s+Abweichung\s+von\b", re.I)
# a question that asks about exceptions itself
_ASKS_EXCEPTION = re.compile(
    r"ausnahm|abweich|abgewichen|sonderregel|exception|exempt|deviat|derogat|waive", re.I
)
# who may depart, as a sentence names them and as a question may: a question that names one
# asks what that one may allow
_AGENTS = (
    (
        re.compile(r"tarif|betriebsvereinbarung|dienstvereinbarung", re.I),
        re.compile(
            r"tarif|betriebsvereinbarung|dienstvereinbarung|collective|kollektivvertrag", re.I
        ),
    ),
    (
        re.compile(r"aufsichtsbehörde|behörde", re.I),
        re.compile(r"behörde|gewerbeaufsicht|amt\b|authorit", re.I),
    ),
    (
        re.compile(r"betriebsrat|personalrat", re.I),
        re.compile(r"betriebsrat|personalrat|works council|staff council", re.I),
    ),
    (
        re.compile(r"rechtsverordnung|bundesregierung|bundesministerium", re.I),
        re.compile(r"verordnung|regierung|ministeri|government|ministry|regulation", re.I),
    ),
)


# a departure for a newly founded business, which a law grants without "abweichend von"
# ("In den ersten vier Jahren nach der Gründung eines Unternehmens ist die kalendermäßige
# Befristung ... bis zur Dauer von vier Jahren zulässig"), and a question that speaks of one
_FOUNDING = re.compile(r"\bgründung\s+(?:eines|des|der)\s+unternehmens\b|\bneu\s+gegründet", re.I)
_ASKS_FOUNDING = re.compile(
    r"gründ|start-?up|neu\w*\s+(?:firma|unternehmen|betrieb)|jung\w*\s+(?:firma|unternehmen)|"
    r"\bfounded|\bfounding|\bnew\s+(?:company|business|firm)",
    re.I,
)


def departs(question: str) -> Callable[[str], bool]:
    """Whether a sentence departs from another provision where the question asks neither
    about exceptions nor names who departs, or grants a newly founded business what the rule
    does not where the question does not speak of one; the question is read once, every
    candidate sentence judged by it.

    >>> new = "In den ersten vier Jahren nach der Gründung eines Unternehmens ist ... zulässig."
    >>> departs("Wie lange darf ein Vertrag ohne Grund befristet werden?")(new)
    True
    >>> departs("Wir sind ein Start-up. Wie lange dürfen wir ohne Grund befristen?")(new)
    False
    """
    if _ASKS_EXCEPTION.search(question):
        return lambda sentence: False
    named = [in_sentence for in_sentence, in_question in _AGENTS if in_question.search(question)]
    founding = _ASKS_FOUNDING.search(question) is not None

    def off_case(sentence: str) -> bool:
        if not founding and _FOUNDING.search(sentence):
            return True
        if not _DEPARTS.search(sentence):
            return False
        return not any(agent.search(sentence) for agent in named)

    return off_case
