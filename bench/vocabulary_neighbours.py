"""Can the embedder tell a concept the documents name from one they never name, word by word?

    python bench/vocabulary_neighbours.py [--corpus ../shared/data/corpus/de-arbeitsrecht]

The idea it tests: expand or check a question's words against the corpus's own vocabulary
(every capitalised German word of the documents), by the multilingual embedder's nearest
neighbour, instead of a hand-written glossary; and abstain when a question's concept has no
close neighbour. For English workplace words whose German term the labour laws use, and for
words whose concept none of them names, it prints each word's four nearest corpus words with
their cosines, then how often the nearest is the right term and the cosine ranges of the
two groups.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from graphrag.models.embedders import E5Embedder

# English word -> the stem of the German term the laws use for it
NAMED = {
    "dismissal": "kündigung", "vacation": "urlaub", "break": "pause", "night work": "nachtarbeit",
    "severance": "abfindung", "works council": "betriebsrat", "harassment": "belästigung",
    "fixed-term": "befrist", "on-call": "abruf", "inventory": "inventur",
    "pregnancy": "schwangerschaft", "ship": "schiff", "church": "kirche", "colleague": "kolleg",
    "membership": "mitglied", "insurance": "versicherung", "construction site": "bau",
    "cinema": "filmtheater", "discrimination": "diskriminierung", "salary": "gehalt",
    "overtime": "überstunden", "sick": "krank", "training": "bildung",
}  # fmt: skip
NOT_NAMED = [
    "probation", "payslip", "Christmas bonus", "minimum wage", "parental leave",
    "doctor's note", "birth", "home office", "pension", "camera", "email", "company car",
    "wedding", "personnel file",
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    root = Path(__file__).resolve().parents[2] / "shared/data/corpus/de-arbeitsrecht"
    parser.add_argument("--corpus", type=Path, default=root)
    args = parser.parse_args()
    text = " ".join(p.read_text() for p in sorted(args.corpus.glob("*.md")))
    words = sorted(set(re.findall(r"\b[A-ZÄÖÜ][a-zäöüß]{3,}\b", text)))
    embedder = E5Embedder()
    matrix = np.asarray(embedder.embed_documents(words))
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    print(f"{len(words)} corpus words")
    tops: dict[str, list[float]] = {"named": [], "not named": []}
    right = 0
    for word in [*NAMED, *NOT_NAMED]:
        query = np.asarray(embedder.embed_query(word))
        cosines = matrix @ (query / np.linalg.norm(query))
        best = np.argsort(-cosines)[:4]
        print(f"{word:18s}", " ".join(f"{words[i]}:{cosines[i]:.3f}" for i in best))
        group = "named" if word in NAMED else "not named"
        tops[group].append(float(cosines[best[0]]))
        if word in NAMED and NAMED[word] in words[best[0]].casefold():
            right += 1
    print(f"\nnearest is the law's term: {right} of {len(NAMED)}")
    for group, values in tops.items():
        print(f"nearest cosine, {group}: {min(values):.3f} to {max(values):.3f}")


if __name__ == "__main__":
    main()
