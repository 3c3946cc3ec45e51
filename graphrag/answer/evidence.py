"""Evidence sentences and how well each answers a question: meaning, words, and form.

Three signals, each on its own scale:

* ``meaning``: cosine between the question and the sentence under the multilingual embedder
  (it carries everyday words to the law's words, and English questions to German text); a
  German question is also embedded with the glossary's words for its everyday words
  ("Chef": "Arbeitgeber"), and the closer of the two counts;
* ``words``: the share of the question's content terms the sentence or its heading states,
  each weighted by how rare it is among the candidates (a term every candidate has says
  nothing about which one answers); German compounds match their parts ("Resturlaub" ~
  "Urlaub");
* ``form``: whether the sentence holds the kind of answer asked for (``asks.holds``), and
  ``exact`` whether it holds it in its most precise form (``asks.exact``: a deadline as
  "innerhalb von drei Wochen").

>>> terms("Ich habe noch Resturlaub vom letzten Jahr.", "de")
['resturlaub', 'letzt', 'jahr']
>>> terms("als Teilzeitarbeitsplatz auszuschreiben", "de"), terms("Stellen ausschreiben", "de")
(['teilzeitarbeitsplatz', 'ausschreib'], ['stell', 'ausschreib'])
>>> numbers("(1) Pausen bei mehr als neun Stunden nach § 4"), numbers("more than nine hours")
(['#9'], ['#9'])
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from graphrag.answer.asks import (
    ASKING_NOUNS,
    BULLETS,
    LETTER_MARK,
    LETTERED,
    NUMBER_VALUES,
    NUMERIC,
    SEPARABLE,
    Asked,
    exact_answer,
    last_question,
    new_answer,
    new_places,
    offered,
    refers_elsewhere,
    without_references,
)
from graphrag.answer.exceptions import departs
from graphrag.answer.headcount import asks_workforce, bounds_workforce, headcount, names_size
from graphrag.answer.modality import asked_modality, states
from graphrag.answer.nouns import common_nouns, everyday
from graphrag.answer.parties import actor, acts_other, narrows
from graphrag.answer.scope import asks_scope, states_scope
from graphrag.answer.writing import asks_form, states_form
from graphrag.retrieval.glossary import Glossary
from ingestion.chunking.sentences import split_sentences
from schemas import Passage

# what joins a list item to its lead and its list's last words
ELLIPSIS = " … "

_WORD = re.compile(r"[^\W\d_][\w-]*", re.UNICODE)
_DIGITS = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*")
_STOP = frozenset(
    """
    der die das den dem des ein eine einer eines einem einen und oder aber ist sind war wird
    vom beim zum ins
    werden wurde wurden hat habe haben hatte mit von für auf bei nach vor aus an in im am zum
    zur zu um über unter durch gegen ohne bis als wie wenn dass daß ob so auch noch schon nur
    nicht kein keine sich sie er es ich du wir ihr mich mir dich dir uns euch mein meine
    meinen meinem meiner dein sein seine ihre ihren man was wer wann wo welche welcher welches
    welchen welchem darf dürfen muss müssen kann können soll sollen will möchte gilt gelten
    zählt zählen denn dann da hier dort einfach eigentlich überhaupt bitte gerade wieder einmal
    viele viel
    lange lang oft hoch früh spät
    the a an and or but is are was were be been has have had with of for on at
    in to from by as how what which who whom when where why do does did can may must should
    will would i me my you your we our it its this that these those not no there any some
    much many long often get got than
    """.split()
)
# the function words no question asks about, read in either language
STOP_WORDS = _STOP


@cache
def _stemmer(language: str) -> Any:
    import Stemmer

    return Stemmer.Stemmer("german" if language == "de" else "english")


def terms(text: str, language: str) -> list[str]:
    """Content terms, stemmed, in order, without stop words; then the numbers it states, in
    digits whatever the language ("neun", "nine" and "9" are one term: ``#9``), provision
    numbers left out."""
    words = [_without_zu(w).casefold() for w in _WORD.findall(text)]
    # a number word is its number ("nine" and "neun" are both ``#9``), not a word as well
    kept = [w for w in words if len(w) > 2 and w not in _STOP and w not in NUMBER_VALUES]
    # "Sonn- und Feiertagen": the first part of a compound whose head the next word gives
    # stays as it is, hyphen and all, and matches the words it begins (``_matches``)
    cut = [w for w in kept if w.endswith("-")]
    whole = [w for w in kept if not w.endswith("-")]
    stems = [str(s) for s in _stemmer(language).stemWords(whole)]
    return stems + cut + numbers(text)


# a separable verb takes "zu" between its prefix and its stem: "auszuschreiben" is
# "ausschreiben" (the question's word), "anzuwenden" is "anwenden"
_ZU_INFIX = re.compile(rf"^({SEPARABLE})zu([a-zäöüß]{{3,}}en[a-z]*)$")


def _without_zu(word: str) -> str:
    """A verb's zu-infinitive as its infinitive (nouns, capitalised, stay as they are:
    "Auszubildende", "Einzugsgebiet")."""
    return _ZU_INFIX.sub(r"\1\2", word)


def numbers(text: str) -> list[str]:
    """The numbers a text states, as ``#`` and digits ("2011", "neun", "twelve")."""
    plain = without_references(text)
    found = [f"#{d.replace(',', '').replace('.', '')}" for d in _DIGITS.findall(plain)]
    found += [f"#{NUMBER_VALUES[w]}" for w in _WORD.findall(plain.casefold()) if w in NUMBER_VALUES]
    return found


