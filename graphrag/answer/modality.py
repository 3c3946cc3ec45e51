"""Which modality a yes/no question asks about, and whether a sentence states it.

"Darf ich pro Stunde weniger bekommen?" asks for a permission or a prohibition: "darf ...
nicht schlechter behandelt werden" answers it, a counting rule about part-timers ("sind ... zu
berücksichtigen") does not. "Muss ich einspringen?" asks for a duty: "sind ... zur Vertretung
verpflichtet" answers it. Nearly every legal sentence states some rule, so the kind of answer
(``asks.holds``) cannot tell these apart; the modality can.

>>> asked_modality("Ich arbeite halbtags. Darf ich weniger bekommen?")
'may'
>>> asked_modality("Muss mir die Firma Bescheid sagen?"), asked_modality("Do I have to work?")
('must', 'must')
>>> asked_modality("Wie lange dauert der Urlaub?") is None
True
>>> states("may", "Er darf wegen der Teilzeitarbeit nicht schlechter behandelt werden.")
True
>>> states("must", "Die Nachweise sind mindestens zwei Jahre aufzubewahren.")
True
>>> states("must", "Erkrankt ein Arbeitnehmer, so werden die Tage nicht angerechnet.")
False
"""

from __future__ import annotations

import re
from typing import Literal

from graphrag.answer.asks import OBLIGATION, last_question

Modality = Literal["may", "must"]

# the modal verb of the asking sentence; "kann ich ... verlangen" asks for a right as "darf"
_ASKS: dict[Modality, re.Pattern[str]] = {
    "must": re.compile(
        r"\b(?:muss|müssen|musst|verpflichtet|have to|has to|must|required|obliged|"
        r"need to)\b",
        re.I,
    ),
    "may": re.compile(
        r"\b(?:darf|dürfen|darfst|kann|können|kannst|erlaubt|zulässig|may|can|could|"
        r"allowed|permitted)\b",
        re.I,
    ),
}
_STATES: dict[Modality, re.Pattern[str]] = {
    "must": re.compile(
        r"\b(?:muss|müssen|verpflichtet|verpflichten|hat\s+sicherzustellen|soll|sollen|"
        r"bedarf|must|shall|required|obliged)\b",
        re.I,
    ),
    "may": re.compile(
        r"\b(?:darf|dürfen|kann|können|berechtigt|zulässig|unzulässig|erlaubt|verboten|"
        r"anspruch|may|can(?:not)?|entitled|prohibited|permitted)\b",
        re.I,
    ),
}


def asked_modality(question: str) -> Modality | None:
    """Whether the asking sentence asks for a duty ("must"), a permission or right ("may"),
    or neither."""
    asking = last_question(question)
    for modality in ("must", "may"):
        if _ASKS[modality].search(asking):
            return modality
    return None


def states(modality: Modality, sentence: str) -> bool:
    """The sentence states a rule of that modality (a duty also as "ist ... zu tun")."""
    if _STATES[modality].search(sentence):
        return True
    return modality == "must" and bool(OBLIGATION.search(sentence))
