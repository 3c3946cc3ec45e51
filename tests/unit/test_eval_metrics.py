from __future__ import annotations

import math

import pytest

from graphrag.eval import metrics as m


def test_recall_precision_hit_on_a_hand_computed_ranking() -> None:
    rels = [0.0, 1.0, 0.0, 1.0, 0.0]  # two of three gold items retrieved, at ranks 2 and 4
    assert m.recall_at(rels, total=3, k=1) == 0.0
    assert m.recall_at(rels, total=3, k=2) == pytest.approx(1 / 3)
    assert m.recall_at(rels, total=3, k=5) == pytest.approx(2 / 3)
    assert m.precision_at(rels, k=4) == 0.5
    assert (m.hit_at(rels, 1), m.hit_at(rels, 2)) == (0.0, 1.0)
    assert m.mrr(rels) == 0.5
    assert m.average_precision(rels, total=3) == pytest.approx((1 / 2 + 2 / 4) / 3)


def test_empty_results_and_empty_gold() -> None:
    assert m.recall_at([], total=2, k=5) == 0.0
    assert m.mrr([]) == 0.0
    assert m.ndcg_at([], grades=[1.0], k=10) == 0.0
    assert m.recall_at([1.0], total=0, k=5) == 0.0
    assert m.average_precision([], total=0) == 0.0
    assert m.mean([]) == {}


def test_graded_ndcg() -> None:
    # gold grades 2 and 1; retrieved: grade-1 item first, grade-2 item third
    rels = [1.0, 0.0, 2.0]
    dcg = (2**1 - 1) / math.log2(2) + (2**2 - 1) / math.log2(4)
    idcg = (2**2 - 1) / math.log2(2) + (2**1 - 1) / math.log2(3)
    assert m.ndcg_at(rels, grades=[2.0, 1.0], k=10) == pytest.approx(dcg / idcg)
    assert m.ndcg_at([2.0, 1.0], grades=[2.0, 1.0], k=10) == pytest.approx(1.0)
    assert m.ndcg_at(rels, grades=[2.0, 1.0], k=1) == pytest.approx(1 / 3)


def test_ties_do_not_change_rank_based_metrics() -> None:
    # the metrics see ranks only: equal scores are ordered before this point
    assert m.retrieval_metrics([1.0, 1.0], [1.0, 1.0], [1])["recall@1"] == 0.5


def test_answer_metrics() -> None:
    assert m.exact_match("The Eiffel Tower!", "eiffel tower") == 1.0
    assert m.token_f1("drei Wochen nach Zugang", "innerhalb von drei Wochen") == pytest.approx(
        2 * (2 / 4) * (2 / 4) / (2 / 4 + 2 / 4)
    )
    assert m.token_f1("", "x") == 0.0
    assert m.contains_answer("It was a spirit of the wind.", "a spirit") == 1.0
    assert m.coverage("Die Frist beträgt drei Wochen.", ["drei Wochen", "Arbeitsgericht"]) == 0.5
    assert (
        m.groundedness(
            ["Die Klage ist binnen drei Wochen zu erheben."],
            ["Die Klage ist innerhalb von drei Wochen zu erheben."],
        )
        == 1.0
    )
    assert m.groundedness(["Völlig andere Behauptung über Wetter."], ["Die Klage"]) == 0.0


def test_percentile() -> None:
    assert m.percentile([1, 2, 3, 4], 0.5) == 2.5
    assert m.percentile([5], 0.95) == 5
    assert m.percentile([], 0.5) == 0.0