def focus_nouns(question: str, language: str) -> list[str]:
    """The nouns of the asking sentence, stemmed: in German the capitalised words after the
    first. A noun the evidence never uses names something the documents do not talk about.
    (English questions over German text would find every noun unknown, so none are named.)"""
    if language != "de":
        return []
    words = _WORD.findall(last_question(question))[1:]
    nouns = [w.casefold() for w in words if w[:1].isupper() and w.casefold() not in _STOP]
    return [str(s) for s in _stemmer(language).stemWords(nouns) if len(s) > 2]


@dataclass
class Candidate:
    passage: int  # index into the passages
    text: str
    heading: str
    meaning: float = 0.0
    words: float = 0.0
    form: bool = False
    exact: bool = False
    unknown: list[str] = field(default_factory=list)  # question terms nowhere in the evidence
    # an amount asked for ("Wie hoch ist der Mindestlohn?") is the amount of the thing the
    # question names first; a sentence that does not name it states the amount of another
    of_focus: bool = True
    order: int = 0  # its place in its passage
    asking: float = 0.0  # ``words`` for the asking sentence alone
    # ``words`` within a few words of a number or span of the kind asked for (its best value)
    near: float = 0.0
    focus: bool = True  # it names what the asking sentence asks about (its first noun)
    refers: bool = False  # it points to another provision ("in § 1 genannten Grundes")
    # the thing a number is asked of ("Tage Bildungsurlaub": Bildungsurlaub) is named nowhere
    # in the evidence, not even as the head of a compound with its first part
    subject_unknown: bool = False
    previous: str = ""  # the sentence before it in its paragraph
    # it gives the duty or right to the other party ("hat der Arbeitgeber ... mitzuteilen"
    # for "Wie früh muss ich es sagen?")
    other_actor: bool = False
    # a yes/no question's modality ("Darf ich ...?", "Muss ich ...?") is the one it states
    modal: bool = False
    # the first person it names is a group the question does not speak of ("Nachtarbeitnehmer")
    narrowed: bool = False
    # it departs from another provision ("abweichend von § 9") for a case the question does
    # not ask about (``exceptions.departs``)
    departs: bool = False
    # the question asks whether a law applies, and the sentence states the law's scope
    # ("§ 23 Geltungsbereich", "... finden keine Anwendung auf"; ``scope``)
    scope: bool = False
    # the question says how many work there ("Wir sind nur acht Leute") and the sentence
    # bounds the workforce ("zehn oder weniger Arbeitnehmer"; ``headcount``)
    sized: bool = False
    # the question asks the form of a declaration ("In welcher Form ...?", "Reicht eine
    # E-Mail?") and the sentence prescribes one ("in Textform"; ``writing``)
    written: bool = False


def candidates(
    passages: list[Passage], *, limit_passages: int = 6, limit: int = 90
) -> list[Candidate]:
    """Sentences of the best passages, in passage order; list items stay one unit each; a
    sentence that two passages share is taken once (from the better one)."""
    out: list[Candidate] = []
    seen: set[str] = set()
    for i, passage in enumerate(passages[:limit_passages]):
        heading = " ".join([passage.title, *passage.section_path])
        order = 0  # the next candidate's place in this passage
        listed: list[Candidate] = []  # the previous paragraph's list items, as candidates
        # the previous paragraph's last sentence when the paragraph left it unfinished
        unfinished: Candidate | None = None
        for paragraph in paragraphs(passage.text):
            lines = paragraph.splitlines()
            # a paragraph that opens in lower case finishes the list before it ("- ...
            # Massengeschäfte ... oder" then "ist unzulässig."): each item is read with its
            # first sentence, which says nothing alone; the sentences after it are their own
            tail = " ".join(ln.strip() for ln in lines).strip()
            if (listed or unfinished) and tail[:1].islower():
                finish, *rest = split_sentences(tail) or [tail]
                for c in listed:
                    joined = f"{c.text.rstrip('.')}{ELLIPSIS}{finish}"
                    if len(joined) <= 800:
                        c.text = joined
                # the whole list read as one sentence ("(1) Wer ... - vorsätzlich begeht ...
                # oder - beharrlich wiederholt,") ends where its verb comes ("wird mit
                # Freiheitsstrafe ... bestraft."): a quote of it without that is a fragment
                if unfinished is not None and len(joined := f"{unfinished.text} {finish}") <= 800:
                    unfinished.text = joined
                listed, unfinished = [], None
                if not rest:
                    continue
                lines = [" ".join(rest)]
            unfinished = None
            if lines and all(ln.lstrip().startswith(BULLETS) for ln in lines if ln.strip()):
                units = [ln.strip() for ln in lines if ln.strip()]
            elif (own := _items_of_their_own(lines)) is not None:
                units = own
            else:
                units = split_sentences(" ".join(ln.strip() for ln in lines))
            units = [_MARGIN_START.sub("", u) for u in units]
            befores = ["", *units]
            # each item of a list that finishes a sentence, read with that sentence: "Ein
            # sachlicher Grund liegt insbesondere vor, wenn … der Arbeitnehmer zur Vertretung
            # eines anderen Arbeitnehmers beschäftigt wird." answers whether standing in is one
            items = list_items(lines)
            last = units[-1] if units else None
            units, befores = units + items, befores[: len(units)] + [""] * len(items)
            listed = []
            for before, unit in zip(befores, units, strict=True):
                if 15 <= len(unit) <= 800 and not unit.rstrip().endswith("?") and unit not in seen:
                    seen.add(unit)
                    out.append(Candidate(i, unit, heading, order=order, previous=before.strip()))
                    order += 1
                    if unit in items:
                        listed.append(out[-1])
                    elif unit is last and unit.rstrip().endswith(","):
                        unfinished = out[-1]
                if len(out) >= limit:
                    return out
    return out


