"""Tiny models the reranker tests build and save, so no weights are ever downloaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

WORDS = "kündigung frist wochen the notice period is four weeks cats sleep a lot".split()


def tiny_cross_encoder(path: Path, seed: int) -> tuple[Path, Any, Any]:
    """A one-layer BERT sequence classifier (one label) and its tokenizer, saved to ``path``."""
    import torch
    import transformers

    (path / "vocab.txt").write_text(
        "\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS])
    )
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"))
    torch.manual_seed(seed)
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
