"""The extractive default: the sentence that answers, first, with its citation; no LLM.

The question is read for the kind of answer it wants (``asks``) and split where it asks two
things ("wie lange ..., und ab wann ..."). Every sentence of the best passages is scored by
meaning, words and form (``evidence``); the best sentence that holds the kind of answer asked
for leads the answer, and each part of the question gets its own. After a single lead come
at most two sentences that state what the lead leaves out of the question: the other side of a
comparison, or the second hop of a bridge (a sentence that shares a name with the lead that
the question does not use). A sentence that adds none of the question's terms stays out.
A lead that points to another provision for its content ("wegen eines in § 1 genannten
Grundes", "gelten § 15 Abs. 2 ... entsprechend") comes with the best sentence of that
provision when retrieval brought it.

When no sentence holds the kind of answer asked for, or the best one neither means nor says
what the question asks, the answer says so in the question's language and quotes the closest
evidence instead (``answerable`` is False). An English question over German text gets the
German sentence, quoted.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from pathlib import Path

import numpy as np

from graphrag.answer import choice, kinship
from graphrag.answer.answer_type import (
    dates_event,
    event,
    expected,
    names_one,
    places_event,
    states_event,
)
from graphrag.answer.asks import (
    NUMERIC,
    Asked,
    asked,
    compares,
    last_question,
    own_ask,
    split_question,
)
from graphrag.answer.casing import truecased
from graphrag.answer.dates import Named, has_full_date, order
from graphrag.answer.evidence import (
    ELLIPSIS,
    NUMBERED,
    Candidate,
    Reading,
    candidates,
    continues,
    reading,
    rest_of_provision,
    score,
    terms,
    unit_vector,
    what_goes_on,
)
from graphrag.answer.nouns import agent_verb
from graphrag.answer.protocol import OnToken, citation_for, not_answered
from graphrag.answer.sizes import fitting_items
from graphrag.answer.verdict import Judged, compared, verdict
from graphrag.models.embedders import Embedder
from graphrag.retrieval import glossary as glossary_file
from graphrag.retrieval.analysis import asks_connection
from graphrag.retrieval.glossary import Glossary
from graphrag.retrieval.hop import NAMES, bridge_names
from ingestion.citations import cited_norms, law_key, section_norm
from schemas import Answer, GraphContext, Passage

# A sentence answers when it means what the question asks (cosine under the embedder; across
# languages the same embedder scores lower) or says most of it in the question's own words.
# A German question naming a thing no evidence mentions needs the meaning. BENCHMARKS.md shows
# how these settle abstention and how sensitive they are.
# Supporting sentences: from the top SUPPORT_WINDOW of the ranking, within SUPPORT_MARGIN (in
# standard scores) of the lead unless they bridge from it, at most SUPPORT of them.
SUPPORT, SUPPORT_WINDOW, SUPPORT_MARGIN = 2, 6, 2.0
BRIDGE_WINDOW = 12
# how many of the lead passage's names the second hop looks up as titles of other passages
BRIDGE_NAMES = 60
# how far before a name the words that describe it are read ("the Australian soap opera")
DESCRIBED_CHARS = 40
# a sentence that answers may lead instead of a better one that does not, this close to it (in
# standard scores): 0.5 and 1.0 measured alike, 2.0 answered an unanswerable question
ANSWERS_MARGIN = 0.5
# a sentence this close to the lead (in standard scores) is shown beside it even when it adds
# none of the question's words: the features cannot tell which of the two answers, a reader can.
# 0.5 (the answer margin) held fewer key facts on every set, 0.75 fewer on the German sets (the
# only ones it was measured on); at 1.0 answers grew by 3-9 % (BENCHMARKS.md, session 28)
TIE_MARGIN = 1.0
MEANING = 0.86
# a cosine this far above the answer gate says the sentence means what was asked though the
# thing counted has another name in it ("Brötchen" are "Backwaren"): no development question
# that the laws do not answer reached it (their highest: 0.888)
CERTAIN = MEANING + 0.05
# two sentences share this much of their words (Jaccard): one says what the other says
SAME_WORDING = 0.8
# a sentence of at least this many distinct words, all of them in another, says nothing new
CONTAINED_WORDS = 6
# a sentence of at least this many terms, all of them in the question's own statement, only
# repeats what the asker said
STATED_TERMS = 3
# a sentence added beside the lead says something: a table cell, a byline or a link label
# ("level 2 algebra", "Principal Researcher at Microsoft Research") is no sentence, and the
# embedder finds short texts close to anything. A sentence ends like one, or is long.
CONTEXT_WORDS, SENTENCE_WORDS = 4, 8
_WORDS = re.compile(r"\w+")
_WORD_OF_LETTERS = re.compile(r"[^\W\d_]\w*")
_SENTENCE_END = re.compile(r"[.!?:;][\"'“”’)\]]*$")
_TOKENS = re.compile(r"[\w'’-]+|[^\w\s]")
MEANING_ACROSS_LANGUAGES = 0.82
WORDS = 0.4
CLOSEST = {"de": "Am nächsten kommt", "en": "The closest evidence is"}
CLOSEST_MANY = {"de": "Am nächsten kommen", "en": "The closest evidence"}
# what an abstention shows: the sentences the question ranks first, each from its own
# passage; the one that ranks first alone was the right provision's neighbour as often as not
CLOSEST_SHOWN = 3
# beside an answer to one ask, fewer for the ask left open
OPEN_ASK_CLOSEST = 2
GRAPH_PATH = {"de": "Verbindung im Graphen", "en": "Connection in the graph"}
# a question of two asks, one of them answered: the other named as not answered
ASK_NOT_ANSWERED = {
    "de": "Zu „{ask}“ geben die gefundenen Dokumente keine sichere Antwort.",
    "en": "The documents found do not answer “{ask}” with certainty.",
}
QUOTED = {"de": "Die Quelle ({lang}) sagt", "en": "The source (in {lang}) says"}
LANGUAGE_NAMES = {
    "de": {"de": "Deutsch", "en": "Englisch"},
    "en": {"de": "German", "en": "English"},
}


@dataclass
class _Pick:
    candidate: Candidate
    fused: float


@dataclass
class _Decision:
    """What each part of a question chose, and what the answer says beside its sentences."""

    parts: list[str]
    kinds: list[Asked]
    across: bool  # the question is in another language than the evidence
    picks: list[_Pick | None] = field(default_factory=list)
    rankings: list[list[_Pick]] = field(default_factory=list)  # the sentences that may lead
    everything: list[list[_Pick]] = field(default_factory=list)  # every sentence, ranked
    answerable: bool = True
    answered: list[bool] = field(default_factory=list)  # each part found its sentence
    judged: Judged | None = None  # a yes/no verdict over two entities ("both board games")
    ordering: Named | None = None  # the one asked for by date ("who was born later")


class ExtractiveAnswerer:
    name = "extractive"

    def __init__(
        self,
        embedder: Embedder | None = None,
        *,
        max_passages: int = 8,
        deciding_passages: int = 6,
        glossary: bool = True,
        glossary_path: Path | None = None,
    ) -> None:
        self.embedder = embedder
        self.max_passages = max_passages
        # whether the documents answer at all is read from the first passages alone: every
        # passage read adds sentences that come close to a question by chance (eight passages
        # instead of six answered 2-3 more unanswerable questions in each pool), while the
        # sentence that answers may lie in the later ones (BENCHMARKS.md, session 41)
        self.deciding_passages = min(deciding_passages, max_passages)
        # German questions: "Chef" in a question is "Arbeitgeber" in a sentence
        self.glossary = glossary
        self.glossary_path = glossary_path
        self._glossary: Glossary | None = None
        self.last_ranking: list[_Pick] = []
        self.last_everything: list[_Pick] = []
        self.last_scored: list[Candidate] = []
        # one question's embeddings: its decision ranks the first passages' sentences and then
        # all of them for the same question (each embedding ~20 ms on one core)
        self._queries: dict[str, list[float]] = {}
        # and its glossary readings: the decision reads each part, the support the whole
        self._readings: dict[tuple[str, str, int], Reading] = {}

    def answer(
        self,
        question: str,
        language: str,
        passages: list[Passage],
        graph: GraphContext,
        on_token: OnToken | None = None,
    ) -> Answer:
        answer = self._answer(_as_written(question, language, passages), language, passages, graph)
        if on_token is not None:  # sentence by sentence, each with its citation
            for piece in re.findall(r".+?(?:\[\d+\]|$)\s*", answer.answer, re.S):
                if piece:
                    on_token(piece)
        return answer

    def _answer(
        self, question: str, language: str, passages: list[Passage], graph: GraphContext
    ) -> Answer:
        self._queries, self._readings = {}, {}
        pool = self._pool(question, language, passages)
        if not pool:
            return _abstain(question, language, passages, graph, [])
        # a sentence is embedded with its heading: "§ 3 Dauer des Urlaubs" says what
        # "(1) Der Urlaub beträgt jährlich mindestens 24 Werktage." is about
        vectors = self._embed([f"{c.heading}: {c.text}" for c in pool])
        decision, pool, vectors = self._decide(question, language, pool, vectors)
        if not decision.answerable and len(decision.parts) == 1:
            # "Welche Verbindung besteht zwischen A und B?": the graph's path is the answer
            linked = _connection(question, language, passages, graph)
            if linked is not None:
                return linked
        whole = decision
        # (a comparison asks which of two: one side alone answers nothing)
        if (
            not decision.answerable
            and not compares(question)
            and (answered := _answered_parts(decision)) is not None
        ):
            # "Darf ich nebenbei jobben, und wie viele Stunden?": the ask the documents answer
            # is answered, the other named as not answered, rather than both withheld
            decision = answered
        if not decision.answerable:
            best = next((p for p in decision.picks if p is not None), None)
            everything = decision.everything[0] if decision.everything else []
            closest = _closest(best, everything, [], CLOSEST_SHOWN)
            return _abstain(question, language, passages, graph, closest)
        # the lead's language: beside a German law quoted for an English question, what is
        # added comes from the law, not from an English document of the same corpus, and the
        # quote says once which language it is in
        lead = decision.picks[0]
        assert lead is not None
        source = _language_of(lead.candidate.text)
        # what is read beside the lead serves the ask answered, not the one left open
        asked_here = decision.parts[0] if decision is not whole else question
        chosen = self._beside_the_leads(
            asked_here, language, decision, pool, passages, vectors, source
        )
        decision.judged, decision.ordering = _judgement(
            asked_here, language, decision, chosen, passages, self.deciding_passages
        )
        for said in (decision.judged, decision.ordering):
            if said is not None:  # the sentence about each of the two things compared
                chosen += [c for c in said.evidence if not _repeats(c, chosen)]
        # each ask left open is named, with the sentences that came closest to answering it,
        # as an abstention shows them
        open_asks = []
        if decision is not whole:
            open_asks = [
                (own_ask(part), _closest(pick, ranked, chosen, OPEN_ASK_CLOSEST))
                for part, done, pick, ranked in zip(
                    whole.parts, whole.answered, whole.picks, whole.everything, strict=True
                )
                if not done
            ]
        return _rendered(question, language, chosen, decision, passages, graph, source, open_asks)

    def _decide(
        self,
        question: str,
        language: str,
        pool: list[Candidate],
        vectors: list[list[float]] | None,
    ) -> tuple[_Decision, list[Candidate], list[list[float]] | None]:
        """The decision over the whole pool when the first passages' sentences answer the
        question as well (or, for a question that asks only for numbers, when the whole pool's
        do); the first passages' own decision (and pool) otherwise."""
        first = [i for i, c in enumerate(pool) if c.passage < self.deciding_passages]
        if len(first) == len(pool):
            return self._choose(question, language, pool, vectors), pool, vectors
        # copies: choosing fills each candidate's scores in, relative to its pool
        nearer = [replace(pool[i]) for i in first]
        nearer_vectors = [vectors[i] for i in first] if vectors is not None else None
        deciding = self._choose(question, language, nearer, nearer_vectors)
        # a number asked for may first come in a later provision of a law already found ("Ab
        # wie vielen Mitarbeitern ...?": § 12's bound is the seventh passage); the number's
        # form is asked of every sentence there, while any other ask read that far mostly
        # finds some sentence that shares its words
        if deciding.answerable or all(kind in NUMERIC for kind in deciding.kinds):
            decision = self._choose(question, language, pool, vectors)
            if decision.answerable:
                return decision, pool, vectors
        return deciding, nearer, nearer_vectors

    def _pool(self, question: str, language: str, passages: list[Passage]) -> list[Candidate]:
        """The candidate sentences of the passages, without those that only restate what the
        question itself states."""
        pool = _named_in_full(question, candidates(passages, limit_passages=self.max_passages))
        # "Unsere Firma hat 50 Mitarbeiter": of a list keyed by the workforce's size, the
        # items for another size do not apply to the asker
        pool = fitting_items(question, pool)
        statement = _statement(question, language)
        # a passage after the first ones is read only from a document they come from: another
        # provision of a law already found answers a question about that law, while another
        # article of a multi-hop corpus is one more distractor (HotpotQA-100 and a 2wiki
        # held-out set each lost an answer when every later passage was read)
        found = {p.doc_id for p in passages[: self.deciding_passages]}
        return [
            c
            for c in pool
            if not _restates(c, statement, language)
            and (c.passage < self.deciding_passages or passages[c.passage].doc_id in found)
        ]

    def _choose(
        self,
        question: str,
        language: str,
        pool: list[Candidate],
        vectors: list[list[float]] | None,
    ) -> _Decision:
        """Each part of the question ranks the pool and takes the first sentence that
        answers it; the question is answerable when every part found one."""
        parts = split_question(question)
        decision = _Decision(
            parts, [asked(part) for part in parts], across=_crosses(language, pool)
        )
        for part, kind in zip(parts, decision.kinds, strict=True):
            ranking = self._rank(part, language, pool, vectors, decision.across)
            decision.rankings.append(ranking)
            decision.everything.append(self.last_everything)
            # each part gets its own sentence: a later part that ranks an earlier part's
            # sentence first (it carries the first part as context) takes its next best
            taken = [p.candidate for p in decision.picks if p is not None]

            answers = partial(
                _answers, kind=kind, across=decision.across, has_meaning=self.embedder is not None
            )
            pick, answered = _first_that_answers(
                [p for p in ranking if not _repeats(p.candidate, taken)],
                answers,
                partial(_holds, kind=kind),
            )
            decision.picks.append(pick)
            decision.answered.append(answered)
            decision.answerable = decision.answerable and answered
        return decision

    def _beside_the_leads(
        self,
        question: str,
        language: str,
        decision: _Decision,
        pool: list[Candidate],
        passages: list[Passage],
        vectors: list[list[float]] | None,
        source: str,
    ) -> list[Candidate]:
        """Each part's lead with what a reader needs beside it (the rest of its provision,
        the rule it is an exception to, what it refers to, the closest sentence in meaning,
        a second hop, support), each sentence once. ``source``: the first lead's language."""
        parts, kinds, rankings = decision.parts, decision.kinds, decision.rankings
        chosen: list[Candidate] = []
        for pick, ranked in zip(decision.picks, decision.everything, strict=True):
            assert pick is not None
            # each part ranks its own scored copies: the same sentence is the same text
            if not _repeats(pick.candidate, chosen):
                chosen.append(pick.candidate)
                rest = rest_of_provision(pick.candidate, pool)
                goes_on = what_goes_on(pick.candidate, pool, language) if not rest else None
                rest += [goes_on] if goes_on is not None else []
                chosen += [c for c in rest if c not in chosen]
                rule = opening_rule(pick.candidate, ranked)
                if rule is not None and not _repeats(rule, chosen):
                    chosen.append(rule)
                # "wegen eines in § 1 genannten Grundes": the reader needs what § 1 says
                named = referred(pick.candidate, ranked, passages)
                if named is not None and not _repeats(named, chosen):
                    chosen.append(named)
        # a list asked for and read whole answers by itself: what the embedder, a second hop
        # or the question's other words would add beside it is about something else
        whole_list = len(parts) == 1 and kinds[0] == "list" and chosen[0].exact
        if vectors is not None and not whole_list:
            # each part's lead with the sentence the embedder alone puts first for that part
            for ranking in rankings:
                closest = closest_in_meaning(ranking, chosen, language, source)
                if closest is not None:
                    chosen.append(closest)
        if len(parts) == 1 and vectors is not None and not whole_list:
            own = _rest_answers(question, language, chosen[0], pool)
            if own is not None and not _repeats(own, chosen):
                chosen.append(own)
            hop = self._second_hop(question, language, chosen[0], pool, vectors)
            if hop is not None and _says_something(hop) and not _repeats(hop, chosen):
                chosen.append(hop)
        # "Muss ...?" answered by a lead that states no duty: the duty near it as well
        if len(parts) == 1 and kinds[0] == "yes_no":
            duty = of_modality(chosen[0], rankings[0])
            if duty is not None and not _repeats(duty, chosen):
                chosen.append(duty)
        # a number asked for is one value: a second sentence with another would only compete
        if len(parts) == 1 and kinds[0] not in NUMERIC and not whole_list:
            ranking = lead_first(decision.picks[0], rankings[0])
            chosen += supporting(
                question,
                language,
                ranking,
                chosen,
                source,
                self._synonyms(question, language, source),
            )
        return chosen

    def rank(self, question: str, language: str, passages: list[Passage]) -> list[Candidate]:
        """Every candidate sentence of the passages, scored for the whole question, in
        passage order (what ``bench/sentence_choice.py`` fits the weights on)."""
        question = _as_written(question, language, passages)
        self._queries, self._readings = {}, {}
        pool = self._pool(question, language, passages)
        vectors = self._embed([f"{c.heading}: {c.text}" for c in pool]) if pool else None
        self._rank(question, language, pool, vectors, _crosses(language, pool))
        return self.last_scored

    def _synonyms(self, question: str, language: str, source: str) -> dict[str, set[str]]:
        """The documents' words for the question's terms, as the glossary gives them for the
        lead's language ``source`` (none for a term it names only by its head)."""
        if not self.glossary:
            return {}
        same = source == language == "de"
        glossary = self._terms() if same else glossary_file.across(language, source)
        if glossary is None:
            return {}
        read = self._reading(question, language, glossary)
        return {t: words for t, words in read.synonyms.items() if t not in read.broader}

    def _terms(self) -> Glossary:
        if self._glossary is None:  # read on first use: the constructor does no I/O
            path = self.glossary_path
            self._glossary = glossary_file.load(path) if path else glossary_file.built_in()
        return self._glossary

    def _reading(self, text: str, language: str, glossary: Glossary) -> Reading:
        key = (text, language, id(glossary))
        if key not in self._readings:
            self._readings[key] = reading(text, language, glossary)
        return self._readings[key]

    def _embed(self, texts: list[str]) -> list[list[float]] | None:
        if self.embedder is None:
            return None
        return self.embedder.embed_documents(texts)

    def _embed_query(self, text: str) -> list[float]:
        assert self.embedder is not None
        if text not in self._queries:
            self._queries[text] = self.embedder.embed_query(text)
        return self._queries[text]

    def _second_hop(
        self,
        question: str,
        language: str,
        lead: Candidate,
        pool: list[Candidate],
        vectors: list[list[float]],
    ) -> Candidate | None:
        """The sentence that answers what the question asks of a name the lead's passage
        brings: after "Changed It is a song by Nicki Minaj" for "Where was the performer of
        song Changed It born?", the sentence of another passage about Nicki Minaj that best
        answers "Where was ... Nicki Minaj born?" (the question without what the lead already
        says, with the name), among those that name a thing of the type asked for (a place for
        "where", ``answer_type``) when any does. Names the evidence has a passage about (its
        heading) come before names it only mentions. Only for evidence whose names are
        capitalised apart from other nouns (not German)."""
        if self.embedder is None or _language_of(lead.text) == "de":
            return None
        asked_terms = set(terms(question, language))
        covered = asked_terms & set(terms(lead.text, language))
        rest = " ".join(
            w for w in _TOKENS.findall(question) if not set(terms(w, language)) & covered
        )
        others = [
            (c, set(terms(c.text, language)), set(terms(c.heading, language)), unit_vector(v))
            for c, v in zip(pool, vectors, strict=True)
            if c.passage != lead.passage
        ]
        # the names of the lead's whole passage: "She was married to Jocelyn Lovell" two
        # sentences after the lead about Sylvia Burka brings the husband asked about
        rest_of_passage = (
            c.text for c in pool if c.passage == lead.passage and c.text != lead.text
        )
        said = " ".join([lead.text, *rest_of_passage])
        targets: list[tuple[str, list[tuple[Candidate, np.ndarray]], bool]] = []
        # a title's disambiguation ("Am I Wrong (Étienne De Crécy Song)") may name the bridge
        outside = set(terms(_untagged(question), language))
        context = set(terms(f"{said} {question}", language))
        # every name of the passage may have a passage about it ("She was married to Jocelyn
        # Lovell" after a dozen places and events); only the first few are searched for as
        # mentions, which the passage's later capitals would drown in noise
        for n, name in enumerate(
            _each_name(bridge_names(said, question, limit=BRIDGE_NAMES, rearranged=True))
        ):
            named = set(terms(name, language)) - outside
            if not named and name.casefold() not in question.casefold():
                # "Raghnall's father, Ruaidhrí Mac Ruaidhrí": a relative shares the name the
                # question asks about, and is another person
                named = set(terms(name, language))
            # namesakes: "son of Sancho Ramírez, King of Aragon" is the passage "Sancho
            # Ramírez", not "Sancho Ramírez, Count of Ribagorza", whose title says more than
            # the lead's passage and the question do
            about_name = [(c, v, heading) for c, _, heading, v in others if named <= heading]
            borne = [(c, v) for c, v, heading in about_name if heading <= context]
            titled = (borne or [(c, v) for c, v, _ in about_name]) if named else []
            mentioned = (
                [(c, v) for c, own, heading, v in others if own & named] if n < NAMES else []
            )
            if titled or mentioned:
                targets.append((name, titled or mentioned, bool(titled)))
        # a name the evidence has a passage about is the bridge before one it only mentions
        if any(has_title for *_, has_title in targets):
            targets = [t for t in targets if t[2]]
        # a relative of two steps is reached through the first ("Who is Godomar II's
        # stepmother?": the wife of the father the lead names, "son of king Gundobad", not of
        # a duke of the Burgundy it also names)
        both = kinship.steps(question)
        if both is not None:
            first = [t for t in targets if kinship.introduces(both[0], said, t[0])]
            targets = first or targets
        # the name the question describes: "an Australian soap opera created by who?" is the
        # name after "the Australian soap opera" in the lead's passage ("Neighbours"), not the
        # actress after "played by"
        described = {t[0]: _described(said, t[0], asked_terms, language) for t in targets}
        most = max(described.values(), default=0)
        if most > 0:
            targets = [t for t in targets if described[t[0]] == most]
        best: tuple[float, Candidate] | None = None
        kinds = expected(question)
        relation = kinship.asked(question)
        happened = event(question)
        for name, about, _ in targets:
            query = unit_vector(self._embed_query(f"{rest} {name}"))
            if relation and kinds == frozenset({"PERSON"}):
                # "Who is the father of the director of Palo Alto?": the director's passage
                # states it ("She is the daughter of Gian-Carlo Coppola"); where or when a
                # relative died is told without the relation's word
                about = [(c, v) for c, v in about if kinship.states(relation, c.text)] or about
            if happened is not None:
                # "Where did ... Isaac Schwartz die?": "Schwartz died in Siversky", not the
                # dates of his life beside a place the embedder finds closer; the event first,
                # as its words say it, the type of entity after, as the tagger reads it ("born
                # in Meung-sur-Loire" names no place for it, "died in Paris" does)
                when = kinds == frozenset({"DATE"})
                says = dates_event if when else states_event
                about = [(c, v) for c, v in about if says(happened, c.text)] or about
                if kinds is not None and "DATE" not in kinds:
                    # where: "Born in Saint James, Port of Spain", not "(born December 8,
                    # 1982) ... a Trinidad and Tobago-born rapper", which the embedder prefers
                    about = [(c, v) for c, v in about if places_event(happened, c.text)] or about
                elif when:
                    # when: "(January 8, 1935 – August 16, 1977)", not "he died suddenly in
                    # 1977", which the embedder prefers for the verb it shares
                    about = [(c, v) for c, v in about if has_full_date(c.text)] or about
            if kinds is not None:
                # "Where was ... Stephen Warbeck born?": "Warbeck was born in Southampton",
                # not "Stephen Warbeck (born 3 May 1953) is an English composer", which the
                # embedder finds closer for the name it repeats
                typed = [(c, v) for c, v in about if names_one(c.text, kinds, f"{question} {name}")]
                about = typed or about
            for c, vector in about:
                closeness = float(query @ vector)
                if best is None or closeness > best[0]:
                    best = (closeness, c)
        return best[1] if best else None

    def _rank(
        self,
        part: str,
        language: str,
        pool: list[Candidate],
        vectors: list[list[float]] | None,
        crosses: bool,
    ) -> list[_Pick]:
        if not pool:
            return []
        kind = asked(part)
        query = self._embed_query(part) if self.embedder is not None else None
        scored = [replace(c) for c in pool]
        same, general, worded = None, None, None
        if self.glossary and language == "de":
            read = self._reading(part, language, self._terms())
            same, general = read.synonyms, read.broader
            # "Muss mein Chef Stellen auch in Teilzeit ausschreiben?" means what a sentence
            # about the "Arbeitgeber" and a "Teilzeitarbeitsplatz" says: the question with the
            # documents' words for its everyday words is embedded as well
            if self.embedder is not None and query is not None and read.words:
                worded = self._embed_query(f"{part} {' '.join(read.words)}")
        elif self.glossary and (across := glossary_file.across(language, "de")) is not None:
            # "fixed-term" in an English question is "Befristung" in a German sentence
            same = self._reading(part, language, across).synonyms
        score(part, language, kind, scored, query, vectors, same, general, worded, crosses)
        # the weighted features (``choice``: meaning first, the question's words second, the
        # kind of answer as a bonus); a number or span asked for must be there
        fused = choice.scores(choice.features(kind, scored))
        numeric = kind in NUMERIC and any(c.form for c in scored)
        everything = sorted(
            (_Pick(c, float(f)) for c, f in zip(scored, fused, strict=True)),
            key=lambda p: -p.fused,
        )
        ranked = [p for p in everything if p.candidate.form or not numeric]
        self.last_everything = everything
        self.last_ranking, self.last_scored = (
            ranked,
            scored,
        )  # for --explain and the evaluation's diagnostics
        return ranked


