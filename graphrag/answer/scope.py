"""A law's scope: "Gilt das Gleichbehandlungsgesetz auch im Bildungsbereich?" asks whom or
what a law covers, and the law answers in the provision that says so ("§ 2
Anwendungsbereich", "§ 23 Geltungsbereich", "§ 18 Nichtanwendung des Gesetzes") or in a
sentence that takes cases out of it ("Die Vorschriften dieses Abschnitts finden keine
Anwendung auf ..."), not in the rule about the thing the question goes on to name.

>>> asks_scope("Gilt das Gleichbehandlungsgesetz auch im Bildungsbereich?")
True
>>> asks_scope("Do the German working time rules also cover our senior executives?")
True
>>> asks_scope("Gilt für meine Klage trotzdem die Frist aus dem Kündigungsschutzgesetz?")
False
>>> asks_scope("Gilt das trotzdem als Diskriminierung?")
False
>>> states_scope("Kündigungsschutzgesetz (KSchG) § 23 Geltungsbereich", "(1) Die Vorschriften ...")
True
>>> states_scope("Arbeitszeitgesetz (ArbZG) § 3 Arbeitszeit der Arbeitnehmer", "(1) ...")
False
>>> asks_applicability("Ab welcher Betriebsgröße gilt das Kündigungsverbot?")
True
>>> asks_applicability("Ich leite ein Team von sechs Leuten. Darf ich den Urlaub ablehnen?")
False
"""

from __future__ import annotations

import re

from graphrag.answer.headcount import asks_workforce

# what a question may name as the thing that applies: a law ("Arbeitszeitgesetz", "das AGG"),
# or the protection or ban a law is known by ("der Kündigungsschutz", "das
# Benachteiligungsverbot"); a law's abbreviation ends in G ("KSchG", "TzBfG")
_LAW = (
    r"(?:\w*gesetz\w*|(?-i:[A-ZÄÖÜ][A-Za-zäöü]{1,11}G)|kündigungsschutz\w*|"
    r"(?:benachteiligungs|diskriminierungs)verbot\w*|(?:schutz\s+vor\s+)?diskriminierungsschutz)"
)
# "Gilt das AGG auch für ...?", "Gilt für mich überhaupt das Arbeitszeitgesetz?", "Greift
# der Kündigungsschutz ...?": the law is what applies, a few words after the verb; "die Frist
# aus dem Kündigungsschutzgesetz" is a rule of the law, "gilt ... als" a definition
_APPLIES_DE = re.compile(
    rf"\b(?:gilt|gelten|greift|greifen)\s+(?:[\wäöüß]+\s+){{0,4}}?(?:das|der|die|den|dem)\s+"
    rf"(?:[\wäöüß]+\s+)?{_LAW}\b(?![^?.]*\bals\b)|"
    rf"\b(?:fällt|fallen|falle)\b[^?.]{{0,40}}\bunter\s+(?:das|den|die)\s+(?:[\wäöüß]+\s+)?{_LAW}\b|"
    rf"\b{_LAW}\s+(?:[\wäöüß]+\s+){{0,3}}?(?:anwendbar|anzuwenden)\b",
    re.I,
)
# "Does the German Working Hours Act apply to me?", "Am I protected by the unfair dismissal
# rules?", "... governed only by the Federal Leave Act"
_APPLIES_EN = re.compile(
    r"\b(?:act|law|laws|rules|protection|legislation)\b[^?.]{0,40}\b(?:apply|applies|cover|"
    r"covers)\b|\b(?:protected|covered|governed)\s+(?:only\s+)?by\b[^?.]{0,40}\b(?:act|law|"
    r"laws|rules|legislation)\b",
    re.I,
)
# a provision about the law's (or a right's) scope, by its heading: "§ 23 Geltungsbereich",
# "§ 12 Reichweite" (of the right to know what colleagues earn); the scope itself before the
# provisions that exempt from it ("§ 22 Ausnahmebetriebe")
SCOPE_HEADINGS = (
    "anwendungsbereich",
    "geltungsbereich",
    "reichweite",
    "scope",
    "nichtanwendung",
    "ausnahmebetriebe",
)
_SCOPE_HEADING = re.compile(rf"\b(?:{'|'.join(SCOPE_HEADINGS)})\b", re.I)
# a sentence that takes cases out of a law or a part of it, or says what the law applies to
_SCOPE_SENTENCE = re.compile(
    r"\bkeine\s+anwendung\b|\bnicht\s+anzuwenden\s+auf\b|\bdieses\s+gesetz\s+gilt\b|"
    r"\bvorschriften\s+dieses\s+(?:gesetzes|abschnitts)\s+gelten\b|\bdoes\s+not\s+apply\s+to\b",
    re.I,
)


def asks_scope(question: str) -> bool:
    """The question asks whether a law (or the protection it gives) applies to a case."""
    return bool(_APPLIES_DE.search(question) or _APPLIES_EN.search(question))


def asks_applicability(question: str) -> bool:
    """The question asks whether a law applies (``asks_scope``) or from what size of
    workforce on (``headcount.asks_workforce``): the law's scope provision answers it,
    whatever words the question shares with it. A workforce the asker only states ("ein
    Team von sechs Leuten") asks no such thing: read as one, it brought a scope provision
    before the rule asked about (BENCHMARKS.md, session 68)."""
    return asks_workforce(question) or asks_scope(question)


def states_scope(heading: str, sentence: str) -> bool:
    """The sentence belongs to a provision on the law's scope or takes cases out of it."""
    return bool(_SCOPE_HEADING.search(heading) or _SCOPE_SENTENCE.search(sentence))
