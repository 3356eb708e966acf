"""One turn of `mem ask`: context assembly, retrieval, model adapter, cited answers, after-turn learning.

The public surface: ``ask`` (a one-turn conversation), ``Conversation`` (many turns, learning at the
end), ``answer_question`` (one answer, nothing logged), the ``ServiceMemory`` interface and its
workspace implementation, and ``run_demo`` (the reference scenario of docs/design.md, "One question, step by step").
"""

from mem.agent.answer import Answer
from mem.agent.answering import answer_question
from mem.agent.blocks import Block
from mem.agent.citations import Citation
from mem.agent.conflicts import ConflictNote
from mem.agent.conversation import Conversation, Learning, ask_once, read_script, run_chat, run_script
from mem.agent.customer_memory import CustomerMemory
from mem.agent.service_memory import PageHit, ServiceMemory, ServiceStatus, WorkspaceServiceMemory
from mem.agent.sources import open_service_memory

ask = ask_once

__all__ = [
    "Answer",
    "Block",
    "Citation",
    "ConflictNote",
    "Conversation",
    "CustomerMemory",
    "Learning",
    "PageHit",
    "ServiceMemory",
    "ServiceStatus",
    "WorkspaceServiceMemory",
    "answer_question",
    "ask",
    "ask_once",
    "open_service_memory",
    "read_script",
    "run_chat",
    "run_script",
]