def _rendered(
    question: str,
    language: str,
    chosen: list[Candidate],
    decision: _Decision,
    passages: list[Passage],
    graph: GraphContext,
    source: str,
    open_asks: list[tuple[str, list[Candidate]]] | None = None,
) -> Answer:
    """The chosen sentences as the answer a person reads: runs of one paragraph's
    consecutive sentences quoted together, each passage cited by one number. ``source``:
    the lead's language (a German law quoted for an English question says once that it is
    German). ``open_asks``: the asks of the question left unanswered, each with the sentences
    closest to answering it, named after the answer."""
    numbers: dict[int, int] = {}
    runs: list[tuple[int, list[str]]] = []
    shown: set[str] = set()
    for c in chosen:
        if c.text in shown:  # read already, before a sentence that continues it
            continue
        shown.add(c.text)
        n = numbers.setdefault(c.passage, len(numbers) + 1)
        # "Die Frist beginnt ..." is read with the sentence that sets the Frist, here even
        # when that sentence was chosen as well, further down
        if continues(c, language) and c.previous not in shown:
            shown.add(c.previous)
            runs.append((n, [c.previous]))
        if runs and runs[-1][0] == n and c.previous and runs[-1][1][-1] == c.previous:
            runs[-1][1].append(c.text)
        else:
            runs.append((n, [c.text]))
    text = render_runs(runs, language, source)
    if decision.judged is not None:
        text = f"{decision.judged.verdict.capitalize()}. {text}"
    elif decision.ordering is not None:
        text = f"{decision.ordering.name} {decision.ordering.says}. {text}"
    # the path that connects the question's entities answers a question about how they
    # are connected; beside any other answer it is a detour through whatever hub the
    # graph offers ("Husband → American → Olympics → Sylvia Burka")
    if graph.paths and len(decision.parts) == 1 and asks_connection(question):
        label = GRAPH_PATH.get(language, GRAPH_PATH["en"])
        text += f"\n\n{label}: " + "; ".join(" → ".join(p.names) for p in graph.paths[:2])
    for ask, closest in open_asks or []:
        text += "\n\n" + ASK_NOT_ANSWERED.get(language, ASK_NOT_ANSWERED["en"]).format(ask=ask)
        if closest:
            cited = [(c.text, numbers.setdefault(c.passage, len(numbers) + 1)) for c in closest]
            text += " " + _quoted_closest(language, cited)
    citations = [
        citation_for(n, passages[i]) for i, n in sorted(numbers.items(), key=lambda x: x[1])
    ]
    return Answer(
        question=question,
        answer=text,
        answerable=True,
        language=language,
        citations=citations,
        passages=passages,
        graph=graph,
    )


