"""Conversations: follow-up questions that lean on the turn before them.

"Wie lange muss die Pause bei sechs Stunden sein?" then "Und bei mehr als neun?" : the second
question alone names neither the pause nor the law. A follow-up (it starts with "und" / "and"
/ "what about", points back with "dabei", "dafür", "it", "that", or says too little to be
searched alone) is searched and answered together with the question before it, and the
evidence of the previous turn stays in reach. A question that stands on its own starts afresh.

Conversations live in memory, bounded in number, turns and age, and each belongs to the
access it was started with: another caller (another tenant, other groups, another clearance)
finds no such conversation, so no turn's question or evidence leaks across identities.

>>> is_follow_up("Und bei mehr als neun Stunden?", "de")
True
>>> is_follow_up("Wie viele Werktage Urlaub habe ich mindestens?", "de")
False
>>> is_follow_up("What about part-time workers?", "en")
True
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from graphrag.answer.evidence import terms
from graphrag.answer.spoken import fluent
from graphrag.errors import NotFoundError
from schemas import AccessFilter

MAX_CONVERSATIONS = 1000
MAX_TURNS = 20
TTL_S = 3600.0
# a question with fewer content terms than this says too little to be searched alone
MIN_TERMS = 3
CONTEXT = 3  # questions searched together: the follow-up and the two before it
_QUESTIONS = re.compile(r"(?<=[?.!])\s+")
_OPENERS = (
    "und ",
    "aber ",
    "oder ",
    "und was",
    "was ist mit",
    "wie ist es mit",
    "gilt das",
    "and ",
    "but ",
    "or ",
    "what about",
    "how about",
    "does that",
    "is that",
)
_BACK = frozenset(
    """
    dabei dafür dazu davon darauf daran damit darüber dort dann dies diese dieser dieses
    das denen deren dessen sie es ihm ihr ihn ebenfalls auch
    it its that this these those they them their there then also same
    """.split()
)


@dataclass
class Turn:
    question: str  # as asked
    query: str  # as searched and answered (with the question it follows up)
    chunk_ids: list[str]  # the evidence it was answered from


@dataclass
class _Conversation:
    owner: str
    turns: list[Turn] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)


def is_follow_up(question: str, language: str) -> bool:
    """The question leans on the one before: it opens like a continuation, points back,
    or names too little to be searched alone."""
    # spoken, it may open with sounds first ("ähm und was ist mit ...")
    text = " ".join(fluent(question).casefold().split())
    if text.startswith(_OPENERS):
        return True
    words = text.replace("?", " ").replace(",", " ").split()
    if any(w in _BACK for w in words[:3]):
        return True
    return len(set(terms(question, language))) < MIN_TERMS


def follow_up_query(question: str, language: str, turns: list[Turn]) -> tuple[str, str]:
    """What to search, and what to answer, for this question given the turns before it.

    A follow-up is searched with the question(s) it follows (at most ``CONTEXT`` of them, so
    a long conversation does not drag its beginning along). It is answered as asked when it
    names enough to stand as a question ("Und ab wann steht mir der volle Urlaub zu?" asks
    for a time, not for the days of the turn before), else with its context too ("Gilt das
    auch für Teilzeitkräfte?").
    """
    if not turns or not is_follow_up(question, language):
        return question, question
    before = [p for p in _QUESTIONS.split(turns[-1].query) if p.strip()][-(CONTEXT - 1) :]
    query = " ".join([*before, question])
    says_enough = len(set(terms(question, language))) >= MIN_TERMS
    return query, question if says_enough else query


def owner_of(access: AccessFilter) -> str:
    """Who a conversation belongs to: the whole access, so any change of identity is
    another owner."""
    return access.model_dump_json()


class Conversations:
    """The service's conversations, in memory; thread-safe."""

    def __init__(
        self,
        max_conversations: int = MAX_CONVERSATIONS,
        max_turns: int = MAX_TURNS,
        ttl_s: float = TTL_S,
    ) -> None:
        self.max_conversations = max_conversations
        self.max_turns = max_turns
        self.ttl_s = ttl_s
        self._items: OrderedDict[str, _Conversation] = OrderedDict()
        self._lock = threading.Lock()

    def turns(self, conversation_id: str | None, access: AccessFilter) -> tuple[str, list[Turn]]:
        """The conversation's id and turns so far; a new conversation without an id. An id
        that is unknown, expired or another caller's is an error, never another's turns."""
        with self._lock:
            self._expire()
            if conversation_id is None:
                new = secrets.token_hex(16)
                self._items[new] = _Conversation(owner=owner_of(access))
                while len(self._items) > self.max_conversations:
                    self._items.popitem(last=False)
                return new, []
            found = self._items.get(conversation_id)
            if found is None or not secrets.compare_digest(found.owner, owner_of(access)):
                raise NotFoundError(
                    f"no conversation {conversation_id[:64]!r}",
                    hint="start one without a conversation id; conversations end after "
                    f"{int(self.ttl_s // 60)} minutes without a question",
                )
            found.touched = time.monotonic()
            self._items.move_to_end(conversation_id)
            return conversation_id, list(found.turns)

    def add(self, conversation_id: str, access: AccessFilter, turn: Turn) -> None:
        with self._lock:
            found = self._items.get(conversation_id)
            if found is None or found.owner != owner_of(access):
                return  # ended meanwhile: the answer was given, the turn is not kept
            found.turns = [*found.turns, turn][-self.max_turns :]
            found.touched = time.monotonic()

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, c in self._items.items() if now - c.touched > self.ttl_s]:
            del self._items[key]
