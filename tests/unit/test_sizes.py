"""A list keyed by the size of the workforce is read for the asker's size."""

from __future__ import annotations

from graphrag.answer.evidence import ELLIPSIS, Candidate, candidates
from graphrag.answer.headcount import headcount, holds_size
from graphrag.answer.sizes import fitting_items
from schemas import Passage

# TzBfG § 9a (2) as the parser hands its numbered items on
BRIDGE = (
    "(2) Ein Arbeitgeber, der in der Regel mehr als 45, aber nicht mehr als 200 Arbeitnehmer "
    "beschäftigt, kann das Verlangen eines Arbeitnehmers auch ablehnen, wenn bei einer "
    "Arbeitnehmerzahl von in der Regel\n"
    "- mehr als 45 bis 60 bereits mindestens vier,\n"
    "- mehr als 60 bis 75 bereits mindestens fünf,\n"
    "- mehr als 75 bis 90 bereits mindestens sechs,\n"
    "- mehr als 105 bis 120 bereits mindestens acht\n"
    "andere Arbeitnehmer ihre Arbeitszeit verringert haben.\n\n"
    "(3) Im Übrigen gilt § 8 entsprechend."
)
NOTICE = [
    "Der Arbeitgeber ist verpflichtet, Anzeige zu erstatten, bevor er"
    f"{ELLIPSIS}in Betrieben mit in der Regel mehr als 20 und weniger als 60 Arbeitnehmern mehr"
    f" als 5 Arbeitnehmer{ELLIPSIS}innerhalb von 30 Kalendertagen entläßt.",
    "Der Arbeitgeber ist verpflichtet, Anzeige zu erstatten, bevor er"
    f"{ELLIPSIS}in Betrieben mit in der Regel mindestens 60 und weniger als 500 Arbeitnehmern"
    f" 10 vom Hundert oder aber mehr als 25 Arbeitnehmer{ELLIPSIS}innerhalb von 30"
    " Kalendertagen entläßt.",
    "Der Arbeitgeber ist verpflichtet, Anzeige zu erstatten, bevor er"
    f"{ELLIPSIS}in Betrieben mit in der Regel mindestens 500 Arbeitnehmern mindestens 30"
    f" Arbeitnehmer{ELLIPSIS}innerhalb von 30 Kalendertagen entläßt.",
]


def test_the_workforce_is_the_number_of_people_who_work_there() -> None:
    assert headcount("Unsere Firma hat 50 Mitarbeiter. Wie viele müssen es sein?") == 50
    assert headcount("Wir sind 80 Beschäftigte und ich will reduzieren.") == 80
    assert headcount("Unsere Firma hat nur acht Leute. Gilt der Kündigungsschutz?") == 8
    assert headcount("We have 1.200 employees. Do we have to report?") == 1200
    # some of them leaving: the whole is the workforce
    assert headcount("Unsere Firma mit 40 Leuten will 10 davon entlassen.") == 40
    assert headcount("Bei uns sollen 40 von 150 Leuten gehen.") == 150
    # only people leaving, or no people at all: no workforce is said
    assert headcount("Wir müssen melden, dass wir 40 Leute entlassen.") is None
    assert headcount("Ich arbeite 30 Stunden. Wie viel Urlaub habe ich?") is None


def test_bounds_hold_a_size_or_not() -> None:
    assert holds_size("in Betrieben mit mindestens 500 Arbeitnehmern mindestens 30", 800)
    assert not holds_size("mindestens 60 und weniger als 500 Arbeitnehmern", 800)
    assert not holds_size("mindestens 60 und weniger als 500 Arbeitnehmern", 500)
    assert holds_size("mehr als 45 bis 60 bereits mindestens vier", 60)
    assert not holds_size("mehr als 45 bis 60 bereits mindestens vier", 45)
    assert holds_size("zehn oder weniger Arbeitnehmer", 8)
    assert not holds_size("zehn oder weniger Arbeitnehmer", 11)
    # spans of time and shares are no bounds on a workforce
    assert holds_size("bis zu zwei Jahren, mehr als 25 vom Hundert", 800)


def test_the_items_that_exclude_the_askers_size_leave_the_pool() -> None:
    passage = Passage(
        chunk_ids=["c"], doc_id="tzbfg", title="TzBfG", section_path=["§ 9a"], text=BRIDGE
    )
    pool = candidates([passage])
    items = [c.text for c in pool if ELLIPSIS in c.text]
    assert len(items) == 4
    kept = [c.text for c in fitting_items("Unsere Firma hat 50 Mitarbeiter. Ab wie vielen?", pool)]
    assert [t for t in kept if ELLIPSIS in t] == [items[0]]
    assert [t for t in kept if ELLIPSIS not in t] == [c.text for c in pool if c.text not in items]
    # no item holds the size (nor does the law's lead): the list stays as it is
    assert fitting_items("Wir sind 10 Leute. Ab wie vielen?", pool) == pool
    # no size said: nothing to read the list for
    assert fitting_items("Ab wie vielen Kollegen darf er ablehnen?", pool) == pool

    notice = [Candidate(0, text, "KSchG § 17") for text in NOTICE]
    asked = "Bei uns arbeiten rund 800 Leute. Ab wie vielen Kündigungen muss sie melden?"
    assert fitting_items(asked, notice) == [notice[2]]
    assert fitting_items("Unsere Firma mit 40 Leuten will 10 davon entlassen.", notice) == [
        notice[0]
    ]

    # a chunk that goes on with the list's later items, read as one sentence: none holds 50
    later = Candidate(
        1,
        BRIDGE.split("\n")[0] + " (…) - mehr als 135 bis 150 bereits mindestens zehn, - mehr als"
        " 150 bis 165 bereits mindestens elf,",
        "TzBfG § 9a",
    )
    whole = Candidate(2, " ".join(BRIDGE.split("\n\n")[0].split("\n")), "TzBfG § 9a")
    asked = "Unsere Firma hat 50 Mitarbeiter. Ab wie vielen darf er ablehnen?"
    assert fitting_items(asked, [later, whole]) == [whole]