# a court decision's margin number glued to the sentence it opens ("17Sie hat ...") is no
# part of what the sentence says, and a reader would take it for a typo
_MARGIN_START = re.compile(r"^\d{1,3}(?=[A-ZÄÖÜ][a-zäöüß])")
# a lettered item ("a)  für Zeiten eines Kalenderjahrs, ...") that goes on with the sentence
# before it, in lower case; "a) Die Klage ist zulässig." in a court's reasons is a heading's
# sentence of its own
_CLAUSE = re.compile(rf"^{LETTER_MARK}\s+[a-zäöüß(]")
_ITEM_END = re.compile(r"(?:[,;.]|\s+(?:und|oder|sowie|and|or|as well as))*\s*$")
_CLOSED = (".", "!", "?")


def paragraphs(text: str) -> list[str]:
    """The text's paragraphs, with a lettered list joined to the sentence it finishes.

    Statutes set each lettered item as a paragraph of its own ("(1) Anspruch auf ein Zwölftel
    ... hat der Arbeitnehmer" then "a) für Zeiten ...;" and "b) wenn er ..."); read one
    paragraph at a time, the lead would be a fragment and each item a clause without a
    subject. A paragraph that opens with a letter joins the one before when that one's
    sentence is not finished yet; so does one in lower case that finishes a lettered list
    ("und der Betriebsrat ... widersprochen hat")."""
    out: list[str] = []
    for paragraph in re.split(r"\n\s*\n", text):
        opening = paragraph.strip()
        if out and opening:
            before = out[-1].rstrip().splitlines()[-1].strip() if out[-1].strip() else ""
            unfinished = bool(before) and not before.endswith(_CLOSED)
            lettered = _CLAUSE.match(opening) is not None
            finishes = opening[:1].islower() and LETTERED.match(before) is not None
            if unfinished and (lettered or finishes):
                out[-1] = f"{out[-1].rstrip()}\n{opening}"
                continue
        out.append(paragraph)
    return out


def _items_of_their_own(lines: list[str]) -> list[str] | None:
    """A lead and then bulleted items that are sentences of their own ("... nach Maßgabe der
    folgenden Bestimmungen:" then "- Heimarbeiter ... erhalten ... 9,1 vom Hundert ... ."):
    the lead's sentences and each item, not one sentence of lead and first item (too long to
    quote, and two things in one); None for any other paragraph."""
    kept = [ln.strip() for ln in lines if ln.strip()]
    first = next((n for n, ln in enumerate(kept) if ln.startswith(BULLETS)), None)
    if not first or not all(ln.startswith(BULLETS) for ln in kept[first:]):
        return None
    items = kept[first:]
    if sum(item.endswith(".") for item in items) * 2 <= len(items):
        return None
    return split_sentences(" ".join(kept[:first])) + items


def _item(line: str) -> bool:
    return line.startswith(BULLETS) or LETTERED.match(line) is not None


