"""Reciprocal-rank fusion of ranked lists, with per-list weights and deterministic ties.

>>> rrf([["a", "b", "c"], ["b", "c", "d"]], k=60)[:2]
[('b', 0.0325...), ('c', 0.0320...)]
"""

from __future__ import annotations

from collections import defaultdict


def rrf(
    rankings: list[list[str]], *, k: int = 60, weights: list[float] | None = None
) -> list[tuple[str, float]]:
    """``sum(w / (k + rank))`` over the lists (rank from 1), best first, ties by id."""
    weights = weights or [1.0] * len(rankings)
    scores: dict[str, float] = defaultdict(float)
    for ranking, weight in zip(rankings, weights, strict=True):
        for rank, item in enumerate(ranking, start=1):
            scores[item] += weight / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


def minmax(values: dict[str, float]) -> dict[str, float]:
    """Scale to [0, 1]; a constant list maps to 1.0."""
    if not values:
        return {}
    low, high = min(values.values()), max(values.values())
    if high - low < 1e-12:
        return dict.fromkeys(values, 1.0)
    return {k: (v - low) / (high - low) for k, v in values.items()}


def dbsf(
    scored: list[list[tuple[str, float]]], *, weights: list[float] | None = None
) -> list[tuple[str, float]]:
    """Distribution-based score fusion (as Qdrant's DBSF): each list's scores are scaled by
    mean +- 3 standard deviations to [0, 1], then summed with weights. Score-aware, so a
    branch that is confident about a few items outweighs one whose scores are flat.

    >>> [i for i, _ in dbsf([[("a", 0.9), ("b", 0.5), ("c", 0.4)], [("b", 12.0), ("c", 2.0)]])]
    ['b', 'a', 'c']
    """
    weights = weights or [1.0] * len(scored)
    total: dict[str, float] = defaultdict(float)
    for items, weight in zip(scored, weights, strict=True):
        if not items:
            continue
        values = [v for _, v in items]
        mean = sum(values) / len(values)
        std = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
        low, high = mean - 3 * std, mean + 3 * std
        for item, value in items:
            scaled = (value - low) / (high - low) if high > low else 0.5
            total[item] += weight * min(1.0, max(0.0, scaled))
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
