"""Answers read the best evidence with its neighbours in the same section (real stores)."""

from __future__ import annotations

from pathlib import Path

import pytest

from graphrag import GraphRAG

pytestmark = pytest.mark.integration

SENTENCES = [
    "The Harbour Project started in spring with a survey of the old pier.",
    "Its steering group meets every second Tuesday in the town hall.",
    "The budget of the Harbour Project is 4.2 million euros, paid by the county.",
    "Construction of the new breakwater is planned for the following autumn.",
    "Local fishermen asked for a temporary landing stage during the works.",
    "A public exhibition shows the models of the new harbour front.",
]
DOC = "# Harbour Project\n\n## Overview\n\n" + "\n\n".join(
    " ".join([s] * 3) for s in SENTENCES
)  # each paragraph ~50 tokens: one chunk each at the small size below


def _ask(root: Path, anchors: int) -> tuple[list[str], int]:
    with GraphRAG(
        data_dir=root / f"data-{anchors}",
        chunk_target_tokens=40,
        chunk_max_tokens=60,
        answer_context_anchors=anchors,
    ) as rag:
        report = rag.ingest([root / "docs"])
        assert not report.errors and report.chunks >= 5
        answer = rag.ask("How large is the budget of the Harbour Project?", k=1)
        texts = [p.text for p in answer.passages]
        return texts, report.chunks


def test_neighbours_join_the_best_evidence(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "harbour.md").write_text(DOC)
    with_context, _ = _ask(tmp_path, anchors=3)
    without, _ = _ask(tmp_path, anchors=0)
    best = next(t for t in with_context if "4.2 million" in t)
    assert SENTENCES[1] in best and SENTENCES[3] in best  # the chunks before and after
    assert not any(SENTENCES[1] in t and "4.2 million" in t for t in without)
