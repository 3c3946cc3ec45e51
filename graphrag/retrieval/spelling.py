"""A misspelled word of a question read as the word meant: "Urlaubstgae" as "Urlaubstage",
"Pasue" as "Pause", "Zwichen" as "zwischen".

People type questions in a hurry. A misspelled word matches no keyword of the documents, and
the answerer takes a word no evidence mentions for something the documents do not cover: a
question with one swapped letter was answered "not in the documents" (held-out set 71, five of
twelve answerable questions). Each word of the question is looked up in wordfreq's word list
of the question's language (its data ships in the wheel); a rare word one edit away (a letter
dropped, added, changed or two swapped) from a common one is read as that word, when the common
one is at least a hundred times as frequent and common itself. Left as typed: a word common in
the language or in English (German questions use English workplace words), a capitalised word
of an English question (a name), a word with a capital or a digit inside ("EntgTranspG"), a
short word, a German word typed without its umlauts ("naechstem"), and a German verb's first
person ("teilnehme": its infinitive "teilnehmen" is a word, its neighbour "Teilnehmer" is
another).

The question is read so for the search and the answer both; the caller shows the reading
(``Spelled.changed``) next to the answer, as a search engine says what it searched for.

>>> Speller().correct("Wie lange Pasue steht mir zu?", "de").text
'Wie lange Pause steht mir zu?'
>>> Speller().correct("Wenn ich an der Versammlung teilnehme?", "de").changed
False
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

LANGUAGES = ("de", "en")
_LETTERS = {"de": "abcdefghijklmnopqrstuvwxyzäöü", "en": "abcdefghijklmnopqrstuvwxyz"}
_WORD = re.compile(r"\b[^\W\d_]+\b")
MIN_LENGTH = 4  # "Tga" could be too many words
# Zipf frequencies (log10 per billion words): a word this common is no misspelling
KNOWN = 2.5
# the word meant is at least this common, and this much more common than the word typed
MEANT = 2.5
MARGIN = 2.0
# what a slip costs the word it would be (``_edits``): a letter added, a neighbouring key, a
# key far away
ADDED = 1.0
NEIGHBOUR = 0.5
FAR = 1.5
# an infinitive this common makes a word ending in "e" its first person
VERB = 2.0


@dataclass(frozen=True)
class Spelled:
    """A text as read: ``corrections`` pairs each word as typed with the word read."""

    text: str
    corrections: tuple[tuple[str, str], ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.corrections)


class Speller:
    """Reads misspelled words of German and English text; other languages stay as typed. The
    word lists load on the first word looked up (~0.3 s, once per process)."""

    def correct(
        self, text: str, language: str, used: Callable[[str], bool] | None = None
    ) -> Spelled:
        """``text`` as read. ``used``: whether the documents use a word; asked only of a word
        that would be read as another. A word they use as typed stays ("urease" is no
        "grease" in a corpus of biology); an English word is read as another only when they
        use that one ("sorting nexin" is no "Nevin"), while a German word's parts hide in
        compounds ("Pause" is in "Ruhepausen")."""
        if language not in LANGUAGES:
            return Spelled(text)
        corrections: list[tuple[str, str]] = []

        def read(m: re.Match[str]) -> str:
            typed = m.group(0)
            meant = self.word(typed, language)
            if meant is None:
                return typed
            if used is not None and (used(typed) or (language == "en" and not used(meant))):
                return typed
            corrections.append((typed, meant))
            return meant

        out = _WORD.sub(read, text)
        return Spelled(out, tuple(corrections))

    def word(self, typed: str, language: str) -> str | None:
        """The word meant, when ``typed`` is a misspelling of it; else None."""
        if len(typed) < MIN_LENGTH or any(c.isupper() for c in typed[1:]):
            return None
        if language == "en" and typed[0].isupper():
            return None
        lower = typed.lower()
        own = zipf(lower, language)
        if own >= KNOWN or zipf(lower, "en" if language != "en" else "de") >= KNOWN:
            return None
        if language == "de" and (_first_person(lower) or _umlauts(lower) >= KNOWN):
            return None
        scored = []
        for candidate, cost in _edits(lower, language).items():
            frequency = zipf(candidate, language)
            value = frequency - cost
            if frequency >= MEANT and value >= own + MARGIN:
                scored.append((value, candidate))
        if not scored:
            return None
        best = max(scored)[1]
        return best[0].upper() + best[1:] if typed[0].isupper() else best


def _first_person(word: str) -> bool:
    """A German verb's first person: its infinitive is a word ("teilnehme": "teilnehmen",
    "kellnere": "kellnern")."""
    if not word.endswith("e"):
        return False
    return any(zipf(infinitive, "de") >= VERB for infinitive in (word + "n", word[:-1] + "n"))


def _umlauts(word: str) -> float:
    """The Zipf frequency of a German word typed without umlauts ("naechstem"), written with
    them ("nächstem"); 0 when it has no "ae", "oe" or "ue"."""
    written = word.replace("ae", "ä").replace("oe", "ö").replace("ue", "ü")
    return zipf(written, "de") if written != word else 0.0


def zipf(word: str, language: str) -> float:
    """The word's Zipf frequency in the language (0 when wordfreq does not list it)."""
    frequency = _frequencies(language).get(word.replace("ß", "ss") if language == "de" else word)
    return math.log10(frequency * 1e9) if frequency else 0.0


@cache
def _frequencies(language: str) -> dict[str, float]:
    from wordfreq import get_frequency_dict  # its word lists ship in the wheel

    return get_frequency_dict(language, "best")


def _edits(word: str, language: str) -> dict[str, float]:
    """Every word one edit away, with how unlikely a slip of the fingers makes it (in Zipf
    units): two letters swapped or one dropped are the common slips (free); a letter typed
    twice too ("Arbeitgeeber"); another letter added, or a neighbouring key hit instead, less
    so, and a vowel for another (people spell "sponsered" as they say it); a key far away
    least ("baise" is "base" sooner than "raise", "Artz" "Arzt", not "Art")."""
    letters = _LETTERS[language]
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out: dict[str, float] = {}

    def add(candidate: str, cost: float) -> None:
        if candidate != word and cost < out.get(candidate, math.inf):
            out[candidate] = cost

    for left, right in splits:
        if len(right) > 1:
            add(left + right[1] + right[0] + right[2:], 0.0)
        for c in letters:
            add(left + c + right, 0.0)
        if right:
            doubled = right[0] == (left[-1:] or None) or right[1:2] == right[0]
            add(left + right[1:], 0.0 if doubled else ADDED)
            for c in letters:
                near = _neighbours(c, right[0]) or {c, right[0]} <= _VOWELS
                add(left + c + right[1:], NEIGHBOUR if near else FAR)
    return out


# the keyboard's letter rows (German QWERTZ; an English QWERTY differs only in y and z)
_ROWS = ("qwertzuiopü", "asdfghjklöä", "yxcvbnm")
_KEYS = {c: (r, i + r / 2) for r, row in enumerate(_ROWS) for i, c in enumerate(row)}
_VOWELS = set("aeiouäöüy")


def _neighbours(a: str, b: str) -> bool:
    """Two keys side by side or diagonally next to each other on the keyboard."""
    if a not in _KEYS or b not in _KEYS:
        return False
    (ra, ca), (rb, cb) = _KEYS[a], _KEYS[b]
    return abs(ra - rb) <= 1 and abs(ca - cb) <= 1
