"""The agent loop against the fixed pipeline, on the multi-hop sets, with a tool-calling model.

    python bench/agent_loop.py --url http://localhost:8080/v1 --model NAME [--limit 30]

Any OpenAI-compatible endpoint whose model calls tools (vLLM, Ollama's /v1, llama.cpp's
server, OpenAI); ``--url`` defaults to GRAPHRAG_LLM_URL, the key to GRAPHRAG_LLM_API_KEY. Each
question of HotpotQA and 2wiki (the first ``--limit``) is answered three ways over the same
search: the LLM over the pipeline's passages (fixed), the LLM with graphrag's tools (agent
loop, at most ``--steps`` tool calls), and the extractive default. Prints per set and
answerer: contains-answer, citation validity, groundedness, abstentions, seconds per answer
(median) and, for the agent, tool calls per question (mean). Not part of CI: it needs a model.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.answer.agent import AgentAnswerer
from graphrag.answer.extractive import ExtractiveAnswerer
from graphrag.answer.llm import OpenAICompatibleGenerator
from graphrag.eval.datasets import load
from graphrag.eval.runner import EvalConfig, EvalRunner, answer_metrics
from graphrag.models.llm import LlmClient

ROOT = Path(__file__).resolve().parents[1]
SETS = (
    "hotpotqa:../shared/data/hotpotqa/questions.json",
    "hotpotqa:../shared/data/2wiki/questions.json",
)
KEYS = ("contains_answer", "citation_validity", "groundedness", "abstained")


def run_set(spec: str, limit: int, url: str, model: str, key: str | None, steps: int) -> dict:
    evalset = load(spec, limit=limit)
    runner = EvalRunner(evalset, EvalConfig(baselines=[]), ROOT / ".bench/eval-data")
    rag, _ = runner.open_index()
    agent = AgentAnswerer(LlmClient(url, model=model, api_key=key), max_steps=steps)
    answerers = {
        f"LLM over the passages ({model})": OpenAICompatibleGenerator(
            url, model=model, api_key=key
        ),
        f"agent loop ({model}, ≤{steps} tool calls)": agent,
        "extractive (default)": ExtractiveAnswerer(rag.embedder),
    }
    rows: dict[str, dict[str, list[float]]] = {name: {} for name in answerers}
    for q in evalset.questions:
        if q.answer is None:
            continue
        for name, answerer in answerers.items():
            rag.generator = answerer
            start = time.perf_counter()
            answer = rag.ask(q.question)
            row = rows[name]
            row.setdefault("s/answer", []).append(time.perf_counter() - start)
            metrics = answer_metrics(q, answer)
            for k in KEYS:
                row.setdefault(k, []).append(float(metrics[k]))
            if answerer is agent:
                row.setdefault("tool calls", []).append(float(len(agent.last_calls)))
        print(f"  {q.id}", file=sys.stderr)
    rag.close()
    return {
        name: {
            k: round(statistics.median(v) if k == "s/answer" else statistics.fmean(v), 3)
            for k, v in row.items()
        }
        for name, row in rows.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("GRAPHRAG_LLM_URL"))
    parser.add_argument("--model", default=os.environ.get("GRAPHRAG_LLM_MODEL", "default"))
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    if not args.url:
        parser.error("give --url (or set GRAPHRAG_LLM_URL): a model endpoint with tool calls")
    key = os.environ.get("GRAPHRAG_LLM_API_KEY")
    results = {s: run_set(s, args.limit, args.url, args.model, key, args.steps) for s in SETS}
    columns = ["s/answer", *KEYS, "tool calls"]
    print("| set | answerer | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for spec, by in results.items():
        for name, row in by.items():
            cells = " | ".join(str(row.get(c, "–")) for c in columns)
            print(f"| {Path(spec.split(':', 1)[1]).parent.name}-{args.limit} | {name} | {cells} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
