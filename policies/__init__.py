"""Policy memory: document readers (pdf, md, txt, html) and ingest into versioned, cited policy pages."""

from mem.policies.grounding import effective_date, find_dates, find_numbers, ungrounded
from mem.policies.ingest import IngestResult, PageChange, ingest_documents
from mem.policies.readers import Block, Document, read_document
from mem.policies.sectioning import Topic, plan_topics, slugify

__all__ = [
    "Block",
    "Document",
    "IngestResult",
    "PageChange",
    "Topic",
    "effective_date",
    "find_dates",
    "find_numbers",
    "ingest_documents",
    "plan_topics",
    "read_document",
    "slugify",
    "ungrounded",
]