def list_items(lines: list[str]) -> list[str]:
    """The items of a list that a paragraph's first lines introduce ("... liegt insbesondere
    vor, wenn" then "- ..." or "a) ..." lines), each after the sentence that introduces it,
    joined by an ellipsis (the quote leaves out the items between); an item lettered under a
    bulleted one ("- abweichend von § 3" then "a) die Arbeitszeit ... zu verlängern") is read
    after both. None when the paragraph is no such list."""
    first = next((n for n, ln in enumerate(lines) if _item(ln.lstrip())), None)
    if not first:
        return []
    body = _unwrapped(lines[first:])
    last = max(n for n, ln in enumerate(body) if _item(ln))
    # what follows the items finishes the sentence ("ist unzulässig."), in lower case
    tail = " ".join(body[last + 1 :])
    if tail[:1].isupper():
        return []
    # its first sentence; what follows is a sentence of its own
    tail = (split_sentences(tail) or [tail])[0] if tail else ""
    # each item with the items lettered under it and the words that finish those
    groups: list[tuple[str, list[str], str]] = []
    for line in body[: last + 1]:
        if line.startswith(BULLETS):
            groups.append((line[2:].strip(), [], ""))
        elif LETTERED.match(line):
            if not groups or groups[-1][2]:  # lettered items of their own, under no bullet
                groups.append(("", [], ""))
            groups[-1][1].append(line)
        elif groups and groups[-1][1] and line[:1].islower() and not groups[-1][2]:
            outer, letters, _ = groups[-1]
            groups[-1] = (outer, letters, line)
        else:
            return []  # a sentence of its own inside the list: no list this reads
    # "- in Betrieben des privaten Rechts / a) ... / und der Betriebsrat ... widersprochen hat,
    # / - in Verwaltungen / a) ... / und die Personalvertretung ...": where an earlier item's
    # lettered list has words of its own that finish it, the words after the last one finish
    # the last item's lettered list, not every item
    outer, letters, finish = groups[-1] if groups else ("", [], "")
    if tail and outer and letters and not finish and any(g[2] for g in groups[:-1]):
        groups[-1] = (outer, letters, tail)
        tail = ""
    # items that are sentences of their own ("- Heimarbeiter ... erhalten ... .") are
    # candidates as they are
    outers = [g[0] for g in groups if g[0]] or [ln for g in groups for ln in g[1]]
    if sum(item.endswith(".") for item in outers[:-1]) * 2 > len(outers[:-1]):
        return []
    leads = split_sentences(" ".join(ln.strip() for ln in lines[:first]))
    if not leads:
        return []
    # a lead the chunker cut its list from ends in "(…)": the ellipsis says it once
    lead = re.sub(r"\s*\(…\)$", "", leads[-1].rstrip()).rstrip(":")
    end = f"{ELLIPSIS}{tail.rstrip('.')}." if tail else "."
    out: list[str] = []
    for outer, letters, finish in groups:
        parts = [_ITEM_END.sub("", outer).strip()] if outer else []
        if not letters:
            if parts and parts[0] != "(…)":
                out.append(ELLIPSIS.join([lead, *parts]) + end)
            continue
        closing = f"{ELLIPSIS}{_ITEM_END.sub('', finish).strip()}" if finish else ""
        for nested in _under_their_letters(letters):
            items = [_ITEM_END.sub("", letter).strip() for letter in nested]
            if LETTERED.sub("", items[-1]) in ("", "(weggefallen)", "(…)"):
                continue
            out.append(ELLIPSIS.join([lead, *parts, *items]) + closing + end)
    return out


# a statute's third level: "aa)" under "b)"
_DOUBLED = re.compile(r"^([a-z])\1\)\s")


def _unwrapped(lines: list[str]) -> list[str]:
    """The list's lines with each item's wrapped lines joined to it: a nested item keeps the
    source's line breaks ("aa) nach dem Stand der Technik ... nur mit" then, indented,
    "erheblichen Schwierigkeiten möglich ist,"), and an indented line that goes on with an
    item is no line of its own."""
    out: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        wrapped = line[:1].isspace() and not _item(line.lstrip())
        if wrapped and out and _item(out[-1]):
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line.strip())
    return out


def _under_their_letters(letters: list[str]) -> list[list[str]]:
    """Each lettered item as it reads: alone, or a doubled one ("aa) nach dem Stand der
    Technik ...") after the item it finishes ("b) für Betriebe, in denen Arbeiten vorkommen,
    deren Unterbrechung oder Aufschub"); an item that only opens doubled ones is read with
    each of them, not alone. A run of doubled items opens with "aa)": "ii)" after "i)" is
    the next item of a list numbered in Roman, no third level."""
    nested = [False] * len(letters)
    for n, letter in enumerate(letters):
        doubled = _DOUBLED.match(letter)
        opens_run = doubled is not None and doubled.group(1) == "a"
        nested[n] = n > 0 and (opens_run or (doubled is not None and nested[n - 1]))
    out: list[list[str]] = []
    parent: str | None = None
    for n, letter in enumerate(letters):
        if nested[n]:
            out.append([parent, letter] if parent else [letter])
            continue
        parent = letter
        if not (n + 1 < len(letters) and nested[n + 1]):
            out.append([letter])
    return out


# a numbered paragraph (Absatz) is one provision: "(4) ... kann es nach Ablauf von fünf Jahren
# gekündigt werden." is finished by "Die Kündigungsfrist beträgt sechs Monate." The sentences
# right after the opening one are read with it, as many as fit; further ones hold rules of
# their own.
_ABSATZ = re.compile(r"^\(\d+[a-z]?\)\s")
REST_SENTENCES, REST_CHARS = 2, 300
# a provision named or cited: "§ 21", "§§ 1360, 1360a BGB", "Art. 28 Abs. 1"
_LEGAL = re.compile(r"§|\bArt(?:\.|ikel)\s*\d")


