"""Answers as Server-Sent Events (sse-starlette): the events of ``GraphRAG.ask_stream`` as the
CLI's JSON shapes, so an SSE client gets the same objects as ``POST /ask`` without streaming.

    event: search   data: {"results": [...], "timings_ms": {...}}
    event: token    data: {"text": "Der Urlaub beträgt jährlich mindestens 24 Werktage. [1] "}
    event: restart  data: {}
    event: answer   data: {"answer": ..., "citations": [...], ...}      (last)
    event: error    data: {"error": ..., "hint": ...}                  (instead of the rest)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

from sse_starlette import EventSourceResponse, ServerSentEvent

from graphrag.errors import GraphRAGError
from graphrag.views import answer_json, search_json
from schemas import AnswerEvent

__all__ = ["EventSourceResponse", "sse_events"]
log = logging.getLogger(__name__)


def sse_events(
    first: AnswerEvent, rest: Iterator[AnswerEvent], *, explain: bool = False
) -> Iterator[ServerSentEvent]:
    try:
        yield _event(first, explain)
        for event in rest:
            yield _event(event, explain)
    except GraphRAGError as exc:  # the status is sent already: the error is the last event
        yield ServerSentEvent(
            data=json.dumps({"error": exc.message, "hint": exc.hint}), event="error"
        )
    except Exception:
        log.exception("streamed answer failed")
        yield ServerSentEvent(
            data=json.dumps({"error": "internal error", "hint": "the service log has the details"}),
            event="error",
        )


def _event(event: AnswerEvent, explain: bool) -> ServerSentEvent:
    payload: dict[str, Any] = {}
    if event.type == "search" and event.search is not None:
        payload = search_json(event.search, explain=explain)
    elif event.type == "token":
        payload = {"text": event.text}
    elif event.type == "answer" and event.answer is not None:
        payload = answer_json(event.answer)
    return ServerSentEvent(data=json.dumps(payload, ensure_ascii=False), event=event.type)
