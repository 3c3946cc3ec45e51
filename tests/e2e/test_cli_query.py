"""`graphrag search` and `graphrag ask` as a user runs them: JSON shapes and bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.e2e.cli import cli

pytestmark = pytest.mark.e2e

DOC = """# Leave policy

## Annual leave

Employees of Acme GmbH receive 30 days of annual leave. Requests go to the HR portal.

## Sick leave

Sick notes must reach HR on the third day of illness.
"""


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("query")
    (root / "docs").mkdir()
    (root / "docs" / "leave.md").write_text(DOC)
    proc = cli("ingest", str(root / "docs"), "--json", data_dir=root / "data")
    assert proc.returncode == 0, proc.stderr
    return root / "data"


def test_search_json_shape(data_dir: Path) -> None:
    proc = cli("search", "How many days of annual leave?", "-k", "3", "--json", data_dir=data_dir)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"results", "timings_ms"}
    first = out["results"][0]
    assert set(first) == {
        "chunk_id",
        "document",
        "title",
        "section",
        "page",
        "text",
        "scores",
        "provenance",
    }
    assert first["title"] == "Leave policy" and first["section"] == "Annual leave"
    assert {"dense", "sparse", "fused", "graph", "rerank", "final"} <= set(first["scores"])


def test_ask_json_shape_and_citations(data_dir: Path) -> None:
    proc = cli(
        "ask", "How many days of annual leave do employees get?", "--json", data_dir=data_dir
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert {"answer", "citations", "passages", "graph", "timings_ms"} <= set(out)
    assert "30 days" in out["answer"] and "[1]" in out["answer"]
    citation = out["citations"][0]
    assert {"n", "document", "title", "section", "page", "chunk_id"} <= set(citation)
    assert citation["section"] == "Annual leave"
    assert set(out["graph"]) == {"entities", "relations", "paths"}
    assert citation["file"] == "leave.md" and citation["path"] == "docs/leave.md"
    explained = cli("ask", "How many days of annual leave?", "--explain", data_dir=data_dir)
    assert explained.returncode == 0 and "analysis" in explained.stdout
    # the ranking shows each chunk's best sentence, by which the answer's evidence was ordered
    assert re.search(r"^ 1\. [\d.]+ f=.* b=0\.\d+", explained.stdout, re.M)
    # the streamed text is the answer, then its sources with file and page label
    assert explained.stdout.startswith(out["answer"].split(" [1]")[0])
    assert "[1] docs/leave.md · Leave policy > Annual leave" in explained.stdout


def test_a_misspelled_question_says_how_it_was_read(data_dir: Path) -> None:
    searched = cli("search", "How many days of anual leave?", "--json", data_dir=data_dir)
    assert searched.returncode == 0, searched.stderr
    assert json.loads(searched.stdout)["read_as"] == "How many days of annual leave?"
    asked = cli("ask", "How many days of anual leave do employees get?", data_dir=data_dir)
    assert asked.returncode == 0, asked.stderr
    assert asked.stdout.startswith("Read as: How many days of annual leave do employees get?")
    assert "30 days" in asked.stdout


def test_chat_reads_a_follow_up_with_the_question_before(data_dir: Path) -> None:
    lines = "How many days of annual leave do employees get?\nAnd when must sick notes reach HR?\n"
    proc = cli("chat", data_dir=data_dir, stdin=lines)
    assert proc.returncode == 0, proc.stderr
    first, second = proc.stdout.split("[1] docs/leave.md")[:2]
    assert "30 days" in first and "third day" in second
    assert proc.stdout.count("[1] docs/leave.md") == 2


def test_bad_questions_and_empty_store(data_dir: Path, tmp_path: Path) -> None:
    empty = cli("search", "   ", data_dir=data_dir)
    assert empty.returncode == 2 and "empty" in empty.stderr and "Traceback" not in empty.stderr
    huge = cli("ask", "x" * 5000, data_dir=data_dir)
    assert huge.returncode == 2 and "Traceback" not in huge.stderr
    nothing = cli("search", "anything", data_dir=tmp_path / "fresh")
    assert nothing.returncode == 2 and "no documents are ingested yet" in nothing.stderr


def test_text_that_looks_like_markup_is_printed_as_it_is(tmp_path: Path) -> None:
    doc = tmp_path / "docs" / "brackets.md"
    doc.parent.mkdir()
    doc.write_text(
        "# Heap [mMgG] settings\n\nThe heap pattern is [1-9][0-9]*[mMgG] and [/x] closes "
        "nothing; [bold]this[/bold] is not bold.\n"
    )
    assert cli("ingest", str(doc.parent), data_dir=tmp_path / "d").returncode == 0
    for command in ("search", "ask"):
        proc = cli(command, "heap pattern mMgG", data_dir=tmp_path / "d")
        assert proc.returncode == 0, proc.stderr
        assert "[/x]" in proc.stdout and "[bold]this[/bold]" in proc.stdout
    listed = cli("documents", data_dir=tmp_path / "d", env={"COLUMNS": "400"})
    assert "Heap [mMgG] settings" in listed.stdout


def test_search_without_groups_or_clearance_shows_fewer_documents(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "merger.md").write_text("# Merger\n\nThe merger with Seeadler closes in June.\n")
    data = tmp_path / "d"
    ok = cli("ingest", str(docs), "--acl", "board", "--visibility", "confidential", data_dir=data)
    assert ok.returncode == 0, ok.stderr

    def titles(*args: str) -> list[str]:
        proc = cli("search", "merger Seeadler", "--json", *args, data_dir=data)
        assert proc.returncode == 0, proc.stderr
        return [r["title"] for r in json.loads(proc.stdout)["results"]]

    assert titles() == []  # no groups, internal clearance: the operator must say who searches
    assert titles("--group", "board") == []  # confidential is above the default clearance
    assert titles("--group", "staff", "--clearance", "confidential") == []
    assert titles("--group", "board", "--clearance", "confidential") == ["Merger"]
    assert titles("--tenant", "other", "--group", "board", "--clearance", "restricted") == []
    assert titles("--all-access") == ["Merger"]