def _judgement(
    question: str,
    language: str,
    decision: _Decision,
    chosen: list[Candidate],
    passages: list[Passage],
    first: int,
) -> tuple[Judged | None, Named | None]:
    """What an English comparison's answer says first: "Are Medici and Senet both board
    games?" is answered yes when the sentence about each says so; "Who was born later, A or
    B?" names the one asked for, by the dates of the quoted sentences."""
    if language != "en":
        return None, None
    if compared(question) is not None:
        # a comparison through the things' directors needs four passages, the search may rank
        # a director's own below a namesake's: what it found beyond the answer's passages is
        # read last, only for what the passages before name nowhere (the passages after the
        # ``first`` ones, which the answer reads only from documents those come from)
        beyond = passages[first:]
        further = [
            replace(c, passage=c.passage + first)
            for c in candidates(beyond, limit_passages=len(beyond))
        ]
        judged = verdict(question, [*(p.candidate for p in decision.rankings[0]), *further])
        if judged is not None:
            return judged, None
    everyone = [*chosen, *(p.candidate for r in decision.rankings for p in r)]
    return None, order(question, everyone)


def _named_in_full(question: str, pool: list[Candidate]) -> list[Candidate]:
    """The pool without passages whose title the question names only as part of another
    title it names: "the director of film The Outlaw Express" asks about "The Outlaw Express",
    not about "Outlaw Express"; "Frank Sinatra or Frank Sinatra Jr." names both."""
    asked = f" {_plain(question)} "
    named = {c.heading for c in pool if c.heading and f" {_plain(c.heading)} " in asked}
    shadowed = set()
    for title in named:
        rest = asked
        for longer in named:
            # a disambiguation names another thing: "Am I Wrong (Étienne De Crécy Song)"
            # still asks about the singer's own passage
            name = _plain(_untagged(longer))
            if longer != title and f" {_plain(title)} " in f" {name} ":
                rest = rest.replace(f" {_plain(longer)} ", " | ")
        if rest != asked and f" {_plain(title)} " not in rest:
            shadowed.add(title)
    return [c for c in pool if c.heading not in shadowed] if shadowed else pool


