"""The passage hop: a second retrieval seeded by the first, for bridges no title names.

The reference hop needs a document *about* the bridge entity. When the second passage only
mentions it ("the town's country" answered by a passage about an event there), the question
alone does not find it, but the question read together with the first passage does: the
first hop supplies the bridge's words (MDR-style, with no trained model). For each of the top
seeds the question and the seed's text are embedded as one query; the best hit from another
document that ranks below the seed is placed right after it, like a reference hop, so it never
displaces the evidence it came from. The vector query carries the caller's access filter.

By default the seed is read as its title and the names it mentions that the question does not
(``bridge_names``): the bridge is one of them, and a query of a few dozen tokens embeds in a
tenth of the time of a passage-long one (1-3 s a search with the offline e5 on two cores),
and measured better (HotpotQA recall@5 0.960 vs 0.955; BENCHMARKS.md). Adding the seed's
stored vector to the question's instead costs nothing but measured worse than no hop
(HotpotQA recall@5 0.930 vs 0.935): the sum finds the seed's look-alikes, not the bridge.
"""

from __future__ import annotations

import re

from graphrag.models.embedders import Embedder
from graphrag.retrieval.refine import Refinement
from graphrag.stores.graph import GraphStore
from graphrag.stores.vector import VectorStore
from schemas import AccessFilter, HybridQuery, PayloadFilter, Provenance

# the seed passage is cut so that the question keeps its weight in the joint query
SEED_CHARS = 600
# "names": the seed read as its title and the names it mentions that the question does not
# (the bridge candidates), a query a tenth as long as the passage
NAMES = 12
# words that make no name by themselves
_FUNCTION = frozenset({"the", "and", "of", "for", "von", "van", "der", "den", "les"})
# capitals of the Latin, Greek and Cyrillic scripts: "Étienne", "Łódź", "Šibenik" begin names
_UPPER = "".join(re.escape(c) for c in map(chr, range(0x41, 0x530)) if c.isupper())
# a name's word, or initials and short abbreviations with their dot ("F.", "U.S.", "St."); a
# dot after a longer word ends the sentence, and the name: "... Étienne de Crécy. The song"
_NAME_WORD = rf"(?:(?:[{_UPPER}][a-z]?\.)+|[{_UPPER}][\w'’-]*)"
_NAME = re.compile(
    rf"{_NAME_WORD}(?:\s+(?:of|the|de|da|di|du|von|van|der|den|la|le|y|and|&)?\s*{_NAME_WORD})*"
)


def bridge_names(
    text: str, question: str, limit: int = NAMES, rearranged: bool = False
) -> list[str]:
    """Capitalised names in ``text`` that the question does not use, in order, each once.
    ``rearranged``: a name made of the question's words in another order is kept ("Ruaidhrí
    Mac Ruaidhrí" beside a question about "Raghnall Mac Ruaidhrí" is his father); the answer's
    second hop asks for it, the search's passage hop does not (in scientific claims such names
    are mostly noise: "Cancer Cells" beside "... cancer ... cells").

    >>> bridge_names("Maximum Overdrive was directed by Stephen King in Wilmington.",
    ...              "Where was the director of Maximum Overdrive born?")
    ['Stephen King', 'Wilmington']
    >>> bridge_names("Am I Wrong is a song by Étienne de Crécy. The song charted in the U.S.",
    ...              "What nationality is the performer of Am I Wrong (Étienne De Crécy Song)?")
    ['Étienne de Crécy', 'U.S.']
    >>> father = "Raghnall's father, Ruaidhrí Mac Ruaidhrí, was slain."
    >>> asked = "Who is Raghnall Mac Ruaidhrí's paternal grandfather?"
    >>> bridge_names(father, asked), bridge_names(father, asked, rearranged=True)
    ([], ['Ruaidhrí Mac Ruaidhrí'])
    """
    # a title's disambiguation names no bridge the question crosses: the performer in "Am I
    # Wrong (Étienne De Crécy Song)" is still the one the lead's passage brings
    plain = re.sub(r"\([^)]*\)", " ", question).casefold()
    asked = set(re.findall(r"\w+", plain))
    out: list[str] = []
    for m in _NAME.finditer(text):
        name = m.group(0).strip()
        words = [w.casefold() for w in re.findall(r"\w+", name)]
        own = all(w in asked for w in words)
        if own and rearranged:
            # another arrangement of the question's words, when it reads as a name (two words
            # of three letters or more), not a fragment ("C. The") or the question's own name
            # ("Raghnall's" is Raghnall)
            said = re.sub(r"['’]s$", "", name.casefold())
            named = sum(1 for w in words if len(w) >= 3 and w not in _FUNCTION) >= 2
            own = said in plain or not named
        if len(name) < 3 or own or name in out:
            continue
        out.append(name)
        if len(out) >= limit:
            break
    return out


def passage_hop(
    question: str,
    fused: list[tuple[str, float]],
    *,
    seeds: int,
    per_seed: int,
    graph: GraphStore,
    vectors: VectorStore,
    embedder: Embedder,
    access: AccessFilter,
    flt: PayloadFilter,
    out: Refinement,
    seed_text: str = "names",
    names: int = NAMES,
) -> None:
    rank = {cid: i for i, (cid, _) in enumerate(fused)}
    top = [cid for cid, _ in fused[:seeds]]
    if not top:
        return
    found = {c.chunk.id: c for c in graph.fetch_chunks(top, access)}
    for seed in top:
        if seed not in found:
            continue
        item = found[seed]
        text = " ".join(item.chunk.text.split())
        if seed_text == "names":
            text = ", ".join(bridge_names(text, question, names))
        else:
            text = text[:SEED_CHARS]
        vector = embedder.embed_query(f"{question} {item.doc_title}: {text}")
        hits = vectors.query(HybridQuery(dense=vector, limit=per_seed + 10, filter=flt))
        follows = out.follows.setdefault(seed, [])
        taken = 0
        for hit in hits:
            if taken >= per_seed:
                break
            if hit.payload.get("doc_id") == item.chunk.doc_id or hit.id in follows:
                continue
            if rank.get(hit.id, len(rank)) <= rank[seed]:
                continue  # already at or above the seed: nothing to bring
            follows.append(hit.id)
            out.provenance.setdefault(
                hit.id, Provenance(source="graph", via="passage", seed_chunk_id=seed)
            )
            if hit.id not in out.added:
                out.added.append(hit.id)
            taken += 1
        if not follows:
            del out.follows[seed]
