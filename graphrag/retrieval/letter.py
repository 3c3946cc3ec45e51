"""A question pasted as a letter: the greeting and the sign-off are no part of what is asked.

Employees write to HR by e-mail, and the mail reaches an assistant whole: "Hallo Frau Berger,"
on its own line, the situation, the question, then "Viele Grüße" and a name. The names and
the courtesies are words the search would look for and the answerer would weigh (a law says
nothing of "Grüße" or of "Jonas Weber"); what is asked is the body between them.

>>> body("Hallo Frau Berger,\\nWie viel Urlaub habe ich?\\nViele Grüße\\nJonas Weber")
'Wie viel Urlaub habe ich?'
>>> body("Moin, wie viel Urlaub habe ich? Danke, Olaf")
'Wie viel Urlaub habe ich?'
>>> body("Sehr geehrte Frau Dr. Lang,\\nich bin gekündigt. Wie lange habe ich Zeit?")
'Ich bin gekündigt. Wie lange habe ich Zeit?'
>>> body("Hallo Welt ist ein Programm. Was gibt es aus?")
'Hallo Welt ist ein Programm. Was gibt es aus?'
"""

from __future__ import annotations

import re

# a greeting that opens a letter, up to the comma or the end of its line: "Hallo Frau
# Berger,", "Sehr geehrte Damen und Herren,", "Liebes Personalteam,", "Moin,", "Dear HR team,"
_GREETING = re.compile(
    r"^\s*(?:hallo|hi|hey|moin(?:\s+moin)?|servus|grüß\s+gott|grüezi|guten\s+(?:morgen|tag|abend)|"
    r"sehr\s+geehrte[rs]?|liebe[rs]?|hello|dear|good\s+(?:morning|afternoon|evening)|greetings)"
    r"\b(?:(?:dr|prof|dipl|frau|herr)\.|[^\n,.!?:;]){0,60}(?:,|!|\s*$)[ \t]*\n?",
    re.I,
)
# the words that close a letter, on their own line or after the last sentence: "Viele
# Grüße", "Mit freundlichen Grüßen", "Danke und Gruß", "LG", "Best regards", "Thanks,"
_CLOSING = (
    r"(?:(?:viele|liebe|beste|herzliche|freundliche|schöne|sonnige)\s+grüße|"
    r"mit\s+(?:freundlichen|besten|herzlichen|lieben|vielen)\s+grüßen|"
    r"(?:danke|vielen\s+dank)(?:\s+(?:und|&)\s+(?:viele\s+)?gr(?:u|ü)(?:ß|ss)e?)?|"
    r"gr(?:u|ü)(?:ß|ss)e?|lg|vg|mfg|"
    r"(?:best|kind|warm)\s+regards|regards|thanks|thank\s+you|cheers|best\s+wishes|best|"
    r"gesendet\s+von|sent\s+from)"
)
# a subject line above it: "Betreff: Resturlaub", "AW: Frage zur Teilzeit"; what it names is
# part of what is asked, its label is not
_SUBJECT = re.compile(
    r"^\s*(?:(?:betreff|subject|re|aw|wg|fwd?)\s*:\s*)+(?P<subject>[^\n]*)\n", re.I
)
_CLOSING_LINE = re.compile(rf"^\s*{_CLOSING}\b[^\n?]*$", re.I)
# a sign-off after the last sentence on the same line: "... teilnehmen? Danke, Olaf"
_CLOSING_TAIL = re.compile(rf"(?<=[?.!])\s+{_CLOSING}\b[^?.!]{{0,60}}$", re.I)
# a line after the closing: a name, a role, a team ("Jonas Weber", "Team Lager")
_SIGNATURE_WORDS = 5


def body(question: str) -> str:
    """The question without the letter around it: its opening greeting and its closing (the
    words that close and the name lines after them); the question as it is when it reads as
    no letter."""
    text = question.strip()
    headed = _SUBJECT.match(text)
    if headed is not None:
        text = text[headed.end() :]
    opened = _GREETING.match(text)
    rest = text[opened.end() :] if opened else text
    lines = rest.splitlines()
    closed = _closing_line(lines)
    if closed is not None:
        lines = lines[:closed]
    rest = " ".join(line.strip() for line in lines if line.strip())
    tail = _CLOSING_TAIL.search(rest)
    if tail is not None:
        rest = rest[: tail.start()]
    if headed is None and opened is None and closed is None and tail is None:
        return question
    rest = rest.strip()
    subject = headed.group("subject").strip().rstrip(".:") if headed is not None else ""
    if subject:
        ends = "" if subject.endswith(("?", "!")) else "."
        rest = f"{subject}{ends} {rest[:1].upper()}{rest[1:]}" if rest else subject
    # a greeting or a closing with nothing asked between them is itself the question; the
    # body's first word opens a sentence ("Hallo Frau Berger,\nich habe ...")
    return rest[:1].upper() + rest[1:] if rest else question


def _closing_line(lines: list[str]) -> int | None:
    """The index of the first line that closes the letter: words that close ("Viele Grüße",
    "Gesendet von meinem iPhone"), with only short lines without a question after it (the
    name, the role); None when no line closes it."""
    found = None
    for index in range(len(lines) - 1, 0, -1):
        line = lines[index]
        if _CLOSING_LINE.match(line) and len(line.split()) <= 8:
            found = index
        elif "?" in line or len(line.split()) > _SIGNATURE_WORDS:
            break
    return found