def _statement(question: str, language: str) -> set[str]:
    """The terms of what the question states before it asks ("Homer's Odyssey is the third
    episode of the first season of The Simpsons." before "What recurring character makes his
    first appearance in this episode?"); none for a question that only asks."""
    asking = last_question(question)
    context = question[: question.rfind(asking)] if asking in question else ""
    return set(terms(context, language)) if context.strip() else set()


def _restates(c: Candidate, statement: set[str], language: str) -> bool:
    """The sentence says nothing but what the question's statement says: it answers nothing.
    The asking sentence's own words do not count: a sentence in them may be its answer
    ("Beträgt der Urlaub 24 Werktage?")."""
    said = set(terms(c.text, language))
    return len(said) >= STATED_TERMS and said <= statement


def _rest_answers(
    question: str, language: str, lead: Candidate, pool: list[Candidate]
) -> Candidate | None:
    """The sentence of the lead's own passage that answers what the lead does not: "The club
    was formed in 1993" after "The Adelaide Lightning are a team in the WNBL" for "... the
    Adelaide team that was formed in what year?". It names a thing of the type asked for and
    states the question's terms that the lead does not (the most of them); None when the lead
    names such a thing itself, or the question asks for no type (``answer_type``)."""
    kinds = expected(question)
    if kinds is None or _language_of(lead.text) == "de" or names_one(lead.text, kinds, question):
        return None
    missing = set(terms(question, language)) - set(terms(lead.text, language))
    best: tuple[int, Candidate] | None = None
    for c in pool:
        if c.passage != lead.passage or c.text == lead.text:
            continue
        stated = len(missing & set(terms(c.text, language)))
        if stated and names_one(c.text, kinds, question) and (best is None or stated > best[0]):
            best = (stated, c)
    return best[1] if best else None


