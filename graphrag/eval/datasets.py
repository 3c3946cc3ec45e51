"""Loaders for evaluation sets. A spec is ``kind:PATH``; paths are arguments, never built in.

* ``hotpotqa:questions.json`` (``corpus.json`` beside it; gold = supporting-fact titles)
* ``musique:questions.json`` (``corpus.json`` beside it, a list of ``{title, text}``;
  gold = the paragraphs marked ``is_supporting``)
* ``beir:DIR`` (``corpus.jsonl``, ``queries*.jsonl``, ``qrels/<split>.tsv``; ``split`` option)
* ``squad:FILE`` (each context is one document; gold = the passage containing the answer)
* ``golden:FILE`` (our own JSON/YAML format, see ``GoldenQuestion``)
"""

from __future__ import annotations

import csv
import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graphrag.errors import InputError

Category = Literal[
    "factual",
    "comparative",
    "procedural",
    "relational",
    "aggregative",
    "multi_hop",
    "temporal",
    "bridge",
    "comparison",
    "other",
]


class CorpusDoc(BaseModel):
    id: str
    title: str
    text: str
    language: str | None = None


class EvalQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    question: str
    answer: str | None = None
    gold: dict[str, float] = Field(default_factory=dict)  # corpus id -> graded relevance
    answer_texts: list[str] = Field(default_factory=list)  # squad: gold by containment
    category: str = "other"
    difficulty: str | None = None
    key_facts: list[str] = Field(default_factory=list)
    forbidden: list[str] = Field(default_factory=list)
    # False: the corpus does not hold the answer; the system should say so (abstention)
    answerable: bool = True


class EvalSet(BaseModel):
    name: str
    kind: str
    corpus: list[CorpusDoc]
    questions: list[EvalQuestion]
    corpus_dir: Path | None = None  # golden sets over real files: ingest these files as they are


class GoldenQuestion(BaseModel):
    """One entry of our own golden format."""

    model_config = ConfigDict(extra="forbid")

    id: str | None = None
    question: str
    expected_answer: str | None = None
    relevant_documents: list[str] = Field(default_factory=list)  # file names in the corpus
    relevant_chunks: list[str] = Field(default_factory=list)
    # "file#number": the sections (by their § number) the answer needs, for bench/citations.py
    relevant_sections: list[str] = Field(default_factory=list)
    category: str = "factual"
    difficulty: Literal["easy", "medium", "hard"] | None = None
    key_facts: list[str] = Field(default_factory=list)
    forbidden_content: list[str] = Field(default_factory=list)
    answerable: bool = True  # false: not in the corpus; scored by abstention, not retrieval


def load(spec: str, *, split: str = "train", limit: int | None = None) -> EvalSet:
    kind, _, raw = spec.partition(":")
    path = Path(raw)
    if not raw or not path.exists():
        raise InputError(
            f"eval spec {spec!r}: no such file or folder {raw!r}",
            hint="use KIND:PATH, e.g. hotpotqa:../shared/data/hotpotqa/questions.json",
        )
    loaders: dict[str, Callable[[Path], EvalSet]] = {
        "hotpotqa": _hotpotqa,
        "musique": _musique,
        "squad": _squad,
        "golden": _golden,
        "beir": lambda p: _beir(p, split),
    }
    if kind not in loaders:
        raise InputError(f"unknown eval set kind {kind!r}", hint=f"use one of {sorted(loaders)}")
    try:
        data = loaders[kind](path)
    except (json.JSONDecodeError, yaml.YAMLError, KeyError, TypeError, ValidationError) as exc:
        raise InputError(f"eval spec {spec!r}: cannot read it as {kind}: {exc}") from None
    if limit is not None:
        data.questions = data.questions[:limit]
    return data


def _hotpotqa(path: Path) -> EvalSet:
    questions = json.loads(path.read_text(encoding="utf-8"))
    corpus_raw = json.loads((path.parent / "corpus.json").read_text(encoding="utf-8"))
    corpus = [
        CorpusDoc(id=title, title=title, text="".join(sents).strip(), language="en")
        for title, sents in corpus_raw.items()
    ]
    out = []
    for q in questions:
        gold = {title: 1.0 for title, _ in q["supporting_facts"]}
        out.append(
            EvalQuestion(
                id=str(q["_id"]),
                question=q["question"],
                answer=q.get("answer"),
                gold=gold,
                category=q.get("type", "other"),
                difficulty=q.get("level"),
            )
        )
    return EvalSet(name=f"hotpotqa:{path}", kind="hotpotqa", corpus=corpus, questions=out)


