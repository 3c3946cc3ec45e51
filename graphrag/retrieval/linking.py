"""Linking the entities a question names to entities in the graph (name, alias, fuzzy).

>>> from schemas import Entity
>>> index = EntityIndex([Entity(id="e1", name="Kündigungsschutzgesetz", type="LAW",
...                             aliases=["KSchG", "Kündigungsschutzgesetz"])])
>>> [(l.mention, l.entity.id) for l in index.link("Was regelt das KSchG zur Sozialauswahl?")]
[('KSchG', 'e1')]
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterator

from rapidfuzz import fuzz, process

from ingestion.entities.resolver import normalise
from schemas import Entity, LinkedEntity

Resolve = Callable[[list[str]], dict[str, Entity]]
_TOKEN = re.compile(r"[\wÄÖÜäöüß§.&-]+")
MAX_NGRAM = 6


class EntityIndex:
    """All graph entities by normalised name and alias, for exact n-gram and fuzzy lookup."""

    def __init__(self, entities: list[Entity], *, fuzzy_threshold: float = 90.0) -> None:
        self.fuzzy_threshold = fuzzy_threshold
        self._by_key: dict[str, list[Entity]] = defaultdict(list)
        for entity in entities:
            for alias in {entity.name, *entity.aliases}:
                key = normalise(alias)
                if len(key) >= 2:
                    self._by_key[key].append(entity)
        self._keys = [k for k in self._by_key if len(k) >= 5]

    def __len__(self) -> int:
        return len(self._by_key)

    def link(
        self, question: str, limit: int = 8, resolve: Resolve | None = None
    ) -> list[LinkedEntity]:
        """The entities the question names, best first.

        ``resolve`` (entity ids -> the entities as the caller may see them) drops entities the
        caller cannot see before any n-gram is taken, so an invisible entity neither shows up
        nor changes which visible one links: linking is no oracle for hidden names.
        """
        tokens = _TOKEN.findall(question)
        visible: dict[str, Entity] | None = None
        if resolve is not None:
            ids = {e.id for *_, hits, _score in self._matches(tokens, set()) for e in hits}
            visible = resolve(sorted(ids)) if ids else {}
        taken: set[int] = set()
        found: dict[str, LinkedEntity] = {}
        for i, n, phrase, hits, score in self._matches(tokens, taken):
            if visible is not None:
                hits = [visible[e.id] for e in hits if e.id in visible]
            if hits:
                taken.update(range(i, i + n))
                for entity in hits[:2]:
                    if entity.id not in found:
                        found[entity.id] = LinkedEntity(mention=phrase, entity=entity, score=score)
        return sorted(found.values(), key=lambda e: -e.score)[:limit]

    def _matches(
        self, tokens: list[str], taken: set[int]
    ) -> Iterator[tuple[int, int, str, list[Entity], float]]:
        """Every n-gram that names entities, longest first ("Teilzeit- und Befristungsgesetz"
        before "Befristungsgesetz"), skipping tokens in ``taken`` as the caller fills it."""
        for n in range(min(MAX_NGRAM, len(tokens)), 0, -1):
            for i in range(len(tokens) - n + 1):
                if taken & set(range(i, i + n)):
                    continue
                words = tokens[i : i + n]
                if words[0].casefold() in _STOP or words[-1].casefold() in _STOP:
                    continue
                phrase = " ".join(words).strip(".")
                key = normalise(phrase)
                if len(key) < 2:
                    continue
                hits = self._by_key.get(key)
                score = 1.0
                if not hits and len(key) >= 5 and self._keys:
                    match = process.extractOne(
                        key, self._keys, scorer=fuzz.ratio, score_cutoff=self.fuzzy_threshold
                    )
                    if match is not None:
                        hits, score = self._by_key[match[0]], float(match[1]) / 100
                if hits:
                    yield i, n, phrase, hits, score


_STOP = frozenset(
    """
    der die das den dem des ein eine und oder in im am an auf aus bei mit nach von vor zu zum zur
    für über unter wie was wer wann wo welche welcher welches ist sind wird werden the a an and
    or of in on at to for from by with as is are was were what who when where which how why
    does did do has have had it its this that these those not no
    """.split()
)
