"""What a question asks for, and whether a sentence holds that kind of answer (German, English).

An answer to "how long" names a duration, to "by when" a deadline, to "how many" a number;
"may I ..." wants a rule, "who" a person or body, "which reasons" an enumeration. The
extractive answerer prefers evidence that holds the kind of answer asked for, and a question of
a kind no evidence holds is not answered from unrelated sentences.

>>> asked("Wie viele Werktage Urlaub hat ein Arbeitnehmer mindestens?")
'duration'
>>> asked("Mir wurde gekündigt. Wie viel Zeit habe ich, um dagegen vorzugehen?")
'deadline'
>>> asked("Darf ich im Urlaub arbeiten?"), asked("Who founded Acme?")
('yes_no', 'person')
>>> holds("deadline", "Die Klage ist binnen drei Wochen zu erheben.")
True
>>> holds("duration", "Der Urlaub beträgt jährlich mindestens 24 Werktage.")
True
>>> holds("duration", "Der Arbeitnehmer kann Einspruch einlegen.")
False
>>> asked("Wie hoch ist der Mindestlohn?"), holds("amount", "Pausen von 30 Minuten")
('amount', False)
>>> holds_new("duration", "bis zu zehn Stunden", "Ich arbeite zehn Stunden. Wie lange Pause?")
False
>>> holds("threshold", "Dazu haben sie eine gleiche Tätigkeit zu benennen.")
False
>>> exact("deadline", "Er muss innerhalb einer Frist von zwei Monaten geltend gemacht werden.")
True
>>> exact("deadline", "Nach Ablauf von sechs Monaten kann der Antrag nicht mehr gestellt werden.")
False
>>> holds("quantity", "(2) Der Anspruch nach § 10 Absatz 1 Satz 2 besteht.")
False
>>> holds("threshold", "(1) Er besteht in Betrieben mit mehr als 200 Beschäftigten.")
True
>>> refers_elsewhere("(1) Nicht wegen eines in § 1 genannten Grundes.")
True
>>> refers_elsewhere("(2) Der Urlaub beträgt 24 Werktage.")
False
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from graphrag.answer.spoken import fluent
from ingestion.chunking.sentences import ends_sentence

Asked = Literal[
    "deadline",
    "duration",
    "amount",
    "quantity",
    "threshold",
    "time",
    "yes_no",
    "person",
    "list",
    "norms",
    "condition",
    "procedure",
    "definition",
    "consequence",
    "other",
]
# kinds whose answer is a number or a span of time: evidence without one cannot answer them
NUMERIC: frozenset[Asked] = frozenset({"deadline", "duration", "amount", "quantity", "threshold"})

# the numbers written out, in German and in English, by value: one list for the terms a text
# states ("vierzig" and "40" are one term), the spans it names and the values it answers with.
# "ein(e)" and "one" are mostly articles and pronouns: not counted
_NUMBER_NAMES: dict[int, tuple[str, str]] = {
    2: ("zwei", "two"),
    3: ("drei", "three"),
    4: ("vier", "four"),
    5: ("fünf", "five"),
    6: ("sechs", "six"),
    7: ("sieben", "seven"),
    8: ("acht", "eight"),
    9: ("neun", "nine"),
    10: ("zehn", "ten"),
    11: ("elf", "eleven"),
    12: ("zwölf", "twelve"),
    13: ("dreizehn", "thirteen"),
    14: ("vierzehn", "fourteen"),
    15: ("fünfzehn", "fifteen"),
    16: ("sechzehn", "sixteen"),
    17: ("siebzehn", "seventeen"),
    18: ("achtzehn", "eighteen"),
    19: ("neunzehn", "nineteen"),
    20: ("zwanzig", "twenty"),
    24: ("vierundzwanzig", ""),
    30: ("dreißig", "thirty"),
    40: ("vierzig", "forty"),
    50: ("fünfzig", "fifty"),
    60: ("sechzig", "sixty"),
    70: ("siebzig", "seventy"),
    80: ("achtzig", "eighty"),
    90: ("neunzig", "ninety"),
    100: ("hundert", "hundred"),
    1000: ("tausend", "thousand"),
    1_000_000: ("", "million"),
}
NUMBER_VALUES: dict[str, int] = {w: n for n, names in _NUMBER_NAMES.items() for w in names if w}


def alternation(words: list[str]) -> str:
    """A regular expression's alternation of ``words``, the longest first."""
    # the longest first: "vierzehn" before "vier"
    return "|".join(sorted(words, key=len, reverse=True))


# "ein(e)" is a number only next to a unit ("einer Woche"), alone it is an article
_GERMAN_NUMBERS = alternation([de for de, _ in _NUMBER_NAMES.values() if de])
_ENGLISH_NUMBERS = alternation(["one", *(en for _, en in _NUMBER_NAMES.values() if en)])
_COUNT_WORDS = rf"{_GERMAN_NUMBERS}|halbe[nm]?|doppelte[nm]?|{_ENGLISH_NUMBERS}|half"
_NUMBER_WORDS = rf"eine?[rsmn]?|{_COUNT_WORDS}"
_NUMBER = rf"(?:\d+(?:[.,]\d+)?|(?:{_NUMBER_WORDS}))"
_UNIT = (
    r"(?:werk|kalender|arbeits)?(?:tag|tage|tagen|tages)|wochen?|monate?n?|monats|jahre?n?|"
    r"jahres|kalenderjahr\w*|stunden?|minuten?|sekunden?|uhr|days?|weeks?|months?|years?|"
    r"hours?|minutes?"
)
# the units a span of time is stated in, for patterns elsewhere that must tell a span apart
TIME_UNIT = _UNIT
# "drei Wochen", "sechs vollen Monaten", "drei aufeinander folgende Stunden": a number, up to
# two inflected adjectives, a unit
_SPAN = re.compile(
    rf"\b{_NUMBER}[\s-]+(?:\w+\s+|(?:[a-zäöüß]+(?:e|en|er|es|em)\s+){{2}})?(?:{_UNIT})\b",
    re.I,
)
# German fuses number and unit: "sechsmonatigem", "dreiwöchig", "zwölfmonatig"
_FUSED = re.compile(
    rf"\b(?:ein|{_GERMAN_NUMBERS}|\d+)[-]?(?:tägig|wöchig|monatig|jährig|stündig)\w*",
    re.I,
)
# "two-time Pro Bowl selection", "twice", "zweimal": a count of times is a quantity too
_QUANTITY = re.compile(
    rf"\b\d+(?:[.,]\d+)?\b|\b(?:{_COUNT_WORDS})\b(?=[\s-]+\w)|\b(?:twice|thrice)\b|"
    rf"\b\w*(?:mal|malige\w*|fach\w*|"
    rf"zehntel|zwölftel|hälfte|prozent|percent|"
    # "Wie viel davon steht mir zu?": a share is answered as one ("dem Anteil seiner
    # Arbeitszeit ... entspricht", "pro rata")
    rf"anteil\w*|proportion\w*)\b|\bpro rata\b|%|€|\beuro\b|monatsgehälter",
    re.I,
)
# a number written out as the statutes write fines: "dreißigtausend", "fünfundzwanzig",
# "two hundred", "five thousand"
_SPELLED = (
    rf"(?:(?:ein|{_GERMAN_NUMBERS})(?:und|ein|{_GERMAN_NUMBERS})*|"
    rf"(?:(?:{_ENGLISH_NUMBERS})[\s-]+)*(?:hundred|thousand|million))"
)
# money and shares: what "wie hoch ist der Lohn" or "how much is the fee" is answered with
_MONEY = re.compile(
    # "bis zu fünftausend Euro", "five thousand dollars"
    rf"\b{_SPELLED}\s+(?:euro|eur\b|dm\b|d-mark|mark\b|dollars?\b|pounds?\b|prozent|percent)|"
    # "750,-- EUR", "1.200,00 DM", "2,5 Mio. Euro", "$1.5 million", "£300"; a share as the
    # statutes write it: "9,1 vom Hundert"
    r"\d+(?:[.,]\d+)*(?:,-+)?\s*(?:(?:mio\.?|millionen|mrd\.?|milliarden|million|billion)\s*)?"
    r"(?:€|euro|eur\b|dm\b|d-mark|mark\b|\$|usd\b|dollars?\b|£|pounds?\b|chf\b|franken\b|"
    r"prozent|percent|per\s+cent|vom\s+hundert|v\.\s?h\.|%)|"
    r"[€$£]\s*\d+(?:[.,]\d+)*(?:\s*(?:million|billion|mio\.?|mrd\.?))?|"
    r"\b(?:in höhe von|"
    r"monatsgehält\w*|monatsgehalt\w*|monatsverdienst\w*|bruttomonats\w*|"
    r"monatsentgelt\w*|(?:ein|zwei|drei|vier|fünf|sechs|\d+)\s+monatsverdienst\w*)",
    re.I,
)
# numbers that name a provision, not a quantity: "(1)", "§ 10", "Absatz 2 Satz 1", "Nr. 3"
_REFERENCE = re.compile(
    r"^\s*\(\d+\w?\)|(?:§+|\b(?:abs\.|absatz|absätze|absätzen|satz|sätze|nr\.|nrn\.|nummer|"
    r"art\.|artikel|buchstabe|section|article))\s*\d+\w?(?:\s*(?:,|und|bis|oder)\s*\d+\w?)*",
    re.I,
)
# a time of day asked ("Welche Uhrzeit", "what time") is answered by a clock time
_CLOCK_ASK = (
    r"\b(?:welche[rn]?\s+uhrzeit\w*|um wie viel uhr|ab wie viel uhr|bis wie viel uhr|"
    r"what time|at what hour)\b"
)
_CLOCK = re.compile(r"\b\d{1,2}(?:[.:]\d{2})?\s*uhr\b|\bo'clock\b|\b\d{1,2}\s*[ap]\.m\.", re.I)
_DEADLINE_WORDS = re.compile(
    r"\b(binnen|innerhalb|spätestens|frühestens|bis zu|bis zum|vor ablauf|nach ablauf|frist|"
    r"within|no later than|by the end)\b",
    re.I,
)
_RULE_WORDS = re.compile(
    r"\b(darf|dürfen|muss|müssen|kann|können|soll|sollen|ist\s+\w*\s*(?:un)?zulässig|"
    r"bedarf|verboten|unzulässig|zulässig|berechtigt|verpflichtet|anspruch|nicht|kein\w*|"
    r"may|must|shall|can(?:not)?|entitled|prohibited|not|"
    # a rule under its condition: "unterliegt nur dann der Kündigung, wenn ...", "only if"
    r"nur\s+dann|nur,?\s+(?:wenn|soweit|sofern)|only\s+(?:if|where|when))\b",
    re.I,
)
# the prefixes of German separable verbs, which take "zu" inside: "auszuschreiben",
# "anzuwenden" (``evidence.terms`` reads them as their infinitive)
SEPARABLE = (
    r"ab|an|auf|aus|bei|dar|ein|fest|fort|frei|her|hin|hinzu|mit|nach|nieder|statt|teil|um|"
    r"vor|weg|wieder|zurück|zusammen"
)
# German states a duty as "hat ... zu tun" or "ist ... zu tun", a separable verb with "zu"
# inside ("hat ... auszuschreiben", "sind ... aufzubewahren")
OBLIGATION = re.compile(
    rf"\b(?:hat|haben|ist|sind)\b[^.;]*?(?:\bzu\s+[a-zäöüß]{{3,}}en\b|"
    rf"\b(?:{SEPARABLE})zu[a-zäöüß]{{3,}}en\b)"
)
_ROLE = re.compile(
    r"\b(arbeitgeber\w*|betriebsrat\w*|personalrat\w*|stelle[n]?|behörde\w*|gericht\w*|"
    r"arbeitsgericht\w*|vorgesetzte\w*|beauftragte\w*|ausschuss\w*|kommission\w*|agentur\w*|"
    r"employer|works council|court|authority|office)\b",
    re.I,
)
_NORM = re.compile(r"§|\bart(?:ikel|\.)\s*\d|\b\w*gesetz\w*\b|\bsection \d|\bact\b", re.I)
_CONDITION = re.compile(
    r"\b(wenn|soweit|sofern|falls|es sei denn|nur|voraussetzung\w*|if|unless|provided|only)\b",
    re.I,
)

