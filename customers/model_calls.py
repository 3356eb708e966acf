"""Model calls of an extraction made while the customer's lock is free, their answers used under it.

A model may take a minute (or hang until ``[model] timeout``); holding the customer's lock meanwhile made every other
command for that customer — ``mem facts list``, a deterministic ``mem ask`` — fail after 15 s (newuser17 #9). So a
chunk is extracted as before, in one transaction under the lock, but the first time it needs a model answer the chunk
stops (``NeedsModel``; the transaction writes nothing), the lock is freed, the model is asked, the lock is taken back
and the chunk is planned and run again from the start, this time finding that answer (``UnlockedModelCalls``, keyed by
the exact prompt). A judgement's prompt shows the similar facts read under the lock: when another process changed
them meanwhile, the prompt differs, the stored answer is not used, and the model is asked again — so what is written
always comes from an answer to the memory as it is when it is written. After ``MAX_UNLOCKED_CALLS`` calls for one
chunk (a memory that keeps changing) the chunk's model calls are made under the lock, as before, so it ends.
"""

from __future__ import annotations

from typing import Any

from mem.core import model as core_model
from mem.core.errors import ModelError
from mem.core.json_types import JsonObject

#: Model calls one chunk may make with the lock free before the next ones are made holding it.
MAX_UNLOCKED_CALLS = 4


class NeedsModel(Exception):  # noqa: N818 - a signal to the extraction loop, not an error anyone sees
    """The chunk needs this model answer: stop, free the lock, ask, and run the chunk again."""

    def __init__(self, name: str, prompt: str, system: str | None, schema: JsonObject | None) -> None:
        super().__init__(name)
        self.name, self.prompt, self.system, self.schema = name, prompt, system, schema


class UnlockedModelCalls:
    """The ``complete_json`` the model engine calls during an extraction (``extraction_model``'s ``complete``)."""

    def __init__(self, *, timeout: float | None = None) -> None:
        self.timeout = timeout
        self.held = False  # True: calls go straight to the model (under the lock)
        self.calls = 0  # unlocked calls made for the current chunk
        # Any: the model's parsed JSON, unchecked (extraction_model validates it), or the ModelError it gave
        self._answers: dict[tuple[str, str | None, str], Any] = {}

    # Any: parsed JSON as ``core.model.complete_json`` returns it.
    def __call__(self, name: str, prompt: str, *, system: str | None = None,
                 schema: JsonObject | None = None) -> Any:
        key = (name, system, prompt)
        if key in self._answers:
            answer = self._answers[key]
            if isinstance(answer, ModelError):
                raise answer
            return answer
        if self.held:
            return core_model.complete_json(name, prompt, system=system, schema=schema, timeout=self.timeout)
        raise NeedsModel(name, prompt, system, schema)

    def fetch(self, need: NeedsModel) -> None:
        """Ask the model (the caller has freed the lock); its answer, or its failure, is kept for the rerun."""
        self.calls += 1
        if self.calls >= MAX_UNLOCKED_CALLS:
            self.held = True
        key = (need.name, need.system, need.prompt)
        try:
            self._answers[key] = core_model.complete_json(need.name, need.prompt, system=need.system,
                                                          schema=need.schema, timeout=self.timeout)
        except ModelError as exc:
            self._answers[key] = exc

    def chunk_done(self) -> None:
        """The chunk was written (or rejected): its answers are spent."""
        self._answers.clear()
        self.calls = 0
        self.held = False