def rest_of_provision(lead: Candidate, pool: list[Candidate]) -> list[Candidate]:
    """The first sentences after ``lead`` in its paragraph (at most REST_SENTENCES, REST_CHARS
    together), when ``lead`` opens a paragraph of a legal text: a numbered one ("(4) ..."), or
    any in a provision or a text that cites provisions ("Für Betriebe, die zum
    Geschäftsbereich ... gehören, trifft ... ein Ausschuß die Entscheidungen." opens § 21
    KSchG, whose next sentence says who sits in). A statute or a court states a rule in one
    paragraph and qualifies it there; an encyclopaedia's next sentence is another fact."""
    numbered = _ABSATZ.match(lead.text) is not None
    if not numbered and lead.previous:
        return []
    rest: list[Candidate] = []
    text = lead.text
    while len(rest) < REST_SENTENCES:
        nxt = next((c for c in pool if c.passage == lead.passage and c.previous == text), None)
        if nxt is None or sum(len(c.text) for c in rest) + len(nxt.text) > REST_CHARS:
            break
        rest.append(nxt)
        text = nxt.text
    legal = numbered or bool(
        _LEGAL.search(" ".join([lead.heading, lead.text, *(c.text for c in rest)]))
    )
    return rest if legal else []


# a sentence that opens with a pronoun or pronominal adverb continues the one before it; so
# does one that says the same holds ("Gleiches gilt, wenn ...")
# a statute's paragraph opens with its number: "(3) Der Urlaub muß ...", "(2a) ..."
NUMBERED = re.compile(r"^\s*\(\d+\w?\)\s*")
_ANAPHOR = re.compile(
    r"^(?:sie|er|es|dies|diese[rsnm]?|dabei|dazu|hierzu|hierbei|hierfür|dafür|davon|danach|"
    r"darüber|gleiches|ebenso|ebenfalls|he|she|it|they|this|these|those|his|her|its|their|"
    r"the latter|the former|likewise|the same applies)\b",
    re.I,
)
_DEFINITE = re.compile(r"^(?:der|die|das|den|dem|des|the)\s+([^\W\d_][\w-]*)", re.I)
# words anywhere in a sentence that point back to the one before it: "Im Geltungsbereich eines
# solchen Tarifvertrages ..." after "Durch Tarifvertrag kann ... abgewichen werden."
_POINTS_BACK = re.compile(
    r"\b(?:solch(?:e|er|es|en|em)?|in diesem falle?|in diesen fällen|"
    r"in (?:this|that) case|in such (?:a )?cases?)\b",
    re.I,
)


def continues(c: Candidate, language: str) -> bool:
    """The sentence cannot be read alone: it opens with a pronoun ("Sie kann ...", "He was
    ..."), or with a definite noun the sentence before it introduced ("Die Frist beginnt ..."
    after "... innerhalb einer Frist von zwei Monaten ..."), or points back to it ("eines
    solchen Tarifvertrages", "in diesem Fall")."""
    if not c.previous:
        return False
    text = NUMBERED.sub("", c.text)
    if _ANAPHOR.match(text) or _POINTS_BACK.search(text):
        return True
    definite = _DEFINITE.match(text)
    if definite is None:
        return False
    noun = terms(definite.group(1), language)
    return bool(noun) and _matches(noun[0], set(terms(c.previous, language)))


def what_goes_on(lead: Candidate, pool: list[Candidate], language: str) -> Candidate | None:
    """The sentence right after ``lead`` when it cannot be read alone and goes on with it, in
    a legal text: "Es sei denkbar, dass ein Steuerpflichtiger ..." after "Nach der
    BFH-Rechtsprechung komme es nicht darauf an, welchen Aufwand eine Manipulation verursachen
    würde." gives the reason for the rule the lead states. An encyclopaedia's "He was ..." is
    the next fact about its subject, not part of this one."""
    after = next((c for c in pool if c.passage == lead.passage and c.previous == lead.text), None)
    if after is None or len(after.text) > REST_CHARS or not continues(after, language):
        return None
    said = " ".join([lead.heading, lead.text, after.text])
    if not _LEGAL.search(said) and not _COURT.search(said):
        return None
    return after


# a court's decision names itself, its parties and its instances
_COURT = re.compile(
    r"\b(?:Tenor|Urteils?|Beschlusses|Beschluss|Kläger\w*|Beklagte\w*|Revision|Berufung|"
    r"Rechtsprechung|Gerichts?|Senat\w*|court|plaintiffs?|defendants?|judgment)\b",
    re.I,
)


