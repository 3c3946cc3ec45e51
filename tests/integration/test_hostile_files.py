"""The hostile-file matrix: each file fails fast with its own reason, or is ingested within
bounds, and the rest of the batch goes on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from graphrag import GraphRAG
from graphrag.errors import DocumentError
from ingestion import budget
from ingestion.parsers.isolated import IsolatedParser
from schemas import AccessFilter
from tests.hostile_files import HOSTILE, build

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

    # the bracket file was stopped at the budget, the others failed at once; the stage's time
    # also holds the fresh parser processes started after each killed one, which no file's
    # budget pays for and which take seconds each on a busy machine (24 s seen against 23)
    assert report.timings_s["parse"] < TIMEOUT_S + 30
    assert elapsed < 240


def test_the_file_after_a_killed_parse_is_not_charged_for_the_restart(tmp_path: Path) -> None:
    """A fresh parser process needs seconds to load its libraries (more on a busy machine);
    the file after a hostile one gets its whole budget for its own parse."""
    HOSTILE["brackets.md"][1](tmp_path / "brackets.md")
    fine = tmp_path / "fine.md"
    fine.write_text(GOOD)
    parser = IsolatedParser(timeout_s=1.0, memory_mb=2048)
    try:
        for _ in range(2):  # a child killed, then a fresh one, twice
            with budget.file_budget("brackets.md", 1.0), pytest.raises(DocumentError) as err:
                parser.parse(tmp_path / "brackets.md")
            assert err.value.reason == "timeout"
            start = time.monotonic()
            with budget.file_budget("fine.md", 0.5):
                assert parser.parse(fine).title == "Leave"
                budget.check()  # the restart's seconds moved the deadline on
            assert time.monotonic() - start > 0.5  # a fresh child: longer than the budget
    finally:
        parser.close()
