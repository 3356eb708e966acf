"""Everything one customer owns, on the client: request log, facts, context, traits, consent, backup.

The store side (``CustomerStore`` and its records) is importable without tantivy: the index is
opened lazily on the first search or fact write.
"""

from mem.customers.consent import CATEGORIES, Consent
from mem.customers.context import ContextChange, ContextItem
from mem.customers.fact import KINDS, SENSITIVE, STATUSES, Evidence, Fact, PolicyRef, Recheck
from mem.customers.portable import export_customer, import_customer
from mem.customers.requestlog import Conversation, Turn
from mem.customers.store import CustomerStore, EvidenceItem, HistoryEntry, SearchHit, list_customers

__all__ = [
    "CATEGORIES",
    "KINDS",
    "SENSITIVE",
    "STATUSES",
    "Consent",
    "ContextChange",
    "ContextItem",
    "Conversation",
    "CustomerStore",
    "Evidence",
    "EvidenceItem",
    "Fact",
    "HistoryEntry",
    "PolicyRef",
    "Recheck",
    "SearchHit",
    "Turn",
    "export_customer",
    "import_customer",
    "list_customers",
]
