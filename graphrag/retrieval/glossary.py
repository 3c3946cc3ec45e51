"""Everyday words a question uses -> the words the documents use: "Chef" is "Arbeitgeber",
"Teilzeit" is "Verringerung der Arbeitszeit", "krank" is "Arbeitsunfähigkeit".

An employee asks the way people speak; a statute or an HR policy says it its own way, and the
keyword branch finds nothing in common. The glossary adds the documents' words to the keyword
(BM25) query only: the dense branch reads the question as asked, and no word of the question is
dropped. A question word matches an entry itself, or, without an entry of its own, as the head
of a compound ("Ferienjob" ends in "job"; "verkürzen" has its own and is no "kürzen"); an entry
of several words ("weniger arbeiten") matches those words in that order, since people say many
things in phrases no single word of which means it. The built-in German glossary is general
vocabulary of the field, on in the keyword query by default; a deployment adds its own
(``GRAPHRAG_GLOSSARY``: a YAML mapping of word to terms).

An English question over German documents has no keyword in common with them at all; the
English-German glossary (``across("en", "de")``) gives the German terms for a second keyword
query in German. English words match whole only: "rest" is no head of "interest". A German
question says many things of the workplace in English ("Mein Part-time Request wurde
abgelehnt"): a word the German glossary does not read at all (no entry, no compound's head) is
read by the English one, as a loanword, whole, when it is one: used at least ten times as often
in English as in German (wordfreq), so "Overtime" and "Request" are, "Position" and "plant"
("die Firma plant") are not.

A word of an entry may name alternatives with ``|``: "working hours act|law" is the entry
"working hours act" and the entry "working hours law".

>>> Glossary({"chef": ["arbeitgeber"], "job": ["arbeitsverhältnis"]}).expand(
...     "Darf mein Chef mir den Nebenjob verbieten?")
['arbeitgeber', 'arbeitsverhältnis']
>>> Glossary({"weniger arbeiten": ["verringerung"]}).said("Ich will weniger zu arbeiten.")
[Said(key='weniger arbeiten', terms=['verringerung'], head='arbeiten')]
>>> Glossary({"leave act|law": ["bundesurlaubsgesetz"]}).expand("Which leave law applies?")
['bundesurlaubsgesetz']
"""

from __future__ import annotations

import re
from functools import cache
from itertools import product
from pathlib import Path
from typing import NamedTuple

import yaml

from graphrag.errors import ConfigError

BUILT_IN = Path(__file__).with_name("glossary_de.yaml")
# question language -> documents' language -> the glossary between them
ACROSS = {("en", "de"): Path(__file__).with_name("glossary_en_de.yaml")}
# a compound's head must be this long to count ("Nebenjob" -> "job" is fine, "Tag" in "Vertrag"
# is not: heads shorter than this match only as whole words)
MIN_HEAD = 3
_WORD = re.compile(r"[^\W\d_][\w-]*")
# Zipf frequencies are log10: a loanword is used ten times as often in its own language
LOAN_ZIPF = 1.0


class Said(NamedTuple):
    """An entry of several words a question says."""

    key: str
    terms: list[str]
    head: str  # the question's word that ends it: it means what the entry means


