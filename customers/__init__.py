"""Everything one customer owns, on the client: request log, facts, context, traits, consent, backup.

Importing this package loads neither tantivy nor llm: the index is opened on the first search or
fact write, the model engine only when a model is configured. ``CustomerStore`` is the store, one
part per memory (``store.log``: ``RequestLog``, ``store.facts``: ``Facts``, ``store.context``:
``CustomerContext``, ``store.consent``: ``ConsentBook``, ``store.outbox``: ``EvidenceOutbox``);
``extract_pending`` turns pending request logs into facts (movement 2).

The names below are resolved on first use (PEP 562 ``__getattr__``): importing ``mem.customers.store``
runs this file first, and an answer with ``--no-learn`` should not pay for compiling the extraction
modules' patterns (dozens of regular expressions) it never uses.
"""

from __future__ import annotations

import warnings
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mem.customers.consent import CATEGORIES, Consent, ConsentBook
    from mem.customers.customer_context import ContextChange, ContextItem, CustomerContext
    from mem.customers.extract import ExtractionReport, extract_pending
    from mem.customers.fact_record import KINDS, SENSITIVE, STATUSES, Evidence, Fact, PolicyRef, Recheck
    from mem.customers.facts import Facts
    from mem.customers.forget import delete_customer, forget_turns
    from mem.customers.log_files import LoggedConversation, Turn

    Conversation = LoggedConversation
    from mem.customers.outbox import EvidenceOutbox
    from mem.customers.portable import export_customer, import_customer
    from mem.customers.promotion import Confirmation, confirm_fact
    from mem.customers.readable import readable_export
    from mem.customers.request_log import RequestLog
    from mem.customers.store import CustomerStore, EvidenceItem, HistoryEntry, SearchHit, list_customers

# public name -> the module of this package that defines it
_HOME = {
    "CATEGORIES": "consent", "Consent": "consent", "ConsentBook": "consent",
    "ContextChange": "customer_context", "ContextItem": "customer_context", "CustomerContext": "customer_context",
    "Facts": "facts", "EvidenceOutbox": "outbox", "RequestLog": "request_log",
    "ExtractionReport": "extract", "extract_pending": "extract",
    "KINDS": "fact_record", "SENSITIVE": "fact_record", "STATUSES": "fact_record", "Evidence": "fact_record",
    "Fact": "fact_record", "PolicyRef": "fact_record", "Recheck": "fact_record",
    "export_customer": "portable", "import_customer": "portable", "readable_export": "readable",
    "forget_turns": "forget", "delete_customer": "forget",
    "Confirmation": "promotion", "confirm_fact": "promotion",
    "LoggedConversation": "log_files", "Turn": "log_files",
    "CustomerStore": "store", "EvidenceItem": "store", "HistoryEntry": "store", "SearchHit": "store",
    "list_customers": "store",
}

__all__ = [
    "CATEGORIES",
    "KINDS",
    "SENSITIVE",
    "STATUSES",
    "Confirmation",
    "Consent",
    "ConsentBook",
    "ContextChange",
    "ContextItem",
    "CustomerContext",
    "CustomerStore",
    "Evidence",
    "EvidenceItem",
    "EvidenceOutbox",
    "ExtractionReport",
    "Fact",
    "Facts",
    "HistoryEntry",
    "LoggedConversation",
    "PolicyRef",
    "Recheck",
    "RequestLog",
    "SearchHit",
    "Turn",
    "confirm_fact",
    "delete_customer",
    "export_customer",
    "extract_pending",
    "forget_turns",
    "import_customer",
    "list_customers",
    "readable_export",
]


# Any: a lazily imported export, whichever of the names in _EXPORTS (typed where it is defined).
def __getattr__(name: str) -> Any:
    if name == "Conversation":
        # the request log's conversation was exported under the chat session's name (mem.agent.Conversation)
        # until the thirty-second round; the old name still works and says which to use
        warnings.warn("mem.customers.Conversation is now mem.customers.LoggedConversation (a conversation of "
                      "the request log); mem.agent.Conversation is the chat session", DeprecationWarning,
                      stacklevel=2)
        return __getattr__("LoggedConversation")
    home = _HOME.get(name)
    if home is None:
        # also how ``from mem.customers import store`` falls through to importing the submodule
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # resolved once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