# "Was zählt dabei als Monatsverdienst?", "Was versteht man unter Teilzeit?": the answer is the
# sentence that defines the term ("Als Monatsverdienst gilt, ...")
_DEFINED_ASK = (
    r"(?:was|what)\s+(?:zählt|zählen|gilt|gelten|counts?|is considered|are considered)\s+"
    r"(?:\w+\s+){0,2}?(?:als|as)\s+(?:ein\w*\s+|der\s+|die\s+|das\s+|an?\s+)?(?P<term>\w+)|"
    r"was versteht man (?:\w+\s+){0,2}?unter\s+(?:ein\w*\s+|der\s+|die\s+|dem\s+|den\s+)?"
    r"(?P<term2>\w+)|what is meant by\s+(?:an?\s+|the\s+)?(?P<term3>\w+)"
)
# a sentence that says what a term covers: "Arbeitszeit im Sinne dieses Gesetzes ist ...",
# "Als Arbeitnehmer gelten auch ...", "... gilt als ..."
_DEFINING = re.compile(
    r"\bim sinne (?:dieses|des|der)\b|\bals\s+(?:\w+\s+){0,3}?(?:gilt|gelten)\b|"
    r"\b(?:gilt|gelten)\s+(?:\w+\s+){0,4}?als\b|\bwithin the meaning of\b",
    re.I,
)
# the sentence applies other provisions: "Die §§ 5 bis 7 des KSchG gelten entsprechend."
_APPLIES = re.compile(
    r"(?:§|\bart(?:ikel|\.))[^.;]{0,80}?\b(?:gilt|gelten|findet|finden|ist|sind)\s+"
    r"(?:\w+\s+){0,3}?(?:entsprechend|anwendbar|anzuwenden|anwendung)\b|"
    r"(?:section|article)[^.;]{0,80}?\bappl(?:y|ies)\b",
    re.I,
)

_RANGE_ASK = re.compile(r"\b(von wann bis wann|from when (?:to|until) when)\b", re.I)
# its answer, from one point to another: "von 0 bis 24 Uhr", "from 9 am to 5 pm"
_RANGE = re.compile(
    rf"\b(?:von|vom|from|between)\s+[^.;]{{0,30}}?\b(?:bis|bis zum|to|until|and)\s+"
    rf"[^.;]{{0,20}}?(?:\buhr\b|\b(?:{_UNIT})\b|\d\s*(?:am|pm)\b)",
    re.I,
)

