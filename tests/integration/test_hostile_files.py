"""The hostile-file matrix: each file fails fast with its own reason, or is ingested within
bounds, and the rest of the batch goes on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from graphrag import GraphRAG
from schemas import AccessFilter
from tests.hostile_files import build

pytestmark = pytest.mark.integration

TIMEOUT_S = 8.0
GOOD = "# Leave\n\nEmployees get 24 days of leave per year; requests go to the team lead.\n"


def test_hostile_files_fail_one_by_one_within_the_budget(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    expected = build(folder)
    (folder / "good.md").write_text(GOOD)
    long_name = "Bericht " + "sehr lang " * 24 + ".md"  # 250 bytes: the longest a name may be
    (folder / long_name).write_text(GOOD.replace("Leave", "Urlaub"))
    outside = tmp_path / "secret.md"
    outside.write_text("# Secret\n\nNot for this folder.\n")
    (folder / "link.md").symlink_to(outside)

    with GraphRAG(data_dir=tmp_path / "data", file_timeout_s=TIMEOUT_S) as rag:
        start = time.monotonic()
        report = rag.ingest([folder])
        elapsed = time.monotonic() - start
        failed = {Path(e.path).name: e.reason for e in report.errors}
        assert failed == {
            **{name: reason for name, reason in expected.items() if reason is not None},
            "link.md": "outside",
        }
        assert all(name in e.error for e in report.errors for name in [Path(e.path).name])
        stored = {Path(d.document.source).name: d for d in rag.documents(AccessFilter.everything())}
        assert set(stored) == {"good.md", long_name, "nospace.txt", "oneline.txt"}

        # every chunk of the run-on files fits the embedder's maximum, whatever the input
        limit = rag.settings.chunk_max_tokens
        for name in ("nospace.txt", "oneline.txt"):
            doc_id = stored[name].document.id
            ids = sorted(rag.graph.chunk_ids_of([doc_id])[doc_id])
            chunks = rag.graph.fetch_chunks(ids, AccessFilter.everything())
            assert len(chunks) > 10
            assert max(rag.embedder.count_tokens(c.chunk.text) for c in chunks) <= limit

    # the bracket file was stopped at the budget, the others failed at once
    assert report.timings_s["parse"] < TIMEOUT_S + 15
    assert elapsed < 240