def _described(text: str, name: str, asked_terms: set[str], language: str) -> int:
    """How many of the question's terms the words just before the name state, at its best
    mention in the text ("from the Australian soap opera" before "Neighbours")."""
    # "the director of" is described by "directed by": an agent noun's verb, whose stem the
    # stemmer keeps apart from the noun's ("director" / "direct", "founder" / "found")
    asked = asked_terms | {agent_verb(t) for t in asked_terms}
    best = 0
    for m in re.finditer(re.escape(name), text):
        before = " ".join(_TOKENS.findall(text[max(0, m.start() - DESCRIBED_CHARS) : m.start()]))
        best = max(best, len(set(terms(before, language)) & asked))
    return best


def _untagged(title: str) -> str:
    """The title without its disambiguation: "Palo Alto (2013 film)" -> "Palo Alto"."""
    return re.sub(r"\([^)]*\)", " ", title)


def _plain(text: str) -> str:
    """Lower-case words, single-spaced: how a title is found in a question."""
    return " ".join(re.findall(r"\w+", text.casefold()))


def _each_name(names: list[str]) -> list[str]:
    """Each name without its possessive ("Frank Sinatra's" album), and the two sides of one
    joined by "and" or "&": "Nicki Minaj and American" (rapper Lil Wayne) holds the name
    "Nicki Minaj", "Emperor Lothair I and Ermengarde of Tours" two parents; a band ("Simon &
    Garfunkel") stays whole as well."""
    out: list[str] = []
    for name in names:
        for part in [name, *re.split(r"\s+(?:and|&)\s+", name)]:
            part = re.sub(r"['’]s?$", "", part)
            if part not in out:
                out.append(part)
    return out