_ASKS: list[tuple[Asked, re.Pattern[str]]] = [
    # "Von wann bis wann gilt die Sonntagsruhe?" asks for a span of the clock or calendar
    ("time", _RANGE_ASK),
    # "Wie wird berechnet, wie viel Geld ich bekomme?" asks how, not how much: the rule that
    # computes it ("nach dem durchschnittlichen Arbeitsverdienst"), not an amount
    (
        "procedure",
        re.compile(
            r"^wie (?:wird|werden)\b[^?]*\b(?:berechnet|ermittelt|bemessen|bestimmt|festgesetzt)\b|"
            r"^how (?:is|are)\b[^?]*\b(?:calculated|computed|determined|worked out)\b",
            re.I,
        ),
    ),
    (
        "deadline",
        re.compile(
            r"\b(bis wann|bis spätestens wann|bis zu welchem (?:datum|tag|zeitpunkt|termin)|"
            r"until (?:what|which) date|(?:kürzer|länger|früher|später)[^?]*\bfrist|"
            r"innerhalb welcher \w*frist|"
            r"welche[rn]? \w*frist(?:en)?|wie viel zeit|wieviel zeit|"
            r"wie lange habe ich|how long do i have|by when|what deadline|which deadline|"
            r"wann muss ich|wie früh|wie rechtzeitig|wie kurzfristig|"
            r"wie lange (?:vorher|im voraus)|wie viel vorlauf|how early|how far in advance|"
            r"how much notice|how short notice)\b",
            re.I,
        ),
    ),
    (
        "threshold",
        re.compile(
            r"\b(ab welche[rm]?|ab wie viele[mn]?|welcher größe|ab welcher größe|"
            r"from (?:what|which) size|how (?:big|large) must)\b",
            re.I,
        ),
    ),
    (
        "duration",
        re.compile(
            r"\b(wie lange|wie lang|how long|dauer|"
            r"wie viele (?:tage|wochen|monate|jahre|stunden|minuten|werktage)|"
            r"how many (?:days|weeks|months|years|hours|minutes))\b",
            re.I,
        ),
    ),
    (
        "amount",
        re.compile(
            r"\b(wie hoch|wie viel (?:geld|lohn|gehalt|entgelt|entschädigung|abfindung|"
            r"vergütung)|how much (?:money|pay|is)|how high|(?:what|which) is the [\w ]*"
            r"(?:wage|salary|pay|fee|rate|price|cost|amount|compensation))\b",
            re.I,
        ),
    ),
    (
        "quantity",
        re.compile(
            r"\b(wie viele|wieviele|wie viel|wieviel|wie oft|how many|how much|"
            r"how often|anzahl|number of)\b",
            re.I,
        ),
    ),
    ("person", re.compile(r"^(wer|an wen|bei wem|who|whom|to whom)\b", re.I)),
    (
        "condition",
        re.compile(
            r"\b(unter welche[rn]? voraussetzung\w*|welche voraussetzung\w*|"
            r"under (?:which|what) condition\w*|what conditions?)\b|"
            r"^(wann habe ich|wann ist|wann gilt|when (?:is|does|do))\b",
            re.I,
        ),
    ),
    (
        "procedure",
        re.compile(
            r"\b(wie kann ich|wie muss ich|was muss ich tun|wie gehe ich vor|ablauf|"
            r"how (?:do|can|should) i|what do i (?:have|need) to do|steps?)\b",
            re.I,
        ),
    ),
    (
        "norms",
        re.compile(
            r"\b(welche[rsmn]? (?:\w+ )?(?:gesetze?s?|vorschrift\w*|paragraphe?n?|normen|"
            r"bestimmung\w*|regelung\w*)|which (?:\w+ )?(?:laws?|provisions?|sections?|"
            r"acts?|rules?))\b",
            re.I,
        ),
    ),
    (
        "list",
        re.compile(
            r"\b(aus welchen gründen|welche gründe|welche rechte|welche pflichten|"
            # the criteria a choice is made by: "Nach welchen Gesichtspunkten wird ausgewählt?"
            r"welche[nm]? (?:gesichtspunkt\w*|kriterien|maßstäbe\w*)|"
            r"(?:which|what) criteria|"
            r"welche (?:\w+ )?(?:regeln|merkmale)|which (?:\w+ )?(?:grounds|reasons|rights)|"
            r"what are the)\b|"
            # "Which models did AutoGen select between?", "What actresses were involved?": a
            # plural asked for is answered by the list of them, not by its first item ("bus",
            # "class" and "analysis" are no plurals, "has" no noun; the verb right after says
            # the noun ended)
            r"\b(?:which|what)\s+(?:[a-z-]+\s+){0,2}?(?!(?:has|was|does)\b)[a-z-]*[^\Wsui]s\s+"
            r"(?:did|do|were|are|have|had)\b",
            re.I,
        ),
    ),
    ("definition", re.compile(rf"^(?:{_DEFINED_ASK})", re.I)),
    (
        "consequence",
        re.compile(
            r"^(?:und\s+)?(?:was passiert|was geschieht|was gilt|was folgt|welche folgen?|"
            r"was sind die folgen|was ist,? (?:wenn|falls)|was ist dann|what happens|"
            r"what are the consequences|what if)\b",
            re.I,
        ),
    ),
    ("time", re.compile(rf"^(wann|ab wann|seit wann|when|since when)\b|{_CLOCK_ASK}", re.I)),
]
# what follows from a situation the question sets: "Was passiert, wenn ...?", "Was ist, falls ...?"
_IF_THEN = re.compile(
    r"^(?:und\s+)?(?:was\s+(?:passiert|geschieht|gilt|folgt(?:\s+daraus)?|ist)|what\s+happens)"
    r",?\s+(?:\w+\s+){0,3}?(?:wenn|falls|if|when)\b",
    re.I,
)
# the verbs a yes/no question opens with
_VERB_FIRST = (
    r"darf|dürfen|muss|müssen|kann|können|gilt|gelten|ist|sind|hat|habe|haben|bin|bekomme|"
    r"steht|stehen|gibt|geht|werden|wird|zählen|zählt|soll|sollte|stimmt|trifft|reicht|reichen|"
    r"bleibt|bleiben|verfällt|verfallen|endet|enden|holt|zahlt|braucht|brauche|brauchen|kriege|"
    r"kriegt|kriegen|kriegst|bekommst|bekommt|bekommen|gehört|gehören|fällt|fallen|"
    # chat spelling: "Hab ich ...?", "Krieg ich ...?" ("hab die Kündigung bekommen" is a
    # statement whose "ich" was dropped)
    r"(?:hab|krieg)(?=\s+(?:ich|du|wir|ihr|man)\b)|"
    r"läuft|liegt|liegen|erlischt|wäre|würde|hätte|"
    r"könnte|dürfte|müsste|sollten|can|may|must|"
    r"is|are|do|does|"
    r"did|will|should|am|have|has"
)
_YES_NO = re.compile(rf"^({_VERB_FIRST})\b", re.I)
# a question word, with the preposition it may stand after ("ab wann", "bis zu welchem", "in
# how many"): the one spelling of what opens an open question, wherever one is looked for
_QUESTION_WORD = (
    r"(?:(?:ab|an|bei|bis|bis zu|seit|innerhalb|in|unter|für|nach|von|zu|within|by|under|for|"
    r"from|until|since)\s+)?(?:wie|was|wann|wer|wem|wen|wo|welche\w*|warum|wieso|weshalb|"
    r"how|what|when|which|who|whom|where|why)"
)
# units people shorten when they type a question ("8 Std. Arbeit", "seit 3 Mon. im Betrieb"),
# which no document's sentence splitter need know
_TYPED_UNITS = frozenset(("std.", "mon.", "wo.", "tsd.", "mio.", "mrd."))
# a sentence that opens as a question: with its verb or a question word (not English "am",
# which in German is "an dem": "z. B. am Sonntag")
_OPENS_QUESTION = re.compile(rf"^(?!am\b)(?:{_VERB_FIRST}|{_QUESTION_WORD})\b", re.I)


# a yes or no offered, then an open question: ", oder bis wann ...?", ", or how long ...?"
_OR_OPEN = re.compile(
    rf",\s*(?:oder|or)\s+(?={_QUESTION_WORD}\b)",
    re.I,
)

# the asker asks to be told: the embedded question is the one asked
_REQUEST = re.compile(
    r"^(?:kannst du|können sie|könnten sie|könntest du|weißt du|wissen sie|can you|could you|"
    r"would you|do you know)\b",
    re.I,
)


# a statement asked back with a tag ("..., oder?", "..., right?")
_TAG = re.compile(
    r",\s*(?:oder|gell|ne|nicht wahr|oder nicht|right|isn't it|aren't they|don't they|"
    r"doesn't it)\s*\?$",
    re.I,
)
# a request to be told ("Erklär mir kurz, wie lange ...", "Ich brauche die Regel, wer ...",
# "Tell me whether ..."): the clause it embeds is what is asked, the frame names nothing asked
_FRAME = re.compile(
    r"^(?:bitte\s+)?(?:(?:erklär|erkläre|sag|sage|nenn|nenne|zeig|zeige|schreib|schreibe)\s+"
    r"(?:mir|uns)\b|bitte\s+(?:\w+\s+)?erklären|ich (?:brauche|suche|möchte|will|würde gerne?|"
    r"frage mich|muss)\b|tell me|show me|explain|let me know|i (?:want|would like|need|wonder)\b|"
    # a question passed on: "Meine Kollegin möchte wissen, ob ...", "Er fragt, ob ...", "She
    # wants to know whether ..."; not a condition that opens a question ("Wenn mein Chef fragt,
    # ob ich krank bin, muss ich ...?", "If my boss asks whether ...")
    r"(?!(?:wenn|falls|sobald|als|ob|weil|if|when|once|whether|because|what)\b)"
    r"(?:(?:[\w-]+\s+){1,4}?(?:möchte|will|wollte|würde\s+gerne?|wüsste\s+gerne?)\s+wissen|"
    r"(?:[\w-]+\s+){1,3}?fragt|(?:[\w-]+\s+){1,4}?(?:wants?|would\s+like)\s+to\s+know|"
    r"(?:[\w-]+\s+){1,3}?(?:asks|is\s+asking|wonders))\b)"
    rf"[^,?]{{0,40}}?,?\s+(?=(?:ob|whether|if|{_QUESTION_WORD})\b)",
    re.I,
)
# what such a request embeds asks yes or no: "ob die Firma mich vorziehen muss"
_WHETHER = re.compile(r"^(?:ob|whether|if)\b", re.I)


