"""Sentence splitting for German and English (syntok), with German legal abbreviations repaired.

>>> split_sentences("Nach § 3 Abs. 2 KSchG gilt das ab dem 1. Jan. 2020. Dr. M. Meier widersprach.")
['Nach § 3 Abs. 2 KSchG gilt das ab dem 1. Jan. 2020.', 'Dr. M. Meier widersprach.']
>>> split_sentences("Es gilt Art. 3 GG i. V. m. § 1 AGG, vgl. BAG. Das ist klar.")
['Es gilt Art. 3 GG i. V. m. § 1 AGG, vgl. BAG.', 'Das ist klar.']
"""

from __future__ import annotations

import re

import syntok.segmenter as segmenter

# Abbreviations after which a split is never a sentence end (lower-cased, with the dot).
ABBREVIATIONS = frozenset(
    """
    abs. art. nr. nrn. s. ss. rn. rdnr. bzw. vgl. ggf. sog. usw. etc. z. b. d. h. i. v. m. u. a.
    o. ä. s. o. u. ä. ca. inkl. zzgl. ggü. gem. gemäß. lt. bspw. evtl. max. min. mind. einschl.
    abschn. anl. anh. buchst. satz. hs. halbs. alt. var. lit. kap. ziff. bd. aufl. hrsg. urt.
    beschl. az. v. vom. dr. prof. dipl. ing. hr. fr. st. str. tel. no. vs. e. g. i. e. cf. al.
    fig. eq. sec. ch. vol. pp. p. jan. feb. mär. apr. jun. jul. aug. sep. sept. okt. oct. nov.
    dez. dec. mr. mrs. ms. jr. sr. inc. ltd. co. corp. gmbh. e. v.
    """.split()
)
_LAST_TOKEN = re.compile(r"(\S+)\s*$")


def split_sentences(text: str) -> list[str]:
    """Sentences in order; whitespace inside each is normalised."""
    text = text.strip()
    if not text:
        return []
    raw: list[str] = []
    for paragraph in segmenter.analyze(text):
        for sentence in paragraph:
            joined = "".join(tok.spacing + tok.value for tok in sentence).strip()
            if joined:
                raw.append(" ".join(joined.split()))
    merged: list[str] = []
    for sentence in raw:
        if merged and _ends_with_abbreviation(merged[-1]):
            merged[-1] = f"{merged[-1]} {sentence}"
        else:
            merged.append(sentence)
    return merged


def _ends_with_abbreviation(sentence: str) -> bool:
    match = _LAST_TOKEN.search(sentence)
    if not match:
        return False
    token = match.group(1).lower().lstrip("(")
    return token in ABBREVIATIONS or bool(re.fullmatch(r"[a-zäöü]\.", token))
