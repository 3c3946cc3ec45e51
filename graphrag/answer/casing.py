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
        "allen solche solcher solchen viele vielen wenige wenigen mehrere mehreren einige "
        "einigen beide beiden im am zum zur vom beim ins"
    ).split()
)
# prepositions: a noun (often without an article: "mit kopfhörern", "bei schichtarbeit")
# follows them, as it follows a determiner; "zu" is left out, since a verb follows it ("zu
# arbeiten")
_PREPOSITIONS = frozenset(
    "mit bei von für nach ohne über auf in an aus gegen um durch unter vor hinter neben "
    "zwischen wegen während trotz seit bis".split()
)
# determiners that also stand alone as pronouns ("muss ich das machen?"): what follows them at
# the end of a clause with a verb's ending is the verb
_PRONOUNS = frozenset(
    "der die das den dem diese dieser dieses diesen diesem welche welcher welches welchen "
    "welchem alle allen solche solchen".split()
)
_VERB_ENDING = re.compile(r"(?:en|t)$")
_ADJECTIVE_ENDING = re.compile(r"(?:e|en|es|em)$")
# a clause opened by a modal verb ends with the infinitive ("muss ich von zu hause arbeiten?"),
# one opened by a subordinating conjunction with the verb ("..., dass die leute sonntags
# arbeiten?"), even where the evidence writes the same word as a noun ("die Arbeiten")
_MODALS = frozenset(
    "kann darf muss soll will möchte mag könnte dürfte müsste sollte wollte kannst darfst "
    "musst sollst willst können dürfen müssen sollen wollen".split()
)
_SUBORDINATORS = frozenset(
    "dass daß ob wenn weil damit obwohl obgleich falls sodass bevor nachdem sobald solange".split()
)
# words that join clauses and stand before a clause's first word ("..., oder kann ich ...")
_JOINS = frozenset("und oder aber denn sondern".split())
_CLAUSE_END = re.compile(r"[,.;:?!]")
_DIGIT = re.compile(r"\d")
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
        end = 0
        for found in _WORD.finditer(text):
            w = found.group(0)
            # a sentence's first word is capitalised whatever it is ("Damit ...", "(1) Der")
            gap = text[end : found.start()].rstrip()
            first = end == 0 or (gap and not (gap[-1].isalnum() or gap[-1] in ",-"))
            end = found.end()
            if first:
                continue
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

    def verb(match: re.Match[str]) -> bool:
        """The word ends a clause a modal verb or a subordinating conjunction opens, where
        the verb stands, and no article or preposition stands before it, as one would before
        a noun ("... oder frage ich den kollegen?")."""
        if not _VERB_ENDING.search(match.group(0).casefold()):
            return False
        if question[match.end() :].lstrip()[:1].isalpha():
            return False
        clause = [
            w.casefold() for w in _WORD.findall(_CLAUSE_END.split(question[: match.start()])[-1])
        ]
        if clause and clause[-1] in _DETERMINERS | _PREPOSITIONS:
            return False
        while clause and clause[0] in _JOINS:
            clause.pop(0)
        return bool(clause) and clause[0] in _MODALS | _SUBORDINATORS

    # a word no evidence uses is a noun where one stands: the first word after a determiner
    # that the evidence does not write in lower case ("meine private handynummer")
    placed: set[int] = set()
    spans = list(_WORD.finditer(question))
    for i, m in enumerate(spans):
        # a number counts what follows it, as "viele" does ("50 mitarbeiter")
        counted = bool(_DIGIT.search(question[spans[i - 1].end() if i else 0 : m.start()]))
        if counted:
            if m.group(0).casefold() in _NEVER:
                continue
            window = [m]
        elif m.group(0).casefold() not in _DETERMINERS | _PREPOSITIONS:
            continue
        else:
            window = []
        # a noun stands in its determiner's clause
        for after in spans[i + 1 : i + 1 + _AFTER - len(window)]:
            if _CLAUSE_END.search(question[(window[-1] if window else m).end() : after.start()]):
                break
            window.append(after)
        for k, after in enumerate(window):
            word = after.group(0).casefold()
            if lower[word] or word in _NEVER:
                continue
            # an adjective no evidence uses ("private") stands before the noun it describes;
            # a function word is no such noun ("bei welcher krankenkasse ich ...")
            later = window[k + 1] if k + 1 < len(window) else None
            if (
                not capital[word]
                and _ADJECTIVE_ENDING.search(word)
                and later is not None
                and not lower[later.group(0).casefold()]
                and later.group(0).casefold() not in _NEVER
                and not verb(later)
            ):
                continue
            final = not question[after.end() :].lstrip()[:1].isalpha()
            pronoun = m.group(0).casefold() in _PRONOUNS
            if not verb(after) and not (pronoun and final and _VERB_ENDING.search(word)):
                placed.add(after.start())
            break

    def cased(match: re.Match[str]) -> str:
        word = match.group(0)
        if match.start() == 0 or not word.islower() or word in _NEVER or verb(match):
            return word
        unknown = not capital[word.casefold()] + lower[word.casefold()]
        if not noun(word) and not (match.start() in placed and unknown):
            return word
        return word[:1].upper() + word[1:]

    return _WORD.sub(cased, question)
