"""Everything one customer owns, on the client: request log, facts, context, traits, consent, backup.

Importing this package loads neither tantivy nor llm: the index is opened on the first search or
fact write, the model engine only when a model is configured. ``CustomerStore`` is the store;
``extract_pending`` turns pending request logs into facts (movement 2).
"""

from mem.customers.consent import CATEGORIES, Consent
from mem.customers.context import ContextChange, ContextItem
from mem.customers.extract import ExtractionReport, extract_pending
from mem.customers.fact import KINDS, SENSITIVE, STATUSES, Evidence, Fact, PolicyRef, Recheck
from mem.customers.portable import export_customer, import_customer
from mem.customers.requestlog import Conversation, Turn
from mem.customers.store import CustomerStore, EvidenceItem, HistoryEntry, SearchHit, list_customers
from mem.customers.terms import search_query

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
    "ExtractionReport",
    "Fact",
    "HistoryEntry",
    "PolicyRef",
    "Recheck",
    "SearchHit",
    "Turn",
    "export_customer",
    "extract_pending",
    "import_customer",
    "list_customers",
    "search_query",
]