def score(
    question: str,
    language: str,
    kind: Asked,
    pool: list[Candidate],
    question_vector: list[float] | None,
    sentence_vectors: list[list[float]] | None,
    synonyms: dict[str, set[str]] | None = None,
    broader: set[str] | None = None,
    worded_vector: list[float] | None = None,
    across: bool = False,
) -> None:
    """Fill in every candidate's meaning, words, form and unknown terms. ``synonyms``: a
    question term -> the documents' terms for it (``Chef`` -> ``Arbeitgeber``), each of which
    counts as the term itself. ``broader``: terms whose documents' terms name a more general
    thing (their head's): they count for the words a sentence shares, but do not make the
    thing the question names known to the evidence. ``worded_vector``: the question with the
    documents' words for its everyday words, embedded; a sentence's meaning is its cosine with
    whichever of the two questions is closer. ``across``: the evidence is in another language
    than the question; an English question's nouns are then looked for through ``synonyms``
    (the glossary's words for them in the documents' language)."""
    alternatives = synonyms or {}
    general = broader or set()

    def named(term: str) -> tuple[str, ...]:
        return (term,) if term in general else (term, *alternatives.get(term, ()))

    # "Wie lange darf ich arbeiten?" asks for the Arbeitszeit: a span of time asked of an
    # activity is named by the compound of the activity and a word for time
    timed = language == "de" and kind in ("duration", "deadline")

    def found(term: str, bag: set[str], body_only: bool = False) -> bool:
        return any(_matches(t, bag, body_only) for t in (term, *alternatives.get(term, ()))) or (
            timed and _time_of(term, bag, body_only)
        )

    seen: list[set[str]] = []
    for c in pool:
        own = set(terms(c.text, language))
        seen.append(own | {f"^{t}" for t in terms(c.heading, language)})

    def weighing(text: str) -> tuple[dict[str, float], float]:
        """The text's terms by their rarity among the candidates, and their sum."""
        asked_terms = list(dict.fromkeys(terms(text, language)))
        df: Counter[str] = Counter()
        for c_terms in seen:
            for t in asked_terms:
                if found(t, c_terms):
                    df[t] += 1
        n = max(1, len(pool))
        # a term no candidate states tells none apart, and would only lower every share; a
        # question about something the evidence never names is caught by its nouns instead
        weight = {t: math.log(1 + n / (1 + df[t])) for t in asked_terms if df[t]}
        return weight, sum(weight.values()) or 1.0

    def shares(text: str) -> list[float]:
        """Per candidate, the rarity-weighted share of the text's terms it states (half for a
        term only its heading states)."""
        weight, total = weighing(text)
        return [
            sum(
                w if found(t, c_terms, body_only=True) else 0.5 * w if found(t, c_terms) else 0.0
                for t, w in weight.items()
            )
            / total
            for c_terms in seen
        ]

    def near_values(text: str) -> list[float]:
        """Per candidate, the rarity-weighted share of the text's terms (but the words of the
        answer's kind) within a few words of a number or span of the kind asked for, the best
        of its values: "Ruhepausen von mindestens 30 Minuten" states the span of the pause
        asked about, "Länger als sechs Stunden hintereinander dürfen Arbeitnehmer nicht ohne
        Ruhepause ..." one of the work before it."""
        # the words of the answer's own kind ("Zeit", "Frist", "Tage") name no subject
        units = _stemmed(_UNIT_WORDS)
        weight = {t: w for t, w in weighing(text)[0].items() if t not in units}
        total = sum(weight.values()) or 1.0
        places = new_places(kind, question)
        result = []
        for c in pool:
            best = 0.0
            for start, end in places(c.text):
                bag = set(terms(_around(c.text, start, end), language))
                stated = sum(w for t, w in weight.items() if found(t, bag, body_only=True))
                best = max(best, stated / total)
            result.append(best)
        return result

    everywhere = set().union(*seen) if seen else set()
    # "Kurze Frage: ...", "mein Anliegen": a noun for the asking itself names no thing asked
    # about, neither the focus nor what a number counts nor a thing the evidence must name
    asking_nouns = _stemmed(" ".join(ASKING_NOUNS))
    nouns = [n for n in focus_nouns(question, language) if n not in asking_nouns]
    # "Can my employer require me to get a flu vaccination?" over German laws: an English
    # noun that neither the evidence states nor the glossary's words for it name is a thing
    # the evidence does not talk about, as a German question's unknown noun is; a noun of
    # everyday English ("How long may they take to answer?", "the lists") is no such thing
    foreign = (
        [
            t
            for n in common_nouns(last_question(question))
            if not everyday(n)
            for t in terms(n, language)
        ]
        if across and language == "en"
        else []
    )
    # "Auf welcher Rechtsgrundlage ...?", "Welcher Paragraph ...?", "Bis zu welchem Datum
    # ...?": a noun that names the kind of answer asked for (a provision, a date) is no thing
    # the evidence must talk about
    provisions = _stemmed(_KIND_WORDS)
    # "Ab welcher Firmengröße ...?": the laws bound the workforce instead of naming its size
    sizes = asks_workforce(question)
    unknown = [
        t
        for t in [*nouns, *foreign]
        if t not in provisions
        and not (sizes and names_size(t))
        and not any(_matches(a, everywhere) for a in named(t))
    ]
    focus = nouns[0] if nouns else None
    # what a number is asked of: the first noun that is no unit ("Wie viele Tage Bildungsurlaub")
    subject = next((_counted(n) for n in nouns if n not in _stemmed(_UNIT_WORDS)), None)
    if (choices := offered(question)) is not None:
        # "Brauche ich zwischen Spätschicht und Frühschicht elf oder zwölf Stunden frei?" asks
        # the number of what it counts ("24 Urlaubstage": Urlaub), not of its first noun
        counted = terms(choices.counted, language) if choices.counted else []
        subject = _counted(counted[0]) if counted else None
    subject_unknown = (
        subject is not None
        and not (sizes and names_size(subject))
        and not any(_names(a, everywhere) for a in named(subject))
    )
    words = shares(question)
    asking = last_question(question)
    asking_words = shares(asking) if asking != question.strip() else words
    nearby = near_values(question) if kind in NUMERIC else [0.0] * len(pool)
    asker = actor(asking)  # whose duty the question asks about, read once
    mode = asked_modality(question) if kind == "yes_no" else None
    answers = new_answer(kind, question)
    exact_of = exact_answer(kind, question)
    beside = narrows(question)
    off_case = departs(question)
    scoped = asks_scope(asking)
    # the workforce the question states, or asks for: a sentence that bounds it applies
    staffed = headcount(question) is not None or sizes
    formal = asks_form(asking)
    if question_vector is not None and sentence_vectors is not None:
        asked_as = [question_vector] if worded_vector is None else [question_vector, worded_vector]
        questions = np.stack([unit_vector(v) for v in asked_as])
        meanings = [float((questions @ unit_vector(v)).max()) for v in sentence_vectors]
    else:
        meanings = [0.0] * len(pool)
    for c, c_terms, meaning, share, asking_share, near in zip(
        pool, seen, meanings, words, asking_words, nearby, strict=True
    ):
        c.words = share
        c.asking = asking_share
        c.near = near
        c.meaning = meaning
        bounded = staffed and bounds_workforce(c.text)
        # "Ab welcher Firmengröße ...?" is answered by a bound on the workforce, not by
        # "weniger als sechs Beschäftigten des jeweils anderen Geschlechts"
        c.form = answers(c.text) and (bounded or not sizes)
        c.exact = c.form and exact_of(c.text)
        c.unknown = unknown
        c.subject_unknown = subject_unknown
        c.focus = focus is None or found(focus, c_terms)
        c.of_focus = kind != "amount" or c.focus
        c.refers = refers_elsewhere(c.text)
        c.other_actor = acts_other(asker, c.text)
        # an English question's words are no German sentence's marks
        c.narrowed = not across and beside(c.text)
        c.departs = off_case(c.text)
        c.scope = scoped and states_scope(c.heading, c.text)
        c.sized = bounded
        c.written = formal and states_form(c.text)
        c.modal = mode is not None and states(mode, c.text)


