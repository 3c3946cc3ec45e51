"""The country a place or a nationality names, whichever way a sentence writes it.

"Christopher J. Newton was an American murderer" and "Frances Marie Vega was a United States
Army soldier" name one country: a demonym, a name, another spelling ("U.S.", "USA") or one of
the country's states or provinces ("born in Ohio") all stand for it. The data is countryinfo's
(names, other spellings, demonyms and provinces of 250 countries, shipped in its wheel).

>>> country("American") == country("U.S.") == country("Ohio") == "united states"
True
>>> country("Dutch"), country("Georgia"), country("Atlantis")
('netherlands', 'georgia', None)
>>> sorted(countries_in("She was a United States Army soldier killed in the Iraq War."))
['iraq', 'united states']
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache


def country(value: str) -> str | None:
    """The country ``value`` names (its common name, lower case), or None."""
    return _index().get(_key(value))


def countries(values: set[str]) -> set[str]:
    """The countries the values name, those that name none left out."""
    return {c for c in map(country, values) if c is not None}


def countries_in(text: str) -> set[str]:
    """The countries a text names by a capitalised name, demonym or spelling, the named-entity
    model aside: it reads "United States Army" as an organisation, which names a country too.
    Runs of up to three capitalised words are looked up, every part of each run; a code only
    in capitals."""
    words = re.findall(r"[A-Z][\w.]*(?:\s+(?:of\s+)?[A-Z][\w.]*)*", text)
    found: set[str] = set()
    for run in words:
        parts = run.split()
        for size in range(min(3, len(parts)), 0, -1):
            for start in range(len(parts) - size + 1):
                said = " ".join(parts[start : start + size])
                # a country's code is written in capitals: "US", "UK", not "In" or "It"
                if len(said.replace(".", "")) <= 3 and not said.isupper():
                    continue
                name = country(said)
                if name is not None:
                    found.add(name)
    return found


def _key(value: str) -> str:
    value = re.sub(r"^the\s+", "", " ".join(value.split()), flags=re.I)
    return value.replace(".", "").casefold()


@cache
def _index() -> dict[str, str]:
    from countryinfo import all_countries  # read on first use: 256 small files

    infos = [c.info() for c in all_countries()]
    index: dict[str, str] = {}
    # a province's name stands for its country only where no other country has one of that
    # name ("Punjab"); a country's own names come after and win ("Georgia" the country)
    provinces = Counter(_key(p) for info in infos for p in info.get("provinces") or [])
    for info in infos:
        name = _key(info.get("name") or "")
        for province in info.get("provinces") or []:
            if provinces[_key(province)] == 1:
                index[_key(province)] = name
    # a demonym or spelling several share ("American": the United States and four of its
    # territories) stands for the most populous of them
    taken: set[str] = set()
    for info in sorted(infos, key=lambda i: -(i.get("population") or 0)):
        name = _key(info.get("name") or "")
        for other in [info.get("demonym"), *(info.get("altSpellings") or [])]:
            if name and other and _key(other) not in taken:
                taken.add(_key(other))
                index[_key(other)] = name
    for info in infos:
        name = _key(info.get("name") or "")
        if name:
            index[name] = name
    return index
