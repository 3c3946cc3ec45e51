"""Entity quality on the hand-checked sample in eval/entities/sample.yaml.

    python bench/entities.py [--sample eval/entities/sample.yaml]

Precision: share of extracted names that are a gold entity (any of its listed variants).
Recall: share of gold entities found. Duplicates: gold entities whose extracted variants the
resolver left as more than one graph entity.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ingestion.entities import EntityResolver, default_extractor
from ingestion.entities.resolver import normalise
from schemas import Chunk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--sample",
        type=Path,
        default=Path(__file__).resolve().parents[1] / "eval/entities/sample.yaml",
    )
    args = parser.parse_args()
    sample = yaml.safe_load(args.sample.read_text(encoding="utf-8"))["chunks"]
    extractor = default_extractor()
    totals = {
        lang: {"extracted": 0, "correct": 0, "gold": 0, "found": 0, "dup": 0}
        for lang in ("de", "en")
    }
    resolver = EntityResolver()
    for i, item in enumerate(sample):
        chunk = Chunk(
            id=f"c{i}", doc_id="sample", ordinal=i, text=item["text"], language=item["lang"]
        )
        spans = extractor.extract([chunk])
        resolved = resolver.resolve(spans, "sample")
        gold = [{normalise(v) for v in variants} for variants in item["entities"]]
        t = totals[item["lang"]]
        names = {normalise(s.text) for s in spans}
        t["extracted"] += len(names)
        t["correct"] += sum(1 for n in names if any(n in g for g in gold))
        t["gold"] += len(gold)
        t["found"] += sum(1 for g in gold if names & g)
        for g in gold:
            ids = {resolved[j].id for j, s in enumerate(spans) if normalise(s.text) in g}
            t["dup"] += max(0, len(ids) - 1)
        wrong = sorted(n for n in names if not any(n in g for g in gold))
        missed = sorted(min(g) for g in gold if not names & g)
        print(f"[{item['lang']}] {item['source']}: wrong={wrong} missed={missed}")
    print("\n| language | extracted | precision | recall | duplicates after resolution |")
    print("|---|---|---|---|---|")
    for lang, t in totals.items():
        precision = t["correct"] / t["extracted"] if t["extracted"] else 1.0
        recall = t["found"] / t["gold"] if t["gold"] else 1.0
        print(f"| {lang} | {t['extracted']} | {precision:.2f} | {recall:.2f} | {t['dup']} |")


if __name__ == "__main__":
    main()