@dataclass(frozen=True)
class Reading:
    """What the glossary says about one question, read in one pass."""

    # each question term the glossary knows -> the documents' terms for it, stemmed
    synonyms: dict[str, set[str]]
    # the question's stems whose documents' terms the glossary gives only for their head:
    # "Weihnachtsgeld" is a kind of "Geld" (``Entgelt``), but a sentence about Entgelt does
    # not name Weihnachtsgeld
    broader: set[str]
    # the documents' terms for its everyday words, each once, in order (``Glossary.expand``)
    words: list[str]


def reading(question: str, language: str, glossary: Glossary) -> Reading:
    """The glossary's synonyms, broader terms and documents' words for ``question``."""
    said = glossary.said(question)
    same: dict[str, set[str]] = {}
    general: set[str] = set()
    raw = _WORD.findall(question)
    have = {w.casefold() for w in raw}
    words: list[str] = []
    # "weniger arbeiten" is "Verringerung der Arbeitszeit": each of its words may be said so
    for entry in said:
        for stem in terms(entry.key, language):
            same.setdefault(stem, set()).update(terms(" ".join(entry.terms), language))
        words += [t for t in entry.terms if t not in have and t not in words]
    heads = {entry.head for entry in said}  # "agency" in "the anti-discrimination agency"
    for word in raw:
        targets = glossary.of_word(word) if word.casefold() not in heads else []
        stems = terms(word, language)
        if targets and stems:
            same.setdefault(stems[0], set()).update(terms(" ".join(targets), language))
            if not glossary.lists(word):
                general.add(stems[0])
        words += [t for t in targets if t not in have and t not in words]
    return Reading(same, general, words)


# how many words either side of a value count as stated with it
NEAR_WORDS = 5


def _around(text: str, start: int, end: int) -> str:
    """The value at ``start:end`` with ``NEAR_WORDS`` words either side."""
    before = text[:start].split()[-NEAR_WORDS:]
    after = text[end:].split()[:NEAR_WORDS]
    return " ".join([*before, text[start:end], *after])


def _elided_begins(word: str, term: str) -> bool:
    """``word`` is the first part of an elided compound ("sonn-" of "Sonn- und Feiertagen")
    and ``term`` begins with it: it stands for any "Sonn..." word."""
    return word.endswith("-") and len(word) > 4 and term.startswith(word[:-1])


def _words(bag: set[str], body_only: bool) -> Iterator[str]:
    """The bag's words without their heading mark; a heading's words only unless
    ``body_only``."""
    for other in bag:
        heading = other.startswith("^")
        if not (heading and body_only):
            yield other[1:] if heading else other