# "Wenn ich sonntags arbeite, darf ...?", "Besides the people we let go, do we have to ...?":
# a clause set before the question; the verb right after its comma opens the question
_LEADING_CLAUSE = re.compile(
    r"^(?:wenn|falls|sobald|nachdem|obwohl|weil|da|seit|seitdem|bevor|während|als|außer|"
    r"neben|if|when|once|after|before|since|although|though|because|while|unless|besides|"
    r"apart from|except)\b[^?]*?,\s*(?=(?:" + _VERB_FIRST + r")\b)",
    re.I,
)


# "Stimmt das?", "Ist das so richtig?", "Is that true?": asks only whether what was said is
# true (not "Ist das erlaubt?", which asks its own question of it); so does asking whether the
# one who said it is right ("Hat er recht?", "Liegt sie damit richtig?", "Is he right?")
_CONFIRMATION = re.compile(
    r"^(?:(?:stimmt|stimmen)\s+(?:das|es)\b[^?]{0,30}|"
    r"(?:ist|is|geht|steht)\s+(?:das|es|that|this|it)\b(?:\s+\w+){0,3}?\s+"
    r"(?:richtig|so|wahr|wirklich|true|right|correct|so im gesetz)|trifft\s+(?:das|es)\s+zu|"
    r"(?:hat|haben)\s+(?:er|sie|die|der)(?:\s+\w+)?\s+(?:damit\s+|da\s+)?(?:wirklich\s+)?recht|"
    r"(?:liegt|liegen)\s+(?:er|sie)\s+(?:damit\s+|da\s+)?(?:wirklich\s+)?richtig|"
    r"(?:is|are)\s+(?:he|she|they)\s+(?:really\s+)?right)"
    r"\s*\?$",
    re.I,
)
# who said it ("Mein Kollege meint, ...", "Ich hab gehört, dass ...", "Angeblich ..."): the
# belief is what is asked about, not the one who holds it
_HEARSAY = re.compile(
    r"^(?:(?:\w+\s+){0,3}?(?:sagt|sagen|meint|meinen|behauptet|behaupten|erzählt|glaubt|"
    r"glauben|says|say|said|claims|thinks|told me)|ich (?:hab|habe) gehört|es heißt(?: doch)?"
    r"(?: immer)?|angeblich|man sagt|i(?: have|'ve)? heard|they say|apparently)\b,?\s*"
    r"(?:(?:dass|that)\s+)?",
    re.I,
)


# in a chat an emoji ends a thought as a full stop does ("... abgebaut werden 😟 Nach welchen
# Kriterien ...?"): pictographs and dingbats, with their joiners and variation selectors
_EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+"
# a list item's mark: a bullet or a number ("1.", "2)")
_MARK = r"(?:[-•*–·]|\d+[.)])"
# a quotation may end the sentence it holds: 'Im Vertrag steht: "... festgelegt." Ist das
# erlaubt?' asks in its second sentence; a line of notes ends one too, with the list mark the
# next line opens with (``_ends_sentence``): a situation pasted as notes ("- Eintritt: 1.
# Februar\n- Kündigung zum 31. Mai\nWie viel Urlaub bekomme ich?") asks in its last line, not
# from the "31." on
_LINE_BREAK = rf"\s*\n\s*(?:{_MARK}\s+)?"
_SENTENCE_END = re.compile(
    rf"{_LINE_BREAK}(?=\S)|(?<=[.!?])\s+|(?<=[.!?][\"'“”»«‘’])\s+|\s*{_EMOJI}\s*"
)
# a line of notes: a list item ("- ...", "• ...", "1) ..."), a field and its value ("Alter:
# 51", "Letzter Check beim Betriebsarzt: vor 14 Monaten"), a row ("... | ..."), a heading
# ("Meine Daten:") or a line that ends a sentence
_NOTE_LINE = re.compile(
    rf"^(?:{_MARK}\s|[^\W\d_][\w.-]*(?:\s+[\w.-]+){{0,3}}:\s+[^?]*$)|\s\|\s|[:.!?]$"
)
_LIST_MARK = re.compile(rf"\n\s*{_MARK}\s")
# a company's legal form is a word, not an abbreviation, at a sentence's end: "Ich bin
# Geschäftsführer einer GmbH. Schützt mich ...?"
_COMPANY_END = re.compile(r"\b(?:GmbH|Inc|Ltd|Corp)\.$")
# an ordinal after a parenthesis or a possessive or demonstrative ("schwanger (5. Monat)",
# "vor meinem 18. Geburtstag", "diese 3. Verlängerung"): no sentence ends on it (the chunker's
# ``ends_sentence`` reads those after an article or a preposition)
_OWN_ORDINAL_END = re.compile(
    r"(?:\(|\b(?:mein|dein|sein|ihr|unser|euer|eure|jed|dies)\w*\s+)\d{1,2}\.$", re.I
)
# what is left of a thought an emoji ended ("Kurze Frage 🙏: ich fang ...")
_LOOSE = " :;,-–"
# the nouns that name the asking itself ("Kurze Frage: ...", "Ich hätte ein Anliegen", "Quick
# question:"): they name no thing asked about
ASKING_NOUNS = ("frage", "fragen", "rückfrage", "anliegen", "info", "infos", "question")
# an opener that names the asking ("Kurze Frage:", "Noch eine Frage zum Urlaub:", "Quick
# question:") asks nothing itself; what follows its colon does
_OPENER = re.compile(
    rf"^(?:[\w-]+\s+){{0,3}}?(?:{'|'.join(ASKING_NOUNS)}|quick\s+one)\b[^:?.]{{0,40}}:\s*", re.I
)


def asking_sentence(question: str) -> str:
    """The sentence that asks, as written: the last one with a question mark, else the last;
    an opener that only names the asking left out, and a spoken question's hesitation sounds
    and opening words.

    >>> asking_sentence("Hey 👋 kurze Frage: darf ich sonntags arbeiten? Ich bin Bäcker 🙈")
    'darf ich sonntags arbeiten?'
    >>> asking_sentence("Bei uns wird abgebaut 😟 Nach welchen Kriterien wird ausgewählt?")
    'Nach welchen Kriterien wird ausgewählt?'
    >>> asking_sentence("okay so um can i uh work on sundays")
    'can i work on sundays'
    """
    return _asking_part(question)[1]


# asking_sentence, last_question and split_question read the same question for the kind asked,
# its modality, its parties and each evidence score; fluent may run a language detector
@lru_cache(maxsize=256)
def _asking_part(question: str) -> tuple[str, str]:
    """What the question says before its asking sentence, as written, and that sentence as
    ``asking_sentence`` reads it (its sounds and opener left out, so it need not be a part of
    the question's text)."""
    whole = question.strip()
    starts, ends = [0], []
    for boundary in _SENTENCE_END.finditer(whole):
        if not _ends_sentence(whole, boundary):
            continue
        ends.append(boundary.start())
        starts.append(boundary.end())
    ends.append(len(whole))
    parts = [
        (start, fluent(part))
        for start, end in zip(starts, ends, strict=True)
        if (part := whole[start:end].strip(_LOOSE))
    ]
    if not parts:
        return "", question
    asking = [(start, part) for start, part in parts if part.endswith("?")]
    # without a question mark, the sentence that embeds what is asked ("Meine Kollegin möchte
    # wissen, ob das rechtens ist.") asks, wherever it stands
    asking = asking or [(start, part) for start, part in parts if _FRAME.match(part)]
    start, sentence = (asking or parts)[-1]
    return whole[:start].strip(), _OPENER.sub("", sentence, count=1) or sentence


