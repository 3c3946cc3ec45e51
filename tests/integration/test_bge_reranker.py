"""The BGE reranker loads a local model through FlagEmbedding and scores (query, text) pairs.

The model is a tiny BERT the test builds and saves, so no weights are downloaded; the scores
must be what the model computes for each pair (through a sigmoid), in the order given.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from graphrag.errors import ConfigError
from graphrag.models.rerankers import BgeReranker, reranker_from_name
from tests.tiny_models import tiny_cross_encoder

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("FlagEmbedding")

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, object]:
    return tiny_cross_encoder(tmp_path_factory.mktemp("tiny-bge-reranker"), seed=11)


def test_scores_are_the_models_own_for_each_pair(tiny_model: tuple[Path, object, object]) -> None:
    path, model, tokenizer = tiny_model
    reranker = reranker_from_name(f"bge:{path}")
    assert isinstance(reranker, BgeReranker) and reranker.name == f"bge/{path}"
    query = "notice period"
    texts = ["the notice period is four weeks", "cats sleep a lot", "kündigung frist wochen"]

    scores = reranker.score(query, texts)

    expected = []
    for text in texts:
        encoded = tokenizer(query, text, return_tensors="pt")  # type: ignore[operator]
        with torch.no_grad():
            logit = float(model(**encoded).logits[0, 0])  # type: ignore[operator]
        expected.append(1 / (1 + math.exp(-logit)))
    assert scores == pytest.approx(expected, abs=1e-5)
    assert len(set(scores)) == 3
    assert reranker.score(query, []) == []
    assert reranker.score(query, texts[:1]) == pytest.approx(scores[:1])  # one pair
    assert reranker.score(query, list(reversed(texts))) == pytest.approx(list(reversed(scores)))


def test_weights_that_are_not_here_name_the_setting(tmp_path: Path) -> None:
    for missing in (str(tmp_path / "no-such-model"), "BAAI/no-such-reranker-in-the-cache"):
        with pytest.raises(ConfigError) as err:
            BgeReranker(missing).score("q", ["t"])
        assert "GRAPHRAG_RERANKER" in str(err.value) and "bge" in str(err.value).casefold()
