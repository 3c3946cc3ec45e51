"""Sentence splitting for German and English (syntok), with German legal abbreviations repaired.

>>> split_sentences("Nach § 3 Abs. 2 KSchG gilt das ab dem 1. Jan. 2020. Dr. M. Meier widersprach.")
['Nach § 3 Abs. 2 KSchG gilt das ab dem 1. Jan. 2020.', 'Dr. M. Meier widersprach.']
>>> split_sentences("Es gilt Art. 3 GG i. V. m. § 1 AGG, vgl. BAG. Das ist klar.")
['Es gilt Art. 3 GG i. V. m. § 1 AGG, vgl. BAG.', 'Das ist klar.']
>>> split_sentences("Das gilt, wenn er das 52. Lebensjahr vollendet hat. Sonst nicht.")
['Das gilt, wenn er das 52. Lebensjahr vollendet hat.', 'Sonst nicht.']

Court decisions carry margin numbers (Randnummern) glued to the sentence before them, and
cite within parentheses that syntok reads as a new sentence:

>>> split_sentences("Die Klage ist zulässig.45 a) Sie ist auch begründet.2Der Kläger rügt das.")
['Die Klage ist zulässig.', '45 a) Sie ist auch begründet.', '2Der Kläger rügt das.']
>>> split_sentences("Die Revision wird zugelassen.Tatbestand1Die Parteien streiten.")
['Die Revision wird zugelassen.', 'Tatbestand', '1Die Parteien streiten.']
>>> split_sentences("Nach der Rechtsprechung (Urteil vom 19.02.2003 – B 1 KR 18/01 R –) gilt das.")
['Nach der Rechtsprechung (Urteil vom 19.02.2003 – B 1 KR 18/01 R –) gilt das.']
"""

from __future__ import annotations

import re
from itertools import pairwise

import syntok.segmenter as segmenter

# Abbreviations after which a split is never a sentence end (lower-cased, with the dot).
ABBREVIATIONS = frozenset(
    """
    abs. art. nr. nrn. s. ss. rn. rdnr. bzw. vgl. ggf. sog. usw. etc. z. b. d. h. i. v. m. u. a.
    o. ä. s. o. u. ä. ca. inkl. zzgl. ggü. gem. gemäß. lt. bspw. evtl. max. min. mind. einschl.
    abschn. anl. anh. buchst. satz. hs. halbs. alt. var. lit. kap. ziff. bd. aufl. hrsg. urt.
    beschl. az. v. vom. dr. prof. dipl. ing. hr. fr. st. str. tel. no. vs. e. g. i. e. cf. al.
    fig. eq. sec. ch. vol. pp. p. jan. feb. mär. apr. jun. jul. aug. sep. sept. okt. oct. nov.
    dez. dec. mr. mrs. ms. jr. sr. inc. ltd. co. corp. gmbh. e. v. med. jur. rer. nat. phil. oec.
    """.split()
)
_LAST_TOKEN = re.compile(r"(\S+)\s*$")
_ORDINAL_END = re.compile(r"(?:^|\s)\d{1,2}\.$")  # "am 1." + "März 2025" is one date
# after an article or a preposition a number with a dot is an ordinal, never a sentence end:
# "wenn der Arbeitnehmer das 52. Lebensjahr vollendet hat", "ab dem 3. Monat"
_ARTICLE_ORDINAL_END = re.compile(
    r"\b(?:der|die|das|dem|den|des|ein\w*|im|am|zum|zur|vom|ab|bis|nach|vor|seit|the|its|his|"
    r"her|their)\s+\d{1,3}\.$",
    re.I,
)
_MONTH_START = re.compile(
    r"(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|"
    r"Dezember|Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\b\.?"
)
# a margin number after a sentence's full stop ("zulässig.45 a) Die", "unstreitig.4 Das",
# "zurückgewiesen.2. Der", "VwGO).4Gemäß", "hat.116b. Andererseits"):
# the sentence ends at the stop, and the number opens the next paragraph (in an English
# abstract it is a footnote's, "overlap.10 Hence", and the split is right all the same)
_MARGIN_NUMBER = re.compile(
    r"(?:(?<=[^\W\d_]{2}\.)|(?<=\)\.))(?=\d{1,3}[a-z]?\.? ?(?:[A-ZÄÖÜ(]|[a-z]\)))"
)
# a decision's section heading glued to the text around it ("abgewiesen.TenorDie Klage",
# "Tatbestand1Die Parteien"): a piece of its own
_HEADING = re.compile(
    r"(?<![^\W\d_])(?:Tenor|Tatbestand|Entscheidungsgründe|Gründe)(?=\d{0,3}[A-ZÄÖÜ][a-zäöüß])"
)
# a piece that ends without a sentence's last mark, before one that opens a parenthesis, is one
# sentence with it: syntok ends a sentence before "(vgl. BVerfG, Beschl. v. 18.07.1973 ...)"
_UNFINISHED = re.compile(r"[^.!?:;…\"“”»«'’)\]]$")
_PARENTHESIS = re.compile(r"^\((?!\d+[a-z]?\)\s)")
# syntok reads "2020." after a full date as an ordinal; before a capitalised word it ends a sentence
_DATE_END = re.compile(r"(\b\d{1,2}\.\d{1,2}\.\d{4}\.)\s+(?=[A-ZÄÖÜ][a-zäöüß])")


