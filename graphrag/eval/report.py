"""Readable evaluation reports: Markdown with a recall@k plot, per-category tables, the worst
questions with what was retrieved, the configuration, and the raw per-question JSON.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from graphrag.eval.runner import EvalRun

HEADLINE = ("recall@1", "recall@2", "recall@5", "recall@10", "mrr", "ndcg@10", "map")


def write_report(run: EvalRun, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "run.json").write_text(run.model_dump_json(indent=1), encoding="utf-8")
    (directory / "per_question.json").write_text(
        json.dumps([q.model_dump() for q in run.per_question], ensure_ascii=False, indent=1),
        encoding="utf-8",
    )
    plot = _plot(run, directory / "recall_at_k.png")
    lines = [
        f"# Evaluation: {run.dataset}",
        "",
        f"{run.questions} questions, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC. "
        f"Ingestion: {run.ingestion.get('documents', '?')} documents, "
        f"{run.ingestion.get('chunks', '?')} chunks"
        + (" (cached)" if run.ingestion.get("cached") else f" in {run.ingestion.get('seconds')} s")
        + ".",
        "",
        "## Summary",
        "",
        _table(run),
        "",
    ]
    if plot:
        lines += [f"![recall@k]({plot.name})", ""]
    lines += [
        "## Latency (ms, search without answer generation)",
        "",
        "| " + " | ".join(run.latency_ms) + " |",
        "|" + "---|" * len(run.latency_ms),
        "| " + " | ".join(f"{v:.1f}" for v in run.latency_ms.values()) + " |",
        "",
    ]
    if run.answers:
        lines += ["## Answers", "", "| metric | value |", "|---|---|"]
        lines += [f"| {k} | {v:.3f} |" for k, v in run.answers.items()] + [""]
    if len(run.by_category) > 1:
        lines += ["## By category and difficulty", ""]
        for category, blocks in run.by_category.items():
            count = int(blocks.get("count", {}).get("questions", 0))
            lines += [f"### {category} ({count} questions)", "", _table_from(blocks), ""]
    lines += [
        "## Worst questions",
        "",
        "Lowest recall@5 first; `+` marks a relevant retrieved item.",
        "",
    ]
    worst = sorted(
        run.per_question, key=lambda q: (q.metrics.get("recall@5", 0), q.metrics.get("mrr", 0))
    )[:10]
    for q in worst:
        gold = set(q.gold)
        lines.append(
            f"- **{q.question}** (recall@5 {q.metrics.get('recall@5', 0):.2f}, "
            f"MRR {q.metrics.get('mrr', 0):.2f})"
        )
        lines.append(f"  - gold: {', '.join(q.gold[:4])}")
        retrieved = [("+ " if r in gold else "") + r[:60] for r in q.system[:5]]
        lines.append(f"  - retrieved: {' · '.join(retrieved)}")
    lines += [
        "",
        "## Configuration",
        "",
        "```json",
        json.dumps(run.config, indent=1),
        "```",
        "",
        "Raw results: `run.json`, `per_question.json`.",
    ]
    path = directory / "report.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _table(run: EvalRun) -> str:
    return _table_from({"system": run.metrics, **run.baselines})


def _table_from(blocks: dict[str, dict[str, float]]) -> str:
    rows = {name: values for name, values in blocks.items() if name != "count"}
    keys = [k for k in (*HEADLINE, "mean_passage_chars") if any(k in v for v in rows.values())]
    out = ["| run | " + " | ".join(keys) + " |", "|---|" + "---|" * len(keys)]
    for name, values in rows.items():
        cells = [
            f"{values[k]:.3f}"
            if k in values and k != "mean_passage_chars"
            else (f"{values[k]:.0f}" if k in values else "–")
            for k in keys
        ]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def _plot(run: EvalRun, path: Path) -> Path | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ks = sorted(int(k.split("@")[1]) for k in run.metrics if k.startswith("recall@"))
    if not ks:
        return None
    fig, ax = plt.subplots(figsize=(6, 4), dpi=110)
    for name, values in {"system": run.metrics, **run.baselines}.items():
        ax.plot(ks, [values.get(f"recall@{k}", 0) for k in ks], marker="o", label=name)
    ax.set_xlabel("k")
    ax.set_ylabel("recall@k")
    ax.set_xticks(ks)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend()
    ax.set_title(run.dataset.split(":")[0])
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def compare(a: Path, b: Path, out: Path | None = None) -> str:
    """Two runs side by side (each a run.json or its report folder), with the difference."""
    runs = [
        EvalRun.model_validate_json((p / "run.json" if p.is_dir() else p).read_text())
        for p in (a, b)
    ]
    keys = [k for k in (*HEADLINE, "mean_passage_chars") if k in runs[0].metrics]
    lines = [
        f"# Comparison\n\nA: {a} ({runs[0].dataset}, {runs[0].questions} questions)  ",
        f"B: {b} ({runs[1].dataset}, {runs[1].questions} questions)\n",
        "| metric | A | B | B − A |",
        "|---|---|---|---|",
    ]
    for k in keys:
        va, vb = runs[0].metrics.get(k, 0.0), runs[1].metrics.get(k, 0.0)
        lines.append(f"| {k} | {va:.3f} | {vb:.3f} | {vb - va:+.3f} |")
    for k in ("p50", "p95"):
        va, vb = runs[0].latency_ms.get(k, 0.0), runs[1].latency_ms.get(k, 0.0)
        lines.append(f"| latency {k} (ms) | {va:.1f} | {vb:.1f} | {vb - va:+.1f} |")
    lines += [
        "",
        "Configuration A: `" + json.dumps(runs[0].config) + "`  ",
        "Configuration B: `" + json.dumps(runs[1].config) + "`",
    ]
    text = "\n".join(lines) + "\n"
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    return text
