"""Conversations: turns answered and logged, then learning (extraction, evidence, sharing) when it ends.

Every turn — the customer's question and the agent's answer — goes to the customer's request log;
the agent turn's metadata records which policy and know-how pages (and versions) the answer cited,
which extraction uses to link new facts to the policy version they were made under. Learning runs
in ``end()``, after the last answer has been handed back, so it never delays a reply: one pass of
``mem.customers.learning.learn`` over the customer's store the conversation already holds open.

The agent knows no network: where service memory comes from (``service``) and how evidence and
shared decisions reach the service (``evidence``, ``sharer``) are given by the caller — the CLI
passes ``mem.client``'s bundle reader and HTTP senders.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

from mem.agent.answer import Answer
from mem.agent.answer_record import answer_meta
from mem.agent.answering import answer_question
from mem.agent.customer_memory import CustomerMemory
from mem.agent.semantic import SemanticQuotes
from mem.core import clock, local_day
from mem.core.config import AskSettings, Config
from mem.core.controls import clean_message
from mem.core.errors import Conflict, InvalidInput
from mem.core.ids import new_id, validate_name
from mem.core.inputs import decode_utf8, json_error, read_standard_input
from mem.core.json_types import JsonObject
from mem.customers.learning import DecisionSharer, EvidenceSender
from mem.customers.learning import LearningReport as Learning
from mem.customers.log_files import MAX_MESSAGE_BYTES, check_message_size, split_lines
from mem.wiki.service_memory import ServiceMemory

RETRIEVAL_MODES = ("auto", "tools", "pre")


class Conversation:
    """One conversation with one customer (a session tag groups conversations; it is not a wall)."""

    def __init__(self, *, config: Config, customer_id: str, service: ServiceMemory,
                 session: str | None = None, learn: bool = True, model: str | None = None,
                 retrieval_mode: str = "auto", customer: CustomerMemory | None = None,
                 hold_lock: bool = True, evidence: EvidenceSender | None = None,
                 sharer: DecisionSharer | None = None, since: float | None = None, dry_run: bool = False) -> None:
        """``dry_run``: answer without logging either turn and without learning (an operator's replay or
        check, ``mem ask --dry-run``): nothing of it reaches the customer's request log or facts, and a
        customer with no memory here gets none made (NEWUSER_REPORT20 #5)."""
        # every bad option fails here, before the customer's store is opened or anything is logged
        if retrieval_mode not in RETRIEVAL_MODES:
            raise InvalidInput(f"unknown retrieval mode {retrieval_mode!r} (use {', '.join(RETRIEVAL_MODES)})")
        self.config = config
        self.session = (validate_name(session, what="session tag") if session is not None  # "" is a bad tag
                        else f"s-{new_id()[-8:].lower()}")
        self.dry_run = dry_run
        self.learn = learn and not dry_run
        self.model = config.model.name if model is None else model
        if self.model:
            from mem.core.model import get_model

            get_model(self.model)  # an unknown model is a one-line error now, not after the first question
        self.retrieval_mode = retrieval_mode
        self.service = service
        self.evidence = evidence
        self.sharer = sharer
        # ``since``: when the command began (default: now); a `mem forget` after it refuses every write
        self.customer = (customer if customer is not None
                         else CustomerMemory.open(config.home, customer_id, since=since, create=not dry_run))
        # An interactive chat releases the customer's store between turns, so that mem sync (which
        # flags facts in every customer's store) and other commands never wait on a person typing.
        self.hold_lock = hold_lock
        self.history: list[tuple[str, str]] = []
        self.answers: list[Answer] = []
        self.recorded = 0  # turns a host logged itself (record_turn): they are learnt from like answers
        self.ended = False
        self._semantic: SemanticQuotes | None = None
        self._semantic_opened = False

    @property
    def semantic(self) -> SemanticQuotes | None:
        """The deterministic engine's semantic layer (docs/ask.md), opened at the first question: the
        encoder loads only when a question is answered, never for a command that answers none."""
        if not self._semantic_opened:
            self._semantic_opened = True
            if not self.model:
                self._semantic = SemanticQuotes.open(self._ask_settings(), self.service.cache_dir())
        return self._semantic

    def _ask_settings(self) -> AskSettings:
        """``[ask]`` of this process, with the threshold the verified bundle ships (CLIENT_KEYS)."""
        if self.service.status().source != "bundle":
            return self.config.ask
        shipped = self.service.settings().get("ask")
        if not shipped:
            return self.config.ask  # a bundle built before [ask] travelled
        return self.config.overlay_shipped({"ask": shipped}, origin="the verified bundle").ask

    def __enter__(self) -> Conversation:
        return self

    def __exit__(self, *exc: object) -> None:
        if not self.ended:
            self.customer.close()
            self.ended = True

    def ask(self, question: str) -> Answer:
        """Answer one customer message and log both turns.

        Both turns are logged once the answer exists: a request that fails (the model is unreachable,
        the service memory unreadable) leaves no unanswered question behind for extraction to learn from.
        """
        if self.ended:
            raise InvalidInput("this conversation has ended")
        # no escape sequence or NUL reaches the answer, the log or a terminal
        question = clean_message(question_text(question))  # and in NFC, as the log keeps it
        if not question.strip():
            raise InvalidInput("the question is empty")
        check_message_size(question, self.config.extract.max_message_bytes)  # before it is answered or logged
        asked_at = clock.now()
        # a model may take a minute: the customer's lock is held only while memory is read, never while the model
        # thinks (CustomerMemory.unlocked_reads), so other commands for this customer do not wait on it
        erased = self.customer.erase_stamp() if self.model else 0
        # "today" is the customer's day: the edition in force and the days of their case (mem.core.local_day)
        with self.customer.unlocked_reads() if self.model else contextlib.nullcontext(self.customer), \
                local_day.customer_zone(self.customer.zone()):
            answer = answer_question(question, service=self.service, customer=self.customer, model=self.model,
                                     history=self.history, retrieval_mode=self.retrieval_mode,
                                     semantic=self.semantic,
                                     max_answer_bytes=self.config.extract.max_message_bytes)  # the log's one limit
        # the lock is back from here to the log: a fact erased while the model thought may be quoted or cited by an
        # answer made from the memory read before, and is never written back or shown (review 17 #1)
        if self.model and self.customer.erase_stamp() != erased:
            if not self.hold_lock:
                self.customer.release()
            raise Conflict(f"a fact of customer {self.customer.customer_id!r} was erased (mem facts erase) while the "
                           "model answered: the answer, made from memory read before, is withheld and nothing is "
                           "logged — ask again")
        answer.session = self.session
        if not self.dry_run:
            self.customer.log_turn(session=self.session, role="customer", text=question.strip(), time=asked_at,
                                   meta={})
            # the answer's provenance (cited pages, quoted sentences, bundle or workspace commit): answer_record
            self.customer.log_turn(session=self.session, role="agent", text=answer.text, time=clock.now(),
                                   meta=answer_meta(answer, self.service))
        self.history += [("customer", question.strip()), ("agent", answer.text)]
        self.answers.append(answer)
        if not self.hold_lock:
            self.customer.release()
        return answer

    def record_turn(self, role: str, text: str) -> None:
        """Log a turn the host's own agent handled (``mem mcp``'s ``log_turn``): the customer's message or the reply.

        It joins this conversation's request log and history, so learning at ``end()`` covers it.
        """
        if self.ended:
            raise InvalidInput("this conversation has ended")
        if role not in ("customer", "agent"):
            raise InvalidInput(f"role must be 'customer' or 'agent', got {role!r}")
        text = clean_message(text)
        if not text.strip():
            raise InvalidInput("the turn's text is empty")
        check_message_size(text, self.config.extract.max_message_bytes)  # the request log's one limit
        # the host's agent turn is marked as the host's: its words may come from any model, or from a tool call
        # injected into the host — extraction lets it confirm an agreement only where the service allows it
        # ([extract] host_agent_confirms, docs/mcp.md)
        meta: JsonObject = {"logged_by": "host"} if role == "agent" else {}
        self.customer.log_turn(session=self.session, role=role, text=text.strip(), time=clock.now(), meta=meta)
        self.history.append((role, text.strip()))
        self.recorded += 1
        if not self.hold_lock:
            self.customer.release()

    def end(self) -> Learning:
        """End the conversation: learn what it taught (unless ``learn`` is off) in one pass over the
        customer's open store — extraction, then agreement evidence and (with consent) decisions to
        the service through the senders given — then close the store."""
        if self.ended:
            return Learning(skipped=["conversation already ended"])
        try:
            if self.dry_run:
                return Learning(skipped=["dry run (--dry-run): nothing was logged or learnt"])
            if not self.learn:
                return Learning(skipped=["learning off (--no-learn): the turns stay pending in the request log"])
            if not (self.answers or self.recorded):
                return Learning(skipped=["no turns"])
            from mem.customers.learning import learn

            config = self.config
            if self.service.status().source == "bundle":
                # thresholds (traits, context budget…) come from the service with the verified bundle
                config = config.overlay_shipped(self.service.settings(), origin="the verified bundle")
            # its own conversation only: a backlog an import left pending is mem extract's job, not
            # something to wait minutes for at the exit of one question (docs/ask.md)
            own = [self.customer.conversation_id] if self.customer.conversation_id else []
            return learn(self.customer.store, config=config, evidence=self.evidence, sharer=self.sharer,
                         conversations=own)
        finally:
            self.customer.close()
            self.ended = True


def question_text(question: object) -> str:
    """``question`` when it is text; ``InvalidInput`` otherwise (``None`` or ``42`` from a caller's own
    code raised AttributeError deep inside)."""
    if not isinstance(question, str):
        raise InvalidInput(f"the question must be text (str), not {type(question).__name__}")
    return question


def ask_once(config: Config, customer_id: str, question: str, *, service: ServiceMemory, session: str | None = None,
             learn: bool = True, model: str | None = None, retrieval_mode: str = "auto",
             evidence: EvidenceSender | None = None, sharer: DecisionSharer | None = None,
             on_answer: Callable[[Answer], None] | None = None, since: float | None = None,
             dry_run: bool = False) -> tuple[Answer, Learning]:
    """A one-turn conversation; ``on_answer`` gets the answer before learning starts. ``since``: when the
    command began (``Conversation``); ``dry_run``: nothing logged or learnt (``Conversation``)."""
    if not question_text(question).strip():
        raise InvalidInput("the question is empty")  # before the customer's store is opened (or created)
    check_message_size(question, config.extract.max_message_bytes)
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode, evidence=evidence, sharer=sharer,
                      since=since, dry_run=dry_run) as conversation:
        answer = conversation.ask(question)
        if on_answer is not None:
            on_answer(answer)
        return answer, conversation.end()


