"""`graphrag eval` on a 10-question HotpotQA slice: JSON shape, baselines, report, compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.cli import cli

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def hotpot_slice(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hotpot")
    questions = json.loads((shared_data / "hotpotqa/questions.json").read_text())[:10]
    corpus = {title: sentences for q in questions for title, sentences in q["context"]}
    (root / "questions.json").write_text(json.dumps(questions))
    (root / "corpus.json").write_text(json.dumps(corpus))
    return root / "questions.json"


def test_eval_json_report_and_second_run_uses_the_cache(hotpot_slice: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = cli(
        "eval", f"hotpotqa:{hotpot_slice}", "--json", "--report", str(tmp_path / "a"), data_dir=data
    )
    assert first.returncode == 0, first.stderr[-2000:]
    run = json.loads(first.stdout)
    assert {"dataset", "questions", "config", "metrics", "baselines", "latency_ms"} <= set(run)
    assert run["questions"] == 10
    assert set(run["baselines"]) == {"bm25", "dense"}
    for block in (run["metrics"], *run["baselines"].values()):
        assert {
            "recall@1",
            "recall@2",
            "recall@5",
            "recall@10",
            "mrr",
            "ndcg@10",
            "map",
            "hit@5",
            "precision@5",
        } <= set(block)
        assert all(0.0 <= v <= 1.0 for k, v in block.items() if k != "mean_passage_chars")
    assert run["metrics"]["recall@10"] > 0.5  # 100 passages, 2 gold each: far above chance
    assert {"p50", "p95"} <= set(run["latency_ms"])
    assert {"bridge", "comparison"} & set(run["by_category"])
    report = (tmp_path / "a" / "report.md").read_text()
    assert "| system |" in report and "| bm25 |" in report and "recall_at_k.png" in report
    assert (tmp_path / "a" / "recall_at_k.png").stat().st_size > 1000
    assert len(json.loads((tmp_path / "a" / "per_question.json").read_text())) == 10
    assert run["ingestion"]["cached"] is False

    second = cli(
        "eval",
        f"hotpotqa:{hotpot_slice}",
        "--json",
        "--no-graph",
        "--baselines",
        "none",
        "--limit",
        "5",
        "--report",
        str(tmp_path / "b"),
        data_dir=data,
    )
    assert second.returncode == 0, second.stderr[-2000:]
    run_b = json.loads(second.stdout)
    assert run_b["ingestion"]["cached"] is True and run_b["baselines"] == {}
    assert run_b["config"]["graph"] is False and run_b["questions"] == 5

    compared = cli("eval-compare", str(tmp_path / "a"), str(tmp_path / "b"), data_dir=data)
    assert compared.returncode == 0 and "| recall@5 |" in compared.stdout


def test_eval_bad_spec_is_a_usage_error(tmp_path: Path) -> None:
    proc = cli("eval", "hotpotqa:/no/such/file.json", data_dir=tmp_path)
    assert proc.returncode == 2 and "no such file" in proc.stderr and "Traceback" not in proc.stderr
