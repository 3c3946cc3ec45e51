"""`graphrag ingest` as a user runs it: exit codes, JSON, and a real kill in the middle."""

from __future__ import annotations

import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.cli import clean_env, cli

pytestmark = pytest.mark.e2e


def test_exit_codes_and_json(tmp_path: Path, shared_data: Path) -> None:
    good = tmp_path / "good"
    good.mkdir()
    shutil.copy(shared_data / "fixtures/docling/word_sample.docx", good)
    ok = cli("ingest", str(good), "--json", data_dir=tmp_path / "d")
    assert ok.returncode == 0, ok.stderr
    summary = json.loads(ok.stdout)
    assert set(summary) == {
        "documents",
        "sections",
        "chunks",
        "entities",
        "relations",
        "unchanged",
        "repaired",
        "errors",
        "timings_s",
    }
    assert summary["documents"] == 1 and summary["errors"] == []

    (good / "broken.pdf").write_bytes(b"%PDF-1.4 garbage")
    partial = cli("ingest", str(good), "--json", data_dir=tmp_path / "d")
    assert partial.returncode == 1
    result = json.loads(partial.stdout)
    assert result["unchanged"] == 1
    assert result["errors"][0]["path"].endswith("broken.pdf") and result["errors"][0]["error"]

    usage = cli("ingest", str(good), "--visibility", "secretish", data_dir=tmp_path / "d")
    assert (
        usage.returncode == 2 and "visibility" in usage.stderr and "Traceback" not in usage.stderr
    )

    listing = cli("documents", "--json", data_dir=tmp_path / "d")
    docs = json.loads(listing.stdout)
    assert [d["title"] for d in docs] == ["Swimming in the lake"]
    deleted = cli("delete", docs[0]["id"], "--json", data_dir=tmp_path / "d")
    assert deleted.returncode == 0 and json.loads(deleted.stdout)["documents"] == 1
    missing = cli("delete", "no-such-doc", data_dir=tmp_path / "d")
    assert missing.returncode == 2 and "no document" in missing.stderr


def _status(data_dir: Path) -> dict[str, object]:
    proc = cli("status", "--json", data_dir=data_dir)
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    return {"graph": info["graph_stats"], "points": info["vector_points"]}


def test_killed_run_then_rerun_equals_a_clean_run(tmp_path: Path, shared_data: Path) -> None:
    corpus = tmp_path / "laws"
    corpus.mkdir()
    for name in ("burlg.md", "kschg.md", "tzbfg.md"):
        shutil.copy(shared_data / "corpus/de-arbeitsrecht" / name, corpus)

    clean_dir = tmp_path / "clean"
    assert cli("ingest", str(corpus), "--json", data_dir=clean_dir).returncode == 0
    clean = _status(clean_dir)

    crash_dir = tmp_path / "crash"
    env = clean_env(GRAPHRAG_DATA_DIR=str(crash_dir))
    proc = subprocess.Popen(
        [sys.executable, "-m", "graphrag.cli", "ingest", str(corpus), "--json"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    cache = crash_dir / "cache" / "embeddings.sqlite"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with sqlite3.connect(cache, timeout=1) as db:
                if db.execute("SELECT count(*) FROM embeddings").fetchone()[0] >= 40:
                    break  # the first law is stored, the second is being embedded
        except sqlite3.Error:
            pass
        time.sleep(0.2)
    assert proc.poll() is None, "the run finished before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)

    rerun = cli("ingest", str(corpus), "--json", data_dir=crash_dir)
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout)["documents"] >= 1
    assert _status(crash_dir) == clean


def test_ingest_on_ray_workers_from_the_cli(tmp_path: Path, shared_data: Path) -> None:
    pytest.importorskip("ray")
    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(shared_data / "fixtures/docling/word_sample.docx", folder)
    shutil.copy(shared_data / "corpus/de-arbeitsrecht/burlg.md", folder)
    run = cli("ingest", str(folder), "--workers", "2", "--json", data_dir=tmp_path / "d")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["documents"] == 2 and summary["errors"] == []
    assert summary["timings_s"]["worker_embed"] > 0  # the models ran on the workers
    again = cli("ingest", str(folder), "--workers", "2", "--json", data_dir=tmp_path / "d")
    assert json.loads(again.stdout)["unchanged"] == 2
    # a cluster that is not there: a clear error, not a traceback
    nowhere = cli(
        "ingest", str(folder), "--ray-address", "127.0.0.1:1", data_dir=tmp_path / "e", timeout=300
    )
    assert nowhere.returncode == 2, nowhere.stderr
    assert "Ray" in nowhere.stderr and "Traceback" not in nowhere.stderr