def _musique(path: Path) -> EvalSet:
    questions = json.loads(path.read_text(encoding="utf-8"))
    corpus_raw = json.loads((path.parent / "corpus.json").read_text(encoding="utf-8"))
    corpus: list[CorpusDoc] = []
    key_of: dict[tuple[str, str], str] = {}
    for i, doc in enumerate(corpus_raw):
        cid = f"{i}:{doc['title']}"
        corpus.append(CorpusDoc(id=cid, title=doc["title"], text=doc["text"]))
        key_of[(doc["title"], doc["text"].strip())] = cid
    out: list[EvalQuestion] = []
    for q in questions:
        gold: dict[str, float] = {}
        for p in q["paragraphs"]:
            if p.get("is_supporting"):
                found = key_of.get((p["title"], p["paragraph_text"].strip()))
                if found:
                    gold[found] = 1.0
        out.append(
            EvalQuestion(
                id=str(q.get("id", len(out))),
                question=q["question"],
                answer=q.get("answer"),
                gold=gold,
                category="multi_hop",
            )
        )
    return EvalSet(name=f"musique:{path}", kind="musique", corpus=corpus, questions=out)


def _beir(path: Path, split: str) -> EvalSet:
    corpus = []
    with open(path / "corpus.jsonl", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                d = json.loads(line)
                corpus.append(
                    CorpusDoc(
                        id=str(d["_id"]), title=d.get("title") or "", text=d.get("text") or ""
                    )
                )
    qrels_file = path / "qrels" / f"{split}.tsv"
    if not qrels_file.exists():
        raise InputError(f"no qrels for split {split!r} in {path / 'qrels'}")
    gold: dict[str, dict[str, float]] = {}
    with open(qrels_file, encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            if float(row["score"]) > 0:
                gold.setdefault(row["query-id"], {})[row["corpus-id"]] = float(row["score"])
    queries_file = next(
        (p for p in [path / f"queries-{split}.jsonl", path / "queries.jsonl"] if p.exists()), None
    )
    if queries_file is None:
        raise InputError(f"no queries*.jsonl in {path}")
    out = []
    with open(queries_file, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                q = json.loads(line)
                if str(q["_id"]) in gold:
                    out.append(
                        EvalQuestion(
                            id=str(q["_id"]),
                            question=q["text"],
                            gold=gold[str(q["_id"])],
                            category="factual",
                        )
                    )
    return EvalSet(name=f"beir:{path}:{split}", kind="beir", corpus=corpus, questions=out)


def _squad(path: Path) -> EvalSet:
    data = json.loads(path.read_text(encoding="utf-8"))["data"]
    corpus: list[CorpusDoc] = []
    out: list[EvalQuestion] = []
    for article in data:
        for p in article["paragraphs"]:
            doc_id = str(p.get("document_id", len(corpus)))
            title = _first_line(p["context"])
            corpus.append(CorpusDoc(id=doc_id, title=title, text=_nfc(p["context"])))
            for qa in p["qas"]:
                if qa.get("is_impossible"):
                    continue
                texts = [
                    _nfc(" ".join(a["text"].split())) for a in qa["answers"] if a["text"].strip()
                ]
                out.append(
                    EvalQuestion(
                        id=str(qa["id"]),
                        question=_nfc(qa["question"]),
                        answer=texts[0] if texts else None,
                        gold={doc_id: 1.0},
                        answer_texts=texts,
                        category="factual",
                    )
                )
    return EvalSet(name=f"squad:{path}", kind="squad", corpus=corpus, questions=out)


def _golden(path: Path) -> EvalSet:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = raw.get("questions", []) if isinstance(raw, dict) else raw
    corpus_dir = None
    if isinstance(raw, dict) and raw.get("corpus"):
        corpus_dir = (path.parent / str(raw["corpus"])).resolve()
    out = []
    for i, entry in enumerate(entries):
        g = GoldenQuestion.model_validate(entry)
        gold = {d: 1.0 for d in g.relevant_documents} | {c: 1.0 for c in g.relevant_chunks}
        out.append(
            EvalQuestion(
                id=g.id or f"q{i + 1}",
                question=g.question,
                answer=g.expected_answer,
                gold=gold,
                category=g.category,
                difficulty=g.difficulty,
                key_facts=g.key_facts,
                forbidden=g.forbidden_content,
                answerable=g.answerable,
            )
        )
    return EvalSet(
        name=f"golden:{path}", kind="golden", corpus=[], questions=out, corpus_dir=corpus_dir
    )


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _first_line(text: str) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "document")
    return re.sub(r"\s+", " ", line)[:120]
