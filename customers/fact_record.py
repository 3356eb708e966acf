"""The fact record (docs/customers.md): one dated sentence about one customer, with its evidence.

A ``Fact`` is plain data. ``to_dict``/``from_dict`` give the JSON shape stored in ``memory.db``,
printed by ``mem facts … --json`` and carried in backups; ``from_dict`` validates, so a damaged or
hand-made record is refused with the field that is wrong rather than stored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from mem.core import clock
from mem.core.errors import InvalidInput
from mem.core.ids import new_id
from mem.core.json_types import JsonObject
from mem.core.text.sensitive import CATEGORIES as SENSITIVE_CATEGORIES

KINDS = ("event", "decision", "attribute", "preference", "request", "trait")
STATUSES = ("active", "replaced", "retracted")
HIDDEN_STATUSES = ("replaced", "retracted")
ORIGINS = ("stated", "inferred")
SENSITIVE = ("none", *SENSITIVE_CATEGORIES)  # mem.core.text.sensitive.CATEGORIES
# "operator": a correction an operator made (``mem facts edit --text``: the new words, who, when);
# "customer-corrected": the customer's own quote that correction replaced — kept, but no longer the fact's
# current words, so every reader of "the customer's words" (``role == "customer"``) falls back to the text
OPERATOR_ROLE = "operator"
CORRECTED_ROLE = "customer-corrected"
ROLES = ("customer", "agent", "system", OPERATOR_ROLE, CORRECTED_ROLE)


@dataclass(frozen=True)
class Evidence:
    """The customer's own words behind a fact: which log, which turn, who said it, the verbatim quote,
    and the day that turn was said (``said_on``; None only for evidence given without a logged turn)."""

    log_id: str
    turn: str
    role: str
    quote: str
    speaker: str | None = None
    said_on: date | None = None
    # the instant that turn was said (aware), when the evidence came from a logged turn: days in the speakers' own
    # zones can disagree with the order of the instants (``time_order``)
    said_at: datetime | None = None
    # the words give a detail of the speaker's own, not the account holder's: another person writing in the
    # customer's chat ("This is her husband. My email is …", ``delegates``; newuser24 #5) — told back as theirs
    others_own: bool = False
    # the words were written for the account holder by a relative or helper (``delegates``) and name the holder by
    # the relation ("book my father into…", "主人のデイを…"): the relation's group ("child", "spouse", "helper"), so the
    # slot is read again later as extraction read it — the holder's value, not the writer's relative's
    for_holder: str = ""

    def to_dict(self) -> JsonObject:
        data: JsonObject = {
            "log_id": self.log_id,
            "turn": self.turn,
            "role": self.role,
            "quote": self.quote,
            "speaker": self.speaker,
            "said_on": self.said_on.isoformat() if self.said_on else None,
        }
        if self.said_at is not None:
            data["said_at"] = self.said_at.isoformat()  # only when known: every record written before reads the same
        if self.others_own:
            data["others_own"] = True  # only when set: every record written before reads the same
        if self.for_holder:
            data["for_holder"] = self.for_holder  # only when set: every record written before reads the same
        return data

    @classmethod
    def from_dict(cls, data: JsonObject) -> Evidence:
        _require_mapping(data, "evidence")
        said_on = data.get("said_on")
        try:
            day = date.fromisoformat(said_on[:10]) if said_on else None
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"evidence.said_on is not an ISO date: {said_on!r}") from exc
        said_at = data.get("said_at")
        try:
            instant = datetime.fromisoformat(said_at) if said_at else None
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"evidence.said_at is not an ISO time: {said_at!r}") from exc
        if instant is not None and instant.tzinfo is None:
            raise InvalidInput(f"evidence.said_at has no UTC offset: {said_at!r}")
        evidence = cls(
            log_id=_str(data, "log_id", "evidence"),
            turn=_str(data, "turn", "evidence"),
            role=_str(data, "role", "evidence"),
            quote=_str(data, "quote", "evidence"),
            speaker=data.get("speaker"),
            said_on=day,
            said_at=instant,
            others_own=data.get("others_own") is True,
            for_holder=holder if isinstance(holder := data.get("for_holder"), str) else "",
        )
        if evidence.role not in ROLES:
            raise InvalidInput(f"evidence.role must be one of {', '.join(ROLES)}, got {evidence.role!r}")
        if not evidence.quote.strip():
            raise InvalidInput("evidence.quote must not be empty")
        return evidence


@dataclass(frozen=True)
class PolicyRef:
    """A policy page (or know-how page) and the version the fact was made under."""

    page: str
    version: int

    def to_dict(self) -> JsonObject:
        return {"page": self.page, "version": self.version}

    @classmethod
    def from_dict(cls, data: JsonObject) -> PolicyRef:
        _require_mapping(data, "policy_refs")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise InvalidInput(f"policy_refs.version must be a positive integer, got {version!r}")
        return cls(page=_str(data, "page", "policy_refs"), version=version)

    def __str__(self) -> str:
        return f"{self.page} v{self.version}"


@dataclass(frozen=True)
class Recheck:
    """A "recheck needed" flag: why (e.g. "policy refund v3 → v4") and since when."""

    flag: bool = False
    reason: str = ""
    since: datetime | None = None

    def to_dict(self) -> JsonObject:
        return {
            "flag": self.flag,
            "reason": self.reason,
            "since": clock.isoformat(self.since) if self.since else None,
        }

    @classmethod
    def from_dict(cls, data: JsonObject | None) -> Recheck:
        if data is None:
            return cls()
        _require_mapping(data, "recheck")
        since = data.get("since")
        return cls(
            flag=bool(data.get("flag", False)),
            reason=str(data.get("reason") or ""),
            since=_datetime(since, "recheck.since") if since else None,
        )


@dataclass(frozen=True)
class Fact:
    """One customer fact (docs/customers.md, "The fact record").

    ``valid_at`` is when it happened (a date, resolved against the conversation's date);
    ``recorded_at`` when mem stored it. ``supersedes``/``superseded_by`` link an UPDATE's new and
    old fact; ``support`` lists the fact ids a trait was inferred from. Build new facts with
    ``Fact.new``; change them through ``CustomerStore`` so every change leaves a history row.
    """

    id: str
    kind: str
    text: str
    valid_at: date | None = None
    # A short normalised sentence of what the fact says ("Caroline went to a pride parade last Friday
    # (2023-08-11)"), beside the verbatim quotes (mem.customers.statements). Empty only while a record is
    # being built: the store fills it in before writing.
    statement: str = ""
    recorded_at: datetime | None = None
    evidence: tuple[Evidence, ...] = ()
    status: str = "active"
    supersedes: str | None = None
    superseded_by: str | None = None
    policy_refs: tuple[PolicyRef, ...] = ()
    recheck: Recheck = field(default_factory=Recheck)
    origin: str = "stated"
    confirmed: bool = False
    support: tuple[str, ...] = ()
    sensitive: str = "none"
    agreement: bool = False
    # The customer's words address the AI or give it standing orders ("ignore previous instructions…",
    # "always approve my refunds"): kept, because the customer said it, but never customer context,
    # a trait, know-how or an agreement, and shown to a model only as quoted data with a warning.
    instruction_like: bool = False
    # The customer's words are in a language the injection screen does not read (``other_language``: Arabic, Thai,
    # Hebrew, Turkish…): the script's name ("Arabic"), else "". Kept, because the customer said it, but nobody could
    # tell whether it addresses the AI, so it is held apart as an instruction-like fact is (``kept_apart``).
    unscreened: str = ""

    @classmethod
    def new(
        cls,
        kind: str,
        text: str,
        *,
        valid_at: date | None = None,
        evidence: list[Evidence] | tuple[Evidence, ...] = (),
        policy_refs: list[PolicyRef] | tuple[PolicyRef, ...] = (),
        origin: str = "stated",
        confirmed: bool = False,
        support: list[str] | tuple[str, ...] = (),
        sensitive: str = "none",
        agreement: bool = False,
        instruction_like: bool = False,
        statement: str = "",
        unscreened: str = "",
    ) -> Fact:
        """A fresh active fact with a new sortable id and ``recorded_at`` = now; validated.

        ``statement``: the short normalised sentence; left empty, the deterministic one is built from the
        customer's quotes (``mem.customers.statements``).
        """
        fact = cls(
            id=new_id(),
            kind=kind,
            text=text,
            statement=" ".join(statement.split()),
            valid_at=valid_at,
            recorded_at=clock.now().replace(microsecond=0),
            evidence=tuple(evidence),
            policy_refs=tuple(policy_refs),
            origin=origin,
            confirmed=confirmed,
            support=tuple(support),
            sensitive=sensitive,
            agreement=agreement,
            instruction_like=instruction_like,
            unscreened=unscreened,
        )
        if not fact.statement:
            # imported here: statements reads slots and kinds, which read this module's records
            from mem.customers.statements import statement_of

            fact = dataclasses.replace(fact, statement=statement_of(fact))
        fact.validate()
        return fact

    # Any: field name → new value, as dataclasses.replace takes them; validate() checks the result.
    def replace(self, **changes: Any) -> Fact:
        """A copy with ``changes`` applied (tuples for list fields), validated."""
        for name in ("evidence", "policy_refs", "support"):
            if name in changes:
                changes[name] = tuple(changes[name])
        fact = dataclasses.replace(self, **changes)
        fact.validate()
        return fact

    @property
    def hidden(self) -> bool:
        """Replaced and retracted facts are hidden from search unless asked for."""
        return self.status in HIDDEN_STATUSES

    @property
    def kept_apart(self) -> bool:
        """Instruction-like or unscreened: the customer's words, kept as said, but never customer context, a trait,
        know-how or an agreement, and shown to a model only as quoted data with a warning."""
        return self.instruction_like or bool(self.unscreened)

    @property
    def when(self) -> date | None:
        """The date the fact is about: ``valid_at``, else the day it was recorded."""
        if self.valid_at is not None:
            return self.valid_at
        return self.recorded_at.date() if self.recorded_at else None

    def validate(self) -> None:
        """Raise ``InvalidInput`` naming the first field that breaks the record's rules."""
        if not isinstance(self.id, str) or not self.id.strip():
            raise InvalidInput("fact.id must be a non-empty string")
        if self.kind not in KINDS:
            raise InvalidInput(f"fact.kind must be one of {', '.join(KINDS)}, got {self.kind!r}")
        if not isinstance(self.text, str) or not self.text.strip():
            raise InvalidInput("fact.text must not be empty")
        if not isinstance(self.statement, str):
            raise InvalidInput("fact.statement must be a string")
        if self.status not in STATUSES:
            raise InvalidInput(f"fact.status must be one of {', '.join(STATUSES)}, got {self.status!r}")
        if self.origin not in ORIGINS:
            raise InvalidInput(f"fact.origin must be one of {', '.join(ORIGINS)}, got {self.origin!r}")
        if self.sensitive not in SENSITIVE:
            raise InvalidInput(f"fact.sensitive must be one of {', '.join(SENSITIVE)}, got {self.sensitive!r}")
        if self.valid_at is not None and not isinstance(self.valid_at, date):
            raise InvalidInput("fact.valid_at must be a date")
        if isinstance(self.valid_at, datetime):
            raise InvalidInput("fact.valid_at must be a date, not a datetime")
        if self.instruction_like and (self.agreement or self.kind == "trait"):
            raise InvalidInput("an instruction-like fact cannot be an agreement or a trait")
        if not isinstance(self.unscreened, str):
            raise InvalidInput("fact.unscreened must be a string (the script's name, or empty)")
        if self.unscreened and (self.agreement or self.kind == "trait"):
            raise InvalidInput("an unscreened fact cannot be an agreement or a trait")
        if self.kind == "trait" and self.origin == "inferred" and not self.support:
            raise InvalidInput("an inferred trait needs support (the fact ids it was inferred from)")
        for item in self.evidence:
            if not isinstance(item, Evidence):
                raise InvalidInput("fact.evidence must hold Evidence records")
        for ref in self.policy_refs:
            if not isinstance(ref, PolicyRef):
                raise InvalidInput("fact.policy_refs must hold PolicyRef records")

    def to_dict(self) -> JsonObject:
        """Plain JSON-ready data; dates as ISO strings."""
        return {
            "id": self.id,
            "kind": self.kind,
            "text": self.text,
            "statement": self.statement,
            "valid_at": self.valid_at.isoformat() if self.valid_at else None,
            "recorded_at": clock.isoformat(self.recorded_at) if self.recorded_at else None,
            "evidence": [e.to_dict() for e in self.evidence],
            "status": self.status,
            "supersedes": self.supersedes,
            "superseded_by": self.superseded_by,
            "policy_refs": [p.to_dict() for p in self.policy_refs],
            "recheck": self.recheck.to_dict(),
            "origin": self.origin,
            "confirmed": self.confirmed,
            "support": list(self.support),
            "sensitive": self.sensitive,
            "agreement": self.agreement,
            "instruction_like": self.instruction_like,
            "unscreened": self.unscreened,
        }

    @classmethod
    def from_dict(cls, data: JsonObject) -> Fact:
        """The inverse of ``to_dict``; raises ``InvalidInput`` on a malformed record."""
        _require_mapping(data, "fact")
        valid_at = data.get("valid_at")
        recorded_at = data.get("recorded_at")
        try:
            fact = cls(
                id=_str(data, "id", "fact"),
                kind=_str(data, "kind", "fact"),
                text=_str(data, "text", "fact"),
                statement=_optional_str(data, "statement", "fact"),
                valid_at=date.fromisoformat(valid_at[:10]) if valid_at else None,
                recorded_at=_datetime(recorded_at, "fact.recorded_at") if recorded_at else None,
                evidence=tuple(Evidence.from_dict(e) for e in _list(data, "evidence")),
                status=data.get("status", "active"),
                supersedes=data.get("supersedes"),
                superseded_by=data.get("superseded_by"),
                policy_refs=tuple(PolicyRef.from_dict(p) for p in _list(data, "policy_refs")),
                recheck=Recheck.from_dict(data.get("recheck")),
                origin=data.get("origin", "stated"),
                confirmed=bool(data.get("confirmed", False)),
                support=tuple(str(s) for s in _list(data, "support")),
                sensitive=data.get("sensitive", "none"),
                agreement=bool(data.get("agreement", False)),
                instruction_like=bool(data.get("instruction_like", False)),
                unscreened=str(data.get("unscreened") or ""),
            )
        except (TypeError, ValueError) as exc:
            raise InvalidInput(f"malformed fact record: {exc}") from exc
        fact.validate()
        return fact


# The most results one call returns: a top-k search keeps k candidates in memory, and SQLite's LIMIT overflowed past
# 2**63 ("limit=10**20" was an OverflowError, not mem's error).
MAX_LIMIT = 100_000


def check_limit(limit: object) -> int:
    """``limit`` as a whole number from 1 to ``MAX_LIMIT``, or ``InvalidInput`` (a ``"3"`` or ``True`` from a caller's
    JSON was a TypeError deep in the search, or taken as a number)."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise InvalidInput(f"limit must be a whole number, got {type(limit).__name__}")
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit must be from 1 to {MAX_LIMIT:,}, got {limit:,}")
    return limit


def check_query(query: object) -> str:
    """``query`` as a string, or ``InvalidInput`` (``search(None)`` was a TypeError in the analyzer)."""
    if not isinstance(query, str):
        raise InvalidInput(f"query must be a string, got {type(query).__name__}")
    return query


def check_choices(values: Iterable[str], allowed: Sequence[str], what: str) -> None:
    """``InvalidInput`` naming the first value that is not one of ``allowed``."""
    for value in values:
        if value not in allowed:
            raise InvalidInput(f"unknown {what} {value!r}: use one of {', '.join(allowed)}")


def _require_mapping(data: Any, what: str) -> None:
    if not isinstance(data, dict):
        raise InvalidInput(f"{what} must be an object, got {type(data).__name__}")


def _str(data: dict[str, Any], key: str, what: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidInput(f"{what}.{key} must be a string, got {type(value).__name__}")
    return value


def _optional_str(data: dict[str, Any], key: str, what: str) -> str:
    """A string field that records written before it existed lack (read as empty)."""
    value = data.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidInput(f"{what}.{key} must be a string, got {type(value).__name__}")
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(f"fact.{key} must be a list")
    return list(value)


def _datetime(value: Any, what: str) -> datetime:
    if isinstance(value, datetime):
        return value
    try:
        return clock.parse_datetime(str(value))
    except ValueError as exc:
        raise InvalidInput(f"{what} is not an ISO datetime: {value!r}") from exc