def split_sentences(text: str) -> list[str]:
    """Sentences in order; whitespace inside each is normalised."""
    text = text.strip()
    if not text:
        return []
    raw: list[str] = []
    for piece in _at_margin_numbers(text):
        for paragraph in segmenter.analyze(piece):
            for sentence in paragraph:
                joined = "".join(tok.spacing + tok.value for tok in sentence).strip()
                if joined:
                    raw += _DATE_END.sub("\\1\n", " ".join(joined.split())).split("\n")
    merged: list[str] = []
    for sentence in raw:
        if merged and (
            not ends_sentence(merged[-1], sentence)
            or (_UNFINISHED.search(merged[-1]) and _PARENTHESIS.match(sentence))
        ):
            merged[-1] = f"{merged[-1]} {sentence}"
        else:
            merged.append(sentence)
    return merged


def ends_sentence(before: str, after: str) -> bool:
    """Whether the full stop that ends ``before`` ends a sentence, ``after`` following it: not
    the stop of an abbreviation ("Abs.", "z. B.") nor of an ordinal ("ab dem 3. Monat", "am
    31. Dezember").

    >>> ends_sentence("Resturlaub verfällt am 31.", "Dezember. Stimmt das?")
    False
    >>> ends_sentence("Ich arbeite dort seit 2019.", "Darf ich ...?")
    True
    """
    return not (
        _ends_with_abbreviation(before)
        or (_ORDINAL_END.search(before) and _MONTH_START.match(after))
        or _ARTICLE_ORDINAL_END.search(before)
    )


def _at_margin_numbers(text: str) -> list[str]:
    """The text cut before each margin number that follows a full stop, unless the stop ends
    an abbreviation ("Abs.2 Satz"), and around a section heading glued to its text."""
    cuts = {m.start() for m in _MARGIN_NUMBER.finditer(text)}
    # an abbreviation is the last token before the stop: a short look back finds it
    cuts = {c for c in cuts if not _ends_with_abbreviation(text[max(0, c - 40) : c])}
    for heading in _HEADING.finditer(text):
        cuts |= {heading.start(), heading.end()}
    bounds = [0, *sorted(cuts - {0, len(text)}), len(text)]
    pieces = [text[a:b] for a, b in pairwise(bounds)]
    return [p for p in pieces if p.strip()]


def _ends_with_abbreviation(sentence: str) -> bool:
    match = _LAST_TOKEN.search(sentence)
    if not match:
        return False
    token = match.group(1).lower().lstrip("(")
    return token in ABBREVIATIONS or bool(re.fullmatch(r"[a-zäöü]\.", token))