def _matches(term: str, bag: set[str], body_only: bool = False) -> bool:
    """The term, or a compound containing it (or contained in it), is in the bag; heading
    terms carry a ``^`` and count unless ``body_only``."""
    for word in _words(bag, body_only):
        if word.endswith("-"):
            if _elided_begins(word, term):
                return True
            continue
        # German compounds end in their head: "Resturlaub" is a kind of "Urlaub", but
        # "Mindestlohn" is no kind of "mindest(ens)"; a short head only when it is a unit
        # ("Werktage" are days, "Kalenderjahr" a year), not any word's last letters
        if word == term:
            return True
        # the suffix test first: it fails for nearly every pair, the length test seldom runs
        if term.endswith(word) or word.endswith(term):
            shorter, longer = sorted((word, term), key=len)
            modifier = longer[: -len(shorter)]
            if (len(shorter) >= 5 or shorter in _stemmed(_SHORT_HEAD_WORDS)) and (
                modifier not in _PREFIXES
            ):
                return True
    return False


# a word made with a prefix is no compound of the rest: "Versicherung" is no kind of
# "Sicherung", "Erholung" none of "Holung"; a participle's "ge-" ("geschult") and a negation's
# "un-" ("unwirksam") keep the word's meaning, and still match
_PREFIXES = frozenset(("be", "er", "ver", "zer", "ent", "emp", "miss"))


def _time_of(term: str, bag: set[str], body_only: bool = False) -> bool:
    """A word of the bag is the span of time of ``term``: "arbeit" -> "Arbeitszeit",
    "Höchstarbeitszeit"; "klag" -> "Klagefrist"; "kundig" -> "Kündigungsfrist"."""
    if len(term) < 4:
        return False
    for word in _words(bag, body_only):
        for head in _TIME_HEADS:
            if word.endswith(head):
                modifier = word[: -len(head)]
                if any(modifier.endswith(term + link) for link in _LINKS):
                    return True
    return False


# the heads of a compound that names a span of time, stemmed ("Dauer" -> "dau"), and the
# letters German puts between a compound's parts ("Arbeit-s-zeit", "Kündig-ungs-frist")
_TIME_HEADS = ("zeit", "zeitraum", "frist", "dau")
_LINKS = ("", "s", "e", "es", "n", "en", "ung", "ungs")


# the nouns a number counts in ("wie viele Tage", "ab wie vielen Mitarbeitern") or that name
# the kind of number ("innerhalb welcher Frist", "die Höhe"), not what it is a number of;
# stemmed as ``terms`` stems them
# the words that name a date asked for ("Bis zu welchem Datum ...?"): the kind of answer, no
# thing the evidence must talk about
_DATE_WORDS = "datum zeitpunkt termin stichtag"
_UNIT_WORDS = (
    "tag tage werktag werktage woche wochen monat monate jahr jahre stunde stunden minute "
    "minuten euro prozent mal leute mitarbeiter beschäftigte arbeitnehmer frist fristen dauer "
    "zeit zeitraum höhe betrag anzahl zahl umfang " + _DATE_WORDS
)


# the units of time too short to be read as a compound's head by their length alone
_SHORT_HEAD_WORDS = "tag tage woche wochen jahr jahre"


# the nouns that name a provision, the answer a question for the legal basis asks for; a
# decision cites "§ 543 Abs. 2 BGB" without the word "Rechtsgrundlage" or "Paragraph"
_PROVISION_WORDS = (
    "paragraph paragraphen paragraf paragrafen rechtsgrundlage grundlage anspruchsgrundlage "
    "ermächtigungsgrundlage vorschrift vorschriften norm normen rechtsnorm bestimmung "
    "bestimmungen regelung regelungen gesetz gesetze"
)
# the nouns that name the kind of answer asked for, a provision or a date
_KIND_WORDS = f"{_PROVISION_WORDS} {_DATE_WORDS}"


@cache
def _stemmed(words: str) -> frozenset[str]:
    """A list of German words (one of the constants above), stemmed as ``terms`` stems."""
    return frozenset(str(s) for s in _stemmer("de").stemWords(words.split()))


def _counted(noun: str) -> str:
    """What a compound of a unit counts: "Urlaubstage" counts Urlaub."""
    for unit in _stemmed(_UNIT_WORDS):
        if len(unit) >= 3 and noun.endswith(unit) and len(noun) - len(unit) >= 4:
            first = noun[: -len(unit)]
            return first[:-1] if first.endswith("s") else first
    return noun


def _names(term: str, bag: set[str]) -> bool:
    """The evidence names the thing the term names: the term itself, a compound ending in it,
    or, for a compound of the term's own, its head together with its first part. Evidence
    that knows only the head names a more general thing: "Urlaub" is no "Bildungsurlaub"."""
    words = {w.removeprefix("^") for w in bag}
    # "Ruhe" is named by "Ruhezeit" (its first part), "Zeit" by "Ruhezeit" (its head)
    if any(w == term or w.startswith(term) or (len(term) >= 5 and w.endswith(term)) for w in words):
        return True
    if any(_elided_begins(w, term) for w in words):
        return True
    for head in words:
        if len(head) >= 4 and term.endswith(head) and len(term) - len(head) >= 3:
            first = term[: -len(head)]
            first = first[:-1] if first.endswith("s") and len(first) > 4 else first
            if any(w.startswith(first) for w in words if w != head):
                return True
    return False


def unit_vector(vector: list[float]) -> np.ndarray:
    """The vector scaled to length one (as it is when it has none), for cosines as dot
    products."""
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v
