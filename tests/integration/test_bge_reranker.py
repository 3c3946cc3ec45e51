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

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("FlagEmbedding")

pytestmark = pytest.mark.integration

WORDS = "kündigung frist wochen the notice period is four weeks cats sleep a lot".split()


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object, object]:
    path = tmp_path_factory.mktemp("tiny-bge-reranker")
    (path / "vocab.txt").write_text(
        "\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS])
    )
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"))
    torch.manual_seed(11)
    config = transformers.BertConfig(
        vocab_size=len(WORDS) + 5,
        hidden_size=16,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=32,
        max_position_embeddings=64,
        num_labels=1,
        initializer_range=0.5,  # distinct scores for distinct pairs
    )
    model = transformers.BertForSequenceClassification(config).eval()
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path, model, tokenizer


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