def read_script(path: Path, *, max_message_bytes: int = MAX_MESSAGE_BYTES) -> list[str]:
    """The customer messages of a scripted conversation (JSONL: ``{"text": …}``; other roles are skipped).

    A message over ``max_message_bytes`` refuses the script naming its line, before any is asked.
    ``-`` reads standard input. A byte-order mark (Windows tools write one) is skipped, as by ``log import``.
    """
    stdin = str(path) == "-"
    if stdin:
        path = Path("standard input")  # what the errors below name
    try:
        if stdin:
            raw = read_standard_input("the script", "cat script.jsonl | mem ask --script - …")
        else:
            raw = Path(path).read_bytes()
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from exc
    # LF, CRLF or a lone CR, as log import splits: str.splitlines() also breaks at U+2028, legal inside a JSON string
    lines = split_lines(decode_utf8(raw, path))
    messages = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"{path}: line {number}: not valid JSON ({json_error(exc)})") from exc
        if isinstance(data, str):
            data = {"text": data}
        if not isinstance(data, dict) or not isinstance(data.get("text"), str) or not data["text"].strip():
            raise InvalidInput(f"{path}: line {number}: needs a non-empty \"text\"")
        if str(data.get("role", "customer")).lower() in ("customer", "user", "human"):
            text = clean_message(data["text"])  # a half emoji escaped in the JSON becomes U+FFFD, as in log import
            try:
                check_message_size(text, max_message_bytes)
            except InvalidInput as exc:
                raise InvalidInput(f"{path}: line {number}: {exc.message}; nothing was asked") from exc
            messages.append(text)
    if not messages:
        raise InvalidInput(f"{path}: no customer messages")
    return messages