def _ends_sentence(whole: str, boundary: re.Match[str]) -> bool:
    """The boundary ends a sentence: a full stop, but that of an abbreviation or an ordinal
    ("Darf er z. B. am 24. Dezember ...?"), and any other mark; a line break after a line of
    notes or before a list item. A line break inside a wrapped sentence ("Ich möchte wissen,
    wie lange mein\nUrlaub dauert?", pasted from a plain-text e-mail) or after a greeting
    ("Hallo Frau Berger,\n...") joins its lines.

    The cases of a full stop are tried in order, each deciding for good, because later ones
    would misread what earlier ones know: a question that opens after the stop ends the
    sentence before the lower-case rule can join it ("Ich bin in Elternzeit. wie viele
    Stunden?" is how a split writes its second ask), and both come before the documents' rule
    for abbreviations and ordinals, which knows no question."""
    if "\n" not in boundary.group(0):
        stop = whole[: boundary.start()]
        # an ellipsis ("Mein Chef meint... darf er das?") ends a thought, as in a chat
        if not stop.endswith(".") or stop.endswith("..") or _COMPANY_END.search(stop):
            return True
        if _OWN_ORDINAL_END.search(stop):
            return False
        after = whole[boundary.end() :]
        # a question opens after it, in whatever case: "Nachtschichten, Wochenenden etc.
        # Steht mir ...?", and the second ask of a split ("Ich bin in Elternzeit. wie viele
        # Stunden?")
        if _OPENS_QUESTION.match(after):
            return True
        # "ich arbeite 30 Std. pro Woche": a sentence goes on in lower case, where its writer
        # capitalises the first word (one who types all in lower case starts each so)
        if after[:1].islower() and _capitalises(whole):
            return False
        typed = stop.rsplit(None, 1)[-1].casefold() in _TYPED_UNITS
        return ends_sentence(stop, after) and not typed
    if _LIST_MARK.search(boundary.group(0)):
        return True
    line = whole[: boundary.start()].rsplit("\n", 1)[-1].strip()
    return bool(_NOTE_LINE.search(line)) and not _OPENER.match(line)


def _capitalises(text: str) -> bool:
    """The text's first letter is a capital."""
    return next((ch for ch in text if ch.isalpha()), "").isupper()


# asked, offered, modality, parties and each evidence score read the same question's asking part
@lru_cache(maxsize=256)
def last_question(question: str) -> str:
    """The part that asks: "Mir wurde gekündigt. Wie viel Zeit habe ich?" asks the second. A
    belief asked back ("Mein Kollege sagt, im ersten halben Jahr gibt es keinen Urlaub. Stimmt
    das?") asks whether the belief holds: "Stimmt das: im ersten halben Jahr gibt es keinen
    Urlaub?"

    >>> last_question("Ein Freund meint, Resturlaub verfällt. Stimmt das?")
    'Stimmt das: Resturlaub verfällt?'

    A request to be told asks what it embeds:

    >>> last_question("Erklär mir kurz, wie lange ein Nachtarbeiter arbeiten darf.")
    'wie lange ein Nachtarbeiter arbeiten darf.'
    """
    before, text = _asking_part(question)
    framed = _FRAME.sub("", text, count=1) or text
    if not _quoted(text) and (quoted := _quoted(question)) and _POINTS_BACK.search(framed):
        # a clause quoted from a contract, a notice or an advert, then asked of as "das":
        # what is asked is whether the clause holds
        return f"{framed.rstrip(' ?.!')}: {quoted}?"
    if not before or not _CONFIRMATION.match(text):
        return framed
    belief = asking_sentence(before)
    belief = _HEARSAY.sub("", belief, count=1).rstrip(" .!;:")
    return f"{text[:-1].rstrip()}: {belief}?" if belief else text


# a quotation of at least three words: „...“, "...", »...«, '...' (an apostrophe in "geht's"
# opens none: the quote opens after a space or a colon)
_QUOTATION = re.compile(
    r"(?:(?<=[\s:])|^)(?:„(?P<low>[^“”\"]+)[“”\"]|\"(?P<straight>[^\"]+)\"|»(?P<guillemet>[^«]+)«|"
    r"“(?P<curly>[^”]+)”|'(?P<single>[^']+)'(?=[\s.,:;?!]|$))"
)
# the asking sentence that refers back to what came before: "Ist das erlaubt?", "Darf der
# Arbeitgeber das so festlegen?", "Gilt so eine Klausel?", "Darf man eine Stelle so
# ausschreiben?", "Is that legal?", "Can they do this?", "Is such a clause valid?"; "das" as a
# pronoun, not as the article of a noun ("das Verfahren"); "it"/"that"/"this" as the pronoun
# the question opens on or ends with, not anywhere ("Can I take it with me?" refers to nothing
# quoted)
_POINTS_BACK = re.compile(
    r"\b(?:[Dd](?:as|ies)(?=\s+[a-zäöüß]|\s*[?,.!]|$)|[Ss]o\s+(?:eine?[nrm]?|etwas|was)\b|"
    r"[Ss]owas|[Dd]iese[rsnm]?\s+[A-ZÄÖÜ]|[Ss]olche[rsnm]?\s+[A-ZÄÖÜ]|so\s+[a-zäöüß]+\s*\?$|"
    r"(?i:^(?:is|are|was|can|could|may|does|do|would|will|whether|if)\s+(?:that|this|it)\b|"
    r"(?:that|this|it)(?=\s*(?:in\s+\w+\s*)?[?.!]|$)|(?:this|such(?:\s+an?)?)\s+[a-z]+))"
)


def _quoted(text: str) -> str | None:
    """The longest clause ``text`` quotes, of at least three words; None when it quotes none."""
    clauses = [
        next(group for group in found.groups() if group is not None).strip(" .")
        for found in _QUOTATION.finditer(text)
    ]
    clauses = [c for c in clauses if len(c.split()) >= 3]
    return max(clauses, key=len) if clauses else None


_SPLIT = re.compile(
    rf",?\s+(?:und|and)\s+(?=(?:{_QUESTION_WORD}|"
    # "..., und darf ich sie aufteilen?": a clause that opens with its verb asks yes or no
    r"(?:darf|dürfen|kann|können|muss|müssen|gibt|gilt|gelten|zählt|zählen|wird|werden|"
    r"bekomme|bekommt|steht|stehen|do|does|can|may|must|will|should)\s+\w+)\b)",
    re.I,
)
# "<comparative ...>, A oder B?": the head names what is compared, A and B the two sides
_COMPARED = re.compile(
    r"^(?P<head>[^,]*\b(?:kürzer|länger|früher|später|eher|mehr|weniger|höher|niedriger|"
    r"größer|kleiner|älter|jünger|shorter|longer|earlier|later|first|older|younger|more|"
    r"fewer|less|higher|lower|larger|bigger|smaller)\b[^,]*),\s*(?P<first>[^,]+?)\s+"
    r"(?:oder|or)\s+(?P<second>[^,]+?)\s*\?$",
    re.I,
)


def compares(question: str) -> bool:
    """The question asks which of two sides ("Which film came out first, A or B?"): each
    side is one part of its split, and neither answers it alone."""
    return _COMPARED.match(_asking_part(question)[1]) is not None


def split_question(question: str) -> list[str]:
    """The questions a question asks: "Wie lange ..., und ab wann ...?" asks two; so does a
    comparison ("Was ist kürzer, die Frist für den Einspruch oder die für die Klage?"): each
    side is answered by its own sentence, and the reader compares."""
    context, text = _asking_part(question)
    if (compared := _COMPARED.match(text)) is not None:
        head = compared.group("head")
        return [
            f"{context} {head}, {compared.group(side)}?".strip() for side in ("first", "second")
        ]
    parts = [p.strip(" ,") for p in _SPLIT.split(text) if p.strip(" ,")]
    if len(parts) < 2:
        # "Darf er das? Und was kann ich dagegen tun?": two questions, each its own sentence
        asks = _two_asks(question)
        if asks is None:
            return [question]
        context, parts = asks[0], [asks[1], asks[2]]
    parts = [p if p.endswith("?") else f"{p}?" for p in parts[:2]]
    # the first part names the subject; the second often only refers to it ("ab wann ... mir")
    return [f"{context} {parts[0]}".strip(), f"{context} {parts[1]} ({parts[0]})".strip()]


def own_ask(part: str) -> str:
    """A part of ``split_question`` in its own words: its asking sentence without the first ask
    the split carries beside it in brackets, opening in capitals, as an answer names it.

    >>> own_ask(split_question("Darf ich nebenbei jobben, und wie viele Stunden?")[1])
    'Wie viele Stunden?'
    """
    ask = _CARRIED.sub("", last_question(part)).strip()
    return ask[:1].upper() + ask[1:]


# the first ask that ``split_question`` writes after a later one, which refers to it
_CARRIED = re.compile(r"\s*\([^()]*\)\s*$")