def _first_that_answers(
    ranking: list[_Pick], answers: Callable[[Candidate], bool], holds: Callable[[Candidate], bool]
) -> tuple[_Pick | None, bool]:
    """The sentence that leads and whether the question is answered.

    The best sentence leads when it answers. When it does not, a sentence that does and ranks
    within ANSWERS_MARGIN of it says the evidence holds an answer: two sentences that tie on
    the features are told apart by whether they answer ("Urlaubsentgelt ... in den letzten
    dreizehn Wochen" shares more of "Urlaub vom letzten Jahr ... bis wann" than the sentence
    with the deadline does). That one leads only when the best lacks the kind of answer asked
    for (``holds``); when the best holds it and only its cosine fell short of the answer gate,
    it still leads: across languages every sentence's cosine lies within a few hundredths, and
    the first to pass the gate was as likely the law's preamble as the rule the question
    names."""
    if not ranking:
        return None, False
    best = ranking[0]
    if answers(best.candidate):
        return best, True
    near = next(
        (p for p in ranking[1:] if p.fused >= best.fused - ANSWERS_MARGIN and answers(p.candidate)),
        None,
    )
    if near is None:
        return best, False
    return (best if holds(best.candidate) else near), True


def opening_rule(lead: Candidate, ranking: list[_Pick]) -> Candidate | None:
    """The sentence that opens the lead's paragraph, when the lead is a later sentence of it;
    else the first paragraph of the lead's provision, when the lead comes later in it: either
    only when it ranks near the top (the SUPPORT_WINDOW best) for the question; else None.

    A statute states the rule in its paragraph (1) and qualifies it after: the lead may be the
    exception ("(2) ... im Einzelfall ... nicht vor Ablauf von längstens zwei Monaten") or the
    case without the asker's circumstance ("(3) Besteht kein Betriebsrat, ..."), and a reader
    needs the rule beside it ("(1) ... vor Ablauf eines Monats ... nur mit deren Zustimmung").
    Measured on the German sets in BENCHMARKS.md, session 17. A paragraph does the same in its
    sentences: "Im Fall der Übertragung muß der Urlaub in den ersten drei Monaten des folgenden
    Kalenderjahrs gewährt und genommen werden." qualifies "(3) Der Urlaub muß im laufenden
    Kalenderjahr gewährt und genommen werden." (session 47)."""
    if lead.order == 0:
        return None
    near = [p.candidate for p in ranking[:SUPPORT_WINDOW]]
    if not NUMBERED.match(lead.text):
        before = [
            p.candidate
            for p in ranking
            if p.candidate.passage == lead.passage and p.candidate.order < lead.order
        ]
        opening = max(
            (c for c in before if NUMBERED.match(c.text)),
            key=lambda c: c.order,
            default=None,
        )
        if opening is not None and any(c is opening for c in near):
            return opening
    return next(
        (
            c
            for c in near
            if c.passage == lead.passage and c.order < lead.order and c.text.startswith("(1) ")
        ),
        None,
    )


def of_modality(lead: Candidate, ranking: list[_Pick]) -> Candidate | None:
    """The best-ranked sentence near the top (the SUPPORT_WINDOW best) that states the duty or
    permission a yes/no question asks about ("Muss ...?", "Darf ...?"), when the lead states
    neither; else None.

    The lead may say what the question is about without saying whether one must or may: "(1)
    Der Anspruch auf Urlaub besteht nicht, soweit ... von einem früheren Arbeitgeber Urlaub
    gewährt worden ist" for "Muss mir mein alter Chef schriftlich geben, wie viel Urlaub ich
    hatte?", where "(2) Der Arbeitgeber ist verpflichtet, ... eine Bescheinigung ...
    auszuhändigen" answers; a reader then sees the duty beside it (BENCHMARKS.md, session
    48)."""
    if lead.modal:
        return None
    return next(
        (
            p.candidate
            for p in ranking[:SUPPORT_WINDOW]
            if p.candidate.modal and _says_something(p.candidate)
        ),
        None,
    )


def closest_in_meaning(
    ranking: list[_Pick], chosen: list[Candidate], language: str, source: str
) -> Candidate | None:
    """The sentence the embedder alone puts first, when the answer does not quote it yet.

    The fused order leads more often than the embedder's cosine alone (82 against 74 of 112
    German questions), but where the two disagree the embedder's choice often holds the fact
    the lead misses: the rule for the asker's situation beside the general one ("nach einer
    zeitlich begrenzten Verringerung ... frühestens ein Jahr" beside "frühestens nach Ablauf
    von zwei Jahren"). A reader then sees both, the lead first; when they agree nothing is
    added (BENCHMARKS.md, session 16)."""
    # across languages the embedder's cosine favours the question's own language: for an
    # English question answered from a German law, the embedder's choice among the law's
    # sentences, not an English sentence of another document (``source``: the lead's language)
    if _foreign(source, language):
        ranking = [p for p in ranking if _language_of(p.candidate.text) == source]
    ranking = [p for p in ranking if _says_something(p.candidate)]
    if not ranking:
        return None
    closest = max(ranking, key=lambda p: p.candidate.meaning).candidate
    return None if _repeats(closest, chosen) else closest


def lead_first(lead: _Pick | None, ranking: list[_Pick]) -> list[_Pick]:
    """The ranking with the sentence that leads first: ties are measured against it, and it is
    not the best-ranked sentence when that lacks the kind of answer asked for
    (``_first_that_answers``)."""
    if lead is None:
        return ranking
    return [lead, *(p for p in ranking if p is not lead)]