def run_script(config: Config, customer_id: str, path: Path, *, service: ServiceMemory, session: str | None = None,
               learn: bool = True, model: str | None = None, retrieval_mode: str = "auto",
               evidence: EvidenceSender | None = None, sharer: DecisionSharer | None = None,
               on_answer: Callable[[Answer], None] | None = None,
               since: float | None = None) -> tuple[list[Answer], Learning]:
    """Play a scripted multi-turn conversation; returns every answer (the transcript) and the learning."""
    messages = read_script(path, max_message_bytes=config.extract.max_message_bytes)
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode, evidence=evidence, sharer=sharer,
                      since=since) as conversation:
        for message in messages:
            answer = conversation.ask(message)
            if on_answer is not None:
                on_answer(answer)
        return conversation.answers, conversation.end()


END_COMMANDS = ("/end", "/quit", "/exit")


def run_chat(config: Config, customer_id: str, read_message: Callable[[], str | None], *,
             service: ServiceMemory, session: str | None = None, learn: bool = True, model: str | None = None,
             retrieval_mode: str = "auto", evidence: EvidenceSender | None = None,
             sharer: DecisionSharer | None = None,
             on_answer: Callable[[Answer], None] | None = None,
             on_refused: Callable[[str], None] | None = None,
             since: float | None = None) -> tuple[list[Answer], Learning]:
    """An interactive conversation: ``read_message`` returns the next message, ``None`` (EOF) or ``/end`` ends it.

    A message over ``[extract] max_message_bytes`` is refused alone (``on_refused`` gets the reason) and
    the conversation goes on: it used to end the chat, and with it the learning of every earlier turn.
    """
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode, hold_lock=False, evidence=evidence,
                      sharer=sharer, since=since) as conversation:
        conversation.customer.release()
        while True:
            message = read_message()
            if message is None or message.strip().lower() in END_COMMANDS:
                break
            # bytes that are not UTF-8 (kept by Python as lone surrogates) become U+FFFD: they ended the
            # chat in an internal error, and with it the learning of every earlier turn
            message = clean_message(message)
            if not message.strip():
                continue
            try:
                check_message_size(message, config.extract.max_message_bytes)
            except InvalidInput as exc:
                if on_refused is not None:
                    on_refused(exc.message)
                continue
            answer = conversation.ask(message)
            if on_answer is not None:
                on_answer(answer)
        return conversation.answers, conversation.end()