class Glossary:
    def __init__(
        self,
        entries: dict[str, list[str]],
        *,
        compounds: bool = True,
        loans: Glossary | None = None,
    ) -> None:
        folded = {
            " ".join(words): [t.casefold() for t in v]
            for k, v in entries.items()
            for words in product(*(w.split("|") for w in k.casefold().split()))
        }
        self.entries = {k: v for k, v in folded.items() if " " not in k}
        self.phrase_entries = {k: v for k, v in folded.items() if " " in k}
        self.compounds = compounds  # a compound ending in an entry counts as the entry
        # another language's glossary for the words this one does not read ("Overtime")
        self.loans = loans

    def expand(self, question: str) -> list[str]:
        """The documents' terms for the everyday words of ``question``, each once, in order;
        terms the question already uses are left out. The last word of an entry of several
        words the question says is its head, and means what the entry means, not what it
        means alone: "the anti-discrimination agency" is no temp agency; the words before it
        keep their own sense ("equal" in "equal treatment act")."""
        words = [w.casefold() for w in _WORD.findall(question)]
        have = set(words)
        out: list[str] = []
        said = self.said(question)
        for entry in said:
            out += [t for t in entry.terms if t not in have and t not in out]
        heads = {entry.head for entry in said}
        for word in words:
            if word not in heads:
                out += [t for t in self.of_word(word) if t not in have and t not in out]
        return out

    def said(self, question: str) -> list[Said]:
        """Each entry of several words the question says in order, at most two words apart,
        the last one inflected or not ("weniger arbeiten" matches "weniger zu arbeiten" and
        "weniger arbeite"), with the word that ends it there (its head)."""
        text = " ".join(w.casefold() for w in _WORD.findall(question))
        out = []
        for key, targets in self.phrase_entries.items():
            *head, last = key.split()
            stem = re.escape(last[: max(4, len(last) - 2)])
            pattern = r"\b" + r"\s+(?:\w+\s+){0,2}?".join([*map(re.escape, head), stem]) + r"\w*\b"
            found = re.search(pattern, text)
            if found is not None:
                out.append(Said(key, targets, found.group(0).split()[-1]))
        if self.loans is not None:
            out += [s for s in self.loans.said(question) if all(map(loanword, s.key.split()))]
        return out

    def lists(self, word: str) -> bool:
        """The word is an entry of its own (or a loanword's), not only a compound ending in one."""
        word = word.casefold()
        if word in self.entries:
            return True
        return (
            self.loans is not None
            and not self._heads(word)
            and self.loans.lists(word)
            and loanword(word)
        )

    def of_word(self, word: str) -> list[str]:
        """The documents' terms for one word (itself an entry, or a compound ending in one)."""
        word = word.casefold()
        if word in self.entries:
            # a word with an entry of its own means what the entry says: "verkürzen" (hours)
            # is not a compound of "kürzen" (a rest period cut short)
            return list(self.entries[word])
        out = self._heads(word)
        if not out and self.loans is not None:
            # the word lists load on first use (~0.4 s): only for a word the loans read
            borrowed = self.loans.of_word(word)
            return borrowed if borrowed and loanword(word) else []
        return out

    def _heads(self, word: str) -> list[str]:
        """What the entries a compound ends in say (none without compounds)."""
        out: list[str] = []
        if not self.compounds:
            return out
        for key, targets in self.entries.items():
            if len(key) >= MIN_HEAD and len(word) > len(key) + 2 and word.endswith(key):
                out += [t for t in targets if t not in out]
        return out


@cache
def loanword(word: str, source: str = "en", language: str = "de") -> bool:
    """``word`` is used at least ten times as often in ``source`` as in ``language``.

    >>> loanword("overtime"), loanword("position"), loanword("plant")
    (True, False, False)
    """
    from wordfreq import zipf_frequency  # loads its word lists on first use

    word = word.casefold()
    return bool(zipf_frequency(word, source) - zipf_frequency(word, language) >= LOAN_ZIPF)


def load(path: Path | None = None) -> Glossary:
    """The built-in glossary, with a deployment's file over it, and English loanwords."""
    entries = dict(_read(BUILT_IN))
    if path is not None:
        entries.update(_read(path))
    return Glossary(entries, loans=across("en", "de"))


@cache
def built_in() -> Glossary:
    return load()


@cache
def across(question_language: str, documents_language: str) -> Glossary | None:
    """The built-in glossary from the question's language to the documents', if there is one."""
    path = ACROSS.get((question_language, documents_language))
    return Glossary(_read(path), compounds=False) if path is not None else None


def _read(path: Path) -> dict[str, list[str]]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(
            "GRAPHRAG_GLOSSARY",
            f"cannot read {path.name}: {type(exc).__name__}",
            hint="GRAPHRAG_GLOSSARY names a YAML file mapping a word to a list of terms",
        ) from None
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(t, str) for t in v)
        for k, v in data.items()
    ):
        raise ConfigError(
            "GRAPHRAG_GLOSSARY",
            f"{path.name} is not a mapping of word to a list of terms",
            hint="e.g.  chef: [arbeitgeber, vorgesetzter]",
        )
    # "act|" or "a||b" would make an empty word, which matches whatever follows the entry
    empty = next((k for k in data if any("" in w.split("|") for w in k.split())), None)
    if empty is not None:
        raise ConfigError(
            "GRAPHRAG_GLOSSARY",
            f"{path.name}: the entry {empty!r} names an empty alternative",
            hint="alternatives of a word are separated by one |, e.g.  leave act|law: [...]",
        )
    return {k: list(v) for k, v in data.items()}
