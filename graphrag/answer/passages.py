"""Passages: adjacent chunks of one section merged around the best chunk, best evidence first,
within a token budget.
"""

from __future__ import annotations

import math
import re

from schemas import Passage, ScoredChunk


def approx_tokens(text: str) -> int:
    return math.ceil(len(re.findall(r"\w+|[^\w\s]", text)) * 1.3)


def build_passages(
    results: list[ScoredChunk], *, budget_tokens: int = 2500, max_passages: int = 8
) -> list[Passage]:
    groups: dict[tuple[str, str | None], list[ScoredChunk]] = {}
    order: list[tuple[str, str | None]] = []
    for r in results:
        key = (r.chunk.doc_id, r.chunk.section_id)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(r)
    passages: list[Passage] = []
    used = 0
    for key in order:
        members = sorted(groups[key], key=lambda r: r.chunk.ordinal)
        runs: list[list[ScoredChunk]] = []
        for r in members:  # consecutive ordinals form one passage
            if runs and r.chunk.ordinal - runs[-1][-1].chunk.ordinal == 1:
                runs[-1].append(r)
            else:
                runs.append([r])
        for run in sorted(runs, key=lambda rs: -max(r.scores.final for r in rs)):
            text = "\n\n".join(r.chunk.text for r in run)
            cost = approx_tokens(text)
            if passages and used + cost > budget_tokens:
                continue
            first = run[0].chunk
            pages = [p for r in run for p in (r.chunk.page_start, r.chunk.page_end) if p]
            passages.append(
                Passage(
                    chunk_ids=[r.chunk.id for r in run],
                    doc_id=first.doc_id,
                    title=run[0].doc_title,
                    section_path=list(first.section_path),
                    page_start=min(pages) if pages else None,
                    page_end=max(pages) if pages else None,
                    text=text,
                    score=max(r.scores.final for r in run),
                    file=run[0].doc_file,
                    path=run[0].doc_path,
                )
            )
            used += cost
            if len(passages) >= max_passages:
                return sorted(passages, key=lambda p: -p.score)
    return sorted(passages, key=lambda p: -p.score)
