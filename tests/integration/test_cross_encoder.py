"""The cross-encoder reranker loads a local model and scores (query, text) pairs with it.

The model is a tiny BERT the test builds and saves, so no weights are downloaded; the scores
must be exactly what the model computes for each pair, in the order given.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from graphrag.errors import ConfigError
from graphrag.models.rerankers import CrossEncoderReranker, reranker_from_name
from tests.tiny_models import tiny_cross_encoder

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("sentence_transformers")

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, object]:
    return tiny_cross_encoder(tmp_path_factory.mktemp("tiny-cross-encoder"), seed=7)


def test_scores_are_the_models_own_for_each_pair(tiny_model: tuple[Path, object, object]) -> None:
    path, model, tokenizer = tiny_model
    reranker = reranker_from_name(f"ce:{path}")
    assert isinstance(reranker, CrossEncoderReranker)
    query = "notice period"
    texts = ["the notice period is four weeks", "cats sleep a lot", "kündigung frist wochen"]

    scores = reranker.score(query, texts)

    expected = []
    for text in texts:
        encoded = tokenizer(query, text, return_tensors="pt", truncation=True, max_length=512)  # type: ignore[operator]
        with torch.no_grad():
            logit = float(model(**encoded).logits[0, 0])  # type: ignore[operator]
        expected.append(1 / (1 + math.exp(-logit)))  # one label: sigmoid activation
    assert scores == pytest.approx(expected, abs=1e-5)
    assert len(set(scores)) == 3
    assert reranker.score(query, []) == []
    assert reranker.score(query, list(reversed(texts))) == pytest.approx(list(reversed(scores)))


def test_missing_weights_name_the_setting(tmp_path: Path) -> None:
    reranker = CrossEncoderReranker(str(tmp_path / "no-such-model"))
    with pytest.raises(ConfigError) as err:
        reranker.score("q", ["t"])
    assert "GRAPHRAG_RERANKER" in str(err.value)
