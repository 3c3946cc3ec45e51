"""LLM answers over any OpenAI-compatible endpoint (vLLM, llama.cpp server, LM Studio, OpenAI),
Ollama (through its OpenAI-compatible ``/v1``) or llama.cpp in-process with a local GGUF file,
with citations and a number check.

>>> g = OpenAICompatibleGenerator("http://localhost:11434/v1", model="qwen2.5:1.5b")
>>> g.name
'openai-compatible/qwen2.5:1.5b'
"""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx

from graphrag.answer.protocol import OnToken, citation_for, not_answered, unanswered
from graphrag.models.llm import Completer, LlmClient
from schemas import Answer, GraphContext, Passage

SYSTEM = {
    "de": "Du beantwortest Fragen ausschließlich anhand der nummerierten Quellen. Antworte auf "
    "Deutsch, knapp, und belege jede Aussage mit [n]. Wenn die Quellen die Frage nicht "
    "beantworten, sage genau: NICHT BEANTWORTBAR.",
    "en": "Answer only from the numbered sources. Be brief and cite every statement with [n]. "
    "If the sources do not answer the question, say exactly: NOT ANSWERABLE.",
}
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_CITE = re.compile(r"\[(\d+)\]")
_REFUSAL = re.compile(r"NICHT BEANTWORTBAR|NOT ANSWERABLE", re.I)
_WORD = re.compile(r"\w{4,}")
# share of a sentence's words one passage must hold for the sentence to be cited to it
CITE_BY_WORDS = 0.6
UNCITED = {
    "de": "Ohne Quellenangabe: dieser Text ist nicht durch die Quellen belegt.",
    "en": "No citation: this text is not supported by the sources.",
}


def prompt(question: str, language: str, passages: list[Passage], graph: GraphContext) -> str:
    blocks = []
    for n, p in enumerate(passages, 1):
        where = " > ".join([p.title, *p.section_path])
        page = f", p. {p.page_start}" if p.page_start else ""
        blocks.append(f"[{n}] {where}{page}\n{p.text}")
    paths = "\n".join(" -> ".join(p.names) for p in graph.paths[:3])
    extra = f"\n\nGraph paths between the question's entities:\n{paths}" if paths else ""
    return "Sources:\n\n" + "\n\n".join(blocks) + extra + f"\n\nQuestion: {question}"


def refuses(text: str) -> bool:
    """The model says the sources do not answer. Small models add the phrase after an answer
    or write it in lower case; an answer that cites a source is an answer."""
    return bool(_REFUSAL.search(text)) and not _CITE.search(text)


def cite_by_words(text: str, passages: list[Passage]) -> str:
    """``text`` with ``[n]`` after each sentence most of whose words passage n holds, for
    models that answer without writing the markers.

    >>> p = [Passage(chunk_ids=["c"], doc_id="d", title="KSchG", text="Die Klage ist "
    ...      "innerhalb von drei Wochen zu erheben.", score=1.0)]
    >>> cite_by_words("Die Klage ist innerhalb von drei Wochen zu erheben. Viel Glück!", p)
    'Die Klage ist innerhalb von drei Wochen zu erheben. [1] Viel Glück!'
    """
    from ingestion.chunking.sentences import split_sentences

    held = [{w.casefold() for w in _WORD.findall(p.text)} for p in passages]
    out = []
    for sentence in split_sentences(text):
        words = {w.casefold() for w in _WORD.findall(sentence)}
        shares = [len(words & h) / len(words) if words else 0.0 for h in held]
        best = max(range(len(shares)), key=shares.__getitem__) if shares else -1
        cite = best >= 0 and shares[best] >= CITE_BY_WORDS
        out.append(f"{sentence} [{best + 1}]" if cite else sentence)
    return " ".join(out)


def unsupported_numbers(text: str, passages: list[Passage]) -> list[str]:
    """Numbers in the answer that appear in none of the passages (citation markers excluded)."""
    context = " ".join(p.text for p in passages)
    body = _CITE.sub(" ", text)
    return sorted({n for n in _NUMBER.findall(body) if n not in context})


class LlmGenerator:
    """Answers from any Completer: an OpenAI-compatible endpoint, Ollama, or llama.cpp."""

    def __init__(
        self, client: Completer, *, name: str, on_token: Callable[[str], None] | None = None
    ) -> None:
        self.client = client
        self.name = name
        self.on_token = on_token

    def answer(
        self,
        question: str,
        language: str,
        passages: list[Passage],
        graph: GraphContext,
        on_token: OnToken | None = None,
    ) -> Answer:
        if not passages:
            return unanswered(question, language, passages, graph)
        text = self.client.complete(
            SYSTEM.get(language, SYSTEM["en"]),
            prompt(question, language, passages, graph),
            _both(self.on_token, on_token),
        )
        return finished(question, language, text, passages, graph)


def finished(
    question: str, language: str, text: str, passages: list[Passage], graph: GraphContext
) -> Answer:
    """A model's text as the answer: a refusal is "not answered", an answer without markers is
    cited by its words where a passage holds them (else marked uncited), numbers no passage
    states are named, and every valid ``[n]`` becomes a citation."""
    answerable = not refuses(text)
    if not answerable:
        text = not_answered(language)
    elif not _CITE.search(text):
        text = cite_by_words(text, passages)
        if not _CITE.search(text):
            text += f"\n\n⚠ {UNCITED.get(language, UNCITED['en'])}"
    cited = sorted({int(n) for n in _CITE.findall(text) if 0 < int(n) <= len(passages)})
    missing = unsupported_numbers(text, passages) if answerable else []
    if missing:
        note = (
            "Nicht in den Quellen belegte Zahlen: "
            if language == "de"
            else "Numbers not found in the sources: "
        )
        text += f"\n\n⚠ {note}{', '.join(missing)}"
    return Answer(
        question=question,
        answer=text,
        answerable=answerable and not missing,
        language=language,
        citations=[citation_for(n, passages[n - 1]) for n in cited],
        passages=passages,
        graph=graph,
    )


def _both(first: OnToken | None, second: OnToken | None) -> OnToken | None:
    """One token callback that calls both (the generator's own and the caller's)."""
    if first is None or second is None:
        return first or second

    def call(token: str) -> None:
        first(token)
        second(token)

    return call


class OpenAICompatibleGenerator(LlmGenerator):
    def __init__(
        self,
        base_url: str,
        *,
        model: str,
        api_key: str | None = None,
        timeout_s: float = 120.0,
        temperature: float = 0.0,
        on_token: Callable[[str], None] | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        client = LlmClient(
            base_url,
            model=model,
            api_key=api_key,
            timeout_s=timeout_s,
            temperature=temperature,
            transport=transport,
        )
        super().__init__(client, name=f"openai-compatible/{model}", on_token=on_token)
