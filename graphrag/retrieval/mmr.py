"""Maximal marginal relevance: trade a little relevance for less repetition in the top results.

Relevance is the pipeline's own final order (min-max scaled), redundancy the cosine similarity
of the stored dense vectors to what is already chosen. Items without a vector keep their
relevance and count as redundant with nothing.
"""

from __future__ import annotations

import numpy as np


def mmr_order(
    ids: list[str], relevance: dict[str, float], vectors: dict[str, list[float]], lam: float
) -> list[str]:
    if len(ids) < 3:
        return list(ids)
    values = [relevance[i] for i in ids]
    low, high = min(values), max(values)
    rel = {i: (relevance[i] - low) / (high - low) if high > low else 1.0 for i in ids}
    unit: dict[str, np.ndarray] = {}
    for i in ids:
        if i in vectors:
            v = np.asarray(vectors[i], dtype=np.float32)
            n = float(np.linalg.norm(v))
            if n > 0:
                unit[i] = v / n
    chosen: list[str] = []
    redundancy = dict.fromkeys(ids, 0.0)
    left = list(ids)
    while left:
        best = max(left, key=lambda i: (lam * rel[i] - (1 - lam) * redundancy[i], -ids.index(i)))
        chosen.append(best)
        left.remove(best)
        if best in unit:
            for i in left:
                if i in unit:
                    redundancy[i] = max(redundancy[i], float(unit[i] @ unit[best]))
    return chosen
