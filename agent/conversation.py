"""Conversations: turns answered and logged, then learning (extraction, sharing) when the conversation ends.

Every turn — the customer's question and the agent's answer — goes to the customer's request log;
the agent turn's metadata records which policy and know-how pages (and versions) the answer cited,
which extraction uses to link new facts to the policy version they were made under. Learning runs
in ``end()``, after the last answer has been handed back, so it never delays a reply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mem.agent.answer import Answer
from mem.agent.answering import answer_question
from mem.agent.customer_memory import CustomerMemory
from mem.agent.service_memory import ServiceMemory
from mem.core import clock
from mem.core.config import Config
from mem.core.errors import InvalidInput, MemError
from mem.core.ids import new_id, validate_name

RETRIEVAL_MODES = ("auto", "tools", "pre")


@dataclass
class Learning:
    """What ending a conversation did: extraction's report, sharing, and what was skipped and why."""

    extracted: dict[str, Any] | None = None
    shared: dict[str, Any] | None = None
    evidence: dict[str, Any] | None = None
    skipped: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"extracted": self.extracted, "shared": self.shared, "evidence": self.evidence,
                "skipped": self.skipped, "errors": self.errors}


class Conversation:
    """One conversation with one customer (a session tag groups conversations; it is not a wall)."""

    def __init__(self, *, config: Config, customer_id: str, service: ServiceMemory | None = None,
                 session: str | None = None, learn: bool = True, model: str | None = None,
                 retrieval_mode: str = "auto", customer: CustomerMemory | None = None,
                 hold_lock: bool = True) -> None:
        from mem.agent.sources import open_service_memory

        # every bad option fails here, before the customer's store is opened or anything is logged
        if retrieval_mode not in RETRIEVAL_MODES:
            raise InvalidInput(f"unknown retrieval mode {retrieval_mode!r} (use {', '.join(RETRIEVAL_MODES)})")
        self.config = config
        self.session = validate_name(session, what="session tag") if session else f"s-{new_id()[-8:].lower()}"
        self.learn = learn
        self.model = config.model.name if model is None else model
        if self.model:
            from mem.core.model import get_model

            get_model(self.model)  # an unknown model is a one-line error now, not after the first question
        self.retrieval_mode = retrieval_mode
        self.service = service if service is not None else open_service_memory(config)
        self.customer = customer if customer is not None else CustomerMemory.open(config.home, customer_id)
        # An interactive chat releases the customer's store between turns, so that mem sync (which
        # flags facts in every customer's store) and other commands never wait on a person typing.
        self.hold_lock = hold_lock
        self.history: list[tuple[str, str]] = []
        self.answers: list[Answer] = []
        self.recorded = 0  # turns a host logged itself (record_turn): they are learnt from like answers
        self.ended = False

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
        if not question.strip():
            raise InvalidInput("the question is empty")
        asked_at = clock.now()
        answer = answer_question(question, service=self.service, customer=self.customer, model=self.model,
                                 history=self.history, retrieval_mode=self.retrieval_mode)
        answer.session = self.session
        self.customer.log_turn(session=self.session, role="customer", text=question.strip(), time=asked_at, meta={})
        self.customer.log_turn(
            session=self.session, role="agent", text=answer.text, time=clock.now(),
            meta={"policy_refs": answer.policy_refs, "knowhow_refs": answer.knowhow_refs, "engine": answer.engine},
        )
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
        if not text.strip():
            raise InvalidInput("the turn's text is empty")
        self.customer.log_turn(session=self.session, role=role, text=text.strip(), time=clock.now(), meta={})
        self.history.append((role, text.strip()))
        self.recorded += 1
        if not self.hold_lock:
            self.customer.release()

    def end(self) -> Learning:
        """End the conversation: extract what it taught (unless ``learn`` is off), then send the evidence of
        new agreements to the service's evidence store and share decisions if the customer consented."""
        if self.ended:
            return Learning(skipped=["conversation already ended"])
        learning = Learning()
        learn = self.learn and bool(self.answers or self.recorded)
        try:
            if not self.learn:
                learning.skipped.append("learning off (--no-learn): the turns stay pending in the request log")
            elif not (self.answers or self.recorded):
                learning.skipped.append("no turns")
            else:
                self._extract(learning)
        finally:
            # the store's lock is released before sharing, which opens the store itself
            self.customer.close()
            self.ended = True
        if learn:
            self._push_evidence(learning)
            self._share(learning)
        return learning

    def _extract(self, learning: Learning) -> None:
        from mem.customers.extract import extract_pending

        config = self.config
        if self.service.status().source == "bundle":
            # thresholds (traits, context budget…) come from the service with the verified bundle
            config = config.overlay(self.service.settings(), origin="the verified bundle")
        report = extract_pending(self.customer.store, config=config)
        learning.extracted = report.to_dict() if hasattr(report, "to_dict") else dict(vars(report))

    def _push_evidence(self, learning: Learning) -> None:
        """Agreements the service is party to leave their evidence sentences with it (docs/design.md, step 8).

        Saving queued them in the customer's outbox; they are sent now, best effort. Offline or not
        logged in, they stay queued for the next ``mem sync`` or ``mem evidence push``.
        """
        from mem.server.evidence import push_evidence
        from mem.server.login import load_login

        try:
            if load_login(self.config.home) is None:
                # before any `mem login` there is no server to send to: trying the default URL only
                # printed a connection error after every answer; say it once, when something waits
                if self._queued_evidence():
                    learning.skipped.append("not logged in; agreement evidence stays queued (mem login, then mem sync)")
                return
            learning.evidence = push_evidence(self.config.home, config=self.config,
                                              customer_id=self.customer.customer_id)
        except MemError as exc:
            learning.errors.append(f"agreement evidence stays queued: {exc.message}")

    def _queued_evidence(self) -> int:
        from mem.customers.store import CustomerStore

        with CustomerStore.open(self.config.home, self.customer.customer_id, create=False) as store:
            return len(store.outbox.pending())

    def _share(self, learning: Learning) -> None:
        """Movement 4, client side: anonymised decision facts go to the service only with consent."""
        from mem.server.share import share_if_consented

        try:
            shared = share_if_consented(self.config.home, self.customer.customer_id, config=self.config)
        except MemError as exc:
            # best effort after the answer: not logged in or offline is normal; the next run shares again
            learning.errors.append(f"sharing skipped: {exc.message}")
            return
        if shared is None:
            learning.skipped.append("sharing: the customer has not consented (mem consent --share on)")
        else:
            learning.shared = shared


