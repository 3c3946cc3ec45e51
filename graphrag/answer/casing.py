"""A German question typed all in lower case, written as the evidence writes its words.

German marks its nouns with a capital letter, and the answerer reads a question's nouns by it:
the thing asked about, and a thing no evidence names ("Darf er einen Detektiv auf mich
ansetzen?"). People typing into a chat box often write "darf mein chef mir den urlaub
streichen?"; read as it is, such a question has no nouns at all. A word the evidence writes
capitalised more often than not is a noun there, and so is a compound whose last part is one
("resturlaub" after "Urlaub"); a word the evidence never uses is a noun when it ends as German
nouns end ("-ung", "-heit", "-keit", ...) or where a noun stands, after an article or a
possessive ("meine private handynummer"). A question with any capital letter after its first
word is left as the asker wrote it.

>>> truecased("darf mein chef mir den urlaub streichen?", ["Der Urlaub ist zu gewähren."])
'darf mein Chef mir den Urlaub streichen?'
>>> truecased("Darf mein Chef das?", ["Der Urlaub ..."])
'Darf mein Chef das?'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from graphrag.answer.evidence import STOP_WORDS

_WORD = re.compile(r"[^\W\d_][\w-]*", re.UNICODE)
# endings that make a German word a noun ("Kündigung", "Krankheit", "Gewerkschaft", ...)
_NOUN_ENDING = re.compile(
    r"(?:ung|ungen|heit|heiten|keit|keiten|schaft|schaften|tät|täten|ion|ionen|nis|nisse|"
    r"tum|ismus|ment|ments)$"
)
# the shortest last part of a compound that says it is a noun ("Urlaub" in "Resturlaub")
_HEAD = 4
# words a noun follows: articles, possessives, demonstratives, "im", "zum", ... ("meine private
# handynummer", "einen detektiv", "welche teilzeitstellen")
_DETERMINERS = frozenset(
    (
        "der die das den dem des ein eine einen einem einer eines kein keine keinen keinem "
        "keiner keines mein meine meinen meinem meiner meines dein deine deinen deinem deiner "
        "sein seine seinen seinem seiner seines ihr ihre ihren ihrem ihrer ihres unser unsere "
        "unseren unserem unserer unseres euer eure euren eurem eurer welche welcher welches "
        "welchen welchem diese dieser dieses diesen diesem jede jeder jedes jeden jedem alle "
        "allen solche solcher solchen im am zum zur vom beim ins"
    ).split()
)
# determiners that also stand alone as pronouns ("muss ich das machen?"): what follows them at
# the end of a clause with a verb's ending is the verb
_PRONOUNS = frozenset(
    "der die das den dem diese dieser dieses diesen diesem welche welcher welches welchen "
    "welchem alle allen solche solchen".split()
)
_VERB_ENDING = re.compile(r"(?:en|t)$")
_ADJECTIVE_ENDING = re.compile(r"(?:e|en|es|em)$")
# words never capitalised: function words, and the determiners themselves
_NEVER = STOP_WORDS | _DETERMINERS
# how far after its determiner a noun may stand ("meine neue private handynummer")
_AFTER = 3


def truecased(question: str, texts: Iterable[str]) -> str:
    """``question`` with the nouns of an all-lower-case German question capitalised as
    ``texts`` (the evidence) write them; any other question as it is."""
    words = _WORD.findall(question)
    if any(w[:1].isupper() for w in words[1:]):
        return question
    capital: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for text in texts:
        for w in _WORD.findall(text):
            (capital if w[:1].isupper() else lower)[w.casefold()] += 1
    heads = {w for w, n in capital.items() if n > lower[w] and len(w) >= _HEAD}

    def noun(said: str) -> bool:
        word = said.casefold()  # "straße" is counted as "strasse"
        known = capital[word] + lower[word]
        if known:
            return capital[word] > lower[word]
        if _NOUN_ENDING.search(word):
            return True
        return any(word.endswith(h) and len(word) > len(h) for h in heads)

    # a word no evidence uses is a noun where one stands: the first word after a determiner
    # that the evidence does not write in lower case ("meine private handynummer")
    placed: set[int] = set()
    spans = list(_WORD.finditer(question))
    for i, m in enumerate(spans):
        if m.group(0).casefold() not in _DETERMINERS:
            continue
        window = spans[i + 1 : i + 1 + _AFTER]
        for k, after in enumerate(window):
            word = after.group(0).casefold()
            if lower[word]:
                continue
            # an adjective no evidence uses ("private") stands before the noun it describes
            later = window[k + 1] if k + 1 < len(window) else None
            if (
                not capital[word]
                and _ADJECTIVE_ENDING.search(word)
                and later is not None
                and not lower[later.group(0).casefold()]
            ):
                continue
            final = not question[after.end() :].lstrip()[:1].isalpha()
            pronoun = m.group(0).casefold() in _PRONOUNS
            if not (pronoun and final and _VERB_ENDING.search(word)):
                placed.add(after.start())
            break

    def cased(match: re.Match[str]) -> str:
        word = match.group(0)
        if match.start() == 0 or not word.islower() or word in _NEVER:
            return word
        unknown = not capital[word.casefold()] + lower[word.casefold()]
        if not noun(word) and not (match.start() in placed and unknown):
            return word
        return word[:1].upper() + word[1:]

    return _WORD.sub(cased, question)