@lru_cache(maxsize=256)
def _two_asks(question: str) -> tuple[str, str, str] | None:
    """What the question says before its last two sentences, and those two, when both ask
    ("Darf mein Chef mir den Urlaub streichen? Und was kann ich dagegen tun?"); None
    otherwise. A confirmation last ("..., Stimmt das?") asks of what was said, and a sentence
    of a few words ("Echt?") no question of its own."""
    context, last = _asking_part(question)
    if not context.endswith("?") or _CONFIRMATION.match(last):
        return None
    before, first = _asking_part(context)
    second = _AND.sub("", last, count=1)
    if len(first.split()) < _ASK_WORDS or len(second.split()) < _ASK_WORDS:
        return None
    # "Und was kann ich tun?" opens as a sentence of its own once its "und" is gone
    return before, first, second[:1].upper() + second[1:]


# a question of fewer words asks nothing of its own ("Echt?", "Oder nicht?")
_ASK_WORDS = 2
# the "und" a second question opens with ("Und was kann ich tun?") joins it to the first
_AND = re.compile(r"^(?:und|and|oder|or)\s+", re.I)


# two values offered for the one asked, joined by "oder": "elf oder zwölf Stunden", "einen
# Monat oder drei Monate", "innerhalb von zwei oder von sechs Monaten", "20 oder 24
# Urlaubstage", "one or two weeks"; the first may leave its unit to the second
_OR = re.compile(r"\s+(?:oder|or)\s+(?:(?:von|nur|erst|gleich|only)\s+)?", re.I)
_BARE = re.compile(rf"\b(?:\d+(?:[.,]\d+)?|{_COUNT_WORDS})$", re.I)
_SPAN_ENDS = re.compile(rf"{_SPAN.pattern}$", re.I)
_COUNT_OF = re.compile(rf"(?:\d+(?:[.,]\d+)?|(?:{_COUNT_WORDS}))(?=[\s-]+\w)", re.I)


@dataclass(frozen=True)
class Offered:
    """The values a question offers for its answer to choose from, and the kind they are."""

    kind: Asked
    values: frozenset[str]  # as ``_canonical`` writes them
    # the word the second value counts when it is no unit of time ("24 Urlaubstage"): what
    # the number is asked of; None for a span ("elf oder zwölf Stunden")
    counted: str | None = None


@lru_cache(maxsize=256)  # asked of every candidate sentence's form; the question reads once
def offered(question: str) -> Offered | None:
    """The two values the asking sentence offers ("Hab ich zwei oder drei Wochen Zeit?"): it
    asks which holds, a number, whatever verb it opens with, and a sentence that states one of
    them answers it.

    >>> offered("Brauche ich elf oder zwölf Stunden Ruhe?") == offered("11 or 12 hours?")
    True
    >>> offered("Sind 20 oder 24 Urlaubstage das Minimum?").kind
    'quantity'
    >>> offered("Muss er mir eine Kantine oder einen Zuschuss anbieten?") is None
    True
    """
    text = last_question(question)
    for link in _OR.finditer(text):
        before, after = text[: link.start()].rstrip(), text[link.end() :]
        if (span := _SPAN.match(after)) is not None:
            right = " ".join(span.group(0).casefold().split())
            if (whole := _SPAN_ENDS.search(before)) is not None:
                left = " ".join(whole.group(0).casefold().split())
            elif (bare := _BARE.search(before)) is not None:
                left = f"{bare.group(0).casefold()} {right.split()[-1]}"
            else:
                continue
            return Offered("duration", frozenset({_canonical(left), _canonical(right)}))
        if (count := _COUNT_OF.match(after)) is not None and (
            bare := _BARE.search(before)
        ) is not None:
            numbers = (bare.group(0).casefold(), count.group(0).casefold())
            counted = after[count.end() :].split()[:1]
            return Offered(
                "quantity",
                frozenset({*numbers, *map(_number, numbers)}),
                counted[0].strip("?,.;:!") if counted else None,
            )
    return None


def _number(word: str) -> str:
    """A number as its digits, written out or not ("zwanzig", "20")."""
    return str(NUMBER_VALUES.get(word, word))


def asked(question: str) -> Asked:
    """The kind of answer the question wants (the asking sentence decides). A question that
    opens with its verb asks yes or no, whatever clause it embeds: "Does my employer have to
    tell the works council how many people are on fixed-term contracts?" asks about a duty,
    not for a number; a request to be told ("Kannst du mir sagen, wie viele ...?") asks what
    it embeds. A clause set before the question does not change what it asks:

    >>> asked("Besides the people we let go, do we have to tell them how many we employ?")
    'yes_no'
    >>> asked("Wenn ich sonntags arbeite, darf mein Chef mich länger arbeiten lassen?")
    'yes_no'
    >>> asked("Wenn ich kündige, wie viele Tage Urlaub bekomme ich noch?")
    'duration'

    The criteria of a choice are asked for as their list:

    >>> asked("Nach welchen Kriterien wird ausgewählt, wer gehen muss?")
    'list'
    """
    # "Hab ich zwei oder drei Wochen Zeit?" asks which of the two, not yes or no
    if (choices := offered(question)) is not None:
        return choices.kind
    # "Und darf ich das?", "Und wer zahlt den Anwalt?": a question that goes on from one
    # before asks what it would ask alone
    text = _AND.sub("", last_question(question), count=1)
    # "Verfallen die jetzt, oder bis wann kann ich sie nehmen?": the open question after a
    # yes or no offered is the one asked
    if (alternative := _OR_OPEN.search(text)) is not None:
        return asked(text[alternative.end() :])
    opening = _LEADING_CLAUSE.sub("", text, count=1)
    if _YES_NO.match(opening) and not _REQUEST.match(opening):
        return "yes_no"
    # "..., kriegt man doch einen Tag frei, oder?", "Erklär mir, ob ...": yes or no as well
    framed = _FRAME.match(asking_sentence(question)) is not None
    if _TAG.search(text) or (framed and _WHETHER.match(text)):
        return "yes_no"
    # "Was gilt, wenn der Vertrag offenlässt, wie viele Stunden ich arbeite?" asks what follows
    # from the situation, whatever the situation names
    if _IF_THEN.match(opening):
        return "consequence"
    for kind, pattern in _ASKS:
        if pattern.search(text):
            return kind
    if _YES_NO.match(text):
        return "yes_no"
    return "other"


def _value_matches(kind: Asked, text: str) -> list[re.Match[str]]:
    """The matches of the numbers and spans of this kind in ``text``; a count's provision
    numbers ("§ 10", "Absatz 2") blanked, each character by a space, so places stay."""
    if kind in ("deadline", "duration", "time"):
        patterns = [_SPAN, _FUSED]
    elif kind == "amount":
        patterns = [_MONEY]
    elif kind in ("quantity", "threshold"):
        patterns = [_QUANTITY, _SPAN]
        text = _REFERENCE.sub(lambda m: " " * len(m.group(0)), text)
    else:
        return []
    return [m for p in patterns for m in p.finditer(text)]


def values(kind: Asked, text: str) -> set[str]:
    """The numbers and spans of this kind that ``text`` states, normalised."""
    return {" ".join(m.group(0).casefold().split()) for m in _value_matches(kind, text)}


def value_places(kind: Asked, text: str) -> list[tuple[int, int]]:
    """Where ``text`` states a number or span of this kind (as ``values``), by character."""
    return sorted({m.span() for m in _value_matches(kind, text)})


def stated(kind: Asked, question: str) -> set[str]:
    """The values of this kind the question states as its situation ("Ich arbeite 30
    Stunden"), as ``_canonical`` writes them; those it offers to choose from are asked, not
    stated."""
    choices = offered(question)
    given = {_canonical(v) for v in values(kind, question)}
    return given - choices.values if choices is not None else given


def new_places(kind: Asked, question: str) -> Callable[[str], list[tuple[int, int]]]:
    """``value_places`` but those of a value the question states itself: a sentence's "30
    Stunden" answers nothing asked. The question is read once; the answerer judges every
    candidate by it."""
    known = stated(kind, question)

    def places(text: str) -> list[tuple[int, int]]:
        return [
            (start, end)
            for start, end in value_places(kind, text)
            if _canonical(" ".join(text[start:end].casefold().split())) not in known
        ]

    return places


def without_references(text: str) -> str:
    """The text with its provision numbers ("(1)", "§ 10", "Absatz 2 Satz 1") blanked."""
    return _REFERENCE.sub(" ", text)


def refers_elsewhere(text: str) -> bool:
    """The sentence names another provision ("wegen eines in § 1 genannten Grundes", "nach
    Absatz 2"); its own paragraph number "(1)" does not count."""
    return bool(_REFERENCE.search(re.sub(r"^\s*\(\d+\w?\)", " ", text)))


