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


def standardise(
    items: list[tuple[str, float]], *, depth: int | None = None, absent: float | None = None
) -> tuple[dict[str, float], float] | None:
    """One ranked list's standard scores and the standard score of an item it did not return;
    None when the list says nothing (fewer than two values, or no spread).

    The mean and spread come from the first ``depth`` scores. ``absent`` is the score an item
    the list did not return is known to have (0 for a keyword branch: a passage that shares no
    term with the question scores 0); a list shorter than ``depth`` is then standardised as if
    such items filled it, so the one passage that holds a rare term stands out instead of
    saying nothing. Without it an unlisted item gets the list's lowest standard score (it
    ranked below the cut).

    >>> standardise([("a", 4.0)], depth=4, absent=0.0)
    ({'a': 1.7320508075688774}, -0.5773502691896258)
    """
    values = [v for _, v in items[:depth]]
    if absent is not None and depth is not None and len(values) < depth:
        values += [absent] * (depth - len(values))
    mean, std = _spread(values)
    if len(values) < 2 or std < 1e-12:
        return None
    z = {item: (value - mean) / std for item, value in items}
    floor = min(z.values())
    if absent is not None:
        floor = min(floor, (absent - mean) / std)
    return z, floor


def lead_margin(
    items: list[tuple[str, float]], *, depth: int | None = None, absent: float | None = None
) -> float:
    """How far a list's first item stands above its second (or above an unlisted item, when
    it is the only one), in the list's standard deviations; 0 when the list says nothing.

    >>> round(lead_margin([("a", 9.0), ("b", 1.0), ("c", 1.0), ("d", 1.0)]), 2)
    2.31
    """
    standard = standardise(items, depth=depth, absent=absent)
    if standard is None or not items:
        return 0.0
    z, floor = standard
    runner_up = z[items[1][0]] if len(items) > 1 else floor
    return z[items[0][0]] - runner_up


def zscore(
    scored: list[list[tuple[str, float]]],
    *,
    weights: list[float] | None = None,
    depth: int | None = None,
    absent: list[float | None] | None = None,
) -> list[tuple[str, float]]:
    """Z-score fusion (CombSUM of standardised scores, Montague & Aslam): each list's scores
    become standard scores over that list, and an item's fused score is the weighted sum. A
    branch whose top stands out from its own tail (BM25 on a rare term, dense on a paraphrase)
    moves the order; a branch whose scores fall off evenly moves it less, so each query leans
    on the branch that is sure of itself without a weight fitted to a collection. An item a list did
    not return gets that list's lowest standard score (it ranked below the cut); a list of
    fewer than two scores, or with no spread, says nothing (zero). ``depth`` takes the mean and
    spread from each list's first ``depth`` scores, so they do not change with how many results
    a caller asked for; ``absent`` gives, per list, the score an unreturned item is known to
    have (``standardise``).

    >>> flat = [("a", 0.82), ("b", 0.81), ("c", 0.80), ("d", 0.80), ("e", 0.79)]
    >>> sure = [("c", 9.0), ("b", 1.2), ("a", 1.0), ("d", 0.9), ("e", 0.8)]
    >>> [i for i, _ in zscore([flat, sure])][:3]
    ['c', 'a', 'b']
    """
    weights = weights or [1.0] * len(scored)
    absent = absent or [None] * len(scored)
    standard: list[tuple[dict[str, float], float, float]] = []
    for items, weight, known in zip(scored, weights, absent, strict=True):
        result = standardise(items, depth=depth, absent=known)
        if result is None:
            standard.append(({item: 0.0 for item, _ in items}, 0.0, weight))
        else:
            standard.append((*result, weight))
    ids = {item for z, _, _ in standard for item in z}
    total = {i: sum(w * z.get(i, floor) for z, floor, w in standard) for i in ids}
    return sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))