def supporting(
    question: str,
    language: str,
    ranking: list[_Pick],
    chosen: list[Candidate],
    source: str,
    synonyms: dict[str, set[str]] | None = None,
) -> list[Candidate]:
    """The context after the lead: sentences near the top that state what the lead leaves out
    of the question (the other film of a comparison, the sentence after the lead that finishes
    it); at most SUPPORT of them. A sentence that shares with the lead a name the question does
    not use is the second hop of a bridge ("X founded Acme" then "Acme is headquartered in
    Hamburg") and may rank further down. A sentence that adds none of the question's terms is
    padding and stays out, unless it ties with the lead (within TIE_MARGIN): the features
    cannot tell which of the two answers, and a reader can ("Abmahnung, Umsetzung,
    Versetzung" beside the duty to train, for "A colleague keeps discriminating against me.
    What does my employer have to do about it?"). A tie that cannot be read alone
    (``continues``) stays out too: it would bring the sentence before it along. ``synonyms``:
    the documents' words for the question's (the glossary's): a sentence that says "zur
    Vertretung verpflichtet" adds what "Muss ich einspringen?" asks; the lead covers a word only
    with most of its documents' words ("Gründe" alone does not say "fristlos", which the
    documents say "außerordentliche", "wichtigem Grund")."""
    asked_terms = set(terms(question, language))
    # each question term with the documents' words for it (none where the glossary has none)
    known = synonyms or {}
    alternatives = {t: known.get(t, set()) for t in asked_terms}

    def covers(bag: set[str]) -> set[str]:
        """The question's terms the bag states, itself or by most of the documents' words for
        it ("fristlos": "außerordentliche", "wichtigem", "Grund" -> "Grund" alone is not it)."""
        return {
            t
            for t, words in alternatives.items()
            if t in bag or (words and 2 * len(words & bag) >= len(words))
        }

    def stated(bag: set[str]) -> set[str]:
        """The question's terms the bag states, itself or by one of the documents' words."""
        return {t for t, words in alternatives.items() if t in bag or words & bag}

    lead_terms = {t for c in chosen for t in terms(c.text, language)}
    covered = covers(lead_terms)
    lead = ranking[0].fused if ranking else 0.0
    passes = [(ranking[1:SUPPORT_WINDOW], False)]
    if _language_of(" ".join(c.text for c in chosen)) == "de":
        # German capitalises every noun: capitals mark no names, any lead term may bridge
        bridges = lead_terms - asked_terms
    else:
        # the second hop first, from further down, through a name the lead adds; then what
        # completes the lead from near it
        names = [n for c in chosen for n in bridge_names(c.text, question)]
        bridges = set(terms(" ".join(names), language)) - asked_terms
        passes.insert(0, (ranking[1:BRIDGE_WINDOW], True))
    # an English question answered from a German law: a sentence in the question's language
    # adds its words only because the lead cannot hold them, and comes from another source
    # ("In 2015, Microsoft established its own parental leave policy" after "Der Urlaub
    # beträgt jährlich mindestens 24 Werktage" for "How many days of leave do I get?");
    # ``source`` is the lead's language
    foreign = _foreign(source, language)
    out: list[Candidate] = []
    for window, bridging in passes:
        for pick in window:
            c = pick.candidate
            if len(out) >= SUPPORT or _repeats(c, [*chosen, *out]):
                continue
            if foreign and _language_of(c.text) != source:
                continue
            if not _says_something(c):
                continue
            own = set(terms(c.text, language))
            # a sentence of the passage about the bridge may name it only by its title:
            # "He was a two-time Pro Bowl selection." under "Deltha O'Neal"
            about = own | set(terms(c.heading, language)) if bridging else own
            if bridging and not about & bridges:
                continue
            if not bridging and lead - pick.fused > SUPPORT_MARGIN and not own & bridges:
                continue
            adds = stated(own) - covered
            # a tie that continues another sentence would bring that one along as well
            ties = not bridging and lead - pick.fused <= TIE_MARGIN and not continues(c, language)
            if adds or ties:
                out.append(c)
                covered |= adds
    return out


def referred(lead: Candidate, ranking: list[_Pick], passages: list[Passage]) -> Candidate | None:
    """The best-ranked sentence of the provision the lead points to for its content ("wegen
    eines in § 1 genannten Grundes" -> § 1's sentence that names the Gründe), when retrieval
    brought that provision (its reference hop follows the same citations); None otherwise.
    A citation without a law names the lead's own document."""
    own = passages[lead.passage]
    for cite in cited_norms(lead.text):
        for pick in ranking:
            c = pick.candidate
            passage = passages[c.passage]
            if c.passage == lead.passage or not passage.section_path:
                continue
            if section_norm(passage.section_path[-1]) != cite.number:
                continue
            if (cite.law and cite.law not in _law_keys(passage.title)) or (
                not cite.law and passage.doc_id != own.doc_id
            ):
                continue
            return c
    return None


def _law_keys(title: str) -> set[str]:
    """The keys a law's citations use for it: its title's, and its abbreviation's
    ("Kündigungsschutzgesetz (KSchG)")."""
    keys = {law_key(title)}
    keys.update(law_key(a) for a in re.findall(r"\(([^)]{2,20})\)", title))
    return keys - {""}


def _key(c: Candidate) -> tuple[int, str]:
    return c.passage, c.text


def _repeats(c: Candidate, shown: list[Candidate]) -> bool:
    """The sentence is one of ``shown``, or says the same in nearly the same words (a law
    repeats "a) die Arbeitszeit über zehn Stunden werktäglich zu verlängern, ..." in two
    paragraphs), or one holds every word of the other (a list read whole and one of its items
    read with its lead): a reader gains nothing from reading it twice."""
    words = set(_WORDS.findall(c.text.casefold()))
    for other in shown:
        if _key(other) == _key(c):
            return True
        theirs = set(_WORDS.findall(other.text.casefold()))
        if words and theirs and len(words & theirs) / len(words | theirs) >= SAME_WORDING:
            return True
        smaller = min(words, theirs, key=len)
        if len(smaller) >= CONTAINED_WORDS and smaller <= words & theirs:
            return True
        if _item_of(c.text, other.text) or _item_of(other.text, c.text):
            return True
    return False


def _item_of(item: str, whole: str) -> bool:
    """``item`` is a list item read with its lead ("Wer ... Handlungen … vorsätzlich begeht
    ... … wird mit Freiheitsstrafe ... bestraft.") of the list ``whole`` quotes, even when the
    sentence splitter ended ``whole`` before the list's last words."""
    parts = item.split(ELLIPSIS)
    if len(parts) < 2:
        return False
    said = " ".join(_WORDS.findall(whole.casefold()))
    lead, first = (" ".join(_WORDS.findall(p.casefold())) for p in parts[:2])
    return bool(lead and first) and said.startswith(lead) and f" {first} " in f" {said} "


def _holds(c: Candidate, kind: Asked) -> bool:
    """The sentence holds the kind of answer asked for: numbers and spans must be there."""
    if kind in NUMERIC and not c.form:
        return False
    # a number of something the evidence never names, unless the sentence plainly means it
    if kind in NUMERIC and c.subject_unknown and c.meaning < CERTAIN:
        return False
    # "25 Prozent" of working time is no wage
    return kind != "amount" or c.of_focus


