"""The form a declaration takes: "In welcher Form muss ich fragen?", "Reicht eine E-Mail?",
"Can I just ask HR on the phone?" ask whether it must be in writing, and the law answers with
the form it prescribes ("Das Auskunftsverlangen hat in Textform zu erfolgen.", "bedarf zu
ihrer Wirksamkeit der Schriftform", "schriftlich zu unterrichten"), not with the rule about
the declaration's content or its deadline.

The caller passes the asking sentence (``asks.last_question``): "Ich habe schriftlich
zugestimmt. Kann ich das wieder zurücknehmen?" names a form only in what it tells.

>>> asks_form("In welcher Form muss ich fragen?")
True
>>> asks_form("Can I just ask HR on the phone?"), asks_form("Befristung mündlich wirksam?")
(True, True)
>>> asks_form("Kann ich das wieder zurücknehmen?")
False
>>> states_form("Das Auskunftsverlangen hat in Textform zu erfolgen.")
True
>>> states_form("innerhalb von drei Wochen nach Zugang der schriftlichen Kündigung")
False
"""

from __future__ import annotations

import re

# the asking sentence names a form or a channel, or asks for the form itself ("written by"
# asks for an author)
_ASKS = re.compile(
    r"\b(?:in\s+welcher\s+form|welche\s+form|formvorschrift\w*|formlos|mündlich\w*|"
    r"schriftlich|telefonisch|am\s+telefon|per\s+(?:e-?mail|mail|telefon|whatsapp|sms|brief|"
    r"handschlag)|e-?mail|whatsapp|sms|handschlag|in\s+what\s+form|what\s+form|in\s+writing|"
    r"written\s+(?:form|notice|request)|verbally|orally|on\s+the\s+phone|by\s+(?:phone|e-?mail|"
    r"text|letter)|text\s+message|handshake)\b",
    re.I,
)
# the form a law prescribes: "schriftlich" said of the act ("schriftlich zu unterrichten",
# "schriftlich oder in Textform"), "in Textform", "der Schriftform", "in writing"; "der
# schriftlichen Kündigung" names a letter that was sent, no form required
_STATES = re.compile(
    r"\bschriftlich\b(?!\w)|\btextform\b|\bschriftform\b|\belektronische[rn]?\s+form\b|"
    r"\bin\s+writing\b|\bwritten\s+form\b",
    re.I,
)


def asks_form(asking: str) -> bool:
    """The asking sentence asks what form a declaration takes."""
    return bool(_ASKS.search(asking))


def states_form(sentence: str) -> bool:
    """The sentence prescribes a declaration's form."""
    return bool(_STATES.search(sentence))
