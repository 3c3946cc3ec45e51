"""Language identification for documents and questions (py3langid, model shipped in the wheel).

>>> detect("Die Kündigung ist sozial ungerechtfertigt, wenn sie nicht begründet ist.")
'de'
>>> detect("The notice period is three weeks after the dismissal.")
'en'
>>> detect("   ")
'und'
"""

from __future__ import annotations

from functools import cache
from typing import Any

SUPPORTED = ("de", "en", "fr", "nl", "it", "es")


@cache
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    identifier.set_languages(list(SUPPORTED))
    return identifier


def detect(text: str, default: str = "und") -> str:
    """ISO 639-1 code of the text's language, ``default`` when there is too little text."""
    sample = text[:5000]
    if sum(ch.isalpha() for ch in sample) < 12:
        return default
    lang, prob = _identifier().classify(sample)
    return str(lang) if prob >= 0.5 else default
