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


def _spread(values: list[float]) -> tuple[float, float]:
    """Mean and (population) standard deviation; (0, 0) for no values."""
    if not values:
        return 0.0, 0.0
    mean = sum(values) / len(values)
    return mean, (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5


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
        mean, std = _spread([v for _, v in items])
        low, high = mean - 3 * std, mean + 3 * std
        for item, value in items:
            scaled = (value - low) / (high - low) if high > low else 0.5
            total[item] += weight * min(1.0, max(0.0, scaled))
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))


def zscore(
    scored: list[list[tuple[str, float]]],
    *,
    weights: list[float] | None = None,
    depth: int | None = None,
) -> list[tuple[str, float]]:
    """Z-score fusion (CombSUM of standardised scores, Montague & Aslam): each list's scores
    become standard scores over that list, and an item's fused score is the weighted sum. A
    branch whose top stands out from its own tail (BM25 on a rare term, dense on a paraphrase)
    moves the order; a branch whose scores fall off evenly moves it less, so each query leans
    on the branch that is sure of itself without a weight fitted to a collection. An item a list did
    not return gets that list's lowest standard score (it ranked below the cut); a list of
    fewer than two scores, or with no spread, says nothing (zero). ``depth`` takes the mean and
    spread from each list's first ``depth`` scores, so they do not change with how many results
    a caller asked for.

    >>> flat = [("a", 0.82), ("b", 0.81), ("c", 0.80), ("d", 0.80), ("e", 0.79)]
    >>> sure = [("c", 9.0), ("b", 1.2), ("a", 1.0), ("d", 0.9), ("e", 0.8)]
    >>> [i for i, _ in zscore([flat, sure])][:3]
    ['c', 'a', 'b']
    """
    weights = weights or [1.0] * len(scored)
    standard: list[tuple[dict[str, float], float, float]] = []
    for items, weight in zip(scored, weights, strict=True):
        values = [v for _, v in items[:depth]]
        mean, std = _spread(values)
        if len(values) < 2 or std < 1e-12:
            standard.append(({item: 0.0 for item, _ in items}, 0.0, weight))
            continue
        z = {item: (value - mean) / std for item, value in items}
        standard.append((z, min(z.values()), weight))
    ids = {item for z, _, _ in standard for item in z}
    total = {i: sum(w * z.get(i, floor) for z, floor, w in standard) for i in ids}
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