def holds_new(kind: Asked, sentence: str, question: str) -> bool:
    """``holds``, and a number asked for is one the question does not state already: "Ich
    arbeite zehn Stunden. Wie lange Pause?" is not answered by "bis zu zehn Stunden"."""
    return new_answer(kind, question)(sentence)


def new_answer(kind: Asked, question: str) -> Callable[[str], bool]:
    """``holds_new`` for one question, its numbers and the unit it asks in read once: the
    answerer judges every candidate sentence by it."""
    known = stated(kind, question) if kind in NUMERIC else set()
    counted = _counted(question)
    wanted = next((size for w in counted if (size := _size(w)) is not None), None)
    things = kind in ("quantity", "threshold") and _of_things(counted)
    advance = kind == "deadline" and bool(_ADVANCE_ASK.search(question))

    def holds_answer(sentence: str) -> bool:
        if not holds(kind, sentence):
            return False
        if kind not in NUMERIC:
            return True
        # "Wie lange vorher ...?" is answered by a span before the event ("drei Monate vor
        # deren Beginn"), not by one after it ("frühestens nach Ablauf von zwei Jahren")
        if advance and not _ADVANCE.search(sentence):
            return False
        # "Ab wie vielen Kollegen ...?" is not answered by "nach Ablauf von zwei Jahren"
        if things and not holds(kind, _FUSED.sub(" ", _SPAN.sub(" ", sentence))):
            return False
        found = {_canonical(v) for v in values(kind, sentence)}
        return (not found or bool(found - known)) and _unit_fits(sentence, wanted)

    return holds_answer


# before a unit ("eines Jahres", "one year") an article is the number one
_ONE = dict.fromkeys(("ein", "eine", "einen", "einem", "einer", "eines", "one"), 1)


def _canonical(value: str) -> str:
    """A span as its number and its unit's size, so that the question's "for two years" and
    the law's "von zwei Jahren" are one span ("2@6"); a value that is not a plain number and a
    unit of time stays as written.

    >>> _canonical("zwei jahren") == _canonical("two years") == _canonical("2 jahre")
    True
    >>> _canonical("drei monate") == _canonical("drei wochen")
    False
    >>> _canonical("eines jahres") == _canonical("one year") == _canonical("1 jahr")
    True
    """
    words = value.split()
    if len(words) < 2:
        return value
    first = words[0].replace(",", ".")
    number = (
        NUMBER_VALUES.get(first)
        or _ONE.get(first)
        or (first if re.fullmatch(r"\d+(?:\.\d+)?", first) else None)
    )
    size = _size(words[-1])
    return value if number is None or size is None else f"{number}@{size}"


# the words after "wie viele" / "how many": what is counted ("Ab wie vielen Kollegen") or the
# unit of time a number is asked in ("Wie viele Tage ...", "Wie viele Urlaubstage", "how many
# days"), read once for both; and the units of time by their size (a gap between hours and days)
_HOW_MANY = re.compile(r"\b(?:wie\s+viele[nrs]?|how\s+many)\s+(\w+)(?:\s+(\w+))?", re.I)
_SIZES = (
    (re.compile(r"(?:minute[ns]?|minutes?|minütig\w*)$", re.I), 0),
    (re.compile(r"(?:stunden?|hours?|stündig\w*)$", re.I), 1),
    (re.compile(r"(?:tage?n?|tages|days?|tägig\w*)$", re.I), 3),
    (re.compile(r"(?:wochen?|weeks?|wöchig\w*)$", re.I), 4),
    (re.compile(r"(?:monate?n?|monats|months?|monatig\w*)$", re.I), 5),
    (re.compile(r"(?:jahre?n?|jahres|years?|jährig\w*)$", re.I), 6),
)


# nights are counted as the days they fall on ("an mindestens 48 Tagen")
_NIGHTS = re.compile(r"(?:nächte|nächten|nights?)$", re.I)


def counts_things(question: str) -> bool:
    """The question asks how many of something that is no unit of time ("Ab wie vielen
    Kollegen", "how many times"): a span of time ("zwei Jahren") states no such count.

    >>> counts_things("Ab wie vielen Kollegen darf er nein sagen?")
    True
    >>> counts_things("Wie viele freie Tage bekomme ich?"), counts_things("Wie viele Sonntage?")
    (False, False)
    >>> counts_things("Wie viel Urlaub habe ich?"), counts_things("Ab wie vielen Nächten?")
    (False, False)
    """
    return _of_things(_counted(question))


def _of_things(counted: tuple[str, ...]) -> bool:
    return bool(counted) and all(_size(w) is None and not _NIGHTS.search(w) for w in counted)


def _counted(question: str) -> tuple[str, ...]:
    """The (at most two) words after the question's "wie viele" / "how many"."""
    found = _HOW_MANY.search(question)
    return tuple(w for w in found.groups() if w) if found else ()


def _size(word: str) -> int | None:
    return next((size for unit, size in _SIZES if unit.search(word)), None)


def _unit_fits(sentence: str, wanted: int | None) -> bool:
    """A number asked in a unit of time (``wanted``, its size) is stated in that unit or one
    near it: "Wie viele Tage frei bekomme ich?" is answered by "drei Wochen" or "einen Monat",
    not by "acht Stunden" or "zwölf Jahren"; a sentence that states no span of time is not
    judged by it."""
    if wanted is None:
        return True
    stated = [
        size
        for m in (*_SPAN.finditer(sentence), *_FUSED.finditer(sentence))
        if (size := _size(m.group(0).split()[-1])) is not None
    ]
    near = [s for s in stated if (s <= 1) == (wanted <= 1) and abs(s - wanted) <= 2]
    return not stated or bool(near)


# what follows when something happens: a condition and its consequence ("Wird ... nicht
# rechtzeitig geltend gemacht, so gilt die Kündigung als ...", "Ist die Befristung unwirksam,
# so gilt ...", "If ..., the contract is deemed ...")
# German states a condition by putting its verb first ("Haben sich A und B nicht geeinigt
# ..., verringert sich ..."), "so" before the consequence or not
_CONSEQUENCE = re.compile(
    r"^(?:\(\d+\w?\)\s*)?(?:wird|werden|ist|sind|hat|haben|hatte|war|waren|kann|können|"
    r"erhebt|versäumt|unterlässt|liegt|liegen|besteht|bestehen|endet|scheidet|erkrankt|"
    r"ergreift|kündigt|lehnt|stellt|verlangt|will|wollen)\b[^.;?]*,\s*(?:so\s+)?\w+|"
    r"\b(?:gilt|gelten)\b[^.;]*\bals\b|"
    # or as what holds only under a condition: "Der Arbeitnehmer ist nur zur Arbeitsleistung
    # verpflichtet, wenn ...", "Entlassungen ... werden ... nur mit deren Zustimmung wirksam"
    r"\bnur\b[^.;]{0,80}?\b(?:verpflichtet|wirksam|zulässig|berechtigt)\b|"
    r"\bis deemed\b|\bshall be deemed\b|^(?:if|where)\b[^.;]*,",
    re.I,
)

# a deadline proper: a span of time bounded by "innerhalb / binnen / spätestens" ("innerhalb
# von drei Wochen", "binnen einer Frist von zwei Monaten", "spätestens drei Monate vor")
_BOUNDED_SPAN = re.compile(
    rf"\b(?:binnen|innerhalb|spätestens|frühestens|in\s+den\s+ersten|within|no later than|"
    rf"at the latest|in\s+the\s+first)\s+"
    rf"(?:(?:von|einer|eines|der|des|frist|a|an|the|period|of|\w+frist)\s+){{0,4}}"
    rf"{_NUMBER}[\s-]+(?:\w+\s+)?(?:{_UNIT})\b",
    re.I,
)
# a deadline bounded by an event of a procedure: "bis zum Schluß der letzten mündlichen
# Verhandlung", "bis zum Ablauf der Frist des § 4", "until the close of the hearing"
_BOUNDED_EVENT = re.compile(
    r"\bbis\s+zum\s+(?:schluss|schluß|ablauf)\s+(?:der|des)\b|"
    r"\b(?:until|by)\s+the\s+(?:close|end)\s+of\s+the\b",
    re.I,
)


