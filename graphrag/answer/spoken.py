"""A question spoken to an assistant, read as it was meant: without the sounds of speech.

The recogniser writes a spoken question down with its hesitation sounds ("ich hab äh die
Kündigung ...") and the words that open speech ("okay so um can i ...", "ähm also ..."),
which ask nothing. The asking sentence (``asks``) and a chat's follow-up (``conversation``)
are both read without them.
"""

from __future__ import annotations

import re

from ingestion.language import detect

# "um" is a sound only in English: in German it is a preposition ("um 6 Uhr", "Um wie viel
# Uhr ...?")
_HESITATION = r"ä+h+m*|ö+h+m*|e+h+m+|u+h+m*|u+m{2,}|e+r+m+|h+m{2,}"
_SOUND = {
    language: re.compile(rf"(?<![\w-])(?:{sounds})(?![\w-])[\s,]*", re.I)
    for language, sounds in (("de", _HESITATION), ("en", rf"{_HESITATION}|um"))
}
_SPOKEN_OPENER = re.compile(
    r"^(?:(?:okay|ok|also|well|hey|naja|na\s+ja|sag\s+mal)(?=[\s,])[\s,]*)+"
    r"(?:so(?=[\s,])[\s,]*)?",
    re.I,
)


def fluent(sentence: str) -> str:
    """The sentence without the hesitation sounds and the opening words of speech; as it is
    when it has none."""
    sound = _SOUND["de"]
    if _SOUND["en"].search(sentence) and detect(sentence, default="de") == "en":
        sound = _SOUND["en"]
    if not sound.search(sentence) and not _SPOKEN_OPENER.match(sentence):
        return sentence
    return _SPOKEN_OPENER.sub("", sound.sub("", sentence)).strip() or sentence
