"""What the guardrails catch, and what they flag that they should not.

    python bench/guardrails.py [--data ../shared/data]

Caught: each attack list of ``tests/data/guardrail_attacks.yaml`` (injection and leakage
prompts, text in documents aimed at a model, secrets and personal data to redact), by
language. False alarms: the questions of the development sets (golden, LegalQuAD, HotpotQA,
2wiki, SciFact claims) that the injection patterns flag, and the share of their passages'
text that redaction would change.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.guardrails import injection, redact

ROOT = Path(__file__).resolve().parents[1]


def _questions(data: Path) -> dict[str, list[str]]:
    golden = yaml.safe_load((ROOT / "eval/golden/de-arbeitsrecht.yaml").read_text("utf-8"))
    sets = {"golden (de)": [q["question"] for q in golden["questions"]]}
    squad = json.loads((data / "legalquad/legalquad-dev.json").read_text("utf-8"))
    sets["LegalQuAD (de)"] = [
        qa["question"]
        for article in squad["data"]
        for paragraph in article["paragraphs"]
        for qa in paragraph["qas"]
    ]
    for name in ("hotpotqa", "2wiki"):
        rows = json.loads((data / name / "questions.json").read_text("utf-8"))
        rows = rows if isinstance(rows, list) else rows.get("questions", [])
        sets[f"{name} (en)"] = [r["question"] for r in rows]
    claims = data / "scifact" / "queries.jsonl"
    if claims.exists():
        lines = claims.read_text("utf-8").splitlines()
        sets["SciFact claims (en)"] = [json.loads(line)["text"] for line in lines if line]
    return sets


def _documents(data: Path) -> dict[str, list[str]]:
    laws = sorted((data / "corpus/de-arbeitsrecht").glob("*.md"))
    sets = {
        "labour laws (de)": [
            p for law in laws for p in law.read_text("utf-8").split("\n\n") if p.strip()
        ]
    }
    squad = json.loads((data / "legalquad/legalquad-dev.json").read_text("utf-8"))
    sets["LegalQuAD contexts (de)"] = [
        paragraph["context"] for article in squad["data"] for paragraph in article["paragraphs"]
    ]
    corpus = data / "scifact" / "corpus.jsonl"
    if corpus.exists():
        rows = [json.loads(line) for line in corpus.read_text("utf-8").splitlines() if line]
        sets["SciFact abstracts (en)"] = [r.get("text", "") for r in rows]
    return sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    attacks = yaml.safe_load((ROOT / "tests/data/guardrail_attacks.yaml").read_text("utf-8"))
    print("| attack list | language | caught | of | patterns that caught them |")
    print("|---|---|---|---|---|")
    for kind in ("injection", "leak", "documents"):
        for lang in ("de", "en"):
            items = [a for a in attacks[kind] if a["lang"] == lang]
            hits = [injection(a["text"]) for a in items]
            patterns = Counter(p for h in hits for p in h)
            caught = sum(1 for h in hits if h)
            named = ", ".join(f"{p} {n}" for p, n in patterns.most_common())
            print(f"| {kind} | {lang} | {caught} | {len(items)} | {named} |")
    kinds = Counter(c["kind"] for c in attacks["redact"])
    found = Counter(c["kind"] for c in attacks["redact"] if redact(c["text"], [c["kind"]])[1])
    for kind, total in kinds.items():
        print(f"| redact {kind} | de | {found[kind]} | {total} | |")
    print("\n| documents of | paragraphs flagged (ingestion marks them) | of | examples |")
    print("|---|---|---|---|")
    for name, paragraphs in _documents(args.data).items():
        flagged = [p for p in paragraphs if injection(p)]
        example = "; ".join(p[:60].replace("|", " ") for p in flagged[:2])
        print(f"| {name} | {len(flagged)} | {len(paragraphs)} | {example} |")
    print("\n| questions of | flagged as injection | of | examples |")
    print("|---|---|---|---|")
    for name, questions in _questions(args.data).items():
        flagged = [q for q in questions if injection(q)]
        example = "; ".join(q[:60] for q in flagged[:2])
        print(f"| {name} | {len(flagged)} | {len(questions)} | {example} |")


if __name__ == "__main__":
    main()
