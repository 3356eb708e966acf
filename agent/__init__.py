"""One turn of `mem ask`: context assembly, retrieval, model adapter, cited answers, after-turn learning.

The public surface: ``ask`` (a one-turn conversation), ``Conversation`` (many turns, learning at the
end), ``answer_question`` (one answer, nothing logged), and the ``ServiceMemory`` interface with its
workspace implementation (defined in ``mem.wiki.service_memory``, re-exported here). The agent
imports nothing of the network: the caller passes the service memory (``mem.client`` reads the
verified bundle) and the learning senders.
"""

from mem.agent.answer import Answer
from mem.agent.answering import answer_question
from mem.agent.blocks import Block
from mem.agent.citations import Citation
from mem.agent.conflicts import ConflictNote
from mem.agent.conversation import Conversation, Learning, ask_once, read_script, run_chat, run_script
from mem.agent.customer_memory import CustomerMemory
from mem.wiki.service_memory import PageHit, ServiceMemory, ServiceStatus, WorkspaceServiceMemory

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
    "read_script",
    "run_chat",
    "run_script",
]
