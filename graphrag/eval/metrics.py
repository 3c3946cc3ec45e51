"""Retrieval and answer metrics, as pure functions.

A ranking is a list of relevance values in rank order (graded; 0 = not relevant), plus the
number of relevant items that exist (``total``) and, for nDCG, their grades.

>>> recall_at([1, 0, 1, 0], total=3, k=2)
0.333...
>>> mrr([0, 0, 1])
0.333...
>>> round(ndcg_at([0, 1], grades=[1], k=10), 4)
0.6309
"""

from __future__ import annotations

import math
import re
import string
import unicodedata
from collections import Counter


def recall_at(rels: list[float], total: int, k: int) -> float:
    if total <= 0:
        return 0.0
    return min(1.0, sum(1 for r in rels[:k] if r > 0) / total)


def precision_at(rels: list[float], k: int) -> float:
    return sum(1 for r in rels[:k] if r > 0) / k if k > 0 else 0.0


def hit_at(rels: list[float], k: int) -> float:
    return 1.0 if any(r > 0 for r in rels[:k]) else 0.0


def mrr(rels: list[float]) -> float:
    for i, r in enumerate(rels, start=1):
        if r > 0:
            return 1.0 / i
    return 0.0


def ndcg_at(rels: list[float], grades: list[float], k: int = 10) -> float:
    """nDCG with gains ``2^rel - 1``; ``grades`` are all relevant items' grades (the ideal)."""
    dcg = sum((2**r - 1) / math.log2(i + 1) for i, r in enumerate(rels[:k], start=1))
    ideal = sorted(grades, reverse=True)[:k]
    idcg = sum((2**r - 1) / math.log2(i + 1) for i, r in enumerate(ideal, start=1))
    return dcg / idcg if idcg > 0 else 0.0


def average_precision(rels: list[float], total: int) -> float:
    if total <= 0:
        return 0.0
    hits, score = 0, 0.0
    for i, r in enumerate(rels, start=1):
        if r > 0:
            hits += 1
            score += hits / i
    return score / total


def retrieval_metrics(rels: list[float], grades: list[float], ks: list[int]) -> dict[str, float]:
    total = len(grades)
    out: dict[str, float] = {}
    for k in ks:
        out[f"recall@{k}"] = recall_at(rels, total, k)
        out[f"precision@{k}"] = precision_at(rels, k)
        out[f"hit@{k}"] = hit_at(rels, k)
    out["mrr"] = mrr(rels)
    out["ndcg@10"] = ndcg_at(rels, grades, 10)
    out["map"] = average_precision(rels, total)
    return out


def mean(rows: list[dict[str, float]]) -> dict[str, float]:
    if not rows:
        return {}
    keys = rows[0].keys()
    return {k: round(sum(r[k] for r in rows) / len(rows), 4) for k in keys}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low, high = math.floor(pos), math.ceil(pos)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


# -- answers ---------------------------------------------------------------------------------


def normalise_answer(text: str) -> str:
    """SQuAD-style: lower case, no punctuation, no articles (en/de), single spaces."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = "".join(ch for ch in text if ch not in string.punctuation)
    text = re.sub(r"\b(a|an|the|der|die|das|ein|eine)\b", " ", text)
    return " ".join(text.split())


def exact_match(prediction: str, gold: str) -> float:
    return float(normalise_answer(prediction) == normalise_answer(gold))


def token_f1(prediction: str, gold: str) -> float:
    p, g = normalise_answer(prediction).split(), normalise_answer(gold).split()
    if not p or not g:
        return float(p == g)
    common = Counter(p) & Counter(g)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(p), same / len(g)
    return 2 * precision * recall / (precision + recall)


def contains_answer(prediction: str, gold: str) -> float:
    """The gold answer appears in the prediction (extractive answers are whole sentences)."""
    return float(normalise_answer(gold) in normalise_answer(prediction)) if gold.strip() else 0.0


def coverage(text: str, facts: list[str]) -> float:
    if not facts:
        return 1.0
    norm = normalise_answer(text)
    return sum(1 for f in facts if normalise_answer(f) in norm) / len(facts)


def abstention(abstained: list[bool], unanswerable: list[bool]) -> dict[str, float]:
    """Precision and recall of saying "not in the documents": precision is the share of the
    abstentions whose question is unanswerable, recall the share of unanswerable questions the
    system abstained on (1.0 when there is nothing to find or to avoid).

    >>> abstention([True, False, True], [True, False, False])
    {'abstention_precision': 0.5, 'abstention_recall': 1.0}
    """
    hits = sum(a and u for a, u in zip(abstained, unanswerable, strict=True))
    said, truly = sum(abstained), sum(unanswerable)
    return {
        "abstention_precision": hits / said if said else 1.0,
        "abstention_recall": hits / truly if truly else 1.0,
    }


def groundedness(sentences: list[str], sources: list[str], threshold: float = 0.5) -> float:
    """Share of answer sentences whose content words mostly occur in the cited passages."""
    if not sentences:
        return 0.0
    vocab = set(normalise_answer(" ".join(sources)).split())
    supported = 0
    for sentence in sentences:
        words = [w for w in normalise_answer(sentence).split() if len(w) > 3]
        if not words or sum(w in vocab for w in words) / len(words) >= threshold:
            supported += 1
    return supported / len(sentences)