# a deadline asked as a span in advance ("Wie lange vorher ...?", "Wie viel Vorlauf ...?", "How
# far in advance ...?") and its answer, a span before the event: "spätestens drei Monate vor
# deren Beginn", "mindestens vier Tage im Voraus"; "innerhalb von drei Wochen nach Zugang"
# bounds a deadline after the event. "Wie früh muss er es mir sagen?" is no such question:
# the law may answer it with the span after the notice ("frühestens zwei Wochen nach Zugang
# der schriftlichen Unterrichtung")
_ADVANCE_ASK = re.compile(
    r"\b(?:wie\s+(?:lange|viele?\s+\w+)\s+(?:vorher|im\s+voraus|zuvor)|wie\s+kurzfristig|"
    r"wie\s+viel\s+vorlauf|how\s+far\s+in\s+advance|how\s+(?:much|long|many\s+\w+)\s+"
    r"(?:in\s+advance|beforehand|ahead))\b",
    re.I,
)
_ADVANCE = re.compile(
    rf"\b{_NUMBER}[\s-]+(?:\w+\s+)?(?:{_UNIT})\s+(?:vor\b|im\s+voraus\b|vorher\b|zuvor\b|"
    rf"before\b|in\s+advance\b|prior\s+to\b|ahead\b)",
    re.I,
)


def exact(kind: Asked, sentence: str, question: str = "") -> bool:
    """The sentence states the answer in the form the kind names most precisely: for a
    deadline, a bounded span ("innerhalb von drei Wochen") or a step of the procedure that
    bounds it ("bis zum Schluß der letzten mündlichen Verhandlung"), not any span ("nach
    Ablauf von fünf Jahren") or the bare word "Frist"; for provisions, a sentence that applies them
    ("Die §§ 5 bis 7 ... gelten entsprechend"); for a definition, the sentence that defines
    the term asked about ("Als Monatsverdienst gilt, ...", "Teilzeitbeschäftigt ist ..."); for
    a number asked as a ceiling or a floor ("höchstens", "at least"), one stated as such; for
    a list, the list read whole."""
    return exact_answer(kind, question)(sentence)


def exact_answer(kind: Asked, question: str = "") -> Callable[[str], bool]:
    """``exact`` for one question, what it asks (a span in advance, a clock time, a range,
    the term it defines, the choices it offers, a bound) read once: the answerer judges every
    candidate sentence by it."""
    if kind == "deadline" and _ADVANCE_ASK.search(question):
        return lambda sentence: bool(_ADVANCE.search(sentence))
    if kind == "deadline":
        return lambda sentence: bool(
            _BOUNDED_SPAN.search(sentence) or _BOUNDED_EVENT.search(sentence)
        )
    if kind == "norms":
        return lambda sentence: bool(_APPLIES.search(sentence))
    if kind == "consequence":
        return lambda sentence: bool(_CONSEQUENCE.search(sentence))
    if kind == "time" and re.search(_CLOCK_ASK, question, re.I):
        return lambda sentence: bool(_CLOCK.search(sentence))
    if kind == "time" and _RANGE_ASK.search(question):
        return lambda sentence: bool(_RANGE.search(sentence))
    if kind == "list":  # the list read whole, not one item of it or a sentence about it
        return lambda sentence: len(_LISTED_ITEM.findall(sentence)) >= 2
    if kind == "definition":
        term = defined_term(question)
        if not term:
            return lambda sentence: False
        defines = _defines(term)
        return lambda sentence: bool(defines.search(sentence))
    if kind in NUMERIC and (choices := offered(question)) is not None:
        # "zwei oder drei Wochen?" is answered by the sentence that states one of them
        chosen = choices.values
        return lambda sentence: bool({_canonical(v) for v in values(kind, sentence)} & chosen)
    if kind in NUMERIC and (bound := _bound_asked(question)) is not None:
        # "Wie viel ... höchstens?" is answered by a ceiling ("bis zu zwölf
        # Monatsverdiensten"), not by a rate ("0,5 Monatsverdienste für jedes Jahr")
        return lambda sentence: bool(_BOUNDS[bound].search(sentence))
    return lambda sentence: False


# the marks that open a list's item: a bullet, or a statute's letter ("a) ", "aa) "); the
# evidence splits lists by them, and a list asked for is one read whole with them
BULLETS = ("- ", "* ")
LETTER_MARK = r"[a-z]{1,2}\)"
LETTERED = re.compile(rf"^{LETTER_MARK}\s+")
# an item of a list read whole: "...: - gpt-3.5-turbo, ... - gpt-4, ...", "a) ... b) ..."
_LISTED_ITEM = re.compile(rf"(?:^|\s)(?:[-*]|{LETTER_MARK})\s")
# a question that asks for a ceiling or a floor, and the sentences that state one
_BOUND_ASKS = {
    "max": re.compile(
        r"\b(höchstens|maximal|längstens|obergrenze|höchstgrenze|höchstdauer|höchstmaß|"
        r"at most|maximum|the most|upper limit|cap)\b",
        re.I,
    ),
    "min": re.compile(
        r"\b(mindestens|wenigstens|minimal|untergrenze|mindestdauer|mindestmaß|at least|"
        r"minimum|lower limit)\b",
        re.I,
    ),
}
_BOUNDS = {
    "max": re.compile(
        r"\b(bis zu|höchstens|maximal|längstens|nicht mehr als|nicht länger als|"
        r"nicht überschreiten|überschreitet nicht|up to|at most|no more than|not exceed)\b",
        re.I,
    ),
    "min": re.compile(
        r"\b(mindestens|wenigstens|nicht weniger als|nicht unter|at least|no less than|"
        r"not less than|minimum of)\b",
        re.I,
    ),
}


def _bound_asked(question: str) -> str | None:
    asking = last_question(question)
    for bound, pattern in _BOUND_ASKS.items():
        if pattern.search(asking):
            return bound
    return None


def defined_term(question: str) -> str:
    """The term a definition question asks about, lower-cased ("" when it asks none)."""
    found = re.search(rf"^(?:{_DEFINED_ASK})", last_question(question), re.I)
    if found is None:
        return ""
    term = found.group("term") or found.group("term2") or found.group("term3") or ""
    return term.casefold()


def _defines(term: str) -> re.Pattern[str]:
    # the term's stem: "Monatsverdienst" defines "Monatsverdienstes", "teilzeitbeschäftigt"
    # answers "Teilzeit"
    stem = re.escape(term[: max(5, len(term) - 2)])
    return re.compile(
        rf"\b(?:als|as)\s+(?:\w+\s+){{0,2}}?{stem}\w*\s+(?:gilt|gelten|counts?)\b|"
        rf"\b{stem}\w*\s+(?:im sinne|in the sense)\b|"
        rf"^(?:\(\d+\w?\)\s*)?(?:(?:ein|eine|der|die|das|an?|the)\s+)?(?:\w+\s+)?{stem}\w*\s+"
        rf"(?:ist|sind|bedeutet|means|is|are)\b",
        re.I,
    )


def holds(kind: Asked, sentence: str) -> bool:
    """Whether ``sentence`` holds an answer of this kind (its form, not its truth)."""
    if kind in ("deadline", "duration"):
        span = bool(_SPAN.search(sentence) or _FUSED.search(sentence))
        return span if kind == "duration" else span or bool(_DEADLINE_WORDS.search(sentence))
    if kind == "amount":
        return bool(_MONEY.search(sentence))
    if kind in ("quantity", "threshold"):
        counted = _REFERENCE.sub(" ", sentence)
        return bool(_QUANTITY.search(counted) or _SPAN.search(counted))
    if kind == "time":
        return bool(
            _SPAN.search(sentence) or _FUSED.search(sentence) or _CONDITION.search(sentence)
        )
    if kind == "yes_no":  # "Zählt die Pause zur Arbeitszeit?": a definition answers too
        return bool(
            _RULE_WORDS.search(sentence)
            or OBLIGATION.search(sentence)
            or _DEFINING.search(sentence)
        )
    if kind == "person":
        return bool(_ROLE.search(sentence))
    if kind == "condition":
        return bool(_CONDITION.search(sentence) or _SPAN.search(sentence))
    if kind == "norms":  # a provision or a law, named
        return bool(_NORM.search(sentence))
    if kind == "list":
        return sentence.count(",") >= 2 or sentence.lstrip().startswith("- ")
    if kind == "consequence":
        return bool(_CONSEQUENCE.search(sentence) or _CONDITION.search(sentence))
    return True  # "definition": ``exact`` tells the defining sentence apart