def _plain(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def ask_once(config: Config, customer_id: str, question: str, *, session: str | None = None, learn: bool = True,
             model: str | None = None, service: ServiceMemory | None = None, retrieval_mode: str = "auto",
             on_answer: Callable[[Answer], None] | None = None) -> tuple[Answer, Learning]:
    """A one-turn conversation; ``on_answer`` gets the answer before learning starts."""
    if not question.strip():
        raise InvalidInput("the question is empty")  # before the customer's store is opened (or created)
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode) as conversation:
        answer = conversation.ask(question)
        if on_answer is not None:
            on_answer(answer)
        return answer, conversation.end()


def read_script(path: Path) -> list[str]:
    """The customer messages of a scripted conversation (JSONL: ``{"text": …}``; other roles are skipped)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InvalidInput(f"cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"{path}: not UTF-8 text") from exc
    messages = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInput(f"{path}: line {number}: not valid JSON ({exc.msg})") from exc
        if isinstance(data, str):
            data = {"text": data}
        if not isinstance(data, dict) or not isinstance(data.get("text"), str) or not data["text"].strip():
            raise InvalidInput(f"{path}: line {number}: needs a non-empty \"text\"")
        if str(data.get("role", "customer")).lower() in ("customer", "user", "human"):
            messages.append(data["text"])
    if not messages:
        raise InvalidInput(f"{path}: no customer messages")
    return messages


def run_script(config: Config, customer_id: str, path: Path, *, session: str | None = None, learn: bool = True,
               model: str | None = None, service: ServiceMemory | None = None, retrieval_mode: str = "auto",
               on_answer: Callable[[Answer], None] | None = None) -> tuple[list[Answer], Learning]:
    """Play a scripted multi-turn conversation; returns every answer (the transcript) and the learning."""
    messages = read_script(path)
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode) as conversation:
        for message in messages:
            answer = conversation.ask(message)
            if on_answer is not None:
                on_answer(answer)
        return conversation.answers, conversation.end()


END_COMMANDS = ("/end", "/quit", "/exit")


def run_chat(config: Config, customer_id: str, read_message: Callable[[], str | None], *,
             session: str | None = None, learn: bool = True, model: str | None = None,
             service: ServiceMemory | None = None, retrieval_mode: str = "auto",
             on_answer: Callable[[Answer], None] | None = None) -> tuple[list[Answer], Learning]:
    """An interactive conversation: ``read_message`` returns the next message, ``None`` (EOF) or ``/end`` ends it."""
    with Conversation(config=config, customer_id=customer_id, service=service, session=session, learn=learn,
                      model=model, retrieval_mode=retrieval_mode, hold_lock=False) as conversation:
        conversation.customer.release()
        while True:
            message = read_message()
            if message is None or message.strip().lower() in END_COMMANDS:
                break
            if not message.strip():
                continue
            answer = conversation.ask(message)
            if on_answer is not None:
                on_answer(answer)
        return conversation.answers, conversation.end()
