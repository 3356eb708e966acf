"""The model answer: an ``llm`` model answers from the assembled context and must cite (``mem ask --model``).

Two ways to give it the memory: as **tools** (``search_facts``, ``lookup_policy``,
``search_knowhow``: the model retrieves what it needs, every result comes back as marked reference
data) or **pre-retrieved** (the deterministic retrieval plan runs first and the blocks go in the
prompt). Either way the answer's citations are checked afterwards against what was really retrieved.
"""

from __future__ import annotations

from typing import Any

from mem.agent.compose import conflict_line
from mem.agent.conflicts import ConflictNote
from mem.agent.language import phrase
from mem.agent.prompt import AssembledContext, render_prompt, render_reference
from mem.agent.retrieval import Retrieval
from mem.core.errors import ModelError


def model_answer(name: str, context: AssembledContext, retrieval: Retrieval, question: str, *,
                 history: list[tuple[str, str]], mode: str = "auto") -> str:
    """The model's answer text (citations unchecked); retrieval records every block it saw."""
    from mem.core.model import complete, get_model

    model = get_model(name)
    if mode not in ("auto", "tools", "pre"):
        raise ModelError(f"unknown retrieval mode {mode!r} (auto, tools or pre)")
    use_tools = mode == "tools" or (mode == "auto" and getattr(model, "supports_tools", False))
    system = context.instructions()
    if not use_tools:
        earlier = [text for role, text in history if role == "customer"]
        retrieval.gather(question, history=earlier)
        prompt = render_prompt(question, retrieval.blocks, context.marker, history=history)
        return complete(name, prompt, system=system).text()
    prompt = render_prompt(question, [], context.marker, history=history) + (
        "\n\nUse the tools search_facts, lookup_policy and search_knowhow to find the grounds of your answer.")
    return _run_chain(model, name, prompt, system, tools(retrieval, context.marker))


# Any: llm.Tool objects, and llm ships no type information.
def tools(retrieval: Retrieval, marker: str) -> list[Any]:
    """The three retrieval tools as ``llm`` tools; each returns marked reference data."""
    import llm

    def search_facts(query: str) -> str:
        """Search this customer's own past facts (events, decisions, agreements) by keywords."""
        return render_reference(retrieval.search_facts(query), marker) or "(no facts found)"

    def lookup_policy(id_or_query: str) -> str:
        """Look up a policy page by its id, or the best policy pages for keywords."""
        return render_reference(retrieval.lookup_policy(id_or_query), marker) or "(no policy found)"

    def search_knowhow(query: str) -> str:
        """Search know-how pages: the service's procedures for conditional cases."""
        return render_reference(retrieval.search_knowhow(query), marker) or "(no know-how found)"

    return [llm.Tool.function(fn, name=fn.__name__) for fn in (search_facts, lookup_policy, search_knowhow)]


def _run_chain(model: Any, name: str, prompt: str, system: str, tool_list: list[Any]) -> str:
    import llm

    from mem.core.model import tools_on_caller, within_timeout

    def run(on_caller: Any) -> str:
        # the tools read the customer's store on this thread; the chain runs in the timeout's worker
        chain = model.chain(prompt, system=system, tools=tools_on_caller(tool_list, on_caller))
        last = None
        for response in chain.responses():
            response.text()
            last = response
        return last.text() if last is not None else ""

    try:
        return str(within_timeout(name, run))  # [model] timeout: the whole chain, tool calls included
    except ModelError:
        raise
    except llm.errors.NeedsKeyException as exc:
        raise ModelError(f"model {name!r} needs an API key: {exc}") from exc
    except Exception as exc:  # noqa: BLE001 - any plugin's failure becomes one clear line
        raise ModelError(f"model {name!r} failed: {type(exc).__name__}: {exc}") from exc


def ensure_conflicts_stated(text: str, conflicts: list[ConflictNote], language: str) -> tuple[str, bool]:
    """Append the conflict note when the model's answer does not cite both sides of a conflict."""
    missing = [note for note in conflicts
               if f"[{note.fact.number}]" not in text or f"[{note.policy.number}]" not in text]
    if not missing:
        return text, False
    lines = [conflict_line(note, language) for note in missing]
    return text.rstrip() + "\n\n" + phrase(language, "conflict") + ":\n" + "\n".join(lines), True
