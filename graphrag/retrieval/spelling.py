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
# a word one letter shorter than the one typed: people drop letters more often than they add
# them ("Artz" is "Arzt", not "Art")
SHORTER = 1.0
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
        for candidate in _edits(lower, _LETTERS[language]):
            frequency = zipf(candidate, language)
            value = frequency - (SHORTER if len(candidate) < len(lower) else 0.0)
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


def _edits(word: str, letters: str) -> set[str]:
    """Every word one edit away: a letter dropped, two swapped, one changed, one added."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {left + right[1:] for left, right in splits if right}
    out |= {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1}
    out |= {left + c + right[1:] for left, right in splits if right for c in letters}
    out |= {left + c + right for left, right in splits for c in letters}
    out.discard(word)
    return out
