"""Loaders on small slices of the real files in ../shared/data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from graphrag.errors import InputError
from graphrag.eval.datasets import EvalSet, load
from graphrag.eval.metrics import normalise_answer


def test_hotpotqa_slice(shared_data: Path, tmp_path: Path) -> None:
    questions = json.loads((shared_data / "hotpotqa/questions.json").read_text())[:3]
    corpus = json.loads((shared_data / "hotpotqa/corpus.json").read_text())
    (tmp_path / "questions.json").write_text(json.dumps(questions))
    (tmp_path / "corpus.json").write_text(json.dumps(corpus))
    s = load(f"hotpotqa:{tmp_path / 'questions.json'}")
    assert len(s.questions) == 3 and len(s.corpus) == len(corpus)
    first = s.questions[0]
    assert first.gold == {"Alû": 1.0, "Lilu (mythology)": 1.0}
    assert first.answer == "a spirit" and first.category == "bridge" and first.difficulty == "easy"
    assert all(g in {d.id for d in s.corpus} for q in s.questions for g in q.gold)


def test_beir_slice_with_graded_qrels(shared_data: Path, tmp_path: Path) -> None:
    (tmp_path / "qrels").mkdir()
    lines = (shared_data / "scifact/queries.jsonl").read_text().splitlines()[:5]
    (tmp_path / "queries.jsonl").write_text("\n".join(lines))
    qrels = (shared_data / "scifact/qrels/train.tsv").read_text().splitlines()
    (tmp_path / "qrels/train.tsv").write_text("\n".join([*qrels[:8], "999\t1\t0"]))
    shutil.copy(shared_data / "scifact/corpus.jsonl", tmp_path / "corpus.jsonl")
    s = load(f"beir:{tmp_path}", split="train")
    assert len(s.corpus) == 5183
    assert s.questions and all(q.gold for q in s.questions)
    with pytest.raises(InputError, match="no qrels"):
        load(f"beir:{tmp_path}", split="test")


def test_squad_slice(shared_data: Path, tmp_path: Path) -> None:
    data = json.loads((shared_data / "legalquad/legalquad-dev.json").read_text())
    data["data"] = data["data"][:2]
    path = tmp_path / "dev.json"
    path.write_text(json.dumps(data))
    s = load(f"squad:{path}")
    assert len(s.corpus) == 2 and len(s.questions) == 2
    assert s.questions[0].answer_texts[0].startswith("Die Revision des Klägers")


def test_musique_format(tmp_path: Path) -> None:
    (tmp_path / "corpus.json").write_text(
        json.dumps(
            [
                {"title": "A", "text": "Alpha was born in Beta."},
                {"title": "B", "text": "Beta is in Gamma."},
                {"title": "C", "text": "Unrelated."},
            ]
        )
    )
    (tmp_path / "questions.json").write_text(
        json.dumps(
            [
                {
                    "id": "q1",
                    "question": "Where is Alpha's birthplace?",
                    "answer": "Gamma",
                    "paragraphs": [
                        {
                            "title": "A",
                            "paragraph_text": "Alpha was born in Beta.",
                            "is_supporting": True,
                        },
                        {
                            "title": "B",
                            "paragraph_text": "Beta is in Gamma.",
                            "is_supporting": True,
                        },
                        {"title": "C", "paragraph_text": "Unrelated.", "is_supporting": False},
                    ],
                }
            ]
        )
    )
    s = load(f"musique:{tmp_path / 'questions.json'}")
    assert set(s.questions[0].gold) == {"0:A", "1:B"}


def test_golden_format_and_bad_specs(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text(
        "corpus: docs\nquestions:\n  - question: Wie lang ist der Urlaub?\n"
        "    expected_answer: 24 Werktage\n    relevant_documents: [burlg.md]\n"
        "    category: factual\n    difficulty: easy\n    key_facts: [24 Werktage]\n"
    )
    s = load(f"golden:{path}")
    assert s.corpus_dir == (tmp_path / "docs").resolve()
    assert s.questions[0].gold == {"burlg.md": 1.0} and s.questions[0].key_facts == ["24 Werktage"]
    with pytest.raises(InputError, match="unknown eval set kind"):
        load(f"trec:{path}")
    with pytest.raises(InputError, match="no such file"):
        load("hotpotqa:/nope.json")
    path.write_text("questions:\n  - question: x\n    colour: red\n")
    with pytest.raises(InputError, match="cannot read"):
        load(f"golden:{path}")


GERMAN_SETS = sorted((Path(__file__).resolve().parents[2] / "eval/golden").glob("de-*.yaml"))


@pytest.mark.parametrize("path", GERMAN_SETS, ids=lambda p: p.stem)
def test_every_key_fact_of_a_german_set_is_in_its_laws(path: Path, shared_data: Path) -> None:
    # a mistyped key fact would count as a miss of the answerer's, set after set
    evalset = load(f"golden:{path}")
    assert evalset.corpus_dir is not None and evalset.corpus_dir.is_dir()
    assert len({q.id for q in evalset.questions}) == len(evalset.questions)
    for q in evalset.questions:
        if not q.answerable:
            assert not q.key_facts and not q.gold
            continue
        laws = " ".join(
            normalise_answer((evalset.corpus_dir / name).read_text(encoding="utf-8"))
            for name in q.gold
        )
        assert q.key_facts, q.id
        missing = [f for f in q.key_facts if normalise_answer(f) not in laws]
        assert not missing, f"{q.id}: {missing} in none of {sorted(q.gold)}"


_MULTIHOP = Path(__file__).resolve().parents[2] / "eval/multihop"


def _compact(text: str) -> str:
    return normalise_answer(text).replace(" ", "")


def _held_out(name: str, *before: str, shared_data: Path) -> tuple[EvalSet, dict[str, str]]:
    """A 2wiki held-out set and its passages (compacted, by title), checked to read no passage
    that a development question or a question of the sets ``before`` reads."""
    evalset = load(f"hotpotqa:{_MULTIHOP / name / 'questions.json'}")
    earlier = [load(f"hotpotqa:{shared_data / '2wiki/questions.json'}")]
    earlier += [load(f"hotpotqa:{_MULTIHOP / other / 'questions.json'}") for other in before]
    used = {title for e in earlier for q in e.questions for title in q.gold}
    for q in evalset.questions:
        assert not set(q.gold) & used, q.question
    return evalset, {doc.title: _compact(doc.text) for doc in evalset.corpus}


def test_every_answer_of_the_2wiki_held_out_set_is_in_its_persons_passage(
    shared_data: Path,
) -> None:
    evalset, passages = _held_out("2wiki-holdout", shared_data=shared_data)
    assert len(evalset.questions) == 26
    for q in evalset.questions:
        assert q.answer and len(q.gold) == 2, q.question
        assert any(_compact(q.answer) in passages[title] for title in q.gold), q.question


def test_every_answer_of_the_second_2wiki_held_out_set_is_in_its_passages(
    shared_data: Path,
) -> None:
    evalset, passages = _held_out("2wiki-holdout2", "2wiki-holdout", shared_data=shared_data)
    assert len(evalset.questions) == 34
    for q in evalset.questions:
        assert q.answer and len(q.gold) in (2, 4), q.question
        if q.answer in ("yes", "no"):
            continue
        # a comparison's answer is one of its titles; every other answer is in a passage
        answer = _compact(q.answer)
        assert answer in {_compact(t) for t in q.gold} or any(
            answer in passages[title] for title in q.gold
        ), q.question
