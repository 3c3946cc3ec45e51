"""German entity extraction without a statistical model: patterns and gazetteers.

Laws and norms (``§ 1 KSchG``, ``Art. 3 GG``, ``DIN 18040-1``), organisations (legal-form
suffixes, Bundes-/Landes- bodies), courts, dates, money, people with titles, and capitalised
multi-word names that are not ordinary nouns.

>>> ext = GermanPatternExtractor()
>>> spans = ext.spans_in("Nach § 1 Abs. 2 KSchG entschied das BAG am 12.03.2009.")
>>> [(s.text, s.type) for s in spans]
[('§ 1 KSchG', 'NORM'), ('KSchG', 'LAW'), ('BAG', 'COURT'), ('12.03.2009', 'DATE')]
"""

from __future__ import annotations

import re

from ingestion.chunking.sentences import split_sentences
from schemas import Chunk
from schemas.graph import EntitySpan

LAW_ABBREVIATIONS = frozenset(
    """
    AGG AktG AO ArbGG ArbSchG ArbZG ASiG AÜG AufenthG BBiG BDSG BEEG BetrAVG BetrVG BGB BGG
    BImSchG BPersVG BUrlG BVerfGG DSGVO DrittelbG EFZG EntgTranspG EStG EU-DSGVO GewO GG GmbHG
    GWB HGB IfSG InsO JArbSchG KSchG KStG MiLoG MitbestG MuSchG NachwG PflegeZG SchwarzArbG SGB
    StGB StPO TVG TzBfG UrhG UStG UWG VwGO VwVfG WpHG ZPO AEUV EUV GRCh EMRK BauGB BauNVO
    """.split()
)
COURT_ABBREVIATIONS = frozenset(
    [
        "BAG",
        "BGH",
        "BVerfG",
        "BVerwG",
        "BSG",
        "BFH",
        "EuGH",
        "EGMR",
        "LAG",
        "ArbG",
        "LG",
        "OLG",
        "AG",
        "VG",
        "OVG",
        "SG",
        "LSG",
        "FG",
    ]
)
_MONTHS = (
    "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|"
    "Jan\\.|Feb\\.|Mär\\.|Apr\\.|Jun\\.|Jul\\.|Aug\\.|Sep\\.|Sept\\.|Okt\\.|Nov\\.|Dez\\."
)
_CAP = r"[A-ZÄÖÜ][a-zäöüß]+(?:-[A-ZÄÖÜ][a-zäöüß]+)?"
_LAW_ABBR = r"(?:[A-ZÄÖÜ][A-Za-zÄÖÜäöü-]{0,14}(?:G|O|V|VO|B|GB)|GG|BGB|HGB|ZPO|SGB(?:\s+[IVX]+)?)"

PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    # § 1 Abs. 2 Satz 3 Nr. 4 KSchG -> NORM "§ 1 KSchG" (+ LAW "KSchG" from the group)
    (
        "NORM",
        re.compile(
            rf"§§?\s*(?P<num>\d+[a-z]?)(?:\s*(?:Abs\.|Absatz)\s*\d+[a-z]?)?(?:\s*(?:S\.|Satz)\s*\d+)?"
            rf"(?:\s*(?:Nr\.|Nummer)\s*\d+[a-z]?)?(?:\s*(?:Halbs\.|Hs\.)\s*\d)?\s+(?:des\s+|der\s+)?"
            rf"(?P<law>{_LAW_ABBR})\b"
        ),
    ),
    (
        "NORM",
        re.compile(
            rf"\bArt(?:\.|ikel)\s*(?P<num>\d+[a-z]?)(?:\s*Abs\.\s*\d+)?\s+(?P<law>{_LAW_ABBR})\b"
        ),
    ),
    (
        "STANDARD",
        re.compile(
            r"\b(?:DIN|ISO|EN|IEC|VDE|VDI)(?:\s+(?:EN|ISO|IEC))*\s+\d{2,6}(?:-\d+)*(?::\d{4})?\b"
        ),
    ),
    (
        "LAW",
        re.compile(
            r"\b[A-ZÄÖÜ][a-zäöüß]+(?:gesetz(?:es|buch(?:e?s)?)?|verordnung|ordnung|richtlinie)\b"
        ),
    ),
    (
        "ORG",
        re.compile(
            rf"\b(?:{_CAP}|[A-Z]{{2,}})(?:\s+(?:{_CAP}|[A-Z]{{2,}}|&))*\s+"
            r"(?:GmbH\s*&\s*Co\.\s*KG|GmbH|gGmbH|AG|SE|KGaA|KG|OHG|e\.\s?V\.|eG|UG(?:\s*\(haftungsbeschränkt\))?|mbH)"
            r"(?![\w])"
        ),
    ),
    (
        "ORG",
        re.compile(
            r"\b(?:Bundes|Landes)[a-zäöü]*(?:amt|agentur|ministerium|anstalt|behörde|tag|rat|regierung|"
            r"verwaltung|zentrale|institut|kammer|bank|beauftragte[rn]?)"
            r"(?:\s+für\s+[A-ZÄÖÜ][\wäöüß-]+(?:\s+und\s+[A-ZÄÖÜ][\wäöüß-]+)?)?\b"
        ),
    ),
    (
        "COURT",
        re.compile(
            r"\b(?:Bundes|Landes|Ober|Amts|Arbeits|Sozial|Verwaltungs|Finanz|Land|Landessozial|"
            r"Oberverwaltungs|Landesarbeits|Bundesarbeits|Bundessozial|Bundesverwaltungs|Bundesverfassungs|"
            r"Bundesfinanz)(?:gericht|gerichtshof)(?:\s+(?:[A-ZÄÖÜ][a-zäöüß]+(?:-[A-ZÄÖÜ][a-zäöüß]+)?))?\b"
        ),
    ),
    (
        "COURT",
        re.compile(
            r"\b(?:Europäische[rn]?\s+Gerichtshof|Gerichtshof\s+der\s+Europäischen\s+Union)\b"
        ),
    ),
    (
        "PERSON",
        re.compile(
            r"\b(?:Dr\.|Prof\.|Dipl\.-\w+\.?|Herrn?|Frau|RA|RAin|Richter(?:in)?)\s+(?:(?:Dr\.|Prof\.)\s+)*"
            r"(?:[A-ZÄÖÜ]\.\s*)*[A-ZÄÖÜ][a-zäöüß]+(?:[-\s][A-ZÄÖÜ][a-zäöüß]+)?"
        ),
    ),
    (
        "DATE",
        re.compile(
            rf"\b\d{{1,2}}\.\s?(?:\d{{1,2}}\.\s?\d{{2,4}}|(?:{_MONTHS})\s+\d{{4}})|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
        ),
    ),
    (
        "MONEY",
        re.compile(
            r"(?:\b\d{1,3}(?:\.\d{3})*(?:,\d{1,2})?|\b\d+(?:,\d{1,2})?)\s?(?:€|Euro|EUR)(?!\w)|(?:€|EUR)\s?\d[\d.,]*\d"
        ),
    ),
]
_ABBR_TOKEN = re.compile(r"\b[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{1,10}\b")
_DEFINITION = re.compile(
    r"(?P<long>[A-ZÄÖÜ][\wäöüß-]+(?:\s+[\wäöüß-]+){0,6})\s+\((?P<short>[A-ZÄÖÜ][\w-]{1,12})\)"
)
# First names open a person's name; a name without one (or a title) is too often a plain noun
# phrase in German, where every noun is capitalised.
FIRST_NAMES = frozenset(
    """
    Alexander Andreas Anna Anne Angelika Barbara Bernd Birgit Christian Christina Christine
    Claudia Daniel David Dieter Dirk Elisabeth Erika Felix Florian Frank Franz Gabriele Georg
    Gerhard Hans Heike Heinz Helmut Jan Jens Johann Johannes Jonas Jörg Julia Jürgen Karin Karl
    Katharina Klaus Lena Leon Lukas Manfred Maria Marie Markus Martin Matthias Max Michael
    Monika Nicole Niklas Olaf Paul Peter Petra Ralf Sabine Sandra Sarah Sebastian Stefan
    Stephanie Susanne Thomas Tim Tobias Uwe Ursula Werner Wolfgang Angela Olaf Annalena Friedrich
    Robert Sophie Laura Lea Emma Mia Ben Finn Noah Elias Luis James John Mary Patricia Jennifer
    Linda William Richard Joseph Charles Susan Jessica Karen Nancy Betty Steven Kevin Brian
    George Edward Donald Mark Emily Oliver Harry Jack Charlie Sophia Olivia Henry Anton Emil
    """.split()
)
_FUNCTION_WORDS = frozenset(
    [
        "Der",
        "Die",
        "Das",
        "Den",
        "Dem",
        "Des",
        "Ein",
        "Eine",
        "Einen",
        "Einem",
        "Eines",
        "The",
        "A",
        "An",
    ]
)
_PERSON_RUN = re.compile(
    r"\b(?P<first>" + "|".join(sorted(FIRST_NAMES, key=len, reverse=True)) + r")"
    r"(?:\s+[A-ZÄÖÜ]\.)?\s+(?P<last>[A-ZÄÖÜ][a-zäöüß]+(?:-[A-ZÄÖÜ][a-zäöüß]+)?)\b"
)


