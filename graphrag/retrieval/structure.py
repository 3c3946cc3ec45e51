"""Structure features of the final score: evidence that sits together counts a little more.

A chunk whose reading-order neighbour is also among the top hits, or whose section holds other
top hits, lies in a relevant region of its document. The bonus is in [0, 1]: half for an
adjacent hit, half for other hits in the same section (two or more count fully).
"""

from __future__ import annotations

from collections import Counter

from schemas import Chunk


def structure_bonus(chunks: list[Chunk]) -> dict[str, float]:
    at = {(c.doc_id, c.ordinal) for c in chunks}
    per_section = Counter((c.doc_id, c.section_id) for c in chunks if c.section_id)
    out: dict[str, float] = {}
    for c in chunks:
        adjacent = (c.doc_id, c.ordinal - 1) in at or (c.doc_id, c.ordinal + 1) in at
        others = per_section[(c.doc_id, c.section_id)] - 1 if c.section_id else 0
        out[c.id] = 0.5 * adjacent + 0.5 * min(others, 2) / 2
    return out
