"""Maximal marginal relevance: trade a little relevance for less repetition in the top results.

Relevance is the pipeline's own final score (min-max scaled), redundancy the cosine similarity
of the stored dense vectors to what is already chosen (min-max scaled over the candidates'
pairs). Items without a vector keep their relevance and count as redundant with nothing.
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
    sim = _rescaled_similarities(unit)
    chosen: list[str] = []
    redundancy = dict.fromkeys(ids, 0.0)
    left = list(ids)
    while left:
        best = max(left, key=lambda i: (lam * rel[i] - (1 - lam) * redundancy[i], -ids.index(i)))
        chosen.append(best)
        left.remove(best)
        for i in left:
            if (i, best) in sim:
                redundancy[i] = max(redundancy[i], sim[(i, best)])
    return chosen


def _rescaled_similarities(unit: dict[str, np.ndarray]) -> dict[tuple[str, str], float]:
    """Pairwise cosine, min-max scaled over the pairs: embedders such as e5 put every pair of
    texts between ~0.7 and ~0.9, which would make raw redundancy the same for everything."""
    keys = list(unit)
    if len(keys) < 2:
        return {}
    matrix = np.stack([unit[k] for k in keys])
    cos = matrix @ matrix.T
    off = cos[~np.eye(len(keys), dtype=bool)]
    low, high = float(off.min()), float(off.max())
    if high - low < 1e-6:  # one pair, or all alike: nothing to rescale against
        low, high = 0.0, 1.0
    span = high - low
    return {
        (a, b): (float(cos[i, j]) - low) / span
        for i, a in enumerate(keys)
        for j, b in enumerate(keys)
        if i != j
    }