class GermanPatternExtractor:
    """The German default EntityExtractor (no statistical model ships offline for German)."""

    def extract(self, chunks: list[Chunk]) -> list[EntitySpan]:
        out: list[EntitySpan] = []
        for chunk in chunks:
            for span in self.spans_in(chunk.text):
                out.append(span.model_copy(update={"chunk_id": chunk.id}))
        return out

    def spans_in(self, text: str) -> list[EntitySpan]:
        spans: list[EntitySpan] = []
        taken: list[tuple[int, int]] = []
        offset = 0
        for s_idx, sentence in enumerate(split_sentences(text)):
            found: list[EntitySpan] = []

            def add(
                value: str,
                kind: str,
                start: int,
                end: int,
                long_form: str | None = None,
                s_idx: int = s_idx,
                found: list[EntitySpan] = found,
            ) -> None:
                found.append(
                    EntitySpan(
                        chunk_id="",
                        text=value,
                        type=kind,
                        sentence=s_idx,
                        start=start,
                        end=end,
                        long_form=long_form,
                    )
                )

            for kind, pattern in PATTERNS:
                for m in pattern.finditer(sentence):
                    if kind == "NORM":
                        law = m.group("law")
                        if not _is_law_abbreviation(law):
                            continue
                        prefix = "Art." if m.group(0).startswith("Art") else "§"
                        add(f"{prefix} {m.group('num')} {law}", "NORM", m.start(), m.end())
                        add(law, "LAW", m.start("law"), m.end("law"))
                    else:
                        value = _clean(m.group(0), kind)
                        if kind == "LAW" and value in GENERIC_LAW_WORDS:
                            continue
                        add(value, kind, m.start(), m.end())
            for m in _DEFINITION.finditer(sentence):
                short = m.group("short")
                long = _definition_long_form(m.group("long"), short)
                if long:
                    kind = "LAW" if _is_law_abbreviation(short) else "ORG"
                    add(short, kind, m.start("short"), m.end("short"), long_form=long)
            covered = [(f.start, f.end) for f in found]
            for m in _ABBR_TOKEN.finditer(sentence):
                token = m.group(0)
                if any(a <= m.start() < b for a, b in covered):
                    continue
                if token in LAW_ABBREVIATIONS:
                    add(token, "LAW", m.start(), m.end())
                elif token in COURT_ABBREVIATIONS:
                    add(token, "COURT", m.start(), m.end())
            for m in _PERSON_RUN.finditer(sentence):
                if not any(a <= m.start() < b for a, b in covered):
                    add(" ".join(m.group(0).split()), "PERSON", m.start(), m.end())
            for span in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
                pos = (offset + span.start, offset + span.end)
                if span.type not in ("LAW",) and any(a <= pos[0] < b for a, b in taken):
                    continue  # inside a longer match (LAW inside a NORM is wanted)
                taken.append(pos)
                spans.append(span)
            offset += len(sentence) + 1
        return spans


GENERIC_LAW_WORDS = frozenset(
    [
        "Gesetz",
        "Verordnung",
        "Rechtsverordnung",
        "Anordnung",
        "Ordnung",
        "Richtlinie",
        "Geschäftsordnung",
        "Betriebsordnung",
        "Durchführungsverordnung",
        "Satzung",
    ]
)


def _clean(text: str, kind: str) -> str:
    words = text.split()
    while len(words) > 1 and words[0] in _FUNCTION_WORDS:
        words = words[1:]  # "Die Siemens AG" -> "Siemens AG"
    if kind == "PERSON" and len(words) > 1 and words[0] in ("Herr", "Herrn", "Frau"):
        words = words[1:]  # a form of address, not part of the name
    value = " ".join(words)
    if kind == "LAW":
        value = re.sub(r"(gesetz|gesetzbuch)(e?s)$", r"\1", value)  # genitive -> nominative
    return value


def _is_law_abbreviation(token: str) -> bool:
    return token in LAW_ABBREVIATIONS or bool(re.fullmatch(r"[A-ZÄÖÜ][A-Za-zÄÖÜäöü]{1,12}G", token))


def _definition_long_form(candidate: str, short: str) -> str | None:
    """The tail of ``candidate`` that ``short`` abbreviates (first letters in order)."""
    words = candidate.split()
    for i in range(len(words)):
        long = " ".join(words[i:])
        if long[0].upper() == short[0].upper() and is_abbreviation(short, long):
            return long
    return None


def is_abbreviation(short: str, long: str) -> bool:
    """``short``'s letters occur in ``long`` in order, starting with its first letter.

    >>> is_abbreviation("KSchG", "Kündigungsschutzgesetz")
    True
    >>> is_abbreviation("BAG", "Bundesarbeitsgericht")
    True
    >>> is_abbreviation("BAG", "Kündigungsschutzgesetz")
    False
    """
    s, lg = short.lower().replace("-", ""), long.lower()
    if not s or not lg or s[0] != lg[0] or len(s) > len(lg):
        return False
    pos = 0
    for ch in s:
        pos = lg.find(ch, pos)
        if pos < 0:
            return False
        pos += 1
    return True