def _answers(c: Candidate, kind: Asked, across: bool, has_meaning: bool) -> bool:
    """The best sentence answers: it holds the kind of answer asked for (``_holds``), and it
    means or says what the question asks (without an embedder, says)."""
    if not _holds(c, kind):
        return False
    if kind == "definition" and c.exact:  # it defines the very term asked about
        return True
    if not has_meaning:
        return c.words >= WORDS
    meaning = MEANING_ACROSS_LANGUAGES if across else MEANING
    if c.unknown:  # the question names something no evidence mentions
        return c.meaning >= meaning
    return c.meaning >= meaning or c.words >= WORDS


def _crosses(language: str, pool: list[Candidate]) -> bool:
    """The question is in another language than the evidence."""
    sample = " ".join(c.text for c in pool[:5])
    return _foreign(_language_of(sample) if sample else language, language)


def _answered_parts(decision: _Decision) -> _Decision | None:
    """Of a question of several asks that is not answered whole, the decision over the asks
    that found their sentence; None when none did (or the question has one ask)."""
    keep = [i for i, done in enumerate(decision.answered) if done]
    # the first ask names what the later ones lean on ("Wie hoch ist der Mindestlohn, und
    # muss er ihn auch in der Probezeit zahlen?"): a later ask answered where the first is not
    # was answered about something the documents do not have
    if len(decision.parts) < 2 or not keep or keep[0] != 0 or len(keep) == len(decision.parts):
        return None
    return _Decision(
        [decision.parts[i] for i in keep],
        [decision.kinds[i] for i in keep],
        decision.across,
        picks=[decision.picks[i] for i in keep],
        rankings=[decision.rankings[i] for i in keep],
        everything=[decision.everything[i] for i in keep],
        answered=[True] * len(keep),
    )


def _closest(
    best: _Pick | None, ranked: list[_Pick], shown: list[Candidate], most: int
) -> list[Candidate]:
    """The sentences closest to answering: the best one, then the next best each from a
    passage of its own, none the answer shows already."""
    closest: list[Candidate] = []
    for p in ([best] if best is not None else []) + ranked:
        if len(closest) >= most:
            break
        if not _repeats(p.candidate, shown) and all(
            p.candidate.passage != c.passage for c in closest
        ):
            closest.append(p.candidate)
    return closest


def _quoted_closest(language: str, cited: list[tuple[str, int]]) -> str:
    """The closest sentences, each with its citation's number, as an answer shows them: one
    quoted after its label on the line, more as a list below it; "" for none."""
    quoted = [f"„{text}“ [{n}]" for text, n in cited]
    if len(quoted) == 1:
        return f"{CLOSEST.get(language, CLOSEST['en'])}: {quoted[0]}"
    if quoted:
        return f"{CLOSEST_MANY.get(language, CLOSEST_MANY['en'])}:\n- " + "\n- ".join(quoted)
    return ""


def _abstain(
    question: str,
    language: str,
    passages: list[Passage],
    graph: GraphContext,
    closest: list[Candidate],
) -> Answer:
    citations = [citation_for(n, passages[c.passage]) for n, c in enumerate(closest, start=1)]
    text = not_answered(language)
    if closest:
        cited = [(c.text, n) for n, c in enumerate(closest, start=1)]
        text += "\n\n" + _quoted_closest(language, cited)
    return Answer(
        question=question,
        answer=text,
        answerable=False,
        language=language,
        citations=citations,
        passages=passages,
        graph=graph,
    )


def _connection(
    question: str, language: str, passages: list[Passage], graph: GraphContext
) -> Answer | None:
    """A question about how things are connected, answered by the graph's paths between the
    entities it names when no sentence answers it; each path cites the passage that states
    one of its edges, when retrieval brought one. None for any other question."""
    if not graph.paths or not asks_connection(question):
        return None
    numbers: dict[int, int] = {}
    lines: list[str] = []
    for path in graph.paths[:2]:
        line = " → ".join(path.names)
        stating = set(path.chunk_ids)
        where = next((i for i, p in enumerate(passages) if stating & set(p.chunk_ids)), None)
        if where is not None:
            line += f" [{numbers.setdefault(where, len(numbers) + 1)}]"
        lines.append(line)
    label = GRAPH_PATH.get(language, GRAPH_PATH["en"])
    return Answer(
        question=question,
        answer=f"{label}: " + "; ".join(lines),
        answerable=True,
        language=language,
        citations=[
            citation_for(n, passages[i]) for i, n in sorted(numbers.items(), key=lambda x: x[1])
        ],
        passages=passages,
        graph=graph,
    )


def _says_something(c: Candidate) -> bool:
    words = len(_WORD_OF_LETTERS.findall(c.text))
    ended = _SENTENCE_END.search(c.text.rstrip()) is not None
    return words >= SENTENCE_WORDS or (words >= CONTEXT_WORDS and ended)


def render_runs(runs: list[tuple[int, list[str]]], language: str, source_language: str) -> str:
    """The answer's text: each run of sentences with its citation number, quoted when it is
    in the source's language and that is not the question's. The source's language is said
    once; the quotes after the first speak for themselves; a sentence in the question's own
    language (from another document) is no quote."""
    rendered: list[str] = []
    labelled = False
    for n, sentences in runs:
        said = " ".join(s.strip() for s in sentences)
        own = source_language != language and _language_of(said) == language
        quoted = not own and _foreign(source_language, language)
        rendered.append(
            _render(
                said,
                n,
                language,
                language if own else source_language,
                labelled=quoted and not labelled,
            )
        )
        labelled = labelled or quoted
    return " ".join(rendered)


def _render(
    sentence: str, n: int, language: str, source_language: str, *, labelled: bool = True
) -> str:
    if not _foreign(source_language, language):
        return f"{sentence} [{n}]"
    if not labelled:
        return f"„{sentence}“ [{n}]"
    names = LANGUAGE_NAMES.get(language, LANGUAGE_NAMES["en"])
    lead = QUOTED.get(language, QUOTED["en"]).format(
        lang=names.get(source_language, source_language)
    )
    return f"{lead}: „{sentence}“ [{n}]"


def _as_written(question: str, language: str, passages: list[Passage]) -> str:
    """A German question typed in lower case with its nouns capitalised as the evidence
    writes them (``casing``): the answerer reads a German question's nouns by their capital."""
    return truecased(question, (p.text for p in passages)) if language == "de" else question


def _foreign(source: str, language: str) -> bool:
    """Text in ``source`` language is in another than the question's (and not undetected)."""
    return source not in (language, "und")


@lru_cache(maxsize=1024)
def _language_of(text: str) -> str:
    """The text's language, detected once per text: the lead is asked by the answer's
    rendering, its own passage's sentences and the second hop."""
    from ingestion.language import detect

    return detect(text, default="und")
