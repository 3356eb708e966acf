"""Know-how memory: anonymised decision intake, candidate detection, promotion with approval (movement 4)."""

from __future__ import annotations

from mem.knowhow.anonymise import looks_personal, pseudonym, scrub, share_secret
from mem.knowhow.candidates import Candidate, Decision, detect_candidates
from mem.knowhow.promote import check_approvable, page_for, page_id_for, retire_page, write_page
from mem.knowhow.share import shared_records
from mem.knowhow.signature import polarity, split_decision, terms

__all__ = [
    "Candidate",
    "Decision",
    "check_approvable",
    "detect_candidates",
    "looks_personal",
    "page_for",
    "page_id_for",
    "polarity",
    "pseudonym",
    "retire_page",
    "scrub",
    "share_secret",
    "shared_records",
    "split_decision",
    "terms",
    "write_page",
]
